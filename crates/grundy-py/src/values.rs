//! Partizan values for Python: a value read from CGSuite's notation (or a game's position),
//! its report, its arithmetic and comparisons, and its thermograph drawn inline.
//!
//! Every value lives in one worksheet of the interpreter (`notation::session::Session`), held
//! as the library's value (`notation::held::Held`): `a + b` and `a < b` are the worksheet's
//! operations on values, not text written out and read again. A computation stopped part way
//! (Ctrl-C, a budget, memory) may leave the universe of short games with unfinished tables,
//! so the worksheet's games of normal play then start afresh (`Session::fresh_games`, the
//! next generation); a game of an older generation is read into the new universe from its
//! canonical form (which reads back as the same game) when next used. The same happens when
//! the worksheet has grown past [`FRESH_AFTER`] games, so that a long program's memory stays
//! bounded. Misère forms are kept across generations.

use super::*;
use grundy::notation::compare::Relation;
use grundy::notation::held::Held;
use grundy::notation::session::Session;
use std::sync::{LazyLock, Mutex, OnceLock};

/// The interpreter's worksheet and its generation.
struct Shared {
    session: Session,
    generation: u64,
}

static SHARED: LazyLock<Mutex<Shared>> = LazyLock::new(|| {
    Mutex::new(Shared {
        session: Session::new(),
        generation: 0,
    })
});

/// How many games of normal play the worksheet holds before they start afresh (a few
/// hundred megabytes).
const FRESH_AFTER: usize = 1 << 22;

/// Values whose canonical forms together take at most this many characters are added,
/// negated and compared holding the GIL: the work takes less than releasing it would.
const SMALL: usize = 64;

/// Runs `work` on the worksheet (as [`run`] runs the library's work: without the GIL,
/// stoppable by Ctrl-C), given the worksheet's generation; a stopped computation leaves a new
/// worksheet behind it.
fn with_session<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(&mut Session, u64) -> Result<T, grundy::GameError> + Send,
) -> PyResult<T> {
    with_session_of(py, &[], work)
}

/// [`with_session`] of work on `values`, holding the GIL when they are small (see
/// [`SMALL`]); with no values, the GIL is released.
fn with_session_of<T: Send>(
    py: Python<'_>,
    values: &[&Value],
    work: impl FnOnce(&mut Session, u64) -> Result<T, grundy::GameError> + Send,
) -> PyResult<T> {
    let size: usize = values.iter().map(|v| v.canonical.len()).sum();
    let release = values.is_empty() || size > SMALL;
    run_releasing(py, release, || {
        let mut shared = SHARED.lock().unwrap_or_else(|e| e.into_inner());
        // A long program's values grow the worksheet for ever (as a CGSuite worksheet
        // grows): past a size, its games start afresh, and older values are read in again
        // from their canonical forms when next used.
        if shared.session.games_held() > FRESH_AFTER {
            shared.session.fresh_games();
            shared.generation += 1;
        }
        let generation = shared.generation;
        let result = work(&mut shared.session, generation);
        use grundy::GameError as E;
        if let Err(E::OverBudget { .. } | E::Interrupted | E::TooLarge(_)) = &result {
            shared.session.fresh_games();
            shared.generation = generation + 1;
        }
        result
    })
}

/// A partizan value (CGSuite's notation), its report and its arithmetic.
#[pyclass(module = "grundy", frozen)]
pub(crate) struct Value {
    /// The value in the worksheet of generation `generation`.
    held: Held,
    generation: u64,
    /// The value as CGSuite writes it (reads back as the same value).
    #[pyo3(get)]
    canonical: String,
    /// The rest of what `grundy cgt` says of it, found when first asked for: a short game's
    /// report takes its thermograph, stops and atomic weight, which a program that only adds
    /// and compares values never asks for.
    report: OnceLock<Reported>,
}

/// What a new value is made with: a short game's canonical form alone (its report found
/// when asked for), or another value's whole answer.
enum Written {
    Canonical(String),
    Answer(grundy::notation::Answer),
}

