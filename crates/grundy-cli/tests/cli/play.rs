//! `grundy play`, `plot` and the shell completions and manual.

use super::*;

fn play(args: &[&str], input: &str) -> (i32, String) {
    let out = Command::cargo_bin("grundy")
        .unwrap()
        .arg("play")
        .args(args)
        .write_stdin(input)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        format!(
            "{}{}",
            String::from_utf8(out.stdout).unwrap(),
            String::from_utf8(out.stderr).unwrap()
        ),
    )
}

#[test]
fn play_a_whole_game_of_nim_through_standard_input() {
    // 1 2 → 1 1 (a P-position); the engine must move to 1 0 or 0 1; the user takes the rest.
    let (code, out) = play(&["nim", "1", "2"], "1 1\nhint\n7 7\n0 0\n");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("grundy plays take 1 from heap "), "{out}");
    assert!(out.contains("Winning move"), "{out}");
    assert!(
        out.contains("Not a move: '7 7' is not a move from "),
        "{out}"
    );
    assert!(out.ends_with("You win!\n"), "{out}");
}

#[test]
fn the_engine_wins_from_a_winning_position_and_undo_takes_back_a_turn() {
    // The engine starts from an N-position: whatever the user does, it wins.
    let input = "moves\n1 0\n0 1\n0 0\n";
    let (code, out) = play(&["nim", "2", "3", "--engine-first"], input);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("grundy plays take 1 from heap 2  →  2 2"),
        "{out}"
    );
    let (_, out) = play(&["nim", "3", "3"], "3 1\nundo\nquit\n");
    assert!(out.matches("Position: 3 3").count() == 2, "{out}");
    let (_, out) = play(&["nim", "3", "3"], "undo\nquit\n");
    assert!(out.contains("Nothing to undo"), "{out}");
}

#[test]
fn play_refuses_what_it_cannot_play() {
    let (code, out) = play(&["nim", "100000000000000000000"], "quit\n");
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("too many moves"), "{out}");
    let (code, out) = play(&["nim", "3", "--as", "left"], "");
    assert_eq!(code, 2, "{out}");
    assert_eq!(out.lines().count(), 1, "{out}");
}

#[test]
fn a_broken_circle_is_played_on_as_rows() {
    // From a row of 3 the only winning reply takes the middle coin.
    let (code, out) = play(&["circle", "4"], "rows 3\nrows 1\n");
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("grundy plays take the middle coin  →  rows 1 1")
            || out.contains("grundy plays rows 1 1"),
        "{out}"
    );
    assert!(
        out.contains("  →  0\n") || out.contains("grundy plays 0\n"),
        "{out}"
    );
    assert!(out.ends_with("grundy wins.\n"), "{out}");
}

#[test]
fn partizan_games_are_played_as_left_or_right() {
    let game = [
        "partizan-subtraction",
        "--left",
        "1,2",
        "--right",
        "2,3",
        "3",
    ];
    // Left takes 2, leaving 1: Right (the engine) cannot take 2 or 3.
    let (code, out) = play(&game, "1\n");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("You play Left, grundy plays Right."), "{out}");
    assert!(
        out.contains("Position: 1 (Right to move) — Right has no move left."),
        "{out}"
    );
    assert!(out.ends_with("You win!\n"), "{out}");
    // As Right, after the engine's first move: Left's only winning move is 3 → 1.
    let mut as_right = game.to_vec();
    as_right.extend(["--as", "right", "--engine-first"]);
    let (code, out) = play(&as_right, "");
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("grundy plays take 2 from heap 1  →  1"),
        "{out}"
    );
    assert!(out.ends_with("grundy wins.\n"), "{out}");
    // Right's moves are not Left's.
    let (_, out) = play(&game, "0\nquit\n");
    assert!(
        out.contains("Not a move: '0' is not a move from 3"),
        "{out}"
    );
}

