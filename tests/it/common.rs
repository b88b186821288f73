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
