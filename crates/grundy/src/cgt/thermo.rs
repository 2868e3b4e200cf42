//! Thermographs: how a game's Left and Right walls move as it is cooled by t (Winning Ways,
//! ch. 6; Siegel, *Combinatorial Game Theory*, §II.5), giving its mean and temperature.
//!
//! A wall is a continuous piecewise linear function of the temperature t ≥ 0, with slopes
//! −1, 0 or 1 and corners at dyadic points, ending in a straight line. For a game that is not
//! a number, Left's scaffold is max over G^L of (Right wall of G^L)(t) − t, Right's is min
//! over G^R of (Left wall of G^R)(t) + t; they meet at the temperature, at the mean, and the
//! walls are the scaffolds below that point and the vertical mast above it.

use super::Dyadic;

/// A wall: corners `(t, v)` from t = 0 up, and the slope after the last.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wall {
    points: Vec<(Dyadic, Dyadic)>,
    slope: i64,
}

fn times(a: &Dyadic, k: i64) -> Dyadic {
    match k {
        0 => Dyadic::ZERO,
        1 => a.clone(),
        -1 => -a,
        2 => a + a,
        -2 => -(a + a),
        _ => unreachable!("slopes are −1, 0 or 1"),
    }
}

impl Wall {
    /// The vertical line at `x` (a number's wall, and every mast).
    pub fn constant(x: Dyadic) -> Wall {
        Wall {
            points: vec![(Dyadic::ZERO, x)],
            slope: 0,
        }
    }

    /// The wall's value at `t`.
    pub fn at(&self, t: &Dyadic) -> Dyadic {
        let i = self.points.partition_point(|p| p.0 <= *t) - 1;
        let here = &self.points[i];
        let slope = match self.points.get(i + 1) {
            Some(next) => slope_between(here, next),
            None => self.slope,
        };
        &here.1 + &times(&(t - &here.0), slope)
    }

    /// The wall plus s·t (s = ±1): cooling moves Left's options left and Right's right.
    pub fn tilt(&self, s: i64) -> Wall {
        Wall {
            points: self
                .points
                .iter()
                .map(|(t, v)| (t.clone(), v + &times(t, s)))
                .collect(),
            slope: self.slope + s,
        }
    }

    /// The pointwise maximum (`max`) or minimum of two walls, with a corner wherever they
    /// cross.
    pub fn merge(&self, other: &Wall, max: bool) -> Wall {
        let mut ts: Vec<Dyadic> = self
            .points
            .iter()
            .chain(&other.points)
            .map(|p| p.0.clone())
            .collect();
        ts.sort();
        ts.dedup();
        // Crossings between consecutive corners, and after the last.
        let mut crossings = Vec::new();
        let last = ts.last().expect("walls start at 0");
        for w in ts.windows(2) {
            if let Some(c) = crossing(self, other, &w[0], Some(&w[1])) {
                crossings.push(c);
            }
        }
        let (sa, sb) = (self.slope, other.slope);
        if let Some(c) = crossing(self, other, last, None) {
            crossings.push(c);
        }
        ts.extend(crossings);
        ts.sort();
        ts.dedup();
        let pick = |a: Dyadic, b: Dyadic| if (a >= b) == max { a } else { b };
        let points = ts
            .iter()
            .map(|t| (t.clone(), pick(self.at(t), other.at(t))))
            .collect();
        // After every corner: the line that is above (below) for large t.
        let t_end = ts.last().expect("corners");
        let (va, vb) = (self.at(t_end), other.at(t_end));
        let slope = if va == vb {
            if max {
                sa.max(sb)
            } else {
                sa.min(sb)
            }
        } else if (va > vb) == max {
            sa
        } else {
            sb
        };
        Wall { points, slope }.simplified()
    }

    /// Without corners where the slope does not change.
    fn simplified(mut self) -> Wall {
        let mut out: Vec<(Dyadic, Dyadic)> = Vec::new();
        for p in std::mem::take(&mut self.points) {
            if out.len() >= 2 {
                let (a, b) = (&out[out.len() - 2], &out[out.len() - 1]);
                if slope_between(a, b) == slope_between(b, &p) {
                    out.pop();
                }
            }
            out.push(p);
        }
        if out.len() >= 2 {
            let (a, b) = (&out[out.len() - 2], &out[out.len() - 1]);
            if slope_between(a, b) == self.slope {
                out.pop();
            }
        }
        self.points = out;
        self
    }

    /// Up to `t`, then vertical at the value there.
    fn capped(&self, t: &Dyadic) -> Wall {
        let mut points: Vec<(Dyadic, Dyadic)> =
            self.points.iter().filter(|p| p.0 < *t).cloned().collect();
        points.push((t.clone(), self.at(t)));
        Wall { points, slope: 0 }.simplified()
    }

    /// The corners, for drawing: `(t, v)` from t = 0 up, the last one where the wall turns
    /// vertical for good (or with `slope` after it).
    pub fn corners(&self) -> &[(Dyadic, Dyadic)] {
        &self.points
    }
}

