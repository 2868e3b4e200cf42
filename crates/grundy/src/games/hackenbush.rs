//! Blue-Red-Green Hackenbush on trees and graphs: chop an edge, and everything no longer
//! joined to the ground falls.

use super::partizan::{Game, Parts};
use crate::analysis::Player;
use crate::cgt::Dyadic;
use crate::registry::{Entry, PositionSpec};
use crate::rules::GameInfo;
use crate::GameError;

/// Description of Hackenbush.
pub static INFO: GameInfo = GameInfo {
    name: "hackenbush",
    title: "Hackenbush",
    summary:
        "chop blue (Left), red (Right) or green (either) edges of trees standing on the ground",
    usage: "hackenbush GRAPH [GRAPH …]",
    example: "hackenbush l(l;rl) lrlerrr (lr:A;rl:A)",
    rules: "Trees of edges standing on the ground, written as in CGSuite: a string of edges \
            from the ground up, 'l' blue (Left's), 'r' red (Right's), 'e' green (either's); \
            branches at a node in parentheses separated by ';' (l(l;rl) is a blue edge with \
            a blue one and a red-blue stalk on top); several trees at the ground separated \
            by ';' or as separate words. Edges that meet again are labelled: ':A' or \
            ':{name}' after an edge names the vertex it reaches, and the same name later is \
            the same vertex ((lr:A;rl:A) is a cycle of four edges through the ground; a \
            label at the start names the ground). A player chops one of their edges (or a green \
            one); every edge no longer joined to the ground falls. Who cannot move loses.",
    theory: "Each tree standing on the ground is a part of the sum; its value is found from \
             the trees left by each chop, branches at a node being interchangeable. Swapping \
             the colours blue and red swaps the players and negates the value. Blue-red \
             stalks are numbers (Berlekamp's rule), green stalks nimbers, and mixed ones \
             anything: lrlerrr is 3/4 + v[3] + *. A graph with cycles is valued from the \
             graphs left by each chop, each split where its pieces meet only at the ground; \
             a blue-red graph is a number (Winning Ways, ch. 2), found through the sets of \
             edges left standing: Winning Ways' Moderately Hard Bed (30 edges) is 1/128.",
    source: "E. R. Berlekamp, J. H. Conway, R. K. Guy, Winning Ways for your Mathematical \
             Plays, ch. 1–2 and 7 (the Moderately Hard Bed is fig. 31 of ch. 7); CGSuite's \
             test suite (lrlrrllr = 77/128, lrlerrr = 3/4v[3]*, the green girl = *2).",
};

/// The registry's entry.
pub static ENTRY: Entry = Entry {
    info: &INFO,
    about: "Hackenbush on trees and graphs: chop blue (Left), red (Right) or green edges.",
    params: &[],
    position: PositionSpec {
        value_name: "GRAPH",
        help: "Trees and graphs in CGSuite's notation: 'l', 'r', 'e' edges from the ground \
               up, branches as (a;b), vertices met again labelled :A, e.g. l(l;rl) or \
               (lr:A;rl:A)",
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
            colour: swap_colour(self.colour),
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

/// What stands on the ground: trees, or a graph with cycles (a bed).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Piece {
    /// Trees standing on the ground.
    Trees(Vec<Edge>),
    /// A graph whose edges meet again.
    Bed(Bed),
}

/// A graph of edges standing on the ground, some meeting again: vertex 0 is the ground, the
/// others numbered in the order a search from the ground meets them.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Bed {
    /// (colour, a, b) with a ≤ b, sorted.
    edges: Vec<(u8, u8, u8)>,
}

