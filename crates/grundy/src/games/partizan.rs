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
use crate::cgt::{memo, Id, Report, Universe};
use crate::rules::{GameInfo, Ruleset};
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
    fn table_shape(&self) -> Option<crate::rules::TableShape> {
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

/// What the explanation of a searched answer says of the moves it did not examine for the
/// list of winning moves (each player's count); nothing when it examined them all.
fn unexamined_note(unexamined: &[(Player, usize)], floor: u64) -> String {
    if unexamined.is_empty() {
        return String::new();
    }
    let counts: Vec<String> = unexamined
        .iter()
        .map(|(player, n)| format!("{n} of {player:?}'s move{}", if *n == 1 { "" } else { "s" }))
        .collect();
    format!(
        " Listing the winning moves stopped after searching as many positions again as the \
         answer took (at least {}): {} not examined, so more winning moves may exist \
         (the command line's --all-moves examines every one, however long it takes).",
        floor,
        counts.join(" and ")
    )
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
    /// Whether `player`, moving first on `part`, wins, if the search can tell after at most
    /// `positions` more positions; `None` if it gave up (what it settled stays known).
    fn wins_within(
        &mut self,
        part: &P,
        player: Player,
        positions: u64,
    ) -> Result<Option<bool>, GameError>;
    /// What the search has done so far.
    fn searched(&self) -> crate::search::Searched;
}

/// How a position with no part left is written (it is worth 0, and the player to move has
/// lost).
pub const EMPTY: &str = "0";

/// The most parts valued for one answer (each kept with its value).
pub const MAX_PARTS: usize = 20_000_000;

/// Values of parts as they were met, a bounded number of the most recent: a table of one
/// entry a slot, found by the part's hash, a new entry taking the place of the one there.
///
/// The same part comes back under many moves, and finding its normal form (the least of its
/// symmetric images) each time costs more than a look here; but a table of every part met
/// holds three times as many parts as the table of values in normal form (6×6 Domineering:
/// 11.8 million against 4.2 million), and most of them are not met again soon. What is
/// pushed out is found again through its normal form.
#[derive(Debug)]
struct Recent<P> {
    slots: Vec<Option<(P, Id)>>,
    /// Parts put in since the table last grew.
    written: usize,
    /// The most slots the table may grow to (a power of two).
    most: usize,
}

impl<P: Eq + Hash> Recent<P> {
    /// The most slots: 2^22 (6×6 Domineering's boards take 24 bytes a slot, 96 MiB).
    const MOST: usize = 1 << 22;
    /// The slots a new table starts with.
    const FIRST: usize = 1 << 10;

    /// An empty table that grows to about `bytes` of memory at most.
    fn new(bytes: u64) -> Self {
        let each = std::mem::size_of::<Option<(P, Id)>>();
        Recent {
            slots: Self::empty(Self::FIRST),
            written: 0,
            most: memo::slots_within(bytes, each, Self::FIRST, Self::MOST),
        }
    }

    /// `n` empty slots.
    fn empty(n: usize) -> Vec<Option<(P, Id)>> {
        std::iter::repeat_with(|| None).take(n).collect()
    }

    /// The slot of `part` among `n` (a power of two).
    fn slot(part: &P, n: usize) -> usize {
        use std::hash::BuildHasher;
        memo::slot(rustc_hash::FxBuildHasher.hash_one(part), n)
    }

    /// The value of `part`, if it is held.
    fn get(&self, part: &P) -> Option<Id> {
        match &self.slots[Self::slot(part, self.slots.len())] {
            Some((p, v)) if p == part => Some(*v),
            _ => None,
        }
    }

    /// Holds `part`'s value, in place of what its slot held.
    fn insert(&mut self, part: P, v: Id) {
        self.written += 1;
        if self.written > self.slots.len() && self.slots.len() < self.most {
            let bigger = Self::empty(self.slots.len() * 2);
            let old = std::mem::replace(&mut self.slots, bigger);
            for (p, v) in old.into_iter().flatten() {
                let i = Self::slot(&p, self.slots.len());
                self.slots[i] = Some((p, v));
            }
            self.written = 0;
        }
        let i = Self::slot(&part, self.slots.len());
        self.slots[i] = Some((part, v));
    }
}

/// What a first look at the tables found of a part's value (see [`Values::look`]).
enum Look<P> {
    /// Its value.
    Value(Id),
    /// Its normal form, whether the part is worth the negative of that, and the normal
    /// form's value if it was known.
    Normal(P, bool, Option<Id>),
}

/// Values of parts found so far, in their universe.
#[derive(Debug)]
pub struct Values<P: Eq + Hash> {
    /// The games the values live in.
    pub universe: Universe,
    /// Values of parts in normal form.
    known: HashMap<P, Id>,
    /// Values of parts as they were met, the most recent (see [`Recent`]).
    seen: Recent<P>,
}

impl<P: Eq + Hash> Default for Values<P> {
    fn default() -> Self {
        Values {
            universe: Universe::new(),
            known: HashMap::default(),
            seen: Recent::new(crate::budget::memory_limit() / 16),
        }
    }
}

impl<P: Clone + Eq + Hash + std::fmt::Debug> Values<P> {
    /// The value of the sum `parts` under `rules`.
    pub fn sum<R: Parts<Part = P>>(&mut self, rules: &R, parts: &[P]) -> Result<Id, GameError> {
        let looks: Vec<Look<P>> = parts.iter().map(|p| self.look(rules, p)).collect();
        self.total(rules, parts, looks)
    }

    /// The value of the sum `parts`, each with what a first look found of it.
    fn total<R: Parts<Part = P>>(
        &mut self,
        rules: &R,
        parts: &[P],
        looks: impl IntoIterator<Item = Look<P>>,
    ) -> Result<Id, GameError> {
        let mut total = self.universe.zero();
        for (p, look) in parts.iter().zip(looks) {
            let v = self.settle(rules, p, look)?;
            total = self.universe.add(total, v);
        }
        Ok(total)
    }

    /// The value of one part: its normal form's, negated if need be.
    pub fn part<R: Parts<Part = P>>(&mut self, rules: &R, part: &P) -> Result<Id, GameError> {
        let look = self.look(rules, part);
        self.settle(rules, part, look)
    }

    /// What the tables hold of `part`'s value, without working anything out: a search looks
    /// at every part its moves leave first and works out the rest after, so that the looks,
    /// which do not wait on one another, overlap their trips to memory.
    fn look<R: Parts<Part = P>>(&self, rules: &R, part: &P) -> Look<P> {
        // The same part comes back under many moves: its value is remembered as it is, so
        // that its normal form is not found again while it is held.
        if let Some(v) = self.seen.get(part) {
            return Look::Value(v);
        }
        match rules.normal(part) {
            None => Look::Value(self.universe.zero()),
            Some((key, negated)) => {
                let known = self.known.get(&key).copied();
                Look::Normal(key, negated, known)
            }
        }
    }

    /// The value of `part` from what a look found, worked out if need be.
    fn settle<R: Parts<Part = P>>(
        &mut self,
        rules: &R,
        part: &P,
        look: Look<P>,
    ) -> Result<Id, GameError> {
        let (key, negated, known) = match look {
            Look::Value(v) => return Ok(v),
            Look::Normal(key, negated, known) => (key, negated, known),
        };
        // Valued since the look, maybe (by an earlier part of the same moves).
        let v = match known.or_else(|| self.known.get(&key).copied()) {
            Some(v) => v,
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
        // Every move's parts first, then a look at each (see `look`), then the sums.
        let mut parts = Vec::new();
        let mut ends = [Vec::new(), Vec::new()];
        for (ends, player) in ends.iter_mut().zip([Player::Left, Player::Right]) {
            rules.each_move(&key, player, &mut |after| {
                parts.extend_from_slice(after);
                ends.push(parts.len());
                Ok(())
            })?;
        }
        let looks: Vec<Look<P>> = parts.iter().map(|p| self.look(rules, p)).collect();
        let mut looks = looks.into_iter();
        let mut sides = [Vec::new(), Vec::new()];
        let mut start = 0;
        for (side, ends) in sides.iter_mut().zip(&ends) {
            for &end in ends {
                let these = looks.by_ref().take(end - start);
                side.push(self.total(rules, &parts[start..end], these)?);
                start = end;
            }
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
        // Listing costs at most as much again as the answer, or the floor.
        let floor = crate::budget::listing_floor();
        let mut allowance = oracle.searched().positions.max(floor);
        let mut winning = Vec::new();
        let mut unexamined: Vec<(Player, usize)> = Vec::new();
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
            let mut left_out = 0;
            for (i, name, after) in unknown {
                if winning.len() + found.len() >= wanted {
                    break;
                }
                let before = oracle.searched().positions;
                let verdict = if allowance == 0 {
                    None
                } else {
                    oracle.wins_within(&after[0], other, allowance)?
                };
                allowance = allowance.saturating_sub(oracle.searched().positions - before);
                match verdict {
                    Some(false) => found.push((i, name, after)),
                    Some(true) => {}
                    None => left_out += 1,
                }
            }
            if left_out > 0 {
                unexamined.push((player, left_out));
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
            partial: !unexamined.is_empty(),
            explanation: format!(
                "Found by search, not from the value (too large to value quickly; `grundy \
                 value` computes it): Left moving first {}, Right moving first {}. The search \
                 (negamax with a table of positions settled, moves that leave the mover most \
                 moves and safe moves against the opponent's first, and positions decided \
                 early by counting what a player is sure of — safe moves and their options, \
                 protective areas, vulnerable moves — against the most moves the opponent's \
                 lines and the cells it can reach hold, after N. Bullock's Obsequi) {}{}",
                says(left),
                says(right),
                match (s.positions, s.loaded) {
                    (0, 0) => "decided it by that count alone, before any move.".to_string(),
                    (0, loaded) => format!(
                        "found it among the {loaded} positions its checkpoint held, before \
                         any move."
                    ),
                    (_, loaded) => format!(
                        "expanded {} positions to a depth of {} moves and kept {} in its \
                         table, in {} ms{}.",
                        s.positions,
                        s.depth,
                        s.table_entries,
                        s.milliseconds,
                        if loaded > 0 {
                            format!(", going on from the {loaded} positions of its checkpoint")
                        } else {
                            String::new()
                        }
                    ),
                },
                unexamined_note(&unexamined, floor),
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
        let player = player.ok_or_else(|| crate::rules::player_needed(&Ruleset::name(self)))?;
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

    fn table_shape(&self) -> Option<crate::rules::TableShape> {
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

    /// A part held is answered with its value as told; one pushed out is not answered at all
    /// (never with another part's value); the table grows to its bound and no further.
    #[test]
    fn recent_parts_are_answered_as_told_or_not_at_all() {
        let each = std::mem::size_of::<Option<(u64, Id)>>() as u64;
        let mut r = Recent::<u64>::new(4096 * each);
        let mut u = Universe::new();
        let ids: Vec<Id> = (0..1000).map(|n| u.integer(n)).collect();
        let value = |p: u64| ids[(p * 7 % 1000) as usize];
        for p in 0..100_000u64 {
            r.insert(p, value(p));
            assert_eq!(r.get(&p), Some(value(p)), "the newest, {p}");
        }
        let held = (0..100_000u64)
            .filter(|p| match r.get(p) {
                Some(v) => {
                    assert_eq!(v, value(*p), "{p}");
                    true
                }
                None => false,
            })
            .count();
        assert_eq!(r.slots.len(), 4096, "grown to its bound");
        assert!(held > 1000 && held <= 4096, "{held} held");
        assert_eq!(r.get(&100_000), None, "never told");
    }
}
