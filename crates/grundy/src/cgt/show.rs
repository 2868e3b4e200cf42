//! Games written as CGSuite writes them (its plain-text output), so that what grundy prints
//! can be pasted into CGSuite and compared with its answers character for character.
//!
//! - numbers `3/8`, nimbers `*2`, and the *uptimals* x + n·↑ + *m (`1^*`, `vv*3`, `^5`),
//!   x ± `↑^<n>` + *m (`^<2>`, `v<3>*`) and x ± `↑^[n]` + *m (`^[4]`);
//! - switches G = −G as `+-x` or `+-{a,b}`; `Tiny(x)` = {0 ‖ 0 | −x} and `Miny(x)`,
//!   translated by a number (`2Tiny(1)`);
//! - anything else in braces, options in CGSuite's order (numbers, nimbers, uptimals, then
//!   the rest by their own options), a side with one option writing it without braces and
//!   the bar widening instead (`{3|||2||1|0,*||||-1/2}`), up to four strokes: a game that
//!   would need four is braced where it stands.

use super::{Dyadic, Id, Kind, Universe};
use std::cmp::Ordering;

/// The unit an uptimal counts (see [`Universe::uptimal`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Shape {
    /// ↑ itself: x + n·↑ + *m, written `^`, `^^`, `^3`.
    Ups,
    /// `↑^<n>` (up-nth) = `{0 | ↓^[n−1]*}`, written `^<n>`.
    Pow,
    /// `↑^[n]` = `{↑^[n−1] | *}` (`↑^[0]` = 0), written `^[n]`.
    PowTo,
}

/// How a game is written, decided once (it needs the universe to grow: sums and negatives).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Shown {
    /// A number, a number plus a nimber, or an uptimal.
    Simple(Kind),
    /// G = −G: `+-` and the Left options.
    Switch,
    /// `Tiny(sub)` (or `Miny(sub)`) translated by a number.
    Tiny {
        translate: Dyadic,
        sub: Id,
        miny: bool,
    },
    /// `{L | R}`.
    Braces,
}

/// The most arrows of an uptimal recognised from its options alone (see `recognise`).
const MAX_ARROWS: i32 = 64;

/// The most strokes a bar has: a game needing more is written in braces where it stands.
const MAX_BARS: usize = 4;

impl Universe {
    /// Recognises the uptimals near `g`'s stops (x + n·↑ + *m, x ± ↑^<n> + *m,
    /// x ± ↑^[n] + *m) by building the few born no later than `g` (once each).
    fn recognise(&mut self, g: Id) -> Kind {
        let kind = self.kinds[g.0 as usize].clone();
        if kind != Kind::Other {
            return kind;
        }
        let (ls, rs) = (self.left_stop(g), self.right_stop(g));
        if ls != rs {
            return kind;
        }
        // x + n·↑ + *m is known when it is made (it is compact); x ± ↑^<n> + *m and
        // x ± ↑^[n] + *m are tried here. Each is born no earlier than day |n| (and *m on
        // day m), so only small ones can equal g; and at most MAX_ARROWS arrows are tried
        // (building each costs its size: a game born on day 10^6 would otherwise try 10^6
        // of them). Larger ones are known when they are built as such (read, or summed).
        let b = i32::try_from(self.small_birthday(g)).unwrap_or(i32::MAX - 1);
        for shape in [Shape::Pow, Shape::PowTo] {
            for n in (2..=(b + 1).min(MAX_ARROWS)).flat_map(|n| [n, -n]) {
                for m in 0..=(b as u32 + 1).min(8) {
                    if self.halted() {
                        return kind;
                    }
                    if self.uptimal(shape, ls.clone(), n, m) == g {
                        return self.kinds[g.0 as usize].clone();
                    }
                }
            }
        }
        kind
    }

