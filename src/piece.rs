//! Piece types: how a piece moves, given by basis vectors (leap or slide, optional range) or by
//! explicit one-move edges, with separate move and attack relations (pawns).

use std::fmt;

use crate::board::Point;

/// The two sides of a game; pieces of opposite sides are opponents. A request names them
/// `white` and `black`.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    serde::Serialize,
    serde::Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Side {
    /// The side whose forward direction is +rank, as vectors are written.
    White,
    /// The side whose vectors are White's mirrored across the ranks.
    Black,
}

impl Side {
    /// The side's place in tables kept per side: 0 for White, 1 for Black.
    #[inline]
    pub fn index(self) -> usize {
        match self {
            Side::White => 0,
            Side::Black => 1,
        }
    }

    /// The other side: the opponent.
    pub fn opposite(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    /// The side as files and output write it: `white`, `black`.
    pub fn name(self) -> &'static str {
        match self {
            Side::White => "white",
            Side::Black => "black",
        }
    }

    /// Vectors are written for White, whose forward direction is +rank; Black's are mirrored.
    pub fn orient(self, delta: [i32; 3]) -> [i32; 3] {
        match self {
            Side::White => delta,
            Side::Black => [delta[0], -delta[1], delta[2]],
        }
    }

    /// The side written `white` or `black`; `None` for anything else.
    pub fn parse(text: &str) -> Option<Side> {
        match text {
            "white" => Some(Side::White),
            "black" => Some(Side::Black),
            _ => None,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Which of a piece's relations is meant: moving, or removing a piece on the destination.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Usage {
    /// Moving onto an empty point (R_p).
    Move,
    /// Removing an opposing piece on the destination (the attack relation).
    Attack,
}

/// How far along its vector a basis vector takes a piece in one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Reach {
    /// One step of the vector.
    Leap,
    /// Repeated steps until the edge, a removed point or the range; `None` is unlimited.
    Slide {
        /// The most steps in one move.
        range: Option<u32>,
    },
    /// One step of the vector onto a point whose next point along the vector is on the board
    /// too: the capture of a piece that takes by jumping over it (docs/semantics.md §7.4). The
    /// distances read it as the attack relation of a type with jump vectors
    /// ([`PieceType::distance_motion`]); a scenario does not declare it, and the rules of
    /// play never see it.
    Over,
}

/// A basis vector of a piece's motion.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Basis {
    /// The step `[files, ranks, levels]`, written for White.
    pub delta: [i32; 3],
    /// One step, or a slide of repeated steps.
    pub reach: Reach,
}

impl Basis {
    /// A 2D vector of one step (a king's or knight's move).
    pub fn leap(dx: i32, dy: i32) -> Basis {
        Basis {
            delta: [dx, dy, 0],
            reach: Reach::Leap,
        }
    }

    /// A 2D vector repeated without limit (a rook's or bishop's line).
    pub fn slide(dx: i32, dy: i32) -> Basis {
        Basis {
            delta: [dx, dy, 0],
            reach: Reach::Slide { range: None },
        }
    }
}

/// One relation R_p: vectors (on grids) and explicit edges (on any board), unioned.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Motion {
    /// The basis vectors (grid boards only).
    pub vectors: Vec<Basis>,
    /// Explicit one-move edges (from, to), on any board.
    pub edges: Vec<(Point, Point)>,
}

impl Motion {
    /// The motion of these vectors alone, without edges.
    pub fn vectors(vectors: Vec<Basis>) -> Motion {
        Motion {
            vectors,
            edges: Vec::new(),
        }
    }

    /// Whether the motion has neither vectors nor edges: the piece cannot move by it.
    pub fn is_empty(&self) -> bool {
        self.vectors.is_empty() && self.edges.is_empty()
    }

    /// The motion as seen by `side` (vectors mirrored for Black; edges are absolute), in a
    /// canonical order so that equal relations compare equal.
    pub fn oriented(&self, side: Side) -> Motion {
        let mut vectors: Vec<Basis> = self
            .vectors
            .iter()
            .map(|b| Basis {
                delta: side.orient(b.delta),
                reach: b.reach,
            })
            .collect();
        vectors.sort();
        vectors.dedup();
        let mut edges = self.edges.clone();
        edges.sort();
        edges.dedup();
        Motion { vectors, edges }
    }
}

/// A piece type: its name, its move and attack relations and its value.
#[derive(Clone, Debug, PartialEq)]
pub struct PieceType {
    /// The type's name (`king`, or a scenario's own).
    pub name: String,
    /// The move relation R_p.
    pub moves: Motion,
    /// Attack relation; `None` means the piece attacks as it moves.
    pub attacks: Option<Motion>,
    /// v(p) > 0.
    pub value: f64,
    /// Jump vectors (`jump (1,1) (-1,1)`, written for White): along one, over an adjacent
    /// opposing piece onto the empty point beyond, which takes the piece jumped; a piece goes
    /// on jumping while it can (docs/semantics.md §7.4). A type with jumps captures only by
    /// jumping: its moves go onto empty points.
    pub jumps: Vec<[i32; 3]>,
    /// The type (an index into the scenario's types) a piece of this type becomes on its side's
    /// far rank (`crown KING`), where the move ends.
    pub crown: Option<usize>,
}

