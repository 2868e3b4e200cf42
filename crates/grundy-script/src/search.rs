//! The nimber of a script's start position by search, for impartial scripts that split their
//! positions into `components`: the library's nimber search ([`grundy::search::nimber`], the
//! pruning of Beling and Rogalski) over the components the script gives, so that only as much
//! of the game is asked of the script as the answer needs, instead of every position.
//!
//! Each component the script hands over is numbered the first time it is met (by its value,
//! so that the script's normal form of a component, if it writes one, makes equal
//! components one), and the script is asked for its moves, and for the components of each,
//! once. Calls run on grundy's own evaluator where it can take them, else through Rhai.
//!
//! A game the search cannot hold (a position with more than 127 moves, a nimber above 127,
//! components nested deeper than [`DEPTH`], as a cycle would make them) is left to the
//! valuer of every component ([`grundy::solver::Brute`]), which says when there is a cycle.

use crate::fast::Val;
use crate::{Options, Report, Rules, ScriptError, WinningMove};
use grundy::graph::Gsg;
use grundy::search::nimber::{Search, Splitting};
use grundy::Outcome;
use hashbrown::HashTable;
use rhai::Dynamic;
use std::cell::RefCell;
use std::hash::BuildHasher;

/// The deepest the search goes, components inside options inside components, before it
/// leaves the game to the valuer of every component.
pub(crate) const DEPTH: u32 = 20_000;

/// The stack of the thread the search runs on: room for [`DEPTH`] levels of the search and
/// the script's calls at the deepest one.
const STACK: usize = 1 << 30;

/// A position as the search keys it: grundy's own value where it has one, else the JSON text
/// of Rhai's value (a map, a float).
#[derive(Clone, PartialEq, Eq, Hash)]
enum Pos {
    Val(Val),
    Json(String),
}

/// Everything met so far, by number.
#[derive(Default)]
struct Met {
    /// Numbers by position.
    index: HashTable<u64>,
    /// Each position met…
    pos: Vec<Pos>,
    /// …with Rhai's value of it, where the key is JSON.
    rhai: Vec<Option<Dynamic>>,
    /// Its moves, once asked: a range of `lists`.
    moves: Vec<Option<(u32, u32)>>,
    /// Its components, once asked: a range of `lists`.
    split: Vec<Option<(u32, u32)>>,
    /// The numbers of the positions the script returned.
    lists: Vec<u64>,
    /// Bytes of memory held, roughly.
    bytes: u64,
}

/// A script's components as the nimber search sees them.
struct Parts<'a> {
    rules: &'a Rules,
    opts: &'a Options,
    met: RefCell<Met>,
    /// The first error of the script or of a limit: the search is then ended (every
    /// component has no moves) and the error given instead of its answer.
    failed: RefCell<Option<ScriptError>>,
    progress: RefCell<&'a mut (dyn FnMut(usize) + Send)>,
}

impl<'a> Parts<'a> {
    /// The number of `p`, given it if it is new.
    fn number(&self, p: Pos, rhai: Option<Dynamic>) -> Result<u64, ScriptError> {
        let mut met = self.met.borrow_mut();
        let h = rustc_hash::FxBuildHasher.hash_one(&p);
        let Met { index, pos, .. } = &mut *met;
        if let Some(&id) = index.find(h, |&id| pos[id as usize] == p) {
            return Ok(id);
        }
        let id = pos.len() as u64;
        if pos.len() >= self.opts.max_positions {
            return Err(ScriptError::TooMany {
                limit: self.opts.max_positions,
                counted: pos.len(),
            });
        }
        index.insert_unique(h, id, |&id| {
            rustc_hash::FxBuildHasher.hash_one(&pos[id as usize])
        });
        met.bytes += 64
            + match &p {
                Pos::Val(v) => 16 * v.size(),
                Pos::Json(s) => 2 * s.len() as u64,
            };
        met.pos.push(p);
        met.rhai.push(rhai);
        met.moves.push(None);
        met.split.push(None);
        if met.bytes > grundy::budget::memory_limit() {
            return Err(ScriptError::TooMuchMemory {
                limit_mib: grundy::budget::memory_limit() >> 20,
                counted: met.pos.len(),
            });
        }
        if met.pos.len() % 4096 == 0 {
            (self.progress.borrow_mut())(met.pos.len());
        }
        Ok(id)
    }

    /// The numbers of the positions a call returned.
    fn numbers(&self, list: Called) -> Result<Vec<u64>, ScriptError> {
        match list {
            Called::Fast(list) => list
                .into_iter()
                .map(|v| self.number(Pos::Val(v), None))
                .collect(),
            Called::Rhai(list) => list
                .into_iter()
                .map(|d| match Val::from_dynamic(&d) {
                    Some(v) => self.number(Pos::Val(v), None),
                    None => {
                        let json = serde_json::to_string(&d).map_err(|e| {
                            ScriptError::Script(format!("a position cannot be stored: {e}"))
                        })?;
                        self.number(Pos::Json(json), Some(d))
                    }
                })
                .collect(),
        }
    }

