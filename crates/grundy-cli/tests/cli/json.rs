//! The JSON contract, byte for byte: the `--json` answer of every documented example (the
//! commands shown in the README and docs/, and each game's own example) is the one recorded
//! in `tests/golden/json.txt`, so that work beneath the commands cannot change what tools
//! read without this test saying so. A change meant to change an answer records them again:
//! `GRUNDY_BLESS=1 cargo test --release --test cli json`, and the diff shows what changed.

use super::*;

/// The documented examples (each run with `--json` added), the quick ones: those that take
/// minutes in the docs (Cram 4×11, Domineering 9×9, sequences to 10⁷) are held by their own
/// tests.
const EXAMPLES: &[&[&str]] = &[
    &["solve", "nim", "3", "4", "5"],
    &[
        "solve",
        "wythoff",
        "99999999999999999999",
        "161803398874989484820",
    ],
    &["solve", "kayles", "1000000000000000000", "--max-moves", "2"],
    &[
        "solve",
        "all-but",
        "--set",
        "1,2",
        "1000000000000000000",
        "7",
    ],
    &[
        "solve",
        "octal",
        "0.C9",
        "123456789012345678901234567890",
        "4",
    ],
    &[
        "solve", "kayles", "5", "7", "+", "wythoff", "3", "4", "+", "nim", "6",
    ],
    &["solve", "--misere", "kayles", "4"],
    &["solve", "--misere", "kayles", "3", "+", "nim", "2", "2"],
    &["solve", "cram", "......|......|......|......"],
    &["table", "fibonacci", "--to", "30"],
    &["table", "wythoff", "--to", "12"],
    &["table", "bash", "--to", "12"],
    &["table", "kayles", "--grundy", "--to", "80"],
    &["table", "kayles", "--misere", "--to", "20"],
    &[
        "sequence",
        "octal",
        "0.156",
        "--to",
        "100000",
        "--until-periodic",
    ],
    &[
        "sequence",
        "octal",
        "0.A2",
        "--to",
        "100000",
        "--until-periodic",
    ],
    &["sequence", "all-but", "--set", "1,2,5,9", "--to", "1000000"],
    &[
        "sequence",
        "all-but",
        "--set",
        "13,19,20,33",
        "--to",
        "100000",
        "--until-periodic",
    ],
    &[
        "sequence",
        "octal",
        "0.56",
        "--to",
        "700000",
        "--until-periodic",
    ],
    &["sequence", "kayles", "--to", "20", "--genus"],
    &["quotient", "octal", "0.75", "--to", "40"],
    &["value", "kayles", "--misere", "5"],
    &["value", "domineering", "....|....|....|...."],
    &["value", "clobber", "xox|ox."],
    &["value", "hackenbush", "lrlerrr"],
    &["value", "toads-frogs", "TT..FF"],
    &["value", "cutcake", "8x3"],
    &["cgt", "*[2] + *[2]"],
    &["cgt", "{2|-2} + {1|-1}"],
    &["cgt", "^ + ^ + *"],
    &["cgt", "*100000 + ^414*670"],
    &["cgt", "^ > 0"],
    &["cgt", "{2,1|-2}.LeftOptions"],
    &["cgt", "{3|1}.Incentives"],
    &["cgt", "^.IsInfinitesimal"],
    &["cgt", "{3|-1}.Thermograph"],
    &["cgt", "3 <> 3+*"],
    &["cgt", "*[2] + *[2] == *[0]"],
    &["cgt", "{pass|3/2}"],
    &["cgt", "a{{|a}|}"],
    &["cgt", "on + off"],
    &["cgt", "a{0|a} == over"],
];

/// The golden file.
fn golden() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/json.txt")
}

/// A command as the golden file writes it: words with a space or a `|` quoted.
fn written(args: &[String]) -> String {
    let words: Vec<String> = args
        .iter()
        .map(|a| match a.contains([' ', '|', '*', '{', '<', '>', '^']) {
            true => format!("'{a}'"),
            false => a.clone(),
        })
        .collect();
    format!("$ grundy {}", words.join(" "))
}

/// Every example's command and its answer now.
fn answers() -> Vec<(String, String)> {
    let mut commands: Vec<Vec<String>> = EXAMPLES
        .iter()
        .map(|c| c.iter().map(|w| w.to_string()).collect())
        .collect();
    for entry in grundy::catalog::CATALOG {
        let mut c = vec!["solve".to_string()];
        c.extend(entry.info.example.split_whitespace().map(str::to_string));
        commands.push(c);
    }
    commands
        .into_iter()
        .map(|mut c| {
            c.push("--json".into());
            let args: Vec<&str> = c.iter().map(String::as_str).collect();
            let (code, out, err) = grundy(&args);
            assert_eq!(code, 0, "{}: {err}", written(&c));
            assert!(
                out.ends_with('\n') && !out.trim_end().contains('\n'),
                "{out}"
            );
            (written(&c), out)
        })
        .collect()
}

#[test]
fn every_documented_example_answers_the_json_recorded_for_it() {
    let now: String = answers()
        .into_iter()
        .map(|(command, out)| format!("{command}\n{out}\n"))
        .collect();
    if std::env::var_os("GRUNDY_BLESS").is_some() {
        std::fs::create_dir_all(golden().parent().unwrap()).unwrap();
        std::fs::write(golden(), &now).unwrap();
    }
    let recorded = std::fs::read_to_string(golden()).expect("tests/golden/json.txt");
    let split = |text: &str| -> Vec<(String, String)> {
        text.split("\n\n")
            .filter(|b| !b.trim().is_empty())
            .map(|b| {
                let (c, o) = b.split_once('\n').unwrap_or((b, ""));
                (c.to_string(), o.to_string())
            })
            .collect()
    };
    let (now, recorded) = (split(&now), split(&recorded));
    for (command, out) in &now {
        match recorded.iter().find(|(c, _)| c == command) {
            None => panic!("{command}: no answer recorded (GRUNDY_BLESS=1 records it)"),
            Some((_, was)) => assert_eq!(out, was, "{command}: the JSON changed"),
        }
    }
    assert_eq!(
        now.len(),
        recorded.len(),
        "recorded answers of examples no longer run"
    );
}
