//! Solve any finite game whose rules are written in Rhai.
//!
//! A script defines `fn start()`, and either `fn moves(p)` (an impartial game) or
//! `fn left_moves(p)` and `fn right_moves(p)` (a partizan game). Optionally `fn primitive(p)`
//! returns `"win"`, `"lose"` or `"tie"` when `p` ends the game with that result for the player
//! to move (and `()` otherwise; by default a position without moves is a loss), and
//! `fn components(p)` returns independent sub-positions whose disjunctive sum is `p`.
//!
//! ```
//! let rules = grundy_script::Rules::compile(
//!     "fn start() { 7 }
//!      fn moves(n) { let m = []; for s in [1, 3, 4] { if s <= n { m.push(n - s); } } m }",
//!     "take134.rhai",
//! ).unwrap();
//! let report = rules.solve(&grundy_script::Options::default()).unwrap();
//! assert_eq!(report.outcome, grundy::Outcome::P);
//! assert_eq!(report.grundy, Some(grundy::graph::Gsg::Finite(0)));
//! ```

mod fast;
mod search;
mod syntax;
mod tiers;

pub use tiers::{TierPlan, TierProgress, TierStats, Tiers};

use grundy::graph::{Graph, Gsg};
use grundy::solver::{Brute, Game, Stop};
use grundy::Outcome;
use hashbrown::HashTable;
use rayon::prelude::*;
use rhai::{CallFnOptions, Dynamic, Engine, EvalAltResult, Position, Scope, AST};
use rustc_hash::FxHashMap;
use serde::Serialize;
use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use thiserror::Error;

/// A script could not be run or solved.
#[derive(Debug, Error)]
pub enum ScriptError {
    /// The script does not compile, or a call failed; the message names `file:line:column`.
    #[error("{0}")]
    Script(String),
    /// The game has more reachable positions than allowed.
    #[error(
        "the game has more than {limit} reachable positions (counted {counted} before stopping); \
         raise --max-positions if memory allows"
    )]
    TooMany {
        /// The limit.
        limit: usize,
        /// Positions counted when exploration stopped.
        counted: usize,
    },
    /// The game's table needs more memory than allowed (`grundy::budget::memory_limit`).
    #[error(
        "the game's positions need more than the memory allowed ({limit_mib} MiB, reached after \
         {counted} positions); solve it tier by tier (--tiers DIR, with fn tier(p) in the \
         script), or raise --max-memory"
    )]
    TooMuchMemory {
        /// The limit, in MiB.
        limit_mib: u64,
        /// Positions counted when exploration stopped.
        counted: usize,
    },
}

/// Limits for one solve.
#[derive(Clone, Debug)]
pub struct Options {
    /// Stop exploring beyond this many positions.
    pub max_positions: usize,
    /// List every reachable position in the report.
    pub all: bool,
    /// Run every call through Rhai, even where grundy's own evaluator of Rhai's plain subset
    /// would run it (it gives the same answers, several times faster): for comparison.
    pub rhai_only: bool,
    /// The position to solve, as a Rhai expression (`[3, 4]`, `"xo.."`), in place of the
    /// script's `start()`.
    pub start: Option<String>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            max_positions: 10_000_000,
            all: false,
            rhai_only: false,
            start: None,
        }
    }
}

/// A move of the start position that wins.
#[derive(Clone, Debug, Serialize)]
pub struct WinningMove {
    /// The position it leads to, as the script's value.
    pub to: serde_json::Value,
    /// For partizan games, who moves.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player: Option<&'static str>,
    /// For a move that keeps a draw, the generalized Sprague–Grundy value of the position it
    /// leads to (impartial games), e.g. `∞(1)`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub grundy: Option<Gsg>,
}

/// One reachable position, for `--all`.
#[derive(Clone, Debug, Serialize)]
pub struct PositionValue {
    /// The position, as the script's value.
    pub position: serde_json::Value,
    /// Who is to move, for partizan games.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to_move: Option<&'static str>,
    /// N, P, D or T.
    pub outcome: Outcome,
    /// Remoteness, where defined.
    pub remoteness: Option<u32>,
    /// The (generalized) Sprague–Grundy value, for impartial normal-play games.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub grundy: Option<Gsg>,
}

/// Every reachable position with its value, for `--all`: each is made a [`PositionValue`] as
/// it is listed or serialized, so a long list is never held whole as JSON.
#[derive(Clone, Debug)]
pub struct AllPositions {
    positions: Store,
    outcome: Vec<Outcome>,
    remoteness: Vec<Option<u32>>,
    /// The (generalized) Sprague–Grundy value of each, for impartial normal-play games.
    grundy: Option<Vec<Gsg>>,
    /// The positions in the order they are listed (see [`AllPositions::iter`]).
    order: Vec<u32>,
}

impl AllPositions {
    fn new(
        positions: Store,
        outcome: Vec<Outcome>,
        remoteness: Vec<Option<u32>>,
        grundy: Option<Vec<Gsg>>,
    ) -> Self {
        let mut order: Vec<u32> = (0..positions.len() as u32).collect();
        order.sort_by(|&u, &v| positions.order(u as usize, v as usize));
        AllPositions {
            positions,
            outcome,
            remoteness,
            grundy,
            order,
        }
    }

    /// How many positions.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.positions.len() == 0
    }

    /// The positions in increasing order, so that a position is found where one looks for
    /// it: numbers by size, lists and text element by element (`[0, 2]` before `[1, 0]`),
    /// and of one position Left to move before Right.
    pub fn iter(&self) -> impl Iterator<Item = PositionValue> + '_ {
        self.order.iter().map(|&u| {
            let u = u as usize;
            PositionValue {
                position: self.positions.json(u),
                to_move: self.positions.sides[u].map(player),
                outcome: self.outcome[u],
                remoteness: self.remoteness[u],
                grundy: self.grundy.as_ref().map(|g| g[u].clone()),
            }
        })
    }
}

impl Serialize for AllPositions {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

/// A position as an error message shows it: as JSON, cut to 60 characters.
fn shown(p: &Dynamic) -> String {
    let text = position_json(p).to_string();
    match text.char_indices().nth(60) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text,
    }
}

/// A position as JSON, as the script wrote it (a value JSON cannot hold becomes null).
fn position_json(p: &Dynamic) -> serde_json::Value {
    serde_json::to_value(p).unwrap_or_default()
}

/// Who moves, for partizan games (`true`: Left).
fn player(left: bool) -> &'static str {
    if left {
        "Left"
    } else {
        "Right"
    }
}

