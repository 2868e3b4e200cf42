//! The calculus beyond sums and comparison: uptimals, CGSuite's comparisons and methods,
//! numbers of any size, multiples and ordinal sums, forms kept as written.

use super::*;

/// The sum of two written forms, by the definition (not reduced).
fn raw_sum(a: &Raw, b: &Raw) -> Raw {
    let side = |a: &Raw, b: &Raw, left: bool| -> Vec<Raw> {
        let (sa, sb) = if left {
            (&a.left, &b.left)
        } else {
            (&a.right, &b.right)
        };
        sa.iter()
            .map(|o| raw_sum(o, b))
            .chain(sb.iter().map(|o| raw_sum(a, o)))
            .collect()
    };
    Raw {
        left: side(a, b, true),
        right: side(a, b, false),
    }
}

/// The day a written form is born.
fn raw_birthday(g: &Raw) -> u32 {
    g.left
        .iter()
        .chain(&g.right)
        .map(|o| raw_birthday(o) + 1)
        .max()
        .unwrap_or(0)
}

/// x + n·↑ + *m held compactly, its options made from its canonical form, is the game the
/// definitions give: the written sum of x, n copies of {0|*} (or of {*|0}) and *m, compared
/// both ways by the definition; the same written sum reduced option by option gets the very
/// same id (compact and explicit forms of one value are one game); the birthday its closed
/// form gives is the written canonical form's.
#[test]
fn compact_uptimals_are_the_sums_they_name() {
    let mut u = Universe::new();
    let zero = Raw {
        left: vec![],
        right: vec![],
    };
    let nimber = |m: usize| {
        let mut stars = vec![zero.clone()];
        for _ in 0..m {
            let next = Raw {
                left: stars.clone(),
                right: stars.clone(),
            };
            stars.push(next);
        }
        stars[m].clone()
    };
    let star = nimber(1);
    let up = Raw {
        left: vec![zero.clone()],
        right: vec![star.clone()],
    };
    let down = Raw {
        left: vec![star.clone()],
        right: vec![zero.clone()],
    };
    let one = Raw {
        left: vec![zero.clone()],
        right: vec![],
    };
    let minus_one = Raw {
        left: vec![],
        right: vec![zero.clone()],
    };
    let minus_half = Raw {
        left: vec![minus_one],
        right: vec![zero.clone()],
    };
    let mut built = Vec::new();
    for (x, x_raw) in [
        (Dyadic::ZERO, zero.clone()),
        (Dyadic::int(1), one),
        (Dyadic::new(-1, 1), minus_half),
    ] {
        // The written sums grow fast with a fraction: fewer ups and stars with one.
        let most: i32 = if x.is_integer() { 3 } else { 2 };
        for n in -most..=most {
            for m in 0..=most as u32 {
                let mut expected = raw_sum(&x_raw, &nimber(m as usize));
                for _ in 0..n.unsigned_abs() {
                    expected = raw_sum(&expected, if n > 0 { &up } else { &down });
                }
                let g = u.ups(x.clone(), n, m);
                let got = raw(&mut u, g);
                assert!(
                    naive_le(&got, &expected) && naive_le(&expected, &got),
                    "{x} + {n}.^ + *{m}: {}",
                    u.show(g)
                );
                assert_eq!(build(&mut u, &expected), g, "{x} + {n}.^ + *{m}");
                assert_eq!(
                    u.birthday(g),
                    raw_birthday(&got).into(),
                    "{x} + {n}.^ + *{m}"
                );
                // Pairs compared by the definition: those with an integer part (with -1/2
                // too, the written sums make it minutes).
                if x.is_integer() {
                    built.push((g, got));
                }
            }
        }
    }
    // And they compare (part by part) as the definition says.
    for (g, rg) in &built {
        for (h, rh) in &built {
            assert_eq!(
                u.le(*g, *h),
                naive_le(rg, rh),
                "{} <= {}",
                u.show(*g),
                u.show(*h)
            );
        }
    }
}