#[test]
fn plot_writes_maps_and_sequences_and_refuses_what_it_cannot_draw() {
    let dir = std::env::temp_dir().join(format!("grundy-plot-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = |name: &str| dir.join(name).to_str().unwrap().to_string();
    for (args, name) in [
        (vec!["plot", "wythoff", "--size", "30"], "w.png"),
        (vec!["plot", "euclid", "--grundy"], "e.svg"),
        (vec!["plot", "kayles", "--size", "120"], "k.png"),
        (vec!["plot", "bash", "--size", "20"], "b.svg"),
        (vec!["plot", "fibonacci"], "f.png"),
        (
            vec!["plot", "subtraction", "--set", "1,3,4", "--two-heaps"],
            "s.png",
        ),
        (
            vec!["plot", "kayles", "--two-heaps", "--grundy", "--size", "30"],
            "k2.svg",
        ),
        (vec!["plot", "octal", "0.8"], "h.svg"),
        (vec!["plot", "thermograph", "{3||2|1}"], "t.svg"),
        (
            vec!["plot", "thermograph", "domineering", "...|..."],
            "t.png",
        ),
        (
            vec![
                "plot",
                "thermograph",
                "partizan-subtraction",
                "--left",
                "1,2",
                "--right",
                "2,3",
                "10",
            ],
            "t2.svg",
        ),
    ] {
        let out = file(name);
        let mut all = args.clone();
        all.extend(["--out", &out]);
        let (code, text, err) = grundy(&all);
        assert_eq!(code, 0, "{all:?}: {err}");
        assert!(text.contains("wrote"), "{text}");
        assert!(std::fs::metadata(&out).unwrap().len() > 1000, "{out}");
    }
    let svg = std::fs::read_to_string(file("e.svg")).unwrap();
    assert!(svg.starts_with("<svg"), "{}", &svg[..50]);
    // An arithmetic period is titled as one, not as a plain period.
    let svg = std::fs::read_to_string(file("h.svg")).unwrap();
    assert!(
        svg.contains("G(n + 3) = G(n) + 1 for n ≥ 1 (proved)"),
        "0.8's title"
    );
    // A thermograph is titled with the value, its mean and temperature.
    let svg = std::fs::read_to_string(file("t.svg")).unwrap();
    assert!(
        svg.contains("mean 9/4, temperature 3/4"),
        "thermograph title"
    );
    for bad in [
        vec!["plot", "thermograph", "{1|", "--out", "/tmp/x.png"],
        vec![
            "plot",
            "thermograph",
            "domineering",
            "..x",
            "--out",
            "/tmp/x.png",
        ],
        vec!["plot", "thanos", "--out", "/tmp/x.png"],
        vec!["plot", "nim", "--out", "/tmp/x.gif"],
        vec!["plot", "nim"],
        vec!["plot", "nim", "--out", "/tmp/x.png", "--size", "0"],
        vec!["plot", "wythoff", "--two-heaps", "--out", "/tmp/x.png"],
    ] {
        let (code, _, err) = grundy(&bad);
        assert_eq!(code, 2, "{bad:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{bad:?}: {err}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn completions_and_the_manual_know_every_game() {
    for shell in ["bash", "zsh", "fish"] {
        let (code, out, err) = grundy(&["completions", shell]);
        assert_eq!(code, 0, "{shell}: {err}");
        for entry in grundy::catalog::CATALOG {
            assert!(out.contains(entry.name()), "{shell}: {}", entry.name());
        }
        assert!(
            out.contains("misere") && out.contains("max-moves"),
            "{shell}"
        );
    }
    let (code, out, _) = grundy(&["man"]);
    assert_eq!(code, 0);
    assert!(out.contains(".TH grundy 1") && out.contains("solve"));
}

#[test]
fn a_move_is_chosen_by_its_number_and_a_partizan_hint_is_for_your_side() {
    let (code, out) = play(&["nim", "2", "3"], "moves\n#2\n#99\nquit\n");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("  #2   take 1 from heap 1  →  1 3"), "{out}");
    assert!(
        out.contains("Position: 1 3\ngrundy plays take 2 from heap 2  →  1 1"),
        "{out}"
    );
    assert!(out.contains("No move #99: the moves are #1 to #2"), "{out}");
    // Playing Right from 10: the hint lists Right's winning move only.
    let game = [
        "partizan-subtraction",
        "--left",
        "1,2",
        "--right",
        "2,3",
        "10",
        "--as",
        "right",
    ];
    let (code, out) = play(&game, "hint\nquit\n");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("Right takes 2  →  8"), "{out}");
    assert!(!out.contains("Left takes"), "{out}");
}

/// A partizan game played to its end in the terminal, as Right: the last move wins.
#[test]
fn a_partizan_game_is_played_to_its_end() {
    let (code, out) = play(&["domineering", "...|...", "--as", "right"], "#1\n#1\n");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("grundy plays c1-c2  →  ###|..#"), "{out}");
    assert!(out.contains("     a b c\n   1 # # #\n   2 . . #"), "{out}");
    assert!(out.ends_with("You win!\n"), "{out}");
    // Left still has a vertical domino: only Right's moves are gone, and the words say so.
    let (code, out) = play(&["domineering", ".|.", "--as", "right"], "");
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("Position: .|. (Right to move) — Right has no move left."),
        "{out}"
    );
    assert!(out.ends_with("grundy wins.\n"), "{out}");
    let (code, out) = play(&["hackenbush", "e", "--engine-first", "--as", "right"], "");
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("Position: 0 (Right to move) — Right has no move left."),
        "{out}"
    );
    assert!(out.ends_with("grundy wins.\n"), "{out}");
    let (code, out) = play(&["clobber", "xo"], "a1-b1\n");
    assert_eq!(code, 0, "{out}");
    assert!(out.ends_with("You win!\n"), "{out}");
    // Moves typed as hint says them.
    let (code, out) = play(&["nim", "3", "4", "5"], "Take 2 from heap 1\nquit\n");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("Position: 1 4 5\ngrundy plays"), "{out}");
}
