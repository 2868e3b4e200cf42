//! Sums of games against brute force: for every pair of catalog games (and triples of some),
//! every sum of their small positions is solved, and the answer is checked against a search of
//! the whole sum's moves that knows no theorem — who wins, the Grundy value (the mex of the
//! options' values), and that the winning moves listed are exactly the moves to positions the
//! player to move wins from (each naming its component and that component's new position).

use grundy::analysis::{Player, Token};
use grundy::registry::Registry;
use grundy::rules::{DynGame, TableShape};
use grundy::{Outcome, Position};
use num_traits::Zero;
use std::collections::{HashMap, HashSet};

fn words(tokens: &[Token]) -> Vec<String> {
    tokens.iter().map(ToString::to_string).collect()
}

/// The games tried, as written, with some small positions of each (from their tables).
fn small_positions(registry: &Registry, spec: &str, per_axis: u64) -> Vec<String> {
    let game = registry.parse(spec).unwrap().game().unwrap();
    let coords: Vec<Vec<u64>> = match game.table_shape() {
        Some(TableShape::Row { first, .. }) => (first..first + per_axis).map(|n| vec![n]).collect(),
        Some(TableShape::Grid { first, .. }) => {
            let r = first..first + per_axis.min(3);
            r.clone()
                .flat_map(|a| r.clone().map(move |b| vec![a, b]))
                .collect()
        }
        // Games whose positions are not indexed by numbers: a few small ones.
        None => {
            let some: &[&str] = match spec {
                "parity-split" => &["1", "3", "1 2", "3 2", "5", "2 2"],
                "moore --k 2" => &["1", "1 1", "2 1", "2 2", "1 1 1"],
                _ => &[],
            };
            return some
                .iter()
                .take(per_axis.max(1) as usize + 1)
                .map(|p| format!("{spec} {p}"))
                .collect();
        }
    };
    coords
        .iter()
        .filter_map(|c| game.table_position(c).unwrap())
        .map(|p| format!("{spec} {}", words(&game.canonical(&p).unwrap()).join(" ")))
        .collect()
}

/// Brute force over a whole impartial sum: the Grundy value as the mex of its options'.
struct Impartial<'a> {
    sum: &'a dyn DynGame,
    memo: HashMap<Vec<String>, u64>,
}

impl Impartial<'_> {
    fn grundy(&mut self, pos: &Position) -> u64 {
        let key = words(&self.sum.canonical(pos).unwrap());
        if let Some(&g) = self.memo.get(&key) {
            return g;
        }
        let options = self.sum.options(pos, None).unwrap();
        let seen: HashSet<u64> = options.iter().map(|o| self.grundy(o)).collect();
        let g = (0..).find(|g| !seen.contains(g)).unwrap();
        self.memo.insert(key, g);
        g
    }
}

