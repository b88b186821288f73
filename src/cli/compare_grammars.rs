//! `lingeo compare A B`: the languages of two grammar files, or of a grammar file and the native
//! generator it stands for (`native`), on one start or on random starts
//! (docs/testing-grammars.md). Named apart from `lingeo::engine_comparison`, the comparison of patterns
//! and zones.
//!
//! The comparison itself is `lingeo::api::compare`; this layer reads the flags into its
//! request, names the flags in its errors, and prints its result as text or as its JSON.

use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};
use lingeo::api::compare::{
    Check, CompareRequest, CompareResult, CompareSide, GrammarSource, StartOutcome, Starts,
};
use lingeo::api::{ApiError, Workbench};
use lingeo::bundle::AdmissibleRule;
use lingeo::grammar::Limits;
use lingeo::render;

use super::limits::LimitArgs;
use super::setup::{self, BoardArgs, SideArg};
use super::trajectories::RuleArg;
use super::zones::FiltersArg;
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
    /// The grammars' piece input: a placed piece, by name (where no placed piece has the name,
    /// a piece type of that name).
    #[arg(long, value_name = "NAME", conflicts_with = "type_name")]
    pub piece: Option<String>,
    /// The piece input as a piece type (king, ..., or a type of the scenario).
    #[arg(long = "type", value_name = "NAME")]
    pub type_name: Option<String>,
    /// The side of a piece type (default white).
    #[arg(long, value_enum)]
    pub side: Option<SideArg>,
    /// Another input of both grammars: `--set name=value` (repeatable).
    #[arg(long = "set", value_name = "NAME=VALUE")]
    pub set: Vec<String>,
    /// The start string, e.g. `S(h5, h1, 4)`.
    #[arg(long, required_unless_present = "random", conflicts_with = "random")]
    pub start: Option<String>,
    /// Compare on N random starts S(x0, y0, l0) on the scenario's board instead: for zones, x0
    /// where the piece stands and y0 one of its targets; for trajectories any two points the
    /// piece can go between; l0 the distance (see --lengths). Each start and each
    /// disagreement is reported.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub random: Option<u32>,
    /// The seed of --random (default: one from the clock; the output names it, so that a run
    /// can be repeated).
    #[arg(long, requires = "random")]
    pub seed: Option<u64>,
    /// The lengths l0 of --random: the distance, or any admissible length (from the distance
    /// up to twice it, less one).
    #[arg(long, value_enum, default_value_t = Lengths::Shortest, requires = "random")]
    pub lengths: Lengths,
    /// The native generator of zones: the filters of decision A8 (all, the default, is what
    /// grammars/zones-filtered.lgg derives; none, grammars/zones.lgg).
    #[arg(long, value_enum, default_value_t = FiltersArg::All)]
    pub filters: FiltersArg,
    /// The native generator of trajectories: the length condition of admissible trajectories.
    #[arg(long, value_enum, default_value_t = RuleArg::S16)]
    pub rule: RuleArg,
    /// Print at most this many of the sentences only one side has, per side.
    #[arg(long, value_name = "N", default_value_t = 5)]
    pub show: usize,
    /// Pass (exit 0) when every sentence of A is one of B's, rather than when they are equal.
    #[arg(long, conflicts_with = "superset")]
    pub subset: bool,
    /// Pass (exit 0) when every sentence of B is one of A's.
    #[arg(long)]
    pub superset: bool,
    /// Print JSON: `{a, b, check, random?, starts: [{start, passed, count_a, count_b, common,
    /// only_a, only_b, symbols_only_a?, symbols_only_b?} or {start, error}], passed}`.
    #[arg(long)]
    pub json: bool,
    /// Stop with an error past this many sentences on either side.
    #[arg(long, default_value_t = Limits::default().max_sentences)]
    pub max_sentences: usize,
    #[command(flatten)]
    pub limits: LimitArgs,
    /// Compare the random starts on this many threads at once (the output is the same as
    /// with one).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
    pub jobs: u64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Lengths {
    Shortest,
    Admissible,
}

impl CompareArgs {
    /// What a start must show to pass.
    fn check(&self) -> Check {
        if self.subset {
            Check::Subset
        } else if self.superset {
            Check::Superset
        } else {
            Check::Equal
        }
    }

    /// The API's request these flags make, the seed of `--random` drawn from the clock
    /// where `--seed` is not given.
    fn request(&self) -> Result<CompareRequest, CliError> {
        let side = |path: &Path| {
            if path == Path::new("native") {
                CompareSide::Native
            } else {
                CompareSide::Grammar(GrammarSource::File(path.to_path_buf()))
            }
        };
        let starts = match self.random {
            None => Starts::One(
                self.start
                    .clone()
                    .expect("clap requires --start without --random"),
            ),
            Some(count) => Starts::Random {
                count,
                seed: self.seed.unwrap_or_else(clock_seed),
                lengths: match self.lengths {
                    Lengths::Shortest => lingeo::api::compare::Lengths::Shortest,
                    Lengths::Admissible => lingeo::api::compare::Lengths::Admissible,
                },
            },
        };
        Ok(CompareRequest {
            a: side(&self.a),
            b: side(&self.b),
            starts,
            piece: self.piece.clone(),
            type_name: self.type_name.clone(),
            side: self.side.map(SideArg::side),
            inputs: setup::assignments(&self.set)?,
            check: self.check(),
            filters: self.filters.filters(),
            rule: match self.rule {
                RuleArg::S16 => AdmissibleRule::S16,
                RuleArg::S06 => AdmissibleRule::S06,
            },
            // An imported grammar's language keeps the default cap.
            limits: self
                .limits
                .limits(self.max_sentences, Limits::default().max_imported_sentences),
            jobs: usize::try_from(self.jobs).unwrap_or(usize::MAX),
        })
    }

    /// An error of the API's comparison, naming the flag of the request's field at fault.
    fn error(&self, e: ApiError) -> CliError {
        match e {
            ApiError::Request {
                field: Some(field),
                message,
            } => {
                let flag = match field {
                    "starts" if self.random.is_some() => "--random",
                    "starts" => "--start",
                    "piece" => "--piece",
                    "type_name" => "--type",
                    "side" => "--side",
                    "jobs" => "--jobs",
                    // The sides' errors name their files.
                    _ => return CliError(message),
                };
                CliError(format!("{flag}: {message}"))
            }
            e => setup::api_error(e),
        }
    }
}

pub fn run(args: &CompareArgs) -> Result<Report, CliError> {
    let scenario = setup::scenario(&args.board)?;
    let kernel = setup::kernel(&scenario, &[])?;
    if args.piece.is_some() || args.type_name.is_some() {
        // The flags name their errors (with the pieces there are); the API then takes the
        // piece as they give it.
        setup::choose(
            &scenario,
            args.piece.as_deref(),
            args.type_name.as_deref(),
            args.side,
        )?;
    }
    let request = args.request()?;
    let bench = Workbench::with_kernel(scenario, kernel, "");
    let bars = super::progress::Bars::new();
    let result = bench.compare(&request, &bars).map_err(|e| args.error(e))?;
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

/// A seed for --random without --seed.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
        % 1_000_000
}
