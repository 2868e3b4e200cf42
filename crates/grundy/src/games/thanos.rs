//! Thanos Nim: take from exactly half of the piles at once.

use super::{int_tokens, parse_all};
use crate::analysis::{Move, Token, Verdict};
use crate::registry::{Entry, PositionSpec};
use crate::rules::{GameInfo, Ruleset};
use crate::solver::{grundy_within, Game};
use crate::{invalid, GameError, Nat, Outcome};
use itertools::Itertools;
use num_traits::{One, ToPrimitive, Zero};

/// Thanos Nim (Codeforces 1147C).
#[derive(Clone, Copy, Debug, Default)]
pub struct Thanos;

/// Description of Thanos Nim.
pub static INFO: GameInfo = GameInfo {
    name: "thanos",
    title: "Thanos Nim",
    summary: "n piles (n even); take from exactly n/2 non-empty piles at once",
    usage: "thanos P1 P2 … Pn",
    example: "thanos 1 2 3 4",
    rules: "An even number n of piles. A move chooses exactly n/2 non-empty piles and takes at \
            least one token from each. Who cannot move (fewer than n/2 non-empty piles) loses.",
    theory: "The player to move loses exactly when more than n/2 piles have the minimum size m. \
             From such a position every move lowers some minimum piles or leaves them as the \
             minimum with at most n/2 copies; from any other position the mover lowers n/2 \
             piles above m, enough of them to m, making more than n/2 minimum piles. The winning \
             moves are exactly those: the minimum piles stay, n/2 larger piles are lowered, at \
             least n/2 + 1 − (number of minimum piles) of them to m and the others to any size \
             above m. Grundy values have no known formula; they are computed when the position \
             has at most about 10⁵ positions below it and reported as null beyond.",
    source: "Codeforces Round 556, problem 1147C (Thanos Nim).",
};

/// Grundy values are searched only when the product of (pile + 1) — a bound on the positions
/// below — is at most this; each of those positions may have as many moves again.
const GRUNDY_LIMIT: u64 = 5_000;

/// The registry's entry: names, parameters and notation of the game.
pub static ENTRY: Entry = Entry {
    info: &INFO,
    about: "Thanos Nim: take from exactly half of the piles.",
    params: &[],
    position: PositionSpec {
        value_name: "P",
        help: "Pile sizes (an even number of piles).",
    },
    build: |_| super::boxed(Thanos),
    sequence: None,
};

impl Ruleset for Thanos {
    type Pos = Vec<Nat>;

    fn options(&self, p: &Vec<Nat>) -> Result<Vec<Vec<Nat>>, GameError> {
        super::listable(super::product_plus_one(p), &Ruleset::name(self))?;
        Ok(Game::moves(self, p))
    }

    fn info(&self) -> &'static GameInfo {
        &INFO
    }

    fn parse(&self, args: &[&str]) -> Result<Vec<Nat>, GameError> {
        if args.is_empty() || args.len() % 2 == 1 {
            return Err(invalid!(
                "thanos needs an even number of piles (at least 2), got {}",
                args.len()
            ));
        }
        parse_all(args, "pile")
    }

    fn tokens(&self, piles: &Vec<Nat>) -> Vec<Token> {
        int_tokens(piles)
    }

    fn verdict(&self, piles: &Vec<Nat>) -> Result<Verdict<'_, Vec<Nat>>, GameError> {
        let n = piles.len();
        let half = n / 2;
        let m = piles.iter().min().cloned().unwrap_or_default();
        let k = piles.iter().filter(|p| **p == m).count();
        let lost = k > half;
        let explanation = format!(
            "The smallest pile has {m} token{} and {k} of the {n} piles {} it; the player to \
             move loses exactly when that is more than half ({half}){}.",
            if m.is_one() { "" } else { "s" },
            if k == 1 { "has" } else { "have" },
            if lost {
                ""
            } else {
                ": they win by lowering half of the larger piles so that more than half are \
                 at the minimum"
            }
        );
        let winning: Box<dyn Iterator<Item = Move<Vec<Nat>>>> = if lost {
            Box::new(std::iter::empty())
        } else {
            Box::new(winning_moves(piles.clone(), m, half + 1 - k))
        };
        Ok(Verdict {
            search: None,
            partial: false,
            outcome: Outcome::from_win(!lost),
            grundy: small_grundy(self, piles).map(Nat::from),
            winning,
            explanation,
        })
    }
}

/// The Grundy value by brute force, when the positions below are few.
pub(crate) fn small_grundy<G: Game<Position = Vec<Nat>>>(game: &G, piles: &[Nat]) -> Option<u64> {
    let mut below = 1u64;
    for p in piles {
        below = below.checked_mul(p.to_u64()?.checked_add(1)?)?;
        if below > GRUNDY_LIMIT {
            return None;
        }
    }
    grundy_within(game, &piles.to_vec(), GRUNDY_LIMIT as usize)
}