/// What `grundy cgt --json` says of a value, beside its canonical form.
struct Reported {
    json: String,
    /// The outcome class, a member of `grundy.Outcome`.
    outcome: PyObject,
    /// The mean, as the library writes it (a dyadic rational), None for loopy games.
    mean: Option<String>,
    /// The temperature, as the library writes it, None for loopy games.
    temperature: Option<String>,
    /// The rest: stops, atomic weight, birthday, reduced form, a misère form's own.
    more: More,
}

/// What a report says of a short or loopy game beside its outcome, mean and temperature.
#[derive(Default)]
struct More {
    /// Left's and Right's stops (dyadic rationals as the library writes them), where known.
    stops: (Option<String>, Option<String>),
    /// The atomic weight (a game, in CGSuite's notation), where the game is atomic.
    atomic_weight: Option<String>,
    /// A short game's or a misère form's birthday.
    birthday: Option<grundy::Nat>,
    /// A short game's reduced canonical form (CGSuite's notation).
    reduced: Option<String>,
    /// A misère form's outcome by the misère rule (its letter) and genus (Conway's, as the
    /// library writes it).
    misere: Option<(String, String)>,
}

impl Reported {
    /// The report `answer`, and the canonical form it writes.
    fn of(py: Python<'_>, answer: grundy::notation::Answer) -> PyResult<(Reported, String)> {
        use grundy::notation::Answer;
        // An outcome as the JSON writes it (a letter, or a loopy game's class).
        fn word(outcome: impl serde::Serialize) -> String {
            match serde_json::to_value(outcome) {
                Ok(serde_json::Value::String(s)) => s,
                _ => String::new(),
            }
        }
        let mut more = More::default();
        let (canonical, outcome, mean, temperature) = match &answer {
            Answer::Comparison(_) => {
                return Err(GameError::new_err(
                    "a comparison is true or false, not a value: compare values with <, <=, ==",
                ))
            }
            Answer::Listing(_) | Answer::Thermograph(_) => {
                return Err(GameError::new_err(
                    "a property says something of a game, not a value",
                ))
            }
            Answer::Value(r) => {
                more = More {
                    stops: (Some(r.left_stop.clone()), Some(r.right_stop.clone())),
                    atomic_weight: r.atomic_weight.clone(),
                    birthday: Some(r.birthday.clone()),
                    reduced: Some(r.reduced.clone()),
                    misere: None,
                };
                (
                    r.canonical.clone(),
                    word(r.outcome),
                    Some(r.mean.clone()),
                    Some(r.temperature.clone()),
                )
            }
            Answer::Misere(r) => {
                more.birthday = Some(r.birthday.into());
                more.misere = Some((word(r.misere_outcome), r.genus.clone()));
                (
                    r.canonical.clone().unwrap_or_default(),
                    word(r.outcome),
                    None,
                    None,
                )
            }
            Answer::Loopy(r) => {
                more = More {
                    stops: (r.left_stop.clone(), r.right_stop.clone()),
                    atomic_weight: r.atomic_weight.clone(),
                    birthday: None,
                    reduced: None,
                    misere: None,
                };
                (
                    r.canonical.clone(),
                    word(r.outcome),
                    r.mean.clone(),
                    r.temperature.clone(),
                )
            }
        };
        let json = serde_json::to_string(&answer).map_err(|e| GameError::new_err(e.to_string()))?;
        let reported = Reported {
            json,
            outcome: super::typed::outcome(py, &outcome)?,
            mean,
            temperature,
            more,
        };
        Ok((reported, canonical))
    }
}

impl Value {
    /// The value `held` in the worksheet of `generation`: a short game with its canonical
    /// form (the report found when asked for), another with its whole report.
    fn of(py: Python<'_>, held: Held, generation: u64, written: Written) -> PyResult<Value> {
        let report = OnceLock::new();
        let canonical = match written {
            Written::Canonical(canonical) => canonical,
            Written::Answer(answer) => {
                let (reported, canonical) = Reported::of(py, answer)?;
                let _ = report.set(reported);
                canonical
            }
        };
        Ok(Value {
            held,
            generation,
            canonical,
            report,
        })
    }

