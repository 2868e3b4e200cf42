//! Prints each Domineering board given as an argument with its canonical form as the `cgt`
//! crate computes it, and the seconds it took: `BOARD<TAB>VALUE<TAB>SECONDS`.

use cgt::short::partizan::games::domineering::Domineering;
use cgt::short::partizan::partizan_game::PartizanGame;
use cgt::short::partizan::transposition_table::ParallelTranspositionTable;
use std::str::FromStr;

fn main() {
    for board in std::env::args().skip(1) {
        // A fresh table per board, as grundy starts afresh for each.
        let table = ParallelTranspositionTable::new();
        let position: Domineering = Domineering::from_str(&board).expect("a board: rows of . and # joined by |");
        let start = std::time::Instant::now();
        let value = position.canonical_form(&table);
        println!("{board}\t{value}\t{:.3}", start.elapsed().as_secs_f64());
    }
}
