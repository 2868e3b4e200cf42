//! Integer multiples, Norton products, ordinal sums and overheating (Winning Ways ch. 2, 6, 8;
//! Siegel, *Combinatorial Game Theory*, II.5–7; as CGSuite computes them on canonical forms).

use super::temper::Transform;
use super::{Dyadic, Id, Universe};
use num_bigint::BigInt;
use num_traits::Signed;
use rustc_hash::FxHashMap as HashMap;

impl Universe {
    /// `g * h` as CGSuite reads it: the product of two numbers, or n copies of a game for an
    /// integer n on either side (`3 * {2|1}`, with −n the copies of −G); `None` otherwise.
    ///
    /// ```
    /// use grundy::cgt::Universe;
    /// let mut u = Universe::new();
    /// assert_eq!(u.canonical("3 * {2|1}").unwrap(), "{5|4}");
    /// assert_eq!(u.canonical("1/2 * 3/4").unwrap(), "3/8");
    /// assert_eq!(u.canonical("-2 * ^*").unwrap(), "vv");
    /// ```
    pub fn times(&mut self, g: Id, h: Id) -> Option<Id> {
        if let (Some(x), Some(y)) = (self.as_number(g), self.as_number(h)) {
            let z = x * y;
            return Some(self.number(z));
        }
        let integer = |u: &Self, a: Id| u.as_number(a).filter(|x| x.is_integer()).cloned();
        let (n, game) = match (integer(self, g), integer(self, h)) {
            (Some(n), _) => (n, h),
            (_, Some(n)) => (n, g),
            _ => return None,
        };
        Some(self.multiple(&n.numerator(), game))
    }

    /// n·g, the sum of |n| copies of g (of −g for n < 0), by doubling: as many sums as n has
    /// bits.
    pub fn multiple(&mut self, n: &BigInt, g: Id) -> Id {
        let mut power = if n.is_negative() { self.neg(g) } else { g };
        let mut sum = self.zero();
        let n = n.magnitude();
        for bit in 0..n.bits() {
            if bit > 0 {
                power = self.add(power, power);
            }
            if n.bit(bit) {
                sum = self.add(sum, power);
            }
            if self.halted() {
                break;
            }
        }
        sum
    }

    /// The Norton product g.u (u > 0): n copies of u for an integer n, else
    /// {g^L.u + u + I | g^R.u − u − I} over u's incentives I not dominated (Winning Ways
    /// ch. 8; Siegel, II.7). `None` when u is not greater than 0.
    ///
    /// ```
    /// use grundy::cgt::Universe;
    /// let mut u = Universe::new();
    /// assert_eq!(u.canonical("(1/2).NortonProduct(^)").unwrap(), "{^^*|v*}");
    /// assert_eq!(u.canonical("3 NortonProduct ^").unwrap(), "^3");
    /// ```
    pub fn norton_product(&mut self, g: Id, unit: Id) -> Option<Id> {
        let zero = self.zero();
        if !self.le(zero, unit) || self.le(unit, zero) {
            return None;
        }
        Some(self.norton(g, unit))
    }

    pub(super) fn norton(&mut self, g: Id, unit: Id) -> Id {
        if let Some(n) = self.as_number(g).filter(|x| x.is_integer()) {
            let n = n.numerator();
            return self.multiple(&n, unit);
        }
        if self.too_deep(g, "a Norton product") {
            return self.zero();
        }
        self.remembered(Transform::Norton, g, unit, |u| {
            super::deep(|| {
                // u plus each of its incentives u^L − u and u − u^R, the dominated (smaller)
                // ones left out.
                let mut steps = Vec::new();
                for ul in u.left(unit).to_vec() {
                    steps.push(u.sub(ul, unit));
                }
                for ur in u.right(unit).to_vec() {
                    steps.push(u.sub(unit, ur));
                }
                steps.sort_unstable();
                steps.dedup();
                let keep: Vec<Id> = (0..steps.len())
                    .filter(|&i| {
                        !(0..steps.len()).any(|j| {
                            j != i && u.le(steps[i], steps[j]) && !u.le(steps[j], steps[i])
                        })
                    })
                    .map(|i| steps[i])
                    .collect();
                let plus: Vec<Id> = keep.into_iter().map(|i| u.add(unit, i)).collect();
                let mut left = Vec::new();
                for gl in u.left(g).to_vec() {
                    let p = u.norton(gl, unit);
                    for &s in &plus {
                        left.push(u.add(p, s));
                    }
                }
                let mut right = Vec::new();
                for gr in u.right(g).to_vec() {
                    let p = u.norton(gr, unit);
                    for &s in &plus {
                        right.push(u.sub(p, s));
                    }
                }
                u.game(&left, &right)
            })
        })
    }

