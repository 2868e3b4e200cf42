//! Misère play of impartial games — the player who makes the last move loses (On Numbers and
//! Games, ch. 12; Winning Ways, ch. 13).
//!
//! Misère outcomes are not decided by adding Grundy values: a sum of heaps each worth 1 in
//! misère play can be lost or won depending on more than their values. [`MisereGame`] plays
//! any impartial game of the catalog (or a sum of them) by the misère rule and decides a
//! position by searching the positions below it, each remembered once under its normal form
//! (heaps in any order are one position).
//!
//! Conway's genus of a heap is in [`crate::misere_form::genus`].
//!
//! ```
//! use grundy::registry::Registry;
//! use grundy::Outcome;
//!
//! // Misère Kayles: a row of 4 pins is lost for the player to move (every move leaves a
//! // position the opponent wins), though its normal-play value is 1.
//! let kayles = Registry::catalog().parse("kayles --misere 4").unwrap();
//! let a = kayles.solve(10).unwrap();
//! assert_eq!(a.outcome, Outcome::P);
//! assert_eq!(a.game.to_string(), "kayles --misere");
//! ```

use crate::analysis::{Analysis, GameName, GameOption, Player, Token, WinningMove};
use crate::cgt::Report;
use crate::heap::HeapRule;
use crate::quotient::Quotient;
use crate::registry::{Entry, Options, MISERE};
use crate::rules::{Cell, DynGame, GameInfo, Play, Position, TableShape};
use crate::{GameError, Nat, Outcome};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// The most positions one misère search remembers (as many as a heap's genus is found
/// from, one bound for both).
pub const SEARCH_LIMIT: usize = crate::misere_form::genus::POSITION_LIMIT;

/// The largest heap for which a heap game's misère quotient is computed to decide a position
/// whatever it proves; a larger heap is decided by a quotient proved for every heap.
pub const QUOTIENT_HEAPS: u64 = 40;
/// The largest heap computed to prove a quotient for every heap (`grundy quotient` goes as
/// far).
pub const QUOTIENT_PROVED: u64 = 250;
/// The most positions a first, short search of a position of a few heaps remembers before
/// the quotient is asked.
const QUICK_SEARCH: usize = 10_000;
/// The most elements of a trial quotient while finding that quotient (Dawson's Kayles to
/// heap 33 needs 638; past that it grows, and search decides instead).
const QUOTIENT_ELEMENTS: usize = 1_024;

/// A count too large to say digit by digit, said roughly ("6.1e10"), else in full.
fn about(n: f64) -> String {
    if n < 1e9 {
        format!("{n:.0}")
    } else if n.is_finite() {
        format!("{n:.1e}")
    } else {
        "more than 10^300".to_string()
    }
}

/// The heaps of a position written as `tokens`, when every word is a heap of machine size.
fn heaps_of(tokens: &[Token]) -> Option<Vec<u64>> {
    tokens
        .iter()
        .map(|t| match t {
            Token::Int(n) => u64::try_from(n).ok(),
            Token::Text(_) => None,
        })
        .collect()
}

/// A heap game's quotient and the heaps of a position it decides.
type Decided = (std::sync::Arc<Quotient>, Vec<u64>);

/// How a misère position was decided.
enum How {
    /// By search, with this many positions remembered in all.
    Searched(usize),
    /// By the quotient: the class the heaps multiply to.
    Quotient(std::sync::Arc<Quotient>, usize),
}

impl How {
    fn by_quotient(q: std::sync::Arc<Quotient>, heaps: Vec<u64>) -> (bool, How) {
        let x = q.element_of(heaps).expect("heaps within the quotient");
        (!q.is_p(x), How::Quotient(q, x))
    }
}

