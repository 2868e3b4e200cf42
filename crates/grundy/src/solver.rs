//! The generic brute-force solver: memoised mex over any impartial game given by its moves.
//!
//! This is the reference every closed form in the catalog is tested against, and the fallback
//! for small positions of games whose Grundy values have no known formula.

use crate::Outcome;
use std::collections::{HashMap, HashSet};
use std::hash::Hash;

/// Who wins when the player to move has no move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Convention {
    /// Normal play: a player who cannot move loses.
    Normal,
    /// Misère play: a player who cannot move wins.
    Misere,
}

impl Convention {
    /// `Misere` when `misere` is true, `Normal` otherwise.
    pub fn misere_if(misere: bool) -> Self {
        if misere {
            Convention::Misere
        } else {
            Convention::Normal
        }
    }
}

/// An impartial game given by its move generator.
///
/// Only [`Game::moves`] is required. [`Game::components`] lets the solver split a position into
/// independent parts (a disjunctive sum) whose Grundy values it XORs, so that a sum of many
/// heaps costs no more than its heaps.
pub trait Game {
    /// A position of the game.
    type Position: Clone + Eq + Hash;

    /// Every position reachable in one move (duplicates are allowed).
    fn moves(&self, position: &Self::Position) -> Vec<Self::Position>;

    /// The independent components whose disjunctive sum is `position`.
    /// The default treats the position as a single component.
    fn components(&self, position: &Self::Position) -> Vec<Self::Position> {
        vec![position.clone()]
    }

    /// The moves, or why the rules could not give them (a rule script that fails, say): a
    /// search by [`Brute::try_grundy`] stops there with [`Stop::Rules`]. Rules that cannot
    /// fail keep the default, which is [`Game::moves`].
    ///
    /// ```
    /// use grundy::solver::{Brute, Game, Stop};
    ///
    /// /// Nim on one heap, whose rules know no move from 3.
    /// struct Fragile;
    /// impl Game for Fragile {
    ///     type Position = u32;
    ///     fn moves(&self, &n: &u32) -> Vec<u32> {
    ///         (0..n).collect()
    ///     }
    ///     fn try_moves(&self, &n: &u32) -> Result<Vec<u32>, String> {
    ///         if n == 3 {
    ///             Err("no rule for 3".into())
    ///         } else {
    ///             Ok(self.moves(&n))
    ///         }
    ///     }
    /// }
    /// assert_eq!(Brute::new(&Fragile).try_grundy(&2), Ok(2));
    /// let stop = Brute::new(&Fragile).try_grundy(&5);
    /// assert_eq!(stop, Err(Stop::Rules("no rule for 3".into())));
    /// ```
    fn try_moves(&self, position: &Self::Position) -> Result<Vec<Self::Position>, String> {
        Ok(self.moves(position))
    }

    /// The components, or why the rules could not give them (see [`Game::try_moves`]).
    fn try_components(&self, position: &Self::Position) -> Result<Vec<Self::Position>, String> {
        Ok(self.components(position))
    }

    /// The play convention (normal unless the game says otherwise).
    fn convention(&self) -> Convention {
        Convention::Normal
    }
}

/// Why a [`Brute`] solver stopped without a value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The limit on stored positions was reached.
    Limit,
    /// The game has a cycle, so it has no ordinary Grundy values.
    Cycle,
    /// The rules failed to give a position's moves ([`Game::try_moves`]); the message says
    /// why.
    Rules(String),
}

