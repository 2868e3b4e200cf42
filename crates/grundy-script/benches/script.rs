//! Rule scripts solved whole (exploration, retrograde analysis, Grundy values), each on
//! grundy's own evaluator of Rhai's plain subset and on Rhai alone (the baseline), on the
//! rules of `bench/scripts/` made smaller. Run with `cargo bench -p grundy-script`.

use criterion::{criterion_group, criterion_main, Criterion};
use grundy_script::{Options, Rules};

fn scripts(c: &mut Criterion) {
    let scripts = [
        (
            "chain-push, 20 000 positions",
            "fn start() { 20000 }
             fn moves(n) {
                 let m = [];
                 if n >= 1 { m.push(n - 1); }
                 if n >= 3 { m.push(n - 3); }
                 m
             }",
        ),
        (
            "grid, 101 x 101 positions",
            "fn start() { [100, 100] }
             fn moves(p) {
                 let m = [];
                 if p[0] > 0 { m.push([p[0] - 1, p[1]]); }
                 if p[1] > 0 { m.push([p[0], p[1] - 1]); }
                 m
             }",
        ),
    ];
    for (name, text) in scripts {
        let rules = Rules::compile(text, "bench.rhai").expect("a valid script");
        let mut g = c.benchmark_group(name);
        for (evaluator, rhai_only) in [
            ("grundy's evaluator", false),
            ("Rhai alone (baseline)", true),
        ] {
            let opts = Options {
                rhai_only,
                ..Options::default()
            };
            g.bench_function(evaluator, |b| {
                b.iter(|| rules.solve(&opts).expect("solves"))
            });
        }
        g.finish();
    }
}

criterion_group!(benches, scripts);
criterion_main!(benches);
