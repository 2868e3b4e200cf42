//! What every partizan board ruleset shares (Domineering, Clobber, Toads and Frogs, Cutcake,
//! Hackenbush): a position is a sum of independent *parts* (regions, strips, cakes, trees),
//! each part's value is its canonical form `{values after Left's moves | values after
//! Right's}` (Winning Ways ch. 2; Siegel, *Combinatorial Game Theory*, II.1–3), and the
//! position's value is the sum. A ruleset file says how a part is written and read, its
//! moves (each leaving a sum of parts: a region a domino cuts in two is two parts), and a
//! normal form under the board's symmetries, so that mirror images are valued once.
//!
//! Who wins follows from the value: Left wins moving first exactly when some Left option is
//! ≥ 0, Right when some Right option is ≤ 0; those options are the winning moves.

use crate::analysis::{Move, Player, Token, Verdict};
use crate::catalog::{GameInfo, Ruleset};
use crate::cgt::{Id, Report, Universe};
use crate::{GameError, Outcome};
use rustc_hash::FxHashMap as HashMap;
use std::hash::Hash;
use std::sync::Mutex;

/// What [`Parts::each_move`] runs on each move: the parts it leaves.
pub type OnMove<'a, P> = dyn FnMut(&[P]) -> Result<(), GameError> + 'a;

/// The rules of a partizan game played on a sum of parts.
pub trait Parts: Send + Sync + 'static {
    /// One part (a region, a strip, a cake, a tree).
    type Part: Clone + Eq + Hash + Send + Sync + std::fmt::Debug;
    /// Names, rules and sources.
    fn info(&self) -> &'static GameInfo;
    /// A part from its written form (one word of the position).
    fn read_part(&self, word: &str) -> Result<Self::Part, GameError>;
    /// A part written as one word.
    fn write_part(&self, part: &Self::Part) -> String;
    /// Every position `player` can move `part` to, each a sum of parts (empty when nothing is
    /// left that anyone can move in).
    fn moves(&self, part: &Self::Part, player: Player) -> Vec<Vec<Self::Part>>;
    /// Runs `f` on what each of `player`'s moves leaves, in the order of [`Parts::moves`],
    /// stopping at its first error. The default goes through `moves`; a ruleset with many
    /// moves a part builds them here without a list for each (and `moves` from this).
    fn each_move(
        &self,
        part: &Self::Part,
        player: Player,
        f: &mut OnMove<Self::Part>,
    ) -> Result<(), GameError> {
        self.moves(part, player)
            .iter()
            .try_for_each(|after| f(after))
    }
    /// Every move of `player` in `part` as a person makes it on the board: its name (the
    /// cells it uses, e.g. `a1-a2`) and the part after it, the board kept whole (what can no
    /// longer be played stays written, so the position reads as the board it is). `None`
    /// (the default) for a ruleset whose moves leave a sum of parts ([`Parts::moves`]), each
    /// then named by what it leaves.
    fn plays(&self, _part: &Self::Part, _player: Player) -> Option<Vec<(String, Self::Part)>> {
        None
    }
    /// The names of `player`'s moves in `part`, one for each of [`Parts::moves`] in the same
    /// order, as a person says them (`chop edge 4 (green)`, `cut into 1x3 and 3x3`); `None`
    /// (the default) to name each move by the part it leaves.
    fn move_names(&self, _part: &Self::Part, _player: Player) -> Option<Vec<String>> {
        None
    }
    /// The part in a normal form shared by its symmetric images, and whether the part is
    /// worth the negative of it (a symmetry that swaps the players' roles); `None` for a part
    /// where neither player can ever move (worth 0).
    fn normal(&self, part: &Self::Part) -> Option<(Self::Part, bool)>;
    /// The layout of `grundy table` for a ruleset whose parts are indexed by numbers
    /// (Cutcake's W × H cakes), with [`Parts::table_part`]; `None` (the default) for none.
    fn table_shape(&self) -> Option<crate::catalog::TableShape> {
        None
    }
    /// The part at table coordinates (see [`Parts::table_shape`]).
    fn table_part(&self, _coords: &[u64]) -> Option<Self::Part> {
        None
    }
    /// An outcome search for `part` when it is too large to value quickly (see
    /// [`crate::search::outcome`]); `None` (the default) to value it.
    fn searcher(&self, _part: &Self::Part) -> Option<Box<dyn Oracle<Self::Part>>> {
        None
    }
    /// The value of a part in normal form when a theorem gives it as a number (Cutcake's
    /// cakes), so that no search is made; `None` (the default) to search its moves.
    fn known(&self, _part: &Self::Part) -> Option<crate::cgt::Dyadic> {
        None
    }
}

