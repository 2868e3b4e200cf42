//! Nim and misère Nim.

use super::{int_tokens, parse_all, with_heap, xor_all, xor_expression};
use crate::analysis::{Brief, GameOption, Move, MoveIter, Token, Verdict, Word};
use crate::heap::sequence::{ClosedForm, Source};
use crate::heap::{HeapRule, Regularity};
use crate::registry::{Entry, SequenceSpec};
use crate::rules::{GameInfo, Ruleset, TableShape};
use crate::solver::{Convention, Game};
use crate::{GameError, Nat, Outcome};
use num_traits::{One, Zero};

/// Nim: heaps of tokens; a move takes any positive number of tokens from one heap.
///
/// Normal play: who takes the last token wins. Misère: who takes the last token loses.
#[derive(Clone, Copy, Debug, Default)]
pub struct Nim {
    /// Misère play (who takes the last token loses).
    pub misere: bool,
}

/// Description of Nim.
pub static INFO: GameInfo = GameInfo {
    name: "nim",
    title: "Nim",
    summary: "heaps of tokens; take any number from one heap",
    usage: "nim [--misere] H1 H2 …",
    example: "nim 3 4 5",
    rules: "A position is a list of heaps. A move takes one or more tokens from a single heap. \
            Normal play: the player who takes the last token wins. With --misere the player who \
            takes the last token loses.",
    theory: "The Grundy value is the nim-sum (bitwise XOR) of the heaps; the player to move loses \
             exactly when it is 0, and wins by changing a heap h into h ⊕ x wherever that is smaller, \
             x the nim-sum. Misère: if some heap has 2 or more tokens, play as in normal Nim (the \
             player to move loses exactly when the nim-sum is 0); if every heap has at most one \
             token, the player to move loses exactly when the number of one-token heaps is odd.",
    source: "C. L. Bouton, Nim, a game with a complete mathematical theory, Annals of Mathematics \
             3 (1901–1902) 35–39 (both normal and misère play).",
};

/// The registry's entry: names, parameters and notation of the game.
pub static ENTRY: Entry = Entry {
    info: &INFO,
    about: "Nim: take any number of tokens from one heap.",
    params: &[super::MISERE],
    position: super::HEAPS,
    build: |o| {
        super::boxed(Nim {
            misere: o.flag("misere"),
        })
    },
    sequence: Some(SequenceSpec {
        about: "Nim: G(n) = n.",
        source: |_| Ok((Source::ClosedForm(CLOSED_FORM), "nim".into())),
    }),
};

/// The nim-sequence engine's view of Nim: G(n) = n, arithmetic-periodic with period 1 and
/// saltus 1; its moves are the all-but rule with nothing excepted.
pub const CLOSED_FORM: ClosedForm = ClosedForm {
    value: |n| n.clone(),
    regularity: Some(Regularity {
        preperiod: 0,
        period: 1,
        saltus: 1,
    }),
    shown_after: 2,
    formula: "G(n) = n (Bouton, 1901)",
    moves: Some(|_| HeapRule::AllBut(Vec::new())),
};

impl Ruleset for Nim {
    type Pos = Vec<Nat>;

    fn options(&self, p: &Vec<Nat>) -> Result<Vec<Vec<Nat>>, GameError> {
        super::listable(super::total(p), &Ruleset::name(self))?;
        Ok(Game::moves(self, p))
    }

