//! [`DynGame`]: a [`Ruleset`] behind an object-safe face, its positions read once from words
//! into [`Position`]s.

use crate::analysis::{Analysis, Brief, GameName, Move, Player, Token, WinningMove};
use crate::{GameError, Nat, Outcome};
use std::collections::HashSet;

use super::value_bottom_up;
use super::{options_for, Cell, GameInfo, Position, Ruleset, TableShape};

/// A move as a person reads it, with the position it leaves, held: what
/// [`DynGame::listed_moves`] and [`DynGame::engine_move`] give.
pub type Play = (WinningMove, Position);

/// The object-safe face of a [`Ruleset`], used by the command line, the web server, Python
/// and MPI. A position's words are read once, by [`DynGame::position`]; every other question
/// takes the [`Position`] it gave. Games are shared between threads (a batch is answered on
/// every core).
pub trait DynGame: Send + Sync {
    /// Static description.
    fn info(&self) -> &'static GameInfo;
    /// The game as named on the command line, with its options.
    fn name(&self) -> String;
    /// The game's name and options apart.
    fn game_name(&self) -> GameName;
    /// The position written as `words`, read once (see [`Ruleset::parse`]); refused with the
    /// game's own message when the words are not a position of it.
    ///
    /// ```
    /// use grundy::registry::Registry;
    ///
    /// let nim = Registry::catalog().parse("nim").unwrap().game().unwrap();
    /// let p = nim.position(&["3", "4", "5"]).unwrap();
    /// assert_eq!(grundy::nat::join(&nim.canonical(&p).unwrap()), "3 4 5");
    /// assert!(nim.position(&["three"]).is_err());
    /// ```
    fn position(&self, words: &[&str]) -> Result<Position, GameError>;
    /// Solves the position `p`, listing at most `max_moves` winning moves.
    fn solve(&self, p: &Position, max_moves: usize) -> Result<Analysis, GameError>;
    /// [`DynGame::solve`] with the position's remoteness where it is known: what a single
    /// `grundy solve` and the playground answer. The answer stands without it: a search of
    /// the remoteness stopped by the time budget leaves it out.
    fn solve_in_full(&self, p: &Position, max_moves: usize) -> Result<Analysis, GameError> {
        self.solve(p, max_moves)
    }
    /// Appends the one-line answer (see [`Analysis::brief`]) of the position written as
    /// `line` (its words separated by spaces) to `out`, listing at most `max_moves` winning
    /// moves: what `grundy solve --batch` prints for each line. It reads the line itself, so
    /// that small positions of some games take a fast path that builds neither a
    /// [`Position`] nor an [`Analysis`] (see [`Ruleset::brief_fast`]).
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
        let words: Vec<&str> = line.split_whitespace().collect();
        out.push_str(&self.solve(&self.position(&words)?, max_moves)?.brief());
        Ok(())
    }
    /// Who wins from `p` (see [`Ruleset::outcome`]).
    fn outcome_of(&self, p: &Position) -> Result<Outcome, GameError>;
    /// The remoteness of `p` (see [`Ruleset::remoteness`]), `None` where it is not known.
    fn remoteness_of(&self, _p: &Position) -> Result<Option<crate::Nat>, GameError> {
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
    /// The position at table coordinates (`None` where the coordinates name no position).
    fn table_position(&self, _coords: &[u64]) -> Result<Option<Position>, GameError> {
        Ok(None)
    }
    /// `p` written in the game's words, in canonical form.
    fn canonical(&self, p: &Position) -> Result<Vec<Token>, GameError>;
    /// `p` in its normal form (see [`Ruleset::normal_form`]), written in the game's words:
    /// two positions with the same normal form are one position to a search.
    fn normal_form(&self, p: &Position) -> Result<Vec<Token>, GameError>;
    /// Every position one move away from `p` (see [`Ruleset::options`]), each once; in a
    /// partizan game, the moves of `player` (which must then be given).
    fn options(&self, p: &Position, player: Option<Player>) -> Result<Vec<Position>, GameError>;
    /// Every move from `p` (of `player` in a partizan game) in words, with the position it
    /// leaves (see [`Ruleset::plays`]).
    fn listed_moves(&self, p: &Position, player: Option<Player>) -> Result<Vec<Play>, GameError>;
    /// The move a person typed from `p` (of `player` in a partizan game), as the position
    /// it leaves: the words grundy prints for a move (as [`DynGame::listed_moves`] lists it,
    /// with or without the player's name, or as a hint says a winning move), or the position
    /// after it.
    ///
    /// ```
    /// use grundy::registry::Registry;
    ///
    /// let nim = Registry::catalog().parse("nim").unwrap().game().unwrap();
    /// let p = nim.position(&["3", "4", "5"]).unwrap();
    /// let to = nim.read_move(&p, None, "take 2 from heap 1").unwrap();
    /// assert_eq!(grundy::nat::join(&nim.canonical(&to).unwrap()), "1 4 5");
    /// assert!(nim.read_move(&p, None, "2 4 5").is_ok());
    /// assert!(nim.read_move(&p, None, "take 9 from heap 1").is_err());
    /// ```
    fn read_move(
        &self,
        p: &Position,
        player: Option<Player>,
        typed: &str,
    ) -> Result<Position, GameError>;
    /// Whether Left and Right have different moves.
    fn partizan(&self) -> bool;
    /// At most `max` moves from `p` to positions of Grundy value `target` (see
    /// [`Ruleset::moves_to_value`]), whether more were left, and whether only some kinds of
    /// moves were searched.
    ///
    /// ```
    /// use grundy::registry::Registry;
    ///
    /// let nim = Registry::catalog().parse("nim").unwrap().game().unwrap();
    /// let p = nim.position(&["3", "4", "5"]).unwrap();
    /// let (moves, more, partial) = nim.moves_to_value(&p, &1u32.into(), 10).unwrap();
    /// // 3 4 5 is worth 2: a heap changed to make it worth 1.
    /// assert_eq!(moves[0].description, "take 3 from heap 1");
    /// assert!(!more && !partial);
    /// ```
    fn moves_to_value(
        &self,
        p: &Position,
        target: &Nat,
        max: usize,
    ) -> Result<(Vec<WinningMove>, bool, bool), GameError>;
    /// Whether the game is played by the misère convention (see [`Ruleset::misere`]).
    fn misere(&self) -> bool;
    /// Whether `p` ends the game at once (see [`Ruleset::ends_at_once`]).
    fn ends_at_once(&self, p: &Position) -> Result<Option<bool>, GameError>;
    /// The engine's move (as `player` in a partizan game): a winning move when there is one,
    /// otherwise the move that leaves the most play (the largest total of the position's
    /// numbers); `None` when there is no move. Said in the words [`DynGame::listed_moves`]
    /// gives the same move.
    fn engine_move(&self, p: &Position, player: Option<Player>) -> Result<Option<Play>, GameError>;
    /// The value of `p` as a short game (see [`crate::cgt`]): a partizan game's canonical
    /// form, found by searching its positions (at most [`VALUE_POSITIONS`] of them); an
    /// impartial game's nimber, from its Grundy value.
    fn value(&self, p: &Position) -> Result<crate::cgt::Report, GameError>;
    /// The misère canonical form of `p` (see [`crate::misere_form`]), built in `forms`: by
    /// default from the forms of every position below it; refused for a partizan game.
    ///
    /// ```
    /// use grundy::misere_form::Forms;
    /// use grundy::registry::Registry;
    ///
    /// let kayles = Registry::catalog().parse("kayles").unwrap().game().unwrap();
    /// let mut forms = Forms::new();
    /// let g = kayles.misere_form(&mut forms, &kayles.position(&["5"]).unwrap()).unwrap();
    /// assert_eq!(forms.genus_text(g).unwrap(), "4^146"); // as CGSuite writes it
    /// ```
    fn misere_form(
        &self,
        forms: &mut crate::misere_form::Forms,
        p: &Position,
    ) -> Result<crate::misere_form::Form, GameError> {
        super::form_of(forms, self, p)
    }
    /// For a sum of games, each component played alone by the misère rule and solved (at
    /// most `max_moves` winning moves each): the `components` of a misère sum's analysis.
    /// `None` for a game that is not a sum.
    fn misere_components(
        &self,
        _p: &Position,
        _max_moves: usize,
    ) -> Result<Option<Vec<Analysis>>, GameError> {
        Ok(None)
    }
}

