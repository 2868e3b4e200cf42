//! The command line's grammar: the commands and their options (clap), with every game of a
//! registry as a subcommand of `solve`, `table`, `play`, `plot` and `sequence`.

use crate::args::{with_games, GameArgs, Games};
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use grundy::analysis::Player;
use grundy::registry::Registry;

/// Who wins a two-player game with perfect play, and how.
#[derive(Parser, Debug)]
#[command(name = "grundy", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    /// The command.
    pub command: Command,
    /// Stop computing after SECONDS with an error (exit 2); a sequence, and a search given
    /// --checkpoint, save their checkpoint first, so asking again goes on from there.
    /// Default: no limit.
    #[arg(
        long,
        value_name = "SECONDS",
        global = true,
        allow_negative_numbers = true
    )]
    pub max_seconds: Option<f64>,
    /// The most memory, in GiB, that a computation may plan to store: a sequence's table of
    /// values (more is refused at once, saying how much it would take); the tables of a
    /// search, and those a partizan value remembers comparisons and parts in, are sized
    /// within it. Default: 20.
    #[arg(long, value_name = "GIB", global = true, allow_negative_numbers = true)]
    pub max_memory: Option<f64>,
}

/// What `solve`, `play` and `value` say of sums under their help.
const SUM_HELP: &str = "A sum of games, each move made in exactly one of them: write the \
components with + between them, as separate words or quoted as one argument, e.g. \
grundy solve kayles 5 7 + wythoff 3 4 + nim 6. A component without a game's name is another \
position of the game before it (nim 3 + 4).";

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Solve a position: who wins, the Grundy value, every winning move and why.
    #[command(after_help = SUM_HELP)]
    Solve {
        /// Print one JSON object (JSON lines with --batch).
        #[arg(long, global = true)]
        json: bool,
        /// List at most K winning moves.
        #[arg(
            long,
            value_name = "K",
            default_value_t = grundy::analysis::MAX_MOVES,
            global = true,
            allow_negative_numbers = true,
            value_parser = count
        )]
        max_moves: usize,
        /// On a board searched for who wins (too large to value quickly), examine every move
        /// for the list of winning moves, however long that takes. Without it the list stops
        /// after searching as many positions again as the answer took, and says how many
        /// moves it did not examine.
        #[arg(long, global = true)]
        all_moves: bool,
        /// Read one position per line from standard input and answer one line each (blank
        /// lines and comments, lines starting with "# ", are skipped).
        #[arg(long, global = true)]
        batch: bool,
        /// Check answers: each line of standard input is a position followed by the answer
        /// expected for it — an outcome (N, P, L, R, D), a Grundy value, First or Second, Win
        /// or Lose (for the player to move, any case); with FILE, the answers are its lines,
        /// one beside each line of positions, the way a judge compares a program's output.
        /// Prints only the lines where grundy disagrees (and those it cannot check, say
        /// a Grundy value it does not know), and exits with status 1 when any disagree.
        #[arg(
            long,
            global = true,
            value_name = "FILE",
            num_args = 0..=1,
            default_missing_value = ""
        )]
        expect: Option<String>,
        /// With --expect: the two words a contest's answers use for the player to move
        /// winning and losing, e.g. --words Alice,Bob or --words YES,NO.
        #[arg(long, global = true, value_name = "WIN,LOSE")]
        words: Option<String>,
        #[command(flatten)]
        saving: SearchFile,
        #[command(subcommand)]
        game: GameArgs,
    },
    /// Print the P/N (or Grundy) table of a game's small positions.
    Table {
        /// Show Grundy values instead of P/N.
        #[arg(long, global = true)]
        grundy: bool,
        /// First index on each axis (default: the game's smallest).
        #[arg(long, value_name = "N", global = true, allow_negative_numbers = true, value_parser = whole)]
        from: Option<u64>,
        /// Last index on each axis (default 30 for a row, 12 for a grid).
        #[arg(long, value_name = "N", global = true, allow_negative_numbers = true, value_parser = whole)]
        to: Option<u64>,
        /// Print JSON.
        #[arg(long, global = true)]
        json: bool,
        #[command(subcommand)]
        game: GameArgs,
    },
    /// Compute the nim-sequence G(0) … G(N) of a heap game and prove its periodicity.
    Sequence {
        /// Compute G(0) … G(N); N in decimal or as a power (2^20).
        #[arg(long, value_name = "N", global = true, allow_negative_numbers = true)]
        to: Option<String>,
        /// Print JSON.
        #[arg(long, global = true)]
        json: bool,
        /// Include the values.
        #[arg(long, global = true)]
        values: bool,
        /// Stop as soon as periodicity is proved.
        #[arg(long, global = true)]
        until_periodic: bool,
        /// Save progress to FILE and resume from it.
        #[arg(long, value_name = "FILE", global = true)]
        checkpoint: Option<std::path::PathBuf>,
        /// Give each heap's misère Grundy value and Conway's genus g^(γ0γ1…) instead: the
        /// misère Grundy values of the heap beside 0, 1, 2, … heaps of 2, which alternate with
        /// period 2 from some point, so the superscript stops there (two-digit values in
        /// parentheses). JSON: values, misere, genus.
        #[arg(long, global = true)]
        genus: bool,
        #[command(subcommand)]
        game: GameArgs,
    },
    /// The misère quotient of a heap game (Plambeck and Siegel): the monoid that decides its
    /// misère sums.
    ///
    /// The quotient for heaps 0..N: its order, presentation, P-portion and pretending function
    /// (each heap's class), proved for every sum of those heaps and, when the pretending
    /// function's period allows, for every heap.
    Quotient {
        /// The largest heap; in decimal or as a power (2^6).
        #[arg(long, value_name = "N", global = true, allow_negative_numbers = true)]
        to: Option<String>,
        /// Print JSON (order, identity, table, pretending, p_portion, stable, proved_to,
        /// presentation, …).
        #[arg(long, global = true)]
        json: bool,
        /// Also print the multiplication table.
        #[arg(long, global = true)]
        table: bool,
        #[command(subcommand)]
        game: GameArgs,
    },
    /// Solve every position of a move graph (a file of `A B` lines), loops and draws included.
    Graph {
        /// The graph file (`-` reads standard input).
        file: String,
        /// Print JSON.
        #[arg(long)]
        json: bool,
        /// Show one position and each of its moves, best first; or several tokens, "a + b +
        /// c", a sum decided from their generalized Sprague–Grundy values (Smith), with its
        /// winning moves or, in a draw, the moves that keep it.
        #[arg(long, value_name = "NAME")]
        position: Option<String>,
        /// Misère play: a position with no move is a win for the player to move.
        #[arg(long)]
        misere: bool,
    },
    /// Solve a game whose rules are written in Rhai (see examples/).
    Script {
        /// The script.
        file: String,
        /// Print JSON.
        #[arg(long)]
        json: bool,
        /// List every reachable position with its value.
        #[arg(long)]
        all: bool,
        /// Stop exploring beyond this many positions.
        #[arg(
            long,
            value_name = "K",
            default_value_t = 10_000_000,
            allow_negative_numbers = true,
            value_parser = count
        )]
        max_positions: usize,
        /// Run every call through Rhai's interpreter, even those grundy's own evaluator of
        /// plain rules would run (same answers, slower): for comparison.
        #[arg(long)]
        rhai_only: bool,
        /// Solve this position (a Rhai value, e.g. '[3, 4]') instead of the script's start().
        #[arg(long, value_name = "POSITION")]
        start: Option<String>,
        /// Give the position's value as a short game instead (canonical form, stops, mean,
        /// temperature, atomic weight: as `grundy value`).
        #[arg(long)]
        value: bool,
        /// Solve tier by tier, lowest first, keeping each tier's positions and values in
        /// files of DIR (made if missing) and only one tier and those it moves to in memory:
        /// for games larger than memory (see --max-memory). The script must define
        /// fn tier(p), a whole number no move raises. Stopped at any moment, the same command
        /// goes on from the files.
        #[arg(long, value_name = "DIR", conflicts_with_all = ["value", "all"])]
        tiers: Option<std::path::PathBuf>,
    },
    /// Play a game against the engine in the terminal: type the position after your move
    /// (or #N, the N-th of `moves`), or hint, moves, undo, quit.
    #[command(after_help = SUM_HELP)]
    Play {
        /// Let the engine make the first move.
        #[arg(long, global = true)]
        engine_first: bool,
        /// In a partizan game, the side you play (the engine plays the other).
        #[arg(long = "as", value_enum, value_name = "SIDE", global = true)]
        side: Option<Side>,
        #[command(subcommand)]
        game: GameArgs,
    },
    /// Draw a game's picture: the P-position map of a two-parameter game, a heap game's
    /// nim-sequence with its proved period, or a board game's position (Domineering, Cram,
    /// Clobber, Toads and Frogs) beside the boards its winning moves leave, each move's cells
    /// in its player's colour (PNG or SVG by the file's extension). A position, if given, is marked: its cell
    /// on the map, its heaps on the sequence. A partizan position's value is drawn by
    /// `grundy plot thermograph GAME POSITION`.
    Plot {
        /// The image to write (.png or .svg).
        #[arg(long, value_name = "FILE", global = true)]
        out: Option<std::path::PathBuf>,
        /// How many positions along each axis (default 40 for maps, 300 for sequences).
        #[arg(long, value_name = "N", global = true, allow_negative_numbers = true, value_parser = whole)]
        size: Option<u64>,
        /// Colour a map by Grundy value instead of by outcome: a scale from dark (0) to light
        /// (the largest value), so that patterns such as Nim's nim-sum blocks show.
        #[arg(long, global = true)]
        grundy: bool,
        /// For a heap game: the P-position map of two heaps instead of the nim-sequence.
        #[arg(long, global = true)]
        two_heaps: bool,
        #[command(subcommand)]
        game: GameArgs,
    },
    /// Serve the web playground (on 127.0.0.1 unless --host says otherwise): a page to play every game against the engine,
    /// with its picture, and a JSON API (GET /api/solve?q=GAME POSITION).
    Serve {
        /// The port.
        #[arg(long, default_value_t = 7878)]
        port: u16,
        /// The address to listen on (the default keeps the playground to this machine).
        #[arg(long, default_value = "127.0.0.1")]
        host: String,
    },
    /// Print a shell completion script (every game and option included), e.g.
    /// `grundy completions bash > /etc/bash_completion.d/grundy`.
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff), e.g. `grundy man | man -l -`.
    Man,
    /// The value of a short partizan game written in CGSuite's notation: its canonical form,
    /// outcome, stops and birthday, e.g. `grundy cgt "{2|-2} + {1|-1}"` or `grundy cgt "^ + *"`;
    /// or the misère canonical form of an impartial game written as CGSuite writes one,
    /// e.g. `grundy cgt "*[2] + *[2]"`; or whether a comparison holds, with CGSuite's
    /// operators (<, <=, >, >=, ==, !=, <> or || for confused, <| and |>), e.g.
    /// `grundy cgt "^ > 0"`. With no expression (or `-`), reads a worksheet from standard
    /// input: one expression a line, or `name := expression` to name a value for the lines
    /// after it (blank lines and lines starting with # or // are skipped).
    Cgt {
        /// The expression: numbers (3, -1/2), nimbers (*, *3), ups (^, ^^, v*, ^3, ^<2>),
        /// games in braces ({0,*|0}, {1||0|-1}), +-x and ±{a,b}, Tiny(x), Miny(x),
        /// sums and differences (+, -), parentheses, and G Cool t, G Heat t (binding to the
        /// game just before them, as CGSuite's G.Cool(t): {3|1} + * Cool 1 cools * alone).
        /// Misère games: `*[n]` is the nim heap n, `*[a,b,…]` the game of options a, b, … (an
        /// integer a nim heap, `[a,b]` a game of those options: `*[[2],0]` is {{*2},0}),
        /// added with +. Names given in a worksheet stand for their values.
        #[arg(allow_hyphen_values = true)]
        expression: Option<String>,
        /// Print JSON: canonical (canonical form), outcome (L, R, N, P), left_stop,
        /// right_stop, mean, temperature, atomic_weight (null when not atomic), birthday,
        /// reduced (the reduced canonical form). For a misère game: canonical (null when too
        /// long to write), misere_outcome, outcome, misere_nim_value, nim_value, genus, tame,
        /// phylum, birthday, mate, options. For a comparison: expression, result. A worksheet
        /// writes one JSON object a line, with line (its number), input and name (null
        /// unless the line names its value) beside those fields.
        #[arg(long)]
        json: bool,
    },
    /// The value of a position as a short game (canonical form, outcome, stops, mean,
    /// temperature): a partizan game's by searching its positions, an impartial game's nimber
    /// (its Grundy value); with --misere, its misère canonical form (Conway, ONAG ch. 12) and
    /// genus, as CGSuite writes them.
    #[command(after_help = SUM_HELP)]
    Value {
        /// Print JSON: canonical, outcome, left_stop, right_stop, mean, temperature, birthday
        /// (with --misere: as `grundy cgt --json` prints a misère game).
        #[arg(long, global = true)]
        json: bool,
        #[command(flatten)]
        saving: SearchFile,
        #[command(subcommand)]
        game: GameArgs,
    },
    /// List the games, one line each.
    List,
    /// Print a game's rules, notation, closed form and its source.
    Rules {
        /// The game's command name (see `grundy list`).
        game: String,
        /// Print Markdown (as in docs/games.md).
        #[arg(long)]
        markdown: bool,
    },
}

