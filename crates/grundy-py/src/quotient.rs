//! `grundy.quotient(game, to=…)`: the misère quotient of a heap game (Plambeck and Siegel),
//! as `grundy quotient` computes it, its multiplication table as a numpy array and shown
//! inline as a table.

use crate::{from_json, query, run, whole};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

/// The misère quotient of a heap game restricted to heaps 0 to `to`: the monoid that sums of
/// those heaps fall into, each element named as a word in the generators.
#[pyclass(module = "grundy", frozen)]
pub(crate) struct Quotient {
    quotient: grundy::quotient::Quotient,
    game: grundy::GameName,
    /// `table[x, y]`: the index of the product of elements x and y (a numpy array).
    #[pyo3(get)]
    table: PyObject,
    /// `pretending[h]`: the index of heap h's class (a numpy array).
    #[pyo3(get)]
    pretending: PyObject,
}

#[pymethods]
impl Quotient {
    /// How many elements.
    #[getter]
    fn order(&self) -> usize {
        self.quotient.order
    }

    /// Each element as a word in the generators (`"1"` the identity), in the order of the
    /// table's rows and columns.
    #[getter]
    fn elements(&self) -> Vec<String> {
        self.quotient.elements.clone()
    }

    /// The elements whose sums of heaps are lost for the player to move.
    #[getter]
    fn p_portion(&self) -> Vec<String> {
        let q = &self.quotient;
        q.p_portion.iter().map(|&x| q.elements[x].clone()).collect()
    }

    /// The presentation as the literature writes it: `⟨a, b | a² = 1, b³ = b⟩`.
    #[getter]
    fn presentation(&self) -> String {
        self.quotient.presentation()
    }

    /// Whether the quotient is proved for every heap (not only to `to`).
    #[getter]
    fn proved(&self) -> bool {
        self.quotient.stable
    }

    /// The largest heap.
    #[getter]
    fn to(&self) -> u64 {
        self.quotient.to
    }

    /// The class of a sum of heaps (an element's name), or `None` for a heap past `to`.
    fn class_of(&self, heaps: Vec<u64>) -> Option<String> {
        let q = &self.quotient;
        q.element_of(heaps).map(|x| q.elements[x].clone())
    }

    /// Whether a sum of heaps is lost for the player to move in misère play, by its class;
    /// `None` for a heap past `to`.
    fn is_p(&self, heaps: Vec<u64>) -> Option<bool> {
        let q = &self.quotient;
        q.element_of(heaps).map(|x| q.is_p(x))
    }

    /// Exactly the object `grundy quotient GAME --to N --json` prints.
    fn to_dict(&self, py: Python<'_>) -> PyResult<PyObject> {
        let doc = self.quotient.report(self.game.clone());
        let text =
            serde_json::to_string(&doc).map_err(|e| crate::GameError::new_err(e.to_string()))?;
        from_json(py, &text)
    }

    /// The multiplication table (Jupyter shows it), the P-portion in bold.
    fn _repr_html_(&self) -> String {
        let q = &self.quotient;
        let cell = |x: usize| {
            let name = html(&q.elements[x]);
            if q.is_p(x) {
                format!("<b>{name}</b>")
            } else {
                name
            }
        };
        let mut s = format!(
            "<p>{}: misère quotient of heaps 0 to {}, order {}, {}; P-portion in bold</p>\
             <table><tr><th>×</th>",
            html(&self.game.to_string()),
            q.to,
            q.order,
            html(&q.presentation())
        );
        for x in 0..q.order {
            s.push_str(&format!("<th>{}</th>", cell(x)));
        }
        s.push_str("</tr>");
        for (x, row) in q.table.iter().enumerate() {
            s.push_str(&format!("<tr><th>{}</th>", cell(x)));
            for &y in row {
                s.push_str(&format!("<td>{}</td>", cell(y)));
            }
            s.push_str("</tr>");
        }
        s.push_str("</table>");
        s
    }

    fn __repr__(&self) -> String {
        format!(
            "Quotient({}: order={}, {})",
            self.game,
            self.quotient.order,
            self.quotient.presentation()
        )
    }
}

/// `text` safe inside HTML.
fn html(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The misère quotient of a heap game for heaps 0 to `to`: `quotient("kayles", to=40)`,
/// `quotient("octal", code="0.75", to=30)`.
#[pyfunction]
#[pyo3(signature = (game, *, to, **options))]
pub(crate) fn quotient(
    py: Python<'_>,
    game: &str,
    to: &Bound<'_, PyAny>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<Quotient> {
    let to: u64 = whole(to, "to")?;
    let q = query(game, None, options)?;
    let (quotient, name) = run(py, || {
        let (rule, _) = q.heap_rule("quotient", to)?;
        let quotient = grundy::quotient::quotient(&rule, to)?;
        Ok((quotient, q.game()?.game_name()))
    })?;
    let rows: Vec<Bound<'_, PyList>> = quotient
        .table
        .iter()
        .map(|row| PyList::new(py, row))
        .collect::<PyResult<_>>()?;
    let table = crate::table::array(
        py,
        PyList::new(py, rows)?.into_any().unbind(),
        Some("int64"),
    )?;
    let pretending = PyList::new(py, &quotient.pretending)?.into_any().unbind();
    let pretending = crate::table::array(py, pretending, Some("int64"))?;
    Ok(Quotient {
        quotient,
        game: name,
        table,
        pretending,
    })
}
