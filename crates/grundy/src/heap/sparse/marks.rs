//! One heap's value by the rare/common method: its options marked — pairs of a rare and
//! any value, splits into parts — until the least value not marked is sure.

use super::*;

/// What every heap's computation needs of the rule and the method: the moves, the mask and
/// the witness order.
pub(super) struct Method<'a> {
    pub(super) mv: &'a Moves,
    pub(super) mask: u32,
    pub(super) order: &'a [usize],
}

/// The table as a heap of the block sees it: the values before the block, then the block's.
pub(super) struct View<'a, V> {
    pub(super) old: &'a [V],
    pub(super) new: &'a [V],
}

impl<V: StoredValue> View<'_, V> {
    pub(super) fn len(&self) -> usize {
        self.old.len() + self.new.len()
    }

    #[inline(always)]
    pub(super) fn get(&self, i: usize) -> u32 {
        match i.checked_sub(self.old.len()) {
            None => self.old[i].get(),
            Some(j) => self.new[j].get(),
        }
    }
}

/// The rare positions a heap of the block sees: those before the block, then the block's.
#[derive(Clone, Copy)]
pub(super) struct Rares<'a> {
    pub(super) old: &'a [usize],
    pub(super) new: &'a [usize],
}

/// Heaps h0 … h0 + len − 1, computed together: how many parts of the witness order the block
/// pass marked (`reach`), the span of that order, and the parts of each split.
pub(super) struct Block {
    pub(super) reach: usize,
    pub(super) span: usize,
    pub(super) splits: Vec<Split>,
}

impl Block {
    /// The pass of the block `g`, marked from the values below `known` (g.h0 itself, or the
    /// start of the block before when the two overlap) with `reach` parts of the order.
    pub(super) fn new(
        g: &Geometry,
        known: usize,
        reach: usize,
        cache: &Cache,
        mv: &Moves,
    ) -> Block {
        let reach = reach.min(cache.order.len());
        let splits = mv
            .splits
            .iter()
            .map(|&k| Split::new(g, known, k as usize, &cache.order[..reach], &cache.rare))
            .collect();
        Block {
            reach,
            span: cache.span,
            splits,
        }
    }

    /// Rare positions of each split's range.
    pub(super) fn rares<'a>(split: &Split, rare_positions: &'a [usize]) -> &'a [usize] {
        &rare_positions[split.lo_at..split.hi_at]
    }

    /// How many pairs the pass marks.
    pub(super) fn pairs(&self, rare_positions: &[usize], len: usize) -> usize {
        let parts: usize = self
            .splits
            .iter()
            .map(|s| Self::rares(s, rare_positions).len() + s.inside.len())
            .sum();
        parts * len
    }

    /// Marks `share` of the pass (the first or the second share of each list of parts).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn mark<V: StoredValue>(
        &self,
        values: &[V],
        rare_positions: &[usize],
        mv: &Moves,
        g: &Geometry,
        share: Share,
        first: bool,
        marks: &mut [u8],
    ) {
        for split in &self.splits {
            let rares = share.of(Self::rares(split, rare_positions), first);
            let inside = share.of(&split.inside, first);
            // h0 − k: the pass has parts only when the block starts at k or later.
            let m0 = g.h0.saturating_sub(split.k);
            let parts = rares.iter().chain(inside).copied();
            mark_pairs(values, parts, mv.unequal, m0, g.len, g.width, marks);
        }
    }
}

/// The parts r of a split of heap h0 + j by `k` (for every j < len) whose partner lies below
/// `known`, [lo, hi): the block pass marks the rare ones and those of the witness order's
/// first `reach` (`inside`); the rest of those first parts (`outside`), and the other rare
/// parts, are marked heap by heap.
pub(super) struct Split {
    pub(super) k: usize,
    pub(super) lo: usize,
    /// Where lo and hi fall in the list of rare positions.
    pub(super) lo_at: usize,
    pub(super) hi_at: usize,
    pub(super) inside: Vec<usize>,
    pub(super) outside: Vec<usize>,
}

