//! `grundy solve`: one position, or one per line of standard input with `--batch`.

use super::{emit, user, UserError};
use crate::args::GameArgs;
use crate::render;
use anyhow::Result;
use grundy::catalog::DynGame;
use grundy::registry::Registry;
use rayon::prelude::*;
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
    // A position whose answer takes long (a heap game's table growing) shows its progress.
    let a = super::working(&game.name(), || game.solve(&query.words(), max_moves));
    let a = a.map_err(user)?;
    emit(out, json, &a, || render::analysis_text(&a))
}

/// Answers each line of `input` as it comes. Input is read a chunk at a time (what is
/// waiting, up to a megabyte); the chunk's lines are answered on every core, in parts whose
/// answers are written in order, and the answers go out through a buffer flushed once per
/// chunk — so a large batch costs few system calls, and a program that writes one line and
/// waits for its answer still gets it at once.
fn solve_batch(
    game: &dyn DynGame,
    json: bool,
    max_moves: usize,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<()> {
    let mut input = std::io::BufReader::with_capacity(1 << 20, input);
    let mut out = std::io::BufWriter::with_capacity(1 << 16, out);
    let batch = Batch {
        game,
        json,
        max_moves,
    };
    let mut line_no = 0usize;
    // The lines to answer: a line split across two chunks, then the chunk's whole lines.
    let mut pending: Vec<u8> = Vec::new();
    loop {
        let chunk = input.fill_buf()?;
        if chunk.is_empty() {
            break;
        }
        let used = chunk.len();
        match chunk.iter().rposition(|&b| b == b'\n') {
            Some(end) if pending.is_empty() => {
                line_no = batch.answer(&chunk[..end], line_no, &mut out)?;
                pending.extend_from_slice(&chunk[end + 1..]);
            }
            Some(end) => {
                pending.extend_from_slice(&chunk[..end]);
                line_no = batch.answer(&pending, line_no, &mut out)?;
                pending.clear();
                pending.extend_from_slice(&chunk[end + 1..]);
            }
            None => pending.extend_from_slice(chunk),
        }
        input.consume(used);
        // The next read may wait for more input: what is answered goes out first.
        out.flush()?;
    }
    if !pending.is_empty() {
        batch.answer(&pending, line_no, &mut out)?;
    }
    out.flush()?;
    Ok(())
}

/// How each line of a batch is answered.
struct Batch<'g> {
    game: &'g dyn DynGame,
    json: bool,
    max_moves: usize,
}

/// Lines answered by one task: fewer go on one core (handing them over costs more).
const PART_LINES: usize = 2048;

impl Batch<'_> {
    /// Answers the lines of `text` (separated by newlines), the first being line `after + 1`
    /// of the input; returns the number of the last. Parts of the text are answered side by
    /// side and written in order; at the first line that is wrong, the answers before it are
    /// written and its error returned.
    fn answer(&self, text: &[u8], after: usize, out: &mut impl Write) -> Result<usize> {
        let lines: Vec<&[u8]> = text.split(|&b| b == b'\n').collect();
        let parts: Vec<(usize, &[&[u8]])> = lines
            .chunks(PART_LINES)
            .enumerate()
            .map(|(i, part)| (after + i * PART_LINES, part))
            .collect();
        let answered: Vec<(String, Result<()>)> = if parts.len() == 1 {
            vec![self.part(parts[0].1, parts[0].0)]
        } else {
            let budget = grundy::budget::current();
            let memory = grundy::budget::memory_limit();
            parts
                .par_iter()
                .map(|&(first, part)| {
                    grundy::budget::with_memory(memory, || {
                        grundy::budget::carry(budget, || self.part(part, first))
                    })
                })
                .collect()
        };
        for (text, result) in answered {
            out.write_all(text.as_bytes())?;
            result?;
        }
        Ok(after + lines.len())
    }

    /// Answers `lines`, the first being line `after + 1`: their answers, and the error of the
    /// first line that is wrong (its answers stop there).
    fn part(&self, lines: &[&[u8]], after: usize) -> (String, Result<()>) {
        let mut text = String::with_capacity(lines.len() * 64);
        for (i, line) in lines.iter().enumerate() {
            if let Err(e) = self.line(line, &mut text) {
                let e = user(UserError(format!(
                    "standard input line {}: {e}",
                    after + i + 1
                )));
                return (text, Err(e));
            }
        }
        (text, Ok(()))
    }

    /// Appends the answer of one line to `text` (blank lines are skipped).
    fn line(&self, line: &[u8], text: &mut String) -> Result<(), String> {
        let line = std::str::from_utf8(line).map_err(|_| "not valid UTF-8".to_string())?;
        if line.trim().is_empty() {
            return Ok(());
        }
        let game = self.game;
        if self.json {
            let args: Vec<&str> = line.split_whitespace().collect();
            let a = game
                .solve(&args, self.max_moves)
                .map_err(|e| e.to_string())?;
            text.push_str(&serde_json::to_string(&a).map_err(|e| e.to_string())?);
        } else {
            game.brief(line, self.max_moves, text)
                .map_err(|e| e.to_string())?;
        }
        text.push('\n');
        Ok(())
    }
}