    /// Decides how `g` and everything below it is written.
    fn prepare(&mut self, g: Id) {
        super::deep(|| {
            if self.shown.contains_key(&g) || self.halted() {
                return;
            }
            // Known as an uptimal or not, for CGSuite's order of options.
            self.uptimal_expansion(g);
            let shown = match self.recognise(g) {
                Kind::Other => {
                    let (left, right) = (self.left(g).to_vec(), self.right(g).to_vec());
                    for o in left.iter().chain(&right) {
                        self.prepare(*o);
                    }
                    if self.neg(g) == g {
                        Shown::Switch
                    } else if let Some((translate, sub, miny)) = self.tiny(g) {
                        self.prepare(sub);
                        Shown::Tiny {
                            translate,
                            sub,
                            miny,
                        }
                    } else {
                        Shown::Braces
                    }
                }
                kind => Shown::Simple(kind),
            };
            self.shown.insert(g, shown);
        })
    }

    /// `g` as x + Tiny(s) = {x ‖ x | x − s} (mean of x − s below x) or x + Miny(s) =
    /// {x + s | x ‖ x}: (x, s, whether Miny).
    fn tiny(&mut self, g: Id) -> Option<(Dyadic, Id, bool)> {
        let (l, r) = (self.left(g).to_vec(), self.right(g).to_vec());
        let ([a], [b]) = (&l[..], &r[..]) else {
            return None;
        };
        for miny in [false, true] {
            // Tiny: a is the number x, b = {x | y}; Miny: b is x, a = {y | x}.
            let (near, far) = if miny { (*b, *a) } else { (*a, *b) };
            let Some(x) = self.as_number(near).cloned() else {
                continue;
            };
            let (same, other) = if miny {
                (self.right(far).to_vec(), self.left(far).to_vec())
            } else {
                (self.left(far).to_vec(), self.right(far).to_vec())
            };
            if let ([s], [y]) = (&same[..], &other[..]) {
                let mean = self.thermograph(*y).mean;
                if *s == near && if miny { mean > x } else { mean < x } {
                    let sub = if miny {
                        self.sub(*y, near)
                    } else {
                        self.sub(near, *y)
                    };
                    return Some((x, sub, miny));
                }
            }
        }
        None
    }

    /// `g` as CGSuite writes it: `0`, `3/8`, `*2`, `1*`, `^`, `v*`, `^^`, `^3*2`, `^<2>`,
    /// `^[3]*`, `+-1`, `Tiny(1/2)`, or `{L | R}` with the options written the same way.
    pub fn show(&mut self, g: Id) -> String {
        self.prepare(g);
        let mut out = String::new();
        // Stopped by a time budget, some games are not prepared (and the answer is refused).
        if self.check().is_err() {
            return out;
        }
        self.write(g, true, false, &mut out);
        out
    }

    /// Writes `g` (prepared) to `out`: in braces if `brackets`, in parentheses if `parens`
    /// and it is not a single symbol. Returns how many strokes its bar has when it is
    /// written without braces (0 when it has none).
    fn write(&self, g: Id, brackets: bool, parens: bool, out: &mut String) -> usize {
        super::deep(|| match &self.shown[&g] {
            Shown::Simple(kind) => {
                let compact = match kind {
                    Kind::Number(_) => true,
                    Kind::NumberStar(x, _) => *x == Dyadic::ZERO,
                    Kind::Uptimal(_, x, _, m) => *x == Dyadic::ZERO && *m == 0,
                    Kind::Other => unreachable!("a simple game has a kind"),
                };
                let text = simple_text(kind);
                if parens && !compact {
                    out.push('(');
                    out.push_str(&text);
                    out.push(')');
                } else {
                    out.push_str(&text);
                }
                0
            }
            Shown::Switch => {
                let left = self.sorted(self.made(g, true));
                out.push_str("+-");
                if let [only] = left[..] {
                    self.write(only, true, true, out);
                } else {
                    out.push('{');
                    for (i, &o) in left.iter().enumerate() {
                        if i > 0 {
                            out.push(',');
                        }
                        self.write(o, true, false, out);
                    }
                    out.push('}');
                }
                0
            }
            Shown::Tiny {
                translate,
                sub,
                miny,
            } => {
                if parens {
                    out.push('(');
                }
                if *translate != Dyadic::ZERO {
                    out.push_str(&translate.to_string());
                }
                out.push_str(if *miny { "Miny(" } else { "Tiny(" });
                self.write(*sub, true, false, out);
                out.push(')');
                if parens {
                    out.push(')');
                }
                0
            }
            Shown::Braces => {
                let mut bars = 1;
                let mut side = |options: &[Id], text: &mut String| {
                    let options = self.sorted(options);
                    for (i, &o) in options.iter().enumerate() {
                        if i > 0 {
                            text.push(',');
                        }
                        bars = bars.max(self.write(o, options.len() > 1, false, text) + 1);
                    }
                };
                let (mut left, mut right) = (String::new(), String::new());
                side(self.made(g, true), &mut left);
                side(self.made(g, false), &mut right);
                let braced = brackets || bars == MAX_BARS;
                if braced {
                    out.push('{');
                }
                out.push_str(&left);
                out.push_str(&"|".repeat(bars));
                out.push_str(&right);
                if braced {
                    out.push('}');
                    0
                } else {
                    bars
                }
            }
        })
    }

