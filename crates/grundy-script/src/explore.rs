//! Exploring a script's positions: the positions handed to the rules and what they give
//! back (integers and arrays of integers kept in a shared buffer, other values as Rhai's),
//! the store that numbers positions as they are met, and the explorer that walks the
//! positions reachable from the start.

use super::*;

/// The class of a partizan position from its outcomes when Left starts (`l`) and when
/// Right starts (`r`).
pub(crate) fn class_of(l: Outcome, r: Outcome) -> Outcome {
    match (l, r) {
        (Outcome::N, Outcome::N) => Outcome::N,
        (Outcome::P, Outcome::P) => Outcome::P,
        (Outcome::N, Outcome::P) => Outcome::L,
        (Outcome::P, Outcome::N) => Outcome::R,
        _ if l == Outcome::D || r == Outcome::D => Outcome::D,
        _ => Outcome::T,
    }
}

/// The function listing the moves of the player to move (`None`: an impartial game), and
/// who moves after.
pub(crate) fn mover(side: Option<bool>) -> (&'static str, Option<bool>) {
    match side {
        None => ("moves", None),
        Some(true) => ("left_moves", Some(false)),
        Some(false) => ("right_moves", Some(true)),
    }
}

/// A position handed to the rules: an integer or an array of integers (at these places of
/// the batch's shared buffer), or another value, when grundy's evaluator may take it; else
/// Rhai's value.
pub(crate) enum Arg {
    Int(i64),
    Ints(std::ops::Range<usize>),
    /// Another value (a string, an array of arrays…) the evaluator may take.
    Other(Dynamic),
    Rhai(Dynamic),
}

/// What one position expands to.
pub(crate) enum Expanded {
    Terminal(Outcome),
    Moves(Children, Option<bool>),
}

/// A position's children as the thread that called the script leaves them for keying:
/// integers and arrays of integers in compact form, anything else with its JSON text. The
/// script's values are dropped (and JSON written) on that thread, in parallel, so the one
/// thread that keys positions only hashes.
#[derive(Clone, Default)]
pub(crate) struct Children {
    pub(crate) list: Vec<Child>,
    /// The integers of the arrays in `list`, one array after another.
    pub(crate) ints: Vec<i64>,
}

#[derive(Clone)]
pub(crate) enum Child {
    Int(i64),
    /// An array of this many integers, the next ones in `ints`.
    Ints(u32),
    Other(Dynamic, String),
}

impl Children {
    /// `list` in compact form: an array of arrays, or a string, is keyed by its JSON text.
    pub(crate) fn of(list: Vec<Dynamic>) -> Result<Self, ScriptError> {
        let mut out = Children {
            list: Vec::with_capacity(list.len()),
            ints: Vec::new(),
        };
        for p in list {
            let child = if let Ok(n) = p.as_int() {
                Child::Int(n)
            } else if let Some(len) = out.push_ints(&p) {
                Child::Ints(len)
            } else {
                other(p)?
            };
            out.list.push(child);
        }
        Ok(out)
    }

    /// The same from grundy's own values, without making them Rhai's when they are integers
    /// or arrays of integers.
    pub(crate) fn of_values(list: thin_vec::ThinVec<fast::Val>) -> Result<Self, ScriptError> {
        let mut out = Children {
            list: Vec::with_capacity(list.len()),
            ints: Vec::new(),
        };
        for p in list {
            let child = match &p {
                fast::Val::Int(n) => Child::Int(*n),
                fast::Val::Array(a) if a.iter().all(|x| matches!(x, fast::Val::Int(_))) => {
                    out.ints.extend(a.iter().map(|x| match x {
                        fast::Val::Int(n) => *n,
                        _ => unreachable!("all integers"),
                    }));
                    Child::Ints(u32::try_from(a.len()).expect("arrays are far below 2^32"))
                }
                _ => other(p.to_dynamic())?,
            };
            out.list.push(child);
        }
        Ok(out)
    }

