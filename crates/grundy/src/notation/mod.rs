//! CGSuite's notation, whichever kind of game an expression writes: a short game's value
//! ([`crate::cgt`]), a loopy game's ([`crate::cgt::loopy`]), a misère canonical form
//! ([`crate::misere_form`]), or a comparison of two of them ([`compare`]); and a worksheet
//! ([`session`]), where `name := expression` names a value for the lines after it. What
//! `grundy cgt`, `grundy value` and `grundy cgt --session` answer.

pub mod compare;
pub mod held;
pub mod session;

use crate::cgt::{loopy, Report};

/// What `grundy cgt EXPR` and `grundy value GAME POSITION` answer: a short game's value, or
/// an impartial game's misère canonical form (an expression in CGSuite's `*[…]` notation, a
/// position played by the misère rule). Written in JSON as the report itself.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(untagged)]
pub enum Answer {
    /// A short game's value.
    Value(Report),
    /// A misère canonical form.
    Misere(crate::misere_form::Report),
    /// Whether a comparison (`^ > 0`) holds.
    Comparison(compare::Comparison),
    /// A loopy game's value (`on`, `{0|pass}`, `a{0||0|a}`).
    Loopy(loopy::LoopyReport),
}

/// The [`Answer`] to an expression: whether a comparison holds (`^ > 0`, with CGSuite's
/// operators, see [`compare`]), a misère form when it writes one (`*[2] + *[2]`), else a short
/// game's value.
///
/// ```
/// use grundy::notation::{answer, Answer};
///
/// assert!(matches!(answer("{1|-1}").unwrap(), Answer::Value(_)));
/// assert!(matches!(answer("*[2] + *[2]").unwrap(), Answer::Misere(_)));
/// let Answer::Comparison(c) = answer("^ > 0").unwrap() else { panic!() };
/// assert!(c.result);
/// ```
pub fn answer(text: &str) -> Result<Answer, crate::GameError> {
    let text = text.trim();
    session::Session::new().expression(text, None, text)
}

/// The [`Answer`] for the position `args` of `game`: its misère canonical form when the game
/// is played by the misère rule, else its value (see [`crate::DynGame::value`]).
pub fn value_of(game: &dyn crate::DynGame, args: &[&str]) -> Result<Answer, crate::GameError> {
    if game.misere() {
        let mut forms = crate::misere_form::Forms::new();
        let g = game.misere_form(&mut forms, args)?;
        forms.report(g).map(Answer::Misere)
    } else {
        game.value(args).map(Answer::Value)
    }
}
