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
    assert!(out.contains("3. Nf3: black to move"), "{out}");
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

/// A back-rank mate in one: the rook's a1-a8.
const MATE_IN_ONE: &str = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";

#[test]
fn search_prints_and_writes_its_line_in_san_and_uci() {
    let (out, err, code) = lingeo(&["search", "--fen", MATE_IN_ONE, "--depth", "1", "--json"]);
    assert_eq!(code, 0, "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["pv"], serde_json::json!(["a1-a8"]));
    assert_eq!(json["pv_san"], serde_json::json!(["Ra8#"]));
    assert_eq!(json["pv_uci"], serde_json::json!(["a1a8"]));
    // A numbered line from a position after moves: Black's move first.
    let (out, err, code) = lingeo(&[
        "search", "--fen", START, "--moves", "f3 e5 g4", "--depth", "1",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("pv: 2... Qh4#\n"), "{out}");
    // The LG search's tree in SAN.
    let (out, err, code) = lingeo(&[
        "search",
        "--fen",
        MATE_IN_ONE,
        "--engine",
        "lg",
        "--depth",
        "1",
        "--tree",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("pv: 1. Ra8#\n") && out.contains("\nRa8#  1"),
        "{out}"
    );
    // Other games keep their notation and carry no SAN.
    let (out, err, code) = lingeo(&["search", "examples/reti.scenario", "--depth", "1", "--json"]);
    assert_eq!(code, 0, "{err}");
    assert!(!out.contains("pv_san") && !out.contains("pv_uci"), "{out}");
}

#[test]
fn play_prints_its_moves_in_san() {
    let (out, err, code) = lingeo(&["play", "--fen", MATE_IN_ONE, "--moves", "a1a8"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Ra6 Ra7 Ra8# Rb1"), "{out}");
    assert!(
        out.contains("1. Ra8#: game over: White wins (checkmate)"),
        "{out}"
    );
    let (out, err, code) = lingeo(&["play", "--fen", MATE_IN_ONE, "--moves", "Ra8", "--json"]);
    assert_eq!(code, 0, "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["moves"][1]["move"], "Ra8#");
    assert_eq!(json["moves"][1]["uci"], "a1a8");
    assert!(
        json["moves"][0]["legal"]
            .as_array()
            .unwrap()
            .contains(&"Kf1".into())
    );
}

/// The Opera Game (Morphy against the Duke of Brunswick and Count Isouard, Paris 1858), with
/// comments, NAGs and a variation: `play --pgn` replays it to its mate, every position
/// reachable by `--ply`.
#[test]
fn play_replays_a_pgn_file_to_every_ply() {
    let pgn = "tests/pgn/opera.pgn";
    let (out, err, code) = lingeo(&["play", "--pgn", pgn, "--ply", "33"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("33. Rd8#: game over: White wins (checkmate)\n8  . n . R k b . r\n"),
        "{out}"
    );
    let (out, err, code) = lingeo(&["play", "--pgn", pgn, "--ply", "0", "--json"]);
    assert_eq!(code, 0, "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["moves"].as_array().unwrap().len(), 1);
    assert_eq!(json["moves"][0]["legal"].as_array().unwrap().len(), 20);
    let (out, err, code) = lingeo(&["play", "--pgn", pgn, "--ply", "24"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("24. Rd8: white to move"), "{out}");
    let (out, err, code) = lingeo(&["play", "--pgn", pgn]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out.matches(" to move").count() + out.matches("game over").count(),
        34
    );
    let (_, err, code) = lingeo(&["play", "--pgn", pgn, "--ply", "34"]);
    assert_ne!(code, 0);
    assert!(
        err.contains("--ply 34 is past the end of the line (33 moves)"),
        "{err}"
    );
    let (_, err, code) = lingeo(&["play", "--pgn", pgn, "--moves", "e4"]);
    assert_ne!(code, 0);
    assert!(err.contains("give --moves or --pgn, not both"), "{err}");
    let (_, err, code) = lingeo(&["play", "--pgn", pgn, "--fen", START]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot be used with"), "{err}");
}

#[test]
fn a_bad_pgn_file_is_an_error_at_its_line_and_column() {
    let dir = std::env::temp_dir().join(format!("lingeo-pgn-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("bad.pgn");
    std::fs::write(&path, "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nf6\n3. Ke3 *\n").unwrap();
    let (out, err, code) = lingeo(&["play", "--pgn", path.to_str().unwrap()]);
    assert_ne!(code, 0);
    assert_eq!(out, "");
    assert!(
        err.contains("bad.pgn: line 4, column 4: move 5: `Ke3` is not a legal move here"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// `match --pgn` writes the games played; `play --pgn` and the PGN reader replay each to the
/// result its tag gives.
#[test]
fn match_writes_pgn_that_play_reads_back() {
    use lingeo::play::game::Game;
    use lingeo::play::notation::pgn;
    use lingeo::play::state::State;
    let dir = std::env::temp_dir().join(format!("lingeo-pgn-match-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("match.pgn");
    let fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
    let (out, err, code) = lingeo(&[
        "match",
        "--fen",
        fen,
        "--white",
        "depth=2",
        "--black",
        "depth=1",
        "--games",
        "2",
        "--pgn",
        path.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("first engine:"), "{out}");
    let text = std::fs::read_to_string(&path).unwrap();
    let games = pgn::read(&text).unwrap();
    assert_eq!(games.len(), 2);
    for (k, g) in games.iter().enumerate() {
        for tag in ["Event", "Site", "Date", "Round", "White", "Black", "Result"] {
            assert!(g.tag(tag).is_some(), "{tag} in game {k}");
        }
        assert_eq!(g.tag("Round"), Some((k + 1).to_string().as_str()));
        assert_eq!(g.tag("FEN"), Some(fen));
        assert_eq!(g.tag("SetUp"), Some("1"));
        assert_eq!(g.tag("Result"), g.result.as_deref());
        let game = Game::new(g.scenario().unwrap()).unwrap();
        let mut state = State::initial(&game);
        for mv in g.replay(&game).unwrap() {
            state.make(&game, mv);
        }
        state.successors(&game, &mut Vec::new());
        let value = state.outcome.expect("a match's game is finished").value;
        assert_eq!(Some(pgn::result_token(Some(value))), g.tag("Result"));
    }
    // The colours swap: the first engine is White in the first game, Black in the second.
    assert_eq!(games[0].tag("White"), games[1].tag("Black"));
    for game in ["1", "2"] {
        let (out, err, code) = lingeo(&["play", "--pgn", path.to_str().unwrap(), "--game", game]);
        assert_eq!(code, 0, "{err}");
        assert!(
            out.trim_end()
                .lines()
                .rev()
                .nth(9)
                .unwrap()
                .contains("game over"),
            "{out}"
        );
    }
    let (_, err, code) = lingeo(&["play", "--pgn", path.to_str().unwrap(), "--game", "3"]);
    assert_ne!(code, 0);
    assert!(
        err.contains("there is no --game 3: the PGN has 2 games"),
        "{err}"
    );
    let (_, err, code) = lingeo(&["play", "--fen", fen, "--game", "2"]);
    assert_ne!(code, 0);
    assert!(err.contains("--game needs --pgn"), "{err}");
    // Not chess: refused before the match is played.
    let (_, err, code) = lingeo(&[
        "match",
        "examples/reti.scenario",
        "--games",
        "2",
        "--pgn",
        path.to_str().unwrap(),
    ]);
    assert_ne!(code, 0);
    assert!(
        err.contains("--pgn: PGN is written for games under `rules chess`"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).ok();
}
