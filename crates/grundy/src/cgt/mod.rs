//! Values of short partizan games: canonical forms `{L | R}` and their arithmetic, as in
//! Winning Ways (Berlekamp, Conway, Guy), ch. 2–8, and A. N. Siegel, *Combinatorial Game
//! Theory* (AMS, 2013), ch. II.
//!
//! A [`Universe`] holds every game form built so far, each in canonical form (dominated
//! options deleted, reversible options bypassed), interned: a game is an [`Id`], and two games
//! are equal exactly when their ids are (the canonical form is unique). Comparison, sums and
//! negation are memoised per pair of ids.
//!
//! Written and read in CGSuite's notation (`{a,b|c}`, `{a||b|c}`, `3/8`, `*2`, `^`, `v*`,
//! `^^`, `^3`, `^<2>`, `^[3]`, `1*`, `+-1`, `3+-1`, `Tiny(x)`, `Miny(x)`, sums and
//! differences), and written back as CGSuite writes it (see `show.rs`). Thermographs, means
//! and temperatures are in [`Thermograph`]; atomic weights in [`Universe::atomic_weight`].
//! Cooling and heating: [`Universe::cool`], [`Universe::heat`] (`G Cool t`, `G Heat t` in
//! the notation); reduced canonical forms: [`Universe::reduced`].
//!
//! ```
//! use grundy::cgt::Universe;
//!
//! let mut u = Universe::new();
//! let up = u.parse("^").unwrap();
//! let star = u.parse("*").unwrap();
//! let g = u.add(up, up);
//! let g = u.add(g, star);
//! assert_eq!(u.show(g), "^^*"); // ⇑* = {0, ↑* | 0, ↑} ... as CGSuite writes it
//! assert_eq!(u.outcome(g), grundy::Outcome::L); // positive: Left wins whoever starts
//! assert_eq!(u.canonical("{2|-2} + {1|-1}").unwrap(), "+-{3|1}"); // = {3|1||-1|-3}
//! assert_eq!(u.canonical("{1|-1} + {1|-1}").unwrap(), "0");
//! assert_eq!(u.canonical("{0, * | 0}").unwrap(), "^*");
//! assert_eq!(u.canonical("1/2 + 1/4").unwrap(), "3/4");
//! ```

mod atomic;
pub mod compare;
mod dyadic;
mod parse;
pub mod session;
mod show;
mod temper;
mod thermo;

pub use show::Shape;

pub use dyadic::Dyadic;
pub use thermo::{Thermograph, Wall};

use crate::Outcome;
use rustc_hash::FxHashMap as HashMap;
use std::cmp::Ordering;

/// What `grundy cgt EXPR` says of an expression in CGSuite's notation, valued in a universe of
/// its own: refused when the notation is wrong or a time budget stops the work.
///
/// ```
/// let r = grundy::cgt::report("{2|-2} + {1|-1}").unwrap();
/// assert_eq!((r.canonical.as_str(), r.temperature.as_str()), ("+-{3|1}", "2"));
/// assert!(grundy::cgt::report("{1|").is_err());
/// ```
pub fn report(text: &str) -> Result<Report, crate::GameError> {
    let mut universe = Universe::new();
    let g = universe.parse(text)?;
    universe.report(g)
}

/// What `grundy cgt EXPR` and `grundy value GAME POSITION` answer: a short game's value, or
/// an impartial game's misère canonical form (an expression in CGSuite's `*[…]` notation, a
/// position played by the misère rule). Written in JSON as the report itself.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(untagged)]
pub enum Answer {
    /// A short game's value.
    Value(Report),
    /// A misère canonical form.
    Misere(crate::misere_form::Report),
    /// Whether a comparison (`^ > 0`) holds.
    Comparison(compare::Comparison),
}

/// The [`Answer`] to an expression: whether a comparison holds (`^ > 0`, with CGSuite's
/// operators, see [`compare`]), a misère form when it writes one (`*[2] + *[2]`), else a short
/// game's value.
///
/// ```
/// use grundy::cgt::{answer, Answer};
///
/// assert!(matches!(answer("{1|-1}").unwrap(), Answer::Value(_)));
/// assert!(matches!(answer("*[2] + *[2]").unwrap(), Answer::Misere(_)));
/// let Answer::Comparison(c) = answer("^ > 0").unwrap() else { panic!() };
/// assert!(c.result);
/// ```
pub fn answer(text: &str) -> Result<Answer, crate::GameError> {
    if let Some((left, relation, right)) = compare::split(text)? {
        return compare::decide(text, left, relation, right).map(Answer::Comparison);
    }
    if crate::misere_form::is_misere_expression(text) {
        crate::misere_form::report(text).map(Answer::Misere)
    } else {
        report(text).map(Answer::Value)
    }
}

