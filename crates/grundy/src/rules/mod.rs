//! The rules of a game as grundy's solvers see them: [`Ruleset`], a game with typed
//! positions (its moves, and a closed form where it has one), and [`DynGame`], the same game
//! behind an object-safe face whose positions are read once from words into erased
//! [`Position`]s (what the command line, the web, Python and MPI hold). Every game of
//! [`crate::games`] implements `Ruleset`; `DynGame` comes with it.
//!
//! Beside them: [`remoteness`] (Smith's remoteness of a small position by search), and the
//! values of positions found bottom up from their options' (partizan values and misère
//! canonical forms, [`form_of`]).

mod bottom_up;
mod dynamic;
mod position;
pub mod remoteness;
#[cfg(test)]
mod tests;

pub(crate) use bottom_up::value_bottom_up;
pub use bottom_up::{form_of, POSITION_LIMIT};
pub(crate) use dynamic::play_left;
pub use dynamic::{DynGame, Play, VALUE_POSITIONS};
pub use position::Position;

use crate::analysis::{Analysis, GameName, GameOption, Move, MoveIter, Player, Token, Verdict};
use crate::{GameError, Nat, Outcome};
use dynamic::{collect_winning, known_grundy};
use num_traits::Zero;
use std::collections::HashSet;
use std::hash::Hash;

/// What `grundy list` and `grundy rules` say about a game.
#[derive(Debug)]
pub struct GameInfo {
    /// The command name, e.g. `nim`.
    pub name: &'static str,
    /// The game's usual name, e.g. `Nim`.
    pub title: &'static str,
    /// One line for `grundy list`.
    pub summary: &'static str,
    /// How a position is written on the command line.
    pub usage: &'static str,
    /// A position to try, as typed after `grundy solve`.
    pub example: &'static str,
    /// The rules.
    pub rules: &'static str,
    /// The closed form (or the computation) that decides a position.
    pub theory: &'static str,
    /// Where the closed form comes from.
    pub source: &'static str,
}

/// How `grundy table` lays out a game's small positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableShape {
    /// One row indexed by a single parameter starting at `first`.
    Row {
        /// What the parameter is.
        axis: &'static str,
        /// The smallest meaningful value.
        first: u64,
    },
    /// A grid: `rows` down, `cols` across, both starting at `first`.
    Grid {
        /// What the row index is.
        rows: &'static str,
        /// What the column index is.
        cols: &'static str,
        /// The smallest meaningful value.
        first: u64,
    },
}

/// A game of the catalog with typed positions. Implement this to add a game; the blanket
/// [`DynGame`] implementation then gives it `solve` and `table` for free.
pub trait Ruleset {
    /// A position of the game.
    type Pos: Clone + Eq + Hash;

    /// Static description.
    fn info(&self) -> &'static GameInfo;

    /// The options the game was built with, as its command line writes them (none unless a
    /// game has options).
    fn settings(&self) -> Vec<GameOption> {
        Vec::new()
    }

    /// The game's name with its options.
    fn game_name(&self) -> GameName {
        GameName::new(self.info().name, self.settings())
    }

    /// The game as named on the command line, with its options (e.g. `bash --max 3`).
    fn name(&self) -> String {
        self.game_name().to_string()
    }

    /// Reads a position from its positional arguments.
    fn parse(&self, args: &[&str]) -> Result<Self::Pos, GameError>;

    /// Writes a position as positional arguments.
    fn tokens(&self, position: &Self::Pos) -> Vec<Token>;

    /// Reads a position written as on the command line, e.g. `"3 4 5"` for Nim. A game's
    /// options shape its positions (Bash's limit travels with the heap), so the game reads
    /// them rather than the position type on its own (`FromStr`).
    ///
    /// ```
    /// use grundy::rules::Ruleset;
    /// use grundy::games::nim::Nim;
    /// use grundy::Outcome;
    ///
    /// let nim = Nim::default();
    /// let p = nim.read("3 4 5").unwrap();
    /// assert_eq!(nim.answer(&p, 10).unwrap().outcome, Outcome::N);
    /// assert_eq!(nim.show(&p), "3 4 5");
    /// assert!(nim.read("3 x").is_err());
    /// ```
    fn read(&self, text: &str) -> Result<Self::Pos, GameError> {
        let words: Vec<&str> = text.split_whitespace().collect();
        self.parse(&words)
    }

    /// Writes a position as on the command line (what [`Ruleset::read`] reads back).
    fn show(&self, position: &Self::Pos) -> String {
        crate::nat::join(&self.tokens(position))
    }

    /// Who wins, the Grundy value, every winning move and why.
    fn verdict(&self, position: &Self::Pos) -> Result<Verdict<'_, Self::Pos>, GameError>;

