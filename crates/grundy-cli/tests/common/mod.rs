//! Helpers shared by the command-line tests: running `grundy`, and starting `grundy serve`.
#![allow(dead_code)]

use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

/// A running `grundy serve`, stopped when dropped.
pub struct Server(pub Child, pub u16);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts `grundy serve` on a port derived from the test process and `salt`, and waits until
/// it accepts connections.
pub fn start(salt: u16) -> Server {
    let port = 20_000 + ((std::process::id() as u16 % 10_000) ^ salt) % 20_000;
    let child = std::process::Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(["serve", "--port", &port.to_string()])
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    wait_for_port(port, "grundy serve");
    Server(child, port)
}

/// Waits (up to 20 s) until something accepts connections on 127.0.0.1:`port`.
pub fn wait_for_port(port: u16, what: &str) {
    let started = Instant::now();
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "{what} did not start"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// GET a path; (status, body).
pub fn get(server: &Server, path: &str) -> (u16, String) {
    get_with(server, path, "Host: localhost\r\n")
}

/// GET a path with the given header lines (each ending in CRLF); (status, body).
pub fn get_with(server: &Server, path: &str, headers: &str) -> (u16, String) {
    let mut s = TcpStream::connect(("127.0.0.1", server.1)).unwrap();
    write!(
        s,
        "GET {path} HTTP/1.1\r\n{headers}Connection: close\r\n\r\n"
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

/// Runs `grundy args` with `input` on standard input: (exit status, stdout, stderr).
pub fn grundy(args: &[&str], input: &str) -> (i32, String, String) {
    let out = assert_cmd::Command::cargo_bin("grundy")
        .expect("binary built")
        .args(args)
        .write_stdin(input)
        .output()
        .expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).expect("utf-8"),
        String::from_utf8(out.stderr).expect("utf-8"),
    )
}