/// Who wins a part, found by search rather than from its value.
pub trait Oracle<P> {
    /// Whether `player`, moving first on `part`, wins.
    fn wins(&mut self, part: &P, player: Player) -> Result<bool, GameError>;
    /// Whether `player`, moving first on `part`, wins, where the search already knows it
    /// (its tables, or a bound): no search is made. `None` by default.
    fn known(&self, _part: &P, _player: Player) -> Option<bool> {
        None
    }
    /// What the search has done so far.
    fn searched(&self) -> crate::search::Searched;
}

/// How a position with no part left is written (it is worth 0, and the player to move has
/// lost).
pub const EMPTY: &str = "0";

/// The most parts valued for one answer (each kept with its value).
pub const MAX_PARTS: usize = 20_000_000;

/// Values of parts found so far, in their universe.
#[derive(Debug)]
pub struct Values<P: Eq + Hash> {
    /// The games the values live in.
    pub universe: Universe,
    /// Values of parts in normal form.
    known: HashMap<P, Id>,
    /// Values of parts as they were met.
    seen: HashMap<P, Id>,
}

impl<P: Eq + Hash> Default for Values<P> {
    fn default() -> Self {
        Values {
            universe: Universe::new(),
            known: HashMap::default(),
            seen: HashMap::default(),
        }
    }
}

impl<P: Clone + Eq + Hash + std::fmt::Debug> Values<P> {
    /// The value of the sum `parts` under `rules`.
    pub fn sum<R: Parts<Part = P>>(&mut self, rules: &R, parts: &[P]) -> Result<Id, GameError> {
        let mut total = self.universe.zero();
        for p in parts {
            let v = self.part(rules, p)?;
            total = self.universe.add(total, v);
        }
        Ok(total)
    }

    /// The value of one part: its normal form's, negated if need be.
    pub fn part<R: Parts<Part = P>>(&mut self, rules: &R, part: &P) -> Result<Id, GameError> {
        // The same part comes back under many moves: its value is remembered as it is, so
        // that its normal form is found once.
        if let Some(&v) = self.seen.get(part) {
            return Ok(v);
        }
        let Some((key, negated)) = rules.normal(part) else {
            return Ok(self.universe.zero());
        };
        let v = match self.known.get(&key) {
            Some(&v) => v,
            None => match rules.known(&key) {
                Some(x) => self.universe.number(x),
                None => self.search(rules, key)?,
            },
        };
        let v = if negated { self.universe.neg(v) } else { v };
        self.seen.insert(part.clone(), v);
        Ok(v)
    }

    /// The value of a part in normal form, from its moves (remembered).
    fn search<R: Parts<Part = P>>(&mut self, rules: &R, key: P) -> Result<Id, GameError> {
        if self.known.len() % 1024 == 0 {
            crate::budget::check()?;
            crate::budget::report("regions valued", self.known.len() as u64, None);
            if self.known.len() >= MAX_PARTS {
                return Err(GameError::TooLarge(format!(
                    "{}: more than {MAX_PARTS} regions to value",
                    rules.info().name
                )));
            }
        }
        let mut sides = [Vec::new(), Vec::new()];
        for (side, player) in sides.iter_mut().zip([Player::Left, Player::Right]) {
            rules.each_move(&key, player, &mut |after| {
                side.push(self.sum(rules, after)?);
                Ok(())
            })?;
        }
        let v = self.universe.game(&sides[0], &sides[1]);
        self.known.insert(key, v);
        Ok(v)
    }
}

