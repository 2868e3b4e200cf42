//! The `grundy` binary end to end: a table of positions with their expected answers, the JSON
//! contract, batch mode, tables, and every kind of bad input.

mod common;

use assert_cmd::Command;
use serde_json::{json, Value};

fn grundy(args: &[&str]) -> (i32, String, String) {
    common::grundy(args, "")
}

fn solve_json(position: &str) -> Value {
    let mut args = vec!["solve"];
    args.extend(position.split_whitespace());
    args.push("--json");
    let (code, out, err) = grundy(&args);
    assert_eq!(code, 0, "{position}: {err}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{position}: {e}: {out}"))
}

/// (solve arguments, outcome, grundy value or null, one expected winning `to`, or "" for none)
const CASES: &[(&str, &str, &str, &str)] = &[
    ("nim 3 4 5", "N", "2", "[1,4,5]"),
    ("nim 1 2 3", "P", "0", ""),
    ("nim --misere 1 1", "N", "null", "[0,1]"),
    ("nim --misere 1 1 1", "P", "null", ""),
    ("nim --misere 5", "N", "null", "[1]"),
    ("bash --max 3 30", "N", "2", "[28]"),
    ("bash --max 3 28", "P", "0", ""),
    ("bash --max 2 --misere 10", "P", "null", ""),
    ("wythoff 4 7", "P", "0", ""),
    ("wythoff 8 4", "N", "1", "[7,4]"),
    ("fibonacci 13", "P", "0", ""),
    ("fibonacci 10", "N", "5", "[8,4]"),
    ("fibonacci 10 1", "P", "0", ""),
    ("fibonacci 3 3", "N", "3", "[0,0]"),
    ("staircase 3 4 5", "N", "6", "[5,2,5]"),
    ("subtraction --set 1,3,4 7", "P", "0", ""),
    ("subtraction --set 1,3,4 6", "N", "2", "[2]"),
    ("all-but --set 1,2 2", "P", "0", ""),
    ("all-but --set 1,2 4 5", "P", "0", ""),
    ("all-but --set 1,2 10 7", "N", "1", "[6,7]"),
    (
        "all-but --set 1,2 1000000000000000000 7",
        "N",
        "333333333333333335",
        "[6,7]",
    ),
    ("split-nim 3 5", "N", "12", "[3,3]"),
    ("lasker 3", "N", "4", "[0]"),
    ("kayles 4 4", "P", "0", ""),
    ("kayles 5", "N", "4", "[2,2]"),
    ("dawson 5", "P", "0", ""),
    ("grundys-game 7", "P", "0", ""),
    ("grundys-game 8", "N", "2", "[1,7]"),
    ("octal 0.137 3", "N", "2", "[]"),
    (
        "octal 0.8 1000000000000000000000000000000 5",
        "N",
        "333333333333333333333333333332",
        "[5,499999999999999999999999999997,499999999999999999999999999997,5]",
    ),
    ("euclid 25 7", "N", "3", "[11,7]"),
    ("euclid 7 5", "P", "0", ""),
    ("circle 2", "N", "2", "[0]"),
    ("circle 9", "P", "0", ""),
    ("georgia-bob 1 2 3", "P", "0", ""),
    ("georgia-bob 2 4", "N", "1", "[2,3]"),
    ("cutting 2x2", "P", "0", ""),
    ("cutting 4x2", "N", "1", "[\"2x2\",\"2x2\"]"),
    ("cutting 1x3", "N", "null", "[\"1x1\",\"1x2\"]"),
    ("thanos 3 3", "P", "0", ""),
    ("thanos 3 5", "N", "6", "[3,3]"),
    ("moore --k 2 1 2 3", "N", "6", "[1,1,1]"),
    ("moore --k 2 1 1 1", "P", "0", ""),
    (
        "partizan-subtraction --left 1 --right 2 1",
        "L",
        "null",
        "[0]",
    ),
    ("parity-split 1 1", "P", "0", ""),
    ("parity-split 3", "N", "1", "[1,2]"),
    ("cram ....|....|....", "N", "1", "[\"#...|#...|....\"]"),
    ("cram ....|....", "P", "0", ""),
    ("cram .....|.....|.....|.....|.....", "P", "0", ""),
];

#[test]
fn every_game_answers_its_table_of_positions() {
    for &(position, outcome, grundy, to) in CASES {
        let v = solve_json(position);
        assert_eq!(v["outcome"], outcome, "{position}");
        assert_eq!(v["grundy"].to_string(), grundy, "{position}");
        let moves = v["winning_moves"].as_array().expect("array");
        if to.is_empty() {
            assert!(moves.is_empty(), "{position}: {moves:?}");
        } else {
            let tos: Vec<String> = moves.iter().map(|m| m["to"].to_string()).collect();
            assert!(tos.contains(&to.to_string()), "{position}: {tos:?}");
            assert!(moves.iter().all(|m| m["move"].is_string()));
        }
        assert_eq!(v["winning_moves_truncated"], false, "{position}");
        // Only heaps beyond the table of a hexadecimal arithmetic period are searched in part.
        let partial = position.starts_with("octal 0.8 ");
        assert_eq!(v["winning_moves_partial"], partial, "{position}");
        assert!(v["explanation"].as_str().is_some_and(|e| e.len() > 20));
        assert!(v["game"].is_string() && v["position"].is_array());
        // The game's name and options apart, and as written (the query's words up to the
        // position, which here is the last word or two).
        assert!(v["options"].is_object(), "{position}");
        let spec = v["spec"].as_str().unwrap();
        assert!(position.starts_with(spec), "{position}: {spec}");
        assert_eq!(spec.split(' ').next(), v["game"].as_str(), "{position}");
    }
}

