//! Solving tier by tier (`Rules::solve_tiers`) gives the answer of solving the whole game at
//! once, goes on after a stop from the files it wrote, and refuses damaged files, another
//! game's directory and a script whose moves raise the tier.

use grundy_script::{Options, Rules, TierProgress};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

fn rules(rel: &str) -> Rules {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(rel);
    Rules::compile(&std::fs::read_to_string(&path).unwrap(), rel).unwrap()
}

/// A fresh directory under the system's temporary one, removed when dropped.
struct Dir(PathBuf);

impl Dir {
    fn new(name: &str) -> Dir {
        let d = std::env::temp_dir().join(format!("grundy-tiers-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        Dir(d)
    }
}

impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn json(r: &grundy_script::Report) -> serde_json::Value {
    serde_json::to_value(r).unwrap()
}

/// Every example with a tier function, impartial and partizan, with draws, ties and results
/// of its own: the report is the same, field for field, on grundy's evaluator and on Rhai's.
#[test]
fn every_tiered_example_gives_the_whole_solves_answer() {
    for ex in [
        "examples/tic-tac-toe.rhai",
        "examples/loopy.rhai",
        "examples/euclid.rhai",
        "examples/grid.rhai",
        "examples/cram.rhai",
        "examples/partizan-subtraction.rhai",
        "examples/ring.rhai",
    ] {
        let r = rules(ex);
        for rhai_only in [false, true] {
            let opts = Options {
                rhai_only,
                ..Options::default()
            };
            let dir = Dir::new("examples");
            let tiered = r.solve_tiers(&opts, &dir.0, &mut |_| {}).unwrap();
            assert_eq!(json(&tiered), json(&r.solve(&opts).unwrap()), "{ex}");
            // Asked again, the answer comes from the files.
            let again = r.solve_tiers(&opts, &dir.0, &mut |_| {}).unwrap();
            assert_eq!(json(&again), json(&tiered), "{ex} again");
        }
    }
}

/// Other starts of the same scripts, each in its own directory.
#[test]
fn other_starts_agree_too() {
    let r = rules("examples/euclid.rhai");
    for start in ["[25, 7]", "[3, 2]", "[13, 21]", "[0, 5]"] {
        let opts = Options {
            start: Some(start.into()),
            ..Options::default()
        };
        let dir = Dir::new("starts");
        let tiered = r.solve_tiers(&opts, &dir.0, &mut |_| {}).unwrap();
        assert_eq!(json(&tiered), json(&r.solve(&opts).unwrap()), "{start}");
    }
}

/// A run stopped after each number of progress reports in turn goes on, when asked again,
/// to the answer of a run never stopped; files left half written by a kill (`.new`, `.part`)
/// are ignored and made again.
#[test]
fn a_stopped_run_goes_on_from_its_files() {
    let r = rules("examples/tic-tac-toe.rhai");
    let opts = Options::default();
    let whole = json(&r.solve(&opts).unwrap());
    let mut stopped_somewhere = false;
    for stop_after in [1, 3, 6, 10, 15, 21] {
        let dir = Dir::new("stopped");
        let stop = Arc::new(AtomicBool::new(false));
        let mut seen = 0;
        let flag = stop.clone();
        let first = grundy::budget::stoppable(stop.clone(), || {
            r.solve_tiers(&opts, &dir.0, &mut |_| {
                seen += 1;
                if seen == stop_after {
                    flag.store(true, Ordering::Relaxed);
                }
            })
        });
        if let Err(e) = &first {
            stopped_somewhere = true;
            assert!(e.to_string().contains("interrupted"), "{e}");
        }
        // What a kill in the middle of a write leaves.
        std::fs::write(dir.0.join("tier-3.values.new"), b"half").unwrap();
        std::fs::create_dir_all(dir.0.join("seeds/2")).unwrap();
        std::fs::write(dir.0.join("seeds/2/9-7.part"), b"half").unwrap();
        let resumed = r.solve_tiers(&opts, &dir.0, &mut |_| {}).unwrap();
        assert_eq!(json(&resumed), whole, "stopped after {stop_after} reports");
    }
    assert!(
        stopped_somewhere,
        "no run was stopped: the test tests nothing"
    );
}

/// A tier file that lost its values is made again; one with a changed byte is refused,
/// naming the file; a directory of another game or start is refused.
#[test]
fn damaged_files_and_other_games_are_refused() {
    let r = rules("examples/tic-tac-toe.rhai");
    let opts = Options::default();
    let dir = Dir::new("damaged");
    let first = json(&r.solve_tiers(&opts, &dir.0, &mut |_| {}).unwrap());
    std::fs::remove_file(dir.0.join("tier-4.values")).unwrap();
    std::fs::remove_file(dir.0.join("tier-0.values")).unwrap();
    assert_eq!(
        json(&r.solve_tiers(&opts, &dir.0, &mut |_| {}).unwrap()),
        first
    );
    // A changed byte in each kind of file, and a moves file cut short (read a piece at a
    // time, it is checked before anything read from it is written).
    for (file, cut) in [
        ("tier-5.positions", false),
        ("tier-5.values", false),
        ("tier-6.moves", false),
        ("tier-6.moves", true),
    ] {
        let path = dir.0.join(file);
        let good = std::fs::read(&path).unwrap();
        let mut bad = good.clone();
        let at = bad.len() / 2;
        if cut {
            bad.truncate(at);
        } else {
            bad[at] ^= 0x10;
        }
        std::fs::write(&path, &bad).unwrap();
        // Solving asks for every tier's file: tier 5 is read to solve tier 6.
        let _ = std::fs::remove_file(dir.0.join("tier-6.values"));
        let e = r
            .solve_tiers(&opts, &dir.0, &mut |_| {})
            .unwrap_err()
            .to_string();
        assert!(e.contains(file) && e.contains("damaged"), "{e}");
        std::fs::write(&path, &good).unwrap();
    }
    let other = Options {
        start: Some("\"X........\"".into()),
        ..Options::default()
    };
    let e = r
        .solve_tiers(&other, &dir.0, &mut |_| {})
        .unwrap_err()
        .to_string();
    assert!(e.contains("another game or start"), "{e}");
    let e = rules("examples/cram.rhai")
        .solve_tiers(&opts, &dir.0, &mut |_| {})
        .unwrap_err()
        .to_string();
    assert!(e.contains("another game or start"), "{e}");
    // Tier files of another format (an earlier grundy's) are named as such.
    let manifest = dir.0.join("grundy-tiers.json");
    let text = std::fs::read_to_string(&manifest).unwrap();
    std::fs::write(
        &manifest,
        text.replace("grundy-tiers v2", "grundy-tiers v1"),
    )
    .unwrap();
    let e = r
        .solve_tiers(&opts, &dir.0, &mut |_| {})
        .unwrap_err()
        .to_string();
    assert!(e.contains("another format (\"grundy-tiers v1\""), "{e}");
}

/// A move that raises the tier, a tier that is not a whole number 0 or more, and a script
/// without tiers are each one clear message.
#[test]
fn bad_tiers_are_refused_in_words() {
    let script = |tier: &str| {
        Rules::compile(
            &format!(
                "fn start() {{ 5 }} fn moves(n) {{ if n > 0 {{ [n - 1] }} else {{ [] }} }} {tier}"
            ),
            "t.rhai",
        )
        .unwrap()
    };
    let dir = Dir::new("bad");
    let cases = [
        (
            "fn tier(n) { 5 - n }",
            "raises the tier, from 5 (tier 0) to 4 (tier 1)",
        ),
        (
            "fn tier(n) { n - 3 }",
            "tier() must return a whole number 0 or more, not -1",
        ),
        ("fn tier(n) { \"high\" }", "not high"),
        ("", "needs fn tier(p)"),
    ];
    for (tier, want) in cases {
        let _ = std::fs::remove_dir_all(&dir.0);
        let e = script(tier)
            .solve_tiers(&Options::default(), &dir.0, &mut |_| {})
            .unwrap_err()
            .to_string();
        assert!(e.contains(want), "{tier}: {e}");
    }
}

/// Under a memory limit that the whole game's table exceeds, the whole solve is refused
/// (naming --tiers) and the tiered one completes with the same answer; a limit below one
/// tier's needs is refused in words.
#[test]
fn a_game_larger_than_the_memory_allowed_is_solved_by_tiers() {
    let r = rules("examples/tic-tac-toe.rhai");
    let opts = Options::default();
    let whole = json(&r.solve(&opts).unwrap());
    let limit = 400 << 10;
    let e = grundy::budget::with_memory(limit, || r.solve(&opts))
        .unwrap_err()
        .to_string();
    assert!(e.contains("--tiers"), "{e}");
    let dir = Dir::new("memory");
    let mut largest = 0;
    let tiered = grundy::budget::with_memory(limit, || {
        r.solve_tiers(&opts, &dir.0, &mut |p| {
            if let TierProgress::Solving { positions, .. } = p {
                largest = largest.max(positions);
            }
        })
    })
    .unwrap();
    assert_eq!(json(&tiered), whole);
    assert!(largest > 0 && largest < 5478 / 3, "{largest}");
    let dir = Dir::new("memory-small");
    let e = grundy::budget::with_memory(20 << 10, || r.solve_tiers(&opts, &dir.0, &mut |_| {}))
        .unwrap_err()
        .to_string();
    assert!(e.contains("more than the memory allowed"), "{e}");
}
