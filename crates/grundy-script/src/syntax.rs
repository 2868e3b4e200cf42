//! The words of a Rhai script, read by grundy itself for the fast evaluator.
//!
//! The evaluator in `fast` compiles the plain part of Rhai that most rules are written in. It
//! reads the script's text with this tokenizer rather than through Rhai's syntax tree, which
//! Rhai exports only as unstable internals. Rhai reads every script first (a script it
//! refuses never gets here), so this tokenizer only has to read valid Rhai the way Rhai
//! does; anything it is not sure of (a float, a string with escapes, a map, an interpolated
//! string, a character outside ASCII in the code) becomes [`Tok::Other`] and the function
//! holding it is left to Rhai — or, where it could hide the end of a function, the whole
//! script is.
//!
//! Rhai's rules followed here, from its tokenizer: a `-` directly before a digit, where an
//! operand is expected, is part of a negative number (`-7.abs()` is 7); `1.abs()` is the
//! integer 1 and a method, `1..3` a range; a number too large for 64 bits is a float; block
//! comments nest.

/// A word of the script.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Tok {
    Int(i64),
    /// A string without escapes.
    Str(String),
    /// A character literal without escapes.
    Char(char),
    Ident(String),
    /// An operator or a bracket.
    Sym(&'static str),
    /// Anything else: a float, a literal with escapes, a symbol the evaluator does not
    /// know. A function holding one is not compiled.
    Other,
}

/// Symbols, longest first (so that `..=` is read before `..` and `.`).
const SYMBOLS: [&str; 45] = [
    "..=", "...", "<<=", ">>=", "**=", "::", "..", "==", "!=", "<=", ">=", "&&", "||", "+=", "-=",
    "*=", "/=", "%=", "&=", "|=", "^=", "<<", ">>", "**", "=>", "->", "?.", "??", "?[", "++", "--",
    "(", ")", "{", "}", "[", "]", ",", ";", "+", "-", "*", "/", "%", ".",
];

/// Single characters that are symbols too.
const SINGLE: &str = "=<>!&|^:?@$~";

/// After these words an operand is expected, so that `-` before a digit is a sign (Rhai's
/// `is_next_unary`).
fn operand_follows(t: &Tok) -> bool {
    match t {
        Tok::Sym(s) => matches!(
            *s,
            ";" | ":"
                | ","
                | "??"
                | ".."
                | "..="
                | "{"
                | "("
                | "["
                | "+"
                | "+="
                | "-"
                | "-="
                | "*"
                | "*="
                | "/"
                | "/="
                | "%"
                | "%="
                | "**"
                | "**="
                | "<<"
                | "<<="
                | ">>"
                | ">>="
                | "="
                | "=="
                | "!="
                | "<"
                | ">"
                | "!"
                | "<="
                | ">="
                | "|"
                | "&"
                | "&&"
                | "&="
                | "||"
                | "|="
                | "^"
                | "^="
                | "?["
        ),
        Tok::Ident(w) => matches!(
            w.as_str(),
            "if" | "while" | "until" | "in" | "return" | "throw"
        ),
        _ => false,
    }
}

