//! `import grundy`: the grundy library in Python. A thin edge: every answer comes from the
//! Rust library (a position solved, a partizan value), its dictionary is exactly the JSON the
//! `grundy` command prints with `--json`, and bad input raises `grundy.GameError` with the
//! command's one-line message.

use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

mod board;
mod game;
mod plot;
mod quotient;
mod rules;
mod script;
mod table;
mod thermograph;
mod typed;
mod values;

use values::Value;

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

/// A whole-number keyword (`to`, `max_moves`) read as the command line reads its options: a
/// negative, fractional or too large number is a `GameError` saying what the keyword takes,
/// as `--to -5` is on the command line (not Python's OverflowError).
fn whole<T: TryFrom<u64>>(value: &Bound<'_, PyAny>, name: &str) -> PyResult<T> {
    value
        .extract::<u64>()
        .ok()
        .and_then(|n| T::try_from(n).ok())
        .ok_or_else(|| {
            let shown = value
                .repr()
                .map(|r| r.to_string())
                .unwrap_or_else(|_| "?".into());
            GameError::new_err(format!("{name} takes a whole number ≥ 0, not {shown}"))
        })
}

/// Set by Ctrl-C (SIGINT) while the library works: its long loops then stop (see
/// `grundy::budget::stoppable`). The handler is added at import, before Python's own, which
/// still runs and raises KeyboardInterrupt once the work has stopped.
static STOP: std::sync::OnceLock<Arc<AtomicBool>> = std::sync::OnceLock::new();

fn stop_flag() -> Arc<AtomicBool> {
    STOP.get_or_init(|| Arc::new(AtomicBool::new(false)))
        .clone()
}

/// Runs `work` without the GIL, so other Python threads go on, stopping it on Ctrl-C
/// (KeyboardInterrupt); its errors become `GameError`.
fn run<T: Send>(
    py: Python<'_>,
    work: impl FnOnce() -> Result<T, grundy::GameError> + Send,
) -> PyResult<T> {
    run_releasing(py, true, work)
}

/// [`run`], releasing the GIL only if `release`: for work known to be short (small values
/// added or compared), releasing the GIL and taking it back costs more than the work itself,
/// so it is kept, as numpy keeps it for small arrays. Ctrl-C stops the work either way,
/// through the library's stop flag.
fn run_releasing<T: Send>(
    py: Python<'_>,
    release: bool,
    work: impl FnOnce() -> Result<T, grundy::GameError> + Send,
) -> PyResult<T> {
    let stop = stop_flag();
    stop.store(false, Ordering::Relaxed);
    let result = match release {
        true => py.allow_threads(|| grundy::budget::stoppable(stop, work)),
        false => grundy::budget::stoppable(stop, work),
    };
    match result {
        Ok(v) => Ok(v),
        Err(grundy::GameError::Interrupted) => {
            // Python's handler raises KeyboardInterrupt (or, if it was replaced, ours does);
            // a note says the library's work stopped.
            let e = py
                .check_signals()
                .err()
                .unwrap_or_else(|| pyo3::exceptions::PyKeyboardInterrupt::new_err("interrupted"));
            e.value(py)
                .call_method1("add_note", ("grundy: the computation stopped here",))?;
            Err(e)
        }
        Err(e) => Err(game_error(e)),
    }
}

/// JSON text as Python values (the `json` module's reading).
fn from_json(py: Python<'_>, text: &str) -> PyResult<PyObject> {
    Ok(py.import("json")?.call_method1("loads", (text,))?.unbind())
}

/// A Python value as a word of a position or an option: lists joined by commas (`[1, 3, 4]`
/// is `1,3,4`), anything else as `str` writes it.
fn word(value: &Bound<'_, PyAny>) -> PyResult<String> {
    if is_list(value) {
        let parts: PyResult<Vec<String>> = value.try_iter()?.map(|v| word(&v?)).collect();
        return Ok(parts?.join(","));
    }
    Ok(value.str()?.to_string())
}

/// Whether `value` is a list or a tuple (of words, or of a position's parts).
fn is_list(value: &Bound<'_, PyAny>) -> bool {
    value.is_instance_of::<PyList>() || value.is_instance_of::<pyo3::types::PyTuple>()
}

