//! Dyadic rationals m/2^k: the numbers that short games are worth.

use num_bigint::BigInt;
use num_traits::{One, Signed, ToPrimitive};
use std::cmp::Ordering;
use std::fmt;

/// A dyadic rational `num / 2^exp`, exact at any size, kept in lowest terms (`num` odd, or
/// `exp` 0).
///
/// A numerator that fits a machine word is held as one (no allocation: the stops of every
/// game in a universe are dyadics), a larger one as a big integer; arithmetic moves between
/// the two as results need.
///
/// ```
/// use grundy::cgt::Dyadic;
/// let big: Dyadic = "-1823437481924".parse().unwrap();
/// let x = &big + &Dyadic::new(3, 2);
/// assert_eq!(x.to_string(), "-7293749927693/4");
/// let huge: Dyadic = "123456789012345678901234567890".parse().unwrap();
/// assert_eq!((&huge + &huge).to_string(), "246913578024691357802469135780");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Dyadic {
    num: Num,
    exp: u32,
}

/// A numerator: a word when it fits one (always then), else a big integer.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Num {
    Small(i64),
    Big(Box<BigInt>),
}

impl Num {
    fn big(&self) -> BigInt {
        match self {
            Num::Small(n) => BigInt::from(*n),
            Num::Big(b) => (**b).clone(),
        }
    }
}

impl Dyadic {
    /// Zero.
    pub const ZERO: Dyadic = Dyadic {
        num: Num::Small(0),
        exp: 0,
    };

    /// `num / 2^exp` in lowest terms.
    pub fn new(num: i64, exp: u32) -> Dyadic {
        if num == 0 {
            return Dyadic::ZERO;
        }
        let shift = num.trailing_zeros().min(exp);
        Dyadic {
            num: Num::Small(num >> shift),
            exp: exp - shift,
        }
    }

    /// `num / 2^exp` in lowest terms, for a numerator of any size.
    pub fn from_big(num: BigInt, exp: u32) -> Dyadic {
        let Some(zeros) = num.trailing_zeros() else {
            return Dyadic::ZERO;
        };
        let shift = u32::try_from(zeros).unwrap_or(u32::MAX).min(exp);
        let num = if shift > 0 { num >> shift } else { num };
        let exp = exp - shift;
        match num.to_i64() {
            Some(n) => Dyadic {
                num: Num::Small(n),
                exp,
            },
            None => Dyadic {
                num: Num::Big(Box::new(num)),
                exp,
            },
        }
    }

    /// An integer.
    pub fn int(n: i64) -> Dyadic {
        Dyadic {
            num: Num::Small(n),
            exp: 0,
        }
    }

    /// The numerator (in lowest terms).
    pub fn numerator(&self) -> BigInt {
        self.num.big()
    }

    /// The value as a machine word, if it is an integer that fits one.
    pub fn to_i64(&self) -> Option<i64> {
        match (&self.num, self.exp) {
            (Num::Small(n), 0) => Some(*n),
            _ => None,
        }
    }

    /// The exponent of the denominator 2^exp (in lowest terms).
    pub fn exponent(&self) -> u32 {
        self.exp
    }

    /// The nearest `f64`, for drawing (answers stay exact).
    pub fn to_f64(&self) -> f64 {
        let n = match &self.num {
            Num::Small(n) => *n as f64,
            Num::Big(b) => b.to_f64().unwrap_or(f64::NAN),
        };
        n * 2f64.powi(-(self.exp.min(2000) as i32))
    }

    /// Whether it is an integer.
    pub fn is_integer(&self) -> bool {
        self.exp == 0
    }

    /// Whether it is below zero.
    pub fn is_negative(&self) -> bool {
        match &self.num {
            Num::Small(n) => *n < 0,
            Num::Big(b) => b.is_negative(),
        }
    }

    /// `2^-exp`, the unit of a denominator.
    pub fn unit(exp: u32) -> Dyadic {
        Dyadic {
            num: Num::Small(1),
            exp,
        }
    }

