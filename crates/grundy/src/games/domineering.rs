//! Domineering: players place dominoes on a board, Left upright, Right flat.

use super::grid::{shl, shr, Cells, Grid};
use super::partizan::{Game, OnMove, Oracle, Parts};
use crate::analysis::Player;
use crate::registry::{Entry, PositionSpec};
use crate::rules::GameInfo;
use crate::search::outcome::{Partizan, Search};
use crate::GameError;

mod search;

pub use search::Bitboard;

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

/// A region: the board's size and its empty cells, one bit each (row-major), in a `u64`
/// when the board has at most 64 cells, in a `u128` when it has up to 128.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Board {
    /// A board of at most 64 cells: every region valued is one.
    Small(Grid, u64),
    /// A board of 65 to 128 cells, boxed so that a small one takes 16 bytes.
    Large(Grid, Box<u128>),
}

impl Board {
    /// The board `grid` with the empty cells `empty`, held in the word its size needs.
    pub fn new<C: Cells>(grid: Grid, empty: C) -> Board {
        if grid.cells() <= 64 {
            Board::Small(grid, empty.wide() as u64)
        } else {
            Board::Large(grid, Box::new(empty.wide()))
        }
    }

    /// The board's size.
    pub fn grid(&self) -> Grid {
        match self {
            Board::Small(g, _) | Board::Large(g, _) => *g,
        }
    }

    /// The empty cells.
    pub fn empty(&self) -> u128 {
        match self {
            Board::Small(_, e) => u128::from(*e),
            Board::Large(_, e) => **e,
        }
    }
}

impl Domineering {
    /// The top (Left) or left (Right) cells of every domino `player` can place.
    fn anchors<C: Cells>(grid: Grid, empty: C, player: Player) -> C {
        match player {
            Player::Left => empty & shr(empty, grid.w.into()),
            Player::Right => empty & (empty >> 1) & !grid.column::<C>(grid.w - 1),
        }
    }

    /// [`Parts::each_move`] on the board `grid` with the empty cells `empty`.
    fn each_move_in<C: Cells>(
        grid: Grid,
        empty: C,
        player: Player,
        f: &mut OnMove<Board>,
    ) -> Result<(), GameError> {
        let mut anchors = Self::anchors(grid, empty, player);
        let step = if player == Player::Left { grid.w } else { 1 };
        let mut after = Vec::new();
        while anchors != C::ZERO {
            let a = anchors & anchors.wrapping_neg();
            anchors &= !a;
            let rest = empty & !(a | a << step.into());
            after.clear();
            grid.each_region(rest, |r| {
                if r.count_ones() > 1 {
                    let (g, [m]) = grid.crop(r, [r]);
                    after.push(Board::new(g, m));
                }
            });
            f(&after)?;
        }
        Ok(())
    }

    /// [`Parts::normal`] of the board `grid` with the empty cells `empty`.
    fn normal_in<C: Cells>(grid: Grid, empty: C) -> Option<(Board, bool)> {
        if empty.count_ones() < 2 {
            return None;
        }
        // The least of the eight images; a transposed one (t ≥ 4) swaps the players.
        let (t, g, m) = (0..8)
            .zip(grid.images([empty]))
            .map(|(t, (g, [m]))| (t, g, m))
            .min_by_key(|&(_, g, m)| (g, m))?;
        Some((Board::new(g, m), t >= 4))
    }
}

impl Parts for Domineering {
    type Part = Board;

    fn info(&self) -> &'static GameInfo {
        &INFO
    }

    fn read_part(&self, word: &str) -> Result<Board, GameError> {
        let (grid, [empty]) =
            Grid::read::<u128, 1>("domineering", word, "'.' and '#'", |c| match c {
                '.' => Some(Some(0)),
                '#' => Some(None),
                _ => None,
            })?;
        Ok(Board::new(grid, empty))
    }

    fn write_part(&self, board: &Board) -> String {
        let empty = board.empty();
        board
            .grid()
            .write(|b: u128| if empty & b != 0 { '.' } else { '#' })
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
        board: &Board,
        player: Player,
        f: &mut OnMove<Board>,
    ) -> Result<(), GameError> {
        match board {
            Board::Small(g, e) => Self::each_move_in(*g, *e, player, f),
            Board::Large(g, e) => Self::each_move_in(*g, **e, player, f),
        }
    }

    fn plays(&self, board: &Board, player: Player) -> Option<Vec<(String, Board)>> {
        let (grid, empty) = (board.grid(), board.empty());
        let mut anchors = Self::anchors(grid, empty, player);
        let step = if player == Player::Left { grid.w } else { 1 };
        let mut out = Vec::new();
        while anchors != 0 {
            let a = anchors & anchors.wrapping_neg();
            anchors &= !a;
            let b = a << step;
            let name = format!("{}-{}", grid.cell_name(a), grid.cell_name(b));
            out.push((name, Board::new(grid, empty & !(a | b))));
        }
        Some(out)
    }

    fn searcher(&self, board: &Board) -> Option<Box<dyn Oracle<Board>>> {
        // Up to this many empty cells the value comes quickly; beyond, who wins is searched.
        if board.empty().count_ones() <= SEARCH_FROM {
            return None;
        }
        let grid = board.grid();
        let memory = crate::budget::memory_limit() / 2;
        // A board of up to 64 cells is searched in a `u64`, a larger one in a `u128`.
        Some(match board {
            Board::Small(..) => BoardOracle::<u64>::boxed(grid, memory),
            Board::Large(..) => BoardOracle::<u128>::boxed(grid, memory),
        })
    }

    fn normal(&self, board: &Board) -> Option<(Board, bool)> {
        match board {
            Board::Small(g, e) => Self::normal_in(*g, *e),
            Board::Large(g, e) => Self::normal_in(*g, **e),
        }
    }
}

/// Boards with more empty cells than this are searched for who wins (`solve`) rather than
/// valued (`value` still values them).
pub const SEARCH_FROM: u32 = 24;

/// A search on one board's grid, its cells in a `C`.
struct BoardOracle<C: Cells> {
    grid: Grid,
    search: Search<Bitboard<C>>,
}

impl<C: Cells> BoardOracle<C> {
    /// A search on `grid` whose table uses at most about `memory` bytes.
    fn boxed(grid: Grid, memory: u64) -> Box<dyn Oracle<Board>> {
        Box::new(BoardOracle {
            grid,
            search: Search::<Bitboard<C>>::new(Bitboard::new(grid), memory),
        })
    }
}

impl<C: Cells> Oracle<Board> for BoardOracle<C> {
    fn wins(&mut self, board: &Board, player: Player) -> Result<bool, GameError> {
        debug_assert_eq!(board.grid(), self.grid);
        self.search
            .wins_parallel(C::from_wide(board.empty()), player == Player::Left)
    }

    fn known(&self, board: &Board, player: Player) -> Option<bool> {
        self.search
            .known(C::from_wide(board.empty()), player == Player::Left)
    }

    fn wins_within(
        &mut self,
        board: &Board,
        player: Player,
        positions: u64,
    ) -> Result<Option<bool>, GameError> {
        let left = player == Player::Left;
        self.search
            .wins_within(C::from_wide(board.empty()), left, positions)
    }

    fn searched(&self) -> crate::search::Searched {
        self.search.searched()
    }
}
#[cfg(test)]
mod tests;
