use super::*;
use proptest::prelude::*;

mod calculus;

/// A game form as written, not reduced: the definitions are checked on these.
#[derive(Clone, Debug)]
struct Raw {
    left: Vec<Raw>,
    right: Vec<Raw>,
}

/// G ≤ H by the definition: no G^L ≥ H and no H^R ≤ G.
fn naive_le(g: &Raw, h: &Raw) -> bool {
    !g.left.iter().any(|gl| naive_le(h, gl)) && !h.right.iter().any(|hr| naive_le(hr, g))
}

/// Every form born by day `d`, as written (subsets of the forms of the day before).
fn born_by(d: u32) -> Vec<Raw> {
    let mut forms = vec![Raw {
        left: vec![],
        right: vec![],
    }];
    for _ in 0..d {
        let prev = forms.clone();
        let subsets: Vec<Vec<Raw>> = (0..1u32 << prev.len())
            .map(|mask| {
                (0..prev.len())
                    .filter(|i| mask >> i & 1 == 1)
                    .map(|i| prev[i].clone())
                    .collect()
            })
            .collect();
        forms = subsets
            .iter()
            .flat_map(|l| {
                subsets.iter().map(move |r| Raw {
                    left: l.clone(),
                    right: r.clone(),
                })
            })
            .collect();
    }
    forms
}

fn build(u: &mut Universe, g: &Raw) -> Id {
    let left: Vec<Id> = g.left.iter().map(|o| build(u, o)).collect();
    let right: Vec<Id> = g.right.iter().map(|o| build(u, o)).collect();
    u.game(&left, &right)
}

/// Day 1 has 4 games and day 2 has 22 (Winning Ways, ch. 7; Siegel, CGT, §III.1): the 256
/// forms made of day-1 forms reduce to exactly 22 canonical forms, and comparison of the
/// canonical forms agrees with the definition on every pair of written forms.
#[test]
fn the_games_born_by_day_two_are_twenty_two_and_compare_as_defined() {
    let mut u = Universe::new();
    let day1 = born_by(1);
    let ids1: std::collections::HashSet<Id> = day1.iter().map(|g| build(&mut u, g)).collect();
    assert_eq!(ids1.len(), 4);
    let day2 = born_by(2);
    assert_eq!(day2.len(), 256);
    let ids: Vec<Id> = day2.iter().map(|g| build(&mut u, g)).collect();
    let distinct: std::collections::HashSet<Id> = ids.iter().copied().collect();
    assert_eq!(distinct.len(), 22);
    for (g, &gi) in day2.iter().zip(&ids) {
        for (h, &hi) in day2.iter().zip(&ids) {
            assert_eq!(u.le(gi, hi), naive_le(g, h), "{g:?} ≤ {h:?}");
        }
        // Equal ids exactly for equal values.
        assert!(u.birthday(gi) <= 2u32.into());
    }
}

/// Every canonical form of day 2 is reduced: no option dominated, none reversible.
#[test]
fn canonical_forms_have_no_dominated_or_reversible_options() {
    let mut u = Universe::new();
    let ids: Vec<Id> = born_by(2).iter().map(|g| build(&mut u, g)).collect();
    for g in ids {
        let (l, r) = (u.left(g).to_vec(), u.right(g).to_vec());
        for &a in &l {
            for &b in &l {
                assert!(a == b || !u.le(a, b), "dominated Left option");
            }
            for glr in u.right(a).to_vec() {
                assert!(!u.le(glr, g), "reversible Left option");
            }
        }
        for &a in &r {
            for &b in &r {
                assert!(a == b || !u.le(b, a), "dominated Right option");
            }
            for grl in u.left(a).to_vec() {
                assert!(!u.le(g, grl), "reversible Right option");
            }
        }
    }
}

