//! `grundy script` on every example, and scripts that go wrong.

use assert_cmd::Command;
use serde_json::{json, Value};

fn path(rel: &str) -> String {
    format!("{}/../../{rel}", env!("CARGO_MANIFEST_DIR"))
}

fn solve(rel: &str, extra: &[&str]) -> Value {
    let out = Command::cargo_bin("grundy")
        .unwrap()
        .args(["script", &path(rel), "--json"])
        .args(extra)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{rel}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

fn fails(rel: &str, extra: &[&str]) -> String {
    let out = Command::cargo_bin("grundy")
        .unwrap()
        .args(["script", &path(rel)])
        .args(extra)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{rel}");
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{rel}: {err}");
    err
}

#[test]
fn every_example_solves_as_expected() {
    // (script, outcome, grundy, one winning move or null)
    let cases = [
        ("examples/grid.rhai", "N", Value::Null, json!([5, 6])),
        (
            "examples/partizan-subtraction.rhai",
            "N",
            Value::Null,
            json!(9),
        ),
        ("examples/euclid.rhai", "N", json!(2), json!([10, 12])),
        ("examples/tic-tac-toe.rhai", "T", Value::Null, Value::Null),
        ("examples/loopy.rhai", "D", json!("∞(1)"), Value::Null),
        ("examples/cram.rhai", "P", json!(0), Value::Null),
        (
            "examples/kayles-sum.rhai",
            "N",
            json!(5),
            json!([7, 11, 12]),
        ),
    ];
    for (script, outcome, grundy, to) in cases {
        let v = solve(script, &[]);
        assert_eq!(v["outcome"], outcome, "{script}");
        assert_eq!(v["grundy"], grundy, "{script}");
        let moves: Vec<Value> = v["winning_moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["to"].clone())
            .collect();
        if to.is_null() {
            assert!(moves.is_empty(), "{script}: {moves:?}");
        } else {
            assert!(moves.contains(&to), "{script}: {moves:?}");
        }
        assert!(v["positions"].as_u64().unwrap() > 0);
    }
    let v = solve("examples/tic-tac-toe.rhai", &[]);
    assert_eq!(v["positions"], 5478);
    let v = solve("examples/loopy.rhai", &["--all"]);
    assert_eq!(v["all"].as_array().unwrap().len(), 4);
    // A draw says how to keep it: "a" → "b" (back and forth), with b's value ∞ (its only
    // move returns to a draw); "a" → "c" would hand the opponent the win. Other results
    // list no such moves.
    let v = solve("examples/loopy.rhai", &[]);
    assert_eq!(
        v["drawing_moves"],
        json!([{"to": "b", "grundy": "∞()"}]),
        "{v}"
    );
    let v = solve("examples/tic-tac-toe.rhai", &[]);
    assert_eq!(
        v["drawing_moves"].as_array().unwrap().len(),
        9,
        "a tie kept by any move"
    );
    assert!(solve("examples/euclid.rhai", &[])
        .get("drawing_moves")
        .is_none());
}

/// `--rhai-only` (every call through Rhai) gives the report of grundy's own evaluator.
#[test]
fn rhai_only_gives_the_same_report() {
    for script in [
        "examples/tic-tac-toe.rhai",
        "examples/euclid.rhai",
        "examples/grid.rhai",
    ] {
        assert_eq!(
            solve(script, &["--all"]),
            solve(script, &["--all", "--rhai-only"]),
            "{script}"
        );
    }
}

/// The order `--all` lists positions in, for the kinds the examples use: numbers by size,
/// text by letter, lists element by element; of one position Left to move first.
fn listed_order(a: &Value, b: &Value) -> std::cmp::Ordering {
    fn value(a: &Value, b: &Value) -> std::cmp::Ordering {
        match (a, b) {
            (Value::Number(x), Value::Number(y)) => x.as_i64().cmp(&y.as_i64()),
            (Value::String(x), Value::String(y)) => x.cmp(y),
            (Value::Array(x), Value::Array(y)) => x
                .iter()
                .zip(y)
                .map(|(p, q)| value(p, q))
                .find(|o| o.is_ne())
                .unwrap_or(x.len().cmp(&y.len())),
            _ => panic!("{a} beside {b}: not a kind the examples use"),
        }
    }
    value(&a["position"], &b["position"])
        .then((a["to_move"] == "Right").cmp(&(b["to_move"] == "Right")))
}

/// `--all` lists every position once, in increasing order, each with its outcome, remoteness
/// and (impartial games in normal play) Grundy value — the start's as the report gives them —
/// in JSON and in text; partizan positions say who is to move.
#[test]
fn all_lists_every_position() {
    for (script, start) in [
        ("examples/loopy.rhai", json!("a")),
        ("examples/partizan-subtraction.rhai", json!(10)),
        ("examples/euclid.rhai", json!([34, 12])),
    ] {
        let v = solve(script, &["--all"]);
        let all = v["all"].as_array().unwrap();
        assert_eq!(
            all.len() as u64,
            v["positions"].as_u64().unwrap(),
            "{script}"
        );
        for pair in all.windows(2) {
            assert!(
                listed_order(&pair[0], &pair[1]).is_lt(),
                "{script}: {} listed before {}",
                pair[0],
                pair[1]
            );
        }
        let first = all
            .iter()
            .find(|p| p["position"] == start && p["to_move"] != "Right")
            .expect("the start is listed");
        if script.contains("partizan") {
            assert_eq!(first["to_move"], "Left", "{script}");
            assert!(all.iter().any(|p| p["to_move"] == "Right"), "{script}");
            assert!(all.iter().all(|p| p.get("grundy").is_none()), "{script}");
        } else {
            assert!(first.get("to_move").is_none(), "{script}");
            assert_eq!(first["outcome"], v["outcome"], "{script}");
            assert_eq!(first["remoteness"], v["remoteness"], "{script}");
            assert_eq!(first["grundy"], v["grundy"], "{script}");
            // A value 0 exactly where the player to move loses.
            for p in all {
                assert_eq!(
                    p["grundy"] == json!(0),
                    p["outcome"] == "P",
                    "{script}: {p}"
                );
            }
        }
        let text = Command::cargo_bin("grundy")
            .unwrap()
            .args(["script", &path(script), "--all"])
            .output()
            .unwrap();
        let text = String::from_utf8(text.stdout).unwrap();
        let listed: Vec<&str> = text
            .split("All positions:\n")
            .nth(1)
            .expect("a list of positions")
            .lines()
            .collect();
        assert_eq!(listed.len(), all.len(), "{script}");
        if script.contains("euclid") {
            assert!(
                listed.iter().all(|l| l.contains(", Grundy value ")),
                "{script}"
            );
            assert!(
                listed[0].starts_with("  [0,2]: P, Grundy value 0, remoteness 0"),
                "{script}: {}",
                listed[0]
            );
        }
    }
}

#[test]
fn the_euclid_script_agrees_with_the_closed_form() {
    let v = solve("examples/euclid.rhai", &[]);
    let out = Command::cargo_bin("grundy")
        .unwrap()
        .args(["solve", "euclid", "34", "12", "--json"])
        .output()
        .unwrap();
    let closed: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["grundy"], closed["grundy"]);
    assert_eq!(v["outcome"], closed["outcome"]);
}

#[test]
fn broken_scripts_are_one_clear_line() {
    let err = fails("tests/corpus/scripts/bad-syntax.rhai", &[]);
    assert!(err.contains("bad-syntax.rhai:2:"), "{err}");
    let err = fails("tests/corpus/scripts/runaway.rhai", &[]);
    assert!(err.contains("Too many operations"), "{err}");
    let err = fails(
        "tests/corpus/scripts/infinite.rhai",
        &["--max-positions", "1000"],
    );
    assert!(err.contains("more than 1000 reachable positions"), "{err}");
    // A rule that fails at run time says at which position.
    let err = fails("tests/corpus/scripts/fails-at-one-position.rhai", &[]);
    assert!(
        err.contains("in moves(3): Array index 5 out of bounds"),
        "{err}"
    );
    // An error inside a function the rules call is one line too, naming the function.
    let err = fails("tests/corpus/scripts/fails-in-a-nested-call.rhai", &[]);
    assert!(
        err.contains("in moves(3): Array index 5 out of bounds") && err.contains("'step'"),
        "{err}"
    );
    let err = fails("tests/corpus/scripts/no-such-file.rhai", &[]);
    assert!(err.contains("cannot read"), "{err}");
}

#[test]
fn the_start_position_can_be_given_on_the_command_line() {
    // Euclid's game from (25, 7) instead of the script's (34, 12): 25 ≥ 2·7, the mover wins.
    let v = solve("examples/euclid.rhai", &["--start", "[25, 7]"]);
    assert_eq!(v["outcome"], "N", "{v}");
    let v = solve("examples/euclid.rhai", &["--start", "[3, 2]"]);
    assert_eq!(v["outcome"], "P", "{v}");
    let e = fails("examples/euclid.rhai", &["--start", "[3,"]);
    assert!(
        e.contains("start position '[3,' is not a Rhai value"),
        "{e}"
    );
}

/// `--tiers DIR` answers as the whole solve does, and is refused in one line where it cannot
/// run: with --all, without fn tier(p), or with a memory limit below one tier's needs; a
/// whole solve over the memory limit names --tiers.
#[test]
fn tiers_answer_as_the_whole_solve() {
    let dir = std::env::temp_dir().join(format!("grundy-cli-tiers-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let d = dir.to_str().unwrap();
    for ex in ["examples/tic-tac-toe.rhai", "examples/ring.rhai"] {
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(solve(ex, &["--tiers", d]), solve(ex, &[]), "{ex}");
    }
    assert!(fails("examples/loopy.rhai", &["--tiers", d, "--all"]).contains("--all"));
    // --all is refused for a script valued component by component too.
    assert!(fails("examples/kayles-sum.rhai", &["--all"]).contains("--all"));
    let _ = std::fs::remove_dir_all(&dir);
    assert!(fails("examples/kayles-sum.rhai", &["--tiers", d]).contains("fn tier(p)"));
    let _ = std::fs::remove_dir_all(&dir);
    let e = fails("examples/tic-tac-toe.rhai", &["--max-memory", "0.0004"]);
    assert!(e.contains("--tiers DIR"), "{e}");
    let e = fails(
        "examples/tic-tac-toe.rhai",
        &["--tiers", d, "--max-memory", "0.00002"],
    );
    assert!(e.contains("more than the memory allowed"), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A Cram script that splits its board into regions (`fn components`) is answered by the
/// nimber search: the nimber and the winning moves of the built-in Cram, on boards whose
/// whole graph of positions would take minutes to explore.
#[test]
fn a_cram_script_with_components_answers_as_the_built_in_cram() {
    for board in [
        ".....|.....|.....|.....",
        "......|......|......",
        "....|....|....|....|....",
        "..#...|......|...#..|......",
        "#.....|......|......|.....#",
    ] {
        let script = solve(
            "examples/cram-regions.rhai",
            &["--start", &format!("{board:?}")],
        );
        let out = Command::cargo_bin("grundy")
            .unwrap()
            .args(["solve", "cram", board, "--json"])
            .output()
            .unwrap();
        assert!(out.status.success(), "{board}");
        let built_in: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(script["grundy"], built_in["grundy"], "{board}");
        let moves = |v: &Value, to: &dyn Fn(&Value) -> Value| -> Vec<Value> {
            v["winning_moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(to)
                .collect()
        };
        assert_eq!(
            moves(&script, &|m| m["to"].clone()),
            moves(&built_in, &|m| m["to"][0].clone()),
            "{board}"
        );
    }
}
