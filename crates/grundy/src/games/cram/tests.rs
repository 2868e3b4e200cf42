use super::*;
use crate::rules::Ruleset;

/// Every nimber of every set of empty cells of `grid`, from the definition (mex of the
/// options' nimbers), smallest sets first.
fn brute(grid: Grid) -> Vec<u8> {
    let f = Frame::new(grid);
    let w = u32::from(grid.w);
    let n = 1usize << (u32::from(grid.h) * w);
    let mut g = vec![0u8; n];
    for p in 0..n as u64 {
        let mut seen = 0u128;
        for (anchors, step) in [(f.vertical(p), w), (f.horizontal(p), 1)] {
            let mut rest = anchors;
            while rest != 0 {
                let a = rest & rest.wrapping_neg();
                rest &= rest - 1;
                seen |= 1 << g[(p & !(a | a << step)) as usize];
            }
        }
        g[p as usize] = seen.trailing_ones() as u8;
    }
    g
}

/// The search's nimber of every board of `grid` (every pattern of filled cells) is the
/// definition's.
fn check_every_board(grid: Grid) -> usize {
    let truth = brute(grid);
    let frame = Frame::new(grid);
    let mut search = Search::new(&frame, 1 << 24);
    for (p, &want) in truth.iter().enumerate() {
        let mut parts = Vec::new();
        frame.split(p as u64, &mut parts);
        let got = search.nimber(&parts).unwrap();
        assert_eq!(
            got,
            want,
            "{}",
            grid.write(|b: u64| if p as u64 & b != 0 { '.' } else { '#' })
        );
        // Asked only whether it is in a set, it answers rightly.
        for target in 0..4u8 {
            assert_eq!(search.sum_is(&parts, target).unwrap(), want == target);
        }
    }
    truth.len()
}

/// Every board of at most 16 cells, and of 4x5 and 5x4 (20 cells), every pattern of
/// filled cells: the search agrees with the definition.
#[test]
fn nimbers_agree_with_the_definition_on_every_small_board() {
    let mut boards = 0;
    for h in 1..=16u8 {
        for w in 1..=16u8 {
            if u32::from(h) * u32::from(w) <= 16 {
                boards += check_every_board(Grid { h, w });
            }
        }
    }
    boards += check_every_board(Grid { h: 4, w: 5 });
    boards += check_every_board(Grid { h: 5, w: 4 });
    assert_eq!(boards, 2_673_802);
}

/// The verdict on every board of at most 12 cells: its nimber, and every winning move
/// (and only those) leaves nimber 0.
#[test]
fn verdicts_and_winning_moves_on_every_board_of_up_to_12_cells() {
    for (h, w) in [(3u8, 4u8), (4, 3), (2, 6), (1, 12), (3, 3)] {
        let grid = Grid { h, w };
        let truth = brute(grid);
        for p in 0..truth.len() as u64 {
            let v = Cram.verdict(&vec![(grid, p)]).unwrap();
            assert_eq!(v.grundy, Some(Nat::from(truth[p as usize])));
            let winning: Vec<u64> = v.winning.map(|m| m.to[0].1).collect();
            let expected: Vec<u64> = Cram::board_moves((grid, p))
                .into_iter()
                .map(|(_, b)| b.1)
                .filter(|&q| truth[q as usize] == 0)
                .collect();
            assert_eq!(winning, expected, "{}", Cram.write_board(&(grid, p)));
        }
    }
}

/// Nimbers of empty boards from P. Beling's table (github beling/impartial-games,
/// computed by Glop, M. Schneider and igsolve).
#[test]
fn published_nimbers_of_empty_boards() {
    for (h, w, nimber) in [
        (4u8, 4u8, 0u8),
        (4, 5, 2),
        (4, 6, 0),
        (4, 7, 3),
        (4, 8, 0),
        (5, 5, 0),
        (5, 6, 2),
        (6, 4, 0),
        (7, 4, 3),
        (6, 5, 2),
    ] {
        let board = vec![".".repeat(w.into()); h.into()].join("|");
        let p = Cram.read(&board).unwrap();
        let v = Cram.verdict(&p).unwrap();
        assert_eq!(v.grundy, Some(Nat::from(nimber)), "{h}x{w}");
    }
}

