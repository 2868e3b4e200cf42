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
