//! Every game of the catalog, played from its example position to its end (as Left first and
//! as Right first in a partizan game, one side making the engine's moves and the other the
//! last move listed): every position on the way, the empty one at the end included, is
//! written, read back to itself, solved, and written as JSON; every move is read back from
//! the words it is listed with and from the position it leaves.

use grundy::analysis::Player;
use grundy::registry::Registry;

fn words(tokens: &[grundy::analysis::Token]) -> Vec<String> {
    tokens.iter().map(ToString::to_string).collect()
}

#[test]
fn every_game_is_played_to_its_end_and_every_position_reads_back() {
    let registry = Registry::catalog();
    let mut played = 0;
    for entry in registry.entries() {
        let query = registry
            .parse(entry.info.example)
            .expect("the example reads");
        let game = query.game().expect("the example builds");
        let starts: &[Option<Player>] = if game.partizan() {
            &[Some(Player::Left), Some(Player::Right)]
        } else {
            &[None]
        };
        for &first in starts {
            let start = game.position(&query.words()).unwrap();
            let mut pos: Vec<String> = words(&game.canonical(&start).unwrap());
            let mut mover = first;
            let mut engine_turn = true;
            for step in 0.. {
                assert!(step < 500, "{}: no end after 500 moves", entry.info.name);
                let args: Vec<&str> = pos.iter().map(String::as_str).collect();
                let what = format!("{} {}", entry.info.name, pos.join(" "));
                let at = game.position(&args).unwrap();
                assert_eq!(words(&game.canonical(&at).unwrap()), pos, "{what}");
                let analysis = game.solve(&at, 5).unwrap_or_else(|e| panic!("{what}: {e}"));
                serde_json::to_string(&analysis).unwrap();
                let moves = game.listed_moves(&at, mover).unwrap();
                if moves.is_empty() {
                    if mover.is_some() {
                        // In normal play the player who cannot move has lost.
                        assert!(analysis.winning_moves.iter().all(|m| m.player != mover));
                    }
                    break;
                }
                let written = |p: &grundy::Position| game.canonical(p);
                for (m, to) in &moves {
                    assert_eq!(
                        written(to).as_ref(),
                        Ok(&m.to),
                        "{what}: '{}'",
                        m.description
                    );
                    let by_words = game.read_move(&at, mover, &m.description);
                    assert_eq!(
                        by_words.and_then(|p| written(&p)).as_ref(),
                        Ok(&m.to),
                        "{what}: '{}'",
                        m.description
                    );
                    let after = words(&m.to).join(" ");
                    assert_eq!(
                        game.read_move(&at, mover, &after)
                            .and_then(|p| written(&p))
                            .as_ref(),
                        Ok(&m.to),
                        "{what}"
                    );
                }
                let to = if engine_turn {
                    let (m, to) = game.engine_move(&at, mover).unwrap().expect("a move");
                    assert_eq!(written(&to).as_ref(), Ok(&m.to), "{what}");
                    // The engine's move is one of the moves listed, in the same words.
                    assert!(
                        moves
                            .iter()
                            .any(|(l, _)| l.to == m.to && l.description == m.description),
                        "{what}: {m:?}"
                    );
                    m.to
                } else {
                    moves.last().unwrap().0.to.clone()
                };
                pos = words(&to);
                engine_turn = !engine_turn;
                mover = mover.map(|p| match p {
                    Player::Left => Player::Right,
                    Player::Right => Player::Left,
                });
            }
            played += 1;
        }
    }
    assert!(played >= registry.entries().len());
}
