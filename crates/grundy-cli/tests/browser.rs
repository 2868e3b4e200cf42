//! End to end in a real browser, as a person plays: Chromium, driven through chromedriver
//! (WebDriver), opens the playground, types `nim 3 4 5`, clicks Solve, then clicks a winning
//! (green) move each turn while the engine answers, until the game is over and the page says
//! who won; then takes moves back and starts again, and plays Domineering and Hackenbush to
//! their end as Right. Screenshots of the finished games are saved.
//!
//! Needs Debian's `chromium` and `chromium-driver` (`.ci/run` installs them and sets
//! GRUNDY_REQUIRE_BROWSER=1, so CI cannot skip this test); elsewhere it is skipped with a note.

mod common;

use fantoccini::{elements::Element, Client, ClientBuilder, Locator};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

fn find_tool(env: &str, paths: &[&str]) -> Option<PathBuf> {
    std::env::var_os(env)
        .map(PathBuf::from)
        .into_iter()
        .chain(paths.iter().map(PathBuf::from))
        .find(|p| p.exists())
}

/// chromedriver on a free port, stopped when dropped.
struct Driver(Child, u16);

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn start_driver(path: &PathBuf) -> Driver {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let child = Command::new(path)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    common::wait_for_port(port, "chromedriver");
    Driver(child, port)
}

async fn connect(driver: &Driver, browser: &PathBuf) -> Client {
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        serde_json::json!({
            "binary": browser,
            "args": [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--window-size=1200,900",
            ],
        }),
    );
    ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(caps)
        .connect(&format!("http://127.0.0.1:{}", driver.1))
        .await
        .expect("a WebDriver session")
}

/// The text of #status once the page has finished answering (#moves is no longer
/// aria-busy) and `done` accepts it.
async fn status_when(c: &Client, what: &str, done: impl Fn(&str) -> bool) -> String {
    let started = Instant::now();
    loop {
        let moves = c.find(Locator::Id("moves")).await.unwrap();
        let idle = moves.attr("aria-busy").await.unwrap().as_deref() == Some("false");
        let text = text_of(c, "status").await;
        if idle && done(&text) {
            return text;
        }
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "waited for {what}; the page says {text:?}"
        );
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
}

async fn label(e: &Element) -> String {
    e.text().await.unwrap()
}

/// The text of the element with this id.
async fn text_of(c: &Client, id: &str) -> String {
    label(&c.find(Locator::Id(id)).await.unwrap()).await
}

/// Clicks the button with this id.
async fn click(c: &Client, id: &str) {
    c.find(Locator::Id(id))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
}

/// Saves a screenshot of the page, kept for people to look at.
async fn screenshot(c: &Client, name: &str) {
    let png = c.screenshot().await.unwrap();
    assert!(
        png.starts_with(b"\x89PNG") && png.len() > 10_000,
        "{} bytes",
        png.len()
    );
    std::fs::write(PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name), png).unwrap();
}

/// Clicks a winning (green) move every turn, grundy answering, until the side to move has no
/// move left; returns the final status.
async fn play_to_the_end(c: &Client, what: &str) -> String {
    let mut seen = Vec::new();
    for _turn in 0..100 {
        let status = text_of(c, "status").await;
        if status.contains("no move left") {
            return status;
        }
        let green = c.find_all(Locator::Css("#moves button.P")).await.unwrap();
        assert!(
            !green.is_empty(),
            "{what}: no winning move shown at {status:?} after {seen:?}"
        );
        let mine = label(&green[0]).await;
        green[0].click().await.unwrap();
        let before = status.clone();
        status_when(c, "grundy's answer", |s| {
            s != before && (s.contains("no move left") || s.contains("you ("))
        })
        .await;
        seen.push(mine);
    }
    panic!("{what}: no end after 100 moves: {seen:?}");
}

/// Types a query in the box and clicks Solve, as a person would.
async fn ask(c: &Client, query: &str) {
    let q = c.find(Locator::Id("q")).await.unwrap();
    q.clear().await.unwrap();
    q.send_keys(query).await.unwrap();
    click(c, "solve").await;
}

