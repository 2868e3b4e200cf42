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
    /// `--genus`.
    pub genus: bool,
}

/// Computes the sequence of `game` with a progress bar on the terminal.
pub fn run(registry: &Registry, game: &GameArgs, flags: Flags, out: &mut dyn Write) -> Result<()> {
    let Flags {
        to,
        json,
        values,
        until_periodic,
        checkpoint,
        genus,
    } = flags;
    let to = to.ok_or_else(|| user("sequence needs --to N"))?;
    let to = grundy::nat::parse_bound(&to, "--to").map_err(user)?;
    if genus {
        let (rule, name, game_name) = heap_rule(registry, game, "--genus", to)?;
        let genera =
            super::working(&name, || grundy::misere_form::heap_genera(&rule, to)).map_err(user)?;
        return emit_genus(out, json, game_name, &genera);
    }
    let (query, source, name) = source_of(registry, game)?;
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
    let named = grundy::analysis::Named {
        game: query.game().map_err(user)?.game_name(),
        report: &report,
    };
    super::emit(out, json, &named, || render::sequence_text(&report))
}

/// The query of `game`, where its nim-sequence comes from, and the sequence's name.
fn source_of(
    registry: &Registry,
    game: &GameArgs,
) -> Result<(grundy::query::Query, grundy::heap::sequence::Source, String)> {
    let query = game.query(registry).map_err(user)?;
    let (source, name) = query.nim_sequence().map_err(user)?;
    Ok((query, source, name))
}

/// The take-and-break (or subtraction, all-but) rule of `game` on heaps up to `to`, its
/// sequence name and its name for JSON; refused, naming `what` asked for it, for a game whose
/// moves are no such rule.
pub(crate) fn heap_rule(
    registry: &Registry,
    game: &GameArgs,
    what: &str,
    to: u64,
) -> Result<(grundy::heap::HeapRule, String, grundy::GameName)> {
    let query = game.query(registry).map_err(user)?;
    let (rule, name) = query.heap_rule(what, to).map_err(user)?;
    Ok((rule, name, query.game().map_err(user)?.game_name()))
}

/// `grundy sequence GAME --genus`: each heap's normal and misère Grundy values and genus.
fn emit_genus(
    out: &mut dyn Write,
    json: bool,
    game: grundy::GameName,
    genera: &[(grundy::misere_form::Genus, String)],
) -> Result<()> {
    #[derive(serde::Serialize)]
    struct Genera {
        #[serde(flatten)]
        game: grundy::GameName,
        to: usize,
        values: Vec<u32>,
        misere: Vec<u32>,
        genus: Vec<String>,
    }
    let doc = Genera {
        to: genera.len().saturating_sub(1),
        values: genera.iter().map(|(g, _)| g.normal).collect(),
        misere: genera.iter().map(|(g, _)| g.misere()).collect(),
        genus: genera.iter().map(|(_, text)| text.clone()).collect(),
        game,
    };
    super::emit(out, json, &doc, || {
        let mut s = format!(
            "{}: heap, normal-play value G, misère value G⁻, genus (Conway: G^(G⁻ of the heap \
             beside 0, 1, 2, … heaps of 2))\n",
            doc.game
        );
        for (n, (g, text)) in genera.iter().enumerate() {
            s.push_str(&format!(
                "{n:>6} {:>4} {:>4}  {text}\n",
                g.normal,
                g.misere()
            ));
        }
        s
    })
}