/// Where a search saves its table (`solve` and `value` of a board searched: Domineering's who
/// wins, Cram's nimber).
#[derive(clap::Args, Debug, Clone, Default)]
pub struct SearchFile {
    /// On a board searched (Domineering's who wins, Cram's nimber): save what the search has
    /// settled to FILE as it goes (every minute, and when it ends or stops), and start from
    /// FILE when it exists, so that a run stopped in any way, kill -9 included, goes on from
    /// its last save. A file of another board or a damaged one is refused.
    #[arg(long, value_name = "FILE", global = true)]
    pub checkpoint: Option<std::path::PathBuf>,
    /// With --checkpoint: the seconds between saves (default 60).
    #[arg(long, value_name = "SECONDS", global = true, requires = "checkpoint", value_parser = seconds)]
    pub checkpoint_every: Option<f64>,
}

/// A side of a partizan game, on the command line.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
#[allow(missing_docs)] // clap would show variant docs as help for each value
pub enum Side {
    Left,
    Right,
}

impl Side {
    /// The library's player.
    pub fn player(self) -> Player {
        match self {
            Side::Left => Player::Left,
            Side::Right => Player::Right,
        }
    }
}

/// The whole command line, with the games of `registry`.
pub fn command(registry: &Registry) -> clap::Command {
    let mut cmd = Cli::command();
    for name in ["solve", "table", "play", "plot", "value"] {
        cmd = cmd.mut_subcommand(name, |c| with_games(c, registry, Games::WithPosition));
    }
    for name in SUM_COMMANDS {
        cmd = cmd.mut_subcommand(name, |c| c.subcommand(crate::args::sum_command()));
    }
    cmd = cmd.mut_subcommand("plot", |c| c.subcommand(crate::args::thermograph_command()));
    cmd = cmd.mut_subcommand("quotient", |c| with_games(c, registry, Games::Sequences));
    cmd.mut_subcommand("sequence", |c| with_games(c, registry, Games::Sequences))
}

