//! Lasker's Nim: take from a heap, or split a heap into two non-empty heaps.

use super::{int_tokens, parse_all, split_heap, xor_all, xor_expression};
use crate::analysis::{Move, Token, Verdict};
use crate::heap::sequence::{ClosedForm, Source};
use crate::heap::Regularity;
use crate::nat::small;
use crate::registry::{Entry, SequenceSpec};
use crate::rules::{GameInfo, Ruleset, TableShape};
use crate::solver::Game;
use crate::{GameError, Nat};
use num_traits::{ToPrimitive, Zero};

/// Lasker's Nim.
#[derive(Clone, Copy, Debug, Default)]
pub struct Lasker;

/// Description of Lasker's Nim.
pub static INFO: GameInfo = GameInfo {
    name: "lasker",
    title: "Lasker's Nim",
    summary: "take from a heap, or split a heap into two non-empty heaps",
    usage: "lasker H1 H2 …",
    example: "lasker 3 5 6",
    rules: "Heaps of tokens. A move either takes any positive number of tokens from one heap, or \
            splits one heap into two non-empty heaps. Who makes the last move wins.",
    theory: "G(0) = 0 and, for n ≥ 1: G(4k + 1) = 4k + 1, G(4k + 2) = 4k + 2, G(4k + 3) = 4k + 4, \
             G(4k + 4) = 4k + 3; the position is worth the nim-sum of its heaps. G is its own \
             inverse and differs from the identity by at most 1, so for a heap h and a target \
             value t the splits h = a + b with G(a) ⊕ G(b) = t come from the pairs A ⊕ B = t with \
             A + B within 2 of h (A = c | s, B = c | (t ⊕ s), c = (A + B − t)/2, s ⊆ t): every \
             winning move is listed, at any size.",
    source: "E. Lasker, Brettspiele der Völker (1931); Winning Ways, ch. 4; T. S. Ferguson, Game \
             Theory, Part I, §4 (exercise).",
};

/// The nim-sequence engine's view of the closed form: arithmetic period 4, saltus 4, from 1.
pub const CLOSED_FORM: ClosedForm = ClosedForm {
    value,
    regularity: Some(Regularity {
        preperiod: 1,
        period: 4,
        saltus: 4,
    }),
    shown_after: 5,
    formula: "G(4k + 1) = 4k + 1, G(4k + 2) = 4k + 2, G(4k + 3) = 4k + 4, G(4k + 4) = 4k + 3 \
              (Winning Ways, ch. 4, Lasker's Nim)",
    moves: Some(moves_up_to),
};

/// Lasker's Nim on heaps of at most `n` tokens as a take-and-break rule: split a heap into two
/// without removing anything (code digit 0 = 4), or remove any 1 ≤ k ≤ n tokens, leaving none or
/// one heap (digit 3) — the hexadecimal code 4·333…3 with n digits after the point.
fn moves_up_to(n: u64) -> crate::heap::HeapRule {
    crate::heap::HeapRule::TakeBreak(
        std::iter::once((0, 4))
            .chain((1..=n).map(|k| (k, 3)))
            .collect(),
    )
}

/// G(n) of Lasker's Nim (an involution).
pub fn value(n: &Nat) -> Nat {
    if n.is_zero() {
        return Nat::zero();
    }
    match (n % 4u32).to_u32().expect("below 4") {
        3 => n + 1u32,
        0 => n - 1u32,
        _ => n.clone(),
    }
}

/// The bit positions of `t` from low to high.
fn bit_positions(t: &Nat) -> Vec<u64> {
    (0..t.bits()).filter(|&i| t.bit(i)).collect()
}

