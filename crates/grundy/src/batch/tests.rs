use super::*;

/// [`Batch::answer`] into a string, its error a wrong line's.
trait Run {
    fn run(&self, text: &[u8], after: usize, got: &mut String) -> Result<usize, LineError>;
}

impl Run for Batch {
    fn run(&self, text: &[u8], after: usize, got: &mut String) -> Result<usize, LineError> {
        let mut out = Vec::new();
        let result = self.answer(text, after, &mut out);
        got.push_str(std::str::from_utf8(&out).unwrap());
        match result {
            Ok(n) => Ok(n),
            Err(BatchError::Line(e)) => Err(e),
            Err(BatchError::Write(e)) => panic!("{e}"),
        }
    }
}

fn batch(game: &str, json: bool) -> Batch {
    let registry = Registry::catalog();
    Batch::new(&registry, &registry.parse(game).unwrap(), json, 1).unwrap()
}

/// Every line's answer is the one solving it alone gives, in the order of the lines, across
/// parts answered side by side.
#[test]
fn lines_are_answered_in_order_as_one_by_one() {
    let registry = Registry::catalog();
    let kayles = registry.parse("kayles").unwrap().game().unwrap();
    let lines: Vec<String> = (0..5000)
        .map(|i| format!("{} {}", i % 37, i * 7 % 23))
        .collect();
    let mut want = String::new();
    for line in &lines {
        let words: Vec<&str> = line.split_whitespace().collect();
        want.push_str(
            &serde_json::to_string(&kayles.solve(&kayles.position(&words).unwrap(), 1).unwrap())
                .unwrap(),
        );
        want.push('\n');
    }
    let mut got = String::new();
    let b = batch("kayles", true);
    assert_eq!(b.run(lines.join("\n").as_bytes(), 0, &mut got), Ok(5000));
    assert_eq!(got, want);
}

/// The first wrong line is named by its number in the whole input, in a later part too;
/// the answers before it are kept.
#[test]
fn the_first_wrong_line_is_named_and_the_answers_before_it_kept() {
    let mut text = "1 2\n".repeat(3000);
    text.push_str("1 x\n2 2\n4 y");
    let mut got = String::new();
    let e = batch("nim", false).run(text.as_bytes(), 100, &mut got);
    assert_eq!(
        e,
        Err(LineError {
            line: 3101,
            why: "heap 'x' is not a whole number ≥ 0".into()
        })
    );
    assert_eq!(got.lines().count(), 3000);
    let mut got = String::new();
    let e = batch("nim", false).run(b"1 2\n\xff", 0, &mut got);
    assert_eq!(
        e.unwrap_err().to_string(),
        "standard input line 2: not valid UTF-8"
    );
}

/// A line with '+' is a sum, its first component of the batch's game unless it names one.
#[test]
fn a_line_with_a_plus_is_a_sum() {
    let mut got = String::new();
    batch("nim", false)
        .run(b"3 + 3\n3 + kayles 3", 0, &mut got)
        .unwrap();
    let lines: Vec<&str> = got.lines().collect();
    assert!(lines[0].contains(": P"), "{got}");
    // Kayles' heap of 3 is worth 3.
    assert!(lines[1].contains(": P"), "{got}");
}

#[test]
fn a_batch_takes_no_position_of_its_own() {
    let registry = Registry::catalog();
    let e = Batch::new(&registry, &registry.parse("nim 3 4").unwrap(), false, 1);
    assert!(matches!(e, Err(GameError::Invalid(m)) if m.contains("give no position")));
}

/// `--expect`: agreements are counted, disagreements written with grundy's answer and a
/// winning move, answers grundy cannot check named, in every kind of expected answer.
#[test]
fn expected_answers_are_checked() {
    let b = batch("nim", false).expecting(None, None).unwrap();
    let mut got = String::new();
    let text = "3 4 5 N\n1 1 P\n1 1 first\n3 4 5 2\n3 4 5 0\n2 2 win";
    assert_eq!(b.run(text.as_bytes(), 0, &mut got), Ok(6));
    assert_eq!(
        got,
        "line 3: 1 1: expected first, grundy says P (Grundy value 0): Second\n\
         line 5: 3 4 5: expected 0, grundy says N (Grundy value 2), e.g. take 2 from heap 1\n\
         line 6: 2 2: expected win, grundy says P (Grundy value 0): Lose\n"
    );
    assert_eq!(
        b.finish(6),
        Ok(Tally {
            checked: 6,
            disagree: 3,
            unchecked: 0
        })
    );
}

#[test]
fn a_contest_names_its_own_words() {
    let b = batch("nim", false)
        .expecting(None, Some("Alice,Bob"))
        .unwrap();
    let mut got = String::new();
    b.run(b"1 alice\n1 1 bob\n1 bob", 0, &mut got).unwrap();
    assert_eq!(
        got,
        "line 3: 1: expected bob, grundy says N (Grundy value 1): Alice, e.g. take 1 from heap 1\n"
    );
    for bad in ["Alice", "a,A", ",b"] {
        let e = batch("nim", false)
            .expecting(None, Some(bad))
            .err()
            .unwrap();
        assert!(e.to_string().contains("two different words"), "{bad}: {e}");
    }
    let mut got = String::new();
    let e = b.run(b"1 maybe", 0, &mut got).unwrap_err();
    assert!(e.why.contains("'maybe' is not an expected answer") && e.why.contains("Alice or Bob"));
}

/// Answers from a file: line by line beside the positions, and refused when the two do not
/// match in length.
#[test]
fn answers_from_a_file_match_the_lines() {
    let answers = vec!["N".to_string(), "P".into(), "".into(), "N".into()];
    let b = batch("nim", false).expecting(Some(answers), None).unwrap();
    let mut got = String::new();
    assert_eq!(b.run(b"3\n2 2", 0, &mut got), Ok(2));
    assert_eq!(got, "");
    let e = b.finish(2).unwrap_err().to_string();
    assert!(
        e.contains("an answer on line 4 but standard input has 2 lines"),
        "{e}"
    );
    let e = b.run(b"3", 2, &mut got).unwrap_err();
    assert!(e.why.contains("line 3 of the answers file is blank"), "{e}");
    let e = b.run(b"3", 4, &mut got).unwrap_err();
    assert!(e.why.contains("the answers file ends at line 4"), "{e}");
}

/// A Grundy value expected in misère play, where it does not say who wins: named as not
/// checked, and not counted as checked.
#[test]
fn a_grundy_value_in_misere_play_is_not_checked() {
    let b = batch("nim --misere", false).expecting(None, None).unwrap();
    let mut got = String::new();
    b.run(b"1 1 0\n1 1 N", 0, &mut got).unwrap();
    assert_eq!(
        got,
        "line 1: 1 1: expected 0, not checked: in misère play a Grundy value does not say \
         who wins, and grundy does not know this one\n"
    );
    assert_eq!(
        b.finish(2),
        Ok(Tally {
            checked: 1,
            disagree: 0,
            unchecked: 1
        })
    );
}
