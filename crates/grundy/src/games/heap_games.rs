//! Heap games computed by the nim-sequence engine: subtraction games, octal and hexadecimal
//! codes (Kayles, Dawson's Kayles, …) and Grundy's game.

use super::{int_tokens, parse_all, split_heap};
use crate::analysis::{GameOption, Move, Token, Verdict};
use crate::heap::sequence::Source;
use crate::heap::{
    hexadecimal_options_worth, parse_code, subtraction, HeapRule, HeapValues, Period, Table,
};
use crate::nat::parse_set;
use crate::nat::small;
use crate::registry::{Entry, Param, ParamKind, ParamType, PositionSpec, SequenceSpec};
use crate::rules::{GameInfo, Ruleset, TableShape};
use crate::solver::Game;
use crate::{GameError, Nat};
use num_traits::{ToPrimitive, Zero};

/// Which heap game, for naming and rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HeapKind {
    /// Kayles, octal 0.77.
    Kayles,
    /// Dawson's Kayles, octal 0.07.
    Dawson,
    /// Grundy's game.
    GrundysGame,
    /// Any octal or hexadecimal code, as written.
    Octal(String),
    /// A subtraction game with this set.
    Subtraction(Vec<u64>),
}

/// A heap game whose values come from the nim-sequence engine.
#[derive(Debug)]
pub struct HeapGame {
    kind: HeapKind,
    values: HeapValues,
}

impl HeapGame {
    /// Kayles (0.77): knock down one pin or two adjacent pins from a row.
    pub fn kayles() -> Self {
        Self::with(HeapKind::Kayles, parse_code("0.77").expect("valid code"))
    }

    /// Dawson's Kayles (0.07).
    pub fn dawson() -> Self {
        Self::with(HeapKind::Dawson, parse_code("0.07").expect("valid code"))
    }

    /// Grundy's game: split a heap into two unequal heaps.
    pub fn grundys_game() -> Self {
        Self::with(HeapKind::GrundysGame, HeapRule::GrundysGame)
    }

    /// The octal (or hexadecimal) game with this code, e.g. `0.137`.
    pub fn octal(code: &str) -> Result<Self, GameError> {
        Ok(Self::with(
            HeapKind::Octal(code.to_string()),
            parse_code(code)?,
        ))
    }

    /// The subtraction game with this set of positive numbers (sorted, no duplicates).
    pub fn subtraction(set: Vec<u64>) -> Self {
        let rule = subtraction(&set);
        Self::with(HeapKind::Subtraction(set), rule)
    }

    fn with(kind: HeapKind, rule: HeapRule) -> Self {
        HeapGame {
            kind,
            values: HeapValues::new(rule),
        }
    }

    /// The engine holding this game's values.
    pub fn values(&self) -> &HeapValues {
        &self.values
    }

    /// Every option of heap `h` (in the table or reducible) whose value is `t`, as
    /// (tokens removed, heaps left) — beyond the table of a hexadecimal code with an
    /// arithmetic period, those of the kinds `hexadecimal_options_worth` searches.
    fn options_with_value(
        &self,
        table: Table,
        h: Nat,
        t: &Nat,
    ) -> Box<dyn Iterator<Item = (u64, Vec<Nat>)> + '_> {
        if table.in_table(&h) {
            return self.table_options(&table, &h, t);
        }
        let HeapRule::TakeBreak(moves) = self.values.rule() else {
            // Only take-and-break codes have regularities to reach beyond the table.
            return Box::new(std::iter::empty());
        };
        let Some(period) = table.period() else {
            return hexadecimal_options_worth(table, moves, h, t);
        };
        let Some(t) = t.to_u32() else {
            return Box::new(std::iter::empty());
        };
        // A heap beyond the table of a periodic game: its moves leave at most two heaps.
        Box::new(moves.iter().flat_map(move |&(k, bits)| {
            let m = &h - k;
            let mut out: Vec<Box<dyn Iterator<Item = (u64, Vec<Nat>)>>> = Vec::new();
            if bits & 2 != 0 && table.value(&m) == t {
                out.push(Box::new(std::iter::once((k, vec![m.clone()]))));
            }
            if bits & 4 != 0 {
                out.push(Box::new(
                    splits_with_value(table.clone(), period, m.clone(), t).map(move |p| (k, p)),
                ));
            }
            out.into_iter().flatten()
        }))
    }

    /// Every option of heap `h`, inside the table, whose value is `t`.
    fn table_options(
        &self,
        table: &Table,
        h: &Nat,
        t: &Nat,
    ) -> Box<dyn Iterator<Item = (u64, Vec<Nat>)> + '_> {
        let (Some(hs), Some(t)) = (h.to_u64(), t.to_u32()) else {
            return Box::new(std::iter::empty());
        };
        let mut found = Vec::new();
        self.values
            .rule()
            .for_each_option_worth(hs, &table.values, t, |k, parts| {
                found.push((k, parts.iter().map(|&p| Nat::from(p)).collect()));
            });
        Box::new(found.into_iter())
    }
}

