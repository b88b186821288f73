//! `lingeo evaluate SCENARIO [--moves ...] [--eval fuzzy|learned] [--rules FILE] [--explain]
//! [--json]`: the fuzzy evaluation of a position (docs/players.md §3), or the learned one
//! (docs/players.md §7), and its explanation.

use std::path::PathBuf;

use clap::Args;
use clap::ValueEnum;
use lingeo::play::players::fuzzy::{self, Aim, FiredRule, Track};
use lingeo::play::players::learned;
use lingeo::play::search::lg::default_horizon;
use serde::Serialize;

use super::play::{load_game, position, replay};
use super::{CliError, Report};

#[derive(Args, Debug)]
pub struct EvaluateArgs {
    /// The scenario file; it needs a `game { ... }` block.
    pub scenario: PathBuf,
    /// Moves played first from the scenario's position (as `lingeo play` takes them).
    #[arg(long, default_value = "")]
    pub moves: String,
    /// Attacks within this many moves (default: the distance of the farthest goal-owning piece
    /// to its nearest goal, as the LG search).
    #[arg(long)]
    pub horizon: Option<u32>,
    /// The fuzzy evaluation, or the learned one: the fuzzy evaluation with learned rules
    /// applied (docs/players.md §7).
    #[arg(long, value_enum, default_value_t = EvaluationArg::Fuzzy)]
    pub eval: EvaluationArg,
    /// The learned rules (with --eval learned; default: the shipped learned/pawned.rules).
    #[arg(long)]
    pub rules: Option<PathBuf>,
    /// List at most this many zones of an attack; an attack with more is left out of its
    /// goal's degree and named as not counted.
    #[arg(long, default_value_t = fuzzy::MAX_ZONES)]
    pub max_zones: usize,
    /// Print the explanation: each goal's degree, importance and the way behind it.
    #[arg(long)]
    pub explain: bool,
    /// Print JSON (with the explanation's parts).
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub memory: super::limits::MemoryArg,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum EvaluationArg {
    Fuzzy,
    Learned,
}

#[derive(Serialize)]
struct TrackJson {
    piece: String,
    stops: Vec<String>,
}

#[derive(Serialize)]
struct InterceptorJson {
    #[serde(flatten)]
    track: TrackJson,
    answered_by: Vec<TrackJson>,
}

#[derive(Serialize)]
struct GoalJson {
    piece: String,
    /// `goal`, or `capture PIECE`.
    aim: String,
    degree: f64,
    importance: f64,
    /// The contribution from White's side.
    weighted: f64,
    ways: usize,
    main: Option<TrackJson>,
    interceptors: Vec<InterceptorJson>,
    unlisted: Vec<String>,
    /// The learned rule that set the degree, where one fired.
    #[serde(skip_serializing_if = "Option::is_none")]
    rule: Option<RuleJson>,
}

#[derive(Serialize)]
struct RuleJson {
    number: u32,
    won: u32,
    of: u32,
    fuzzy_degree: f64,
}

#[derive(Serialize)]
struct EvaluationJson {
    /// From White's side.
    value: f64,
    material: f64,
    horizon: u32,
    to_move: String,
    goals: Vec<GoalJson>,
}

pub fn run(args: &EvaluateArgs) -> Result<Report, CliError> {
    let game = load_game(&args.scenario)?;
    let (state, _) = replay(&game, &args.moves)?;
    let horizon = match args.horizon {
        Some(0) => return Err(CliError("--horizon must be at least 1 move".to_string())),
        Some(h) => h,
        None => default_horizon(&game, &state),
    };
    let read;
    let book = match (args.eval, &args.rules) {
        (EvaluationArg::Fuzzy, Some(_)) => {
            return Err(CliError("--rules needs --eval learned".to_string()));
        }
        (EvaluationArg::Fuzzy, None) => None,
        (EvaluationArg::Learned, Some(path)) => {
            read = super::files::rules(path)?;
            Some(&read)
        }
        (EvaluationArg::Learned, None) => Some(learned::shipped()),
    };
    if args.max_zones == 0 {
        return Err(CliError("--max-zones must be at least 1".to_string()));
    }
    let bars = super::progress::Bars::new();
    let e = fuzzy::evaluate_observed(&game, &state, horizon, args.max_zones, &bars);
    // An attack whose zones could not be listed counts as no way: the value is not the one
    // asked for, so the evaluation gave up there (and says which, with --explain or --json).
    let unlisted: usize = e.goals.iter().map(|g| g.unlisted.len()).sum();
    let report = |text: String| match unlisted {
        0 => Report::from(text),
        n => Report::gave_up(
            text,
            format!(
                "{} not counted: too many zones to list (--explain says which and why; raise \
                 --max-zones or shorten the horizon)",
                lingeo::render::counted(n as u128, "attack", "attacks"),
            ),
        ),
    };
    let e = match book {
        Some(book) => learned::apply(&game, &state, e, book),
        None => e,
    };
    let name = |p: usize| game.scenario.pieces[p].name.clone();
    let board = &game.scenario.board;
    if args.json {
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
        return super::json::to_string(&EvaluationJson {
            value: e.value,
            material: e.material,
            horizon,
            to_move: state.to_move.to_string(),
            goals,
        })
        .map(report);
    }
    let mut out = format!(
        "{}: {}, {} to move, horizon {horizon}\n{}value {:+.2} (White's side)\n",
        args.scenario.display(),
        match (args.eval, &args.rules) {
            (EvaluationArg::Fuzzy, _) => "fuzzy evaluation".to_string(),
            (EvaluationArg::Learned, Some(p)) => format!("learned evaluation ({})", p.display()),
            (EvaluationArg::Learned, None) =>
                format!("learned evaluation ({})", learned::SHIPPED_PATH),
        },
        state.to_move,
        position(&game, &state),
        e.value
    );
    if args.explain {
        out.push_str(&e.explain(&game));
    }
    Ok(report(out))
}