impl Bed {
    /// What is left standing of `edges` once those no longer joined to the ground fall, split
    /// into the pieces that meet only at the ground: each a tree or a bed.
    fn pieces(edges: &[(u8, u8, u8)]) -> Vec<Piece> {
        let n = vertices(edges);
        let mut adjacent = vec![Vec::new(); n];
        for (i, &(_, a, b)) in edges.iter().enumerate() {
            adjacent[a as usize].push(i);
            if b != a {
                adjacent[b as usize].push(i);
            }
        }
        // Each vertex joined to the ground is given the piece it stands in: the ground's
        // neighbours start pieces, which grow without passing through the ground.
        let mut piece = vec![usize::MAX; n];
        piece[0] = 0;
        let mut count = 0;
        let mut loops = Vec::new();
        for &i in &adjacent[0] {
            let (_, a, b) = edges[i];
            let start = if a == 0 { b } else { a } as usize;
            if start == 0 {
                loops.push(i);
                continue;
            }
            if piece[start] != usize::MAX {
                continue;
            }
            count += 1;
            piece[start] = count;
            let mut stack = vec![start];
            while let Some(v) = stack.pop() {
                for &j in &adjacent[v] {
                    let (_, a, b) = edges[j];
                    let w = if a as usize == v { b } else { a } as usize;
                    if w != 0 && piece[w] == usize::MAX {
                        piece[w] = count;
                        stack.push(w);
                    }
                }
            }
        }
        let mut groups: Vec<Vec<(u8, u8, u8)>> = vec![Vec::new(); count];
        for &e in edges {
            let (a, b) = (e.1 as usize, e.2 as usize);
            let p = if a == 0 { piece[b] } else { piece[a] };
            if p != usize::MAX && p != 0 {
                groups[p - 1].push(e);
            }
        }
        let mut out: Vec<Piece> = groups.iter().map(|g| Bed::piece(g)).collect();
        out.extend(loops.iter().map(|&i| Bed::piece(&[edges[i]])));
        out
    }

    /// One piece (its edges joined to each other without the ground): a tree when it has
    /// no cycle, else a bed in normal order.
    fn piece(edges: &[(u8, u8, u8)]) -> Piece {
        let mut vertices: Vec<u8> = edges.iter().flat_map(|e| [e.1, e.2]).collect();
        vertices.sort_unstable();
        vertices.dedup();
        // Joined and with the ground among its vertices: a tree has one edge fewer.
        if edges.len() + 1 == vertices.len() {
            let root = edges
                .iter()
                .position(|e| e.1 == 0)
                .expect("a piece stands on the ground");
            return Piece::Trees(vec![Bed::tree(edges, root, 0)]);
        }
        Piece::Bed(Bed::normal(edges))
    }

    /// The tree hanging from edge `i`, entered from vertex `from`.
    fn tree(edges: &[(u8, u8, u8)], i: usize, from: u8) -> Edge {
        let (colour, a, b) = edges[i];
        let top = if a == from { b } else { a };
        let mut up: Vec<Edge> = (0..edges.len())
            .filter(|&j| j != i && (edges[j].1 == top || edges[j].2 == top))
            .map(|j| Bed::tree(edges, j, top))
            .collect();
        up.sort_unstable();
        Edge { colour, up }
    }

    /// The edges renumbered in the order a search from the ground meets their vertices (the
    /// ground's edges first, by colour), so that a bed reached in several ways is one key.
    fn normal(edges: &[(u8, u8, u8)]) -> Bed {
        let n = vertices(edges);
        let mut new = vec![u8::MAX; n];
        new[0] = 0;
        let mut next = 1u8;
        let mut queue = std::collections::VecDeque::from([0u8]);
        while let Some(v) = queue.pop_front() {
            let mut out: Vec<(u8, u8)> = edges
                .iter()
                .filter_map(|&(c, a, b)| match (a == v, b == v) {
                    (true, _) => Some((c, b)),
                    (_, true) => Some((c, a)),
                    _ => None,
                })
                .collect();
            out.sort_unstable();
            for (_, w) in out {
                if new[w as usize] == u8::MAX {
                    new[w as usize] = next;
                    next += 1;
                    queue.push_back(w);
                }
            }
        }
        let mut renamed: Vec<(u8, u8, u8)> = edges
            .iter()
            .map(|&(c, a, b)| {
                let (a, b) = (new[a as usize], new[b as usize]);
                (c, a.min(b), a.max(b))
            })
            .collect();
        renamed.sort_unstable();
        Bed { edges: renamed }
    }

    /// Its value when it has no green edge: a number, as every blue-red Hackenbush position
    /// is (Winning Ways, ch. 2), found through the sets of edges left standing (the numbers
    /// of the pieces of a set add). `None` with a green edge, or numbers beyond a word.
    fn number(&self) -> Option<Dyadic> {
        if self.edges.iter().any(|e| e.0 == b'e') || self.edges.len() > 63 {
            return None;
        }
        let n = vertices(&self.edges);
        let mut at = vec![0u64; n];
        for (i, &(_, a, b)) in self.edges.iter().enumerate() {
            at[a as usize] |= 1 << i;
            at[b as usize] |= 1 << i;
        }
        let mut numbers = Numbers {
            edges: &self.edges,
            at,
            memo: Default::default(),
        };
        let all = numbers.standing((1u64 << self.edges.len()) - 1);
        let mut v = Dyadic::int(0);
        for p in numbers.pieces(all) {
            v = &v + &numbers.value(p)?;
        }
        Some(v)
    }

