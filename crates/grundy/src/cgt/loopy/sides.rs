//! The onside and offside of a loopy game that is not a stopper, in a simple form.
//!
//! A game G whose play may alternate for ever has two sides: G⁺, in which infinite play is
//! Left's, and G⁻, in which it is Right's (Winning Ways ch. 11; Siegel, *Combinatorial Game
//! Theory*, VI.3). Stoppers have one simplest form; sides have no such theorem, so the sides
//! are simplified by the moves CGSuite's `LoopyGame.simplifyGraph` makes (Siegel's
//! description of its algorithm), each of which keeps the side's value:
//!
//! 1. edges that obviously do not matter go: a move to `off` for Left (to `on` for Right), all
//!    of a player's other moves when one reaches `on` (`off`), a move the opponent can undo
//!    at once when infinite play is the opponent's;
//! 2. reversible options are bypassed and dominated ones dropped, judged by comparisons of
//!    sides, where no alternating play leads back through the option;
//! 3. a move on an alternating cycle is dropped when the side is the same without it;
//! 4. the cycles of the player who loses infinite play are unravelled: his move round the
//!    cycle is allowed one to three times and then no more, when the side stays the same;
//! 5. options are simplified again, and positions with no alternating cycle below them that
//!    are equal are fused.
//!
//! Every step here is checked: the side after it is compared with the side before it (both
//! ways, on the graph of their difference), and a step that would change it is not taken.
//! The answer is therefore always the side of the game given, at worst less simple than it
//! could be.

use super::{Graph, Side};
use crate::GameError;

/// Which player is to move at a state of alternating play.
const LEFT: bool = true;
const RIGHT: bool = false;

/// How many vertices a side may grow to while its cycles are unravelled.
const UNRAVEL_LIMIT: usize = 4_000;

impl Graph {
    /// The onside (`onside`) or offside of `v`, simplified: a new graph and its root. A
    /// stopper's sides are its simplest form.
    pub fn side_form(&self, v: usize, onside: bool) -> Result<(Graph, usize), GameError> {
        let mut g = Graph::new();
        let root = self.copy_into(v, &mut g, false)?;
        debug_assert_eq!(root, 0);
        if g.is_stopper(0) {
            return g.stopper_form(0);
        }
        let side = if onside { Side::On } else { Side::Off };
        // Steps 1, 3 and 4 keep the side by theorem or by a comparison at each move. Steps 2
        // and 5 judge by one table of comparisons made before they start, so what they give
        // is compared with what they started from, and dropped if the side differs.
        let checked = |g: &mut Graph, phase: &dyn Fn(&mut Graph) -> Result<(), GameError>| {
            let mut next = g.clone();
            phase(&mut next)?;
            if same_side(g, &next, side)? {
                *g = next;
            }
            Ok::<(), GameError>(())
        };
        for x in g.reachable(0) {
            g.drop_obvious(x, side);
        }
        checked(&mut g, &|g| g.basic(side))?;
        g.drop_cyclic(side, false)?;
        let unravelled = g.unravel(onside)?;
        checked(&mut g, &|g| {
            g.basic(if unravelled { Side::Stopper } else { side })
        })?;
        g.drop_cyclic(side, true)?;
        checked(&mut g, &|g| g.fuse())?;
        if g.is_stopper(0) {
            return g.stopper_form(0);
        }
        let mut out = Graph::new();
        let root = g.copy_into(0, &mut out, false)?;
        Ok((out, root))
    }

    /// Whether play alternating from `from` (with `from_mover` to move) can reach `to` with
    /// `to_mover` to move.
    fn alternates_to(&self, from: usize, from_mover: bool, to: usize, to_mover: bool) -> bool {
        let state = |x: usize, mover: bool| 2 * x + usize::from(mover == RIGHT);
        let mut seen = vec![false; 2 * self.len()];
        let mut stack = vec![(from, from_mover)];
        seen[state(from, from_mover)] = true;
        while let Some((x, mover)) = stack.pop() {
            if (x, mover) == (to, to_mover) {
                return true;
            }
            let next = if mover == LEFT {
                &self.left[x]
            } else {
                &self.right[x]
            };
            for &y in next {
                if !seen[state(y, !mover)] {
                    seen[state(y, !mover)] = true;
                    stack.push((y, !mover));
                }
            }
        }
        false
    }

