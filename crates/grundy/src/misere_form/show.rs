//! Misère forms written as CGSuite writes them (read in `read.rs`, from the one syntax tree).
//!
//! Written in Conway's notation (ONAG ch. 12) as CGSuite prints it inside `*[…]`: a nim heap
//! is its size (`&10;` from ten on), a game's options are written one after another, the latest
//! born first, an option of several options in parentheses (`(2#1)21` is {{*2, *1}, *2, *1}),
//! a game of one option is that option and `#` (`2#` is {*2}); a game that is a smaller one
//! plus a nim heap *i is the smaller one with `[i]` (`2[2]` is *2 + *2), or `[-i]` when it is
//! the smaller one minus *i, and an odd game (E + *1, E born first) is E with `[1]`.
//!
//! Read (by `read.rs`) as CGSuite reads it: `*[n]` is the nim heap *n, `*[a, b, …]` the game whose options
//! are a, b, … where an integer is a nim heap and a bracketed list `[a, b]` a game of those
//! options (`*[[2], 0]` is {{*2}, 0}), and `*[…]` forms add with `+` (or `-`: in misère play
//! every game is its own negative) and make ordinal sums with `:` (binding tighter than `+`).

use super::{Form, Forms};
use crate::GameError;
use std::cmp::Ordering;

fn digit(n: u32) -> String {
    if n < 10 {
        n.to_string()
    } else {
        format!("&{n};")
    }
}

impl Forms {
    /// CGSuite's order of forms: by their even parts' birthday, number of options, G⁺, G⁻ and
    /// options (in this order, compared one by one), then even before odd. Both forms must be
    /// prepared (see [`Forms::prepare`]).
    fn order(&self, a: Form, b: Form) -> Ordering {
        crate::cgt::deep(|| self.order_step(a, b))
    }

    fn order_step(&self, a: Form, b: Form) -> Ordering {
        if a == b {
            return Ordering::Equal;
        }
        let (ea, eb) = (self.evens[&a], self.evens[&b]);
        let by_value = |g: Form| {
            (
                self.birthday(g),
                self.options(g).len(),
                self.nim_value(g),
                self.misere_nim_value(g),
            )
        };
        by_value(ea)
            .cmp(&by_value(eb))
            .then_with(|| {
                let (oa, ob) = (&self.sorted[&ea], &self.sorted[&eb]);
                oa.iter()
                    .zip(ob)
                    .map(|(&x, &y)| self.order(x, y))
                    .find(|o| o.is_ne())
                    .unwrap_or(Ordering::Equal)
            })
            // Even first.
            .then_with(|| (ea != a).cmp(&(eb != b)))
    }

    /// Makes ready what CGSuite's order needs of `g` and of every form below it: each one's
    /// even part, and its options in order.
    fn prepare(&mut self, g: Form) -> Result<(), GameError> {
        crate::cgt::deep(|| self.prepare_step(g))
    }

    fn prepare_step(&mut self, g: Form) -> Result<(), GameError> {
        if self.sorted.contains_key(&g) {
            return Ok(());
        }
        if self.is_nim_heap(g) {
            // *k + *1 = *(k xor 1), and a nim heap's options are in order of size.
            for k in 0..=self.birthday(g) as usize {
                let heap = self.nimbers[k];
                self.evens.insert(heap, self.nimbers[k & !1]);
                self.sorted.insert(heap, self.nimbers[..k].to_vec());
            }
            return Ok(());
        }
        for o in self.options(g).to_vec() {
            self.prepare(o)?;
        }
        let e = self.even_part(g)?;
        if e != g {
            self.prepare(e)?;
        }
        let mut options = self.options(g).to_vec();
        options.sort_by(|&a, &b| self.order(a, b));
        self.sorted.insert(g, options);
        Ok(())
    }

    /// The options of `g` in CGSuite's order (the earliest born first).
    pub fn sorted_options(&mut self, g: Form) -> Result<Vec<Form>, GameError> {
        self.prepare(g)?;
        Ok(self.sorted[&g].clone())
    }

    /// The form H with H + K = G, if there is one that the options of G show: H's options
    /// are among the differences of G's options and K (tried all together, then leaving out
    /// one or two), each candidate checked by adding K back.
    pub fn difference(&mut self, g: Form, k: Form) -> Result<Option<Form>, GameError> {
        crate::cgt::deep(|| self.difference_step(g, k))
    }