    fn info(&self) -> &'static GameInfo {
        &INFO
    }

    fn misere(&self) -> bool {
        self.misere
    }

    fn settings(&self) -> Vec<GameOption> {
        match self.misere {
            true => vec![GameOption::Flag("misere")],
            false => Vec::new(),
        }
    }

    fn parse(&self, args: &[&str]) -> Result<Vec<Nat>, GameError> {
        parse_all(args, "heap")
    }

    fn tokens(&self, heaps: &Vec<Nat>) -> Vec<Token> {
        int_tokens(heaps)
    }

    /// Each winning move changes a different heap (normal play: heap i becomes h_i ⊕ x;
    /// misère with one-token heaps: heap i is emptied), so no two reach the same position.
    fn moves_distinct(&self) -> bool {
        true
    }

    /// Normal play on heaps that fit machine words: Bouton's theorem with `u64`s.
    fn brief_fast(&self, line: &str, max_moves: usize, out: &mut String) -> bool {
        let mut words = [0; super::FAST_WORDS];
        let Some(n) = super::fast_words(line, &mut words).filter(|_| !self.misere) else {
            return false;
        };
        let heaps = &mut words[..n];
        let x = heaps.iter().fold(0, |x, h| x ^ h);
        let mut brief = Brief::start(out, heaps);
        brief.outcome(Outcome::from_win(x != 0)).grundy(&x);
        // Heap i becomes h ⊕ x wherever that is smaller: the moves `nim_moves` lists.
        let first = heaps.iter().position(|&h| h ^ x < h);
        if let Some(i) = first.filter(|_| max_moves > 0) {
            let wins = heaps[i..].iter().filter(|&&h| h ^ x < h).count();
            let h = heaps[i];
            heaps[i] = h ^ x;
            let take = |out: &mut String| {
                out.push_str("take ");
                (h - (h ^ x)).put(out);
                out.push_str(" from heap ");
                (i as u64 + 1).put(out);
            };
            brief.first_move(take, heaps);
            brief.more(wins.min(max_moves) - 1, wins > max_moves);
        }
        true
    }

    fn normal_form(&self, heaps: &Vec<Nat>) -> Vec<Nat> {
        super::sorted_heaps(heaps)
    }

    fn verdict(&self, heaps: &Vec<Nat>) -> Result<Verdict<'_, Vec<Nat>>, GameError> {
        let x = xor_all(heaps);
        let big = heaps.iter().filter(|h| **h > Nat::one()).count();
        if self.misere && big == 0 {
            return Ok(misere_small(heaps));
        }
        if self.misere && big == 1 {
            return Ok(misere_one_big(heaps));
        }
        let wins = !x.is_zero();
        let explanation = format!(
            "{}Bouton's theorem: a position is lost for the player to move exactly when the \
             nim-sum (XOR) of the heaps is 0. Here {}, so {}.",
            if self.misere {
                "Misère Nim with at least two heaps of 2 or more plays like normal Nim. "
            } else {
                ""
            },
            xor_expression(heaps, &x),
            if wins {
                "the player to move wins by making the nim-sum 0"
            } else {
                "every move makes it non-zero and the opponent restores it"
            }
        );
        let winning = nim_moves(heaps.clone(), x);
        Ok(Verdict {
            search: None,
            partial: false,
            outcome: Outcome::from_win(wins),
            grundy: (!self.misere).then(|| xor_all(heaps)),
            winning: Box::new(winning),
            explanation,
        })
    }

    fn moves_to_value<'a>(
        &'a self,
        heaps: &Vec<Nat>,
        target: &Nat,
    ) -> Result<(MoveIter<'a, Vec<Nat>>, bool), GameError> {
        if self.misere {
            return Err(GameError::Invalid(
                "nim --misere: a misère position has no Grundy value to move to".into(),
            ));
        }
        // The position is worth x; a heap h turned into h ⊕ x ⊕ target makes it worth target.
        let x = xor_all(heaps) ^ target;
        Ok((Box::new(nim_moves(heaps.clone(), x)), false))
    }

    fn table_shape(&self) -> Option<TableShape> {
        Some(TableShape::Grid {
            rows: "heap 1",
            cols: "heap 2",
            first: 0,
        })
    }

    fn table_position(&self, c: &[u64]) -> Result<Option<Vec<Nat>>, GameError> {
        Ok(Some(c.iter().map(|&n| Nat::from(n)).collect()))
    }
}

/// The normal-play winning moves: heap `h` becomes `h ⊕ x` wherever that is smaller.
fn nim_moves(heaps: Vec<Nat>, x: Nat) -> impl Iterator<Item = Move<Vec<Nat>>> {
    let n = if x.is_zero() { 0 } else { heaps.len() };
    (0..n).filter_map(move |i| {
        let target = &heaps[i] ^ &x;
        (target < heaps[i]).then(|| {
            let d = &heaps[i] - &target;
            Move::new(with_heap(&heaps, i, target), take(&d, i))
        })
    })
}

fn take(d: &Nat, i: usize) -> String {
    format!("take {d} from heap {}", i + 1)
}

/// Misère, every heap 0 or 1: the player to move loses exactly when the count of ones is odd.
fn misere_small(heaps: &[Nat]) -> Verdict<'static, Vec<Nat>> {
    let ones: Vec<usize> = (0..heaps.len()).filter(|&i| heaps[i].is_one()).collect();
    let wins = ones.len() % 2 == 0;
    let heaps = heaps.to_vec();
    let explanation = format!(
        "Misère Nim with every heap at most 1: the one-token heaps are simply taken in turn, so \
         the player to move loses exactly when their number is odd. Here there {} {}{}.",
        if ones.len() == 1 { "is" } else { "are" },
        ones.len(),
        if ones.is_empty() {
            " — the opponent took the last token and lost"
        } else {
            ""
        }
    );
    let moves: Vec<_> = if wins {
        ones.iter()
            .map(|&i| Move::new(with_heap(&heaps, i, Nat::zero()), take(&Nat::one(), i)))
            .collect()
    } else {
        vec![]
    };
    Verdict {
        search: None,
        partial: false,
        outcome: Outcome::from_win(wins),
        grundy: None,
        winning: Box::new(moves.into_iter()),
        explanation,
    }
}

/// Misère, exactly one heap of 2 or more: always a win — reduce it to 0 or 1 so that an odd
/// number of one-token heaps remains.
fn misere_one_big(heaps: &[Nat]) -> Verdict<'static, Vec<Nat>> {
    let i = heaps
        .iter()
        .position(|h| *h > Nat::one())
        .expect("one big heap");
    let other_ones = heaps.iter().filter(|h| h.is_one()).count();
    let target = if other_ones % 2 == 0 {
        Nat::one()
    } else {
        Nat::zero()
    };
    let d = &heaps[i] - &target;
    let m = Move::new(with_heap(heaps, i, target.clone()), take(&d, i));
    Verdict {
        search: None,
        partial: false,
        outcome: Outcome::N,
        grundy: None,
        winning: Box::new(std::iter::once(m)),
        explanation: format!(
            "Misère Nim with exactly one heap of 2 or more: the player to move wins by reducing \
             that heap to {target}, leaving an odd number of one-token heaps."
        ),
    }
}

