//! Wythoff's game: two heaps; take from one heap, or the same number from both.

use crate::analysis::{Move, Token, Verdict};
use crate::nat::{isqrt, parse_nat, small};
use crate::registry::{Entry, PositionSpec};
use crate::rules::{GameInfo, Ruleset, TableShape};
use crate::solver::Game;
use crate::{GameError, Nat, Outcome};
use num_traits::Zero;
use std::sync::Mutex;

/// Wythoff's game. Grundy values of small positions (there is no formula) are computed once
/// and kept for later requests, so a table costs no more than its largest cell.
#[derive(Debug, Default)]
pub struct Wythoff {
    grid: Mutex<Grid>,
}

/// G(i, j) for i < w, j < h, row by row.
#[derive(Debug, Default)]
struct Grid {
    w: usize,
    h: usize,
    g: Vec<u32>,
}

/// Description of Wythoff's game.
pub static INFO: GameInfo = GameInfo {
    name: "wythoff",
    title: "Wythoff's game",
    summary: "two heaps; take from one heap, or the same number from both",
    usage: "wythoff A B",
    example: "wythoff 4 7",
    rules: "Two heaps of A and B tokens. A move takes any positive number of tokens from one \
            heap, or the same positive number from both. Who takes the last token wins.",
    theory: "The P-positions are the pairs (⌊kφ⌋, ⌊kφ²⌋) = (⌊kφ⌋, ⌊kφ⌋ + k) for k = 0, 1, 2, …, \
             φ the golden ratio, in either order: a position with heaps x ≤ y is lost for the \
             player to move exactly when x = ⌊(y − x)·φ⌋. grundy computes ⌊kφ⌋ exactly as \
             ⌊(k + ⌊√(5k²)⌋) / 2⌋ with integer square roots, at any size. Since the numbers \
             ⌊kφ⌋ and ⌊kφ²⌋ (k ≥ 1) split the positive integers (Beatty's theorem), every heap \
             size has exactly one partner, which gives every winning move. Grundy values have no \
             known formula; they are computed for positions with at most about 10⁶ smaller \
             positions and reported as null beyond.",
    source: "W. A. Wythoff, A modification of the game of Nim, Nieuw Archief voor Wiskunde 7 \
             (1907) 199–202; S. Beatty, Problem 3173, American Mathematical Monthly 33 (1926).",
};

/// ⌊kφ⌋, exactly: (k + ⌊√(5k²)⌋) / 2, since √5·k is irrational for k ≥ 1.
pub fn lower(k: &Nat) -> Nat {
    (k + isqrt(&(k * k * 5u32))) >> 1
}

/// Whether `n = ⌊kφ⌋` (k ≥ 1), by squares alone: 2n − k ≤ k√5 < 2n + 2 − k.
fn is_lower(n: &Nat, k: &Nat) -> bool {
    let twice = n << 1u32;
    if twice < *k {
        return false;
    }
    let five = k * k * 5u32;
    let lo = &twice - k;
    &lo * &lo <= five && {
        let hi = lo + 2u32;
        five < &hi * &hi
    }
}

/// The other heap of the P-position containing a heap of `n` (0 for 0).
pub fn partner(n: &Nat) -> Nat {
    if n.is_zero() {
        return Nat::zero();
    }
    // ⌊n/φ⌋ = ⌊(√(5n²) − n) / 2⌋; n = ⌊kφ⌋ needs k within 1 of n/φ, n = ⌊jφ²⌋ = ⌊jφ⌋ + j
    // needs j within 1 of n/φ². Try the few candidates of each kind (one square root, then
    // squares only); Beatty's theorem says one matches.
    let n_over_phi: Nat = (isqrt(&(n * n * 5u32)) - n) >> 1;
    let candidates = |est: &Nat| {
        let lo = if est.is_zero() {
            Nat::zero()
        } else {
            est - 1u32
        };
        (0u32..4).map(move |i| &lo + i)
    };
    for k in candidates(&n_over_phi) {
        if !k.is_zero() && is_lower(n, &k) {
            return n + k;
        }
    }
    let n_over_phi2 = n - &n_over_phi;
    for j in candidates(&n_over_phi2) {
        if !j.is_zero() && j <= *n && is_lower(&(n - &j), &j) {
            return n - j;
        }
    }
    unreachable!("Beatty's theorem: every positive integer is ⌊kφ⌋ or ⌊kφ²⌋")
}

/// Whether (a, b) is a P-position.
pub fn is_p(a: &Nat, b: &Nat) -> bool {
    let (x, y) = if a <= b { (a, b) } else { (b, a) };
    lower(&(y - x)) == *x
}

/// The registry's entry: names, parameters and notation of the game.
pub static ENTRY: Entry = Entry {
    info: &INFO,
    about: "Wythoff's game: take from one heap, or the same from both.",
    params: &[],
    position: PositionSpec {
        value_name: "A B",
        help: "The two heaps.",
    },
    build: |_| super::boxed(Wythoff::default()),
    sequence: None,
};

