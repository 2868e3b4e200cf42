//! Dyadic rationals m/2^k: the numbers that short games are worth.

use std::cmp::Ordering;
use std::fmt;

/// A dyadic rational `num / 2^exp`, kept in lowest terms (`num` odd, or `exp` 0).
///
/// The numerator is a machine word: the forms grundy builds are far from numbers that large
/// (a number's canonical form has as many days as its size).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Dyadic {
    num: i64,
    exp: u32,
}

impl Dyadic {
    /// Zero.
    pub const ZERO: Dyadic = Dyadic { num: 0, exp: 0 };

    /// `num / 2^exp` in lowest terms.
    pub fn new(num: i64, exp: u32) -> Dyadic {
        let mut d = Dyadic { num, exp };
        while d.exp > 0 && d.num % 2 == 0 {
            d.num /= 2;
            d.exp -= 1;
        }
        if d.num == 0 {
            d.exp = 0;
        }
        d
    }

    /// An integer.
    pub fn int(n: i64) -> Dyadic {
        Dyadic { num: n, exp: 0 }
    }

    /// The numerator (in lowest terms).
    pub fn numerator(self) -> i64 {
        self.num
    }

    /// The exponent of the denominator 2^exp (in lowest terms).
    pub fn exponent(self) -> u32 {
        self.exp
    }

    /// The nearest `f64`, for drawing (answers stay exact).
    pub fn to_f64(self) -> f64 {
        self.num as f64 / (1u64 << self.exp.min(63)) as f64
    }

    /// Whether it is an integer.
    pub fn is_integer(self) -> bool {
        self.exp == 0
    }

    /// Both over the same denominator: (a, b, exp).
    fn common(self, other: Dyadic) -> Option<(i64, i64, u32)> {
        let exp = self.exp.max(other.exp);
        let a = self.num.checked_mul(1i64.checked_shl(exp - self.exp)?)?;
        let b = other.num.checked_mul(1i64.checked_shl(exp - other.exp)?)?;
        Some((a, b, exp))
    }

    /// The sum, if it fits a word.
    pub fn checked_add(self, other: Dyadic) -> Option<Dyadic> {
        let (a, b, exp) = self.common(other)?;
        Some(Dyadic::new(a.checked_add(b)?, exp))
    }

    /// The difference, if it fits a word.
    pub fn checked_sub(self, other: Dyadic) -> Option<Dyadic> {
        self.checked_add(-other)
    }

    /// Half of it.
    pub fn half(self) -> Dyadic {
        Dyadic::new(self.num, self.exp + 1)
    }

    /// ⌊x⌋.
    pub fn floor(self) -> i64 {
        self.num >> self.exp
    }

    /// The simplest number strictly between `lo` and `hi` (`lo < hi`; `None` for either
    /// side means no bound): the integer nearest 0 if there is one, else the one with the
    /// smallest denominator. This is the value of the game `{lo | hi}` (the simplicity rule).
    pub fn simplest_between(lo: Option<Dyadic>, hi: Option<Dyadic>) -> Dyadic {
        // Integers strictly between.
        let first = lo.map(|l| l.floor() + 1);
        let last = hi.map(|h| if h.is_integer() { h.num - 1 } else { h.floor() });
        match (first, last) {
            (None, None) => return Dyadic::ZERO,
            (Some(a), None) => return Dyadic::int(a.max(0)),
            (None, Some(b)) => return Dyadic::int(b.min(0)),
            (Some(a), Some(b)) if a <= b => {
                return Dyadic::int(if a > 0 {
                    a
                } else if b < 0 {
                    b
                } else {
                    0
                })
            }
            _ => {}
        }
        // No integer between: both lie in one interval (n, n + 1); halve until a point of
        // the grid falls strictly between.
        let (lo, hi) = (lo.expect("bounded"), hi.expect("bounded"));
        let mut exp = 1;
        loop {
            // The smallest multiple of 2^-exp above lo.
            let (l, _, e) = lo.common(Dyadic::new(1, exp)).expect("small");
            let step = 1i64 << (e - exp);
            let candidate = Dyadic::new((l.div_euclid(step) + 1) * step, e);
            if candidate < hi {
                return candidate;
            }
            exp += 1;
        }
    }
}

impl std::ops::Neg for Dyadic {
    type Output = Dyadic;

    fn neg(self) -> Dyadic {
        Dyadic {
            num: -self.num,
            exp: self.exp,
        }
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Dyadic) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Dyadic {
    fn cmp(&self, other: &Dyadic) -> Ordering {
        let exp = self.exp.max(other.exp);
        let a = i128::from(self.num) << (exp - self.exp);
        let b = i128::from(other.num) << (exp - other.exp);
        a.cmp(&b)
    }
}

impl fmt::Display for Dyadic {
    /// `3`, `-1`, `3/8`, as CGSuite writes numbers.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.exp == 0 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, 1u64 << self.exp)
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
        assert_eq!(d(1, 1).checked_add(d(1, 1)), Some(Dyadic::int(1)));
        assert_eq!(d(3, 3).checked_add(d(-1, 2)), Some(d(1, 3)));
        assert_eq!(d(-3, 1).floor(), -2);
    }

    #[test]
    fn the_simplest_number_between() {
        let s = |lo: Option<Dyadic>, hi: Option<Dyadic>| Dyadic::simplest_between(lo, hi);
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
