//! Bash's game: one heap, take 1 to M tokens.

use crate::analysis::{Brief, GameOption, Move, MoveIter, Token, Verdict, Word};
use crate::nat::parse_nat;
use crate::registry::{Entry, Param, ParamKind, ParamType, PositionSpec};
use crate::rules::{GameInfo, Ruleset, TableShape};
use crate::solver::{Convention, Game};
use crate::{invalid, GameError, Nat, Outcome};
use num_traits::{One, Zero};

/// Bash's game with at most `max` tokens per move (`None` only for the n×m table).
#[derive(Clone, Debug)]
pub struct Bash {
    /// The most tokens one move may take (M ≥ 1).
    pub max: Option<Nat>,
    /// Misère play: who takes the last token loses.
    pub misere: bool,
}

/// A Bash position: `n` tokens, at most `m` per move.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BashPos {
    /// Tokens left.
    pub n: Nat,
    /// The most a move may take.
    pub m: Nat,
}

/// Description of Bash's game.
pub static INFO: GameInfo = GameInfo {
    name: "bash",
    title: "Bash's game",
    summary: "one heap; take 1 to M tokens",
    usage: "bash --max M [--misere] N",
    example: "bash --max 3 21",
    rules: "One heap of N tokens. A move takes between 1 and M tokens. Normal play: who takes the \
            last token wins; with --misere, who takes the last token loses. The \"write \
            numbers\" variant (add 1..k to a running total; whoever first reaches N or more \
            loses) is misère Bash with N tokens and M = k.",
    theory:
        "Normal play: the Grundy value is N mod (M + 1); the player to move loses exactly when \
             M + 1 divides N, and otherwise wins by taking N mod (M + 1), leaving a multiple of \
             M + 1. Misère (N ≥ 1): the player to move loses exactly when N ≡ 1 (mod M + 1), and \
             otherwise wins by taking (N − 1) mod (M + 1); with N = 0 the opponent has taken the \
             last token, so the player to move has already won.",
    source: "Classical (Bachet, Problèmes plaisants et délectables, 1612); see E. R. Berlekamp, \
             J. H. Conway, R. K. Guy, Winning Ways for your Mathematical Plays, ch. 4 \
             (subtraction games).",
};

impl Bash {
    fn take(n: &Nat, d: &Nat) -> Move<BashPos> {
        debug_assert!(!d.is_zero(), "a move takes at least one token");
        Move::new(
            BashPos {
                n: n - d,
                m: Nat::zero(),
            },
            format!("take {d}"),
        )
    }
}

/// The registry's entry: names, parameters and notation of the game.
pub static ENTRY: Entry = Entry {
    info: &INFO,
    about: "Bash's game: one heap, take 1 to M tokens.",
    params: &[
        Param {
            name: "max",
            kind: ParamKind::Named,
            ty: ParamType::Number,
            value_name: "M",
            help: "The most tokens a move may take (omit it in `table` for the n × M grid).",
            required: false,
        },
        super::MISERE,
    ],
    position: PositionSpec {
        value_name: "N",
        help: "Heap size.",
    },
    build: |o| {
        super::boxed(Bash {
            max: o.get("max").map(|m| parse_nat(m, "--max")).transpose()?,
            misere: o.flag("misere"),
        })
    },
    sequence: None,
};

impl Ruleset for Bash {
    type Pos = BashPos;

    fn options(&self, p: &BashPos) -> Result<Vec<BashPos>, GameError> {
        super::listable(super::f(&p.m).min(super::f(&p.n)), &Ruleset::name(self))?;
        Ok(Game::moves(self, p))
    }

