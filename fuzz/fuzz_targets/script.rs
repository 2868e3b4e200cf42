//! The `script` fuzz target: see `grundy_cli::harness::script`, which `cargo test` also replays
//! on every input of `fuzz/corpus/script/`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| grundy_cli::harness::script(data));
