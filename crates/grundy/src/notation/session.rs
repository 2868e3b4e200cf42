//! A worksheet: expressions read one line at a time, each answered as `grundy cgt` answers
//! one, where `name := expression` also gives the value a name for the lines after it (as in
//! a CGSuite worksheet).
//!
//! ```
//! use grundy::notation::{session::Session, Answer};
//!
//! let mut s = Session::new();
//! s.line("g := {2|-2}").unwrap();
//! let entry = s.line("g + {1|-1}").unwrap().unwrap();
//! let Answer::Value(r) = &entry.answer else { panic!() };
//! assert_eq!(r.canonical, "+-{3|1}");
//! let entry = s.line("g > 0").unwrap().unwrap();
//! assert!(matches!(entry.answer, Answer::Comparison(ref c) if !c.result));
//! assert!(s.line("# a comment").unwrap().is_none());
//! ```

use super::held::Held;
use super::{compare, Answer};
use crate::cgt::loopy::{Graph, Value};
use crate::cgt::syntax::{self, Statement};
use crate::cgt::Universe;
use crate::misere_form::Forms;
use crate::GameError;

/// One answered line.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Entry {
    /// The name given to the value (`name := …`), if any.
    pub name: Option<String>,
    /// The answer, as `grundy cgt` gives it for the expression alone.
    #[serde(flatten)]
    pub answer: Answer,
}

/// A worksheet's state: the values and misère forms built so far, and their names.
#[derive(Debug, Default)]
pub struct Session {
    pub(super) universe: Universe,
    pub(super) misere: Forms,
    pub(super) loopy: Graph,
}

impl Session {
    /// An empty worksheet.
    pub fn new() -> Self {
        Session::default()
    }

    /// Answers one line: an expression (a value, a misère form or a comparison, see
    /// [`super::answer`]), or `name := expression`, which also names the value. A blank
    /// line or a comment (`#` or `//` first) answers `None`.
    pub fn line(&mut self, text: &str) -> Result<Option<Entry>, GameError> {
        let line = text.trim();
        if line.is_empty() || line.starts_with('#') || line.starts_with("//") {
            return Ok(None);
        }
        let (name, expression) = match line.split_once(":=") {
            Some((name, expression)) => (Some(name.trim()), expression.trim()),
            None => (None, line),
        };
        self.expression(line, name, expression).map(|answer| {
            Some(Entry {
                name: name.map(str::to_string),
                answer,
            })
        })
    }

    /// The answer to `expression`, which `name` (if any) then names; `line` is the whole line,
    /// for errors.
    pub(crate) fn expression(
        &mut self,
        line: &str,
        name: Option<&str>,
        expression: &str,
    ) -> Result<Answer, GameError> {
        let (left, relation, right) = match syntax::statement(expression)? {
            Statement::Value(e) => {
                if let Some((game, property)) = e.property(super::ask::is_property) {
                    if name.is_some() {
                        return Err(GameError::Invalid(format!(
                            "'{line}': .{property} says something of a game, not a value to \
                             name"
                        )));
                    }
                    return self.ask(expression, &game, property);
                }
                let (held, kept) = self.read(expression, &e)?;
                let answer = self.answer_of(held)?;
                if let Some(name) = name {
                    self.forget(name);
                    match (held, kept) {
                        (_, Some(form)) => self.universe.define_kept(name, form)?,
                        (Held::Game(Value::Short(g)), None) => self.universe.define(name, g)?,
                        (Held::Game(v), None) => self.loopy.define_value(name, v)?,
                        (Held::Misere(g), None) => self.misere.define(name, g)?,
                    }
                }
                return Ok(answer);
            }
            Statement::Compare(left, relation, right) => (left, relation, right),
        };
        if name.is_some() {
            return Err(GameError::Invalid(format!(
                "'{line}': a comparison is true or false, not a value to name"
            )));
        }
        let a = self.read(expression, &left)?.0;
        let b = self.read(expression, &right)?.0;
        let result = self.holds(a, relation, b).map_err(|e| match e {
            GameError::Invalid(why) => GameError::Invalid(format!("'{expression}': {why}")),
            e => e,
        })?;
        Ok(Answer::Comparison(compare::Comparison {
            expression: expression.to_string(),
            result,
        }))
    }

