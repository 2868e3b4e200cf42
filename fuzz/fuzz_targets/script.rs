//! A rule script: compiled and solved with a bound on the positions explored.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(rules) = grundy_script::Rules::compile(text, "fuzz.rhai") else {
        return;
    };
    let opts = grundy_script::Options {
        max_positions: 2_000,
        ..Default::default()
    };
    let _ = rules.solve(&opts);
});
