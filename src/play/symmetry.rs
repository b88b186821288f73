//! The board's symmetries that a game's rules keep (docs/play-and-search.md §3.1): a mirror
//! or rotation σ of a grid under which every point stays a point, every class moves, attacks
//! and jumps alike and every piece's goals are the same points. A position and its image under
//! σ then have the same value, so the solver's table may keep one entry for both (Pawned from
//! its symmetric start: 1.a3 and 1.f3 lead to mirror images; Othello's four first moves are
//! one).
//!
//! The table's key of a position is the least of its piece keys under the symmetries (the
//! identity included), with the keys of the side to move, a pass and a pending goal, which no
//! symmetry changes, added after ([`crate::play::state::State::table_key`]). A state keeps each
//! symmetry's piece key as it moves, from the keys built here: per symmetry and (class, point),
//! the class's key on the point's image.
//!
//! Nothing here is a game's own: a game whose rules hold some symmetry gets it, one whose rules
//! hold none (chess's castling, checkers' dark squares with men that move forward) gets none.

use crate::board::{Board, Point};
use crate::piece::{Basis, Usage};
use crate::play::game::Class;
use crate::scenario::Scenario;

/// At most this many symmetries besides the identity: those of a square.
pub(crate) const MAX_SYMMETRIES: usize = 7;

/// Boards of more points get no symmetry: their keys (up to seven more tables as large as the
/// game's own keys) would weigh on the memory of games too large to solve anyway.
const MAX_POINTS: usize = 4096;

/// A candidate map of a grid board: where it sends a point's coordinates and a vector.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Map {
    /// Files reversed (a ↔ h).
    FileMirror,
    /// Ranks reversed (1 ↔ 8).
    RankMirror,
    /// A half turn.
    HalfTurn,
    /// The a1–h8 diagonal (a square board only).
    Diagonal,
    /// The a8–h1 diagonal (a square board only).
    AntiDiagonal,
    /// A quarter turn either way (a square board only).
    QuarterTurn,
    ThreeQuarterTurn,
}

const MAPS: [Map; MAX_SYMMETRIES] = [
    Map::FileMirror,
    Map::RankMirror,
    Map::HalfTurn,
    Map::Diagonal,
    Map::AntiDiagonal,
    Map::QuarterTurn,
    Map::ThreeQuarterTurn,
];

impl Map {
    /// Whether the map needs as many files as ranks.
    fn needs_square(self) -> bool {
        matches!(
            self,
            Map::Diagonal | Map::AntiDiagonal | Map::QuarterTurn | Map::ThreeQuarterTurn
        )
    }

    /// Whether ranks stay ranks with their order (what crowning on the far rank needs).
    fn keeps_ranks(self) -> bool {
        self == Map::FileMirror
    }

    /// The image of coordinates `[x, y, z]` on a board of `w` files and `h` ranks.
    fn point(self, [x, y, z]: [i32; 3], w: i32, h: i32) -> [i32; 3] {
        match self {
            Map::FileMirror => [w - 1 - x, y, z],
            Map::RankMirror => [x, h - 1 - y, z],
            Map::HalfTurn => [w - 1 - x, h - 1 - y, z],
            Map::Diagonal => [y, x, z],
            Map::AntiDiagonal => [w - 1 - y, w - 1 - x, z],
            Map::QuarterTurn => [w - 1 - y, x, z],
            Map::ThreeQuarterTurn => [y, w - 1 - x, z],
        }
    }

    /// The image of a vector (the map's linear part).
    fn vector(self, [dx, dy, dz]: [i32; 3]) -> [i32; 3] {
        match self {
            Map::FileMirror => [-dx, dy, dz],
            Map::RankMirror => [dx, -dy, dz],
            Map::HalfTurn => [-dx, -dy, dz],
            Map::Diagonal => [dy, dx, dz],
            Map::AntiDiagonal => [-dy, -dx, dz],
            Map::QuarterTurn => [-dy, dx, dz],
            Map::ThreeQuarterTurn => [dy, -dx, dz],
        }
    }

    /// Per point, its image; `None` where some point's image is not on the board (a removed
    /// point on one side only).
    fn points(self, board: &Board) -> Option<Vec<Point>> {
        let [w, h, _] = board.dims()?;
        let (w, h) = (w as i32, h as i32);
        board
            .points()
            .map(|p| board.at(self.point(board.coords(p)?, w, h)))
            .collect()
    }
}

/// The vectors of a set mapped, in canonical order, to compare with the set itself.
fn mapped(map: Map, vectors: &[Basis]) -> Vec<Basis> {
    let mut out: Vec<Basis> = vectors
        .iter()
        .map(|b| Basis {
            delta: map.vector(b.delta),
            reach: b.reach,
        })
        .collect();
    out.sort();
    out
}

