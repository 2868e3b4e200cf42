//! The nim-sequence of an octal game with its period, proved: Kayles (0.77) is periodic with
//! period 12 from heap 71 on (Guy and Smith, 1956; Winning Ways, chapter 4).
//!
//! Run with `cargo run -p grundy --example nim_sequence`.

use grundy::heap::parse_code;
use grundy::heap::sequence::{Job, Source};

fn main() {
    let job = Job {
        source: Source::Rule(parse_code("0.77").expect("a valid code")),
        game: "octal 0.77".into(),
        to: 1000,
        until_periodic: true,
        checkpoint: None,
        keep_values: true,
    };
    let report = job.run(&mut |_, _| {}).expect("runs");
    assert!(report.proved);
    assert_eq!(report.period, Some(12));
    assert_eq!(report.preperiod, Some(71));
    let values = report.values.expect("kept");
    // G(0) … G(11) of Kayles: 0 1 2 3 1 4 3 2 1 4 2 6.
    assert_eq!(values[..12], [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
    println!(
        "Kayles: period {} from heap {} on (proved after {} values); largest value {}",
        12, 71, report.computed, report.max_value
    );
}

#[test]
fn runs() {
    main();
}
