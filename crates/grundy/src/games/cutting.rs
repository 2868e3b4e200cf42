//! The cutting game: cut a paper along a grid line; who cuts out a 1×1 piece wins.

use crate::analysis::{Move, MoveIter, Token, Verdict};
use crate::registry::{Entry, PositionSpec};
use crate::rules::{GameInfo, Ruleset, TableShape};
use crate::solver::Game;
use crate::{invalid, too_large, GameError, Nat, Outcome};
use num_traits::ToPrimitive;
use std::sync::{Arc, Mutex};

/// The cutting game (POJ 2311).
#[derive(Debug, Default)]
pub struct Cutting {
    /// g(w, h) for 2 ≤ w, h, computed on demand and kept for later requests.
    table: Mutex<Arc<Grid>>,
}

#[derive(Debug, Default, Clone)]
struct Grid {
    side: usize,
    values: Vec<u32>,
}

impl Grid {
    fn get(&self, w: u64, h: u64) -> u32 {
        self.values[w as usize * self.side + h as usize]
    }
}

/// A paper: width × height.
pub type Paper = (u64, u64);

/// Description of the cutting game.
pub static INFO: GameInfo = GameInfo {
    name: "cutting",
    title: "The cutting game",
    summary: "cut a paper along a grid line; who cuts out a 1×1 piece wins",
    usage: "cutting WxH WxH …",
    example: "cutting 5x4",
    rules: "Papers of W×H grid squares. A move cuts one paper along a grid line into two. The \
            player who cuts out a 1×1 piece wins (a position holding a 1×1 piece is over: the \
            player to move has lost).",
    theory: "Cutting off a strip of width 1 lets the opponent cut out a 1×1 at once, so from a \
             position whose papers are all at least 2×2 good play never does it: the game is \
             then the sum of the papers in the game where cuts must leave both pieces at least \
             2 wide, g(w, h) = mex of g(a, h) ⊕ g(w − a, h) and g(w, b) ⊕ g(w, h − b) over \
             2 ≤ a ≤ w − 2, 2 ≤ b ≤ h − 2, and the Grundy value is the nim-sum of the papers' \
             values. A position with a 1×k paper (k ≥ 2) is won by cutting out a 1×1; its Grundy \
             value is not reported. Values are computed up to papers whose w·h·(w + h) stays \
             under about 2·10⁹ (about 1000×1000).",
    source: "POJ 2311 (Cutting Game); the Sprague–Grundy theorem (Sprague 1935, Grundy 1939).",
};

/// The most work spent on the table (cells × cuts per cell).
const COST_LIMIT: u64 = 2_000_000_000;

/// A side past what the table's cost allows.
fn side_too_large(side: impl std::fmt::Display) -> GameError {
    too_large!(
        "a paper with a side of {side} is too large: the cutting game has no formula, and its \
         table grows as W·H·(W + H); grundy computes papers up to about 1000x1000"
    )
}

fn parse_paper(arg: &str) -> Result<Paper, GameError> {
    let lower = arg.to_lowercase().replace('×', "x");
    let Some((w, h)) = lower.split_once('x') else {
        return Err(invalid!("paper '{arg}' must be written WxH, e.g. 5x4"));
    };
    let dim = |s: &str| -> Result<u64, GameError> {
        let digits = !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        match s.parse::<u64>() {
            Ok(n) if n >= 1 => Ok(n),
            // Zero, or past any machine number (larger ones are refused by the table's cost).
            _ if digits && s.bytes().all(|b| b == b'0') => Err(invalid!(
                "paper '{arg}': a side of 0 is no paper: sides are at least 1"
            )),
            _ if digits => Err(side_too_large(s)),
            _ => Err(invalid!("paper '{arg}' must be written WxH, e.g. 5x4")),
        }
    };
    Ok((dim(w)?, dim(h)?))
}

fn paper_text((w, h): Paper) -> String {
    format!("{w}x{h}")
}

fn has_unit(papers: &[Paper]) -> bool {
    papers.contains(&(1, 1))
}

/// The two pieces of cutting `(w, h)` at `a` along the width (or the height when `across`).
fn cut((w, h): Paper, a: u64, across: bool) -> [Paper; 2] {
    let (x, y) = if across {
        ((w, a), (w, h - a))
    } else {
        ((a, h), (w - a, h))
    };
    if x <= y {
        [x, y]
    } else {
        [y, x]
    }
}

