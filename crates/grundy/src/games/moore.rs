//! Moore's Nim_k: take from up to k heaps at once.

use super::thanos::small_grundy;
use super::{int_tokens, parse_all};
use crate::analysis::{GameOption, Move, Token, Verdict};
use crate::nat::parse_u64;
use crate::registry::{Entry, Param, ParamKind, ParamType};
use crate::rules::{GameInfo, Ruleset};
use crate::solver::Game;
use crate::{GameError, Nat, Outcome};
use itertools::Itertools;
use num_traits::Zero;
use std::collections::HashMap;

/// Moore's Nim_k.
#[derive(Clone, Copy, Debug)]
pub struct Moore {
    /// The most heaps one move may take from (k ≥ 1).
    pub k: usize,
}

/// Description of Moore's Nim.
pub static INFO: GameInfo = GameInfo {
    name: "moore",
    title: "Moore's Nim",
    summary: "heaps; take from up to K heaps at once",
    usage: "moore --k K H1 H2 …",
    example: "moore --k 2 3 5 6",
    rules: "Heaps of tokens. A move takes a positive number of tokens from each of at least one \
            and at most K heaps (different amounts allowed). Who takes the last token wins. \
            With K = 1 this is Nim.",
    theory: "Write the heaps in binary. The player to move loses exactly when, in every binary \
             place, the number of heaps with a 1 there is a multiple of K + 1. The winning moves \
             are found place by place from the top: in each place the heaps being changed must \
             supply the 1s that make the count a multiple of K + 1, and every changed heap must \
             end below its old size. Grundy values have no known general formula; they are \
             computed for small positions and reported as null beyond.",
    source: "E. H. Moore, A generalization of the game called Nim, Annals of Mathematics 11 \
             (1910) 93–94.",
};

/// Moves that change more heaps than this are not listed (their search is exponential).
const MAX_CHANGED: usize = 16;

fn column_counts_ok(heaps: &[Nat], k: usize) -> bool {
    let bits = heaps.iter().map(|h| h.bits()).max().unwrap_or(0);
    (0..bits).all(|b| heaps.iter().filter(|h| h.bit(b)).count() % (k + 1) == 0)
}

/// The search for the winning moves that change exactly the heaps in `set`.
struct Search {
    heaps: Vec<Nat>,
    set: Vec<usize>,
    k: usize,
    /// Whether, with `remaining` low bits still to fill and these heaps still equal to their
    /// old prefix (bit j: heap set[j]), every heap can end strictly below its old size.
    memo: HashMap<(u64, u64), bool>,
}

impl Search {
    /// The choices of heaps (positions in `set`) that get a 1 in bit `b`, with the new mask of
    /// tight heaps. The changed heaps must bring the count of 1s in the bit to a multiple of
    /// k + 1; since at most k heaps change, exactly one count works.
    fn choices(&self, b: u64, tight: u64) -> Vec<(Vec<usize>, u64)> {
        let fixed = (0..self.heaps.len())
            .filter(|i| !self.set.contains(i) && self.heaps[*i].bit(b))
            .count();
        let c = (self.k + 1 - fixed % (self.k + 1)) % (self.k + 1);
        if c > self.set.len() {
            return vec![];
        }
        let old = |j: usize| self.heaps[self.set[j]].bit(b);
        // A heap still equal to its old prefix may take a 1 only where it had one.
        let eligible: Vec<usize> = (0..self.set.len())
            .filter(|&j| tight >> j & 1 == 0 || old(j))
            .collect();
        eligible
            .into_iter()
            .combinations(c)
            .map(|ones| {
                let mut next = tight;
                for j in 0..self.set.len() {
                    if tight >> j & 1 == 1 && old(j) && !ones.contains(&j) {
                        next &= !(1 << j);
                    }
                }
                (ones, next)
            })
            .collect()
    }

    /// Depth-first with an explicit stack: a heap of 10⁵ digits has over 300,000 bits, one
    /// level each, far deeper than the thread's stack would allow for recursion.
    fn feasible(&mut self, remaining: u64, tight: u64) -> bool {
        struct Level {
            remaining: u64,
            tight: u64,
            next: Vec<u64>,
            tried: usize,
        }
        let known = |memo: &HashMap<(u64, u64), bool>, r: u64, t: u64| {
            if r == 0 {
                Some(t == 0)
            } else {
                memo.get(&(r, t)).copied()
            }
        };
        if let Some(f) = known(&self.memo, remaining, tight) {
            return f;
        }
        let level = |search: &Self, remaining: u64, tight: u64| Level {
            remaining,
            tight,
            next: search
                .choices(remaining - 1, tight)
                .into_iter()
                .map(|(_, next)| next)
                .collect(),
            tried: 0,
        };
        let mut stack = vec![level(self, remaining, tight)];
        loop {
            let top = stack.last_mut().expect("the stack ends only by returning");
            // Some(f): the top level is decided.
            let decided = if top.tried == top.next.len() {
                Some(false)
            } else {
                let (r, t) = (top.remaining - 1, top.next[top.tried]);
                top.tried += 1;
                match known(&self.memo, r, t) {
                    Some(true) => Some(true),
                    Some(false) => None,
                    None => {
                        let child = level(self, r, t);
                        stack.push(child);
                        None
                    }
                }
            };
            let Some(f) = decided else { continue };
            // Unwind: a feasible level makes its parent feasible; an infeasible one lets the
            // parent try its next choice.
            loop {
                let done = stack.pop().expect("a decided level is on the stack");
                self.memo.insert((done.remaining, done.tight), f);
                if stack.is_empty() {
                    return f;
                }
                if !f {
                    break;
                }
            }
        }
    }
}