/// Solves the sum written as `text` and checks it against brute force; returns its value.
fn check_impartial(registry: &Registry, brute: &mut Impartial, text: &str) {
    let q = registry.parse(text).unwrap();
    let sum = brute.sum;
    let at = sum.position(&q.words()).unwrap();
    let a = sum
        .solve(&at, 1000)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(a.position, sum.canonical(&at).unwrap(), "{text}");
    let g = brute.grundy(&at);
    // The cutting game's values are those of the game in which no strip of width 1 is cut
    // (cutting one loses at once), not the mex over every cut: only who wins is compared.
    let sudden = text.contains("cutting");
    match &a.grundy {
        Some(value) if sudden => assert_eq!(value.is_zero(), g == 0, "{text}"),
        Some(value) => assert_eq!(*value, g.into(), "{text}"),
        // Only a sum that a component ends at once (a 1×1 piece of the cutting game) has
        // no Grundy value.
        None => assert!(sum.ends_at_once(&at).unwrap().is_some(), "{text}"),
    }
    assert_eq!(a.outcome, Outcome::from_win(g != 0), "{text}");
    assert!(
        !a.winning_moves_truncated && !a.winning_moves_partial,
        "{text}"
    );
    // The winning moves are exactly the options worth 0.
    let listed = sum.listed_moves(&at, None).unwrap();
    let to_zero: HashSet<Vec<String>> = listed
        .iter()
        .filter(|(_, to)| brute.grundy(to) == 0)
        .map(|(m, _)| words(&m.to))
        .collect();
    let said: HashSet<Vec<String>> = a
        .winning_moves
        .iter()
        .map(|m| {
            let i = m.component.expect("a sum's move names its component");
            // The whole position after the move: the component replaced by `to`.
            let spec = a.components.as_ref().unwrap()[i].game.to_string();
            let spec_len = spec.split_whitespace().count();
            let whole = listed
                .iter()
                .map(|(l, _)| l)
                .find(|l| {
                    let chunk = l.to.split(|t| t.to_string() == "+").nth(i).unwrap();
                    l.component == Some(i) && chunk[spec_len..] == m.to[..]
                })
                .unwrap_or_else(|| panic!("{text}: '{}' is not a move", m.description));
            words(&whole.to)
        })
        .collect();
    assert_eq!(said, to_zero, "{text}");
    assert_eq!(
        said.len(),
        a.winning_moves.len(),
        "{text}: a move listed twice"
    );
    // Each move's `to` is that component's new position, as its game writes it.
    for m in &a.winning_moves {
        let i = m.component.unwrap();
        let c = &a.components.as_ref().unwrap()[i];
        let game = registry.parse(&c.game.to_string()).unwrap().game().unwrap();
        let to: Vec<String> = words(&m.to);
        let to: Vec<&str> = to.iter().map(String::as_str).collect();
        let to = game.position(&to).unwrap();
        assert_eq!(game.canonical(&to).unwrap(), m.to, "{text}");
    }
}

const IMPARTIAL: &[&str] = &[
    "nim",
    "bash --max 2",
    "wythoff",
    "staircase",
    "euclid",
    "subtraction --set 1,3,4",
    "all-but --set 1",
    "split-nim",
    "lasker",
    "kayles",
    "dawson",
    "grundys-game",
    "octal 0.07",
    "circle",
    "cutting",
    "parity-split",
    "moore --k 2",
];

#[test]
fn impartial_sums_of_two_games_agree_with_brute_force() {
    let registry = Registry::catalog();
    let mut checked = 0;
    for (i, a) in IMPARTIAL.iter().enumerate() {
        for b in &IMPARTIAL[i + 1..] {
            let text = format!("{a} + {b}");
            let q = registry.parse(&format!(
                "{} + {}",
                first(&registry, a),
                first(&registry, b)
            ));
            let sum = q.unwrap().game().unwrap();
            let mut brute = Impartial {
                sum: sum.as_ref(),
                memo: HashMap::new(),
            };
            for pa in small_positions(&registry, a, 4) {
                for pb in small_positions(&registry, b, 4) {
                    check_impartial(&registry, &mut brute, &format!("{pa} + {pb}"));
                    checked += 1;
                }
            }
            assert!(checked > 0, "{text}: no positions");
        }
    }
    eprintln!("{checked} sums of two games checked");
    assert!(checked > 1000);
}

#[test]
fn impartial_sums_of_three_games_agree_with_brute_force() {
    let registry = Registry::catalog();
    let games = [
        "nim",
        "wythoff",
        "kayles",
        "subtraction --set 1,3,4",
        "cutting",
    ];
    let mut checked = 0;
    for (i, a) in games.iter().enumerate() {
        for (j, b) in games.iter().enumerate().skip(i + 1) {
            for c in &games[j + 1..] {
                let q = format!(
                    "{} + {} + {}",
                    first(&registry, a),
                    first(&registry, b),
                    first(&registry, c)
                );
                let sum = registry.parse(&q).unwrap().game().unwrap();
                let mut brute = Impartial {
                    sum: sum.as_ref(),
                    memo: HashMap::new(),
                };
                for pa in small_positions(&registry, a, 3) {
                    for pb in small_positions(&registry, b, 3) {
                        for pc in small_positions(&registry, c, 3) {
                            check_impartial(&registry, &mut brute, &format!("{pa} + {pb} + {pc}"));
                            checked += 1;
                        }
                    }
                }
            }
        }
    }
    eprintln!("{checked} sums of three games checked");
    assert!(checked > 1000);
}