fn replace(papers: &[Paper], i: usize, pieces: [Paper; 2]) -> Vec<Paper> {
    let mut out = papers[..i].to_vec();
    out.extend(pieces);
    out.extend_from_slice(&papers[i + 1..]);
    out
}

impl Cutting {
    /// The table, grown so that g(w, h) is known for all w, h ≤ side.
    fn grid(&self, side: u64) -> Result<Arc<Grid>, GameError> {
        let mut grid = self.table.lock().unwrap_or_else(|e| e.into_inner());
        if (grid.side as u64) > side {
            return Ok(Arc::clone(&grid));
        }
        let cost = |side: u64| {
            side.checked_add(1)
                .and_then(|n| n.checked_mul(n)?.checked_mul(n.checked_mul(2)?))
        };
        if cost(side).is_none_or(|c| c > COST_LIMIT) {
            return Err(side_too_large(side));
        }
        // The table grows by a quarter at least (while affordable), so that asking for papers
        // one size larger at a time (a table, a sweep) costs about twice the last table in all
        // (its cost is cubic: 1 + 1.25⁻³ + 1.25⁻⁶ + … < 2.1), not one table for each size.
        let fits = |s: u64| cost(s).is_some_and(|c| c <= COST_LIMIT);
        let grown = grid.side as u64 + grid.side as u64 / 4;
        let side = match grown > side {
            true if fits(grown) => grown,
            // Growing by a quarter is beyond the limit: as far as the limit allows, once.
            true => super::largest(side as usize, grown as usize, |s| fits(s as u64)) as u64,
            false => side,
        };
        let n = side as usize + 1;
        let mut values = vec![0u32; n * n];
        let mut stamp = vec![usize::MAX; 2 * n + 2];
        for w in 2..n {
            crate::budget::check()?;
            crate::budget::report("table rows", w as u64, Some(n as u64));
            for h in 2..n {
                let id = w * n + h;
                let mut mark = |v: u32| {
                    let v = v as usize;
                    if v >= stamp.len() {
                        stamp.resize((v + 1).next_power_of_two(), usize::MAX);
                    }
                    stamp[v] = id;
                };
                for a in 2..=w.saturating_sub(2) {
                    mark(values[a * n + h] ^ values[(w - a) * n + h]);
                }
                for b in 2..=h.saturating_sub(2) {
                    mark(values[w * n + b] ^ values[w * n + h - b]);
                }
                values[id] = stamp.iter().position(|&s| s != id).unwrap_or(stamp.len()) as u32;
            }
        }
        *grid = Arc::new(Grid { side: n, values });
        Ok(Arc::clone(&grid))
    }
}

/// The registry's entry: names, parameters and notation of the game.
pub static ENTRY: Entry = Entry {
    info: &INFO,
    about: "The cutting game: cut a paper; who cuts out a 1x1 wins.",
    params: &[],
    position: PositionSpec {
        value_name: "WxH",
        help: "Papers written WxH.",
    },
    build: |_| super::boxed(Cutting::default()),
    sequence: None,
};

impl Ruleset for Cutting {
    type Pos = Vec<Paper>;

    fn options(&self, p: &Vec<Paper>) -> Result<Vec<Vec<Paper>>, GameError> {
        super::listable(
            p.iter().map(|&(w, h)| (w as f64) + (h as f64)).sum::<f64>(),
            &Ruleset::name(self),
        )?;
        Ok(Game::moves(self, p))
    }

