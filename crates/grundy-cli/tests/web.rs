//! `grundy serve` end to end over real HTTP: the JSON API answers exactly as the command line,
//! bad requests get 400 with {"error": …}, and the server keeps serving.

use assert_cmd::Command;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

struct Server(Child, u16);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn start() -> Server {
    let port = 20_000 + (std::process::id() % 20_000) as u16;
    let child = std::process::Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(["serve", "--port", &port.to_string()])
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "server did not start"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    Server(child, port)
}

/// GET a path; (status, body).
fn get(server: &Server, path: &str) -> (u16, String) {
    let mut s = TcpStream::connect(("127.0.0.1", server.1)).unwrap();
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut text = String::new();
    s.read_to_string(&mut text).unwrap();
    let status = text[9..12].parse().unwrap();
    let body = text
        .split_once("\r\n\r\n")
        .map(|x| x.1)
        .unwrap_or("")
        .to_string();
    (status, body)
}

#[test]
fn the_api_answers_like_the_command_line_and_survives_bad_requests() {
    let server = start();
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
    // Still serving.
    let (status, body) = get(&server, "/api/moves?q=nim%201%202");
    assert_eq!(status, 200);
    let moves: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(moves.as_array().unwrap().len(), 3);
    assert!(moves
        .as_array()
        .unwrap()
        .iter()
        .any(|m| m["to"] == serde_json::json!([1, 1]) && m["outcome"] == "P"));
    let (_, body) = get(&server, "/api/engine?q=nim%201%202");
    assert_eq!(body, r#"{"to":[1,1]}"#);
    let (status, body) = get(&server, "/api/picture?q=wythoff");
    assert_eq!(status, 200);
    assert!(body.starts_with("<svg"), "{}", &body[..40.min(body.len())]);
    let (status, body) = get(&server, "/");
    assert_eq!(status, 200);
    assert!(body.contains("grundy playground"));
}
