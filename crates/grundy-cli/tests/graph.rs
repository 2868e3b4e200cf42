//! `grundy graph` end to end, and the parser over the corpus kept in tests/corpus/graph.

use assert_cmd::Command;
use serde_json::Value;

fn corpus(name: &str) -> String {
    format!(
        "{}/../../tests/corpus/graph/{name}",
        env!("CARGO_MANIFEST_DIR")
    )
}

fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::cargo_bin("grundy")
        .unwrap()
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn every_corpus_file_gives_an_answer_or_one_line_error() {
    let dir = corpus("");
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let (code, out, err) = run(&["graph", path.to_str().unwrap(), "--json"]);
        match code {
            0 => {
                let v: Value = serde_json::from_str(&out).unwrap();
                assert!(v["counts"].is_object(), "{path:?}");
            }
            2 => assert_eq!(err.lines().count(), 1, "{path:?}: {err}"),
            _ => panic!("{path:?}: exit {code}: {err}"),
        }
        assert!(!err.contains("panicked"), "{path:?}");
    }
}

#[test]
fn a_dag_a_cycle_and_misere() {
    let (code, out, _) = run(&["graph", &corpus("dag.txt"), "--json"]);
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["positions"]["5"]["outcome"], "P");
    assert_eq!(v["positions"]["4"]["outcome"], "N");
    assert_eq!(v["positions"]["2"]["outcome"], "P");
    assert_eq!(v["positions"]["1"]["outcome"], "N");
    assert_eq!(v["positions"]["1"]["remoteness"], 3);
    assert_eq!(v["counts"], serde_json::json!({"N": 2, "P": 3, "D": 0}));

    let (_, out, _) = run(&["graph", &corpus("cycle.txt"), "--json"]);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["positions"]["a"]["outcome"], "D");
    assert_eq!(v["positions"]["a"]["remoteness"], Value::Null);
    assert_eq!(v["positions"]["a"]["grundy"], "∞()");

    let (_, out, _) = run(&["graph", &corpus("dag.txt"), "--json", "--misere"]);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["positions"]["5"]["outcome"], "N");
    assert_eq!(v["positions"]["4"]["outcome"], "P");
    assert_eq!(v["positions"]["4"]["grundy"], Value::Null);
}

#[test]
fn one_position_with_its_moves_best_first() {
    let (code, out, _) = run(&["graph", &corpus("dag.txt"), "--position", "1", "--json"]);
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["moves"][0]["outcome"], "P");
    let (code, out, _) = run(&["graph", &corpus("dag.txt"), "--position", "1"]);
    assert_eq!(code, 0);
    assert!(out.contains("Moves, best first"), "{out}");
}

#[test]
fn bad_files_are_refused_with_file_and_line() {
    let (code, _, err) = run(&["graph", &corpus("bad-three-names.txt")]);
    assert_eq!(code, 2);
    assert!(err.contains("bad-three-names.txt:1:"), "{err}");
    let (code, _, err) = run(&["graph", "/no/such/file"]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read"), "{err}");
    let (code, _, err) = run(&["graph", &corpus("dag.txt"), "--position", "nope"]);
    assert_eq!(code, 2);
    assert!(err.contains("'nope'"), "{err}");
}

/// Several tokens on one graph: decided from their generalized Sprague–Grundy values, with
/// the winning moves, or in a draw the moves that keep it.
#[test]
fn tokens_on_a_graph_are_a_sum() {
    let dir = std::env::temp_dir().join(format!("grundy-token-sum-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("loop.txt");
    // x ⇄ y is a loop either can leave for c; d moves to c.
    std::fs::write(&file, "x y\ny x\nx c\ny c\nd c\n").unwrap();
    let file = file.to_str().unwrap();
    let (code, out, err) = run(&["graph", file, "--position", "x + d", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["outcome"], "D");
    assert_eq!(v["grundy"], "∞(1)");
    assert_eq!(v["components"][0]["grundy"], "∞(0)");
    assert_eq!(v["drawing_moves"][0]["position"], "y + d");
    let (code, out, _) = run(&["graph", file, "--position", "x + c"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("x + c: N"), "{out}");
    assert!(out.contains("token 1 x → c  (c + c)"), "{out}");
    let (code, out, _) = run(&["graph", file, "--position", "x + y"]);
    assert_eq!(code, 0);
    assert!(out.contains("two tokens or more are worth ∞"), "{out}");
    for bad in ["x + nowhere", "x + ", "x + d --misere"] {
        let mut args = vec!["graph", file, "--position"];
        let (pos, misere) = match bad.strip_suffix(" --misere") {
            Some(p) => (p, true),
            None => (bad, false),
        };
        args.push(pos);
        if misere {
            args.push("--misere");
        }
        let (code, _, err) = run(&args);
        assert_eq!(code, 2, "{bad}");
        assert_eq!(err.lines().count(), 1, "{bad}: {err}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