impl Split {
    /// `rare` holds the rare positions below `known` (and perhaps more: those come later).
    pub(super) fn new(
        g: &Geometry,
        known: usize,
        k: usize,
        first: &[usize],
        rare: &[usize],
    ) -> Split {
        // The partner of r for heap h0 + j is h0 + j − k − r < known for every j < len, and
        // r < h0 − k so that the partner is at least 1.
        let lo = (g.h0 + g.len).saturating_sub(k + known).max(1);
        let hi = g.h0.saturating_sub(k).min(known);
        let (inside, outside) = first.iter().partition(|&&a| (lo..hi).contains(&a));
        let lo_at = rare.partition_point(|&r| r < lo);
        Split {
            k,
            lo,
            lo_at,
            hi_at: rare.partition_point(|&r| r < hi).max(lo_at),
            inside,
            outside,
        }
    }
}

/// For each part r and each j < len, marks G(r) ⊕ G(m0 + j − r) in the set of heap j
/// (skipping equal parts when `unequal`), [`TILE`] heaps at a time.
pub(super) fn mark_pairs<V: StoredValue>(
    values: &[V],
    parts: impl Iterator<Item = usize> + Clone,
    unequal: bool,
    m0: usize,
    len: usize,
    width: usize,
    marks: &mut [u8],
) {
    for t0 in (0..len).step_by(TILE) {
        let t1 = (t0 + TILE).min(len);
        for r in parts.clone() {
            let g = values[r].get();
            let partners = &values[m0 - r..m0 - r + len];
            // Grundy's game skips the one heap of the block (if any) that r splits equally;
            // the loop itself tests nothing.
            let equal = (2 * r)
                .checked_sub(m0)
                .filter(|&j| unequal && (t0..t1).contains(&j));
            let mut mark = |from: usize, to: usize| {
                for (j, &o) in partners[from..to].iter().enumerate() {
                    let x = (g ^ o.get()) as usize;
                    marks[(from + j) * width + x] = 1;
                }
            };
            match equal {
                Some(j) => {
                    mark(t0, j);
                    mark(j + 1, t1);
                }
                None => mark(t0, t1),
            }
        }
    }
}

/// G(h) for the next heap h = view.len() of the block, given the marks of the block pass:
/// the one-heap moves, the remaining rare pairs, then the mex, with a witness scan over all
/// splits while the mex is a rare value. Also says whether the scan went beyond the parts the
/// block pass marked.
pub(super) fn heap_value<V: StoredValue>(
    view: &View<V>,
    rares: Rares,
    method: &Method,
    block: &Block,
    near: &mut [usize],
    seen: &mut Seen,
) -> (u32, bool) {
    let Method { mv, mask, order } = *method;
    let h = view.len();
    for &(k, bits) in &mv.singles {
        let Some(m) = h.checked_sub(k as usize) else {
            continue;
        };
        if bits & 1 != 0 && m == 0 {
            seen.mark(0);
        }
        if bits & 2 != 0 && m >= 1 {
            seen.mark(view.get(m));
        }
    }
    for (split, near) in block.splits.iter().zip(near) {
        if h < split.k + 2 {
            continue;
        }
        let m = h - split.k;
        // The block pass marked the rare parts in [lo, hi) (rares.old[lo_at..hi_at]); marking
        // twice does no harm. Parts at hi and beyond are few: they lie just below m.
        let below = if m >= split.lo {
            split.lo_at
        } else {
            rares.old.partition_point(|&r| r < m)
        };
        // The rare parts whose partners lie in the block: a cursor that moves on with m.
        while *near < rares.old.len() && rares.old[*near] + view.old.len() <= m {
            *near += 1;
        }
        let parts = &rares.old[..below];
        mark_sorted_parts(
            view,
            m,
            mv.unequal,
            parts.split_at((*near).min(below)),
            seen,
        );
        let rest = rares.old[split.hi_at..].iter().chain(rares.new);
        mark_parts(
            view,
            m,
            mv.unequal,
            rest.copied().take_while(|&r| r < m),
            seen,
        );
    }
    let mut v = seen.mex_from(0);
    if !rare(mask, v) {
        return (v, false);
    }
    // A rare mex may still be reached by two common parts. The first parts of the witness
    // order come first, then the rest of the order and then every part beyond its span, a
    // chunk of every split in turn (a witness found late in one split is often early in
    // another), until the mex is common or the splits are exhausted.
    let mut scans: Vec<Scan> = Vec::with_capacity(block.splits.len());
    for split in &block.splits {
        if h < split.k + 2 {
            continue;
        }
        let m = h - split.k;
        mark_parts(view, m, mv.unequal, split.outside.iter().copied(), seen);
        // Grundy's game excludes the equal split a = m/2.
        let last = if mv.unequal && m % 2 == 0 {
            m / 2 - 1
        } else {
            m / 2
        };
        scans.push(Scan {
            m,
            ordered: block.reach,
            next: block.span + 1,
            last,
        });
    }
    v = seen.mex_from(v);
    if !rare(mask, v) {
        return (v, false);
    }
    while !scans.is_empty() {
        scans.retain_mut(|scan| {
            if scan.ordered < order.len() {
                let end = (scan.ordered + CHUNK).min(order.len());
                let parts = order[scan.ordered..end].iter().copied();
                mark_parts(view, scan.m, mv.unequal, parts, seen);
                scan.ordered = end;
                return true;
            }
            let end = (scan.next + CHUNK).min(scan.last + 1);
            mark_splits(view, scan.m, scan.next..end, seen);
            scan.next = end;
            end <= scan.last
        });
        v = seen.mex_from(v);
        if !rare(mask, v) {
            return (v, true);
        }
    }
    (v, true)
}

