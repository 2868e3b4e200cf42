//! Outcome classes: who wins with perfect play.

use serde::Serialize;
use std::fmt;

/// The outcome class of a position.
///
/// One vocabulary for every kind of game: impartial games have `N` or `P`; partizan games
/// have all four of `L`, `R`, `N` and `P`; games with loops add `D` (a draw: with best play
/// the game never ends), and games whose positions can end in a tie add `T`. The JSON form is
/// the letter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Outcome {
    /// The player to move (the *N*ext player) wins.
    N,
    /// The player to move loses: the *P*revious player wins.
    P,
    /// Left wins whoever starts (partizan games).
    L,
    /// Right wins whoever starts (partizan games).
    R,
    /// A draw: neither player can force a win, and with best play the game never ends.
    D,
    /// A tie: with best play the game ends in a tie (where positions can end in ties).
    T,
}

impl Outcome {
    /// `N` when `wins` is true, `P` otherwise.
    pub fn from_win(wins: bool) -> Self {
        if wins {
            Outcome::N
        } else {
            Outcome::P
        }
    }

    /// The outcome class of a partizan position, from who wins when each side starts.
    pub fn from_partizan(left_first_wins: bool, right_first_wins: bool) -> Self {
        match (left_first_wins, right_first_wins) {
            (true, true) => Outcome::N,
            (false, false) => Outcome::P,
            (true, false) => Outcome::L,
            (false, true) => Outcome::R,
        }
    }

    /// Whether the player to move wins (`N`) or loses (`P`), the question a contest asks
    /// ("First" or "Second"); `None` for the other classes, where it has no one answer.
    pub fn mover_wins(self) -> Option<bool> {
        match self {
            Outcome::N => Some(true),
            Outcome::P => Some(false),
            _ => None,
        }
    }

    /// A sentence saying who wins.
    pub fn sentence(self) -> &'static str {
        match self {
            Outcome::N => "the player to move wins (N-position)",
            Outcome::P => "the player to move loses (P-position)",
            Outcome::L => "Left wins whoever starts (L-position)",
            Outcome::R => "Right wins whoever starts (R-position)",
            Outcome::D => "a draw: with best play the game never ends",
            Outcome::T => "a tie with best play",
        }
    }
}

impl Outcome {
    /// Every class, in the order of their letters in `N, P, L, R, D, T`.
    pub const ALL: [Outcome; 6] = [
        Outcome::N,
        Outcome::P,
        Outcome::L,
        Outcome::R,
        Outcome::D,
        Outcome::T,
    ];

    /// The class's letter: `N`, `P`, `L`, `R`, `D` or `T` (its JSON form and `Display`).
    pub fn letter(self) -> &'static str {
        match self {
            Outcome::N => "N",
            Outcome::P => "P",
            Outcome::L => "L",
            Outcome::R => "R",
            Outcome::D => "D",
            Outcome::T => "T",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.letter())
    }
}

/// A word that is not an outcome class's letter.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not an outcome: N, P, L, R, D or T")]
pub struct NotAnOutcome(pub String);

impl std::str::FromStr for Outcome {
    type Err = NotAnOutcome;

    /// The class of a letter, in either case: the inverse of `Display`.
    ///
    /// ```
    /// use grundy::Outcome;
    /// assert_eq!("n".parse::<Outcome>(), Ok(Outcome::N));
    /// assert_eq!("L".parse::<Outcome>().map(|o| o.to_string()), Ok("L".to_string()));
    /// assert!("W".parse::<Outcome>().is_err());
    /// ```
    fn from_str(word: &str) -> Result<Outcome, NotAnOutcome> {
        Outcome::ALL
            .into_iter()
            .find(|o| word.eq_ignore_ascii_case(o.letter()))
            .ok_or_else(|| NotAnOutcome(word.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every class reads back from its letter in either case, and no other letter reads.
    #[test]
    fn every_letter_reads_back_and_no_other() {
        for o in Outcome::ALL {
            assert_eq!(o.to_string().parse::<Outcome>(), Ok(o));
            assert_eq!(o.to_string().to_lowercase().parse::<Outcome>(), Ok(o));
        }
        for c in ('A'..='Z').filter(|c| !"NPLRDT".contains(*c)) {
            assert!(c.to_string().parse::<Outcome>().is_err(), "{c}");
        }
        assert_eq!(
            "NP".parse::<Outcome>().unwrap_err().to_string(),
            "'NP' is not an outcome: N, P, L, R, D or T"
        );
    }
}