/// Memoised brute-force solver.
///
/// Grundy values are computed by an explicit stack (no recursion), so deep games do not overflow
/// the call stack; memory is one entry per component visited.
///
/// ```
/// use grundy::solver::{Brute, Game};
///
/// /// One heap; a move takes 1, 3 or 4 tokens.
/// struct Take134;
/// impl Game for Take134 {
///     type Position = u32;
///     fn moves(&self, &n: &u32) -> Vec<u32> {
///         [1, 3, 4].iter().filter(|&&s| s <= n).map(|s| n - s).collect()
///     }
/// }
///
/// let mut solver = Brute::new(&Take134);
/// let values: Vec<u64> = (0..8).map(|n| solver.grundy(&n)).collect();
/// assert_eq!(values, [0, 1, 0, 1, 2, 3, 2, 0]);
/// assert_eq!(solver.winning_moves(&6), vec![2]);
/// ```
pub struct Brute<'g, G: Game> {
    game: &'g G,
    values: HashMap<G::Position, u64>,
    wins: HashMap<G::Position, bool>,
    limit: usize,
}

impl<'g, G: Game> Brute<'g, G> {
    /// A solver with no limit on the positions it may store.
    pub fn new(game: &'g G) -> Self {
        Self::with_limit(game, usize::MAX)
    }

    /// A solver that gives up (see [`Brute::try_grundy`]) after storing `limit` positions.
    pub fn with_limit(game: &'g G, limit: usize) -> Self {
        Brute {
            game,
            values: HashMap::new(),
            wins: HashMap::new(),
            limit,
        }
    }

    /// The Sprague–Grundy value of `position` (normal play).
    ///
    /// # Panics
    /// If the limit is reached or the game has a cycle; use [`Brute::try_grundy`] then.
    pub fn grundy(&mut self, position: &G::Position) -> u64 {
        self.try_grundy(position)
            .expect("position limit reached or cycle; use try_grundy")
    }

    /// How many components have a stored value.
    pub fn stored(&self) -> usize {
        self.values.len()
    }

    /// The Sprague–Grundy value of `position`, or why there is none within the limit.
    pub fn try_grundy(&mut self, position: &G::Position) -> Result<u64, Stop> {
        let mut value = 0;
        for c in self.game.try_components(position).map_err(Stop::Rules)? {
            value ^= self.component_value(c)?;
        }
        Ok(value)
    }

    /// Grundy value of one component: the mex of the values of its options.
    fn component_value(&mut self, root: G::Position) -> Result<u64, Stop> {
        if let Some(&v) = self.values.get(&root) {
            return Ok(v);
        }
        let mut on_stack: HashSet<G::Position> = HashSet::new();
        let mut stack = vec![Frame::new(root.clone(), self.option_components(&root)?)];
        on_stack.insert(root.clone());
        while let Some(frame) = stack.last_mut() {
            // Skip over the components whose value is already known.
            while let Some(c) = frame.pending() {
                if self.values.contains_key(c) {
                    frame.cursor += 1;
                } else {
                    break;
                }
            }
            if let Some(c) = frame.pending().cloned() {
                // A finite acyclic game never meets a position that is still being valued.
                if !on_stack.insert(c.clone()) {
                    return Err(Stop::Cycle);
                }
                let options = self.option_components(&c)?;
                stack.push(Frame::new(c, options));
                continue;
            }
            let frame = stack.pop().expect("stack is not empty");
            let mut seen: Vec<u64> = frame
                .options
                .iter()
                .map(|cs| cs.iter().fold(0, |acc, c| acc ^ self.values[c]))
                .collect();
            // The position limit, and a time budget (crate::budget) looked at now and then.
            if self.values.len() >= self.limit {
                return Err(Stop::Limit);
            }
            if self.values.len() % 256 == 255 {
                if crate::budget::check().is_err() {
                    return Err(Stop::Limit);
                }
                crate::budget::report("positions valued", self.values.len() as u64, None);
            }
            on_stack.remove(&frame.position);
            self.values.insert(frame.position, mex(&mut seen));
        }
        Ok(self.values[&root])
    }

    fn option_components(&self, pos: &G::Position) -> Result<Vec<Vec<G::Position>>, Stop> {
        self.game
            .try_moves(pos)
            .map_err(Stop::Rules)?
            .iter()
            .map(|m| self.game.try_components(m).map_err(Stop::Rules))
            .collect()
    }

