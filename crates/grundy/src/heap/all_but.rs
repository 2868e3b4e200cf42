//! All-but subtraction games: a move removes any positive number of tokens except those in a
//! finite set S.
//!
//! Heap h can move to every smaller heap except h − s for s ∈ S, so its options are all the
//! values G(0) … G(h − 1) with at most |S| of them taken away. A value that occurs there is
//! missing from the options only if every heap holding it is excluded: it is then the value of
//! an excluded heap, occurring exactly as often among the excluded heaps as among all. So G(h)
//! is the least of those values (at most |S| candidates, each checked against the |S| excluded
//! heaps) and of the least value that does not occur at all: |S|² steps a heap instead of h.

use super::{Regularity, StoredValue};

/// How often each value occurs in the table so far.
#[derive(Debug, Default)]
pub struct AllBut {
    /// Values counted: those of `values[..seen]`.
    seen: usize,
    /// Occurrences of each value (saturating: only counts up to |S| matter).
    counts: Vec<u32>,
    /// The least value not occurring at all.
    absent: u32,
}

impl AllBut {
    fn count<V: StoredValue>(&mut self, v: V) {
        let i = v.get() as usize;
        if i >= self.counts.len() {
            self.counts.resize((i + 1).next_power_of_two(), 0);
        }
        self.counts[i] = self.counts[i].saturating_add(1);
        while self
            .counts
            .get(self.absent as usize)
            .is_some_and(|&c| c > 0)
        {
            self.absent += 1;
        }
    }
}

/// Computes G(len) … G(n) of the all-but game excluding `except` (sorted, positive), keeping
/// `state` for later calls on the same table. Returns false at the first value `V` cannot
/// hold.
pub fn extend_all_but<V: StoredValue>(
    except: &[u64],
    values: &mut Vec<V>,
    n: u64,
    state: &mut AllBut,
) -> bool {
    // A set given with repeats would count an excluded heap twice.
    let mut except = except.to_vec();
    except.sort_unstable();
    except.dedup();
    if values.len() < state.seen {
        *state = AllBut::default();
    }
    for &v in &values[state.seen..] {
        state.count(v);
    }
    state.seen = values.len();
    let Ok(n) = usize::try_from(n) else {
        return false;
    };
    while values.len() <= n {
        let h = values.len();
        // How many of the excluded heaps h − s hold value v.
        let excluded = |v: u32| {
            except
                .iter()
                .filter(|&&s| s as usize <= h && values[h - s as usize].get() == v)
                .count() as u32
        };
        let g = except
            .iter()
            .filter(|&&s| s as usize <= h)
            .map(|&s| values[h - s as usize].get())
            .filter(|&v| state.counts[v as usize] == excluded(v))
            .fold(state.absent, u32::min);
        let Some(g) = V::new(g) else {
            return false;
        };
        values.push(g);
        state.count(g);
        state.seen = values.len();
    }
    true
}