/// The script's words; `None` where the text holds what could hide where a function ends
/// (an interpolated or raw string, a map, a shebang, a character outside ASCII in the code,
/// an unterminated literal or comment).
pub(crate) fn tokens(src: &str) -> Option<Vec<Tok>> {
    let chars: Vec<char> = src.chars().collect();
    let mut out: Vec<Tok> = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied().unwrap_or('\0');
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        if c == '/' && next == '/' {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
            continue;
        }
        if c == '/' && next == '*' {
            let mut depth = 0;
            loop {
                match (chars.get(i)?, chars.get(i + 1)) {
                    ('/', Some('*')) => (depth, i) = (depth + 1, i + 2),
                    ('*', Some('/')) => {
                        (depth, i) = (depth - 1, i + 2);
                        if depth == 0 {
                            break;
                        }
                    }
                    _ => i += 1,
                }
            }
            continue;
        }
        let unary = out.last().is_none_or(operand_follows);
        if c.is_ascii_digit() || (c == '-' && next.is_ascii_digit() && unary) {
            let (tok, end) = number(&chars, i);
            out.push(tok);
            i = end;
            continue;
        }
        if c.is_ascii_alphabetic() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            out.push(Tok::Ident(chars[start..i].iter().collect()));
            continue;
        }
        if c == '"' {
            let (tok, end) = quoted(&chars, i, '"')?;
            out.push(tok);
            i = end;
            continue;
        }
        if c == '\'' {
            let (tok, end) = quoted(&chars, i, '\'')?;
            out.push(tok);
            i = end;
            continue;
        }
        // A raw or interpolated string, a map, a shebang, or a character outside ASCII.
        if c == '#' || c == '`' || !c.is_ascii() {
            return None;
        }
        if let Some(s) = SYMBOLS.iter().find(|s| {
            s.chars()
                .enumerate()
                .all(|(k, x)| chars.get(i + k) == Some(&x))
        }) {
            out.push(Tok::Sym(s));
            i += s.chars().count();
            continue;
        }
        if let Some(k) = SINGLE.find(c) {
            out.push(Tok::Sym(&SINGLE[k..k + 1]));
        } else {
            out.push(Tok::Other);
        }
        i += 1;
    }
    Some(out)
}

/// A number from `chars[i]` (a digit, or a sign before one): the word and where it ends.
fn number(chars: &[char], mut i: usize) -> (Tok, usize) {
    let mut text = String::new();
    if chars[i] == '-' {
        text.push('-');
        i += 1;
    }
    let radix = match (chars[i], chars.get(i + 1)) {
        ('0', Some('x' | 'X')) => 16,
        ('0', Some('o' | 'O')) => 8,
        ('0', Some('b' | 'B')) => 2,
        _ => 10,
    };
    if radix != 10 {
        i += 2;
    }
    let mut float = false;
    while let Some(&c) = chars.get(i) {
        if c == '_' || c.is_digit(radix) {
            if c != '_' {
                text.push(c);
            }
            i += 1;
        } else if radix == 10 && c == '.' && !float {
            // `1.5` and `1.)` are floats; `1..`, `1._` and `1.abs()` are not.
            match chars.get(i + 1) {
                Some('.' | '_') => break,
                Some(d) if d.is_ascii_alphabetic() => break,
                None => break,
                _ => {
                    float = true;
                    i += 1;
                }
            }
        } else if radix == 10 && matches!(c, 'e' | 'E') {
            match chars.get(i + 1) {
                Some(d) if d.is_ascii_digit() || *d == '+' || *d == '-' => {
                    float = true;
                    i += 2;
                }
                _ => break,
            }
        } else {
            break;
        }
    }
    if float {
        return (Tok::Other, i);
    }
    let value = if radix == 10 {
        // Too large for 64 bits: Rhai reads it as a float.
        text.parse::<i64>().ok()
    } else {
        // Rhai reads hexadecimal, octal and binary as 64 unsigned bits (0xFFFF_FFFF_FFFF_FFFF
        // is -1); a sign before them is not part of the number.
        let (neg, digits) = match text.strip_prefix('-') {
            Some(d) => (true, d),
            None => (false, text.as_str()),
        };
        u64::from_str_radix(digits, radix)
            .ok()
            .filter(|_| !neg && !digits.is_empty())
            .map(|v| v as i64)
    };
    (value.map_or(Tok::Other, Tok::Int), i)
}

/// A string or character literal opening at `chars[i]`: the word (a plain literal, or
/// [`Tok::Other`] when it holds escapes) and where it ends; `None` if it does not end.
fn quoted(chars: &[char], mut i: usize, quote: char) -> Option<(Tok, usize)> {
    i += 1;
    let mut text = String::new();
    let mut plain = true;
    loop {
        let c = *chars.get(i)?;
        i += 1;
        match c {
            '\\' => {
                plain = false;
                chars.get(i)?;
                i += 1;
            }
            '\n' if quote == '"' => plain = false,
            c if c == quote => break,
            c => text.push(c),
        }
    }
    let tok = if !plain {
        Tok::Other
    } else if quote == '"' {
        Tok::Str(text)
    } else {
        let mut cs = text.chars();
        match (cs.next(), cs.next()) {
            (Some(c), None) => Tok::Char(c),
            _ => Tok::Other,
        }
    };
    Some((tok, i))
}

