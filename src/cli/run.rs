//! `lingeo run`: derive the language of a grammar file.

use std::path::PathBuf;

use clap::Args;
use lingeo::api::{ApiError, CountResult, RunRequest, Workbench};
use lingeo::grammar::Limits;
use lingeo::natural::Natural;

use super::limits::LimitArgs;
use super::setup::{self, BoardArgs, SideArg};
use super::{CliError, Report};

#[derive(Args, Debug)]
pub struct RunArgs {
    /// The grammar file (`.lgg`).
    pub grammar: PathBuf,
    #[command(flatten)]
    pub board: BoardArgs,
    /// The grammar's piece input: a placed piece, by name (where no placed piece has the name,
    /// a piece type of that name).
    #[arg(long, value_name = "NAME", conflicts_with = "type_name")]
    pub piece: Option<String>,
    /// The grammar's piece input as a piece type (king, ..., or a type of the scenario), even
    /// where a placed piece has the same name.
    #[arg(long = "type", value_name = "NAME")]
    pub type_name: Option<String>,
    /// The side of a piece type (default white).
    #[arg(long, value_enum)]
    pub side: Option<SideArg>,
    /// Another input: `--set name=value` (repeatable).
    #[arg(long = "set", value_name = "NAME=VALUE")]
    pub set: Vec<String>,
    /// The start string, e.g. `S(h8, c6, 6)`.
    #[arg(long)]
    pub start: String,
    /// Print JSON: `{grammar, start, count, language}`, the sentences as strings (the empty
    /// one as "e").
    #[arg(long)]
    pub json: bool,
    /// Leave the grammar's name out (of the first line, and of the JSON), so that the outputs
    /// of two grammars can be compared: an agreement case of `lingeo test`.
    #[arg(long)]
    pub no_source: bool,
    /// Print the derivation step by step (to stderr).
    #[arg(long)]
    pub trace: bool,
    /// Count the sentences on the tabled derivation (a shared forest) without listing them,
    /// in exact digits: --max-sentences does not apply, --max-steps and --max-memory do. Where
    /// the forest may derive a sentence more than once and has too many derivations to list,
    /// the count is an upper bound, said so, with exit code 2.
    #[arg(long, conflicts_with = "trace")]
    pub count: bool,
    /// Stop with an error past this many sentences (of the language, and of each language of
    /// an imported grammar).
    #[arg(long, default_value_t = Limits::default().max_sentences)]
    pub max_sentences: usize,
    #[command(flatten)]
    pub limits: LimitArgs,
}

/// `trace` takes the lines of `--trace` (stderr for the binary, the case's output for `lingeo
/// test`).
pub fn run(args: &RunArgs, trace: &mut dyn FnMut(&str)) -> Result<Report, CliError> {
    let grammar = super::files::grammar(&args.grammar).map_err(|e| CliError(e.render()))?;
    let scenario = setup::scenario(&args.board)?;
    let kernel = setup::kernel(&scenario, &[])?;
    let inputs = setup::assignments(&args.set)?;
    let given_piece = args.piece.is_some() || args.type_name.is_some();
    if !given_piece && args.side.is_some() {
        return Err(CliError("--side goes with --type (or --piece)".into()));
    }
    if given_piece {
        // The flags name their errors; the API then takes the piece as they give it.
        setup::choose(
            &scenario,
            args.piece.as_deref(),
            args.type_name.as_deref(),
            args.side,
        )?;
    }
    let request = RunRequest {
        start: args.start.clone(),
        piece: args.piece.clone(),
        type_name: args.type_name.clone(),
        side: args.side.map(SideArg::side),
        inputs,
        limits: args.limits.limits(args.max_sentences, args.max_sentences),
        no_source: args.no_source,
    };
    let bench = Workbench::with_kernel(scenario, kernel, "");
    let error = |e: ApiError| match e {
        ApiError::Request {
            field: Some(field @ ("piece" | "type_name")),
            message,
        } => CliError(format!(
            "--{}: {message}",
            if field == "piece" { "piece" } else { "type" }
        )),
        // The scenario is the command's, and its errors name no file.
        ApiError::Game { message, .. } => CliError(message),
        e => setup::api_error(e),
    };
    if args.count {
        return count(args, bench.count(&grammar, &request).map_err(error)?);
    }
    // The events as `--trace` prints them.
    let mut trace_sink = |event: &lingeo::grammar::TraceEvent| trace(&event.to_string());
    let trace: Option<&mut dyn lingeo::grammar::Tracer> = if args.trace {
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
fn count(args: &RunArgs, counted: CountResult) -> Result<Report, CliError> {
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
            counted.paths, args.max_sentences
        ),
    ))
}

/// `1 path`, `12 paths`, in exact digits.
fn plural_of(n: &Natural, one: &str, many: &str) -> String {
    format!("{n} {}", if *n == Natural::one() { one } else { many })
}
