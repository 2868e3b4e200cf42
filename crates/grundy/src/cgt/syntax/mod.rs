//! CGSuite's notation read once into a syntax tree, whatever kind of game it writes: short
//! games ([`super::Universe`]), loopy games ([`super::loopy::Graph`]) and misère forms
//! (`crate::misere_form`) are each made by walking the same tree.
//!
//! ```text
//! statement  := expression [relation expression]    (<, <=, >, >=, ==, !=, <> or ||, <|, |>)
//! expression := infix ["&" infix]                    (onside & offside, both stoppers)
//! infix      := additive (("Cool" | "Heat" | "NortonProduct" | "OrdinalSum" | "Pow"
//!                          | "PowTo") additive)*     (G Cool t is G.Cool(t), below sums)
//! additive   := ordinal (("+" | "-") ordinal | "+-" atom)*     (a +- b is a + ±b)
//! ordinal    := product (":" product)*              (G : H, binding tighter than sums)
//! product    := term ("*" term)*                    (n * G: a `*` with space before it and
//!                                                    an operand after it multiplies)
//! term       := "-" term | postfix                  (a sign just before a number is the
//!                                                    number's: -2^ is −2 + ↑)
//! postfix    := atom ("." name ["(" expression ("," expression)* ")"])*
//! atom       := literal
//!             | [label] "{" options "|" options "}"  (bars may be doubled:
//!                                                    {a || b | c} = {a | {b | c}})
//!             | ("±" | "+-") (atom | "{" options "}")  ({x | −x}; ±{a,b} = {a,b | −a,−b})
//!             | ("Tiny" | "Miny") "(" expression ")"
//!             | "on" | "off" | "over" | "under" | "dud" | "upon" | name
//!             | "'" "{" options "|" options "}" "'"  (a form kept as written)
//!             | "*" "[" items "]"                   (a misère form: *[2, [1], *[3] + *2])
//!             | "(" expression ")"
//! literal    := [number] [("Tiny" | "Miny") "(" expression ")"] [arrows] [star]
//!               [("over" | "under" | arrow ("[on]" | "<on>")) [star]]
//!                                                   (3, 1/2, ^*, v3, ^<2>, ^[2], 3/2over,
//!                                                    ^[on] is upon, ^<on> upon-th)
//! options    := (expression | "pass") ("," ...)*    (`pass`: a move to the game itself)
//! items      := (digits | "[" items "]" | expression) ("," ...)*
//! ```
//!
//! Every kind of game reads the whole grammar; what one kind cannot be (a loopy game in a
//! misère form, `pass` outside braces) is refused when the tree is walked, in words.

mod lex;
mod parser;

use super::{Dyadic, Shape};
use crate::GameError;
use lex::{tokens, Tok};
use num_bigint::BigUint;
use parser::Parser;
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

    /// How the notation writes it.
    pub fn symbol(self) -> &'static str {
        match self {
            Relation::Less => "<",
            Relation::LessOrEqual => "<=",
            Relation::Greater => ">",
            Relation::GreaterOrEqual => ">=",
            Relation::Equal => "==",
            Relation::NotEqual => "!=",
            Relation::Confused => "<>",
            Relation::LessOrConfused => "<|",
            Relation::GreaterOrConfused => "|>",
        }
    }
}

/// A loopy game the notation names (Winning Ways ch. 11): on = {pass | }, off = { | pass},
/// over = {0 | pass}, under = {pass | 0}, dud = {pass | pass}, upon = {pass | *}, and
/// upon-th = {0 || 0 | 0, pass} (written `^<on>`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Constant {
    /// `on`
    On,
    /// `off`
    Off,
    /// `over`
    Over,
    /// `under`
    Under,
    /// `dud`
    Dud,
    /// `upon`, also `^[on]`
    Upon,
    /// `^<on>`
    Uponth,
}

impl Constant {
    fn of(word: &str) -> Option<Constant> {
        Some(match word {
            "on" => Constant::On,
            "off" => Constant::Off,
            "over" => Constant::Over,
            "under" => Constant::Under,
            "dud" => Constant::Dud,
            "upon" => Constant::Upon,
            _ => return None,
        })
    }

    /// How the notation writes it.
    pub fn word(self) -> &'static str {
        match self {
            Constant::On => "on",
            Constant::Off => "off",
            Constant::Over => "over",
            Constant::Under => "under",
            Constant::Dud => "dud",
            Constant::Upon => "upon",
            Constant::Uponth => "^<on>",
        }
    }
}

