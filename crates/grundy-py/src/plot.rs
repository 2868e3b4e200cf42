//! `grundy.plot(game, …)`: the picture `grundy plot` draws — a game's map of small positions
//! or a heap game's nim-sequence, its position marked — shown inline and saved as the
//! command saves it.

use crate::{query, run};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// A game's picture (grundy-plot's), drawn as SVG in memory.
#[pyclass(module = "grundy", frozen)]
pub(crate) struct Picture {
    picture: grundy_plot::picture::Picture,
}

#[pymethods]
impl Picture {
    /// The picture as an SVG document (what `grundy plot … --out FILE.svg` writes).
    fn svg(&self) -> PyResult<String> {
        self.picture
            .svg()
            .map_err(|e| crate::GameError::new_err(e.to_string()))
    }

    /// Writes the picture to `path`, a .png or .svg file, as `grundy plot … --out` does.
    fn save(&self, path: std::path::PathBuf) -> PyResult<()> {
        self.picture
            .write(&path)
            .map_err(|e| crate::GameError::new_err(e.to_string()))
    }

    /// The picture (Jupyter shows it).
    fn _repr_svg_(&self) -> PyResult<String> {
        self.svg()
    }

    fn __repr__(&self) -> &'static str {
        match self.picture {
            grundy_plot::picture::Picture::Map(_) => "Picture(map)",
            grundy_plot::picture::Picture::Sequence { .. } => "Picture(sequence)",
            grundy_plot::picture::Picture::Board(_) => "Picture(board)",
        }
    }
}

/// The picture of a game, as `grundy plot` draws it: `plot("wythoff", [3, 5])` (its map, the
/// position marked), `plot("kayles")` (its nim-sequence), `plot("kayles", two_heaps=True)`,
/// `plot("domineering", "...|...")` (the board and the boards its winning moves leave);
/// `size` positions a side, `grundy=True` colours a map by Grundy value.
#[pyfunction]
#[pyo3(signature = (game, position=None, *, size=None, grundy=false, two_heaps=false, **options))]
pub(crate) fn plot(
    py: Python<'_>,
    game: &str,
    position: Option<&Bound<'_, PyAny>>,
    size: Option<&Bound<'_, PyAny>>,
    grundy: bool,
    two_heaps: bool,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<Picture> {
    let size: Option<u64> = size.map(|s| crate::whole(s, "size")).transpose()?;
    let q = query(game, position, options)?;
    let opts = grundy_plot::picture::Options {
        size,
        by_grundy: grundy,
        two_heaps,
    };
    let picture = run(py, || {
        grundy_plot::picture::Picture::of(&q, opts).map_err(grundy::GameError::Invalid)
    })?;
    Ok(Picture { picture })
}
