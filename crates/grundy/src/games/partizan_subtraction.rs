//! The partizan subtraction game: each player has their own subtraction set.

use crate::analysis::{GameOption, Move, Player, Token, Verdict};
use crate::heap::Period;
use crate::nat::parse_nat;
use crate::nat::parse_set;
use crate::registry::{Entry, Param, ParamKind, ParamType, PositionSpec};
use crate::rules::{GameInfo, Ruleset, TableShape};
use crate::{too_large, GameError, Nat, Outcome};
use num_traits::ToPrimitive;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// A one-heap partizan subtraction game: Left removes a ∈ `left`, Right removes b ∈ `right`.
#[derive(Debug)]
pub struct PartizanSubtraction {
    left: Vec<u64>,
    right: Vec<u64>,
    state: Mutex<State>,
}

/// Bit 0: Left wins moving first from n; bit 1: Right wins moving first from n.
#[derive(Debug, Default, Clone)]
struct Table {
    wins: Arc<Vec<u8>>,
    period: Option<Period>,
}

/// The table and every window of the last max(A ∪ B) values seen so far, with where it ended.
#[derive(Debug, Default)]
struct State {
    table: Table,
    seen: HashMap<Vec<u8>, u64>,
}

const LEFT: u8 = 1;
const RIGHT: u8 = 2;

/// The most heaps tabulated (one byte each) before a period is found.
const MAX_TABLE: u64 = 100_000_000;

/// Description of the partizan subtraction game.
pub static INFO: GameInfo = GameInfo {
    name: "partizan-subtraction",
    title: "Partizan subtraction",
    summary: "one heap; Left and Right each have their own subtraction set",
    usage: "partizan-subtraction --left A1,A2,… --right B1,B2,… N",
    example: "partizan-subtraction --left 1,2 --right 2,3 10",
    rules: "One heap of N tokens. Left may remove a number of tokens from the set A, Right a \
            number from the set B. Who cannot move loses. The answer is the outcome class: L \
            (Left wins whoever starts), R (Right wins whoever starts), N (whoever starts wins) \
            or P (whoever starts loses).",
    theory: "Let L(n) say that Left, moving first from n, wins, and R(n) the same for Right: \
             L(n) holds exactly when some a ∈ A, a ≤ n, has R(n − a) false, and R(n) when some \
             b ∈ B has L(n − b) false. Beyond max(A ∪ B) each pair (L(n), R(n)) depends only on \
             the max(A ∪ B) pairs before it, so the sequence is ultimately periodic; as soon as \
             such a window repeats the period is proved and heaps of any size are answered \
             exactly.",
    source: "A. S. Fraenkel, A. Kotzig, Partizan octal games: partizan \
             subtraction games, International Journal of Game Theory 16 (1987) 145–154.",
};

impl PartizanSubtraction {
    /// The game with Left's set `left` and Right's set `right` (positive, sorted).
    pub fn new(left: Vec<u64>, right: Vec<u64>) -> Self {
        PartizanSubtraction {
            left,
            right,
            state: Mutex::new(State::default()),
        }
    }

    fn width(&self) -> u64 {
        self.left
            .iter()
            .chain(&self.right)
            .copied()
            .max()
            .unwrap_or(0)
    }

