//! Toads and Frogs: toads hop right, frogs hop left, each may jump one of the other kind.

use super::partizan::{Game, Parts};
use crate::analysis::Player;
use crate::registry::{Entry, PositionSpec};
use crate::rules::GameInfo;
use crate::GameError;

/// Description of Toads and Frogs.
pub static INFO: GameInfo = GameInfo {
    name: "toads-frogs",
    title: "Toads and Frogs",
    summary: "toads (Left) hop right, frogs (Right) hop left, jumping one of the other kind",
    usage: "toads-frogs STRIP [STRIP …]",
    example: "toads-frogs TT..FF",
    rules: "A strip of cells holding toads ('T', Left's), frogs ('F', Right's) or nothing \
            ('.'). Left moves a toad one cell right into an empty cell, or jumps it over a \
            frog just to its right into the empty cell beyond; Right moves frogs the same \
            way leftwards. Who cannot move loses. Several strips are played as a sum.",
    theory: "Frogs at the strip's left end and toads at its right end can never move, and \
             nothing can reach their cells, so they are dropped. Reading a strip backwards \
             with toads and frogs exchanged swaps the players, so it negates the value: the \
             two are valued once. The value decides who wins.",
    source: "E. R. Berlekamp, J. H. Conway, R. K. Guy, Winning Ways for your Mathematical \
             Plays, ch. 1; J. Erickson, New toads and frogs results, Games of No Chance \
             (1996); CGSuite's value of ttttt..fffff.",
};

/// The registry's entry.
pub static ENTRY: Entry = Entry {
    info: &INFO,
    about: "Toads and Frogs: toads hop right, frogs hop left.",
    params: &[],
    position: PositionSpec {
        value_name: "STRIP",
        help: "Strips of 'T' (toad), 'F' (frog) and '.', e.g. TT..FF",
    },
    build: |_| super::boxed(Game::new(ToadsFrogs)),
    sequence: None,
};

/// The rules of Toads and Frogs.
#[derive(Clone, Copy, Debug, Default)]
pub struct ToadsFrogs;

/// A strip, one byte a cell: `T`, `F` or `.`.
pub type Strip = Vec<u8>;

/// The most cells a strip may have.
const MAX_CELLS: usize = 64;

impl Parts for ToadsFrogs {
    type Part = Strip;

    fn info(&self) -> &'static GameInfo {
        &INFO
    }

    fn read_part(&self, word: &str) -> Result<Strip, GameError> {
        let strip: Strip = word
            .chars()
            .map(|c| match c {
                'T' | 't' => Ok(b'T'),
                'F' | 'f' => Ok(b'F'),
                '.' => Ok(b'.'),
                c => Err(GameError::Invalid(format!(
                    "toads-frogs strip '{word}': '{c}' is not a cell (use T, F and .)"
                ))),
            })
            .collect::<Result<_, _>>()?;
        if strip.is_empty() || strip.len() > MAX_CELLS {
            return Err(GameError::Invalid(format!(
                "toads-frogs strip '{word}': strips of 1 to {MAX_CELLS} cells are valued"
            )));
        }
        Ok(strip)
    }

    fn write_part(&self, strip: &Strip) -> String {
        String::from_utf8_lossy(strip).into_owned()
    }

    fn moves(&self, strip: &Strip, player: Player) -> Vec<Vec<Strip>> {
        let mut out = Vec::new();
        each_hop(strip, player, |_, _, after| out.push(vec![after]));
        out
    }

    fn plays(&self, strip: &Strip, player: Player) -> Option<Vec<(String, Strip)>> {
        let cells = super::grid::Grid {
            h: 1,
            w: strip.len() as u8,
        };
        let cell = |i: usize| cells.cell_name(1u64 << i);
        let mut out = Vec::new();
        each_hop(strip, player, |i, j, after| {
            out.push((format!("{}-{}", cell(i), cell(j)), after));
        });
        Some(out)
    }

    fn normal(&self, strip: &Strip) -> Option<(Strip, bool)> {
        // Frogs at the left end and toads at the right end never move.
        let from = strip.iter().position(|&c| c != b'F')?;
        let to = strip.iter().rposition(|&c| c != b'T')? + 1;
        if from >= to {
            return None;
        }
        let core = strip[from..to].to_vec();
        if !core.contains(&b'T') && !core.contains(&b'F') {
            return None;
        }
        let mirror: Strip = core
            .iter()
            .rev()
            .map(|&c| match c {
                b'T' => b'F',
                b'F' => b'T',
                c => c,
            })
            .collect();
        Some(if mirror < core {
            (mirror, true)
        } else {
            (core, false)
        })
    }
}