/// The splits (a, m − a), 1 ≤ a ≤ m − a, of a heap m ≥ 2·n0 whose value is `t`, in increasing a.
///
/// For a < n0 each split is tried directly. For a ≥ n0 both parts are past the preperiod, so
/// with o = (a − n0) mod p the value is P[o] ⊕ P[(m − 2n0 − o) mod p] (P[o] = G(n0 + o)):
/// it depends on o alone, and the matching a are found by scanning one period.
fn splits_with_value(
    table: Table,
    period: Period,
    m: Nat,
    t: u32,
) -> impl Iterator<Item = Vec<Nat>> {
    let Period {
        preperiod: n0,
        period: p,
    } = period;
    let half = &m >> 1u32;
    let direct: Vec<Vec<Nat>> = (1..n0)
        .map(Nat::from)
        .filter(|a| *a <= half)
        .filter(|a| table.value(a) ^ table.value(&(&m - a)) == t)
        .map(|a| vec![a.clone(), &m - &a])
        .collect();
    let at = |o: u64| table.values[(n0 + o) as usize];
    let c = ((&m - 2 * n0) % p).to_u64().expect("below the period");
    let offsets: Vec<u64> = (0..p)
        .filter(|&o| at(o) ^ at((c + p - o) % p) == t)
        .collect();
    let start = Nat::from(n0);
    // With no matching offset, skip the (possibly astronomically long) periodic range.
    let blocks = if offsets.is_empty() { 0 } else { u64::MAX };
    let periodic = (0u64..blocks)
        .map_while(move |j| {
            let base = &start + Nat::from(j) * p;
            (base <= half).then_some(base)
        })
        .flat_map(move |base| offsets.clone().into_iter().map(move |o| &base + o))
        .take_while({
            let half = (&m >> 1u32).clone();
            move |a| *a <= half
        })
        .map({
            let m = m.clone();
            move |a| {
                let b = &m - &a;
                vec![a, b]
            }
        });
    direct.into_iter().chain(periodic)
}

/// Description of Kayles.
pub static KAYLES: GameInfo = GameInfo {
    name: "kayles",
    title: "Kayles",
    summary: "rows of pins; knock down one pin or two adjacent pins",
    usage: "kayles H1 H2 …",
    example: "kayles 10",
    rules: "Rows of H1, H2, … pins. A move knocks down one pin or two adjacent pins of a row, \
            which may split it into two rows. Who knocks down the last pin wins. This is the \
            octal game 0.77.",
    theory: "A sum of rows: the Grundy value is the nim-sum of the rows' values G(H), computed by \
             the mex rule. Kayles is ultimately periodic with period 12 from n = 71 on, proved by \
             the Guy–Smith theorem from the first 168 values, so rows of any length are answered \
             exactly.",
    source: "H. E. Dudeney (1908) and S. Loyd; R. K. Guy, C. A. B. Smith, The G-values of various \
             games, Proc. Cambridge Philos. Soc. 52 (1956) 514–526; OEIS A002186.",
};