/// The first small position of `spec`, to build the sum's game from.
fn first(registry: &Registry, spec: &str) -> String {
    small_positions(registry, spec, 1).remove(0)
}

/// Brute force over a whole sum with partizan parts: whether the player to move wins.
struct Partizan<'a> {
    sum: &'a dyn DynGame,
    memo: HashMap<(Vec<String>, Player), bool>,
}

fn other(p: Player) -> Player {
    match p {
        Player::Left => Player::Right,
        Player::Right => Player::Left,
    }
}

impl Partizan<'_> {
    fn wins_moving(&mut self, pos: &Position, p: Player) -> bool {
        let key = (words(&self.sum.canonical(pos).unwrap()), p);
        if let Some(&w) = self.memo.get(&key) {
            return w;
        }
        let options = self.sum.options(pos, Some(p)).unwrap();
        let w = options.iter().any(|o| !self.wins_moving(o, other(p)));
        self.memo.insert(key, w);
        w
    }

    fn outcome(&mut self, pos: &Position) -> Outcome {
        match (
            self.wins_moving(pos, Player::Left),
            self.wins_moving(pos, Player::Right),
        ) {
            (true, true) => Outcome::N,
            (true, false) => Outcome::L,
            (false, true) => Outcome::R,
            (false, false) => Outcome::P,
        }
    }
}

#[test]
fn sums_with_partizan_games_agree_with_brute_force() {
    let registry = Registry::catalog();
    let parts: &[(&str, &[&str])] = &[
        (
            "domineering",
            &["..|..", "...", ".|.|.", "..|.#", "...|..."],
        ),
        ("hackenbush", &["l", "r", "e", "lr", "rle", "le e"]),
        ("cutcake", &["1x2", "2x1", "2x2", "3x2"]),
        ("toads-frogs", &["T.F", "TT.F", "T..F"]),
        ("clobber", &["xo", "xox", "xo|ox"]),
        ("partizan-subtraction --left 1,2 --right 1,3", &["3", "5"]),
        ("nim", &["1", "2", "1 2"]),
        ("kayles", &["2", "3"]),
    ];
    let mut checked = 0;
    for (i, (a, pas)) in parts.iter().enumerate() {
        for (b, pbs) in &parts[i + 1..] {
            for pa in *pas {
                for pb in *pbs {
                    let text = format!("{a} {pa} + {b} {pb}");
                    let q = registry.parse(&text).unwrap();
                    let sum = q.game().unwrap();
                    if !sum.partizan() {
                        continue;
                    }
                    let mut brute = Partizan {
                        sum: sum.as_ref(),
                        memo: HashMap::new(),
                    };
                    let at = sum.position(&q.words()).unwrap();
                    let an = sum
                        .solve(&at, 1000)
                        .unwrap_or_else(|e| panic!("{text}: {e}"));
                    assert_eq!(an.outcome, brute.outcome(&at), "{text}");
                    // Each player's winning moves: those after which the opponent, moving
                    // next, loses.
                    for p in [Player::Left, Player::Right] {
                        let listed = sum.listed_moves(&at, Some(p)).unwrap();
                        let good: HashSet<String> = listed
                            .iter()
                            .filter(|(_, to)| !brute.wins_moving(to, other(p)))
                            .map(|(m, _)| format!("{p:?} {}", m.description))
                            .collect();
                        let said: HashSet<String> = an
                            .winning_moves
                            .iter()
                            .filter(|m| m.player == Some(p))
                            .map(|m| m.description.clone())
                            .collect();
                        assert_eq!(said, good, "{text}: {p:?}");
                    }
                    checked += 1;
                }
            }
        }
    }
    eprintln!("{checked} sums with partizan games checked");
    assert!(checked > 200);
}
