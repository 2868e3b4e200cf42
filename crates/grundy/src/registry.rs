//! The registry: every game grundy knows, listed once, each declaring its names, parameters,
//! notation and how to build it. The command line, the web playground and `docs/games.md` are
//! all driven by it, so adding a game is one module in [`crate::games`] plus one line in
//! [`CATALOG`].
//!
//! A query written as on the command line (`bash --max 3 30`) is read by
//! [`Registry::parse_words`] into a [`Query`]: the game's entry, its options and the
//! position's words; [`Query::game`] builds the game, which then answers through
//! [`DynGame`].
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
//!
//! Adding a game of your own to a registry (see `examples/custom_game.rs` for a whole one):
//!
//! ```
//! # use grundy::registry::{Entry, Registry};
//! # fn with_mine(mine: &'static Entry) {
//! let registry = Registry::catalog().with(mine);
//! # }
//! ```

use crate::catalog::{DynGame, GameInfo};
use crate::heap::sequence::Source;
use crate::{Analysis, GameError};
use std::collections::BTreeMap;

/// How a game's parameter is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParamKind {
    /// A switch: `--misere`.
    Flag,
    /// A named value: `--max 3`.
    Named,
    /// A value written before the position, without a name: the code of `octal 0.6 5`.
    Leading,
}

/// What a parameter's value is, for help and documentation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParamType {
    /// On or off.
    Bool,
    /// A whole number.
    Number,
    /// A set of positive whole numbers written `1,3,4`.
    Set,
    /// An octal or hexadecimal game code such as `0.137` or `4.7`.
    Code,
}

/// One parameter of a game (an option of its command line).
#[derive(Debug)]
pub struct Param {
    /// The name: `max` is written `--max` (a [`ParamKind::Leading`] value has no name on the
    /// command line; this one is what help shows).
    pub name: &'static str,
    /// How it is written.
    pub kind: ParamKind,
    /// What its value is.
    pub ty: ParamType,
    /// How help shows its value, e.g. `M` or `S1,S2,…`.
    pub value_name: &'static str,
    /// One line of help.
    pub help: &'static str,
    /// Whether a position cannot be read without it (`subtraction --set`).
    pub required: bool,
}

/// How a game's position is written: the words after the game's name and options.
#[derive(Debug)]
pub struct PositionSpec {
    /// How help shows the words, e.g. `H` or `WxH`.
    pub value_name: &'static str,
    /// One line of help.
    pub help: &'static str,
}

/// The values given to a game's parameters, by name: a flag is present or not, a value is
/// its text as typed (the game reads it, so its errors say what is wrong with it).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    values: BTreeMap<String, String>,
    flags: Vec<String>,
}

impl Options {
    /// No options.
    pub fn new() -> Self {
        Self::default()
    }

    /// Sets the value of parameter `name`.
    pub fn set(mut self, name: &str, value: impl Into<String>) -> Self {
        self.values.insert(name.to_string(), value.into());
        self
    }

    /// Turns flag `name` on.
    pub fn flag_on(mut self, name: &str) -> Self {
        if !self.flag(name) {
            self.flags.push(name.to_string());
        }
        self
    }

    /// Turns flag `name` off.
    pub fn flag_off(mut self, name: &str) -> Self {
        self.flags.retain(|f| f != name);
        self
    }

    /// The value of parameter `name`, if given.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.values.get(name).map(String::as_str)
    }

    /// Whether flag `name` is on.
    pub fn flag(&self, name: &str) -> bool {
        self.flags.iter().any(|f| f == name)
    }

    /// The value of a required parameter (the command line makes sure it is there; a caller
    /// of the library that leaves it out is told which one).
    pub fn required(&self, name: &str) -> Result<&str, GameError> {
        self.get(name).ok_or_else(|| GameError::MissingParam {
            game: "the game".into(),
            param: format!("--{name}"),
        })
    }
}

/// The games a heap game's nim-sequence is computed by (`grundy sequence`).
#[derive(Debug)]
pub struct SequenceSpec {
    /// One line of help for `grundy sequence GAME`.
    pub about: &'static str,
    /// The engine's source of values and the game's name as reports show it.
    pub source: fn(&Options) -> Result<(Source, String), GameError>,
}

