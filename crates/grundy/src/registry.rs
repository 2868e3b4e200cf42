//! How a game is named: its [`Entry`] (names, parameters, how its position is written, how
//! to build it) and a [`Registry`] of entries, which finds a game by name and reads one
//! game's words into its entry, options and position ([`Registry::read_game`]). The
//! catalog's registry is [`Registry::catalog`] ([`crate::catalog`]); queries, sums and misère
//! play are read by [`crate::query`].
//!
//! Adding a game of your own to a registry (see `examples/custom_game.rs` for a whole one):
//!
//! ```
//! # use grundy::registry::{Entry, Registry};
//! # fn with_mine(mine: &'static Entry) {
//! let registry = Registry::catalog().with(mine);
//! # }
//! ```

use crate::heap::sequence::Source;
use crate::rules::{DynGame, GameInfo};
use crate::GameError;
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

/// An option given by name, as a program gives it rather than as words: a flag on or off,
/// or a value (its text, read by the game).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Setting {
    /// A flag turned on (`--misere`).
    On,
    /// A flag left off.
    Off,
    /// A value (`--max 3`).
    To(String),
}

impl Setting {
    /// `options` with this setting of `param`, or the error the command line gives for it:
    /// a flag given a value, a value given none.
    fn apply(self, param: &Param, options: Options) -> Result<Options, GameError> {
        let key = param.name;
        match (param.kind, self) {
            (ParamKind::Flag, Setting::On) => Ok(options.flag_on(key)),
            (ParamKind::Flag, Setting::Off) => Ok(options.flag_off(key)),
            (ParamKind::Flag, Setting::To(_)) => {
                Err(GameError::Invalid(format!("--{key} takes no value")))
            }
            (_, Setting::To(v)) => Ok(options.set(key, v)),
            (_, Setting::On | Setting::Off) => Err(GameError::Invalid(format!(
                "--{key} needs a value ({})",
                param.value_name
            ))),
        }
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

/// A list of games: the catalog, perhaps with games of your own.
#[derive(Clone, Debug)]
pub struct Registry {
    entries: Vec<&'static Entry>,
}

impl Registry {
    /// No games at all.
    pub fn empty() -> Self {
        Registry::of(&[])
    }

    /// The games of `entries`, in order.
    pub fn of(entries: &[&'static Entry]) -> Self {
        Registry {
            entries: entries.to_vec(),
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

    /// Reads one game written as on the command line after `grundy solve`: its name, its
    /// options (`--max 3`, `--max=3`, `--misere`, a leading code) in any order with the
    /// position's words. What [`Registry::parse_words`] reads a game that is not a sum with.
    pub fn read_game(
        &self,
        words: &[&str],
    ) -> Result<(&'static Entry, Options, Vec<String>), GameError> {
        self.read_game_with(words, &[])
    }

    /// [`Registry::read_game`], with `settings` given by name on top of the words (as a
    /// program gives them: `max = 3`, `misere = true`, a leading value such as an octal
    /// game's `code` by its name too, which the words then do not hold). A setting is held
    /// to what its option takes, as a word is: the same errors, in the same words.
    pub fn read_game_with(
        &self,
        words: &[&str],
        settings: &[(&str, Setting)],
    ) -> Result<(&'static Entry, Options, Vec<String>), GameError> {
        let (name, rest) = words
            .split_first()
            .ok_or_else(|| GameError::Invalid("no game given (see grundy list)".into()))?;
        let entry = self.lookup(name)?;
        let param = |key: &str, leading: bool| {
            entry
                .params
                .iter()
                .find(|p| p.name == key && (leading || p.kind != ParamKind::Leading))
                .or((key == MISERE.name).then_some(&MISERE))
                .ok_or_else(|| GameError::UnknownOption {
                    game: name.to_string(),
                    option: key.to_string(),
                })
        };
        let mut options = Options::new();
        let mut position = Vec::new();
        // Values before the position without a name, unless given by name.
        let mut leading = entry
            .params
            .iter()
            .filter(|p| p.kind == ParamKind::Leading)
            .filter(|p| settings.iter().all(|(key, _)| *key != p.name));
        let mut i = 0;
        while i < rest.len() {
            let word = rest[i];
            i += 1;
            if let Some(flag) = word.strip_prefix("--") {
                let (key, inline) = match flag.split_once('=') {
                    Some((k, v)) => (k, Some(v)),
                    None => (flag, None),
                };
                let p = param(key, false)?;
                let setting = match (p.kind, inline) {
                    (ParamKind::Flag, None) => Setting::On,
                    (_, Some(v)) => Setting::To(v.to_string()),
                    (_, None) => match rest.get(i) {
                        Some(v) => {
                            i += 1;
                            Setting::To(v.to_string())
                        }
                        None => Setting::On,
                    },
                };
                options = setting.apply(p, options)?;
            } else if let Some(p) = leading.next() {
                options = options.set(p.name, word);
            } else {
                position.push(word.to_string());
            }
        }
        for (key, setting) in settings {
            options = setting.clone().apply(param(key, true)?, options)?;
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
        Ok((entry, options, position))
    }
}
