//! The rare/common ("sparse space") method for heap games whose moves leave at most two heaps.
//!
//! Fix a mask M and call a value *common* when `v & M` has an odd number of 1 bits and *rare*
//! otherwise. XOR adds these parities, so a common value is the XOR of a split's two parts only
//! when exactly one part is rare. In games with a sparse space almost every value is common,
//! so the common values reachable from a heap come from the few rare positions alone: O(#rare)
//! per heap instead of O(n). The mex is then the least value not reached: a common one
//! certainly is not reached if the rare pairs do not reach it; a rare candidate may still come
//! from two common parts and needs a witness, found by a scan that usually stops early.
//! (Berlekamp, Conway, Guy, Winning Ways, ch. 4, "Sparse space spells speed".)
//!
//! How this implementation spends its time (see docs/BENCHMARKS.md): heaps are computed in
//! blocks of [`BLOCK`]; a block pass marks, for all the block's heaps at once, the pairs with
//! a rare part and the first parts of the witness order ([`witness_order`]: common-valued
//! parts a value at a time, which reach every rare value sooner than parts taken in turn);
//! each heap then marks what the pass could not (parts whose partners lie in the block) and
//! scans on for witnesses while its mex is rare. The pass of the next block runs on the
//! other core while this block's heaps are computed.

use super::{HeapRule, StoredValue};

mod marks;

use marks::*;

/// The moves of a rule this method covers: one-heap moves (k, bits 1|2), split moves (k), and
/// whether split parts must differ (Grundy's game).
struct Moves {
    singles: Vec<(u64, u8)>,
    splits: Vec<u64>,
    unequal: bool,
}

/// Whether the method can compute this rule's values (its moves leave at most two heaps).
pub fn covers(rule: &HeapRule) -> bool {
    moves(rule).is_some()
}

fn moves(rule: &HeapRule) -> Option<Moves> {
    match rule {
        HeapRule::GrundysGame => Some(Moves {
            singles: vec![],
            splits: vec![0],
            unequal: true,
        }),
        HeapRule::TakeBreak(ms) if ms.iter().all(|m| m.1 & 8 == 0) => Some(Moves {
            singles: ms
                .iter()
                .filter(|m| m.1 & 3 != 0)
                .map(|&(k, b)| (k, b & 3))
                .collect(),
            splits: ms.iter().filter(|m| m.1 & 4 != 0).map(|m| m.0).collect(),
            unequal: false,
        }),
        _ => None,
    }
}

fn rare(mask: u32, v: u32) -> bool {
    (v & mask).count_ones() % 2 == 0
}

/// The Walsh–Hadamard transform of the histogram of `values`: at mask m it is
/// #(values with an even number of 1 bits in v & m) − #(odd). `None` when there are no values
/// or they are too wide (more than 20 bits) to tabulate.
pub(crate) fn parity_transform<V: StoredValue>(values: &[V]) -> Option<Vec<i64>> {
    let max = values.iter().map(|v| v.get()).max()?;
    let bits = 32 - max.leading_zeros();
    if bits == 0 || bits > 20 {
        return None;
    }
    let size = 1usize << bits;
    let mut h = vec![0i64; size];
    for &v in values {
        h[v.get() as usize] += 1;
    }
    let mut len = 1;
    while len < size {
        for i in (0..size).step_by(2 * len) {
            for j in i..i + len {
                let (a, b) = (h[j], h[j + len]);
                h[j] = a + b;
                h[j + len] = a - b;
            }
        }
        len *= 2;
    }
    Some(h)
}

/// The mask under which the fewest of `values` are rare (even parity), if that makes them
/// rare enough (at most one in eight) for the method to pay.
pub fn choose_mask<V: StoredValue>(values: &[V]) -> Option<u32> {
    let h = parity_transform(values)?;
    // #even = (n + transform) / 2.
    let n = values.len() as i64;
    let (even, mask) = (1..h.len()).map(|m| ((n + h[m]) / 2, m)).min()?;
    (even * 8 <= n).then_some(mask as u32)
}

