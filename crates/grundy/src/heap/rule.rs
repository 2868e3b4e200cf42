//! Heap rules: octal and hexadecimal codes, subtraction sets, Grundy's game.

use crate::{invalid, GameError};

/// How one heap may be changed: the take-and-break moves of a heap game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HeapRule {
    /// Take-and-break moves: `(k, bits)` sorted by `k`, meaning a move may remove `k` tokens
    /// and leave no heap (bit 1), one heap (bit 2), two heaps (bit 4) or three heaps (bit 8),
    /// every heap left non-empty. Octal codes, hexadecimal codes and subtraction sets are all
    /// of this form.
    TakeBreak(Vec<(u64, u8)>),
    /// Grundy's game: split a heap into two non-empty heaps of different sizes.
    GrundysGame,
    /// All-but subtraction: remove any positive number of tokens except those listed (sorted).
    AllBut(Vec<u64>),
}

/// Reads an octal or hexadecimal code such as `0.77`, `0.137`, `4.7` or `0.F`.
///
/// Digit k (k = 1, 2, … after the point) says which moves remove k tokens: bit 1 leaves no
/// heap, bit 2 one heap, bit 4 two heaps, bit 8 (hexadecimal) three heaps. The whole part is
/// digit 0: 4 (or 8, 12) allows splitting a heap without removing anything.
///
/// ```
/// use grundy::heap::{parse_code, HeapRule};
/// assert_eq!(parse_code("0.77").unwrap(), HeapRule::TakeBreak(vec![(1, 7), (2, 7)]));
/// assert!(parse_code("0.8x").is_err());
/// ```
pub fn parse_code(code: &str) -> Result<HeapRule, GameError> {
    let Some((whole, frac)) = code.split_once('.') else {
        return Err(invalid!(
            "octal code '{code}' has no point: write it like 0.77 (digits after the point) or 4.7"
        ));
    };
    let whole = if whole.is_empty() { "0" } else { whole };
    if whole.len() != 1 {
        return Err(invalid!(
            "octal code '{code}': the whole part must be one digit (0, 4, 8 or C)"
        ));
    }
    let mut moves = Vec::new();
    for (k, ch) in whole.chars().chain(frac.chars()).enumerate() {
        let d = ch.to_digit(16).ok_or_else(|| {
            invalid!("octal code '{code}': '{ch}' is not an octal or hexadecimal digit")
        })? as u8;
        if k == 0 && d & 3 != 0 {
            return Err(invalid!(
                "octal code '{code}': the whole part may only be 0, 4, 8 or C (a move that \
                 removes nothing must split the heap)"
            ));
        }
        if d != 0 {
            moves.push((k as u64, d));
        }
    }
    if moves.is_empty() {
        return Err(invalid!("octal code '{code}' allows no move at all"));
    }
    Ok(HeapRule::TakeBreak(moves))
}

/// Calls `hit(a)` for each a in 1..=`last` (in increasing order, `last` < `m`) with
/// G(a) ⊕ G(m − a) = `t` by `values`. The pairs are compared 64 at a time, the values of
/// m − a read backwards, with a branch only where a block holds a match (the compiler turns
/// the block's test into vector instructions).
fn pairs_worth(values: &[u32], m: u64, last: u64, t: u32, mut hit: impl FnMut(u64)) {
    let (m, last) = (m as usize, last as usize);
    let low = &values[1..=last];
    let high = &values[m - last..m];
    for (block, (x, y)) in low.chunks(64).zip(high.rchunks(64)).enumerate() {
        let any = x
            .iter()
            .zip(y.iter().rev())
            .fold(false, |any, (p, q)| any | (p ^ q == t));
        if any {
            for (i, (p, q)) in x.iter().zip(y.iter().rev()).enumerate() {
                if p ^ q == t {
                    hit((block * 64 + i + 1) as u64);
                }
            }
        }
    }
}

/// The subtraction game with set `set` (positive, sorted): remove s ∈ S tokens from a heap.
pub fn subtraction(set: &[u64]) -> HeapRule {
    HeapRule::TakeBreak(set.iter().map(|&s| (s, 3)).collect())
}

