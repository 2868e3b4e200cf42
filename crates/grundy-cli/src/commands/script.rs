//! `grundy script FILE.rhai`: a game whose rules are written in Rhai.

use super::user;
use crate::render;
use anyhow::Result;
use std::io::Write;

/// The compiled rules of the script in `file`.
fn compile(file: &str) -> Result<grundy_script::Rules> {
    let text =
        std::fs::read_to_string(file).map_err(|e| user(format!("cannot read {file}: {e}")))?;
    grundy_script::Rules::compile(&text, file).map_err(|e| user(e.to_string()))
}

/// `grundy script FILE --value`: the start position's value as a short game, or as a loopy
/// game when a partizan game's positions cycle.
pub fn value(
    file: &str,
    json: bool,
    opts: &grundy_script::Options,
    out: &mut dyn Write,
) -> Result<()> {
    let answer = compile(file)?
        .value_answer(opts)
        .map_err(|e| user(e.to_string()))?;
    super::emit(out, json, &answer, || render::answer_text(&answer))
}

/// Explores and solves the game of the script in `file`, from `opts.start` (a Rhai
/// expression) if given, else from the script's `start()`.
pub fn run(
    file: &str,
    json: bool,
    opts: grundy_script::Options,
    out: &mut dyn Write,
) -> Result<()> {
    let rules = compile(file)?;
    let bar = indicatif::ProgressBar::new_spinner();
    bar.set_style(super::progress_style(
        "{spinner} {human_pos} positions explored ({rate}/s, {elapsed})",
    ));
    let report = rules
        .solve_with_progress(&opts, &mut |explored| bar.set_position(explored as u64))
        .map_err(|e| user(e.to_string()))?;
    bar.finish_and_clear();
    // Written as it is produced: `--all`'s list is never held whole.
    let mut w = std::io::BufWriter::with_capacity(1 << 16, &mut *out);
    if json {
        serde_json::to_writer(&mut w, &report)?;
        writeln!(w)?;
    } else {
        write!(w, "{}", report.text(file))?;
        if let Some(all) = &report.all {
            render::write_script_positions(&mut w, all)?;
        }
    }
    Ok(())
}

/// `grundy script FILE --tiers DIR`: the same answer as [`run`], solved tier by tier with the
/// tiers in files of `dir`.
pub fn run_tiers(
    file: &str,
    json: bool,
    opts: &grundy_script::Options,
    dir: &std::path::Path,
    out: &mut dyn Write,
) -> Result<()> {
    let rules = compile(file)?;
    let bar = indicatif::ProgressBar::new_spinner();
    bar.set_style(super::progress_style("{spinner} {msg} ({elapsed})"));
    let report = rules
        .solve_tiers(opts, dir, &mut |p| {
            bar.set_message(match p {
                grundy_script::TierProgress::Exploring { tier, positions } => {
                    format!("exploring tier {tier}: {positions} positions")
                }
                grundy_script::TierProgress::Solving {
                    tier,
                    done,
                    positions,
                } => format!("solving tier {tier}: {done} of {positions} positions"),
            });
            bar.tick();
        })
        .map_err(|e| user(e.to_string()))?;
    bar.finish_and_clear();
    let mut w = std::io::BufWriter::new(&mut *out);
    if json {
        serde_json::to_writer(&mut w, &report)?;
        writeln!(w)?;
    } else {
        write!(w, "{}", report.text(file))?;
    }
    Ok(())
}
