//! # grundy
//!
//! Who wins a two-player game with perfect play, and how: exact outcomes, Sprague–Grundy
//! values and every winning move, from proven closed forms where they exist and from
//! generic solvers everywhere else.
//!
//! ```
//! use grundy::catalog::DynGame;
//! use grundy::games::nim::Nim;
//!
//! let answer = Nim { misere: false }.solve(&["3", "4", "5"], 100).unwrap();
//! assert_eq!(answer.outcome, grundy::Outcome::N);
//! assert_eq!(answer.grundy, Some(2u32.into()));
//! assert_eq!(answer.winning_moves[0].description, "take 2 from heap 1");
//! ```
#![warn(missing_docs)]

pub mod analysis;
pub mod catalog;
mod error;
pub mod games;
pub mod graph;
pub mod heap;
pub mod nat;
mod outcome;
pub mod registry;
pub mod solver;
#[cfg(test)]
mod testkit;

pub use analysis::{Analysis, Move, Token, Verdict};
pub use catalog::{DynGame, GameInfo, Ruleset};
pub use error::GameError;
pub use nat::Nat;
pub use outcome::Outcome;
