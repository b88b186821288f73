//! The bundle of shortest or admissible trajectories of a piece between two points.

use serde::{Deserialize, Serialize};

use super::Workbench;
use super::error::{ApiError, Cap, Result};
use super::request::Request;
use crate::board::{Board, Point};
use crate::budget::Budget;
use crate::bundle::{AdmissibleRule, Bundle, BundleOptions, Listing};
use crate::piece::{Side, Usage};

/// The most trajectories a request lists by default.
pub const LIMIT: usize = 100_000;

/// What [`Workbench::trajectories`] lists: the options of `lingeo trajectories`, of the
/// server's `trajectories` and of Python's `Scenario.trajectories`, with their defaults
/// (`Default`) and rules ([`Request::check`]). The board (a scenario) is the workbench's.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct TrajectoriesRequest {
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
    /// Start point: a placed piece (`piece`) starts where it stands; required with `type`.
    pub from: Option<String>,
    /// End point.
    pub to: String,
    /// Trajectory length; longer than the distance gives admissible trajectories of degree 2.
    pub length: Option<u32>,
    /// Condition on the length of admissible trajectories (decision A3,
    /// docs/semantics.md §10): s16 is MAP ≤ l < 2·MAP (S-16), s06 MAP ≤ l (S-06).
    pub rule: AdmissibleRule,
    /// Only trajectories that visit no point twice (decision A17, docs/semantics.md §10).
    pub simple: bool,
    /// Fail instead of listing more than this many trajectories (or, with `simple` and
    /// `count`, counting more: simple ones are counted by listing them).
    pub limit: usize,
    /// Only the count, without listing the trajectories.
    #[serde(rename = "count")]
    pub count_only: bool,
    /// Stop with an error when the trajectories would take more than this many MiB of memory
    /// (1 to 2^30): structures as large as the board are refused beforehand when they would
    /// not fit, and the listing and the printed output stop where they would pass it.
    pub max_memory: u64,
    /// Stop with an error after this many seconds (wall clock; the work looks at the clock
    /// where it looks at memory).
    pub time: Option<f64>,
}

impl Default for TrajectoriesRequest {
    fn default() -> Self {
        TrajectoriesRequest {
            piece: None,
            type_name: None,
            side: None,
            attack: false,
            from: None,
            to: String::new(),
            length: None,
            rule: AdmissibleRule::S16,
            simple: false,
            limit: LIMIT,
            count_only: false,
            max_memory: (crate::memory::DEFAULT_LIMIT >> 20) as u64,
            time: None,
        }
    }
}

impl Request for TrajectoriesRequest {
    const JOB: &'static str = "trajectories";

    fn check(&self) -> Result<()> {
        super::request::check_time(self.time)?;
        let bad = |field, message: String| Err(ApiError::request(Some(field), message));
        if self.piece.is_some() && self.type_name.is_some() {
            return bad(
                "type",
                "give a placed piece (`piece`) or a piece type (`type`), not both".to_string(),
            );
        }
        if self.to.is_empty() {
            return bad("to", "`to` (the end point) is required".to_string());
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

/// A bundle; serialised, it is what `lingeo trajectories --json` prints.
#[derive(Clone, Debug)]
pub struct TrajectoriesResult {
    /// The piece's label.
    pub piece: String,
    /// The start's name.
    pub from: String,
    /// The end's name.
    pub to: String,
    /// The distance, `None` where the end is unreachable.
    pub distance: Option<u32>,
    /// The trajectories' length, `None` where there are none of the length asked.
    pub length: Option<u32>,
    /// The count: a number up to 2^53, else its decimal text.
    pub count: serde_json::Value,
    /// Whether there are more than 2^128 - 1.
    pub count_saturated: bool,
    /// The count, exact (saturated at `u128::MAX`).
    pub exact_count: u128,
    /// The trajectories' points (none with `count_only`); serialised as `trajectories`, each
    /// its points' names, spelled as they are written (a listing of millions holds no string
    /// per point).
    pub paths: Option<Vec<Vec<Point>>>,
    /// The start and end.
    pub ends: (Point, Point),
    /// The board, which names the points.
    pub board: Board,
}

impl Serialize for TrajectoriesResult {
    fn serialize<S: serde::Serializer>(
        &self,
        serializer: S,
    ) -> std::result::Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Json<'a> {
            piece: &'a str,
            from: &'a str,
            to: &'a str,
            distance: Option<u32>,
            length: Option<u32>,
            count: &'a serde_json::Value,
            #[serde(skip_serializing_if = "std::ops::Not::not")]
            count_saturated: bool,
            #[serde(skip_serializing_if = "Option::is_none")]
            trajectories: Option<Named<'a>>,
        }
        Json {
            piece: &self.piece,
            from: &self.from,
            to: &self.to,
            distance: self.distance,
            length: self.length,
            count: &self.count,
            count_saturated: self.count_saturated,
            trajectories: self.paths.as_deref().map(|paths| Named {
                board: &self.board,
                paths,
            }),
        }
        .serialize(serializer)
    }
}

/// Trajectories serialised as lists of their points' names.
struct Named<'a> {
    board: &'a Board,
    paths: &'a [Vec<Point>],
}

