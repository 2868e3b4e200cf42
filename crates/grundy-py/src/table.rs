//! `grundy.table(game, to=…)`: a game's table (the library's [`grundy::table::Table`]) as
//! numpy arrays, drawn inline as `grundy plot` draws its map.

use crate::{from_json, query, run, whole};
use grundy::table::Ask;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use pyo3::IntoPyObjectExt;

/// Who wins from each small position of a game (and its Grundy value with `grundy=True`),
/// indexed as `grundy table` indexes them: one row (a heap) or a grid (two numbers).
#[pyclass(module = "grundy", frozen)]
pub(crate) struct Table {
    table: grundy::table::Table,
    /// Each cell's outcome as its letter (`"P"`, `"N"`, `"L"`, `"R"`; `""` where the
    /// coordinates name no position): a numpy array, one row or a grid, `outcomes[r, c]`
    /// for row `from_ + r`, column `from_ + c`.
    #[pyo3(get)]
    outcomes: PyObject,
    /// Each cell's Grundy value (−1 where it is not known or names no position), an int64
    /// numpy array shaped as `outcomes`; `None` unless asked with `grundy=True`.
    #[pyo3(get)]
    values: Option<PyObject>,
}

#[pymethods]
impl Table {
    /// What each axis counts: one name for a row, two for a grid (rows, then columns).
    #[getter]
    fn axes(&self) -> Vec<&'static str> {
        self.table.axes.clone()
    }

    /// The first index of each axis.
    #[getter]
    fn from_(&self) -> u64 {
        self.table.from
    }

    /// The last index of each axis.
    #[getter]
    fn to(&self) -> u64 {
        self.table.to
    }

    /// The game, with its options, as the command line writes it.
    #[getter]
    fn game(&self) -> String {
        self.table.game.to_string()
    }

    /// Exactly the object `grundy table GAME --json` prints for the same range (its Grundy
    /// values null unless asked with `grundy=True`).
    fn to_dict(&self, py: Python<'_>) -> PyResult<PyObject> {
        from_json(py, &self.table.json().to_string())
    }

    /// The array numpy takes: the Grundy values where they were asked, else the outcomes.
    #[pyo3(signature = (dtype=None, copy=None))]
    fn __array__(
        &self,
        py: Python<'_>,
        dtype: Option<PyObject>,
        copy: Option<bool>,
    ) -> PyResult<PyObject> {
        let array = self.values.as_ref().unwrap_or(&self.outcomes).bind(py);
        let np = py.import("numpy")?;
        let kwargs = PyDict::new(py);
        kwargs.set_item("dtype", dtype)?;
        let out = np.call_method("asarray", (array,), Some(&kwargs))?;
        Ok(match copy {
            Some(true) => out.call_method0("copy")?.unbind(),
            _ => out.unbind(),
        })
    }

    /// The table drawn (Jupyter shows it), coloured as `grundy plot` colours a map.
    fn _repr_svg_(&self) -> PyResult<String> {
        let data = grundy_plot::picture::MapData::of_table(&self.table);
        grundy_plot::map_svg(&data.as_map()).map_err(|e| crate::GameError::new_err(e.to_string()))
    }

    fn __repr__(&self) -> String {
        let t = &self.table;
        let range = match t.axes[..] {
            [rows, cols] => format!("{rows} × {cols}, {}..{} each", t.from, t.to),
            _ => format!("{} {}..{}", t.axes[0], t.from, t.to),
        };
        let what = match t.ask {
            Ask::Values => "Grundy values",
            Ask::Outcomes => "outcomes",
        };
        format!("Table({}: {range}, {what})", t.game)
    }
}

/// The table of a game's small positions: `table("wythoff", to=10)`,
/// `table("subtraction", set=[1, 3, 4], to=40, grundy=True)`. `from_` and `to` bound each
/// axis (by default the game's first index, to 30 for a row and 12 for a grid).
#[pyfunction]
#[pyo3(signature = (game, *, to=None, from_=None, grundy=false, **options))]
pub(crate) fn table(
    py: Python<'_>,
    game: &str,
    to: Option<&Bound<'_, PyAny>>,
    from_: Option<&Bound<'_, PyAny>>,
    grundy: bool,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<Table> {
    let to: Option<u64> = to.map(|t| whole(t, "to")).transpose()?;
    let from: Option<u64> = from_.map(|f| whole(f, "from")).transpose()?;
    let q = query(game, None, options)?;
    let ask = if grundy { Ask::Values } else { Ask::Outcomes };
    let table = run(py, || grundy::table::Table::of_query(&q, ask, from, to))?;
    let grid = table.axes.len() == 2;
    let shaped = |cells: Vec<PyObject>| -> PyResult<PyObject> {
        let list = if grid {
            let rows: Vec<Bound<'_, PyList>> = cells
                .chunks(table.side())
                .map(|row| PyList::new(py, row))
                .collect::<PyResult<_>>()?;
            PyList::new(py, rows)?
        } else {
            PyList::new(py, cells)?
        };
        Ok(list.into_any().unbind())
    };
    let letters: Vec<PyObject> = table
        .coordinates()
        .map(|c| {
            let letter = table
                .cell(&c)
                .map_or(String::new(), |v| v.outcome.to_string());
            letter.into_py_any(py)
        })
        .collect::<PyResult<_>>()?;
    let outcomes = array(py, shaped(letters)?, None)?;
    let values = match ask {
        Ask::Outcomes => None,
        Ask::Values => {
            let numbers: Vec<PyObject> = table
                .coordinates()
                .map(|c| {
                    let g = table.cell(&c).and_then(|v| v.grundy.as_ref());
                    let n: i64 = g.map_or(Ok(-1), |g| {
                        i64::try_from(g).map_err(|_| {
                            crate::GameError::new_err(format!(
                                "the Grundy value {g} is beyond an int64 array: read it with \
                                 to_dict()"
                            ))
                        })
                    })?;
                    n.into_py_any(py)
                })
                .collect::<PyResult<_>>()?;
            Some(array(py, shaped(numbers)?, Some("int64"))?)
        }
    };
    Ok(Table {
        table,
        outcomes,
        values,
    })
}

/// `nested` as a numpy array of `dtype` (numpy's choice if `None`), or as it is where numpy
/// is not installed.
pub(crate) fn array(py: Python<'_>, nested: PyObject, dtype: Option<&str>) -> PyResult<PyObject> {
    match py.import("numpy") {
        Ok(np) => Ok(np.call_method1("array", (nested, dtype))?.unbind()),
        Err(_) => Ok(nested),
    }
}
