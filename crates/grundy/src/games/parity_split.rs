//! The pile-parity game: split an odd pile into odd + even, or merge two even piles.

use super::{int_tokens, parse_all};
use crate::analysis::{Move, Token, Verdict};
use crate::registry::{Entry, PositionSpec};
use crate::rules::{GameInfo, Ruleset};
use crate::solver::Game;
use crate::{invalid, GameError, Nat, Outcome};
use num_traits::{One, Zero};

/// The pile-parity game, rules reconstructed from its published analysis.
#[derive(Clone, Copy, Debug, Default)]
pub struct ParitySplit;

/// Description of the parity-split game.
pub static INFO: GameInfo = GameInfo {
    name: "parity-split",
    title: "Parity split",
    summary: "split an odd pile into odd + even, or merge two even piles",
    usage: "parity-split P1 P2 …",
    example: "parity-split 7 4 2",
    rules:
        "Piles of tokens (each at least 1). A move either splits an odd pile of at least 3 into \
            an odd pile and an even pile (both non-empty), or merges two even piles into one. Who \
            cannot move loses. (The contest problem behind this game survives only through its \
            analysis; these rules are reconstructed from it.)",
    theory: "The number of odd piles o never changes, and every move changes the number of piles \
             by one. The game ends with the o odd piles all of size 1 plus, unless every pile is \
             1 from the start, exactly one even pile; so it lasts F − n moves modulo 2, \
             F = o + [some pile is not 1], n the number of piles — whatever the players do. The \
             player to move loses exactly when F − n is even. Since every line of play has the \
             same parity, the Grundy value is 1 for a win and 0 for a loss, and every move from \
             a winning position wins.",
    source: "A competitive-programming contest problem known through its analysis; the parity \
             argument is the one given there.",
};

fn odd(n: &Nat) -> bool {
    n.bit(0)
}

fn wins(piles: &[Nat]) -> bool {
    let o = piles.iter().filter(|p| odd(p)).count();
    let f = o + usize::from(piles.iter().any(|p| !p.is_one()));
    (f + piles.len()) % 2 == 1
}

/// Every move, lazily (there may be very many): splits of each odd pile, then merges.
fn all_moves(piles: Vec<Nat>) -> impl Iterator<Item = Move<Vec<Nat>>> {
    let n = piles.len();
    let p1 = piles.clone();
    let splits = (0..n)
        .filter(move |&i| odd(&p1[i]) && p1[i] >= Nat::from(3u32))
        .flat_map({
            let piles = piles.clone();
            move |i| {
                let piles = piles.clone();
                let mut a = Nat::one();
                std::iter::from_fn(move || {
                    let p = &piles[i];
                    if &a + 2u32 > *p {
                        return None;
                    }
                    let b = p - &a;
                    let mut to = piles[..i].to_vec();
                    to.push(a.clone());
                    to.push(b.clone());
                    to.extend_from_slice(&piles[i + 1..]);
                    let text = format!("split pile {} ({p}) into {a} and {b}", i + 1);
                    a += 2u32;
                    Some(Move::new(to, text))
                })
            }
        });
    let evens: Vec<usize> = (0..n).filter(|&i| !odd(&piles[i])).collect();
    let merges = (0..evens.len()).flat_map(move |x| {
        let (evens, piles) = (evens.clone(), piles.clone());
        (x + 1..evens.len()).map(move |y| {
            let (i, j) = (evens[x], evens[y]);
            let mut to = piles.clone();
            to[i] = &piles[i] + &piles[j];
            to.remove(j);
            let text = format!(
                "merge piles {} and {} ({} + {})",
                i + 1,
                j + 1,
                piles[i],
                piles[j]
            );
            Move::new(to, text)
        })
    });
    splits.chain(merges)
}

