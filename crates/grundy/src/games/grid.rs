//! The cells of a rectangular board as the bits of one machine word, row-major: reading and
//! writing boards, naming cells, connected regions, cropping, and the eight symmetries of the
//! rectangle, shared by the grid games (Domineering, Cram, Clobber, Toads and Frogs).
//!
//! The word is a [`Cells`]: `u64` for boards of up to 64 cells, `u128` for larger ones (a
//! Domineering board of up to 128 cells, 8×9 or 10×10 say). Code generic over it compiles to
//! the plain word operations of each, so the boards that fit in 64 bits pay nothing for the
//! larger ones.

use crate::GameError;
use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Shl, Shr, Sub};

/// A set of cells, one bit each: an unsigned machine word (`u64` or `u128`). The methods
/// are the integer types' own, named alike.
pub trait Cells:
    Copy
    + Eq
    + Ord
    + Hash
    + Default
    + Debug
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Sub<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    /// The cells a word holds.
    const BITS: u32;
    /// No cell.
    const ZERO: Self;
    /// The first cell.
    const ONE: Self;
    /// Every cell the word holds.
    const MAX: Self;
    /// How many cells.
    fn count_ones(self) -> u32;
    /// The index of the first cell (`BITS` when there is none).
    fn trailing_zeros(self) -> u32;
    /// `BITS` less one less the index of the last cell (`BITS` when there is none).
    fn leading_zeros(self) -> u32;
    /// The two's complement: `x & x.wrapping_neg()` is the first cell of `x`.
    fn wrapping_neg(self) -> Self;
    /// The cells in reverse order.
    fn reverse_bits(self) -> Self;
    /// `self << k`, or `None` when `k` is `BITS` or more.
    fn checked_shl(self, k: u32) -> Option<Self>;
    /// `self >> k`, or `None` when `k` is `BITS` or more.
    fn checked_shr(self, k: u32) -> Option<Self>;
    /// The cells as a table keeps them: a `u64`, or two (8-byte aligned, where a `u128`
    /// is aligned to 16 bytes and would leave an entry of a table half padding).
    type Key: Copy + Eq + Hash + Default + Debug + Send + Sync + 'static + crate::search::saved::Key;
    /// The cells as a table keeps them.
    fn key(self) -> Self::Key;
    /// The cells as a `u128`.
    fn wide(self) -> u128;
    /// The first cells of `x`, as many as the word holds.
    fn from_wide(x: u128) -> Self;
}

macro_rules! cells {
    ($t:ty, $key:ty, $to_key:expr) => {
        impl Cells for $t {
            type Key = $key;
            #[inline]
            fn key(self) -> $key {
                $to_key(self)
            }
            const BITS: u32 = <$t>::BITS;
            const ZERO: Self = 0;
            const ONE: Self = 1;
            const MAX: Self = <$t>::MAX;
            #[inline]
            fn count_ones(self) -> u32 {
                <$t>::count_ones(self)
            }
            #[inline]
            fn trailing_zeros(self) -> u32 {
                <$t>::trailing_zeros(self)
            }
            #[inline]
            fn leading_zeros(self) -> u32 {
                <$t>::leading_zeros(self)
            }
            #[inline]
            fn wrapping_neg(self) -> Self {
                <$t>::wrapping_neg(self)
            }
            #[inline]
            fn reverse_bits(self) -> Self {
                <$t>::reverse_bits(self)
            }
            #[inline]
            fn checked_shl(self, k: u32) -> Option<Self> {
                <$t>::checked_shl(self, k)
            }
            #[inline]
            fn checked_shr(self, k: u32) -> Option<Self> {
                <$t>::checked_shr(self, k)
            }
            #[inline]
            fn wide(self) -> u128 {
                self as u128
            }
            #[inline]
            fn from_wide(x: u128) -> Self {
                x as Self
            }
        }
    };
}

cells!(u64, u64, |x| x);
cells!(u128, [u64; 2], |x: u128| [x as u64, (x >> 64) as u64]);

/// The size of a rectangular board, whose cells are the bits of a [`Cells`] word
/// (row-major: cell (r, c) is bit r·w + c), with the helpers the grid games share.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Grid {
    /// Rows.
    pub h: u8,
    /// Columns.
    pub w: u8,
}

impl Grid {
    /// The bit of cell (r, c).
    pub fn bit<C: Cells>(self, r: u8, c: u8) -> C {
        C::ONE << (u32::from(r) * u32::from(self.w) + u32::from(c))
    }

    /// How many cells the board has.
    pub fn cells(self) -> u32 {
        u32::from(self.h) * u32::from(self.w)
    }