/// The commands that take a sum of games.
const SUM_COMMANDS: [&str; 3] = ["solve", "play", "value"];

/// Reads the command line `args` (without the program's name).
///
/// A sum of games (`solve kayles 5 7 + bash --max 3 9 --json`, or the sum in one quoted
/// argument) is not a game's subcommand: its words go to the hidden `sum` subcommand, and the
/// command's own options among them (`--json`) before it.
pub fn parse_from<I, T>(registry: &Registry, args: I) -> Result<Cli, clap::Error>
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let args: Vec<std::ffi::OsString> = args.into_iter().map(Into::into).collect();
    let cmd = command(registry);
    let args = sum_arguments(&cmd, registry, args);
    let matches =
        cmd.try_get_matches_from(std::iter::once(std::ffi::OsString::from("grundy")).chain(args))?;
    Cli::from_arg_matches(&matches)
}

/// The arguments with a sum of games moved under the hidden `sum` subcommand (see
/// [`parse_from`]); other command lines are left as they are.
fn sum_arguments(
    cmd: &clap::Command,
    registry: &Registry,
    args: Vec<std::ffi::OsString>,
) -> Vec<std::ffi::OsString> {
    let Some(words) = args
        .iter()
        .map(|a| a.to_str().map(str::to_string))
        .collect::<Option<Vec<String>>>()
    else {
        return args;
    };
    // The command: the first word that is not an option or a number.
    let Some(at) = words
        .iter()
        .position(|w| !w.starts_with('-') && w.parse::<f64>().is_err())
    else {
        return args;
    };
    let Some(sub) = SUM_COMMANDS
        .iter()
        .find(|&&c| c == words[at])
        .and_then(|c| cmd.find_subcommand(c))
    else {
        return args;
    };
    // A quoted query ("kayles 5 7 + nim 3") is its words.
    let mut rest: Vec<String> = Vec::new();
    for w in &words[at + 1..] {
        let mut split = w.split_whitespace();
        match split.clone().next() {
            Some(first)
                if w.contains(char::is_whitespace)
                    && (first == "sum" || registry.get(first).is_some()) =>
            {
                rest.extend(split.by_ref().map(str::to_string))
            }
            _ => rest.push(w.clone()),
        }
    }
    if !rest.iter().any(|w| w == "+") && rest.first().map(String::as_str) != Some("sum") {
        // `--misere` before the game's name (as a sum takes it) goes after it.
        let game = rest.iter().position(|w| registry.get(w).is_some());
        if let Some(g) = game {
            if let Some(m) = rest[..g].iter().position(|w| w == "--misere") {
                let flag = rest.remove(m);
                rest.insert(g, flag);
            }
        }
        let mut out: Vec<std::ffi::OsString> = words[..=at].iter().map(Into::into).collect();
        out.extend(rest.into_iter().map(Into::into));
        return out;
    }
    // The command's options (and the global ones) go before `sum`, with their values.
    let own = |name: &str| {
        sub.get_arguments()
            .chain(cmd.get_arguments())
            .find(|a| a.get_long() == Some(name))
            .map(|a| a.get_action().takes_values())
    };
    let (mut options, mut sum) = (Vec::new(), Vec::new());
    let mut i = 0;
    while i < rest.len() {
        let w = &rest[i];
        i += 1;
        let long = w
            .strip_prefix("--")
            .map(|n| n.split('=').next().unwrap_or(n));
        match long.and_then(own) {
            Some(takes) => {
                options.push(w.clone());
                if takes && !w.contains('=') && i < rest.len() {
                    options.push(rest[i].clone());
                    i += 1;
                }
            }
            None if w == "sum" && sum.is_empty() => {}
            None => sum.push(w.clone()),
        }
    }
    words[..=at]
        .iter()
        .cloned()
        .chain(options)
        .chain(std::iter::once(crate::args::SUM.to_string()))
        .chain(sum)
        .map(Into::into)
        .collect()
}

