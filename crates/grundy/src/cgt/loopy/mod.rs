//! Loopy partizan games: game graphs whose play may go on for ever (Winning Ways ch. 11;
//! A. N. Siegel, *Combinatorial Game Theory*, ch. VI; CGSuite's `LoopyGame`,
//! `CanonicalStopper`).
//!
//! A [`Graph`] holds positions as vertices with Left's and Right's moves as edges; a game is
//! a vertex of it. Played alone, an infinite play is a draw, so a loopy game has one of
//! nine outcomes ([`LoopyOutcome`]). Its value is about sums:
//!
//! - A **stopper** is a game in which no play alternates for ever (no cycle of moves by Left
//!   and Right in turn). For stoppers G ≤ H exactly when Left, moving second, *survives*
//!   H − G: Right cannot leave her without a move (Siegel VI.1). Every stopper has one
//!   simplest form — no dominated options, no reversible ones (bypassed as for short games),
//!   no two positions equal — which is its canonical form ([`Graph::stopper_form`]).
//! - Any loopy game G has an **onside** G⁺ and an **offside** G⁻, stoppers with infinite
//!   play in G won by Left in G⁺ and by Right in G⁻ (Winning Ways ch. 11, "sides"). G ≤ H
//!   when both sides compare: G⁺ ≤ H⁺ when Left survives H − G moving second and play that
//!   goes on for ever has only finitely many moves in G (in the offside, in H). Both are
//!   decided here on the graph of the difference, as a game of infinite play (a co-Büchi
//!   condition), without building the sides.
//!
//! ```
//! use grundy::cgt::loopy;
//! use grundy::cgt::Universe;
//!
//! let mut u = Universe::new();
//! let mut graph = loopy::Graph::new();
//! // on = {on | }: Left can always pass; off = { | off}.
//! let on = graph.vertex().unwrap();
//! graph.set(on, vec![on], vec![]);
//! let one = u.parse("1").unwrap();
//! let one = graph.embed(&mut u, one).unwrap();
//! assert!(graph.le(one, on).unwrap());
//! assert!(!graph.le(on, one).unwrap());
//! assert_eq!(graph.outcome(on), loopy::LoopyOutcome::L);
//! ```

mod powers;
mod read;
mod report;
mod show;
mod sides;
#[cfg(test)]
mod tests;

pub use read::{loopy_expression, read, Value};
pub use report::{order_values, LoopyReport};

use super::{Id, Universe};
use crate::GameError;
use rustc_hash::FxHashMap as HashMap;

/// Most vertices one graph holds (a sum's graph has a vertex per pair of positions).
pub const VERTEX_LIMIT: usize = 200_000;

/// Most states (pairs of positions, and whose turn) one comparison looks at.
pub const STATE_LIMIT: usize = 2_000_000;

/// Most moves between those states one comparison holds.
pub const MOVE_LIMIT: usize = 16_000_000;

/// Positions and moves: Left's and Right's options of each vertex.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Graph {
    left: Vec<Vec<usize>>,
    right: Vec<Vec<usize>>,
    /// Each embedded short game's vertex.
    embedded: HashMap<Id, usize>,
    /// Games and sided values given names (`u := upon` in a worksheet), read by later
    /// expressions.
    names: HashMap<String, Value>,
}

/// The result of play from a position when one player starts, infinite play a draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Play {
    /// Left wins.
    LeftWins,
    /// Right wins.
    RightWins,
    /// Neither can force a win: play goes on for ever.
    Draw,
}

/// CGSuite's outcome classes of a loopy game: who wins when Left starts, and when Right
/// starts (Siegel, CGT VI.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum LoopyOutcome {
    /// Left wins, whoever starts.
    L,
    /// Right wins, whoever starts.
    R,
    /// The second player wins.
    P,
    /// The first player wins.
    N,
    /// A draw, whoever starts.
    D,
    /// Left wins when she starts; a draw when Right starts.
    NHat,
    /// Right wins when Left starts; a draw when Right starts.
    PCheck,
    /// A draw when Left starts; Left wins when Right starts.
    PHat,
    /// A draw when Left starts; Right wins when Right starts.
    NCheck,
}