#[test]
fn the_issue_example_in_text_and_json() {
    let (code, out, _) = grundy(&["solve", "nim", "3", "4", "5"]);
    assert_eq!(code, 0);
    assert!(out.contains("N-position"), "{out}");
    assert!(out.contains("take 2 from heap 1"), "{out}");
    assert!(out.contains("1 4 5"), "{out}");
    let v = solve_json("nim 3 4 5");
    assert_eq!(
        v,
        serde_json::json!({
            "game": "nim", "options": {}, "spec": "nim",
            "position": [3, 4, 5], "outcome": "N", "grundy": 2,
            "winning_moves": [{"to": [1, 4, 5], "move": "take 2 from heap 1"}],
            "winning_moves_truncated": false,
            "winning_moves_partial": false,
            "explanation": v["explanation"].clone(),
            "remoteness": 11,
        })
    );
    // Remoteness is said in the text too, and is absent where it is not known (a position
    // too large to search).
    assert!(out.contains("Remoteness: 11"), "{out}");
    assert!(solve_json("nim 300 400 500").get("remoteness").is_none());
    assert_eq!(
        solve_json("bash --max 3 1000000000001")["remoteness"],
        500000000001u64
    );
}

#[test]
fn huge_integers_are_exact_json_integers() {
    let big = "123456789012345678901234567890123456789012345678901234567890";
    let (code, out, err) = grundy(&["solve", "nim", big, "1", "--json"]);
    assert_eq!(code, 0, "{err}");
    // The raw text carries the exact digits, unquoted.
    assert!(out.contains(&format!("\"position\":[{big},1]")), "{out}");
    let expected = "123456789012345678901234567890123456789012345678901234567891";
    assert!(out.contains(&format!("\"grundy\":{expected}")), "{out}");
    for pos in [
        "wythoff 99999999999999999999999999999999 161803398874989484820458683436563",
        "fibonacci 1000000000000000000000000000000000000000",
        "euclid 1000000000000000000000000000007 999999999999999999999999999989",
        "kayles 1000000000000000000000000000000000000000000000",
        "lasker 100000000000000000000000000000000000000003 77",
        "split-nim 100000000000000000000000000000000000000003 77",
        "staircase 100000000000000000000000000000000000000003 77 12",
        "georgia-bob 100000000000000000000000000000000000000003 77 12",
        "thanos 100000000000000000000000000000000000000003 77",
        "moore --k 2 100000000000000000000000000000000000000003 77 12",
        "subtraction --set 2,3,7 100000000000000000000000000000000000000003",
        "circle 100000000000000000000000000000000000000003",
        "parity-split 100000000000000000000000000000000000000003 77",
        "bash --max 99999999999999999999 100000000000000000000000000000000000000003",
        "partizan-subtraction --left 1,4 --right 2,3 1000000000000000000000000000000",
    ] {
        let v = solve_json(pos);
        assert!(
            ["N", "P", "L", "R"].contains(&v["outcome"].as_str().unwrap()),
            "{pos}"
        );
    }
}

