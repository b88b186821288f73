//! `lingeo compare A B`: the languages of two grammar files, or of a grammar file and the native
//! generator it stands for (`native`), on one start or on random starts
//! (docs/testing-grammars.md). Named apart from `lingeo::engine_comparison`, the comparison of patterns
//! and zones.
//!
//! The comparison itself is `lingeo::api::compare`; this layer reads the flags into its
//! request, names the flags in its errors, and prints its result as text or as its JSON.

use std::path::{Path, PathBuf};

use clap::Args;
use lingeo::api::compare::{
    Check, CompareInputs, CompareRequest, CompareResult, CompareSide, GrammarSource, StartOutcome,
};
use lingeo::api::{ApiError, Workbench};
use lingeo::piece::Side;
use lingeo::render;

use super::schema_args::{Flags, Options, flag_of};
use super::setup::{self, BoardArgs, SideArg};
use super::{CliError, Report};

#[derive(Args, Debug)]
pub struct CompareArgs {
    /// The first grammar file (`.lgg`), or `native`.
    pub a: PathBuf,
    /// The second grammar file, or `native`: the native generator of trajectories or of zones,
    /// whichever the other grammar's shape is (one piece input, start S(point, point, int),
    /// a(point) symbols for trajectories, t((piece, trajectory), int) symbols for zones).
    pub b: PathBuf,
    #[command(flatten)]
    pub board: BoardArgs,
    /// Another input of both grammars: `--set name=value` (repeatable).
    #[arg(long = "set", value_name = "NAME=VALUE")]
    pub set: Vec<String>,
    /// Print at most this many of the sentences only one side has, per side.
    #[arg(long, value_name = "N", default_value_t = 5)]
    pub show: usize,
    /// Print JSON: `{a, b, check, random?, starts: [{start, passed, count_a, count_b, common,
    /// only_a, only_b, symbols_only_a?, symbols_only_b?} or {start, error}], passed}`.
    #[arg(long)]
    pub json: bool,
    /// The comparison's options: the fields of `lingeo::api::CompareRequest`, one flag each.
    #[command(flatten)]
    pub options: Options<CompareRequest>,
}

/// What `lingeo compare` spells its own way: the request's fields are its flags (`type` is
/// `--type`); the list of starts is Python's, the sides and `--set` the CLI's own.
impl Flags for CompareRequest {
    const VALUE_NAMES: &'static [(&'static str, &'static str)] = &[
        ("random", "N"),
        ("piece", "NAME"),
        ("type", "NAME"),
        ("max_sentences", "N"),
        ("time", "SECONDS"),
        ("max_memory", "MIB"),
    ];
    const INPUTS: &'static [&'static str] = &["set"];
}

impl CompareArgs {
    /// The sides and the other inputs these arguments give.
    fn inputs(&self) -> Result<CompareInputs, CliError> {
        let side = |path: &Path| {
            if path == Path::new("native") {
                CompareSide::Native
            } else {
                CompareSide::Grammar(GrammarSource::File(path.to_path_buf()))
            }
        };
        Ok(CompareInputs {
            a: side(&self.a),
            b: side(&self.b),
            starts: Vec::new(),
            set: setup::assignments(&self.set)?,
        })
    }
}

/// An error of the API's comparison, naming the flag of the request's field at fault.
fn error(e: ApiError) -> CliError {
    match e {
        ApiError::Request {
            field: Some(field),
            message,
        } => {
            // The message with fields spelt as flags, prefixed with the flag of its field
            // where it does not name it (the sides' errors name their files).
            let message = CompareRequest::spell(&message);
            let flag = match field {
                "type_name" => "--type".to_string(),
                "start" | "random" | "piece" | "type" | "side" | "jobs" => {
                    flag_of::<CompareRequest>(field)
                }
                _ => return CliError(message),
            };
            if message.contains(&flag) {
                return CliError(message);
            }
            CliError(format!("{flag}: {message}"))
        }
        e => setup::api_error(e),
    }
}

