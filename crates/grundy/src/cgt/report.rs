//! What is asked of a value: its stops, thermograph and number, the report `grundy cgt`
//! prints, and values read from CGSuite's notation and kept under names.

use super::*;

/// What `grundy cgt EXPR` says of an expression in CGSuite's notation, valued in a universe of
/// its own: refused when the notation is wrong or a time budget stops the work.
///
/// ```
/// let r = grundy::cgt::report("{2|-2} + {1|-1}").unwrap();
/// assert_eq!((r.canonical.as_str(), r.temperature.as_str()), ("+-{3|1}", "2"));
/// assert!(grundy::cgt::report("{1|").is_err());
/// ```
pub fn report(text: &str) -> Result<Report, crate::GameError> {
    let mut universe = Universe::new();
    let g = universe.parse(text)?;
    universe.report(g)
}

/// What `grundy cgt` prints of a game (`--json`: these fields; numbers as exact strings).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Report {
    /// The canonical form, as CGSuite writes it.
    pub canonical: String,
    /// L (> 0), R (< 0), P (= 0) or N (confused with 0).
    pub outcome: Outcome,
    /// Left's stop: the number reached when Left starts and both play to the end of the hot
    /// part.
    pub left_stop: String,
    /// Right's stop.
    pub right_stop: String,
    /// The mean value: where the thermograph's walls meet (G·n is within a constant of
    /// mean·n).
    pub mean: String,
    /// The temperature: how hot the game is, the urgency of moving in it (negative for a
    /// number, as in CGSuite: −1 for an integer).
    pub temperature: String,
    /// The atomic weight (see [`Universe::atomic_weight`]), `None` (JSON null) when the
    /// game is not atomic.
    pub atomic_weight: Option<String>,
    /// The day the canonical form is born (a number's is as large as the number: any size).
    #[serde(serialize_with = "crate::analysis::serialize_nat")]
    pub birthday: crate::Nat,
    /// The reduced canonical form (see [`Universe::reduced`]): the simplest game
    /// infinitesimally close, as CGSuite writes it.
    pub reduced: String,
    /// The uptimal expansion as CGSuite prints it (`0.1111` for `^[4]`, `*.12`, `3.0` for a
    /// number; see [`Expansion`]), `None` (JSON null) when the game is not an uptimal.
    pub uptimal_expansion: Option<String>,
}

impl Universe {
    /// Left's stop: g itself if a number, else the largest right stop of g's Left options.
    pub fn left_stop(&self, g: Id) -> Dyadic {
        self.stop(g, true)
    }

    /// Right's stop: g itself if a number, else the smallest left stop of g's Right options.
    pub fn right_stop(&self, g: Id) -> Dyadic {
        self.stop(g, false)
    }

    fn stop(&self, g: Id, left: bool) -> Dyadic {
        let (l, r) = &self.stops[g.0 as usize];
        if left {
            l.clone()
        } else {
            r.clone()
        }
    }

    /// `g`'s thermograph (walls, mean, temperature).
    pub fn thermograph(&mut self, g: Id) -> Thermograph {
        deep(|| {
            if let Some(t) = self.thermographs.get(&g) {
                return t.clone();
            }
            let t = match &self.kinds[g.0 as usize] {
                Kind::Number(x) => Thermograph::number(x.clone()),
                // A nimber's options share their followers: walking them costs m² walls.
                Kind::NumberStar(x, _) | Kind::Uptimal(_, x, _, _) => {
                    Thermograph::infinitesimally_close(x.clone())
                }
                Kind::Other => {
                    let left = self.each(g, true, Self::thermograph);
                    let right = self.each(g, false, Self::thermograph);
                    Thermograph::of_options(
                        &left.iter().collect::<Vec<_>>(),
                        &right.iter().collect::<Vec<_>>(),
                    )
                }
            };
            self.thermographs.insert(g, t.clone());
            t
        })
    }

    /// `g` as a number, if it is one.
    pub fn as_number(&self, g: Id) -> Option<&Dyadic> {
        match &self.kinds[g.0 as usize] {
            Kind::Number(x) => Some(x),
            _ => None,
        }
    }

    /// The canonical form of an expression, written as CGSuite writes it.
    pub fn canonical(&mut self, text: &str) -> Result<String, crate::GameError> {
        let g = self.parse(text)?;
        Ok(self.show(g))
    }