    fn info(&self) -> &'static GameInfo {
        &INFO
    }

    fn misere(&self) -> bool {
        self.misere
    }

    fn settings(&self) -> Vec<GameOption> {
        let mut o = Vec::new();
        if let Some(m) = &self.max {
            o.push(GameOption::Named("max", m.to_string()));
        }
        if self.misere {
            o.push(GameOption::Flag("misere"));
        }
        o
    }

    fn parse(&self, args: &[&str]) -> Result<BashPos, GameError> {
        let m = self
            .max
            .clone()
            .ok_or_else(|| invalid!("bash needs --max M: the most tokens a move may take"))?;
        if m.is_zero() {
            return Err(invalid!(
                "bash --max must be at least 1 (a move takes 1 to M tokens)"
            ));
        }
        match args {
            [n] => Ok(BashPos {
                n: parse_nat(n, "heap")?,
                m,
            }),
            _ => Err(GameError::WrongCount {
                game: "bash".into(),
                expected: "one heap size N".into(),
                got: args.len(),
            }),
        }
    }

    fn tokens(&self, p: &BashPos) -> Vec<Token> {
        vec![Token::Int(p.n.clone())]
    }

    /// Normal play with a heap and a limit that fit machine words: N mod (M + 1).
    fn brief_fast(&self, line: &str, max_moves: usize, out: &mut String) -> bool {
        let k = self.max.as_ref().and_then(|m| u64::try_from(m).ok());
        let Some(k) = k
            .filter(|&m| m > 0 && !self.misere)
            .and_then(|m| m.checked_add(1))
        else {
            return false;
        };
        let mut words = [0; super::FAST_WORDS];
        if super::fast_words(line, &mut words) != Some(1) {
            return false;
        }
        let n = words[0];
        let r = n % k;
        let mut brief = Brief::start(out, &[n]);
        brief.outcome(Outcome::from_win(r != 0)).grundy(&r);
        if r != 0 && max_moves > 0 {
            let take = |out: &mut String| {
                out.push_str("take ");
                r.put(out);
            };
            brief.first_move(take, &[n - r]);
        }
        true
    }

    /// With k = M + 1 and n = q·k + r: in normal play 2q rounds of "take t, take k − t" (2q
    /// moves) from a multiple of k, one more move first otherwise (2q + 1). In misère play
    /// the losing heaps are q·k + 1, ended by the loser's forced last take (2q + 1); from
    /// another heap one move reaches the nearest below (2q + 2 for r ≥ 2, 2q for r = 0).
    fn remoteness(&self, p: &BashPos) -> Result<Option<Nat>, GameError> {
        let k = &p.m + 1u32;
        let (q, r) = (&p.n / &k, &p.n % &k);
        let twice = &q * 2u32;
        Ok(Some(match (self.misere, r.is_zero(), r == Nat::one()) {
            (false, true, _) => twice,
            (false, false, _) => twice + 1u32,
            (true, true, _) => twice,
            (true, false, true) => twice + 1u32,
            (true, false, false) => twice + 2u32,
        }))
    }

    fn moves_to_value<'a>(
        &'a self,
        p: &BashPos,
        target: &Nat,
    ) -> Result<(MoveIter<'a, BashPos>, bool), GameError> {
        if self.misere {
            return Err(GameError::Invalid(
                "bash --misere: a misère position has no Grundy value to move to".into(),
            ));
        }
        // A heap n is worth n mod (M + 1): taking d ≤ min(M, n) leaves n − d, worth target
        // for the one d ≡ n − target (mod M + 1) in 1..=M, if the heap has that many.
        let k = &p.m + 1u32;
        let d = (&p.n % &k + &k - target % &k) % &k;
        let fits = target < &k && !d.is_zero() && d <= p.n;
        let m = p.m.clone();
        let moves = fits.then(|| {
            let mv = Self::take(&p.n, &d);
            Move {
                to: BashPos { n: mv.to.n, m },
                ..mv
            }
        });
        Ok((Box::new(moves.into_iter()), false))
    }

    fn verdict(&self, p: &BashPos) -> Result<Verdict<'_, BashPos>, GameError> {
        let k = &p.m + 1u32;
        let fix = |mv: Move<BashPos>| Move {
            to: BashPos {
                n: mv.to.n,
                m: p.m.clone(),
            },
            ..mv
        };
        if !self.misere {
            let r = &p.n % &k;
            let wins = !r.is_zero();
            let explanation = format!(
                "Bash's game: the player to move loses exactly when the heap is a multiple of \
                 M + 1 = {k}, since whatever they take (1..{m}) the opponent takes the rest of {k}. \
                 Here {n} mod {k} = {r}{}.",
                if wins {
                    format!(", so taking {r} leaves a multiple of {k}")
                } else {
                    String::new()
                },
                m = p.m,
                n = p.n,
            );
            let moves: Vec<_> = if wins {
                vec![fix(Self::take(&p.n, &r))]
            } else {
                vec![]
            };
            return Ok(Verdict {
                search: None,
                partial: false,
                outcome: Outcome::from_win(wins),
                grundy: Some(r),
                winning: Box::new(moves.into_iter()),
                explanation,
            });
        }
        if p.n.is_zero() {
            return Ok(Verdict {
                search: None,
                partial: false,
                outcome: Outcome::N,
                grundy: None,
                winning: Box::new(std::iter::empty()),
                explanation: "Misère Bash with no tokens left: the opponent took the last token \
                              and lost, so the player to move has won."
                    .into(),
            });
        }
        let r = (&p.n - 1u32) % &k;
        let wins = !r.is_zero();
        let explanation = format!(
            "Misère Bash: the player to move loses exactly when the heap is 1 more than a \
             multiple of M + 1 = {k} (they are left to take the last token). Here ({n} − 1) mod \
             {k} = {r}{}.",
            if wins {
                format!(", so taking {r} leaves the opponent such a heap")
            } else {
                String::new()
            },
            n = p.n,
        );
        let moves: Vec<_> = if wins {
            vec![fix(Self::take(&p.n, &r))]
        } else {
            vec![]
        };
        Ok(Verdict {
            search: None,
            partial: false,
            outcome: Outcome::from_win(wins),
            grundy: None,
            winning: Box::new(moves.into_iter()),
            explanation,
        })
    }

    fn table_shape(&self) -> Option<TableShape> {
        Some(match self.max {
            Some(_) => TableShape::Row {
                axis: "n",
                first: 0,
            },
            None => TableShape::Grid {
                rows: "M (most per move)",
                cols: "n (heap)",
                first: 0,
            },
        })
    }

    fn table_position(&self, c: &[u64]) -> Result<Option<BashPos>, GameError> {
        Ok(match (&self.max, c) {
            (Some(m), [n]) => Some(BashPos {
                n: Nat::from(*n),
                m: m.clone(),
            }),
            (None, [m, n]) if *m >= 1 => Some(BashPos {
                n: Nat::from(*n),
                m: Nat::from(*m),
            }),
            _ => None,
        })
    }
}

