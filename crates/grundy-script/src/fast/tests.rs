use super::*;
use proptest::prelude::*;

/// A small random-program writer (xorshift), so that a seed is a program.
struct Writer {
    state: u64,
    depth: u32,
    loops: u32,
    /// Loops around the statement being written.
    inside: u32,
}

impl Writer {
    fn new(seed: u64) -> Self {
        Writer {
            state: seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1,
            depth: 0,
            loops: 0,
            inside: 0,
        }
    }

    fn below(&mut self, n: u64) -> u64 {
        self.state ^= self.state << 13;
        self.state ^= self.state >> 7;
        self.state ^= self.state << 17;
        self.state % n
    }

    fn pick<'a>(&mut self, xs: &[&'a str]) -> &'a str {
        xs[self.below(xs.len() as u64) as usize]
    }

    /// An expression, integer-valued when things go as expected.
    fn int(&mut self) -> String {
        if self.depth > 3 || self.below(3) == 0 {
            return self.leaf();
        }
        self.depth += 1;
        let e = match self.below(9) {
            0..=2 => {
                let op = self.pick(&["+", "-", "*", "/", "%", "&", "|", "^", "-", "+"]);
                format!("({} {op} {})", self.int(), self.int())
            }
            3 => format!("-({})", self.int()),
            4 => format!(
                "if {} {{ {} }} else {{ {} }}",
                self.cond(),
                self.int(),
                self.int()
            ),
            5 if self.below(2) == 0 => match self.below(4) {
                0 => format!("abs({})", self.int()),
                1 => format!("({}).abs()", self.int()),
                2 => format!("min({}, {})", self.int(), self.int()),
                // (Operands that change nothing: where the order of a method's receiver
                // and arguments matters, the evaluator does not compile the function;
                // a test of its own checks that.)
                _ => format!("({}).max({})", self.leaf(), self.leaf()),
            },
            5 => format!("g({})", self.int()),
            6 => format!("p[{} % 2]", self.int()),
            7 if self.below(2) == 0 => format!("m[{} % 2]", self.int()),
            7 => format!("[{}, {}]", self.int(), self.int()),
            _ => format!("h({}, [{}, {}])", self.int(), self.int(), self.int()),
        };
        self.depth -= 1;
        e
    }

    /// An expression without parts.
    fn leaf(&mut self) -> String {
        match self.below(8) {
            0 => format!("({})", self.below(12) as i64 - 3),
            1 => "n".into(),
            2 => self.pick(&["a", "b", "i"]).into(),
            3 => self.pick(&["p.len()", "s.len()", "len(s)"]).into(),
            4 => "len(m)".into(),
            5 if self.below(4) == 0 => "9223372036854775807".into(),
            5 => format!("({})", self.below(5)),
            6 => format!("p[{}]", self.below(3) as i64 - 1),
            _ => "a".into(),
        }
    }

    fn cond(&mut self) -> String {
        self.depth += 1;
        let c = match self.below(10) {
            0 | 1 => {
                let op = self.pick(&["<", "<=", ">", ">=", "==", "!="]);
                format!("{} {op} {}", self.int(), self.int())
            }
            2 if self.depth < 4 => format!("({} && {})", self.cond(), self.cond()),
            3 if self.depth < 4 => format!("({} || {})", self.cond(), self.cond()),
            4 if self.depth < 4 => format!("!({})", self.cond()),
            5 => "m.is_empty()".into(),
            6 => self
                .pick(&["true", "false", "a", "m == p", "s == \"ab.X\""])
                .into(),
            // Strings and characters.
            8 if self.below(2) == 0 => {
                let c = self.pick(&["'.'", "'X'", "'é'"]);
                let t = self.pick(&["'.'", "'X'", "\".\"", "\"X.\""]);
                match self.below(4) {
                    0 => format!("s[{} % 3] == {c}", self.int()),
                    1 => format!("s.contains({t})"),
                    2 => format!("contains(s, {t})"),
                    _ => format!("{c} {} s[{}]", self.pick(&["<", ">=", "!="]), self.int()),
                }
            }
            // Strings compared with strings, and with other types.
            8 if self.below(2) == 0 => {
                let op = self.pick(&["<", "<=", ">", ">="]);
                let t = self.pick(&["\"ab\"", "\"\"", "\"X.é\"", "\"ab.X\"", "'a'", "1"]);
                if self.below(2) == 0 {
                    format!("s {op} {t}")
                } else {
                    format!("{t} {op} s")
                }
            }
            // An operand that changes things, of a type compared by rules of its own.
            7 if self.below(3) == 0 => {
                let x = self.int();
                let operand = if self.below(2) == 0 {
                    format!("{{ m.push({x}); m }}")
                } else {
                    format!("if a < 2 {{ m.push({x}); m }} else {{ m }}")
                };
                format!("(({operand}) < {})", self.int())
            }
            _ => format!("{} < {}", self.int(), self.int()),
        };
        self.depth -= 1;
        c
    }

    fn block(&mut self, n: u64) -> String {
        self.depth += 1;
        let s: Vec<String> = (0..self.below(n) + 1).map(|_| self.stmt()).collect();
        self.depth -= 1;
        s.join(" ")
    }

    fn stmt(&mut self) -> String {
        let nested = self.depth < 3;
        match self.below(15) {
            0 => format!("let a = {};", self.int()),
            1 => format!("b = {};", self.int()),
            2 => format!(
                "a {} {};",
                self.pick(&["+=", "-=", "*=", "/=", "%="]),
                self.int()
            ),
            3 | 4 => format!("m.push({});", self.int()),
            5 => format!("m.push([{}, {}]);", self.int(), self.int()),
            6 if nested => format!(
                "if {} {{ {} }} else {{ {} }}",
                self.cond(),
                self.block(3),
                self.block(2)
            ),
            7 if nested && self.loops < 3 => {
                self.loops += 1;
                let over = match self.below(4) {
                    0 => "p".to_string(),
                    1 => format!("0..{}", self.below(5)),
                    2 => format!("{}..={}", self.below(3) as i64 - 1, self.below(4)),
                    _ => "[1, 2, 3]".into(),
                };
                self.inside += 1;
                let body = self.block(3);
                self.inside -= 1;
                format!("for i in {over} {{ {body} }}")
            }
            8 if nested && self.loops < 3 => {
                self.loops += 1;
                let bound = self.below(4);
                self.inside += 1;
                let body = self.block(3);
                self.inside -= 1;
                format!("let k = 0; while k < {bound} {{ k += 1; {body} }}")
            }
            9 if self.inside > 0 => {
                format!(
                    "if {} {{ {} }}",
                    self.cond(),
                    self.pick(&["break;", "continue;"])
                )
            }
            10 => format!("if {} {{ return {}; }}", self.cond(), self.int()),
            11 => format!("p[{} % 2] = {};", self.int(), self.int()),
            12 => format!(
                "m[{} % 2] {} {};",
                self.int(),
                self.pick(&["=", "+="]),
                self.int()
            ),
            13 if self.below(3) == 0 => match self.below(6) {
                0 => "m.pop();".into(),
                1 => "b = m.pop();".into(),
                2 => format!("m.remove({});", self.int()),
                3 => format!("m.insert({}, {});", self.int(), self.int()),
                4 => format!("m += {};", self.int()),
                _ => format!("m += [{}, {}];", self.int(), self.int()),
            },
            13 if self.below(2) == 0 => {
                let c = self.pick(&["'.'", "'X'", "'é'"]);
                match self.below(7) {
                    // (Rhai counts a negative index of a string it writes from the start;
                    // the evaluator leaves those to it.)
                    0 | 1 => format!("s[({} % 3 + 3) % 3] = {c};", self.int()),
                    // Appends: of a string, a character, or another type (Rhai's
                    // concatenation of its text, left to Rhai).
                    5 => format!("s += {};", self.pick(&["\"ab\"", "\"é\"", "'X'", "s", "1"])),
                    6 => "let t = s; t += '.'; m.push([s, t]);".into(),
                    2 => "for ch in s { if ch == 'X' { a += 1; } m.push(ch); }".into(),
                    3 => format!("m.push(s[{}]);", self.int()),
                    _ => format!("let t = s; t[0] = {c}; m.push(t);"),
                }
            }
            _ => format!("let c = {}; b = c;", self.int()),
        }
    }

    fn program(&mut self) -> String {
        let m = self.pick(&["[]", "[0, 1]"]);
        let body = self.block(6);
        let end = self.pick(&[
            "m",
            "[a, b, m]",
            "a",
            "p",
            "if a > 0 { m } else { b }",
            "a;",
            "s",
            "[s, m]",
            ";",
            // The body's last statement gives the value.
            "",
        ]);
        format!(
                "fn g(x) {{ x * 2 - 1 }}
                 fn h(x, q) {{ q.push(x); let s = 0; for y in q {{ s += y; }} s }}
                 fn f(x) {{ let n = x[0]; let p = x[1]; let s = x[2]; let a = 0; let b = 1; let i = 2;
                     let m = {m}; {body} {end} }}"
            )
    }
}