    fn info(&self) -> &'static GameInfo {
        &INFO
    }

    fn parse(&self, args: &[&str]) -> Result<Vec<Paper>, GameError> {
        args.iter().map(|a| parse_paper(a)).collect()
    }

    fn tokens(&self, papers: &Vec<Paper>) -> Vec<Token> {
        papers.iter().map(|&p| Token::Text(paper_text(p))).collect()
    }

    fn ends_at_once(&self, papers: &Vec<Paper>) -> Option<bool> {
        if has_unit(papers) {
            Some(false)
        } else if papers.iter().any(|&(w, h)| w == 1 || h == 1) {
            Some(true)
        } else {
            None
        }
    }

    fn moves_to_value<'a>(
        &'a self,
        papers: &Vec<Paper>,
        target: &Nat,
    ) -> Result<(MoveIter<'a, Vec<Paper>>, bool), GameError> {
        // A position that ends the game at once has no value to move to (a sum decides it
        // first); nor does a target beyond the values of papers.
        let Some(target) = target
            .to_u32()
            .filter(|_| self.ends_at_once(papers).is_none())
        else {
            return Ok((Box::new(std::iter::empty()), false));
        };
        let side = papers.iter().map(|&(w, h)| w.max(h)).max().unwrap_or(0);
        let grid = self.grid(side)?;
        let values: Vec<u32> = papers.iter().map(|&(w, h)| grid.get(w, h)).collect();
        let x = values.iter().fold(target, |a, v| a ^ v);
        Ok((
            Box::new(cuts_to_value(papers.clone(), values, grid, x)),
            false,
        ))
    }

    fn verdict(&self, papers: &Vec<Paper>) -> Result<Verdict<'_, Vec<Paper>>, GameError> {
        if has_unit(papers) {
            return Ok(Verdict {
                search: None,
                partial: false,
                outcome: Outcome::P,
                grundy: None,
                winning: Box::new(std::iter::empty()),
                explanation: "A 1×1 piece has been cut out: the game is over and the player to \
                              move has lost."
                    .into(),
            });
        }
        let strips: Vec<usize> = (0..papers.len())
            .filter(|&i| papers[i].0 == 1 || papers[i].1 == 1)
            .collect();
        if !strips.is_empty() {
            let papers = papers.clone();
            let moves = strips.into_iter().map(move |i| {
                let (w, h) = papers[i];
                let piece = cut((w, h), 1, w == 1);
                Move::new(
                    replace(&papers, i, piece),
                    format!("cut a 1x1 off paper {} ({})", i + 1, paper_text((w, h))),
                )
            });
            return Ok(Verdict {
                search: None,
                partial: false,
                outcome: Outcome::N,
                grundy: None,
                winning: Box::new(moves),
                explanation: "A paper of width 1 lets the player to move cut out a 1×1 piece \
                              at once and win."
                    .into(),
            });
        }
        let side = papers.iter().map(|&(w, h)| w.max(h)).max().unwrap_or(0);
        let grid = self.grid(side)?;
        let values: Vec<u32> = papers.iter().map(|&(w, h)| grid.get(w, h)).collect();
        let x = values.iter().fold(0, |a, v| a ^ v);
        // The winning cuts, found and written only as they are asked for.
        let winning = cuts_to_value(papers.clone(), values.clone(), Arc::clone(&grid), x);
        let shown = super::first_terms(
            papers
                .iter()
                .zip(&values)
                .map(|(&p, v)| format!("g({}) = {v}", paper_text(p))),
            "there is no paper",
        );
        Ok(Verdict {
            search: None,
            partial: false,
            outcome: Outcome::from_win(x != 0),
            grundy: Some(Nat::from(x)),
            winning: Box::new(winning),
            explanation: format!(
                "Nobody cuts off a strip of width 1 (the opponent would cut out a 1×1 next), so \
                 each paper is a game of cuts leaving pieces at least 2 wide, and the position is \
                 worth the nim-sum of the papers' values: {shown}, nim-sum {x}, so {}.",
                if x == 0 {
                    "the player to move loses"
                } else {
                    "the player to move wins"
                }
            ),
        })
    }

    fn table_shape(&self) -> Option<TableShape> {
        Some(TableShape::Grid {
            rows: "W",
            cols: "H",
            first: 1,
        })
    }

    fn table_position(&self, c: &[u64]) -> Result<Option<Vec<Paper>>, GameError> {
        Ok((c[0] >= 1 && c[1] >= 1).then(|| vec![(c[0], c[1])]))
    }
}

/// The real rules, for the brute-force check: a position holding a 1×1 is over.
impl Game for Cutting {
    type Position = Vec<Paper>;

    fn moves(&self, papers: &Vec<Paper>) -> Vec<Vec<Paper>> {
        let mut out = Vec::new();
        if has_unit(papers) {
            return out;
        }
        // Cutting at a or at w − a leaves the same two pieces: each cut is listed once.
        for (i, &(w, h)) in papers.iter().enumerate() {
            for a in 1..=w / 2 {
                out.push(replace(papers, i, cut((w, h), a, false)));
            }
            for b in 1..=h / 2 {
                out.push(replace(papers, i, cut((w, h), b, true)));
            }
        }
        out
    }
}

