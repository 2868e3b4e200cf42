use super::*;

/// `--all`'s order on values other than integers and lists of them: by kind, then
/// element by element (a prefix first), maps by their sorted entries.
#[test]
fn values_are_ordered_by_kind_then_element_by_element() {
    let engine = Engine::new();
    let values: Vec<Dynamic> = [
        "()",
        "false",
        "1.5",
        "2",
        "'c'",
        "\"a\"",
        "\"b\"",
        "[\"a\"]",
        "[\"a\", \"b\"]",
        "[\"b\"]",
        "#{a: 1}",
        "#{a: 1, b: 0}",
        "#{a: 2}",
    ]
    .iter()
    .map(|text| engine.eval::<Dynamic>(text).unwrap())
    .collect();
    for (i, a) in values.iter().enumerate() {
        for (j, b) in values.iter().enumerate() {
            assert_eq!(value_order(a, b), i.cmp(&j), "{a} against {b}");
        }
    }
}
use proptest::prelude::*;

fn example(name: &str) -> Rules {
    let path = format!("{}/../../examples/{name}", env!("CARGO_MANIFEST_DIR"));
    Rules::compile(&std::fs::read_to_string(&path).unwrap(), &path).unwrap()
}

/// A script's value is the catalog's for the same game (partizan subtraction, every heap
/// to 40), an impartial script's is the nimber of its Grundy value, and games that have
/// no value (a cycle, results of their own) are refused in one line.
#[test]
fn values_of_scripts_agree_with_the_catalog_and_refuse_what_has_none() {
    let rules = example("partizan-subtraction.rhai");
    let catalog = grundy::registry::Registry::catalog()
        .parse("partizan-subtraction --left 1,2 --right 2,3")
        .unwrap()
        .game()
        .unwrap();
    for n in 0..=40 {
        let opts = Options {
            start: Some(n.to_string()),
            ..Options::default()
        };
        let mine = rules.value(&opts).unwrap();
        let p = catalog.position(&[&n.to_string()]).unwrap();
        assert_eq!(mine, catalog.value(&p).unwrap(), "heap {n}");
    }
    // A sum the script splits into components: each heap valued alone, the nimbers added
    // (Kayles: G(7) = 2, G(11) = 6, G(13) = 1).
    let kayles = example("kayles-sum.rhai")
        .value(&Options::default())
        .unwrap();
    assert_eq!(kayles.canonical, "*5");
    // Two heaps of the subtraction game {1, 3, 4}, every pair up to 12.
    let take = Rules::compile(
        "fn start() { [0, 0] }
             fn moves(p) { let m = []; for i in [0, 1] { for s in [1, 3, 4] {
                 if s <= p[i] { let q = p; q[i] -= s; m.push(q); } } } m }",
        "take134.rhai",
    )
    .unwrap();
    for a in 0..=12 {
        for b in 0..=12 {
            let opts = Options {
                start: Some(format!("[{a}, {b}]")),
                ..Options::default()
            };
            let Some(Gsg::Finite(g)) = take.solve(&opts).unwrap().grundy else {
                panic!("a Grundy value")
            };
            let star = match g {
                0 => "0".to_string(),
                1 => "*".to_string(),
                g => format!("*{g}"),
            };
            assert_eq!(take.value(&opts).unwrap().canonical, star, "{a} {b}");
        }
    }
    for (name, why) in [("loopy.rhai", "cycle"), ("tic-tac-toe.rhai", "primitive")] {
        let e = example(name)
            .value(&Options::default())
            .unwrap_err()
            .to_string();
        assert!(e.contains(why) && !e.contains('\n'), "{name}: {e}");
    }
    let tight = Options {
        max_positions: 3,
        ..Options::default()
    };
    assert!(matches!(
        rules.value(&tight),
        Err(ScriptError::TooMany { limit: 3, .. })
    ));
}

/// Integers near each other, far apart and at both ends of i64, then a walk up or down
/// (which widens the table over some of them), then more of the first kind.
fn integers() -> impl Strategy<Value = Vec<i64>> {
    let one = || {
        prop_oneof![
            -3000i64..3000,
            -200_000i64..200_000,
            any::<i64>(),
            Just(i64::MIN),
            Just(i64::MAX),
            (i64::MAX - 5000)..=i64::MAX,
        ]
    };
    let walk = (-100_000i64..100_000, 0usize..90_000, any::<bool>()).prop_map(|(s, n, up)| {
        (0..n as i64)
            .map(|i| {
                if up {
                    s.saturating_add(i)
                } else {
                    s.saturating_sub(i)
                }
            })
            .collect::<Vec<_>>()
    });
    (
        proptest::collection::vec(one(), 0..200),
        walk,
        proptest::collection::vec(one(), 0..200),
    )
        .prop_map(|(a, b, c)| [a, b, c].concat())
}

