//! Partizan values for Python: a value read from CGSuite's notation (or a game's position),
//! its report, its arithmetic and comparisons, and its thermograph drawn inline.

use super::*;

/// A partizan value (CGSuite's notation), its report and its arithmetic.
#[pyclass(module = "grundy", frozen)]
pub(crate) struct Value {
    json: String,
    /// The value as CGSuite writes it (reads back as the same value).
    #[pyo3(get)]
    canonical: String,
    /// The outcome class: L, R, P, N (and for loopy games D, NHat, PCheck, PHat, NCheck).
    #[pyo3(get)]
    outcome: String,
    /// The mean, as text (a dyadic rational), None for loopy games.
    #[pyo3(get)]
    mean: Option<String>,
    /// The temperature, as text, None for loopy games.
    #[pyo3(get)]
    temperature: Option<String>,
}

impl Value {
    fn of(answer: grundy::notation::Answer) -> PyResult<Value> {
        use grundy::notation::Answer;
        // An outcome as the JSON writes it (a letter, or a loopy game's class).
        fn word(outcome: impl serde::Serialize) -> String {
            match serde_json::to_value(outcome) {
                Ok(serde_json::Value::String(s)) => s,
                _ => String::new(),
            }
        }
        let (canonical, outcome, mean, temperature) = match &answer {
            Answer::Comparison(_) => {
                return Err(GameError::new_err(
                    "a comparison is true or false, not a value: compare values with <, <=, ==",
                ))
            }
            Answer::Value(r) => (
                r.canonical.clone(),
                word(r.outcome),
                Some(r.mean.clone()),
                Some(r.temperature.clone()),
            ),
            Answer::Misere(r) => (
                r.canonical.clone().unwrap_or_default(),
                word(r.outcome),
                None,
                None,
            ),
            Answer::Loopy(r) => (
                r.canonical.clone(),
                word(r.outcome),
                r.mean.clone(),
                r.temperature.clone(),
            ),
        };
        let json = serde_json::to_string(&answer).map_err(|e| GameError::new_err(e.to_string()))?;
        Ok(Value {
            canonical,
            outcome,
            mean,
            temperature,
            json,
        })
    }

    fn combine(&self, py: Python<'_>, op: &str, other: &Value) -> PyResult<Value> {
        let text = format!("({}) {op} ({})", self.canonical, other.canonical);
        let answer = run(py, || grundy::notation::answer(&text))?;
        Value::of(answer)
    }

    fn holds(&self, py: Python<'_>, op: &str, other: &Value) -> PyResult<bool> {
        let text = format!("({}) {op} ({})", self.canonical, other.canonical);
        match run(py, || grundy::notation::answer(&text))? {
            grundy::notation::Answer::Comparison(c) => Ok(c.result),
            _ => Err(GameError::new_err(format!("'{text}' is not a comparison"))),
        }
    }
}

#[pymethods]
impl Value {
    /// Exactly the object `grundy cgt … --json` prints.
    fn to_dict(&self, py: Python<'_>) -> PyResult<PyObject> {
        from_json(py, &self.json)
    }

    fn __str__(&self) -> String {
        self.canonical.clone()
    }

    /// The thermograph (Jupyter shows it), for a short game; None for loopy ones and misère
    /// forms, which have none.
    fn _repr_svg_(&self) -> PyResult<Option<String>> {
        if self.mean.is_none() || self.temperature.is_none() {
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
        self.combine(py, "+", &other)
    }

    fn __sub__(&self, py: Python<'_>, other: PyRef<'_, Value>) -> PyResult<Value> {
        self.combine(py, "-", &other)
    }

    fn __neg__(&self, py: Python<'_>) -> PyResult<Value> {
        let text = format!("-({})", self.canonical);
        let answer = run(py, || grundy::notation::answer(&text))?;
        Value::of(answer)
    }

    /// The partial order of games: for confused games both `<=` and `>=` are False.
    fn __richcmp__(
        &self,
        py: Python<'_>,
        other: PyRef<'_, Value>,
        op: pyo3::basic::CompareOp,
    ) -> PyResult<bool> {
        use pyo3::basic::CompareOp::*;
        let op = match op {
            Lt => "<",
            Le => "<=",
            Eq => "==",
            Ne => "!=",
            Gt => ">",
            Ge => ">=",
        };
        self.holds(py, op, &other)
    }
}

/// A partizan value from CGSuite's notation: `cgt("{2|-2} + {1|-1}")`, `cgt("^ + *")`,
/// `cgt("{0|pass}")`.
#[pyfunction]
pub(crate) fn cgt(py: Python<'_>, expression: &str) -> PyResult<Value> {
    let answer = run(py, || grundy::notation::answer(expression))?;
    Value::of(answer)
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
    let g = q.game().map_err(game_error)?;
    let words = q.words();
    let answer = run(py, || grundy::notation::value_of(g.as_ref(), &words))?;
    Value::of(answer)
}
