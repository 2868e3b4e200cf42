//! Several tokens on one move graph, each move moving one of them: a sum of loopy games,
//! decided from the tokens' generalized Sprague–Grundy values (C. A. B. Smith, "Graphs and
//! composite games", 1966; A. S. Fraenkel and Y. Yesha, "Theory of annihilation games", 1986).
//!
//! With every token's value finite, the sum is worth their nim-sum, as in a game without
//! cycles. With one token worth ∞(K) beside tokens worth x in all, the sum is worth ∞(K ⊕ x):
//! a win for the player to move exactly when x ∈ K (moving that token to a position worth x),
//! a draw otherwise. With two tokens or more worth ∞, the sum is a draw: each player can
//! always keep one of them moving.
//!
//! ```
//! use grundy::graph::{parse_graph, Gsg};
//! use grundy::Outcome;
//!
//! // x ⇄ y is a loop that either can leave for c; d moves to c.
//! let g = parse_graph("x y\ny x\nx c\ny c\nd c\n", "example").unwrap();
//! let values = g.generalized_grundy();
//! let id = |name| g.id(name).unwrap();
//! // x is worth ∞(0): alone, it is won by moving to c.
//! let alone = g.solve_sum(&values, &[id("x"), id("c")]);
//! assert_eq!(alone.values[0], Gsg::Infinite(vec![0]));
//! assert_eq!(alone.outcome, Outcome::N);
//! // Beside d (worth 1) it is a draw: 1 is not in {0}. The draw is kept by x → y.
//! let with_d = g.solve_sum(&values, &[id("x"), id("d")]);
//! assert_eq!(with_d.outcome, Outcome::D);
//! assert_eq!(with_d.drawing.len(), 1);
//! ```

use super::{Graph, Gsg, GsgValues};
use crate::{GameError, Outcome};

/// A move of a sum of tokens: which token moves, from where, to where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TokenMove {
    /// The token (its index in the sum).
    pub token: usize,
    /// Where it moves to.
    pub to: u32,
}

/// What a sum of tokens comes to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TokenSum {
    /// Who wins: N, P or D (a draw).
    pub outcome: Outcome,
    /// The sum's generalized Sprague–Grundy value where the tokens' values give it (`None`
    /// for two tokens or more worth ∞: a draw whose ∞ set the values do not tell).
    pub value: Option<Gsg>,
    /// Each token's value.
    pub values: Vec<Gsg>,
    /// The moves that win (to a sum lost for the player who moves next).
    pub winning: Vec<TokenMove>,
    /// In a draw, the moves that keep it (the others lose).
    pub drawing: Vec<TokenMove>,
    /// Why, in words.
    pub explanation: String,
}

/// The outcome and value of a sum of tokens worth `values`.
pub fn sum_value(values: &[Gsg]) -> (Outcome, Option<Gsg>) {
    let mut x = 0u32;
    let mut infinite: Option<&Vec<u32>> = None;
    let mut infinites = 0;
    for v in values {
        match v {
            Gsg::Finite(g) => x ^= g,
            Gsg::Infinite(k) => {
                infinites += 1;
                infinite = Some(k);
            }
        }
    }
    match (infinites, infinite) {
        (0, _) => (Outcome::from_win(x != 0), Some(Gsg::Finite(x))),
        (1, Some(k)) => {
            let mut shifted: Vec<u32> = k.iter().map(|v| v ^ x).collect();
            shifted.sort_unstable();
            let wins = shifted.contains(&0);
            (
                if wins { Outcome::N } else { Outcome::D },
                Some(Gsg::Infinite(shifted)),
            )
        }
        _ => (Outcome::D, None),
    }
}

impl Graph {
    /// The positions a sum of tokens stands on, written as names with `+` between them
    /// (`a + b + b`); `None` when `text` writes no sum (one position, no `+` standing alone).
    /// A name the graph does not have, or nothing between two `+`, is refused in one line
    /// naming it (`source` names the graph there).
    ///
    /// ```
    /// let g = grundy::graph::parse_graph("a b\nb c\n", "g.txt").unwrap();
    /// assert_eq!(g.read_sum("a + c + a", "g.txt").unwrap(), Some(vec![0, 2, 0]));
    /// assert_eq!(g.read_sum("a", "g.txt").unwrap(), None);
    /// let e = g.read_sum("a + x", "g.txt").unwrap_err();
    /// assert_eq!(e.to_string(), "g.txt has no position named 'x'");
    /// assert!(g.read_sum("a + + b", "g.txt").is_err());
    /// ```
    pub fn read_sum(&self, text: &str, source: &str) -> Result<Option<Vec<u32>>, GameError> {
        if !text.split_whitespace().any(|w| w == "+") {
            return Ok(None);
        }
        let mut tokens = Vec::new();
        for name in text.split('+').map(str::trim) {
            if name.is_empty() {
                return Err(GameError::Invalid(
                    "a sum has nothing between two '+' in --position".into(),
                ));
            }
            tokens.push(self.id(name).ok_or_else(|| {
                GameError::Invalid(format!("{source} has no position named '{name}'"))
            })?);
        }
        Ok(Some(tokens))
    }

    /// The sum of tokens standing on `tokens`, after the move `m` if given, written with `+`
    /// between the tokens (`a + c`).
    pub fn tokens_written(&self, tokens: &[u32], m: Option<&TokenMove>) -> String {
        tokens
            .iter()
            .enumerate()
            .map(|(i, &u)| match m {
                Some(m) if m.token == i => self.name(m.to).into_owned(),
                _ => self.name(u).into_owned(),
            })
            .collect::<Vec<_>>()
            .join(" + ")
    }

