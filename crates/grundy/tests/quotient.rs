//! Misère quotients against a naive misère search (heaps sorted, nothing else assumed): for
//! take-and-break codes, subtraction and all-but games and Grundy's game, every sum of heaps
//! to the quotient's bound with few enough tokens is a P-position exactly when its class is in
//! the P-portion; the table is a commutative monoid that the pretending function generates;
//! and the published quotients: misère Nim's (order 2ⁿ + 2, Plambeck and Siegel §3) and R8,
//! the quotient of 0.75 for every heap (Plambeck and Siegel; Siegel: the only one of order 8).

use grundy::heap::{parse_code, HeapRule};
use grundy::quotient::{quotient, Quotient};
use std::collections::HashMap;

/// Whether the heaps (sorted) are a misère P-position, by the definition.
fn naive_p(rule: &HeapRule, heaps: Vec<u64>, memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    if let Some(&p) = memo.get(&heaps) {
        return p;
    }
    let mut has_move = false;
    let mut to_p = false;
    for i in 0..heaps.len() {
        if to_p {
            break;
        }
        rule.for_each_option(heaps[i], |_, parts| {
            has_move = true;
            if !to_p {
                let mut o: Vec<u64> = heaps[..i].iter().chain(&heaps[i + 1..]).copied().collect();
                o.extend_from_slice(parts);
                o.sort_unstable();
                to_p = naive_p(rule, o, memo);
            }
        });
    }
    let p = has_move && !to_p;
    memo.insert(heaps, p);
    p
}

/// Every sum of heaps 1..=`to` of at most `total` tokens.
fn sums(to: u64, total: u64) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    let mut stack = vec![vec![]];
    while let Some(heaps) = stack.pop() {
        let used: u64 = heaps.iter().sum();
        let top = heaps.first().copied().unwrap_or(to);
        for h in 1..=top.min(total - used) {
            let mut more = vec![h];
            more.extend_from_slice(&heaps);
            stack.push(more);
        }
        out.push(heaps);
    }
    out
}

/// The quotient's structure is sound and decides every small sum as the naive search does.
fn check(rule: &HeapRule, to: u64, total: u64) -> Quotient {
    let q = quotient(rule, to).unwrap();
    let n = q.order;
    assert_eq!(q.table.len(), n);
    for x in 0..n {
        assert_eq!(q.mul(q.identity, x), x);
        for y in 0..n {
            assert_eq!(q.mul(x, y), q.mul(y, x), "commutative");
            for z in 0..n {
                assert_eq!(q.mul(q.mul(x, y), z), q.mul(x, q.mul(y, z)), "associative");
            }
        }
    }
    // Every element is a product of heaps' classes.
    let mut reached = vec![false; n];
    reached[q.identity] = true;
    let mut stack = vec![q.identity];
    while let Some(x) = stack.pop() {
        for &g in &q.pretending {
            let y = q.mul(x, g);
            if !reached[y] {
                reached[y] = true;
                stack.push(y);
            }
        }
    }
    assert!(
        reached.iter().all(|&r| r),
        "the heaps generate the quotient"
    );
    let mut memo = HashMap::new();
    let all = sums(to, total);
    for heaps in &all {
        let x = q.element_of(heaps.iter().copied()).unwrap();
        assert_eq!(
            q.is_p(x),
            naive_p(rule, heaps.clone(), &mut memo),
            "{heaps:?}"
        );
    }
    // Distinct elements are told apart by some sum (the quotient is reduced): their products
    // with every element differ in the P-portion somewhere.
    for x in 0..n {
        for y in x + 1..n {
            assert!(
                (0..n).any(|z| q.is_p(q.mul(x, z)) != q.is_p(q.mul(y, z))),
                "elements {} and {} are indistinguishable",
                q.elements[x],
                q.elements[y]
            );
        }
    }
    q
}

#[test]
fn quotients_decide_every_small_sum() {
    for (code, to, total) in [
        ("0.07", 16, 22),
        ("0.77", 12, 22),
        ("0.137", 14, 22),
        ("0.75", 14, 22),
        ("0.6", 12, 20),
        ("0.37", 12, 20),
        ("4.7", 9, 18),
        ("0.156", 12, 20),
        ("0.3F", 10, 18),
    ] {
        check(&parse_code(code).unwrap(), to, total);
    }
    // Subtraction {1, 3, 4}, all-but {2} and Grundy's game.
    check(&HeapRule::TakeBreak(vec![(1, 3), (3, 3), (4, 3)]), 12, 22);
    check(&HeapRule::AllBut(vec![2]), 8, 18);
    check(&HeapRule::GrundysGame, 12, 22);
}

