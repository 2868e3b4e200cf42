//! Checkpoint files. Two properties:
//!
//! - **Damage is caught.** A genuine checkpoint of 0.6 (three blocks) with one burst of up to
//!   32 flipped bits anywhere, or cut anywhere, either resumes to exactly the values of a run
//!   without it or is refused. (CRC-32 detects every burst of up to 32 bits; a file whose
//!   checksums were recomputed over wrong values — forged, not damaged — is beyond what any
//!   checksum can tell, so the fuzzer is not given the means to forge one.)
//! - **Any content is safe.** A file of arbitrary bytes (the input starting with `!`) is
//!   refused or read, never a panic, a hang or an allocation it cannot make.
#![no_main]

use grundy::heap::parse_code;
use grundy::heap::sequence::{Job, Source};
use libfuzzer_sys::fuzz_target;
use std::path::PathBuf;
use std::sync::OnceLock;

const TO: u64 = 300;

fn job(checkpoint: Option<PathBuf>) -> Job {
    Job {
        source: Source::Rule(parse_code("0.6").expect("a code")),
        game: "octal 0.6".into(),
        to: TO,
        until_periodic: false,
        checkpoint,
        keep_values: true,
    }
}

fn scratch(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("grundy-fuzz-{}-{name}.ckpt", std::process::id()))
}

/// The values of a clean run, and a genuine checkpoint of them written in three goes.
fn genuine() -> &'static (Vec<u32>, Vec<u8>) {
    static GENUINE: OnceLock<(Vec<u32>, Vec<u8>)> = OnceLock::new();
    GENUINE.get_or_init(|| {
        let want = job(None).run(&mut |_, _| {}).unwrap().values.unwrap();
        let path = scratch("genuine");
        let _ = std::fs::remove_file(&path);
        for to in [100, 200, TO] {
            let mut j = job(Some(path.clone()));
            j.to = to;
            j.run(&mut |_, _| {}).unwrap();
        }
        let bytes = std::fs::read(&path).unwrap();
        let _ = std::fs::remove_file(&path);
        (want, bytes)
    })
}

fuzz_target!(|data: &[u8]| {
    let (want, bytes) = genuine();
    let path = scratch("input");
    if let Some(rest) = data.strip_prefix(b"!") {
        std::fs::write(&path, rest).unwrap();
        let _ = job(Some(path.clone())).run(&mut |_, _| {});
        let _ = std::fs::remove_file(&path);
        return;
    }
    let [a, b, kind, burst @ ..] = data else {
        return;
    };
    let at = usize::from(u16::from_le_bytes([*a, *b])) % bytes.len();
    let mut file = bytes.clone();
    if kind % 2 == 1 {
        file.truncate(at);
    } else {
        let burst = &burst[..burst.len().min(4)];
        if burst.iter().all(|&x| x == 0) {
            return;
        }
        for (k, x) in burst.iter().enumerate() {
            if let Some(byte) = file.get_mut(at + k) {
                *byte ^= x;
            }
        }
    }
    std::fs::write(&path, &file).unwrap();
    if let Ok(report) = job(Some(path.clone())).run(&mut |_, _| {}) {
        assert_eq!(
            report.values.as_ref(),
            Some(want),
            "a damaged checkpoint gave wrong values"
        );
    }
    let _ = std::fs::remove_file(&path);
});
