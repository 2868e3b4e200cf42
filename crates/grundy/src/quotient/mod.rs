//! Misère quotients of heap games (T. E. Plambeck, "Taming the wild in impartial combinatorial
//! games", INTEGERS 5 (2005) #G05; T. E. Plambeck and A. N. Siegel, "Misère quotients for
//! impartial games", J. Combin. Theory Ser. A 115 (2008)).
//!
//! Two positions G and H of a heap game are *indistinguishable* when G + X and H + X have the
//! same misère outcome for every position X of the game. The classes form a commutative monoid,
//! the misère quotient: adding positions multiplies their classes, and each class is wholly P
//! or wholly N (its *P-portion*). Heap h's class is its *pretending function* value; a sum of
//! thousands of heaps is then decided by multiplying their classes.
//!
//! # How a quotient is found, and why it is right
//!
//! [`quotient`] finds it heap by heap from the rules alone, by algebra: no position's outcome
//! is searched (Plambeck and Siegel's method, as in Siegel's MisereSolver; the steps and why
//! each is right are in the `algebra` submodule).
//!
//! * **Candidate.** A commutative monoid Q, a set P ⊂ Q and a heap → Q map Φ. It is right —
//!   every position G is a misère P-position exactly when Φ(G) ∈ P — when, for every position
//!   G, Φ(G) ∈ P holds exactly when G is not empty and no option of G maps into P (then
//!   induction on G does the rest). With heap n added, the candidate is the quotient so far
//!   times a small cyclic monoid for heap n, its P-portion marked from the rules, its elements
//!   merged where nothing tells them apart.
//! * **Proof.** Sums of heaps are visited in colex order (options come first); the least one
//!   that breaks the condition above, if any, is found — all sums below it are then right, so
//!   its true outcome is known — and the candidate is enlarged until it gets that sum right.
//!   When no sum breaks the condition, the candidate is right, and its elements, merged where
//!   indistinguishable, are the quotient itself.
//! * **All heaps.** For a take-and-break game removing at most k tokens and leaving at most s
//!   heaps: if Φ(h + p) = Φ(h) for n₀ ≤ h and h + p ≤ N, with N ≥ s(n₀ + p) + k − 1, then every
//!   heap above N has the image and the option images of the heap p below it (its largest
//!   part is at least n₀ + p, and moves shift that part by p), so a sum with heaps above N
//!   meets the condition exactly as the sum with those heaps p lower does: the quotient of
//!   heaps to N is the quotient of the whole game.
//!
//! ```
//! use grundy::heap::parse_code;
//! use grundy::quotient::quotient;
//!
//! // Misère Nim with heaps 0, 1, 2: six classes (Plambeck and Siegel, §3).
//! let nim = parse_code("0.333333").unwrap();
//! let q = quotient(&nim, 2).unwrap();
//! assert_eq!(q.order, 6);
//! assert_eq!(q.presentation(), "⟨a, b | a² = 1, b³ = b⟩");
//! // Heaps 1 + 1 + 2 + 2: a P-position of misère Nim.
//! assert!(q.is_p(q.element_of([1, 1, 2, 2]).unwrap()));
//! ```

mod algebra;

use crate::heap::HeapRule;
use crate::GameError;
use serde::Serialize;

/// The most elements a quotient, or a trial quotient while it is found, may have (its table
/// takes 8 bytes an entry).
pub const ELEMENT_LIMIT: usize = 8_192;

/// How the pretending function repeats, and why that makes the quotient the whole game's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Stability {
    /// Φ(h + p) = Φ(h) from this heap on.
    pub from: u64,
    /// p.
    pub period: u64,
    /// The largest heap the argument needs computed: s(n₀ + p) + k − 1.
    pub needs: u64,
}

/// A generator of the quotient's presentation: the class of a heap not in the submonoid of
/// the smaller heaps' classes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Generator {
    /// Its letter: a, b, c, …
    pub name: String,
    /// The heap whose class it is.
    pub heap: u64,
}

