//! A time budget for the work of the current thread: a server answering strangers' queries
//! (or a caller with a deadline of its own) sets one, and the long loops of the library — the
//! nim-sequence engine, the tables of the cutting game and of Wythoff's Grundy values, searches
//! over positions — stop with [`GameError::OverBudget`] once it has passed. What was computed
//! before the stop stays in the games' caches, so asking again goes on from there.
//!
//! Without a budget (the command line), nothing is checked and nothing stops.
//!
//! Memory is bounded the same way: work that says up front how much it will store (the
//! nim-sequence engine's table of values) refuses at once when that is more than
//! [`memory_limit`] — 20 GiB unless a caller sets another with [`with_memory`] (the command
//! line's `--max-memory`).
//!
//! ```
//! use grundy::budget;
//! use grundy::registry::Registry;
//! use std::time::Duration;
//!
//! let registry = Registry::catalog();
//! // Grundy's game has no known period: its values up to 10^8 take seconds.
//! let query = registry.parse("grundys-game 100000000").unwrap();
//! let answer = budget::within(Duration::from_millis(50), || query.solve(10));
//! assert_eq!(answer.unwrap_err().kind(), "over_budget");
//! ```

use crate::GameError;
use std::cell::{Cell, RefCell};
use std::path::PathBuf;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

thread_local! {
    static BUDGET: RefCell<Option<Budget>> = const { RefCell::new(None) };
    static MEMORY: Cell<u64> = const { Cell::new(DEFAULT_MEMORY) };
    static WATCHER: RefCell<Option<Rc<Watcher>>> = const { RefCell::new(None) };
    static LISTING: Cell<u64> = const { Cell::new(LISTING_FLOOR) };
    static SAVING: RefCell<Option<Saving>> = const { RefCell::new(None) };
    static SAVING_TAKEN: Cell<bool> = const { Cell::new(false) };
}

/// How far long work has gone, as the library's long loops report it to a watcher set with
/// [`watch`]: a table of heap values growing toward the heap asked about (`total` known up
/// front, so a bar can show an estimate of the time left), or a search valuing positions one
/// by one (`total` unknown: a search learns how many positions there are only at its end).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// What is counted, in the plural: `"heap values"`, `"positions valued"`.
    pub unit: &'static str,
    /// How many are done.
    pub done: u64,
    /// How many the work needs, if known.
    pub total: Option<u64>,
    /// A search's depth now (positions on the path from the start), where the work is one.
    pub depth: Option<u32>,
    /// The bytes the work's tables hold now, where it keeps tables that grow.
    pub bytes: Option<u64>,
}

type Watcher = dyn Fn(Progress);

/// Runs `work` on this thread with `watcher` told of its progress (see [`Progress`]); the
/// command line draws a bar from it. Without a watcher, reports cost a thread-local read.
///
/// ```
/// use grundy::budget;
/// use grundy::registry::Registry;
/// use std::cell::Cell;
/// use std::rc::Rc;
///
/// let last = Rc::new(Cell::new(None));
/// let seen = Rc::clone(&last);
/// let query = Registry::catalog().parse("grundys-game 200000").unwrap();
/// budget::watch(move |p| seen.set(Some(p)), || query.solve(1)).unwrap();
/// let p = last.get().unwrap();
/// assert_eq!((p.unit, p.done, p.total), ("heap values", 200_001, Some(200_001)));
/// ```
pub fn watch<T>(watcher: impl Fn(Progress) + 'static, work: impl FnOnce() -> T) -> T {
    struct Restore(Option<Rc<Watcher>>);
    impl Drop for Restore {
        fn drop(&mut self) {
            WATCHER.with(|w| *w.borrow_mut() = self.0.take());
        }
    }
    let _restore = Restore(WATCHER.with(|w| w.borrow_mut().replace(Rc::new(watcher))));
    work()
}

/// Tells this thread's watcher (if any) how far work has gone: for loops of your own.
pub fn report(unit: &'static str, done: u64, total: Option<u64>) {
    tell(Progress {
        unit,
        done,
        total,
        depth: None,
        bytes: None,
    });
}

/// Tells this thread's watcher (if any) how far a search has gone: positions searched, its
/// depth now and the bytes its tables hold.
pub fn report_search(done: u64, depth: u32, bytes: u64) {
    tell(Progress {
        unit: "positions searched",
        done,
        total: None,
        depth: Some(depth),
        bytes: Some(bytes),
    });
}

fn tell(progress: Progress) {
    let watcher = WATCHER.with(|w| w.borrow().clone());
    if let Some(w) = watcher {
        w(progress);
    }
}

/// The memory work may plan to store when no caller says otherwise: 2^32 heaps of 4 bytes
/// (16 GiB) and a little more, leaving room for the rest on a 24 GiB machine.
pub const DEFAULT_MEMORY: u64 = 20 << 30;

