//! Players: what a player reads off a position beyond the rules, to order its moves and judge
//! positions with little search (docs/players.md). `control` is the Chessmaps control map (which
//! side controls each point), `sectors` the areas it is summed over, `chessmaps` the network that
//! rates the sectors and `training` its labelled positions, `fuzzy_evaluation` the fuzzy evaluation
//! of strategic goals read off the zones, with its explanation; `rule_book` the learned rules'
//! file, `learning` how they are learned from explanations, `learned` the evaluation that applies
//! them; `mobility` the evaluation by the legal moves of each side; `matches` plays engines
//! against each other.

pub mod chessmaps;
pub mod control;
pub mod fuzzy_evaluation;
pub mod learned;
pub mod learning;
pub mod matches;
pub mod mobility;
pub mod rule_book;
pub mod sectors;
pub mod training;
