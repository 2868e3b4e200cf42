//! The parser: tokens into a syntax tree, by recursive descent, each rule reading the tokens
//! before an end (a game's options are read up to its bar, its bar up to its brace).

use super::lex::{tokens, Tok};
use super::{err, Constant, Expr, Item, Literal, INFIX};
use super::{Dyadic, Shape};
use crate::GameError;
use num_bigint::BigUint;

/// What may follow an operand.
const EXPECTED_OPERATOR: &str =
    "an operator (+, -, *, :, &, a method such as .Cool(t) or Cool) or the end of the expression";

/// Deepest nesting read.
const NESTING_LIMIT: u32 = 200;

pub(super) struct Parser<'a> {
    text: &'a str,
    pub(super) toks: Vec<Tok>,
    /// Where each token starts (a column from 1), for messages.
    pub(super) cols: Vec<usize>,
    /// Whether space comes before each token.
    spaced: Vec<bool>,
    pub(super) at: usize,
    depth: u32,
}

impl<'a> Parser<'a> {
    pub(super) fn new(text: &'a str) -> Result<Self, GameError> {
        let (toks, cols, spaced) = tokens(text)?;
        if toks.is_empty() {
            return Err(err(text, "nothing to read"));
        }
        Ok(Parser {
            text,
            toks,
            cols,
            spaced,
            at: 0,
            depth: 0,
        })
    }

    /// The tokens from here to `end` as one expression.
    pub(super) fn whole(&mut self, end: usize) -> Result<Expr, GameError> {
        let e = self.expression(end)?;
        if self.at != end {
            return Err(self.unexpected(EXPECTED_OPERATOR));
        }
        Ok(e)
    }

    fn err(&self, why: impl std::fmt::Display) -> GameError {
        err(self.text, why)
    }

    /// The error for the token where reading stopped: what it is, where, and what was
    /// expected there.
    fn unexpected(&self, expected: &str) -> GameError {
        match self.toks.get(self.at) {
            Some(t) => self.err(format_args!(
                "{t} at column {} was not expected here; expected {expected}",
                self.cols[self.at]
            )),
            None => self.err(format_args!(
                "the expression ends too soon; expected {expected}"
            )),
        }
    }

    fn peek(&self, end: usize) -> Option<&Tok> {
        (self.at < end).then(|| &self.toks[self.at])
    }

    fn nest(&mut self) -> Result<(), GameError> {
        self.depth += 1;
        if self.depth > NESTING_LIMIT {
            return Err(self.err("nested too deeply"));
        }
        Ok(())
    }

    /// The index of the token before `end` closing the group opened just before `self.at`.
    fn matching(
        &self,
        end: usize,
        open: impl Fn(&Tok) -> bool,
        close: impl Fn(&Tok) -> bool,
    ) -> Result<usize, GameError> {
        let mut depth = 1;
        for (i, t) in self.toks.iter().enumerate().take(end).skip(self.at) {
            if open(t) {
                depth += 1;
            } else if close(t) {
                depth -= 1;
                if depth == 0 {
                    return Ok(i);
                }
            }
        }
        let opened = self.at - 1;
        Err(self.err(format_args!(
            "a bracket is not closed: {} at column {}",
            self.toks[opened], self.cols[opened]
        )))
    }

    fn expression(&mut self, end: usize) -> Result<Expr, GameError> {
        self.nest()?;
        let g = self.infix(end)?;
        let g = if self.peek(end) == Some(&Tok::Amp) {
            self.at += 1;
            let h = self.infix(end)?;
            Expr::Sided(Box::new(g), Box::new(h))
        } else {
            g
        };
        self.depth -= 1;
        Ok(g)
    }

    /// Sums with methods written between operands below them: `^ + * Heat 2` heats ↑*.
    fn infix(&mut self, end: usize) -> Result<Expr, GameError> {
        let g = self.additive(end)?;
        let mut calls = Vec::new();
        while let Some(Tok::Word(w)) = self.peek(end).cloned() {
            if !INFIX.contains(&w.as_str()) {
                break;
            }
            self.at += 1;
            let t = self.additive(end)?;
            calls.push((w, vec![t]));
        }
        Ok(if calls.is_empty() {
            g
        } else {
            Expr::Call {
                on: Box::new(g),
                calls,
            }
        })
    }