/// Heaps computed together: their pairs with a rare part (or an early part of the witness
/// order) whose partner lies below the block are marked in one pass (split between the
/// cores), the rest heap by heap. Short blocks keep the parts marked heap by heap few: the
/// pass of the next block, marked while this block's heaps are computed, can take only parts
/// whose partners lie below this block, so parts under two blocks' length wait for the
/// heaps. Measured (2026-11-26, to 2^21, two runs each): 256 → 64 took 0.354 from 0.90–1.10
/// to 0.69–0.73 s and 0.56 from 0.27–0.30 to 0.21–0.23 s (those two games then use both
/// cores), Officers, 0.376 and Grundy's game unchanged; 32 and 48 are alike, 96 and 128
/// slower.
const BLOCK: usize = 64;

/// The most bytes of marks for one block (the block is shortened for games with large values).
const MARK_BYTES: usize = 1 << 18;

/// Pairs marked between two looks at the mex in a witness scan.
const CHUNK: usize = 64;

/// Parts of the witness order marked in the first block pass ahead of the witness scans;
/// later blocks adapt it (see [`Ahead`]).
const SCAN_AHEAD: usize = 1024;

/// How many parts of the witness order (see [`witness_order`]) the block pass marks ahead of
/// the witness scans. Marking in the block pass is cheaper per pair than scanning (both cores,
/// no look at the mex in between) but is paid by every heap, so it should cover the scans of
/// most heaps and no more: games differ by orders of magnitude (Officers' scans need about
/// 1 000 parts, 0.376's about 90, 0.354's almost none), so after each block the reach grows
/// (up to the order's longest, [`ORDER_SPAN`]) if more than [`Ahead::BEYOND`] of its heaps
/// scanned past it, and shrinks otherwise. Only speed depends on it.
struct Ahead(usize);

impl Ahead {
    /// The share of heaps (in 256ths) that may scan beyond the marked reach.
    const BEYOND: usize = 96;

    fn adapt(&mut self, beyond: usize, heaps: usize) {
        if beyond * 256 > Self::BEYOND * heaps {
            self.0 = (self.0 + self.0 / 4 + 32).min(ORDER_SPAN);
        } else {
            self.0 -= self.0 / 8;
        }
    }
}

/// Heaps of a block marked together, part after part (the block pass goes over its parts once
/// per tile). Measured, not derived: Officers to 2^21 took 5.1 s with tiles of 128 heaps,
/// 5.6 s with 64 and 5.8 s with one tile of 256 when the block pass marked 4 000 parts a
/// heap; with 2 600 (the witness order), 32, 64 and 128 are alike.
const TILE: usize = 128;

/// Pairs marked in one block pass before the work is shared between two threads (with short
/// blocks, every game with a few dozen rare parts shares; below that a pass is a few
/// microseconds, about what handing it over costs).
const PARALLEL_WORK: usize = 1 << 12;

/// Computes G(len) … G(n) by the rare/common method with `mask`; returns false (computing
/// nothing) when the rule has moves the method does not cover. It stops early, leaving the
/// rest to the plain method, if values grow beyond 2^20 (the marks are one byte per value) or
/// beyond what `V` holds. Exact for any mask: the mask only decides the speed.
#[cfg(test)]
pub fn extend_sparse<V: StoredValue>(
    rule: &HeapRule,
    values: &mut Vec<V>,
    n: u64,
    mask: u32,
) -> bool {
    extend_sparse_with(rule, values, n, mask, &mut Cache::default())
}

/// What the method carries from one call to the next on the same table, so that a long run
/// in chunks does not look at every value again for each chunk: the mask's rare positions so
/// far, the largest value, the witness order and the reach of the block pass.
#[derive(Debug, Default)]
pub struct Cache {
    mask: u32,
    /// Values looked at: `rare` and `max` are those of `values[..seen]`.
    seen: usize,
    rare: Vec<usize>,
    max: u32,
    ahead: Option<usize>,
    /// The parts witness scans try first (see [`witness_order`]): every part in `1..=span`
    /// whose value is common.
    order: Vec<usize>,
    span: usize,
}