    fn difference_step(&mut self, g: Form, k: Form) -> Result<Option<Form>, GameError> {
        if k == self.zero() {
            return Ok(Some(g));
        }
        if g == k {
            return Ok(Some(self.zero()));
        }
        if let Some(&d) = self.differences.get(&(g, k)) {
            return Ok(d);
        }
        let mut candidates = Vec::new();
        for o in self.options(g).to_vec() {
            if let Some(d) = self.difference(o, k)? {
                candidates.push(d);
            }
        }
        candidates.sort_unstable();
        candidates.dedup();
        let nim = self.nim_value(g) ^ self.nim_value(k);
        let n = candidates.len();
        // All the candidates, then all but one, then all but two: built one at a time.
        let left_out = std::iter::once(vec![])
            .chain((0..n).map(|i| vec![i]))
            .chain((0..n).flat_map(|i| (i + 1..n).map(move |j| vec![i, j])));
        let mut found = None;
        for out in left_out {
            let t: Vec<Form> = (0..n)
                .filter(|i| !out.contains(i))
                .map(|i| candidates[i])
                .collect();
            if t.iter().any(|&x| self.nim_value(x) == nim) {
                continue; // H's options cannot have H's own G⁺
            }
            let h = self.game(&t)?;
            if self.nim_value(h) == nim && self.add(h, k)? == g {
                found = Some(h);
                break;
            }
        }
        self.differences.insert((g, k), found);
        Ok(found)
    }

    /// `g` as CGSuite writes it: `*[2#0]`.
    pub fn show(&mut self, g: Form) -> Result<String, GameError> {
        Ok(self
            .show_within(g, usize::MAX)?
            .expect("no limit on the length"))
    }

    /// [`Forms::show`], or `None` when the text would be longer than `limit` characters.
    pub fn show_within(&mut self, g: Form, limit: usize) -> Result<Option<String>, GameError> {
        let mut out = String::from("*[");
        let mut opened = false;
        self.show_limit = limit;
        self.write(g, &mut out, false, &mut opened)?;
        if opened {
            out.push(']');
        }
        out.push(']');
        Ok((out.len() <= limit).then_some(out))
    }

    /// Writes `g`; `opened` is true on entry when a subscript is to follow (the first atom
    /// written then opens it with `[`), and says on return whether one was opened.
    fn write(
        &mut self,
        g: Form,
        out: &mut String,
        parenthesize: bool,
        opened: &mut bool,
    ) -> Result<(), GameError> {
        crate::cgt::deep(|| self.write_step(g, out, parenthesize, opened))
    }

    fn write_step(
        &mut self,
        g: Form,
        out: &mut String,
        parenthesize: bool,
        opened: &mut bool,
    ) -> Result<(), GameError> {
        if out.len() > self.show_limit {
            return Ok(());
        }
        let b = self.birthday(g);
        if self.is_nim_heap(g) {
            out.push_str(&digit(b));
            if *opened {
                out.push('[');
            }
            return Ok(());
        }
        let odd = self.is_odd(g)?;
        let mut i = if odd { 3 } else { 2 };
        while i < b {
            let heap = self.nimber(i)?;
            if let Some(d) = self.difference(g, heap)? {
                if self.birthday(d) < b {
                    *opened = true;
                    self.write(d, out, true, opened)?;
                    out.push_str(&digit(i));
                    return Ok(());
                }
            }
            let s = self.add(g, heap)?;
            if self.birthday(s) < b {
                *opened = true;
                self.write(s, out, true, opened)?;
                out.push('-');
                out.push_str(&digit(i));
                return Ok(());
            }
            i += 2;
        }
        if odd {
            *opened = true;
            let e = self.even_part(g)?;
            self.write(e, out, true, opened)?;
            out.push('1');
            return Ok(());
        }
        let options = self.sorted_options(g)?;
        if options.len() == 1 {
            self.write(options[0], out, true, opened)?;
            out.push('#');
            return Ok(());
        }
        if parenthesize {
            out.push('(');
        }
        for &o in options.iter().rev() {
            let mut inner = false;
            self.write(o, out, true, &mut inner)?;
            if inner {
                out.push(']');
            }
        }
        if parenthesize {
            out.push(')');
        }
        if *opened {
            out.push('[');
        }
        Ok(())
    }
}
