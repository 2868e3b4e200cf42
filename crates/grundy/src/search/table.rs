//! A transposition table of bounded size: what a search has proved about positions, kept
//! while memory allows and replaced, never grown past its bound, when it does not.
//!
//! Open addressing with linear probing: a position lives in the first free slot at or after
//! its hash, looked for over at most `PROBES` slots (a few cache lines). The table
//! starts small and doubles when it is half full (or a quarter full, when a new entry finds
//! every slot it may use taken), while the old and the new table together fit the bound it
//! was given (its last step less than a doubling, to what is left beside the old one: a
//! slot's place is the hash scaled to the table's size, so any size serves); from then on, a
//! new entry that finds the slots it may use all taken takes the place of the least valuable
//! of them (the one whose position took the least work to settle, as the caller measures
//! it), even when that one took more work than the newcomer: a search comes back to the
//! positions near the one it is settling, so the newest are worth keeping (Domineering 8×9
//! with Right first in 384 MiB: 46.6 million positions expanded, against 59.0 million when
//! a newcomer cheaper than all it could replace was dropped). Nothing is ever removed, so
//! an empty slot ends a look-up. Losing an entry loses time, never correctness: the search
//! settles the position again.

use std::hash::{BuildHasher, Hash};
use std::sync::{Mutex, MutexGuard};

