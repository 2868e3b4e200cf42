//! Blue-Red-Green Hackenbush on trees: chop an edge, and everything no longer joined to the
//! ground falls.

use super::partizan::{Game, Parts};
use crate::analysis::Player;
use crate::catalog::GameInfo;
use crate::registry::{Entry, PositionSpec};
use crate::GameError;

/// Description of Hackenbush.
pub static INFO: GameInfo = GameInfo {
    name: "hackenbush",
    title: "Hackenbush (trees)",
    summary:
        "chop blue (Left), red (Right) or green (either) edges of trees standing on the ground",
    usage: "hackenbush TREE [TREE …]",
    example: "hackenbush l(l;rl) lrlerrr",
    rules: "Trees of edges standing on the ground, written as in CGSuite: a string of edges \
            from the ground up, 'l' blue (Left's), 'r' red (Right's), 'e' green (either's); \
            branches at a node in parentheses separated by ';' (l(l;rl) is a blue edge with \
            a blue one and a red-blue stalk on top); several trees at the ground separated \
            by ';' or as separate words. A player chops one of their edges (or a green \
            one); every edge no longer joined to the ground falls. Who cannot move loses.",
    theory: "Each tree standing on the ground is a part of the sum; its value is found from \
             the trees left by each chop, branches at a node being interchangeable. Swapping \
             the colours blue and red swaps the players and negates the value. Blue-red \
             stalks are numbers (Berlekamp's rule), green stalks nimbers, and mixed ones \
             anything: lrlerrr is 3/4 + v[3] + *.",
    source: "E. R. Berlekamp, J. H. Conway, R. K. Guy, Winning Ways for your Mathematical \
             Plays, ch. 1–2 and 7; CGSuite's test suite (lrlrrllr = 77/128, lrlerrr = \
             3/4v[3]*).",
};

/// The registry's entry.
pub static ENTRY: Entry = Entry {
    info: &INFO,
    about: "Hackenbush on trees: chop blue (Left), red (Right) or green edges.",
    params: &[],
    position: PositionSpec {
        value_name: "TREE",
        help: "Trees in CGSuite's notation: 'l', 'r', 'e' edges from the ground up, branches \
               as (a;b), e.g. l(l;rl)",
    },
    build: |_| super::boxed(Game::new(Hackenbush)),
    sequence: None,
};

/// The rules of Hackenbush on trees.
#[derive(Clone, Copy, Debug, Default)]
pub struct Hackenbush;

/// An edge and what stands on it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Edge {
    /// `b'l'`, `b'r'` or `b'e'`.
    pub colour: u8,
    /// The edges on top of it, sorted (their order does not matter).
    pub up: Vec<Edge>,
}

/// The most edges a tree may have.
const MAX_EDGES: usize = 60;

impl Edge {
    fn count(&self) -> usize {
        1 + self.up.iter().map(Edge::count).sum::<usize>()
    }

    /// Written in CGSuite's notation.
    fn write(&self, out: &mut String) {
        out.push(self.colour as char);
        match &self.up[..] {
            [] => {}
            [one] => one.write(out),
            many => {
                out.push('(');
                for (i, e) in many.iter().enumerate() {
                    if i > 0 {
                        out.push(';');
                    }
                    e.write(out);
                }
                out.push(')');
            }
        }
    }

    /// The tree with blue and red exchanged.
    fn swapped(&self) -> Edge {
        let mut up: Vec<Edge> = self.up.iter().map(Edge::swapped).collect();
        up.sort_unstable();
        Edge {
            colour: match self.colour {
                b'l' => b'r',
                b'r' => b'l',
                c => c,
            },
            up,
        }
    }

    /// Every tree left after `player` chops one edge (`None` for the root itself).
    fn chops(&self, player: Player, out: &mut Vec<Option<Edge>>) {
        let mine =
            self.colour == b'e' || self.colour == if player == Player::Left { b'l' } else { b'r' };
        if mine {
            out.push(None);
        }
        for i in 0..self.up.len() {
            let mut below = Vec::new();
            self.up[i].chops(player, &mut below);
            for rest in below {
                let mut up = self.up.clone();
                match rest {
                    Some(e) => up[i] = e,
                    None => {
                        up.remove(i);
                    }
                }
                up.sort_unstable();
                out.push(Some(Edge {
                    colour: self.colour,
                    up,
                }));
            }
        }
    }
}