    /// The value's report, found now if it was not before.
    fn reported(&self, py: Python<'_>) -> PyResult<&Reported> {
        if let Some(r) = self.report.get() {
            return Ok(r);
        }
        let answer = with_session(py, |s, generation| {
            let a = self.held(s, generation)?;
            s.answer_of(a)
        })?;
        let _ = self.report.set(Reported::of(py, answer)?.0);
        Ok(self.report.get().expect("set above"))
    }

    /// The value as CGSuite writes it.
    pub(crate) fn canonical(&self) -> &str {
        &self.canonical
    }

    /// `work` done on this value as the worksheet holds it now.
    pub(crate) fn with_held<T: Send>(
        &self,
        py: Python<'_>,
        work: impl FnOnce(&mut Session, Held) -> Result<T, grundy::GameError> + Send,
    ) -> PyResult<T> {
        with_session(py, |s, generation| {
            let a = self.held(s, generation)?;
            work(s, a)
        })
    }

    /// The value in `session`, of generation `generation`: a game of normal play made in an
    /// older generation is read again from its canonical form.
    fn held(&self, session: &mut Session, generation: u64) -> Result<Held, grundy::GameError> {
        match self.held {
            Held::Game(_) if self.generation != generation => session.hold(&self.canonical),
            held => Ok(held),
        }
    }

    /// A value made from values by `make` in the worksheet.
    fn made(
        py: Python<'_>,
        make: impl FnOnce(&mut Session, u64) -> Result<Held, grundy::GameError> + Send,
    ) -> PyResult<Value> {
        Self::made_of(py, &[], make)
    }

    /// A value made from `values` by `make` (the GIL held when they are small).
    fn made_of(
        py: Python<'_>,
        values: &[&Value],
        make: impl FnOnce(&mut Session, u64) -> Result<Held, grundy::GameError> + Send,
    ) -> PyResult<Value> {
        let (written, held, generation) = with_session_of(py, values, |s, generation| {
            let held = make(s, generation)?;
            Ok((Self::written(s, held)?, held, generation))
        })?;
        Value::of(py, held, generation, written)
    }

    /// A short game's canonical form alone, or another value's whole answer.
    fn written(s: &mut Session, held: Held) -> Result<Written, grundy::GameError> {
        match s.short_canonical(held) {
            Some(canonical) => Ok(Written::Canonical(canonical)),
            None => Ok(Written::Answer(s.answer_of(held)?)),
        }
    }

    /// Values that `list` makes of this one in the worksheet (its options, its incentives).
    fn listed(
        &self,
        py: Python<'_>,
        list: impl FnOnce(&mut Session, Held) -> Result<Vec<Held>, grundy::GameError> + Send,
    ) -> PyResult<Vec<Value>> {
        let (answers, generation) = with_session(py, |s, generation| {
            let a = self.held(s, generation)?;
            let answers: Result<Vec<_>, grundy::GameError> = list(s, a)?
                .into_iter()
                .map(|h| Ok((Self::written(s, h)?, h)))
                .collect();
            Ok((answers?, generation))
        })?;
        answers
            .into_iter()
            .map(|(written, held)| Value::of(py, held, generation, written))
            .collect()
    }

    /// Whether the predicate `name` (CGSuite's `IsNumber`, …) holds of this value.
    fn predicate(&self, py: Python<'_>, name: &'static str) -> PyResult<bool> {
        self.with_held(py, |s, a| s.predicate(a, name))
    }

    fn combine(&self, py: Python<'_>, other: &Value, negate: bool) -> PyResult<Value> {
        Value::made_of(py, &[self, other], |s, generation| {
            let a = self.held(s, generation)?;
            let mut b = other.held(s, generation)?;
            if negate {
                b = s.negative(b)?;
            }
            s.add(a, b)
        })
    }
}

#[pymethods]
impl Value {
    /// Exactly the object `grundy cgt … --json` prints.
    fn to_dict(&self, py: Python<'_>) -> PyResult<PyObject> {
        from_json(py, &self.reported(py)?.json)
    }

