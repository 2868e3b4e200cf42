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

use crate::{invalid, GameError, Outcome};
use rayon::prelude::*;
use rustc_hash::FxHashMap;
use serde::Serialize;
use std::borrow::Cow;
use std::fmt;
use std::io::BufRead;

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

/// Everything known about every position.
#[derive(Clone, Debug)]
pub struct Solution {
    /// Outcome by position id.
    pub outcome: Vec<Outcome>,
    /// For N the fewest moves to force the win, for P the most moves the loser can last;
    /// `None` for draws.
    pub remoteness: Vec<Option<u32>>,
    /// Generalized Sprague–Grundy values (normal play only).
    pub grundy: Option<Vec<Gsg>>,
}

/// Reads a move graph: each non-empty line `A B` is a move from A to B, a line with one name
/// declares a position, `#` starts a comment. `source` names the input in errors (`file:line`).
pub fn parse_graph(text: &str, source: &str) -> Result<Graph, GameError> {
    parse_graph_from(text.as_bytes(), source)
}

/// [`parse_graph`] from any reader, line by line (the input is never held whole in memory).
pub fn parse_graph_from(mut reader: impl BufRead, source: &str) -> Result<Graph, GameError> {
    let mut ids = Ids::default();
    let mut edges: Vec<(u32, u32)> = Vec::new();
    // One buffer for every line.
    let mut buf = Vec::new();
    for i in 0.. {
        buf.clear();
        let read = reader
            .read_until(b'\n', &mut buf)
            .map_err(|e| invalid!("{source}: cannot read: {e}"))?;
        if read == 0 {
            break;
        }
        let line = std::str::from_utf8(&buf)
            .map_err(|_| invalid!("{source}:{}: not valid UTF-8", i + 1))?;
        let line = line.split('#').next().unwrap_or("");
        // Splitting at ASCII blanks is the same on ASCII text, and much cheaper than asking of
        // every character whether it is Unicode whitespace.
        let tokens = if line.is_ascii() {
            first_names(line.split_ascii_whitespace())
        } else {
            first_names(line.split_whitespace())
        };
        match tokens {
            (None, _, _) => {}
            (Some(a), None, _) => {
                ids.id(a);
            }
            (Some(a), Some(b), None) => {
                let (x, y) = (ids.id(a), ids.id(b));
                edges.push((x, y));
            }
            (Some(_), Some(_), Some(count)) => {
                return Err(invalid!(
                    "{source}:{}: expected 'A B' (a move) or 'A' (a position), found {count} names",
                    i + 1,
                ))
            }
        }
        if ids.count >= u32::MAX - 1 || edges.len() >= u32::MAX as usize {
            return Err(invalid!(
                "{source}: more than 4 294 967 294 positions or moves"
            ));
        }
    }
    Ok(Graph::build(ids.into_names(), edges))
}

/// The first two names of a line, and how many names it has if more than two.
fn first_names<'a>(
    mut names: impl Iterator<Item = &'a str>,
) -> (Option<&'a str>, Option<&'a str>, Option<usize>) {
    let (a, b) = (names.next(), names.next());
    let more = names.count();
    (a, b, (more > 0).then_some(2 + more))
}

/// Dense ids for names. Names that are plain decimal numbers below 2^26 (the usual case in
/// generated and contest graphs) are looked up in a direct table, which avoids hashing and
/// the cache misses of a large hash map; other names go through a hash map.
struct Ids {
    count: u32,
    /// While every name so far is a number and each new one is the next, k has id k and no
    /// table is needed (the usual file: positions 0, 1, 2, … declared in order): the ids of
    /// a huge graph then cost no memory access at all.
    identity: bool,
    numbers: Vec<u32>,
    words: FxHashMap<Box<str>, u32>,
}

impl Default for Ids {
    fn default() -> Self {
        Ids {
            count: 0,
            identity: true,
            numbers: Vec::new(),
            words: FxHashMap::default(),
        }
    }
}

const NO_ID: u32 = u32::MAX;
const DIRECT_LIMIT: usize = 1 << 26;

impl Ids {
    /// The number a name stands for, if it is written the one way a number is (decimal digits,
    /// no leading zero, at most 8 of them) and below [`DIRECT_LIMIT`]; one pass over the bytes.
    fn number(name: &str) -> Option<usize> {
        let b = name.as_bytes();
        if b.is_empty() || b.len() > 8 || (b[0] == b'0' && b.len() > 1) {
            return None;
        }
        let mut n = 0usize;
        for &c in b {
            let d = c.wrapping_sub(b'0');
            if d > 9 {
                return None;
            }
            n = n * 10 + d as usize;
        }
        (n < DIRECT_LIMIT).then_some(n)
    }

