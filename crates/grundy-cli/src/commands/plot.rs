//! `grundy plot`: a game's picture to a PNG or SVG file.

use super::user;
use crate::args::GameArgs;
use anyhow::Result;
use grundy::registry::Registry;
use grundy_plot::picture::{Options, Picture};
use std::io::Write;
use std::path::PathBuf;

/// Draws the picture of `game` to `file`.
pub fn run(
    registry: &Registry,
    game: &GameArgs,
    file: Option<PathBuf>,
    size: Option<u64>,
    by_grundy: bool,
    two_heaps: bool,
    out: &mut dyn Write,
) -> Result<()> {
    let file = file.ok_or_else(|| user("plot needs --out FILE.png or FILE.svg"))?;
    let query = game.query(registry).map_err(user)?;
    let opts = Options {
        size,
        by_grundy,
        two_heaps,
    };
    let picture = Picture::of(&query, opts).map_err(user)?;
    picture.write(&file).map_err(|e| user(e.to_string()))?;
    writeln!(out, "wrote {}", file.display())?;
    Ok(())
}
