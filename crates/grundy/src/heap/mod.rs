//! The nim-sequence engine for heap games: G(0), G(1), … computed once, extended on demand,
//! and reduced through a proved period for heaps of any size.

mod all_but;
mod arith;
pub(crate) mod checkpoint;
mod rule;
pub mod sequence;
mod sparse;
mod three;

pub use all_but::find_arithmetic_period;
pub(crate) use arith::options_worth as hexadecimal_options_worth;
pub use rule::{parse_code, subtraction, HeapRule, PeriodProof};

use crate::nat::Nat;
use crate::{too_large, GameError};
use num_integer::Integer;
use num_traits::{CheckedSub, ToPrimitive, Zero};
use std::sync::{Arc, Mutex};

/// The width a table stores its values in (a nimber fits either): `u16` while they fit, which halves the memory of a long run
/// (2^32 heaps in 8 GiB) and the bytes the engine reads, and `u32` beyond.
pub trait StoredValue: Copy + Eq + Default + Send + Sync + std::fmt::Debug + 'static {
    /// Bytes per value.
    const BYTES: u64;
    /// The value.
    fn get(self) -> u32;
    /// `v`, if it fits.
    fn new(v: u32) -> Option<Self>;
}

impl StoredValue for u16 {
    const BYTES: u64 = 2;
    #[inline(always)]
    fn get(self) -> u32 {
        u32::from(self)
    }
    #[inline(always)]
    fn new(v: u32) -> Option<Self> {
        u16::try_from(v).ok()
    }
}

impl StoredValue for u32 {
    const BYTES: u64 = 4;
    #[inline(always)]
    fn get(self) -> u32 {
        self
    }
    #[inline(always)]
    fn new(v: u32) -> Option<Self> {
        Some(v)
    }
}

/// Ultimately periodic: G(n + period) = G(n) for all n ≥ preperiod.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Period {
    /// The least n0 from which the values repeat.
    pub preperiod: u64,
    /// The smallest period proved.
    pub period: u64,
}

/// The most option evaluations spent extending a table for one request (about 10 s with the
/// plain mex method: heaps to about 1.4·10^5 for codes with two splitting digits, 2·10^5
/// for Grundy's game).
const COST_LIMIT: f64 = 1e10;
/// The most values kept (4 bytes each).
const MAX_VALUES: u64 = 200_000_000;
/// Tables are first grown to this size, then doubled, looking for a period each time.
const FIRST_SIZE: u64 = 1 << 10;

/// Heaps computed by the plain method before the rare/common split is tried.
const SPARSE_AFTER: usize = 4096;

/// Computes G(len) … G(n) of `rule` onto `values`: by the rare/common method when the values
/// so far have a sparse space (and the rule is covered), by the plain mex method otherwise.
/// Returns false, leaving the values before it, at the first value that `V` cannot hold.
pub fn extend<V: StoredValue>(rule: &HeapRule, values: &mut Vec<V>, n: u64) -> bool {
    extend_with(rule, values, n, &mut Extension::default())
}

/// What [`extend`] learns about a table and keeps for the next call on it: the parity mask
/// (chosen again each time the table has doubled) and what the sparse method carries between calls.
/// A long run extends its table in many chunks; without this each chunk looked at every value
/// so far twice.
#[derive(Debug, Default)]
pub struct Extension {
    mask: Option<u32>,
    chosen_at: usize,
    sparse: sparse::Cache,
    three: three::ThreeHeaps,
    all_but: all_but::AllBut,
}

/// [`extend`], keeping what it learns in `ext` (which must only ever see this table).
pub fn extend_with<V: StoredValue>(
    rule: &HeapRule,
    values: &mut Vec<V>,
    n: u64,
    ext: &mut Extension,
) -> bool {
    // On one of rayon's threads: the methods hand work to the other core many times a second
    // (a block's marking, a row of three-heap splits), and from a thread outside the pool each
    // hand-over would wake a worker and put this thread to sleep.
    rayon::scope(|_| extend_in_pool(rule, values, n, ext))
}

