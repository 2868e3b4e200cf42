//! Cram: players take turns placing dominoes, either way up; who cannot place loses.
//!
//! Cram is impartial, so a board has a nimber; the empty cells split into regions no domino
//! joins again, and the board's nimber is the XOR of theirs. Regions are searched by
//! [`crate::search::nimber`] (Beling and Rogalski's pruning) under a normal form shared by
//! the region's mirror images and quarter turns, after a reduction that keeps the nimber
//! (of two or more cells whose only empty neighbour is the same cell, one is kept: a domino
//! on any of them covers that cell and kills the others, so the options are the same).
//!
//! Some boards are decided by a theorem before any search: a board whose empty cells are
//! symmetric through its centre, with no domino that its own image would overlap, is lost
//! for the player to move (the second player answers each domino with its image); with one
//! such domino (the central one, when one side is odd and the other even) the first player
//! places it and then answers each domino with its image.

use super::grid::{shl, shr, Edges, Grid};
use crate::analysis::{Move, Token, Verdict};
use crate::registry::{Entry, PositionSpec};
use crate::rules::{GameInfo, Ruleset, TableShape};
use crate::search::nimber::{Search, Splitting};
use crate::search::Searched;
use crate::{GameError, Nat, Outcome};

/// Description of Cram.
pub static INFO: GameInfo = GameInfo {
    name: "cram",
    title: "Cram",
    summary: "place dominoes either way up on a board; who cannot place loses",
    usage: "cram BOARD [BOARD …]",
    example: "cram .....|.....|.....",
    rules: "A board of empty cells ('.') and filled ones ('#'), rows joined by '|'. Each \
            player in turn places a domino on two empty cells side by side or one above the \
            other. Who cannot place loses. Several boards are played as a sum.",
    theory: "Cram is impartial: every position has a nimber (Sprague-Grundy), and the board's \
             nimber is the XOR of its regions' (a domino splits the empty cells into regions \
             no domino joins again). A board whose empty cells are symmetric through the \
             centre, with no domino overlapping its own image, is lost for the player to \
             move: the second player answers each domino with its image (so every even by \
             even board is lost). When the only such domino is the central one (an even by \
             odd board), the first player places it and then copies. Other boards are \
             searched: each region asked only whether its nimber lies in the set its parent \
             still needs (Beling and Rogalski's pruning), mirror images and quarter turns \
             searched once.",
    source: "M. Gardner, Mathematical Games, Scientific American 230 (February 1974), \
             where Cram is named; P. Beling and M. Rogalski, On pruning search trees of \
             impartial games, Artificial Intelligence 283 (2020) 103262 (the search, and the \
             nimbers of boards up to 7x9 and 15x4); J.-P. Lemoine and S. Viennot, Nimbers \
             are inevitable, Theoretical Computer Science 462 (2012) (the smaller boards, \
             with Glop).",
};

/// The registry's entry.
pub static ENTRY: Entry = Entry {
    info: &INFO,
    about: "Cram: place dominoes either way up; who cannot place loses.",
    params: &[],
    position: PositionSpec {
        value_name: "BOARD",
        help: "Boards: rows of '.' (empty) and '#' (filled) joined by '|', e.g. ....|....|....",
    },
    build: |_| super::boxed(Cram),
    sequence: None,
};

/// The rules of Cram.
#[derive(Clone, Copy, Debug, Default)]
pub struct Cram;

/// A board: its size and its empty cells.
pub type Board = (Grid, u64);

/// The most cells of a board that `grundy table` (and a map) searches: such boards take
/// milliseconds (5x6 and 6x5 the most).
pub const TABLE_CELLS: u64 = 30;

/// How a position is written when no board is left.
const EMPTY: &str = "0";

