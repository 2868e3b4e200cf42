//! Boards drawn inline in Jupyter: a board game's position (Domineering, Cram, Clobber, Toads and Frogs) as its
//! grid, and a solution as the boards its winning moves leave, each move's cells coloured by
//! who made it (grundy-plot's `board` pictures, as `grundy plot` draws them).

use grundy::analysis::Token;
use grundy_plot::board::{board_svg, Board, Solved};
use pyo3::prelude::*;

/// A board position's grid as SVG, where the position written as `tokens` is a board.
pub(crate) fn position_svg(tokens: &[Token]) -> PyResult<Option<String>> {
    Board::of_position(tokens)
        .map(|b| board_svg(&b).map_err(|e| crate::GameError::new_err(e.to_string())))
        .transpose()
}

/// A solved board position's picture as SVG.
pub(crate) fn solved_svg(solved: &Solved) -> PyResult<String> {
    solved
        .svg()
        .map_err(|e| crate::GameError::new_err(e.to_string()))
}