/// A function of the script: its name, parameters, and where its body's words are
/// (between its braces).
#[derive(Debug)]
pub(crate) struct FnDef {
    pub name: String,
    pub params: Vec<String>,
    pub body: std::ops::Range<usize>,
}

/// The functions defined at the script's top level; `None` if a definition is not of the
/// plain form `fn name(a, b) { … }` (a method of a type, say), since a call could then mean
/// a function this reader does not see.
pub(crate) fn functions(toks: &[Tok]) -> Option<Vec<FnDef>> {
    let mut defs = Vec::new();
    let (mut i, mut depth) = (0, 0usize);
    while i < toks.len() {
        match &toks[i] {
            Tok::Sym("{") => depth += 1,
            Tok::Sym("}") => depth = depth.checked_sub(1)?,
            Tok::Ident(w) if w == "fn" && depth == 0 => {
                let Some(Tok::Ident(name)) = toks.get(i + 1) else {
                    return None;
                };
                if toks.get(i + 2) != Some(&Tok::Sym("(")) {
                    return None;
                }
                let mut params = Vec::new();
                i += 3;
                loop {
                    match toks.get(i)? {
                        Tok::Sym(")") => break,
                        Tok::Ident(p) => {
                            params.push(p.clone());
                            i += 1;
                            match toks.get(i)? {
                                Tok::Sym(",") => i += 1,
                                Tok::Sym(")") => break,
                                _ => return None,
                            }
                        }
                        _ => return None,
                    }
                }
                // `)` then the body's `{`.
                if toks.get(i + 1) != Some(&Tok::Sym("{")) {
                    return None;
                }
                let start = i + 2;
                let mut level = 1;
                let mut j = start;
                while level > 0 {
                    match toks.get(j)? {
                        Tok::Sym("{") => level += 1,
                        Tok::Sym("}") => level -= 1,
                        _ => {}
                    }
                    j += 1;
                }
                defs.push(FnDef {
                    name: name.clone(),
                    params,
                    body: start..j - 1,
                });
                i = j;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    Some(defs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_as_rhai_reads_them() {
        let t =
            tokens("let x = -7.abs() - 1; x -1 ..= 0x_ff 1..3 1.5 1e3 'a' \"b\" '\\n'").unwrap();
        use Tok::*;
        let id = |s: &str| Ident(s.into());
        assert_eq!(
            t,
            vec![
                id("let"),
                id("x"),
                Sym("="),
                Int(-7),
                Sym("."),
                id("abs"),
                Sym("("),
                Sym(")"),
                Sym("-"),
                Int(1),
                Sym(";"),
                id("x"),
                Sym("-"),
                Int(1),
                Sym("..="),
                Int(255),
                Int(1),
                Sym(".."),
                Int(3),
                Other,
                Other,
                Char('a'),
                Str("b".into()),
                Other,
            ]
        );
        assert_eq!(tokens("9223372036854775808").unwrap(), vec![Other]);
        assert_eq!(tokens("-9223372036854775808").unwrap(), vec![Int(i64::MIN)]);
        assert_eq!(tokens("0xFFFFFFFFFFFFFFFF").unwrap(), vec![Int(-1)]);
        assert_eq!(
            tokens("/* a /* b */ c */ 1 // x\n2").unwrap(),
            vec![Int(1), Int(2)]
        );
        for hidden in ["#{a: 1}", "`a${b}`", "let é = 1", "\"open", "/* open"] {
            assert_eq!(tokens(hidden), None, "{hidden}");
        }
    }

    #[test]
    fn functions_and_their_bodies() {
        let t = tokens("let a = { 1 }; fn f(x, y) { if x { y } } private fn g() { 0 }").unwrap();
        let defs = functions(&t).unwrap();
        assert_eq!(defs.len(), 2);
        assert_eq!((defs[0].name.as_str(), defs[0].params.len()), ("f", 2));
        assert_eq!(t[defs[0].body.clone()].len(), 5);
        assert_eq!(t[defs[1].body.clone()], [Tok::Int(0)]);
        assert!(functions(&tokens("fn int.f() { 0 }").unwrap()).is_none());
    }
}
