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
    let info = registry.lookup(game).map_err(user)?.info;
    if markdown {
        write!(out, "{}", render::rules_markdown(info))?;
    } else {
        write!(out, "{}", render::rules_text(info))?;
    }
    Ok(())
}
