//! Misère canonical forms of short impartial games: Conway, *On Numbers and Games*, ch. 12;
//! A. N. Siegel, *Combinatorial Game Theory* (AMS, 2013), ch. V.1 — what CGSuite calls a
//! `MisereCanonicalGame`.
//!
//! Two impartial games G and H are equal in misère play when G + X and H + X have the same
//! misère outcome for every game X. Each class has one simplest form, found from the forms of
//! the options:
//!
//! - G and H are **linked** when some X makes both G + X and H + X misère P-positions; for
//!   forms in simplest form this happens exactly when neither is an option of the other
//!   (Conway's linking lemma, ONAG Thm. 75).
//! - So G = H exactly when their misère outcomes agree, no option of G is linked to H and no
//!   option of H to G (take X of least birthday that tells them apart).
//! - For a simplest form H, that makes G (its options in simplest form) equal to H exactly when
//!   H's options are among G's, every other option of G has H as an option (it is
//!   *reversible* through H), and, when H = 0, some option of G is a misère P-position.
//!   Such an H is an option of an option of G, so [`Forms::game`] tries those; when none
//!   works, G's options are its simplest form. `{*} = 0` is the first case.
//!
//! A [`Forms`] arena holds every form built so far, interned: a form is a [`Form`], and two
//! forms are equal in misère play exactly when they are the same [`Form`].
//! [`Forms::show`] writes a form as CGSuite writes it (`*[2#0]`, `*[2[2]]`), [`Forms::parse`]
//! reads CGSuite's `*[…]` notation, [`Forms::distinguisher`] finds a game that tells two
//! forms apart and [`Forms::link`] one that links them.
//!
//! ```
//! use grundy::misere_form::Forms;
//!
//! let mut forms = Forms::new();
//! let g = forms.parse("*[2] + *[2]").unwrap();
//! assert_eq!(forms.show(g).unwrap(), "*[2[2]]"); // *2 + *2, not 0 in misère play
//! assert!(forms.is_p(g)); // … though it is a misère P-position
//! let h = forms.parse("*[[1]]").unwrap(); // {*1} = 0 in misère play
//! assert_eq!(h, forms.zero());
//! ```

pub mod genus;
mod heaps;
mod read;
mod show;
#[cfg(test)]
mod tests;

use crate::solver::{mex_of as mex, sorted_subset as subset};
use crate::{GameError, Outcome};
pub use genus::{genus_sequence, Genus};
pub use heaps::{extend_heap_forms, heap_forms, heap_genera, HEAP_LIMIT};
use rustc_hash::FxHashMap as HashMap;

/// Most forms one arena builds before refusing (each holds its options).
pub const FORM_LIMIT: usize = 4_000_000;

/// Most options, counted over all forms, one arena holds before refusing.
pub const OPTION_LIMIT: usize = 50_000_000;

/// Largest nim heap read or built as a form (a heap of n has n options).
pub const NIMBER_LIMIT: u32 = 4096;

/// A misère canonical form in a [`Forms`] arena.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Form(u32);

/// CGSuite's phyla of misère games (ONAG ch. 12): how tame a game is. Ordered from the
/// tamest; a game's genus is written in full only when it is wild.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Phylum {
    NimHeap,
    HereditarilyTame,
    ReversiblyTame,
    Tameable,
    WildOfTameGenus,
    HereditarilyRestive,
    ReversiblyRestive,
    WildOfRestiveGenus,
    Restless,
    WildOfRestlessGenus,
    Wild,
}

impl Phylum {
    fn name(self) -> &'static str {
        match self {
            Phylum::NimHeap => "nim heap",
            Phylum::HereditarilyTame => "hereditarily tame",
            Phylum::ReversiblyTame => "reversibly tame",
            Phylum::Tameable => "tameable",
            Phylum::HereditarilyRestive => "hereditarily restive",
            Phylum::ReversiblyRestive => "reversibly restive",
            Phylum::Restless => "restless",
            _ => "wild",
        }
    }
    fn generally_tame(self) -> bool {
        self <= Phylum::ReversiblyTame
    }
    fn restive_or_tame(self) -> bool {
        self.generally_tame()
            || matches!(
                self,
                Phylum::HereditarilyRestive | Phylum::ReversiblyRestive
            )
    }
    fn wild(self) -> bool {
        matches!(
            self,
            Phylum::WildOfTameGenus
                | Phylum::WildOfRestiveGenus
                | Phylum::WildOfRestlessGenus
                | Phylum::Wild
        )
    }
}