/// Reads `text` (branches separated by ';' at one node) into edges.
fn branches(text: &[u8], at: &mut usize, word: &str) -> Result<Vec<Edge>, GameError> {
    let bad = |why: &str| GameError::Invalid(format!("hackenbush tree '{word}': {why}"));
    let mut out = Vec::new();
    loop {
        out.push(branch(text, at, word)?);
        match text.get(*at) {
            Some(b';') => *at += 1,
            Some(b')') | None => return Ok(out),
            Some(&c) => return Err(bad(&format!("unexpected '{}'", c as char))),
        }
    }
}

/// One edge and what stands on it: more edges in a row, or branches in parentheses.
fn branch(text: &[u8], at: &mut usize, word: &str) -> Result<Edge, GameError> {
    let bad = |why: String| GameError::Invalid(format!("hackenbush tree '{word}': {why}"));
    let colour = match text.get(*at) {
        Some(&c @ (b'l' | b'r' | b'e')) => c,
        Some(b':') => {
            return Err(bad(
                "labels (edges meeting again) are not supported: trees only".into(),
            ))
        }
        Some(&c) => {
            return Err(bad(format!(
                "'{}' is not an edge (l blue, r red, e green)",
                c as char
            )))
        }
        None => return Err(bad("an edge is missing".into())),
    };
    *at += 1;
    let up = match text.get(*at) {
        Some(b'l' | b'r' | b'e') => vec![branch(text, at, word)?],
        Some(b'(') => {
            *at += 1;
            let up = branches(text, at, word)?;
            if text.get(*at) != Some(&b')') {
                return Err(bad("'(' is not closed".into()));
            }
            *at += 1;
            up
        }
        _ => Vec::new(),
    };
    let mut up = up;
    up.sort_unstable();
    Ok(Edge { colour, up })
}

impl Parts for Hackenbush {
    /// The edges standing on the ground (a tree, or several sharing the ground).
    type Part = Vec<Edge>;

