//! The `grundy` binary end to end: a table of positions with their expected answers, the JSON
//! contract, batch mode, tables, and every kind of bad input.

#[path = "../common/mod.rs"]
mod common;

mod batch;
mod json;
mod play;
mod sequence;
mod values;

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
