//! CGSuite's properties that say something of a game rather than make one, written last:
//! `G.LeftOptions`, `G.RightOptions` (and `G.Options` of a misère form), `G.Incentives`, the
//! `Is…` predicates (true or false), and `G.Thermograph` (its walls, mean and temperature;
//! `grundy plot thermograph` draws it).
//!
//! ```
//! use grundy::notation::{answer, Answer};
//!
//! let Answer::Listing(l) = answer("{2|-2}.LeftOptions").unwrap() else { panic!() };
//! assert_eq!(l.values, ["2"]);
//! let Answer::Comparison(c) = answer("^.IsInfinitesimal").unwrap() else { panic!() };
//! assert!(c.result);
//! let Answer::Thermograph(t) = answer("{2|-2}.Thermograph").unwrap() else { panic!() };
//! assert_eq!((t.mean.as_str(), t.temperature.as_str()), ("0", "2"));
//! ```

use super::compare::Comparison;
use super::held::Held;
use super::session::Session;
use super::Answer;
use crate::analysis::Player;
use crate::cgt::loopy::Value;
use crate::cgt::{PREDICATES, PROPERTIES};
use crate::GameError;

/// The properties of a short game that are lists of games, or its thermograph.
const SHORT: [&str; 4] = ["LeftOptions", "RightOptions", "Incentives", "Thermograph"];
/// The properties of a loopy game.
const LOOPY: [&str; 3] = ["LeftOptions", "RightOptions", "IsStopper"];
/// The properties of a misère form (impartial: Left's options are Right's).
const MISERE: [&str; 4] = ["Options", "LeftOptions", "RightOptions", "IsTame"];

/// Whether `name` is a property of some kind of game.
pub(super) fn is_property(name: &str) -> bool {
    PROPERTIES.contains(&name) || PREDICATES.contains(&name)
}

/// Games listed by a property: `grundy cgt "{2|-2}.LeftOptions"`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Listing {
    /// The expression as given.
    pub expression: String,
    /// The games, as CGSuite writes them.
    pub values: Vec<String>,
}

/// A short game's thermograph (Winning Ways ch. 6): each wall's corners `[t, v]` from
/// temperature 0 up, the last where the wall turns into the mast.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Thermograph {
    /// The expression as given.
    pub expression: String,
    /// Where the walls meet.
    pub mean: String,
    /// The temperature at which they meet (a number's is negative).
    pub temperature: String,
    /// Left's wall.
    pub left: Vec<[String; 2]>,
    /// Right's wall.
    pub right: Vec<[String; 2]>,
}

/// Why `name` is not a property of this kind of game, naming those it has.
fn not_of(name: &str, kind: &str, has: &[&str]) -> GameError {
    GameError::Invalid(format!(
        "'{name}' is not a property of {kind} (it has {})",
        has.join(", ")
    ))
}

/// Why the loopy game `expression` has no thermograph.
pub(super) fn no_thermograph(expression: &str) -> String {
    format!(
        "'{expression}' is a loopy game, and loopy games have no thermograph (it is drawn from \
         the stops of a short game's options at every temperature)"
    )
}

/// Why a sided value has no such property.
fn sided(name: &str) -> GameError {
    GameError::Invalid(format!(
        "a sided value S & T is two games: ask its .Onside or .Offside for '{name}'"
    ))
}

impl Session {
    /// The options of a held game for `player` (a misère form's, either player's).
    pub fn options(&mut self, a: Held, player: Player) -> Result<Vec<Held>, GameError> {
        let name = match player {
            Player::Left => "LeftOptions",
            Player::Right => "RightOptions",
        };
        Ok(match a {
            Held::Game(Value::Short(g)) => {
                let options = match player {
                    Player::Left => self.universe.left(g),
                    Player::Right => self.universe.right(g),
                };
                options
                    .iter()
                    .map(|&o| Held::Game(Value::Short(o)))
                    .collect()
            }
            Held::Game(Value::Loopy(v)) => {
                let options = match player {
                    Player::Left => self.loopy.left(v),
                    Player::Right => self.loopy.right(v),
                };
                options
                    .iter()
                    .map(|&o| Held::Game(Value::Loopy(o)))
                    .collect()
            }
            Held::Game(Value::Sided(..)) => return Err(sided(name)),
            Held::Misere(f) => self
                .misere
                .options(f)
                .iter()
                .map(|&o| Held::Misere(o))
                .collect(),
        })
    }

