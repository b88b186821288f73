//! Scenario files: a board, its removed points, piece types, placed pieces and goal points.
//!
//! Text flows lexer → parser (syntax tree with spans) → resolver (names and points checked
//! against the board) → [`Scenario`].

pub mod ast;
pub mod lexer;
mod model;
pub mod parser;
mod resolve;

pub use model::{Goal, GoalOwner, LoadError, Piece, Scenario};
pub use resolve::resolve;
