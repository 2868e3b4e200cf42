//! Fibonacci Nim: one heap; take at most twice what the opponent just took.

use crate::analysis::{Move, Token, Verdict};
use crate::nat::{parse_nat, small};
use crate::registry::{Entry, PositionSpec};
use crate::rules::{GameInfo, Ruleset, TableShape};
use crate::solver::Game;
use crate::{GameError, Nat, Outcome};
use num_traits::{One, Zero};
use std::sync::Mutex;

/// Fibonacci Nim.
#[derive(Clone, Copy, Debug, Default)]
pub struct Fibonacci;

/// A Fibonacci Nim position: `n` tokens, at most `limit` may be taken now; `None` is the
/// game's first move, which may take anything but all.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FibPos {
    /// Tokens left.
    pub n: Nat,
    /// The most the mover may take now (`None`: first move, n − 1).
    pub limit: Option<Nat>,
}

impl FibPos {
    /// The most the mover may take now.
    pub fn max_take(&self) -> Nat {
        match &self.limit {
            Some(l) => l.min(&self.n).clone(),
            None if self.n.is_zero() => Nat::zero(),
            None => &self.n - 1u32,
        }
    }
}

/// Description of Fibonacci Nim.
pub static INFO: GameInfo = GameInfo {
    name: "fibonacci",
    title: "Fibonacci Nim",
    summary: "one heap; take at most twice the opponent's last take",
    usage: "fibonacci N [L]",
    example: "fibonacci 20",
    rules: "One heap of N tokens. The first player takes any number of tokens but not all of \
            them; afterwards each player takes at least one and at most twice as many as the \
            opponent just took. Who takes the last token wins. The position `N L` is a heap of N \
            tokens from which the mover may take at most L; `N` alone is the game's first move.",
    theory: "Write N as a sum of non-consecutive Fibonacci numbers (Zeckendorf's theorem: this \
             representation is unique). The player to move wins exactly when the smallest term \
             is at most L; taking that term is a winning move. More precisely, taking t is \
             winning exactly when t = N, or when the smallest Zeckendorf term of N − t exceeds \
             2t; every such t is a sum of the smallest few Zeckendorf terms of N, so the winning \
             moves are found among those few sums, at any size. The first move from N (L = N − 1) \
             loses exactly when N is a Fibonacci number. Grundy values (which follow no simple \
             formula) are computed for N ≤ 2000 and reported as null beyond.",
    source: "M. J. Whinihan, Fibonacci Nim, Fibonacci Quarterly 1(4) (1963) 9–13; E. Zeckendorf, \
             Bull. Soc. Roy. Sci. Liège 41 (1972) 179–182.",
};

/// The Zeckendorf representation of `n`: the indices k of its terms F_k (F_2 = 1, F_3 = 2,
/// F_4 = 3, …), largest first, by the greedy method.
///
/// Only two Fibonacci numbers are held at a time: the walk goes up to the first one above `n`
/// and back down, each step one subtraction in place (F_{k−2} = F_k − F_{k−1}), so memory
/// stays a small multiple of `n` and no table of all smaller Fibonacci numbers is built.
pub fn zeckendorf_indices(n: &Nat) -> Vec<u64> {
    zeckendorf_walk(n, &Nat::zero()).0
}

/// The indices of the Zeckendorf terms of `n` (largest first) and, beside each, whether
/// taking the sum of the terms below it is a winning move when at most `limit` may be
/// taken: that sum is positive, at most `limit`, and less than half the term (so the
/// opponent cannot take the new smallest term). Both are decided from the indices alone (see
/// [`cuts_of`]), so no sum of terms is built.
fn zeckendorf_walk(n: &Nat, limit: &Nat) -> (Vec<u64>, Vec<bool>) {
    let terms = zeckendorf_blocks(n);
    let cuts = cuts_of(&terms, limit);
    (terms, cuts)
}

