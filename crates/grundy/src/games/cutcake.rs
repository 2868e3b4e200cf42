//! Cutcake: Left cuts cakes lengthwise, Right crosswise, along the grid lines.

use super::partizan::{Game, Parts};
use crate::analysis::Player;
use crate::registry::{Entry, PositionSpec};
use crate::rules::GameInfo;
use crate::GameError;

/// Description of Cutcake.
pub static INFO: GameInfo = GameInfo {
    name: "cutcake",
    title: "Cutcake",
    summary: "cut rectangular cakes along grid lines: Left vertically, Right horizontally",
    usage: "cutcake WxH [WxH …]",
    example: "cutcake 4x3",
    rules: "Cakes are W×H rectangles of unit squares. Left cuts one cake along a vertical \
            grid line into two (splitting its width), Right along a horizontal one \
            (splitting its height). Who cannot cut loses.",
    theory: "Each cake is a part of the sum, valued from the values of the pairs it can be \
             cut into; turning a cake a quarter turn swaps the players, so a H×W cake is \
             worth the negative of the W×H one. Every value is an integer (Winning Ways' \
             table): how many spare moves one player has.",
    source: "E. R. Berlekamp, J. H. Conway, R. K. Guy, Winning Ways for your Mathematical \
             Plays, ch. 2 (Cutcake).",
};

/// The registry's entry.
pub static ENTRY: Entry = Entry {
    info: &INFO,
    about: "Cutcake: Left cuts vertically, Right horizontally.",
    params: &[],
    position: PositionSpec {
        value_name: "WxH",
        help: "Cakes written WxH (width × height), e.g. 4x3.",
    },
    build: |_| super::boxed(Game::new(Cutcake)),
    sequence: None,
};

/// The rules of Cutcake.
#[derive(Clone, Copy, Debug, Default)]
pub struct Cutcake;

/// A cake: width and height.
pub type Cake = (u32, u32);

/// The largest side read (a cake's value is a formula, but its moves are listed to find the
/// winning ones: W + H − 2 of them).
const MAX_SIDE: u32 = 100_000;

impl Parts for Cutcake {
    type Part = Cake;