/// An impartial game played by the misère rule, decided by its misère quotient (a heap game
/// whose quotient is small enough) or by search.
pub struct MisereGame {
    inner: Arc<dyn DynGame>,
    /// Whether the player to move wins, by normal form.
    memo: Mutex<HashMap<Vec<Token>, bool>>,
    /// The heap rule of a heap game, whose positions are lists of heaps.
    rule: Option<HeapRule>,
    /// The quotient computed so far, and whether finding one proved too large (then search
    /// decides).
    quotient: Mutex<(Option<std::sync::Arc<Quotient>>, bool)>,
}

impl MisereGame {
    /// `inner` played by the misère rule; refused for a partizan game.
    pub fn new(inner: Box<dyn DynGame>) -> Result<Self, GameError> {
        Self::shared(inner.into())
    }

    /// [`MisereGame::new`] of a game held elsewhere too (a component of a sum).
    pub fn shared(inner: Arc<dyn DynGame>) -> Result<Self, GameError> {
        if inner.partizan() {
            return Err(GameError::Invalid(format!(
                "{}: misère play of partizan games is not supported (only impartial games, \
                 where both players have the same moves)",
                inner.name()
            )));
        }
        Ok(MisereGame {
            inner,
            memo: Mutex::new(HashMap::new()),
            rule: None,
            quotient: Mutex::new((None, false)),
        })
    }

    /// `inner`, a heap game whose positions are lists of heaps of the rule `rule`, played by
    /// the misère rule: decided by its misère quotient where that is found, else by search.
    pub fn with_heap_rule(inner: Box<dyn DynGame>, rule: HeapRule) -> Result<Self, GameError> {
        let mut game = Self::new(inner)?;
        game.rule = Some(rule);
        Ok(game)
    }

    /// The heaps of a position written as `written`, in a heap game; `None` in another game.
    fn heaps(&self, written: &[Token]) -> Option<Vec<u64>> {
        self.rule.as_ref()?;
        heaps_of(written)
    }

    /// The quotient found so far, if it decides the heaps `heaps`, and the heaps.
    fn quotient_found(&self, heaps: Option<Vec<u64>>) -> Option<Decided> {
        self.rule.as_ref()?;
        let heaps = heaps?;
        let cache = self.quotient.lock().unwrap_or_else(|e| e.into_inner());
        let q = cache.0.as_ref()?;
        q.element_of(heaps.iter().copied())?;
        Some((q.clone(), heaps))
    }

    /// The quotient that decides the heaps `heaps` and the heaps, if the game is a heap game
    /// and its quotient to the largest heap is small enough to find.
    fn quotient_for(&self, heaps: Option<Vec<u64>>) -> Result<Option<Decided>, GameError> {
        let Some(rule) = &self.rule else {
            return Ok(None);
        };
        let Some(heaps) = heaps else {
            return Ok(None);
        };
        let top = heaps.iter().copied().max().unwrap_or(0);
        let mut cache = self.quotient.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(q) = &cache.0 {
            if q.heap(top).is_some() {
                return Ok(Some((q.clone(), heaps)));
            }
        }
        if cache.1 {
            return Ok(None);
        }
        // Heaps to 40 at least (12 for small positions, so that they share one quotient);
        // a larger heap needs the quotient proved for every heap (its pretending function
        // periodic), which heaps to 100 or 250 prove for the games that have one.
        let small = top.clamp(12, QUOTIENT_HEAPS);
        let sizes: &[u64] = if top <= QUOTIENT_HEAPS {
            &[small]
        } else {
            &[QUOTIENT_HEAPS, 100, QUOTIENT_PROVED]
        };
        for &to in sizes {
            if cache.0.as_ref().is_some_and(|q| q.to >= to) {
                continue;
            }
            match crate::quotient::quotient_within(rule, to, QUOTIENT_ELEMENTS) {
                Ok(q) => {
                    let q = std::sync::Arc::new(q);
                    cache.0 = Some(q.clone());
                    if q.heap(top).is_some() {
                        return Ok(Some((q, heaps)));
                    }
                }
                Err(GameError::TooLarge(_)) => {
                    // Finding it costs time; once it is too large, search decides instead.
                    cache.1 = true;
                    return Ok(None);
                }
                Err(e) => return Err(e),
            }
        }
        Ok(None)
    }

