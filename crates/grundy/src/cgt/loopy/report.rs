//! What `grundy cgt` says of a loopy game: its outcome, stops, sides and the kind of number
//! it is, and how two loopy games compare.

use super::*;

/// What `grundy cgt` says of a loopy game (`--json`: these fields).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct LoopyReport {
    /// A stopper's simplest form, as CGSuite writes it; any other value as its sides
    /// `S & T` in simple form (`dud` for `on & off`), or, when too large to simplify, the
    /// game as it was given (its positions that no move reaches left out).
    pub canonical: String,
    /// Whether the value is a stopper's (no play alternates for ever in its simplest form:
    /// its onside and offside are equal).
    pub stopper: bool,
    /// Who wins when Left starts and when Right starts, infinite play a draw (CGSuite's
    /// names: L, R, P, N, D, NHat, PCheck, PHat, NCheck).
    pub outcome: LoopyOutcome,
    /// The onside in simple form (a stopper's is itself): infinite play is Left's; null
    /// when the game was too large to simplify.
    pub onside: Option<String>,
    /// The offside, as the onside.
    pub offside: Option<String>,
    /// A stopper's Left stop, a pseudonumber (`3/2under`, `over`, `on`, `-1/4`): where play
    /// settles when Left starts and both play well (Siegel, CGT VI.2); null otherwise.
    pub left_stop: Option<String>,
    /// A stopper's Right stop.
    pub right_stop: Option<String>,
    /// Defined for short games only: always null here.
    pub mean: Option<String>,
    /// Defined for short games only: always null here.
    pub temperature: Option<String>,
    /// Defined for short games only: always null here.
    pub atomic_weight: Option<String>,
}

impl Graph {
    /// The report of the game `v`.
    pub fn report(&mut self, u: &mut Universe, v: usize) -> Result<LoopyReport, GameError> {
        self.report_value(u, Value::Loopy(v))
    }

    /// The report of a value read from this graph: a game, or a sided value `S & T`.
    pub fn report_value(&mut self, u: &mut Universe, v: Value) -> Result<LoopyReport, GameError> {
        let (on, off) = v.sides(u, self)?;
        let mut report = LoopyReport {
            canonical: String::new(),
            stopper: true,
            outcome: LoopyOutcome::P,
            onside: None,
            offside: None,
            left_stop: None,
            right_stop: None,
            mean: None,
            temperature: None,
            atomic_weight: None,
        };
        if on == off && self.is_stopper(on) {
            let (simple, root) = self.stopper_form(on)?;
            report.canonical = simple.show(u, root);
            report.outcome = self.outcome(on);
            report.onside = Some(report.canonical.clone());
            report.offside = Some(report.canonical.clone());
            let short = simple.short_games(u, root);
            let mut memo = HashMap::default();
            let mut stop = |left| {
                simple
                    .stop(u, &short, root, left, &mut memo)
                    .map(|p| p.to_string())
            };
            report.left_stop = stop(true);
            report.right_stop = stop(false);
            u.check()?;
            return Ok(report);
        }
        report.outcome = if on == off {
            self.outcome(on)
        } else {
            self.sided_outcome(u, on, off)?
        };
        let sides = self
            .side_form(on, true)
            .and_then(|s| Ok((s, self.side_form(off, false)?)));
        let ((s, sr), (t, tr)) = match sides {
            Ok(sides) => sides,
            // Too large to simplify: the game as given.
            Err(GameError::TooLarge(_)) if on == off => {
                report.canonical = self.show(u, on);
                report.stopper = false;
                u.check()?;
                return Ok(report);
            }
            Err(e) => return Err(e),
        };
        let (onside, offside) = (s.show(u, sr), t.show(u, tr));
        u.check()?;
        report.stopper = s.is_stopper(sr) && t.is_stopper(tr) && onside == offside;
        report.canonical = if report.stopper {
            onside.clone()
        } else if onside == "on" && offside == "off" {
            "dud".to_string()
        } else {
            format!("{onside} & {offside}")
        };
        report.onside = Some(onside);
        report.offside = Some(offside);
        Ok(report)
    }

    /// Left's (`left`) or Right's stop of the stopper `v` (in simplest form): a pseudonumber
    /// stops at itself, a short game at its stop, anything else at the best of its options'
    /// other stops. Play from a stopper alternates only finitely, so this ends. `None` when a
    /// player has no move from a position that is not a pseudonumber.
    pub(super) fn stop(
        &self,
        u: &Universe,
        short: &HashMap<usize, Id>,
        v: usize,
        left: bool,
        memo: &mut HashMap<(usize, bool), Option<Pseudonumber>>,
    ) -> Option<Pseudonumber> {
        if let Some(p) = memo.get(&(v, left)) {
            return p.clone();
        }
        let p = match short.get(&v) {
            Some(&g) => {
                let stop = if left {
                    u.left_stop(g)
                } else {
                    u.right_stop(g)
                };
                Some(Pseudonumber::Number(stop, 0))
            }
            None => self.pseudonumber(u, short, v),
        };
        let p = p.or_else(|| {
            let options = if left { &self.left[v] } else { &self.right[v] };
            let stops: Option<Vec<Pseudonumber>> = options
                .iter()
                .map(|&o| crate::cgt::deep(|| self.stop(u, short, o, !left, memo)))
                .collect();
            let stops = stops?;
            if left {
                stops.into_iter().max()
            } else {
                stops.into_iter().min()
            }
        });
        memo.insert((v, left), p.clone());
        p
    }

