//! The resolved scenario: a board, piece types, placed pieces and goal points.

use std::path::Path;

use crate::bitset::BitSet;
use crate::board::{Board, Point};
use crate::fuzzy::Terms;
use crate::kernel::{Kernel, MotionId};
use crate::piece::{PieceType, Side, Usage, chess_types};
use crate::play::rules::Rules;
use crate::syntax::{Diagnostic, ReadError, SourceErrors, read_source};

/// A piece placed on the board: `ON(p) = at`.
#[derive(Clone, Debug, PartialEq)]
pub struct Piece {
    /// Its name, unique in the scenario.
    pub name: String,
    /// Its type: an index into [`Scenario::types`].
    pub type_index: usize,
    /// Its side.
    pub side: Side,
    /// Where it stands.
    pub at: Point,
}

/// Whose target a goal point is (decision A14, docs/semantics.md §10).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GoalOwner {
    /// A goal of both sides.
    Both,
    /// A goal of every piece of one side.
    Side(Side),
    /// Index into [`Scenario::pieces`].
    Piece(usize),
}

/// A target point without a piece on it (promotion squares, robot targets).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Goal {
    /// The goal point.
    pub point: Point,
    /// Whose goal it is.
    pub owner: GoalOwner,
}

/// A resolved scenario: what every computation of lingeo reads.
#[derive(Clone, Debug)]
pub struct Scenario {
    /// The board, its removed points taken out.
    pub board: Board,
    /// The built-in chess types first (king, queen, rook, bishop, knight, pawn), then the
    /// scenario's own, in declaration order.
    pub types: Vec<PieceType>,
    /// The placed pieces, in declaration order.
    pub pieces: Vec<Piece>,
    /// The goal points, in declaration order.
    pub goals: Vec<Goal>,
    /// Occupied points block sliders (decision A12 of docs/semantics.md §10; off by default).
    pub blocking: bool,
    /// The linguistic terms of fuzzy lengths (`fuzzy length { ... }`; by default the paper's
    /// Figure 9, [`Terms::paper`]).
    pub length_terms: Terms,
    /// The rules of play (`game { ... }`), if the scenario is a game.
    pub game: Option<Rules>,
}

/// Why a scenario file could not be loaded.
#[derive(Debug)]
pub enum LoadError {
    /// The file could not be read.
    Io {
        /// The path, as given.
        path: String,
        /// What the system said.
        error: std::io::Error,
    },
    /// The text has errors (or is not UTF-8), each with its place.
    Invalid(SourceErrors),
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoadError::Io { path, error } => write!(f, "cannot read {path}: {error}"),
            LoadError::Invalid(errors) => write!(f, "{errors}"),
        }
    }
}

impl std::error::Error for LoadError {}

impl Scenario {
    /// A board with the built-in chess types and no pieces.
    pub fn empty(board: Board) -> Scenario {
        Scenario {
            board,
            types: chess_types(),
            pieces: Vec::new(),
            goals: Vec::new(),
            blocking: false,
            length_terms: Terms::paper(),
            game: None,
        }
    }

    /// Parses and resolves scenario text; `path` is only used in diagnostics.
    pub fn parse(path: &str, source: &str) -> Result<Scenario, SourceErrors> {
        super::resolve::resolve_source(path, source)
    }

    /// Parses and resolves scenario text, and lints it (`lingeo check`): the scenario and its
    /// warnings ([`super::lint`]; [`crate::syntax::render_warnings`] renders them).
    pub fn parse_and_lint(
        path: &str,
        source: &str,
    ) -> Result<(Scenario, Vec<Diagnostic>), SourceErrors> {
        super::resolve::lint_source(path, source)
    }

    /// Reads, parses and resolves a scenario file.
    pub fn load(path: &Path) -> Result<Scenario, LoadError> {
        let name = path.display().to_string();
        let source = read_source(path).map_err(|e| match e {
            ReadError::Io(error) => LoadError::Io {
                path: name.clone(),
                error,
            },
            ReadError::NotUtf8(errors) => LoadError::Invalid(errors),
        })?;
        Scenario::parse(&name, &source).map_err(LoadError::Invalid)
    }

    /// The index of the piece type named `name`.
    pub fn type_index(&self, name: &str) -> Option<usize> {
        self.types.iter().position(|t| t.name == name)
    }

    /// The placed piece named `name`.
    pub fn piece(&self, name: &str) -> Option<&Piece> {
        self.pieces.iter().find(|p| p.name == name)
    }

    /// The pieces on `point`, in declaration order (several pieces may share a point, decision
    /// A16 of docs/semantics.md §10).
    pub fn pieces_at(&self, point: Point) -> impl Iterator<Item = &Piece> {
        self.pieces.iter().filter(move |p| p.at == point)
    }

    /// Whether `y` is a target for piece `piece` (index into [`Scenario::pieces`]): an opposing
    /// piece stands on it, or it is a goal point for the piece or its side (decision A14,
    /// docs/semantics.md §10). Defined here, on the scenario it reads, so that the zone
    /// generator and the grammar engine's `target` built-in share it without depending on
    /// each other.
    pub fn is_target(&self, piece: usize, y: Point) -> bool {
        let p = &self.pieces[piece];
        self.pieces_at(y).any(|q| q.side != p.side)
            || self.goals.iter().any(|g| {
                g.point == y
                    && match &g.owner {
                        GoalOwner::Both => true,
                        GoalOwner::Side(s) => *s == p.side,
                        GoalOwner::Piece(i) => *i == piece,
                    }
            })
    }

