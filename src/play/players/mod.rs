//! Players: what a player reads off a position beyond the rules, to order its moves and judge
//! positions with little search (docs/players.md). `control` is the Chessmaps control map
//! (which side controls each point), `sectors` the areas it is summed over, `chessmaps` the
//! network that rates the sectors and `training` its labelled positions, `fuzzy` the fuzzy
//! evaluation of strategic goals read off the zones, with its explanation.

pub mod chessmaps;
pub mod control;
pub mod fuzzy;
pub mod matches;
pub mod sectors;
pub mod training;
