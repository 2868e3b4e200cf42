//! Finite games given as move graphs: outcomes with draws, remoteness, and generalized
//! Sprague–Grundy values for graphs with cycles.
//!
//! ```
//! use grundy::graph::{parse_graph, Convention};
//! use grundy::Outcome;
//! // a ⇄ b is a loop; c has no move.
//! let g = parse_graph("a b\nb a\nb c\n", "example").unwrap();
//! let s = g.solve(Convention::Normal);
//! let b = g.id("b").unwrap();
//! assert_eq!(s.outcome[b as usize], Outcome::N); // b moves to c and wins
//! assert_eq!(s.remoteness[b as usize], Some(1));
//! ```

//! The parts, each one job: [`parse`] reads the text format, `csr` stores the moves both
//! ways in compressed sparse rows, `retrograde` settles outcomes and remoteness (draws and
//! ties included), [`loopy`] gives generalized Sprague–Grundy values, [`report`] the JSON.

mod csr;
pub mod loopy;
pub mod parse;
pub mod report;
mod retrograde;
pub mod sum;

pub use loopy::{Gsg, GsgValues};
pub use parse::{parse_graph, parse_graph_from};
pub use report::{Counts, GraphReport, PositionReport};
pub use sum::{TokenMove, TokenSum};

use crate::Outcome;
use parse::Ids;
use std::borrow::Cow;

pub use crate::solver::Convention;
/// A move graph: positions with dense ids, moves in compressed sparse rows.
#[derive(Clone, Debug, Default)]
pub struct Graph {
    names: Names,
    /// Moves of position u: `succ[start[u]..start[u + 1]]`.
    start: Vec<u32>,
    succ: Vec<u32>,
    /// Moves into position v: `pred[pstart[v]..pstart[v + 1]]`.
    pstart: Vec<u32>,
    pred: Vec<u32>,
}

/// Position names: the numbers 0 … n − 1 themselves, stored nowhere (graphs written with
/// positions numbered in order, and script graphs), or one string per position.
#[derive(Clone, Debug)]
enum Names {
    Numbers(usize),
    Stored(Vec<Box<str>>),
}

impl Default for Names {
    fn default() -> Self {
        Names::Numbers(0)
    }
}

/// Everything known about every position.
#[derive(Clone, Debug)]
pub struct Solution {
    /// Outcome by position id.
    pub outcome: Vec<Outcome>,
    /// For N the fewest moves to force the win, for P the most moves the loser can last;
    /// `None` for draws.
    pub remoteness: Vec<Option<u32>>,
    /// Generalized Sprague–Grundy values (normal play only).
    pub grundy: Option<GsgValues>,
}

impl Graph {
    /// A graph from named positions and the moves between their ids (consumed: the moves
    /// are then held once forwards and once backwards, 8 bytes each in all).
    pub fn from_edges(names: Vec<Box<str>>, edges: Vec<(u32, u32)>) -> Self {
        Self::build(Names::Stored(names), edges)
    }

    /// A graph whose positions are named by their ids 0 … n − 1 (names cost no memory).
    pub fn from_numbered_edges(n: usize, edges: Vec<(u32, u32)>) -> Self {
        Self::build(Names::Numbers(n), edges)
    }

    fn build(names: Names, edges: Vec<(u32, u32)>) -> Self {
        let mut grouped = csr::Grouped::default();
        for (a, b) in edges {
            grouped.push(a, b);
        }
        Self::from_grouped(names, grouped)
    }

    /// The graph of moves grouped by their source as they were read.
    pub(in crate::graph) fn from_grouped(names: Names, moves: csr::Grouped) -> Self {
        let n = match &names {
            Names::Numbers(n) => *n,
            Names::Stored(v) => v.len(),
        };
        let (start, succ) = csr::rows(n, moves);
        // The moves backwards, half of them grouped at a time (at least 2^22): a graph of
        // 5·10^7 moves then needs 200 MB for it beside its rows, not 400.
        let (pstart, pred) = csr::reversed(&start, &succ, (succ.len() / 2).max(1 << 22));
        Graph {
            names,
            start,
            succ,
            pstart,
            pred,
        }
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        self.start.len().saturating_sub(1)
    }

    /// Whether the graph has no position.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The number of moves.
    pub fn moves_count(&self) -> usize {
        self.succ.len()
    }

