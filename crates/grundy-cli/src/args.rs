//! The games as command-line subcommands: their names, options and positional arguments are a
//! contract (see the README). Parsing only; all the thinking is in the `grundy` library.

use clap::Subcommand;
use grundy::catalog::DynGame;
use grundy::games;
use grundy::games::heap_games::HeapGame;
use grundy::heap::sequence::Source;
use grundy::heap::{parse_code, subtraction, HeapRule};
use grundy::nat::{parse_nat, parse_set, parse_u64};
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
    /// Subtraction game: take s tokens from one heap, s from a set.
    Subtraction {
        /// The subtraction set, e.g. 1,3,4.
        #[arg(long, value_name = "S1,S2,…", allow_negative_numbers = true)]
        set: String,
        /// Heap sizes.
        #[arg(value_name = "H", allow_negative_numbers = true)]
        heaps: Vec<String>,
    },
    /// All-but subtraction: take any number of tokens from one heap except those in a set.
    AllBut {
        /// The numbers that may not be taken, e.g. 1,2.
        #[arg(long, value_name = "S1,S2,…", allow_negative_numbers = true)]
        set: String,
        /// Heap sizes.
        #[arg(value_name = "H", allow_negative_numbers = true)]
        heaps: Vec<String>,
    },
    /// Kayles (0.77): knock down one or two adjacent pins.
    Kayles {
        /// Row lengths.
        #[arg(value_name = "H", allow_negative_numbers = true)]
        heaps: Vec<String>,
    },
    /// Dawson's Kayles (0.07): knock down two adjacent pins.
    Dawson {
        /// Row lengths.
        #[arg(value_name = "H", allow_negative_numbers = true)]
        heaps: Vec<String>,
    },
    /// Grundy's game: split a heap into two unequal heaps.
    GrundysGame {
        /// Heap sizes.
        #[arg(value_name = "H", allow_negative_numbers = true)]
        heaps: Vec<String>,
    },
    /// Split Nim: replace a heap by two strictly smaller heaps.
    SplitNim {
        /// Heap sizes.
        #[arg(value_name = "H", allow_negative_numbers = true)]
        heaps: Vec<String>,
    },
    /// Lasker's Nim: take from a heap, or split it in two.
    Lasker {
        /// Heap sizes.
        #[arg(value_name = "H", allow_negative_numbers = true)]
        heaps: Vec<String>,
    },
    /// Coins in a circle: take one or two adjacent coins.
    Circle {
        /// The number of coins.
        #[arg(value_name = "N", allow_negative_numbers = true)]
        coins: Vec<String>,
    },
    /// The cutting game: cut a paper; who cuts out a 1x1 wins.
    Cutting {
        /// Papers written WxH.
        #[arg(value_name = "WxH", allow_negative_numbers = true)]
        papers: Vec<String>,
    },
    /// Thanos Nim: take from exactly half of the piles.
    Thanos {
        /// Pile sizes (an even number of piles).
        #[arg(value_name = "P", allow_negative_numbers = true)]
        piles: Vec<String>,
    },
    /// Moore's Nim: take from up to K heaps at once.
    Moore {
        /// The most heaps a move may take from.
        #[arg(long, value_name = "K")]
        k: String,
        /// Heap sizes.
        #[arg(value_name = "H", allow_negative_numbers = true)]
        heaps: Vec<String>,
    },
    /// Partizan subtraction: Left and Right have their own subtraction sets.
    PartizanSubtraction {
        /// Left's subtraction set, e.g. 1,2.
        #[arg(long, value_name = "A1,A2,…")]
        left: String,
        /// Right's subtraction set, e.g. 2,3.
        #[arg(long, value_name = "B1,B2,…")]
        right: String,
        /// The heap.
        #[arg(value_name = "N", allow_negative_numbers = true)]
        heap: Vec<String>,
    },
    /// The seeds' pile-parity game: split an odd pile, or merge two even piles.
    ParitySplit {
        /// Pile sizes (each ≥ 1).
        #[arg(value_name = "P", allow_negative_numbers = true)]
        piles: Vec<String>,
    },
    /// Any octal or hexadecimal game, e.g. 0.137 or 4.7.
    Octal {
        /// The code.
        #[arg(value_name = "CODE", allow_negative_numbers = true)]
        code: String,
        /// Heap sizes.
        #[arg(value_name = "H", allow_negative_numbers = true)]
        heaps: Vec<String>,
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
            GameCmd::Wythoff { .. } => Box::new(games::wythoff::Wythoff::default()),
            GameCmd::Fibonacci { .. } => Box::new(games::fibonacci::Fibonacci),
            GameCmd::Staircase { .. } => Box::new(games::staircase::Staircase),
            GameCmd::Euclid { .. } => Box::new(games::euclid::Euclid),
            GameCmd::GeorgiaBob { .. } => Box::new(games::georgia_bob::GeorgiaBob),
            GameCmd::Subtraction { set, .. } => {
                Box::new(HeapGame::subtraction(parse_set(set, "subtraction set")?))
            }
            GameCmd::AllBut { set, .. } => {
                Box::new(games::all_but::AllBut::new(parse_set(set, "all-but set")?))
            }
            GameCmd::Kayles { .. } => Box::new(HeapGame::kayles()),
            GameCmd::Dawson { .. } => Box::new(HeapGame::dawson()),
            GameCmd::GrundysGame { .. } => Box::new(HeapGame::grundys_game()),
            GameCmd::Octal { code, .. } => Box::new(HeapGame::octal(code)?),
            GameCmd::SplitNim { .. } => Box::new(games::split_nim::SplitNim),
            GameCmd::Lasker { .. } => Box::new(games::lasker::Lasker),
            GameCmd::Circle { .. } => Box::new(games::circle::Circle::default()),
            GameCmd::Cutting { .. } => Box::new(games::cutting::Cutting::default()),
            GameCmd::Thanos { .. } => Box::new(games::thanos::Thanos),
            GameCmd::Moore { k, .. } => {
                let k = parse_u64(k, "--k")?;
                if k == 0 {
                    return Err(GameError::Invalid(
                        "moore --k must be at least 1 (a move takes from 1 to K heaps)".into(),
                    ));
                }
                Box::new(games::moore::Moore {
                    k: usize::try_from(k).unwrap_or(usize::MAX),
                })
            }
            GameCmd::PartizanSubtraction { left, right, .. } => {
                Box::new(games::partizan_subtraction::PartizanSubtraction::new(
                    parse_set(left, "--left set")?,
                    parse_set(right, "--right set")?,
                ))
            }
            GameCmd::ParitySplit { .. } => Box::new(games::parity_split::ParitySplit),
        };
        Ok((game, self.position().to_vec()))
    }

    /// The heap game's nim-sequence source, for games that have one.
    pub fn heap_source(&self) -> Result<Option<(Source, String)>, GameError> {
        let seq = match self {
            GameCmd::Kayles { .. } => SequenceGame::Kayles,
            GameCmd::Dawson { .. } => SequenceGame::Dawson,
            GameCmd::GrundysGame { .. } => SequenceGame::GrundysGame,
            GameCmd::Lasker { .. } => SequenceGame::Lasker,
            GameCmd::SplitNim { .. } => SequenceGame::SplitNim,
            GameCmd::Octal { code, .. } => SequenceGame::Octal { code: code.clone() },
            GameCmd::Subtraction { set, .. } => SequenceGame::Subtraction { set: set.clone() },
            GameCmd::AllBut { set, .. } => SequenceGame::AllBut { set: set.clone() },
            _ => return Ok(None),
        };
        seq.source().map(Some)
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
            GameCmd::Subtraction { heaps, .. }
            | GameCmd::AllBut { heaps, .. }
            | GameCmd::Kayles { heaps }
            | GameCmd::Dawson { heaps }
            | GameCmd::GrundysGame { heaps }
            | GameCmd::Octal { heaps, .. }
            | GameCmd::SplitNim { heaps }
            | GameCmd::Lasker { heaps } => heaps,
            GameCmd::Circle { coins } => coins,
            GameCmd::Cutting { papers } => papers,
            GameCmd::Thanos { piles } | GameCmd::ParitySplit { piles } => piles,
            GameCmd::Moore { heaps, .. } => heaps,
            GameCmd::PartizanSubtraction { heap, .. } => heap,
        }
    }
}