/// A ruleset of [`Parts`] as a catalog game: positions are sums of parts, one word each.
pub struct Game<R: Parts> {
    rules: R,
    values: Mutex<Values<R::Part>>,
}

impl<R: Parts> Game<R> {
    /// The game played by `rules`.
    pub fn new(rules: R) -> Self {
        Game {
            rules,
            values: Mutex::new(Values::default()),
        }
    }

    /// `f` run with the values found so far (one lock for the whole answer).
    fn with_values<T>(
        &self,
        f: impl FnOnce(&mut Values<R::Part>) -> Result<T, GameError>,
    ) -> Result<T, GameError> {
        let mut values = self.values.lock().unwrap_or_else(|e| e.into_inner());
        let answer = f(&mut values).and_then(|a| values.universe.check().map(|()| a));
        // A universe stopped by a time budget holds meaningless values: start afresh.
        if values.universe.check().is_err() {
            *values = Values::default();
        }
        answer
    }

    /// Every move of `player` from `position`, each with the position it leaves.
    fn moves_of(&self, position: &[R::Part], player: Player) -> Vec<Vec<R::Part>> {
        self.named_moves(position, player)
            .into_iter()
            .map(|(_, after)| after)
            .collect()
    }

    /// Every move of `player` from `position` in words (see [`Parts::plays`]), each with the
    /// position it leaves; in a sum of several parts, the words say which part.
    fn named_moves(&self, position: &[R::Part], player: Player) -> Vec<(String, Vec<R::Part>)> {
        let mut out = Vec::new();
        let several = position.len() > 1;
        for (i, part) in position.iter().enumerate() {
            let with = |after: &[R::Part]| {
                let mut next = position[..i].to_vec();
                next.extend_from_slice(after);
                next.extend_from_slice(&position[i + 1..]);
                next
            };
            let on = if several {
                format!(" on board {}", i + 1)
            } else {
                String::new()
            };
            match self.rules.plays(part, player) {
                Some(plays) => {
                    for (name, after) in plays {
                        out.push((format!("{name}{on}"), with(&[after])));
                    }
                }
                None => {
                    let moves = self.rules.moves(part, player);
                    let names = self
                        .rules
                        .move_names(part, player)
                        .filter(|n| n.len() == moves.len());
                    let written = self.rules.write_part(part);
                    // The part a named move is made in, when there are several: by its words,
                    // and its number too where another part is written the same.
                    let twin = position
                        .iter()
                        .enumerate()
                        .any(|(j, q)| j != i && self.rules.write_part(q) == written);
                    let of = if twin {
                        format!("of {written} (part {})", i + 1)
                    } else {
                        format!("of {written}")
                    };
                    for (k, after) in moves.into_iter().enumerate() {
                        let name = match &names {
                            Some(names) if several => format!("{} {of}", names[k]),
                            Some(names) => names[k].clone(),
                            None if several => {
                                format!("{written} → {} in part {}", self.write(&after), i + 1)
                            }
                            None => format!("{written} → {}", self.write(&after)),
                        };
                        out.push((name, with(&after)));
                    }
                }
            }
        }
        out
    }

