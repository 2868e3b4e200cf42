//! The nimber of one impartial position by search, with the pruning of P. Beling and
//! M. Rogalski, "On pruning search trees of impartial games", Artificial Intelligence 283
//! (2020) 103262.
//!
//! A position is a sum of components, and its nimber the XOR of theirs (Sprague–Grundy). A
//! component's nimber is the mex of its options' nimbers; but a parent seldom needs it
//! exactly: it needs only to know whether it lies in a small set `R`. `Search::in_set`
//! answers that question, settling as few options as it can:
//!
//! Let `n` be the number of options and `C` a set of candidates, first `{0, …, n}` (a mex of
//! `n` values is at most `n`). Options are taken one at a time; each removes one element from
//! `C`: its nimber when that is known and in `C`, else the largest element of `C`. An option
//! is asked only whether its nimber lies in `Q = (C − {max C}) ∩ {0, …, max R}`. Two facts
//! hold throughout (g is the true mex):
//!
//! 1. *if g ≤ max R then g ∈ C.* Suppose an option that removed `m = max C` had `g = m ≤
//!    max R`. The `|C| − 1` elements of `C` below `m` are all option nimbers (g is their mex),
//!    yet none belongs to an option already taken: a known one was removed from `C` when
//!    taken, and an unknown one's nimber avoided its `Q`, which held them all. So the
//!    `|C| − 1` values fall on the options not yet taken, and there are only `|C| − 2` of
//!    them (|C| is one more than the options left before this one was taken). Contradiction.
//! 2. *at the end `C = {c}`, and if every option was settled, or `c ≤ max R`, then g = c.*
//!    Every `x < c` left `C` as a known option's nimber (had it left as the largest, `c`,
//!    still in `C`, would have been larger); and no option has nimber `c`: a known one
//!    would have removed it, and an unknown one avoided its `Q`, which held `c` (c stayed,
//!    so it was never the largest, and `c ≤ max R`).
//!
//! So as soon as `C ∩ R` is empty, g ∉ R and the rest of the options are skipped; and at the
//! end the component's nimber is exact (and kept in the table) or known to lie outside `R`.
//! An option that is itself a sum asks its hardest component, with the others' nimbers
//! XORed into the set. At the top, [`Search::nimber`] asks each option in turn whether its
//! nimber is 0, 1, 2, … (the aspiration method of the same paper), so that most options are
//! asked about one small value only.

use super::saved::{save_due, Key, Saved};
use super::table::Table;
use super::Searched;
use crate::GameError;
use std::hash::Hash;
use std::time::Instant;

/// An impartial game whose positions split into components that never touch again.
pub trait Splitting {
    /// A component, in a normal form shared by all the positions of the same nimber that the
    /// game can recognise (its symmetric images); a component no one can move in is never
    /// made.
    type Part: Copy + Eq + Hash + Default + std::fmt::Debug + Key;

    /// How many moves `part` has.
    fn count_moves(&self, part: Self::Part) -> u32;

    /// Every move from `part`, one at a time: the components it leaves are appended to
    /// `parts` (in normal form, those where no one can move left out), then `each` is called
    /// with `parts`; it may change them, and the moves stop when it returns `false`.
    fn moves(
        &self,
        part: Self::Part,
        parts: &mut Vec<Self::Part>,
        each: &mut dyn FnMut(&mut Vec<Self::Part>) -> bool,
    );

    /// How hard a component is to search (a board's empty cells): easier options are asked
    /// first, and a full table keeps the harder.
    fn size(&self, part: Self::Part) -> u32;

    /// The nimber of a component when a rule gives it without a search; `None` (the default)
    /// to search it.
    fn known(&self, _part: Self::Part) -> Option<u8> {
        None
    }

    /// What a checkpoint of the search is of, in one line (the game and the board its
    /// components lie in, which give them their meaning); `None` (the default): the search
    /// is not saved.
    fn line(&self) -> Option<String> {
        None
    }
}

/// A set of nimbers below 128.
type Set = u128;

/// The largest nimber a search holds (its sets are 128 bits).
pub const MAX_NIMBER: u8 = 127;

fn upto(n: u32) -> Set {
    if n >= 127 {
        Set::MAX
    } else {
        (2 << n) - 1
    }
}

