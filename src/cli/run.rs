//! `lingeo run`: derive the language of a grammar file.

use std::path::PathBuf;

use clap::Args;
use lingeo::grammar::world::World;
use lingeo::grammar::{Grammar, Limits};
use lingeo::natural::Natural;
use lingeo::play::game::Game;
use lingeo::play::states::GameStates;
use serde::Serialize;

use super::limits::LimitArgs;
use super::setup::{self, BoardArgs, Chosen, SideArg};
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

/// `--count --json`: `count` as a number (at most u64::MAX) and in exact digits; `exact` false
/// where it is an upper bound (the paths through the forest).
#[derive(Serialize)]
struct CountJson<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    grammar: Option<&'a str>,
    start: &'a str,
    count: u64,
    count_digits: String,
    exact: bool,
    paths: String,
    forest_nodes: usize,
    forest_edges: usize,
}

#[derive(Serialize)]
struct LanguageJson<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    grammar: Option<&'a str>,
    start: &'a str,
    count: usize,
    language: Vec<String>,
}

/// `trace` takes the lines of `--trace` (stderr for the binary, the case's output for `lingeo
/// test`).
pub fn run(args: &RunArgs, trace: &mut dyn FnMut(&str)) -> Result<Report, CliError> {
    let grammar = super::files::grammar(&args.grammar)
        .map_err(|e| CliError(e.render()))?
        .with_evaluator(args.limits.evaluator.into());
    let scenario = setup::scenario(&args.board)?;
    let kernel = setup::kernel(&scenario, &[])?;
    // A scenario with rules of play gives the grammar its states (START, TRANSITION, ...).
    let game = match &scenario.game {
        Some(_) => Some(Game::new(scenario.clone()).map_err(|e| CliError(setup::game_error(e)))?),
        None => None,
    };
    let states = game.as_ref().map(GameStates::new);
    let mut world = World::new(&scenario, &kernel);
    if let Some(states) = &states {
        world = world.with_states(states);
    }
    let mut given = Vec::new();
    for s in &args.set {
        let (name, value) = s
            .split_once('=')
            .ok_or_else(|| CliError(format!("--set {s}: expected NAME=VALUE")))?;
        given.push((name.trim().to_string(), value.trim().to_string()));
    }
    let given_piece = args.piece.is_some() || args.type_name.is_some();
    if !given_piece && args.side.is_some() {
        return Err(CliError("--side goes with --type (or --piece)".into()));
    }
    // A placed piece by its name; a type by its name and a side (which makes the world take
    // the type even where a placed piece has the same name).
    let piece = if given_piece {
        Some(
            match setup::choose(
                &scenario,
                args.piece.as_deref(),
                args.type_name.as_deref(),
                args.side,
            )? {
                Chosen::Placed(p) => (p.name.as_str(), None),
                Chosen::Type { index, side } => (scenario.types[index].name.as_str(), Some(side)),
            },
        )
    } else {
        None
    };
    let inputs = grammar
        .bind_inputs(&mut world, &given, piece)
        .map_err(CliError)?;
    if given_piece
        && !grammar
            .inputs()
            .iter()
            .any(|(_, t)| *t == lingeo::grammar::types::Type::Piece)
    {
        return Err(CliError(format!(
            "--{}: `{}` has no piece input",
            if args.piece.is_some() {
                "piece"
            } else {
                "type"
            },
            grammar.name()
        )));
    }
    let start = grammar
        .parse_start(&mut world, &args.start)
        .map_err(CliError)?;
    let limits = args.limits.limits(args.max_sentences, args.max_sentences);
    if args.count {
        return count(args, &grammar, &world, &inputs, &start, limits);
    }
    let mut trace_sink = |line: &str| trace(line);
    let trace: Option<&mut dyn lingeo::grammar::Tracer> = if args.trace {
        Some(&mut trace_sink)
    } else {
        None
    };
    let language = grammar
        .derive(&world, &inputs, &start, limits, trace)
        .map_err(|e| CliError(e.render()))?;
    if super::files::keeping() {
        pictures(&grammar, &world, &scenario, &language)?;
    }
    if args.json {
        let strings: Vec<String> = language
            .sentences
            .iter()
            .map(|s| grammar.show_sentence(&world, s))
            .collect();
        return super::json::to_string(&LanguageJson {
            grammar: (!args.no_source).then(|| grammar.name()),
            start: args.start.trim(),
            count: strings.len(),
            language: strings,
        })
        .map(Report::from);
    }
    let source = if args.no_source {
        String::new()
    } else {
        format!("{} from ", grammar.name())
    };
    let mut out = format!(
        "{source}{}: {}\n",
        args.start.trim(),
        lingeo::render::counted(language.sentences.len() as u128, "sentence", "sentences")
    );
    grammar.write_sentences(&world, &language.sentences, &mut out);
    Ok(out.into())
}

/// `--count`: the sentences counted on the forest (docs/semantics.md §6.11).
fn count(
    args: &RunArgs,
    grammar: &Grammar,
    world: &World,
    inputs: &[lingeo::grammar::value::Value],
    start: &[lingeo::grammar::value::Value],
    limits: Limits,
) -> Result<Report, CliError> {
    let forest = grammar
        .forest(world, inputs, start, limits)
        .map_err(|e| CliError(e.render()))?;
    // Where the forest may repeat a sentence, listing removes the repeats up to the cap.
    let counted = forest.count(args.max_sentences);
    let paths = forest.paths();
    let number = counted.value();
    let text = if args.json {
        super::json::to_string(&CountJson {
            grammar: (!args.no_source).then(|| grammar.name()),
            start: args.start.trim(),
            count: number
                .to_u128()
                .and_then(|n| u64::try_from(n).ok())
                .unwrap_or(u64::MAX),
            count_digits: number.to_string(),
            exact: counted.is_exact(),
            paths: paths.to_string(),
            forest_nodes: forest.nodes(),
            forest_edges: forest.edges(),
        })?
    } else {
        let source = if args.no_source {
            String::new()
        } else {
            format!("{} from ", grammar.name())
        };
        let plural = if *number == Natural::one() {
            "sentence"
        } else {
            "sentences"
        };
        let how = if counted.is_exact() { "" } else { "at most " };
        format!(
            "{source}{}: {how}{number} {plural} ({} through a forest of {} and {})\n",
            args.start.trim(),
            plural_of(&paths, "path", "paths"),
            lingeo::render::counted(forest.nodes() as u128, "node", "nodes"),
            lingeo::render::counted(forest.edges() as u128, "edge", "edges"),
        )
    };
    if counted.is_exact() {
        return Ok(text.into());
    }
    Ok(Report::gave_up(
        text,
        format!(
            "the count is an upper bound: the forest may derive a sentence more than once, and listing its {paths} paths to remove repeats passes --max-sentences {}",
            args.max_sentences
        ),
    ))
}

/// `1 path`, `12 paths`, in exact digits.
fn plural_of(n: &Natural, one: &str, many: &str) -> String {
    format!("{n} {}", if *n == Natural::one() { one } else { many })
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