    /// If `p` is an array of integers, appends them and says how many.
    pub(crate) fn push_ints(&mut self, p: &Dynamic) -> Option<u32> {
        let a = p.as_array_ref().ok()?;
        let at = self.ints.len();
        for x in a.iter() {
            match x.as_int() {
                Ok(n) => self.ints.push(n),
                Err(_) => {
                    self.ints.truncate(at);
                    return None;
                }
            }
        }
        Some(u32::try_from(a.len()).expect("Rhai caps arrays far below 2^32"))
    }
}

/// A child that is neither an integer nor an array of integers, keyed by its JSON text.
pub(crate) fn other(p: Dynamic) -> Result<Child, ScriptError> {
    let key = serde_json::to_string(&p)
        .map_err(|e| ScriptError::Script(format!("a position cannot be stored: {e}")))?;
    Ok(Child::Other(p, key))
}

/// The positions found, by id, in grundy's own compact form: integers and arrays of integers
/// (the positions of most games) are stored without an allocation of their own (an array's
/// integers lie in one shared buffer), anything else as the script's value. A position is
/// made a Rhai value again for each call, as cheaply as cloning the stored value would be.
#[derive(Clone, Debug, Default)]
pub(crate) struct Store {
    pub(crate) items: Vec<Item>,
    pub(crate) sides: Vec<Option<bool>>,
    /// The integers of every array position, one after another.
    pub(crate) arena: Vec<i64>,
}

#[derive(Clone, Debug)]
pub(crate) enum Item {
    Int(i64),
    /// An array of integers: its length and where it starts in the arena.
    Ints(u32, usize),
    Other(Box<Dynamic>),
}

impl Store {
    pub(crate) fn len(&self) -> usize {
        self.items.len()
    }

    pub(crate) fn push(&mut self, item: Item, side: Option<bool>) {
        self.items.push(item);
        self.sides.push(side);
    }

    /// The integers of array position `u` (empty for other kinds).
    pub(crate) fn ints(&self, u: usize) -> &[i64] {
        match self.items[u] {
            Item::Ints(len, at) => &self.arena[at..at + len as usize],
            _ => &[],
        }
    }

    pub(crate) fn value(&self, u: usize) -> Dynamic {
        match &self.items[u] {
            Item::Int(n) => Dynamic::from_int(*n),
            Item::Ints(..) => {
                Dynamic::from_array(self.ints(u).iter().map(|&n| Dynamic::from_int(n)).collect())
            }
            Item::Other(p) => (**p).clone(),
        }
    }

    /// Position `u` for the rules: if `own`, an integer or an array of integers (appended to
    /// `ints`) as such, otherwise Rhai's value.
    pub(crate) fn arg(&self, u: usize, own: bool, ints: &mut Vec<i64>) -> Arg {
        match &self.items[u] {
            Item::Int(n) if own => Arg::Int(*n),
            Item::Ints(..) if own => {
                let at = ints.len();
                ints.extend_from_slice(self.ints(u));
                Arg::Ints(at..ints.len())
            }
            Item::Other(p) if own => Arg::Other((**p).clone()),
            _ => Arg::Rhai(self.value(u)),
        }
    }

    /// The order of positions `u` and `v` as `--all` lists them: numbers, then lists of
    /// numbers, then other values (see [`value_order`]); Left to move before Right.
    pub(crate) fn order(&self, u: usize, v: usize) -> std::cmp::Ordering {
        let rank = |i: &Item| match i {
            Item::Int(_) => 0,
            Item::Ints(..) => 1,
            Item::Other(_) => 2,
        };
        let (a, b) = (&self.items[u], &self.items[v]);
        let by_value = match (a, b) {
            (Item::Int(x), Item::Int(y)) => x.cmp(y),
            (Item::Ints(..), Item::Ints(..)) => self.ints(u).cmp(self.ints(v)),
            (Item::Other(x), Item::Other(y)) => value_order(x, y),
            _ => rank(a).cmp(&rank(b)),
        };
        // Left (true) first.
        by_value.then_with(|| self.sides[v].cmp(&self.sides[u]))
    }

