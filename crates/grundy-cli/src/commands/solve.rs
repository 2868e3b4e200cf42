//! `grundy solve`: one position, or one per line of standard input with `--batch`.

use super::{emit, user};
use crate::args::GameArgs;
use crate::render;
use anyhow::Result;
use grundy::registry::Registry;
use std::io::{BufRead, Write};

/// Whether positions come from standard input (`--batch`), and whether each comes with the
/// answer expected for it (`--expect`).
#[derive(Clone, Debug, Default)]
pub struct Batching {
    /// `--batch`.
    pub batch: bool,
    /// `--expect`: `Some("")` when each line ends with its expected answer, `Some(FILE)`
    /// when the answers are the lines of FILE, one beside each line of standard input.
    pub expect: Option<String>,
    /// `--words WIN,LOSE`: the words a contest answers with for the player to move winning
    /// and losing.
    pub words: Option<String>,
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
    if batching.words.is_some() && batching.expect.is_none() {
        return Err(user(
            "--words names the answers --expect checks: give --expect too",
        ));
    }
    if batching.batch || batching.expect.is_some() {
        let mut batch =
            grundy::batch::Batch::new(registry, &query, json, max_moves).map_err(user)?;
        if let Some(expect) = &batching.expect {
            let answers = match expect.as_str() {
                "" => None,
                file => {
                    let text = std::fs::read_to_string(file)
                        .map_err(|e| user(format!("cannot read the answers file '{file}': {e}")))?;
                    Some(text.lines().map(str::to_string).collect())
                }
            };
            batch = batch
                .expecting(answers, batching.words.as_deref())
                .map_err(user)?;
        }
        let lines = solve_batch(&batch, input, out)?;
        let tally = batch.finish(lines).map_err(user)?;
        let unchecked = match tally.unchecked {
            0 => String::new(),
            n => format!("; {n} could not be checked (listed above)"),
        };
        let (checked, disagree) = (tally.checked, tally.disagree);
        let positions = if checked == 1 {
            "position"
        } else {
            "positions"
        };
        if disagree > 0 {
            anyhow::bail!(
                "{disagree} of {checked} {positions} checked disagree with grundy{unchecked}"
            );
        }
        if batching.expect.is_some() {
            eprintln!("grundy: all {checked} {positions} checked agree{unchecked}");
        }
        return Ok(());
    }
    let game = query.game().map_err(user)?;
    // A position whose answer takes long (a heap game's table growing) shows its progress.
    let a = super::working(&game.name(), || {
        game.position(&query.words())
            .and_then(|p| game.solve_in_full(&p, max_moves))
    });
    let a = a.map_err(user)?;
    emit(out, json, &a, || render::analysis_text(&a))
}

/// Answers each line of `input` as it comes. Input is read a chunk at a time (what is
/// waiting, up to a megabyte); the chunk's lines are answered on every core, in parts whose
/// answers are written in order, and the answers go out through a buffer flushed once per
/// chunk — so a large batch costs few system calls, and a program that writes one line and
/// waits for its answer still gets it at once.
/// Returns the number of lines read.
fn solve_batch(
    batch: &grundy::batch::Batch,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<usize> {
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
                line_no = answer(batch, &chunk[..end], line_no, &mut out)?;
                pending.extend_from_slice(&chunk[end + 1..]);
            }
            Some(end) => {
                pending.extend_from_slice(&chunk[..end]);
                line_no = answer(batch, &pending, line_no, &mut out)?;
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
        line_no = answer(batch, &pending, line_no, &mut out)?;
    }
    out.flush()?;
    Ok(line_no)
}

/// The answers of `text`'s lines (see [`grundy::batch::Batch::answer`]) written to `out`,
/// those before a wrong line too; the number of the last line.
fn answer(
    batch: &grundy::batch::Batch,
    text: &[u8],
    after: usize,
    out: &mut impl Write,
) -> Result<usize> {
    batch.answer(text, after, out).map_err(|e| match e {
        grundy::batch::BatchError::Line(e) => user(e),
        grundy::batch::BatchError::Write(e) => e.into(),
    })
}