/// The registry's entry: names, parameters and notation of the game.
pub static ENTRY: Entry = Entry {
    info: &INFO,
    about: "Pile-parity game: split an odd pile, or merge two even piles.",
    params: &[],
    position: PositionSpec {
        value_name: "P",
        help: "Pile sizes (each ≥ 1).",
    },
    build: |_| super::boxed(ParitySplit),
    sequence: None,
};

impl Ruleset for ParitySplit {
    type Pos = Vec<Nat>;

    fn options(&self, p: &Vec<Nat>) -> Result<Vec<Vec<Nat>>, GameError> {
        super::listable(
            super::total(p) + (p.len() * p.len()) as f64,
            &Ruleset::name(self),
        )?;
        Ok(Game::moves(self, p))
    }

    fn info(&self) -> &'static GameInfo {
        &INFO
    }

    fn parse(&self, args: &[&str]) -> Result<Vec<Nat>, GameError> {
        let piles = parse_all(args, "pile")?;
        if let Some(i) = piles.iter().position(|p| p.is_zero()) {
            return Err(invalid!(
                "pile '{}' is empty: piles hold at least 1 token",
                args[i]
            ));
        }
        Ok(piles)
    }

    fn tokens(&self, piles: &Vec<Nat>) -> Vec<Token> {
        int_tokens(piles)
    }

    fn verdict(&self, piles: &Vec<Nat>) -> Result<Verdict<'_, Vec<Nat>>, GameError> {
        let win = wins(piles);
        let o = piles.iter().filter(|p| odd(p)).count();
        let not_all_ones = piles.iter().any(|p| !p.is_one());
        let explanation = format!(
            "There are {o} odd pile{} among {} piles; the game ends with {} piles whatever is \
             played, and each move changes the number of piles by one, so the player to move \
             {}.",
            if o == 1 { "" } else { "s" },
            piles.len(),
            o + usize::from(not_all_ones),
            if win {
                "makes the last move and wins (every move keeps it so)"
            } else {
                "cannot make the last move and loses"
            }
        );
        let moves: Box<dyn Iterator<Item = Move<Vec<Nat>>>> = if win {
            Box::new(all_moves(piles.clone()))
        } else {
            Box::new(std::iter::empty())
        };
        Ok(Verdict {
            search: None,
            partial: false,
            outcome: Outcome::from_win(win),
            grundy: Some(Nat::from(u32::from(win))),
            winning: moves,
            explanation,
        })
    }
}

impl Game for ParitySplit {
    type Position = Vec<Nat>;

    fn moves(&self, piles: &Vec<Nat>) -> Vec<Vec<Nat>> {
        all_moves(piles.clone()).map(|m| m.to).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::{check_all, nat, Grundy};

    #[test]
    fn matches_brute_force_on_all_small_positions() {
        let mut ps: Vec<Vec<Nat>> = vec![vec![]];
        for a in 1..=9u64 {
            ps.push(vec![nat(a)]);
            for b in 1..=7u64 {
                ps.push(vec![nat(a), nat(b)]);
                for c in 1..=5u64 {
                    ps.push(vec![nat(a), nat(b), nat(c)]);
                }
            }
        }
        check_all(&ParitySplit, ps, Grundy::Required);
    }

    #[test]
    fn the_counting_rule() {
        // The rule as often stated: count odd piles, add one unless all piles are 1; the second player
        // wins exactly when that count has the parity of the number of piles.
        for piles in [
            vec![1u64, 1],
            vec![3],
            vec![2, 2],
            vec![1, 2, 3],
            vec![5, 7, 4],
        ] {
            let ps: Vec<Nat> = piles.iter().map(|&p| nat(p)).collect();
            let mut odd = piles.iter().filter(|&&p| p % 2 == 1).count();
            if piles.iter().any(|&p| p != 1) {
                odd += 1;
            }
            let second_wins = odd % 2 == piles.len() % 2;
            let v = ParitySplit.verdict(&ps).unwrap();
            assert_eq!(v.outcome == Outcome::P, second_wins, "{piles:?}");
        }
    }
}