    /// Position `u` as JSON, as the script wrote it (a value JSON cannot hold becomes null).
    pub(crate) fn json(&self, u: usize) -> serde_json::Value {
        match &self.items[u] {
            Item::Int(n) => (*n).into(),
            Item::Ints(..) => self.ints(u).into(),
            Item::Other(p) => position_json(p),
        }
    }
}

/// A total order on the script's values: by kind (unit, booleans, numbers, characters, text,
/// arrays, maps, anything else), then numbers by size, text by character, arrays element by
/// element (a shorter prefix first), maps by their sorted entries.
pub(crate) fn value_order(a: &Dynamic, b: &Dynamic) -> std::cmp::Ordering {
    use std::cmp::Ordering;
    let rank = |d: &Dynamic| {
        if d.is_unit() {
            0
        } else if d.is_bool() {
            1
        } else if d.is_int() || d.is_float() {
            2
        } else if d.is_char() {
            3
        } else if d.is_string() {
            4
        } else if d.is_array() {
            5
        } else if d.is_map() {
            6
        } else {
            7
        }
    };
    let number = |d: &Dynamic| -> f64 {
        d.as_int()
            .map(|n| n as f64)
            .or_else(|_| d.as_float())
            .unwrap_or(f64::NAN)
    };
    match (rank(a), rank(b)) {
        (x, y) if x != y => x.cmp(&y),
        (1, _) => a.as_bool().ok().cmp(&b.as_bool().ok()),
        (2, _) => match (a.as_int(), b.as_int()) {
            (Ok(x), Ok(y)) => x.cmp(&y),
            _ => number(a).total_cmp(&number(b)),
        },
        (3, _) => a.as_char().ok().cmp(&b.as_char().ok()),
        (4, _) => a
            .clone()
            .into_immutable_string()
            .ok()
            .cmp(&b.clone().into_immutable_string().ok()),
        (5, _) => match (a.read_lock::<rhai::Array>(), b.read_lock::<rhai::Array>()) {
            (Some(x), Some(y)) => lexicographic(x.iter(), y.iter(), value_order),
            _ => Ordering::Equal,
        },
        (6, _) => match (a.read_lock::<rhai::Map>(), b.read_lock::<rhai::Map>()) {
            (Some(x), Some(y)) => lexicographic(x.iter(), y.iter(), |(k, p), (l, q)| {
                k.cmp(l).then_with(|| value_order(p, q))
            }),
            _ => Ordering::Equal,
        },
        _ => a.to_string().cmp(&b.to_string()),
    }
}

/// Two sequences in order: the first unequal pair by `order` decides, else the shorter first.
pub(crate) fn lexicographic<I: ExactSizeIterator>(
    x: I,
    y: I,
    order: impl Fn(I::Item, I::Item) -> std::cmp::Ordering,
) -> std::cmp::Ordering {
    let lengths = x.len().cmp(&y.len());
    x.zip(y)
        .map(|(p, q)| order(p, q))
        .find(|o| o.is_ne())
        .unwrap_or(lengths)
}

/// 32 bits of a hash of `ints`, kept beside the id in the table so that growing the table
/// rehashes without reading the arrays again, and most mismatches are told apart without
/// reading them at all.
pub(crate) fn hash_ints(ints: &[i64]) -> u32 {
    let mut h = rustc_hash::FxHasher::default();
    ints.hash(&mut h);
    (h.finish() >> 32) as u32
}

/// A table entry: an array's hash bits above its id.
pub(crate) fn entry(hash: u32, id: u32) -> u64 {
    u64::from(hash) << 32 | u64::from(id)
}