/// The misère quotient of a heap game restricted to heaps 0..=`to`.
#[derive(Clone, Debug, Serialize)]
pub struct Quotient {
    /// The largest heap.
    pub to: u64,
    /// How many elements.
    pub order: usize,
    /// The identity's index (the empty position's class): always 0.
    pub identity: usize,
    /// Each element as a word in the generators (`1` the identity), in degree-then-letter
    /// order: the presentation's normal forms.
    pub elements: Vec<String>,
    /// The generators, in heap order.
    pub generators: Vec<Generator>,
    /// Relations `word = word` that, with the generators, present the monoid: each left side
    /// is a least word that is not a normal form.
    pub relations: Vec<(String, String)>,
    /// `table[x][y]`: the index of the product x·y.
    pub table: Vec<Vec<usize>>,
    /// `pretending[h]`: the index of heap h's class.
    pub pretending: Vec<usize>,
    /// The indices of the elements whose positions are misère P-positions.
    pub p_portion: Vec<usize>,
    /// Whether the quotient is proved to be the whole game's (every heap size).
    pub stable: bool,
    /// The largest heap the quotient is proved for; `None` when it is proved for all heaps.
    pub proved_to: Option<u64>,
    /// The periodicity that proves it for all heaps.
    pub periodicity: Option<Stability>,
    #[serde(skip)]
    is_p: Vec<bool>,
}

impl Quotient {
    /// Whether the positions of class `x` are misère P-positions (lost for the player to
    /// move).
    pub fn is_p(&self, x: usize) -> bool {
        self.is_p[x]
    }

    /// The product of two classes.
    pub fn mul(&self, x: usize, y: usize) -> usize {
        self.table[x][y]
    }

    /// The class of heap `h`: by the pretending function, or by its period past `to` when the
    /// quotient is stable; `None` for a heap beyond what is proved.
    pub fn heap(&self, h: u64) -> Option<usize> {
        if h <= self.to {
            return Some(self.pretending[h as usize]);
        }
        let s = self.periodicity.as_ref()?;
        let back = (h - self.to).div_ceil(s.period) * s.period;
        Some(self.pretending[(h - back) as usize])
    }

    /// x to the power `k`, by squaring.
    pub fn pow(&self, x: usize, mut k: u64) -> usize {
        let (mut base, mut acc) = (x, self.identity);
        while k > 0 {
            if k & 1 == 1 {
                acc = self.mul(acc, base);
            }
            base = self.mul(base, base);
            k >>= 1;
        }
        acc
    }

    /// The class of a sum of heaps, or `None` when one is beyond what is proved.
    pub fn element_of(&self, heaps: impl IntoIterator<Item = u64>) -> Option<usize> {
        let mut x = self.identity;
        for h in heaps {
            x = self.mul(x, self.heap(h)?);
        }
        Some(x)
    }

    /// The presentation as the literature writes it: `⟨a, b | a² = 1, b³ = b⟩`.
    pub fn presentation(&self) -> String {
        let gens: Vec<&str> = self.generators.iter().map(|g| g.name.as_str()).collect();
        let rels: Vec<String> = self
            .relations
            .iter()
            .map(|(l, r)| format!("{l} = {r}"))
            .collect();
        if rels.is_empty() {
            format!("⟨{}⟩", gens.join(", "))
        } else {
            format!("⟨{} | {}⟩", gens.join(", "), rels.join(", "))
        }
    }

    /// The quotient of `game` as `grundy quotient --json` writes it (and Python's
    /// `grundy.quotient(…).to_dict()`): the game's name and options, the quotient's fields,
    /// its presentation and the argument that proves it.
    pub fn report(&self, game: crate::GameName) -> Report<'_> {
        Report {
            game,
            quotient: self,
            presentation: self.presentation(),
            argument: self.argument(),
        }
    }

    /// One line on why the quotient holds, and how far.
    pub fn argument(&self) -> String {
        match &self.periodicity {
            Some(s) => format!(
                "proved for every heap: the pretending function has period {} from heap {} \
                 through heap {}, and a take-and-break game's heaps past {} then repeat the \
                 classes and options of heaps {} lower",
                s.period, s.from, self.to, s.needs, s.period
            ),
            None => format!(
                "proved for heaps 0 to {} (every sum of them); no period of the pretending \
                 function is long enough yet to extend it to all heaps",
                self.to
            ),
        }
    }
}

