//! Who wins a partizan position, by search, where its value is out of reach.
//!
//! A position's value answers every question about it, but valuing a large board means
//! valuing every region it can come to. Who wins needs less: whether the player to move has
//! a move after which the other loses (negamax over two booleans), with every answer kept in
//! one table for both players ([`Shared`], so that threads can share it), moves tried in the
//! order the game finds most promising, and a game's own bound deciding a position without
//! search where it can (Domineering's safe moves: N. Bullock, "Domineering: solving large
//! combinatorial search spaces", ICGA Journal 25 (2002)).

use super::saved::{save_due, Key, Saved};
use super::table::Shared;
use super::Searched;
use crate::GameError;
use std::hash::Hash;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// A partizan game as a search sees it: positions, moves, and a bound.
pub trait Partizan {
    /// A position (a whole board), in a form whose equal values are equal positions.
    type Pos: Copy + Eq + Hash + Default + std::fmt::Debug;

    /// A position as the tables keep it (as compact as it can be: the table holds most of
    /// a search's memory), in bytes in a checkpoint.
    type Key: Copy + Eq + Hash + Default + std::fmt::Debug + Key;

    /// The positions `left` (or Right) can move to, each with how promising it is (larger
    /// first; equal ones in the order given). The search tries the most promising at once
    /// and orders the rest only if it does not win: most positions are decided by it.
    fn moves(&self, p: Self::Pos, left: bool, out: &mut Vec<(i32, Self::Pos)>);

    /// The form of `p` the table keeps: one for all positions known to be worth the same
    /// (a board's mirror images).
    fn key(&self, p: Self::Pos) -> Self::Key;

    /// Whether the player to move (`left` or Right) wins, when the game can tell at a glance
    /// (no move left, say); `None` (the default) to look further. Asked before the table.
    fn decided(&self, _p: Self::Pos, _left: bool) -> Option<bool> {
        None
    }

    /// Whether the player to move wins, when a costlier bound can tell; `None` (the default)
    /// to search. Asked before the table: a bound that costs less than a look-up in a table
    /// larger than the caches (Domineering's) saves the look-up wherever it decides.
    fn bound(&self, _p: Self::Pos, _left: bool) -> Option<bool> {
        None
    }

    /// How much work a position is (its empty cells): a full table keeps the larger.
    fn size(&self, p: Self::Pos) -> u32;

    /// What a checkpoint of the search is of, in one line (the game and its board, which
    /// give its keys their meaning); `None` (the default): the search is not saved.
    fn line(&self) -> Option<String> {
        None
    }
}

/// What the table holds of a position, for `left` (or Right) to move: whether it is known
/// (the first bit) and won (the second), the two players' answers in one byte.
fn entry(left: bool, win: bool) -> u8 {
    (1 | u8::from(win) << 1) << if left { 0 } else { 2 }
}

/// Whether the player to move (`left` or Right) wins by a table's byte, if it says.
fn entry_says(byte: u8, left: bool) -> Option<bool> {
    let bits = byte >> if left { 0 } else { 2 };
    (bits & 1 == 1).then_some(bits & 2 != 0)
}

/// An outcome search over one game, with one table for both players to move (a search from
/// one position with one player first meets each position with one player to move, as a
/// move fills two cells: the other's entries are those of the other question).
///
/// [`Search::wins`] searches on the calling thread; [`Search::wins_parallel`] on as many as
/// rayon's pool has (`RAYON_NUM_THREADS`), sharing the table.
pub struct Search<R: Partizan> {
    rules: Arc<R>,
    table: Arc<Shared<R::Key>>,
    stats: Searched,
    depth: u32,
    started: Instant,
    /// The count of positions searched at which the search gives up ([`Search::wins_within`]).
    limit: u64,
    /// Whether the search gave up: it stores nothing more while it unwinds.
    cut: bool,
    /// Flags that stop this search when another thread has settled what it was asked
    /// (it then gives up as at its limit).
    stops: Vec<Arc<AtomicBool>>,
    /// The threads [`Search::wins_parallel`] uses.
    threads: usize,
    /// Where the table is saved as the search goes (see [`crate::budget::with_saving`]).
    saved: Option<Saved>,
    /// Positions the helper threads have searched and not yet handed back, counted in steps
    /// of [`REPORT_EVERY`]: the progress line shows the threads' work, not one thread's.
    helped: Arc<AtomicU64>,
    /// Whether this search is a helper thread's (see [`Search::wins_parallel`]).
    helper: bool,
}

/// How often, in positions expanded, a search checks its budget and reports its progress.
const REPORT_EVERY: u64 = 4096;

