//! A game's table: who wins (or the Grundy value) from each of its small positions, indexed by
//! one number (a row of heaps) or two (a grid) — what `grundy table` prints and Python's
//! `grundy.table` gives as an array. The first thing to look at when a closed form is sought
//! (Winning Ways, ch. 3: the P-positions of Wythoff's game on a grid).
//!
//! ```
//! use grundy::registry::Registry;
//! use grundy::table::{Ask, Table};
//! use grundy::Outcome;
//!
//! let wythoff = Registry::catalog().parse("wythoff").unwrap().game().unwrap();
//! let t = Table::of(wythoff.as_ref(), Ask::Outcomes, None, Some(5)).unwrap();
//! assert_eq!((t.axes.len(), t.from, t.to), (2, 0, 5));
//! // (1, 2) and (3, 5) are P-positions: the pairs (⌊nφ⌋, ⌊nφ²⌋).
//! assert_eq!(t.cell(&[1, 2]).unwrap().outcome, Outcome::P);
//! assert_eq!(t.cell(&[3, 5]).unwrap().outcome, Outcome::P);
//! assert_eq!(t.cell(&[2, 2]).unwrap().outcome, Outcome::N);
//! ```

use crate::analysis::GameName;
use crate::rules::{Cell, DynGame, TableShape};
use crate::GameError;

/// What a table's cells hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ask {
    /// Who wins alone, the cheapest question (a Grundy value may need a search).
    Outcomes,
    /// Who wins and the Grundy value, where the game knows it.
    Values,
}

/// The most cells a table holds.
pub const MAX_CELLS: u64 = 1_000_000;

/// The cells of a game's table, row by row.
#[derive(Clone, Debug)]
pub struct Table {
    /// The game, with its options.
    pub game: GameName,
    /// Whether the game is partizan (its cells say L, R, N or P).
    pub partizan: bool,
    /// What each axis counts (one name for a row, two for a grid: rows, then columns).
    pub axes: Vec<&'static str>,
    /// The first index of each axis.
    pub from: u64,
    /// The last index of each axis.
    pub to: u64,
    /// What the cells hold.
    pub ask: Ask,
    /// Each cell, `None` where its coordinates name no position: row-major for a grid.
    cells: Vec<Option<Cell>>,
}

impl Table {
    /// The table of the game `query` names, which must be given without a position (see
    /// [`Table::of`]): what `grundy table` and Python's `grundy.table` ask.
    pub fn of_query(
        query: &crate::query::Query,
        ask: Ask,
        from: Option<u64>,
        to: Option<u64>,
    ) -> Result<Table, GameError> {
        let game = query.game()?;
        if !query.position.is_empty() {
            return Err(GameError::Invalid(format!(
                "table lists positions itself: give the game's options but no position (got \
                 '{}')",
                query.position.join(" ")
            )));
        }
        Table::of(game.as_ref(), ask, from, to)
    }

    /// The table of `game` from index `from` to `to` on each axis (by default from the game's
    /// first index, to 30 for a row and 12 for a grid). Refused for a game whose positions
    /// are not indexed by numbers, for `to` below `from`, and past [`MAX_CELLS`] cells.
    pub fn of(
        game: &dyn DynGame,
        ask: Ask,
        from: Option<u64>,
        to: Option<u64>,
    ) -> Result<Table, GameError> {
        Table::within(game, ask, from, to, MAX_CELLS)
    }

    /// [`Table::of`] with at most `most` cells (a picture draws more than a table prints).
    pub fn within(
        game: &dyn DynGame,
        ask: Ask,
        from: Option<u64>,
        to: Option<u64>,
        most: u64,
    ) -> Result<Table, GameError> {
        let shape = game.table_shape().ok_or_else(|| {
            GameError::Invalid(format!(
                "{} has no table: its positions are not indexed by one or two numbers",
                game.name()
            ))
        })?;
        let (first, default_to, axes) = match shape {
            TableShape::Row { axis, first } => (first, 30, vec![axis]),
            TableShape::Grid { rows, cols, first } => (first, 12, vec![rows, cols]),
        };
        let from = from.unwrap_or(first).max(first);
        let to = to.unwrap_or(default_to.max(from));
        if to < from {
            return Err(GameError::Invalid(format!(
                "--to {to} is below the first index {from}"
            )));
        }
        // `to` may be u64::MAX: count without wrapping.
        let side = u128::from(to - from) + 1;
        let needed = if axes.len() == 1 {
            side
        } else {
            side.saturating_mul(side)
        };
        if needed > u128::from(most) {
            return Err(GameError::Invalid(format!(
                "a table of {} cells is too large to print (at most {most})",
                if axes.len() == 1 {
                    side.to_string()
                } else {
                    format!("{side}×{side}")
                }
            )));
        }
        let mut table = Table {
            game: game.game_name(),
            partizan: game.partizan(),
            axes,
            from,
            to,
            ask,
            // At most a table's worth reserved at once: a caller's own `most` may be larger
            // than memory, and the cells then grow as they are found.
            cells: Vec::with_capacity(needed.min(u128::from(MAX_CELLS)) as usize),
        };
        for coords in table.coordinates() {
            let cell = match ask {
                Ask::Values => game.table_cell(&coords)?,
                Ask::Outcomes => game.table_outcome(&coords)?.map(|outcome| Cell {
                    outcome,
                    grundy: None,
                }),
            };
            table.cells.push(cell);
        }
        Ok(table)
    }