/// A quotient with the game it is of, as it is written out in JSON ([`Quotient::report`]).
#[derive(Serialize)]
pub struct Report<'a> {
    /// The game, with its options.
    #[serde(flatten)]
    pub game: crate::GameName,
    /// The quotient.
    #[serde(flatten)]
    pub quotient: &'a Quotient,
    /// [`Quotient::presentation`].
    pub presentation: String,
    /// [`Quotient::argument`].
    pub argument: String,
}

/// The live heaps of `rule` to `to` (a heap with no move is the empty game) and each one's
/// options as lists of live heaps.
fn heap_options(rule: &HeapRule, to: usize) -> Vec<Vec<Vec<u16>>> {
    let mut options: Vec<Vec<Vec<u16>>> = vec![Vec::new(); to + 1];
    for h in 1..=to {
        let mut list = Vec::new();
        rule.for_each_option(h as u64, |_, parts| {
            let mut live: Vec<u16> = parts
                .iter()
                .map(|&p| p as u16)
                .filter(|&p| !options[p as usize].is_empty())
                .collect();
            live.sort_unstable();
            list.push(live);
        });
        list.sort();
        list.dedup();
        options[h] = list;
    }
    options
}

/// The misère quotient of the heap game `rule` restricted to heaps 0..=`to`, found and
/// proved heap by heap (see the module's documentation).
pub fn quotient(rule: &HeapRule, to: u64) -> Result<Quotient, GameError> {
    quotient_within(rule, to, ELEMENT_LIMIT)
}

/// [`quotient`], refused as too large once a trial quotient would have more than `limit`
/// elements (or a trial monoid, the quotient so far times the cyclic factors tried beside it,
/// more than 512 times as many).
pub fn quotient_within(rule: &HeapRule, to: u64, limit: usize) -> Result<Quotient, GameError> {
    if to > 250 {
        return Err(crate::invalid!(
            "--to {to}: quotients are computed for heaps to 250 at most"
        ));
    }
    let options = heap_options(rule, to as usize);
    let limits = algebra::Limits {
        elements: limit,
        trial: limit.saturating_mul(512),
    };
    let c = algebra::solve(&options, to as usize, limits)?;
    Ok(assemble(&c, rule, to))
}

fn letter_name(i: usize) -> String {
    let c = (b'a' + (i % 26) as u8) as char;
    if i < 26 {
        c.to_string()
    } else {
        format!("{c}{}", i / 26)
    }
}

fn superscript(n: u32) -> String {
    const D: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    n.to_string()
        .bytes()
        .map(|b| D[(b - b'0') as usize])
        .collect()
}

fn monomial(exps: &[u32], gens: &[Generator]) -> String {
    let s: String = exps
        .iter()
        .zip(gens)
        .filter(|(&e, _)| e > 0)
        .map(|(&e, g)| {
            if e == 1 {
                g.name.clone()
            } else {
                format!("{}{}", g.name, superscript(e))
            }
        })
        .collect();
    if s.is_empty() {
        "1".into()
    } else {
        s
    }
}