impl PieceType {
    /// A type without move vectors or edges (a target): it has no trajectories and attacks
    /// nothing, but can be attacked.
    pub fn never_moves(&self) -> bool {
        self.moves.is_empty()
    }

    /// The relation of `usage`: the moves, or the attacks (the moves where none are given).
    /// These are the vectors of play; the distances read [`PieceType::distance_motion`].
    pub fn motion(&self, usage: Usage) -> &Motion {
        match usage {
            Usage::Move => &self.moves,
            Usage::Attack => self.attacks.as_ref().unwrap_or(&self.moves),
        }
    }

    /// The relation of `usage` as the distances (MAP, trajectories, zones, abilities) read it:
    /// [`PieceType::motion`], except that a type with jump vectors and no attack vectors
    /// attacks along its jump vectors, one step onto the piece it takes where the point beyond
    /// is on the board ([`Reach::Over`]). So a checkers man's attack on a piece ends on that
    /// piece's point by the jump that takes it, the way a chess piece's ends by its capture:
    /// the jump is the last step of the main trajectory (docs/semantics.md §7.4).
    pub fn distance_motion(&self, usage: Usage) -> Motion {
        match usage {
            Usage::Attack if self.attacks.is_none() && !self.jumps.is_empty() => Motion {
                vectors: self
                    .jumps
                    .iter()
                    .map(|&delta| Basis {
                        delta,
                        reach: Reach::Over,
                    })
                    .collect(),
                edges: Vec::new(),
            },
            _ => self.motion(usage).clone(),
        }
    }

    /// Whether the type removes a piece by other steps than it moves by: separate attack
    /// vectors (a pawn, decision A13 of docs/semantics.md §10) or jumps (a checkers man).
    /// The distances to remove a piece then take the moves to a point attacking it, and the
    /// attack.
    pub fn attacks_apart(&self) -> bool {
        self.attacks.is_some() || !self.jumps.is_empty()
    }
}

const KING_STEPS: [(i32, i32); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];
const ROOK_STEPS: [(i32, i32); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];
const BISHOP_STEPS: [(i32, i32); 4] = [(1, 1), (-1, 1), (-1, -1), (1, -1)];
const KNIGHT_STEPS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// The built-in chess set, with the chess values P 1, N 3, B 3, R 5, Q 9, K 200. Pawns move one
/// step forward and attack one step diagonally forward (no double step, en passant or promotion:
/// the LG chess model leaves those out).
pub fn chess_types() -> Vec<PieceType> {
    let leaps = |steps: &[(i32, i32)]| steps.iter().map(|&(x, y)| Basis::leap(x, y)).collect();
    let slides = |steps: &[(i32, i32)]| steps.iter().map(|&(x, y)| Basis::slide(x, y)).collect();
    let t = |name: &str, moves: Vec<Basis>, attacks: Option<Vec<Basis>>, value: f64| PieceType {
        name: name.to_string(),
        moves: Motion::vectors(moves),
        attacks: attacks.map(Motion::vectors),
        value,
        jumps: Vec::new(),
        crown: None,
    };
    vec![
        t("king", leaps(&KING_STEPS), None, 200.0),
        t("queen", slides(&KING_STEPS), None, 9.0),
        t("rook", slides(&ROOK_STEPS), None, 5.0),
        t("bishop", slides(&BISHOP_STEPS), None, 3.0),
        t("knight", leaps(&KNIGHT_STEPS), None, 3.0),
        t(
            "pawn",
            leaps(&[(0, 1)]),
            Some(leaps(&[(1, 1), (-1, 1)])),
            1.0,
        ),
    ]
}

/// The one-letter chess abbreviation of a built-in type (`N` for the knight).
pub fn chess_letter(type_name: &str) -> Option<char> {
    Some(match type_name {
        "king" => 'K',
        "queen" => 'Q',
        "rook" => 'R',
        "bishop" => 'B',
        "knight" => 'N',
        "pawn" => 'P',
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn black_mirrors_forward_vectors_and_orientation_is_canonical() {
        let pawn = chess_types()
            .into_iter()
            .find(|t| t.name == "pawn")
            .unwrap();
        assert_eq!(
            pawn.moves.oriented(Side::Black).vectors,
            vec![Basis::leap(0, -1)]
        );
        assert_eq!(pawn.motion(Usage::Attack).vectors.len(), 2);
        let king = &chess_types()[0];
        assert_eq!(
            king.moves.oriented(Side::White),
            king.moves.oriented(Side::Black)
        );
        assert_eq!(king.motion(Usage::Attack), &king.moves);
    }
}
