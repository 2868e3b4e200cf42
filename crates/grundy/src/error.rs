//! The one error type of the library: each variant carries what is wrong as fields (which
//! argument, what text, what range), and reads as one line. The command line prints the line;
//! the web server sends [`GameError::to_json`].

use serde_json::{json, Value};
use thiserror::Error;

/// Why a game or a position was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GameError {
    /// An argument is not a whole number (`heap 'x7'`).
    #[error("{what} '{text}' is not a whole number ≥ {least}")]
    NotANumber {
        /// What the argument is, e.g. `heap` or `--max`.
        what: String,
        /// The text given.
        text: String,
        /// The smallest number allowed.
        least: u8,
    },
    /// An argument is a negative number.
    #[error("{what} '{text}' is negative: it must be a whole number ≥ {least}")]
    Negative {
        /// What the argument is.
        what: String,
        /// The text given.
        text: String,
        /// The smallest number allowed.
        least: u8,
    },
    /// A number is larger than the argument allows.
    #[error("{what} '{text}' is too large (at most {max})")]
    TooBig {
        /// What the argument is.
        what: String,
        /// The text given.
        text: String,
        /// The largest number allowed.
        max: u64,
    },
    /// A set of numbers (`--set 1,3,4`) is empty.
    #[error("{what} is empty: give positive numbers such as 1,3,4")]
    EmptySet {
        /// What the set is.
        what: String,
    },
    /// A set of numbers holds 0.
    #[error(
        "{what} '{text}' contains 0: every element must be ≥ 1 (taking nothing is not a move)"
    )]
    ZeroInSet {
        /// What the set is.
        what: String,
        /// The text given.
        text: String,
    },
    /// No game has this name.
    #[error("unknown game '{name}' (see grundy list)")]
    UnknownGame {
        /// The name given.
        name: String,
    },
    /// A game's parameter that must be given was not.
    #[error("{game} needs {param}")]
    MissingParam {
        /// The game.
        game: String,
        /// The parameter, as written (`--set S1,S2,…`, or `CODE`).
        param: String,
    },
    /// A game has no such option.
    #[error("{game} has no option --{option}")]
    UnknownOption {
        /// The game.
        game: String,
        /// The option given.
        option: String,
    },
    /// A position was given with the wrong number of words (`wythoff 3`).
    #[error("{game} takes {expected}, got {got} argument{}", if *got == 1 { "" } else { "s" })]
    WrongCount {
        /// The game.
        game: String,
        /// What it takes, in words (`two heap sizes A B`).
        expected: String,
        /// How many words were given.
        got: usize,
    },
    /// The game's options or the position are malformed in a way particular to the game
    /// (a user error); the message says what and why.
    #[error("{0}")]
    Invalid(String),
    /// The input is well formed but beyond what grundy can answer exactly within memory.
    #[error("{0}")]
    TooLarge(String),
    /// The work ran past the time budget it was given (see [`crate::budget`]).
    #[error("this needs more than the {limit_ms} ms of computing allowed; the work stopped there")]
    OverBudget {
        /// The budget, in milliseconds.
        limit_ms: u64,
    },
    /// The work was asked to stop (see [`crate::budget::stoppable`]): Ctrl-C in Python.
    #[error("interrupted: the work stopped there")]
    Interrupted,
}

impl GameError {
    /// A short name of the kind of error, for programs: `not_a_number`, `too_large`, …
    pub fn kind(&self) -> &'static str {
        match self {
            GameError::NotANumber { .. } => "not_a_number",
            GameError::Negative { .. } => "negative",
            GameError::TooBig { .. } => "too_big",
            GameError::EmptySet { .. } => "empty_set",
            GameError::ZeroInSet { .. } => "zero_in_set",
            GameError::UnknownGame { .. } => "unknown_game",
            GameError::MissingParam { .. } => "missing_param",
            GameError::UnknownOption { .. } => "unknown_option",
            GameError::WrongCount { .. } => "wrong_count",
            GameError::Invalid(_) => "invalid",
            GameError::TooLarge(_) => "too_large",
            GameError::OverBudget { .. } => "over_budget",
            GameError::Interrupted => "interrupted",
        }
    }

    /// The JSON the web server answers with: `{"error": the line, "kind": …}` and the fields.
    ///
    /// ```
    /// let e = grundy::nat::parse_nat("x7", "heap").unwrap_err();
    /// assert_eq!(
    ///     e.to_json(),
    ///     serde_json::json!({"error": "heap 'x7' is not a whole number ≥ 0",
    ///                        "kind": "not_a_number", "what": "heap", "text": "x7", "least": 0})
    /// );
    /// ```
    ///
    /// A position with the wrong number of words says which game, what it takes and how many
    /// were given:
    ///
    /// ```
    /// use grundy::registry::Registry;
    /// let e = Registry::catalog().parse("wythoff 3").unwrap().solve(10).unwrap_err();
    /// assert_eq!(e.kind(), "wrong_count");
    /// assert_eq!(e.to_json()["got"], 1);
    /// assert_eq!(e.to_string(), "wythoff takes two heap sizes A B, got 1 argument");
    /// ```
    pub fn to_json(&self) -> Value {
        let mut v = json!({ "error": self.to_string(), "kind": self.kind() });
        let fields = match self {
            GameError::NotANumber { what, text, least }
            | GameError::Negative { what, text, least } => {
                json!({ "what": what, "text": text, "least": least })
            }
            GameError::TooBig { what, text, max } => {
                json!({ "what": what, "text": text, "max": max })
            }
            GameError::EmptySet { what } => json!({ "what": what }),
            GameError::ZeroInSet { what, text } => json!({ "what": what, "text": text }),
            GameError::UnknownGame { name } => json!({ "name": name }),
            GameError::MissingParam { game, param } => json!({ "game": game, "param": param }),
            GameError::UnknownOption { game, option } => {
                json!({ "game": game, "option": option })
            }
            GameError::OverBudget { limit_ms } => json!({ "limit_ms": limit_ms }),
            GameError::WrongCount {
                game,
                expected,
                got,
            } => json!({ "game": game, "expected": expected, "got": got }),
            GameError::Invalid(_) | GameError::TooLarge(_) | GameError::Interrupted => json!({}),
        };
        if let (Some(v), Value::Object(f)) = (v.as_object_mut(), fields) {
            v.extend(f);
        }
        v
    }
}

/// Shorthand for an [`GameError::Invalid`] built with `format!`.
#[macro_export]
#[doc(hidden)]
macro_rules! invalid {
    ($($arg:tt)*) => { $crate::GameError::Invalid(format!($($arg)*)) };
}

/// Shorthand for a [`GameError::TooLarge`] built with `format!`.
#[macro_export]
#[doc(hidden)]
macro_rules! too_large {
    ($($arg:tt)*) => { $crate::GameError::TooLarge(format!($($arg)*)) };
}
