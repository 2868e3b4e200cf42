//! Batches: streamed, answered on both cores in order, and checked against expected answers (`--expect`).

use super::*;

#[test]
fn batch_answers_one_line_per_position() {
    let input = "3 4 5\n1 2 3\n\n7\n";
    let out = Command::cargo_bin("grundy")
        .unwrap()
        .args(["solve", "nim", "--batch", "--json"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert!(out.status.success());
    let lines: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["grundy"], 2);
    assert_eq!(lines[1]["outcome"], "P");
    assert_eq!(lines[2]["position"], serde_json::json!([7]));

    let out = Command::cargo_bin("grundy")
        .unwrap()
        .args(["solve", "kayles", "--batch"])
        .write_stdin("4 4\n5\n")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().count(), 2, "{text}");
    assert!(text.starts_with("4 4: P, grundy 0"), "{text}");

    let out = Command::cargo_bin("grundy")
        .unwrap()
        .args(["solve", "nim", "--batch"])
        .write_stdin("1 2\nx 3\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("line 2") && err.contains("'x'"), "{err}");
}

#[test]
fn batches_stream_through_a_buffer_yet_answer_each_line_at_once() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::Stdio;
    // Many lines, so that lines straddle the chunks the input is read in.
    let input: String = (0..20_000)
        .map(|i| format!("{} {}\n", i, i * 7 % 1000))
        .collect();
    let out = Command::cargo_bin("grundy")
        .unwrap()
        .args(["solve", "nim", "--batch"])
        .write_stdin(input.clone())
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 20_000);
    for (i, line) in lines.iter().enumerate() {
        let want = format!("{} {}: ", i, i * 7 % 1000);
        assert!(line.starts_with(&want), "line {}: {line}", i + 1);
    }
    // A line of bad bytes is named by its number.
    let out = Command::cargo_bin("grundy")
        .unwrap()
        .args(["solve", "nim", "--batch"])
        .write_stdin(b"3 4\n\xff\n".to_vec())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("standard input line 2") && err.contains("UTF-8"),
        "{err}"
    );
    // A program that writes a line and waits gets its answer before it closes the input.
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(["solve", "nim", "--batch"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut answers = BufReader::new(child.stdout.take().unwrap());
    for (q, want) in [("1 2 3", "1 2 3: P"), ("5", "5: N")] {
        writeln!(stdin, "{q}").unwrap();
        stdin.flush().unwrap();
        let mut line = String::new();
        answers.read_line(&mut line).unwrap();
        assert!(line.starts_with(want), "{line}");
    }
    drop(stdin);
    assert!(child.wait().unwrap().success());
}

#[test]
fn batches_answered_on_both_cores_keep_their_order_and_stop_at_the_first_bad_line() {
    // Enough lines for many parts; a bad line deep inside, and another one after it.
    let mut input: String = (0..50_000)
        .map(|i| format!("{} {} {}\n", i % 97, i % 89, i))
        .collect();
    input += "1 x\n2 2\n-3\n";
    let out = Command::cargo_bin("grundy")
        .unwrap()
        .args(["solve", "kayles", "--batch"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines.len(),
        50_000,
        "every answer before the bad line, none after it"
    );
    for (i, line) in lines.iter().enumerate() {
        let want = format!("{} {} {}: ", i % 97, i % 89, i);
        assert!(line.starts_with(&want), "line {}: {line}", i + 1);
    }
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("standard input line 50001") && err.contains("'x'"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
}

/// `--batch` skips blank lines and comments; `--expect` checks a program's answers (an outcome
/// or a Grundy value at the end of each line), prints only the disagreements and exits 1.
#[test]
fn a_batch_skips_comments_and_expect_prints_only_disagreements() {
    let run = common::grundy;
    let (code, out, err) = run(&["solve", "nim", "--batch"], "# heaps\n\n3 4 5\n#\n1 1\n");
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 2, "{out}");
    // A board that starts with '#' is a position, not a comment.
    let (code, out, _) = run(&["solve", "domineering", "--batch"], "#..|...\n");
    assert_eq!(code, 0);
    assert!(out.starts_with("#..|...: N"), "{out}");
    let input = "# brute force says\n3 4 5 N\n1 2 3 P\n1 2 3 1\n7 2\n";
    let (code, out, err) = run(&["solve", "nim", "--expect"], input);
    assert_eq!(code, 1, "{err}");
    assert_eq!(
        out,
        "line 4: 1 2 3: expected 1, grundy says P (Grundy value 0)\n\
         line 5: 7: expected 2, grundy says N (Grundy value 7), e.g. take 7 from heap 1\n"
    );
    assert!(err.contains("2 of 4 positions checked disagree"), "{err}");
    let (code, out, err) = run(&["solve", "nim", "--expect"], "3 4 5 N\n1 2 3 P\n");
    assert_eq!((code, out.as_str()), (0, ""), "{err}");
    let (code, _, err) = run(&["solve", "nim", "--expect"], "3 4 5 maybe\n");
    assert_eq!(code, 2);
    assert!(
        err.contains("line 1: 'maybe' is not an expected answer"),
        "{err}"
    );
}

/// A P-position's Grundy value is 0 in every game played by the normal rule, known or not:
/// 0 agrees with P (Fibonacci Nim, a huge Wythoff P-position, which says "Grundy value: 0"). A
/// Grundy value grundy does not know is "not checked", counted, and not a disagreement.
#[test]
fn expect_agrees_with_zero_for_p_and_does_not_check_what_it_cannot() {
    let (code, out, err) = common::grundy(&["solve", "fibonacci", "--expect"], "2584 0\n");
    assert_eq!((code, out.as_str()), (0, ""), "{err}");
    assert!(err.contains("all 1 position checked agree"), "{err}");
    let (code, out, err) = common::grundy(&["solve", "fibonacci", "--expect"], "2584 3\n3000 5\n");
    assert_eq!(code, 1, "{err}");
    assert_eq!(
        out,
        "line 1: 2584: expected 3, grundy says P (Grundy value 0)\n\
         line 2: 3000: expected 5, not checked: grundy knows the player to move wins but not \
         this position's Grundy value\n"
    );
    assert!(
        err.contains("1 of 1 position checked disagree with grundy; 1 could not be checked"),
        "{err}"
    );
    let (code, _, err) = common::grundy(&["solve", "fibonacci", "--expect"], "3000 5\n");
    assert_eq!(code, 0, "{err}");
    // The k-th Wythoff P-position is (floor(k phi), floor(k phi^2)); k = 10^21.
    let (a, b) = ("1618033988749894848204", "2618033988749894848204");
    let (code, out, _) = common::grundy(&["solve", "wythoff", a, b, "--json"], "");
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (v["outcome"].as_str(), v["grundy"].as_u64()),
        (Some("P"), Some(0))
    );
    let (code, out, err) =
        common::grundy(&["solve", "wythoff", "--expect"], &format!("{a} {b} 0\n"));
    assert_eq!((code, out.as_str()), (0, ""), "{err}");
}

/// Contest words: First/Second and Win/Lose in any case, --words for the others, and the
/// answers from a file beside the positions; a wrong one is a disagreement, said in its words.
#[test]
fn expect_reads_contest_words_and_answer_files() {
    let input = "3 4 5 first\n1 2 3 SECOND\n3 4 5 Win\n1 2 3 lose\n";
    let (code, out, err) = common::grundy(&["solve", "nim", "--expect"], input);
    assert_eq!((code, out.as_str()), (0, ""), "{err}");
    let (code, out, err) =
        common::grundy(&["solve", "nim", "--expect"], "1 2 3 win\n3 4 5 Second\n");
    assert_eq!(code, 1, "{err}");
    assert_eq!(
        out,
        "line 1: 1 2 3: expected win, grundy says P (Grundy value 0): Lose\n\
         line 2: 3 4 5: expected Second, grundy says N (Grundy value 2): First, e.g. take 2 \
         from heap 1\n"
    );
    let args = ["solve", "nim", "--expect", "--words", "Alice,Bob"];
    let (code, out, err) = common::grundy(&args, "3 4 5 alice\n1 2 3 Bob\n");
    assert_eq!((code, out.as_str()), (0, ""), "{err}");
    let (code, out, _) = common::grundy(&args, "3 4 5 Bob\n");
    assert_eq!(code, 1);
    assert!(
        out.contains("expected Bob, grundy says N (Grundy value 2): Alice"),
        "{out}"
    );
    // Answers in a file: line by line beside the positions (comments keep their line).
    let dir = std::env::temp_dir().join(format!("grundy-expect-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let answers = dir.join("answers.txt");
    std::fs::write(&answers, "YES\n\nno\n").unwrap();
    let file = answers.to_str().unwrap();
    let args = ["solve", "nim", "--expect", file, "--words", "YES,NO"];
    let (code, out, err) = common::grundy(&args, "3 4 5\n# a comment\n1 2 3\n");
    assert_eq!((code, out.as_str()), (0, ""), "{err}");
    let (code, out, _) = common::grundy(&args, "3 4 5\n# a comment\n3 4 5\n");
    assert_eq!(code, 1);
    assert!(out.starts_with("line 3: 3 4 5: expected no"), "{out}");
    // Files of the wrong length, and words without --expect, are refused: one line, exit 2.
    for (input, says) in [
        (
            "3 4 5\n",
            "the answers file has an answer on line 3 but standard input has 1 lines",
        ),
        (
            "3 4 5\n# c\n1 2 3\n3 1\n",
            "the answers file ends at line 3",
        ),
        ("3 4 5\n1 2\n", "line 2 of the answers file is blank"),
    ] {
        let (code, _, err) = common::grundy(&args, input);
        assert_eq!(code, 2, "{input}");
        assert!(err.contains(says), "{err}");
    }
    let (code, _, err) = common::grundy(&["solve", "nim", "--batch", "--words", "A,B"], "3\n");
    assert_eq!(code, 2);
    assert!(
        err.contains("--words names the answers --expect checks"),
        "{err}"
    );
    let (code, _, err) = common::grundy(&["solve", "nim", "--expect", "--words", "A,a"], "3 A\n");
    assert_eq!(code, 2);
    assert!(err.contains("give two different words"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 3, ..Default::default() })]

    /// `--expect` never reports a disagreement that is not one: on every game of the catalog,
    /// random small positions (cells of its table, or its example) with grundy's own answers,
    /// in every vocabulary it accepts, give exit status 0 and print nothing.
    #[test]
    fn expect_agrees_with_grundys_own_answers_in_every_vocabulary(
        picks in proptest::collection::vec(0u64..12, 8)
    ) {
        let registry = grundy::registry::Registry::catalog();
        for entry in registry.entries() {
            let example = entry.info.example;
            let query = registry.parse(example).unwrap();
            let game = query.game().unwrap();
            let spec: Vec<&str> = {
                let words: Vec<&str> = example.split_whitespace().collect();
                words[..words.len() - query.position.len()].to_vec()
            };
            let mut positions = vec![query.position.join(" ")];
            if let Some(shape) = game.table_shape() {
                let grid = matches!(shape, grundy::rules::TableShape::Grid { .. });
                for pair in picks.chunks(2) {
                    let coords: Vec<u64> = if grid { pair.to_vec() } else { vec![pair[0] + pair[1]] };
                    if let Ok(Some(p)) = game.table_position(&coords) {
                        positions.push(grundy::nat::join(&game.canonical(&p).unwrap()));
                    }
                }
            }
            // Each vocabulary: the words after `solve GAME`, and each position's answer in it.
            type Say = fn(&grundy::Analysis) -> Option<String>;
            let vocabularies: [(&[&str], Say); 5] = [
                (&["--expect"], |a| Some(a.outcome.to_string())),
                (&["--expect"], |a| a.grundy.as_ref().map(|g| g.to_string())),
                (&["--expect"], |a| a.outcome.mover_wins().map(|w| (if w { "FIRST" } else { "second" }).into())),
                (&["--expect"], |a| a.outcome.mover_wins().map(|w| (if w { "win" } else { "Lose" }).into())),
                (&["--expect", "--words", "Alice,Bob"], |a| a.outcome.mover_wins().map(|w| (if w { "alice" } else { "BOB" }).into())),
            ];
            for (flags, say) in vocabularies {
                let mut input = String::new();
                for p in &positions {
                    let words: Vec<&str> = p.split_whitespace().collect();
                    let a = game.solve(&game.position(&words).unwrap(), 1).unwrap();
                    if let Some(answer) = say(&a) {
                        input.push_str(&format!("{p} {answer}\n"));
                    }
                }
                if input.is_empty() {
                    continue;
                }
                let mut args = vec!["solve"];
                args.extend(&spec);
                args.extend(flags);
                let (code, out, err) = common::grundy(&args, &input);
                proptest::prop_assert_eq!((code, out.as_str()), (0, ""), "{:?}\n{}{}", args, input, err);
            }
        }
    }
}
