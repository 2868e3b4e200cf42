//! CGSuite's notation for game values, read into a [`Universe`].
//!
//! ```text
//! expression := term (("+" | "-") term | ("+-" | "±") atom)*
//! term       := "-" term | tempered                (a sign just before a number is the number's:
//!                                                  -2^ is −2 + ↑)
//! tempered   := atom (("Cool" | "Heat") signed)*    (G Cool t, G Heat t: binding tighter than
//!                                                  sums and signs, as CGSuite's G.Cool(t):
//!                                                  {3|1} + * Cool 1 cools * alone)
//! signed     := ["-"] atom
//! atom       := [number] [arrows] [star]            (at least one: 3, 1/2, *, *3, ^, 1v*, ^^, v3)
//!             | "{" options "|" options "}"        (bars may be doubled: {a || b | c} = {a | {b | c}})
//!             | ("±" | "+-") atom                  ({x | −x}; ±{a,b} = {a,b | −a,−b})
//! (and `a +- b` is a + ±b)
//!             | [number] ("Tiny" | "Miny") "(" expression ")"   (x + Tiny(s))
//!             | "(" expression ")"
//! number     := digits ["/" digits]                (the denominator a power of two)
//! arrows     := "^"+ [digits] | "v"+ [digits]      (^^ = two ups, ^3 = three)
//!             | ("^" | "v") ("<" digits ">" | "[" digits "]")   (↑^<n>, ↑^[n])
//! star       := "*" [digits]
//! ```

use super::{Dyadic, Id, Kept, Universe};
use crate::GameError;

fn err(text: &str, why: impl std::fmt::Display) -> GameError {
    GameError::Invalid(format!("game '{text}': {why}"))
}

struct Parser<'a> {
    text: &'a str,
    toks: Vec<Tok>,
    /// Where each token starts (a column from 1), for messages.
    cols: Vec<usize>,
    /// Whether space comes before each token.
    spaced: Vec<bool>,
    at: usize,
    depth: u32,
}

mod kept;
mod lex;

pub(super) use lex::{tokens, Tok};

/// The methods written between two operands, as CGSuite reads `G Cool t` (`G.Cool(t)`):
/// below sums in precedence, left to right.
const INFIX: [&str; 6] = [
    "Cool",
    "Heat",
    "NortonProduct",
    "OrdinalSum",
    "Pow",
    "PowTo",
];

/// The words of the notation besides the methods written between operands ([`INFIX`]):
/// none of them can be a name.
const KEYWORDS: [&str; 9] = [
    "Tiny", "Miny", "pass", "on", "off", "over", "under", "dud", "upon",
];

/// Refuses a name that is not a single word, or is a word of the notation.
pub(crate) fn check_name(name: &str) -> Result<(), GameError> {
    let bad = |why: &str| GameError::Invalid(format!("name '{name}': {why}"));
    match tokens(name) {
        Ok((toks, _, _)) if toks == [Tok::Word(name.to_string())] => {}
        _ => {
            return Err(bad(
                "a name is a letter followed by letters, digits or '_' (and does not read as \
                 a value: not v, vv, v2)",
            ))
        }
    }
    if KEYWORDS.contains(&name) || INFIX.contains(&name) {
        return Err(bad("it is a word of the notation"));
    }
    Ok(())
}

/// Whether the `*` at `at` multiplies (`3 * G`, `3*{1|0}`, `3*(upon & v)`) rather than adds
/// a nimber (`3*`, `3*2`, `^* Heat 2`): with space before it and an operand after, or before
/// something a nimber's size cannot be.
pub(super) fn multiplies(toks: &[Tok], spaced: &[bool], at: usize, end: usize) -> bool {
    let next = (at + 1 < end).then(|| &toks[at + 1]);
    match next {
        None => false,
        Some(Tok::Word(w)) => !INFIX.contains(&w.as_str()),
        Some(t) => {
            spaced[at]
                || matches!(
                    t,
                    Tok::Open | Tok::Paren(true) | Tok::Up | Tok::Down | Tok::Star | Tok::PlusMinus
                )
        }
    }
}

