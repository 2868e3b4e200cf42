use super::*;
use proptest::prelude::*;

fn read(u: &mut Universe, graph: &mut Graph, text: &str) -> usize {
    match loopy_expression(u, graph, text).unwrap_or_else(|e| panic!("{text}: {e}")) {
        Value::Loopy(v) => v,
        Value::Short(g) => graph.embed(u, g).unwrap(),
    }
}

fn shown(text: &str) -> (String, LoopyOutcome) {
    let (mut u, mut graph) = (Universe::new(), Graph::new());
    let v = read(&mut u, &mut graph, text);
    let r = graph.report(&mut u, v).unwrap();
    (r.canonical, r.outcome)
}

/// CGSuite's own expectations for canonical stoppers (CanonicalStopperTestCase.scala): the
/// simplest form as CGSuite writes it, and the outcome class.
#[test]
fn canonical_stoppers_are_cgsuites() {
    use LoopyOutcome::*;
    for (text, canonical, outcome) in [
        ("on", "on", L),
        ("off", "off", R),
        ("over", "over", L),
        ("{pass|3/2}", "3/2under", L),
        ("{-1/4+*|pass}", "-1/4v[on]", R),
        // CGSuite's "begin uponth := {0||0|0,pass}; {0|uponth||-uponth} end".
        ("{0|{0||0|0,pass}||-{0||0|0,pass}}", "{0|^<on>||v<on>}", N),
        ("{0|||0||0|off}", "{0|Tiny(on)}", L),
        ("{on|0||0}", "Miny(on)", R),
        ("{0||0|under}", "Tiny(over)", L),
        ("+-{0|pass}", "+-over", N),
        ("+-{5|pass}", "+-(5over)", N),
        ("a{0||||0|||a|*||*}", "a{0||||0|||a|*||*}", L),
        (
            "{0|{0||||-1|||-1+*,a{0||0|a|||-1+*||||-1+*}||-2|b{-2,{-1,-1+*||-1+*|b|||-2}|-2}}}",
            "{0|{0||||-1|||-1*,a{0||0|a|||-1*||||-1*}||-2|b{-2,{-1,-1*||-1*|b|||-2}|-2}}}",
            L,
        ),
        // Winning Ways ch. 11: upon = {pass | *}; over absorbs ups; on absorbs numbers.
        ("upon", "^[on]", L),
        ("a{0|a}", "over", L),
        ("over + over", "over", L),
        ("^ + over", "over", L),
        ("1 + on", "on", L),
        ("upon + *", "^[on]*", N),
        ("{0||0|0,pass}", "^<on>", L),
        ("1^<on>* - 1", "^<on>*", N),
    ] {
        assert_eq!(shown(text), (canonical.to_string(), outcome), "{text}");
    }
}

/// CGSuite's expectations for games that are not stoppers (SidedValueTestCase.scala): their
/// outcome classes, and dud = on + off.
#[test]
fn outcomes_of_games_that_are_not_stoppers_are_cgsuites() {
    use LoopyOutcome::*;
    for (text, outcome) in [
        ("dud", D),
        ("a{{|a}|}", PHat),
        ("{0|{dud|},*}", NHat),
        // Bach's carousel.
        ("a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}", N),
    ] {
        let (mut u, mut graph) = (Universe::new(), Graph::new());
        let v = read(&mut u, &mut graph, text);
        assert!(!graph.is_stopper(v), "{text}");
        assert_eq!(graph.outcome(v), outcome, "{text}");
    }
    assert_eq!(shown("on + off").0, "dud");
    assert_eq!(shown("{pass|pass}").0, "dud");
}