/// The bytes of `gib` GiB, as `--max-memory GIB` gives them (`None`: [`DEFAULT_MEMORY`]);
/// refused unless a positive number of GiB (below 2^34, so the bytes fit in 64 bits).
///
/// ```
/// use grundy::budget::{gib_to_bytes, DEFAULT_MEMORY};
///
/// assert_eq!(gib_to_bytes(None), Ok(DEFAULT_MEMORY));
/// assert_eq!(gib_to_bytes(Some(0.5)), Ok(1 << 29));
/// let e = gib_to_bytes(Some(-1.0)).unwrap_err();
/// assert_eq!(e.to_string(), "--max-memory -1 must be a positive number of GiB");
/// ```
pub fn gib_to_bytes(gib: Option<f64>) -> Result<u64, crate::GameError> {
    match gib {
        None => Ok(DEFAULT_MEMORY),
        Some(g) if g.is_finite() && g > 0.0 && g < (1u64 << 34) as f64 => {
            Ok((g * (1u64 << 30) as f64) as u64)
        }
        Some(g) => Err(crate::GameError::Invalid(format!(
            "--max-memory {g} must be a positive number of GiB"
        ))),
    }
}

/// The most memory, in bytes, that work on this thread may plan to store.
pub fn memory_limit() -> u64 {
    MEMORY.with(Cell::get)
}

/// Runs `work` on this thread with at most `bytes` of memory to plan for (see
/// [`memory_limit`]); limits nest.
///
/// ```
/// use grundy::budget;
/// use grundy::heap::parse_code;
/// use grundy::heap::sequence::{Job, Source};
///
/// let job = Job {
///     source: Source::Rule(parse_code("0.6").unwrap()),
///     game: "octal 0.6".into(),
///     to: 10_000_000,
///     until_periodic: false,
///     checkpoint: None,
///     keep_values: true,
/// };
/// // Ten million values at two bytes each: more than a megabyte.
/// let refused = budget::with_memory(1 << 20, || job.run(&mut |_, _| {}));
/// assert_eq!(refused.unwrap_err().kind(), "too_large");
/// ```
pub fn with_memory<T>(bytes: u64, work: impl FnOnce() -> T) -> T {
    with_set(&MEMORY, bytes, work)
}

/// Runs `work` with this thread's `setting` at `value`, and puts the old value back after
/// (also when `work` panics).
fn with_set<S: Copy + 'static, T>(
    setting: &'static std::thread::LocalKey<Cell<S>>,
    value: S,
    work: impl FnOnce() -> T,
) -> T {
    struct Restore<S: Copy + 'static>(&'static std::thread::LocalKey<Cell<S>>, S);
    impl<S: Copy + 'static> Drop for Restore<S> {
        fn drop(&mut self) {
            self.0.with(|m| m.set(self.1));
        }
    }
    let _restore = Restore(setting, setting.with(|m| m.replace(value)));
    work()
}

/// The positions a search listing a position's winning moves may search at least, when no
/// caller says otherwise (see [`listing_floor`]): small boards are listed whole.
pub const LISTING_FLOOR: u64 = 1 << 20;

/// How many positions a search that lists a position's winning moves (a board too large to
/// value) may search at least. Having found who wins, it searches at most as many positions
/// again as the answer took, or this many if that is more, so that the list never costs much
/// more than the answer; moves it has no room for are reported as not examined.
/// [`LISTING_FLOOR`] unless a caller sets another with [`with_listing_floor`] (the command
/// line's `--all-moves` sets `u64::MAX`: every move examined, however long it takes).
pub fn listing_floor() -> u64 {
    LISTING.with(Cell::get)
}

/// Runs `work` on this thread with at least `positions` searched for a list of winning
/// moves (see [`listing_floor`]).
pub fn with_listing_floor<T>(positions: u64, work: impl FnOnce() -> T) -> T {
    with_set(&LISTING, positions, work)
}

/// Where a search saves its table, and how often.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Saving {
    /// The checkpoint file.
    pub path: PathBuf,
    /// The time between saves (and a save when the search ends, or stops on an error).
    pub every: Duration,
}

/// Where the searches of `work` on this thread save their tables as they go, and how often
/// (see [`crate::search::saved`]): a search stopped at any moment goes on from its last save
/// when asked again with the same file.
pub fn with_saving<T>(saving: Saving, work: impl FnOnce() -> T) -> T {
    struct Restore(Option<Saving>);
    impl Drop for Restore {
        fn drop(&mut self) {
            SAVING.with(|s| *s.borrow_mut() = self.0.take());
        }
    }
    let _restore = Restore(SAVING.with(|s| s.borrow_mut().replace(saving)));
    SAVING_TAKEN.with(|t| t.set(false));
    work()
}

/// Where a search started now on this thread saves its table, if anywhere.
pub fn saving() -> Option<Saving> {
    SAVING.with(|s| s.borrow().clone())
}

