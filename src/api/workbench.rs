//! [`Workbench`]: a scenario and its distance kernel, owned and shared, the handle every job of
//! the API starts from.

use std::path::Path;
use std::sync::Arc;

use super::error::{ApiError, Result};
use crate::kernel::Kernel;
use crate::play::game::Game;
use crate::scenario::Scenario;

/// A scenario and its kernel, behind [`Arc`]s: cloning a workbench is cheap, and both may be
/// shared across threads (the kernel fills its tables lazily, behind `OnceLock`s).
///
/// ```
/// let bench = lingeo::api::Workbench::from_text(
///     "board 8x8\nwhite king at h8 as WK\n",
///     "king.scenario",
/// )
/// .unwrap();
/// assert_eq!(bench.scenario().pieces.len(), 1);
/// assert_eq!(bench.name(), "king.scenario");
/// ```
#[derive(Clone)]
pub struct Workbench {
    name: String,
    scenario: Arc<Scenario>,
    kernel: Arc<Kernel>,
}

impl std::fmt::Debug for Workbench {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Workbench")
            .field("name", &self.name)
            .field("board", &self.scenario.board.describe())
            .field("pieces", &self.scenario.pieces.len())
            .finish()
    }
}

/// An empty grid board as a scenario (no pieces, the chess types): `size` as `8x8` or `4x4x4`,
/// `removed` the points taken out of it, by name (`b2,c2` or `(2,2),(3,2)`). A size that does
/// not read names the field `board`, a point that does not, `removed`; a board of no points,
/// or too many, names none.
///
/// ```
/// let s = lingeo::api::workbench::empty_scenario("8x8", Some("a3,c1")).unwrap();
/// assert_eq!(s.board.len(), 62);
/// assert!(lingeo::api::workbench::empty_scenario("8y8", None).is_err());
/// ```
pub fn empty_scenario(size: &str, removed: Option<&str>) -> Result<Scenario> {
    let bad = || {
        ApiError::request(
            Some("board"),
            format!("`{size}` is not a size such as 8x8 or 4x4x4"),
        )
    };
    let parts: Vec<&str> = size.split(['x', 'X']).collect();
    if parts.len() != 2 && parts.len() != 3 {
        return Err(bad());
    }
    let mut dims = [1u32; 3];
    for (d, part) in dims.iter_mut().zip(&parts) {
        *d = part.trim().parse().map_err(|_| bad())?;
    }
    let grid = |cells: &[[i64; 3]]| {
        crate::board::Board::grid(dims[0], dims[1], dims[2], cells)
            .map_err(|e| ApiError::request(None, e.to_string()))
    };
    let board = grid(&[])?;
    let removed = match removed {
        Some(list) => board
            .parse_points(list)
            .map_err(|e| ApiError::request(Some("removed"), e.to_string()))?,
        None => Vec::new(),
    };
    let cells: Vec<[i64; 3]> = removed
        .iter()
        .map(|&p| {
            let c = board.coords(p).expect("grid points have coordinates");
            [c[0] as i64 + 1, c[1] as i64 + 1, c[2] as i64 + 1]
        })
        .collect();
    Ok(Scenario::empty(grid(&cells)?))
}

impl Workbench {
    /// Reads a scenario file.
    pub fn load(path: impl AsRef<Path>) -> Result<Workbench> {
        let path = path.as_ref();
        let scenario = Scenario::load(path)?;
        Workbench::new(scenario, &path.display().to_string())
    }

    /// Parses scenario text; `name` names it in errors and results.
    pub fn from_text(text: &str, name: &str) -> Result<Workbench> {
        let scenario = Scenario::parse(name, text)?;
        Workbench::new(scenario, name)
    }

    /// A workbench of a scenario built otherwise (an empty board, say), once its kernel fits in
    /// the thread's memory limit ([`crate::memory::with_limit`]).
    pub fn new(scenario: Scenario, name: &str) -> Result<Workbench> {
        let kernel = scenario.checked_kernel()?;
        Ok(Workbench {
            name: name.to_string(),
            scenario: Arc::new(scenario),
            kernel: Arc::new(kernel),
        })
    }

    /// A workbench of a scenario and a kernel built for it (whose size the caller has checked,
    /// or will check for each motion it uses).
    pub fn with_kernel(scenario: Scenario, kernel: Kernel, name: &str) -> Workbench {
        Workbench {
            name: name.to_string(),
            scenario: Arc::new(scenario),
            kernel: Arc::new(kernel),
        }
    }

    /// The scenario's name: its path, or the name given to its text.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The scenario.
    pub fn scenario(&self) -> &Scenario {
        &self.scenario
    }

    /// The scenario, shared (for a result that names its points after the workbench is gone).
    pub(crate) fn shared_scenario(&self) -> Arc<Scenario> {
        self.scenario.clone()
    }

    /// The scenario, shared.
    pub fn scenario_arc(&self) -> Arc<Scenario> {
        Arc::clone(&self.scenario)
    }

    /// Its distance kernel.
    pub fn kernel(&self) -> &Kernel {
        &self.kernel
    }

    /// The game of the scenario's rules of play (`game { ... }`).
    pub fn game(&self) -> Result<Game> {
        Game::new((*self.scenario).clone()).map_err(|e| {
            let too_large = match &e {
                crate::play::game::GameError::TooLarge(t) => Some(t.to_string()),
                crate::play::game::GameError::OutOfTime(limit) => {
                    return ApiError::out_of_time(*limit);
                }
                _ => None,
            };
            match too_large {
                Some(message) => ApiError::TooLarge {
                    cap: super::error::Cap::Memory,
                    reason: message.clone(),
                    message,
                },
                None => ApiError::Game {
                    file: self.name.clone(),
                    message: e.to_string(),
                },
            }
        })
    }

    /// A point of the board by its name (`h8`, `(1,2)`); `field` names the request's field in
    /// the error.
    pub fn point(&self, field: &'static str, text: &str) -> Result<crate::board::Point> {
        self.scenario
            .board
            .parse_point(text)
            .map_err(|e| ApiError::request(Some(field), format!("{field}: {e}")))
    }
}
