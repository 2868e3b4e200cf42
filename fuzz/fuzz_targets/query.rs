//! The `query` fuzz target: see `grundy_cli::harness::query`, which `cargo test` also replays
//! on every input of `fuzz/corpus/query/`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| grundy_cli::harness::query(data));
