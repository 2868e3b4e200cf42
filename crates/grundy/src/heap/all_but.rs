//! All-but subtraction games: a move removes any positive number of tokens except those in a
//! finite set S.
//!
//! Heap h can move to every smaller heap except h − s for s ∈ S, so its options are all the
//! values G(0) … G(h − 1) with at most |S| of them taken away. A value that occurs there is
//! missing from the options only if every heap holding it is excluded: it is then the value of
//! an excluded heap, occurring exactly as often among the excluded heaps as among all. So G(h)
//! is the least of those values (at most |S| candidates, each checked against the |S| excluded
//! heaps) and of the least value that does not occur at all: |S|² steps a heap instead of h.

use super::Nimber;

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
    fn count<V: Nimber>(&mut self, v: V) {
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
pub fn extend_all_but<V: Nimber>(
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::{extend_plain, HeapRule};

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