/// Rhai's answer and this evaluator's for `f([n, p])`: the evaluator may leave a call to
/// Rhai, but when it answers, Rhai answers the same.
fn both(script: &str, n: i64, p: &[i64], s: &str) -> (Option<Val>, Option<Val>) {
    let engine = crate::engine();
    let ast = engine
        .compile(script)
        .expect("the writer writes valid Rhai");
    let arg = Val::Array(thin_vec::thin_vec![
        Val::Int(n),
        Val::Array(p.iter().map(|&x| Val::Int(x)).collect()),
        Val::Str(s.into()),
    ]);
    let rhai = call_rhai(&engine, &ast, &arg)
        .map(|d| Val::from_dynamic(&d).expect("a value of the subset"));
    let fast = Fast::compile(script, &["f"]).expect("the writer writes the subset");
    (rhai, fast.call("f", arg).ok())
}

/// Rhai's answer for `f(x)`, or `None` where Rhai fails.
fn call_rhai(engine: &rhai::Engine, ast: &rhai::AST, x: &Val) -> Option<Dynamic> {
    let opts = rhai::CallFnOptions::new().eval_ast(false);
    engine
        .call_fn_with_options(opts, &mut rhai::Scope::new(), ast, "f", (x.to_dynamic(),))
        .ok()
}

