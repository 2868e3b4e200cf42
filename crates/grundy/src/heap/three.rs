//! Take-and-break rules whose moves may leave three heaps (hexadecimal codes with bit 8).
//!
//! Listing the options of heap h one by one takes about h²/12 three-heap splits for each such
//! digit, so G(0) … G(n) take n³/36. Here the options are sets instead: X2(s), the values
//! G(b) ⊕ G(s − b) of the splits of s into two heaps, is kept for every s, one bit per value;
//! the three-heap splits of m are then the union over a of X2(m − a) with every value XORed
//! by G(a). Grouping the a by their value g, that is one OR of X2 rows per a and one
//! XOR-translation per distinct g: about m·⌈w/64⌉ word operations for values below w, instead
//! of m²/12 — for games whose values stay below 64, m against m²/12.

use super::{HeapRule, StoredValue};

/// Words of X2 rows ORed for one heap before the work is shared between two threads.
const PARALLEL_WORK: usize = 1 << 16;

/// Sets of values one bit each, `words` 64-bit words per set, `words` a power of two: the XOR
/// of two values below the width stays below it.
#[derive(Debug)]
pub struct ThreeHeaps {
    words: usize,
    /// X2(s) for s < `pairs.len() / words`, row after row.
    pairs: Vec<u64>,
    /// How many words of each row hold values (the rest are zero): values grow in many games.
    used: Vec<usize>,
    /// Words of X2 rows ORed for one heap from which both cores share the work.
    parallel_work: usize,
    /// Widths (in words) up to which splits are grouped by the value of their first part.
    group_words: usize,
}

impl Default for ThreeHeaps {
    fn default() -> Self {
        ThreeHeaps {
            words: 0,
            pairs: Vec::new(),
            used: Vec::new(),
            parallel_work: PARALLEL_WORK,
            group_words: GROUP_WORDS,
        }
    }
}

/// The most memory the X2 rows may take; beyond it the options are listed one by one.
const PAIRS_BYTES: usize = 1 << 30;

/// Widths (in words) up to which three-heap splits are grouped by the value of their first
/// part (the groups take words² words).
const GROUP_WORDS: usize = 64;

/// Whether `rule` has three-heap moves, which [`extend_three`] is for.
pub fn covers(rule: &HeapRule) -> bool {
    matches!(rule, HeapRule::TakeBreak(ms) if ms.iter().any(|m| m.1 & 8 != 0))
}

/// Computes G(len) … G(n) of a rule with three-heap moves, keeping `state` for later calls on
/// the same table. Returns false at the first value `V` cannot hold, and `None` when the sets
/// would take too much memory (the caller then lists options one by one).
pub fn extend_three<V: StoredValue>(
    rule: &HeapRule,
    values: &mut Vec<V>,
    n: u64,
    state: &mut ThreeHeaps,
) -> Option<bool> {
    let HeapRule::TakeBreak(moves) = rule else {
        return None;
    };
    let n = usize::try_from(n).ok()?;
    let max = values.iter().map(|v| v.get()).max().unwrap_or(0);
    state.fit(values, max)?;
    let mut seen: Vec<u64> = Vec::new();
    let (mut groups, mut groups2) = (Groups::default(), Groups::default());
    let mut other: Vec<u64> = Vec::new();
    while values.len() <= n {
        let h = values.len();
        while state.rows() <= h {
            state.add_row(values)?;
        }
        let w = state.words;
        seen.clear();
        seen.resize(w, 0);
        for &(k, bits) in moves {
            let Some(m) = h.checked_sub(k as usize) else {
                break;
            };
            if bits & 1 != 0 && m == 0 {
                seen[0] |= 1;
            }
            if bits & 2 != 0 && m >= 1 {
                set(&mut seen, values[m].get() as usize);
            }
            if bits & 4 != 0 && m >= 2 {
                or(&mut seen, state.used_row(m));
            }
            if bits & 8 != 0 && m >= 3 {
                // First part a, the other two a split of m − a ≥ 2; both cores for long rows.
                if (m - 2) * w >= state.parallel_work {
                    let mid = m / 2;
                    other.clear();
                    other.resize(w, 0);
                    let st = &*state;
                    let v = &values[..];
                    rayon::join(
                        || st.mark_three(v, m, 1..=mid, &mut seen, &mut groups),
                        || st.mark_three(v, m, mid + 1..=m - 2, &mut other, &mut groups2),
                    );
                    or(&mut seen, &other);
                } else {
                    state.mark_three(values, m, 1..=m - 2, &mut seen, &mut groups);
                }
            }
        }
        let v = mex(&seen);
        let Some(stored) = V::new(v as u32) else {
            return Some(false);
        };
        values.push(stored);
        if v >= w * 64 {
            state.fit(values, v as u32)?;
        }
    }
    Some(true)
}

