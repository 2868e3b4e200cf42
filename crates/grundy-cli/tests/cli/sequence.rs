//! `grundy sequence` and long searches: proved periods, and runs killed while saving that resume to the same answer.

use super::*;

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
