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

/// Nesting deeper than this (blocks, operands) is left to Rhai, which allows a function 64.
const NESTING: u32 = 256;

/// A link of a chain as written: `[i]` or `.name(args)`.
enum Written {
    Index(Expr),
    Method(String, Vec<Expr>),
}

/// Reads a function's body and compiles it as it goes: names are resolved to slots of the
/// frame, calls to the script's functions by name and arity. Every `None` means "not in the
/// subset": the function is left to Rhai.
struct Compiler<'a> {
    /// The body's words, between its braces.
    toks: &'a [Tok],
    at: usize,
    depth: u32,
    index: &'a HashMap<(String, usize), usize>,
    /// Names of the script's functions (a method call of one of these is Rhai's business).
    methods: &'a [String],
    /// Script functions called by what was compiled.
    calls: Vec<usize>,
    /// Names in scope, innermost last; a name's slot is its place here.
    scope: Vec<String>,
    slots: usize,
}

/// Rhai's precedence of a binary operator (0: not one).
fn precedence(t: Option<&Tok>) -> u8 {
    match t {
        Some(Tok::Sym(s)) => match *s {
            "||" | "^" | "|" => 30,
            "&&" | "&" => 60,
            "==" | "!=" => 90,
            "<" | "<=" | ">" | ">=" => 130,
            "??" => 135,
            ".." | "..=" => 140,
            "+" | "-" => 150,
            "*" | "/" | "%" => 180,
            "**" => 190,
            "<<" | ">>" => 210,
            _ => 0,
        },
        Some(Tok::Ident(w)) if w == "in" => 110,
        _ => 0,
    }
}