    /// `name(p)` for position number `id`, on grundy's evaluator if it can, else Rhai's.
    fn call(&self, name: &str, id: u64) -> Result<Called, ScriptError> {
        let (own, rhai) = {
            let met = self.met.borrow();
            match &met.pos[id as usize] {
                Pos::Val(v) => (Some(v.clone()), None),
                Pos::Json(_) => (None, met.rhai[id as usize].clone()),
            }
        };
        let fast = match name {
            "moves" => self.rules.fast.as_ref(),
            _ => self.rules.components_fast.as_ref(),
        };
        if let (Some(fast), Some(v), false) = (fast, &own, self.opts.rhai_only) {
            if let Ok(Val::Array(list)) = fast.call(name, v.clone()) {
                return Ok(Called::Fast(list.into_iter().collect()));
            }
        }
        let p = match (own, rhai) {
            (Some(v), _) => v.to_dynamic(),
            (None, Some(d)) => d,
            (None, None) => unreachable!("a position keyed by JSON keeps Rhai's value"),
        };
        Ok(Called::Rhai(self.rules.list(name, &p)?))
    }

    /// The positions `name(p)` returns for position `id` (`moves` or `components`), asked
    /// of the script the first time: a range of `Met::lists`.
    fn asked(&self, name: &str, id: u64) -> Result<(u32, u32), ScriptError> {
        let cached = |met: &Met| match name {
            "moves" => met.moves[id as usize],
            _ => met.split[id as usize],
        };
        if let Some(range) = cached(&self.met.borrow()) {
            return Ok(range);
        }
        let list = self.numbers(self.call(name, id)?)?;
        let mut met = self.met.borrow_mut();
        let first = fits(met.lists.len())?;
        met.lists.extend_from_slice(&list);
        let range = (first, fits(met.lists.len())?);
        met.bytes += 16 + 8 * list.len() as u64;
        match name {
            "moves" => met.moves[id as usize] = Some(range),
            _ => met.split[id as usize] = Some(range),
        }
        Ok(range)
    }

    /// The components of position `id` (itself, when the script gives it alone).
    fn components_of(&self, id: u64) -> Result<Vec<u64>, ScriptError> {
        let (a, b) = self.asked("components", id)?;
        Ok(self.met.borrow().lists[a as usize..b as usize].to_vec())
    }

    /// The moves of `id`, as numbers: the first error kept, and the search ended by
    /// giving every position no moves from then on.
    fn moves_of(&self, id: u64) -> (u32, u32) {
        if self.failed.borrow().is_some() {
            return (0, 0);
        }
        self.asked("moves", id).unwrap_or_else(|e| self.fail(e))
    }

    /// Keeps `e` unless an error came first, and gives no positions.
    fn fail(&self, e: ScriptError) -> (u32, u32) {
        self.failed.borrow_mut().get_or_insert(e);
        (0, 0)
    }

    /// The error the search met in the script, if any (taken: it is the answer).
    fn failure(&self) -> Result<(), ScriptError> {
        self.failed.borrow_mut().take().map_or(Ok(()), Err)
    }
}

/// Positions a call returned: grundy's values, or Rhai's.
enum Called {
    Fast(Vec<Val>),
    Rhai(Vec<Dynamic>),
}

/// An index into the lists of positions returned, which count in 32 bits.
fn fits(n: usize) -> Result<u32, ScriptError> {
    u32::try_from(n).map_err(|_| {
        ScriptError::Script(
            "the search's lists of moves and components passed 2^32 positions; the game is \
             too large for it"
                .into(),
        )
    })
}

impl Splitting for Parts<'_> {
    type Part = u64;

    fn count_moves(&self, part: u64) -> u32 {
        let (first, end) = self.moves_of(part);
        end - first
    }

    /// The components of each option are asked of the script only when the search comes to
    /// that option: it stops early when it has learnt what it needs.
    fn moves(&self, part: u64, parts: &mut Vec<u64>, each: &mut dyn FnMut(&mut Vec<u64>) -> bool) {
        let (first, end) = self.moves_of(part);
        for k in first..end {
            let option = self.met.borrow().lists[k as usize];
            let Ok((a, b)) = self.asked("components", option).map_err(|e| self.fail(e)) else {
                return;
            };
            parts.extend_from_slice(&self.met.borrow().lists[a as usize..b as usize]);
            if !each(parts) {
                break;
            }
        }
    }

    /// How large a component looks, before its moves are asked: its integers' values, its
    /// strings' lengths and its arrays' elements added up (a heap's size, a board's cells).
    fn size(&self, part: u64) -> u32 {
        fn size_of(v: &Val) -> u64 {
            match v {
                Val::Int(n) => n.unsigned_abs().min(1 << 20),
                Val::Str(s) => s.len() as u64,
                Val::Array(a) => a.iter().map(size_of).sum(),
                _ => 1,
            }
        }
        let met = self.met.borrow();
        let s = match &met.pos[part as usize] {
            Pos::Val(v) => size_of(v),
            Pos::Json(s) => s.len() as u64,
        };
        s.min(u64::from(u32::MAX >> 8)) as u32
    }
}