/// The board a search runs on: regions are its subsets, moved to its top left corner.
#[derive(Clone, Debug)]
pub struct Frame {
    w: u32,
    /// The masks a flood needs.
    edges: Edges<u64>,
    all: u64,
    not_first: u64,
    not_last: u64,
    /// The cells of the first row.
    row: u64,
    /// Regions at most this wide and high are turned too (they fit the frame both ways).
    turns: u32,
    /// For each set of cells of a row (of at most `turns` cells), the same cells as a column.
    spread: Vec<u64>,
    /// For each set of cells of a row, the row mirrored (for frames at most 16 wide).
    reversed: Vec<u64>,
    /// Vertical moves from the centre outward, then horizontal ones: masks of the anchor
    /// cells (top or left cell of a domino), a band at a time.
    bands: [u64; 2],
}

impl Frame {
    /// The frame of a board of `grid`'s size.
    pub fn new(grid: Grid) -> Frame {
        let all = grid.all();
        let first: u64 = grid.column(0);
        let last: u64 = grid.column(grid.w - 1);
        let w = u32::from(grid.w);
        let h = u32::from(grid.h);
        // Central column and central row, for ordering moves.
        let col = grid.column(grid.w.saturating_sub(1) / 2);
        let row = (0..grid.w).fold(0u64, |m, c| {
            m | grid.bit::<u64>(grid.h.saturating_sub(1) / 2, c)
        });
        let turns = w.min(h);
        let spread = (0..1u64 << turns)
            .map(|bits| {
                (0..turns)
                    .filter(|c| bits >> c & 1 != 0)
                    .fold(0, |m, c| m | 1 << (c * w))
            })
            .collect();
        let reversed = grid.mirror_table();
        Frame {
            w,
            edges: grid.edges(),
            all,
            reversed,
            row: if w == 64 { u64::MAX } else { (1 << w) - 1 },
            turns,
            spread,
            not_first: all & !first,
            not_last: all & !last,
            bands: [col, row],
        }
    }

    fn neighbours(&self, cells: u64) -> u64 {
        self.edges.neighbours(cells)
    }

    fn flood(&self, cells: u64, seed: u64) -> u64 {
        self.edges.flood(cells, seed)
    }

    /// Top cells of vertical dominoes that fit in `p`.
    fn vertical(&self, p: u64) -> u64 {
        p & shr(p, self.w)
    }

    /// Left cells of horizontal dominoes that fit in `p`.
    fn horizontal(&self, p: u64) -> u64 {
        p & (p >> 1) & self.not_last
    }

    /// The tufts of `p` (cells with exactly one empty neighbour), by the side of that
    /// neighbour: above, below, left, right.
    fn tufts(&self, p: u64) -> [u64; 4] {
        let w = self.w;
        let up = p & shl(p, w);
        let down = p & shr(p, w);
        let left = p & (p & self.not_last) << 1;
        let right = p & (p & self.not_first) >> 1;
        let only = |a: u64, b: u64, c: u64, d: u64| a & !b & !c & !d;
        [
            only(up, down, left, right),
            only(down, up, left, right),
            only(left, up, down, right),
            only(right, up, down, left),
        ]
    }

    /// `p` reduced to a position of the same nimber with fewer cells:
    ///
    /// - of two or more *tufts* (cells with one empty neighbour) of the same cell, one is
    ///   kept: a domino on any of them covers that cell and leaves the others dead, so the
    ///   options are the same;
    /// - a *bridge* (a cell all of whose neighbours have a tuft) is removed: a domino on it
    ///   and a neighbour `s` leaves what the domino on `s` and its tuft leaves (with the
    ///   bridge then kept as a bridge or dead), and every other move keeps it a bridge, so
    ///   by induction the options with and without it are worth the same.
    pub fn reduce(&self, p: u64) -> u64 {
        let w = self.w;
        let (mut seen, mut remove) = (0u64, 0u64);
        for (side, t) in self.tufts(p).into_iter().enumerate() {
            let centre = match side {
                0 => shr(t, w),
                1 => shl(t, w),
                2 => t >> 1,
                _ => t << 1,
            };
            let twice = centre & seen;
            remove |= match side {
                0 => shl(twice, w),
                1 => shr(twice, w),
                2 => twice << 1,
                _ => twice >> 1,
            };
            seen |= centre;
        }
        let p = p & !remove;
        let tufts = self.tufts(p).into_iter().fold(0, |m, t| m | t);
        let stars = self.neighbours(tufts) & p;
        let rest = p & !tufts & !stars;
        let bridges = rest & !self.neighbours(rest);
        p & !bridges
    }

