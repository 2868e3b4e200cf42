//! One module per command: each reads what the command line gave, asks the library, and
//! renders the answer. `run` dispatches.

mod catalog;
mod graph;
mod play;
mod plot;
mod quotient;
mod script;
pub(crate) mod sequence;
mod solve;
mod table;

use crate::cli::{Cli, Command};
use anyhow::Result;
use grundy::registry::Registry;
use grundy::GameError;
use std::io::{BufRead, Write};

/// A user error: one line, exit status 2.
#[derive(Debug)]
pub struct UserError(pub String);

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

impl From<grundy::batch::LineError> for UserError {
    fn from(e: grundy::batch::LineError) -> Self {
        UserError(e.to_string())
    }
}

/// A user error as the error every command returns.
pub(crate) fn user(e: impl Into<UserError>) -> anyhow::Error {
    anyhow::Error::new(e.into())
}

impl From<String> for UserError {
    fn from(s: String) -> Self {
        UserError(s)
    }
}

impl From<&str> for UserError {
    fn from(s: &str) -> Self {
        UserError(s.to_string())
    }
}

/// Writes `value` as one line of JSON, or `text()` for a person.
pub(crate) fn emit<T: serde::Serialize>(
    out: &mut dyn Write,
    json: bool,
    value: &T,
    text: impl FnOnce() -> String,
) -> Result<()> {
    if json {
        serde_json::to_writer(&mut *out, value)?;
        writeln!(out)?;
    } else {
        write!(out, "{}", text())?;
    }
    Ok(())
}

/// `grundy cgt` reading a worksheet from `input`: each line answered in turn (a refused line
/// is reported on standard error with its number, and the run ends with status 2).
fn worksheet(input: &mut dyn BufRead, out: &mut dyn Write, json: bool) -> Result<()> {
    let mut session = grundy::notation::session::Session::new();
    let mut refused = 0;
    for (n, line) in input.lines().enumerate() {
        let line = line.map_err(|e| user(format!("reading standard input: {e}")))?;
        let entry = match working("the worksheet", || session.line(&line)) {
            Ok(Some(entry)) => entry,
            Ok(None) => continue,
            Err(e) => {
                eprintln!("grundy: line {}: {e}", n + 1);
                refused += 1;
                continue;
            }
        };
        if json {
            let mut v = serde_json::to_value(&entry)?;
            if let Some(o) = v.as_object_mut() {
                o.insert("line".into(), (n + 1).into());
                o.insert("input".into(), line.trim().into());
            }
            serde_json::to_writer(&mut *out, &v)?;
            writeln!(out)?;
        } else {
            let text = crate::render::answer_text(&entry.answer);
            match &entry.name {
                Some(name) => write!(out, "{name} := {text}")?,
                None => write!(out, "{text}")?,
            }
        }
        out.flush()?;
    }
    if refused > 0 {
        return Err(user(format!(
            "{refused} line{} of the worksheet refused (see above)",
            if refused == 1 { "" } else { "s" }
        )));
    }
    Ok(())
}