impl HeapRule {
    /// Calls `f(removed, parts)` for every option of a heap of `h`, parts being the non-empty
    /// heaps left, in increasing order.
    pub fn for_each_option(&self, h: u64, mut f: impl FnMut(u64, &[u64])) {
        match self {
            HeapRule::GrundysGame => {
                for a in 1..h.div_ceil(2) {
                    f(0, &[a, h - a]);
                }
            }
            HeapRule::AllBut(except) => {
                for k in 1..=h {
                    if except.binary_search(&k).is_err() {
                        if k == h {
                            f(k, &[]);
                        } else {
                            f(k, &[h - k]);
                        }
                    }
                }
            }
            HeapRule::TakeBreak(moves) => {
                for &(k, bits) in moves {
                    if k > h {
                        break;
                    }
                    let m = h - k;
                    if bits & 1 != 0 && m == 0 {
                        f(k, &[]);
                    }
                    if bits & 2 != 0 && m >= 1 {
                        f(k, &[m]);
                    }
                    if bits & 4 != 0 && m >= 2 {
                        for a in 1..=m / 2 {
                            f(k, &[a, m - a]);
                        }
                    }
                    if bits & 8 != 0 && m >= 3 {
                        for a in 1..=m / 3 {
                            for b in a..=(m - a) / 2 {
                                f(k, &[a, b, m - a - b]);
                            }
                        }
                    }
                }
            }
        }
    }

