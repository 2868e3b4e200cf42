//! A game known by all its positions and moves: the game of rules given elsewhere (Python
//! functions, through `grundy.Game`), explored from a start into every position it reaches,
//! then answered like a game of the catalog — so that it can stand in a sum beside catalog
//! games ([`crate::sum::SumGame::of`]), by normal or misère play.
//!
//! Every position is valued once, bottom up, when the game is made: an impartial game's
//! positions by their Grundy values (the mex of their options' values; Sprague 1935, Grundy
//! 1939), a partizan game's by who wins moving first (Left wins moving first exactly when she
//! has a move to a position Right loses moving first; Winning Ways, ch. 2). Its positions
//! must not cycle: a game whose play can go on for ever has no value to add (`grundy graph`
//! answers such games alone).
//!
//! ```
//! use grundy::explored::Explored;
//! use grundy::rules::DynGame;
//! use grundy::Outcome;
//!
//! // A heap of 3 from which 1 or 2 is taken: positions 3, 2, 1, 0.
//! let names = ["3", "2", "1", "0"].map(String::from).to_vec();
//! let edges = vec![(0, 1), (0, 2), (1, 2), (1, 3), (2, 3)];
//! let game = Explored::impartial("take12", names, edges).unwrap();
//! let a = game.solve(&game.position(&["3"]).unwrap(), 10).unwrap();
//! assert_eq!(a.outcome, Outcome::P); // 3 ≡ 0 (mod 3)
//! let a = game.solve(&game.position(&["2"]).unwrap(), 10).unwrap();
//! assert_eq!(a.grundy, Some(2u32.into()));
//! assert_eq!(a.winning_moves[0].description, "move to 0");
//! ```

use crate::analysis::{GameOption, Move, MoveIter, Player, Token, Verdict};
use crate::rules::{GameInfo, Position, Ruleset};
use crate::{GameError, Nat, Outcome};
use std::collections::HashMap;

/// What `grundy rules` would say of a game given by its moves.
pub static INFO: GameInfo = GameInfo {
    name: "game",
    title: "A game given by its moves",
    summary: "a finite game known by every position and move, explored from its start",
    usage: "game POSITION",
    example: "game 0",
    rules: "The positions and moves given; normal play: a player who cannot move loses.",
    theory: "Every position is valued bottom up: an impartial position's Grundy value is the \
             mex of its options' values; a partizan position is won by Left moving first \
             exactly when she has a move to a position Right loses moving first, and likewise \
             for Right.",
    source: "R. Sprague (1935); P. M. Grundy (1939); Berlekamp, Conway and Guy, Winning \
             Ways (1982), ch. 2.",
};

/// How the positions were valued.
enum Valued {
    /// Each position's Grundy value.
    Impartial(Vec<u32>),
    /// Whether Left, and whether Right, wins moving first from each position.
    Partizan(Vec<(bool, bool)>),
}

/// A finite game given by its positions (how each is written) and its moves, without cycles,
/// each position valued once when the game is made.
pub struct Explored {
    name: String,
    names: Vec<String>,
    index: HashMap<String, u32>,
    /// The moves from each position: Left's (everybody's in an impartial game), then Right's.
    moves: [Vec<Vec<u32>>; 2],
    valued: Valued,
}

impl Explored {
    /// The impartial game named `name` whose position `i` is written `names[i]`, with the
    /// moves `edges` (from, to); refused if a move names no position, two positions are
    /// written alike, or the positions cycle.
    pub fn impartial(
        name: &str,
        names: Vec<String>,
        edges: Vec<(u32, u32)>,
    ) -> Result<Self, GameError> {
        let moves = Self::lists(names.len(), edges)?;
        let order = Self::order(&names, &[&moves])?;
        let mut grundy = vec![0u32; names.len()];
        let mut seen = Vec::new();
        for &v in order.iter().rev() {
            seen.clear();
            seen.extend(moves[v as usize].iter().map(|&o| grundy[o as usize]));
            seen.sort_unstable();
            seen.dedup();
            grundy[v as usize] = seen
                .iter()
                .enumerate()
                .find(|&(i, &g)| i as u32 != g)
                .map_or(seen.len() as u32, |(i, _)| i as u32);
        }
        Self::made(name, names, [moves, Vec::new()], Valued::Impartial(grundy))
    }

