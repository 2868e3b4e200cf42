//! A misère form read from the syntax tree of CGSuite's notation
//! ([`crate::cgt::syntax`]): `*[…]` lists (`*[2, [1], 0]`: the game whose options are a heap
//! of 2, the game of a heap of 1, and 0), nim heaps `*n` and `0`, names given to forms, sums
//! and ordinal sums.

use super::{Form, Forms, NIMBER_LIMIT};
use crate::cgt::syntax::{self, Expr, Item};
use crate::GameError;
use num_bigint::BigUint;

impl Forms {
    /// Reads a misère expression in CGSuite's notation: `*[2] + *[[2], 0]`; `*n` and `*`
    /// are nim heaps too.
    pub fn parse(&mut self, text: &str) -> Result<Form, GameError> {
        let e = syntax::expression(text)?;
        self.read(text, &e)
    }

    /// The form the tree `e` of the misère expression `text` writes.
    pub fn read(&mut self, text: &str, e: &Expr) -> Result<Form, GameError> {
        let bad = |why: &dyn std::fmt::Display| {
            GameError::Invalid(format!("misère expression '{text}': {why}"))
        };
        match e {
            Expr::Literal(l) => match l.nimber() {
                Some(n) => self.heap(text, &BigUint::from(n)),
                None => Err(bad(
                    &"a misère game is *[…], *n, 0 or a name given to a misère \
                     form; numbers and ups are games of normal play",
                )),
            },
            Expr::Misere(items) => match items.as_slice() {
                [one] => self.item(text, one),
                _ => self.list(text, items),
            },
            Expr::Name { word, .. } => self.named(word).ok_or_else(|| {
                bad(&format_args!(
                    "'{word}' is not a name given to a misère form"
                ))
            }),
            // In misère play a form is its own conjugate: G − H is G + H.
            Expr::Sum(terms) => {
                let mut sum = self.read(text, &terms[0].1)?;
                for (_, t) in &terms[1..] {
                    let h = self.read(text, t)?;
                    sum = self.add(sum, h)?;
                }
                Ok(sum)
            }
            Expr::Ordinal(xs) => {
                let mut g = self.read(text, &xs[0])?;
                for x in &xs[1..] {
                    let h = self.read(text, x)?;
                    g = self.ordinal_sum(g, h)?;
                }
                Ok(g)
            }
            Expr::Negative(_) => Err(bad(
                &"a misère form has no negative to add: in misère play G − G is not 0, so \
                  misère forms are added, not subtracted",
            )),
            _ => Err(bad(
                &"a misère game is *[…], *n, 0, a name given to a misère form, or their sums \
                  and ordinal sums (G : H)",
            )),
        }
    }

    /// A nim heap of `n`, refused above [`NIMBER_LIMIT`].
    fn heap(&mut self, text: &str, n: &BigUint) -> Result<Form, GameError> {
        match u32::try_from(n).ok().filter(|&k| k <= NIMBER_LIMIT) {
            Some(k) => self.nimber(k),
            None => Err(GameError::TooLarge(format!(
                "misère expression '{text}': the nim heap {n} is too large (at most \
                 {NIMBER_LIMIT})"
            ))),
        }
    }

    /// The game of a list's entries.
    fn list(&mut self, text: &str, items: &[Item]) -> Result<Form, GameError> {
        let mut options = Vec::with_capacity(items.len());
        for i in items {
            options.push(self.item(text, i)?);
        }
        self.game(&options)
    }

    /// The game an entry stands for: a heap, the game of a list's entries, or a game.
    fn item(&mut self, text: &str, item: &Item) -> Result<Form, GameError> {
        match item {
            Item::Heap(n) => self.heap(text, n),
            Item::Game(e) => self.read(text, e),
            Item::List(items) => self.list(text, items),
        }
    }
}