/// How many moves deep along the first line [`Search::wins_parallel`] shares out work.
const SHARED_LEVELS: u32 = 6;

impl<R: Partizan> Search<R> {
    /// A search of `rules` whose table uses at most about `memory` bytes, on as many threads
    /// as rayon's pool has ([`Search::wins_parallel`]).
    pub fn new(rules: R, memory: u64) -> Self {
        Self::with_threads(rules, memory, rayon::current_num_threads())
    }

    /// A search of `rules` whose table uses at most about `memory` bytes, on `threads`
    /// threads ([`Search::wins_parallel`]).
    pub fn with_threads(rules: R, memory: u64, threads: usize) -> Self {
        let threads = threads.max(1);
        // One part for one thread; more parts than threads keep them off each other's locks.
        let parts = if threads == 1 {
            1
        } else {
            (threads * 32).next_power_of_two()
        };
        let saved = crate::budget::saving().zip(rules.line());
        Search {
            rules: Arc::new(rules),
            table: Arc::new(Shared::with_memory(memory, parts)),
            stats: Searched::default(),
            depth: 0,
            started: Instant::now(),
            limit: u64::MAX,
            cut: false,
            stops: Vec::new(),
            threads,
            saved: saved.map(|(saving, line)| Saved::new(saving, line)),
            helped: Arc::default(),
            helper: false,
        }
    }

    /// Reads the checkpoint, the first time (a damaged one is refused).
    fn resume(&mut self) -> Result<(), GameError> {
        if let Some(saved) = &mut self.saved {
            let table = &self.table;
            self.stats.loaded += saved.read(
                |n| table.reserve(n as usize),
                |key, value, work| table.put(key, value, work),
            )?;
        }
        Ok(())
    }

    /// Saves the table to the checkpoint, if there is one (and, unless `now`, the last save
    /// was long enough ago).
    fn save(&mut self, now: bool) -> Result<(), GameError> {
        let table = &self.table;
        save_due(&mut self.saved, now, |emit| table.each_entry(emit))
    }

    /// `search` run as a whole question: the checkpoint read before, and saved after when
    /// due, or `now`, or when the question stopped on an error (a budget, an interruption).
    fn whole<T>(
        &mut self,
        now: bool,
        search: impl FnOnce(&mut Self) -> Result<T, GameError>,
    ) -> Result<T, GameError> {
        self.resume()?;
        let result = search(self);
        self.save(now || result.is_err())?;
        result
    }

    /// The rules searched.
    pub fn rules(&self) -> &R {
        &self.rules
    }

    /// What the search has done so far.
    pub fn searched(&self) -> Searched {
        let (entries, bytes, replaced) = self.table.totals();
        Searched {
            table_entries: entries,
            table_replaced: replaced,
            table_bytes: bytes,
            milliseconds: self.started.elapsed().as_millis() as u64,
            ..self.stats
        }
    }

