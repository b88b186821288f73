//! Othello through the command line (issue 48): perft on the shipped files and 4x4 solved, the
//! final disc difference as the JSON's `score`.

use super::common::lingeo;

fn json(args: &[&str]) -> serde_json::Value {
    let (out, err, code) = lingeo(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    serde_json::from_str(&out).unwrap()
}

#[test]
fn perft_of_the_othello_files() {
    let v = json(&[
        "perft",
        "examples/othello.scenario",
        "--depth",
        "5",
        "--json",
    ]);
    assert_eq!(v["nodes"], 1396);
    let v = json(&[
        "perft",
        "examples/othello.scenario",
        "--depth",
        "2",
        "--divide",
        "--json",
    ]);
    let divide: Vec<(String, u64)> = v["divide"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (
                d["move"].as_str().unwrap().to_string(),
                d["nodes"].as_u64().unwrap(),
            )
        })
        .collect();
    let want = [("d3", 3), ("c4", 3), ("f5", 3), ("e6", 3)];
    assert_eq!(
        divide,
        want.map(|(m, n)| (m.to_string(), n)).to_vec(),
        "Black's four first moves"
    );
    // The same game on the other boards, the board line alone changed.
    let v = json(&[
        "perft",
        "examples/othello-6x6.scenario",
        "--depth",
        "4",
        "--json",
    ]);
    assert_eq!(v["nodes"], 244);
    let v = json(&[
        "perft",
        "examples/othello-4x4.scenario",
        "--depth",
        "3",
        "--json",
    ]);
    assert_eq!(v["nodes"], 44);
}

#[test]
fn four_by_four_solved_with_its_disc_difference() {
    let v = json(&[
        "search",
        "examples/othello-4x4.scenario",
        "--solve",
        "--tt-mb",
        "4",
        "--json",
    ]);
    assert_eq!(v["value"], 1, "White, the second player, wins");
    assert_eq!(v["score"], 8, "11 discs to 3");
    assert_eq!(v["counted"], true);
    // No ordering named: the game's, the mobility ordering of a placement game.
    assert_eq!(v["ordering"], "mobility");
    let killer = json(&[
        "search",
        "examples/othello-4x4.scenario",
        "--solve",
        "--ordering",
        "killer",
        "--tt-mb",
        "4",
        "--json",
    ]);
    assert_eq!(killer["ordering"], "killer");
    assert_eq!(
        (killer["value"].clone(), killer["score"].clone()),
        (v["value"].clone(), v["score"].clone())
    );
    // The default solve runs on the compiled rule (docs/play-and-search.md §3.7), and says
    // so; the killer ordering, and any node limit, keep the play layer's solve. The orderings'
    // positions are compared on the play layer's solve, in the library's tests.
    assert!(v["nodes"].as_u64() > Some(0), "{v}");
    assert_eq!(v["compiled"], true, "{v}");
    assert_eq!(killer["compiled"], serde_json::Value::Null, "{killer}");
    let limited = json(&[
        "search",
        "examples/othello-4x4.scenario",
        "--solve",
        "--tt-mb",
        "4",
        "--max-nodes",
        "100000000",
        "--json",
    ]);
    assert_eq!(limited["compiled"], serde_json::Value::Null, "{limited}");
    assert_eq!(
        (limited["value"].clone(), limited["score"].clone()),
        (v["value"].clone(), v["score"].clone())
    );
    let (out, _, code) = lingeo(&[
        "search",
        "examples/othello-4x4.scenario",
        "--solve",
        "--tt-mb",
        "4",
    ]);
    assert_eq!(code, 0);
    assert!(
        out.contains("score: 8 (pieces at the end, White's minus Black's)"),
        "{out}"
    );
    assert!(
        out.contains("alphabeta, solve on the compiled rule, ordering mobility"),
        "{out}"
    );
}