    /// The region in normal form: moved to the top left corner, the least of its images
    /// under the mirrors (and the quarter turns, where the turned region fits the frame).
    pub fn normal(&self, p: u64) -> u64 {
        let w = self.w;
        // To the top row, then to the first column.
        let mut p = p >> (p.trailing_zeros() / w * w);
        let mut cols = 0u64;
        let mut h = 0;
        let mut rest = p;
        while rest != 0 {
            cols |= rest & self.row;
            rest = shr(rest, w);
            h += 1;
        }
        let left = cols.trailing_zeros();
        p >>= left;
        let width = 64 - (cols >> left).leading_zeros();
        let mut best = p.min(self.images(p, h, width));
        if width <= self.turns && h <= self.turns {
            // A quarter turn (a transposition, then the mirrors): row r becomes column r.
            let mut t = 0;
            let mut rest = p;
            let mut r = 0;
            while rest != 0 {
                t |= self.spread[(rest & self.row) as usize] << r;
                rest = shr(rest, w);
                r += 1;
            }
            best = best.min(t).min(self.images(t, width, h));
        }
        best
    }

    /// The least of the region's three mirror images (top–bottom, left–right, both); the
    /// region lies in the top left `h` rows and `width` columns.
    fn images(&self, p: u64, h: u32, width: u32) -> u64 {
        let w = self.w;
        let (mut tb, mut lr, mut both) = (0u64, 0u64, 0u64);
        for r in 0..h {
            let row = shr(p, r * w) & self.row;
            let rev = match self.reversed.get(row as usize) {
                Some(&r) => r >> (w - width),
                None => row.reverse_bits() >> (64 - width),
            };
            let down = (h - 1 - r) * w;
            tb |= row << down;
            lr |= rev << (r * w);
            both |= rev << down;
        }
        tb.min(lr).min(both)
    }

    /// The left cells of the horizontal dominoes of `p` that are never needed (P. Beling's
    /// rule in igsolve): in a 2×2 block of empty cells two opposite corners of which, `a`
    /// and `b`, have no empty neighbour outside the block (`a` top left with its left and
    /// upper neighbours filled, `b` bottom right with its right and lower ones filled, or the
    /// mirror image), the block's two horizontal dominoes can be left out, as if `a` and `b`
    /// were joined to the other two corners `x` (beside `a`) and `y` (below it) only
    /// upright. Call that board `G'`. Cram depends only on which empty cells are side by
    /// side, and `a` and `b` have the same neighbours, `x` and `y`: so the domino `a`–`x`
    /// leaves the board the domino `b`–`x` leaves, with `a` and `b` swapped (both leave the
    /// other of them hanging on `y` alone), and that is what `b`–`x` leaves in `G'`; `b`–`y`
    /// likewise leaves what `a`–`y` does, in `G` and `G'`. A domino on `x` (or `y`) and a
    /// cell outside leaves `a` and `b` two tufts of `y` (of `x`) in `G`, and one in `G'`,
    /// worth the same (see [`Frame::reduce`]); any other move keeps the pattern. So by
    /// induction `G` and `G'` have options of the same nimbers: the same nimber. In `G'`
    /// the region may fall apart where it was joined only through those dominoes.
    fn needless_horizontal(&self, p: u64) -> u64 {
        let w = self.w;
        let right = (p & self.not_first) >> 1; // the cell to the right is empty
        let left = (p & self.not_last) << 1; // the cell to the left is empty
        let below = shr(p, w);
        let above = shl(p, w);
        // Cells with an empty right neighbour and a filled left one (and the mirror), an
        // empty cell below and a filled one above (and the mirror).
        let (walled_left, walled_right) = (p & right & !left, p & left & !right);
        let (walled_above, walled_below) = (below & !above, above & !below);
        // `a` top left and `b` bottom right: marked at the bottom-left corner of the block.
        let falling = shl(walled_left & walled_above, w) & ((walled_right & walled_below) >> 1);
        // `a` top right and `b` bottom left: marked at the bottom-left corner too.
        let rising = shl((walled_right & walled_above) & self.not_first, w) >> 1
            & walled_left
            & walled_below;
        let corner = (falling | rising) & p;
        corner | shr(corner, w)
    }

