//! Misère quotients of heap games (T. E. Plambeck, "Taming the wild in impartial combinatorial
//! games", INTEGERS 5 (2005) #G05; T. E. Plambeck and A. N. Siegel, "Misère quotients for
//! impartial games", J. Combin. Theory Ser. A 115 (2008)).
//!
//! Two positions G and H of a heap game are *indistinguishable* when G + X and H + X have the
//! same misère outcome for every position X of the game. The classes form a commutative monoid,
//! the misère quotient: adding positions multiplies their classes, and each class is wholly P
//! or wholly N (its *P-portion*). Heap h's class is its *pretending function* value; a sum of
//! thousands of heaps is then decided by multiplying their classes.
//!
//! # How a quotient is found, and why it is right
//!
//! [`quotient`] learns a candidate and then proves it.
//!
//! * **Learning** (in the manner of Angluin's and Rivest and Schapire's automaton learning):
//!   each element has a representative position; *experiments* are positions X; an element's
//!   row is the misère outcome of its representative plus each experiment: that of the sum of
//!   its heaps' misère canonical forms ([`crate::misere_form`]) while the forms stay small,
//!   else found by searching the positions below it. The product of an element with a heap is the element with the
//!   same row as representative + heap; a row seen nowhere is a new element.
//! * **Proof.** The candidate is a commutative monoid Q, a set P ⊂ Q and a heap → Q map Φ. It
//!   is right — every position G is a misère P-position exactly when Φ(G) ∈ P — when, for
//!   every position G, Φ(G) ∈ P holds exactly when G is not empty and no option of G maps
//!   into P (then induction on G does the rest). The options of G are G − h + c for a heap h of
//!   G and an option c of h, so whether G passes depends only on the *profile*
//!   (Φ(G), Φ(G − h) for each heap h of G); adding a heap j maps a profile to a profile
//!   (Φ(G)·Φ(j), Φ(G − h)·Φ(j), and Φ(G) for h = j). The profiles reachable from the empty
//!   position are finitely many: all are visited, and each is checked. A profile that fails
//!   names a position where the candidate is wrong, which becomes a new experiment.
//! * Elements of the proved candidate have different rows, so no two are indistinguishable:
//!   it is the quotient itself.
//! * **All heaps.** For a take-and-break game removing at most k tokens and leaving at most s
//!   heaps: if Φ(h + p) = Φ(h) for n₀ ≤ h and h + p ≤ N, with N ≥ s(n₀ + p) + k − 1, then every
//!   heap above N has the image and the option images of the heap p below it (its largest
//!   part is at least n₀ + p, and moves shift that part by p), so heaps above N only repeat
//!   profiles already checked: the quotient of heaps to N is the quotient of the whole game.
//!
//! ```
//! use grundy::heap::parse_code;
//! use grundy::quotient::quotient;
//!
//! // Misère Nim with heaps 0, 1, 2: six classes (Plambeck and Siegel, §3).
//! let nim = parse_code("0.333333").unwrap();
//! let q = quotient(&nim, 2).unwrap();
//! assert_eq!(q.order, 6);
//! assert_eq!(q.presentation(), "⟨a, b | a² = 1, b³ = b⟩");
//! // Heaps 1 + 1 + 2 + 2: a P-position of misère Nim.
//! assert!(q.is_p(q.element_of([1, 1, 2, 2]).unwrap()));
//! ```

use crate::heap::HeapRule;
use crate::GameError;
use serde::Serialize;
use std::collections::HashMap;

/// The most elements a quotient may have.
pub const ELEMENT_LIMIT: usize = 20_000;
/// The most positions the outcome search remembers.
const MEMO_LIMIT: usize = 8_000_000;
/// The most profiles the proof visits.
const PROFILE_LIMIT: usize = 30_000_000;
/// No class (a heap absent from the position, in a profile).
const NONE: u16 = u16::MAX;

/// How the pretending function repeats, and why that makes the quotient the whole game's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Stability {
    /// Φ(h + p) = Φ(h) from this heap on.
    pub from: u64,
    /// p.
    pub period: u64,
    /// The largest heap the argument needs computed: s(n₀ + p) + k − 1.
    pub needs: u64,
}

/// A generator of the quotient's presentation: the class of a heap not in the submonoid of
/// the smaller heaps' classes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Generator {
    /// Its letter: a, b, c, …
    pub name: String,
    /// The heap whose class it is.
    pub heap: u64,
}

/// The misère quotient of a heap game restricted to heaps 0..=`to`.
#[derive(Clone, Debug, Serialize)]
pub struct Quotient {
    /// The largest heap.
    pub to: u64,
    /// How many elements.
    pub order: usize,
    /// The identity's index (the empty position's class): always 0.
    pub identity: usize,
    /// Each element as a word in the generators (`1` the identity), in degree-then-letter
    /// order: the presentation's normal forms.
    pub elements: Vec<String>,
    /// The generators, in heap order.
    pub generators: Vec<Generator>,
    /// Relations `word = word` that, with the generators, present the monoid: each left side
    /// is a least word that is not a normal form.
    pub relations: Vec<(String, String)>,
    /// `table[x][y]`: the index of the product x·y.
    pub table: Vec<Vec<usize>>,
    /// `pretending[h]`: the index of heap h's class.
    pub pretending: Vec<usize>,
    /// The indices of the elements whose positions are misère P-positions.
    pub p_portion: Vec<usize>,
    /// Whether the quotient is proved to be the whole game's (every heap size).
    pub stable: bool,
    /// The largest heap the quotient is proved for; `None` when it is proved for all heaps.
    pub proved_to: Option<u64>,
    /// The periodicity that proves it for all heaps.
    pub periodicity: Option<Stability>,
    #[serde(skip)]
    is_p: Vec<bool>,
}