    /// Calls `f(removed, parts)` for each option of a heap of `h` whose parts' values (by
    /// `values`, G(0) … at least G(h)) have nim-sum `t`, in the order of
    /// [`HeapRule::for_each_option`]: what a winning move must reach. Splits into two heaps
    /// are compared many at a time, so that listing a large heap's winning moves reads its
    /// values at table speed.
    pub fn for_each_option_worth(
        &self,
        h: u64,
        values: &[u32],
        t: u32,
        mut f: impl FnMut(u64, &[u64]),
    ) {
        let value = |parts: &[u64]| parts.iter().fold(0, |x, &p| x ^ values[p as usize]);
        match self {
            HeapRule::GrundysGame => {
                if h >= 3 {
                    pairs_worth(values, h, h.div_ceil(2) - 1, t, |a| f(0, &[a, h - a]));
                }
            }
            HeapRule::AllBut(_) => self.for_each_option(h, |k, parts| {
                if value(parts) == t {
                    f(k, parts)
                }
            }),
            HeapRule::TakeBreak(moves) => {
                for &(k, bits) in moves {
                    if k > h {
                        break;
                    }
                    let m = h - k;
                    if bits & 1 != 0 && m == 0 && t == 0 {
                        f(k, &[]);
                    }
                    if bits & 2 != 0 && m >= 1 && values[m as usize] == t {
                        f(k, &[m]);
                    }
                    if bits & 4 != 0 && m >= 2 {
                        pairs_worth(values, m, m / 2, t, |a| f(k, &[a, m - a]));
                    }
                    if bits & 8 != 0 && m >= 3 {
                        for a in 1..=m / 3 {
                            for b in a..=(m - a) / 2 {
                                if value(&[a, b, m - a - b]) == t {
                                    f(k, &[a, b, m - a - b]);
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// How many moves a heap of `h` tokens has (as [`HeapRule::for_each_option`] lists them),
    /// counted without listing them: a float, infinite when `h` is too large for one.
    pub fn count_options(&self, h: f64) -> f64 {
        let at_least = |x: f64| x.max(0.0);
        match self {
            // Two unequal heaps: a from 1 to ⌈h/2⌉ − 1.
            HeapRule::GrundysGame => at_least((h / 2.0).ceil() - 1.0),
            HeapRule::AllBut(except) => {
                at_least(h - except.iter().filter(|&&e| (e as f64) <= h).count() as f64)
            }
            HeapRule::TakeBreak(moves) => moves
                .iter()
                .filter(|&&(k, _)| (k as f64) <= h)
                .map(|&(k, bits)| {
                    let m = h - k as f64;
                    let mut n = 0.0;
                    if bits & 1 != 0 && m == 0.0 {
                        n += 1.0;
                    }
                    if bits & 2 != 0 && m >= 1.0 {
                        n += 1.0;
                    }
                    if bits & 4 != 0 && m >= 2.0 {
                        n += (m / 2.0).floor();
                    }
                    if bits & 8 != 0 && m >= 3.0 {
                        // Partitions of m into three parts: the integer nearest m²/12.
                        n += (m * m / 12.0).round();
                    }
                    n
                })
                .sum(),
        }
    }

    /// The largest number of tokens one move removes (`t` in the Guy–Smith theorem).
    pub fn max_removal(&self) -> u64 {
        match self {
            HeapRule::GrundysGame => 0,
            HeapRule::AllBut(_) => u64::MAX,
            HeapRule::TakeBreak(moves) => moves.last().map_or(0, |m| m.0),
        }
    }

    /// Whether a move may leave two or more heaps.
    pub fn splits(&self) -> bool {
        match self {
            HeapRule::GrundysGame => true,
            HeapRule::AllBut(_) => false,
            HeapRule::TakeBreak(moves) => moves.iter().any(|m| m.1 & 12 != 0),
        }
    }

    /// Roughly how many option evaluations computing G(0..=n) takes.
    pub fn cost(&self, n: u64) -> f64 {
        let n = n as f64;
        match self {
            HeapRule::GrundysGame => n * n / 4.0,
            // Counts of each value (heap/all_but.rs): |S|² steps a heap.
            HeapRule::AllBut(except) => n * (except.len().pow(2) + 1) as f64 * 4.0,
            HeapRule::TakeBreak(moves) => moves
                .iter()
                .map(|&(_, bits)| {
                    let mut c = n;
                    if bits & 4 != 0 {
                        c += n * n / 4.0;
                    }
                    if bits & 8 != 0 {
                        // Sets of split values (heap/three.rs): about n²·w/128 word
                        // operations for values below w, and w grows like n in many
                        // hexadecimal games (0.E: 20 000 heaps in about 40 s).
                        c += n * n * n / 256.0;
                    }
                    c
                })
                .sum(),
        }
    }

    /// Whether a theorem can prove this game's values regular: a [`PeriodProof`], or for
    /// all-but games an arithmetic period (see [`super::prove_regularity`]).
    pub fn provable(&self) -> bool {
        matches!(self, HeapRule::AllBut(_)) || self.period_proof().is_some()
    }

    /// The fewest values G(0) … G(N − 1) from which any regularity of this game could be
    /// proved: period 1 from 0 under its [`PeriodProof`], or for all-but games N = max S + 1
    /// (the certificate compares the max S values before n1 + p with n1 ≥ max S). `None`
    /// when no theorem covers the game.
    pub fn fewest_values_for_proof(&self) -> Option<u64> {
        match self {
            HeapRule::AllBut(except) => {
                Some(except.iter().max().map_or(1, |m| m.saturating_add(1)))
            }
            _ => self.period_proof().map(|p| p.values_needed(0, 1)),
        }
    }

    /// Which periodicity theorem can prove this game ultimately periodic, if any.
    pub fn period_proof(&self) -> Option<PeriodProof> {
        match self {
            // All-but games are arithmetic-periodic, not periodic: their proof is
            // find_arithmetic_period's (see prove_regularity).
            HeapRule::GrundysGame | HeapRule::AllBut(_) => None,
            HeapRule::TakeBreak(moves) => {
                // The Guy–Smith argument compares the parts of an option of n + p with those
                // of an option of n one part at a time; it never uses that the move removes
                // tokens, so a whole part (4.x: split without removing) is covered, and with
                // up to k parts one of them is large enough whatever k (see PeriodProof).
                let t = self.max_removal();
                if moves.iter().any(|m| m.1 & 8 != 0) {
                    Some(PeriodProof::GuySmith { t, heaps: 3 })
                } else if self.splits() {
                    Some(PeriodProof::GuySmith { t, heaps: 2 })
                } else {
                    Some(PeriodProof::Window { width: t })
                }
            }
        }
    }
}

/// A theorem that turns finitely many computed values into a proof of ultimate periodicity.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PeriodProof {
    /// Take-and-break games whose moves remove at most `t` tokens and leave at most `heaps`
    /// non-empty heaps (Guy and Smith 1956 for two heaps; the same argument for any number
    /// k, as used for hexadecimal codes): if G(n + p) = G(n) for n0 ≤ n < k·n0' + (k − 1)·p + t,
    /// where n0' = max(n0, 1), then for all n ≥ n0.
    ///
    /// Proof, by induction on m ≥ k·n0' + (k − 1)·p + t. An option of m + p removes i ≤ t
    /// tokens and leaves j ≤ k heaps summing to m + p − i ≥ k·(n0' + p), so its largest heap
    /// b has b − p ≥ n0' ≥ 1, and b − p < m (a move that leaves one heap removes a token);
    /// putting b − p in its place is a legal option of m, of the same value since
    /// G(b − p + p) = G(b − p) by induction. Conversely an option of m leaves heaps summing to
    /// m − i ≥ k·n0', so its largest heap a has n0 ≤ a < m, and a + p in its place is an
    /// option of m + p of the same value. So m and m + p have the same option values and
    /// G(m + p) = G(m). The n0' = max(n0, 1) matters: with n0 = 0, b − p may be 0 and the
    /// option of m would have a heap fewer, which the rules may not allow (0.04 has
    /// G(0..=3) = 0 but G(4) = 1).
    GuySmith {
        /// The most tokens a move removes.
        t: u64,
        /// The most heaps a move leaves (2 for octal codes, 3 for hexadecimal ones).
        heaps: u64,
    },
    /// Games whose moves leave at most one heap and remove at most `width` tokens: G(n) is a
    /// function of the `width` values before it, so one repeated window repeats forever.
    Window {
        /// The most tokens a move removes.
        width: u64,
    },
}

impl PeriodProof {
    /// How many values, G(0) … G(N − 1), prove period `p` from `n0`.
    pub fn values_needed(self, n0: u64, p: u64) -> u64 {
        match self {
            // Checked for every n ≥ n0 with n + p < k·n0' + k·p + t.
            PeriodProof::GuySmith { t, heaps } => heaps * n0.max(1) + heaps * p + t,
            // For n > width, G(n) is a function of the window G(n − width) … G(n − 1). If the
            // window ending before m (m > width) equals the one ending before m + p, then
            // G(m) = G(m + p), and so on forever. With equality checked from n0 on, take
            // m = max(n0 + width, width + 1): its window is checked when m − 1 + p < N.
            PeriodProof::Window { width } => (n0 + width).max(width + 1) + p,
        }
    }

    /// The largest n0 for which `n` values prove period `p` from n0 (the inverse of
    /// [`values_needed`](Self::values_needed)), or `None` if they prove it from nowhere.
    pub fn largest_preperiod(self, n: u64, p: u64) -> Option<u64> {
        if self.values_needed(0, p) > n {
            return None;
        }
        Some(match self {
            PeriodProof::GuySmith { t, heaps } => (n - heaps * p - t) / heaps,
            PeriodProof::Window { width } => n - p - width,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A rule of every kind: Grundy's game, all-but, octal codes with and without splits,
    /// hexadecimal codes with three-heap moves and splits without removing, subtraction.
    fn every_kind_of_rule() -> [HeapRule; 8] {
        [
            HeapRule::GrundysGame,
            HeapRule::AllBut(vec![1, 4, 9]),
            parse_code("0.137").unwrap(),
            parse_code("0.77").unwrap(),
            parse_code("4.7").unwrap(),
            parse_code("0.FF8").unwrap(),
            parse_code("8.4").unwrap(),
            subtraction(&[1, 3, 4]),
        ]
    }

    /// The options of each value found by blocks are those of the plain listing with that
    /// value, in the same order: every heap up to 300 (blocks of 64 split every way), every
    /// value a move can reach, for every kind of rule, on the rules' own values.
    #[test]
    fn options_of_a_value_are_those_listed_with_it() {
        for rule in every_kind_of_rule() {
            let mut values: Vec<u32> = Vec::new();
            assert!(crate::heap::extend(&rule, &mut values, 300));
            let mut found = 0;
            for h in 0..=300u64 {
                let mut listed: Vec<(u32, u64, Vec<u64>)> = Vec::new();
                rule.for_each_option(h, |k, parts| {
                    let v = parts.iter().fold(0, |x, &p| x ^ values[p as usize]);
                    listed.push((v, k, parts.to_vec()));
                });
                let most = listed.iter().map(|l| l.0).max().unwrap_or(0);
                for t in 0..=most + 1 {
                    let mut worth = Vec::new();
                    rule.for_each_option_worth(h, &values, t, |k, parts| {
                        worth.push((t, k, parts.to_vec()))
                    });
                    let plain: Vec<_> = listed.iter().filter(|l| l.0 == t).cloned().collect();
                    assert_eq!(worth, plain, "{rule:?}, heap {h}, value {t}");
                    found += worth.len();
                }
            }
            assert!(found > 500, "{rule:?}: {found}");
        }
    }

    /// The moves counted are the moves listed, for every heap up to 60 of every kind of rule.
    #[test]
    fn options_are_counted_as_listed() {
        for rule in every_kind_of_rule() {
            for h in 0..=60u64 {
                let mut listed = 0;
                rule.for_each_option(h, |_, _| listed += 1);
                assert_eq!(rule.count_options(h as f64), listed as f64, "{rule:?} {h}");
            }
        }
    }

    #[test]
    fn largest_preperiod_inverts_values_needed() {
        for proof in (0..5).flat_map(|t| {
            [
                PeriodProof::GuySmith { t, heaps: 2 },
                PeriodProof::GuySmith { t, heaps: 3 },
                PeriodProof::Window { width: t },
            ]
        }) {
            for n in 0..60 {
                for p in 1..40 {
                    let want = (0..=n).filter(|&n0| proof.values_needed(n0, p) <= n).max();
                    assert_eq!(proof.largest_preperiod(n, p), want, "{proof:?} n {n} p {p}");
                }
            }
        }
    }
}
