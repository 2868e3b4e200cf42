//! Games given by their moves ([`grundy::explored::Explored`], what Python's `grundy.Game`
//! explores) added to catalog games ([`grundy::sum::SumGame::of`]): every small sum is
//! answered exactly as the same sum written with the catalog's own game of the same rules —
//! who wins by normal and by misère play, the Grundy value, and the winning moves (each to the
//! same position, each leaving a position lost for the player to move).

use grundy::analysis::{Player, Token};
use grundy::explored::Explored;
use grundy::misere::MisereGame;
use grundy::registry::Registry;
use grundy::rules::DynGame;
use grundy::sum::SumGame;
use grundy::{Outcome, Position};
use std::sync::Arc;

/// The moves of subtraction from heaps 0 … `top`, a move taking one of `set`.
fn takes(top: u32, set: &'static [u32]) -> Vec<(u32, u32)> {
    (0..=top)
        .flat_map(|h| {
            set.iter()
                .filter(move |&&s| s <= h)
                .map(move |&s| (h, h - s))
        })
        .collect()
}

fn heaps(top: u32) -> Vec<String> {
    (0..=top).map(|h| h.to_string()).collect()
}

/// Subtraction {1, 2} (`subtraction --set 1,2`) on heaps up to `top`, given by its moves.
fn take12(top: u32) -> Arc<dyn DynGame> {
    Arc::new(Explored::impartial("take12", heaps(top), takes(top, &[1, 2])).unwrap())
}

/// The partizan subtraction game where Left takes 1 and Right takes 1 or 2
/// (`partizan-subtraction --left 1 --right 1,2`), given by its moves.
fn lr(top: u32) -> Arc<dyn DynGame> {
    let (left, right) = (takes(top, &[1]), takes(top, &[1, 2]));
    Arc::new(Explored::partizan("lr", heaps(top), left, right).unwrap())
}