impl Quotient {
    /// Whether the positions of class `x` are misère P-positions (lost for the player to
    /// move).
    pub fn is_p(&self, x: usize) -> bool {
        self.is_p[x]
    }

    /// The product of two classes.
    pub fn mul(&self, x: usize, y: usize) -> usize {
        self.table[x][y]
    }

    /// The class of heap `h`: by the pretending function, or by its period past `to` when the
    /// quotient is stable; `None` for a heap beyond what is proved.
    pub fn heap(&self, h: u64) -> Option<usize> {
        if h <= self.to {
            return Some(self.pretending[h as usize]);
        }
        let s = self.periodicity.as_ref()?;
        let back = (h - self.to).div_ceil(s.period) * s.period;
        Some(self.pretending[(h - back) as usize])
    }

    /// x to the power `k`, by squaring.
    pub fn pow(&self, x: usize, mut k: u64) -> usize {
        let (mut base, mut acc) = (x, self.identity);
        while k > 0 {
            if k & 1 == 1 {
                acc = self.mul(acc, base);
            }
            base = self.mul(base, base);
            k >>= 1;
        }
        acc
    }

    /// The class of a sum of heaps, or `None` when one is beyond what is proved.
    pub fn element_of(&self, heaps: impl IntoIterator<Item = u64>) -> Option<usize> {
        let mut x = self.identity;
        for h in heaps {
            x = self.mul(x, self.heap(h)?);
        }
        Some(x)
    }

    /// The presentation as the literature writes it: `⟨a, b | a² = 1, b³ = b⟩`.
    pub fn presentation(&self) -> String {
        let gens: Vec<&str> = self.generators.iter().map(|g| g.name.as_str()).collect();
        let rels: Vec<String> = self
            .relations
            .iter()
            .map(|(l, r)| format!("{l} = {r}"))
            .collect();
        if rels.is_empty() {
            format!("⟨{}⟩", gens.join(", "))
        } else {
            format!("⟨{} | {}⟩", gens.join(", "), rels.join(", "))
        }
    }

    /// One line on why the quotient holds, and how far.
    pub fn argument(&self) -> String {
        match &self.periodicity {
            Some(s) => format!(
                "proved for every heap: the pretending function has period {} from heap {} \
                 through heap {}, and a take-and-break game's heaps past {} then repeat the \
                 classes and options of heaps {} lower",
                s.period, s.from, self.to, s.needs, s.period
            ),
            None => format!(
                "proved for heaps 0 to {} (every sum of them); no period of the pretending \
                 function is long enough yet to extend it to all heaps",
                self.to
            ),
        }
    }
}

/// The live heaps of `rule` to `to` (a heap with no move is the empty game) and each one's
/// options as lists of live heaps.
fn heap_options(rule: &HeapRule, to: usize) -> Vec<Vec<Vec<u16>>> {
    let mut options: Vec<Vec<Vec<u16>>> = vec![Vec::new(); to + 1];
    for h in 1..=to {
        let mut list = Vec::new();
        rule.for_each_option(h as u64, |_, parts| {
            let mut live: Vec<u16> = parts
                .iter()
                .map(|&p| p as u16)
                .filter(|&p| !options[p as usize].is_empty())
                .collect();
            live.sort_unstable();
            list.push(live);
        });
        list.sort();
        list.dedup();
        options[h] = list;
    }
    options
}

/// The proved quotient of the smaller heaps: the outcome of any position without the
/// largest heap, at once.
#[derive(Default)]
struct Base {
    /// Each heap's letter (`NONE` for a heap with no move).
    letter_of: Vec<u16>,
    trans: Vec<Vec<u32>>,
    p: Vec<bool>,
}

impl Base {
    fn is_p(&self, pos: &[u8]) -> bool {
        let mut x = 0u32;
        for (h, &c) in pos.iter().enumerate() {
            let l = self.letter_of.get(h).copied().unwrap_or(NONE);
            if l != NONE {
                for _ in 0..c {
                    x = self.trans[x as usize][l as usize];
                }
            }
        }
        self.p.get(x as usize).copied().unwrap_or(false)
    }
}

/// Most new forms one heap's form, or one position's outcome, may take to build before
/// learning gives way to search (forms that grow this fast, as 0.75's sums past heap 40, make
/// search the cheaper oracle).
const STEP_FORMS: usize = 5_000;

/// Misère outcomes from misère canonical forms: a position's outcome is that of the sum of
/// its heaps' forms (Conway), each heap's form built from its options' when first needed.
struct FormOracle {
    rule: HeapRule,
    /// The most forms built before giving way to search.
    limit: usize,
    forms: crate::misere_form::Forms,
    /// The forms of heaps 0, 1, … built so far.
    heaps: Vec<crate::misere_form::Form>,
}

