//! What the reader does with the values it has read: sided values, sums, negatives,
//! stoppers' simplest forms, and the methods written after a game (`.Onside`, `.Degree`,
//! `.Pow(…)`).

use super::*;

impl Value {
    /// The game's vertex in `graph` (a short game embedded); a sided value is two games and
    /// has none.
    pub fn vertex(self, u: &mut Universe, graph: &mut Graph) -> Result<usize, GameError> {
        match self {
            Value::Loopy(x) => Ok(x),
            Value::Short(g) => graph.embed(u, g),
            Value::Sided(..) => Err(GameError::Invalid(
                "a sided value S & T is two games, one for each side: it can be added, \
                 negated, compared or an option, not used here"
                    .into(),
            )),
        }
    }

    /// The sum of two values: short games' in the universe; sided values' side by side (the
    /// onsides' sum with the offsides'), each side simplified; else the loopy sum.
    pub fn plus(self, u: &mut Universe, graph: &mut Graph, h: Value) -> Result<Value, GameError> {
        Ok(match (self, h) {
            (Value::Short(a), Value::Short(b)) => Value::Short(u.add(a, b)),
            (a @ Value::Sided(..), b) | (a, b @ Value::Sided(..)) => {
                // Onsides add to an onside, offsides to an offside, each simplified.
                let ((a_on, a_off), (b_on, b_off)) = (a.sides(u, graph)?, b.sides(u, graph)?);
                let on = graph.sum(u, a_on, b_on)?;
                let off = graph.sum(u, a_off, b_off)?;
                Value::Sided(graph.side_vertex(on, true)?, graph.side_vertex(off, false)?)
            }
            (a, b) => {
                let (a, b) = (a.vertex(u, graph)?, b.vertex(u, graph)?);
                Value::Loopy(graph.simple_sum(u, a, b)?)
            }
        })
    }

    /// The negative: Left and Right exchanged (a sided value's sides too).
    pub fn negative(self, u: &mut Universe, graph: &mut Graph) -> Result<Value, GameError> {
        Ok(match self {
            Value::Short(a) => Value::Short(u.neg(a)),
            Value::Loopy(x) => Value::Loopy(graph.neg(x)?),
            Value::Sided(on, off) => Value::Sided(graph.neg(off)?, graph.neg(on)?),
        })
    }
}

