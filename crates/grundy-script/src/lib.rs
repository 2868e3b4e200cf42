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

mod explore;
mod fast;
mod report;
mod search;
mod syntax;
mod tiers;

pub use report::{AllPositions, PositionValue, Report, WinningMove};
pub use tiers::{TierPlan, TierProgress, TierStats, Tiers};

use explore::*;
use report::*;

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

#[cfg(test)]
mod tests;