/// The largest k with F_k ≤ n (n ≥ 1) and (F_{k−1}, F_k): from the length of n (F_k ≈
/// φ^k/√5: k ≈ 1.44·bits + 1.67), a little below, by doubling, then a few steps up.
fn top_term(n: &Nat) -> (u64, Nat, Nat) {
    let guess = (n.bits() * 1_440_420 / 1_000_000).saturating_sub(2).max(2);
    let (mut lo, mut hi) = fibonacci_pair(guess - 1);
    let mut k = guess;
    while hi <= *n {
        lo += &hi;
        std::mem::swap(&mut lo, &mut hi);
        k += 1;
    }
    // hi = F_k > n ≥ F_{k−1} = lo.
    (k - 1, hi - &lo, lo)
}

/// Indices decided per block of the walk: the block's sums are combinations of two
/// Fibonacci numbers with coefficients up to F_{BLOCK + 2} < 2⁶³.
const BLOCK: u64 = 88;

/// The Zeckendorf indices of `n`, largest first, by the greedy method in blocks of up to
/// [`BLOCK`] indices. Each block is decided on the leading 125 bits of the rest and of the
/// block's Fibonacci numbers, then checked exactly: the terms chosen must sum to at most the
/// rest, and what is left must be below the block's lowest Fibonacci number (or the one
/// below it, if that was taken) — then, the Zeckendorf representation being unique, they are
/// the greedy's terms. A block that fails the check (a near tie) is walked one index at a
/// time. A block costs a few operations on numbers of the rest's length, where a step of the
/// plain walk cost one: about a tenth of the work on a heap of 10⁵ digits.
fn zeckendorf_blocks(n: &Nat) -> Vec<u64> {
    let mut terms = Vec::new();
    if n.is_zero() {
        return terms;
    }
    let (mut top, mut a, mut b) = top_term(n);
    // (a, b) = (F_{top−1}, F_top); rest < F_{top+1}, and below F_top after a term at top + 1
    // (`skip`: top cannot be taken).
    let mut rest = n.clone();
    let mut skip = false;
    let fib = small_fibonacci();
    while top >= 2 && !rest.is_zero() {
        if b.bits() <= 126 {
            // The rest in machine words.
            let to = |x: &Nat| u128::try_from(x).expect("below 2^126");
            let (mut a, mut b, mut rest) = (to(&a), to(&b), to(&rest));
            while top >= 2 && rest > 0 {
                if !std::mem::take(&mut skip) && b <= rest {
                    rest -= b;
                    terms.push(top);
                    skip = true;
                }
                (a, b) = (b - a, a);
                top -= 1;
            }
            break;
        }
        // Decide top, top − 1, …, bottom + 1, with (p, q) = (F_bottom, F_{bottom+1}).
        let d = BLOCK.min(top - 1);
        let bottom = top - d;
        let (p, q) = pair_below(&a, &b, d, &fib);
        let shift = b.bits() - 125;
        let (rest_t, p_t, q_t) = (lead(&rest, shift), lead(&p, shift), lead(&q, shift));
        let mut left = rest_t;
        let (mut x, mut y) = (0u64, 0u64);
        let mut taken = Vec::new();
        let mut no = skip;
        for i in (1..=d).rev() {
            if std::mem::take(&mut no) {
                continue;
            }
            // F_{bottom+i} = F_{i−1}·F_bottom + F_i·F_{bottom+1}.
            let (fi1, fi) = (fib[i as usize - 1], fib[i as usize]);
            let f = u128::from(fi1) * p_t + u128::from(fi) * q_t;
            if f <= left {
                left -= f;
                x += fi1;
                y += fi;
                taken.push(bottom + i);
                no = true;
            }
        }
        let sum = &p * x + &q * y;
        let last_taken = taken.last() == Some(&(bottom + 1));
        let checked = sum <= rest && {
            let left = &rest - &sum;
            left < if last_taken { p.clone() } else { q.clone() }
        };
        if checked {
            rest -= &sum;
            terms.extend_from_slice(&taken);
            skip = last_taken;
            (top, a, b) = (bottom, &q - &p, p);
        } else {
            // A near tie: these indices one at a time, exactly.
            for _ in 0..d {
                if !std::mem::take(&mut skip) && b <= rest {
                    rest -= &b;
                    terms.push(top);
                    skip = true;
                }
                let below = &b - &a;
                (a, b) = (below, a);
                top -= 1;
            }
        }
    }
    terms
}

/// F_0 … F_{BLOCK + 2}.
fn small_fibonacci() -> Vec<u64> {
    let mut f = vec![0u64, 1];
    while f.len() < BLOCK as usize + 3 {
        f.push(f[f.len() - 1] + f[f.len() - 2]);
    }
    f
}