    /// [`Ruleset::verdict`] for an answer that lists at most `max_moves` winning moves: a
    /// game whose every winning move costs a search finds only the first `max_moves + 1`
    /// (one more, so that the answer can say the list goes on), and none for `0`. The
    /// default finds them all.
    fn verdict_up_to(
        &self,
        position: &Self::Pos,
        _max_moves: usize,
    ) -> Result<Verdict<'_, Self::Pos>, GameError> {
        self.verdict(position)
    }

    /// The whole answer for a typed position: who wins, the Grundy value, at most `max_moves`
    /// winning moves (each reached position once) and why — what `grundy solve` prints, with
    /// no string parsing on the way.
    ///
    /// ```
    /// use grundy::rules::Ruleset;
    /// use grundy::games::euclid::Euclid;
    /// use grundy::{Nat, Outcome};
    ///
    /// let a = Euclid.answer(&(Nat::from(25u32), Nat::from(7u32)), 10).unwrap();
    /// assert_eq!(a.outcome, Outcome::N); // 25 ≥ 2 · 7: the player to move chooses
    /// assert_eq!(a.game.to_string(), "euclid");
    /// ```
    fn answer(&self, position: &Self::Pos, max_moves: usize) -> Result<Analysis, GameError>
    where
        Self: Sized,
    {
        let verdict = self.verdict_up_to(position, max_moves)?;
        let grundy = known_grundy(self, verdict.outcome, verdict.grundy);
        let (winning_moves, truncated) =
            collect_winning(self, verdict.outcome, verdict.winning, max_moves);
        Ok(Analysis {
            game: self.game_name(),
            position: self.tokens(position),
            outcome: verdict.outcome,
            grundy,
            winning_moves,
            winning_moves_truncated: truncated,
            winning_moves_partial: verdict.partial,
            explanation: verdict.explanation,
            remoteness: None,
            components: None,
            search: verdict.search,
        })
    }

    /// A fast path for [`DynGame::brief`]: appends the one-line answer of the position written
    /// as `line` to `out` and returns `true`, for positions small enough to be answered in
    /// machine words; returns `false`, having written nothing, wherever it does not apply
    /// (the general path then answers, errors included). What it writes must be exactly
    /// [`Analysis::brief`] of [`Ruleset::answer`]: [`crate::testkit::check_brief`] compares
    /// the two. The default has no fast path.
    fn brief_fast(&self, _line: &str, _max_moves: usize, _out: &mut String) -> bool {
        false
    }

    /// Whether no two winning moves of a position can reach the same position (Nim: each
    /// changes a different heap), so that counting them needs no set of the positions seen.
    /// The default, `false`, is always safe.
    fn moves_distinct(&self) -> bool {
        false
    }

    /// Who wins from `position`, alone. The default asks [`Ruleset::verdict`]; a game whose
    /// verdict also computes something costly (a Grundy value by search) overrides it, so that
    /// listing the outcomes of many positions stays cheap.
    fn outcome(&self, position: &Self::Pos) -> Result<Outcome, GameError> {
        Ok(self.verdict(position)?.outcome)
    }

    /// The remoteness of `position` (see [`crate::rules::remoteness`]): how many moves the game lasts
    /// when the winner hastens and the loser delays, `None` where it is not known. The default
    /// searches small positions ([`crate::rules::remoteness::by_search`]); a game with a formula
    /// overrides it.
    fn remoteness(&self, position: &Self::Pos) -> Result<Option<crate::Nat>, GameError>
    where
        Self: Sized,
    {
        let r = crate::rules::remoteness::by_search(
            self,
            position,
            crate::rules::remoteness::SEARCH_LIMIT,
        )?;
        Ok(r.map(crate::Nat::from))
    }

    /// The layout of `grundy table`, if the game has one.
    fn table_shape(&self) -> Option<TableShape> {
        None
    }

    /// The position at table coordinates (`[n]` for a row, `[row, col]` for a grid), or
    /// `None` where the coordinates name no position.
    fn table_position(&self, _coords: &[u64]) -> Result<Option<Self::Pos>, GameError> {
        Ok(None)
    }

    /// Every position one move away, for playing move by move; refused where the position
    /// has too many moves to list.
    fn options(&self, _position: &Self::Pos) -> Result<Vec<Self::Pos>, GameError> {
        Err(GameError::Invalid(format!(
            "{} cannot be played move by move",
            self.name()
        )))
    }

    /// Whether Left and Right have different moves (the outcome is then a class L, R, N, P).
    fn partizan(&self) -> bool {
        false
    }

    /// The hook of a game played on independent parts each valued alone (heaps: CGSuite's
    /// `HeapRuleset`): the verdict of `position` beside one more part worth `beside`, whose
    /// winning moves are the moves of `position` to positions worth `beside` (with `beside`
    /// 0, the position's own verdict). A sum's solver finds a component's moves to a value
    /// through it ([`Ruleset::moves_to_value`]'s default); `None`, the default, for a game
    /// without it.
    fn verdict_beside(
        &self,
        _position: &Self::Pos,
        _beside: &Nat,
    ) -> Option<Result<Verdict<'_, Self::Pos>, GameError>> {
        None
    }

    /// The moves from `position` to positions of Grundy value `target` — in a sum, the
    /// moves of this component that win (those that bring the sum's nim-sum to 0) — and
    /// whether only some kinds of moves were searched (`partial`). The default asks
    /// [`Ruleset::verdict_beside`] where the game has it; else it takes the winning moves for
    /// a target of 0, and otherwise asks each move's Grundy value, where the moves can be
    /// listed (a position with too many moves is answered as partial, with none); a game
    /// with a closed form overrides it.
    fn moves_to_value<'a>(
        &'a self,
        position: &Self::Pos,
        target: &Nat,
    ) -> Result<(MoveIter<'a, Self::Pos>, bool), GameError>
    where
        Self: Sized,
    {
        if let Some(v) = self.verdict_beside(position, target) {
            let v = v?;
            return Ok((v.winning, v.partial));
        }
        if target.is_zero() {
            let v = self.verdict(position)?;
            return Ok((v.winning, v.partial));
        }
        let plays = match self.plays(position, None) {
            Ok(plays) => plays,
            Err(e @ GameError::OverBudget { .. }) => return Err(e),
            Err(_) => return Ok((Box::new(std::iter::empty()), true)),
        };
        let (mut found, mut partial) = (Vec::new(), false);
        for m in plays {
            crate::budget::check()?;
            match self.verdict(&m.to)?.grundy {
                Some(g) if g == *target => found.push(m),
                Some(_) => {}
                None => partial = true,
            }
        }
        Ok((Box::new(found.into_iter()), partial))
    }

    /// The position as one form for all its equal writings — heaps in any order, and heaps
    /// with no move left out, for a game whose heaps are independent — so that a search
    /// remembers each position once. The default is the position as it is.
    fn normal_form(&self, position: &Self::Pos) -> Self::Pos {
        position.clone()
    }

    /// Whether the game ends at once from `position`, whatever is beside it in a sum:
    /// `Some(true)` when the player to move can end the whole game with a win (the cutting
    /// game's paper of width 1, from which a 1×1 piece is cut out), `Some(false)` when it is
    /// over and the player to move has lost (a 1×1 piece lies cut out); `None`, the default,
    /// for a position played by the normal rule.
    fn ends_at_once(&self, _position: &Self::Pos) -> Option<bool> {
        None
    }

    /// Whether the game is played by the misère convention (the player who makes the last
    /// move loses): its positions then have no normal-play value to add.
    fn misere(&self) -> bool {
        false
    }

    /// The position's value as a short game, where the game computes it its own way (the
    /// partizan board games value each region once); `None` leaves it to a search of the
    /// position's options (see [`DynGame::value`]).
    fn report(&self, _position: &Self::Pos) -> Option<Result<crate::cgt::Report, GameError>> {
        None
    }

    /// Every move from `position` (of `player` in a partizan game, who must then be given),
    /// each with the words that say it: what `grundy play` lists and reads. The default names
    /// each of [`Ruleset::player_options`] (each position once) with
    /// [`crate::moves::describe`] where that applies, else by the position it leaves; a game
    /// whose moves have names of their own (a board's cells) overrides it.
    fn plays(
        &self,
        position: &Self::Pos,
        player: Option<Player>,
    ) -> Result<Vec<Move<Self::Pos>>, GameError> {
        let from = self.tokens(position);
        let mut seen = HashSet::new();
        Ok(options_for(self, position, player)?
            .into_iter()
            .filter(|o| seen.insert(o.clone()))
            .map(|o| {
                let to = self.tokens(&o);
                let words =
                    crate::moves::describe(&from, &to).unwrap_or_else(|| crate::nat::join(&to));
                Move {
                    to: o,
                    description: words,
                    player,
                }
            })
            .collect())
    }

    /// The positions `player` can move to (partizan games; the default, for impartial games,
    /// is [`Ruleset::options`] whoever moves).
    fn player_options(
        &self,
        position: &Self::Pos,
        _player: Player,
    ) -> Result<Vec<Self::Pos>, GameError> {
        self.options(position)
    }
}

/// One cell of `grundy table`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cell {
    /// Who wins.
    pub outcome: Outcome,
    /// The Grundy value, if known.
    pub grundy: Option<Nat>,
}

/// The options of `p` for `player` (required in partizan games).
fn options_for<R: Ruleset + ?Sized>(
    game: &R,
    p: &R::Pos,
    player: Option<Player>,
) -> Result<Vec<R::Pos>, GameError> {
    match player {
        Some(player) => game.player_options(p, player),
        None if game.partizan() => Err(player_needed(&game.name())),
        None => game.options(p),
    }
}

/// The refusal of a partizan game's moves asked for without saying whose.
pub(crate) fn player_needed(game: &str) -> GameError {
    GameError::Invalid(format!(
        "{game} is partizan: say whether Left or Right moves"
    ))
}