impl Cache {
    /// Roughly how many pairs a heap costs the method as it runs now (its rare parts and the
    /// reach of its block pass), or `None` if it has not run on this table.
    pub fn work_per_heap(&self) -> Option<u64> {
        (self.seen > 0).then(|| (self.rare.len() + self.ahead.unwrap_or(SCAN_AHEAD) + CHUNK) as u64)
    }

    /// Brings the cache up to date with `values` under `mask` (from scratch if the mask is new
    /// or the values are not those it saw: fewer than it saw).
    fn update<V: StoredValue>(&mut self, values: &[V], mask: u32) {
        if mask != self.mask || values.len() < self.seen {
            *self = Cache {
                mask,
                ahead: self.ahead,
                ..Cache::default()
            };
        }
        for (i, v) in values.iter().enumerate().skip(self.seen) {
            let v = v.get();
            if i >= 1 && rare(mask, v) {
                self.rare.push(i);
            }
            self.max = self.max.max(v);
        }
        self.seen = values.len();
        self.refresh_order(values);
    }

    /// Whether the witness order would be rebuilt for a table of `len` values.
    fn order_due(&self, len: usize) -> bool {
        // The order's parts are an eighth of the table at most, so that they lie well below
        // the heaps being computed; it is rebuilt each time that can double its span.
        (len / 8).min(ORDER_SPAN) >= 2 * self.span.max(1)
    }

    /// Rebuilds the witness order if the table has grown enough to double its span.
    fn refresh_order<V: StoredValue>(&mut self, values: &[V]) {
        if self.order_due(values.len()) {
            let span = (values.len() / 8).min(ORDER_SPAN);
            self.order = witness_order(&values[..=span], self.mask);
            self.span = span;
        }
    }
}

/// The most parts the witness order holds (beyond it, scans take parts in turn).
const ORDER_SPAN: usize = 1 << 14;

/// The common-valued parts among `1 .. values.len()`, a value at a time: the least part of
/// each common value in increasing order of value, then the second of each, and so on.
///
/// A rare mex needs a witness: a split whose parts' values XOR to it. Rare-valued parts are
/// marked anyway (they are the rare pairs), and two common values are what XOR to a rare
/// one, so a scan need only try common-valued parts; and taking their values evenly, rather
/// than as they come (small heaps' values repeat a few values often), reaches every rare
/// value sooner. Measured on Officers at heaps 10^6 … 10^6 + 20 000: to reach the rare values
/// below the mex, the median heap needs 782 parts in this order against 2 590 in turn.
/// Only speed depends on the order; the scan ends with every part not in it.
fn witness_order<V: StoredValue>(values: &[V], mask: u32) -> Vec<usize> {
    let mut seen_of_value: std::collections::HashMap<u32, usize> = Default::default();
    let mut keyed: Vec<(usize, u32, usize)> = Vec::new();
    for (a, v) in values.iter().enumerate().skip(1) {
        let v = v.get();
        if !rare(mask, v) {
            let rank = seen_of_value.entry(v).or_insert(0);
            keyed.push((*rank, v, a));
            *rank += 1;
        }
    }
    keyed.sort_unstable();
    keyed.into_iter().map(|(_, _, a)| a).collect()
}

/// [`extend_sparse`] with a [`Cache`] kept between calls on the same table.
pub fn extend_sparse_with<V: StoredValue>(
    rule: &HeapRule,
    values: &mut Vec<V>,
    n: u64,
    mask: u32,
    cache: &mut Cache,
) -> bool {
    extend_sparse_blocks(rule, values, n, mask, BLOCK, cache)
}

/// A set of values below its length, one byte each (a byte store is cheaper than setting a
/// bit, and marking is the inner loop).
struct Seen<'a>(&'a mut [u8]);