/// Values from Winning Ways and Siegel's book, written and read back in CGSuite's notation.
#[test]
fn known_values_in_cgsuite_notation() {
    let mut u = Universe::new();
    let mut show = |text: &str| {
        let g = u.parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        u.show(g)
    };
    for (text, canonical) in [
        ("0", "0"),
        ("{|}", "0"),
        ("{0|}", "1"),
        ("{|0}", "-1"),
        ("{0|1}", "1/2"),
        ("{1/2|1}", "3/4"),
        ("{-1|1}", "0"),
        ("{5|}", "6"),
        ("{0|0}", "*"),
        ("{0,*|0,*}", "*2"),
        ("* + *", "0"),
        ("*2 + *3", "*"),
        ("{1|1}", "1*"),
        ("{0|*}", "^"),
        ("{*|0}", "v"),
        ("^ + ^", "^^"),
        ("^ + ^ + ^", "^3"),
        ("{0, *|0}", "^*"),
        ("^ + *", "^*"),
        ("v + v + *", "vv*"),
        ("1 + ^", "1^"),
        ("1/2 + 1/2", "1"),
        ("3/8 + 5/8", "1"),
        ("{1|-1}", "+-1"),
        ("+-1 + +-1", "0"),
        ("{2|-2} + {1|-1}", "+-{3|1}"),
        ("-{3|1}", "{-1|-3}"),
        ("{0||0|-1}", "Tiny(1)"),
        ("Tiny(1)", "Tiny(1)"),
        ("Miny(1)", "Miny(1)"),
        ("{2||2|1}", "2Tiny(1)"),
        ("2Tiny(1)", "2Tiny(1)"),
        ("{1/2|*}", "{1/2|*}"),
        ("{0,*|0} + {0,*|0}", "^^"),
        ("-2 + ^", "-2^"),
        ("{^|-2^}", "{^|-2^}"),
        ("^ - ^", "0"),
        ("(1 + *) - *", "1"),
    ] {
        assert_eq!(show(text), canonical, "{text}");
    }
}

#[test]
fn outcomes_birthdays_and_stops() {
    let mut u = Universe::new();
    for (text, outcome, birthday, stops) in [
        ("0", Outcome::P, 0, (0, 0)),
        ("*", Outcome::N, 1, (0, 0)),
        ("^", Outcome::L, 2, (0, 0)),
        ("v*", Outcome::N, 2, (0, 0)),
        ("^*", Outcome::N, 2, (0, 0)),
        ("^^*", Outcome::L, 3, (0, 0)),
        ("{1|-1}", Outcome::N, 2, (1, -1)),
        ("-3", Outcome::R, 3, (-3, -3)),
        ("{3|{2|-5}}", Outcome::L, 7, (3, 2)),
        ("Tiny(2)", Outcome::L, 4, (0, 0)),
    ] {
        let g = u.parse(text).unwrap();
        assert_eq!(u.outcome(g), outcome, "{text}");
        assert_eq!(u.birthday(g), (birthday as u32).into(), "{text}");
        assert_eq!(
            (u.left_stop(g), u.right_stop(g)),
            (Dyadic::int(stops.0), Dyadic::int(stops.1)),
            "{text}"
        );
    }
    // ↑ and * are confused with 0 in different ways: ↑ > 0, * ‖ 0, ↑* ‖ 0.
    let (up, star) = (u.parse("^").unwrap(), u.parse("*").unwrap());
    assert_eq!(u.compare(up, star), None);
    let tiny = u.parse("Tiny(1)").unwrap();
    // A tiny is positive yet smaller than every positive number.
    let eighth = u.parse("1/8").unwrap();
    assert_eq!(u.compare(tiny, eighth), Some(Ordering::Less));
    assert_eq!(u.compare(tiny, up), Some(Ordering::Less));
}

#[test]
fn bad_notation_is_one_line_naming_the_text() {
    let mut u = Universe::new();
    for bad in [
        "", "{1", "1/3", "{1|2|3}", "{1 2|}", "^v", "Tiny 1", "{1,|}", "frog", "1 +",
    ] {
        let e = u.parse(bad).unwrap_err().to_string();
        assert!(e.starts_with(&format!("game '{bad}'")), "{bad}: {e}");
        assert_eq!(e.lines().count(), 1);
    }
}