    /// The ordinal sum g : h = {g^L, g : h^L | g^R, g : h^R}: h played on top of g, a move in
    /// g wiping h out (Winning Ways ch. 2; Siegel, II.1). It depends on g's form, here its
    /// canonical form, as in CGSuite; x + *m : *k is x + *(m + k).
    ///
    /// ```
    /// use grundy::cgt::Universe;
    /// let mut u = Universe::new();
    /// assert_eq!(u.canonical("1 : -1").unwrap(), "1/2");
    /// assert_eq!(u.canonical("*2 : *3").unwrap(), "*5");
    /// assert_eq!(u.canonical("1 : 1 : 1").unwrap(), "3");
    /// ```
    pub fn ordinal_sum(&mut self, g: Id, h: Id) -> Id {
        if let (Some((x, 0, m)), Some((y, 0, k))) = (self.ups_of(g), self.ups_of(h)) {
            if *y == Dyadic::ZERO {
                if let Some(sum) = m.checked_add(k) {
                    let x = x.clone();
                    return self.compact(x, 0, sum);
                }
            }
        }
        if h == self.zero() {
            return g;
        }
        if self.too_deep(h, "an ordinal sum") {
            return self.zero();
        }
        self.remembered(Transform::OrdinalSum, g, h, |u| {
            super::deep(|| {
                let mut left = u.left(g).to_vec();
                for hl in u.left(h).to_vec() {
                    left.push(u.ordinal_sum(g, hl));
                }
                let mut right = u.right(g).to_vec();
                for hr in u.right(h).to_vec() {
                    right.push(u.ordinal_sum(g, hr));
                }
                u.game(&left, &right)
            })
        })
    }

    /// g overheated from s to t (Winning Ways ch. 6; as CGSuite's `G.Overheat(s, t)`): for an
    /// integer n, n copies of s; else {g^L overheated + t | g^R overheated − t}.
    ///
    /// ```
    /// use grundy::cgt::Universe;
    /// let mut u = Universe::new();
    /// assert_eq!(u.canonical("{1|-1}.Overheat(1, 2)").unwrap(), "+-3");
    /// ```
    pub fn overheat(&mut self, g: Id, s: Id, t: Id) -> Id {
        if let Some(n) = self.as_number(g).filter(|x| x.is_integer()) {
            let n = n.numerator();
            return self.multiple(&n, s);
        }
        let key = (g, s, t);
        if let Some(&h) = self.overheated.get(&key) {
            return h;
        }
        if self.too_deep(g, "overheating") {
            return self.zero();
        }
        let h = super::deep(|| {
            let mut left = Vec::new();
            for gl in self.left(g).to_vec() {
                let o = self.overheat(gl, s, t);
                left.push(self.add(o, t));
            }
            let mut right = Vec::new();
            for gr in self.right(g).to_vec() {
                let o = self.overheat(gr, s, t);
                right.push(self.sub(o, t));
            }
            self.game(&left, &right)
        });
        self.overheated.insert(key, h);
        h
    }
}

/// The largest exponent of `Pow` and `PowTo` (the exponent is taken apart option by option).
const MAX_EXPONENT: u64 = 4096;

/// The latest birthday of a game that an ordinal sum, a subordination, a Norton product or
/// overheating goes through follower by follower (each level of the recursion is one day).
const MAX_DEPTH: u64 = 1 << 16;

impl Universe {
    /// Whether `what` must not go through every follower of `g`: `g` is born after
    /// [`MAX_DEPTH`] (the universe is then stopped, saying so), or work has stopped.
    fn too_deep(&mut self, g: Id, what: &str) -> bool {
        if self.halted() {
            return true;
        }
        let day = self.small_birthday(g);
        if day <= MAX_DEPTH {
            return false;
        }
        let day = self.birthday(g);
        self.refuse(crate::invalid!(
            "{what} goes through every follower of a game born on day {day}: at most {MAX_DEPTH}"
        ));
        true
    }
}

