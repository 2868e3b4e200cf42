use super::*;
use crate::heap::{extend_plain, parse_code};

#[test]
fn agrees_with_the_plain_method_whatever_the_mask() {
    let rules = [
        parse_code("0.6").unwrap(),
        parse_code("0.77").unwrap(),
        parse_code("0.156").unwrap(),
        parse_code("4.7").unwrap(),
        parse_code("0.137").unwrap(),
        parse_code("0.56").unwrap(),
        parse_code("0.376").unwrap(),
        parse_code("0.354").unwrap(),
        HeapRule::GrundysGame,
    ];
    for rule in rules {
        let mut plain: Vec<u32> = Vec::new();
        extend_plain(&rule, &mut plain, 6000);
        // Two bytes a value, as long runs store them.
        let mut narrow: Vec<u16> = plain[..1000].iter().map(|&v| v as u16).collect();
        assert!(extend_sparse(&rule, &mut narrow, 6000, 0b1010));
        assert!(narrow
            .iter()
            .map(|&v| u32::from(v))
            .eq(plain.iter().copied()));
        for mask in [1u32, 3, 0b1010, 0xff] {
            let mut fast = plain[..1000].to_vec();
            assert!(extend_sparse(&rule, &mut fast, 6000, mask));
            assert_eq!(fast, plain, "{rule:?} mask {mask:#b}");
            for (block, ahead) in [(1, 0), (7, 3), (300, 5000), (256, 0)] {
                let mut fast = plain[..1000].to_vec();
                let mut cache = Cache {
                    ahead: Some(ahead),
                    ..Cache::default()
                };
                assert!(extend_sparse_blocks(
                    &rule, &mut fast, 6000, mask, block, &mut cache
                ));
                assert_eq!(
                    fast, plain,
                    "{rule:?} mask {mask:#b} blocks of {block}, {ahead} ahead"
                );
            }
        }
        if let Some(mask) = choose_mask(&plain[..2000]) {
            let mut fast = plain[..2000].to_vec();
            extend_sparse(&rule, &mut fast, 6000, mask);
            assert_eq!(fast, plain, "{rule:?} chosen mask {mask:#b}");
        }
    }
}

#[test]
fn the_mex_is_the_first_value_not_marked_wherever_it_lies() {
    for len in 1..40 {
        for hole in 0..len {
            for from in 0..=hole {
                let mut bytes = vec![1u8; len];
                bytes[hole] = 0;
                // Other holes after the first, and marks other than 1, change nothing.
                if hole + 3 < len {
                    bytes[hole + 3] = 0;
                }
                bytes
                    .iter_mut()
                    .filter(|b| **b != 0)
                    .step_by(3)
                    .for_each(|b| *b = 0x80);
                assert_eq!(Seen(&mut bytes).mex_from(from as u32), hole as u32);
            }
        }
        let mut full = vec![1u8; len];
        assert_eq!(Seen(&mut full).mex_from(0), len as u32);
    }
}

#[test]
fn the_witness_order_takes_every_common_valued_part_once_a_value_at_a_time() {
    let rule = parse_code("0.6").unwrap();
    let mut values: Vec<u32> = Vec::new();
    extend_plain(&rule, &mut values, 3000);
    let mask = 0b1_1110_1110; // The mask chosen for Officers on long tables.
    let order = witness_order(&values, mask);
    let mut sorted = order.clone();
    sorted.sort_unstable();
    let common: Vec<usize> = (1..values.len())
        .filter(|&a| !rare(mask, values[a]))
        .collect();
    assert_eq!(sorted, common);
    // The first round holds each common value once, by increasing value; so does each
    // later round, and a value's parts come in increasing order.
    let distinct: std::collections::BTreeSet<u32> = common.iter().map(|&a| values[a]).collect();
    let first: Vec<u32> = order[..distinct.len()].iter().map(|&a| values[a]).collect();
    assert_eq!(first, distinct.iter().copied().collect::<Vec<_>>());
    for w in distinct {
        let parts: Vec<usize> = order.iter().copied().filter(|&a| values[a] == w).collect();
        assert!(parts.windows(2).all(|p| p[0] < p[1]));
    }
}

#[test]
fn hexadecimal_three_heap_moves_are_left_to_the_plain_method() {
    let mut v = vec![0u32];
    assert!(!extend_sparse(&parse_code("0.8").unwrap(), &mut v, 10, 1));
    assert_eq!(v, vec![0]);
}
