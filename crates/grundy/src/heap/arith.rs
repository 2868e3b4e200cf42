//! Arithmetic periodicity of hexadecimal codes with three-heap moves, proved by a
//! certificate of grundy's own (no published test could be read here; the argument is
//! short and complete, and is written out below and in docs/sequences.md).
//!
//! Let A be the values computed, G(0) … G(L − 1), continued by the claimed regularity:
//! A(n) = A(n − p) + s for n ≥ n0 + p (s ≥ 1). Suppose the computed values agree with it
//! (G(n + p) = G(n) + s for n0 ≤ n < L − p). Then G = A everywhere if, with
//! D = max over n ≥ 1 of p·A(n) − s·n and d = min over n ≥ n0 of the same (both are taken
//! over one period past the preperiod, where the expression repeats):
//!
//! 1. every move that leaves j ≥ 2 heaps after removing k tokens has j·D − d < s·k;
//! 2. every move that leaves one heap after removing k has A(N − k) ≠ A(N) for N in
//!    [L, L + p) (the difference repeats with period p once N − k ≥ n0; L ≥ n0 + p + t);
//! 3. with K the removals of the moves that leave three heaps, and
//!    V(N) = { A(a) : 1 ≤ a ≤ N − k − 2, a ≡ N − k (mod 2), k ∈ K }, V'(N) the same with
//!    a ≥ n0: for every N in [L, B + 2p), [0, A(N)) ⊆ V(N) and
//!    [A(N) − 2s, A(N)) ⊆ V'(N), where B ≥ L is such that A(N) ≥ 2s on [B, B + 2p).
//!
//! Proof, by induction on N ≥ L, with G = A below N. The option values of N are A's.
//! (a) A(N) is not an option value: a move leaving j ≥ 2 heaps x1 … xj (Σ x = N − k) has
//! value x1 ⊕ … ⊕ xj ≤ Σ A(xi) (XOR never exceeds the sum), and
//! p·Σ A(xi) ≤ s(N − k) + j·D < s·N + d ≤ p·A(N) by 1; a move leaving one heap has value
//! A(N − k) ≠ A(N) by 2. (b) Every v < A(N) is an option value: a move that removes k ∈ K
//! and leaves (a, b, b) has value A(a) ⊕ A(b) ⊕ A(b) = A(a), for every a ≥ 1 of the parity
//! of N − k with a ≤ N − k − 2, so V(N) holds option values only, and [0, A(N)) ⊆ V(N) for
//! all N ≥ L: checked directly below B + 2p, and for N ≥ B carried from N to N + 2p — the
//! values below A(N) stay (V grows with N), and each v in [A(N), A(N) + 2s) is
//! A(a) + 2s = A(a + 2p) for an a ≥ n0 that condition 3 gives for v − 2s ≥ 0, a + 2p
//! being of the right parity and small enough for N + 2p, which also carries the second
//! half of 3 (as A(N + 2p) = A(N) + 2s). So G(N) = mex = A(N).

use super::{HeapRule, Nimber, Regularity};

/// The most values of A the coverage checks may read (a few tenths of a second).
const WORK_LIMIT: u128 = 300_000_000;

/// The regularity (n0, p, s), s ≥ 1, with which `values` of `rule` look
/// arithmetic-periodic, if the certificate above proves it; `None` otherwise (including
/// every rule without a move that leaves three heaps).
pub fn prove_hexadecimal<V: Nimber>(
    rule: &HeapRule,
    values: &[V],
    r: Regularity,
) -> Option<Regularity> {
    let HeapRule::TakeBreak(moves) = rule else {
        return None;
    };
    let threes: Vec<u64> = moves.iter().filter(|m| m.1 & 8 != 0).map(|m| m.0).collect();
    if threes.is_empty() || r.saltus == 0 || r.period == 0 {
        return None;
    }
    let (n0, p, s) = (r.preperiod, r.period, r.saltus);
    let l = values.len() as u64;
    let t = moves.iter().map(|m| m.0).max().unwrap_or(0);
    if l < n0.max(1) + p + t + 1 {
        return None;
    }
    // The computed values follow the regularity from n0 on.
    let g = |n: u64| i128::from(values[n as usize].get());
    if (n0..l - p).any(|n| g(n + p) != g(n) + i128::from(s)) {
        return None;
    }
    let (pi, si) = (i128::from(p), i128::from(s));
    // A beyond the table, by the regularity.
    let a = |n: u64| -> i128 {
        if n < l {
            g(n)
        } else {
            let q = (n - n0) / p;
            g(n0 + (n - n0) % p) + i128::from(q) * si
        }
    };
    let slack = |n: u64| pi * a(n) - si * i128::from(n);
    let big_d = (1..n0.max(1) + p).map(slack).max()?;
    let small_d = (n0.max(1)..n0.max(1) + p).map(slack).min()?;
    // 1: moves that leave two or three heaps never reach A(N).
    for &(k, bits) in moves {
        for (bit, j) in [(4u8, 2i128), (8, 3)] {
            if bits & bit != 0 && j * big_d - small_d >= si * i128::from(k) {
                return None;
            }
        }
    }
    // 2: moves that leave one heap never reach A(N).
    for &(k, bits) in moves {
        if bits & 2 != 0 && (l..l + p).any(|n| a(n - k) == a(n)) {
            return None;
        }
    }
    // 3: the moves leaving (a, b, b) cover every value below A(N).
    let mut b = l;
    while (b..b + 2 * p).any(|n| a(n) < 2 * si) {
        b += 1;
        if b > l + 64 * p + 64 * s {
            return None;
        }
    }
    let covered = |n: u64, from: u64, below: i128, above: i128| -> bool {
        // Values in [above, below) that some A(a) with a ≥ from reaches.
        let width = (below - above).max(0) as usize;
        let mut seen = vec![false; width];
        let mut left = width;
        for &k in &threes {
            let Some(top) = n.checked_sub(k + 2) else {
                continue;
            };
            let parity = (n - k) % 2;
            let first = from.max(1);
            let first = first + (first % 2 != parity) as u64;
            let mut x = first;
            while x <= top && left > 0 {
                let v = a(x);
                if v >= above && v < below && !seen[(v - above) as usize] {
                    seen[(v - above) as usize] = true;
                    left -= 1;
                }
                x += 2;
            }
        }
        left == 0
    };
    // Each check reads up to N values of A: refuse (prove nothing) rather than run long.
    let work = u128::from(b + 2 * p - l) * u128::from(b + 2 * p) * threes.len() as u128;
    if work > WORK_LIMIT {
        return None;
    }
    for n in l..b + 2 * p {
        let an = a(n);
        if !covered(n, 1, an, 0) || n >= b && !covered(n, n0, an, (an - 2 * si).max(0)) {
            return None;
        }
    }
    Some(r)
}
