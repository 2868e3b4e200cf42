//! Sums, negatives and differences of games by their options, and the simplest games built
//! directly: integers, numbers, nimbers, ups and uptimals.

use super::*;

impl Universe {
    /// `f` of each of Left's (`left`) or Right's options of `g` (the universe may grow
    /// while `f` runs).
    pub(super) fn each<T>(&mut self, g: Id, left: bool, f: impl Fn(&mut Self, Id) -> T) -> Vec<T> {
        let options = self.options(g, left).to_vec();
        options.into_iter().map(|o| f(self, o)).collect()
    }

    /// −g = {−g^R | −g^L}.
    pub fn neg(&mut self, g: Id) -> Id {
        deep(|| {
            if let Some(&n) = self.neg_memo.get(&g) {
                return n;
            }
            // −(x + n·↑ + *m) = −x − n·↑ + *m.
            if let Some((x, n, m)) = self.ups_of(g) {
                let x = -x;
                return self.compact(x, -n, m);
            }
            if self.halted() {
                return self.zero();
            }
            // The negative of a canonical form is canonical (dominated and reversible options
            // are mirrored): its options are interned as they are.
            let mut left = self.each(g, false, Self::neg);
            let mut right = self.each(g, true, Self::neg);
            left.sort_unstable();
            left.dedup();
            right.sort_unstable();
            right.dedup();
            if self.stopped.is_some() {
                return self.zero();
            }
            let n = self.intern(Form { left, right });
            // The negative of an uptimal is the uptimal of the negated parts (as `uptimal`
            // records it when it builds one).
            if let Kind::Uptimal(shape, x, k, m) = &self.kinds[g.0 as usize] {
                let (shape, x, k, m) = (*shape, -x, -k, *m);
                self.ups.entry((shape, x.clone(), k, m)).or_insert(n);
                if self.kinds[n.0 as usize] == Kind::Other {
                    self.kinds[n.0 as usize] = Kind::Uptimal(shape, x, k, m);
                }
            }
            self.neg_memo.insert(g, n);
            self.neg_memo.insert(n, g);
            n
        })
    }

    /// g + h = {g^L + h, g + h^L | g^R + h, g + h^R}.
    pub fn add(&mut self, g: Id, h: Id) -> Id {
        deep(|| {
            let zero = self.zero();
            if g == zero {
                return h;
            }
            if h == zero {
                return g;
            }
            // Numbers, ups and nimbers add part by part, (x + n·↑ + *m) + (y + k·↑ + *j) =
            // (x + y) + (n + k)·↑ + *(m ⊕ j), a compact game: a sum by options would recurse
            // once per unit of an integer's size, and try every pair of a large nimber's
            // options.
            if let (Some((x, n, m)), Some((y, k, j))) = (self.ups_of(g), self.ups_of(h)) {
                let z = x + y;
                return match n.checked_add(k).filter(|u| *u != i32::MIN) {
                    Some(u) => self.compact(z, u, m ^ j),
                    None => self.refuse(crate::invalid!("a sum of more than 2^31 ups")),
                };
            }
            self.sum_by_options(g, h)
        })
    }

    /// Stops this universe's work with `why` (see [`Universe::check`]), returning 0 in place
    /// of the answer.
    pub(super) fn refuse(&mut self, why: crate::GameError) -> Id {
        self.stopped.get_or_insert(why);
        self.zero()
    }

    /// `g` as x + n·↑ + *m, if it is one (n = 0 for numbers and numbers plus nimbers).
    pub(crate) fn ups_of(&self, g: Id) -> Option<(&Dyadic, i32, u32)> {
        self.kinds[g.0 as usize].parts()
    }

