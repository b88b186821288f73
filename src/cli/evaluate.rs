//! `lingeo evaluate SCENARIO [--moves ...] [--eval fuzzy|learned] [--rules FILE] [--explain]
//! [--json]`: the fuzzy evaluation of a position (docs/players.md §3), or the learned one
//! (docs/players.md §7), and its explanation.

use std::path::PathBuf;

use clap::Args;
use lingeo::api::evaluate::Evaluator;
use lingeo::api::{EvaluateInputs, EvaluateRequest};
use lingeo::play::players::learned;
use lingeo::play::search::lg::default_horizon;

use super::play::{load_game, replay};
use super::schema_args::{Flags, Options};
use super::{CliError, Report};

#[derive(Args, Debug)]
pub struct EvaluateArgs {
    /// The position: a scenario file, or --fen.
    #[command(flatten)]
    pub position: super::setup::Position,
    /// The learned rules (with --eval learned; default: the shipped learned/pawned.rules).
    #[arg(long)]
    pub rules: Option<PathBuf>,
    /// Print the explanation: each goal's degree, importance and the way behind it.
    #[arg(long)]
    pub explain: bool,
    /// Print JSON (with the explanation's parts).
    #[arg(long)]
    pub json: bool,
    /// The evaluation's options: the fields of `lingeo::api::EvaluateRequest`, one flag each.
    #[command(flatten)]
    pub options: Options<EvaluateRequest>,
}

/// What `lingeo evaluate` spells its own way: the request's fields are its flags.
impl Flags for EvaluateRequest {
    const VALUE_NAMES: &'static [(&'static str, &'static str)] =
        &[("time", "SECONDS"), ("max_memory", "MIB")];
    const INPUTS: &'static [&'static str] = &["rules"];
}

pub fn run(args: &EvaluateArgs) -> Result<Report, CliError> {
    let request = args.options.request()?;
    let spell =
        |e: lingeo::api::ApiError| CliError(EvaluateRequest::spell(&super::setup::api_error(e).0));
    let learned = request.eval == Evaluator::Learned;
    if args.rules.is_some() && !learned {
        return Err(CliError("--rules needs --eval learned".to_string()));
    }
    let game = load_game(&args.position)?;
    let (state, _) = replay(&game, &request.moves)?;
    let horizon = request
        .horizon
        .unwrap_or_else(|| default_horizon(&game, &state));
    let rules = match &args.rules {
        Some(path) => Some(std::sync::Arc::new(super::files::rules(path)?)),
        None => None,
    };
    let bench =
        lingeo::api::Workbench::with_kernel(game.scenario.clone(), game.scenario.kernel(), "");
    let inputs = EvaluateInputs {
        rules,
        progress: lingeo::progress::Observer::new(super::progress::Bars::new()),
    };
    let e = bench.evaluate_with(&request, &inputs).map_err(spell)?;
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
        args.position.name(),
        match (learned, &args.rules) {
            (false, _) => "fuzzy evaluation".to_string(),
            (true, Some(p)) => format!("learned evaluation ({})", p.display()),
            (true, None) => format!("learned evaluation ({})", learned::SHIPPED_PATH),
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
