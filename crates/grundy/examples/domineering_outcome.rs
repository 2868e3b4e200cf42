//! Who wins Domineering on an empty board, each player first, by search, with what the
//! search did: `cargo run --release -p grundy --example domineering_outcome -- 6 7` (rows,
//! columns; Left places upright dominoes).

use grundy::games::domineering::Bitboard;
use grundy::games::grid::{Cells, Grid};
use grundy::search::outcome::Search;

fn main() {
    let args: Vec<u8> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let [h, w] = args[..] else {
        eprintln!("usage: domineering_outcome ROWS COLUMNS");
        std::process::exit(2);
    };
    let grid = Grid { h, w };
    if h == 0 || w == 0 || grid.cells() > 128 {
        eprintln!("a board of 1 to 128 cells");
        std::process::exit(2);
    }
    // A board of up to 64 cells in a `u64`, a larger one in a `u128`.
    if grid.cells() <= 64 {
        run::<u64>(grid);
    } else {
        run::<u128>(grid);
    }
}

/// Searches the empty board `grid`, each player first, its cells in a `C`.
fn run<C: Cells>(grid: Grid) {
    let (h, w) = (grid.h, grid.w);
    for (left, name) in [(true, "Left (upright)"), (false, "Right (flat)")] {
        let mut search = Search::new(Bitboard::<C>::new(grid), 1 << 30);
        let start = search.rules().normal(grid.all());
        match search.wins(start, left) {
            Ok(won) => println!(
                "Domineering {h}x{w}, {name} first: {}\n{:?}",
                if won { "wins" } else { "loses" },
                search.searched()
            ),
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(2);
            }
        }
    }
}