    /// The points that hold at least one piece.
    pub fn occupied(&self) -> BitSet {
        BitSet::from_points(self.board.len(), self.pieces.iter().map(|p| p.at))
    }

    /// The distance kernel for this board, these types and (with `blocking`) this occupancy.
    pub fn kernel(&self) -> Kernel {
        let blockers = self.blocking.then(|| self.occupied());
        Kernel::new(&self.board, &self.types, blockers)
    }

    /// [`Scenario::kernel`], once [`Kernel::check`] has found that what the placed pieces'
    /// motions (moves and attacks) need fits in the thread's memory limit.
    pub fn checked_kernel(&self) -> Result<Kernel, crate::memory::TooLarge> {
        let kernel = self.kernel();
        kernel.check(
            self.pieces
                .iter()
                .flat_map(|p| [Usage::Move, Usage::Attack].map(|u| self.motion_of(&kernel, p, u))),
        )?;
        Ok(kernel)
    }

    /// The relation a placed piece moves by.
    pub fn motion_of(&self, kernel: &Kernel, piece: &Piece, usage: Usage) -> MotionId {
        kernel.motion(piece.type_index, piece.side, usage)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fuzzy_length_terms_come_from_the_file() {
        let s = Scenario::parse("t.scenario", "board 8x8\n").unwrap();
        assert_eq!(s.length_terms, Terms::paper());
        let s = Scenario::parse(
            "t.scenario",
            "board 8x8\nfuzzy length {\n  \"near\" 0 0 1 2, \"far\" 1 2 inf inf\n}\n",
        )
        .unwrap();
        let names: Vec<&str> = s
            .length_terms
            .terms()
            .iter()
            .map(|t| t.name.as_str())
            .collect();
        assert_eq!(names, ["near", "far"]);
        assert_eq!(s.length_terms.membership(1.5), [0.5, 0.5]);
        assert_eq!(s.length_terms.terms()[1].d, f64::INFINITY);
    }

    #[test]
    fn a_type_without_moves_never_moves() {
        let s = Scenario::parse(
            "t.scenario",
            "board 8x8\ntype TARGET { value 10 }\nwhite TARGET at h1\nblack rook at h8\n",
        )
        .unwrap();
        let target = s.piece("TARGET").unwrap();
        assert!(s.types[target.type_index].never_moves());
        assert_eq!(s.types[target.type_index].value, 10.0);
        let k = s.kernel();
        // MAP from it: its own point at 0, every other point unreachable.
        for usage in [Usage::Move, Usage::Attack] {
            let map = k.map(s.motion_of(&k, target, usage), target.at);
            let reached: Vec<Point> = s.board.points().filter(|&p| map.is_reachable(p)).collect();
            assert_eq!(reached, [target.at]);
            assert_eq!(map.get(target.at), 0);
        }
        // It can be attacked.
        let rook = s.piece("BR").unwrap();
        let m = s.motion_of(&k, rook, Usage::Attack);
        assert_eq!(k.distance(m, rook.at, target.at), 1);
    }

    #[test]
    fn blocking_makes_occupied_points_stop_sliders() {
        let text = |blocking: &str| {
            format!("board 8x8\nblocking {blocking}\nwhite rook at a1\nblack pawn at a4\n")
        };
        let a8 = |s: &Scenario| s.board.parse_point("a8").unwrap();
        for (setting, want) in [("off", 1), ("on", 2)] {
            let s = Scenario::parse("t.scenario", &text(setting)).unwrap();
            assert_eq!(s.blocking, setting == "on");
            let k = s.kernel();
            let rook = s.piece("WR").unwrap();
            let m = s.motion_of(&k, rook, Usage::Move);
            assert_eq!(k.distance(m, rook.at, a8(&s)), want, "blocking {setting}");
            // The occupied point itself can still be entered (captured).
            assert_eq!(
                k.distance(m, rook.at, s.board.parse_point("a4").unwrap()),
                1
            );
        }
    }

    #[test]
    fn several_pieces_may_share_a_point_and_goals_resolve_owners() {
        let s = Scenario::parse(
            "t.scenario",
            "board 8x8\nwhite king at e1\nwhite knight at e1\ngoal e8 for WK\ngoal d8 for black\ngoal c8\n",
        )
        .unwrap();
        let e1 = s.board.parse_point("e1").unwrap();
        assert_eq!(
            s.pieces_at(e1).map(|p| p.name.as_str()).collect::<Vec<_>>(),
            ["WK", "WN"]
        );
        assert_eq!(s.occupied().len(), 1);
        let owners: Vec<&GoalOwner> = s.goals.iter().map(|g| &g.owner).collect();
        assert_eq!(
            owners,
            [
                &GoalOwner::Piece(0),
                &GoalOwner::Side(Side::Black),
                &GoalOwner::Both
            ]
        );
    }
}