impl Game for Nim {
    type Position = Vec<Nat>;

    fn moves(&self, heaps: &Vec<Nat>) -> Vec<Vec<Nat>> {
        let mut out = Vec::new();
        for (i, h) in heaps.iter().enumerate() {
            let mut v = Nat::zero();
            while v < *h {
                out.push(with_heap(heaps, i, v.clone()));
                v += 1u32;
            }
        }
        out
    }

    fn convention(&self) -> Convention {
        Convention::misere_if(self.misere)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::DynGame;
    use crate::testkit::{check_all, check_brief, nat, tuples, Grundy};
    use proptest::prelude::*;

    /// The rule quotients and genera play Nim by is Nim's on every heap up to 60.
    #[test]
    fn closed_form_moves_are_nims() {
        let rule = (CLOSED_FORM.moves.expect("Nim's moves are a heap rule"))(60);
        crate::testkit::check_heap_rule(&Nim { misere: false }, &rule, 60);
    }

    #[test]
    fn normal_play_matches_brute_force_on_all_small_positions() {
        let n = check_all(&Nim { misere: false }, tuples(3, 7), Grundy::Required);
        assert_eq!(n, 1 + 8 + 64 + 512);
    }

    /// The words of a position, as a line of a batch.
    fn line(heaps: &[Nat]) -> String {
        heaps
            .iter()
            .map(|h| h.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn fast_one_line_answers_are_the_general_ones_on_all_small_positions() {
        let lines: Vec<String> = tuples(4, 7).iter().map(|t| line(t)).collect();
        let fast = check_brief(&Nim::default(), &lines, &[0, 1, 2, 3, 100]).unwrap();
        // Every line but the empty one, with five maxima.
        assert_eq!(fast, (lines.len() - 1) * 5);
        // Misère play has no fast path.
        assert_eq!(
            check_brief(&Nim { misere: true }, &lines, &[100]).unwrap(),
            0
        );
    }

    proptest! {
        #[test]
        fn fast_one_line_answers_are_the_general_ones(
            heaps in prop::collection::vec(
                prop_oneof![0u64..16, any::<u64>(), (u64::MAX - 16)..=u64::MAX], 1..70),
            spaces in prop::collection::vec(prop_oneof![Just(" "), Just("  "), Just("\t")], 70),
            max in 0usize..5,
        ) {
            let mut text = String::new();
            for (h, s) in heaps.iter().zip(&spaces) {
                text += &format!("{s}{h:0>3}");
            }
            // Up to 64 heaps of up to 19 digits go the fast way; 20-digit heaps (the ones
            // beyond 10^19) and longer lines go the general way.
            let small = heaps.len() <= 64 && heaps.iter().all(|&h| h < 10_000_000_000_000_000_000);
            let fast = check_brief(&Nim::default(), [&text], &[max, 100]).map_err(TestCaseError::fail)?;
            prop_assert_eq!(fast, if small { 2 } else { 0 });
        }
    }

    #[test]
    fn misere_play_matches_brute_force_on_all_small_positions() {
        check_all(&Nim { misere: true }, tuples(4, 4), Grundy::Absent);
    }

    #[test]
    fn a_worked_example() {
        let nim = Nim::default();
        let a = nim
            .solve(&nim.position(&["3", "4", "5"]).unwrap(), 100)
            .unwrap();
        assert_eq!(a.grundy, Some(nat(2)));
        assert_eq!(a.winning_moves.len(), 1);
        assert_eq!(a.winning_moves[0].to, int_tokens(&[nat(1), nat(4), nat(5)]));
        assert_eq!(a.winning_moves[0].description, "take 2 from heap 1");
    }

    proptest! {
        #[test]
        fn winning_moves_of_huge_heaps_reach_nim_sum_zero(
            heaps in proptest::collection::vec("[0-9]{1,60}", 1..6)
        ) {
            let hs: Vec<Nat> = heaps.iter().map(|s| s.parse().unwrap()).collect();
            let nim = Nim::default();
            let v = nim.verdict(&hs).unwrap();
            let x = xor_all(&hs);
            prop_assert_eq!(v.grundy.clone(), Some(x.clone()));
            let moves: Vec<_> = v.winning.collect();
            prop_assert_eq!(moves.is_empty(), x.is_zero());
            for m in moves {
                prop_assert!(xor_all(&m.to).is_zero());
                let changed = (0..hs.len()).filter(|&i| m.to[i] != hs[i]).count();
                prop_assert_eq!(changed, 1);
                prop_assert!(m.to.iter().zip(&hs).all(|(a, b)| a <= b));
            }
        }
    }
}
