//! The endpoints (docs/serve.md). Each command endpoint turns its body into a command line
//! (`request.rs`), runs it in memory under the time cap (`jobs.rs`) and answers
//! `{"cli": the CLI's --json output, "svg": the picture of --svg or null, ...}`; a command that
//! fails answers 422 with what the CLI prints on stderr. The CLI's JSON goes into the answer as
//! the text it printed (never parsed into a tree of values), and the pictures are moved into
//! it, so that an answer near the cap is held about twice, not ten times.

use axum::Json;
use axum::extract::State;
use axum::extract::rejection::JsonRejection;
use axum::http::StatusCode;
use serde::Serialize;
use serde_json::value::RawValue;
use serde_json::{Map, Value, json};

use super::Config;
use super::error::ApiError;
use super::request::{self, GRAMMAR, PICTURE, Place, SCENARIO, Spec, Text};
use super::{diagnostics, examples, jobs, trace};
use crate::cli::{CliError, InMemory};

type Body = Result<Json<Value>, JsonRejection>;
type Answer = Result<Json<CommandAnswer>, ApiError>;

/// The answer of a command endpoint: `cli`, the CLI's JSON as it printed it, and the rest.
#[derive(Serialize)]
pub struct CommandAnswer {
    cli: Box<RawValue>,
    #[serde(flatten)]
    rest: Map<String, Value>,
}

fn answer(cli: Box<RawValue>, rest: Value) -> Json<CommandAnswer> {
    let Value::Object(rest) = rest else {
        unreachable!("the rest of an answer is an object")
    };
    Json(CommandAnswer { cli, rest })
}

const RUN: Spec = Spec {
    command: "run",
    texts: &[GRAMMAR, SCENARIO],
    options: &[
        "piece",
        "type",
        "side",
        "set",
        "start",
        "trace",
        "no_source",
        "max_sentences",
        "max_steps",
        "max_depth",
        "max_length",
        "max_set_size",
        "max_iterations",
    ],
    json: true,
    svg: false,
    no_svg_with: &[],
    svg_engines: &[],
    memory: true,
};

/// A grammar given as the value of `--grammar` (zones, search).
const OWN_GRAMMAR: Text = Text {
    key: "grammar",
    required: false,
    extension: "lgg",
    place: Place::Option("grammar"),
};

/// Learned rules given as the value of `--rules` (search with `eval: "learned"`).
const RULES: Text = Text {
    key: "rules",
    required: false,
    extension: "rules",
    place: Place::Option("rules"),
};

/// A Chessmaps network given as the value of `--network` (search with `ordering: "chessmaps"`).
const NETWORK: Text = Text {
    key: "network",
    required: false,
    extension: "weights",
    place: Place::Option("network"),
};

const SCENARIO_FILE: Text = Text {
    required: true,
    ..SCENARIO
};

const ZONES: Spec = Spec {
    command: "zones",
    texts: &[SCENARIO_FILE, OWN_GRAMMAR],
    options: &[
        "piece",
        "to",
        "horizon",
        "all_attacks",
        "filters",
        "engine",
        "all_zones",
        "no_source",
        "max_zones",
        "max_steps",
        "max_depth",
        "max_length",
        "max_set_size",
        "max_iterations",
    ],
    json: true,
    svg: true,
    no_svg_with: &[],
    svg_engines: &[],
    memory: true,
};

const TRAJECTORIES: Spec = Spec {
    command: "trajectories",
    texts: &[SCENARIO],
    options: &[
        "board", "removed", "piece", "type", "side", "attack", "from", "to", "length", "rule",
        "simple", "limit", "count",
    ],
    json: true,
    svg: true,
    no_svg_with: &["count"],
    svg_engines: &[],
    memory: false,
};

const MAP: Spec = Spec {
    command: "map",
    texts: &[SCENARIO],
    options: &[
        "board", "removed", "piece", "type", "side", "attack", "from", "reverse",
    ],
    json: true,
    svg: true,
    no_svg_with: &[],
    svg_engines: &[],
    memory: false,
};

const SEARCH: Spec = Spec {
    command: "search",
    texts: &[SCENARIO_FILE, OWN_GRAMMAR, RULES, NETWORK],
    options: &[
        "engine",
        "eval",
        "depth",
        "solve",
        "ordering",
        "max_nodes",
        "time",
        "moves",
        "horizon",
        "tree",
        "full_tree",
        "leaf",
        "zones",
        "domination",
        "max_zones",
        "max_steps",
        "max_depth",
        "max_length",
        "max_set_size",
        "max_iterations",
    ],
    json: true,
    svg: true,
    no_svg_with: &[],
    svg_engines: &["lg", "lg-grammar"],
    memory: true,
};

