//! `grundy quotient`: the JSON contract (order, identity, table, pretending, p_portion,
//! stable, proved_to, presentation), the text, misère solving by the quotient with thousands
//! of heaps, and each bad input as one line with exit status 2.

mod common;

use serde_json::Value;

fn grundy(args: &[&str]) -> (i32, String, String) {
    common::grundy(args, "")
}

#[test]
fn the_quotient_of_0_75_is_r8_for_every_heap() {
    let (code, out, err) = grundy(&["quotient", "octal", "0.75", "--to", "30", "--json"]);
    assert_eq!(code, 0, "{err}");
    let q: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(q["game"], "octal");
    assert_eq!(q["order"], 8);
    assert_eq!(q["identity"], 0);
    assert_eq!(q["stable"], true);
    assert_eq!(q["proved_to"], Value::Null);
    assert_eq!(q["periodicity"]["period"], 2);
    assert_eq!(
        q["presentation"],
        "⟨a, b, c | a² = 1, bc = ab, c² = b², b³ = b⟩"
    );
    let table = q["table"].as_array().unwrap();
    assert_eq!(table.len(), 8);
    assert!(table.iter().all(|row| row.as_array().unwrap().len() == 8));
    assert_eq!(q["pretending"].as_array().unwrap().len(), 31);
    let names: Vec<&str> = q["p_portion"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| {
            q["elements"][i.as_u64().unwrap() as usize]
                .as_str()
                .unwrap()
        })
        .collect();
    assert_eq!(names, ["a", "b²"]);
}

/// The first quotient every reader meets: misère Nim's. Heaps to 3 give T₂ (order 6), and for
/// heaps to 6 the quotient's P-portion is Bouton's misère rule on every sum of up to four
/// heaps (lost for the mover exactly when the nim-sum is 0 with a heap of 2 or more, or when
/// every heap is at most 1 and the ones are odd in number). Lasker's Nim is played by its own
/// moves.
#[test]
fn misere_nim_has_its_quotient_and_it_is_boutons_rule() {
    let (code, out, err) = grundy(&["quotient", "nim", "--to", "3", "--json"]);
    assert_eq!(code, 0, "{err}");
    let q: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(q["game"], "nim");
    assert_eq!(q["order"], 6);

    let (code, out, err) = grundy(&["quotient", "nim", "--to", "6", "--json"]);
    assert_eq!(code, 0, "{err}");
    let q: Value = serde_json::from_str(&out).unwrap();
    let class = |h: usize| q["pretending"][h].as_u64().unwrap() as usize;
    let times = |x: usize, y: usize| q["table"][x][y].as_u64().unwrap() as usize;
    let lost: Vec<usize> = q["p_portion"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i.as_u64().unwrap() as usize)
        .collect();
    let identity = q["identity"].as_u64().unwrap() as usize;
    let mut sums = 0;
    for n in 0..=4u32 {
        for code in 0..7usize.pow(n) {
            let heaps: Vec<usize> = (0..n).map(|i| code / 7usize.pow(i) % 7).collect();
            let x = heaps.iter().fold(identity, |x, &h| times(x, class(h)));
            let nim_sum = heaps.iter().fold(0, |s, &h| s ^ h);
            let bouton = if heaps.iter().any(|&h| h >= 2) {
                nim_sum == 0
            } else {
                heaps.iter().filter(|&&h| h == 1).count() % 2 == 1
            };
            assert_eq!(lost.contains(&x), bouton, "misère Nim {heaps:?}");
            sums += 1;
        }
    }
    assert_eq!(sums, 1 + 7 + 49 + 343 + 2401);

    let (code, out, err) = grundy(&["quotient", "lasker", "--to", "12"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("lasker: misère quotient of heaps 0 to 12"),
        "{out}"
    );
}

#[test]
fn the_text_gives_presentation_p_portion_and_pretending_function() {
    let (code, out, err) = grundy(&["quotient", "dawson", "--to", "14", "--table"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("dawson: misère quotient of heaps 0 to 14, order 24"),
        "{out}"
    );
    for part in [
        "presentation  ⟨a, b, c, d |",
        "P-portion",
        "pretending function",
        "proved for heaps 0 to 14",
        "multiplication table",
    ] {
        assert!(out.contains(part), "{part}: {out}");
    }
}

#[test]
fn misere_sums_of_thousands_of_heaps_are_decided_by_the_quotient() {
    let heaps: Vec<String> = (0..5000).map(|i| (1 + (i * 7) % 13).to_string()).collect();
    let mut args = vec!["solve", "dawson", "--misere", "--json", "--max-moves", "3"];
    args.extend(heaps.iter().map(String::as_str));
    let (code, out, err) = grundy(&args);
    assert_eq!(code, 0, "{err}");
    let a: Value = serde_json::from_str(&out).unwrap();
    assert!(a["explanation"]
        .as_str()
        .unwrap()
        .contains("misère quotient"));
    if a["outcome"] == "N" {
        let m = a["winning_moves"].as_array().unwrap();
        assert!(!m.is_empty() && m.len() <= 3);
        // Each winning move leaves a position the quotient calls lost for the player to move.
        let to: Vec<String> = m[0]["to"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t.to_string())
            .collect();
        let mut again = vec!["solve", "dawson", "--misere", "--json", "--max-moves", "0"];
        again.extend(to.iter().map(String::as_str));
        let (code, out, err) = grundy(&again);
        assert_eq!(code, 0, "{err}");
        let b: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(b["outcome"], "P");
    }
}

#[test]
fn bad_quotient_requests_are_one_line_with_status_2() {
    for (args, says) in [
        (vec!["quotient", "kayles"], "needs --to"),
        (vec!["quotient", "kayles", "--to", "x"], "--to"),
        (vec!["quotient", "kayles", "--to", "300"], "250"),
        (vec!["quotient", "split-nim", "--to", "5"], "take-and-break"),
        (vec!["quotient", "octal", "0.G", "--to", "5"], "0.G"),
    ] {
        let (code, out, err) = grundy(&args);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}