impl LoopyOutcome {
    /// The class of a game from who wins when Left starts and when Right starts.
    pub fn of(left_first: Play, right_first: Play) -> LoopyOutcome {
        use Play::*;
        match (left_first, right_first) {
            (RightWins, LeftWins) => LoopyOutcome::P,
            (LeftWins, RightWins) => LoopyOutcome::N,
            (LeftWins, LeftWins) => LoopyOutcome::L,
            (RightWins, RightWins) => LoopyOutcome::R,
            (Draw, Draw) => LoopyOutcome::D,
            (LeftWins, Draw) => LoopyOutcome::NHat,
            (RightWins, Draw) => LoopyOutcome::PCheck,
            (Draw, LeftWins) => LoopyOutcome::PHat,
            (Draw, RightWins) => LoopyOutcome::NCheck,
        }
    }

    /// The class in words.
    pub fn describe(self) -> &'static str {
        match self {
            LoopyOutcome::L => "L (Left wins, whoever starts)",
            LoopyOutcome::R => "R (Right wins, whoever starts)",
            LoopyOutcome::P => "P (the player to move loses)",
            LoopyOutcome::N => "N (the player to move wins)",
            LoopyOutcome::D => "D (a draw, whoever starts: play goes on for ever)",
            LoopyOutcome::NHat => "NHat (Left wins when she starts, a draw when Right starts)",
            LoopyOutcome::PCheck => "PCheck (Right wins when Left starts, a draw when he starts)",
            LoopyOutcome::PHat => "PHat (a draw when Left starts, Left wins when Right starts)",
            LoopyOutcome::NCheck => "NCheck (a draw when Left starts, Right wins when he starts)",
        }
    }
}

/// How infinite play in a difference H − G is judged when comparing G with H.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Side {
    /// Stoppers: Left survives whatever the length of play.
    Stopper,
    /// Onsides: infinite play is Left's when it has infinitely many moves in H (Right's when
    /// it ends up in G for ever).
    On,
    /// Offsides: infinite play is Left's when it has infinitely many moves in G.
    Off,
}

fn too_large(what: &str, limit: usize) -> GameError {
    GameError::TooLarge(format!(
        "{what}: more than {limit} positions to look at (a loopy game's value is found from \
         its whole graph)"
    ))
}

impl Graph {
    /// An empty graph.
    pub fn new() -> Graph {
        Graph::default()
    }

    /// How many vertices the graph holds.
    pub fn len(&self) -> usize {
        self.left.len()
    }

    /// Whether the graph holds no vertex.
    pub fn is_empty(&self) -> bool {
        self.left.is_empty()
    }

    /// Gives the game `v` the name `name` (a word, as [`Universe::define`] takes), read by
    /// later loopy expressions in this graph.
    pub fn define(&mut self, name: &str, v: usize) -> Result<(), GameError> {
        self.define_value(name, Value::Loopy(v))
    }

    /// Gives a value read from this graph (a game, or a sided value `S & T`) the name
    /// `name`.
    pub fn define_value(&mut self, name: &str, v: Value) -> Result<(), GameError> {
        super::check_name(name)?;
        self.names.insert(name.to_string(), v);
        Ok(())
    }

    /// Takes the name `name` away, if a game had it.
    pub fn forget(&mut self, name: &str) {
        self.names.remove(name);
    }

    /// The value named `name`, if one was [defined](Graph::define).
    pub fn named(&self, name: &str) -> Option<Value> {
        self.names.get(name).copied()
    }

    /// Whether the expression `e` is a loopy game's here: it writes one (see
    /// [`crate::cgt::syntax::Expr::is_loopy`]) or uses a name given to one.
    pub fn claims(&self, e: &crate::cgt::syntax::Expr) -> bool {
        e.is_loopy() || e.uses_name(|w| self.names.contains_key(w))
    }

    /// A new vertex with no options yet (see [`Graph::set`]).
    pub fn vertex(&mut self) -> Result<usize, GameError> {
        if self.len() >= VERTEX_LIMIT {
            return Err(too_large("a loopy game", VERTEX_LIMIT));
        }
        if self.len() % 4096 == 4095 {
            crate::budget::check()?;
        }
        self.left.push(Vec::new());
        self.right.push(Vec::new());
        Ok(self.len() - 1)
    }

