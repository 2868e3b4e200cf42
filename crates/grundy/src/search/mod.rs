//! Search: who wins a position too large to value or to enumerate whole.
//!
//! The valuers elsewhere in the library settle every position below the one asked about.
//! A search settles only what the question needs:
//!
//! - [`nimber`]: the nimber of one impartial position, split into components (their nimbers
//!   XORed), each component asked only whether its nimber lies in the set its parent still
//!   cares about, so that most of a component's options are never settled (Beling and
//!   Rogalski's pruning); what is settled is kept in a [`table::Table`] under a normal form
//!   shared by the position's symmetric images.
//!
//! - [`outcome`]: who wins a partizan board, each player first: negamax over two booleans
//!   with one table for both players to move, moves tried best first, and a game's own bound
//!   deciding a position early; on several threads, the moves along the first line are shared
//!   out once the first is searched ([`outcome::Search::wins_parallel`]).
//!
//! A game takes part by saying how a component moves and splits ([`nimber::Splitting`]), or
//! how a board moves and what bounds it ([`outcome::Partizan`]); the searches know no game.

pub mod nimber;
pub mod outcome;
pub mod saved;
pub mod table;

pub use crate::analysis::Searched;
