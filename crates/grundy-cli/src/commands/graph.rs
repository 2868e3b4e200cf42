//! `grundy graph FILE`: every position of a move graph, loops and draws included.

use super::user;
use crate::render;
use anyhow::Result;
use grundy::graph::report::Asked;
use std::io::{BufRead, Write};

/// Solves the graph in `file` (`-`: `input`).
pub fn run(
    file: &str,
    json: bool,
    position: Option<String>,
    misere: bool,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<()> {
    let source = if file == "-" { "<stdin>" } else { file };
    // Progress on the terminal (nothing when stderr is not one): bytes read, then
    // a spinner while solving.
    let bar = if file == "-" {
        indicatif::ProgressBar::new_spinner()
    } else {
        let len = std::fs::metadata(file).map(|m| m.len()).unwrap_or(0);
        indicatif::ProgressBar::new(len)
    };
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "reading {bar:40} {binary_bytes}/{binary_total_bytes}, {binary_bytes_per_sec}",
        )
        .expect("valid template"),
    );
    let g = if file == "-" {
        let input = bar.wrap_read(input);
        grundy::graph::parse_graph_from(std::io::BufReader::new(input), source)
    } else {
        let f = std::fs::File::open(file).map_err(|e| user(format!("cannot read {file}: {e}")))?;
        grundy::graph::parse_graph_from(std::io::BufReader::new(bar.wrap_read(f)), source)
    }
    .map_err(user)?;
    bar.set_style(
        indicatif::ProgressStyle::with_template("{spinner} {msg} ({elapsed})")
            .expect("valid template"),
    );
    bar.set_message(format!(
        "solving {} and {}",
        grundy::nat::count(g.len(), "position"),
        grundy::nat::count(g.moves_count(), "move")
    ));
    bar.enable_steady_tick(std::time::Duration::from_millis(200));
    let convention = if misere {
        grundy::solver::Convention::Misere
    } else {
        grundy::solver::Convention::Normal
    };
    let s = g.solve(convention);
    bar.finish_and_clear();
    match position.map(|text| g.ask(&s, &text, source).map_err(user)) {
        Some(asked) => {
            let asked = asked?;
            if json {
                serde_json::to_writer(&mut *out, &asked.json(&g, &s))?;
                writeln!(out)?;
            } else {
                match &asked {
                    Asked::Sum { tokens, sum } => {
                        write!(out, "{}", render::token_sum_text(&g, tokens, sum))?
                    }
                    Asked::One(u) => {
                        if misere {
                            writeln!(out, "Misère play: the player who cannot move wins.")?;
                        }
                        write!(out, "{}", render::graph_position_text(&g, &s, *u))?;
                    }
                }
            }
        }
        None if json => {
            // Written as it is produced: a large graph's JSON is never held whole.
            let mut w = std::io::BufWriter::with_capacity(1 << 16, &mut *out);
            s.report(&g).write_json(&mut w)?;
            writeln!(w)?;
        }
        None if misere => {
            let label = format!("{source} (misère play: the player who cannot move wins)");
            write!(out, "{}", render::graph_text(&label, &g, &s))?
        }
        None => write!(out, "{}", render::graph_text(source, &g, &s))?,
    }
    Ok(())
}
