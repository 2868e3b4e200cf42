//! Cross-checks for games: a closed form against the brute-force solver over every small
//! position, and any game of a registry against its own moves. Every game of the catalog is
//! tested this way; the same checks are yours for your own games (enable the crate's `testkit`
//! feature, or use it from your tests as a dev-dependency with that feature).
//!
//! ```
//! use grundy::games::nim::Nim;
//! use grundy::testkit::{cross_check, tuples, Grundy};
//!
//! // Bouton's closed form agrees with brute force on every position of up to 3 heaps of 0..=4.
//! let checked = cross_check(&Nim { misere: false }, tuples(3, 4), Grundy::Required).unwrap();
//! assert_eq!(checked, 1 + 5 + 25 + 125);
//! ```

use crate::analysis::Token;
use crate::rules::{DynGame, Ruleset};
use crate::solver::{Brute, Convention, Game};
use crate::{Nat, Outcome};
use std::collections::{HashMap, HashSet};
use std::fmt::Debug;

/// Whether a game's verdict must carry a Grundy value on the checked positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Grundy {
    /// The value must be present and equal the brute-force value.
    Required,
    /// It must be absent (misère games).
    Absent,
    /// Not compared here (the game reports the value of a related game; checked elsewhere).
    Unchecked,
}

/// The first disagreement a cross-check found, in words.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Mismatch(pub String);

fn fail<T>(what: String) -> Result<T, Mismatch> {
    Err(Mismatch(what))
}

/// Checks outcome, Grundy value and the exact set of winning moves of every position in
/// `positions` against the brute-force solver; returns how many positions were checked, or
/// the first disagreement.
pub fn cross_check<R>(
    game: &R,
    positions: impl IntoIterator<Item = <R as Ruleset>::Pos>,
    grundy: Grundy,
) -> Result<usize, Mismatch>
where
    R: Ruleset + Game<Position = <R as Ruleset>::Pos>,
    <R as Ruleset>::Pos: Debug,
{
    let mut brute = Brute::new(game);
    let mut count = 0;
    for p in positions {
        count += 1;
        let v = match game.verdict(&p) {
            Ok(v) => v,
            Err(e) => return fail(format!("{p:?}: {e}")),
        };
        let wins = brute.wins(&p);
        // A game's own shortcut to the outcome says what its verdict says.
        match Ruleset::outcome(game, &p) {
            Ok(o) if o == v.outcome => {}
            Ok(o) => {
                return fail(format!(
                    "outcome of {p:?}: Ruleset::outcome says {o}, the verdict {}",
                    v.outcome
                ))
            }
            Err(e) => return fail(format!("outcome of {p:?}: {e}")),
        }
        if v.outcome != Outcome::from_win(wins) {
            return fail(format!(
                "outcome of {p:?}: the game says {}, brute force {}",
                v.outcome,
                Outcome::from_win(wins)
            ));
        }
        match (grundy, &v.grundy) {
            (Grundy::Unchecked, _) => {}
            (Grundy::Absent, Some(_)) => return fail(format!("{p:?} has a Grundy value")),
            (Grundy::Absent, None) => {}
            (Grundy::Required, None) => return fail(format!("{p:?} has no Grundy value")),
            (_, Some(g)) => {
                if game.convention() != Convention::Normal {
                    return fail(format!("{p:?}: a Grundy value in misère play"));
                }
                let b = Nat::from(brute.grundy(&p));
                if *g != b {
                    return fail(format!(
                        "Grundy value of {p:?}: the game says {g}, brute force {b}"
                    ));
                }
            }
        }
        // Several moves may reach the same position (taking a heap of 1 from either of two
        // equal heaps); the catalog reports each position once, so compare as sets.
        let mut claimed = HashSet::new();
        for m in v.winning {
            if m.player.is_some() || m.description.is_empty() {
                return fail(format!(
                    "{p:?}: a winning move without words, or with a player"
                ));
            }
            claimed.insert(m.to.clone());
        }
        let expected: HashSet<_> = brute.winning_moves(&p).into_iter().collect();
        if claimed != expected {
            return fail(format!(
                "winning moves of {p:?}: the game lists {claimed:?}, brute force finds {expected:?}"
            ));
        }
    }
    Ok(count)
}