/// The [`Answer`] for the position `args` of `game`: its misère canonical form when the game
/// is played by the misère rule, else its value (see [`crate::DynGame::value`]).
pub fn value_of(game: &dyn crate::DynGame, args: &[&str]) -> Result<Answer, crate::GameError> {
    if game.misere() {
        crate::misere_form::report_of(game, args).map(Answer::Misere)
    } else {
        game.value(args).map(Answer::Value)
    }
}

/// What `grundy cgt` prints of a game (`--json`: these fields; numbers as exact strings).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Report {
    /// The canonical form, as CGSuite writes it.
    pub canonical: String,
    /// L (> 0), R (< 0), P (= 0) or N (confused with 0).
    pub outcome: Outcome,
    /// Left's stop: the number reached when Left starts and both play to the end of the hot
    /// part.
    pub left_stop: String,
    /// Right's stop.
    pub right_stop: String,
    /// The mean value: where the thermograph's walls meet (G·n is within a constant of
    /// mean·n).
    pub mean: String,
    /// The temperature: how hot the game is, the urgency of moving in it (negative for a
    /// number, as in CGSuite: −1 for an integer).
    pub temperature: String,
    /// The atomic weight (see [`Universe::atomic_weight`]), `None` (JSON null) when the
    /// game is not atomic.
    pub atomic_weight: Option<String>,
    /// The day the canonical form is born.
    pub birthday: u32,
    /// The reduced canonical form (see [`Universe::reduced`]): the simplest game
    /// infinitesimally close, as CGSuite writes it.
    pub reduced: String,
}

/// A game of a [`Universe`], in canonical form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Id(u32);

/// A canonical form: its Left and Right options, sorted.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Form {
    left: Vec<Id>,
    right: Vec<Id>,
}

impl Form {
    /// Left's options, or Right's.
    fn side(&self, left: bool) -> &[Id] {
        if left {
            &self.left
        } else {
            &self.right
        }
    }
}

/// What a canonical form is worth in the common notations, found when it is interned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Number(Dyadic),
    /// x + *n (n ≥ 1): a number plus a nimber.
    NumberStar(Dyadic, u32),
    /// x + n·U + *m, where U is ↑ (n ≠ 0), ↑^<|n|> or ↑^[|n|] (|n| ≥ 2) by the [`Shape`].
    Uptimal(Shape, Dyadic, i32, u32),
    Other,
}

/// Every game form built so far, canonical and interned, with memoised arithmetic.
#[derive(Debug)]
pub struct Universe {
    forms: Vec<Form>,
    kinds: Vec<Kind>,
    birthdays: Vec<u32>,
    /// Left's and Right's stops, found when a form is interned.
    stops: Vec<(Dyadic, Dyadic)>,
    /// The integers built so far: 0, 1, 2, … and 0, −1, −2, …
    integers: [Vec<Id>; 2],
    index: HashMap<Form, Id>,
    le_memo: HashMap<(Id, Id), bool>,
    sum_memo: HashMap<(Id, Id), Id>,
    neg_memo: HashMap<Id, Id>,
    /// x + n·↑ + *m, x ± `↑^<n>` + *m and x ± `↑^[n]` + *m by shape and (x, ±n, m), for
    /// recognising them.
    ups: HashMap<(Shape, Dyadic, i32, u32), Id>,
    /// How each game is written, once it has been looked at (see `show.rs`).
    shown: HashMap<Id, show::Shown>,
    /// Memoised atomic-weight calculus (see `atomic.rs`).
    atomic: atomic::Memo,
    thermographs: HashMap<Id, Thermograph>,
    /// Games heated, cooled and star-projected, by (what was done, game, temperature): a
    /// nimber's options share followers, so a transformation done option by option without
    /// this takes time exponential in the nimber.
    transformed: HashMap<(temper::Transform, Id, Id), Id>,
    /// Steps of work done, to look at the time budget now and then.
    steps: u32,
    /// Why work stopped (a time budget passed, see [`crate::budget`]): from then on every
    /// operation returns at once with a meaningless value, and [`Universe::check`] says why.
    stopped: Option<crate::GameError>,
    /// Values given names (`a := {1|0}` in a session), usable in later expressions.
    names: HashMap<String, Id>,
}

impl Default for Universe {
    fn default() -> Self {
        Universe::new()
    }
}

/// Runs `f`, a step of a recursion as deep as a game's birthday (a sum of large ups, a long
/// integer), on a stack grown on the heap when this thread's runs low.
pub(crate) fn deep<T>(f: impl FnOnce() -> T) -> T {
    stacker::maybe_grow(128 << 10, 4 << 20, f)
}