    /// Who wins `part` and the winning moves of each player (the first `max_moves + 1` of
    /// them), by search.
    fn searched_verdict(
        &self,
        part: &R::Part,
        mut oracle: Box<dyn Oracle<R::Part>>,
        max_moves: usize,
    ) -> Result<Verdict<'_, Vec<R::Part>>, GameError> {
        let position = vec![part.clone()];
        let left = oracle.wins(part, Player::Left)?;
        let right = oracle.wins(part, Player::Right)?;
        let mut winning = Vec::new();
        // Each winning move is a search: one more than the answer lists is enough to say
        // the list goes on.
        let wanted = max_moves.saturating_add(1);
        for (player, wins) in [(Player::Left, left), (Player::Right, right)] {
            if !wins || winning.len() >= wanted {
                continue;
            }
            let other = match player {
                Player::Left => Player::Right,
                Player::Right => Player::Left,
            };
            // The moves the search already knows the answer to come first (the one it found
            // winning is among them), then the others, each searched; listed in board order.
            let mut unknown = Vec::new();
            let mut found = Vec::new();
            for (i, (name, after)) in self.named_moves(&position, player).into_iter().enumerate() {
                let [next] = &after[..] else {
                    return Err(GameError::Invalid(format!(
                        "a move on one board left {} boards",
                        after.len()
                    )));
                };
                match oracle.known(next, other) {
                    Some(true) => {}
                    Some(false) => found.push((i, name, after)),
                    None => unknown.push((i, name, after)),
                }
            }
            found.truncate(wanted - winning.len());
            for (i, name, after) in unknown {
                if winning.len() + found.len() >= wanted {
                    break;
                }
                if !oracle.wins(&after[0], other)? {
                    found.push((i, name, after));
                }
            }
            found.sort_by_key(|&(i, _, _)| i);
            winning.extend(found.into_iter().map(|(_, name, after)| Move {
                description: format!("{player:?} {name}"),
                to: after,
                player: Some(player),
            }));
        }
        let outcome = Outcome::from_partizan(left, right);
        let s = oracle.searched();
        let says = |w: bool| if w { "wins" } else { "loses" };
        Ok(Verdict {
            search: Some(s),
            outcome,
            grundy: None,
            winning: Box::new(winning.into_iter()),
            partial: false,
            explanation: format!(
                "Found by search, not from the value (too large to value quickly; `grundy \
                 value` computes it): Left moving first {}, Right moving first {}. The search \
                 (negamax with a table for each player, moves that leave the mover most \
                 moves and safe moves against the opponent's first, and positions decided \
                 early by counting what a player is sure of — safe moves and their options, \
                 protective areas, vulnerable moves — against the most moves the opponent's \
                 lines and the cells it can reach hold, after N. Bullock's Obsequi) {}",
                says(left),
                says(right),
                if s.positions == 0 {
                    "decided it by that count alone, before any move.".to_string()
                } else {
                    format!(
                        "expanded {} positions to a depth of {} moves and kept {} in its \
                         tables, in {} ms.",
                        s.positions, s.depth, s.table_entries, s.milliseconds
                    )
                }
            ),
        })
    }

    /// A sum of parts as words: the parts, or `0` when none is left.
    fn write(&self, parts: &[R::Part]) -> String {
        if parts.is_empty() {
            return EMPTY.into();
        }
        let words: Vec<String> = parts.iter().map(|p| self.rules.write_part(p)).collect();
        words.join(" ")
    }
}

impl<R: Parts> std::fmt::Debug for Game<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Game")
            .field("name", &self.rules.info().name)
            .finish_non_exhaustive()
    }
}

impl<R: Parts> Ruleset for Game<R> {
    type Pos = Vec<R::Part>;

