//! Positions one per line (`grundy solve --batch`): each line answered, or with `--expect`
//! checked against the answer written beside it. A line with a `+` is a sum whose first
//! component is of the batch's game unless it names its own ([`crate::sum`]).
//!
//! The lines of a text are answered on every core, in parts whose answers are put in the
//! order of the lines; at the first line that is wrong, the answers before it are kept and the
//! line's error is returned, naming its number in the whole input. The command line, the MPI
//! runner and programs of their own answer batches through it alike.
//!
//! ```
//! use grundy::batch::Batch;
//! use grundy::registry::Registry;
//!
//! let registry = Registry::catalog();
//! let nim = registry.parse("nim").unwrap();
//! let batch = Batch::new(&registry, &nim, false, 1).unwrap();
//! let mut out = Vec::new();
//! assert_eq!(batch.answer(b"3 4 5\n1 1\n# a comment", 0, &mut out).unwrap(), 3);
//! assert_eq!(out, "3 4 5: N, grundy 2, take 2 from heap 1 → 1 4 5\n1 1: P, grundy 0\n".as_bytes());
//! let wrong = batch.answer(b"2 2\n3 x", 10, &mut out).unwrap_err();
//! assert_eq!(wrong.to_string(), "standard input line 12: heap 'x' is not a whole number ≥ 0");
//! ```

mod check;

pub use check::Tally;

use crate::query::Query;
use crate::registry::Registry;
use crate::rules::DynGame;
use crate::GameError;
use check::Check;
use rayon::prelude::*;

/// Line `line` of the input is wrong, and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("standard input line {line}: {why}")]
pub struct LineError {
    /// The line's number in the whole input, from 1.
    pub line: usize,
    /// What is wrong with it, in one line.
    pub why: String,
}

/// Why a batch stopped: a wrong line, or answers that could not be written.
#[derive(Debug, thiserror::Error)]
pub enum BatchError {
    /// A line is wrong.
    #[error(transparent)]
    Line(LineError),
    /// The answers could not be written.
    #[error("cannot write the answers: {0}")]
    Write(std::io::Error),
}

/// How each line of a batch is answered.
pub struct Batch {
    game: Box<dyn DynGame>,
    /// The game of lines that are sums.
    sum: Box<dyn DynGame>,
    json: bool,
    max_moves: usize,
    /// With `--expect`: each line is checked, and only disagreements (and answers that could
    /// not be checked) are written.
    check: Option<Check>,
}

/// Lines answered by one task: fewer go on one core (handing them over costs more).
const PART_LINES: usize = 2048;

impl Batch {
    /// A batch of positions of `query`'s game (which must give no position of its own),
    /// answered as JSON lines or in brief, listing at most `max_moves` winning moves. Sums are
    /// read from `registry`.
    pub fn new(
        registry: &Registry,
        query: &Query,
        json: bool,
        max_moves: usize,
    ) -> Result<Batch, GameError> {
        if !query.position.is_empty() {
            return Err(GameError::Invalid(
                "--batch reads positions from standard input: give no position on the command \
                 line"
                    .into(),
            ));
        }
        Ok(Batch {
            game: query.game()?,
            sum: crate::sum::SumGame::continuing(registry.clone(), query.entry, &query.options)?,
            json,
            max_moves,
            check: None,
        })
    }

    /// The batch checking each line against the answer expected for it: the line's last word,
    /// or with `answers` the line of that number there. `words` (`WIN,LOSE`) names the
    /// answers a contest gives for the player to move winning and losing.
    pub fn expecting(
        mut self,
        answers: Option<Vec<String>>,
        words: Option<&str>,
    ) -> Result<Batch, GameError> {
        self.check = Some(Check::new(answers, words)?);
        Ok(self)
    }

    /// Answers the lines of `text` (separated by newlines), the first being line `after + 1`
    /// of the input, writing their answers to `out` in order (those before a wrong line too);
    /// returns the number of the last line. Blank lines and comments (`#` alone or followed by
    /// a space) are passed over.
    pub fn answer(
        &self,
        text: &[u8],
        after: usize,
        out: &mut impl std::io::Write,
    ) -> Result<usize, BatchError> {
        let lines: Vec<&[u8]> = text.split(|&b| b == b'\n').collect();
        let parts: Vec<(usize, &[&[u8]])> = lines
            .chunks(PART_LINES)
            .enumerate()
            .map(|(i, part)| (after + i * PART_LINES, part))
            .collect();
        let answered: Vec<(String, Result<(), LineError>)> = if parts.len() == 1 {
            vec![self.part(parts[0].1, parts[0].0)]
        } else {
            let budget = crate::budget::current();
            let memory = crate::budget::memory_limit();
            parts
                .par_iter()
                .map(|&(first, part)| {
                    crate::budget::with_memory(memory, || {
                        crate::budget::carry(budget.clone(), || self.part(part, first))
                    })
                })
                .collect()
        };
        for (text, result) in answered {
            out.write_all(text.as_bytes()).map_err(BatchError::Write)?;
            result.map_err(BatchError::Line)?;
        }
        Ok(after + lines.len())
    }

    /// After the last line (`lines` read in all): what checking found, or why the input and
    /// the answers file do not match.
    pub fn finish(&self, lines: usize) -> Result<Tally, GameError> {
        match &self.check {
            Some(check) => check.finish(lines),
            None => Ok(Tally::default()),
        }
    }

    /// Answers `lines`, the first being line `after + 1`: their answers, and the error of the
    /// first line that is wrong (its answers stop there).
    fn part(&self, lines: &[&[u8]], after: usize) -> (String, Result<(), LineError>) {
        let mut text = String::with_capacity(lines.len() * 64);
        for (i, line) in lines.iter().enumerate() {
            let number = after + i + 1;
            if let Err(why) = self.line(line, number, &mut text) {
                return (text, Err(LineError { line: number, why }));
            }
        }
        (text, Ok(()))
    }

    /// Appends the answer of line `number` to `text`.
    fn line(&self, line: &[u8], number: usize, text: &mut String) -> Result<(), String> {
        let line = std::str::from_utf8(line).map_err(|_| "not valid UTF-8".to_string())?;
        let trimmed = line.trim();
        // A comment is '#' alone or followed by a space: a board such as #..|... is a
        // position.
        if trimmed.is_empty() || trimmed == "#" || trimmed.starts_with("# ") {
            return Ok(());
        }
        let game = self.game_of(trimmed);
        if let Some(check) = &self.check {
            return check.line(game, trimmed, number, text);
        }
        if self.json {
            let args: Vec<&str> = line.split_whitespace().collect();
            let a = game
                .position(&args)
                .and_then(|p| game.solve(&p, self.max_moves))
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
            self.sum.as_ref()
        } else {
            self.game.as_ref()
        }
    }
}

#[cfg(test)]
mod tests;