/// The answer for the start position; its JSON form is the `grundy script --json` contract.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// N, P, D or T (impartial); L, R, N, P, D or T (partizan).
    pub outcome: Outcome,
    /// Remoteness of the start position, where defined.
    pub remoteness: Option<u32>,
    /// The (generalized) Sprague–Grundy value, for impartial normal-play games.
    pub grundy: Option<Gsg>,
    /// Every winning move from the start.
    pub winning_moves: Vec<WinningMove>,
    /// From a start that is drawn (D) or tied (T), the moves that keep that result: to
    /// positions drawn (or tied) too; every other move loses. Absent otherwise.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub drawing_moves: Vec<WinningMove>,
    /// How many positions were explored.
    pub positions: usize,
    /// Every reachable position, with `--all`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub all: Option<AllPositions>,
}

/// Compiled rules.
pub struct Rules {
    engine: Engine,
    ast: AST,
    /// The rules' functions on grundy's own evaluator, if they are written in its subset.
    fast: Option<fast::Fast>,
    /// `fn components` on grundy's own evaluator, if it is written in its subset.
    components_fast: Option<fast::Fast>,
    source: String,
    partizan: bool,
    primitive: bool,
    components: bool,
    /// Whether the script says each position's tier (`fn tier(p)`), and that function on
    /// grundy's own evaluator if it is written in its subset.
    tiered: bool,
    tier_fast: Option<fast::Fast>,
    /// A CRC-32 of the script's text: a tier directory names the script it belongs to.
    text_crc: u32,
}

/// Batches of this many positions go to both cores: a call costs microseconds, far more
/// than handing work over.
const PARALLEL_BATCH: usize = 32;

/// The longest string, in bytes, a script may build (Rhai's limit; grundy's evaluator leaves
/// a longer one to Rhai, which refuses it).
const STRING_BYTES: usize = 1 << 20;

/// Rhai's limits, set explicitly so that a script behaves the same in debug and release
/// builds (Rhai's defaults differ) and a runaway script is stopped rather than hung.
fn engine() -> Engine {
    let mut e = Engine::new();
    e.set_max_expr_depths(128, 64);
    e.set_max_call_levels(64);
    e.set_max_operations(10_000_000);
    e.set_max_string_size(STRING_BYTES);
    e.set_max_array_size(1 << 20);
    e.set_max_map_size(1 << 16);
    // A script's print() and debug() go to standard error: standard output carries the answer
    // (and may be held by the caller while the script runs, on any thread).
    // A time budget of the caller (grundy::budget, e.g. --max-seconds) stops a call in the
    // middle: a loop pushing forever slows as Rhai re-measures the growing array at each push,
    // and would otherwise run for minutes before its operation limit.
    e.on_progress(|_| grundy::budget::check().err().map(|_| Dynamic::UNIT));
    e.on_print(|text| eprintln!("{text}"));
    e.on_debug(|text, _, pos| match pos.line() {
        Some(line) => eprintln!("line {line}: {text}"),
        None => eprintln!("{text}"),
    });
    e
}

fn at(source: &str, pos: Position) -> String {
    match (pos.line(), pos.position()) {
        (Some(l), Some(c)) => format!("{source}:{l}:{c}"),
        (Some(l), None) => format!("{source}:{l}"),
        _ => source.to_string(),
    }
}

impl Rules {
    /// Compiles a script; `source` names it in errors.
    pub fn compile(script: &str, source: &str) -> Result<Self, ScriptError> {
        let engine = engine();
        let ast = engine
            .compile(script)
            .map_err(|e| ScriptError::Script(format!("{}: {}", at(source, e.1), e.0)))?;
        let has = |name: &str, params: usize| {
            ast.iter_functions()
                .any(|f| f.name == name && f.params.len() == params)
        };
        if !has("start", 0) {
            return Err(ScriptError::Script(format!(
                "{source}: the script must define fn start()"
            )));
        }
        let impartial = has("moves", 1);
        let partizan = has("left_moves", 1) && has("right_moves", 1);
        if impartial == partizan {
            return Err(ScriptError::Script(format!(
                "{source}: the script must define either fn moves(p), or both fn left_moves(p) \
                 and fn right_moves(p)"
            )));
        }
        let primitive = has("primitive", 1);
        let mut entries = if partizan {
            vec!["left_moves", "right_moves"]
        } else {
            vec!["moves"]
        };
        if primitive {
            entries.push("primitive");
        }
        let tiered = has("tier", 1);
        Ok(Rules {
            fast: fast::Fast::compile(script, &entries),
            components_fast: has("components", 1)
                .then(|| fast::Fast::compile(script, &["components"]))
                .flatten(),
            tier_fast: tiered
                .then(|| fast::Fast::compile(script, &["tier"]))
                .flatten(),
            tiered,
            text_crc: crc32fast::hash(script.as_bytes()),
            primitive,
            components: has("components", 1),
            engine,
            ast,
            source: source.to_string(),
            partizan,
        })
    }

    /// Calls the script's function `name` on `arg`; an error names the position it was
    /// called with (`in moves([3, 0]): …`), shortened when long.
    fn call(&self, name: &str, arg: Option<&Dynamic>) -> Result<Dynamic, ScriptError> {
        // The script's top level is evaluated once, at compile time; calls skip it.
        let opts = CallFnOptions::new().eval_ast(false).rewind_scope(true);
        let mut scope = Scope::new();
        let r: Result<Dynamic, Box<EvalAltResult>> = match arg {
            None => self
                .engine
                .call_fn_with_options(opts, &mut scope, &self.ast, name, ()),
            Some(arg) => {
                self.engine
                    .call_fn_with_options(opts, &mut scope, &self.ast, name, (arg.clone(),))
            }
        };
        r.map_err(|e| {
            let called = match arg {
                None => format!("{name}()"),
                Some(p) => format!("{name}({})", shown(p)),
            };
            match grundy::budget::check() {
                Err(over) => ScriptError::Script(format!("{}: in {called}: {over}", self.source)),
                // Rhai writes an error inside a nested call on several lines ("… (line 1,
                // position 9)" then "in call to function 'width'"): an error is one line.
                Ok(()) => ScriptError::Script(format!(
                    "{}: in {called}: {}",
                    at(&self.source, e.position()),
                    e.to_string().lines().collect::<Vec<_>>().join(", ")
                )),
            }
        })
    }

    fn list(&self, name: &str, p: &Dynamic) -> Result<Vec<Dynamic>, ScriptError> {
        let v = self.call(name, Some(p))?;
        v.into_array().map_err(|t| {
            ScriptError::Script(format!(
                "{}: {name}({}) must return an array of positions, not {t}",
                self.source,
                shown(p)
            ))
        })
    }

