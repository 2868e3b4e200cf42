//! Domineering: players place dominoes on a board, Left upright, Right flat.

use super::partizan::{Game, Grid, OnMove, Parts};
use crate::analysis::Player;
use crate::catalog::GameInfo;
use crate::registry::{Entry, PositionSpec};
use crate::GameError;

/// Description of Domineering.
pub static INFO: GameInfo = GameInfo {
    name: "domineering",
    title: "Domineering",
    summary: "place dominoes on a board: Left upright, Right flat; who cannot place loses",
    usage: "domineering BOARD [BOARD …]",
    example: "domineering ...|...|...",
    rules: "A board of empty cells ('.') and blocked ones ('#'), rows joined by '|'. Left \
            places a domino on two empty cells one above the other, Right on two side by \
            side. Who cannot place loses. Several boards are played as a sum.",
    theory: "A domino splits the empty cells into regions no domino can join again, so a \
             board is the sum of its regions and its value is their values added \
             (Conway's theory of partizan games). Regions are valued once for all their \
             mirror images (a mirror keeps the players' roles); turning a region a quarter \
             turn swaps the roles, so it is worth the negative. The value decides who wins: \
             positive Left, negative Right, zero the second player, confused with zero the \
             first.",
    source: "E. R. Berlekamp, J. H. Conway, R. K. Guy, Winning Ways for your Mathematical \
             Plays, ch. 2 (Domineering, called Crosscram there, after G. Andersson); \
             Lessons in Play (Albert, Nowakowski, Wolfe), ch. 1.",
};

/// The registry's entry.
pub static ENTRY: Entry = Entry {
    info: &INFO,
    about: "Domineering: Left places dominoes upright, Right flat.",
    params: &[],
    position: PositionSpec {
        value_name: "BOARD",
        help: "Boards: rows of '.' (empty) and '#' (blocked) joined by '|', e.g. ...|...",
    },
    build: |_| super::boxed(Game::new(Domineering)),
    sequence: None,
};

/// The rules of Domineering.
#[derive(Clone, Copy, Debug, Default)]
pub struct Domineering;

/// A region: the board's size and its empty cells.
pub type Board = (Grid, u64);

impl Domineering {
    /// The top (Left) or left (Right) cells of every domino `player` can place.
    fn anchors(grid: Grid, empty: u64, player: Player) -> u64 {
        match player {
            Player::Left => empty & (empty >> grid.w),
            Player::Right => empty & (empty >> 1) & !grid.column(grid.w - 1),
        }
    }
}

impl Parts for Domineering {
    type Part = Board;

    fn info(&self) -> &'static GameInfo {
        &INFO
    }

    fn read_part(&self, word: &str) -> Result<Board, GameError> {
        let (grid, [empty]) = Grid::read::<1>("domineering", word, "'.' and '#'", |c| match c {
            '.' => Some(Some(0)),
            '#' => Some(None),
            _ => None,
        })?;
        Ok((grid, empty))
    }

    fn write_part(&self, &(grid, empty): &Board) -> String {
        grid.write(|b| if empty & b != 0 { '.' } else { '#' })
    }

    fn moves(&self, board: &Board, player: Player) -> Vec<Vec<Board>> {
        let mut out = Vec::new();
        self.each_move(board, player, &mut |after| {
            out.push(after.to_vec());
            Ok(())
        })
        .expect("collecting moves does not fail");
        out
    }

    fn each_move(
        &self,
        &(grid, empty): &Board,
        player: Player,
        f: &mut OnMove<Board>,
    ) -> Result<(), GameError> {
        let mut anchors = Self::anchors(grid, empty, player);
        let step = if player == Player::Left { grid.w } else { 1 };
        let mut after = Vec::new();
        while anchors != 0 {
            let a = anchors & anchors.wrapping_neg();
            anchors &= !a;
            let rest = empty & !(a | a << step);
            after.clear();
            grid.each_region(rest, |r| {
                if r.count_ones() > 1 {
                    let (g, [m]) = grid.crop(r, [r]);
                    after.push((g, m));
                }
            });
            f(&after)?;
        }
        Ok(())
    }

    fn plays(&self, &(grid, empty): &Board, player: Player) -> Option<Vec<(String, Board)>> {
        let mut anchors = Self::anchors(grid, empty, player);
        let step = if player == Player::Left { grid.w } else { 1 };
        let mut out = Vec::new();
        while anchors != 0 {
            let a = anchors & anchors.wrapping_neg();
            anchors &= !a;
            let b = a << step;
            let name = format!("{}-{}", grid.cell_name(a), grid.cell_name(b));
            out.push((name, (grid, empty & !(a | b))));
        }
        Some(out)
    }

    fn normal(&self, &(grid, empty): &Board) -> Option<(Board, bool)> {
        if empty.count_ones() < 2 {
            return None;
        }
        // The least of the eight images; a transposed one (t ≥ 4) swaps the players.
        (0..8)
            .zip(grid.images([empty]))
            .map(|(t, (g, [m]))| ((g, m), t >= 4))
            .min()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Ruleset;
    use crate::games::partizan::check_against_search;

    /// Whether `player`, moving first on `board`, wins (plain search, no values).
    fn first_wins(
        board: Board,
        player: Player,
        memo: &mut std::collections::HashMap<(Board, bool), bool>,
    ) -> bool {
        let key = (board, player == Player::Left);
        if let Some(&w) = memo.get(&key) {
            return w;
        }
        let (grid, empty) = board;
        let other = if player == Player::Left {
            Player::Right
        } else {
            Player::Left
        };
        let mut anchors = Domineering::anchors(grid, empty, player);
        let step = if player == Player::Left { grid.w } else { 1 };
        let mut win = false;
        while anchors != 0 && !win {
            let a = anchors & anchors.wrapping_neg();
            anchors &= !a;
            win = !first_wins((grid, empty & !(a | a << step)), other, memo);
        }
        memo.insert(key, win);
        win
    }

    /// Every board of up to 12 cells (every pattern of blocked cells on 1×1 … 3×4 and
    /// 4×3): the value's outcome is the one plain search finds.
    #[test]
    fn outcomes_agree_with_search_on_every_small_board() {
        let game = Game::new(Domineering);
        let mut memo = Default::default();
        let mut boards = 0;
        for h in 1..=4u8 {
            for w in 1..=4u8 {
                if h * w > 12 {
                    continue;
                }
                let grid = Grid { h, w };
                for empty in 0..=grid.all() {
                    let l = first_wins((grid, empty), Player::Left, &mut memo);
                    let r = first_wins((grid, empty), Player::Right, &mut memo);
                    check_against_search(&game, &[(grid, empty)], (l, r));
                    boards += 1;
                }
            }
        }
        assert_eq!(boards, 9418);
    }

    /// Published values: Winning Ways ch. 2 (1×2, 2×2), CGSuite's test suite (4×4).
    #[test]
    fn published_values() {
        let game = Game::new(Domineering);
        for (board, value) in [
            (".|.", "1"),
            ("..", "-1"),
            ("..|..", "+-1"),
            (".|.|.|.", "2"),
            (
                "....|....|....|....",
                "+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}",
            ),
            ("..|.. ..|..", "0"),
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
