//! A short game's value read from the syntax tree ([`super::syntax`]) into a [`Universe`]:
//! numbers, ups and nimbers, games in braces, `±`, `Tiny`, names, forms kept as written,
//! sums, products, ordinal sums and CGSuite's methods (`G.Cool(t)`, `G Heat t`, …).

use super::syntax::{err, Expr, Literal};
use super::{Dyadic, Id, Kept, Universe};
use crate::GameError;

/// The methods of a short game, written after a dot (`G.Cool(1)`) or, some of them,
/// between operands (`G Cool 1`).
pub(super) const METHODS: [&str; 20] = [
    "Cool",
    "Heat",
    "Overheat",
    "NortonProduct",
    "OrdinalSum",
    "Freeze",
    "Mean",
    "Temperature",
    "LeftStop",
    "RightStop",
    "Birthday",
    "AtomicWeight",
    "ReducedCanonicalForm",
    "CanonicalForm",
    "Onside",
    "Offside",
    "Degree",
    "Subordinate",
    "Pow",
    "PowTo",
];

/// The value of a literal: a number, arrows and a star.
pub(super) fn literal(u: &mut Universe, l: &Literal) -> Id {
    if l.ups == 0 {
        let n = u.number(l.number.clone());
        let s = u.nimber(l.star);
        u.add(n, s)
    } else {
        u.uptimal(l.shape, l.number.clone(), l.ups, l.star)
    }
}

/// Reads trees of the expression `text` (named in messages) as short games.
pub(super) struct Reader<'a> {
    pub(super) text: &'a str,
}