/// [`cross_check`], panicking with the disagreement: for tests.
pub fn check_all<R>(
    game: &R,
    positions: impl IntoIterator<Item = <R as Ruleset>::Pos>,
    grundy: Grundy,
) -> usize
where
    R: Ruleset + Game<Position = <R as Ruleset>::Pos>,
    <R as Ruleset>::Pos: Debug,
{
    cross_check(game, positions, grundy).unwrap_or_else(|m| panic!("{m}"))
}

/// A position to visit (as written, and held), with its options once they are listed.
type Visit = (Vec<Token>, crate::Position, Option<Vec<Vec<Token>>>);

/// Checks an impartial game through its object-safe face alone — any game of a registry, the
/// catalog's or your own — against its own moves: from each of `positions` (written as
/// words), every position reachable is visited, and each answer must agree with the answers
/// of its options: a position is won exactly when some option is lost, its winning moves are
/// exactly its lost options, and its Grundy value is the mex of theirs (where the game gives
/// them all).
/// Positions without a move keep the game's own answer (so misère games are checked too).
/// Returns how many distinct positions were checked, or the first disagreement (or that more
/// than `limit` positions are reachable).
pub fn check_consistency<'a>(
    game: &dyn DynGame,
    positions: impl IntoIterator<Item = Vec<&'a str>>,
    limit: usize,
) -> Result<usize, Mismatch> {
    if game.partizan() {
        return fail(format!(
            "{} is partizan: check_consistency checks impartial games",
            game.name()
        ));
    }
    let mut known: HashMap<Vec<Token>, (Outcome, Option<Nat>)> = HashMap::new();
    let written = |p: &crate::Position| {
        game.canonical(p)
            .map_err(|e| Mismatch(format!("a position of {}: {e}", game.name())))
    };
    for start in positions {
        let root = game
            .position(&start)
            .map_err(|e| Mismatch(format!("{}: {e}", start.join(" "))))?;
        // Depth-first, options before the position (an explicit stack: no recursion).
        let mut stack: Vec<Visit> = vec![(written(&root)?, root, None)];
        while let Some((key, p, options)) = stack.pop() {
            if known.contains_key(&key) {
                continue;
            }
            if known.len() >= limit {
                return fail(format!("more than {limit} positions are reachable"));
            }
            let shown = crate::nat::join(&key);
            let Some(options) = options else {
                let options = game
                    .options(&p, None)
                    .map_err(|e| Mismatch(format!("options of {shown}: {e}")))?;
                let mut keys = Vec::new();
                let mut pending = Vec::new();
                for o in options {
                    let k = written(&o)?;
                    if !known.contains_key(&k) {
                        pending.push((k.clone(), o, None));
                    }
                    keys.push(k);
                }
                stack.push((key, p, Some(keys)));
                stack.extend(pending);
                continue;
            };
            let answer = game
                .solve(&p, usize::MAX)
                .map_err(|e| Mismatch(format!("{shown}: {e}")))?;
            if !options.is_empty() {
                let lost: HashSet<&Vec<Token>> = options
                    .iter()
                    .filter(|o| known[*o].0 == Outcome::P)
                    .collect();
                let outcome = Outcome::from_win(!lost.is_empty());
                if answer.outcome != outcome {
                    return fail(format!(
                        "{shown}: the game says {}, its options say {outcome}",
                        answer.outcome
                    ));
                }
                let listed: HashSet<&Vec<Token>> =
                    answer.winning_moves.iter().map(|m| &m.to).collect();
                if listed != lost {
                    return fail(format!(
                        "{shown}: winning moves {listed:?}, but the lost options are {lost:?}"
                    ));
                }
                let values: Option<HashSet<&Nat>> =
                    options.iter().map(|o| known[o].1.as_ref()).collect();
                if let (Some(g), Some(values)) = (&answer.grundy, values) {
                    let mut mex = Nat::from(0u32);
                    while values.contains(&mex) {
                        mex += 1u32;
                    }
                    if *g != mex {
                        return fail(format!("{shown}: Grundy value {g}, its options' mex {mex}"));
                    }
                }
            } else if let Some(g) = &answer.grundy {
                if *g != Nat::from(0u32) {
                    return fail(format!("{shown}: no move, but Grundy value {g}"));
                }
            }
            known.insert(key, (answer.outcome, answer.grundy));
        }
    }
    Ok(known.len())
}