/// (F_{t−d}, F_{t−d+1}) from (F_{t−1}, F_t) = (a, b), 2 ≤ d: with F_t = F_{d−1}·F_{t−d} +
/// F_d·F_{t−d+1} and F_{t−1} = F_{d−2}·F_{t−d} + F_{d−1}·F_{t−d+1}, and Cassini's identity
/// (the determinant is ±1), each is a difference of two products by small numbers.
fn pair_below(a: &Nat, b: &Nat, d: u64, fib: &[u64]) -> (Nat, Nat) {
    let (f2, f1, f0) = (fib[d as usize - 2], fib[d as usize - 1], fib[d as usize]);
    let diff = |x: Nat, y: Nat| if x >= y { x - y } else { y - x };
    let p = diff(b * f1, a * f0);
    let q = diff(a * f1, b * f2);
    (p, q)
}

/// ⌊x / 2^shift⌋ for x < 2^(shift + 128), from x's words without building a number.
fn lead(x: &Nat, shift: u64) -> u128 {
    let words: Vec<u64> = x
        .iter_u64_digits()
        .skip(usize::try_from(shift / 64).unwrap_or(usize::MAX))
        .take(3)
        .collect();
    let word = |i: usize| u128::from(words.get(i).copied().unwrap_or(0));
    let off = (shift % 64) as u32;
    let low = word(0) | word(1) << 64;
    if off == 0 {
        low
    } else {
        low >> off | word(2) << (128 - off)
    }
}

/// Beside each Zeckendorf term t_i of `terms` (largest first), whether taking R_i, the sum of
/// the terms below it, wins when at most `limit` may be taken: R_i > 0, R_i ≤ limit and
/// F_{t_i} > 2·R_i — decided from the indices alone.
///
/// F_{t_i} > 2·R_i: with the next gap g = t_i − t_{i+1}, true when there is no term below or
/// g ≥ 3 (R_i < F_{t_{i+1}+1} ≤ F_{t_i−2}, and 2·F_{t_i−2} ≤ F_{t_i}); when g = 2 it is
/// 2·R_{i+1} < F_{t_{i+1}−1}, and in general 2·R_l < F_{t_{l−1}−1} holds when there is no
/// term l, or the gap to it is 4 or more, fails when it is 2, and is the same question one
/// term further down when it is 3 (F_M − 2·F_{M−2} = F_{M−3}).
///
/// R_i ≤ limit: R_i lies in [F_a, F_{a+1}) for a = t_{i+1}; against L, the largest index with
/// F_L ≤ limit, it holds when a < L, fails when a > L, and when a = L the Zeckendorf indices
/// of R_i and of the limit are compared, largest first (as numbers compare).
fn cuts_of(terms: &[u64], limit: &Nat) -> Vec<bool> {
    let m = terms.len();
    // chain[l]: 2·R_l < F_{t_{l−1}−1}, for l in 1..=m (l = m: no term left).
    let mut chain = vec![true; m + 1];
    for l in (1..m).rev() {
        chain[l] = match terms[l - 1] - terms[l] {
            2 => false,
            3 => chain[l + 1],
            _ => true,
        };
    }
    let limit_top = (!limit.is_zero()).then(|| top_term(limit).0);
    let mut limit_terms: Option<Vec<u64>> = None;
    (0..m)
        .map(|i| {
            let Some(&a) = terms.get(i + 1) else {
                return false; // R_i = 0: nothing to take.
            };
            let above = match terms[i] - a {
                2 => chain[i + 2],
                _ => true,
            };
            let within = match limit_top {
                None => false,
                Some(l) if a < l => true,
                Some(l) if a > l => false,
                Some(_) => {
                    let lt = limit_terms.get_or_insert_with(|| zeckendorf_blocks(limit));
                    terms[i + 1..] <= lt[..]
                }
            };
            above && within
        })
        .collect()
}