    fn primitive(&self, p: &Dynamic) -> Result<Option<Outcome>, ScriptError> {
        if !self.primitive {
            return Ok(None);
        }
        let v = self.call("primitive", Some(p))?;
        if v.is_unit() {
            return Ok(None);
        }
        match v.clone().into_string().as_deref() {
            Ok("win") => Ok(Some(Outcome::N)),
            Ok("lose") => Ok(Some(Outcome::P)),
            Ok("tie") => Ok(Some(Outcome::T)),
            _ => Err(ScriptError::Script(format!(
                "{}: primitive({}) must return \"win\", \"lose\", \"tie\" or (), not {v}",
                self.source,
                shown(p)
            ))),
        }
    }

    /// A position's result if it ends the game, otherwise its children and who moves next:
    /// on grundy's own evaluator where it can answer, otherwise through Rhai.
    fn expand(&self, p: Arg, ints: &[i64], side: Option<bool>) -> Result<Expanded, ScriptError> {
        if let Some(fast) = &self.fast {
            let own = match &p {
                Arg::Int(n) => Some(fast::Val::Int(*n)),
                Arg::Ints(at) => Some(fast::Val::Array(
                    ints[at.clone()]
                        .iter()
                        .map(|&n| fast::Val::Int(n))
                        .collect(),
                )),
                Arg::Other(p) => fast::Val::from_dynamic(p),
                Arg::Rhai(_) => None,
            };
            if let Some(Ok(e)) = own.map(|v| self.expand_fast(fast, v, side)) {
                return Ok(e);
            }
        }
        let p = match p {
            Arg::Int(n) => Dynamic::from_int(n),
            Arg::Ints(at) => {
                Dynamic::from_array(ints[at].iter().map(|&n| Dynamic::from_int(n)).collect())
            }
            Arg::Other(p) | Arg::Rhai(p) => p,
        };
        self.expand_rhai(&p, side)
    }

    fn expand_fast(
        &self,
        fast: &fast::Fast,
        p: fast::Val,
        side: Option<bool>,
    ) -> Result<Expanded, fast::Bail> {
        if self.primitive {
            let end = match fast.call("primitive", p.clone())? {
                fast::Val::Unit => None,
                fast::Val::Str(s) if s == "win" => Some(Outcome::N),
                fast::Val::Str(s) if s == "lose" => Some(Outcome::P),
                fast::Val::Str(s) if s == "tie" => Some(Outcome::T),
                // Rhai's path words the error.
                _ => return Err(fast::Bail),
            };
            if let Some(v) = end {
                return Ok(Expanded::Terminal(v));
            }
        }
        let (name, child_side) = mover(side);
        match fast.call(name, p)? {
            fast::Val::Array(list) => Ok(Expanded::Moves(
                Children::of_values(list).map_err(|_| fast::Bail)?,
                child_side,
            )),
            _ => Err(fast::Bail),
        }
    }

    fn expand_rhai(&self, p: &Dynamic, side: Option<bool>) -> Result<Expanded, ScriptError> {
        if let Some(v) = self.primitive(p)? {
            return Ok(Expanded::Terminal(v));
        }
        let (name, child_side) = mover(side);
        Ok(Expanded::Moves(
            Children::of(self.list(name, p)?)?,
            child_side,
        ))
    }

    /// Explores every reachable position and solves the start.
    pub fn solve(&self, opts: &Options) -> Result<Report, ScriptError> {
        self.solve_with_progress(opts, &mut |_| {})
    }

    /// [`solve`](Self::solve), calling `progress(explored)` as positions are expanded.
    pub fn solve_with_progress(
        &self,
        opts: &Options,
        progress: &mut (dyn FnMut(usize) + Send),
    ) -> Result<Report, ScriptError> {
        // On one of rayon's threads, so that the many small hand-overs between the cores
        // below are work stealing, not a wake-up of the pool and a sleep of this thread each.
        // The caller's time budget (grundy::budget, e.g. --max-seconds) goes with the work.
        let budget = grundy::budget::current();
        rayon::scope(|_| grundy::budget::carry(budget, || self.solve_in_pool(opts, progress)))
    }

