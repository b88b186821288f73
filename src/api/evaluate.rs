//! The fuzzy (or learned) evaluation of a position (docs/players.md §3, §7).

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::Workbench;
use super::error::{ApiError, Result};
use super::request::{self, Request};
use super::search::replay;
use crate::play::game::Game;
use crate::play::players::fuzzy_evaluation::{
    self, Aim, Evaluation, FiredRule, GoalTerm, NetworkWay, Track,
};
use crate::play::players::learned;
use crate::play::players::rule_book::RuleBook;
use crate::play::search::lg::default_horizon;
use crate::progress::{Observer, Progress};

/// Which evaluation: `fuzzy` or `learned` in a request.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Evaluator {
    /// The fuzzy evaluation of the goals' zones (the default).
    #[default]
    Fuzzy,
    /// That with learned rules.
    Learned,
}

/// What [`Workbench::evaluate`] computes: the options of `lingeo evaluate` and of Python's
/// `Scenario.evaluate`, with their defaults (`Default`) and rules ([`Request::check`]). The
/// rules file and the observer it reads are [`EvaluateInputs`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct EvaluateRequest {
    /// Moves played first from the scenario's position (as `lingeo play` takes them).
    pub moves: String,
    /// Attacks within this many moves, at least 1 (default: the distance of the farthest
    /// goal-owning piece to its nearest goal, as the LG search).
    pub horizon: Option<u32>,
    /// The fuzzy evaluation, or the learned one: the fuzzy evaluation with learned rules
    /// applied (docs/players.md §7).
    pub eval: Evaluator,
    /// List at most this many zones of an attack (at least 1); an attack with more is valued
    /// from its zone network instead (docs/players.md §3): its goal's degree is then an upper
    /// bound, or exact where a zone drawn at random attains it, and the output says which.
    pub max_zones: usize,
    /// Stop with an error after this many seconds.
    pub time: Option<f64>,
    /// Stop with an error when the evaluation would use more than this many MiB of memory (1
    /// to 2^30): an attack whose zones can be neither listed nor read as a network within it
    /// is not counted, and the evaluation says so.
    pub max_memory: u64,
}

impl Default for EvaluateRequest {
    fn default() -> Self {
        EvaluateRequest {
            moves: String::new(),
            horizon: None,
            eval: Evaluator::Fuzzy,
            max_zones: fuzzy_evaluation::MAX_ZONES,
            time: None,
            max_memory: request::DEFAULT_MEMORY_MIB,
        }
    }
}

impl Request for EvaluateRequest {
    const JOB: &'static str = "evaluate";

    fn check(&self) -> Result<()> {
        if self.horizon == Some(0) {
            return Err(ApiError::request(
                Some("horizon"),
                "`horizon` must be at least 1 move",
            ));
        }
        if self.max_zones == 0 {
            return Err(ApiError::request(
                Some("max_zones"),
                "`max_zones` must be at least 1",
            ));
        }
        request::check_time(self.time)?;
        request::check_max_memory(self.max_memory)
    }
}

/// What an evaluation reads besides its options: the learned rules a front end loaded, and
/// who hears of its progress.
#[derive(Clone, Default)]
pub struct EvaluateInputs {
    /// The learned rules (`eval` learned; default: the shipped ones, learned/pawned.rules).
    pub rules: Option<Arc<RuleBook>>,
    /// Who hears of the attacks read.
    pub progress: Observer,
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
    /// How many ways (zones) there are: exactly, or with `ways_at_least` at least so many.
    pub ways: u128,
    /// `ways` is a lower bound (some attack's zones could not all be counted).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub ways_at_least: bool,
    /// Where an attack of the goal was valued from its zone network: the least the degree
    /// can be (equal to `degree` where it is exact).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub degree_at_least: Option<f64>,
    /// The degree is an upper bound from a zone network, not exact.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub degree_is_upper_bound: bool,
    /// The attacks with too many zones to list, valued from their zone networks.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub networks: Vec<NetworkJson>,
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

/// An attack valued from its zone network (docs/players.md §3).
#[derive(Clone, Debug, Serialize)]
pub struct NetworkJson {
    /// The attack's target.
    pub target: String,
    /// Its zones: exactly, or with `count_at_least` at least so many.
    pub count: u128,
    /// `count` is a lower bound.
    pub count_at_least: bool,
    /// Its main trajectories.
    pub mains: usize,
    /// The main trajectory with the highest upper bound.
    pub main: TrackJson,
    /// Its interceptor pairs (the other side's level-1 attach pairs).
    pub interceptor_pairs: usize,
    /// Those in every zone with no answerable entry: each leaves an interceptor unanswered.
    pub unanswerable: Vec<SlotJson>,
    /// The attack's degree is at most this...
    pub degree_at_most: f64,
    /// ... and at least this.
    pub degree_at_least: f64,
    /// The network's undecided entries (taken as possibly in a zone).
    pub undecided: usize,
}

/// An interceptor pair.
#[derive(Clone, Debug, Serialize)]
pub struct SlotJson {
    /// The piece.
    pub piece: String,
    /// Its start.
    pub from: String,
    /// The main trajectory's stop it reaches.
    pub to: String,
    /// Its trajectories in the network.
    pub trajectories: usize,
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
    /// The attacks not counted (their zones neither listed nor read as a network).
    #[serde(skip)]
    pub unlisted: usize,
    /// The goals whose degree is an upper bound from a zone network, not exact.
    #[serde(skip)]
    pub upper_bounds: usize,
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
        self.evaluate_with(r, &EvaluateInputs::default())
    }

