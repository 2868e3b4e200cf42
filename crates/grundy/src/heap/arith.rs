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
//! 3. with K the removals of the moves that leave three heaps, V(N) the values
//!    { A(a) : 1 ≤ a ≤ N − k − 2, a ≡ N − k (mod 2), k ∈ K } (moves leaving (a, b, b), worth
//!    A(a)), W(N) the values A(a) of the options whose other heaps are fixed small ones worth
//!    nothing together (a = N − k for a one-heap move; N − k − b for a two-heap move and
//!    A(b) = 0; N − k − b − c for a three-heap move and A(b) = A(c); b, c < n0 + p), and V′,
//!    W′ the same with a ≥ n0: [0, A(N)) ⊆ V(N) ∪ W(N) for N in [L, B), and for N in
//!    [B, B + 2p), with m the least value not in V(N) (at most A(N)) and c = m − 2s ≥ 0:
//!    [c, m) ⊆ V′(N) and [c, A(N)) ⊆ V′(N) ∪ W′(N). (B ≥ L: A(N) ≥ 2s on [B, B + 2p).)
//!
//! Proof, by induction on N ≥ L, with G = A below N. The option values of N are A's.
//! (a) A(N) is not an option value: a move leaving j ≥ 2 heaps x1 … xj (Σ x = N − k) has
//! value A(x1) ⊕ … ⊕ A(xj) ≤ Σ A(xi) (XOR never exceeds the sum), and
//! p·Σ A(xi) ≤ s(N − k) + j·D < s·N + d ≤ p·A(N) by 1; a move leaving one heap has value
//! A(N − k) ≠ A(N) by 2. (b) Every v < A(N) is one: V(N) and W(N) hold option values only.
//! Below B that is 3. From each N in [B, B + 2p), with its c, three facts carry to N + 2p:
//! [0, c) ⊆ V and [c, c + 2s) ⊆ V′ because V and V′ only grow with N (a ≤ N − k − 2 of the
//! parity of N − k stays so for N + 2p); and [c, A(N + 2p)) ⊆ V′ ∪ W′, since its values below
//! c + 2s are in V′ and every other v has v − 2s in [c, A(N)), reached by some a ≥ n0 whose
//! a + 2p, with the same other heaps, is an option of N + 2p worth A(a) + 2s = v (a ≥ n0;
//! and A(N + 2p) = A(N) + 2s). So [0, A(N)) ⊆ V ∪ V′ ∪ W′ for all N ≥ L, and
//! G(N) = mex = A(N).

use super::{HeapRule, Nimber, Regularity, Table};
use crate::Nat;
use num_traits::{CheckedSub, ToPrimitive, Zero};

/// The most values of A the coverage checks may read (a few tenths of a second).
const WORK_LIMIT: u128 = 300_000_000;

/// The small heaps beside a heap of any size in the options the coverage check counts.
const SMALL_HEAPS: u64 = 512;

/// The bound below which the coverage check takes the fixed small heaps of its options W.
fn small_heaps(r: Regularity) -> u64 {
    (r.preperiod.max(1) + r.period).min(SMALL_HEAPS)
}

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
    // 3: options worth A(a) cover every value below A(N).
    let mut b = l;
    while (b..b + 2 * p).any(|n| a(n) < 2 * si) {
        b += 1;
        if b > l + 64 * p + 64 * s {
            return None;
        }
    }
    // Options worth exactly A(a) whose other parts are fixed small heaps: a one-heap move
    // (a = N − k), a two-heap move with a heap of value 0 (a = N − k − b), a three-heap move
    // with two heaps of equal value (a = N − k − b − c). `offsets` holds k (+ b (+ c)).
    // Any subset of these options serves: the small heaps are taken below a bound, so that
    // the pairs of them stay few however long the preperiod.
    let small = small_heaps(r);
    let mut offsets: Vec<u64> = Vec::new();
    for &(k, bits) in moves {
        if bits & 2 != 0 {
            offsets.push(k);
        }
        for x in 1..small {
            if bits & 4 != 0 && a(x) == 0 {
                offsets.push(k + x);
            }
            for y in x + 1..small {
                if bits & 8 != 0 && a(x) == a(y) {
                    offsets.push(k + x + y);
                }
            }
        }
    }
    offsets.sort_unstable();
    offsets.dedup();
    // Which values in [lo, hi) the options of N worth A(a), a ≥ from, reach: the moves that
    // leave (a, b, b), and with `fixed` also those of `offsets`.
    let reached = |n: u64, from: u64, lo: i128, hi: i128, fixed: bool| -> Vec<bool> {
        let width = (hi - lo).max(0) as usize;
        let mut seen = vec![false; width];
        let mut left = width;
        let mut see = |x: u64, left: &mut usize| {
            let v = a(x);
            if v >= lo && v < hi && !seen[(v - lo) as usize] {
                seen[(v - lo) as usize] = true;
                *left -= 1;
            }
        };
        for &k in &threes {
            let Some(top) = n.checked_sub(k + 2) else {
                continue;
            };
            let first = from.max(1);
            let mut x = first + u64::from(first % 2 != (n - k) % 2);
            while x <= top && left > 0 {
                see(x, &mut left);
                x += 2;
            }
        }
        if fixed {
            for &o in &offsets {
                if let Some(x) = n.checked_sub(o).filter(|&x| x >= from.max(1)) {
                    see(x, &mut left);
                }
            }
        }
        seen
    };
    let all = |seen: &[bool]| seen.iter().all(|&x| x);
    // Each check reads up to N values of A: refuse (prove nothing) rather than run long.
    let work = u128::from(b + 2 * p - l) * u128::from(b + 2 * p) * (threes.len() as u128 + 1);
    if work > WORK_LIMIT {
        return None;
    }
    for n in l..b + 2 * p {
        let an = a(n);
        if n < b {
            if !all(&reached(n, 1, 0, an, true)) {
                return None;
            }
            continue;
        }
        // m: the least value the (a, b, b) moves miss (at most A(N)); below m − 2s they
        // cover everything for good, [m − 2s, m) with a ≥ n0, and [m − 2s, A(N)) with all
        // the options above, a ≥ n0.
        let m = reached(n, 1, 0, an, false)
            .iter()
            .position(|&x| !x)
            .map_or(an, |i| i as i128);
        let c0 = m - 2 * si;
        if c0 < 0 || !all(&reached(n, n0, c0, m, false)) || !all(&reached(n, n0, c0, an, true)) {
            return None;
        }
    }
    Some(r)
}

