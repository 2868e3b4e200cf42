use super::search::{vulnerable_moves, Claims, Pools};
use super::*;

/// A long search tells its watcher how far it has gone, how deep it is and what its
/// tables hold (the command line's progress line): 6×9 with Left first searches about
/// 24,000 positions, reported every 4,096.
#[test]
fn a_search_reports_its_depth_and_tables() {
    let seen = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
    let kept = seen.clone();
    let grid = Grid { h: 6, w: 9 };
    let won = crate::budget::watch(
        move |p| kept.borrow_mut().push(p),
        || {
            let mut search = Search::new(Bitboard::<u64>::new(grid), 1 << 26);
            let start = search.rules().normal(grid.all());
            search.wins(start, true).unwrap()
        },
    );
    assert!(won, "Left moving first wins 6×9");
    let seen = seen.borrow();
    assert!(seen.len() >= 2, "{seen:?}");
    for (i, p) in seen.iter().enumerate() {
        assert_eq!(p.unit, "positions searched");
        assert_eq!(p.done, 4096 * (i as u64 + 1));
        assert!(p.depth.is_some_and(|d| (1..=54).contains(&d)), "{p:?}");
        assert!(p.bytes.is_some_and(|b| b > 0), "{p:?}");
    }
}

/// What the player's strategy of [`Claims`] keeps of `boxes` boxes, `alone` and `shared`
/// vulnerable dominoes (moving second), against the worst of the opponent's choices each
/// move: spoil nothing, one alone, one or two shared dominoes, a box, or a box and a
/// vulnerable domino beside it (the box's near half is then left as an alone vulnerable
/// domino: a box and an alone one leave the counts as a box alone does).
fn kept(
    boxes: u32,
    alone: u32,
    shared: u32,
    memo: &mut std::collections::HashMap<(u32, u32, u32), u32>,
) -> u32 {
    if let Some(&k) = memo.get(&(boxes, alone, shared)) {
        return k;
    }
    let (c, a, b) = (boxes, alone, shared);
    let mut spoils = vec![((c, a, b), false)];
    if a > 0 {
        spoils.push(((c, a - 1, b), false));
    }
    if b > 0 {
        spoils.push(((c, a, b - 1), false));
    }
    if b > 1 {
        spoils.push(((c, a, b - 2), false));
    }
    if c > 0 {
        spoils.push(((c - 1, a, b), true));
    }
    if c > 0 && b > 0 {
        spoils.push(((c - 1, a + 1, b - 1), true));
    }
    let k = spoils
        .into_iter()
        .map(|((x, y, z), box_hit)| {
            // A box hit: claim another; else a shared domino, an alone one, a box.
            if box_hit && x > 0 {
                2 + kept(x - 1, y, z, memo)
            } else if z > 0 {
                1 + kept(x, y, z - 1, memo)
            } else if y > 0 {
                1 + kept(x, y - 1, z, memo)
            } else if x > 0 {
                2 + kept(x - 1, y, z, memo)
            } else {
                0
            }
        })
        .min()
        .expect("the opponent has a choice");
    memo.insert((boxes, alone, shared), k);
    k
}

/// The moves [`Claims::sure`] counts on boxes and vulnerable dominoes are at most what the
/// player's strategy keeps against every choice of the opponent's, moving second and
/// moving first (the odd box at once, else the vulnerable domino that gains), for up to
/// 11 boxes and 11 dominoes of each kind.
#[test]
fn the_moves_counted_are_sure() {
    let mut memo = Default::default();
    for (c, a, b, k) in (0..12).flat_map(|c| {
        (0..12).flat_map(move |a| (0..12).flat_map(move |b| (0..=a).map(move |k| (c, a, b, k))))
    }) {
        let claims = Claims {
            safe: 0,
            boxes: c,
            alone: a,
            shared: b,
            half: 0,
            beside_box: k,
            half_alone: 0,
            half_beside_box: 0,
            proof: 0,
            options: [0; 3],
        };
        let mut second = kept(c, a, b, &mut memo);
        if c % 2 == 1 {
            // The odd box as two shared dominoes, the k alone beside it shared.
            second = second.max(kept(c - 1, a - k, b + k + 2, &mut memo));
        }
        let mut first = kept(c, a, b, &mut memo);
        if c % 2 == 1 {
            first = 2 + kept(c - 1, a, b, &mut memo);
        } else {
            if a > 0 {
                first = first.max(1 + kept(c, a - 1, b, &mut memo));
            }
            if b > 0 {
                first = first.max(1 + kept(c, a, b - 1, &mut memo));
            }
        }
        let what = format!("{c} boxes, {a} alone ({k} beside a box), {b} shared");
        assert!(claims.sure(false).moves <= second, "second: {what}");
        assert!(claims.sure(true).moves <= first, "first: {what}");
    }
}