    fn id(&mut self, name: &str) -> u32 {
        let number = Self::number(name);
        if self.identity {
            match number {
                Some(k) if k <= self.count as usize => {
                    if k == self.count as usize {
                        self.count += 1;
                    }
                    return k as u32;
                }
                // The first name out of line: from now on, a table.
                _ => {
                    self.identity = false;
                    self.numbers = (0..self.count).collect();
                }
            }
        }
        if let Some(k) = number {
            if k >= self.numbers.len() {
                self.numbers
                    .resize((k + 1).next_power_of_two().min(DIRECT_LIMIT), NO_ID);
            }
            if self.numbers[k] == NO_ID {
                self.numbers[k] = self.count;
                self.count += 1;
            }
            return self.numbers[k];
        }
        if let Some(&i) = self.words.get(name) {
            return i;
        }
        let i = self.count;
        self.words.insert(name.into(), i);
        self.count += 1;
        i
    }

    /// The names by id, each stored once (or not at all when they are the ids).
    fn into_names(self) -> Names {
        if self.identity {
            return Names::Numbers(self.count as usize);
        }
        let mut names: Vec<Box<str>> = vec![Box::from(""); self.count as usize];
        for (k, &i) in self.numbers.iter().enumerate() {
            if i != NO_ID {
                names[i as usize] = k.to_string().into();
            }
        }
        for (name, i) in self.words {
            names[i as usize] = name;
        }
        Names::Stored(names)
    }
}

/// Compressed sparse rows of `m` pairs (k, v) over keys 0 … n − 1: `start[k]..start[k + 1]`
/// indexes the v of key k in `out`, in the order the pairs came.
///
/// Done in two cache-friendly passes rather than one scatter of every pair to its final place
/// (random writes over the whole array, which made building a graph of 5·10^7 random moves a
/// third of the time to solve it): the pairs are first grouped by the high bits of their key
/// into buckets, appending to one stream per bucket, then each bucket, whose keys span a
/// small range, is counted and placed within its own stretch of `out`.
fn csr(
    n: usize,
    pairs: impl Iterator<Item = (u32, u32)> + Clone,
    m: usize,
) -> (Vec<u32>, Vec<u32>) {
    // Keys per bucket: a power of two such that a bucket's counts stay in cache.
    let shift = (usize::BITS - n.leading_zeros()).saturating_sub(8).max(12);
    let buckets = (n >> shift) + 1;
    let mut bucket_start = vec![0usize; buckets + 1];
    for (k, _) in pairs.clone() {
        bucket_start[(k as usize >> shift) + 1] += 1;
    }
    for b in 0..buckets {
        bucket_start[b + 1] += bucket_start[b];
    }
    let mut fill = bucket_start.clone();
    let mut grouped = vec![(0u32, 0u32); m];
    for (k, v) in pairs {
        let b = k as usize >> shift;
        grouped[fill[b]] = (k, v);
        fill[b] += 1;
    }
    let mut start = vec![0u32; n + 1];
    let mut out = vec![0u32; m];
    for b in 0..buckets {
        let part = &grouped[bucket_start[b]..bucket_start[b + 1]];
        let lo = b << shift;
        let hi = ((b + 1) << shift).min(n);
        if lo >= hi {
            continue;
        }
        for &(k, _) in part {
            start[k as usize + 1] += 1;
        }
        start[lo + 1] += bucket_start[b] as u32;
        for k in lo + 1..hi {
            start[k + 1] += start[k];
        }
        let mut next = start[lo..hi].to_vec();
        for &(k, v) in part {
            let i = &mut next[k as usize - lo];
            out[*i as usize] = v;
            *i += 1;
        }
    }
    (start, out)
}

impl Graph {
    /// A graph from named positions and the moves between their ids (consumed: the moves
    /// are then held once forwards and once backwards, 16 bytes each in all).
    pub fn from_edges(names: Vec<Box<str>>, edges: Vec<(u32, u32)>) -> Self {
        Self::build(Names::Stored(names), edges)
    }

    /// A graph whose positions are named by their ids 0 … n − 1 (names cost no memory).
    pub fn from_numbered_edges(n: usize, edges: Vec<(u32, u32)>) -> Self {
        Self::build(Names::Numbers(n), edges)
    }