    /// The bed with blue and red exchanged.
    fn swapped(&self) -> Bed {
        let edges: Vec<(u8, u8, u8)> = self
            .edges
            .iter()
            .map(|&(c, a, b)| (swap_colour(c), a, b))
            .collect();
        Bed::normal(&edges)
    }

    /// Written in CGSuite's notation, vertices met again labelled `:{k}`.
    fn write(&self, out: &mut String) {
        let n = vertices(&self.edges);
        // A search from the ground: the edges it follows to new vertices are written in
        // a row or in branches; the others end at a labelled vertex.
        let mut seen = vec![false; n];
        let mut tree_edge = vec![false; self.edges.len()];
        let mut stack = vec![0u8];
        seen[0] = true;
        while let Some(v) = stack.pop() {
            for (i, &(_, a, b)) in self.edges.iter().enumerate() {
                let w = match (a == v, b == v) {
                    (true, _) => b,
                    (_, true) => a,
                    _ => continue,
                };
                if !seen[w as usize] {
                    seen[w as usize] = true;
                    tree_edge[i] = true;
                    stack.push(w);
                }
            }
        }
        let mut labelled = vec![false; n];
        for (i, &(_, a, b)) in self.edges.iter().enumerate() {
            if !tree_edge[i] {
                labelled[a as usize] = true;
                labelled[b as usize] = true;
            }
        }
        if labelled[0] {
            out.push_str(":{0}");
        }
        let mut used = vec![false; self.edges.len()];
        self.write_from(0, &tree_edge, &labelled, &mut used, out);
    }

    fn write_from(
        &self,
        v: u8,
        tree: &[bool],
        labelled: &[bool],
        used: &mut [bool],
        out: &mut String,
    ) {
        let mine: Vec<usize> = (0..self.edges.len())
            .filter(|&i| !used[i] && (self.edges[i].1 == v || self.edges[i].2 == v))
            .collect();
        for &i in &mine {
            used[i] = true;
        }
        let many = mine.len() > 1;
        if many {
            out.push('(');
        }
        for (k, &i) in mine.iter().enumerate() {
            if k > 0 {
                out.push(';');
            }
            let (c, a, b) = self.edges[i];
            let w = if a == v { b } else { a };
            out.push(c as char);
            if labelled[w as usize] {
                out.push_str(&format!(":{{{w}}}"));
            }
            if tree[i] {
                self.write_from(w, tree, labelled, used, out);
            }
        }
        if many {
            out.push(')');
        }
    }
}

/// A blue-red bed valued as a number through the sets of its edges still standing, each
/// valued once (one bit an edge).
struct Numbers<'a> {
    edges: &'a [(u8, u8, u8)],
    /// The edges at each vertex.
    at: Vec<u64>,
    memo: rustc_hash::FxHashMap<u64, Dyadic>,
}

impl Numbers<'_> {
    /// The pieces of `standing` (edges joined to the ground, as sets), meeting only at the
    /// ground.
    fn pieces(&self, standing: u64) -> Vec<u64> {
        let mut out = Vec::new();
        let mut left = self.at[0] & standing;
        while left != 0 {
            let first = left.trailing_zeros() as usize;
            let (_, a, b) = self.edges[first];
            if a == b {
                // A loop at the ground is a piece of its own.
                out.push(1 << first);
                left &= !(1 << first);
                continue;
            }
            // The ground is never passed through.
            let piece = self.reach(b, 1 | 1 << b, standing);
            out.push(piece);
            left &= !piece;
        }
        out
    }

    /// What still stands of `edges` once those not joined to the ground fall.
    fn standing(&self, edges: u64) -> u64 {
        self.reach(0, 1, edges)
    }

    /// The edges of `edges` reached from vertex `start` without passing through the
    /// vertices of `seen` (which holds `start`).
    fn reach(&self, start: u8, mut seen: u64, edges: u64) -> u64 {
        let mut kept = 0u64;
        let mut stack = vec![start];
        while let Some(v) = stack.pop() {
            let here = self.at[v as usize] & edges;
            kept |= here;
            let mut rest = here;
            while rest != 0 {
                let i = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let (_, a, b) = self.edges[i];
                for w in [a, b] {
                    if seen & (1 << w) == 0 {
                        seen |= 1 << w;
                        stack.push(w);
                    }
                }
            }
        }
        kept
    }

    /// The value of one piece: the simplest number between Left's best option and Right's.
    fn value(&mut self, piece: u64) -> Option<Dyadic> {
        if let Some(v) = self.memo.get(&piece) {
            return Some(v.clone());
        }
        let (mut best_left, mut best_right): (Option<Dyadic>, Option<Dyadic>) = (None, None);
        let mut rest = piece;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let after = self.standing(piece & !(1 << i));
            let mut v = Dyadic::int(0);
            for p in self.pieces(after) {
                v = &v + &self.value(p)?;
            }
            if self.edges[i].0 == b'l' {
                best_left = Some(match best_left {
                    Some(b) => b.max(v),
                    None => v,
                });
            } else {
                best_right = Some(match best_right {
                    Some(b) => b.min(v),
                    None => v,
                });
            }
        }
        let v = Dyadic::simplest_between(best_left.as_ref(), best_right.as_ref());
        self.memo.insert(piece, v.clone());
        Some(v)
    }
}