struct Node {
    /// The options, each in simplest form, sorted by id.
    options: Box<[Form]>,
    birthday: u32,
    /// G⁺: the normal-play Grundy value.
    nim: u32,
    /// G⁻: the misère Grundy value (1 for the empty game); 0 exactly for P-positions.
    misere: u32,
}

/// An arena of misère canonical forms (see the module docs).
pub struct Forms {
    nodes: Vec<Node>,
    index: HashMap<Box<[Form]>, Form>,
    sums: HashMap<(Form, Form), Form>,
    nimbers: Vec<Form>,
    mates: HashMap<Form, Form>,
    differences: HashMap<(Form, Form), Option<Form>>,
    /// Each form's even part (itself when even).
    evens: HashMap<Form, Form>,
    phyla: HashMap<Form, Phylum>,
    genera: HashMap<Form, Genus>,
    links: HashMap<(Form, Form), Form>,
    discriminators: HashMap<(Form, Form), Form>,
    sorted: HashMap<Form, Vec<Form>>,
    /// Options held, over all forms.
    option_count: usize,
    /// The longest text [`Forms::show`] writes.
    show_limit: usize,
    /// Forms given names (`m := *[2]+*[2]` in a session), read by [`Forms::parse`].
    names: HashMap<String, Form>,
}

impl std::fmt::Debug for Forms {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Forms")
            .field("forms", &self.nodes.len())
            .field("names", &self.names)
            .finish()
    }
}

impl Default for Forms {
    fn default() -> Self {
        Forms::new()
    }
}

impl Forms {
    /// An arena holding the empty game 0.
    pub fn new() -> Forms {
        let mut forms = Forms {
            nodes: Vec::new(),
            index: HashMap::default(),
            sums: HashMap::default(),
            nimbers: Vec::new(),
            mates: HashMap::default(),
            differences: HashMap::default(),
            evens: HashMap::default(),
            phyla: HashMap::default(),
            genera: HashMap::default(),
            links: HashMap::default(),
            discriminators: HashMap::default(),
            sorted: HashMap::default(),
            option_count: 0,
            show_limit: usize::MAX,
            names: HashMap::default(),
        };
        let zero = forms.insert(Vec::new(), (0, 1));
        forms.nimbers.push(zero);
        forms
    }

    /// Gives `g` the name `name` (a word, see [`crate::cgt::Universe::define`]), read by
    /// later expressions.
    ///
    /// ```
    /// let mut forms = grundy::misere_form::Forms::new();
    /// let g = forms.parse("*[2] + *[2]").unwrap();
    /// forms.define("m", g).unwrap();
    /// let h = forms.parse("m + *[2]").unwrap();
    /// assert_eq!(forms.show(h).unwrap(), "*[2[22]]");
    /// let tree = grundy::cgt::syntax::expression("m : m").unwrap();
    /// assert!(forms.claims(&tree));
    /// ```
    pub fn define(&mut self, name: &str, g: Form) -> Result<(), GameError> {
        crate::cgt::check_name(name)?;
        self.names.insert(name.to_string(), g);
        Ok(())
    }

    /// Takes the name `name` away, if a form had it.
    pub fn forget(&mut self, name: &str) {
        self.names.remove(name);
    }

    /// The form named `name`, if one was [defined](Forms::define).
    pub fn named(&self, name: &str) -> Option<Form> {
        self.names.get(name).copied()
    }

    /// Whether the expression `e` is a misère form's here: it writes one in CGSuite's
    /// `*[…]` notation or uses a name given to one.
    pub fn claims(&self, e: &crate::cgt::syntax::Expr) -> bool {
        e.is_misere() || e.uses_name(|w| self.names.contains_key(w))
    }

    /// The empty game 0 (a misère N-position: the player to move cannot, and wins).
    pub fn zero(&self) -> Form {
        Form(0)
    }

    /// How many forms the arena holds.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the arena holds only 0 (never: it starts with it).
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    fn node(&self, g: Form) -> &Node {
        &self.nodes[g.0 as usize]
    }

    /// The options of `g` in simplest form (sorted by id, not in CGSuite's order).
    pub fn options(&self, g: Form) -> &[Form] {
        &self.node(g).options
    }

