//! `grundy sequence`: a heap game's nim-sequence, its period proved where it can be.

use super::user;
use crate::args::GameArgs;
use crate::render;
use anyhow::Result;
use grundy::registry::Registry;
use std::io::Write;

/// The command's options.
pub struct Flags {
    /// `--to N`, as typed.
    pub to: Option<String>,
    /// `--json`.
    pub json: bool,
    /// `--values`.
    pub values: bool,
    /// `--until-periodic`.
    pub until_periodic: bool,
    /// `--checkpoint FILE`.
    pub checkpoint: Option<std::path::PathBuf>,
}

/// Computes the sequence of `game` with a progress bar on the terminal.
pub fn run(registry: &Registry, game: &GameArgs, flags: Flags, out: &mut dyn Write) -> Result<()> {
    let Flags {
        to,
        json,
        values,
        until_periodic,
        checkpoint,
    } = flags;
    let to = to.ok_or_else(|| user("sequence needs --to N"))?;
    let to = grundy::nat::parse_u64(&to, "--to").map_err(user)?;
    let query = game.query(registry).map_err(user)?;
    let (source, name) = query
        .entry
        .sequence_source(&query.options)
        .map_err(user)?
        .ok_or_else(|| user(format!("{} has no nim-sequence", query.entry.name())))?;
    let job = grundy::heap::sequence::Job {
        source,
        game: name,
        to,
        until_periodic,
        checkpoint,
        keep_values: values,
    };
    let bar = indicatif::ProgressBar::new(to.saturating_add(1));
    bar.set_style(super::progress_style(
        "{bar:40} {human_pos}/{human_len} values, {rate}/s, ETA {eta}",
    ));
    let report = job
        .run(&mut |done, total| {
            bar.set_length(total);
            bar.set_position(done);
        })
        .map_err(user)?;
    bar.finish_and_clear();
    // The game's name and options apart, then the report.
    #[derive(serde::Serialize)]
    struct Named<'a> {
        #[serde(flatten)]
        game: grundy::GameName,
        #[serde(flatten)]
        report: &'a grundy::heap::sequence::Report,
    }
    let named = Named {
        game: query.game().map_err(user)?.game_name(),
        report: &report,
    };
    super::emit(out, json, &named, || render::sequence_text(&report))
}
