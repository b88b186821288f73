//! Scenario files: a board, its removed points, piece types, placed pieces and goal points.
//!
//! Text flows lexer → parser (syntax tree with spans) → resolver (names and points checked
//! against the board) → [`Scenario`]; [`lint`] then looks for likely mistakes in a valid one.

pub mod ast;
pub mod fen;
pub mod lexer;
pub mod lint;
mod model;
pub mod parser;
mod resolve;

pub use model::{Goal, GoalOwner, LoadError, Piece, Scenario};
pub use resolve::{Places, resolve, resolve_with_places};
