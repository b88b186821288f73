//! The LG search: minimax over the reduced tree of Linguistic Geometry (docs/semantics.md §7.3,
//! docs/lg-search.md).
//!
//! At every state the zones of both sides within the horizon are generated (every attack of
//! every piece on a target at most `horizon` moves away, as `lingeo zones --all-attacks` lists
//! them), and the side to move tries the **zone moves**: its legal moves that are the first
//! step of a trajectory of a current zone (a main trajectory or a negation, of either side's
//! zone), captures included where a trajectory of length 1 ends on an opposing piece. Moves are
//! tried captures first, then in order of how many attacks they serve (the source's h8-g7
//! serves two), then by piece (in the scenario's order) and by the number of the destination
//! point, an order the search grammar (`grammars/search.lgg`) can state with a sorted set.
//!
//! * A side with no zone move while the other side has one makes a **reduced pass** (shown
//!   `pass`): its other moves lie outside every zone, and the reduced tree treats them as
//!   changing nothing the zones see. In the plain tree, when neither side has a zone move the
//!   branch ends.
//! * Beyond the zone moves ([`LgOptions::widens`], docs/lg-search.md item 13): a side without a
//!   zone move and without a move it could take back searches every legal move (tempo moves);
//!   a reduced pass whose value is forced gives way to the legal moves; where neither side has
//!   a zone move before the depth bound every legal move is searched; a side whose zone moves
//!   lose, or whose forced value falls short of its best, searches its other legal moves (the
//!   refutation check); the race takes captures.
//! * A branch ends when the game is over (valued by its outcome, +1, 0 or −1 from White's
//!   side), when neither side has a zone move (the plain tree, or the race), or at the depth
//!   bound (`depth`); such a leaf that is not the end of the game gets a static value
//!   ([`Leaf`]).
//! * Values are backed up by minimax (White maximises), with alpha-beta pruning inside the
//!   reduced tree unless the whole tree is asked for ([`LgOptions::full_tree`]). A value is
//!   forced within the tree when it rests on game-ending leaves ([`Tree::proved`]), and proved
//!   for the game when besides every legal move of a side short of its best was answered at
//!   each node of its proof ([`Tree::checked`]).
//!
//! The zones come from a [`ZoneSource`]: updated from the parent's across each move, the
//! attacks the move cannot change kept and the others generated afresh, equal to generating
//! them all ([`Update`], the default); generated afresh at every state ([`Regenerate`]); or
//! carried along the branch by the translations of docs/semantics.md §7.2 and
//! generated afresh where the carried zones' branch ends ([`Translate`]); each with the
//! domination zones of decision A22 (docs/semantics.md §10) beside the attack zones.
//!
//! One concept a file: the options and their defaults (`options.rs`), an attack and its
//! zones (`attack.rs`), where zones come from (`zone_source.rs`, `regenerate.rs`,
//! `update.rs`, `carried.rs`), the entry points (`search.rs`) and the passes (`passes.rs`), one pass's
//! alpha-beta over the reduced tree (`searcher.rs`), a node's moves (`moves.rs`), the race
//! extension (`race.rs`), a leaf's static value (`static_value.rs`), the proof flags
//! (`proof.rs`), the proof tree (`proof_tree.rs`), the tree and result (`tree.rs`) and why a search cannot run (`error.rs`).

mod attack;
mod carried;
mod error;
mod moves;
mod options;
mod passes;
mod proof;
mod proof_tree;
mod race;
mod regenerate;
mod search;
mod searcher;
mod static_value;
mod tree;
mod update;
mod zone_source;

pub use attack::{Attack, Attacks, ZoneKind};
pub use carried::{Translate, translate_attacks};
pub use error::{LgError, RaceAsked};
pub use options::{
    FALLBACK_HORIZON, Leaf, LgOptions, MAX_DEPTH, RACE_BUDGET, Zones, default_horizon,
    default_race, depth_bound,
};
pub use race::{race_moves, race_zones};
pub use regenerate::{DOMINATION_MAINS, Regenerate, TRACKS_CACHE_ENTRIES, ZONE_CACHE_POSITIONS};
pub use search::{search, search_with};
pub use searcher::TABLE_ENTRIES;
pub use static_value::static_value;
pub use tree::{End, LgResult, Tree, TreeNode, ValueBound};
pub use update::Update;
pub use zone_source::{Parent, ZoneSource};
