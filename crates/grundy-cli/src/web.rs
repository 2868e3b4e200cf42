//! The playground's backend: queries written as `grundy solve` arguments, answered by the
//! catalog exactly as the command line answers them.

use crate::args::GameCmd;
use crate::render::{strs, words};
use clap::Parser;
use grundy::catalog::DynGame;
use serde_json::{json, Value};
use std::sync::atomic::{AtomicU64, Ordering};

/// A query: the game subcommand with its options and position.
#[derive(Parser)]
#[command(name = "q", no_binary_name = true)]
struct QueryArgs {
    #[command(subcommand)]
    game: GameCmd,
}

/// A parsed query: the subcommand, its game, and the position's arguments.
type Parsed = (GameCmd, Box<dyn DynGame>, Vec<String>);

fn parse(q: &str) -> Result<Parsed, String> {
    let parsed = QueryArgs::try_parse_from(q.split_whitespace()).map_err(|e| {
        let text = e.render().to_string();
        let first = text.lines().next().unwrap_or("bad query").to_string();
        first
            .strip_prefix("error: ")
            .map(String::from)
            .unwrap_or(first)
    })?;
    let (game, args) = parsed.game.build().map_err(|e| e.to_string())?;
    Ok((parsed.game, game, args))
}

/// The most moves whose outcome the playground is sent (the page adds the winning moves of
/// the solve answer when they are beyond, and says how many moves there are in all).
const MOVES_SHOWN: usize = 500;

/// The command line's catalog behind the web server.
pub struct CliBackend;

impl grundy_web::Backend for CliBackend {
    fn solve(&self, q: &str) -> Result<String, String> {
        let (_, game, args) = parse(q)?;
        let a = game.solve(&strs(&args), 100).map_err(|e| e.to_string())?;
        serde_json::to_string(&a).map_err(|e| e.to_string())
    }

    fn moves(&self, q: &str) -> Result<Value, String> {
        let (_, game, args) = parse(q)?;
        let options = game
            .options(&strs(&args), None)
            .map_err(|e| e.to_string())?;
        let mut out = Vec::with_capacity(options.len().min(MOVES_SHOWN));
        for o in options.iter().take(MOVES_SHOWN) {
            let w = words(o);
            let a = game.solve(&strs(&w), 0).map_err(|e| e.to_string())?;
            out.push(json!({ "to": o, "outcome": a.outcome }));
        }
        Ok(json!({ "moves": out, "total": options.len() }))
    }

    fn engine(&self, q: &str) -> Result<Value, String> {
        let (_, game, args) = parse(q)?;
        let mv = game
            .engine_move(&strs(&args), None)
            .map_err(|e| e.to_string())?;
        Ok(json!({ "to": mv }))
    }

    fn games(&self) -> Value {
        grundy::games::ALL
            .iter()
            .map(|i| json!({ "name": i.name, "title": i.title, "example": i.example }))
            .collect()
    }

    fn picture(&self, q: &str) -> Result<String, String> {
        static COUNTER: AtomicU64 = AtomicU64::new(0);
        let (cmd, _, args) = parse(q)?;
        if !args.is_empty() {
            return Err("a picture takes the game and its options, without a position".into());
        }
        let file = std::env::temp_dir().join(format!(
            "grundy-picture-{}-{}.svg",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed)
        ));
        let drawn = crate::picture::draw(&cmd, Default::default(), &file);
        let svg = drawn.and_then(|()| std::fs::read_to_string(&file).map_err(|e| e.to_string()));
        let _ = std::fs::remove_file(&file);
        svg
    }
}