    fn info(&self) -> &'static GameInfo {
        &INFO
    }

    /// Cakes by width (rows) and height (columns), as the table of Winning Ways, ch. 2.
    fn table_shape(&self) -> Option<crate::rules::TableShape> {
        Some(crate::rules::TableShape::Grid {
            rows: "W",
            cols: "H",
            first: 1,
        })
    }

    fn table_part(&self, coords: &[u64]) -> Option<Cake> {
        let side = |n: u64| {
            u32::try_from(n)
                .ok()
                .filter(|&n| (1..=MAX_SIDE).contains(&n))
        };
        Some((side(coords[0])?, side(*coords.get(1)?)?))
    }

    fn read_part(&self, word: &str) -> Result<Cake, GameError> {
        let bad = || {
            GameError::Invalid(format!(
                "cutcake cake '{word}': write it WxH with sides from 1 to {MAX_SIDE}, e.g. 4x3"
            ))
        };
        let (w, h) = word.split_once(['x', 'X']).ok_or_else(bad)?;
        let side = |s: &str| {
            s.parse::<u32>()
                .ok()
                .filter(|n| (1..=MAX_SIDE).contains(n))
                .ok_or_else(bad)
        };
        Ok((side(w)?, side(h)?))
    }

    fn write_part(&self, &(w, h): &Cake) -> String {
        format!("{w}x{h}")
    }

    fn moves(&self, &(w, h): &Cake, player: Player) -> Vec<Vec<Cake>> {
        match player {
            Player::Left => (1..w).map(|a| vec![(a, h), (w - a, h)]).collect(),
            Player::Right => (1..h).map(|b| vec![(w, b), (w, h - b)]).collect(),
        }
    }

    fn move_names(&self, &(w, h): &Cake, player: Player) -> Option<Vec<String>> {
        let name =
            |a: Cake, b: Cake| format!("cut {w}x{h} into {}x{} and {}x{}", a.0, a.1, b.0, b.1);
        Some(match player {
            Player::Left => (1..w).map(|a| name((a, h), (w - a, h))).collect(),
            Player::Right => (1..h).map(|b| name((w, b), (w, h - b))).collect(),
        })
    }

    /// Winning Ways' table (ch. 2): a cake at least as wide as high, with 2^k ≤ H < 2^(k+1),
    /// is worth ⌊W / 2^k⌋ − 1; a higher one the negative of its quarter turn. (The normal
    /// form is the higher one.)
    fn known(&self, &(w, h): &Cake) -> Option<crate::cgt::Dyadic> {
        let k = 31 - w.min(h).leading_zeros();
        let wide = i64::from(w.max(h) >> k) - 1;
        Some(crate::cgt::Dyadic::int(if w >= h { wide } else { -wide }))
    }

    fn normal(&self, &(w, h): &Cake) -> Option<(Cake, bool)> {
        if w == 1 && h == 1 {
            None
        } else if w <= h {
            Some(((w, h), false))
        } else {
            Some(((h, w), true))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::partizan::check_against_search;
    use crate::rules::Ruleset;
    use std::collections::HashMap;

    fn first_wins(
        cakes: Vec<Cake>,
        left: bool,
        memo: &mut HashMap<(Vec<Cake>, bool), bool>,
    ) -> bool {
        let mut key = cakes.clone();
        key.sort_unstable();
        if let Some(&w) = memo.get(&(key.clone(), left)) {
            return w;
        }
        let player = if left { Player::Left } else { Player::Right };
        let mut win = false;
        for (i, c) in cakes.iter().enumerate() {
            for after in Cutcake.moves(c, player) {
                let mut next = cakes.clone();
                next.remove(i);
                next.extend(after);
                if !first_wins(next, !left, memo) {
                    win = true;
                }
            }
        }
        memo.insert((key, left), win);
        win
    }

    /// Every pair of cakes with sides up to 4: the value's outcome is plain search's.
    #[test]
    fn outcomes_agree_with_search_on_every_small_pair() {
        let game = Game::new(Cutcake);
        let mut memo = HashMap::new();
        let cakes: Vec<Cake> = (1..=4).flat_map(|w| (1..=4).map(move |h| (w, h))).collect();
        for &a in &cakes {
            for &b in &cakes {
                let p = vec![a, b];
                let l = first_wins(p.clone(), true, &mut memo);
                let r = first_wins(p.clone(), false, &mut memo);
                check_against_search(&game, &p, (l, r));
            }
        }
    }

    /// Winning Ways' formula (used for the values) against the definition: every cake up to
    /// 12×12 valued by its cuts, with no formula, gives the same canonical form.
    #[test]
    fn the_formula_is_the_value_of_every_small_cake() {
        use crate::cgt::{Id, Universe};
        fn by_cuts(u: &mut Universe, memo: &mut HashMap<Cake, Id>, (w, h): Cake) -> Id {
            if let Some(&v) = memo.get(&(w, h)) {
                return v;
            }
            let mut sides = [Vec::new(), Vec::new()];
            for (side, player) in sides.iter_mut().zip([Player::Left, Player::Right]) {
                for after in Cutcake.moves(&(w, h), player) {
                    let (a, b) = (by_cuts(u, memo, after[0]), by_cuts(u, memo, after[1]));
                    side.push(u.add(a, b));
                }
            }
            let v = u.game(&sides[0], &sides[1]);
            memo.insert((w, h), v);
            v
        }
        let game = Game::new(Cutcake);
        let (mut u, mut memo) = (Universe::new(), HashMap::new());
        for w in 1..=12u32 {
            for h in 1..=12u32 {
                let v = by_cuts(&mut u, &mut memo, (w, h));
                let p = vec![(w, h)];
                assert_eq!(
                    game.report(&p).unwrap().unwrap().canonical,
                    u.show(v),
                    "{w}x{h}"
                );
            }
        }
        // Large cakes are answered from the formula: 100000 x 3 is worth 50000 − 1.
        let p = game.read("100000x3").unwrap();
        assert_eq!(game.report(&p).unwrap().unwrap().canonical, "49999");
    }
}
