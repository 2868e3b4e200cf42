//! An octal or hexadecimal code: parsed, and its first values computed and checked for a period.
#![no_main]

use grundy::heap::sequence::{Job, Source};
use libfuzzer_sys::fuzz_target;
use std::time::Duration;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(rule) = grundy::heap::parse_code(text) else {
        return;
    };
    let job = Job {
        source: Source::Rule(rule),
        game: format!("octal {text}"),
        to: 2_000,
        until_periodic: true,
        checkpoint: None,
        keep_values: false,
    };
    let _ = grundy::budget::within(Duration::from_millis(200), || job.run(&mut |_, _| {}));
});
