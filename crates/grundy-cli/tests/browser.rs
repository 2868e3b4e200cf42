//! End to end in a real browser: headless Chromium plays a whole game of Nim on the playground
//! page by clicking its move buttons (the page's #autoplay mode), and a screenshot is saved.
//!
//! Needs Debian's `chromium` (`.ci/run` installs it and sets GRUNDY_REQUIRE_BROWSER=1, so CI
//! cannot skip this test); elsewhere it is skipped with a note when no browser is found.

mod common;

use std::path::PathBuf;
use std::process::Command;

fn chromium() -> Option<PathBuf> {
    let candidates = [
        std::env::var_os("GRUNDY_CHROMIUM").map(PathBuf::from),
        Some(PathBuf::from("/usr/bin/chromium")),
        Some(PathBuf::from("/usr/bin/chromium-browser")),
    ];
    candidates.into_iter().flatten().find(|p| p.exists())
}

fn headless(browser: &PathBuf, profile: &std::path::Path) -> Command {
    let mut c = Command::new(browser);
    c.args([
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--virtual-time-budget=30000",
    ])
    .arg(format!("--user-data-dir={}", profile.display()));
    c
}

#[test]
fn chromium_plays_a_whole_game_of_nim_against_the_engine() {
    let Some(browser) = chromium() else {
        assert!(
            std::env::var_os("GRUNDY_REQUIRE_BROWSER").is_none(),
            "GRUNDY_REQUIRE_BROWSER is set but no chromium was found"
        );
        eprintln!("skipped: no chromium (install Debian's chromium, or set GRUNDY_CHROMIUM)");
        return;
    };
    let server = common::start(2);
    let profile = std::env::temp_dir().join(format!("grundy-chromium-{}", std::process::id()));
    let url = format!("http://127.0.0.1:{}/?q=nim%203%204%205#autoplay", server.1);
    let out = headless(&browser, &profile)
        .arg("--dump-dom")
        .arg(&url)
        .output()
        .unwrap();
    let dom = String::from_utf8_lossy(&out.stdout);
    // From 3 4 5 (an N-position) the player who always takes a green move beats the engine.
    assert!(
        dom.contains("<title>finished: 0 0 0: grundy (to move) loses with best play — no move left: you win!</title>"),
        "{}",
        &dom[..dom.len().min(2000)]
    );
    // A screenshot of the page, kept for people to look at.
    let shot = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("playground-nim.png");
    let url = format!("http://127.0.0.1:{}/?q=nim%203%204%205", server.1);
    let status = headless(&browser, &profile)
        .arg("--window-size=1200,900")
        .arg(format!("--screenshot={}", shot.display()))
        .arg(&url)
        .status()
        .unwrap();
    assert!(status.success());
    assert!(std::fs::metadata(&shot).unwrap().len() > 10_000, "{shot:?}");
    let _ = std::fs::remove_dir_all(&profile);
}
