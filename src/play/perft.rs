//! perft: the number of leaves of the tree of legal moves to a fixed depth, the standard test of
//! a move generator (docs/play-and-search.md §1.6). Under the rules of chess it counts what
//! the published tables count: every legal move, a game's draws by the clock, repetition or
//! material not cutting the tree (only a side without a legal move ends a line). In every other
//! game the tree is that of [`State::successors`]: the legal moves, a pass where the rules make
//! a side pass, and no move once the game is over.

use crate::play::game::Game;
use crate::play::state::{Move, State};

/// How often (in interior nodes) the count looks at the thread's deadline.
const DEADLINE_EVERY: u64 = 1 << 14;

/// The count stopped at the thread's deadline ([`crate::deadline`]) before it was done.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("perft stopped at its deadline after {nodes} leaves")]
pub struct PerftStopped {
    /// The leaves counted by then.
    pub nodes: u64,
}

/// A perft count: the leaves, and per move of the root the leaves under it (the divide).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Perft {
    /// The leaves at the depth.
    pub nodes: u64,
    /// Per legal move of the root, in the order of [`State::moves`], the leaves under it (empty
    /// at depth 0).
    pub divide: Vec<(Move, u64)>,
}

/// Counts the leaves of the tree of legal moves from `state` to `depth` moves, with the count
/// under each root move.
pub fn perft(game: &Game, state: &State, depth: u32) -> Result<Perft, PerftStopped> {
    let mut counter = Counter {
        game,
        state: state.clone(),
        interior: 0,
        nodes: 0,
        scratch: Vec::new(),
    };
    if depth == 0 {
        return Ok(Perft {
            nodes: 1,
            divide: Vec::new(),
        });
    }
    let moves = counter.moves(0);
    let mut divide = Vec::with_capacity(moves.len());
    for mv in moves {
        let before = counter.nodes;
        counter.child(mv, depth - 1)?;
        divide.push((mv, counter.nodes - before));
    }
    Ok(Perft {
        nodes: counter.nodes,
        divide,
    })
}

struct Counter<'a> {
    game: &'a Game,
    state: State,
    interior: u64,
    nodes: u64,
    /// Move lists per depth, kept to be reused.
    scratch: Vec<Vec<Move>>,
}

impl Counter<'_> {
    /// The moves of the current state, into the list kept for `level`.
    fn moves(&mut self, level: usize) -> Vec<Move> {
        let mut out = if level < self.scratch.len() {
            std::mem::take(&mut self.scratch[level])
        } else {
            Vec::new()
        };
        if self.game.chess.is_some() {
            self.state.legal_moves_in_place(self.game, &mut out);
        } else {
            self.state.successors(self.game, &mut out);
        }
        out
    }

    fn give_back(&mut self, level: usize, list: Vec<Move>) {
        if self.scratch.len() <= level {
            self.scratch.resize_with(level + 1, Vec::new);
        }
        self.scratch[level] = list;
    }

    /// Plays `mv`, counts the leaves `depth` moves below, and takes it back.
    fn child(&mut self, mv: Move, depth: u32) -> Result<(), PerftStopped> {
        if self.game.chess.is_some() {
            let undo = self.state.make_raw(self.game, mv);
            let r = self.count(depth);
            self.state.unmake_raw(self.game, undo);
            r
        } else {
            let outcome = self.state.outcome;
            let undo = self.state.make(self.game, mv);
            let r = self.count(depth);
            self.state.unmake(self.game, undo);
            self.state.outcome = outcome;
            r
        }
    }

    /// Adds the leaves `depth` moves below the current state.
    fn count(&mut self, depth: u32) -> Result<(), PerftStopped> {
        if depth == 0 {
            self.nodes += 1;
            return Ok(());
        }
        self.interior += 1;
        if self.interior.is_multiple_of(DEADLINE_EVERY) && crate::deadline::passed().is_some() {
            return Err(PerftStopped { nodes: self.nodes });
        }
        let level = depth as usize;
        let moves = self.moves(level);
        if depth == 1 {
            // The leaves are the moves: no need to make them.
            self.nodes += moves.len() as u64;
        } else {
            for &mv in &moves {
                if let Err(e) = self.child(mv, depth - 1) {
                    self.give_back(level, moves);
                    return Err(e);
                }
            }
        }
        self.give_back(level, moves);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::Scenario;

    /// The leaves to each depth from 1, from the published tables (chessprogramming.org,
    /// "Perft Results").
    pub(crate) const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    pub(crate) const KIWIPETE: &str =
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -";
    pub(crate) const POSITION_3: &str = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -";
    pub(crate) const POSITION_4: &str =
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
    pub(crate) const POSITION_5: &str = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";
    pub(crate) const POSITION_6: &str =
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";

    fn count(fen: &str, depth: u32) -> u64 {
        let game = Game::new(Scenario::from_fen(fen).unwrap()).unwrap();
        perft(&game, &State::initial(&game), depth).unwrap().nodes
    }

    fn check(fen: &str, table: &[u64]) {
        for (d, &want) in table.iter().enumerate() {
            assert_eq!(count(fen, d as u32 + 1), want, "{fen} depth {}", d + 1);
        }
    }

    #[test]
    fn start_position() {
        check(START, &[20, 400, 8902, 197_281, 4_865_609]);
    }

    #[test]
    fn kiwipete() {
        check(KIWIPETE, &[48, 2039, 97_862]);
    }

    #[test]
    fn position_3() {
        check(POSITION_3, &[14, 191, 2812, 43_238]);
    }

    #[test]
    fn position_4() {
        check(POSITION_4, &[6, 264, 9467]);
    }

    #[test]
    fn position_5() {
        check(POSITION_5, &[44, 1486, 62_379]);
    }

    #[test]
    fn position_6() {
        check(POSITION_6, &[46, 2079, 89_890]);
    }

    /// The next depth of each table: seconds in the test build, so they run apart from the rest.
    #[test]
    #[ignore = "seconds in the test build: cargo test --lib perft -- --ignored"]
    fn the_published_tables_one_depth_deeper() {
        assert_eq!(count(KIWIPETE, 4), 4_085_603);
        assert_eq!(count(POSITION_3, 5), 674_624);
        assert_eq!(count(POSITION_4, 4), 422_333);
        assert_eq!(count(POSITION_5, 4), 2_103_487);
        assert_eq!(count(POSITION_6, 4), 3_894_594);
    }

    /// The deepest figures of issue 47: minutes in the test build, a minute or so released.
    #[test]
    #[ignore = "minutes: cargo test --release --lib perft -- --ignored"]
    fn start_6_and_kiwipete_5() {
        assert_eq!(count(START, 6), 119_060_324);
        assert_eq!(count(KIWIPETE, 5), 193_690_690);
    }
}
