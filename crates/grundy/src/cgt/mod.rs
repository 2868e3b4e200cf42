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

mod arith;
mod ask;
mod atomic;
mod dyadic;
pub mod loopy;
pub(crate) mod memo;
mod products;
mod read;
mod report;
mod show;
pub mod syntax;
mod temper;
mod thermo;
mod uptimal;

pub use show::Shape;
pub use uptimal::Expansion;

pub use dyadic::Dyadic;
pub(crate) use syntax::check_name;

pub use ask::{PREDICATES, PROPERTIES};
pub use products::Kept;
pub use report::{report, Report};
pub use thermo::{Thermograph, Wall};

use crate::Outcome;
use rustc_hash::FxHashMap as HashMap;
use std::cmp::Ordering;

/// A game of a [`Universe`], in canonical form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Id(u32);

/// A form being made canonical: its Left and Right options.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Form {
    left: Vec<Id>,
    right: Vec<Id>,
}

/// A canonical form as the universe keeps it: Left's options then Right's, each sorted, in
/// one allocation (a universe of millions of forms keeps each once, in 24 bytes and its
/// options; the table that finds a form's id holds ids only, see [`Universe::find`]).
#[derive(Clone, Debug)]
struct Stored {
    options: Box<[Id]>,
    /// How many of `options` are Left's.
    lefts: u32,
}

impl Stored {
    /// The form with these (sorted) options.
    fn new(left: &[Id], right: &[Id]) -> Stored {
        Stored {
            options: left.iter().chain(right).copied().collect(),
            lefts: u32::try_from(left.len()).expect("fewer than 2^32 options"),
        }
    }

    /// Left's options, or Right's.
    fn side(&self, left: bool) -> &[Id] {
        let (l, r) = self.options.split_at(self.lefts as usize);
        if left {
            l
        } else {
            r
        }
    }
}

/// The hash of a form with these options, by which [`Universe::find`] looks for it.
fn form_hash(left: &[Id], right: &[Id]) -> u64 {
    use std::hash::BuildHasher;
    rustc_hash::FxBuildHasher.hash_one((left, right))
}

/// What a canonical form is worth in the common notations, found when it is interned.
///
/// Numbers, numbers plus nimbers and x + n·↑ + *m (`Uptimal(Shape::Ups, …)`) are *compact*:
/// held as these parts, their options made only when something asks for them (see
/// [`Universe::compact`]), so `*100000`, `^414*670` and a number of any size cost one entry.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Kind {
    Number(Dyadic),
    /// x + *n (n ≥ 1): a number plus a nimber.
    NumberStar(Dyadic, u32),
    /// x + n·U + *m, where U is ↑ (n ≠ 0), ↑^<|n|> or ↑^[|n|] (|n| ≥ 2) by the [`Shape`].
    Uptimal(Shape, Dyadic, i32, u32),
    Other,
}

impl Kind {
    /// The kind of x + n·↑ + *m.
    fn compact(x: Dyadic, n: i32, m: u32) -> Kind {
        match (n, m) {
            (0, 0) => Kind::Number(x),
            (0, m) => Kind::NumberStar(x, m),
            (n, m) => Kind::Uptimal(Shape::Ups, x, n, m),
        }
    }

    /// (x, n, m) of a compact kind: x + n·↑ + *m.
    fn parts(&self) -> Option<(&Dyadic, i32, u32)> {
        match self {
            Kind::Number(x) => Some((x, 0, 0)),
            Kind::NumberStar(x, m) => Some((x, 0, *m)),
            Kind::Uptimal(Shape::Ups, x, n, m) => Some((x, *n, *m)),
            _ => None,
        }
    }
}

/// The largest nimber part, and number of ups, of a compact game whose options are made (see
/// [`Universe::materialize`]): *4096 and all below it hold 8 million options.
const MAX_TAKEN_APART: u32 = 1 << 12;

/// What [`Universe`] records as the birthday of a game born too late for a word.
const BIG_BIRTHDAY: u64 = u64::MAX;

/// The birthday of the number `x`: |x| for an integer, else ⌊|x|⌋ + k + 1 for m/2^k (the
/// number's canonical form steps from its integer part by halves; ONAG ch. 2).
fn number_birthday(x: &Dyadic) -> crate::Nat {
    let whole = if x.is_negative() { x.ceil() } else { x.floor() };
    let whole = whole.numerator().magnitude().clone();
    match x.exponent() {
        0 => whole,
        k => whole + k + 1u32,
    }
}