    /// Reads rows joined by `|` (each row one character a cell) into one bitmask per
    /// character class: `class` gives a character's mask index, `Some(None)` for a cell in
    /// no mask (empty, blocked), or `None` for a character that is not a cell. A board has
    /// at most as many cells as the word has bits.
    pub fn read<C: Cells, const K: usize>(
        game: &str,
        word: &str,
        allowed: &str,
        class: impl Fn(char) -> Option<Option<usize>>,
    ) -> Result<(Grid, [C; K]), GameError> {
        let rows: Vec<&str> = word.split('|').collect();
        let w = rows[0].chars().count();
        let bad = |why: String| GameError::Invalid(format!("{game} board '{word}': {why}"));
        if w == 0 || rows.iter().any(|r| r.chars().count() != w) {
            return Err(bad(
                "every row needs the same number of cells, at least one".into(),
            ));
        }
        if w * rows.len() > C::BITS as usize {
            return Err(bad(format!(
                "{} cells; a {game} board has at most {} cells",
                w * rows.len(),
                C::BITS
            )));
        }
        let grid = Grid {
            h: rows.len() as u8,
            w: w as u8,
        };
        let mut masks = [C::ZERO; K];
        for (r, row) in rows.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                match class(ch) {
                    Some(Some(k)) => masks[k] |= grid.bit(r as u8, c as u8),
                    Some(None) => {}
                    None => {
                        return Err(bad(format!(
                            "'{ch}' is not a cell (use {allowed}, rows joined by '|')"
                        )))
                    }
                }
            }
        }
        Ok((grid, masks))
    }

    /// The name of the cell whose bit is `bit`, as a person names it: its column as a letter
    /// from the left (a, b, …, z, then aa, ab, …) and its row as a number from the top, as
    /// the board is written (`a1` is the first cell written).
    ///
    /// ```
    /// use grundy::games::grid::Grid;
    /// let g = Grid { h: 2, w: 30 };
    /// assert_eq!(g.cell_name(g.bit::<u64>(0, 0)), "a1");
    /// assert_eq!(g.cell_name(g.bit::<u64>(1, 2)), "c2");
    /// assert_eq!(g.cell_name(g.bit::<u128>(1, 27)), "ab2");
    /// ```
    pub fn cell_name<C: Cells>(self, bit: C) -> String {
        let i = bit.trailing_zeros();
        let (r, c) = (i / u32::from(self.w), i % u32::from(self.w));
        let letter = |k: u32| char::from(b'a' + k as u8);
        let column = if c < 26 {
            letter(c).to_string()
        } else {
            format!("{}{}", letter(c / 26 - 1), letter(c % 26))
        };
        format!("{column}{}", r + 1)
    }

    /// Writes the board, `cell` giving each cell's character.
    pub fn write<C: Cells>(self, cell: impl Fn(C) -> char) -> String {
        let mut s = String::new();
        for r in 0..self.h {
            if r > 0 {
                s.push('|');
            }
            for c in 0..self.w {
                s.push(cell(self.bit(r, c)));
            }
        }
        s
    }

    /// The cells of `cells` 4-connected to those of `seed` (within `cells`).
    pub fn flood<C: Cells>(self, cells: C, seed: C) -> C {
        self.edges().flood(cells, seed)
    }

    /// The masks a flood needs, found once for many floods on this board.
    pub(crate) fn edges<C: Cells>(self) -> Edges<C> {
        Edges {
            w: u32::from(self.w),
            all: self.all(),
            not_first: !self.column::<C>(0),
            not_last: !self.column::<C>(self.w - 1),
        }
    }

    /// For each set of cells of one row (as the row's bits), the same cells mirrored
    /// left–right; empty for a board wider than 16 (the table would be too large), where
    /// `reverse_bits` serves instead.
    pub(crate) fn mirror_table(self) -> Vec<u64> {
        let w = u32::from(self.w);
        if w > 16 {
            return Vec::new();
        }
        (0..1u64 << w)
            .map(|r| r.reverse_bits() >> (64 - w))
            .collect()
    }

    /// The cells of column `c`.
    pub fn column<C: Cells>(self, c: u8) -> C {
        (0..self.h).fold(C::ZERO, |m, r| m | self.bit(r, c))
    }

    /// The cells of the first row.
    pub fn row<C: Cells>(self) -> C {
        shr(C::MAX, C::BITS - u32::from(self.w))
    }

    /// The cells next to any of `cells` (up, down, left, right).
    pub fn neighbours<C: Cells>(self, cells: C) -> C {
        self.edges().neighbours(cells)
    }

    /// Every cell.
    pub fn all<C: Cells>(self) -> C {
        shr(C::MAX, C::BITS - self.cells())
    }

    /// The connected regions of `cells` (each a mask), in the order of their first cell.
    pub fn regions<C: Cells>(self, cells: C) -> Vec<C> {
        let mut out = Vec::new();
        self.each_region(cells, |r| out.push(r));
        out
    }

    /// Runs `f` on each connected region of `cells`, in the order of their first cell.
    pub fn each_region<C: Cells>(self, cells: C, mut f: impl FnMut(C)) {
        let edges = self.edges();
        let mut rest = cells;
        while rest != C::ZERO {
            let seed = rest & rest.wrapping_neg();
            let region = edges.flood(rest, seed);
            f(region);
            rest &= !region;
        }
    }

    /// The masks cut down to the smallest rectangle holding `keep`'s cells.
    pub fn crop<C: Cells, const K: usize>(self, keep: C, masks: [C; K]) -> (Grid, [C; K]) {
        let w = u32::from(self.w);
        let row_mask: C = self.row();
        let (mut r0, mut r1, mut cols) = (u8::MAX, 0u8, C::ZERO);
        for r in 0..self.h {
            let row = keep >> (u32::from(r) * w) & row_mask;
            if row != C::ZERO {
                (r0, r1, cols) = (r0.min(r), r, cols | row);
            }
        }
        if cols == C::ZERO {
            return (Grid { h: 0, w: 0 }, [C::ZERO; K]);
        }
        let c0 = cols.trailing_zeros();
        let c1 = C::BITS - 1 - cols.leading_zeros();
        let g = Grid {
            h: r1 - r0 + 1,
            w: (c1 - c0 + 1) as u8,
        };
        let new_row: C = g.row();
        let mut out = [C::ZERO; K];
        for (k, &m) in masks.iter().enumerate() {
            for r in r0..=r1 {
                let row = m >> (u32::from(r) * w + c0) & new_row;
                out[k] |= row << (u32::from(r - r0) * u32::from(g.w));
            }
        }
        (g, out)
    }

    /// The masks under one of the eight symmetries of the rectangle: `t` bit 0 mirrors
    /// left–right, bit 1 top–bottom, bit 2 transposes (after the mirrors).
    pub fn transform<C: Cells, const K: usize>(self, masks: [C; K], t: u8) -> (Grid, [C; K]) {
        let mirrored = masks.map(|m| self.mirror(m, t & 1 != 0, t & 2 != 0));
        if t & 4 == 0 {
            (self, mirrored)
        } else {
            (self.transposed(), mirrored.map(|m| self.transpose(m)))
        }
    }

    /// The masks under all eight symmetries, indexed by `t` as in [`Grid::transform`]; the
    /// transposition is done once for all four of its images.
    pub fn images<C: Cells, const K: usize>(self, masks: [C; K]) -> [(Grid, [C; K]); 8] {
        let t = self.transposed();
        let across = masks.map(|m| self.transpose(m));
        std::array::from_fn(|i| {
            let (lr, tb) = (i & 1 != 0, i & 2 != 0);
            if i < 4 {
                (self, masks.map(|m| self.mirror(m, lr, tb)))
            } else {
                // Mirroring then transposing is transposing then mirroring the other way.
                (t, across.map(|m| t.mirror(m, tb, lr)))
            }
        })
    }

    /// The board with rows and columns swapped.
    fn transposed(self) -> Grid {
        Grid {
            h: self.w,
            w: self.h,
        }
    }

    /// `m` mirrored left–right (`lr`) and/or top–bottom (`tb`), a row at a time.
    fn mirror<C: Cells>(self, m: C, lr: bool, tb: bool) -> C {
        if m == C::ZERO || !lr && !tb {
            return m;
        }
        let w = u32::from(self.w);
        let row_mask: C = self.row();
        let mut out = C::ZERO;
        for r in 0..u32::from(self.h) {
            let mut row = m >> (r * w) & row_mask;
            if lr {
                row = row.reverse_bits() >> (C::BITS - w);
            }
            let to = if tb { u32::from(self.h) - 1 - r } else { r };
            out |= row << (to * w);
        }
        out
    }

    /// `m` transposed: cell (r, c) to (c, r) of the transposed board.
    fn transpose<C: Cells>(self, m: C) -> C {
        let (w, t) = (u32::from(self.w), self.transposed());
        let mut out = C::ZERO;
        let mut rest = m;
        while rest != C::ZERO {
            let i = rest.trailing_zeros();
            rest &= rest - C::ONE;
            out |= t.bit((i % w) as u8, (i / w) as u8);
        }
        out
    }
}

