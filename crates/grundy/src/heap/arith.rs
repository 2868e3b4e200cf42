//! Arithmetic periodicity of hexadecimal codes with three-heap moves, proved by a
//! certificate of grundy's own (no published test could be read here; the argument is
//! short and complete, and is written out below and in docs/sequences.md).
//!
//! Let A be the values computed, G(0) … G(L − 1), continued by the claimed regularity:
//! A(n) = A(n − p) + s for n ≥ n0 + p (s ≥ 1). Suppose the computed values agree with it
//! (G(n + p) = G(n) + s for n0 ≤ n < L − p). Write n1 = max(n0, 1) and
//! σ(n) = p·A(n) − s·n (the slack; it repeats with period p from n0 on), D = max σ(n) over
//! n ≥ 1 and d = min σ(n) over n ≥ n1 (each taken over one period past the preperiod), and
//! 2^f for the largest power of two dividing 2s. Then G = A everywhere if:
//!
//! 1. every move that leaves j ≥ 2 heaps after removing k tokens has j·D − d < s·k, or
//!    else passes the finer check 1′ of [`splits_miss`] (class by class);
//! 2. every move that leaves one heap after removing k has A(N − k) ≠ A(N) for N in
//!    [L, L + p) (the difference repeats with period p once N − k ≥ n0; L ≥ n0 + p + t);
//! 3. with a *pair* two heaps whose values agree from bit g up (2^g the largest power of
//!    two dividing s, so 2^f = 2^(g+1)), worth w = their XOR < 2^g: two equal heaps (b, b),
//!    w = 0, or unequal heaps y, z ≥ n1 (see [`pair_gaps`]); V(N) the values A(a) ⊕ w of the
//!    options of N that leave a heap a ≥ 1 beside a pair worth w, and the values w of the
//!    options that leave a pair alone; W(N) the values A(a) ⊕ w of the options whose other
//!    heaps are fixed small ones worth w < 2^f together (a = N − k and w = 0 for a one-heap
//!    move; a = N − k − b and w = A(b) for a two-heap move; a = N − k − b − c and
//!    w = A(b) ⊕ A(c) for a three-heap move; b, c < min(n1 + p, 512)); and V′, W′ those
//!    with a ≥ n1 (V′ without the pairs alone):
//!    [0, A(N)) ⊆ V(N) ∪ W(N) for N in [L, B), and for each N in [B, B + 2p) some c ≥ 0
//!    with [0, c) ⊆ V(N), [c, c + 2s) ⊆ V′(N) and [c, A(N)) ⊆ V′(N) ∪ W′(N) — the check
//!    takes c = m − 2s, m the least value not in V(N). (B ≥ L: A(N) ≥ 2s on [B, B + 2p).)
//!
//! Proof, by induction on N ≥ L, with G = A below N. The option values of N are A's.
//! (a) A(N) is not an option value: a move leaving j ≥ 2 heaps x1 … xj (Σ x = N − k) has
//! value A(x1) ⊕ … ⊕ A(xj) ≤ Σ A(xi) (XOR never exceeds the sum), and
//! p·Σ A(xi) = s(N − k) + Σ σ(xi) ≤ s(N − k) + j·D < s·N + d ≤ p·A(N) by 1 (or it is not
//! A(N) by 1′, whose argument is at [`splits_miss`]); a move leaving one heap has value
//! A(N − k) ≠ A(N) by 2.
//! (b) Every v < A(N) is one: V(N) and W(N) hold option values only. Below B that is 3.
//! From each N in [B, B + 2p), with its c, three facts carry to N + 2p: [0, c) ⊆ V and
//! [c, c + 2s) ⊆ V′ because V and V′ only grow with N (an option (a, y, z) or (y, z) of N,
//! (y, z) a pair, becomes (a, y + p, z + p) or (y + p, z + p) of N + 2p, worth the same:
//! for y, z ≥ n1 both values grow by s, a multiple of 2^g, which leaves alone the bits below
//! 2^g and keeps the bits above equal, so (y + p, z + p) is a pair of the same XOR); and
//! [c, A(N + 2p)) ⊆ V′ ∪ W′,
//! since its values below c + 2s are in V′ and every other v has v − 2s in [c, A(N)),
//! reached by some a ≥ n1 whose a + 2p, with the same other heaps, is an option of N + 2p
//! worth v: (A(a) + 2s) ⊕ w = (A(a) ⊕ w) + 2s, since adding a multiple of 2^f leaves the
//! bits below 2^f, where w lies (w < 2^g for V′), alone (and A(N + 2p) = A(N) + 2s). So
//! [0, A(N)) ⊆ V ∪ V′ ∪ W′ for all N ≥ L, and G(N) = mex = A(N).

