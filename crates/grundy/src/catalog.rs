//! The catalog: every game grundy knows, behind one object-safe interface.

use crate::analysis::{
    Analysis, Brief, GameName, GameOption, Move, MoveIter, Player, Token, Verdict, WinningMove,
};
use crate::{GameError, Nat, Outcome};
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
    /// use grundy::catalog::Ruleset;
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
    /// use grundy::catalog::Ruleset;
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

    /// The remoteness of `position` (see [`crate::remoteness`]): how many moves the game lasts
    /// when the winner hastens and the loser delays, `None` where it is not known. The default
    /// searches small positions ([`crate::remoteness::by_search`]); a game with a formula
    /// overrides it.
    fn remoteness(&self, position: &Self::Pos) -> Result<Option<crate::Nat>, GameError>
    where
        Self: Sized,
    {
        let r = crate::remoteness::by_search(self, position, crate::remoteness::SEARCH_LIMIT)?;
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

    /// The moves from `position` to positions of Grundy value `target` — in a sum, the
    /// moves of this component that win (those that bring the sum's nim-sum to 0) — and
    /// whether only some kinds of moves were searched (`partial`). The default takes the
    /// winning moves for a target of 0, and otherwise asks each move's Grundy value, where the
    /// moves can be listed (a position with too many moves is answered as partial, with none);
    /// a game with a closed form overrides it.
    fn moves_to_value<'a>(
        &'a self,
        position: &Self::Pos,
        target: &Nat,
    ) -> Result<(MoveIter<'a, Self::Pos>, bool), GameError>
    where
        Self: Sized,
    {
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

/// The object-safe face of a [`Ruleset`], used by the command line and the web server.
/// Games are shared between threads (a batch is answered on every core).
pub trait DynGame: Send + Sync {
    /// Static description.
    fn info(&self) -> &'static GameInfo;
    /// The game as named on the command line, with its options.
    fn name(&self) -> String;
    /// The game's name and options apart.
    fn game_name(&self) -> GameName;
    /// Solves the position written as `args`, listing at most `max_moves` winning moves.
    fn solve(&self, args: &[&str], max_moves: usize) -> Result<Analysis, GameError>;
    /// [`DynGame::solve`] with the position's remoteness where it is known: what a single
    /// `grundy solve` and the playground answer. The answer stands without it: a search of
    /// the remoteness stopped by the time budget leaves it out.
    fn solve_in_full(&self, args: &[&str], max_moves: usize) -> Result<Analysis, GameError> {
        self.solve(args, max_moves)
    }
    /// Appends the one-line answer (see [`Analysis::brief`]) of the position written as
    /// `line` (its words separated by spaces) to `out`, listing at most `max_moves` winning
    /// moves: what `grundy solve --batch` prints for each line. Small positions of some games
    /// take a fast path that builds no [`Analysis`] (see [`Ruleset::brief_fast`]).
    ///
    /// ```
    /// use grundy::registry::Registry;
    ///
    /// let nim = Registry::catalog().parse("nim").unwrap().game().unwrap();
    /// let mut line = String::new();
    /// nim.brief("3 4 5", 100, &mut line).unwrap();
    /// assert_eq!(line, "3 4 5: N, grundy 2, take 2 from heap 1 → 1 4 5");
    /// ```
    fn brief(&self, line: &str, max_moves: usize, out: &mut String) -> Result<(), GameError> {
        let args: Vec<&str> = line.split_whitespace().collect();
        out.push_str(&self.solve(&args, max_moves)?.brief());
        Ok(())
    }
    /// Who wins from the position written as `args` (see [`Ruleset::outcome`]).
    fn outcome_of(&self, args: &[&str]) -> Result<Outcome, GameError>;
    /// The remoteness of the position written as `args` (see [`Ruleset::remoteness`]), `None`
    /// where it is not known.
    fn remoteness_of(&self, _args: &[&str]) -> Result<Option<crate::Nat>, GameError> {
        Ok(None)
    }
    /// The layout of `grundy table`, if the game has one.
    fn table_shape(&self) -> Option<TableShape> {
        None
    }
    /// One table cell, or `None` where the coordinates name no position.
    fn table_cell(&self, _coords: &[u64]) -> Result<Option<Cell>, GameError> {
        Ok(None)
    }
    /// The outcome alone of one table cell (see [`Ruleset::outcome`]): what a P/N table needs,
    /// without the Grundy value some games find only by search.
    fn table_outcome(&self, _coords: &[u64]) -> Result<Option<Outcome>, GameError> {
        Ok(None)
    }
    /// The position at table coordinates, written as its words (`None` where the coordinates
    /// name no position).
    fn table_words(&self, _coords: &[u64]) -> Result<Option<Vec<Token>>, GameError> {
        Ok(None)
    }
    /// The position written as `args`, read and written back in canonical form.
    fn canonical(&self, args: &[&str]) -> Result<Vec<Token>, GameError>;
    /// The position written as `args` in its normal form (see [`Ruleset::normal_form`]).
    fn normal_form(&self, args: &[&str]) -> Result<Vec<Token>, GameError>;
    /// Every position one move away from `args` (see [`Ruleset::options`]); in a partizan
    /// game, the moves of `player` (which must then be given).
    fn options(&self, args: &[&str], player: Option<Player>) -> Result<Vec<Vec<Token>>, GameError>;
    /// Every move from `args` (of `player` in a partizan game) in words, with the position it
    /// leaves (see [`Ruleset::plays`]).
    fn listed_moves(
        &self,
        args: &[&str],
        player: Option<Player>,
    ) -> Result<Vec<WinningMove>, GameError>;
    /// The move a person typed from `args` (of `player` in a partizan game), as the position
    /// it leaves: the words grundy prints for a move (as [`DynGame::listed_moves`] lists it, with or
    /// without the player's name, or as a hint says a winning move), or the position after it.
    ///
    /// ```
    /// use grundy::registry::Registry;
    ///
    /// let nim = Registry::catalog().parse("nim").unwrap().game().unwrap();
    /// let to = nim.read_move(&["3", "4", "5"], None, "take 2 from heap 1").unwrap();
    /// assert_eq!(grundy::nat::join(&to), "1 4 5");
    /// assert_eq!(nim.read_move(&["3", "4", "5"], None, "2 4 5").unwrap().len(), 3);
    /// assert!(nim.read_move(&["3", "4", "5"], None, "take 9 from heap 1").is_err());
    /// ```
    fn read_move(
        &self,
        args: &[&str],
        player: Option<Player>,
        typed: &str,
    ) -> Result<Vec<Token>, GameError>;
    /// Whether Left and Right have different moves.
    fn partizan(&self) -> bool;
    /// At most `max` moves from `args` to positions of Grundy value `target` (see
    /// [`Ruleset::moves_to_value`]), whether more were left, and whether only some kinds of
    /// moves were searched.
    ///
    /// ```
    /// use grundy::registry::Registry;
    ///
    /// let nim = Registry::catalog().parse("nim").unwrap().game().unwrap();
    /// let (moves, more, partial) = nim.moves_to_value(&["3", "4", "5"], &1u32.into(), 10).unwrap();
    /// // 3 4 5 is worth 2: a heap changed to make it worth 1.
    /// assert_eq!(moves[0].description, "take 3 from heap 1");
    /// assert!(!more && !partial);
    /// ```
    fn moves_to_value(
        &self,
        args: &[&str],
        target: &Nat,
        max: usize,
    ) -> Result<(Vec<WinningMove>, bool, bool), GameError>;
    /// Whether the game is played by the misère convention (see [`Ruleset::misere`]).
    fn misere(&self) -> bool;
    /// Whether the position written as `args` ends the game at once (see
    /// [`Ruleset::ends_at_once`]).
    fn ends_at_once(&self, args: &[&str]) -> Result<Option<bool>, GameError>;
    /// The engine's move (as `player` in a partizan game): a winning move when there is one,
    /// otherwise the move that leaves the most play (the largest total of the position's
    /// numbers); `None` when there is no move. Said in the words [`DynGame::listed_moves`]
    /// gives the same move.
    fn engine_move(
        &self,
        args: &[&str],
        player: Option<Player>,
    ) -> Result<Option<WinningMove>, GameError>;
    /// The value of the position written as `args` as a short game (see [`crate::cgt`]): a
    /// partizan game's canonical form, found by searching its positions (at most
    /// [`VALUE_POSITIONS`] of them); an impartial game's nimber, from its Grundy value.
    fn value(&self, args: &[&str]) -> Result<crate::cgt::Report, GameError>;
    /// The misère canonical form of the position written as `args` (see
    /// [`crate::misere_form`]), built in `forms`: by default from the forms of every position
    /// below it; refused for a partizan game.
    ///
    /// ```
    /// use grundy::misere_form::Forms;
    /// use grundy::registry::Registry;
    ///
    /// let kayles = Registry::catalog().parse("kayles").unwrap().game().unwrap();
    /// let mut forms = Forms::new();
    /// let g = kayles.misere_form(&mut forms, &["5"]).unwrap();
    /// assert_eq!(forms.genus_text(g).unwrap(), "4^146"); // as CGSuite writes it
    /// ```
    fn misere_form(
        &self,
        forms: &mut crate::misere_form::Forms,
        args: &[&str],
    ) -> Result<crate::misere_form::Form, GameError> {
        crate::misere_form::form_of(forms, self, args)
    }
    /// For a sum of games, each component played alone by the misère rule and solved (at
    /// most `max_moves` winning moves each): the `components` of a misère sum's analysis.
    /// `None` for a game that is not a sum.
    fn misere_components(
        &self,
        _args: &[&str],
        _max_moves: usize,
    ) -> Result<Option<Vec<Analysis>>, GameError> {
        Ok(None)
    }
}

/// The Grundy value a verdict gives, or 0 for a P-position of an impartial game played by the
/// normal rule, whose value is 0 whether or not the game computed it (Sprague–Grundy: a
/// position is P exactly when its value is 0), so that a huge Wythoff P-position says so.
fn known_grundy<R: Ruleset>(game: &R, outcome: Outcome, grundy: Option<Nat>) -> Option<Nat> {
    match grundy {
        None if outcome == Outcome::P && !game.partizan() && !game.misere() => {
            Some(Nat::from(0u32))
        }
        g => g,
    }
}

/// The most positions `DynGame::value` searches for one partizan value.
pub const VALUE_POSITIONS: usize = 1_000_000;

/// The value of `root` in `u`: each position's canonical form from its options', bottom up.
fn partizan_value<R: Ruleset>(
    game: &R,
    root: &R::Pos,
    u: &mut crate::cgt::Universe,
) -> Result<crate::cgt::Id, GameError> {
    value_bottom_up(
        &game.name(),
        root.clone(),
        VALUE_POSITIONS,
        |p| {
            Ok(vec![
                game.player_options(p, Player::Left)?,
                game.player_options(p, Player::Right)?,
            ])
        },
        |of| Ok(u.game(&of[0], &of[1])),
    )
}

/// The value of `root` found bottom up, each position once, with an explicit stack (a heap of
/// 10⁵ tokens is a chain 10⁵ deep): `options(p)` gives p's options in groups (Left's and
/// Right's, or one group), `value(groups)` the value of a position whose options have those
/// values. Refused past `limit` positions, and on a cycle (the game is then not short);
/// `game` names the game in those messages.
pub(crate) fn value_bottom_up<P: Clone + Eq + Hash, V: Copy>(
    game: &str,
    root: P,
    limit: usize,
    mut options: impl FnMut(&P) -> Result<Vec<Vec<P>>, GameError>,
    mut value: impl FnMut(&[Vec<V>]) -> Result<V, GameError>,
) -> Result<V, GameError> {
    let mut known: std::collections::HashMap<P, V> = Default::default();
    let first = options(&root)?;
    let mut stack = vec![(root.clone(), first)];
    let mut on_stack: HashSet<P> = HashSet::from([root.clone()]);
    while let Some((p, groups)) = stack.last() {
        if let Some(next) = groups
            .iter()
            .flatten()
            .find(|o| !known.contains_key(*o))
            .cloned()
        {
            if known.len() + stack.len() >= limit {
                return Err(GameError::TooLarge(format!(
                    "{game}: more than {limit} positions to value below this one"
                )));
            }
            if known.len() % 1024 == 0 {
                crate::budget::check()?;
                crate::budget::report("positions valued", known.len() as u64, None);
            }
            if !on_stack.insert(next.clone()) {
                return Err(GameError::Invalid(format!(
                    "{game}: the game has a cycle, so it is not a short game"
                )));
            }
            let of = options(&next)?;
            stack.push((next, of));
            continue;
        }
        let of: Vec<Vec<V>> = groups
            .iter()
            .map(|g| g.iter().map(|o| known[o]).collect())
            .collect();
        let v = value(&of)?;
        on_stack.remove(p);
        known.insert(p.clone(), v);
        stack.pop();
    }
    Ok(known[&root])
}

impl<R: Ruleset + Send + Sync> DynGame for R {
    fn info(&self) -> &'static GameInfo {
        Ruleset::info(self)
    }

    fn name(&self) -> String {
        Ruleset::name(self)
    }

    fn game_name(&self) -> GameName {
        Ruleset::game_name(self)
    }

    fn solve(&self, args: &[&str], max_moves: usize) -> Result<Analysis, GameError> {
        self.answer(&self.parse(args)?, max_moves)
    }

    fn solve_in_full(&self, args: &[&str], max_moves: usize) -> Result<Analysis, GameError> {
        let p = self.parse(args)?;
        let mut a = self.answer(&p, max_moves)?;
        a.remoteness = Ruleset::remoteness(self, &p).unwrap_or(None);
        Ok(a)
    }

    fn brief(&self, line: &str, max_moves: usize, out: &mut String) -> Result<(), GameError> {
        if self.brief_fast(line, max_moves, out) {
            return Ok(());
        }
        let args: Vec<&str> = line.split_whitespace().collect();
        let p = self.parse(&args)?;
        let verdict = self.verdict_up_to(&p, max_moves)?;
        // What `answer` lists, but only the first move is written out: the others are
        // counted, each dropped as soon as it is seen, so a position of 10^5 heaps costs a
        // few copies of itself, not a hundred.
        let (mut first, mut listed) = (None, 0);
        let more = each_winning(self, verdict.outcome, verdict.winning, max_moves, |m| {
            listed += 1;
            first.get_or_insert(m);
        });
        let mut line = Brief::start(out, &self.tokens(&p));
        line.outcome(verdict.outcome);
        if let Some(g) = &known_grundy(self, verdict.outcome, verdict.grundy) {
            line.grundy(g);
        }
        if let Some(first) = first {
            line.first_move(&first.description, &self.tokens(&first.to));
            line.more(listed - 1, more || verdict.partial);
        }
        Ok(())
    }

    fn outcome_of(&self, args: &[&str]) -> Result<Outcome, GameError> {
        Ruleset::outcome(self, &self.parse(args)?)
    }

    fn remoteness_of(&self, args: &[&str]) -> Result<Option<crate::Nat>, GameError> {
        Ruleset::remoteness(self, &self.parse(args)?)
    }

    fn table_shape(&self) -> Option<TableShape> {
        Ruleset::table_shape(self)
    }

    fn canonical(&self, args: &[&str]) -> Result<Vec<Token>, GameError> {
        Ok(self.tokens(&self.parse(args)?))
    }

    fn normal_form(&self, args: &[&str]) -> Result<Vec<Token>, GameError> {
        Ok(self.tokens(&Ruleset::normal_form(self, &self.parse(args)?)))
    }

    fn options(&self, args: &[&str], player: Option<Player>) -> Result<Vec<Vec<Token>>, GameError> {
        let p = self.parse(args)?;
        // Each position once, in the order the game lists them.
        let mut seen = HashSet::new();
        Ok(options_for(self, &p, player)?
            .into_iter()
            .filter(|o| seen.insert(o.clone()))
            .map(|o| self.tokens(&o))
            .collect())
    }

    fn listed_moves(
        &self,
        args: &[&str],
        player: Option<Player>,
    ) -> Result<Vec<WinningMove>, GameError> {
        let p = self.parse(args)?;
        Ok(self
            .plays(&p, player)?
            .into_iter()
            .map(|m| written(self, m))
            .collect())
    }

    fn read_move(
        &self,
        args: &[&str],
        player: Option<Player>,
        typed: &str,
    ) -> Result<Vec<Token>, GameError> {
        let p = self.parse(args)?;
        let moves = self.plays(&p, player)?;
        if let Some(m) = moves
            .iter()
            .find(|m| crate::moves::says(typed, &m.description, m.player))
        {
            return Ok(self.tokens(&m.to));
        }
        // A winning move as a hint says it (a game's own words for its moves).
        if !typed.trim().is_empty() {
            if let Ok(verdict) = self.verdict(&p) {
                let (winning, _) = collect_winning(self, verdict.outcome, verdict.winning, 1000);
                let fits = |w: &WinningMove| {
                    player.is_none_or(|who| w.player.is_none_or(|p| p == who))
                        && crate::moves::says(typed, &w.description, w.player)
                };
                if let Some(w) = winning.into_iter().find(fits) {
                    return Ok(w.to);
                }
            }
        }
        // The position after the move.
        let words: Vec<&str> = typed.split_whitespace().collect();
        let illegal = || {
            GameError::Invalid(format!(
                "'{}' is not a move from {} (type moves to list them)",
                typed.trim(),
                self.show(&p)
            ))
        };
        let to = match self.parse(&words) {
            Ok(to) => to,
            Err(_) if typed.contains(char::is_alphabetic) => return Err(illegal()),
            Err(e) => return Err(e),
        };
        // Compared as written: two forms of one position (a circle of no coins and no rows
        // left) are one position to a person.
        let to = self.tokens(&to);
        if moves.iter().any(|m| self.tokens(&m.to) == to) {
            Ok(to)
        } else {
            Err(illegal())
        }
    }

    fn partizan(&self) -> bool {
        Ruleset::partizan(self)
    }

    fn misere(&self) -> bool {
        Ruleset::misere(self)
    }

    fn ends_at_once(&self, args: &[&str]) -> Result<Option<bool>, GameError> {
        Ok(Ruleset::ends_at_once(self, &self.parse(args)?))
    }

    fn moves_to_value(
        &self,
        args: &[&str],
        target: &Nat,
        max: usize,
    ) -> Result<(Vec<WinningMove>, bool, bool), GameError> {
        let p = self.parse(args)?;
        let (moves, partial) = Ruleset::moves_to_value(self, &p, target)?;
        let (moves, more) = collect_moves(self, moves, max);
        Ok((moves, more, partial))
    }

    fn value(&self, args: &[&str]) -> Result<crate::cgt::Report, GameError> {
        let p = self.parse(args)?;
        if let Some(report) = Ruleset::report(self, &p) {
            return report;
        }
        let mut u = crate::cgt::Universe::new();
        let g = if Ruleset::partizan(self) {
            partizan_value(self, &p, &mut u)?
        } else {
            let name = Ruleset::name(self);
            if Ruleset::misere(self) {
                return Err(GameError::Invalid(format!(
                    "{name}: a misère position has no nimber (no normal-play value): misère play is not \
                     decided by adding values (Conway, On Numbers and Games, ch. 12); grundy \
                     solve gives its outcome"
                )));
            }
            let grundy = self.verdict(&p)?.grundy.ok_or_else(|| {
                GameError::TooLarge(format!(
                    "{name}: the Grundy value of this position is not known, so neither is its \
                     nimber"
                ))
            })?;
            // Held as a nimber, not built option by option: any Grundy value a word holds.
            let n = u32::try_from(&grundy).ok().ok_or_else(|| {
                GameError::TooLarge(format!(
                    "{}: the value is *{grundy}; nimbers are held up to *4294967295",
                    Ruleset::name(self)
                ))
            })?;
            u.nimber(n)
        };
        u.report(g)
    }

    fn engine_move(
        &self,
        args: &[&str],
        player: Option<Player>,
    ) -> Result<Option<WinningMove>, GameError> {
        let p = self.parse(args)?;
        let options = options_for(self, &p, player)?;
        let mine = |m: &Move<R::Pos>| !Ruleset::partizan(self) || m.player == player;
        let chosen = match self.verdict(&p)?.winning.find(|m| mine(m)) {
            Some(m) => Some(m.to),
            None => options
                .into_iter()
                .max_by_key(|o| play_left(&self.tokens(o))),
        };
        let Some(to) = chosen else {
            return Ok(None);
        };
        let words = self
            .plays(&p, player)?
            .into_iter()
            .find(|m| m.to == to)
            .map(|m| m.description)
            .unwrap_or_else(|| self.show(&to));
        Ok(Some(WinningMove {
            to: self.tokens(&to),
            description: words,
            player: player.filter(|_| Ruleset::partizan(self)),
            component: None,
        }))
    }

    fn table_words(&self, coords: &[u64]) -> Result<Option<Vec<Token>>, GameError> {
        Ok(self.table_position(coords)?.map(|p| self.tokens(&p)))
    }

    fn table_outcome(&self, coords: &[u64]) -> Result<Option<Outcome>, GameError> {
        match self.table_position(coords)? {
            Some(position) => Ruleset::outcome(self, &position).map(Some),
            None => Ok(None),
        }
    }

    fn table_cell(&self, coords: &[u64]) -> Result<Option<Cell>, GameError> {
        let Some(position) = self.table_position(coords)? else {
            return Ok(None);
        };
        let v = self.verdict(&position)?;
        Ok(Some(Cell {
            outcome: v.outcome,
            grundy: v.grundy,
        }))
    }
}

/// How much play a position written as `tokens` leaves, for an engine with no winning move:
/// the total of its numbers (a word counts its length).
pub(crate) fn play_left(tokens: &[Token]) -> Nat {
    tokens
        .iter()
        .map(|t| match t {
            Token::Int(n) => n.clone(),
            Token::Text(s) => Nat::from(s.len()),
        })
        .sum()
}

/// Takes up to `max` distinct moves; reports whether more were left.
fn collect_moves<R: Ruleset + ?Sized>(
    game: &R,
    moves: impl Iterator<Item = Move<R::Pos>>,
    max: usize,
) -> (Vec<WinningMove>, bool) {
    let mut out = Vec::new();
    let more = each_distinct(game, moves, max, |m| out.push(written(game, m)));
    (out, more)
}

/// [`collect_moves`] for the winning moves of a position of `outcome`, looking at none where
/// [`no_search`] already answers.
fn collect_winning<R: Ruleset + ?Sized>(
    game: &R,
    outcome: Outcome,
    moves: impl Iterator<Item = Move<R::Pos>>,
    max: usize,
) -> (Vec<WinningMove>, bool) {
    match no_search(outcome, max) {
        Some(more) => (Vec::new(), more),
        None => collect_moves(game, moves, max),
    }
}

/// [`each_distinct`] for the winning moves of a position of `outcome`, as [`collect_winning`].
fn each_winning<R: Ruleset + ?Sized>(
    game: &R,
    outcome: Outcome,
    moves: impl Iterator<Item = Move<R::Pos>>,
    max: usize,
    take: impl FnMut(Move<R::Pos>),
) -> bool {
    no_search(outcome, max).unwrap_or_else(|| each_distinct(game, moves, max, take))
}

/// Whether winning moves were left out, when that is known without looking at any: none
/// exist where the outcome says so (the player to move loses, or a draw), and for `max` 0
/// the outcome says whether some do (so that a batch that lists no moves does no move
/// search); `None` when the moves must be looked at.
fn no_search(outcome: Outcome, max: usize) -> Option<bool> {
    let some = matches!(outcome, Outcome::N | Outcome::L | Outcome::R);
    match (some, max) {
        (false, _) => Some(false),
        (true, 0) => Some(true),
        (true, _) => None,
    }
}

/// A move as reported to users: its position written in the game's notation.
fn written<R: Ruleset + ?Sized>(game: &R, m: Move<R::Pos>) -> WinningMove {
    WinningMove {
        to: game.tokens(&m.to),
        description: m.description,
        player: m.player,
        component: None,
    }
}

/// Hands `take` the first `max` of `moves` that reach a position not reached before (by the
/// same player; no set of them is kept when the game's moves are distinct); reports whether
/// more were left.
fn each_distinct<R: Ruleset + ?Sized>(
    game: &R,
    moves: impl Iterator<Item = Move<R::Pos>>,
    max: usize,
    mut take: impl FnMut(Move<R::Pos>),
) -> bool {
    let distinct = game.moves_distinct();
    let mut seen = HashSet::new();
    let mut taken = 0;
    for m in moves {
        if !distinct && !seen.insert((m.to.clone(), m.player)) {
            continue;
        }
        if taken == max {
            return true;
        }
        taken += 1;
        take(m);
    }
    false
}

#[cfg(test)]
mod tests {
    use super::{value_bottom_up, Ruleset};
    use crate::games::{bash::Bash, cutting::Cutting, euclid::Euclid, fibonacci::Fibonacci};
    use crate::games::{nim::Nim, wythoff::Wythoff};
    use crate::GameError;
    use crate::Nat;

    /// What a game writes, it reads back: the same position, for each kind of position.
    fn round_trip<R: Ruleset>(game: &R, text: &str)
    where
        R::Pos: std::fmt::Debug,
    {
        let p = game.read(text).unwrap();
        assert_eq!(game.show(&p), text);
        assert_eq!(game.read(&game.show(&p)).unwrap(), p);
    }

    /// No move is looked for where the outcome says there is none, nor where none is to be
    /// listed (a batch with --max-moves 0): the moves are never pulled.
    #[test]
    fn winning_moves_are_not_searched_when_none_are_wanted_or_possible() {
        use crate::Outcome;
        let never = || {
            std::iter::from_fn(|| -> Option<crate::Move<Vec<Nat>>> {
                panic!("a move was searched")
            })
        };
        let nim = Nim::default();
        for (outcome, max, more) in [
            (Outcome::N, 0, true),
            (Outcome::L, 0, true),
            (Outcome::P, 5, false),
            (Outcome::D, 5, false),
        ] {
            let (listed, truncated) = super::collect_winning(&nim, outcome, never(), max);
            assert_eq!((listed.len(), truncated), (0, more), "{outcome}");
        }
        let one = std::iter::once(crate::Move {
            description: "take 1 from heap 1".into(),
            to: vec![Nat::from(0u32)],
            player: None,
        });
        let (listed, truncated) = super::collect_winning(&nim, Outcome::N, one, 5);
        assert_eq!((listed.len(), truncated), (1, false));
    }

    #[test]
    fn positions_are_read_and_shown_as_typed() {
        round_trip(&Nim::default(), "3 4 5");
        round_trip(&Wythoff::default(), "4 7");
        round_trip(&Euclid, "25 7");
        round_trip(&Fibonacci, "20 3");
        round_trip(&Cutting::default(), "5x4 2x3");
        let bash = Bash {
            max: Some(Nat::from(3u32)),
            misere: false,
        };
        round_trip(&bash, "21");
        // Spaces of any kind between the words; nothing else.
        assert_eq!(
            Nim::default().read(" 3\t4 ").unwrap(),
            Nim::default().read("3 4").unwrap()
        );
        assert!(Euclid.read("25").is_err());
    }

    /// Valuing bottom up: each position once (a Grundy value here), and a cycle or too many
    /// positions refused rather than followed for ever.
    #[test]
    fn values_bottom_up_each_position_once_and_refuse_cycles() {
        // n → n − 1 and n − 2: Grundy values 0, 1, 2, 0, 1, 2, …
        let grundy = |root: u32, limit: usize| {
            let mut asked = 0;
            let v = value_bottom_up(
                "chain",
                root,
                limit,
                |&n| {
                    asked += 1;
                    Ok(vec![(1..=2).filter(|&k| k <= n).map(|k| n - k).collect()])
                },
                |of| Ok(crate::solver::mex_of(of[0].iter().copied())),
            );
            (v, asked)
        };
        assert_eq!(grundy(10, 100), (Ok(1), 11));
        assert!(matches!(grundy(10, 5).0, Err(GameError::TooLarge(_))));
        let cycle = value_bottom_up(
            "loop",
            0u32,
            100,
            |&n| Ok(vec![vec![(n + 1) % 3]]),
            |_| Ok(0u32),
        );
        let e = cycle.unwrap_err().to_string();
        assert!(e.contains("loop: the game has a cycle"), "{e}");
    }
}