    /// Whether a move by `mover` from `x` lies on a cycle of alternating play back to `x`.
    fn on_alternating_cycle(&self, x: usize, mover: bool) -> bool {
        let moves = if mover == LEFT {
            &self.left[x]
        } else {
            &self.right[x]
        };
        moves
            .iter()
            .any(|&y| self.alternates_to(y, !mover, x, mover))
    }

    fn is_on(&self, x: usize) -> bool {
        self.left[x] == [x] && self.right[x].is_empty()
    }

    fn is_off(&self, x: usize) -> bool {
        self.right[x] == [x] && self.left[x].is_empty()
    }

    fn is_dud(&self, x: usize) -> bool {
        self.left[x] == [x] && self.right[x] == [x]
    }

    /// Step 1 at `x`: a move to `on` (or, in the onside, to `dud`) is all Left needs; a move
    /// to `off` (in the offside, to `dud`) never helps her; in the offside a move Right can
    /// answer by moving straight back gains her nothing. The same for Right, mirrored.
    fn drop_obvious(&mut self, x: usize, side: Side) {
        for is_left in [LEFT, RIGHT] {
            let own = if is_left {
                &self.left[x]
            } else {
                &self.right[x]
            };
            let (best, worst) = if is_left {
                (Side::On, Side::Off)
            } else {
                (Side::Off, Side::On)
            };
            let top = |g: &Graph, t: usize| {
                (if is_left { g.is_on(t) } else { g.is_off(t) }) || side == best && g.is_dud(t)
            };
            let bottom = |g: &Graph, t: usize| {
                (if is_left { g.is_off(t) } else { g.is_on(t) }) || side == worst && g.is_dud(t)
            };
            let undone = |g: &Graph, t: usize| {
                side == worst && (if is_left { &g.right[t] } else { &g.left[t] }).contains(&x)
            };
            let kept: Vec<usize> = match own.iter().position(|&t| top(self, t)) {
                Some(k) => vec![own[k]],
                None => own
                    .iter()
                    .copied()
                    .filter(|&t| !bottom(self, t) && !undone(self, t))
                    .collect(),
            };
            if is_left {
                self.left[x] = kept;
            } else {
                self.right[x] = kept;
            }
        }
    }

    /// Step 2 over every position: reversible options bypassed, dominated ones dropped,
    /// judged by one comparison of all pairs of positions (in `side`).
    fn basic(&mut self, side: Side) -> Result<(), GameError> {
        let live = self.reachable(0);
        let mut at = vec![usize::MAX; self.len()];
        for (i, &x) in live.iter().enumerate() {
            at[x] = i;
        }
        let table = self.all_le(&live, side)?;
        let le = |a: usize, b: usize| table[at[a]][at[b]];
        let guarded = side != Side::Stopper;
        let mut steps = 0usize;
        let cap = 64 * self.len() * self.len() + 1024;
        for x in 0..self.len() {
            if !self.reachable(0).contains(&x) {
                continue;
            }
            for is_left in [LEFT, RIGHT] {
                // Bypass: Left's option a reverses through c (a Right option of a) when
                // c ≤ G, and no alternating play from c returns to a.
                let mut i = 0;
                loop {
                    let own = if is_left {
                        &self.left[x]
                    } else {
                        &self.right[x]
                    };
                    let Some(&a) = own.get(i) else { break };
                    let answers = if is_left {
                        &self.right[a]
                    } else {
                        &self.left[a]
                    };
                    let reverses = answers.iter().copied().find(|&c| {
                        (if is_left { le(c, x) } else { le(x, c) })
                            && !(guarded && self.alternates_to(c, is_left, a, !is_left))
                    });
                    let Some(c) = reverses else {
                        i += 1;
                        continue;
                    };
                    steps += 1;
                    if steps > cap {
                        return Err(GameError::Invalid(
                            "a side's simplification did not settle".into(),
                        ));
                    }
                    let mut opts = own.clone();
                    let extra: Vec<usize> = (if is_left {
                        &self.left[c]
                    } else {
                        &self.right[c]
                    })
                    .iter()
                    .copied()
                    .filter(|e| !opts.contains(e))
                    .collect();
                    opts.remove(i);
                    opts.extend(extra);
                    if is_left {
                        self.left[x] = opts;
                    } else {
                        self.right[x] = opts;
                    }
                }
            }
            self.drop_dominated(x, side, &le);
        }
        Ok(())
    }

