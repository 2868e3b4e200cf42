//! Test helpers: every closed form is checked against the brute-force solver.

use crate::catalog::Ruleset;
use crate::solver::{Brute, Convention, Game};
use crate::{Nat, Outcome};
use std::collections::HashSet;
use std::fmt::Debug;

/// Whether a game's verdict must carry a Grundy value on the checked positions.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Grundy {
    /// The value must be present and equal the brute-force value.
    Required,
    /// It must be absent (misère games).
    Absent,
    /// Not compared here (the game reports the value of a related game; checked elsewhere).
    Unchecked,
}

/// Checks outcome, Grundy value and the exact set of winning moves of every position in
/// `positions` against the brute-force solver; returns how many positions were checked.
pub fn check_all<R>(
    game: &R,
    positions: impl IntoIterator<Item = <R as Ruleset>::Pos>,
    grundy: Grundy,
) -> usize
where
    R: Ruleset + Game<Position = <R as Ruleset>::Pos>,
    <R as Ruleset>::Pos: Debug,
{
    let mut brute = Brute::new(game);
    let mut count = 0;
    for p in positions {
        count += 1;
        let v = game.verdict(&p).unwrap_or_else(|e| panic!("{p:?}: {e}"));
        let wins = brute.wins(&p);
        assert_eq!(v.outcome, Outcome::from_win(wins), "outcome of {p:?}");
        match (grundy, &v.grundy) {
            (Grundy::Unchecked, _) => {}
            (Grundy::Absent, g) => assert!(g.is_none(), "{p:?} has a Grundy value"),
            (Grundy::Required, None) => panic!("{p:?} has no Grundy value"),
            (_, Some(g)) => {
                assert_eq!(game.convention(), Convention::Normal);
                assert_eq!(*g, Nat::from(brute.grundy(&p)), "Grundy value of {p:?}");
            }
        }
        // Several moves may reach the same position (taking a heap of 1 from either of two
        // equal heaps); the catalog reports each position once, so compare as sets.
        let mut claimed = HashSet::new();
        for m in v.winning {
            assert!(m.player.is_none());
            assert!(!m.description.is_empty());
            claimed.insert(m.to.clone());
        }
        let expected: HashSet<_> = brute.winning_moves(&p).into_iter().collect();
        assert_eq!(claimed, expected, "winning moves of {p:?}");
    }
    count
}

/// Every tuple of length `0..=max_len` with entries `0..=max_value`.
pub fn tuples(max_len: usize, max_value: u64) -> Vec<Vec<Nat>> {
    let mut all = vec![vec![]];
    let mut layer: Vec<Vec<Nat>> = vec![vec![]];
    for _ in 0..max_len {
        let mut next = Vec::new();
        for t in &layer {
            for v in 0..=max_value {
                let mut t = t.clone();
                t.push(Nat::from(v));
                next.push(t);
            }
        }
        all.extend(next.iter().cloned());
        layer = next;
    }
    all
}

/// `n` as a natural number.
pub fn nat(n: u64) -> Nat {
    Nat::from(n)
}