    fn solve_in_pool(
        &self,
        opts: &Options,
        progress: &mut (dyn FnMut(usize) + Send),
    ) -> Result<Report, ScriptError> {
        let start = self.start(opts)?;
        if self.components && !self.partizan && !self.primitive {
            if opts.all {
                return Err(ScriptError::Script(format!(
                    "{}: --all lists every position of the game's graph, but this script splits \
                     its positions (fn components) and is valued component by component; leave \
                     out --all, or fn components to explore every position",
                    self.source
                )));
            }
            if let Some(report) = self.solve_by_search(&start, opts, progress)? {
                return Ok(report);
            }
            if let Some(report) = self.solve_by_components(&start, opts)? {
                return Ok(report);
            }
        }
        let sides: &[Option<bool>] = if self.partizan {
            &[Some(true), Some(false)]
        } else {
            &[None]
        };
        let mut ex = Explorer::default();
        let roots: Vec<u32> = sides
            .iter()
            .map(|&side| ex.id(start.clone(), side))
            .collect::<Result<_, _>>()?;
        // Breadth first, a batch of unexpanded positions at a time: the script's calls run on
        // all cores (they are independent), then the children are keyed in order, on one
        // thread, so ids and results do not depend on the number of threads. While a batch is
        // keyed, the next one (positions already found, when there are enough) is expanded,
        // so on a wide frontier the keying hides behind the calls.
        // Ids are 32 bits: a larger limit is not honoured (half the range leaves room for the
        // children of one more batch).
        let limit = opts.max_positions.min(u32::MAX as usize / 2);
        let (mut expanded, mut pending) = (0usize, Vec::new());
        loop {
            grundy::budget::check().map_err(|e| ScriptError::Script(e.to_string()))?;
            if ex.store.len() > limit {
                return Err(ScriptError::TooMany {
                    limit,
                    counted: ex.store.len(),
                });
            }
            let memory = grundy::budget::memory_limit();
            if ex.memory() > memory {
                return Err(ScriptError::TooMuchMemory {
                    limit_mib: memory >> 20,
                    counted: ex.store.len(),
                });
            }
            let end = ex.store.len().min(expanded + 4096);
            let done = expanded - pending.len();
            if !pending.is_empty() && end - expanded < PARALLEL_BATCH {
                // Too few positions known to overlap: key a quarter of the batch first, to
                // find some (on a narrow frontier, the next level's first positions), then
                // expand those while the rest is keyed.
                let k = (pending.len() / 4).max(PARALLEL_BATCH).min(pending.len());
                let rest = pending.split_off(k);
                ex.key(done, std::mem::replace(&mut pending, rest))?;
                progress(done + k);
                continue;
            }
            if end == expanded {
                break;
            }
            let own = self.fast.is_some() && !opts.rhai_only;
            let mut ints = Vec::new();
            let todo: Vec<(Arg, Option<bool>)> = (expanded..end)
                .map(|u| (ex.store.arg(u, own, &mut ints), ex.store.sides[u]))
                .collect();
            let budget = grundy::budget::current();
            let expand = || -> Vec<Result<Expanded, ScriptError>> {
                // The budget goes with each call, on whichever thread runs it.
                let one = |(p, side): (Arg, Option<bool>)| {
                    grundy::budget::carry(budget.clone(), || self.expand(p, &ints, side))
                };
                if todo.len() >= PARALLEL_BATCH {
                    todo.into_par_iter().map(one).collect()
                } else {
                    todo.into_iter().map(one).collect()
                }
            };
            let batch = if pending.is_empty() {
                expand()
            } else {
                let (batch, keyed) =
                    rayon::join(expand, || ex.key(done, std::mem::take(&mut pending)));
                keyed?;
                progress(expanded);
                batch
            };
            (expanded, pending) = (end, batch);
        }
        let n = ex.store.len();
        let graph = Graph::from_numbered_edges(n, std::mem::take(&mut ex.edges));
        // Outcomes, then (for impartial games without results of their own) generalized
        // Sprague–Grundy values.
        let want_grundy = !self.partizan && ex.terminal.is_empty();
        let terminal = &ex.terminal;
        let (outcome, remoteness) =
            graph.retrograde_with(|u| terminal.get(&u).copied(), Outcome::P);
        // Without results of their own, these are the normal-play outcomes the values
        // start from.
        let gsg = want_grundy.then(|| graph.generalized_grundy_after(&outcome));
        let json = |u: u32| ex.store.json(u as usize);
        let mut winning = Vec::new();
        for &root in &roots {
            for &v in graph.moves(root) {
                if outcome[v as usize] == Outcome::P {
                    winning.push(WinningMove {
                        to: json(v),
                        player: ex.store.sides[root as usize].map(player),
                        grundy: None,
                    });
                }
            }
        }
        // From a drawn (or tied) start, the moves that keep the draw (or the tie).
        let mut drawing = Vec::new();
        for &root in &roots {
            let held = outcome[root as usize];
            if !matches!(held, Outcome::D | Outcome::T) {
                continue;
            }
            for &v in graph.moves(root) {
                if outcome[v as usize] == held {
                    drawing.push(WinningMove {
                        to: json(v),
                        player: ex.store.sides[root as usize].map(player),
                        grundy: gsg.as_ref().map(|g| g.get(&graph, v)),
                    });
                }
            }
        }
        let start_outcome = if self.partizan {
            class_of(outcome[roots[0] as usize], outcome[roots[1] as usize])
        } else {
            outcome[roots[0] as usize]
        };
        let grundy = gsg.as_ref().map(|g| g.get(&graph, roots[0]));
        let start_remoteness = remoteness[roots[0] as usize];
        let all = opts.all.then(|| {
            let values = gsg
                .as_ref()
                .map(|g| (0..n as u32).map(|u| g.get(&graph, u)).collect());
            AllPositions::new(std::mem::take(&mut ex.store), outcome, remoteness, values)
        });
        Ok(Report {
            outcome: start_outcome,
            remoteness: if self.partizan {
                None
            } else {
                start_remoteness
            },
            grundy,
            winning_moves: winning,
            drawing_moves: drawing,
            positions: n,
            all,
        })
    }

    /// Grundy values by components (acyclic impartial games): each component is valued by the
    /// mex rule and the values XORed. `None` if the game turns out to have a cycle.
    fn solve_by_components(
        &self,
        start: &Dynamic,
        opts: &Options,
    ) -> Result<Option<Report>, ScriptError> {
        let game = ScriptGame {
            rules: self,
            values: RefCell::new(HashMap::new()),
        };
        let key = game.key(start)?;
        let mut brute = Brute::with_limit(&game, opts.max_positions);
        let g = match brute.try_grundy(&key) {
            Ok(g) => g,
            Err(Stop::Rules(why)) => return Err(ScriptError::Script(why)),
            Err(Stop::Cycle) => return Ok(None),
            Err(Stop::Limit) => {
                return Err(ScriptError::TooMany {
                    limit: opts.max_positions,
                    counted: brute.stored(),
                })
            }
        };
        let mut winning = Vec::new();
        for m in game.try_moves(&key).map_err(ScriptError::Script)? {
            match brute.try_grundy(&m) {
                Ok(0) => winning.push(WinningMove {
                    to: serde_json::from_str(&m).unwrap_or_default(),
                    player: None,
                    grundy: None,
                }),
                Err(Stop::Rules(why)) => return Err(ScriptError::Script(why)),
                _ => {}
            }
        }
        Ok(Some(Report {
            outcome: Outcome::from_win(g != 0),
            remoteness: None,
            // A Grundy value is at most the number of positions below, far under 2³².
            grundy: Some(Gsg::Finite(u32::try_from(g).unwrap_or(u32::MAX))),
            winning_moves: winning,
            drawing_moves: Vec::new(),
            positions: brute.stored(),
            all: None,
        }))
    }
}

impl Rules {
    /// The value of the start position (or `opts.start`) as a short game (see
    /// [`grundy::cgt`]): each position's canonical form from the values of Left's moves
    /// (`left_moves`) and Right's (`right_moves`); for an impartial game both are `moves`,
    /// and the value is a nimber. Positions are searched depth first with a stack of their
    /// own (a long game does not overflow the call stack); a position the script splits into
    /// `components` is worth their sum. A cycle, results of the script's own (`primitive`) or
    /// more than `opts.max_positions` positions are refused.
    ///
    /// ```
    /// let rules = grundy_script::Rules::compile(
    ///     "fn start() { 10 }
    ///      fn left_moves(n) { let m = []; for s in [1, 2] { if s <= n { m.push(n - s); } } m }
    ///      fn right_moves(n) { let m = []; for s in [2, 3] { if s <= n { m.push(n - s); } } m }",
    ///     "partizan.rhai",
    /// ).unwrap();
    /// let report = rules.value(&grundy_script::Options::default()).unwrap();
    /// assert_eq!(report.canonical, "{1|0}");
    /// ```
    pub fn value(&self, opts: &Options) -> Result<grundy::cgt::Report, ScriptError> {
        self.short_value(opts)?.map_err(|next| {
            ScriptError::Script(format!(
                "{}: the game has a cycle (position {next} repeats), so it is not a short game \
                 and has no value",
                self.source
            ))
        })
    }

