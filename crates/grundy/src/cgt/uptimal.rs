//! Uptimals: games x + d₁·↑ + d₂·`↑^<2>` + … + d_k·`↑^<k>` + *m, written x*m.d₁d₂…d_k
//! (Siegel, *Combinatorial Game Theory*, II.4; CGSuite's `UptimalExpansion`). x + n·↑ + *m
//! is one (x*m.n), and so are `↑^<k>` (0.0…01) and `↑^[k]` (0.1…1).
//!
//! A game that is not compact is recognised from its canonical form, by Siegel's description
//! of an uptimal's options (as CGSuite does it): with d_k > 0 its one Right option is
//! x*(m⊕1).(d₁−1)…(d_k−1), so the expansion follows from the Right option's, and the Left
//! options must then be exactly those the description gives; an uptimal with d_k < 0 is the
//! negative of one with d_k > 0.

use super::{Dyadic, Id, Kind, Shape, Universe};
use std::cmp::Ordering;
use std::fmt;

/// An uptimal expansion x*m.d₁d₂…d_k (no trailing zero digits).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Expansion {
    /// x.
    pub number: Dyadic,
    /// m.
    pub nimber: u32,
    /// d₁, d₂, …, d_k (d_k ≠ 0).
    pub digits: Vec<i64>,
}

impl Expansion {
    pub(super) fn new(number: Dyadic, nimber: u32, mut digits: Vec<i64>) -> Expansion {
        while digits.last() == Some(&0) {
            digits.pop();
        }
        Expansion {
            number,
            nimber,
            digits,
        }
    }

    /// d_n (from 1), 0 past the end.
    fn digit(&self, n: usize) -> i64 {
        n.checked_sub(1)
            .and_then(|i| self.digits.get(i))
            .copied()
            .unwrap_or(0)
    }

    fn len(&self) -> usize {
        self.digits.len()
    }

    /// One more in each of the first `to` digits (digits past the end become 1), the nimber
    /// ⊕ 1 when `star`.
    fn increment(&self, star: bool, to: usize) -> Expansion {
        let digits = (0..to.max(self.len()))
            .map(|i| self.digits.get(i).copied().unwrap_or(0) + i64::from(i < to))
            .collect();
        Expansion::new(self.number.clone(), self.nimber ^ u32::from(star), digits)
    }

    /// The first `n` digits.
    fn truncate(&self, n: usize) -> Expansion {
        let digits = self.digits[..n.min(self.len())].to_vec();
        Expansion::new(self.number.clone(), self.nimber, digits)
    }

    /// The first `n` digits, and no nimber when none is left.
    fn sharply_truncate(&self, n: usize) -> Expansion {
        let t = self.truncate(n);
        if t.digits.is_empty() {
            Expansion::new(t.number, 0, Vec::new())
        } else {
            t
        }
    }

    /// Where the last digit at most `v` is (from 1), 0 if none is.
    fn rightmost_at_most(&self, v: i64) -> usize {
        self.digits
            .iter()
            .rposition(|&d| d <= v)
            .map_or(0, |i| i + 1)
    }

    /// Whether the game is confused with its number part (CGSuite's `isConfused`).
    fn confused(&self) -> bool {
        if self.nimber == 0 {
            return false;
        }
        if self.digit(1) == 0 {
            return true;
        }
        if self.nimber >= 2 {
            return false;
        }
        let positive = self.digit(1) > 0;
        for &d in &self.digits {
            if positive && d > 1 || !positive && d < -1 {
                return false;
            }
            if positive && d < 1 || !positive && d > -1 {
                return true;
            }
        }
        true
    }

    pub(super) fn negate(&self) -> Expansion {
        Expansion::new(
            -&self.number,
            self.nimber,
            self.digits.iter().map(|d| -d).collect(),
        )
    }

    /// Whether `lefts | right` are the options of the uptimal `self` (Siegel's description,
    /// as CGSuite checks it; the options taken as a set).
    fn fits(&self, lefts: &[Expansion], right: &Expansion) -> bool {
        // Exactly one Left option can have the Right option's nimber.
        let matching: Vec<usize> = (0..lefts.len())
            .filter(|&i| lefts[i].nimber == right.nimber)
            .collect();
        if matching.len() > 1 {
            return false;
        }
        let negative = self.rightmost_at_most(-1);
        let cut = if self.digit(self.len()) == 1 {
            self.len() - 1
        } else {
            self.rightmost_at_most(0)
        };
        let plain = |e: &Expansion, m: u32| e.digits.is_empty() && e.nimber == m;
        if negative >= 1 {
            let [i] = matching[..] else {
                return false;
            };
            let t = self.truncate(negative);
            let expected = t.increment(true, t.len());
            lefts.len() == 2 && lefts[i] == expected && lefts[1 - i] == self.truncate(cut)
        } else if self.digit(1) == 0 {
            // x, x*, …, x*(m−1) and the truncation.
            let rest = self.truncate(cut);
            lefts.len() == self.nimber as usize + 1
                && (0..self.nimber).all(|k| lefts.iter().any(|l| plain(l, k)))
                && lefts.contains(&rest)
        } else if self.digit(1) == 1 && self.confused() {
            let rest = self.truncate(cut);
            lefts.len() == 2 && lefts.iter().any(|l| plain(l, 0)) && lefts.contains(&rest)
        } else {
            lefts.len() == 1 && lefts[0] == self.sharply_truncate(cut)
        }
    }
}

