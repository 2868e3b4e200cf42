//! Clobber: move a stone onto a next-door enemy stone, which leaves the board.

use super::grid::Grid;
use super::partizan::{Game, Parts};
use crate::analysis::Player;
use crate::registry::{Entry, PositionSpec};
use crate::rules::GameInfo;
use crate::GameError;

/// Description of Clobber.
pub static INFO: GameInfo = GameInfo {
    name: "clobber",
    title: "Clobber",
    summary: "move a stone onto an adjacent enemy stone, removing it; who cannot move loses",
    usage: "clobber BOARD [BOARD …]",
    example: "clobber xox|ox.",
    rules: "A board of Left's stones ('x'), Right's stones ('o') and empty cells ('.'), rows \
            joined by '|'. A player moves one of their stones onto a stone of the other's \
            next to it (up, down, left or right); that stone is removed and the cell left \
            behind is empty. Who cannot move loses. Several boards are played as a sum.",
    theory: "Stones only ever move onto stones, so groups of stones that do not touch never \
             touch again: a board is the sum of its groups, each valued once for all eight \
             of its mirror images and turns, and a group with stones of one colour only is \
             worth 0. Swapping the colours swaps the players, so it negates the value. The \
             value decides who wins.",
    source: "M. H. Albert, J. P. Grossman, R. J. Nowakowski, D. Wolfe, An introduction to \
             Clobber, Integers 5(2) (2005) A1; CGSuite's value of xox|ox. is {^^*|*,v}.",
};

/// The registry's entry.
pub static ENTRY: Entry = Entry {
    info: &INFO,
    about: "Clobber: move a stone onto an adjacent enemy stone.",
    params: &[],
    position: PositionSpec {
        value_name: "BOARD",
        help: "Boards: rows of 'x' (Left), 'o' (Right) and '.' joined by '|', e.g. xox|ox.",
    },
    build: |_| super::boxed(Game::new(Clobber)),
    sequence: None,
};

/// The rules of Clobber.
#[derive(Clone, Copy, Debug, Default)]
pub struct Clobber;

/// A group: the board's size, Left's stones and Right's stones.
pub type Board = (Grid, [u64; 2]);

impl Parts for Clobber {
    type Part = Board;

    fn info(&self) -> &'static GameInfo {
        &INFO
    }

    fn read_part(&self, word: &str) -> Result<Board, GameError> {
        let (grid, masks) =
            Grid::read::<u64, 2>("clobber", word, "'x', 'o' and '.'", |c| match c {
                'x' | 'X' => Some(Some(0)),
                'o' | 'O' => Some(Some(1)),
                '.' => Some(None),
                _ => None,
            })?;
        Ok((grid, masks))
    }

    fn write_part(&self, &(grid, [x, o]): &Board) -> String {
        grid.write(|b: u64| {
            if x & b != 0 {
                'x'
            } else if o & b != 0 {
                'o'
            } else {
                '.'
            }
        })
    }

    fn plays(&self, &(grid, stones): &Board, player: Player) -> Option<Vec<(String, Board)>> {
        let mut out = Vec::new();
        each_capture(grid, stones, player, |from, to, after| {
            let name = format!("{}-{}", grid.cell_name(from), grid.cell_name(to));
            out.push((name, (grid, after)));
        });
        Some(out)
    }

    fn moves(&self, &(grid, stones): &Board, player: Player) -> Vec<Vec<Board>> {
        // Each move's board cut into its groups where both colours still meet.
        let mut out = Vec::new();
        each_capture(grid, stones, player, |_, _, after| {
            out.push(
                grid.regions(after[0] | after[1])
                    .into_iter()
                    .filter(|&r| r & after[0] != 0 && r & after[1] != 0)
                    .map(|r| grid.crop(r, [after[0] & r, after[1] & r]))
                    .collect(),
            );
        });
        out
    }

    fn normal(&self, &(grid, [x, o]): &Board) -> Option<(Board, bool)> {
        // Neither can move unless some stone has an enemy next to it.
        if grid.neighbours(x) & o == 0 {
            return None;
        }
        // The least of the eight images of the group and of its colours swapped (negated).
        grid.images([x, o])
            .into_iter()
            .flat_map(|(g, [a, b])| [((g, [a, b]), false), ((g, [b, a]), true)])
            .min()
    }
}

