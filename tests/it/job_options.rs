//! The options of `play`, `match`, `compare`, `translate`, `patterns`, `fuzzy` and `evaluate`,
//! read from their API requests (issue 46): the flags the requests' fields give, their rules
//! in the requests' words spelt as flags, and `--time` on the commands that can run long
//! (exit 2, the time limit named, what was done before it on stdout).

use super::common::lingeo;

#[test]
fn play_refuses_a_memory_limit_out_of_range_naming_the_flag() {
    let (out, err, code) = lingeo(&["play", "examples/reti.scenario", "--max-memory", "0"]);
    assert_eq!(code, 2, "{out}{err}");
    assert_eq!(
        err,
        "error: --max-memory must be from 1 to 1073741824 MiB, not 0\n"
    );
}

#[test]
fn match_rules_name_the_flags() {
    for (flags, message) in [
        (&["--games", "0"][..], "error: --games must be at least 1\n"),
        (
            &["--jobs", "0"][..],
            "error: --jobs must be from 1 to 256, not 0\n",
        ),
        (
            &["--first", "4294967295"][..],
            "error: --first + --games is too large\n",
        ),
        (
            &["--time", "0"][..],
            "error: --time must be a positive number of seconds, not 0\n",
        ),
    ] {
        let mut args = vec!["match", "examples/pawned.scenario"];
        args.extend(flags);
        let (out, err, code) = lingeo(&args);
        assert_eq!((code, err.as_str()), (2, message), "{flags:?}: {out}");
    }
}

/// A match's part (`--first`) plays those games of the whole match's schedule: two parts
/// score what the whole match scores.
#[test]
fn match_parts_add_up_to_the_whole_match() {
    let score = |extra: &[&str]| {
        let mut args = vec![
            "match",
            "examples/pawned.scenario",
            "--white",
            "depth=1",
            "--black",
            "depth=2",
            "--json",
        ];
        args.extend(extra);
        let (out, err, code) = lingeo(&args);
        assert_eq!((code, err.as_str()), (0, ""), "{out}");
        let json: serde_json::Value = serde_json::from_str(&out).unwrap();
        ["wins", "draws", "losses"].map(|k| json[k].as_u64().unwrap())
    };
    let whole = score(&["--games", "4"]);
    let first = score(&["--games", "2"]);
    let second = score(&["--games", "2", "--first", "2"]);
    assert_eq!(whole, [0, 1, 2].map(|i| first[i] + second[i]));
    let (out, _, _) = lingeo(&[
        "match",
        "examples/pawned.scenario",
        "--games",
        "2",
        "--first",
        "2",
        "--white",
        "depth=1",
    ]);
    assert!(
        out.contains("\nthe games 3 to 4 of the match's schedule\n"),
        "{out}"
    );
}