fn extend_in_pool<V: StoredValue>(
    rule: &HeapRule,
    values: &mut Vec<V>,
    n: u64,
    ext: &mut Extension,
) -> bool {
    if let HeapRule::AllBut(except) = rule {
        return all_but::extend_all_but(except, values, n, &mut ext.all_but);
    }
    if three::covers(rule) {
        // Sets of split values; listing options one by one only if they outgrow memory.
        if let Some(fits) = three::extend_three(rule, values, n, &mut ext.three) {
            return fits;
        }
        return extend_plain(rule, values, n);
    }
    if values.len() < SPARSE_AFTER
        && n as usize >= SPARSE_AFTER
        && !extend_plain(rule, values, SPARSE_AFTER as u64 - 1)
    {
        return false;
    }
    // The mask is chosen again each time the table has doubled, within one call too: Officers'
    // first 4 096 values have no sparse space yet, and one call to 150 000 ran the plain method
    // all the way (8.2 s instead of 0.6 s). Whatever the sparse method leaves (no mask yet, a
    // rule it does not cover, values too wide) the plain method does, up to the next choice.
    while values.len() >= SPARSE_AFTER && (values.len() as u64) <= n {
        if ext.chosen_at == 0 || values.len() >= 2 * ext.chosen_at {
            ext.mask = sparse::choose_mask(values);
            ext.chosen_at = values.len();
        }
        let end = n.min(2 * ext.chosen_at as u64 - 1);
        if let Some(mask) = ext.mask {
            sparse::extend_sparse_with(rule, values, end, mask, &mut ext.sparse);
        }
        if !extend_plain(rule, values, end) {
            return false;
        }
    }
    extend_plain(rule, values, n)
}

/// Computes G(len) … G(n) of `rule` onto `values` by the plain mex method: every option of
/// every heap, O(n²) for games that split heaps. Returns false, leaving the values before it,
/// at the first value that `V` cannot hold.
pub fn extend_plain<V: StoredValue>(rule: &HeapRule, values: &mut Vec<V>, n: u64) -> bool {
    let mut stamp: Vec<u64> = Vec::new();
    values.reserve((n + 1).saturating_sub(values.len() as u64) as usize);
    for h in values.len() as u64..=n {
        let mark = h + 1; // stamps are h + 1 so that 0 means "never"
        let mark_value = |v: u32, stamp: &mut Vec<u64>| {
            let v = v as usize;
            if v >= stamp.len() {
                stamp.resize((v + 1).next_power_of_two(), 0);
            }
            stamp[v] = mark;
        };
        rule.for_each_option(h, |_, parts| {
            let v = parts
                .iter()
                .fold(0, |acc, &p| acc ^ values[p as usize].get());
            mark_value(v, &mut stamp);
        });
        let mex = stamp.iter().position(|&s| s != mark).unwrap_or(stamp.len());
        let Some(v) = u32::try_from(mex).ok().and_then(V::new) else {
            return false;
        };
        values.push(v);
    }
    true
}

/// The smallest period that the computed `values` prove under `proof`, with its least
/// preperiod; `None` if no period is proved by these values.
///
/// For each p, the proof needs the values to repeat from some n0 no later than the largest
/// preperiod that `values.len()` values can prove; that stretch is checked first, from its
/// start, where a repetition that does not hold usually fails at once. (Walking back from the
/// end instead costs the whole periodic stretch for every multiple of the true period: for
/// 0.376, period 4 from 2 268 248, that was 10¹¹ steps and most of the run.)
pub fn find_period<V: Eq>(values: &[V], proof: PeriodProof) -> Option<Period> {
    let n = values.len() as u64;
    let repeats = |m: u64, p: u64| values[m as usize] == values[(m + p) as usize];
    for p in 1..n {
        // values_needed grows with p: once p cannot be proved, no larger period can.
        let largest = proof.largest_preperiod(n, p)?;
        let start = largest.min(n - p);
        if !(start..n - p).all(|m| repeats(m, p)) {
            continue;
        }
        let mut n0 = start;
        while n0 > 0 && repeats(n0 - 1, p) {
            n0 -= 1;
        }
        return Some(Period {
            preperiod: n0,
            period: p,
        });
    }
    None
}

/// G(n + period) = G(n) + saltus for every n ≥ preperiod (saltus 0: plain periodicity):
/// proved by [`prove_regularity`], or only observed in the values computed by
/// [`observe_regularity`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Regularity {
    /// The least n0 from which the pattern holds in the computed values.
    pub preperiod: u64,
    /// The smallest period showing it.
    pub period: u64,
    /// G(n + period) − G(n).
    pub saltus: u64,
}

