//! Conway's genus (On Numbers and Games, ch. 12; Winning Ways, ch. 13). The genus
//! g^(γ0γ1γ2…) of a game G is its normal-play Grundy value g with the misère Grundy values γk
//! of G + *2 + … + *2 (k heaps of 2); the γk alternate with period 2 from some k on, so a
//! finite prefix says them all. [`genus_sequence`] computes the genus and the misère Grundy
//! value of every heap of a take-and-break game from its options' genera.

use crate::heap::HeapRule;
use crate::GameError;
use std::collections::HashMap;

/// Most positions [`genus_sequence`] values below one heap (as many as a misère search
/// visits).
pub const POSITION_LIMIT: usize = 2_000_000;

/// Conway's genus of a game: its normal-play Grundy value and the misère Grundy values
/// γ0, γ1, … of the game plus k heaps of 2, which alternate with period 2 from some k on.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Genus {
    /// The normal-play Grundy value.
    pub normal: u32,
    /// γ0, γ1, …: each term after these equals the one two before it.
    pub sup: Vec<u32>,
}

impl Genus {
    /// The genus of the game with no move: 0^(1 2 0 2 0 …).
    pub(crate) fn zero() -> Self {
        Genus {
            normal: 0,
            sup: vec![1, 2, 0],
        }
    }

    /// γk for any k.
    pub fn digit(&self, k: usize) -> u32 {
        let n = self.sup.len();
        if k < n {
            self.sup[k]
        } else {
            self.sup[n - 2 + ((n ^ k) & 1)]
        }
    }

    /// The misère Grundy value γ0: 0 exactly when the game is lost for the player to move
    /// in misère play.
    pub fn misere(&self) -> u32 {
        self.sup[0]
    }

    /// The genus of a game whose options have the genera `options` (not empty): g is the mex
    /// of the options' g, γ0 the mex of their γ0, and γk the mex of their γk with γ(k−1) and
    /// γ(k−1) ⊕ 1 (the moves of a heap of 2 beside the game, to 1 and to 0: adding *1
    /// flips the last bit of a misère Grundy value).
    pub(crate) fn of_options(options: &[&Genus]) -> Self {
        use crate::solver::mex_of as mex;
        let normal = mex(options.iter().map(|g| g.normal));
        // Past the longest option's prefix, and two more, every digit repeats the one two
        // before it.
        let len = options
            .iter()
            .map(|g| g.sup.len())
            .max()
            .unwrap_or(1)
            .max(2)
            + 2;
        let mut sup = Vec::with_capacity(len);
        sup.push(mex(options.iter().map(|g| g.digit(0))));
        for k in 1..len {
            let before = sup[k - 1];
            sup.push(mex(options
                .iter()
                .map(|g| g.digit(k))
                .chain([before, before ^ 1])));
        }
        while sup.len() > 2 && sup[sup.len() - 1] == sup[sup.len() - 3] {
            sup.pop();
        }
        Genus { normal, sup }
    }
}

impl std::fmt::Display for Genus {
    /// As CGSuite writes a genus: `4^146`, or `6^(1,9,10,8)` when a digit has two.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}^", self.normal)?;
        if self.sup.iter().any(|&d| d >= 10) {
            let d: Vec<String> = self.sup.iter().map(u32::to_string).collect();
            write!(f, "({})", d.join(","))
        } else {
            self.sup.iter().try_for_each(|d| write!(f, "{d}"))
        }
    }
}

/// The genus of every heap 0..=`to` of a take-and-break (or subtraction) game with rule
/// `rule`, found from the genera of the positions below each: a position of several heaps
/// has options of several heaps, so every position reachable from the largest heap is valued
/// once (heaps in any order are one position).
pub fn genus_sequence(rule: &HeapRule, to: u64) -> Result<Vec<Genus>, GameError> {
    let mut memo: HashMap<Vec<u64>, Genus> = HashMap::new();
    memo.insert(Vec::new(), Genus::zero());
    let mut out = Vec::new();
    for n in 0..=to {
        let root: Vec<u64> = if n == 0 { Vec::new() } else { vec![n] };
        out.push(genus_of(rule, root, &mut memo)?);
    }
    Ok(out)
}

/// The options of the heaps `heaps` (sorted, none empty), each sorted.
pub(crate) fn heap_options(rule: &HeapRule, heaps: &[u64]) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for (i, &h) in heaps.iter().enumerate() {
        if i > 0 && heaps[i - 1] == h {
            continue;
        }
        rule.for_each_option(h, |_, parts| {
            let mut after: Vec<u64> = heaps[..i].iter().chain(&heaps[i + 1..]).copied().collect();
            after.extend_from_slice(parts);
            after.sort_unstable();
            out.push(after);
        });
    }
    out.sort();
    out.dedup();
    out
}

/// The genus of the heaps `root`, from those of the positions below it (an explicit stack).
fn genus_of(
    rule: &HeapRule,
    root: Vec<u64>,
    memo: &mut HashMap<Vec<u64>, Genus>,
) -> Result<Genus, GameError> {
    let mut stack: Vec<(Vec<u64>, Vec<Vec<u64>>)> = Vec::new();
    if !memo.contains_key(&root) {
        let options = heap_options(rule, &root);
        stack.push((root.clone(), options));
    }
    while let Some((p, options)) = stack.last() {
        if let Some(next) = options.iter().find(|o| !memo.contains_key(*o)).cloned() {
            if memo.len() >= POSITION_LIMIT {
                return Err(GameError::TooLarge(format!(
                    "more than {POSITION_LIMIT} positions to value below heap {}",
                    root.iter().max().copied().unwrap_or(0)
                )));
            }
            if memo.len() % 4096 == 0 {
                crate::budget::check()?;
            }
            let o = heap_options(rule, &next);
            stack.push((next, o));
            continue;
        }
        let genus = if options.is_empty() {
            Genus::zero()
        } else {
            let gs: Vec<&Genus> = options.iter().map(|o| &memo[o]).collect();
            Genus::of_options(&gs)
        };
        let p = p.clone();
        stack.pop();
        memo.insert(p, genus);
    }
    Ok(memo[&root].clone())
}
