//! Generalized Sprague–Grundy values of graphs with cycles: a number, or ∞ with the finite
//! values a position can reach.

use super::Graph;
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

impl Graph {
    /// Generalized Sprague–Grundy values (C. A. B. Smith 1966; A. S. Fraenkel, Y. Yesha 1986),
    /// one value m at a time: label m every unlabelled position that has no move to an m and
    /// whose every unlabelled (or ∞) move leads to a position with a move to an m; then label
    /// ∞ every unlabelled position with no move to an m. O((V + E)·(largest value + 2)).
    /// (Normal play; [`solve`](Self::solve) computes them with the outcomes.)
    pub fn generalized_grundy(&self) -> Vec<Gsg> {
        const UNLABELLED: u32 = u32::MAX;
        const INFINITE: u32 = u32::MAX - 1;
        let n = self.len();
        let mut label = vec![UNLABELLED; n];
        let mut remaining = n;
        let mut m = 0u32;
        while remaining > 0 {
            let open = |l: u32| l == UNLABELLED || l == INFINITE;
            // has_m[u]: u has a move to a position labelled m.
            let mut has_m = vec![false; n];
            // bad[u]: moves of unlabelled u to open positions that have no move to an m (yet);
            // labelled positions keep their label, so their moves are not counted (on a
            // large graph most positions are labelled after the first rounds).
            let mut bad: Vec<u32> = self.per_position(|u| {
                if label[u as usize] != UNLABELLED {
                    return 0;
                }
                self.moves(u)
                    .iter()
                    .filter(|&&v| open(label[v as usize]))
                    .count() as u32
            });
            let mut work: Vec<u32> = (0..n as u32)
                .filter(|&u| label[u as usize] == UNLABELLED && bad[u as usize] == 0)
                .collect();
            while let Some(u) = work.pop() {
                let ui = u as usize;
                if label[ui] != UNLABELLED || has_m[ui] || bad[ui] != 0 {
                    continue;
                }
                label[ui] = m;
                remaining -= 1;
                for &p in self.preds(u) {
                    let pi = p as usize;
                    if has_m[pi] {
                        continue;
                    }
                    has_m[pi] = true;
                    if open(label[pi]) {
                        // p now has a move to an m: it is no longer a bad move for its
                        // predecessors.
                        for &q in self.preds(p) {
                            let qi = q as usize;
                            if label[qi] != UNLABELLED {
                                continue;
                            }
                            bad[qi] -= 1;
                            if bad[qi] == 0 && !has_m[qi] {
                                work.push(q);
                            }
                        }
                    }
                }
            }
            for u in 0..n {
                if label[u] == UNLABELLED && !has_m[u] {
                    label[u] = INFINITE;
                    remaining -= 1;
                }
            }
            m += 1;
        }
        self.per_position(|u| match label[u as usize] {
            INFINITE => {
                let mut k: Vec<u32> = self
                    .moves(u)
                    .iter()
                    .map(|&v| label[v as usize])
                    .filter(|&l| l < INFINITE)
                    .collect();
                k.sort_unstable();
                k.dedup();
                Gsg::Infinite(k)
            }
            v => Gsg::Finite(v),
        })
    }
}
