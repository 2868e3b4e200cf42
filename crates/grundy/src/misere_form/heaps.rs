//! The misère canonical forms of heaps of a take-and-break game, built heap by heap from the
//! smaller heaps' forms, and their genera.

use super::{Form, Forms, Genus};
use crate::GameError;

/// The misère Grundy value, genus and CGSuite's text of the genus of every heap 0..=`to` of
/// the heap game with rule `rule` (what `grundy sequence GAME --genus` prints), from the
/// heaps' misère canonical forms.
pub fn heap_genera(
    rule: &crate::heap::HeapRule,
    to: u64,
) -> Result<Vec<(Genus, String)>, GameError> {
    let mut forms = Forms::new();
    let of = heap_forms(&mut forms, rule, to)?;
    let mut out = Vec::with_capacity(of.len());
    for g in of {
        out.push((forms.genus(g), forms.genus_text(g)?));
    }
    Ok(out)
}

/// Largest heap whose form [`heap_forms`] builds.
pub const HEAP_LIMIT: u64 = 100_000;

/// The misère canonical form of every heap 0..=`to` of a take-and-break (or subtraction,
/// all-but) game with rule `rule`: a heap's options are sums of heaps, so each heap's form is
/// the game of the sums of the smaller heaps' forms.
pub fn heap_forms(
    forms: &mut Forms,
    rule: &crate::heap::HeapRule,
    to: u64,
) -> Result<Vec<Form>, GameError> {
    let mut heaps = vec![forms.zero()];
    extend_heap_forms(forms, rule, &mut heaps, to)?;
    Ok(heaps)
}

/// Extends `heaps`, the forms of heaps 0, 1, … of the rule `rule` (at least heap 0's), to
/// heap `to` (see [`heap_forms`]).
pub fn extend_heap_forms(
    forms: &mut Forms,
    rule: &crate::heap::HeapRule,
    heaps: &mut Vec<Form>,
    to: u64,
) -> Result<(), GameError> {
    if to > HEAP_LIMIT {
        return Err(GameError::TooLarge(format!(
            "a heap of {to} is too large for its misère canonical form (heaps to {HEAP_LIMIT} \
             are built)"
        )));
    }
    for n in heaps.len() as u64..=to {
        let mut parts_of = Vec::new();
        rule.for_each_option(n, |_, parts| parts_of.push(parts.to_vec()));
        let mut options = Vec::with_capacity(parts_of.len());
        for parts in parts_of {
            let mut sum = forms.zero();
            for p in parts {
                sum = forms.add(sum, heaps[p as usize])?;
            }
            options.push(sum);
        }
        heaps.push(forms.game(&options)?);
    }
    Ok(())
}
