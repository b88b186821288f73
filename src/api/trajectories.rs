//! The bundle of shortest or admissible trajectories of a piece between two points.

use serde::Serialize;

use super::Workbench;
use super::error::{ApiError, Cap, Result};
use crate::board::{Board, Point};
use crate::budget::Budget;
use crate::bundle::{AdmissibleRule, Bundle, BundleOptions, Listing};
use crate::piece::{Side, Usage};

/// What [`Workbench::trajectories`] lists; the defaults are `lingeo trajectories`'.
#[derive(Clone, Debug)]
pub struct TrajectoriesRequest {
    /// A placed piece by name (where none has the name, a piece type of that name).
    pub piece: Option<String>,
    /// A piece type, always a type (of `side`).
    pub type_name: Option<String>,
    /// The side of a piece type (White by default).
    pub side: Option<Side>,
    /// The attack vectors instead of the move vectors.
    pub attack: bool,
    /// The start; a placed piece starts where it stands.
    pub from: Option<String>,
    /// The end point.
    pub to: String,
    /// Admissible trajectories of this length instead of the shortest.
    pub length: Option<u32>,
    /// Which lengths are admissible.
    pub rule: AdmissibleRule,
    /// Only trajectories that visit no point twice.
    pub simple: bool,
    /// The most trajectories listed (or, with `simple`, counted).
    pub limit: usize,
    /// Count them only, without listing them.
    pub count_only: bool,
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
            limit: 100_000,
            count_only: false,
        }
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
