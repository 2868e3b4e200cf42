//! Atomic weights: how many ↑ an infinitesimal is worth, in the sense that decides sums with
//! a remote star (Berlekamp, Conway, Guy, *Winning Ways*, ch. 7–8, "the atomic weight
//! calculus"; Siegel, *Combinatorial Game Theory*, II.7).
//!
//! The calculus: AW(x + n·↑ + *m) = n; otherwise AW(G) = {AW(G^L) − 2 | AW(G^R) + 2},
//! except when that is an integer, where G's place against a far star ☆ (a nimber larger
//! than every nimber in G) decides: G < ☆ gives the least integer n with n ⧐ every
//! AW(G^L) − 2, G > ☆ the greatest with n ⧏ every AW(G^R) + 2. For an all-small game that
//! is its atomic weight; for another infinitesimal G it is one only when G − AW(G).↑
//! (Norton's product) lies between ±(↑* + *N:−1), N the power of two at least ☆'s size
//! (Siegel, II.7); otherwise G is not atomic.

use super::{Dyadic, Id, Kind, Universe};
use rustc_hash::FxHashMap as HashMap;

/// What the calculus remembers.
#[derive(Debug, Default)]
pub(super) struct Memo {
    naive: HashMap<Id, Id>,
    far_star: HashMap<Id, u32>,
    all_small: HashMap<Id, bool>,
}

impl Universe {
    /// Whether `g` is infinitesimal: between every negative and every positive number
    /// (both stops 0).
    pub fn is_infinitesimal(&self, g: Id) -> bool {
        self.left_stop(g) == Dyadic::ZERO && self.right_stop(g) == Dyadic::ZERO
    }

    /// Whether every position of `g` in which one player can move lets the other move too
    /// (then `g` is infinitesimal and its atomic weight is given by the calculus).
    pub fn is_all_small(&mut self, g: Id) -> bool {
        super::deep(|| {
            if let Some(&b) = self.atomic.all_small.get(&g) {
                return b;
            }
            let b = match &self.kinds[g.0 as usize] {
                // x + n·↑ + *m is all-small exactly when x = 0.
                Kind::Number(x)
                | Kind::NumberStar(x, _)
                | Kind::Uptimal(super::Shape::Ups, x, ..) => *x == Dyadic::ZERO,
                Kind::Uptimal(_, x, _, _) if *x != Dyadic::ZERO => false,
                _ => {
                    let (l, r) = (self.left(g).to_vec(), self.right(g).to_vec());
                    l.is_empty() == r.is_empty()
                        && l.into_iter().chain(r).all(|o| self.is_all_small(o))
                }
            };
            self.atomic.all_small.insert(g, b);
            b
        })
    }

    /// The atomic weight of `g`, or `None` when `g` is not atomic (not infinitesimal, or
    /// not close enough to a multiple of ↑).
    ///
    /// ```
    /// use grundy::cgt::Universe;
    /// let mut u = Universe::new();
    /// let aw = |u: &mut Universe, text: &str| {
    ///     let g = u.parse(text).unwrap();
    ///     u.atomic_weight(g).map(|w| u.show(w))
    /// };
    /// assert_eq!(aw(&mut u, "^^*").as_deref(), Some("2"));
    /// assert_eq!(aw(&mut u, "{^^^|vv}").as_deref(), Some("{1|0}"));
    /// assert_eq!(aw(&mut u, "1/2"), None);
    /// ```
    pub fn atomic_weight(&mut self, g: Id) -> Option<Id> {
        if !self.is_infinitesimal(g) {
            return None;
        }
        let weight = self.naive_atomic_weight(g);
        if self.is_all_small(g) {
            return Some(weight);
        }
        let multiple = self.norton_up(weight);
        let difference = self.sub(g, multiple);
        let mut n = 2;
        while n < self.far_star(g) {
            n <<= 1;
        }
        // ε = ↑* + *N:−1, the ordinal sum {*0, …, *(N−1) | *0, …, *(N−1), *N}.
        let below: Vec<Id> = (0..n).map(|k| self.nimber(k)).collect();
        let mut right = below.clone();
        right.push(self.nimber(n));
        let kite = self.game(&below, &right);
        let up_star = self.ups(Dyadic::ZERO, 1, 1);
        let epsilon = self.add(up_star, kite);
        let minus = self.neg(epsilon);
        (self.le(minus, difference) && self.le(difference, epsilon)).then_some(weight)
    }