const INPUTS: [(i64, &[i64], &str); 4] = [
    (0, &[], ""),
    (3, &[1, 2, 3], "ab.X"),
    (-2, &[5, -1], "X.é"),
    (7, &[0, 4], ".."),
];

/// The comparison above only bites where this evaluator answers: it must answer most of
/// what Rhai answers (it leaves only overflows, long runs and the like), and the
/// programs must be varied enough that Rhai fails on some.
#[test]
fn most_answers_come_from_here() {
    let (mut calls, mut rhai_ok, mut both_ok) = (0, 0, 0);
    for seed in 0..500 {
        let script = Writer::new(seed).program();
        for (n, p, s) in INPUTS {
            let (rhai, fast) = both(&script, n, p, s);
            calls += 1;
            rhai_ok += usize::from(rhai.is_some());
            if fast.is_some() {
                assert_eq!(fast, rhai, "{script} with n = {n}, p = {p:?}, s = {s:?}");
                both_ok += 1;
            }
        }
    }
    eprintln!("{calls} calls: Rhai answered {rhai_ok}, this evaluator {both_ok}");
    assert!(rhai_ok < calls * 9 / 10 && rhai_ok > calls / 5);
    assert!(both_ok * 100 >= rhai_ok * 97);
}

/// Strings built by appending and compared: answered here, and as Rhai answers.
#[test]
fn strings_are_built_and_compared_as_rhai_does() {
    for script in [
        "fn f(x) { let s = \"\"; for c in x[2] { s += c; s += \"|\"; } s }",
        "fn f(x) { let t = x[2]; t += 'X'; t += \"ab\"; \
             [t, t < x[2], x[2] <= t, \"ab\" > t, t >= \"a\", x[2]] }",
        "fn f(x) { let best = \"\"; for w in [\"b.\", \"a#\", \"ab\", x[2], \"a\"] { \
             if best == \"\" || w < best { best = w; } } best }",
    ] {
        for (n, p, s) in INPUTS {
            let (rhai, fast) = both(script, n, p, s);
            assert!(fast.is_some(), "{script} with s = {s:?} left to Rhai");
            assert_eq!(fast, rhai, "{script} with s = {s:?}");
        }
    }
}

/// The methods that change an array follow Rhai's rules for every index, in range or
/// not, on arrays of every small length.
#[test]
fn array_methods_are_rhais() {
    let engine = crate::engine();
    for call in [
        "r = m.insert(i, 9);",
        "r = m.remove(i);",
        "r = m.pop();",
        "m += i;",
        "m += [i, i];",
    ] {
        let script = format!("fn f(x) {{ let m = x[0]; let i = x[1]; let r = (); {call} [m, r] }}");
        let ast = engine.compile(&script).unwrap();
        let fast = Fast::compile(&script, &["f"]).unwrap();
        for len in 0..4 {
            for i in -6..6 {
                let m = Val::Array((0..len).map(Val::Int).collect());
                let arg = Val::Array([m, Val::Int(i)].into());
                let opts = rhai::CallFnOptions::new().eval_ast(false);
                let rhai: Dynamic = engine
                    .call_fn_with_options(
                        opts,
                        &mut rhai::Scope::new(),
                        &ast,
                        "f",
                        (arg.to_dynamic(),),
                    )
                    .unwrap();
                let want = Val::from_dynamic(&rhai).unwrap();
                assert_eq!(
                    fast.call("f", arg).unwrap(),
                    want,
                    "{call} on {len} values, i = {i}"
                );
            }
        }
    }
}