    /// How many indices each axis has.
    pub fn side(&self) -> usize {
        (self.to - self.from) as usize + 1
    }

    /// Every cell's coordinates, row by row.
    pub fn coordinates(&self) -> impl Iterator<Item = Vec<u64>> {
        let (from, to, grid) = (self.from, self.to, self.axes.len() == 2);
        let rows = if grid { from..=to } else { 0..=0 };
        rows.flat_map(move |r| (from..=to).map(move |c| if grid { vec![r, c] } else { vec![c] }))
    }

    /// The cell at `coords` (one index for a row, row and column for a grid); `None` outside
    /// the table or where the coordinates name no position.
    pub fn cell(&self, coords: &[u64]) -> Option<&Cell> {
        let at = |i: u64| {
            (self.from..=self.to)
                .contains(&i)
                .then(|| (i - self.from) as usize)
        };
        let index = match coords {
            [n] if self.axes.len() == 1 => at(*n)?,
            [r, c] if self.axes.len() == 2 => at(*r)? * self.side() + at(*c)?,
            _ => return None,
        };
        self.cells[index].as_ref()
    }

    /// The cells that name a position, with their coordinates, row by row.
    pub fn cells(&self) -> impl Iterator<Item = (Vec<u64>, &Cell)> {
        self.coordinates()
            .zip(&self.cells)
            .filter_map(|(c, cell)| Some((c, cell.as_ref()?)))
    }

    /// The table as `grundy table --json` writes it: the game, its options and spec, the axes,
    /// the range, and each cell that names a position (`at`, `outcome`, `grundy`).
    pub fn json(&self) -> serde_json::Value {
        let cells: Vec<serde_json::Value> = self
            .cells()
            .map(|(at, v)| {
                serde_json::json!({
                    "at": at, "outcome": v.outcome,
                    "grundy": v.grundy.as_ref().map(grundy_number),
                })
            })
            .collect();
        let options = serde_json::to_value(&self.game)
            .ok()
            .and_then(|v| v.get("options").cloned())
            .unwrap_or(serde_json::Value::Null);
        serde_json::json!({
            "game": self.game.name, "options": options,
            "spec": self.game.to_string(), "axes": self.axes, "from": self.from,
            "to": self.to, "cells": cells,
        })
    }
}

/// A Grundy value as a JSON number of any size.
fn grundy_number(g: &crate::Nat) -> serde_json::Value {
    serde_json::Value::Number(g.to_string().parse().expect("digits are a JSON number"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry::Registry;

    fn game(text: &str) -> Box<dyn DynGame> {
        Registry::catalog().parse(text).unwrap().game().unwrap()
    }

    /// Each cell is the game's own answer at its coordinates, on a row and on a grid.
    #[test]
    fn cells_are_the_games_answers() {
        for (text, ask) in [
            ("kayles", Ask::Values),
            ("wythoff", Ask::Outcomes),
            ("euclid", Ask::Values),
            ("cutcake", Ask::Outcomes),
        ] {
            let g = game(text);
            let t = Table::of(g.as_ref(), ask, Some(1), Some(6)).unwrap();
            let mut seen = 0;
            for c in t.coordinates() {
                let want = match ask {
                    Ask::Values => g.table_cell(&c).unwrap(),
                    Ask::Outcomes => g.table_outcome(&c).unwrap().map(|outcome| Cell {
                        outcome,
                        grundy: None,
                    }),
                };
                assert_eq!(t.cell(&c), want.as_ref(), "{text} {c:?}");
                seen += 1;
            }
            assert_eq!(seen, t.side().pow(t.axes.len() as u32), "{text}");
            assert_eq!(t.cells().count(), t.cells.iter().flatten().count());
        }
    }

    #[test]
    fn cells_outside_the_table_are_none() {
        let t = Table::of(game("kayles").as_ref(), Ask::Values, Some(2), Some(5)).unwrap();
        assert!(t.cell(&[1]).is_none() && t.cell(&[6]).is_none() && t.cell(&[2, 2]).is_none());
        assert_eq!(t.cell(&[5]).unwrap().grundy, Some(4u32.into()));
        let t = Table::of(game("nim").as_ref(), Ask::Values, Some(2), Some(5)).unwrap();
        assert!(t.cell(&[3]).is_none() && t.cell(&[1, 3]).is_none() && t.cell(&[3, 6]).is_none());
        assert_eq!(t.cell(&[3, 5]).unwrap().grundy, Some(6u32.into()));
    }

    #[test]
    fn bad_ranges_and_games_without_a_table_are_refused_in_one_line() {
        let nim = game("nim");
        let e = Table::of(nim.as_ref(), Ask::Values, Some(9), Some(3)).unwrap_err();
        assert_eq!(e.to_string(), "--to 3 is below the first index 9");
        let e = Table::of(game("wythoff").as_ref(), Ask::Values, None, Some(2000)).unwrap_err();
        assert_eq!(
            e.to_string(),
            "a table of 2001×2001 cells is too large to print (at most 1000000)"
        );
        let e = Table::of(nim.as_ref(), Ask::Values, None, Some(u64::MAX)).unwrap_err();
        assert!(e.to_string().contains("too large"), "{e}");
        let e = Table::of(game("hackenbush").as_ref(), Ask::Values, None, None).unwrap_err();
        assert!(e.to_string().contains("has no table"), "{e}");
    }
}