    /// The incentives of a held short game (see [`crate::cgt::Universe::incentives`]).
    pub fn incentives(&mut self, a: Held) -> Result<Vec<Held>, GameError> {
        match a {
            Held::Game(Value::Short(g)) => {
                let out = self.universe.incentives(g);
                self.universe.check()?;
                Ok(out
                    .into_iter()
                    .map(|d| Held::Game(Value::Short(d)))
                    .collect())
            }
            Held::Game(Value::Sided(..)) => Err(sided("Incentives")),
            Held::Game(_) => Err(not_of("Incentives", "a loopy game", &LOOPY)),
            Held::Misere(_) => Err(not_of("Incentives", "a misère form", &MISERE)),
        }
    }

    /// Whether the predicate `name` holds of a held game: a short game's `Is…`
    /// ([`PREDICATES`]), a loopy game's `IsStopper`, a misère form's `IsTame`.
    pub fn predicate(&mut self, a: Held, name: &str) -> Result<bool, GameError> {
        match a {
            Held::Game(Value::Short(g)) => match (name, self.universe.predicate(g, name)) {
                ("IsStopper", _) => Ok(true),
                (_, Some(b)) => Ok(b),
                (_, None) => {
                    let has: Vec<&str> = SHORT.iter().chain(&PREDICATES).copied().collect();
                    Err(not_of(name, "a short game", &has))
                }
            },
            Held::Game(Value::Loopy(v)) if name == "IsStopper" => Ok(self.loopy.is_stopper(v)),
            Held::Game(Value::Loopy(_)) => Err(not_of(name, "a loopy game", &LOOPY)),
            Held::Game(Value::Sided(..)) => Err(sided(name)),
            Held::Misere(f) if name == "IsTame" => self.misere.is_tame(f),
            Held::Misere(_) => Err(not_of(name, "a misère form", &MISERE)),
        }
    }

    /// A held game as CGSuite writes it.
    pub fn show(&mut self, a: Held) -> Result<String, GameError> {
        match a {
            Held::Game(Value::Short(g)) => Ok(self.universe.show(g)),
            Held::Game(Value::Loopy(v)) => Ok(self.loopy.show(&mut self.universe, v)),
            Held::Misere(f) => self.misere.show(f),
            Held::Game(v) => Ok(self.loopy.report_value(&mut self.universe, v)?.canonical),
        }
    }

    /// The answer to `text`, which is `expression.name` with `name` a property.
    pub(super) fn ask(
        &mut self,
        text: &str,
        expression: &crate::cgt::syntax::Expr,
        name: &str,
    ) -> Result<Answer, GameError> {
        let held = self.read(text, expression)?.0;
        let games = match name {
            "LeftOptions" => self.options(held, Player::Left)?,
            "RightOptions" => self.options(held, Player::Right)?,
            "Options" if matches!(held, Held::Misere(_)) => self.options(held, Player::Left)?,
            "Incentives" => self.incentives(held)?,
            "Thermograph" => return self.thermograph(text, held).map(Answer::Thermograph),
            _ => {
                let result = self.predicate(held, name)?;
                return Ok(Answer::Comparison(Comparison {
                    expression: text.to_string(),
                    result,
                }));
            }
        };
        let values: Result<Vec<String>, GameError> =
            games.into_iter().map(|g| self.show(g)).collect();
        Ok(Answer::Listing(Listing {
            expression: text.to_string(),
            values: values?,
        }))
    }

