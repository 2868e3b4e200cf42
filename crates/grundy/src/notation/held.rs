//! Values a worksheet holds for a program (Python's `grundy.cgt`): read once from CGSuite's
//! notation, then added, negated and compared as values — short games in the worksheet's
//! universe, loopy games in its graph, misère forms in its arena — never written out and
//! read again.
//!
//! ```
//! use grundy::notation::{compare::Relation, session::Session, Answer};
//!
//! let mut s = Session::new();
//! let (g, h) = (s.hold("{2|-2}").unwrap(), s.hold("{1|-1}").unwrap());
//! let sum = s.add(g, h).unwrap();
//! let Answer::Value(r) = s.answer_of(sum).unwrap() else { panic!() };
//! assert_eq!(r.canonical, "+-{3|1}");
//! let up = s.hold("^").unwrap();
//! let zero = s.hold("0").unwrap();
//! assert!(s.holds(up, Relation::Greater, zero).unwrap());
//! let on = s.hold("on").unwrap();
//! assert!(s.holds(on, Relation::Greater, up).unwrap());
//! let m = s.hold("*[2]").unwrap();
//! assert!(s.add(m, up).is_err());
//! ```

use super::compare::Relation;
use super::session::Session;
use super::Answer;
use crate::cgt::loopy::{self, Value};
use crate::cgt::syntax::{self, Expr, Statement};
use crate::cgt::Kept;
use crate::misere_form::Form;
use crate::GameError;

/// A value a worksheet holds: a game of normal play (short, loopy or sided), or a misère
/// canonical form. It belongs to the worksheet that made it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Held {
    /// A game played by the normal rule.
    Game(Value),
    /// A misère canonical form.
    Misere(Form),
}

/// Why a misère form and a game of normal play cannot meet.
fn mixed(what: &str) -> GameError {
    GameError::Invalid(format!(
        "a misère form and a game of normal play cannot be {what}: misère forms meet misère \
         forms only (and nimbers, read as nim heaps)"
    ))
}

impl Session {
    /// The value `expression` writes (not a comparison), held in this worksheet, where the
    /// names it has given stand for their values.
    pub fn hold(&mut self, expression: &str) -> Result<Held, GameError> {
        let expression = expression.trim();
        match syntax::statement(expression)? {
            Statement::Compare(..) => Err(GameError::Invalid(format!(
                "'{expression}': a comparison is true or false, not a value"
            ))),
            Statement::Value(e) => {
                if let Some((_, property)) = e.property(super::ask::is_property) {
                    return Err(GameError::Invalid(format!(
                        "'{expression}': .{property} says something of a game, not a value"
                    )));
                }
                self.read(expression, &e).map(|(held, _)| held)
            }
        }
    }

    /// Starts the games of normal play afresh (a new universe and loopy graph), keeping the
    /// misère forms and what names them: after a computation stopped part way (a budget, an
    /// interrupt), whose unfinished tables a universe keeps, a program goes on with this.
    /// Values of normal play held before are not this worksheet's any more; misère forms
    /// are.
    pub fn fresh_games(&mut self) {
        self.universe = crate::cgt::Universe::new();
        self.loopy = loopy::Graph::new();
    }

    /// How many games of normal play this worksheet holds (short games' canonical forms and
    /// loopy graphs' vertices): what a long program watches to start them afresh
    /// ([`Session::fresh_games`]) before memory runs out.
    pub fn games_held(&self) -> usize {
        self.universe.len() + self.loopy.len()
    }

    /// The value of the position `p` of `game`, held here: its misère canonical form when
    /// the game is played by the misère rule, else its value (as [`super::value_of`]).
    pub fn hold_position(
        &mut self,
        game: &dyn crate::DynGame,
        p: &crate::Position,
    ) -> Result<Held, GameError> {
        if game.misere() {
            return game.misere_form(&mut self.misere, p).map(Held::Misere);
        }
        // A report's canonical form reads back as the same value.
        let report = game.value(p)?;
        self.hold(&report.canonical)
    }

    /// The value the tree `e` of `text` writes — a misère form when it writes one or uses
    /// a name given to one, else a loopy game when it writes one (or uses a name), else a
    /// short game — and, for a short game, its form as written (kept for the ordinal sums of
    /// a name given to it).
    pub(super) fn read(&mut self, text: &str, e: &Expr) -> Result<(Held, Option<Kept>), GameError> {
        if self.misere.claims(e) {
            Ok((Held::Misere(self.misere.read(text, e)?), None))
        } else if self.loopy.claims(e) {
            let v = loopy::read(&mut self.universe, &mut self.loopy, text, e)?;
            Ok((Held::Game(v), None))
        } else {
            let form = self.universe.read_kept(text, e)?;
            let g = self.universe.kept_value(&form);
            Ok((Held::Game(Value::Short(g)), Some(form)))
        }
    }

