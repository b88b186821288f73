//! What `evaluate` and `match` print: no negative zero, and a schedule of games that says
//! which openings they played.

use crate::common::lingeo as run;

#[test]
fn an_empty_board_evaluates_to_zero_not_minus_zero() {
    let dir = std::env::temp_dir().join(format!("lingeo-empty-eval-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("empty.scenario");
    std::fs::write(&path, "board 3x3\ngame {}\n").unwrap();
    let (out, err, code) = run(&["evaluate", path.to_str().unwrap(), "--explain"]);
    assert_eq!(code, 0, "{err}");
    assert!(!out.contains("-0.00"), "{out}");
    assert!(out.contains("value +0.00 (White's side)\n"), "{out}");
    let (out, _, _) = run(&["evaluate", path.to_str().unwrap(), "--json"]);
    assert!(
        out.contains("\"value\": 0.0,") && !out.contains("-0.0"),
        "{out}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_match_says_which_openings_its_games_played() {
    // Pawned has 25 openings; 4 games play the first two, each twice.
    let (out, err, code) = run(&[
        "match",
        "examples/pawned.scenario",
        "--games",
        "4",
        "--white",
        "depth=1",
        "--black",
        "depth=1",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with(
            "examples/pawned.scenario: 4 games from 2 of the 25 openings (each twice, colours swapped)\n"
        ),
        "{out}"
    );
    // A spec's mistakes are errors, not silently clamped or overridden.
    for (spec, why) in [
        ("horizon=65", "--white: horizon must be at most 64, not 65"),
        ("depth=2,depth=3", "--white: `depth` is given twice"),
    ] {
        let (_, err, code) = run(&["match", "examples/pawned.scenario", "--white", spec]);
        assert_eq!(code, 2);
        assert!(err.contains(why), "{err}");
    }
}

#[test]
fn a_match_on_several_threads_prints_the_same_bytes_as_on_one() {
    let matches: [&[&str]; 3] = [
        &[
            "--white",
            "eval=fuzzy,depth=2",
            "--black",
            "depth=2",
            "--games",
            "6",
        ],
        &[
            "--white",
            "depth=2",
            "--black",
            "nodes=200,ordering=none",
            "--games",
            "5",
            "--json",
        ],
        // A game an engine cannot finish stops the match at the same game.
        &[
            "--white",
            "depth=16",
            "--black",
            "depth=16",
            "--games",
            "3",
            "--max-memory",
            "16",
        ],
    ];
    for args in matches {
        let with = |jobs: &str| {
            let mut all = vec!["match", "examples/pawned.scenario", "--jobs", jobs];
            all.extend_from_slice(args);
            run(&all)
        };
        let one = with("1");
        assert!(one.2 == 0 || one.2 == 2, "{args:?}: {}", one.1);
        for jobs in ["2", "3"] {
            assert_eq!(with(jobs), one, "{args:?} with --jobs {jobs}");
        }
    }
    let (_, err, code) = run(&["match", "examples/pawned.scenario", "--jobs", "0"]);
    assert_eq!(code, 2);
    assert!(err.contains("--jobs"), "{err}");
}