/// The fewest cells the strategy covers, by [`Pools::covered`]'s table, are those of
/// the model played out move by move (here by plain recursion, the unpaired option
/// included), and never fewer than the count of every vulnerable domino with a cell the
/// opponent can never cover placed.
#[test]
fn the_cells_counted_are_sure() {
    fn play(at: [u32; 6], memo: &mut std::collections::HashMap<[u32; 6], u32>) -> u32 {
        if let Some(&c) = memo.get(&at) {
            return c;
        }
        let [c, a0, a1, b0, b1, o] = at;
        if c + a0 + a1 + b0 + b1 == 0 {
            return 0;
        }
        // Each thing the opponent may spoil: a box, alone and shared dominoes taken
        // (whole, half), the option's cell; a box's near half is left an alone domino
        // when a vulnerable domino beside it goes with the box.
        let mut fewest = None;
        for (box_hit, da0, da1, db0, db1, cover) in [
            (0, 0, 0, 0, 0, 0),
            (0, 1, 0, 0, 0, 0),
            (0, 0, 1, 0, 0, 0),
            (0, 0, 0, 1, 0, 0),
            (0, 0, 0, 0, 1, 0),
            (0, 0, 0, 2, 0, 0),
            (0, 0, 0, 1, 1, 0),
            (0, 0, 0, 0, 2, 0),
            (1, 0, 0, 0, 0, 0),
            (1, 1, 0, 0, 0, 0),
            (1, 0, 1, 0, 0, 0),
            (1, 0, 0, 1, 0, 0),
            (1, 0, 0, 0, 1, 0),
            (0, 0, 0, 0, 0, 1),
        ] {
            if box_hit > c || da0 > a0 || da1 > a1 || db0 > b0 || db1 > b1 {
                continue;
            }
            if cover == 1 && o == 0 {
                continue;
            }
            let left = box_hit == 1 && da0 + da1 + db0 + db1 > 0;
            let o = if cover == 1 { 0 } else { o };
            let (c, a0, a1, b0, b1) = (
                c - box_hit,
                a0 - da0 + u32::from(left),
                a1 - da1,
                b0 - db0,
                b1 - db1,
            );
            let (cells, next) = if box_hit == 1 && c > 0 {
                (4, Some([c - 1, a0, a1, b0, b1, o]))
            } else if b0 > 0 {
                (2, Some([c, a0, a1, b0 - 1, b1, o]))
            } else if b1 > 0 {
                (1, Some([c, a0, a1, b0, b1 - 1, o]))
            } else if a0 > 0 {
                (2, Some([c, a0 - 1, a1, b0, b1, o]))
            } else if a1 > 0 {
                (1, Some([c, a0, a1 - 1, b0, b1, o]))
            } else if c > 0 {
                (4, Some([c - 1, a0, a1, b0, b1, o]))
            } else {
                (o, None)
            };
            let total = cells + next.map_or(0, |n| play(n, memo));
            fewest = Some(fewest.map_or(total, |f: u32| f.min(total)));
        }
        let fewest = fewest.expect("nothing spoilt is a choice");
        memo.insert(at, fewest);
        fewest
    }
    let mut memo = Default::default();
    let mut better = 0;
    for c in 0..5 {
        for a0 in 0..7 {
            for a1 in 0..4 {
                for b0 in 0..8 {
                    for b1 in 0..4 {
                        for o in 0..4 {
                            let at = [c, a0, a1, b0, b1, o];
                            let covered = Pools::new(at).covered().unwrap();
                            assert_eq!(covered, play(at, &mut memo), "{at:?}");
                            let v = vulnerable_moves(a0 + a1, b0 + b1);
                            let formula = 4 * (c / 2) + 2 * v - v.min(a1 + b1);
                            assert!(covered >= formula, "{at:?}");
                            better += u32::from(covered > formula);
                        }
                    }
                }
            }
        }
    }
    assert!(better > 4000, "{better}");
    let too_many = Pools::new([0, 0, 8, 0, 0, 0]);
    assert_eq!(too_many.covered(), None);
}