    /// Whether `h` is an option of `g`.
    pub fn has_option(&self, g: Form, h: Form) -> bool {
        self.options(g).binary_search(&h).is_ok()
    }

    /// The birthday of the simplest form.
    pub fn birthday(&self, g: Form) -> u32 {
        self.node(g).birthday
    }

    /// G⁺, the normal-play Grundy value.
    pub fn nim_value(&self, g: Form) -> u32 {
        self.node(g).nim
    }

    /// G⁻, the misère Grundy value: 1 for 0, else the mex of the options' (0 exactly for a
    /// misère P-position).
    pub fn misere_nim_value(&self, g: Form) -> u32 {
        self.node(g).misere
    }

    /// Whether `g` is a misère P-position (the player to move loses when the last move loses).
    pub fn is_p(&self, g: Form) -> bool {
        self.node(g).misere == 0
    }

    /// The misère outcome: P or N.
    pub fn misere_outcome(&self, g: Form) -> Outcome {
        Outcome::from_win(!self.is_p(g))
    }

    /// G⁺ and G⁻ of the game with options `options`.
    fn values(&self, options: &[Form]) -> (u32, u32) {
        let nim = mex(options.iter().map(|&o| self.nim_value(o)));
        let misere = if options.is_empty() {
            1
        } else {
            mex(options.iter().map(|&o| self.misere_nim_value(o)))
        };
        (nim, misere)
    }

    /// Holds the game with the options `options` (in simplest form, sorted) as a new form; its
    /// G⁺ and G⁻ are `values`.
    fn insert(&mut self, options: Vec<Form>, (nim, misere): (u32, u32)) -> Form {
        let node = Node {
            birthday: options
                .iter()
                .map(|&o| self.birthday(o) + 1)
                .max()
                .unwrap_or(0),
            nim,
            misere,
            options: options.clone().into_boxed_slice(),
        };
        let g = Form(self.nodes.len() as u32);
        self.option_count += node.options.len();
        self.nodes.push(node);
        self.index.insert(options.into_boxed_slice(), g);
        g
    }

    fn room(&self, options: usize) -> Result<(), GameError> {
        if self.nodes.len() >= FORM_LIMIT {
            return Err(GameError::TooLarge(format!(
                "more than {FORM_LIMIT} misère canonical forms to build"
            )));
        }
        if self.option_count + options > OPTION_LIMIT {
            return Err(GameError::TooLarge(format!(
                "misère canonical forms with more than {OPTION_LIMIT} options in all to build"
            )));
        }
        if self.nodes.len() % 1024 == 0 {
            crate::budget::check()?;
        }
        Ok(())
    }

    /// The game whose options are `options` (each a form, in any order, repeats allowed), in
    /// simplest form.
    pub fn game(&mut self, options: &[Form]) -> Result<Form, GameError> {
        let mut opts = options.to_vec();
        opts.sort_unstable();
        opts.dedup();
        if let Some(&g) = self.index.get(opts.as_slice()) {
            return Ok(g);
        }
        let some_p = opts.iter().any(|&o| self.is_p(o));
        // A form equal to the game has its G⁺ and G⁻.
        let (nim, misere) = self.values(&opts);
        // Such a form is an option of each option of the game that is not one of its own, so
        // it is born at least two days before the game and its options three: an option born
        // the day before the game is not among them, and has the form as an option.
        if let Some(&latest) = opts.iter().max_by_key(|&&o| self.birthday(o)) {
            for &y in self.options(latest) {
                let n = self.node(y);
                if n.nim == nim && n.misere == misere && self.equals_options(y, &opts, some_p) {
                    return Ok(y);
                }
            }
        }
        self.room(opts.len())?;
        Ok(self.insert(opts, (nim, misere)))
    }

    /// Whether the game with the options `opts` (sorted, each in simplest form) equals the
    /// simplest form `y`; `some_p` says whether one of `opts` is a P-position.
    fn equals_options(&self, y: Form, opts: &[Form], some_p: bool) -> bool {
        let ys = self.options(y);
        if ys.is_empty() && !some_p {
            return false;
        }
        subset(ys, opts)
            && opts
                .iter()
                .all(|&z| ys.binary_search(&z).is_ok() || self.has_option(z, y))
    }

