//! The error contract of docs/RELIABILITY.md, row by row: each command of its table fails with
//! exactly its message, on one line, and exit status 2.

use assert_cmd::Command;

/// (command words after `grundy`, message) from the table of section 4.
fn rows() -> Vec<(Vec<String>, String)> {
    let doc = include_str!("../../../docs/RELIABILITY.md");
    let table = doc
        .split("## 4. Error contract")
        .nth(1)
        .expect("section 4")
        .split("\n## ")
        .next()
        .unwrap();
    table
        .lines()
        .filter_map(|line| {
            let cells: Vec<&str> = line.split(" | ").collect();
            let command = cells.get(1)?.strip_prefix("`grundy ")?.strip_suffix('`')?;
            let message = cells.get(2)?.strip_suffix(" |")?;
            let words = command.split_whitespace().map(String::from).collect();
            Some((words, message.to_string()))
        })
        .collect()
}

#[test]
fn every_error_of_the_table_is_one_line_and_exit_status_2() {
    let rows = rows();
    assert!(rows.len() >= 15, "{} rows read", rows.len());
    let dir = std::env::temp_dir().join(format!("grundy-errors-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("notes.txt"), "plain text, not a checkpoint\n").unwrap();
    // Files of the repository a row names (a rule script that fails) are copied beside it,
    // at the same path, so that the message names them as the table writes them.
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    for word in rows.iter().flat_map(|(words, _)| words) {
        if word.starts_with("tests/") {
            std::fs::create_dir_all(dir.join(word).parent().unwrap()).unwrap();
            std::fs::copy(root.join(word), dir.join(word)).unwrap();
        }
    }
    for (words, message) in rows {
        let out = Command::cargo_bin("grundy")
            .unwrap()
            .args(&words)
            .current_dir(&dir)
            .timeout(std::time::Duration::from_secs(60))
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "grundy {words:?}: {err}");
        assert_eq!(err, format!("grundy: {message}\n"), "grundy {words:?}");
        assert!(out.stdout.is_empty(), "grundy {words:?} printed on stdout");
    }
    // The plain file was read, not changed.
    assert_eq!(
        std::fs::read_to_string(dir.join("notes.txt")).unwrap(),
        "plain text, not a checkpoint\n"
    );
    std::fs::remove_dir_all(&dir).ok();
}