/// A position's words: a list's items each a word, else the words `str` writes.
fn position_words(position: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    if is_list(position) {
        return position.try_iter()?.map(|v| word(&v?)).collect();
    }
    Ok(word(position)?
        .split_whitespace()
        .map(str::to_string)
        .collect())
}

/// The query for `game` at `position` with keyword `options`: `game` alone may be a whole
/// line as the command takes it (`"kayles 5 + nim 3"`, `"subtraction --set 1,3,4 10"`). The
/// keywords are the library's settings by name (`max=3`, `misere=True`, `code="0.137"`),
/// held to what each option takes as the command line holds its words.
fn query(
    game: &str,
    position: Option<&Bound<'_, PyAny>>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<grundy::query::Query> {
    use grundy::registry::Setting;
    let mut words: Vec<String> = game.split_whitespace().map(str::to_string).collect();
    if let Some(position) = position {
        words.extend(position_words(position)?);
    }
    let (mut names, mut settings) = (Vec::new(), Vec::new());
    if let Some(options) = options {
        for (key, value) in options.iter() {
            let name = key.str()?.to_string().replace('_', "-");
            let setting = if value.is_instance_of::<pyo3::types::PyBool>() {
                match value.extract::<bool>()? {
                    true => Setting::On,
                    false => Setting::Off,
                }
            } else {
                Setting::To(word(&value)?)
            };
            names.push(name);
            settings.push(setting);
        }
    }
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let settings: Vec<(&str, Setting)> = names.iter().map(String::as_str).zip(settings).collect();
    grundy::registry::Registry::catalog()
        .parse_with(&words, &settings)
        .map_err(game_error)
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
    /// The game after the move, for a move listed by `Game.moves()` or `Game.best_move()`
    /// (None in a `Solution`).
    #[pyo3(get)]
    game: Option<Py<game::Game>>,
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
    /// The whole answer as JSON, once written.
    json: std::sync::OnceLock<String>,
    /// What the whole answer is computed from when it is first asked for (the remoteness
    /// takes a search the other fields do not need): the query, the most winning moves
    /// listed and the least positions a search lists them with.
    later: Option<(grundy::query::Query, usize, u64)>,
    /// Who wins: a member of `grundy.Outcome` (N, P, L, R, D or T), equal to its letter.
    #[pyo3(get)]
    outcome: PyObject,
    /// The Sprague–Grundy value (an int of any size), or None where there is none.
    #[pyo3(get)]
    grundy: PyObject,
    /// The winning moves (`Move`), up to `max_moves`.
    #[pyo3(get)]
    winning_moves: Vec<Py<Move>>,
    /// The theorem that decides the position, applied to it.
    #[pyo3(get)]
    explanation: String,
    /// The position and its winning moves as boards, where the position is a board.
    boards: Option<grundy_plot::board::Solved>,
}

#[pymethods]
impl Solution {
    /// Exactly the object `grundy solve … --json` prints (with the remoteness, found the
    /// first time it is asked for).
    fn to_dict(&self, py: Python<'_>) -> PyResult<PyObject> {
        if self.json.get().is_none() {
            let Some((q, max_moves, floor)) = &self.later else {
                return Err(GameError::new_err("this answer has no JSON form"));
            };
            let analysis = run(py, || {
                grundy::budget::with_listing_floor(*floor, || q.solve_in_full(*max_moves))
            })?;
            let json = serde_json::to_string(&analysis)
                .map_err(|e| GameError::new_err(format!("the answer could not be written: {e}")))?;
            let _ = self.json.set(json);
        }
        from_json(py, self.json.get().expect("written above"))
    }

    /// In Jupyter, a board position (Domineering, Cram, Clobber, Toads and Frogs) drawn with the boards its
    /// winning moves leave, each move's cells coloured by who made it; nothing otherwise.
    fn _repr_svg_(&self) -> PyResult<Option<String>> {
        self.boards.as_ref().map(board::solved_svg).transpose()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let letter = self.outcome.bind(py).str()?;
        Ok(format!("Solution(outcome={:?})", letter.to_string()))
    }
}

