//! Searches where a value is out of reach: the nimber of an empty Cram board, and who wins
//! Domineering on a board too large to value, each with a fresh table. Run with
//! `cargo bench -p grundy --bench search`; the peers are timed by `bench/cram-vs-igsolve.sh`
//! and `bench/domineering-vs-obsequi.sh`.

use criterion::{criterion_group, criterion_main, Criterion};
use grundy::games::cram::Frame;
use grundy::games::domineering::Bitboard;
use grundy::games::grid::Grid;
use grundy::search::nimber;
use grundy::search::outcome;

fn cram(c: &mut Criterion) {
    let mut g = c.benchmark_group("cram nimber");
    g.sample_size(10);
    for (h, w, nimber) in [(4u8, 7u8, 3u8), (5, 6, 2), (4, 9, 1)] {
        let grid = Grid { h, w };
        g.bench_function(format!("{h}x{w}"), |b| {
            b.iter(|| {
                let frame = Frame::new(grid);
                let start = frame.normal(frame.reduce(grid.all()));
                let mut search = nimber::Search::new(&frame, 1 << 28);
                assert_eq!(search.component(start, false).unwrap(), nimber);
            })
        });
    }
    g.finish();
}

fn domineering(c: &mut Criterion) {
    let mut g = c.benchmark_group("domineering outcome");
    g.sample_size(10);
    // (rows, columns, Left moving first wins, Right moving first wins)
    for (h, w, left, right) in [
        (5u8, 6u8, false, true),
        (6, 6, true, true),
        (6, 7, true, false),
    ] {
        let grid = Grid { h, w };
        g.bench_function(format!("{h}x{w}"), |b| {
            b.iter(|| {
                let mut search = outcome::Search::new(Bitboard::<u64>::new(grid), 1 << 28);
                let start = search.rules().normal(grid.all());
                assert_eq!(search.wins(start, true).unwrap(), left);
                assert_eq!(search.wins(start, false).unwrap(), right);
            })
        });
    }
    g.finish();
}

criterion_group!(benches, cram, domineering);
criterion_main!(benches);
