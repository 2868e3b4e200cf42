//! The entry points the fuzz targets drive (`fuzz/fuzz_targets/*.rs`), one function a target,
//! so that the same code is explored by the fuzzer (`fuzz/explore.sh`, nightly) and replayed
//! on every saved input by `cargo test` (`tests/fuzz_replay.rs`, on stable, every time).
//! Each takes the raw input bytes; anything may be refused; nothing may panic, hang or take
//! memory without bound (each runs under a small time budget and memory limit).

use grundy::heap::parse_code;
use grundy::heap::sequence::{Job, Source};
use grundy::registry::Registry;
use grundy::solver::Convention;
use grundy_web::Backend;
use std::path::PathBuf;
use std::sync::OnceLock;
use std::time::Duration;

/// A fuzz target's entry point: the raw input bytes.
pub type Target = fn(&[u8]);

/// The fuzz targets by name, with their entry points (the names of `fuzz/corpus/`).
pub const TARGETS: [(&str, Target); 9] = [
    ("query", query),
    ("graph", graph),
    ("script", script),
    ("checkpoint", checkpoint),
    ("code", code),
    ("table", table),
    ("play", play),
    ("cgt", cgt),
    ("solve", solve),
];

/// A query as typed after `grundy solve`, or sent to the playground's API: read by the
/// registry, answered under a small time budget, and passed to every API route.
pub fn query(data: &[u8]) {
    static BACKEND: OnceLock<Backend> = OnceLock::new();
    let backend = BACKEND.get_or_init(|| Backend::new(Registry::catalog()));
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    grundy::budget::within(Duration::from_millis(100), || {
        let _ = backend.solve(text);
        let _ = backend.moves(text);
        let _ = backend.engine(text);
        let _ = backend.engine_as(text, Some(grundy::analysis::Player::Left));
        let _ = backend.cgt(text);
        let _ = backend.picture(text);
        let _ = backend.value(text);
        let _ = backend.thermograph(text);
        let registry = Registry::catalog();
        if let Ok(query) = registry.parse(text) {
            if let Ok((game, p)) = query.open() {
                let _ = game.canonical(&p);
            }
        }
    });
}

/// A move graph file: parsed, solved in normal and misère play, reported.
pub fn graph(data: &[u8]) {
    let Ok(graph) = grundy::graph::parse_graph_from(data, "fuzz") else {
        return;
    };
    for convention in [Convention::Normal, Convention::Misere] {
        let solution = graph.solve(convention);
        std::hint::black_box(solution.report(&graph));
    }
}

/// A rule script: compiled and solved with a bound on the positions explored, under a budget
/// (a loop that runs forever inside a call is stopped like a long search).
pub fn script(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(rules) = grundy_script::Rules::compile(text, "fuzz.rhai") else {
        return;
    };
    let opts = grundy_script::Options {
        max_positions: 2_000,
        ..Default::default()
    };
    let _ = grundy::budget::within(Duration::from_secs(2), || rules.solve(&opts));
}

const CHECKPOINT_TO: u64 = 300;

fn checkpoint_job(checkpoint: Option<PathBuf>) -> Job {
    Job {
        source: Source::Rule(parse_code("0.6").expect("a code")),
        game: "octal 0.6".into(),
        to: CHECKPOINT_TO,
        until_periodic: false,
        checkpoint,
        keep_values: true,
    }
}

fn scratch(name: &str) -> PathBuf {
    let thread = format!("{:?}", std::thread::current().id());
    let thread: String = thread.chars().filter(char::is_ascii_digit).collect();
    std::env::temp_dir().join(format!(
        "grundy-fuzz-{}-{thread}-{name}.ckpt",
        std::process::id()
    ))
}

/// The values of a clean run, and a genuine checkpoint of them written in three goes.
fn genuine() -> &'static (Vec<u32>, Vec<u8>) {
    static GENUINE: OnceLock<(Vec<u32>, Vec<u8>)> = OnceLock::new();
    GENUINE.get_or_init(|| {
        let want = checkpoint_job(None)
            .run(&mut |_, _| {})
            .expect("a clean run")
            .values
            .expect("values kept");
        let path = scratch("genuine");
        let _ = std::fs::remove_file(&path);
        for to in [100, 200, CHECKPOINT_TO] {
            let mut j = checkpoint_job(Some(path.clone()));
            j.to = to;
            j.run(&mut |_, _| {}).expect("a clean run");
        }
        let bytes = std::fs::read(&path).expect("the checkpoint just written");
        let _ = std::fs::remove_file(&path);
        (want, bytes)
    })
}