    /// Of Left's options of `x`, drops one at most as good as another (and a repeat); in
    /// the offside only an option from which no alternating play returns to `x` may
    /// dominate. The same for Right (in the onside).
    fn drop_dominated(&mut self, x: usize, side: Side, le: &dyn Fn(usize, usize) -> bool) {
        for is_left in [LEFT, RIGHT] {
            let guarded = side == if is_left { Side::Off } else { Side::On };
            let mut opts: Vec<Option<usize>> = (if is_left {
                &self.left[x]
            } else {
                &self.right[x]
            })
            .iter()
            .map(|&a| Some(a))
            .collect();
            let better = |a: usize, b: usize| if is_left { le(b, a) } else { le(a, b) };
            let free = |a: usize| !(guarded && self.alternates_to(a, !is_left, x, is_left));
            for i in 0..opts.len() {
                let Some(a) = opts[i] else { continue };
                for j in i + 1..opts.len() {
                    let Some(b) = opts[j] else { continue };
                    if a == b || (free(a) && better(a, b)) {
                        opts[j] = None;
                    } else if free(b) && better(b, a) {
                        opts[i] = None;
                        break;
                    }
                }
            }
            let kept = opts.into_iter().flatten().collect();
            if is_left {
                self.left[x] = kept;
            } else {
                self.right[x] = kept;
            }
        }
    }

    /// Step 3: drops each move on an alternating cycle (with `all`, each move of a player
    /// who has one) when the side of the root stays the same without it.
    fn drop_cyclic(&mut self, side: Side, all: bool) -> Result<(), GameError> {
        for x in 0..self.len() {
            if !self.reachable(0).contains(&x) {
                continue;
            }
            for is_left in [LEFT, RIGHT] {
                let own = if is_left {
                    &self.left[x]
                } else {
                    &self.right[x]
                };
                let every = all && own.iter().any(|&t| self.on_alternating_cycle(t, !is_left));
                let mut i = 0;
                while i
                    < (if is_left {
                        self.left[x].len()
                    } else {
                        self.right[x].len()
                    })
                {
                    let t = if is_left {
                        self.left[x][i]
                    } else {
                        self.right[x][i]
                    };
                    if every || self.alternates_to(t, !is_left, x, is_left) {
                        let mut without = self.clone();
                        if is_left {
                            without.left[x].remove(i);
                        } else {
                            without.right[x].remove(i);
                        }
                        // Without one of Left's moves the game is no better for her, so
                        // one comparison decides (the other holds by copying her moves).
                        let same = if is_left {
                            roots_le(self, &without, side)?
                        } else {
                            roots_le(&without, self, side)?
                        };
                        if same {
                            *self = without;
                            continue;
                        }
                    }
                    i += 1;
                }
            }
        }
        Ok(())
    }