    /// The id of a named position (a linear search when names are stored: they are stored
    /// once, without an index).
    pub fn id(&self, name: &str) -> Option<u32> {
        match &self.names {
            Names::Numbers(n) => Ids::number(name).filter(|k| k < n).map(|k| k as u32),
            Names::Stored(names) => names.iter().position(|n| &**n == name).map(|i| i as u32),
        }
    }

    /// The name of a position.
    pub fn name(&self, id: u32) -> Cow<'_, str> {
        match &self.names {
            Names::Numbers(_) => Cow::Owned(id.to_string()),
            Names::Stored(names) => Cow::Borrowed(&names[id as usize]),
        }
    }

    /// The moves of a position.
    pub fn moves(&self, u: u32) -> &[u32] {
        &self.succ[self.start[u as usize] as usize..self.start[u as usize + 1] as usize]
    }

    fn preds(&self, v: u32) -> &[u32] {
        &self.pred[self.pstart[v as usize] as usize..self.pstart[v as usize + 1] as usize]
    }

    /// Outcomes and remoteness by retrograde analysis in O(V + E), and (normal play) the
    /// generalized Sprague–Grundy values, which start from the outcomes (draws are ∞).
    pub fn solve(&self, convention: Convention) -> Solution {
        let (outcome, remoteness) = self.retrograde(convention);
        let grundy =
            (convention == Convention::Normal).then(|| self.generalized_grundy_after(&outcome));
        Solution {
            outcome,
            remoteness,
            grundy,
        }
    }
}

/// What is known of a position before a graph is solved: a position of a lower tier of the
/// game, solved before, that the graph's positions move to (see [`Graph::solve_beside`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Known {
    /// Its outcome.
    pub outcome: Outcome,
    /// Its remoteness, where defined.
    pub remoteness: Option<u32>,
    /// Its generalized Sprague–Grundy value, where wanted.
    pub grundy: Option<Gsg>,
}