    /// The region of `cells` that `seed` lies in, joined as in the board where the
    /// horizontal dominoes whose left cells are `needless` are left out.
    fn flood_without(&self, cells: u64, seed: u64, needless: u64) -> u64 {
        let w = self.w;
        let rightward = self.not_last & !needless;
        let leftward = rightward << 1;
        let mut region = seed & cells;
        loop {
            let grown = (region
                | shl(region, w)
                | shr(region, w)
                | (region & rightward) << 1
                | (region & leftward) >> 1)
                & cells;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }

    /// Appends the regions of `cells` in which a domino fits, reduced and in normal form.
    fn split(&self, cells: u64, parts: &mut Vec<u64>) {
        let cells = self.reduce(cells);
        let needless = self.needless_horizontal(cells);
        let mut rest = cells;
        while rest != 0 {
            let seed = rest & rest.wrapping_neg();
            let region = if needless == 0 {
                self.flood(rest, seed)
            } else {
                self.flood_without(rest, seed, needless)
            };
            rest &= !region;
            if needless != 0 && region != cells && self.reduce(region) != region {
                // Apart from the rest, the region may reduce further.
                self.split(region, parts);
                continue;
            }
            match region.count_ones() {
                1 => {}
                // Nimber 1 whatever its shape (see `known`): no normal form needed.
                2 | 3 => parts.push(region),
                _ => parts.push(self.normal(region)),
            }
        }
    }

    /// The anchors of `anchors` in the order moves are tried: from the band outward.
    fn ordered(&self, mut anchors: u64, band: u64, step: u32, f: &mut impl FnMut(u64)) {
        let mut mask = band;
        while anchors != 0 {
            let mut now = anchors & mask;
            while now != 0 {
                let a = now & now.wrapping_neg();
                now &= now - 1;
                anchors &= !a;
                f(a);
            }
            mask |= (shl(mask, step) | shr(mask, step)) & self.all;
            if step == 1 {
                mask =
                    (mask | (mask & self.not_last) << 1 | (mask & self.not_first) >> 1) & self.all;
            }
        }
    }
}

impl Splitting for Frame {
    type Part = u64;

    fn count_moves(&self, part: u64) -> u32 {
        let horizontal = self.horizontal(part) & !self.needless_horizontal(part);
        self.vertical(part).count_ones() + horizontal.count_ones()
    }

    fn moves(&self, part: u64, parts: &mut Vec<u64>, each: &mut dyn FnMut(&mut Vec<u64>) -> bool) {
        let w = self.w;
        let mut go = true;
        self.ordered(self.vertical(part), self.bands[0], 1, &mut |a| {
            if go {
                self.split(part & !(a | shl(a, w)), parts);
                go = each(parts);
            }
        });
        let horizontal = self.horizontal(part) & !self.needless_horizontal(part);
        self.ordered(horizontal, self.bands[1], w, &mut |a| {
            if go {
                self.split(part & !(a | a << 1), parts);
                go = each(parts);
            }
        });
    }

    fn size(&self, part: u64) -> u32 {
        part.count_ones()
    }

    fn known(&self, part: u64) -> Option<u8> {
        // A connected region of two or three cells: every move leaves at most one cell.
        match part.count_ones() {
            2 | 3 => Some(1),
            _ => None,
        }
    }