/// Comparisons with CGSuite's operators (CGSuite's EvalTest: `3 <> 3+*` is true), and the
/// refusals: a lone `=`, two comparisons at once, an order asked of misère games.
#[test]
fn comparisons_read_as_cgsuite_reads_them() {
    let holds = |text: &str| match crate::notation::answer(text) {
        Ok(crate::notation::Answer::Comparison(c)) => c.result,
        other => panic!("{text}: {other:?}"),
    };
    for (text, result) in [
        ("3 <> 3+*", true),
        ("^ > 0", true),
        ("^ >= 0", true),
        ("^ < 0", false),
        ("v <= 0", true),
        ("^* <> 0", true),
        ("^* || 0", true),
        ("* <| 0", true),
        ("* |> 0", true),
        ("1 |> 0", true),
        ("1 <| 0", false),
        ("{1|-1} == +-1", true),
        ("{1|-1} != +-1", false),
        ("^<2> > 0", true),
        ("^<2> < ^", true),
        ("-1/2 < 0", true),
        ("{0,*|0} == ^*", true),
        ("{1||0|-1} > 0", true),
        ("*[2] + *[2] != *[0]", true),
        ("*[[1]] == *[0]", true),
        ("*[[2],1] == *[[2],1] + *[1] + *[1]", true),
    ] {
        assert_eq!(holds(text), result, "{text}");
    }
    for (text, says) in [
        ("1 = 1", "write =="),
        ("1 < 2 < 3", "a second comparison"),
        ("*[2] < *[3]", "equality only"),
        ("1 < {", "game '1 < {': a bracket is not closed"),
        ("<", "a game on each side"),
        ("*[2] ==", "a game on each side"),
    ] {
        let e = crate::notation::answer(text).unwrap_err().to_string();
        assert!(e.contains(says), "{text}: {e}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    /// Every comparison agrees with who wins G − H: Left (G > H), Right (G < H), the second
    /// player (G = H) or the first (confused).
    #[test]
    fn comparisons_agree_with_the_outcome_of_the_difference(a in expr(), b in expr()) {
        let mut u = Universe::new();
        let (g, h) = (u.parse(&a).unwrap(), u.parse(&b).unwrap());
        let d = u.sub(g, h);
        let outcome = u.outcome(d);
        for (op, holds) in [
            ("<", outcome == Outcome::R),
            ("<=", matches!(outcome, Outcome::R | Outcome::P)),
            (">", outcome == Outcome::L),
            (">=", matches!(outcome, Outcome::L | Outcome::P)),
            ("==", outcome == Outcome::P),
            ("!=", outcome != Outcome::P),
            ("<>", outcome == Outcome::N),
            ("<|", matches!(outcome, Outcome::R | Outcome::N)),
            ("|>", matches!(outcome, Outcome::L | Outcome::N)),
        ] {
            let text = format!("({a}) {op} ({b})");
            let Ok(crate::notation::Answer::Comparison(c)) = crate::notation::answer(&text) else {
                panic!("{text}")
            };
            prop_assert_eq!(c.result, holds, "{}", text);
        }
    }
}

/// Values small to write are held as numbers, ups and nimbers, never taken apart: CGSuite's
/// own large values (its `CanonicalShortGameTestCase`: `-1823437481924`), nimbers and ups
/// far past any game of options, numbers of any size, and their sums, at once; a nimber met
/// inside a game of options is taken apart only up to *4096, and beyond that refused in
/// words.
#[test]
fn numbers_ups_and_nimbers_of_any_size() {
    let mut u = Universe::new();
    for (text, canonical, birthday) in [
        ("-1823437481924", "-1823437481924", "1823437481924"),
        ("*100000", "*100000", "100000"),
        ("*100000 + *3", "*100003", "100003"),
        ("^414*670", "^414*670", "1084"),
        ("^414*670 + v414", "*670", "670"),
        ("v2147483647", "v2147483647", "2147483648"),
        (
            "123456789012345678901234567890 + 1/4",
            "493827156049382715604938271561/4",
            "123456789012345678901234567893",
        ),
        ("7/1024 + 1/1024 + v*", "1/128v*", "10"),
        ("-3/2 + ^^", "-3/2^^", "6"),
    ] {
        let g = u.parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let r = u.report(g).unwrap();
        assert_eq!(
            (r.canonical.as_str(), r.birthday.to_string().as_str()),
            (canonical, birthday),
            "{text}"
        );
    }
    let sum = u.parse("*100000 + ^414*670").unwrap();
    assert_eq!(u.outcome(sum), Outcome::L);
    let e = u.parse("{*100000|0}").unwrap_err().to_string();
    assert!(e.contains("*100000 is too large to take apart"), "{e}");
    let mut u = Universe::new();
    assert_eq!(u.canonical("{*4096|0}").unwrap(), "v*4097");
    let e = Universe::new()
        .parse("^5000 + {1|-1}")
        .unwrap_err()
        .to_string();
    assert!(e.contains("^5000 is too large to take apart"), "{e}");
    assert_eq!(u.canonical("^4000 + {1|-1}").unwrap(), "{1^4000|-1^4000}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    /// A compact game and the same game taken apart agree: its options, reduced as any
    /// game's, give back its id; comparisons of compact games part by part agree with
    /// comparison by options; sums of compact games are compact.
    #[test]
    fn compact_games_agree_with_their_options(
        a in (-40i64..40, 0u32..4, -6i32..=6, 0u32..6),
        b in (-40i64..40, 0u32..4, -6i32..=6, 0u32..6),
    ) {
        let mut u = Universe::new();
        let g = u.ups(Dyadic::new(a.0, a.1), a.2, a.3);
        let h = u.ups(Dyadic::new(b.0, b.1), b.2, b.3);
        for x in [g, h] {
            let (l, r) = (u.left(x).to_vec(), u.right(x).to_vec());
            prop_assert_eq!(u.game(&l, &r), x);
        }
        prop_assert_eq!(u.le(g, h), u.le_by_options(g, h));
        let s = u.add(g, h);
        prop_assert!(u.ups_of(s).is_some());
        let d = u.sub(s, h);
        prop_assert_eq!(d, g);
    }
}

/// CGSuite's own expectations for its methods of short games (`GameTest.scala`, "implement
/// 2-ary and larger methods correctly"): cooling (by −1 < t too), heating, Norton products,
/// overheating, powers with numbers as exponents, subordination, each read in CGSuite's
/// method-call syntax.
#[test]
fn cgsuite_methods_of_short_games() {
    let mut u = Universe::new();
    for (text, shown) in [
        ("{3||2+*|1+*}.Cool(0)", "{3||2*|1*}"),
        ("{3||2+*|1+*}.Cool(1/4)", "{11/4||2|3/2}"),
        ("{3||2+*|1+*}.Cool(1/2)", "{5/2|2*}"),
        ("{3||2+*|1+*}.Cool(5/8)", "{19/8|17/8}"),
        ("{3||2+*|1+*}.Cool(3/4)", "9/4*"),
        ("{3||2+*|1+*}.Cool(70)", "9/4"),
        ("{3||2+*|1+*}.Cool(-1/2)", "{7/2|||5/2|3/2||+-1/2}"),
        ("(1/4).Cool(-1/8)", "1/4"),
        ("(1/4).Cool(-1/4)", "1/4*"),
        ("(1/4).Cool(-3/8)", "{3/8|1/8}"),
        ("{3||2+*|1+*}.Heat(0)", "{3||2*|1*}"),
        ("{3||2+*|1+*}.Heat(1/2)", "{7/2|||5/2|3/2||+-1/2}"),
        ("{3||2+*|1+*}.Heat(1)", "{4|||3|1||0|-2}"),
        ("{3||2+*|1+*}.Heat(-3/4)", "9/4*"),
        ("{3||2+*|1+*}.Heat(-1)", "9/4"),
        ("{3||2+*|1+*}.Heat(-2)", "3/2"),
        ("{3||2+*|1+*}.Heat(-3)", "1"),
        ("{3||2+*|1+*}.Heat(-4)", "0"),
        ("{3||2+*|1+*}.Heat(*)", "{3*||2|1}"),
        ("0.NortonProduct(^)", "0"),
        ("6.NortonProduct(^)", "^6"),
        ("(-4).NortonProduct(^)", "v4"),
        ("(1/2).NortonProduct(^)", "{^^*|v*}"),
        ("^.NortonProduct(^)", "{^^*||0|v4}"),
        ("Tiny(2).NortonProduct(^)", "{^^*||0|v6}"),
        ("{3||2+*|1+*}.Overheat(*,1+*)", "{1||+-(1*)|-1,{-1|-3}}"),
        ("(7/16).Overheat(0,0)", "^[3]"),
        ("^.Pow(7/4)", "{0||0,v*|0,{0,v*|0,*}}"),
        ("^.Pow(3)", "^<3>"),
        ("{0||0|-2}.Pow(3)", "{0||0|-2,{0|-2,{0|-2}}}"),
        (
            "{0||0|-2}.Pow(7/4)",
            "{0||0,{0|-2,{0|-2}}|-2,{0,{0|-2,{0|-2}}|-2,{0|-2}}}",
        ),
        ("^.PowTo(7/4)", "{^|*,^[2]||*,^[2]}"),
        ("^.PowTo(3)", "^[3]"),
        ("{0||0|-2}.PowTo(3)", "{Tiny(2)||0|-2|||0|-2}"),
        (
            "{0||0|-2}.PowTo(7/4)",
            "{Tiny(2)|{0|-2},{Tiny(2)||0|-2}||{0|-2},{Tiny(2)||0|-2}}",
        ),
        ("(+-1).PowTo(3)", "{1,{1,+-1|-1}|-1}"),
        ("(1/8).Subordinate(1)", "-3"),
        ("(^.PowTo(5)+*).Subordinate(*)", "5"),
    ] {
        assert_eq!(
            u.canonical(text).unwrap_or_else(|e| panic!("{text}: {e}")),
            shown,
            "{text}"
        );
    }
    for (text, why) in [
        ("{3||2+*|1+*}.Cool(-1)", "cooled by a number above -1"),
        ("(+-1).Pow(3)", "the base of Pow must be of the form {0|H}"),
        ("*.Subordinate(1)", "cannot be subordinated"),
        ("^.PowTo(-1)", "an exponent is a number at least 0"),
    ] {
        let e = Universe::new().parse(text).unwrap_err().to_string();
        assert!(e.contains(why), "{text}: {e}");
    }
}

/// Integer multiples, products of numbers and ordinal sums, with CGSuite's precedence:
/// `*` binds tighter than `:`, which binds tighter than `+`; methods written between operands
/// (`G Cool t`) bind loosest; a `*` with space around it multiplies, `3*2` is 3 + *2.
#[test]
fn multiples_ordinal_sums_and_precedence() {
    let mut u = Universe::new();
    for (text, shown) in [
        ("3 * {2|1}", "{5|4}"),
        ("3*{2|1}", "{5|4}"),
        ("{2|1} * 3", "{5|4}"),
        ("3*2", "3*2"),
        ("3 * 2", "6"),
        ("1/2 * 3/4", "3/8"),
        ("-2 * ^*", "vv"),
        ("4 * ^*", "^4"),
        ("10000000000000000000 * {1|-1}", "0"),
        ("1 : -1", "1/2"),
        ("*2 : *3", "*5"),
        ("1 : 1 : 1", "3"),
        ("1 + 1 : -1", "3/2"),
        ("2 * 1 : -1", "3/2"),
        ("{1|0} OrdinalSum 1", "{1,{1|0}|0}"),
        ("{3|1} + * Cool 1", "2*"),
        ("({3|1} Cool 1) + ({3|1} Cool 1)", "4"),
        ("1 + {3|1} Cool 1", "3*"),
        ("-{3|1} Cool 1", "-2*"),
        ("{1|0 Cool 1}", "{1|0}"),
        ("2 Heat -1", "2"),
        ("{3|1}.Mean + {3|1}.Temperature", "3"),
        ("{3|1}.Freeze", "2*"),
        ("(^^^).AtomicWeight", "3"),
        ("{3||2*|1*}.ReducedCanonicalForm", "{3||2|1}"),
        ("{3|1}.LeftStop - {3|1}.RightStop", "2"),
        ("{3|1}.Onside", "{3|1}"),
        ("{3|1}.Degree", "0"),
    ] {
        assert_eq!(
            u.canonical(text).unwrap_or_else(|e| panic!("{text}: {e}")),
            shown,
            "{text}"
        );
    }
    // ^ + * Heat 2 heats ↑* (CGSuite's grammar puts `Heat` below `+`).
    let (a, b) = (
        u.parse("^ + * Heat 2").unwrap(),
        u.parse("(^*).Heat(2)").unwrap(),
    );
    assert_eq!(a, b);
    for (text, why) in [
        ("{1|0} * {1|0}", "a product is n * G"),
        ("{3|1}.Cool(1, 2)", "Cool takes 1 argument (2 given)"),
        ("{3|1}.Foo", "'Foo' is not a method grundy knows"),
        ("(1/2).AtomicWeight", "not atomic"),
        ("{3|1}.", "a method's name after '.'"),
        // Found by the `cgt` fuzz target: down 7.8·10¹⁰ levels before any look at the budget.
        (
            "777:77777777777",
            "an ordinal sum goes through every follower of a game born on day 77777777777",
        ),
        (
            "(77777777777/2).Overheat(1,1)",
            "overheating goes through every follower",
        ),
    ] {
        let mut u = Universe::new();
        let e = u.parse(text).unwrap_err().to_string();
        assert!(e.contains(why), "{text}: {e}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]
    /// n * G is G added n times; G : 0 is G, and G : H compares with G as H with 0 (Norton's
    /// lemma); a Norton product by an integer is a multiple.
    #[test]
    fn products_satisfy_their_definitions(a in small_expr(), b in small_expr(), n in -5i64..=5) {
        let mut u = Universe::new();
        let (g, h) = (u.parse(&a).unwrap(), u.parse(&b).unwrap());
        let ni = u.integer(n);
        let product = u.times(ni, g).unwrap();
        let mut sum = u.zero();
        let copy = if n < 0 { u.neg(g) } else { g };
        for _ in 0..n.unsigned_abs() {
            sum = u.add(sum, copy);
        }
        prop_assert_eq!(product, sum);
        let zero = u.zero();
        prop_assert_eq!(u.ordinal_sum(g, zero), g);
        // Norton's lemma: G having no reversible options (a canonical form has none), G : H
        // compares with G as H compares with 0 (Winning Ways ch. 2; Siegel, II.1).
        let gh = u.ordinal_sum(g, h);
        let by_h = u.compare(h, zero);
        prop_assert_eq!(u.compare(gh, g), by_h);
        let up = u.up();
        let by_norton = u.norton_product(ni, up).unwrap();
        let by_sum = u.ups(Dyadic::ZERO, n as i32, 0);
        prop_assert_eq!(by_norton, by_sum);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    /// Every x + *m + d₁·↑ + d₂·↑^<2> + d₃·↑^<3>, built by sums of its parts, is recognised
    /// as the uptimal with exactly that expansion (CGSuite builds uptimals from their
    /// expansions the same way); its negative has the negated expansion.
    #[test]
    fn uptimals_are_recognised_by_their_expansions(
        x in (-2i64..=2, 0u32..2),
        m in 0u32..4,
        digits in proptest::collection::vec(-2i64..=2, 1..=3),
    ) {
        let mut u = Universe::new();
        let number = Dyadic::new(x.0, x.1);
        let mut g = u.ups(number.clone(), digits[0] as i32, m);
        for (i, &d) in digits.iter().enumerate().skip(1) {
            let k = i as i32 + 1;
            let unit = u.uptimal(Shape::Pow, Dyadic::ZERO, k * d.signum() as i32, 0);
            for _ in 0..d.unsigned_abs() {
                g = u.add(g, unit);
            }
        }
        let expected = Expansion::new(number, m, digits.clone());
        prop_assert_eq!(u.uptimal_expansion(g), Some(expected.clone()));
        let n = u.neg(g);
        prop_assert_eq!(u.uptimal_expansion(n), Some(expected.negate()));
    }
}

/// Uptimal expansions as CGSuite prints them, and games that are not uptimals.
#[test]
fn uptimal_expansions_as_cgsuite_prints_them() {
    let mut u = Universe::new();
    for (text, expansion) in [
        ("^[4]", Some("0.1111")),
        ("^ + ^<2> + *", Some("*.11")),
        ("73/16+v9*8", Some("73/16*8.9-")),
        ("^<3>", Some("0.001")),
        ("v<2>", Some("0.01-")),
        ("^<2> + ^<2>", Some("0.02")),
        ("3", Some("3.0")),
        ("*2", Some("*2.0")),
        ("1/2*", Some("1/2*.0")),
        ("^12", Some("0.C")),
        ("^40", Some("0.(40)")),
        ("{1|-1}", None),
        ("Tiny(1)", None),
        ("{^^*|0}", None),
    ] {
        let g = u.parse(text).unwrap();
        assert_eq!(
            u.report(g).unwrap().uptimal_expansion.as_deref(),
            expansion,
            "{text}"
        );
    }
}

/// CGSuite's `CanonicalShortGameTestCase.scala`: each game as CGSuite writes it (uptimals
/// among options in the order of their expansions) and its `UptimalExpansion` (an error
/// there for a game that is not an uptimal: null here).
#[test]
fn uptimal_expansions_as_cgsuite_tests_them() {
    let mut u = Universe::new();
    for (text, shown, expansion) in [
        (
            "0",
            "0",
            Some("0.0"),
        ),
        (
            "5",
            "5",
            Some("5.0"),
        ),
        (
            "-1823437481924",
            "-1823437481924",
            Some("-1823437481924.0"),
        ),
        (
            "-1/2",
            "-1/2",
            Some("-1/2.0"),
        ),
        (
            "25/16",
            "25/16",
            Some("25/16.0"),
        ),
        (
            "*8",
            "*8",
            Some("*8.0"),
        ),
        (
            "9/8+*",
            "9/8*",
            Some("9/8*.0"),
        ),
        (
            "^",
            "^",
            Some("0.1"),
        ),
        (
            "v*",
            "v*",
            Some("*.1-"),
        ),
        (
            "6+^*",
            "6^*",
            Some("6*.1"),
        ),
        (
            "^*6",
            "^*6",
            Some("*6.1"),
        ),
        (
            "73/16+v9*8",
            "73/16v9*8",
            Some("73/16*8.9-"),
        ),
        (
            "{0|*||*|||*||||*}",
            "^[4]",
            Some("0.1111"),
        ),
        (
            "{0||0|v*}",
            "{0|^<2>}",
            Some("*.12"),
        ),
        (
            "{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}",
            "{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}",
            Some("0.0202"),
        ),
        (
            "{0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}",
            "{0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}",
            Some("*4.0202"),
        ),
        (
            "{0||0|vvv}",
            "{0||0|v3}",
            None,
        ),
        (
            "{^^^|vv}",
            "{^3|vv}",
            None,
        ),
        (
            "{0||0|-3/2}",
            "Tiny(3/2)",
            None,
        ),
        (
            "{0|||0||-1|-3}",
            "Tiny({3|1})",
            None,
        ),
        (
            "{5||3|1|||0||||0}",
            "Miny({5||3|1})",
            None,
        ),
        (
            "{1|^^||^}",
            "{1|^^||^}",
            None,
        ),
        (
            "{1|^^^||^}",
            "{1|^3||^}",
            None,
        ),
        (
            "{3||2+*|1+*}",
            "{3||2*|1*}",
            None,
        ),
        (
            "{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}",
            "{3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}",
            None,
        ),
    ] {
        let g = u.parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let r = u.report(g).unwrap();
        assert_eq!(
            (r.canonical.as_str(), r.uptimal_expansion.as_deref()),
            (shown, expansion),
            "{text}"
        );
    }
}

fn kept(g: &Raw) -> Kept {
    Kept::Form {
        left: g.left.iter().map(kept).collect(),
        right: g.right.iter().map(kept).collect(),
    }
}

/// G : H by its definition, on forms as written: G's options, and G : H′ for H′ each option
/// of H (Conway, ONAG ch. 15; Siegel, II.5).
fn naive_ordinal_sum(g: &Raw, h: &Raw) -> Raw {
    let mut s = g.clone();
    s.left
        .extend(h.left.iter().map(|hl| naive_ordinal_sum(g, hl)));
    s.right
        .extend(h.right.iter().map(|hr| naive_ordinal_sum(g, hr)));
    s
}

/// For every pair of forms born by day 2 as written (256 × 256), the ordinal sum of the
/// forms kept as written is the value of the ordinal sum taken by the definition; with G
/// given by its canonical form instead, the same holds of G's canonical form.
#[test]
fn ordinal_sums_of_kept_forms_follow_the_definition_exhaustively() {
    let mut u = Universe::new();
    let day2 = born_by(2);
    for g in &day2 {
        let gk = kept(g);
        let gv = build(&mut u, g);
        let canonical_g = raw(&mut u, gv);
        for h in &day2 {
            let hk = kept(h);
            let by_definition = build(&mut u, &naive_ordinal_sum(g, h));
            assert_eq!(u.ordinal_sum_kept(&gk, &hk), by_definition, "{g:?} : {h:?}");
            let by_canonical = build(&mut u, &naive_ordinal_sum(&canonical_g, h));
            assert_eq!(
                u.ordinal_sum_kept(&Kept::Value(gv), &hk),
                by_canonical,
                "({g:?}) : {h:?}"
            );
        }
    }
}

/// Forms kept as written in CGSuite's notation, with the expectations of CGSuite's own tests
/// (EvalTest "explicit and compound games", CompoundGameTestCase): `'{*|*}'` is 0, but as the
/// base of an ordinal sum its two options count.
#[test]
fn kept_forms_read_as_cgsuite_reads_them() {
    let mut u = Universe::new();
    for (text, shown) in [
        ("'{*|*}'", "0"),
        ("'{*|*}' : 1", "^"),
        ("'{-1|1}':1", "1/2"),
        ("-2 * '{|-1}'", "4"),
        ("('{*|*}') : (3)", "^[3]"),
        ("(('{*|*}')) : 1", "^"),
        ("'{0|}' + 1", "2"),
        // Only the outer braces are kept: {0|-1} inside is a value.
        ("'{1||0|-1}' : 1", "{1,{1||0|-1}||0|-1}"),
        // An option written as a kept form stays one; here the option is not followed.
        ("'{'{*|*}'|0}' : 1", "^*"),
        // H's form is followed too: {*|*} : {*|*} = {*, *2 | *, *2} = 0.
        ("'{*|*}' : '{*|*}'", "0"),
        ("'{*|*}'.Mean", "0"),
    ] {
        assert_eq!(
            u.canonical(text).unwrap_or_else(|e| panic!("{text}: {e}")),
            shown,
            "{text}"
        );
    }
    // A name keeps the form (EvalTest "Explicit game eval"): g := '{*|*}' : 1 is ↑ and
    // (2*g).CanonicalForm is ^^; a name given to a kept form keeps it for later sums.
    let g = u.parse_kept("'{*|*}' : 1").unwrap();
    u.define_kept("g", g).unwrap();
    assert_eq!(u.canonical("2*g").unwrap(), "^^");
    assert_eq!(u.canonical("g*2").unwrap(), "^^");
    let k = u.parse_kept("'{*|*}'").unwrap();
    u.define_kept("k", k).unwrap();
    assert_eq!(u.canonical("k : 1").unwrap(), "^");
    assert_eq!(u.canonical("(k) : 1").unwrap(), "^");
    assert_eq!(u.canonical("k + 0 : 1").unwrap(), "1");
    for (text, why) in [
        ("'{*|*}", "not closed"),
        ("'{*}'", "a bar between Left's and Right's options"),
        ("'{*|*}' '{0|}'", "was not expected here"),
        ("*|*}'", "was not expected here"),
    ] {
        let mut u = Universe::new();
        let e = u.parse(text).unwrap_err().to_string();
        assert!(e.contains(why), "{text}: {e}");
    }
}