/// The plain walk, one index at a time: the reference the block walk is tested against.
#[cfg(test)]
fn zeckendorf_walk_plain(n: &Nat, limit: &Nat) -> (Vec<u64>, Vec<bool>) {
    if n.is_zero() {
        return (Vec::new(), Vec::new());
    }
    // (lo, hi) = (F_{k−1}, F_k) with F_{k−1} ≤ n < F_k.
    let (top, below, at) = top_term(n);
    let (mut lo, mut hi, mut k) = (at.clone(), below + at, top + 1);
    // Walk down, in place, taking each term that fits.
    let mut rest = n.clone();
    let (mut terms, mut cuts) = (Vec::new(), Vec::new());
    // After F_k is taken the rest is below F_{k−1} (the greedy rest of a number below
    // F_{k+1}), so the next index is passed without comparing: for F_K − 1 that comparison
    // was a tie to within 1, read over the whole length at every other step.
    let mut skip = false;
    while k > 2 && !rest.is_zero() {
        // (lo, hi) = (F_{k−2}, F_{k−1}).
        hi -= &lo;
        std::mem::swap(&mut lo, &mut hi);
        k -= 1;
        if std::mem::take(&mut skip) {
            debug_assert!(rest < hi);
        } else if hi <= rest {
            rest -= &hi;
            terms.push(k);
            let above = more_than_twice(&hi, &rest);
            cuts.push(!rest.is_zero() && rest <= *limit && above);
            skip = true;
        }
    }
    (terms, cuts)
}

#[cfg(test)]
/// Whether `a > 2·b`, by lengths, then by the leading 64 bits, and only when those tie by
/// building 2·b (a walk that built it at every term took twice as long).
fn more_than_twice(a: &Nat, b: &Nat) -> bool {
    let (la, lb) = (a.bits(), b.bits() + 1);
    if la != lb || la < 66 {
        return la > lb || la == lb && *a > (b << 1u32);
    }
    // Bits la − 64 .. la of a, and of 2·b (bits la − 65 .. la − 1 of b).
    let window = |x: &Nat, from: u64| {
        let mut words = x.iter_u64_digits();
        let (w, off) = (usize::try_from(from / 64).unwrap_or(usize::MAX), from % 64);
        let low = words.nth(w).unwrap_or(0);
        let high = words.next().unwrap_or(0);
        if off == 0 {
            low
        } else {
            low >> off | high << (64 - off)
        }
    };
    match window(a, la - 64).cmp(&window(b, la - 65)) {
        std::cmp::Ordering::Equal => *a > (b << 1u32),
        order => order == std::cmp::Ordering::Greater,
    }
}

/// (F_k, F_{k+1}) by doubling: F_{2j} = F_j·(2F_{j+1} − F_j), F_{2j+1} = F_j² + F_{j+1}²
/// (F_0 = 0, F_1 = F_2 = 1), O(log k) multiplications.
fn fibonacci_pair(k: u64) -> (Nat, Nat) {
    let (mut a, mut b) = (Nat::zero(), Nat::one());
    for i in (0..u64::BITS - k.leading_zeros()).rev() {
        let c = &a * (&b * 2u32 - &a);
        let d = &a * &a + &b * &b;
        (a, b) = if k >> i & 1 == 1 {
            (d.clone(), c + d)
        } else {
            (c, d)
        };
    }
    (a, b)
}

/// The values F_k of `indices` (in increasing order): a short gap is walked, one addition a
/// step; a long one is jumped by doubling.
fn fibonacci_values(indices: impl IntoIterator<Item = u64>) -> impl Iterator<Item = Nat> {
    // (lo, hi) = (F_{k−1}, F_k).
    let (mut lo, mut hi, mut k) = (Nat::one(), Nat::one(), 2u64);
    indices.into_iter().map(move |want| {
        if want > k + 64 {
            (lo, hi) = fibonacci_pair(want - 1);
            k = want;
        }
        while k < want {
            lo += &hi;
            std::mem::swap(&mut lo, &mut hi);
            k += 1;
        }
        hi.clone()
    })
}

/// The Zeckendorf terms of `n`, largest first.
///
/// ```
/// use grundy::games::fibonacci::zeckendorf;
/// use grundy::Nat;
/// let terms: Vec<u32> = zeckendorf(&Nat::from(100u32)).iter().map(|t| t.try_into().unwrap()).collect();
/// assert_eq!(terms, [89, 8, 3]);
/// ```
pub fn zeckendorf(n: &Nat) -> Vec<Nat> {
    let indices = zeckendorf_indices(n);
    let mut values: Vec<Nat> = fibonacci_values(indices.iter().rev().copied()).collect();
    values.reverse();
    values
}

