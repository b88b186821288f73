//! `--fen` on the commands that take a position (issue 47 item 2): a chess position pasted as
//! it is, read as the 8x8 scenario under the rules of chess that `Scenario::from_fen` makes.

use super::common::lingeo;

/// A back-rank mate in one: the rook's a1-a8.
const MATE_IN_ONE: &str = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";

#[test]
fn search_play_and_evaluate_take_a_fen() {
    let (out, err, code) = lingeo(&["search", "--fen", MATE_IN_ONE, "--depth", "1"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with(&format!("{MATE_IN_ONE}: alphabeta")),
        "{out}"
    );
    assert!(out.contains("value: 1 (White wins)"), "{out}");
    assert!(out.contains("pv: 1. Ra8#"), "{out}");
    let (out, err, code) = lingeo(&["play", "--fen", MATE_IN_ONE, "--moves", "a1-a8"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("checkmate") || out.contains("White wins"),
        "{out}"
    );
    let (out, err, code) = lingeo(&["evaluate", "--fen", MATE_IN_ONE]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with(&format!("{MATE_IN_ONE}: fuzzy evaluation")),
        "{out}"
    );
}

/// The board commands read a FEN as they read a scenario: the white king's MAP from a1 on an
/// empty 8x8 board is the king's, whatever else stands.
#[test]
fn map_and_zones_take_a_fen() {
    let (fen_map, err, code) = lingeo(&[
        "map",
        "--fen",
        "7k/8/8/8/8/8/8/K7 w - - 0 1",
        "--piece",
        "WK",
    ]);
    assert_eq!(code, 0, "{err}");
    let (board_map, err, code) =
        lingeo(&["map", "--board", "8x8", "--type", "king", "--from", "a1"]);
    assert_eq!(code, 0, "{err}");
    let body = |s: &str| s.lines().skip(1).collect::<Vec<_>>().join("\n");
    assert_eq!(body(&fen_map), body(&board_map));
    let (out, err, code) = lingeo(&[
        "zones",
        "--fen",
        MATE_IN_ONE,
        "--piece",
        "WR",
        "--to",
        "g8",
        "--horizon",
        "2",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("WR (white rook) from a1 to g8"), "{out}");
}

#[test]
fn a_bad_or_missing_position_is_an_error_naming_it() {
    let (out, err, code) = lingeo(&["search", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1"]);
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert!(
        err.contains("--fen: FEN field 1 (piece placement)"),
        "{err}"
    );
    let (_, err, code) = lingeo(&["search"]);
    assert_eq!(code, 2);
    assert!(err.contains("<SCENARIO|--fen <FEN>>"), "{err}");
    let (_, err, code) = lingeo(&["zones", "examples/reti.scenario", "--fen", MATE_IN_ONE]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot be used with"), "{err}");
    let (_, err, code) = lingeo(&["map", "--board", "8x8", "--fen", MATE_IN_ONE]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot be used with"), "{err}");
}