fn slope_between(a: &(Dyadic, Dyadic), b: &(Dyadic, Dyadic)) -> i64 {
    let (dt, dv) = (&b.0 - &a.0, &b.1 - &a.1);
    if dv == Dyadic::ZERO {
        0
    } else if dv == dt {
        1
    } else if dv == -dt {
        -1
    } else {
        unreachable!("walls have slopes −1, 0, 1")
    }
}

/// Where two walls cross strictly between `t0` and `t1` (or after `t0`, for `None`), if
/// they do.
fn crossing(a: &Wall, b: &Wall, t0: &Dyadic, t1: Option<&Dyadic>) -> Option<Dyadic> {
    let (a0, b0) = (a.at(t0), b.at(t0));
    // The slopes just after t0.
    let probe = |w: &Wall| {
        let i = w.points.partition_point(|p| p.0 <= *t0);
        match w.points.get(i) {
            Some(next) => slope_between(&(t0.clone(), w.at(t0)), next),
            None => w.slope,
        }
    };
    let (sa, sb) = (probe(a), probe(b));
    if sa == sb || a0 == b0 {
        return None;
    }
    // a0 + sa·d = b0 + sb·d  ⇒  d = (b0 − a0) / (sa − sb).
    let diff = &b0 - &a0;
    let d = match sa - sb {
        1 => diff,
        -1 => -diff,
        2 => diff.half(),
        -2 => (-diff).half(),
        _ => unreachable!("slopes differ by 1 or 2"),
    };
    if d <= Dyadic::ZERO {
        return None;
    }
    let t = t0 + &d;
    match t1 {
        Some(t1) if t >= *t1 => None,
        _ => Some(t),
    }
}

/// A game's thermograph: its walls, mean and temperature.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thermograph {
    /// Left's wall (on the left in the usual drawing: larger values).
    pub left: Wall,
    /// Right's wall.
    pub right: Wall,
    /// Where the walls meet: the mean value.
    pub mean: Dyadic,
    /// At which temperature they meet (a number's is negative: −1 for an integer,
    /// −1/2^k for m/2^k).
    pub temperature: Dyadic,
}

impl Thermograph {
    /// A number's thermograph: a mast at `x` from its (negative) temperature up.
    pub fn number(x: Dyadic) -> Thermograph {
        Thermograph {
            temperature: -Dyadic::unit(x.exponent()),
            left: Wall::constant(x.clone()),
            right: Wall::constant(x.clone()),
            mean: x,
        }
    }

    /// The thermograph of a game infinitesimally close to the number `x` that is not a number
    /// itself (x + *m, x + ↑, …): both stops are `x`, so the walls meet at once, a mast at `x`
    /// from temperature 0 (what [`Thermograph::of_options`] finds, without the options).
    pub fn infinitesimally_close(x: Dyadic) -> Thermograph {
        Thermograph {
            left: Wall::constant(x.clone()),
            right: Wall::constant(x.clone()),
            mean: x,
            temperature: Dyadic::ZERO,
        }
    }

    /// The thermograph of a game that is not a number, from its options' thermographs.
    pub fn of_options(left: &[&Thermograph], right: &[&Thermograph]) -> Thermograph {
        let scaffold = |options: &[&Thermograph], is_left: bool| {
            options
                .iter()
                .map(|o| {
                    if is_left {
                        o.right.tilt(-1)
                    } else {
                        o.left.tilt(1)
                    }
                })
                .reduce(|a, b| a.merge(&b, is_left))
                .expect("a game that is not a number has options on both sides")
        };
        let (lam, rho) = (scaffold(left, true), scaffold(right, false));
        // The first t ≥ 0 where Left's scaffold is no longer to the right of Right's.
        let mut candidates: Vec<Dyadic> = lam
            .points
            .iter()
            .chain(&rho.points)
            .map(|p| p.0.clone())
            .collect();
        candidates.sort();
        candidates.dedup();
        let mut meet = None;
        for w in candidates.windows(2) {
            if lam.at(&w[0]) <= rho.at(&w[0]) {
                meet = Some(w[0].clone());
                break;
            }
            if let Some(c) = crossing(&lam, &rho, &w[0], Some(&w[1])) {
                meet = Some(c);
                break;
            }
        }
        let last = candidates.last().expect("walls start at 0");
        let t = meet.unwrap_or_else(|| {
            if lam.at(last) <= rho.at(last) {
                last.clone()
            } else {
                crossing(&lam, &rho, last, None).expect("the scaffolds meet")
            }
        });
        let t = if lam.at(&Dyadic::ZERO) <= rho.at(&Dyadic::ZERO) {
            Dyadic::ZERO
        } else {
            t
        };
        Thermograph {
            mean: lam.at(&t),
            left: lam.capped(&t),
            right: rho.capped(&t),
            temperature: t,
        }
    }
}
