//! `grundy solve`: one position, or one per line of standard input with `--batch`.

use super::{emit, user, UserError};
use crate::args::GameArgs;
use crate::render;
use anyhow::Result;
use grundy::catalog::DynGame;
use grundy::registry::Registry;
use std::io::{BufRead, Write};

/// Solves the position of `game`, or with `batch` each position read from `input`.
pub fn run(
    registry: &Registry,
    game: &GameArgs,
    json: bool,
    max_moves: usize,
    batch: bool,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<()> {
    let query = game.query(registry).map_err(user)?;
    let game = query.game().map_err(user)?;
    if batch {
        if !query.position.is_empty() {
            return Err(user(
                "--batch reads positions from standard input: give no position on the command line",
            ));
        }
        return solve_batch(game.as_ref(), json, max_moves, input, out);
    }
    // A position whose answer takes long (a heap game's table growing) says that it is
    // working, on standard error and only on a terminal; a quick answer shows nothing.
    let spinner = indicatif::ProgressBar::new_spinner();
    spinner.set_style(super::progress_style(
        "{spinner} solving {msg} ({elapsed}; Ctrl-C stops, --max-seconds bounds it)",
    ));
    spinner.set_message(game.name());
    spinner.enable_steady_tick(std::time::Duration::from_millis(500));
    let a = game.solve(&query.words(), max_moves);
    spinner.finish_and_clear();
    let a = a.map_err(user)?;
    emit(out, json, &a, || render::analysis_text(&a))
}

/// Answers each line of `input` as it comes. Answers are written through a buffer that is
/// flushed whenever the input has nothing more waiting — once per chunk read, not once per
/// line — so a large batch costs few system calls, and a program that writes one line and
/// waits for its answer still gets it at once.
fn solve_batch(
    game: &dyn DynGame,
    json: bool,
    max_moves: usize,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<()> {
    let mut out = std::io::BufWriter::with_capacity(1 << 16, out);
    let mut line_no = 0usize;
    // A line split across two chunks of input.
    let mut partial: Vec<u8> = Vec::new();
    loop {
        let chunk = input.fill_buf()?;
        if chunk.is_empty() {
            break;
        }
        let mut rest = chunk;
        while let Some(end) = rest.iter().position(|&b| b == b'\n') {
            line_no += 1;
            let line = if partial.is_empty() {
                &rest[..end]
            } else {
                partial.extend_from_slice(&rest[..end]);
                &partial[..]
            };
            answer_line(game, json, max_moves, line, line_no, &mut out)?;
            partial.clear();
            rest = &rest[end + 1..];
        }
        partial.extend_from_slice(rest);
        let used = chunk.len();
        input.consume(used);
        // The next read may wait for more input: what is answered goes out first.
        out.flush()?;
    }
    if !partial.is_empty() {
        answer_line(game, json, max_moves, &partial, line_no + 1, &mut out)?;
    }
    out.flush()?;
    Ok(())
}

/// Answers one line of a batch (blank lines are skipped).
fn answer_line(
    game: &dyn DynGame,
    json: bool,
    max_moves: usize,
    line: &[u8],
    line_no: usize,
    out: &mut impl Write,
) -> Result<()> {
    let at =
        |e: &dyn std::fmt::Display| user(UserError(format!("standard input line {line_no}: {e}")));
    let line = std::str::from_utf8(line).map_err(|_| at(&"not valid UTF-8"))?;
    let args: Vec<&str> = line.split_whitespace().collect();
    if args.is_empty() {
        return Ok(());
    }
    let a = game.solve(&args, max_moves).map_err(|e| at(&e))?;
    if json {
        serde_json::to_writer(&mut *out, &a)?;
    } else {
        out.write_all(render::analysis_line(&a).as_bytes())?;
    }
    out.write_all(b"\n")?;
    Ok(())
}
