//! Play: what happens when pieces move (docs/play-and-search.md, docs/semantics.md §7). The rules
//! of a game, its states and moves, and the searches over them; and `translate`, which carries a
//! zone across a move: the translations Π of trajectories and π of zones, with the invariant
//! subnet Con_Π and the timer (docs/semantics.md §7.2); `players`, what players read off a state
//! to order moves and judge positions (docs/players.md); `line`, a line of moves as written and
//! printed, split into moves.

pub mod agreement;
pub mod chess;
pub mod game;
pub mod jump;
pub mod line;
pub mod notation;
pub mod perft;
pub mod placement;
pub mod placement_bits;
pub mod players;
pub mod rules;
pub mod search;
pub mod state;
pub mod states;
pub mod step_bits;
pub(crate) mod symmetry;
pub mod translate;
