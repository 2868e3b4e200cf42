//! The catalog: every game grundy knows, listed once, in the order `grundy list` shows them.
//! Adding a game is one module in [`crate::games`] (its rules, closed form and
//! [`Entry`]) plus one line here.
//!
//! ```
//! use grundy::registry::Registry;
//!
//! let registry = Registry::catalog();
//! assert_eq!(registry.entries()[0].name(), "nim");
//! assert!(registry.get("domineering").is_some());
//! ```

use crate::registry::{Entry, Registry};

/// Every game of the catalog, in the order `grundy list` shows them.
pub static CATALOG: &[&Entry] = &[
    &crate::games::nim::ENTRY,
    &crate::games::bash::ENTRY,
    &crate::games::wythoff::ENTRY,
    &crate::games::fibonacci::ENTRY,
    &crate::games::staircase::ENTRY,
    &crate::games::euclid::ENTRY,
    &crate::games::georgia_bob::ENTRY,
    &crate::games::heap_games::SUBTRACTION_ENTRY,
    &crate::games::all_but::ENTRY,
    &crate::games::split_nim::ENTRY,
    &crate::games::lasker::ENTRY,
    &crate::games::heap_games::KAYLES_ENTRY,
    &crate::games::heap_games::DAWSON_ENTRY,
    &crate::games::heap_games::GRUNDYS_GAME_ENTRY,
    &crate::games::heap_games::OCTAL_ENTRY,
    &crate::games::circle::ENTRY,
    &crate::games::cram::ENTRY,
    &crate::games::cutting::ENTRY,
    &crate::games::partizan_subtraction::ENTRY,
    &crate::games::domineering::ENTRY,
    &crate::games::clobber::ENTRY,
    &crate::games::toads_frogs::ENTRY,
    &crate::games::cutcake::ENTRY,
    &crate::games::hackenbush::ENTRY,
    &crate::games::parity_split::ENTRY,
    &crate::games::thanos::ENTRY,
    &crate::games::moore::ENTRY,
];

impl Registry {
    /// The catalog's games.
    pub fn catalog() -> Self {
        Registry::of(CATALOG)
    }
}

impl Default for Registry {
    fn default() -> Self {
        Self::catalog()
    }
}
