//! A game added in one file (the library's `custom_game` example) gets the command line's
//! `solve`, `table`, `play` and `list` from the registry alone: nothing in grundy-cli names it.

#[path = "../../grundy/examples/custom_game.rs"]
#[allow(dead_code)]
mod custom_game;

use grundy::registry::Registry;

/// Runs the command line over the catalog plus Take-a-square; (stdout, error line).
fn grundy(args: &[&str], input: &str) -> (String, Option<String>) {
    let registry = Registry::catalog().with(&custom_game::ENTRY);
    let mut out = Vec::new();
    let result = grundy_cli::cli::parse_from(&registry, args)
        .map_err(|e| e.to_string())
        .and_then(|cli| {
            grundy_cli::run(&registry, cli, &mut input.as_bytes(), &mut out)
                .map_err(|e| e.to_string())
        });
    (String::from_utf8(out).unwrap(), result.err())
}

#[test]
fn a_game_from_one_file_is_solved_tabled_listed_and_played() {
    let (out, err) = grundy(&["solve", "take-a-square", "11", "--json"], "");
    assert_eq!(err, None);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["game"], "take-a-square");
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["winning_moves"][0]["to"], serde_json::json!([10]));

    let (out, err) = grundy(&["table", "take-a-square", "--to", "22"], "");
    assert_eq!(err, None);
    // P at 0, 2, 5, 7, 10, 12, 15, 17, 20, 22 (OEIS A030193).
    let cells: Vec<&str> = out
        .lines()
        .skip(1) // the title
        .filter(|l| !l.contains("heap") && !l.trim().is_empty())
        .flat_map(|l| l.split_whitespace())
        .collect();
    let lost: Vec<usize> = cells
        .iter()
        .enumerate()
        .filter(|(_, c)| **c == "P")
        .map(|(i, _)| i)
        .collect();
    assert_eq!(lost, [0, 2, 5, 7, 10, 12, 15, 17, 20, 22], "{out}");

    let (out, _) = grundy(&["list"], "");
    assert!(out.contains("take-a-square"));

    // The engine wins from 11 (a winning position for the first player, the engine).
    let (out, err) = grundy(
        &["play", "take-a-square", "11", "--engine-first"],
        "9\n5\n1\n0\n",
    );
    assert_eq!(err, None, "{out}");
    assert!(
        out.contains("grundy plays take 1 from heap 1  →  10"),
        "{out}"
    );

    let (_, err) = grundy(&["solve", "take-a-square", "1", "2"], "");
    assert!(err.unwrap().contains("one heap"));
}