/// The birthday of x + n·↑ + *m, from its canonical form (see [`Universe::compact`]):
/// b(x) + m when n = 0; else with c = m ⊕ (|n| mod 2), the nimber that the chain of
/// options ends in, b(x) + |n| + c, or b(x) + |n| + 1 when c = 0 (the chain passes through
/// x + ↑* = {x, x* | x}, born two days after x).
fn compact_birthday(x: &Dyadic, n: i32, m: u32) -> crate::Nat {
    let b = number_birthday(x);
    let k = n.unsigned_abs();
    if k == 0 {
        return b + m;
    }
    let c = m ^ (k & 1);
    b + k + c.max(1)
}

/// Every game form built so far, canonical and interned, with memoised arithmetic.
#[derive(Debug)]
pub struct Universe {
    /// Each game's options; `None` for a compact game whose options nothing asked for yet.
    forms: Vec<Option<Stored>>,
    kinds: Vec<Kind>,
    /// Birthdays that fit a word; [`BIG_BIRTHDAY`] for those that do not (found again from
    /// the options when asked: only games with numbers beyond 2^64 among their followers).
    birthdays: Vec<u64>,
    /// Left's and Right's stops, found when a form is interned.
    stops: Vec<(Dyadic, Dyadic)>,
    /// The id of each form that has its options, found by [`form_hash`] (see
    /// [`Universe::find`]).
    index: hashbrown::HashTable<Id>,
    /// Comparisons g ≤ h worked out from options, remembered lossily (see `memo.rs`).
    le_memo: memo::Comparisons,
    sum_memo: HashMap<(Id, Id), Id>,
    neg_memo: HashMap<Id, Id>,
    /// x + n·↑ + *m (every compact game, numbers included), x ± `↑^<n>` + *m and
    /// x ± `↑^[n]` + *m by shape and (x, ±n, m): each has one id.
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
    /// Uptimal expansions found (`None`: not an uptimal).
    uptimals: HashMap<Id, Option<Expansion>>,
    /// Games overheated, by (game, s, t).
    overheated: HashMap<(Id, Id, Id), Id>,
    /// Steps of work done, to look at the time budget now and then.
    steps: u32,
    /// Why work stopped (a time budget passed, see [`crate::budget`]): from then on every
    /// operation returns at once with a meaningless value, and [`Universe::check`] says why.
    stopped: Option<crate::GameError>,
    /// Values given names (`a := {1|0}` in a session), usable in later expressions.
    names: HashMap<String, Id>,
    /// Forms kept as written that were given names (`g := '{*|*}'`), with their values in
    /// `names`: an ordinal sum follows the form (`g : 1` is ↑).
    kept_names: HashMap<String, Kept>,
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
            index: hashbrown::HashTable::new(),
            le_memo: memo::Comparisons::new(crate::budget::memory_limit() / 8),
            sum_memo: HashMap::default(),
            neg_memo: HashMap::default(),
            ups: HashMap::default(),
            shown: HashMap::default(),
            atomic: atomic::Memo::default(),
            thermographs: HashMap::default(),
            transformed: HashMap::default(),
            overheated: HashMap::default(),
            uptimals: HashMap::default(),
            steps: 0,
            stopped: None,
            names: HashMap::default(),
            kept_names: HashMap::default(),
        };
        let zero = u.compact(Dyadic::ZERO, 0, 0);
        debug_assert_eq!(zero, Id(0));
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

    /// The Left options of `g` (canonical; a compact game's are made now if they were not).
    pub fn left(&mut self, g: Id) -> &[Id] {
        self.options(g, true)
    }

    /// The Right options of `g` (canonical; a compact game's are made now if they were not).
    pub fn right(&mut self, g: Id) -> &[Id] {
        self.options(g, false)
    }

    /// Left's (`left`) or Right's options of `g`, made now if `g` is compact and they were
    /// not.
    fn options(&mut self, g: Id, left: bool) -> &[Id] {
        self.materialize(g);
        self.made(g, left)
    }

    /// Left's (`left`) or Right's options of `g`, once made (every game that is not compact
    /// has them from the start); none when they could not be made (the universe is stopped,
    /// see [`Universe::materialize`]).
    fn made(&self, g: Id, left: bool) -> &[Id] {
        self.forms[g.0 as usize]
            .as_ref()
            .map_or(&[], |form| form.side(left))
    }

    /// Makes the options of a compact game from its canonical form (Siegel, *Combinatorial
    /// Game Theory*, II.3–4; as CGSuite builds them): an integer n is {n − 1 | } or
    /// { | n + 1}, m/2^k is {x − 2^−k | x + 2^−k}; x + *m is {x + *k (k < m) | the same};
    /// x + ↑* is {x, x* | x}; x + n·↑ + *m for n ≥ 1 otherwise is
    /// {x | x + (n − 1)·↑ + *(m ⊕ 1)}; and the negatives of these.
    ///
    /// A nimber part or a number of ups above [`MAX_TAKEN_APART`] is refused (the universe
    /// stops, see [`Universe::check`]): taking x + *m apart reaches every x + *k below it,
    /// each with its k options, m²/2 in all; and x + n·↑ reaches a chain of n games, each of
    /// them summed with or compared to the other game's followers.
    fn materialize(&mut self, g: Id) {
        if self.forms[g.0 as usize].is_some() || self.stopped.is_some() {
            return;
        }
        let (x, n, m) = match self.kinds[g.0 as usize].parts() {
            Some((x, n, m)) => (x.clone(), n, m),
            None => unreachable!("only compact games are made without their options"),
        };
        if m > MAX_TAKEN_APART || n.unsigned_abs() > MAX_TAKEN_APART {
            let what = show::simple_text(&self.kinds[g.0 as usize]);
            self.refuse(crate::invalid!(
                "{what} is too large to take apart into options: where it meets games other \
                 than numbers, ups and nimbers, at most {MAX_TAKEN_APART} ups and *{MAX_TAKEN_APART}"
            ));
            return;
        }
        let (mut left, mut right) = (Vec::new(), Vec::new());
        match (n, m) {
            (0, 0) if x.is_integer() => {
                let one = Dyadic::int(1);
                if x > Dyadic::ZERO {
                    left.push(self.compact(&x - &one, 0, 0));
                } else if x < Dyadic::ZERO {
                    right.push(self.compact(&x + &one, 0, 0));
                }
            }
            (0, 0) => {
                let step = Dyadic::unit(x.exponent());
                left.push(self.compact(&x - &step, 0, 0));
                right.push(self.compact(&x + &step, 0, 0));
            }
            (0, m) => {
                left = (0..m).map(|k| self.compact(x.clone(), 0, k)).collect();
                right.clone_from(&left);
            }
            (1, 1) | (-1, 1) => {
                let (plain, star) = (self.compact(x.clone(), 0, 0), self.compact(x, 0, 1));
                left.push(plain);
                right.push(plain);
                if n > 0 { &mut left } else { &mut right }.push(star);
            }
            (n, m) => {
                let plain = self.compact(x.clone(), 0, 0);
                let nearer = self.compact(x, n - n.signum(), m ^ 1);
                let (toward, away) = if n > 0 {
                    (plain, nearer)
                } else {
                    (nearer, plain)
                };
                left.push(toward);
                right.push(away);
            }
        }
        left.sort_unstable();
        right.sort_unstable();
        debug_assert!(self.find(&left, &right).is_none_or(|h| h == g));
        self.keep(g, &left, &right);
    }

    /// The id of the form with these (sorted) options, if it has one.
    fn find(&self, left: &[Id], right: &[Id]) -> Option<Id> {
        let forms = &self.forms;
        let same = |id: &Id| {
            forms[id.0 as usize]
                .as_ref()
                .is_some_and(|f| f.side(true) == left && f.side(false) == right)
        };
        self.index.find(form_hash(left, right), same).copied()
    }

    /// Gives `g` the options `left` and `right` (sorted), and makes it found by them.
    fn keep(&mut self, g: Id, left: &[Id], right: &[Id]) {
        self.forms[g.0 as usize] = Some(Stored::new(left, right));
        let forms = &self.forms;
        let hash = |id: &Id| {
            let f = forms[id.0 as usize]
                .as_ref()
                .expect("found forms have options");
            form_hash(f.side(true), f.side(false))
        };
        self.index.insert_unique(form_hash(left, right), g, hash);
    }

    /// The compact game x + n·↑ + *m (a number for n = m = 0): one entry, its options made
    /// only when asked for.
    pub(crate) fn compact(&mut self, x: Dyadic, n: i32, m: u32) -> Id {
        let key = (Shape::Ups, x, n, m);
        if let Some(&g) = self.ups.get(&key) {
            return g;
        }
        let (_, x, n, m) = key;
        let id = Id(u32::try_from(self.forms.len()).expect("fewer than 2^32 games"));
        self.forms.push(None);
        self.birthdays
            .push(u64::try_from(compact_birthday(&x, n, m)).unwrap_or(BIG_BIRTHDAY));
        self.stops.push((x.clone(), x.clone()));
        self.kinds.push(Kind::compact(x.clone(), n, m));
        self.ups.insert((Shape::Ups, x, n, m), id);
        id
    }

    /// How many distinct games this universe holds.
    pub fn len(&self) -> usize {
        self.forms.len()
    }

    /// Whether it holds only 0 (never: 0 is always there).
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The id of a canonical form: the one it has, or a new one. A form of a compact game
    /// (a number, x + *m, x + n·↑ + *m) gets that game's id, so each game has one id however
    /// it was built.
    fn intern(&mut self, form: Form) -> Id {
        if let Some(id) = self.find(&form.left, &form.right) {
            return id;
        }
        if let Some((x, n, m)) = self.compact_of(&form) {
            let id = self.compact(x, n, m);
            if self.forms[id.0 as usize].is_none() {
                self.keep(id, &form.left, &form.right);
            }
            return id;
        }
        let id = Id(u32::try_from(self.forms.len()).expect("fewer than 2^32 games"));
        let birthday = form
            .left
            .iter()
            .chain(&form.right)
            .map(|o| self.birthdays[o.0 as usize].saturating_add(1))
            .max()
            .unwrap_or(0);
        let ls = form.left.iter().map(|o| &self.stops[o.0 as usize].1).max();
        let rs = form.right.iter().map(|o| &self.stops[o.0 as usize].0).min();
        let stops = (
            ls.expect("a game that is not a number has Left options")
                .clone(),
            rs.expect("a game that is not a number has Right options")
                .clone(),
        );
        self.forms.push(None);
        self.kinds.push(Kind::Other);
        self.birthdays.push(birthday);
        self.stops.push(stops);
        self.keep(id, &form.left, &form.right);
        id
    }

    /// Recognises the canonical forms of compact games from their options (the forms that
    /// [`Universe::materialize`] makes): (x, n, m) for x + n·↑ + *m.
    fn compact_of(&self, form: &Form) -> Option<(Dyadic, i32, u32)> {
        let parts = |o: Id| self.kinds[o.0 as usize].parts();
        let number = |o: Id| match &self.kinds[o.0 as usize] {
            Kind::Number(x) => Some(x),
            _ => None,
        };
        match (&form.left[..], &form.right[..]) {
            // {a | b} with a < b numbers (or fewer options) is the simplest number between.
            ([], []) => return Some((Dyadic::ZERO, 0, 0)),
            ([a], []) => {
                return number(*a).map(|a| (Dyadic::simplest_between(Some(a), None), 0, 0))
            }
            ([], [b]) => {
                return number(*b).map(|b| (Dyadic::simplest_between(None, Some(b)), 0, 0))
            }
            ([a], [b]) => {
                if let (Some(x), Some(y)) = (number(*a), number(*b)) {
                    if x < y {
                        return Some((Dyadic::simplest_between(Some(x), Some(y)), 0, 0));
                    }
                }
                // {x | x + n·↑ + *m} (n ≥ 0, not x itself) is x + (n + 1)·↑ + *(m ⊕ 1), and
                // {x + n·↑ + *m | x} (n ≤ 0) is x + (n − 1)·↑ + *(m ⊕ 1).
                for (near, far, sign) in [(*a, *b, 1), (*b, *a, -1)] {
                    let (Some(x), Some((y, n, m))) = (number(near), parts(far)) else {
                        continue;
                    };
                    if x == y && (n, m) != (0, 0) && n * sign >= 0 {
                        return Some((x.clone(), n.checked_add(sign)?, m ^ 1));
                    }
                }
            }
            // {x, x* | x} = x + ↑* and {x | x, x*} = x + ↓*.
            ([a, b], [c]) | ([c], [a, b]) => {
                let Some((x, 0, 0)) = parts(*c) else {
                    return None;
                };
                let star = match (a == c, b == c) {
                    (true, _) => *b,
                    (_, true) => *a,
                    _ => return None,
                };
                let up = if form.left.len() == 2 { 1 } else { -1 };
                return (parts(star) == Some((x, 0, 1))).then(|| (x.clone(), up, 1));
            }
            _ => {}
        }
        // x + *n: both sides are x + *0 … x + *(n − 1).
        if form.left != form.right {
            return None;
        }
        let (base, _, _) = parts(form.left[0])?;
        let mut stars: Vec<u32> = Vec::with_capacity(form.left.len());
        for &o in &form.left {
            match parts(o) {
                Some((x, 0, m)) if x == base => stars.push(m),
                _ => return None,
            }
        }
        stars.sort_unstable();
        stars
            .iter()
            .enumerate()
            .all(|(i, &m)| m as usize == i)
            .then(|| (base.clone(), 0, stars.len() as u32))
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
        // Stopped on the way (a time budget, or a value too large to take apart), the form
        // may not be canonical: it is not interned (the answer is refused anyway).
        if self.stopped.is_some() {
            return self.zero();
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
            self.materialize(o);
            let mut reversing = None;
            for k in 0..self.made(o, !left).len() {
                let r = self.made(o, !left)[k];
                if self.against_form(r, g, left, against) {
                    reversing = Some(r);
                    break;
                }
            }
            match (reversing, &mut out) {
                (Some(r), _) => {
                    let out = out.get_or_insert_with(|| options[..i].to_vec());
                    self.materialize(r);
                    out.extend_from_slice(self.made(r, left));
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
        // The best options first (for Left the highest stops, for Right the lowest): an
        // option that is dominated is most often dominated by one of them, found first.
        let mut order: Vec<usize> = (0..options.len()).collect();
        order.sort_by(|&i, &j| {
            let (a, b) = (
                &self.stops[options[i].0 as usize],
                &self.stops[options[j].0 as usize],
            );
            let by = a.0.cmp(&b.0).then_with(|| a.1.cmp(&b.1));
            if left {
                by.reverse()
            } else {
                by
            }
        });
        for &i in &order {
            // Comparisons of uptimals and numbers answer at once without a look at the
            // budget: a form with hundreds of options looks here.
            if self.halted() {
                return;
            }
            for &j in &order {
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
            return match x.cmp(y) {
                Ordering::Less => true,
                Ordering::Greater => false,
                Ordering::Equal => c >= 2 || c == 1 && j != 1 || c == 0 && j == 0,
            };
        }
        // g ≤ h needs each player's stop in g at most theirs in h (Siegel, II.3).
        let (gs, hs) = (&self.stops[g.0 as usize], &self.stops[h.0 as usize]);
        if gs.0 > hs.0 || gs.1 > hs.1 {
            return false;
        }
        // And g < h when g's left stop is below h's right stop: h − g then has a right stop
        // above 0 (RS(h − g) ≥ RS(h) − LS(g); Siegel, II.3), so Left wins it moving second.
        if gs.0 < hs.1 {
            return true;
        }
        if let Some(r) = self.le_memo.get(g.0, h.0) {
            return r;
        }
        let r = deep(|| self.le_by_options(g, h));
        self.le_memo.insert(g.0, h.0, r);
        r
    }

    /// Whether `g ≤ h`, from the definition (no memo): no g^L ≥ h and no h^R ≤ g, where a
    /// number's options need no look when the other game is not a number (number
    /// avoidance: if h ≤ g^L < g for a number g, Right wins h − g moving first, so by a move
    /// in h, to some h^R ≤ g; Siegel, II.3).
    fn le_by_options(&mut self, g: Id, h: Id) -> bool {
        if self.halted() {
            return true;
        }
        // Options by index: forms are only ever appended, so the lists stay put.
        let mut r = true;
        if self.as_number(g).is_none() {
            self.materialize(g);
            for i in 0..self.made(g, true).len() {
                let gl = self.made(g, true)[i];
                if self.le(h, gl) {
                    r = false;
                    break;
                }
            }
        }
        if r && self.as_number(h).is_none() {
            self.materialize(h);
            for i in 0..self.made(h, false).len() {
                let hr = self.made(h, false)[i];
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

    /// The day `g` is born: 0 for 0, else one more than its latest option (as large as a
    /// number among its followers: any size).
    pub fn birthday(&self, g: Id) -> crate::Nat {
        match self.birthdays[g.0 as usize] {
            BIG_BIRTHDAY => match self.kinds[g.0 as usize].parts() {
                Some((x, n, m)) => compact_birthday(x, n, m),
                None => {
                    let form = self.forms[g.0 as usize].as_ref().expect("made");
                    let latest = form.options.iter();
                    latest.map(|&o| self.birthday(o)).max().unwrap_or_default() + 1u32
                }
            },
            b => b.into(),
        }
    }

    /// The day `g` is born, or [`BIG_BIRTHDAY`] when that does not fit a word.
    pub(crate) fn small_birthday(&self, g: Id) -> u64 {
        self.birthdays[g.0 as usize]
    }
}

#[cfg(test)]
mod tests;