/// Waits (30 s at most, then fails saying `what`) until `shown` is true.
async fn wait_for<F: std::future::Future<Output = bool>>(what: &str, mut shown: impl FnMut() -> F) {
    let started = Instant::now();
    while !shown().await {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "no {what} shown"
        );
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
}

#[tokio::test(flavor = "current_thread")]
async fn a_person_plays_a_whole_game_of_nim_in_chromium() {
    let tools = find_tool(
        "GRUNDY_CHROMIUM",
        &["/usr/bin/chromium", "/usr/bin/chromium-browser"],
    )
    .zip(find_tool("GRUNDY_CHROMEDRIVER", &["/usr/bin/chromedriver"]));
    let Some((browser, driver_path)) = tools else {
        assert!(
            std::env::var_os("GRUNDY_REQUIRE_BROWSER").is_none(),
            "GRUNDY_REQUIRE_BROWSER is set but chromium or chromedriver is missing"
        );
        eprintln!("skipped: install Debian's chromium and chromium-driver to run this test");
        return;
    };
    let server = common::start(2);
    let driver = start_driver(&driver_path);
    let c = connect(&driver, &browser).await;
    c.goto(&format!("http://127.0.0.1:{}/", server.1))
        .await
        .unwrap();

    ask(&c, "nim 3 4 5").await;
    status_when(&c, "the solved position", |s| {
        s == "3 4 5: you (to move) can win"
    })
    .await;
    assert_eq!(text_of(&c, "grundy").await, "Grundy value: 2");

    // 3 4 5 is an N-position: clicking a green move every turn must beat the engine.
    let mut history = vec!["3 4 5".to_string()];
    for _turn in 0..100 {
        let green = c.find_all(Locator::Css("#moves button.P")).await.unwrap();
        let all = c.find_all(Locator::Css("#moves button")).await.unwrap();
        assert!(!green.is_empty(), "no winning move shown after {history:?}");
        assert!(green.len() <= all.len());
        let mine = label(&green[0]).await;
        green[0].click().await.unwrap();
        // Either the engine has no move (we won) or it answered and it is our turn again.
        let status = status_when(&c, "the engine's answer", |s| {
            s.contains("no move left")
                || (s.contains("you (to move)") && !s.starts_with(&format!("{mine}:")))
        })
        .await;
        history.push(mine);
        if status.contains("no move left") {
            assert_eq!(
                status,
                "0 0 0: grundy (to move) loses with best play — no move left: you win!"
            );
            break;
        }
        // After a winning move the engine is lost, and it is our move from an N-position.
        assert!(
            status.ends_with("you (to move) can win"),
            "{status} after {history:?}"
        );
        history.push(status.split(':').next().unwrap().to_string());
    }
    assert!(history.last().is_some_and(|p| p == "0 0 0"), "{history:?}");
    let status = c.find(Locator::Id("status")).await.unwrap();
    assert_eq!(
        status.attr("class").await.unwrap().as_deref(),
        Some("P"),
        "a win shows green"
    );

    // A screenshot of the finished game, kept for people to look at.
    screenshot(&c, "playground-nim.png").await;

    // Undo takes back the last move and grundy's reply; New game starts again.
    let before_last = history[history.len() - 2].clone();
    click(&c, "undo").await;
    status_when(&c, "the position before the last move", |s| {
        s == format!("{before_last}: you (to move) can win")
    })
    .await;
    click(&c, "newgame").await;
    status_when(&c, "a new game", |s| s == "3 4 5: you (to move) can win").await;
    // The picture is of the game with the position (nim 3 4 5) marked.
    let picture = c.find(Locator::Id("picture")).await.unwrap();
    let src = picture.attr("src").await.unwrap().unwrap_or_default();
    assert!(src.ends_with("/api/picture?q=nim%203%204%205"), "{src}");
    // Choosing a game from the list loads its example position.
    c.find(Locator::Css("#game option[value='wythoff 4 7']"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    status_when(&c, "Wythoff's example", |s| {
        s.starts_with("4 7: you (to move)")
    })
    .await;

    // A position with more moves than the page lists says so, and still offers a winning move.
    ask(&c, "nim 300 400 501").await;
    status_when(&c, "the big position", |s| {
        s.starts_with("300 400 501: you (to move) can win")
    })
    .await;
    let cut = text_of(&c, "cut").await;
    assert!(cut.starts_with("1201 moves in all"), "{cut}");
    let mut green = Vec::new();
    for b in c.find_all(Locator::Css("#moves button.P")).await.unwrap() {
        green.push(label(&b).await);
    }
    green.sort();
    // The nim-sum is 329: each heap can be brought to its XOR with 329.
    assert_eq!(green, ["101 400 501", "300 217 501", "300 400 188"]);

    // Partizan games, as Right: the page lists Right's moves only, in words, and plays Left.
    ask(&c, "domineering ..|..").await;
    status_when(&c, "the Domineering square as Left", |s| {
        s == "..|..: whoever starts wins — you (Left) to move can win"
    })
    .await;
    // Right, in the side chooser.
    c.find(Locator::Css("#side option:nth-child(2)"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    status_when(&c, "the Domineering square", |s| {
        s == "..|..: whoever starts wins — you (Right) to move can win"
    })
    .await;
    wait_for("value", || async {
        text_of(&c, "value").await.starts_with("Value")
    })
    .await;
    assert_eq!(
        text_of(&c, "value").await,
        "Value +-1: mean 0, temperature 1"
    );
    let mut moves = Vec::new();
    for b in c.find_all(Locator::Css("#moves button.P")).await.unwrap() {
        moves.push(label(&b).await);
    }
    assert_eq!(moves, ["a1-b1 → ##|..", "a2-b2 → ..|##"]);
    let picture = c.find(Locator::Id("thermograph")).await.unwrap();
    wait_for("thermograph", || async {
        picture.is_displayed().await.unwrap()
    })
    .await;
    // A whole game of Domineering on two rows of three, Right moving first: {2|-1/2}, so
    // Right wins by moving first.
    ask(&c, "domineering ...|...").await;
    status_when(&c, "the Domineering board", |s| {
        s == "...|...: whoever starts wins — you (Right) to move can win"
    })
    .await;
    let end = play_to_the_end(&c, "domineering").await;
    assert!(
        end.ends_with(
            "grundy (Left) to move loses with best play — Left has no move left: you win!"
        ),
        "{end}"
    );
    screenshot(&c, "playground-domineering.png").await;
    // Hackenbush, grundy (Left) moving first in a position Right wins whoever starts.
    let q = c.find(Locator::Id("q")).await.unwrap();
    q.clear().await.unwrap();
    q.send_keys("hackenbush rle re").await.unwrap();
    click(&c, "enginefirst").await;
    status_when(&c, "grundy's first move", |s| {
        !s.starts_with("...|...") && s.contains("you (Right) to move can win")
    })
    .await;
    assert!(text_of(&c, "said").await.starts_with("grundy played Left "));
    let end = play_to_the_end(&c, "hackenbush").await;
    assert!(end.ends_with("no move left: you win!"), "{end}");
    screenshot(&c, "playground-hackenbush.png").await;

    // A bad position: the error alone, no moves and no picture left from before.
    ask(&c, "nim 3 x").await;
    wait_for("error", || async { !text_of(&c, "error").await.is_empty() }).await;
    assert_eq!(
        text_of(&c, "error").await,
        "heap 'x' is not a whole number ≥ 0"
    );
    assert!(c
        .find_all(Locator::Css("#moves button"))
        .await
        .unwrap()
        .is_empty());
    for hidden in ["picture", "moveshead", "thermograph"] {
        let e = c.find(Locator::Id(hidden)).await.unwrap();
        assert!(!e.is_displayed().await.unwrap(), "#{hidden} still shown");
    }
    c.close().await.unwrap();
}
