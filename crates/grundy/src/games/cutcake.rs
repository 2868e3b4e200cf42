//! Cutcake: Left cuts cakes lengthwise, Right crosswise, along the grid lines.

use super::partizan::{Game, Parts};
use crate::analysis::Player;
use crate::catalog::GameInfo;
use crate::registry::{Entry, PositionSpec};
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

/// The largest side valued (sides beyond take W·H parts and (W + H) moves each).
const MAX_SIDE: u32 = 4096;

impl Parts for Cutcake {
    type Part = Cake;

    fn info(&self) -> &'static GameInfo {
        &INFO
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
    use crate::catalog::Ruleset;
    use crate::Outcome;
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
                assert_eq!(
                    game.verdict(&p).unwrap().outcome,
                    Outcome::from_partizan(l, r),
                    "{a:?} {b:?}"
                );
            }
        }
    }

    /// Winning Ways' table (ch. 2): a cake at least as wide as high, with 2^k ≤ H < 2^(k+1),
    /// is worth ⌊W / 2^k⌋ − 1 (a strip one high of width W: W − 1); a higher one is worth the
    /// negative of its quarter turn.
    #[test]
    fn published_values() {
        let game = Game::new(Cutcake);
        for w in 1..=12u32 {
            for h in 1..=12u32 {
                let (big, small, sign) = if w >= h { (w, h, 1) } else { (h, w, -1) };
                let k = 31 - small.leading_zeros();
                let value = sign * (i64::from(big >> k) - 1);
                let p = vec![(w, h)];
                assert_eq!(
                    game.report(&p).unwrap().unwrap().canonical,
                    value.to_string(),
                    "{w}x{h}"
                );
            }
        }
    }
}
