//! A game's picture, chosen and computed from the registry: a heap game's nim-sequence with
//! its proved period (or, asked for, the P-position map of two heaps of it), a board game's
//! position with the boards its winning moves leave, otherwise the map of its table. A position, when given, is marked on it (its heaps on the sequence, its cell
//! on the map). `grundy plot` writes it to a file, the playground sends it as SVG.

use crate::{Map, MapCell, PlotError, Sequence};
use grundy::query::Query;
use grundy::rules::{DynGame, TableShape};
use grundy::table::{Ask, Table};
use grundy::GameError;
use std::path::Path;

/// The largest `size`.
pub const MAX_SIZE: u64 = 2000;

/// The largest side a map grows to so that a position's cell is on it.
const MAP_GROWS_TO: u64 = 100;

/// What to draw and how.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// Positions along each axis (None: the picture's default).
    pub size: Option<u64>,
    /// Colour maps by Grundy value instead of by outcome.
    pub by_grundy: bool,
    /// For a heap game, the map of two heaps (P where G(a) = G(b)) instead of its sequence.
    pub two_heaps: bool,
}

/// A picture, computed and ready to draw.
pub enum Picture {
    /// A map of small positions.
    Map(MapData),
    /// A board game's position and the boards its winning moves leave.
    Board(crate::board::Solved),
    /// A nim-sequence.
    Sequence {
        /// The game's name.
        title: String,
        /// G(0), G(1), …
        values: Vec<u32>,
        /// (preperiod, period), when proved.
        period: Option<(u64, u64)>,
        /// The saltus of an arithmetic period (0 for a plain one).
        saltus: u64,
        /// The heaps of the position shown, marked on the sequence.
        marks: Vec<u64>,
    },
}

impl Picture {
    /// Computes the picture of the game of `query`; its position, if it names one, is marked
    /// (and the picture grows to show it, up to a limit).
    pub fn of(query: &Query, opts: Options) -> Result<Picture, String> {
        let Options {
            size,
            by_grundy,
            two_heaps,
        } = opts;
        let game = query.game().map_err(|e| e.to_string())?;
        if size.is_some_and(|s| s == 0 || s > MAX_SIZE) {
            return Err(format!("--size must be between 1 and {MAX_SIZE}"));
        }
        let heap_source = query
            .entry
            .sequence_source(&query.options)
            .map_err(|e| e.to_string())?;
        if two_heaps && heap_source.is_none() {
            return Err("--two-heaps draws heap games (subtraction, octal, kayles, …)".into());
        }
        // The position, in the words the game writes it with.
        let position: Vec<String> = if query.position.is_empty() {
            Vec::new()
        } else {
            game.position(&query.words())
                .and_then(|p| game.canonical(&p))
                .map_err(|e| e.to_string())?
                .iter()
                .map(|t| t.to_string())
                .collect()
        };
        // A board game's position (Cram's too, which also has a map of its empty boards):
        // the board and the boards its winning moves leave.
        if crate::board::Board::of_position(&position).is_some() {
            let p = game.position(&query.words()).map_err(|e| e.to_string())?;
            let a = game
                .solve(&p, crate::board::DRAWN)
                .map_err(|e| e.to_string())?;
            if let Some(solved) = crate::board::Solved::of(&a) {
                return Ok(Picture::Board(solved));
            }
        }
        let Some((source, name)) = heap_source else {
            if game.table_shape().is_none() {
                return Err(no_picture(game.as_ref(), &query.words()));
            }
            let mark = match position.is_empty() {
                true => None,
                false => cell_of(game.as_ref(), &position)?,
            };
            // The map grows to show the position's cell, up to a limit.
            let reach = mark.map_or(0, |(r, c)| r.max(c) + 1).min(MAP_GROWS_TO);
            let size = size.unwrap_or(40.max(reach));
            let mut map = map(game.as_ref(), size, by_grundy).map_err(|e| e.to_string())?;
            map.mark = mark;
            return Ok(Picture::Map(map));
        };
        let heaps: Vec<u64> = position.iter().filter_map(|w| w.parse().ok()).collect();
        let reach = heaps.iter().max().map_or(0, |&h| (h + 1).min(MAX_SIZE));
        let n = size.unwrap_or(if two_heaps {
            40.max(reach.min(MAP_GROWS_TO))
        } else {
            300.max(reach)
        });
        let job = grundy::heap::sequence::Job {
            source,
            game: name.clone(),
            to: n - 1,
            until_periodic: false,
            checkpoint: None,
            keep_values: true,
        };
        let r = job.run(&mut |_, _| {}).map_err(|e| e.to_string())?;
        let values = r.values.unwrap_or_default();
        if two_heaps {
            let mut map = two_heap_map(&name, &values, by_grundy);
            if let [a, b] = heaps[..] {
                map.mark = Some((a, b));
            }
            return Ok(Picture::Map(map));
        }
        Ok(Picture::Sequence {
            title: name,
            values,
            period: r.period.zip(r.preperiod).map(|(p, n0)| (n0, p)),
            saltus: r.saltus.unwrap_or(0),
            marks: heaps,
        })
    }

    fn with<T>(
        &self,
        map: impl FnOnce(&Map) -> T,
        sequence: impl FnOnce(&Sequence) -> T,
        board: impl FnOnce(&crate::board::Solved) -> T,
    ) -> T {
        match self {
            Picture::Map(m) => map(&m.as_map()),
            Picture::Board(b) => board(b),
            Picture::Sequence {
                title,
                values,
                period,
                saltus,
                marks,
            } => sequence(&Sequence {
                title,
                values,
                period: *period,
                saltus: *saltus,
                marks,
            }),
        }
    }