    /// [`Workbench::evaluate`] with the rules and observer of `inputs`.
    pub fn evaluate_with(
        &self,
        r: &EvaluateRequest,
        inputs: &EvaluateInputs,
    ) -> Result<EvaluationResult> {
        r.check()?;
        request::within_time(r.time, || self.evaluate_within(r, inputs))
    }

    /// [`Workbench::evaluate_with`], within the request's time.
    fn evaluate_within(
        &self,
        r: &EvaluateRequest,
        inputs: &EvaluateInputs,
    ) -> Result<EvaluationResult> {
        let game = self.game()?;
        let (state, _) = replay(&game, &r.moves)?;
        let horizon = match r.horizon {
            Some(h) => h,
            None => default_horizon(&game, &state),
        };
        let book = rule_book(r, inputs)?;
        let progress: &dyn Progress = inputs.progress.get();
        let e = fuzzy_evaluation::evaluate_observed(&game, &state, horizon, r.max_zones, progress);
        // Past the time the attacks left were not counted: the time stopped the evaluation
        // (an error), not the zones' size.
        crate::budget::check_time()?;
        let unlisted: usize = e.goals.iter().map(|g| g.unlisted.len()).sum();
        let upper_bounds = e.goals.iter().filter(|g| g.is_bound()).count();
        let e = match book {
            Some(book) => learned::apply(&game, &state, e, book),
            None => e,
        };
        let goals = e
            .goals
            .iter()
            .map(|g| goal_json(&game, &e.names, g))
            .collect();
        Ok(EvaluationResult {
            value: e.value,
            material: e.material,
            horizon,
            to_move: state.to_move.to_string(),
            goals,
            unlisted,
            upper_bounds,
            position: super::play::position(&game, &state),
            explanation: e.explain(&game),
            evaluation: e,
        })
    }
}

/// The learned rules the evaluation applies: none for `eval` fuzzy (which refuses `rules`),
/// the given ones or the shipped ones for `eval` learned.
fn rule_book<'a>(r: &EvaluateRequest, inputs: &'a EvaluateInputs) -> Result<Option<&'a RuleBook>> {
    Ok(match (r.eval, &inputs.rules) {
        (Evaluator::Fuzzy, Some(_)) => {
            return Err(ApiError::request(
                Some("rules"),
                "`rules` needs `eval` learned",
            ));
        }
        (Evaluator::Fuzzy, None) => None,
        (Evaluator::Learned, Some(book)) => Some(&**book),
        (Evaluator::Learned, None) => Some(learned::shipped()),
    })
}

/// A goal's term as the JSON says it, its pieces and points by name: the term's degree and
/// ways, each zone network counted toward it, the best way's main trajectory and
/// interceptors, and the learned rule that fired on it.
fn goal_json(game: &Game, names: &[String], g: &GoalTerm) -> GoalJson {
    let name = |p: usize| names[p].clone();
    let track = |t: &Track| track_json(game, names, t);
    GoalJson {
        piece: name(g.piece),
        aim: match g.aim {
            Aim::Goal => "goal".to_string(),
            Aim::Capture { piece } => format!("capture {}", name(piece)),
        },
        degree: g.degree,
        importance: g.importance,
        weighted: g.weighted(),
        ways: g.ways,
        ways_at_least: g.ways_at_least,
        degree_at_least: (!g.networks.is_empty()).then_some(g.at_least),
        degree_is_upper_bound: g.is_bound(),
        networks: g
            .networks
            .iter()
            .map(|n| network_json(game, names, n))
            .collect(),
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
    }
}

/// A zone network of a goal as the JSON says it: its target, count, main trajectory, the
/// interceptors' slots it cannot answer, and the bounds on its degree.
fn network_json(game: &Game, names: &[String], n: &NetworkWay) -> NetworkJson {
    let board = &game.scenario.board;
    NetworkJson {
        target: board.name(n.target).to_string(),
        count: n.count.value(),
        count_at_least: !n.count.is_exact(),
        mains: n.mains,
        main: track_json(game, names, &n.main),
        interceptor_pairs: n.slots,
        unanswerable: n
            .unanswerable
            .iter()
            .map(|s| SlotJson {
                piece: names[s.piece].clone(),
                from: board.name(s.from).to_string(),
                to: board.name(s.to).to_string(),
                trajectories: s.alternatives,
            })
            .collect(),
        degree_at_most: n.upper,
        degree_at_least: n.lower,
        undecided: n.undecided,
    }
}

/// A piece's track as the JSON says it: the piece by name, its stops by point name.
fn track_json(game: &Game, names: &[String], t: &Track) -> TrackJson {
    TrackJson {
        piece: names[t.piece].clone(),
        stops: t
            .stops
            .iter()
            .map(|&p| game.scenario.board.name(p).to_string())
            .collect(),
    }
}