/// The smallest period p, with its saltus s and least preperiod n0, for which `values` — G(0),
/// G(1), … of the all-but game excluding `except` — prove that G(n + p) = G(n) + s for every
/// n ≥ n0; `None` if they prove none (or the search runs out of its few steps per value).
///
/// All-but games are known to be arithmetic-periodic (A. A. Siegel, *Finite excluded
/// subtraction sets and infinite geography*, 2005). The certificate checked here is grundy's
/// own argument, given in full so that it can be checked:
///
/// Let M = max S and, for n ≥ M, let W(n) = (G(n − M), …, G(n − 1)) be the last M values and
/// A(n) = {G(m) : m < n − M} the set of values further back. Heap n can move to heap m < n
/// unless n − m ∈ S, so its option values are A(n) (every distance there exceeds M) together
/// with the entries of W(n) at the allowed distances — the same distances for every n ≥ M.
///
/// **Claim.** If for some n1 ≥ M and n2 = n1 + p
/// (i) W(n2) = W(n1) + s entrywise, and (ii) A(n2) = {0, …, s − 1} ∪ (A(n1) + s),
/// then G(n + p) = G(n) + s for every n ≥ n1.
///
/// *Proof.* The options of n2 are {0, …, s − 1} together with the options of n1 shifted by
/// s, so G(n2) = mex = s + G(n1). Then W(n2 + 1) = W(n1 + 1) + s (both windows move on by
/// one value, and the new values differ by s), and A(n2 + 1) = A(n2) ∪ {G(n2 − M)} with
/// G(n2 − M) = G(n1 − M) + s (the first entry of the windows), so (ii) holds at n1 + 1 too.
/// By induction the claim holds for every n ≥ n1. ∎
///
/// The least n0 is then where the pattern starts in the computed values (below n1 it is
/// checked value by value). (i) and (ii) are checked for each candidate n1 in turn, keeping
/// count of the values that break (ii) as the two sets grow: O(N) for a period p. Periods are
/// tried from 1 up; a period is only tried if the pattern holds over the last values.
pub fn find_arithmetic_period<V: StoredValue>(except: &[u64], values: &[V]) -> Option<Regularity> {
    let n = values.len();
    let big_m = usize::try_from(except.iter().copied().max().unwrap_or(0)).ok()?;
    let g = |i: usize| u64::from(values[i].get());
    let max = (0..n).map(g).max().unwrap_or(0) as usize;
    // Steps of every kind (walking back, building the sets, scanning) for all periods
    // together: a regularity the certificate cannot prove yet would otherwise be tried again
    // at every multiple of its period, each time building sets as large as the values.
    let mut budget = 64 * (n + max) + (1 << 16);
    for p in 1..n {
        if big_m + p > n {
            break;
        }
        let Some(s) = g(n - 1).checked_sub(g(n - 1 - p)) else {
            continue;
        };
        let holds = |m: usize| g(m + p) == g(m) + s;
        // The least m0 with the pattern over [m0, n − p).
        let mut m0 = n - p;
        while m0 > 0 && holds(m0 - 1) {
            if budget == 0 {
                return None;
            }
            budget -= 1;
            m0 -= 1;
        }
        // Candidates n1: (i) holds once the window [n1 − M, n1) lies within the pattern.
        let first = m0 + big_m;
        if first + p > n {
            continue;
        }
        budget = budget.checked_sub(first + p + max)?;
        let mut sets = Sets::new(max, s);
        for m in 0..first - big_m {
            sets.insert_a1(g(m));
        }
        for m in 0..first + p - big_m {
            sets.insert_a2(g(m));
        }
        for n1 in first..=n - p {
            if sets.broken == 0 {
                return Some(Regularity {
                    preperiod: m0 as u64,
                    period: p as u64,
                    saltus: s,
                });
            }
            if n1 == n - p || budget == 0 {
                break;
            }
            budget -= 1;
            sets.insert_a1(g(n1 - big_m));
            sets.insert_a2(g(n1 + p - big_m));
        }
        if budget == 0 {
            return None;
        }
    }
    None
}

/// A(n1) and A(n2) of [`find_arithmetic_period`], with the number of values u that break
/// A(n2) = {0, …, s − 1} ∪ (A(n1) + s): u < s missing from A(n2), or u ≥ s in exactly one of
/// A(n2) and A(n1) + s.
struct Sets {
    a1: Vec<bool>,
    a2: Vec<bool>,
    s: u64,
    broken: u64,
}

impl Sets {
    /// Both sets empty: every u < s breaks the equality.
    fn new(max: usize, s: u64) -> Self {
        Sets {
            a1: vec![false; max + 1],
            a2: vec![false; max + 1],
            s,
            broken: s,
        }
    }

    fn in_a2(&self, u: u64) -> bool {
        usize::try_from(u).is_ok_and(|u| self.a2.get(u).copied().unwrap_or(false))
    }

    fn insert_a1(&mut self, v: u64) {
        if std::mem::replace(&mut self.a1[v as usize], true) {
            return;
        }
        // u = v + s now has its partner in A(n1) + s.
        if self.in_a2(v + self.s) {
            self.broken -= 1;
        } else {
            self.broken += 1;
        }
    }

