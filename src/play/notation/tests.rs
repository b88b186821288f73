//! SAN and UCI on known positions: disambiguation by file, rank and point, en passant,
//! promotions, castling, the check and mate marks, and the errors.

use super::*;
use crate::play::state::Special;
use crate::scenario::Scenario;

fn position(fen: &str) -> (Game, State) {
    let game = Game::new(Scenario::from_fen(fen).unwrap()).unwrap();
    let state = State::initial(&game);
    (game, state)
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The state after `line` (any notation) from `fen`.
fn after(fen: &str, line: &str) -> (Game, State) {
    let (game, mut state) = position(fen);
    for text in split(&game, line) {
        let mv = read_move(&game, &state, &text).unwrap();
        state.make(&game, mv);
    }
    (game, state)
}

fn sans(game: &Game, state: &State) -> Vec<String> {
    san::legal(game, state)
}

#[test]
fn the_start_in_san() {
    let (game, state) = position(START);
    let legal = sans(&game, &state);
    assert_eq!(legal.len(), 20);
    for m in ["a3", "a4", "e4", "h4", "Na3", "Nc3", "Nf3", "Nh3"] {
        assert!(legal.contains(&m.to_string()), "{m} in {legal:?}");
    }
    let mv = san::read(&game, &state, "Nf3").unwrap();
    assert_eq!(mv.uci(&game), "g1f3");
}

#[test]
fn disambiguation_by_file_rank_and_point() {
    // Knights on b1 and f3 both reach d2: the file tells them apart.
    let (game, state) = position("rnbqkbnr/pppppppp/8/8/8/5N2/PPP1PPPP/RNBQKB1R w KQkq - 0 1");
    let legal = sans(&game, &state);
    assert!(legal.contains(&"Nbd2".to_string()), "{legal:?}");
    assert!(legal.contains(&"Nfd2".to_string()), "{legal:?}");
    assert!(!legal.contains(&"Nd2".to_string()));
    // Only one knight reaches e5, h4 and a3: no disambiguation there.
    assert!(legal.contains(&"Ne5".to_string()) && legal.contains(&"Na3".to_string()));
    assert_eq!(san::read(&game, &state, "Nbd2").unwrap().uci(&game), "b1d2");
    // Rooks on one file: the rank.
    let (game, state) = position("k7/8/8/8/8/4R3/8/4R1K1 w - - 0 1");
    let legal = sans(&game, &state);
    assert!(legal.contains(&"R1e2".to_string()), "{legal:?}");
    assert!(legal.contains(&"R3e2".to_string()), "{legal:?}");
    assert_eq!(san::read(&game, &state, "R1e2").unwrap().uci(&game), "e1e2");
    // Three queens on e1: the file, the rank, and the point.
    let (game, state) = position("1k6/8/8/8/4Q2Q/8/8/K6Q w - - 0 1");
    let legal = sans(&game, &state);
    for m in ["Qh4e1", "Qee1", "Q1e1"] {
        assert!(legal.contains(&m.to_string()), "{m} in {legal:?}");
    }
    assert_eq!(
        san::read(&game, &state, "Qh4e1").unwrap().uci(&game),
        "h4e1"
    );
    assert_eq!(
        san::read(&game, &state, "Qh4xe1").unwrap().uci(&game),
        "h4e1"
    );
}

#[test]
fn en_passant_is_a_capture_of_the_pawn_s_file() {
    let (game, state) = position("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
    let legal = sans(&game, &state);
    assert!(legal.contains(&"exf6".to_string()), "{legal:?}");
    for text in ["exf6", "exf6 e.p.", "exf6e.p.", "exf6!?"] {
        let mv = san::read(&game, &state, text).unwrap();
        assert!(
            matches!(
                mv,
                Move::Step {
                    special: Special::EnPassant { .. },
                    ..
                }
            ),
            "{text}"
        );
    }
    // d6 is no capture (the pawn on d5 stands before e5): `exd6` is not a move.
    assert!(matches!(
        san::read(&game, &state, "exd6"),
        Err(NotationError::Illegal { .. })
    ));
}

#[test]
fn promotions_say_what_the_pawn_becomes() {
    let (game, state) = position("3r4/4P3/8/8/8/8/8/k3K3 w - - 0 1");
    let legal = sans(&game, &state);
    for m in ["e8=Q", "e8=R", "e8=B", "e8=N", "exd8=Q", "exd8=N"] {
        assert!(legal.contains(&m.to_string()), "{m} in {legal:?}");
    }
    assert_eq!(
        san::read(&game, &state, "e8=N").unwrap().uci(&game),
        "e7e8n"
    );
    assert_eq!(san::read(&game, &state, "e8Q").unwrap().uci(&game), "e7e8q");
    assert_eq!(
        san::read(&game, &state, "exd8=R").unwrap().uci(&game),
        "e7d8r"
    );
    // Without a letter the promotion is one of four.
    match san::read(&game, &state, "e8") {
        Err(NotationError::Illegal { text, legal }) => {
            assert_eq!(text, "e8");
            assert!(legal.contains(&"e8=Q".to_string()));
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        uci::read(&game, &state, "e7e8b").unwrap().uci(&game),
        "e7e8b"
    );
    assert!(uci::read(&game, &state, "e7e8").is_err());
}

#[test]
fn castling_and_the_check_mark() {
    let (game, state) = position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let legal = sans(&game, &state);
    assert!(legal.contains(&"O-O".to_string()) && legal.contains(&"O-O-O".to_string()));
    for (text, uci) in [
        ("O-O", "e1g1"),
        ("0-0", "e1g1"),
        ("O-O-O", "e1c1"),
        ("0-0-0+", "e1c1"),
    ] {
        assert_eq!(
            san::read(&game, &state, text).unwrap().uci(&game),
            uci,
            "{text}"
        );
    }
    // UCI castles by the king's move.
    let mv = uci::read(&game, &state, "e1g1").unwrap();
    assert!(matches!(
        mv,
        Move::Step {
            special: Special::Castle { .. },
            ..
        }
    ));
    // The king's step in SAN is `Kg1`, which is not castling (and not legal).
    assert!(san::read(&game, &state, "Kg1").is_err());
    // A castling that gives check.
    let (game, state) = position("5k2/8/8/8/8/8/8/4K2R w K - 0 1");
    assert!(sans(&game, &state).contains(&"O-O+".to_string()));
}

#[test]
fn check_and_mate_marks() {
    let (game, state) = after(START, "e4 f5");
    assert!(sans(&game, &state).contains(&"Qh5+".to_string()));
    let (game, state) = after(START, "f3 e5 g4");
    assert!(sans(&game, &state).contains(&"Qh4#".to_string()));
    // Read with or without the mark.
    let a = san::read(&game, &state, "Qh4").unwrap();
    assert_eq!(san::read(&game, &state, "Qh4#").unwrap(), a);
    let (_, mut probe) = (0, state.clone());
    probe.make(&game, a);
    let mut none = Vec::new();
    probe.successors(&game, &mut none);
    assert!(none.is_empty() && probe.outcome.is_some());
}

#[test]
fn bad_san_names_the_move_and_lists_the_legal_ones() {
    let (game, state) = position(START);
    let e = read_move(&game, &state, "Nf6").unwrap_err().to_string();
    assert!(
        e.starts_with("`Nf6` is not a legal move here; the legal moves: "),
        "{e}"
    );
    assert!(
        e.contains("Nf3") && e.contains("e4") && e.contains("Nc3"),
        "{e}"
    );
    let (game, state) = position("rnbqkbnr/pppppppp/8/8/8/5N2/PPP1PPPP/RNBQKB1R w KQkq - 0 1");
    let e = read_move(&game, &state, "Nd2").unwrap_err();
    assert!(matches!(e, NotationError::Ambiguous { .. }));
    assert!(
        e.to_string()
            .starts_with("`Nd2` is ambiguous: it names Nbd2 and Nfd2; the legal moves: "),
        "{e}"
    );
    for bad in ["hello", "Zz9", "N", "Qh4e1e1"] {
        assert!(read_move(&game, &state, bad).is_err(), "{bad}");
    }
    let e = read_move(&game, &state, "e2e5").unwrap_err().to_string();
    assert!(
        e.starts_with("`e2e5` is not a legal move here; the legal moves in UCI: "),
        "{e}"
    );
    assert!(e.contains("e2e4"), "{e}");
}

#[test]
fn the_three_notations_read_the_same_move() {
    let (game, state) = position(START);
    let a = read_move(&game, &state, "Nf3").unwrap();
    assert_eq!(read_move(&game, &state, "g1f3").unwrap(), a);
    assert_eq!(read_move(&game, &state, "g1-f3").unwrap(), a);
    assert_eq!(read_move(&game, &state, "WN2 g1-f3").unwrap(), a);
}

#[test]
fn chess_lines_split_with_move_numbers_and_names() {
    let (game, _) = position(START);
    assert_eq!(
        split(&game, "1. e4 e5 2.Nf3 Nc6 3... O-O, e2e4 WN2 g1-f3"),
        ["e4", "e5", "Nf3", "Nc6", "O-O", "e2e4", "WN2 g1-f3"]
    );
    let (game, state) = after(START, "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O");
    assert_eq!(state.ply, 9);
    assert_eq!(
        state.scenario(&game).0.to_fen().unwrap(),
        "r1bqkb1r/1ppp1ppp/p1n2n2/4p3/B3P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 3 5"
    );
}

#[test]
fn numbered_lines() {
    let (game, state) = position(START);
    let mut s = state.clone();
    let mut moves = Vec::new();
    for t in ["e4", "e5", "Nf3"] {
        let mv = read_move(&game, &s, t).unwrap();
        s.make(&game, mv);
        moves.push(mv);
    }
    assert_eq!(san::numbered(&game, &state, &moves), "1. e4 e5 2. Nf3");
    assert_eq!(san::numbered(&game, &state, &moves[..0]), "");
    let (game, state) = after(START, "e4");
    let mv = read_move(&game, &state, "c5").unwrap();
    assert_eq!(san::numbered(&game, &state, &[mv]), "1... c5");
    assert_eq!(uci::line(&game, &[mv]), ["c7c5"]);
}

#[test]
fn other_games_keep_lingeo_s_notation() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/reti.scenario");
    let scenario = Scenario::load(path.as_ref()).unwrap();
    let game = Game::new(scenario).unwrap();
    let state = State::initial(&game);
    assert!(!is_chess(&game));
    assert!(read_move(&game, &state, "h8-g7").is_ok());
    let e = read_move(&game, &state, "Kg7").unwrap_err();
    assert!(
        matches!(e, NotationError::Move(MoveError::NotAMove(_))),
        "{e}"
    );
    assert!(e.to_string().contains("rules chess"), "{e}");
}

/// Texts made of the characters of the notations, at random: reading them is an answer or an
/// error, never a panic (SAN, UCI, lingeo's notation and PGN alike).
#[test]
fn random_texts_are_read_without_panicking() {
    let (game, state) =
        position("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1");
    let alphabet: Vec<char> = "abcdefghKQRBNPOo0123456789x=+#!?-:.()[]{}$;%\" \nep*/é"
        .chars()
        .collect();
    let mut rng = crate::random::SplitMix(47);
    for _ in 0..5_000 {
        let len = (rng.next_u64() % 12) as usize;
        let text: String = (0..len)
            .map(|_| alphabet[(rng.next_u64() % alphabet.len() as u64) as usize])
            .collect();
        let _ = read_move(&game, &state, &text);
        let _ = san::read(&game, &state, &text);
        let _ = uci::read(&game, &state, &text);
        let _ = split(&game, &text);
        if let Ok(games) = pgn::read(&text)
            && let Ok(scenario) = games[0].scenario()
            && let Ok(g) = Game::new(scenario)
        {
            let _ = games[0].replay(&g);
        }
    }
    // The rank of a disambiguation that is no number.
    assert!(san::read(&game, &state, "N-2147483648a1").is_err());
    assert!(san::read(&game, &state, "N99999999999a1").is_err());
}
