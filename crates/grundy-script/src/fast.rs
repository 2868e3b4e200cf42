//! A faster evaluator for the plain part of Rhai that most rules are written in.
//!
//! Rhai's interpreter spends about a microsecond on a `moves` function that builds its list
//! with `push`: its values are boxed, and every method and operator is looked up by hash.
//! Functions written only with integers, booleans, characters, strings, arrays of them,
//! `let`, assignment (also to elements, a string's characters, and with `+=` and the like),
//! `if`, `while`, `loop`, `for` over arrays, strings and ranges, `break`, `continue`,
//! `return`, integer arithmetic, comparisons (of strings too), `&&`, `||`, `!`, indexing,
//! `push`, `pop`, `remove`, `insert`, `+=` on arrays and strings, `len`, `is_empty`,
//! `contains` (of a string), `abs`, `min`, `max` and calls of the script's own functions are
//! read from the script's text (by [`crate::syntax`], following Rhai's grammar) and compiled
//! into a tree whose variables are resolved to slots, and run on grundy's own values. A
//! function using anything else is not compiled, and the game runs on Rhai alone.
//!
//! At run time, whatever this evaluator is not sure to do exactly as Rhai does (an overflow, a
//! division by zero, an index out of range, an operand of another type, a long run, deep
//! recursion) stops the call with [`Bail`], and the caller makes the same call through Rhai,
//! which gives its result, or its error with the script's line and column. So every answer
//! from here is the one Rhai gives; tests compare the two on every example script and on
//! random programs.

use crate::syntax::{self, Tok};
use rhai::{Dynamic, ImmutableString};
use std::collections::HashMap;
use thin_vec::ThinVec;

/// A value: what the subset computes with.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Val {
    Unit,
    Bool(bool),
    Int(i64),
    Char(char),
    Str(ImmutableString),
    /// A thin vector (one pointer), so that a value is two words and a result comes back
    /// in registers: with a `Vec` (three words), each return went through memory and the
    /// caller's wide load of it stalled on the callee's narrow stores.
    Array(ThinVec<Val>),
}

impl Val {
    /// The same value as Rhai's.
    pub(crate) fn to_dynamic(&self) -> Dynamic {
        match self {
            Val::Unit => Dynamic::UNIT,
            Val::Bool(b) => Dynamic::from_bool(*b),
            Val::Int(n) => Dynamic::from_int(*n),
            Val::Char(c) => Dynamic::from_char(*c),
            Val::Str(s) => Dynamic::from(s.clone()),
            Val::Array(a) => Dynamic::from_array(a.iter().map(Val::to_dynamic).collect()),
        }
    }

    /// A Rhai value in this form, if it has one.
    pub(crate) fn from_dynamic(d: &Dynamic) -> Option<Val> {
        if d.is_unit() {
            Some(Val::Unit)
        } else if let Ok(b) = d.as_bool() {
            Some(Val::Bool(b))
        } else if let Ok(n) = d.as_int() {
            Some(Val::Int(n))
        } else if let Ok(c) = d.as_char() {
            Some(Val::Char(c))
        } else if let Ok(s) = d.as_immutable_string_ref() {
            Some(Val::Str(s.clone()))
        } else if let Ok(a) = d.as_array_ref() {
            a.iter()
                .map(Val::from_dynamic)
                .collect::<Option<_>>()
                .map(Val::Array)
        } else {
            None
        }
    }

    /// How many values it holds, itself and its elements at every depth (what Rhai's array
    /// size limit counts, and a measure of the work of copying it).
    #[inline]
    pub(crate) fn size(&self) -> u64 {
        match self {
            Val::Array(a) => 1 + a.iter().map(Val::size).sum::<u64>(),
            _ => 1,
        }
    }
}

/// A call this evaluator leaves to Rhai.
#[derive(Debug)]
pub(crate) struct Bail;

type Run<T> = Result<T, Bail>;