impl Serialize for Named<'_> {
    fn serialize<S: serde::Serializer>(
        &self,
        serializer: S,
    ) -> std::result::Result<S::Ok, S::Error> {
        struct Path<'a>(&'a Board, &'a [Point]);
        impl Serialize for Path<'_> {
            fn serialize<S: serde::Serializer>(
                &self,
                serializer: S,
            ) -> std::result::Result<S::Ok, S::Error> {
                serializer.collect_seq(self.1.iter().map(|&p| self.0.name(p).to_string()))
            }
        }
        serializer.collect_seq(self.paths.iter().map(|t| Path(self.board, t)))
    }
}

impl Workbench {
    /// The bundle a request asks for.
    ///
    /// ```
    /// use lingeo::api::{TrajectoriesRequest, Workbench};
    /// let bench = Workbench::from_text(
    ///     "board 8x8\nremoved f7 e6 d5 g4 g3\nwhite king at f6 as FIGHTER\n",
    ///     "fighter",
    /// )
    /// .unwrap();
    /// let r = TrajectoriesRequest {
    ///     piece: Some("FIGHTER".into()),
    ///     to: "h1".into(),
    ///     ..TrajectoriesRequest::default()
    /// };
    /// let bundle = bench.trajectories(&r).unwrap();
    /// assert_eq!((bundle.distance, bundle.exact_count), (Some(5), 7));
    /// ```
    pub fn trajectories(&self, r: &TrajectoriesRequest) -> Result<TrajectoriesResult> {
        super::request::within_time(r.time, || self.trajectories_within(r))
    }

    /// [`Workbench::trajectories`], within the request's time.
    fn trajectories_within(&self, r: &TrajectoriesRequest) -> Result<TrajectoriesResult> {
        let usage = if r.attack { Usage::Attack } else { Usage::Move };
        let chosen = self.choose(r.piece.as_deref(), r.type_name.as_deref(), r.side, usage)?;
        let kernel = self.kernel();
        kernel.check([chosen.motion])?;
        let board = &self.scenario().board;
        let from = self.origin(&chosen, r.from.as_deref())?;
        let to = self.point("to", &r.to)?;
        let options = BundleOptions {
            rule: r.rule,
            simple_only: r.simple,
        };
        let bundle = Bundle::new(kernel, chosen.motion, from, to, r.length, options);
        let reachable = kernel.map(chosen.motion, from).is_reachable(to);
        let distance = reachable.then(|| bundle.distance());
        let too_many = |e: crate::bundle::TooMany| ApiError::TooLarge {
            cap: Cap::Trajectories,
            reason: e.to_string(),
            message: e.to_string(),
        };
        // The trajectories are held against the memory limit as they are listed: a limit of
        // millions stops where the memory does, not where the machine's does.
        let mut held = Budget::new();
        let listing = |e| match e {
            Listing::TooMany(e) => too_many(e),
            Listing::Exceeded(e) => e.into(),
        };
        let paths = if r.count_only {
            None
        } else {
            Some(bundle.collect_within(r.limit, &mut held).map_err(listing)?)
        };
        let count = match &paths {
            Some(ts) => ts.len() as u128,
            // A count of simple trajectories walks them: it stops at the deadline too.
            None => bundle.count_up_to(r.limit).map_err(listing)?,
        };
        Ok(TrajectoriesResult {
            piece: chosen.label,
            from: board.name(from).to_string(),
            to: board.name(to).to_string(),
            distance,
            length: bundle.length(),
            count: json_count(count),
            count_saturated: count == u128::MAX,
            exact_count: count,
            paths,
            ends: (from, to),
            board: board.clone(),
        })
    }
}

/// A count for JSON: a number where a double holds it exactly, else its decimal text.
fn json_count(count: u128) -> serde_json::Value {
    match u64::try_from(count) {
        Ok(c) if c <= 1 << 53 => c.into(),
        _ => count.to_string().into(),
    }
}
