//! Inputs that once crashed, hung or deadlocked the binary: each must now end promptly with an
//! answer (exit 0) or one line of error (exit 2), never a panic (101) or an abort (134).

use assert_cmd::Command;
use std::time::Duration;

/// Runs `grundy ARGS` (with `stdin`) under a deadline; returns (status, stdout, stderr).
fn grundy_with(args: &[&str], stdin: &str) -> (i32, String, String) {
    let out = Command::cargo_bin("grundy")
        .expect("binary built")
        .args(args)
        .write_stdin(stdin)
        .timeout(Duration::from_secs(60))
        .output()
        .expect("runs");
    let code = out.status.code().unwrap_or(-1);
    assert_ne!(
        code, -1,
        "grundy {args:?} was killed (timed out or aborted)"
    );
    (
        code,
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn grundy(args: &[&str]) -> (i32, String, String) {
    grundy_with(args, "")
}

/// Exit 2 with exactly one line of error that contains `needle`.
fn refused(args: &[&str], needle: &str) {
    let (code, _, err) = grundy(args);
    assert_eq!(code, 2, "grundy {args:?}: {err}");
    assert_eq!(err.lines().count(), 1, "grundy {args:?}: {err}");
    assert!(err.contains(needle), "grundy {args:?}: {err}");
}

const MAX: &str = "18446744073709551615";

#[test]
fn moore_heap_of_twenty_thousand_digits_is_answered() {
    let heap = "9".repeat(20_000);
    let (code, out, err) = grundy(&["solve", "moore", "--k", "2", &heap, "--json"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\"outcome\":\"N\""), "{out}");
}

/// Three heaps of 10⁵ digits under a 2 GiB address-space limit: the winning-move search
/// once copied the changed heaps at every bit (23.7 GiB at its peak); it keeps one copy now.
#[test]
fn moore_heaps_of_a_hundred_thousand_digits_fit_in_little_memory() {
    let heap = |d: char| format!("{d}{}", "0123456789".repeat(10_000).split_at(1).1);
    let (a, b, c) = (heap('7'), heap('3'), heap('5'));
    let out = std::process::Command::new("sh")
        .args(["-c", "ulimit -v 2097152 && exec \"$0\" \"$@\""])
        .arg(assert_cmd::cargo::cargo_bin("grundy"))
        .args([
            "solve",
            "moore",
            "--k",
            "2",
            &a,
            &b,
            &c,
            "--max-moves",
            "2",
            "--json",
        ])
        .output()
        .expect("runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["outcome"], "N");
    assert!(
        v["winning_moves"].as_array().is_some_and(|m| !m.is_empty()),
        "{v}"
    );
}

/// Kayles' period is proved from its first values, so 10¹¹ heaps need no memory: it was
/// refused for the 186 GiB that storing them would take.
#[test]
fn a_proved_period_answers_past_the_memory_limit() {
    let (code, out, err) = grundy(&["sequence", "kayles", "--to", "100000000000"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("period 12 from heap 71"), "{out}");
    assert!(out.contains("every G(n) up to n = 100000000000"), "{out}");
}

#[test]
fn wythoff_with_the_largest_word_is_answered() {
    let (code, out, err) = grundy(&["solve", "wythoff", "3", MAX]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("→  3 5"), "{out}");
}

#[test]
fn cutting_with_the_largest_word_is_refused() {
    refused(&["solve", "cutting", &format!("{MAX}x2")], "too large");
}

#[test]
fn tables_ending_at_the_largest_word_are_refused_or_printed() {
    refused(
        &["table", "nim", "--to", MAX, "--json"],
        "too large to print",
    );
    refused(&["table", "wythoff", "--to", MAX], "too large to print");
    let (code, out, err) = grundy(&["table", "kayles", "--from", MAX, "--to", MAX]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(MAX) && out.lines().count() == 4, "{out}");
    let from = "18446744073709551610";
    let (code, out, err) = grundy(&["table", "wythoff", "--from", from, "--to", MAX]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 3 + 6, "{out}");
}

#[test]
fn graph_with_a_name_of_65536_characters_is_printed() {
    let dir = std::env::temp_dir().join(format!("grundy-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("long.txt");
    std::fs::write(&file, format!("{} b\nb c\n", "a".repeat(65_536))).unwrap();
    let (code, out, err) = grundy(&["graph", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("3 positions"), "{out}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_script_that_prints_does_not_deadlock() {
    let dir = std::env::temp_dir().join(format!("grundy-print-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("print.rhai");
    std::fs::write(
        &file,
        "fn start() { 5 }\n\
         fn moves(n) { print(\"at \" + n); debug(n); let m = []; if n > 0 { m.push(n - 1); } m }\n",
    )
    .unwrap();
    let (code, out, err) = grundy(&["script", file.to_str().unwrap(), "--json"]);
    assert_eq!(code, 0, "{err}");
    // The answer alone on standard output; the script's own lines on standard error.
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON on stdout");
    assert_eq!(v["outcome"], "N");
    assert!(err.contains("at 5"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn an_argument_with_a_newline_or_a_megabyte_gives_one_short_line() {
    refused(&["solve", "nim", "3\n4"], "'3\\n4'");
    let huge = "x".repeat(100_000); // one argument may hold at most 128 KiB
    let (code, _, err) = grundy(&["solve", "nim", &huge]);
    assert_eq!(code, 2);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.len() < 300, "{} bytes", err.len());
}

#[test]
fn sequence_summaries_say_what_is_known() {
    // A closed form without a period is given, not "no period proved".
    let (code, out, _) = grundy(&["sequence", "split-nim", "--to", "50"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("Closed form (proved): G(0) = 0 and G(n) is the n-th odious"),
        "{out}"
    );
    // No saltus without a period; the rare values as the JSON gives them, said to be too
    // many to help where half the values are "rare"; none for a closed form.
    let (_, out, _) = grundy(&["sequence", "octal", "0.6", "--to", "100", "--json"]);
    assert!(
        out.contains("\"period\":null") && out.contains("\"saltus\":null"),
        "{out}"
    );
    let (_, out, _) = grundy(&["sequence", "octal", "0.A2", "--to", "3000"]);
    assert!(
        out.contains("Rare values (odd parity under mask 0b1): 1500 of 3001, the last at heap 3000 (too many"),
        "{out}"
    );
    let (_, out, _) = grundy(&["sequence", "split-nim", "--to", "50"]);
    assert!(!out.contains("Rare values"), "{out}");
    // Misère play is said.
    let dir = std::env::temp_dir().join(format!("grundy-misere-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("g.txt");
    std::fs::write(&file, "a b\nb c\n").unwrap();
    let (_, out, _) = grundy(&["graph", file.to_str().unwrap(), "--misere"]);
    assert!(
        out.lines().next().unwrap().contains("(misère play"),
        "{out}"
    );
    let (_, out, _) = grundy(&[
        "graph",
        file.to_str().unwrap(),
        "--misere",
        "--position",
        "a",
    ]);
    assert!(out.starts_with("Misère play"), "{out}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn max_seconds_stops_the_work_and_a_sequence_keeps_it() {
    refused(
        &["solve", "grundys-game", "100000000", "--max-seconds", "0.3"],
        "ms of computing allowed",
    );
    refused(
        &["solve", "nim", "3", "--max-seconds", "-1"],
        "positive number",
    );
    let dir = std::env::temp_dir().join(format!("grundy-maxsec-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ckpt = dir.join("run.ckpt");
    let ckpt = ckpt.to_str().unwrap();
    let args = [
        "sequence",
        "octal",
        "0.6",
        "--to",
        "100000000",
        "--max-seconds",
        "0.5",
        "--checkpoint",
        ckpt,
    ];
    let mut sizes = Vec::new();
    for _ in 0..2 {
        refused(&args, "ms of computing allowed");
        sizes.push(std::fs::metadata(ckpt).unwrap().len());
    }
    assert!(sizes[0] > 0 && sizes[1] > sizes[0], "{sizes:?}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn max_seconds_bounds_scripts_even_inside_a_call() {
    let dir = std::env::temp_dir().join(format!("grundy-maxsec-script-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("big.rhai");
    // A large game: its exploration runs on rayon's threads, and the budget goes with it.
    std::fs::write(
        &script,
        "fn start() { [40, 40, 40] }\n\
         fn moves(p) { let out = []; for i in 0..3 { for k in 1..=p[i] { let q = p; \
         q[i] = p[i] - k; out.push(q); } } out }\n",
    )
    .unwrap();
    let path = script.to_str().unwrap();
    refused(
        &["script", path, "--max-seconds", "0.2"],
        "ms of computing allowed",
    );
    // Found by the fuzzer: a call that pushes forever (Rhai re-measures the growing array at
    // each push, so its operation limit takes minutes); the budget stops it inside the call.
    std::fs::write(
        &script,
        "fn start() { [34, 12] }\n\
         fn moves(p) { let out = []; let k = 1; while k <= p[0] { out.push([p[0] - k, p[1]]); \
         k += 0; } out }\n",
    )
    .unwrap();
    refused(
        &["script", path, "--max-seconds", "0.5"],
        "ms of computing allowed",
    );
    std::fs::remove_dir_all(&dir).ok();
}