impl Reader<'_> {
    /// `S & T`: the onside of S with the offside of T, T⁻ ≤ S⁺ (Left survives S − T moving
    /// second); S itself when both are the same stopper.
    pub(super) fn sided(
        &self,
        u: &mut Universe,
        graph: &mut Graph,
        s: Value,
        t: Value,
    ) -> Result<Value, GameError> {
        if let (Value::Short(a), Value::Short(b)) = (s, t) {
            if a == b {
                return Ok(s);
            }
        }
        let (on, off) = (self.loopy(u, graph, s)?, self.loopy(u, graph, t)?);
        if !graph.survives(off, on)? {
            return Err(err(
                self.text,
                "in S & T the offside T is at most the onside S (here it is not)",
            ));
        }
        if graph.is_stopper(on) && graph.is_stopper(off) && graph.le(on, off)? {
            return Ok(Value::Loopy(on));
        }
        Ok(Value::Sided(on, off))
    }

    /// A game's method: its onside or offside (stoppers), its degree of loopiness
    /// (G − G)⁺ (Siegel, CGT VI.4; a stopper's), or a short game's power with any stopper
    /// as exponent (`^.Pow(on)` is `^<on>`).
    /// The vertex of a value that is a stopper (for `name`, in the message otherwise).
    pub(super) fn stopper(
        &self,
        u: &mut Universe,
        graph: &mut Graph,
        g: Value,
        name: &str,
    ) -> Result<usize, GameError> {
        match g {
            Value::Short(a) => graph.embed(u, a),
            Value::Loopy(x) if graph.is_stopper(x) => Ok(x),
            _ => Err(err(
                self.text,
                format_args!("{name} is defined for stoppers"),
            )),
        }
    }

    /// The methods of two stoppers: subordination to a short base, upsums and downsums, and
    /// varieties over a degree.
    pub(super) fn stopper_method(
        &self,
        u: &mut Universe,
        graph: &mut Graph,
        g: Value,
        name: &str,
        x: Value,
    ) -> Result<Value, GameError> {
        if name == "Subordinate" {
            let Value::Short(base) = x else {
                return Err(err(self.text, "Subordinate: the base is a short game"));
            };
            if let Value::Short(a) = g {
                return u.subordinate_to(a, base).map(Value::Short).ok_or_else(|| {
                    err(
                        self.text,
                        "that game cannot be subordinated to the base given",
                    )
                });
            }
            let g = self.stopper(u, graph, g, name)?;
            return match graph.subordinate(u, g, base)? {
                Some(v) => Ok(Value::Loopy(v)),
                None => Err(err(
                    self.text,
                    "that game cannot be subordinated to the base given",
                )),
            };
        }
        let (g, x) = (
            self.stopper(u, graph, g, name)?,
            self.stopper(u, graph, x, name)?,
        );
        let r = match name {
            "Upsum" => graph.side_sum(u, g, x, true),
            "Downsum" => graph.side_sum(u, g, x, false),
            "UpsumVariety" => graph.variety_over(u, g, x, true),
            _ => graph.variety_over(u, g, x, false),
        };
        r.map(Value::Loopy).map_err(|e| err(self.text, e))
    }

    pub(super) fn method(
        &self,
        u: &mut Universe,
        graph: &mut Graph,
        g: Value,
        name: &str,
        args: &[Value],
    ) -> Result<Value, GameError> {
        let binary = [
            "Pow",
            "PowTo",
            "Subordinate",
            "Upsum",
            "Downsum",
            "UpsumVariety",
            "DownsumVariety",
        ];
        if !binary.contains(&name) && !["Onside", "Offside", "Degree", "Variety"].contains(&name) {
            return Err(err(
                self.text,
                format_args!(
                    "'{name}' is not read on loopy games (Onside, Offside, Degree, Variety, \
                     Subordinate, Upsum, Downsum, UpsumVariety, DownsumVariety, and Pow and \
                     PowTo of a short game are)"
                ),
            ));
        }
        let wanted = usize::from(binary.contains(&name));
        if args.len() != wanted {
            return Err(err(
                self.text,
                format_args!("{name} takes {wanted} argument(s), not {}", args.len()),
            ));
        }
        if let (Some(&x), false) = (args.first(), matches!(name, "Pow" | "PowTo")) {
            return self.stopper_method(u, graph, g, name, x);
        }
        if let Some(&x) = args.first() {
            let Value::Short(base) = g else {
                return Err(err(
                    self.text,
                    format_args!("{name}: the base is a short game"),
                ));
            };
            return match x {
                Value::Short(x) => {
                    let r = if name == "Pow" {
                        u.pow(base, x)
                    } else {
                        u.pow_to(base, x)
                    };
                    r.map(Value::Short)
                        .map_err(|why| err(self.text, format_args!("{name}: {why}")))
                }
                Value::Loopy(x) if graph.is_stopper(x) => {
                    let r = if name == "Pow" {
                        graph.pow(u, base, x)
                    } else {
                        graph.pow_to(u, base, x)
                    };
                    r.map(Value::Loopy).map_err(|e| err(self.text, e))
                }
                _ => Err(err(
                    self.text,
                    format_args!("{name}: the exponent is a number or a stopper (on, 5over)"),
                )),
            };
        }
        if let Value::Short(a) = g {
            return match name {
                "Onside" | "Offside" => Ok(g),
                "Degree" => Ok(Value::Short(u.zero())),
                _ => {
                    let x = graph.embed(u, a)?;
                    self.method(u, graph, Value::Loopy(x), name, args)
                }
            };
        }
        if name == "Variety" {
            let x = self.stopper(u, graph, g, name)?;
            return graph
                .variety(u, x)
                .map(Value::Loopy)
                .map_err(|e| err(self.text, e));
        }
        let (on, off) = g.sides(u, graph)?;
        let r = match name {
            "Onside" => graph.stopper_side(on, true, "this game"),
            "Offside" => graph.stopper_side(off, false, "this game"),
            "Degree" if on == off && graph.is_stopper(on) => graph.degree(u, on),
            _ => return Err(err(self.text, "Degree is defined for stoppers")),
        };
        r.map(Value::Loopy).map_err(|e| err(self.text, e))
    }
}