/// A heap game for `grundy sequence`.
#[derive(Debug, Clone, Subcommand)]
pub enum SequenceGame {
    /// An octal or hexadecimal code, e.g. 0.6 or 0.137.
    Octal {
        /// The code.
        code: String,
    },
    /// A subtraction game.
    Subtraction {
        /// The subtraction set, e.g. 2,3,7.
        #[arg(long, value_name = "S1,S2,…")]
        set: String,
    },
    /// Subtract any positive number except those in the set.
    AllBut {
        /// The numbers that may not be taken.
        #[arg(long, value_name = "S1,S2,…")]
        set: String,
    },
    /// Kayles (0.77).
    Kayles,
    /// Dawson's Kayles (0.07).
    Dawson,
    /// Grundy's game.
    GrundysGame,
    /// Lasker's Nim (closed form).
    Lasker,
    /// Split Nim (closed form).
    SplitNim,
}

impl SequenceGame {
    /// The values' source and the game's name.
    pub fn source(&self) -> Result<(Source, String), GameError> {
        let rule = |r: HeapRule| Source::Rule(r);
        Ok(match self {
            SequenceGame::Octal { code } => (rule(parse_code(code)?), format!("octal {code}")),
            SequenceGame::Subtraction { set } => {
                let s = parse_set(set, "subtraction set")?;
                let name = format!("subtraction --set {}", join(&s));
                (rule(subtraction(&s)), name)
            }
            SequenceGame::AllBut { set } => {
                let s = parse_set(set, "all-but set")?;
                let name = format!("all-but --set {}", join(&s));
                (rule(HeapRule::AllBut(s)), name)
            }
            SequenceGame::Kayles => (rule(parse_code("0.77")?), "kayles".into()),
            SequenceGame::Dawson => (rule(parse_code("0.07")?), "dawson".into()),
            SequenceGame::GrundysGame => (rule(HeapRule::GrundysGame), "grundys-game".into()),
            SequenceGame::Lasker => (Source::Lasker, "lasker".into()),
            SequenceGame::SplitNim => (Source::SplitNim, "split-nim".into()),
        })
    }
}

fn join(set: &[u64]) -> String {
    set.iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(",")
}