    /// The thermograph of a held short game, answering `text` (`G.Thermograph`, the game
    /// written before the property, named in the message when it has none).
    pub fn thermograph(&mut self, text: &str, held: Held) -> Result<Thermograph, GameError> {
        // The game is written before the property, which comes last.
        let expression = text.rsplit_once('.').map_or(text, |(game, _)| game).trim();
        let g = match held {
            Held::Game(Value::Short(g)) => g,
            Held::Game(Value::Sided(..)) => return Err(sided("Thermograph")),
            Held::Game(_) => return Err(GameError::Invalid(no_thermograph(expression))),
            Held::Misere(_) => return Err(not_of("Thermograph", "a misère form", &MISERE)),
        };
        let t = self.universe.thermograph(g);
        let corners = |w: &crate::cgt::Wall| {
            w.corners()
                .iter()
                .map(|(t, v)| [t.to_string(), v.to_string()])
                .collect()
        };
        Ok(Thermograph {
            expression: text.to_string(),
            mean: t.mean.to_string(),
            temperature: t.temperature.to_string(),
            left: corners(&t.left),
            right: corners(&t.right),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::answer;
    use super::*;

    fn listed(text: &str) -> Vec<String> {
        match answer(text).unwrap() {
            Answer::Listing(l) => l.values,
            other => panic!("{text}: {other:?}"),
        }
    }

    fn truth(text: &str) -> bool {
        match answer(text).unwrap() {
            Answer::Comparison(c) => c.result,
            other => panic!("{text}: {other:?}"),
        }
    }

    #[test]
    fn options_of_every_kind_of_game() {
        assert_eq!(listed("{2,1|-2}.LeftOptions"), ["2"]);
        assert_eq!(listed("{2|-2,*}.RightOptions"), ["-2"]);
        assert_eq!(
            listed("({3|1} + {1|-1}).Incentives"),
            listed("{4|2||2|0}.Incentives")
        );
        assert_eq!(listed("0.LeftOptions"), Vec::<String>::new());
        assert_eq!(listed("on.LeftOptions"), ["on"]);
        // over = {0 | pass}: Right's one option is over itself.
        assert_eq!(listed("over.RightOptions"), ["over"]);
        assert_eq!(listed("(*[2] + *[2]).Options"), ["*[2]", "*[3]"]);
        assert_eq!(listed("*[2].LeftOptions"), listed("*[2].RightOptions"));
        assert!(truth("*[2].IsTame"));
        assert!(truth("on.IsStopper"));
        assert!(!truth("dud.IsStopper"));
    }

    #[test]
    fn predicates_answer_true_or_false() {
        assert!(truth("1/2.IsNumber"));
        assert!(!truth("^.IsNumber"));
        assert!(truth("(^ + v).IsInteger"));
        assert!(truth("*3.IsNimber"));
        assert!(truth("{0||0|-1}.IsInfinitesimal"));
        assert!(!truth("{0||0|-1}.IsAllSmall"));
    }

    #[test]
    fn the_thermograph_has_walls_mean_and_temperature() {
        let Answer::Thermograph(t) = answer("{3|-1}.Thermograph").unwrap() else {
            panic!()
        };
        assert_eq!((t.mean.as_str(), t.temperature.as_str()), ("1", "2"));
        assert_eq!(t.left.first().unwrap(), &["0".to_string(), "3".to_string()]);
        assert_eq!(
            t.right.first().unwrap(),
            &["0".to_string(), "-1".to_string()]
        );
        assert_eq!(t.left.last().unwrap(), &["2".to_string(), "1".to_string()]);
    }

    #[test]
    fn properties_of_the_wrong_kind_are_refused_in_words() {
        for (text, says) in [
            ("on.IsNumber", "not a property of a loopy game"),
            ("*[2].Incentives", "not a property of a misère form"),
            ("^.IsTame", "not a property of a short game"),
            ("on.Thermograph", "loopy games have no thermograph"),
            ("(on & off).LeftOptions", "ask its .Onside or .Offside"),
            ("^.IsNumber + 1", "write it last"),
        ] {
            let e = answer(text).unwrap_err().to_string();
            assert!(e.contains(says), "{text}: {e}");
        }
        let mut s = Session::new();
        let e = s.line("g := ^.IsNumber").unwrap_err().to_string();
        assert!(e.contains("not a value to name"), "{e}");
    }
}