impl Universe {
    /// A universe holding 0 = { | }.
    pub fn new() -> Universe {
        let mut u = Universe {
            forms: Vec::new(),
            kinds: Vec::new(),
            birthdays: Vec::new(),
            stops: Vec::new(),
            integers: [Vec::new(), Vec::new()],
            index: HashMap::default(),
            le_memo: HashMap::default(),
            sum_memo: HashMap::default(),
            neg_memo: HashMap::default(),
            ups: HashMap::default(),
            shown: HashMap::default(),
            atomic: atomic::Memo::default(),
            thermographs: HashMap::default(),
            transformed: HashMap::default(),
            steps: 0,
            stopped: None,
            names: HashMap::default(),
        };
        let zero = u.intern(Form {
            left: vec![],
            right: vec![],
        });
        u.integers = [vec![zero], vec![zero]];
        u
    }

    /// `Err` once a time budget ([`crate::budget`]) has stopped this universe's work: its
    /// answers since are meaningless and so are those of its memo tables, so a stopped
    /// universe stays stopped (make a new one).
    ///
    /// ```
    /// use grundy::budget;
    /// use grundy::cgt::Universe;
    /// use std::time::Duration;
    ///
    /// let mut u = Universe::new();
    /// let big = budget::within(Duration::ZERO, || u.parse("^300 + ^<300>"));
    /// assert_eq!(big.unwrap_err().kind(), "over_budget");
    /// assert!(u.check().is_err());
    /// ```
    pub fn check(&self) -> Result<(), crate::GameError> {
        match &self.stopped {
            Some(e) => Err(e.clone()),
            None => Ok(()),
        }
    }

    /// One step of work: whether work has stopped (the budget is looked at every 4096 steps).
    pub(crate) fn halted(&mut self) -> bool {
        self.steps = self.steps.wrapping_add(1);
        if self.steps % 4096 == 0 && self.stopped.is_none() {
            self.stopped = crate::budget::check().err();
        }
        self.stopped.is_some()
    }

    /// 0.
    pub fn zero(&self) -> Id {
        Id(0)
    }

    /// The Left options of `g` (canonical).
    pub fn left(&self, g: Id) -> &[Id] {
        &self.forms[g.0 as usize].left
    }

    /// The Right options of `g` (canonical).
    pub fn right(&self, g: Id) -> &[Id] {
        &self.forms[g.0 as usize].right
    }

    /// How many distinct games this universe holds.
    pub fn len(&self) -> usize {
        self.forms.len()
    }

    /// Whether it holds only 0 (never: 0 is always there).
    pub fn is_empty(&self) -> bool {
        false
    }

    fn intern(&mut self, form: Form) -> Id {
        if let Some(&id) = self.index.get(&form) {
            return id;
        }
        let id = Id(u32::try_from(self.forms.len()).expect("fewer than 2^32 games"));
        let birthday = form
            .left
            .iter()
            .chain(&form.right)
            .map(|o| self.birthdays[o.0 as usize] + 1)
            .max()
            .unwrap_or(0);
        let kind = self.kind_of(&form);
        let stops = match kind {
            Kind::Number(x) | Kind::NumberStar(x, _) | Kind::Uptimal(_, x, _, _) => (x, x),
            Kind::Other => {
                let ls = form.left.iter().map(|o| self.stops[o.0 as usize].1).max();
                let rs = form.right.iter().map(|o| self.stops[o.0 as usize].0).min();
                (
                    ls.expect("a game that is not a number has Left options"),
                    rs.expect("a game that is not a number has Right options"),
                )
            }
        };
        self.forms.push(form.clone());
        self.kinds.push(kind);
        self.birthdays.push(birthday);
        self.stops.push(stops);
        self.index.insert(form, id);
        id
    }

    /// Recognises numbers and number-plus-nimber forms from their options.
    fn kind_of(&self, form: &Form) -> Kind {
        let number = |o: &Id| match self.kinds[o.0 as usize] {
            Kind::Number(x) => Some(x),
            _ => None,
        };
        // {a | b} with a < b numbers (or fewer options) is the simplest number between.
        if form.left.len() <= 1 && form.right.len() <= 1 {
            let lo = form.left.first().map(number);
            let hi = form.right.first().map(number);
            if lo.is_none_or(|x| x.is_some()) && hi.is_none_or(|x| x.is_some()) {
                let (lo, hi) = (lo.flatten(), hi.flatten());
                if lo.zip(hi).is_none_or(|(a, b)| a < b) {
                    return Kind::Number(Dyadic::simplest_between(lo, hi));
                }
            }
        }
        // x + *n: both sides are x + *0 … x + *(n − 1).
        if form.left == form.right && !form.left.is_empty() {
            let base = match self.kinds[form.left[0].0 as usize] {
                Kind::Number(x) | Kind::NumberStar(x, _) => x,
                _ => return Kind::Other,
            };
            let mut stars: Vec<u32> = Vec::new();
            for o in &form.left {
                match self.kinds[o.0 as usize] {
                    Kind::Number(x) if x == base => stars.push(0),
                    Kind::NumberStar(x, m) if x == base => stars.push(m),
                    _ => return Kind::Other,
                }
            }
            stars.sort_unstable();
            if stars.iter().enumerate().all(|(i, &m)| m as usize == i) {
                return Kind::NumberStar(base, stars.len() as u32);
            }
        }
        Kind::Other
    }

