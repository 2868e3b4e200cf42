//! The `grundy` binary.

use anyhow::Result;
use clap::{CommandFactory, Parser, Subcommand};
use grundy::analysis::Player;
use grundy::catalog::{Cell, DynGame, TableShape};
use grundy::GameError;
use grundy_cli::args::{GameCmd, SequenceGame};
use grundy_cli::render;
use std::io::{BufRead, Write};
use std::process::ExitCode;

/// Who wins a two-player game with perfect play, and how.
#[derive(Parser, Debug)]
#[command(name = "grundy", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Solve a position: who wins, the Grundy value, every winning move and why.
    Solve {
        /// Print one JSON object (JSON lines with --batch).
        #[arg(long, global = true)]
        json: bool,
        /// List at most K winning moves.
        #[arg(long, value_name = "K", default_value_t = 100, global = true)]
        max_moves: usize,
        /// Read one position per line from standard input and answer one line each.
        #[arg(long, global = true)]
        batch: bool,
        #[command(subcommand)]
        game: GameCmd,
    },
    /// Print the P/N (or Grundy) table of a game's small positions.
    Table {
        /// Show Grundy values instead of P/N.
        #[arg(long, global = true)]
        grundy: bool,
        /// First index on each axis (default: the game's smallest).
        #[arg(long, value_name = "N", global = true)]
        from: Option<u64>,
        /// Last index on each axis (default 30 for a row, 12 for a grid).
        #[arg(long, value_name = "N", global = true)]
        to: Option<u64>,
        /// Print JSON.
        #[arg(long, global = true)]
        json: bool,
        #[command(subcommand)]
        game: GameCmd,
    },
    /// Compute the nim-sequence G(0) … G(N) of a heap game and prove its periodicity.
    Sequence {
        /// Compute G(0) … G(N).
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
        #[command(subcommand)]
        game: SequenceGame,
    },
    /// Solve every position of a move graph (a file of `A B` lines), loops and draws included.
    Graph {
        /// The graph file (`-` reads standard input).
        file: String,
        /// Print JSON.
        #[arg(long)]
        json: bool,
        /// Show one position and each of its moves, best first.
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
        #[arg(long, value_name = "K", default_value_t = 10_000_000)]
        max_positions: usize,
        /// Run every call through Rhai's interpreter, even those grundy's own evaluator of
        /// plain rules would run (same answers, slower): for comparison.
        #[arg(long)]
        rhai_only: bool,
    },
    /// Play a game against the engine in the terminal: type the position after your move,
    /// or hint, moves, undo, quit.
    Play {
        /// Let the engine make the first move.
        #[arg(long, global = true)]
        engine_first: bool,
        /// In a partizan game, the side you play (the engine plays the other).
        #[arg(long = "as", value_enum, value_name = "SIDE", global = true)]
        side: Option<Side>,
        #[command(subcommand)]
        game: GameCmd,
    },
    /// Draw a game's picture: the P-position map of a two-parameter game, or a heap game's
    /// nim-sequence with its proved period (PNG or SVG by the file's extension).
    Plot {
        /// The image to write (.png or .svg).
        #[arg(long, value_name = "FILE", global = true)]
        out: Option<std::path::PathBuf>,
        /// How many positions along each axis (default 40 for maps, 300 for sequences).
        #[arg(long, value_name = "N", global = true)]
        size: Option<u64>,
        /// Colour a map by Grundy value instead of by outcome.
        #[arg(long, global = true)]
        grundy: bool,
        /// For a heap game: the P-position map of two heaps instead of the nim-sequence.
        #[arg(long, global = true)]
        two_heaps: bool,
        #[command(subcommand)]
        game: GameCmd,
    },
    /// Serve the web playground on 127.0.0.1: a page to play every game against the engine,
    /// with its picture, and a JSON API (GET /api/solve?q=nim 3 4 5).
    Serve {
        /// The port.
        #[arg(long, default_value_t = 7878)]
        port: u16,
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

/// A user error: one line, exit status 2.
#[derive(Debug)]
struct UserError(String);

impl std::fmt::Display for UserError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}
impl std::error::Error for UserError {}