impl Compiler<'_> {
    fn lookup(&self, name: &str) -> Option<u32> {
        // The innermost declaration of a name is the last.
        self.scope.iter().rposition(|n| n == name).map(|i| i as u32)
    }

    fn declare(&mut self, name: &str) -> u32 {
        self.scope.push(name.to_string());
        self.slots = self.slots.max(self.scope.len());
        (self.scope.len() - 1) as u32
    }

    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.at)
    }

    fn is(&self, sym: &str) -> bool {
        matches!(self.peek(), Some(Tok::Sym(s)) if *s == sym)
    }

    fn word(&self, w: &str) -> bool {
        matches!(self.peek(), Some(Tok::Ident(x)) if x == w)
    }

    fn eat(&mut self, sym: &str) -> bool {
        let here = self.is(sym);
        self.at += usize::from(here);
        here
    }

    fn expect(&mut self, sym: &str) -> Option<()> {
        self.eat(sym).then_some(())
    }

    fn name(&mut self) -> Option<String> {
        let Some(Tok::Ident(n)) = self.peek() else {
            return None;
        };
        let n = n.clone();
        self.at += 1;
        Some(n)
    }

    fn deeper(&mut self) -> Option<()> {
        self.depth += 1;
        (self.depth <= NESTING).then_some(())
    }

    /// Statements up to the closing brace (`braced`) or the end of the body, as Rhai reads
    /// them: an empty statement is nothing, and a statement that does not end with a block
    /// needs a `;` unless it is the last.
    fn statements(&mut self, braced: bool) -> Option<Vec<Stmt>> {
        let mut out = Vec::new();
        loop {
            if braced && self.eat("}") || !braced && self.at == self.toks.len() {
                return Some(out);
            }
            if self.eat(";") {
                continue;
            }
            let (s, self_ended) = self.stmt()?;
            out.push(s);
            let end = if braced {
                self.is("}")
            } else {
                self.at == self.toks.len()
            };
            if !(end || self.eat(";") || self_ended) {
                return None;
            }
        }
    }

    fn block(&mut self) -> Option<Block> {
        self.deeper()?;
        self.expect("{")?;
        let depth = self.scope.len();
        let out = self.statements(true)?;
        // Names declared in the block go out of scope; their slots serve later declarations.
        self.scope.truncate(depth);
        self.depth -= 1;
        Some(Block(out))
    }

    /// A statement, and whether it ends with a block (then no `;` need follow).
    fn stmt(&mut self) -> Option<(Stmt, bool)> {
        let Some(Tok::Ident(w)) = self.peek() else {
            if self.is("{") {
                return Some((Stmt::Expr(Expr::Block(self.block()?)), true));
            }
            return self.assignment_or_expr().map(|s| (s, false));
        };
        Some(match w.as_str() {
            "let" => {
                self.at += 1;
                let name = self.name()?;
                let e = if self.eat("=") {
                    self.expr()?
                } else {
                    Expr::Const(Val::Unit)
                };
                // Declared after its value is compiled: `let x = x + 1` reads the old x.
                let slot = self.declare(&name);
                (Stmt::Set(slot, Vec::new(), None, e), false)
            }
            "if" => (self.if_stmt()?, true),
            "while" => {
                self.at += 1;
                let cond = self.expr()?;
                (Stmt::While(Some(cond), self.block()?), true)
            }
            "loop" => {
                self.at += 1;
                (Stmt::While(None, self.block()?), true)
            }
            "for" => {
                self.at += 1;
                let var = self.name()?;
                if !self.word("in") {
                    return None;
                }
                self.at += 1;
                let over = self.expr()?;
                let depth = self.scope.len();
                let slot = self.declare(&var);
                let body = self.block()?;
                self.scope.truncate(depth);
                (Stmt::For(slot, over, body), true)
            }
            "break" | "continue" => {
                let s = if w == "break" {
                    Stmt::Break
                } else {
                    Stmt::Continue
                };
                self.at += 1;
                (s, false)
            }
            "return" => {
                self.at += 1;
                let value = if self.is(";") || self.is("}") || self.peek().is_none() {
                    Expr::Const(Val::Unit)
                } else {
                    self.expr()?
                };
                (Stmt::Return(value), false)
            }
            _ => (self.assignment_or_expr()?, false),
        })
    }

    fn if_stmt(&mut self) -> Option<Stmt> {
        self.at += 1; // `if`
        let cond = self.expr()?;
        let yes = self.block()?;
        let no = if self.word("else") {
            self.at += 1;
            if self.word("if") {
                Block(vec![self.if_stmt()?])
            } else {
                self.block()?
            }
        } else {
            Block(Vec::new())
        };
        Some(Stmt::If(cond, yes, no))
    }

    /// `x = e`, `x op= e`, `x[i]… op= e`, or an expression.
    fn assignment_or_expr(&mut self) -> Option<Stmt> {
        let (start, calls) = (self.at, self.calls.len());
        if let (Some(Tok::Ident(name)), false) = (
            self.peek(),
            self.toks.get(self.at + 1) == Some(&Tok::Sym("(")),
        ) {
            let name = name.clone();
            self.at += 1;
            let mut path = Vec::new();
            while self.eat("[") {
                path.push(self.expr()?);
                self.expect("]")?;
            }
            let op = match self.peek() {
                Some(Tok::Sym("=")) => Some(None),
                Some(Tok::Sym(s @ ("+=" | "-=" | "*=" | "/=" | "%=" | "&=" | "|=" | "^="))) => {
                    Some(Some(Op::of(s)?))
                }
                _ => None,
            };
            if let Some(op) = op {
                self.at += 1;
                let slot = self.lookup(&name)?;
                let value = self.expr()?;
                return (path.len() <= PATH).then_some(Stmt::Set(slot, path, op, value));
            }
            (self.at, _) = (start, self.calls.truncate(calls));
        }
        Some(Stmt::Expr(self.expr()?))
    }

    fn expr(&mut self) -> Option<Expr> {
        let first = self.unary()?;
        self.binary(0, first)
    }

    /// Operators after `root` binding tighter than `parent`, by Rhai's precedence climbing
    /// (every operator here binds to the left).
    fn binary(&mut self, parent: u8, mut root: Expr) -> Option<Expr> {
        loop {
            let p = precedence(self.peek());
            if p <= parent {
                return Some(root);
            }
            let Some(Tok::Sym(op)) = self.peek() else {
                return None; // `in`
            };
            let op = *op;
            self.at += 1;
            let mut rhs = self.unary()?;
            if p < precedence(self.peek()) {
                rhs = self.binary(p, rhs)?;
            }
            root = Self::operator(op, root, rhs)?;
        }
    }

    fn operator(op: &str, a: Expr, b: Expr) -> Option<Expr> {
        let (a, b) = (Box::new(a), Box::new(b));
        Some(match op {
            "&&" => Expr::And(vec![*a, *b]),
            "||" => Expr::Or(vec![*a, *b]),
            "==" | "!=" => Expr::Eq(op == "!=", a, b),
            ".." | "..=" => Expr::Range(a, b, op == "..="),
            _ => {
                let op = Op::of(op)?;
                if op.arithmetic() {
                    Expr::Bin(op, a, b)
                } else {
                    let pure = a.pure() && b.pure();
                    Expr::Cmp(op, a, b, pure)
                }
            }
        })
    }

    fn unary(&mut self) -> Option<Expr> {
        self.deeper()?;
        let e = if self.eat("-") {
            match self.unary()? {
                // Rhai folds a negated literal (and reads the one it cannot negate as a float).
                Expr::Int(n) => Expr::Int(n.checked_neg()?),
                e => Expr::Neg(Box::new(e)),
            }
        } else if self.eat("!") {
            Expr::Not(Box::new(self.unary()?))
        } else {
            let base = self.primary()?;
            self.postfix(base)?
        };
        self.depth -= 1;
        Some(e)
    }

    fn primary(&mut self) -> Option<Expr> {
        let t = self.peek()?.clone();
        if self.is("{") {
            return Some(Expr::Block(self.block()?));
        }
        if self.word("if") {
            return Some(Expr::Block(Block(vec![self.if_stmt()?])));
        }
        self.at += 1;
        Some(match t {
            Tok::Int(n) => Expr::Int(n),
            Tok::Str(s) => Expr::Const(Val::Str(s.into())),
            Tok::Char(c) => Expr::Const(Val::Char(c)),
            Tok::Ident(w) if w == "true" || w == "false" => Expr::Const(Val::Bool(w == "true")),
            Tok::Ident(name) if self.is("(") => {
                let args = self.arguments()?;
                self.call(&name, args)?
            }
            Tok::Ident(name) => Expr::Local(self.lookup(&name)?),
            Tok::Sym("(") => {
                if self.eat(")") {
                    Expr::Const(Val::Unit)
                } else {
                    let e = self.expr()?;
                    self.expect(")")?;
                    e
                }
            }
            Tok::Sym("[") => Expr::Array(self.list("]")?),
            _ => return None,
        })
    }

    /// `(a, b, …)`.
    fn arguments(&mut self) -> Option<Vec<Expr>> {
        self.expect("(")?;
        self.list(")")
    }

    /// `a, b, …` up to `close` (a comma may end the list, as Rhai allows).
    fn list(&mut self, close: &str) -> Option<Vec<Expr>> {
        let mut items = Vec::new();
        while !self.eat(close) {
            items.push(self.expr()?);
            if !self.eat(",") {
                self.expect(close)?;
                break;
            }
        }
        Some(items)
    }

    /// Indexes and methods after `base`.
    fn postfix(&mut self, base: Expr) -> Option<Expr> {
        let mut written = Vec::new();
        loop {
            if self.eat("[") {
                written.push(Written::Index(self.expr()?));
                self.expect("]")?;
            } else if self.eat(".") {
                // A property (no parentheses) is Rhai's business.
                let name = self.name()?;
                if !self.is("(") {
                    return None;
                }
                written.push(Written::Method(name, self.arguments()?));
            } else {
                break;
            }
        }
        if written.is_empty() {
            return Some(base);
        }
        // `local.push(v)` and the like change the local in place (unless the script has a
        // function of that name).
        if let (Expr::Local(slot), [Written::Method(name, _)]) = (&base, &written[..]) {
            if !self.methods.contains(name) {
                let slot = *slot;
                let Some(Written::Method(name, args)) = written.pop() else {
                    unreachable!("matched above");
                };
                if let Some(m) = Method::of(&name, args.len()) {
                    return Some(Expr::Mutate(slot, m, args));
                }
                written.push(Written::Method(name, args));
            }
        }
        let links = written
            .into_iter()
            .map(|w| match w {
                Written::Index(i) => Some(Link::Index(i)),
                Written::Method(name, args) => {
                    if self.methods.contains(&name) {
                        return None;
                    }
                    match (name.as_str(), args.len()) {
                        ("len", 0) => Some(Link::Method(Tail::Len)),
                        ("is_empty", 0) => Some(Link::Method(Tail::IsEmpty)),
                        (name, n) => Some(Link::Fun(Fun::of(name, n + 1)?, args)),
                    }
                }
            })
            .collect::<Option<Vec<_>>>()?;
        Self::chain(base, links)
    }

    /// `base` followed by `links`: indexes gather into a path, each method ends one.
    fn chain(base: Expr, links: Vec<Link>) -> Option<Expr> {
        let (mut cur, mut path) = (base, Vec::new());
        for link in links {
            cur = match link {
                Link::Index(i) => {
                    path.push(i);
                    continue;
                }
                Link::Method(tail) => Self::path(cur, std::mem::take(&mut path), tail)?,
                Link::Fun(fun, args) => {
                    let receiver = Self::path(cur, std::mem::take(&mut path), Tail::Value)?;
                    // Rhai evaluates a method's arguments before its receiver; the evaluator
                    // the receiver first, which is the same only when neither changes
                    // anything the other reads.
                    if !(args.is_empty() || receiver.pure() && args.iter().all(Expr::pure)) {
                        return None;
                    }
                    let mut all = vec![receiver];
                    all.extend(args);
                    Expr::Fun(fun, all)
                }
            };
        }
        if path.is_empty() {
            Some(cur)
        } else {
            Self::path(cur, path, Tail::Value)
        }
    }

    /// `base[i]…` ending with `tail` (no path: `base` itself, or its length).
    fn path(base: Expr, mut path: Vec<Expr>, tail: Tail) -> Option<Expr> {
        if path.len() > PATH {
            return None;
        }
        Some(match (base, path.len(), tail) {
            (base, 0, Tail::Value) => base,
            (Expr::Local(s), 1, Tail::Value) => Expr::Elem(s, Box::new(path.remove(0))),
            (base, _, tail) => Expr::Path(Box::new(base), path, tail),
        })
    }

    fn call(&mut self, name: &str, args: Vec<Expr>) -> Option<Expr> {
        if let Some(&i) = self.index.get(&(name.to_string(), args.len())) {
            self.calls.push(i);
            return Some(Expr::Call(i, args));
        }
        if let Some(fun) = Fun::of(name, args.len()) {
            return Some(Expr::Fun(fun, args));
        }
        let tail = match (name, args.len()) {
            ("len", 1) => Tail::Len,
            ("is_empty", 1) => Tail::IsEmpty,
            _ => return None,
        };
        let mut args = args;
        Some(Expr::Path(Box::new(args.remove(0)), Vec::new(), tail))
    }
}