    fn additive(&mut self, end: usize) -> Result<Expr, GameError> {
        let first = self.ordinal(end)?;
        let mut terms = vec![];
        loop {
            let minus = match self.peek(end) {
                Some(Tok::Plus) => {
                    self.at += 1;
                    false
                }
                Some(Tok::Minus) => {
                    self.at += 1;
                    true
                }
                // `3+-1` is 3 + ±1, as in CGSuite.
                Some(Tok::PlusMinus) => false,
                _ => break,
            };
            terms.push((minus, self.ordinal(end)?));
        }
        Ok(if terms.is_empty() {
            first
        } else {
            terms.insert(0, (false, first));
            Expr::Sum(terms)
        })
    }

    fn ordinal(&mut self, end: usize) -> Result<Expr, GameError> {
        let mut xs = vec![self.product(end)?];
        while self.peek(end) == Some(&Tok::Colon) {
            self.at += 1;
            xs.push(self.product(end)?);
        }
        Ok(if xs.len() == 1 {
            xs.pop().expect("one")
        } else {
            Expr::Ordinal(xs)
        })
    }

    fn product(&mut self, end: usize) -> Result<Expr, GameError> {
        let mut xs = vec![self.term(end)?];
        while self.peek(end) == Some(&Tok::Star) {
            self.at += 1;
            xs.push(self.term(end)?);
        }
        Ok(if xs.len() == 1 {
            xs.pop().expect("one")
        } else {
            Expr::Product(xs)
        })
    }

    fn term(&mut self, end: usize) -> Result<Expr, GameError> {
        if self.peek(end) == Some(&Tok::Minus) {
            self.at += 1;
            // A sign before a number belongs to the number: -2^ is −2 + ↑, as it is shown.
            if let Some(Tok::Num(_)) = self.peek(end) {
                return self.postfix(end, true);
            }
            self.nest()?;
            let g = self.term(end)?;
            self.depth -= 1;
            return Ok(Expr::Negative(Box::new(g)));
        }
        self.postfix(end, false)
    }

    /// An atom and the methods called on it: `G.Cool(1)`, `G.Mean`, `G.Overheat(1, 2)`.
    fn postfix(&mut self, end: usize, negative: bool) -> Result<Expr, GameError> {
        let g = self.atom(end, negative)?;
        let mut calls = Vec::new();
        while self.peek(end) == Some(&Tok::Dot) {
            self.at += 1;
            let Some(Tok::Word(name)) = self.peek(end).cloned() else {
                return Err(self.unexpected("a method's name after '.'"));
            };
            self.at += 1;
            let mut args = Vec::new();
            if self.peek(end) == Some(&Tok::Paren(true)) {
                self.at += 1;
                let close =
                    self.matching(end, |t| *t == Tok::Paren(true), |t| *t == Tok::Paren(false))?;
                while self.at < close {
                    args.push(self.expression(close)?);
                    match self.peek(close) {
                        Some(Tok::Comma) => self.at += 1,
                        None => {}
                        Some(_) => return Err(self.unexpected("',' or ')'")),
                    }
                }
                self.at = close + 1;
            }
            calls.push((name, args));
        }
        Ok(if calls.is_empty() {
            g
        } else {
            Expr::Call {
                on: Box::new(g),
                calls,
            }
        })
    }

