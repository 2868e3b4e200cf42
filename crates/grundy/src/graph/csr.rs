//! Compressed sparse rows, built without scattering every pair across the whole array.

/// Compressed sparse rows of `m` pairs (k, v) over keys 0 … n − 1: `start[k]..start[k + 1]`
/// indexes the v of key k in `out`, in the order the pairs came.
///
/// Done in two cache-friendly passes rather than one scatter of every pair to its final place
/// (random writes over the whole array, which made building a graph of 5·10^7 random moves a
/// third of the time to solve it): the pairs are first grouped by the high bits of their key
/// into buckets, appending to one stream per bucket, then each bucket, whose keys span a
/// small range, is counted and placed within its own stretch of `out`.
pub(super) fn csr(
    n: usize,
    pairs: impl Iterator<Item = (u32, u32)> + Clone,
    m: usize,
) -> (Vec<u32>, Vec<u32>) {
    // Keys per bucket: a power of two such that a bucket's counts stay in cache.
    let shift = (usize::BITS - n.leading_zeros()).saturating_sub(8).max(12);
    let buckets = (n >> shift) + 1;
    let mut bucket_start = vec![0usize; buckets + 1];
    for (k, _) in pairs.clone() {
        bucket_start[(k as usize >> shift) + 1] += 1;
    }
    for b in 0..buckets {
        bucket_start[b + 1] += bucket_start[b];
    }
    let mut fill = bucket_start.clone();
    let mut grouped = vec![(0u32, 0u32); m];
    for (k, v) in pairs {
        let b = k as usize >> shift;
        grouped[fill[b]] = (k, v);
        fill[b] += 1;
    }
    let mut start = vec![0u32; n + 1];
    let mut out = vec![0u32; m];
    for b in 0..buckets {
        let part = &grouped[bucket_start[b]..bucket_start[b + 1]];
        let lo = b << shift;
        let hi = ((b + 1) << shift).min(n);
        if lo >= hi {
            continue;
        }
        for &(k, _) in part {
            start[k as usize + 1] += 1;
        }
        start[lo + 1] += bucket_start[b] as u32;
        for k in lo + 1..hi {
            start[k + 1] += start[k];
        }
        let mut next = start[lo..hi].to_vec();
        for &(k, v) in part {
            let i = &mut next[k as usize - lo];
            out[*i as usize] = v;
            *i += 1;
        }
    }
    (start, out)
}