/// A board answered by search says what was searched, as new fields beside the old ones; a
/// board decided by a theorem, and a game with a closed form, have none.
#[test]
fn searched_answers_say_what_was_searched() {
    let cram = solve_json("cram .......|.......|.......|.......");
    assert_eq!(cram["grundy"], json!(3));
    assert!(cram["search"]["positions"].as_u64().unwrap() > 0);
    assert!(cram["search"]["milliseconds"].is_u64());
    assert!(cram["search"]["depth"].as_u64().unwrap() > 0);
    let even = solve_json("cram ......|......");
    assert_eq!(even["outcome"], json!("P"));
    assert!(even.get("search").is_none());
    // Domineering on 5x6 is worth -3/2 (Right wins whoever starts): past 24 empty cells,
    // solve searches instead of valuing.
    let dom = solve_json("domineering ......|......|......|......|......");
    assert_eq!(dom["outcome"], json!("R"));
    assert!(dom["search"]["positions"].as_u64().unwrap() > 0);
    assert!(dom["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .all(|m| m["player"] == "Right"));
    assert!(solve_json("nim 3 4 5").get("search").is_none());
    // Small enough for the listing's floor: every move examined, with or without asking.
    assert_eq!(dom["winning_moves_partial"], false);
    let all = solve_json("domineering ......|......|......|......|...... --all-moves");
    assert_eq!(all["winning_moves"], dom["winning_moves"]);
}

#[test]
fn winning_moves_are_capped_and_marked() {
    let v = solve_json("kayles 1000000000000000000 --max-moves 3");
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 3);
    assert_eq!(v["winning_moves_truncated"], true);
    let v = solve_json("split-nim 40 --max-moves 1000");
    assert_eq!(v["winning_moves_truncated"], false);
}

#[test]
fn partizan_moves_say_who_moves() {
    let v = solve_json("partizan-subtraction --left 1,2 --right 2,3 10");
    assert!(v["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .all(|m| m["player"] == "Left" || m["player"] == "Right"));
    let v = solve_json("nim 3 4 5");
    assert!(v["winning_moves"][0].get("player").is_none());
}

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
fn tables_print_rows_and_grids() {
    let (code, out, _) = grundy(&["table", "bash", "--max", "3", "--to", "8"]);
    assert_eq!(code, 0);
    assert!(out.contains("P N N N P N N N P"), "{out}");
    let (code, out, _) = grundy(&["table", "wythoff", "--to", "5"]);
    assert_eq!(code, 0);
    assert!(out.contains("2 | N P N N N N"), "{out}");
    let (code, out, _) = grundy(&["table", "kayles", "--grundy", "--to", "11"]);
    assert_eq!(code, 0);
    let spaced: Vec<&str> = out.lines().nth(2).unwrap().split_whitespace().collect();
    assert_eq!(spaced.join(" "), "0 1 2 3 1 4 3 2 1 4 2 6", "{out}");
    let (code, out, _) = grundy(&["table", "euclid", "--json", "--to", "3"]);
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["cells"].as_array().unwrap().len(), 9);
}

#[test]
fn list_and_rules_cover_every_game() {
    let (code, out, _) = grundy(&["list"]);
    assert_eq!(code, 0);
    for info in grundy::catalog::CATALOG.iter().map(|e| e.info) {
        assert!(out.contains(info.name), "{} missing from list", info.name);
        let (code, rules, _) = grundy(&["rules", info.name]);
        assert_eq!(code, 0);
        assert!(rules.contains("Source"), "{}", info.name);
    }
}

#[test]
fn bad_input_is_one_line_and_exit_status_2() {
    let cases: &[&[&str]] = &[
        &["solve", "chess", "1"],
        &["solve", "nim", "3", "x"],
        &["solve", "nim", "-3"],
        &["solve", "nim", "1.5"],
        &["solve", "bash", "7"],
        &["solve", "bash", "--max", "0", "7"],
        &["solve", "bash", "--max", "3"],
        &["solve", "wythoff", "1"],
        &["solve", "georgia-bob", "3", "3"],
        &["solve", "georgia-bob", "0", "3"],
        &["solve", "thanos", "1", "2", "3"],
        &["solve", "subtraction", "--set", "", "3"],
        &["solve", "subtraction", "--set", "0,1", "3"],
        &["solve", "subtraction", "--set", "1,a", "3"],
        &["solve", "subtraction", "3"],
        &["solve", "all-but", "--set", "0", "3"],
        &["solve", "all-but", "--set", "2,x", "3"],
        &[
            "solve",
            "all-but",
            "--set",
            "1000000000000",
            "1000000000000000",
        ],
        &["solve", "octal", "0.8x", "3"],
        &["solve", "octal", "0.", "3"],
        &["solve", "octal", "077", "3"],
        &["solve", "octal", "1.7", "3"],
        &["solve", "cutting", "5y4"],
        &["solve", "cutting", "0x4"],
        &["solve", "cutting", "100000x3"],
        &["solve", "grundys-game", "100000000000000"],
        &["solve", "moore", "--k", "0", "1"],
        &["solve", "parity-split", "0"],
        &["solve", "fibonacci", "1", "2", "3"],
        &["solve", "nim", "1", "--max-moves", "lots"],
        &["solve", "nim", "--batch", "3"],
        &["table", "nim", "3"],
        &["table", "thanos"],
        &["table", "nim", "--to", "5000"],
        &["rules", "chess"],
        &["frobnicate"],
    ];
    for args in cases {
        let (code, out, err) = grundy(args);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("grundy: "), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
    }
}

#[test]
fn explanations_of_empty_positions_read_whole() {
    for game in [
        "nim",
        "kayles",
        "octal 0.6",
        "subtraction --set 1,2",
        "all-but --set 1",
        "cutting",
        "staircase",
        "lasker",
    ] {
        let v = solve_json(game);
        let text = v["explanation"].as_str().expect("an explanation");
        assert_eq!(v["outcome"], "P", "{game}");
        assert!(
            !text.contains(" ,") && !text.contains(": ,") && !text.contains("Here ,"),
            "{game}: {text}"
        );
    }
}

#[test]
fn argument_errors_name_what_is_wrong_and_where_help_is() {
    // (arguments, words the one line must hold)
    let cases: &[(&[&str], &[&str])] = &[
        (
            &["solve", "subtraction", "5"],
            &["required", "--set", "see grundy solve subtraction --help"],
        ),
        (
            &["solve", "partizan-subtraction", "5"],
            &[
                "--left",
                "--right",
                "see grundy solve partizan-subtraction --help",
            ],
        ),
        (
            &["sequence", "octal", "--to", "5"],
            &["<CODE>", "see grundy sequence octal --help"],
        ),
        (
            &["solve", "nim", "--jsn", "3"],
            &[
                "'--jsn'",
                "similar",
                "'--json'",
                "see grundy solve nim --help",
            ],
        ),
        (
            &["solve", "nim", "--max-moves", "x", "3"],
            &["'x'", "--max-moves", "see grundy solve nim --help"],
        ),
        (
            &["solve", "frob", "3"],
            &["'frob'", "see grundy solve --help"],
        ),
        (
            &["sequence", "kayles", "--to", "-3"],
            &["--to '-3'", "negative"],
        ),
    ];
    for (args, words) in cases {
        let (code, out, err) = grundy(args);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        for word in *words {
            assert!(err.contains(word), "{args:?}: {word:?} not in {err}");
        }
    }
}

#[test]
fn games_doc_is_generated_from_the_catalog() {
    let mut doc = String::from(
        "# Games\n\nGenerated from the catalog (`grundy rules GAME --markdown`); the test \
         `games_doc_is_generated_from_the_catalog` keeps it current \
         (`UPDATE_DOCS=1 cargo test` rewrites it).\n",
    );
    for entry in grundy::catalog::CATALOG {
        let info = entry.info;
        doc.push('\n');
        doc.push_str(&grundy_cli::render::rules_markdown(info));
    }
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/games.md");
    if std::env::var_os("UPDATE_DOCS").is_some() {
        std::fs::write(path, &doc).expect("writes docs/games.md");
    }
    let current = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        current == doc,
        "docs/games.md is stale: run UPDATE_DOCS=1 cargo test"
    );
}

/// `--to` of a sequence and a quotient reads a power as grundy-mpi does (`2^6` is 64); a
/// power beyond a machine word or a malformed one is one line, exit 2.
#[test]
fn a_bound_may_be_written_as_a_power() {
    for command in ["sequence", "quotient"] {
        let (code, by_power, err) = grundy(&[command, "kayles", "--to", "2^6", "--json"]);
        assert_eq!(code, 0, "{err}");
        let (_, plain, _) = grundy(&[command, "kayles", "--to", "64", "--json"]);
        assert_eq!(by_power, plain, "{command}");
    }
    for (to, says) in [
        ("2^64", "too large"),
        ("2^x", "not a whole number"),
        ("^3", "not"),
    ] {
        let (code, out, err) = grundy(&["sequence", "kayles", "--to", to]);
        assert_eq!((code, out.as_str()), (2, ""), "{to}");
        assert!(
            err.contains(says) && err.trim().lines().count() == 1,
            "{to}: {err}"
        );
    }
}

#[test]
fn sequence_reports_proved_periods_in_json() {
    let (code, out, err) = grundy(&[
        "sequence",
        "octal",
        "0.156",
        "--to",
        "100000",
        "--until-periodic",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["period"], 349);
    assert_eq!(v["preperiod"], 3479);
    assert_eq!(v["proved"], true);
    assert_eq!(v["saltus"], 0);
    assert!(v["computed"].as_u64().unwrap() < 100_001);
    assert!(v.get("values").is_none());
    for key in ["game", "max_value", "rare"] {
        assert!(v.get(key).is_some(), "{key}");
    }
    let (_, out, _) = grundy(&["sequence", "kayles", "--to", "20", "--values", "--json"]);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["computed"], 21);
    assert_eq!(v["proved"], false);
    assert!(v["period"].is_null() && v["preperiod"].is_null());
    assert_eq!(v["values"][11], 6);
    let (_, out, _) = grundy(&["sequence", "subtraction", "--set", "2,3,7", "--to", "1000"]);
    assert!(out.contains("period 5"), "{out}");
    // Past the proof, the rest follows from the period (a run the mex rule alone would take
    // minutes over: Dawson's Kayles has no sparse space), and says so.
    let (_, out, _) = grundy(&["sequence", "dawson", "--to", "3000000", "--json"]);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (v["computed"].as_u64(), v["period"].as_u64()),
        (Some(3_000_001), Some(34))
    );
    assert_eq!(v["by_period_from"], 1024);
    let (_, out, _) = grundy(&["sequence", "dawson", "--to", "3000"]);
    assert!(
        out.contains("the values from G(1024) on follow from it"),
        "{out}"
    );
    for bad in [
        vec!["sequence", "octal", "0.8x", "--to", "5"],
        vec!["sequence", "octal", "0.", "--to", "5"],
        vec!["sequence", "subtraction", "--set", "0,2", "--to", "5"],
        vec!["sequence", "kayles"],
        // Values asked for past the memory limit must be stored: refused (without
        // --values, Kayles' proved period answers; see tests/hostile.rs).
        vec!["sequence", "kayles", "--to", "99999999999999", "--values"],
    ] {
        let (code, _, err) = grundy(&bad);
        assert_eq!(code, 2, "{bad:?}");
        assert_eq!(err.lines().count(), 1, "{bad:?}: {err}");
    }
}