    /// Half of it.
    pub fn half(&self) -> Dyadic {
        match self.num {
            Num::Small(0) => Dyadic::ZERO,
            _ => Dyadic {
                num: self.num.clone(),
                exp: self.exp + 1,
            },
        }
    }

    /// ⌊x⌋, an integer.
    pub fn floor(&self) -> Dyadic {
        match &self.num {
            Num::Small(n) if self.exp < 64 => Dyadic::int(n >> self.exp),
            Num::Small(n) => Dyadic::int(if *n < 0 { -1 } else { 0 }),
            Num::Big(b) => Dyadic::from_big(b.as_ref() >> self.exp, 0),
        }
    }

    /// ⌈x⌉, an integer.
    pub fn ceil(&self) -> Dyadic {
        -(-self).floor()
    }

    /// Whether the absolute value is at most `bound`.
    pub fn abs_at_most(&self, bound: u64) -> bool {
        match (&self.num, self.exp) {
            (Num::Small(n), 0) => n.unsigned_abs() <= bound,
            _ => self.floor().abs_at_most(bound) && self.ceil().abs_at_most(bound),
        }
    }

    /// The simplest number strictly between `lo` and `hi` (`lo < hi`; `None` for either
    /// side means no bound): the integer nearest 0 if there is one, else the one with the
    /// smallest denominator. This is the value of the game `{lo | hi}` (the simplicity rule).
    pub fn simplest_between(lo: Option<&Dyadic>, hi: Option<&Dyadic>) -> Dyadic {
        let one = Dyadic::int(1);
        // Integers strictly between: from `first` to `last`.
        let first = lo.map(|l| &l.floor() + &one);
        let last = hi.map(|h| &h.ceil() - &one);
        let zero = Dyadic::ZERO;
        match (first, last) {
            (None, None) => return zero,
            (Some(a), None) => return if a.is_negative() { zero } else { a },
            (None, Some(b)) => return if b.is_negative() { b } else { zero },
            (Some(a), Some(b)) if a <= b => {
                return if a > zero {
                    a
                } else if b < zero {
                    b
                } else {
                    zero
                }
            }
            _ => {}
        }
        // No integer between: both lie in one interval [n, n + 1]; the first grid of
        // 2^-exp with a point strictly between gives it.
        let (lo, hi) = (lo.expect("bounded"), hi.expect("bounded"));
        let mut exp = 1;
        loop {
            // The smallest multiple of 2^-exp above lo.
            // ⌊lo · 2^exp⌋ + 1 (a shift right rounds towards −∞).
            let grid = ((lo.num.big() << exp) >> lo.exp) + 1;
            let candidate = Dyadic::from_big(grid, exp);
            if &candidate < hi {
                return candidate;
            }
            exp += 1;
        }
    }

    /// `(a, b, exp)`: both numerators over the larger denominator, as big integers.
    fn common_big(&self, other: &Dyadic) -> (BigInt, BigInt, u32) {
        let exp = self.exp.max(other.exp);
        (
            self.num.big() << (exp - self.exp),
            other.num.big() << (exp - other.exp),
            exp,
        )
    }

    /// Both numerators over the larger denominator, when they fit 128 bits.
    fn common_small(&self, other: &Dyadic) -> Option<(i128, i128, u32)> {
        let (Num::Small(a), Num::Small(b)) = (&self.num, &other.num) else {
            return None;
        };
        let exp = self.exp.max(other.exp);
        let (sa, sb) = (exp - self.exp, exp - other.exp);
        if sa > 62 || sb > 62 {
            return None;
        }
        Some((i128::from(*a) << sa, i128::from(*b) << sb, exp))
    }

    fn from_i128(n: i128, exp: u32) -> Dyadic {
        match i64::try_from(n) {
            Ok(n) => Dyadic::new(n, exp),
            Err(_) => Dyadic::from_big(BigInt::from(n), exp),
        }
    }
}

impl std::str::FromStr for Dyadic {
    type Err = String;

