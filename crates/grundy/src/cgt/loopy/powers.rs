//! Ordinal sums onto loopy games, subordination of stoppers, and powers with loopy exponents
//! (CGSuite's `G : H`, `G.Subordinate(B)`, `G.PowTo(x)` and `G.Pow(x)` for x a pseudonumber
//! such as `on` or `5over`; Siegel, *Combinatorial Game Theory*, II.7 and VI).

use super::{Graph, Id, Universe};
use crate::cgt::Kept;
use crate::GameError;
use rustc_hash::FxHashMap as HashMap;

impl Graph {
    /// The ordinal sum G : H of a short game G and a loopy game H: {G^L, G : H^L | G^R,
    /// G : H^R}, a position for each of H's (so a pass in H is a pass in G : H).
    pub fn ordinal_sum(&mut self, u: &mut Universe, g: Id, h: usize) -> Result<usize, GameError> {
        self.ordinal_sum_kept(u, &Kept::Value(g), h)
    }

    /// [`Graph::ordinal_sum`] of a form kept as written (`'{-1|1}' : on`): its options are
    /// the base as written, each embedded as written.
    pub fn ordinal_sum_kept(
        &mut self,
        u: &mut Universe,
        g: &Kept,
        h: usize,
    ) -> Result<usize, GameError> {
        let (gl, gr) = match g {
            Kept::Value(g) => (
                u.left(*g).iter().map(|&o| Kept::Value(o)).collect(),
                u.right(*g).iter().map(|&o| Kept::Value(o)).collect(),
            ),
            Kept::Form { left, right } => (left.clone(), right.clone()),
        };
        let mut base: [Vec<usize>; 2] = [Vec::new(), Vec::new()];
        for (side, options) in base.iter_mut().zip::<[Vec<Kept>; 2]>([gl, gr]) {
            for o in &options {
                side.push(self.embed_kept(u, o)?);
            }
        }
        let order = self.reachable(h);
        let mut at = HashMap::default();
        for &y in &order {
            at.insert(y, self.vertex()?);
        }
        for &y in &order {
            let mut left = base[0].clone();
            left.extend(self.left[y].iter().map(|o| at[o]));
            let mut right = base[1].clone();
            right.extend(self.right[y].iter().map(|o| at[o]));
            self.set(at[&y], left, right);
        }
        Ok(at[&h])
    }

    /// The vertex of a form kept as written: a value's canonical form, or a vertex whose
    /// options are its options as written.
    pub fn embed_kept(&mut self, u: &mut Universe, g: &Kept) -> Result<usize, GameError> {
        match g {
            Kept::Value(g) => self.embed(u, *g),
            Kept::Form { left, right } => {
                let mut sides: [Vec<usize>; 2] = [Vec::new(), Vec::new()];
                for (side, options) in sides.iter_mut().zip([left, right]) {
                    for o in options {
                        side.push(self.embed_kept(u, o)?);
                    }
                }
                let v = self.vertex()?;
                let [l, r] = sides;
                self.set(v, l, r);
                Ok(v)
            }
        }
    }

    /// The stopper `v` subordinated to the short base B (CGSuite's `G.Subordinate(B)`): the
    /// game H with B : H = G when there is one. Each position of G's simplest form reached
    /// through options that are not B's own must meet every option of B with an option at
    /// least as good or reverse it; its other options are subordinated in turn. `None` when
    /// some position does not.
    pub fn subordinate(
        &mut self,
        u: &mut Universe,
        v: usize,
        base: Id,
    ) -> Result<Option<usize>, GameError> {
        let (simple, root) = self.stopper_form(v)?;
        let root = self.absorb(simple, root)?;
        let mut lo = Vec::new();
        for b in u.left(base).to_vec() {
            lo.push(self.embed(u, b)?);
        }
        let mut ro = Vec::new();
        for b in u.right(base).to_vec() {
            ro.push(self.embed(u, b)?);
        }
        let mut at: HashMap<usize, usize> = HashMap::default();
        let mut queue = vec![root];
        at.insert(root, self.vertex()?);
        while let Some(w) = queue.pop() {
            // Left's base option b is met by an option of w at least b, or reversed by a
            // Right answer of b at most w; Right's the same, mirrored.
            for (is_left, own) in [(true, &lo), (false, &ro)] {
                for &b in own {
                    let (options, answers) = if is_left {
                        (&self.left[w], &self.right[b])
                    } else {
                        (&self.right[w], &self.left[b])
                    };
                    let better = |x: usize, y: usize| {
                        if is_left {
                            self.le(x, y)
                        } else {
                            self.le(y, x)
                        }
                    };
                    if !any(options, |o| better(b, o))? && !any(answers, |a| better(a, w))? {
                        return Ok(None);
                    }
                }
            }
            let mut sides = [Vec::new(), Vec::new()];
            for (k, (side, own)) in sides.iter_mut().zip([&lo, &ro]).enumerate() {
                let options = if k == 0 {
                    self.left[w].clone()
                } else {
                    self.right[w].clone()
                };
                for o in options {
                    let in_base = any(own, |b| Ok(self.le(o, b)? && self.le(b, o)?))?;
                    if in_base {
                        continue;
                    }
                    let x = match at.get(&o) {
                        Some(&x) => x,
                        None => {
                            let x = self.vertex()?;
                            at.insert(o, x);
                            queue.push(o);
                            x
                        }
                    };
                    side.push(x);
                }
            }
            let [left, right] = sides;
            self.set(at[&w], left, right);
        }
        Ok(Some(at[&root]))
    }

    /// `g.PowTo(x)` for a stopper x (CGSuite's definition for pseudonumbers such as `on`,
    /// `5over`): g : x', x' being x subordinated to 1. `Err` says why not.
    pub fn pow_to(&mut self, u: &mut Universe, g: Id, x: usize) -> Result<usize, GameError> {
        let one = u.integer(1);
        match self.subordinate(u, x, one)? {
            Some(y) => self.ordinal_sum(u, g, y),
            None => Err(GameError::Invalid(
                "PowTo: the exponent cannot be subordinated to 1 (no y with 1 : y equal to it)"
                    .into(),
            )),
        }
    }

    /// `g.Pow(x)` for g = {0 | H} and a stopper x: {0 | −g.PowTo(x − 1) + H}.
    pub fn pow(&mut self, u: &mut Universe, g: Id, x: usize) -> Result<usize, GameError> {
        let zero = u.zero();
        let (gl, gr) = (u.left(g).to_vec(), u.right(g).to_vec());
        let ([l], [h]) = (&gl[..], &gr[..]) else {
            return Err(GameError::Invalid(
                "Pow: the base must be of the form {0|H}".into(),
            ));
        };
        if *l != zero {
            return Err(GameError::Invalid(
                "Pow: the base must be of the form {0|H}".into(),
            ));
        }
        let minus_one = u.integer(-1);
        let minus_one = self.embed(u, minus_one)?;
        let below = self.simple_sum(u, x, minus_one)?;
        let p = self.pow_to(u, g, below)?;
        let p = self.neg(p)?;
        let h = self.embed(u, *h)?;
        let right = self.simple_sum(u, p, h)?;
        let zero = self.embed(u, zero)?;
        let v = self.vertex()?;
        self.set(v, vec![zero], vec![right]);
        Ok(v)
    }
}

/// Whether `test` holds of some element of `xs` (its errors passed on).
fn any(xs: &[usize], test: impl Fn(usize) -> Result<bool, GameError>) -> Result<bool, GameError> {
    for &x in xs {
        if test(x)? {
            return Ok(true);
        }
    }
    Ok(false)
}
