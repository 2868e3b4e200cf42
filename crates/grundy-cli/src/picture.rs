//! `grundy plot` and the playground's pictures: which picture a game gets, and its data.

use crate::args::GameCmd;
use crate::render;
use std::path::Path;

/// The largest `--size`.
pub const MAX_SIZE: u64 = 2000;

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

/// Draws the picture of the game named by `cmd` (no position) to `file` (.png or .svg): a heap
/// game's nim-sequence with its proved period (or, with `two_heaps`, the P-position map of two
/// heaps), otherwise the map of its table.
pub fn draw(cmd: &GameCmd, opts: Options, file: &Path) -> Result<(), String> {
    let Options {
        size,
        by_grundy,
        two_heaps,
    } = opts;
    let (game, args) = cmd.build().map_err(|e| e.to_string())?;
    if !args.is_empty() {
        return Err("a picture shows a game's small positions: give no position".into());
    }
    if size.is_some_and(|s| s == 0 || s > MAX_SIZE) {
        return Err(format!("--size must be between 1 and {MAX_SIZE}"));
    }
    let heap_source = cmd.heap_source().map_err(|e| e.to_string())?;
    if two_heaps && heap_source.is_none() {
        return Err("--two-heaps draws heap games (subtraction, octal, kayles, …)".into());
    }
    if let Some((source, name)) = heap_source {
        let n = size.unwrap_or(if two_heaps { 40 } else { 300 });
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
            let map = render::two_heap_map(&name, &values, by_grundy);
            return grundy_plot::draw_map(&map.as_map(), file).map_err(|e| e.to_string());
        }
        let period = r.period.zip(r.preperiod).map(|(p, n0)| (n0, p));
        let seq = grundy_plot::Sequence {
            title: &name,
            values: &values,
            period,
            saltus: r.saltus,
        };
        grundy_plot::draw_sequence(&seq, file).map_err(|e| e.to_string())
    } else {
        let map =
            render::map(game.as_ref(), size.unwrap_or(40), by_grundy).map_err(|e| e.to_string())?;
        grundy_plot::draw_map(&map.as_map(), file).map_err(|e| e.to_string())
    }
}