    /// Whether the player to move wins from `p`, and how: a heap game's position by its
    /// quotient where one is found, others by search.
    fn decide(&self, p: &Position) -> Result<(bool, How), GameError> {
        // A quotient found already decides at once; for a few heaps, a short search is
        // cheaper than finding a quotient that may grow.
        let written = self.inner.canonical(p)?;
        let heaps = self.heaps(&written);
        if let Some((q, heaps)) = self.quotient_found(heaps.clone()) {
            return Ok(How::by_quotient(q, heaps));
        }
        if written.len() <= 3 {
            match self.search(p, QUICK_SEARCH) {
                Ok((wins, searched)) => return Ok((wins, How::Searched(searched))),
                Err(GameError::TooLarge(_)) => {}
                Err(e) => return Err(e),
            }
        }
        if let Some((q, heaps)) = self.quotient_for(heaps.clone())? {
            return Ok(How::by_quotient(q, heaps));
        }
        // The search's size is known before it starts: refused at once when over its bound.
        if let Some(most) = self.positions_below(heaps) {
            if most > SEARCH_LIMIT as f64 {
                return Err(GameError::TooLarge(format!(
                    "{}: deciding this position in misère play means searching up to about \
                     {} positions below it (at most {SEARCH_LIMIT}); its heaps are beyond \
                     what the game's misère quotient decides",
                    self.name(),
                    about(most)
                )));
            }
        }
        let (wins, searched) = self.search(p, SEARCH_LIMIT)?;
        Ok((wins, How::Searched(searched)))
    }

    /// At most how many positions lie below the heaps `heaps` of a heap game: sets of heaps
    /// of no more tokens in all (the partitions of each total up to theirs) when a move may
    /// split a heap, else a heap each no larger (the product of heap + 1); `None` for other
    /// games.
    fn positions_below(&self, heaps: Option<Vec<u64>>) -> Option<f64> {
        let rule = self.rule.as_ref()?;
        let heaps = heaps?;
        if !rule.splits() {
            return Some(heaps.iter().map(|&h| h as f64 + 1.0).product());
        }
        let total: u64 = heaps.iter().sum();
        if total > 2_000 {
            return Some(f64::INFINITY);
        }
        // p(0..=total) by Euler's recurrence over parts, as floats; then their sum.
        let n = total as usize;
        let mut p = vec![0f64; n + 1];
        p[0] = 1.0;
        for part in 1..=n {
            for s in part..=n {
                p[s] += p[s - part];
            }
        }
        Some(p.iter().sum())
    }

    /// Whether the player to move wins from `p`.
    fn wins(&self, p: &Position) -> Result<bool, GameError> {
        Ok(self.decide(p)?.0)
    }

    /// Whether the player to move wins from `p`, and how many positions the search has
    /// remembered in all; refused once the search would remember more than `limit` (what it
    /// decided is kept for the next search). Positions are walked as the game holds them,
    /// each remembered under its normal form.
    fn search(&self, p: &Position, limit: usize) -> Result<(bool, usize), GameError> {
        struct Frame {
            key: Vec<Token>,
            options: Vec<Position>,
            next: usize,
        }
        let mut memo = self.memo.lock().unwrap_or_else(|e| e.into_inner());
        let root = self.inner.normal_form(p)?;
        if let Some(&w) = memo.get(&root) {
            return Ok((w, memo.len()));
        }
        let frame = |key: Vec<Token>, at: &Position| -> Result<Frame, GameError> {
            Ok(Frame {
                key,
                options: self.inner.options(at, None)?,
                next: 0,
            })
        };
        let mut stack = vec![frame(root.clone(), p)?];
        while let Some(top) = stack.last_mut() {
            // A position with no move is won by the player to move, in misère play.
            let mut decided = top.options.is_empty().then_some(true);
            let mut child = None;
            while decided.is_none() && top.next < top.options.len() {
                let key = self.inner.normal_form(&top.options[top.next])?;
                match memo.get(&key) {
                    Some(false) => decided = Some(true),
                    Some(true) => top.next += 1,
                    None => {
                        child = Some((key, top.options[top.next].clone()));
                        break;
                    }
                }
            }
            if decided.is_none() && child.is_none() {
                decided = Some(false);
            }
            match (decided, child) {
                (Some(w), _) => {
                    let done = stack.pop().expect("a frame");
                    memo.insert(done.key, w);
                }
                (None, Some(key)) => {
                    if memo.len() + stack.len() >= limit {
                        return Err(GameError::TooLarge(format!(
                            "{}: more than {limit} positions to search below this one \
                             in misère play",
                            self.name()
                        )));
                    }
                    if memo.len() % 4096 == 0 {
                        crate::budget::check()?;
                        crate::budget::report("misère positions searched", memo.len() as u64, None);
                    }
                    stack.push(frame(key.0, &key.1)?);
                }
                (None, None) => unreachable!("decided above"),
            }
        }
        Ok((memo[&root], memo.len()))
    }