    /// The game `{left | right}` in canonical form.
    pub fn game(&mut self, left: &[Id], right: &[Id]) -> Id {
        if self.halted() {
            return self.zero();
        }
        let mut g = Form {
            left: left.to_vec(),
            right: right.to_vec(),
        };
        loop {
            for (side, is_left) in [(&mut g.left, true), (&mut g.right, false)] {
                side.sort_unstable();
                side.dedup();
                self.drop_dominated(side, is_left);
            }
            // Bypass reversible options: a Left option whose Right option is ≤ G is replaced
            // by that option's Left options (and symmetrically).
            // Comparisons with G are remembered for this pass (G is not interned yet, so
            // they cannot go to the table of comparisons): each follower is compared once,
            // however many paths lead to it (`^100*100`: 4.8 → 0.8 s).
            let mut against = HashMap::default();
            let new_left = self.bypass(&g.left, &g, true, &mut against);
            let new_right = self.bypass(&g.right, &g, false, &mut against);
            if new_left.is_none() && new_right.is_none() {
                break;
            }
            g = Form {
                left: new_left.unwrap_or(g.left),
                right: new_right.unwrap_or(g.right),
            };
        }
        self.intern(g)
    }

    /// One side's options with each reversible one bypassed: a Left option with a Right
    /// option ≤ G gives way to that option's Left options (for Right: a Left option ≥ G, and
    /// its Right options). `None` when none is reversible.
    fn bypass(
        &mut self,
        options: &[Id],
        g: &Form,
        left: bool,
        against: &mut HashMap<(Id, bool), bool>,
    ) -> Option<Vec<Id>> {
        let mut out: Option<Vec<Id>> = None;
        for (i, &o) in options.iter().enumerate() {
            // Replies by index: forms are only ever appended, so the lists stay put.
            let form = o.0 as usize;
            let mut reversing = None;
            for k in 0..self.forms[form].side(!left).len() {
                let r = self.forms[form].side(!left)[k];
                if self.against_form(r, g, left, against) {
                    reversing = Some(r);
                    break;
                }
            }
            match (reversing, &mut out) {
                (Some(r), _) => {
                    let out = out.get_or_insert_with(|| options[..i].to_vec());
                    out.extend_from_slice(if left { self.left(r) } else { self.right(r) });
                }
                (None, Some(out)) => out.push(o),
                (None, None) => {}
            }
        }
        out
    }

    /// Deletes dominated options: for Left those ≤ another, for Right those ≥ another.
    fn drop_dominated(&mut self, options: &mut Vec<Id>, left: bool) {
        let mut keep = vec![true; options.len()];
        for i in 0..options.len() {
            // Comparisons of uptimals and numbers answer at once without a look at the
            // budget: a form with hundreds of options looks here.
            if self.halted() {
                return;
            }
            for j in 0..options.len() {
                if i == j || !keep[j] {
                    continue;
                }
                let (a, b) = (options[i], options[j]);
                let dominated = if left { self.le(a, b) } else { self.le(b, a) };
                if dominated {
                    keep[i] = false;
                    break;
                }
            }
        }
        let mut k = 0;
        options.retain(|_| {
            k += 1;
            keep[k - 1]
        });
    }

    /// Whether `x ≤ G` (`below`) or `x ≥ G` (not `below`) for a form G not yet interned:
    /// for ≤, no Right option of G is ≤ x and no Left option of x is ≥ G; for ≥, the mirror.
    fn against_form(
        &mut self,
        x: Id,
        g: &Form,
        below: bool,
        against: &mut HashMap<(Id, bool), bool>,
    ) -> bool {
        if let Some(&r) = against.get(&(x, below)) {
            return r;
        }
        if self.halted() {
            return false;
        }
        let r = deep(|| {
            let (g_side, x_side) = if below {
                (&g.right, self.left(x).to_vec())
            } else {
                (&g.left, self.right(x).to_vec())
            };
            !g_side
                .iter()
                .any(|&o| if below { self.le(o, x) } else { self.le(x, o) })
                && !x_side
                    .into_iter()
                    .any(|xo| self.against_form(xo, g, !below, against))
        });
        against.insert((x, below), r);
        r
    }