    /// The outcome class, a member of `grundy.Outcome`: L, R, P, N (and for loopy games D,
    /// NHat, PCheck, PHat, NCheck).
    #[getter]
    fn outcome(&self, py: Python<'_>) -> PyResult<PyObject> {
        Ok(self.reported(py)?.outcome.clone_ref(py))
    }

    /// Left's options, as values (a misère form's options, for either player).
    fn left_options(&self, py: Python<'_>) -> PyResult<Vec<Value>> {
        self.listed(py, |s, a| s.options(a, grundy::analysis::Player::Left))
    }

    /// Right's options, as values.
    fn right_options(&self, py: Python<'_>) -> PyResult<Vec<Value>> {
        self.listed(py, |s, a| s.options(a, grundy::analysis::Player::Right))
    }

    /// Left's options (as `left_options()`).
    #[getter]
    fn left(&self, py: Python<'_>) -> PyResult<Vec<Value>> {
        self.left_options(py)
    }

    /// Right's options (as `right_options()`).
    #[getter]
    fn right(&self, py: Python<'_>) -> PyResult<Vec<Value>> {
        self.right_options(py)
    }

    /// The value CGSuite's notation writes: `Value.parse("{2|-2}")` is `cgt("{2|-2}")`.
    #[staticmethod]
    fn parse(py: Python<'_>, text: &str) -> PyResult<Value> {
        cgt(py, text)
    }

    /// The thermograph of a short game (its walls, mean and temperature as Fractions).
    fn thermograph(&self, py: Python<'_>) -> PyResult<super::thermograph::Thermograph> {
        super::thermograph::Thermograph::of(py, self)
    }

    /// The incentives of a short game: Left's G^L − G, then Right's G − G^R, each once (what
    /// a move is worth to its player; CGSuite's `Incentives`).
    fn incentives(&self, py: Python<'_>) -> PyResult<Vec<Value>> {
        self.listed(py, |s, a| s.incentives(a))
    }

    /// Whether the value is a number (CGSuite's `IsNumber`).
    #[getter]
    fn is_number(&self, py: Python<'_>) -> PyResult<bool> {
        self.predicate(py, "IsNumber")
    }

    /// Whether the value is an integer.
    #[getter]
    fn is_integer(&self, py: Python<'_>) -> PyResult<bool> {
        self.predicate(py, "IsInteger")
    }

    /// Whether the value is a nimber *n.
    #[getter]
    fn is_nimber(&self, py: Python<'_>) -> PyResult<bool> {
        self.predicate(py, "IsNimber")
    }

    /// Whether the value is infinitesimally close to a number (its stops are equal).
    #[getter]
    fn is_numberish(&self, py: Python<'_>) -> PyResult<bool> {
        self.predicate(py, "IsNumberish")
    }

    /// Whether the value is infinitesimal (both stops 0).
    #[getter]
    fn is_infinitesimal(&self, py: Python<'_>) -> PyResult<bool> {
        self.predicate(py, "IsInfinitesimal")
    }

    /// Whether a game of normal play is a stopper (no play alternates for ever; a short game
    /// is one).
    #[getter]
    fn is_stopper(&self, py: Python<'_>) -> PyResult<bool> {
        self.predicate(py, "IsStopper")
    }

    /// Whether a misère form is tame (in sums of tame games it plays like misère Nim).
    #[getter]
    fn is_tame(&self, py: Python<'_>) -> PyResult<bool> {
        self.predicate(py, "IsTame")
    }

    /// Whether the value is all-small (every position where one player can move lets the
    /// other move too).
    #[getter]
    fn is_all_small(&self, py: Python<'_>) -> PyResult<bool> {
        self.predicate(py, "IsAllSmall")
    }

    fn __str__(&self) -> String {
        self.canonical.clone()
    }

