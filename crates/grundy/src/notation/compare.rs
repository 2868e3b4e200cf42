//! Comparisons in CGSuite's notation: `G < H`, `<=`, `>`, `>=`, `==`, `!=`, `<>` (or `||`:
//! confused with), `<|` (less than or confused with), `|>` (greater than or confused with).
//! The order of short games (Conway, ONAG ch. 7; Siegel, CGT §II.1): G ≥ H exactly when Left
//! wins G − H moving second. Misère forms are compared for equality only (`==`, `!=`).

use crate::cgt::loopy;
use crate::cgt::Universe;
use crate::GameError;
use std::cmp::Ordering;

/// A comparison operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Relation {
    /// `<`
    Less,
    /// `<=`
    LessOrEqual,
    /// `>`
    Greater,
    /// `>=`
    GreaterOrEqual,
    /// `==`
    Equal,
    /// `!=`
    NotEqual,
    /// `<>` or `||`: confused with (neither ≤ nor ≥).
    Confused,
    /// `<|`: less than or confused with (not ≥).
    LessOrConfused,
    /// `|>`: greater than or confused with (not ≤).
    GreaterOrConfused,
}

impl Relation {
    /// Whether two games standing in `order` (`None`: confused) satisfy the relation.
    pub fn holds(self, order: Option<Ordering>) -> bool {
        use Ordering::*;
        match self {
            Relation::Less => order == Some(Less),
            Relation::LessOrEqual => matches!(order, Some(Less | Equal)),
            Relation::Greater => order == Some(Greater),
            Relation::GreaterOrEqual => matches!(order, Some(Greater | Equal)),
            Relation::Equal => order == Some(Equal),
            Relation::NotEqual => order != Some(Equal),
            Relation::Confused => order.is_none(),
            Relation::LessOrConfused => !matches!(order, Some(Greater | Equal)),
            Relation::GreaterOrConfused => !matches!(order, Some(Less | Equal)),
        }
    }
}

/// The comparison in `text` at the top level (outside braces, parentheses and brackets, and
/// not the `<`…`>` of `^<2>`): the text before it, the relation and the text after it. `None`
/// when there is none; refused when there are several, or a lone `=`.
pub fn split(text: &str) -> Result<Option<(&str, Relation, &str)>, GameError> {
    let b = text.as_bytes();
    let mut depth = 0i32;
    let mut found: Option<(usize, usize, Relation)> = None;
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        match c {
            b'{' | b'(' | b'[' => depth += 1,
            b'}' | b')' | b']' => depth -= 1,
            _ => {}
        }
        if depth != 0 {
            i += 1;
            continue;
        }
        let next = b.get(i + 1).copied();
        // `^<2>`, `v<2>`: an angle group, not a comparison (`<` is one byte, so the text
        // before it ends at a character).
        if c == b'<' && (text[..i].ends_with(['^', 'v', '↑', '↓'])) {
            match text[i..].find('>') {
                Some(close) => {
                    i += close + 1;
                    continue;
                }
                None => break,
            }
        }
        let op = match (c, next) {
            (b'<', Some(b'=')) => Some((2, Relation::LessOrEqual)),
            (b'>', Some(b'=')) => Some((2, Relation::GreaterOrEqual)),
            (b'=', Some(b'=')) => Some((2, Relation::Equal)),
            (b'!', Some(b'=')) => Some((2, Relation::NotEqual)),
            (b'<', Some(b'>')) => Some((2, Relation::Confused)),
            (b'<', Some(b'|')) => Some((2, Relation::LessOrConfused)),
            (b'|', Some(b'>')) => Some((2, Relation::GreaterOrConfused)),
            (b'|', Some(b'|')) => Some((2, Relation::Confused)),
            (b'<', _) => Some((1, Relation::Less)),
            (b'>', _) => Some((1, Relation::Greater)),
            (b'=', _) if i > 0 && b[i - 1] == b':' => {
                return Err(GameError::Invalid(format!(
                    "'{text}': ':=' at column {} names a game, which only a worksheet does: give \
                     its lines on standard input (echo 'G := {{1|0}}' | grundy cgt), or write \
                     the game itself here",
                    i
                )))
            }
            (b'=', _) => {
                return Err(GameError::Invalid(format!(
                    "'{text}': '=' at column {} compares nothing; write == to ask whether \
                     two games are equal",
                    i + 1
                )))
            }
            _ => None,
        };
        if let Some((len, relation)) = op {
            if found.is_some() {
                return Err(GameError::Invalid(format!(
                    "'{text}': a second comparison at column {}; compare two games at a time",
                    i + 1
                )));
            }
            found = Some((i, len, relation));
            i += len;
            continue;
        }
        i += 1;
    }
    Ok(found.map(|(at, len, relation)| (text[..at].trim(), relation, text[at + len..].trim())))
}

/// What `grundy cgt "G op H"` (or a predicate, `"^.IsNumber"`) answers: the expression and
/// whether it holds.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Comparison {
    /// The expression as given.
    pub expression: String,
    /// Whether the comparison holds.
    pub result: bool,
}

/// Decides the comparison `left relation right` (each side an expression in CGSuite's
/// notation, or both misère forms).
pub fn decide(
    text: &str,
    left: &str,
    relation: Relation,
    right: &str,
) -> Result<Comparison, GameError> {
    let mut forms = crate::misere_form::Forms::new();
    let mut loopy = loopy::Graph::new();
    decide_in(
        &mut Universe::new(),
        &mut forms,
        &mut loopy,
        text,
        left,
        relation,
        right,
    )
}

/// [`decide`], with short games valued in `u`, misère forms in `forms` and loopy games in
/// `loopy` (where names may stand for values, forms and games).
pub fn decide_in(
    u: &mut Universe,
    forms: &mut crate::misere_form::Forms,
    loopy: &mut loopy::Graph,
    text: &str,
    left: &str,
    relation: Relation,
    right: &str,
) -> Result<Comparison, GameError> {
    if left.is_empty() || right.is_empty() {
        return Err(GameError::Invalid(format!(
            "'{text}': a comparison needs a game on each side"
        )));
    }
    let result = if forms.is_expression(left) || forms.is_expression(right) {
        if !matches!(relation, Relation::Equal | Relation::NotEqual) {
            return Err(GameError::Invalid(format!(
                "'{text}': misère games are compared for equality only (== or !=): they have \
                 no order"
            )));
        }
        let (g, h) = (forms.parse(left)?, forms.parse(right)?);
        (relation == Relation::Equal) == (g == h)
    } else if loopy.is_expression(left) || loopy.is_expression(right) {
        let order = loopy::order(u, loopy, left, right)?;
        u.check()?;
        relation.holds(order)
    } else {
        let (g, h) = (u.parse(left)?, u.parse(right)?);
        let order = u.compare(g, h);
        u.check()?;
        relation.holds(order)
    };
    Ok(Comparison {
        expression: text.to_string(),
        result,
    })
}

#[cfg(test)]
mod tests {
    use super::split;

    /// A lone '=' is refused saying what to write instead: `==` to compare, a worksheet to
    /// give a name.
    #[test]
    fn a_lone_equals_sign_says_what_was_meant() {
        let e = split("G := {1|0}").unwrap_err().to_string();
        assert!(e.contains("':=' at column 3 names a game"), "{e}");
        assert!(e.contains("standard input"), "{e}");
        let e = split("^ = 0").unwrap_err().to_string();
        assert!(e.contains("'=' at column 3 compares nothing"), "{e}");
        assert!(split("^ == 0").unwrap().is_some());
    }
}
