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
    let mut u = grundy::cgt::Universe::new();
    let g = match words.first().map(|w| registry.lookup(w)) {
        Some(Ok(entry)) => {
            let mut options = grundy::registry::Options::new();
            let mut position = Vec::new();
            let mut rest = words[1..].iter();
            while let Some(w) = rest.next() {
                match w.strip_prefix("--") {
                    Some(name) => {
                        let value = rest
                            .next()
                            .ok_or_else(|| user(format!("--{name} needs a value")))?;
                        options = options.set(name, value.clone());
                    }
                    None => position.push(w.as_str()),
                }
            }
            let game = entry.build(&options).map_err(user)?;
            let report = game.value(&position).map_err(user)?;
            u.parse(&report.canonical).map_err(user)?
        }
        _ => {
            let text = words.join(" ");
            if grundy::cgt::loopy::is_loopy_expression(&text) {
                return Err(user(format!(
                    "'{text}' is a loopy game, and loopy games have no thermograph (it is \
                     drawn from the stops of a short game's options at every temperature); \
                     grundy cgt '{text}' says what is known of it"
                )));
            }
            u.parse(&text).map_err(user)?
        }
    };
    let picture = grundy_plot::Thermograph::of(&mut u, g);
    grundy_plot::draw_thermograph(&picture, file).map_err(|e| user(e.to_string()))?;
    writeln!(out, "wrote {}", file.display())?;
    Ok(())
}