impl From<GameError> for UserError {
    fn from(e: GameError) -> Self {
        UserError(e.to_string())
    }
}

/// clap's error message as one line: the message with the arguments it lists on the lines
/// below it ("the following required arguments were not provided: --set <S>"), a "similar
/// argument" tip if clap has one, and where to find help: the (sub)command named by `args`.
fn clap_error_line(text: &str, args: &[String]) -> String {
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
    let message = match parts.split_first() {
        None => "bad arguments".to_string(),
        Some((first, rest)) if first.ends_with(':') => format!("{first} {}", rest.join(", ")),
        Some((first, [])) => first.to_string(),
        Some((first, rest)) => format!("{first}; {}", rest.join("; ")),
    };
    // The subcommands named in order from the start of the arguments.
    let mut command = Cli::command();
    let mut path = vec!["grundy".to_string()];
    for arg in args {
        let Some(sub) = command.find_subcommand(arg).cloned() else {
            break;
        };
        path.push(sub.get_name().to_string());
        command = sub;
    }
    format!("{message} (see {} --help)", path.join(" "))
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            match e.kind() {
                ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
                    let _ = e.print();
                    return ExitCode::SUCCESS;
                }
                ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
                    let _ = e.print();
                    return ExitCode::from(2);
                }
                _ => {
                    let args: Vec<String> = std::env::args_os()
                        .skip(1)
                        .map(|a| a.to_string_lossy().into_owned())
                        .collect();
                    eprintln!(
                        "grundy: {}",
                        clap_error_line(&e.render().to_string(), &args)
                    );
                    return ExitCode::from(2);
                }
            }
        }
    };
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => match e.downcast_ref::<UserError>() {
            Some(u) => {
                eprintln!("grundy: {u}");
                ExitCode::from(2)
            }
            None if is_broken_pipe(&e) => ExitCode::SUCCESS,
            None => {
                eprintln!("grundy: {e:#}");
                ExitCode::FAILURE
            }
        },
    }
}

fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.downcast_ref::<std::io::Error>()
        .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
}