/// Reads `text` as one expression.
pub(super) fn expression(u: &mut Universe, text: &str) -> Result<Id, GameError> {
    Parser::new(text)?.whole(u)
}

/// Reads `text` as one expression, keeping its form when it is a kept form alone.
pub(super) fn kept_expression(u: &mut Universe, text: &str) -> Result<Kept, GameError> {
    let mut p = Parser::new(text)?;
    let end = p.toks.len();
    if let Some(form) = p.kept_operand(u, end)? {
        if p.at == end {
            return Ok(form);
        }
    }
    // Not a kept form alone: the same tokens read again from the start, as a value.
    p.at = 0;
    p.whole(u).map(Kept::Value)
}

/// The bars between `from` and `to` outside nested brackets: (index, strokes).
pub(super) fn top_level_bars(toks: &[Tok], from: usize, to: usize) -> Vec<(usize, usize)> {
    let mut bars = Vec::new();
    let mut depth = 0i32;
    for (i, t) in toks.iter().enumerate().take(to).skip(from) {
        match t {
            Tok::Open | Tok::Paren(true) => depth += 1,
            Tok::Close | Tok::Paren(false) => depth -= 1,
            Tok::Bar(n) if depth == 0 => bars.push((i, *n)),
            _ => {}
        }
    }
    bars
}

/// Where the game written between `from` and `to` (inside braces) splits into Left's and
/// Right's options: at its widest bar (`{a || b | c}` is {a | {b | c}}); with whether each
/// side holds narrower bars (and so is one game).
pub(super) fn split_at_widest_bar(
    toks: &[Tok],
    from: usize,
    to: usize,
) -> Result<(usize, bool, bool), &'static str> {
    let bars = top_level_bars(toks, from, to);
    let widest = bars
        .iter()
        .map(|b| b.1)
        .max()
        .ok_or("a game in braces needs a bar between Left's and Right's options")?;
    let at: Vec<usize> = bars.iter().filter(|b| b.1 == widest).map(|b| b.0).collect();
    if at.len() > 1 {
        return Err("two bars of the same width at one level");
    }
    let split = at[0];
    Ok((
        split,
        bars.iter().any(|b| b.0 < split),
        bars.iter().any(|b| b.0 > split),
    ))
}

/// The index of the token before `end` closing the group opened just before `at`.
pub(super) fn matching(
    toks: &[Tok],
    at: usize,
    end: usize,
    open: impl Fn(&Tok) -> bool,
    close: impl Fn(&Tok) -> bool,
) -> Option<usize> {
    let mut depth = 1;
    for (i, t) in toks.iter().enumerate().take(end).skip(at) {
        if open(t) {
            depth += 1;
        } else if close(t) {
            depth -= 1;
            if depth == 0 {
                return Some(i);
            }
        }
    }
    None
}

/// The error for the token at `at` where reading stopped: what it is, where, and what was
/// expected there.
pub(super) fn unexpected(
    text: &str,
    toks: &[Tok],
    cols: &[usize],
    at: usize,
    expected: &str,
) -> GameError {
    match toks.get(at) {
        Some(t) => err(
            text,
            format_args!(
                "{t} at column {} was not expected here; expected {expected}",
                cols[at]
            ),
        ),
        None => err(
            text,
            format_args!("the expression ends too soon; expected {expected}"),
        ),
    }
}

/// After an option read up to `at` in a list ending at `to`: the end of the list, or a comma
/// and another option. Where the next option starts.
pub(super) fn after_option(
    text: &str,
    toks: &[Tok],
    cols: &[usize],
    at: usize,
    to: usize,
) -> Result<usize, GameError> {
    if at == to {
        return Ok(at);
    }
    if toks[at] != Tok::Comma {
        return Err(unexpected(
            text,
            toks,
            cols,
            at,
            "',' between options or a bar",
        ));
    }
    if at + 1 == to {
        return Err(err(text, "an option is missing after ','"));
    }
    Ok(at + 1)
}

/// What may follow an operand.
const EXPECTED_OPERATOR: &str =
    "an operator (+, -, *, :, a method such as .Cool(t) or Cool) or the end of the expression";