/// The cuts that leave `papers` (worth `values`, nim-sum of all `x` with what they are asked
/// to reach) worth the value asked: each paper i is cut into pieces worth values[i] ⊕ x.
/// Found and written only as they are asked for (a table asks for none of them).
fn cuts_to_value(
    papers: Vec<Paper>,
    values: Vec<u32>,
    grid: Arc<Grid>,
    x: u32,
) -> impl Iterator<Item = Move<Vec<Paper>>> {
    let n = if x == 0 { 0 } else { values.len() };
    let cuts = move |i: usize| {
        let (w, h) = papers[i];
        let t = values[i] ^ x;
        let (papers, grid) = (papers.clone(), Arc::clone(&grid));
        [(w, false), (h, true)]
            .into_iter()
            .flat_map(move |(len, across)| {
                (2..=len.saturating_sub(2))
                    .take_while(move |&a| a <= len - a)
                    .map(move |a| (a, across))
            })
            .filter_map(move |(a, across)| {
                let pieces = cut((w, h), a, across);
                let g = |p: Paper| grid.get(p.0, p.1);
                (g(pieces[0]) ^ g(pieces[1]) == t).then(|| {
                    Move::new(
                        replace(&papers, i, pieces),
                        format!(
                            "cut paper {} ({}) into {} and {}",
                            i + 1,
                            paper_text((w, h)),
                            paper_text(pieces[0]),
                            paper_text(pieces[1])
                        ),
                    )
                })
            })
    };
    (0..n).flat_map(cuts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::Brute;
    use crate::testkit::{check_all, Grundy};

    #[test]
    fn each_cut_is_listed_once() {
        let moves = Game::moves(&Cutting::default(), &vec![(5, 4)]);
        assert_eq!(
            moves,
            vec![
                vec![(1, 4), (4, 4)],
                vec![(2, 4), (3, 4)],
                vec![(5, 1), (5, 3)],
                vec![(5, 2), (5, 2)],
            ]
        );
    }

    fn all_positions() -> Vec<Vec<Paper>> {
        let mut ps = vec![];
        // Positions are ordered lists of papers, so the state space of the real rules grows
        // fast; these sizes keep the brute force to a few seconds.
        for w in 1..=5u64 {
            for h in 1..=5u64 {
                ps.push(vec![(w, h)]);
                if w <= 4 && h <= 4 {
                    for (w2, h2) in [(1, 1), (1, 2), (2, 2), (2, 3), (3, 2), (1, 3)] {
                        ps.push(vec![(w, h), (w2, h2)]);
                    }
                }
            }
        }
        ps
    }

    #[test]
    fn outcomes_and_winning_moves_match_the_real_rules() {
        // Grundy values are checked separately: the real game's values differ from those of
        // the reduced game that grundy reports (the extra strip cuts add options).
        check_all(&Cutting::default(), all_positions(), Grundy::Unchecked);
    }

    #[test]
    fn grundy_values_match_brute_force_of_the_reduced_game() {
        struct Sum;
        impl Game for Sum {
            type Position = Vec<Paper>;
            fn moves(&self, papers: &Vec<Paper>) -> Vec<Vec<Paper>> {
                let mut out = vec![];
                for (i, &(w, h)) in papers.iter().enumerate() {
                    for a in 2..=w.saturating_sub(2) {
                        out.push(replace(papers, i, cut((w, h), a, false)));
                    }
                    for b in 2..=h.saturating_sub(2) {
                        out.push(replace(papers, i, cut((w, h), b, true)));
                    }
                }
                out
            }
        }
        let game = Cutting::default();
        let mut brute = Brute::new(&Sum);
        for w in 2..=9u64 {
            for h in 2..=9u64 {
                let p = vec![(w, h)];
                let v = game.verdict(&p).unwrap();
                assert_eq!(v.grundy, Some(Nat::from(brute.grundy(&p))), "{w}x{h}");
            }
        }
        // The boundary: 2x2, 2x3, 3x2 (and 3x3: every cut leaves a strip) are lost;
        // 4x2 is won by cutting it into two 2x2.
        for (w, h, lost) in [
            (2, 2, true),
            (2, 3, true),
            (3, 2, true),
            (3, 3, true),
            (4, 2, false),
        ] {
            let v = game.verdict(&vec![(w, h)]).unwrap();
            assert_eq!(v.outcome == Outcome::P, lost);
        }
    }

    #[test]
    fn papers_are_read_strictly() {
        let g = Cutting::default();
        assert_eq!(
            g.parse(&["5x4", "2X3", "3×3"]).unwrap(),
            vec![(5, 4), (2, 3), (3, 3)]
        );
        for bad in ["5", "5x", "x4", "0x3", "5x-4", "axb", "5x4x3"] {
            assert!(g.parse(&[bad]).is_err(), "{bad}");
        }
        let e = g
            .verdict(&vec![(100_000, 2)])
            .err()
            .expect("refused")
            .to_string();
        assert!(e.contains("too large"), "{e}");
    }
}
