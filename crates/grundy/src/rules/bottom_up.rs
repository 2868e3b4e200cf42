//! Values of positions found bottom up, each position once, from the values of its options:
//! a partizan game's canonical form, an impartial game's misère canonical form.

use crate::GameError;
use std::collections::HashSet;
use std::hash::Hash;

/// The value of `root` found bottom up, each position once, with an explicit stack (a heap of
/// 10⁵ tokens is a chain 10⁵ deep): `options(p)` gives p's options in groups (Left's and
/// Right's, or one group), `value(groups)` the value of a position whose options have those
/// values. Refused past `limit` positions, and on a cycle (the game is then not short);
/// `game` names the game in those messages.
pub(crate) fn value_bottom_up<P: Clone + Eq + Hash, V: Copy>(
    game: &str,
    root: P,
    limit: usize,
    mut options: impl FnMut(&P) -> Result<Vec<Vec<P>>, GameError>,
    mut value: impl FnMut(&[Vec<V>]) -> Result<V, GameError>,
) -> Result<V, GameError> {
    let mut known: std::collections::HashMap<P, V> = Default::default();
    let first = options(&root)?;
    let mut stack = vec![(root.clone(), first)];
    let mut on_stack: HashSet<P> = HashSet::from([root.clone()]);
    while let Some((p, groups)) = stack.last() {
        if let Some(next) = groups
            .iter()
            .flatten()
            .find(|o| !known.contains_key(*o))
            .cloned()
        {
            if known.len() + stack.len() >= limit {
                return Err(GameError::TooLarge(format!(
                    "{game}: more than {limit} positions to value below this one"
                )));
            }
            if known.len() % 1024 == 0 {
                crate::budget::check()?;
                crate::budget::report("positions valued", known.len() as u64, None);
            }
            if !on_stack.insert(next.clone()) {
                return Err(GameError::Invalid(format!(
                    "{game}: the game has a cycle, so it is not a short game"
                )));
            }
            let of = options(&next)?;
            stack.push((next, of));
            continue;
        }
        let of: Vec<Vec<V>> = groups
            .iter()
            .map(|g| g.iter().map(|o| known[o]).collect())
            .collect();
        let v = value(&of)?;
        on_stack.remove(p);
        known.insert(p.clone(), v);
        stack.pop();
    }
    Ok(known[&root])
}

/// Why a partizan game has no misère canonical form.
pub(crate) fn not_impartial(game: &str) -> GameError {
    GameError::Invalid(format!(
        "{game}: misère canonical forms are of impartial games (both players with the same \
         moves)"
    ))
}

/// Most positions [`form_of`] visits.
pub const POSITION_LIMIT: usize = 1_000_000;

/// A position held with its normal form, by which a walk knows it (two positions of one
/// normal form are one position).
#[derive(Clone)]
struct Known {
    key: Vec<crate::Token>,
    position: crate::Position,
}

impl PartialEq for Known {
    fn eq(&self, other: &Self) -> bool {
        self.key == other.key
    }
}

impl Eq for Known {}

impl Hash for Known {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.key.hash(state);
    }
}

/// The misère canonical form of the position `p` of the impartial game `game`, from the
/// forms of every position below it (each valued once, positions the same under the game's
/// symmetries as one): for a game known only as a [`crate::DynGame`] (a sum). A
/// [`super::Ruleset`] walks its own positions instead.
pub fn form_of<G: crate::DynGame + ?Sized>(
    forms: &mut crate::misere_form::Forms,
    game: &G,
    p: &crate::Position,
) -> Result<crate::misere_form::Form, GameError> {
    if game.partizan() {
        return Err(not_impartial(&game.name()));
    }
    let known = |position: crate::Position| -> Result<Known, GameError> {
        Ok(Known {
            key: game.normal_form(&position)?,
            position,
        })
    };
    value_bottom_up(
        &game.name(),
        known(p.clone())?,
        POSITION_LIMIT,
        |k| {
            let group = game.options(&k.position, None)?;
            Ok(vec![group
                .into_iter()
                .map(known)
                .collect::<Result<_, _>>()?])
        },
        |of| forms.game(&of[0]),
    )
}