impl FormOracle {
    fn new(rule: &HeapRule, limit: usize) -> Self {
        let forms = crate::misere_form::Forms::new();
        FormOracle {
            rule: rule.clone(),
            limit,
            heaps: vec![forms.zero()],
            forms,
        }
    }

    /// Lets the next step build at most [`STEP_FORMS`] new forms, and the arena hold at most
    /// `limit` (past either, the oracle is given up, so no limit is restored).
    fn allow_step(&mut self) {
        self.forms
            .set_limit(self.limit.min(self.forms.len() + STEP_FORMS));
    }

    fn heap(&mut self, h: usize) -> Result<crate::misere_form::Form, GameError> {
        while h >= self.heaps.len() {
            let to = self.heaps.len() as u64;
            self.allow_step();
            crate::misere_form::extend_heap_forms(
                &mut self.forms,
                &self.rule,
                &mut self.heaps,
                to,
            )?;
        }
        Ok(self.heaps[h])
    }

    fn is_p(&mut self, pos: &[u8]) -> Result<bool, GameError> {
        let mut sum = self.forms.zero();
        for (h, &c) in pos.iter().enumerate() {
            if c > 0 {
                let f = self.heap(h)?;
                self.allow_step();
                for _ in 0..c {
                    sum = self.forms.add(sum, f)?;
                }
            }
        }
        Ok(self.forms.is_p(sum))
    }
}

/// Misère outcomes of positions (counts of each heap size): from the heaps' misère canonical
/// forms while they stay small, else by search down to positions without heap `top`, which
/// the proved quotient of the smaller heaps decides.
struct Outcomes {
    forms: Option<Box<FormOracle>>,
    options: Vec<Vec<Vec<u16>>>,
    memo: HashMap<Vec<u8>, bool>,
    /// The most positions `memo` may hold.
    limit: usize,
    /// The largest heap, when the base decides the positions without it.
    top: Option<usize>,
    base: Base,
}

impl Outcomes {
    /// Whether a position searched or decided by the base is P, if known yet.
    fn known(&self, pos: &[u8]) -> Option<bool> {
        if let Some(top) = self.top {
            if pos[top] == 0 {
                return Some(self.base.is_p(pos));
            }
        }
        self.memo.get(pos).copied()
    }

    /// Whether `root` is a misère P-position.
    fn is_p(&mut self, root: &[u8]) -> Result<bool, GameError> {
        if let Some(v) = self.known(root) {
            return Ok(v);
        }
        if let Some(oracle) = self.forms.as_mut() {
            match oracle.is_p(root) {
                Ok(v) => return Ok(v),
                // Forms too large to build: search instead.
                Err(GameError::TooLarge(_)) => self.forms = None,
                Err(e) => return Err(e),
            }
        }
        struct Frame {
            pos: Vec<u8>,
            h: usize,
            k: usize,
        }
        let mut stack = vec![Frame {
            pos: root.to_vec(),
            h: 1,
            k: 0,
        }];
        let mut child = Vec::new();
        while let Some(f) = stack.last_mut() {
            let mut verdict = None;
            let mut pending = false;
            while verdict.is_none() && !pending {
                if f.h >= f.pos.len() {
                    // Every option is N: P, unless there is no move at all.
                    verdict = Some(f.pos.iter().any(|&c| c > 0));
                } else if f.pos[f.h] == 0 || f.k >= self.options[f.h].len() {
                    f.h += 1;
                    f.k = 0;
                } else {
                    child.clear();
                    child.extend_from_slice(&f.pos);
                    child[f.h] -= 1;
                    for &part in &self.options[f.h][f.k] {
                        let c = &mut child[part as usize];
                        *c = c.checked_add(1).ok_or_else(|| {
                            crate::too_large!("more than 255 heaps of one size in a position")
                        })?;
                    }
                    match self.known(&child) {
                        Some(true) => verdict = Some(false),
                        Some(false) => f.k += 1,
                        None => pending = true,
                    }
                }
            }
            if let Some(v) = verdict {
                let f = stack.pop().expect("a frame");
                self.memo.insert(f.pos, v);
            } else {
                if self.memo.len() >= self.limit {
                    return Err(crate::too_large!(
                        "more than {} positions searched for their misère outcomes while \
                         learning the quotient",
                        self.limit
                    ));
                }
                if self.memo.len() % 4096 == 0 {
                    crate::budget::check()?;
                }
                stack.push(Frame {
                    pos: child.clone(),
                    h: 1,
                    k: 0,
                });
            }
        }
        Ok(self.memo[root])
    }
}

/// A learned candidate: elements with representatives, rows and products by each heap.
struct Learner {
    out: Outcomes,
    /// The live heaps (the letters).
    letters: Vec<usize>,
    /// Each heap's letter (`NONE` for a heap that is not one yet, or has no move).
    letter_of: Vec<u16>,
    /// Counts-vector length (heaps 0..=to).
    width: usize,
    reps: Vec<Vec<u8>>,
    /// Letters read from the identity to reach each element.
    words: Vec<Vec<u16>>,
    exps: Vec<Vec<u8>>,
    rows: Vec<Vec<u64>>,
    index: HashMap<Vec<u64>, u32>,
    /// `trans[x][l]`: x times heap `letters[l]` (`u32::MAX` while unresolved).
    trans: Vec<Vec<u32>>,
    /// The row of representative + heap, for each element and letter.
    trans_rows: Vec<Vec<Vec<u64>>>,
}