    /// Step 4: unravels every cycle of alternating play through a move of the player who
    /// loses infinite play in this side (Right in the onside), when one to three turns
    /// round it leave the side unchanged. Whether no such cycle is left (else the graph is
    /// left as it was).
    fn unravel(&mut self, onside: bool) -> Result<bool, GameError> {
        let side = if onside { Side::On } else { Side::Off };
        let mover = if onside { RIGHT } else { LEFT };
        let mut g = self.clone();
        'again: loop {
            crate::budget::check()?;
            let mut live = g.reachable(0);
            live.sort_unstable();
            for x in live {
                let moves = if mover == LEFT {
                    &g.left[x]
                } else {
                    &g.right[x]
                };
                for (i, &t) in moves.iter().enumerate() {
                    if !g.alternates_to(t, !mover, x, mover) {
                        continue;
                    }
                    for turns in 1..4 {
                        let next = g.unravel_by(x, i, mover, turns);
                        if next.len() > UNRAVEL_LIMIT {
                            return Ok(false);
                        }
                        // Unravelled, the loser's moves are fewer: one comparison decides.
                        let same = if onside {
                            roots_le(&next, &g, side)?
                        } else {
                            roots_le(&g, &next, side)?
                        };
                        if same {
                            g = next;
                            continue 'again;
                        }
                    }
                    return Ok(false);
                }
            }
            break;
        }
        *self = g;
        Ok(true)
    }

    /// The graph with the `i`-th move of `mover` from `from` unravelled `turns` times: the
    /// positions on alternating cycles through that move are copied once per turn and per
    /// player to move, play round the cycle goes from one copy to the next, and after the
    /// last turn the move is gone.
    fn unravel_by(&self, from: usize, i: usize, mover: bool, turns: usize) -> Graph {
        let moves = |g: &Graph, x: usize, m: bool| {
            if m == LEFT {
                g.left[x].clone()
            } else {
                g.right[x].clone()
            }
        };
        let target = moves(self, from, mover)[i];
        let n = self.len();
        // Positions on an alternating cycle through the move, numbered.
        let mut number = vec![None; n];
        let mut count = 0;
        for (x, slot) in number.iter_mut().enumerate() {
            let through = |m: bool| {
                self.alternates_to(x, m, from, mover) && self.alternates_to(target, !mover, x, m)
            };
            if through(LEFT) || through(RIGHT) {
                *slot = Some(count);
                count += 1;
            }
        }
        // Copy k of x with Left to move, and with Right to move.
        let copy = |k: usize, m: bool, x: usize| {
            n + (2 * k + usize::from(m == RIGHT)) * count + number[x].expect("on the cycle")
        };
        let mut g = Graph::new();
        g.left = self.left.clone();
        g.right = self.right.clone();
        g.left.resize(n + 2 * turns * count, Vec::new());
        g.right.resize(n + 2 * turns * count, Vec::new());
        for x in (0..n).filter(|&x| number[x].is_some()) {
            for k in 0..turns {
                let stay = |m: bool| -> Vec<usize> {
                    moves(self, x, m)
                        .into_iter()
                        .map(|t| {
                            if number[t].is_some() {
                                copy(k, !m, t)
                            } else {
                                t
                            }
                        })
                        .collect()
                };
                g.left[copy(k, LEFT, x)] = stay(LEFT);
                g.right[copy(k, LEFT, x)] = self.right[x].clone();
                g.left[copy(k, RIGHT, x)] = self.left[x].clone();
                g.right[copy(k, RIGHT, x)] = stay(RIGHT);
            }
        }
        const GONE: usize = usize::MAX;
        let redirect = |g: &mut Graph, x: usize, to: usize| {
            if mover == LEFT {
                g.left[x][i] = to;
            } else {
                g.right[x][i] = to;
            }
        };
        redirect(&mut g, from, copy(0, !mover, target));
        for k in 0..turns {
            let to = if k + 1 == turns {
                GONE
            } else {
                copy(k + 1, !mover, target)
            };
            redirect(&mut g, copy(k, mover, from), to);
        }
        for x in 0..g.len() {
            g.left[x].retain(|&t| t != GONE);
            g.right[x].retain(|&t| t != GONE);
        }
        g
    }

    /// Step 5: positions below which no play alternates for ever (so they are stoppers)
    /// and which are equal become one, the first of them.
    fn fuse(&mut self) -> Result<(), GameError> {
        let live = self.reachable(0);
        let stoppers: Vec<usize> = live
            .iter()
            .copied()
            .filter(|&x| self.is_stopper(x))
            .collect();
        let le = self.all_le(&stoppers, Side::Stopper)?;
        let mut rep: Vec<usize> = (0..self.len()).collect();
        for (i, &x) in stoppers.iter().enumerate() {
            if let Some(j) = (0..i).find(|&j| le[i][j] && le[j][i]) {
                rep[x] = rep[stoppers[j]];
            }
        }
        for x in live {
            for t in self.left[x].iter_mut().chain(self.right[x].iter_mut()) {
                *t = rep[*t];
            }
            for opts in [&mut self.left[x], &mut self.right[x]] {
                let mut seen = Vec::with_capacity(opts.len());
                opts.retain(|&t| {
                    let fresh = !seen.contains(&t);
                    seen.push(t);
                    fresh
                });
            }
        }
        Ok(())
    }
}

