//! `import grundy`: the grundy library in Python. A thin edge: every answer comes from the
//! Rust library (a position solved, a partizan value), its dictionary is exactly the JSON the
//! `grundy` command prints with `--json`, and bad input raises `grundy.GameError` with the
//! command's one-line message.

use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

create_exception!(
    grundy,
    GameError,
    PyException,
    "Bad input: an unknown game or option, a position that is not one, notation that does \
     not read. The message is the `grundy` command's."
);

fn game_error(e: grundy::GameError) -> PyErr {
    GameError::new_err(e.to_string())
}

/// JSON text as Python values (the `json` module's reading).
fn from_json(py: Python<'_>, text: &str) -> PyResult<PyObject> {
    Ok(py.import("json")?.call_method1("loads", (text,))?.unbind())
}

/// A Python value as a word of a position or an option: lists joined by commas (`[1, 3, 4]`
/// is `1,3,4`), anything else as `str` writes it.
fn word(value: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(list) = value.downcast::<PyList>() {
        let parts: PyResult<Vec<String>> = list.iter().map(|v| word(&v)).collect();
        return Ok(parts?.join(","));
    }
    if let Ok(t) = value.downcast::<pyo3::types::PyTuple>() {
        let parts: PyResult<Vec<String>> = t.iter().map(|v| word(&v)).collect();
        return Ok(parts?.join(","));
    }
    Ok(value.str()?.to_string())
}

/// The query for `game` at `position` with keyword `options`: `game` alone may be a whole
/// line as the command takes it (`"kayles 5 + nim 3"`, `"subtraction --set 1,3,4 10"`).
fn query(
    game: &str,
    position: Option<&Bound<'_, PyAny>>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<grundy::registry::Query> {
    let registry = grundy::registry::Registry::catalog();
    let mut words: Vec<String> = game.split_whitespace().map(str::to_string).collect();
    // Values the game takes before its position without a name (the code of `octal 0.137
    // 10 7`), in the game's order, given here by name (`code="0.137"`).
    let leading: Vec<&str> = words
        .first()
        .and_then(|name| registry.get(name))
        .map(|entry| {
            (entry.params.iter())
                .filter(|p| p.kind == grundy::registry::ParamKind::Leading)
                .map(|p| p.name)
                .collect()
        })
        .unwrap_or_default();
    let mut before = vec![None; leading.len()];
    if let Some(options) = options {
        for (key, value) in options.iter() {
            let name = key.str()?.to_string().replace('_', "-");
            if let Some(k) = leading.iter().position(|p| *p == name) {
                before[k] = Some(word(&value)?);
                continue;
            }
            match value.extract::<bool>() {
                Ok(true) if value.is_instance_of::<pyo3::types::PyBool>() => {
                    words.push(format!("--{name}"))
                }
                Ok(false) if value.is_instance_of::<pyo3::types::PyBool>() => {}
                _ => {
                    words.push(format!("--{name}"));
                    words.push(word(&value)?);
                }
            }
        }
    }
    // The leading values go just after the game's name, in order (one left out ends them).
    let given: Vec<String> = before.into_iter().map_while(|v| v).collect();
    words.splice(1.min(words.len())..1.min(words.len()), given);
    if let Some(position) = position {
        if let Ok(list) = position.downcast::<PyList>() {
            for v in list.iter() {
                words.push(word(&v)?);
            }
        } else if let Ok(t) = position.downcast::<pyo3::types::PyTuple>() {
            for v in t.iter() {
                words.push(word(&v)?);
            }
        } else {
            words.extend(word(position)?.split_whitespace().map(str::to_string));
        }
    }
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    registry.parse_words(&words).map_err(game_error)
}

/// One winning move: the position it leads to and the move in words.
#[pyclass(module = "grundy", frozen)]
struct Move {
    /// The position reached: ints for heap games, else the words of the position.
    #[pyo3(get)]
    position: PyObject,
    /// The move in words.
    #[pyo3(get)]
    text: String,
}

#[pymethods]
impl Move {
    fn __repr__(&self) -> String {
        format!("Move({:?})", self.text)
    }
}

/// The answer for one position: who wins, the Grundy value, every winning move and why.
#[pyclass(module = "grundy", frozen)]
struct Solution {
    json: String,
    /// "N", "P", "L", "R", "D" or "T".
    #[pyo3(get)]
    outcome: String,
    /// The Sprague–Grundy value (an int of any size), or None where there is none.
    #[pyo3(get)]
    grundy: PyObject,
    /// The winning moves (`Move`), up to `max_moves`.
    #[pyo3(get)]
    winning_moves: Vec<Py<Move>>,
    /// The theorem that decides the position, applied to it.
    #[pyo3(get)]
    explanation: String,
}

