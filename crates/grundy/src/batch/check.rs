//! `--expect`: each position checked against the answer expected for it — an outcome class,
//! a Grundy value, or who wins in a contest's words — and only what disagrees is written.

use crate::analysis::Analysis;
use crate::rules::DynGame;
use crate::{GameError, Nat, Outcome};
use std::sync::atomic::{AtomicUsize, Ordering};

/// What checking a batch found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Positions checked against their expected answer.
    pub checked: usize,
    /// Of those, the ones whose expected answer is not grundy's.
    pub disagree: usize,
    /// Positions whose answer grundy could not check (each named in the output).
    pub unchecked: usize,
}

/// How the lines of a batch are checked.
pub(super) struct Check {
    /// The expected answers, line by line, when they come from a file.
    answers: Option<Vec<String>>,
    /// The words for the player to move winning and losing (`--words`).
    words: Option<(String, String)>,
    checked: AtomicUsize,
    disagree: AtomicUsize,
    unchecked: AtomicUsize,
}

impl Check {
    pub(super) fn new(
        answers: Option<Vec<String>>,
        words: Option<&str>,
    ) -> Result<Check, GameError> {
        Ok(Check {
            answers,
            words: words
                .map(contest_words)
                .transpose()
                .map_err(GameError::Invalid)?,
            checked: AtomicUsize::new(0),
            disagree: AtomicUsize::new(0),
            unchecked: AtomicUsize::new(0),
        })
    }

    /// After `lines` lines: the tally, or why the answers file does not match the input.
    pub(super) fn finish(&self, lines: usize) -> Result<Tally, GameError> {
        if let Some(answers) = &self.answers {
            if let Some(extra) = answers[lines.min(answers.len())..]
                .iter()
                .position(|a| !a.trim().is_empty())
            {
                return Err(GameError::Invalid(format!(
                    "the answers file has an answer on line {} but standard input has {lines} \
                     lines: one answer per line of positions",
                    lines + extra + 1
                )));
            }
        }
        Ok(Tally {
            checked: self.checked.load(Ordering::Relaxed),
            disagree: self.disagree.load(Ordering::Relaxed),
            unchecked: self.unchecked.load(Ordering::Relaxed),
        })
    }

    /// Checks line `number`, a position of `game` and, last (or on the same line of the
    /// answers file), the answer expected for it; a disagreement, or an answer that could not
    /// be checked, is written to `text`.
    pub(super) fn line(
        &self,
        game: &dyn DynGame,
        line: &str,
        number: usize,
        text: &mut String,
    ) -> Result<(), String> {
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
            None => words.pop().unwrap_or_default(),
        };
        let wanted = Expected::read(expected, self.words.as_ref())?;
        if words.is_empty() {
            return Err(format!(
                "'{expected}' alone: give the position, then the answer expected for it"
            ));
        }
        let a = game
            .position(&words)
            .and_then(|p| game.solve(&p, 1))
            .map_err(|e| e.to_string())?;
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
    Outcome(Outcome),
    /// A Grundy value.
    Grundy(Nat),
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
        if let Ok(o) = word.parse::<Outcome>() {
            return Ok(Expected::Outcome(o));
        }
        Ok(match word.to_ascii_uppercase().as_str() {
            "FIRST" => Expected::Mover(true, pair("First", "Second")),
            "SECOND" => Expected::Mover(false, pair("First", "Second")),
            "WIN" => Expected::Mover(true, pair("Win", "Lose")),
            "LOSE" => Expected::Mover(false, pair("Win", "Lose")),
            _ => match word.parse::<Nat>() {
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
    fn judge(&self, a: &Analysis, misere: bool) -> Judged {
        use Outcome as O;
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
