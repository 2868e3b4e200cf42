//! The catalog of games, one module per family: rules, closed form, winning-move
//! construction and exhaustive tests side by side.

pub mod all_but;
pub mod bash;
pub mod circle;
pub mod clobber;
pub mod cram;
pub mod cutcake;
pub mod cutting;
pub mod domineering;
pub mod euclid;
pub mod fibonacci;
pub mod georgia_bob;
pub mod grid;
pub mod hackenbush;
pub mod heap_games;
pub mod lasker;
pub mod moore;
pub mod nim;
pub mod parity_split;
pub mod partizan;
pub mod partizan_subtraction;
pub mod split_nim;
pub mod staircase;
pub mod thanos;
pub mod toads_frogs;
pub mod wythoff;

use crate::registry::{Param, PositionSpec};
use crate::rules::{DynGame, TableShape};

/// How most heap games write a position.
pub(crate) const HEAPS: PositionSpec = PositionSpec {
    value_name: "H",
    help: "Heap sizes.",
};

/// The `--misere` switch.
pub(crate) const MISERE: Param = crate::registry::MISERE;

/// A game behind the object-safe interface, for an entry's `build`.
pub(crate) fn boxed<G: DynGame + 'static>(game: G) -> Result<Box<dyn DynGame>, GameError> {
    Ok(Box::new(game))
}

/// A set written as on the command line: `1,3,4`.
pub(crate) fn join_set(set: &[u64]) -> String {
    set.iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

use crate::analysis::{Move, Token, Verdict};
use crate::nat::parse_nat;
use crate::{GameError, Nat, Outcome};
use num_traits::Zero;

/// Reads every argument as a natural number named `what` (e.g. `heap`).
pub(crate) fn parse_all(args: &[&str], what: &str) -> Result<Vec<Nat>, GameError> {
    args.iter().map(|a| parse_nat(a, what)).collect()
}

/// The tokens of a list of numbers.
pub(crate) fn int_tokens(ns: &[Nat]) -> Vec<Token> {
    Token::ints(ns)
}

/// XOR of all the numbers.
pub(crate) fn xor_all<'a>(ns: impl IntoIterator<Item = &'a Nat>) -> Nat {
    ns.into_iter().fold(Nat::zero(), |acc, n| acc ^ n)
}

/// `heaps` with heap `i` set to `value`.
pub(crate) fn with_heap(heaps: &[Nat], i: usize, value: Nat) -> Vec<Nat> {
    let mut out = heaps.to_vec();
    out[i] = value;
    out
}

/// `heaps` with heap `i` replaced by the non-empty heaps among `parts`, in place.
pub(crate) fn split_heap(heaps: &[Nat], i: usize, parts: &[Nat]) -> Vec<Nat> {
    let mut out = Vec::with_capacity(heaps.len() + parts.len());
    out.extend_from_slice(&heaps[..i]);
    out.extend(parts.iter().filter(|p| !p.is_zero()).cloned());
    out.extend_from_slice(&heaps[i + 1..]);
    out
}

/// The most moves `grundy play` lists for one position.
const MAX_LISTED_MOVES: f64 = 200_000.0;

/// Refuses to list the moves of a position for play when there would be more than about
/// `MAX_LISTED_MOVES` (`estimate`, computed by the game; infinite for huge numbers).
pub(crate) fn listable(estimate: f64, game: &str) -> Result<(), GameError> {
    if estimate <= MAX_LISTED_MOVES {
        Ok(())
    } else {
        // Beyond 10^18 a float's digits say nothing useful: say so in words.
        let about = if estimate < 1e18 {
            format!("about {estimate:.0}")
        } else {
            "more than 10^18".to_string()
        };
        Err(crate::too_large!(
            "{game}: this position has too many moves to play move by move ({about}; at most \
             {MAX_LISTED_MOVES:.0})"
        ))
    }
}

/// A number as a float for move-count estimates (infinite when huge).
pub(crate) fn f(n: &Nat) -> f64 {
    num_traits::ToPrimitive::to_f64(n).unwrap_or(f64::INFINITY)
}

/// The sum of the numbers, as a float.
pub(crate) fn total<'a>(ns: impl IntoIterator<Item = &'a Nat>) -> f64 {
    ns.into_iter().map(f).sum()
}

/// The product of (number + 1), as a float.
pub(crate) fn product_plus_one<'a>(ns: impl IntoIterator<Item = &'a Nat>) -> f64 {
    ns.into_iter().map(|n| f(n) + 1.0).product()
}

/// The table layout of games played on a list of heaps: a row over one heap.
pub(crate) fn heap_row() -> Option<TableShape> {
    Some(TableShape::Row {
        axis: "heap",
        first: 0,
    })
}

/// The one-heap position at a row coordinate.
pub(crate) fn one_heap(c: &[u64]) -> Result<Option<Vec<Nat>>, GameError> {
    Ok(Some(vec![Nat::from(c[0])]))
}

/// Each heap as its own component, for the brute-force solver.
pub(crate) fn each_heap(heaps: &[Nat]) -> Vec<Vec<Nat>> {
    heaps.iter().map(|h| vec![h.clone()]).collect()
}

