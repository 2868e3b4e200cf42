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

use super::{HeapRule, Nimber};

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
pub(crate) fn parity_transform<V: Nimber>(values: &[V]) -> Option<Vec<i64>> {
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
pub fn choose_mask<V: Nimber>(values: &[V]) -> Option<u32> {
    let h = parity_transform(values)?;
    // #even = (n + transform) / 2.
    let n = values.len() as i64;
    let (even, mask) = (1..h.len()).map(|m| ((n + h[m]) / 2, m)).min()?;
    (even * 8 <= n).then_some(mask as u32)
}

/// Heaps computed together: their rare pairs that reach below the block are marked in one
/// pass over the rare positions (split between the cores), the rest heap by heap.
const BLOCK: usize = 256;

/// The most bytes of marks for one block (the block is shortened for games with large values).
const MARK_BYTES: usize = 1 << 18;

/// Pairs marked between two looks at the mex in a witness scan.
const CHUNK: usize = 64;

/// Parts of every split marked in the first block pass ahead of the witness scans; later
/// blocks adapt it (see [`Ahead`]).
const SCAN_AHEAD: usize = 1024;

/// How many parts of each split the block pass marks ahead of the witness scans. Marking in
/// the block pass is cheaper per pair than scanning (both cores, no look at the mex in
/// between) but is paid by every heap, so it should cover the scans of most heaps and no
/// more: games differ by orders of magnitude (Officers' scans need about 2 700 parts, 0.354's
/// almost none), so after each block the reach grows if more than [`Ahead::BEYOND`] of its
/// heaps scanned past it, and shrinks otherwise. Only speed depends on it.
struct Ahead(usize);

impl Ahead {
    /// The share of heaps (in 256ths) that may scan beyond the marked reach.
    const BEYOND: usize = 96;

    fn adapt(&mut self, beyond: usize, heaps: usize) {
        if beyond * 256 > Self::BEYOND * heaps {
            self.0 += self.0 / 4 + 32;
        } else {
            self.0 -= self.0 / 8;
        }
    }
}

/// Heaps of a block marked together, part after part (the block pass goes over its parts once
/// per tile). Measured, not derived: Officers to 2^21 takes 5.1 s with tiles of 128 heaps,
/// 5.6 s with 64 and 5.8 s with one tile of 256; the other games measured are unchanged.
const TILE: usize = 128;

/// Rare pairs marked in one block before the work is shared between two threads.
const PARALLEL_WORK: usize = 1 << 17;

/// Computes G(len) … G(n) by the rare/common method with `mask`; returns false (computing
/// nothing) when the rule has moves the method does not cover. It stops early, leaving the
/// rest to the plain method, if values grow beyond 2^20 (the marks are one byte per value) or
/// beyond what `V` holds. Exact for any mask: the mask only decides the speed.
#[cfg(test)]
pub fn extend_sparse<V: Nimber>(rule: &HeapRule, values: &mut Vec<V>, n: u64, mask: u32) -> bool {
    extend_sparse_with(rule, values, n, mask, &mut Cache::default())
}

/// What the method carries from one call to the next on the same table, so that a long run
/// in chunks does not look at every value again for each chunk: the mask's rare positions so
/// far, the largest value, and the reach of the block pass.
#[derive(Debug, Default)]
pub struct Cache {
    mask: u32,
    /// Values looked at: `rare` and `max` are those of `values[..seen]`.
    seen: usize,
    rare: Vec<usize>,
    max: u32,
    ahead: Option<usize>,
}

impl Cache {
    /// Roughly how many pairs a heap costs the method as it runs now (its rare parts and the
    /// reach of its block pass), or `None` if it has not run on this table.
    pub fn work_per_heap(&self) -> Option<u64> {
        (self.seen > 0).then(|| (self.rare.len() + self.ahead.unwrap_or(SCAN_AHEAD) + CHUNK) as u64)
    }

    /// Brings the cache up to date with `values` under `mask` (from scratch if the mask is new
    /// or the values are not those it saw: fewer than it saw).
    fn update<V: Nimber>(&mut self, values: &[V], mask: u32) {
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
    }
}

/// [`extend_sparse`] with a [`Cache`] kept between calls on the same table.
pub fn extend_sparse_with<V: Nimber>(
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
    fn mex_from(&self, from: u32) -> u32 {
        let rest = &self.0[from as usize..];
        from + rest.iter().position(|&b| b == 0).unwrap_or(rest.len()) as u32
    }
}

fn extend_sparse_blocks<V: Nimber>(
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
fn extend_blocks<V: Nimber>(
    values: &mut Vec<V>,
    n: usize,
    mask: u32,
    block: usize,
    mv: &Moves,
    cache: &mut Cache,
    ahead: &mut Ahead,
) -> bool {
    let Cache {
        rare: rare_positions,
        max,
        ..
    } = cache;
    let mut marks: Vec<u8> = Vec::new();
    values.reserve((n + 1).saturating_sub(values.len()));
    while values.len() <= n {
        let h0 = values.len();
        let len = block.min(n + 1 - h0);
        // Values so far are below 2^b, so options are too and a new value is at most 2^b:
        // the sets hold values up to 2^b, and the block ends early when a value reaches 2^b.
        let b = 32 - (*max).leading_zeros();
        if b > 20 {
            break;
        }
        let limit = 1u64 << b;
        let width = limit as usize + 1;
        let len = len.min((MARK_BYTES / width).max(1));
        marks.clear();
        marks.resize(len * width, 0);
        let block = Block {
            h0,
            len,
            ahead: ahead.0,
        };
        mark_block(values, rare_positions, mv, &block, width, &mut marks);
        let mut beyond = 0;
        for j in 0..len {
            let h = h0 + j;
            let mut seen = Seen(&mut marks[j * width..(j + 1) * width]);
            let (v, scanned_beyond) =
                heap_value(values, rare_positions, mv, &block, mask, &mut seen);
            beyond += usize::from(scanned_beyond);
            let Some(stored) = V::new(v) else {
                return true;
            };
            values.push(stored);
            if h >= 1 && rare(mask, v) {
                rare_positions.push(h);
            }
            *max = (*max).max(v);
            if u64::from(v) >= limit {
                break;
            }
        }
        ahead.adapt(beyond, len);
    }
    true
}

/// Heaps h0 … h0 + len − 1, computed together, and the reach of the block pass's marks ahead
/// of the witness scans.
struct Block {
    h0: usize,
    len: usize,
    ahead: usize,
}

/// The parts r of a split of heap h0 + j by `k` (for every j < len) whose partner lies below
/// the block, which the block pass marks: the rare ones in [max(len − k, 1), h0 − k), and all
/// of the first `block.ahead` of them (the returned range), ahead of the witness scan.
fn block_range(block: &Block, k: usize) -> (usize, usize, std::ops::Range<usize>) {
    let (lo, hi) = (
        block.len.saturating_sub(k).max(1),
        block.h0.saturating_sub(k),
    );
    (lo, hi, lo..(lo + block.ahead).min(hi).max(lo))
}

/// Marks, for every heap of the block, the values of its splits with a part in the block
/// range of that split (see [`block_range`]): every rare part, and all parts in the first
/// `block.ahead` positions of the range, ahead of the witness scan that most heaps need.
/// Both cores share the work when there is enough.
fn mark_block<V: Nimber>(
    values: &[V],
    rare_positions: &[usize],
    mv: &Moves,
    block: &Block,
    width: usize,
    marks: &mut [u8],
) {
    let (h0, len) = (block.h0, block.len);
    for &k in &mv.splits {
        let k = k as usize;
        let (lo, hi, ahead) = block_range(block, k);
        let from = rare_positions.partition_point(|&r| r < lo);
        let to = rare_positions.partition_point(|&r| r < hi);
        let rares = &rare_positions[from..to.max(from)];
        let m0 = h0 - k;
        if (rares.len() + ahead.len()) * len >= PARALLEL_WORK {
            let (left, right) = rares.split_at(rares.len() / 2);
            let mid = ahead.start + ahead.len() / 2;
            let mut other = vec![0u8; marks.len()];
            rayon::join(
                || {
                    let parts = left.iter().copied().chain(ahead.start..mid);
                    mark_pairs(values, parts, mv.unequal, m0, len, width, marks)
                },
                || {
                    let parts = right.iter().copied().chain(mid..ahead.end);
                    mark_pairs(values, parts, mv.unequal, m0, len, width, &mut other)
                },
            );
            for (m, o) in marks.iter_mut().zip(&other) {
                *m |= o;
            }
        } else {
            let parts = rares.iter().copied().chain(ahead);
            mark_pairs(values, parts, mv.unequal, m0, len, width, marks);
        }
    }
}

/// For each part r and each j < len, marks G(r) ⊕ G(m0 + j − r) in the set of heap j
/// (skipping equal parts when `unequal`), [`TILE`] heaps at a time.
fn mark_pairs<V: Nimber>(
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

/// G(h) for the next heap h = values.len() of the block starting at h0, given the marks of the block pass: the one-heap moves, the remaining rare pairs,
/// then the mex, with a witness scan over all splits while the mex is a rare value. Also says
/// whether the scan went beyond the parts the block pass marked.
fn heap_value<V: Nimber>(
    values: &[V],
    rare_positions: &[usize],
    mv: &Moves,
    block: &Block,
    mask: u32,
    seen: &mut Seen,
) -> (u32, bool) {
    let h = values.len();
    for &(k, bits) in &mv.singles {
        let Some(m) = h.checked_sub(k as usize) else {
            continue;
        };
        if bits & 1 != 0 && m == 0 {
            seen.mark(0);
        }
        if bits & 2 != 0 && m >= 1 {
            seen.mark(values[m].get());
        }
    }
    for &k in &mv.splits {
        let k = k as usize;
        if h < k + 2 {
            continue;
        }
        let m = h - k;
        // The block pass marked the rare parts in [lo, hi); marking twice does no harm.
        let (lo, hi, _) = block_range(block, k);
        let below = rare_positions.partition_point(|&r| r < lo.min(m));
        let above = rare_positions.partition_point(|&r| r < hi);
        for &r in rare_positions[..below]
            .iter()
            .chain(rare_positions[above..].iter().take_while(|&&r| r < m))
        {
            let o = m - r;
            if !(mv.unequal && o == r) {
                seen.mark(values[r].get() ^ values[o].get());
            }
        }
    }
    let mut v = seen.mex_from(0);
    if !rare(mask, v) {
        return (v, false);
    }
    // A rare mex may still be reached by two common parts. Each split's parts below the block
    // pass's reach come first, then the parts beyond it, a chunk of every split in turn (a
    // witness found late in one split is often early in another), until the mex is common or
    // the splits are exhausted.
    let mut scans: Vec<Scan> = Vec::with_capacity(mv.splits.len());
    for &k in &mv.splits {
        let k = k as usize;
        if h < k + 2 {
            continue;
        }
        let m = h - k;
        // Grundy's game excludes the equal split a = m/2.
        let last = if mv.unequal && m % 2 == 0 {
            m / 2 - 1
        } else {
            m / 2
        };
        let (_, _, ahead) = block_range(block, k);
        mark_splits(values, m, 1..ahead.start.min(last + 1), seen);
        scans.push(Scan {
            m,
            next: ahead.end.max(ahead.start).max(1),
            last,
        });
    }
    v = seen.mex_from(v);
    if !rare(mask, v) {
        return (v, false);
    }
    while !scans.is_empty() {
        scans.retain_mut(|scan| {
            let end = (scan.next + CHUNK).min(scan.last + 1);
            mark_splits(values, scan.m, scan.next..end, seen);
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

/// The rest of one split's parts for a witness scan: parts `next` ..= `last` of heap `m`.
struct Scan {
    m: usize,
    next: usize,
    last: usize,
}

/// Marks G(a) ⊕ G(m − a) for the parts a in `parts`.
fn mark_splits<V: Nimber>(values: &[V], m: usize, parts: std::ops::Range<usize>, seen: &mut Seen) {
    if parts.is_empty() {
        return;
    }
    let front = &values[parts.clone()];
    let back = &values[m + 1 - parts.end..=m - parts.start];
    for (&x, &y) in front.iter().zip(back.iter().rev()) {
        seen.mark(x.get() ^ y.get());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::{extend_plain, parse_code};

    #[test]
    fn agrees_with_the_plain_method_whatever_the_mask() {
        let rules = [
            parse_code("0.6").unwrap(),
            parse_code("0.77").unwrap(),
            parse_code("0.156").unwrap(),
            parse_code("4.7").unwrap(),
            parse_code("0.137").unwrap(),
            parse_code("0.56").unwrap(),
            parse_code("0.376").unwrap(),
            parse_code("0.354").unwrap(),
            HeapRule::GrundysGame,
        ];
        for rule in rules {
            let mut plain: Vec<u32> = Vec::new();
            extend_plain(&rule, &mut plain, 6000);
            // Two bytes a value, as long runs store them.
            let mut narrow: Vec<u16> = plain[..1000].iter().map(|&v| v as u16).collect();
            assert!(extend_sparse(&rule, &mut narrow, 6000, 0b1010));
            assert!(narrow
                .iter()
                .map(|&v| u32::from(v))
                .eq(plain.iter().copied()));
            for mask in [1u32, 3, 0b1010, 0xff] {
                let mut fast = plain[..1000].to_vec();
                assert!(extend_sparse(&rule, &mut fast, 6000, mask));
                assert_eq!(fast, plain, "{rule:?} mask {mask:#b}");
                for (block, ahead) in [(1, 0), (7, 3), (300, 5000), (256, 0)] {
                    let mut fast = plain[..1000].to_vec();
                    let mut cache = Cache {
                        ahead: Some(ahead),
                        ..Cache::default()
                    };
                    assert!(extend_sparse_blocks(
                        &rule, &mut fast, 6000, mask, block, &mut cache
                    ));
                    assert_eq!(
                        fast, plain,
                        "{rule:?} mask {mask:#b} blocks of {block}, {ahead} ahead"
                    );
                }
            }
            if let Some(mask) = choose_mask(&plain[..2000]) {
                let mut fast = plain[..2000].to_vec();
                extend_sparse(&rule, &mut fast, 6000, mask);
                assert_eq!(fast, plain, "{rule:?} chosen mask {mask:#b}");
            }
        }
    }

    #[test]
    fn hexadecimal_three_heap_moves_are_left_to_the_plain_method() {
        let mut v = vec![0u32];
        assert!(!extend_sparse(&parse_code("0.8").unwrap(), &mut v, 10, 1));
        assert_eq!(v, vec![0]);
    }
}