    fn info(&self) -> &'static GameInfo {
        self.rules.info()
    }

    fn parse(&self, args: &[&str]) -> Result<Self::Pos, GameError> {
        if args.is_empty() {
            return Err(GameError::WrongCount {
                game: self.rules.info().name.into(),
                expected: format!("at least one part ({})", self.rules.info().usage),
                got: 0,
            });
        }
        if args == [EMPTY] {
            return Ok(Vec::new());
        }
        args.iter().map(|w| self.rules.read_part(w)).collect()
    }

    fn tokens(&self, position: &Self::Pos) -> Vec<Token> {
        if position.is_empty() {
            return vec![Token::Text(EMPTY.into())];
        }
        position
            .iter()
            .map(|p| Token::Text(self.rules.write_part(p)))
            .collect()
    }

    fn plays(
        &self,
        position: &Self::Pos,
        player: Option<Player>,
    ) -> Result<Vec<Move<Self::Pos>>, GameError> {
        let player = player.ok_or_else(|| crate::catalog::player_needed(&Ruleset::name(self)))?;
        Ok(self
            .named_moves(position, player)
            .into_iter()
            .map(|(description, to)| Move {
                to,
                description,
                player: Some(player),
            })
            .collect())
    }

    fn partizan(&self) -> bool {
        true
    }

    fn table_shape(&self) -> Option<crate::catalog::TableShape> {
        self.rules.table_shape()
    }

    fn table_position(&self, coords: &[u64]) -> Result<Option<Self::Pos>, GameError> {
        Ok(self.rules.table_part(coords).map(|p| vec![p]))
    }

    fn options(&self, position: &Self::Pos) -> Result<Vec<Self::Pos>, GameError> {
        let mut all = self.moves_of(position, Player::Left);
        all.extend(self.moves_of(position, Player::Right));
        Ok(all)
    }

    fn player_options(
        &self,
        position: &Self::Pos,
        player: Player,
    ) -> Result<Vec<Self::Pos>, GameError> {
        Ok(self.moves_of(position, player))
    }

    fn verdict(&self, position: &Self::Pos) -> Result<Verdict<'_, Self::Pos>, GameError> {
        self.verdict_up_to(position, usize::MAX)
    }

    fn verdict_up_to(
        &self,
        position: &Self::Pos,
        max_moves: usize,
    ) -> Result<Verdict<'_, Self::Pos>, GameError> {
        if let [part] = &position[..] {
            if let Some(oracle) = self.rules.searcher(part) {
                return self.searched_verdict(part, oracle, max_moves);
            }
        }
        let (outcome, shown, winning) = self.with_values(|values| {
            let g = values.sum(&self.rules, position)?;
            let mut winning = Vec::new();
            for player in [Player::Left, Player::Right] {
                for (name, after) in self.named_moves(position, player) {
                    let v = values.sum(&self.rules, &after)?;
                    let zero = values.universe.zero();
                    let good = match player {
                        Player::Left => values.universe.le(zero, v),
                        Player::Right => values.universe.le(v, zero),
                    };
                    if good {
                        winning.push(Move {
                            description: format!("{player:?} {name}"),
                            to: after,
                            player: Some(player),
                        });
                    }
                }
            }
            let outcome = values.universe.outcome(g);
            Ok((outcome, values.universe.show(g), winning))
        })?;
        Ok(Verdict {
            search: None,
            outcome,
            grundy: None,
            winning: Box::new(winning.into_iter()),
            partial: false,
            explanation: format!(
                "The position is worth {shown} (its parts' values added, each the canonical \
                 form of its options' values): {}.",
                match outcome {
                    Outcome::L => "positive, so Left wins whoever starts",
                    Outcome::R => "negative, so Right wins whoever starts",
                    Outcome::P => "zero, so the player to move loses",
                    _ => "confused with zero, so the player to move wins",
                }
            ),
        })
    }

    fn report(&self, position: &Self::Pos) -> Option<Result<Report, GameError>> {
        Some(self.with_values(|values| {
            let g = values.sum(&self.rules, position)?;
            values.universe.report(g)
        }))
    }
}

/// Cells of a rectangular board of at most 64 cells, one bit each (row-major), with helpers
/// shared by the grid games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Grid {
    /// Rows.
    pub h: u8,
    /// Columns.
    pub w: u8,
}

impl Grid {
    /// The bit of cell (r, c).
    pub fn bit(self, r: u8, c: u8) -> u64 {
        1 << (u32::from(r) * u32::from(self.w) + u32::from(c))
    }

