//! CGSuite's notation for loopy games, read into a [`Graph`]:
//!
//! ```text
//! expression := sum ["&" sum]                           (onside & offside, both stoppers)
//! sum        := ordinal (("+" | "-") ordinal)*
//! ordinal    := product (":" product)*                  (G : H for a short game G, which
//!                                                        may be kept as written: '{…}')
//! product    := term ("*" term)*                        (n * G for an integer n)
//! term       := "-" term | ("+-" | "±") atom | atom ("." method)*
//! method     := "Onside" | "Offside" | "Degree" | ("Pow" | "PowTo") "(" expression ")"
//! atom       := "on" | "off" | "over" | "under" | "dud" | "upon"
//!             | [label] "{" options "|" options "}"   (bars may be doubled, as for short games)
//!             | label                                  (the game so labelled, around it)
//!             | "(" expression ")"
//!             | a short game's number, nimber or ups   (`3/2`, `*`, `^`, `1v*`)
//!             | "'" "{" … "}" "'"                      (a short form kept as written)
//! options    := (expression | "pass") ("," ...)*       (`pass`: a move to the game itself)
//! ```
//!
//! on = {pass | } (Left may always move), off = { | pass}, over = {0 | pass},
//! under = {pass | 0}, upon = {pass | *} and dud = {pass | pass} (Winning Ways ch. 11).
//! `a{0 | a}` labels a game so that its followers may move back to it (and later parts of the
//! expression name it too). `S & T` is the sided value with onside S and offside T (stoppers,
//! T ≤ S; Siegel, CGT VI.3); sided values add, negate and stand as options, side by side.

use super::super::parse::{
    after_option, kept_expression, matching, multiplies, split_at_widest_bar, tokens,
    top_level_bars, unexpected, Tok,
};
use super::{Graph, Id, Universe};
use crate::cgt::Kept;
use crate::GameError;
use rustc_hash::FxHashMap as HashMap;

mod values;

/// The largest |n| of a multiple `n * G` of a loopy game (each doubling simplifies a sum).
const MULTIPLE_LIMIT: u64 = 1 << 20;

/// The words that make an expression loopy.
const WORDS: [&str; 7] = ["pass", "on", "off", "over", "under", "dud", "upon"];

/// Whether `text` writes a loopy game: it uses `pass`, a loopy constant or a label
/// (`a{…}`).
pub fn is_loopy_expression(text: &str) -> bool {
    let Ok((toks, _, _)) = tokens(text) else {
        return false;
    };
    toks.iter().enumerate().any(|(i, t)| match t {
        Tok::Word(w) => WORDS.contains(&w.as_str()) || toks.get(i + 1) == Some(&Tok::Open),
        Tok::Amp => true,
        _ => false,
    })
}

/// A value read: a short game (in the universe), a loopy one (a vertex of the graph), or a
/// sided value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    /// A short game's canonical form.
    Short(Id),
    /// A vertex of the graph.
    Loopy(usize),
    /// `S & T`: the onside of the first vertex with the offside of the second (CGSuite's
    /// `SidedValue`); a sum of sided values is the sum of onsides with the sum of offsides.
    Sided(usize, usize),
}

impl Value {
    /// The onside and offside vertices of the value (a game's are itself; a short game is
    /// embedded in `graph`).
    pub fn sides(self, u: &mut Universe, graph: &mut Graph) -> Result<(usize, usize), GameError> {
        Ok(match self {
            Value::Short(g) => {
                let x = graph.embed(u, g)?;
                (x, x)
            }
            Value::Loopy(x) => (x, x),
            Value::Sided(on, off) => (on, off),
        })
    }
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
    let (toks, cols, spaced) = tokens(text)?;
    let mut p = Parser {
        text,
        toks,
        cols,
        spaced,
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
        return Err(p.unexpected("'+', '-', '&' or the end of the expression"));
    }
    u.check()?;
    Ok(v)
}