    fn atom(&mut self, end: usize, negative: bool) -> Result<Expr, GameError> {
        let col = self.cols.get(self.at).copied().unwrap_or(0);
        match self.peek(end).cloned() {
            Some(Tok::Open) => return self.braces(end, None),
            Some(Tok::Quote(true)) => return self.kept(end),
            Some(Tok::Paren(true)) => {
                self.at += 1;
                let close =
                    self.matching(end, |t| *t == Tok::Paren(true), |t| *t == Tok::Paren(false))?;
                let g = self.expression(close)?;
                if self.at != close {
                    return Err(self.unexpected("')'"));
                }
                self.at = close + 1;
                return Ok(g);
            }
            Some(Tok::PlusMinus) => {
                self.at += 1;
                // ±{a, b} (a list in braces, no bar) is {a, b | −b, −a}; ±x is {x | −x}.
                if self.peek(end) == Some(&Tok::Open) {
                    let open = self.at;
                    self.at += 1;
                    let close = self.matching(end, |t| *t == Tok::Open, |t| *t == Tok::Close)?;
                    if self.top_level_bars(open + 1, close).is_empty() {
                        let xs = self.side(open + 1, close, false)?;
                        self.at = close + 1;
                        return Ok(Expr::PlusMinus(xs));
                    }
                    self.at = open;
                }
                return Ok(Expr::PlusMinus(vec![self.atom(end, false)?]));
            }
            Some(Tok::Word(w)) if w == "Tiny" || w == "Miny" => {
                self.at += 1;
                if self.peek(end) != Some(&Tok::Paren(true)) {
                    return Err(self.err(format_args!("{w} takes a value in parentheses")));
                }
                let of = self.atom(end, false)?;
                return Ok(Expr::Tiny {
                    tiny: w == "Tiny",
                    of: Box::new(of),
                });
            }
            Some(Tok::Word(w)) if w == "pass" => {
                self.at += 1;
                return Ok(Expr::Pass { col });
            }
            Some(Tok::Word(w)) if Constant::of(&w).is_some() => {
                self.at += 1;
                return Ok(Expr::Constant(Constant::of(&w).expect("a constant")));
            }
            Some(Tok::Word(w)) if self.at + 1 < end && self.toks[self.at + 1] == Tok::Open => {
                self.at += 1;
                return self.braces(end, Some(w));
            }
            Some(Tok::Word(word)) => {
                self.at += 1;
                return Ok(Expr::Name { word, col });
            }
            Some(Tok::Star) if self.toks.get(self.at + 1) == Some(&Tok::Square(true)) => {
                self.at += 2;
                return self.items(end).map(Expr::Misere);
            }
            _ => {}
        }
        self.literal(end, negative)
    }

    /// `[number] [Tiny(x)] [arrows] [star]`, and a loopy constant after it.
    fn literal(&mut self, end: usize, negative: bool) -> Result<Expr, GameError> {
        let text = self.text;
        let start = self.at;
        let mut x = Dyadic::ZERO;
        if let Some(n) = self.count(end) {
            let mut exp = 0;
            if self.peek(end) == Some(&Tok::Slash) {
                self.at += 1;
                let d = self
                    .count(end)
                    .ok_or_else(|| err(text, "a fraction needs its denominator"))?;
                let power = d.trailing_zeros().filter(|&z| d.bits() == z + 1);
                exp = match power.and_then(|z| u32::try_from(z).ok()) {
                    Some(z) => z,
                    None => {
                        return Err(err(
                            text,
                            format_args!(
                                "{n}/{d}: a short game's numbers have a power of two below"
                            ),
                        ))
                    }
                };
            }
            x = Dyadic::from_big(n.into(), exp);
            if negative {
                x = -x;
            }
        }
        let mut literal = Literal {
            number: x,
            ups: 0,
            shape: Shape::Ups,
            star: 0,
        };
        // x Tiny(s), x Miny(s): a number translating a tiny, as CGSuite writes it.
        if self.at > start {
            if let Some(Tok::Word(w)) = self.peek(end) {
                if w == "Tiny" || w == "Miny" {
                    let t = self.atom(end, false)?;
                    return Ok(Expr::Sum(vec![(false, Expr::Literal(literal)), (false, t)]));
                }
            }
        }
        let mut ups = 0i32;
        let mut upon = None;
        while let Some(t @ (Tok::Up | Tok::Down)) = self.peek(end).cloned() {
            let step = if t == Tok::Up { 1 } else { -1 };
            // `^[on]` (upon) or `^<on>` (upon-th), either arrow.
            if let Some(which) = self.upon_at(self.at, end) {
                self.at += 4;
                upon = Some((which, step < 0));
                break;
            }
            if ups != 0 && ups.signum() != step {
                return Err(err(text, "ups and downs mixed in one term"));
            }
            self.at += 1;
            ups += step;
            // ^<n> (↑ to the n-th) and ^[n] (↑^[n]) after a single arrow.
            if let Some(Tok::Angle(true) | Tok::Square(true)) = self.peek(end) {
                let angle = self.peek(end) == Some(&Tok::Angle(true));
                self.at += 1;
                let k = self
                    .small_count(end, 1000, "^<n> and ^[n] are built for n up to 1000")?
                    .filter(|&k| k >= 1 && ups.abs() == 1)
                    .ok_or_else(|| {
                        err(text, "^<n> and ^[n] take one arrow and n from 1 to 1000")
                    })?;
                let closing = if angle {
                    Tok::Angle(false)
                } else {
                    Tok::Square(false)
                };
                if self.peek(end) != Some(&closing) {
                    return Err(err(text, "^<n> or ^[n] is not closed"));
                }
                self.at += 1;
                ups = step * k as i32;
                if k > 1 {
                    literal.shape = if angle { Shape::Pow } else { Shape::PowTo };
                }
                break;
            }
            let most = i32::MAX as u32;
            if let Some(k) = self.small_count(end, most, "^n and vn take n up to 2^31 - 1")? {
                if ups.abs() != 1 {
                    return Err(err(text, "write ^3 or ^^^, not both"));
                }
                ups = step * k as i32;
                break;
            }
        }
        literal.ups = ups;
        if upon.is_none() {
            literal.star = self.star(end, start)?;
        }
        // A pseudonumber: a loopy constant written after a number, `3/2over`.
        if upon.is_none() && self.at > start {
            if let Some(Tok::Word(w)) = self.peek(end) {
                if w == "over" || w == "under" {
                    upon = Some((Constant::of(w).expect("a constant"), false));
                    self.at += 1;
                }
            }
        }
        if let Some((suffix, down)) = upon {
            let star = self.star(end, usize::MAX)?;
            return Ok(Expr::Pseudo {
                number: literal,
                suffix,
                down,
                star,
            });
        }
        if self.at == start {
            return Err(match self.peek(end) {
                Some(_) => self.unexpected("a number, a nimber (*n), ups (^, v) or a game {L|R}"),
                None => err(text, "an expression ends too soon"),
            });
        }
        Ok(Expr::Literal(literal))
    }

