//! A checkpoint file of any content: a run resuming from it either gives exactly the values of
//! a run without it, or refuses it. Never a panic, never a wrong value.
#![no_main]

use grundy::heap::parse_code;
use grundy::heap::sequence::{Job, Source};
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

const TO: u64 = 300;

fn job(checkpoint: Option<std::path::PathBuf>) -> Job {
    Job {
        source: Source::Rule(parse_code("0.6").expect("a code")),
        game: "octal 0.6".into(),
        to: TO,
        until_periodic: false,
        checkpoint,
        keep_values: true,
    }
}

fuzz_target!(|data: &[u8]| {
    static WANT: OnceLock<Vec<u32>> = OnceLock::new();
    let want = WANT.get_or_init(|| job(None).run(&mut |_, _| {}).unwrap().values.unwrap());
    let path = std::env::temp_dir().join(format!("grundy-fuzz-{}.ckpt", std::process::id()));
    // Mostly files that start like a checkpoint, so the fuzzer spends its time in the body.
    let mut file = b"grundy-sequence v4\noctal 0.6\n".to_vec();
    if data.first() == Some(&b'!') {
        file.clear();
    }
    file.extend_from_slice(data);
    std::fs::write(&path, &file).unwrap();
    if let Ok(report) = job(Some(path.clone())).run(&mut |_, _| {}) {
        assert_eq!(
            report.values.as_ref(),
            Some(want),
            "a checkpoint gave wrong values"
        );
    }
    let _ = std::fs::remove_file(&path);
});