impl Ruleset for Wythoff {
    type Pos = (Nat, Nat);

    fn options(&self, p: &(Nat, Nat)) -> Result<Vec<(Nat, Nat)>, GameError> {
        super::listable(
            3.0 * (super::f(&p.0) + super::f(&p.1)),
            &Ruleset::name(self),
        )?;
        Ok(Game::moves(self, p))
    }

    fn info(&self) -> &'static GameInfo {
        &INFO
    }

    fn parse(&self, args: &[&str]) -> Result<(Nat, Nat), GameError> {
        match args {
            [a, b] => Ok((parse_nat(a, "heap")?, parse_nat(b, "heap")?)),
            _ => Err(GameError::WrongCount {
                game: "wythoff".into(),
                expected: "two heap sizes A B".into(),
                got: args.len(),
            }),
        }
    }

    fn tokens(&self, (a, b): &(Nat, Nat)) -> Vec<Token> {
        vec![Token::Int(a.clone()), Token::Int(b.clone())]
    }

    fn verdict(&self, p: &(Nat, Nat)) -> Result<Verdict<'_, (Nat, Nat)>, GameError> {
        let (a, b) = p;
        let (x, y) = if a <= b { (a, b) } else { (b, a) };
        let k = y - x;
        let l = lower(&k);
        let lost = l == *x;
        let explanation = format!(
            "Wythoff's theorem: heaps x ≤ y are lost for the player to move exactly when \
             x = ⌊(y − x)·φ⌋. Here y − x = {k} and ⌊{k}·φ⌋ = {l}, {}.",
            if lost {
                format!("which equals x = {x}: every move leaves a winning position")
            } else {
                format!("not x = {x}: the player to move wins by moving to a pair (⌊jφ⌋, ⌊jφ⌋ + j)")
            }
        );
        let mut moves = Vec::new();
        if !lost {
            let pb = partner(a);
            if pb < *b {
                moves.push(Move::new(
                    (a.clone(), pb.clone()),
                    format!("take {} from heap 2", b - &pb),
                ));
            }
            let pa = partner(b);
            if pa < *a {
                moves.push(Move::new(
                    (pa.clone(), b.clone()),
                    format!("take {} from heap 1", a - &pa),
                ));
            }
            if l < *x {
                let d = x - &l;
                moves.push(Move::new(
                    (a - &d, b - &d),
                    format!("take {d} from both heaps"),
                ));
            }
        }
        Ok(Verdict {
            search: None,
            partial: false,
            outcome: Outcome::from_win(!lost),
            grundy: self.small_grundy(a, b).map(Nat::from),
            winning: Box::new(moves.into_iter()),
            explanation,
        })
    }

    /// The theorem alone, without the Grundy value (found by search) that a verdict carries.
    fn outcome(&self, (a, b): &(Nat, Nat)) -> Result<Outcome, GameError> {
        let (x, y) = if a <= b { (a, b) } else { (b, a) };
        Ok(Outcome::from_win(lower(&(y - x)) != *x))
    }

    fn table_shape(&self) -> Option<TableShape> {
        Some(TableShape::Grid {
            rows: "heap 1",
            cols: "heap 2",
            first: 0,
        })
    }

    fn table_position(&self, c: &[u64]) -> Result<Option<(Nat, Nat)>, GameError> {
        Ok(Some((Nat::from(c[0]), Nat::from(c[1]))))
    }
}

/// The most work (cells × moves per cell) spent computing a Grundy value that has no formula.
const GRUNDY_BUDGET: u64 = 200_000_000;

impl Wythoff {
    /// The Grundy value by dynamic programming over all smaller positions, if affordable.
    fn small_grundy(&self, a: &Nat, b: &Nat) -> Option<u64> {
        let (a, b) = (small(a)?, small(b)?);
        let mut grid = self.grid.lock().unwrap_or_else(|e| e.into_inner());
        // G is symmetric: look (a, b) up either way round.
        for (x, y) in [(a, b), (b, a)] {
            if x < grid.w && y < grid.h {
                return Some(grid.g[x * grid.h + y] as u64);
            }
        }
        let cost = |w: usize, h: usize| -> Option<u64> {
            (w as u64)
                .checked_mul(h as u64)?
                .checked_mul(w as u64 + h as u64)
                .filter(|&c| c <= GRUNDY_BUDGET)
        };
        let (w, h) = (grid.w.max(a.checked_add(1)?), grid.h.max(b.checked_add(1)?));
        cost(w, h)?;
        // The grid grows by a quarter at least on the side that grows (while affordable), so
        // that a table asking one cell further at a time costs about twice the last grid in
        // all, not one grid per cell.
        let grown = |now: usize, need: usize| {
            if need > now {
                need.max(now + now / 4)
            } else {
                now
            }
        };
        let (w, h) = match (grown(grid.w, w), grown(grid.h, h)) {
            (gw, gh) if cost(gw, gh).is_some() => (gw, gh),
            // Growing by a quarter is beyond the budget: grow the side that must grow as far
            // as the budget allows, once.
            (gw, _) if gw > w => (super::largest(w, gw, |x| cost(x, h).is_some()), h),
            (_, gh) => (w, super::largest(h, gh, |y| cost(w, y).is_some())),
        };
        // Over a time budget (crate::budget) the value is left unknown, as when unaffordable.
        *grid = Grid::compute(w, h)?;
        Some(grid.g[a * h + b] as u64)
    }
}