/// Options of a heap `h` beyond the table worth `t`, for a hexadecimal code (`moves`) whose
/// arithmetic period the certificate above proved: those that leave one heap a worth t
/// (every a < h worth t is known through the period: [`Table::heaps_worth`]) with heaps
/// whose values cancel — nothing, a heap worth 0, two equal heaps (a, b, b), or two small
/// heaps of equal value. By condition 3 these reach every value below A(h), so for
/// t < A(h) the list is never empty; other options worth t (two or three heaps of unrelated
/// values) are not searched. Each as (tokens removed, heaps left); lazily, a first.
pub(crate) fn options_worth<'a>(
    table: Table,
    moves: &'a [(u64, u8)],
    h: Nat,
    t: &Nat,
) -> impl Iterator<Item = (u64, Vec<Nat>)> + 'a {
    let small = table.regularity.map_or(0, small_heaps);
    let candidates = table.heaps_worth(t, &h);
    candidates
        .into_iter()
        .filter(|a| !a.is_zero())
        .flat_map(move |a| {
            let worth = |x: &Nat| table.value_nat(x);
            let mut out = Vec::new();
            for &(k, bits) in moves {
                let Some(rest) = (&h - &a).checked_sub(&Nat::from(k)) else {
                    continue;
                };
                if bits & 2 != 0 && rest.is_zero() {
                    out.push((k, vec![a.clone()]));
                }
                if bits & 4 != 0 && !rest.is_zero() && worth(&rest).is_zero() {
                    out.push((k, vec![a.clone(), rest.clone()]));
                }
                if bits & 8 != 0 && rest >= Nat::from(2u32) {
                    if !rest.bit(0) {
                        let half = &rest >> 1u32;
                        out.push((k, vec![a.clone(), half.clone(), half]));
                    }
                    // b < c < small: the rest is below 2·small, and the values in the table.
                    if let Some(r) = rest.to_u64().filter(|&r| r < 2 * small) {
                        for b in (r + 1).saturating_sub(small).max(1)..r.div_ceil(2) {
                            let c = r - b;
                            if table.values[b as usize] == table.values[c as usize] {
                                out.push((k, vec![a.clone(), Nat::from(b), Nat::from(c)]));
                            }
                        }
                    }
                }
            }
            out
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::{extend, parse_code, prove_regularity, three};
    use std::sync::Arc;

    fn values(code: &str, n: u64) -> Vec<u32> {
        let mut v = Vec::new();
        extend(&parse_code(code).unwrap(), &mut v, n);
        v
    }

    fn claim(preperiod: u64, period: u64, saltus: u64) -> Regularity {
        Regularity {
            preperiod,
            period,
            saltus,
        }
    }

    /// Each condition refuses on its own: values that break only one of them are not proved
    /// (these are not the games' own values, so only the certificate's checks are at stake).
    #[test]
    fn each_condition_refuses_on_its_own() {
        let eight = parse_code("0.8").unwrap();
        // 0.8's values: G(n) = ⌊(n − 1)/3⌋ for n ≥ 1, proved, also from a later n0.
        let v = values("0.8", 200);
        assert_eq!(
            prove_hexadecimal(&eight, &v, claim(1, 3, 1)),
            Some(claim(1, 3, 1))
        );
        assert!(prove_hexadecimal(&eight, &v, claim(5, 3, 1)).is_some());
        // 1: with a split into three heaps that removes nothing (8.8), the bound of
        // condition 1 no longer keeps three heaps' values below one heap of their total.
        let split = parse_code("8.8").unwrap();
        assert_eq!(prove_hexadecimal(&split, &v, claim(1, 3, 1)), None);
        // 2: with a one-heap move of 1 (0.A), G(N − 1) = G(N) for these values.
        let a = parse_code("0.A").unwrap();
        assert_eq!(prove_hexadecimal(&a, &v, claim(1, 3, 1)), None);
        // 3: values growing by one every two heaps leave a gap below A(N) that the
        // three-heap moves of 0.8 do not reach (0.C's two-heap moves do).
        let c = values("0.C", 200);
        assert_eq!(prove_hexadecimal(&eight, &c, claim(1, 2, 1)), None);
        let twelve = parse_code("0.C").unwrap();
        assert_eq!(
            prove_hexadecimal(&twelve, &c, claim(1, 2, 1)),
            Some(claim(1, 2, 1))
        );
    }

    /// Beyond a table that proved an arithmetic period, the search finds exactly the options
    /// of its kinds (one heap worth t beside none, a heap worth 0, two equal heaps or two
    /// small heaps of equal value), and they reach every value below the heap's — which is
    /// what makes it enough to find a winning move. For every proved code of two hexadecimal
    /// digits with a three-heap move and a stretch of heaps past the table, checked against
    /// every option enumerated directly with values computed directly.
    #[test]
    fn options_beyond_the_table_are_those_of_their_kinds_and_reach_every_smaller_value() {
        let mut codes = 0;
        for code in ["0", "4", "8", "C"]
            .into_iter()
            .flat_map(|w| (0..256).map(move |d| format!("{w}.{:X}{:X}", d / 16, d % 16)))
        {
            let Ok(rule) = parse_code(&code) else {
                continue;
            };
            if !three::covers(&rule) {
                continue;
            }
            let HeapRule::TakeBreak(moves) = &rule else {
                unreachable!("codes are take-and-break rules")
            };
            let v = values(&code, 700);
            let Some((len, r)) = (20..=300)
                .step_by(20)
                .find_map(|len| Some((len, prove_regularity(&rule, &v[..len])?)))
                .filter(|(_, r)| r.saltus > 0)
            else {
                continue;
            };
            codes += 1;
            let table = Table {
                values: Arc::new(v[..len].to_vec()),
                regularity: Some(r),
            };
            let small = small_heaps(r);
            let g = |x: u64| v[x as usize];
            // Whether parts[i] is worth the value and the other parts cancel as searched.
            let of_a_kind = |parts: &[u64], i: usize| {
                let o: Vec<u64> = (0..parts.len())
                    .filter(|&j| j != i)
                    .map(|j| parts[j])
                    .collect();
                match o[..] {
                    [] => true,
                    [b] => g(b) == 0,
                    [b, c] => b == c || (b.max(c) < small && g(b) == g(c)),
                    _ => false,
                }
            };
            for h in len as u64..len as u64 + 12 {
                let mut kinds: Vec<std::collections::BTreeSet<(u64, Vec<u64>)>> =
                    vec![Default::default(); g(h) as usize + 1];
                rule.for_each_option(h, |k, parts| {
                    let t = parts.iter().fold(0, |x, &p| x ^ g(p));
                    if t < g(h) && (0..parts.len()).any(|i| g(parts[i]) == t && of_a_kind(parts, i))
                    {
                        let mut parts = parts.to_vec();
                        parts.sort_unstable();
                        kinds[t as usize].insert((k, parts));
                    }
                });
                for (t, want) in kinds.iter().enumerate() {
                    let found: std::collections::BTreeSet<(u64, Vec<u64>)> =
                        options_worth(table.clone(), moves, Nat::from(h), &Nat::from(t))
                            .map(|(k, parts)| {
                                let mut parts: Vec<u64> =
                                    parts.iter().map(|x| x.to_u64().unwrap()).collect();
                                parts.sort_unstable();
                                (k, parts)
                            })
                            .collect();
                    assert_eq!(&found, want, "{code}: heap {h}, value {t}");
                    assert_eq!(
                        found.is_empty(),
                        t == g(h) as usize,
                        "{code}: heap {h}, value {t}"
                    );
                }
            }
        }
        assert!(codes >= 150, "only {codes} codes proved");
    }
}