    /// g + h from the definition (memoised), but for a number plus a game that is not one.
    fn sum_by_options(&mut self, g: Id, h: Id) -> Id {
        deep(|| {
            let key = if g <= h { (g, h) } else { (h, g) };
            if let Some(&s) = self.sum_memo.get(&key) {
                return s;
            }
            if self.halted() {
                return self.zero();
            }
            // Number translation (Siegel, CGT II.3): x + H = {x + H^L | x + H^R} for a number x
            // and H not a number, so a number's own options (as many as its size) are never
            // gone through.
            let number = |u: &Self, a: Id| u.as_number(a).is_some();
            if number(self, g) != number(self, h) {
                let (x, other) = if number(self, g) { (g, h) } else { (h, g) };
                let left = self.each(other, true, |u, o| u.add(x, o));
                let right = self.each(other, false, |u, o| u.add(x, o));
                let s = self.game(&left, &right);
                self.sum_memo.insert(key, s);
                return s;
            }
            let mut left = Vec::new();
            for gl in self.left(g).to_vec() {
                left.push(self.add(gl, h));
            }
            for hl in self.left(h).to_vec() {
                left.push(self.add(g, hl));
            }
            let mut right = Vec::new();
            for gr in self.right(g).to_vec() {
                right.push(self.add(gr, h));
            }
            for hr in self.right(h).to_vec() {
                right.push(self.add(g, hr));
            }
            let s = self.game(&left, &right);
            self.sum_memo.insert(key, s);
            s
        })
    }

    /// g − h.
    pub fn sub(&mut self, g: Id, h: Id) -> Id {
        let n = self.neg(h);
        self.add(g, n)
    }

    /// The integer `n`: {n − 1 | } for n > 0, { | n + 1} for n < 0.
    pub fn integer(&mut self, n: i64) -> Id {
        self.compact(Dyadic::int(n), 0, 0)
    }

    /// The number `x`: an integer, or {x − 2^−k | x + 2^−k} for x = m/2^k; of any size.
    pub fn number(&mut self, x: Dyadic) -> Id {
        self.compact(x, 0, 0)
    }

    /// `g` as x + *m (m = 0 for a number), if it is one.
    pub(crate) fn plain(&self, g: Id) -> Option<(&Dyadic, u32)> {
        match &self.kinds[g.0 as usize] {
            Kind::Number(x) => Some((x, 0)),
            Kind::NumberStar(x, m) => Some((x, *m)),
            _ => None,
        }
    }

    /// The nimber *n = {0, *1, …, *(n − 1) | 0, *1, …, *(n − 1)}.
    pub fn nimber(&mut self, n: u32) -> Id {
        self.compact(Dyadic::ZERO, 0, n)
    }

    /// ↑ = {0 | *}.
    pub fn up(&mut self) -> Id {
        self.compact(Dyadic::ZERO, 1, 0)
    }

    /// x + n·↑ + *m (n may be negative: ↓ = −↑).
    pub fn ups(&mut self, x: Dyadic, n: i32, m: u32) -> Id {
        self.compact(x, n, m)
    }

    /// x + n·U + *m with U = ↑ ([`Shape::Ups`]), `↑^<|n|>` ([`Shape::Pow`]: `↑^<k>` =
    /// `{0 | ↓^[k−1]*}`) or `↑^[|n|]` ([`Shape::PowTo`]: `↑^[0]` = 0, `↑^[k]` =
    /// `{↑^[k−1] | *}`),
    /// negated for n < 0 (Siegel, *Combinatorial Game Theory*, II.4).
    pub fn uptimal(&mut self, shape: Shape, x: Dyadic, n: i32, m: u32) -> Id {
        if shape == Shape::Ups || n == 0 {
            return self.compact(x, n, m);
        }
        if let Some(&g) = self.ups.get(&(shape, x.clone(), n, m)) {
            return g;
        }
        let (zero, star) = (self.zero(), self.nimber(1));
        // ↑^[k] = {↑^[k−1] | *} from ↑^[0] = 0.
        let k = n.unsigned_abs() - u32::from(shape == Shape::Pow);
        let mut to = zero;
        for _ in 0..k {
            to = self.game(&[to], &[star]);
        }
        let unit = if shape == Shape::Pow {
            // ↑^<n> = {0 | ↓^[n−1]*}.
            let down = self.neg(to);
            let down_star = self.add(down, star);
            self.game(&[zero], &[down_star])
        } else {
            to
        };
        // x ± ↑^<n> or x ± ↑^[n], then *m.
        let step = if n >= 0 { unit } else { self.neg(unit) };
        let base = self.number(x.clone());
        let g = self.sum_by_options(base, step);
        let star = self.nimber(m);
        let g = self.sum_by_options(g, star);
        self.ups.insert((shape, x.clone(), n, m), g);
        if n.unsigned_abs() >= 2 && self.kinds[g.0 as usize] == Kind::Other {
            self.kinds[g.0 as usize] = Kind::Uptimal(shape, x, n, m);
        }
        g
    }
}