/// clap's error message as one line: the message with the arguments it lists on the lines
/// below it ("the following required arguments were not provided: `--set <S>`"), a "similar
/// argument" tip if clap has one, and where to find help: the (sub)command named by `args`.
pub fn error_line(registry: &Registry, text: &str, args: &[String]) -> String {
    let mut parts: Vec<&str> = Vec::new();
    for line in text.lines().map(str::trim) {
        if let Some(tip) = line.strip_prefix("tip: ") {
            if tip.contains("similar") {
                parts.push(tip);
            }
        } else if !line.is_empty()
            && !line.starts_with("Usage: ")
            && !line.starts_with("For more information")
        {
            parts.push(line.strip_prefix("error: ").unwrap_or(line));
        }
    }
    let mut message = match parts.split_first() {
        None => "bad arguments".to_string(),
        Some((first, rest)) if first.ends_with(':') => format!("{first} {}", rest.join(", ")),
        Some((first, [])) => first.to_string(),
        Some((first, rest)) => format!("{first}; {}", rest.join("; ")),
    };
    // The subcommands named in order from the start of the arguments.
    let mut command = command(registry);
    let mut path = vec!["grundy".to_string()];
    for arg in args {
        let Some(sub) = command.find_subcommand(arg).cloned() else {
            // A misspelt game or command (two letters swapped, one missing or wrong) that
            // clap's own suggestion missed: the nearest name.
            if message.starts_with("unrecognized subcommand") && !message.contains("similar") {
                let names = command.get_subcommands().map(|c| c.get_name().to_string());
                if let Some(near) = nearest(arg, names) {
                    message.push_str(&format!("; did you mean '{near}'?"));
                }
            }
            break;
        };
        path.push(sub.get_name().to_string());
        command = sub;
    }
    format!("{message} (see {} --help)", path.join(" "))
}

