//! All-but subtraction games: take any positive number of tokens from one heap, except the
//! numbers of a finite set S. Their values grow without bound and are arithmetic-periodic,
//! G(n + p) = G(n) + s from some n0 on; grundy proves the regularity from the computed values
//! (`crate::heap::find_arithmetic_period`) and answers heaps of any size through it.

use super::{int_tokens, parse_all, split_heap};
use crate::analysis::{GameOption, Move, Token, Verdict};
use crate::heap::sequence::Source;
use crate::heap::{HeapRule, HeapValues, Table};
use crate::nat::parse_set;
use crate::nat::small;
use crate::registry::{Entry, Param, ParamKind, ParamType, SequenceSpec};
use crate::rules::{GameInfo, Ruleset, TableShape};
use crate::solver::Game;
use crate::{GameError, Nat};
use num_traits::{ToPrimitive, Zero};

/// An all-but subtraction game.
#[derive(Debug)]
pub struct AllBut {
    except: Vec<u64>,
    values: HeapValues,
}

/// Description of all-but subtraction games.
pub static INFO: GameInfo = GameInfo {
    name: "all-but",
    title: "All-but subtraction games",
    summary: "heaps; take any number of tokens from one heap except the numbers of a given set",
    usage: "all-but --set S1,S2,… H1 H2 …",
    example: "all-but --set 1,2 10 7",
    rules: "Heaps of tokens and a finite set S of positive numbers. A move takes any positive \
            number of tokens from one heap, except a number in S. Who makes the last move wins. \
            (With S empty this is Nim.)",
    theory: "G(n) = mex{G(n − k) : 1 ≤ k ≤ n, k ∉ S}, and a sum of heaps is worth the nim-sum of \
             the heaps' values (Sprague–Grundy theorem). A heap moves to every heap more than \
             max S below it, so each value occurs at most max S + 1 times and the values grow \
             without bound. They are arithmetic-periodic, G(n + p) = G(n) + s from some n0 on \
             (Siegel); grundy proves p, s and n0 from the computed values by a certificate of \
             its own (docs/sequences.md), then answers heaps of any size exactly: G(h) = \
             G(n0 + r) + q·s for h − n0 = q·p + r, and the heaps of value t are found one per \
             residue r, at q = (t − G(n0 + r))/s.",
    source: "A. A. Siegel, Finite excluded subtraction sets and infinite geography (2005); \
             Winning Ways, ch. 4 (all-but subtraction games).",
};

impl AllBut {
    /// The all-but game excluding the numbers of `except` (any order; repeats and 0 are
    /// ignored: taking nothing is never a move).
    ///
    /// ```
    /// use grundy::rules::DynGame;
    /// use grundy::games::all_but::AllBut;
    /// // Take anything but 1 or 2 tokens; a heap of 10^30 against one of 7.
    /// let game = AllBut::new(vec![1, 2]);
    /// let p = game.position(&["1000000000000000000000000000000", "7"]).unwrap();
    /// let a = game.solve(&p, 10).unwrap();
    /// assert_eq!(a.outcome.to_string(), "N");
    /// ```
    pub fn new(mut except: Vec<u64>) -> Self {
        except.retain(|&k| k > 0);
        except.sort_unstable();
        except.dedup();
        AllBut {
            values: HeapValues::new(HeapRule::AllBut(except.clone())),
            except,
        }
    }

    /// The engine holding this game's values.
    pub fn values(&self) -> &HeapValues {
        &self.values
    }

    fn excluded(&self, k: &Nat) -> bool {
        k.to_u64()
            .is_some_and(|k| self.except.binary_search(&k).is_ok())
    }

    /// Every heap m < h that heap h moves to (h − m ∉ S) with G(m) = t, largest first (fewest
    /// tokens taken first): the heaps of value t below h (through the proved regularity,
    /// one per residue: see [`Table::heaps_worth`]) that a move reaches.
    fn options_worth(&self, table: &Table, h: &Nat, t: &Nat) -> Vec<Nat> {
        let mut found = table.heaps_worth(t, h);
        found.retain(|m| !self.excluded(&(h - m)));
        found.reverse();
        found
    }
}

