//! Jumps as data (docs/semantics.md §7.4): what a game compiles from its types' `jump` vectors
//! and `crown` lines, the capture of checkers. A jump goes along one of its piece's jump vectors
//! over the adjacent point, where an opposing piece stands, onto the empty point beyond, and
//! takes the piece jumped; the piece goes on jumping while it can, and the whole chain is one
//! move ([`JumpPath`]). A piece reaching its side's far rank crowns (becomes its type's
//! `crown` type), and the move ends there. Under `capture compulsory` a side that can jump
//! must. The moves themselves are made in `state/jumps.rs`.

use crate::board::Point;
use crate::piece::Side;
use crate::play::game::{Class, GameError, Rays, add_class};
use crate::random::SplitMix;
use crate::scenario::Scenario;

/// At most this many distinct jump vectors in a game (a path stores each jump's vector in four
/// bits).
pub const MAX_JUMP_VECTORS: usize = 16;

/// At most this many jumps in one move: a side whose pieces jump may face at most this many
/// opposing pieces (each jump takes one).
pub const MAX_JUMPS: usize = 32;

/// The jumps of one move, in order: per jump, the index of its vector among the game's jump
/// vectors. With the point the move starts from it gives every point the piece lands on and
/// every point it jumps over, so two chains with the same start and end are two moves, and
/// unmaking knows where each taken piece stood. `Copy`, and no larger than a castling's data.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct JumpPath {
    len: u8,
    /// Two vectors a byte, the first in the low four bits.
    vectors: [u8; MAX_JUMPS / 2],
}

impl JumpPath {
    /// The number of jumps (pieces taken).
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether the path has no jump.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The index of the vector of jump `k` (from 0).
    pub fn vector(&self, k: usize) -> usize {
        usize::from((self.vectors[k / 2] >> (4 * (k % 2))) & 0xf)
    }

    /// This path and one more jump along vector `v`. The game keeps `v` below
    /// [`MAX_JUMP_VECTORS`] and the length below [`MAX_JUMPS`].
    pub(crate) fn then(mut self, v: usize) -> JumpPath {
        let k = self.len();
        self.vectors[k / 2] |= (v as u8 & 0xf) << (4 * (k % 2));
        self.len += 1;
        self
    }
}

/// What a game whose types jump or crown compiles: the hops of each jump vector from every
/// point, each class's jump vectors and crown, and the far ranks.
#[derive(Clone, Debug)]
pub(crate) struct JumpGame {
    /// Per jump vector (as a side sees it) and point: the point jumped over and the point
    /// landed on, where both are on the board.
    hops: Vec<Option<(Point, Point)>>,
    points: usize,
    /// Per class: its jump vectors (indices of the game's jump vectors).
    pub(crate) vectors: Vec<Vec<u8>>,
    /// Per class: the class its pieces become on their far rank.
    pub(crate) crown: Vec<Option<usize>>,
    /// Per side (White, Black): whether each point is on its far rank (the highest rank for
    /// White, the lowest for Black, whose vectors are White's mirrored).
    far: [Vec<bool>; 2],
    /// `capture compulsory`: a side that can jump must.
    pub(crate) compulsory: bool,
}

impl JumpGame {
    /// The jumps of `scenario`'s types, or `None` when no type jumps or crowns. Adds the classes
    /// pieces crown into (with their rays and Zobrist keys), so that a crowned piece's class
    /// exists from the start, as a promoted pawn's does under the rules of chess.
    pub(crate) fn build(
        scenario: &Scenario,
        compulsory: bool,
        classes: &mut Vec<Class>,
        rays: &mut Vec<Rays>,
        ray_keys: &mut Vec<(usize, Side, crate::piece::Usage)>,
        piece_keys: &mut Vec<u64>,
        keys: &mut SplitMix,
    ) -> Result<Option<JumpGame>, GameError> {
        let types = &scenario.types;
        let len = scenario.board.len();
        if classes
            .iter()
            .all(|c| types[c.type_index].jumps.is_empty() && types[c.type_index].crown.is_none())
        {
            return Ok(None);
        }
        // Each class's crown, adding the crowned classes as they are met (a crowned type may
        // crown again).
        let mut crown = Vec::new();
        let mut k = 0;
        while k < classes.len() {
            let c = &classes[k];
            let (side, to) = (c.side, types[c.type_index].crown);
            crown.push(match to {
                Some(t) => {
                    let before = classes.len();
                    let class = add_class(scenario, classes, rays, ray_keys, t, side)?;
                    if classes.len() > before {
                        piece_keys.extend((0..len).map(|_| keys.next_u64()));
                    }
                    Some(class)
                }
                None => None,
            });
            k += 1;
        }
        let mut distinct: Vec<[i32; 3]> = Vec::new();
        let vectors: Vec<Vec<u8>> = classes
            .iter()
            .map(|c| {
                types[c.type_index]
                    .jumps
                    .iter()
                    .map(|&d| {
                        let d = c.side.orient(d);
                        let i = distinct.iter().position(|&e| e == d).unwrap_or_else(|| {
                            distinct.push(d);
                            distinct.len() - 1
                        });
                        i as u8
                    })
                    .collect()
            })
            .collect();
        if distinct.len() > MAX_JUMP_VECTORS {
            return Err(GameError::TooManyJumpVectors(distinct.len()));
        }
        for side in [Side::White, Side::Black] {
            let jumps = classes
                .iter()
                .zip(&vectors)
                .any(|(c, v)| c.side == side && !v.is_empty());
            let opponents = scenario.pieces.iter().filter(|p| p.side != side).count();
            if jumps && opponents > MAX_JUMPS {
                return Err(GameError::TooManyToJump { side, opponents });
            }
        }
        let board = &scenario.board;
        let mut hops = Vec::with_capacity(distinct.len() * len);
        for d in &distinct {
            for p in board.points() {
                hops.push(board.coords(p).and_then(|c| {
                    let over = board.at([c[0] + d[0], c[1] + d[1], c[2] + d[2]])?;
                    let land = board.at([c[0] + 2 * d[0], c[1] + 2 * d[1], c[2] + 2 * d[2]])?;
                    Some((over, land))
                }));
            }
        }
        let height = board.dims().map(|d| d[1] as i32);
        let far_rank = |y: i32| -> Vec<bool> {
            board
                .points()
                .map(|p| {
                    board
                        .coords(p)
                        .is_some_and(|c| height.is_some() && c[1] == y)
                })
                .collect()
        };
        let far = [far_rank(height.unwrap_or(1) - 1), far_rank(0)];
        Ok(Some(JumpGame {
            hops,
            points: len,
            vectors,
            crown,
            far,
            compulsory,
        }))
    }