/// Wherever the bound decides, it decides as the definition does: every position of
/// every 5×5 board (every pattern of filled cells), each player to move (the search's
/// exhaustive test checks it on the smaller boards).
#[test]
fn the_bound_never_contradicts_the_definition() {
    for (h, w) in [(5, 5)] {
        let grid = Grid { h, w };
        let truth = brute(grid);
        let board = Bitboard::new(grid);
        let mut decided = 0;
        for (p, wins) in truth.iter().enumerate() {
            for (i, left) in [true, false].into_iter().enumerate() {
                if let Some(w) = board.bound(p as u64, left) {
                    decided += 1;
                    assert_eq!(
                        w,
                        wins[i],
                        "{} to move on {}",
                        if left { "Left" } else { "Right" },
                        grid.write(|b: u64| if p as u64 & b != 0 { '.' } else { '#' })
                    );
                }
            }
        }
        assert!(
            decided > truth.len(),
            "{h}x{w}: the bound decides {decided}"
        );
    }
}

/// The counts the ordering updates line by line equal the counts of the whole board
/// after the move: for every board of 4×4, 3×5, 5×3, 2×7 and 7×2 cells and every move of
/// each player, and for 20 000 boards of 8×8, 7×9 and 16×4 drawn by a fixed generator.
#[test]
fn counts_updated_by_lines_are_the_boards() {
    let check = |b: &Bitboard, p: u64| {
        let runs = b.runs.as_deref().expect("a table of runs");
        let (rows, cols) = b.lines(p, runs);
        for left in [true, false] {
            let (mine, step) = if left {
                (b.vertical(p), b.w)
            } else {
                (b.horizontal(p), 1)
            };
            let mut rest = mine;
            while rest != 0 {
                let a = rest & rest.wrapping_neg();
                rest &= rest - 1;
                let q = p & !(a | shl(a, step));
                let (x, y) = (
                    b.counts_after(runs, &rows, &cols, a.trailing_zeros(), left),
                    b.counts(q),
                );
                assert_eq!(
                    (x.most_left, x.safe_left, x.most_right, x.safe_right),
                    (y.most_left, y.safe_left, y.most_right, y.safe_right),
                    "{}x{} board {p:#x}, {} at {}",
                    b.h,
                    b.w,
                    if left { "Left" } else { "Right" },
                    a.trailing_zeros()
                );
            }
        }
    };
    for (h, w) in [(4, 4), (3, 5), (5, 3), (2, 7), (7, 2)] {
        let b = Bitboard::new(Grid { h, w });
        for p in 0..1u64 << (h * w) {
            check(&b, p);
        }
    }
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    for (h, w) in [(8, 8), (7, 9), (16, 4)] {
        let b = Bitboard::new(Grid { h, w });
        for _ in 0..20_000 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            // Boards about three quarters full of empty cells, as a search meets them.
            let p = (seed | seed.rotate_left(17)) & b.all;
            check(&b, p);
        }
    }
}
use crate::games::partizan::check_against_search;
use crate::rules::Ruleset;
use crate::search::outcome::Search;

/// Whether `player`, moving first on `board`, wins (plain search, no values).
fn first_wins(
    board: (Grid, u64),
    player: Player,
    memo: &mut std::collections::HashMap<((Grid, u64), bool), bool>,
) -> bool {
    let key = (board, player == Player::Left);
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    let (grid, empty) = board;
    let other = if player == Player::Left {
        Player::Right
    } else {
        Player::Left
    };
    let mut anchors = Domineering::anchors(grid, empty, player);
    let step = if player == Player::Left { grid.w } else { 1 };
    let mut win = false;
    while anchors != 0 && !win {
        let a = anchors & anchors.wrapping_neg();
        anchors &= !a;
        win = !first_wins((grid, empty & !(a | a << step)), other, memo);
    }
    memo.insert(key, win);
    win
}

