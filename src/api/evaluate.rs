//! The fuzzy (or learned) evaluation of a position (docs/players.md §3, §7).

use std::sync::Arc;

use serde::Serialize;

use super::Workbench;
use super::error::{ApiError, Result};
use super::search::replay;
use crate::play::players::fuzzy::{self, Aim, Evaluation, FiredRule, Track};
use crate::play::players::learned;
use crate::play::players::rules::RuleBook;
use crate::play::search::lg::default_horizon;
use crate::progress::{Observer, Progress};

/// Which evaluation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Evaluator {
    /// The fuzzy evaluation of the goals' zones (the default).
    #[default]
    Fuzzy,
    /// That with learned rules.
    Learned,
}

/// What [`Workbench::evaluate`] computes; the defaults are `lingeo evaluate`'s.
#[derive(Clone, Debug)]
pub struct EvaluateRequest {
    /// Play these moves first.
    pub moves: String,
    /// The horizon of the zones (default: the distance of the farthest goal-owning piece to
    /// its goal).
    pub horizon: Option<u32>,
    /// Which evaluation.
    pub eval: Evaluator,
    /// The learned rules (default: the shipped ones, learned/pawned.rules).
    pub rules: Option<Arc<RuleBook>>,
    /// The most zones listed for an attack; an attack with more counts as no way.
    pub max_zones: usize,
    /// Who hears of the attacks read.
    pub progress: Observer,
}

impl Default for EvaluateRequest {
    fn default() -> Self {
        EvaluateRequest {
            moves: String::new(),
            horizon: None,
            eval: Evaluator::Fuzzy,
            rules: None,
            max_zones: fuzzy::MAX_ZONES,
            progress: Observer::default(),
        }
    }
}

/// A piece and the stops of its trajectory.
#[derive(Clone, Debug, Serialize)]
pub struct TrackJson {
    /// The piece.
    pub piece: String,
    /// The stops.
    pub stops: Vec<String>,
}

/// An interceptor and the trajectories that answer it.
#[derive(Clone, Debug, Serialize)]
pub struct InterceptorJson {
    /// Its track.
    #[serde(flatten)]
    pub track: TrackJson,
    /// What answers it.
    pub answered_by: Vec<TrackJson>,
}

/// One goal's degree and its best way.
#[derive(Clone, Debug, Serialize)]
pub struct GoalJson {
    /// The piece.
    pub piece: String,
    /// `goal`, or `capture NAME`.
    pub aim: String,
    /// The degree to which the goal is achieved.
    pub degree: f64,
    /// Its importance.
    pub importance: f64,
    /// Degree times importance, signed by side.
    pub weighted: f64,
    /// How many ways there are.
    pub ways: usize,
    /// The best way's main trajectory.
    pub main: Option<TrackJson>,
    /// Its interceptors.
    pub interceptors: Vec<InterceptorJson>,
    /// The attacks not listed (too many zones), and why.
    pub unlisted: Vec<String>,
    /// The learned rule that fired.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<RuleJson>,
}

/// A learned rule that fired.
#[derive(Clone, Debug, Serialize)]
pub struct RuleJson {
    /// Its number.
    pub number: u32,
    /// Games won.
    pub won: u32,
    /// Of so many.
    pub of: u32,
    /// The fuzzy degree it replaced.
    pub fuzzy_degree: f64,
}

/// An evaluation; serialised, what `lingeo evaluate --json` prints.
#[derive(Clone, Debug, Serialize)]
pub struct EvaluationResult {
    /// The value, White's side.
    pub value: f64,
    /// The material part.
    pub material: f64,
    /// The horizon.
    pub horizon: u32,
    /// The side to move.
    pub to_move: String,
    /// Each goal.
    pub goals: Vec<GoalJson>,
    /// The attacks not counted (too many zones to list).
    #[serde(skip)]
    pub unlisted: usize,
    /// The position as a board.
    #[serde(skip)]
    pub position: String,
    /// Why the value is what it is, in words.
    #[serde(skip)]
    pub explanation: String,
    /// The evaluation itself.
    #[serde(skip)]
    pub evaluation: Evaluation,
}

impl Workbench {
    /// Evaluates the position after `r.moves`.
    ///
    /// ```
    /// use lingeo::api::{EvaluateRequest, Workbench};
    /// let bench = Workbench::load("examples/reti.scenario").unwrap();
    /// let e = bench.evaluate(&EvaluateRequest::default()).unwrap();
    /// assert_eq!(e.to_move, "white");
    /// assert!(!e.goals.is_empty());
    /// ```
    pub fn evaluate(&self, r: &EvaluateRequest) -> Result<EvaluationResult> {
        let game = self.game()?;
        let (state, _) = replay(&game, &r.moves)?;
        let horizon = match r.horizon {
            Some(0) => {
                return Err(ApiError::request(
                    Some("horizon"),
                    "the horizon must be at least 1 move",
                ));
            }
            Some(h) => h,
            None => default_horizon(&game, &state),
        };
        let book = match (r.eval, &r.rules) {
            (Evaluator::Fuzzy, Some(_)) => {
                return Err(ApiError::request(
                    Some("rules"),
                    "rules go with the learned evaluation",
                ));
            }
            (Evaluator::Fuzzy, None) => None,
            (Evaluator::Learned, Some(book)) => Some(&**book),
            (Evaluator::Learned, None) => Some(learned::shipped()),
        };
        if r.max_zones == 0 {
            return Err(ApiError::request(
                Some("max_zones"),
                "max_zones must be at least 1",
            ));
        }
        let progress: &dyn Progress = r.progress.get();
        let e = fuzzy::evaluate_observed(&game, &state, horizon, r.max_zones, progress);
        let unlisted: usize = e.goals.iter().map(|g| g.unlisted.len()).sum();
        let e = match book {
            Some(book) => learned::apply(&game, &state, e, book),
            None => e,
        };
        let name = |p: usize| game.scenario.pieces[p].name.clone();
        let board = &game.scenario.board;
        let track = |t: &Track| TrackJson {
            piece: name(t.piece),
            stops: t.stops.iter().map(|&p| board.name(p).to_string()).collect(),
        };
        let goals = e
            .goals
            .iter()
            .map(|g| GoalJson {
                piece: name(g.piece),
                aim: match g.aim {
                    Aim::Goal => "goal".to_string(),
                    Aim::Capture { piece } => format!("capture {}", name(piece)),
                },
                degree: g.degree,
                importance: g.importance,
                weighted: g.weighted(&game),
                ways: g.ways,
                main: g.best.as_ref().map(|w| track(&w.main)),
                interceptors: g
                    .best
                    .iter()
                    .flat_map(|w| &w.interceptors)
                    .map(|i| InterceptorJson {
                        track: track(&i.track),
                        answered_by: i.answered_by.iter().map(track).collect(),
                    })
                    .collect(),
                unlisted: g.unlisted.clone(),
                rule: g.rule.as_ref().map(|r: &FiredRule| RuleJson {
                    number: r.number,
                    won: r.won,
                    of: r.of,
                    fuzzy_degree: r.fuzzy_degree,
                }),
            })
            .collect();
        Ok(EvaluationResult {
            value: e.value,
            material: e.material,
            horizon,
            to_move: state.to_move.to_string(),
            goals,
            unlisted,
            position: super::play::position(&game, &state),
            explanation: e.explain(&game),
            evaluation: e,
        })
    }
}