    /// The nim heap *n.
    pub fn nimber(&mut self, n: u32) -> Result<Form, GameError> {
        if n > NIMBER_LIMIT {
            return Err(GameError::TooLarge(format!(
                "a nim heap of {n} as a misère form (at most {NIMBER_LIMIT})"
            )));
        }
        while self.nimbers.len() <= n as usize {
            // A nim heap is in simplest form: no option of *k is *n.
            let options = self.nimbers.clone();
            self.room(options.len())?;
            let next = match self.index.get(options.as_slice()) {
                Some(&g) => g,
                None => {
                    let values = self.values(&options);
                    self.insert(options, values)
                }
            };
            self.nimbers.push(next);
        }
        Ok(self.nimbers[n as usize])
    }

    /// Whether `g` is a nim heap.
    pub fn is_nim_heap(&mut self, g: Form) -> bool {
        let b = self.birthday(g);
        b <= NIMBER_LIMIT && self.nimber(b).ok() == Some(g)
    }

    /// The sum G + H in simplest form.
    pub fn add(&mut self, g: Form, h: Form) -> Result<Form, GameError> {
        crate::cgt::deep(|| self.add_step(g, h))
    }

    fn add_step(&mut self, g: Form, h: Form) -> Result<Form, GameError> {
        if g == self.zero() {
            return Ok(h);
        }
        if h == self.zero() {
            return Ok(g);
        }
        let key = (g.min(h), g.max(h));
        if let Some(&s) = self.sums.get(&key) {
            return Ok(s);
        }
        let mut options = Vec::with_capacity(self.options(g).len() + self.options(h).len());
        for o in self.options(g).to_vec() {
            options.push(self.add(o, h)?);
        }
        for o in self.options(h).to_vec() {
            options.push(self.add(g, o)?);
        }
        let s = self.game(&options)?;
        self.sums.insert(key, s);
        Ok(s)
    }

    /// The ordinal sum G : H (Conway, ONAG ch. 15): G's options and G : H′ for each option
    /// H′ of H — H played on top of G, a move in G wiping H out — of the forms in simplest
    /// form, as CGSuite takes `G : H` of misère canonical games.
    ///
    /// ```
    /// use grundy::misere_form::Forms;
    ///
    /// let mut forms = Forms::new();
    /// let g = forms.parse("*[2] : *[3]").unwrap();
    /// assert_eq!(g, forms.nimber(5).unwrap()); // *a : *b is *(a + b)
    /// ```
    pub fn ordinal_sum(&mut self, g: Form, h: Form) -> Result<Form, GameError> {
        let mut memo = HashMap::default();
        self.ordinal_step(g, h, &mut memo)
    }

    fn ordinal_step(
        &mut self,
        g: Form,
        h: Form,
        memo: &mut HashMap<Form, Form>,
    ) -> Result<Form, GameError> {
        if let Some(&s) = memo.get(&h) {
            return Ok(s);
        }
        let mut options = self.options(g).to_vec();
        for o in self.options(h).to_vec() {
            options.push(crate::cgt::deep(|| self.ordinal_step(g, o, memo))?);
        }
        let s = self.game(&options)?;
        memo.insert(h, s);
        Ok(s)
    }

    /// Conway's mate of G: 0 and *1 swapped, otherwise the game of the options' mates.
    /// G + mate(G) is always a misère P-position.
    pub fn mate(&mut self, g: Form) -> Result<Form, GameError> {
        crate::cgt::deep(|| self.mate_step(g))
    }

    fn mate_step(&mut self, g: Form) -> Result<Form, GameError> {
        let one = self.nimber(1)?;
        if g == self.zero() {
            return Ok(one);
        }
        if g == one {
            return Ok(self.zero());
        }
        if let Some(&m) = self.mates.get(&g) {
            return Ok(m);
        }
        let mut options = Vec::new();
        for o in self.options(g).to_vec() {
            options.push(self.mate(o)?);
        }
        let m = self.game(&options)?;
        self.mates.insert(g, m);
        Ok(m)
    }

    /// Whether some game X makes G + X and H + X both misère P-positions.
    pub fn linked(&self, g: Form, h: Form) -> bool {
        !self.has_option(g, h) && !self.has_option(h, g)
    }

    /// A game X with G + X and H + X both misère P-positions, if they are linked (ONAG
    /// Thm. 76: X's options tell each option of one apart from the other).
    pub fn link(&mut self, g: Form, h: Form) -> Result<Option<Form>, GameError> {
        crate::cgt::deep(|| self.link_step(g, h))
    }

