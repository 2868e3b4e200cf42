//! The `graph` fuzz target: see `grundy_cli::harness::graph`, which `cargo test` also replays
//! on every input of `fuzz/corpus/graph/`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| grundy_cli::harness::graph(data));
