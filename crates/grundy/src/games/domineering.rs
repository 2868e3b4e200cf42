//! Domineering: players place dominoes on a board, Left upright, Right flat.

use super::partizan::{shl, shr, Game, Grid, OnMove, Oracle, Parts};
use crate::analysis::Player;
use crate::catalog::GameInfo;
use crate::registry::{Entry, PositionSpec};
use crate::search::outcome::{Partizan, Search};
use crate::GameError;

/// Description of Domineering.
pub static INFO: GameInfo = GameInfo {
    name: "domineering",
    title: "Domineering",
    summary: "place dominoes on a board: Left upright, Right flat; who cannot place loses",
    usage: "domineering BOARD [BOARD …]",
    example: "domineering ...|...|...",
    rules: "A board of empty cells ('.') and blocked ones ('#'), rows joined by '|'. Left \
            places a domino on two empty cells one above the other, Right on two side by \
            side. Who cannot place loses. Several boards are played as a sum.",
    theory: "A domino splits the empty cells into regions no domino can join again, so a \
             board is the sum of its regions and its value is their values added \
             (Conway's theory of partizan games). Regions are valued once for all their \
             mirror images (a mirror keeps the players' roles); turning a region a quarter \
             turn swaps the roles, so it is worth the negative. The value decides who wins: \
             positive Left, negative Right, zero the second player, confused with zero the \
             first.",
    source: "E. R. Berlekamp, J. H. Conway, R. K. Guy, Winning Ways for your Mathematical \
             Plays, ch. 2 (Domineering, called Crosscram there, after G. Andersson); \
             Lessons in Play (Albert, Nowakowski, Wolfe), ch. 1.",
};

/// The registry's entry.
pub static ENTRY: Entry = Entry {
    info: &INFO,
    about: "Domineering: Left places dominoes upright, Right flat.",
    params: &[],
    position: PositionSpec {
        value_name: "BOARD",
        help: "Boards: rows of '.' (empty) and '#' (blocked) joined by '|', e.g. ...|...",
    },
    build: |_| super::boxed(Game::new(Domineering)),
    sequence: None,
};

/// The rules of Domineering.
#[derive(Clone, Copy, Debug, Default)]
pub struct Domineering;

/// A region: the board's size and its empty cells.
pub type Board = (Grid, u64);

impl Domineering {
    /// The top (Left) or left (Right) cells of every domino `player` can place.
    fn anchors(grid: Grid, empty: u64, player: Player) -> u64 {
        match player {
            Player::Left => empty & (empty >> grid.w),
            Player::Right => empty & (empty >> 1) & !grid.column(grid.w - 1),
        }
    }
}

impl Parts for Domineering {
    type Part = Board;

    fn info(&self) -> &'static GameInfo {
        &INFO
    }

    fn read_part(&self, word: &str) -> Result<Board, GameError> {
        let (grid, [empty]) = Grid::read::<1>("domineering", word, "'.' and '#'", |c| match c {
            '.' => Some(Some(0)),
            '#' => Some(None),
            _ => None,
        })?;
        Ok((grid, empty))
    }

    fn write_part(&self, &(grid, empty): &Board) -> String {
        grid.write(|b| if empty & b != 0 { '.' } else { '#' })
    }

    fn moves(&self, board: &Board, player: Player) -> Vec<Vec<Board>> {
        let mut out = Vec::new();
        self.each_move(board, player, &mut |after| {
            out.push(after.to_vec());
            Ok(())
        })
        .expect("collecting moves does not fail");
        out
    }

    fn each_move(
        &self,
        &(grid, empty): &Board,
        player: Player,
        f: &mut OnMove<Board>,
    ) -> Result<(), GameError> {
        let mut anchors = Self::anchors(grid, empty, player);
        let step = if player == Player::Left { grid.w } else { 1 };
        let mut after = Vec::new();
        while anchors != 0 {
            let a = anchors & anchors.wrapping_neg();
            anchors &= !a;
            let rest = empty & !(a | a << step);
            after.clear();
            grid.each_region(rest, |r| {
                if r.count_ones() > 1 {
                    let (g, [m]) = grid.crop(r, [r]);
                    after.push((g, m));
                }
            });
            f(&after)?;
        }
        Ok(())
    }

    fn plays(&self, &(grid, empty): &Board, player: Player) -> Option<Vec<(String, Board)>> {
        let mut anchors = Self::anchors(grid, empty, player);
        let step = if player == Player::Left { grid.w } else { 1 };
        let mut out = Vec::new();
        while anchors != 0 {
            let a = anchors & anchors.wrapping_neg();
            anchors &= !a;
            let b = a << step;
            let name = format!("{}-{}", grid.cell_name(a), grid.cell_name(b));
            out.push((name, (grid, empty & !(a | b))));
        }
        Some(out)
    }

    fn searcher(&self, &(grid, empty): &Board) -> Option<Box<dyn Oracle<Board>>> {
        // Up to this many empty cells the value comes quickly; beyond, who wins is searched.
        if empty.count_ones() <= SEARCH_FROM {
            return None;
        }
        let memory = crate::budget::memory_limit() / 2;
        Some(Box::new(BoardOracle {
            grid,
            search: Search::new(Bitboard::new(grid), memory),
        }))
    }

    fn normal(&self, &(grid, empty): &Board) -> Option<(Board, bool)> {
        if empty.count_ones() < 2 {
            return None;
        }
        // The least of the eight images; a transposed one (t ≥ 4) swaps the players.
        (0..8)
            .zip(grid.images([empty]))
            .map(|(t, (g, [m]))| ((g, m), t >= 4))
            .min()
    }
}