fn max_of(s: Set) -> u32 {
    127 - s.leading_zeros()
}

/// `{x ^ k : x ∈ s}`.
fn xor_each(mut s: Set, k: u8) -> Set {
    if k == 0 {
        return s;
    }
    let mut out = 0;
    while s != 0 {
        let x = s.trailing_zeros();
        s &= s - 1;
        out |= 1 << (x ^ u32::from(k));
    }
    out
}

/// Removes `v` from the candidates if it is one, else the largest candidate.
fn take(cands: &mut Set, v: u32) {
    if v < 128 && *cands & (1 << v) != 0 {
        *cands &= !(1 << v);
    } else {
        *cands &= !(1 << max_of(*cands));
    }
}

/// A component's options as a search holds them.
struct Node<P> {
    /// Their components.
    parts: Vec<P>,
    /// The options not settled by the table, easiest first.
    opts: Vec<Opt>,
    /// The nimbers of those settled.
    seen: Set,
    /// The candidates they leave (see the module's notes).
    cands: Set,
    /// How many options there are.
    n: u32,
}

/// One option of a component under search: its components `parts[start..end]`, of which the
/// first is the hardest, and the XOR of those already settled.
#[derive(Clone, Copy)]
struct Opt {
    start: usize,
    end: usize,
    xor: u8,
    weight: u32,
}

/// A nimber search over one game, with its table.
pub struct Search<'r, R: Splitting> {
    rules: &'r R,
    table: Table<R::Part>,
    stats: Searched,
    depth: u32,
    /// The deepest the search may go (see [`Search::deepest`]).
    max_depth: u32,
    started: Instant,
    /// Lists of components and options given back by nodes searched, reused by the next
    /// (a node's two lists were two allocations a position).
    spare: Vec<(Vec<R::Part>, Vec<Opt>)>,
    /// Where the table is saved as the search goes (see [`crate::budget::with_saving`]).
    saved: Option<Saved>,
}

impl<'r, R: Splitting> Search<'r, R> {
    /// A search of `rules` whose table uses at most about `memory` bytes.
    pub fn new(rules: &'r R, memory: u64) -> Self {
        Search {
            rules,
            table: Table::with_memory(memory),
            stats: Searched::default(),
            depth: 0,
            max_depth: u32::MAX,
            started: Instant::now(),
            spare: Vec::new(),
            saved: crate::budget::saving()
                .zip(rules.line())
                .map(|(saving, line)| Saved::new(saving, line)),
        }
    }

    /// The search stopped with an error instead of going deeper than `depth` components,
    /// one inside another's option: for games whose depth is not bounded by their rules (a
    /// cycle would recurse forever), and so that a deep game does not outgrow the stack.
    pub fn deepest(mut self, depth: u32) -> Self {
        self.max_depth = depth;
        self
    }

    /// `search` run as a whole question: the checkpoint read before (the first time; a
    /// damaged one is refused), and the table saved after, when due, or `now`, or when the
    /// question stopped on an error (a budget, an interruption).
    fn whole<T>(
        &mut self,
        now: bool,
        search: impl FnOnce(&mut Self) -> Result<T, GameError>,
    ) -> Result<T, GameError> {
        if self.depth > 0 {
            return search(self);
        }
        let Some(saved) = &mut self.saved else {
            return search(self);
        };
        // Both the room made and the entries kept go to the one table.
        let table = std::cell::RefCell::new(&mut self.table);
        self.stats.loaded += saved.read(
            |n| table.borrow_mut().reserve(n as usize),
            |part, value, work| table.borrow_mut().put(part, value, work),
        )?;
        let result = search(self);
        self.save(now || result.is_err())?;
        result
    }

    /// Saves the table to the checkpoint, if there is one (and, unless `now`, the last save
    /// was long enough ago).
    fn save(&mut self, now: bool) -> Result<(), GameError> {
        let table = &self.table;
        save_due(&mut self.saved, now, |emit| table.each_entry(emit))
    }

    /// Gives a node's lists back for the next node to reuse.
    fn recycle(&mut self, parts: Vec<R::Part>, opts: Vec<Opt>) {
        self.spare.push((parts, opts));
    }

    /// What the search has done so far.
    pub fn searched(&self) -> Searched {
        Searched {
            table_entries: self.table.len() as u64,
            table_replaced: self.table.replaced,
            table_bytes: self.table.bytes(),
            milliseconds: self.started.elapsed().as_millis() as u64,
            ..self.stats
        }
    }