/// The smallest regularity that the computed `values` of `rule` prove: a period by
/// [`find_period`] under the rule's [`PeriodProof`] (saltus 0), for all-but games an
/// arithmetic period by [`find_arithmetic_period`], and for hexadecimal codes with a move
/// that leaves three heaps an arithmetic period by the certificate of `heap/arith.rs`
/// (written out in docs/sequences.md). `None` when these values prove none.
///
/// ```
/// use grundy::heap::{extend, parse_code, prove_regularity, Regularity};
/// // 0.8 (remove one token, leave three heaps): G(n) = ⌊(n − 1)/3⌋ for n ≥ 1.
/// let rule = parse_code("0.8").unwrap();
/// let mut v: Vec<u32> = Vec::new();
/// extend(&rule, &mut v, 100);
/// assert_eq!(
///     prove_regularity(&rule, &v),
///     Some(Regularity { preperiod: 1, period: 3, saltus: 1 })
/// );
/// ```
///
/// ```
/// use grundy::heap::{extend, prove_regularity, HeapRule, Regularity};
/// // Subtract anything but 1: G(n) = ⌊n/2⌋, proved from n = 0.
/// let rule = HeapRule::AllBut(vec![1]);
/// let mut v: Vec<u32> = Vec::new();
/// extend(&rule, &mut v, 40);
/// assert_eq!(
///     prove_regularity(&rule, &v),
///     Some(Regularity { preperiod: 0, period: 2, saltus: 1 })
/// );
/// ```
pub fn prove_regularity<V: StoredValue>(rule: &HeapRule, values: &[V]) -> Option<Regularity> {
    if let HeapRule::AllBut(except) = rule {
        return find_arithmetic_period(except, values);
    }
    if let Some(p) = find_period(values, rule.period_proof()?) {
        return Some(Regularity {
            preperiod: p.preperiod,
            period: p.period,
            saltus: 0,
        });
    }
    // Hexadecimal codes with three-heap moves: an arithmetic period, by the certificate of
    // arith.rs, tried on the regularity the values show.
    if three::covers(rule) {
        return observe_regularity(values).and_then(|r| arith::prove_hexadecimal(rule, values, r));
    }
    None
}

/// The longest period [`observe_regularity`] looks for.
const MAX_OBSERVED_PERIOD: usize = 1 << 22;

/// The smallest period (and its saltus) with which the values look ultimately periodic or
/// arithmetic-periodic: the pattern must hold over at least the last half of the values and
/// at least four periods. Only an observation — a proof needs a theorem (see [`find_period`]);
/// the search gives up (`None`) after a few steps per value.
///
/// ```
/// use grundy::heap::{observe_regularity, Regularity};
/// // 0.8 (remove one token, split the rest in three): G(n) = ⌊(n − 1)/3⌋ for n ≥ 1.
/// let v: Vec<u32> = (0..100u32).map(|n| n.saturating_sub(1) / 3).collect();
/// assert_eq!(
///     observe_regularity(&v),
///     Some(Regularity { preperiod: 1, period: 3, saltus: 1 })
/// );
/// ```
pub fn observe_regularity<V: StoredValue>(values: &[V]) -> Option<Regularity> {
    let n = values.len();
    let g = |i: usize| i64::from(values[i].get());
    // Steps of the walks over the values, all periods together: a sequence that is periodic
    // with a few late exceptions (0.376 short of its proof) would otherwise walk most of the
    // way for every multiple of its period.
    let mut budget = 4 * n;
    for p in 1..=(n / 8).min(MAX_OBSERVED_PERIOD) {
        let s = g(n - 1) - g(n - 1 - p);
        let holds = |m: usize| g(m + p) - g(m) == s;
        // The pattern must hold for every m in [n/2, n − p): a few points of that range
        // first, so that most periods are turned down at once.
        let (lo, hi) = (n / 2, n - 1 - p);
        let quarters = [
            lo,
            lo + (hi - lo) / 4,
            lo + (hi - lo) / 2,
            lo + 3 * (hi - lo) / 4,
        ];
        if s < 0 || !quarters.iter().all(|&m| holds(m)) {
            continue;
        }
        let mut m = hi;
        while m >= lo && holds(m) && budget > 0 {
            m -= 1;
            budget -= 1;
        }
        if budget == 0 {
            return None;
        }
        if m >= lo {
            continue;
        }
        let mut n0 = lo;
        while n0 > 0 && holds(n0 - 1) {
            n0 -= 1;
        }
        return (n - n0 >= 4 * p).then_some(Regularity {
            preperiod: n0 as u64,
            period: p as u64,
            saltus: s as u64,
        });
    }
    None
}