/// Every split a + b = h (1 ≤ a ≤ b) with G(a) ⊕ G(b) = t, lazily.
fn splits_with_value(h: Nat, t: Nat) -> impl Iterator<Item = (Nat, Nat)> {
    // A = G(a), B = G(b) satisfy A + B = h + e with |e| ≤ 2 and A ⊕ B = t, so
    // A = c | s, B = c | (t ⊕ s) with c = (A + B − t)/2 disjoint from t. Leaving the top bit
    // of t to B lists each unordered pair once. Whether a + b = h depends only on the two low
    // bits of A and B, so the low choices of s are tried first and the high bits of s are
    // enumerated only under valid low choices: no long runs of failures.
    let positions = bit_positions(&t);
    let free: Vec<u64> = if positions.is_empty() {
        vec![]
    } else {
        positions[..positions.len() - 1].to_vec()
    };
    let low: Vec<u64> = free.iter().copied().filter(|&i| i < 2).collect();
    let high: Vec<u64> = free.iter().copied().filter(|&i| i >= 2).collect();
    let top = &h + 2u32;
    let sums: Vec<Nat> = (0u32..=4)
        .filter(|&d| top >= Nat::from(d))
        .map(|d| &top - d)
        .filter(|s| *s >= t)
        .collect();
    sums.into_iter().flat_map(move |sum| {
        let diff = &sum - &t;
        let ok = !diff.bit(0) && ((&diff >> 1u32) & &t).is_zero();
        let c = &diff >> 1u32;
        let (h, t, high) = (h.clone(), t.clone(), high.clone());
        let low_choices: Vec<Nat> = if ok {
            (0u32..(1 << low.len()))
                .map(|m| {
                    let mut s = Nat::zero();
                    for (j, &b) in low.iter().enumerate() {
                        if m >> j & 1 == 1 {
                            s.set_bit(b, true);
                        }
                    }
                    s
                })
                .filter(|s| pair(&c, &t, s).is_some_and(|(a, b)| a + b == h))
                .collect()
        } else {
            vec![]
        };
        low_choices.into_iter().flat_map(move |s_low| {
            let (c, t, h, high) = (c.clone(), t.clone(), h.clone(), high.clone());
            let count = if high.len() >= 64 {
                u64::MAX
            } else {
                1u64 << high.len()
            };
            (0..count).filter_map(move |m| {
                let mut s = s_low.clone();
                for (j, &b) in high.iter().enumerate().take(64) {
                    if m >> j & 1 == 1 {
                        s.set_bit(b, true);
                    }
                }
                let (a, b) = pair(&c, &t, &s)?;
                (&a + &b == h).then(|| if a <= b { (a, b) } else { (b, a) })
            })
        })
    })
}

/// The heaps (a, b) with values A = c | s and B = c | (t ⊕ s), both non-empty.
fn pair(c: &Nat, t: &Nat, s: &Nat) -> Option<(Nat, Nat)> {
    let a = value(&(c | s));
    let b = value(&(c | (t ^ s)));
    (!a.is_zero() && !b.is_zero()).then_some((a, b))
}

/// The registry's entry: names, parameters and notation of the game.
pub static ENTRY: Entry = Entry {
    info: &INFO,
    about: "Lasker's Nim: take from a heap, or split it in two.",
    params: &[],
    position: super::HEAPS,
    build: |_| super::boxed(Lasker),
    sequence: Some(SequenceSpec {
        about: "Lasker's Nim (closed form).",
        source: |_| Ok((Source::ClosedForm(CLOSED_FORM), "lasker".into())),
    }),
};

impl Ruleset for Lasker {
    type Pos = Vec<Nat>;

    fn options(&self, p: &Vec<Nat>) -> Result<Vec<Vec<Nat>>, GameError> {
        super::listable(1.5 * super::total(p), &Ruleset::name(self))?;
        Ok(Game::moves(self, p))
    }

    fn info(&self) -> &'static GameInfo {
        &INFO
    }

    fn parse(&self, args: &[&str]) -> Result<Vec<Nat>, GameError> {
        parse_all(args, "heap")
    }

    fn tokens(&self, heaps: &Vec<Nat>) -> Vec<Token> {
        int_tokens(heaps)
    }

    // Heaps in any order, each valued alone (CGSuite's HeapRuleset): the verdict of the
    // heaps beside one more value is the position's own (beside 0) and, in a sum, the hook
    // that finds its moves to a value (Ruleset::verdict_beside).
    fn normal_form(&self, heaps: &Vec<Nat>) -> Vec<Nat> {
        super::sorted_heaps(heaps)
    }

    fn verdict(&self, heaps: &Vec<Nat>) -> Result<Verdict<'_, Vec<Nat>>, GameError> {
        self.heaps_beside(heaps, Nat::zero())
    }

    fn verdict_beside(&self, heaps: &Vec<Nat>, beside: &Nat) -> Option<super::HeapVerdict<'_>> {
        Some(self.heaps_beside(heaps, beside.clone()))
    }

    fn table_shape(&self) -> Option<TableShape> {
        super::heap_row()
    }

    fn table_position(&self, c: &[u64]) -> Result<Option<Vec<Nat>>, GameError> {
        super::one_heap(c)
    }
}

