use super::*;
use proptest::prelude::*;

fn read(u: &mut Universe, graph: &mut Graph, text: &str) -> usize {
    match loopy_expression(u, graph, text).unwrap_or_else(|e| panic!("{text}: {e}")) {
        Value::Loopy(v) => v,
        Value::Short(g) => graph.embed(u, g).unwrap(),
        v => panic!("{text}: {v:?} is not one game"),
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
        let c = crate::notation::answer(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let crate::notation::Answer::Comparison(c) = c else {
            panic!("{text}")
        };
        assert_eq!(c.result, holds, "{text}");
    }
}

/// The short games born by day 2.
fn day_two(u: &mut Universe) -> Vec<Id> {
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
    day
}

/// The 22 short games born by day 2, embedded as graphs, compare as short games do, and
/// their outcomes are theirs.
#[test]
fn short_games_compare_as_short_games_exhaustively() {
    let mut u = Universe::new();
    let day = day_two(&mut u);
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
                Ok(v) => panic!("{text}: {v:?}"),
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

fn sided(text: &str) -> LoopyReport {
    let (mut u, mut graph) = (Universe::new(), Graph::new());
    let v = loopy_expression(&mut u, &mut graph, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    graph.report_value(&mut u, v).unwrap()
}

/// CGSuite's expectations for sided values (SidedValueTestCase.scala, and the sided values of
/// EvalTest.scala): the value as CGSuite writes it, its sides and its outcome class.
#[test]
fn sided_values_are_cgsuites() {
    use LoopyOutcome::*;
    let carousel = "a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}";
    for (text, shown, sides, outcome) in [
        ("dud", "dud", Some(("on", "off")), D),
        ("{pass|pass}", "dud", Some(("on", "off")), D),
        ("a{{|a}|}", "1 & 0", Some(("1", "0")), PHat),
        ("{0|{dud|},*}", "^ & v*", Some(("^", "v*")), NHat),
        (
            carousel,
            "a{1|1,{1*|a||*}||0} & a{0,{1|||1*|a||*}|0}",
            None,
            N,
        ),
        // What grundy writes reads back (CGSuite reads `&` between stoppers only).
        (
            "a{1|1,{1*|a||*}||0} & a{0,{1|||1*|a||*}|0}",
            "a{1|1,{1*|a||*}||0} & a{0,{1|||1*|a||*}|0}",
            None,
            N,
        ),
        ("a{1||a|0}", "2 & +-1", Some(("2", "+-1")), NHat),
        ("over & v", "over & v", Some(("over", "v")), D),
        ("{2&-2|1&-2}", "{2|1} & -2*", Some(("{2|1}", "-2*")), D),
        (
            &format!("{carousel}+1"),
            "a{2|2,{2*|a||1*}||1} & a{1,{2|||2*|a||1*}|1}",
            None,
            L,
        ),
        (
            "9*(upon & v)",
            "{0||||0|||0||0|{0||||0|||0||0|^[on]}} & v9",
            None,
            D,
        ),
        (
            "10*upon",
            "{0|{0||||0|||0||0|{0||||0|||0||0|^[on]*}}}",
            None,
            L,
        ),
    ] {
        let r = sided(text);
        assert_eq!(r.canonical, shown, "{text}");
        assert_eq!(r.outcome, outcome, "{text}");
        if let Some((on, off)) = sides {
            assert_eq!(r.onside.as_deref(), Some(on), "{text}");
            assert_eq!(r.offside.as_deref(), Some(off), "{text}");
            assert!(!r.stopper, "{text}");
        }
    }
}

/// CGSuite's `.Onside`, `.Offside` (of values whose sides are stoppers) and `.Degree`
/// (CanonicalStopperTestCase.scala, SidedValueTestCase.scala).
#[test]
fn sides_and_degrees_are_cgsuites() {
    for (text, shown) in [
        ("(a{{|a}|}).Onside", "1"),
        ("(a{{|a}|}).Offside", "0"),
        ("({0|{dud|},*}).Onside", "^"),
        ("({0|{dud|},*}).Offside", "v*"),
        ("dud.Onside", "on"),
        ("(over & v).Offside", "v"),
        ("on.Degree", "on"),
        ("off.Degree", "on"),
        ("over.Degree", "over"),
        ("{pass|3/2}.Degree", "over"),
        ("{-1/4+*|pass}.Degree", "^<on>"),
        ("{0|{0||0|0,pass}||-{0||0|0,pass}}.Degree", "^<on>"),
        ("{0|||0||0|off}.Degree", "{0||||0|||Miny(on)|0||off}"),
        ("{on|0||0}.Degree", "Tiny(on)"),
        ("{0||0|under}.Degree", "Tiny(over)"),
        ("(+-{0|pass}).Degree", "over"),
        ("(+-{5|pass}).Degree", "over"),
        ("a{0||||0|||a|*||*}.Degree", "{0|a{0|0,{0|||a|0||0}}}"),
        (
            "{0|{0||||-1|||-1+*,a{0||0|a|||-1+*||||-1+*}||-2|b{-2,{-1,-1+*||-1+*|b|||-2}|-2}}}.Degree",
            "{0|{0||||-1|||-1*,a{0||0|a|||-1*||||-1*}||-2|b{-2,{-1,-1*||-1*|b|||-2}|-2}}}",
        ),
        ("a{0|{0||||0,*2|||a|0||0}||0}.Degree", "a{0||0|{0|a||0,*2|||0||||0}}"),
    ] {
        assert_eq!(sided(text).canonical, shown, "{text}");
    }
    let (mut u, mut graph) = (Universe::new(), Graph::new());
    for (text, why) in [
        ("a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}.Onside", "not a stopper"),
        ("0 & 1", "at most the onside"),
        ("off & over", "at most the onside"),
        ("(a{{|a}|}).Degree", "defined for stoppers"),
        ("a{0|(1 & 0), a}", "cannot be moved back"),
        ("(1 & 0).Cool(1)", "not read on loopy games"),
    ] {
        let e = loopy_expression(&mut u, &mut graph, text).unwrap_err();
        assert!(e.to_string().contains(why), "{text}: {e}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    /// On random graphs, each side in simple form equals the side of the game (compared on
    /// the graph of their difference); a stopper's sides are its simplest form; the outcome
    /// read off the sides (each compared with 0) is the outcome of play; the value's text
    /// reads back as an equal value; and the sides of −G are the negated sides of G,
    /// swapped.
    #[test]
    fn sides_are_the_games_sides(spec in random_graph()) {
        let (mut u, mut graph, vs) = build(&spec);
        for &a in &vs[..spec.len()] {
            for onside in [true, false] {
                let s = graph.side_vertex(a, onside).unwrap();
                prop_assert!(graph.le_side(a, s, onside).unwrap());
                prop_assert!(graph.le_side(s, a, onside).unwrap());
                if graph.is_stopper(a) {
                    prop_assert!(graph.le(a, s).unwrap() && graph.le(s, a).unwrap());
                }
                let minus = graph.neg(a).unwrap();
                let t = graph.side_vertex(minus, !onside).unwrap();
                let minus_s = graph.neg(s).unwrap();
                prop_assert!(graph.le_side(t, minus_s, !onside).unwrap());
                prop_assert!(graph.le_side(minus_s, t, !onside).unwrap());
            }
            prop_assert_eq!(graph.sided_outcome(&mut u, a, a).unwrap(), graph.outcome(a));
            let report = graph.report(&mut u, a).unwrap();
            let back = loopy_expression(&mut u, &mut graph, &report.canonical);
            let back = back.unwrap_or_else(|e| panic!("{}: {e}", report.canonical));
            let (on, off) = back.sides(&mut u, &mut graph).unwrap();
            prop_assert!(graph.le_side(a, on, true).unwrap() && graph.le_side(on, a, true).unwrap(),
                "{}", report.canonical);
            prop_assert!(graph.le_side(a, off, false).unwrap() && graph.le_side(off, a, false).unwrap(),
                "{}", report.canonical);
        }
    }
}

/// G + H written out: a vertex for every pair of positions, no short sums taken.
fn naive_sum(graph: &mut Graph, g: usize, h: usize) -> usize {
    let (gs, hs) = (graph.reachable(g), graph.reachable(h));
    let at: HashMap<(usize, usize), usize> = gs
        .iter()
        .flat_map(|&a| hs.iter().map(move |&b| (a, b)))
        .map(|pair| (pair, graph.vertex().unwrap()))
        .collect::<Vec<_>>()
        .into_iter()
        .collect();
    for (&(a, b), &v) in &at {
        let moves = |graph: &Graph, left: bool| -> Vec<usize> {
            let of = |x: usize| {
                if left {
                    graph.left(x).to_vec()
                } else {
                    graph.right(x).to_vec()
                }
            };
            of(a)
                .into_iter()
                .map(|x| at[&(x, b)])
                .chain(of(b).into_iter().map(|y| at[&(a, y)]))
                .collect()
        };
        let (l, r) = (moves(graph, true), moves(graph, false));
        graph.set(v, l, r);
    }
    at[&(g, h)]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    /// A sum whose loop-free parts are added as short games equals the sum written out: the
    /// same order against every position, and the same outcome.
    #[test]
    fn sums_equal_the_sums_written_out(spec in random_graph(), i in 0usize..4, j in 0usize..4) {
        let (mut u, mut graph, vs) = build(&spec);
        let (g, h) = (vs[i % vs.len()], vs[j % vs.len()]);
        let s = graph.sum(&mut u, g, h).unwrap();
        let n = naive_sum(&mut graph, g, h);
        prop_assert_eq!(graph.outcome(s), graph.outcome(n));
        for onside in [true, false] {
            prop_assert!(graph.le_side(s, n, onside).unwrap() && graph.le_side(n, s, onside).unwrap());
        }
    }
}

/// CGSuite's Left and Right stops of stoppers (CanonicalStopperTestCase.scala): pseudonumbers.
#[test]
fn stops_are_cgsuites() {
    for (text, left, right) in [
        ("on", "on", "on"),
        ("off", "off", "off"),
        ("over", "over", "over"),
        ("{pass|3/2}", "3/2under", "3/2under"),
        ("{-1/4+*|pass}", "-1/4", "-1/4"),
        ("{0|{0||0|0,pass}||-{0||0|0,pass}}", "0", "0"),
        ("{0|||0||0|off}", "0", "0"),
        ("{on|0||0}", "0", "0"),
        ("{0||0|under}", "0", "0"),
        ("+-{0|pass}", "over", "under"),
        ("+-{5|pass}", "5over", "-5under"),
        ("a{0||||0|||a|*||*}", "0", "0"),
        (
            "{0|{0||||-1|||-1+*,a{0||0|a|||-1+*||||-1+*}||-2|b{-2,{-1,-1+*||-1+*|b|||-2}|-2}}}",
            "0",
            "0",
        ),
        ("a{0|{0||||0,*2|||a|0||0}||0}", "0", "0"),
    ] {
        let r = sided(text);
        assert_eq!(r.left_stop.as_deref(), Some(left), "{text}");
        assert_eq!(r.right_stop.as_deref(), Some(right), "{text}");
    }
    // Sided values have no stops of their own.
    assert_eq!(sided("over & v").left_stop, None);
}

/// CGSuite's powers with loopy exponents, subordination of stoppers, upsums, downsums and
/// varieties (GameTest.scala, CanonicalStopperTestCase.scala).
#[test]
fn powers_and_varieties_are_cgsuites() {
    for (text, shown) in [
        ("^.Pow({1|pass})", "{0||0,pass|0,*}"),
        ("^.Pow({5|pass})", "{0||0,pass|0,v[4]*}"),
        ("^.Pow({pass|5})", "{0||0,v[4]*|0,pass}"),
        ("^.Pow(on)", "^<on>"),
        (
            "{0||0|-2}.Pow({5|pass})",
            "{0||0,pass|-2,{0|-2,{0|-2,{0|-2,{0|-2,{0|-2}}}}}}",
        ),
        ("{0||0|-2}.Pow(on)", "{0||0|-2,pass}"),
        ("^.PowTo({pass|1})", "{pass|*,^}"),
        ("^.PowTo({1|pass})", "{^|*,pass}"),
        ("^.PowTo({5|pass})", "{^[5]|*,pass}"),
        ("^.PowTo({pass|5})", "{pass|*,^[5]}"),
        (
            "{0||0|-2}.PowTo({5|pass})",
            "{{Tiny(2)||0|-2|||0|-2||||0|-2}||0|-2|||{0|-2},pass}",
        ),
        ("{0||0|-2}.PowTo(on)", "{pass||0|-2}"),
        ("^ : on", "^[on]"),
        ("upon.Downsum(^.Pow(on))", "^[on]"),
        ("upon.DownsumVariety(^.Pow(on))", "v<on>"),
        ("upon.Upsum(^.Pow(on))", "{0|^<on>*}"),
        ("upon.UpsumVariety(^.Pow(on))", "v<on>"),
        ("over.Subordinate(1)", "off"),
        ("(upon+*).Subordinate(*)", "on"),
        ("{0,*|0,pass}.Subordinate(*)", "over"),
        ("on.Subordinate(1)", "on"),
        // Varieties (CanonicalStopperTestCase's `variety`).
        ("on.Variety", "on"),
        ("off.Variety", "off"),
        ("over.Variety", "over"),
        ("{pass|3/2}.Variety", "under"),
        ("{-1/4+*|pass}.Variety", "^<on>"),
        (
            "{0|{0||0|0,pass}||-{0||0|0,pass}}.Variety",
            "{^[on]*,^<on>||v<on>|0}",
        ),
        ("{on|0||0}.Variety", "Miny(on)"),
        ("{0||0|under}.Variety", "Tiny(over)"),
        ("(+-{0|pass}).Variety", "+-over"),
        ("(+-{5|pass}).Variety", "+-{10over|over}"),
        ("a{0||||0|||a|*||*}.Variety", "{a{0,{0||0|a|||0}|0}|0}"),
    ] {
        assert_eq!(sided(text).canonical, shown, "{text}");
    }
    let (mut u, mut graph) = (Universe::new(), Graph::new());
    for (text, why) in [
        ("^.Pow({pass|1})", "cannot be subordinated to 1"),
        ("^.Pow(off)", "cannot be subordinated to 1"),
        ("on.Subordinate(*)", "cannot be subordinated"),
        ("{0|||0||0|off}.Variety", "must be an idempotent"),
        ("a{0|{0||||0,*2|||a|0||0}||0}.Variety", "not stable"),
        ("(+-1).Pow(on)", "the base must be of the form {0|H}"),
    ] {
        let e = loopy_expression(&mut u, &mut graph, text).unwrap_err();
        assert!(e.to_string().contains(why), "{text}: {e}");
    }
}

/// On short games, the graphs' ordinal sum and subordination agree with the short games'
/// (every pair of games born by day 2; every game subordinated to 1 and to *).
#[test]
fn ordinal_sums_and_subordinates_of_short_games_agree_exhaustively() {
    let mut u = Universe::new();
    let day = day_two(&mut u);
    let mut graph = Graph::new();
    let equal =
        |graph: &Graph, a: usize, b: usize| graph.le(a, b).unwrap() && graph.le(b, a).unwrap();
    for &g in &day {
        for &h in &day {
            let hv = graph.embed(&mut u, h).unwrap();
            let sum = graph.ordinal_sum(&mut u, g, hv).unwrap();
            let expected = u.ordinal_sum(g, h);
            let expected = graph.embed(&mut u, expected).unwrap();
            assert!(
                equal(&graph, sum, expected),
                "{} : {}",
                u.show(g),
                u.show(h)
            );
        }
        for base in [u.integer(1), u.nimber(1)] {
            let gv = graph.embed(&mut u, g).unwrap();
            let got = graph.subordinate(&mut u, gv, base).unwrap();
            let expected = u.subordinate_to(g, base);
            match (got, expected) {
                (None, None) => {}
                (Some(x), Some(e)) => {
                    let e = graph.embed(&mut u, e).unwrap();
                    assert!(
                        equal(&graph, x, e),
                        "{}.Subordinate({})",
                        u.show(g),
                        u.show(base)
                    );
                }
                (got, expected) => panic!(
                    "{}.Subordinate({}): {got:?} against {expected:?}",
                    u.show(g),
                    u.show(base)
                ),
            }
        }
    }
}

/// A form kept as written is read by the loopy games' reader too, so that an ordinal sum
/// takes its options as written (CGSuite's CompoundGameTestCase: `('{-1|1}':on).GameValue`
/// is `1under`, where `{-1|1} : on`, of the value 0, is `on`); `'{*|*}' : on` is upon; a
/// name given to a kept form stands for the form; a kept form elsewhere is its value.
#[test]
fn kept_forms_as_the_base_of_a_loopy_ordinal_sum() {
    use crate::notation::{answer, session::Session, Answer};
    let canonical = |text: &str| match answer(text).unwrap_or_else(|e| panic!("{text}: {e}")) {
        Answer::Loopy(r) => r.canonical,
        Answer::Value(r) => r.canonical,
        other => panic!("{text}: {other:?}"),
    };
    assert_eq!(canonical("'{-1|1}' : on"), "1under");
    assert_eq!(canonical("{-1|1} : on"), "on");
    assert_eq!(canonical("'{-1|1}' + on"), "on");
    assert_eq!(canonical("('{-1|1}' : 1)"), "1/2");
    for holds in [
        "('{*|*}' : on) == upon",
        "('{-1|1}' : on) == {pass|1}",
        "('{*|*}' : on) != on",
    ] {
        let Answer::Comparison(c) = answer(holds).unwrap() else {
            panic!("{holds}")
        };
        assert!(c.result, "{holds}");
    }
    let mut s = Session::new();
    s.line("g := '{*|*}'").unwrap();
    let Answer::Comparison(c) = s.line("g : on == upon").unwrap().unwrap().answer else {
        panic!()
    };
    assert!(c.result);
    let e = answer("'{1|' : on").unwrap_err().to_string();
    assert!(
        e.contains("a kept form is a game in braces within quotes"),
        "{e}"
    );
}
