//! The play layer (docs/semantics.md §7): what happens to the objects of the lower layers when
//! pieces move. `translate` applies a move to a state and carries a zone across it: the
//! translations Π of trajectories and π of zones, with the invariant subnet Con_Π and the timer
//! (docs/semantics.md §7.2).

pub mod translate;
