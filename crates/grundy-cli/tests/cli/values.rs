//! `grundy cgt` and `grundy value`: values in text and JSON, agreeing with `solve`; comparisons and worksheets.

use super::*;

/// `grundy cgt`: canonical forms in CGSuite's notation, with outcome, stops and birthday.
#[test]
fn cgt_values_in_text_and_json() {
    let (code, out, err) = grundy(&["cgt", "{2|-2} + {1|-1}"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("+-{3|1}\nOutcome N"), "{out}");
    assert!(out.contains("mean 0, temperature 2"), "{out}");
    let (code, out, _) = grundy(&["cgt", "^ + ^ + *", "--json"]);
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["canonical"], "^^*");
    assert_eq!(v["outcome"], "L");
    assert_eq!(v["birthday"], 3);
    let (code, out, _) = grundy(&["cgt", "-1/2 + *", "--json"]);
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (v["canonical"].as_str(), v["left_stop"].as_str()),
        (Some("-1/2*"), Some("-1/2"))
    );
    let (code, _, err) = grundy(&["cgt", "{1|"]);
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "grundy: game '{1|': a bracket is not closed: '{' at column 1\n"
    );
}

/// `grundy value`: a partizan position's canonical form has the outcome `solve` finds for it
/// (every heap up to 40, three pairs of sets); an impartial position's value is the nimber
/// of its Grundy value.
#[test]
fn values_agree_with_solved_outcomes() {
    for sets in [["1,2", "2,3"], ["1", "2"], ["2,5", "1,3,4"]] {
        for n in 0..=40 {
            let n = n.to_string();
            let game = [
                "partizan-subtraction",
                "--left",
                sets[0],
                "--right",
                sets[1],
                &n,
            ];
            let solve: Vec<&str> = ["solve"].iter().chain(&game).copied().collect();
            let value: Vec<&str> = ["value"].iter().chain(&game).copied().collect();
            let (_, s, _) = grundy(&[&solve[..], &["--json"]].concat());
            let (code, v, err) = grundy(&[&value[..], &["--json"]].concat());
            assert_eq!(code, 0, "{err}");
            let (s, v): (Value, Value) = (
                serde_json::from_str(&s).unwrap(),
                serde_json::from_str(&v).unwrap(),
            );
            assert_eq!(s["outcome"], v["outcome"], "{sets:?} {n}: {v}");
        }
    }
    let (code, out, _) = grundy(&["value", "nim", "3", "4", "5", "--json"]);
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (v["canonical"].as_str(), v["outcome"].as_str()),
        (Some("*2"), Some("N"))
    );
    // Nimbers are held as such, however large a word holds (issue 30).
    let (code, out, err) = grundy(&["value", "nim", "100000", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (v["canonical"].as_str(), &v["birthday"]),
        (Some("*100000"), &100000.into())
    );
    let (code, _, err) = grundy(&["value", "nim", "4294967296"]);
    assert_eq!(code, 2);
    assert!(err.contains("nimbers are held up to *4294967295"), "{err}");
}

/// `cgt` with a comparison: `true` or `false`, `{"expression", "result"}` in JSON, and a lone
/// `=` refused in words with status 2.
#[test]
fn cgt_compares_with_cgsuites_operators() {
    let (code, out, err) = grundy(&["cgt", "^ > 0"]);
    assert_eq!((code, out.as_str()), (0, "true\n"), "{err}");
    let (code, out, err) = grundy(&["cgt", "3 <> 3+*", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v, json!({"expression": "3 <> 3+*", "result": true}));
    let (code, out, _) = grundy(&["cgt", "{1|-1} <= 0"]);
    assert_eq!((code, out.as_str()), (0, "false\n"));
    let (code, _, err) = grundy(&["cgt", "1 = 1"]);
    assert_eq!(code, 2);
    assert!(err.contains("write =="), "{err}");
}

/// `grundy cgt` with no expression reads a worksheet: names carry values to later lines, a
/// refused line is named on standard error while the others are answered, and --json writes
/// one object a line.
#[test]
fn cgt_reads_a_worksheet_with_names() {
    let input = "g := {3|1}\n# a comment\ng - 2\nh + 1\ng Cool 1 > 2\n*[2] + *[2]\n";
    let out = Command::cargo_bin("grundy")
        .unwrap()
        .args(["cgt", "--json"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("line 4") && err.contains("unknown word 'h'"),
        "{err}"
    );
    let lines: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[0]["name"], "g");
    assert_eq!(lines[0]["canonical"], "{3|1}");
    assert_eq!(lines[1]["line"], 3);
    assert_eq!(lines[1]["canonical"], "+-1");
    assert_eq!(lines[2]["result"], false);
    assert_eq!(lines[3]["misere_outcome"], "P");

    let out = Command::cargo_bin("grundy")
        .unwrap()
        .args(["cgt", "-"])
        .write_stdin("a := ^\na + a\n")
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("a := ^\n"), "{text}");
    assert!(text.contains("\n^^\n"), "{text}");
}
