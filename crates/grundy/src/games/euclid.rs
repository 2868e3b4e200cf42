//! Euclid's game: subtract a positive multiple of the smaller number from the larger.

use crate::analysis::{Move, Token, Verdict};
use crate::nat::parse_nat;
use crate::registry::{Entry, PositionSpec};
use crate::rules::{GameInfo, Ruleset, TableShape};
use crate::solver::Game;
use crate::{GameError, Nat, Outcome};
use num_integer::Integer;
use num_traits::{One, Zero};

/// Euclid's game.
#[derive(Clone, Copy, Debug, Default)]
pub struct Euclid;

/// Description of Euclid's game.
pub static INFO: GameInfo = GameInfo {
    name: "euclid",
    title: "Euclid's game",
    summary: "subtract a multiple of the smaller number from the larger; reach 0 to win",
    usage: "euclid A B",
    example: "euclid 25 7",
    rules: "Two whole numbers. A move subtracts a positive multiple of the smaller from the \
            larger, which must stay ≥ 0. The player who makes a number 0 wins (a position with a \
            0 is over: the player to move has lost).",
    theory: "With a ≥ b > 0 write a = qb + r, 0 ≤ r < b. The options are (r + jb, b) for \
             j = 0..q − 1, and each (r + jb, b) with j ≥ 1 has exactly the options with smaller j, \
             so their Grundy values are the mex-closure of the value v = G(b, r) of (r, b): \
             G(a, b) = q when r = 0 (the options are 0, 1, …, q − 1); otherwise G(a, b) = q − 1 \
             if q ≤ v and q if q > v. This recursion follows the Euclidean algorithm, so it is \
             exact and fast at any size. Consequently the player to move loses exactly when \
             b < a < φ·b (φ the golden ratio): a ≥ 2b or a = b always wins.",
    source: "A. J. Cole, A. J. T. Davie, A game based on the Euclidean algorithm and a winning \
             strategy for it, Mathematical Gazette 53 (1969) 354–357 (outcomes). The Grundy \
             recursion above follows from the mex rule as shown (and is checked against brute \
             force); compare G. Nivasch, The Sprague–Grundy function of the game Euclid, \
             Discrete Mathematics 306 (2006) 2798–2800, for the variant without zeros.",
};

/// The Grundy value of (a, b), by the recursion along the Euclidean algorithm.
pub fn grundy(a: &Nat, b: &Nat) -> Nat {
    let (big, small) = if a >= b { (a, b) } else { (b, a) };
    fold(&quotients(big, small))
}

/// A quotient of the Euclidean algorithm: almost all fit in a word.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Quotient {
    Small(u64),
    Big(Nat),
}

impl Quotient {
    fn of(q: Nat) -> Self {
        u64::try_from(&q).map_or(Quotient::Big(q), Quotient::Small)
    }

    fn nat(&self) -> Nat {
        match self {
            Quotient::Small(q) => Nat::from(*q),
            Quotient::Big(q) => q.clone(),
        }
    }

    fn le(&self, other: &Quotient) -> bool {
        match (self, other) {
            (Quotient::Small(x), Quotient::Small(y)) => x <= y,
            (x, y) => x.nat() <= y.nat(),
        }
    }

    fn minus_one(&self) -> Quotient {
        match self {
            Quotient::Small(q) => Quotient::Small(q - 1),
            Quotient::Big(q) => Quotient::of(q - 1u32),
        }
    }
}

/// The 63 bits of `x` from bit `s` up.
fn bits_from(x: &Nat, s: u64) -> i128 {
    (0..63).fold(0, |acc, i| acc | i128::from(x.bit(s + i)) << i)
}

/// `x·u + y·v` where the result is known to be ≥ 0 and `x`, `y` have opposite signs (or one
/// is 0): the next numbers of the remainder sequence, from Lehmer's cosequence.
fn combine(u: &Nat, x: i128, v: &Nat, y: i128) -> Nat {
    let word = |c: i128| u64::try_from(c.unsigned_abs()).expect("cosequences fit a word");
    if y <= 0 {
        u * word(x) - v * word(y)
    } else {
        v * word(y) - u * word(x)
    }
}

