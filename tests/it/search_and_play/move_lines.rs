//! Lines of moves read back: every move the searches and `play` print can be given to `play
//! --moves` and `search --moves` (and so to `/api/play`), on 3D boards and on grids wider than
//! 26 files too, whose points are written `(x,y,z)` and `(x,y)` with commas inside.

use crate::common::lingeo as run;

/// The principal variation a solve of `scenario` prints.
fn principal_variation(scenario: &str) -> String {
    let (out, err, code) = run(&["search", scenario]);
    assert_eq!(code, 0, "{err}");
    out.lines()
        .find_map(|l| l.strip_prefix("pv: "))
        .unwrap_or_else(|| panic!("{out}"))
        .to_string()
}

#[test]
fn the_printed_principal_variation_replays_on_3d_and_wide_boards() {
    for (scenario, first, end, value) in [
        (
            "tests/scenarios/cube-race.scenario",
            "(1,1,1)-(1,1,2)",
            "game over: Black wins",
            "-1 (Black wins)",
        ),
        (
            "tests/scenarios/wide-race.scenario",
            "(27,26)-(27,27)",
            "game over: White wins",
            "1 (White wins)",
        ),
    ] {
        let pv = principal_variation(scenario);
        assert!(pv.starts_with(first), "{scenario}: {pv}");
        assert!(pv.contains(','), "{scenario}: {pv}"); // the points have commas
        // The line as printed, and with commas between the moves as the page joins them.
        for line in [pv.clone(), pv.replace(' ', ", ")] {
            let (out, err, code) = run(&["play", scenario, "--moves", &line]);
            assert_eq!(code, 0, "{scenario} {line}: {err}");
            let moves = pv.split(' ').count();
            let last = out
                .lines()
                .find(|l| l.starts_with(&format!("{moves}. ")))
                .unwrap_or_else(|| panic!("{out}"));
            assert!(last.contains(end), "{last}");
            // The position after the line is over: its value is the outcome, no move left.
            let (out, err, code) = run(&["search", scenario, "--moves", &line]);
            assert_eq!(code, 0, "{err}");
            assert!(out.contains(&format!("value: {value}")), "{out}");
            assert!(out.contains("pv: (none)\n"), "{out}");
        }
        // Every prefix of the line is a position to search.
        let half: Vec<&str> = pv.split(' ').take(3).collect();
        let (out, err, code) = run(&["search", scenario, "--moves", &half.join(" ")]);
        assert_eq!(code, 0, "{err}");
        assert!(out.contains("value: "), "{out}");
    }
    // An unbalanced parenthesis is a move of its own, named in the error.
    let (_, err, code) = run(&[
        "play",
        "tests/scenarios/cube-race.scenario",
        "--moves",
        "(1,1,1",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("move 1 (`(1,1,1`)"), "{err}");
}

#[test]
fn play_lists_the_legal_moves_it_counts() {
    let (out, err, code) = run(&["play", "tests/scenarios/cube-race.scenario"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with(
            "start: white to move (3 legal moves: (1,1,1)-(1,1,2) (1,1,1)-(1,2,1) (1,1,1)-(2,1,1))\n"
        ),
        "{out}"
    );
    let (out, _, _) = run(&["play", "tests/scenarios/cube-race.scenario", "--json"]);
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        json["moves"][0]["legal"],
        serde_json::json!(["(1,1,1)-(1,1,2)", "(1,1,1)-(1,2,1)", "(1,1,1)-(2,1,1)"])
    );
    // Each listed move is legal where it is listed: play them one after the other.
    let mut line: Vec<String> = Vec::new();
    for _ in 0..6 {
        let (out, err, code) = run(&[
            "play",
            "tests/scenarios/cube-race.scenario",
            "--moves",
            &line.join(" "),
            "--json",
        ]);
        assert_eq!(code, 0, "{line:?}: {err}");
        let json: serde_json::Value = serde_json::from_str(&out).unwrap();
        let last = json["moves"].as_array().unwrap().last().unwrap().clone();
        let Some(legal) = last["legal"].as_array() else {
            assert!(last["outcome"].is_object(), "{last}");
            break;
        };
        line.push(legal.last().unwrap().as_str().unwrap().to_string());
    }
    assert!(line.len() >= 4, "{line:?}");
}
