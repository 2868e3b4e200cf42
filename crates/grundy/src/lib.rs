//! # grundy
//!
//! Who wins a two-player game with perfect play, and how: exact outcomes, Sprague–Grundy
//! values and every winning move, from proven closed forms where they exist and from
//! generic solvers everywhere else.
//!
//! ## What is where
//!
//! | you want to… | look at |
//! | --- | --- |
//! | solve a position of a classic game | [`games`] (one module per family, typed positions) and [`Ruleset::verdict`] |
//! | name a game and its options in words, as the command line does | [`registry`]: [`registry::Registry::parse`], then [`query::Query::solve`] |
//! | answer positions one per line, or check answers expected for them | [`batch::Batch`] |
//! | add a game of your own | [`solver::Game`] (its moves) with [`by_search`] (answered by search), or [`Ruleset`] (with a closed form), and a [`registry::Entry`] |
//! | check a game against brute force | [`testkit`] (feature `testkit`, on by default) |
//! | Grundy values of any impartial game given by its moves | [`solver::Brute`] |
//! | the nim-sequence of a heap game (octal, hexadecimal, subtraction codes), its period proved | [`heap::sequence::Job`] |
//! | a game given as a graph of moves, loops and draws included | [`graph`] |
//! | values of partizan games: canonical forms, sums, comparison, CGSuite's notation | [`cgt::Universe`] |
//! | the answer's vocabulary | [`Outcome`], [`Analysis`] (the JSON contract of `grundy solve`), [`Nat`] |
//!
//! Runnable examples: `examples/solve_catalog.rs`, `examples/custom_game.rs`,
//! `examples/nim_sequence.rs`, `examples/move_graph.rs` (`cargo run -p grundy --example NAME`).
//!
//! ```
//! use grundy::rules::Ruleset;
//! use grundy::games::nim::Nim;
//! use grundy::Nat;
//!
//! let heaps: Vec<Nat> = [3u32, 4, 5].map(Nat::from).to_vec();
//! let verdict = Nim { misere: false }.verdict(&heaps).unwrap();
//! assert_eq!(verdict.outcome, grundy::Outcome::N);
//! assert_eq!(verdict.grundy, Some(Nat::from(2u32)));
//! let first = verdict.winning.into_iter().next().unwrap();
//! assert_eq!(first.description, "take 2 from heap 1");
//! assert_eq!(first.to, [1u32, 4, 5].map(Nat::from).to_vec());
//! ```
#![warn(missing_docs)]

pub mod analysis;
pub mod batch;
pub mod budget;
pub mod by_search;
pub mod catalog;
pub mod cgt;
mod error;
pub mod explored;
pub mod files;
pub mod games;
pub mod graph;
pub mod heap;
pub mod misere;
pub mod misere_form;
pub mod moves;
pub mod nat;
pub mod notation;
mod outcome;
pub mod query;
pub mod quotient;
pub mod registry;
pub mod rules;
pub mod search;
pub mod solver;
pub mod sum;
pub mod table;
#[cfg(any(test, feature = "testkit"))]
pub mod testkit;

pub use analysis::{Analysis, GameName, GameOption, Move, Token, Verdict};
pub use error::GameError;
pub use nat::Nat;
pub use outcome::{NotAnOutcome, Outcome};
pub use rules::{DynGame, GameInfo, Position, Ruleset};