impl Reader<'_> {
    /// Why a loopy game cannot stand here.
    fn loopy(&self, what: &str) -> GameError {
        err(
            self.text,
            format_args!("{what} is a loopy game; only a short game is read here"),
        )
    }

    /// The value `e` writes.
    pub(super) fn value(&self, u: &mut Universe, e: &Expr) -> Result<Id, GameError> {
        match e {
            Expr::Literal(l) => Ok(literal(u, l)),
            Expr::Game {
                label: None,
                left,
                right,
            } => {
                let left = self.values(u, left)?;
                let right = self.values(u, right)?;
                Ok(u.game(&left, &right))
            }
            Expr::PlusMinus(xs) => {
                let xs = self.values(u, xs)?;
                let nxs: Vec<Id> = xs.iter().map(|&x| u.neg(x)).collect();
                Ok(u.game(&xs, &nxs))
            }
            Expr::Tiny { tiny, of } => {
                let x = self.value(u, of)?;
                // Tiny(x) = {0 || 0 | −x}; Miny(x) = −Tiny(x).
                let zero = u.zero();
                let nx = u.neg(x);
                let inner = u.game(&[zero], &[nx]);
                let t = u.game(&[zero], &[inner]);
                Ok(if *tiny { t } else { u.neg(t) })
            }
            Expr::Name { word, .. } => {
                if let Some(form) = u.named_kept(word).cloned() {
                    return Ok(u.kept_value(&form));
                }
                u.named(word).ok_or_else(|| {
                    err(
                        self.text,
                        format_args!(
                            "unknown word '{word}' (a name is given a value with `{word} := …` \
                             in a session: `grundy cgt` reading lines from standard input)"
                        ),
                    )
                })
            }
            Expr::Kept(_) => {
                let form = self.kept(u, e)?;
                Ok(u.kept_value(&form))
            }
            Expr::Negative(g) => {
                let g = self.value(u, g)?;
                Ok(u.neg(g))
            }
            Expr::Sum(terms) => {
                let mut sum = None;
                for (minus, t) in terms {
                    let h = self.value(u, t)?;
                    sum = Some(match (sum, minus) {
                        (None, _) => h,
                        (Some(g), false) => u.add(g, h),
                        (Some(g), true) => u.sub(g, h),
                    });
                }
                Ok(sum.expect("a sum has terms"))
            }
            Expr::Product(xs) => {
                let mut g = self.value(u, &xs[0])?;
                for x in &xs[1..] {
                    let h = self.value(u, x)?;
                    g = u.times(g, h).ok_or_else(|| {
                        err(
                            self.text,
                            "a product is n * G or G * n for an integer n, or of two numbers",
                        )
                    })?;
                }
                Ok(g)
            }
            Expr::Ordinal(xs) => {
                // Each operand may be a form kept as written (`'{*|*}' : 1`), whose form the
                // sum follows.
                let mut g = self.kept(u, &xs[0])?;
                for x in &xs[1..] {
                    let h = self.kept(u, x)?;
                    g = Kept::Value(u.ordinal_sum_kept(&g, &h));
                }
                Ok(u.kept_value(&g))
            }
            Expr::Call { on, calls } => {
                let mut g = self.value(u, on)?;
                for (name, args) in calls {
                    let args = self.values(u, args)?;
                    g = self.method(u, g, name, &args)?;
                }
                Ok(g)
            }
            Expr::Misere(_) => Err(err(
                self.text,
                "a misère form *[…] is not a game of normal play: it is added to misère \
                 forms and nimbers only",
            )),
            Expr::Game { label: Some(l), .. } => Err(self.loopy(&format!("'{l}{{…}}', labelled,"))),
            Expr::Constant(c) => Err(self.loopy(&format!("'{}'", c.word()))),
            Expr::Pseudo { suffix, .. } => Err(self.loopy(&format!("'{}'", suffix.word()))),
            Expr::Sided(..) => Err(self.loopy("a sided value S & T")),
            Expr::Pass { col } => Err(err(
                self.text,
                format_args!(
                    "'pass' at column {col} is an option of a loopy game, a move to the game \
                     being written ({{0|pass}})"
                ),
            )),
        }
    }

    fn values(&self, u: &mut Universe, xs: &[Expr]) -> Result<Vec<Id>, GameError> {
        xs.iter().map(|x| self.value(u, x)).collect()
    }

    /// The form `e` keeps when it is a form kept as written (`'{a, b | c}'`, or a name given
    /// to one): its options as written, each kept when written as a kept form (a nested bar,
    /// `'{a || b | c}'`, makes a value of the inner game, as in CGSuite); else its value.
    pub(super) fn kept(&self, u: &mut Universe, e: &Expr) -> Result<Kept, GameError> {
        match e {
            Expr::Kept(g) => {
                let Expr::Game { left, right, .. } = &**g else {
                    unreachable!("the syntax keeps games in braces only")
                };
                let left: Result<Vec<Kept>, GameError> =
                    left.iter().map(|o| self.kept(u, o)).collect();
                let right: Result<Vec<Kept>, GameError> =
                    right.iter().map(|o| self.kept(u, o)).collect();
                Ok(Kept::Form {
                    left: left?,
                    right: right?,
                })
            }
            Expr::Name { word, .. } if u.named_kept(word).is_some() => {
                Ok(u.named_kept(word).cloned().expect("looked up"))
            }
            _ => self.value(u, e).map(Kept::Value),
        }
    }

    /// `g.name(args)`: CGSuite's methods of a short game.
    pub(super) fn method(
        &self,
        u: &mut Universe,
        g: Id,
        name: &str,
        args: &[Id],
    ) -> Result<Id, GameError> {
        let want = |n: usize| {
            if args.len() == n {
                Ok(())
            } else {
                Err(err(
                    self.text,
                    format_args!(
                        "{name} takes {n} argument{} ({} given)",
                        if n == 1 { "" } else { "s" },
                        args.len()
                    ),
                ))
            }
        };
        let number = |u: &mut Universe, x: Dyadic| Ok(u.number(x));
        match name {
            "Cool" => {
                want(1)?;
                u.cool(g, args[0]).ok_or_else(|| {
                    err(
                        self.text,
                        "a game is cooled by a number above -1 (G Cool 1/2, G.Cool(1))",
                    )
                })
            }
            "Heat" => {
                want(1)?;
                Ok(u.heat(g, args[0]))
            }
            "Overheat" => {
                want(2)?;
                Ok(u.overheat(g, args[0], args[1]))
            }
            "NortonProduct" => {
                want(1)?;
                u.norton_product(g, args[0]).ok_or_else(|| {
                    err(
                        self.text,
                        "G.NortonProduct(U) takes a unit U greater than 0",
                    )
                })
            }
            "OrdinalSum" => {
                want(1)?;
                Ok(u.ordinal_sum(g, args[0]))
            }
            "Freeze" => {
                want(0)?;
                let t = u.thermograph(g).temperature;
                let t = u.number(t.max(Dyadic::ZERO));
                Ok(u.cool(g, t).unwrap_or(g))
            }
            "Mean" | "Temperature" | "LeftStop" | "RightStop" => {
                want(0)?;
                let x = match name {
                    "Mean" => u.thermograph(g).mean,
                    "Temperature" => u.thermograph(g).temperature,
                    "LeftStop" => u.left_stop(g),
                    _ => u.right_stop(g),
                };
                number(u, x)
            }
            "Birthday" => {
                want(0)?;
                let b = u.birthday(g);
                number(u, Dyadic::from_big(b.into(), 0))
            }
            "AtomicWeight" => {
                want(0)?;
                u.atomic_weight(g).ok_or_else(|| {
                    err(self.text, "the game is not atomic: it has no atomic weight")
                })
            }
            "ReducedCanonicalForm" => {
                want(0)?;
                Ok(u.reduced(g))
            }
            "CanonicalForm" | "Onside" | "Offside" => {
                // A short game is its own onside and offside (loopy games are not read yet).
                want(0)?;
                Ok(g)
            }
            "Degree" => {
                // The degree of loopiness: 0 for every short game.
                want(0)?;
                Ok(u.zero())
            }
            "Subordinate" => {
                want(1)?;
                u.subordinate_to(g, args[0]).ok_or_else(|| {
                    err(
                        self.text,
                        "that game cannot be subordinated to the base given",
                    )
                })
            }
            "Pow" | "PowTo" => {
                want(1)?;
                let r = if name == "Pow" {
                    u.pow(g, args[0])
                } else {
                    u.pow_to(g, args[0])
                };
                r.map_err(|why| err(self.text, format_args!("{name}: {why}")))
            }
            _ if super::PROPERTIES.contains(&name) || super::PREDICATES.contains(&name) => Err(err(
                self.text,
                format_args!(
                    "'{name}' says something of a game (games listed, true or false, a \
                     thermograph), so it is not a method that makes one: write it last, as in \
                     G.{name}"
                ),
            )),
            _ => Err(err(
                self.text,
                format_args!(
                    "'{name}' is not a method grundy knows (Cool, Heat, Overheat, \
                     NortonProduct, OrdinalSum, Pow, PowTo, Subordinate, Freeze, Mean, Temperature, LeftStop, \
                     RightStop, Birthday, AtomicWeight, ReducedCanonicalForm, CanonicalForm, \
                     Onside, Offside, Degree; and written last: LeftOptions, RightOptions, \
                     Incentives, Thermograph, Is…)"
                ),
            )),
        }
    }
}