proptest! {
    /// The same integer always gets the same id, a new one the next id, whether the table
    /// or the map holds it and however often the table widens.
    #[test]
    fn integer_ids_are_those_of_a_hash_map(ns in integers()) {
        let mut ids = IntIds::default();
        let mut reference: HashMap<i64, u32> = HashMap::new();
        for n in ns {
            let next = reference.len() as u32;
            let want = *reference.entry(n).or_insert(next);
            prop_assert_eq!(ids.id(n, next), want, "integer {}", n);
        }
    }
}

proptest! {
    /// Arrays of integers get the ids a hash map of vectors would give them, whatever the
    /// growth of the table (which rehashes from the store), and come back from the store
    /// as the same Rhai value and JSON.
    #[test]
    fn array_ids_are_those_of_a_hash_map(
        arrays in proptest::collection::vec(
            proptest::collection::vec(prop_oneof![-3i64..3, any::<i64>()], 0..4),
            0..3000,
        )
    ) {
        let mut ex = Explorer::default();
        let mut reference: HashMap<Vec<i64>, u32> = HashMap::new();
        for a in arrays {
            let next = reference.len() as u32;
            let want = *reference.entry(a.clone()).or_insert(next);
            let p = Dynamic::from_array(a.iter().map(|&n| Dynamic::from(n)).collect());
            prop_assert_eq!(ex.id(p.clone(), None).unwrap(), want, "array {:?}", a);
            let u = want as usize;
            prop_assert_eq!(ex.store.value(u).to_string(), p.to_string());
            prop_assert_eq!(ex.store.json(u), position_json(&p));
        }
        prop_assert_eq!(ex.store.len(), reference.len());
    }
}

/// Solves `script` with one and two threads and checks every position's outcome and
/// remoteness against `graph`, built directly, whose vertex for a position is `index`.
fn check_against_graph(script: &str, graph: &Graph, index: impl Fn(&serde_json::Value) -> usize) {
    let rules = Rules::compile(script, "test.rhai").unwrap();
    let opts = Options {
        all: true,
        ..Options::default()
    };
    let (outcome, remoteness) = graph.retrograde_with(|_| None, Outcome::P);
    for threads in [1, 2] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        let report = pool.install(|| rules.solve(&opts)).unwrap();
        let all = report.all.unwrap();
        assert_eq!(all.len(), graph.len());
        for p in all.iter() {
            let n = index(&p.position);
            assert_eq!(
                (p.outcome, p.remoteness),
                (outcome[n], remoteness[n]),
                "position {}, {threads} threads",
                p.position
            );
        }
    }
}

/// A wide, loopy frontier: batches are expanded while the one before is keyed.
#[test]
fn overlapped_batches_key_every_move_to_its_own_position() {
    const N: i64 = 30_000;
    let script = format!(
        "fn start() {{ 0 }}
             fn moves(n) {{ if n >= {N} {{ return []; }} [n + 1, (7 * n + 3) % {N}] }}"
    );
    let edges = (0..N as u32)
        .flat_map(|n| [(n, n + 1), (n, ((7 * i64::from(n) + 3) % N) as u32)])
        .collect();
    let graph = Graph::from_numbered_edges(N as usize + 1, edges);
    check_against_graph(&script, &graph, |p| p.as_u64().unwrap() as usize);
}

/// A narrow, loopy frontier of array positions (a grid whose cells may also swap their
/// coordinates): each level is keyed a quarter first, the rest while the positions found
/// are expanded.
#[test]
fn narrow_frontiers_key_every_move_to_its_own_position() {
    const N: u32 = 90;
    let script = format!(
        "fn start() {{ [{N}, {N}] }}
             fn moves(p) {{
                 let m = [];
                 if p[0] > 0 {{ m.push([p[0] - 1, p[1]]); }}
                 if p[1] > 0 {{ m.push([p[0], p[1] - 1]); }}
                 if (p[0] + p[1]) % 3 == 0 {{ m.push([p[1], p[0]]); }}
                 m
             }}"
    );
    let at = |a: u32, b: u32| a * (N + 1) + b;
    let mut edges = Vec::new();
    for a in 0..=N {
        for b in 0..=N {
            if a > 0 {
                edges.push((at(a, b), at(a - 1, b)));
            }
            if b > 0 {
                edges.push((at(a, b), at(a, b - 1)));
            }
            if (a + b) % 3 == 0 {
                edges.push((at(a, b), at(b, a)));
            }
        }
    }
    let graph = Graph::from_numbered_edges(((N + 1) * (N + 1)) as usize, edges);
    check_against_graph(&script, &graph, |p| {
        at(p[0].as_u64().unwrap() as u32, p[1].as_u64().unwrap() as u32) as usize
    });
}

