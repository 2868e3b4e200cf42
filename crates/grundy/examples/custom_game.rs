//! A game of your own, in one file: Take-a-square (one heap; a move takes a perfect square of
//! tokens; Winning Ways, chapter 4). Its moves are all grundy needs to answer it by search;
//! its notation and an [`Entry`] put it in a registry beside the catalog's games, where it
//! gets `solve`, `table`, `play` and the playground like any other. It is then cross-checked
//! against its own moves and against the published P-positions (OEIS A030193).
//!
//! Run with `cargo run -p grundy --example custom_game`.

use grundy::by_search::{BySearch, Notation};
use grundy::registry::{Entry, PositionSpec, Registry};
use grundy::rules::{GameInfo, TableShape};
use grundy::solver::Game;
use grundy::testkit::check_consistency;
use grundy::{GameError, Outcome, Token};

/// One heap; a move takes 1, 4, 9, 16, … tokens.
pub struct TakeASquare;

impl Game for TakeASquare {
    type Position = u64;

    fn moves(&self, &n: &u64) -> Vec<u64> {
        (1..)
            .map(|k| k * k)
            .take_while(|&s| s <= n)
            .map(|s| n - s)
            .collect()
    }
}

static INFO: GameInfo = GameInfo {
    name: "take-a-square",
    title: "Take-a-square",
    summary: "one heap; take a perfect square number of tokens",
    usage: "take-a-square N",
    example: "take-a-square 10",
    rules: "One heap of tokens. A move takes a perfect square number (1, 4, 9, …) of tokens. \
            Who takes the last token wins.",
    theory: "No closed form is known: positions are searched (memoised mex).",
    source: "Berlekamp, Conway, Guy, Winning Ways, chapter 4; P-positions: OEIS A030193.",
};

impl Notation for TakeASquare {
    fn info(&self) -> &'static GameInfo {
        &INFO
    }

    fn parse(&self, args: &[&str]) -> Result<u64, GameError> {
        match args {
            [n] => grundy::nat::parse_u64(n, "heap"),
            _ => Err(GameError::Invalid(format!(
                "take-a-square takes one heap (got {} numbers)",
                args.len()
            ))),
        }
    }

    fn tokens(&self, &n: &u64) -> Vec<Token> {
        vec![n.into()]
    }

    fn table_shape(&self) -> Option<TableShape> {
        Some(TableShape::Row {
            axis: "heap",
            first: 0,
        })
    }

    fn table_position(&self, coords: &[u64]) -> Option<u64> {
        coords.first().copied()
    }
}

/// The game's line in a registry.
pub static ENTRY: Entry = Entry {
    info: &INFO,
    about: "Take-a-square: take a perfect square of tokens from one heap.",
    params: &[],
    position: PositionSpec {
        value_name: "N",
        help: "The heap.",
    },
    build: |_| Ok(Box::new(BySearch::new(TakeASquare))),
    sequence: None,
};

fn main() {
    let registry = Registry::catalog().with(&ENTRY);

    // solve, as `grundy solve take-a-square 11` would.
    let answer = registry
        .parse("take-a-square 11")
        .unwrap()
        .solve(10)
        .unwrap();
    assert_eq!(answer.outcome, Outcome::N);
    assert_eq!(answer.winning_moves[0].to, vec![Token::from(10)]);
    println!("take-a-square 11: {}", answer.outcome.sentence());

    // table, as `grundy table take-a-square --to 40` would: the P-positions.
    let game = registry.parse("take-a-square").unwrap().game().unwrap();
    let lost: Vec<u64> = (0..200)
        .filter(|&n| game.table_cell(&[n]).unwrap().unwrap().outcome == Outcome::P)
        .collect();
    println!("P-positions below 200: {lost:?}");
    // OEIS A030193, the losing positions of the subtract-a-square game.
    assert_eq!(
        lost[..20],
        [0, 2, 5, 7, 10, 12, 15, 17, 20, 22, 34, 39, 44, 52, 57, 62, 65, 67, 72, 85]
    );

    // The cross-check: every answer agrees with the answers of its options.
    let starts: Vec<String> = (0..200).map(|n| n.to_string()).collect();
    let checked = check_consistency(
        game.as_ref(),
        starts.iter().map(|s| vec![s.as_str()]),
        10_000,
    )
    .unwrap();
    println!("{checked} positions agree with their options");
}

#[test]
fn runs() {
    main();
}
