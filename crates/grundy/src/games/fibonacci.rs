//! Fibonacci Nim: one heap; take at most twice what the opponent just took.

use crate::analysis::{Move, Token, Verdict};
use crate::catalog::{GameInfo, Ruleset, TableShape};
use crate::nat::{parse_nat, small};
use crate::registry::{Entry, PositionSpec};
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
/// opponent cannot take the new smallest term). The sum of the terms below is what is left
/// of `n` once the term is taken, so the walk decides every such move as it goes, with no
/// number built but the one it walks with.
fn zeckendorf_walk(n: &Nat, limit: &Nat) -> (Vec<u64>, Vec<bool>) {
    if n.is_zero() {
        return (Vec::new(), Vec::new());
    }
    // The largest k with F_k ≤ n, from the length of n (F_k ≈ φ^k/√5: k ≈ 1.44·bits + 1.67),
    // a little below, then (lo, hi) = (F_{k−1}, F_k) by doubling and a few steps up.
    let guess = (n.bits() * 1_440_420 / 1_000_000).saturating_sub(2).max(2);
    let (mut lo, mut hi) = fibonacci_pair(guess - 1);
    let mut k = guess;
    while hi <= *n {
        lo += &hi;
        std::mem::swap(&mut lo, &mut hi);
        k += 1;
    }
    // Now hi = F_k > n; walk down, in place, taking each term that fits.
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
