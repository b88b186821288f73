//! perft under `rules chess` against an independent move generator (shakmaty, a dev-dependency
//! used as an oracle only): random positions reached by random games from published positions,
//! each counted to depth 3 by both (docs/play-and-search.md §1.6).

use lingeo::play::game::Game;
use lingeo::play::perft::perft;
use lingeo::play::state::State;
use lingeo::scenario::Scenario;
use proptest::prelude::*;

use super::common::random_chess_position;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};

const STARTS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
];

/// The FEN of the position `plies` random legal moves (drawn with `seed`) from `start`, or
/// sooner where a game ends.
fn random_position(start: &str, plies: usize, seed: u64) -> String {
    let (game, state) = random_chess_position(start, plies, seed);
    state.scenario(&game).0.to_fen().unwrap()
}

fn lingeo_perft(fen: &str, depth: u32) -> u64 {
    let game = Game::new(Scenario::from_fen(fen).unwrap()).unwrap();
    perft(&game, &State::initial(&game), depth).unwrap().nodes
}

fn shakmaty_perft(fen: &str, depth: u32) -> u64 {
    let position: Chess = fen
        .parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap();
    shakmaty::perft(&position, depth)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn perft_3_equals_shakmaty_on_random_positions(
        start in 0..STARTS.len(),
        plies in 0usize..60,
        seed in any::<u64>(),
    ) {
        let fen = random_position(STARTS[start], plies, seed);
        prop_assert_eq!(lingeo_perft(&fen, 3), shakmaty_perft(&fen, 3), "{}", fen);
    }
}
