//! What CGSuite's properties say of a short game rather than make of it: its options, its
//! incentives (Winning Ways ch. 8; Siegel, *Combinatorial Game Theory*, §II.5), and the
//! `Is…` predicates, true or false.

use super::{Dyadic, Id, Kind, Universe};

/// The properties written last that are not predicates: games listed, or a thermograph
/// (`notation::ask` answers them, of every kind of game).
pub const PROPERTIES: [&str; 7] = [
    "LeftOptions",
    "RightOptions",
    "Options",
    "Incentives",
    "Thermograph",
    "IsStopper",
    "IsTame",
];

/// The `Is…` predicates of a short game, as CGSuite names them.
pub const PREDICATES: [&str; 7] = [
    "IsNumber",
    "IsInteger",
    "IsNimber",
    "IsNumberish",
    "IsInfinitesimal",
    "IsAllSmall",
    "IsUptimal",
];

impl Universe {
    /// `g` as a nimber *n, if it is one (0 is *0).
    pub fn as_nimber(&self, g: Id) -> Option<u32> {
        match &self.kinds[g.0 as usize] {
            Kind::Number(x) if *x == Dyadic::ZERO => Some(0),
            Kind::NumberStar(x, m) if *x == Dyadic::ZERO => Some(*m),
            _ => None,
        }
    }

    /// Whether `g` is infinitesimally close to a number: its stops are equal (Siegel, CGT
    /// II.3: then g − x is infinitesimal for x the stops).
    pub fn is_numberish(&self, g: Id) -> bool {
        self.left_stop(g) == self.right_stop(g)
    }

    /// Whether `g` is a number plus ups (of any shape: `↑`, `↑^<n>`, `↑^[n]`) plus a nimber, as
    /// uptimal notation writes it.
    pub fn is_uptimal(&self, g: Id) -> bool {
        !matches!(self.kinds[g.0 as usize], Kind::Other)
    }

    /// The predicate `name` of [`PREDICATES`] at `g`; `None` for a name that is none.
    pub fn predicate(&mut self, g: Id, name: &str) -> Option<bool> {
        Some(match name {
            "IsNumber" => self.as_number(g).is_some(),
            "IsInteger" => self.as_number(g).is_some_and(Dyadic::is_integer),
            "IsNimber" => self.as_nimber(g).is_some(),
            "IsNumberish" => self.is_numberish(g),
            "IsInfinitesimal" => self.is_infinitesimal(g),
            "IsAllSmall" => self.is_all_small(g),
            "IsUptimal" => self.is_uptimal(g),
            _ => return None,
        })
    }

    /// The incentives of `g`: Left's, G^L − G, then Right's, G − G^R, each once, in
    /// canonical form (what a move is worth to the player making it; CGSuite's
    /// `Incentives`).
    pub fn incentives(&mut self, g: Id) -> Vec<Id> {
        let mut out = Vec::new();
        let minus = self.neg(g);
        for gl in self.left(g).to_vec() {
            let d = self.add(gl, minus);
            if !out.contains(&d) {
                out.push(d);
            }
        }
        for gr in self.right(g).to_vec() {
            let neg_gr = self.neg(gr);
            let d = self.add(g, neg_gr);
            if !out.contains(&d) {
                out.push(d);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ask(text: &str, name: &str) -> bool {
        let mut u = Universe::new();
        let g = u.parse(text).unwrap();
        u.predicate(g, name).unwrap()
    }

    #[test]
    fn predicates_say_what_the_game_is() {
        for (text, yes) in [
            // 0 is everything: a number, an integer, the nimber *0, …
            ("0", &PREDICATES[..]),
            ("3/4", &["IsNumber", "IsNumberish", "IsUptimal"]),
            ("-2", &["IsNumber", "IsInteger", "IsNumberish", "IsUptimal"]),
            (
                "*3",
                &[
                    "IsNimber",
                    "IsNumberish",
                    "IsInfinitesimal",
                    "IsAllSmall",
                    "IsUptimal",
                ],
            ),
            (
                "^",
                &["IsNumberish", "IsInfinitesimal", "IsAllSmall", "IsUptimal"],
            ),
            ("1^*", &["IsNumberish", "IsUptimal"]),
            ("{1|-1}", &[]),
            ("{0|-1}", &[]),
            ("{0||0|-1}", &["IsNumberish", "IsInfinitesimal"]),
            (
                "^<2>",
                &["IsNumberish", "IsInfinitesimal", "IsAllSmall", "IsUptimal"],
            ),
            ("{1*|1}", &["IsNumberish", "IsUptimal"]),
        ] {
            for name in PREDICATES {
                assert_eq!(ask(text, name), yes.contains(&name), "{text}.{name}");
            }
        }
    }

    /// Of the 22 games born by day 2 (Winning Ways ch. 7), the numbers are 0, ±1/2, ±1, ±2,
    /// the integers 0, ±1, ±2, the nimbers 0, *, *2; every number and nimber is numberish and
    /// uptimal.
    #[test]
    fn the_games_born_by_day_2_are_counted_right() {
        let mut u = Universe::new();
        let mut day = vec![u.zero()];
        for _ in 0..2 {
            let mut next = Vec::new();
            let subsets: Vec<Vec<Id>> = (0..1u32 << day.len())
                .map(|m| {
                    (0..day.len())
                        .filter(|i| m >> i & 1 == 1)
                        .map(|i| day[i])
                        .collect()
                })
                .collect();
            for l in &subsets {
                for r in &subsets {
                    let g = u.game(l, r);
                    if !next.contains(&g) {
                        next.push(g);
                    }
                }
            }
            day = next;
        }
        assert_eq!(day.len(), 22);
        let count = |u: &mut Universe, name: &str| {
            day.iter()
                .filter(|&&g| u.predicate(g, name).unwrap())
                .count()
        };
        assert_eq!(count(&mut u, "IsNumber"), 7);
        assert_eq!(count(&mut u, "IsInteger"), 5);
        assert_eq!(count(&mut u, "IsNimber"), 3);
        for &g in &day {
            if u.as_number(g).is_some() || u.as_nimber(g).is_some() {
                assert!(u.is_numberish(g) && u.is_uptimal(g), "{}", u.show(g));
            }
        }
        assert_eq!(u.predicate(u.zero(), "IsSomething"), None);
    }

    /// Incentives: what each move is worth to its player, measured from the game.
    #[test]
    fn incentives_are_what_a_move_gains() {
        let mut u = Universe::new();
        for (text, want) in [
            ("{2|-2}", vec!["{4|0}"]),
            ("{3|1}", vec!["{2|0}"]),
            ("*", vec!["*"]),
            ("0", vec![]),
            ("^", vec!["v", "^*"]),
        ] {
            let g = u.parse(text).unwrap();
            let got: Vec<String> = u.incentives(g).into_iter().map(|d| u.show(d)).collect();
            assert_eq!(got, want, "{text}");
        }
    }
}
