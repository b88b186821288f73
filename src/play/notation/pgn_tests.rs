//! PGN read and written: the Opera Game replayed to its mate, the reader's skips and its
//! located errors, and a game written and read back.

use super::pgn::{self, PgnProblem};
use super::*;
use crate::scenario::Scenario;

const OPERA: &str = include_str!("../../../tests/pgn/opera.pgn");

#[test]
fn the_opera_game_replays_to_its_mate() {
    let games = pgn::read(OPERA).unwrap();
    assert_eq!(games.len(), 1);
    let g = &games[0];
    assert_eq!(g.tag("White"), Some("Paul Morphy"));
    assert_eq!(g.result.as_deref(), Some("1-0"));
    assert_eq!(g.moves.len(), 33);
    // The variation, comments and NAGs are skipped; `16. Qb8+!` keeps its mark for SAN.
    assert_eq!(g.moves[30].text, "Qb8+!");
    assert_eq!((g.moves[30].line, g.moves[30].column), (13, 5));
    let game = Game::new(g.scenario().unwrap()).unwrap();
    let moves = g.replay(&game).unwrap();
    let mut state = State::initial(&game);
    for &mv in &moves {
        state.make(&game, mv);
    }
    state.successors(&game, &mut Vec::new());
    let outcome = state.outcome.unwrap();
    assert_eq!(outcome.describe(&game), "White wins (checkmate)");
    // Written again, the moves are the same SAN.
    let text = pgn::write(
        &game,
        &[("White", "Paul Morphy".to_string())],
        &moves,
        "1-0",
    )
    .unwrap();
    assert!(text.starts_with("[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"Paul Morphy\"]\n[Black \"?\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 d6"), "{text}");
    assert!(text.ends_with("16. Qb8+ Nxb8 17. Rd8# 1-0\n\n"), "{text}");
    assert!(text.lines().all(|l| l.len() <= 79), "{text}");
    let again = pgn::read(&text).unwrap();
    assert_eq!(again[0].replay(&game).unwrap(), moves);
}

#[test]
fn a_position_set_up_is_written_with_its_fen_and_read_back() {
    let fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
    let game = Game::new(Scenario::from_fen(fen).unwrap()).unwrap();
    let state = State::initial(&game);
    let mv = read_move(&game, &state, "e4").unwrap();
    let text = pgn::write(&game, &[], &[mv], "*").unwrap();
    assert!(
        text.contains(
            "[Result \"*\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e4 *\n"
        ),
        "{text}"
    );
    let g = &pgn::read(&text).unwrap()[0];
    assert_eq!(g.scenario().unwrap().to_fen().unwrap(), fen);
    // Several games in one file, each ended by its result.
    let two = format!("{text}{text}");
    assert_eq!(pgn::read(&two).unwrap().len(), 2);
}

#[test]
fn pgn_errors_name_line_and_column() {
    let cases: [(&str, (usize, usize), &str); 6] = [
        (
            "1. e4 {no end\n e5",
            (1, 7),
            "a comment `{` that is not closed",
        ),
        (
            "1. e4 e5 (2. Nf3\n",
            (1, 10),
            "a variation `(` that is not closed",
        ),
        ("1. e4 ) e5", (1, 7), "a `)` that closes no variation"),
        ("[White Morphy]\n1. e4", (1, 1), "a tag pair is written"),
        ("", (1, 1), "no game"),
        (
            "[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n1. e4",
            (1, 1),
            "the FEN tag: FEN field 1",
        ),
    ];
    for (text, at, words) in cases {
        let e = match pgn::read(text) {
            Err(e) => e,
            Ok(games) => games[0].scenario().unwrap_err(),
        };
        assert_eq!((e.line, e.column), at, "{text}: {e}");
        assert!(e.to_string().contains(words), "{text}: {e}");
    }
    // A move not legal where it stands: its line, column and number, and the legal moves.
    let g = &pgn::read("1. e4 e5\n2. Nf3 Nf6 3. Ke3").unwrap()[0];
    let game = Game::new(g.scenario().unwrap()).unwrap();
    let e = g.replay(&game).unwrap_err();
    assert_eq!((e.line, e.column), (2, 15));
    assert!(matches!(e.problem, PgnProblem::Move { number: 5, .. }));
    assert!(
        e.to_string().starts_with(
            "line 2, column 15: move 5: `Ke3` is not a legal move here; the legal moves: "
        ),
        "{e}"
    );
}

#[test]
fn pgn_is_written_for_chess_only() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/reti.scenario");
    let game = Game::new(Scenario::load(path.as_ref()).unwrap()).unwrap();
    assert_eq!(
        pgn::write(&game, &[], &[], "*"),
        Err(pgn::PgnWriteError::NotChess)
    );
}
