//! The games as command-line subcommands: their names, options and positional arguments are a
//! contract (see the README). Parsing only; all the thinking is in the `grundy` library.

use clap::Subcommand;
use grundy::catalog::DynGame;
use grundy::games;
use grundy::GameError;

/// A game of the catalog, with its options and the position's positional arguments.
#[derive(Debug, Clone, Subcommand)]
pub enum GameCmd {
    /// Nim: take any number of tokens from one heap.
    Nim {
        /// Misère play: who takes the last token loses.
        #[arg(long)]
        misere: bool,
        /// Heap sizes.
        #[arg(value_name = "H", allow_negative_numbers = true)]
        heaps: Vec<String>,
    },
}

impl GameCmd {
    /// The game and the position's arguments.
    pub fn build(&self) -> Result<(Box<dyn DynGame>, Vec<String>), GameError> {
        Ok(match self {
            GameCmd::Nim { misere, heaps } => {
                (Box::new(games::nim::Nim { misere: *misere }), heaps.clone())
            }
        })
    }
}