    /// Up to `max` winning moves from the heaps `heaps`, found from the quotient `q`: a move
    /// in heap i wins when the class of the other heaps times the classes of the heaps it
    /// leaves is in the P-portion.
    fn quotient_moves(&self, q: &Quotient, heaps: &[u64], max: usize) -> Vec<(WinningMove, bool)> {
        let Some(rule) = &self.rule else {
            return Vec::new();
        };
        let mut counts: std::collections::BTreeMap<u64, u64> = std::collections::BTreeMap::new();
        for &h in heaps {
            *counts.entry(h).or_default() += 1;
        }
        let class = |h: u64| q.heap(h).expect("heaps within the quotient");
        // The class of the position less one heap of each size.
        let without: HashMap<u64, usize> = counts
            .keys()
            .map(|&s| {
                let x = counts.iter().fold(q.identity, |x, (&t, &c)| {
                    q.mul(x, q.pow(class(t), c - u64::from(t == s)))
                });
                (s, x)
            })
            .collect();
        // The winning options of one heap of each size (every heap of that size has them).
        let winning: HashMap<u64, Vec<Vec<u64>>> = without
            .iter()
            .map(|(&s, &x)| {
                let mut found = Vec::new();
                rule.for_each_option(s, |_, parts| {
                    if q.is_p(parts.iter().fold(x, |y, &p| q.mul(y, class(p)))) {
                        found.push(parts.to_vec());
                    }
                });
                (s, found)
            })
            .collect();
        let from: Vec<Token> = heaps.iter().map(|&h| Token::from(h)).collect();
        let mut out = Vec::new();
        for (i, h) in heaps.iter().enumerate() {
            for parts in &winning[h] {
                if out.len() == max {
                    return out;
                }
                let mut to = from[..i].to_vec();
                to.extend(parts.iter().map(|&p| Token::from(p)));
                to.extend_from_slice(&from[i + 1..]);
                let description = crate::moves::describe(&from, &to)
                    .unwrap_or_else(|| format!("move in heap {}", i + 1));
                out.push((
                    WinningMove {
                        to,
                        description,
                        player: None,
                        component: None,
                    },
                    true,
                ));
            }
        }
        out
    }

    /// The moves from `p`, each with whether it wins (leaves a position lost for the player
    /// who moves next).
    fn moves(&self, p: &Position) -> Result<Vec<(Play, bool)>, GameError> {
        self.inner
            .listed_moves(p, None)?
            .into_iter()
            .map(|m| {
                let wins = self.wins(&m.1)?;
                Ok((m, !wins))
            })
            .collect()
    }
}

