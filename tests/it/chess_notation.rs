//! Moves in the notations of chess on every front end (issue 47 item 3): `--moves` in SAN and
//! UCI besides lingeo's notation, read by the one API function every front end calls
//! (`api::search::replay`); SAN's errors name the move and list the legal ones.

use lingeo::api::Workbench;
use lingeo::scenario::Scenario;

use super::common::lingeo;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The pieces after `moves` replayed from the start through the API.
fn pieces_after(moves: &str) -> Vec<(String, String)> {
    let bench = Workbench::new(Scenario::from_fen(START).unwrap(), "start").unwrap();
    let line = bench.play(moves).unwrap();
    line.moves.last().unwrap().pieces.clone()
}

#[test]
fn san_uci_and_lingeo_s_notation_replay_the_same_line() {
    let san = pieces_after("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. O-O");
    assert_eq!(pieces_after("e2e4,e7e5,g1f3,b8c6,f1b5,a7a6,e1g1"), san);
    assert_eq!(
        pieces_after("e2-e4 e7-e5 g1-f3 b8-c6 f1-b5 a7-a6 e1-g1"),
        san
    );
    assert!(
        san.contains(&("WK".to_string(), "g1".to_string())),
        "{san:?}"
    );
    assert!(
        san.contains(&("WR2".to_string(), "f1".to_string())),
        "{san:?}"
    );
}

#[test]
fn the_commands_take_san_and_uci() {
    let (out, err, code) = lingeo(&["play", "--fen", START, "--moves", "e4 e5 Nf3"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("3. g1-f3: black to move"), "{out}");
    let (out, err, code) = lingeo(&[
        "search", "--fen", START, "--moves", "f3 e5 g4", "--depth", "1",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("value: -1 (Black wins)"), "{out}");
    // After 1. e4 e5 White has 29 moves.
    let (out, err, code) = lingeo(&[
        "perft",
        "--fen",
        START,
        "--moves",
        "e2e4,e7e5",
        "--depth",
        "1",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\"nodes\": 29"), "{out}");
}

#[test]
fn a_bad_san_names_the_move_and_lists_the_legal_ones() {
    let (out, err, code) = lingeo(&["play", "--fen", START, "--moves", "e4 Nf3"]);
    assert_ne!(code, 0);
    assert_eq!(out, "");
    assert!(
        err.contains("move 2 (`Nf3`): `Nf3` is not a legal move here; the legal moves: "),
        "{err}"
    );
    assert!(
        err.contains("Nf6") && err.contains("Nc6") && err.contains("e5"),
        "{err}"
    );
    let (_, err, code) = lingeo(&[
        "play",
        "--fen",
        "rnbqkbnr/pppppppp/8/8/8/5N2/PPP1PPPP/RNBQKB1R w KQkq - 0 1",
        "--moves",
        "Nd2",
    ]);
    assert_ne!(code, 0);
    assert!(
        err.contains("`Nd2` is ambiguous: it names Nbd2 and Nfd2"),
        "{err}"
    );
}

#[test]
fn other_games_keep_lingeo_s_notation_and_say_so() {
    let (_, err, code) = lingeo(&["play", "examples/reti.scenario", "--moves", "Kg7"]);
    assert_ne!(code, 0);
    assert!(
        err.contains("SAN and UCI are read under `rules chess` only"),
        "{err}"
    );
    let (_, err, code) = lingeo(&["play", "examples/reti.scenario", "--moves", "h8-g7"]);
    assert_eq!(code, 0, "{err}");
}
