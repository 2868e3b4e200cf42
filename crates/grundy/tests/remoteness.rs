//! Remoteness, for every impartial game of the catalog, checked against its definition (C. A.
//! B. Smith 1966; Winning Ways ch. 9) on the small positions of its table: a position with no
//! move has remoteness 0; a won position has 1 + the least remoteness of its moves to lost
//! positions; a lost one 1 + the largest remoteness of its moves. Each option's remoteness is
//! asked for afresh, through the same public call as `grundy solve`.

use grundy::registry::Registry;
use grundy::rules::TableShape;
use grundy::{Nat, Outcome};

#[test]
fn every_impartial_games_remoteness_meets_its_definition_on_small_positions() {
    let registry = Registry::catalog();
    let mut games_checked = 0;
    for entry in registry.entries() {
        let query = registry.parse(entry.info.example).unwrap();
        let game = query.game().unwrap();
        if game.partizan() {
            continue;
        }
        let coords: Vec<Vec<u64>> = match game.table_shape() {
            Some(TableShape::Row { first, .. }) => (first..first + 16).map(|n| vec![n]).collect(),
            Some(TableShape::Grid { first, .. }) => (first..first + 6)
                .flat_map(|r| (first..first + 6).map(move |c| vec![r, c]))
                .collect(),
            None => Vec::new(),
        };
        let mut positions: Vec<_> = coords
            .iter()
            .filter_map(|c| game.table_position(c).unwrap())
            .collect();
        positions.push(game.position(&query.words()).unwrap());
        let mut checked = 0;
        for pos in &positions {
            let what = format!(
                "{} {}",
                entry.info.name,
                grundy::nat::join(&game.canonical(pos).unwrap())
            );
            let Some(r) = game.remoteness_of(pos).unwrap() else {
                continue;
            };
            let outcome = game.outcome_of(pos).unwrap();
            let options = game.options(pos, None).unwrap();
            let mut to_lost: Option<Nat> = None;
            let mut longest: Option<Nat> = None;
            for o in &options {
                let ro = game
                    .remoteness_of(o)
                    .unwrap()
                    .unwrap_or_else(|| panic!("{what}: an option without remoteness"));
                if game.outcome_of(o).unwrap() == Outcome::P {
                    to_lost = Some(to_lost.map_or(ro.clone(), |b| b.min(ro.clone())));
                }
                longest = Some(longest.map_or(ro.clone(), |b| b.max(ro)));
            }
            let expected = match (options.is_empty(), outcome, to_lost, longest) {
                (true, ..) => Nat::from(0u32),
                (false, Outcome::N, Some(best), _) => best + 1u32,
                (false, Outcome::P, None, Some(most)) => most + 1u32,
                other => panic!("{what}: outcome and options disagree: {other:?}"),
            };
            assert_eq!(r, expected, "{what}");
            checked += 1;
        }
        if checked > 0 {
            games_checked += 1;
        }
    }
    // Most impartial games have small positions whose remoteness is found.
    assert!(games_checked >= 15, "only {games_checked} games checked");
}