    /// The table, ready for heap `n` (directly, or through a proved period).
    fn table_for(&self, n: &Nat) -> Result<Table, GameError> {
        let mut st = self.state.lock().unwrap_or_else(|e| e.into_inner());
        let need = n.to_u64().unwrap_or(u64::MAX);
        if st.table.period.is_some() || (st.table.wins.len() as u64) > need {
            return Ok(st.table.clone());
        }
        let w = self.width();
        let State { table, seen } = &mut *st;
        let wins = Arc::make_mut(&mut table.wins);
        let mut period = None;
        let mut n_cur = wins.len() as u64;
        loop {
            if n_cur > need {
                break;
            }
            if n_cur >= MAX_TABLE {
                return Err(too_large!(
                    "heap {n} is beyond what grundy computes for this game: no period appeared \
                     in the first {MAX_TABLE} heaps"
                ));
            }
            let at = |k: u64| wins[k as usize];
            let mut v = 0u8;
            if self
                .left
                .iter()
                .any(|&a| a <= n_cur && at(n_cur - a) & RIGHT == 0)
            {
                v |= LEFT;
            }
            if self
                .right
                .iter()
                .any(|&b| b <= n_cur && at(n_cur - b) & LEFT == 0)
            {
                v |= RIGHT;
            }
            wins.push(v);
            n_cur += 1;
            // Once every move is available (n ≥ w), the next value is a function of the window
            // of the last w values: a repeated window proves the period.
            if n_cur > 2 * w && period.is_none() {
                let end = n_cur as usize;
                let key = wins[end - w as usize..end].to_vec();
                if let Some(&prev) = seen.get(&key) {
                    // The windows ending at prev and n_cur agree, so everything from prev − w
                    // on repeats with period p; the least preperiod may be earlier still.
                    let p = n_cur - prev;
                    let mut n0 = prev - w;
                    while n0 > 0 && wins[(n0 - 1) as usize] == wins[(n0 - 1 + p) as usize] {
                        n0 -= 1;
                    }
                    period = Some(Period {
                        preperiod: n0,
                        period: p,
                    });
                    break;
                }
                seen.insert(key, n_cur);
            }
        }
        table.period = period;
        Ok(table.clone())
    }
}

impl Table {
    fn at(&self, n: &Nat) -> u8 {
        if let Some(i) = n.to_usize().filter(|&i| i < self.wins.len()) {
            return self.wins[i];
        }
        let p = self.period.expect("beyond the table only when periodic");
        let r = (n - p.preperiod) % p.period;
        self.wins[(p.preperiod + r.to_u64().expect("below the period")) as usize]
    }
}

