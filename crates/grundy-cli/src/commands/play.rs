//! `grundy play`: a game against the engine, move by move, in the terminal.

use super::user;
use crate::args::GameArgs;
use crate::cli::Side;
use crate::render;
use anyhow::Result;
use grundy::analysis::Player;
use grundy::catalog::DynGame;
use grundy::registry::Registry;
use std::io::{BufRead, Write};

/// Plays `game` from its position, reading the user's moves from `input`.
pub fn run(
    registry: &Registry,
    game: &GameArgs,
    engine_first: bool,
    side: Option<Side>,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<()> {
    let query = game.query(registry).map_err(user)?;
    let game = query.game().map_err(user)?;
    let start = game.canonical(&query.words()).map_err(user)?;
    let you = match (game.partizan(), side) {
        (true, side) => Some(side.unwrap_or(Side::Left).player()),
        (false, None) => None,
        (false, Some(_)) => {
            return Err(user(format!(
                "--as chooses a side in partizan games; in {} both players have the same moves",
                game.name()
            )))
        }
    };
    play(
        game.as_ref(),
        render::words(&start),
        !engine_first,
        you,
        input,
        out,
    )
}

/// The other side.
fn opponent(p: Player) -> Player {
    match p {
        Player::Left => Player::Right,
        Player::Right => Player::Left,
    }
}

/// Plays against the engine through standard input; `you` is your side in a partizan game.
fn play(
    game: &dyn DynGame,
    mut pos: Vec<String>,
    mut user_turn: bool,
    you: Option<Player>,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<()> {
    let mut lines = input.lines();
    let mut history: Vec<Vec<String>> = Vec::new();
    let words = render::words;
    let mut greeted = false;
    loop {
        let p = pos.clone();
        let args = render::strs(&p);
        let shown = if p.is_empty() {
            "(empty)".to_string()
        } else {
            p.join(" ")
        };
        let mover = you.map(|y| if user_turn { y } else { opponent(y) });
        // A position too large to play is refused before anything is printed.
        let options = game.options(&args, mover).map_err(user)?;
        if !greeted {
            writeln!(
                out,
                "{} — type the position after your move (or #N, the N-th of moves), or: hint, moves, \
                 undo, quit.",
                game.name()
            )?;
            if let Some(y) = you {
                writeln!(out, "You play {y:?}, grundy plays {:?}.", opponent(y))?;
            }
            greeted = true;
        }
        let shown = match mover {
            Some(m) => format!("{shown} ({m:?} to move)"),
            None => shown,
        };
        if options.is_empty() {
            // Normal play: a partizan player with no move loses; an impartial position's
            // outcome says whether the player to move wins (misère variants).
            let mover_wins = match mover {
                Some(_) => false,
                None => game.solve(&args, 1).map_err(user)?.outcome == grundy::Outcome::N,
            };
            writeln!(out, "Position: {shown} — no move left.")?;
            let you_win = mover_wins == user_turn;
            writeln!(out, "{}", if you_win { "You win!" } else { "grundy wins." })?;
            return Ok(());
        }
        if !user_turn {
            let mv = game
                .engine_move(&args, mover)
                .map_err(user)?
                .expect("a position with moves has an engine move");
            let mv = words(&mv);
            writeln!(out, "Position: {shown}\ngrundy moves to: {}", mv.join(" "))?;
            history.push(pos.clone());
            pos = mv;
            user_turn = true;
            continue;
        }
        write!(
            out,
            "Position: {shown}\n{}your move> ",
            render::position_picture(&p)
        )?;
        out.flush()?;
        let Some(line) = lines.next() else {
            writeln!(out)?;
            return Ok(());
        };
        let line = line?;
        let typed: Vec<&str> = line.split_whitespace().collect();
        match typed.as_slice() {
            ["quit"] | ["q"] => return Ok(()),
            ["hint"] => {
                let mut a = game.solve(&args, 10).map_err(user)?;
                // In a partizan game, only the moves of the side you play.
                if let Some(m) = mover {
                    a.winning_moves.retain(|w| w.player.is_none_or(|p| p == m));
                }
                write!(out, "{}", render::analysis_text(&a))?;
            }
            ["moves"] => {
                for (i, o) in options.iter().take(30).enumerate() {
                    writeln!(out, "  #{:<3} {}", i + 1, words(o).join(" "))?;
                }
                if options.len() > 30 {
                    writeln!(out, "  … and {} more", options.len() - 30)?;
                }
            }
            ["undo"] => {
                if history.len() >= 2 {
                    pos = history[history.len() - 2].clone();
                    history.truncate(history.len() - 2);
                } else {
                    writeln!(out, "Nothing to undo.")?;
                }
            }
            [] => {}
            [n] if n.starts_with('#') => match n[1..].parse::<usize>() {
                Ok(k) if (1..=options.len()).contains(&k) => {
                    history.push(pos.clone());
                    pos = words(&options[k - 1]);
                    user_turn = false;
                }
                _ => writeln!(
                    out,
                    "No move {n}: the moves are #1 to #{} (type moves to list them).",
                    options.len()
                )?,
            },
            _ => match game.canonical(&typed) {
                Ok(to) if options.contains(&to) => {
                    history.push(pos.clone());
                    pos = words(&to);
                    user_turn = false;
                }
                Ok(_) => writeln!(
                    out,
                    "Not a legal move: {} is not one move away from {shown} (type moves to list them).",
                    typed.join(" ")
                )?,
                Err(e) => writeln!(out, "Not a position: {e}")?,
            },
        }
    }
}