/// Solves a position of a catalog game: `solve("nim", [3, 4, 5])`, options as keywords
/// (`solve("subtraction", [10], set=[1, 3, 4])`, `solve("nim", [3, 4, 5], misere=True)`), or
/// a whole line (`solve("kayles 5 + nim 3")`). On a board searched for who wins, listing
/// the winning moves stops after as much work again as the answer took unless `all_moves`
/// is true (the command line's `--all-moves`).
#[pyfunction]
#[pyo3(signature = (game, position=None, *, max_moves=None, all_moves=false, **options))]
fn solve(
    py: Python<'_>,
    game: &str,
    position: Option<&Bound<'_, PyAny>>,
    max_moves: Option<&Bound<'_, PyAny>>,
    all_moves: bool,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<Solution> {
    let max_moves: usize = match max_moves {
        Some(m) => whole(m, "max_moves")?,
        None => grundy::analysis::MAX_MOVES,
    };
    let floor = if all_moves {
        u64::MAX
    } else {
        grundy::budget::listing_floor()
    };
    let q = query(game, position, options)?;
    let analysis = run(py, || {
        grundy::budget::with_listing_floor(floor, || q.solve(max_moves))
    })?;
    solution(py, analysis, Some((q, max_moves, floor)))
}

/// A position's tokens as a list: ints as ints, words as strings.
fn tokens_list(py: Python<'_>, tokens: &[grundy::analysis::Token]) -> PyResult<PyObject> {
    let list = PyList::empty(py);
    for t in tokens {
        match t {
            grundy::analysis::Token::Int(n) => list.append(n)?,
            grundy::analysis::Token::Text(w) => list.append(w)?,
        }
    }
    Ok(list.into_any().unbind())
}

/// The `Solution` of `analysis`; its dictionary found again from `later` (the query, the
/// most moves and the listing floor) when first asked for, or written from `analysis` itself
/// when there is no query to ask (a sum holding a game given in Python).
fn solution(
    py: Python<'_>,
    analysis: grundy::Analysis,
    later: Option<(grundy::query::Query, usize, u64)>,
) -> PyResult<Solution> {
    let mut moves = Vec::with_capacity(analysis.winning_moves.len());
    for m in &analysis.winning_moves {
        let text = m.description.clone();
        moves.push(Py::new(
            py,
            Move {
                position: tokens_list(py, &m.to)?,
                text,
                game: None,
            },
        )?);
    }
    let grundy_value = match &analysis.grundy {
        Some(n) => n.into_pyobject(py)?.into_any().unbind(),
        None => py.None(),
    };
    let json = std::sync::OnceLock::new();
    if later.is_none() {
        let text = serde_json::to_string(&analysis)
            .map_err(|e| GameError::new_err(format!("the answer could not be written: {e}")))?;
        let _ = json.set(text);
    }
    Ok(Solution {
        boards: grundy_plot::board::Solved::of(&analysis),
        outcome: typed::outcome(py, &analysis.outcome.to_string())?,
        grundy: grundy_value,
        winning_moves: moves,
        explanation: analysis.explanation,
        json,
        later,
    })
}

/// A heap game's nim-sequence G(0) … G(to), with its period when one is proved.
#[pyclass(module = "grundy", frozen)]
struct Sequence {
    /// The game's name and options, for the dictionary.
    game: grundy::GameName,
    /// The report, its values handed to Python (`values`).
    report: grundy::heap::sequence::Report,
    /// The values: a numpy array (uint32) when numpy is installed, else a list.
    #[pyo3(get)]
    values: PyObject,
    /// The smallest proved period, or None.
    #[pyo3(get)]
    period: Option<u64>,
    /// Where the proved period starts, or None.
    #[pyo3(get)]
    preperiod: Option<u64>,
    /// Whether the period is proved (Guy and Smith's periodicity theorem, checked).
    #[pyo3(get)]
    proved: bool,
}

#[pymethods]
impl Sequence {
    /// Exactly the object `grundy sequence … --values --json` prints.
    fn to_dict(&self, py: Python<'_>) -> PyResult<PyObject> {
        let named = grundy::analysis::Named {
            game: self.game.clone(),
            report: &self.report,
        };
        let json = serde_json::to_string(&named).map_err(|e| GameError::new_err(e.to_string()))?;
        let dict = from_json(py, &json)?;
        let values = PyList::empty(py);
        for v in self.values.bind(py).try_iter()? {
            values.append(v?.extract::<u32>()?)?;
        }
        dict.bind(py).set_item("values", values)?;
        Ok(dict)
    }

    fn __len__(&self, py: Python<'_>) -> PyResult<usize> {
        self.values.bind(py).len()
    }

    /// The sequence drawn (Jupyter shows it): values against heaps, the period marked.
    fn _repr_svg_(&self, py: Python<'_>) -> PyResult<String> {
        let values: Vec<u32> = self
            .values
            .bind(py)
            .try_iter()?
            .map(|v| v?.extract())
            .collect::<PyResult<_>>()?;
        let title = self.game.to_string();
        let seq = grundy_plot::Sequence {
            title: &title,
            values: &values,
            period: self.preperiod.zip(self.period),
            saltus: self.report.saltus.unwrap_or(0),
            marks: &[],
        };
        grundy_plot::sequence_svg(&seq).map_err(|e| GameError::new_err(e.to_string()))
    }

    fn __repr__(&self) -> String {
        let py_int = |x: Option<u64>| x.map_or("None".to_string(), |x| x.to_string());
        format!(
            "Sequence(period={}, preperiod={}, proved={})",
            py_int(self.period),
            py_int(self.preperiod),
            if self.proved { "True" } else { "False" }
        )
    }
}

/// The nim-sequence of a heap game: `sequence("octal", code="0.77", to=1000)`,
/// `sequence("subtraction", set=[1, 2, 5], to=500)`; `until_periodic=True` stops once the
/// period is proved.
#[pyfunction]
#[pyo3(signature = (game, *, to, until_periodic=false, **options))]
fn sequence(
    py: Python<'_>,
    game: &str,
    to: &Bound<'_, PyAny>,
    until_periodic: bool,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<Sequence> {
    let to: u64 = whole(to, "to")?;
    let q = query(game, None, options)?;
    let (source, name) = q.nim_sequence().map_err(game_error)?;
    let job = grundy::heap::sequence::Job {
        source,
        game: name,
        to,
        until_periodic,
        checkpoint: None,
        keep_values: true,
    };
    let mut report = run(py, || job.run(&mut |_, _| {}))?;
    let game = q.game().map_err(game_error)?.game_name();
    let values = report.values.take().unwrap_or_default();
    // numpy takes the values as one buffer; a list takes them one by one.
    let values = match py.import("numpy") {
        Ok(np) => {
            let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
            let bytes = pyo3::types::PyBytes::new(py, &bytes);
            np.call_method1("frombuffer", (bytes, "<u4"))?
                .call_method0("copy")?
                .unbind()
        }
        Err(_) => PyList::new(py, &values)?.into_any().unbind(),
    };
    Ok(Sequence {
        game,
        values,
        period: report.period,
        preperiod: report.preperiod,
        proved: report.proved,
        report,
    })
}

/// Every position of a move graph solved: outcome, remoteness and generalized Grundy value.
#[pyclass(module = "grundy", frozen)]
struct MoveGraph {
    json: String,
    /// The graph and its solution, for the questions asked of one position or a sum.
    graph: grundy::graph::Graph,
    solution: grundy::graph::Solution,
    /// Each position's answer by name: {"outcome", "remoteness", "grundy"}.
    #[pyo3(get)]
    positions: PyObject,
    /// How many positions are N, P and D.
    #[pyo3(get)]
    counts: PyObject,
}

/// How the graph given to `graph` is named in messages.
const MOVES_GIVEN: &str = "the moves given";

#[pymethods]
impl MoveGraph {
    /// Exactly the object `grundy graph FILE --json` prints for the same moves.
    fn to_dict(&self, py: Python<'_>) -> PyResult<PyObject> {
        from_json(py, &self.json)
    }

    /// One position and each of its moves, best first (`g.position("a")`); or a sum of
    /// tokens (`g.position("a + b + b")`, or a list of names), decided from their
    /// generalized Sprague–Grundy values (Smith), with its winning moves or, in a draw, the
    /// moves that keep it: exactly the object `grundy graph FILE --position … --json`
    /// prints.
    fn position(&self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        let text = match is_list(position) {
            true => position_words(position)?.join(" + "),
            false => position.str()?.to_string(),
        };
        let asked = self
            .graph
            .ask(&self.solution, &text, MOVES_GIVEN)
            .map_err(game_error)?;
        from_json(py, &asked.json(&self.graph, &self.solution).to_string())
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "MoveGraph(counts={})",
            self.counts.bind(py).repr()?
        ))
    }
}

