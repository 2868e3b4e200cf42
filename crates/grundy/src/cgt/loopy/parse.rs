//! CGSuite's notation for loopy games, read into a [`Graph`]:
//!
//! ```text
//! expression := term (("+" | "-") term)*
//! term       := "-" term | ("+-" | "±") atom | atom
//! atom       := "on" | "off" | "over" | "under" | "dud" | "upon"
//!             | [label] "{" options "|" options "}"   (bars may be doubled, as for short games)
//!             | label                                  (the game so labelled, around it)
//!             | "(" expression ")"
//!             | a short game's number, nimber or ups   (`3/2`, `*`, `^`, `1v*`)
//! options    := (expression | "pass") ("," ...)*       (`pass`: a move to the game itself)
//! ```
//!
//! on = {pass | } (Left may always move), off = { | pass}, over = {0 | pass},
//! under = {pass | 0}, upon = {pass | *} and dud = {pass | pass} (Winning Ways ch. 11).
//! `a{0 | a}` labels a game so that its followers may move back to it (and later parts of the
//! expression name it too).

use super::super::parse::{
    after_option, matching, split_at_widest_bar, tokens, top_level_bars, unexpected, Tok,
};
use super::{Graph, Id, Universe};
use crate::GameError;
use rustc_hash::FxHashMap as HashMap;

/// The words that make an expression loopy.
const WORDS: [&str; 7] = ["pass", "on", "off", "over", "under", "dud", "upon"];

/// Whether `text` writes a loopy game: it uses `pass`, a loopy constant or a label
/// (`a{…}`).
pub(crate) fn is_loopy_expression(text: &str) -> bool {
    let Ok((toks, _, _)) = tokens(text) else {
        return false;
    };
    toks.iter().enumerate().any(|(i, t)| match t {
        Tok::Word(w) => WORDS.contains(&w.as_str()) || toks.get(i + 1) == Some(&Tok::Open),
        _ => false,
    })
}

/// A value read: a short game (in the universe) or a loopy one (a vertex of the graph).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    /// A short game's canonical form.
    Short(Id),
    /// A vertex of the graph.
    Loopy(usize),
}

fn err(text: &str, why: impl std::fmt::Display) -> GameError {
    GameError::Invalid(format!("game '{text}': {why}"))
}

/// Reads `text`, a loopy expression in CGSuite's notation, into `graph`.
///
/// ```
/// use grundy::cgt::{loopy, Universe};
///
/// let (mut u, mut graph) = (Universe::new(), loopy::Graph::new());
/// let loopy::Value::Loopy(g) = loopy::loopy_expression(&mut u, &mut graph, "a{0|a}").unwrap()
/// else { panic!() };
/// let loopy::Value::Loopy(over) = loopy::loopy_expression(&mut u, &mut graph, "over").unwrap()
/// else { panic!() };
/// assert!(graph.le(g, over).unwrap() && graph.le(over, g).unwrap());
/// ```
pub fn loopy_expression(
    u: &mut Universe,
    graph: &mut Graph,
    text: &str,
) -> Result<Value, GameError> {
    let (toks, cols, _) = tokens(text)?;
    let mut p = Parser {
        text,
        toks,
        cols,
        at: 0,
        labels: HashMap::default(),
        passes: Vec::new(),
        used: HashMap::default(),
        depth: 0,
    };
    if p.toks.is_empty() {
        return Err(err(text, "nothing to read"));
    }
    let end = p.toks.len();
    let v = p.expression(u, graph, end)?;
    if p.at != end {
        return Err(p.unexpected("'+', '-' or the end of the expression"));
    }
    u.check()?;
    Ok(v)
}

struct Parser<'a> {
    text: &'a str,
    toks: Vec<Tok>,
    cols: Vec<usize>,
    at: usize,
    /// Labels in scope: the vertex each names.
    labels: HashMap<String, usize>,
    /// The games being read, innermost last: what `pass` moves to.
    passes: Vec<usize>,
    /// Vertices referred to (by a label or `pass`) while being read.
    used: HashMap<usize, bool>,
    depth: u32,
}

