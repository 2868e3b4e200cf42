//! Sums of games on the command line: as separate words, quoted as one argument, with the
//! command's options among the components' own, in `--batch`, `play` and `value`; and the
//! errors of a sum that cannot be read, each one line with exit status 2.

mod common;

use common::grundy;
use serde_json::Value;

#[test]
fn a_sum_is_read_as_words_or_quoted_with_options_anywhere() {
    let words = grundy(
        &[
            "solve", "kayles", "5", "7", "+", "bash", "--max", "3", "9", "--json", "+", "nim", "6",
        ],
        "",
    );
    assert_eq!(words.0, 0, "{}", words.2);
    let a: Value = serde_json::from_str(&words.1).unwrap();
    // Kayles 5 7 is worth 6, Bash (max 3) 9 is worth 1, a heap of 6 is worth 6.
    assert_eq!(a["game"], "sum");
    assert_eq!(a["grundy"], 1);
    assert_eq!(a["components"][1]["spec"], "bash --max 3");
    let m = &a["winning_moves"];
    assert!(m
        .as_array()
        .unwrap()
        .iter()
        .all(|m| m["component"].is_u64()));
    // Bash 9 → 8, worth 0: the move is listed with the component's new position.
    assert!(
        m.as_array()
            .unwrap()
            .iter()
            .any(|m| m["component"] == 1 && m["to"] == serde_json::json!([8])),
        "{m}"
    );
    let quoted = grundy(
        &[
            "--max-seconds",
            "60",
            "solve",
            "--json",
            "kayles 5 7 + bash --max 3 9 + nim 6",
        ],
        "",
    );
    assert_eq!(quoted.0, 0, "{}", quoted.2);
    assert_eq!(quoted.1, words.1);
    let text = grundy(&["solve", "kayles 5 7 + bash --max 3 9 + nim 6"], "").1;
    assert!(text.starts_with("sum kayles 5 7 + bash --max 3 9 + nim 6: the player to move wins"));
    assert!(text.contains("Sprague–Grundy theorem"), "{text}");
    assert!(text.contains("in bash --max 3 9"), "{text}");
    // A quoted single game is that game.
    let one = grundy(&["solve", "nim 3 4 5", "--json"], "");
    assert_eq!(
        serde_json::from_str::<Value>(&one.1).unwrap()["game"],
        "nim"
    );
}

#[test]
fn a_sum_in_batch_play_and_value() {
    let (code, out, err) = grundy(
        &["solve", "kayles", "--batch"],
        "5 7\n5 7 + wythoff 3 4 + nim 6\n1 + 1\n",
    );
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert!(lines[1].starts_with("kayles 5 7 + wythoff 3 4 + nim 6: N, grundy 2"));
    assert!(lines[2].starts_with("kayles 1 + kayles 1: P, grundy 0"));
    let (code, _, err) = grundy(&["solve", "nim", "--expect"], "1 + 1 P\n2 + kayles 2 P\n");
    assert_eq!(code, 0, "{err}");
    // Played to the end: the sum's moves are listed and read like a game's.
    let (code, out, err) = grundy(
        &["play", "nim", "2", "+", "kayles", "1"],
        "#1\n#1\n#1\n#1\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("in nim 2") && out.contains("no move left"),
        "{out}"
    );
    let (code, out, err) = grundy(
        &["value", "hackenbush", "l", "+", "domineering", "..|.."],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("{2|0}"), "{out}");
}

#[test]
fn a_sum_that_cannot_be_read_is_one_line_and_exit_status_2() {
    for (args, says) in [
        (&["solve", "nim", "3", "+"][..], "nothing between two '+'"),
        (
            &["solve", "nim", "3", "+", "chess", "4"][..],
            "'chess' is neither a game",
        ),
        (
            &["solve", "nim", "3", "+", "bash", "--frob", "1"][..],
            "frob",
        ),
    ] {
        let (code, out, err) = grundy(args, "");
        assert_eq!(code, 2, "{args:?}: {out}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

/// Misère play on the command line: any impartial game, before or after its name, a whole
/// sum, a table, the genus sequence; refused for partizan games and formula-only sequences.
#[test]
fn misere_play_and_genus_on_the_command_line() {
    let (code, out, err) = grundy(&["solve", "--misere", "kayles", "4", "--json"], "");
    assert_eq!(code, 0, "{err}");
    let a: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(a["outcome"], "P");
    assert_eq!(a["spec"], "kayles --misere");
    assert!(a["grundy"].is_null());
    let (_, out, _) = grundy(
        &[
            "solve", "kayles", "3", "+", "nim", "--misere", "2", "2", "--json",
        ],
        "",
    );
    let a: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(a["spec"], "sum --misere");
    assert_eq!(a["winning_moves"][0]["to"], serde_json::json!([1, 1]));
    // As in normal play, `components` holds each component's own analysis: here each played
    // alone by the misère rule (Kayles 3 is won, Nim 2 2 lost: Bouton's misère rule).
    let parts = a["components"].as_array().unwrap();
    assert_eq!(parts.len(), 2);
    assert_eq!(parts[0]["spec"], "kayles --misere");
    assert_eq!(parts[0]["outcome"], "N");
    assert_eq!(parts[1]["spec"], "nim --misere");
    assert_eq!(parts[1]["position"], serde_json::json!([2, 2]));
    assert_eq!(parts[1]["outcome"], "P");
    let (_, out, _) = grundy(&["table", "kayles", "--misere", "--to", "12"], "");
    // Misère Kayles is lost to move exactly at 1, 4, 9 and 12 pins, up to 12.
    let row = out.lines().nth(2).unwrap();
    let cells: Vec<&str> = row.split_whitespace().collect();
    assert_eq!(
        cells,
        ["N", "P", "N", "N", "P", "N", "N", "N", "N", "P", "N", "N", "P"]
    );
    let (code, out, err) = grundy(
        &["sequence", "kayles", "--to", "20", "--genus", "--json"],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let g: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(g["misere"][20], 0);
    assert_eq!(g["genus"][5], "4^146");
    assert_eq!(g["genus"][20], "1^031");
    assert_eq!(g["genus"].as_array().unwrap().len(), 21);
    for (args, says) in [
        (
            &["solve", "domineering", "--misere", "..|.."][..],
            "partizan",
        ),
        (
            &["sequence", "split-nim", "--to", "5", "--genus"][..],
            "take-and-break",
        ),
    ] {
        let (code, _, err) = grundy(args, "");
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
    // Lasker's Nim is played by its moves as a take-and-break rule (4·33…3): its genera come.
    // Heap 1 is lost for the player to move in misère play (misère value 0), heap 3 (G = 4)
    // is not.
    let (code, out, err) = grundy(
        &["sequence", "lasker", "--to", "5", "--genus", "--json"],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let g: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(g["values"], serde_json::json!([0, 1, 2, 4, 3, 5]));
    assert_eq!(g["misere"], serde_json::json!([1, 0, 2, 4, 3, 5]));
}
