//! Compressed sparse rows, built without scattering every pair across the whole array.
//!
//! A counting sort in two passes rather than one scatter of every pair to its final place
//! (random writes over the whole array, which made building a graph of 5·10^7 random moves a
//! third of the time to solve it): pairs are grouped by the high bits of their key as they
//! come ([`Grouped`]), in blocks that are never copied to grow; then each group, whose keys
//! span a range small enough for its counts to stay in cache, is counted and placed within
//! its own stretch of the rows — the groups side by side on all cores, each group's blocks
//! freed as soon as it is placed.

use rayon::prelude::*;

/// Keys per group: 2^16, so a group's counts take 256 KiB.
const GROUP_BITS: u32 = 16;
/// Pairs per block: a megabyte, so that a freed block is given back to the system (see the
/// binary's allocator settings), and a group's last block, part filled, costs only the pages
/// it has touched.
const BLOCK: usize = 1 << 17;

/// Pairs (key, value), grouped by `key >> 16` in the order they come.
#[derive(Default)]
pub(super) struct Grouped {
    groups: Vec<Vec<Vec<u64>>>,
    len: usize,
}

impl Grouped {
    /// Adds the pair (k, v).
    #[inline]
    pub(super) fn push(&mut self, k: u32, v: u32) {
        let g = (k >> GROUP_BITS) as usize;
        if g >= self.groups.len() {
            self.groups.resize_with(g + 1, Vec::new);
        }
        let blocks = &mut self.groups[g];
        let pair = u64::from(k) << 32 | u64::from(v);
        match blocks.last_mut() {
            Some(last) if last.len() < BLOCK => last.push(pair),
            _ => {
                let mut block = Vec::with_capacity(BLOCK);
                block.push(pair);
                blocks.push(block);
            }
        }
        self.len += 1;
    }

    /// The pairs of `parts`, those of each part after those of the parts before it (their
    /// blocks moved, not copied; only [`place`](Self::place) may follow).
    fn join(parts: Vec<Grouped>) -> Grouped {
        let mut all = Grouped::default();
        for part in parts {
            if part.groups.len() > all.groups.len() {
                all.groups.resize_with(part.groups.len(), Vec::new);
            }
            for (mine, theirs) in all.groups.iter_mut().zip(part.groups) {
                mine.extend(theirs);
            }
            all.len += part.len;
        }
        all
    }

    /// How many pairs there are.
    pub(super) fn len(&self) -> usize {
        self.len
    }

    /// Places the pairs as rows: key k (every key below `start.len()`) gets
    /// `out[start[k] − base ..]`, its values in the order they came, and `start[k]` counts
    /// from `base`. `out` holds exactly the pairs.
    pub(super) fn place(self, start: &mut [u32], out: &mut [u32], base: u32) {
        assert_eq!(out.len(), self.len, "room for every pair");
        let span = 1usize << GROUP_BITS;
        let mut groups = self.groups;
        groups.resize_with(start.len().div_ceil(span), Vec::new);
        // Each group's stretch of `out` and of `start`, and where its stretch begins.
        let mut jobs = Vec::with_capacity(groups.len());
        let (mut rest, mut at) = (out, 0usize);
        for (blocks, starts) in groups.into_iter().zip(start.chunks_mut(span)) {
            let size = blocks.iter().map(Vec::len).sum::<usize>();
            let (mine, others) = rest.split_at_mut(size);
            jobs.push((blocks, starts, mine, at));
            rest = others;
            at += size;
        }
        jobs.into_par_iter()
            .enumerate()
            .for_each(|(g, (blocks, starts, out, at))| {
                let lo = g << GROUP_BITS;
                let mut next = vec![0u32; starts.len()];
                for block in &blocks {
                    for &pair in block {
                        next[(pair >> 32) as usize - lo] += 1;
                    }
                }
                let mut sum = 0u32;
                for (k, count) in next.iter_mut().enumerate() {
                    starts[k] = base + at as u32 + sum;
                    sum += std::mem::replace(count, sum);
                }
                for block in blocks {
                    for pair in block {
                        let slot = &mut next[(pair >> 32) as usize - lo];
                        out[*slot as usize] = pair as u32;
                        *slot += 1;
                    }
                }
            });
    }
}

/// Compressed rows of `pairs` over keys 0 … n − 1: `start[k]..start[k + 1]` indexes the v of
/// key k in `out`, in the order the pairs came.
#[cfg(test)]
pub(super) fn csr(n: usize, pairs: impl Iterator<Item = (u32, u32)>) -> (Vec<u32>, Vec<u32>) {
    let mut grouped = Grouped::default();
    for (k, v) in pairs {
        grouped.push(k, v);
    }
    rows(n, grouped)
}

/// Compressed rows of grouped pairs over keys 0 … n − 1.
pub(super) fn rows(n: usize, grouped: Grouped) -> (Vec<u32>, Vec<u32>) {
    let m = grouped.len();
    let mut start = vec![0u32; n + 1];
    let mut out = vec![0u32; m];
    grouped.place(&mut start[..n], &mut out, 0);
    start[n] = m as u32;
    (start, out)
}

/// The rows of the reversed pairs of `start`/`out` (the predecessors of a graph whose rows are
/// its moves), built over ranges of keys in turn so that only about `max_pairs` of them are
/// grouped at a time; each range's pairs are gathered on all cores (each core a stretch of
/// rows, their groups then joined in order, so values stay in the order of their keys).
pub(super) fn reversed(start: &[u32], out: &[u32], max_pairs: usize) -> (Vec<u32>, Vec<u32>) {
    let n = start.len() - 1;
    let m = out.len();
    let passes = m.div_ceil(max_pairs.max(1)).max(1);
    let keys = n.div_ceil(passes).max(1);
    let mut rstart = vec![0u32; n + 1];
    let mut rout = vec![0u32; m];
    let mut done = 0usize;
    // Stretches of rows with about the same number of pairs, one or more per core.
    let stretches = rayon::current_num_threads().max(1) * 2;
    let cuts: Vec<usize> = (0..=stretches)
        .map(|i| {
            start
                .partition_point(|&s| (s as usize) < m * i / stretches)
                .min(n)
        })
        .collect();
    for lo in (0..n).step_by(keys) {
        let hi = (lo + keys).min(n);
        let parts: Vec<Grouped> = cuts
            .windows(2)
            .collect::<Vec<_>>()
            .into_par_iter()
            .map(|w| {
                let mut grouped = Grouped::default();
                for u in w[0]..w[1] {
                    for &v in &out[start[u] as usize..start[u + 1] as usize] {
                        if (lo..hi).contains(&(v as usize)) {
                            grouped.push(v - lo as u32, u as u32);
                        }
                    }
                }
                grouped
            })
            .collect();
        let grouped = Grouped::join(parts);
        let len = grouped.len();
        grouped.place(
            &mut rstart[lo..hi],
            &mut rout[done..done + len],
            done as u32,
        );
        done += len;
    }
    rstart[n] = m as u32;
    (rstart, rout)
}