    /// Gives `v` its options (each listed once).
    pub fn set(&mut self, v: usize, mut left: Vec<usize>, mut right: Vec<usize>) {
        left.sort_unstable();
        left.dedup();
        right.sort_unstable();
        right.dedup();
        self.left[v] = left;
        self.right[v] = right;
    }

    /// Left's options of `v`.
    pub fn left(&self, v: usize) -> &[usize] {
        &self.left[v]
    }

    /// Right's options of `v`.
    pub fn right(&self, v: usize) -> &[usize] {
        &self.right[v]
    }

    /// The vertex of a short game (its canonical form, with its followers), made once.
    pub fn embed(&mut self, u: &mut Universe, g: Id) -> Result<usize, GameError> {
        if let Some(&v) = self.embedded.get(&g) {
            return Ok(v);
        }
        // A game born on day n has at least n followers (a birthday past a word is held as
        // the largest one).
        if u.small_birthday(g) >= (VERTEX_LIMIT - self.len()) as u64 {
            return Err(too_large("a loopy game", VERTEX_LIMIT));
        }
        let v = super::deep(|| -> Result<usize, GameError> {
            let (l, r) = (u.left(g).to_vec(), u.right(g).to_vec());
            u.check()?;
            let mut left = Vec::with_capacity(l.len());
            for o in l {
                left.push(self.embed(u, o)?);
            }
            let mut right = Vec::with_capacity(r.len());
            for o in r {
                right.push(self.embed(u, o)?);
            }
            let v = self.vertex()?;
            self.set(v, left, right);
            Ok(v)
        })?;
        self.embedded.insert(g, v);
        Ok(v)
    }

    /// The vertices reachable from `v` (itself first), each once.
    pub fn reachable(&self, v: usize) -> Vec<usize> {
        let mut seen = vec![false; self.len()];
        let mut order = vec![v];
        seen[v] = true;
        let mut i = 0;
        while i < order.len() {
            let x = order[i];
            i += 1;
            for &y in self.left[x].iter().chain(&self.right[x]) {
                if !seen[y] {
                    seen[y] = true;
                    order.push(y);
                }
            }
        }
        order
    }

    /// Copies what is reachable from `v` into `into`, through `f` (the identity, or Left
    /// and Right swapped for a negative): the copy of `v`.
    fn copy_into(&self, v: usize, into: &mut Graph, swap: bool) -> Result<usize, GameError> {
        let order = self.reachable(v);
        let mut at = HashMap::default();
        for &x in &order {
            at.insert(x, into.vertex()?);
        }
        for &x in &order {
            let map = |xs: &[usize]| xs.iter().map(|y| at[y]).collect::<Vec<_>>();
            let (l, r) = (map(&self.left[x]), map(&self.right[x]));
            if swap {
                into.set(at[&x], r, l);
            } else {
                into.set(at[&x], l, r);
            }
        }
        Ok(at[&v])
    }

    /// −G: Left's and Right's moves swapped, as a new part of the graph.
    pub fn neg(&mut self, v: usize) -> Result<usize, GameError> {
        let mut copy = Graph::new();
        let c = self.copy_into(v, &mut copy, true)?;
        self.absorb(copy, c)
    }

    /// Adds the vertices of `other` to this graph: where `v` of `other` went.
    fn absorb(&mut self, other: Graph, v: usize) -> Result<usize, GameError> {
        let base = self.len();
        if base + other.len() > VERTEX_LIMIT {
            return Err(too_large("a loopy game", VERTEX_LIMIT));
        }
        for (l, r) in other.left.into_iter().zip(other.right) {
            self.left.push(l.into_iter().map(|x| x + base).collect());
            self.right.push(r.into_iter().map(|x| x + base).collect());
        }
        Ok(v + base)
    }