/// Names, presentation, table and pretending function of a proved candidate.
fn assemble(c: &algebra::Candidate, rule: &HeapRule, to: u64) -> Quotient {
    let q = c.len();
    let mul_by_heap = |x: u32, h: usize| -> u32 { c.mul(x, c.phi[h]) };
    let heap_class = |h: usize| c.phi[h];
    // Generators: heaps whose class is not made from the smaller heaps' classes.
    let mut gens: Vec<Generator> = Vec::new();
    let mut gen_heaps: Vec<usize> = Vec::new();
    let mut reach: Vec<bool> = vec![false; q];
    reach[0] = true;
    for h in 1..=to as usize {
        let c = heap_class(h);
        if reach[c as usize] {
            continue;
        }
        gens.push(Generator {
            name: letter_name(gens.len()),
            heap: h as u64,
        });
        gen_heaps.push(h);
        // Close the reached set under the new generator (and the old ones).
        let mut queue: Vec<u32> = (0..q as u32).filter(|&x| reach[x as usize]).collect();
        while let Some(x) = queue.pop() {
            for &g in &gen_heaps {
                let y = mul_by_heap(x, g);
                if !reach[y as usize] {
                    reach[y as usize] = true;
                    queue.push(y);
                }
            }
        }
    }
    // Normal forms in degree-then-letter order; a least non-normal word is a relation.
    let k = gens.len();
    let mut normal: Vec<Option<Vec<u32>>> = vec![None; q];
    normal[0] = Some(vec![0; k]);
    let mut order: Vec<u32> = vec![0];
    let mut leading: Vec<Vec<u32>> = Vec::new();
    let mut relations = Vec::new();
    let mut level: Vec<(Vec<u32>, u32)> = vec![(vec![0; k], 0)];
    while !level.is_empty() {
        let mut cands: Vec<(Vec<u32>, u32)> = Vec::new();
        for (m, x) in &level {
            for (i, &g) in gen_heaps.iter().enumerate() {
                let mut w = m.clone();
                w[i] += 1;
                cands.push((w, mul_by_heap(*x, g)));
            }
        }
        // Degree-then-letter order: a word with more a's first.
        cands.sort_by(|a, b| b.0.cmp(&a.0));
        cands.dedup_by(|a, b| a.0 == b.0);
        let mut next = Vec::new();
        for (w, x) in cands {
            if leading
                .iter()
                .any(|lead| lead.iter().zip(&w).all(|(a, b)| a <= b))
            {
                continue;
            }
            match &normal[x as usize] {
                Some(n) => {
                    relations.push((monomial(&w, &gens), monomial(n, &gens)));
                    leading.push(w);
                }
                None => {
                    normal[x as usize] = Some(w.clone());
                    order.push(x);
                    next.push((w, x));
                }
            }
        }
        level = next;
    }
    debug_assert_eq!(order.len(), q, "every class is a word in the generators");
    let mut new_index = vec![0usize; q];
    for (i, &x) in order.iter().enumerate() {
        new_index[x as usize] = i;
    }
    let elements: Vec<String> = order
        .iter()
        .map(|&x| monomial(normal[x as usize].as_ref().expect("a normal form"), &gens))
        .collect();
    let table: Vec<Vec<usize>> = order
        .iter()
        .map(|&x| {
            order
                .iter()
                .map(|&y| new_index[c.mul(x, y) as usize])
                .collect()
        })
        .collect();
    let pretending: Vec<usize> = (0..=to as usize)
        .map(|h| new_index[heap_class(h) as usize])
        .collect();
    let is_p: Vec<bool> = order.iter().map(|&x| c.p[x as usize]).collect();
    let p_portion = (0..q).filter(|&x| is_p[x]).collect();
    let periodicity = stability(rule, &pretending);
    Quotient {
        to,
        order: q,
        identity: 0,
        elements,
        generators: gens,
        relations,
        table,
        stable: periodicity.is_some(),
        proved_to: if periodicity.is_some() {
            None
        } else {
            Some(to)
        },
        pretending,
        p_portion,
        periodicity,
        is_p,
    }
}