impl Rules {
    /// The start's nimber and winning moves by the nimber search over its components; `None`
    /// when the game is one the search cannot hold (see the module's notes).
    pub(crate) fn solve_by_search(
        &self,
        start: &Dynamic,
        opts: &Options,
        progress: &mut (dyn FnMut(usize) + Send),
    ) -> Result<Option<Report>, ScriptError> {
        let budget = grundy::budget::current();
        std::thread::scope(|scope| {
            std::thread::Builder::new()
                .name("nimber search".into())
                .stack_size(STACK)
                .spawn_scoped(scope, || {
                    grundy::budget::carry(budget, || self.search_start(start, opts, progress))
                })
                .map_err(|e| ScriptError::Script(format!("cannot start the search: {e}")))?
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
        })
    }

    fn search_start(
        &self,
        start: &Dynamic,
        opts: &Options,
        progress: &mut (dyn FnMut(usize) + Send),
    ) -> Result<Option<Report>, ScriptError> {
        let parts = Parts {
            rules: self,
            opts,
            met: RefCell::new(Met::default()),
            failed: RefCell::new(None),
            progress: RefCell::new(progress),
        };
        let root = parts.numbers(Called::Rhai(vec![start.clone()]))?[0];
        let memory = grundy::budget::memory_limit() / 4;
        let mut search = Search::new(&parts, memory).deepest(DEPTH);
        // A failure of the script (or of a limit) inside the search ends it: that error is
        // the answer. Any other error is the budget's, or the search's own limits.
        let failed = |e: grundy::GameError| {
            parts.failure()?;
            match grundy::budget::check() {
                Err(_) => Err(ScriptError::Script(e.to_string())),
                Ok(()) => Ok(None),
            }
        };
        let whole = parts.components_of(root)?;
        let g = match search.nimber(&whole) {
            Ok(g) => g,
            Err(e) => return failed(e),
        };
        parts.failure()?;
        let mut winning = Vec::new();
        if g != 0 {
            // The start's moves, as asked when the search took the start whole, or now.
            let (a, b) = parts.asked("moves", root)?;
            let moves = parts.met.borrow().lists[a as usize..b as usize].to_vec();
            for m in moves {
                let option = parts.components_of(m)?;
                match search.sum_is(&option, 0) {
                    Ok(true) => winning.push(m),
                    Ok(false) => {}
                    Err(e) => return failed(e),
                }
            }
            parts.failure()?;
        }
        let met = parts.met.borrow();
        let json = |id: u64| match &met.pos[id as usize] {
            Pos::Val(v) => serde_json::to_value(v.to_dynamic()).unwrap_or_default(),
            Pos::Json(s) => serde_json::from_str(s).unwrap_or_default(),
        };
        Ok(Some(Report {
            outcome: Outcome::from_win(g != 0),
            remoteness: None,
            grundy: Some(Gsg::Finite(u32::from(g))),
            winning_moves: winning
                .into_iter()
                .map(|m| WinningMove {
                    to: json(m),
                    player: None,
                    grundy: None,
                })
                .collect(),
            drawing_moves: Vec::new(),
            positions: met.pos.len(),
            all: None,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(text: &str) -> Rules {
        Rules::compile(text, "test.rhai").unwrap()
    }

    fn cram() -> Rules {
        rules(include_str!("../../../examples/cram-regions.rhai"))
    }

    fn at(start: &str) -> Options {
        Options {
            start: Some(start.into()),
            ..Options::default()
        }
    }

    /// What a report says of the start: its nimber, its winning moves, how many positions.
    fn said(r: &Report) -> (Option<Gsg>, Vec<String>) {
        let moves = r.winning_moves.iter().map(|m| m.to.to_string()).collect();
        (r.grundy.clone(), moves)
    }

    /// Every board of `rows` × `cols` cells, each empty or filled, as the script writes it.
    fn boards(rows: usize, cols: usize) -> impl Iterator<Item = String> {
        (0u32..1 << (rows * cols)).map(move |filled| {
            let cell = |i: usize| if filled >> i & 1 == 1 { '#' } else { '.' };
            let rows: Vec<String> = (0..rows)
                .map(|r| (0..cols).map(|c| cell(r * cols + c)).collect())
                .collect();
            format!("{:?}", rows.join("|"))
        })
    }

    /// On every board of 3×3, 2×5 and 3×4 cells (each cell empty or filled), the search
    /// gives the nimber and the winning moves that the valuer of every component gives (the
    /// mex rule on every option of every component).
    #[test]
    fn the_search_finds_what_the_mex_rule_on_every_component_finds() {
        let cram = cram();
        let mut nimbers = [0usize; 4];
        for board in boards(3, 3).chain(boards(2, 5)).chain(boards(3, 4)) {
            let opts = at(&board);
            let start = cram.start(&opts).unwrap();
            let searched = cram.solve_by_search(&start, &opts, &mut |_| {}).unwrap();
            let searched = searched.expect("Cram is a game the search holds");
            let valued = cram.solve_by_components(&start, &opts).unwrap().unwrap();
            assert_eq!(said(&searched), said(&valued), "{board}");
            if let Some(Gsg::Finite(g)) = &searched.grundy {
                nimbers[(*g as usize).min(3)] += 1;
            }
        }
        // Boards of every nimber up to 3 and above were met.
        assert!(nimbers.iter().all(|&n| n > 10), "{nimbers:?}");
    }

    /// grundy's evaluator and Rhai's give the same report, positions counted alike.
    #[test]
    fn the_search_answers_alike_on_both_evaluators() {
        let cram = cram();
        assert!(cram.components_fast.is_some());
        for board in [
            "\"....|....|....|...#\"",
            "\".....|.#...|.....\"",
            "\"..#..|.....|..#..\"",
        ] {
            let report = |rhai_only| {
                let opts = Options {
                    rhai_only,
                    ..at(board)
                };
                serde_json::to_string(&cram.solve(&opts).unwrap()).unwrap()
            };
            assert_eq!(report(false), report(true), "{board}");
        }
    }

    /// A game too deep for the search (a cycle makes one), too wide (more than 127 moves) or
    /// of too large a nimber is valued by the mex rule on every component instead, as before
    /// the search: the answers are the game's.
    #[test]
    fn games_the_search_cannot_hold_are_valued_otherwise() {
        let solve = |text: &str| rules(text).solve(&Options::default()).unwrap();
        // Take 1 or 2 from a heap of 30000 (nimber: the heap mod 3): deeper than DEPTH.
        let deep = solve(
            "fn start() { 30001 }
             fn moves(n) { let m = []; if n > 0 { m.push(n - 1); } if n > 1 { m.push(n - 2); } m }
             fn components(p) { [p] }",
        );
        assert_eq!(deep.grundy, Some(Gsg::Finite(30001 % 3)));
        assert_eq!(deep.winning_moves.len(), 1);
        // Nim heap of 200: 200 moves, nimber 200.
        let wide = solve(
            "fn start() { 200 }
             fn moves(n) { let m = []; for k in 0..n { m.push(k); } m }
             fn components(p) { [p] }",
        );
        assert_eq!(wide.grundy, Some(Gsg::Finite(200)));
        // A cycle: the whole graph is explored, and the start is drawn.
        let cycle = solve(
            "fn start() { 0 }
             fn moves(n) { [(n + 1) % 3] }
             fn components(p) { [p] }",
        );
        assert_eq!(cycle.outcome, Outcome::D);
        // Just within DEPTH, the search answers (one component a level, and its options).
        let opts = Options::default();
        let within = rules(
            "fn start() { 19990 }
             fn moves(n) { let m = []; if n > 0 { m.push(n - 1); } if n > 1 { m.push(n - 2); } m }
             fn components(p) { [p] }",
        );
        let start = within.start(&opts).unwrap();
        let report = within.solve_by_search(&start, &opts, &mut |_| {}).unwrap();
        assert_eq!(report.unwrap().grundy, Some(Gsg::Finite(19990 % 3)));
    }

    /// A script that fails in the search, or a limit met there, is the answer: the search
    /// is not left for the valuer of every component.
    #[test]
    fn the_script_failing_in_the_search_is_the_answer() {
        let failing = rules(
            "fn start() { 9 }
             fn moves(n) { if n == 3 { throw \"no moves at 3\"; } let m = []; \
                 for k in 0..n { m.push(k); } m }
             fn components(p) { [p] }",
        );
        let opts = Options::default();
        let start = failing.start(&opts).unwrap();
        let e = failing.solve_by_search(&start, &opts, &mut |_| {});
        assert!(e.unwrap_err().to_string().contains("no moves at 3"));
        let few = Options {
            max_positions: 40,
            ..at("\".....|.....|.....\"")
        };
        let cram = cram();
        let start = cram.start(&few).unwrap();
        let e = cram.solve_by_search(&start, &few, &mut |_| {});
        assert!(matches!(e, Err(ScriptError::TooMany { limit: 40, .. })));
    }
}