    fn line(&self) -> Option<String> {
        // A component is a set of cells of a board this wide, at its top left corner.
        Some(format!(
            "cram {}x{}",
            self.all.count_ones() / self.w,
            self.w
        ))
    }
}

/// What decides a board before any search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Symmetry {
    /// Symmetric through the centre with no domino overlapping its image: lost.
    Lost,
    /// Symmetric, and the central domino (the one domino that is its own image) can be
    /// placed: won by placing it.
    Central(u64),
    /// Neither.
    None,
}

impl Cram {
    /// The board turned half a turn about its centre.
    fn turned(grid: Grid, cells: u64) -> u64 {
        grid.transform([cells], 3).1[0]
    }

    fn symmetry((grid, cells): Board) -> Symmetry {
        if Self::turned(grid, cells) != cells {
            return Symmetry::None;
        }
        let (h, w) = (grid.h, grid.w);
        match (h % 2, w % 2) {
            (0, 0) => Symmetry::Lost,
            (1, 1) => {
                // The centre cell is its own image: a domino on it overlaps its image.
                let centre: u64 = grid.bit(h / 2, w / 2);
                if cells & centre != 0 && grid.neighbours(centre) & cells != 0 {
                    Symmetry::None
                } else {
                    Symmetry::Lost
                }
            }
            (1, 0) => {
                let pair = grid.bit::<u64>(h / 2, w / 2 - 1) | grid.bit::<u64>(h / 2, w / 2);
                if cells & pair == pair {
                    Symmetry::Central(pair)
                } else {
                    Symmetry::Lost
                }
            }
            _ => {
                let pair = grid.bit::<u64>(h / 2 - 1, w / 2) | grid.bit::<u64>(h / 2, w / 2);
                if cells & pair == pair {
                    Symmetry::Central(pair)
                } else {
                    Symmetry::Lost
                }
            }
        }
    }

    /// Every move on `board`: its name (`a1-a2`) and the board after it.
    fn board_moves((grid, cells): Board) -> Vec<(String, Board)> {
        let f = Frame::new(grid);
        let w = u32::from(grid.w);
        let mut out = Vec::new();
        for (anchors, step) in [(f.vertical(cells), w), (f.horizontal(cells), 1)] {
            let mut rest = anchors;
            while rest != 0 {
                let a = rest & rest.wrapping_neg();
                rest &= rest - 1;
                let b = shl(a, step);
                let name = format!("{}-{}", grid.cell_name(a), grid.cell_name(b));
                out.push((name, (grid, cells & !(a | b))));
            }
        }
        out
    }

    fn write_board(&self, &(grid, cells): &Board) -> String {
        grid.write(|b: u64| if cells & b != 0 { '.' } else { '#' })
    }
}

/// The nimber of a board: what decided it, and the search (kept for the moves' questions).
fn board_nimber<'f>(
    frame: &'f Frame,
    (grid, cells): Board,
) -> Result<(u8, Symmetry, Search<'f, Frame>), GameError> {
    let s = Cram::symmetry((grid, cells));
    let mut search = Search::new(frame, table_memory());
    if s == Symmetry::Lost {
        return Ok((0, s, search));
    }
    let mut parts = Vec::new();
    frame.split(cells, &mut parts);
    let mut v = 0;
    for p in parts {
        v ^= search.component(p, matches!(s, Symmetry::Central(_)))?;
    }
    Ok((v, s, search))
}

/// The nimber of a position (the XOR of its boards'), no move of it searched.
fn nimber(position: &[Board]) -> Result<u8, GameError> {
    let mut g = 0;
    for &board in position {
        g ^= board_nimber(&Frame::new(board.0), board)?.0;
    }
    Ok(g)
}

/// The memory a search's table may take: half of what the computation may plan to store.
fn table_memory() -> u64 {
    crate::budget::memory_limit() / 2
}