/// Checks a game's fast path for one-line answers ([`Ruleset::brief_fast`]) against the
/// general path: for each line and each maximum of winning moves, where the fast path
/// answers, its line must be [`crate::analysis::Analysis::brief`] of [`Ruleset::answer`]
/// exactly; where it declines it must have written nothing. Returns how many answers took the
/// fast path, so that a test can insist it was taken.
///
/// ```
/// use grundy::games::nim::Nim;
/// use grundy::testkit::check_brief;
///
/// let lines = ["3 4 5", "1 2 3", "007 0", "+3", "18446744073709551616"];
/// let fast = check_brief(&Nim { misere: false }, lines, &[0, 1, 100]).unwrap();
/// assert_eq!(fast, 3 * 3); // the sign and the 20-digit heap go the general way
/// ```
pub fn check_brief<R, L>(game: &R, lines: L, max_moves: &[usize]) -> Result<usize, String>
where
    R: Ruleset,
    L: IntoIterator,
    L::Item: AsRef<str>,
{
    let mut fast = 0;
    for line in lines {
        let line = line.as_ref();
        for &max in max_moves {
            let mut out = String::new();
            if !game.brief_fast(line, max, &mut out) {
                if !out.is_empty() {
                    return Err(format!("{line:?}: declined but wrote {out:?}"));
                }
                continue;
            }
            fast += 1;
            let words: Vec<&str> = line.split_whitespace().collect();
            let general = game
                .parse(&words)
                .and_then(|p| game.answer(&p, max))
                .map_err(|e| format!("{line:?}: the fast path answered, the general one: {e}"))?
                .brief();
            if out != general {
                return Err(format!(
                    "{line:?} with at most {max} moves: fast {out:?}, general {general:?}"
                ));
            }
        }
    }
    Ok(fast)
}

/// Every tuple of length `0..=max_len` with entries `0..=max_value`.
pub fn tuples(max_len: usize, max_value: u64) -> Vec<Vec<Nat>> {
    let mut all = vec![vec![]];
    let mut layer: Vec<Vec<Nat>> = vec![vec![]];
    for _ in 0..max_len {
        let mut next = Vec::new();
        for t in &layer {
            for v in 0..=max_value {
                let mut t = t.clone();
                t.push(Nat::from(v));
                next.push(t);
            }
        }
        all.extend(next.iter().cloned());
        layer = next;
    }
    all
}

/// Checks that a closed form's take-and-break `rule` for heaps up to `n` gives a heap of each
/// size h ≤ `n` exactly the options `game` gives it (as sorted lists of non-empty heaps, with
/// repetition), so that a search over positions played by the rule is the game's.
pub fn check_heap_rule<G>(game: &G, rule: &crate::heap::HeapRule, n: u64)
where
    G: crate::solver::Game<Position = Vec<Nat>>,
{
    use num_traits::Zero;
    for h in 0..=n {
        let mut by_rule: Vec<Vec<Nat>> = Vec::new();
        rule.for_each_option(h, |_, parts| {
            by_rule.push(parts.iter().map(|&p| nat(p)).collect())
        });
        let mut by_game: Vec<Vec<Nat>> = game
            .moves(&vec![nat(h)])
            .into_iter()
            .map(|mut p| {
                p.retain(|x| !x.is_zero());
                p.sort();
                p
            })
            .collect();
        by_rule.sort();
        by_game.sort();
        assert_eq!(
            by_rule, by_game,
            "options of a heap of {h} (rule for heaps to {n})"
        );
    }
}