#[test]
fn misere_nim_has_order_two_to_the_n_plus_two() {
    // Nim with heaps to 2ⁿ − 1: nim-sums 0 … 2ⁿ − 1 with a heap of 2 or more, and two
    // classes of heaps of 1 only.
    let nim = parse_code("0.333333333333333").unwrap();
    for (to, order) in [(1, 2), (3, 6), (7, 10), (15, 18)] {
        let q = check(&nim, to, 18);
        assert_eq!(q.order, order, "heaps to {to}");
    }
}

#[test]
fn r8_is_the_quotient_of_0_75_for_every_heap() {
    let q = check(&parse_code("0.75").unwrap(), 24, 20);
    assert_eq!(q.order, 8);
    assert_eq!(
        q.presentation(),
        "⟨a, b, c | a² = 1, bc = ab, c² = b², b³ = b⟩"
    );
    let p: Vec<&str> = q
        .p_portion
        .iter()
        .map(|&x| q.elements[x].as_str())
        .collect();
    assert_eq!(p, ["a", "b²"]);
    assert!(q.stable);
    assert_eq!(q.proved_to, None);
    let s = q.periodicity.clone().unwrap();
    assert_eq!((s.from, s.period), (8, 2));
    // Beyond the bound, heaps take their class from the period, and sums agree with search.
    let rule = parse_code("0.75").unwrap();
    let mut memo = HashMap::new();
    for heaps in [
        vec![31],
        vec![29, 2],
        vec![30, 27],
        vec![41, 5, 5],
        vec![33, 33, 1],
    ] {
        let x = q.element_of(heaps.iter().copied()).unwrap();
        let mut sorted = heaps.clone();
        sorted.sort_unstable();
        assert_eq!(q.is_p(x), naive_p(&rule, sorted, &mut memo), "{heaps:?}");
    }
}

#[test]
fn a_quotient_without_a_period_is_proved_only_to_its_bound() {
    let q = check(&parse_code("0.07").unwrap(), 12, 16);
    assert!(!q.stable);
    assert_eq!(q.proved_to, Some(12));
    assert_eq!(q.element_of([13]), None);
}

/// Plambeck and Siegel (JCTA 2008, §7) report that Dawson's Kayles (0.07) restricted to heaps
/// up to 30 has a quotient of 360 elements; heap 30 is where a search of positions could no
/// longer reach it, and the algebra reaches it in about a second.
#[test]
fn dawsons_kayles_to_thirty_has_360_elements() {
    let q = check(&parse_code("0.07").unwrap(), 30, 24);
    assert_eq!(q.order, 360);
    assert!(!q.stable);
}

/// Beyond what a search reaches: Kayles' quotient to heap 40 decides every sum of two heaps
/// to 40 (not both past 30) and of three heaps to 14 as the sum of the heaps' misère canonical forms does
/// (Conway's forms, an independent computation).
#[test]
fn kayles_to_forty_agrees_with_misere_canonical_forms() {
    use grundy::misere_form::{heap_forms, Forms};
    let rule = parse_code("0.77").unwrap();
    let q = quotient(&rule, 40).unwrap();
    let mut forms = Forms::new();
    let heaps = heap_forms(&mut forms, &rule, 40).unwrap();
    for a in 1..=40u64 {
        for b in a..=40u64 {
            if a > 30 && b > 30 {
                continue;
            }
            let sum = forms.add(heaps[a as usize], heaps[b as usize]).unwrap();
            let x = q.element_of([a, b]).unwrap();
            assert_eq!(q.is_p(x), forms.is_p(sum), "{a} + {b}");
            if b > 14 {
                continue;
            }
            for c in b..=14u64 {
                let three = forms.add(sum, heaps[c as usize]).unwrap();
                let x = q.element_of([a, b, c]).unwrap();
                assert_eq!(q.is_p(x), forms.is_p(three), "{a} + {b} + {c}");
            }
        }
    }
}