    /// The thermograph (Jupyter shows it), for a short game; None for loopy ones and misère
    /// forms, which have none.
    fn _repr_svg_(&self, py: Python<'_>) -> PyResult<Option<String>> {
        let r = self.reported(py)?;
        if r.mean.is_none() || r.temperature.is_none() {
            return Ok(None);
        }
        let t = grundy_plot::Thermograph::of_value(&self.canonical).map_err(game_error)?;
        grundy_plot::thermograph_svg(&t)
            .map(Some)
            .map_err(|e| GameError::new_err(e.to_string()))
    }

    fn __repr__(&self) -> String {
        format!("grundy.cgt({:?})", self.canonical)
    }

    fn __add__(&self, py: Python<'_>, other: PyRef<'_, Value>) -> PyResult<Value> {
        self.combine(py, &other, false)
    }

    fn __sub__(&self, py: Python<'_>, other: PyRef<'_, Value>) -> PyResult<Value> {
        self.combine(py, &other, true)
    }

    fn __neg__(&self, py: Python<'_>) -> PyResult<Value> {
        Value::made_of(py, &[self], |s, generation| {
            let a = self.held(s, generation)?;
            s.negative(a)
        })
    }

    /// The mean (a `fractions.Fraction`: dyadic, exact), None for loopy games and misère
    /// forms.
    #[getter]
    fn mean(&self, py: Python<'_>) -> PyResult<Option<PyObject>> {
        self.reported(py)?
            .mean
            .as_deref()
            .map(|m| super::typed::fraction(py, m))
            .transpose()
    }

    /// The temperature (a `fractions.Fraction`; a number's is negative), None for loopy
    /// games and misère forms.
    #[getter]
    fn temperature(&self, py: Python<'_>) -> PyResult<Option<PyObject>> {
        self.reported(py)?
            .temperature
            .as_deref()
            .map(|t| super::typed::fraction(py, t))
            .transpose()
    }

    /// Left's stop: the number reached when Left starts and both play until it is a number
    /// (a `fractions.Fraction`); a loopy game's may be a loopy value (`over`, `on`: a
    /// `Value`); None for a misère form or a loopy game without stops.
    #[getter]
    fn left_stop(&self, py: Python<'_>) -> PyResult<Option<PyObject>> {
        let stop = self.reported(py)?.more.stops.0.clone();
        stop.map(|t| number_or_value(py, &t)).transpose()
    }

    /// Right's stop, as `left_stop`.
    #[getter]
    fn right_stop(&self, py: Python<'_>) -> PyResult<Option<PyObject>> {
        let stop = self.reported(py)?.more.stops.1.clone();
        stop.map(|t| number_or_value(py, &t)).transpose()
    }

    /// The atomic weight (a `Value`: a game, often an integer), None where the game is not
    /// atomic (or a misère form).
    #[getter]
    fn atomic_weight(&self, py: Python<'_>) -> PyResult<Option<Value>> {
        let weight = self.reported(py)?.more.atomic_weight.clone();
        weight.map(|w| cgt(py, &w)).transpose()
    }

    /// The day a short game's canonical form (or a misère form) is born (an int of any
    /// size); None for a loopy game.
    #[getter]
    fn birthday(&self, py: Python<'_>) -> PyResult<Option<PyObject>> {
        let day = self.reported(py)?.more.birthday.clone();
        day.map(|d| Ok(d.into_pyobject(py)?.into_any().unbind()))
            .transpose()
    }

    /// A short game's reduced canonical form (a `Value`: the simplest game infinitesimally
    /// close); None otherwise.
    #[getter]
    fn reduced(&self, py: Python<'_>) -> PyResult<Option<Value>> {
        let reduced = self.reported(py)?.more.reduced.clone();
        reduced.map(|r| cgt(py, &r)).transpose()
    }

    /// A misère form's outcome by the misère rule (a member of `grundy.Outcome`; `outcome`
    /// is its normal-play outcome); None for a game of normal play.
    #[getter]
    fn misere_outcome(&self, py: Python<'_>) -> PyResult<Option<PyObject>> {
        let misere = self.reported(py)?.more.misere.as_ref();
        misere
            .map(|(o, _)| super::typed::outcome(py, o))
            .transpose()
    }