/// A key's hash as the tables use it: Fx's, whose low bits are weak, mixed by the finalizer
/// of SplitMix64 (a table places a key by the high bits, a [`Shared`] table picks its part
/// by the low ones).
pub fn hash<K: Hash>(key: &K) -> u64 {
    let mut h = rustc_hash::FxBuildHasher.hash_one(key);
    h = (h ^ (h >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    h = (h ^ (h >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    h ^ (h >> 31)
}

/// The slots a position may live in, from its hash on.
const PROBES: usize = 16;

/// What marks a slot as empty.
const EMPTY: u8 = u8::MAX;

/// One slot: a position, what is known of it (or [`EMPTY`]), and the work it took.
#[derive(Clone, Copy)]
struct Slot<K> {
    key: K,
    value: u8,
    work: u8,
}

/// A bounded map from positions to small values (nimbers below 255, outcomes).
pub struct Table<K> {
    slots: Vec<Slot<K>>,
    len: usize,
    /// The most slots the table may hold at once, counting those of the old table while it
    /// grows.
    most: usize,
    /// Entries that took another's place once the table was full.
    pub replaced: u64,
}

impl<K: Copy + Eq + Hash + Default> Table<K> {
    /// An empty table that will use at most about `bytes` of memory.
    pub fn with_memory(bytes: u64) -> Self {
        Self::starting_at(bytes, 1 << 12)
    }

    /// [`Table::with_memory`], its first size `first` slots (or what the bound allows).
    fn starting_at(bytes: u64, first: usize) -> Self {
        let per = std::mem::size_of::<Slot<K>>() as u64;
        let most = (bytes / per).clamp(PROBES as u64, 1 << 40) as usize;
        Table {
            slots: Self::empty(most.min(first.max(PROBES))),
            len: 0,
            most,
            replaced: 0,
        }
    }

    fn empty(n: usize) -> Vec<Slot<K>> {
        let slot = Slot {
            key: K::default(),
            value: EMPTY,
            work: 0,
        };
        vec![slot; n]
    }

    /// Every position held, with its value.
    pub fn entries(&self) -> impl Iterator<Item = (K, u8)> + '_ {
        self.slots
            .iter()
            .filter(|s| s.value != EMPTY)
            .map(|s| (s.key, s.value))
    }

    /// Grows the table (within its bound) until `n` more entries would leave it at most half
    /// full: entries added in the order of their hashes (a saved table's) would otherwise
    /// crowd a small table's first slots.
    pub fn reserve(&mut self, n: usize) {
        while 2 * (self.len + n) > self.slots.len() && self.larger() > self.slots.len() {
            self.grow();
        }
    }

    /// Every position held, with its value and the work it took.
    pub fn each_entry(&self, f: &mut dyn FnMut(K, u8, u8)) {
        for s in self.slots.iter().filter(|s| s.value != EMPTY) {
            f(s.key, s.value, s.work);
        }
    }

    /// How many positions are held.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether no position is held.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The bytes the table takes now.
    pub fn bytes(&self) -> u64 {
        (self.slots.len() * std::mem::size_of::<Slot<K>>()) as u64
    }

    /// A slot's place for a key's [`hash`]: its high bits scaled to the table's size.
    fn home(&self, h: u64) -> usize {
        ((u128::from(h) * self.slots.len() as u128) >> 64) as usize
    }

    /// The `j`th slot a key whose first slot is `home` may live in.
    fn probe(&self, home: usize, j: usize) -> usize {
        let i = home + j;
        if i >= self.slots.len() {
            i - self.slots.len()
        } else {
            i
        }
    }

    /// What is known of `key`, if it is held.
    pub fn get(&self, key: &K) -> Option<u8> {
        self.get_hashed(hash(key), key)
    }

    /// [`Table::get`] for a key whose [`hash`] is `h`.
    pub fn get_hashed(&self, h: u64, key: &K) -> Option<u8> {
        let home = self.home(h);
        for j in 0..PROBES {
            let s = &self.slots[self.probe(home, j)];
            if s.value == EMPTY {
                return None;
            }
            if s.key == *key {
                return Some(s.value);
            }
        }
        None
    }

    /// Remembers `value` (below 255) for `key`; `work` (larger is more valuable) decides
    /// which entry gives way when the table is full.
    pub fn put(&mut self, key: K, value: u8, work: u8) {
        self.store(hash(&key), key, value, work, false);
    }

    /// Adds the bits of `value` to what is held for `key` (`value` alone if nothing is):
    /// [`Table::put`] for values that each say something of their own (bits below 255).
    pub fn add(&mut self, key: K, value: u8, work: u8) {
        self.store(hash(&key), key, value, work, true);
    }

    /// [`Table::put`] (or [`Table::add`], if `add`) for a key whose [`hash`] is `h`.
    pub fn store(&mut self, h: u64, key: K, value: u8, work: u8, add: bool) {
        debug_assert!(value != EMPTY);
        if self.len * 2 >= self.slots.len() && self.larger() > self.slots.len() {
            self.grow();
        }
        let home = self.home(h);
        let mut weakest = home;
        for j in 0..PROBES {
            let i = self.probe(home, j);
            let s = &mut self.slots[i];
            if s.value == EMPTY {
                *s = Slot { key, value, work };
                self.len += 1;
                return;
            }
            if s.key == key {
                s.value = if add { s.value | value } else { value };
                s.work = s.work.max(work);
                return;
            }
            if s.work < self.slots[weakest].work {
                weakest = i;
            }
        }
        if self.len * 4 >= self.slots.len() && self.larger() > self.slots.len() {
            // A long run of taken slots in a table a quarter full or more: room is made.
            self.grow();
            return self.store(h, key, value, work, add);
        }
        self.slots[weakest] = Slot { key, value, work };
        self.replaced += 1;
    }

    /// The size the table grows to: twice its size while the next doubling would fit too,
    /// else what fits beside it (at most its own size: it can no longer grow).
    fn larger(&self) -> usize {
        let n = self.slots.len();
        if 6 * n <= self.most {
            2 * n
        } else {
            self.most.saturating_sub(n)
        }
    }

    fn grow(&mut self) {
        let bigger = Self::empty(self.larger());
        let old = std::mem::replace(&mut self.slots, bigger);
        self.len = 0;
        for s in old {
            if s.value != EMPTY {
                self.put(s.key, s.value, s.work);
            }
        }
    }
}
/// A table several threads of one search share: [`Table`]s behind locks, a key's part chosen
/// by its hash's low bits (a lock taken for one look-up costs a few nanoseconds where a
/// position costs microseconds; with one part, a search on one thread). Each part is
/// bounded by its share of the memory.
pub struct Shared<K> {
    parts: Box<[Mutex<Table<K>>]>,
}

impl<K: Copy + Eq + Hash + Default> Shared<K> {
    /// An empty table in `parts` parts (a power of two) that will use at most about `bytes`.
    pub fn with_memory(bytes: u64, parts: usize) -> Self {
        debug_assert!(parts.is_power_of_two());
        let each = bytes / parts as u64;
        // The parts together start as small as one table does.
        let first = (1 << 12) / parts;
        Shared {
            parts: (0..parts)
                .map(|_| Mutex::new(Table::starting_at(each, first)))
                .collect(),
        }
    }

    fn part(&self, h: u64) -> MutexGuard<'_, Table<K>> {
        let part = &self.parts[h as usize & (self.parts.len() - 1)];
        // A thread that panicked left no half-made entry: slots are written whole.
        part.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// What is known of `key`, if it is held.
    pub fn get(&self, key: &K) -> Option<u8> {
        let h = hash(key);
        self.part(h).get_hashed(h, key)
    }

    /// See [`Table::put`].
    pub fn put(&self, key: K, value: u8, work: u8) {
        let h = hash(&key);
        self.part(h).store(h, key, value, work, false);
    }

    /// See [`Table::add`].
    pub fn add(&self, key: K, value: u8, work: u8) {
        let h = hash(&key);
        self.part(h).store(h, key, value, work, true);
    }

    /// How many positions are held, the bytes taken and the entries replaced, in all parts.
    pub fn totals(&self) -> (u64, u64, u64) {
        self.parts.iter().fold((0, 0, 0), |(n, b, r), part| {
            let t = part.lock().unwrap_or_else(|e| e.into_inner());
            (n + t.len() as u64, b + t.bytes(), r + t.replaced)
        })
    }

    /// Makes room for `n` more entries spread over the parts (see [`Table::reserve`]).
    pub fn reserve(&self, n: usize) {
        let each = n.div_ceil(self.parts.len());
        for part in self.parts.iter() {
            part.lock().unwrap_or_else(|e| e.into_inner()).reserve(each);
        }
    }

    /// Every position held, with its value and the work it took (one part locked at a
    /// time).
    pub fn each_entry(&self, f: &mut dyn FnMut(K, u8, u8)) {
        for part in self.parts.iter() {
            part.lock().unwrap_or_else(|e| e.into_inner()).each_entry(f);
        }
    }

    /// Every position held, with its value.
    pub fn entries(&self) -> Vec<(K, u8)> {
        let mut out = Vec::new();
        self.each_entry(&mut |key, value, _| out.push((key, value)));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holds_what_fits_and_replaces_the_cheapest_when_full() {
        let mut t: Table<u64> = Table::with_memory(1 << 24);
        for k in 0..10_000u64 {
            t.put(k, (k % 200) as u8, 1);
        }
        assert_eq!(t.len(), 10_000);
        assert!((0..10_000u64).all(|k| t.get(&k) == Some((k % 200) as u8)));
        assert_eq!(t.get(&20_000), None);
        assert!(t.bytes() <= 1 << 20, "half full at most: {}", t.bytes());
        // Sixteen slots' worth of memory: sixteen entries, then each newcomer takes the place
        // of the cheapest, cheaper than itself or not.
        let mut small: Table<u64> = Table::with_memory(16 * 16);
        for k in 0..16u64 {
            small.put(k, 1, 5);
        }
        assert_eq!(small.len(), 16);
        small.put(99, 2, 1);
        assert_eq!(small.get(&99), Some(2), "the newest is kept");
        assert_eq!((0..16u64).filter(|k| small.get(k).is_some()).count(), 15);
        small.put(100, 3, 9);
        assert_eq!(small.get(&99), None, "the cheapest gave way");
        assert_eq!(small.get(&100), Some(3));
        assert_eq!((0..16u64).filter(|k| small.get(k).is_some()).count(), 15);
        assert_eq!(small.len(), 16);
        assert_eq!(small.replaced, 2);
        assert!(small.bytes() <= 16 * 16);
    }

    /// A table given room for a number of slots that is not a power of two grows to what
    /// fits beside its last doubling (old and new together within the bound), and added
    /// bits join what is held.
    #[test]
    fn any_size_is_used_and_added_bits_join() {
        // Room for 50,000 slots: 4,096 … 16,384 double, then 50,000 − 16,384 beside it.
        let mut t: Table<u64> = Table::with_memory(50_000 * 16);
        for k in 0..12_000u64 {
            t.put(k, 1, 1);
        }
        assert_eq!(t.bytes(), (50_000 - 16_384) * 16);
        assert_eq!(t.len(), 12_000);
        assert!((0..12_000u64).all(|k| t.get(&k) == Some(1)));
        t.add(7, 4, 1);
        t.add(20_000, 8, 1);
        assert_eq!((t.get(&7), t.get(&20_000)), (Some(5), Some(8)));
        t.put(7, 2, 1);
        assert_eq!(t.get(&7), Some(2));
    }
}