/// Rhai evaluates a method's arguments before its receiver: where that order matters the
/// call is left to Rhai, elsewhere the evaluator answers.
#[test]
fn method_arguments_come_before_the_receiver() {
    let engine = crate::engine();
    for (body, compiled) in [
        (
            "let r = (if true { m.push(1); 5 } else { 0 }).min(len(m)); [r, m]",
            false,
        ),
        ("let r = m[0].min({ m.push(7); 9 }); [r, m]", false),
        (
            "let r = m[0].min(len(m)); [r, m, m.len().max(1), m[0].abs()]",
            true,
        ),
    ] {
        let script = format!("fn f(x) {{ let m = x; {body} }}");
        let ast = engine.compile(&script).unwrap();
        let arg = Val::Array([Val::Int(-4)].into());
        let opts = rhai::CallFnOptions::new().eval_ast(false);
        let rhai: Dynamic = engine
            .call_fn_with_options(
                opts,
                &mut rhai::Scope::new(),
                &ast,
                "f",
                (arg.to_dynamic(),),
            )
            .unwrap();
        let fast = Fast::compile(&script, &["f"]);
        assert_eq!(fast.is_some(), compiled, "{body}");
        if let Some(fast) = fast {
            assert_eq!(
                fast.call("f", arg).unwrap(),
                Val::from_dynamic(&rhai).unwrap(),
                "{body}"
            );
        }
    }
}

/// Statements go to the function whose braces enclose them, also with every function on
/// one line and a top level of its own.
#[test]
fn functions_on_one_line_keep_their_statements() {
    let script = "let z = 5; fn a(x) { let y = x + 1; y * 2 } fn b(x) { let y = [x]; \
                      y.push(a(x)); y } z + 1;";
    crate::engine().compile(script).unwrap();
    let fast = Fast::compile(script, &["a", "b"]).unwrap();
    assert_eq!(fast.call("a", Val::Int(3)).unwrap(), Val::Int(8));
    let b = fast.call("b", Val::Int(3)).unwrap();
    assert_eq!(
        b,
        Val::Array([Val::Int(3), Val::Int(8)].into_iter().collect())
    );
    // Chains of indexes and a method at their end.
    let script = "fn c(p) { [p[0].len(), p[1][0], p[0][-1], p[2][1], p[0].is_empty()] }";
    crate::engine().compile(script).unwrap();
    let fast = Fast::compile(script, &["c"]).unwrap();
    let ints = |xs: &[i64]| Val::Array(xs.iter().map(|&x| Val::Int(x)).collect());
    let arg = Val::Array([ints(&[4, 5, 6]), ints(&[7]), Val::Str("aé".into())].into());
    let want = [
        Val::Int(3),
        Val::Int(7),
        Val::Int(6),
        Val::Char('é'),
        Val::Bool(false),
    ];
    assert_eq!(fast.call("c", arg).unwrap(), Val::Array(want.into()));
    // A function outside the subset (a float) is not compiled, nor what calls it.
    let script = "fn a(x) { x * 1.5 } fn b(x) { a(x) } fn c(x) { x }";
    crate::engine().compile(script).unwrap();
    assert!(Fast::compile(script, &["b"]).is_none());
    assert!(Fast::compile(script, &["c"]).is_some());
}

/// Rhai's answer for `f(x)` and this evaluator's (`None`: not compiled or left to Rhai).
fn one(script: &str, x: Val) -> (Option<Val>, Option<Val>) {
    let engine = crate::engine();
    // (Rhai refuses some programs as it reads them, e.g. `1 && b`: they never run.)
    let Ok(ast) = engine.compile(script) else {
        return (None, None);
    };
    let rhai = call_rhai(&engine, &ast, &x).and_then(|d| Val::from_dynamic(&d));
    let fast = Fast::compile(script, &["f"]).and_then(|fast| fast.call("f", x).ok());
    (rhai, fast)
}