/// Games from a pool of small values, summed and negated at random.
fn expr() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        Just("0".to_string()),
        Just("1".to_string()),
        Just("-1/2".to_string()),
        Just("*".to_string()),
        Just("*2".to_string()),
        Just("^".to_string()),
        Just("v*".to_string()),
        Just("{1|-1}".to_string()),
        Just("{2|0}".to_string()),
        Just("{0||0|-1}".to_string()),
        Just("{1/2|*}".to_string()),
    ];
    leaf.prop_recursive(3, 12, 3, |inner| {
        prop_oneof![
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("({a}) + ({b})")),
            inner.clone().prop_map(|a| format!("-({a})")),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("{{{a} | {b}}}")),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    #[test]
    fn sums_form_a_group_and_forms_are_unique(a in expr(), b in expr(), c in expr()) {
        let mut u = Universe::new();
        let (g, h, k) = (u.parse(&a).unwrap(), u.parse(&b).unwrap(), u.parse(&c).unwrap());
        let zero = u.zero();
        prop_assert_eq!(u.sub(g, g), zero);
        let (gh, hg) = (u.add(g, h), u.add(h, g));
        prop_assert_eq!(gh, hg);
        let (ghk1, hk) = (u.add(gh, k), u.add(h, k));
        let ghk2 = u.add(g, hk);
        prop_assert_eq!(ghk1, ghk2);
        let ng = u.neg(g);
        prop_assert_eq!(u.neg(ng), g);
        // Reading what is shown gives the same game back.
        let shown = u.show(gh);
        prop_assert_eq!(u.parse(&shown).unwrap(), gh, "{}", shown);
        // g ≤ h exactly when h − g ≥ 0.
        let d = u.sub(h, g);
        prop_assert_eq!(u.le(g, h), u.le(zero, d));
    }
}

/// Means and temperatures from Winning Ways (ch. 6) and CGSuite: numbers are cold (−1 for an
/// integer, −1/2^k for m/2^k), infinitesimals have temperature 0, a switch {x | y} has mean
/// (x + y)/2 and temperature (x − y)/2.
#[test]
fn means_and_temperatures() {
    let mut u = Universe::new();
    let d = |n: i64, e: u32| Dyadic::new(n, e);
    for (text, mean, temperature) in [
        ("0", d(0, 0), d(-1, 0)),
        ("5", d(5, 0), d(-1, 0)),
        ("1/2", d(1, 1), d(-1, 1)),
        ("-3/4", d(-3, 2), d(-1, 2)),
        ("*", d(0, 0), d(0, 0)),
        ("^", d(0, 0), d(0, 0)),
        ("1*", d(1, 0), d(0, 0)),
        ("{1|-1}", d(0, 0), d(1, 0)),
        ("{3|1}", d(2, 0), d(1, 0)),
        ("{1|0}", d(1, 1), d(1, 1)),
        ("{2||1|0}", d(5, 2), d(3, 2)),
        ("{3|1||-1|-3}", d(0, 0), d(2, 0)),
        ("{0||0|-1}", d(0, 0), d(0, 0)),
        ("{4|{2|0}}", d(5, 1), d(3, 1)),
    ] {
        let g = u.parse(text).unwrap();
        let t = u.thermograph(g);
        assert_eq!((t.mean, t.temperature), (mean, temperature), "{text}");
    }
}

/// Games infinitesimally close to a number (x + *m, x ± uptimals) take their thermograph from
/// their kind, without their options: the same walls, mean and temperature as the thermograph
/// built from the options' thermographs.
#[test]
fn infinitesimals_have_the_thermograph_their_options_give() {
    let mut u = Universe::new();
    let mut checked = 0;
    for text in [
        "*", "*2", "*7", "1/2*", "-3*5", "^", "v*", "^^*3", "3/4+^3", "^<2>", "v[3]*", "-2+^[2]*",
    ] {
        let g = u.parse(text).unwrap();
        assert!(u.as_number(g).is_none(), "{text}");
        let left: Vec<Thermograph> = u
            .left(g)
            .to_vec()
            .into_iter()
            .map(|o| u.thermograph(o))
            .collect();
        let right: Vec<Thermograph> = u
            .right(g)
            .to_vec()
            .into_iter()
            .map(|o| u.thermograph(o))
            .collect();
        let from_options = Thermograph::of_options(
            &left.iter().collect::<Vec<_>>(),
            &right.iter().collect::<Vec<_>>(),
        );
        assert_eq!(u.thermograph(g), from_options, "{text}");
        checked += 1;
    }
    assert_eq!(checked, 12);
    // *980 (a split-nim position's value) at once: its options' thermographs were m² walls.
    let big = u.nimber(980);
    assert_eq!(u.thermograph(big).temperature, Dyadic::ZERO);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]
    /// The mean is additive: mean(G + H) = mean(G) + mean(H) (Winning Ways, ch. 6), and the
    /// temperature of a sum is at most the larger of the two.
    #[test]
    fn means_add_up(a in expr(), b in expr()) {
        let mut u = Universe::new();
        let (g, h) = (u.parse(&a).unwrap(), u.parse(&b).unwrap());
        let s = u.add(g, h);
        let (tg, th, ts) = (u.thermograph(g), u.thermograph(h), u.thermograph(s));
        prop_assert_eq!(ts.mean, tg.mean + th.mean);
        prop_assert!(ts.temperature <= tg.temperature.max(th.temperature));
    }
}