/// How many vertices `edges` (colour, a, b) with a ≤ b name: the ground and those above.
fn vertices(edges: &[(u8, u8, u8)]) -> usize {
    edges.iter().map(|e| e.2 as usize + 1).max().unwrap_or(1)
}

fn swap_colour(c: u8) -> u8 {
    match c {
        b'l' => b'r',
        b'r' => b'l',
        c => c,
    }
}

/// Reads a graph in CGSuite's notation, where `:X` or `:{name}` after an edge names the
/// vertex it reaches (the same name later is the same vertex) and at the start names the
/// ground: `(lr:A;lr:A)`, `:{g}lllr:{g}`. The edges as (colour, a, b), the ground 0.
fn read_graph(word: &str) -> Result<Vec<(u8, u8, u8)>, GameError> {
    let bad = |why: String| GameError::Invalid(format!("hackenbush graph '{word}': {why}"));
    let text: Vec<char> = word.chars().collect();
    let mut names: std::collections::HashMap<String, u8> = Default::default();
    let mut edges = Vec::new();
    let mut vertices = 1usize;
    let mut at = 0;
    // The label at `at` (after ':'), and where it ends.
    let label = |at: usize| -> Result<(String, usize), GameError> {
        match text.get(at) {
            Some('{') => {
                let end = text[at..]
                    .iter()
                    .position(|&c| c == '}')
                    .ok_or_else(|| bad("a label's '{' is not closed".into()))?;
                Ok((text[at + 1..at + end].iter().collect(), at + end + 1))
            }
            Some(&c) if c.is_alphanumeric() && !matches!(c, 'l' | 'r' | 'e') => {
                Ok((c.to_string(), at + 1))
            }
            _ => Err(bad(format!(
                "a label is missing after ':' at character {at}"
            ))),
        }
    };
    let mut stack: Vec<u8> = Vec::new();
    let mut current = 0u8;
    if text.first() == Some(&':') {
        let (name, end) = label(1)?;
        names.insert(name, 0);
        at = end;
    }
    while at < text.len() {
        match text[at] {
            c @ ('l' | 'r' | 'e') => {
                at += 1;
                let to = if text.get(at) == Some(&':') {
                    let (name, end) = label(at + 1)?;
                    at = end;
                    match names.get(&name) {
                        Some(&v) => v,
                        None => {
                            let v = u8::try_from(vertices)
                                .map_err(|_| bad("too many vertices".into()))?;
                            vertices += 1;
                            names.insert(name, v);
                            v
                        }
                    }
                } else {
                    let v = u8::try_from(vertices).map_err(|_| bad("too many vertices".into()))?;
                    vertices += 1;
                    v
                };
                edges.push((c as u8, current.min(to), current.max(to)));
                if edges.len() > MAX_EDGES {
                    return Err(bad(format!(
                        "graphs of at most {MAX_EDGES} edges are valued"
                    )));
                }
                current = to;
            }
            '(' => {
                stack.push(current);
                at += 1;
            }
            ';' => {
                current = *stack.last().unwrap_or(&0);
                at += 1;
            }
            ')' => {
                current = stack.pop().ok_or_else(|| bad("')' without '('".into()))?;
                at += 1;
            }
            c => {
                return Err(bad(format!(
                    "'{c}' is not an edge (l blue, r red, e green)"
                )))
            }
        }
    }
    if !stack.is_empty() {
        return Err(bad("'(' is not closed".into()));
    }
    Ok(edges)
}

impl Parts for Hackenbush {
    /// What stands on the ground: trees, or a bed.
    type Part = Piece;