/// `match --time`: the game being played when the time runs out stops the match, which gives
/// up (exit 2) with the score of the games before, naming the limit and `--time`.
#[test]
fn match_stops_at_its_time_limit() {
    let (out, err, code) = lingeo(&[
        "match",
        "examples/pawned.scenario",
        "--white",
        "eval=fuzzy,depth=4",
        "--black",
        "eval=fuzzy,depth=4",
        "--games",
        "4",
        "--time",
        "0.001",
    ]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(
        err.contains("stopped at the time limit of the request (0.001 s; --time raises it)"),
        "{err}"
    );
    assert!(
        out.contains("first engine: 0 wins, 0 draws, 0 losses"),
        "{out}"
    );
}

/// The pieces of issue 45's memory test: far apart on 50x50, whose patterns at horizon 49
/// take long to list.
const FAR_PIECES: &str = "board 50x50
white king at (1,1)
white rook at (5,3)
black king at (50,50)
black queen at (45,47)
";

fn far_pieces() -> String {
    let dir = std::env::temp_dir().join(format!("lingeo-job-options-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("far.scenario");
    std::fs::write(&path, FAR_PIECES).unwrap();
    path.to_str().unwrap().to_string()
}

/// `patterns --time` and `fuzzy --time`: past the time, an error naming the limit and
/// `--time` (exit 2); `--pair` with `--side` is refused in the request's words.
#[test]
fn patterns_and_fuzzy_stop_at_their_time_limit() {
    let far = far_pieces();
    for (job, time) in [("patterns", "0.2"), ("fuzzy", "1e-9")] {
        let (_, err, code) = lingeo(&[job, &far, "--horizon", "49", "--time", time]);
        assert_eq!(code, 2, "{job}: {err}");
        assert!(
            err.contains("stopped at the time limit of the request (")
                && err.contains(" s; --time raises it)"),
            "{job}: {err}"
        );
    }
    let (out, err, code) = lingeo(&[
        "fuzzy",
        "examples/figure2.scenario",
        "--pair",
        "WR,BK",
        "--side",
        "white",
    ]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(
        err,
        "error: --pair names one pair and --side the pairs of a side: give one\n"
    );
}

/// `evaluate --time`: past the time, an error naming the limit and `--time` (exit 2), not
/// attacks "not counted" for their size; the request's rules in the flags' words.
#[test]
fn evaluate_stops_at_its_time_limit() {
    let (out, err, code) = lingeo(&["evaluate", "examples/race10.scenario", "--time", "0.01"]);
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert!(
        err.starts_with(
            "error: stopped at the time limit of the request (0.01 s; --time raises it)"
        ),
        "{err}"
    );
    for (flags, message) in [
        (
            &["--horizon", "0"][..],
            "error: --horizon must be at least 1 move\n",
        ),
        (
            &["--max-zones", "0"][..],
            "error: --max-zones must be at least 1\n",
        ),
        (
            &["--rules", "learned/pawned.rules"][..],
            "error: --rules needs --eval learned\n",
        ),
    ] {
        let mut args = vec!["evaluate", "examples/reti.scenario"];
        args.extend(flags);
        let (out, err, code) = lingeo(&args);
        assert_eq!((code, err.as_str()), (2, message), "{flags:?}: {out}");
    }
}

/// `translate --time`: past the time, an error naming the limit (exit 2); the flags the
/// request needs, in its words (clap required them before).
#[test]
fn translate_stops_at_its_time_limit() {
    let zone = [
        "translate",
        "examples/robot-zone-full.scenario",
        "--piece",
        "BOMBER",
        "--to",
        "h1",
        "--zone",
        "9",
        "--moves",
        "BOMBER h5-h4",
    ];
    let (out, err, code) = lingeo(&[&zone[..], &["--time", "1e-9"]].concat());
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert!(
        err.contains("stopped at the time limit of the request (")
            && err.contains(" s; --time raises it)"),
        "{err}"
    );
    let (_, err, code) = lingeo(&zone);
    assert_eq!(code, 0, "{err}");
    let (_, err, code) = lingeo(&[
        "translate",
        "examples/robot-zone-full.scenario",
        "--to",
        "h1",
        "--moves",
        "BOMBER h5-h4",
    ]);
    assert_eq!(
        (code, err.as_str()),
        (2, "error: --piece (the attacking piece) is required\n")
    );
}

/// `zones --time`, `run --time` and `trajectories --time` (issue 46: `--time` on every
/// command that can run long): past the time, exit 2 and an error naming the time limit,
/// where the same commands without it run on (the middlegame's attacks within 6 moves, a
/// Hanoi of 18 disks, the simple paths of a 24x24 king).
#[test]
fn zones_run_and_trajectories_stop_at_their_time_limit() {
    for (args, words) in [
        (
            vec![
                "zones",
                "examples/middlegame.scenario",
                "--all-attacks",
                "--horizon",
                "6",
                "--summary",
                "--time",
                "0.05",
            ],
            "stopped at the time limit of the request (0.05 s; --time raises it)",
        ),
        (
            vec![
                "run",
                "grammars/hanoi.lgg",
                "--start",
                "S(18, a, c)",
                "--time",
                "0.05",
            ],
            "stopped at the time limit of the request (0.05 s)",
        ),
        (
            vec![
                "trajectories",
                "--board",
                "24x24",
                "--type",
                "king",
                "--from",
                "a1",
                "--to",
                "x24",
                "--length",
                "30",
                "--simple",
                "--count",
                "--limit",
                "100000000",
                "--time",
                "0.05",
            ],
            "stopped at the time limit of the request (0.05 s; --time raises it)",
        ),
    ] {
        let (out, err, code) = lingeo(&args);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(err.contains(words), "{args:?}: {err}");
    }
    // A time that is no duration is refused as the request's rule, in the flag's words.
    let (_, err, code) = lingeo(&[
        "run",
        "grammars/hanoi.lgg",
        "--start",
        "S(2, a, c)",
        "--time=0",
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("--time must be a positive number of seconds, not 0"),
        "{err}"
    );
}
