//! CGSuite's notation, whichever kind of game an expression writes: a short game's value
//! ([`crate::cgt`]), a loopy game's ([`crate::cgt::loopy`]), a misère canonical form
//! ([`crate::misere_form`]), or a comparison of two of them ([`compare`]); and a worksheet
//! ([`session`]), where `name := expression` names a value for the lines after it. What
//! `grundy cgt`, `grundy value` and `grundy cgt --session` answer.

pub mod ask;
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
    /// Whether a comparison (`^ > 0`) or a predicate (`^.IsNumber`) holds.
    Comparison(compare::Comparison),
    /// A loopy game's value (`on`, `{0|pass}`, `a{0||0|a}`).
    Loopy(loopy::LoopyReport),
    /// Games a property lists (`{2|-2}.LeftOptions`, `.Incentives`).
    Listing(ask::Listing),
    /// A short game's thermograph (`{2|-2}.Thermograph`).
    Thermograph(ask::Thermograph),
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

/// The [`Answer`] for the position `p` of `game`: its misère canonical form when the game
/// is played by the misère rule, else its value (see [`crate::DynGame::value`]).
pub fn value_of(
    game: &dyn crate::DynGame,
    p: &crate::Position,
) -> Result<Answer, crate::GameError> {
    if game.misere() {
        let mut forms = crate::misere_form::Forms::new();
        let g = game.misere_form(&mut forms, p)?;
        forms.report(g).map(Answer::Misere)
    } else {
        game.value(p).map(Answer::Value)
    }
}

/// The short game `words` write, in a universe of its own: a game's position as the command
/// line writes it (`domineering ..|..`, `kayles 5 + nim 3`, its options too) when the first
/// word names a game of `registry` or a sum, else an expression in CGSuite's notation. What
/// `grundy plot thermograph` and the playground's `/api/thermograph` draw.
///
/// ```
/// use grundy::notation::short_game;
/// use grundy::registry::Registry;
///
/// let r = Registry::catalog();
/// let (mut u, g) = short_game(&r, &["domineering", "..|.."]).unwrap();
/// assert_eq!(u.show(g), "+-1");
/// let (mut u, g) = short_game(&r, &["{1|-1} + *"]).unwrap();
/// assert_eq!(u.show(g), "+-(1*)");
/// let (mut u, g) = short_game(&r, &["domineering ..|.. + domineering ..|.."]).unwrap();
/// assert_eq!(u.show(g), "0");
/// assert!(short_game(&r, &["on"]).unwrap_err().to_string().contains("loopy"));
/// ```
pub fn short_game(
    registry: &crate::registry::Registry,
    words: &[&str],
) -> Result<(crate::cgt::Universe, crate::cgt::Id), crate::GameError> {
    // A query quoted whole ("domineering ..|.. + nim 1") is its words.
    let words: Vec<&str> = words.iter().flat_map(|w| w.split_whitespace()).collect();
    let words = &words[..];
    let mut u = crate::cgt::Universe::new();
    let g = match words.first() {
        Some(&w) if registry.get(w).is_some() || w == "sum" => {
            let (game, p) = registry.parse_words(words)?.open()?;
            let report = game.value(&p)?;
            u.parse(&report.canonical)?
        }
        _ => {
            let text = words.join(" ");
            let e = crate::cgt::syntax::expression(&text)?;
            if e.is_loopy() {
                return Err(crate::GameError::Invalid(format!(
                    "{}; grundy cgt '{text}' says what is known of it",
                    ask::no_thermograph(&text)
                )));
            }
            let form = u.read_kept(&text, &e)?;
            u.kept_value(&form)
        }
    };
    u.check()?;
    Ok((u, g))
}