impl Parser<'_> {
    fn unexpected(&self, expected: &str) -> GameError {
        unexpected(self.text, &self.toks, &self.cols, self.at, expected)
    }

    fn peek(&self, end: usize) -> Option<&Tok> {
        (self.at < end).then(|| &self.toks[self.at])
    }

    fn loopy(&self, u: &mut Universe, graph: &mut Graph, v: Value) -> Result<usize, GameError> {
        match v {
            Value::Loopy(x) => Ok(x),
            Value::Short(g) => graph.embed(u, g),
        }
    }

    fn expression(
        &mut self,
        u: &mut Universe,
        graph: &mut Graph,
        end: usize,
    ) -> Result<Value, GameError> {
        self.depth += 1;
        if self.depth > 200 {
            return Err(err(self.text, "nested too deeply"));
        }
        let mut g = self.term(u, graph, end)?;
        loop {
            let negate = match self.peek(end) {
                Some(Tok::Plus) => false,
                Some(Tok::Minus) => true,
                _ => break,
            };
            self.at += 1;
            let mut h = self.term(u, graph, end)?;
            if negate {
                h = self.neg(u, graph, h)?;
            }
            g = self.add(u, graph, g, h)?;
        }
        self.depth -= 1;
        Ok(g)
    }

    fn add(
        &self,
        u: &mut Universe,
        graph: &mut Graph,
        g: Value,
        h: Value,
    ) -> Result<Value, GameError> {
        Ok(match (g, h) {
            (Value::Short(a), Value::Short(b)) => Value::Short(u.add(a, b)),
            (a, b) => {
                let (a, b) = (self.loopy(u, graph, a)?, self.loopy(u, graph, b)?);
                Value::Loopy(graph.simple_sum(a, b)?)
            }
        })
    }

    fn neg(&self, u: &mut Universe, graph: &mut Graph, g: Value) -> Result<Value, GameError> {
        Ok(match g {
            Value::Short(a) => Value::Short(u.neg(a)),
            Value::Loopy(x) => Value::Loopy(graph.neg(x)?),
        })
    }

    fn term(
        &mut self,
        u: &mut Universe,
        graph: &mut Graph,
        end: usize,
    ) -> Result<Value, GameError> {
        match self.peek(end) {
            Some(Tok::Minus) => {
                self.at += 1;
                // A sign just before a number is the number's: -1/4v[on] is −1/4 + v[on].
                if let Some(Tok::Num(_)) = self.peek(end) {
                    return self.pseudonumber(u, graph, end, true);
                }
                let g = self.term(u, graph, end)?;
                self.neg(u, graph, g)
            }
            Some(Tok::PlusMinus) => {
                self.at += 1;
                // ±{a, b} (a list in braces, no bar) is {a, b | −a, −b}; ±x is {x | −x}.
                let open = self.at;
                let list = if self.peek(end) == Some(&Tok::Open) {
                    self.at += 1;
                    let close = self.matching(end, |t| *t == Tok::Open, |t| *t == Tok::Close)?;
                    self.at = open;
                    (self.top_level_bars(open + 1, close).is_empty()).then_some(close)
                } else {
                    None
                };
                let xs = match list {
                    Some(close) => {
                        let xs = self.side(u, graph, open + 1, close, false)?;
                        self.at = close + 1;
                        xs
                    }
                    None => vec![self.atom(u, graph, end)?],
                };
                let mut nxs = Vec::with_capacity(xs.len());
                for &x in &xs {
                    nxs.push(self.neg(u, graph, x)?);
                }
                self.make(u, graph, xs, nxs)
            }
            _ => self.atom(u, graph, end),
        }
    }

    /// A constant: its vertex, made once per expression.
    fn constant(
        &mut self,
        graph: &mut Graph,
        u: &mut Universe,
        word: &str,
    ) -> Result<usize, GameError> {
        let key = format!("#{word}");
        if let Some(&v) = self.labels.get(&key) {
            return Ok(v);
        }
        let v = graph.vertex()?;
        let (z, s) = (u.zero(), u.nimber(1));
        let zero = graph.embed(u, z)?;
        let star = graph.embed(u, s)?;
        let (left, right) = match word {
            // upon-th = {0 || 0 | 0, pass} (its inner game passes to itself).
            "uponth" => {
                let w = graph.vertex()?;
                graph.set(w, vec![zero], vec![zero, w]);
                (vec![zero], vec![w])
            }
            "on" => (vec![v], vec![]),
            "off" => (vec![], vec![v]),
            "over" => (vec![zero], vec![v]),
            "under" => (vec![v], vec![zero]),
            "upon" => (vec![v], vec![star]),
            _ => (vec![v], vec![v]),
        };
        graph.set(v, left, right);
        self.labels.insert(key, v);
        Ok(v)
    }

    fn atom(
        &mut self,
        u: &mut Universe,
        graph: &mut Graph,
        end: usize,
    ) -> Result<Value, GameError> {
        let text = self.text;
        match self.peek(end).cloned() {
            Some(Tok::Paren(true)) => {
                self.at += 1;
                let close =
                    self.matching(end, |t| *t == Tok::Paren(true), |t| *t == Tok::Paren(false))?;
                let g = self.expression(u, graph, close)?;
                if self.at != close {
                    return Err(self.unexpected("')'"));
                }
                self.at = close + 1;
                Ok(g)
            }
            Some(Tok::Open) => self.braces(u, graph, end, None),
            Some(Tok::Word(w)) if w == "pass" => Err(err(
                text,
                format_args!(
                    "'pass' at column {} is an option, a move to the game being written \
                     ({{0|pass}}), not a game",
                    self.cols[self.at]
                ),
            )),
            Some(Tok::Word(w)) if w == "Tiny" || w == "Miny" => {
                // Tiny(x) = {0 || 0 | −x}, Miny(x) = −Tiny(x), for any game x.
                self.at += 1;
                if self.peek(end) != Some(&Tok::Paren(true)) {
                    return Err(err(text, format_args!("{w} takes a game in parentheses")));
                }
                let x = self.atom(u, graph, end)?;
                let nx = self.neg(u, graph, x)?;
                let zero = Value::Short(u.zero());
                let inner = self.make(u, graph, vec![zero], vec![nx])?;
                let tiny = self.make(u, graph, vec![zero], vec![inner])?;
                if w == "Tiny" {
                    Ok(tiny)
                } else {
                    self.neg(u, graph, tiny)
                }
            }
            Some(Tok::Word(w)) if WORDS.contains(&w.as_str()) => {
                self.at += 1;
                Ok(Value::Loopy(self.constant(graph, u, &w)?))
            }
            Some(Tok::Word(w)) if self.at + 1 < end && self.toks[self.at + 1] == Tok::Open => {
                self.at += 1;
                self.braces(u, graph, end, Some(w))
            }
            Some(Tok::Word(w)) => match self.labels.get(&w) {
                Some(&v) => {
                    self.at += 1;
                    self.used.insert(v, true);
                    Ok(Value::Loopy(v))
                }
                None if graph.named(&w).is_some() => {
                    self.at += 1;
                    Ok(Value::Loopy(graph.named(&w).expect("looked up")))
                }
                None if u.named(&w).is_some() => {
                    self.at += 1;
                    let g = match u.named_kept(&w).cloned() {
                        Some(form) => u.kept_value(&form),
                        None => u.named(&w).expect("looked up"),
                    };
                    Ok(Value::Short(g))
                }
                None => Err(err(
                    text,
                    format_args!(
                        "unknown word '{w}' (a label names the game in braces it stands \
                         before, a{{0|a}}, and is used inside them or after them)"
                    ),
                )),
            },
            Some(_) => self.pseudonumber(u, graph, end, false),
            None => Err(self.unexpected("a game")),
        }
    }

    /// `{left | right}` at a new vertex (a short game when every option is).
    fn make(
        &mut self,
        u: &mut Universe,
        graph: &mut Graph,
        left: Vec<Value>,
        right: Vec<Value>,
    ) -> Result<Value, GameError> {
        self.build(u, graph, None, left, right)
    }

    /// `{left | right}`: a short game when every option is and nothing moves back to it
    /// (`at`, the vertex made for it before its options were read, if any); else a vertex,
    /// `at` or a new one.
    fn build(
        &mut self,
        u: &mut Universe,
        graph: &mut Graph,
        at: Option<usize>,
        left: Vec<Value>,
        right: Vec<Value>,
    ) -> Result<Value, GameError> {
        let short = |xs: &[Value]| -> Option<Vec<Id>> {
            xs.iter()
                .map(|o| match o {
                    Value::Short(g) => Some(*g),
                    Value::Loopy(_) => None,
                })
                .collect()
        };
        let returned_to = at.is_some_and(|v| self.used.contains_key(&v));
        if let (Some(l), Some(r), false) = (short(&left), short(&right), returned_to) {
            return Ok(Value::Short(u.game(&l, &r)));
        }
        let mut l = Vec::with_capacity(left.len());
        for o in left {
            l.push(self.loopy(u, graph, o)?);
        }
        let mut r = Vec::with_capacity(right.len());
        for o in right {
            r.push(self.loopy(u, graph, o)?);
        }
        let v = match at {
            Some(v) => v,
            None => graph.vertex()?,
        };
        graph.set(v, l, r);
        Ok(Value::Loopy(v))
    }

    /// The text of the tokens `from..to`.
    fn piece(&self, from: usize, to: usize) -> String {
        let chars: Vec<char> = self.text.chars().collect();
        let end = self.cols.get(to).map_or(chars.len(), |c| c - 1);
        chars[self.cols[from] - 1..end].iter().collect()
    }

    /// A short game's number, nimber or ups (the longest run of their tokens), and the
    /// pseudonumbers and upons CGSuite writes after a number: `3/2over` (3/2 + over),
    /// `5under`, `^[on]` (upon), `-1/4v[on]*` (−1/4 − upon + *).
    fn pseudonumber(
        &mut self,
        u: &mut Universe,
        graph: &mut Graph,
        end: usize,
        negative: bool,
    ) -> Result<Value, GameError> {
        // `^[on]` (upon) or `^<on>` (upon-th), either arrow.
        let upon_at = |p: &Self, i: usize| {
            matches!(p.toks.get(i), Some(Tok::Up | Tok::Down))
                && matches!(
                    (p.toks.get(i + 1), p.toks.get(i + 3)),
                    (Some(Tok::Square(true)), Some(Tok::Square(false)))
                        | (Some(Tok::Angle(true)), Some(Tok::Angle(false)))
                )
                && p.toks.get(i + 2) == Some(&Tok::Word("on".into()))
                && i + 3 < end
        };
        let start = self.at;
        while self.at < end
            && !upon_at(self, self.at)
            && matches!(
                self.toks[self.at],
                Tok::Num(_)
                    | Tok::Slash
                    | Tok::Up
                    | Tok::Down
                    | Tok::Star
                    | Tok::Angle(_)
                    | Tok::Square(_)
            )
        {
            self.at += 1;
        }
        let mut value = if self.at > start {
            let piece = self.piece(start, self.at);
            // The sign is the number's only: -2^ is −2 + ↑, as the short notation reads it.
            let sign = if negative { "-" } else { "" };
            Value::Short(u.parse(&format!("{sign}{piece}"))?)
        } else {
            Value::Short(u.zero())
        };
        // x Tiny(s), x Miny(s): a number translating a tiny, as CGSuite writes it.
        if self.at > start {
            if let Some(Tok::Word(w)) = self.peek(end) {
                if w == "Tiny" || w == "Miny" {
                    let t = self.atom(u, graph, end)?;
                    return self.add(u, graph, value, t);
                }
            }
        }
        let suffix = match self.peek(end).cloned() {
            Some(Tok::Word(w)) if self.at > start && (w == "over" || w == "under") => {
                self.at += 1;
                Some(Value::Loopy(self.constant(graph, u, &w)?))
            }
            Some(_) if upon_at(self, self.at) => {
                let down = self.toks[self.at] == Tok::Down;
                let which = if self.toks[self.at + 1] == Tok::Angle(true) {
                    "uponth"
                } else {
                    "upon"
                };
                self.at += 4;
                let upon = Value::Loopy(self.constant(graph, u, which)?);
                Some(if down {
                    self.neg(u, graph, upon)?
                } else {
                    upon
                })
            }
            _ => None,
        };
        if let Some(x) = suffix {
            let (a, b) = (self.loopy(u, graph, value)?, self.loopy(u, graph, x)?);
            value = Value::Loopy(graph.simple_sum(a, b)?);
            // A nimber after an upon: `^[on]*`.
            if self.peek(end) == Some(&Tok::Star) {
                let from = self.at;
                self.at += 1;
                if let Some(Tok::Num(_)) = self.peek(end) {
                    self.at += 1;
                }
                let star = Value::Short(u.parse(&self.piece(from, self.at))?);
                let (a, b) = (self.loopy(u, graph, value)?, self.loopy(u, graph, star)?);
                value = Value::Loopy(graph.simple_sum(a, b)?);
            }
        } else if self.at == start {
            return Err(self.unexpected("a game"));
        }
        Ok(value)
    }

    fn matching(
        &self,
        end: usize,
        open: impl Fn(&Tok) -> bool,
        close: impl Fn(&Tok) -> bool,
    ) -> Result<usize, GameError> {
        matching(&self.toks, self.at, end, open, close)
            .ok_or_else(|| err(self.text, "a bracket is not closed"))
    }

    fn braces(
        &mut self,
        u: &mut Universe,
        graph: &mut Graph,
        end: usize,
        label: Option<String>,
    ) -> Result<Value, GameError> {
        self.at += 1; // `{`
        let close = self.matching(end, |t| *t == Tok::Open, |t| *t == Tok::Close)?;
        let v = graph.vertex()?;
        // A label names its game inside the braces and after them; a label given again
        // inside names the inner game there only.
        let outer = label
            .as_ref()
            .and_then(|l| self.labels.insert(l.clone(), v));
        let g = self.slots(u, graph, v, self.at, close)?;
        if let (Some(l), Some(outer)) = (&label, outer) {
            self.labels.insert(l.clone(), outer);
        }
        self.at = close + 1;
        Ok(g)
    }

    /// The game between `from` and `to` (inside braces), made at vertex `v`: split at its
    /// widest bar. A short game when nothing in it moves back to it.
    fn slots(
        &mut self,
        u: &mut Universe,
        graph: &mut Graph,
        v: usize,
        from: usize,
        to: usize,
    ) -> Result<Value, GameError> {
        let (split, nested_left, nested_right) =
            split_at_widest_bar(&self.toks, from, to).map_err(|why| err(self.text, why))?;
        self.passes.push(v);
        let left = self.side(u, graph, from, split, nested_left);
        let right = left.and_then(|left| {
            self.side(u, graph, split + 1, to, nested_right)
                .map(|right| (left, right))
        });
        self.passes.pop();
        let (left, right) = right?;
        self.build(u, graph, Some(v), left, right)
    }

    fn top_level_bars(&self, from: usize, to: usize) -> Vec<(usize, usize)> {
        top_level_bars(&self.toks, from, to)
    }

    /// One side of a bar: its options (`pass` the game being read), or, when it holds
    /// narrower bars, one game (made at a new vertex; `pass` there is that game).
    fn side(
        &mut self,
        u: &mut Universe,
        graph: &mut Graph,
        from: usize,
        to: usize,
        nested: bool,
    ) -> Result<Vec<Value>, GameError> {
        if nested {
            let w = graph.vertex()?;
            let g = self.slots(u, graph, w, from, to)?;
            return Ok(vec![g]);
        }
        let mut options = Vec::new();
        self.at = from;
        while self.at < to {
            if self.peek(to) == Some(&Tok::Word("pass".into()))
                && (self.at + 1 == to || self.toks[self.at + 1] == Tok::Comma)
            {
                self.at += 1;
                let Some(&v) = self.passes.last() else {
                    return Err(err(self.text, "'pass' is an option of a game in braces"));
                };
                self.used.insert(v, true);
                options.push(Value::Loopy(v));
            } else {
                options.push(self.expression(u, graph, to)?);
            }
            self.at = after_option(self.text, &self.toks, &self.cols, self.at, to)?;
        }
        Ok(options)
    }
}