    /// The partizan game named `name` whose position `i` is written `names[i]`, with Left's
    /// moves `left` and Right's `right`; refused as [`Explored::impartial`] is.
    pub fn partizan(
        name: &str,
        names: Vec<String>,
        left: Vec<(u32, u32)>,
        right: Vec<(u32, u32)>,
    ) -> Result<Self, GameError> {
        let left = Self::lists(names.len(), left)?;
        let right = Self::lists(names.len(), right)?;
        let order = Self::order(&names, &[&left, &right])?;
        let mut wins = vec![(false, false); names.len()];
        for &v in order.iter().rev() {
            let v = v as usize;
            let lw = left[v].iter().any(|&o| !wins[o as usize].1);
            let rw = right[v].iter().any(|&o| !wins[o as usize].0);
            wins[v] = (lw, rw);
        }
        Self::made(name, names, [left, right], Valued::Partizan(wins))
    }

    fn made(
        name: &str,
        names: Vec<String>,
        moves: [Vec<Vec<u32>>; 2],
        valued: Valued,
    ) -> Result<Self, GameError> {
        if name.is_empty() || name.contains(char::is_whitespace) || name == "+" {
            return Err(GameError::Invalid(format!(
                "'{name}' cannot name a game: a game's name is one word"
            )));
        }
        let mut index = HashMap::with_capacity(names.len());
        for (i, n) in names.iter().enumerate() {
            if index.insert(n.clone(), i as u32).is_some() {
                return Err(GameError::Invalid(format!(
                    "{name}: two positions are both written '{n}' (positions must be written \
                     differently)"
                )));
            }
        }
        Ok(Explored {
            name: name.to_string(),
            names,
            index,
            moves,
            valued,
        })
    }

    /// The moves of a game of `n` positions as a list per position.
    fn lists(n: usize, edges: Vec<(u32, u32)>) -> Result<Vec<Vec<u32>>, GameError> {
        let mut out = vec![Vec::new(); n];
        for (a, b) in edges {
            if a as usize >= n || b as usize >= n {
                return Err(GameError::Invalid(format!(
                    "a move from position {a} to position {b}, of a game of {n} positions"
                )));
            }
            out[a as usize].push(b);
        }
        Ok(out)
    }

    /// The positions in an order where every move goes forward (Kahn's), or the refusal
    /// naming a cycle.
    fn order(names: &[String], sides: &[&Vec<Vec<u32>>]) -> Result<Vec<u32>, GameError> {
        let n = names.len();
        let mut into = vec![0u32; n];
        for side in sides {
            for list in side.iter() {
                for &o in list {
                    into[o as usize] += 1;
                }
            }
        }
        let mut order: Vec<u32> = (0..n as u32).filter(|&v| into[v as usize] == 0).collect();
        let mut i = 0;
        while i < order.len() {
            let v = order[i] as usize;
            for side in sides {
                for &o in &side[v] {
                    into[o as usize] -= 1;
                    if into[o as usize] == 0 {
                        order.push(o);
                    }
                }
            }
            i += 1;
        }
        if order.len() == n {
            return Ok(order);
        }
        // Walk from a position left over along moves to positions left over until one
        // repeats: that is a cycle.
        let left_over = |v: u32| into[v as usize] > 0;
        let mut walk = vec![(0..n as u32).find(|&v| left_over(v)).expect("a cycle")];
        loop {
            let v = *walk.last().expect("not empty") as usize;
            let next = sides
                .iter()
                .flat_map(|s| s[v].iter().copied())
                .find(|&o| left_over(o))
                .expect("a position on a cycle has a move to another");
            if let Some(at) = walk.iter().position(|&w| w == next) {
                let mut cycle: Vec<&str> = walk[at..]
                    .iter()
                    .map(|&w| names[w as usize].as_str())
                    .collect();
                cycle.push(&names[next as usize]);
                return Err(GameError::Invalid(format!(
                    "the game's positions cycle ({}): a game whose play can go on for ever \
                     has no value to add to another",
                    cycle.join(" → ")
                )));
            }
            walk.push(next);
        }
    }