/// Boards with more empty cells than this are searched for who wins (`solve`) rather than
/// valued (`value` still values them).
pub const SEARCH_FROM: u32 = 24;

/// A search on one board's grid.
struct BoardOracle {
    grid: Grid,
    search: Search<Bitboard>,
}

impl Oracle<Board> for BoardOracle {
    fn wins(&mut self, &(grid, empty): &Board, player: Player) -> Result<bool, GameError> {
        debug_assert_eq!(grid, self.grid);
        let p = self.search.rules().normal(empty);
        self.search.wins(p, player == Player::Left)
    }

    fn searched(&self) -> crate::search::Searched {
        self.search.searched()
    }
}

/// Domineering on one board as an outcome search sees it: the empty cells, one bit each.
#[derive(Clone, Debug)]
pub struct Bitboard {
    w: u32,
    h: u32,
    not_first: u64,
    not_last: u64,
    first: u64,
    row: u64,
    /// Each row's cells mirrored, for boards at most 16 wide.
    reversed: Vec<u64>,
}

impl Bitboard {
    /// The board of `grid`'s size.
    pub fn new(grid: Grid) -> Bitboard {
        let (w, h) = (u32::from(grid.w), u32::from(grid.h));
        let all = grid.all();
        let first = grid.column(0);
        let reversed = grid.mirror_table();
        Bitboard {
            w,
            h,
            not_first: all & !first,
            not_last: all & !grid.column(grid.w - 1),
            first,
            row: if w == 64 { u64::MAX } else { (1 << w) - 1 },
            reversed,
        }
    }

    /// Top cells of Left's (upright) dominoes that fit.
    fn vertical(&self, p: u64) -> u64 {
        p & shr(p, self.w)
    }

    /// Left cells of Right's (flat) dominoes that fit.
    fn horizontal(&self, p: u64) -> u64 {
        p & (p >> 1) & self.not_last
    }

    /// The most disjoint upright dominoes in `cells`: half of each column's runs, rounded
    /// down (a cell pairs with an unpaired one above it).
    fn upright(&self, cells: u64) -> u32 {
        let (mut count, mut open) = (0, 0u64);
        for r in 0..self.h {
            let row = shr(cells, r * self.w) & self.row;
            let paired = open & row;
            count += paired.count_ones();
            open = row & !paired;
        }
        count
    }

    /// The most disjoint flat dominoes in `cells`: half of each row's runs, rounded down.
    fn flat(&self, cells: u64) -> u32 {
        let (mut count, mut open) = (0, 0u64);
        for c in 0..self.w {
            let col = (cells >> c) & self.first;
            let paired = open & col;
            count += paired.count_ones();
            open = col & !paired;
        }
        count
    }

    /// The board mirrored left–right, top–bottom and both: the least of the four (they are
    /// worth the same, the players keeping their roles).
    pub fn normal(&self, p: u64) -> u64 {
        let w = self.w;
        let (mut tb, mut lr, mut both) = (0u64, 0u64, 0u64);
        for r in 0..self.h {
            let row = shr(p, r * w) & self.row;
            let rev = match self.reversed.get(row as usize) {
                Some(&x) => x,
                None => row.reverse_bits() >> (64 - w),
            };
            let down = (self.h - 1 - r) * w;
            tb |= row << down;
            lr |= rev << (r * w);
            both |= rev << down;
        }
        p.min(tb).min(lr).min(both)
    }
}