/// `play` replays placements, drawing flipped pieces as their new side's and naming the placed
/// ones by side and point (it indexed the scenario's pieces and panicked on a placed one).
#[test]
fn play_replays_placements() {
    let (out, err, code) = lingeo(&["play", "examples/othello-4x4.scenario", "--moves", "b1 a1"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("2. a1: black to move (3 legal moves: a2 d3 c4)"),
        "{out}"
    );
    // After b1 Black holds b1 and b2 (flipped); after a1 White has won b2 back.
    assert!(out.contains("2  . d d .\n1  . d . ."), "{out}");
    assert!(out.contains("2  . D d .\n1  D d . ."), "{out}");
    let v = json(&[
        "play",
        "examples/othello-4x4.scenario",
        "--moves",
        "b1 a1",
        "--json",
    ]);
    let last = &v["moves"][2]["pieces"];
    assert!(
        last.as_array()
            .unwrap()
            .contains(&serde_json::json!(["Wa1", "a1"]))
    );
    let (_, err, code) = lingeo(&["play", "examples/othello-4x4.scenario", "--moves", "a1"]);
    assert_ne!(code, 0);
    assert!(err.contains("no piece may be placed on a1"), "{err}");
}

/// The fuzzy evaluation reads the game's per-piece tables by piece index, the reserve in hand
/// included (it indexed past them after a placement and panicked).
#[test]
fn the_fuzzy_evaluation_reads_a_placement_game() {
    let (out, err, code) = lingeo(&["evaluate", "examples/othello.scenario", "--moves", "f5"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("value"), "{out}");
}

/// `play --json` names every disc by its side now: a declared disc that a flip took to the
/// other side is named by its new side and its point, as a placed one is (it kept its declared
/// name, `W1` for a black disc).
#[test]
fn play_json_names_a_flipped_disc_by_its_side_now() {
    let v = json(&[
        "play",
        "examples/othello-4x4.scenario",
        "--moves",
        "b1",
        "--json",
    ]);
    let at = |k: usize, point: &str| -> Vec<String> {
        v["moves"][k]["pieces"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|p| p[1] == point)
            .map(|p| p[0].as_str().unwrap().to_string())
            .collect()
    };
    // b2 is White's at the start and Black's once b1 has flipped it.
    assert!(at(0, "b2")[0].starts_with('W'), "{v}");
    assert_eq!(at(1, "b2"), ["Bb2"], "{v}");
    assert_eq!(at(1, "b1"), ["Bb1"], "{v}");
}

/// A game with placements and a piece that steps and captures (a rook beside Othello's discs):
/// the rook takes a disc by the side it has now, a placed disc's class's (before, the side
/// declared for the reserve it came from, so a disc Black placed could not be taken by White),
/// and a point before a step is read as a placement, not as the step's piece.
#[test]
fn a_stepping_piece_takes_placed_discs_by_their_side_now() {
    use lingeo::api::Workbench;
    let text = "board 4x4\n\
        type disc {\n  move slide (1,0) (1,1) (0,1) (-1,1) (-1,0) (-1,-1) (0,-1) (1,-1)\n}\n\
        white disc at centre (0,0) (1,1) as W\n\
        black disc at centre (0,1) (1,0) as B\n\
        white rook at a4 as WR\n\
        game {\n  first black\n  place disc\n  stalemate pass\n  deadlock count\n}\n";
    let bench = Workbench::from_text(text, "mixed.scenario").unwrap();
    let legal = |moves: &str| -> Vec<String> {
        let played = bench.play(moves).unwrap();
        played.moves.last().unwrap().legal.clone()
    };
    // Black places on a2: the rook on a4 may take it (a3 is empty).
    assert!(
        legal("a2").contains(&"a4:a2".to_string()),
        "{:?}",
        legal("a2")
    );
    // White places on a3: its own disc now stands in the rook's way.
    let after = legal("a2 a3 d4");
    assert!(after.contains(&"a4-b4".to_string()), "{after:?}");
    assert!(!after.iter().any(|m| m.starts_with("a4:a")), "{after:?}");
    // The placement d4 and the rook's step after it, written without a comma.
    let played = bench.play("a2 a3 d4 a4-b4").unwrap();
    assert_eq!(played.moves.len(), 5, "the start and four moves");
    assert_eq!(played.moves[4].r#move.as_deref(), Some("a4-b4"));
}