/// A whole number ≥ 0, for an option that counts or indexes: anything else is refused saying
/// what the option takes (clap alone says "invalid digit found in string").
fn whole(s: &str) -> Result<u64, String> {
    s.parse::<u64>().map_err(|_| match s.parse::<i128>() {
        Ok(n) if n < 0 => format!("a whole number ≥ 0 is needed, not {s}"),
        Ok(_) => format!("{s} is too large (at most {})", u64::MAX),
        Err(_) => format!("a whole number ≥ 0 is needed, not '{s}'"),
    })
}

/// A number of seconds ≥ 0.
fn seconds(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(x) if x.is_finite() && (0.0..1e9).contains(&x) => Ok(x),
        _ => Err(format!("a number of seconds ≥ 0 is needed, not '{s}'")),
    }
}

/// [`whole`], as a count held in a machine word.
fn count(s: &str) -> Result<usize, String> {
    whole(s).and_then(|n| usize::try_from(n).map_err(|_| format!("{s} is too large")))
}

/// The name nearest to `typed` (case aside) within a small edit distance (swapped letters
/// count one edit), if there is one.
pub(crate) fn nearest(typed: &str, names: impl Iterator<Item = String>) -> Option<String> {
    let typed = typed.to_lowercase();
    let allowed = if typed.chars().count() <= 4 { 1 } else { 2 };
    names
        .map(|n| (strsim::damerau_levenshtein(&typed, &n), n))
        .filter(|(d, _)| *d <= allowed)
        .min()
        .map(|(_, n)| n)
}