impl ThreeHeaps {
    fn rows(&self) -> usize {
        self.pairs.len().checked_div(self.words).unwrap_or(0)
    }

    fn row(&self, s: usize) -> &[u64] {
        &self.pairs[s * self.words..(s + 1) * self.words]
    }

    /// The words of X2(s) that hold values.
    fn used_row(&self, s: usize) -> &[u64] {
        &self.pairs[s * self.words..s * self.words + self.used[s]]
    }

    /// Makes the sets wide enough for values up to `max` (and keeps the rows for the values
    /// computed, dropping any beyond a table cut back). `None` if that takes too much memory.
    fn fit<V: StoredValue>(&mut self, values: &[V], max: u32) -> Option<()> {
        let words = ((max as usize + 1).next_power_of_two() / 64).max(1);
        let rows = self.rows().min(values.len());
        if words.checked_mul(values.len().max(1))? * 8 > PAIRS_BYTES {
            return None;
        }
        if words > self.words {
            // Values below the old width: each row is copied into the front of a wider one.
            let mut wider = vec![0u64; rows * words];
            for s in 0..rows {
                wider[s * words..s * words + self.words].copy_from_slice(self.row(s));
            }
            self.pairs = wider;
            self.words = words;
        } else {
            self.pairs.truncate(rows * self.words);
        }
        self.used.truncate(rows);
        Some(())
    }

    /// Appends X2(s) for s = the number of rows (needs G(1) … G(s − 1)).
    fn add_row<V: StoredValue>(&mut self, values: &[V]) -> Option<()> {
        let s = self.rows();
        if (s + 1) * self.words * 8 > PAIRS_BYTES {
            return None;
        }
        let start = self.pairs.len();
        self.pairs.resize(start + self.words, 0);
        let row = &mut self.pairs[start..];
        for b in 1..=s / 2 {
            set(row, (values[b].get() ^ values[s - b].get()) as usize);
        }
        self.used
            .push(row.iter().rposition(|&x| x != 0).map_or(0, |j| j + 1));
        Some(())
    }

    /// Marks in `seen` the values of the splits of `m` into three non-empty heaps whose
    /// first heap is in `parts` (the other two split m − a ≥ 2).
    fn mark_three<V: StoredValue>(
        &self,
        values: &[V],
        m: usize,
        parts: std::ops::RangeInclusive<usize>,
        seen: &mut [u64],
        groups: &mut Groups,
    ) {
        let w = self.words;
        if w > self.group_words {
            for a in parts {
                xor_or(seen, self.used_row(m - a), values[a].get() as usize);
            }
            return;
        }
        if groups.sets.len() < w * w * 64 {
            groups.sets = vec![0; w * w * 64];
            groups.used = vec![false; w * 64];
        }
        for a in parts {
            let g = values[a].get() as usize;
            if !groups.used[g] {
                groups.used[g] = true;
                groups.touched.push(g);
            }
            or(&mut groups.sets[g * w..(g + 1) * w], self.used_row(m - a));
        }
        for g in groups.touched.drain(..) {
            let set = &mut groups.sets[g * w..(g + 1) * w];
            xor_or(seen, set, g);
            set.fill(0);
            groups.used[g] = false;
        }
    }
}

