//! Cooling and heating (Winning Ways ch. 6; Siegel, *Combinatorial Game Theory*, II.5–6):
//! cooling by t taxes every move by t until the game freezes into its mean, heating by t
//! pays every move t — the inverse, on the games that cooling gives.

use super::{Id, Universe};

/// A transformation of games remembered per (game, temperature) in
/// `Universe::transformed`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Transform {
    Cool,
    Heat,
    StarProjection,
    Norton,
    OrdinalSum,
}

impl Universe {
    /// `f(g)` through the memo of transformations: each follower transformed once, however
    /// many paths lead to it.
    pub(super) fn remembered(
        &mut self,
        what: Transform,
        g: Id,
        t: Id,
        f: impl FnOnce(&mut Self) -> Id,
    ) -> Id {
        if let Some(&h) = self.transformed.get(&(what, g, t)) {
            return h;
        }
        let h = f(self);
        self.transformed.insert((what, g, t), h);
        h
    }
}

impl Universe {
    /// `g` cooled by the number `t` (t > −1, as CGSuite allows): `g` itself for an integer,
    /// the mean once `t` is above `g`'s temperature, else `{g^L cooled − t | g^R cooled + t}`.
    /// `None` when `t` is not a number above −1.
    ///
    /// ```
    /// use grundy::cgt::Universe;
    /// let mut u = Universe::new();
    /// assert_eq!(u.canonical("{3|1} Cool 1").unwrap(), "2*");
    /// assert_eq!(u.canonical("+-1 Cool 2").unwrap(), "0");
    /// ```
    pub fn cool(&mut self, g: Id, t: Id) -> Option<Id> {
        let by = self
            .as_number(t)
            .filter(|x| **x > super::Dyadic::int(-1))?
            .clone();
        Some(self.cool_by(g, t, &by))
    }

    fn cool_by(&mut self, g: Id, t: Id, by: &super::Dyadic) -> Id {
        // Cooling by 0 taxes nothing; an integer is cooled to itself.
        if *by == super::Dyadic::ZERO || self.as_number(g).is_some_and(|x| x.is_integer()) {
            return g;
        }
        self.remembered(Transform::Cool, g, t, |u| {
            super::deep(|| {
                let thermograph = u.thermograph(g);
                if thermograph.temperature < *by {
                    return u.number(thermograph.mean);
                }
                let mut left = Vec::new();
                for o in u.left(g).to_vec() {
                    let c = u.cool_by(o, t, by);
                    left.push(u.sub(c, t));
                }
                let mut right = Vec::new();
                for o in u.right(g).to_vec() {
                    let c = u.cool_by(o, t, by);
                    right.push(u.add(c, t));
                }
                u.game(&left, &right)
            })
        })
    }

    /// `g` heated by `t` (any game): `g` itself for a number, else
    /// `{g^L heated + t | g^R heated − t}`.
    ///
    /// ```
    /// use grundy::cgt::Universe;
    /// let mut u = Universe::new();
    /// assert_eq!(u.canonical("^ Heat 2").unwrap(), "{2||0|-4}");
    /// ```
    pub fn heat(&mut self, g: Id, t: Id) -> Id {
        if self.as_number(g).is_some() {
            return g;
        }
        self.remembered(Transform::Heat, g, t, |u| {
            super::deep(|| {
                let mut left = Vec::new();
                for o in u.left(g).to_vec() {
                    let h = u.heat(o, t);
                    left.push(u.add(h, t));
                }
                let mut right = Vec::new();
                for o in u.right(g).to_vec() {
                    let h = u.heat(o, t);
                    right.push(u.sub(h, t));
                }
                u.game(&left, &right)
            })
        })
    }

    /// The reduced canonical form: the simplest game that differs from `g` by an
    /// infinitesimal (Calistrate, 1996; Grossman and Siegel, "Reductions of partizan games",
    /// 2009; Siegel, *Combinatorial Game Theory*, II.6). As CGSuite computes it: x for
    /// x + n·↑ + *m, else the star projection of `g` heated by * (every x + * in it
    /// replaced by x).
    ///
    /// ```
    /// use grundy::cgt::Universe;
    /// let mut u = Universe::new();
    /// let g = u.parse("{3||2*|1*}").unwrap();
    /// let r = u.reduced(g);
    /// assert_eq!(u.show(r), "{3||2|1}");
    /// ```
    pub fn reduced(&mut self, g: Id) -> Id {
        if let Some((x, _, _)) = self.ups_of(g) {
            return self.number(x.clone());
        }
        let star = self.nimber(1);
        let heated = self.heat(g, star);
        self.star_projection(heated)
    }

    /// `g` with every x + * among it and its followers replaced by x.
    pub(super) fn star_projection(&mut self, g: Id) -> Id {
        match self.plain(g) {
            Some((_, 0)) => g,
            // x + *m: its options x, x*, …, x + *(m − 1) become x, x, x*, …, x + *(m − 2).
            Some((x, m)) => self.compact(x.clone(), 0, m - 1),
            _ => self.remembered(Transform::StarProjection, g, g, |u| {
                super::deep(|| {
                    let left = u.each(g, true, Self::star_projection);
                    let right = u.each(g, false, Self::star_projection);
                    u.game(&left, &right)
                })
            }),
        }
    }
}