/// Whether the roots (vertex 0) of `g` and `h` have the same side.
fn same_side(g: &Graph, h: &Graph, side: Side) -> Result<bool, GameError> {
    Ok(roots_le(g, h, side)? && roots_le(h, g, side)?)
}

/// Whether the side of `g`'s root (vertex 0) is at most that of `h`'s.
fn roots_le(g: &Graph, h: &Graph, side: Side) -> Result<bool, GameError> {
    let mut both = g.clone();
    let root = both.absorb(h.clone(), 0)?;
    both.side_le(0, root, side)
}

/// Sums of stoppers by sides (Siegel, CGT VI.3–4): a sum of stoppers need not be one, but
/// its onside (the upsum) and offside (the downsum) are.
impl Graph {
    /// The upsum G ⊕ H = (G + H)⁺ (`onside`) or the downsum (G + H)⁻ of two stoppers, in
    /// simplest form; an error when that side is not a stopper.
    pub fn side_sum(
        &mut self,
        u: &mut super::Universe,
        g: usize,
        h: usize,
        onside: bool,
    ) -> Result<usize, GameError> {
        let sum = self.sum(u, g, h)?;
        self.stopper_side(sum, onside, "this sum")
    }

    /// The vertex of the onside (`onside`) or offside of `v` in simplest form, which must be
    /// a stopper to be a value of its own (`what` names `v` in the error otherwise).
    pub fn stopper_side(&mut self, v: usize, onside: bool, what: &str) -> Result<usize, GameError> {
        let side = self.side_vertex(v, onside)?;
        if self.is_stopper(side) {
            Ok(side)
        } else {
            Err(GameError::Invalid(format!(
                "the {} of {what} is not a stopper: it has no value of its own",
                if onside { "onside" } else { "offside" }
            )))
        }
    }

    /// A stopper's degree of loopiness, (G − G)⁺ (CGSuite's `Degree`).
    pub fn degree(&mut self, u: &mut super::Universe, g: usize) -> Result<usize, GameError> {
        let minus = self.neg(g)?;
        self.side_sum(u, g, minus, true)
    }

    /// Whether the stopper `d` is idempotent: d + d = d.
    pub fn is_idempotent(&mut self, u: &mut super::Universe, d: usize) -> Result<bool, GameError> {
        let twice = self.sum(u, d, d)?;
        for onside in [true, false] {
            if !(self.le_side(twice, d, onside)? && self.le_side(d, twice, onside)?) {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// G's upsum variety over the idempotent degree D, G ⊕ (−G ⊖ −D) (`onside`), or its
    /// downsum variety G ⊖ (−G ⊕ D) (Siegel, CGT VI.4; CGSuite's `UpsumVariety`,
    /// `DownsumVariety`).
    pub fn variety_over(
        &mut self,
        u: &mut super::Universe,
        g: usize,
        d: usize,
        onside: bool,
    ) -> Result<usize, GameError> {
        if !self.is_idempotent(u, d)? {
            return Err(GameError::Invalid(
                "a variety's degree must be an idempotent (D + D = D)".into(),
            ));
        }
        let minus = self.neg(g)?;
        let inner = if onside {
            let minus_d = self.neg(d)?;
            self.side_sum(u, minus, minus_d, false)?
        } else {
            self.side_sum(u, minus, d, true)?
        };
        self.side_sum(u, g, inner, onside)
    }

    /// A stable stopper's variety: its upsum and downsum varieties over its degree, when
    /// they are equal (CGSuite's `Variety`).
    pub fn variety(&mut self, u: &mut super::Universe, g: usize) -> Result<usize, GameError> {
        let d = self.degree(u, g)?;
        let up = self.variety_over(u, g, d, true)?;
        let down = self.variety_over(u, g, d, false)?;
        if self.le(up, down)? && self.le(down, up)? {
            Ok(up)
        } else {
            Err(GameError::Invalid(
                "that game is not stable (its upsum and downsum varieties differ)".into(),
            ))
        }
    }
}
