//! What a grammar runs on: the board, its distance kernel and the pieces; and, through the
//! [`States`] interface, the states of play (the grammar engine imports no play module).

use std::ops::Deref;
use std::rc::Rc;

use super::value::{Names, Value};
use crate::board::{Board, Point};
use crate::kernel::{Kernel, MotionId};
use crate::piece::{Side, Usage};
use crate::scenario::Scenario;

/// The states of play a grammar reaches with `START`, `TRANSITION` and `PASS`
/// (docs/grammar-language.md §8). A state is a number; equal states have one number, given in
/// the order they are first reached, so a run numbers them the same way every time. The play
/// layer implements it over a game.
pub trait States {
    /// The state of the scenario's position.
    fn start(&self) -> u32;
    /// The side to move in `s`.
    fn turn(&self, s: u32) -> Side;
    /// The value of a finished game from White's side (1, 0, −1); `None` while it goes on.
    fn outcome(&self, s: u32) -> Option<i64>;
    /// The legal moves other than a pass: (piece, from, to), pieces numbered as in the
    /// scenario.
    fn moves(&self, s: u32) -> Vec<(u32, Point, Point)>;
    /// The rules leave the side to move no move but a pass.
    fn must_pass(&self, s: u32) -> bool;
    /// The move into `s` was a pass.
    fn passed(&self, s: u32) -> bool;
    /// The state after `piece` moves from `from` to `to`, or why that is not a legal move.
    fn transition(
        &self,
        s: u32,
        piece: u32,
        from: Point,
        to: Point,
    ) -> Result<u32, TransitionError>;
    /// The state after the side to move passes, or why it cannot (the game is over).
    fn pass(&self, s: u32) -> Result<u32, TransitionError>;
    /// The world of `s`: the pieces where they stand in it, numbered as in the scenario.
    fn world(&self, s: u32) -> Rc<World<'static>>;
}

/// Why a move or a pass cannot be played in a state of play (`TRANSITION`, `PASS`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TransitionError {
    /// The game is over (how it ended).
    #[error("the game is over: {0}")]
    Over(String),
    /// Not a legal move of the state.
    #[error("{piece} {from}-{to} is not a legal move in this state ({to_move} to move)")]
    Illegal {
        /// The piece's name.
        piece: String,
        /// The point it would move from.
        from: String,
        /// The point it would move to.
        to: String,
        /// The side to move.
        to_move: Side,
    },
}

/// A piece's name that names no piece of the world ([`World::piece`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PieceError {
    /// A side given with the name of a placed piece.
    #[error("{0} is a placed piece; a side applies to piece types")]
    SideOfPlaced(String),
    /// Neither a placed piece nor a piece type (each list comma-separated, or `none`).
    #[error(
        "`{name}` is neither a placed piece nor a piece type (placed pieces: {placed}; piece types: {types})"
    )]
    Unknown {
        /// The name.
        name: String,
        /// The placed pieces' names.
        placed: String,
        /// The piece types' names.
        types: String,
    },
}

/// A value a world borrows (the scenario's, from the caller) or shares (a state's, built by
/// [`States::world`]).
pub enum Held<'s, T> {
    /// Borrowed from the caller, who keeps it alive.
    Borrowed(&'s T),
    /// Shared by reference counting.
    Shared(Rc<T>),
}

impl<T> Deref for Held<'_, T> {
    type Target = T;
    fn deref(&self) -> &T {
        match self {
            Held::Borrowed(t) => t,
            Held::Shared(t) => t,
        }
    }
}

/// A piece as a grammar sees it: name, side, where it stands and how it moves.
#[derive(Clone, Debug)]
pub struct WorldPiece {
    /// Its name in the scenario.
    pub name: String,
    /// The side it plays for.
    pub side: Side,
    /// Its type, by index into the scenario's piece types.
    pub type_index: usize,
    /// `None` for a piece given by type only (it has no ON).
    pub at: Option<Point>,
    /// How it moves, in the kernel.
    pub moves: MotionId,
    /// How it attacks, in the kernel (the same as `moves` unless its type says otherwise).
    pub attacks: MotionId,
    /// Its value, as the scenario gives it (what the built-in `value` reads).
    pub value: f64,
}

/// The board, the kernel and the pieces a grammar reads through its built-ins.
pub struct World<'s> {
    /// The scenario: board, pieces and rules.
    pub scenario: Held<'s, Scenario>,
    /// The distance kernel of the scenario's motions.
    pub kernel: Held<'s, Kernel>,
    /// The placed pieces first, then pieces given by type only. In the world of a state, a
    /// captured piece keeps its number and has no point.
    pub pieces: Vec<WorldPiece>,
    /// How many of `pieces` are placed (the rest are given by type only).
    pub placed: usize,
    /// Per placed piece, its index in `scenario.pieces` (`None`: captured in this state).
    pub in_scenario: Vec<Option<usize>>,
    /// PIECES: the placed pieces on the board.
    pub piece_set: Value,
    /// 0 for the scenario's world, s + 1 for the world of state s.
    pub id: u32,
    /// The states of play, when the scenario has rules of play (see [`World::with_states`]).
    pub states: Option<&'s dyn States>,
}