    fn info(&self) -> &'static GameInfo {
        &INFO
    }

    fn read_part(&self, word: &str) -> Result<Vec<Edge>, GameError> {
        let text = word.as_bytes();
        // Each edge is a letter, at most with brackets and a separator around it: a longer
        // word has too many edges, and is refused before it is read (reading recurses).
        if text.len() > 4 * MAX_EDGES {
            return Err(GameError::Invalid(format!(
                "hackenbush tree of {} characters: trees of at most {MAX_EDGES} edges are valued",
                text.len()
            )));
        }
        let mut at = 0;
        // A whole word in parentheses is the ground's branches too.
        let inner = text.first() == Some(&b'(') && text.last() == Some(&b')');
        if inner {
            at = 1;
        }
        let mut edges = branches(text, &mut at, word)?;
        if at + usize::from(inner) != text.len() {
            return Err(GameError::Invalid(format!(
                "hackenbush tree '{word}': unexpected text at character {}",
                at + 1
            )));
        }
        if edges.iter().map(Edge::count).sum::<usize>() > MAX_EDGES {
            return Err(GameError::Invalid(format!(
                "hackenbush tree '{word}': trees of at most {MAX_EDGES} edges are valued"
            )));
        }
        edges.sort_unstable();
        Ok(edges)
    }

    fn write_part(&self, edges: &Vec<Edge>) -> String {
        let mut out = String::new();
        for (i, e) in edges.iter().enumerate() {
            if i > 0 {
                out.push(';');
            }
            e.write(&mut out);
        }
        out
    }

    fn moves(&self, edges: &Vec<Edge>, player: Player) -> Vec<Vec<Vec<Edge>>> {
        // Each tree on the ground is its own part after the move.
        let mut out = Vec::new();
        for (i, e) in edges.iter().enumerate() {
            let mut chops = Vec::new();
            e.chops(player, &mut chops);
            for rest in chops {
                let mut parts: Vec<Vec<Edge>> = edges
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j != i)
                    .map(|(_, t)| vec![t.clone()])
                    .collect();
                parts.extend(rest.map(|t| vec![t]));
                out.push(parts);
            }
        }
        out
    }

    fn normal(&self, edges: &Vec<Edge>) -> Option<(Vec<Edge>, bool)> {
        if edges.is_empty() {
            return None;
        }
        let mut swapped: Vec<Edge> = edges.iter().map(Edge::swapped).collect();
        swapped.sort_unstable();
        Some(if swapped < *edges {
            (swapped, true)
        } else {
            (edges.clone(), false)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Ruleset;
    use crate::games::partizan::check_against_search;
    use std::collections::HashMap;

    fn first_wins(
        trees: &Vec<Edge>,
        left: bool,
        memo: &mut HashMap<(Vec<Edge>, bool), bool>,
    ) -> bool {
        if let Some(&w) = memo.get(&(trees.clone(), left)) {
            return w;
        }
        let player = if left { Player::Left } else { Player::Right };
        let win = Hackenbush.moves(trees, player).into_iter().any(|parts| {
            let mut next: Vec<Edge> = parts.into_iter().flatten().collect();
            next.sort_unstable();
            !first_wins(&next, !left, memo)
        });
        memo.insert((trees.clone(), left), win);
        win
    }

    /// Every tree of up to 5 edges in every colouring (shapes built by adding edges), and
    /// every pair of stalks of up to 3 edges: the value's outcome is plain search's.
    #[test]
    fn outcomes_agree_with_search_on_every_small_tree() {
        let game = Game::new(Hackenbush);
        let mut memo = HashMap::new();
        // All trees up to 5 edges, as written, grown one edge at a time.
        let mut trees = vec![String::new()];
        let mut all = Vec::new();
        for _ in 0..5 {
            let mut next = Vec::new();
            for t in &trees {
                for c in ["l", "r", "e"] {
                    next.push(format!("{t}{c}"));
                    if !t.is_empty() {
                        next.push(format!("{t}({c};l)"));
                    }
                }
            }
            all.extend(next.iter().cloned());
            trees = next;
        }
        let mut checked = 0;
        for t in all.iter().filter(|t| t.len() <= 14) {
            let Ok(p) = game.read(t) else { continue };
            let trees: Vec<Edge> = p.iter().flatten().cloned().collect();
            let l = first_wins(&trees, true, &mut memo);
            let r = first_wins(&trees, false, &mut memo);
            check_against_search(&game, &p, (l, r));
            checked += 1;
        }
        assert!(checked >= 700, "{checked}");
    }

    /// CGSuite's test suite and Winning Ways: stalks of blue and red are numbers, green
    /// stalks nimbers.
    #[test]
    fn published_values() {
        let game = Game::new(Hackenbush);
        for (tree, value) in [
            ("l", "1"),
            ("r", "-1"),
            ("e", "*"),
            ("lr", "1/2"),
            ("lrlrrllr", "77/128"),
            ("l(l;rl)", "3/2"),
            ("eeeeeee", "*7"),
            ("lrlerrr", "3/4v[3]*"),
            ("e(ee(e;e);e(eee;ee);e(ee;e))", "*5"),
            ("l;r", "0"),
        ] {
            let p = game.read(tree).unwrap();
            assert_eq!(game.report(&p).unwrap().unwrap().canonical, value, "{tree}");
        }
        // Berlekamp's rule at the largest size read: l then 59 r's is 1/2^59; a tree of
        // more edges is refused in one line (its numbers would outgrow a word).
        let stalk = format!("l{}", "r".repeat(59));
        let p = game.read(&stalk).unwrap();
        assert_eq!(
            game.report(&p).unwrap().unwrap().canonical,
            format!("1/{}", 1u64 << 59)
        );
        let e = game.read(&"l".repeat(61)).unwrap_err().to_string();
        assert!(e.contains("at most 60 edges"), "{e}");
    }
}