/// Every quotient of the Euclidean algorithm on `a ≥ b`, by Lehmer's method (D. E. Knuth, *The
/// Art of Computer Programming* vol. 2, §4.5.2, Algorithm L): the quotients are found from the
/// leading 63 bits of both numbers as long as the two ends of the interval that holds `a/b`
/// give the same one — so they are the exact quotients — and only then are the full numbers
/// updated, once for all of them (a full division where no quotient can be read off). Two
/// numbers of 10⁵ digits take about 200,000 quotients; one full division each took 22 s.
fn quotients(a: &Nat, b: &Nat) -> Vec<Quotient> {
    let (mut u, mut v) = (a.clone(), b.clone());
    let mut out = Vec::new();
    loop {
        if v.is_zero() {
            return out;
        }
        if u.bits() <= 64 {
            let (mut x, mut y) = (
                u64::try_from(&u).unwrap_or(0),
                u64::try_from(&v).unwrap_or(0),
            );
            while y != 0 {
                out.push(Quotient::Small(x / y));
                (x, y) = (y, x % y);
            }
            return out;
        }
        let s = u.bits() - 63;
        let (mut uh, mut vh) = (bits_from(&u, s), bits_from(&v, s));
        // (uh + a1)/(vh + c1) and (uh + b1)/(vh + d1) hold u/v between them; all four stay ≥ 0.
        let (mut a1, mut b1, mut c1, mut d1) = (1i128, 0i128, 0i128, 1i128);
        while vh + c1 != 0 && vh + d1 != 0 {
            let q = (uh + a1) / (vh + c1);
            if q != (uh + b1) / (vh + d1) {
                break;
            }
            (a1, c1) = (c1, a1 - q * c1);
            (b1, d1) = (d1, b1 - q * d1);
            (uh, vh) = (vh, uh - q * vh);
            out.push(Quotient::Small(
                u64::try_from(q).expect("a quotient of 63-bit numbers"),
            ));
        }
        if b1 == 0 {
            let (q, r) = u.div_rem(&v);
            out.push(Quotient::of(q));
            (u, v) = (v, r);
        } else {
            let next = combine(&u, a1, &v, b1);
            v = combine(&u, c1, &v, d1);
            u = next;
        }
    }
}

/// The Grundy value from the quotients, folded back from the last (see the theory above).
fn fold(quotients: &[Quotient]) -> Nat {
    let mut v: Option<Quotient> = None; // None: the last step had remainder 0.
    for q in quotients.iter().rev() {
        v = Some(match v {
            Some(v) if q.le(&v) => q.minus_one(),
            _ => q.clone(),
        });
    }
    v.map_or_else(Nat::zero, |v| v.nat())
}

/// The registry's entry: names, parameters and notation of the game.
pub static ENTRY: Entry = Entry {
    info: &INFO,
    about: "Euclid's game: subtract a multiple of the smaller from the larger.",
    params: &[],
    position: PositionSpec {
        value_name: "A B",
        help: "The two numbers.",
    },
    build: |_| super::boxed(Euclid),
    sequence: None,
};

impl Ruleset for Euclid {
    type Pos = (Nat, Nat);

    fn options(&self, p: &(Nat, Nat)) -> Result<Vec<(Nat, Nat)>, GameError> {
        super::listable(
            {
                let (a, b) = (super::f(&p.0), super::f(&p.1));
                a.max(b) / a.min(b).max(1.0)
            },
            &Ruleset::name(self),
        )?;
        Ok(Game::moves(self, p))
    }

    fn info(&self) -> &'static GameInfo {
        &INFO
    }

    fn parse(&self, args: &[&str]) -> Result<(Nat, Nat), GameError> {
        match args {
            [a, b] => Ok((parse_nat(a, "number")?, parse_nat(b, "number")?)),
            _ => Err(GameError::WrongCount {
                game: "euclid".into(),
                expected: "two numbers A B".into(),
                got: args.len(),
            }),
        }
    }

    fn tokens(&self, (a, b): &(Nat, Nat)) -> Vec<Token> {
        vec![Token::Int(a.clone()), Token::Int(b.clone())]
    }

    fn verdict(&self, p: &(Nat, Nat)) -> Result<Verdict<'_, (Nat, Nat)>, GameError> {
        let (a, b) = p;
        let swapped = a < b;
        let (big, small) = if swapped { (b, a) } else { (a, b) };
        // The quotients of (small, r) are those of (big, small) after the first.
        let qs = quotients(big, small);
        let g = fold(&qs);
        let mut moves = Vec::new();
        let explanation = if small.is_zero() {
            "A number is 0: the game is over and the player to move has lost.".to_string()
        } else {
            let (q, r) = big.div_rem(small);
            let target: Option<Nat> = if r.is_zero() {
                Some(Nat::zero())
            } else if fold(&qs[1..]).is_zero() {
                Some(r.clone())
            } else if q >= Nat::from(2u32) {
                Some(&r + small)
            } else {
                None
            };
            if let Some(t) = target {
                let k = (big - &t) / small;
                let to = if swapped {
                    (a.clone(), t.clone())
                } else {
                    (t.clone(), b.clone())
                };
                moves.push(Move::new(
                    to,
                    format!(
                        "subtract {k}×{small} from {big}{}",
                        if t.is_zero() { " (making 0)" } else { "" }
                    ),
                ));
            }
            format!(
                "With {big} = {q}×{small} + {r}: {}",
                if r.is_zero() {
                    "the smaller number divides the larger, so the player to move makes 0 and wins."
                        .to_string()
                } else if q >= Nat::from(2u32) {
                    "a quotient of 2 or more always wins: the mover chooses between leaving \
                     (r, b) or (r + b, b), one of which is lost for the opponent."
                        .to_string()
                } else {
                    format!(
                        "the only move leads to ({small}, {r}), which is {} for the player who \
                         then moves (the player to move loses exactly when b < a < φ·b).",
                        if g.is_zero() { "won" } else { "lost" }
                    )
                }
            )
        };
        Ok(Verdict {
            search: None,
            partial: false,
            outcome: Outcome::from_win(!g.is_zero()),
            grundy: Some(g),
            winning: Box::new(moves.into_iter()),
            explanation,
        })
    }

    fn table_shape(&self) -> Option<TableShape> {
        Some(TableShape::Grid {
            rows: "A",
            cols: "B",
            first: 1,
        })
    }

    fn table_position(&self, c: &[u64]) -> Result<Option<(Nat, Nat)>, GameError> {
        Ok(Some((Nat::from(c[0]), Nat::from(c[1]))))
    }
}

