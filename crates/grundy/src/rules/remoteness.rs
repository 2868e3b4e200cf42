//! Remoteness: how many moves a game lasts when the winner hastens the end and the loser
//! delays it (C. A. B. Smith, "Graphs and composite games", J. Combin. Theory 1 (1966);
//! Winning Ways, ch. 9 "If you can't beat 'em, join 'em!"). A position with no move has
//! remoteness 0; one with a move to a losing position (for the player then to move) has 1 +
//! the least remoteness of such a move; otherwise 1 + the largest remoteness of its moves.
//! A remoteness is even exactly when the player to move loses.
//!
//! [`by_search`] finds it for a small position of any impartial game of the catalog from
//! its moves alone ([`Ruleset::options`]); games with a formula give it at any size by
//! overriding [`Ruleset::remoteness`].

use crate::rules::Ruleset;
use crate::{GameError, Outcome};
use std::collections::HashMap;

/// The most moves [`by_search`] looks at (over all the positions it reaches) before it gives
/// up (`None`: not known): a few tens of milliseconds.
pub const SEARCH_LIMIT: usize = 300_000;

/// The most words (heaps, say) of a position [`by_search`] searches: a position of more parts
/// has too many moves and followers to finish within [`SEARCH_LIMIT`], and listing them alone
/// would take memory in proportion to their number times their size (a thousand heaps of 5:
/// 5,000 moves of a thousand heaps each, before the first is looked at).
pub const SEARCH_WORDS: usize = 32;

/// The most words held in the positions [`by_search`] lists, over all of them: the search
/// gives up rather than hold more (about 100 MB at most).
pub const SEARCH_HELD: usize = 4_000_000;

/// The remoteness of `start` by a search of every position it reaches, or `None` when the
/// start is written in more than [`SEARCH_WORDS`] words, when they have more than `limit`
/// moves in all (or more than [`SEARCH_HELD`] words), a move leads back (a loop), the moves cannot be listed, or
/// the outcome the search finds is not the ruleset's (a ruleset whose listed moves are not
/// all of the game's). The outcome of a position with no move is the ruleset's (the player
/// to move has lost in normal play, won in misère play). Iterative: a chain of 10⁵ moves
/// needs no deep stack.
pub fn by_search<R: Ruleset>(
    game: &R,
    start: &R::Pos,
    limit: usize,
) -> Result<Option<u64>, GameError> {
    if game.partizan() {
        return Ok(None);
    }
    // Its cost is known before it starts: a large position is not searched at all.
    let words = game.tokens(start).len();
    if words > SEARCH_WORDS {
        return Ok(None);
    }
    // Words held in listed positions, each counted as the start's size (a move changes few).
    let held = |moves: usize| moves.saturating_mul(words.max(1));
    // Each position: (lost for the player to move, remoteness), once known; `None` while
    // its moves are being searched (met again then: a loop).
    let mut known: HashMap<R::Pos, Option<(bool, u64)>> = HashMap::new();
    // Positions whose moves are listed, with the moves not yet looked at.
    let mut stack: Vec<(R::Pos, Vec<R::Pos>, usize)> = Vec::new();
    let options = |p: &R::Pos| game.options(p).ok();
    let Some(first) = options(start) else {
        return Ok(None);
    };
    let mut looked = first.len();
    known.insert(start.clone(), None);
    stack.push((start.clone(), first, 0));
    // Moves looked at, known or not: the budget is checked every 1024 of them.
    let mut steps = 0u64;
    while let Some((pos, moves, next)) = stack.last_mut() {
        steps += 1;
        if steps % 1024 == 0 {
            crate::budget::check()?;
        }
        if let Some(m) = moves.get(*next) {
            *next += 1;
            match known.get(m) {
                Some(Some(_)) => continue,
                Some(None) => return Ok(None),
                None => {}
            }
            let m = m.clone();
            let Some(after) = options(&m) else {
                return Ok(None);
            };
            looked += after.len();
            if looked > limit || held(looked) > SEARCH_HELD {
                return Ok(None);
            }
            known.insert(m.clone(), None);
            stack.push((m, after, 0));
            continue;
        }
        // Every move looked at: the position's value from its moves'.
        let value = if moves.is_empty() {
            (game.outcome(pos)? == Outcome::P, 0)
        } else {
            let values = moves.iter().filter_map(|m| *known.get(m)?);
            let (mut to_lost, mut longest) = (None::<u64>, 0);
            for (lost, r) in values {
                if lost {
                    to_lost = Some(to_lost.map_or(r, |best| best.min(r)));
                }
                longest = longest.max(r);
            }
            match to_lost {
                Some(r) => (false, r + 1),
                None => (true, longest + 1),
            }
        };
        let pos = pos.clone();
        stack.pop();
        known.insert(pos, Some(value));
    }
    let Some(&Some((lost, remoteness))) = known.get(start) else {
        return Ok(None);
    };
    // The search stands on the listed moves: where its outcome is not the theorem's, the
    // moves are not the game's whole (say nothing rather than something wrong).
    let expected = game.outcome(start)?;
    Ok(((expected == Outcome::P) == lost).then_some(remoteness))
}