/// The union of X2(m − a) over the first parts a of each value g, for the values touched.
#[derive(Default)]
struct Groups {
    sets: Vec<u64>,
    used: Vec<bool>,
    touched: Vec<usize>,
}

#[inline(always)]
fn set(bits: &mut [u64], i: usize) {
    bits[i / 64] |= 1 << (i % 64);
}

fn or(dst: &mut [u64], src: &[u64]) {
    for (d, s) in dst.iter_mut().zip(src) {
        *d |= s;
    }
}

/// ORs into `dst` the set `src` with every value XORed by `g` (below the width).
fn xor_or(dst: &mut [u64], src: &[u64], g: usize) {
    let (hi, lo) = (g / 64, (g % 64) as u32);
    for (j, &x) in src.iter().enumerate() {
        if x != 0 {
            dst[j ^ hi] |= xor_bits(x, lo);
        }
    }
}

/// The word whose bit i ⊕ c is bit i of `x` (c < 64): swaps halves, quarters, … of the
/// word for each bit of c.
fn xor_bits(mut x: u64, c: u32) -> u64 {
    const MASKS: [u64; 6] = [
        0x5555_5555_5555_5555,
        0x3333_3333_3333_3333,
        0x0f0f_0f0f_0f0f_0f0f,
        0x00ff_00ff_00ff_00ff,
        0x0000_ffff_0000_ffff,
        0x0000_0000_ffff_ffff,
    ];
    for (t, mask) in MASKS.iter().enumerate() {
        if c >> t & 1 == 1 {
            let s = 1 << t;
            x = ((x & mask) << s) | ((x >> s) & mask);
        }
    }
    x
}

/// The least value not in the set (the width if it holds them all).
fn mex(bits: &[u64]) -> usize {
    bits.iter()
        .position(|&x| x != u64::MAX)
        .map_or(bits.len() * 64, |j| {
            j * 64 + bits[j].trailing_ones() as usize
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::{extend_plain, parse_code};
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn xor_translation_moves_every_value(x: u64, c in 0u32..64) {
            let y = xor_bits(x, c);
            for i in 0..64 {
                prop_assert_eq!(y >> (i ^ c) & 1, x >> i & 1);
            }
        }
    }

    /// Every code of one or two hexadecimal digits with a three-heap move, whatever its whole
    /// part, against listing the options one by one; in chunks, as long runs call it.
    #[test]
    fn agrees_with_listing_the_options() {
        for whole in ["0", "4", "8", "C"] {
            for d in 0..256 {
                let code = format!("{whole}.{:X}{:X}", d / 16, d % 16);
                let Ok(rule) = parse_code(&code) else {
                    continue;
                };
                if !covers(&rule) {
                    continue;
                }
                let mut want: Vec<u32> = Vec::new();
                extend_plain(&rule, &mut want, 130);
                let mut got: Vec<u32> = Vec::new();
                let mut state = ThreeHeaps::default();
                for end in [0, 1, 2, 7, 64, 65, 130] {
                    assert_eq!(extend_three(&rule, &mut got, end, &mut state), Some(true));
                }
                assert_eq!(got, want, "{code}");
            }
        }
    }

    #[test]
    fn wide_values_and_a_table_cut_back() {
        // 0.9, 0.E and 0.F8 have values growing with the heap: the sets widen several times.
        for code in ["0.9", "0.E", "0.F8"] {
            let rule = parse_code(code).unwrap();
            let mut want: Vec<u32> = Vec::new();
            extend_plain(&rule, &mut want, 1200);
            // Both cores from the first heap on, splits grouped by value or not.
            for group_words in [0, GROUP_WORDS] {
                let mut state = ThreeHeaps {
                    parallel_work: 1,
                    group_words,
                    ..ThreeHeaps::default()
                };
                let mut got: Vec<u32> = Vec::new();
                assert_eq!(extend_three(&rule, &mut got, 700, &mut state), Some(true));
                got.truncate(300);
                assert_eq!(extend_three(&rule, &mut got, 1200, &mut state), Some(true));
                assert_eq!(got, want, "{code}, grouped up to {group_words} words");
            }
        }
    }
}