fn after_take(n: &Nat, t: &Nat) -> FibPos {
    let rest = n - t;
    let twice = t * 2u32;
    FibPos {
        limit: Some(twice.min(rest.clone())),
        n: rest,
    }
}

/// The registry's entry: names, parameters and notation of the game.
pub static ENTRY: Entry = Entry {
    info: &INFO,
    about: "Fibonacci Nim: take at most twice the opponent's last take.",
    params: &[],
    position: PositionSpec {
        value_name: "N [L]",
        help: "The heap, and optionally the most the mover may take now.",
    },
    build: |_| super::boxed(Fibonacci),
    sequence: None,
};

impl Ruleset for Fibonacci {
    type Pos = FibPos;

    fn options(&self, p: &FibPos) -> Result<Vec<FibPos>, GameError> {
        super::listable(super::f(&p.max_take()), &Ruleset::name(self))?;
        Ok(Game::moves(self, p))
    }

    fn info(&self) -> &'static GameInfo {
        &INFO
    }

    fn parse(&self, args: &[&str]) -> Result<FibPos, GameError> {
        match args {
            [n] => Ok(FibPos {
                n: parse_nat(n, "heap")?,
                limit: None,
            }),
            [n, l] => Ok(FibPos {
                n: parse_nat(n, "heap")?,
                limit: Some(parse_nat(l, "limit")?),
            }),
            _ => Err(GameError::WrongCount {
                game: "fibonacci".into(),
                expected: "a heap N and optionally the limit L".into(),
                got: args.len(),
            }),
        }
    }

    fn tokens(&self, p: &FibPos) -> Vec<Token> {
        let mut t = vec![Token::Int(p.n.clone())];
        if let Some(l) = &p.limit {
            t.push(Token::Int(l.clone()));
        }
        t
    }

    fn verdict(&self, p: &FibPos) -> Result<Verdict<'_, FibPos>, GameError> {
        let max = p.max_take();
        // Indices of the terms, smallest first; values are computed walking up (or jumping),
        // only as far as needed, and no number is turned into decimal but those printed.
        let (mut indices, mut cuts) = zeckendorf_walk(&p.n, &max);
        indices.reverse();
        cuts.reverse();
        let count = indices.len();
        let smallest = indices.first().and_then(|&k| fibonacci_values([k]).next());
        // The player to move wins exactly when the smallest term is at most the limit.
        let win = smallest.as_ref().is_some_and(|s| *s <= max);
        let shown: Vec<String> = if count <= 12 {
            let mut v: Vec<String> = fibonacci_values(indices.clone())
                .map(|t| t.to_string())
                .collect();
            v.reverse();
            v
        } else {
            Vec::new()
        };
        // The winning takes are sums of the smallest j terms: what remains is the sum of the
        // larger terms, its own Zeckendorf representation, whose smallest term must be more
        // than twice the take. `good[j − 1]` says whether the sum of the smallest j is one
        // (the walk decided it beside the next term up; taking everything wins when allowed).
        // Lazily: only the moves that are listed are summed.
        let mut good: Vec<bool> = cuts.into_iter().skip(1).collect();
        good.push(p.n <= max && !p.n.is_zero());
        let n = p.n.clone();
        let mut values = fibonacci_values(indices);
        let (mut t, mut summed) = (Nat::zero(), 0usize);
        let winning = std::iter::from_fn(move || {
            let j = summed + 1 + good.get(summed..)?.iter().position(|&g| g)?;
            while summed < j {
                t += values.next()?;
                summed += 1;
            }
            Some(Move::new(after_take(&n, &t), format!("take {t}")))
        });
        let explanation = if p.n.is_zero() {
            "Fibonacci Nim with no tokens left: the opponent took the last one and won.".into()
        } else {
            format!(
                "Zeckendorf's theorem writes {} = {}; the player to move wins exactly when the \
                 smallest term is at most the most they may take now. Here {}, {}.",
                p.n,
                if count <= 12 {
                    shown.join(" + ")
                } else {
                    format!("a sum of {count} non-consecutive Fibonacci numbers")
                },
                {
                    let s = smallest.as_ref().expect("n > 0");
                    if win {
                        format!("{s} ≤ {max}")
                    } else {
                        format!("{s} > {max}")
                    }
                },
                if win {
                    "so the player to move wins: taking it leaves a smallest term more than \
                     twice as large"
                } else {
                    "so the player to move loses: any take leaves the opponent able to take the \
                     new smallest term"
                }
            )
        };
        Ok(Verdict {
            search: None,
            partial: false,
            outcome: Outcome::from_win(win),
            grundy: small_grundy(p).map(Nat::from),
            winning: Box::new(winning),
            explanation,
        })
    }

    fn table_shape(&self) -> Option<TableShape> {
        Some(TableShape::Row {
            axis: "N",
            first: 1,
        })
    }

    fn table_position(&self, c: &[u64]) -> Result<Option<FibPos>, GameError> {
        Ok(Some(FibPos {
            n: Nat::from(c[0]),
            limit: None,
        }))
    }
}

