//! `lingeo run`: derive the language of a grammar file.

use std::path::PathBuf;

use clap::Args;
use lingeo::api::{ApiError, CountResult, RunRequest, Workbench};
use lingeo::natural::Natural;

use super::schema_args::{Flags, Options};
use super::setup::{self, BoardArgs, PieceArgs};
use super::{CliError, Report};

#[derive(Args, Debug)]
pub struct RunArgs {
    /// The grammar file (`.lgg`).
    pub grammar: PathBuf,
    #[command(flatten)]
    pub board: BoardArgs,
    /// Another input: `--set name=value` (repeatable).
    #[arg(long = "set", value_name = "NAME=VALUE")]
    pub set: Vec<String>,
    /// Print JSON: `{grammar, start, count, language}`, the sentences as strings (the empty
    /// one as "e").
    #[arg(long)]
    pub json: bool,
    /// The run's options: the fields of `lingeo::api::RunRequest`, one flag each.
    #[command(flatten)]
    pub options: Options<RunRequest>,
}

/// What `lingeo run` spells its own way: the request's fields are its flags.
impl Flags for RunRequest {
    const REQUIRED: &'static [&'static str] = &["start"];
    const VALUE_NAMES: &'static [(&'static str, &'static str)] = &[
        ("piece", "NAME"),
        ("type", "NAME"),
        ("max_memory", "MIB"),
        ("time", "SECONDS"),
    ];
}

/// `trace` takes the lines of `--trace` (stderr for the binary, the case's output for `lingeo
/// test`).
pub fn run(args: &RunArgs, trace: &mut dyn FnMut(&str)) -> Result<Report, CliError> {
    let mut request = args.options.request()?;
    request.inputs = setup::assignments(&args.set)?;
    let grammar = super::files::grammar(&args.grammar).map_err(|e| CliError(e.render()))?;
    let scenario = setup::scenario(&args.board)?;
    let kernel = setup::kernel(&scenario, &[])?;
    if request.piece.is_some() || request.type_name.is_some() {
        // The flags name their errors; the API then takes the piece as they give it.
        let piece = PieceArgs::of(
            request.piece.as_deref(),
            request.type_name.as_deref(),
            request.side,
            false,
        );
        setup::choose(
            &scenario,
            piece.piece.as_deref(),
            piece.type_name.as_deref(),
            piece.side,
        )?;
    }
    let bench = Workbench::with_kernel(scenario, kernel, "");
    let error = |e: ApiError| match e {
        ApiError::Request {
            field: Some(field @ ("piece" | "type_name" | "type")),
            message,
        } => CliError(format!(
            "--{}: {message}",
            if field == "piece" { "piece" } else { "type" }
        )),
        // The scenario is the command's, and its errors name no file.
        ApiError::Game { message, .. } => CliError(message),
        e => setup::api_error(e),
    };
    if request.count {
        return count(
            args,
            &request,
            bench.count(&grammar, &request).map_err(error)?,
        );
    }
    // The events as `--trace` prints them.
    let mut trace_sink = |event: &lingeo::grammar::TraceEvent| trace(&event.to_string());
    let trace: Option<&mut dyn lingeo::grammar::Tracer> = if request.trace {
        Some(&mut trace_sink)
    } else {
        None
    };
    let language = bench.run(&grammar, &request, trace).map_err(error)?;
    if args.json {
        return super::json::to_string(&language).map(Report::from);
    }
    let source = match &language.grammar {
        Some(name) => format!("{name} from "),
        None => String::new(),
    };
    // The listing's text is held against the memory limit as it grows (the language's text,
    // held as it was built, is copied into it).
    let mut out = lingeo::budget::Text::new("the sentences printed");
    out.push_str(&format!(
        "{source}{}: {}\n",
        language.start,
        lingeo::render::counted(language.count as u128, "sentence", "sentences"),
    ));
    out.push_str(&language.text);
    Ok(out.finish().map_err(setup::exceeded)?.into())
}

/// `--count`: the sentences counted on the forest (docs/semantics.md §6.11).
fn count(args: &RunArgs, request: &RunRequest, counted: CountResult) -> Result<Report, CliError> {
    let text = if args.json {
        super::json::to_string(&counted)?
    } else {
        let source = match &counted.grammar {
            Some(name) => format!("{name} from "),
            None => String::new(),
        };
        let number = &counted.number;
        let plural = if *number == Natural::one() {
            "sentence"
        } else {
            "sentences"
        };
        let how = if counted.exact { "" } else { "at most " };
        format!(
            "{source}{}: {how}{number} {plural} ({} through a forest of {} and {})\n",
            counted.start,
            plural_of(&counted.path_count, "path", "paths"),
            lingeo::render::counted(counted.forest_nodes as u128, "node", "nodes"),
            lingeo::render::counted(counted.forest_edges as u128, "edge", "edges"),
        )
    };
    if counted.exact {
        return Ok(text.into());
    }
    Ok(Report::gave_up(
        text,
        format!(
            "the count is an upper bound: the forest may derive a sentence more than once, and listing its {} paths to remove repeats passes --max-sentences {}",
            counted.paths, request.max_sentences
        ),
    ))
}

/// `1 path`, `12 paths`, in exact digits.
fn plural_of(n: &Natural, one: &str, many: &str) -> String {
    format!("{n} {}", if *n == Natural::one() { one } else { many })
}