/// Every example and benchmark script (the latter made smaller) gives the same report,
/// every position listed, on grundy's evaluator as on Rhai alone; those written in the
/// evaluator's subset do run on it.
#[test]
fn scripts_solve_alike_on_both_evaluators() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let mut own = Vec::new();
    for dir in ["examples", "bench/scripts"] {
        let mut files: Vec<_> = std::fs::read_dir(format!("{root}/{dir}"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "rhai"))
            .collect();
        files.sort();
        for path in files {
            let text = std::fs::read_to_string(&path)
                .unwrap()
                .replace("300000", "3000")
                .replace("[700, 700]", "[40, 40]")
                .replace("1000000", "10000")
                .replace("fn width() { 5 }", "fn width() { 4 }")
                .replace("fn height() { 4 }", "fn height() { 3 }")
                .replace("\".....|.....|.....|.....\"", "\"...|...|..#\"");
            let name = path.file_stem().unwrap().to_string_lossy().to_string();
            let rules = Rules::compile(&text, &name).unwrap();
            if let Some(fast) = &rules.fast {
                own.push(name.clone());
                if name == "chain-push" {
                    let moves = fast.call("moves", fast::Val::Int(5)).unwrap();
                    assert_eq!(
                        moves,
                        fast::Val::Array(vec![4, 2].into_iter().map(fast::Val::Int).collect())
                    );
                }
            }
            let report = |rhai_only| {
                let opts = Options {
                    // (A script with components lists no positions: see the CLI's tests.)
                    all: !rules.components,
                    rhai_only,
                    ..Options::default()
                };
                serde_json::to_string(&rules.solve(&opts).unwrap()).unwrap()
            };
            assert_eq!(report(false), report(true), "{name}");
        }
    }
    // A script in the subset errs as Rhai makes it err: the call is left to Rhai, which
    // names the place.
    let rules = Rules::compile(
        "fn start() { [3] }\nfn moves(p) { [[p[0] - 1], p[5]] }",
        "bad.rhai",
    )
    .unwrap();
    let fast = rules.fast.as_ref().unwrap();
    let three = fast::Val::Array(thin_vec::thin_vec![fast::Val::Int(3)]);
    assert!(fast.call("moves", three).is_err());
    let e = rules.solve(&Options::default()).unwrap_err().to_string();
    assert!(e.starts_with("bad.rhai:2:"), "{e}");
    assert!(e.contains("index"), "{e}");
    // All but the loopy game (a `switch`).
    assert_eq!(
        own,
        [
            "connect-four",
            "cram-regions",
            "cram",
            "euclid",
            "grid",
            "kayles-sum",
            "partizan-subtraction",
            "ring",
            "tic-tac-toe",
            "chain-push",
            "chain",
            "grid",
            "wide"
        ]
    );
}

/// A script that fails inside the solver by components stops it with its own error,
/// which names the place, whether `moves` or `components` fails, deep in the search or
/// at the start.
#[test]
fn errors_in_the_solver_by_components_name_their_place() {
    let with = |moves_body: &str, components_body: &str| {
        let script = format!(
            "fn start() {{ [5, 6] }}\nfn components(p) {{ {components_body} }}\n\
                 fn moves(p) {{ {moves_body} }}"
        );
        let rules = Rules::compile(&script, "c.rhai").unwrap();
        assert!(rules.components);
        rules.solve(&Options::default()).map(|r| r.grundy)
    };
    let parts = "let out = []; for r in p { if r > 0 { out.push([r]); } } out";
    let take = "let n = p[0]; let out = []; for k in 1..=n { out.push([n - k]); } out";
    // Nim: heaps 5 and 6 are worth 5 ^ 6.
    let ok = with(take, parts).unwrap();
    assert_eq!(serde_json::to_string(&ok).unwrap(), "3");
    for (moves, components, line) in [
        ("if p[0] == 2 { p[7] } else { [[p[0] - 1]] }", parts, ":3:"),
        (take, "if p.len() == 2 { p[9] } else { [p] }", ":2:"),
        (take, "if p == [1] { p.x() } else { [p] }", ":2:"),
    ] {
        let e = with(moves, components).unwrap_err().to_string();
        assert!(e.starts_with("c.rhai") && e.contains(line), "{e}");
    }
}

