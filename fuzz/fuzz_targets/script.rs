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
    // Under a budget: a loop that runs forever inside a call is stopped like a long search.
    let _ = grundy::budget::within(std::time::Duration::from_secs(2), || rules.solve(&opts));
});
