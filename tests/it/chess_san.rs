//! SAN under `rules chess` against an independent implementation (shakmaty, a dev-dependency
//! used as an oracle only): on random positions reached by random games, every legal move's
//! SAN as lingeo writes it equals shakmaty's, and lingeo reads shakmaty's SAN back to the same
//! move (docs/play-and-search.md §1.7).

use lingeo::play::notation::{san, uci};
use proptest::prelude::*;

use super::common::random_chess_position;
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess};

const STARTS: [&str; 5] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    // Many pieces of a kind: knights and queens that reach the same points.
    "1k2r3/8/8/8/4Q2Q/2N1N3/8/K6Q w - - 0 1",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn san_equals_shakmaty_s_on_random_positions(
        start in 0..STARTS.len(),
        plies in 0usize..60,
        seed in any::<u64>(),
    ) {
        let (game, state) = random_chess_position(STARTS[start], plies, seed);
        let mut moves = Vec::new();
        let fen = state.scenario(&game).0.to_fen().unwrap();
        let position: Chess = fen
            .parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap();
        state.moves(&game, &mut moves);
        for &mv in &moves {
            let text = uci::write(&game, mv);
            let m = UciMove::from_ascii(text.as_bytes()).unwrap().to_move(&position).unwrap();
            let theirs = SanPlus::from_move(position.clone(), m).to_string();
            prop_assert_eq!(san::write(&game, &state, mv), theirs.clone(), "{} in {}", text, fen);
            prop_assert_eq!(san::read(&game, &state, &theirs).unwrap(), mv, "{} in {}", theirs, fen);
        }
    }
}