    /// `*` or `*n` here (0 if none): a nimber, unless the `*` multiplies (with space before
    /// it and an operand after, or before something a nimber's size cannot be; never the
    /// first token of a literal starting at `start`).
    fn star(&mut self, end: usize, start: usize) -> Result<u32, GameError> {
        if self.peek(end) != Some(&Tok::Star) || (self.at != start && self.multiplies(end)) {
            return Ok(0);
        }
        self.at += 1;
        Ok(self
            .small_count(end, u32::MAX, "*n takes n up to 2^32 - 1")?
            .unwrap_or(1))
    }

    /// Whether the `*` here multiplies (`3 * G`, `3*{1|0}`, `3*(upon & v)`) rather than
    /// adds a nimber (`3*`, `3*2`, `^* Heat 2`).
    fn multiplies(&self, end: usize) -> bool {
        let next = (self.at + 1 < end).then(|| &self.toks[self.at + 1]);
        match next {
            None => false,
            Some(Tok::Word(w)) => !INFIX.contains(&w.as_str()),
            Some(t) => {
                self.spaced[self.at]
                    || matches!(
                        t,
                        Tok::Open
                            | Tok::Paren(true)
                            | Tok::Up
                            | Tok::Down
                            | Tok::Star
                            | Tok::PlusMinus
                    )
            }
        }
    }

    /// `^[on]` or `^<on>` (either arrow) at `i`: upon or upon-th.
    fn upon_at(&self, i: usize, end: usize) -> Option<Constant> {
        if i + 3 >= end || self.toks.get(i + 2) != Some(&Tok::Word("on".into())) {
            return None;
        }
        match (&self.toks[i + 1], &self.toks[i + 3]) {
            (Tok::Square(true), Tok::Square(false)) => Some(Constant::Upon),
            (Tok::Angle(true), Tok::Angle(false)) => Some(Constant::Uponth),
            _ => None,
        }
    }

    /// The number next, if digits come next.
    fn count(&mut self, end: usize) -> Option<BigUint> {
        match self.peek(end) {
            Some(Tok::Num(n)) => {
                let n = n.clone();
                self.at += 1;
                Some(n)
            }
            _ => None,
        }
    }

    /// The number next, if digits come next: refused, saying `what`, beyond `max`.
    fn small_count(&mut self, end: usize, max: u32, what: &str) -> Result<Option<u32>, GameError> {
        let Some(n) = self.count(end) else {
            return Ok(None);
        };
        match u32::try_from(&n).ok().filter(|&k| k <= max) {
            Some(k) => Ok(Some(k)),
            None => Err(self.err(format_args!("{what} ({n} is more than {max})"))),
        }
    }