/// Heaps up to which Grundy values are computed (quadratic time and memory).
const GRUNDY_MAX_N: usize = 2000;

/// g(n, l) for l ≤ n by increasing l: the options of (n, l) are those of (n, l − 1) plus
/// taking l, so the mex is maintained incrementally; O(N²) in all. The rows depend on nothing
/// but n, so they are computed once per process and extended on demand.
fn small_grundy(p: &FibPos) -> Option<u64> {
    static ROWS: Mutex<Vec<Vec<u16>>> = Mutex::new(Vec::new());
    let n = small(&p.n).filter(|&n| n <= GRUNDY_MAX_N)?;
    let l = small(&p.max_take())?;
    // rows[m][k] = g(m, k) for k ≤ m.
    let mut rows = ROWS.lock().unwrap_or_else(|e| e.into_inner());
    for m in rows.len()..=n {
        let mut row = vec![0u16; m + 1];
        let mut seen = vec![false; m + 2];
        let mut mex = 0usize;
        for k in 1..=m {
            let rest = m - k;
            let v = rows[rest][(2 * k).min(rest)] as usize;
            seen[v] = true;
            while seen[mex] {
                mex += 1;
            }
            row[k] = mex as u16;
        }
        rows.push(row);
    }
    Some(rows[n][l] as u64)
}

impl Game for Fibonacci {
    type Position = FibPos;

