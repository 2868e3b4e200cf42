//! Solve a position of a catalog game, two ways: typed (the game's own position type) and
//! through the registry (words, as on the command line).
//!
//! Run with `cargo run -p grundy --example solve_catalog`.

use grundy::games::wythoff::Wythoff;
use grundy::registry::Registry;
use grundy::rules::Ruleset;
use grundy::{Nat, Outcome};

fn main() {
    // Typed: Wythoff's game at (4, 7) = (⌊3φ⌋, ⌊3φ²⌋), a P-position.
    let game = Wythoff::default();
    let position = (Nat::from(4u32), Nat::from(7u32));
    let verdict = game.verdict(&position).expect("a small position");
    assert_eq!(verdict.outcome, Outcome::P);
    println!("wythoff 4 7: {}", verdict.outcome.sentence());

    // From (8, 4) every winning move goes to a P-position; list them all.
    let position = (Nat::from(8u32), Nat::from(4u32));
    let verdict = game.verdict(&position).expect("a small position");
    assert_eq!(verdict.outcome, Outcome::N);
    for m in verdict.winning {
        println!("  {}  →  {:?}", m.description, m.to);
        assert_eq!(game.verdict(&m.to).unwrap().outcome, Outcome::P);
    }

    // Through the registry: any game by name, with options, exactly as `grundy solve` reads it.
    let registry = Registry::catalog();
    let answer = registry
        .parse("nim 3 4 5")
        .and_then(|q| q.solve(100))
        .expect("a valid query");
    assert_eq!(answer.grundy, Some(Nat::from(2u32)));
    println!("{}", serde_json::to_string(&answer).expect("JSON"));
}

#[test]
fn runs() {
    main();
}