/// Runs `f` on each of `player`'s captures: the stone's cell, the captured cell (one bit
/// each) and the stones after it.
fn each_capture(
    grid: Grid,
    stones: [u64; 2],
    player: Player,
    mut f: impl FnMut(u64, u64, [u64; 2]),
) {
    let (me, them) = match player {
        Player::Left => (0, 1),
        Player::Right => (1, 0),
    };
    let mut mine = stones[me];
    while mine != 0 {
        let from = mine & mine.wrapping_neg();
        mine &= !from;
        let mut targets = grid.neighbours(from) & stones[them];
        while targets != 0 {
            let to = targets & targets.wrapping_neg();
            targets &= !to;
            let mut after = stones;
            after[me] = (after[me] & !from) | to;
            after[them] &= !to;
            f(from, to, after);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::partizan::check_against_search;
    use crate::rules::Ruleset;
    use std::collections::HashMap;

    /// Whether `player`, moving first, wins (plain search over whole boards, no values).
    fn first_wins(b: Board, left: bool, memo: &mut HashMap<(Board, bool), bool>) -> bool {
        if let Some(&w) = memo.get(&(b, left)) {
            return w;
        }
        let (grid, stones) = b;
        let (me, them) = if left { (0, 1) } else { (1, 0) };
        let mut win = false;
        for i in 0..grid.h * grid.w {
            let from = 1u64 << i;
            if stones[me] & from == 0 {
                continue;
            }
            let mut targets = grid.neighbours(from) & stones[them];
            while targets != 0 && !win {
                let to = targets & targets.wrapping_neg();
                targets &= !to;
                let mut after = stones;
                after[me] = (after[me] & !from) | to;
                after[them] &= !to;
                win = !first_wins((grid, after), !left, memo);
            }
        }
        memo.insert((b, left), win);
        win
    }

    /// Every board of up to 8 cells (each cell x, o or empty: 3^8 boards of 2×4): the
    /// value's outcome is the one plain search finds, and winning moves are winning.
    #[test]
    fn outcomes_agree_with_search_on_every_small_board() {
        let game = Game::new(Clobber);
        let mut memo = HashMap::new();
        let mut boards = 0;
        for (h, w) in [(1u8, 5u8), (2, 3), (3, 2), (2, 4), (4, 2), (1, 8)] {
            let grid = Grid { h, w };
            let n = u32::from(h * w);
            for code in 0..3u32.pow(n) {
                let (mut x, mut o, mut c) = (0u64, 0u64, code);
                for i in 0..n {
                    match c % 3 {
                        1 => x |= 1 << i,
                        2 => o |= 1 << i,
                        _ => {}
                    }
                    c /= 3;
                }
                let b = (grid, [x, o]);
                let l = first_wins(b, true, &mut memo);
                let r = first_wins(b, false, &mut memo);
                check_against_search(&game, &[b], (l, r));
                boards += 1;
            }
        }
        assert_eq!(boards, 243 + 2 * 729 + 2 * 6561 + 6561);
    }

    /// Published values: CGSuite's test suite (xox|ox.), Albert et al. (xo = *, xxo = ^...).
    #[test]
    fn published_values() {
        let game = Game::new(Clobber);
        for (board, value) in [
            ("xo", "*"),
            ("xox|ox.", "{^^*|*,v}"),
            ("xxo", "^"),
            ("xoo", "v"),
            ("x.o", "0"),
        ] {
            let p = game.read(board).unwrap();
            assert_eq!(
                game.report(&p).unwrap().unwrap().canonical,
                value,
                "{board}"
            );
        }
    }
}