    /// How many positions the game has.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// Whether the game has no position (never: a game has at least its start).
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// The position written `name`.
    pub fn id(&self, name: &str) -> Option<u32> {
        self.index.get(name).copied()
    }

    /// Position `id` (as numbered when the game was made), as the game's [`DynGame`]
    /// methods take it; `None` past the last.
    ///
    /// [`DynGame`]: crate::rules::DynGame
    pub fn at(&self, id: u32) -> Option<Position> {
        ((id as usize) < self.names.len()).then(|| Position::new(id))
    }

    fn grundy(&self, v: u32) -> Option<u32> {
        match &self.valued {
            Valued::Impartial(g) => Some(g[v as usize]),
            Valued::Partizan(_) => None,
        }
    }

    fn said(&self, to: u32, player: Option<Player>) -> Move<u32> {
        let name = &self.names[to as usize];
        let description = match player {
            Some(p) => format!("{p:?} moves to {name}"),
            None => format!("move to {name}"),
        };
        Move {
            to,
            description,
            player,
        }
    }

    /// The moves of `v` to positions `keep` takes, each position once.
    fn moves_to(&self, side: usize, v: u32, keep: impl Fn(u32) -> bool) -> Vec<u32> {
        let mut out: Vec<u32> = Vec::new();
        for &o in &self.moves[side][v as usize] {
            if keep(o) && !out.contains(&o) {
                out.push(o);
            }
        }
        out
    }
}

impl Ruleset for Explored {
    type Pos = u32;

