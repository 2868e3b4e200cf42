//! `grundy quotient`: the misère quotient of a heap game.

use super::user;
use crate::args::GameArgs;
use anyhow::Result;
use grundy::quotient::Quotient;
use grundy::registry::Registry;
use std::io::Write;

/// Computes and prints the quotient of `game` for heaps 0..=`to`.
pub fn run(
    registry: &Registry,
    game: &GameArgs,
    to: Option<String>,
    json: bool,
    table: bool,
    out: &mut dyn Write,
) -> Result<()> {
    let to = to.ok_or_else(|| user("quotient needs --to N (the largest heap)"))?;
    let to = grundy::nat::parse_bound(&to, "--to").map_err(user)?;
    let (rule, name, game_name) = super::sequence::heap_rule(registry, game, "quotient", to)?;
    let q = super::working(&format!("{name}: misère quotient"), || {
        grundy::quotient::quotient(&rule, to)
    })
    .map_err(user)?;
    let doc = q.report(game_name);
    super::emit(out, json, &doc, || text(&doc.game.to_string(), &q, table))
}

/// The quotient as the literature prints it.
fn text(game: &str, q: &Quotient, table: bool) -> String {
    let names = |xs: &mut dyn Iterator<Item = usize>| -> String {
        xs.map(|x| q.elements[x].as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut s = format!(
        "{game}: misère quotient of heaps 0 to {}, order {}\n",
        q.to, q.order
    );
    s.push_str(&format!("  presentation  {}\n", q.presentation()));
    let gens: Vec<String> = q
        .generators
        .iter()
        .map(|g| format!("{} = heap {}", g.name, g.heap))
        .collect();
    if !gens.is_empty() {
        s.push_str(&format!("  generators    {}\n", gens.join(", ")));
    }
    s.push_str(&format!(
        "  P-portion     {{{}}} (a sum of heaps is lost for the player to move exactly when \
         its class is here)\n",
        names(&mut q.p_portion.iter().copied())
    ));
    s.push_str(&format!("  elements      {}\n", names(&mut (0..q.order))));
    s.push_str("  pretending function (each heap's class), ten heaps a line:\n");
    for (i, chunk) in q.pretending.chunks(10).enumerate() {
        s.push_str(&format!(
            "  {:>6}  {}\n",
            i * 10,
            names(&mut chunk.iter().copied())
        ));
    }
    s.push_str(&format!("  {}\n", q.argument()));
    if table {
        let width = q
            .elements
            .iter()
            .map(|e| e.chars().count())
            .max()
            .unwrap_or(1)
            + 1;
        s.push_str("  multiplication table (row × column):\n");
        s.push_str(&format!("  {:>width$} |", ""));
        for e in &q.elements {
            s.push_str(&format!("{e:>width$}"));
        }
        s.push('\n');
        for (x, row) in q.table.iter().enumerate() {
            s.push_str(&format!("  {:>width$} |", q.elements[x]));
            for &y in row {
                s.push_str(&format!("{:>width$}", q.elements[y]));
            }
            s.push('\n');
        }
    }
    s
}
