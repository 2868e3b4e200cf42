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
    if game.name == "thermograph" {
        // The words after `thermograph` are taken whole (a game's options start with
        // dashes), so `--out` may be among them.
        let mut words = game.position.clone();
        let mut file = file;
        if let Some(i) = words.iter().position(|w| w == "--out") {
            if i + 1 < words.len() {
                file = Some(PathBuf::from(words.remove(i + 1)));
            }
            words.remove(i);
        }
        let file = file.ok_or_else(|| user("plot needs --out FILE.png or FILE.svg"))?;
        return thermograph(registry, &words, &file, out);
    }
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

/// `grundy plot thermograph EXPR` or `… thermograph GAME [--option value …] POSITION`.
fn thermograph(
    registry: &Registry,
    words: &[String],
    file: &std::path::Path,
    out: &mut dyn Write,
) -> Result<()> {
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let (mut u, g) = grundy::notation::short_game(registry, &words).map_err(user)?;
    let picture = grundy_plot::Thermograph::of(&mut u, g);
    grundy_plot::draw_thermograph(&picture, file).map_err(|e| user(e.to_string()))?;
    writeln!(out, "wrote {}", file.display())?;
    Ok(())
}