/// Everything about one game of the registry.
pub struct Entry {
    /// Names, rules, closed form and its source.
    pub info: &'static GameInfo,
    /// One line of help for the game's subcommand.
    pub about: &'static str,
    /// Its parameters, in the order help shows them.
    pub params: &'static [Param],
    /// How its position is written.
    pub position: PositionSpec,
    /// Builds the game from its options.
    pub build: fn(&Options) -> Result<Box<dyn DynGame>, GameError>,
    /// For heap games, how `grundy sequence` and pictures compute its nim-sequence.
    pub sequence: Option<SequenceSpec>,
}

impl std::fmt::Debug for Entry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Entry")
            .field("name", &self.info.name)
            .finish_non_exhaustive()
    }
}

impl Entry {
    /// The game's command name, e.g. `nim`.
    pub fn name(&self) -> &'static str {
        self.info.name
    }

    /// Builds the game from `options`.
    pub fn build(&self, options: &Options) -> Result<Box<dyn DynGame>, GameError> {
        (self.build)(options)
    }

    /// The nim-sequence source of a heap game (`None` for other games).
    pub fn sequence_source(
        &self,
        options: &Options,
    ) -> Result<Option<(Source, String)>, GameError> {
        self.sequence
            .as_ref()
            .map(|s| (s.source)(options))
            .transpose()
    }
}

/// The `--misere` switch every impartial game takes: a game without a misère rule of its own
/// is then played by the misère rule and decided by search (see [`crate::misere`]).
pub const MISERE: Param = Param {
    name: "misere",
    kind: ParamKind::Flag,
    ty: ParamType::Bool,
    value_name: "",
    help: "Misère play: the player who makes the last move loses.",
    required: false,
};

/// Every game of the catalog, in the order `grundy list` shows them.
pub static CATALOG: &[&Entry] = &[
    &crate::games::nim::ENTRY,
    &crate::games::bash::ENTRY,
    &crate::games::wythoff::ENTRY,
    &crate::games::fibonacci::ENTRY,
    &crate::games::staircase::ENTRY,
    &crate::games::euclid::ENTRY,
    &crate::games::georgia_bob::ENTRY,
    &crate::games::heap_games::SUBTRACTION_ENTRY,
    &crate::games::all_but::ENTRY,
    &crate::games::split_nim::ENTRY,
    &crate::games::lasker::ENTRY,
    &crate::games::heap_games::KAYLES_ENTRY,
    &crate::games::heap_games::DAWSON_ENTRY,
    &crate::games::heap_games::GRUNDYS_GAME_ENTRY,
    &crate::games::heap_games::OCTAL_ENTRY,
    &crate::games::circle::ENTRY,
    &crate::games::cram::ENTRY,
    &crate::games::cutting::ENTRY,
    &crate::games::partizan_subtraction::ENTRY,
    &crate::games::domineering::ENTRY,
    &crate::games::clobber::ENTRY,
    &crate::games::toads_frogs::ENTRY,
    &crate::games::cutcake::ENTRY,
    &crate::games::hackenbush::ENTRY,
    &crate::games::parity_split::ENTRY,
    &crate::games::thanos::ENTRY,
    &crate::games::moore::ENTRY,
];

/// A list of games: the catalog, perhaps with games of your own.
#[derive(Clone, Debug)]
pub struct Registry {
    entries: Vec<&'static Entry>,
}

impl Default for Registry {
    fn default() -> Self {
        Self::catalog()
    }
}

impl Registry {
    /// The catalog's games.
    pub fn catalog() -> Self {
        Registry {
            entries: CATALOG.to_vec(),
        }
    }

    /// No games at all.
    pub fn empty() -> Self {
        Registry {
            entries: Vec::new(),
        }
    }

    /// This registry with `entry` added (it replaces a game of the same name).
    pub fn with(mut self, entry: &'static Entry) -> Self {
        self.entries.retain(|e| e.name() != entry.name());
        self.entries.push(entry);
        self
    }

    /// The games, in order.
    pub fn entries(&self) -> &[&'static Entry] {
        &self.entries
    }