    /// The atomic weight calculus without the final check (see the module's text).
    fn naive_atomic_weight(&mut self, g: Id) -> Id {
        super::deep(|| {
            if let Some((_, n, _)) = self.ups_of(g) {
                return self.integer(n.into());
            }
            if let Some(&w) = self.atomic.naive.get(&g) {
                return w;
            }
            let (two, minus_two) = (self.integer(2), self.integer(-2));
            let mut left = Vec::new();
            for o in self.left(g).to_vec() {
                let w = self.naive_atomic_weight(o);
                left.push(self.add(w, minus_two));
            }
            let mut right = Vec::new();
            for o in self.right(g).to_vec() {
                let w = self.naive_atomic_weight(o);
                right.push(self.add(w, two));
            }
            let g0 = self.game(&left, &right);
            let w = match self.as_number(g0) {
                Some(x) if x.is_integer() => {
                    let star = self.far_star(g);
                    let far = self.nimber(star);
                    let (below, above) = (self.le(g, far), self.le(far, g));
                    if below && !above {
                        // The least integer n with n ⧐ each AW(G^L) − 2 (n not ≤ it).
                        let mut n: Option<Dyadic> = None;
                        for &o in &left {
                            let mut k = self.right_stop(o).ceil();
                            let ki = self.number(k.clone());
                            if self.le(ki, o) {
                                k = &k + &Dyadic::int(1);
                            }
                            n = Some(n.map_or(k.clone(), |n| n.max(k)));
                        }
                        self.number(n.unwrap_or(Dyadic::ZERO))
                    } else if above && !below {
                        // The greatest integer n with n ⧏ each AW(G^R) + 2.
                        let mut n: Option<Dyadic> = None;
                        for &o in &right {
                            let mut k = self.left_stop(o).floor();
                            let ki = self.number(k.clone());
                            if self.le(o, ki) {
                                k = &k - &Dyadic::int(1);
                            }
                            n = Some(n.map_or(k.clone(), |n| n.min(k)));
                        }
                        self.number(n.unwrap_or(Dyadic::ZERO))
                    } else {
                        g0
                    }
                }
                _ => g0,
            };
            self.atomic.naive.insert(g, w);
            w
        })
    }

    /// The size of a far star for `g`: one more than the largest nimber among its positions
    /// (at least 1).
    fn far_star(&mut self, g: Id) -> u32 {
        super::deep(|| {
            if let Some((x, n, m)) = self.ups_of(g) {
                // The nimbers among the positions of x + n·↑ + *m: none but 0 when x ≠ 0;
                // *m and below for n = 0; else those below the nimber its chain of options
                // ends in, m ⊕ (|n| mod 2), or * when the chain passes through ↑*.
                return match (*x == Dyadic::ZERO, n) {
                    (false, _) => 1,
                    (true, 0) => m + 1,
                    (true, n) => (m ^ (n.unsigned_abs() & 1)).max(1) + 1,
                };
            }
            if g == self.zero() {
                return 1;
            }
            if let Some(&n) = self.atomic.far_star.get(&g) {
                return n;
            }
            let mut options = self.left(g).to_vec();
            options.extend_from_slice(self.right(g));
            let n = options
                .into_iter()
                .map(|o| self.far_star(o))
                .max()
                .unwrap_or(1)
                .max(1);
            self.atomic.far_star.insert(g, n);
            n
        })
    }

    /// Norton's product G.↑ (see [`Universe::norton_product`]: n·↑ for an integer n, else
    /// {G^L.↑ + ⇑* | G^R.↑ − ⇑*}, ⇑* being ↑ plus its incentive ↑*).
    fn norton_up(&mut self, g: Id) -> Id {
        let up = self.up();
        self.norton(g, up)
    }
}