/// Steps (expression nodes, statements, loop rounds, values built) a call may take here
/// before it is left to Rhai: a twentieth of the operations Rhai allows a call (grundy sets
/// 10 000 000), so that a call answered here is never one Rhai would stop, and half Rhai's
/// array size limit (2^20 values, nested ones counted; every value built costs a step).
const STEPS: u64 = 1 << 19;

/// Chains of indexes longer than this are left to Rhai.
const PATH: usize = 8;

/// Script calls deeper than this are left to Rhai (which allows 64).
const DEPTH: u32 = 32;

/// Integer operators, checked as Rhai checks them.
#[derive(Clone, Copy, Debug)]
enum Op {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    And,
    Or,
    Xor,
    Lt,
    Le,
    Gt,
    Ge,
}

impl Op {
    fn of(name: &str) -> Option<Op> {
        Some(match name {
            "+" | "+=" => Op::Add,
            "-" | "-=" => Op::Sub,
            "*" | "*=" => Op::Mul,
            "/" | "/=" => Op::Div,
            "%" | "%=" => Op::Rem,
            "&" | "&=" => Op::And,
            "|" | "|=" => Op::Or,
            "^" | "^=" => Op::Xor,
            "<" => Op::Lt,
            "<=" => Op::Le,
            ">" => Op::Gt,
            ">=" => Op::Ge,
            _ => return None,
        })
    }

    fn apply(self, a: &Val, b: &Val) -> Run<Val> {
        let (&Val::Int(x), &Val::Int(y)) = (a, b) else {
            return match (self, a, b) {
                (_, &Val::Char(x), &Val::Char(y)) if !self.arithmetic() => {
                    Ok(Val::Bool(self.compare(x, y)))
                }
                // Strings compare as Rust's do, byte by byte (Rhai's `ImmutableString`).
                (_, Val::Str(x), Val::Str(y)) if !self.arithmetic() => {
                    Ok(Val::Bool(self.compare(x.as_str(), y.as_str())))
                }
                // A character and a string compare by rules of their own.
                (_, Val::Char(_), Val::Str(_)) | (_, Val::Str(_), Val::Char(_)) => Err(Bail),
                // Rhai's rule: values of different types (or two units) compare as false.
                (Op::Lt | Op::Le | Op::Gt | Op::Ge, _, _)
                    if std::mem::discriminant(a) != std::mem::discriminant(b)
                        || matches!(a, Val::Unit) =>
                {
                    Ok(Val::Bool(false))
                }
                _ => Err(Bail),
            };
        };
        if self.arithmetic() {
            self.int(x, y).map(Val::Int)
        } else {
            Ok(Val::Bool(self.compare(x, y)))
        }
    }

    fn arithmetic(self) -> bool {
        !matches!(self, Op::Lt | Op::Le | Op::Gt | Op::Ge)
    }

    /// An arithmetic operator on integers.
    #[inline]
    fn int(self, x: i64, y: i64) -> Run<i64> {
        match self {
            Op::Add => x.checked_add(y).ok_or(Bail),
            Op::Sub => x.checked_sub(y).ok_or(Bail),
            Op::Mul => x.checked_mul(y).ok_or(Bail),
            Op::Div => x.checked_div(y).ok_or(Bail),
            Op::Rem => x.checked_rem(y).ok_or(Bail),
            Op::And => Ok(x & y),
            Op::Or => Ok(x | y),
            Op::Xor => Ok(x ^ y),
            Op::Lt | Op::Le | Op::Gt | Op::Ge => Err(Bail),
        }
    }

    /// A comparison of integers (or characters).
    #[inline]
    fn compare<T: PartialOrd>(self, x: T, y: T) -> bool {
        match self {
            Op::Lt => x < y,
            Op::Le => x <= y,
            Op::Gt => x > y,
            Op::Ge => x >= y,
            _ => unreachable!("only comparisons"),
        }
    }
}

/// Methods that change an array in place (Rhai's array functions of those names).
#[derive(Clone, Copy, Debug)]
enum Method {
    Push,
    Pop,
    Remove,
    Insert,
}