impl Universe {
    /// `g` subordinated to the base `b` (CGSuite's `G.Subordinate(B)`, on canonical forms):
    /// `None` when it cannot be.
    ///
    /// ```
    /// use grundy::cgt::Universe;
    /// let mut u = Universe::new();
    /// assert_eq!(u.canonical("(1/8).Subordinate(1)").unwrap(), "-3");
    /// assert!(u.canonical("*.Subordinate(1)").is_err());
    /// ```
    pub fn subordinate_to(&mut self, g: Id, b: Id) -> Option<Id> {
        let (lo, ro) = (self.left(b).to_vec(), self.right(b).to_vec());
        self.subordinate(g, &lo, &ro)
    }

    /// `g` subordinated to the base {lo | ro}: every option of g that is not one of the
    /// base's is subordinated in turn; `None` when some option of the base is neither met by
    /// an option of g nor reversed through g.
    fn subordinate(&mut self, g: Id, lo: &[Id], ro: &[Id]) -> Option<Id> {
        if self.too_deep(g, "subordinating") {
            return Some(self.zero());
        }
        let (gl, gr) = (self.left(g).to_vec(), self.right(g).to_vec());
        for &b in lo {
            let replies = self.right(b).to_vec();
            if !gl.iter().any(|&o| self.le(b, o)) && !replies.iter().any(|&r| self.le(r, g)) {
                return None;
            }
        }
        for &b in ro {
            let replies = self.left(b).to_vec();
            if !gr.iter().any(|&o| self.le(o, b)) && !replies.iter().any(|&l| self.le(g, l)) {
                return None;
            }
        }
        let mut left = Vec::new();
        for o in gl.into_iter().filter(|o| !lo.contains(o)) {
            left.push(self.subordinate(o, lo, ro)?);
        }
        let mut right = Vec::new();
        for o in gr.into_iter().filter(|o| !ro.contains(o)) {
            right.push(self.subordinate(o, lo, ro)?);
        }
        Some(self.game(&left, &right))
    }

    /// `g.PowTo(x)` for a number x ≥ 0 (CGSuite's definition): 0 for x = 0, else the ordinal
    /// sum g : x', x' being x subordinated to 1 (so `^.PowTo(3)` is `^[3]`). `Err` says why
    /// not.
    ///
    /// ```
    /// use grundy::cgt::Universe;
    /// let mut u = Universe::new();
    /// assert_eq!(u.canonical("^.PowTo(3)").unwrap(), "^[3]");
    /// assert_eq!(u.canonical("^.Pow(3)").unwrap(), "^<3>");
    /// ```
    pub fn pow_to(&mut self, g: Id, x: Id) -> Result<Id, &'static str> {
        let zero = self.zero();
        if x == zero {
            return Ok(zero);
        }
        let bad = "an exponent is a number at least 0 and at most 4096";
        let small = self
            .as_number(x)
            .is_some_and(|x| !x.is_negative() && x.abs_at_most(MAX_EXPONENT));
        if !small {
            return Err(bad);
        }
        let one = self.integer(1);
        let (lo, ro) = (self.left(one).to_vec(), self.right(one).to_vec());
        let x = self.subordinate(x, &lo, &ro).ok_or(bad)?;
        Ok(self.ordinal_sum(g, x))
    }

    /// `g.Pow(x)` for g = {0 | H} and a number x ≥ 1 (CGSuite's definition):
    /// {0 | −g.PowTo(x − 1) + H} (so `^.Pow(3)` is `^<3>`). `Err` says why not.
    pub fn pow(&mut self, g: Id, x: Id) -> Result<Id, &'static str> {
        let zero = self.zero();
        let (gl, gr) = (self.left(g).to_vec(), self.right(g).to_vec());
        let ([l], [h]) = (&gl[..], &gr[..]) else {
            return Err("the base of Pow must be of the form {0|H}");
        };
        if *l != zero {
            return Err("the base of Pow must be of the form {0|H}");
        }
        let one = self.integer(1);
        let below = self.sub(x, one);
        let p = self.pow_to(g, below)?;
        let p = self.neg(p);
        let right = self.add(p, *h);
        Ok(self.game(&[zero], &[right]))
    }
}