    /// The value of the start position (or `opts.start`) whatever the game: its value as a
    /// short game (see [`Rules::value`]), or, when a partizan game's positions cycle, its
    /// value as a loopy game (see [`grundy::cgt::loopy`]), from the graph of every position
    /// reached (at most `opts.max_positions`).
    ///
    /// ```
    /// let rules = grundy_script::Rules::compile(
    ///     "fn start() { 0 }
    ///      fn left_moves(p) { if p == 0 { [0] } else { [] } }
    ///      fn right_moves(p) { [] }",
    ///     "on.rhai",
    /// ).unwrap();
    /// let grundy::notation::Answer::Loopy(r) = rules.value_answer(&grundy_script::Options::default())
    ///     .unwrap() else { panic!() };
    /// assert_eq!(r.canonical, "on");
    /// ```
    pub fn value_answer(&self, opts: &Options) -> Result<grundy::notation::Answer, ScriptError> {
        match self.short_value(opts)? {
            Ok(report) => Ok(grundy::notation::Answer::Value(report)),
            Err(next) if !self.partizan || self.components => Err(ScriptError::Script(format!(
                "{}: the game has a cycle (position {next} repeats), so it is not a short \
                 game; loopy values are for partizan games (left_moves and right_moves) \
                 without components",
                self.source
            ))),
            Err(_) => self.loopy_value(opts).map(grundy::notation::Answer::Loopy),
        }
    }

    /// The position to start from: `opts.start` read as a Rhai value, else the script's
    /// `start()`.
    fn start(&self, opts: &Options) -> Result<Dynamic, ScriptError> {
        match &opts.start {
            Some(text) => self.engine.eval_expression::<Dynamic>(text).map_err(|e| {
                ScriptError::Script(format!("start position '{text}' is not a Rhai value: {e}"))
            }),
            None => self.call("start", None),
        }
    }

    /// The loopy value of the start position: the graph of every position reached.
    fn loopy_value(&self, opts: &Options) -> Result<grundy::cgt::loopy::LoopyReport, ScriptError> {
        let script = |e: String| ScriptError::Script(e);
        let start = self.start(opts)?;
        let game = ScriptGame {
            rules: self,
            values: RefCell::new(HashMap::new()),
        };
        let mut graph = grundy::cgt::loopy::Graph::new();
        let mut at: HashMap<String, usize> = HashMap::new();
        let root = game.key(&start)?;
        let mut queue = vec![root.clone()];
        at.insert(
            root.clone(),
            graph.vertex().map_err(|e| script(e.to_string()))?,
        );
        let mut i = 0;
        while i < queue.len() {
            let key = queue[i].clone();
            i += 1;
            if i % 1024 == 0 {
                grundy::budget::check().map_err(|e| script(e.to_string()))?;
            }
            let mut sides = Vec::new();
            for name in ["left_moves", "right_moves"] {
                let mut side = Vec::new();
                for next in game.keys(name, &key).map_err(script)? {
                    if !at.contains_key(&next) {
                        if at.len() >= opts.max_positions {
                            return Err(ScriptError::TooMany {
                                limit: opts.max_positions,
                                counted: at.len() + 1,
                            });
                        }
                        let v = graph.vertex().map_err(|e| script(e.to_string()))?;
                        at.insert(next.clone(), v);
                        queue.push(next.clone());
                    }
                    side.push(at[&next]);
                }
                sides.push(side);
            }
            let right = sides.pop().unwrap_or_default();
            let left = sides.pop().unwrap_or_default();
            graph.set(at[&key], left, right);
        }
        let mut u = grundy::cgt::Universe::new();
        graph
            .report(&mut u, at[&root])
            .map_err(|e| script(e.to_string()))
    }

    /// The short value of the start position, or the position found to repeat (`Err`).
    fn short_value(
        &self,
        opts: &Options,
    ) -> Result<Result<grundy::cgt::Report, String>, ScriptError> {
        if self.primitive {
            return Err(ScriptError::Script(format!(
                "{}: primitive(p) gives results of the script's own; values are for normal \
                 play (who cannot move loses)",
                self.source
            )));
        }
        let start = self.start(opts)?;
        let (left_fn, right_fn) = if self.partizan {
            ("left_moves", "right_moves")
        } else {
            ("moves", "moves")
        };
        let game = ScriptGame {
            rules: self,
            values: RefCell::new(HashMap::new()),
        };
        let script = |e: String| ScriptError::Script(e);
        // A position with components of its own is worth their sum (its "Right options"
        // stand empty); any other, the game of its options.
        type Frame = (String, Vec<String>, Vec<String>, bool);
        let frame = |key: String| -> Result<Frame, ScriptError> {
            if self.components {
                let parts = game.keys("components", &key).map_err(script)?;
                if parts.len() != 1 || parts[0] != key {
                    return Ok((key, parts, Vec::new(), true));
                }
            }
            let l = game.keys(left_fn, &key).map_err(script)?;
            let r = game.keys(right_fn, &key).map_err(script)?;
            Ok((key, l, r, false))
        };
        let mut u = grundy::cgt::Universe::new();
        let mut known: HashMap<String, grundy::cgt::Id> = HashMap::new();
        let root = game.key(&start)?;
        let mut on_stack = std::collections::HashSet::from([root.clone()]);
        let mut stack = vec![frame(root.clone())?];
        while let Some((key, l, r, sum)) = stack.last() {
            if let Some(next) = l.iter().chain(r).find(|o| !known.contains_key(*o)).cloned() {
                if known.len() + stack.len() > opts.max_positions {
                    return Err(ScriptError::TooMany {
                        limit: opts.max_positions,
                        counted: known.len() + stack.len(),
                    });
                }
                if known.len() % 1024 == 0 {
                    grundy::budget::check().map_err(|e| script(e.to_string()))?;
                }
                if !on_stack.insert(next.clone()) {
                    return Ok(Err(next));
                }
                stack.push(frame(next)?);
                continue;
            }
            let left: Vec<_> = l.iter().map(|o| known[o]).collect();
            let right: Vec<_> = r.iter().map(|o| known[o]).collect();
            let g = if *sum {
                let zero = u.zero();
                left.into_iter().fold(zero, |a, b| u.add(a, b))
            } else {
                u.game(&left, &right)
            };
            on_stack.remove(key);
            known.insert(key.clone(), g);
            stack.pop();
        }
        u.report(known[&root])
            .map(Ok)
            .map_err(|e| ScriptError::Script(e.to_string()))
    }
}

