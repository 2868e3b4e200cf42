//! Who wins Domineering on an empty board, each player first, by search, with what the
//! search did: `cargo run --release -p grundy --example domineering_outcome -- 6 7` (rows,
//! columns; Left places upright dominoes), its tables within 1024 MiB or the number of MiB
//! given third; `L` or `R` fourth to search with that player first only.

use grundy::games::domineering::Bitboard;
use grundy::games::grid::{Cells, Grid};
use grundy::search::outcome::Search;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize, default: u64| match args.get(i) {
        Some(a) => a.parse().ok(),
        None => Some(default),
    };
    let (Some(h), Some(w), Some(mib)) = (number(0, 0), number(1, 0), number(2, 1024)) else {
        eprintln!("usage: domineering_outcome ROWS COLUMNS [MIB] [L|R]");
        std::process::exit(2);
    };
    let first = args.get(3).map(String::as_str);
    let (h, w) = (h.min(255) as u8, w.min(255) as u8);
    let grid = Grid { h, w };
    if h == 0 || w == 0 || grid.cells() > 128 {
        eprintln!("a board of 1 to 128 cells");
        std::process::exit(2);
    }
    // A board of up to 64 cells in a `u64`, a larger one in a `u128`.
    let memory = mib << 20;
    if grid.cells() <= 64 {
        run::<u64>(grid, memory, first);
    } else {
        run::<u128>(grid, memory, first);
    }
}

/// Searches the empty board `grid` with `first` (`L`, `R`, or each) first, its cells in a
/// `C`, its tables within `memory` bytes.
fn run<C: Cells>(grid: Grid, memory: u64, first: Option<&str>) {
    let (h, w) = (grid.h, grid.w);
    for (left, name) in [(true, "Left (upright)"), (false, "Right (flat)")] {
        if first.is_some_and(|f| f != if left { "L" } else { "R" }) {
            continue;
        }
        let mut search = Search::new(Bitboard::<C>::new(grid), memory);
        let start = search.rules().normal(grid.all());
        match search.wins_parallel(start, left) {
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
