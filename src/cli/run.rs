//! `lingeo run`: derive the language of a grammar file.

use std::path::PathBuf;

use clap::Args;
use lingeo::api::{ApiError, RunRequest, Workbench};
use lingeo::grammar::world::World;
use lingeo::grammar::{Grammar, Limits};
use lingeo::play::states::GameStates;

use super::CliError;
use super::limits::LimitArgs;
use super::setup::{self, BoardArgs, SideArg};

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
    /// Stop with an error past this many sentences (of the language, and of each language of
    /// an imported grammar).
    #[arg(long, default_value_t = Limits::default().max_sentences)]
    pub max_sentences: usize,
    #[command(flatten)]
    pub limits: LimitArgs,
}

/// `trace` takes the lines of `--trace` (stderr for the binary, the case's output for `lingeo
/// test`).
pub fn run(args: &RunArgs, trace: &mut dyn FnMut(&str)) -> Result<String, CliError> {
    let grammar = super::files::grammar(&args.grammar).map_err(|e| CliError(e.render()))?;
    let scenario = setup::scenario(&args.board)?;
    let kernel = setup::kernel(&scenario, &[])?;
    let bench = Workbench::with_kernel(scenario, kernel, "");
    // A scenario with rules of play must be playable (the grammar gets its states): its error
    // comes first, as the flags' below.
    if bench.scenario().game.is_some() {
        bench.game().map_err(game_error)?;
    }
    let mut inputs = Vec::new();
    for s in &args.set {
        let (name, value) = s
            .split_once('=')
            .ok_or_else(|| CliError(format!("--set {s}: expected NAME=VALUE")))?;
        inputs.push((name.trim().to_string(), value.trim().to_string()));
    }
    let given_piece = args.piece.is_some() || args.type_name.is_some();
    if !given_piece && args.side.is_some() {
        return Err(CliError("--side goes with --type (or --piece)".into()));
    }
    // The flags' errors name them; the API then takes the piece as the flags gave it.
    if given_piece {
        setup::choose(
            bench.scenario(),
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
        evaluator: args.limits.evaluator.into(),
        no_source: args.no_source,
    };
    let mut trace_sink = |line: &str| trace(line);
    let trace: Option<&mut dyn lingeo::grammar::Tracer> = if args.trace {
        Some(&mut trace_sink)
    } else {
        None
    };
    let language = bench.run(&grammar, &request, trace).map_err(|e| match e {
        ApiError::Request {
            field: Some(field @ ("piece" | "type_name")),
            message,
        } => CliError(format!(
            "--{}: {message}",
            if field == "piece" { "piece" } else { "type" }
        )),
        e => game_error(e),
    })?;
    if super::files::keeping() {
        let grammar = grammar.with_evaluator(request.evaluator);
        let game = match &bench.scenario().game {
            Some(_) => Some(bench.game().map_err(game_error)?),
            None => None,
        };
        let states = game.as_ref().map(GameStates::new);
        let mut world = World::new(bench.scenario(), bench.kernel());
        if let Some(states) = &states {
            world = world.with_states(states);
        }
        pictures(&grammar, &world, bench.scenario(), &language.derived)?;
    }
    if args.json {
        return super::json::to_string(&language);
    }
    let source = if args.no_source {
        String::new()
    } else {
        format!("{} from ", grammar.name())
    };
    let mut out = format!(
        "{source}{}: {}\n",
        args.start.trim(),
        lingeo::render::counted(language.count as u128, "sentence", "sentences")
    );
    out.push_str(&language.text);
    Ok(out)
}

/// An error of the API as `run` reports it: a scenario that cannot be played without its
/// file's name (the grammar's run is about the grammar).
fn game_error(e: ApiError) -> CliError {
    match e {
        ApiError::Game { message, .. } => CliError(message),
        e => setup::api_error(e),
    }
}

/// The most sentences [`pictures`] draws.
const MAX_PICTURES: usize = 500;

/// For `lingeo serve`: each sentence drawn on the board (by the renderers of `--svg`), when the
/// language is one of trajectories (`a(point)` symbols) or of zones (the shape of
/// grammars/zones.lgg), kept as `sentence-N.svg`.
fn pictures(
    grammar: &Grammar,
    world: &World,
    scenario: &lingeo::scenario::Scenario,
    language: &lingeo::grammar::Language,
) -> Result<(), CliError> {
    let count = language.sentences.len().min(MAX_PICTURES);
    if let Some(trajectories) = language.trajectories() {
        for (i, t) in trajectories.iter().take(count).enumerate() {
            let title = grammar.show_sentence(world, &language.sentences[i]);
            super::files::picture_of(&scenario.board)?;
            let svg = lingeo::svg::bundle(&scenario.board, std::slice::from_ref(t), &title);
            super::files::keep(&format!("sentence-{i}.svg"), svg)?;
        }
    } else if super::zones::zone_grammar_problems(grammar).is_empty() {
        for (i, s) in language.sentences.iter().take(count).enumerate() {
            let zone = lingeo::zone::zone_of_sentence(s);
            super::files::picture_of(&scenario.board)?;
            let svg = lingeo::svg::zone(scenario, &zone, &format!("Zone {}", i + 1));
            super::files::keep(&format!("sentence-{i}.svg"), svg)?;
        }
    }
    Ok(())
}