/// The game `entry` builds from `options`. `--misere` on a game that has no misère rule of
/// its own plays it by the misère rule ([`MisereGame`]): a heap game decided by its misère
/// quotient where that can be found, any other by search.
pub fn build(entry: &Entry, options: &Options) -> Result<Box<dyn DynGame>, GameError> {
    let own = entry.params.iter().any(|p| p.name == MISERE.name);
    if !options.flag(MISERE.name) || own {
        return entry.build(options);
    }
    let options = options.clone().flag_off(MISERE.name);
    let inner = entry.build(&options)?;
    if let Ok(Some((crate::heap::sequence::Source::Rule(rule), _))) =
        entry.sequence_source(&options)
    {
        return Ok(Box::new(MisereGame::with_heap_rule(inner, rule)?));
    }
    Ok(Box::new(MisereGame::new(inner)?))
}

impl DynGame for MisereGame {
    fn info(&self) -> &'static GameInfo {
        self.inner.info()
    }

    fn name(&self) -> String {
        self.game_name().to_string()
    }

    fn game_name(&self) -> GameName {
        let mut g = self.inner.game_name();
        g.options.push(GameOption::Flag("misere"));
        g
    }

    fn position(&self, words: &[&str]) -> Result<Position, GameError> {
        self.inner.position(words)
    }

    fn solve(&self, p: &Position, max_moves: usize) -> Result<Analysis, GameError> {
        let (wins, how) = self.decide(p)?;
        let mut winning = Vec::new();
        let mut truncated = false;
        if wins {
            let moves = match self.moves(p) {
                Ok(moves) => moves.into_iter().map(|((m, _), good)| (m, good)).collect(),
                Err(GameError::TooLarge(why)) => {
                    match self.quotient_for(self.heaps(&self.inner.canonical(p)?))? {
                        // Too many moves to list one by one: the quotient finds the winning
                        // ones from each heap's class.
                        Some((q, heaps)) => self.quotient_moves(&q, &heaps, max_moves + 1),
                        None => return Err(GameError::TooLarge(why)),
                    }
                }
                Err(e) => return Err(e),
            };
            for (m, good) in moves {
                if !good {
                    continue;
                }
                if winning.len() == max_moves {
                    truncated = true;
                    break;
                }
                winning.push(m);
            }
        }
        // In a sum, a move's `to` is its component's new position (as in normal play): the
        // whole sum after it, less the other components and the component's game's name.
        if winning.iter().any(|m| m.component.is_some()) {
            let parts = self.inner.solve(p, 0)?.components.unwrap_or_default();
            for m in &mut winning {
                let Some(i) = m.component else { continue };
                let named = parts
                    .get(i)
                    .map_or(0, |p| p.game.to_string().split_whitespace().count());
                let chunk =
                    m.to.split(|t| matches!(t, Token::Text(w) if w == "+"))
                        .nth(i)
                        .unwrap_or(&[]);
                m.to = chunk.get(named..).unwrap_or(&[]).to_vec();
            }
        }
        let how = match how {
            How::Quotient(q, x) => format!(
                "grundy decided this one by the game's misère quotient (Plambeck and Siegel), \
                 the monoid of {} classes that sums of heaps to {} fall into (grundy quotient \
                 shows it): the heaps' classes multiply to {}, which is {}in its P-portion",
                q.order,
                q.to,
                q.elements[x],
                if q.is_p(x) { "" } else { "not " }
            ),
            How::Searched(searched) => format!(
                "grundy decided this one by searching the positions below it ({}), each lost \
                 for the player to move exactly when every move leads to a position won for \
                 the other",
                crate::nat::count(searched, "position")
            ),
        };
        let explanation = format!(
            "Misère play: the player who makes the last move loses, so a position with no \
             move is won by the player to move. Misère outcomes are not decided by adding \
             Grundy values (Conway, On Numbers and Games, ch. 12); {how}: {}.",
            if wins {
                "the player to move wins by moving to a position lost for the opponent"
            } else {
                "every move leads to a position the opponent wins"
            }
        );
        Ok(Analysis {
            game: self.game_name(),
            position: self.inner.canonical(p)?,
            outcome: Outcome::from_win(wins),
            grundy: None,
            winning_moves: winning,
            winning_moves_truncated: truncated,
            winning_moves_partial: false,
            explanation,
            remoteness: None,
            // A sum's components, each played alone by the misère rule (as a normal-play
            // sum lists each component's own analysis).
            components: self.inner.misere_components(p, max_moves)?,
            search: None,
        })
    }

    fn outcome_of(&self, p: &Position) -> Result<Outcome, GameError> {
        Ok(Outcome::from_win(self.wins(p)?))
    }

    fn table_shape(&self) -> Option<TableShape> {
        self.inner.table_shape()
    }

    fn table_cell(&self, coords: &[u64]) -> Result<Option<Cell>, GameError> {
        Ok(self.table_outcome(coords)?.map(|outcome| Cell {
            outcome,
            grundy: None,
        }))
    }

    fn table_outcome(&self, coords: &[u64]) -> Result<Option<Outcome>, GameError> {
        match self.inner.table_position(coords)? {
            Some(p) => Ok(Some(self.outcome_of(&p)?)),
            None => Ok(None),
        }
    }

    fn table_position(&self, coords: &[u64]) -> Result<Option<Position>, GameError> {
        self.inner.table_position(coords)
    }

    fn canonical(&self, p: &Position) -> Result<Vec<Token>, GameError> {
        self.inner.canonical(p)
    }

    fn normal_form(&self, p: &Position) -> Result<Vec<Token>, GameError> {
        self.inner.normal_form(p)
    }

    fn options(&self, p: &Position, player: Option<Player>) -> Result<Vec<Position>, GameError> {
        self.inner.options(p, player)
    }

    fn listed_moves(&self, p: &Position, player: Option<Player>) -> Result<Vec<Play>, GameError> {
        self.inner.listed_moves(p, player)
    }

    fn read_move(
        &self,
        p: &Position,
        player: Option<Player>,
        typed: &str,
    ) -> Result<Position, GameError> {
        self.inner.read_move(p, player, typed)
    }

    fn partizan(&self) -> bool {
        false
    }

    fn misere(&self) -> bool {
        true
    }

    fn ends_at_once(&self, p: &Position) -> Result<Option<bool>, GameError> {
        self.inner.ends_at_once(p)
    }

    fn moves_to_value(
        &self,
        _p: &Position,
        _target: &Nat,
        _max: usize,
    ) -> Result<(Vec<WinningMove>, bool, bool), GameError> {
        Err(GameError::Invalid(format!(
            "{}: a misère position has no Grundy value to move to",
            self.name()
        )))
    }

    fn engine_move(
        &self,
        p: &Position,
        _player: Option<Player>,
    ) -> Result<Option<Play>, GameError> {
        let moves = self.moves(p)?;
        if let Some((m, _)) = moves.iter().find(|(_, good)| *good) {
            return Ok(Some(m.clone()));
        }
        // Lost: the move that leaves the most play.
        Ok(moves
            .into_iter()
            .map(|(m, _)| m)
            .max_by_key(|m| crate::rules::play_left(&m.0.to)))
    }

    fn misere_form(
        &self,
        forms: &mut crate::misere_form::Forms,
        p: &Position,
    ) -> Result<crate::misere_form::Form, GameError> {
        let Some(rule) = &self.rule else {
            return self.inner.misere_form(forms, p);
        };
        // A heap game: the sum of its heaps' forms.
        let Some(heaps) = heaps_of(&self.inner.canonical(p)?) else {
            return self.inner.misere_form(forms, p);
        };
        let top = heaps.iter().copied().max().unwrap_or(0);
        let of = crate::misere_form::heap_forms(forms, rule, top)?;
        let mut sum = forms.zero();
        for h in heaps {
            sum = forms.add(sum, of[h as usize])?;
        }
        Ok(sum)
    }

    fn value(&self, _p: &Position) -> Result<Report, GameError> {
        Err(GameError::Invalid(format!(
            "{}: a misère position has no nimber (no normal-play value): misère play is not \
             decided by adding values (Conway, On Numbers and Games, ch. 12); grundy solve \
             gives its outcome",
            self.name()
        )))
    }
}

#[cfg(test)]
mod tests;