    /// The sum G + H: a vertex for every pair of positions that play reaches, a move in
    /// either; a pair of loop-free positions is one short game, their sum's canonical form
    /// (so that the short followers of loopy games do not multiply).
    pub fn sum(&mut self, u: &mut Universe, g: usize, h: usize) -> Result<usize, GameError> {
        let mut short = self.short_games(u, g);
        short.extend(self.short_games(u, h));
        let mut at: HashMap<(usize, usize), usize> = HashMap::default();
        let mut queue = Vec::new();
        let mut visit = |graph: &mut Graph,
                         u: &mut Universe,
                         pair: (usize, usize),
                         queue: &mut Vec<(usize, usize, usize)>|
         -> Result<usize, GameError> {
            if let Some(&v) = at.get(&pair) {
                return Ok(v);
            }
            let v = match (short.get(&pair.0), short.get(&pair.1)) {
                (Some(&a), Some(&b)) => {
                    let s = u.add(a, b);
                    u.check()?;
                    graph.embed(u, s)?
                }
                _ => {
                    let v = graph.vertex()?;
                    queue.push((pair.0, pair.1, v));
                    v
                }
            };
            at.insert(pair, v);
            Ok(v)
        };
        let root = visit(self, u, (g, h), &mut queue)?;
        while let Some((a, b, v)) = queue.pop() {
            let mut sides = [Vec::new(), Vec::new()];
            for (k, side) in sides.iter_mut().enumerate() {
                let moves = |x: usize| {
                    if k == 0 {
                        &self.left[x]
                    } else {
                        &self.right[x]
                    }
                };
                let pairs: Vec<(usize, usize)> = (moves(a).iter().map(|&x| (x, b)))
                    .chain(moves(b).iter().map(|&y| (a, y)))
                    .collect();
                for pair in pairs {
                    side.push(visit(self, u, pair, &mut queue)?);
                }
            }
            let [l, r] = sides;
            self.set(v, l, r);
        }
        Ok(root)
    }

    /// The sum G + H, in simplest form when it is a stopper (so that long sums of stoppers
    /// stay small).
    pub fn simple_sum(&mut self, u: &mut Universe, g: usize, h: usize) -> Result<usize, GameError> {
        let s = self.sum(u, g, h)?;
        if !self.is_stopper(s) {
            return Ok(s);
        }
        let (simple, root) = self.stopper_form(s)?;
        self.absorb(simple, root)
    }

    /// Whether `v` is a stopper: no play from it or any of its followers alternates for
    /// ever.
    pub fn is_stopper(&self, v: usize) -> bool {
        // States (x, Left to move) = 2x and (x, Right to move) = 2x + 1; a stopper's state
        // graph, from every follower, has no cycle.
        let n = self.len();
        let mut colour = vec![0u8; 2 * n];
        for start in self
            .reachable(v)
            .into_iter()
            .flat_map(|x| [2 * x, 2 * x + 1])
        {
            if colour[start] != 0 {
                continue;
            }
            let mut stack = vec![(start, 0usize)];
            colour[start] = 1;
            while let Some(&mut (s, ref mut i)) = stack.last_mut() {
                let next = if s % 2 == 0 {
                    &self.left[s / 2]
                } else {
                    &self.right[s / 2]
                };
                if *i < next.len() {
                    let t = 2 * next[*i] + 1 - s % 2;
                    *i += 1;
                    match colour[t] {
                        0 => {
                            colour[t] = 1;
                            stack.push((t, 0));
                        }
                        1 => return false,
                        _ => {}
                    }
                } else {
                    colour[s] = 2;
                    stack.pop();
                }
            }
        }
        true
    }

    /// Who wins from `v` when Left starts and when Right starts, infinite play a draw: the
    /// retrograde analysis of move graphs ([`crate::graph`]) on the states (position, who is
    /// to move), where Left's moves lead to Right's turn and Right's to Left's.
    pub fn play(&self, v: usize) -> (Play, Play) {
        let order = self.reachable(v);
        let index: HashMap<usize, usize> = order.iter().enumerate().map(|(i, &x)| (x, i)).collect();
        // State 2i: Left to move at order[i]; 2i + 1: Right to move.
        let mut edges = Vec::new();
        for (i, &x) in order.iter().enumerate() {
            for &y in &self.left[x] {
                edges.push((2 * i as u32, 2 * index[&y] as u32 + 1));
            }
            for &y in &self.right[x] {
                edges.push((2 * i as u32 + 1, 2 * index[&y] as u32));
            }
        }
        let states = crate::graph::Graph::from_numbered_edges(2 * order.len(), edges);
        let (outcome, _) = states.retrograde_with(|_| None, crate::Outcome::P);
        let result = |s: usize, mover_is_left: bool| match outcome[s] {
            crate::Outcome::N if mover_is_left => Play::LeftWins,
            crate::Outcome::P if !mover_is_left => Play::LeftWins,
            crate::Outcome::N | crate::Outcome::P => Play::RightWins,
            _ => Play::Draw,
        };
        (result(0, true), result(1, false))
    }

