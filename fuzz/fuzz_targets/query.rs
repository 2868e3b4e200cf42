//! A query as typed after `grundy solve`, or sent to the playground's API: read by the
//! registry, answered under a small time budget, and passed to every API route. Anything may
//! be refused; nothing may panic.
#![no_main]

use grundy::registry::Registry;
use grundy_web::Backend;
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;
use std::time::Duration;

fuzz_target!(|data: &[u8]| {
    static BACKEND: OnceLock<Backend> = OnceLock::new();
    let backend = BACKEND.get_or_init(|| Backend::new(Registry::catalog()));
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    grundy::budget::within(Duration::from_millis(100), || {
        let _ = backend.solve(text);
        let _ = backend.moves(text);
        let _ = backend.engine(text);
        let _ = backend.picture(text);
        let _ = backend.value(text);
        let _ = backend.thermograph(text);
    });
    let registry = Registry::catalog();
    if let Ok(query) = registry.parse(text) {
        if let Ok(game) = query.game() {
            let _ = game.canonical(&query.words());
        }
    }
});