/// A number with arrows and a star: `3`, `-1/2`, `^*`, `v3`, `^<2>`, `1v*`.
#[derive(Clone, Debug, PartialEq)]
pub struct Literal {
    /// The number (0 when none is written).
    pub number: Dyadic,
    /// Ups (negative: downs).
    pub ups: i32,
    /// Which arrows: `↑`, `↑^<n>` or `↑^[n]`.
    pub shape: Shape,
    /// The nimber.
    pub star: u32,
}

impl Literal {
    /// The nimber `*n` alone (`0` when n = 0), if that is what this is: what a misère
    /// expression reads as a nim heap.
    pub fn nimber(&self) -> Option<u32> {
        (self.number == Dyadic::ZERO && self.ups == 0).then_some(self.star)
    }
}

/// One entry of a misère form's list `*[…]`.
#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    /// A nim heap of the size written.
    Heap(BigUint),
    /// `[…]`: the game whose options are the entries.
    List(Vec<Item>),
    /// A misère game written out.
    Game(Expr),
}

/// An expression in CGSuite's notation.
#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    /// A number, arrows and a star.
    Literal(Literal),
    /// `{left | right}`, perhaps labelled (`a{0 | a}`) so that its followers may name it.
    Game {
        /// The label, if written.
        label: Option<String>,
        /// Left's options.
        left: Vec<Expr>,
        /// Right's options.
        right: Vec<Expr>,
    },
    /// `±x` = {x | −x}; `±{a, b}` = {a, b | −a, −b}.
    PlusMinus(Vec<Expr>),
    /// `Tiny(x)` = {0 || 0 | −x} (`tiny` true) or `Miny(x)`, its negative.
    Tiny {
        /// Tiny rather than Miny.
        tiny: bool,
        /// The game in parentheses.
        of: Box<Expr>,
    },
    /// A word standing for a value a worksheet named, or a label.
    Name {
        /// The word.
        word: String,
        /// Its column (from 1), for messages.
        col: usize,
    },
    /// A loopy game the notation names.
    Constant(Constant),
    /// `pass`: a move to the game being written, as an option.
    Pass {
        /// Its column (from 1), for messages.
        col: usize,
    },
    /// `'{…}'`: a short game's form kept as written (its options as given), a [`Expr::Game`].
    Kept(Box<Expr>),
    /// `-G`.
    Negative(Box<Expr>),
    /// Terms added (false) or subtracted (true), left to right.
    Sum(Vec<(bool, Expr)>),
    /// `n * G`, left to right.
    Product(Vec<Expr>),
    /// `G : H`, the ordinal sum, left to right.
    Ordinal(Vec<Expr>),
    /// Methods called on a game, in turn: `G.Cool(1).Heat(2)`, `G Cool 1`.
    Call {
        /// The game.
        on: Box<Expr>,
        /// Each method's name and arguments.
        calls: Vec<(String, Vec<Expr>)>,
    },
    /// `S & T`: the onside of S with the offside of T.
    Sided(Box<Expr>, Box<Expr>),
    /// A number (arrows, star) plus a loopy constant written after it, as CGSuite writes
    /// pseudonumbers: `3/2over`, `5under`, `-1/4v[on]*` (−1/4 − upon + *).
    Pseudo {
        /// The number before.
        number: Literal,
        /// The constant.
        suffix: Constant,
        /// Whether it is the constant's negative (`v[on]`).
        down: bool,
        /// A nimber after it.
        star: u32,
    },
    /// A misère form `*[…]`: the game of its entries (one entry: that entry's game).
    Misere(Vec<Item>),
}

/// What a line of the notation says.
#[derive(Clone, Debug, PartialEq)]
pub enum Statement {
    /// A game.
    Value(Expr),
    /// `G relation H`.
    Compare(Expr, Relation, Expr),
}