fn set_text(s: &[u64]) -> String {
    s.iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// The registry's entry: names, parameters and notation of the game.
pub static ENTRY: Entry = Entry {
    info: &INFO,
    about: "Partizan subtraction: Left and Right have their own subtraction sets.",
    params: &[
        Param {
            name: "left",
            kind: ParamKind::Named,
            ty: ParamType::Set,
            value_name: "A1,A2,…",
            help: "Left's subtraction set, e.g. 1,2.",
            required: true,
        },
        Param {
            name: "right",
            kind: ParamKind::Named,
            ty: ParamType::Set,
            value_name: "B1,B2,…",
            help: "Right's subtraction set, e.g. 2,3.",
            required: true,
        },
    ],
    position: PositionSpec {
        value_name: "N",
        help: "The heap.",
    },
    build: |o| {
        super::boxed(PartizanSubtraction::new(
            parse_set(o.required("left")?, "--left set")?,
            parse_set(o.required("right")?, "--right set")?,
        ))
    },
    sequence: None,
};

impl Ruleset for PartizanSubtraction {
    type Pos = Nat;

    fn info(&self) -> &'static GameInfo {
        &INFO
    }

    fn settings(&self) -> Vec<GameOption> {
        vec![
            GameOption::Named("left", set_text(&self.left)),
            GameOption::Named("right", set_text(&self.right)),
        ]
    }

    fn parse(&self, args: &[&str]) -> Result<Nat, GameError> {
        match args {
            [n] => parse_nat(n, "heap"),
            _ => Err(GameError::WrongCount {
                game: "partizan-subtraction".into(),
                expected: "one heap size N".into(),
                got: args.len(),
            }),
        }
    }

    fn tokens(&self, n: &Nat) -> Vec<Token> {
        vec![Token::Int(n.clone())]
    }

    fn partizan(&self) -> bool {
        true
    }

    fn player_options(&self, n: &Nat, player: Player) -> Result<Vec<Nat>, GameError> {
        let set = match player {
            Player::Left => &self.left,
            Player::Right => &self.right,
        };
        Ok(set
            .iter()
            .filter(|&&s| Nat::from(s) <= *n)
            .map(|&s| n - s)
            .collect())
    }

    fn verdict(&self, n: &Nat) -> Result<Verdict<'_, Nat>, GameError> {
        let table = self.table_for(n)?;
        let v = table.at(n);
        let (lw, rw) = (v & LEFT != 0, v & RIGHT != 0);
        let mut moves = Vec::new();
        for (player, set, other) in [
            (Player::Left, &self.left, RIGHT),
            (Player::Right, &self.right, LEFT),
        ] {
            for &s in set.iter() {
                if Nat::from(s) <= *n {
                    let to = n - s;
                    if table.at(&to) & other == 0 {
                        moves.push(Move {
                            to,
                            description: format!("{player:?} takes {s}"),
                            player: Some(player),
                        });
                    }
                }
            }
        }
        let outcome = Outcome::from_partizan(lw, rw);
        let period = match table.period {
            Some(p) => format!(
                " The pattern repeats with period {} from heap {} (proved).",
                p.period, p.preperiod
            ),
            None => String::new(),
        };
        Ok(Verdict {
            search: None,
            partial: false,
            outcome,
            grundy: None,
            winning: Box::new(moves.into_iter()),
            explanation: format!(
                "Moving first from {n}, Left {} and Right {}: {}.{period}",
                if lw { "wins" } else { "loses" },
                if rw { "wins" } else { "loses" },
                outcome.sentence()
            ),
        })
    }

    fn table_shape(&self) -> Option<TableShape> {
        Some(TableShape::Row {
            axis: "N",
            first: 0,
        })
    }

    fn table_position(&self, c: &[u64]) -> Result<Option<Nat>, GameError> {
        Ok(Some(Nat::from(c[0])))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::nat;
    use std::collections::HashSet;

    /// Who wins moving first, by plain recursion over the game tree.
    fn first_wins(n: u64, mover: &[u64], other: &[u64]) -> bool {
        mover
            .iter()
            .any(|&a| a <= n && !first_wins(n - a, other, mover))
    }

    #[test]
    fn matches_recursion_on_all_small_sets_and_heaps() {
        let sets: Vec<Vec<u64>> = vec![
            vec![1],
            vec![2],
            vec![1, 2],
            vec![1, 3],
            vec![2, 3],
            vec![1, 4],
            vec![3, 5],
            vec![1, 2, 3],
            vec![2, 5, 6],
        ];
        for a in &sets {
            for b in &sets {
                let g = PartizanSubtraction::new(a.clone(), b.clone());
                for n in 0..=22u64 {
                    let v = g.verdict(&nat(n)).unwrap();
                    let lw = first_wins(n, a, b);
                    let rw = first_wins(n, b, a);
                    assert_eq!(v.outcome, Outcome::from_partizan(lw, rw), "{a:?} {b:?} {n}");
                    let got: HashSet<(Player, Nat)> =
                        v.winning.map(|m| (m.player.unwrap(), m.to)).collect();
                    let mut want = HashSet::new();
                    for &x in a.iter().filter(|&&x| x <= n) {
                        if !first_wins(n - x, b, a) {
                            want.insert((Player::Left, nat(n - x)));
                        }
                    }
                    for &x in b.iter().filter(|&&x| x <= n) {
                        if !first_wins(n - x, a, b) {
                            want.insert((Player::Right, nat(n - x)));
                        }
                    }
                    assert_eq!(got, want, "{a:?} {b:?} {n}");
                }
            }
        }
    }

    #[test]
    fn huge_heaps_use_the_proved_period() {
        let g = PartizanSubtraction::new(vec![1, 3], vec![2, 5]);
        let small: Vec<Outcome> = (0..200u64)
            .map(|n| g.verdict(&nat(n)).unwrap().outcome)
            .collect();
        g.verdict(&Nat::from(10u32).pow(50)).unwrap();
        let p = g.state.lock().unwrap().table.period.expect("periodic");
        for n in 0..200u64 {
            let big = Nat::from(10u32).pow(40) * p.period + n + p.preperiod;
            let at = g.verdict(&big).unwrap().outcome;
            assert_eq!(at, small[(p.preperiod + (n % p.period)) as usize]);
        }
    }
}
