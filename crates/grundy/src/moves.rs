//! Moves in words: how a move between two written positions is said when a game has no words
//! of its own for it (heap games: `take 2 from heap 1`, `take 1 from heap 2, leaving 1 and 3`,
//! `split heap 1 (9) into 2 and 7`), and how a move a person types is compared with the words
//! grundy prints (case, spacing and an arrow with the position after it do not matter).

use crate::analysis::Token;
use crate::Nat;

/// The words of a move from `from` to `to` (positions written as tokens) when the move changes
/// one heap of a list of heaps, in place: that heap is taken from, or taken from and split, or
/// split; `None` for any other change.
///
/// ```
/// use grundy::analysis::Token;
/// use grundy::moves::describe;
///
/// let t = |ns: &[u64]| ns.iter().map(|&n| Token::from(n)).collect::<Vec<_>>();
/// assert_eq!(describe(&t(&[3, 4, 5]), &t(&[1, 4, 5])).unwrap(), "take 2 from heap 1");
/// assert_eq!(describe(&t(&[0, 5, 2]), &t(&[0, 1, 3, 2])).unwrap(), "take 1 from heap 2, leaving 1 and 3");
/// assert_eq!(describe(&t(&[9]), &t(&[2, 7])).unwrap(), "split heap 1 (9) into 2 and 7");
/// assert_eq!(describe(&t(&[4, 1]), &t(&[4])).unwrap(), "take 1 from heap 2");
/// assert!(describe(&t(&[3, 4]), &t(&[4, 2])).is_none());
/// assert_eq!(describe(&t(&[3, 4]), &t(&[1, 2])).unwrap(), "take 2 from both heaps");
/// ```
pub fn describe(from: &[Token], to: &[Token]) -> Option<String> {
    let ints = |ts: &[Token]| -> Option<Vec<Nat>> {
        ts.iter()
            .map(|t| match t {
                Token::Int(n) => Some(n.clone()),
                Token::Text(_) => None,
            })
            .collect()
    };
    let (from, to) = (ints(from)?, ints(to)?);
    // Two heaps each made smaller by the same number (Wythoff's diagonal move).
    if let ([a, b], [c, d]) = (&from[..], &to[..]) {
        if c < a && d < b && a - c == b - d {
            return Some(format!("take {} from both heaps", a - c));
        }
    }
    let prefix = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
    let suffix = from[prefix..]
        .iter()
        .rev()
        .zip(to[prefix..].iter().rev())
        .take_while(|(a, b)| a == b)
        .count();
    // Exactly one heap changed, into any number of heaps (none when it was taken whole).
    let (changed, parts) = (
        &from[prefix..from.len() - suffix],
        &to[prefix..to.len() - suffix],
    );
    let [heap] = changed else {
        return None;
    };
    let left: Nat = parts.iter().sum();
    if left > *heap {
        return None;
    }
    Some(heap_move(prefix + 1, heap, &(heap - &left), parts))
}

/// The words of a move on heap number `i` (from 1) of `heap` tokens that takes `taken` of
/// them and leaves the non-empty heaps `parts`: the one wording every heap game's answers and
/// listings use.
///
/// ```
/// use grundy::moves::heap_move;
/// use grundy::Nat;
///
/// let n = |ns: &[u64]| ns.iter().map(|&n| Nat::from(n)).collect::<Vec<_>>();
/// assert_eq!(heap_move(1, &Nat::from(1u32), &Nat::from(1u32), &[]), "take 1 from heap 1");
/// assert_eq!(heap_move(2, &Nat::from(6u32), &Nat::from(1u32), &n(&[5])), "take 1 from heap 2");
/// assert_eq!(heap_move(2, &Nat::from(6u32), &Nat::from(1u32), &n(&[2, 3])), "take 1 from heap 2, leaving 2 and 3");
/// assert_eq!(heap_move(1, &Nat::from(9u32), &Nat::from(0u32), &n(&[2, 7])), "split heap 1 (9) into 2 and 7");
/// ```
pub fn heap_move(i: usize, heap: &Nat, taken: &Nat, parts: &[Nat]) -> String {
    let list = |ps: &[Nat]| match ps {
        [] => String::new(),
        [a] => a.to_string(),
        _ => {
            let (last, rest) = ps.split_last().expect("two or more");
            let rest: Vec<String> = rest.iter().map(Nat::to_string).collect();
            format!("{} and {last}", rest.join(", "))
        }
    };
    let nothing_taken = taken == &Nat::from(0u32);
    match parts.len() {
        0 | 1 if !nothing_taken => format!("take {taken} from heap {i}"),
        _ if nothing_taken => format!("split heap {i} ({heap}) into {}", list(parts)),
        _ => format!("take {taken} from heap {i}, leaving {}", list(parts)),
    }
}

/// The words of a move, as compared with what a person typed: lower case, single spaces.
///
/// ```
/// use grundy::moves::normal_words;
/// assert_eq!(normal_words("  Take 2  from heap 1"), "take 2 from heap 1");
/// ```
pub fn normal_words(text: &str) -> String {
    text.split_whitespace()
        .map(str::to_lowercase)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Whether `typed` says the move `words`: the same words up to case and spacing, with or
/// without the position after it (`take 2 from heap 1 → 1 4 5`, as `moves` lists it, or with
/// `->`), and with or without the name of the player who makes it (`Left a1-a2`).
///
/// ```
/// use grundy::analysis::Player;
/// use grundy::moves::says;
/// assert!(says("Take 2 from heap 1 → 1 4 5", "take 2 from heap 1", None));
/// assert!(says("left a1-a2", "a1-a2", Some(Player::Left)));
/// assert!(says("a1-a2 -> #.|#.", "a1-a2", Some(Player::Left)));
/// assert!(!says("l", "l → 0", Some(Player::Left)));
/// assert!(!says("take 2", "take 2 from heap 1", None));
/// ```
pub fn says(typed: &str, words: &str, player: Option<crate::analysis::Player>) -> bool {
    let words = normal_words(words);
    let whole = normal_words(typed);
    let short = |arrow: &str| match typed.rfind(arrow) {
        Some(i) => normal_words(&typed[..i]),
        None => whole.clone(),
    };
    let named = |said: &str| {
        said == words
            || player
                .is_some_and(|p| said == format!("{} {words}", format!("{p:?}").to_lowercase()))
    };
    named(&whole) || named(&short("→")) || named(&short("->"))
}
