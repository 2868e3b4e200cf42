//! `grundy.script(path)`: a game whose rules are a Rhai script, explored and solved by
//! grundy-script as `grundy script FILE` solves it.

use crate::{from_json, run};
use pyo3::prelude::*;

/// A script's game solved from its start: who wins, the (generalized) Grundy value, the
/// winning moves and how many positions were explored.
#[pyclass(module = "grundy", frozen)]
pub(crate) struct ScriptSolution {
    json: String,
    /// Who wins, a member of `grundy.Outcome` (D a draw, T a tie).
    #[pyo3(get)]
    outcome: PyObject,
    /// How many positions were explored.
    #[pyo3(get)]
    positions: usize,
    /// The start's remoteness, where it is defined.
    #[pyo3(get)]
    remoteness: Option<u32>,
}

#[pymethods]
impl ScriptSolution {
    /// Exactly the object `grundy script FILE --json` prints for the same options.
    fn to_dict(&self, py: Python<'_>) -> PyResult<PyObject> {
        from_json(py, &self.json)
    }

    /// The winning moves from the start, as `to_dict()` lists them.
    #[getter]
    fn winning_moves(&self, py: Python<'_>) -> PyResult<PyObject> {
        Ok(self
            .to_dict(py)?
            .bind(py)
            .get_item("winning_moves")?
            .unbind())
    }

    /// The (generalized) Sprague–Grundy value as `to_dict()` writes it (an int, or a loopy
    /// value's ∞ with its set), None for a partizan or misère game.
    #[getter]
    fn grundy(&self, py: Python<'_>) -> PyResult<PyObject> {
        Ok(self.to_dict(py)?.bind(py).get_item("grundy")?.unbind())
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "ScriptSolution(outcome={}, positions={})",
            self.outcome.bind(py).str()?,
            self.positions
        ))
    }
}

/// Solves the game of the Rhai script at `path` (`fn start()`, `fn moves(p)` or
/// `left_moves` / `right_moves`, …; see docs/GUIDE.md): `script("examples/grid.rhai")`,
/// from `start` (a Rhai expression, `"[3, 4]"`) in place of the script's own start.
#[pyfunction]
#[pyo3(signature = (path, *, start=None, max_positions=None))]
pub(crate) fn script(
    py: Python<'_>,
    path: std::path::PathBuf,
    start: Option<String>,
    max_positions: Option<&Bound<'_, PyAny>>,
) -> PyResult<ScriptSolution> {
    let mut opts = grundy_script::Options {
        start,
        ..grundy_script::Options::default()
    };
    if let Some(m) = max_positions {
        opts.max_positions = crate::whole(m, "max_positions")?;
    }
    let file = path.display().to_string();
    let report = run(py, || {
        let text = std::fs::read_to_string(&path)
            .map_err(|e| grundy::GameError::Invalid(format!("cannot read {file}: {e}")))?;
        let rules = grundy_script::Rules::compile(&text, &file)
            .map_err(|e| grundy::GameError::Invalid(e.to_string()))?;
        rules
            .solve(&opts)
            .map_err(|e| grundy::GameError::Invalid(e.to_string()))
    })?;
    let json =
        serde_json::to_string(&report).map_err(|e| crate::GameError::new_err(e.to_string()))?;
    let outcome = serde_json::to_value(report.outcome)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default();
    Ok(ScriptSolution {
        json,
        outcome: crate::typed::outcome(py, &outcome)?,
        positions: report.positions,
        remoteness: report.remoteness,
    })
}