/// Whether `map` keeps the motion of every class: its moves, its attacks and its jumps (as the
/// class's side sees them). A motion with explicit edges is kept by no map.
fn keeps_motions(map: Map, scenario: &Scenario, classes: &[Class]) -> bool {
    classes.iter().all(|c| {
        let t = &scenario.types[c.type_index];
        let kept = |usage: Usage| {
            let m = t.motion(usage).oriented(c.side);
            m.edges.is_empty() && mapped(map, &m.vectors) == m.vectors
        };
        let mut jumps: Vec<[i32; 3]> = t.jumps.iter().map(|&d| c.side.orient(d)).collect();
        jumps.sort();
        let mut images: Vec<[i32; 3]> = jumps.iter().map(|&d| map.vector(d)).collect();
        images.sort();
        kept(Usage::Move) && kept(Usage::Attack) && images == jumps
    })
}

/// The symmetries the game's rules keep, each as its keys: per (class, point), at
/// `class * points + point`, the class's key on the point's image. `goals` are the pieces'
/// goal masks (reserve included); `crowns` whether some type crowns on its far rank; `chess`
/// whether the rules of chess apply (castling and en passant are not symmetric: none then).
pub(crate) fn symmetry_keys(
    scenario: &Scenario,
    classes: &[Class],
    goals: &[Vec<bool>],
    piece_keys: &[u64],
    crowns: bool,
    chess: bool,
) -> Vec<Vec<u64>> {
    let n = scenario.board.len();
    symmetry_images(scenario, classes, goals, crowns, chess)
        .into_iter()
        .map(|image| {
            (0..classes.len())
                .flat_map(|c| image.iter().map(move |q| piece_keys[c * n + q.index()]))
                .collect()
        })
        .collect()
}

