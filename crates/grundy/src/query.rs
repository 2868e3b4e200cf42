//! The door: words written as on the command line (`bash --max 3 30`, `kayles 5 7 + wythoff
//! 3 4`, `nim --misere 1 1`) read once into a [`Query`] — the game's entry, its options and
//! the position's words, a sum's components, misère play — which builds the game
//! ([`Query::game`]) that then answers through [`DynGame`]. The command line, the web
//! playground, Python and MPI all read their questions through it.
//!
//! ```
//! use grundy::registry::Registry;
//!
//! let registry = Registry::catalog();
//! let query = registry.parse_words(&["bash", "--max", "3", "30"]).unwrap();
//! let answer = query.solve(100).unwrap();
//! assert_eq!(answer.game.to_string(), "bash --max 3");
//! assert_eq!(answer.outcome, grundy::Outcome::N);
//! assert_eq!(answer.winning_moves[0].description, "take 2");
//! ```

use crate::registry::{Entry, Options, Registry, Setting, MISERE};
use crate::rules::{DynGame, Position};
use crate::{Analysis, GameError};

impl Registry {
    /// Reads a query written as on the command line after `grundy solve`: the game's name,
    /// its options (`--max 3`, `--max=3`, `--misere`, a leading code) in any order with the
    /// position's words.
    ///
    /// Words with a `+` standing alone, or starting with `sum`, are a sum of games (see
    /// [`crate::sum`]): `kayles 5 7 + wythoff 3 4`.
    pub fn parse_words(&self, words: &[&str]) -> Result<Query, GameError> {
        if crate::sum::is_sum(words) {
            let words = words.strip_prefix(&["sum"]).unwrap_or(words);
            // Read now, so that a sum that cannot be read is refused here, as a game is
            // (`--misere`, wherever it is written, is the whole sum's convention).
            let plain: Vec<&str> = words.iter().copied().filter(|w| *w != "--misere").collect();
            crate::sum::SumGame::new(self.clone(), &plain)?;
            let mut options = Options::new();
            if plain.len() < words.len() {
                options = options.flag_on(MISERE.name);
            }
            return Ok(Query {
                entry: &crate::sum::ENTRY,
                options,
                position: plain.iter().map(|w| w.to_string()).collect(),
                sum: Some(self.clone()),
            });
        }
        let (entry, options, position) = self.read_game(words)?;
        Ok(Query {
            entry,
            options,
            position,
            sum: None,
        })
    }

    /// [`Registry::parse_words`] with `settings` given by name on top of the words (see
    /// [`Registry::read_game_with`]), as a program asks: a sum takes only `misere`.
    ///
    /// ```
    /// use grundy::registry::{Registry, Setting};
    ///
    /// let registry = Registry::catalog();
    /// let octal = [("code", Setting::To("0.137".into()))];
    /// let q = registry.parse_with(&["octal", "10", "7"], &octal).unwrap();
    /// assert_eq!((q.options.get("code"), q.words()), (Some("0.137"), vec!["10", "7"]));
    /// let misere = [("misere", Setting::On)];
    /// let q = registry.parse_with(&["kayles", "5", "+", "nim", "3"], &misere).unwrap();
    /// assert!(q.is_sum() && q.options.flag("misere"));
    /// let e = registry.parse_with(&["nim", "3"], &[("max", Setting::On)]).unwrap_err();
    /// assert_eq!(e.to_string(), "nim has no option --max");
    /// ```
    pub fn parse_with(
        &self,
        words: &[&str],
        settings: &[(&str, Setting)],
    ) -> Result<Query, GameError> {
        if !crate::sum::is_sum(words) {
            let (entry, options, position) = self.read_game_with(words, settings)?;
            return Ok(Query::new(entry, options, position));
        }
        let mut q = self.parse_words(words)?;
        for (key, setting) in settings {
            q.options = match (*key, setting) {
                (k, Setting::On) if k == MISERE.name => q.options.flag_on(k),
                (k, Setting::Off) if k == MISERE.name => q.options.flag_off(k),
                _ => {
                    return Err(GameError::Invalid(format!(
                        "a sum takes no option but misere, not {key}: give each component's \
                         options in its words"
                    )))
                }
            };
        }
        Ok(q)
    }

    /// [`Registry::parse_words`] on a text split at white space.
    pub fn parse(&self, text: &str) -> Result<Query, GameError> {
        self.parse_words(&text.split_whitespace().collect::<Vec<_>>())
    }
}

/// A game with its options and a position, as read from words.
#[derive(Clone, Debug)]
pub struct Query {
    /// The game.
    pub entry: &'static Entry,
    /// Its options.
    pub options: Options,
    /// The position's words.
    pub position: Vec<String>,
    /// For a sum of games, the registry its components are read from.
    sum: Option<Registry>,
}

impl Query {
    /// The query of `entry` with `options` at the position written as `position`.
    pub fn new(entry: &'static Entry, options: Options, position: Vec<String>) -> Self {
        Query {
            entry,
            options,
            position,
            sum: None,
        }
    }

    /// Whether the query is a sum of games (see [`crate::sum`]).
    pub fn is_sum(&self) -> bool {
        self.sum.is_some()
    }

