//! `grundy solve`: one position, or one per line of standard input with `--batch`.

use super::{emit, user, UserError};
use crate::args::GameArgs;
use crate::render;
use anyhow::Result;
use grundy::registry::Registry;
use grundy::rules::DynGame;
use rayon::prelude::*;
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicUsize, Ordering};

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
    let game = query.game().map_err(user)?;
    if batching.words.is_some() && batching.expect.is_none() {
        return Err(user(
            "--words names the answers --expect checks: give --expect too",
        ));
    }
    let words = match &batching.words {
        None => None,
        Some(w) => Some(contest_words(w).map_err(user)?),
    };
    let answers = match batching.expect.as_deref() {
        None | Some("") => None,
        Some(file) => {
            let text = std::fs::read_to_string(file)
                .map_err(|e| user(format!("cannot read the answers file '{file}': {e}")))?;
            Some(text.lines().map(str::to_string).collect::<Vec<_>>())
        }
    };
    if batching.batch || batching.expect.is_some() {
        if !query.position.is_empty() {
            return Err(user(
                "--batch reads positions from standard input: give no position on the command line",
            ));
        }
        // A line with '+' is a sum, its first component of this game unless it names one.
        let sum = grundy::sum::SumGame::continuing(registry.clone(), query.entry, &query.options)
            .map_err(user)?;
        let batch = Batch {
            game: game.as_ref(),
            sum: sum.as_ref(),
            json,
            max_moves,
            expect: batching.expect.is_some(),
            answers,
            words,
            checked: AtomicUsize::new(0),
            disagree: AtomicUsize::new(0),
            unchecked: AtomicUsize::new(0),
        };
        let lines = solve_batch(&batch, input, out)?;
        if let Some(answers) = &batch.answers {
            if let Some(extra) = answers[lines.min(answers.len())..]
                .iter()
                .position(|a| !a.trim().is_empty())
            {
                return Err(user(format!(
                    "the answers file has an answer on line {} but standard input has {lines} \
                     lines: one answer per line of positions",
                    lines + extra + 1
                )));
            }
        }
        let (checked, disagree) = (batch.checked.into_inner(), batch.disagree.into_inner());
        let unchecked = match batch.unchecked.into_inner() {
            0 => String::new(),
            n => format!("; {n} could not be checked (listed above)"),
        };
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
        if batch.expect {
            eprintln!("grundy: all {checked} {positions} checked agree{unchecked}");
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
/// Returns the number of lines read.
fn solve_batch(batch: &Batch, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<usize> {
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
        line_no = batch.answer(&pending, line_no, &mut out)?;
    }
    out.flush()?;
    Ok(line_no)
}

/// How each line of a batch is answered.
struct Batch<'g> {
    game: &'g dyn DynGame,
    /// The game of lines that are sums.
    sum: &'g dyn DynGame,
    json: bool,
    max_moves: usize,
    /// Each line comes with the expected answer; only disagreements (and answers that could
    /// not be checked) are written.
    expect: bool,
    /// The expected answers, line by line, when they come from a file.
    answers: Option<Vec<String>>,
    /// The words for the player to move winning and losing (`--words`).
    words: Option<(String, String)>,
    /// Lines checked against their expected answer, those that disagree, and those whose
    /// answer grundy could not check.
    checked: AtomicUsize,
    disagree: AtomicUsize,
    unchecked: AtomicUsize,
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

    /// Checks one line of `--expect`: a position and, last (or on the same line of the
    /// answers file), the answer expected for it.
    fn check(&self, line: &str, number: usize, text: &mut String) -> Result<(), String> {
        let mut words: Vec<&str> = line.split_whitespace().collect();
        let expected = match &self.answers {
            Some(answers) => match answers.get(number - 1).map(|a| a.trim()) {
                Some("") => {
                    return Err(format!(
                        "line {number} of the answers file is blank: give the answer \
                         expected for this position"
                    ))
                }
                Some(a) => a,
                None => {
                    return Err(format!(
                        "the answers file ends at line {}: one answer per line of positions",
                        answers.len()
                    ))
                }
            },
            None => words.pop().expect("a line that is not blank"),
        };
        let wanted = Expected::read(expected, self.words.as_ref())?;
        if words.is_empty() {
            return Err(format!(
                "'{expected}' alone: give the position, then the answer expected for it"
            ));
        }
        let game = self.game_of(line);
        let a = game.solve(&words, 1).map_err(|e| e.to_string())?;
        let mut says = match &a.grundy {
            Some(g) => format!("{} (Grundy value {g})", a.outcome),
            None => a.outcome.to_string(),
        };
        let position = words.join(" ");
        match wanted.judge(&a, game.misere()) {
            Judged::Agrees => {
                self.checked.fetch_add(1, Ordering::Relaxed);
            }
            Judged::Unchecked(why) => {
                self.unchecked.fetch_add(1, Ordering::Relaxed);
                text.push_str(&format!(
                    "line {number}: {position}: expected {expected}, not checked: {why}\n"
                ));
            }
            Judged::Disagrees => {
                self.checked.fetch_add(1, Ordering::Relaxed);
                self.disagree.fetch_add(1, Ordering::Relaxed);
                if let (Expected::Mover(_, [win, lose]), Some(mover)) =
                    (&wanted, a.outcome.mover_wins())
                {
                    says.push_str(&format!(": {}", if mover { win } else { lose }));
                }
                let first = a
                    .winning_moves
                    .first()
                    .map(|m| format!(", e.g. {}", m.description))
                    .unwrap_or_default();
                text.push_str(&format!(
                    "line {number}: {position}: expected {expected}, grundy says {says}{first}\n"
                ));
            }
        }
        Ok(())
    }
}

/// `--words WIN,LOSE`: two different words, the first for the player to move winning.
fn contest_words(words: &str) -> Result<(String, String), String> {
    match words.split(',').map(str::trim).collect::<Vec<_>>()[..] {
        [win, lose] if !win.is_empty() && !lose.is_empty() && !win.eq_ignore_ascii_case(lose) => {
            Ok((win.to_string(), lose.to_string()))
        }
        _ => Err(format!(
            "--words '{words}': give two different words separated by a comma, the first for \
             the player to move winning, e.g. --words Alice,Bob or --words YES,NO"
        )),
    }
}

/// What a line of `--expect` says the answer is.
enum Expected {
    /// An outcome class: N, P, L, R, D or T.
    Outcome(grundy::Outcome),
    /// A Grundy value.
    Grundy(grundy::Nat),
    /// Whether the player to move wins, and the words of its kind for winning and losing:
    /// First and Second, Win and Lose, or the `--words`.
    Mover(bool, [String; 2]),
}

/// What checking an expected answer found.
enum Judged {
    Agrees,
    Disagrees,
    /// grundy cannot tell (why): the line is neither an agreement nor a disagreement.
    Unchecked(&'static str),
}

impl Expected {
    /// Reads an expected answer (any case), the `--words` first.
    fn read(word: &str, words: Option<&(String, String)>) -> Result<Expected, String> {
        let pair = |w: &str, l: &str| [w.to_string(), l.to_string()];
        if let Some((win, lose)) = words {
            for (w, mover) in [(win, true), (lose, false)] {
                if word.eq_ignore_ascii_case(w) {
                    return Ok(Expected::Mover(mover, pair(win, lose)));
                }
            }
        }
        if let Ok(o) = word.parse::<grundy::Outcome>() {
            return Ok(Expected::Outcome(o));
        }
        Ok(match word.to_ascii_uppercase().as_str() {
            "FIRST" => Expected::Mover(true, pair("First", "Second")),
            "SECOND" => Expected::Mover(false, pair("First", "Second")),
            "WIN" => Expected::Mover(true, pair("Win", "Lose")),
            "LOSE" => Expected::Mover(false, pair("Win", "Lose")),
            _ => match word.parse::<grundy::Nat>() {
                Ok(g) => Expected::Grundy(g),
                Err(_) => {
                    let named = match words {
                        Some((w, l)) => format!(", {w} or {l}"),
                        None => String::new(),
                    };
                    return Err(format!(
                        "'{word}' is not an expected answer: give an outcome (N, P, L, R, D), \
                         a Grundy value, First or Second, Win or Lose{named} (or name the \
                         words of the answers with --words WIN,LOSE)"
                    ));
                }
            },
        })
    }

    /// Whether analysis `a` agrees with this answer (`misere`: the game is played by the
    /// misère rule, where a Grundy value does not decide who wins).
    fn judge(&self, a: &grundy::analysis::Analysis, misere: bool) -> Judged {
        use grundy::Outcome as O;
        let agrees = |yes: bool| {
            if yes {
                Judged::Agrees
            } else {
                Judged::Disagrees
            }
        };
        match self {
            Expected::Outcome(o) => agrees(a.outcome == *o),
            Expected::Grundy(g) => match (&a.grundy, a.outcome) {
                (Some(h), _) => agrees(h == g),
                (None, _) if misere => Judged::Unchecked(
                    "in misère play a Grundy value does not say who wins, and grundy does not \
                     know this one",
                ),
                // Normal play: a position is worth 0 exactly when the player to move loses.
                (None, O::P) => agrees(g.bits() == 0),
                (None, O::D) => Judged::Disagrees,
                (None, _) if g.bits() == 0 => Judged::Disagrees,
                (None, O::N) => Judged::Unchecked(
                    "grundy knows the player to move wins but not this position's Grundy value",
                ),
                (None, _) => Judged::Unchecked("the position has no Grundy value grundy knows"),
            },
            Expected::Mover(win, _) => match a.outcome.mover_wins() {
                Some(w) => agrees(w == *win),
                None if matches!(a.outcome, O::L | O::R) => Judged::Unchecked(
                    "who wins depends on who moves first (one player wins whoever starts): \
                     expect L or R",
                ),
                None => Judged::Disagrees,
            },
        }
    }
}
