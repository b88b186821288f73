//! `lingeo evaluate SCENARIO [--moves ...] [--eval fuzzy|learned] [--rules FILE] [--explain]
//! [--json]`: the fuzzy evaluation of a position (docs/players.md §3), or the learned one
//! (docs/players.md §7), and its explanation.

use std::path::PathBuf;

use clap::Args;
use clap::ValueEnum;
use lingeo::play::players::fuzzy_evaluation;
use lingeo::play::players::learned;
use lingeo::play::search::lg::default_horizon;

use super::play::{load_game, replay};
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
    /// List at most this many zones of an attack; an attack with more is valued from its zone
    /// network instead (docs/players.md §3): its goal's degree is then an upper bound, or exact
    /// where a zone drawn at random attains it, and the output says which.
    #[arg(long, default_value_t = fuzzy_evaluation::MAX_ZONES)]
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
    // The flags have been checked above (their errors name them); the API evaluates.
    let bench =
        lingeo::api::Workbench::with_kernel(game.scenario.clone(), game.scenario.kernel(), "");
    let e = bench
        .evaluate(&lingeo::api::EvaluateRequest {
            moves: args.moves.clone(),
            horizon: Some(horizon),
            eval: match args.eval {
                EvaluationArg::Fuzzy => lingeo::api::evaluate::Evaluator::Fuzzy,
                EvaluationArg::Learned => lingeo::api::evaluate::Evaluator::Learned,
            },
            rules: book.map(|b| std::sync::Arc::new(b.clone())),
            max_zones: args.max_zones,
            progress: lingeo::progress::Observer::new(super::progress::Bars::new()),
        })
        .map_err(super::setup::api_error)?;
    // An attack whose zones could be neither listed nor read as a network counts as no way:
    // the value is not the one asked for, so the evaluation gave up there (and says which,
    // with --explain or --json).
    let report = |text: String| match e.unlisted {
        0 => Report::from(text),
        n => Report::gave_up(
            text,
            format!(
                "{} not counted: the zones could be neither listed nor read as a zone network \
                 (--explain says which and why; raise --max-memory or shorten the horizon)",
                lingeo::render::counted(n as u128, "attack", "attacks"),
            ),
        ),
    };
    if args.json {
        return super::json::to_string(&e).map(report);
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
        e.position,
        e.value
    );
    if e.upper_bounds > 0 {
        out.push_str(&format!(
            "{} an upper bound from the zone networks (too many zones to list), so the value \
             leans to each such goal's side (--explain gives the bounds)\n",
            match e.upper_bounds {
                1 => "1 goal's degree is".to_string(),
                n => format!("{n} goals' degrees are"),
            }
        ));
    }
    if args.explain {
        out.push_str(&e.explanation);
    }
    Ok(report(out))
}