    /// The pseudonumber `x` is by its own shape, if any: on = {pass | }, off = { | pass},
    /// n over = {n | pass}, n under = {pass | n} for a number n (`short`: the short games of
    /// loop-free positions).
    pub(super) fn pseudonumber(
        &self,
        u: &Universe,
        short: &HashMap<usize, Id>,
        x: usize,
    ) -> Option<Pseudonumber> {
        let number = |y: usize| short.get(&y).and_then(|&g| u.as_number(g)).cloned();
        match (&self.left[x][..], &self.right[x][..]) {
            ([a], []) if *a == x => Some(Pseudonumber::On),
            ([], [a]) if *a == x => Some(Pseudonumber::Off),
            ([a], [b]) if *b == x && *a != x => number(*a).map(|n| Pseudonumber::Number(n, 1)),
            ([a], [b]) if *a == x && *b != x => number(*b).map(|n| Pseudonumber::Number(n, -1)),
            _ => None,
        }
    }

    /// The outcome of `on & off` from its sides, each compared with 0 (Siegel, CGT VI.3).
    pub(super) fn sided_outcome(
        &mut self,
        u: &mut Universe,
        on: usize,
        off: usize,
    ) -> Result<LoopyOutcome, GameError> {
        let zero = self.embed(u, u.zero())?;
        // Who wins each side when Left starts, and when Right starts.
        let class = |x: usize, onside: bool| -> Result<(Play, Play), GameError> {
            let (ge, le) = (
                self.le_side(zero, x, onside)?,
                self.le_side(x, zero, onside)?,
            );
            let left_first = if le { Play::RightWins } else { Play::LeftWins };
            let right_first = if ge { Play::LeftWins } else { Play::RightWins };
            Ok((left_first, right_first))
        };
        let (on_left, on_right) = class(on, true)?;
        let (off_left, off_right) = class(off, false)?;
        // Left wins when she wins even in the offside; Right when he wins even in the
        // onside; otherwise play goes on for ever.
        let play = |onside: Play, offside: Play| match (onside, offside) {
            (_, Play::LeftWins) => Play::LeftWins,
            (Play::RightWins, _) => Play::RightWins,
            _ => Play::Draw,
        };
        Ok(LoopyOutcome::of(
            play(on_left, off_left),
            play(on_right, off_right),
        ))
    }

    /// The vertex of the simplified onside (or offside) of `v`, added to this graph.
    pub fn side_vertex(&mut self, v: usize, onside: bool) -> Result<usize, GameError> {
        let (side, root) = self.side_form(v, onside)?;
        self.absorb(side, root)
    }
}

/// How two values read stand in the order of games (`None`: confused): short games by
/// their canonical forms, other games by their onsides and offsides (Siegel, CGT VI).
pub fn order_values(
    u: &mut Universe,
    graph: &mut Graph,
    g: Value,
    h: Value,
) -> Result<Option<std::cmp::Ordering>, GameError> {
    if let (Value::Short(a), Value::Short(b)) = (g, h) {
        return Ok(u.compare(a, b));
    }
    let (g, h) = (g.sides(u, graph)?, h.sides(u, graph)?);
    let le = |graph: &Graph, g: (usize, usize), h: (usize, usize)| -> Result<bool, GameError> {
        if g.0 == g.1 && h.0 == h.1 {
            return graph.le(g.0, h.0);
        }
        Ok(graph.le_side(g.0, h.0, true)? && graph.le_side(g.1, h.1, false)?)
    };
    let (le, ge) = (le(graph, g, h)?, le(graph, h, g)?);
    Ok(match (le, ge) {
        (true, true) => Some(std::cmp::Ordering::Equal),
        (true, false) => Some(std::cmp::Ordering::Less),
        (false, true) => Some(std::cmp::Ordering::Greater),
        (false, false) => None,
    })
}

/// A stop of a stopper: a number, a number just above or below it (x over, x under), on or
/// off, in their order.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Pseudonumber {
    Off,
    /// x with −1 (x under), 0 (x) or 1 (x over).
    Number(crate::cgt::Dyadic, i8),
    On,
}

impl std::fmt::Display for Pseudonumber {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Pseudonumber::Off => write!(f, "off"),
            Pseudonumber::On => write!(f, "on"),
            Pseudonumber::Number(x, 0) => write!(f, "{x}"),
            Pseudonumber::Number(x, tag) => {
                let zero = *x == crate::cgt::Dyadic::ZERO;
                let word = if *tag > 0 { "over" } else { "under" };
                if zero {
                    write!(f, "{word}")
                } else {
                    write!(f, "{x}{word}")
                }
            }
        }
    }
}