    fn build(names: Names, edges: Vec<(u32, u32)>) -> Self {
        let n = match &names {
            Names::Numbers(n) => *n,
            Names::Stored(v) => v.len(),
        };
        let m = edges.len();
        let (start, succ) = csr(n, edges.iter().copied(), m);
        drop(edges);
        let forward = (0..n as u32).flat_map(|u| {
            let (a, b) = (start[u as usize] as usize, start[u as usize + 1] as usize);
            succ[a..b].iter().map(move |&v| (v, u))
        });
        let (pstart, pred) = csr(n, forward, m);
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

    /// Whether work on this graph is worth sharing between threads (below this, waking a
    /// thread costs more than it saves: 56 µs became 127 µs on 10^5 moves).
    pub fn parallel(&self) -> bool {
        self.succ.len() + self.len() >= 1 << 20
    }

    /// `f(u)` for every position, in order, on all cores when the graph is large.
    fn per_position<T: Send>(&self, f: impl Fn(u32) -> T + Sync + Send) -> Vec<T> {
        let n = self.len() as u32;
        if self.parallel() {
            (0..n).into_par_iter().map(f).collect()
        } else {
            (0..n).map(f).collect()
        }
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
    /// generalized Sprague–Grundy values.
    pub fn solve(&self, convention: Convention) -> Solution {
        // The two analyses are independent: one core each, on graphs large enough to repay
        // handing work to another thread.
        let grundy = || (convention == Convention::Normal).then(|| self.generalized_grundy());
        let ((outcome, remoteness), grundy) = if self.parallel() {
            rayon::join(|| self.retrograde(convention), grundy)
        } else {
            (self.retrograde(convention), grundy())
        };
        Solution {
            outcome,
            remoteness,
            grundy,
        }
    }

    fn retrograde(&self, convention: Convention) -> (Vec<Outcome>, Vec<Option<u32>>) {
        let no_moves = match convention {
            Convention::Normal => Outcome::P,
            Convention::Misere => Outcome::N,
        };
        self.retrograde_with(|_| None, no_moves)
    }

    /// Retrograde analysis, O(V + E), for games whose positions may end with a given result.
    ///
    /// `terminal(u)` fixes the value of a position that ends the game (N: the player to move
    /// has won, P: lost, T: a tie); other positions without moves get `no_moves`. Positions
    /// are settled in order of remoteness from a FIFO queue: a settled P makes every unsettled
    /// predecessor N (one move further, and the first P reached is the nearest); a settled N
    /// or T takes one from each predecessor's count of unsettled moves, and a predecessor whose
    /// moves are all settled is T if one of them is T and P otherwise (its last one is the
    /// farthest). Then an unsettled position with a move to a T can force a tie (it cannot
    /// win, or it would be settled): T, spreading backwards. Whatever is left is a draw.
    pub fn retrograde_with(
        &self,
        terminal: impl Fn(u32) -> Option<Outcome>,
        no_moves: Outcome,
    ) -> (Vec<Outcome>, Vec<Option<u32>>) {
        let n = self.len();
        let mut outcome = vec![Outcome::D; n];
        let mut remoteness: Vec<Option<u32>> = vec![None; n];
        let mut left: Vec<u32> = (0..n as u32).map(|u| self.moves(u).len() as u32).collect();
        let mut tie_move = vec![false; n];
        // A FIFO queue: positions are appended as they are settled and read in order, so
        // they come out by remoteness. A settled position's count of unsettled moves is 0
        // (an unsettled one always has one), which is all the inner loop needs to look at.
        let mut queue: Vec<u32> = Vec::with_capacity(n);
        for u in 0..n as u32 {
            let fixed = terminal(u).or((left[u as usize] == 0).then_some(no_moves));
            if let Some(v) = fixed {
                outcome[u as usize] = v;
                remoteness[u as usize] = Some(0);
                left[u as usize] = 0;
                queue.push(u);
            }
        }
        let mut head = 0;
        while let Some(&v) = queue.get(head) {
            head += 1;
            let r = remoteness[v as usize].expect("settled") + 1;
            let value = outcome[v as usize];
            if value == Outcome::P {
                // Every unsettled predecessor wins by moving here, r moves from the end.
                for &u in self.preds(v) {
                    let ui = u as usize;
                    if left[ui] != 0 {
                        left[ui] = 0;
                        outcome[ui] = Outcome::N;
                        remoteness[ui] = Some(r);
                        queue.push(u);
                    }
                }
                continue;
            }
            let tie = value == Outcome::T;
            for &u in self.preds(v) {
                let ui = u as usize;
                if left[ui] == 0 {
                    continue;
                }
                tie_move[ui] |= tie;
                left[ui] -= 1;
                if left[ui] == 0 {
                    outcome[ui] = if tie_move[ui] { Outcome::T } else { Outcome::P };
                    remoteness[ui] = Some(r);
                    queue.push(u);
                }
            }
        }
        let mut ties: Vec<u32> = (0..n as u32)
            .filter(|&u| remoteness[u as usize].is_none() && tie_move[u as usize])
            .collect();
        for &u in &ties {
            outcome[u as usize] = Outcome::T;
        }
        while let Some(v) = ties.pop() {
            for &u in self.preds(v) {
                let ui = u as usize;
                if remoteness[ui].is_none() && outcome[ui] == Outcome::D {
                    outcome[ui] = Outcome::T;
                    ties.push(u);
                }
            }
        }
        (outcome, remoteness)
    }

    /// Outcomes the naive way, as a reference and a benchmark baseline: "a win if some move
    /// reaches a loss, a loss if every move reaches a win", swept over all positions until
    /// nothing changes (O(V·E) in the worst case); the rest are draws.
    pub fn solve_naive(&self, convention: Convention) -> Vec<Outcome> {
        let n = self.len();
        let mut v = vec![Outcome::D; n];
        loop {
            let mut changed = false;
            for u in 0..n as u32 {
                if v[u as usize] != Outcome::D {
                    continue;
                }
                let ms = self.moves(u);
                let new = if ms.is_empty() {
                    Some(match convention {
                        Convention::Normal => Outcome::P,
                        Convention::Misere => Outcome::N,
                    })
                } else if ms.iter().any(|&w| v[w as usize] == Outcome::P) {
                    Some(Outcome::N)
                } else if ms.iter().all(|&w| v[w as usize] == Outcome::N) {
                    Some(Outcome::P)
                } else {
                    None
                };
                if let Some(x) = new {
                    v[u as usize] = x;
                    changed = true;
                }
            }
            if !changed {
                return v;
            }
        }
    }

    /// Outcomes the way a first program computes them: recursion with memoisation, "a win if
    /// some move reaches a loss" — a reference and a benchmark baseline for acyclic graphs.
    /// `None` when the graph has a cycle (the recursion would not end), and recursion depth
    /// is the longest path, so deep graphs overflow the stack: use [`Graph::solve`].
    pub fn solve_recursive(&self, convention: Convention) -> Option<Vec<Outcome>> {
        // 0: not yet, 1: on the current path, 2: done.
        fn visit(
            g: &Graph,
            u: u32,
            convention: Convention,
            state: &mut [u8],
            v: &mut [Outcome],
        ) -> Option<Outcome> {
            match state[u as usize] {
                2 => return Some(v[u as usize]),
                1 => return None,
                _ => {}
            }
            state[u as usize] = 1;
            let ms = g.moves(u);
            let mut win = false;
            for &w in ms {
                if visit(g, w, convention, state, v)? == Outcome::P {
                    win = true;
                }
            }
            let value = if ms.is_empty() {
                match convention {
                    Convention::Normal => Outcome::P,
                    Convention::Misere => Outcome::N,
                }
            } else if win {
                Outcome::N
            } else {
                Outcome::P
            };
            state[u as usize] = 2;
            v[u as usize] = value;
            Some(value)
        }
        let n = self.len();
        let mut state = vec![0u8; n];
        let mut v = vec![Outcome::P; n];
        for u in 0..n as u32 {
            visit(self, u, convention, &mut state, &mut v)?;
        }
        Some(v)
    }

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

#[cfg(test)]
mod tests {
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
            let (start, out) = csr(n, pairs.iter().copied(), pairs.len());
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
            let gs = s.grundy.clone().unwrap();
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

        #[test]
        fn the_parser_never_panics(text in "\\PC{0,200}") {
            let _ = parse_graph(&text, "fuzz");
        }
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
            assert_eq!(s.grundy.as_ref().unwrap()[u as usize], Gsg::Finite(n % 3));
        }
    }

    #[test]
    fn a_pure_cycle_is_a_draw_with_infinite_value() {
        let g = parse_graph("a b\nb a\n", "cycle").unwrap();
        let s = g.solve(Convention::Normal);
        assert_eq!(s.outcome, vec![Outcome::D, Outcome::D]);
        assert_eq!(s.grundy.unwrap()[0].to_string(), "∞()");
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
