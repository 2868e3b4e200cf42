//! A loopy game read from the syntax tree of CGSuite's notation ([`crate::cgt::syntax`])
//! into a [`Graph`]: on = {pass | } (Left may always move), off = { | pass}, over =
//! {0 | pass}, under = {pass | 0}, upon = {pass | *} and dud = {pass | pass} (Winning Ways
//! ch. 11); `pass` among a game's options is a move to the game itself; `a{0 | a}` labels a
//! game so that its followers may move back to it (and later parts of the expression name
//! it too). `S & T` is the sided value with onside S and offside T (stoppers, T ≤ S; Siegel,
//! CGT VI.3); sided values add, negate and stand as options, side by side. What is short
//! in the expression is read as a short game (`{1|-1} + on`), its methods too.

use super::{Graph, Id, Universe};
use crate::cgt::read::{literal, Reader as ShortReader, METHODS};
use crate::cgt::syntax::{self, Constant, Expr};
use crate::GameError;
use rustc_hash::FxHashMap as HashMap;

mod values;

/// The largest |n| of a multiple `n * G` of a loopy game (each doubling simplifies a sum).
const MULTIPLE_LIMIT: u64 = 1 << 20;

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

/// Reads `text`, an expression in CGSuite's notation (loopy or not), into `graph`.
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
    let e = syntax::expression(text)?;
    read(u, graph, text, &e)
}

/// The value the tree `e` of the expression `text` writes, read into `graph` (names given
/// to games of `graph` and to values of `u` stand for them).
pub fn read(u: &mut Universe, graph: &mut Graph, text: &str, e: &Expr) -> Result<Value, GameError> {
    let mut r = Reader {
        text,
        labels: HashMap::default(),
        constants: HashMap::default(),
        passes: Vec::new(),
        used: HashMap::default(),
    };
    let v = r.value(u, graph, e)?;
    u.check()?;
    Ok(v)
}

struct Reader<'a> {
    text: &'a str,
    /// Labels in scope: the vertex each names.
    labels: HashMap<String, usize>,
    /// The constants made so far, each once per expression.
    constants: HashMap<Constant, usize>,
    /// The games being read, innermost last: what `pass` moves to.
    passes: Vec<usize>,
    /// Vertices referred to (by a label or `pass`) while being read.
    used: HashMap<usize, bool>,
}

