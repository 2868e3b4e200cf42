//! A short game's thermograph for Python (Winning Ways ch. 6): its mean and temperature and
//! each wall's corners as exact fractions, the command's JSON, and the picture inline.

use super::*;
use crate::typed::fraction;
use crate::values::Value;

/// A thermograph: `grundy.thermograph(value)` or `value.thermograph()`.
#[pyclass(module = "grundy", frozen)]
pub(crate) struct Thermograph {
    /// The answer as `grundy cgt "G.Thermograph" --json` prints it.
    json: String,
    /// The game, as CGSuite writes it (the picture is drawn from it).
    canonical: String,
    /// Where the walls meet (a `fractions.Fraction`).
    #[pyo3(get)]
    mean: PyObject,
    /// The temperature at which they meet (a number's is negative).
    #[pyo3(get)]
    temperature: PyObject,
    /// Left's wall: its corners `(t, v)` from temperature 0 up, as Fractions; the last is
    /// where the wall turns into the mast.
    #[pyo3(get)]
    left: Vec<(PyObject, PyObject)>,
    /// Right's wall, likewise.
    #[pyo3(get)]
    right: Vec<(PyObject, PyObject)>,
}

impl Thermograph {
    /// The thermograph of `value` (refused for loopy games and misère forms, as the command
    /// refuses `G.Thermograph`).
    pub(crate) fn of(py: Python<'_>, value: &Value) -> PyResult<Thermograph> {
        let text = format!("({}).Thermograph", value.canonical());
        let t = value.with_held(py, |s, held| s.thermograph(&text, held))?;
        let corners = |wall: &[[String; 2]]| -> PyResult<Vec<(PyObject, PyObject)>> {
            wall.iter()
                .map(|[t, v]| Ok((fraction(py, t)?, fraction(py, v)?)))
                .collect()
        };
        Ok(Thermograph {
            json: serde_json::to_string(&t).map_err(|e| GameError::new_err(e.to_string()))?,
            canonical: value.canonical().to_string(),
            mean: fraction(py, &t.mean)?,
            temperature: fraction(py, &t.temperature)?,
            left: corners(&t.left)?,
            right: corners(&t.right)?,
        })
    }
}

#[pymethods]
impl Thermograph {
    /// Exactly the object `grundy cgt "G.Thermograph" --json` prints.
    fn to_dict(&self, py: Python<'_>) -> PyResult<PyObject> {
        from_json(py, &self.json)
    }

    /// The picture, as `grundy plot thermograph` draws it.
    fn _repr_svg_(&self) -> PyResult<String> {
        let t = grundy_plot::Thermograph::of_value(&self.canonical).map_err(game_error)?;
        grundy_plot::thermograph_svg(&t).map_err(|e| GameError::new_err(e.to_string()))
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "Thermograph(mean={}, temperature={})",
            self.mean.bind(py).str()?,
            self.temperature.bind(py).str()?
        ))
    }
}

/// The thermograph of a short game: `thermograph(cgt("{3|-1}"))` or
/// `thermograph("{3|-1}")` (a value or CGSuite's notation).
#[pyfunction]
pub(crate) fn thermograph(py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<Thermograph> {
    match value.downcast::<Value>() {
        Ok(v) => Thermograph::of(py, v.get()),
        Err(_) => {
            let text: String = value.extract()?;
            Thermograph::of(py, &crate::values::cgt(py, &text)?)
        }
    }
}