impl Expr {
    /// Calls `f` on this expression and every expression within it.
    pub fn visit(&self, f: &mut impl FnMut(&Expr)) {
        f(self);
        match self {
            Expr::Literal(_)
            | Expr::Name { .. }
            | Expr::Constant(_)
            | Expr::Pass { .. }
            | Expr::Pseudo { .. } => {}
            Expr::Game { left, right, .. } => left.iter().chain(right).for_each(|e| e.visit(f)),
            Expr::PlusMinus(xs) | Expr::Product(xs) | Expr::Ordinal(xs) => {
                xs.iter().for_each(|e| e.visit(f))
            }
            Expr::Tiny { of: e, .. } | Expr::Kept(e) | Expr::Negative(e) => e.visit(f),
            Expr::Sum(xs) => xs.iter().for_each(|(_, e)| e.visit(f)),
            Expr::Call { on, calls } => {
                on.visit(f);
                calls.iter().flat_map(|c| &c.1).for_each(|e| e.visit(f));
            }
            Expr::Sided(a, b) => {
                a.visit(f);
                b.visit(f);
            }
            Expr::Misere(items) => {
                fn walk(items: &[Item], f: &mut impl FnMut(&Expr)) {
                    for i in items {
                        match i {
                            Item::Heap(_) => {}
                            Item::List(xs) => walk(xs, f),
                            Item::Game(e) => e.visit(f),
                        }
                    }
                }
                walk(items, f)
            }
        }
    }

    /// Whether some part of the expression satisfies `f`.
    pub fn any(&self, mut f: impl FnMut(&Expr) -> bool) -> bool {
        let mut found = false;
        self.visit(&mut |e| found = found || f(e));
        found
    }

    /// Whether the expression writes a loopy game: a constant (`on`), `pass`, a label or a
    /// sided value.
    pub fn is_loopy(&self) -> bool {
        self.any(|e| {
            matches!(
                e,
                Expr::Constant(_)
                    | Expr::Pass { .. }
                    | Expr::Sided(..)
                    | Expr::Pseudo { .. }
                    | Expr::Game { label: Some(_), .. }
            )
        })
    }

    /// Whether the expression writes a misère form (`*[…]`).
    pub fn is_misere(&self) -> bool {
        self.any(|e| matches!(e, Expr::Misere(_)))
    }

    /// Whether the expression uses a name that `known` knows.
    pub fn uses_name(&self, known: impl Fn(&str) -> bool) -> bool {
        self.any(|e| matches!(e, Expr::Name { word, .. } if known(word)))
    }

    /// The property written last (`G.LeftOptions`: a name `is_property` accepts, with no
    /// arguments) and the expression before it.
    pub fn property(&self, is_property: impl Fn(&str) -> bool) -> Option<(Expr, &str)> {
        let Expr::Call { on, calls } = self else {
            return None;
        };
        let (name, args) = calls.last()?;
        if !args.is_empty() || !is_property(name) {
            return None;
        }
        let before = match &calls[..calls.len() - 1] {
            [] => (**on).clone(),
            rest => Expr::Call {
                on: on.clone(),
                calls: rest.to_vec(),
            },
        };
        Some((before, name))
    }
}