impl Game for Bash {
    type Position = BashPos;

    fn moves(&self, p: &BashPos) -> Vec<BashPos> {
        let mut out = Vec::new();
        let mut d = Nat::one();
        while d <= p.m && d <= p.n {
            out.push(BashPos {
                n: &p.n - &d,
                m: p.m.clone(),
            });
            d += 1u32;
        }
        out
    }

    fn convention(&self) -> Convention {
        Convention::misere_if(self.misere)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::{check_all, check_brief, nat, Grundy};

    fn positions() -> Vec<BashPos> {
        (1..=6u64)
            .flat_map(|m| {
                (0..=40u64).map(move |n| BashPos {
                    n: nat(n),
                    m: nat(m),
                })
            })
            .collect()
    }

    #[test]
    fn remoteness_is_the_searched_one_on_every_small_heap() {
        for misere in [false, true] {
            for m in 1..6u64 {
                let game = Bash {
                    max: Some(nat(m)),
                    misere,
                };
                for n in 0..60u64 {
                    let p = BashPos {
                        n: nat(n),
                        m: nat(m),
                    };
                    let searched = crate::rules::remoteness::by_search(&game, &p, 1 << 20).unwrap();
                    let formula = Ruleset::remoteness(&game, &p).unwrap();
                    assert_eq!(
                        formula,
                        searched.map(Nat::from),
                        "misère {misere}, max {m}, heap {n}"
                    );
                }
            }
        }
    }

    #[test]
    fn normal_and_misere_match_brute_force() {
        check_all(
            &Bash {
                max: None,
                misere: false,
            },
            positions(),
            Grundy::Required,
        );
        check_all(
            &Bash {
                max: None,
                misere: true,
            },
            positions(),
            Grundy::Absent,
        );
    }

    #[test]
    fn fast_one_line_answers_are_the_general_ones() {
        let bash = |m: u64| Bash {
            max: Some(nat(m)),
            misere: false,
        };
        let lines: Vec<String> = (0..=40).map(|n| n.to_string()).collect();
        for m in 1..=6 {
            let fast = check_brief(&bash(m), &lines, &[0, 1, 100]).unwrap();
            assert_eq!(fast, lines.len() * 3);
        }
        // Heaps and limits at the end of the machine word; M + 1 = 2^64 goes the general way.
        let ends = [
            "18446744073709551615",
            "9999999999999999999",
            "0",
            "1",
            "4611686018427387904",
        ];
        for m in [u64::MAX - 1, 1 << 62, 3, (1 << 32) - 1] {
            let fast = check_brief(&bash(m), ends, &[0, 1]).unwrap();
            assert_eq!(fast, 2 * 4); // the 20-digit heap goes the general way
        }
        assert_eq!(check_brief(&bash(u64::MAX), ends, &[1]).unwrap(), 0);
        // Two heaps, a sign, misère play: the general way (and its errors).
        let others = ["3 4", "+3", "x"];
        assert_eq!(check_brief(&bash(3), others, &[1]).unwrap(), 0);
        let misere = Bash {
            max: Some(nat(3)),
            misere: true,
        };
        assert_eq!(check_brief(&misere, &lines, &[1]).unwrap(), 0);
    }

    #[test]
    fn write_numbers_variant() {
        // Add 1..k to a running total; whoever first reaches N or more loses. The usual
        // samples (N, k) = (1, 1): second player, (30, 3): first, (10, 2): second. Counting
        // tokens up to N, the player who must take the N-th loses: misère Bash on N.
        for (n, k, first_wins) in [(1u64, 1u64, false), (30, 3, true), (10, 2, false)] {
            let g = Bash {
                max: Some(nat(k)),
                misere: true,
            };
            let v = g
                .verdict(&BashPos {
                    n: nat(n),
                    m: nat(k),
                })
                .unwrap();
            assert_eq!(v.outcome == Outcome::N, first_wins, "N={n} k={k}");
        }
    }

    #[test]
    fn huge_heaps_are_exact() {
        let g = Bash {
            max: Some(nat(7)),
            misere: false,
        };
        let n: Nat = "1000000000000000000000000000000000000008".parse().unwrap();
        let v = g
            .verdict(&BashPos {
                n: n.clone(),
                m: nat(7),
            })
            .unwrap();
        assert_eq!(v.grundy, Some(&n % 8u32));
    }
}