/// Solves a move graph given as its moves, pairs (a, b) of positions (names: `str` of each,
/// without white space), loops and draws included: `graph([("a", "b"), ("b", "c")])`.
#[pyfunction]
#[pyo3(signature = (edges, *, misere=false))]
fn graph(py: Python<'_>, edges: &Bound<'_, PyAny>, misere: bool) -> PyResult<MoveGraph> {
    let mut text = String::new();
    for edge in edges.try_iter()? {
        let (a, b): (Bound<'_, PyAny>, Bound<'_, PyAny>) = edge?.extract()?;
        let (a, b) = (a.str()?.to_string(), b.str()?.to_string());
        for name in [&a, &b] {
            if name.is_empty() || name.contains(char::is_whitespace) {
                return Err(GameError::new_err(format!(
                    "position '{name}': a position's name is a word without white space"
                )));
            }
        }
        text.push_str(&format!("{a} {b}\n"));
    }
    let (graph, solution, json) = run(py, || {
        let g = grundy::graph::parse_graph(&text, MOVES_GIVEN)?;
        let sol = g.solve(grundy::graph::Convention::misere_if(misere));
        let mut out = Vec::new();
        sol.report(&g)
            .write_json(&mut out)
            .map_err(|e| grundy::GameError::Invalid(e.to_string()))?;
        let json = String::from_utf8(out).map_err(|e| grundy::GameError::Invalid(e.to_string()))?;
        Ok((g, sol, json))
    })?;
    let value = from_json(py, &json)?;
    let value = value.bind(py);
    Ok(MoveGraph {
        positions: value.get_item("positions")?.unbind(),
        counts: value.get_item("counts")?.unbind(),
        json,
        graph,
        solution,
    })
}