    /// The game named `name`.
    pub fn get(&self, name: &str) -> Option<&'static Entry> {
        self.entries.iter().copied().find(|e| e.name() == name)
    }

    /// The game named `name`, or an error naming it.
    pub fn lookup(&self, name: &str) -> Result<&'static Entry, GameError> {
        self.get(name).ok_or_else(|| GameError::UnknownGame {
            name: name.to_string(),
        })
    }

    /// Reads a query written as on the command line after `grundy solve`: the game's name,
    /// its options (`--max 3`, `--max=3`, `--misere`, a leading code) in any order with the
    /// position's words.
    ///
    /// Words with a `+` standing alone, or starting with `sum`, are a sum of games (see
    /// [`crate::sum`]): `kayles 5 7 + wythoff 3 4`.
    pub fn parse_words(&self, words: &[&str]) -> Result<Query, GameError> {
        if crate::sum::is_sum(words) || words.first() == Some(&"sum") {
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
        let (name, rest) = words
            .split_first()
            .ok_or_else(|| GameError::Invalid("no game given (see grundy list)".into()))?;
        let entry = self.lookup(name)?;
        let mut options = Options::new();
        let mut position = Vec::new();
        let mut leading = entry.params.iter().filter(|p| p.kind == ParamKind::Leading);
        let mut i = 0;
        while i < rest.len() {
            let word = rest[i];
            i += 1;
            if let Some(flag) = word.strip_prefix("--") {
                let (key, inline) = match flag.split_once('=') {
                    Some((k, v)) => (k, Some(v)),
                    None => (flag, None),
                };
                let param = entry
                    .params
                    .iter()
                    .find(|p| p.name == key && p.kind != ParamKind::Leading)
                    .or((key == MISERE.name).then_some(&MISERE))
                    .ok_or_else(|| GameError::UnknownOption {
                        game: name.to_string(),
                        option: key.to_string(),
                    })?;
                match (param.kind, inline) {
                    (ParamKind::Flag, None) => options = options.flag_on(key),
                    (ParamKind::Flag, Some(_)) => {
                        return Err(GameError::Invalid(format!("--{key} takes no value")))
                    }
                    (_, Some(v)) => options = options.set(key, v),
                    (_, None) => {
                        let v = rest.get(i).ok_or_else(|| {
                            GameError::Invalid(format!(
                                "--{key} needs a value ({})",
                                param.value_name
                            ))
                        })?;
                        i += 1;
                        options = options.set(key, *v);
                    }
                }
            } else if let Some(param) = leading.next() {
                options = options.set(param.name, word);
            } else {
                position.push(word.to_string());
            }
        }
        for p in entry.params {
            if p.required && options.get(p.name).is_none() {
                return Err(GameError::MissingParam {
                    game: name.to_string(),
                    param: match p.kind {
                        ParamKind::Leading => p.value_name.to_string(),
                        _ => format!("--{} {}", p.name, p.value_name),
                    },
                });
            }
        }
        Ok(Query {
            entry,
            options,
            position,
            sum: None,
        })
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
        let own = self.entry.params.iter().any(|p| p.name == MISERE.name);
        if self.options.flag(MISERE.name) && !own {
            let options = self.options.clone().flag_off(MISERE.name);
            let inner = self.entry.build(&options)?;
            // A heap game is decided by its misère quotient where that can be found.
            if let Ok(Some((crate::heap::sequence::Source::Rule(rule), _))) =
                self.entry.sequence_source(&options)
            {
                return Ok(Box::new(crate::misere::MisereGame::with_heap_rule(
                    inner, rule,
                )?));
            }
            return Ok(Box::new(crate::misere::MisereGame::new(inner)?));
        }
        self.entry.build(&self.options)
    }

    /// The position's words, borrowed.
    pub fn words(&self) -> Vec<&str> {
        self.position.iter().map(String::as_str).collect()
    }

    /// Solves the position, listing at most `max_moves` winning moves.
    pub fn solve(&self, max_moves: usize) -> Result<Analysis, GameError> {
        self.game()?.solve(&self.words(), max_moves)
    }

    /// [`Query::solve`] with the remoteness where it is known (see [`DynGame::solve_in_full`]).
    pub fn solve_in_full(&self, max_moves: usize) -> Result<Analysis, GameError> {
        self.game()?.solve_in_full(&self.words(), max_moves)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