/// A game as it was written, not simplified: CGSuite's quoted form `'{*|*}'`, whose options
/// are kept as they were given. Only the ordinal sum looks at a form rather than its value
/// (`'{*|*}' : 1` is ↑ though `{*|*}` is 0); everywhere else a kept form is its value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kept {
    /// A value: its canonical form.
    Value(Id),
    /// A form: Left's and Right's options, each kept as written.
    Form {
        /// Left's options.
        left: Vec<Kept>,
        /// Right's options.
        right: Vec<Kept>,
    },
}

impl Universe {
    /// The value of a kept form.
    pub fn kept_value(&mut self, g: &Kept) -> Id {
        match g {
            Kept::Value(id) => *id,
            Kept::Form { left, right } => {
                let left: Vec<Id> = left.iter().map(|o| self.kept_value(o)).collect();
                let right: Vec<Id> = right.iter().map(|o| self.kept_value(o)).collect();
                self.game(&left, &right)
            }
        }
    }

    /// The ordinal sum `g : h` of two games as they were written (CGSuite's `'{*|*}' : 1`):
    /// g's own options, and g : h′ for every option h′ of h, followed down h's form.
    ///
    /// ```
    /// use grundy::cgt::Universe;
    /// let mut u = Universe::new();
    /// assert_eq!(u.canonical("'{*|*}' : 1").unwrap(), "^"); // {*|*} = 0, yet 0 : 1 = 1
    /// assert_eq!(u.canonical("'{-1|1}' : 1").unwrap(), "1/2");
    /// assert_eq!(u.canonical("0 : 1").unwrap(), "1");
    /// ```
    pub fn ordinal_sum_kept(&mut self, g: &Kept, h: &Kept) -> Id {
        let (gl, gr) = match g {
            Kept::Value(g) => {
                if let Kept::Value(h) = h {
                    return self.ordinal_sum(*g, *h);
                }
                (self.left(*g).to_vec(), self.right(*g).to_vec())
            }
            Kept::Form { left, right } => (
                left.iter().map(|o| self.kept_value(o)).collect(),
                right.iter().map(|o| self.kept_value(o)).collect(),
            ),
        };
        let base = match g {
            Kept::Value(g) => Some(*g),
            Kept::Form { .. } => None,
        };
        let mut memo = HashMap::default();
        self.ordinal_on(base, &gl, &gr, h, &mut memo)
    }

    /// G : h for G given by its options (and its id when G is a value, so canonical h's
    /// follow the remembered ordinal sum); `memo` holds G : h′ for the h′ met so far.
    fn ordinal_on(
        &mut self,
        base: Option<Id>,
        gl: &[Id],
        gr: &[Id],
        h: &Kept,
        memo: &mut HashMap<Id, Id>,
    ) -> Id {
        let (hl, hr) = match h {
            Kept::Value(h) => {
                if let Some(g) = base {
                    return self.ordinal_sum(g, *h);
                }
                if let Some(&s) = memo.get(h) {
                    return s;
                }
                if self.too_deep(*h, "an ordinal sum") {
                    return self.zero();
                }
                let hl = self
                    .left(*h)
                    .to_vec()
                    .into_iter()
                    .map(Kept::Value)
                    .collect();
                let hr = self
                    .right(*h)
                    .to_vec()
                    .into_iter()
                    .map(Kept::Value)
                    .collect();
                (hl, hr)
            }
            Kept::Form { left, right } => (left.clone(), right.clone()),
        };
        let s = super::deep(|| {
            let mut left = gl.to_vec();
            for o in &hl {
                left.push(self.ordinal_on(base, gl, gr, o, memo));
            }
            let mut right = gr.to_vec();
            for o in &hr {
                right.push(self.ordinal_on(base, gl, gr, o, memo));
            }
            self.game(&left, &right)
        });
        if let Kept::Value(h) = h {
            memo.insert(*h, s);
        }
        s
    }
}