/// Every board of up to 12 cells (every pattern of blocked cells on 1×1 … 3×4 and
/// 4×3): the value's outcome is the one plain search finds.
#[test]
fn outcomes_agree_with_search_on_every_small_board() {
    let game = Game::new(Domineering);
    let mut memo = Default::default();
    let mut boards = 0;
    for h in 1..=4u8 {
        for w in 1..=4u8 {
            if h * w > 12 {
                continue;
            }
            let grid = Grid { h, w };
            for empty in 0..=grid.all() {
                let l = first_wins((grid, empty), Player::Left, &mut memo);
                let r = first_wins((grid, empty), Player::Right, &mut memo);
                check_against_search(&game, &[Board::new(grid, empty)], (l, r));
                boards += 1;
            }
        }
    }
    assert_eq!(boards, 9418);
}

/// Whether each player, moving first, wins on every set of empty cells of `grid`, from
/// the definition (smaller sets first: a move only clears bits).
fn brute(grid: Grid) -> Vec<[bool; 2]> {
    let n = 1usize << (u32::from(grid.h) * u32::from(grid.w));
    let mut wins = vec![[false; 2]; n];
    for p in 0..n as u64 {
        for (i, player) in [Player::Left, Player::Right].into_iter().enumerate() {
            let step = if player == Player::Left { grid.w } else { 1 };
            let mut anchors = Domineering::anchors(grid, p, player);
            let mut win = false;
            while anchors != 0 && !win {
                let a = anchors & anchors.wrapping_neg();
                anchors &= anchors - 1;
                win = !wins[(p & !(a | a << step)) as usize][1 - i];
            }
            wins[p as usize][i] = win;
        }
    }
    wins
}

/// Asserts that the search on `grid` finds `want` (whether each player, Left first, wins
/// moving first) at `p`, and so does the bound alone wherever it decides; how many times
/// it decided.
fn agrees<C: Cells>(search: &mut Search<Bitboard<C>>, grid: Grid, p: C, want: &[bool; 2]) -> u32 {
    let got = [
        search.wins(p, true).unwrap(),
        search.wins(p, false).unwrap(),
    ];
    let board = || grid.write(|b: C| if p & b != C::ZERO { '.' } else { '#' });
    assert_eq!(&got, want, "{}", board());
    let mut decided = 0;
    for (i, left) in [true, false].into_iter().enumerate() {
        if let Some(w) = search.rules().bound(p, left) {
            decided += 1;
            assert_eq!(w, want[i], "the bound, left {left}: {}", board());
        }
    }
    decided
}

/// The outcome search (its bounds, its table, its mirror images) agrees with the
/// definition on every board of up to 16 cells and every 4x5, 5x4, 4x6 and 6x4 board
/// (every pattern of filled cells), each player first; so does the bound alone wherever
/// it decides. (Once also on every 3x8, 8x3 and
/// 2x11 board: 73,976,970 boards in all.)
#[test]
fn searched_outcomes_agree_with_the_definition_on_every_board_of_up_to_24_cells() {
    let mut grids: Vec<Grid> = (1..=16u8)
        .flat_map(|h| (1..=16u8).map(move |w| Grid { h, w }))
        .filter(|g| u32::from(g.h) * u32::from(g.w) <= 16)
        .collect();
    grids.extend([
        Grid { h: 4, w: 5 },
        Grid { h: 5, w: 4 },
        Grid { h: 4, w: 6 },
        Grid { h: 6, w: 4 },
    ]);
    let (mut boards, mut decided) = (0, 0);
    for grid in grids {
        let truth = brute(grid);
        let mut search = Search::new(Bitboard::new(grid), 1 << 24);
        for (p, want) in truth.iter().enumerate() {
            decided += agrees(&mut search, grid, p as u64, want);
            boards += 1;
        }
    }
    assert_eq!(boards, 36_228_234);
    assert!(decided > boards, "the bound decides {decided}");
}

