//! A Funny Game: coins in a circle; take one coin or two adjacent coins.

use super::heap_games::HeapGame;
use super::int_tokens;
use crate::analysis::{Move, Token, Verdict};
use crate::nat::parse_nat;
use crate::registry::{Entry, PositionSpec};
use crate::rules::{GameInfo, Ruleset, TableShape};
use crate::solver::Game;
use crate::{GameError, Nat, Outcome};
use num_traits::{One, Zero};

/// Coins in a circle (POJ 2484, "A Funny Game").
#[derive(Debug)]
pub struct Circle {
    kayles: HeapGame,
}

impl Default for Circle {
    fn default() -> Self {
        Circle {
            kayles: HeapGame::kayles(),
        }
    }
}

/// A position: the unbroken circle, or the rows of coins left once it has been cut.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum CirclePos {
    /// N coins in a circle.
    Circle(Nat),
    /// Rows of coins (a Kayles position).
    Rows(Vec<Nat>),
}

/// Description of the circle game.
pub static INFO: GameInfo = GameInfo {
    name: "circle",
    title: "Coins in a circle (A Funny Game)",
    summary: "coins in a circle; take one coin or two adjacent coins",
    usage: "circle N",
    example: "circle 2",
    rules: "N coins lie in a circle. A move takes one coin or two adjacent coins (adjacent along \
            the circle, or along a row once the circle is broken). Who takes the last coin wins. \
            Once the circle is broken the position is written `rows A B …`: the rows of coins \
            left (`circle rows 3 2`); no coins at all is `0`.",
    theory: "The first move breaks the circle into a row of N − 1 or N − 2 coins, and a row is a \
             Kayles position. With N ≥ 3 the second player answers by taking the one or two coins \
             opposite, leaving two equal rows, and then copies every move in the other row \
             (symmetry strategy): the player to move loses. With N = 1 or 2 the first player takes \
             everything. Grundy values: G(0) = 0, G(1) = 1, G(2) = 2 and G(N) = 0 for N ≥ 3 (the \
             options are single rows, which are never 0 in Kayles for a non-empty row).",
    source: "POJ 2484 (A Funny Game); Kayles values: R. K. Guy, C. A. B. Smith (1956).",
};

/// The registry's entry: names, parameters and notation of the game.
pub static ENTRY: Entry = Entry {
    info: &INFO,
    about: "Coins in a circle: take one or two adjacent coins.",
    params: &[],
    position: PositionSpec {
        value_name: "N",
        help: "The number of coins.",
    },
    build: |_| super::boxed(Circle::default()),
    sequence: None,
};

impl Ruleset for Circle {
    type Pos = CirclePos;

    fn info(&self) -> &'static GameInfo {
        &INFO
    }

    fn parse(&self, args: &[&str]) -> Result<CirclePos, GameError> {
        match args {
            // First, so that `rows` alone (no coins left) is not read as a coin count.
            ["rows" | "row", rows @ ..] => {
                let rows = rows
                    .iter()
                    .map(|r| parse_nat(r, "row length"))
                    .collect::<Result<Vec<_>, _>>()?;
                Ok(CirclePos::Rows(
                    rows.into_iter().filter(|r| !r.is_zero()).collect(),
                ))
            }
            [n] => Ok(CirclePos::Circle(parse_nat(n, "coin count")?)),
            _ => Err(GameError::WrongCount {
                game: "circle".into(),
                expected: "one number of coins N (or, once broken, `rows A B …`)".into(),
                got: args.len(),
            }),
        }
    }

    fn tokens(&self, p: &CirclePos) -> Vec<Token> {
        match p {
            CirclePos::Circle(n) => vec![Token::Int(n.clone())],
            CirclePos::Rows(rows) if rows.is_empty() => vec![Token::Int(Nat::zero())],
            CirclePos::Rows(rows) => std::iter::once(Token::Text("rows".into()))
                .chain(int_tokens(rows))
                .collect(),
        }
    }

    fn options(&self, p: &CirclePos) -> Result<Vec<CirclePos>, GameError> {
        match p {
            CirclePos::Circle(_) => Ok(Game::moves(self, p)),
            CirclePos::Rows(rows) => Ok(Ruleset::options(&self.kayles, rows)?
                .into_iter()
                .map(CirclePos::Rows)
                .collect()),
        }
    }

    fn verdict(&self, p: &CirclePos) -> Result<Verdict<'_, CirclePos>, GameError> {
        let n = match p {
            CirclePos::Circle(n) => n,
            CirclePos::Rows(rows) => {
                let v = self.kayles.verdict(rows)?;
                return Ok(Verdict {
                    search: None,
                    partial: v.partial,
                    outcome: v.outcome,
                    grundy: v.grundy,
                    winning: Box::new(v.winning.map(|m| Move {
                        to: CirclePos::Rows(m.to),
                        description: m.description,
                        player: m.player,
                    })),
                    explanation: v.explanation,
                });
            }
        };
        let (g, moves, why) = if n.is_zero() {
            (
                0u32,
                vec![],
                "No coins are left: the opponent took the last one and won.",
            )
        } else if n.is_one() {
            (
                1,
                vec![Move::new(CirclePos::Rows(vec![]), "take the coin")],
                "One coin: the player to move takes it and wins.",
            )
        } else if *n == Nat::from(2u32) {
            (
                2,
                vec![Move::new(CirclePos::Rows(vec![]), "take both coins")],
                "Two adjacent coins: the player to move takes both and wins.",
            )
        } else {
            (
                0,
                vec![],
                "With 3 or more coins the first move leaves a row; the second player takes the \
                 middle one or two coins of it, leaving two equal rows, and copies every move \
                 from then on, so the player to move loses.",
            )
        };
        Ok(Verdict {
            search: None,
            partial: false,
            outcome: Outcome::from_win(g != 0),
            grundy: Some(Nat::from(g)),
            winning: Box::new(moves.into_iter()),
            explanation: why.to_string(),
        })
    }

    fn table_shape(&self) -> Option<TableShape> {
        Some(TableShape::Row {
            axis: "N",
            first: 0,
        })
    }

    fn table_position(&self, c: &[u64]) -> Result<Option<CirclePos>, GameError> {
        Ok(Some(CirclePos::Circle(Nat::from(c[0]))))
    }
}

