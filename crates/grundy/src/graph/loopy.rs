//! Generalized Sprague–Grundy values of graphs with cycles: a number, or ∞ with the finite
//! values a position can reach.

use super::Graph;
use crate::Outcome;
use serde::Serialize;
use std::fmt;

/// A generalized Sprague–Grundy value: a number, or ∞ with the finite values it can reach.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Gsg {
    /// An ordinary value.
    Finite(u32),
    /// ∞(K): the position can move to positions of the finite values K (and to ∞ ones).
    Infinite(Vec<u32>),
}

impl Gsg {
    /// The JSON form: a number, or the text `∞(0,2)` for a loopy value.
    pub fn to_json(&self) -> serde_json::Value {
        match self {
            Gsg::Finite(v) => serde_json::Value::from(*v),
            inf => serde_json::Value::from(inf.to_string()),
        }
    }
}

impl Serialize for Gsg {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Gsg::Finite(v) => s.serialize_u32(*v),
            inf => s.collect_str(inf),
        }
    }
}

impl fmt::Display for Gsg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Gsg::Finite(v) => write!(f, "{v}"),
            Gsg::Infinite(k) => {
                let k: Vec<String> = k.iter().map(|v| v.to_string()).collect();
                write!(f, "∞({})", k.join(","))
            }
        }
    }
}

/// The generalized Sprague–Grundy values of every position of a graph, one number each
/// (the sets of an ∞ value are read off the graph when asked for, not stored: a graph of 10^7
/// positions would spend a quarter of a gigabyte on them).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GsgValues {
    label: Vec<u32>,
}

/// The label of an ∞ value.
const INFINITE: u32 = u32::MAX - 1;
/// Not yet labelled.
const UNLABELLED: u32 = u32::MAX;
/// Known to have a finite value, not labelled until the round of that value.
const KNOWN: u32 = u32::MAX - 2;

impl GsgValues {
    /// The value of position `u` of `g` (the graph the values were computed for).
    pub fn get(&self, g: &Graph, u: u32) -> Gsg {
        match self.label[u as usize] {
            INFINITE => {
                let mut k = Vec::new();
                self.infinite_set(g, u, &mut k);
                Gsg::Infinite(k)
            }
            v => Gsg::Finite(v),
        }
    }

    /// The finite values that the moves of `u` reach, in increasing order, into `k`: the
    /// set K of a value ∞(K).
    pub(super) fn infinite_set(&self, g: &Graph, u: u32, k: &mut Vec<u32>) {
        k.clear();
        k.extend(
            g.moves(u)
                .iter()
                .map(|&v| self.label[v as usize])
                .filter(|&l| l < INFINITE),
        );
        k.sort_unstable();
        k.dedup();
    }

    /// The finite value of `u`, or `None` for ∞.
    pub fn finite(&self, u: u32) -> Option<u32> {
        let l = self.label[u as usize];
        (l < INFINITE).then_some(l)
    }

    /// Every value, in order of position ids.
    pub fn all(&self, g: &Graph) -> Vec<Gsg> {
        (0..self.label.len() as u32)
            .map(|u| self.get(g, u))
            .collect()
    }
}

impl Graph {
    /// Generalized Sprague–Grundy values (C. A. B. Smith 1966; A. S. Fraenkel, Y. Yesha 1986).
    /// (Normal play; [`solve`](Self::solve) computes them with the outcomes.)
    pub fn generalized_grundy(&self) -> GsgValues {
        let (outcome, _) = self.retrograde(super::Convention::Normal);
        self.generalized_grundy_after(&outcome)
    }

    /// [`generalized_grundy`](Self::generalized_grundy) given the graph's normal-play
    /// outcomes. A draw's value is ∞ (Smith's theorem: γ(u) = 0 exactly at P-positions, and
    /// γ(u) = ∞(K) with 0 ∉ K exactly at draws), so draws are labelled ∞ at once and the
    /// rounds below visit only the other positions — on a graph that is mostly draws, a small
    /// part of it.
    ///
    /// Then one value m at a time: label m every unlabelled position that has no move to an m
    /// and whose every unlabelled (or ∞) move leads to a position with a move to an m; then
    /// label ∞ every unlabelled position with no move to an m. O((V + E)·(largest value + 2))
    /// at worst.
    pub fn generalized_grundy_after(&self, outcome: &[Outcome]) -> GsgValues {
        self.generalized_grundy_known(outcome, &[])
    }

