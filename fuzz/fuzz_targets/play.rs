//! `grundy play …` as a user could drive it: the input's first line is the argument list after
//! `play` (split at white space), the rest is what the user types at the prompt, run through
//! the command line's own parser and command under a small time and memory budget. Any game,
//! position or typed move may be refused; nothing may panic, hang or take memory without bound.
#![no_main]

use grundy::registry::Registry;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (first, typed) = text.split_once('\n').unwrap_or((text, ""));
    let mut args = vec!["play"];
    args.extend(first.split_whitespace());
    args.extend(["--max-seconds", "0.2", "--max-memory", "0.25"]);
    let registry = Registry::catalog();
    let Ok(cli) = grundy_cli::cli::parse_from(&registry, args) else {
        return;
    };
    let mut input = typed.as_bytes();
    let mut out = std::io::sink();
    let _ = grundy_cli::run(&registry, cli, &mut input, &mut out);
});