/// Runs `grundy ARGS --checkpoint CKPT` to be killed where `kill` says (`GRUNDY_TEST_KILL`:
/// `during:K`, in the middle of writing its K-th save, or `after:K`, just after it is synced);
/// returns whether it was (it ended without success) and the checkpoint's size then.
fn killed_run(args: &[&str], ckpt: &std::path::Path, kill: &str) -> (bool, u64) {
    let status = std::process::Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(args)
        .arg("--checkpoint")
        .arg(ckpt)
        .env("GRUNDY_TEST_KILL", kill)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .unwrap();
    let size = std::fs::metadata(ckpt).map(|m| m.len()).unwrap_or(0);
    (!status.success(), size)
}

/// The values a checkpoint holds in whole blocks, read as its format is documented (two
/// header lines, then blocks of `n`, `len`, `len` bytes of values, a checksum): a last block
/// torn by a kill counts for nothing, as it does when the file is next opened.
fn saved_values(ckpt: &std::path::Path) -> u64 {
    let Ok(bytes) = std::fs::read(ckpt) else {
        return 0;
    };
    let word = |i: usize| u32::from_le_bytes(bytes[i..i + 4].try_into().unwrap()) as usize;
    let mut at = bytes
        .iter()
        .enumerate()
        .filter(|&(_, &b)| b == b'\n')
        .nth(1)
        .map_or(bytes.len(), |(i, _)| i + 1);
    let mut values = 0;
    while at + 8 <= bytes.len() && at + 12 + word(at + 4) <= bytes.len() {
        values += word(at) as u64;
        at += 12 + word(at + 4);
    }
    values
}

/// Runs `grundy ARGS` to the end resuming from `ckpt`, and without it: their JSON values must
/// be the same; returns the resumed run's report.
fn resume_matches_a_straight_run(args: &[&str], ckpt: &std::path::Path) -> Value {
    let bin = assert_cmd::cargo::cargo_bin("grundy");
    let resumed = Command::new(&bin)
        .args(args)
        .arg("--checkpoint")
        .arg(ckpt)
        .output()
        .unwrap();
    let straight = Command::new(&bin).args(args).output().unwrap();
    assert!(resumed.status.success() && straight.status.success());
    let a: Value = serde_json::from_slice(&resumed.stdout).unwrap();
    let b: Value = serde_json::from_slice(&straight.stdout).unwrap();
    assert_eq!(a["values"], b["values"]);
    a
}