#[test]
fn arrays_whose_hash_bits_collide_keep_their_own_ids() {
    // Two one-integer arrays with the same 32 hash bits (a birthday search).
    let mut seen: HashMap<u32, i64> = HashMap::new();
    let (a, b) = (0i64..)
        .find_map(|n| seen.insert(hash_ints(&[n]), n).map(|m| (m, n)))
        .unwrap();
    let arr = |n: i64| Dynamic::from_array(vec![Dynamic::from(n)]);
    let mut ex = Explorer::default();
    assert_eq!(ex.id(arr(a), None).unwrap(), 0);
    assert_eq!(ex.id(arr(b), None).unwrap(), 1);
    assert_eq!(ex.id(arr(a), None).unwrap(), 0);
    assert_eq!(ex.id(arr(b), None).unwrap(), 1);
}

#[test]
fn positions_are_keyed_by_value_whatever_their_kind() {
    let mut ex = Explorer::default();
    let int = |n: i64| Dynamic::from(n);
    let arr = |v: &[i64]| Dynamic::from_array(v.iter().map(|&n| Dynamic::from(n)).collect());
    let a = ex.id(int(5), None).unwrap();
    let b = ex.id(arr(&[5]), None).unwrap();
    let c = ex.id(Dynamic::from("5"), None).unwrap();
    let d = ex.id(int(5), Some(true)).unwrap();
    assert_eq!([a, b, c, d], [0, 1, 2, 3]);
    assert_eq!(ex.id(arr(&[5]), None).unwrap(), 1);
    assert_eq!(ex.id(arr(&[]), None).unwrap(), 4);
    let mixed = Dynamic::from_array(vec![Dynamic::from(1_i64), Dynamic::from("x")]);
    assert_eq!(ex.id(mixed.clone(), None).unwrap(), 5);
    assert_eq!(ex.id(mixed, None).unwrap(), 5);
    assert_eq!(ex.store.len(), 6);
    for (u, want) in ["5", "[5]", "\"5\"", "5", "[]", "[1,\"x\"]"]
        .iter()
        .enumerate()
    {
        assert_eq!(ex.store.json(u).to_string(), *want);
    }
    assert_eq!(ex.store.sides, [None, None, None, Some(true), None, None]);
    // An array that turns out not to be all integers leaves no integers behind for the
    // arrays after it in the same list.
    let list = vec![
        Dynamic::from_array(vec![Dynamic::from(7_i64), Dynamic::from("y")]),
        arr(&[2, 3]),
    ];
    let mut ids = Vec::new();
    ex.ids(Children::of(list).unwrap(), None, &mut ids);
    assert_eq!(ids, [6, 7]);
    assert_eq!(ex.store.json(7).to_string(), "[2,3]");
}

/// A partizan script whose positions cycle gets its loopy value: the ring of
/// examples/ring.rhai (Left draws moving first, wins when Right starts: PHat) equals its
/// value written in CGSuite's notation, and `on` and `over` written as scripts are
/// those stoppers.
#[test]
fn cycling_partizan_scripts_get_loopy_values() {
    let ring = Rules::compile(
        &std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../examples/ring.rhai"
        ))
        .unwrap(),
        "ring.rhai",
    )
    .unwrap();
    let grundy::notation::Answer::Loopy(r) = ring.value_answer(&Options::default()).unwrap() else {
        panic!("a loopy value")
    };
    assert_eq!(r.outcome, grundy::cgt::loopy::LoopyOutcome::PHat);
    assert!(!r.stopper);
    let same = format!("{} == a{{b{{c{{0,a|c||b}}|a}}||0,a|c}}", r.canonical);
    let grundy::notation::Answer::Comparison(c) = grundy::notation::answer(&same).unwrap() else {
        panic!()
    };
    assert!(c.result, "{same}");
    for (moves, shown) in [
        (
            "fn left_moves(p) { if p == 0 { [0] } else { [] } } fn right_moves(p) { [] }",
            "on",
        ),
        (
            "fn left_moves(p) { if p == 0 { [1] } else { [] } } \
                 fn right_moves(p) { if p == 0 { [0] } else { [] } }",
            "over",
        ),
    ] {
        let rules = Rules::compile(&format!("fn start() {{ 0 }} {moves}"), "s.rhai").unwrap();
        let grundy::notation::Answer::Loopy(r) = rules.value_answer(&Options::default()).unwrap()
        else {
            panic!("{moves}")
        };
        assert_eq!(r.canonical, shown);
    }
    // An impartial script that cycles has no value of either kind.
    let impartial = Rules::compile("fn start() { 0 } fn moves(p) { [1 - p] }", "two.rhai").unwrap();
    let e = impartial
        .value_answer(&Options::default())
        .unwrap_err()
        .to_string();
    assert!(e.contains("loopy values are for partizan games"), "{e}");
}
