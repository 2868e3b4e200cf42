//! An expression in CGSuite's notation, as given to `grundy cgt` (and a position's value
//! through `/api/value` and `/api/thermograph`): read, valued and reported under a small time
//! budget. Anything may be refused; nothing may panic.
#![no_main]

use grundy::cgt::Universe;
use libfuzzer_sys::fuzz_target;
use std::time::Duration;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    grundy::budget::within(Duration::from_millis(100), || {
        let mut universe = Universe::new();
        if let Ok(g) = universe.parse(text) {
            if let Ok(report) = universe.report(g) {
                let _ = serde_json::to_string(&report);
            }
        }
    });
});