    /// An integer or `m/2^k` in decimal (`-3`, `5/8`), of any size.
    fn from_str(text: &str) -> Result<Dyadic, String> {
        let bad = || format!("'{text}' is not a dyadic rational");
        let (num, den) = text.split_once('/').unwrap_or((text, "1"));
        let num: BigInt = num.parse().map_err(|_| bad())?;
        let den: BigInt = den.parse().map_err(|_| bad())?;
        let exp = den
            .trailing_zeros()
            .filter(|&z| den.is_positive() && den.bits() == z + 1);
        let exp = u32::try_from(exp.ok_or_else(bad)?).map_err(|_| bad())?;
        Ok(Dyadic::from_big(num, exp))
    }
}

impl std::ops::Add<&Dyadic> for &Dyadic {
    type Output = Dyadic;

    fn add(self, other: &Dyadic) -> Dyadic {
        if let Some((a, b, exp)) = self.common_small(other) {
            return Dyadic::from_i128(a + b, exp);
        }
        let (a, b, exp) = self.common_big(other);
        Dyadic::from_big(a + b, exp)
    }
}

impl std::ops::Sub<&Dyadic> for &Dyadic {
    type Output = Dyadic;

    fn sub(self, other: &Dyadic) -> Dyadic {
        self + &-other
    }
}

impl std::ops::Add for Dyadic {
    type Output = Dyadic;

    fn add(self, other: Dyadic) -> Dyadic {
        &self + &other
    }
}

impl std::ops::Sub for Dyadic {
    type Output = Dyadic;

    fn sub(self, other: Dyadic) -> Dyadic {
        &self - &other
    }
}

impl std::ops::Mul<&Dyadic> for &Dyadic {
    type Output = Dyadic;

    fn mul(self, other: &Dyadic) -> Dyadic {
        let exp = self.exp.saturating_add(other.exp);
        if let (Num::Small(a), Num::Small(b)) = (&self.num, &other.num) {
            return Dyadic::from_i128(i128::from(*a) * i128::from(*b), exp);
        }
        Dyadic::from_big(self.num.big() * other.num.big(), exp)
    }
}

impl std::ops::Neg for &Dyadic {
    type Output = Dyadic;

    fn neg(self) -> Dyadic {
        match &self.num {
            Num::Small(n) => match n.checked_neg() {
                Some(m) => Dyadic {
                    num: Num::Small(m),
                    exp: self.exp,
                },
                None => Dyadic::from_big(-BigInt::from(*n), self.exp),
            },
            Num::Big(b) => Dyadic::from_big(-b.as_ref().clone(), self.exp),
        }
    }
}

impl std::ops::Neg for Dyadic {
    type Output = Dyadic;