    /// Takes `name` from whatever kind of game had it, before it names another.
    fn forget(&mut self, name: &str) {
        self.universe.forget(name);
        self.misere.forget(name);
        self.loopy.forget(name);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(s: &mut Session, line: &str) -> String {
        match s.line(line).unwrap().unwrap().answer {
            Answer::Value(r) => r.canonical,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn names_carry_values_to_later_lines() {
        let mut s = Session::new();
        assert_eq!(value(&mut s, "a := {1|0}"), "{1|0}");
        let twice = crate::cgt::report("{1|0} + {1|0}").unwrap().canonical;
        assert_eq!(value(&mut s, "b := a + a"), twice);
        assert_eq!(value(&mut s, "b - a - a"), "0");
        assert_eq!(value(&mut s, "a - a"), "0");
        // A name is redefined by a later line, and may start with v.
        assert_eq!(value(&mut s, "val := ^"), "^");
        assert_eq!(value(&mut s, "val + v"), "0");
        assert_eq!(value(&mut s, "a := {3|1}"), "{3|1}");
        assert_eq!(value(&mut s, "a Cool 1"), "2*");
        let Answer::Comparison(c) = s.line("val > 0").unwrap().unwrap().answer else {
            panic!()
        };
        assert!(c.result);
    }

    /// Misère forms are named as values are, and a name moves between the two kinds when
    /// it is given again.
    #[test]
    fn names_carry_misere_forms_to_later_lines() {
        let mut s = Session::new();
        let misere = |s: &mut Session, line: &str| match s.line(line).unwrap().unwrap().answer {
            Answer::Misere(r) => r.canonical.unwrap(),
            other => panic!("{other:?}"),
        };
        assert_eq!(misere(&mut s, "m := *[2] + *[2]"), "*[2[2]]");
        assert_eq!(misere(&mut s, "m + *[2]"), "*[2[22]]");
        let written = misere(&mut s, "(*[2] + *[2]) : *[1]");
        assert_eq!(misere(&mut s, "n := m : *[1]"), written);
        assert_eq!(misere(&mut s, "n"), written);
        let Answer::Comparison(c) = s.line("m != *[0]").unwrap().unwrap().answer else {
            panic!()
        };
        assert!(c.result);
        // Given to a value, the name is a value's.
        assert_eq!(value(&mut s, "m := ^"), "^");
        assert_eq!(value(&mut s, "m + v"), "0");
        assert_eq!(misere(&mut s, "m := *[1]"), "*[1]");
        assert!(s.line("m + ^").is_err());
    }

    /// Loopy games are named too, and mix with named short values.
    #[test]
    fn names_carry_loopy_games_to_later_lines() {
        let mut s = Session::new();
        let loopy = |s: &mut Session, line: &str| match s.line(line).unwrap().unwrap().answer {
            Answer::Loopy(r) => r.canonical,
            other => panic!("{other:?}"),
        };
        assert_eq!(loopy(&mut s, "u := upon"), "^[on]");
        assert_eq!(loopy(&mut s, "u + u"), "{0|^[on]*}");
        assert_eq!(value(&mut s, "g := {1|0}"), "{1|0}");
        assert_eq!(loopy(&mut s, "h := g + over"), "{1over|over}");
        let Answer::Comparison(c) = s.line("h - g == over").unwrap().unwrap().answer else {
            panic!()
        };
        assert!(c.result);
        // Given to a short value, the name is a value's again.
        assert_eq!(value(&mut s, "u := 3"), "3");
        assert_eq!(value(&mut s, "u + 1"), "4");
    }

    /// One tree for every kind of game: forms kept as written beside loopy games, short
    /// games' methods inside loopy expressions, comparisons of any two kinds (a nimber beside
    /// a misère form is a heap), and what cannot be mixed refused in words.
    #[test]
    fn one_reader_reads_every_kind_of_game() {
        let truth = |text: &str| match super::super::answer(text).unwrap() {
            Answer::Comparison(c) => c.result,
            other => panic!("{text}: {other:?}"),
        };
        assert!(truth("('{*|*}' : on) == upon"));
        assert!(truth("'{-1|1}' : on == 1under"));
        assert!(truth("{3|-3}.Cool(1) + on == {2|-2} + on"));
        assert!(truth("({1|-1} Heat 1) + over == {2|-2} + over"));
        assert!(truth("*2 + *[2] == *[2] + *[2]"));
        assert!(truth("3/2over > ^[on]*"));
        assert!(!truth("-1/4v[on]* >= 0"));
        let mut s = Session::new();
        assert_eq!(value(&mut s, "g := '{*|*}'"), "0");
        let entry = s.line("g : on == upon").unwrap().unwrap();
        assert!(matches!(entry.answer, Answer::Comparison(ref c) if c.result));
        for (text, says) in [
            (
                "'{on|}' : on",
                "'on' is a loopy game; only a short game is read here",
            ),
            ("*[2] + ^", "numbers and ups are games of normal play"),
            (
                "^ == *[2]",
                "a misère form and a game of normal play cannot be compared",
            ),
            ("{pass|} + pass", "'pass' at column 11 is an option"),
            (
                "*[2] < *[3]",
                "'*[2] < *[3]': misère games are compared for equality only",
            ),
        ] {
            let e = super::super::answer(text).unwrap_err().to_string();
            assert!(e.contains(says), "{text}: {e}");
        }
    }

    #[test]
    fn bad_lines_are_refused_in_words() {
        let mut s = Session::new();
        for (line, says) in [
            ("x + 1", "unknown word 'x'"),
            ("v := 1", "a name is a letter"),
            ("Cool := 1", "a word of the notation"),
            ("2a := 1", "a name is a letter"),
            ("m := *[2] + 1", "a misère game is *[…], *n, 0"),
            ("c := ^ > 0", "a comparison is true or false"),
            ("a := {1|", "game"),
        ] {
            let e = s.line(line).unwrap_err().to_string();
            assert!(e.contains(says), "{line}: {e}");
        }
        // A refused line leaves the names as they were.
        assert!(s.line("a").is_err());
    }
}