impl Seen<'_> {
    #[inline(always)]
    fn mark(&mut self, v: u32) {
        self.0[v as usize] = 1;
    }

    /// The least value ≥ `from` not in the set (the set always holds a 0 past its values).
    /// Eight bytes at a time: this runs two or three times for every heap, over dozens of
    /// values when the mex is large (a byte at a time it was a quarter of 0.56's run).
    fn mex_from(&self, from: u32) -> u32 {
        const ONES: u64 = 0x0101_0101_0101_0101;
        let rest = &self.0[from as usize..];
        let mut chunks = rest.chunks_exact(8);
        let mut at = from;
        for chunk in &mut chunks {
            let x = u64::from_le_bytes(chunk.try_into().expect("chunks of 8"));
            // The lowest bit set marks the first zero byte (bits above it may be false).
            let zero = x.wrapping_sub(ONES) & !x & (ONES << 7);
            if zero != 0 {
                return at + zero.trailing_zeros() / 8;
            }
            at += 8;
        }
        let tail = chunks.remainder();
        at + tail.iter().position(|&b| b == 0).unwrap_or(tail.len()) as u32
    }
}

fn extend_sparse_blocks<V: StoredValue>(
    rule: &HeapRule,
    values: &mut Vec<V>,
    n: u64,
    mask: u32,
    block: usize,
    cache: &mut Cache,
) -> bool {
    let Some(mv) = moves(rule) else {
        return false;
    };
    let Ok(n) = usize::try_from(n) else {
        return false;
    };
    cache.update(values, mask);
    let mut ahead = Ahead(cache.ahead.unwrap_or(SCAN_AHEAD));
    let done = extend_blocks(values, n, mask, block, &mv, cache, &mut ahead);
    cache.seen = values.len();
    cache.ahead = Some(ahead.0);
    done
}

/// The loop of [`extend_sparse_blocks`], keeping `cache` up to date as values come.
///
/// Blocks overlap: while one core computes a block's heaps one by one (which cannot be
/// shared), the other marks most of the next block's pass, the parts whose partners lie
/// below the current block; the first core joins that work when its heaps are done, so both
/// stay busy. The few parts left over (partners in the current block) are marked heap by heap.
/// When the next pass is too small to share (games with few rare values), nothing overlaps
/// and the heaps go straight into the table, which every heap then reads as one slice.
fn extend_blocks<V: StoredValue>(
    values: &mut Vec<V>,
    n: usize,
    mask: u32,
    block: usize,
    mv: &Moves,
    cache: &mut Cache,
    ahead: &mut Ahead,
) -> bool {
    // Buffers of marks are reused: a block's sets are zeroed, not allocated.
    let (mut other, mut spare): (Vec<u8>, Vec<u8>) = Default::default();
    let mut pending: Option<Pass> = None;
    let mut share = Share::default();
    values.reserve((n + 1).saturating_sub(values.len()));
    while values.len() <= n {
        let h0 = values.len();
        let Some(geometry) = Geometry::new(h0, n, block, cache.max) else {
            break;
        };
        let mut pass = match pending.take() {
            Some(pass) if pass.geometry == geometry => pass,
            _ => {
                cache.refresh_order(values);
                let block = Block::new(&geometry, h0, ahead.0, cache, mv);
                let mut marks = zeroed(&mut spare, geometry.len * geometry.width);
                if block.pairs(&cache.rare, geometry.len) >= PARALLEL_WORK {
                    let half = Share(Share::ALL / 2);
                    reset(&mut other, marks.len());
                    rayon::join(
                        || block.mark(values, &cache.rare, mv, &geometry, half, true, &mut marks),
                        || block.mark(values, &cache.rare, mv, &geometry, half, false, &mut other),
                    );
                    merge(&mut marks, &other);
                } else {
                    let all = Share(Share::ALL);
                    block.mark(values, &cache.rare, mv, &geometry, all, true, &mut marks);
                }
                Pass {
                    geometry,
                    block,
                    marks,
                }
            }
        };
        // The next block overlaps this one unless the witness order is due to grow there
        // (it must not change under a pass marked with it) or the run ends.
        let h1 = h0 + pass.geometry.len;
        let old: &[V] = values;
        let rare_old: &[usize] = &cache.rare;
        let next = Geometry::new(h1, n, block, cache.max).filter(|g| !cache.order_due(g.h0));
        let method = Method {
            mv,
            mask,
            order: &cache.order,
        };
        let heaps = |pass: &mut Pass| compute_heaps(old, rare_old, &method, pass);
        // Handing work to the other core costs more than a small pass.
        let next = next
            .map(|g| (g, Block::new(&g, h0, ahead.0, cache, mv)))
            .filter(|(g, block)| block.pairs(rare_old, g.len) >= PARALLEL_WORK);
        let done = match next {
            // Nothing to overlap: the heaps go straight into the table, and every heap reads
            // one slice (no view of table + block, no parts near the block).
            None => compute_heaps_in_place(values, &mut cache.rare, &method, &mut pass),
            Some((g, block)) => {
                let mut marks = zeroed(&mut spare, g.len * g.width);
                reset(&mut other, marks.len());
                let ((done, a_time), b_time) = rayon::join(
                    || {
                        let start = std::time::Instant::now();
                        let done = heaps(&mut pass);
                        block.mark(old, rare_old, mv, &g, share, true, &mut marks);
                        (done, start.elapsed())
                    },
                    || {
                        let start = std::time::Instant::now();
                        block.mark(old, rare_old, mv, &g, share, false, &mut other);
                        start.elapsed()
                    },
                );
                share.balance(a_time, b_time);
                merge(&mut marks, &other);
                pending = Some(Pass {
                    geometry: g,
                    block,
                    marks,
                });
                done.append(values, &mut cache.rare)
            }
        };
        spare = pass.marks;
        cache.max = cache.max.max(done.max);
        ahead.adapt(done.beyond, done.heaps.max(1));
        if !done.fits {
            return true;
        }
    }
    true
}