    /// Every position the table holds (by its key), with whether Left and Right, each moving
    /// first, win where the search found it.
    pub fn remembered_all(&self) -> impl Iterator<Item = (R::Key, [Option<bool>; 2])> + '_ {
        self.table
            .entries()
            .into_iter()
            .map(|(key, byte)| (key, [entry_says(byte, true), entry_says(byte, false)]))
    }

    /// Whether the player to move (`left`, or Right) wins from the position whose key is
    /// `key`, where the table holds it.
    fn remembered(&self, key: &R::Key, left: bool) -> Option<bool> {
        self.table.get(key).and_then(|byte| entry_says(byte, left))
    }

    /// Whether the player to move (`left`, or Right) wins from `p`, where that is known
    /// without a search: at a glance, by the bound, or from the table.
    pub fn known(&self, p: R::Pos, left: bool) -> Option<bool> {
        self.rules
            .decided(p, left)
            .or_else(|| self.rules.bound(p, left))
            .or_else(|| self.remembered(&self.rules.key(p), left))
    }

    /// Whether the search must stop: at its limit, or told to by another thread.
    fn must_stop(&self) -> bool {
        self.stats.positions == self.limit || self.stops.iter().any(|s| s.load(Ordering::Relaxed))
    }

    /// Counts a position expanded, one move deeper (checking the budget now and then).
    fn enter(&mut self) -> Result<(), GameError> {
        self.stats.positions += 1;
        if self.stats.positions % REPORT_EVERY == 0 {
            crate::budget::check()?;
            if self.helper {
                // Its work is told through the main search's report.
                self.helped.fetch_add(REPORT_EVERY, Ordering::Relaxed);
            }
            let bytes = self.table.totals().1;
            let all = self.stats.positions + self.helped.load(Ordering::Relaxed);
            crate::budget::report_search(all, self.depth, bytes);
            self.save(false)?;
        }
        self.depth += 1;
        self.stats.depth = self.stats.depth.max(self.depth);
        Ok(())
    }

    /// Keeps what was found of `p`'s position `key`, unless the search gave up.
    fn keep(&self, p: R::Pos, key: R::Key, left: bool, win: bool) {
        if !self.cut {
            let work = self.rules.size(p).min(254) as u8;
            self.table.add(key, entry(left, win), work);
        }
    }

    /// Whether the player to move (`left`, or Right) wins from `p` (any of its forms).
    pub fn wins(&mut self, p: R::Pos, left: bool) -> Result<bool, GameError> {
        if self.depth == 0 && self.saved.is_some() {
            return self.whole(false, |s| s.wins_below(p, left));
        }
        self.wins_below(p, left)
    }

    /// [`Search::wins`] within a search.
    fn wins_below(&mut self, p: R::Pos, left: bool) -> Result<bool, GameError> {
        if let Some(w) = self.rules.decided(p, left) {
            return Ok(w);
        }
        if let Some(w) = self.rules.bound(p, left) {
            return Ok(w);
        }
        let key = self.rules.key(p);
        if let Some(w) = self.remembered(&key, left) {
            self.stats.table_hits += 1;
            return Ok(w);
        }
        if self.must_stop() {
            self.cut = true;
            return Ok(false);
        }
        self.enter()?;
        let mut moves = Vec::new();
        self.rules.moves(p, left, &mut moves);
        let result = self.any_lost(moves, left);
        self.depth -= 1;
        let win = result?;
        self.keep(p, key, left, win);
        Ok(win && !self.cut)
    }

    /// Whether the player to move (`left`, or Right) wins from `p`, if the search can tell
    /// after searching at most `positions` more positions; `None` if it gave up. What it
    /// settled before giving up stays in the table (a position is stored only once all of
    /// its moves it needed were searched), so asking again goes on from there.
    pub fn wins_within(
        &mut self,
        p: R::Pos,
        left: bool,
        positions: u64,
    ) -> Result<Option<bool>, GameError> {
        self.limit = self.stats.positions.saturating_add(positions);
        let result = self.wins(p, left);
        self.limit = u64::MAX;
        let cut = std::mem::take(&mut self.cut);
        let win = result?;
        Ok((!cut).then_some(win))
    }

    /// Whether one of `moves` (scored, see [`Partizan::moves`]) leaves the opponent (`!left`
    /// to move) lost: the most promising (the first of the best) tried before the rest are
    /// sorted, the rest in order of promise. A search that gave up says no (`wins` says no
    /// when it gives up, so no win is found after it).
    fn any_lost(&mut self, mut moves: Vec<(i32, R::Pos)>, left: bool) -> Result<bool, GameError> {
        let Some(best) = (0..moves.len()).min_by_key(|&i| std::cmp::Reverse(moves[i].0)) else {
            return Ok(false);
        };
        if !self.wins_below(moves.remove(best).1, !left)? {
            return Ok(!self.cut);
        }
        moves.sort_by_key(|&(score, _)| std::cmp::Reverse(score));
        for (_, m) in moves {
            if !self.wins_below(m, !left)? {
                return Ok(!self.cut);
            }
        }
        Ok(false)
    }
}
impl<R> Search<R>
where
    R: Partizan + Send + Sync,
    R::Pos: Send + Sync,
    R::Key: Send,
{
    /// Whether the player to move (`left`, or Right) wins from `p`, as [`Search::wins`], the
    /// work shared by the threads of rayon's pool (one thread: `wins` itself). Along the line
    /// of first moves, a position's first move is searched before the others are shared out
    /// (the "young brothers wait" rule of R. Feldmann, B. Monien, P. Mysliwietz and
    /// O. Vornberger, "Distributed game tree search", ICCA Journal 12 (1989)): each thread
    /// takes the next move not yet taken and searches it alone, all of them writing to the
    /// one table, and the first to find a move that wins stops the others. The answer is the
    /// same on any number of threads; the positions searched are not.
    ///
    /// With a checkpoint ([`crate::budget::with_saving`]), the table is saved when the
    /// answer is found, as well as when a save is due.
    pub fn wins_parallel(&mut self, p: R::Pos, left: bool) -> Result<bool, GameError> {
        self.whole(true, |s| {
            if s.threads < 2 {
                s.wins_below(p, left)
            } else {
                s.shared(p, left, SHARED_LEVELS)
            }
        })
    }

    /// [`Search::wins`], sharing out the moves of `p` and, `levels` deep, of its first move.
    fn shared(&mut self, p: R::Pos, left: bool, levels: u32) -> Result<bool, GameError> {
        if levels == 0 {
            return self.wins_below(p, left);
        }
        if let Some(w) = self.known(p, left) {
            return Ok(w);
        }
        self.enter()?;
        let mut moves = Vec::new();
        self.rules.moves(p, left, &mut moves);
        // The order `any_lost` tries them in: the first of the best, then by promise.
        moves.sort_by_key(|&(score, _)| std::cmp::Reverse(score));
        let result = self.shared_moves(&moves, left, levels);
        self.depth -= 1;
        let win = result?;
        self.keep(p, self.rules.key(p), left, win);
        Ok(win)
    }

    /// Whether one of `moves` leaves the opponent lost: the first searched (sharing out its
    /// own moves, `levels` − 1 deep), then the rest shared out.
    fn shared_moves(
        &mut self,
        moves: &[(i32, R::Pos)],
        left: bool,
        levels: u32,
    ) -> Result<bool, GameError> {
        let Some((&(_, first), rest)) = moves.split_first() else {
            return Ok(false);
        };
        if !self.shared(first, !left, levels - 1)? {
            return Ok(true);
        }
        if rest.is_empty() {
            return Ok(false);
        }
        let next = AtomicUsize::new(0);
        let found = Arc::new(AtomicBool::new(false));
        let budget = crate::budget::current();
        let helpers: Vec<Search<R>> = (1..self.threads).map(|_| self.helper(&found)).collect();
        std::thread::scope(|scope| {
            let handles: Vec<_> = helpers
                .into_iter()
                .map(|mut helper| {
                    let (next, budget) = (&next, budget.clone());
                    scope.spawn(move || {
                        let found = Arc::clone(&helper.stops[0]);
                        let won =
                            crate::budget::carry(budget, || helper.race(rest, !left, next, &found));
                        (won, helper.stats)
                    })
                })
                .collect();
            self.stops.push(Arc::clone(&found));
            let won = self.race(rest, !left, &next, &found);
            self.stops.pop();
            // Stopped by a helper's find, not out of work: the answer is known.
            self.cut = false;
            let mut any = won;
            for handle in handles {
                let (won, stats) = handle
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
                self.stats.positions += stats.positions;
                // Its share of the progress count is now in this search's own.
                let told = stats.positions / REPORT_EVERY * REPORT_EVERY;
                self.helped.fetch_sub(told, Ordering::Relaxed);
                self.stats.table_hits += stats.table_hits;
                self.stats.depth = self.stats.depth.max(stats.depth);
                any = match (any, won) {
                    (Err(e), _) | (_, Err(e)) => Err(e),
                    (Ok(a), Ok(b)) => Ok(a || b),
                };
            }
            any
        })
    }

    /// Positions helpers counted in the progress line and have not handed back (0 once a
    /// shared search is over).
    #[cfg(test)]
    pub(crate) fn helped_untold(&self) -> u64 {
        self.helped.load(Ordering::Relaxed)
    }

    /// A search on another thread sharing this one's rules and table, stopped by `found`.
    fn helper(&self, found: &Arc<AtomicBool>) -> Search<R> {
        Search {
            rules: Arc::clone(&self.rules),
            table: Arc::clone(&self.table),
            stats: Searched::default(),
            depth: self.depth,
            started: self.started,
            limit: u64::MAX,
            cut: false,
            stops: vec![Arc::clone(found)],
            threads: 1,
            saved: None,
            helped: Arc::clone(&self.helped),
            helper: true,
        }
    }

    /// Takes the moves of `rest` not yet taken (`next` counts them), each leaving the
    /// opponent (`left` to move) to play, until one leaves the opponent lost (then `found`
    /// stops the other threads) or none is left, or another thread found one.
    fn race(
        &mut self,
        rest: &[(i32, R::Pos)],
        left: bool,
        next: &AtomicUsize,
        found: &AtomicBool,
    ) -> Result<bool, GameError> {
        while let Some(&(_, m)) = rest.get(next.fetch_add(1, Ordering::Relaxed)) {
            if found.load(Ordering::Relaxed) {
                break;
            }
            let won = self.wins_below(m, left)?;
            if self.cut {
                break;
            }
            if !won {
                found.store(true, Ordering::Relaxed);
                return Ok(true);
            }
        }
        Ok(false)
    }
}
