//! A move graph file: parsed, solved in normal and misère play, reported.
#![no_main]

use grundy::solver::Convention;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(graph) = grundy::graph::parse_graph_from(data, "fuzz") else {
        return;
    };
    for convention in [Convention::Normal, Convention::Misere] {
        let solution = graph.solve(convention);
        let _ = serde_json_report(&graph, &solution);
    }
});

fn serde_json_report(g: &grundy::graph::Graph, s: &grundy::graph::Solution) -> usize {
    let r = s.report(g);
    std::hint::black_box(&r);
    g.len()
}
