//! Closed forms against the brute-force baseline on the same positions, huge positions, and
//! the heap engine. Run with `cargo bench -p grundy`.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use grundy::games::euclid::Euclid;
use grundy::games::heap_games::HeapGame;
use grundy::games::nim::Nim;
use grundy::games::wythoff::Wythoff;
use grundy::heap::{extend, extend_plain, parse_code, HeapRule};
use grundy::rules::Ruleset;
use grundy::solver::Brute;
use grundy::Nat;

fn outcomes_closed_form_vs_brute_force(c: &mut Criterion) {
    let positions: Vec<(Nat, Nat)> = (0..40u32)
        .flat_map(|a| (0..40u32).map(move |b| (Nat::from(a), Nat::from(b))))
        .collect();
    let mut g = c.benchmark_group("wythoff 40x40 outcomes");
    g.bench_function("closed form", |b| {
        b.iter(|| {
            positions
                .iter()
                .filter(|p| grundy::games::wythoff::is_p(&p.0, &p.1))
                .count()
        })
    });
    g.bench_function("brute force (baseline)", |b| {
        b.iter(|| {
            let game = Wythoff::default();
            let mut brute = Brute::new(&game);
            positions.iter().filter(|p| !brute.wins(p)).count()
        })
    });
    g.finish();

    let positions: Vec<(Nat, Nat)> = (1..60u32)
        .flat_map(|a| (1..60u32).map(move |b| (Nat::from(a), Nat::from(b))))
        .collect();
    let mut g = c.benchmark_group("euclid 60x60 grundy");
    g.bench_function("closed form", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| grundy::games::euclid::grundy(&p.0, &p.1).bits())
                .sum::<u64>()
        })
    });
    g.bench_function("brute force (baseline)", |b| {
        b.iter(|| {
            let mut brute = Brute::new(&Euclid);
            positions.iter().map(|p| brute.grundy(p)).sum::<u64>()
        })
    });
    g.finish();
}

fn huge_positions(c: &mut Criterion) {
    let big = |s: &str| -> Nat { s.parse().unwrap() };
    let a = big(&"7".repeat(200));
    let b = big(&"3".repeat(199));
    let wythoff = Wythoff::default();
    c.bench_function("wythoff 200-digit verdict", |bn| {
        bn.iter(|| {
            let v = wythoff.verdict(&(a.clone(), b.clone())).unwrap();
            black_box(v.winning.count())
        })
    });
    c.bench_function("euclid 200-digit verdict", |bn| {
        bn.iter(|| {
            let v = Euclid.verdict(&(a.clone(), b.clone())).unwrap();
            black_box(v.winning.count())
        })
    });
    let heaps: Vec<Nat> = (0..100u32).map(|i| &a + i).collect();
    let nim = Nim::default();
    c.bench_function("nim 100 heaps of 200 digits", |bn| {
        bn.iter(|| {
            let v = nim.verdict(&heaps).unwrap();
            black_box(v.winning.count())
        })
    });
    let kayles = HeapGame::kayles();
    let k = vec![big(&"9".repeat(100)), Nat::from(12346u32)];
    kayles.verdict(&k).unwrap();
    c.bench_function(
        "kayles 100-digit N-position verdict with all its winning moves",
        |bn| {
            bn.iter(|| {
                let v = kayles.verdict(&k).unwrap();
                black_box(v.winning.take(100).count())
            })
        },
    );
}

fn heap_engine(c: &mut Criterion) {
    let mut g = c.benchmark_group("nim-sequence G(0..=20000)");
    g.sample_size(10);
    for (name, rule) in [
        ("kayles 0.77", parse_code("0.77").unwrap()),
        ("0.6 (officers)", parse_code("0.6").unwrap()),
        ("grundy's game", HeapRule::GrundysGame),
    ] {
        g.bench_function(name, |b| {
            b.iter(|| {
                let mut v: Vec<u16> = Vec::new();
                extend(&rule, &mut v, 20_000);
                black_box(v.len())
            })
        });
    }
    g.finish();
    // The engine's methods for three-heap codes and all-but games, each against listing
    // every option (the plain mex method) on the same table.
    for (group, rule, n) in [
        (
            "nim-sequence of 0.E (three-heap moves) G(0..=2000)",
            parse_code("0.E").unwrap(),
            2000,
        ),
        (
            "nim-sequence of all-but 1,2,5,9 G(0..=20000)",
            HeapRule::AllBut(vec![1, 2, 5, 9]),
            20_000,
        ),
    ] {
        let mut g = c.benchmark_group(group);
        g.sample_size(10);
        g.bench_function("engine", |b| {
            b.iter(|| {
                let mut v: Vec<u32> = Vec::new();
                extend(&rule, &mut v, n);
                black_box(v.len())
            })
        });
        g.bench_function("listing options (baseline)", |b| {
            b.iter(|| {
                let mut v: Vec<u32> = Vec::new();
                extend_plain(&rule, &mut v, n);
                black_box(v.len())
            })
        });
        g.finish();
    }
}

