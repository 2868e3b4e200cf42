//! Staircase Nim: coins on steps; move coins one step down; from step 1 they leave.

use super::{int_tokens, parse_all, xor_all, xor_expression};
use crate::analysis::{Move, Token, Verdict};
use crate::registry::{Entry, PositionSpec};
use crate::rules::{GameInfo, Ruleset, TableShape};
use crate::solver::Game;
use crate::{GameError, Nat, Outcome};
use num_traits::{One, Zero};

/// Staircase Nim.
#[derive(Clone, Copy, Debug, Default)]
pub struct Staircase;

/// Description of staircase Nim.
pub static INFO: GameInfo = GameInfo {
    name: "staircase",
    title: "Staircase Nim",
    summary: "coins on steps; move coins one step down, off the stairs from step 1",
    usage: "staircase C1 C2 … Ck",
    example: "staircase 3 1 4 1 5",
    rules: "Ci coins lie on step i (i = 1..k). A move takes one or more coins from one step i and \
            puts them on step i − 1; coins moved from step 1 leave the game. Who makes the last \
            move wins.",
    theory:
        "The Grundy value is the nim-sum of the coins on the odd-numbered steps C1 ⊕ C3 ⊕ C5 ⊕ …. \
             Proof: every move changes exactly one odd step (down from an odd step, or up onto one \
             from the even step above), so it changes that nim-sum, and every smaller value is \
             reached by a Nim move on an odd step. The winning moves are the Nim moves on odd \
             steps and the moves from an even step that raise the odd step below to C ⊕ x.",
    source: "R. P. Sprague (1937) and P. M. Grundy (1939) for the theory of sums; staircase Nim \
             is treated in E. R. Berlekamp, J. H. Conway, R. K. Guy, Winning Ways, and in \
             T. S. Ferguson, Game Theory (online notes), Part I, §3.",
};

/// The move of `d` coins from step `i` (0-based) to the step below.
fn step_move(coins: &[Nat], i: usize, d: &Nat) -> Move<Vec<Nat>> {
    let mut to = coins.to_vec();
    to[i] -= d;
    let text = if i == 0 {
        format!("remove {d} coin{} from step 1", plural(d))
    } else {
        to[i - 1] += d;
        format!(
            "move {d} coin{} from step {} to step {}",
            plural(d),
            i + 1,
            i
        )
    };
    Move::new(to, text)
}

fn plural(d: &Nat) -> &'static str {
    if d.is_one() {
        ""
    } else {
        "s"
    }
}

/// The coins on the odd-numbered steps (steps 1, 3, 5, …).
fn odd_steps(coins: &[Nat]) -> Vec<Nat> {
    coins.iter().step_by(2).cloned().collect()
}

/// The registry's entry: names, parameters and notation of the game.
pub static ENTRY: Entry = Entry {
    info: &INFO,
    about: "Staircase Nim: coins on steps 1..k move one step down.",
    params: &[],
    position: PositionSpec {
        value_name: "C",
        help: "Coins on steps 1, 2, …, k.",
    },
    build: |_| super::boxed(Staircase),
    sequence: None,
};

impl Ruleset for Staircase {
    type Pos = Vec<Nat>;

    fn options(&self, p: &Vec<Nat>) -> Result<Vec<Vec<Nat>>, GameError> {
        super::listable(super::total(p), &Ruleset::name(self))?;
        Ok(Game::moves(self, p))
    }

    fn info(&self) -> &'static GameInfo {
        &INFO
    }

    fn parse(&self, args: &[&str]) -> Result<Vec<Nat>, GameError> {
        parse_all(args, "coin count")
    }

    fn tokens(&self, coins: &Vec<Nat>) -> Vec<Token> {
        int_tokens(coins)
    }

    fn verdict(&self, coins: &Vec<Nat>) -> Result<Verdict<'_, Vec<Nat>>, GameError> {
        let odd = odd_steps(coins);
        let x = xor_all(&odd);
        let mut moves = Vec::new();
        if !x.is_zero() {
            for i in 0..coins.len() {
                if i % 2 == 0 {
                    let target = &coins[i] ^ &x;
                    if target < coins[i] {
                        moves.push(step_move(coins, i, &(&coins[i] - &target)));
                    }
                } else {
                    let target = &coins[i - 1] ^ &x;
                    if target > coins[i - 1] {
                        let d = &target - &coins[i - 1];
                        if d <= coins[i] {
                            moves.push(step_move(coins, i, &d));
                        }
                    }
                }
            }
        }
        let explanation = format!(
            "Staircase Nim is Nim on the odd-numbered steps: coins moved from an even step to an \
             odd one can be moved on at once by the opponent. Here the odd steps hold {}, so {}.",
            xor_expression(&odd, &x),
            if x.is_zero() {
                "the player to move loses"
            } else {
                "the player to move wins by making that nim-sum 0"
            }
        );
        Ok(Verdict {
            search: None,
            partial: false,
            outcome: Outcome::from_win(!x.is_zero()),
            grundy: Some(x),
            winning: Box::new(moves.into_iter()),
            explanation,
        })
    }

    fn table_shape(&self) -> Option<TableShape> {
        Some(TableShape::Grid {
            rows: "step 1",
            cols: "step 2",
            first: 0,
        })
    }

    fn table_position(&self, c: &[u64]) -> Result<Option<Vec<Nat>>, GameError> {
        Ok(Some(c.iter().map(|&n| Nat::from(n)).collect()))
    }
}

impl Game for Staircase {
    type Position = Vec<Nat>;

    fn moves(&self, coins: &Vec<Nat>) -> Vec<Vec<Nat>> {
        let mut out = Vec::new();
        for i in 0..coins.len() {
            let mut d = Nat::one();
            while d <= coins[i] {
                out.push(step_move(coins, i, &d).to);
                d += 1u32;
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::{check_all, tuples, Grundy};

    #[test]
    fn matches_brute_force_on_all_small_positions() {
        check_all(&Staircase, tuples(4, 4), Grundy::Required);
    }
}
