//! The games as command-line subcommands: their names, options and positional arguments are a
//! contract (see the README). Parsing only; all the thinking is in the `grundy` library.

use clap::Subcommand;
use grundy::catalog::DynGame;
use grundy::games;
use grundy::nat::parse_nat;
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
    /// Bash's game: one heap, take 1 to M tokens.
    Bash {
        /// The most tokens a move may take (omit it in `table` for the n × M grid).
        #[arg(long, value_name = "M")]
        max: Option<String>,
        /// Misère play: who takes the last token loses.
        #[arg(long)]
        misere: bool,
        /// Heap size.
        #[arg(value_name = "N", allow_negative_numbers = true)]
        heap: Vec<String>,
    },
    /// Wythoff's game: take from one heap, or the same from both.
    Wythoff {
        /// The two heaps.
        #[arg(value_name = "A B", allow_negative_numbers = true)]
        heaps: Vec<String>,
    },
    /// Fibonacci Nim: take at most twice the opponent's last take.
    Fibonacci {
        /// The heap, and optionally the most the mover may take now.
        #[arg(value_name = "N [L]", allow_negative_numbers = true)]
        args: Vec<String>,
    },
    /// Staircase Nim: coins on steps 1..k move one step down.
    Staircase {
        /// Coins on steps 1, 2, …, k.
        #[arg(value_name = "C", allow_negative_numbers = true)]
        coins: Vec<String>,
    },
    /// Euclid's game: subtract a multiple of the smaller from the larger.
    Euclid {
        /// The two numbers.
        #[arg(value_name = "A B", allow_negative_numbers = true)]
        numbers: Vec<String>,
    },
    /// Georgia and Bob: pieces on a strip move left.
    GeorgiaBob {
        /// The cells (≥ 1) of the pieces.
        #[arg(value_name = "P", allow_negative_numbers = true)]
        cells: Vec<String>,
    },
}

impl GameCmd {
    /// The game and the position's arguments.
    pub fn build(&self) -> Result<(Box<dyn DynGame>, Vec<String>), GameError> {
        let game: Box<dyn DynGame> = match self {
            GameCmd::Nim { misere, .. } => Box::new(games::nim::Nim { misere: *misere }),
            GameCmd::Bash { max, misere, .. } => Box::new(games::bash::Bash {
                max: max.as_deref().map(|m| parse_nat(m, "--max")).transpose()?,
                misere: *misere,
            }),
            GameCmd::Wythoff { .. } => Box::new(games::wythoff::Wythoff),
            GameCmd::Fibonacci { .. } => Box::new(games::fibonacci::Fibonacci),
            GameCmd::Staircase { .. } => Box::new(games::staircase::Staircase),
            GameCmd::Euclid { .. } => Box::new(games::euclid::Euclid),
            GameCmd::GeorgiaBob { .. } => Box::new(games::georgia_bob::GeorgiaBob),
        };
        Ok((game, self.position().to_vec()))
    }

    /// The position's positional arguments.
    fn position(&self) -> &[String] {
        match self {
            GameCmd::Nim { heaps, .. } => heaps,
            GameCmd::Bash { heap, .. } => heap,
            GameCmd::Wythoff { heaps } => heaps,
            GameCmd::Fibonacci { args } => args,
            GameCmd::Staircase { coins } => coins,
            GameCmd::Euclid { numbers } => numbers,
            GameCmd::GeorgiaBob { cells } => cells,
        }
    }
}