/// A random move graph in the text format: n positions, 5n moves (random pairs of
/// positions; `acyclic`: each from the larger to the smaller, pairs of equal ones dropped).
fn random_graph_text(n: u64, acyclic: bool) -> String {
    let mut x = if acyclic {
        0x2545_F491_4F6C_DD1Du64
    } else {
        0x9E37_79B9_7F4A_7C15u64
    };
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x % n
    };
    let mut text: String = (0..n).map(|i| format!("{i}\n")).collect();
    for _ in 0..5 * n {
        let (a, b) = (next(), next());
        if !acyclic {
            text.push_str(&format!("{a} {b}\n"));
        } else if a != b {
            text.push_str(&format!("{} {}\n", a.max(b), a.min(b)));
        }
    }
    text
}

fn graph_solver(c: &mut Criterion) {
    let text = random_graph_text(20_000, false);
    let g = grundy::graph::parse_graph(&text, "random").unwrap();
    let mut group = c.benchmark_group("random graph 2e4 positions 1e5 moves");
    group.bench_function("retrograde analysis", |b| {
        b.iter(|| black_box(g.solve(grundy::solver::Convention::Misere).counts()))
    });
    group.bench_function("retrograde + generalized Sprague-Grundy", |b| {
        b.iter(|| black_box(g.solve(grundy::solver::Convention::Normal).counts()))
    });
    group.bench_function("naive fixpoint sweeps (baseline)", |b| {
        b.iter(|| black_box(g.solve_naive(grundy::solver::Convention::Misere).len()))
    });
    group.bench_function("parse", |b| {
        b.iter(|| black_box(grundy::graph::parse_graph(&text, "random").unwrap().len()))
    });
    group.finish();
    // The naive recursive solver needs an acyclic graph: the same sizes, moves to smaller ids.
    let dag = grundy::graph::parse_graph(&random_graph_text(20_000, true), "dag").unwrap();
    let mut group = c.benchmark_group("random acyclic graph 2e4 positions 1e5 moves");
    group.bench_function("retrograde analysis", |b| {
        b.iter(|| black_box(dag.solve(grundy::solver::Convention::Misere).counts()))
    });
    group.bench_function("naive recursive solver (baseline)", |b| {
        b.iter(|| black_box(dag.solve_recursive(grundy::solver::Convention::Misere)))
    });
    group.finish();
}

/// Numbers, ups and nimbers held compactly (issue 30): each answered as `grundy cgt` and
/// `grundy value` answer it, in a universe of its own, target under 10 ms. The baseline is
/// the same value met inside a game of options, where its nimber is taken apart.
fn compact_values(c: &mut Criterion) {
    let mut g = c.benchmark_group("compact values");
    for text in ["*100000", "^414*670", "-1823437481924 + ^5*7"] {
        g.bench_function(text, |b| {
            b.iter(|| black_box(grundy::cgt::report(black_box(text)).unwrap()))
        });
    }
    let registry = grundy::registry::Registry::catalog();
    let query = registry.parse("nim 100000").unwrap();
    let nim = query.game().unwrap();
    g.bench_function("value nim 100000", |b| {
        b.iter(|| {
            let p = nim.position(&query.words()).unwrap();
            black_box(grundy::notation::value_of(nim.as_ref(), &p).unwrap())
        })
    });
    g.bench_function("{*1000|0}, taken apart (baseline)", |b| {
        b.iter(|| black_box(grundy::cgt::report("{*1000|0}").unwrap()))
    });
    g.finish();
}

/// Loopy games: a stopper's simplest form after a long sum (each partial sum simplified), a
/// comparison of games that are not stoppers (Büchi games on both sides), and the outcome of
/// Bach's carousel.
fn loopy_games(c: &mut Criterion) {
    let mut g = c.benchmark_group("loopy games");
    let upons = vec!["upon"; 20].join(" + ");
    let carousel = "a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}";
    let sides = format!("{carousel} + over >= {carousel}");
    let triple = format!("3*{carousel}");
    for (name, text) in [
        ("20 upons, simplest form", upons.as_str()),
        ("Bach's carousel, value (its sides)", carousel),
        ("carousel + over >= carousel", sides.as_str()),
        ("3 * carousel, sides of sums", triple.as_str()),
    ] {
        g.bench_function(name, |b| {
            b.iter(|| black_box(grundy::notation::answer(black_box(text)).unwrap()))
        });
    }
    g.finish();
}

criterion_group!(
    benches,
    outcomes_closed_form_vs_brute_force,
    huge_positions,
    heap_engine,
    graph_solver,
    compact_values,
    loopy_games
);
criterion_main!(benches);
