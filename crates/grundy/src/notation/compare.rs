//! Comparisons in CGSuite's notation: `G < H`, `<=`, `>`, `>=`, `==`, `!=`, `<>` (or `||`:
//! confused with), `<|` (less than or confused with), `|>` (greater than or confused with).
//! The order of short games (Conway, ONAG ch. 7; Siegel, CGT §II.1): G ≥ H exactly when Left
//! wins G − H moving second. Misère forms are compared for equality only (`==`, `!=`).

pub use crate::cgt::syntax::Relation;

/// What `grundy cgt "G op H"` (or a predicate, `"^.IsNumber"`) answers: the expression and
/// whether it holds.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Comparison {
    /// The expression as given.
    pub expression: String,
    /// Whether the comparison holds.
    pub result: bool,
}