    /// Whether `g ≤ h`: no Left option of g is ≥ h, and no Right option of h is ≤ g.
    pub fn le(&mut self, g: Id, h: Id) -> bool {
        if g == h {
            return true;
        }
        // Numbers, ups and nimbers: x + a·↑ + *m ≤ y + b·↑ + *n from the sign of the
        // difference d + c·↑ + *j (d = y − x, c = b − a, j = m ⊕ n): d > 0 decides; for d = 0,
        // c·↑ + *j ≥ 0 exactly when c ≥ 2, or c = 1 and j ≠ 1 (↑* is confused with 0,
        // ↑ + *j > 0 otherwise), or c = 0 and j = 0 (a nimber other than 0 is confused with
        // 0) (Winning Ways ch. 3; Siegel, II.4). Numbers plus nimbers are the case a = b = 0.
        if let (Some((x, a, m)), Some((y, b, n))) = (self.ups_of(g), self.ups_of(h)) {
            let c = i64::from(b) - i64::from(a);
            let j = m ^ n;
            return x < y || x == y && (c >= 2 || c == 1 && j != 1 || c == 0 && j == 0);
        }
        // g ≤ h needs each player's stop in g at most theirs in h (Siegel, II.3).
        let (gs, hs) = (self.stops[g.0 as usize], self.stops[h.0 as usize]);
        if gs.0 > hs.0 || gs.1 > hs.1 {
            return false;
        }
        // And g < h when g's left stop is below h's right stop: h − g then has a right stop
        // above 0 (RS(h − g) ≥ RS(h) − LS(g); Siegel, II.3), so Left wins it moving second.
        if gs.0 < hs.1 {
            return true;
        }
        if let Some(&r) = self.le_memo.get(&(g, h)) {
            return r;
        }
        let r = deep(|| self.le_by_options(g, h));
        self.le_memo.insert((g, h), r);
        r
    }

    /// Whether `g ≤ h`, from the definition (no shortcut, no memo).
    fn le_by_options(&mut self, g: Id, h: Id) -> bool {
        if self.halted() {
            return true;
        }
        // Options by index: forms are only ever appended, so the lists stay put.
        let mut r = true;
        for i in 0..self.forms[g.0 as usize].left.len() {
            let gl = self.forms[g.0 as usize].left[i];
            if self.le(h, gl) {
                r = false;
                break;
            }
        }
        if r {
            for i in 0..self.forms[h.0 as usize].right.len() {
                let hr = self.forms[h.0 as usize].right[i];
                if self.le(hr, g) {
                    r = false;
                    break;
                }
            }
        }
        r
    }

    /// How `g` compares with `h`: `Some(order)`, or `None` when they are confused (`g || h`).
    pub fn compare(&mut self, g: Id, h: Id) -> Option<Ordering> {
        match (self.le(g, h), self.le(h, g)) {
            (true, true) => Some(Ordering::Equal),
            (true, false) => Some(Ordering::Less),
            (false, true) => Some(Ordering::Greater),
            (false, false) => None,
        }
    }

    /// Who wins `g`: L (> 0), R (< 0), P (= 0: the player to move loses) or N (‖ 0).
    pub fn outcome(&mut self, g: Id) -> Outcome {
        let zero = self.zero();
        match self.compare(g, zero) {
            Some(Ordering::Greater) => Outcome::L,
            Some(Ordering::Less) => Outcome::R,
            Some(Ordering::Equal) => Outcome::P,
            None => Outcome::N,
        }
    }

    /// The day `g` is born: 0 for 0, else one more than its latest option.
    pub fn birthday(&self, g: Id) -> u32 {
        self.birthdays[g.0 as usize]
    }

    /// `f` of each option in `options` (which the universe may grow while `f` runs).
    fn each<T>(&mut self, options: Vec<Id>, f: impl Fn(&mut Self, Id) -> T) -> Vec<T> {
        options.into_iter().map(|o| f(self, o)).collect()
    }

    /// −g = {−g^R | −g^L}.
    pub fn neg(&mut self, g: Id) -> Id {
        deep(|| {
            if let Some(&n) = self.neg_memo.get(&g) {
                return n;
            }
            if let Some((x, m)) = self.plain(g) {
                let n = self.number_star(-x, m);
                self.neg_memo.insert(g, n);
                return n;
            }
            if self.halted() {
                return self.zero();
            }
            // The negative of a canonical form is canonical (dominated and reversible options
            // are mirrored): its options are interned as they are.
            let mut left = self.each(self.right(g).to_vec(), Self::neg);
            let mut right = self.each(self.left(g).to_vec(), Self::neg);
            left.sort_unstable();
            left.dedup();
            right.sort_unstable();
            right.dedup();
            let n = self.intern(Form { left, right });
            // The negative of an uptimal is the uptimal of the negated parts (as `uptimal`
            // records it when it builds one).
            if let Kind::Uptimal(shape, x, k, m) = self.kinds[g.0 as usize] {
                self.ups.entry((shape, -x, -k, m)).or_insert(n);
                if self.kinds[n.0 as usize] == Kind::Other {
                    self.kinds[n.0 as usize] = Kind::Uptimal(shape, -x, -k, m);
                }
            }
            self.neg_memo.insert(g, n);
            self.neg_memo.insert(n, g);
            n
        })
    }