    /// `options` in CGSuite's order.
    fn sorted(&self, options: &[Id]) -> Vec<Id> {
        let mut v = options.to_vec();
        v.sort_by(|&a, &b| self.order(a, b));
        v
    }

    /// CGSuite's order of games for writing options: numbers by value, then nimbers, then
    /// uptimals (by their expansions: number, digits, length, nimber; see `Expansion`),
    /// then the rest by their Left options, then their Right options, each list in this
    /// order.
    pub(super) fn order(&self, g: Id, h: Id) -> Ordering {
        // A game not yet looked at (the work halted before) counts as no uptimal.
        let expansion = |g: Id| self.uptimals.get(&g).and_then(Option::as_ref);
        let rank = |g: Id| match (&self.kinds[g.0 as usize], expansion(g)) {
            (Kind::Number(_), _) => 0,
            (Kind::NumberStar(x, _), _) if *x == Dyadic::ZERO => 1,
            (_, Some(_)) => 2,
            _ => 3,
        };
        match (rank(g), rank(h)) {
            (ra, rb) if ra != rb => ra.cmp(&rb),
            (0..=2, _) => expansion(g).cmp(&expansion(h)),
            _ => {
                let lists = |x: &[Id], y: &[Id]| {
                    let (x, y) = (self.sorted(x), self.sorted(y));
                    x.iter()
                        .zip(&y)
                        .map(|(&p, &q)| self.order(p, q))
                        .find(|o| o.is_ne())
                        .unwrap_or_else(|| x.len().cmp(&y.len()))
                };
                lists(self.made(g, true), self.made(h, true))
                    .then_with(|| lists(self.made(g, false), self.made(h, false)))
            }
        }
    }
}

/// A number, number plus nimber or uptimal as CGSuite writes it.
pub(super) fn simple_text(kind: &Kind) -> String {
    let star = |m: u32| match m {
        0 => String::new(),
        1 => "*".into(),
        m => format!("*{m}"),
    };
    match kind {
        Kind::Number(x) => x.to_string(),
        Kind::NumberStar(x, m) if *x == Dyadic::ZERO => star(*m),
        Kind::NumberStar(x, m) => format!("{x}{}", star(*m)),
        Kind::Uptimal(shape, x, n, m) => {
            let (n, m) = (*n, *m);
            let x = if *x == Dyadic::ZERO {
                String::new()
            } else {
                x.to_string()
            };
            let arrow = if n > 0 { "^" } else { "v" };
            let k = n.unsigned_abs();
            let arrows = match shape {
                Shape::Ups if k == 1 => arrow.to_string(),
                Shape::Ups if k == 2 => arrow.repeat(2),
                Shape::Ups => format!("{arrow}{k}"),
                Shape::Pow => format!("{arrow}<{k}>"),
                Shape::PowTo => format!("{arrow}[{k}]"),
            };
            format!("{x}{arrows}{}", star(m))
        }
        Kind::Other => unreachable!("only simple games are written by kind"),
    }
}