    fn neg(self) -> Dyadic {
        -&self
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Dyadic) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Dyadic {
    fn cmp(&self, other: &Dyadic) -> Ordering {
        if let Some((a, b, _)) = self.common_small(other) {
            return a.cmp(&b);
        }
        let (a, b, _) = self.common_big(other);
        a.cmp(&b)
    }
}

impl fmt::Display for Dyadic {
    /// `3`, `-1`, `3/8`, as CGSuite writes numbers.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.num {
            Num::Small(n) => write!(f, "{n}")?,
            Num::Big(b) => write!(f, "{b}")?,
        }
        match self.exp {
            0 => Ok(()),
            e if e < 64 => write!(f, "/{}", 1u64 << e),
            e => write!(f, "/{}", BigInt::one() << e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(n: i64, e: u32) -> Dyadic {
        Dyadic::new(n, e)
    }

    #[test]
    fn lowest_terms_order_and_sums() {
        assert_eq!(d(4, 3), d(1, 1));
        assert_eq!(d(6, 2).to_string(), "3/2");
        assert_eq!(d(-3, 3).to_string(), "-3/8");
        assert!(d(-1, 1) < Dyadic::ZERO && d(3, 2) < Dyadic::int(1));
        assert_eq!(d(1, 1) + d(1, 1), Dyadic::int(1));
        assert_eq!(d(3, 3) + d(-1, 2), d(1, 3));
        assert_eq!(d(-3, 1).floor(), Dyadic::int(-2));
        assert_eq!(d(-3, 1).ceil(), Dyadic::int(-1));
    }

    #[test]
    fn numbers_of_any_size() {
        let big = |t: &str| t.parse::<Dyadic>().unwrap();
        let huge = big("123456789012345678901234567890");
        assert_eq!((&huge - &huge), Dyadic::ZERO);
        assert_eq!(
            (&huge + &Dyadic::int(1)).to_string(),
            "123456789012345678901234567891"
        );
        assert!(huge > Dyadic::int(i64::MAX) && -&huge < Dyadic::int(i64::MIN));
        // i64::MIN negated no longer fits a word.
        assert_eq!((-Dyadic::int(i64::MIN)).to_string(), "9223372036854775808");
        assert_eq!(
            (-Dyadic::int(i64::MIN)) + Dyadic::int(i64::MIN),
            Dyadic::ZERO
        );
        // Fine denominators.
        let tiny = Dyadic::unit(100);
        assert_eq!(tiny.to_string(), "1/1267650600228229401496703205376");
        assert!(tiny > Dyadic::ZERO && tiny < Dyadic::unit(99));
        assert_eq!(tiny.half(), Dyadic::unit(101));
        assert_eq!(&tiny + &tiny, Dyadic::unit(99));
        assert_eq!(big("-7/8").floor(), Dyadic::int(-1));
        assert_eq!(
            (-&huge).half().floor(),
            big("-61728394506172839450617283945")
        );
        assert_eq!(big("5/4").to_string(), "5/4");
        assert_eq!(&big("3/4") * &big("-2"), big("-3/2"));
        assert_eq!(
            (&huge * &huge).to_string(),
            "15241578753238836750495351562536198787501905199875019052100"
        );
        assert!("3/6".parse::<Dyadic>().is_err() && "x".parse::<Dyadic>().is_err());
        let s = |lo: &Dyadic, hi: &Dyadic| Dyadic::simplest_between(Some(lo), Some(hi));
        assert_eq!(
            s(&huge, &(&huge + &Dyadic::int(1))),
            &huge + &Dyadic::new(1, 1)
        );
        assert_eq!(s(&tiny, &Dyadic::unit(98)), Dyadic::unit(98).half());
        assert_eq!(s(&-&huge, &huge), Dyadic::ZERO);
        assert_eq!(
            Dyadic::simplest_between(Some(&huge), None),
            &huge + &Dyadic::int(1)
        );
    }

    #[test]
    fn the_simplest_number_between() {
        let s = |lo: Option<Dyadic>, hi: Option<Dyadic>| {
            Dyadic::simplest_between(lo.as_ref(), hi.as_ref())
        };
        assert_eq!(s(None, None), Dyadic::ZERO);
        assert_eq!(s(Some(Dyadic::int(0)), None), Dyadic::int(1));
        assert_eq!(s(Some(Dyadic::int(-5)), None), Dyadic::ZERO);
        assert_eq!(s(None, Some(Dyadic::int(-2))), Dyadic::int(-3));
        assert_eq!(s(Some(Dyadic::int(0)), Some(Dyadic::int(1))), d(1, 1));
        assert_eq!(s(Some(d(1, 1)), Some(Dyadic::int(1))), d(3, 2));
        assert_eq!(s(Some(d(-1, 1)), Some(d(3, 1))), Dyadic::ZERO);
        assert_eq!(s(Some(d(1, 2)), Some(d(3, 2))), d(1, 1));
        assert_eq!(s(Some(d(1, 3)), Some(d(3, 3))), d(1, 2));
        assert_eq!(s(Some(d(-3, 2)), Some(d(-1, 2))), d(-1, 1));
        assert_eq!(
            s(Some(Dyadic::int(2)), Some(Dyadic::int(5))),
            Dyadic::int(3)
        );
    }
}
