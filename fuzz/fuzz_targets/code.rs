//! The `code` fuzz target: see `grundy_cli::harness::code`, which `cargo test` also replays
//! on every input of `fuzz/corpus/code/`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| grundy_cli::harness::code(data));