/// `x >> k`, no cell when every bit is shifted out (a board as wide as the word shifts by
/// its width).
#[inline]
pub(crate) fn shr<C: Cells>(x: C, k: u32) -> C {
    x.checked_shr(k).unwrap_or(C::ZERO)
}

/// `x << k`, no cell when every bit is shifted out.
#[inline]
pub(crate) fn shl<C: Cells>(x: C, k: u32) -> C {
    x.checked_shl(k).unwrap_or(C::ZERO)
}

/// A board's width and the masks of its cells, of all but its first column and of all but its
/// last, for floods.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Edges<C> {
    w: u32,
    all: C,
    not_first: C,
    not_last: C,
}

impl<C: Cells> Edges<C> {
    pub(crate) fn neighbours(self, cells: C) -> C {
        // A board as wide as the word has no cell above another.
        let up = shr(cells, self.w);
        let down = shl(cells, self.w);
        let left = (cells & self.not_first) >> 1;
        let right = (cells & self.not_last) << 1;
        (up | down | left | right) & self.all
    }

    pub(crate) fn flood(self, cells: C, seed: C) -> C {
        let mut region = seed & cells;
        loop {
            let grown = (region | self.neighbours(region)) & cells;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Cell (r, c) of `g` under symmetry `t`, one cell at a time (the definition).
    fn image_of_cell(g: Grid, t: u8, (mut r, mut c): (u8, u8)) -> (u8, u8) {
        if t & 1 != 0 {
            c = g.w - 1 - c;
        }
        if t & 2 != 0 {
            r = g.h - 1 - r;
        }
        if t & 4 != 0 {
            (r, c) = (c, r);
        }
        (r, c)
    }

    /// Every image of `masks` on `g` moves each cell where the definition says.
    fn images_agree<C: Cells>(g: Grid, masks: [C; 2]) -> Result<(), TestCaseError> {
        let masks = masks.map(|m| m & g.all());
        let images = g.images(masks);
        for t in 0..8u8 {
            let target = if t & 4 != 0 {
                Grid { h: g.w, w: g.h }
            } else {
                g
            };
            let mut expected = [C::ZERO; 2];
            for (k, &m) in masks.iter().enumerate() {
                for r in 0..g.h {
                    for c in 0..g.w {
                        if m & g.bit(r, c) != C::ZERO {
                            let (r2, c2) = image_of_cell(g, t, (r, c));
                            expected[k] |= target.bit(r2, c2);
                        }
                    }
                }
            }
            prop_assert_eq!(images[t as usize], (target, expected));
            prop_assert_eq!(g.transform(masks, t), (target, expected));
        }
        Ok(())
    }

    /// The regions of `cells` on `g`, each cropped and put back, are `cells` again, and
    /// no two of them touch.
    fn regions_agree<C: Cells>(g: Grid, cells: C) -> Result<(), TestCaseError> {
        let cells = cells & g.all();
        let mut union = C::ZERO;
        for r in g.regions(cells) {
            prop_assert_eq!(r & union, C::ZERO);
            prop_assert_eq!(g.neighbours(r) & cells & !r, C::ZERO);
            prop_assert_eq!(g.flood(cells, r & r.wrapping_neg()), r);
            let (small, [m]) = g.crop(r, [r]);
            prop_assert_eq!(m.count_ones(), r.count_ones());
            prop_assert!(small.h <= g.h && small.w <= g.w);
            union |= r;
        }
        prop_assert_eq!(union, cells);
        Ok(())
    }

    proptest! {
        /// Every image, by row operations and one transposition, moves each cell where the
        /// definition says, on boards of every shape up to 64 cells.
        #[test]
        fn images_move_each_cell_where_the_symmetry_says(
            h in 1u8..=8, w in 1u8..=8, bits: u64, other: u64,
        ) {
            images_agree(Grid { h, w }, [bits, other])?;
            regions_agree(Grid { h, w }, bits)?;
        }

        /// The same on boards of up to 128 cells, in a `u128`.
        #[test]
        fn wide_boards_move_each_cell_where_the_symmetry_says(
            h in 1u8..=16, w in 1u8..=16, bits: u128, other: u128,
        ) {
            prop_assume!(u32::from(h) * u32::from(w) <= 128);
            images_agree(Grid { h, w }, [bits, other])?;
            regions_agree(Grid { h, w }, bits)?;
        }
    }

    #[test]
    fn a_row_as_long_as_the_word_mirrors() {
        let g = Grid { h: 1, w: 64 };
        assert_eq!(g.transform([1u64], 1), (g, [1 << 63]));
        assert_eq!(g.transform([1u64], 4).1, [1]);
        assert_eq!(g.images([0u64])[5].1, [0]);
        let g = Grid { h: 1, w: 128 };
        assert_eq!(g.transform([1u128], 1), (g, [1 << 127]));
        assert_eq!(g.all::<u128>(), u128::MAX);
        assert_eq!(g.regions(u128::MAX), [u128::MAX]);
    }
}