#[pymodule]
#[pyo3(name = "_grundy")]
fn grundy_py(m: &Bound<'_, PyModule>) -> PyResult<()> {
    // Ctrl-C stops the library's long loops (Python's own handler runs too).
    signal_hook::flag::register(signal_hook::consts::SIGINT, stop_flag())
        .map_err(|e| GameError::new_err(format!("cannot watch for Ctrl-C: {e}")))?;
    m.add("GameError", m.py().get_type::<GameError>())?;
    m.add("Outcome", typed::outcome_class(m.py())?)?;
    m.add_class::<Solution>()?;
    m.add_class::<Move>()?;
    m.add_class::<Value>()?;
    m.add_class::<Sequence>()?;
    m.add_class::<game::Game>()?;
    m.add_function(wrap_pyfunction!(game::game, m)?)?;
    m.add_class::<MoveGraph>()?;
    m.add_function(wrap_pyfunction!(graph, m)?)?;
    m.add_function(wrap_pyfunction!(sequence, m)?)?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(values::cgt, m)?)?;
    m.add_function(wrap_pyfunction!(values::value, m)?)?;
    m.add_class::<quotient::Quotient>()?;
    m.add_function(wrap_pyfunction!(quotient::quotient, m)?)?;
    m.add_class::<plot::Picture>()?;
    m.add_function(wrap_pyfunction!(plot::plot, m)?)?;
    m.add_class::<script::ScriptSolution>()?;
    m.add_function(wrap_pyfunction!(script::script, m)?)?;
    m.add_class::<table::Table>()?;
    m.add_function(wrap_pyfunction!(table::table, m)?)?;
    m.add_class::<thermograph::Thermograph>()?;
    m.add_function(wrap_pyfunction!(thermograph::thermograph, m)?)?;
    Ok(())
}
