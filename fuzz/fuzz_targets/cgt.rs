//! The `cgt` fuzz target: see `grundy_cli::harness::cgt`, which `cargo test` also replays
//! on every input of `fuzz/corpus/cgt/`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| grundy_cli::harness::cgt(data));
