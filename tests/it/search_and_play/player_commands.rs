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
