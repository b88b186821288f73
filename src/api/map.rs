//! The MAP table of a piece: its distance in moves from (or to) a point to every point.

use serde::{Deserialize, Serialize};

use super::Workbench;
use super::control::{ControlResult, control};
use super::error::{ApiError, Result};
use super::request::Request;
use crate::board::Point;
use crate::kernel::{Direction, MotionId};
use crate::piece::{Side, Usage};

/// What [`Workbench::map`] computes (or with `control`, [`Workbench::control_map`]): the
/// options of `lingeo map`, of the server's `map` and of Python's `Scenario.map`, with their
/// defaults (`Default`) and rules ([`Request::check`]). The board (a scenario) is the
/// workbench's.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct MapRequest {
    /// A placed piece of the scenario, by name (`lingeo check` lists them): it starts from
    /// the point it stands on. Where no placed piece has the name, a piece type of that name.
    pub piece: Option<String>,
    /// A piece type (king, queen, rook, bishop, knight, pawn, or a type of the scenario), from
    /// any point (`from`), even where a placed piece has the same name.
    #[serde(rename = "type")]
    pub type_name: Option<String>,
    /// The side of a piece type (default white; Black's vectors are mirrored).
    pub side: Option<Side>,
    /// Use the attack vectors instead of the move vectors.
    pub attack: bool,
    /// The origin point: a placed piece (`piece`) starts where it stands; required with
    /// `type`.
    pub from: Option<String>,
    /// Distances *to* the point instead (the reverse MAP, over the reversed relation).
    pub reverse: bool,
    /// The control map of the scenario's position instead (Chessmaps, docs/players.md §1):
    /// which side attacks each point more, and the sums per sector. Needs a scenario with
    /// pieces.
    pub control: bool,
    /// Stop with an error when the table would take more than this many MiB of memory (1 to
    /// 2^30): structures as large as the board (a slider's successor lists, the rays of play)
    /// are refused beforehand when they would not fit.
    pub max_memory: u64,
}

impl Default for MapRequest {
    fn default() -> Self {
        MapRequest {
            piece: None,
            type_name: None,
            side: None,
            attack: false,
            from: None,
            reverse: false,
            control: false,
            max_memory: (crate::memory::DEFAULT_LIMIT >> 20) as u64,
        }
    }
}

impl Request for MapRequest {
    const JOB: &'static str = "map";

    fn check(&self) -> Result<()> {
        let bad = |field, message: String| Err(ApiError::request(Some(field), message));
        if self.control
            && let Some(field) = [
                ("piece", self.piece.is_some()),
                ("type", self.type_name.is_some()),
                ("side", self.side.is_some()),
                ("attack", self.attack),
                ("from", self.from.is_some()),
                ("reverse", self.reverse),
            ]
            .into_iter()
            .find_map(|(field, given)| given.then_some(field))
        {
            return bad(
                field,
                format!(
                    "`control` is the control map of the position, of every piece: not with `{field}`"
                ),
            );
        }
        if self.piece.is_some() && self.type_name.is_some() {
            return bad(
                "type",
                "give a placed piece (`piece`) or a piece type (`type`), not both".to_string(),
            );
        }
        if !(1..=1 << 30).contains(&self.max_memory) {
            return bad(
                "max_memory",
                format!(
                    "`max_memory` must be from 1 to 1073741824 MiB, not {}",
                    self.max_memory
                ),
            );
        }
        Ok(())
    }
}

