//! The games as command-line subcommands, made from the library's registry: each game's
//! names, options and position are declared once, in its own module of `grundy::games`, and
//! this file only turns those declarations into clap subcommands (names, options and
//! positional arguments are a contract; see the README).

use clap::builder::{ArgAction, Command};
use clap::{Arg, ArgMatches, FromArgMatches};
use grundy::query::Query;
use grundy::registry::{Entry, Options, ParamKind, Registry};
use grundy::GameError;

/// The id prefix of an argument that belongs to a game (not to the command around it).
const GAME_ARG: &str = "game:";
/// The id of the position's words.
const POSITION: &str = "game:position";
/// The hidden subcommand a sum of games is read through (see [`crate::cli::parse_from`]).
pub const SUM: &str = "sum";

/// A game named on the command line, with its options and the position's words.
#[derive(Debug, Clone, Default)]
pub struct GameArgs {
    /// The game's command name.
    pub name: String,
    /// Its options, by parameter name.
    pub options: Options,
    /// The position's words (empty where the command takes no position).
    pub position: Vec<String>,
}

impl GameArgs {
    /// The game's query in `registry`.
    pub fn query(&self, registry: &Registry) -> Result<Query, GameError> {
        if self.name == SUM {
            let words: Vec<&str> = self.position.iter().map(String::as_str).collect();
            return registry.parse_words(&[&[SUM][..], &words].concat());
        }
        Ok(Query::new(
            registry.lookup(&self.name)?,
            self.options.clone(),
            self.position.clone(),
        ))
    }
}

impl FromArgMatches for GameArgs {
    fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
        let mut out = GameArgs::default();
        out.update_from_arg_matches(m)?;
        Ok(out)
    }

    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        let Some((name, sub)) = m.subcommand() else {
            return Err(clap::Error::new(clap::error::ErrorKind::MissingSubcommand));
        };
        self.name = name.to_string();
        self.options = Options::new();
        self.position = sub
            .try_get_many::<String>(POSITION)
            .ok()
            .flatten()
            .map(|v| v.cloned().collect())
            .unwrap_or_default();
        for id in sub.ids() {
            let Some(param) = id.as_str().strip_prefix(GAME_ARG) else {
                continue;
            };
            if id.as_str() == POSITION {
                continue;
            }
            if let Ok(Some(value)) = sub.try_get_one::<String>(id.as_str()) {
                self.options = std::mem::take(&mut self.options).set(param, value.clone());
            } else if let Ok(Some(true)) = sub.try_get_one::<bool>(id.as_str()) {
                self.options = std::mem::take(&mut self.options).flag_on(param);
            }
        }
        Ok(())
    }
}

impl clap::Subcommand for GameArgs {
    // The games are added from a registry by `with_games` once the command is built.
    fn augment_subcommands(cmd: Command) -> Command {
        cmd
    }

    fn augment_subcommands_for_update(cmd: Command) -> Command {
        cmd
    }

    fn has_subcommand(_name: &str) -> bool {
        true
    }
}

/// Which games a command offers, and whether they take a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Games {
    /// Every game, with a position (`solve`, `play`, and `table`/`plot`, which refuse one).
    WithPosition,
    /// The heap games whose nim-sequence can be computed, without a position (`sequence`).
    Sequences,
}

/// A help line as clap's derive shows a doc comment: without its final period.
fn line(text: &'static str) -> &'static str {
    text.strip_suffix('.').unwrap_or(text)
}

/// One game as a subcommand.
fn game_command(entry: &Entry, games: Games) -> Command {
    let about = match (games, &entry.sequence) {
        (Games::Sequences, Some(s)) => s.about,
        _ => entry.about,
    };
    let mut cmd = Command::new(entry.name()).about(line(about));
    for p in entry.params {
        let id = format!("{GAME_ARG}{}", p.name);
        let arg = match p.kind {
            ParamKind::Flag => Arg::new(id).long(p.name).action(ArgAction::SetTrue),
            ParamKind::Named => Arg::new(id)
                .long(p.name)
                .value_name(p.value_name)
                .required(p.required)
                .allow_negative_numbers(true),
            ParamKind::Leading => Arg::new(id)
                .value_name(p.value_name)
                .required(p.required)
                .allow_negative_numbers(true),
        };
        cmd = cmd.arg(arg.help(line(p.help)));
    }
    // Every game takes --misere: one without a misère rule of its own is then decided by
    // search (a partizan game refuses it when built).
    let misere = &grundy::registry::MISERE;
    if games == Games::WithPosition && !entry.params.iter().any(|p| p.name == misere.name) {
        cmd = cmd.arg(
            Arg::new(format!("{GAME_ARG}{}", misere.name))
                .long(misere.name)
                .action(ArgAction::SetTrue)
                .help(line(misere.help)),
        );
    }
    if games == Games::WithPosition {
        cmd = cmd.arg(
            Arg::new(POSITION)
                .value_name(entry.position.value_name)
                .help(line(entry.position.help))
                .num_args(0..)
                .action(ArgAction::Append)
                .allow_negative_numbers(true),
        );
    }
    cmd
}

/// `grundy plot thermograph`: a value written in CGSuite's notation, or a game and a
/// position (its options as `--name value`).
pub fn thermograph_command() -> Command {
    Command::new("thermograph")
        .about(
            "The thermograph of a value (e.g. \"{2|-1}\" or \"+-1 + {3|1}\") or of a game's \
             position (e.g. domineering ...|...)",
        )
        .arg(
            Arg::new(POSITION)
                .value_name("EXPR | GAME POSITION")
                .help("A value in CGSuite's notation, or a game's name and its position")
                .num_args(1..)
                .required(true)
                .action(ArgAction::Append)
                .allow_hyphen_values(true),
        )
}

/// The hidden subcommand that reads a sum of games: every word after it, `+` and the
/// components' options included, is the sum's (see [`crate::cli::parse_from`]).
pub fn sum_command() -> Command {
    Command::new(SUM).hide(true).arg(
        Arg::new(POSITION)
            .value_name("GAME POSITION + …")
            .num_args(1..)
            .required(true)
            .action(ArgAction::Append)
            .trailing_var_arg(true)
            .allow_hyphen_values(true),
    )
}

/// `cmd` with a subcommand for each game of `registry` that `games` asks for.
pub fn with_games(mut cmd: Command, registry: &Registry, games: Games) -> Command {
    for entry in registry.entries() {
        if games == Games::Sequences && entry.sequence.is_none() {
            continue;
        }
        cmd = cmd.subcommand(game_command(entry, games));
    }
    cmd
}