/// CGSuite's own table of values (its test suite, `CanonicalShortGameTestCase.scala`,
/// A. N. Siegel): each game as typed, as CGSuite writes it, and its atomic weight (`None`:
/// not atomic), birthday, stops, mean, temperature and outcome class.
#[test]
fn cgsuite_table_of_values() {
    type Row = (
        &'static str,
        &'static str,
        Option<&'static str>,
        u32,
        &'static str,
        &'static str,
        &'static str,
        &'static str,
        Outcome,
    );
    let rows: &[Row] = &[
        ("0", "0", Some("0"), 0, "0", "0", "0", "-1", Outcome::P),
        ("5", "5", None, 5, "5", "5", "5", "-1", Outcome::L),
        (
            "-1/2",
            "-1/2",
            None,
            2,
            "-1/2",
            "-1/2",
            "-1/2",
            "-1/2",
            Outcome::R,
        ),
        (
            "25/16",
            "25/16",
            None,
            6,
            "25/16",
            "25/16",
            "25/16",
            "-1/16",
            Outcome::L,
        ),
        ("*8", "*8", Some("0"), 8, "0", "0", "0", "0", Outcome::N),
        (
            "9/8+*",
            "9/8*",
            None,
            6,
            "9/8",
            "9/8",
            "9/8",
            "0",
            Outcome::L,
        ),
        ("^", "^", Some("1"), 2, "0", "0", "0", "0", Outcome::L),
        ("v*", "v*", Some("-1"), 2, "0", "0", "0", "0", Outcome::N),
        ("6+^*", "6^*", None, 8, "6", "6", "6", "0", Outcome::L),
        ("^*6", "^*6", Some("1"), 8, "0", "0", "0", "0", Outcome::L),
        (
            "73/16+v9*8",
            "73/16v9*8",
            None,
            27,
            "73/16",
            "73/16",
            "73/16",
            "0",
            Outcome::L,
        ),
        (
            "{0|*||*|||*||||*}",
            "^[4]",
            Some("1"),
            5,
            "0",
            "0",
            "0",
            "0",
            Outcome::L,
        ),
        (
            "{0||0|v*}",
            "{0|^<2>}",
            Some("1"),
            4,
            "0",
            "0",
            "0",
            "0",
            Outcome::L,
        ),
        (
            "{0||0|vvv}",
            "{0||0|v3}",
            Some("0"),
            6,
            "0",
            "0",
            "0",
            "0",
            Outcome::L,
        ),
        (
            "{^^^|vv}",
            "{^3|vv}",
            Some("{1|0}"),
            5,
            "0",
            "0",
            "0",
            "0",
            Outcome::N,
        ),
        (
            "{0||0|-3/2}",
            "Tiny(3/2)",
            Some("0"),
            5,
            "0",
            "0",
            "0",
            "0",
            Outcome::L,
        ),
        (
            "{0|||0||-1|-3}",
            "Tiny({3|1})",
            Some("0"),
            6,
            "0",
            "0",
            "0",
            "0",
            Outcome::L,
        ),
        (
            "{5||3|1|||0||||0}",
            "Miny({5||3|1})",
            Some("0"),
            8,
            "0",
            "0",
            "0",
            "0",
            Outcome::R,
        ),
        (
            "{1|^^||^}",
            "{1|^^||^}",
            Some("2"),
            5,
            "0",
            "0",
            "0",
            "0",
            Outcome::L,
        ),
        (
            "{1|^^^||^}",
            "{1|^3||^}",
            None,
            6,
            "0",
            "0",
            "0",
            "0",
            Outcome::L,
        ),
        (
            "{3||2+*|1+*}",
            "{3||2*|1*}",
            None,
            5,
            "3",
            "2",
            "9/4",
            "3/4",
            Outcome::L,
        ),
        (
            "{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}",
            "{3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}",
            None,
            6,
            "1/2",
            "-1",
            "-5/16",
            "21/16",
            Outcome::N,
        ),
        // CGSuite's notation tests (`EvalTest.scala`): input and output only.
    ];
    let mut u = Universe::new();
    for &(text, shown, weight, birthday, ls, rs, mean, temperature, outcome) in rows {
        let g = u.parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let report = u.report(g).unwrap();
        assert_eq!(report.canonical, shown, "{text}");
        assert_eq!(report.atomic_weight.as_deref(), weight, "{text}");
        assert_eq!(report.birthday, birthday.into(), "{text}");
        assert_eq!(
            (report.left_stop.as_str(), report.right_stop.as_str()),
            (ls, rs),
            "{text}"
        );
        assert_eq!(report.mean, mean, "{text}");
        assert_eq!(report.temperature, temperature, "{text}");
        assert_eq!(report.outcome, outcome, "{text}");
    }
    for (text, shown) in [
        ("{0|^*5}", "^^*4"),
        ("{3|||2||1|0,*||||-1/2}", "{3|||2||1|0,*||||-1/2}"),
        ("+-1", "+-1"),
        ("+-(1/2)", "+-1/2"),
        ("+-{1,1+*}", "+-{1,1*}"),
        ("3+-1", "{4|2}"),
        ("+-1+-2+-3+-4", "+-{10|8||6|4|||4|2||0|-2}"),
        ("{0||0|-1}", "Tiny(1)"),
        ("{0||0|-1/4}", "Tiny(1/4)"),
        ("{0|||0||-1|-2}", "Tiny({2|1})"),
        ("{1|0||0}", "Miny(1)"),
        ("{0|v*}", "^<2>"),
        ("{0,*|v}", "^<2>*"),
        ("{^|*}", "^[2]"),
        ("{0,^*|0}", "^[2]*"),
        ("^^^^^^+vvv*+^19*3+v14", "^8*2"),
        ("2 + (1+*)", "3*"),
        ("2 - (1+*)", "1*"),
    ] {
        assert_eq!(u.canonical(text).unwrap(), shown, "{text}");
    }
}

