//! lingeo: Linguistic Geometry (Stilman) on abstract boards.
//!
//! A [`scenario::Scenario`] holds a board, piece types and placed pieces; its
//! [`kernel::Kernel`] answers distance questions (MAP, ST_k, SUM, MOVE, DOCK, next, med, lmed);
//! a [`bundle::Bundle`] lists trajectories.
//!
//! ```
//! use lingeo::bundle::{Bundle, BundleOptions};
//! use lingeo::kernel::Route;
//! use lingeo::piece::Usage;
//! use lingeo::scenario::Scenario;
//!
//! let s = Scenario::parse(
//!     "fighter.scenario",
//!     "board 8x8\nremoved f7 e6 d5 g4 g3\nwhite king at f6 as FIGHTER\n",
//! )
//! .unwrap();
//! let kernel = s.kernel();
//! let fighter = s.piece("FIGHTER").unwrap();
//! let m = s.motion_of(&kernel, fighter, Usage::Move);
//! let h1 = s.board.parse_point("h1").unwrap();
//! assert_eq!(kernel.distance(m, fighter.at, h1), 5);
//!
//! // MOVE_5(f6) = {e5, f5, g5} (docs/semantics.md §4.3).
//! let next = kernel.move_set(m, Route::new(fighter.at, h1, 5), fighter.at, 5);
//! let names: Vec<_> = next.iter().map(|p| s.board.name(p)).collect();
//! assert_eq!(names, ["e5", "f5", "g5"]);
//!
//! let bundle = Bundle::new(&kernel, m, fighter.at, h1, None, BundleOptions::default());
//! assert_eq!(bundle.count(), 7);
//! ```

#[warn(missing_docs)]
pub mod abilities;
#[warn(missing_docs)]
pub mod analysis;
pub mod api;
pub mod bitset;
#[warn(missing_docs)]
pub mod board;
#[warn(missing_docs)]
pub mod bundle;
pub mod cases;
#[warn(missing_docs)]
pub mod chart;
pub mod compare;
#[warn(missing_docs)]
pub mod deadline;
#[warn(missing_docs)]
pub mod dot;
pub mod fuzzy;
pub mod grammar;
#[warn(missing_docs)]
pub mod kernel;
#[warn(missing_docs)]
pub mod language_diff;
#[warn(missing_docs)]
pub mod memory;
#[warn(missing_docs)]
pub mod natural;
#[warn(missing_docs)]
pub mod parallel;
#[warn(missing_docs)]
pub mod pattern;
#[warn(missing_docs)]
pub mod piece;
pub mod play;
#[warn(missing_docs)]
pub mod progress;
#[warn(missing_docs)]
pub mod random;
#[warn(missing_docs)]
pub mod relation;
#[warn(missing_docs)]
pub mod render;
pub mod scenario;
#[warn(missing_docs)]
pub mod shift;
#[warn(missing_docs)]
pub mod svg;
#[warn(missing_docs)]
pub mod syntax;
pub mod zone;