fn text(tokens: &[Token]) -> String {
    tokens
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The sum of `mine` at `h` and the catalog's `rest`, and the same sum written in words.
fn both(mine: &Arc<dyn DynGame>, h: u32, rest: &str) -> (SumGame, grundy::Position) {
    let at = mine.position(&[h.to_string().as_str()]).unwrap();
    let (game, p) = Registry::catalog().parse(rest).unwrap().open().unwrap();
    SumGame::of(vec![(mine.clone(), at), (Arc::from(game), p)]).unwrap()
}

/// A sum and the catalog's own: its words, ours and its position, theirs and its position.
type Pair = (String, SumGame, Position, Box<dyn DynGame>, Position);

/// Every sum of `mine` at 0 … `top` and one of `rests`, beside the same sum written with
/// the catalog's game `same` (the rules of `mine`).
fn pairs(mine: &Arc<dyn DynGame>, top: u32, same: &str, rests: &[&str]) -> Vec<Pair> {
    let mut out = Vec::new();
    for h in 0..=top {
        for rest in rests {
            let (sum, p) = both(mine, h, rest);
            let words = format!("{same} {h} + {rest}");
            let (theirs, q) = Registry::catalog().parse(&words).unwrap().open().unwrap();
            out.push((words, sum, p, theirs, q));
        }
    }
    out
}

#[test]
fn impartial_sums_answer_as_the_catalogs_own_game() {
    let rests = [
        "nim 0",
        "nim 3",
        "nim 5",
        "kayles 4",
        "kayles 2 3",
        "nim 2 + kayles 3",
    ];
    for (words, sum, p, same, q) in pairs(&take12(12), 12, "subtraction --set 1,2", &rests) {
        let (a, b) = (sum.solve(&p, 100).unwrap(), same.solve(&q, 100).unwrap());
        assert_eq!((a.outcome, &a.grundy), (b.outcome, &b.grundy), "{words}");
        // The same winning moves (each to its component's new position), and exactly the
        // moves that leave a P-position.
        // (The catalog's subtraction game writes an empty heap as no heap.)
        let to = |m: &grundy::analysis::WinningMove| match text(&m.to).as_str() {
            "" => (m.component, "0".to_string()),
            t => (m.component, t.to_string()),
        };
        let mut ours: Vec<_> = a.winning_moves.iter().map(to).collect();
        let mut theirs: Vec<_> = b.winning_moves.iter().map(to).collect();
        ours.sort();
        theirs.sort();
        assert_eq!(ours, theirs, "{words}");
        for (m, after) in sum.listed_moves(&p, None).unwrap() {
            let lost = sum.outcome_of(&after).unwrap() == Outcome::P;
            let listed = a
                .winning_moves
                .iter()
                .any(|w| w.description == m.description);
            assert_eq!(lost, listed, "{words}: {}", m.description);
        }
        // Misère play of the whole sum, against the catalog's misère sum.
        let misere = MisereGame::shared(Arc::new(sum)).unwrap();
        let q = Registry::catalog()
            .parse(&format!("--misere {words}"))
            .unwrap();
        let (same, q) = q.open().unwrap();
        assert_eq!(
            misere.solve(&p, 100).unwrap().outcome,
            same.solve(&q, 100).unwrap().outcome,
            "--misere {words}"
        );
    }
}

#[test]
fn partizan_sums_answer_as_the_catalogs_own_game() {
    let rests = [
        "nim 1",
        "nim 2",
        "partizan-subtraction --left 1 --right 1,2 3",
    ];
    let rules = "partizan-subtraction --left 1 --right 1,2";
    for (words, sum, p, same, q) in pairs(&lr(10), 10, rules, &rests) {
        assert_eq!(
            sum.value(&p).unwrap().canonical,
            same.value(&q).unwrap().canonical,
            "{words}"
        );
        let a = sum.solve(&p, 100).unwrap();
        assert_eq!(a.outcome, same.solve(&q, 100).unwrap().outcome, "{words}");
        // Each winning move leaves a position its mover wins moving second.
        for m in &a.winning_moves {
            let player = m.player.expect("a partizan move names its player");
            let after = sum
                .listed_moves(&p, Some(player))
                .unwrap()
                .into_iter()
                .find(|(l, _)| {
                    // A sum's answer says who makes each move; its list of moves, asked
                    // for one player, does not.
                    let said = format!("{player:?} {}", l.description);
                    l.description == m.description || said == m.description
                })
                .unwrap_or_else(|| panic!("{words}: {m:?} is not a listed move"))
                .1;
            let o = sum.outcome_of(&after).unwrap();
            let good = match player {
                Player::Left => matches!(o, Outcome::L | Outcome::P),
                Player::Right => matches!(o, Outcome::R | Outcome::P),
            };
            assert!(good, "{words}: {} leaves {o}", m.description);
        }
    }
}

#[test]
fn sums_of_sums_flatten_and_bad_sums_are_refused() {
    let mine = take12(6);
    let (inner, p) = both(&mine, 4, "nim 3");
    let inner: Arc<dyn DynGame> = Arc::new(inner);
    let (k, q) = Registry::catalog()
        .parse("kayles 2")
        .unwrap()
        .open()
        .unwrap();
    let (sum, r) = SumGame::of(vec![(inner, p), (Arc::from(k), q)]).unwrap();
    assert_eq!(
        text(&sum.canonical(&r).unwrap()),
        "take12 4 + nim 3 + kayles 2"
    );
    assert!(sum.solve(&r, 10).unwrap().components.unwrap().len() == 3);

    let e = SumGame::of(Vec::new()).err().unwrap().to_string();
    assert!(e.contains("an empty sum"), "{e}");
    for misere in ["kayles --misere 4", "kayles 4 + nim 2 --misere"] {
        let (m, q) = Registry::catalog().parse(misere).unwrap().open().unwrap();
        let e = SumGame::of(vec![(Arc::from(m), q)])
            .err()
            .unwrap()
            .to_string();
        assert!(
            e.contains("misère play is a convention of the whole sum"),
            "{e}"
        );
    }
    let other = take12(6);
    let (a, b) = (
        mine.position(&["1"]).unwrap(),
        other.position(&["2"]).unwrap(),
    );
    let e = SumGame::of(vec![(mine.clone(), a.clone()), (other, b)]);
    assert!(e.err().unwrap().to_string().contains("named 'take12'"));
    // One game twice is one game.
    assert!(SumGame::of(vec![(mine.clone(), a.clone()), (mine, a)]).is_ok());
}
