//! What a script's answers say: its report, winning moves and values of positions.

use super::*;
use std::fmt::Write as _;

/// A move of the start position that wins.
#[derive(Clone, Debug, Serialize)]
pub struct WinningMove {
    /// The position it leads to, as the script's value.
    pub to: serde_json::Value,
    /// For partizan games, who moves.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player: Option<&'static str>,
    /// For a move that keeps a draw, the generalized Sprague–Grundy value of the position it
    /// leads to (impartial games), e.g. `∞(1)`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub grundy: Option<Gsg>,
}

/// One reachable position, for `--all`.
#[derive(Clone, Debug, Serialize)]
pub struct PositionValue {
    /// The position, as the script's value.
    pub position: serde_json::Value,
    /// Who is to move, for partizan games.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to_move: Option<&'static str>,
    /// N, P, D or T.
    pub outcome: Outcome,
    /// Remoteness, where defined.
    pub remoteness: Option<u32>,
    /// The (generalized) Sprague–Grundy value, for impartial normal-play games.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub grundy: Option<Gsg>,
}

/// Every reachable position with its value, for `--all`: each is made a [`PositionValue`] as
/// it is listed or serialized, so a long list is never held whole as JSON.
#[derive(Clone, Debug)]
pub struct AllPositions {
    positions: Store,
    outcome: Vec<Outcome>,
    remoteness: Vec<Option<u32>>,
    /// The (generalized) Sprague–Grundy value of each, for impartial normal-play games.
    grundy: Option<Vec<Gsg>>,
    /// The positions in the order they are listed (see [`AllPositions::iter`]).
    order: Vec<u32>,
}

impl AllPositions {
    pub(crate) fn new(
        positions: Store,
        outcome: Vec<Outcome>,
        remoteness: Vec<Option<u32>>,
        grundy: Option<Vec<Gsg>>,
    ) -> Self {
        let mut order: Vec<u32> = (0..positions.len() as u32).collect();
        order.sort_by(|&u, &v| positions.order(u as usize, v as usize));
        AllPositions {
            positions,
            outcome,
            remoteness,
            grundy,
            order,
        }
    }

    /// How many positions.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.positions.len() == 0
    }

    /// The positions in increasing order, so that a position is found where one looks for
    /// it: numbers by size, lists and text element by element (`[0, 2]` before `[1, 0]`),
    /// and of one position Left to move before Right.
    pub fn iter(&self) -> impl Iterator<Item = PositionValue> + '_ {
        self.order.iter().map(|&u| {
            let u = u as usize;
            PositionValue {
                position: self.positions.json(u),
                to_move: self.positions.sides[u].map(player),
                outcome: self.outcome[u],
                remoteness: self.remoteness[u],
                grundy: self.grundy.as_ref().map(|g| g[u].clone()),
            }
        })
    }
}

impl Serialize for AllPositions {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

/// A position as an error message shows it: as JSON, cut to 60 characters.
pub(crate) fn shown(p: &Dynamic) -> String {
    let text = position_json(p).to_string();
    match text.char_indices().nth(60) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text,
    }
}

/// A position as JSON, as the script wrote it (a value JSON cannot hold becomes null).
pub(crate) fn position_json(p: &Dynamic) -> serde_json::Value {
    serde_json::to_value(p).unwrap_or_default()
}

/// Who moves, for partizan games (`true`: Left).
pub(crate) fn player(left: bool) -> &'static str {
    if left {
        "Left"
    } else {
        "Right"
    }
}

/// The answer for the start position; its JSON form is the `grundy script --json` contract.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// N, P, D or T (impartial); L, R, N, P, D or T (partizan).
    pub outcome: Outcome,
    /// Remoteness of the start position, where defined.
    pub remoteness: Option<u32>,
    /// The (generalized) Sprague–Grundy value, for impartial normal-play games.
    pub grundy: Option<Gsg>,
    /// Every winning move from the start.
    pub winning_moves: Vec<WinningMove>,
    /// From a start that is drawn (D) or tied (T), the moves that keep that result: to
    /// positions drawn (or tied) too; every other move loses. Absent otherwise.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub drawing_moves: Vec<WinningMove>,
    /// How many positions were explored.
    pub positions: usize,
    /// Every reachable position, with `--all`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub all: Option<AllPositions>,
}
impl Report {
    /// The report in words, the script named `file` (what `grundy script FILE` prints).
    pub fn text(&self, file: &str) -> String {
        let r = self;
        let what = match r.outcome {
            Outcome::N => "the player to move wins",
            Outcome::P => "the player to move loses",
            Outcome::D => "a draw: with best play the game never ends",
            Outcome::T => "a tie with best play",
            Outcome::L => "Left wins whoever starts",
            Outcome::R => "Right wins whoever starts",
        };
        let mut s = format!("{file}: {} — {what}", r.outcome);
        if let Some(rem) = r.remoteness {
            let _ = write!(s, " (remoteness {rem})");
        }
        s.push('\n');
        if let Some(g) = &r.grundy {
            let _ = writeln!(s, "Grundy value: {g}");
        }
        let _ = writeln!(s, "Positions explored: {}", r.positions);
        if !r.winning_moves.is_empty() {
            let _ = writeln!(s, "Winning moves:");
            for m in &r.winning_moves {
                let who = m.player.map_or(String::new(), |p| format!("{p}: "));
                let _ = writeln!(s, "  {who}→ {}", m.to);
            }
        }
        if !r.drawing_moves.is_empty() {
            let kept = if r.outcome == Outcome::T {
                "tie"
            } else {
                "draw"
            };
            let _ = writeln!(s, "Moves that keep the {kept} (every other move loses):");
            for m in &r.drawing_moves {
                let who = m.player.map_or(String::new(), |p| format!("{p}: "));
                let g = m
                    .grundy
                    .as_ref()
                    .map_or(String::new(), |g| format!("  grundy {g}"));
                let _ = writeln!(s, "  {who}→ {}{g}", m.to);
            }
        }
        s
    }
}