/// Description of Dawson's Kayles.
pub static DAWSON: GameInfo = GameInfo {
    name: "dawson",
    title: "Dawson's Kayles",
    summary: "rows of pins; knock down exactly two adjacent pins",
    usage: "dawson H1 H2 …",
    example: "dawson 9",
    rules:
        "Rows of H1, H2, … pins. A move knocks down two adjacent pins of a row, which may split \
            it into two rows. Who knocks down the last pins wins. This is the octal game 0.07 \
            (equivalent to Dawson's chess).",
    theory: "The Grundy value is the nim-sum of the rows' values, computed by the mex rule; the \
             values are ultimately periodic with period 34 from n = 53, proved by the Guy–Smith \
             theorem.",
    source: "T. R. Dawson (1934); R. K. Guy, C. A. B. Smith (1956); OEIS A002187.",
};

/// Description of Grundy's game.
pub static GRUNDYS_GAME: GameInfo = GameInfo {
    name: "grundys-game",
    title: "Grundy's game",
    summary: "split a heap into two heaps of different sizes",
    usage: "grundys-game H1 H2 …",
    example: "grundys-game 13",
    rules: "Heaps of tokens. A move splits one heap into two non-empty heaps of different sizes. \
            Who makes the last move wins.",
    theory: "The Grundy value is the nim-sum of the heaps' values, computed by the mex rule. \
             Whether the sequence is ultimately periodic is a famous open problem (it has been \
             computed to beyond 2^35 without a period), so grundy answers heaps up to the size \
             it computes and refuses larger ones with the reason.",
    source: "P. M. Grundy, Mathematics and games, Eureka 2 (1939) 6–8; OEIS A002188; Winning \
             Ways, ch. 4.",
};

/// Description of octal games.
pub static OCTAL: GameInfo = GameInfo {
    name: "octal",
    title: "Octal and hexadecimal games",
    summary: "take-and-break heap games given by a code such as 0.137",
    usage: "octal CODE H1 H2 …",
    example: "octal 0.137 20",
    rules: "Heaps of tokens. Digit k of the code (k = 1, 2, … after the point) says which moves \
            may remove k tokens from one heap: bit 1 when nothing is left of the heap, bit 2 when \
            one non-empty heap is left, bit 4 when the rest is split into two non-empty heaps, \
            bit 8 (hexadecimal digits) into three. A whole part of 4 allows splitting a heap \
            into two without removing anything. Who makes the last move wins.",
    theory: "The Grundy value is the nim-sum of the heaps' values, computed by the mex rule. When \
             the computed values repeat with period p from n0 over the first \
             k·max(n0, 1) + k·p + t values (t the last digit's position, k the most heaps a move \
             leaves: 2 for octal codes, 3 for hexadecimal codes with bit 8), the Guy–Smith \
             theorem (extended to k heaps by the same argument, see docs/sequences.md) proves \
             them periodic forever and heaps of any size are answered exactly; codes whose moves \
             leave at most one heap need only one repeated window of t values. Hexadecimal \
             codes with three-heap moves may instead be arithmetic-periodic, G(n + p) = G(n) + s; \
             when grundy's certificate proves it (docs/sequences.md), heaps of any size are \
             answered too, with winning moves that leave a heap of the right value beside heaps \
             that cancel out (the kinds the proof guarantees; others are not searched). \
             Otherwise heaps up to the computed size are answered and larger ones refused with \
             the reason.",
    source: "R. K. Guy, C. A. B. Smith, The G-values of various games, Proc. Cambridge Philos. \
             Soc. 52 (1956) 514–526; Winning Ways, ch. 4.",
};

