//! `grundy serve` end to end over real HTTP: the JSON API answers exactly as the command line,
//! bad requests get 400 with {"error": …}, and the server keeps serving.

mod common;

use assert_cmd::Command;
use common::{get, start};

#[test]
fn the_api_answers_like_the_command_line_and_survives_bad_requests() {
    let server = start(1);
    let cli = Command::cargo_bin("grundy")
        .unwrap()
        .args(["solve", "nim", "3", "4", "5", "--json"])
        .output()
        .unwrap();
    let (status, body) = get(&server, "/api/solve?q=nim%203%204%205");
    assert_eq!(status, 200);
    assert_eq!(body.trim(), String::from_utf8(cli.stdout).unwrap().trim());

    for bad in [
        "/api/solve?q=nim%20x",
        "/api/solve?q=chess%201",
        "/api/solve",
        "/api/moves?q=nim%20-1",
    ] {
        let (status, body) = get(&server, bad);
        assert_eq!(status, 400, "{bad}");
        let v: serde_json::Value = serde_json::from_str(&body).unwrap();
        assert!(v["error"].is_string(), "{bad}: {body}");
    }
    // Errors carry what is wrong as fields, not only as words.
    let (_, body) = get(&server, "/api/solve?q=nim%203%20x");
    let v: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(v["kind"], "not_a_number", "{body}");
    assert_eq!(
        (v["what"].as_str(), v["text"].as_str()),
        (Some("heap"), Some("x"))
    );
    let (_, body) = get(&server, "/api/solve?q=chess%201");
    let v: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(
        (v["kind"].as_str(), v["name"].as_str()),
        (Some("unknown_game"), Some("chess"))
    );
    // Unknown addresses and methods answer in JSON too.
    let (status, body) = get(&server, "/api/nosuch");
    assert_eq!(status, 404);
    let v: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(v["kind"], "not_found", "{body}");
    // Still serving.
    let (status, body) = get(&server, "/api/moves?q=nim%201%202");
    assert_eq!(status, 200);
    let answer: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(answer["total"], 3);
    let moves = &answer["moves"];
    assert_eq!(moves.as_array().unwrap().len(), 3);
    assert!(moves
        .as_array()
        .unwrap()
        .iter()
        .any(|m| m["to"] == serde_json::json!([1, 1]) && m["outcome"] == "P"));
    // Long move lists are cut, and say so.
    let (_, body) = get(&server, "/api/moves?q=nim%20300%20400%20500");
    let answer: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(answer["total"], 1200);
    assert_eq!(answer["moves"].as_array().unwrap().len(), 500);
    // The game chooser's list: every game, each with an example that solves.
    let (status, body) = get(&server, "/api/games");
    assert_eq!(status, 200);
    let games: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(
        games.as_array().unwrap().len(),
        grundy::registry::CATALOG.len()
    );
    for g in games.as_array().unwrap() {
        let q = g["example"].as_str().unwrap().replace(' ', "%20");
        let (status, body) = get(&server, &format!("/api/solve?q={q}"));
        assert_eq!(status, 200, "{g}: {body}");
    }
    let (_, body) = get(&server, "/api/engine?q=nim%201%202");
    assert_eq!(body, r#"{"to":[1,1]}"#);
    let (status, body) = get(&server, "/api/picture?q=wythoff");
    assert_eq!(status, 200);
    assert!(body.starts_with("<svg"), "{}", &body[..40.min(body.len())]);
    let (status, body) = get(&server, "/");
    assert_eq!(status, 200);
    assert!(body.contains("grundy playground"));
}
