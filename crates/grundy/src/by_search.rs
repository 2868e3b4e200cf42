//! Games known only by their moves, answered by exhaustive search: implement
//! [`Game`] (the moves) and [`Notation`] (how a position is written), wrap
//! the game in [`BySearch`], and it is a [`Ruleset`] like any game of the catalog — `solve`,
//! `table`, `play` and the playground all work, with every winning move.
//!
//! ```
//! use grundy::by_search::{BySearch, Notation};
//! use grundy::rules::{DynGame, GameInfo};
//! use grundy::solver::Game;
//! use grundy::{GameError, Outcome, Token};
//!
//! /// One heap; a move takes a perfect square (1, 4, 9, …) of tokens.
//! struct TakeASquare;
//!
//! impl Game for TakeASquare {
//!     type Position = u64;
//!     fn moves(&self, &n: &u64) -> Vec<u64> {
//!         (1..).map(|k| k * k).take_while(|&s| s <= n).map(|s| n - s).collect()
//!     }
//! }
//!
//! static INFO: GameInfo = GameInfo {
//!     name: "take-a-square",
//!     title: "Take-a-square",
//!     summary: "one heap; take a perfect square",
//!     usage: "take-a-square N",
//!     example: "take-a-square 10",
//!     rules: "One heap; a move takes a perfect square number of tokens.",
//!     theory: "No closed form is known; positions are searched.",
//!     source: "Winning Ways, chapter 4 (subtraction games); OEIS A030193 lists its P-positions.",
//! };
//!
//! impl Notation for TakeASquare {
//!     fn info(&self) -> &'static GameInfo {
//!         &INFO
//!     }
//!     fn parse(&self, args: &[&str]) -> Result<u64, GameError> {
//!         match args {
//!             [n] => grundy::nat::parse_u64(n, "heap"),
//!             _ => Err(GameError::Invalid("take-a-square takes one heap".into())),
//!         }
//!     }
//!     fn tokens(&self, &n: &u64) -> Vec<Token> {
//!         vec![n.into()]
//!     }
//! }
//!
//! let game = BySearch::new(TakeASquare);
//! let a = game.solve(&game.position(&["10"]).unwrap(), 10).unwrap();
//! assert_eq!(a.outcome, Outcome::P); // 10 is a P-position (A030193: 0, 2, 5, 7, 10, …)
//! let a = game.solve(&game.position(&["11"]).unwrap(), 10).unwrap();
//! assert_eq!(a.winning_moves[0].to, vec![Token::from(10)]);
//! ```

use crate::analysis::{Move, Token, Verdict};
use crate::rules::{GameInfo, Ruleset, TableShape};
use crate::solver::{Brute, Convention, Game, Stop};
use crate::{GameError, Nat, Outcome};

/// How a game's positions are written and described, for a game answered by search.
pub trait Notation: Game {
    /// Names, rules and sources.
    fn info(&self) -> &'static GameInfo;
    /// Reads a position from its words.
    fn parse(&self, args: &[&str]) -> Result<Self::Position, GameError>;
    /// Writes a position as words.
    fn tokens(&self, position: &Self::Position) -> Vec<Token>;
    /// The layout of `grundy table`, if the game has one.
    fn table_shape(&self) -> Option<TableShape> {
        None
    }
    /// The position at table coordinates, or `None` where they name no position.
    fn table_position(&self, _coords: &[u64]) -> Option<Self::Position> {
        None
    }
}

/// A game answered by exhaustive search (memoised mex), storing at most `limit` positions a
/// question.
pub struct BySearch<G> {
    /// The game.
    pub game: G,
    /// The most positions one answer may store before it is refused as too large.
    pub limit: usize,
}

impl<G> BySearch<G> {
    /// `game`, searched with a limit of 10⁶ positions an answer.
    pub fn new(game: G) -> Self {
        BySearch {
            game,
            limit: 1_000_000,
        }
    }
}

impl<G: Notation> Ruleset for BySearch<G> {
    type Pos = G::Position;

    fn info(&self) -> &'static GameInfo {
        self.game.info()
    }

    fn parse(&self, args: &[&str]) -> Result<G::Position, GameError> {
        self.game.parse(args)
    }

    fn tokens(&self, position: &G::Position) -> Vec<Token> {
        self.game.tokens(position)
    }

    fn verdict(&self, position: &G::Position) -> Result<Verdict<'_, G::Position>, GameError> {
        let mut brute = Brute::with_limit(&self.game, self.limit);
        let misere = self.game.convention() == Convention::Misere;
        let grundy = if misere {
            None
        } else {
            Some(brute.try_grundy(position).map_err(|stop| match stop {
                Stop::Limit => GameError::TooLarge(format!(
                    "{}: more than {} positions to search below this one",
                    self.name(),
                    self.limit
                )),
                Stop::Cycle => GameError::Invalid(format!(
                    "{}: the game has a cycle, so it has no Grundy values (try grundy graph)",
                    self.name()
                )),
                Stop::Rules(why) => GameError::Invalid(format!("{}: {why}", self.name())),
            })?)
        };
        let wins = brute.wins(position);
        let winning: Vec<Move<G::Position>> = brute
            .winning_moves(position)
            .into_iter()
            .map(|to| {
                let words: Vec<String> = self.tokens(&to).iter().map(|t| t.to_string()).collect();
                Move::new(to, format!("move to {}", words.join(" ")))
            })
            .collect();
        let explanation = format!(
            "Exhaustive search ({} positions valued){}: a position is lost for the player to \
             move exactly when every move leads to a position won for the opponent{}.",
            brute.stored().max(1),
            if misere {
                " (misère play: a player who cannot move wins)"
            } else {
                ""
            },
            if misere {
                ""
            } else {
                "; its Grundy value is the mex of its options' values"
            }
        );
        Ok(Verdict {
            search: None,
            outcome: Outcome::from_win(wins),
            grundy: grundy.map(Nat::from),
            winning: Box::new(winning.into_iter()),
            partial: false,
            explanation,
        })
    }

    fn table_shape(&self) -> Option<TableShape> {
        self.game.table_shape()
    }

    fn table_position(&self, coords: &[u64]) -> Result<Option<G::Position>, GameError> {
        Ok(self.game.table_position(coords))
    }

    fn options(&self, position: &G::Position) -> Result<Vec<G::Position>, GameError> {
        let mut out: Vec<G::Position> = Vec::new();
        for m in self.game.moves(position) {
            if !out.contains(&m) {
                out.push(m);
            }
        }
        Ok(out)
    }
}
