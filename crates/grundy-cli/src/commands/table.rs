//! `grundy table`: the P/N (or Grundy) table of a game's small positions.

use super::user;
use crate::args::GameArgs;
use crate::render;
use anyhow::Result;
use grundy::registry::Registry;
use grundy::rules::{Cell, TableShape};
use std::io::Write;

/// Prints the table of `game` (which must be given without a position).
pub fn run(
    registry: &Registry,
    game: &GameArgs,
    grundy: bool,
    from: Option<u64>,
    to: Option<u64>,
    json: bool,
    out: &mut dyn Write,
) -> Result<()> {
    let query = game.query(registry).map_err(user)?;
    let game = query.game().map_err(user)?;
    if !query.position.is_empty() {
        return Err(user(format!(
            "table lists positions itself: give the game's options but no position (got '{}')",
            query.position.join(" ")
        )));
    }
    let game = game.as_ref();
    let shape = game.table_shape().ok_or_else(|| {
        user(format!(
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
        return Err(user(format!("--to {to} is below the first index {from}")));
    }
    const MAX_CELLS: u64 = 1_000_000;
    // `to` may be u64::MAX: count without wrapping.
    let side = u128::from(to - from) + 1;
    let cells_needed = if axes.len() == 1 {
        side
    } else {
        side.saturating_mul(side)
    };
    if cells_needed > u128::from(MAX_CELLS) {
        return Err(user(format!(
            "a table of {} cells is too large to print (at most {MAX_CELLS})",
            if axes.len() == 1 {
                side.to_string()
            } else {
                format!("{side}×{side}")
            }
        )));
    }
    // A P/N table asks for outcomes only (a Grundy value may need a search).
    let cell = |coords: &[u64]| -> Result<Option<Cell>> {
        if grundy || json {
            return game.table_cell(coords).map_err(user);
        }
        Ok(game
            .table_outcome(coords)
            .map_err(user)?
            .map(|outcome| Cell {
                outcome,
                grundy: None,
            }))
    };
    if json {
        let mut cells = Vec::new();
        for_each_coord(axes.len(), from, to, |c| {
            if let Some(v) = cell(c)? {
                cells.push(serde_json::json!({
                    "at": c, "outcome": v.outcome,
                    "grundy": v.grundy.map(|g| grundy_number(&g)),
                }));
            }
            Ok(())
        })?;
        let name = game.game_name();
        let doc = serde_json::json!({
            "game": name.name, "options": serde_json::to_value(&name)?["options"],
            "spec": name.to_string(), "axes": axes, "from": from, "to": to, "cells": cells,
        });
        serde_json::to_writer(&mut *out, &doc)?;
        writeln!(out)?;
        return Ok(());
    }
    // What the cells say: Grundy values, P/N, or a partizan game's four outcomes.
    let what = match (grundy, game.partizan()) {
        (true, _) => "Grundy values",
        (false, true) => {
            "outcome classes: L Left wins, R Right wins, N the first player, P the second"
        }
        (false, false) => "P/N",
    };
    if axes.len() == 1 {
        writeln!(out, "{} ({})", game.name(), what)?;
        let mut next = Some(from);
        while let Some(n) = next.filter(|&n| n <= to) {
            let end = n.saturating_add(19).min(to);
            let idx: Vec<String> = (n..=end).map(|i| i.to_string()).collect();
            let vals: Vec<String> = (n..=end)
                .map(|i| Ok(render::cell_text(&cell(&[i])?, grundy)))
                .collect::<Result<_>>()?;
            let w = idx
                .iter()
                .chain(&vals)
                .map(|s| s.chars().count())
                .max()
                .unwrap_or(1);
            let fmt = |v: &[String]| {
                v.iter()
                    .map(|s| format!("{s:>w$}"))
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            writeln!(out, "{:>6} {}", axes[0], fmt(&idx))?;
            writeln!(out, "{:>6} {}\n", "", fmt(&vals))?;
            next = end.checked_add(1);
        }
    } else {
        writeln!(
            out,
            "{} ({}; rows: {}, columns: {})",
            game.name(),
            what,
            axes[0],
            axes[1]
        )?;
        let mut rows = Vec::new();
        for r in from..=to {
            let mut row = Vec::new();
            for c in from..=to {
                row.push(render::cell_text(&cell(&[r, c])?, grundy));
            }
            rows.push(row);
        }
        let w = rows
            .iter()
            .flatten()
            .map(|s| s.chars().count())
            .chain(std::iter::once(to.to_string().len()))
            .max()
            .unwrap_or(1);
        let lw = to.to_string().len();
        let header: Vec<String> = (from..=to).map(|c| format!("{c:>w$}")).collect();
        writeln!(out, "{:>lw$} | {}", "", header.join(" "))?;
        writeln!(
            out,
            "{}-+-{}",
            "-".repeat(lw),
            "-".repeat(header.join(" ").len())
        )?;
        for (r, row) in (from..=to).zip(rows) {
            let cells: Vec<String> = row.iter().map(|s| format!("{s:>w$}")).collect();
            writeln!(out, "{r:>lw$} | {}", cells.join(" "))?;
        }
    }
    Ok(())
}

fn grundy_number(g: &grundy::Nat) -> serde_json::Value {
    serde_json::Value::Number(g.to_string().parse().expect("digits are a JSON number"))
}

fn for_each_coord(
    dims: usize,
    from: u64,
    to: u64,
    mut f: impl FnMut(&[u64]) -> Result<()>,
) -> Result<()> {
    if dims == 1 {
        for n in from..=to {
            f(&[n])?;
        }
    } else {
        for r in from..=to {
            for c in from..=to {
                f(&[r, c])?;
            }
        }
    }
    Ok(())
}