#[test]
fn a_sequence_killed_while_saving_resumes_to_the_same_values() {
    let dir = std::env::temp_dir().join(format!("grundy-kill-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ckpt = dir.join("run.ckpt");
    // 0.E (three-heap moves, values growing with the heap) costs about n³: a run of seconds
    // that saves its checkpoint several times.
    let args = [
        "sequence", "octal", "0.E", "--to", "10000", "--values", "--json",
    ];
    // Killed just after its first save, then in the middle of writing the next (a torn
    // append): at the same moments of the run on any machine, however fast or loaded.
    let (killed, first) = killed_run(&args, &ckpt, "after:1");
    assert!(killed && first > 0, "killed {killed}, {first} bytes saved");
    let (killed, torn) = killed_run(&args, &ckpt, "during:1");
    assert!(
        killed && torn > first,
        "killed {killed}: {first} bytes, then {torn}"
    );
    let a = resume_matches_a_straight_run(&args, &ckpt);
    assert_eq!(a["computed"], 10_001);
    // The finished checkpoint holds every value, in whole blocks.
    assert_eq!(saved_values(&ckpt), 10_001);
    std::fs::remove_dir_all(&dir).unwrap();
}

fn play(args: &[&str], input: &str) -> (i32, String) {
    let out = Command::cargo_bin("grundy")
        .unwrap()
        .arg("play")
        .args(args)
        .write_stdin(input)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        format!(
            "{}{}",
            String::from_utf8(out.stdout).unwrap(),
            String::from_utf8(out.stderr).unwrap()
        ),
    )
}

#[test]
fn play_a_whole_game_of_nim_through_standard_input() {
    // 1 2 → 1 1 (a P-position); the engine must move to 1 0 or 0 1; the user takes the rest.
    let (code, out) = play(&["nim", "1", "2"], "1 1\nhint\n7 7\n0 0\n");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("grundy plays take 1 from heap "), "{out}");
    assert!(out.contains("Winning move"), "{out}");
    assert!(
        out.contains("Not a move: '7 7' is not a move from "),
        "{out}"
    );
    assert!(out.ends_with("You win!\n"), "{out}");
}

#[test]
fn the_engine_wins_from_a_winning_position_and_undo_takes_back_a_turn() {
    // The engine starts from an N-position: whatever the user does, it wins.
    let input = "moves\n1 0\n0 1\n0 0\n";
    let (code, out) = play(&["nim", "2", "3", "--engine-first"], input);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("grundy plays take 1 from heap 2  →  2 2"),
        "{out}"
    );
    let (_, out) = play(&["nim", "3", "3"], "3 1\nundo\nquit\n");
    assert!(out.matches("Position: 3 3").count() == 2, "{out}");
    let (_, out) = play(&["nim", "3", "3"], "undo\nquit\n");
    assert!(out.contains("Nothing to undo"), "{out}");
}

#[test]
fn play_refuses_what_it_cannot_play() {
    let (code, out) = play(&["nim", "100000000000000000000"], "quit\n");
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("too many moves"), "{out}");
    let (code, out) = play(&["nim", "3", "--as", "left"], "");
    assert_eq!(code, 2, "{out}");
    assert_eq!(out.lines().count(), 1, "{out}");
}

#[test]
fn a_broken_circle_is_played_on_as_rows() {
    // From a row of 3 the only winning reply takes the middle coin.
    let (code, out) = play(&["circle", "4"], "rows 3\nrows 1\n");
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("grundy plays take the middle coin  →  rows 1 1")
            || out.contains("grundy plays rows 1 1"),
        "{out}"
    );
    assert!(
        out.contains("  →  0\n") || out.contains("grundy plays 0\n"),
        "{out}"
    );
    assert!(out.ends_with("grundy wins.\n"), "{out}");
}

#[test]
fn partizan_games_are_played_as_left_or_right() {
    let game = [
        "partizan-subtraction",
        "--left",
        "1,2",
        "--right",
        "2,3",
        "3",
    ];
    // Left takes 2, leaving 1: Right (the engine) cannot take 2 or 3.
    let (code, out) = play(&game, "1\n");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("You play Left, grundy plays Right."), "{out}");
    assert!(
        out.contains("Position: 1 (Right to move) — Right has no move left."),
        "{out}"
    );
    assert!(out.ends_with("You win!\n"), "{out}");
    // As Right, after the engine's first move: Left's only winning move is 3 → 1.
    let mut as_right = game.to_vec();
    as_right.extend(["--as", "right", "--engine-first"]);
    let (code, out) = play(&as_right, "");
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("grundy plays take 2 from heap 1  →  1"),
        "{out}"
    );
    assert!(out.ends_with("grundy wins.\n"), "{out}");
    // Right's moves are not Left's.
    let (_, out) = play(&game, "0\nquit\n");
    assert!(
        out.contains("Not a move: '0' is not a move from 3"),
        "{out}"
    );
}