    /// g + h = {g^L + h, g + h^L | g^R + h, g + h^R}.
    pub fn add(&mut self, g: Id, h: Id) -> Id {
        deep(|| {
            let zero = self.zero();
            if g == zero {
                return h;
            }
            if h == zero {
                return g;
            }
            // Numbers, ups and nimbers add part by part, (x + n·↑ + *m) + (y + k·↑ + *j) =
            // (x + y) + (n + k)·↑ + *(m ⊕ j): a sum by options would recurse once per unit of
            // an integer's size, and try every pair of a large nimber's options.
            if let (Some((x, n, m)), Some((y, k, j))) = (self.ups_of(g), self.ups_of(h)) {
                if let (Some(z), Some(u)) = (x.checked_add(y), n.checked_add(k)) {
                    if u == 0 {
                        return self.number_star(z, m ^ j);
                    }
                    if u.unsigned_abs() <= Self::MAX_UPS {
                        return self.uptimal(Shape::Ups, z, u, m ^ j);
                    }
                }
            }
            self.sum_by_options(g, h)
        })
    }

    /// The most ups ([`Universe::add`] sums x + n·↑ + *m part by part up to this many).
    const MAX_UPS: u32 = 1 << 16;

    /// `g` as x + n·↑ + *m, if it is one (n = 0 for numbers and numbers plus nimbers).
    pub(crate) fn ups_of(&self, g: Id) -> Option<(Dyadic, i32, u32)> {
        match self.kinds[g.0 as usize] {
            Kind::Number(x) => Some((x, 0, 0)),
            Kind::NumberStar(x, m) => Some((x, 0, m)),
            Kind::Uptimal(Shape::Ups, x, n, m) => Some((x, n, m)),
            _ => None,
        }
    }

    /// g + h from the definition (memoised), but for a number plus a game that is not one.
    fn sum_by_options(&mut self, g: Id, h: Id) -> Id {
        deep(|| {
            let key = if g <= h { (g, h) } else { (h, g) };
            if let Some(&s) = self.sum_memo.get(&key) {
                return s;
            }
            if self.halted() {
                return self.zero();
            }
            // Number translation (Siegel, CGT II.3): x + H = {x + H^L | x + H^R} for a number x
            // and H not a number, so a number's own options (as many as its size) are never
            // gone through.
            let number = |u: &Self, a: Id| u.as_number(a).is_some();
            if number(self, g) != number(self, h) {
                let (x, other) = if number(self, g) { (g, h) } else { (h, g) };
                let left = self.each(self.left(other).to_vec(), |u, o| u.add(x, o));
                let right = self.each(self.right(other).to_vec(), |u, o| u.add(x, o));
                let s = self.game(&left, &right);
                self.sum_memo.insert(key, s);
                return s;
            }
            let mut left = Vec::new();
            for gl in self.left(g).to_vec() {
                left.push(self.add(gl, h));
            }
            for hl in self.left(h).to_vec() {
                left.push(self.add(g, hl));
            }
            let mut right = Vec::new();
            for gr in self.right(g).to_vec() {
                right.push(self.add(gr, h));
            }
            for hr in self.right(h).to_vec() {
                right.push(self.add(g, hr));
            }
            let s = self.game(&left, &right);
            self.sum_memo.insert(key, s);
            s
        })
    }

    /// g − h.
    pub fn sub(&mut self, g: Id, h: Id) -> Id {
        let n = self.neg(h);
        self.add(g, n)
    }

    /// The integer `n`: {n − 1 | } for n > 0, { | n + 1} for n < 0.
    pub fn integer(&mut self, n: i64) -> Id {
        // Built once each, in order: [0, 1, 2, …] and [0, −1, −2, …].
        let side = usize::from(n < 0);
        let k = usize::try_from(n.unsigned_abs()).expect("integers of a short game fit");
        while self.integers[side].len() <= k {
            let g = *self.integers[side].last().expect("0 is there");
            let next = if side == 0 {
                self.game(&[g], &[])
            } else {
                self.game(&[], &[g])
            };
            self.integers[side].push(next);
        }
        self.integers[side][k]
    }

    /// The number `x`: an integer, or {x − 2^−k | x + 2^−k} for x = m/2^k.
    pub fn number(&mut self, x: Dyadic) -> Id {
        if x.is_integer() {
            return self.integer(x.numerator());
        }
        let step = Dyadic::new(1, x.exponent());
        let lo = x.checked_add(-step).expect("small numbers");
        let hi = x.checked_add(step).expect("small numbers");
        let (l, h) = (self.number(lo), self.number(hi));
        self.game(&[l], &[h])
    }

    /// `g` as x + *m (m = 0 for a number), if it is one.
    pub(crate) fn plain(&self, g: Id) -> Option<(Dyadic, u32)> {
        match self.kinds[g.0 as usize] {
            Kind::Number(x) => Some((x, 0)),
            Kind::NumberStar(x, m) => Some((x, m)),
            _ => None,
        }
    }