use super::{HeapRule, Regularity, StoredValue, Table};
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

/// The lowest bit of 2s: small heaps worth less than it together shift a value without
/// disturbing its growth by 2s.
fn low_bound(s: u64) -> i128 {
    1i128 << (2 * s).trailing_zeros()
}

/// The options of condition 3's W, as (k, b, c, w): remove k tokens and leave a heap a of
/// any size beside the fixed small heaps b and c (0: no heap), b < c < `small`, worth
/// w = A(b) ⊕ A(c) < low_bound(s) together — a one-heap move (no b, c), a two-heap move
/// (b), a three-heap move (b, c). The certificate counts them and `options_worth` searches
/// them, from this one list.
fn small_companions(
    moves: &[(u64, u8)],
    r: Regularity,
    a: impl Fn(u64) -> i128,
) -> Vec<(u64, u64, u64, i128)> {
    let (small, below) = (small_heaps(r), low_bound(r.saltus));
    let mut out = Vec::new();
    for &(k, bits) in moves {
        if bits & 2 != 0 {
            out.push((k, 0, 0, 0));
        }
        for b in 1..small {
            if bits & 4 != 0 && a(b) < below {
                out.push((k, b, 0, a(b)));
            }
            for c in b + 1..small {
                if bits & 8 != 0 && a(b) ^ a(c) < below {
                    out.push((k, b, c, a(b) ^ a(c)));
                }
            }
        }
    }
    out
}

/// A: the values `g` of the table (the first `len`), continued beyond it by the regularity.
fn continued(g: impl Fn(u64) -> i128, len: u64, r: Regularity) -> impl Fn(u64) -> i128 {
    let (n0, p, s) = (r.preperiod, r.period, i128::from(r.saltus));
    move |n| {
        if n < len {
            g(n)
        } else {
            g(n0 + (n - n0) % p) + i128::from((n - n0) / p) * s
        }
    }
}

/// The most (residue, gap) combinations [`pair_gaps`] may try.
const GAP_LIMIT: u64 = 1 << 22;

/// Condition 3's unequal pairs: heaps y < z = y + δ, both at least n1, whose values agree
/// from bit g up (2^g the largest power of two dividing s), as the combinations
/// (y mod p, δ, w) that make them, w = A(y) ⊕ A(z) < 2^g. From n0 on, adding p to a heap
/// adds s, a multiple of 2^g, to its value, which changes neither whether two values agree
/// from bit g up nor their XOR: both depend on y only through y mod p. `None` when there
/// are too many gaps to try (the certificate then counts no unequal pairs, and
/// [`options_worth`] searches none, which only proves less). Every gap is tried: for
/// y, z ≥ n1, p·(A(z) − A(y)) = s·(z − y) + σ(z) − σ(y), σ takes its values in one period
/// from n1, and values that agree from bit g up differ by less than 2^g, so
/// s·δ < p·2^g + max σ − min σ.
fn pair_gaps(a: &impl Fn(u64) -> i128, r: Regularity) -> Option<Vec<(u64, u64, i128)>> {
    let (n1, p, s) = (r.preperiod.max(1), r.period, r.saltus);
    let g = s.trailing_zeros();
    let slack = |n: u64| i128::from(p) * a(n) - i128::from(s) * i128::from(n);
    let (hi, lo) = (n1..n1 + p)
        .map(slack)
        .fold((i128::MIN, i128::MAX), |(h, l), x| (h.max(x), l.min(x)));
    let spread = i128::from(p)
        .checked_mul(1i128.checked_shl(g)?)?
        .checked_add(hi - lo)?;
    let most = u64::try_from(spread / i128::from(s)).ok()?;
    if most.checked_mul(p)? > GAP_LIMIT {
        return None;
    }
    Some(
        (n1..n1 + p)
            .flat_map(|y| (1..=most).map(move |d| (y, d)))
            .filter(|&(y, d)| a(y) >> g == a(y + d) >> g)
            .map(|(y, d)| (y % p, d, a(y) ^ a(y + d)))
            .collect(),
    )
}