/// Corners of Rhai's grammar the reader must read as Rhai does: signs glued to numbers,
/// numbers followed by methods, radixes, comments, empty statements, `else if`, blocks as
/// values, braces inside literals, operators without parentheses.
#[test]
fn corners_of_the_grammar_read_as_rhai_reads_them() {
    let scripts = [
        "fn f(x) { -7.abs() }",
        "fn f(x) { - 7.abs() }",
        "fn f(x) { let a = x -1; a }",
        "fn f(x) { x-1 }",
        "fn f(x) { (x)-1 }",
        "fn f(x) { [x][0]-1 }",
        "fn f(x) { 1.abs() + 2.max(x) }",
        "fn f(x) { 0x1F + 0b101 + 0o17 + 1_000 + 0xFFFF_FFFF_FFFF_FFFF }",
        "fn f(x) { if x > 9 { 1 } else if x > 1 { 2 } else { 3 } }",
        "fn f(x) { let y = { 4; }; y }",
        "fn f(x) { 1; ; }",
        "fn f(x) { let y; y }",
        "fn f(x) { loop { x += 1; if x > 10 { break; } } x }",
        "fn f(x) { return; }",
        "fn f(x) { if x > 0 { return x * 2 } 0 }",
        "fn f(x) { [1, 2,] }",
        "fn f(x) { g(x, ) } fn g(a) { a }",
        "fn f(x) { /* a /* b */ } */ x // }\n }",
        "fn f(x) { let v = [x]; v.push(2); v[-1] }",
        "fn f(x) { while x > 0 { x -= 3 } x }",
        "fn f(x) { for i in -3..=-1 { x += i; } x }",
        "fn f(x) { let s = \"a}b{\"; s.len() }",
        "fn f(x) { let c = '}'; c }",
        "fn f(x) { 2 ^ 3 | 4 & 5 }",
        "fn f(x) { 1 < 2 == true }",
        "fn f(x) { !(x > 1) && true || false }",
        "fn f(x) { x > 1 || x < 0 && false }",
        "fn f(x) { if x == 7 { 1 } }",
        "fn f(x) { let a = [[1, 2], [3]]; a[0][1] += 5; a[1].len() + a[0][-1] }",
        "fn f(x) { let a = 1; { let a = 2; x += a; } a + x }",
        "fn f(x) { -9223372036854775808 }",
        "fn f(x) { 3 - -2 * -x % 4 / 1 }",
        "fn f(x) { !true == false }",
        "let top = { 1 }; fn f(x) { x } top;",
    ];
    let mut compiled = 0;
    for script in scripts {
        let (rhai, fast) = one(script, Val::Int(7));
        if fast.is_some() {
            compiled += 1;
            assert_eq!(fast, rhai, "{script}");
        }
    }
    assert!(
        compiled + 2 >= scripts.len(),
        "{compiled} of {}",
        scripts.len()
    );
}

/// Operators written without parentheses group by Rhai's precedence.
fn flat(seed: u64) -> String {
    let mut w = Writer::new(seed);
    let ops = [
        "+", "-", "*", "/", "%", "&", "|", "^", "<", "<=", ">", ">=", "==", "!=", "&&", "||",
    ];
    let leaves = [
        "1", "2", "3", "-2", "n", "-n", "!b", "b", "true", "(n - 1)", "x[1]",
    ];
    let mut e = w.pick(&leaves).to_string();
    for _ in 0..w.below(6) + 1 {
        e = format!("{e} {} {}", w.pick(&ops), w.pick(&leaves));
    }
    format!("fn f(x) {{ let n = x[0]; let b = n > 2; {e} }}")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]
    #[test]
    fn operators_group_as_in_rhai(seed in any::<u64>(), n in -4i64..6) {
        let script = flat(seed);
        let (rhai, fast) = one(&script, Val::Array([Val::Int(n), Val::Int(5)].into()));
        if fast.is_some() {
            prop_assert_eq!(fast, rhai, "{}", script);
        }
    }
}

/// The flat expressions above are answered here often enough for that test to bite.
#[test]
fn flat_expressions_are_mostly_answered_here() {
    let (mut rhai_ok, mut both_ok) = (0, 0);
    for seed in 0..400 {
        let (rhai, fast) = one(&flat(seed), Val::Array([Val::Int(3), Val::Int(5)].into()));
        rhai_ok += usize::from(rhai.is_some());
        both_ok += usize::from(fast.is_some());
    }
    // (What is left to Rhai: `|`, `&`, `^` and orderings of booleans, and `&&` or `||`
    // of numbers, which Rhai answers in ways of its own.)
    assert!(
        rhai_ok > 100 && both_ok * 3 >= rhai_ok * 2,
        "{rhai_ok} {both_ok}"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]
    #[test]
    fn answers_are_rhais(seed in any::<u64>()) {
        let script = Writer::new(seed).program();
        for (n, p, s) in INPUTS {
            let (rhai, fast) = both(&script, n, p, s);
            if let Some(v) = fast {
                prop_assert_eq!(Some(v), rhai, "{} with n = {}, p = {:?}, s = {:?}", script, n, p, s);
            }
        }
    }
}