const PLAY: Spec = Spec {
    command: "play",
    texts: &[SCENARIO_FILE],
    options: &["moves"],
    json: true,
    svg: false,
    no_svg_with: &[],
    svg_engines: &[],
    memory: false,
};

/// `play`: the positions along a line of moves (the CLI's JSON), and the last one drawn
/// (`svg`): the position of a node of the search tree.
pub async fn play(State(config): State<Config>, body: Body) -> Answer {
    let (cli, mut done) = command(config, &PLAY, body).await?;
    let svg = take(&mut done, "position.svg");
    Ok(answer(cli, json!({"svg": svg})))
}

pub async fn examples() -> Json<Value> {
    Json(examples::all())
}

/// Runs the command of `spec` on the body; `cli` is the command's JSON, `svg` its picture.
/// The engines are given the server's memory budget as their `--max-memory`, and the answer
/// (the JSON, the pictures and the trace) must fit the server's cap on answers.
async fn command(
    config: Config,
    spec: &Spec,
    body: Body,
) -> Result<(Box<RawValue>, InMemory), ApiError> {
    let Json(body) = body?;
    let body = request::object(body)?;
    let mut line = request::command_line(spec, &body)?;
    if spec.memory {
        line.args.push(format!(
            "--max-memory={}",
            (config.jobs.max_memory >> 20).max(1)
        ));
    }
    let mut done = jobs::command(&config.jobs, line.args, line.texts).await?;
    let report = std::mem::replace(&mut done.result, Ok(String::new().into()));
    let mut text = report.map_err(failed)?.text;
    let size = text.len()
        + done.pictures.iter().map(|(_, p)| p.len()).sum::<usize>()
        + done.trace.iter().map(String::len).sum::<usize>();
    if size > config.jobs.max_answer {
        return Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            format!(
                "the answer would be larger than the server's cap of {} MB: it takes {} MB; \
                 narrow the request (a smaller board, a shorter horizon, fewer zones or \
                 trajectories), or raise the cap (lingeo serve --max-answer-mb)",
                config.jobs.max_answer.div_ceil(1_000_000),
                size.div_ceil(1_000_000)
            ),
        ));
    }
    text.truncate(text.trim_end().len());
    let cli = RawValue::from_string(text).map_err(|e| {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("the command printed no JSON: {e}"),
        )
    })?;
    Ok((cli, done))
}

/// A command's failure: what the CLI prints on stderr, 422.
fn failed(e: CliError) -> ApiError {
    ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, e.stderr())
}

/// The picture the command drew into the file `name` (moved out), or null.
fn take(done: &mut InMemory, name: &str) -> Value {
    done.pictures
        .iter_mut()
        .find(|(p, _)| p.as_os_str() == name)
        .map_or(Value::Null, |(_, svg)| Value::String(std::mem::take(svg)))
}

async fn drawn(config: Config, spec: &Spec, body: Body) -> Answer {
    let (cli, mut done) = command(config, spec, body).await?;
    Ok(answer(cli, json!({"svg": take(&mut done, PICTURE)})))
}

/// `zones`: with `all_zones`, also each zone drawn with its times (`pictures`, in the order of
/// the first listed attack's `zones`, at most 500) and their bundle view (`bundle`).
pub async fn zones(State(config): State<Config>, body: Body) -> Answer {
    let (cli, mut done) = command(config, &ZONES, body).await?;
    let bundle = take(&mut done, "bundle.svg");
    let svg = take(&mut done, PICTURE);
    Ok(answer(
        cli,
        json!({
            "svg": svg,
            "pictures": numbered(done, "zone-"),
            "bundle": bundle,
        }),
    ))
}

/// The pictures `PREFIX-N.svg` the command kept, in the order of N.
fn numbered(done: InMemory, prefix: &str) -> Value {
    let mut pictures: Vec<(usize, String)> = done
        .pictures
        .into_iter()
        .filter_map(|(p, svg)| {
            let n = p.to_str()?.strip_prefix(prefix)?.strip_suffix(".svg")?;
            Some((n.parse().ok()?, svg))
        })
        .collect();
    pictures.sort_by_key(|(n, _)| *n);
    pictures
        .into_iter()
        .map(|(_, svg)| Value::String(svg))
        .collect()
}

pub async fn trajectories(State(config): State<Config>, body: Body) -> Answer {
    drawn(config, &TRAJECTORIES, body).await
}

pub async fn map(State(config): State<Config>, body: Body) -> Answer {
    drawn(config, &MAP, body).await
}

pub async fn search(State(config): State<Config>, body: Body) -> Answer {
    drawn(config, &SEARCH, body).await
}