/// The Grundy value a verdict gives, or 0 for a P-position of an impartial game played by the
/// normal rule, whose value is 0 whether or not the game computed it (Sprague–Grundy: a
/// position is P exactly when its value is 0), so that a huge Wythoff P-position says so.
pub(super) fn known_grundy<R: Ruleset>(
    game: &R,
    outcome: Outcome,
    grundy: Option<Nat>,
) -> Option<Nat> {
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

impl<R: Ruleset + Send + Sync> DynGame for R
where
    R::Pos: Send + Sync + 'static,
{
    fn position(&self, words: &[&str]) -> Result<Position, GameError> {
        Ok(Position::new(self.parse(words)?))
    }

    /// The position's followers walked as the game's own positions (no words between them),
    /// each normal form valued once.
    fn misere_form(
        &self,
        forms: &mut crate::misere_form::Forms,
        p: &Position,
    ) -> Result<crate::misere_form::Form, GameError> {
        let name = Ruleset::name(self);
        if Ruleset::partizan(self) {
            return Err(super::bottom_up::not_impartial(&name));
        }
        let root = Ruleset::normal_form(self, own(self, p)?);
        value_bottom_up(
            &name,
            root,
            super::POSITION_LIMIT,
            |p| {
                let options = options_for(self, p, None)?;
                Ok(vec![options
                    .iter()
                    .map(|o| Ruleset::normal_form(self, o))
                    .collect()])
            },
            |of| forms.game(&of[0]),
        )
    }

    fn info(&self) -> &'static GameInfo {
        Ruleset::info(self)
    }

    fn name(&self) -> String {
        Ruleset::name(self)
    }

    fn game_name(&self) -> GameName {
        Ruleset::game_name(self)
    }

    fn solve(&self, p: &Position, max_moves: usize) -> Result<Analysis, GameError> {
        self.answer(own(self, p)?, max_moves)
    }

    fn solve_in_full(&self, p: &Position, max_moves: usize) -> Result<Analysis, GameError> {
        let p = own(self, p)?;
        let mut a = self.answer(p, max_moves)?;
        a.remoteness = Ruleset::remoteness(self, p).unwrap_or(None);
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

    fn outcome_of(&self, p: &Position) -> Result<Outcome, GameError> {
        Ruleset::outcome(self, own(self, p)?)
    }

    fn remoteness_of(&self, p: &Position) -> Result<Option<crate::Nat>, GameError> {
        Ruleset::remoteness(self, own(self, p)?)
    }

    fn table_shape(&self) -> Option<TableShape> {
        Ruleset::table_shape(self)
    }

    fn canonical(&self, p: &Position) -> Result<Vec<Token>, GameError> {
        Ok(self.tokens(own(self, p)?))
    }

    fn normal_form(&self, p: &Position) -> Result<Vec<Token>, GameError> {
        Ok(self.tokens(&Ruleset::normal_form(self, own(self, p)?)))
    }

    fn options(&self, p: &Position, player: Option<Player>) -> Result<Vec<Position>, GameError> {
        // Each position once, in the order the game lists them.
        let mut seen = HashSet::new();
        Ok(options_for(self, own(self, p)?, player)?
            .into_iter()
            .filter(|o| seen.insert(o.clone()))
            .map(Position::new)
            .collect())
    }

    fn listed_moves(&self, p: &Position, player: Option<Player>) -> Result<Vec<Play>, GameError> {
        Ok(self
            .plays(own(self, p)?, player)?
            .into_iter()
            .map(|m| {
                let to = Position::new(m.to.clone());
                (written(self, m), to)
            })
            .collect())
    }

    fn read_move(
        &self,
        p: &Position,
        player: Option<Player>,
        typed: &str,
    ) -> Result<Position, GameError> {
        let p = own(self, p)?;
        let moves = self.plays(p, player)?;
        if let Some(m) = moves
            .iter()
            .find(|m| crate::moves::says(typed, &m.description, m.player))
        {
            return Ok(Position::new(m.to.clone()));
        }
        // A winning move as a hint says it (a game's own words for its moves).
        if !typed.trim().is_empty() {
            // Only where the outcome leaves winning moves to look at (a P-position's list may
            // cost a search that finds none).
            let winning = |v: &crate::analysis::Verdict<'_, R::Pos>| {
                no_search(v.outcome, HINTS_READ).is_none()
            };
            if let Some(verdict) = self.verdict(p).ok().filter(winning) {
                let fits = |w: &Move<R::Pos>| {
                    player.is_none_or(|who| w.player.is_none_or(|p| p == who))
                        && crate::moves::says(typed, &w.description, w.player)
                };
                if let Some(w) = verdict.winning.take(HINTS_READ).find(fits) {
                    return Ok(Position::new(w.to));
                }
            }
        }
        // The position after the move.
        let words: Vec<&str> = typed.split_whitespace().collect();
        let illegal = || {
            GameError::Invalid(format!(
                "'{}' is not a move from {} (type moves to list them)",
                typed.trim(),
                self.show(p)
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
        match moves.into_iter().find(|m| self.tokens(&m.to) == to) {
            Some(m) => Ok(Position::new(m.to)),
            None => Err(illegal()),
        }
    }

    fn partizan(&self) -> bool {
        Ruleset::partizan(self)
    }

    fn misere(&self) -> bool {
        Ruleset::misere(self)
    }

    fn ends_at_once(&self, p: &Position) -> Result<Option<bool>, GameError> {
        Ok(Ruleset::ends_at_once(self, own(self, p)?))
    }

    fn moves_to_value(
        &self,
        p: &Position,
        target: &Nat,
        max: usize,
    ) -> Result<(Vec<WinningMove>, bool, bool), GameError> {
        let (moves, partial) = Ruleset::moves_to_value(self, own(self, p)?, target)?;
        let (moves, more) = collect_moves(self, moves, max);
        Ok((moves, more, partial))
    }

    fn value(&self, p: &Position) -> Result<crate::cgt::Report, GameError> {
        let p = own(self, p)?;
        if let Some(report) = Ruleset::report(self, p) {
            return report;
        }
        let mut u = crate::cgt::Universe::new();
        let g = if Ruleset::partizan(self) {
            partizan_value(self, p, &mut u)?
        } else {
            let name = Ruleset::name(self);
            if Ruleset::misere(self) {
                return Err(GameError::Invalid(format!(
                    "{name}: a misère position has no nimber (no normal-play value): misère play is not \
                     decided by adding values (Conway, On Numbers and Games, ch. 12); grundy \
                     solve gives its outcome"
                )));
            }
            let grundy = self.verdict(p)?.grundy.ok_or_else(|| {
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

    fn engine_move(&self, p: &Position, player: Option<Player>) -> Result<Option<Play>, GameError> {
        let p = own(self, p)?;
        let options = options_for(self, p, player)?;
        let mine = |m: &Move<R::Pos>| !Ruleset::partizan(self) || m.player == player;
        let chosen = match self.verdict(p)?.winning.find(|m| mine(m)) {
            Some(m) => Some(m.to),
            None => options
                .into_iter()
                .max_by_key(|o| play_left(&self.tokens(o))),
        };
        let Some(to) = chosen else {
            return Ok(None);
        };
        let words = self
            .plays(p, player)?
            .into_iter()
            .find(|m| m.to == to)
            .map(|m| m.description)
            .unwrap_or_else(|| self.show(&to));
        let said = WinningMove {
            to: self.tokens(&to),
            description: words,
            player: player.filter(|_| Ruleset::partizan(self)),
            component: None,
        };
        Ok(Some((said, Position::new(to))))
    }

    fn table_position(&self, coords: &[u64]) -> Result<Option<Position>, GameError> {
        Ok(Ruleset::table_position(self, coords)?.map(Position::new))
    }

    fn table_outcome(&self, coords: &[u64]) -> Result<Option<Outcome>, GameError> {
        match Ruleset::table_position(self, coords)? {
            Some(position) => Ruleset::outcome(self, &position).map(Some),
            None => Ok(None),
        }
    }

    fn table_cell(&self, coords: &[u64]) -> Result<Option<Cell>, GameError> {
        let Some(position) = Ruleset::table_position(self, coords)? else {
            return Ok(None);
        };
        let v = self.verdict(&position)?;
        Ok(Some(Cell {
            outcome: v.outcome,
            grundy: v.grundy,
        }))
    }
}

/// The most winning moves looked at for one a person typed as a hint says it.
const HINTS_READ: usize = 1000;

/// `p` as a position of `game`'s own type.
fn own<'a, R: Ruleset>(_game: &R, p: &'a Position) -> Result<&'a R::Pos, GameError>
where
    R::Pos: 'static,
{
    p.get::<R::Pos>()
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
pub(super) fn collect_winning<R: Ruleset + ?Sized>(
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