    /// An upper bound on the bytes [`JumpGame::build`] keeps for `scenario`: its hops (one per
    /// jump vector, both sides', and point) and its far ranks; 0 where no type jumps or crowns.
    pub(crate) fn bytes(scenario: &Scenario) -> u64 {
        let vectors: usize = scenario.types.iter().map(|t| 2 * t.jumps.len()).sum();
        let crowns = scenario.types.iter().any(|t| t.crown.is_some());
        if vectors == 0 && !crowns {
            return 0;
        }
        let hop = std::mem::size_of::<Option<(Point, Point)>>() as u64;
        let points = scenario.board.len() as u64;
        (vectors.min(MAX_JUMP_VECTORS) as u64 * hop + 2).saturating_mul(points)
    }

    /// Whether pieces of `class` move by this module's rules: they jump, or crown.
    pub(crate) fn handles(&self, class: usize) -> bool {
        !self.vectors[class].is_empty() || self.crown[class].is_some()
    }

    /// The point jumped over and the point landed on, jumping from `at` along vector `v`.
    pub(crate) fn hop(&self, v: usize, at: Point) -> Option<(Point, Point)> {
        self.hops[v * self.points + at.index()]
    }

    /// Whether a piece of `side` on `p` stands on its far rank.
    pub(crate) fn on_far_rank(&self, side: Side, p: Point) -> bool {
        self.far[usize::from(side == Side::Black)][p.index()]
    }

    /// The points a piece lands on along `path` from `from`, in order (the last is where the
    /// move ends).
    pub(crate) fn landings(&self, from: Point, path: JumpPath) -> Vec<Point> {
        let mut at = from;
        (0..path.len())
            .map(|k| {
                // A path is only made of hops that exist.
                if let Some((_, land)) = self.hop(path.vector(k), at) {
                    at = land;
                }
                at
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_memory_bound_holds_what_is_built() {
        let text = include_str!("../../examples/checkers.scenario");
        let s = Scenario::parse("checkers.scenario", text).unwrap();
        let game = crate::play::game::Game::new(s.clone()).unwrap();
        let jumps = game.jumps.as_ref().unwrap();
        let built = jumps.hops.len() * std::mem::size_of::<Option<(Point, Point)>>()
            + jumps.far.iter().map(Vec::len).sum::<usize>();
        assert!(JumpGame::bytes(&s) >= built as u64);
        let plain = Scenario::parse("p.scenario", "board 8x8\nwhite king at a1\n").unwrap();
        assert_eq!(JumpGame::bytes(&plain), 0);
    }

    #[test]
    fn a_path_keeps_its_vectors_in_order() {
        let mut p = JumpPath::default();
        let vs = [3, 0, 15, 7, 1];
        for &v in &vs {
            p = p.then(v);
        }
        assert_eq!(p.len(), 5);
        assert_eq!((0..5).map(|k| p.vector(k)).collect::<Vec<_>>(), vs);
        // The same jumps in another order are another path.
        let q = [0, 3, 15, 7, 1]
            .iter()
            .fold(JumpPath::default(), |q, &v| q.then(v));
        assert_ne!(p, q);
        let full = (0..MAX_JUMPS).fold(JumpPath::default(), |q, k| q.then(k % 16));
        assert_eq!(full.vector(MAX_JUMPS - 1), (MAX_JUMPS - 1) % 16);
    }
}