/// The function listing the moves of the player to move (`None`: an impartial game), and
/// who moves after.
/// The class of a partizan position from its outcomes when Left starts (`l`) and when
/// Right starts (`r`).
fn class_of(l: Outcome, r: Outcome) -> Outcome {
    match (l, r) {
        (Outcome::N, Outcome::N) => Outcome::N,
        (Outcome::P, Outcome::P) => Outcome::P,
        (Outcome::N, Outcome::P) => Outcome::L,
        (Outcome::P, Outcome::N) => Outcome::R,
        _ if l == Outcome::D || r == Outcome::D => Outcome::D,
        _ => Outcome::T,
    }
}

fn mover(side: Option<bool>) -> (&'static str, Option<bool>) {
    match side {
        None => ("moves", None),
        Some(true) => ("left_moves", Some(false)),
        Some(false) => ("right_moves", Some(true)),
    }
}

/// A position handed to the rules: an integer or an array of integers (at these places of
/// the batch's shared buffer), or another value, when grundy's evaluator may take it; else
/// Rhai's value.
enum Arg {
    Int(i64),
    Ints(std::ops::Range<usize>),
    /// Another value (a string, an array of arrays…) the evaluator may take.
    Other(Dynamic),
    Rhai(Dynamic),
}

/// What one position expands to.
enum Expanded {
    Terminal(Outcome),
    Moves(Children, Option<bool>),
}

/// A position's children as the thread that called the script leaves them for keying:
/// integers and arrays of integers in compact form, anything else with its JSON text. The
/// script's values are dropped (and JSON written) on that thread, in parallel, so the one
/// thread that keys positions only hashes.
#[derive(Clone, Default)]
struct Children {
    list: Vec<Child>,
    /// The integers of the arrays in `list`, one array after another.
    ints: Vec<i64>,
}

#[derive(Clone)]
enum Child {
    Int(i64),
    /// An array of this many integers, the next ones in `ints`.
    Ints(u32),
    Other(Dynamic, String),
}

impl Children {
    /// `list` in compact form: an array of arrays, or a string, is keyed by its JSON text.
    fn of(list: Vec<Dynamic>) -> Result<Self, ScriptError> {
        let mut out = Children {
            list: Vec::with_capacity(list.len()),
            ints: Vec::new(),
        };
        for p in list {
            let child = if let Ok(n) = p.as_int() {
                Child::Int(n)
            } else if let Some(len) = out.push_ints(&p) {
                Child::Ints(len)
            } else {
                other(p)?
            };
            out.list.push(child);
        }
        Ok(out)
    }

    /// The same from grundy's own values, without making them Rhai's when they are integers
    /// or arrays of integers.
    fn of_values(list: thin_vec::ThinVec<fast::Val>) -> Result<Self, ScriptError> {
        let mut out = Children {
            list: Vec::with_capacity(list.len()),
            ints: Vec::new(),
        };
        for p in list {
            let child = match &p {
                fast::Val::Int(n) => Child::Int(*n),
                fast::Val::Array(a) if a.iter().all(|x| matches!(x, fast::Val::Int(_))) => {
                    out.ints.extend(a.iter().map(|x| match x {
                        fast::Val::Int(n) => *n,
                        _ => unreachable!("all integers"),
                    }));
                    Child::Ints(u32::try_from(a.len()).expect("arrays are far below 2^32"))
                }
                _ => other(p.to_dynamic())?,
            };
            out.list.push(child);
        }
        Ok(out)
    }

    /// If `p` is an array of integers, appends them and says how many.
    fn push_ints(&mut self, p: &Dynamic) -> Option<u32> {
        let a = p.as_array_ref().ok()?;
        let at = self.ints.len();
        for x in a.iter() {
            match x.as_int() {
                Ok(n) => self.ints.push(n),
                Err(_) => {
                    self.ints.truncate(at);
                    return None;
                }
            }
        }
        Some(u32::try_from(a.len()).expect("Rhai caps arrays far below 2^32"))
    }
}

/// A child that is neither an integer nor an array of integers, keyed by its JSON text.
fn other(p: Dynamic) -> Result<Child, ScriptError> {
    let key = serde_json::to_string(&p)
        .map_err(|e| ScriptError::Script(format!("a position cannot be stored: {e}")))?;
    Ok(Child::Other(p, key))
}

/// The positions found, by id, in grundy's own compact form: integers and arrays of integers
/// (the positions of most games) are stored without an allocation of their own (an array's
/// integers lie in one shared buffer), anything else as the script's value. A position is
/// made a Rhai value again for each call, as cheaply as cloning the stored value would be.
#[derive(Clone, Debug, Default)]
struct Store {
    items: Vec<Item>,
    sides: Vec<Option<bool>>,
    /// The integers of every array position, one after another.
    arena: Vec<i64>,
}

#[derive(Clone, Debug)]
enum Item {
    Int(i64),
    /// An array of integers: its length and where it starts in the arena.
    Ints(u32, usize),
    Other(Box<Dynamic>),
}

impl Store {
    fn len(&self) -> usize {
        self.items.len()
    }

    fn push(&mut self, item: Item, side: Option<bool>) {
        self.items.push(item);
        self.sides.push(side);
    }

    /// The integers of array position `u` (empty for other kinds).
    fn ints(&self, u: usize) -> &[i64] {
        match self.items[u] {
            Item::Ints(len, at) => &self.arena[at..at + len as usize],
            _ => &[],
        }
    }

    fn value(&self, u: usize) -> Dynamic {
        match &self.items[u] {
            Item::Int(n) => Dynamic::from_int(*n),
            Item::Ints(..) => {
                Dynamic::from_array(self.ints(u).iter().map(|&n| Dynamic::from_int(n)).collect())
            }
            Item::Other(p) => (**p).clone(),
        }
    }

    /// Position `u` for the rules: if `own`, an integer or an array of integers (appended to
    /// `ints`) as such, otherwise Rhai's value.
    fn arg(&self, u: usize, own: bool, ints: &mut Vec<i64>) -> Arg {
        match &self.items[u] {
            Item::Int(n) if own => Arg::Int(*n),
            Item::Ints(..) if own => {
                let at = ints.len();
                ints.extend_from_slice(self.ints(u));
                Arg::Ints(at..ints.len())
            }
            Item::Other(p) if own => Arg::Other((**p).clone()),
            _ => Arg::Rhai(self.value(u)),
        }
    }