impl Game for Circle {
    type Position = CirclePos;

    fn moves(&self, p: &CirclePos) -> Vec<CirclePos> {
        match p {
            CirclePos::Circle(n) => {
                let row = |k: u32| {
                    let rest = n - k;
                    CirclePos::Rows(if rest.is_zero() { vec![] } else { vec![rest] })
                };
                let mut out = Vec::new();
                if *n >= Nat::one() {
                    out.push(row(1));
                }
                if *n >= Nat::from(2u32) {
                    out.push(row(2));
                }
                out
            }
            CirclePos::Rows(rows) => self
                .kayles
                .moves(rows)
                .into_iter()
                .map(CirclePos::Rows)
                .collect(),
        }
    }

    fn components(&self, p: &CirclePos) -> Vec<CirclePos> {
        match p {
            CirclePos::Circle(_) => vec![p.clone()],
            CirclePos::Rows(rows) => rows
                .iter()
                .map(|r| CirclePos::Rows(vec![r.clone()]))
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::{check_all, nat, Grundy};

    #[test]
    fn matches_brute_force_on_all_small_circles() {
        let ps = (0..=40u64).map(|n| CirclePos::Circle(nat(n)));
        check_all(&Circle::default(), ps, Grundy::Required);
    }

    #[test]
    fn broken_circles_are_rows_of_kayles() {
        let game = Circle::default();
        let rows = |a: &[&str]| game.parse(a).unwrap();
        assert_eq!(
            rows(&["rows", "3", "0", "2"]),
            CirclePos::Rows(vec![nat(3), nat(2)])
        );
        let ps = (0..=12u64).flat_map(|a| {
            (0..=12u64).map(move |b| {
                CirclePos::Rows([a, b].into_iter().filter(|&x| x > 0).map(nat).collect())
            })
        });
        check_all(&game, ps, Grundy::Required);
        // Written back so that it reads again as the same position.
        let p = CirclePos::Rows(vec![nat(4), nat(1)]);
        let words: Vec<String> = game.tokens(&p).iter().map(|t| t.to_string()).collect();
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        assert_eq!(game.parse(&words).unwrap(), p);
        // Every first move breaks the circle; every option can be played on.
        let first = Ruleset::options(&game, &CirclePos::Circle(nat(7))).unwrap();
        assert_eq!(
            first,
            [CirclePos::Rows(vec![nat(6)]), CirclePos::Rows(vec![nat(5)])]
        );
        assert!(game.parse(&["rows", "x"]).is_err());
        assert_eq!(game.parse(&["rows"]).unwrap(), CirclePos::Rows(vec![]));
        assert_eq!(game.parse(&["7"]).unwrap(), CirclePos::Circle(nat(7)));
    }

    #[test]
    fn known_answers() {
        // Alice (first) wins for 1 and 2 coins, Bob for 3 or more.
        for n in 1..=10u64 {
            let game = Circle::default();
            let v = game.verdict(&CirclePos::Circle(nat(n))).unwrap();
            assert_eq!(v.outcome == Outcome::N, n <= 2);
        }
    }
}