/// Runs one command over the games of `registry`, reading `input` (batches, play) and
/// writing to `out`.
pub fn run(
    registry: &Registry,
    cli: Cli,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<()> {
    let memory = grundy::budget::gib_to_bytes(cli.max_memory).map_err(user)?;
    let command = cli.command;
    grundy::budget::with_memory(memory, || match cli.max_seconds {
        None => run_command(registry, command, input, out),
        Some(s) if s.is_finite() && s > 0.0 && s < 1e9 => {
            let budget = std::time::Duration::from_secs_f64(s);
            grundy::budget::within(budget, || run_command(registry, command, input, out))
        }
        Some(s) => Err(user(format!(
            "--max-seconds {s} must be a positive number of seconds"
        ))),
    })
}

/// `work` with its searches saving their tables where `file` says, if anywhere; a file no
/// search used is said on standard error (the answer needed no search that saves).
fn saved<T>(file: crate::cli::SearchFile, work: impl FnOnce() -> T) -> T {
    match file.checkpoint {
        None => work(),
        Some(path) => {
            let every = std::time::Duration::from_secs_f64(file.checkpoint_every.unwrap_or(60.0));
            let shown = path.display().to_string();
            let out = grundy::budget::with_saving(grundy::budget::Saving { path, every }, work);
            if !grundy::budget::saving_taken() {
                eprintln!(
                    "grundy: note: --checkpoint {shown} was not used: no search that saves its \
                     table (Domineering's, Cram's) was needed for this answer"
                );
            }
            out
        }
    }
}

fn run_command(
    registry: &Registry,
    command: Command,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<()> {
    match command {
        Command::List => catalog::list(registry, out)?,
        Command::Value { json, saving, game } => {
            let query = game.query(registry).map_err(user)?;
            let game = query.game().map_err(user)?;
            let answer = saved(saving, || {
                working(&game.name(), || {
                    game.position(&query.words())
                        .and_then(|p| grundy::notation::value_of(game.as_ref(), &p))
                })
            })
            .map_err(user)?;
            emit(out, json, &answer, || crate::render::answer_text(&answer))?;
        }
        Command::Cgt { expression, json } => match expression.as_deref() {
            None | Some("-") => worksheet(input, out, json)?,
            Some(expression) => {
                let answer = working("the expression", || grundy::notation::answer(expression))
                    .map_err(user)?;
                emit(out, json, &answer, || crate::render::answer_text(&answer))?;
            }
        },
        Command::Completions { shell } => {
            // Written whole to a buffer first: clap_complete panics if its writer fails (a
            // closed pipe), and a write error here is reported like any other.
            let mut script = Vec::new();
            clap_complete::generate(
                shell,
                &mut crate::cli::command(registry),
                "grundy",
                &mut script,
            );
            out.write_all(&script)?;
        }
        Command::Man => clap_mangen::Man::new(crate::cli::command(registry)).render(out)?,
        Command::Rules { game, markdown } => catalog::rules(registry, &game, markdown, out)?,
        Command::Solve {
            json,
            max_moves,
            all_moves,
            batch,
            expect,
            words,
            saving,
            game,
        } => {
            let floor = if all_moves {
                u64::MAX
            } else {
                grundy::budget::listing_floor()
            };
            saved(saving, || {
                grundy::budget::with_listing_floor(floor, || {
                    let batching = solve::Batching {
                        batch,
                        expect,
                        words,
                    };
                    solve::run(registry, &game, json, max_moves, batching, input, out)
                })
            })?
        }
        Command::Sequence {
            to,
            json,
            values,
            until_periodic,
            checkpoint,
            genus,
            game,
        } => sequence::run(
            registry,
            &game,
            sequence::Flags {
                to,
                json,
                values,
                until_periodic,
                checkpoint,
                genus,
            },
            out,
        )?,
        Command::Quotient {
            to,
            json,
            table,
            game,
        } => quotient::run(registry, &game, to, json, table, out)?,
        Command::Graph {
            file,
            json,
            position,
            misere,
        } => graph::run(&file, json, position, misere, input, out)?,
        Command::Script {
            file,
            json,
            all,
            max_positions,
            rhai_only,
            start,
            value,
            tiers,
        } => {
            let opts = grundy_script::Options {
                max_positions,
                all,
                rhai_only,
                start,
            };
            if value {
                script::value(&file, json, &opts, out)?
            } else if let Some(dir) = tiers {
                script::run_tiers(&file, json, &opts, &dir, out)?
            } else {
                script::run(&file, json, opts, out)?
            }
        }
        Command::Play {
            engine_first,
            side,
            game,
        } => play::run(registry, &game, engine_first, side, input, out)?,
        Command::Plot {
            out: file,
            size,
            grundy,
            two_heaps,
            game,
        } => plot::run(registry, &game, file, size, grundy, two_heaps, out)?,
        Command::Serve { port, host } => serve(registry, &host, port)?,
        Command::Table {
            grundy,
            from,
            to,
            json,
            game,
        } => working("the table", || {
            table::run(registry, &game, grundy, from, to, json, out)
        })?,
    }
    out.flush()?;
    Ok(())
}

/// `grundy serve`: the web playground, until stopped.
#[cfg(feature = "serve")]
fn serve(registry: &Registry, host: &str, port: u16) -> Result<()> {
    grundy_web::serve(host, port, registry.clone())
        .map_err(|e| user(format!("cannot serve on {host} port {port}: {e}")))
}

/// `grundy serve` in a build without the web server (grundy-cli without its `serve` feature).
#[cfg(not(feature = "serve"))]
fn serve(_: &Registry, _: &str, _: u16) -> Result<()> {
    Err(user(
        "this build has no web server: build grundy-cli with its feature `serve`",
    ))
}

/// Runs `work` (answering about `what`) with its progress on standard error, on a terminal
/// only: a spinner while the library says nothing, and once it reports how far it has gone
/// ([`grundy::budget::Progress`]) a bar with the count, the rate and the time left. A quick
/// answer shows nothing.
pub(crate) fn working<T>(what: &str, work: impl FnOnce() -> T) -> T {
    let bar = indicatif::ProgressBar::new_spinner();
    bar.set_style(progress_style(
        "{spinner} {msg} ({elapsed}; Ctrl-C stops, --max-seconds bounds it)",
    ));
    bar.set_message(what.to_string());
    bar.enable_steady_tick(std::time::Duration::from_millis(500));
    let shown = bar.clone();
    let unit = std::cell::Cell::new("");
    let answer = grundy::budget::watch(
        move |p: grundy::budget::Progress| {
            // A count with a known end draws a bar with the time left; a search, its count.
            if unit.replace(p.unit) != p.unit {
                let counted = match p.total {
                    Some(_) => "{bar:40} {human_pos}/{human_len}",
                    None => "{spinner} {human_pos}",
                };
                let left = if p.total.is_some() { ", ETA {eta}" } else { "" };
                shown.set_style(progress_style(&format!(
                    "{counted} {}, {{rate}}/s{left}{{msg}} ({{elapsed}}; Ctrl-C stops, \
                     --max-seconds bounds it)",
                    p.unit
                )));
            }
            if let Some(total) = p.total {
                shown.set_length(total);
            }
            // A search also says how deep it is and what its tables hold.
            shown.set_message(progress_detail(p));
            shown.set_position(p.done);
        },
        work,
    );
    bar.finish_and_clear();
    answer
}

/// What a progress line says beyond its count: a search's depth and its tables' memory
/// (`, depth 28, tables 201 MiB`); nothing for other work.
pub(crate) fn progress_detail(p: grundy::budget::Progress) -> String {
    let mut s = String::new();
    if let Some(d) = p.depth {
        s.push_str(&format!(", depth {d}"));
    }
    if let Some(b) = p.bytes {
        s.push_str(&format!(", tables {} MiB", b >> 20));
    }
    s
}

/// A progress style from `template`, which may use `{rate}`: the count per second as a whole
/// number with separators (indicatif's `{per_sec}` prints four decimals).
pub(crate) fn progress_style(template: &str) -> indicatif::ProgressStyle {
    indicatif::ProgressStyle::with_template(template)
        .expect("valid template")
        .with_key(
            "rate",
            |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = w.write_str(&indicatif::HumanCount(state.per_sec() as u64).to_string());
            },
        )
}
