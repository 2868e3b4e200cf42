//! The `table` fuzz target: see `grundy_cli::harness::table`, which `cargo test` also replays
//! on every input of `fuzz/corpus/table/`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| grundy_cli::harness::table(data));
