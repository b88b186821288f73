//! Play: the rules of a game, its states and moves, and the searches over them
//! (docs/play-and-search.md).

pub mod game;
pub mod rules;
pub mod search;
pub mod state;
