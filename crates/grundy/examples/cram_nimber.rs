//! The nimber of an empty Cram board by search, with what the search did:
//! `cargo run --release -p grundy --example cram_nimber -- 5 7` (rows, columns).

use grundy::games::cram::Frame;
use grundy::games::grid::Grid;
use grundy::search::nimber::Search;

fn main() {
    let args: Vec<u8> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let [h, w] = args[..] else {
        eprintln!("usage: cram_nimber ROWS COLUMNS");
        std::process::exit(2);
    };
    let grid = Grid { h, w };
    let frame = Frame::new(grid);
    let mut search = Search::new(&frame, 1 << 30);
    let start = frame.normal(frame.reduce(grid.all()));
    match search.component(start, false) {
        Ok(v) => println!("Cram {h}x{w}: nimber {v}\n{:?}", search.searched()),
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    }
}