impl<'a> Parser<'a> {
    /// A reader at the start of `text`.
    fn new(text: &'a str) -> Result<Self, GameError> {
        let (toks, cols, spaced) = tokens(text)?;
        Ok(Parser {
            text,
            toks,
            cols,
            spaced,
            at: 0,
            depth: 0,
        })
    }

    /// All the tokens, from where reading stands, as one expression.
    fn whole(&mut self, u: &mut Universe) -> Result<Id, GameError> {
        if self.toks.is_empty() {
            return Err(err(self.text, "nothing to read"));
        }
        let g = self.sum(u, self.toks.len())?;
        if self.at != self.toks.len() {
            return Err(self.unexpected(EXPECTED_OPERATOR));
        }
        Ok(g)
    }

    /// The error for the token where reading stopped: what it is, where, and what was
    /// expected there.
    fn unexpected(&self, expected: &str) -> GameError {
        unexpected(self.text, &self.toks, &self.cols, self.at, expected)
    }

    fn peek(&self, end: usize) -> Option<&Tok> {
        (self.at < end).then(|| &self.toks[self.at])
    }

    /// An expression: sums with methods written between operands (`G Cool t`, `G Heat t`,
    /// `G NortonProduct U`, `G OrdinalSum H`) below them in precedence, left to right, as in
    /// CGSuite's grammar: `^ + * Heat 2` heats ↑*.
    fn sum(&mut self, u: &mut Universe, end: usize) -> Result<Id, GameError> {
        self.depth += 1;
        if self.depth > 200 {
            return Err(err(self.text, "nested too deeply"));
        }
        let mut g = self.additive(u, end)?;
        while let Some(Tok::Word(w)) = self.peek(end).cloned() {
            if !INFIX.contains(&w.as_str()) {
                break;
            }
            self.at += 1;
            let t = self.additive(u, end)?;
            g = self.method(u, g, &w, &[t])?;
        }
        self.depth -= 1;
        Ok(g)
    }

    /// Ordinal sums added and subtracted.
    fn additive(&mut self, u: &mut Universe, end: usize) -> Result<Id, GameError> {
        let mut g = self.ordinal(u, end)?;
        loop {
            match self.peek(end) {
                Some(Tok::Plus) => {
                    self.at += 1;
                    let h = self.ordinal(u, end)?;
                    g = u.add(g, h);
                }
                Some(Tok::Minus) => {
                    self.at += 1;
                    let h = self.ordinal(u, end)?;
                    g = u.sub(g, h);
                }
                // `3+-1` is 3 + ±1, as in CGSuite.
                Some(Tok::PlusMinus) => {
                    let h = self.ordinal(u, end)?;
                    g = u.add(g, h);
                }
                _ => break,
            }
        }
        Ok(g)
    }

    /// Products joined by ordinal sums, `G : H`, left to right (binding tighter than sums).
    /// An operand may be a form kept as written (`'{*|*}' : 1`), whose form the sum follows.
    fn ordinal(&mut self, u: &mut Universe, end: usize) -> Result<Id, GameError> {
        let mut g = self.ordinal_operand(u, end)?;
        while self.peek(end) == Some(&Tok::Colon) {
            self.at += 1;
            let h = self.ordinal_operand(u, end)?;
            g = Kept::Value(u.ordinal_sum_kept(&g, &h));
        }
        Ok(u.kept_value(&g))
    }

    fn ordinal_operand(&mut self, u: &mut Universe, end: usize) -> Result<Kept, GameError> {
        match self.kept_operand(u, end)? {
            Some(k) => Ok(k),
            None => Ok(Kept::Value(self.product(u, end)?)),
        }
    }

    /// Signed terms multiplied, `n * G` (binding tighter than ordinal sums).
    fn product(&mut self, u: &mut Universe, end: usize) -> Result<Id, GameError> {
        let mut g = self.term(u, end)?;
        while self.peek(end) == Some(&Tok::Star) {
            self.at += 1;
            let h = self.term(u, end)?;
            g = u.times(g, h).ok_or_else(|| {
                err(
                    self.text,
                    "a product is n * G or G * n for an integer n, or of two numbers",
                )
            })?;
        }
        Ok(g)
    }