impl Method {
    fn of(name: &str, args: usize) -> Option<Method> {
        Some(match (name, args) {
            ("push", 1) => Method::Push,
            ("pop", 0) => Method::Pop,
            ("remove", 1) => Method::Remove,
            ("insert", 2) => Method::Insert,
            _ => return None,
        })
    }
}

/// Built-in functions of values (`x.f(y)` is `f(x, y)`).
#[derive(Clone, Copy, Debug)]
enum Fun {
    Abs,
    Min,
    Max,
    /// Of a string: a string or a character in it.
    Contains,
}

impl Fun {
    fn of(name: &str, args: usize) -> Option<Fun> {
        Some(match (name, args) {
            ("abs", 1) => Fun::Abs,
            ("min", 2) => Fun::Min,
            ("max", 2) => Fun::Max,
            ("contains", 2) => Fun::Contains,
            _ => return None,
        })
    }
}

/// A link of a chain: `[i]`, `.len()` or `.is_empty()`, or a built-in function with these
/// further arguments (none of them changes its receiver).
enum Link {
    Index(Expr),
    Method(Tail),
    Fun(Fun, Vec<Expr>),
}

/// What ends a chain of indexes.
#[derive(Debug)]
enum Tail {
    /// The element itself.
    Value,
    Len,
    IsEmpty,
}

/// A compiled expression; locals are slots of the function's frame.
#[derive(Debug)]
enum Expr {
    Int(i64),
    Const(Val),
    Local(u32),
    /// A local moved out of the frame: the value a function ends with.
    Take(u32),
    Array(Vec<Expr>),
    /// An arithmetic operator.
    Bin(Op, Box<Expr>, Box<Expr>),
    /// A comparison, and whether its operands change nothing (so that it may be evaluated a
    /// second time the slow way when they are not integers).
    Cmp(Op, Box<Expr>, Box<Expr>, bool),
    /// `==` (false) or `!=` (true).
    Eq(bool, Box<Expr>, Box<Expr>),
    Neg(Box<Expr>),
    Not(Box<Expr>),
    And(Vec<Expr>),
    Or(Vec<Expr>),
    /// `local[i]`, the commonest path.
    Elem(u32, Box<Expr>),
    /// `base[i][j]…`, then `.len()` or `.is_empty()` or nothing.
    Path(Box<Expr>, Vec<Expr>, Tail),
    /// A method that changes a local array: `local.push(v)` …
    Mutate(u32, Method, Vec<Expr>),
    /// A built-in function of values, called as a function or a method.
    Fun(Fun, Vec<Expr>),
    Call(usize, Vec<Expr>),
    Block(Block),
    /// A range, only as what a `for` loop runs over.
    Range(Box<Expr>, Box<Expr>, bool),
}

impl Expr {
    /// Whether evaluating it changes nothing but the step count (no `push`, no assignment).
    fn pure(&self) -> bool {
        match self {
            Expr::Int(_) | Expr::Const(_) | Expr::Local(_) => true,
            Expr::Elem(_, i) | Expr::Neg(i) | Expr::Not(i) => i.pure(),
            Expr::Bin(_, a, b) | Expr::Cmp(_, a, b, _) | Expr::Eq(_, a, b) => a.pure() && b.pure(),
            Expr::Array(xs)
            | Expr::And(xs)
            | Expr::Or(xs)
            | Expr::Call(_, xs)
            | Expr::Fun(_, xs) => xs.iter().all(Expr::pure),
            Expr::Path(base, path, _) => base.pure() && path.iter().all(Expr::pure),
            // A block of expressions and `if`s (an `if` used as a value).
            Expr::Block(b) => b.pure(),
            Expr::Take(_) | Expr::Mutate(..) | Expr::Range(..) => false,
        }
    }
}

#[derive(Debug, Default)]
struct Block(Vec<Stmt>);