/// The hash the table sees for an entry, spread over all 64 bits (the table takes its
/// bucket from the low bits and a tag from the top ones).
pub(crate) fn table_hash(entry: u64) -> u64 {
    (entry >> 32).wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

/// Positions found so far, by canonical key and side to move (impartial, Left, Right):
/// integers by value, arrays of integers by their integers, anything else by its JSON text.
#[derive(Default)]
pub(crate) struct Explorer {
    pub(crate) ints: [IntIds; 3],
    /// Ids of array positions, hashed by their integers, which stay in the store.
    pub(crate) arrays: [HashTable<u64>; 3],
    pub(crate) texts: [FxHashMap<String, u32>; 3],
    pub(crate) store: Store,
    pub(crate) edges: Vec<(u32, u32)>,
    pub(crate) terminal: HashMap<u32, Outcome>,
    /// Bytes of the positions stored as values and keyed by their text.
    pub(crate) text_bytes: u64,
}

impl Explorer {
    /// About the memory the table takes once solved: each position (its entry, id and the
    /// solver's arrays), each array's integers, each text position twice (its value and its
    /// key), each move three times (as found, then forwards and backwards in the graph).
    pub(crate) fn memory(&self) -> u64 {
        64 * self.store.len() as u64
            + 8 * self.store.arena.len() as u64
            + self.text_bytes
            + 16 * self.edges.len() as u64
    }

    /// Appends the ids of `children`, with `side` to move, to `ids`; new ones are stored.
    pub(crate) fn ids(&mut self, children: Children, side: Option<bool>, ids: &mut Vec<u32>) {
        let s = match side {
            None => 0,
            Some(true) => 1,
            Some(false) => 2,
        };
        let mut at = 0;
        for child in children.list {
            let next = self.store.len() as u32;
            let id = match child {
                Child::Int(n) => {
                    let id = self.ints[s].id(n, next);
                    if id == next {
                        self.store.push(Item::Int(n), side);
                    }
                    id
                }
                Child::Ints(len) => {
                    let ints = &children.ints[at..at + len as usize];
                    at += len as usize;
                    let store = &mut self.store;
                    let hash = entry(hash_ints(ints), 0);
                    let same =
                        |&e: &u64| e >> 32 == hash >> 32 && store.ints(e as u32 as usize) == ints;
                    match self.arrays[s].find(table_hash(hash), same) {
                        Some(&e) => e as u32,
                        None => {
                            let item = Item::Ints(len, store.arena.len());
                            store.arena.extend_from_slice(ints);
                            store.push(item, side);
                            let e = hash | u64::from(next);
                            self.arrays[s].insert_unique(table_hash(e), e, |&e| table_hash(e));
                            next
                        }
                    }
                }
                Child::Other(p, key) => {
                    let len = key.len() as u64;
                    let id = *self.texts[s].entry(key).or_insert(next);
                    if id == next {
                        self.store.push(Item::Other(Box::new(p)), side);
                        self.text_bytes += 2 * len + 96;
                    }
                    id
                }
            };
            ids.push(id);
        }
    }

    /// Keys the children of positions `first`, `first + 1`, … as `batch` gives them, or
    /// returns the first error in it.
    pub(crate) fn key(
        &mut self,
        first: usize,
        batch: Vec<Result<Expanded, ScriptError>>,
    ) -> Result<(), ScriptError> {
        let mut ids = Vec::new();
        for (u, result) in (first as u32..).zip(batch) {
            match result? {
                Expanded::Terminal(v) => {
                    self.terminal.insert(u, v);
                }
                Expanded::Moves(children, side) => {
                    self.ids(children, side, &mut ids);
                    self.edges.extend(ids.drain(..).map(|v| (u, v)));
                }
            }
        }
        Ok(())
    }

    /// The id of one position.
    pub(crate) fn id(&mut self, p: Dynamic, side: Option<bool>) -> Result<u32, ScriptError> {
        let mut ids = Vec::new();
        self.ids(Children::of(vec![p])?, side, &mut ids);
        Ok(ids[0])
    }
}

/// Ids of integer positions: a table indexed by the integer over the range they fill densely
/// (one memory access: the hash map cost a third of the run when positions were random
/// integers), and a hash map for those far outside it.
#[derive(Default)]
pub(crate) struct IntIds {
    /// The integer that `dense[0]` stands for.
    pub(crate) base: i64,
    /// Ids by integer − base; `NONE` where no position has that integer.
    pub(crate) dense: Vec<u32>,
    pub(crate) sparse: FxHashMap<i64, u32>,
    pub(crate) count: usize,
}

impl IntIds {
    const NONE: u32 = u32::MAX;

    /// The id of `n`, given `next` if it is new.
    pub(crate) fn id(&mut self, n: i64, next: u32) -> u32 {
        let slot = match self.slot(n) {
            Some(i) => &mut self.dense[i],
            None if self.cover(n) => {
                let i = self.slot(n).expect("the range now covers n");
                &mut self.dense[i]
            }
            None => return *self.sparse.entry(n).or_insert_with(|| next),
        };
        if *slot == Self::NONE {
            *slot = next;
            self.count += 1;
        }
        *slot
    }

    pub(crate) fn slot(&self, n: i64) -> Option<usize> {
        let i = usize::try_from(n.checked_sub(self.base)?).ok()?;
        (i < self.dense.len()).then_some(i)
    }

    /// Widens the table to cover `n` if it stays dense enough (at most four slots per position
    /// known, after the first 65 536), with as much room again on the side it grew (so that a
    /// walk does not widen it every step), moving the positions it now covers out of the map.
    pub(crate) fn cover(&mut self, n: i64) -> bool {
        let (n, base, len) = (
            i128::from(n),
            i128::from(self.base),
            self.dense.len() as i128,
        );
        let (lo, hi) = if len == 0 {
            (n, n)
        } else {
            (n.min(base), n.max(base + len - 1))
        };
        let span = hi - lo + 1;
        let room = span.max(1 << 10);
        let known = (self.count + self.sparse.len() + 1) as i128;
        if span + room > (4 * known).max(1 << 16) {
            return false;
        }
        let (lo, hi) = match () {
            _ if len == 0 => (lo - room / 2, hi + room / 2),
            _ if n < base => (lo - room, hi),
            _ => (lo, hi + room),
        };
        let (lo, hi) = (lo.max(i64::MIN.into()), hi.min(i64::MAX.into()));
        let mut dense = vec![Self::NONE; (hi - lo + 1) as usize];
        if len > 0 {
            let shift = (base - lo) as usize;
            dense[shift..shift + self.dense.len()].copy_from_slice(&self.dense);
        }
        self.dense = dense;
        self.base = lo as i64;
        let covered: Vec<i64> = self
            .sparse
            .keys()
            .copied()
            .filter(|&k| self.slot(k).is_some())
            .collect();
        for k in covered {
            let id = self.sparse.remove(&k).expect("a key just listed");
            let i = self.slot(k).expect("a covered key");
            self.dense[i] = id;
            self.count += 1;
        }
        true
    }
}

/// The script as a [`Game`] over canonical keys, for the component-wise solver. A script's
/// error reaches the solver through [`Game::try_moves`] and stops it ([`Stop::Rules`]).
pub(crate) struct ScriptGame<'r> {
    pub(crate) rules: &'r Rules,
    /// The position behind each key met so far.
    pub(crate) values: RefCell<HashMap<String, Dynamic>>,
}