impl Partizan for Bitboard {
    type Pos = u64;

    fn moves(&self, p: u64, left: bool, out: &mut Vec<u64>) {
        let (mine, theirs) = if left {
            (self.vertical(p), self.horizontal(p))
        } else {
            (self.horizontal(p), self.vertical(p))
        };
        let step = if left { self.w } else { 1 };
        let mut scored = Vec::with_capacity(mine.count_ones() as usize);
        let mut rest = mine;
        while rest != 0 {
            let a = rest & rest.wrapping_neg();
            rest &= rest - 1;
            let b = shl(a, step);
            let cells = a | b;
            // The opponent's dominoes this one blocks, less my own it blocks.
            let (theirs_hit, mine_hit) = if left {
                (cells | (cells >> 1), a | shr(a, self.w) | b)
            } else {
                (cells | shr(cells, self.w), a | (a >> 1) | b)
            };
            let score = 2 * (theirs & theirs_hit).count_ones() as i32
                - (mine & mine_hit).count_ones() as i32;
            scored.push((score, self.normal(p & !cells)));
        }
        scored.sort_by_key(|&(score, _)| std::cmp::Reverse(score));
        out.extend(scored.into_iter().map(|(_, q)| q));
    }

    fn decided(&self, p: u64, left: bool) -> Option<bool> {
        let w = self.w;
        let (mine, theirs) = if left {
            (self.vertical(p), self.horizontal(p))
        } else {
            (self.horizontal(p), self.vertical(p))
        };
        if mine == 0 {
            return Some(false);
        }
        if theirs == 0 {
            return Some(true);
        }
        // Cells the opponent can never cover (no empty cell beside them the opponent's way)
        // hold safe dominoes: the opponent cannot take them away. A player whose safe
        // dominoes outnumber every domino the opponent could still place wins moving first;
        // one who has no more moves than the opponent has safe ones loses.
        let upright_proof = p & !shl(p, w) & !shr(p, w);
        let flat_proof = p & !((p & self.not_first) >> 1) & !((p & self.not_last) << 1);
        let (safe_left, most_left) = (self.upright(flat_proof), self.upright(p));
        let (safe_right, most_right) = (self.flat(upright_proof), self.flat(p));
        let (safe_mine, most_mine, safe_theirs, most_theirs) = if left {
            (safe_left, most_left, safe_right, most_right)
        } else {
            (safe_right, most_right, safe_left, most_left)
        };
        if safe_mine > most_theirs {
            Some(true)
        } else if safe_theirs >= most_mine {
            Some(false)
        } else {
            None
        }
    }

    fn size(&self, p: u64) -> u32 {
        p.count_ones()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Ruleset;
    use crate::games::partizan::check_against_search;
    use crate::search::outcome::Search;

    /// Whether `player`, moving first on `board`, wins (plain search, no values).
    fn first_wins(
        board: Board,
        player: Player,
        memo: &mut std::collections::HashMap<(Board, bool), bool>,
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
                    check_against_search(&game, &[(grid, empty)], (l, r));
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

    /// The outcome search (its bounds, its table, its mirror images) agrees with the
    /// definition on every board of up to 16 cells and every 4x5 and 5x4 board (20 cells),
    /// each player first.
    #[test]
    fn searched_outcomes_agree_with_the_definition_on_every_board_of_up_to_20_cells() {
        let mut grids: Vec<Grid> = (1..=16u8)
            .flat_map(|h| (1..=16u8).map(move |w| Grid { h, w }))
            .filter(|g| u32::from(g.h) * u32::from(g.w) <= 16)
            .collect();
        grids.extend([Grid { h: 4, w: 5 }, Grid { h: 5, w: 4 }]);
        let mut boards = 0;
        for grid in grids {
            let truth = brute(grid);
            let mut search = Search::new(Bitboard::new(grid), 1 << 24);
            for (p, want) in truth.iter().enumerate() {
                let p = p as u64;
                let q = search.rules().normal(p);
                let got = [
                    search.wins(q, true).unwrap(),
                    search.wins(q, false).unwrap(),
                ];
                assert_eq!(
                    &got,
                    want,
                    "{}",
                    grid.write(|b| if p & b != 0 { '.' } else { '#' })
                );
                boards += 1;
            }
        }
        assert_eq!(boards, 2_673_802);
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
            let after = search.rules().normal(m.to[0].1);
            let mover_left = m.player == Some(Player::Left);
            assert!(
                !search.wins(after, !mover_left).unwrap(),
                "{}",
                m.description
            );
        }
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
}