/// How a statement ends. The value it leaves (a block's is its last statement's, a
/// `return`'s is the function's) is in [`Machine::value`]: results come back in registers,
/// where a value returned through memory made the caller's wide load of it stall on the
/// callee's narrow stores.
#[derive(Clone, Copy, PartialEq)]
enum Ctl {
    Next,
    Break,
    Continue,
    Return,
}

struct Machine<'a> {
    funcs: &'a [Func],
    steps: u64,
    depth: u32,
    /// The value the last statement left.
    value: Val,
}

/// `a == b` by Rhai's rules: values of different types are not equal, arrays are equal when
/// their elements are, one by one; a character and a string compare by rules of their own,
/// left to Rhai.
fn equal(a: &Val, b: &Val) -> Run<bool> {
    Ok(match (a, b) {
        (Val::Int(x), Val::Int(y)) => x == y,
        (Val::Bool(x), Val::Bool(y)) => x == y,
        (Val::Char(x), Val::Char(y)) => x == y,
        (Val::Str(x), Val::Str(y)) => x == y,
        (Val::Unit, Val::Unit) => true,
        (Val::Array(x), Val::Array(y)) => {
            if x.len() != y.len() {
                return Ok(false);
            }
            for (p, q) in x.iter().zip(y) {
                if !equal(p, q)? {
                    return Ok(false);
                }
            }
            true
        }
        (Val::Char(_), Val::Str(_)) | (Val::Str(_), Val::Char(_)) => return Err(Bail),
        _ => false,
    })
}