impl<'s> World<'s> {
    /// The world of the scenario's position, borrowing the scenario and its kernel.
    pub fn new(scenario: &'s Scenario, kernel: &'s Kernel) -> World<'s> {
        World::build(
            Held::Borrowed(scenario),
            Held::Borrowed(kernel),
            scenario,
            (0..scenario.pieces.len()).map(Some).collect(),
            0,
        )
    }

    /// The world of a state: the pieces of `game` (the scenario the run started from),
    /// numbered as there, standing where `scenario` (the state's position) puts them;
    /// `in_scenario` gives each one's index in `scenario.pieces`, `None` once captured.
    pub fn of_state(
        game: &Scenario,
        scenario: Rc<Scenario>,
        kernel: Rc<Kernel>,
        in_scenario: Vec<Option<usize>>,
        id: u32,
    ) -> World<'static> {
        World::build(
            Held::Shared(scenario),
            Held::Shared(kernel),
            game,
            in_scenario,
            id,
        )
    }

    fn build(
        scenario: Held<'s, Scenario>,
        kernel: Held<'s, Kernel>,
        game: &Scenario,
        in_scenario: Vec<Option<usize>>,
        id: u32,
    ) -> World<'s> {
        let pieces: Vec<WorldPiece> = game
            .pieces
            .iter()
            .zip(&in_scenario)
            .map(|(p, i)| WorldPiece {
                name: p.name.clone(),
                side: p.side,
                type_index: p.type_index,
                at: i.map(|i| scenario.pieces[i].at),
                moves: kernel.motion(p.type_index, p.side, Usage::Move),
                attacks: kernel.motion(p.type_index, p.side, Usage::Attack),
                value: scenario.types[p.type_index].value,
            })
            .collect();
        let placed = pieces.len();
        let piece_set = Value::Set(
            (0..placed as u32)
                .filter(|&p| in_scenario[p as usize].is_some())
                .map(Value::Piece)
                .collect(),
        );
        World {
            scenario,
            kernel,
            pieces,
            placed,
            in_scenario,
            piece_set,
            id,
            states: None,
        }
    }

    /// This world with the states of play that `START`, `TRANSITION` and the other built-ins
    /// on states read.
    pub fn with_states(mut self, states: &'s dyn States) -> World<'s> {
        self.states = Some(states);
        self
    }

    /// The board X.
    pub fn board(&self) -> &Board {
        &self.scenario.board
    }

    /// A piece by a placed piece's name, or a new unplaced piece of a type and side. With a
    /// side the name is a type's, even where a placed piece has the same name (a placed
    /// piece's default name is its type's).
    pub fn piece(&mut self, name: &str, side: Option<Side>) -> Result<u32, PieceError> {
        let placed = self.pieces[..self.placed]
            .iter()
            .position(|p| p.name == name);
        let type_index = self.scenario.type_index(name);
        match (placed, side, type_index) {
            (Some(i), None, _) => return Ok(i as u32),
            (Some(_), Some(_), None) => {
                return Err(PieceError::SideOfPlaced(name.to_string()));
            }
            _ => {}
        }
        let Some(t) = type_index else {
            let list = |names: Vec<&str>| {
                if names.is_empty() {
                    "none".to_string()
                } else {
                    names.join(", ")
                }
            };
            return Err(PieceError::Unknown {
                name: name.to_string(),
                placed: list(
                    self.pieces[..self.placed]
                        .iter()
                        .map(|p| p.name.as_str())
                        .collect(),
                ),
                types: list(
                    self.scenario
                        .types
                        .iter()
                        .map(|t| t.name.as_str())
                        .collect(),
                ),
            });
        };
        let side = side.unwrap_or(Side::White);
        if let Some(i) = self.pieces[self.placed..]
            .iter()
            .position(|p| p.type_index == t && p.side == side)
        {
            return Ok((self.placed + i) as u32);
        }
        self.pieces.push(WorldPiece {
            name: format!("{name} ({side})"),
            side,
            type_index: t,
            at: None,
            moves: self.kernel.motion(t, side, Usage::Move),
            attacks: self.kernel.motion(t, side, Usage::Attack),
            value: self.scenario.types[t].value,
        });
        Ok(self.pieces.len() as u32 - 1)
    }

    /// Calls `f` with what printing a value on this board needs, for a program whose enums
    /// have the values `enums`.
    pub fn with_names<R>(&self, enums: &[Vec<String>], f: impl FnOnce(&Names<'_>) -> R) -> R {
        let pieces: Vec<String> = self.pieces.iter().map(|p| p.name.clone()).collect();
        f(&Names {
            board: self.board(),
            pieces: &pieces,
            enums,
        })
    }
}