    /// The game with its options (for a sum, the sum of its components' games). `--misere`
    /// on a game that has no misère rule of its own plays it by the misère rule, decided by
    /// search ([`crate::misere::MisereGame`]); in a sum it is the whole sum's convention.
    pub fn game(&self) -> Result<Box<dyn DynGame>, GameError> {
        if let Some(registry) = &self.sum {
            let sum = Box::new(crate::sum::SumGame::new(registry.clone(), &self.words())?);
            return match self.options.flag(MISERE.name) {
                true => Ok(Box::new(crate::misere::MisereGame::new(sum)?)),
                false => Ok(sum),
            };
        }
        crate::misere::build(self.entry, &self.options)
    }

    /// The game with its options ([`Query::game`]) and the position read by it, once.
    ///
    /// ```
    /// use grundy::registry::Registry;
    ///
    /// let (game, p) = Registry::catalog().parse("kayles 5 7").unwrap().open().unwrap();
    /// assert_eq!(game.outcome_of(&p).unwrap(), grundy::Outcome::N);
    /// ```
    pub fn open(&self) -> Result<(Box<dyn DynGame>, Position), GameError> {
        let game = self.game()?;
        let p = game.position(&self.words())?;
        Ok((game, p))
    }

    /// The position's words, borrowed.
    pub fn words(&self) -> Vec<&str> {
        self.position.iter().map(String::as_str).collect()
    }

    /// Where the nim-sequence of the query's heap game comes from, and the sequence's name;
    /// refused for a game that has none.
    ///
    /// ```
    /// use grundy::registry::Registry;
    ///
    /// let kayles = Registry::catalog().parse("octal 0.137").unwrap();
    /// let (_, name) = kayles.nim_sequence().unwrap();
    /// assert_eq!(name, "octal 0.137");
    /// let e = Registry::catalog().parse("wythoff").unwrap().nim_sequence().unwrap_err();
    /// assert_eq!(e.to_string(), "wythoff has no nim-sequence");
    /// ```
    pub fn nim_sequence(&self) -> Result<(crate::heap::sequence::Source, String), GameError> {
        self.entry
            .sequence_source(&self.options)?
            .ok_or_else(|| GameError::Invalid(format!("{} has no nim-sequence", self.entry.name())))
    }

    /// The take-and-break (or subtraction, all-but) rule of the query's heap game on heaps up
    /// to `to`, and its sequence's name: what a misère quotient or genus is computed from.
    /// Refused, naming `what` asked for it, for a game whose moves are no such rule.
    ///
    /// ```
    /// use grundy::registry::Registry;
    ///
    /// let (rule, name) = Registry::catalog().parse("kayles").unwrap().heap_rule("quotient", 20).unwrap();
    /// assert_eq!(name, "kayles");
    /// assert_eq!(grundy::quotient::quotient(&rule, 20).unwrap().order, 24);
    /// let e = Registry::catalog().parse("wythoff").unwrap().heap_rule("quotient", 20).unwrap_err();
    /// assert_eq!(e.to_string(), "wythoff has no nim-sequence");
    /// ```
    pub fn heap_rule(
        &self,
        what: &str,
        to: u64,
    ) -> Result<(crate::heap::HeapRule, String), GameError> {
        use crate::heap::sequence::Source;
        let (source, name) = self.nim_sequence()?;
        let rule = match source {
            Source::Rule(rule) => rule,
            Source::ClosedForm(form) => match form.moves {
                Some(moves) => moves(to),
                None => {
                    return Err(GameError::Invalid(format!(
                        "{name}: {what} needs the game's moves as a take-and-break rule, and \
                         {name}'s are none (a heap becomes two smaller heaps, which may hold \
                         more tokens together)"
                    )))
                }
            },
        };
        Ok((rule, name))
    }

    /// Solves the position, listing at most `max_moves` winning moves.
    pub fn solve(&self, max_moves: usize) -> Result<Analysis, GameError> {
        let (game, p) = self.open()?;
        game.solve(&p, max_moves)
    }

    /// [`Query::solve`] with the remoteness where it is known (see [`DynGame::solve_in_full`]).
    pub fn solve_in_full(&self, max_moves: usize) -> Result<Analysis, GameError> {
        let (game, p) = self.open()?;
        game.solve_in_full(&p, max_moves)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::CATALOG;

    #[test]
    fn every_game_has_one_entry_and_its_example_solves() {
        let r = Registry::catalog();
        let mut names: Vec<_> = r.entries().iter().map(|e| e.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), r.entries().len());
        for e in r.entries() {
            let q = r.parse(e.info.example).unwrap();
            assert_eq!(q.entry.name(), e.name());
            q.solve(10)
                .unwrap_or_else(|err| panic!("{}: {err}", e.info.example));
        }
    }

    #[test]
    fn options_are_read_in_any_order_and_by_name() {
        let r = Registry::catalog();
        let a = r.parse("bash 30 --max 3").unwrap();
        let b = r.parse("bash --max=3 30").unwrap();
        assert_eq!(a.options, b.options);
        assert_eq!(a.position, b.position);
        let o = r.parse("octal 0.6 5 7").unwrap();
        assert_eq!(o.options.get("code"), Some("0.6"));
        assert_eq!(o.position, ["5", "7"]);
        assert!(r.parse("nim --misere 1 1").unwrap().options.flag("misere"));
        for bad in [
            "",
            "chess 1",
            "nim --frob 1",
            "bash --max",
            "subtraction 5",
            "octal",
            "nim --misere=1 2",
        ] {
            assert!(r.parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_game_added_replaces_one_of_the_same_name() {
        let r = Registry::empty().with(CATALOG[0]).with(CATALOG[0]);
        assert_eq!(r.entries().len(), 1);
        assert!(r.get("nim").is_some() && r.get("bash").is_none());
    }
}
