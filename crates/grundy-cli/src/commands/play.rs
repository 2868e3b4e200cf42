//! `grundy play`: a game against the engine, move by move, in the terminal.

use super::user;
use crate::args::GameArgs;
use crate::cli::Side;
use crate::render;
use anyhow::Result;
use grundy::analysis::Player;
use grundy::registry::Registry;
use grundy::rules::{DynGame, Position};
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
    let (game, start) = query.open().map_err(user)?;
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
    play(game.as_ref(), start, !engine_first, you, input, out)
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
    mut pos: Position,
    mut user_turn: bool,
    you: Option<Player>,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<()> {
    let mut lines = input.lines();
    let mut history: Vec<Position> = Vec::new();
    let words = render::words;
    let mut greeted = false;
    let mut line_number = 0;
    let start = (pos.clone(), user_turn);
    loop {
        let p = words(&game.canonical(&pos).map_err(user)?);
        let shown = if p.is_empty() {
            "(empty)".to_string()
        } else {
            p.join(" ")
        };
        let mover = you.map(|y| if user_turn { y } else { opponent(y) });
        // A position too large to play is refused before anything is printed.
        let moves = game.listed_moves(&pos, mover).map_err(user)?;
        if !greeted {
            let example = moves
                .first()
                .map(|(m, _)| format!(" ('{}')", m.description))
                .unwrap_or_default();
            writeln!(
                out,
                "{} — type a move in the words moves lists{example}, the position after it, or \
                 #N for the N-th of moves; or: hint, moves, undo, new, quit.",
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
        if moves.is_empty() {
            // Normal play: a partizan player with no move loses; an impartial position's
            // outcome says whether the player to move wins (misère variants).
            let mover_wins = match mover {
                Some(_) => false,
                None => game.solve(&pos, 1).map_err(user)?.outcome == grundy::Outcome::N,
            };
            // In a partizan game the other player may still have moves: say whose are gone.
            let gone = match mover {
                Some(m) => format!("{m:?} has no move left"),
                None => "no move left".to_string(),
            };
            write!(
                out,
                "Position: {shown} — {gone}.\n{}",
                render::position_picture(&p)
            )?;
            let you_win = mover_wins == user_turn;
            writeln!(out, "{}", if you_win { "You win!" } else { "grundy wins." })?;
            return Ok(());
        }
        if !user_turn {
            let (mv, to) = game
                .engine_move(&pos, mover)
                .map_err(user)?
                .expect("a position with moves has an engine move");
            let said = render::move_and_position(&mv.description, &words(&mv.to).join(" "));
            writeln!(out, "Position: {shown}\ngrundy plays {said}")?;
            history.push(pos.clone());
            pos = to;
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
        line_number += 1;
        let line = line.map_err(|e| {
            user(format!(
                "line {line_number} of the moves typed is unreadable: {}",
                if e.kind() == std::io::ErrorKind::InvalidData {
                    "not UTF-8 text".to_string()
                } else {
                    e.to_string()
                }
            ))
        })?;
        let typed: Vec<&str> = line.split_whitespace().collect();
        match typed.as_slice() {
            ["quit"] | ["q"] => return Ok(()),
            ["hint"] => {
                let mut a = game.solve(&pos, 10).map_err(user)?;
                // In a partizan game, only the moves of the side you play.
                if let Some(m) = mover {
                    a.winning_moves.retain(|w| w.player.is_none_or(|p| p == m));
                }
                write!(out, "{}", render::analysis_text(&a))?;
            }
            ["moves"] => {
                for (i, (m, _)) in moves.iter().take(30).enumerate() {
                    let to = words(&m.to).join(" ");
                    let said = render::move_and_position(&m.description, &to);
                    writeln!(out, "  #{:<3} {said}", i + 1)?;
                }
                if moves.len() > 30 {
                    writeln!(out, "  … and {} more", moves.len() - 30)?;
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
            ["new"] => {
                (pos, user_turn) = start.clone();
                history.clear();
                writeln!(out, "A new game from the start.")?;
            }
            [] => {}
            [n] if n.starts_with('#') => match n[1..].parse::<usize>() {
                Ok(k) if (1..=moves.len()).contains(&k) => {
                    history.push(pos.clone());
                    pos = moves[k - 1].1.clone();
                    user_turn = false;
                }
                _ => writeln!(
                    out,
                    "No move {n}: the moves are #1 to #{} (type moves to list them).",
                    moves.len()
                )?,
            },
            _ => match game.read_move(&pos, mover, &line) {
                Ok(to) => {
                    history.push(pos.clone());
                    pos = to;
                    user_turn = false;
                }
                Err(e) => writeln!(out, "Not a move: {e}")?,
            },
        }
    }
}