/// Random all-small games: built from 0, *, ↑ and ↑^<2> by sums, negatives and braces with
/// options on both sides.
fn small_expr() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        Just("0".to_string()),
        Just("*".to_string()),
        Just("*2".to_string()),
        Just("^".to_string()),
        Just("v*".to_string()),
        Just("^<2>".to_string()),
        Just("{0|*||*}".to_string()),
    ];
    leaf.prop_recursive(3, 10, 2, |inner| {
        prop_oneof![
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("({a}) + ({b})")),
            inner.clone().prop_map(|a| format!("-({a})")),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("{{{a} | {b}}}")),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]
    /// Atomic weights add, negate, and an all-small game always has one (Winning Ways ch. 8).
    #[test]
    fn atomic_weights_are_additive(a in small_expr(), b in small_expr()) {
        let mut u = Universe::new();
        let (g, h) = (u.parse(&a).unwrap(), u.parse(&b).unwrap());
        prop_assert!(u.is_all_small(g));
        let (wg, wh) = (u.atomic_weight(g).unwrap(), u.atomic_weight(h).unwrap());
        let s = u.add(g, h);
        let ws = u.atomic_weight(s).unwrap();
        prop_assert_eq!(ws, u.add(wg, wh), "{} + {}", a, b);
        let n = u.neg(g);
        let wn = u.atomic_weight(n).unwrap();
        prop_assert_eq!(wn, u.neg(wg));
    }
}

/// The canonical form `g` written out as a raw form (for the definitions).
fn raw(u: &mut Universe, g: Id) -> Raw {
    Raw {
        left: u.left(g).to_vec().into_iter().map(|o| raw(u, o)).collect(),
        right: u.right(g).to_vec().into_iter().map(|o| raw(u, o)).collect(),
    }
}