    fn insert_a2(&mut self, u: u64) {
        if std::mem::replace(&mut self.a2[u as usize], true) {
            return;
        }
        match u.checked_sub(self.s) {
            None => self.broken -= 1,
            Some(w) if self.a1[w as usize] => self.broken -= 1,
            Some(_) => self.broken += 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::{extend_plain, HeapRule};

    use crate::heap::observe_regularity;
    use proptest::prelude::*;
    use std::collections::BTreeSet;

    fn values(except: &[u64], n: u64) -> Vec<u32> {
        let mut v = Vec::new();
        assert!(extend_all_but(except, &mut v, n, &mut AllBut::default()));
        v
    }

    /// Every set within 1 … 7, and some with longer moves and long preperiods or periods
    /// ({13, 19, 20, 33}: period 692, saltus 252 from 1 130): whatever a prefix of the values
    /// proves holds over all 9 000 values, and all of them prove the regularity they show.
    #[test]
    fn proved_arithmetic_periods_keep_holding() {
        let mut sets: Vec<Vec<u64>> = (1u32..128)
            .map(|bits| (1..=7).filter(|k| bits >> (k - 1) & 1 == 1).collect())
            .collect();
        sets.extend([
            vec![13, 19, 20, 33],
            vec![13, 24, 36, 37],
            vec![1, 13, 15, 35, 36],
            vec![5, 17],
            vec![40],
        ]);
        let len = 9000;
        for except in sets {
            let v = values(&except, len - 1);
            let lens = (1..600).chain((600..len as usize).step_by(97));
            for l in lens {
                let Some(r) = find_arithmetic_period(&except, &v[..l]) else {
                    continue;
                };
                let (n0, p, s) = (r.preperiod as usize, r.period as usize, r.saltus as u32);
                assert!(
                    (n0..v.len() - p).all(|m| v[m + p] == v[m] + s),
                    "all-but {except:?}: {l} values prove {r:?}, which fails later"
                );
            }
            let whole = find_arithmetic_period(&except, &v);
            assert!(whole.is_some(), "all-but {except:?}: nothing proved");
            assert_eq!(whole, observe_regularity(&v), "all-but {except:?}");
        }
    }

    /// The certificate of [`find_arithmetic_period`] checked by its definition: the sets
    /// A(n1), A(n2) and the windows built afresh for every candidate.
    fn by_definition(except: &[u64], v: &[u32]) -> Option<Regularity> {
        let (n, big_m) = (v.len(), *except.iter().max().unwrap() as usize);
        let set = |end: usize| {
            v[..end]
                .iter()
                .map(|&x| u64::from(x))
                .collect::<BTreeSet<_>>()
        };
        for p in 1..n {
            if big_m + p > n {
                break;
            }
            let Some(s) = v[n - 1].checked_sub(v[n - 1 - p]) else {
                continue;
            };
            let holds = |m: usize| v[m + p] == v[m] + s;
            let m0 = (0..n - p)
                .rev()
                .take_while(|&m| holds(m))
                .last()
                .unwrap_or(n - p);
            let s = u64::from(s);
            for n1 in big_m..=n - p {
                let window = (n1 - big_m..n1).all(&holds);
                let want: BTreeSet<u64> = (0..s)
                    .chain(set(n1 - big_m).iter().map(|&x| x + s))
                    .collect();
                if window && set(n1 + p - big_m) == want {
                    return Some(Regularity {
                        preperiod: m0 as u64,
                        period: p as u64,
                        saltus: s,
                    });
                }
            }
        }
        None
    }

    proptest! {
        #[test]
        fn the_certificate_is_checked_as_defined(
            except in proptest::collection::btree_set(1u64..14, 1..4),
            len in 1usize..160,
        ) {
            let except: Vec<u64> = except.into_iter().collect();
            let v = values(&except, len as u64 - 1);
            prop_assert_eq!(find_arithmetic_period(&except, &v), by_definition(&except, &v));
        }
    }

    /// Every set of excluded moves within 1 … 7, against the options listed one by one, in
    /// chunks and after a table cut back.
    #[test]
    fn agrees_with_listing_the_options() {
        for bits in 0u32..128 {
            let except: Vec<u64> = (1..=7).filter(|k| bits >> (k - 1) & 1 == 1).collect();
            let mut want: Vec<u32> = Vec::new();
            extend_plain(&HeapRule::AllBut(except.clone()), &mut want, 400);
            let mut got: Vec<u32> = Vec::new();
            let mut state = AllBut::default();
            for end in [0, 1, 5, 100, 250] {
                assert!(extend_all_but(&except, &mut got, end, &mut state));
            }
            got.truncate(120);
            assert!(extend_all_but(&except, &mut got, 400, &mut state));
            assert_eq!(got, want, "all-but {except:?}");
        }
    }
}
