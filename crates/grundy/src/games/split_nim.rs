//! Split Nim: replace a heap by two strictly smaller heaps (either may be empty).

use super::{int_tokens, parse_all, split_heap};
use crate::analysis::{Move, Token, Verdict};
use crate::heap::sequence::{ClosedForm, Source};
use crate::nat::small;
use crate::registry::{Entry, SequenceSpec};
use crate::rules::{GameInfo, Ruleset, TableShape};
use crate::solver::Game;
use crate::{GameError, Nat};
use num_traits::{One, Zero};

/// Split Nim.
#[derive(Clone, Copy, Debug, Default)]
pub struct SplitNim;

/// Description of split Nim.
pub static INFO: GameInfo = GameInfo {
    name: "split-nim",
    title: "Split Nim",
    summary: "replace a heap by two strictly smaller heaps (either may be empty)",
    usage: "split-nim H1 H2 …",
    example: "split-nim 3 5",
    rules:
        "Heaps of tokens. A move replaces one heap by two heaps, each strictly smaller than it; \
            either or both may be empty (so a heap may also shrink, or vanish). Who cannot move \
            (all heaps empty) loses.",
    theory: "G(0) = 0 and G(n) is the n-th odious number (odious: an odd number of 1 bits): \
             G(n) = 2(n − 1) + 1 if n − 1 has an even number of 1 bits, 2(n − 1) otherwise — 1, 2, \
             4, 7, 8, 11, 13, 14, …. Proof by induction: the XORs of two values among 0, G(1), …, \
             G(n − 1) are exactly the numbers below G(n) (an odious number with 0, or two odious \
             numbers making an evil one), so the mex is the next odious number. The game is \
             Mock Turtles with a heap of n as a head at place n. Since G is increasing and \
             invertible, every winning move is found from the binary digits of the values, at \
             any size.",
    source: "E. R. Berlekamp, J. H. Conway, R. K. Guy, Winning Ways, ch. 14 (Mock Turtles, the \
             odious numbers); the split game as in AcWing 894.",
};

/// The nim-sequence engine's view of the closed form (no period: the odious numbers grow).
pub const CLOSED_FORM: ClosedForm = ClosedForm {
    value,
    regularity: None,
    shown_after: 0,
    formula: "G(0) = 0 and G(n) is the n-th odious number (1, 2, 4, 7, 8, 11, …), so there \
              is no period: the values grow (Winning Ways, ch. 14, Mock Turtles)",
    moves: None,
};

/// G(n): 0, then the odious numbers 1, 2, 4, 7, 8, 11, ….
pub fn value(n: &Nat) -> Nat {
    if n.is_zero() {
        return Nat::zero();
    }
    let m = n - 1u32;
    let even = m.count_ones() % 2 == 0;
    (m << 1u32) + u32::from(even)
}

/// The heap with value `v`, if any (0 or an odious number).
pub fn heap_of(v: &Nat) -> Option<Nat> {
    if v.is_zero() {
        Some(Nat::zero())
    } else if v.count_ones() % 2 == 1 {
        Some((v >> 1u32) + 1u32)
    } else {
        None
    }
}

/// The values u of the smaller part j ≤ k of a split of a heap worth `g` into parts worth u and
/// u ⊕ t (t evil, non-zero): u odious, u ⊕ t < g, and u without the top bit of t (so u < u ⊕ t),
/// in increasing order.
///
/// {u : u ⊕ t < g} is the union over the 1 bits i of g of the aligned blocks whose bits above i
/// are those of g ⊕ t and whose bit i is t's bit i; each block is walked upward, jumping over
/// runs where the top bit of t is set and stepping past evil numbers.
fn smaller_values(g: Nat, t: Nat) -> impl Iterator<Item = Nat> {
    let top = t.bits() - 1;
    let gt = &g ^ &t;
    let mut blocks: Vec<(Nat, Nat)> = (0..g.bits())
        .filter(|&i| g.bit(i))
        .map(|i| {
            let mut base = (&gt >> (i + 1)) << (i + 1);
            base.set_bit(i, t.bit(i));
            let end = &base + (Nat::one() << i);
            (base, end)
        })
        .collect();
    blocks.sort();
    let low_mask = (Nat::one() << top) - 1u32;
    blocks.into_iter().flat_map(move |(start, end)| {
        let low_mask = low_mask.clone();
        let mut u = start;
        std::iter::from_fn(move || loop {
            if u >= end {
                return None;
            }
            if u.bit(top) {
                u = (&u | &low_mask) + 1u32;
                continue;
            }
            let here = u.clone();
            u += 1u32;
            if here.count_ones() % 2 == 1 {
                return Some(here);
            }
        })
    })
}