/// Day 3 has 1474 games (Winning Ways ch. 7; Siegel, CGT, §III.1). A canonical form's Left
/// options are an antichain of earlier games, and so are its Right options, so every game
/// born by day 3 is {A | B} for antichains A, B of the 22 games born by day 2: building all
/// of them must give exactly 1474 distinct forms, each born by day 3, and comparison must
/// agree with the definition (on a spread of pairs: all 2 million take too long).
#[test]
fn the_games_born_by_day_three_are_1474_and_compare_as_defined() {
    let mut u = Universe::new();
    let mut day2: Vec<Id> = born_by(2).iter().map(|g| build(&mut u, g)).collect();
    day2.sort_unstable();
    day2.dedup();
    assert_eq!(day2.len(), 22);
    // Antichains: each element incomparable with those before it in the set.
    let mut antichains: Vec<Vec<Id>> = vec![Vec::new()];
    for &g in &day2 {
        let mut grown = Vec::new();
        for a in &antichains {
            if a.iter().all(|&h| !u.le(g, h) && !u.le(h, g)) {
                let mut b = a.clone();
                b.push(g);
                grown.push(b);
            }
        }
        antichains.extend(grown);
    }
    let mut day3 = std::collections::HashSet::new();
    for a in &antichains {
        for b in &antichains {
            let g = u.game(a, b);
            assert!(u.birthday(g) <= 3u32.into());
            day3.insert(g);
        }
    }
    assert_eq!(day3.len(), 1474, "{} antichains", antichains.len());
    let mut day3: Vec<Id> = day3.into_iter().collect();
    day3.sort_unstable();
    let spread: Vec<(Id, Raw)> = day3
        .iter()
        .step_by(9)
        .map(|&g| (g, raw(&mut u, g)))
        .collect();
    for (g, rg) in &spread {
        for (h, rh) in &spread {
            assert_eq!(u.le(*g, *h), naive_le(rg, rh));
        }
    }
}

/// Heating and cooling: CGSuite's own examples (its `EvalTest.scala`) and Winning Ways'
/// (ch. 6): cooling {3|1} by 1 gives 2*, a switch cooled past its temperature freezes at its
/// mean; heating then cooling by the same number gives an infinitesimally shifted game back
/// for these.
#[test]
fn cooling_and_heating() {
    let mut u = Universe::new();
    for (text, shown) in [
        ("* Heat 2", "+-2"),
        ("*2 Heat 2", "+-{2,{4|0}}"),
        ("^ Heat 2", "{2||0|-4}"),
        ("^* Heat 2", "{2,{4|0}|-2}"),
        ("^^ Heat 2", "{2||0,+-2|-4}"),
        ("^^ Heat *", "0"),
        ("{3|1} Cool 1", "2*"),
        ("+-1 Cool 1", "*"),
        ("+-1 Cool 2", "0"),
        ("3/4 Cool 1", "3/4"),
        ("(+-2) Cool 1 Heat 1", "+-2"),
    ] {
        assert_eq!(u.canonical(text).unwrap(), shown, "{text}");
    }
    assert!(u.canonical("+-1 Cool *").is_err());
    assert!(u.canonical("+-1 Cool -1").is_err());
}

/// Found by the `cgt` fuzz target: ↑88 + 88888 recursed once per unit of the integer and
/// overflowed the stack. A number now translates a game's options (Siegel, II.3), and deep
/// recursions grow their stack: here on a thread with a small one.
#[test]
fn deep_sums_neither_overflow_nor_go_through_a_numbers_options() {
    let answers = std::thread::Builder::new()
        .stack_size(256 << 10)
        .spawn(|| {
            let mut u = Universe::new();
            ["^88+88888", "^1000+^1000+3+{1|-1}", "-(^1000+7)"]
                .map(|text| u.canonical(text).unwrap_or_else(|e| panic!("{text}: {e}")))
        })
        .unwrap()
        .join()
        .unwrap();
    assert_eq!(answers, ["88888^88", "{4^2000|2^2000}", "-7v1000"]);
}