/// Bit `j` of a row: whether the representative plus experiment `j` is P.
fn bit(row: &[u64], j: usize) -> bool {
    row.get(j / 64).is_some_and(|w| w >> (j % 64) & 1 == 1)
}

fn set_bit(row: &mut Vec<u64>, j: usize, v: bool) {
    if row.len() <= j / 64 {
        row.resize(j / 64 + 1, 0);
    }
    if v {
        row[j / 64] |= 1 << (j % 64);
    }
}

impl Learner {
    fn plus(&self, pos: &[u8], letters: &[u16], extra: &[u8]) -> Result<Vec<u8>, GameError> {
        let mut p = pos.to_vec();
        for &l in letters {
            let c = &mut p[self.letters[l as usize]];
            *c = c
                .checked_add(1)
                .ok_or_else(|| crate::too_large!("more than 255 heaps of one size"))?;
        }
        for (c, &e) in p.iter_mut().zip(extra) {
            *c = c
                .checked_add(e)
                .ok_or_else(|| crate::too_large!("more than 255 heaps of one size"))?;
        }
        Ok(p)
    }

    fn row_of(&mut self, pos: &[u8]) -> Result<Vec<u64>, GameError> {
        let mut row = Vec::new();
        for j in 0..self.exps.len() {
            let p = self.plus(pos, &[], &self.exps[j])?;
            let v = self.out.is_p(&p)?;
            set_bit(&mut row, j, v);
        }
        Ok(row)
    }

    fn add_element(
        &mut self,
        rep: Vec<u8>,
        word: Vec<u16>,
        row: Vec<u64>,
    ) -> Result<(), GameError> {
        if self.reps.len() >= ELEMENT_LIMIT {
            return Err(crate::too_large!(
                "the quotient has more than {ELEMENT_LIMIT} elements"
            ));
        }
        let mut trs = Vec::with_capacity(self.letters.len());
        for l in 0..self.letters.len() {
            let p = self.plus(&rep, &[l as u16], &[])?;
            trs.push(self.row_of(&p)?);
        }
        self.index.insert(row.clone(), self.reps.len() as u32);
        self.reps.push(rep);
        self.words.push(word);
        self.rows.push(row);
        self.trans.push(vec![u32::MAX; self.letters.len()]);
        self.trans_rows.push(trs);
        crate::budget::report("classes", self.reps.len() as u64, None);
        Ok(())
    }

    /// Gives every product a class, adding elements for rows not seen.
    fn resolve(&mut self) -> Result<(), GameError> {
        let mut x = 0;
        while x < self.reps.len() {
            for l in 0..self.letters.len() {
                if self.trans[x][l] != u32::MAX {
                    continue;
                }
                let row = &self.trans_rows[x][l];
                match self.index.get(row) {
                    Some(&y) => self.trans[x][l] = y,
                    None => {
                        let rep = self.plus(&self.reps[x], &[l as u16], &[])?;
                        let mut word = self.words[x].clone();
                        word.push(l as u16);
                        let row = row.clone();
                        self.trans[x][l] = self.reps.len() as u32;
                        self.add_element(rep, word, row)?;
                    }
                }
            }
            x += 1;
        }
        Ok(())
    }

    fn add_experiment(&mut self, z: Vec<u8>) -> Result<(), GameError> {
        let j = self.exps.len();
        self.exps.push(z);
        for x in 0..self.reps.len() {
            let p = self.plus(&self.reps[x], &[], &self.exps[j])?;
            let v = self.out.is_p(&p)?;
            set_bit(&mut self.rows[x], j, v);
            for l in 0..self.letters.len() {
                let p = self.plus(&self.reps[x], &[l as u16], &self.exps[j])?;
                let v = self.out.is_p(&p)?;
                set_bit(&mut self.trans_rows[x][l], j, v);
                self.trans[x][l] = u32::MAX;
            }
            crate::budget::check()?;
        }
        self.index = self
            .rows
            .iter()
            .enumerate()
            .map(|(x, r)| (r.clone(), x as u32))
            .collect();
        self.resolve()
    }

    /// Adds heap `n` as a letter and learns and proves the quotient with it.
    fn extend(&mut self, n: usize) -> Result<(), GameError> {
        self.out.base = Base {
            letter_of: self.letter_of.clone(),
            trans: self.trans.clone(),
            p: (0..self.reps.len() as u32)
                .map(|x| self.predicted_p(x))
                .collect(),
        };
        self.out.top = Some(n);
        self.out.memo.clear();
        let l = self.letters.len() as u16;
        self.letters.push(n);
        self.letter_of[n] = l;
        for x in 0..self.reps.len() {
            let p = self.plus(&self.reps[x], &[l], &[])?;
            let row = self.row_of(&p)?;
            self.trans_rows[x].push(row);
            self.trans[x].push(u32::MAX);
        }
        self.resolve()?;
        loop {
            if !self.commute()? {
                continue;
            }
            if self.prove()? {
                return Ok(());
            }
        }
    }