impl Block {
    /// Whether running it changes nothing but the step count.
    fn pure(&self) -> bool {
        self.0.iter().all(|s| match s {
            Stmt::Expr(e) => e.pure(),
            Stmt::If(c, yes, no) => c.pure() && yes.pure() && no.pure(),
            _ => false,
        })
    }
}

#[derive(Debug)]
enum Stmt {
    /// `let x = e` or `x = e`, or `x op= e`, or `x[i]… op= e`.
    Set(u32, Vec<Expr>, Option<Op>, Expr),
    Expr(Expr),
    If(Expr, Block, Block),
    /// `while` (a condition) or `loop`.
    While(Option<Expr>, Block),
    For(u32, Expr, Block),
    Break,
    Continue,
    Return(Expr),
}

#[derive(Debug, Default)]
struct Func {
    params: usize,
    slots: usize,
    body: Block,
    /// The script functions it calls.
    calls: Vec<usize>,
}

/// The script's functions that this evaluator runs, by name (one parameter each: the rules'
/// entry points; others are reached by calls).
#[derive(Debug, Default)]
pub(crate) struct Fast {
    funcs: Vec<Func>,
    /// Entry points by name: two or three, looked up at every call.
    entries: Vec<(String, usize)>,
}

impl Fast {
    /// Compiles the functions `names` (each taking one position) and every script function
    /// they call, from the script's text (which Rhai has compiled already); `None` if any of
    /// them uses more than this evaluator knows.
    pub(crate) fn compile(script: &str, names: &[&str]) -> Option<Fast> {
        let toks = syntax::tokens(script)?;
        let defs = syntax::functions(&toks)?;
        let index: HashMap<(String, usize), usize> = defs
            .iter()
            .enumerate()
            .map(|(i, f)| ((f.name.clone(), f.params.len()), i))
            .collect();
        let methods: Vec<String> = defs.iter().map(|f| f.name.clone()).collect();
        let funcs: Vec<Option<Func>> = defs
            .iter()
            .map(|d| {
                let mut c = Compiler {
                    toks: &toks[d.body.clone()],
                    at: 0,
                    depth: 0,
                    index: &index,
                    methods: &methods,
                    calls: Vec::new(),
                    scope: d.params.clone(),
                    slots: d.params.len(),
                };
                let body = Block(c.statements(false)?);
                Some(Func {
                    params: d.params.len(),
                    slots: c.slots,
                    body,
                    calls: c.calls,
                })
            })
            .collect();
        let mut fast = Fast::default();
        let mut wanted = Vec::new();
        for name in names {
            let &i = index.get(&(name.to_string(), 1))?;
            fast.entries.push((name.to_string(), i));
            wanted.push(i);
        }
        // Every function the entry points may call must have compiled.
        let mut reached = vec![false; defs.len()];
        while let Some(i) = wanted.pop() {
            if !std::mem::replace(&mut reached[i], true) {
                wanted.extend(&funcs[i].as_ref()?.calls);
            }
        }
        fast.funcs = funcs
            .into_iter()
            .map(|f| {
                let mut f = f.unwrap_or_default();
                // A function that ends with a local gives it away instead of copying it.
                if let Some(Stmt::Expr(e)) = f.body.0.last_mut() {
                    if let Expr::Local(s) = *e {
                        *e = Expr::Take(s);
                    }
                }
                f
            })
            .collect();
        Some(fast)
    }

    /// Calls entry point `name` on `arg`.
    pub(crate) fn call(&self, name: &str, arg: Val) -> Run<Val> {
        let &(_, f) = self.entries.iter().find(|e| e.0 == name).ok_or(Bail)?;
        let mut m = Machine {
            funcs: &self.funcs,
            steps: 0,
            depth: 0,
            value: Val::Unit,
        };
        let mut frame = Vec::with_capacity(self.funcs[f].slots);
        frame.push(arg);
        m.call(f, frame)
    }
}

mod compile;
mod run;

use compile::Compiler;
use run::Machine;

#[cfg(test)]
mod tests;