/// Whether a search under the last [`with_saving`] on this thread saved its table there
/// (a question answered by a closed form, or by a game whose searches are not saved, never
/// does): so that a caller can say the file was not used rather than leave it unsaid.
pub fn saving_taken() -> bool {
    SAVING_TAKEN.with(Cell::get)
}

/// Marks the saving as taken by a search (see [`saving_taken`]).
pub(crate) fn take_saving() {
    SAVING_TAKEN.with(|t| t.set(true));
}

/// Runs `work` on this thread with `budget` of time: the library's long loops stop with
/// [`GameError::OverBudget`] once it has passed. Budgets nest (the inner one is in force while
/// it runs).
pub fn within<T>(budget: Duration, work: impl FnOnce() -> T) -> T {
    let budget = Budget {
        deadline: Some((Instant::now() + budget, budget)),
        stop: current().and_then(|b| b.stop),
        memory: memory_limit(),
    };
    carry(Some(budget), work)
}

/// Runs `work` on this thread so that the library's long loops stop with
/// [`GameError::Interrupted`] once `stop` is set (from another thread, or a signal handler:
/// Ctrl-C in Python). A time budget in force stays in force.
pub fn stoppable<T>(stop: Arc<AtomicBool>, work: impl FnOnce() -> T) -> T {
    let budget = Budget {
        deadline: current().and_then(|b| b.deadline),
        stop: Some(stop),
        memory: memory_limit(),
    };
    carry(Some(budget), work)
}

/// The budget in force on this thread, to carry to a thread that does part of its work
/// (see [`carry`]); `None` without one.
#[derive(Clone, Debug)]
pub struct Budget {
    /// When the time runs out, and how long it was.
    deadline: Option<(Instant, Duration)>,
    /// Set when the work is to stop.
    stop: Option<Arc<AtomicBool>>,
    /// The memory work may plan to store ([`memory_limit`]).
    memory: u64,
}

/// The budget in force on this thread — time, stop flag and memory — if any of them is set.
pub fn current() -> Option<Budget> {
    let memory = memory_limit();
    match BUDGET.with(|b| b.borrow().clone()) {
        Some(b) => Some(Budget { memory, ..b }),
        None if memory != DEFAULT_MEMORY => Some(Budget {
            deadline: None,
            stop: None,
            memory,
        }),
        None => None,
    }
}

/// Runs `work` on this thread under `budget` (taken by [`current`] on another thread: the
/// same deadline, stop flag and memory limit), or with no budget for `None`.
pub fn carry<T>(budget: Option<Budget>, work: impl FnOnce() -> T) -> T {
    struct Restore(Option<Budget>, u64);
    impl Drop for Restore {
        fn drop(&mut self) {
            BUDGET.with(|b| *b.borrow_mut() = self.0.take());
            MEMORY.with(|m| m.set(self.1));
        }
    }
    let memory = budget.as_ref().map_or(DEFAULT_MEMORY, |b| b.memory);
    let _restore = Restore(
        BUDGET.with(|b| b.replace(budget)),
        MEMORY.with(|m| m.replace(memory)),
    );
    work()
}

/// `Err(OverBudget)` if this thread works under a budget that has passed: for loops of your
/// own that should stop with the library's.
pub fn check() -> Result<(), GameError> {
    BUDGET.with(|b| match &*b.borrow() {
        None => Ok(()),
        Some(b) => {
            if b.stop.as_ref().is_some_and(|s| s.load(Ordering::Relaxed)) {
                return Err(GameError::Interrupted);
            }
            match b.deadline {
                Some((at, length)) if Instant::now() >= at => Err(GameError::OverBudget {
                    limit_ms: length.as_millis() as u64,
                }),
                _ => Ok(()),
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_passed_budget_stops_and_is_lifted_after() {
        assert!(check().is_ok());
        let inner = within(Duration::ZERO, check);
        assert_eq!(inner, Err(GameError::OverBudget { limit_ms: 0 }));
        assert!(within(Duration::from_secs(60), check).is_ok());
        assert!(check().is_ok());
    }

    #[test]
    fn a_budget_is_carried_to_another_thread() {
        let passed = within(Duration::ZERO, || {
            let b = current();
            std::thread::spawn(move || carry(b, check)).join().unwrap()
        });
        assert!(passed.is_err());
        assert_eq!(std::thread::spawn(check).join().unwrap(), Ok(()));
    }

    #[test]
    fn a_stop_flag_stops_the_work_and_keeps_the_deadline() {
        let stop = Arc::new(AtomicBool::new(false));
        assert!(stoppable(stop.clone(), check).is_ok());
        stop.store(true, Ordering::Relaxed);
        assert_eq!(stoppable(stop.clone(), check), Err(GameError::Interrupted));
        let clear = Arc::new(AtomicBool::new(false));
        let inner = within(Duration::ZERO, || stoppable(clear, check));
        assert_eq!(inner, Err(GameError::OverBudget { limit_ms: 0 }));
        assert!(check().is_ok());
    }
}