/// The verdict of a sum of heaps whose values are `values` (heap i worth values[i]): the
/// nim-sum decides, and each heap's winning moves are the options `options(heaps, i, t)` of
/// heap i worth t = values[i] ⊕ x, enumerated lazily.
pub(crate) fn heap_sum_verdict<'a, I>(
    heaps: &[Nat],
    values: Vec<Nat>,
    beside: Nat,
    explanation: String,
    options: impl Fn(Vec<Nat>, usize, Nat) -> I + 'a,
) -> Verdict<'a, Vec<Nat>>
where
    I: Iterator<Item = Move<Vec<Nat>>> + 'a,
{
    let x = xor_all(&values);
    // The moves make the heaps worth `beside`: each heap i is moved to values[i] ⊕ x ⊕ beside.
    let target = &x ^ &beside;
    let n = if target.is_zero() { 0 } else { heaps.len() };
    let heaps = heaps.to_vec();
    let winning = (0..n).flat_map(move |i| options(heaps.clone(), i, &values[i] ^ &target));
    Verdict {
        search: None,
        partial: false,
        outcome: Outcome::from_win(!x.is_zero()),
        grundy: Some(x),
        winning: Box::new(winning),
        explanation,
    }
}

/// A heap game's answer to [`crate::rules::Ruleset::verdict_beside`].
pub(crate) type HeapVerdict<'a> = Result<Verdict<'a, Vec<Nat>>, GameError>;

/// Heaps as one form for all their orders, heaps of 0 (which have no move) left out: the
/// normal form of a position of independent heaps.
pub(crate) fn sorted_heaps(heaps: &[Nat]) -> Vec<Nat> {
    let mut out: Vec<Nat> = heaps.iter().filter(|h| !h.is_zero()).cloned().collect();
    out.sort_unstable();
    out
}

/// The largest x in lo..=hi with `fits(x)`, given `fits(lo)` (and `fits` true up to some
/// point, false beyond): how far a table of values can grow within a budget, so that it grows
/// there once rather than one step at a time.
pub(crate) fn largest(lo: usize, hi: usize, fits: impl Fn(usize) -> bool) -> usize {
    let (mut lo, mut hi) = (lo, hi);
    while lo < hi {
        let mid = lo + (hi - lo).div_ceil(2);
        if fits(mid) {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    lo
}

/// The first eight of `terms` (such as `G(5) = 4`), with `, …` when there are more, or
/// `empty` when there are none: the values an explanation shows.
pub(crate) fn first_terms(terms: impl IntoIterator<Item = String>, empty: &str) -> String {
    let mut terms = terms.into_iter();
    let shown: Vec<String> = terms.by_ref().take(8).collect();
    if shown.is_empty() {
        return empty.to_string();
    }
    let more = if terms.next().is_some() { ", …" } else { "" };
    format!("{}{more}", shown.join(", "))
}

/// Writes `a ⊕ b ⊕ … = x` when the list is short enough to read.
pub(crate) fn xor_expression(ns: &[Nat], x: &Nat) -> String {
    if ns.is_empty() {
        return "nothing (nim-sum 0)".to_string();
    }
    if ns.len() == 1 {
        // One value is its own nim-sum.
        return format!("there is one value, {x}, its own nim-sum");
    }
    if ns.len() <= 8 && ns.iter().all(|n| n.bits() <= 64) {
        let terms: Vec<String> = ns.iter().map(|n| n.to_string()).collect();
        format!("{} = {x}", terms.join(" ⊕ "))
    } else {
        format!("the nim-sum of the {} values is {x}", ns.len())
    }
}

/// The most numbers a fast path ([`crate::rules::Ruleset::brief_fast`]) reads from a line.
pub(crate) const FAST_WORDS: usize = 64;

/// Reads a line of plain decimal numbers of at most 19 digits each (so each fits a `u64`)
/// separated by ASCII white space into the start of `words`, for a fast path, and returns
/// how many there are; `None` for anything else (signs, other spaces, longer numbers, more
/// than [`FAST_WORDS`] of them, none at all), which the general path then reads with its
/// own errors.
pub(crate) fn fast_words(line: &str, words: &mut [u64; FAST_WORDS]) -> Option<usize> {
    let mut n = 0;
    for word in line.split_ascii_whitespace() {
        if n == FAST_WORDS || word.len() > 19 {
            return None;
        }
        let mut v = 0u64;
        for b in word.bytes() {
            if !b.is_ascii_digit() {
                return None;
            }
            // At most 19 digits: below 10^19 < 2^64, no overflow.
            v = v * 10 + u64::from(b - b'0');
        }
        words[n] = v;
        n += 1;
    }
    (n > 0).then_some(n)
}

#[cfg(test)]
mod tests {
    use super::{first_terms, listable};
    use crate::nat::count;

    #[test]
    fn counts_and_refusals_read_as_english() {
        assert_eq!(count(1, "argument"), "1 argument");
        assert_eq!(count(0, "argument"), "0 arguments");
        let e = listable(f64::INFINITY, "kayles").unwrap_err().to_string();
        assert!(e.contains("more than 10^18") && !e.contains("inf"), "{e}");
        let e = listable(3e6, "nim").unwrap_err().to_string();
        assert!(e.contains("about 3000000"), "{e}");
    }

    #[test]
    fn largest_finds_the_last_value_that_fits() {
        for limit in 0..40 {
            for lo in 0..=limit.min(20) {
                for hi in lo..45 {
                    let got = super::largest(lo, hi, |x| x <= limit);
                    assert_eq!(got, hi.min(limit), "lo {lo} hi {hi} limit {limit}");
                }
            }
        }
    }

    #[test]
    fn first_terms_shows_eight_then_an_ellipsis_or_the_empty_text() {
        let terms = |n: usize| (1..=n).map(|i| i.to_string());
        assert_eq!(first_terms(terms(0), "none"), "none");
        assert_eq!(first_terms(terms(2), "none"), "1, 2");
        assert_eq!(first_terms(terms(8), "none"), "1, 2, 3, 4, 5, 6, 7, 8");
        assert_eq!(first_terms(terms(9), "none"), "1, 2, 3, 4, 5, 6, 7, 8, …");
    }
}