/// The least (from, period) that the periodicity argument accepts, if any: only for a
/// take-and-break game (finitely many tokens removed, a bounded number of heaps left).
fn stability(rule: &HeapRule, pretending: &[usize]) -> Option<Stability> {
    let HeapRule::TakeBreak(moves) = rule else {
        return None;
    };
    let n = pretending.len() as u64 - 1;
    let k = moves.iter().map(|&(k, _)| k).max().unwrap_or(0);
    let s: u64 = match moves.iter().fold(0u8, |a, &(_, b)| a | b) {
        b if b & 8 != 0 => 3,
        b if b & 4 != 0 => 2,
        _ => 1,
    };
    for period in 1..=n {
        for from in 1..=n {
            let needs = (s * (from + period) + k).saturating_sub(1);
            if needs > n {
                break;
            }
            if (from + period..=n)
                .all(|h| pretending[h as usize] == pretending[(h - period) as usize])
            {
                return Some(Stability {
                    from,
                    period,
                    needs,
                });
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::parse_code;
    use std::collections::HashMap;

    /// Plain misère search: a position (counts of each live heap) is P when it has a move
    /// and every move leads to an N-position.
    struct Search {
        options: Vec<Vec<Vec<u16>>>,
        memo: HashMap<Vec<u8>, bool>,
    }

    impl Search {
        fn is_p(&mut self, pos: &[u8]) -> bool {
            if let Some(&v) = self.memo.get(pos) {
                return v;
            }
            let mut has_move = false;
            let mut p = true;
            'all: for h in 0..pos.len() {
                if pos[h] == 0 {
                    continue;
                }
                for k in 0..self.options[h].len() {
                    has_move = true;
                    let mut o = pos.to_vec();
                    o[h] -= 1;
                    for &part in &self.options[h][k] {
                        o[part as usize] += 1;
                    }
                    if self.is_p(&o) {
                        p = false;
                        break 'all;
                    }
                }
            }
            let v = has_move && p;
            self.memo.insert(pos.to_vec(), v);
            v
        }
    }

    /// Every sum of heaps to `to` of at most `total` tokens: its class under the quotient
    /// is P exactly when a plain search (no quotient) finds a misère P-position.
    fn check(rule: &HeapRule, to: u64, total: u64) -> Quotient {
        let t = std::time::Instant::now();
        let q = quotient(rule, to).unwrap();
        eprintln!("quotient {to}: {:?}", t.elapsed());
        let mut out = Search {
            options: heap_options(rule, to as usize),
            memo: HashMap::new(),
        };
        let width = to as usize + 1;
        // Partitions of at most `total` into parts 1..=to, largest part first.
        let mut stack: Vec<Vec<u64>> = vec![vec![]];
        let mut count = 0;
        while let Some(heaps) = stack.pop() {
            let mut live = vec![0u8; width];
            for &h in &heaps {
                if !out.options[h as usize].is_empty() {
                    live[h as usize] += 1;
                }
            }
            let x = q.element_of(heaps.iter().copied()).unwrap();
            assert_eq!(q.is_p(x), out.is_p(&live), "{heaps:?}");
            count += 1;
            let used: u64 = heaps.iter().sum();
            let top = heaps.last().copied().unwrap_or(to);
            for h in 1..=top.min(total - used) {
                let mut more = heaps.clone();
                more.push(h);
                stack.push(more);
            }
        }
        eprintln!("checked {count} sums");
        q
    }

    #[test]
    fn misere_nim_is_tame() {
        let nim = parse_code("0.3333333").unwrap();
        assert_eq!(check(&nim, 1, 12).order, 2);
        assert_eq!(check(&nim, 2, 16).order, 6);
        assert_eq!(check(&nim, 3, 16).order, 6);
        assert_eq!(check(&nim, 7, 20).order, 10);
    }

    #[test]
    fn small_octal_quotients_agree_with_search() {
        for (code, to) in [
            ("0.75", 12),
            ("0.77", 10),
            ("0.07", 14),
            ("0.137", 12),
            ("4.7", 8),
        ] {
            let rule = parse_code(code).unwrap();
            let q = check(&rule, to, 20);
            eprintln!("{code} to {to}: order {} {}", q.order, q.presentation());
        }
    }

    /// Plambeck's R8 ("Taming the wild", 2005): the quotient of 0.75, eight elements, and the
    /// least quotient that is not misère Nim's.
    #[test]
    fn r8_is_the_quotient_of_0_75() {
        let q = check(&parse_code("0.75").unwrap(), 16, 18);
        assert_eq!(q.order, 8);
        assert_eq!(
            q.presentation(),
            "⟨a, b, c | a² = 1, bc = ab, c² = b², b³ = b⟩"
        );
        assert_eq!(
            q.p_portion
                .iter()
                .map(|&x| q.elements[x].as_str())
                .collect::<Vec<_>>(),
            ["a", "b²"]
        );
    }
}