/// Description of subtraction games.
pub static SUBTRACTION: GameInfo = GameInfo {
    name: "subtraction",
    title: "Subtraction games",
    summary: "heaps; take s tokens from one heap, s from a given set",
    usage: "subtraction --set S1,S2,… H1 H2 …",
    example: "subtraction --set 1,3,4 7 9",
    rules: "Heaps of tokens and a set S of positive numbers. A move takes s tokens from one heap, \
            for some s in S. Who makes the last move wins. (Coin-taking games and set-Nim are of this kind.)",
    theory: "G(n) = mex{G(n − s) : s ∈ S, s ≤ n}, and a sum of heaps has the nim-sum of their \
             values (Sprague–Grundy theorem). Since G(n) depends only on the max(S) values before \
             it, the sequence is ultimately periodic, and as soon as a window of max(S) values \
             repeats the period is proved; heaps of any size are then answered exactly.",
    source: "R. P. Sprague (1935–36), P. M. Grundy (1939); Winning Ways, ch. 4; \
             T. S. Ferguson, Game Theory, Part I, §3.",
};

/// The registry's entry: names, parameters and notation of the game.
pub static SUBTRACTION_ENTRY: Entry = Entry {
    info: &SUBTRACTION,
    about: "Subtraction game: take s tokens from one heap, s from a set.",
    params: &[Param {
        name: "set",
        kind: ParamKind::Named,
        ty: ParamType::Set,
        value_name: "S1,S2,…",
        help: "The subtraction set, e.g. 1,3,4.",
        required: true,
    }],
    position: super::HEAPS,
    build: |o| {
        super::boxed(HeapGame::subtraction(parse_set(
            o.required("set")?,
            "subtraction set",
        )?))
    },
    sequence: Some(SequenceSpec {
        about: "A subtraction game.",
        source: |o| {
            let s = parse_set(o.required("set")?, "subtraction set")?;
            let name = format!("subtraction --set {}", super::join_set(&s));
            Ok((Source::Rule(subtraction(&s)), name))
        },
    }),
};

/// The registry's entry: names, parameters and notation of the game.
pub static KAYLES_ENTRY: Entry = Entry {
    info: &KAYLES,
    about: "Kayles (0.77): knock down one or two adjacent pins.",
    params: &[],
    position: PositionSpec {
        value_name: "H",
        help: "Row lengths.",
    },
    build: |_| super::boxed(HeapGame::kayles()),
    sequence: Some(SequenceSpec {
        about: "Kayles (0.77).",
        source: |_| Ok((Source::Rule(parse_code("0.77")?), "kayles".into())),
    }),
};

/// The registry's entry: names, parameters and notation of the game.
pub static DAWSON_ENTRY: Entry = Entry {
    info: &DAWSON,
    about: "Dawson's Kayles (0.07): knock down two adjacent pins.",
    params: &[],
    position: PositionSpec {
        value_name: "H",
        help: "Row lengths.",
    },
    build: |_| super::boxed(HeapGame::dawson()),
    sequence: Some(SequenceSpec {
        about: "Dawson's Kayles (0.07).",
        source: |_| Ok((Source::Rule(parse_code("0.07")?), "dawson".into())),
    }),
};

/// The registry's entry: names, parameters and notation of the game.
pub static GRUNDYS_GAME_ENTRY: Entry = Entry {
    info: &GRUNDYS_GAME,
    about: "Grundy's game: split a heap into two unequal heaps.",
    params: &[],
    position: super::HEAPS,
    build: |_| super::boxed(HeapGame::grundys_game()),
    sequence: Some(SequenceSpec {
        about: "Grundy's game.",
        source: |_| Ok((Source::Rule(HeapRule::GrundysGame), "grundys-game".into())),
    }),
};

/// The registry's entry: names, parameters and notation of the game.
pub static OCTAL_ENTRY: Entry = Entry {
    info: &OCTAL,
    about: "Any octal or hexadecimal game, e.g. 0.137 or 4.7.",
    params: &[Param {
        name: "code",
        kind: ParamKind::Leading,
        ty: ParamType::Code,
        value_name: "CODE",
        help: "The code.",
        required: true,
    }],
    position: super::HEAPS,
    build: |o| super::boxed(HeapGame::octal(o.required("code")?)?),
    sequence: Some(SequenceSpec {
        about: "An octal or hexadecimal code, e.g. 0.6 or 0.137.",
        source: |o| {
            let code = o.required("code")?;
            Ok((Source::Rule(parse_code(code)?), format!("octal {code}")))
        },
    }),
};