/// `run`: the language, each sentence drawn on the board where the language is one of
/// trajectories or zones (`pictures`, in the order of `cli.language`), and with `trace` the
/// derivation as `trace.lines` (what `--trace` prints) and `trace.steps`.
pub async fn run(State(config): State<Config>, body: Body) -> Answer {
    let (cli, mut done) = command(config, &RUN, body).await?;
    let mut rest = Map::new();
    let lines = std::mem::take(&mut done.trace);
    let cut = done.trace_cut;
    rest.insert("pictures".into(), numbered(done, "sentence-"));
    if !lines.is_empty() {
        rest.insert(
            "trace".into(),
            json!({
                "cut": cut,
                "steps": trace::steps(&lines),
            }),
        );
    }
    Ok(answer(cli, Value::Object(rest)))
}

/// `check`: the CLI's `check` of the texts given (`output`: what it prints, on stdout or
/// stderr), and each diagnostic at its line and column.
pub async fn check(State(config): State<Config>, body: Body) -> Result<Json<Value>, ApiError> {
    let Json(body) = body?;
    let body = request::object(body)?;
    let mut files = Vec::new();
    for key in body.keys() {
        if !["scenario", "scenario_name", "grammar", "grammar_name"].contains(&key.as_str()) {
            return Err(ApiError::bad_request(format!(
                "unknown field `{key}`; check takes scenario, scenario_name, grammar, grammar_name"
            )));
        }
    }
    for text in [SCENARIO, GRAMMAR] {
        match body.get(text.key) {
            None | Some(Value::Null) => {}
            Some(Value::String(source)) => {
                files.push((request::name(&body, &text)?, source.clone(), text.extension))
            }
            Some(_) => {
                return Err(ApiError::bad_request(format!(
                    "`{}` must be the text of a .{} file, or null",
                    text.key, text.extension
                )));
            }
        }
    }
    if files.is_empty() {
        return Err(ApiError::bad_request(
            "give `scenario` or `grammar` (or both)",
        ));
    }
    let max_answer = config.jobs.max_answer;
    let answer = jobs::blocking(&config.jobs, move || {
        let diagnostics: Vec<Value> = files
            .iter()
            .flat_map(|(name, source, kind)| diagnostics::of(name, source, kind))
            .collect();
        let args: Vec<String> = std::iter::once("check".to_string())
            .chain(files.iter().map(|(name, _, _)| name.clone()))
            .collect();
        let texts = files
            .into_iter()
            .map(|(name, source, _)| (name.into(), source))
            .collect();
        let done = crate::cli::run_in_memory(&args, texts, 0, max_answer);
        let (ok, output) = match done.result {
            Ok(report) => (true, report.text),
            Err(e) => (false, e.stderr()),
        };
        json!({"ok": ok, "output": output, "diagnostics": diagnostics})
    })
    .await?;
    Ok(Json(answer))
}

/// `board`: the scenario's board drawn by the project's renderer (the board alone, with its
/// pieces), its points in enumeration order, and its pieces.
pub async fn board(State(config): State<Config>, body: Body) -> Result<Json<Value>, ApiError> {
    let Json(body) = body?;
    let body = request::object(body)?;
    let text = SCENARIO_FILE;
    let Some(Value::String(source)) = body.get(text.key).cloned() else {
        return Err(ApiError::bad_request(
            "`scenario` (the scenario text) is required",
        ));
    };
    let name = request::name(&body, &text)?;
    let max_answer = config.jobs.max_answer;
    jobs::blocking(&config.jobs, move || {
        let scenario = lingeo::scenario::Scenario::parse(&name, &source)
            .map_err(|e| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, e.render()))?;
        let board = &scenario.board;
        // The answer grows with the board (each point drawn and named): refused before it is
        // drawn when the board alone would pass the cap.
        let estimate = board
            .len()
            .saturating_mul(crate::cli::PICTURE_BYTES_PER_POINT + 8);
        if estimate > max_answer {
            return Err(ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                format!(
                    "the answer would be larger than the server's cap of {} MB: the board ({}, \
                     {} points) drawn and named takes about {} MB; ask on a smaller board, or \
                     raise the cap (lingeo serve --max-answer-mb)",
                    max_answer.div_ceil(1_000_000),
                    board.describe(),
                    board.len(),
                    estimate.div_ceil(1_000_000)
                ),
            ));
        }
        let points: Vec<lingeo::board::PointName> = board.points().map(|p| board.name(p)).collect();
        let pieces: Vec<Value> = scenario
            .pieces
            .iter()
            .map(|p| {
                json!({
                    "name": p.name,
                    "side": p.side.to_string(),
                    "type": scenario.types[p.type_index].name,
                    "at": board.name(p.at),
                })
            })
            .collect();
        let svg = lingeo::svg::zone_bundle(&scenario, &Default::default(), &name);
        Ok(Json(json!({
            "board": board.describe(),
            "points": points,
            "pieces": pieces,
            // Whether the scenario has rules of play: the page's search needs them.
            "game": scenario.game.is_some(),
            "svg": svg,
        })))
    })
    .await?
}