    /// The order of positions `u` and `v` as `--all` lists them: numbers, then lists of
    /// numbers, then other values (see [`value_order`]); Left to move before Right.
    fn order(&self, u: usize, v: usize) -> std::cmp::Ordering {
        let rank = |i: &Item| match i {
            Item::Int(_) => 0,
            Item::Ints(..) => 1,
            Item::Other(_) => 2,
        };
        let (a, b) = (&self.items[u], &self.items[v]);
        let by_value = match (a, b) {
            (Item::Int(x), Item::Int(y)) => x.cmp(y),
            (Item::Ints(..), Item::Ints(..)) => self.ints(u).cmp(self.ints(v)),
            (Item::Other(x), Item::Other(y)) => value_order(x, y),
            _ => rank(a).cmp(&rank(b)),
        };
        // Left (true) first.
        by_value.then_with(|| self.sides[v].cmp(&self.sides[u]))
    }

    /// Position `u` as JSON, as the script wrote it (a value JSON cannot hold becomes null).
    fn json(&self, u: usize) -> serde_json::Value {
        match &self.items[u] {
            Item::Int(n) => (*n).into(),
            Item::Ints(..) => self.ints(u).into(),
            Item::Other(p) => position_json(p),
        }
    }
}

/// A total order on the script's values: by kind (unit, booleans, numbers, characters, text,
/// arrays, maps, anything else), then numbers by size, text by character, arrays element by
/// element (a shorter prefix first), maps by their sorted entries.
fn value_order(a: &Dynamic, b: &Dynamic) -> std::cmp::Ordering {
    use std::cmp::Ordering;
    let rank = |d: &Dynamic| {
        if d.is_unit() {
            0
        } else if d.is_bool() {
            1
        } else if d.is_int() || d.is_float() {
            2
        } else if d.is_char() {
            3
        } else if d.is_string() {
            4
        } else if d.is_array() {
            5
        } else if d.is_map() {
            6
        } else {
            7
        }
    };
    let number = |d: &Dynamic| -> f64 {
        d.as_int()
            .map(|n| n as f64)
            .or_else(|_| d.as_float())
            .unwrap_or(f64::NAN)
    };
    match (rank(a), rank(b)) {
        (x, y) if x != y => x.cmp(&y),
        (1, _) => a.as_bool().ok().cmp(&b.as_bool().ok()),
        (2, _) => match (a.as_int(), b.as_int()) {
            (Ok(x), Ok(y)) => x.cmp(&y),
            _ => number(a).total_cmp(&number(b)),
        },
        (3, _) => a.as_char().ok().cmp(&b.as_char().ok()),
        (4, _) => a
            .clone()
            .into_immutable_string()
            .ok()
            .cmp(&b.clone().into_immutable_string().ok()),
        (5, _) => match (a.read_lock::<rhai::Array>(), b.read_lock::<rhai::Array>()) {
            (Some(x), Some(y)) => lexicographic(x.iter(), y.iter(), value_order),
            _ => Ordering::Equal,
        },
        (6, _) => match (a.read_lock::<rhai::Map>(), b.read_lock::<rhai::Map>()) {
            (Some(x), Some(y)) => lexicographic(x.iter(), y.iter(), |(k, p), (l, q)| {
                k.cmp(l).then_with(|| value_order(p, q))
            }),
            _ => Ordering::Equal,
        },
        _ => a.to_string().cmp(&b.to_string()),
    }
}

/// Two sequences in order: the first unequal pair by `order` decides, else the shorter first.
fn lexicographic<I: ExactSizeIterator>(
    x: I,
    y: I,
    order: impl Fn(I::Item, I::Item) -> std::cmp::Ordering,
) -> std::cmp::Ordering {
    let lengths = x.len().cmp(&y.len());
    x.zip(y)
        .map(|(p, q)| order(p, q))
        .find(|o| o.is_ne())
        .unwrap_or(lengths)
}

/// 32 bits of a hash of `ints`, kept beside the id in the table so that growing the table
/// rehashes without reading the arrays again, and most mismatches are told apart without
/// reading them at all.
fn hash_ints(ints: &[i64]) -> u32 {
    let mut h = rustc_hash::FxHasher::default();
    ints.hash(&mut h);
    (h.finish() >> 32) as u32
}

/// A table entry: an array's hash bits above its id.
fn entry(hash: u32, id: u32) -> u64 {
    u64::from(hash) << 32 | u64::from(id)
}

