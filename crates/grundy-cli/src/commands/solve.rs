//! `grundy solve`: one position, or one per line of standard input with `--batch`.

use super::{emit, user, UserError};
use crate::args::GameArgs;
use crate::render;
use anyhow::Result;
use grundy::catalog::DynGame;
use grundy::registry::Registry;
use rayon::prelude::*;
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicUsize, Ordering};

/// Whether positions come from standard input (`--batch`), and whether each comes with the
/// answer expected for it (`--expect`).
#[derive(Clone, Copy, Debug)]
pub struct Batching {
    /// `--batch`.
    pub batch: bool,
    /// `--expect` (a batch whose lines end with the expected answer).
    pub expect: bool,
}

/// Solves the position of `game`, or with `batch` each position read from `input`.
pub fn run(
    registry: &Registry,
    game: &GameArgs,
    json: bool,
    max_moves: usize,
    batching: Batching,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<()> {
    let query = game.query(registry).map_err(user)?;
    let game = query.game().map_err(user)?;
    if batching.batch || batching.expect {
        if !query.position.is_empty() {
            return Err(user(
                "--batch reads positions from standard input: give no position on the command line",
            ));
        }
        // A line with '+' is a sum, its first component of this game unless it names one.
        let sum = grundy::sum::SumGame::continuing(registry.clone(), &query).map_err(user)?;
        let batch = Batch {
            game: game.as_ref(),
            sum: sum.as_ref(),
            json,
            max_moves,
            expect: batching.expect,
            checked: AtomicUsize::new(0),
            disagree: AtomicUsize::new(0),
        };
        solve_batch(&batch, input, out)?;
        let (checked, disagree) = (batch.checked.into_inner(), batch.disagree.into_inner());
        if disagree > 0 {
            anyhow::bail!("{disagree} of {checked} positions checked disagree with grundy");
        }
        if batching.expect {
            eprintln!("grundy: all {checked} positions checked agree");
        }
        return Ok(());
    }
    // A position whose answer takes long (a heap game's table growing) shows its progress.
    let a = super::working(&game.name(), || {
        game.solve_in_full(&query.words(), max_moves)
    });
    let a = a.map_err(user)?;
    emit(out, json, &a, || render::analysis_text(&a))
}

/// Answers each line of `input` as it comes. Input is read a chunk at a time (what is
/// waiting, up to a megabyte); the chunk's lines are answered on every core, in parts whose
/// answers are written in order, and the answers go out through a buffer flushed once per
/// chunk — so a large batch costs few system calls, and a program that writes one line and
/// waits for its answer still gets it at once.
fn solve_batch(batch: &Batch, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<()> {
    let mut input = std::io::BufReader::with_capacity(1 << 20, input);
    let mut out = std::io::BufWriter::with_capacity(1 << 16, out);
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
    /// The game of lines that are sums.
    sum: &'g dyn DynGame,
    json: bool,
    max_moves: usize,
    /// Each line ends with the expected answer; only disagreements are written.
    expect: bool,
    /// Lines checked against their expected answer, and those that disagree.
    checked: AtomicUsize,
    disagree: AtomicUsize,
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
                        grundy::budget::carry(budget.clone(), || self.part(part, first))
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
            if let Err(e) = self.line(line, after + i + 1, &mut text) {
                let e = user(UserError(format!(
                    "standard input line {}: {e}",
                    after + i + 1
                )));
                return (text, Err(e));
            }
        }
        (text, Ok(()))
    }

    /// Appends the answer of line `number` to `text` (blank lines and comments are skipped;
    /// with `--expect`, only a disagreement is written).
    fn line(&self, line: &[u8], number: usize, text: &mut String) -> Result<(), String> {
        let line = std::str::from_utf8(line).map_err(|_| "not valid UTF-8".to_string())?;
        let trimmed = line.trim();
        // A comment is '#' alone or followed by a space: a board such as #..|... is a
        // position.
        if trimmed.is_empty() || trimmed == "#" || trimmed.starts_with("# ") {
            return Ok(());
        }
        let game = self.game_of(trimmed);
        if self.expect {
            return self.check(trimmed, number, text);
        }
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

    /// The game a line is a position of: the batch's, or a sum when it has a '+'.
    fn game_of(&self, line: &str) -> &dyn DynGame {
        if line.split_whitespace().any(|w| w == "+") {
            self.sum
        } else {
            self.game
        }
    }

    /// Checks one line of `--expect`: a position and, last, the answer expected for it.
    fn check(&self, line: &str, number: usize, text: &mut String) -> Result<(), String> {
        let mut words: Vec<&str> = line.split_whitespace().collect();
        let expected = words.pop().expect("a line that is not blank");
        let wanted = match expected.to_ascii_uppercase().as_str() {
            "N" | "P" | "L" | "R" | "D" | "T" => Expected::Outcome(expected.to_ascii_uppercase()),
            _ => match expected.parse::<grundy::Nat>() {
                Ok(g) => Expected::Grundy(g),
                Err(_) => {
                    return Err(format!(
                        "'{expected}' is not an expected answer: end the line with an outcome \
                         (N, P, L, R, D) or a Grundy value"
                    ))
                }
            },
        };
        if words.is_empty() {
            return Err(format!(
                "'{expected}' alone: give the position, then the answer expected for it"
            ));
        }
        let a = self
            .game_of(line)
            .solve(&words, 1)
            .map_err(|e| e.to_string())?;
        self.checked.fetch_add(1, Ordering::Relaxed);
        let says = match &a.grundy {
            Some(g) => format!("{} (Grundy value {g})", a.outcome),
            None => a.outcome.to_string(),
        };
        let agrees = match &wanted {
            Expected::Outcome(o) => a.outcome.to_string() == *o,
            Expected::Grundy(g) => a.grundy.as_ref() == Some(g),
        };
        if !agrees {
            self.disagree.fetch_add(1, Ordering::Relaxed);
            let first = a
                .winning_moves
                .first()
                .map(|m| format!(", e.g. {}", m.description))
                .unwrap_or_default();
            text.push_str(&format!(
                "line {number}: {}: expected {expected}, grundy says {says}{first}\n",
                words.join(" ")
            ));
        }
        Ok(())
    }
}

/// What a line of `--expect` says the answer is.
enum Expected {
    Outcome(String),
    Grundy(grundy::Nat),
}