fn run(cli: Cli) -> Result<()> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    match cli.command {
        Command::List => {
            for info in grundy::games::ALL {
                writeln!(out, "{:<22} {}", info.name, info.summary)?;
            }
        }
        Command::Rules { game, markdown } => {
            let info = grundy::games::info(&game)
                .ok_or_else(|| UserError(format!("unknown game '{game}' (see grundy list)")))?;
            if markdown {
                write!(out, "{}", render::rules_markdown(info))?;
            } else {
                write!(out, "{}", render::rules_text(info))?;
            }
        }
        Command::Solve {
            json,
            max_moves,
            batch,
            game,
        } => {
            let (game, args) = game.build().map_err(UserError::from)?;
            if batch {
                if !args.is_empty() {
                    return Err(UserError(
                        "--batch reads positions from standard input: give no position on the command line".into(),
                    )
                    .into());
                }
                solve_batch(game.as_ref(), json, max_moves, &mut out)?;
            } else {
                let a = game
                    .solve(&render::strs(&args), max_moves)
                    .map_err(UserError::from)?;
                if json {
                    serde_json::to_writer(&mut out, &a)?;
                    writeln!(out)?;
                } else {
                    write!(out, "{}", render::analysis_text(&a))?;
                }
            }
        }
        Command::Sequence {
            to,
            json,
            values,
            until_periodic,
            checkpoint,
            game,
        } => {
            let to = to.ok_or_else(|| UserError("sequence needs --to N".into()))?;
            let to = grundy::nat::parse_u64(&to, "--to").map_err(UserError::from)?;
            let (source, name) = game.source().map_err(UserError::from)?;
            let job = grundy::heap::sequence::Job {
                source,
                game: name,
                to,
                until_periodic,
                checkpoint,
                keep_values: values,
            };
            let bar = indicatif::ProgressBar::new(to.saturating_add(1));
            bar.set_style(
                indicatif::ProgressStyle::with_template(
                    "{bar:40} {human_pos}/{human_len} values, {rate}/s, ETA {eta}",
                )
                .expect("valid template")
                // Values per second as a whole number with separators ({per_sec} prints
                // four decimals).
                .with_key(
                    "rate",
                    |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                        let _ = write!(w, "{}", indicatif::HumanCount(state.per_sec() as u64));
                    },
                ),
            );
            let report = job
                .run(&mut |done, total| {
                    bar.set_length(total);
                    bar.set_position(done);
                })
                .map_err(UserError::from)?;
            bar.finish_and_clear();
            if json {
                serde_json::to_writer(&mut out, &report)?;
                writeln!(out)?;
            } else {
                write!(out, "{}", render::sequence_text(&report))?;
            }
        }
        Command::Graph {
            file,
            json,
            position,
            misere,
        } => {
            let source = if file == "-" {
                "<stdin>"
            } else {
                file.as_str()
            };
            // Progress on the terminal (nothing when stderr is not one): bytes read, then
            // a spinner while solving.
            let bar = if file == "-" {
                indicatif::ProgressBar::new_spinner()
            } else {
                let len = std::fs::metadata(&file).map(|m| m.len()).unwrap_or(0);
                indicatif::ProgressBar::new(len)
            };
            bar.set_style(
                indicatif::ProgressStyle::with_template(
                    "reading {bar:40} {binary_bytes}/{binary_total_bytes}, {binary_bytes_per_sec}",
                )
                .expect("valid template"),
            );
            let g = if file == "-" {
                let input = bar.wrap_read(std::io::stdin().lock());
                grundy::graph::parse_graph_from(std::io::BufReader::new(input), source)
            } else {
                let f = std::fs::File::open(&file)
                    .map_err(|e| UserError(format!("cannot read {file}: {e}")))?;
                grundy::graph::parse_graph_from(std::io::BufReader::new(bar.wrap_read(f)), source)
            }
            .map_err(UserError::from)?;
            bar.set_style(
                indicatif::ProgressStyle::with_template("{spinner} {msg} ({elapsed})")
                    .expect("valid template"),
            );
            bar.set_message(format!(
                "solving {} positions and {} moves",
                g.len(),
                g.moves_count()
            ));
            bar.enable_steady_tick(std::time::Duration::from_millis(200));
            let convention = if misere {
                grundy::solver::Convention::Misere
            } else {
                grundy::solver::Convention::Normal
            };
            let s = g.solve(convention);
            bar.finish_and_clear();
            match position {
                Some(name) => {
                    let u = g.id(&name).ok_or_else(|| {
                        UserError(format!("{source} has no position named '{name}'"))
                    })?;
                    if json {
                        serde_json::to_writer(&mut out, &render::graph_position_json(&g, &s, u))?;
                        writeln!(out)?;
                    } else {
                        write!(out, "{}", render::graph_position_text(&g, &s, u))?;
                    }
                }
                None if json => {
                    // Written as it is produced: a large graph's JSON is never held whole.
                    let mut w = std::io::BufWriter::with_capacity(1 << 16, &mut out);
                    serde_json::to_writer(&mut w, &s.report(&g))?;
                    writeln!(w)?;
                }
                None => write!(out, "{}", render::graph_text(source, &g, &s))?,
            }
        }
        Command::Script {
            file,
            json,
            all,
            max_positions,
            rhai_only,
        } => {
            let text = std::fs::read_to_string(&file)
                .map_err(|e| UserError(format!("cannot read {file}: {e}")))?;
            let rules = grundy_script::Rules::compile(&text, &file)
                .map_err(|e| UserError(e.to_string()))?;
            let bar = indicatif::ProgressBar::new_spinner();
            bar.set_style(
                indicatif::ProgressStyle::with_template(
                    "{spinner} {human_pos} positions explored ({per_sec}, {elapsed})",
                )
                .expect("valid template"),
            );
            let report = rules
                .solve_with_progress(
                    &grundy_script::Options {
                        max_positions,
                        all,
                        rhai_only,
                    },
                    &mut |explored| bar.set_position(explored as u64),
                )
                .map_err(|e| UserError(e.to_string()))?;
            bar.finish_and_clear();
            // Written as it is produced: `--all`'s list is never held whole.
            let mut w = std::io::BufWriter::with_capacity(1 << 16, &mut out);
            if json {
                serde_json::to_writer(&mut w, &report)?;
                writeln!(w)?;
            } else {
                write!(w, "{}", render::script_text(&file, &report))?;
                if let Some(all) = &report.all {
                    render::write_script_positions(&mut w, all)?;
                }
            }
        }
        Command::Play {
            engine_first,
            side,
            game,
        } => {
            let (game, args) = game.build().map_err(UserError::from)?;
            let start = game
                .canonical(&render::strs(&args))
                .map_err(UserError::from)?;
            let you = match (game.partizan(), side) {
                (true, side) => Some(side.unwrap_or(Side::Left).player()),
                (false, None) => None,
                (false, Some(_)) => {
                    return Err(UserError(format!(
                    "--as chooses a side in partizan games; in {} both players have the same moves",
                    game.name()
                ))
                    .into())
                }
            };
            play(
                game.as_ref(),
                render::words(&start),
                !engine_first,
                you,
                &mut out,
            )?;
        }
        Command::Plot {
            out: file,
            size,
            grundy,
            two_heaps,
            game: cmd,
        } => {
            let file =
                file.ok_or_else(|| UserError("plot needs --out FILE.png or FILE.svg".into()))?;
            let opts = grundy_cli::picture::Options {
                size,
                by_grundy: grundy,
                two_heaps,
            };
            grundy_cli::picture::draw(&cmd, opts, &file).map_err(UserError)?;
            writeln!(out, "wrote {}", file.display())?;
        }
        Command::Serve { port } => {
            grundy_web::serve(port, std::sync::Arc::new(grundy_cli::web::CliBackend))
                .map_err(|e| UserError(format!("cannot serve on port {port}: {e}")))?;
        }
        Command::Table {
            grundy,
            from,
            to,
            json,
            game,
        } => {
            let (game, args) = game.build().map_err(UserError::from)?;
            if !args.is_empty() {
                return Err(UserError(format!(
                    "table lists positions itself: give the game's options but no position (got '{}')",
                    args.join(" ")
                ))
                .into());
            }
            table(game.as_ref(), grundy, from, to, json, &mut out)?;
        }
    }
    out.flush()?;
    Ok(())
}