fn add(total: &mut Searched, s: Searched) {
    total.positions += s.positions;
    total.table_hits += s.table_hits;
    total.table_entries += s.table_entries;
    total.table_replaced += s.table_replaced;
    total.table_bytes = total.table_bytes.max(s.table_bytes);
    total.depth = total.depth.max(s.depth);
    total.milliseconds += s.milliseconds;
}

impl Ruleset for Cram {
    type Pos = Vec<Board>;

    fn info(&self) -> &'static GameInfo {
        &INFO
    }

    fn parse(&self, args: &[&str]) -> Result<Self::Pos, GameError> {
        if args.is_empty() {
            return Err(GameError::WrongCount {
                game: INFO.name.into(),
                expected: format!("at least one board ({})", INFO.usage),
                got: 0,
            });
        }
        if args == [EMPTY] {
            return Ok(Vec::new());
        }
        args.iter()
            .map(|word| {
                let (grid, [cells]) =
                    Grid::read::<u64, 1>("cram", word, "'.' and '#'", |c| match c {
                        '.' => Some(Some(0)),
                        '#' => Some(None),
                        _ => None,
                    })?;
                Ok((grid, cells))
            })
            .collect()
    }

    fn tokens(&self, position: &Self::Pos) -> Vec<Token> {
        if position.is_empty() {
            return vec![Token::Text(EMPTY.into())];
        }
        position
            .iter()
            .map(|b| Token::Text(self.write_board(b)))
            .collect()
    }

    fn verdict(&self, position: &Self::Pos) -> Result<Verdict<'_, Self::Pos>, GameError> {
        let frames: Vec<Frame> = position.iter().map(|b| Frame::new(b.0)).collect();
        let (mut values, mut symmetries, mut searches) = (Vec::new(), Vec::new(), Vec::new());
        for (frame, &board) in frames.iter().zip(position) {
            let (v, s, search) = board_nimber(frame, board)?;
            values.push(v);
            symmetries.push(s);
            searches.push(search);
        }
        let g = values.iter().fold(0, |x, v| x ^ v);
        let mut winning = Vec::new();
        if g != 0 {
            let several = position.len() > 1;
            for (i, &board) in position.iter().enumerate() {
                // A move on board i wins when it leaves the nimber of the other boards.
                let target = g ^ values[i];
                for (name, after) in Self::board_moves(board) {
                    let mut parts = Vec::new();
                    frames[i].split(after.1, &mut parts);
                    if searches[i].sum_is(&parts, target)? {
                        let mut to = position.clone();
                        to[i] = after;
                        let on = if several {
                            format!(" on board {}", i + 1)
                        } else {
                            String::new()
                        };
                        winning.push(Move::new(to, format!("{name}{on}")));
                    }
                }
            }
        }
        let mut searched = Searched::default();
        for s in &searches {
            add(&mut searched, s.searched());
        }
        let outcome = if g == 0 { Outcome::P } else { Outcome::N };
        Ok(Verdict {
            search: (searched.positions > 0).then_some(searched),
            outcome,
            grundy: Some(Nat::from(g)),
            winning: Box::new(winning.into_iter()),
            partial: false,
            explanation: explain(position, &values, &symmetries, searched, g),
        })
    }

    fn report(&self, position: &Self::Pos) -> Option<Result<crate::cgt::Report, GameError>> {
        // The nimber alone: no move is searched.
        Some(nimber(position).and_then(|g| {
            let mut u = crate::cgt::Universe::new();
            let v = u.nimber(u32::from(g));
            u.report(v)
        }))
    }

    fn table_shape(&self) -> Option<TableShape> {
        Some(TableShape::Grid {
            rows: "rows",
            cols: "columns",
            first: 1,
        })
    }

    fn table_position(&self, coords: &[u64]) -> Result<Option<Self::Pos>, GameError> {
        let [h, w] = coords else {
            return Ok(None);
        };
        // Boards of more cells than TABLE_CELLS take seconds to hours to search (5x7 a
        // second, 7x9 hours): a table (and a map, which asks for many) leaves them blank,
        // but for even by even boards, decided at once by symmetry.
        let even = h % 2 == 0 && w % 2 == 0;
        if *h == 0 || *w == 0 || h * w > 64 || (h * w > TABLE_CELLS && !even) {
            return Ok(None);
        }
        let grid = Grid {
            h: *h as u8,
            w: *w as u8,
        };
        Ok(Some(vec![(grid, grid.all())]))
    }

    fn outcome(&self, position: &Self::Pos) -> Result<Outcome, GameError> {
        // Who wins needs the nimbers only, not the winning moves; one board with a central
        // domino is won by placing it.
        if let [board] = position[..] {
            if matches!(Cram::symmetry(board), Symmetry::Central(_)) {
                return Ok(Outcome::N);
            }
        }
        Ok(if nimber(position)? == 0 {
            Outcome::P
        } else {
            Outcome::N
        })
    }

    fn options(&self, position: &Self::Pos) -> Result<Vec<Self::Pos>, GameError> {
        Ok(self
            .plays(position, None)?
            .into_iter()
            .map(|m| m.to)
            .collect())
    }

    fn plays(
        &self,
        position: &Self::Pos,
        _player: Option<crate::analysis::Player>,
    ) -> Result<Vec<Move<Self::Pos>>, GameError> {
        let several = position.len() > 1;
        let mut out = Vec::new();
        for (i, &board) in position.iter().enumerate() {
            for (name, after) in Self::board_moves(board) {
                let mut to = position.clone();
                to[i] = after;
                let name = if several {
                    format!("{name} on board {}", i + 1)
                } else {
                    name
                };
                out.push(Move::new(to, name));
            }
        }
        Ok(out)
    }

    fn remoteness(&self, position: &Self::Pos) -> Result<Option<Nat>, GameError> {
        // Every position below a board of more than a few cells is too many to search.
        if position.iter().map(|b| b.1.count_ones()).sum::<u32>() > 16 {
            return Ok(None);
        }
        let r = crate::rules::remoteness::by_search(
            self,
            position,
            crate::rules::remoteness::SEARCH_LIMIT,
        )?;
        Ok(r.map(Nat::from))
    }
}

