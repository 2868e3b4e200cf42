//! The tokens of CGSuite's notation: numbers, arrows, stars, braces and bars, signs, words,
//! methods' dots, the ordinal sum's colon, quotes around kept forms, the `&` of sides and the
//! comparisons — read once, each with its column and whether space comes before it.

use super::{err, Relation};
use crate::GameError;

#[derive(Clone, Debug, PartialEq)]
pub(super) enum Tok {
    /// Digits: a number of any size.
    Num(num_bigint::BigUint),
    Slash,
    Star,
    Up,
    Down,
    Open,
    Close,
    /// A bar, and how many strokes it has (`|` 1, `||` 2).
    Bar(usize),
    Comma,
    Plus,
    Minus,
    PlusMinus,
    Paren(bool),
    /// `<` (true) or `>`, around n in `^<n>` (just after an arrow).
    Angle(bool),
    /// A comparison: `<`, `<=`, `>`, `>=`, `==`, `!=`, `<>`, `<|`, `|>`.
    Rel(Relation),
    /// `:=`, which names a value in a worksheet.
    Assign,
    /// `=` alone, which compares nothing.
    Equals,
    /// `[` (true) or `]`, around n in `^[n]`.
    Square(bool),
    Word(String),
    /// `.`, before a method: `G.Cool(1)`.
    Dot,
    /// `:`, the ordinal sum `G : H`.
    Colon,
    /// A quote opening (true: before `{`) or closing a form kept as written, `'{*|*}'`.
    Quote(bool),
    /// `&`, between the onside and the offside of a sided value: `over & v`.
    Amp,
}

impl std::fmt::Display for Tok {
    /// The token as a person reads it in a message: what was typed, quoted.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Tok::Num(n) => write!(f, "the number {n}"),
            Tok::Word(w) => write!(f, "the word '{w}'"),
            Tok::Bar(n) => write!(f, "'{}'", "|".repeat(*n)),
            Tok::Rel(r) => write!(f, "'{}'", r.symbol()),
            t => {
                let c = match t {
                    Tok::Slash => "/",
                    Tok::Star => "*",
                    Tok::Up => "^",
                    Tok::Down => "v",
                    Tok::Open => "{",
                    Tok::Close => "}",
                    Tok::Comma => ",",
                    Tok::Plus => "+",
                    Tok::Minus => "-",
                    Tok::PlusMinus => "+-",
                    Tok::Paren(true) => "(",
                    Tok::Paren(false) => ")",
                    Tok::Angle(true) => "<",
                    Tok::Angle(false) => ">",
                    Tok::Square(true) => "[",
                    Tok::Square(false) => "]",
                    Tok::Dot => ".",
                    Tok::Colon => ":",
                    Tok::Quote(_) => "'",
                    Tok::Amp => "&",
                    Tok::Assign => ":=",
                    Tok::Equals => "=",
                    Tok::Num(_) | Tok::Word(_) | Tok::Bar(_) | Tok::Rel(_) => {
                        unreachable!("written above")
                    }
                };
                write!(f, "'{c}'")
            }
        }
    }
}

/// The tokens of `text`, where each starts (a column from 1), and whether space comes before
/// it (`3 * G` multiplies, `3*2` is 3 + *2 as it is written back).
pub(super) type Tokens = (Vec<Tok>, Vec<usize>, Vec<bool>);