/// The symmetries the game's rules keep (as [`symmetry_keys`] reads them), each as the image
/// of every point, in the order of the keys: what the compiled solvers map their positions
/// by.
pub(crate) fn symmetry_images(
    scenario: &Scenario,
    classes: &[Class],
    goals: &[Vec<bool>],
    crowns: bool,
    chess: bool,
) -> Vec<Vec<Point>> {
    let board = &scenario.board;
    let Some([w, h, _]) = board.dims() else {
        return Vec::new();
    };
    if chess || board.len() > MAX_POINTS {
        return Vec::new();
    }
    let mut out = Vec::new();
    for map in MAPS {
        if (map.needs_square() && w != h) || (crowns && !map.keeps_ranks()) {
            continue;
        }
        let Some(image) = map.points(board) else {
            continue;
        };
        let goals_kept = goals.iter().all(|g| {
            board
                .points()
                .all(|p| g[p.index()] == g[image[p.index()].index()])
        });
        if goals_kept && keeps_motions(map, scenario, classes) {
            out.push(image);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::play::game::Game;
    use crate::play::search::{SearchOptions, alphabeta};
    use crate::play::state::{Move, State};
    use crate::random::SplitMix;
    use crate::scenario::Scenario;

    fn example(name: &str, board: Option<&str>) -> Game {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("examples")
            .join(name);
        let mut text = std::fs::read_to_string(path).unwrap();
        if let Some(board) = board {
            let line = text.lines().find(|l| l.starts_with("board ")).unwrap();
            text = text.replace(line, &format!("board {board}"));
        }
        Game::new(Scenario::parse(name, &text).unwrap()).unwrap()
    }

    /// Along random games with make and unmake, the key kept for the table equals the one
    /// computed afresh, and unmaking gives the keys back.
    #[test]
    fn the_symmetric_keys_follow_make_and_unmake() {
        let mut rng = SplitMix(7);
        let mut checked = 0;
        for g in [
            example("pawned.scenario", Some("6x6")),
            example("othello-6x6.scenario", None),
            example("checkers.scenario", None),
            example("robot-2d4a.scenario", None),
        ] {
            for _ in 0..6 {
                let mut s = State::initial(&g);
                let mut moves = Vec::new();
                for _ in 0..40 {
                    s.successors(&g, &mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    let before = s.table_key(&g);
                    for &mv in &moves {
                        let undo = s.make(&g, mv);
                        assert_eq!(
                            s.hash(&g),
                            s.recomputed_hash(&g),
                            "hash {} {}",
                            g.scenario.board.len(),
                            mv.show(&g)
                        );
                        assert_eq!(
                            s.table_key(&g),
                            s.recomputed_table_key(&g),
                            "{} {}",
                            g.scenario.board.len(),
                            mv.show(&g)
                        );
                        s.unmake(&g, undo);
                        assert_eq!(s.table_key(&g), before);
                        checked += 1;
                    }
                    let mv = moves[rng.next_u64() as usize % moves.len()];
                    s.make(&g, mv);
                }
            }
        }
        assert!(checked > 1000, "{checked}");
    }

    /// The symmetries each game's rules keep: Pawned's file mirror only (its pawns move
    /// forward), all eight of a square for Othello, none for checkers (its dark squares go
    /// to light ones in a mirror, and its men move forward) nor for chess.
    #[test]
    fn each_game_gets_the_symmetries_its_rules_keep() {
        let count = |g: &Game| g.symmetry_keys.len();
        assert_eq!(count(&example("pawned.scenario", Some("6x7"))), 1);
        assert_eq!(count(&example("othello-6x6.scenario", None)), 7);
        assert_eq!(count(&example("othello.scenario", Some("8x6"))), 3);
        assert_eq!(count(&example("checkers.scenario", None)), 0);
        assert_eq!(count(&example("reti.scenario", None)), 0);
        let chess = Game::new(Scenario::from_fen(crate::play::notation::pgn::START_FEN).unwrap());
        assert_eq!(count(&chess.unwrap()), 0);
    }

    /// Mirror images share a key: Pawned's first moves and their mirrors, Othello's four
    /// first moves (one move under the square's symmetries); distinct positions keep theirs.
    #[test]
    fn mirror_images_share_a_table_key() {
        let g = example("pawned.scenario", Some("6x6"));
        let s = State::initial(&g);
        let mut moves = Vec::new();
        s.clone().successors(&g, &mut moves);
        let board = &g.scenario.board;
        let mirror = |p| {
            let [x, y, z] = board.coords(p).unwrap();
            board.at([5 - x, y, z]).unwrap()
        };
        let after = |mv: Move| {
            let mut t = s.clone();
            t.make(&g, mv);
            t
        };
        let mut pairs = 0;
        for &a in &moves {
            let Move::Step { from, to, .. } = a else {
                continue;
            };
            for &b in &moves {
                let Move::Step { from: f, to: t, .. } = b else {
                    continue;
                };
                if a == b {
                    continue;
                }
                let (ka, kb) = (after(a).table_key(&g).0, after(b).table_key(&g).0);
                if f == mirror(from) && t == mirror(to) {
                    assert_eq!(ka, kb, "{} and {}", a.show(&g), b.show(&g));
                    pairs += 1;
                } else {
                    assert_ne!(ka, kb, "{} and {}", a.show(&g), b.show(&g));
                }
            }
        }
        assert_eq!(pairs, moves.len());
        let o = example("othello-6x6.scenario", None);
        let s = State::initial(&o);
        s.clone().successors(&o, &mut moves);
        assert_eq!(moves.len(), 4);
        let keys: Vec<u64> = moves
            .iter()
            .map(|&mv| {
                let mut t = s.clone();
                t.make(&o, mv);
                t.table_key(&o).0
            })
            .collect();
        assert!(keys.iter().all(|&k| k == keys[0]), "{keys:?}");
        let hashes: std::collections::BTreeSet<u64> = moves
            .iter()
            .map(|&mv| {
                let mut t = s.clone();
                t.make(&o, mv);
                t.hash(&o)
            })
            .collect();
        assert_eq!(hashes.len(), 4, "four positions, one key");
    }

    /// Solves with and without the symmetric table agree on the value and the margin, from
    /// random openings of small games, and the symmetric one visits fewer positions in all.
    #[test]
    fn solves_agree_with_and_without_symmetry() {
        let mut rng = SplitMix(11);
        let (mut with, mut without) = (0, 0);
        for g in [
            example("pawned.scenario", Some("4x5")),
            example("pawned.scenario", Some("5x5")),
            example("othello-4x4.scenario", None),
        ] {
            for _ in 0..8 {
                let mut s = State::initial(&g);
                let mut moves = Vec::new();
                for _ in 0..rng.next_u64() % 4 {
                    s.successors(&g, &mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    s.make(&g, moves[rng.next_u64() as usize % moves.len()]);
                }
                let solve = |symmetry| {
                    let options = SearchOptions {
                        symmetry,
                        ..SearchOptions::default()
                    };
                    alphabeta::search(&g, &s, &options)
                };
                let (a, b) = (solve(true), solve(false));
                assert_eq!((a.value, a.score), (b.value, b.score));
                assert!(a.value.is_some());
                with += a.nodes;
                without += b.nodes;
            }
        }
        assert!(with < without, "{with} against {without}");
    }
}
