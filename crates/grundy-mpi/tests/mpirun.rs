//! `grundy-mpi` under `mpirun` with 1, 2 and 4 ranks, over shared memory and over TCP on
//! the loopback interface: every answer is the single-process `grundy`'s, byte for byte.
//! (Needs Open MPI's `mpirun`; `.ci/run` installs it.)

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// The tests take turns (cargo runs a file's tests side by side): each mpirun uses every core.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

fn turn() -> MutexGuard<'static, ()> {
    ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner())
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// How the ranks reach each other: shared memory, or TCP over the loopback interface only.
const TRANSPORTS: [&[&str]; 2] = [
    &["--mca", "btl", "self,vader"],
    &[
        "--mca",
        "btl",
        "self,tcp",
        "--mca",
        "btl_tcp_if_include",
        "lo",
    ],
];

/// `mpirun` (quiet: only the ranks' own output) with `np` ranks of grundy-mpi, and `args`.
fn command(np: u32, transport: &[&str], args: &[&str]) -> Command {
    let mut c = Command::new("mpirun");
    c.args(["-q", "--oversubscribe", "--bind-to", "none"])
        .args(["-np", &np.to_string()])
        .args(transport)
        .arg(env!("CARGO_BIN_EXE_grundy-mpi"))
        .args(args)
        .current_dir(root())
        // CI runs as root, which Open MPI refuses unless told.
        .env("OMPI_ALLOW_RUN_AS_ROOT", "1")
        .env("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    c
}

fn mpirun(np: u32, transport: &[&str], args: &[&str], input: &str) -> Output {
    let mut child = command(np, transport, args)
        .spawn()
        .expect("mpirun (Open MPI) must be installed");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

/// Waits for `child` at most `secs` seconds: its output, or a failed test if it hangs.
fn finishes(mut child: Child, secs: u64, what: &str) -> Output {
    let until = Instant::now() + Duration::from_secs(secs);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > until {
            let _ = child.kill();
            panic!("{what}: still running after {secs} s");
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    child.wait_with_output().unwrap()
}

fn ok(np: u32, transport: &[&str], args: &[&str], input: &str) -> String {
    let out = mpirun(np, transport, args, input);
    assert!(
        out.status.success(),
        "-np {np} {transport:?} {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The single-process command's output, in this process.
fn grundy(args: &[&str], input: &str) -> String {
    let registry = grundy::registry::Registry::catalog();
    let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    let cli = grundy_cli::cli::parse_from(&registry, &args).unwrap();
    let mut out = Vec::new();
    std::env::set_current_dir(root()).unwrap();
    grundy_cli::run(&registry, cli, &mut input.as_bytes(), &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

fn temp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("grundy-mpi-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

/// One test, its parts in turn: the machine has few cores and each run uses them all.
#[test]
fn every_answer_is_the_single_process_ones() {
    let _turn = turn();
    // A small Connect Four (4 columns of 3) beside the examples.
    let c43 = temp("c43.rhai");
    let text = std::fs::read_to_string(root().join("examples/connect-four.rhai"))
        .unwrap()
        .replace("fn width() { 5 }", "fn width() { 4 }")
        .replace("fn height() { 4 }", "fn height() { 3 }");
    std::fs::write(&c43, text).unwrap();
    let c43 = c43.to_str().unwrap().to_string();
    let scripts = [
        "examples/tic-tac-toe.rhai",
        "examples/partizan-subtraction.rhai",
        "examples/loopy.rhai",
        c43.as_str(),
    ];
    let whole: Vec<String> = scripts
        .iter()
        .map(|s| grundy(&["script", s, "--json"], ""))
        .collect();
    let sweep = {
        let codes: Vec<String> = (1..8)
            .map(|d| format!("0.{d}"))
            .chain((0..8).flat_map(|a| (1..8).map(move |b| format!("0.{a}{b}"))))
            .collect();
        codes
            .iter()
            .map(|c| grundy(&["sequence", "octal", c, "--to", "65536", "--json"], ""))
            .collect::<String>()
    };
    let lines: String = (0..600)
        .map(|i| format!("{} {} {}\n", i % 37, i * 7 % 23, i * 13 % 41))
        .collect();
    let batch = grundy(&["solve", "--batch", "--json", "kayles"], &lines);
    for transport in TRANSPORTS {
        for np in [1, 2, 4] {
            for (script, want) in scripts.iter().zip(&whole) {
                let dir = temp("tiers");
                let d = dir.to_str().unwrap();
                let got = ok(np, transport, &["tiers", script, "--dir", d, "--json"], "");
                assert_eq!(&got, want, "{script}, -np {np} {transport:?}");
                // Resumed from its files after losing some, the same.
                for t in [0, 2] {
                    let _ = std::fs::remove_file(dir.join(format!("tier-{t}.values")));
                }
                let again = ok(np, transport, &["tiers", script, "--dir", d, "--json"], "");
                assert_eq!(&again, want, "{script} resumed, -np {np} {transport:?}");
                let _ = std::fs::remove_dir_all(&dir);
            }
            let got = ok(
                np,
                transport,
                &["batch", "--json", "--block", "50", "kayles"],
                &lines,
            );
            assert_eq!(got, batch, "batch, -np {np} {transport:?}");
            // Every two-digit octal code to 2^16 (the sweep is the longest: once per rank
            // count over shared memory, with four ranks over TCP).
            if transport == TRANSPORTS[0] || np == 4 {
                let got = ok(
                    np,
                    transport,
                    &["sweep", "--octal-digits", "2", "--to", "2^16", "--json"],
                    "",
                );
                assert_eq!(got, sweep, "sweep, -np {np} {transport:?}");
            }
        }
    }
    let _ = std::fs::remove_file(&c43);
}

/// A sweep writing to a file goes on, when run again, after the codes the file holds; a
/// last line cut short (a kill in the middle of a write) is dropped and made again.
#[test]
fn a_sweep_to_a_file_goes_on_after_a_stop() {
    let _turn = turn();
    let args = ["sweep", "--octal-digits", "1", "--to", "4096", "--json"];
    let want = ok(2, TRANSPORTS[0], &args, "");
    assert_eq!(want.lines().count(), 7);
    let file = temp("sweep.jsonl");
    let f = file.to_str().unwrap();
    let with_out = [&args[..], &["--out", f]].concat();
    assert_eq!(ok(2, TRANSPORTS[0], &with_out, ""), "");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), want);
    // Three lines and half of the fourth, as a kill would leave them.
    let cut: usize = want.lines().take(3).map(|l| l.len() + 1).sum::<usize>() + 20;
    std::fs::write(&file, &want.as_bytes()[..cut]).unwrap();
    ok(4, TRANSPORTS[0], &with_out, "");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), want);
    let _ = std::fs::remove_file(&file);
}

/// A job that fails stops every rank with one line naming the rank and the job, exit 2; a
/// bad argument is one line from rank 0.
#[test]
fn failures_are_one_line_and_exit_2() {
    let _turn = turn();
    // The lines before the wrong one are answered, in order; then one line names the rank,
    // the block and the line in the whole input.
    let lines = "3 4\n".repeat(7) + "nim x\n1 2\n";
    let out = mpirun(2, TRANSPORTS[0], &["batch", "--block", "3", "nim"], &lines);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 7);
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "grundy-mpi: rank 0: rank 1, lines 7-9: standard input line 8: heap 'nim' is not a \
         whole number ≥ 0\n"
    );
    let dir = temp("no-tier");
    let out = mpirun(
        2,
        TRANSPORTS[0],
        &[
            "tiers",
            "examples/kayles-sum.rhai",
            "--dir",
            dir.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with("grundy-mpi: rank 0: ") && err.contains("needs fn tier(p)"));
    assert_eq!(err.lines().count(), 1, "{err}");
    let _ = std::fs::remove_dir_all(&dir);
    let out = mpirun(
        2,
        TRANSPORTS[0],
        &["sweep", "--octal-digits", "9", "--to", "9"],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "grundy-mpi: rank 0: --octal-digits 9 must be 1 to 6\n"
    );
}

/// A worker killed in the middle of a tiered solve ends the run (no rank is left waiting),
/// the tiers solved before are kept, and the run resumed from them answers as one process.
#[test]
fn a_killed_worker_loses_only_its_tier() {
    let _turn = turn();
    // Connect Four 4x4: 17 tiers, each a few tenths of a second.
    let c44 = temp("c44.rhai");
    let text = std::fs::read_to_string(root().join("examples/connect-four.rhai"))
        .unwrap()
        .replace("fn width() { 5 }", "fn width() { 4 }");
    std::fs::write(&c44, text).unwrap();
    let script = c44.to_str().unwrap();
    let dir = temp("killed");
    let d = dir.to_str().unwrap();
    let args = ["tiers", script, "--dir", d, "--json"];
    let child = command(2, TRANSPORTS[0], &args).spawn().unwrap();
    // Once a tier is solved, kill the worker (rank 1) where it stands.
    let until = Instant::now() + Duration::from_secs(120);
    while !dir.join("tier-1.values").exists() {
        assert!(Instant::now() < until, "no tier solved in 120 s");
        std::thread::sleep(Duration::from_millis(20));
    }
    let worker = std::fs::read_dir("/proc")
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().to_str()?.parse::<u32>().ok())
        .find(|pid| {
            let env = std::fs::read(format!("/proc/{pid}/environ")).unwrap_or_default();
            let cmd = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
            let has = |hay: &[u8], s: &str| hay.windows(s.len()).any(|w| w == s.as_bytes());
            has(&cmd, d) && !has(&cmd, "mpirun") && has(&env, "OMPI_COMM_WORLD_RANK=1\0")
        })
        .expect("rank 1's process");
    Command::new("kill")
        .args(["-9", &worker.to_string()])
        .status()
        .unwrap();
    let out = finishes(child, 60, "the run after its worker was killed");
    assert!(!out.status.success());
    assert!(dir.join("tier-0.values").exists());
    let want = grundy(&["script", script, "--json"], "");
    assert_eq!(ok(2, TRANSPORTS[0], &args, ""), want);
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_file(&c44);
}

/// A rank that cannot be started ends the run with one line, not a hang: a program that is
/// not there (mpirun says so), or one that never joins (the others give up waiting).
#[test]
fn a_rank_that_cannot_start_ends_the_run() {
    let _turn = turn();
    let sweep = ["sweep", "--octal-digits", "1", "--to", "99"];
    let mut c = command(1, TRANSPORTS[0], &sweep);
    c.args([":", "-np", "1", "/nonexistent/grundy-mpi"]);
    let out = finishes(c.spawn().unwrap(), 60, "a rank's program missing");
    assert!(!out.status.success());
    let mut c = command(1, TRANSPORTS[0], &sweep);
    c.args([":", "-np", "1", "true"])
        .env("GRUNDY_MPI_START_SECONDS", "2");
    let out = finishes(c.spawn().unwrap(), 60, "a rank that never joins");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "grundy-mpi: rank 0: MPI did not start in 2 s: a rank of this run could not be \
         started (GRUNDY_MPI_START_SECONDS sets how long to wait)\n"
    );
}