/// The size of a block's marks: heaps h0 … h0 + len − 1, each with a set of `width` values.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Geometry {
    h0: usize,
    len: usize,
    width: usize,
}

impl Geometry {
    /// The block from heap `h0` (at most `block` heaps, none beyond n), when the values so far
    /// are at most `max`; `None` when the sets would be too wide (values beyond 2^20).
    fn new(h0: usize, n: usize, block: usize, max: u32) -> Option<Geometry> {
        if h0 > n {
            return None;
        }
        // Values so far are below 2^b, so options are too and a new value is at most 2^b:
        // the sets hold values up to 2^b, and the block ends early when a value reaches 2^b.
        let b = 32 - max.leading_zeros();
        if b > 20 {
            return None;
        }
        let width = (1usize << b) + 1;
        let len = block.min(n + 1 - h0).min((MARK_BYTES / width).max(1));
        Some(Geometry { h0, len, width })
    }

    /// The least value no heap of the block may reach without ending it.
    fn limit(&self) -> u32 {
        (self.width - 1) as u32
    }
}

/// A block's pass: its geometry, which parts it marked, and the marks.
struct Pass {
    geometry: Geometry,
    block: Block,
    marks: Vec<u8>,
}

/// The share of a block pass's parts (in 64ths of each list) that the core computing the
/// previous block's heaps takes on when those are done; the other core takes the rest.
/// (Both cores split the pass of a block that follows no other in halves.)
/// It follows the time each core took, so that they finish together. Only speed depends on it.
#[derive(Clone, Copy, Debug)]
struct Share(usize);

impl Share {
    const ALL: usize = 64;

    fn balance(&mut self, first: std::time::Duration, second: std::time::Duration) {
        if first > second {
            self.0 = self.0.saturating_sub(1);
        } else if self.0 < Self::ALL / 2 {
            self.0 += 1;
        }
    }

    /// This share of `list` (`first`), or the rest of it.
    fn of<'a>(&self, list: &'a [usize], first: bool) -> &'a [usize] {
        let (share, rest) = list.split_at(list.len() * self.0 / Self::ALL);
        if first {
            share
        } else {
            rest
        }
    }
}

impl Default for Share {
    fn default() -> Share {
        Share(Share::ALL / 4)
    }
}

/// Makes `buffer` hold `len` zeros, in the memory it has.
fn reset(buffer: &mut Vec<u8>, len: usize) {
    buffer.clear();
    buffer.resize(len, 0);
}

/// `buffer`'s memory, taken from it and holding `len` zeros.
fn zeroed(buffer: &mut Vec<u8>, len: usize) -> Vec<u8> {
    reset(buffer, len);
    std::mem::take(buffer)
}

