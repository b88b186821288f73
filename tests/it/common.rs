//! What the test modules share.

use std::process::Command;

use lingeo::board::Board;
use lingeo::scenario::Scenario;

/// The shipped example scenarios (`examples/*.scenario`), sorted by path.
pub fn example_scenarios() -> Vec<std::path::PathBuf> {
    let examples = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/");
    let mut files: Vec<_> = std::fs::read_dir(examples)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "scenario"))
        .collect();
    files.sort();
    files
}

/// An empty scenario on a `width` x `height` grid without the points `removed` (0-based file
/// and rank), or `None` where that is no board (every point removed).
pub fn empty_scenario(width: u32, height: u32, removed: &[(u32, u32)]) -> Option<Scenario> {
    let removed: Vec<[i64; 3]> = removed
        .iter()
        .map(|&(x, y)| [x as i64 + 1, y as i64 + 1, 1])
        .collect();
    let board = Board::grid(width, height, 1, &removed).ok()?;
    Some(Scenario::empty(board))
}

/// A zone's symbols as the sources write them, `t(BOMBER, a(h5)a(h4), 5)`, in its order (the
/// library's [`lingeo::zone::zone_symbols`], kept under this name for the tests' call sites).
pub use lingeo::zone::zone_symbols;

/// stdout, stderr and the exit code of `lingeo ARGS`, run in the repository's root.
pub fn lingeo(args: &[&str]) -> (String, String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_lingeo"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the lingeo binary runs");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

/// The game of the chess position `start` (a FEN) and its state after `plies` random legal
/// moves drawn with `seed`, or fewer where the game ends: the random positions the property
/// tests against shakmaty (perft, SAN) are checked on.
pub fn random_chess_position(
    start: &str,
    plies: usize,
    seed: u64,
) -> (lingeo::play::game::Game, lingeo::play::state::State) {
    let game = lingeo::play::game::Game::new(Scenario::from_fen(start).unwrap()).unwrap();
    let mut state = lingeo::play::state::State::initial(&game);
    let mut rng = lingeo::random::SplitMix(seed);
    let mut moves = Vec::new();
    for _ in 0..plies {
        state.moves(&game, &mut moves);
        if moves.is_empty() {
            break;
        }
        let mv = moves[(rng.next_u64() % moves.len() as u64) as usize];
        state.make(&game, mv);
    }
    (game, state)
}
