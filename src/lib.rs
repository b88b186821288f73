//! lingeo: Linguistic Geometry (Stilman) on abstract boards.

pub mod bitset;
pub mod board;
pub mod bundle;
pub mod kernel;
pub mod piece;
pub mod relation;
pub mod render;
pub mod scenario;
pub mod syntax;