    /// Whether the `*` at `at` multiplies (see [`multiplies`]).
    fn multiplies(&self, at: usize, end: usize) -> bool {
        multiplies(&self.toks, &self.spaced, at, end)
    }

    fn term(&mut self, u: &mut Universe, end: usize) -> Result<Id, GameError> {
        if self.peek(end) == Some(&Tok::Minus) {
            self.at += 1;
            // A sign before a number belongs to the number: -2^ is −2 + ↑, as it is shown.
            if let Some(Tok::Num(_)) = self.peek(end) {
                return self.postfix(u, end, true);
            }
            let g = self.term(u, end)?;
            return Ok(u.neg(g));
        }
        self.postfix(u, end, false)
    }

    /// An atom and the methods called on it: `G.Cool(1)`, `G.Mean`, `G.Overheat(1, 2)`.
    fn postfix(&mut self, u: &mut Universe, end: usize, negative: bool) -> Result<Id, GameError> {
        let mut g = self.atom(u, end, negative)?;
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
                    args.push(self.sum(u, close)?);
                    match self.peek(close) {
                        Some(Tok::Comma) => self.at += 1,
                        None => {}
                        Some(_) => return Err(self.unexpected("',' or ')'")),
                    }
                }
                self.at = close + 1;
            }
            g = self.method(u, g, &name, &args)?;
        }
        Ok(g)
    }

    /// `g.name(args)`: CGSuite's methods of a short game.
    fn method(&self, u: &mut Universe, g: Id, name: &str, args: &[Id]) -> Result<Id, GameError> {
        let want = |n: usize| {
            if args.len() == n {
                Ok(())
            } else {
                Err(err(
                    self.text,
                    format_args!(
                        "{name} takes {n} argument{} ({} given)",
                        if n == 1 { "" } else { "s" },
                        args.len()
                    ),
                ))
            }
        };
        let number = |u: &mut Universe, x: Dyadic| Ok(u.number(x));
        match name {
            "Cool" => {
                want(1)?;
                u.cool(g, args[0]).ok_or_else(|| {
                    err(
                        self.text,
                        "a game is cooled by a number above -1 (G Cool 1/2, G.Cool(1))",
                    )
                })
            }
            "Heat" => {
                want(1)?;
                Ok(u.heat(g, args[0]))
            }
            "Overheat" => {
                want(2)?;
                Ok(u.overheat(g, args[0], args[1]))
            }
            "NortonProduct" => {
                want(1)?;
                u.norton_product(g, args[0]).ok_or_else(|| {
                    err(
                        self.text,
                        "G.NortonProduct(U) takes a unit U greater than 0",
                    )
                })
            }
            "OrdinalSum" => {
                want(1)?;
                Ok(u.ordinal_sum(g, args[0]))
            }
            "Freeze" => {
                want(0)?;
                let t = u.thermograph(g).temperature;
                let t = u.number(t.max(Dyadic::ZERO));
                Ok(u.cool(g, t).unwrap_or(g))
            }
            "Mean" | "Temperature" | "LeftStop" | "RightStop" => {
                want(0)?;
                let x = match name {
                    "Mean" => u.thermograph(g).mean,
                    "Temperature" => u.thermograph(g).temperature,
                    "LeftStop" => u.left_stop(g),
                    _ => u.right_stop(g),
                };
                number(u, x)
            }
            "Birthday" => {
                want(0)?;
                let b = u.birthday(g);
                number(u, Dyadic::from_big(b.into(), 0))
            }
            "AtomicWeight" => {
                want(0)?;
                u.atomic_weight(g).ok_or_else(|| {
                    err(self.text, "the game is not atomic: it has no atomic weight")
                })
            }
            "ReducedCanonicalForm" => {
                want(0)?;
                Ok(u.reduced(g))
            }
            "CanonicalForm" | "Onside" | "Offside" => {
                // A short game is its own onside and offside (loopy games are not read yet).
                want(0)?;
                Ok(g)
            }
            "Degree" => {
                // The degree of loopiness: 0 for every short game.
                want(0)?;
                Ok(u.zero())
            }
            "Subordinate" => {
                want(1)?;
                u.subordinate_to(g, args[0]).ok_or_else(|| {
                    err(
                        self.text,
                        "that game cannot be subordinated to the base given",
                    )
                })
            }
            "Pow" | "PowTo" => {
                want(1)?;
                let r = if name == "Pow" {
                    u.pow(g, args[0])
                } else {
                    u.pow_to(g, args[0])
                };
                r.map_err(|why| err(self.text, format_args!("{name}: {why}")))
            }
            _ if super::PROPERTIES.contains(&name) || super::PREDICATES.contains(&name) => Err(err(
                self.text,
                format_args!(
                    "'{name}' says something of a game (games listed, true or false, a \
                     thermograph), so it is not a method that makes one: write it last, as in \
                     G.{name}"
                ),
            )),
            _ => Err(err(
                self.text,
                format_args!(
                    "'{name}' is not a method grundy knows (Cool, Heat, Overheat, \
                     NortonProduct, OrdinalSum, Pow, PowTo, Subordinate, Freeze, Mean, Temperature, LeftStop, \
                     RightStop, Birthday, AtomicWeight, ReducedCanonicalForm, CanonicalForm, \
                     Onside, Offside, Degree; and written last: LeftOptions, RightOptions, \
                     Incentives, Thermograph, Is…)"
                ),
            )),
        }
    }

    /// The number next, if digits come next.
    fn count(&mut self, end: usize) -> Option<num_bigint::BigUint> {
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
            None => Err(err(
                self.text,
                format_args!("{what} ({n} is more than {max})"),
            )),
        }
    }

    fn atom(&mut self, u: &mut Universe, end: usize, negative: bool) -> Result<Id, GameError> {
        let text = self.text;
        match self.peek(end).cloned() {
            Some(Tok::Open) => return self.braces(u, end),
            Some(Tok::Quote(true)) => {
                let start = self.at;
                self.at += 1;
                let close =
                    self.matching(end, |t| *t == Tok::Quote(true), |t| *t == Tok::Quote(false))?;
                self.at = start;
                let form = self.kept(u, close + 1)?;
                return Ok(u.kept_value(&form));
            }
            Some(Tok::Paren(true)) => {
                self.at += 1;
                let close =
                    self.matching(end, |t| *t == Tok::Paren(true), |t| *t == Tok::Paren(false))?;
                let g = self.sum(u, close)?;
                if self.at != close {
                    return Err(err(text, "unexpected text before ')'"));
                }
                self.at = close + 1;
                return Ok(g);
            }
            Some(Tok::PlusMinus) => {
                self.at += 1;
                // ±{a, b} (a list in braces, no bar) is {a, b | −b, −a}; ±x is {x | −x}.
                let xs = match self.peek(end) {
                    Some(Tok::Open) => {
                        let open = self.at;
                        self.at += 1;
                        let close =
                            self.matching(end, |t| *t == Tok::Open, |t| *t == Tok::Close)?;
                        if self.top_level_bar(open + 1, close) {
                            self.at = open;
                            vec![self.atom(u, end, false)?]
                        } else {
                            let xs = self.side(u, open + 1, close, false)?;
                            self.at = close + 1;
                            xs
                        }
                    }
                    _ => vec![self.atom(u, end, false)?],
                };
                let nxs: Vec<Id> = xs.iter().map(|&x| u.neg(x)).collect();
                return Ok(u.game(&xs, &nxs));
            }
            Some(Tok::Word(w)) if w == "Tiny" || w == "Miny" => {
                self.at += 1;
                if self.peek(end) != Some(&Tok::Paren(true)) {
                    return Err(err(text, format_args!("{w} takes a value in parentheses")));
                }
                let x = self.atom(u, end, false)?;
                // Tiny(x) = {0 || 0 | −x}; Miny(x) = −Tiny(x).
                let zero = u.zero();
                let nx = u.neg(x);
                let inner = u.game(&[zero], &[nx]);
                let tiny = u.game(&[zero], &[inner]);
                return Ok(if w == "Tiny" { tiny } else { u.neg(tiny) });
            }
            Some(Tok::Word(w)) => {
                if let Some(form) = u.named_kept(&w).cloned() {
                    self.at += 1;
                    return Ok(u.kept_value(&form));
                }
                return match u.named(&w) {
                    Some(g) => {
                        self.at += 1;
                        Ok(g)
                    }
                    None => Err(err(
                        text,
                        format_args!(
                            "unknown word '{w}' (a name is given a value with `{w} := …` in a \
                             session: `grundy cgt` reading lines from standard input)"
                        ),
                    )),
                };
            }
            _ => {}
        }
        // [number] [arrows] [star]
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
        // x Tiny(s), x Miny(s): a number translating a tiny, as CGSuite writes it.
        if self.at > start {
            if let Some(Tok::Word(w)) = self.peek(end) {
                if w == "Tiny" || w == "Miny" {
                    let t = self.atom(u, end, false)?;
                    let n = u.number(x);
                    return Ok(u.add(n, t));
                }
            }
        }
        let mut ups = 0i32;
        let mut shape = super::Shape::Ups;
        while let Some(t @ (Tok::Up | Tok::Down)) = self.peek(end).cloned() {
            let step = if t == Tok::Up { 1 } else { -1 };
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
                    shape = if angle {
                        super::Shape::Pow
                    } else {
                        super::Shape::PowTo
                    };
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
        let mut star = 0u32;
        if self.peek(end) == Some(&Tok::Star)
            && (self.at == start || !self.multiplies(self.at, end))
        {
            self.at += 1;
            star = 1;
            if let Some(k) = self.small_count(end, u32::MAX, "*n takes n up to 2^32 - 1")? {
                star = k;
            }
        }
        if self.at == start {
            return Err(match self.peek(end) {
                Some(_) => self.unexpected("a number, a nimber (*n), ups (^, v) or a game {L|R}"),
                None => err(text, "an expression ends too soon"),
            });
        }
        Ok(if ups == 0 {
            let n = u.number(x);
            let s = u.nimber(star);
            u.add(n, s)
        } else {
            u.uptimal(shape, x, ups, star)
        })
    }

    /// Whether a bar stands between `from` and `to` outside nested brackets.
    fn top_level_bar(&self, from: usize, to: usize) -> bool {
        !self.top_level_bars(from, to).is_empty()
    }

    fn top_level_bars(&self, from: usize, to: usize) -> Vec<(usize, usize)> {
        top_level_bars(&self.toks, from, to)
    }

    /// The index of the token closing the group opened just before `self.at`.
    fn matching(
        &self,
        end: usize,
        open: impl Fn(&Tok) -> bool,
        close: impl Fn(&Tok) -> bool,
    ) -> Result<usize, GameError> {
        matching(&self.toks, self.at, end, open, close)
            .ok_or_else(|| err(self.text, "a bracket is not closed"))
    }

    fn braces(&mut self, u: &mut Universe, end: usize) -> Result<Id, GameError> {
        self.at += 1; // `{`
        let close = self.matching(end, |t| *t == Tok::Open, |t| *t == Tok::Close)?;
        let g = self.slots(u, self.at, close)?;
        self.at = close + 1;
        Ok(g)
    }

    /// The game written between `from` and `to` (inside braces): split at its widest bar.
    fn slots(&mut self, u: &mut Universe, from: usize, to: usize) -> Result<Id, GameError> {
        let (split, nested_left, nested_right) =
            split_at_widest_bar(&self.toks, from, to).map_err(|why| err(self.text, why))?;
        let left = self.side(u, from, split, nested_left)?;
        let right = self.side(u, split + 1, to, nested_right)?;
        Ok(u.game(&left, &right))
    }

    /// One side of a bar: a list of options, or (if it holds narrower bars) one game.
    fn side(
        &mut self,
        u: &mut Universe,
        from: usize,
        to: usize,
        nested: bool,
    ) -> Result<Vec<Id>, GameError> {
        if nested {
            return Ok(vec![self.slots(u, from, to)?]);
        }
        let mut options = Vec::new();
        self.at = from;
        while self.at < to {
            options.push(self.sum(u, to)?);
            self.at = after_option(self.text, &self.toks, &self.cols, self.at, to)?;
        }
        Ok(options)
    }
}
