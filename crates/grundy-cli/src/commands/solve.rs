//! `grundy solve`: one position, or one per line of standard input with `--batch`.

use super::{emit, user, UserError};
use crate::args::GameArgs;
use crate::render;
use anyhow::Result;
use grundy::catalog::DynGame;
use grundy::registry::Registry;
use std::io::{BufRead, Write};

/// Solves the position of `game`, or with `batch` each position read from `input`.
pub fn run(
    registry: &Registry,
    game: &GameArgs,
    json: bool,
    max_moves: usize,
    batch: bool,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<()> {
    let query = game.query(registry).map_err(user)?;
    let game = query.game().map_err(user)?;
    if batch {
        if !query.position.is_empty() {
            return Err(user(
                "--batch reads positions from standard input: give no position on the command line",
            ));
        }
        return solve_batch(game.as_ref(), json, max_moves, input, out);
    }
    let a = game.solve(&query.words(), max_moves).map_err(user)?;
    emit(out, json, &a, || render::analysis_text(&a))
}

fn solve_batch(
    game: &dyn DynGame,
    json: bool,
    max_moves: usize,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<()> {
    for (i, line) in input.lines().enumerate() {
        let line = line?;
        let args: Vec<&str> = line.split_whitespace().collect();
        if args.is_empty() {
            continue;
        }
        let a = game
            .solve(&args, max_moves)
            .map_err(|e| user(UserError(format!("standard input line {}: {e}", i + 1))))?;
        emit(out, json, &a, || render::analysis_line(&a) + "\n")?;
    }
    Ok(())
}