impl PartialOrd for Expansion {
    fn partial_cmp(&self, other: &Expansion) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Expansion {
    /// CGSuite's order of uptimals: by number, then digit by digit, then length, then nimber.
    fn cmp(&self, other: &Expansion) -> Ordering {
        self.number
            .cmp(&other.number)
            .then_with(|| {
                self.digits
                    .iter()
                    .zip(&other.digits)
                    .map(|(a, b)| a.cmp(b))
                    .find(|o| o.is_ne())
                    .unwrap_or(Ordering::Equal)
            })
            .then(self.len().cmp(&other.len()))
            .then(self.nimber.cmp(&other.nimber))
    }
}

impl fmt::Display for Expansion {
    /// As CGSuite prints it: `0.1111`, `*.12`, `73/16*8.9-` (a negative digit followed by
    /// `-`; digits past 9 as letters A–Z, past 35 in parentheses).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.nimber == 0 || self.number != Dyadic::ZERO {
            write!(f, "{}", self.number)?;
        }
        match self.nimber {
            0 => {}
            1 => f.write_str("*")?,
            m => write!(f, "*{m}")?,
        }
        f.write_str(".")?;
        if self.digits.is_empty() {
            f.write_str("0")?;
        }
        for &d in &self.digits {
            let a = d.unsigned_abs();
            match a {
                0..=9 => write!(f, "{a}")?,
                10..=35 => write!(f, "{}", char::from(b'A' + (a - 10) as u8))?,
                _ => write!(f, "({a})")?,
            }
            if d < 0 {
                f.write_str("-")?;
            }
        }
        Ok(())
    }
}

impl Universe {
    /// `g`'s uptimal expansion, if `g` is an uptimal (numbers, nimbers and x + n·↑ + *m
    /// included: `3.0`, `*2.0`, `^^*` is `*.2`).
    ///
    /// ```
    /// use grundy::cgt::Universe;
    /// let mut u = Universe::new();
    /// let g = u.parse("^[4]").unwrap();
    /// assert_eq!(u.uptimal_expansion(g).unwrap().to_string(), "0.1111");
    /// let g = u.parse("^ + ^<2> + *").unwrap();
    /// assert_eq!(u.uptimal_expansion(g).unwrap().to_string(), "*.11");
    /// let g = u.parse("{1|-1}").unwrap();
    /// assert!(u.uptimal_expansion(g).is_none());
    /// ```
    pub fn uptimal_expansion(&mut self, g: Id) -> Option<Expansion> {
        if let Some(e) = self.uptimals.get(&g) {
            return e.clone();
        }
        let e = super::deep(|| match &self.kinds[g.0 as usize] {
            Kind::Number(x) => Some(Expansion::new(x.clone(), 0, Vec::new())),
            Kind::NumberStar(x, m) => Some(Expansion::new(x.clone(), *m, Vec::new())),
            Kind::Uptimal(Shape::Ups, x, n, m) => {
                Some(Expansion::new(x.clone(), *m, vec![i64::from(*n)]))
            }
            Kind::Uptimal(shape, x, n, m) => {
                let k = n.unsigned_abs() as usize;
                let sign = i64::from(n.signum());
                let mut digits = vec![if *shape == Shape::Pow { 0 } else { sign }; k];
                digits[k - 1] = sign;
                Some(Expansion::new(x.clone(), *m, digits))
            }
            Kind::Other => {
                if self.stops[g.0 as usize].0 != self.stops[g.0 as usize].1 {
                    return None;
                }
                self.expansion_from_options(g, false)
                    .or_else(|| self.expansion_from_options(g, true).map(|e| e.negate()))
            }
        });
        self.uptimals.insert(g, e.clone());
        e
    }

    /// The expansion of `g` (of −g when `mirrored`, read from g's options without making
    /// −g) with a last digit above 0, if it is such an uptimal.
    fn expansion_from_options(&mut self, g: Id, mirrored: bool) -> Option<Expansion> {
        let [right] = self.options(g, mirrored)[..] else {
            return None;
        };
        let sign = |e: Expansion| if mirrored { e.negate() } else { e };
        let r = sign(self.uptimal_expansion(right)?);
        let mut lefts = Vec::new();
        for l in self.options(g, !mirrored).to_vec() {
            let e = sign(self.uptimal_expansion(l)?);
            if e.number != r.number {
                return None;
            }
            lefts.push(e);
        }
        let longest = lefts.iter().map(Expansion::len).max().unwrap_or(0);
        if r.digit(r.len()) > 0 {
            let e = r.increment(true, r.len());
            if e.fits(&lefts, &r) {
                return Some(e);
            }
        }
        let e = r.increment(true, r.len().max(longest) + 1);
        e.fits(&lefts, &r).then_some(e)
    }
}
