//! The `checkpoint` fuzz target: see `grundy_cli::harness::checkpoint`, which `cargo test` also replays
//! on every input of `fuzz/corpus/checkpoint/`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| grundy_cli::harness::checkpoint(data));