    /// A misère form's genus (Conway's, On Numbers and Games ch. 12, as `grundy cgt` writes
    /// it: `2`, `1^2`); None for a game of normal play.
    #[getter]
    fn genus(&self, py: Python<'_>) -> PyResult<Option<String>> {
        Ok(self
            .reported(py)?
            .more
            .misere
            .as_ref()
            .map(|(_, g)| g.clone()))
    }

    /// Equal values hash alike (`==` is equality of games): a value is known by its
    /// canonical form, which is unique, and a misère nim heap `*[n]` by the nimber it equals.
    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let heap = self
            .canonical
            .strip_prefix("*[")
            .and_then(|r| r.strip_suffix(']'))
            .map(|n| n.trim_start_matches('&').trim_end_matches(';'))
            .and_then(|n| n.parse::<u32>().ok());
        let key = match heap {
            Some(0) => "0".to_string(),
            Some(1) => "*".to_string(),
            Some(n) => format!("*{n}"),
            None => self.canonical.clone(),
        };
        let mut h = std::collections::hash_map::DefaultHasher::new();
        key.hash(&mut h);
        h.finish()
    }

    /// The partial order of games: for confused games both `<=` and `>=` are False.
    fn __richcmp__(
        &self,
        py: Python<'_>,
        other: PyRef<'_, Value>,
        op: pyo3::basic::CompareOp,
    ) -> PyResult<bool> {
        use pyo3::basic::CompareOp::*;
        let relation = match op {
            Lt => Relation::Less,
            Le => Relation::LessOrEqual,
            Eq => Relation::Equal,
            Ne => Relation::NotEqual,
            Gt => Relation::Greater,
            Ge => Relation::GreaterOrEqual,
        };
        let other: &Value = &other;
        with_session_of(py, &[self, other], |s, generation| {
            let (a, b) = (self.held(s, generation)?, other.held(s, generation)?);
            let misere = |h: Held| matches!(h, Held::Misere(_));
            match s.holds(a, relation, b) {
                // `==` does not raise: a misère form and a game of normal play that is no
                // nimber are of kinds that cannot be compared, so not equal.
                Err(grundy::GameError::Invalid(_))
                    if misere(a) != misere(b)
                        && matches!(relation, Relation::Equal | Relation::NotEqual) =>
                {
                    Ok(relation == Relation::NotEqual)
                }
                holds => holds,
            }
        })
    }
}

/// A partizan value from CGSuite's notation: `cgt("{2|-2} + {1|-1}")`, `cgt("^ + *")`,
/// `cgt("{0|pass}")`.
#[pyfunction]
pub(crate) fn cgt(py: Python<'_>, expression: &str) -> PyResult<Value> {
    Value::made(py, |s, _| s.hold(expression))
}

/// A stop as the library writes it: a dyadic rational as a `fractions.Fraction`, anything
/// else (a loopy game's stop) as a `Value`.
fn number_or_value(py: Python<'_>, text: &str) -> PyResult<PyObject> {
    if text.parse::<grundy::cgt::Dyadic>().is_ok() {
        return super::typed::fraction(py, text);
    }
    Ok(Py::new(py, cgt(py, text)?)?.into_any())
}

/// The value of a catalog position: `value("domineering", "....|....|....|....")`, a
/// partizan game's canonical form or an impartial one's nimber (its misère form with
/// `misere=True`).
#[pyfunction]
#[pyo3(signature = (game, position=None, **options))]
pub(crate) fn value(
    py: Python<'_>,
    game: &str,
    position: Option<&Bound<'_, PyAny>>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<Value> {
    let q = query(game, position, options)?;
    let (g, p) = q.open().map_err(game_error)?;
    of_position(py, g.as_ref(), &p)
}

/// The value of position `p` of `game` (the library's game, a sum or a catalog game).
pub(crate) fn of_position(
    py: Python<'_>,
    game: &dyn grundy::rules::DynGame,
    p: &grundy::Position,
) -> PyResult<Value> {
    Value::made(py, |s, _| s.hold_position(game, p))
}