    /// x + *m = {x, x + *, …, x + *(m − 1) | the same}.
    fn number_star(&mut self, x: Dyadic, m: u32) -> Id {
        // Remembered (as x + 0·↑ + *m): building one costs m forms of up to m options, and
        // sums of uptimals ask for the same ones again and again.
        if let Some(&g) = self.ups.get(&(Shape::Ups, x, 0, m)) {
            return g;
        }
        let mut below = vec![self.number(x)];
        for k in 1..=m {
            let next = match self.ups.get(&(Shape::Ups, x, 0, k)) {
                Some(&g) => g,
                // Already canonical: these options are pairwise confused (none dominates),
                // and none reverses (Siegel, II.2: the canonical form of x + *m).
                None => self.intern(Form {
                    left: below.clone(),
                    right: below.clone(),
                }),
            };
            self.ups.insert((Shape::Ups, x, 0, k), next);
            below.push(next);
        }
        below[m as usize]
    }

    /// The nimber *n = {0, *1, …, *(n − 1) | 0, *1, …, *(n − 1)}.
    pub fn nimber(&mut self, n: u32) -> Id {
        self.number_star(Dyadic::ZERO, n)
    }

    /// ↑ = {0 | *}.
    pub fn up(&mut self) -> Id {
        let (zero, star) = (self.zero(), self.nimber(1));
        let up = self.game(&[zero], &[star]);
        // Known as the uptimal it is, so that sums and comparisons with it go part by part.
        if self.kinds[up.0 as usize] == Kind::Other {
            self.kinds[up.0 as usize] = Kind::Uptimal(Shape::Ups, Dyadic::ZERO, 1, 0);
            self.ups.insert((Shape::Ups, Dyadic::ZERO, 1, 0), up);
        }
        up
    }

    /// x + n·↑ + *m, built by sums (n may be negative: ↓ = −↑).
    pub fn ups(&mut self, x: Dyadic, n: i32, m: u32) -> Id {
        self.uptimal(Shape::Ups, x, n, m)
    }

    /// x + n·U + *m with U = ↑ ([`Shape::Ups`]), `↑^<|n|>` ([`Shape::Pow`]: `↑^<k>` =
    /// `{0 | ↓^[k−1]*}`) or `↑^[|n|]` ([`Shape::PowTo`]: `↑^[0]` = 0, `↑^[k]` =
    /// `{↑^[k−1] | *}`),
    /// negated for n < 0 (Siegel, *Combinatorial Game Theory*, II.4).
    pub fn uptimal(&mut self, shape: Shape, x: Dyadic, n: i32, m: u32) -> Id {
        if let Some(&g) = self.ups.get(&(shape, x, n, m)) {
            return g;
        }
        let up = self.up();
        let unit = match shape {
            Shape::Ups => up,
            Shape::Pow | Shape::PowTo => {
                let (zero, star) = (self.zero(), self.nimber(1));
                // ↑^[k] = {↑^[k−1] | *} from ↑^[0] = 0.
                let k = n.unsigned_abs() - u32::from(shape == Shape::Pow);
                let mut to = zero;
                for _ in 0..k {
                    to = self.game(&[to], &[star]);
                }
                if shape == Shape::Pow {
                    // ↑^<n> = {0 | ↓^[n−1]*}.
                    let down = self.neg(to);
                    let down_star = self.add(down, star);
                    self.game(&[zero], &[down_star])
                } else {
                    to
                }
            }
        };
        // Built by sums from the definition: `add` itself sums ups through this function.
        let step = if n >= 0 { unit } else { self.neg(unit) };
        let g = if shape == Shape::Ups && n == 0 {
            self.number_star(x, m)
        } else if shape == Shape::Ups {
            // One ↑ at a time, the smaller uptimals among the options built (and so known)
            // first: `add` then sums the options part by part and `le` compares them at once,
            // where sums by options would go down to every follower of every option.
            let fewer = n - n.signum();
            deep(|| {
                if m == 0 {
                    // x + n·↑ = (x + (n ∓ 1)·↑) ± ↑.
                    self.uptimal(Shape::Ups, x, fewer, 1);
                    let below = self.uptimal(Shape::Ups, x, fewer, 0);
                    self.sum_by_options(below, step)
                } else {
                    // x + n·↑ + *m: its options are x + n·↑ + *k (k < m), and the options of
                    // x + n·↑ plus *m, among them x + (n ∓ 1)·↑ + *(m ⊕ 1).
                    self.uptimal(Shape::Ups, x, fewer, m ^ 1);
                    let plain = self.uptimal(Shape::Ups, x, n, 0);
                    let star = self.nimber(m);
                    self.sum_by_options(plain, star)
                }
            })
        } else {
            // x ± ↑^<n> or x ± ↑^[n], then *m.
            let base = self.number(x);
            let g = self.sum_by_options(base, step);
            let star = self.nimber(m);
            self.sum_by_options(g, star)
        };
        self.ups.insert((shape, x, n, m), g);
        let simple = shape == Shape::Ups || n.unsigned_abs() >= 2;
        if n != 0 && simple && self.kinds[g.0 as usize] == Kind::Other {
            self.kinds[g.0 as usize] = Kind::Uptimal(shape, x, n, m);
        }
        g
    }