/// Runs `f` on each of `player`'s moves: the cell a toad (frog) leaves, the cell it lands on,
/// and the strip after it.
fn each_hop(strip: &Strip, player: Player, mut f: impl FnMut(usize, usize, Strip)) {
    let n = strip.len();
    // A toad looks right, a frog left.
    let (me, them, step): (u8, u8, isize) = match player {
        Player::Left => (b'T', b'F', 1),
        Player::Right => (b'F', b'T', -1),
    };
    for i in 0..n {
        if strip[i] != me {
            continue;
        }
        let at = |k: isize| -> Option<u8> {
            let j = i as isize + k * step;
            (0..n as isize).contains(&j).then(|| strip[j as usize])
        };
        let to = match (at(1), at(2)) {
            (Some(b'.'), _) => 1,
            (Some(c), Some(b'.')) if c == them => 2,
            _ => continue,
        };
        let j = (i as isize + to * step) as usize;
        let mut after = strip.clone();
        after[i] = b'.';
        after[j] = me;
        f(i, j, after);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::partizan::check_against_search;
    use crate::rules::Ruleset;
    use std::collections::HashMap;

    fn first_wins(s: &Strip, player: Player, memo: &mut HashMap<(Strip, bool), bool>) -> bool {
        let key = (s.clone(), player == Player::Left);
        if let Some(&w) = memo.get(&key) {
            return w;
        }
        let other = if player == Player::Left {
            Player::Right
        } else {
            Player::Left
        };
        let win = ToadsFrogs
            .moves(s, player)
            .iter()
            .any(|after| !first_wins(&after[0], other, memo));
        memo.insert(key, win);
        win
    }

    /// Every strip of up to 8 cells: the value's outcome is plain search's, and every
    /// winning move leaves a position the mover wins.
    #[test]
    fn outcomes_agree_with_search_on_every_short_strip() {
        let game = Game::new(ToadsFrogs);
        let mut memo = HashMap::new();
        let mut strips = 0;
        for n in 1..=8u32 {
            for code in 0..3u32.pow(n) {
                let s: Strip = (0..n)
                    .map(|i| b".TF"[(code / 3u32.pow(i) % 3) as usize])
                    .collect();
                let l = first_wins(&s, Player::Left, &mut memo);
                let r = first_wins(&s, Player::Right, &mut memo);
                check_against_search(&game, std::slice::from_ref(&s), (l, r));
                strips += 1;
            }
        }
        assert_eq!(strips, (1..=8).map(|n| 3u32.pow(n)).sum::<u32>());
    }

    /// Published values: Winning Ways ch. 1 and CGSuite's test suite.
    #[test]
    fn published_values() {
        let game = Game::new(ToadsFrogs);
        for (strip, value) in [
            ("T.", "1"),
            (".F", "-1"),
            ("TF", "0"),
            ("T.F", "*"),
            (
                "ttttt..fffff",
                "+-{{2|*},{5/2||2|{0||||{0||v<2>|-1},{0||||0||Miny(1/32)|-2|||-1/2*}|||v<2>|-1/2||-1*}|||0}}",
            ),
        ] {
            let p = game.read(strip).unwrap();
            assert_eq!(game.report(&p).unwrap().unwrap().canonical, value, "{strip}");
        }
    }
}