    fn link_step(&mut self, g: Form, h: Form) -> Result<Option<Form>, GameError> {
        if !self.linked(g, h) {
            return Ok(None);
        }
        if g == self.zero() && h == self.zero() {
            return Ok(Some(self.nimber(1)?));
        }
        let key = (g.min(h), g.max(h));
        if let Some(&x) = self.links.get(&key) {
            return Ok(Some(x));
        }
        let mut options = Vec::new();
        for o in self.options(g).to_vec() {
            options.push(
                self.distinguisher(o, h)?
                    .expect("an option differs from a linked game"),
            );
        }
        for o in self.options(h).to_vec() {
            options.push(
                self.distinguisher(o, g)?
                    .expect("an option differs from a linked game"),
            );
        }
        let x = self.game(&options)?;
        self.links.insert(key, x);
        Ok(Some(x))
    }

    /// A game X that tells G and H apart: G + X is a misère P-position and H + X is not.
    /// `None` when G = H.
    pub fn distinguisher(&mut self, g: Form, h: Form) -> Result<Option<Form>, GameError> {
        let Some(x) = self.discriminator(g, h)? else {
            return Ok(None);
        };
        let gx = self.add(g, x)?;
        if self.is_p(gx) {
            return Ok(Some(x));
        }
        // H + X is the P-position: X beside the mates of G's options turns it round (each
        // G' + mate(G') is a P-position, so every move from G + X' is answered).
        let mut options = vec![x];
        for o in self.options(g).to_vec() {
            options.push(self.mate(o)?);
        }
        Ok(Some(self.game(&options)?))
    }

    /// Some X for which G + X and H + X have different misère outcomes (`None` when G = H).
    fn discriminator(&mut self, g: Form, h: Form) -> Result<Option<Form>, GameError> {
        if g == h {
            return Ok(None);
        }
        let zero = self.zero();
        if (g == zero && self.is_p(h)) || (h == zero && self.is_p(g)) {
            return Ok(Some(zero));
        }
        let key = (g.min(h), g.max(h));
        if let Some(&x) = self.discriminators.get(&key) {
            return Ok(Some(x));
        }
        let mut found = None;
        for (a, b) in [(g, h), (h, g)] {
            for o in self.options(a).to_vec() {
                if let Some(x) = self.link(b, o)? {
                    found = Some(x);
                    break;
                }
            }
            if found.is_some() {
                break;
            }
        }
        let x = found.expect("two different simplest forms have a discriminator (ONAG Thm. 75)");
        self.discriminators.insert(key, x);
        Ok(Some(x))
    }

    /// Whether `g` is odd in CGSuite's sense: G = E + *1 for a form E born earlier (of each
    /// pair G, G + *1 the one born first is even).
    pub fn is_odd(&mut self, g: Form) -> Result<bool, GameError> {
        Ok(self.even_part(g)? != g)
    }

    /// G itself when even, else G + *1.
    pub fn even_part(&mut self, g: Form) -> Result<Form, GameError> {
        if let Some(&e) = self.evens.get(&g) {
            return Ok(e);
        }
        let one = self.nimber(1)?;
        let h = self.add(g, one)?;
        let e = if self.birthday(h) < self.birthday(g) {
            h
        } else {
            g
        };
        self.evens.insert(g, e);
        Ok(e)
    }

    /// Conway's genus of `g` (see [`Genus`]).
    pub fn genus(&mut self, g: Form) -> Genus {
        crate::cgt::deep(|| self.genus_step(g))
    }

    fn genus_step(&mut self, g: Form) -> Genus {
        if let Some(genus) = self.genera.get(&g) {
            return genus.clone();
        }
        let genus = if self.options(g).is_empty() {
            Genus::zero()
        } else {
            let options: Vec<Genus> = self
                .options(g)
                .to_vec()
                .into_iter()
                .map(|o| self.genus(o))
                .collect();
            Genus::of_options(&options.iter().collect::<Vec<_>>())
        };
        self.genera.insert(g, genus.clone());
        genus
    }