    /// Reads rows joined by `|` (each row one character a cell) into one bitmask per
    /// character class: `class` gives a character's mask index, `Some(None)` for a cell in
    /// no mask (empty, blocked), or `None` for a character that is not a cell.
    pub fn read<const K: usize>(
        game: &str,
        word: &str,
        allowed: &str,
        class: impl Fn(char) -> Option<Option<usize>>,
    ) -> Result<(Grid, [u64; K]), GameError> {
        let rows: Vec<&str> = word.split('|').collect();
        let w = rows[0].chars().count();
        let bad = |why: String| GameError::Invalid(format!("{game} board '{word}': {why}"));
        if w == 0 || rows.iter().any(|r| r.chars().count() != w) {
            return Err(bad(
                "every row needs the same number of cells, at least one".into(),
            ));
        }
        if w * rows.len() > 64 {
            return Err(bad(format!(
                "{} cells; boards of at most 64 cells are valued",
                w * rows.len()
            )));
        }
        let grid = Grid {
            h: rows.len() as u8,
            w: w as u8,
        };
        let mut masks = [0u64; K];
        for (r, row) in rows.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                match class(ch) {
                    Some(Some(k)) => masks[k] |= grid.bit(r as u8, c as u8),
                    Some(None) => {}
                    None => {
                        return Err(bad(format!(
                            "'{ch}' is not a cell (use {allowed}, rows joined by '|')"
                        )))
                    }
                }
            }
        }
        Ok((grid, masks))
    }

    /// The name of the cell whose bit is `bit`, as a person names it: its column as a letter
    /// from the left (a, b, …, z, then aa, ab, …) and its row as a number from the top, as
    /// the board is written (`a1` is the first cell written).
    ///
    /// ```
    /// use grundy::games::partizan::Grid;
    /// let g = Grid { h: 2, w: 30 };
    /// assert_eq!(g.cell_name(g.bit(0, 0)), "a1");
    /// assert_eq!(g.cell_name(g.bit(1, 2)), "c2");
    /// assert_eq!(g.cell_name(g.bit(1, 27)), "ab2");
    /// ```
    pub fn cell_name(self, bit: u64) -> String {
        let i = bit.trailing_zeros();
        let (r, c) = (i / u32::from(self.w), i % u32::from(self.w));
        let letter = |k: u32| char::from(b'a' + k as u8);
        let column = if c < 26 {
            letter(c).to_string()
        } else {
            format!("{}{}", letter(c / 26 - 1), letter(c % 26))
        };
        format!("{column}{}", r + 1)
    }

    /// Writes the board, `cell` giving each cell's character.
    pub fn write(self, cell: impl Fn(u64) -> char) -> String {
        let mut s = String::new();
        for r in 0..self.h {
            if r > 0 {
                s.push('|');
            }
            for c in 0..self.w {
                s.push(cell(self.bit(r, c)));
            }
        }
        s
    }

    /// The cells of `cells` 4-connected to those of `seed` (within `cells`).
    pub fn flood(self, cells: u64, seed: u64) -> u64 {
        self.edges().flood(cells, seed)
    }

    /// The masks a flood needs, found once for many floods on this board.
    pub(crate) fn edges(self) -> Edges {
        Edges {
            w: u32::from(self.w),
            all: self.all(),
            not_first: !self.column(0),
            not_last: !self.column(self.w - 1),
        }
    }

    /// For each set of cells of one row (as the row's bits), the same cells mirrored
    /// left–right; empty for a board wider than 16 (the table would be too large), where
    /// `u64::reverse_bits` serves instead.
    pub(crate) fn mirror_table(self) -> Vec<u64> {
        let w = u32::from(self.w);
        if w > 16 {
            return Vec::new();
        }
        (0..1u64 << w)
            .map(|r| r.reverse_bits() >> (64 - w))
            .collect()
    }

    /// The cells of column `c`.
    pub fn column(self, c: u8) -> u64 {
        (0..self.h).fold(0, |m, r| m | self.bit(r, c))
    }

    /// The cells next to any of `cells` (up, down, left, right).
    pub fn neighbours(self, cells: u64) -> u64 {
        self.edges().neighbours(cells)
    }

    /// Every cell.
    pub fn all(self) -> u64 {
        let n = u32::from(self.h) * u32::from(self.w);
        if n == 64 {
            u64::MAX
        } else {
            (1u64 << n) - 1
        }
    }

    /// The connected regions of `cells` (each a mask), in the order of their first cell.
    pub fn regions(self, cells: u64) -> Vec<u64> {
        let mut out = Vec::new();
        self.each_region(cells, |r| out.push(r));
        out
    }

    /// Runs `f` on each connected region of `cells`, in the order of their first cell.
    pub fn each_region(self, cells: u64, mut f: impl FnMut(u64)) {
        let edges = self.edges();
        let mut rest = cells;
        while rest != 0 {
            let seed = rest & rest.wrapping_neg();
            let region = edges.flood(rest, seed);
            f(region);
            rest &= !region;
        }
    }

    /// The masks cut down to the smallest rectangle holding `keep`'s cells.
    pub fn crop<const K: usize>(self, keep: u64, masks: [u64; K]) -> (Grid, [u64; K]) {
        let w = u32::from(self.w);
        let row_mask = (1u64 << w) - 1;
        let (mut r0, mut r1, mut cols) = (u8::MAX, 0u8, 0u64);
        for r in 0..self.h {
            let row = keep >> (u32::from(r) * w) & row_mask;
            if row != 0 {
                (r0, r1, cols) = (r0.min(r), r, cols | row);
            }
        }
        if cols == 0 {
            return (Grid { h: 0, w: 0 }, [0; K]);
        }
        let c0 = cols.trailing_zeros();
        let c1 = 63 - cols.leading_zeros();
        let g = Grid {
            h: r1 - r0 + 1,
            w: (c1 - c0 + 1) as u8,
        };
        let new_row = (1u64 << g.w) - 1;
        let mut out = [0u64; K];
        for (k, m) in masks.iter().enumerate() {
            for r in r0..=r1 {
                let row = m >> (u32::from(r) * w + c0) & new_row;
                out[k] |= row << (u32::from(r - r0) * u32::from(g.w));
            }
        }
        (g, out)
    }

    /// The masks under one of the eight symmetries of the rectangle: `t` bit 0 mirrors
    /// left–right, bit 1 top–bottom, bit 2 transposes (after the mirrors).
    pub fn transform<const K: usize>(self, masks: [u64; K], t: u8) -> (Grid, [u64; K]) {
        let mirrored = masks.map(|m| self.mirror(m, t & 1 != 0, t & 2 != 0));
        if t & 4 == 0 {
            (self, mirrored)
        } else {
            (self.transposed(), mirrored.map(|m| self.transpose(m)))
        }
    }

    /// The masks under all eight symmetries, indexed by `t` as in [`Grid::transform`]; the
    /// transposition is done once for all four of its images.
    pub fn images<const K: usize>(self, masks: [u64; K]) -> [(Grid, [u64; K]); 8] {
        let t = self.transposed();
        let across = masks.map(|m| self.transpose(m));
        std::array::from_fn(|i| {
            let (lr, tb) = (i & 1 != 0, i & 2 != 0);
            if i < 4 {
                (self, masks.map(|m| self.mirror(m, lr, tb)))
            } else {
                // Mirroring then transposing is transposing then mirroring the other way.
                (t, across.map(|m| t.mirror(m, tb, lr)))
            }
        })
    }

    /// The board with rows and columns swapped.
    fn transposed(self) -> Grid {
        Grid {
            h: self.w,
            w: self.h,
        }
    }

    /// `m` mirrored left–right (`lr`) and/or top–bottom (`tb`), a row at a time.
    fn mirror(self, m: u64, lr: bool, tb: bool) -> u64 {
        if m == 0 || !lr && !tb {
            return m;
        }
        let w = u32::from(self.w);
        let row_mask = u64::MAX >> (64 - w);
        let mut out = 0;
        for r in 0..u32::from(self.h) {
            let mut row = m >> (r * w) & row_mask;
            if lr {
                row = row.reverse_bits() >> (64 - w);
            }
            let to = if tb { u32::from(self.h) - 1 - r } else { r };
            out |= row << (to * w);
        }
        out
    }

    /// `m` transposed: cell (r, c) to (c, r) of the transposed board.
    fn transpose(self, m: u64) -> u64 {
        let (w, t) = (u32::from(self.w), self.transposed());
        let mut out = 0;
        let mut rest = m;
        while rest != 0 {
            let i = rest.trailing_zeros();
            rest &= rest - 1;
            out |= t.bit((i % w) as u8, (i / w) as u8);
        }
        out
    }
}