impl Game for Euclid {
    type Position = (Nat, Nat);

    fn moves(&self, (a, b): &(Nat, Nat)) -> Vec<(Nat, Nat)> {
        let mut out = Vec::new();
        if a.is_zero() || b.is_zero() {
            return out;
        }
        let mut k = Nat::one();
        loop {
            if a >= b {
                let s = &k * b;
                if s > *a {
                    break;
                }
                out.push((a - s, b.clone()));
            } else {
                let s = &k * a;
                if s > *b {
                    break;
                }
                out.push((a.clone(), b - s));
            }
            k += 1u32;
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
        let ps = (0..=40u64).flat_map(|a| (0..=40u64).map(move |b| (nat(a), nat(b))));
        check_all(&Euclid, ps, Grundy::Required);
    }

    #[test]
    fn lost_exactly_below_the_golden_ratio() {
        // b < a < φ·b  ⟺  a² − ab − b² < 0 with a > b.
        for a in 1..300u64 {
            for b in 1..=a {
                let lost = a > b && (a * a) < a * b + b * b;
                assert_eq!(grundy(&nat(a), &nat(b)).is_zero(), lost, "({a}, {b})");
            }
        }
    }

    /// The quotients by plain long division, one step at a time.
    fn plain_quotients(a: &Nat, b: &Nat) -> Vec<Quotient> {
        let (mut a, mut b) = (a.clone(), b.clone());
        let mut out = Vec::new();
        while !b.is_zero() {
            let (q, r) = a.div_rem(&b);
            out.push(Quotient::of(q));
            (a, b) = (b, r);
        }
        out
    }

    /// Lehmer's quotients are the Euclidean algorithm's, on pairs where it reads many from
    /// the leading bits (consecutive Fibonacci numbers: every quotient 1), on pairs of very
    /// different sizes (a quotient of thousands of bits), and on equal numbers.
    #[test]
    fn lehmer_finds_the_quotients_of_long_division() {
        let (mut f, mut g) = (Nat::from(1u32), Nat::from(1u32));
        for _ in 0..3000 {
            (f, g) = (g.clone(), f + g);
        }
        let fib = quotients(&g, &f);
        assert_eq!(fib, plain_quotients(&g, &f));
        assert!(fib[..fib.len() - 1]
            .iter()
            .all(|q| *q == Quotient::Small(1)));
        let wide = (Nat::from(7u32) << 5000usize) + 12345u32;
        let qs = quotients(&wide, &Nat::from(1_000_003u32));
        assert!(matches!(qs[0], Quotient::Big(_)));
        assert_eq!(qs, plain_quotients(&wide, &Nat::from(1_000_003u32)));
        assert_eq!(quotients(&g, &g), vec![Quotient::Small(1)]);
    }

    proptest! {
        #[test]
        fn lehmer_quotients_on_random_pairs(a in "[1-9][0-9]{0,400}", b in "[1-9][0-9]{0,400}", shift in 0usize..200) {
            let a: Nat = a.parse::<Nat>().unwrap() << shift;
            let b: Nat = b.parse().unwrap();
            let (big, small) = if a >= b { (&a, &b) } else { (&b, &a) };
            prop_assert_eq!(quotients(big, small), plain_quotients(big, small));
        }
    }

    proptest! {
        #[test]
        fn huge_positions_winning_move_reaches_zero_value(a in "[1-9][0-9]{0,90}", b in "[1-9][0-9]{0,90}") {
            let p: (Nat, Nat) = (a.parse().unwrap(), b.parse().unwrap());
            let v = Euclid.verdict(&p).unwrap();
            let moves: Vec<_> = v.winning.collect();
            prop_assert_eq!(moves.is_empty(), v.outcome == Outcome::P);
            for m in moves {
                prop_assert!(grundy(&m.to.0, &m.to.1).is_zero());
                // A legal move: one number drops by a positive multiple of the other.
                let legal = if m.to.1 == p.1 {
                    m.to.0 < p.0 && p.0 >= p.1 && ((&p.0 - &m.to.0) % &p.1).is_zero()
                } else {
                    m.to.0 == p.0 && m.to.1 < p.1 && p.1 >= p.0 && ((&p.1 - &m.to.1) % &p.0).is_zero()
                };
                prop_assert!(legal);
            }
        }
    }
}
