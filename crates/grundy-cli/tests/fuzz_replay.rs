//! Every saved fuzz input — the seeds of `fuzz/corpus/TARGET/` and every finding made into a
//! seed there — replayed through the same entry point the fuzzer drives
//! (`grundy_cli::harness`). Deterministic: the same inputs, in the same order, every run, on
//! the stable toolchain; exploration (new inputs) is `fuzz/explore.sh`, outside CI's verdict.

use std::path::Path;

#[test]
fn every_saved_fuzz_input_is_answered_without_a_panic() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus");
    let mut replayed = 0;
    let mut failed = Vec::new();
    for (target, entry) in grundy_cli::harness::TARGETS {
        let dir = root.join(target);
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|f| f.expect("a directory entry").path())
            .collect();
        files.sort();
        assert!(!files.is_empty(), "no seeds in {}", dir.display());
        for file in files {
            let data = std::fs::read(&file).expect("a seed file");
            if std::panic::catch_unwind(|| entry(&data)).is_err() {
                failed.push(file.display().to_string());
            }
            replayed += 1;
        }
    }
    println!("{replayed} fuzz inputs replayed");
    assert!(failed.is_empty(), "these inputs panicked: {failed:?}");
}