#[pymethods]
impl Solution {
    /// Exactly the object `grundy solve … --json` prints.
    fn to_dict(&self, py: Python<'_>) -> PyResult<PyObject> {
        from_json(py, &self.json)
    }

    fn __repr__(&self) -> String {
        format!("Solution(outcome={:?})", self.outcome)
    }
}

/// Solves a position of a catalog game: `solve("nim", [3, 4, 5])`, options as keywords
/// (`solve("subtraction", [10], set=[1, 3, 4])`, `solve("nim", [3, 4, 5], misere=True)`), or
/// a whole line (`solve("kayles 5 + nim 3")`).
#[pyfunction]
#[pyo3(signature = (game, position=None, *, max_moves=100, **options))]
fn solve(
    py: Python<'_>,
    game: &str,
    position: Option<&Bound<'_, PyAny>>,
    max_moves: usize,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<Solution> {
    let q = query(game, position, options)?;
    let analysis = py
        .allow_threads(|| q.solve_in_full(max_moves))
        .map_err(game_error)?;
    let json = serde_json::to_string(&analysis)
        .map_err(|e| GameError::new_err(format!("the answer could not be written: {e}")))?;
    let value: serde_json::Value =
        serde_json::from_str(&json).map_err(|e| GameError::new_err(e.to_string()))?;
    let mut moves = Vec::new();
    for m in value["winning_moves"].as_array().into_iter().flatten() {
        let position = from_json(py, &m["to"].to_string())?;
        let text = m["move"].as_str().unwrap_or_default().to_string();
        moves.push(Py::new(py, Move { position, text })?);
    }
    Ok(Solution {
        outcome: value["outcome"].as_str().unwrap_or_default().to_string(),
        grundy: from_json(py, &value["grundy"].to_string())?,
        winning_moves: moves,
        explanation: analysis.explanation.clone(),
        json,
    })
}

/// A partizan value (CGSuite's notation), its report and its arithmetic.
#[pyclass(module = "grundy", frozen)]
struct Value {
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
    fn of(py: Python<'_>, answer: grundy::cgt::Answer) -> PyResult<Value> {
        let json = serde_json::to_string(&answer).map_err(|e| GameError::new_err(e.to_string()))?;
        let v: serde_json::Value =
            serde_json::from_str(&json).map_err(|e| GameError::new_err(e.to_string()))?;
        if v.get("result").is_some() {
            return Err(GameError::new_err(
                "a comparison is true or false, not a value: compare values with <, <=, ==",
            ));
        }
        let text = |key: &str| v.get(key).and_then(|x| x.as_str()).map(str::to_string);
        let _ = py;
        Ok(Value {
            canonical: text("canonical").unwrap_or_default(),
            outcome: text("outcome").unwrap_or_default(),
            mean: text("mean"),
            temperature: text("temperature"),
            json,
        })
    }

    fn combine(&self, py: Python<'_>, op: &str, other: &Value) -> PyResult<Value> {
        let text = format!("({}) {op} ({})", self.canonical, other.canonical);
        let answer = py
            .allow_threads(|| grundy::cgt::answer(&text))
            .map_err(game_error)?;
        Value::of(py, answer)
    }

    fn holds(&self, py: Python<'_>, op: &str, other: &Value) -> PyResult<bool> {
        let text = format!("({}) {op} ({})", self.canonical, other.canonical);
        match py
            .allow_threads(|| grundy::cgt::answer(&text))
            .map_err(game_error)?
        {
            grundy::cgt::Answer::Comparison(c) => Ok(c.result),
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
        let answer = grundy::cgt::answer(&text).map_err(game_error)?;
        Value::of(py, answer)
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
fn cgt(py: Python<'_>, expression: &str) -> PyResult<Value> {
    let answer = py
        .allow_threads(|| grundy::cgt::answer(expression))
        .map_err(game_error)?;
    Value::of(py, answer)
}

/// The value of a catalog position: `value("domineering", "....|....|....|....")`, a
/// partizan game's canonical form or an impartial one's nimber (its misère form with
/// `misere=True`).
#[pyfunction]
#[pyo3(signature = (game, position=None, **options))]
fn value(
    py: Python<'_>,
    game: &str,
    position: Option<&Bound<'_, PyAny>>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<Value> {
    let q = query(game, position, options)?;
    let g = q.game().map_err(game_error)?;
    let answer = py
        .allow_threads(|| grundy::cgt::value_of(g.as_ref(), &q.words()))
        .map_err(game_error)?;
    Value::of(py, answer)
}

#[pymodule]
#[pyo3(name = "grundy")]
fn grundy_py(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("GameError", m.py().get_type::<GameError>())?;
    m.add_class::<Solution>()?;
    m.add_class::<Move>()?;
    m.add_class::<Value>()?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(cgt, m)?)?;
    m.add_function(wrap_pyfunction!(value, m)?)?;
    Ok(())
}
