//! Solve a move graph with a loop: retrograde analysis gives each position its outcome (N, P,
//! or D for a draw: with best play the game never ends), its remoteness, and its generalized
//! Sprague–Grundy value (Smith, 1966; Fraenkel and Yesha, 1986), ∞ on the loop.
//!
//! Run with `cargo run -p grundy --example move_graph`.

use grundy::graph::{parse_graph, Convention};
use grundy::Outcome;

fn main() {
    // a ⇄ b is a loop; c is a dead end; from a one may also move to c.
    let text = "a b\nb a\na c\nb d\nd c\n";
    let graph = parse_graph(text, "example").expect("a valid graph");
    let solution = graph.solve(Convention::Normal);
    let id = |name: &str| graph.id(name).expect("a position") as usize;
    // c: no move, lost. a: moves to c, won. d: moves only to c, won. b: moves to a or d, both
    // won for the opponent, so b is lost.
    assert_eq!(solution.outcome[id("c")], Outcome::P);
    assert_eq!(solution.outcome[id("a")], Outcome::N);
    assert_eq!(solution.outcome[id("b")], Outcome::P);
    for u in 0..graph.len() as u32 {
        let g = solution
            .grundy
            .as_ref()
            .map(|g| g.get(&graph, u).to_string());
        println!(
            "{}: {:?}, remoteness {:?}, grundy {}",
            graph.name(u),
            solution.outcome[u as usize],
            solution.remoteness[u as usize],
            g.unwrap_or_default()
        );
    }

    // A true draw: x and y can only move to each other.
    let graph = parse_graph("x y\ny x\n", "draw").expect("a valid graph");
    let solution = graph.solve(Convention::Normal);
    assert!(solution.outcome.iter().all(|&v| v == Outcome::D));
    println!(
        "x ⇄ y: both draws, grundy {}",
        solution.grundy.unwrap().get(&graph, 0)
    );
}

#[test]
fn runs() {
    main();
}