/// `x >> k`, 0 when every bit is shifted out (a board 64 cells wide shifts by 64).
pub(crate) fn shr(x: u64, k: u32) -> u64 {
    x.checked_shr(k).unwrap_or(0)
}

/// `x << k`, 0 when every bit is shifted out.
pub(crate) fn shl(x: u64, k: u32) -> u64 {
    x.checked_shl(k).unwrap_or(0)
}

/// A board's width and the masks of its cells, of all but its first column and of all but its
/// last, for floods.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Edges {
    w: u32,
    all: u64,
    not_first: u64,
    not_last: u64,
}

impl Edges {
    pub(crate) fn neighbours(self, cells: u64) -> u64 {
        // A board 64 cells wide has no cell above another.
        let up = shr(cells, self.w);
        let down = shl(cells, self.w);
        let left = (cells & self.not_first) >> 1;
        let right = (cells & self.not_last) << 1;
        (up | down | left | right) & self.all
    }

    pub(crate) fn flood(self, cells: u64, seed: u64) -> u64 {
        let mut region = seed & cells;
        loop {
            let grown = (region | self.neighbours(region)) & cells;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }
}

/// Test helper: the verdict on `position` has the outcome plain search found (`left` and
/// `right`: whether each player wins moving first), and every winning move it lists leaves a
/// position the mover wins moving second.
#[cfg(test)]
pub(crate) fn check_against_search<R: Parts>(
    game: &Game<R>,
    position: &[R::Part],
    (left, right): (bool, bool),
) {
    let what = game.show(&position.to_vec());
    let v = game.verdict(&position.to_vec()).unwrap();
    assert_eq!(v.outcome, Outcome::from_partizan(left, right), "{what}");
    for m in v.winning {
        let to = game.verdict(&m.to).unwrap().outcome;
        let ok = match m.player.expect("partizan moves say who moves") {
            Player::Left => matches!(to, Outcome::L | Outcome::P),
            Player::Right => matches!(to, Outcome::R | Outcome::P),
        };
        assert!(ok, "{what}: {} to {:?}", m.description, m.to);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Cell (r, c) of `g` under symmetry `t`, one cell at a time (the definition).
    fn image_of_cell(g: Grid, t: u8, (mut r, mut c): (u8, u8)) -> (u8, u8) {
        if t & 1 != 0 {
            c = g.w - 1 - c;
        }
        if t & 2 != 0 {
            r = g.h - 1 - r;
        }
        if t & 4 != 0 {
            (r, c) = (c, r);
        }
        (r, c)
    }

    proptest! {
        /// Every image, by row operations and one transposition, moves each cell where the
        /// definition says, on boards of every shape up to 64 cells.
        #[test]
        fn images_move_each_cell_where_the_symmetry_says(
            h in 1u8..=8, w in 1u8..=8, bits: u64, other: u64,
        ) {
            let g = Grid { h, w };
            let masks = [bits & g.all(), other & g.all()];
            let images = g.images(masks);
            for t in 0..8u8 {
                let target = if t & 4 != 0 { Grid { h: w, w: h } } else { g };
                let mut expected = [0u64; 2];
                for (k, m) in masks.iter().enumerate() {
                    for r in 0..h {
                        for c in 0..w {
                            if m & g.bit(r, c) != 0 {
                                let (r2, c2) = image_of_cell(g, t, (r, c));
                                expected[k] |= target.bit(r2, c2);
                            }
                        }
                    }
                }
                prop_assert_eq!(images[t as usize], (target, expected));
                prop_assert_eq!(g.transform(masks, t), (target, expected));
            }
        }
    }

    #[test]
    fn a_row_of_64_cells_mirrors() {
        let g = Grid { h: 1, w: 64 };
        assert_eq!(g.transform([1], 1), (g, [1 << 63]));
        assert_eq!(g.transform([1], 4).1, [1]);
        assert_eq!(g.images([0])[5].1, [0]);
    }
}