    /// Left's stop: g itself if a number, else the largest right stop of g's Left options.
    pub fn left_stop(&self, g: Id) -> Dyadic {
        self.stop(g, true)
    }

    /// Right's stop: g itself if a number, else the smallest left stop of g's Right options.
    pub fn right_stop(&self, g: Id) -> Dyadic {
        self.stop(g, false)
    }

    fn stop(&self, g: Id, left: bool) -> Dyadic {
        let (l, r) = self.stops[g.0 as usize];
        if left {
            l
        } else {
            r
        }
    }

    /// `g`'s thermograph (walls, mean, temperature).
    pub fn thermograph(&mut self, g: Id) -> Thermograph {
        deep(|| {
            if let Some(t) = self.thermographs.get(&g) {
                return t.clone();
            }
            let t = match self.kinds[g.0 as usize] {
                Kind::Number(x) => Thermograph::number(x),
                // A nimber's options share their followers: walking them costs m² walls.
                Kind::NumberStar(x, _) | Kind::Uptimal(_, x, _, _) => {
                    Thermograph::infinitesimally_close(x)
                }
                Kind::Other => {
                    let left = self.each(self.left(g).to_vec(), Self::thermograph);
                    let right = self.each(self.right(g).to_vec(), Self::thermograph);
                    Thermograph::of_options(
                        &left.iter().collect::<Vec<_>>(),
                        &right.iter().collect::<Vec<_>>(),
                    )
                }
            };
            self.thermographs.insert(g, t.clone());
            t
        })
    }

    /// `g` as a number, if it is one.
    pub fn as_number(&self, g: Id) -> Option<Dyadic> {
        match self.kinds[g.0 as usize] {
            Kind::Number(x) => Some(x),
            _ => None,
        }
    }

    /// The canonical form of an expression, written as CGSuite writes it.
    pub fn canonical(&mut self, text: &str) -> Result<String, crate::GameError> {
        let g = self.parse(text)?;
        Ok(self.show(g))
    }

    /// What `grundy cgt` says of `g`.
    /// Refused when a time budget stops the work (see [`Universe::check`]).
    pub fn report(&mut self, g: Id) -> Result<Report, crate::GameError> {
        let thermograph = self.thermograph(g);
        let report = Report {
            mean: thermograph.mean.to_string(),
            temperature: thermograph.temperature.to_string(),
            canonical: self.show(g),
            outcome: self.outcome(g),
            left_stop: self.left_stop(g).to_string(),
            right_stop: self.right_stop(g).to_string(),
            atomic_weight: self.atomic_weight(g).map(|w| self.show(w)),
            birthday: self.birthday(g),
            reduced: {
                let r = self.reduced(g);
                self.show(r)
            },
        };
        self.check()?;
        Ok(report)
    }

    /// Gives `g` the name `name`, so that later expressions may use it: `name` must be a word
    /// (a letter, then letters, digits or `_`) that is not a word of the notation.
    ///
    /// ```
    /// let mut u = grundy::cgt::Universe::new();
    /// let g = u.parse("{3|1}").unwrap();
    /// u.define("g", g).unwrap();
    /// let h = u.parse("g - 2").unwrap();
    /// assert_eq!(u.report(h).unwrap().canonical, "+-1");
    /// assert!(u.define("Cool", g).is_err());
    /// ```
    pub fn define(&mut self, name: &str, g: Id) -> Result<(), crate::GameError> {
        parse::check_name(name)?;
        self.names.insert(name.to_string(), g);
        Ok(())
    }

    /// The value named `name`, if one was [defined](Universe::define).
    pub fn named(&self, name: &str) -> Option<Id> {
        self.names.get(name).copied()
    }

    /// Reads an expression in CGSuite's notation: numbers (`3`, `-1/2`), nimbers (`*`,
    /// `*3`), ups and downs (`^`, `^^`, `^3`, `v*`, `1^`), games in braces with bars that may
    /// be doubled (`{0,*|0}`, `{1||0|-1}`), `±x` (or `+-x`), `Tiny(x)`, `Miny(x)`,
    /// parentheses, sums and differences. A sign just before a number is the number's:
    /// `-2^` is −2 + ↑, as it is written back.
    pub fn parse(&mut self, text: &str) -> Result<Id, crate::GameError> {
        let g = parse::expression(self, text)?;
        self.check()?;
        Ok(g)
    }
}

#[cfg(test)]
mod tests;
