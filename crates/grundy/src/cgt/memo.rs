//! A bounded, lossy table of comparisons `g ≤ h` between canonical forms.
//!
//! Valuing a Domineering board compares tens of millions of pairs of games (6×6: 52 million
//! pairs worked out from their options), and a comparison asked again is answered from this
//! table. A hash map of every pair ever compared took most of the memory of such a run (about
//! 900 MB on 6×6) and two cache misses a look (its control bytes, then the entry). This table
//! is an array of buckets of two entries, each entry one word holding both ids and the
//! answer: a look is one cache line, the table never holds more than its size, and a pair
//! pushed out is worked out again if it is asked for again (a comparison is a function of the
//! two games, so what is forgotten changes the time, never the answer).
//!
//! The table starts small and doubles while the comparisons asked outgrow it, up to a size
//! set by the memory allowed ([`crate::budget::memory_limit`]) and at most
//! [`MAX_BUCKETS`] buckets.

/// The most buckets (of two entries, 16 bytes): 2^23, 128 MiB.
pub(crate) const MAX_BUCKETS: usize = 1 << 23;

/// The buckets a new table starts with.
const FIRST_BUCKETS: usize = 1 << 10;

/// Comparisons remembered, lossily (see the module's documentation).
#[derive(Debug)]
pub(crate) struct Comparisons {
    /// Two entries a bucket, the newer first; 0 for an empty entry. An entry is
    /// `(g + 1) << 32 | h`, with bit 63 set when `g ≤ h`.
    buckets: Vec<[u64; 2]>,
    /// Entries written since the table last grew.
    written: usize,
    /// The most buckets this table may grow to.
    most: usize,
}

/// The bit of an entry that holds the answer.
const ANSWER: u64 = 1 << 63;

/// How many slots of `each` bytes a lossy table may grow to within `bytes`: between `first`
/// and `most`, and a power of two, so that a slot is found by a hash's top bits (see
/// [`slot`]). Shared with the table of recent parts (`games/partizan.rs`).
pub(crate) fn slots_within(bytes: u64, each: usize, first: usize, most: usize) -> usize {
    let n = usize::try_from(bytes / each.max(1) as u64)
        .unwrap_or(usize::MAX)
        .clamp(first, most);
    1 << n.ilog2()
}

/// The slot of `hash` among `n` (a power of two): Fibonacci hashing, whose product's top
/// bits mix every bit of the hash.
pub(crate) fn slot(hash: u64, n: usize) -> usize {
    (hash.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - n.trailing_zeros())) as usize
}

impl Comparisons {
    /// An empty table that grows to at most `bytes` of memory (and [`MAX_BUCKETS`]).
    pub(crate) fn new(bytes: u64) -> Comparisons {
        Comparisons {
            buckets: vec![[0; 2]; FIRST_BUCKETS],
            written: 0,
            most: slots_within(bytes, 16, FIRST_BUCKETS, MAX_BUCKETS),
        }
    }

    /// The key of the pair (g, h), without the answer; `None` for ids too large to pack (a
    /// universe of more than 2^31 − 2 games, which such a pair is simply not remembered in).
    fn key(g: u32, h: u32) -> Option<u64> {
        (g < (1 << 31) - 1).then(|| (u64::from(g) + 1) << 32 | u64::from(h))
    }

    /// Whether `g ≤ h`, if remembered.
    pub(crate) fn get(&self, g: u32, h: u32) -> Option<bool> {
        let key = Self::key(g, h)?;
        let bucket = &self.buckets[slot(key, self.buckets.len())];
        bucket
            .iter()
            .find(|&&e| e & !ANSWER == key)
            .map(|&e| e & ANSWER != 0)
    }

    /// Remembers whether `g ≤ h`, pushing out the older entry of its bucket.
    pub(crate) fn insert(&mut self, g: u32, h: u32, le: bool) {
        let Some(key) = Self::key(g, h) else {
            return;
        };
        self.written += 1;
        if self.written > 2 * self.buckets.len() && self.buckets.len() < self.most {
            self.grow();
        }
        let entry = key | if le { ANSWER } else { 0 };
        Self::put(&mut self.buckets, entry);
    }

    /// Puts `entry` first in its bucket of `buckets`, the one there second.
    fn put(buckets: &mut [[u64; 2]], entry: u64) {
        let i = slot(entry & !ANSWER, buckets.len());
        let b = &mut buckets[i];
        *b = [entry, b[0]];
    }

    /// Doubles the table, keeping what it holds (older entries first, so that each bucket's
    /// newer entry stays first).
    fn grow(&mut self) {
        let mut bigger = vec![[0; 2]; self.buckets.len() * 2];
        for age in [1, 0] {
            for b in &self.buckets {
                if b[age] != 0 {
                    Self::put(&mut bigger, b[age]);
                }
            }
        }
        self.buckets = bigger;
        self.written = 0;
    }

    /// How many buckets the table has now.
    #[cfg(test)]
    fn len(&self) -> usize {
        self.buckets.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What is remembered is answered as it was told, for both answers; what was never told
    /// is not answered; the table grows to its bound and no further.
    #[test]
    fn remembers_what_it_holds_and_stays_within_its_bound() {
        let mut t = Comparisons::new(1 << 16);
        assert_eq!(t.get(1, 2), None);
        t.insert(1, 2, true);
        t.insert(2, 1, false);
        assert_eq!(t.get(1, 2), Some(true));
        assert_eq!(t.get(2, 1), Some(false));
        assert_eq!(t.get(1, 1), None);
        // Many pairs: every answer given back is the one told, and the newest is kept.
        let told = |g: u32, h: u32| (g * 7 + h * 3) % 5 < 2;
        for g in 0..300 {
            for h in 0..300 {
                t.insert(g, h, told(g, h));
                assert_eq!(t.get(g, h), Some(told(g, h)), "newest ({g}, {h})");
            }
        }
        let mut kept = 0;
        for g in 0..300 {
            for h in 0..300 {
                if let Some(r) = t.get(g, h) {
                    assert_eq!(r, told(g, h), "({g}, {h})");
                    kept += 1;
                }
            }
        }
        assert_eq!(t.len(), (1 << 16) / 16, "grown to its bound");
        assert!(kept <= 2 * t.len() && kept > t.len() / 2, "{kept} kept");
    }

    /// Ids too large to pack are not remembered, and not confused with others.
    #[test]
    fn ids_too_large_are_not_remembered() {
        let mut t = Comparisons::new(1 << 20);
        let big = (1 << 31) - 1;
        t.insert(big, 5, true);
        assert_eq!(t.get(big, 5), None);
        t.insert(0, 5, false);
        assert_eq!(t.get(0, 5), Some(false));
        assert_eq!(t.get(big, 5), None);
    }
}