    /// The nimber of a sum of components.
    pub fn nimber(&mut self, parts: &[R::Part]) -> Result<u8, GameError> {
        let mut x = 0;
        for &p in parts {
            x ^= self.component(p, false)?;
        }
        Ok(x)
    }

    /// The nimber of one component by the aspiration method; `winning` says it is known
    /// not to be 0 (a theorem's word), so that 0 is not tried.
    pub fn component(&mut self, part: R::Part, winning: bool) -> Result<u8, GameError> {
        self.whole(true, |s| s.component_searched(part, winning))
    }

    fn component_searched(&mut self, part: R::Part, winning: bool) -> Result<u8, GameError> {
        if let Some(v) = self.lookup(part) {
            return Ok(v);
        }
        self.enter()?;
        let Node {
            mut parts,
            mut opts,
            mut seen,
            n,
            ..
        } = self.options(part, Set::MAX)?;
        let mut r = u32::from(winning);
        let found = 'values: loop {
            if r > n.min(u32::from(MAX_NIMBER)) {
                break r;
            }
            if seen & (1 << r) != 0 {
                r += 1;
                continue;
            }
            let mut i = 0;
            while i < opts.len() {
                let o = self.settle_others(&mut parts, opts[i])?;
                opts[i] = o;
                let want = 1 << (r ^ u32::from(o.xor));
                match self.in_set(parts[o.start], want)? {
                    Some(v) => {
                        let v = v ^ o.xor;
                        opts.swap_remove(i);
                        seen |= 1 << v;
                        if u32::from(v) == r {
                            r += 1;
                            continue 'values;
                        }
                    }
                    None => i += 1,
                }
            }
            break r;
        };
        self.leave();
        self.recycle(parts, opts);
        let v = self.nimber_fits(found)?;
        self.table.put(part, v, self.work(part));
        Ok(v)
    }

    /// Whether the sum `parts` has nimber `target` (a move to a sum of nimber 0 wins).
    pub fn sum_is(&mut self, parts: &[R::Part], target: u8) -> Result<bool, GameError> {
        self.whole(false, |s| s.sum_is_searched(parts, target))
    }

    fn sum_is_searched(&mut self, parts: &[R::Part], target: u8) -> Result<bool, GameError> {
        let mut parts = parts.to_vec();
        let Some(hardest) = (0..parts.len()).max_by_key(|&i| self.rules.size(parts[i])) else {
            return Ok(target == 0);
        };
        parts.swap(0, hardest);
        let whole = Opt {
            start: 0,
            end: parts.len(),
            xor: 0,
            weight: 0,
        };
        let o = self.settle_others(&mut parts, whole)?;
        let want = 1 << (target ^ o.xor);
        Ok(self
            .in_set(parts[0], want)?
            .is_some_and(|v| v ^ o.xor == target))
    }

    fn nimber_fits(&self, v: u32) -> Result<u8, GameError> {
        if v > u32::from(MAX_NIMBER) {
            return Err(crate::too_large!(
                "a nimber above {MAX_NIMBER} was met; the search holds nimbers up to {MAX_NIMBER}"
            ));
        }
        Ok(v as u8)
    }

    fn work(&self, part: R::Part) -> u8 {
        self.rules.size(part).min(255) as u8
    }

    fn lookup(&mut self, part: R::Part) -> Option<u8> {
        if let Some(v) = self.rules.known(part) {
            return Some(v);
        }
        let v = self.table.get(&part);
        if v.is_some() {
            self.stats.table_hits += 1;
        }
        v
    }

    fn enter(&mut self) -> Result<(), GameError> {
        if self.depth >= self.max_depth {
            return Err(crate::too_large!(
                "the search went deeper than {} components, one inside another's option",
                self.max_depth
            ));
        }
        self.stats.positions += 1;
        self.depth += 1;
        self.stats.depth = self.stats.depth.max(self.depth);
        if self.stats.positions % 4096 == 0 {
            crate::budget::check()?;
            crate::budget::report_search(self.stats.positions, self.depth, self.table.bytes());
            self.save(false)?;
        }
        Ok(())
    }

    fn leave(&mut self) {
        self.depth -= 1;
    }

    /// The options of `part` as far as they are needed to learn whether its nimber may lie
    /// in `want`: their components (each option's hardest first), those options not settled
    /// by the table, easiest first, and the candidates left by those settled (see the
    /// module's notes). The moves stop as soon as no candidate is in `want`.
    fn options(&mut self, part: R::Part, want: Set) -> Result<Node<R::Part>, GameError> {
        let rules = self.rules;
        let n = rules.count_moves(part);
        if n > u32::from(MAX_NIMBER) {
            return Err(crate::too_large!(
                "a position with {n} moves was met; the search holds positions of at most {MAX_NIMBER} moves"
            ));
        }
        let (mut parts, mut opts) = self.spare.pop().unwrap_or_default();
        parts.clear();
        opts.clear();
        let mut cands = upto(n);
        let mut seen: Set = 0;
        let mut start = 0;
        rules.moves(part, &mut parts, &mut |parts| {
            // Two equal components cancel (G + G = 0); settled ones are XORed away.
            let end = parts.len();
            let mut xor = 0u8;
            let mut keep = start;
            for i in start..end {
                let p = parts[i];
                if let Some(v) = self.lookup(p) {
                    xor ^= v;
                } else if let Some(j) = (start..keep).find(|&j| parts[j] == p) {
                    keep -= 1;
                    parts.swap(j, keep);
                } else {
                    parts.swap(keep, i);
                    keep += 1;
                }
            }
            parts.truncate(keep);
            if keep == start {
                seen |= 1 << xor;
                take(&mut cands, u32::from(xor));
            } else {
                let mut weight = 0;
                let mut hardest = (start, 0);
                for (i, &p) in parts.iter().enumerate().skip(start) {
                    let s = rules.size(p);
                    weight += s * s;
                    if s > hardest.1 {
                        hardest = (i, s);
                    }
                }
                parts.swap(start, hardest.0);
                opts.push(Opt {
                    start,
                    end: keep,
                    xor,
                    weight,
                });
            }
            start = keep;
            cands & want != 0
        });
        opts.sort_by_key(|o| o.weight);
        Ok(Node {
            parts,
            opts,
            seen,
            cands,
            n,
        })
    }

    /// The option with every component but its hardest settled and XORed in.
    fn settle_others(&mut self, parts: &mut [R::Part], mut o: Opt) -> Result<Opt, GameError> {
        while o.end > o.start + 1 {
            o.end -= 1;
            let v = self.in_set(parts[o.end], Set::MAX)?;
            o.xor ^= v.expect("every nimber is in the whole set");
        }
        Ok(o)
    }

    /// The nimber of `part` if it lies in `want`; `None` when it does not (it may also be
    /// given when it does not).
    fn in_set(&mut self, part: R::Part, want: Set) -> Result<Option<u8>, GameError> {
        if let Some(v) = self.lookup(part) {
            return Ok(Some(v));
        }
        self.enter()?;
        let found = self.in_set_searched(part, want);
        self.leave();
        let found = found?;
        if let Some(v) = found {
            self.table.put(part, v, self.work(part));
        }
        Ok(found)
    }

    fn in_set_searched(&mut self, part: R::Part, want: Set) -> Result<Option<u8>, GameError> {
        let Node {
            mut parts,
            opts,
            mut cands,
            ..
        } = self.options(part, want)?;
        let top = upto(max_of(want));
        let mut exact = true;
        // No candidate left in `want`: the nimber is not in it, and the rest are skipped.
        let mut out_of_set = cands & want == 0;
        for &o in &opts {
            if cands & want == 0 {
                out_of_set = true;
                break;
            }
            let largest = 1 << max_of(cands);
            let ask = (cands & !largest) & top;
            let o = self.settle_others(&mut parts, o)?;
            match self.in_set(parts[o.start], xor_each(ask, o.xor))? {
                Some(v) => take(&mut cands, u32::from(v ^ o.xor)),
                None => {
                    cands &= !largest;
                    exact = false;
                }
            }
        }
        self.recycle(parts, opts);
        if out_of_set {
            return Ok(None);
        }
        let c = cands.trailing_zeros();
        if exact || cands & top != 0 {
            Ok(Some(self.nimber_fits(c)?))
        } else {
            Ok(None)
        }
    }
}