    fn moves(&self, p: &FibPos) -> Vec<FibPos> {
        let max = p.max_take();
        let mut out = Vec::new();
        let mut t = Nat::one();
        while t <= max {
            out.push(after_take(&p.n, &t));
            t += 1u32;
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::{check_all, nat, Grundy};
    use proptest::prelude::*;

    /// The block walk (with cuts from indices) is the plain walk, on every heap and limit up
    /// to 3000, on the numbers next to Fibonacci numbers and their sums up to 10⁴ digits (the
    /// near ties), and on random numbers of up to 4000 bits with random limits below.
    #[test]
    fn the_block_walk_is_the_plain_walk() {
        let check = |n: &Nat, limit: &Nat| {
            assert_eq!(
                zeckendorf_walk(n, limit),
                zeckendorf_walk_plain(n, limit),
                "n = {n}, limit = {limit}"
            );
        };
        for n in 0..=3000u32 {
            for limit in [0, 1, 2, n / 3, n / 2, n.saturating_sub(1), n, 2 * n] {
                check(&nat(n.into()), &nat(limit.into()));
            }
        }
        let (mut a, mut b) = (Nat::one(), Nat::one());
        for k in 0..48_000u32 {
            (a, b) = (b.clone(), a + &b);
            if k % 997 == 0 || k < 400 {
                for n in [&b - 1u32, b.clone(), &b + 1u32, &b + &a - 1u32, &b * 2u32] {
                    for limit in [&n - 1u32, &a - 1u32, a.clone(), &n / 3u32] {
                        check(&n, &limit);
                    }
                }
            }
        }
        // F_2 + F_4 + F_6 + … (every gap 2) and F_2 + F_5 + F_8 + … (every gap 3), long.
        for step in [2u64, 3, 4] {
            let mut n = Nat::zero();
            for k in (2..6000).step_by(step as usize) {
                n += fibonacci_values([k]).next().unwrap();
            }
            for limit in [&n - 1u32, &n / 7u32, Nat::from(5u32)] {
                check(&n, &limit);
            }
        }
    }

    proptest! {
        #[test]
        fn the_block_walk_is_the_plain_walk_on_random_numbers(
            words in proptest::collection::vec(any::<u64>(), 1..64),
            cut in 0u32..100,
        ) {
            let n = Nat::from_slice(
                &words.iter().flat_map(|w| [*w as u32, (*w >> 32) as u32]).collect::<Vec<_>>(),
            );
            let limit = &n * cut / 100u32;
            prop_assert_eq!(zeckendorf_walk(&n, &limit), zeckendorf_walk_plain(&n, &limit));
        }
    }

    #[test]
    fn matches_brute_force_on_all_small_positions() {
        let mut ps: Vec<FibPos> = (0..=60u64)
            .map(|n| FibPos {
                n: nat(n),
                limit: None,
            })
            .collect();
        for n in 0..=40u64 {
            for l in 0..=n + 2 {
                ps.push(FibPos {
                    n: nat(n),
                    limit: Some(nat(l)),
                });
            }
        }
        check_all(&Fibonacci, ps, Grundy::Required);
    }

    proptest! {
        #[test]
        fn more_than_twice_is_the_comparison(a in "[1-9][0-9]{0,60}", b in "[0-9]{1,60}", lift in 0u32..3) {
            let a: Nat = a.parse().unwrap();
            let b: Nat = b.parse().unwrap();
            // Also pairs whose leading bits tie: a = 2b + lift − 1.
            let near = (&b << 1u32) + lift;
            let near = if near.is_zero() { near } else { near - 1u32 };
            prop_assert_eq!(more_than_twice(&a, &b), a > (&b << 1u32));
            prop_assert_eq!(more_than_twice(&near, &b), near > (&b << 1u32));
        }
    }

    /// The two-number walk gives the greedy representation over a table, for every n ≤ 5000.
    #[test]
    fn zeckendorf_by_the_walk_matches_the_greedy_table() {
        let mut fibs = vec![1u64, 2];
        while *fibs.last().unwrap() <= 5000 {
            let k = fibs.len();
            fibs.push(fibs[k - 1] + fibs[k - 2]);
        }
        for n in 0..=5000u64 {
            let mut rest = n;
            let mut want = Vec::new();
            for &f in fibs.iter().rev() {
                if f <= rest {
                    rest -= f;
                    want.push(nat(f));
                }
            }
            assert_eq!(zeckendorf(&nat(n)), want, "{n}");
        }
    }

    #[test]
    fn first_move_loses_exactly_on_fibonacci_numbers() {
        // The P/N row for N = 2..20 and its samples 2, 13 (second wins), 10000 (first).
        let row: String = (2..=20u64)
            .map(|n| {
                let v = Fibonacci
                    .verdict(&FibPos {
                        n: nat(n),
                        limit: None,
                    })
                    .unwrap();
                if v.outcome == Outcome::P {
                    'p'
                } else {
                    'n'
                }
            })
            .collect();
        assert_eq!(row, "ppnpnnpnnnnpnnnnnnn");
        let v = Fibonacci
            .verdict(&FibPos {
                n: nat(10000),
                limit: None,
            })
            .unwrap();
        assert_eq!(v.outcome, Outcome::N);
    }

    proptest! {
        #[test]
        fn huge_heaps_winning_moves_reach_p(n in "[1-9][0-9]{0,60}", l in "[1-9][0-9]{0,60}") {
            let p = FibPos { n: n.parse().unwrap(), limit: Some(l.parse().unwrap()) };
            let v = Fibonacci.verdict(&p).unwrap();
            let moves: Vec<_> = v.winning.collect();
            prop_assert_eq!(moves.is_empty(), v.outcome == Outcome::P);
            for m in moves {
                let after = Fibonacci.verdict(&m.to).unwrap();
                prop_assert_eq!(after.outcome, Outcome::P);
                let sum: Nat = zeckendorf(&p.n).iter().sum();
                prop_assert_eq!(sum, p.n.clone());
            }
        }
    }
}
