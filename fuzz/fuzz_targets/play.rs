//! The `play` fuzz target: see `grundy_cli::harness::play`, which `cargo test` also replays
//! on every input of `fuzz/corpus/play/`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| grundy_cli::harness::play(data));