/// The place of element `i` of an array of `len` by Rhai's rule: from the end when negative.
fn index(len: usize, i: i64) -> Run<usize> {
    let len = len as i64;
    let i = if i < 0 { i + len } else { i };
    if (0..len).contains(&i) {
        Ok(i as usize)
    } else {
        Err(Bail)
    }
}

/// Character `i` of a string by Rhai's rule: from the end when negative.
fn char_at(s: &str, i: i64) -> Run<char> {
    let c = if i >= 0 {
        s.chars().nth(usize::try_from(i).map_err(|_| Bail)?)
    } else {
        let back = usize::try_from(i.unsigned_abs()).map_err(|_| Bail)?;
        s.chars().rev().nth(back - 1)
    };
    c.ok_or(Bail)
}

/// `place[i][j]… op= v`: arrays on the way, and at the end an array's element or, with a
/// plain `=` of a character, a string's character (from the start only: Rhai counts a
/// negative index of a string it writes from the start).
fn assign(mut place: &mut Val, idx: &[i64], op: Option<Op>, v: Val) -> Run<()> {
    for (k, &i) in idx.iter().enumerate() {
        place = match place {
            Val::Array(a) => {
                let at = index(a.len(), i)?;
                &mut a[at]
            }
            Val::Str(s) if k + 1 == idx.len() => {
                let (None, Val::Char(c), Ok(i)) = (op, &v, usize::try_from(i)) else {
                    return Err(Bail);
                };
                if i >= s.chars().count() {
                    return Err(Bail);
                }
                let t: String = s
                    .chars()
                    .enumerate()
                    .map(|(k, ch)| if k == i { *c } else { ch })
                    .collect();
                *s = t.into();
                return Ok(());
            }
            _ => return Err(Bail),
        };
    }
    // `string += string` and `string += char` append (in place when the string is not
    // shared), up to Rhai's limit on a string's bytes.
    if let (Some(Op::Add), Val::Str(s)) = (op, &mut *place) {
        match v {
            Val::Str(t) if s.len() + t.len() <= crate::STRING_BYTES => *s += &t,
            Val::Char(c) if s.len() + c.len_utf8() <= crate::STRING_BYTES => *s += c,
            _ => return Err(Bail),
        }
        return Ok(());
    }
    // `array += array` appends, `array += value` pushes.
    if let (Some(Op::Add), Val::Array(a)) = (op, &mut *place) {
        match v {
            Val::Array(b) => a.extend(b),
            v => a.push(v),
        }
        return Ok(());
    }
    *place = match op {
        None => v,
        Some(op) => op.apply(place, &v)?,
    };
    Ok(())
}

