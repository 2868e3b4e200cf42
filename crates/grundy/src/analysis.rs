//! What grundy answers about a position: outcome, Grundy value, winning moves, explanation.

use crate::{Nat, Outcome};
use serde::{Serialize, Serializer};
use std::fmt;

/// One positional argument of a game's notation: a number of any size, or a word such as `5x4`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Token {
    /// A natural number, written in JSON as an integer of any size.
    Int(Nat),
    /// Anything else, written in JSON as a string.
    Text(String),
}

impl Token {
    /// A list of number tokens.
    pub fn ints<'a>(ns: impl IntoIterator<Item = &'a Nat>) -> Vec<Token> {
        ns.into_iter().map(|n| Token::Int(n.clone())).collect()
    }
}

impl From<u64> for Token {
    fn from(n: u64) -> Self {
        Token::Int(n.into())
    }
}

impl fmt::Display for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            // A number that fits a word is written as one: num-bigint's general conversion
            // was a quarter of the time of a `--batch` line.
            Token::Int(n) => match u64::try_from(n) {
                Ok(v) => write!(f, "{v}"),
                Err(_) => write!(f, "{n}"),
            },
            Token::Text(s) => f.write_str(s),
        }
    }
}

/// Serializes a natural number as a JSON integer of any size (exact, never a float).
pub fn serialize_nat<S: Serializer>(n: &Nat, s: S) -> Result<S::Ok, S::Error> {
    if let Ok(v) = u64::try_from(n) {
        return s.serialize_u64(v);
    }
    let number: serde_json::Number = n
        .to_string()
        .parse()
        .expect("decimal digits are a JSON number");
    number.serialize(s)
}

fn serialize_opt_nat<S: Serializer>(n: &Option<Nat>, s: S) -> Result<S::Ok, S::Error> {
    match n {
        Some(n) => serialize_nat(n, s),
        None => s.serialize_none(),
    }
}

impl Serialize for Token {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Token::Int(n) => serialize_nat(n, s),
            Token::Text(t) => s.serialize_str(t),
        }
    }
}

/// The two players of a partizan game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Player {
    /// Left (by convention, the player who wins L-positions).
    Left,
    /// Right.
    Right,
}

/// A move found by a game: where it leads and how a person would say it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move<P> {
    /// The position after the move.
    pub to: P,
    /// The move in words, e.g. `take 2 from heap 1`.
    pub description: String,
    /// For partizan games, who makes the move.
    pub player: Option<Player>,
}

impl<P> Move<P> {
    /// An impartial move.
    pub fn new(to: P, description: impl Into<String>) -> Self {
        Move {
            to,
            description: description.into(),
            player: None,
        }
    }
}

/// A lazily enumerated list of winning moves (there may be astronomically many).
pub type MoveIter<'a, P> = Box<dyn Iterator<Item = Move<P>> + 'a>;

/// What a game knows about one of its positions.
pub struct Verdict<'a, P> {
    /// Who wins.
    pub outcome: Outcome,
    /// The Sprague–Grundy value, where it applies and is known.
    pub grundy: Option<Nat>,
    /// Every winning move, each resulting position once — or, when `partial`, some of them.
    pub winning: MoveIter<'a, P>,
    /// Whether `winning` may leave out winning moves (too many to search; the explanation
    /// says which are listed). Answers then report their list as truncated.
    pub partial: bool,
    /// Why: the theorem applied to this position.
    pub explanation: String,
}

/// A winning move as reported to users (`to` in the game's notation).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WinningMove {
    /// The resulting position, written as the command's positional arguments.
    pub to: Vec<Token>,
    /// The move in words.
    #[serde(rename = "move")]
    pub description: String,
    /// Who moves, for partizan games.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player: Option<Player>,
}

/// The full answer for one position; its JSON form is the `grundy solve --json` contract.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Analysis {
    /// The game, as named on the command line (with its options).
    pub game: String,
    /// The position, written as the command's positional arguments.
    pub position: Vec<Token>,
    /// Who wins with perfect play.
    pub outcome: Outcome,
    /// The exact Sprague–Grundy value; `null` where it does not apply (misère, partizan)
    /// or is not known for a position this large.
    #[serde(serialize_with = "serialize_opt_nat")]
    pub grundy: Option<Nat>,
    /// Every winning move, up to the requested maximum.
    pub winning_moves: Vec<WinningMove>,
    /// Whether `winning_moves` was cut at the maximum.
    pub winning_moves_truncated: bool,
    /// Whether only some kinds of winning moves were searched for, so that more may exist
    /// whatever the maximum (a heap too large to search every move of; the explanation says
    /// which moves are listed).
    pub winning_moves_partial: bool,
    /// The theorem that decides the position, applied to it.
    pub explanation: String,
}