impl Ruleset for HeapGame {
    type Pos = Vec<Nat>;

    fn options(&self, p: &Vec<Nat>) -> Result<Vec<Vec<Nat>>, GameError> {
        let rule = self.values.rule();
        if let Some(h) = p.iter().find(|h| crate::nat::small(h).is_none()) {
            return Err(crate::too_large!(
                "{}: a heap of {h} is too large to play move by move (heaps of at most {} \
                 tokens)",
                Ruleset::name(self),
                usize::MAX
            ));
        }
        super::listable(
            p.iter().map(|h| rule.count_options(super::f(h))).sum(),
            &Ruleset::name(self),
        )?;
        Ok(Game::moves(self, p))
    }

    fn info(&self) -> &'static GameInfo {
        match self.kind {
            HeapKind::Kayles => &KAYLES,
            HeapKind::Dawson => &DAWSON,
            HeapKind::GrundysGame => &GRUNDYS_GAME,
            HeapKind::Octal(_) => &OCTAL,
            HeapKind::Subtraction(_) => &SUBTRACTION,
        }
    }

    fn settings(&self) -> Vec<GameOption> {
        match &self.kind {
            HeapKind::Octal(code) => vec![GameOption::Leading("code", code.to_string())],
            HeapKind::Subtraction(set) => {
                let s: Vec<String> = set.iter().map(|x| x.to_string()).collect();
                vec![GameOption::Named("set", s.join(","))]
            }
            _ => Vec::new(),
        }
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

impl HeapGame {
    /// The verdict of `heaps` beside a heap worth `beside` (0: the position alone): its
    /// winning moves are the moves of `heaps` to positions worth `beside`.
    fn heaps_beside(&self, heaps: &[Nat], beside: Nat) -> Result<Verdict<'_, Vec<Nat>>, GameError> {
        let name = Ruleset::name(self);
        let table = self.values.table_for(heaps.iter().max(), &name)?;
        let values: Vec<Nat> = heaps.iter().map(|h| table.value_nat(h)).collect();
        let x = super::xor_all(&values);
        let shown = super::first_terms(
            heaps
                .iter()
                .zip(&values)
                .map(|(h, g)| format!("G({h}) = {g}")),
            "there are no heaps",
        );
        // A heap beyond the table of a hexadecimal code with an arithmetic period: only
        // some kinds of its options can be searched.
        let partial = !(&x ^ &beside).is_zero()
            && table.regularity.is_some_and(|r| r.saltus > 0)
            && heaps.iter().any(|h| !table.in_table(h));
        let regular = match table.regularity {
            Some(r) if r.saltus == 0 => format!(
                " The values are periodic with period {} from heap {} on (proved), so heaps of \
                 any size reduce to the computed table.",
                r.period, r.preperiod
            ),
            Some(r) => format!(
                " The values are arithmetic-periodic, G(n + {}) = G(n) + {} for n ≥ {} (proved \
                 by grundy's certificate, docs/sequences.md), so heaps of any size are answered \
                 exactly.{}",
                r.period,
                r.saltus,
                r.preperiod,
                if partial {
                    format!(
                        " For a heap beyond the {} computed, the winning moves listed leave one \
                         heap beside heaps that cancel out or nearly (none, a heap worth 0, two \
                         heaps of equal or close values) or beside small heaps: the proof shows \
                         such a move always exists; others may too.",
                        table.values.len()
                    )
                } else {
                    String::new()
                }
            ),
            None => String::new(),
        };
        let explanation = format!(
            "Sprague–Grundy theorem: a sum of heaps is worth the nim-sum of the heaps' Grundy \
             values, each the mex of its options' values. Here {shown}, nim-sum {x}, so \
             {}.{regular}",
            if x.is_zero() {
                "the player to move loses"
            } else {
                "the player to move wins by moving one heap to an option of the right value"
            },
        );
        let mut verdict =
            super::heap_sum_verdict(heaps, values, beside, explanation, move |heaps, i, t| {
                let h = heaps[i].clone();
                self.options_with_value(table.clone(), h.clone(), &t)
                    .map(move |(k, parts)| {
                        let text = crate::moves::heap_move(i + 1, &h, &Nat::from(k), &parts);
                        Move::new(split_heap(&heaps, i, &parts), text)
                    })
            });
        verdict.partial = partial;
        Ok(verdict)
    }
}