/// The unequal pairs (see [`pair_gaps`]) adding up to `t`, as (y, w): y = (t − δ)/2 for each
/// gap δ whose residue y has.
fn unequal_pairs(
    t: u64,
    n1: u64,
    p: u64,
    gaps: &[(u64, u64, i128)],
) -> impl Iterator<Item = (u64, i128)> + '_ {
    gaps.iter()
        .filter(move |&&(rho, d, _)| t >= d + 2 * n1 && (t - d) % 2 == 0 && (t - d) / 2 % p == rho)
        .map(move |&(_, d, w)| ((t - d) / 2, w))
}

/// The most heap combinations the finer check of condition 1 may try.
const SPLIT_LIMIT: u128 = 50_000_000;

/// Condition 1, finer (1′): whether no option of N ≥ L that leaves j heaps after removing k
/// tokens is worth A(N), checked class by class. Each heap left is either small (x < n1,
/// taken exactly) or large (x ≥ n1, taken by its class mod p); for each class of N and each
/// combination of kinds adding up to N − k mod p (at least one large heap: L − k > j·(n1 − 1)
/// makes that so), some e with 2^e | s must show it: with H = ⌊A/2^e⌋,
/// σe(n) = p·H(n) − (s/2^e)·n, which depends on the class alone for large n, and Hs the XOR
/// of the small heaps' H (exact), Δ = p·(Hs + Σ H(large) − H(N)) =
/// p·Hs + Σ σe(large) − σe(N) − (s/2^e)·(k + Σ small) is negative, or zero while the XOR of
/// the A(xi) mod 2^e differs from A(N) mod 2^e, or Δ/p is odd. The XOR of the H(xi) is at
/// most Hs + Σ H(large) and has its parity (a XOR of numbers has the parity of their sum),
/// so it is not H(N) when Δ < 0 or Δ/p is odd, and when Δ = 0 the low bits differ: either way
/// the option is not worth A(N).
fn splits_miss(a: &impl Fn(u64) -> i128, r: Regularity, l: u64, j: u64, k: u64) -> bool {
    let (n1, p, s) = (r.preperiod.max(1), r.period, r.saltus);
    if l - k <= j * (n1 - 1) {
        return false;
    }
    let kinds = n1 - 1 + p;
    let combos = u128::from(p) * u128::from(kinds).pow(j as u32 - 1) * u128::from(n1 / p + 1);
    if combos > SPLIT_LIMIT {
        return false;
    }
    let es: Vec<u32> = (0..=s.trailing_zeros().min(20)).collect();
    // A heap kind: (its residue mod p, large, a representative heap).
    let kind = |i: u64| -> (u64, bool, u64) {
        let x = if i < n1 - 1 {
            i + 1
        } else {
            n1 + (i - (n1 - 1))
        };
        (x % p, x >= n1, x)
    };
    let sigma = |x: u64, e: u32| i128::from(p) * (a(x) >> e) - i128::from(s >> e) * i128::from(x);
    let low = |x: u64, e: u32| a(x) & ((1i128 << e) - 1);
    // Whether the heaps xs (representatives) miss A(N) for N of N's representative.
    let safe = |xs: &[u64], n: u64| {
        let smalls = xs.iter().filter(|&&x| x < n1);
        let small_xor = smalls.clone().fold(0, |acc, &x| acc ^ a(x));
        let small_sum: u64 = smalls.sum();
        es.iter().any(|&e| {
            let delta = i128::from(p) * (small_xor >> e)
                + xs.iter()
                    .filter(|&&x| x >= n1)
                    .map(|&x| sigma(x, e))
                    .sum::<i128>()
                - sigma(n, e)
                - i128::from(s >> e) * i128::from(k + small_sum);
            let lows = xs.iter().fold(0, |acc, &x| acc ^ low(x, e));
            delta < 0 || (delta == 0 && lows != low(n, e)) || (delta / i128::from(p)) % 2 != 0
        })
    };
    // The kinds of the last heap, by residue (computed once: the checks below ask for them
    // in the innermost loop).
    let mut by_residue: Vec<Vec<(u64, bool, u64)>> = vec![Vec::new(); p as usize];
    for x in (0..kinds).map(kind) {
        by_residue[x.0 as usize].push(x);
    }
    (n1..n1 + p).all(|n| {
        let target = (n + p - k % p) % p;
        // Every completion of the first heaps by a last one of the right residue.
        let check = |xs: &[(u64, bool, u64)]| {
            let have: u64 = xs.iter().map(|x| x.0).sum::<u64>() % p;
            by_residue[((target + p - have) % p) as usize]
                .iter()
                .all(|&x| {
                    let all: Vec<(u64, bool, u64)> = xs.iter().copied().chain([x]).collect();
                    let reps: Vec<u64> = all.iter().map(|h| h.2).collect();
                    !all.iter().any(|h| h.1) || safe(&reps, n)
                })
        };
        (0..kinds).all(|i1| match j {
            2 => check(&[kind(i1)]),
            _ => (i1..kinds).all(|i2| check(&[kind(i1), kind(i2)])),
        })
    })
}