struct Parser<'a> {
    text: &'a str,
    toks: Vec<Tok>,
    cols: Vec<usize>,
    spaced: Vec<bool>,
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

    /// The vertex of a game (a short one embedded); a sided value is not one game.
    fn loopy(&self, u: &mut Universe, graph: &mut Graph, v: Value) -> Result<usize, GameError> {
        v.vertex(u, graph).map_err(|e| match (v, e) {
            (Value::Sided(..), GameError::Invalid(why)) => err(self.text, why),
            (_, e) => e,
        })
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
        let g = self.sum(u, graph, end)?;
        let g = if self.peek(end) == Some(&Tok::Amp) {
            self.at += 1;
            let h = self.sum(u, graph, end)?;
            self.sided(u, graph, g, h)?
        } else {
            g
        };
        self.depth -= 1;
        Ok(g)
    }

    fn sum(&mut self, u: &mut Universe, graph: &mut Graph, end: usize) -> Result<Value, GameError> {
        let mut g = self.ordinal(u, graph, end)?;
        loop {
            let negate = match self.peek(end) {
                Some(Tok::Plus) => false,
                Some(Tok::Minus) => true,
                _ => break,
            };
            self.at += 1;
            let mut h = self.ordinal(u, graph, end)?;
            if negate {
                h = h.negative(u, graph)?;
            }
            g = g.plus(u, graph, h)?;
        }
        Ok(g)
    }

    /// `G : H`, the ordinal sum, for a short game G (Siegel, CGT II.7), which may be a form
    /// kept as written (`'{-1|1}' : on`: the options of G as written, not its value's).
    fn ordinal(
        &mut self,
        u: &mut Universe,
        graph: &mut Graph,
        end: usize,
    ) -> Result<Value, GameError> {
        let mut kept = self.kept_operand(u, end)?;
        let mut g = match &kept {
            Some(k) => Value::Short(u.kept_value(k)),
            None => self.product(u, graph, end)?,
        };
        while self.peek(end) == Some(&Tok::Colon) {
            self.at += 1;
            let h = self.product(u, graph, end)?;
            g = match (g, h, kept.take()) {
                (_, Value::Short(b), Some(k)) => {
                    Value::Short(u.ordinal_sum_kept(&k, &Kept::Value(b)))
                }
                (_, Value::Loopy(y), Some(k)) => Value::Loopy(graph.ordinal_sum_kept(u, &k, y)?),
                (Value::Short(a), Value::Short(b), None) => Value::Short(u.ordinal_sum(a, b)),
                (Value::Short(a), Value::Loopy(y), None) => {
                    Value::Loopy(graph.ordinal_sum(u, a, y)?)
                }
                _ => {
                    return Err(err(
                        self.text,
                        "an ordinal sum G : H with a loopy game is read for a short game G \
                         and a game H",
                    ))
                }
            };
        }
        Ok(g)
    }

    /// A form kept as written standing alone as an operand (`'{-1|1}'`, not followed by a
    /// method or a product, which take its value), read by the short games' reader; `None`,
    /// having read nothing, otherwise.
    fn kept_operand(&mut self, u: &mut Universe, end: usize) -> Result<Option<Kept>, GameError> {
        // A name given to a kept form, as the left of an ordinal sum (`g : on`).
        if let (Some(Tok::Word(w)), Some(Tok::Colon)) = (self.peek(end), self.toks.get(self.at + 1))
        {
            if !self.labels.contains_key(w) {
                if let Some(form) = u.named_kept(w).cloned() {
                    self.at += 1;
                    return Ok(Some(form));
                }
            }
        }
        let Some(close) = self.quoted(end) else {
            return Ok(None);
        };
        if matches!(self.toks.get(close + 1), Some(Tok::Dot | Tok::Star) if close + 1 < end) {
            return Ok(None);
        }
        let form = self.kept_form(u, close)?;
        Ok(Some(form))
    }

    /// The index of the quote closing the kept form that opens here, if one does.
    fn quoted(&self, end: usize) -> Option<usize> {
        if self.peek(end) != Some(&Tok::Quote(true)) {
            return None;
        }
        let (open, close) = (Tok::Quote(true), Tok::Quote(false));
        matching(
            &self.toks,
            self.at + 1,
            end,
            |t| *t == open,
            |t| *t == close,
        )
    }

    /// The kept form from here to its closing quote at `close`, read by the short games'
    /// reader from its text.
    fn kept_form(&mut self, u: &mut Universe, close: usize) -> Result<Kept, GameError> {
        let (from, to) = (self.cols[self.at] - 1, self.cols[close]);
        let text: String = self.text.chars().skip(from).take(to - from).collect();
        let form = kept_expression(u, &text)?;
        self.at = close + 1;
        Ok(form)
    }

    /// `n * G` and `G * n`: n copies of G (of −G for n < 0), summed by doubling.
    fn product(
        &mut self,
        u: &mut Universe,
        graph: &mut Graph,
        end: usize,
    ) -> Result<Value, GameError> {
        let mut g = self.term(u, graph, end)?;
        while self.peek(end) == Some(&Tok::Star) {
            self.at += 1;
            let h = self.term(u, graph, end)?;
            let integer = |v: Value, u: &Universe| match v {
                Value::Short(a) => u.as_number(a).filter(|x| x.is_integer()).cloned(),
                _ => None,
            };
            let (n, game) = match (g, h) {
                (Value::Short(a), Value::Short(b)) => {
                    g = Value::Short(u.times(a, b).ok_or_else(|| {
                        err(self.text, "a product is n * G or G * n for an integer n")
                    })?);
                    continue;
                }
                (a, b) => match (integer(a, u), integer(b, u)) {
                    (Some(n), _) => (n, b),
                    (_, Some(n)) => (n, a),
                    _ => {
                        return Err(err(
                            self.text,
                            "a product is n * G or G * n for an integer n",
                        ))
                    }
                },
            };
            let n: i64 = n
                .numerator()
                .try_into()
                .ok()
                .filter(|n: &i64| n.unsigned_abs() <= MULTIPLE_LIMIT)
                .ok_or_else(|| {
                    err(
                        self.text,
                        format_args!(
                            "n * G of a loopy game is read for |n| up to {MULTIPLE_LIMIT}"
                        ),
                    )
                })?;
            let mut power = if n < 0 {
                game.negative(u, graph)?
            } else {
                game
            };
            let mut sum = Value::Short(u.zero());
            let n = n.unsigned_abs();
            for bit in 0..64 - n.leading_zeros() {
                if bit > 0 {
                    power = power.plus(u, graph, power)?;
                }
                if n >> bit & 1 == 1 {
                    sum = sum.plus(u, graph, power)?;
                }
            }
            g = sum;
        }
        Ok(g)
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
                g.negative(u, graph)
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
                    nxs.push(x.negative(u, graph)?);
                }
                self.make(u, graph, xs, nxs)
            }
            _ => {
                let mut g = self.atom(u, graph, end)?;
                while self.peek(end) == Some(&Tok::Dot) {
                    self.at += 1;
                    let Some(Tok::Word(name)) = self.peek(end).cloned() else {
                        return Err(self.unexpected("a method's name after '.'"));
                    };
                    self.at += 1;
                    let mut args = Vec::new();
                    if self.peek(end) == Some(&Tok::Paren(true)) {
                        self.at += 1;
                        let close = self.matching(
                            end,
                            |t| *t == Tok::Paren(true),
                            |t| *t == Tok::Paren(false),
                        )?;
                        while self.at < close {
                            args.push(self.expression(u, graph, close)?);
                            match self.peek(close) {
                                Some(Tok::Comma) => self.at += 1,
                                None => {}
                                Some(_) => return Err(self.unexpected("',' or ')'")),
                            }
                        }
                        self.at = close + 1;
                    }
                    g = self.method(u, graph, g, &name, &args)?;
                }
                Ok(g)
            }
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
            Some(Tok::Quote(true)) => {
                let close = self.quoted(end).ok_or_else(|| self.unexpected("a game"))?;
                let form = self.kept_form(u, close)?;
                Ok(Value::Short(u.kept_value(&form)))
            }
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
                let nx = x.negative(u, graph)?;
                let zero = Value::Short(u.zero());
                let inner = self.make(u, graph, vec![zero], vec![nx])?;
                let tiny = self.make(u, graph, vec![zero], vec![inner])?;
                if w == "Tiny" {
                    Ok(tiny)
                } else {
                    tiny.negative(u, graph)
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
                    Ok(graph.named(&w).expect("looked up"))
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
                    _ => None,
                })
                .collect()
        };
        let returned_to = at.is_some_and(|v| self.used.contains_key(&v));
        if let (Some(l), Some(r), false) = (short(&left), short(&right), returned_to) {
            return Ok(Value::Short(u.game(&l, &r)));
        }
        let sided = |xs: &[Value]| xs.iter().any(|o| matches!(o, Value::Sided(..)));
        if sided(&left) || sided(&right) {
            // {S₁ & T₁, … | …} is the onside of the options' onsides with the offside of
            // their offsides (CGSuite's SidedValue of options).
            if returned_to {
                return Err(err(
                    self.text,
                    "a game with a sided value S & T among its options cannot be moved back \
                     to (by 'pass' or its label)",
                ));
            }
            let mut halves = [(Vec::new(), Vec::new()), (Vec::new(), Vec::new())];
            for (xs, is_left) in [(left, true), (right, false)] {
                for o in xs {
                    let (on, off) = o.sides(u, graph)?;
                    for (half, x) in halves.iter_mut().zip([on, off]) {
                        if is_left { &mut half.0 } else { &mut half.1 }.push(x);
                    }
                }
            }
            let [(on_l, on_r), (off_l, off_r)] = halves;
            let on = match at {
                Some(v) => v,
                None => graph.vertex()?,
            };
            graph.set(on, on_l, on_r);
            let off = graph.vertex()?;
            graph.set(off, off_l, off_r);
            return Ok(Value::Sided(
                graph.side_vertex(on, true)?,
                graph.side_vertex(off, false)?,
            ));
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
            && !(self.at > start
                && self.toks[self.at] == Tok::Star
                && multiplies(&self.toks, &self.spaced, self.at, end))
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
                    return value.plus(u, graph, t);
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
                Some(if down { upon.negative(u, graph)? } else { upon })
            }
            _ => None,
        };
        if let Some(x) = suffix {
            let (a, b) = (self.loopy(u, graph, value)?, self.loopy(u, graph, x)?);
            value = Value::Loopy(graph.simple_sum(u, a, b)?);
            // A nimber after an upon: `^[on]*`.
            if self.peek(end) == Some(&Tok::Star) {
                let from = self.at;
                self.at += 1;
                if let Some(Tok::Num(_)) = self.peek(end) {
                    self.at += 1;
                }
                let star = Value::Short(u.parse(&self.piece(from, self.at))?);
                let (a, b) = (self.loopy(u, graph, value)?, self.loopy(u, graph, star)?);
                value = Value::Loopy(graph.simple_sum(u, a, b)?);
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