    /// The sum of tokens standing on `tokens` (several may stand on one position), from the
    /// generalized Sprague–Grundy values `values` of this graph: who wins, its value, and
    /// every winning move (or, in a draw, every move that keeps it).
    pub fn solve_sum(&self, values: &GsgValues, tokens: &[u32]) -> TokenSum {
        let of: Vec<Gsg> = tokens.iter().map(|&u| values.get(self, u)).collect();
        let (outcome, value) = sum_value(&of);
        let (mut winning, mut drawing) = (Vec::new(), Vec::new());
        if outcome != Outcome::P {
            let mut after = of.clone();
            for (i, &u) in tokens.iter().enumerate() {
                let mut seen = Vec::new();
                for &v in self.moves(u) {
                    if seen.contains(&v) {
                        continue;
                    }
                    seen.push(v);
                    after[i] = values.get(self, v);
                    match sum_value(&after).0 {
                        Outcome::P => winning.push(TokenMove { token: i, to: v }),
                        Outcome::D if outcome == Outcome::D => {
                            drawing.push(TokenMove { token: i, to: v })
                        }
                        _ => {}
                    }
                }
                after[i] = of[i].clone();
            }
        }
        let each: Vec<String> = tokens
            .iter()
            .zip(&of)
            .map(|(&u, v)| format!("{} is worth {v}", self.name(u)))
            .collect();
        let infinite = of.iter().filter(|v| matches!(v, Gsg::Infinite(_))).count();
        let finite: u32 = of
            .iter()
            .map(|v| match v {
                Gsg::Finite(g) => *g,
                Gsg::Infinite(_) => 0,
            })
            .fold(0, |a, b| a ^ b);
        let rule = match infinite {
            0 => format!(
                "every value is finite, so the sum is worth their nim-sum, {finite}: {}",
                if finite == 0 {
                    "the player to move loses"
                } else {
                    "the player to move wins by moving one token to the value that makes it 0"
                }
            ),
            1 => format!(
                "one token is worth ∞(K) and the others {finite} in all, so the sum is worth \
                 ∞(K ⊕ {finite}), {}",
                if outcome == Outcome::N {
                    format!(
                        "a win: {finite} is in K, and moving that token to a position worth \
                         {finite} leaves a sum worth 0"
                    )
                } else {
                    format!(
                        "a draw: {finite} is not in K, so no move leaves a sum worth 0, and the \
                         token worth ∞ can always be moved on"
                    )
                }
            ),
            _ => "two tokens or more are worth ∞, so the sum is a draw: whatever is moved, \
                  a player can keep one of them moving"
                .to_string(),
        };
        TokenSum {
            outcome,
            value,
            values: of,
            winning,
            drawing,
            explanation: format!(
                "Generalized Sprague–Grundy values (Smith 1966; Fraenkel and Yesha 1986): {}; \
                 {rule}.",
                each.join(", ")
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::Convention;
    use std::collections::HashMap;

    /// Brute force over the sum's own positions (each a multiset of token places): the
    /// outcome by retrograde analysis of the product graph, draws included.
    fn product_outcomes(g: &Graph, tokens: usize) -> HashMap<Vec<u32>, Outcome> {
        let n = g.len() as u32;
        let mut states: Vec<Vec<u32>> = vec![Vec::new()];
        for _ in 0..tokens {
            states = states
                .into_iter()
                .flat_map(|s| {
                    (0..n).map(move |u| {
                        let mut t = s.clone();
                        t.push(u);
                        t
                    })
                })
                .collect();
        }
        let index: HashMap<Vec<u32>, u32> = states
            .iter()
            .enumerate()
            .map(|(i, s)| (s.clone(), i as u32))
            .collect();
        let mut edges = Vec::new();
        for (i, s) in states.iter().enumerate() {
            for t in 0..tokens {
                for &v in g.moves(s[t]) {
                    let mut after = s.clone();
                    after[t] = v;
                    edges.push((i as u32, index[&after]));
                }
            }
        }
        let product = Graph::from_numbered_edges(states.len(), edges);
        let outcome = product.solve(Convention::Normal).outcome;
        states.into_iter().zip(outcome).collect()
    }

    /// Every sum of two and of three tokens on small random graphs (with cycles) against the
    /// product graph's own retrograde analysis: the outcome, and the winning and drawing
    /// moves exactly.
    #[test]
    fn sums_of_tokens_agree_with_the_product_graph() {
        let mut seed = 29u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut checked = 0;
        for _ in 0..60 {
            let n = 3 + (next() % 5) as u32;
            let edges: Vec<(u32, u32)> = (0..n * 2)
                .map(|_| ((next() % n as u64) as u32, (next() % n as u64) as u32))
                .filter(|(a, b)| a != b)
                .collect();
            let g = Graph::from_numbered_edges(n as usize, edges);
            let values = g.generalized_grundy();
            for tokens in [2usize, 3] {
                let truth = product_outcomes(&g, tokens);
                for (state, &o) in &truth {
                    let s = g.solve_sum(&values, state);
                    assert_eq!(s.outcome, o, "{state:?} on {:?}", g);
                    for t in 0..tokens {
                        for &v in g.moves(state[t]) {
                            let mut after = state.clone();
                            after[t] = v;
                            let m = TokenMove { token: t, to: v };
                            assert_eq!(s.winning.contains(&m), truth[&after] == Outcome::P);
                            if o == Outcome::D {
                                assert_eq!(s.drawing.contains(&m), truth[&after] == Outcome::D);
                            }
                        }
                    }
                    checked += 1;
                }
            }
        }
        assert!(checked > 5000, "{checked}");
    }
}