pub(super) fn tokens(text: &str) -> Result<Tokens, GameError> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut cols = Vec::new();
    let mut spaced = Vec::new();
    let mut i = 0;
    // Inside `^<n>`, whose `>` closes the group rather than compares.
    let mut angle = false;
    while i < chars.len() {
        let c = chars[i];
        i += 1;
        if !c.is_whitespace() {
            cols.push(i);
            spaced.push(i >= 2 && chars[i - 2].is_whitespace());
        }
        match c {
            c if c.is_whitespace() => {}
            '0'..='9' => {
                let from = i - 1;
                while chars.get(i).is_some_and(char::is_ascii_digit) {
                    i += 1;
                }
                let digits: String = chars[from..i].iter().collect();
                let n = digits.parse().expect("decimal digits are a number");
                out.push(Tok::Num(n));
            }
            '/' => out.push(Tok::Slash),
            '*' => out.push(Tok::Star),
            '^' | '↑' => out.push(Tok::Up),
            // `v` is down, unless it begins a word (a name such as `val`).
            'v' if !chars
                .get(i)
                .is_some_and(|&c| (c.is_ascii_alphabetic() && c != 'v') || c == '_') =>
            {
                out.push(Tok::Down)
            }
            '↓' => out.push(Tok::Down),
            '{' => out.push(Tok::Open),
            '}' => out.push(Tok::Close),
            '|' if chars.get(i) == Some(&'>') => {
                i += 1;
                out.push(Tok::Rel(Relation::GreaterOrConfused));
            }
            '|' => {
                let mut n = 1;
                while chars.get(i) == Some(&'|') {
                    n += 1;
                    i += 1;
                }
                out.push(Tok::Bar(n));
            }
            ',' => out.push(Tok::Comma),
            '+' if chars.get(i) == Some(&'-') => {
                i += 1;
                out.push(Tok::PlusMinus);
            }
            '±' => out.push(Tok::PlusMinus),
            '+' => out.push(Tok::Plus),
            '-' | '−' => out.push(Tok::Minus),
            '(' => out.push(Tok::Paren(true)),
            // `<` just after an arrow opens `^<n>`; anywhere else it compares.
            '<' if matches!(out.last(), Some(Tok::Up | Tok::Down))
                && !chars[i - 2].is_whitespace() =>
            {
                angle = true;
                out.push(Tok::Angle(true));
            }
            '>' if angle => {
                angle = false;
                out.push(Tok::Angle(false));
            }
            '<' | '>' | '=' | '!' => {
                let next = chars.get(i).copied();
                let (relation, long) = match (c, next) {
                    ('<', Some('=')) => (Some(Relation::LessOrEqual), true),
                    ('<', Some('>')) => (Some(Relation::Confused), true),
                    ('<', Some('|')) => (Some(Relation::LessOrConfused), true),
                    ('<', _) => (Some(Relation::Less), false),
                    ('>', Some('=')) => (Some(Relation::GreaterOrEqual), true),
                    ('>', _) => (Some(Relation::Greater), false),
                    ('=', Some('=')) => (Some(Relation::Equal), true),
                    ('!', Some('=')) => (Some(Relation::NotEqual), true),
                    ('=', _) if out.last() == Some(&Tok::Colon) => {
                        out.pop();
                        cols.pop();
                        spaced.pop();
                        out.push(Tok::Assign);
                        (None, false)
                    }
                    ('=', _) => {
                        out.push(Tok::Equals);
                        (None, false)
                    }
                    _ => {
                        return Err(err(
                            text,
                            format_args!("'{c}' at column {i} is not part of the notation"),
                        ))
                    }
                };
                if long {
                    i += 1;
                }
                if let Some(r) = relation {
                    out.push(Tok::Rel(r));
                }
            }
            '[' => out.push(Tok::Square(true)),
            ']' => out.push(Tok::Square(false)),
            ')' => out.push(Tok::Paren(false)),
            '.' => out.push(Tok::Dot),
            ':' => out.push(Tok::Colon),
            '&' => out.push(Tok::Amp),
            // A quote before a brace opens a kept form; any other closes one.
            '\'' => {
                let next = chars[i..].iter().find(|c| !c.is_whitespace());
                out.push(Tok::Quote(next == Some(&'{')));
            }
            c if c.is_ascii_alphabetic() => {
                let mut w = c.to_string();
                while let Some(&c) = chars
                    .get(i)
                    .filter(|c| c.is_ascii_alphanumeric() || **c == '_')
                {
                    w.push(c);
                    i += 1;
                }
                out.push(Tok::Word(w));
            }
            c => {
                return Err(err(
                    text,
                    format_args!("'{c}' at column {i} is not part of the notation"),
                ))
            }
        }
    }
    Ok((out, cols, spaced))
}
