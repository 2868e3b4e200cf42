//! [`Position`]: a game's position read once from its words, held as the game's own type.

use crate::GameError;
use std::any::Any;
use std::fmt;
use std::sync::Arc;

/// A position of a game known only as a [`super::DynGame`], read once from its words by
/// [`super::DynGame::position`] and then handed to every question about it as it is: the
/// game's own position type behind an erased one, so a sum, a misère search or the
/// playground never write a position out and read it back between two questions.
///
/// A position belongs to the game that read it; handed to a game of another kind, it is
/// refused with an error (never a panic). Cloning one is cheap (it is shared).
///
/// ```
/// use grundy::registry::Registry;
///
/// let nim = Registry::catalog().parse("nim").unwrap().game().unwrap();
/// let p = nim.position(&["3", "4", "5"]).unwrap();
/// assert_eq!(nim.solve(&p, 10).unwrap().grundy, Some(2u32.into()));
/// let wythoff = Registry::catalog().parse("wythoff").unwrap().game().unwrap();
/// assert!(wythoff.solve(&p, 10).is_err());
/// ```
#[derive(Clone)]
pub struct Position(Arc<dyn Any + Send + Sync>);

impl Position {
    /// `p` held as a position.
    pub fn new<P: Any + Send + Sync>(p: P) -> Self {
        Position(Arc::new(p))
    }

    /// The position as the type `P` its game holds, or an error when it is a position of a
    /// game of another kind.
    pub fn get<P: Any>(&self) -> Result<&P, GameError> {
        self.0.downcast_ref().ok_or_else(|| {
            GameError::Invalid(
                "this position was read by a game of another kind: read it with the game that \
                 answers"
                    .into(),
            )
        })
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Position(..)")
    }
}