    fn info(&self) -> &'static GameInfo {
        &INFO
    }

    fn read_part(&self, word: &str) -> Result<Piece, GameError> {
        if word.contains(':') {
            if word.chars().count() > 8 * MAX_EDGES {
                return Err(GameError::Invalid(format!(
                    "hackenbush graph of {} characters: graphs of at most {MAX_EDGES} edges are \
                     valued",
                    word.len()
                )));
            }
            let edges = read_graph(word)?;
            // Edges not joined to the ground fall at once; the rest is one piece or several.
            let mut pieces = Bed::pieces(&edges);
            return Ok(match pieces.len() {
                1 => pieces.remove(0),
                _ => {
                    let mut trees = Vec::new();
                    for p in pieces {
                        match p {
                            Piece::Trees(t) => trees.extend(t),
                            Piece::Bed(_) => return Ok(Piece::Bed(Bed::normal(&edges))),
                        }
                    }
                    trees.sort_unstable();
                    Piece::Trees(trees)
                }
            });
        }
        self.read_trees(word).map(Piece::Trees)
    }

    fn write_part(&self, piece: &Piece) -> String {
        let mut out = String::new();
        match piece {
            Piece::Trees(edges) => {
                for (i, e) in edges.iter().enumerate() {
                    if i > 0 {
                        out.push(';');
                    }
                    e.write(&mut out);
                }
            }
            Piece::Bed(bed) => bed.write(&mut out),
        }
        out
    }

    fn moves(&self, piece: &Piece, player: Player) -> Vec<Vec<Piece>> {
        let edges = match piece {
            Piece::Trees(edges) => return self.tree_moves(edges, player),
            Piece::Bed(bed) => &bed.edges,
        };
        let mine = if player == Player::Left { b'l' } else { b'r' };
        let mut out = Vec::new();
        for i in 0..edges.len() {
            if edges[i].0 == mine || edges[i].0 == b'e' {
                let mut rest = edges.clone();
                rest.remove(i);
                out.push(Bed::pieces(&rest));
            }
        }
        out
    }

    /// A tree's edges are numbered as they are written, from 1 (CGSuite's notation, read left
    /// to right: `lrlerrr` has edge 4 green); the moves of [`Parts::moves`] go in that order.
    /// A bed's moves are named by what they leave.
    fn move_names(&self, piece: &Piece, player: Player) -> Option<Vec<String>> {
        let Piece::Trees(edges) = piece else {
            return None;
        };
        let mine = if player == Player::Left { b'l' } else { b'r' };
        let mut colours = Vec::new();
        fn walk(e: &Edge, out: &mut Vec<u8>) {
            out.push(e.colour);
            for up in &e.up {
                walk(up, out);
            }
        }
        for e in edges {
            walk(e, &mut colours);
        }
        let colour = |c: u8| match c {
            b'l' => "blue",
            b'r' => "red",
            _ => "green",
        };
        Some(
            colours
                .iter()
                .enumerate()
                .filter(|&(_, &c)| c == mine || c == b'e')
                .map(|(k, &c)| format!("chop edge {} ({})", k + 1, colour(c)))
                .collect(),
        )
    }

    fn known(&self, piece: &Piece) -> Option<Dyadic> {
        match piece {
            Piece::Bed(bed) => bed.number(),
            Piece::Trees(_) => None,
        }
    }

    fn normal(&self, piece: &Piece) -> Option<(Piece, bool)> {
        match piece {
            Piece::Trees(edges) => {
                if edges.is_empty() {
                    return None;
                }
                let mut swapped: Vec<Edge> = edges.iter().map(Edge::swapped).collect();
                swapped.sort_unstable();
                Some(if swapped < *edges {
                    (Piece::Trees(swapped), true)
                } else {
                    (piece.clone(), false)
                })
            }
            Piece::Bed(bed) => {
                let swapped = bed.swapped();
                Some(if swapped < *bed {
                    (Piece::Bed(swapped), true)
                } else {
                    (piece.clone(), false)
                })
            }
        }
    }
}

impl Hackenbush {
    fn read_trees(&self, word: &str) -> Result<Vec<Edge>, GameError> {
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

    fn tree_moves(&self, edges: &[Edge], player: Player) -> Vec<Vec<Piece>> {
        // Each tree on the ground is its own part after the move.
        let mut out = Vec::new();
        for (i, e) in edges.iter().enumerate() {
            let mut chops = Vec::new();
            e.chops(player, &mut chops);
            for rest in chops {
                let mut parts: Vec<Piece> = edges
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j != i)
                    .map(|(_, t)| Piece::Trees(vec![t.clone()]))
                    .collect();
                parts.extend(rest.map(|t| Piece::Trees(vec![t])));
                out.push(parts);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests;