fn solve_batch(
    game: &dyn DynGame,
    json: bool,
    max_moves: usize,
    out: &mut impl Write,
) -> Result<()> {
    let stdin = std::io::stdin();
    for (i, line) in stdin.lock().lines().enumerate() {
        let line = line?;
        let args: Vec<&str> = line.split_whitespace().collect();
        if args.is_empty() {
            continue;
        }
        let a = game
            .solve(&args, max_moves)
            .map_err(|e| UserError(format!("standard input line {}: {e}", i + 1)))?;
        if json {
            serde_json::to_writer(&mut *out, &a)?;
            writeln!(out)?;
        } else {
            writeln!(out, "{}", render::analysis_line(&a))?;
        }
    }
    Ok(())
}

fn table(
    game: &dyn DynGame,
    grundy: bool,
    from: Option<u64>,
    to: Option<u64>,
    json: bool,
    out: &mut impl Write,
) -> Result<()> {
    let shape = game.table_shape().ok_or_else(|| {
        UserError(format!(
            "{} has no table: its positions are not indexed by one or two numbers",
            game.name()
        ))
    })?;
    let (first, default_to, axes) = match shape {
        TableShape::Row { axis, first } => (first, 30, vec![axis]),
        TableShape::Grid { rows, cols, first } => (first, 12, vec![rows, cols]),
    };
    let from = from.unwrap_or(first).max(first);
    let to = to.unwrap_or(default_to.max(from));
    if to < from {
        return Err(UserError(format!("--to {to} is below the first index {from}")).into());
    }
    const MAX_CELLS: u64 = 1_000_000;
    let side = to - from + 1;
    let cells_needed = if axes.len() == 1 {
        side
    } else {
        side.saturating_mul(side)
    };
    if cells_needed > MAX_CELLS {
        return Err(UserError(format!(
            "a table of {cells_needed} cells is too large to print (at most {MAX_CELLS})"
        ))
        .into());
    }
    let cell = |coords: &[u64]| -> Result<Option<Cell>> {
        game.table_cell(coords)
            .map_err(|e| UserError::from(e).into())
    };
    if json {
        let mut cells = Vec::new();
        for_each_coord(axes.len(), from, to, |c| {
            if let Some(v) = cell(c)? {
                cells.push(serde_json::json!({
                    "at": c, "outcome": v.outcome,
                    "grundy": v.grundy.map(|g| grundy_number(&g)),
                }));
            }
            Ok(())
        })?;
        let doc = serde_json::json!({
            "game": game.name(), "axes": axes, "from": from, "to": to, "cells": cells,
        });
        serde_json::to_writer(&mut *out, &doc)?;
        writeln!(out)?;
        return Ok(());
    }
    if axes.len() == 1 {
        writeln!(
            out,
            "{} ({})",
            game.name(),
            if grundy { "Grundy values" } else { "P/N" }
        )?;
        let mut n = from;
        while n <= to {
            let end = (n + 19).min(to);
            let idx: Vec<String> = (n..=end).map(|i| i.to_string()).collect();
            let vals: Vec<String> = (n..=end)
                .map(|i| Ok(render::cell_text(&cell(&[i])?, grundy)))
                .collect::<Result<_>>()?;
            let w = idx
                .iter()
                .chain(&vals)
                .map(|s| s.chars().count())
                .max()
                .unwrap_or(1);
            let fmt = |v: &[String]| {
                v.iter()
                    .map(|s| format!("{s:>w$}"))
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            writeln!(out, "{:>6} {}", axes[0], fmt(&idx))?;
            writeln!(out, "{:>6} {}\n", "", fmt(&vals))?;
            n = end + 1;
        }
    } else {
        writeln!(
            out,
            "{} ({}; rows: {}, columns: {})",
            game.name(),
            if grundy { "Grundy values" } else { "P/N" },
            axes[0],
            axes[1]
        )?;
        let mut rows = Vec::new();
        for r in from..=to {
            let mut row = Vec::new();
            for c in from..=to {
                row.push(render::cell_text(&cell(&[r, c])?, grundy));
            }
            rows.push(row);
        }
        let w = rows
            .iter()
            .flatten()
            .map(|s| s.chars().count())
            .chain(std::iter::once(to.to_string().len()))
            .max()
            .unwrap_or(1);
        let lw = to.to_string().len();
        let header: Vec<String> = (from..=to).map(|c| format!("{c:>w$}")).collect();
        writeln!(out, "{:>lw$} | {}", "", header.join(" "))?;
        writeln!(
            out,
            "{}-+-{}",
            "-".repeat(lw),
            "-".repeat(header.join(" ").len())
        )?;
        for (r, row) in (from..=to).zip(rows) {
            let cells: Vec<String> = row.iter().map(|s| format!("{s:>w$}")).collect();
            writeln!(out, "{r:>lw$} | {}", cells.join(" "))?;
        }
    }
    Ok(())
}

/// The play loop: reads the user's commands from standard input, one per line.
/// A side of a partizan game, on the command line.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum Side {
    Left,
    Right,
}