    /// The genus as CGSuite writes it: `2` for a nim heap, `g^γ0` for a tame or restive game
    /// (whose later digits follow from these), the whole `g^γ0γ1…` for a wild one.
    pub fn genus_text(&mut self, g: Form) -> Result<String, GameError> {
        let phylum = self.phylum(g)?;
        let genus = self.genus(g);
        Ok(if phylum == Phylum::NimHeap {
            genus.normal.to_string()
        } else if phylum.restive_or_tame() {
            format!("{}^{}", genus.normal, genus.misere())
        } else {
            genus.to_string()
        })
    }

    /// Whether `g` is tame: in a sum of tame games, misère play follows Nim's rule (ONAG
    /// ch. 12; CGSuite's `IsGenerallyTame`).
    pub fn is_tame(&mut self, g: Form) -> Result<bool, GameError> {
        Ok(self.phylum(g)?.generally_tame())
    }

    /// The phylum of `g`: that of its even part, found from its options as CGSuite classes
    /// them (nim heap, hereditarily or reversibly tame, tameable, restive, restless, wild).
    fn phylum(&mut self, g: Form) -> Result<Phylum, GameError> {
        crate::cgt::deep(|| self.phylum_step(g))
    }

    fn phylum_step(&mut self, g: Form) -> Result<Phylum, GameError> {
        let e = self.even_part(g)?;
        if let Some(&p) = self.phyla.get(&e) {
            return Ok(p);
        }
        let options = self.options(e).to_vec();
        let mut of_options = Vec::with_capacity(options.len());
        for &o in &options {
            of_options.push(self.phylum(o)?);
        }
        let p = self.classify(e, &options, &of_options)?;
        self.phyla.insert(e, p);
        Ok(p)
    }

    /// The phylum of the even game `g` with options `options` of phyla `phyla`.
    fn classify(
        &mut self,
        g: Form,
        options: &[Form],
        phyla: &[Phylum],
    ) -> Result<Phylum, GameError> {
        use Phylum::*;
        let (gp, gm) = (self.nim_value(g), self.misere_nim_value(g));
        let genus_kind = if gp == gm || (gp | gm) < 2 {
            WildOfTameGenus
        } else if gp < 2 {
            WildOfRestiveGenus
        } else if gm < 2 {
            WildOfRestlessGenus
        } else {
            Wild
        };
        let wildest = phyla.iter().copied().max().unwrap_or(NimHeap);
        // All options tame: the genus alone decides.
        if wildest == NimHeap && genus_kind == WildOfTameGenus && (gp > 1 || gp != gm) {
            return Ok(NimHeap);
        }
        if wildest <= HereditarilyTame {
            match genus_kind {
                WildOfTameGenus => return Ok(HereditarilyTame),
                WildOfRestiveGenus => return Ok(HereditarilyRestive),
                _ => {}
            }
        }
        if wildest <= ReversiblyTame {
            return Ok(match genus_kind {
                WildOfTameGenus => ReversiblyTame,
                WildOfRestiveGenus => ReversiblyRestive,
                WildOfRestlessGenus => Restless,
                _ => Wild,
            });
        }
        if !matches!(genus_kind, WildOfTameGenus | WildOfRestiveGenus) {
            return Ok(Wild);
        }
        // Some option is not tame: the game is still reversibly tame (or restive) when each
        // such option has a tame (restive) option of the game's own G⁺ and G⁻, through which
        // it reverses, and the tame options alone give the game its G⁺ and G⁻; tameable when
        // the untame options are tameable in the same way.
        let tame_genus = genus_kind == WildOfTameGenus;
        let (mut reversible, mut tameable) = (true, tame_genus);
        let (mut plus, mut minus) = (Vec::new(), Vec::new());
        let (mut tameable_plus, mut tameable_minus) = (Vec::new(), Vec::new());
        for (&o, &op) in options.iter().zip(phyla) {
            if op.generally_tame() {
                plus.push(self.nim_value(o));
                minus.push(self.misere_nim_value(o));
                continue;
            }
            let (mut tameable_m, mut tameable_p) = (false, false);
            if tameable && op == Tameable {
                tameable_minus.push(self.misere_nim_value(o));
                tameable_plus.push(self.nim_value(o));
                (tameable_m, tameable_p) = (true, true);
            }
            let (mut found_m, mut found_p) = (false, false);
            for s in self.options(o).to_vec() {
                let sp = self.phylum(s)?;
                let (sm, sg) = (self.misere_nim_value(s), self.nim_value(s));
                if sp.generally_tame() && tame_genus {
                    found_m |= gm == sm;
                    found_p |= gp == sg;
                } else if sp.restive_or_tame() && !tame_genus {
                    found_m |= gm == sm && (sg < 2 || (sg ^ gm) < 2);
                    found_p |= gp == sg && (sm < 2 || (sm ^ gm) < 2);
                } else if sp == Tameable && tameable {
                    tameable_m |= gm == sm;
                    tameable_p |= gp == sg;
                }
            }
            if !(found_m && found_p) {
                reversible = false;
                if !(tameable_m && tameable_p) {
                    tameable = false;
                }
                if !tameable {
                    break;
                }
            }
        }
        if reversible && (gp != mex(plus.iter().copied()) || gm != mex(minus.iter().copied())) {
            reversible = false;
        }
        if reversible {
            return Ok(if tame_genus {
                ReversiblyTame
            } else {
                ReversiblyRestive
            });
        }
        if tameable {
            let any = !plus.is_empty() || !tameable_plus.is_empty();
            plus.extend(tameable_plus);
            minus.extend(tameable_minus);
            if (gp != mex(plus) || gm != mex(minus)) && (any || gp > 0) {
                tameable = false;
            }
        }
        let p = if tameable { Tameable } else { genus_kind };
        Ok(if p.wild() { Wild } else { p })
    }
}

