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

use super::HeapRule;

/// The moves of a rule this method covers: one-heap moves (k, bits 1|2), split moves (k), and
/// whether split parts must differ (Grundy's game).
struct Moves {
    singles: Vec<(u64, u8)>,
    splits: Vec<u64>,
    unequal: bool,
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
pub(crate) fn parity_transform(values: &[u32]) -> Option<Vec<i64>> {
    let max = values.iter().copied().max()?;
    let bits = 32 - max.leading_zeros();
    if bits == 0 || bits > 20 {
        return None;
    }
    let size = 1usize << bits;
    let mut h = vec![0i64; size];
    for &v in values {
        h[v as usize] += 1;
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
pub fn choose_mask(values: &[u32]) -> Option<u32> {
    let h = parity_transform(values)?;
    // #even = (n + transform) / 2.
    let n = values.len() as i64;
    let (even, mask) = (1..h.len()).map(|m| ((n + h[m]) / 2, m)).min()?;
    (even * 8 <= n).then_some(mask as u32)
}

/// Computes G(len) … G(n) by the rare/common method with `mask`; returns false (computing
/// nothing) when the rule has moves the method does not cover. Exact for any mask: the mask
/// only decides the speed.
pub fn extend_sparse(rule: &HeapRule, values: &mut Vec<u32>, n: u64, mask: u32) -> bool {
    let Some(mv) = moves(rule) else {
        return false;
    };
    let mut rare_positions: Vec<u64> = (1..values.len() as u64)
        .filter(|&i| rare(mask, values[i as usize]))
        .collect();
    let mut stamp: Vec<u64> = Vec::new();
    for h in values.len() as u64..=n {
        let stamp_mark = h + 1;
        let mut mark = |v: u32| {
            let v = v as usize;
            if v >= stamp.len() {
                stamp.resize((v + 1).next_power_of_two(), 0);
            }
            stamp[v] = stamp_mark;
        };
        for &(k, bits) in &mv.singles {
            if k > h {
                continue;
            }
            let m = h - k;
            if bits & 1 != 0 && m == 0 {
                mark(0);
            }
            if bits & 2 != 0 && m >= 1 {
                mark(values[m as usize]);
            }
        }
        // Every split with at least one rare part.
        for &k in &mv.splits {
            if h < k + 2 {
                continue;
            }
            let m = h - k;
            for &r in &rare_positions {
                if r >= m {
                    break;
                }
                let o = m - r;
                if !(mv.unequal && o == r) {
                    mark(values[r as usize] ^ values[o as usize]);
                }
            }
        }
        let reached = |v: u32, stamp: &Vec<u64>| stamp.get(v as usize) == Some(&stamp_mark);
        let mut v = 0u32;
        loop {
            if reached(v, &stamp) {
                v += 1;
                continue;
            }
            // An unreached common value is the mex: every split giving a common value has a
            // rare part, and all of those were marked.
            if !rare(mask, v) || !common_pair_reaches(values, &mv, h, v) {
                break;
            }
            v += 1;
        }
        values.push(v);
        if h >= 1 && rare(mask, v) {
            rare_positions.push(h);
        }
    }
    true
}

/// Whether some split of heap h into two parts reaches value v (a witness search).
fn common_pair_reaches(values: &[u32], mv: &Moves, h: u64, v: u32) -> bool {
    mv.splits.iter().any(|&k| {
        if h < k + 2 {
            return false;
        }
        let m = (h - k) as usize;
        // Grundy's game excludes the equal split a = m/2: stop the scan before it.
        let last = if mv.unequal && m % 2 == 0 {
            m / 2 - 1
        } else {
            m / 2
        };
        scan(values, m, last, v)
    })
}

/// Whether values[a] ⊕ values[m − a] = v for some 1 ≤ a ≤ last. Blocks of 256 without an early
/// exit inside, so that the compiler can vectorise the comparisons.
fn scan(values: &[u32], m: usize, last: usize, v: u32) -> bool {
    const BLOCK: usize = 256;
    let mut a = 1;
    while a <= last {
        let end = (a + BLOCK).min(last + 1);
        let front = &values[a..end];
        let back = &values[m + 1 - end..=m - a];
        let hit = front
            .iter()
            .zip(back.iter().rev())
            .fold(false, |acc, (&x, &y)| acc | (x ^ y == v));
        if hit {
            return true;
        }
        a = end;
    }
    false
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
            HeapRule::GrundysGame,
        ];
        for rule in rules {
            let mut plain = Vec::new();
            extend_plain(&rule, &mut plain, 6000);
            for mask in [1u32, 3, 0b1010, 0xff] {
                let mut fast = plain[..1000].to_vec();
                assert!(extend_sparse(&rule, &mut fast, 6000, mask));
                assert_eq!(fast, plain, "{rule:?} mask {mask:#b}");
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
        let mut v = vec![0];
        assert!(!extend_sparse(&parse_code("0.8").unwrap(), &mut v, 10, 1));
        assert_eq!(v, vec![0]);
    }
}