    /// A short game's canonical form, as its report writes it, without the rest of the
    /// report (its thermograph, stops, atomic weight: what a program that only adds values
    /// never asks for); `None` for a loopy game or a misère form.
    pub fn short_canonical(&mut self, held: Held) -> Option<String> {
        match held {
            Held::Game(Value::Short(g)) => Some(self.universe.show(g)),
            _ => None,
        }
    }

    /// What `grundy cgt` answers for a value held here.
    pub fn answer_of(&mut self, held: Held) -> Result<Answer, GameError> {
        match held {
            Held::Game(Value::Short(g)) => self.universe.report(g).map(Answer::Value),
            Held::Game(v) => self
                .loopy
                .report_value(&mut self.universe, v)
                .map(Answer::Loopy),
            Held::Misere(g) => self.misere.report(g).map(Answer::Misere),
        }
    }

    /// `a` and `b` of one kind: a nimber beside a misère form is the nim heap's form, as the
    /// notation reads `* + *[2]` (a misère expression, where `*n` is a heap of n).
    fn alike(&mut self, a: Held, b: Held) -> (Held, Held) {
        match (a, b) {
            (Held::Game(Value::Short(g)), Held::Misere(_)) => (self.as_heap(g).unwrap_or(a), b),
            (Held::Misere(_), Held::Game(Value::Short(h))) => (a, self.as_heap(h).unwrap_or(b)),
            _ => (a, b),
        }
    }

    /// The misère form of a nim heap, for a short game that is a nimber.
    fn as_heap(&mut self, g: crate::cgt::Id) -> Option<Held> {
        let n = self.universe.as_nimber(g)?;
        self.misere.nimber(n).ok().map(Held::Misere)
    }

    /// The sum `a + b`.
    pub fn add(&mut self, a: Held, b: Held) -> Result<Held, GameError> {
        let (a, b) = self.alike(a, b);
        let sum = match (a, b) {
            (Held::Game(g), Held::Game(h)) => {
                Held::Game(g.plus(&mut self.universe, &mut self.loopy, h)?)
            }
            (Held::Misere(g), Held::Misere(h)) => Held::Misere(self.misere.add(g, h)?),
            _ => return Err(mixed("added")),
        };
        self.universe.check()?;
        Ok(sum)
    }

    /// The negative `-a` of a game of normal play; a misère form is refused, as the notation
    /// refuses `-*[2]` (in misère play G − G is not 0, so a difference says nothing).
    pub fn negative(&mut self, a: Held) -> Result<Held, GameError> {
        let negative = match a {
            Held::Game(g) => Held::Game(g.negative(&mut self.universe, &mut self.loopy)?),
            Held::Misere(_) => {
                return Err(GameError::Invalid(
                    "a misère form has no negative to add: in misère play G − G is not 0, so \
                     misère forms are added, not subtracted"
                        .into(),
                ))
            }
        };
        self.universe.check()?;
        Ok(negative)
    }