impl Lasker {
    /// The verdict of `heaps` beside a heap worth `beside` (0: the position alone): its
    /// winning moves are the moves of `heaps` to positions worth `beside`.
    fn heaps_beside(&self, heaps: &[Nat], beside: Nat) -> Result<Verdict<'_, Vec<Nat>>, GameError> {
        let values: Vec<Nat> = heaps.iter().map(value).collect();
        let x = xor_all(&values);
        let explanation = format!(
            "Lasker's Nim: a heap n ≥ 1 is worth n, except that 4k + 3 and 4k + 4 swap values; \
             the position is worth the nim-sum of its heaps: {}, so {}.",
            xor_expression(&values, &x),
            if x.is_zero() {
                "the player to move loses"
            } else {
                "the player to move wins by moving one heap to the right value"
            }
        );
        Ok(super::heap_sum_verdict(
            heaps,
            values,
            beside,
            explanation,
            |heaps, i, t| {
                let h = heaps[i].clone();
                let target = value(&t);
                let take = (target < h).then(|| {
                    let d = &h - &target;
                    Move::new(
                        super::with_heap(&heaps, i, target),
                        format!("take {d} from heap {}", i + 1),
                    )
                });
                let splits = splits_with_value(h.clone(), t).map(move |(a, b)| {
                    let text = format!("split heap {} ({h}) into {a} and {b}", i + 1);
                    Move::new(split_heap(&heaps, i, &[a, b]), text)
                });
                take.into_iter().chain(splits)
            },
        ))
    }
}

impl Game for Lasker {
    type Position = Vec<Nat>;

    fn moves(&self, heaps: &Vec<Nat>) -> Vec<Vec<Nat>> {
        let mut out = Vec::new();
        for (i, h) in heaps.iter().enumerate() {
            let h = small(h).expect("brute force runs on small heaps");
            for v in 0..h {
                out.push(super::with_heap(heaps, i, Nat::from(v)));
            }
            for a in 1..=h / 2 {
                out.push(split_heap(heaps, i, &[Nat::from(a), Nat::from(h - a)]));
            }
        }
        out
    }

    fn components(&self, heaps: &Vec<Nat>) -> Vec<Vec<Nat>> {
        super::each_heap(heaps)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::{check_all, nat, tuples, Grundy};
    use crate::Outcome;
    use proptest::prelude::*;

    /// The rule quotients and genera play Lasker's Nim by is the game's on every heap up to
    /// 60, and nothing it allows on a heap up to n depends on digits past n.
    #[test]
    fn closed_form_moves_are_laskers() {
        let moves = CLOSED_FORM.moves.expect("Lasker's moves are a heap rule");
        crate::testkit::check_heap_rule(&Lasker, &moves(60), 60);
        crate::testkit::check_heap_rule(&Lasker, &moves(7), 7);
    }

    #[test]
    fn matches_brute_force_on_all_small_positions() {
        let mut ps = tuples(3, 8);
        ps.extend((9..=40).map(|h| vec![nat(h)]));
        ps.extend((9..=40).map(|h| vec![nat(h), nat(h / 3)]));
        check_all(&Lasker, ps, Grundy::Required);
    }

    proptest! {
        #[test]
        fn huge_heaps_winning_moves_reach_zero(a in "[1-9][0-9]{0,50}", b in "[1-9][0-9]{0,50}", c in 0u64..1000) {
            let heaps: Vec<Nat> = vec![a.parse().unwrap(), b.parse().unwrap(), nat(c)];
            let v = Lasker.verdict(&heaps).unwrap();
            let moves: Vec<_> = v.winning.take(40).collect();
            prop_assert_eq!(moves.is_empty(), v.outcome == Outcome::P);
            for m in moves {
                let after: Vec<Nat> = m.to.iter().map(value).collect();
                prop_assert!(xor_all(&after).is_zero());
            }
        }
    }
}
