use super::{value_bottom_up, Ruleset};
use crate::games::{bash::Bash, cutting::Cutting, euclid::Euclid, fibonacci::Fibonacci};
use crate::games::{nim::Nim, wythoff::Wythoff};
use crate::GameError;
use crate::Nat;

/// What a game writes, it reads back: the same position, for each kind of position.
fn round_trip<R: Ruleset>(game: &R, text: &str)
where
    R::Pos: std::fmt::Debug,
{
    let p = game.read(text).unwrap();
    assert_eq!(game.show(&p), text);
    assert_eq!(game.read(&game.show(&p)).unwrap(), p);
}

/// No move is looked for where the outcome says there is none, nor where none is to be
/// listed (a batch with --max-moves 0): the moves are never pulled.
#[test]
fn winning_moves_are_not_searched_when_none_are_wanted_or_possible() {
    use crate::Outcome;
    let never = || {
        std::iter::from_fn(|| -> Option<crate::Move<Vec<Nat>>> { panic!("a move was searched") })
    };
    let nim = Nim::default();
    for (outcome, max, more) in [
        (Outcome::N, 0, true),
        (Outcome::L, 0, true),
        (Outcome::P, 5, false),
        (Outcome::D, 5, false),
    ] {
        let (listed, truncated) = super::collect_winning(&nim, outcome, never(), max);
        assert_eq!((listed.len(), truncated), (0, more), "{outcome}");
    }
    let one = std::iter::once(crate::Move {
        description: "take 1 from heap 1".into(),
        to: vec![Nat::from(0u32)],
        player: None,
    });
    let (listed, truncated) = super::collect_winning(&nim, Outcome::N, one, 5);
    assert_eq!((listed.len(), truncated), (1, false));
}

#[test]
fn positions_are_read_and_shown_as_typed() {
    round_trip(&Nim::default(), "3 4 5");
    round_trip(&Wythoff::default(), "4 7");
    round_trip(&Euclid, "25 7");
    round_trip(&Fibonacci, "20 3");
    round_trip(&Cutting::default(), "5x4 2x3");
    let bash = Bash {
        max: Some(Nat::from(3u32)),
        misere: false,
    };
    round_trip(&bash, "21");
    // Spaces of any kind between the words; nothing else.
    assert_eq!(
        Nim::default().read(" 3\t4 ").unwrap(),
        Nim::default().read("3 4").unwrap()
    );
    assert!(Euclid.read("25").is_err());
}

/// Valuing bottom up: each position once (a Grundy value here), and a cycle or too many
/// positions refused rather than followed for ever.
#[test]
fn values_bottom_up_each_position_once_and_refuse_cycles() {
    // n → n − 1 and n − 2: Grundy values 0, 1, 2, 0, 1, 2, …
    let grundy = |root: u32, limit: usize| {
        let mut asked = 0;
        let v = value_bottom_up(
            "chain",
            root,
            limit,
            |&n| {
                asked += 1;
                Ok(vec![(1..=2).filter(|&k| k <= n).map(|k| n - k).collect()])
            },
            |of| Ok(crate::solver::mex_of(of[0].iter().copied())),
        );
        (v, asked)
    };
    assert_eq!(grundy(10, 100), (Ok(1), 11));
    assert!(matches!(grundy(10, 5).0, Err(GameError::TooLarge(_))));
    let cycle = value_bottom_up(
        "loop",
        0u32,
        100,
        |&n| Ok(vec![vec![(n + 1) % 3]]),
        |_| Ok(0u32),
    );
    let e = cycle.unwrap_err().to_string();
    assert!(e.contains("loop: the game has a cycle"), "{e}");
}

/// A ruleset's misère form, walked over its own positions, is the form the words' walk
/// ([`super::form_of`], what a sum of games takes) finds, on every game of the catalog with
/// impartial positions small enough; a partizan game is refused by both alike.
#[test]
fn a_rulesets_misere_form_is_the_words_walk() {
    let registry = crate::registry::Registry::catalog();
    let mut forms = crate::misere_form::Forms::new();
    for (game, positions) in [
        ("kayles", &["5", "3 4", "1 2 6"][..]),
        ("dawson", &["7", "2 9"]),
        ("grundys-game", &["9", "5 7"]),
        ("wythoff", &["3 5", "6 6"]),
        ("nim", &["1 2 3"]),
        ("bash --max 3", &["7"]),
        ("cram", &["...|...", "....|.#.."]),
        ("octal 0.137", &["8", "3 5"]),
        ("octal 4.07", &["6"]),
        ("euclid", &["7 12"]),
    ] {
        let g = registry.parse(game).unwrap().game().unwrap();
        for text in positions {
            let words: Vec<&str> = text.split_whitespace().collect();
            let p = g.position(&words).unwrap();
            let typed = g.misere_form(&mut forms, &p).unwrap();
            let by_words = super::form_of(&mut forms, g.as_ref(), &p).unwrap();
            assert_eq!(typed, by_words, "{game} {text}");
        }
    }
    let domineering = registry.parse("domineering").unwrap().game().unwrap();
    let p = domineering.position(&["..|.."]).unwrap();
    let typed = domineering.misere_form(&mut forms, &p).unwrap_err();
    let by_words = super::form_of(&mut forms, domineering.as_ref(), &p).unwrap_err();
    assert_eq!(typed, by_words);
}