    /// The outcome class of `v` (see [`LoopyOutcome`]).
    pub fn outcome(&self, v: usize) -> LoopyOutcome {
        let (l, r) = self.play(v);
        LoopyOutcome::of(l, r)
    }

    /// Whether G ≤ H (`g`, `h` vertices of this graph): for stoppers, Left survives H − G
    /// moving second; otherwise both the onsides and the offsides compare so.
    pub fn le(&self, g: usize, h: usize) -> Result<bool, GameError> {
        if self.is_stopper(g) && self.is_stopper(h) {
            return self.side_le(g, h, Side::Stopper);
        }
        Ok(self.side_le(g, h, Side::On)? && self.side_le(g, h, Side::Off)?)
    }

    /// Whether G⁻ ≤ H⁺: Left, moving second, survives H − G (all infinite play is hers,
    /// in H⁺ and in −G⁻); for stoppers, G ≤ H.
    pub fn survives(&self, g: usize, h: usize) -> Result<bool, GameError> {
        self.side_le(g, h, Side::Stopper)
    }

    /// Whether G⁺ ≤ H⁺ (`onside`) or G⁻ ≤ H⁻: one side of each game compared.
    pub fn le_side(&self, g: usize, h: usize, onside: bool) -> Result<bool, GameError> {
        self.side_le(g, h, if onside { Side::On } else { Side::Off })
    }

    fn side_le(&self, g: usize, h: usize, side: Side) -> Result<bool, GameError> {
        let (gs, hs) = (self.reachable(g), self.reachable(h));
        let arena = Arena::new(self, &gs, &hs, side)?;
        Ok(arena.left_wins()?[arena.state(0, 0, true)])
    }

    /// Whether every pair of `vs` compares, `le[i][j]` meaning vs[i] ≤ vs[j], all at once
    /// (one game over all pairs): with `stoppers`, by survival alone.
    fn all_le(&self, vs: &[usize], side: Side) -> Result<Vec<Vec<bool>>, GameError> {
        let arena = Arena::new(self, vs, vs, side)?;
        let wins = arena.left_wins()?;
        Ok((0..vs.len())
            .map(|i| {
                (0..vs.len())
                    .map(|j| wins[arena.state(i, j, true)])
                    .collect()
            })
            .collect())
    }