impl Machine<'_> {
    #[inline]
    fn step(&mut self, n: u64) -> Run<()> {
        self.steps += n;
        if self.steps > STEPS {
            Err(Bail)
        } else {
            Ok(())
        }
    }

    /// The integers of a chain of indexes (evaluated first, as Rhai does).
    fn indexes(&mut self, path: &[Expr], f: &mut [Val]) -> Run<([i64; PATH], usize)> {
        let mut idx = [0; PATH];
        for (k, e) in path.iter().enumerate() {
            idx[k] = self.int(e, f)?;
        }
        Ok((idx, path.len()))
    }

    fn call(&mut self, f: usize, args: Vec<Val>) -> Run<Val> {
        let func = &self.funcs[f];
        if self.depth >= DEPTH || args.len() != func.params {
            return Err(Bail);
        }
        self.depth += 1;
        let mut frame = args;
        frame.resize(func.slots, Val::Unit);
        if let Ctl::Break | Ctl::Continue = self.block(&func.body, &mut frame)? {
            // `break` outside a loop: Rhai's error.
            return Err(Bail);
        }
        self.depth -= 1;
        Ok(std::mem::replace(&mut self.value, Val::Unit))
    }

    fn block(&mut self, b: &Block, f: &mut [Val]) -> Run<Ctl> {
        self.value = Val::Unit;
        for s in &b.0 {
            let ctl = self.stmt(s, f)?;
            if ctl != Ctl::Next {
                return Ok(ctl);
            }
        }
        Ok(Ctl::Next)
    }

    /// A condition.
    fn truth(&mut self, e: &Expr, f: &mut [Val]) -> Run<bool> {
        match e {
            Expr::Cmp(op, a, b, pure) => {
                self.step(1)?;
                // Integers are compared at once; values of other types compare by rules of
                // their own, so the comparison is evaluated again the slow way, or at once
                // when evaluating it twice could change something.
                if *pure {
                    if let Ok(t) = self.compare(*op, a, b, f) {
                        return Ok(t);
                    }
                }
                match self.eval(e, f)? {
                    Val::Bool(t) => Ok(t),
                    _ => Err(Bail),
                }
            }
            Expr::Not(a) => {
                self.step(1)?;
                Ok(!self.truth(a, f)?)
            }
            Expr::And(xs) => {
                self.step(1)?;
                for x in xs {
                    if !self.truth(x, f)? {
                        return Ok(false);
                    }
                }
                Ok(true)
            }
            Expr::Or(xs) => {
                self.step(1)?;
                for x in xs {
                    if self.truth(x, f)? {
                        return Ok(true);
                    }
                }
                Ok(false)
            }
            _ => match self.eval(e, f)? {
                Val::Bool(b) => Ok(b),
                _ => Err(Bail),
            },
        }
    }

    /// A comparison of two integers; `Bail` if either is not one.
    fn compare(&mut self, op: Op, a: &Expr, b: &Expr, f: &mut [Val]) -> Run<bool> {
        let x = self.int(a, f)?;
        Ok(op.compare(x, self.int(b, f)?))
    }

    /// An integer (anything else is left to Rhai).
    fn int(&mut self, e: &Expr, f: &mut [Val]) -> Run<i64> {
        match e {
            Expr::Int(n) => {
                self.step(1)?;
                Ok(*n)
            }
            Expr::Local(s) => {
                self.step(1)?;
                match f[*s as usize] {
                    Val::Int(n) => Ok(n),
                    _ => Err(Bail),
                }
            }
            Expr::Elem(s, i) => {
                self.step(1)?;
                let i = self.int(i, f)?;
                match &f[*s as usize] {
                    Val::Array(a) => match a[index(a.len(), i)?] {
                        Val::Int(n) => Ok(n),
                        _ => Err(Bail),
                    },
                    _ => Err(Bail),
                }
            }
            Expr::Bin(op, a, b) => {
                self.step(1)?;
                let x = self.int(a, f)?;
                op.int(x, self.int(b, f)?)
            }
            Expr::Neg(a) => {
                self.step(1)?;
                self.int(a, f)?.checked_neg().ok_or(Bail)
            }
            _ => match self.eval(e, f)? {
                Val::Int(n) => Ok(n),
                _ => Err(Bail),
            },
        }
    }

    /// Runs a loop body; `Some` when the loop is left.
    fn round(&mut self, body: &Block, f: &mut [Val]) -> Run<Option<Ctl>> {
        self.step(1)?;
        Ok(match self.block(body, f)? {
            Ctl::Next | Ctl::Continue => None,
            Ctl::Break => Some(Ctl::Next),
            Ctl::Return => Some(Ctl::Return),
        })
    }

    fn stmt(&mut self, s: &Stmt, f: &mut [Val]) -> Run<Ctl> {
        self.step(1)?;
        match s {
            Stmt::Set(slot, path, op, e) => {
                let v = self.eval(e, f)?;
                let (idx, n) = self.indexes(path, f)?;
                assign(&mut f[*slot as usize], &idx[..n], *op, v)?;
                self.value = Val::Unit;
            }
            Stmt::Expr(e) => self.value = self.eval(e, f)?,
            Stmt::If(c, yes, no) => {
                let branch = if self.truth(c, f)? { yes } else { no };
                return self.block(branch, f);
            }
            Stmt::While(c, body) => loop {
                if let Some(c) = c {
                    if !self.truth(c, f)? {
                        break;
                    }
                }
                match self.round(body, f)? {
                    None => {}
                    Some(Ctl::Return) => return Ok(Ctl::Return),
                    Some(_) => break,
                }
            },
            Stmt::For(slot, over, body) => {
                let slot = *slot as usize;
                if let Expr::Range(a, b, inclusive) = over {
                    let a = self.int(a, f)?;
                    let b = self.int(b, f)?;
                    let mut i = a;
                    while i < b || *inclusive && i == b {
                        f[slot] = Val::Int(i);
                        match self.round(body, f)? {
                            None => {}
                            Some(Ctl::Return) => return Ok(Ctl::Return),
                            Some(_) => break,
                        }
                        if i == i64::MAX {
                            break;
                        }
                        i += 1;
                    }
                } else {
                    let items: Box<dyn Iterator<Item = Val>> = match self.eval(over, f)? {
                        Val::Array(items) => Box::new(items.into_iter()),
                        Val::Str(s) => {
                            let chars: Vec<char> = s.chars().collect();
                            Box::new(chars.into_iter().map(Val::Char))
                        }
                        _ => return Err(Bail),
                    };
                    for v in items {
                        f[slot] = v;
                        match self.round(body, f)? {
                            None => {}
                            Some(Ctl::Return) => return Ok(Ctl::Return),
                            Some(_) => break,
                        }
                    }
                }
            }
            Stmt::Break => return Ok(Ctl::Break),
            Stmt::Continue => return Ok(Ctl::Continue),
            Stmt::Return(e) => {
                self.value = self.eval(e, f)?;
                return Ok(Ctl::Return);
            }
        }
        // A loop, as an assignment, leaves no value.
        if !matches!(s, Stmt::Expr(_)) {
            self.value = Val::Unit;
        }
        Ok(Ctl::Next)
    }

    fn eval(&mut self, e: &Expr, f: &mut [Val]) -> Run<Val> {
        self.step(1)?;
        Ok(match e {
            Expr::Int(n) => Val::Int(*n),
            Expr::Const(v) => v.clone(),
            Expr::Elem(s, i) => {
                let i = self.int(i, f)?;
                let v = match &f[*s as usize] {
                    Val::Array(a) => a[index(a.len(), i)?].clone(),
                    Val::Str(s) => Val::Char(char_at(s, i)?),
                    _ => return Err(Bail),
                };
                if let Val::Array(_) = v {
                    self.step(v.size())?;
                }
                v
            }
            Expr::Local(s) => {
                let v = &f[*s as usize];
                if let Val::Array(_) = v {
                    self.step(v.size())?;
                }
                v.clone()
            }
            Expr::Take(s) => std::mem::replace(&mut f[*s as usize], Val::Unit),
            Expr::Array(items) => {
                let mut a = ThinVec::with_capacity(items.len());
                for i in items {
                    let v = self.eval(i, f)?;
                    self.step(v.size())?;
                    a.push(v);
                }
                Val::Array(a)
            }
            Expr::Bin(op, a, b) => {
                let x = self.int(a, f)?;
                Val::Int(op.int(x, self.int(b, f)?)?)
            }
            // Comparisons of other types have rules of their own (`apply`).
            Expr::Cmp(op, a, b, _) => {
                let a = self.eval(a, f)?;
                op.apply(&a, &self.eval(b, f)?)?
            }
            Expr::Eq(negated, a, b) => {
                let (a, b) = (self.eval(a, f)?, self.eval(b, f)?);
                Val::Bool(equal(&a, &b)? != *negated)
            }
            Expr::Neg(a) => Val::Int(self.int(a, f)?.checked_neg().ok_or(Bail)?),
            Expr::Not(_) | Expr::And(_) | Expr::Or(_) => Val::Bool(self.truth(e, f)?),
            Expr::Path(base, path, tail) => {
                let (idx, n) = self.indexes(path, f)?;
                // A local is read in place, not copied.
                let owned;
                let mut v = match **base {
                    Expr::Local(s) => &f[s as usize],
                    _ => {
                        owned = self.eval(base, f)?;
                        &owned
                    }
                };
                for (k, &i) in idx[..n].iter().enumerate() {
                    v = match v {
                        Val::Array(a) => &a[index(a.len(), i)?],
                        // A string's character ends a chain.
                        Val::Str(s) if k + 1 == n => match tail {
                            Tail::Value => return Ok(Val::Char(char_at(s, i)?)),
                            _ => return Err(Bail),
                        },
                        _ => return Err(Bail),
                    };
                }
                match (tail, v) {
                    (Tail::Value, v) => {
                        let v = v.clone();
                        self.step(v.size())?;
                        v
                    }
                    (Tail::Len, Val::Array(a)) => Val::Int(a.len() as i64),
                    (Tail::Len, Val::Str(s)) => Val::Int(s.chars().count() as i64),
                    (Tail::IsEmpty, Val::Array(a)) => Val::Bool(a.is_empty()),
                    (Tail::IsEmpty, Val::Str(s)) => Val::Bool(s.is_empty()),
                    _ => return Err(Bail),
                }
            }
            Expr::Fun(fun, args) => match (fun, &args[..]) {
                (Fun::Abs, [x]) => Val::Int(self.int(x, f)?.checked_abs().ok_or(Bail)?),
                (Fun::Min | Fun::Max, [x, y]) => {
                    let x = self.int(x, f)?;
                    let y = self.int(y, f)?;
                    Val::Int(if matches!(fun, Fun::Min) {
                        x.min(y)
                    } else {
                        x.max(y)
                    })
                }
                (Fun::Contains, [a, b]) => match (self.eval(a, f)?, self.eval(b, f)?) {
                    (Val::Str(s), Val::Str(t)) => Val::Bool(s.contains(t.as_str())),
                    (Val::Str(s), Val::Char(c)) => Val::Bool(s.contains(c)),
                    _ => return Err(Bail),
                },
                _ => return Err(Bail),
            },
            Expr::Mutate(s, m, args) => {
                // The arguments first, as Rhai evaluates them.
                let (i, v) = match (m, &args[..]) {
                    (Method::Push, [v]) => (0, self.eval(v, f)?),
                    (Method::Pop, []) => (0, Val::Unit),
                    (Method::Remove, [i]) => (self.int(i, f)?, Val::Unit),
                    (Method::Insert, [i, v]) => {
                        let i = self.int(i, f)?;
                        (i, self.eval(v, f)?)
                    }
                    _ => return Err(Bail),
                };
                self.step(v.size())?;
                let Val::Array(a) = &mut f[*s as usize] else {
                    return Err(Bail);
                };
                match m {
                    Method::Push => {
                        a.push(v);
                        Val::Unit
                    }
                    Method::Pop => a.pop().unwrap_or(Val::Unit),
                    // Out of range: () and the array unchanged.
                    Method::Remove => match index(a.len(), i) {
                        Ok(at) => a.remove(at),
                        Err(Bail) => Val::Unit,
                    },
                    // Rhai's rule: from the end when negative, at the start below −len, at
                    // the end from len on.
                    Method::Insert => {
                        let len = a.len() as i64;
                        let at = if i < 0 { (i + len).max(0) } else { i.min(len) };
                        a.insert(at as usize, v);
                        Val::Unit
                    }
                }
            }
            Expr::Call(i, args) => {
                let mut frame = Vec::with_capacity(self.funcs[*i].slots);
                for a in args {
                    frame.push(self.eval(a, f)?);
                }
                self.call(*i, frame)?
            }
            Expr::Block(b) => match self.block(b, f)? {
                Ctl::Next => std::mem::replace(&mut self.value, Val::Unit),
                // `return`, `break` or `continue` inside an expression: left to Rhai.
                _ => return Err(Bail),
            },
            Expr::Range(..) => return Err(Bail),
        })
    }
}

#[cfg(test)]
mod tests;
