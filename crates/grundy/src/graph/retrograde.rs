//! Outcomes by retrograde analysis (draws and ties included), with two slower references
//! the tests compare it with.

use super::{Convention, Graph};
use crate::Outcome;

impl Graph {
    pub(super) fn retrograde(&self, convention: Convention) -> (Vec<Outcome>, Vec<Option<u32>>) {
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
        self.retrograde_known(|u| terminal(u).map(|v| (v, Some(0))), no_moves)
    }

    /// [`retrograde_with`](Self::retrograde_with) where a position's result may be known
    /// already with its remoteness (`known(u)`: a position of a lower tier, solved before;
    /// remoteness `None` for a draw, or a tie that is not settled by remoteness). A known
    /// position's own moves are not looked at. Known positions join the queue in order of
    /// their remoteness, merged with the positions settled from them, so that positions are
    /// still settled in order of remoteness and the results are those of the whole graph.
    pub(crate) fn retrograde_known(
        &self,
        known: impl Fn(u32) -> Option<(Outcome, Option<u32>)>,
        no_moves: Outcome,
    ) -> (Vec<Outcome>, Vec<Option<u32>>) {
        let n = self.len();
        let mut outcome = vec![Outcome::D; n];
        let mut remoteness: Vec<Option<u32>> = vec![None; n];
        let mut left: Vec<u32> = (0..n as u32).map(|u| self.moves(u).len() as u32).collect();
        let mut tie_move = vec![false; n];
        // Settled positions known from the start, by remoteness; then a FIFO queue of the
        // positions settled from them: positions are appended as they are settled and read
        // in order, so they come out by remoteness. A settled position's count of unsettled
        // moves is 0 (an unsettled one always has one), which is all the inner loop needs to
        // look at.
        let mut seeds: Vec<u32> = Vec::new();
        // Ties known without a remoteness: they spread backwards with the others below.
        let mut known_ties: Vec<u32> = Vec::new();
        for u in 0..n as u32 {
            let ui = u as usize;
            let fixed = known(u).or((left[ui] == 0).then_some((no_moves, Some(0))));
            if let Some((v, r)) = fixed {
                debug_assert!(
                    r.is_some() || self.moves(u).is_empty(),
                    "a position known without a remoteness has no moves in the graph"
                );
                outcome[ui] = v;
                remoteness[ui] = r;
                left[ui] = 0;
                match r {
                    Some(_) => seeds.push(u),
                    None if v == Outcome::T => known_ties.push(u),
                    None => {}
                }
            }
        }
        seeds.sort_by_key(|&u| remoteness[u as usize]);
        let mut queue: Vec<u32> = Vec::with_capacity(n);
        let (mut next_seed, mut head) = (0, 0);
        loop {
            let v = match (seeds.get(next_seed), queue.get(head)) {
                (Some(&a), Some(&b)) if remoteness[a as usize] > remoteness[b as usize] => {
                    head += 1;
                    b
                }
                (Some(&a), _) => {
                    next_seed += 1;
                    a
                }
                (None, Some(&b)) => {
                    head += 1;
                    b
                }
                (None, None) => break,
            };
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
            .filter(|&u| {
                remoteness[u as usize].is_none()
                    && tie_move[u as usize]
                    && outcome[u as usize] == Outcome::D
            })
            .collect();
        for &u in &ties {
            outcome[u as usize] = Outcome::T;
        }
        ties.extend(known_ties);
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
}