    /// [`generalized_grundy_after`](Self::generalized_grundy_after) where the values of
    /// some positions are known already (`known`: positions of a lower tier, solved before,
    /// which have no moves in this graph). The rounds then go as over the whole game: a
    /// known m is labelled in round m, and a known position is taken to have a move to an m
    /// in the rounds its value says it has (every m below a finite value, the set K of
    /// ∞(K)).
    pub(crate) fn generalized_grundy_known(
        &self,
        outcome: &[Outcome],
        known: &[(u32, Gsg)],
    ) -> GsgValues {
        let mut label: Vec<u32> = outcome
            .iter()
            .map(|&o| {
                if o == Outcome::D {
                    INFINITE
                } else {
                    UNLABELLED
                }
            })
            .collect();
        for (u, g) in known {
            // Known ones are never candidates; a finite one is open until its round.
            label[*u as usize] = match g {
                Gsg::Finite(_) => KNOWN,
                Gsg::Infinite(_) => INFINITE,
            };
        }
        self.rounds(label, known)
    }

    /// The rounds, from `label` (each position [`UNLABELLED`] or already [`INFINITE`], or
    /// [`KNOWN`] with its value in `known`).
    fn rounds(&self, mut label: Vec<u32>, known: &[(u32, Gsg)]) -> GsgValues {
        let n = self.len();
        let mut candidates: Vec<u32> = (0..n as u32)
            .filter(|&u| label[u as usize] == UNLABELLED)
            .collect();
        // has_m(u) in round m: mark[u] == m + 1 (no clearing between rounds).
        let mut mark = vec![0u32; n];
        // bad[u], for unlabelled u: moves to open positions that have no move to an m (yet).
        let mut bad = vec![0u32; n];
        let open = |l: u32| l >= KNOWN;
        let mut work: Vec<u32> = Vec::new();
        let mut m = 0u32;
        while !candidates.is_empty() {
            let stamp = m + 1;
            // Known positions with a move to an m: those of a larger value, and ∞(K) with m
            // in K. A known m is labelled now, before anything else (the rounds' labels do
            // not depend on the order they are given in).
            let mut known_m = Vec::new();
            for (u, g) in known {
                let has_m = match g {
                    Gsg::Finite(v) if *v == m => {
                        known_m.push(*u);
                        false
                    }
                    Gsg::Finite(v) => *v > m,
                    Gsg::Infinite(k) => k.binary_search(&m).is_ok(),
                };
                if has_m {
                    mark[*u as usize] = stamp;
                }
            }
            for &u in &candidates {
                let b = self
                    .moves(u)
                    .iter()
                    .filter(|&&v| open(label[v as usize]) && mark[v as usize] != stamp)
                    .count() as u32;
                bad[u as usize] = b;
                if b == 0 {
                    work.push(u);
                }
            }
            for &u in &known_m {
                label[u as usize] = UNLABELLED;
                bad[u as usize] = 0;
                work.push(u);
            }
            while let Some(u) = work.pop() {
                let ui = u as usize;
                if label[ui] != UNLABELLED || mark[ui] == stamp || bad[ui] != 0 {
                    continue;
                }
                label[ui] = m;
                for &p in self.preds(u) {
                    let pi = p as usize;
                    if mark[pi] == stamp {
                        continue;
                    }
                    mark[pi] = stamp;
                    if open(label[pi]) {
                        // p now has a move to an m: it is no longer a bad move for its
                        // predecessors.
                        for &q in self.preds(p) {
                            let qi = q as usize;
                            if label[qi] != UNLABELLED {
                                continue;
                            }
                            bad[qi] -= 1;
                            if bad[qi] == 0 && mark[qi] != stamp {
                                work.push(q);
                            }
                        }
                    }
                }
            }
            candidates.retain(|&u| {
                let ui = u as usize;
                if label[ui] == UNLABELLED && mark[ui] != stamp {
                    label[ui] = INFINITE;
                }
                label[ui] == UNLABELLED
            });
            m += 1;
        }
        for (u, g) in known {
            if let Gsg::Finite(v) = g {
                label[*u as usize] = *v;
            }
        }
        GsgValues { label }
    }

    /// The values by the rounds over every position, draws included (none labelled ∞ from
    /// the outcomes): the reference the tests compare [`generalized_grundy`] with.
    #[cfg(test)]
    pub(super) fn generalized_grundy_plain(&self) -> Vec<Gsg> {
        self.rounds(vec![UNLABELLED; self.len()], &[]).all(self)
    }
}
