use super::*;
use crate::analysis::strings as words;
use crate::misere_form::genus::{genus_sequence, heap_options};

/// The winning moves the quotient finds from each heap's class (used when a position has
/// too many moves to list) are exactly the listed moves that win, on positions of up to
/// six heaps of Kayles, Dawson's Kayles and 0.137, decided by search.
#[test]
fn quotient_moves_are_the_winning_moves() {
    let registry = crate::registry::Registry::catalog();
    for game in ["kayles", "dawson", "octal 0.137"] {
        let misere = registry.parse(&format!("{game} --misere")).unwrap();
        let rule = match misere
            .entry
            .sequence_source(&misere.options.clone().flag_off("misere"))
        {
            Ok(Some((crate::heap::sequence::Source::Rule(r), _))) => r,
            _ => panic!("{game} is a heap game"),
        };
        let plain = registry.parse(game).unwrap();
        let by_search = MisereGame::new(plain.game().unwrap()).unwrap();
        let by_quotient = MisereGame::with_heap_rule(plain.game().unwrap(), rule).unwrap();
        let mut seed = 7u64;
        for _ in 0..40 {
            let mut heaps = Vec::new();
            for _ in 0..1 + seed % 6 {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                heaps.push(1 + (seed >> 33) % 10);
            }
            let typed: Vec<String> = heaps.iter().map(u64::to_string).collect();
            let args: Vec<&str> = typed.iter().map(String::as_str).collect();
            let at = by_search.position(&args).unwrap();
            let (q, hs) = by_quotient
                .quotient_for(Some(heaps.clone()))
                .unwrap()
                .expect("a quotient");
            let mut ours: Vec<Vec<String>> = by_quotient
                .quotient_moves(&q, &hs, usize::MAX)
                .into_iter()
                .map(|(m, _)| words(&m.to))
                .collect();
            let mut want: Vec<Vec<String>> = by_search
                .moves(&at)
                .unwrap()
                .into_iter()
                .filter(|(_, good)| *good)
                .map(|(m, _)| words(&m.0.to))
                .collect();
            for v in [&mut ours, &mut want] {
                for to in v.iter_mut() {
                    to.sort_by_key(|w| w.parse::<u64>().unwrap());
                }
                v.sort();
                v.dedup();
            }
            assert_eq!(ours, want, "{game} {heaps:?}");
            assert_eq!(
                by_quotient.wins(&at).unwrap(),
                by_search.search(&at, SEARCH_LIMIT).unwrap().0
            );
        }
    }
}

/// The misère Grundy value of heaps plus `twos` heaps of 2 and `ones` heaps of 1, by the
/// definition (1 with no move, else the mex of the options'), searched directly.
fn misere_value(
    rule: &HeapRule,
    heaps: Vec<u64>,
    twos: u32,
    ones: u32,
    memo: &mut HashMap<(Vec<u64>, u32, u32), u32>,
) -> u32 {
    if let Some(&v) = memo.get(&(heaps.clone(), twos, ones)) {
        return v;
    }
    let mut seen = Vec::new();
    for o in heap_options(rule, &heaps) {
        seen.push(misere_value(rule, o, twos, ones, memo));
    }
    if twos > 0 {
        seen.push(misere_value(rule, heaps.clone(), twos - 1, ones + 1, memo));
        seen.push(misere_value(rule, heaps.clone(), twos - 1, ones, memo));
    }
    if ones > 0 {
        seen.push(misere_value(rule, heaps.clone(), twos, ones - 1, memo));
    }
    let v = if seen.is_empty() {
        1
    } else {
        (0..).find(|v| !seen.contains(v)).unwrap()
    };
    memo.insert((heaps, twos, ones), v);
    v
}

/// The genus from the recurrence agrees with its definition: γk is the misère Grundy
/// value of the heap plus k heaps of 2, searched directly, for every heap to 14 of
/// Kayles, Dawson's Kayles and Grundy's game, k to 6.
#[test]
fn the_genus_recurrence_agrees_with_its_definition() {
    for code in ["0.77", "0.07"] {
        let rule = crate::heap::parse_code(code).unwrap();
        check(&rule, 14);
    }
    check(&HeapRule::GrundysGame, 14);
    fn check(rule: &HeapRule, to: u64) {
        let genera = genus_sequence(rule, to).unwrap();
        let mut memo = HashMap::new();
        for (n, g) in genera.iter().enumerate() {
            let heaps = if n == 0 { vec![] } else { vec![n as u64] };
            for k in 0..7 {
                let want = misere_value(rule, heaps.clone(), k as u32, 0, &mut memo);
                assert_eq!(g.digit(k), want, "heap {n}, k {k}: {g}");
            }
        }
    }
}