impl Game for HeapGame {
    type Position = Vec<Nat>;

    fn moves(&self, heaps: &Vec<Nat>) -> Vec<Vec<Nat>> {
        let mut out = Vec::new();
        for (i, h) in heaps.iter().enumerate() {
            let h = small(h).expect("brute force runs on small heaps") as u64;
            self.values.rule().for_each_option(h, |_, parts| {
                let parts: Vec<Nat> = parts.iter().map(|&p| Nat::from(p)).collect();
                out.push(split_heap(heaps, i, &parts));
            });
        }
        out
    }

    /// Each heap is a component: the brute-force solver values heaps one at a time (by the
    /// mex rule, independently of the engine) instead of every ordering of every split.
    fn components(&self, heaps: &Vec<Nat>) -> Vec<Vec<Nat>> {
        super::each_heap(heaps)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::DynGame;
    use crate::testkit::{check_all, nat, tuples, Grundy};
    use crate::Outcome;

    fn games() -> Vec<HeapGame> {
        vec![
            HeapGame::kayles(),
            HeapGame::dawson(),
            HeapGame::grundys_game(),
            HeapGame::octal("0.137").unwrap(),
            HeapGame::octal("4.7").unwrap(),
            HeapGame::octal("0.F").unwrap(),
            HeapGame::octal("0.8").unwrap(),
            HeapGame::subtraction(vec![1, 3, 4]),
            HeapGame::subtraction(vec![2, 3, 7]),
        ]
    }

    /// A winning move is worded as the move listing words it (`moves::describe`, from the
    /// positions before and after), so that one move is never said two ways ("take all 1
    /// from heap 1" beside "take 1 from heap 6").
    #[test]
    fn winning_moves_are_worded_as_listed() {
        let mut checked = 0;
        for g in games() {
            for p in tuples(3, 7) {
                // Equal heaps may be named by either number: compare them by size.
                let sized = |words: &str| {
                    let (head, tail) = words.split_once("heap ").expect("names a heap");
                    let digits = tail.bytes().take_while(u8::is_ascii_digit).count();
                    let (i, rest) = tail.split_at(digits);
                    let i: usize = i.parse().expect("a heap number");
                    format!("{head}heap of {}{rest}", p[i - 1])
                };
                for m in g.verdict(&p).unwrap().winning {
                    let listed = crate::moves::describe(&g.tokens(&p), &g.tokens(&m.to))
                        .expect("a heap move");
                    assert_eq!(sized(&m.description), sized(&listed), "{p:?} → {:?}", m.to);
                    checked += 1;
                }
            }
        }
        assert!(checked > 1000, "{checked}");
    }

    #[test]
    fn match_brute_force_on_all_small_positions() {
        for g in games() {
            let mut ps = tuples(2, 9);
            ps.extend((10..=24).map(|h| vec![nat(h)]));
            ps.extend(tuples(3, 4));
            check_all(&g, ps, Grundy::Required);
        }
    }

    #[test]
    fn huge_heaps_reduce_through_the_period_and_win_correctly() {
        for g in [
            HeapGame::kayles(),
            HeapGame::dawson(),
            HeapGame::subtraction(vec![2, 3, 7]),
        ] {
            for e in [20u32, 40, 90] {
                for extra in 0..30u32 {
                    let h = Nat::from(10u32).pow(e) + extra;
                    let pos = vec![h.clone(), nat(5)];
                    let v = g.verdict(&pos).unwrap();
                    let moves: Vec<_> = v.winning.take(50).collect();
                    assert_eq!(moves.is_empty(), v.outcome == Outcome::P);
                    for m in moves {
                        let after = g.verdict(&m.to).unwrap();
                        assert_eq!(after.outcome, Outcome::P, "{:?} → {:?}", pos, m.to);
                        let total: Nat = m.to.iter().sum();
                        assert!(total < h.clone() + 5u32);
                    }
                }
            }
        }
    }

    #[test]
    fn huge_split_moves_agree_with_direct_enumeration_in_the_periodic_range() {
        // A heap inside the table but far past the preperiod: the periodic enumeration must
        // find exactly the splits the direct one finds.
        let g = HeapGame::kayles();
        let table = g
            .values
            .table_for(Some(&nat(10).pow(30)), "kayles")
            .unwrap();
        let period = table.period().unwrap();
        for m in 400..460u64 {
            for t in 0..16u32 {
                let fast: Vec<Vec<Nat>> =
                    splits_with_value(table.clone(), period, nat(m), t).collect();
                let slow: Vec<Vec<Nat>> = (1..=m / 2)
                    .filter(|&a| table.value(&nat(a)) ^ table.value(&nat(m - a)) == t)
                    .map(|a| vec![nat(a), nat(m - a)])
                    .collect();
                assert_eq!(fast, slow, "m = {m}, t = {t}");
            }
        }
    }

    #[test]
    fn beyond_the_computed_range_without_period_is_refused() {
        let game = HeapGame::grundys_game();
        let e = game
            .solve(&game.position(&["1000000000000"]).unwrap(), 10)
            .unwrap_err()
            .to_string();
        assert!(e.contains("beyond what grundy computes"), "{e}");
    }

    proptest::proptest! {
        /// Hexadecimal codes with a proved arithmetic period answer heaps of any size: each
        /// winning move found removes the tokens of one of the code's moves, leaving as many
        /// heaps as that move may, and reaches a position of value 0; a position of value 0
        /// has none; a winning position always has one (the search is partial, and says so).
        #[test]
        fn hexadecimal_arithmetic_periods_answer_huge_heaps(
            code in proptest::sample::select(vec![
                "0.8", "0.C", "0.48", "8.0", "0.08", "0.008", "0.8CE", "C.18", "4.90", "0.3DC",
            ]),
            a in "[1-9][0-9]{12,40}",
            b in "[1-9][0-9]{0,40}",
            c in 0u64..3000,
        ) {
            let g = HeapGame::octal(code).unwrap();
            let HeapRule::TakeBreak(moves) = g.values.rule().clone() else { unreachable!() };
            let heaps: Vec<Nat> = vec![a.parse().unwrap(), b.parse().unwrap(), nat(c)];
            let v = g.verdict(&heaps).unwrap();
            let r = g.values.regularity().expect("an arithmetic period is proved");
            proptest::prop_assert!(r.saltus > 0);
            proptest::prop_assert_eq!(v.partial, v.outcome == Outcome::N);
            let found: Vec<_> = v.winning.take(20).collect();
            proptest::prop_assert_eq!(found.is_empty(), v.outcome == Outcome::P);
            for m in found {
                let after = g.verdict(&m.to).unwrap();
                proptest::prop_assert_eq!(after.grundy, Some(nat(0)), "{:?} → {:?}", heaps, m.to);
                let k = heaps.iter().sum::<Nat>() - m.to.iter().sum::<Nat>();
                let bit = 1u8 << (m.to.len() + 1 - heaps.len());
                proptest::prop_assert!(
                    moves.iter().any(|&(mk, bits)| Nat::from(mk) == k && bits & bit != 0),
                    "{:?} → {:?} is not a move of {}", heaps, m.to, code
                );
            }
        }
    }
}