/// Tables search boards of at most TABLE_CELLS cells (and even by even ones, decided by
/// symmetry) and leave the rest blank, so that a map never starts an hours-long search;
/// outcomes alone agree with the verdict's.
#[test]
fn tables_cover_what_is_answered_at_once() {
    assert!(Cram.table_position(&[5, 6]).unwrap().is_some());
    assert!(Cram.table_position(&[5, 7]).unwrap().is_none());
    assert!(Cram.table_position(&[8, 8]).unwrap().is_some());
    assert!(Cram.table_position(&[1, 65]).unwrap().is_none());
    for h in 1..=5u64 {
        for w in 1..=6u64 {
            let p = Cram.table_position(&[h, w]).unwrap().unwrap();
            assert_eq!(Cram.outcome(&p).unwrap(), Cram.verdict(&p).unwrap().outcome);
        }
    }
    let sum = Cram.read("..... .....|.....").unwrap();
    assert_eq!(
        Cram.outcome(&sum).unwrap(),
        Cram.verdict(&sum).unwrap().outcome
    );
}

/// The symmetry theorem decides even by even boards with no search, and answers boards
/// with a central domino by placing it.
#[test]
fn symmetric_boards_are_decided_by_the_strategy_of_copying() {
    let even = Cram.read("......|......|......|......").unwrap();
    let v = Cram.verdict(&even).unwrap();
    assert_eq!(v.outcome, Outcome::P);
    assert!(v.explanation.contains("symmetric through its centre"));
    assert!(!v.explanation.contains("expanded"), "{}", v.explanation);
    let odd = Cram.read(".....|.....").unwrap();
    let mut v = Cram.verdict(&odd).unwrap();
    assert_eq!(v.outcome, Outcome::N);
    assert!(v.winning.any(|m| m.description == "c1-c2"));
    // A 3x3 ring around a filled centre is symmetric with no domino on its image: lost.
    assert_eq!(
        Cram::symmetry(Cram.read("...|.#.|...").unwrap()[0]),
        Symmetry::Lost
    );
    // With the centre empty, the theorem is silent.
    assert_eq!(
        Cram::symmetry(Cram.read("...|...|...").unwrap()[0]),
        Symmetry::None
    );
}

/// The horizontal dominoes of a 2x2 block whose opposite corners have no other empty
/// neighbour are left out, and the region falls apart where they joined it: `.#.|#..|...`
/// (the corners b2 and c3) is two paths of three cells (nimber 1 each), its mirror
/// image likewise; with b3 filled (no block) nothing is left out. The exhaustive tests
/// check the rule's nimbers against the definition on every small board.
#[test]
fn needless_horizontal_dominoes_are_left_out_and_regions_split() {
    for (board, needless, parts) in [
        (".#.|#..|...", ["b2", "b3"].as_slice(), 2),
        (".#.|..#|...", ["a2", "a3"].as_slice(), 2),
        (".#.|#..|#.#", [].as_slice(), 1),
    ] {
        let (grid, cells) = Cram.read(board).unwrap()[0];
        let f = Frame::new(grid);
        let mut want = 0u64;
        for name in needless {
            want |= (0..grid.cells())
                .map(|i| 1u64 << i)
                .find(|&b| grid.cell_name(b) == *name)
                .unwrap();
        }
        assert_eq!(f.needless_horizontal(cells), want, "{board}");
        let mut found = Vec::new();
        f.split(cells, &mut found);
        assert_eq!(found.len(), parts, "{board}: {found:?}");
        let every = f.vertical(cells).count_ones() + f.horizontal(cells).count_ones();
        assert_eq!(f.count_moves(cells), every - needless.len() as u32);
    }
}

/// Normal forms: every mirror image and quarter turn of a region has the same one.
#[test]
fn images_share_one_normal_form() {
    let grid = Grid { h: 4, w: 4 };
    let f = Frame::new(grid);
    for cells in [
        0b0000_0110_0011_0001u64,
        0b1000_1100_0100_0111,
        0b0111_0010_0000_0000,
    ] {
        let forms: Vec<u64> = (0..8)
            .map(|t| f.normal(grid.transform([cells], t).1[0]))
            .collect();
        assert!(forms.iter().all(|&x| x == forms[0]), "{forms:?}");
    }
}

#[test]
fn bad_boards_are_refused_in_one_line() {
    for bad in ["..|...", "..x", &".".repeat(65)] {
        let e = Cram.read(bad).unwrap_err().to_string();
        assert!(e.contains("cram board") && !e.contains('\n'), "{e}");
    }
}