/// `n` as a natural number.
pub fn nat(n: u64) -> Nat {
    Nat::from(n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry::Registry;

    /// Every impartial game of the catalog agrees with its own moves from the positions of a
    /// corner of its table (a row up to 11, a grid up to 5 × 5, less where that reaches more
    /// than 10⁵ positions).
    #[test]
    fn every_impartial_catalog_game_agrees_with_its_own_moves() {
        let registry = Registry::catalog();
        for entry in registry.entries() {
            let q = registry.parse(entry.info.example).unwrap();
            let game = q.game().unwrap();
            if game.partizan() {
                continue;
            }
            let Some(shape) = game.table_shape() else {
                continue;
            };
            // The largest table corner whose positions reach at most 10⁵ others.
            let mut size = 12;
            let n = loop {
                let coords: Vec<Vec<u64>> = match shape {
                    crate::rules::TableShape::Row { first, .. } => {
                        (first..first + size).map(|n| vec![n]).collect()
                    }
                    crate::rules::TableShape::Grid { first, .. } => (first..first + size / 2)
                        .flat_map(|r| (first..first + size / 2).map(move |c| vec![r, c]))
                        .collect(),
                };
                let mut starts: Vec<Vec<String>> = Vec::new();
                for c in coords {
                    if let Some(p) = game.table_position(&c).unwrap() {
                        let ts = game.canonical(&p).unwrap();
                        starts.push(ts.iter().map(|t| t.to_string()).collect());
                    }
                }
                let words = starts
                    .iter()
                    .map(|w| w.iter().map(String::as_str).collect());
                match check_consistency(game.as_ref(), words, 100_000) {
                    Err(m) if m.0.starts_with("more than") && size > 4 => size -= 2,
                    r => break r.unwrap_or_else(|m| panic!("{}: {m}", entry.name())),
                }
            };
            assert!(n > 5, "{}: only {n} positions", entry.name());
        }
    }

    /// The one-line answer of every catalog game (fast path or not) is its analysis' line,
    /// with 0, 1, 2 and 100 moves listed: on the game's example, the corner of its table,
    /// and positions whose moves repeat (cutting's symmetric cuts) or that play misère.
    #[test]
    fn every_catalog_games_one_line_answer_is_its_analysis_line() {
        let registry = Registry::catalog();
        let mut queries: Vec<String> = registry
            .entries()
            .iter()
            .map(|e| e.info.example.to_string())
            .collect();
        queries.extend(
            [
                "cutting 5x4",
                "cutting 6x6",
                "nim --misere 1 1 0",
                "nim --misere 3 1 1",
                "nim 7 7 7 7 7",
                "bash --max 3 --misere 21",
                "kayles 4 4 9",
            ]
            .map(String::from),
        );
        let mut checked = 0;
        for text in &queries {
            let q = registry.parse(text).unwrap();
            let game = q.game().unwrap();
            let mut lines = vec![q.words().join(" ")];
            if let Some(shape) = game.table_shape() {
                let coords: Vec<Vec<u64>> = match shape {
                    crate::rules::TableShape::Row { first, .. } => {
                        (first..first + 9).map(|n| vec![n]).collect()
                    }
                    crate::rules::TableShape::Grid { first, .. } => (first..first + 4)
                        .flat_map(|r| (first..first + 4).map(move |c| vec![r, c]))
                        .collect(),
                };
                for c in coords {
                    if let Some(p) = game.table_position(&c).unwrap() {
                        lines.push(crate::nat::join(&game.canonical(&p).unwrap()));
                    }
                }
            }
            for line in &lines {
                let words: Vec<&str> = line.split_whitespace().collect();
                for max in [0, 1, 2, 100] {
                    let Ok(a) = game.position(&words).and_then(|p| game.solve(&p, max)) else {
                        continue;
                    };
                    let mut brief = String::new();
                    game.brief(line, max, &mut brief).unwrap();
                    assert_eq!(brief, a.brief(), "{text}: {line} with at most {max} moves");
                    checked += 1;
                }
            }
        }
        assert!(checked > 500, "{checked}");
    }

    /// Nim with its verdict replaced: a game that lies, or that repeats itself.
    struct NimWith(fn(&Vec<Nat>) -> crate::Verdict<'static, Vec<Nat>>);

    impl Game for NimWith {
        type Position = Vec<Nat>;
        fn moves(&self, p: &Vec<Nat>) -> Vec<Vec<Nat>> {
            crate::games::nim::Nim { misere: false }.moves(p)
        }
    }

    impl Ruleset for NimWith {
        type Pos = Vec<Nat>;
        fn info(&self) -> &'static crate::rules::GameInfo {
            &crate::games::nim::INFO
        }
        fn parse(&self, args: &[&str]) -> Result<Vec<Nat>, crate::GameError> {
            Ruleset::parse(&crate::games::nim::Nim { misere: false }, args)
        }
        fn tokens(&self, p: &Vec<Nat>) -> Vec<Token> {
            Token::ints(p)
        }
        fn verdict(&self, p: &Vec<Nat>) -> Result<crate::Verdict<'_, Vec<Nat>>, crate::GameError> {
            Ok((self.0)(p))
        }
        fn options(&self, p: &Vec<Nat>) -> Result<Vec<Vec<Nat>>, crate::GameError> {
            Ok(self.moves(p))
        }
    }

    /// A game whose winning moves come twice each: its line counts each position once, as
    /// its analysis lists it once.
    #[test]
    fn repeated_moves_are_counted_once_in_the_line() {
        use crate::rules::DynGame;
        let twice = NimWith(|p| {
            let v = crate::games::nim::Nim { misere: false }.verdict(p).unwrap();
            let moves: Vec<_> = v.winning.flat_map(|m| [m.clone(), m]).collect();
            crate::Verdict {
                search: None,
                outcome: v.outcome,
                grundy: v.grundy,
                winning: Box::new(moves.into_iter()),
                partial: v.partial,
                explanation: v.explanation,
            }
        });
        for line in ["7 6 5 4", "1 2 3", "5 5 5 5 5"] {
            let words: Vec<&str> = line.split_whitespace().collect();
            for max in [0, 1, 2, 3, 100] {
                let at = DynGame::position(&twice, &words).unwrap();
                let a = DynGame::solve(&twice, &at, max).unwrap();
                let mut brief = String::new();
                DynGame::brief(&twice, line, max, &mut brief).unwrap();
                assert_eq!(brief, a.brief(), "{line} with at most {max} moves");
            }
        }
    }

    #[test]
    fn a_wrong_answer_is_caught() {
        // Nim that claims every position is lost.
        let liar = NimWith(|_| crate::Verdict {
            search: None,
            outcome: Outcome::P,
            grundy: Some(Nat::from(0u32)),
            winning: Box::new(std::iter::empty()),
            partial: false,
            explanation: String::new(),
        });
        assert!(cross_check(&liar, tuples(2, 2), Grundy::Required).is_err());
        assert!(check_consistency(&liar, [vec!["1", "2"]], 100).is_err());
        assert!(check_consistency(&liar, [vec!["0"]], 100).is_ok());
        assert!(
            check_consistency(&crate::games::nim::Nim::default(), [vec!["9", "9"]], 10).is_err()
        );
    }
}
