//! Misère canonical forms on the command line: `cgt "*[…]"` and `value GAME POSITION
//! --misere` (text and the JSON contract), `sequence --genus` written as CGSuite writes it,
//! and bad input as one line with exit status 2.

mod common;

use serde_json::Value;

fn grundy(args: &[&str]) -> (i32, String, String) {
    common::grundy(args, "")
}

#[test]
fn a_misere_expression_gets_its_form() {
    let (code, out, err) = grundy(&["cgt", "*[2] + *[2]"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("*[2[2]]\n"), "{out}");
    assert!(out.contains("Misère outcome P"), "{out}");
    assert!(out.contains("genus 0^0"), "{out}");
    let (code, out, err) = grundy(&["cgt", "*[[2],1]", "--json"]);
    assert_eq!(code, 0, "{err}");
    let r: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(r["canonical"], "*[2#1]");
    assert_eq!(r["misere_outcome"], "N");
    assert_eq!(r["outcome"], "N");
    assert_eq!(r["misere_nim_value"], 1);
    assert_eq!(r["nim_value"], 2);
    assert_eq!(r["genus"], "2^1420");
    assert_eq!(r["tame"], false);
    assert_eq!(r["phylum"], "restless");
    assert_eq!(r["birthday"], 4);
    assert_eq!(r["mate"], "*[2#0]");
    assert_eq!(r["options"], serde_json::json!(["*[1]", "*[2#]"]));
    // {*1} = 0 in misère play.
    let (_, out, _) = grundy(&["cgt", "*[[1]]", "--json"]);
    let r: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(r["canonical"], "*[0]");
}

#[test]
fn a_misere_position_gets_its_form() {
    // CGSuite: game.heap.GrundysGame(22).MisereCanonicalForm.
    let (code, out, err) = grundy(&["value", "grundys-game", "--misere", "22", "--json"]);
    assert_eq!(code, 0, "{err}");
    let r: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        r["canonical"],
        "*[(((2[2]21)[2](2[2]21)20)(2[2]21)3)((2[2]21)[2](2[2]21)20)(2[2]21)[1]2[2]1]"
    );
    assert_eq!(r["genus"], "3^1431");
    // Two heaps of 2 in misère Nim: not 0, though a P-position.
    let (code, out, err) = grundy(&["value", "nim", "--misere", "2", "2"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("*[2[2]]\n"), "{out}");
    // A game searched position by position (not a heap game): Wythoff's 2 2 is *1 in misère
    // play (lost to move, as `solve --misere` finds).
    let (code, out, err) = grundy(&["value", "wythoff", "--misere", "2", "2", "--json"]);
    assert_eq!(code, 0, "{err}");
    let r: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(r["canonical"], "*[1]");
    assert_eq!(r["misere_outcome"], "P");
}

/// CGSuite writes a tame or restive game's genus by its first digit alone: Kayles 13 is
/// `1^1`, Kayles 16 is `1^13` (wild), a nim heap's is its size.
#[test]
fn genus_is_written_as_cgsuite_writes_it() {
    let (code, out, err) = grundy(&["sequence", "kayles", "--to", "20", "--genus", "--json"]);
    assert_eq!(code, 0, "{err}");
    let g: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(g["genus"][4], "1");
    assert_eq!(g["genus"][13], "1^1");
    assert_eq!(g["genus"][16], "1^13");
}

#[test]
fn bad_misere_input_is_one_line_and_status_2() {
    for (args, says) in [
        (&["cgt", "*[2"][..], "'[' at column 2"),
        (&["cgt", "*[99999]"][..], "too large"),
        (
            &["value", "domineering", "--misere", "..|.."][..],
            "partizan",
        ),
    ] {
        let (code, out, err) = grundy(args);
        assert_eq!(code, 2, "{args:?}: {out}");
        assert!(err.contains(says), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    }
}