/// The methods written between two operands, as CGSuite reads `G Cool t` (`G.Cool(t)`):
/// below sums in precedence, left to right.
pub(super) const INFIX: [&str; 6] = [
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

pub(super) fn err(text: &str, why: impl std::fmt::Display) -> GameError {
    GameError::Invalid(format!("game '{text}': {why}"))
}

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

/// Reads `text`: one expression, or two compared.
///
/// ```
/// use grundy::cgt::syntax::{statement, Expr, Relation, Statement};
///
/// let Statement::Compare(_, r, right) = statement("{1|-1} + * >= on").unwrap() else {
///     panic!()
/// };
/// assert_eq!(r, Relation::GreaterOrEqual);
/// assert!(right.is_loopy());
/// assert!(statement("^<2> == ^ : ^").is_ok());
/// let Statement::Value(e) = statement("*[2] + *[[2], 0]").unwrap() else { panic!() };
/// assert!(matches!(&e, Expr::Sum(terms) if terms.len() == 2) && e.is_misere());
/// ```
pub fn statement(text: &str) -> Result<Statement, GameError> {
    let mut p = Parser::new(text)?;
    let end = p.toks.len();
    // `=` alone and `:=`, before anything else is read: what was meant instead.
    for (i, t) in p.toks.iter().enumerate() {
        match t {
            Tok::Assign => {
                return Err(GameError::Invalid(format!(
                    "'{text}': ':=' at column {} names a game, which only a worksheet does: \
                     give its lines on standard input (echo 'G := {{1|0}}' | grundy cgt), or \
                     write the game itself here",
                    p.cols[i]
                )))
            }
            Tok::Equals => {
                return Err(GameError::Invalid(format!(
                    "'{text}': '=' at column {} compares nothing; write == to ask whether two \
                     games are equal",
                    p.cols[i]
                )))
            }
            _ => {}
        }
    }
    let mut depth = 0i32;
    let mut found: Option<(usize, Relation)> = None;
    for (i, t) in p.toks.iter().enumerate() {
        let relation = match t {
            Tok::Open | Tok::Paren(true) | Tok::Square(true) => {
                depth += 1;
                None
            }
            Tok::Close | Tok::Paren(false) | Tok::Square(false) => {
                depth -= 1;
                None
            }
            Tok::Rel(r) if depth == 0 => Some(*r),
            Tok::Bar(2) if depth == 0 => Some(Relation::Confused),
            _ => None,
        };
        if let Some(r) = relation {
            if found.is_some() {
                return Err(GameError::Invalid(format!(
                    "'{text}': a second comparison at column {}; compare two games at a time",
                    p.cols[i]
                )));
            }
            found = Some((i, r));
        }
    }
    let Some((at, relation)) = found else {
        return p.whole(end).map(Statement::Value);
    };
    if at == 0 || at + 1 == end {
        return Err(GameError::Invalid(format!(
            "'{text}': a comparison needs a game on each side"
        )));
    }
    let left = p.whole(at)?;
    p.at = at + 1;
    let right = p.whole(end)?;
    Ok(Statement::Compare(left, relation, right))
}

/// Reads `text` as one expression (a comparison is refused).
pub fn expression(text: &str) -> Result<Expr, GameError> {
    match statement(text)? {
        Statement::Value(e) => Ok(e),
        Statement::Compare(..) => Err(GameError::Invalid(format!(
            "'{text}': a comparison is true or false, not a game"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comparisons_are_read_outside_brackets_and_arrow_groups() {
        for (text, relation) in [
            ("^ < 0", Relation::Less),
            ("^<2> <= ^", Relation::LessOrEqual),
            ("^<2>==^", Relation::Equal),
            ("{1|-1} || 0", Relation::Confused),
            ("* <> 0", Relation::Confused),
            ("* <| 0", Relation::LessOrConfused),
            ("* |> 0", Relation::GreaterOrConfused),
            ("on != off", Relation::NotEqual),
            ("^ > 0", Relation::Greater),
            ("^ >= 0", Relation::GreaterOrEqual),
        ] {
            match statement(text).unwrap() {
                Statement::Compare(_, r, _) => assert_eq!(r, relation, "{text}"),
                other => panic!("{text}: {other:?}"),
            }
        }
        assert!(matches!(
            statement("{1||0|-1}").unwrap(),
            Statement::Value(_)
        ));
    }

    #[test]
    fn bad_statements_say_what_was_meant() {
        for (text, says) in [
            ("G := {1|0}", "':=' at column 3 names a game"),
            ("^ = 0", "'=' at column 3 compares nothing"),
            ("^ < 0 < *", "a second comparison at column 7"),
            ("< 0", "a comparison needs a game on each side"),
            ("((((", "a bracket is not closed"),
            ("", "nothing to read"),
        ] {
            let e = statement(text).unwrap_err().to_string();
            assert!(e.contains(says), "{text}: {e}");
        }
        let deep = format!("{}0{}", "(".repeat(300), ")".repeat(300));
        assert!(statement(&deep)
            .unwrap_err()
            .to_string()
            .contains("nested too deeply"));
    }

    #[test]
    fn the_kind_of_game_is_read_from_the_tree() {
        let e = |t: &str| expression(t).unwrap();
        assert!(e("a{0|a}").is_loopy() && e("{0|pass}").is_loopy() && e("3/2over").is_loopy());
        assert!(e("on & off").is_loopy() && e("^[on]").is_loopy());
        assert!(!e("{1|-1} + ^<2> + ^[3]").is_loopy());
        assert!(e("*[2] + *").is_misere() && !e("*2").is_misere());
        assert!(e("g + 1").uses_name(|w| w == "g"));
        let asked = e("({2|-2} + *).Cool(1).LeftOptions");
        let (before, name) = asked.property(|n| n == "LeftOptions").unwrap();
        assert_eq!(name, "LeftOptions");
        assert!(matches!(before, Expr::Call { .. }));
    }
}