/// ORs the other core's marks into `marks`.
fn merge(marks: &mut [u8], other: &[u8]) {
    for (m, o) in marks.iter_mut().zip(other) {
        *m |= o;
    }
}

/// A block's heaps as computed: their values (up to the first that does not fit in `V` or
/// reaches the block's limit), the rare ones among them, how many scanned beyond the pass,
/// and whether all fitted.
struct Heaps<V> {
    values: Vec<V>,
    rare: Vec<usize>,
    beyond: usize,
    fits: bool,
}

/// Computes the heaps of `pass`'s block one by one, after the values `old` (with rare
/// positions `rare_old`).
fn compute_heaps<V: StoredValue>(
    old: &[V],
    rare_old: &[usize],
    method: &Method,
    pass: &mut Pass,
) -> Heaps<V> {
    let mask = method.mask;
    let Geometry { len, width, .. } = pass.geometry;
    let marks = &mut pass.marks;
    let mut out = Heaps {
        values: Vec::with_capacity(len),
        rare: Vec::new(),
        beyond: 0,
        fits: true,
    };
    let mut near = vec![0; pass.block.splits.len()];
    for j in 0..len {
        let view = View {
            old,
            new: &out.values,
        };
        let rares = Rares {
            old: rare_old,
            new: &out.rare,
        };
        let mut seen = Seen(&mut marks[j * width..(j + 1) * width]);
        let (v, beyond) = heap_value(&view, rares, method, &pass.block, &mut near, &mut seen);
        out.beyond += usize::from(beyond);
        let Some(stored) = V::new(v) else {
            out.fits = false;
            break;
        };
        out.values.push(stored);
        if rare(mask, v) && old.len() + j >= 1 {
            out.rare.push(old.len() + j);
        }
        if v >= pass.geometry.limit() {
            break;
        }
    }
    out
}

impl<V: StoredValue> Heaps<V> {
    /// Appends the block's values and rare positions to the table's.
    fn append(self, values: &mut Vec<V>, rare: &mut Vec<usize>) -> Appended {
        values.extend_from_slice(&self.values);
        rare.extend_from_slice(&self.rare);
        Appended {
            heaps: self.values.len(),
            max: self.values.iter().fold(0, |m, v| m.max(v.get())),
            beyond: self.beyond,
            fits: self.fits,
        }
    }
}

/// What a block's heaps added to the table: how many, the largest value, how many scans
/// went beyond the block pass, and whether the last value fitted (see [`Heaps`]).
struct Appended {
    heaps: usize,
    max: u32,
    beyond: usize,
    fits: bool,
}

/// [`compute_heaps`] appending each heap's value to `values` (and its position to `rare` if
/// rare) as soon as it is known, for a block that nothing overlaps: every later heap then
/// reads the table as one slice.
fn compute_heaps_in_place<V: StoredValue>(
    values: &mut Vec<V>,
    rare_positions: &mut Vec<usize>,
    method: &Method,
    pass: &mut Pass,
) -> Appended {
    let Geometry { len, width, .. } = pass.geometry;
    let mut out = Appended {
        heaps: 0,
        max: 0,
        beyond: 0,
        fits: true,
    };
    // The view has no block part, so no part is ever near: the cursors stay at 0.
    let mut near = vec![0; pass.block.splits.len()];
    for j in 0..len {
        let view = View {
            old: values,
            new: &[],
        };
        let rares = Rares {
            old: rare_positions,
            new: &[],
        };
        let mut seen = Seen(&mut pass.marks[j * width..(j + 1) * width]);
        let (v, beyond) = heap_value(&view, rares, method, &pass.block, &mut near, &mut seen);
        out.beyond += usize::from(beyond);
        let Some(stored) = V::new(v) else {
            out.fits = false;
            break;
        };
        let h = values.len();
        values.push(stored);
        out.heaps += 1;
        out.max = out.max.max(v);
        if rare(method.mask, v) && h >= 1 {
            rare_positions.push(h);
        }
        if v >= pass.geometry.limit() {
            break;
        }
    }
    out
}
#[cfg(test)]
mod tests;