/// The splits (j, k), j ≤ k < h, of a heap `h` whose value is `t`, as lists of parts.
fn splits_with_value(h: Nat, t: Nat) -> Box<dyn Iterator<Item = (Nat, Nat)>> {
    let g = value(&h);
    if t.is_zero() {
        // (j, j) for every j < h.
        let mut j = Nat::zero();
        return Box::new(std::iter::from_fn(move || {
            (j < h).then(|| {
                let out = (j.clone(), j.clone());
                j += 1u32;
                out
            })
        }));
    }
    if t.count_ones() % 2 == 1 {
        // Two odious values never XOR to an odious number: one part is empty.
        let k = heap_of(&t).expect("odious");
        return Box::new((k < h).then_some((Nat::zero(), k)).into_iter());
    }
    Box::new(smaller_values(g, t.clone()).map(move |u| {
        let w = &u ^ &t;
        (
            heap_of(&u).expect("odious"),
            heap_of(&w).expect("odious ⊕ evil is odious"),
        )
    }))
}

/// The registry's entry: names, parameters and notation of the game.
pub static ENTRY: Entry = Entry {
    info: &INFO,
    about: "Split Nim: replace a heap by two strictly smaller heaps.",
    params: &[],
    position: super::HEAPS,
    build: |_| super::boxed(SplitNim),
    sequence: Some(SequenceSpec {
        about: "Split Nim (closed form).",
        source: |_| Ok((Source::ClosedForm(CLOSED_FORM), "split-nim".into())),
    }),
};

/// Every split of every heap of `heaps` (small heaps), calling `check` before each part
/// size of each heap: a time budget stops a long listing there.
fn all_splits(
    heaps: &[Nat],
    mut check: impl FnMut() -> Result<(), GameError>,
) -> Result<Vec<Vec<Nat>>, GameError> {
    let mut out = Vec::new();
    for (i, h) in heaps.iter().enumerate() {
        let h = small(h).expect("heaps listed one by one are small");
        for j in 0..h {
            check()?;
            out.extend((j..h).map(|k| split_heap(heaps, i, &[Nat::from(j), Nat::from(k)])));
        }
    }
    Ok(out)
}

impl Ruleset for SplitNim {
    type Pos = Vec<Nat>;

    fn options(&self, p: &Vec<Nat>) -> Result<Vec<Vec<Nat>>, GameError> {
        super::listable(
            p.iter().map(|h| super::f(h).powi(2) / 2.0).sum::<f64>(),
            &Ruleset::name(self),
        )?;
        // Up to about 10⁵ splits: the caller's time budget is checked as they are listed.
        all_splits(p, crate::budget::check)
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

impl SplitNim {
    /// The verdict of `heaps` beside a heap worth `beside` (0: the position alone): its
    /// winning moves are the moves of `heaps` to positions worth `beside`.
    fn heaps_beside(&self, heaps: &[Nat], beside: Nat) -> Result<Verdict<'_, Vec<Nat>>, GameError> {
        let values: Vec<Nat> = heaps.iter().map(value).collect();
        let x = super::xor_all(&values);
        let explanation = format!(
            "Each heap n is worth the n-th odious number (Mock Turtles); the position is worth \
             the nim-sum: {}, so {}.",
            super::xor_expression(&values, &x),
            if x.is_zero() {
                "the player to move loses"
            } else {
                "the player to move wins by splitting a heap into parts of the right values"
            }
        );
        Ok(super::heap_sum_verdict(
            heaps,
            values,
            beside,
            explanation,
            |heaps, i, t| {
                splits_with_value(heaps[i].clone(), t).map(move |(j, k)| {
                    let text = format!("split heap {} ({}) into {j} and {k}", i + 1, heaps[i]);
                    Move::new(split_heap(&heaps, i, &[j, k]), text)
                })
            },
        ))
    }
}

impl Game for SplitNim {
    type Position = Vec<Nat>;

    fn moves(&self, heaps: &Vec<Nat>) -> Vec<Vec<Nat>> {
        all_splits(heaps, || Ok(())).expect("no check to fail")
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

    #[test]
    fn matches_brute_force_on_all_small_positions() {
        let mut ps = tuples(3, 7);
        ps.extend((8..=30).map(|h| vec![nat(h)]));
        check_all(&SplitNim, ps, Grundy::Required);
    }

    proptest! {
        #[test]
        fn huge_heaps_winning_splits_reach_zero(a in "[1-9][0-9]{0,50}", b in "[1-9][0-9]{0,50}", c in 0u64..1000) {
            let heaps: Vec<Nat> = vec![a.parse().unwrap(), b.parse().unwrap(), nat(c)];
            let v = SplitNim.verdict(&heaps).unwrap();
            let moves: Vec<_> = v.winning.take(40).collect();
            prop_assert_eq!(moves.is_empty(), v.outcome == Outcome::P);
            for m in moves {
                let after: Vec<Nat> = m.to.iter().map(value).collect();
                prop_assert!(crate::games::xor_all(&after).is_zero());
            }
        }
    }
}