/// Comparisons in CGSuite's notation, from Winning Ways ch. 11 and Siegel ch. VI.
#[test]
fn loopy_comparisons() {
    for (text, holds) in [
        ("over > 0", true),
        ("over < 1/64", true),
        ("over > ^", true),
        ("on > 1000", true),
        ("off < -5", true),
        ("upon > 0", true),
        ("upon <> *", true),
        ("under < 0", true),
        ("over == a{0|a}", true),
        ("dud == on + off", true),
        ("dud <= on", true),
        ("dud >= off", true),
        ("dud <> 0", true),
        ("on + off == dud", true),
        ("{0|pass} + {0|pass} == over", true),
        ("over + under == 0", false),
        ("3/2under < 3/2", true),
        ("3/2under > 3/2 - 1/1024", true),
    ] {
        let c = crate::cgt::answer(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let crate::cgt::Answer::Comparison(c) = c else {
            panic!("{text}")
        };
        assert_eq!(c.result, holds, "{text}");
    }
}

/// The 22 short games born by day 2, embedded as graphs, compare as short games do, and
/// their outcomes are theirs.
#[test]
fn short_games_compare_as_short_games_exhaustively() {
    let mut u = Universe::new();
    let mut day = vec![u.zero()];
    for _ in 0..2 {
        let prev = day.clone();
        let subsets: Vec<Vec<Id>> = (0..1u32 << prev.len())
            .map(|m| {
                (0..prev.len())
                    .filter(|i| m >> i & 1 == 1)
                    .map(|i| prev[i])
                    .collect()
            })
            .collect();
        day = subsets
            .iter()
            .flat_map(|l| subsets.iter().map(move |r| (l.clone(), r.clone())))
            .map(|(l, r)| u.game(&l, &r))
            .collect();
        day.sort();
        day.dedup();
    }
    assert_eq!(day.len(), 22);
    let mut graph = Graph::new();
    let vs: Vec<usize> = day
        .iter()
        .map(|&g| graph.embed(&mut u, g).unwrap())
        .collect();
    for (i, &g) in day.iter().enumerate() {
        assert!(graph.is_stopper(vs[i]));
        let short = match u.outcome(g) {
            crate::Outcome::L => LoopyOutcome::L,
            crate::Outcome::R => LoopyOutcome::R,
            crate::Outcome::P => LoopyOutcome::P,
            crate::Outcome::N => LoopyOutcome::N,
            other => panic!("a short game's outcome is L, R, P or N, not {other:?}"),
        };
        assert_eq!(graph.outcome(vs[i]), short);
        for (j, &h) in day.iter().enumerate() {
            assert_eq!(graph.le(vs[i], vs[j]).unwrap(), u.le(g, h));
            assert_eq!(graph.le_side(vs[i], vs[j], true).unwrap(), u.le(g, h));
            assert_eq!(graph.le_side(vs[i], vs[j], false).unwrap(), u.le(g, h));
        }
    }
}

/// A random graph of up to five positions, some of whose options are the short games 0, *,
/// 1 and −1.
fn random_graph() -> impl Strategy<Value = Vec<(Vec<usize>, Vec<usize>)>> {
    (1usize..=5).prop_flat_map(|n| {
        let option = 0..n + 4;
        let side = proptest::collection::vec(option, 0..=3);
        proptest::collection::vec((side.clone(), side), n)
    })
}

/// The graph and its positions (the random ones first).
fn build(spec: &[(Vec<usize>, Vec<usize>)]) -> (Universe, Graph, Vec<usize>) {
    let mut u = Universe::new();
    let mut graph = Graph::new();
    let n = spec.len();
    let vs: Vec<usize> = (0..n).map(|_| graph.vertex().unwrap()).collect();
    let shorts: Vec<usize> = ["0", "*", "1", "-1"]
        .iter()
        .map(|t| {
            let g = u.parse(t).unwrap();
            graph.embed(&mut u, g).unwrap()
        })
        .collect();
    let at = |k: usize| if k < n { vs[k] } else { shorts[k - n] };
    for (i, (l, r)) in spec.iter().enumerate() {
        graph.set(
            vs[i],
            l.iter().map(|&k| at(k)).collect(),
            r.iter().map(|&k| at(k)).collect(),
        );
    }
    let mut all = vs;
    all.extend(shorts);
    (u, graph, all)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    /// On random graphs: ≤ is reflexive and transitive, and negation reverses it; for
    /// stoppers, survival agrees with both sides; a stopper's outcome is its order with 0;
    /// and its simplest form equals it, has no dominated or reversible options and no two
    /// equal positions, and is written as every equal stopper's simplest form is.
    #[test]
    fn loopy_games_satisfy_the_theory(spec in random_graph()) {
        check_theory(&spec)?;
    }

    /// The same on graphs whose only cycles are passes on one side (plumtrees: stoppers).
    #[test]
    fn plumtrees_satisfy_the_theory(spec in random_plumtree()) {
        check_theory(&spec)?;
    }
}

/// Positions i < n with options among the later ones, the short games, and (on Left's side
/// for even i, Right's for odd) i itself: every position a stopper.
fn random_plumtree() -> impl Strategy<Value = Vec<(Vec<usize>, Vec<usize>)>> {
    (1usize..=5).prop_flat_map(|n| {
        (0..n)
            .map(|i| {
                let later = (i + 1..n + 4).collect::<Vec<usize>>();
                let pick = proptest::sample::subsequence(later, 0..=3);
                (pick.clone(), pick, any::<bool>()).prop_map(move |(mut l, mut r, pass)| {
                    if pass {
                        if i % 2 == 0 {
                            l.push(i);
                        } else {
                            r.push(i);
                        }
                    }
                    (l, r)
                })
            })
            .collect::<Vec<_>>()
    })
}

fn check_theory(spec: &[(Vec<usize>, Vec<usize>)]) -> Result<(), TestCaseError> {
    {
        let (mut u, mut graph, vs) = build(spec);
        let zero = vs[spec.len()];
        for &a in &vs {
            prop_assert!(graph.le(a, a).unwrap());
            for &b in &vs {
                let ab = graph.le(a, b).unwrap();
                let (na, nb) = (graph.neg(a).unwrap(), graph.neg(b).unwrap());
                prop_assert_eq!(graph.le(nb, na).unwrap(), ab);
                if graph.is_stopper(a) && graph.is_stopper(b) {
                    prop_assert_eq!(graph.le_side(a, b, true).unwrap(), ab);
                    prop_assert_eq!(graph.le_side(a, b, false).unwrap(), ab);
                }
                for &c in &vs {
                    if ab && graph.le(b, c).unwrap() {
                        prop_assert!(graph.le(a, c).unwrap());
                    }
                }
            }
        }
        for &a in &vs {
            if !graph.is_stopper(a) {
                continue;
            }
            let (ge, le) = (graph.le(zero, a).unwrap(), graph.le(a, zero).unwrap());
            let by_order = match (ge, le) {
                (true, true) => LoopyOutcome::P,
                (true, false) => LoopyOutcome::L,
                (false, true) => LoopyOutcome::R,
                (false, false) => LoopyOutcome::N,
            };
            prop_assert_eq!(graph.outcome(a), by_order);
            let (simple, root) = graph.stopper_form(a).unwrap();
            let mut joined = graph.clone();
            let s = joined.absorb(simple.clone(), root).unwrap();
            prop_assert!(joined.le(a, s).unwrap() && joined.le(s, a).unwrap());
            // Written and read back, it is the same game.
            let text = simple.show(&mut u, root);
            let back = match loopy_expression(&mut u, &mut joined, &text) {
                Ok(Value::Loopy(x)) => x,
                Ok(Value::Short(g)) => joined.embed(&mut u, g).unwrap(),
                Err(e) => panic!("{text}: {e}"),
            };
            prop_assert!(
                joined.le(a, back).unwrap() && joined.le(back, a).unwrap(),
                "{}",
                text
            );
            let ps = simple.reachable(root);
            for &x in &ps {
                for &y in &ps {
                    if x != y {
                        prop_assert!(!(simple.le(x, y).unwrap() && simple.le(y, x).unwrap()));
                    }
                }
                for &o in simple.left(x) {
                    for &p in simple.left(x) {
                        prop_assert!(o == p || !simple.le(o, p).unwrap(), "dominated");
                    }
                    for &c in simple.right(o) {
                        prop_assert!(!simple.le(c, x).unwrap(), "reversible");
                    }
                }
                for &o in simple.right(x) {
                    for &p in simple.right(x) {
                        prop_assert!(o == p || !simple.le(p, o).unwrap(), "dominated");
                    }
                    for &c in simple.left(o) {
                        prop_assert!(!simple.le(x, c).unwrap(), "reversible");
                    }
                }
            }
            for &b in &vs {
                if b != a
                    && graph.is_stopper(b)
                    && graph.le(a, b).unwrap()
                    && graph.le(b, a).unwrap()
                {
                    let (sb, rb) = graph.stopper_form(b).unwrap();
                    prop_assert_eq!(simple.show(&mut u, root), sb.show(&mut u, rb));
                }
            }
        }
    }
    Ok(())
}