/// One level of the depth-first search: `remaining` bits are left, the highest of them is being
/// chosen among `choices`.
struct Frame {
    remaining: u64,
    choices: Vec<(Vec<usize>, u64)>,
}

/// Every winning move, lazily: the sets of 1..=k heaps to change, then for each a depth-first
/// search over the bits from the top, pruned (by `feasible`) so that every branch it enters
/// ends in a move.
struct WinningMoves {
    heaps: Vec<Nat>,
    k: usize,
    bits: u64,
    sets: Box<dyn Iterator<Item = Vec<usize>>>,
    search: Option<Search>,
    stack: Vec<Frame>,
    /// The new values of the changed heaps, written bit by bit from the top as the search
    /// goes down: one copy for the whole search (a copy per level, with a level per bit, took
    /// memory quadratic in the heaps' length).
    values: Vec<Nat>,
}

impl WinningMoves {
    fn new(heaps: Vec<Nat>, k: usize) -> Self {
        let nonzero: Vec<usize> = (0..heaps.len()).filter(|&i| !heaps[i].is_zero()).collect();
        let most = k.min(nonzero.len()).min(MAX_CHANGED);
        let sets = (1..=most).flat_map(move |s| nonzero.clone().into_iter().combinations(s));
        WinningMoves {
            bits: heaps.iter().map(|h| h.bits()).max().unwrap_or(0),
            heaps,
            k,
            sets: Box::new(sets),
            search: None,
            stack: Vec::new(),
            values: Vec::new(),
        }
    }
}

impl Iterator for WinningMoves {
    type Item = Vec<Nat>;

    fn next(&mut self) -> Option<Vec<Nat>> {
        loop {
            if let Some(search) = &mut self.search {
                while let Some(frame) = self.stack.last_mut() {
                    let Some((ones, next)) = frame.choices.pop() else {
                        self.stack.pop();
                        continue;
                    };
                    let remaining = frame.remaining;
                    if !search.feasible(remaining - 1, next) {
                        continue;
                    }
                    // Every changed heap's bit at this level is written, so what a branch
                    // given up left below is overwritten before it is read.
                    for (j, v) in self.values.iter_mut().enumerate() {
                        v.set_bit(remaining - 1, ones.contains(&j));
                    }
                    if remaining == 1 {
                        let mut to = self.heaps.clone();
                        for (j, &i) in search.set.iter().enumerate() {
                            to[i] = self.values[j].clone();
                        }
                        return Some(to);
                    }
                    let choices = search.choices(remaining - 2, next);
                    self.stack.push(Frame {
                        remaining: remaining - 1,
                        choices,
                    });
                }
                self.search = None;
            }
            let set = self.sets.next()?;
            let full = (1u64 << set.len()) - 1;
            let mut search = Search {
                heaps: self.heaps.clone(),
                set,
                k: self.k,
                memo: HashMap::new(),
            };
            if self.bits > 0 && search.feasible(self.bits, full) {
                let choices = search.choices(self.bits - 1, full);
                self.values = vec![Nat::zero(); search.set.len()];
                self.stack.push(Frame {
                    remaining: self.bits,
                    choices,
                });
            }
            self.search = Some(search);
        }
    }
}

/// The registry's entry: names, parameters and notation of the game.
pub static ENTRY: Entry = Entry {
    info: &INFO,
    about: "Moore's Nim: take from up to K heaps at once.",
    params: &[Param {
        name: "k",
        kind: ParamKind::Named,
        ty: ParamType::Number,
        value_name: "K",
        help: "The most heaps a move may take from.",
        required: true,
    }],
    position: super::HEAPS,
    build: |o| {
        let k = parse_u64(o.required("k")?, "--k")?;
        if k == 0 {
            return Err(GameError::Invalid(
                "moore --k must be at least 1 (a move takes from 1 to K heaps)".into(),
            ));
        }
        super::boxed(Moore {
            k: usize::try_from(k).unwrap_or(usize::MAX),
        })
    },
    sequence: None,
};

impl Ruleset for Moore {
    type Pos = Vec<Nat>;

    fn options(&self, p: &Vec<Nat>) -> Result<Vec<Vec<Nat>>, GameError> {
        super::listable(super::product_plus_one(p), &Ruleset::name(self))?;
        Ok(Game::moves(self, p))
    }