impl Side {
    fn player(self) -> Player {
        match self {
            Side::Left => Player::Left,
            Side::Right => Player::Right,
        }
    }
}

/// The other side.
fn opponent(p: Player) -> Player {
    match p {
        Player::Left => Player::Right,
        Player::Right => Player::Left,
    }
}

/// Plays against the engine through standard input; `you` is your side in a partizan game.
fn play(
    game: &dyn DynGame,
    mut pos: Vec<String>,
    mut user_turn: bool,
    you: Option<Player>,
    out: &mut impl Write,
) -> Result<()> {
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut history: Vec<Vec<String>> = Vec::new();
    let words = render::words;
    let mut greeted = false;
    loop {
        let p = pos.clone();
        let args = render::strs(&p);
        let shown = if p.is_empty() {
            "(empty)".to_string()
        } else {
            p.join(" ")
        };
        let mover = you.map(|y| if user_turn { y } else { opponent(y) });
        // A position too large to play is refused before anything is printed.
        let options = game.options(&args, mover).map_err(UserError::from)?;
        if !greeted {
            writeln!(
                out,
                "{} — type the position after your move, or: hint, moves, undo, quit.",
                game.name()
            )?;
            if let Some(y) = you {
                writeln!(out, "You play {y:?}, grundy plays {:?}.", opponent(y))?;
            }
            greeted = true;
        }
        let shown = match mover {
            Some(m) => format!("{shown} ({m:?} to move)"),
            None => shown,
        };
        if options.is_empty() {
            // Normal play: a partizan player with no move loses; an impartial position's
            // outcome says whether the player to move wins (misère variants).
            let mover_wins = match mover {
                Some(_) => false,
                None => {
                    game.solve(&args, 1).map_err(UserError::from)?.outcome == grundy::Outcome::N
                }
            };
            writeln!(out, "Position: {shown} — no move left.")?;
            let you_win = mover_wins == user_turn;
            writeln!(out, "{}", if you_win { "You win!" } else { "grundy wins." })?;
            return Ok(());
        }
        if !user_turn {
            let mv = game
                .engine_move(&args, mover)
                .map_err(UserError::from)?
                .expect("a position with moves has an engine move");
            let mv = words(&mv);
            writeln!(out, "Position: {shown}\ngrundy moves to: {}", mv.join(" "))?;
            history.push(pos.clone());
            pos = mv;
            user_turn = true;
            continue;
        }
        write!(
            out,
            "Position: {shown}\n{}your move> ",
            render::position_picture(&p)
        )?;
        out.flush()?;
        let Some(line) = lines.next() else {
            writeln!(out)?;
            return Ok(());
        };
        let line = line?;
        let typed: Vec<&str> = line.split_whitespace().collect();
        match typed.as_slice() {
            ["quit"] | ["q"] => return Ok(()),
            ["hint"] => {
                let a = game.solve(&args, 10).map_err(UserError::from)?;
                write!(out, "{}", render::analysis_text(&a))?;
            }
            ["moves"] => {
                for o in options.iter().take(30) {
                    writeln!(out, "  {}", words(o).join(" "))?;
                }
                if options.len() > 30 {
                    writeln!(out, "  … and {} more", options.len() - 30)?;
                }
            }
            ["undo"] => {
                if history.len() >= 2 {
                    pos = history[history.len() - 2].clone();
                    history.truncate(history.len() - 2);
                } else {
                    writeln!(out, "Nothing to undo.")?;
                }
            }
            [] => {}
            _ => match game.canonical(&typed) {
                Ok(to) if options.contains(&to) => {
                    history.push(pos.clone());
                    pos = words(&to);
                    user_turn = false;
                }
                Ok(_) => writeln!(
                    out,
                    "Not a legal move: {} is not one move away from {shown} (type moves to list them).",
                    typed.join(" ")
                )?,
                Err(e) => writeln!(out, "Not a position: {e}")?,
            },
        }
    }
}

fn grundy_number(g: &grundy::Nat) -> serde_json::Value {
    serde_json::Value::Number(g.to_string().parse().expect("digits are a JSON number"))
}

fn for_each_coord(
    dims: usize,
    from: u64,
    to: u64,
    mut f: impl FnMut(&[u64]) -> Result<()>,
) -> Result<()> {
    if dims == 1 {
        for n in from..=to {
            f(&[n])?;
        }
    } else {
        for r in from..=to {
            for c in from..=to {
                f(&[r, c])?;
            }
        }
    }
    Ok(())
}