    /// The simplest form of the stopper `v` (CGSuite's canonical stopper): a new graph and
    /// the vertex of `v` in it. Reversible options are bypassed and dominated ones removed
    /// until none is left, then equal positions are fused (Siegel, CGT VI.2); no position's
    /// value changes on the way, so one comparison of all pairs serves throughout.
    pub fn stopper_form(&self, v: usize) -> Result<(Graph, usize), GameError> {
        let vs = self.reachable(v);
        let index: HashMap<usize, usize> = vs.iter().enumerate().map(|(i, &x)| (x, i)).collect();
        let le = self.all_le(&vs, Side::Stopper)?;
        let n = vs.len();
        let local = |xs: &[usize]| -> Vec<usize> { xs.iter().map(|x| index[x]).collect() };
        let mut left: Vec<Vec<usize>> = vs.iter().map(|&x| local(&self.left[x])).collect();
        let mut right: Vec<Vec<usize>> = vs.iter().map(|&x| local(&self.right[x])).collect();
        let mut steps = 0usize;
        let cap = 64 * n * n + 1024;
        let mut changed = true;
        while changed {
            changed = false;
            crate::budget::check()?;
            for i in 0..n {
                for is_left in [true, false] {
                    // Bypass the options reversible through an answer at least as good for the
                    // other player as G itself, then drop those dominated by another (of two
                    // equal ones, the later).
                    loop {
                        let (own, other) = if is_left {
                            (&left, &right)
                        } else {
                            (&right, &left)
                        };
                        let reversible = own[i].iter().enumerate().find_map(|(k, &a)| {
                            other[a]
                                .iter()
                                .find(|&&c| if is_left { le[c][i] } else { le[i][c] })
                                .map(|&c| (k, c))
                        });
                        let Some((k, c)) = reversible else { break };
                        steps += 1;
                        if steps > cap {
                            return Err(GameError::Invalid(
                                "a stopper's simplification did not settle".into(),
                            ));
                        }
                        let mut opts = own[i].clone();
                        opts.remove(k);
                        opts.extend(own[c].iter().copied());
                        opts.sort_unstable();
                        opts.dedup();
                        if is_left {
                            left[i] = opts;
                        } else {
                            right[i] = opts;
                        }
                        changed = true;
                    }
                    let own = if is_left { &mut left } else { &mut right };
                    let better = |a: usize, b: usize| if is_left { le[a][b] } else { le[b][a] };
                    let opts = own[i].clone();
                    let kept: Vec<usize> = opts
                        .iter()
                        .copied()
                        .filter(|&a| {
                            !opts
                                .iter()
                                .any(|&b| b != a && better(a, b) && (!better(b, a) || b < a))
                        })
                        .collect();
                    changed |= kept.len() != own[i].len();
                    own[i] = kept;
                }
            }
        }
        // Fuse equal positions (those reachable now) into the first of them.
        let mut simple = Graph::new();
        for i in 0..n {
            simple.vertex()?;
            simple.left[i] = left[i].clone();
            simple.right[i] = right[i].clone();
        }
        let live = simple.reachable(0);
        let rep: HashMap<usize, usize> = live
            .iter()
            .map(|&i| {
                let first = *live.iter().find(|&&j| le[i][j] && le[j][i]).expect("i = i");
                (i, first)
            })
            .collect();
        for &i in &live {
            let l: Vec<usize> = left[i].iter().map(|a| rep[a]).collect();
            let r: Vec<usize> = right[i].iter().map(|a| rep[a]).collect();
            simple.set(i, l, r);
        }
        let mut out = Graph::new();
        let root = simple.copy_into(rep[&0], &mut out, false)?;
        Ok((out, root))
    }
}

/// The game of H − G played from every pair of positions (g of G, h of H) and either player
/// to move, Right's goal being to leave Left without a move or, in a side, to move for ever
/// in the side's component.
struct Arena<'a> {
    graph: &'a Graph,
    gs: &'a [usize],
    hs: &'a [usize],
    gi: HashMap<usize, usize>,
    hi: HashMap<usize, usize>,
    side: Side,
}

impl<'a> Arena<'a> {
    fn new(
        graph: &'a Graph,
        gs: &'a [usize],
        hs: &'a [usize],
        side: Side,
    ) -> Result<Self, GameError> {
        if gs.len().saturating_mul(hs.len()).saturating_mul(2) > STATE_LIMIT {
            return Err(too_large("a comparison of loopy games", STATE_LIMIT));
        }
        let degrees = |xs: &[usize]| -> usize {
            xs.iter()
                .map(|&x| graph.left[x].len() + graph.right[x].len())
                .sum()
        };
        let moves = hs
            .len()
            .saturating_mul(degrees(gs))
            .saturating_add(gs.len().saturating_mul(degrees(hs)));
        if moves > MOVE_LIMIT {
            return Err(GameError::TooLarge(format!(
                "a comparison of loopy games: more than {MOVE_LIMIT} moves to look at"
            )));
        }
        Ok(Arena {
            graph,
            gs,
            hs,
            gi: gs.iter().enumerate().map(|(i, &x)| (x, i)).collect(),
            hi: hs.iter().enumerate().map(|(i, &x)| (x, i)).collect(),
            side,
        })
    }

    fn state(&self, g: usize, h: usize, right_to_move: bool) -> usize {
        (g * self.hs.len() + h) * 2 + usize::from(right_to_move)
    }