    fn info(&self) -> &'static GameInfo {
        &INFO
    }

    fn settings(&self) -> Vec<GameOption> {
        vec![GameOption::Named("name", self.name.clone())]
    }

    fn name(&self) -> String {
        self.name.clone()
    }

    fn parse(&self, args: &[&str]) -> Result<u32, GameError> {
        let text = args.join(" ");
        self.id(&text).ok_or_else(|| {
            GameError::Invalid(format!(
                "'{text}' is not a position of {} (its positions are those reached from {})",
                self.name, self.names[0]
            ))
        })
    }

    fn tokens(&self, &v: &u32) -> Vec<Token> {
        vec![Token::Text(self.names[v as usize].clone())]
    }

    fn verdict(&self, &v: &u32) -> Result<Verdict<'_, u32>, GameError> {
        let n = self.names.len();
        let (outcome, grundy, winning) = match &self.valued {
            Valued::Impartial(g) => {
                let value = g[v as usize];
                let winning: Vec<Move<u32>> = match value {
                    0 => Vec::new(),
                    _ => (self.moves_to(0, v, |o| g[o as usize] == 0).into_iter())
                        .map(|o| self.said(o, None))
                        .collect(),
                };
                (
                    Outcome::from_win(value > 0),
                    Some(Nat::from(value)),
                    winning,
                )
            }
            Valued::Partizan(wins) => {
                let (lw, rw) = wins[v as usize];
                let mut winning = Vec::new();
                if lw {
                    winning.extend(
                        (self.moves_to(0, v, |o| !wins[o as usize].1).into_iter())
                            .map(|o| self.said(o, Some(Player::Left))),
                    );
                }
                if rw {
                    winning.extend(
                        (self.moves_to(1, v, |o| !wins[o as usize].0).into_iter())
                            .map(|o| self.said(o, Some(Player::Right))),
                    );
                }
                (Outcome::from_partizan(lw, rw), None, winning)
            }
        };
        let explanation = match &self.valued {
            Valued::Impartial(_) => format!(
                "The {n} positions of {} were valued bottom up: a position's Grundy value is \
                 the mex of its options' values, and it is lost for the player to move \
                 exactly when that is 0.",
                self.name
            ),
            Valued::Partizan(_) => format!(
                "The {n} positions of {} were valued bottom up: a player moving first wins \
                 exactly when she has a move to a position her opponent loses moving first; \
                 here {}.",
                self.name,
                outcome.sentence()
            ),
        };
        Ok(Verdict {
            outcome,
            grundy,
            winning: Box::new(winning.into_iter()),
            partial: false,
            explanation,
            search: None,
        })
    }

    fn outcome(&self, &v: &u32) -> Result<Outcome, GameError> {
        Ok(match &self.valued {
            Valued::Impartial(g) => Outcome::from_win(g[v as usize] > 0),
            Valued::Partizan(w) => Outcome::from_partizan(w[v as usize].0, w[v as usize].1),
        })
    }

    fn options(&self, &v: &u32) -> Result<Vec<u32>, GameError> {
        Ok(self.moves_to(0, v, |_| true))
    }

    fn player_options(&self, &v: &u32, player: Player) -> Result<Vec<u32>, GameError> {
        match (&self.valued, player) {
            (Valued::Impartial(_), _) | (_, Player::Left) => self.options(&v),
            (Valued::Partizan(_), Player::Right) => Ok(self.moves_to(1, v, |_| true)),
        }
    }

    fn plays(&self, &v: &u32, player: Option<Player>) -> Result<Vec<Move<u32>>, GameError> {
        let side = match (&self.valued, player) {
            (Valued::Partizan(_), None) => return Err(crate::rules::player_needed(&self.name)),
            (Valued::Partizan(_), Some(Player::Right)) => 1,
            _ => 0,
        };
        let player = player.filter(|_| self.partizan());
        Ok((self.moves_to(side, v, |_| true).into_iter())
            .map(|o| self.said(o, player))
            .collect())
    }

    fn partizan(&self) -> bool {
        matches!(self.valued, Valued::Partizan(_))
    }

    fn moves_to_value<'a>(
        &'a self,
        &v: &u32,
        target: &Nat,
    ) -> Result<(MoveIter<'a, u32>, bool), GameError> {
        let found: Vec<Move<u32>> = (self
            .moves_to(0, v, |o| {
                self.grundy(o).is_some_and(|g| Nat::from(g) == *target)
            })
            .into_iter())
        .map(|o| self.said(o, None))
        .collect();
        Ok((Box::new(found.into_iter()), false))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::DynGame;

    /// Subtraction {1, 2} from a heap of `n`, explored: position i is the heap n − i.
    fn take12(n: u32) -> Explored {
        let names = (0..=n).rev().map(|h| h.to_string()).collect();
        let mut edges = Vec::new();
        for i in 0..=n {
            for s in [1, 2] {
                if i + s <= n {
                    edges.push((i, i + s));
                }
            }
        }
        Explored::impartial("take12", names, edges).unwrap()
    }

    #[test]
    fn grundy_values_of_every_heap_are_n_mod_3() {
        let g = take12(30);
        for h in 0..=30u32 {
            let p = g.position(&[h.to_string().as_str()]).unwrap();
            let a = g.solve(&p, 10).unwrap();
            assert_eq!(a.grundy, Some(Nat::from(h % 3)), "heap {h}");
            for m in &a.winning_moves {
                let to = g.position(&[m.to[0].to_string().as_str()]).unwrap();
                assert_eq!(g.outcome_of(&to).unwrap(), Outcome::P, "{}", m.description);
            }
            assert_eq!(a.winning_moves.is_empty(), h % 3 == 0);
        }
    }

    #[test]
    fn a_partizan_game_is_decided_for_each_player_moving_first() {
        // a: Left moves to b, Right to c; b: Right moves to c; c: no move.
        let names = ["a", "b", "c"].map(String::from).to_vec();
        let g = Explored::partizan("g", names, vec![(0, 1)], vec![(0, 2), (1, 2)]).unwrap();
        let at = |w: &str| g.position(&[w]).unwrap();
        assert_eq!(g.outcome_of(&at("c")).unwrap(), Outcome::P);
        assert_eq!(g.outcome_of(&at("b")).unwrap(), Outcome::R);
        // Left moving first leaves b, which Right wins moving first; Right moving first
        // leaves c, where Left cannot move.
        assert_eq!(g.outcome_of(&at("a")).unwrap(), Outcome::R);
        // b's value is -1 and a's is {-1 | 0} = -1/2.
        assert_eq!(g.value(&at("a")).unwrap().canonical, "-1/2");
    }

    #[test]
    fn cycles_duplicate_names_and_stray_moves_are_refused() {
        let names = ["a", "b", "c"].map(String::from).to_vec();
        let e = Explored::impartial("g", names.clone(), vec![(0, 1), (1, 2), (2, 1)]);
        let e = e.err().unwrap().to_string();
        assert!(e.contains("b → c → b"), "{e}");
        let e = Explored::impartial("g", ["a", "a"].map(String::from).to_vec(), vec![]);
        assert!(e.err().unwrap().to_string().contains("both written 'a'"));
        let e = Explored::impartial("g", names.clone(), vec![(0, 3)]);
        assert!(e.err().unwrap().to_string().contains("game of 3 positions"));
        let e = Explored::impartial("two words", names, vec![]);
        assert!(e.err().unwrap().to_string().contains("one word"));
        let g = take12(3);
        let e = g.position(&["7"]).err().unwrap().to_string();
        assert!(e.contains("not a position of take12"), "{e}");
    }

    /// A random game without cycles: moves only from a position to a later one.
    fn dag() -> impl proptest::strategy::Strategy<Value = (usize, Vec<(u32, u32)>)> {
        use proptest::prelude::*;
        (1usize..14).prop_flat_map(|n| {
            let edges = proptest::collection::vec((0..n as u32, 0..n as u32), 0..40);
            (Just(n), edges).prop_map(|(n, e)| {
                let e = e.into_iter().filter(|(a, b)| a < b).collect();
                (n, e)
            })
        })
    }

    proptest::proptest! {
        /// Grundy values as `grundy graph`'s retrograde engine finds them, on random games.
        #[test]
        fn impartial_values_agree_with_the_graph_engine((n, edges) in dag()) {
            let names: Vec<String> = (0..n).map(|i| format!("p{i}")).collect();
            let g = Explored::impartial("g", names, edges.clone()).unwrap();
            let graph = crate::graph::Graph::from_numbered_edges(n, edges);
            let sol = graph.solve(crate::graph::Convention::misere_if(false));
            let values = sol.grundy.expect("normal play has values");
            for v in 0..n as u32 {
                proptest::prop_assert_eq!(g.grundy(v), values.finite(v));
                proptest::prop_assert_eq!(Ruleset::outcome(&g, &v).unwrap(), sol.outcome[v as usize]);
            }
        }

        /// Who wins a partizan position, against the sign of its value (canonical forms
        /// found from the options by the library's calculus).
        #[test]
        fn partizan_outcomes_agree_with_values(
            (n, left) in dag(),
            right in proptest::collection::vec((0u32..14, 0u32..14), 0..40),
        ) {
            let right: Vec<(u32, u32)> = right
                .into_iter()
                .filter(|&(a, b)| a < b && (b as usize) < n)
                .collect();
            let names: Vec<String> = (0..n).map(|i| format!("p{i}")).collect();
            let g = Explored::partizan("g", names, left, right).unwrap();
            for v in 0..n as u32 {
                let p = g.position(&[format!("p{v}").as_str()]).unwrap();
                let value = g.value(&p).unwrap();
                proptest::prop_assert_eq!(
                    g.outcome_of(&p).unwrap().to_string(),
                    value.outcome.to_string(),
                    "p{} = {}", v, value.canonical
                );
                // Every winning move leaves a position its mover wins moving second.
                for m in g.solve(&p, 100).unwrap().winning_moves {
                    let to = g.position(&[m.to[0].to_string().as_str()]).unwrap();
                    let after = g.outcome_of(&to).unwrap();
                    let good = match m.player {
                        Some(Player::Left) => matches!(after, Outcome::L | Outcome::P),
                        _ => matches!(after, Outcome::R | Outcome::P),
                    };
                    proptest::prop_assert!(good, "{} leaves {}", m.description, after);
                }
            }
        }
    }
}
