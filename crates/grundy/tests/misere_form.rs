//! Misère canonical forms of catalog positions against CGSuite's published test values
//! (GameHeapTest: the genus of heaps 0 to 20 of each game, and Grundy's game at 22), and sums
//! of positions against sums of forms.

use grundy::heap::sequence::Source;
use grundy::misere_form::{heap_genera, Forms};
use grundy::registry::Registry;
use grundy::rules::form_of;

fn rule(game: &str) -> grundy::heap::HeapRule {
    let q = Registry::catalog().parse(game).unwrap();
    match q.entry.sequence_source(&q.options).unwrap() {
        Some((Source::Rule(rule), _)) => rule,
        _ => panic!("{game} is a heap game"),
    }
}

/// CGSuite's list, split at the commas outside parentheses.
fn list(text: &str) -> Vec<String> {
    let mut out = vec![String::new()];
    let mut depth = 0;
    for c in text.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth == 0 => {
                out.push(String::new());
                continue;
            }
            _ => {}
        }
        out.last_mut().unwrap().push(c);
    }
    out
}

/// CGSuite's genus of heaps 0..=20, written as CGSuite writes it (tame and restive games
/// abbreviated: Kayles 13 is `1^1`, Kayles 16 is `1^13`); the genus itself is the one the
/// genus recurrence finds without forms ([`grundy::misere_form::genus_sequence`]).
#[test]
fn genera_of_heaps_are_cgsuites() {
    let cases = [
        (
            "kayles",
            "0,1,2,3,1,4^146,3,2^2,1^1,4^046,2^2,6^46,4^046,1^1,2^2,7^57,1^13,4^64,3^31,2^20,1^031",
        ),
        (
            "dawson",
            "0,0,1,1,2,0,3,1,1,0,3^1431,3,2^0520,2,4^146,0,5^057,2^0520,2,3^1431,3",
        ),
        (
            "grundys-game",
            "0,0,0,1,0,2,1,0,2,1,0,2,1,3^1431,2,1,3^1431,2,4^0564,3^1431,0^20",
        ),
        (
            "subtraction --set 2,3,7",
            "0,0,1,1,2,0,0,1,1,2,0,0,1,1,2,0,0,1,1,2,0",
        ),
        (
            "all-but --set 2,3,7",
            "0,1,0,1,2,3,2,3,4,5,4,5,6,7,6,7,8,9,8,9,10",
        ),
        (
            "octal 0.3F",
            "0,1,2,0,1,2,3^1431,4^0564,5^46,3^1431,4^0564,5^4875,6^(1,9,10,8),7^075,8^6875,\
             6^(1,9,10,8),7^075,8^(6,10,8),9^(1,9,12,11,9),10^(0,11,13,9,11),11^(6,10,8)",
        ),
    ];
    for (game, expected) in cases {
        let rule = rule(game);
        let ours = heap_genera(&rule, 20).unwrap();
        let text: Vec<String> = ours.iter().map(|(_, t)| t.clone()).collect();
        assert_eq!(text, list(expected), "{game}");
        let recurrence = grundy::misere_form::genus_sequence(&rule, 20).unwrap();
        let genera: Vec<_> = ours.into_iter().map(|(g, _)| g).collect();
        assert_eq!(genera, recurrence, "{game}");
    }
}

/// Grundy's game played by the misère rule.
fn misere_grundys_game() -> Box<dyn grundy::DynGame> {
    Registry::catalog()
        .parse("grundys-game --misere")
        .unwrap()
        .game()
        .unwrap()
}

/// CGSuite's GameHeapTest: the misère canonical form of Grundy's game at 22.
#[test]
fn grundys_game_22_is_written_as_cgsuite_writes_it() {
    let mut forms = Forms::new();
    let game = misere_grundys_game();
    let f = game
        .misere_form(&mut forms, &game.position(&["22"]).unwrap())
        .unwrap();
    assert_eq!(
        forms.show(f).unwrap(),
        "*[(((2[2]21)[2](2[2]21)20)(2[2]21)3)((2[2]21)[2](2[2]21)20)(2[2]21)[1]2[2]1]"
    );
}

/// The form of a position of several heaps, found from every position below it, is the sum
/// of its heaps' forms, and its misère outcome is the one `solve --misere` finds (every
/// position of three Kayles rows of up to 7 pins).
#[test]
fn a_positions_form_is_the_sum_of_its_parts() {
    let registry = Registry::catalog();
    let kayles = registry.parse("kayles").unwrap().game().unwrap();
    let misere = registry.parse("kayles --misere").unwrap().game().unwrap();
    let mut forms = Forms::new();
    for a in 1..=7u64 {
        for b in a..=7 {
            for c in b..=7 {
                let words = [a.to_string(), b.to_string(), c.to_string()];
                let w: Vec<&str> = words.iter().map(String::as_str).collect();
                let at = kayles.position(&w).unwrap();
                let whole = form_of(&mut forms, kayles.as_ref(), &at).unwrap();
                let parts: Vec<_> = w
                    .iter()
                    .map(|h| {
                        let heap = kayles.position(&[h]).unwrap();
                        form_of(&mut forms, kayles.as_ref(), &heap).unwrap()
                    })
                    .collect();
                let ab = forms.add(parts[0], parts[1]).unwrap();
                assert_eq!(forms.add(ab, parts[2]).unwrap(), whole, "{w:?}");
                let outcome = misere.outcome_of(&misere.position(&w).unwrap()).unwrap();
                assert_eq!(forms.misere_outcome(whole), outcome, "{w:?}");
            }
        }
    }
}

/// A form too long to write is said to be so, not cut short.
#[test]
fn a_form_too_long_to_write_is_null() {
    let mut forms = Forms::new();
    let game = misere_grundys_game();
    let f = game
        .misere_form(&mut forms, &game.position(&["30"]).unwrap())
        .unwrap();
    let text = forms.show(f).unwrap();
    assert!(text.len() > 1000);
    assert_eq!(forms.show_within(f, 1000).unwrap(), None);
    assert_eq!(forms.show_within(f, text.len()).unwrap(), Some(text));
}
