//! `grundy list` and `grundy rules`.

use super::user;
use crate::render;
use anyhow::Result;
use grundy::registry::Registry;
use std::io::Write;

/// `grundy list`: every game, one line each.
pub fn list(registry: &Registry, out: &mut dyn Write) -> Result<()> {
    for e in registry.entries() {
        writeln!(out, "{:<22} {}", e.info.name, e.info.summary)?;
    }
    Ok(())
}

/// `grundy rules GAME`.
pub fn rules(registry: &Registry, game: &str, markdown: bool, out: &mut dyn Write) -> Result<()> {
    let entry = registry.lookup(game).map_err(|e| {
        let names = registry.entries().iter().map(|e| e.name().to_string());
        match crate::cli::nearest(game, names) {
            Some(near) => user(format!(
                "unknown game '{game}'; did you mean '{near}'? (see grundy list)"
            )),
            None => user(e),
        }
    })?;
    let info = entry.info;
    if markdown {
        write!(out, "{}", render::rules_markdown(info))?;
    } else {
        write!(out, "{}", render::rules_text(info))?;
    }
    Ok(())
}