    /// Writes the picture to `file` (.png or .svg).
    pub fn write(&self, file: &Path) -> Result<(), PlotError> {
        self.with(
            |m| crate::draw_map(m, file),
            |s| crate::draw_sequence(s, file),
            |b| b.write(file),
        )
    }

    /// The picture as an SVG document.
    pub fn svg(&self) -> Result<String, PlotError> {
        self.with(crate::map_svg, crate::sequence_svg, |b| b.svg())
    }
}

/// The cells of a game's picture, computed from its table.
pub struct MapData {
    title: String,
    rows: &'static str,
    cols: &'static str,
    first: u64,
    cells: Vec<Vec<Option<MapCell>>>,
    by_grundy: bool,
    mark: Option<(u64, u64)>,
}

impl MapData {
    /// The picture of a table: a grid as it is, a row as a single-row map; coloured by
    /// Grundy value when the table holds them.
    pub fn of_table(table: &Table) -> MapData {
        let side = table.side();
        let grid = table.axes.len() == 2;
        let mut cells = vec![vec![None; side]; if grid { side } else { 1 }];
        for (at, cell) in table.cells() {
            let (r, c) = match at[..] {
                [r, c] => (r - table.from, c - table.from),
                _ => (0, at[0] - table.from),
            };
            cells[r as usize][c as usize] = Some(MapCell {
                outcome: cell.outcome,
                grundy: cell.grundy.as_ref().and_then(|g| u64::try_from(g).ok()),
            });
        }
        let (rows, cols) = match table.axes[..] {
            [rows, cols] => (rows, cols),
            _ => ("", table.axes[0]),
        };
        MapData {
            title: table.game.to_string(),
            rows,
            cols,
            first: table.from,
            cells,
            by_grundy: table.ask == Ask::Values,
            mark: None,
        }
    }

    /// The picture's description.
    pub fn as_map(&self) -> Map<'_> {
        Map {
            title: &self.title,
            rows: self.rows,
            cols: self.cols,
            first: self.first,
            cells: self.cells.clone(),
            by_grundy: self.by_grundy,
            mark: self.mark,
        }
    }
}

/// The picture of a game with a table: a grid as it is, a row as a single-row map, `size`
/// indices a side from the game's first.
pub fn map(game: &dyn DynGame, size: u64, by_grundy: bool) -> Result<MapData, GameError> {
    let shape = game
        .table_shape()
        .ok_or_else(|| GameError::Invalid(no_picture(game, &[])))?;
    let first = match shape {
        TableShape::Grid { first, .. } | TableShape::Row { first, .. } => first,
    };
    // A map by outcome asks for outcomes only (a Grundy value may need a search).
    let ask = if by_grundy {
        Ask::Values
    } else {
        Ask::Outcomes
    };
    let last = first.saturating_add(size.max(1) - 1);
    let table = Table::within(game, ask, Some(first), Some(last), u64::MAX)?;
    Ok(MapData::of_table(&table))
}

/// The P-position map of two heaps of a heap game with values G(0) … G(n − 1): the sum of
/// heaps a and b is lost for the player to move exactly when G(a) = G(b), and its Grundy
/// value is G(a) ⊕ G(b).
pub fn two_heap_map(name: &str, values: &[u32], by_grundy: bool) -> MapData {
    let cells = values
        .iter()
        .map(|&a| {
            values
                .iter()
                .map(|&b| {
                    Some(MapCell {
                        outcome: if a == b {
                            grundy::Outcome::P
                        } else {
                            grundy::Outcome::N
                        },
                        grundy: Some(u64::from(a ^ b)),
                    })
                })
                .collect()
        })
        .collect();
    MapData {
        title: format!("{name}, two heaps"),
        rows: "heap 1",
        cols: "heap 2",
        first: 0,
        cells,
        by_grundy,
        mark: None,
    }
}

/// Why a game has no picture of its own, and what to draw instead: a partizan game's value
/// has a thermograph.
fn no_picture(game: &dyn DynGame, position: &[&str]) -> String {
    if game.partizan() {
        let at = if position.is_empty() {
            "POSITION".to_string()
        } else {
            position.join(" ")
        };
        return format!(
            "{name} has no map of positions; draw a position's thermograph: \
             grundy plot thermograph {name} {at} --out FILE.svg",
            name = game.name()
        );
    }
    format!(
        "{} has no picture: its positions are not indexed by one or two numbers",
        game.name()
    )
}

/// The table coordinates of `position` (row and column; `(0, n)` in a one-row table): its
/// numbers read in order, or in the other order, when that cell is the position; `None` when
/// the position is no cell of the table.
fn cell_of(game: &dyn DynGame, position: &[String]) -> Result<Option<(u64, u64)>, String> {
    let numbers: Vec<u64> = match position.iter().map(|w| w.parse()).collect() {
        Ok(n) => n,
        Err(_) => return Ok(None),
    };
    let tries: Vec<Vec<u64>> = match numbers[..] {
        [n] => vec![vec![n]],
        [a, b] => vec![vec![a, b], vec![b, a]],
        _ => return Ok(None),
    };
    for coords in tries {
        let words = match game.table_position(&coords).map_err(|e| e.to_string())? {
            Some(p) => Some(game.canonical(&p).map_err(|e| e.to_string())?),
            None => None,
        };
        if words.is_some_and(|w| w.iter().map(|t| t.to_string()).eq(position.iter().cloned())) {
            return Ok(Some(match coords[..] {
                [n] => (0, n),
                _ => (coords[0], coords[1]),
            }));
        }
    }
    Ok(None)
}