/// An error message made fit for one terminal line: control characters (a newline inside an
/// argument) are shown escaped, and a word of more than 80 characters (an echoed argument of a
/// megabyte) is cut to its first 40 with the count of the rest.
pub fn one_line(message: &str) -> String {
    // A word longer than this is cut in its middle: its start and its end
    // stay (a file's path ends with its name and line, a number with its
    // last digits), so the line still says what and where.
    const LONG: usize = 240;
    const KEPT: usize = 60;
    let escaped: String = message
        .chars()
        .flat_map(|c| -> Box<dyn Iterator<Item = char>> {
            if c.is_control() {
                Box::new(c.escape_default())
            } else {
                Box::new(std::iter::once(c))
            }
        })
        .collect();
    escaped
        .split(' ')
        .map(|word| {
            let n = word.chars().count();
            if n > LONG {
                let head: String = word.chars().take(KEPT).collect();
                let tail: String = word.chars().skip(n - KEPT).collect();
                format!("{head}…({} characters left out)…{tail}", n - 2 * KEPT)
            } else {
                word.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::one_line;

    #[test]
    fn one_line_escapes_control_characters_and_cuts_long_words() {
        assert_eq!(
            one_line("'3\n4' is not a number"),
            "'3\\n4' is not a number"
        );
        let long = format!("'{}' is not a number", "x".repeat(1000));
        let cut = one_line(&long);
        assert_eq!(
            cut,
            format!(
                "'{}…(882 characters left out)…{}' is not a number",
                "x".repeat(59),
                "x".repeat(59)
            )
        );
        // A long path keeps its file name and line: the end of a word stays.
        let path = format!("/{}/graph.txt:1:", "d".repeat(150));
        assert_eq!(one_line(&path), path);
        let deeper = format!("/{}/graph.txt:1: bad line", "d".repeat(400));
        assert!(one_line(&deeper).contains("/graph.txt:1: bad line"));
        assert_eq!(one_line("plain words stay"), "plain words stay");
    }
}