/// Longest text of a form a [`Report`] holds.
pub const TEXT_LIMIT: usize = 100_000;

/// What `grundy cgt "*[…]"` and `grundy value GAME POSITION --misere` print of a misère
/// canonical form (`--json`: these fields).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Report {
    /// The simplest form, as CGSuite writes it (`*[2#0]`); null when longer than
    /// [`TEXT_LIMIT`] characters.
    pub canonical: Option<String>,
    /// P or N in misère play (the player who makes the last move loses).
    pub misere_outcome: Outcome,
    /// P or N in normal play.
    pub outcome: Outcome,
    /// G⁻, the misère Grundy value.
    pub misere_nim_value: u32,
    /// G⁺, the normal-play Grundy value.
    pub nim_value: u32,
    /// Conway's genus, as CGSuite writes it.
    pub genus: String,
    /// Whether the game is tame (plays like misère Nim in sums of tame games): hereditarily
    /// or reversibly tame (CGSuite's `IsGenerallyTame`).
    pub tame: bool,
    /// CGSuite's phylum: `nim heap`, `hereditarily tame`, `reversibly tame`, `tameable`,
    /// `hereditarily restive`, `reversibly restive`, `restless` or `wild`.
    pub phylum: String,
    /// The birthday of the simplest form.
    pub birthday: u32,
    /// Conway's mate (null when too long to write).
    pub mate: Option<String>,
    /// The options of the simplest form, in CGSuite's order (null when one is too long to
    /// write).
    pub options: Option<Vec<String>>,
}

impl Forms {
    /// The [`Report`] of `g`.
    pub fn report(&mut self, g: Form) -> Result<Report, GameError> {
        let mate = self.mate(g)?;
        let mut options = Some(Vec::new());
        for o in self.sorted_options(g)? {
            match (self.show_within(o, TEXT_LIMIT)?, options.as_mut()) {
                (Some(text), Some(list)) => list.push(text),
                _ => {
                    options = None;
                    break;
                }
            }
        }
        let phylum = self.phylum(g)?;
        Ok(Report {
            canonical: self.show_within(g, TEXT_LIMIT)?,
            misere_outcome: self.misere_outcome(g),
            outcome: Outcome::from_win(self.nim_value(g) != 0),
            misere_nim_value: self.misere_nim_value(g),
            nim_value: self.nim_value(g),
            genus: self.genus_text(g)?,
            tame: phylum.generally_tame(),
            phylum: phylum.name().to_string(),
            birthday: self.birthday(g),
            mate: self.show_within(mate, TEXT_LIMIT)?,
            options,
        })
    }
}

/// The [`Report`] of a misère expression in CGSuite's notation (`*[2]+*[2]`, `*[[2],0]`).
///
/// ```
/// let r = grundy::misere_form::report("*[[2],1]").unwrap();
/// assert_eq!(r.canonical.as_deref(), Some("*[2#1]"));
/// assert_eq!(r.genus, "2^1420"); // wild: its genus in full
/// ```
pub fn report(text: &str) -> Result<Report, GameError> {
    let mut forms = Forms::new();
    let g = forms.parse(text)?;
    forms.report(g)
}