    /// Whether `a relation b` holds: games of normal play in their partial order, misère
    /// forms for equality only.
    pub fn holds(&mut self, a: Held, relation: Relation, b: Held) -> Result<bool, GameError> {
        let (a, b) = self.alike(a, b);
        match (a, b) {
            (Held::Game(g), Held::Game(h)) => {
                let order = loopy::order_values(&mut self.universe, &mut self.loopy, g, h)?;
                self.universe.check()?;
                Ok(relation.holds(order))
            }
            (Held::Misere(g), Held::Misere(h)) => match relation {
                Relation::Equal => Ok(g == h),
                Relation::NotEqual => Ok(g != h),
                _ => Err(GameError::Invalid(
                    "misère games are compared for equality only (== or !=): they have no order"
                        .into(),
                )),
            },
            _ => Err(mixed("compared")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every operation on held values answers as the same operation written out and read by
    /// `grundy cgt` does.
    #[test]
    fn held_values_answer_as_the_notation_does() {
        let values = [
            "0",
            "*",
            "^",
            "{1|-1}",
            "1/2",
            "{2|0||-1}",
            "^<2>",
            "on",
            "over",
            "upon",
            "{0|pass}",
            "on & off",
            "*[2]",
            "*[1]",
            "*2",
        ];
        for a in values {
            for b in values {
                let mut s = Session::new();
                let (x, y) = (s.hold(a).unwrap(), s.hold(b).unwrap());
                let text = format!("({a}) + ({b})");
                match s.add(x, y) {
                    Ok(sum) => {
                        let want = super::super::answer(&text).unwrap();
                        assert_eq!(s.answer_of(sum).unwrap(), want, "{text}");
                    }
                    Err(e) => assert!(super::super::answer(&text).is_err(), "{text}: {e}"),
                }
                match s.negative(x) {
                    Ok(n) => {
                        let want = super::super::answer(&format!("-({a})")).unwrap();
                        assert_eq!(s.answer_of(n).unwrap(), want, "-({a})");
                    }
                    Err(_) => assert!(super::super::answer(&format!("-({a})")).is_err(), "-{a}"),
                }
                for (op, relation) in [
                    ("<", Relation::Less),
                    ("<=", Relation::LessOrEqual),
                    ("==", Relation::Equal),
                    ("<>", Relation::Confused),
                ] {
                    let text = format!("({a}) {op} ({b})");
                    let got = s.holds(x, relation, y);
                    match super::super::answer(&text) {
                        Ok(Answer::Comparison(c)) => assert_eq!(got, Ok(c.result), "{text}"),
                        other => assert!(got.is_err(), "{text}: {other:?}"),
                    }
                }
            }
        }
    }

    /// A position held answers as `grundy value` does, a misère one too.
    #[test]
    fn positions_are_held_as_their_values() {
        let registry = crate::registry::Registry::catalog();
        let mut s = Session::new();
        for (game, position) in [
            ("domineering", "...|...|..."),
            ("kayles", "5"),
            ("kayles --misere", "5"),
            ("toads-frogs", "TT..FF"),
        ] {
            let g = registry.parse(game).unwrap().game().unwrap();
            let p = g.position(&[position]).unwrap();
            let held = s.hold_position(g.as_ref(), &p).unwrap();
            let want = super::super::value_of(g.as_ref(), &p).unwrap();
            assert_eq!(s.answer_of(held).unwrap(), want, "{game} {position}");
        }
    }

    /// A worksheet's games grow with what it holds and start afresh when asked; a value
    /// held before is the same value read again from its canonical form.
    #[test]
    fn games_held_are_counted_and_start_afresh() {
        let mut s = Session::new();
        let empty = s.games_held();
        let g = s.hold("{5|-5} + {4|-4} + ^<3> + a{0|a}").unwrap();
        let Answer::Loopy(before) = s.answer_of(g).unwrap() else {
            panic!()
        };
        assert!(s.games_held() > empty);
        s.fresh_games();
        assert_eq!(s.games_held(), empty);
        let again = s.hold(&before.canonical).unwrap();
        assert_eq!(s.answer_of(again).unwrap(), Answer::Loopy(before));
    }

    #[test]
    fn misere_forms_add_and_compare_for_equality() {
        let mut s = Session::new();
        let (two, one) = (s.hold("*[2]").unwrap(), s.hold("*[1]").unwrap());
        let sum = s.add(two, two).unwrap();
        let Answer::Misere(r) = s.answer_of(sum).unwrap() else {
            panic!()
        };
        assert_eq!(r.canonical.as_deref(), Some("*[2[2]]"));
        assert!(s.holds(sum, Relation::NotEqual, one).unwrap());
        let again = s.hold("*[2] + *[2]").unwrap();
        assert!(s.holds(sum, Relation::Equal, again).unwrap());
        assert!(s.holds(sum, Relation::Less, one).is_err());
        // A nimber beside a misère form is a nim heap, as the notation reads it.
        let (star, heap) = (s.hold("*").unwrap(), s.hold("*2").unwrap());
        let plus = s.add(star, two).unwrap();
        assert_eq!(plus, s.hold("* + *[2]").unwrap());
        assert!(s.holds(heap, Relation::Equal, two).unwrap());
        let up = s.hold("^").unwrap();
        for e in [
            s.add(up, one).unwrap_err(),
            s.holds(one, Relation::Equal, up).unwrap_err(),
        ] {
            assert!(
                e.to_string()
                    .contains("misère forms meet misère forms only"),
                "{e}"
            );
        }
        assert!(s.hold("^ > 0").is_err());
    }
}