/// The search on a board of more than 64 cells (its cells in a `u128`): every pattern of
/// empty cells in a 4x5 window of a 9x9 board otherwise filled, the window across the
/// 64th cell, has the 4x5 board's outcome by the definition, each player first; so does
/// the bound alone wherever it decides.
#[test]
fn boards_of_more_than_64_cells_are_searched_as_the_definition_says() {
    let (small, big) = (Grid { h: 4, w: 5 }, Grid { h: 9, w: 9 });
    let truth = brute(small);
    let mut search = Search::new(Bitboard::<u128>::new(big), 1 << 24);
    let mut decided = 0;
    for (p, want) in truth.iter().enumerate() {
        let q = (0..4).fold(0u128, |q, r| {
            q | ((p as u128 >> (5 * r)) & 31) << ((r + 5) * 9 + 2)
        });
        decided += agrees(&mut search, big, q, want);
    }
    assert_eq!(truth.len(), 1 << 20);
    assert!(decided > 1 << 20, "the bound decides {decided}");
}

/// A board too large to value quickly is answered by search, with each winning move
/// checked by the definition's answer after it.
#[test]
fn large_boards_are_searched_not_valued() {
    let game = Game::new(Domineering);
    let p = game.read("......|......|......|......|......").unwrap();
    let v = game.verdict(&p).unwrap();
    assert!(
        v.explanation.starts_with("Found by search"),
        "{}",
        v.explanation
    );
    let moves: Vec<_> = v.winning.collect();
    assert!(!moves.is_empty());
    let mut search = Search::new(Bitboard::new(Grid { h: 5, w: 6 }), 1 << 24);
    for m in moves {
        let after = search.rules().normal(m.to[0].empty() as u64);
        let mover_left = m.player == Some(Player::Left);
        assert!(
            !search.wins(after, !mover_left).unwrap(),
            "{}",
            m.description
        );
    }
}

/// An answer that lists one winning move searches for two (to say the list goes on), not
/// for all of them; both are winning moves.
#[test]
fn a_short_list_of_winning_moves_searches_only_what_it_lists() {
    let game = Game::new(Domineering);
    let p = game.read("......|......|......|......|......").unwrap();
    let all = game.verdict(&p).unwrap().winning.count();
    let v = game.verdict_up_to(&p, 1).unwrap();
    let moves: Vec<_> = v.winning.collect();
    assert!(all > 2, "{all}");
    assert_eq!(moves.len(), 2);
    let mut search = Search::new(Bitboard::new(Grid { h: 5, w: 6 }), 1 << 24);
    for m in moves {
        let left = m.player == Some(Player::Left);
        assert!(
            !search.wins(m.to[0].empty() as u64, !left).unwrap(),
            "{}",
            m.description
        );
    }
    let a = game.answer(&p, 1).unwrap();
    assert_eq!(a.winning_moves.len(), 1);
    assert!(a.winning_moves_truncated);
}

/// A search that gives up (after 0, 1, 2, 4, … positions) says so or says the truth, and
/// leaves nothing false behind: afterwards every 4x6 board its table holds is held as
/// the definition says, and the whole search still finds the truth.
#[test]
fn a_search_that_gives_up_leaves_only_truths_behind() {
    let grid = Grid { h: 4, w: 6 };
    let truth = brute(grid);
    let start: u64 = grid.all();
    let (mut gave_up, mut held) = (0, 0);
    for (first, left) in [true, false].into_iter().enumerate() {
        let mut budget = 0;
        loop {
            let mut search = Search::new(Bitboard::new(grid), 1 << 24);
            let got = search.wins_within(start, left, budget).unwrap();
            assert!(got.is_none() || got == Some(truth[start as usize][first]));
            for (p, says) in search.remembered_all() {
                held += 1;
                for (i, said) in says.into_iter().enumerate() {
                    assert!(
                        said.is_none() || said == Some(truth[p as usize][i]),
                        "{p:#x}"
                    );
                }
            }
            agrees(&mut search, grid, start, &truth[start as usize]);
            if got.is_some() {
                break;
            }
            gave_up += 1;
            budget = (2 * budget).max(1);
        }
    }
    assert!(gave_up > 10, "the searches gave up {gave_up} times");
    assert!(held > 400, "{held} positions held");
}