    /// Whether the player to move wins, under the game's convention. For misère games this
    /// searches whole positions (misère play does not decompose into components).
    pub fn wins(&mut self, position: &G::Position) -> bool {
        match self.game.convention() {
            Convention::Normal => self.grundy(position) != 0,
            Convention::Misere => self.misere_wins(position),
        }
    }

    /// The outcome class (N or P) of `position`.
    pub fn outcome(&mut self, position: &G::Position) -> Outcome {
        Outcome::from_win(self.wins(position))
    }

    fn misere_wins(&mut self, root: &G::Position) -> bool {
        if let Some(&w) = self.wins.get(root) {
            return w;
        }
        let mut stack = vec![(root.clone(), self.game.moves(root))];
        while let Some((pos, moves)) = stack.last() {
            match moves.iter().find(|m| !self.wins.contains_key(*m)).cloned() {
                Some(m) => {
                    let next = self.game.moves(&m);
                    stack.push((m, next));
                }
                None => {
                    // No move: the player to move wins in misère play.
                    let w = moves.is_empty() || moves.iter().any(|m| !self.wins[m]);
                    let pos = pos.clone();
                    stack.pop();
                    self.wins.insert(pos, w);
                }
            }
        }
        self.wins[root]
    }

    /// Every distinct option of `position` that is a loss for the player who then moves.
    pub fn winning_moves(&mut self, position: &G::Position) -> Vec<G::Position> {
        let mut out: Vec<G::Position> = Vec::new();
        for m in self.game.moves(position) {
            if !self.wins(&m) && !out.contains(&m) {
                out.push(m);
            }
        }
        out
    }
}

/// A component being valued, with the components of its options and how many of them are known.
struct Frame<P> {
    position: P,
    options: Vec<Vec<P>>,
    flat: Vec<(usize, usize)>,
    cursor: usize,
}

impl<P> Frame<P> {
    fn new(position: P, options: Vec<Vec<P>>) -> Self {
        let flat = options
            .iter()
            .enumerate()
            .flat_map(|(i, cs)| (0..cs.len()).map(move |j| (i, j)))
            .collect();
        Frame {
            position,
            options,
            flat,
            cursor: 0,
        }
    }

    /// The next option component not yet known to be valued.
    fn pending(&self) -> Option<&P> {
        self.flat
            .get(self.cursor)
            .map(|&(i, j)| &self.options[i][j])
    }
}

/// The minimum excluded value: the least natural number not in `values` (which it sorts).
///
/// ```
/// assert_eq!(grundy::solver::mex(&mut vec![0, 1, 3, 1]), 2);
/// assert_eq!(grundy::solver::mex(&mut vec![]), 0);
/// ```
pub fn mex(values: &mut [u64]) -> u64 {
    values.sort_unstable();
    let mut m = 0;
    for &v in values.iter() {
        if v == m {
            m += 1;
        } else if v > m {
            break;
        }
    }
    m
}

/// Whether the sorted `small` is a subset of the sorted `big`.
pub(crate) fn sorted_subset<T: Ord>(small: &[T], big: &[T]) -> bool {
    let mut rest = big.iter();
    small.iter().all(|x| rest.any(|y| y == x))
}

/// [`mex`] of small values, in any order and with repeats.
pub(crate) fn mex_of(taken: impl IntoIterator<Item = u32>) -> u32 {
    let mut taken: Vec<u64> = taken.into_iter().map(u64::from).collect();
    mex(&mut taken) as u32
}

/// The Grundy value of `position` if the brute-force solver reaches it within `limit` stored
/// positions; `None` otherwise. Used where no formula is known and positions may be large.
pub fn grundy_within<G: Game>(game: &G, position: &G::Position, limit: usize) -> Option<u64> {
    Brute::with_limit(game, limit).try_grundy(position).ok()
}