    fn read(&self, mut x: u32, word: &[u16]) -> u32 {
        for &l in word {
            x = self.trans[x as usize][l as usize];
        }
        x
    }

    fn predicted_p(&self, x: u32) -> bool {
        bit(&self.rows[x as usize], 0)
    }

    /// Rivest and Schapire's step: `word` then `z` is a position whose outcome the candidate,
    /// reading `word` from the identity and then `z`'s heaps, gets wrong at the end of the
    /// word; the point where the outcome of representative + rest first changes gives a new
    /// experiment.
    fn split(&mut self, word: &[u16], z: &[u8]) -> Result<(), GameError> {
        let mut states = vec![0u32];
        for &l in word {
            let s = *states.last().expect("a state");
            states.push(self.trans[s as usize][l as usize]);
        }
        let value = |me: &mut Self, k: usize| -> Result<bool, GameError> {
            let p = me.plus(&me.reps[states[k] as usize], &word[k..], z)?;
            me.out.is_p(&p)
        };
        let (mut lo, mut hi) = (0, word.len());
        let first = value(self, lo)?;
        debug_assert_ne!(first, value(self, hi)?);
        while hi - lo > 1 {
            let mid = (lo + hi) / 2;
            if value(self, mid)? == first {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        let exp = self.plus(&vec![0; self.width], &word[hi..], z)?;
        self.add_experiment(exp)
    }

    fn letters_of(&self, pos: &[u8]) -> Vec<u16> {
        let mut word = Vec::new();
        for (l, &h) in self.letters.iter().enumerate() {
            word.extend(std::iter::repeat_n(l as u16, pos[h] as usize));
        }
        word
    }

    /// A position whose outcome the candidate predicts wrongly, found from words `word`
    /// (read in order) that disagree with their own truth: split on it.
    fn split_position(&mut self, pos: &[u8]) -> Result<bool, GameError> {
        let word = self.letters_of(pos);
        let x = self.read(0, &word);
        if self.predicted_p(x) != self.out.is_p(pos)? {
            self.split(&word, &vec![0; self.width])?;
            return Ok(true);
        }
        Ok(false)
    }

    /// Makes the products by heaps commute (x·g·h = x·h·g), splitting where they do not.
    fn commute(&mut self) -> Result<bool, GameError> {
        let n = self.letters.len();
        for x in 0..self.reps.len() {
            for g in 0..n {
                for h in g + 1..n {
                    let a = self.read(x as u32, &[g as u16, h as u16]);
                    let b = self.read(x as u32, &[h as u16, g as u16]);
                    if a == b {
                        continue;
                    }
                    // An experiment telling a from b: the position x + g + h + it is read
                    // wrongly along one of the two orders.
                    let (ra, rb) = (&self.rows[a as usize], &self.rows[b as usize]);
                    let j = (0..self.exps.len())
                        .find(|&j| bit(ra, j) != bit(rb, j))
                        .expect("distinct elements have distinct rows");
                    let z = self.exps[j].clone();
                    let mut word = self.words[x].clone();
                    word.extend([g as u16, h as u16]);
                    let truth = {
                        let p = self.plus(&vec![0; self.width], &word, &z)?;
                        self.out.is_p(&p)?
                    };
                    let a_says = bit(&self.rows[a as usize], j);
                    if a_says == truth {
                        word.truncate(word.len() - 2);
                        word.extend([h as u16, g as u16]);
                    }
                    self.split(&word, &z)?;
                    return Ok(false);
                }
            }
        }
        Ok(true)
    }

    /// Checks every reachable profile; on a failure, splits on a wrongly predicted position
    /// and says false.
    fn prove(&mut self) -> Result<bool, GameError> {
        let q = self.reps.len();
        let p: Vec<bool> = (0..q as u32).map(|x| self.predicted_p(x)).collect();
        let nl = self.letters.len();
        // bad[l][y]: from a position of class y plus heap letters[l], a move in that heap
        // reaches P.
        let bad: Vec<Vec<bool>> = (0..nl)
            .map(|l| {
                (0..q as u32)
                    .map(|y| {
                        self.out.options[self.letters[l]].iter().any(|c| {
                            let word: Vec<u16> =
                                c.iter().map(|&h| self.letter_of[h as usize]).collect();
                            p[self.read(y, &word) as usize]
                        })
                    })
                    .collect()
            })
            .collect();
        // Heaps of one class g share Φ(G − h) (it is Φ(G − h − h')·g for two of them), and a
        // heap of a class can stand for any other of that class without changing any Φ: so
        // a profile is Φ(G) and Φ(G − h) for each class present, and a profile passes for
        // every choice of heaps when (Φ(G) ∈ P) no heap of a present class has a move to P
        // from there, or (Φ(G) ∉ P) every heap of some present class has one.
        let mut classes: Vec<u32> = Vec::new();
        // For each class: its heaps' letters.
        let mut members: Vec<Vec<usize>> = Vec::new();
        for l in 0..nl {
            let g = self.trans[0][l];
            let c = classes.iter().position(|&x| x == g).unwrap_or_else(|| {
                classes.push(g);
                members.push(Vec::new());
                classes.len() - 1
            });
            members[c].push(l);
        }
        let nc = classes.len();
        let any_bad: Vec<Vec<bool>> = members
            .iter()
            .map(|ls| (0..q).map(|y| ls.iter().any(|&l| bad[l][y])).collect())
            .collect();
        let all_bad: Vec<Vec<bool>> = members
            .iter()
            .map(|ls| (0..q).map(|y| ls.iter().all(|&l| bad[l][y])).collect())
            .collect();
        let width = 1 + nc;
        let mut states: Vec<u16> = vec![NONE; width];
        states[0] = 0;
        let mut parent: Vec<(u32, u16)> = vec![(u32::MAX, 0)];
        let mut seen: HashMap<Vec<u16>, u32> = HashMap::new();
        seen.insert(states.clone(), 0);
        let mut next = 0usize;
        let mut fail = None;
        let mut t = vec![0u16; width];
        while next < parent.len() {
            let s: Vec<u16> = states[next * width..(next + 1) * width].to_vec();
            if next > 0 {
                let present = |c: usize| s[1 + c] != NONE;
                let ok = if p[s[0] as usize] {
                    (0..nc).all(|c| !present(c) || !any_bad[c][s[1 + c] as usize])
                } else {
                    (0..nc).any(|c| present(c) && all_bad[c][s[1 + c] as usize])
                };
                if !ok {
                    fail = Some(next);
                    break;
                }
            }
            for (c0, class) in members.iter().enumerate() {
                let l = class[0];
                t[0] = self.trans[s[0] as usize][l] as u16;
                for c in 0..nc {
                    let y = s[1 + c];
                    t[1 + c] = if c == c0 {
                        s[0]
                    } else if y == NONE {
                        y
                    } else {
                        self.trans[y as usize][l] as u16
                    };
                }
                if !seen.contains_key(&t) {
                    if parent.len() >= PROFILE_LIMIT {
                        return Err(crate::too_large!(
                            "more than {PROFILE_LIMIT} profiles to check for the quotient's proof"
                        ));
                    }
                    seen.insert(t.clone(), parent.len() as u32);
                    states.extend_from_slice(&t);
                    parent.push((next as u32, c0 as u16));
                }
            }
            if next % 65536 == 0 {
                crate::budget::check()?;
            }
            next += 1;
        }
        let Some(at) = fail else {
            return Ok(true);
        };
        // The failing profile's position, each class's heaps chosen to fail: one of it and
        // its options is predicted wrongly.
        let s: Vec<u16> = states[at * width..(at + 1) * width].to_vec();
        let x_is_p = p[s[0] as usize];
        let chosen: Vec<usize> = (0..nc)
            .map(|c| {
                let y = s[1 + c];
                if y == NONE {
                    return members[c][0];
                }
                let y = y as usize;
                // P: a heap with a move to P; N: a heap without one.
                *members[c]
                    .iter()
                    .find(|&&l| bad[l][y] == x_is_p)
                    .unwrap_or(&members[c][0])
            })
            .collect();
        let mut pos = vec![0u8; self.width];
        let mut i = at;
        while i > 0 {
            let (up, c) = parent[i];
            pos[self.letters[chosen[c as usize]]] += 1;
            i = up as usize;
        }
        if self.split_position(&pos)? {
            return Ok(false);
        }
        for h in self.letters.clone() {
            if pos[h] == 0 {
                continue;
            }
            for c in self.out.options[h].clone() {
                let mut o = pos.clone();
                o[h] -= 1;
                for part in c {
                    o[part as usize] += 1;
                }
                if self.split_position(&o)? {
                    return Ok(false);
                }
            }
        }
        unreachable!("a failing profile has a wrongly predicted position")
    }
}

/// The misère quotient of the heap game `rule` restricted to heaps 0..=`to`, learned and
/// proved (see the module's documentation).
pub fn quotient(rule: &HeapRule, to: u64) -> Result<Quotient, GameError> {
    quotient_within(rule, to, MEMO_LIMIT)
}

/// [`quotient`], refused as too large once the search for outcomes while learning it would
/// remember more than `limit` positions.
pub fn quotient_within(rule: &HeapRule, to: u64, limit: usize) -> Result<Quotient, GameError> {
    learn(rule, to, limit, true)
}

/// [`quotient_within`], asking misère outcomes of the heaps' forms first when `by_forms`
/// (else by search alone).
fn learn(rule: &HeapRule, to: u64, limit: usize, by_forms: bool) -> Result<Quotient, GameError> {
    if to > 250 {
        return Err(crate::invalid!(
            "--to {to}: quotients are computed for heaps to 250 at most"
        ));
    }
    let width = to as usize + 1;
    let options = heap_options(rule, to as usize);
    let mut learner = Learner {
        out: Outcomes {
            // Forms answer fast while they stay small (Kayles to 20 in a third of the time);
            // past a fraction of the search's limit they cost more than searching (0.75's sums
            // past heap 40), and search takes over.
            forms: by_forms.then(|| Box::new(FormOracle::new(rule, limit / 320))),
            options,
            memo: HashMap::new(),
            limit,
            top: None,
            base: Base::default(),
        },
        letters: Vec::new(),
        letter_of: vec![NONE; width],
        width,
        reps: Vec::new(),
        words: Vec::new(),
        exps: vec![vec![0; width]],
        rows: Vec::new(),
        index: HashMap::new(),
        trans: Vec::new(),
        trans_rows: Vec::new(),
    };
    let zero = vec![0u8; width];
    let row = learner.row_of(&zero)?;
    learner.add_element(zero, Vec::new(), row)?;
    // Heap by heap: the quotient of the smaller heaps, proved, decides every position
    // without the new heap, and its elements and experiments start the new one.
    for n in 1..width {
        if !learner.out.options[n].is_empty() {
            learner.extend(n)?;
        }
        crate::budget::report("heaps", n as u64, Some(to));
    }
    Ok(assemble(&learner, rule, to))
}

fn letter_name(i: usize) -> String {
    let c = (b'a' + (i % 26) as u8) as char;
    if i < 26 {
        c.to_string()
    } else {
        format!("{c}{}", i / 26)
    }
}

fn superscript(n: u32) -> String {
    const D: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    n.to_string()
        .bytes()
        .map(|b| D[(b - b'0') as usize])
        .collect()
}

fn monomial(exps: &[u32], gens: &[Generator]) -> String {
    let s: String = exps
        .iter()
        .zip(gens)
        .filter(|(&e, _)| e > 0)
        .map(|(&e, g)| {
            if e == 1 {
                g.name.clone()
            } else {
                format!("{}{}", g.name, superscript(e))
            }
        })
        .collect();
    if s.is_empty() {
        "1".into()
    } else {
        s
    }
}

/// Names, presentation, table and pretending function of a proved candidate.
fn assemble(l: &Learner, rule: &HeapRule, to: u64) -> Quotient {
    let q = l.reps.len();
    // A heap with no move is the empty game: it multiplies by the identity.
    let mul_by_heap = |x: u32, h: usize| -> u32 {
        match l.letter_of[h] {
            NONE => x,
            i => l.trans[x as usize][i as usize],
        }
    };
    let heap_class = |h: usize| mul_by_heap(0, h);
    // Generators: heaps whose class is not made from the smaller heaps' classes.
    let mut gens: Vec<Generator> = Vec::new();
    let mut gen_heaps: Vec<usize> = Vec::new();
    let mut reach: Vec<bool> = vec![false; q];
    reach[0] = true;
    for h in 1..=to as usize {
        let c = heap_class(h);
        if reach[c as usize] {
            continue;
        }
        gens.push(Generator {
            name: letter_name(gens.len()),
            heap: h as u64,
        });
        gen_heaps.push(h);
        // Close the reached set under the new generator (and the old ones).
        let mut queue: Vec<u32> = (0..q as u32).filter(|&x| reach[x as usize]).collect();
        while let Some(x) = queue.pop() {
            for &g in &gen_heaps {
                let y = mul_by_heap(x, g);
                if !reach[y as usize] {
                    reach[y as usize] = true;
                    queue.push(y);
                }
            }
        }
    }
    // Normal forms in degree-then-letter order; a least non-normal word is a relation.
    let k = gens.len();
    let mut normal: Vec<Option<Vec<u32>>> = vec![None; q];
    normal[0] = Some(vec![0; k]);
    let mut order: Vec<u32> = vec![0];
    let mut leading: Vec<Vec<u32>> = Vec::new();
    let mut relations = Vec::new();
    let mut level: Vec<(Vec<u32>, u32)> = vec![(vec![0; k], 0)];
    while !level.is_empty() {
        let mut cands: Vec<(Vec<u32>, u32)> = Vec::new();
        for (m, x) in &level {
            for (i, &g) in gen_heaps.iter().enumerate() {
                let mut w = m.clone();
                w[i] += 1;
                cands.push((w, mul_by_heap(*x, g)));
            }
        }
        // Degree-then-letter order: a word with more a's first.
        cands.sort_by(|a, b| b.0.cmp(&a.0));
        cands.dedup_by(|a, b| a.0 == b.0);
        let mut next = Vec::new();
        for (w, x) in cands {
            if leading
                .iter()
                .any(|lead| lead.iter().zip(&w).all(|(a, b)| a <= b))
            {
                continue;
            }
            match &normal[x as usize] {
                Some(n) => {
                    relations.push((monomial(&w, &gens), monomial(n, &gens)));
                    leading.push(w);
                }
                None => {
                    normal[x as usize] = Some(w.clone());
                    order.push(x);
                    next.push((w, x));
                }
            }
        }
        level = next;
    }
    debug_assert_eq!(order.len(), q, "every class is a word in the generators");
    let mut new_index = vec![0usize; q];
    for (i, &x) in order.iter().enumerate() {
        new_index[x as usize] = i;
    }
    let elements: Vec<String> = order
        .iter()
        .map(|&x| monomial(normal[x as usize].as_ref().expect("a normal form"), &gens))
        .collect();
    let table: Vec<Vec<usize>> = order
        .iter()
        .map(|&x| {
            order
                .iter()
                .map(|&y| new_index[l.read(x, &l.words[y as usize]) as usize])
                .collect()
        })
        .collect();
    let pretending: Vec<usize> = (0..=to as usize)
        .map(|h| new_index[heap_class(h) as usize])
        .collect();
    let is_p: Vec<bool> = order.iter().map(|&x| l.predicted_p(x)).collect();
    let p_portion = (0..q).filter(|&x| is_p[x]).collect();
    let periodicity = stability(rule, &pretending);
    Quotient {
        to,
        order: q,
        identity: 0,
        elements,
        generators: gens,
        relations,
        table,
        stable: periodicity.is_some(),
        proved_to: if periodicity.is_some() {
            None
        } else {
            Some(to)
        },
        pretending,
        p_portion,
        periodicity,
        is_p,
    }
}

/// The least (from, period) that the periodicity argument accepts, if any: only for a
/// take-and-break game (finitely many tokens removed, a bounded number of heaps left).
fn stability(rule: &HeapRule, pretending: &[usize]) -> Option<Stability> {
    let HeapRule::TakeBreak(moves) = rule else {
        return None;
    };
    let n = pretending.len() as u64 - 1;
    let k = moves.iter().map(|&(k, _)| k).max().unwrap_or(0);
    let s: u64 = match moves.iter().fold(0u8, |a, &(_, b)| a | b) {
        b if b & 8 != 0 => 3,
        b if b & 4 != 0 => 2,
        _ => 1,
    };
    for period in 1..=n {
        for from in 1..=n {
            let needs = (s * (from + period) + k).saturating_sub(1);
            if needs > n {
                break;
            }
            if (from + period..=n)
                .all(|h| pretending[h as usize] == pretending[(h - period) as usize])
            {
                return Some(Stability {
                    from,
                    period,
                    needs,
                });
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::parse_code;

    /// Every sum of heaps to `to` of at most `total` tokens: its class under the quotient
    /// is P exactly when a plain search (no quotient) finds a misère P-position.
    fn check(rule: &HeapRule, to: u64, total: u64) -> Quotient {
        let t = std::time::Instant::now();
        let q = quotient(rule, to).unwrap();
        eprintln!("quotient {to}: {:?}", t.elapsed());
        let mut out = Outcomes {
            forms: None,
            options: heap_options(rule, to as usize),
            memo: HashMap::new(),
            limit: usize::MAX,
            top: None,
            base: Base::default(),
        };
        let width = to as usize + 1;
        // Partitions of at most `total` into parts 1..=to, largest part first.
        let mut stack: Vec<Vec<u64>> = vec![vec![]];
        let mut count = 0;
        while let Some(heaps) = stack.pop() {
            let mut live = vec![0u8; width];
            for &h in &heaps {
                if !out.options[h as usize].is_empty() {
                    live[h as usize] += 1;
                }
            }
            let x = q.element_of(heaps.iter().copied()).unwrap();
            assert_eq!(q.is_p(x), out.is_p(&live).unwrap(), "{heaps:?}");
            count += 1;
            let used: u64 = heaps.iter().sum();
            let top = heaps.last().copied().unwrap_or(to);
            for h in 1..=top.min(total - used) {
                let mut more = heaps.clone();
                more.push(h);
                stack.push(more);
            }
        }
        eprintln!("checked {count} sums");
        q
    }

    #[test]
    fn misere_nim_is_tame() {
        let nim = parse_code("0.3333333").unwrap();
        assert_eq!(check(&nim, 1, 12).order, 2);
        assert_eq!(check(&nim, 2, 16).order, 6);
        assert_eq!(check(&nim, 3, 16).order, 6);
        assert_eq!(check(&nim, 7, 20).order, 10);
    }

    #[test]
    fn small_octal_quotients_agree_with_search() {
        for (code, to) in [
            ("0.75", 12),
            ("0.77", 10),
            ("0.07", 14),
            ("0.137", 12),
            ("4.7", 8),
        ] {
            let rule = parse_code(code).unwrap();
            let q = check(&rule, to, 20);
            eprintln!("{code} to {to}: order {} {}", q.order, q.presentation());
        }
    }

    /// Outcomes asked of the heaps' misère forms and outcomes searched give the same
    /// quotient (the search is what learning falls back on when the forms grow too large).
    #[test]
    fn forms_and_search_learn_the_same_quotient() {
        for (code, to) in [("0.75", 14), ("0.77", 12), ("0.07", 16), ("0.137", 12)] {
            let rule = parse_code(code).unwrap();
            let by_forms = learn(&rule, to, MEMO_LIMIT, true).unwrap();
            let by_search = learn(&rule, to, MEMO_LIMIT, false).unwrap();
            assert_eq!(
                serde_json::to_value(&by_forms).unwrap(),
                serde_json::to_value(&by_search).unwrap(),
                "{code} to {to}"
            );
        }
    }

    /// Plambeck's R8 ("Taming the wild", 2005): the quotient of 0.75, eight elements, and the
    /// least quotient that is not misère Nim's.
    #[test]
    fn r8_is_the_quotient_of_0_75() {
        let q = check(&parse_code("0.75").unwrap(), 16, 18);
        assert_eq!(q.order, 8);
        assert_eq!(
            q.presentation(),
            "⟨a, b, c | a² = 1, bc = ab, c² = b², b³ = b⟩"
        );
        assert_eq!(
            q.p_portion
                .iter()
                .map(|&x| q.elements[x].as_str())
                .collect::<Vec<_>>(),
            ["a", "b²"]
        );
    }
}