/// Checkpoint files. Two properties:
///
/// - **Damage is caught.** A genuine checkpoint of 0.6 (three blocks) with one burst of up to
///   32 flipped bits anywhere, or cut anywhere, either resumes to exactly the values of a run
///   without it or is refused. (CRC-32 detects every burst of up to 32 bits; a file whose
///   checksums were recomputed over wrong values — forged, not damaged — is beyond what any
///   checksum can tell, so the fuzzer is not given the means to forge one.)
/// - **Any content is safe.** A file of arbitrary bytes (the input starting with `!`) is
///   refused or read, never a panic, a hang or an allocation it cannot make.
pub fn checkpoint(data: &[u8]) {
    let (want, bytes) = genuine();
    let path = scratch("input");
    if let Some(rest) = data.strip_prefix(b"!") {
        std::fs::write(&path, rest).expect("a scratch file");
        let _ = checkpoint_job(Some(path.clone())).run(&mut |_, _| {});
        let _ = std::fs::remove_file(&path);
        return;
    }
    let [a, b, kind, burst @ ..] = data else {
        return;
    };
    let at = usize::from(u16::from_le_bytes([*a, *b])) % bytes.len();
    let mut file = bytes.clone();
    if kind % 2 == 1 {
        file.truncate(at);
    } else {
        let burst = &burst[..burst.len().min(4)];
        if burst.iter().all(|&x| x == 0) {
            return;
        }
        for (k, x) in burst.iter().enumerate() {
            if let Some(byte) = file.get_mut(at + k) {
                *byte ^= x;
            }
        }
    }
    std::fs::write(&path, &file).expect("a scratch file");
    let resumed = checkpoint_job(Some(path.clone())).run(&mut |_, _| {});
    let _ = std::fs::remove_file(&path);
    if let Ok(report) = resumed {
        assert_eq!(
            report.values.as_ref(),
            Some(want),
            "a damaged checkpoint gave wrong values"
        );
    }
}

/// An octal or hexadecimal code: parsed, and its first values computed and checked for a
/// period.
pub fn code(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(rule) = parse_code(text) else {
        return;
    };
    let job = Job {
        source: Source::Rule(rule),
        game: format!("octal {text}"),
        to: 2_000,
        until_periodic: true,
        checkpoint: None,
        keep_values: false,
    };
    let _ = grundy::budget::within(Duration::from_millis(200), || job.run(&mut |_, _| {}));
}

/// Runs the command line on `args` (after the budget flags are added) with `typed` as its
/// standard input, its output thrown away.
fn command_line(mut args: Vec<&str>, typed: &[u8]) {
    args.extend(["--max-seconds", "0.2", "--max-memory", "0.25"]);
    let registry = Registry::catalog();
    let Ok(cli) = crate::cli::parse_from(&registry, args) else {
        return;
    };
    let mut input = typed;
    let _ = crate::run(&registry, cli, &mut input, &mut std::io::sink());
}

/// `grundy table …` as a user could type it: the input is the argument list (split at white
/// space) after `table`.
pub fn table(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut args = vec!["table"];
    args.extend(text.split_whitespace());
    command_line(args, b"");
}

/// `grundy play …` as a user could drive it: the input's first line is the argument list after
/// `play` (split at white space), the rest is what the user types at the prompt.
pub fn play(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (first, typed) = text.split_once('\n').unwrap_or((text, ""));
    let mut args = vec!["play"];
    args.extend(first.split_whitespace());
    command_line(args, typed.as_bytes());
}

/// `grundy solve …` reading positions from standard input, as a judge drives it: the input's
/// first line is the argument list after `solve` (split at white space: `kayles --batch`,
/// `wythoff --expect --words Alice,Bob`), the rest its standard input, a position a line (with
/// an expected answer under `--expect`). An argument naming a file (holding `/`) is dropped, so
/// that an answers file is never read from the machine.
pub fn solve(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (first, lines) = text.split_once('\n').unwrap_or((text, ""));
    let mut args = vec!["solve"];
    args.extend(first.split_whitespace().filter(|a| !a.contains('/')));
    command_line(args, lines.as_bytes());
}

/// An expression in CGSuite's notation (a short game or a misère form), as given to
/// `grundy cgt` (and a position's value through `/api/value` and `/api/thermograph`): read,
/// valued and reported under a small time budget.
pub fn cgt(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    grundy::budget::within(Duration::from_millis(100), || {
        if let Ok(answer) = grundy::notation::answer(text) {
            let _ = serde_json::to_string(&answer);
        }
    });
}