    fn info(&self) -> &'static GameInfo {
        &INFO
    }

    fn settings(&self) -> Vec<GameOption> {
        vec![GameOption::Named("k", self.k.to_string())]
    }

    fn parse(&self, args: &[&str]) -> Result<Vec<Nat>, GameError> {
        parse_all(args, "heap")
    }

    fn tokens(&self, heaps: &Vec<Nat>) -> Vec<Token> {
        int_tokens(heaps)
    }

    fn outcome(&self, heaps: &Vec<Nat>) -> Result<Outcome, GameError> {
        // The verdict also searches for the Grundy value; the outcome needs only the columns.
        Ok(Outcome::from_win(!column_counts_ok(heaps, self.k)))
    }

    fn verdict(&self, heaps: &Vec<Nat>) -> Result<Verdict<'_, Vec<Nat>>, GameError> {
        let lost = column_counts_ok(heaps, self.k);
        let from = heaps.clone();
        let winning = WinningMoves::new(heaps.clone(), self.k).map(move |to| {
            let changes: Vec<String> = (0..from.len())
                .filter(|&i| to[i] != from[i])
                .map(|i| format!("{} from heap {}", &from[i] - &to[i], i + 1))
                .collect();
            Move::new(to, format!("take {}", changes.join(", ")))
        });
        let many =
            heaps.iter().filter(|h| !h.is_zero()).count() > MAX_CHANGED && self.k > MAX_CHANGED;
        Ok(Verdict {
            search: None,
            partial: false,
            outcome: Outcome::from_win(!lost),
            grundy: small_grundy(self, heaps).map(Nat::from),
            winning: if lost {
                Box::new(std::iter::empty())
            } else {
                Box::new(winning)
            },
            explanation: format!(
                "Moore's theorem: the player to move loses exactly when every binary place holds \
                 a multiple of K + 1 = {} ones across the heaps. Here {}.{}",
                self.k + 1,
                if lost {
                    "every place does, so every move breaks it and the opponent restores it"
                } else {
                    "some place does not, and the player to move restores the condition"
                },
                if many {
                    format!(" (Moves changing more than {MAX_CHANGED} heaps are not listed.)")
                } else {
                    String::new()
                }
            ),
        })
    }
}

impl Game for Moore {
    type Position = Vec<Nat>;

    fn moves(&self, heaps: &Vec<Nat>) -> Vec<Vec<Nat>> {
        let nonzero: Vec<usize> = (0..heaps.len()).filter(|&i| !heaps[i].is_zero()).collect();
        let mut out = Vec::new();
        for s in 1..=self.k.min(nonzero.len()) {
            for set in nonzero.iter().copied().combinations(s) {
                let ranges = set.iter().map(|&i| {
                    let h = crate::nat::small(&heaps[i]).expect("brute force runs on small heaps");
                    0..h
                });
                for values in ranges.multi_cartesian_product() {
                    let mut to = heaps.clone();
                    for (&i, v) in set.iter().zip(values) {
                        to[i] = Nat::from(v);
                    }
                    out.push(to);
                }
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
        for k in 1..=3 {
            check_all(&Moore { k }, tuples(3, 5), Grundy::Required);
            let four: Vec<Vec<Nat>> = tuples(4, 3).into_iter().filter(|t| t.len() == 4).collect();
            check_all(&Moore { k }, four, Grundy::Required);
        }
    }

    /// A heap of 20,000 digits (66,000 bits) once overflowed the stack: the search recursed
    /// once per bit.
    #[test]
    fn a_heap_of_twenty_thousand_digits_is_searched_without_recursion() {
        let heap: Nat = "9".repeat(20_000).parse().unwrap();
        let game = Moore { k: 2 };
        let v = game.verdict(&vec![heap]).unwrap();
        assert_eq!(v.outcome, Outcome::N);
        let mut winning = v.winning;
        let m = winning.next().expect("a winning move");
        assert!(m.to[0].is_zero());
    }

    proptest::proptest! {
        #[test]
        fn huge_heaps_winning_moves_reach_p(
            heaps in proptest::collection::vec("[0-9]{1,40}", 1..6),
            k in 1usize..4,
        ) {
            let heaps: Vec<Nat> = heaps.iter().map(|s| s.parse().unwrap()).collect();
            let game = Moore { k };
            let v = game.verdict(&heaps).unwrap();
            let moves: Vec<_> = v.winning.take(20).collect();
            proptest::prop_assert_eq!(moves.is_empty(), v.outcome == Outcome::P);
            for m in moves {
                proptest::prop_assert!(column_counts_ok(&m.to, k));
                let changed = (0..heaps.len()).filter(|&i| m.to[i] < heaps[i]).count();
                let same = (0..heaps.len()).filter(|&i| m.to[i] == heaps[i]).count();
                proptest::prop_assert!(changed >= 1 && changed <= k && changed + same == heaps.len());
            }
        }
    }
}