impl ScriptGame<'_> {
    pub(crate) fn key(&self, p: &Dynamic) -> Result<String, ScriptError> {
        let key = serde_json::to_string(p)
            .map_err(|e| ScriptError::Script(format!("a position cannot be stored: {e}")))?;
        self.values
            .borrow_mut()
            .entry(key.clone())
            .or_insert_with(|| p.clone());
        Ok(key)
    }

    pub(crate) fn keys(&self, name: &str, key: &String) -> Result<Vec<String>, String> {
        let p = self.values.borrow()[key].clone();
        let list = self.rules.list(name, &p).map_err(|e| e.to_string())?;
        list.iter()
            .map(|c| self.key(c).map_err(|e| e.to_string()))
            .collect()
    }
}

impl Game for ScriptGame<'_> {
    type Position = String;

    /// (The solver asks [`Game::try_moves`], which says when the script fails.)
    fn moves(&self, key: &String) -> Vec<String> {
        self.try_moves(key).unwrap_or_default()
    }

    fn try_moves(&self, key: &String) -> Result<Vec<String>, String> {
        self.keys("moves", key)
    }

    fn try_components(&self, key: &String) -> Result<Vec<String>, String> {
        let parts = self.keys("components", key)?;
        if parts.len() == 1 && parts[0] == *key {
            return Ok(vec![key.clone()]);
        }
        Ok(parts)
    }
}