/// The winning moves: choose n/2 piles above the minimum `m`; at least `need` of them go to
/// `m`, the others to a size in (m, original). Enumerated lazily in a fixed order.
fn winning_moves(piles: Vec<Nat>, m: Nat, need: usize) -> impl Iterator<Item = Move<Vec<Nat>>> {
    let half = piles.len() / 2;
    let above: Vec<usize> = (0..piles.len()).filter(|&i| piles[i] > m).collect();
    above
        .into_iter()
        .combinations(half)
        .flat_map(move |chosen| {
            let (piles, m) = (piles.clone(), m.clone());
            (need..=half).flat_map(move |z| {
                let (piles, m, chosen) = (piles.clone(), m.clone(), chosen.clone());
                chosen
                    .clone()
                    .into_iter()
                    .combinations(z)
                    .flat_map(move |to_min| {
                        let rest: Vec<usize> = chosen
                            .iter()
                            .copied()
                            .filter(|i| !to_min.contains(i))
                            .collect();
                        let ranges: Vec<(Nat, Nat)> = rest
                            .iter()
                            .map(|&i| (&m + 1u32, &piles[i] - 1u32))
                            .collect();
                        let (piles, m) = (piles.clone(), m.clone());
                        odometer(ranges).map(move |values| {
                            let mut to = piles.clone();
                            for &i in &to_min {
                                to[i] = m.clone();
                            }
                            for (&i, v) in rest.iter().zip(values) {
                                to[i] = v;
                            }
                            let changes: Vec<String> = (0..to.len())
                                .filter(|&i| to[i] != piles[i])
                                .map(|i| format!("{} from pile {}", &piles[i] - &to[i], i + 1))
                                .collect();
                            Move::new(to, format!("take {}", changes.join(", ")))
                        })
                    })
            })
        })
}

/// Every tuple with entries in the inclusive ranges, last entry fastest; nothing if a range is
/// empty, one empty tuple if there are no ranges.
fn odometer(ranges: Vec<(Nat, Nat)>) -> impl Iterator<Item = Vec<Nat>> {
    let mut current: Option<Vec<Nat>> = if ranges.iter().all(|(lo, hi)| lo <= hi) {
        Some(ranges.iter().map(|(lo, _)| lo.clone()).collect())
    } else {
        None
    };
    std::iter::from_fn(move || {
        let out = current.clone()?;
        let mut next = out.clone();
        let mut i = next.len();
        current = loop {
            if i == 0 {
                break None;
            }
            i -= 1;
            if next[i] < ranges[i].1 {
                next[i] += 1u32;
                break Some(next);
            }
            next[i] = ranges[i].0.clone();
        };
        Some(out)
    })
}

impl Game for Thanos {
    type Position = Vec<Nat>;

    fn moves(&self, piles: &Vec<Nat>) -> Vec<Vec<Nat>> {
        let half = piles.len() / 2;
        let nonempty: Vec<usize> = (0..piles.len()).filter(|&i| !piles[i].is_zero()).collect();
        let mut out = Vec::new();
        for chosen in nonempty.into_iter().combinations(half) {
            let ranges = chosen
                .iter()
                .map(|&i| (Nat::zero(), &piles[i] - 1u32))
                .collect();
            for values in odometer(ranges) {
                let mut to = piles.clone();
                for (&i, v) in chosen.iter().zip(values) {
                    to[i] = v;
                }
                out.push(to);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::{check_all, nat, tuples, Grundy};
    use proptest::prelude::*;

    #[test]
    fn matches_brute_force_on_all_small_positions() {
        let ps: Vec<Vec<Nat>> = tuples(4, 4)
            .into_iter()
            .filter(|t| t.len() == 2 || t.len() == 4)
            .chain(tuples(6, 2).into_iter().filter(|t| t.len() == 6))
            .chain((5..=40u64).map(|a| vec![nat(a), nat(a / 2)]))
            .collect();
        check_all(&Thanos, ps, Grundy::Required);
    }

    #[test]
    fn refuses_an_odd_number_of_piles() {
        assert!(Thanos
            .parse(&["1", "2", "3"])
            .unwrap_err()
            .to_string()
            .contains("even"));
        assert!(Thanos.parse(&[]).is_err());
    }

    proptest! {
        #[test]
        fn huge_piles_winning_moves_reach_p(piles in proptest::collection::vec("[1-9][0-9]{0,30}", 2..=6)) {
            let mut piles: Vec<Nat> = piles.iter().map(|s| s.parse().unwrap()).collect();
            if piles.len() % 2 == 1 {
                piles.pop();
            }
            let v = Thanos.verdict(&piles).unwrap();
            let moves: Vec<_> = v.winning.take(30).collect();
            prop_assert_eq!(moves.is_empty(), v.outcome == Outcome::P);
            for mv in moves {
                prop_assert_eq!(Thanos.verdict(&mv.to).unwrap().outcome, Outcome::P);
                let changed = (0..piles.len()).filter(|&i| mv.to[i] < piles[i]).count();
                prop_assert_eq!(changed, piles.len() / 2);
            }
        }
    }
}