/// The rest of one split's parts for a witness scan of heap `m`: the witness order from
/// index `ordered`, then parts `next` ..= `last` (those beyond the order's span).
pub(super) struct Scan {
    pub(super) m: usize,
    pub(super) ordered: usize,
    pub(super) next: usize,
    pub(super) last: usize,
}

/// Marks G(a) ⊕ G(m − a) for the parts a (in any order) that split `m` in two (a < m),
/// skipping the equal split when `unequal`.
#[inline(always)]
pub(super) fn mark_parts<V: StoredValue>(
    view: &View<V>,
    m: usize,
    unequal: bool,
    parts: impl Iterator<Item = usize>,
    seen: &mut Seen,
) {
    for a in parts {
        if a < m && !(unequal && 2 * a == m) {
            seen.mark(view.get(a) ^ view.get(m - a));
        }
    }
}

/// [`mark_parts`] for parts below m that lie before the block, those whose partners lie in
/// the block (`near`) and those whose partners lie before it (`far`), read without asking
/// where they lie: this runs for many rare parts of every heap.
#[inline(always)]
pub(super) fn mark_sorted_parts<V: StoredValue>(
    view: &View<V>,
    m: usize,
    unequal: bool,
    (near, far): (&[usize], &[usize]),
    seen: &mut Seen,
) {
    let (old, new) = (view.old, view.new);
    for &a in near {
        if !(unequal && 2 * a == m) {
            seen.mark(old[a].get() ^ new[m - a - old.len()].get());
        }
    }
    for &a in far {
        if !(unequal && 2 * a == m) {
            seen.mark(old[a].get() ^ old[m - a].get());
        }
    }
}

/// Marks G(a) ⊕ G(m − a) for the parts a in `parts`.
pub(super) fn mark_splits<V: StoredValue>(
    view: &View<V>,
    m: usize,
    parts: std::ops::Range<usize>,
    seen: &mut Seen,
) {
    if parts.is_empty() {
        return;
    }
    let back = m + 1 - parts.end..=m - parts.start;
    if *back.end() < view.old.len() {
        // The usual case: every part and partner lies before the block.
        let front = &view.old[parts];
        for (&x, &y) in front.iter().zip(view.old[back].iter().rev()) {
            seen.mark(x.get() ^ y.get());
        }
    } else {
        for a in parts {
            seen.mark(view.get(a) ^ view.get(m - a));
        }
    }
}