    /// The bars between `from` and `to` outside nested brackets: (index, strokes).
    fn top_level_bars(&self, from: usize, to: usize) -> Vec<(usize, usize)> {
        let mut bars = Vec::new();
        let mut depth = 0i32;
        for (i, t) in self.toks.iter().enumerate().take(to).skip(from) {
            match t {
                Tok::Open | Tok::Paren(true) => depth += 1,
                Tok::Close | Tok::Paren(false) => depth -= 1,
                Tok::Bar(n) if depth == 0 => bars.push((i, *n)),
                _ => {}
            }
        }
        bars
    }

    /// `{…}` from here (at its brace), labelled or not.
    fn braces(&mut self, end: usize, label: Option<String>) -> Result<Expr, GameError> {
        self.at += 1; // `{`
        let close = self.matching(end, |t| *t == Tok::Open, |t| *t == Tok::Close)?;
        let g = self.slots(self.at, close, label)?;
        self.at = close + 1;
        Ok(g)
    }

    /// The game written between `from` and `to` (inside braces): split at its widest bar
    /// (`{a || b | c}` is {a | {b | c}}).
    fn slots(&mut self, from: usize, to: usize, label: Option<String>) -> Result<Expr, GameError> {
        self.nest()?;
        let bars = self.top_level_bars(from, to);
        let widest = bars.iter().map(|b| b.1).max().ok_or_else(|| {
            self.err("a game in braces needs a bar between Left's and Right's options")
        })?;
        let at: Vec<usize> = bars.iter().filter(|b| b.1 == widest).map(|b| b.0).collect();
        if at.len() > 1 {
            return Err(self.err("two bars of the same width at one level"));
        }
        let split = at[0];
        let left = self.side(from, split, bars.iter().any(|b| b.0 < split))?;
        let right = self.side(split + 1, to, bars.iter().any(|b| b.0 > split))?;
        self.depth -= 1;
        Ok(Expr::Game { label, left, right })
    }

    /// One side of a bar: a list of options (`pass` among them), or (if it holds narrower
    /// bars) one game.
    fn side(&mut self, from: usize, to: usize, nested: bool) -> Result<Vec<Expr>, GameError> {
        if nested {
            return Ok(vec![self.slots(from, to, None)?]);
        }
        let mut options = Vec::new();
        self.at = from;
        while self.at < to {
            options.push(self.expression(to)?);
            if self.at == to {
                break;
            }
            if self.toks[self.at] != Tok::Comma {
                return Err(self.unexpected("',' between options or a bar"));
            }
            if self.at + 1 == to {
                return Err(self.err("an option is missing after ','"));
            }
            self.at += 1;
        }
        Ok(options)
    }

    /// A form kept as written, `'{a, b | c}'`, from its opening quote.
    fn kept(&mut self, end: usize) -> Result<Expr, GameError> {
        self.at += 1; // the opening quote
        let close = self.matching(end, |t| *t == Tok::Quote(true), |t| *t == Tok::Quote(false))?;
        if self.peek(close) != Some(&Tok::Open) || self.toks[close - 1] != Tok::Close {
            return Err(self.err("a kept form is a game in braces within quotes: '{…|…}'"));
        }
        let from = self.at + 1;
        self.at = from;
        if self.matching(close, |t| *t == Tok::Open, |t| *t == Tok::Close)? != close - 1 {
            return Err(self.err("a kept form is one game in braces within quotes"));
        }
        let g = self.slots(from, close - 1, None)?;
        self.at = close + 1;
        Ok(Expr::Kept(Box::new(g)))
    }

    /// A misère form's entries after `*[`, up to and including its `]`.
    fn items(&mut self, end: usize) -> Result<Vec<Item>, GameError> {
        self.nest()?;
        let close = self.matching(
            end,
            |t| *t == Tok::Square(true),
            |t| *t == Tok::Square(false),
        )?;
        let mut items = Vec::new();
        while self.at < close {
            let item = match (self.peek(close).cloned(), self.toks.get(self.at + 1)) {
                (Some(Tok::Square(true)), _) => {
                    self.at += 1;
                    Item::List(self.items(close)?)
                }
                (Some(Tok::Num(n)), Some(Tok::Comma | Tok::Square(false))) => {
                    self.at += 1;
                    Item::Heap(n)
                }
                _ => Item::Game(self.expression(close)?),
            };
            items.push(item);
            match self.peek(close) {
                None => {}
                Some(Tok::Comma) if self.at + 1 < close => self.at += 1,
                Some(_) => return Err(self.unexpected("',' or ']'")),
            }
        }
        self.at = close + 1;
        self.depth -= 1;
        Ok(items)
    }
}