#[test]
fn plot_writes_maps_and_sequences_and_refuses_what_it_cannot_draw() {
    let dir = std::env::temp_dir().join(format!("grundy-plot-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = |name: &str| dir.join(name).to_str().unwrap().to_string();
    for (args, name) in [
        (vec!["plot", "wythoff", "--size", "30"], "w.png"),
        (vec!["plot", "euclid", "--grundy"], "e.svg"),
        (vec!["plot", "kayles", "--size", "120"], "k.png"),
        (vec!["plot", "bash", "--size", "20"], "b.svg"),
        (vec!["plot", "fibonacci"], "f.png"),
        (
            vec!["plot", "subtraction", "--set", "1,3,4", "--two-heaps"],
            "s.png",
        ),
        (
            vec!["plot", "kayles", "--two-heaps", "--grundy", "--size", "30"],
            "k2.svg",
        ),
        (vec!["plot", "octal", "0.8"], "h.svg"),
        (vec!["plot", "thermograph", "{3||2|1}"], "t.svg"),
        (
            vec!["plot", "thermograph", "domineering", "...|..."],
            "t.png",
        ),
        (
            vec![
                "plot",
                "thermograph",
                "partizan-subtraction",
                "--left",
                "1,2",
                "--right",
                "2,3",
                "10",
            ],
            "t2.svg",
        ),
    ] {
        let out = file(name);
        let mut all = args.clone();
        all.extend(["--out", &out]);
        let (code, text, err) = grundy(&all);
        assert_eq!(code, 0, "{all:?}: {err}");
        assert!(text.contains("wrote"), "{text}");
        assert!(std::fs::metadata(&out).unwrap().len() > 1000, "{out}");
    }
    let svg = std::fs::read_to_string(file("e.svg")).unwrap();
    assert!(svg.starts_with("<svg"), "{}", &svg[..50]);
    // An arithmetic period is titled as one, not as a plain period.
    let svg = std::fs::read_to_string(file("h.svg")).unwrap();
    assert!(
        svg.contains("G(n + 3) = G(n) + 1 for n ≥ 1 (proved)"),
        "0.8's title"
    );
    // A thermograph is titled with the value, its mean and temperature.
    let svg = std::fs::read_to_string(file("t.svg")).unwrap();
    assert!(
        svg.contains("mean 9/4, temperature 3/4"),
        "thermograph title"
    );
    for bad in [
        vec!["plot", "thermograph", "{1|", "--out", "/tmp/x.png"],
        vec![
            "plot",
            "thermograph",
            "domineering",
            "..x",
            "--out",
            "/tmp/x.png",
        ],
        vec!["plot", "thanos", "--out", "/tmp/x.png"],
        vec!["plot", "nim", "--out", "/tmp/x.gif"],
        vec!["plot", "nim"],
        vec!["plot", "nim", "--out", "/tmp/x.png", "--size", "0"],
        vec!["plot", "wythoff", "--two-heaps", "--out", "/tmp/x.png"],
    ] {
        let (code, _, err) = grundy(&bad);
        assert_eq!(code, 2, "{bad:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{bad:?}: {err}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn completions_and_the_manual_know_every_game() {
    for shell in ["bash", "zsh", "fish"] {
        let (code, out, err) = grundy(&["completions", shell]);
        assert_eq!(code, 0, "{shell}: {err}");
        for entry in grundy::catalog::CATALOG {
            assert!(out.contains(entry.name()), "{shell}: {}", entry.name());
        }
        assert!(
            out.contains("misere") && out.contains("max-moves"),
            "{shell}"
        );
    }
    let (code, out, _) = grundy(&["man"]);
    assert_eq!(code, 0);
    assert!(out.contains(".TH grundy 1") && out.contains("solve"));
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

#[test]
fn a_move_is_chosen_by_its_number_and_a_partizan_hint_is_for_your_side() {
    let (code, out) = play(&["nim", "2", "3"], "moves\n#2\n#99\nquit\n");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("  #2   take 1 from heap 1  →  1 3"), "{out}");
    assert!(
        out.contains("Position: 1 3\ngrundy plays take 2 from heap 2  →  1 1"),
        "{out}"
    );
    assert!(out.contains("No move #99: the moves are #1 to #2"), "{out}");
    // Playing Right from 10: the hint lists Right's winning move only.
    let game = [
        "partizan-subtraction",
        "--left",
        "1,2",
        "--right",
        "2,3",
        "10",
        "--as",
        "right",
    ];
    let (code, out) = play(&game, "hint\nquit\n");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("Right takes 2  →  8"), "{out}");
    assert!(!out.contains("Left takes"), "{out}");
}

#[test]
fn a_sequence_killed_again_and_again_resumes_to_the_same_values() {
    let dir = std::env::temp_dir().join(format!("grundy-kills-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ckpt = dir.join("run.ckpt");
    let args = [
        "sequence", "octal", "0.E", "--to", "12000", "--values", "--json",
    ];
    // Six runs, each resuming from what the one before left and killed in the middle of a
    // save (a torn append; the first, a new file never renamed into place) or just after one.
    // What is saved never goes back, and a run killed just after a save has added to it. (The
    // bytes may shrink: a torn block is dropped when the next run opens the file, and how many
    // values that run saves first depends on the machine's speed.)
    let mut before = 0;
    for kill in [
        "during:1", "after:2", "during:3", "after:1", "during:2", "after:1",
    ] {
        let (killed, _) = killed_run(&args, &ckpt, kill);
        assert!(killed, "{kill}: the run ended before it was killed");
        let saved = saved_values(&ckpt);
        assert!(
            saved >= before,
            "{kill}: the checkpoint went back from {before} values to {saved}"
        );
        if kill.starts_with("after") {
            assert!(
                saved > before,
                "{kill}: a save added nothing to {before} values"
            );
        }
        before = saved;
    }
    resume_matches_a_straight_run(&args, &ckpt);
    std::fs::remove_dir_all(&dir).ok();
}

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
    assert_eq!(err, "grundy: game '{1|': a bracket is not closed\n");
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

#[test]
fn json_names_the_game_and_its_options_apart() {
    let v = solve_json("bash --max 3 --misere 7");
    assert_eq!(v["game"], "bash");
    assert_eq!(
        v["options"],
        serde_json::json!({"max": "3", "misere": true})
    );
    assert_eq!(v["spec"], "bash --max 3 --misere");
    let (code, out, err) = grundy(&["sequence", "octal", "0.6", "--to", "5", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (&v["game"], &v["options"], &v["spec"]),
        (
            &json!("octal"),
            &json!({"code": "0.6"}),
            &json!("octal 0.6")
        )
    );
    let (code, out, err) = grundy(&[
        "table",
        "subtraction",
        "--set",
        "1,2",
        "--to",
        "3",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (&v["game"], &v["options"], &v["spec"]),
        (
            &json!("subtraction"),
            &json!({"set": "1,2"}),
            &json!("subtraction --set 1,2")
        )
    );
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
                    if let Ok(Some(words)) = game.table_words(&coords) {
                        let words: Vec<String> = words.iter().map(|t| t.to_string()).collect();
                        positions.push(words.join(" "));
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
                    let a = game.solve(&words, 1).unwrap();
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

/// A game's options end where the position begins, and the answer shows where: the set
/// read from `--set 1 3 10` is {1}, the heaps 3 and 10.
#[test]
fn the_options_read_are_shown_apart_from_the_position() {
    let (code, out, err) = grundy(&["solve", "subtraction", "--set", "1", "3", "10"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("subtraction --set 1, position 3 10: "),
        "{out}"
    );
    let (_, out, _) = grundy(&["solve", "kayles", "3", "4"]);
    assert!(out.starts_with("kayles 3 4: "), "{out}");
}

/// Misspelt names get the nearest one; CGSuite notation errors say what was found, where,
/// and what was expected, in the words that were typed.
#[test]
fn errors_name_what_was_meant_and_where() {
    let (code, _, err) = grundy(&["solve", "nmi", "3", "4"]);
    assert_eq!(code, 2);
    assert!(err.contains("did you mean 'nim'?"), "{err}");
    let (code, _, err) = grundy(&["cgt", "^ )"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("')' at column 3 was not expected here; expected an operator"),
        "{err}"
    );
    let (_, _, err) = grundy(&["cgt", "{1 2|3}"]);
    assert!(err.contains("the number 2 at column 4"), "{err}");
    assert!(!err.contains("Num(") && !err.contains("Angle("), "{err}");
}

/// A partizan game played to its end in the terminal, as Right: the last move wins.
#[test]
fn a_partizan_game_is_played_to_its_end() {
    let (code, out) = play(&["domineering", "...|...", "--as", "right"], "#1\n#1\n");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("grundy plays c1-c2  →  ###|..#"), "{out}");
    assert!(out.contains("     a b c\n   1 # # #\n   2 . . #"), "{out}");
    assert!(out.ends_with("You win!\n"), "{out}");
    // Left still has a vertical domino: only Right's moves are gone, and the words say so.
    let (code, out) = play(&["domineering", ".|.", "--as", "right"], "");
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("Position: .|. (Right to move) — Right has no move left."),
        "{out}"
    );
    assert!(out.ends_with("grundy wins.\n"), "{out}");
    let (code, out) = play(&["hackenbush", "e", "--engine-first", "--as", "right"], "");
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("Position: 0 (Right to move) — Right has no move left."),
        "{out}"
    );
    assert!(out.ends_with("grundy wins.\n"), "{out}");
    let (code, out) = play(&["clobber", "xo"], "a1-b1\n");
    assert_eq!(code, 0, "{out}");
    assert!(out.ends_with("You win!\n"), "{out}");
    // Moves typed as hint says them.
    let (code, out) = play(&["nim", "3", "4", "5"], "Take 2 from heap 1\nquit\n");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("Position: 1 4 5\ngrundy plays"), "{out}");
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

/// Many small heaps are answered, never aborted: the remoteness search, which once ran out of
/// memory on a thousand heaps of 5 ("memory allocation failed", signal 6), knows its cost
/// before it starts and leaves a position of more than 32 heaps alone.
#[test]
fn a_thousand_heaps_of_every_heap_game_are_answered() {
    let heaps: Vec<String> = vec!["5".to_string(); 1000];
    for game in [
        "nim",
        "staircase",
        "subtraction --set 1,2",
        "all-but --set 1,2",
        "kayles",
        "dawson",
        "grundys-game",
        "split-nim",
        "lasker",
        "octal 0.137",
    ] {
        let mut args: Vec<&str> = vec!["solve"];
        args.extend(game.split_whitespace());
        args.extend(heaps.iter().map(String::as_str));
        args.push("--json");
        let (code, out, err) = common::grundy(&args, "");
        assert_eq!(code, 0, "{game}: {err}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["position"].as_array().unwrap().len(), 1000, "{game}");
        assert!(v["remoteness"].is_null(), "{game}");
    }
    let many = vec!["5"; 20_000].join(" ");
    let (code, out, err) = common::grundy(&["solve", "nim", "--batch"], &format!("{many}\n"));
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains(": P"),
        "{}",
        &out[out.len().saturating_sub(80)..]
    );
}

/// Misère answers come: heaps beyond the quotient's first 40 are decided by a quotient proved
/// for every heap (Kayles' pretending function is periodic), any size; where none is found,
/// the search's size is counted first and refused at once, with its count.
#[test]
fn misere_heaps_are_decided_by_a_proved_quotient_or_refused_up_front() {
    for heaps in [&["100"][..], &["1000", "77"], &["1000", "77", "5"]] {
        let mut args = vec!["solve", "--misere", "kayles"];
        args.extend(heaps);
        args.push("--json");
        let (code, out, err) = common::grundy(&args, "");
        assert_eq!(code, 0, "{heaps:?}: {err}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        let why = v["explanation"].as_str().unwrap();
        assert!(why.contains("misère quotient"), "{heaps:?}: {why}");
        assert_eq!(v["outcome"], "N", "{heaps:?}");
        // Each winning move leaves a P-position, by the same rule (checked in one batch).
        let mut lines = String::new();
        for m in v["winning_moves"].as_array().unwrap() {
            let to: Vec<String> = m["to"]
                .as_array()
                .unwrap()
                .iter()
                .map(|h| h.to_string())
                .collect();
            lines.push_str(&format!("{} P\n", to.join(" ")));
        }
        assert!(!lines.is_empty());
        let args = ["solve", "--misere", "kayles", "--expect"];
        let (code, out, err) = common::grundy(&args, &lines);
        assert_eq!((code, out.as_str()), (0, ""), "{heaps:?}: {err}");
    }
    for (game, heaps, count) in [
        ("grundys-game", &["50", "60"][..], "5.5e9"),
        ("dawson", &["100"], "1.6e9"),
    ] {
        let mut args = vec!["solve", "--misere", game];
        args.extend(heaps);
        let (code, _, err) = common::grundy(&args, "");
        assert_eq!(code, 2, "{game}");
        assert!(
            err.contains(&format!("searching up to about {count} positions below it")),
            "{err}"
        );
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

/// Runs `grundy ARGS` on one thread (so that the positions searched are the same on any
/// machine), killed where `kill` says when it is given (see [`killed_run`]): its exit code,
/// standard output and standard error.
fn search_run(args: &[&str], kill: Option<&str>) -> (Option<i32>, String, String) {
    let mut command = std::process::Command::new(assert_cmd::cargo::cargo_bin("grundy"));
    command.args(args).env("RAYON_NUM_THREADS", "1");
    if let Some(kill) = kill {
        command.env("GRUNDY_TEST_KILL", kill);
    }
    let out = command.output().unwrap();
    let text = |b: Vec<u8>| String::from_utf8(b).unwrap();
    (out.status.code(), text(out.stdout), text(out.stderr))
}

/// A checkpoint no search used is said, not left unsaid: the answer is given, the file is
/// not made, and standard error says why; a search that saves says nothing of it.
#[test]
fn a_checkpoint_no_search_used_is_said() {
    let dir = std::env::temp_dir().join(format!("grundy-unused-ckpt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ckpt = dir.join("c.ckpt");
    let ckpt_arg = ckpt.to_str().unwrap();
    let (code, out, err) = grundy(&["solve", "nim", "3", "4", "5", "--checkpoint", ckpt_arg]);
    assert_eq!(code, 0);
    assert!(out.contains("nim-sum"), "{out}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains(&format!("--checkpoint {ckpt_arg} was not used")),
        "{err}"
    );
    assert!(!ckpt.exists());
    let (code, _, err) = grundy(&["solve", "cram", "....|....|....", "--checkpoint", ckpt_arg]);
    assert_eq!(code, 0);
    assert!(err.is_empty(), "{err}");
    assert!(ckpt.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A search killed just after a save, then killed in the middle of its next one (written
/// aside, never renamed), goes on from its last save to the answer of a run from scratch,
/// searching fewer positions; a finished one answers from its checkpoint alone. A
/// checkpoint of another board, or one with a byte changed, is refused in one line.
#[test]
fn a_search_killed_while_saving_resumes_to_the_same_answer() {
    let dir = std::env::temp_dir().join(format!("grundy-search-kill-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ckpt = dir.join("d.ckpt");
    let ckpt_arg = ckpt.to_str().unwrap();
    let board = ["........"; 8].join("|");
    let mut args = vec!["solve", "domineering", &board, "--max-moves", "0", "--json"];
    let (code, out, err) = search_run(&args, None);
    assert_eq!(code, Some(0), "{err}");
    let straight: Value = serde_json::from_str(&out).unwrap();
    let positions = |v: &Value| v["search"]["positions"].as_u64().unwrap();
    args.extend(["--checkpoint", ckpt_arg, "--checkpoint-every", "0"]);
    let (code, _, _) = search_run(&args, Some("after:40"));
    assert_ne!(code, Some(0), "the run was to be killed");
    let saved = std::fs::read(&ckpt).unwrap();
    let (code, _, _) = search_run(&args, Some("during:1"));
    assert_ne!(code, Some(0), "the run was to be killed");
    assert_eq!(
        std::fs::read(&ckpt).unwrap(),
        saved,
        "a torn save replaced the last"
    );
    let (code, out, err) = search_run(&args, None);
    assert_eq!(code, Some(0), "{err}");
    let resumed: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(resumed["outcome"], straight["outcome"]);
    assert!(
        positions(&resumed) < positions(&straight),
        "{} positions resumed, {} from scratch",
        positions(&resumed),
        positions(&straight)
    );
    let (_, out, _) = search_run(&args, None);
    let again: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (again["outcome"].clone(), positions(&again)),
        (straight["outcome"].clone(), 0)
    );
    assert!(again["search"]["loaded"].as_u64().unwrap() > 0);
    let why = again["explanation"].as_str().unwrap();
    assert!(why.contains("positions its checkpoint held"), "{why}");
    // Another board, and a damaged file.
    let other = ["........"; 7].join("|");
    let (code, _, err) = search_run(
        &["solve", "domineering", &other, "--checkpoint", ckpt_arg],
        None,
    );
    assert_eq!(code, Some(2));
    assert!(
        err.contains("of another search (domineering 8x8)") && err.trim().lines().count() == 1,
        "{err}"
    );
    let mut bad = std::fs::read(&ckpt).unwrap();
    let at = bad.len() / 2;
    bad[at] ^= 1;
    std::fs::write(&ckpt, &bad).unwrap();
    let (code, _, err) = search_run(&args, None);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("is damaged at byte") && err.trim().lines().count() == 1,
        "{err}"
    );
    // Cram's nimber search likewise.
    let cram = ["......."; 5].join("|");
    let cram_ckpt = dir.join("c.ckpt");
    let args = [
        "value",
        "cram",
        &cram,
        "--checkpoint",
        cram_ckpt.to_str().unwrap(),
        "--checkpoint-every",
        "0",
    ];
    let (code, _, _) = search_run(&args, Some("after:30"));
    assert_ne!(code, Some(0), "the run was to be killed");
    let (code, out, err) = search_run(&args, None);
    assert_eq!((code, out.lines().next()), (Some(0), Some("*")), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}
