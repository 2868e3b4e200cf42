//! `grundy table …` as a user could type it: the input is the argument list (split at white
//! space) after `table`, run through the command line's own parser and command under a small
//! time and memory budget, its output thrown away. Any coordinates, ranges, games and options
//! may be refused; nothing may panic, hang or take memory without bound.
#![no_main]

use grundy::registry::Registry;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut args = vec!["table"];
    args.extend(text.split_whitespace());
    args.extend(["--max-seconds", "0.2", "--max-memory", "0.25"]);
    let registry = Registry::catalog();
    let Ok(cli) = grundy_cli::cli::parse_from(&registry, args) else {
        return;
    };
    let mut out = std::io::sink();
    let _ = grundy_cli::run(&registry, cli, &mut std::io::empty(), &mut out);
});