/// The regularity (n0, p, s), s ≥ 1, with which `values` of `rule` look
/// arithmetic-periodic, if the certificate above proves it; `None` otherwise (including
/// every rule without a move that leaves three heaps).
pub fn prove_hexadecimal<V: StoredValue>(
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
    let a = continued(g, l, r);
    let slack = |n: u64| pi * a(n) - si * i128::from(n);
    let big_d = (1..n0.max(1) + p).map(slack).max()?;
    let small_d = (n0.max(1)..n0.max(1) + p).map(slack).min()?;
    // 1: moves that leave two or three heaps never reach A(N): by the bound on their slacks,
    // or else class by class (1′).
    for &(k, bits) in moves {
        for (bit, j) in [(4u8, 2u64), (8, 3)] {
            if bits & bit != 0
                && i128::from(j) * big_d - small_d >= si * i128::from(k)
                && !splits_miss(&a, r, l, j, k)
            {
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
    // Options worth A(a) ⊕ w whose other parts are fixed small heaps worth w together, with
    // w below the lowest bit of 2s (so that A(a) + 2s ⊕ w = (A(a) ⊕ w) + 2s): a = N − o,
    // `offsets` holding (o, w) = (k + b + c, w). Any subset of these options serves: the
    // small heaps are taken below a bound, so that the pairs of them stay few however long
    // the preperiod.
    let mut offsets: Vec<(u64, i128)> = small_companions(moves, r, &a)
        .into_iter()
        .map(|(k, b, c, w)| (k + b + c, w))
        .collect();
    offsets.sort_unstable();
    offsets.dedup();
    let twos: Vec<u64> = moves.iter().filter(|m| m.1 & 4 != 0).map(|m| m.0).collect();
    let n1 = n0.max(1);
    let gaps = pair_gaps(&a, r);
    let top = b + 2 * p;
    // Each check reads up to N values of A, and the pairs try every gap for every sum:
    // refuse (prove nothing) rather than run long.
    let work = u128::from(top - l) * u128::from(top) * (threes.len() as u128 + 1)
        + u128::from(top - l) * offsets.len() as u128
        + u128::from(top)
            * gaps.as_ref().map_or(0, |g| g.len() as u128 + 1)
            * (threes.len() as u128 + 1);
    if work > WORK_LIMIT {
        return None;
    }
    // The XORs of the pairs that each sum of two heaps makes, for every sum an option of the
    // check may leave: 0 for two equal heaps, w for the unequal pairs.
    let pairs: Vec<Vec<i128>> = (0..top)
        .map(|t| {
            let mut ws: Vec<i128> = gaps
                .iter()
                .flat_map(|g| unequal_pairs(t, n1, p, g).map(|(_, w)| w))
                .collect();
            if t >= 2 && t % 2 == 0 {
                ws.push(0);
            }
            ws.sort_unstable();
            ws.dedup();
            ws
        })
        .collect();
    // Each heap a beside a pair is tried once per XOR its sum's pairs have.
    let xors = pairs.iter().map(Vec::len).max().unwrap_or(1).max(1) as u128;
    if xors * u128::from(top - l) * u128::from(top) * (threes.len() as u128 + 1) > WORK_LIMIT {
        return None;
    }
    // Which values in [lo, hi) these options of N reach: those that leave a heap a beside a
    // pair worth w, worth A(a) ⊕ w (a ≥ 1, or a ≥ n1 when `lifted`), those that leave a pair
    // alone, worth w (not when `lifted`), and with `fixed` also the options of `offsets`.
    let reached = |n: u64, lifted: bool, lo: i128, hi: i128, fixed: bool| -> Vec<bool> {
        let width = (hi - lo).max(0) as usize;
        let mut seen = vec![false; width];
        let mut left = width;
        let mut see = |v: i128, left: &mut usize| {
            if v >= lo && v < hi && !seen[(v - lo) as usize] {
                seen[(v - lo) as usize] = true;
                *left -= 1;
            }
        };
        let from = if lifted { n1 } else { 1 };
        for &k in &threes {
            // a + (the pair) = n − k.
            let Some(most) = n.checked_sub(k + 2) else {
                continue;
            };
            for x in from..=most {
                if left == 0 {
                    break;
                }
                for &w in &pairs[(n - k - x) as usize] {
                    see(a(x) ^ w, &mut left);
                }
            }
        }
        if !lifted {
            for &k in twos.iter().filter(|&&k| n >= k) {
                for &w in &pairs[(n - k) as usize] {
                    see(w, &mut left);
                }
            }
        }
        if fixed {
            for &(o, w) in &offsets {
                if let Some(x) = n.checked_sub(o).filter(|&x| x >= from) {
                    see(a(x) ^ w, &mut left);
                }
            }
        }
        seen
    };
    let all = |seen: &[bool]| seen.iter().all(|&x| x);
    for n in l..top {
        let an = a(n);
        if n < b {
            if !all(&reached(n, false, 0, an, true)) {
                return None;
            }
            continue;
        }
        // m: the least value V misses (at most A(N)); c = m − 2s, so that [0, c) ⊆ V, and the
        // check is [c, m) ⊆ V′ and [c, A(N)) ⊆ V′ ∪ W′.
        let m = reached(n, false, 0, an, false)
            .iter()
            .position(|&x| !x)
            .map_or(an, |i| i as i128);
        let c = m - 2 * si;
        if c < 0 || !all(&reached(n, true, c, m, false)) || !all(&reached(n, true, c, an, true)) {
            return None;
        }
    }
    Some(r)
}

/// Options of a heap `h` beyond the table worth `t`, for a hexadecimal code (`moves`) whose
/// arithmetic period the certificate above proved: those of the kinds its condition 3
/// counts. They leave one heap a beside heaps that cancel out or nearly — nothing or a heap
/// worth 0 (a worth t), a pair worth w (two equal heaps, w = 0, or unequal heaps whose values
/// agree from bit g up: [`pair_gaps`]; a worth t ⊕ w), small heaps worth w < 2^f together
/// (a worth t ⊕ w) — every heap worth a given value is known through the period
/// ([`Table::heaps_worth`]); or they leave a pair worth t alone. By condition 3 they reach
/// every value below A(h), so for t < A(h) the list is never empty; other options worth t
/// (two or three heaps of unrelated values) are not searched. Each as (tokens removed,
/// heaps left); lazily.
pub(crate) fn options_worth<'a>(
    table: Table,
    moves: &'a [(u64, u8)],
    h: Nat,
    t: &Nat,
) -> Box<dyn Iterator<Item = (u64, Vec<Nat>)> + 'a> {
    let Some(r) = table.regularity else {
        return Box::new(std::iter::empty());
    };
    // The pairs that `rest` tokens make, as (y, z, w): two equal heaps (w = 0), and the
    // unequal pairs of `pair_gaps`.
    let (n1, p) = (r.preperiod.max(1), r.period);
    let known = |x: u64| i128::from(table.values[x as usize]);
    let gaps = pair_gaps(&continued(known, table.values.len() as u64, r), r).unwrap_or_default();
    // The XORs a pair may have: a heap beside a pair worth w is worth t ⊕ w.
    let mut xors: Vec<i128> = gaps.iter().map(|g| g.2).chain([0]).collect();
    xors.sort_unstable();
    xors.dedup();
    let pairs = move |rest: &Nat| -> Vec<(Nat, Nat, i128)> {
        let mut out = Vec::new();
        if rest.is_zero() {
            return out;
        }
        if !rest.bit(0) {
            let half: Nat = rest >> 1u32;
            out.push((half.clone(), half, 0));
        }
        for &(rho, d, w) in &gaps {
            let Some(twice) = rest.checked_sub(&Nat::from(d)).filter(|x| !x.bit(0)) else {
                continue;
            };
            let y: Nat = twice >> 1u32;
            if y >= Nat::from(n1) && (&y % p) == Nat::from(rho) {
                let z = &y + d;
                out.push((y, z, w));
            }
        }
        out
    };
    let t_small = t.to_i128();
    // Options that leave a pair alone, worth its XOR.
    let mut alone = Vec::new();
    for &(k, _) in moves.iter().filter(|m| m.1 & 4 != 0) {
        if let Some(rest) = h.checked_sub(&Nat::from(k)) {
            let worth_t = pairs(&rest).into_iter().filter(|p| Some(p.2) == t_small);
            alone.extend(worth_t.map(|(y, z, _)| (k, vec![y, z])));
        }
    }
    // A heap a beside a heap worth 0, worth t, or beside a pair worth w, worth t ⊕ w (a is
    // found through the period).
    let (v_table, v_h) = (table.clone(), h.clone());
    let worth: Vec<(i128, Nat)> = xors
        .into_iter()
        .flat_map(|w| {
            let heaps = table.heaps_worth(&(t ^ Nat::from(w as u128)), &h);
            heaps.into_iter().map(move |a| (w, a))
        })
        .filter(|(_, a)| !a.is_zero())
        .collect();
    let cancelling = worth.into_iter().flat_map(move |(w, a)| {
        let mut out = Vec::new();
        for &(k, bits) in moves {
            let Some(rest) = (&v_h - &a).checked_sub(&Nat::from(k)) else {
                continue;
            };
            let beside_zero = bits & 4 != 0 && w == 0 && !rest.is_zero();
            if beside_zero && v_table.value_nat(&rest).is_zero() {
                out.push((k, vec![a.clone(), rest.clone()]));
            }
            if bits & 8 != 0 {
                for (y, z, _) in pairs(&rest).into_iter().filter(|p| p.2 == w) {
                    out.push((k, vec![a.clone(), y, z]));
                }
            }
        }
        out
    });
    // A heap a worth t ⊕ w beside small heaps worth w (a = h − k − b − c).
    let companions = small_companions(moves, r, |x| i128::from(table.values[x as usize]));
    let t = t.clone();
    let beside = companions.into_iter().filter_map(move |(k, b, c, w)| {
        let a = h
            .checked_sub(&Nat::from(k + b + c))
            .filter(|a| !a.is_zero())?;
        (table.value_nat(&a) == &t ^ Nat::from(w as u128)).then(|| {
            let smalls = [b, c].into_iter().filter(|&x| x > 0).map(Nat::from);
            (k, std::iter::once(a).chain(smalls).collect())
        })
    });
    // An option may be of two kinds (a heap worth 0 beside a pair, say): each is given once.
    let mut given = std::collections::HashSet::new();
    Box::new(
        alone
            .into_iter()
            .chain(cancelling)
            .chain(beside)
            .filter(move |(k, parts)| {
                let mut key = parts.clone();
                key.sort_unstable();
                given.insert((*k, key))
            }),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::{extend, parse_code, prove_regularity, three};
    use num_traits::ToPrimitive;
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

    /// Each refinement of the certificate proves a code that the others leave unproved (and
    /// each proof holds over 2 000 values): 0.0F needs the lone pair of equal heaps (b, b), its
    /// value 0 out of reach of (a, b, b) for even N; 0.0B and 0.A8 condition 1′, class by
    /// class (0.A8 with the low bit; 0.1A with the small heaps' exact XOR: (1, 1, N − 4) is
    /// worth A(N − 4), not 2 + A(N − 4)); 0.C9 small heaps worth w > 0 beside a (598, 2 for
    /// N = 601: 398 ⊕ 1 = 399); 0.3F and 4.0A the parity of Δ/p; C.18, 4.90 and 0.3DC the
    /// unequal pairs (y, z) of heaps with values agreeing from the lowest bit of s up.
    #[test]
    fn each_refinement_proves_a_code_of_its_own() {
        for (code, want) in [
            ("0.0F", claim(0, 2, 1)),
            ("0.0B", claim(5, 2, 1)),
            ("0.A8", claim(1, 4, 2)),
            ("0.C9", claim(3, 3, 2)),
            ("0.1A", claim(4, 2, 1)),
            // The parity of Δ/p in 1′.
            ("0.3F", claim(0, 6, 3)),
            ("4.0A", claim(1, 8, 4)),
            // Pairs of unequal heaps whose values agree from the lowest bit of s up, beside a
            // heap: C.18 and 4.90 (equal values), 0.3DC (values differing in bit 0 or 1).
            ("C.18", claim(6, 8, 4)),
            ("4.90", claim(16, 12, 4)),
            ("0.3DC", claim(168, 5, 4)),
        ] {
            let rule = parse_code(code).unwrap();
            let v = values(code, 2000);
            assert_eq!(prove_regularity(&rule, &v[..600]), Some(want), "{code}");
            let (n0, p, s) = (
                want.preperiod as usize,
                want.period as usize,
                want.saltus as u32,
            );
            assert!((n0..v.len() - p).all(|m| v[m + p] == v[m] + s), "{code}");
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

    /// On heaps far beyond the table (30 digits), every option the search gives is a move of
    /// the code worth the value asked for, and some option is found for every small value —
    /// for the codes whose proofs need the unequal pairs of condition 3, where small values
    /// are reached by a pair of huge heaps beside a small one.
    #[test]
    fn options_of_huge_heaps_are_worth_what_was_asked() {
        for code in ["C.18", "4.90", "0.3DC"] {
            let rule = parse_code(code).unwrap();
            let HeapRule::TakeBreak(moves) = &rule else {
                unreachable!("codes are take-and-break rules")
            };
            let v = values(code, 1200);
            let r = prove_regularity(&rule, &v).expect("proved");
            let table = Table {
                values: Arc::new(v),
                regularity: Some(r),
            };
            let mut paired = 0;
            for extra in 0..2 * r.period {
                let h: Nat = "1000000000000000000000000000000".parse::<Nat>().unwrap() + extra;
                for t in 0..40u32 {
                    let found: Vec<(u64, Vec<Nat>)> =
                        options_worth(table.clone(), moves, h.clone(), &Nat::from(t)).collect();
                    assert!(!found.is_empty(), "{code}: heap {h}, value {t}");
                    for (k, parts) in found {
                        let left: Nat = parts.iter().sum();
                        assert_eq!(left + k, h, "{code}: {parts:?}");
                        let bit = 1u8 << parts.len();
                        assert!(moves.iter().any(|&(mk, b)| mk == k && b & bit != 0));
                        let worth = parts
                            .iter()
                            .fold(Nat::zero(), |x, p| x ^ table.value_nat(p));
                        assert_eq!(worth, Nat::from(t), "{code}: heap {h}, {k}, {parts:?}");
                        // Two huge heaps of different sizes: a pair of the new kind.
                        let huge: Vec<&Nat> = parts.iter().filter(|p| p.bits() > 64).collect();
                        paired += usize::from(huge.len() == 2 && huge[0] != huge[1]);
                    }
                }
            }
            assert!(paired > 0, "{code}: no pair found");
        }
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
            let below = low_bound(r.saltus);
            // A pair: two equal heaps, or unequal heaps from n1 on whose values agree from the
            // lowest bit of s up.
            let (n1, bit) = (r.preperiod.max(1), r.saltus.trailing_zeros());
            let equal = |b: u64, c: u64| {
                (b == c && b >= 1) || (b.min(c) >= n1 && g(b) >> bit == g(c) >> bit)
            };
            // Whether the parts other than parts[i] are of a kind searched beside it.
            let of_a_kind = |parts: &[u64], i: usize| {
                let o: Vec<u64> = (0..parts.len())
                    .filter(|&j| j != i)
                    .map(|j| parts[j])
                    .collect();
                match o[..] {
                    [] => true,
                    [b] => g(b) == 0 || (b < small && i128::from(g(b)) < below),
                    [b, c] => equal(b, c) || (b.max(c) < small && i128::from(g(b) ^ g(c)) < below),
                    _ => false,
                }
            };
            for h in len as u64..len as u64 + 12 {
                let mut kinds: Vec<std::collections::BTreeSet<(u64, Vec<u64>)>> =
                    vec![Default::default(); g(h) as usize + 1];
                rule.for_each_option(h, |k, parts| {
                    let t = parts.iter().fold(0, |x, &p| x ^ g(p));
                    let alone = matches!(parts, &[b, c] if equal(b, c));
                    if t < g(h) && (alone || (0..parts.len()).any(|i| of_a_kind(parts, i))) {
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