/// The search shared by threads (three, on any machine: more interleavings than cores)
/// finds what the definition says from every 2003rd 4x6 and 6x4 board, each player first,
/// each in a fresh search, and leaves nothing false in its table: a thread stopped
/// because another found the answer stores nothing while it unwinds.
#[test]
fn a_search_shared_by_threads_finds_and_leaves_only_truths() {
    let (mut roots, mut held) = (0, 0);
    for grid in [Grid { h: 4, w: 6 }, Grid { h: 6, w: 4 }] {
        let truth = brute(grid);
        for p in (0..truth.len() as u64).step_by(2003) {
            for (i, left) in [true, false].into_iter().enumerate() {
                let mut search = Search::with_threads(Bitboard::new(grid), 1 << 22, 3);
                let got = search.wins_parallel(p, left).unwrap();
                assert_eq!(got, truth[p as usize][i], "{p:#x}, left {left}");
                for (q, says) in search.remembered_all() {
                    held += 1;
                    for (j, said) in says.into_iter().enumerate() {
                        assert!(
                            said.is_none() || said == Some(truth[q as usize][j]),
                            "{q:#x} after {p:#x}"
                        );
                    }
                }
                roots += 1;
            }
        }
    }
    assert_eq!(roots, 4 * (1u32 << 24).div_ceil(2003));
    assert!(held > 25_000, "{held} positions held");
}

/// The progress a search shared by threads reports counts every thread's positions: the
/// counts rise and never pass the positions searched; nothing is left counted twice
/// between the threads at the end.
#[test]
fn a_shared_search_reports_the_positions_of_all_its_threads() {
    use std::cell::RefCell;
    use std::rc::Rc;
    let grid = Grid { h: 8, w: 8 };
    let told = Rc::new(RefCell::new(Vec::new()));
    let seen = Rc::clone(&told);
    let mut search = Search::with_threads(Bitboard::new(grid), 1 << 26, 3);
    crate::budget::watch(
        move |p| seen.borrow_mut().push(p.done),
        || search.wins_parallel(grid.all::<u64>(), true).unwrap(),
    );
    let searched = search.searched().positions;
    let told = told.borrow();
    assert!(told.len() > 10, "{} reports", told.len());
    assert!(told.windows(2).all(|w| w[0] <= w[1]), "{told:?}");
    assert!(*told.last().unwrap() <= searched);
    assert_eq!(search.helped_untold(), 0);
}

/// Listing the winning moves of a searched board stops after as many positions again as
/// the answer took when no floor is set: the moves listed win, and the explanation says
/// how many were not examined; with no limit every winning move is listed.
#[test]
fn a_listing_costs_no_more_than_its_floor_or_the_answer() {
    let game = Game::new(Domineering);
    let p = game.read("......|......|......|......|......").unwrap();
    let every = crate::budget::with_listing_floor(u64::MAX, || game.answer(&p, 1000));
    let every = every.unwrap();
    assert!(!every.winning_moves_partial);
    let cut = crate::budget::with_listing_floor(0, || game.answer(&p, 1000)).unwrap();
    assert!(cut.winning_moves_partial, "{}", cut.explanation);
    assert!(
        cut.explanation.contains("not examined"),
        "{}",
        cut.explanation
    );
    assert!(cut.winning_moves.len() < every.winning_moves.len());
    for m in &cut.winning_moves {
        assert!(every.winning_moves.contains(m), "{}", m.description);
    }
    let default = game.answer(&p, 1000).unwrap();
    assert_eq!(
        default.winning_moves, every.winning_moves,
        "under the default floor"
    );
    assert!(!default.winning_moves_partial);
}

/// Published values: Winning Ways ch. 2 (1×2, 2×2), CGSuite's test suite (4×4).
#[test]
fn published_values() {
    let game = Game::new(Domineering);
    for (board, value) in [
        (".|.", "1"),
        ("..", "-1"),
        ("..|..", "+-1"),
        (".|.|.|.", "2"),
        (
            "....|....|....|....",
            "+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}",
        ),
        ("..|.. ..|..", "0"),
    ] {
        let p = game.read(board).unwrap();
        assert_eq!(
            game.report(&p).unwrap().unwrap().canonical,
            value,
            "{board}"
        );
    }
}