    /// The moves from state `s`: (next state, whether the move counts towards Left's
    /// infinite-play goal: a move in H for onsides, in G for offsides).
    fn moves(&self, s: usize, out: &mut Vec<(usize, bool)>) {
        out.clear();
        let right_to_move = s % 2 == 1;
        let (gi, hi) = ((s / 2) / self.hs.len(), (s / 2) % self.hs.len());
        let (g, h) = (self.gs[gi], self.hs[hi]);
        let (in_g, in_h) = (self.side == Side::Off, self.side == Side::On);
        // In H − G Left moves G to a Right option of G, or H to a Left option of H.
        let (g_moves, h_moves) = if right_to_move {
            (&self.graph.left[g], &self.graph.right[h])
        } else {
            (&self.graph.right[g], &self.graph.left[h])
        };
        for x in g_moves {
            out.push((self.state(self.gi[x], hi, !right_to_move), in_g));
        }
        for y in h_moves {
            out.push((self.state(gi, self.hi[y], !right_to_move), in_h));
        }
    }

    /// The states from which Left survives: she is never left without a move and, in a
    /// side, play that goes on for ever has infinitely many moves in the side's own
    /// component (H for onsides, G for offsides). For stoppers, the states from which Right
    /// cannot force her out of moves; for sides, a Büchi game: Z = νZ. μY. Pre_L(Y ∪
    /// (counting moves into Z)).
    fn left_wins(&self) -> Result<Vec<bool>, GameError> {
        let n = self.gs.len() * self.hs.len() * 2;
        let mut succ_start = Vec::with_capacity(n + 1);
        let mut succ: Vec<(usize, bool)> = Vec::new();
        let mut buf = Vec::new();
        for s in 0..n {
            succ_start.push(succ.len());
            self.moves(s, &mut buf);
            succ.extend_from_slice(&buf);
        }
        succ_start.push(succ.len());
        let mut pred_start = vec![0usize; n + 1];
        for &(t, _) in &succ {
            pred_start[t + 1] += 1;
        }
        for i in 0..n {
            pred_start[i + 1] += pred_start[i];
        }
        let mut fill = pred_start.clone();
        let mut pred = vec![(0usize, false); succ.len()];
        for s in 0..n {
            for &(t, x) in &succ[succ_start[s]..succ_start[s + 1]] {
                pred[fill[t]] = (s, x);
                fill[t] += 1;
            }
        }
        let (succ, pred) = ((&succ_start, &succ), (&pred_start, &pred));
        if self.side == Side::Stopper {
            // Right's attractor to the states where Left has no move; she survives elsewhere.
            let lost = attractor(n, succ, pred, 1, |_, _| false);
            return Ok(lost.into_iter().map(|l| !l).collect());
        }
        let mut z = vec![true; n];
        loop {
            // Left's attractor to her counting moves into Z.
            let y = attractor(n, succ, pred, 0, |t, x| x && z[t]);
            if y == z {
                return Ok(y);
            }
            crate::budget::check()?;
            z = y;
        }
    }
}

/// Moves from each state, in rows: where each state's row starts, and (next state, label).
type Rows<'a> = (&'a Vec<usize>, &'a Vec<(usize, bool)>);

/// The states from which the player moving in states of parity `chooser` (0: Left to move,
/// 1: Right) can force play into a move that `goal(next, label)` accepts, or leave the other
/// player without a move (a state of the other parity with no move is in; one of the
/// chooser's is not). `succ` and `pred` are the moves forwards and backwards.
fn attractor(
    n: usize,
    succ: Rows,
    pred: Rows,
    chooser: usize,
    goal: impl Fn(usize, bool) -> bool,
) -> Vec<bool> {
    let mut inside = vec![false; n];
    // For the other player's states: how many moves do not yet lead inside.
    let mut open = vec![0usize; n];
    let mut queue = Vec::new();
    for s in 0..n {
        let moves = &succ.1[succ.0[s]..succ.0[s + 1]];
        let enters = if s % 2 == chooser {
            moves.iter().any(|&(t, x)| goal(t, x))
        } else {
            open[s] = moves.iter().filter(|&&(t, x)| !goal(t, x)).count();
            open[s] == 0
        };
        if enters {
            inside[s] = true;
            queue.push(s);
        }
    }
    while let Some(t) = queue.pop() {
        for &(s, x) in &pred.1[pred.0[t]..pred.0[t + 1]] {
            if inside[s] {
                continue;
            }
            if s % 2 == chooser {
                inside[s] = true;
                queue.push(s);
            } else if !goal(t, x) {
                open[s] -= 1;
                if open[s] == 0 {
                    inside[s] = true;
                    queue.push(s);
                }
            }
        }
    }
    inside
}
