//! The compiler: a script function's tokens (Rhai's grammar and precedence) into the tree
//! the machine runs, or nothing where the script uses more than this evaluator knows.

use super::*;

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
pub(super) struct Compiler<'a> {
    /// The body's words, between its braces.
    pub(super) toks: &'a [Tok],
    pub(super) at: usize,
    pub(super) depth: u32,
    pub(super) index: &'a HashMap<(String, usize), usize>,
    /// Names of the script's functions (a method call of one of these is Rhai's business).
    pub(super) methods: &'a [String],
    /// Script functions called by what was compiled.
    pub(super) calls: Vec<usize>,
    /// Names in scope, innermost last; a name's slot is its place here.
    pub(super) scope: Vec<String>,
    pub(super) slots: usize,
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
    pub(super) fn statements(&mut self, braced: bool) -> Option<Vec<Stmt>> {
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