    /// What `grundy cgt` says of `g`.
    /// Refused when a time budget stops the work (see [`Universe::check`]).
    pub fn report(&mut self, g: Id) -> Result<Report, crate::GameError> {
        let thermograph = self.thermograph(g);
        let report = Report {
            mean: thermograph.mean.to_string(),
            temperature: thermograph.temperature.to_string(),
            canonical: self.show(g),
            outcome: self.outcome(g),
            left_stop: self.left_stop(g).to_string(),
            right_stop: self.right_stop(g).to_string(),
            atomic_weight: self.atomic_weight(g).map(|w| self.show(w)),
            birthday: self.birthday(g),
            reduced: {
                let r = self.reduced(g);
                self.show(r)
            },
            uptimal_expansion: self.uptimal_expansion(g).map(|e| e.to_string()),
        };
        self.check()?;
        Ok(report)
    }

    /// Gives `g` the name `name`, so that later expressions may use it: `name` must be a word
    /// (a letter, then letters, digits or `_`) that is not a word of the notation.
    ///
    /// ```
    /// let mut u = grundy::cgt::Universe::new();
    /// let g = u.parse("{3|1}").unwrap();
    /// u.define("g", g).unwrap();
    /// let h = u.parse("g - 2").unwrap();
    /// assert_eq!(u.report(h).unwrap().canonical, "+-1");
    /// assert!(u.define("Cool", g).is_err());
    /// ```
    pub fn define(&mut self, name: &str, g: Id) -> Result<(), crate::GameError> {
        super::syntax::check_name(name)?;
        self.names.insert(name.to_string(), g);
        self.kept_names.remove(name);
        Ok(())
    }

    /// Takes the name `name` away, if a value had it.
    pub fn forget(&mut self, name: &str) {
        self.names.remove(name);
        self.kept_names.remove(name);
    }

    /// Gives a form kept as written (see [`Universe::parse_kept`]) the name `name`: later
    /// expressions use its value, and an ordinal sum its form.
    ///
    /// ```
    /// let mut u = grundy::cgt::Universe::new();
    /// let g = u.parse_kept("'{*|*}'").unwrap();
    /// u.define_kept("g", g).unwrap();
    /// assert_eq!(u.canonical("g").unwrap(), "0");
    /// assert_eq!(u.canonical("g : 1").unwrap(), "^");
    /// ```
    pub fn define_kept(&mut self, name: &str, g: Kept) -> Result<(), crate::GameError> {
        let value = self.kept_value(&g);
        self.define(name, value)?;
        if let Kept::Form { .. } = g {
            self.kept_names.insert(name.to_string(), g);
        }
        Ok(())
    }

    /// The form kept as written named `name`, if one was [defined](Universe::define_kept).
    pub fn named_kept(&self, name: &str) -> Option<&Kept> {
        self.kept_names.get(name)
    }

    /// Reads an expression as [`Universe::parse`] does, keeping its form when it is a form
    /// kept as written (`'{*|*}'`, or a name given to one) and its value otherwise.
    pub fn parse_kept(&mut self, text: &str) -> Result<Kept, crate::GameError> {
        let e = super::syntax::expression(text)?;
        self.read_kept(text, &e)
    }

    /// The value the tree `e` of the expression `text` writes ([`super::syntax`]), keeping
    /// its form when it is a form kept as written (see [`Universe::parse_kept`]).
    pub fn read_kept(
        &mut self,
        text: &str,
        e: &super::syntax::Expr,
    ) -> Result<Kept, crate::GameError> {
        let g = super::read::Reader { text }.kept(self, e)?;
        self.check()?;
        Ok(g)
    }

    /// The value named `name`, if one was [defined](Universe::define).
    pub fn named(&self, name: &str) -> Option<Id> {
        self.names.get(name).copied()
    }

    /// Reads an expression in CGSuite's notation: numbers (`3`, `-1/2`), nimbers (`*`,
    /// `*3`), ups and downs (`^`, `^^`, `^3`, `v*`, `1^`), games in braces with bars that may
    /// be doubled (`{0,*|0}`, `{1||0|-1}`), `±x` (or `+-x`), `Tiny(x)`, `Miny(x)`,
    /// parentheses, sums and differences. A sign just before a number is the number's:
    /// `-2^` is −2 + ↑, as it is written back.
    pub fn parse(&mut self, text: &str) -> Result<Id, crate::GameError> {
        let e = super::syntax::expression(text)?;
        let g = super::read::Reader { text }.value(self, &e)?;
        self.check()?;
        Ok(g)
    }
}
