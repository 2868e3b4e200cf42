//! Forms kept as written, `'{a, b | c}'`: read with their options as given, each kept
//! when written as a kept form (CGSuite's explicit games).

use super::*;

impl Parser<'_> {
    /// A kept form standing alone as an operand — `'{…}'`, in parentheses or not, or a name
    /// given to one — not followed by a method or a product (those take its value); `None`
    /// (having read nothing) otherwise.
    pub(super) fn kept_operand(
        &mut self,
        u: &mut Universe,
        end: usize,
    ) -> Result<Option<Kept>, GameError> {
        let mut i = self.at;
        let mut parens = 0;
        while i < end && self.toks[i] == Tok::Paren(true) {
            parens += 1;
            i += 1;
        }
        let after_form = match self.toks.get(i) {
            Some(Tok::Quote(true)) if i < end => {
                let mut depth = 0;
                let mut close = None;
                for j in i..end {
                    match self.toks[j] {
                        Tok::Quote(true) => depth += 1,
                        Tok::Quote(false) => {
                            depth -= 1;
                            if depth == 0 {
                                close = Some(j);
                                break;
                            }
                        }
                        _ => {}
                    }
                }
                match close {
                    Some(j) => j + 1,
                    None => return Ok(None),
                }
            }
            Some(Tok::Word(w)) if i < end && u.named_kept(w).is_some() => i + 1,
            _ => return Ok(None),
        };
        let closing = after_form + parens;
        if closing > end
            || (after_form..closing).any(|j| self.toks[j] != Tok::Paren(false))
            || matches!(self.toks.get(closing), Some(Tok::Dot | Tok::Star) if closing < end)
        {
            return Ok(None);
        }
        let form = match &self.toks[i] {
            Tok::Word(w) => u.named_kept(w).cloned().expect("looked up above"),
            _ => {
                self.at = i;
                self.kept(u, after_form)?
            }
        };
        self.at = closing;
        Ok(Some(form))
    }

    /// A form kept as written, `'{a, b | c}'`, from its opening quote to `end` (just after
    /// its closing quote): its options are kept forms when written as such, values
    /// otherwise; a nested bar (`'{a || b | c}'`) makes a value of the inner game, as in
    /// CGSuite.
    pub(super) fn kept(&mut self, u: &mut Universe, end: usize) -> Result<Kept, GameError> {
        self.at += 1; // the opening quote
        if self.peek(end) != Some(&Tok::Open) || self.toks[end - 2] != Tok::Close {
            return Err(err(
                self.text,
                "a kept form is a game in braces within quotes: '{…|…}'",
            ));
        }
        let (from, to) = (self.at + 1, end - 2);
        self.at = from;
        if self.matching(to + 1, |t| *t == Tok::Open, |t| *t == Tok::Close)? != to {
            return Err(err(
                self.text,
                "a kept form is one game in braces within quotes",
            ));
        }
        let (split, nested_left, nested_right) =
            split_at_widest_bar(&self.toks, from, to).map_err(|why| err(self.text, why))?;
        let left = self.kept_side(u, from, split, nested_left)?;
        let right = self.kept_side(u, split + 1, to, nested_right)?;
        self.at = end;
        Ok(Kept::Form { left, right })
    }

    /// One side of a kept form's bar: its options, each kept when written as a kept form.
    pub(super) fn kept_side(
        &mut self,
        u: &mut Universe,
        from: usize,
        to: usize,
        nested: bool,
    ) -> Result<Vec<Kept>, GameError> {
        if nested {
            return Ok(vec![Kept::Value(self.slots(u, from, to)?)]);
        }
        let mut options = Vec::new();
        self.at = from;
        while self.at < to {
            let start = self.at;
            let kept = match self.kept_operand(u, to)? {
                Some(k) if self.at == to || self.toks[self.at] == Tok::Comma => Some(k),
                _ => None,
            };
            let option = match kept {
                Some(k) => k,
                None => {
                    self.at = start;
                    Kept::Value(self.sum(u, to)?)
                }
            };
            options.push(option);
            self.at = after_option(self.text, &self.toks, &self.cols, self.at, to)?;
        }
        Ok(options)
    }
}