/// The hash the table sees for an entry, spread over all 64 bits (the table takes its
/// bucket from the low bits and a tag from the top ones).
fn table_hash(entry: u64) -> u64 {
    (entry >> 32).wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

/// Positions found so far, by canonical key and side to move (impartial, Left, Right):
/// integers by value, arrays of integers by their integers, anything else by its JSON text.
#[derive(Default)]
struct Explorer {
    ints: [IntIds; 3],
    /// Ids of array positions, hashed by their integers, which stay in the store.
    arrays: [HashTable<u64>; 3],
    texts: [FxHashMap<String, u32>; 3],
    store: Store,
    edges: Vec<(u32, u32)>,
    terminal: HashMap<u32, Outcome>,
    /// Bytes of the positions stored as values and keyed by their text.
    text_bytes: u64,
}

impl Explorer {
    /// About the memory the table takes once solved: each position (its entry, id and the
    /// solver's arrays), each array's integers, each text position twice (its value and its
    /// key), each move three times (as found, then forwards and backwards in the graph).
    fn memory(&self) -> u64 {
        64 * self.store.len() as u64
            + 8 * self.store.arena.len() as u64
            + self.text_bytes
            + 16 * self.edges.len() as u64
    }

    /// Appends the ids of `children`, with `side` to move, to `ids`; new ones are stored.
    fn ids(&mut self, children: Children, side: Option<bool>, ids: &mut Vec<u32>) {
        let s = match side {
            None => 0,
            Some(true) => 1,
            Some(false) => 2,
        };
        let mut at = 0;
        for child in children.list {
            let next = self.store.len() as u32;
            let id = match child {
                Child::Int(n) => {
                    let id = self.ints[s].id(n, next);
                    if id == next {
                        self.store.push(Item::Int(n), side);
                    }
                    id
                }
                Child::Ints(len) => {
                    let ints = &children.ints[at..at + len as usize];
                    at += len as usize;
                    let store = &mut self.store;
                    let hash = entry(hash_ints(ints), 0);
                    let same =
                        |&e: &u64| e >> 32 == hash >> 32 && store.ints(e as u32 as usize) == ints;
                    match self.arrays[s].find(table_hash(hash), same) {
                        Some(&e) => e as u32,
                        None => {
                            let item = Item::Ints(len, store.arena.len());
                            store.arena.extend_from_slice(ints);
                            store.push(item, side);
                            let e = hash | u64::from(next);
                            self.arrays[s].insert_unique(table_hash(e), e, |&e| table_hash(e));
                            next
                        }
                    }
                }
                Child::Other(p, key) => {
                    let len = key.len() as u64;
                    let id = *self.texts[s].entry(key).or_insert(next);
                    if id == next {
                        self.store.push(Item::Other(Box::new(p)), side);
                        self.text_bytes += 2 * len + 96;
                    }
                    id
                }
            };
            ids.push(id);
        }
    }

    /// Keys the children of positions `first`, `first + 1`, … as `batch` gives them, or
    /// returns the first error in it.
    fn key(
        &mut self,
        first: usize,
        batch: Vec<Result<Expanded, ScriptError>>,
    ) -> Result<(), ScriptError> {
        let mut ids = Vec::new();
        for (u, result) in (first as u32..).zip(batch) {
            match result? {
                Expanded::Terminal(v) => {
                    self.terminal.insert(u, v);
                }
                Expanded::Moves(children, side) => {
                    self.ids(children, side, &mut ids);
                    self.edges.extend(ids.drain(..).map(|v| (u, v)));
                }
            }
        }
        Ok(())
    }

    /// The id of one position.
    fn id(&mut self, p: Dynamic, side: Option<bool>) -> Result<u32, ScriptError> {
        let mut ids = Vec::new();
        self.ids(Children::of(vec![p])?, side, &mut ids);
        Ok(ids[0])
    }
}

/// Ids of integer positions: a table indexed by the integer over the range they fill densely
/// (one memory access: the hash map cost a third of the run when positions were random
/// integers), and a hash map for those far outside it.
#[derive(Default)]
struct IntIds {
    /// The integer that `dense[0]` stands for.
    base: i64,
    /// Ids by integer − base; `NONE` where no position has that integer.
    dense: Vec<u32>,
    sparse: FxHashMap<i64, u32>,
    count: usize,
}

impl IntIds {
    const NONE: u32 = u32::MAX;

    /// The id of `n`, given `next` if it is new.
    fn id(&mut self, n: i64, next: u32) -> u32 {
        let slot = match self.slot(n) {
            Some(i) => &mut self.dense[i],
            None if self.cover(n) => {
                let i = self.slot(n).expect("the range now covers n");
                &mut self.dense[i]
            }
            None => return *self.sparse.entry(n).or_insert_with(|| next),
        };
        if *slot == Self::NONE {
            *slot = next;
            self.count += 1;
        }
        *slot
    }

    fn slot(&self, n: i64) -> Option<usize> {
        let i = usize::try_from(n.checked_sub(self.base)?).ok()?;
        (i < self.dense.len()).then_some(i)
    }

    /// Widens the table to cover `n` if it stays dense enough (at most four slots per position
    /// known, after the first 65 536), with as much room again on the side it grew (so that a
    /// walk does not widen it every step), moving the positions it now covers out of the map.
    fn cover(&mut self, n: i64) -> bool {
        let (n, base, len) = (
            i128::from(n),
            i128::from(self.base),
            self.dense.len() as i128,
        );
        let (lo, hi) = if len == 0 {
            (n, n)
        } else {
            (n.min(base), n.max(base + len - 1))
        };
        let span = hi - lo + 1;
        let room = span.max(1 << 10);
        let known = (self.count + self.sparse.len() + 1) as i128;
        if span + room > (4 * known).max(1 << 16) {
            return false;
        }
        let (lo, hi) = match () {
            _ if len == 0 => (lo - room / 2, hi + room / 2),
            _ if n < base => (lo - room, hi),
            _ => (lo, hi + room),
        };
        let (lo, hi) = (lo.max(i64::MIN.into()), hi.min(i64::MAX.into()));
        let mut dense = vec![Self::NONE; (hi - lo + 1) as usize];
        if len > 0 {
            let shift = (base - lo) as usize;
            dense[shift..shift + self.dense.len()].copy_from_slice(&self.dense);
        }
        self.dense = dense;
        self.base = lo as i64;
        let covered: Vec<i64> = self
            .sparse
            .keys()
            .copied()
            .filter(|&k| self.slot(k).is_some())
            .collect();
        for k in covered {
            let id = self.sparse.remove(&k).expect("a key just listed");
            let i = self.slot(k).expect("a covered key");
            self.dense[i] = id;
            self.count += 1;
        }
        true
    }
}

/// The script as a [`Game`] over canonical keys, for the component-wise solver. A script's
/// error reaches the solver through [`Game::try_moves`] and stops it ([`Stop::Rules`]).
struct ScriptGame<'r> {
    rules: &'r Rules,
    /// The position behind each key met so far.
    values: RefCell<HashMap<String, Dynamic>>,
}

impl ScriptGame<'_> {
    fn key(&self, p: &Dynamic) -> Result<String, ScriptError> {
        let key = serde_json::to_string(p)
            .map_err(|e| ScriptError::Script(format!("a position cannot be stored: {e}")))?;
        self.values
            .borrow_mut()
            .entry(key.clone())
            .or_insert_with(|| p.clone());
        Ok(key)
    }

    fn keys(&self, name: &str, key: &String) -> Result<Vec<String>, String> {
        let p = self.values.borrow()[key].clone();
        let list = self.rules.list(name, &p).map_err(|e| e.to_string())?;
        list.iter()
            .map(|c| self.key(c).map_err(|e| e.to_string()))
            .collect()
    }
}

impl Game for ScriptGame<'_> {
    type Position = String;

    /// (The solver asks [`Game::try_moves`], which says when the script fails.)
    fn moves(&self, key: &String) -> Vec<String> {
        self.try_moves(key).unwrap_or_default()
    }

    fn try_moves(&self, key: &String) -> Result<Vec<String>, String> {
        self.keys("moves", key)
    }

    fn try_components(&self, key: &String) -> Result<Vec<String>, String> {
        let parts = self.keys("components", key)?;
        if parts.len() == 1 && parts[0] == *key {
            return Ok(vec![key.clone()]);
        }
        Ok(parts)
    }
}

#[cfg(test)]
mod tests;
