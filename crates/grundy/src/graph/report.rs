//! The JSON of `grundy graph`, written position by position, and what a report says of a
//! solution.

use super::{Graph, Solution};
use crate::Outcome;
use serde::Serialize;

/// The JSON of `grundy graph --json`: every position by name (in the order of the graph's
/// ids, written out one by one, so that a graph of 10^7 positions needs no second copy of
/// itself in memory), and how many positions have each outcome.
pub struct GraphReport<'a> {
    graph: &'a Graph,
    solution: &'a Solution,
}

impl Serialize for GraphReport<'_> {
    fn serialize<S: serde::Serializer>(&self, ser: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = ser.serialize_struct("GraphReport", 2)?;
        st.serialize_field("positions", &Positions(self))?;
        st.serialize_field("counts", &self.solution.counts())?;
        st.end()
    }
}

struct Positions<'r, 'a>(&'r GraphReport<'a>);

impl Serialize for Positions<'_, '_> {
    fn serialize<S: serde::Serializer>(&self, ser: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let (g, s) = (self.0.graph, self.0.solution);
        let mut map = ser.serialize_map(Some(g.len()))?;
        for u in 0..g.len() as u32 {
            let entry = PositionReport {
                outcome: s.outcome[u as usize],
                remoteness: s.remoteness[u as usize],
                grundy: s.grundy_json(u),
            };
            map.serialize_entry(&g.name(u), &entry)?;
        }
        map.end()
    }
}

/// One position in [`GraphReport`].
#[derive(Serialize)]
pub struct PositionReport {
    /// N, P or D.
    pub outcome: Outcome,
    /// Remoteness, or null for draws.
    pub remoteness: Option<u32>,
    /// A number, "∞(…)", or null (misère).
    pub grundy: Option<serde_json::Value>,
}

/// Outcome counts.
#[derive(Serialize, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counts {
    /// N-positions.
    #[serde(rename = "N")]
    pub n: u64,
    /// P-positions.
    #[serde(rename = "P")]
    pub p: u64,
    /// Draws.
    #[serde(rename = "D")]
    pub d: u64,
    /// Ties (never in move graphs; kept out of their JSON).
    #[serde(rename = "T", skip_serializing_if = "is_zero")]
    pub t: u64,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

impl Solution {
    /// The outcome counts.
    pub fn counts(&self) -> Counts {
        let mut c = Counts::default();
        for o in &self.outcome {
            match o {
                Outcome::N => c.n += 1,
                Outcome::P => c.p += 1,
                Outcome::D => c.d += 1,
                Outcome::T => c.t += 1,
                // A move graph is impartial: no position is won by one side whoever starts.
                Outcome::L | Outcome::R => {}
            }
        }
        c
    }

    /// The JSON value of a position's Grundy value.
    pub fn grundy_json(&self, u: u32) -> Option<serde_json::Value> {
        self.grundy.as_ref().map(|g| g[u as usize].to_json())
    }

    /// The report of every position, to serialize.
    pub fn report<'a>(&'a self, g: &'a Graph) -> GraphReport<'a> {
        GraphReport {
            graph: g,
            solution: self,
        }
    }

    /// The moves of `u`, best first for the player to move: to P (nearest first), then to D,
    /// then to N (farthest first).
    pub fn ranked_moves(&self, g: &Graph, u: u32) -> Vec<u32> {
        let mut moves = g.moves(u).to_vec();
        moves.sort_by_key(|&v| {
            let r = self.remoteness[v as usize].unwrap_or(0) as i64;
            match self.outcome[v as usize] {
                Outcome::P => (0, r),
                Outcome::T => (1, r),
                Outcome::D => (2, 0),
                Outcome::N => (3, -r),
                Outcome::L | Outcome::R => (4, 0),
            }
        });
        moves.dedup();
        moves
    }
}