pub fn run(args: &CompareArgs) -> Result<Report, CliError> {
    let request = args.options.request()?;
    let inputs = args.inputs()?;
    inputs.check(&request).map_err(error)?;
    let scenario = setup::scenario(&args.board)?;
    let kernel = setup::kernel(&scenario, &[])?;
    if request.piece.is_some() || request.type_name.is_some() {
        // The flags name their errors (with the pieces there are); the API then takes the
        // piece as they give it.
        setup::choose(
            &scenario,
            request.piece.as_deref(),
            request.type_name.as_deref(),
            request.side.map(|side| match side {
                Side::White => SideArg::White,
                Side::Black => SideArg::Black,
            }),
        )?;
    }
    let bench = Workbench::with_kernel(scenario, kernel, "");
    let bars = super::progress::Bars::new();
    let result = bench.compare(&request, &inputs, &bars).map_err(error)?;
    drop(bars);
    let (passed, failed_checks, errors) = result.tally();
    let failed = !result.passed;
    // A start that could not be compared leaves the answer open: the comparison gave up there.
    let gave_up = (errors > 0).then(|| {
        format!(
            "{errors} of {} could not be compared (each says why on its line)",
            render::counted(result.starts.len() as u128, "start", "starts")
        )
    });
    let text = if args.json {
        super::json::to_string(&result)?
    } else {
        text(&result, args.show, (passed, failed_checks, errors))
    };
    Ok(Report {
        text,
        failed,
        gave_up,
    })
}

/// The comparison as text: the sides, how the random starts were drawn, a line (and the
/// first differences) per start, and with random starts the tally.
fn text(result: &CompareResult, show: usize, tally: (usize, usize, usize)) -> String {
    let mut out = format!("A: {}\nB: {}\n", result.a, result.b);
    if let Some(about) = &result.random {
        out.push_str(&format!("random: {about}\n"));
    }
    for s in &result.starts {
        match &s.outcome {
            StartOutcome::Compared { .. } => {
                out.push_str(&start_text(&s.start, &s.outcome, result.check, show))
            }
            StartOutcome::Failed { error, .. } => {
                out.push_str(&format!("{}: error: {error}\n", s.start))
            }
        }
    }
    if result.random.is_some() {
        let (passed, failed_checks, errors) = tally;
        let (yes, no) = match result.check {
            Check::Equal => ("equal", "different"),
            Check::Subset => ("A within B", "A not within B"),
            Check::Superset => ("B within A", "B not within A"),
        };
        out.push_str(&format!(
            "{}: {passed} {yes}, {failed_checks} {no}{}\n",
            render::counted(result.starts.len() as u128, "start", "starts"),
            if errors > 0 {
                format!(", {errors} failed")
            } else {
                String::new()
            }
        ));
    }
    out
}

/// `START: equal, N sentences`, or the counts and the first sentences only one side has (with
/// `--subset` or `--superset`, the side that must be within the other); for languages of zones
/// the `t(...)` symbols only one side's zones hold, before the zones themselves.
fn start_text(start: &str, outcome: &StartOutcome, check: Check, show: usize) -> String {
    let StartOutcome::Compared {
        count_a,
        count_b,
        common,
        only_a,
        only_b,
        symbols_only_a,
        symbols_only_b,
        ..
    } = outcome
    else {
        return String::new();
    };
    let sentences = |n: usize| render::counted(n as u128, "sentence", "sentences");
    if only_a.is_empty() && only_b.is_empty() {
        return format!("{start}: equal, {}\n", sentences(*count_a));
    }
    let verdict = match check {
        Check::Equal => "different",
        Check::Subset if only_a.is_empty() => "A within B",
        Check::Subset => "A not within B",
        Check::Superset if only_b.is_empty() => "B within A",
        Check::Superset => "B not within A",
    };
    let mut out = format!(
        "{start}: {verdict}: A {}, B {}, {common} in both\n",
        sentences(*count_a),
        sentences(*count_b),
    );
    let sides = [
        ("A", only_a, symbols_only_a.as_ref()),
        ("B", only_b, symbols_only_b.as_ref()),
    ];
    for (side, only, only_symbols) in sides {
        let relevant = match check {
            Check::Equal => true,
            Check::Subset => side == "A",
            Check::Superset => side == "B",
        };
        if !relevant {
            continue;
        }
        let mut list = |what: &str, items: &[String]| {
            for s in items.iter().take(show) {
                out.push_str(&format!("  {what} only in {side}: {s}\n"));
            }
            if items.len() > show {
                out.push_str(&format!(
                    "  ... and {} more {what}s only in {side}\n",
                    items.len() - show
                ));
            }
        };
        if let Some(symbols) = only_symbols {
            list("symbol", symbols);
        }
        list("sentence", only);
    }
    out
}