impl Reader<'_> {
    fn short(&self) -> ShortReader<'_> {
        ShortReader { text: self.text }
    }

    /// The vertex of a game (a short one embedded); a sided value is not one game.
    fn loopy(&self, u: &mut Universe, graph: &mut Graph, v: Value) -> Result<usize, GameError> {
        v.vertex(u, graph).map_err(|e| match (v, e) {
            (Value::Sided(..), GameError::Invalid(why)) => err(self.text, why),
            (_, e) => e,
        })
    }

    fn value(&mut self, u: &mut Universe, graph: &mut Graph, e: &Expr) -> Result<Value, GameError> {
        match e {
            Expr::Literal(l) => Ok(Value::Short(literal(u, l))),
            Expr::Kept(_) => Ok(Value::Short(self.short().value(u, e)?)),
            Expr::Game { label, left, right } => {
                let v = graph.vertex()?;
                // A label names its game inside the braces and after them; a label given
                // again inside names the inner game there only.
                let outer = label
                    .as_ref()
                    .and_then(|l| self.labels.insert(l.clone(), v));
                self.passes.push(v);
                let sides = self
                    .options(u, graph, left)
                    .and_then(|l| self.options(u, graph, right).map(|r| (l, r)));
                self.passes.pop();
                if let (Some(l), Some(outer)) = (label, outer) {
                    self.labels.insert(l.clone(), outer);
                }
                let (left, right) = sides?;
                self.build(u, graph, Some(v), left, right)
            }
            Expr::PlusMinus(xs) => {
                let xs = self.options(u, graph, xs)?;
                let mut nxs = Vec::with_capacity(xs.len());
                for &x in &xs {
                    nxs.push(x.negative(u, graph)?);
                }
                self.build(u, graph, None, xs, nxs)
            }
            Expr::Tiny { tiny, of } => {
                // Tiny(x) = {0 || 0 | −x}, Miny(x) = −Tiny(x), for any game x.
                let x = self.value(u, graph, of)?;
                let nx = x.negative(u, graph)?;
                let zero = Value::Short(u.zero());
                let inner = self.build(u, graph, None, vec![zero], vec![nx])?;
                let t = self.build(u, graph, None, vec![zero], vec![inner])?;
                if *tiny {
                    Ok(t)
                } else {
                    t.negative(u, graph)
                }
            }
            Expr::Name { word, .. } => match self.labels.get(word) {
                Some(&v) => {
                    self.used.insert(v, true);
                    Ok(Value::Loopy(v))
                }
                None if graph.named(word).is_some() => Ok(graph.named(word).expect("looked up")),
                None if u.named(word).is_some() => Ok(Value::Short(self.short().value(u, e)?)),
                None => Err(err(
                    self.text,
                    format_args!(
                        "unknown word '{word}' (a label names the game in braces it stands \
                         before, a{{0|a}}, and is used inside them or after them)"
                    ),
                )),
            },
            Expr::Constant(c) => Ok(Value::Loopy(self.constant(graph, u, *c)?)),
            Expr::Pass { col } => Err(err(
                self.text,
                format_args!(
                    "'pass' at column {col} is an option, a move to the game being written \
                     ({{0|pass}}), not a game"
                ),
            )),
            Expr::Negative(g) => self.value(u, graph, g)?.negative(u, graph),
            Expr::Sum(terms) => {
                let mut sum: Option<Value> = None;
                for (minus, t) in terms {
                    let mut h = self.value(u, graph, t)?;
                    if *minus {
                        h = h.negative(u, graph)?;
                    }
                    sum = Some(match sum {
                        None => h,
                        Some(g) => g.plus(u, graph, h)?,
                    });
                }
                Ok(sum.expect("a sum has terms"))
            }
            Expr::Product(xs) => {
                let mut g = self.value(u, graph, &xs[0])?;
                for x in &xs[1..] {
                    let h = self.value(u, graph, x)?;
                    g = self.times(u, graph, g, h)?;
                }
                Ok(g)
            }
            Expr::Ordinal(xs) => self.ordinal(u, graph, xs),
            Expr::Call { on, calls } => {
                let mut g = self.value(u, graph, on)?;
                for (name, args) in calls {
                    let mut values = Vec::with_capacity(args.len());
                    for a in args {
                        values.push(self.value(u, graph, a)?);
                    }
                    g = self.call(u, graph, g, name, &values)?;
                }
                Ok(g)
            }
            Expr::Sided(s, t) => {
                let s = self.value(u, graph, s)?;
                let t = self.value(u, graph, t)?;
                self.sided(u, graph, s, t)
            }
            Expr::Pseudo {
                number,
                suffix,
                down,
                star,
            } => {
                // A number, then the constant after it (`3/2over`, `-1/4v[on]*`).
                let n = Value::Short(literal(u, number));
                let mut c = Value::Loopy(self.constant(graph, u, *suffix)?);
                if *down {
                    c = c.negative(u, graph)?;
                }
                let (a, b) = (self.loopy(u, graph, n)?, self.loopy(u, graph, c)?);
                let mut value = graph.simple_sum(u, a, b)?;
                if *star > 0 {
                    let s = u.nimber(*star);
                    let s = graph.embed(u, s)?;
                    value = graph.simple_sum(u, value, s)?;
                }
                Ok(Value::Loopy(value))
            }
            Expr::Misere(_) => Err(err(
                self.text,
                "a misère form *[…] is not a game of normal play: it is added to misère \
                 forms and nimbers only",
            )),
        }
    }

    /// Options in braces: `pass` the game being read.
    fn options(
        &mut self,
        u: &mut Universe,
        graph: &mut Graph,
        xs: &[Expr],
    ) -> Result<Vec<Value>, GameError> {
        let mut out = Vec::with_capacity(xs.len());
        for x in xs {
            out.push(match x {
                Expr::Pass { .. } => {
                    let Some(&v) = self.passes.last() else {
                        return Err(err(self.text, "'pass' is an option of a game in braces"));
                    };
                    self.used.insert(v, true);
                    Value::Loopy(v)
                }
                x => self.value(u, graph, x)?,
            });
        }
        Ok(out)
    }

    /// A method called on a game: a short game's by the short reader (all short), else a
    /// loopy game's.
    fn call(
        &self,
        u: &mut Universe,
        graph: &mut Graph,
        g: Value,
        name: &str,
        args: &[Value],
    ) -> Result<Value, GameError> {
        let short: Option<Vec<Id>> = args
            .iter()
            .map(|a| match a {
                Value::Short(x) => Some(*x),
                _ => None,
            })
            .collect();
        match (g, short) {
            (Value::Short(a), Some(args)) if METHODS.contains(&name) => {
                self.short().method(u, a, name, &args).map(Value::Short)
            }
            _ => self.method(u, graph, g, name, args),
        }
    }

    /// `G : H`, the ordinal sum, for a short game G (Siegel, CGT II.7), which may be a form
    /// kept as written (`'{-1|1}' : on`: the options of G as written, not its value's).
    fn ordinal(
        &mut self,
        u: &mut Universe,
        graph: &mut Graph,
        xs: &[Expr],
    ) -> Result<Value, GameError> {
        let is_kept = |e: &Expr, u: &Universe| match e {
            Expr::Kept(_) => true,
            Expr::Name { word, .. } => {
                !self.labels.contains_key(word) && u.named_kept(word).is_some()
            }
            _ => false,
        };
        let mut kept = if is_kept(&xs[0], u) {
            Some(self.short().kept(u, &xs[0])?)
        } else {
            None
        };
        let mut g = match &kept {
            Some(k) => Value::Short(u.kept_value(k)),
            None => self.value(u, graph, &xs[0])?,
        };
        for x in &xs[1..] {
            let h = self.value(u, graph, x)?;
            g = match (g, h, kept.take()) {
                (_, Value::Short(b), Some(k)) => {
                    Value::Short(u.ordinal_sum_kept(&k, &crate::cgt::Kept::Value(b)))
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

    /// `n * G` and `G * n`: n copies of G (of −G for n < 0), summed by doubling.
    fn times(
        &self,
        u: &mut Universe,
        graph: &mut Graph,
        g: Value,
        h: Value,
    ) -> Result<Value, GameError> {
        let integer = |v: Value, u: &Universe| match v {
            Value::Short(a) => u.as_number(a).filter(|x| x.is_integer()).cloned(),
            _ => None,
        };
        let (n, game) = match (g, h) {
            (Value::Short(a), Value::Short(b)) => {
                return u.times(a, b).map(Value::Short).ok_or_else(|| {
                    err(
                        self.text,
                        "a product is n * G or G * n for an integer n, or of two numbers",
                    )
                })
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
                    format_args!("n * G of a loopy game is read for |n| up to {MULTIPLE_LIMIT}"),
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
        Ok(sum)
    }

    /// A constant: its vertex, made once per expression.
    fn constant(
        &mut self,
        graph: &mut Graph,
        u: &mut Universe,
        which: Constant,
    ) -> Result<usize, GameError> {
        if let Some(&v) = self.constants.get(&which) {
            return Ok(v);
        }
        let v = graph.vertex()?;
        let (z, s) = (u.zero(), u.nimber(1));
        let zero = graph.embed(u, z)?;
        let star = graph.embed(u, s)?;
        let (left, right) = match which {
            // upon-th = {0 || 0 | 0, pass} (its inner game passes to itself).
            Constant::Uponth => {
                let w = graph.vertex()?;
                graph.set(w, vec![zero], vec![zero, w]);
                (vec![zero], vec![w])
            }
            Constant::On => (vec![v], vec![]),
            Constant::Off => (vec![], vec![v]),
            Constant::Over => (vec![zero], vec![v]),
            Constant::Under => (vec![v], vec![zero]),
            Constant::Upon => (vec![v], vec![star]),
            Constant::Dud => (vec![v], vec![v]),
        };
        graph.set(v, left, right);
        self.constants.insert(which, v);
        Ok(v)
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
}