impl Graph {
    /// Solves one part of a game (a tier: positions that moves keep or leave for lower
    /// tiers) beside what is known of the positions it moves to: the graph's last
    /// `known.len()` positions are those, with no moves here, and `known` their values.
    /// `terminal(u)` fixes the result of a position that ends the game (as in
    /// [`retrograde_with`](Self::retrograde_with)), others without moves get `no_moves`;
    /// with `grundy`, the generalized Sprague–Grundy values are computed too (every known
    /// position must then carry its own). The values are those that solving the whole game
    /// at once gives.
    ///
    /// ```
    /// use grundy::graph::{Graph, Gsg, Known};
    /// use grundy::Outcome;
    /// // 0 ⇄ 1, and 1 moves to 2, a position of a lower tier worth *1 (an N-position).
    /// let g = Graph::from_numbered_edges(3, vec![(0, 1), (1, 0), (1, 2)]);
    /// let below = Known { outcome: Outcome::N, remoteness: Some(1), grundy: Some(Gsg::Finite(1)) };
    /// let s = g.solve_beside(&[below], |_| None, Outcome::P, true);
    /// assert_eq!(s.outcome[..2], [Outcome::D, Outcome::D]);
    /// let values = s.grundy.unwrap();
    /// assert_eq!(values.get(&g, 1), Gsg::Infinite(vec![1]));
    /// ```
    pub fn solve_beside(
        &self,
        known: &[Known],
        terminal: impl Fn(u32) -> Option<Outcome>,
        no_moves: Outcome,
        grundy: bool,
    ) -> Solution {
        let first = (self.len() - known.len()) as u32;
        let of = |u: u32| u.checked_sub(first).map(|i| &known[i as usize]);
        let (outcome, remoteness) = self.retrograde_known(
            |u| match of(u) {
                Some(k) => Some((k.outcome, k.remoteness)),
                None => terminal(u).map(|v| (v, Some(0))),
            },
            no_moves,
        );
        let grundy = grundy.then(|| {
            let values: Vec<(u32, Gsg)> = (first..)
                .zip(known)
                .map(|(u, k)| (u, k.grundy.clone().expect("a known position's value")))
                .collect();
            self.generalized_grundy_known(&outcome, &values)
        });
        Solution {
            outcome,
            remoteness,
            grundy,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::parse::DIRECT_LIMIT;
    use super::*;
    use proptest::prelude::*;

    /// Ids in order of first appearance, whether or not the names start as 0, 1, 2, …
    #[test]
    fn ids_follow_first_appearance_through_the_identity_shortcut() {
        let cases: [&[&str]; 4] = [
            &["0", "1", "0", "2", "1"],
            &["0", "1", "5", "2", "1", "5"],
            &["0", "x", "1", "x", "0"],
            &["3", "03", "0", "1", "3"],
        ];
        for names in cases {
            let mut ids = Ids::default();
            let got: Vec<u32> = names.iter().map(|n| ids.id(n)).collect();
            let mut seen: Vec<&str> = Vec::new();
            let want: Vec<u32> = names
                .iter()
                .map(|n| match seen.iter().position(|s| s == n) {
                    Some(i) => i as u32,
                    None => {
                        seen.push(n);
                        seen.len() as u32 - 1
                    }
                })
                .collect();
            assert_eq!(got, want, "{names:?}");
            let back: Vec<String> = match ids.into_names() {
                Names::Numbers(n) => (0..n).map(|k| k.to_string()).collect(),
                Names::Stored(v) => v.iter().map(|b| b.to_string()).collect(),
            };
            assert_eq!(back, seen, "{names:?}");
        }
    }

    fn random_graph(n: u32, edges: &[(u32, u32)]) -> Graph {
        let text: String = (0..n)
            .map(|i| format!("p{i}\n"))
            .chain(
                edges
                    .iter()
                    .map(|(a, b)| format!("p{} p{}\n", a % n, b % n)),
            )
            .collect();
        parse_graph(&text, "random").unwrap()
    }

    proptest! {
        /// Rows hold each key's values in the order the pairs came, over one bucket or many
        /// (keys beyond 4 096 span several), whether or not n fills the last bucket.
        #[test]
        fn compressed_rows_group_values_by_key_in_order(
            n in prop_oneof![0usize..50, 4090usize..4100, 8192usize..8193, 9000usize..20000],
            raw in proptest::collection::vec((any::<u32>(), any::<u32>()), 0..3000),
        ) {
            let pairs: Vec<(u32, u32)> = if n == 0 {
                vec![]
            } else {
                raw.iter().map(|&(k, v)| (k % n as u32, v)).collect()
            };
            let (start, out) = csr::csr(n, pairs.iter().copied());
            prop_assert_eq!(start.len(), n + 1);
            for k in 0..n {
                let want: Vec<u32> =
                    pairs.iter().filter(|p| p.0 as usize == k).map(|p| p.1).collect();
                prop_assert_eq!(&out[start[k] as usize..start[k + 1] as usize], &want[..]);
            }
        }

        #[test]
        fn outcomes_match_the_fixed_point_and_grundy_agrees(
            n in 1u32..12,
            edges in proptest::collection::vec((0u32..12, 0u32..12), 0..30),
        ) {
            let g = random_graph(n, &edges);
            // The same moves, but only towards smaller positions: an acyclic graph.
            let dag: Vec<(u32, u32)> = edges.iter().map(|&(a, b)| (a.max(b) % n, a.min(b) % n))
                .filter(|(a, b)| a > b).collect();
            let d = random_graph(n, &dag);
            for conv in [Convention::Normal, Convention::Misere] {
                prop_assert_eq!(Some(d.solve(conv).outcome), d.solve_recursive(conv));
                let s = g.solve(conv);
                prop_assert_eq!(&s.outcome, &g.solve_naive(conv));
                if s.outcome.contains(&Outcome::D) {
                    prop_assert_eq!(g.solve_recursive(conv), None);
                }
                // Remoteness: N is one more than its nearest P move; P one more than its
                // farthest N move.
                for u in 0..g.len() as u32 {
                    let ms = g.moves(u);
                    let r = s.remoteness[u as usize];
                    match s.outcome[u as usize] {
                        Outcome::D | Outcome::T => prop_assert!(r.is_none()),
                        Outcome::L | Outcome::R => prop_assert!(false, "L or R in a graph"),
                        _ if ms.is_empty() => prop_assert_eq!(r, Some(0)),
                        Outcome::N => {
                            let best = ms.iter().filter(|&&v| s.outcome[v as usize] == Outcome::P)
                                .map(|&v| s.remoteness[v as usize].unwrap()).min().unwrap();
                            prop_assert_eq!(r, Some(best + 1));
                        }
                        Outcome::P => {
                            let worst = ms.iter().map(|&v| s.remoteness[v as usize].unwrap()).max().unwrap();
                            prop_assert_eq!(r, Some(worst + 1));
                        }
                    }
                }
            }
            // Generalized SG: 0 exactly at P; ∞ without 0 exactly at draws; and the defining
            // properties of finite values.
            let s = g.solve(Convention::Normal);
            let gs = s.grundy.as_ref().unwrap().all(&g);
            prop_assert_eq!(&gs, &g.generalized_grundy_plain());
            for u in 0..g.len() as u32 {
                let o = s.outcome[u as usize];
                match &gs[u as usize] {
                    Gsg::Finite(0) => prop_assert_eq!(o, Outcome::P),
                    Gsg::Finite(v) => {
                        prop_assert_eq!(o, Outcome::N);
                        for w in 0..*v {
                            prop_assert!(g.moves(u).iter().any(|&x| gs[x as usize] == Gsg::Finite(w)));
                        }
                    }
                    Gsg::Infinite(k) => prop_assert_eq!(o, if k.contains(&0) { Outcome::N } else { Outcome::D }),
                }
                if let Gsg::Finite(v) = gs[u as usize] {
                    prop_assert!(g.moves(u).iter().all(|&x| gs[x as usize] != Gsg::Finite(v)));
                }
            }
        }

        /// Solving tier by tier, lowest first, each tier beside the values of the lower
        /// tiers it moves to (`solve_beside`), gives the outcomes, remoteness and generalized
        /// Sprague–Grundy values of solving the whole graph at once: cycles within a tier,
        /// draws and ties that cross tiers, results fixed by the game (`terminal`) included.
        #[test]
        fn tier_by_tier_equals_the_whole(
            n in 1u32..16,
            tiers in proptest::collection::vec(0u8..4, 16),
            edges in proptest::collection::vec((0u32..16, 0u32..16), 0..40),
            ends in proptest::collection::vec(0u8..8, 16),
        ) {
            let tier = |u: u32| tiers[u as usize];
            let edges: Vec<(u32, u32)> = edges.iter().map(|&(a, b)| (a % n, b % n))
                .filter(|&(a, b)| tier(b) <= tier(a)).collect();
            for with_ends in [false, true] {
                // Some positions end the game with a result of their own (no moves then).
                let end = |u: u32| match ends[u as usize] {
                    0 if with_ends => Some(Outcome::N),
                    1 if with_ends => Some(Outcome::P),
                    2 if with_ends => Some(Outcome::T),
                    _ => None,
                };
                let edges: Vec<(u32, u32)> =
                    edges.iter().copied().filter(|&(a, _)| end(a).is_none()).collect();
                let whole = Graph::from_numbered_edges(n as usize, edges.clone());
                let (outcome, remoteness) = whole.retrograde_with(end, Outcome::P);
                let gsg = (!with_ends).then(|| whole.generalized_grundy_after(&outcome).all(&whole));
                let mut solved: Vec<Option<Known>> = vec![None; n as usize];
                for t in 0..4 {
                    let own: Vec<u32> = (0..n).filter(|&u| tier(u) == t).collect();
                    let mut below: Vec<u32> = edges.iter()
                        .filter(|&&(a, b)| tier(a) == t && tier(b) < t).map(|&(_, b)| b).collect();
                    below.sort_unstable();
                    below.dedup();
                    let local = |u: u32| own.iter().chain(&below).position(|&x| x == u).unwrap() as u32;
                    let part: Vec<(u32, u32)> = edges.iter().filter(|&&(a, _)| tier(a) == t)
                        .map(|&(a, b)| (local(a), local(b))).collect();
                    let g = Graph::from_numbered_edges(own.len() + below.len(), part);
                    let known: Vec<Known> =
                        below.iter().map(|&b| solved[b as usize].clone().unwrap()).collect();
                    let s = g.solve_beside(&known, |i| own.get(i as usize).and_then(|&u| end(u)), Outcome::P, !with_ends);
                    for (i, &u) in own.iter().enumerate() {
                        solved[u as usize] = Some(Known {
                            outcome: s.outcome[i],
                            remoteness: s.remoteness[i],
                            grundy: s.grundy.as_ref().map(|v| v.get(&g, i as u32)),
                        });
                    }
                }
                for u in 0..n {
                    let k = solved[u as usize].clone().unwrap();
                    prop_assert_eq!(k.outcome, outcome[u as usize], "outcome of {}", u);
                    prop_assert_eq!(k.remoteness, remoteness[u as usize], "remoteness of {}", u);
                    prop_assert_eq!(k.grundy, gsg.as_ref().map(|g| g[u as usize].clone()), "value of {}", u);
                }
            }
        }

        /// The directly written JSON is serde's, byte for byte: names stored or numbered,
        /// names that need escaping, values finite and ∞, normal and misère play, graphs of
        /// one part or many.
        #[test]
        fn json_written_directly_is_serdes(
            n in prop_oneof![1u32..40, 70_000u32..70_050],
            edges in proptest::collection::vec((any::<u32>(), any::<u32>()), 0..120),
            names in prop_oneof![Just(0u8), Just(1), Just(2)],
            misere in any::<bool>(),
        ) {
            let name = |i: u32| match names {
                0 => i.to_string(),
                1 => format!("p\"{i}\\é\u{1}"),
                _ => format!("p{i}"),
            };
            let text: String = (0..n)
                .map(|i| format!("{}\n", name(i)))
                .chain(edges.iter().map(|(a, b)| format!("{} {}\n", name(a % n), name(b % n))))
                .collect();
            let g = parse_graph(&text, "random").unwrap();
            let s = g.solve(if misere { Convention::Misere } else { Convention::Normal });
            let mut direct = Vec::new();
            s.report(&g).write_json(&mut direct).unwrap();
            prop_assert_eq!(
                String::from_utf8(direct).unwrap(),
                serde_json::to_string(&s.report(&g)).unwrap()
            );
        }

        #[test]
        fn the_parser_never_panics(text in "\\PC{0,200}") {
            let _ = parse_graph(&text, "fuzz");
        }
    }

    /// The graph of `text` read line by line with the plain rules: the reference the chunked,
    /// parallel reader is compared with.
    fn plain_reading(text: &str) -> (Vec<String>, Vec<Vec<u32>>) {
        let mut ids = Ids::default();
        let mut moves: Vec<(u32, u32)> = Vec::new();
        for line in text.lines() {
            let names: Vec<&str> = line.split('#').next().unwrap().split_whitespace().collect();
            match names[..] {
                [] => {}
                [a] => {
                    ids.id(a);
                }
                [a, b] => {
                    let a = ids.id(a);
                    let b = ids.id(b);
                    moves.push((a, b));
                }
                _ => panic!("a bad line in a good graph"),
            }
        }
        let names: Vec<String> = match ids.into_names() {
            Names::Numbers(n) => (0..n).map(|k| k.to_string()).collect(),
            Names::Stored(v) => v.iter().map(|b| b.to_string()).collect(),
        };
        let mut rows = vec![Vec::new(); names.len()];
        for (a, b) in moves {
            rows[a as usize].push(b);
        }
        (names, rows)
    }

    /// Over 8 MiB (several chunks of many pieces each), every kind of line: numbers in order
    /// and out of it, words, numbers that are words (`007`, 2^26), comments, blank lines,
    /// tabs, CRLF, a comment longer than a chunk; same graph as the plain reading, and a bad
    /// line far in is named by its number.
    #[test]
    fn chunked_parallel_reading_is_the_plain_reading() {
        let mut text = String::new();
        let mut x = 12345u64;
        let mut next = || {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            x >> 33
        };
        for i in 0..900_000u64 {
            let a = next() % 300_000;
            let b = next() % 300_000;
            if i == 500_000 {
                text += &format!("# {}\n", "x".repeat(9 << 20));
            }
            match i % 97 {
                0 => text += &format!("p{a} {b}\n"),
                1 => text += &format!("{a}\t{b}\r\n"),
                2 => text += &format!("00{a} {b}\n"),
                7 => text += &format!("{a} {b} # a comment\n"),
                8 => text += &format!("{a}x {b}\n"),
                9 => text += &format!("{} {b}\n", 1_000_000_000 + a),
                10 => text += &format!("{}\n", 100_000_000 + a),
                3 => text += "\n   \n",
                4 => text += &format!("{}\n", 67_108_864 + a),
                6 => text += &format!("é{a} {b}\n"),
                _ if i < 200_000 => text += &format!("{i}\n"),
                _ => text += &format!("{a} {b}\n"),
            }
        }
        assert!(text.len() > 2 * parse::CHUNK, "{}", text.len());
        let g = parse_graph(&text, "big").unwrap();
        let (names, rows) = plain_reading(&text);
        assert_eq!(g.len(), names.len());
        for u in 0..g.len() as u32 {
            assert_eq!(g.name(u), names[u as usize], "name of {u}");
            assert_eq!(g.moves(u), &rows[u as usize][..], "moves of {u}");
        }
        // Bad lines far in: the first is named, with its line.
        let lines = text.lines().count();
        let bad = format!("{text}1 2\n1 2 3\n\u{fffd}\n");
        let e = parse_graph(&bad, "big").unwrap_err().to_string();
        assert!(
            e.contains(&format!("big:{}: expected 'A B'", lines + 2)),
            "{e}"
        );
        let mut bytes = text.into_bytes();
        bytes.extend_from_slice(b"1 \xff\n");
        let e = parse_graph_from(&bytes[..], "big").unwrap_err().to_string();
        assert!(
            e.contains(&format!("big:{}: not valid UTF-8", lines + 1)),
            "{e}"
        );
    }

    #[test]
    fn acyclic_values_are_ordinary_grundy_values() {
        // Subtraction {1, 2} on heaps 0..10 as a graph: values n mod 3.
        let text: String = (1..=10)
            .flat_map(|n: u32| {
                (1..=2)
                    .filter(move |&s| s <= n)
                    .map(move |s| format!("{n} {}\n", n - s))
            })
            .collect();
        let g = parse_graph(&text, "sub").unwrap();
        let s = g.solve(Convention::Normal);
        for n in 0..=10u32 {
            let u = g.id(&n.to_string()).unwrap();
            assert_eq!(s.grundy.as_ref().unwrap().get(&g, u), Gsg::Finite(n % 3));
        }
    }

    #[test]
    fn a_pure_cycle_is_a_draw_with_infinite_value() {
        let g = parse_graph("a b\nb a\n", "cycle").unwrap();
        let s = g.solve(Convention::Normal);
        assert_eq!(s.outcome, vec![Outcome::D, Outcome::D]);
        assert_eq!(s.grundy.unwrap().get(&g, 0).to_string(), "∞()");
    }

    #[test]
    fn only_canonical_decimal_names_below_the_limit_are_numbers() {
        for (name, n) in [
            ("0", Some(0)),
            ("7", Some(7)),
            ("67108863", Some(DIRECT_LIMIT - 1)),
            ("67108864", None),
            ("99999999", None),
            ("123456789", None),
            ("01", None),
            ("00", None),
            ("+1", None),
            ("-1", None),
            ("1a", None),
            ("", None),
            ("١", None),
            ("1 ", None),
        ] {
            assert_eq!(Ids::number(name), n, "{name:?}");
        }
    }

    #[test]
    fn numeric_and_other_names_never_collide() {
        let g = parse_graph("1 01\n01 x\n100000000 1\n007\n", "names").unwrap();
        assert_eq!(g.len(), 5);
        for name in ["1", "01", "x", "100000000", "007"] {
            let u = g.id(name).unwrap();
            assert_eq!(g.name(u), name);
        }
        assert_eq!(g.moves(g.id("1").unwrap()), &[g.id("01").unwrap()]);
        // Positions numbered in order keep no names, and look alike from outside.
        let g = parse_graph(
            "0
1 0
2 1
",
            "numbered",
        )
        .unwrap();
        assert!(matches!(g.names, Names::Numbers(3)));
        for (name, id) in [
            ("0", Some(0)),
            ("2", Some(2)),
            ("3", None),
            ("02", None),
            ("x", None),
        ] {
            assert_eq!(g.id(name), id, "{name}");
        }
        assert_eq!(g.name(1), "1");
    }

    #[test]
    fn malformed_lines_name_file_and_line() {
        let e = parse_graph("a b\n\n# c\na b c\n", "g.txt")
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("g.txt:4:"), "{e}");
    }
}