impl Grid {
    /// The values of all positions below `w` × `h`; `None` if a time budget ran out.
    fn compute(w: usize, h: usize) -> Option<Grid> {
        let mut g = vec![0u32; w * h];
        let mut stamp = vec![usize::MAX; w + h + 2];
        for i in 0..w {
            crate::budget::check().ok()?;
            crate::budget::report("table rows", i as u64, Some(w as u64));
            for j in 0..h {
                let id = i * h + j;
                for i2 in 0..i {
                    stamp[g[i2 * h + j] as usize] = id;
                }
                for j2 in 0..j {
                    stamp[g[i * h + j2] as usize] = id;
                }
                for d in 1..=i.min(j) {
                    stamp[g[(i - d) * h + (j - d)] as usize] = id;
                }
                g[id] = stamp.iter().position(|&s| s != id).unwrap_or(0) as u32;
            }
        }
        Some(Grid { w, h, g })
    }
}

impl Game for Wythoff {
    type Position = (Nat, Nat);

    fn moves(&self, (a, b): &(Nat, Nat)) -> Vec<(Nat, Nat)> {
        let mut out = Vec::new();
        let mut d = Nat::from(1u32);
        while d <= *a || d <= *b {
            if d <= *a {
                out.push((a - &d, b.clone()));
            }
            if d <= *b {
                out.push((a.clone(), b - &d));
            }
            if d <= *a && d <= *b {
                out.push((a - &d, b - &d));
            }
            d += 1u32;
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::{check_all, nat, Grundy};
    use num_traits::ToPrimitive;
    use proptest::prelude::*;

    /// The outcome alone (what tables ask) is the verdict's, on every position below 60 × 60,
    /// asked in an order that makes the Grundy grid grow in steps.
    #[test]
    fn the_outcome_alone_is_the_verdicts_and_the_grid_grows_in_steps() {
        let game = Wythoff::default();
        for a in 0..60u64 {
            for b in 0..60u64 {
                let p = (Nat::from(a), Nat::from(b));
                let v = game.verdict(&p).unwrap();
                assert_eq!(Ruleset::outcome(&game, &p).unwrap(), v.outcome, "{a} {b}");
                // G = 0 exactly at the P-positions.
                assert_eq!(v.grundy == Some(Nat::from(0u32)), v.outcome == Outcome::P);
            }
        }
        let grid = game.grid.lock().unwrap();
        assert!(grid.w >= 60 && grid.h >= 60);
    }

    #[test]
    fn matches_brute_force_on_all_small_positions() {
        let ps = (0..=25u64).flat_map(|a| (0..=25u64).map(move |b| (nat(a), nat(b))));
        check_all(&Wythoff::default(), ps, Grundy::Required);
    }

    #[test]
    fn first_p_positions_and_samples() {
        let firsts: Vec<u64> = (0..10u64)
            .map(|k| lower(&nat(k)).to_u64().unwrap())
            .collect();
        assert_eq!(firsts, [0, 1, 3, 4, 6, 8, 9, 11, 12, 14]);
        // Samples: (2,1) lost, (8,4) won, (4,7) lost.
        assert!(is_p(&nat(2), &nat(1)));
        assert!(!is_p(&nat(8), &nat(4)));
        assert!(is_p(&nat(4), &nat(7)));
    }

    #[test]
    fn partner_is_an_involution_on_the_beatty_pairs() {
        for n in 0..5000u64 {
            let p = partner(&nat(n));
            assert_eq!(partner(&p), nat(n));
            assert!(is_p(&nat(n), &p));
        }
    }

    proptest! {
        #[test]
        fn huge_positions_winning_moves_reach_p(a in "[1-9][0-9]{0,80}", b in "[1-9][0-9]{0,80}") {
            let (a, b): (Nat, Nat) = (a.parse().unwrap(), b.parse().unwrap());
            let game = Wythoff::default();
            let v = game.verdict(&(a.clone(), b.clone())).unwrap();
            let moves: Vec<_> = v.winning.collect();
            prop_assert_eq!(moves.is_empty(), v.outcome == Outcome::P);
            for m in moves {
                prop_assert!(is_p(&m.to.0, &m.to.1));
                prop_assert!(m.to.0 <= a && m.to.1 <= b && m.to != (a.clone(), b.clone()));
            }
            let p = partner(&a);
            prop_assert!(is_p(&a, &p));
        }
    }
}
