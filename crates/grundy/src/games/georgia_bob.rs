//! Georgia and Bob: pieces on a strip move left, never onto or over another piece.

use super::staircase::Staircase;
use super::{int_tokens, parse_all};
use crate::analysis::{Move, Token, Verdict};
use crate::registry::{Entry, PositionSpec};
use crate::rules::{GameInfo, Ruleset};
use crate::solver::Game;
use crate::{invalid, GameError, Nat};
use num_traits::{One, Zero};
use std::collections::HashSet;

/// Georgia and Bob.
#[derive(Clone, Copy, Debug, Default)]
pub struct GeorgiaBob;

/// Description of Georgia and Bob.
pub static INFO: GameInfo = GameInfo {
    name: "georgia-bob",
    title: "Georgia and Bob",
    summary: "pieces on a strip; move one left, never onto or over another",
    usage: "georgia-bob P1 P2 … Pk",
    example: "georgia-bob 1 3 7 12",
    rules: "Pieces stand on distinct cells numbered 1, 2, 3, … of a strip. A move takes one piece \
            any positive number of cells to the left, never onto or past another piece and never \
            below cell 1. Who cannot move loses.",
    theory: "Read the empty cells between neighbouring pieces, from the right end, as the steps of \
             a staircase: the gap before the rightmost piece is step 1, the next gap step 2, …, \
             the gap between the leftmost piece and the wall the last step. Moving a piece left \
             moves coins from its gap to the gap after it, so the game is staircase Nim, and the \
             Grundy value is the nim-sum of the odd steps — that is, of the gaps inside the pairs \
             (rightmost two pieces), (next two), …, with the wall completing the leftmost pair when \
             the number of pieces is odd.",
    source: "POJ 1704 (Georgia and Bob); the staircase Nim reduction as in T. S. Ferguson, Game \
             Theory, Part I; staircase Nim in Berlekamp, Conway, Guy, Winning Ways.",
};

/// The staircase of a position (step 1 first) and the piece indices from left to right.
fn staircase(cells: &[Nat]) -> (Vec<Nat>, Vec<usize>) {
    let mut order: Vec<usize> = (0..cells.len()).collect();
    order.sort_by(|&a, &b| cells[a].cmp(&cells[b]));
    let gaps: Vec<Nat> = order
        .iter()
        .enumerate()
        .map(|(r, &i)| {
            let left = if r == 0 {
                Nat::zero()
            } else {
                cells[order[r - 1]].clone()
            };
            &cells[i] - left - 1u32
        })
        .collect();
    (gaps.into_iter().rev().collect(), order)
}

/// The registry's entry: names, parameters and notation of the game.
pub static ENTRY: Entry = Entry {
    info: &INFO,
    about: "Georgia and Bob: pieces on a strip move left.",
    params: &[],
    position: PositionSpec {
        value_name: "P",
        help: "The cells (≥ 1) of the pieces.",
    },
    build: |_| super::boxed(GeorgiaBob),
    sequence: None,
};

impl Ruleset for GeorgiaBob {
    type Pos = Vec<Nat>;

    fn options(&self, p: &Vec<Nat>) -> Result<Vec<Vec<Nat>>, GameError> {
        super::listable(super::total(p), &Ruleset::name(self))?;
        Ok(Game::moves(self, p))
    }

    fn info(&self) -> &'static GameInfo {
        &INFO
    }

    fn parse(&self, args: &[&str]) -> Result<Vec<Nat>, GameError> {
        let cells = parse_all(args, "cell")?;
        let mut seen = HashSet::new();
        for (c, a) in cells.iter().zip(args) {
            if c.is_zero() {
                return Err(invalid!(
                    "cell '{a}' is not on the strip: cells are numbered from 1"
                ));
            }
            if !seen.insert(c) {
                return Err(invalid!(
                    "cell {c} is given twice: pieces stand on distinct cells"
                ));
            }
        }
        Ok(cells)
    }

    fn tokens(&self, cells: &Vec<Nat>) -> Vec<Token> {
        int_tokens(cells)
    }

    fn verdict(&self, cells: &Vec<Nat>) -> Result<Verdict<'_, Vec<Nat>>, GameError> {
        let (steps, order) = staircase(cells);
        let v = Staircase.verdict(&steps)?;
        let k = cells.len();
        let cells = cells.clone();
        let moves = v.winning.map(move |m| {
            let j = (0..k)
                .find(|&j| m.to[j] < steps[j])
                .expect("a step loses coins");
            let d = &steps[j] - &m.to[j];
            let piece = order[k - 1 - j];
            let mut to = cells.clone();
            to[piece] -= &d;
            let text = format!(
                "move the piece on cell {} to cell {}",
                cells[piece], to[piece]
            );
            Move::new(to, text)
        });
        let explanation = format!(
            "Georgia and Bob is staircase Nim on the gaps between pieces, read from the right: \
             the position is lost for the player to move exactly when the gaps inside the pairs \
             of pieces (from the right; the wall pairs with the leftmost piece when there is an \
             odd number) have nim-sum 0. Here that nim-sum is {}.",
            v.grundy.clone().unwrap_or_default()
        );
        Ok(Verdict {
            search: None,
            partial: false,
            outcome: v.outcome,
            grundy: v.grundy,
            winning: Box::new(moves),
            explanation,
        })
    }
}

impl Game for GeorgiaBob {
    type Position = Vec<Nat>;

    fn moves(&self, cells: &Vec<Nat>) -> Vec<Vec<Nat>> {
        let mut out = Vec::new();
        for (i, c) in cells.iter().enumerate() {
            let floor = cells
                .iter()
                .filter(|o| *o < c)
                .max()
                .cloned()
                .unwrap_or_else(Nat::zero);
            let mut to = &floor + Nat::one();
            while to < *c {
                let mut next = cells.clone();
                next[i] = to.clone();
                out.push(next);
                to += 1u32;
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::{check_all, nat, Grundy};

    #[test]
    fn matches_brute_force_on_all_small_positions() {
        // Every set of up to 4 distinct cells in 1..=9, in every order for up to 3 pieces.
        let mut ps: Vec<Vec<Nat>> = vec![vec![]];
        for a in 1..=9u64 {
            ps.push(vec![nat(a)]);
            for b in 1..=9u64 {
                if b != a {
                    ps.push(vec![nat(a), nat(b)]);
                }
                for c in (b + 1)..=9u64 {
                    if a < b {
                        ps.push(vec![nat(c), nat(a), nat(b)]);
                        for d in (c + 1)..=9u64 {
                            ps.push(vec![nat(a), nat(b), nat(c), nat(d)]);
                        }
                    }
                }
            }
        }
        check_all(&GeorgiaBob, ps, Grundy::Required);
    }

    #[test]
    fn refuses_bad_cells() {
        assert!(GeorgiaBob
            .parse(&["3", "3"])
            .unwrap_err()
            .to_string()
            .contains("twice"));
        assert!(GeorgiaBob
            .parse(&["0"])
            .unwrap_err()
            .to_string()
            .contains("from 1"));
    }
}
