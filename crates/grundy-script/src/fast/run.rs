//! The machine: runs the compiled tree, step by step within its bounds, bailing out to Rhai
//! where a step is not sure to do as Rhai does.

use super::*;

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

pub(super) struct Machine<'a> {
    pub(super) funcs: &'a [Func],
    pub(super) steps: u64,
    pub(super) depth: u32,
    /// The value the last statement left.
    pub(super) value: Val,
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

    pub(super) fn call(&mut self, f: usize, args: Vec<Val>) -> Run<Val> {
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