/// A time budget stops a long valuation, and the universe says so from then on.
#[test]
fn a_budget_stops_a_long_valuation() {
    let mut u = Universe::new();
    let long = crate::budget::within(std::time::Duration::from_millis(20), || {
        u.parse("^300+^<300>")
    });
    assert_eq!(long.unwrap_err().kind(), "over_budget");
    assert_eq!(u.parse("1").unwrap_err().kind(), "over_budget");
}

/// CGSuite's `CanonicalShortGameTestCase.scala`: each game's reduced canonical form.
#[test]
fn reduced_canonical_forms_as_cgsuite_gives_them() {
    let rows = [
        ("0", "0"),
        ("5", "5"),
        ("-1/2", "-1/2"),
        ("25/16", "25/16"),
        ("*8", "0"),
        ("9/8+*", "9/8"),
        ("^", "0"),
        ("v*", "0"),
        ("6+^*", "6"),
        ("^*6", "0"),
        ("73/16+v9*8", "73/16"),
        ("{0|*||*|||*||||*}", "0"),
        ("{0||0|v*}", "0"),
        ("{0||0|vvv}", "0"),
        ("{^^^|vv}", "0"),
        ("{0||0|-3/2}", "0"),
        ("{0|||0||-1|-3}", "0"),
        ("{5||3|1|||0||||0}", "0"),
        ("{1|^^||^}", "0"),
        ("{1|^^^||^}", "0"),
        ("{3||2+*|1+*}", "{3||2|1}"),
        (
            "{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}",
            "{3/2|1/2||{0|-3},{-1/2|-1||-5/2}}",
        ),
    ];
    let mut u = Universe::new();
    for (text, reduced) in rows {
        let g = u.parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let r = u.reduced(g);
        assert_eq!(u.show(r), reduced, "{text}");
        // Infinitesimally close: the difference has both stops 0.
        let d = u.sub(g, r);
        let zero = crate::cgt::Dyadic::int(0);
        assert_eq!(
            (u.left_stop(d), u.right_stop(d)),
            (zero.clone(), zero),
            "{text}"
        );
        assert_eq!(u.report(g).unwrap().reduced, reduced, "{text}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    /// The reduced canonical form is infinitesimally close to the game, is its own, and
    /// depends only on the game modulo infinitesimals (so it respects sums).
    #[test]
    fn reduced_forms_are_close_idempotent_and_additive(a in expr(), b in expr()) {
        let mut u = Universe::new();
        let (g, h) = (u.parse(&a).unwrap(), u.parse(&b).unwrap());
        let zero = crate::cgt::Dyadic::int(0);
        let rg = u.reduced(g);
        let d = u.sub(g, rg);
        prop_assert_eq!((u.left_stop(d), u.right_stop(d)), (zero.clone(), zero));
        prop_assert_eq!(u.reduced(rg), rg);
        let (gh, rh) = (u.add(g, h), u.reduced(h));
        let sum_of_reduced = u.add(rg, rh);
        prop_assert_eq!(u.reduced(gh), u.reduced(sum_of_reduced));
    }
}

/// Found by the `cgt` fuzz target: `{1|*43}` took time exponential in the nimber when its
/// reduced form heated every follower once per path to it; heating is remembered now.
#[test]
fn a_large_nimber_is_heated_once_per_follower() {
    let mut u = Universe::new();
    let g = u.parse("{1|*43}").unwrap();
    assert_eq!(u.report(g).unwrap().reduced, "{1|0}");
}

/// Cooling by 0 and the star projection go down to every follower of a nimber: done option
/// by option without a memo, `*30 Cool 0` ran for minutes (2^30 paths).
#[test]
fn cooling_and_star_projection_visit_each_follower_once() {
    let mut u = Universe::new();
    assert_eq!(u.canonical("*30 Cool 0").unwrap(), "*30");
    assert_eq!(u.canonical("{1|*30} Cool 0").unwrap(), "{1|*30}");
    assert_eq!(u.canonical("{3|*30} Cool 1").unwrap(), "{2|1}");
    // The star projection lowers a nimber *n (n ≥ 2) by one: *0 and *1 become 0.
    let g = u.nimber(30);
    let projected = u.star_projection(g);
    assert_eq!(u.show(projected), "*29");
}
