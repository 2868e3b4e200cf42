//! The one error type of the library: every message names what is wrong, on one line.

use thiserror::Error;

/// Why a game or a position was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GameError {
    /// The game's options or the position are malformed (a user error).
    #[error("{0}")]
    Invalid(String),
    /// The input is well formed but beyond what grundy can answer exactly within memory.
    #[error("{0}")]
    TooLarge(String),
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