/// The registry's entry: names, parameters and notation of the game.
pub static ENTRY: Entry = Entry {
    info: &INFO,
    about: "All-but subtraction: take any number of tokens from one heap except those in a set.",
    params: &[Param {
        name: "set",
        kind: ParamKind::Named,
        ty: ParamType::Set,
        value_name: "S1,S2,…",
        help: "The numbers that may not be taken, e.g. 1,2.",
        required: true,
    }],
    position: super::HEAPS,
    build: |o| super::boxed(AllBut::new(parse_set(o.required("set")?, "all-but set")?)),
    sequence: Some(SequenceSpec {
        about: "Subtract any positive number except those in the set.",
        source: |o| {
            let s = parse_set(o.required("set")?, "all-but set")?;
            let name = format!("all-but --set {}", super::join_set(&s));
            Ok((Source::Rule(HeapRule::AllBut(s)), name))
        },
    }),
};

impl Ruleset for AllBut {
    type Pos = Vec<Nat>;

    fn options(&self, p: &Vec<Nat>) -> Result<Vec<Vec<Nat>>, GameError> {
        super::listable(super::total(p), &Ruleset::name(self))?;
        Ok(Game::moves(self, p))
    }

    fn info(&self) -> &'static GameInfo {
        &INFO
    }

    fn settings(&self) -> Vec<GameOption> {
        let s: Vec<String> = self.except.iter().map(|k| k.to_string()).collect();
        vec![GameOption::Named("set", s.join(","))]
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

impl AllBut {
    /// The verdict of `heaps` beside a heap worth `beside` (0: the position alone): its
    /// winning moves are the moves of `heaps` to positions worth `beside`.
    fn heaps_beside(&self, heaps: &[Nat], beside: Nat) -> Result<Verdict<'_, Vec<Nat>>, GameError> {
        let name = Ruleset::name(self);
        let table = self.values.table_for(heaps.iter().max(), &name)?;
        if let Some(r) = table.regularity.filter(|r| r.saltus == 0) {
            // Each value occurs at most max S + 1 times, so a proved saltus is at least 1.
            return Err(GameError::Invalid(format!(
                "{name}: a period {} without saltus was proved, which the theory rules out; \
                 please report this",
                r.period
            )));
        }
        let values: Vec<Nat> = heaps.iter().map(|h| table.value_nat(h)).collect();
        let x = super::xor_all(&values);
        let regular = match table.regularity {
            Some(r) => format!(
                " The values are arithmetic-periodic, G(n + {}) = G(n) + {} for n ≥ {} \
                 (proved), so heaps of any size are answered exactly.",
                r.period, r.saltus, r.preperiod
            ),
            None => String::new(),
        };
        let shown = super::first_terms(
            heaps
                .iter()
                .zip(&values)
                .map(|(h, g)| format!("G({h}) = {g}")),
            "there are no heaps",
        );
        let but = match self.except.len() {
            0 => String::new(),
            _ => format!(
                " but those {} below",
                self.except
                    .iter()
                    .map(|k| k.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        };
        let explanation = format!(
            "Sprague–Grundy theorem: a sum of heaps is worth the nim-sum of the heaps' Grundy \
             values, each the mex of its options' values (every smaller heap{but}). Here {shown}, \
             nim-sum {x}, so {}.{regular}",
            if x.is_zero() {
                "the player to move loses"
            } else {
                "the player to move wins by taking from one heap to leave the right value"
            },
        );
        Ok(super::heap_sum_verdict(
            heaps,
            values,
            beside,
            explanation,
            move |heaps, i, t| {
                let h = heaps[i].clone();
                self.options_worth(&table, &h, &t)
                    .into_iter()
                    .map(move |m| {
                        let k = &h - &m;
                        let text = crate::moves::heap_move(i + 1, &h, &k, &[]);
                        Move::new(split_heap(&heaps, i, &[m]), text)
                    })
            },
        ))
    }
}

impl Game for AllBut {
    type Position = Vec<Nat>;

    fn moves(&self, heaps: &Vec<Nat>) -> Vec<Vec<Nat>> {
        let mut out = Vec::new();
        for (i, h) in heaps.iter().enumerate() {
            let h = small(h).expect("brute force runs on small heaps") as u64;
            for k in (1..=h).filter(|k| self.except.binary_search(k).is_err()) {
                out.push(split_heap(heaps, i, &[Nat::from(h - k)]));
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
    use crate::heap::extend;
    use crate::testkit::{check_all, nat, tuples, Grundy};
    use crate::Outcome;
    use proptest::prelude::*;

    /// Sets with short and long exclusions, regularities found early and late.
    fn sets() -> Vec<Vec<u64>> {
        vec![
            vec![],
            vec![1],
            vec![2],
            vec![1, 2],
            vec![2, 3],
            vec![1, 3, 4],
            vec![2, 5, 6],
            vec![1, 2, 5, 9],
            vec![3, 4, 7, 12],
            vec![13, 19, 20, 33],
        ]
    }

    #[test]
    fn matches_brute_force_on_all_small_positions() {
        for s in sets() {
            let g = AllBut::new(s);
            let mut ps = tuples(3, 7);
            ps.extend((8..=60).map(|h| vec![nat(h)]));
            ps.extend((8..=60).map(|h| vec![nat(h), nat(h / 3)]));
            check_all(&g, ps, Grundy::Required);
        }
    }

    /// Beyond the table the values and winning moves come from the proved regularity alone:
    /// they must equal those of a table computed directly that far, for every heap of a
    /// stretch past the end and every small second heap.
    #[test]
    fn beyond_the_table_agrees_with_values_computed_directly() {
        for s in sets() {
            let g = AllBut::new(s.clone());
            let table = g.values.table_for(Some(&nat(1 << 40)), "t").unwrap();
            let r = table.regularity.expect("proved");
            let len = table.values.len() as u64;
            let far = len + 2 * r.period + 600;
            let mut direct: Vec<u32> = Vec::new();
            assert!(extend(&HeapRule::AllBut(s.clone()), &mut direct, far));
            for h in (len - 50)..=far {
                let gh = direct[h as usize];
                assert_eq!(table.value_nat(&nat(h)), nat(u64::from(gh)), "{s:?} G({h})");
                for c in [0u64, 1, 5, 17] {
                    let x = gh ^ direct[c as usize];
                    let v = g.verdict(&vec![nat(h), nat(c)]).unwrap();
                    assert_eq!(v.grundy, Some(nat(u64::from(x))));
                    let got: Vec<Vec<Nat>> = v.winning.map(|m| m.to).collect();
                    let mut want: Vec<Vec<Nat>> = Vec::new();
                    if x != 0 {
                        // Moves on the big heap, fewest tokens first, then on the small one.
                        for (i, (a, b)) in [(h, c), (c, h)].into_iter().enumerate() {
                            for k in (1..=a).filter(|k| s.binary_search(k).is_err()) {
                                if direct[(a - k) as usize] ^ direct[b as usize] == 0 {
                                    // An emptied heap goes; the other stays, even at 0.
                                    let mut to = vec![nat(b)];
                                    if a > k {
                                        to.insert(i, nat(a - k));
                                    }
                                    want.push(to);
                                }
                            }
                        }
                    }
                    assert_eq!(got, want, "{s:?}, heaps {h} and {c}");
                }
            }
        }
    }

    #[test]
    fn huge_heaps_are_answered() {
        let g = AllBut::new(vec![13, 19, 20, 33]);
        let h: Nat = "1".repeat(60).parse().unwrap();
        let v = g.verdict(&vec![h.clone(), nat(5)]).unwrap();
        assert_eq!(v.outcome, Outcome::N);
        assert!(v
            .explanation
            .contains("G(n + 692) = G(n) + 252 for n ≥ 1130"));
    }

    proptest! {
        /// Winning moves from huge heaps reach positions of value 0, and a position of value 0
        /// has none.
        #[test]
        fn huge_heaps_winning_moves_reach_zero(
            set in prop::sample::select(sets()),
            a in "[1-9][0-9]{0,40}",
            b in "[1-9][0-9]{0,40}",
            c in 0u64..5000,
        ) {
            let g = AllBut::new(set);
            let heaps: Vec<Nat> = vec![a.parse().unwrap(), b.parse().unwrap(), nat(c)];
            let v = g.verdict(&heaps).unwrap();
            let moves: Vec<_> = v.winning.take(50).collect();
            prop_assert_eq!(moves.is_empty(), v.outcome == Outcome::P);
            for m in moves {
                let after = g.verdict(&m.to).unwrap();
                prop_assert_eq!(after.grundy, Some(Nat::zero()), "{:?} → {:?}", heaps, m.to);
                let taken: Nat = heaps.iter().sum::<Nat>() - m.to.iter().sum::<Nat>();
                prop_assert!(!taken.is_zero() && !g.excluded(&taken));
            }
        }
    }
}
