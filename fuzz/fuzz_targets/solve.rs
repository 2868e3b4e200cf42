//! The `solve` fuzz target: see `grundy_cli::harness::solve`, which `cargo test` also replays
//! on every input of `fuzz/corpus/solve/`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| grundy_cli::harness::solve(data));