/// A heap game's values, computed lazily and shared between requests.
#[derive(Debug)]
pub struct HeapValues {
    rule: HeapRule,
    state: Mutex<State>,
}

#[derive(Debug, Default)]
struct State {
    values: Arc<Vec<u32>>,
    /// The proved regularity: a period (saltus 0), or an arithmetic period (all-but games,
    /// hexadecimal codes).
    regularity: Option<Regularity>,
    /// The table size at which the last search for a period failed.
    searched: u64,
    /// What extending the table learnt, kept for its next doubling.
    ext: Extension,
}

impl HeapValues {
    /// An empty table for `rule`.
    pub fn new(rule: HeapRule) -> Self {
        HeapValues {
            rule,
            state: Mutex::new(State::default()),
        }
    }

    /// The rule.
    pub fn rule(&self) -> &HeapRule {
        &self.rule
    }

    /// The proved period, if one has been found so far (none for an arithmetic period: see
    /// [`HeapValues::regularity`]).
    pub fn period(&self) -> Option<Period> {
        self.lock().regularity.and_then(as_period)
    }

    /// The proved regularity (a period, or an arithmetic period with its saltus), if one has
    /// been found so far.
    pub fn regularity(&self) -> Option<Regularity> {
        self.lock().regularity
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The largest heap whose value grundy will compute directly for this rule.
    pub fn cap(&self) -> u64 {
        let (mut lo, mut hi) = (0u64, MAX_VALUES);
        while lo < hi {
            let mid = lo + (hi - lo).div_ceil(2);
            if self.rule.cost(mid) <= COST_LIMIT {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        lo
    }

    /// G(h) for every heap in `heaps`, computing or reducing (through a period or an
    /// arithmetic period) as needed.
    pub fn values_of(&self, heaps: &[Nat], game: &str) -> Result<Vec<Nat>, GameError> {
        let table = self.table_for(heaps.iter().max(), game)?;
        Ok(heaps.iter().map(|h| table.value_nat(h)).collect())
    }

    /// The values, ready for every heap up to `max` (or none).
    ///
    /// Heaps within reach are computed directly; beyond, the table grows by doubling while
    /// looking for a proved period; a heap beyond both is refused with the reason.
    pub fn table_for(&self, max: Option<&Nat>, game: &str) -> Result<Table, GameError> {
        let mut st = self.lock();
        if let Some(max) = max {
            self.prepare(&mut st, max, game)?;
        }
        Ok(Table {
            values: Arc::clone(&st.values),
            regularity: st.regularity,
        })
    }

    fn prepare(&self, st: &mut State, max: &Nat, game: &str) -> Result<(), GameError> {
        if (st.values.len() as u64) > max.to_u64().unwrap_or(u64::MAX) || st.regularity.is_some() {
            return Ok(());
        }
        // The budget buys more heaps once the sparse method runs (it costs its rare parts
        // and its witness reach per heap, not the heap's size): the cap is looked at again
        // after each doubling.
        let plain_cap = self.cap();
        let cap_now = |ext: &Extension| match ext.sparse.work_per_heap() {
            Some(w) if ext.mask.is_some() => {
                plain_cap.max(((COST_LIMIT / w as f64) as u64).min(MAX_VALUES))
            }
            _ => plain_cap,
        };
        let mut cap = cap_now(&st.ext);
        let provable = self.rule.provable();
        let beyond = |cap: u64| max.to_u64().is_none_or(|m| m > cap);
        let no_theorem = |cap: u64| {
            too_large!(
                "heap {max} is beyond what grundy computes for {game} (heaps up to {cap}), and \
                 no periodicity theorem covers this game"
            )
        };
        if beyond(cap) && !provable && !sparse::covers(&self.rule) {
            return Err(no_theorem(cap));
        }
        // No table ever holds more than MAX_VALUES: refused at once, before any work.
        if beyond(MAX_VALUES) && !provable {
            return Err(too_large!(
                "heap {max} is beyond what grundy computes for {game} (never past heap \
                 {MAX_VALUES}), and no periodicity theorem covers this game"
            ));
        }
        // The most values any table of this game can hold, and the fewest a proof needs.
        let most = if sparse::covers(&self.rule) {
            MAX_VALUES
        } else {
            cap
        };
        match self.rule.fewest_values_for_proof() {
            Some(fewest) if beyond(cap) && fewest > most.saturating_add(1) => {
                return Err(too_large!(
                    "heap {max} is beyond what grundy computes for {game} (heaps up to {most}), \
                     and a period of this game can only be proved from {fewest} values on"
                ));
            }
            _ => {}
        }
        // Grow by doubling, looking for a period, until the heap is in the table.
        let mut size = (st.values.len() as u64).max(FIRST_SIZE);
        loop {
            let goal = match max.to_u64().filter(|&m| m <= cap) {
                Some(t) => size.min(t + 1),
                None => size.min(cap + 1),
            };
            let State { values, ext, .. } = &mut *st;
            // In steps, so that a time budget (crate::budget) can stop the work; the values
            // computed stay for the next request.
            let values = Arc::make_mut(values);
            let mut done = values.len() as u64;
            while done < goal {
                let end = goal.min(done + (done / 32).max(1 << 14));
                extend_with(&self.rule, values, end - 1, ext);
                done = end;
                crate::budget::check()?;
                // Up to the heap asked about (less if a period is found on the way), or for a heap
                // beyond any table, this round of the search for a period.
                let total = max
                    .to_u64()
                    .filter(|&m| m < MAX_VALUES)
                    .map_or(goal, |m| m + 1);
                crate::budget::report("heap values", done, Some(total));
            }
            cap = cap_now(&st.ext);
            if !beyond(st.values.len() as u64 - 1) {
                return Ok(());
            }
            if provable && st.searched < st.values.len() as u64 {
                st.searched = st.values.len() as u64;
                // Heaps of any size are answered through the regularity: a period, or an
                // arithmetic one (all-but games and hexadecimal codes, whose games find
                // winning moves through it).
                if let Some(r) = prove_regularity(&self.rule, &st.values) {
                    st.regularity = Some(r);
                    return Ok(());
                }
            }
            if goal > cap {
                return Err(match provable {
                    false => no_theorem(cap),
                    true => too_large!(
                        "heap {max} is beyond what grundy computes for {game}: values are \
                         computed up to heap {cap}, and no period was proved there"
                    ),
                });
            }
            size = size.saturating_mul(2);
        }
    }
}

/// Computed values, shared cheaply, with the proved regularity if any.
#[derive(Clone, Debug)]
pub struct Table {
    /// G(0), G(1), … as computed.
    pub values: Arc<Vec<u32>>,
    /// The proved period, or arithmetic period, if any.
    pub regularity: Option<Regularity>,
}

/// A regularity with saltus 0 as a period.
fn as_period(r: Regularity) -> Option<Period> {
    (r.saltus == 0).then_some(Period {
        preperiod: r.preperiod,
        period: r.period,
    })
}

impl Table {
    /// The proved period, if the values are periodic (not for an arithmetic period).
    pub fn period(&self) -> Option<Period> {
        self.regularity.and_then(as_period)
    }

    /// Whether heap `h` has a value here (computed, or reduced through the regularity).
    pub fn knows(&self, h: &Nat) -> bool {
        self.regularity.is_some() || self.in_table(h)
    }

    /// Whether heap `h`'s value was computed (rather than reduced through the regularity).
    pub fn in_table(&self, h: &Nat) -> bool {
        h.to_usize().is_some_and(|i| i < self.values.len())
    }

    /// G(h), from the table or through the period.
    ///
    /// # Panics
    /// If `h` is beyond the table and the values have no period (none at all, or an
    /// arithmetic one: see [`Table::value_nat`]).
    pub fn value(&self, h: &Nat) -> u32 {
        if let Some(i) = h.to_usize().filter(|&i| i < self.values.len()) {
            return self.values[i];
        }
        let p = self
            .period()
            .expect("heap beyond the table of a game with no period");
        self.values[reduce(h, p).expect("reduced below the table") as usize]
    }

    /// G(h) at any size, from the table or through the regularity: with G(n + p) = G(n) + s
    /// for n ≥ n0, G(h) = G(n0 + r) + q·s where h − n0 = q·p + r.
    ///
    /// ```
    /// use grundy::heap::{HeapRule, HeapValues};
    /// use grundy::Nat;
    /// // Subtract anything but 1: G(n) = ⌊n/2⌋.
    /// let hv = HeapValues::new(HeapRule::AllBut(vec![1]));
    /// let h: Nat = "123456789012345678901234567890".parse().unwrap();
    /// let table = hv.table_for(Some(&h), "all-but --set 1").unwrap();
    /// assert_eq!(table.value_nat(&h), h / 2u32);
    /// ```
    ///
    /// # Panics
    /// If `h` is not known (see [`Table::knows`]).
    pub fn value_nat(&self, h: &Nat) -> Nat {
        if let Some(i) = h.to_usize().filter(|&i| i < self.values.len()) {
            return Nat::from(self.values[i]);
        }
        let r = self
            .regularity
            .expect("heap beyond the table of a game with no regularity");
        let (q, o) = (h - r.preperiod).div_rem(&Nat::from(r.period));
        let o = o.to_u64().expect("below the period");
        Nat::from(self.values[(r.preperiod + o) as usize]) + q * r.saltus
    }

    /// Every heap m < `below` with G(m) = `t`, in increasing order, when the values are
    /// known there: from the table below the preperiod n0 (the whole table when there is no
    /// regularity), and from n0 on through an arithmetic period, where
    /// G(n0 + r + q·p) = G(n0 + r) + q·s with s ≥ 1 puts at most one such heap in each residue
    /// r, at q = (t − G(n0 + r))/s when that is a whole number.
    ///
    /// ```
    /// use grundy::heap::{HeapRule, HeapValues};
    /// use grundy::Nat;
    /// // Subtract anything but 1: G(n) = ⌊n/2⌋, so the heaps worth 10^20 are 2·10^20 and 2·10^20 + 1.
    /// let hv = HeapValues::new(HeapRule::AllBut(vec![1]));
    /// let big = Nat::from(10u32).pow(21);
    /// let table = hv.table_for(Some(&big), "all-but --set 1").unwrap();
    /// let t = Nat::from(10u32).pow(20);
    /// assert_eq!(table.heaps_worth(&t, &big), [&t * 2u32, &t * 2u32 + 1u32]);
    /// ```
    ///
    /// # Panics
    /// If the values have a plain period (saltus 0): heaps of one value then recur without
    /// end.
    pub fn heaps_worth(&self, t: &Nat, below: &Nat) -> Vec<Nat> {
        let len = self.values.len() as u64;
        let direct_end = self.regularity.map_or(len, |r| r.preperiod.min(len));
        let end = below.to_u64().map_or(direct_end, |b| b.min(direct_end));
        let mut found: Vec<Nat> = Vec::new();
        if let Some(t) = t.to_u32() {
            found.extend(
                (0..end)
                    .filter(|&m| self.values[m as usize] == t)
                    .map(Nat::from),
            );
        }
        if let Some(r) = self.regularity {
            assert!(r.saltus > 0, "heaps of one value recur without end");
            let s = Nat::from(r.saltus);
            let mut periodic: Vec<Nat> = (0..r.period)
                .filter_map(|o| {
                    let base = Nat::from(self.values[(r.preperiod + o) as usize]);
                    let (q, rest) = (t.checked_sub(&base)?).div_rem(&s);
                    let m = q * r.period + r.preperiod + o;
                    (rest.is_zero() && m < *below).then_some(m)
                })
                .collect();
            periodic.sort_unstable();
            found.extend(periodic);
        }
        found
    }
}

/// The heap in [n0, n0 + p) with the same value as `h` (for h ≥ n0).
pub fn reduce(h: &Nat, p: Period) -> Option<u64> {
    if *h < Nat::from(p.preperiod) {
        return h.to_u64();
    }
    let r = (h - p.preperiod) % p.period;
    Some(p.preperiod + r.to_u64().expect("below the period"))
}

#[cfg(test)]
mod tests;
