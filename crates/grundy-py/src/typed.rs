//! Typed results: an outcome is a member of `grundy.Outcome` (a `enum.StrEnum`, so that each
//! member also equals its letter: `solve(…).outcome == "N"` holds as it did when outcomes
//! were strings), numbers are `fractions.Fraction` (a dyadic rational exactly).

use pyo3::prelude::*;
use pyo3::sync::GILOnceCell;
use pyo3::types::{PyList, PyTuple};

/// The outcome classes as the JSON writes them: the player to move wins (N) or loses (P),
/// Left or Right wins whoever starts (L, R), a draw (D), a tie (T), and the loopy classes of
/// CGSuite (NHat, PCheck, PHat, NCheck).
const OUTCOMES: [&str; 10] = [
    "N", "P", "L", "R", "D", "T", "NHat", "PCheck", "PHat", "NCheck",
];

const DOC: &str = "Who wins: N (the player to move), P (the other player), L or R (Left or \
Right, whoever starts), D (a draw: play goes on for ever), T (a tie), and for loopy games \
CGSuite's NHat, PCheck, PHat and NCheck. A str enum: each member equals its letter \
(Outcome.N == \"N\").";

/// `grundy.Outcome` and its members in the order of [`OUTCOMES`].
static OUTCOME: GILOnceCell<(PyObject, Vec<PyObject>)> = GILOnceCell::new();

fn made(py: Python<'_>) -> PyResult<&(PyObject, Vec<PyObject>)> {
    OUTCOME.get_or_try_init(py, || {
        let members = PyList::empty(py);
        for w in OUTCOMES {
            members.append(PyTuple::new(py, [w, w])?)?;
        }
        let kwargs = pyo3::types::PyDict::new(py);
        kwargs.set_item("module", "grundy")?;
        let class = py
            .import("enum")?
            .getattr("StrEnum")?
            .call(("Outcome", members), Some(&kwargs))?;
        class.setattr("__doc__", DOC)?;
        let all = OUTCOMES
            .iter()
            .map(|w| class.getattr(*w).map(Bound::unbind))
            .collect::<PyResult<Vec<_>>>()?;
        Ok((class.unbind(), all))
    })
}

/// The class `grundy.Outcome`, for the module to export.
pub(crate) fn outcome_class(py: Python<'_>) -> PyResult<PyObject> {
    Ok(made(py)?.0.clone_ref(py))
}

/// The member of `grundy.Outcome` written `word` (as the JSON writes outcomes); a word that
/// is none of them stays a string.
pub(crate) fn outcome(py: Python<'_>, word: &str) -> PyResult<PyObject> {
    let (_, members) = made(py)?;
    Ok(match OUTCOMES.iter().position(|w| *w == word) {
        Some(i) => members[i].clone_ref(py),
        None => word.into_pyobject(py)?.into_any().unbind(),
    })
}

/// `fractions.Fraction(text)` for a number the library writes (`3`, `-1/2`, `3/8`).
pub(crate) fn fraction(py: Python<'_>, text: &str) -> PyResult<PyObject> {
    static FRACTION: GILOnceCell<PyObject> = GILOnceCell::new();
    let class = FRACTION.get_or_try_init(py, || {
        Ok::<_, PyErr>(py.import("fractions")?.getattr("Fraction")?.unbind())
    })?;
    class.call1(py, (text,))
}