/// Why: the theorem that decided each board, or what was searched.
fn explain(
    position: &[Board],
    values: &[u8],
    symmetries: &[Symmetry],
    searched: Searched,
    g: u8,
) -> String {
    let mut why = String::from(
        "Cram is impartial: the position's nimber is the XOR of its regions' (Sprague-Grundy).",
    );
    for (i, (&v, s)) in values.iter().zip(symmetries).enumerate() {
        let which = if position.len() > 1 {
            format!("Board {}", i + 1)
        } else {
            "The board".to_string()
        };
        match s {
            Symmetry::Lost => why.push_str(&format!(
                " {which} is symmetric through its centre and no domino overlaps its own \
                 image, so the second player wins by answering each domino with its image: \
                 nimber 0."
            )),
            Symmetry::Central(_) => why.push_str(&format!(
                " {which} is symmetric through its centre: the first player wins by placing \
                 the central domino and then answering each domino with its image; its \
                 nimber, *{v}, was found by search."
            )),
            Symmetry::None => {
                why.push_str(&format!(" {which}'s nimber, *{v}, was found by search."))
            }
        }
    }
    if searched.positions > 0 {
        why.push_str(&format!(
            " The search (Beling and Rogalski's pruning: each region asked only whether its \
             nimber is in the set still needed) expanded {} positions to a depth of {} moves \
             and kept {} in its table, in {} ms.",
            searched.positions, searched.depth, searched.table_entries, searched.milliseconds
        ));
    }
    why.push_str(&format!(
        " Nimber {g}: {}.",
        if g == 0 {
            "the player to move loses"
        } else {
            "the player to move wins by moving to nimber 0"
        }
    ));
    why
}

#[cfg(test)]
mod tests;