/// A MAP table; serialised, it is what `lingeo map --json` prints.
#[derive(Clone, Debug, Serialize)]
pub struct MapResult {
    /// The board, described (`8x8`, `8x8 minus 5 points`).
    pub board: String,
    /// The piece's label (`WK (white king)`, `type rook (black)`).
    pub piece: String,
    /// The origin point's name.
    pub origin: String,
    /// `from`, or `to` for the reverse MAP.
    pub direction: &'static str,
    /// The MAP value of unreachable points (2n for a board of n points); they are `None` in
    /// `distances`.
    pub unreachable: u32,
    /// The board's points, in order.
    pub points: Vec<String>,
    /// The distance of each point of `points`, `None` where unreachable.
    pub distances: Vec<Option<u32>>,
    /// The motion the table is of (for drawing it from the kernel).
    #[serde(skip)]
    pub motion: MotionId,
    /// The origin.
    #[serde(skip)]
    pub origin_point: Point,
    /// Each point's 0-based coordinates (file, rank, level), where the board is a grid.
    #[serde(skip)]
    pub coords: Vec<Option<[i32; 3]>>,
    /// The grid's size (files, ranks, levels), where the board is a grid.
    #[serde(skip)]
    pub dims: Option<[u32; 3]>,
}

impl MapResult {
    /// The table as a grid `[rank][file]` of a two-dimensional board (ranks from 1 up), the
    /// distance of each point, [`MapResult::unreachable`] where it cannot be reached, and `-1`
    /// on a removed point; `None` for a board that is not a flat grid.
    pub fn grid(&self) -> Option<Vec<Vec<i64>>> {
        let [files, ranks, levels] = self.dims?;
        if levels != 1 {
            return None;
        }
        let mut grid = vec![vec![-1i64; files as usize]; ranks as usize];
        for (c, d) in self.coords.iter().zip(&self.distances) {
            let [x, y, _] = (*c)?;
            let cell = grid
                .get_mut(usize::try_from(y).ok()?)?
                .get_mut(usize::try_from(x).ok()?)?;
            *cell = i64::from(d.unwrap_or(self.unreachable));
        }
        Some(grid)
    }
}

impl Workbench {
    /// The MAP table a request asks for.
    ///
    /// ```
    /// use lingeo::api::{MapRequest, Workbench};
    /// let bench = Workbench::from_text("board 8x8\nwhite king at f6 as FIGHTER\n", "f").unwrap();
    /// let map = bench
    ///     .map(&MapRequest { piece: Some("FIGHTER".into()), ..MapRequest::default() })
    ///     .unwrap();
    /// let h1 = map.points.iter().position(|p| p == "h1").unwrap();
    /// assert_eq!(map.distances[h1], Some(5));
    /// assert_eq!(map.grid().unwrap()[0][7], 5); // [rank 1][file h]
    /// ```
    pub fn map(&self, r: &MapRequest) -> Result<MapResult> {
        if r.control {
            return Err(ApiError::request(
                Some("control"),
                "`control` is the control map (`Workbench::control_map`), not a MAP table",
            ));
        }
        // No time of its own; under a server's deadline, what the kernel built after it
        // passed is not given.
        super::request::within_time(None, || self.map_within(r))
    }

    fn map_within(&self, r: &MapRequest) -> Result<MapResult> {
        let usage = if r.attack { Usage::Attack } else { Usage::Move };
        let chosen = self.choose(r.piece.as_deref(), r.type_name.as_deref(), r.side, usage)?;
        self.kernel().check([chosen.motion])?;
        let origin = self.origin(&chosen, r.from.as_deref())?;
        let direction = if r.reverse {
            Direction::To
        } else {
            Direction::From
        };
        let map = self.kernel().table(chosen.motion, origin, direction);
        let board = &self.scenario().board;
        Ok(MapResult {
            board: board.describe(),
            piece: chosen.label,
            origin: board.name(origin).to_string(),
            direction: if r.reverse { "to" } else { "from" },
            unreachable: map.unreachable(),
            points: board.points().map(|p| board.name(p).to_string()).collect(),
            distances: board
                .points()
                .map(|p| map.is_reachable(p).then(|| map.get(p)))
                .collect(),
            motion: chosen.motion,
            origin_point: origin,
            coords: board.points().map(|p| board.coords(p)).collect(),
            dims: board.dims(),
        })
    }
}

impl Workbench {
    /// The control map of the position (`map --control`, docs/players.md §1): which side
    /// attacks each point more, and the sums per sector.
    pub fn control_map(&self) -> Result<ControlResult> {
        control(self.scenario().clone(), self.name())
    }
}
