//! `grundy table`: the P/N (or Grundy) table of a game's small positions, as the library's
//! [`grundy::table::Table`] holds it.

use super::user;
use crate::args::GameArgs;
use crate::render;
use anyhow::Result;
use grundy::registry::Registry;
use grundy::table::{Ask, Table};
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
    // A P/N table asks for outcomes only (a Grundy value may need a search).
    let ask = if grundy || json {
        Ask::Values
    } else {
        Ask::Outcomes
    };
    let table = Table::of_query(&query, ask, from, to).map_err(user)?;
    if json {
        serde_json::to_writer(&mut *out, &table.json())?;
        writeln!(out)?;
        return Ok(());
    }
    let (from, to, axes) = (table.from, table.to, &table.axes);
    let cell = |coords: &[u64]| render::cell_text(&table.cell(coords).cloned(), grundy);
    // What the cells say: Grundy values, P/N, or a partizan game's four outcomes.
    let what = match (grundy, table.partizan) {
        (true, _) => "Grundy values",
        (false, true) => {
            "outcome classes: L Left wins, R Right wins, N the first player, P the second"
        }
        (false, false) => "P/N",
    };
    let name = table.game.to_string();
    if axes.len() == 1 {
        writeln!(out, "{name} ({what})")?;
        let mut next = Some(from);
        while let Some(n) = next.filter(|&n| n <= to) {
            let end = n.saturating_add(19).min(to);
            let idx: Vec<String> = (n..=end).map(|i| i.to_string()).collect();
            let vals: Vec<String> = (n..=end).map(|i| cell(&[i])).collect();
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
            "{name} ({what}; rows: {}, columns: {})",
            axes[0], axes[1]
        )?;
        let rows: Vec<Vec<String>> = (from..=to)
            .map(|r| (from..=to).map(|c| cell(&[r, c])).collect())
            .collect();
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
