//! The endpoints (docs/serve.md). Each command endpoint reads its body into the API's typed
//! request (`request.rs`), calls `lingeo::api` on the blocking pool under the time cap and the
//! memory budget (`jobs.rs`), and answers `{"cli": the result, "svg": a picture or null, ...}`:
//! `cli` is the API's result serialised, the very serde types `lingeo COMMAND --json` prints,
//! so the JSON is the CLI's by construction. Pictures are drawn by the library's renderers
//! within the answer's budget (`answer.rs`). An error of the API answers with the status of its
//! kind (`status_of`: 422 a bad request, 500 a failed computation, 413 or 503 a stopped one); no command line is built, no output parsed, no file read.

use std::path::Path;
use std::sync::Arc;

use axum::Json;
use axum::extract::State;
use axum::extract::rejection::JsonRejection;
use axum::http::StatusCode;
use lingeo::api::compare::{CompareInputs, CompareRequest, CompareSide, GrammarSource};
use lingeo::api::workbench::empty_scenario;
use lingeo::api::zones::Attack;
use lingeo::api::{
    MapRequest, PairsRequest, PatternsRequest, PlayRequest, Request, RunRequest, SearchInputs,
    SearchRequest, TrajectoriesRequest, TranslateRequest, Workbench, ZonesRequest,
};
use lingeo::grammar::Grammar;
use lingeo::kernel::Direction;
use serde::Serialize;
use serde_json::value::RawValue;
use serde_json::{Map, Value, json};

use super::Config;
use super::answer::{Budget, PICTURE_BYTES_PER_POINT};
use super::error::HttpError;
use super::request::{
    self, COMPARE_A, COMPARE_B, Fields, GRAMMAR, NETWORK, OWN_GRAMMAR, RULES, SCENARIO,
    SCENARIO_FILE, Text,
};
use super::{examples, jobs, trace};

type Body = Result<Json<Value>, JsonRejection>;
type Answer = Result<Json<CommandAnswer>, HttpError>;

/// The answer of a command endpoint: `cli`, the API's result as the CLI's `--json` prints it,
/// and the rest (pictures, a trace).
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

/// An error of the API, in the words the CLI prints on stderr, with the status of its kind: a
/// request that does not fit the scenario or itself 422, a computation that failed 500, one
/// that stopped at a cap of size (memory, positions, zones, steps, the answer's cap) 413 and
/// at its time limit (or was stopped) 503 without `Retry-After`. Not 408: Chromium sends a
/// request again when a reused connection answers 408, and would run the computation twice.
fn failed(e: lingeo::api::ApiError) -> HttpError {
    let status = status_of(&e);
    // The library's cap on a result's text is the server's on an answer (`compute`).
    if let lingeo::api::ApiError::TooLarge {
        cap: lingeo::api::Cap::Output,
        reason,
        ..
    } = &e
    {
        return HttpError::new(
            status,
            format!(
                "the answer would be larger than the server's cap: {reason} (lingeo serve \
                 --max-answer-mb raises the cap)"
            ),
        );
    }
    // The request's field that raises the cap that stopped the work, for the page.
    let cap = match &e {
        lingeo::api::ApiError::TooLarge { cap, .. } => match cap {
            lingeo::api::Cap::Zones => Some("max_zones"),
            lingeo::api::Cap::Steps => Some("max_steps"),
            lingeo::api::Cap::Trajectories => Some("limit"),
            lingeo::api::Cap::Sentences => Some("max_sentences"),
            _ => None,
        },
        _ => None,
    };
    let mut error = HttpError::unprocessable(e.to_string()).with_cap(cap);
    error.status = status;
    error
}

/// The HTTP status of an error of the API, by its kind (docs/serve.md, "Errors").
pub fn status_of(e: &lingeo::api::ApiError) -> StatusCode {
    use lingeo::api::ErrorKind;
    match e.kind() {
        ErrorKind::BadRequest => StatusCode::UNPROCESSABLE_ENTITY,
        ErrorKind::Failed => StatusCode::INTERNAL_SERVER_ERROR,
        ErrorKind::Stopped if e.stopped_by_time() => StatusCode::SERVICE_UNAVAILABLE,
        ErrorKind::Stopped => StatusCode::PAYLOAD_TOO_LARGE,
    }
}

/// The most pictures of sentences or zones an answer carries.
const MAX_PICTURES: usize = 500;

/// The most trajectories `trajectories` lists (`limit`; 400 past it): a million trajectories
/// of ten points are some 80 MB of JSON, past the answer's default cap of 64 MB, and every
/// one is held while the answer is built; more are for the count (`count`) or the CLI.
pub const MAX_TRAJECTORIES: usize = 1_000_000;

/// The server's memory budget as every computation's memory limit (a grammar's or a search's
/// `max_memory` too): whole MiB, at least one (as `--max-memory` takes it).
fn memory_limit(config: &Config) -> usize {
    (config.jobs.max_memory >> 20).max(1) << 20
}

/// A grammar text: its imports are of the shipped grammars only (no file is read).
fn grammar(text: &request::Named) -> Result<Grammar, lingeo::api::ApiError> {
    Ok(Grammar::parse_without_files(&text.name, &text.source)?)
}

/// The workbench of the scenario text, or (without one) of the board of `board` and
/// `removed` (by default an empty 8x8 board).
fn bench(
    scenario: Option<&request::Position>,
    board: Option<&str>,
    removed: Option<&str>,
) -> Result<Workbench, lingeo::api::ApiError> {
    match scenario {
        Some(_) if board.is_some() || removed.is_some() => Err(lingeo::api::ApiError::request(
            Some("board"),
            "give either a scenario or board/removed, not both",
        )),
        Some(position) => position.workbench(),
        None => Workbench::new(empty_scenario(board.unwrap_or("8x8"), removed)?, ""),
    }
}

/// Runs `f` on the blocking pool under the server's caps, with `memory` as the thread's
/// memory limit (a request's [`Request::memory_limit`], its `max_memory` already capped at the
/// server's budget; `None`: that budget) and the answer's cap as the cap on the text of the
/// library's results (which then stop building it as soon as it passes); its error of the API
/// answers by its kind (`status_of`).
async fn compute<T: Send + 'static>(
    config: &Config,
    memory: Option<usize>,
    f: impl FnOnce(&mut Budget) -> Result<T, HttpError> + Send + 'static,
) -> Result<T, HttpError> {
    let memory = memory.unwrap_or_else(|| memory_limit(config));
    let cap = config.jobs.max_answer;
    jobs::blocking(&config.jobs, move || {
        lingeo::budget::with_output_cap(cap, || {
            lingeo::memory::with_limit(memory, || f(&mut Budget::new(cap)))
        })
    })
    .await?
}

/// `run`: the language, each sentence drawn on the board where the language is one of
/// trajectories or zones (`pictures`, in the order of `cli.language`), and with `trace` the
/// derivation as `trace.steps` (built from the tracer's events).
pub async fn run(State(config): State<Config>, body: Body) -> Answer {
    let Json(body) = body?;
    let memory = memory_limit(&config);
    let (request, texts) = run_request(body, (memory >> 20) as u64)?;
    let RunTexts {
        grammar: text,
        scenario,
    } = texts;
    let traced = request.trace;
    let max_answer = config.jobs.max_answer;
    compute(&config, request.memory_limit(), move |budget| {
        let grammar = grammar(&text).map_err(failed)?;
        let bench = bench(scenario.as_ref(), None, None).map_err(failed)?;
        if request.count {
            let counted = bench.count(&grammar, &request).map_err(failed)?;
            let cli = budget.json(&counted)?;
            return Ok(answer(cli, json!({"pictures": []})));
        }
        // The trace's events, at most MAX_TRACE of them and within the answer's cap (each
        // counted as the length of its text, toward the answer once the run is done).
        let mut events: Vec<lingeo::grammar::TraceEvent> = Vec::new();
        let (mut bytes, mut cut) = (0usize, false);
        let cap = jobs::MAX_TRACE;
        let mut keep = |event: &lingeo::grammar::TraceEvent| {
            let size = event.to_string().len();
            if events.len() < cap && bytes + size <= max_answer {
                bytes += size;
                events.push(event.clone());
            } else {
                cut = true;
            }
        };
        let tracer: Option<&mut dyn lingeo::grammar::Tracer> =
            if traced { Some(&mut keep) } else { None };
        let language = bench.run(&grammar, &request, tracer).map_err(failed)?;
        budget.take(bytes)?;
        let cli = budget.json(&language)?;
        let mut rest = Map::new();
        rest.insert(
            "pictures".into(),
            Value::Array(sentence_pictures(&bench, &grammar, &language, budget)?),
        );
        if !events.is_empty() {
            rest.insert(
                "trace".into(),
                json!({"cut": cut, "steps": trace::steps(&events)}),
            );
        }
        Ok(answer(cli, Value::Object(rest)))
    })
    .await
}

/// The texts a run request carries beside its options.
pub struct RunTexts {
    pub grammar: request::Named,
    pub scenario: Option<request::Position>,
}

/// A `run` body read: its texts (`grammar`, `scenario`) taken out with `set` (the grammar's
/// other inputs, `NAME=VALUE` each), the rest read as the API's [`RunRequest`] by
/// [`job_request`].
pub fn run_request(body: Value, memory_mib: u64) -> Result<(RunRequest, RunTexts), HttpError> {
    let (mut request, fields) =
        job_request::<RunRequest>(body, &[GRAMMAR, SCENARIO], &["set"], memory_mib)?;
    request.inputs = fields.assignments("set")?;
    let texts = RunTexts {
        grammar: fields.text(&GRAMMAR)?.expect("the grammar is required"),
        scenario: fields.position(&SCENARIO)?,
    };
    Ok((request, texts))
}

/// Each sentence drawn on the board (at most [`MAX_PICTURES`]): a language of trajectories
/// (`a(point)` symbols) as bundles, one of zones (the shape of grammars/zones.lgg) as zones;
/// any other language, none.
fn sentence_pictures(
    bench: &Workbench,
    grammar: &Grammar,
    language: &lingeo::api::LanguageResult,
    budget: &mut Budget,
) -> Result<Vec<Value>, HttpError> {
    let scenario = bench.scenario();
    let derived = &language.derived;
    let count = derived.sentences.len().min(MAX_PICTURES);
    let mut pictures = Vec::new();
    if let Some(trajectories) = derived.trajectories() {
        for (t, title) in trajectories.iter().zip(&language.language).take(count) {
            let svg = budget.picture(&scenario.board, || {
                lingeo::svg::bundle(&scenario.board, std::slice::from_ref(t), title)
            })?;
            pictures.push(Value::String(svg));
        }
    } else if lingeo::api::zones::zone_grammar_problems(grammar).is_empty() {
        for (i, s) in derived.sentences.iter().take(count).enumerate() {
            let zone = lingeo::zone::zone_of_sentence(s);
            let svg = budget.picture(&scenario.board, || {
                lingeo::svg::zone(scenario, &zone, &format!("Zone {}", i + 1))
            })?;
            pictures.push(Value::String(svg));
        }
    }
    Ok(pictures)
}

/// `zones`: the attack's zones (or every attack's), the bundle view or the first zone drawn
/// (`svg`); with `all_zones`, also each zone drawn with its times (`pictures`, in the order of
/// the first listed attack's `zones`, at most 500) and their bundle view (`bundle`).
pub async fn zones(State(config): State<Config>, body: Body) -> Answer {
    let Json(body) = body?;
    let memory = memory_limit(&config);
    let (request, texts) = zones_request(body, (memory >> 20) as u64)?;
    let (scenario, own) = (texts.scenario, texts.grammar);
    let all_attacks = request.all_attacks;
    compute(&config, request.memory_limit(), move |budget| {
        let own = match &own {
            Some(text) => Some(
                grammar(text)
                    .and_then(|g| lingeo::api::zones::check_zone_grammar(g, &text.name))
                    .map_err(failed)?,
            ),
            None => None,
        };
        let bench = scenario.workbench().map_err(failed)?;
        let (attacks, cli) = if all_attacks {
            let result = bench
                .attacks(&request, own.as_ref(), &lingeo::progress::Silent)
                .map_err(failed)?;
            let cli = budget.json(&result)?;
            (result.attacks, cli)
        } else {
            let result = bench.zones_by(&request, own.as_ref()).map_err(failed)?;
            let cli = budget.json(&result)?;
            (vec![result.attack], cli)
        };
        let svg = budget.picture(&bench.scenario().board, || {
            bench.zones_picture(&request, own.as_ref(), &attacks, all_attacks)
        })?;
        let (pictures, bundle) = if request.all_zones {
            zone_pictures(&bench, &attacks, budget)?
        } else {
            (Vec::new(), Value::Null)
        };
        Ok(answer(
            cli,
            json!({"svg": svg, "pictures": pictures, "bundle": bundle}),
        ))
    })
    .await
}

/// Each zone of the first attack that has zones drawn with its times (at most
/// [`MAX_PICTURES`]), and their bundle view; none where no attack has zones.
fn zone_pictures(
    bench: &Workbench,
    attacks: &[Attack],
    budget: &mut Budget,
) -> Result<(Vec<Value>, Value), HttpError> {
    let Some(a) = attacks.iter().find(|a| !a.zones.is_empty()) else {
        return Ok((Vec::new(), Value::Null));
    };
    let scenario = bench.scenario();
    let attack = a.title(scenario);
    let mut pictures = Vec::new();
    for (i, zone) in a.zones.iter().take(MAX_PICTURES).enumerate() {
        let title = format!("Zone {} of {}: {attack}", i + 1, a.zones.len());
        let svg = budget.picture(&scenario.board, || {
            lingeo::svg::zone(scenario, zone, &title)
        })?;
        pictures.push(Value::String(svg));
    }
    let title = format!(
        "Zone of {attack}: bundle view of {}",
        lingeo::render::counted(a.zones.len() as u128, "zone", "zones")
    );
    let bundle = budget.picture(&scenario.board, || {
        lingeo::svg::zone_bundle(scenario, &a.summary, &title)
    })?;
    Ok((pictures, Value::String(bundle)))
}

/// The texts a zones request carries beside its options.
pub struct ZonesTexts {
    pub scenario: request::Position,
    pub grammar: Option<request::Named>,
}

/// A `zones` body read: its texts taken out with `set` (the other inputs of its grammar,
/// `NAME=VALUE` each), the rest read as the API's [`ZonesRequest`] by [`job_request_capped`],
/// its attacks on one thread (`jobs` 1: the server answers several requests at once).
pub fn zones_request(
    body: Value,
    memory_mib: u64,
) -> Result<(ZonesRequest, ZonesTexts), HttpError> {
    let one_thread = |options: &mut Map<String, Value>| {
        if options.get("jobs").is_some_and(|jobs| !jobs.is_null()) {
            options.insert("jobs".to_string(), Value::from(1));
        }
    };
    let (mut request, fields) = job_request_capped::<ZonesRequest>(
        body,
        &[SCENARIO_FILE, OWN_GRAMMAR],
        &["set"],
        memory_mib,
        one_thread,
    )?;
    request.inputs = fields.assignments("set")?;
    let grammar = fields.text(&OWN_GRAMMAR)?;
    ZonesRequest::check_given(&request, grammar.is_some())
        .map_err(|e| HttpError::bad_request(e.to_string()))?;
    let texts = ZonesTexts {
        scenario: fields
            .position(&SCENARIO_FILE)?
            .expect("the scenario is required"),
        grammar,
    };
    Ok((request, texts))
}

/// The board of a `trajectories` or `map` body: its scenario's text, or the size and removed
/// points of an empty board.
pub struct BoardTexts {
    pub scenario: Option<request::Position>,
    pub board: Option<String>,
    pub removed: Option<String>,
}

/// A `trajectories` or `map` body read: its board taken out (`scenario`, `board`,
/// `removed`), the rest read as the API's request `R` by [`job_request`].
pub fn board_request<R: lingeo::api::Request>(
    body: Value,
    memory_mib: u64,
) -> Result<(R, BoardTexts), HttpError> {
    let (request, fields) = job_request::<R>(body, &[SCENARIO], &["board", "removed"], memory_mib)?;
    let texts = BoardTexts {
        scenario: fields.position(&SCENARIO)?,
        board: fields.string("board")?,
        removed: fields.string("removed")?,
    };
    Ok((request, texts))
}

/// `trajectories`: the bundle, drawn (`svg`) unless only counted.
pub async fn trajectories(State(config): State<Config>, body: Body) -> Answer {
    let Json(body) = body?;
    let memory = memory_limit(&config);
    let (request, texts) = board_request::<TrajectoriesRequest>(body, (memory >> 20) as u64)?;
    let BoardTexts {
        scenario,
        board,
        removed,
    } = texts;
    if request.limit > MAX_TRAJECTORIES {
        return Err(HttpError::bad_request(format!(
            "`limit` must be at most {MAX_TRAJECTORIES}, not {} (lingeo trajectories lists more)",
            request.limit
        )));
    }
    compute(&config, request.memory_limit(), move |budget| {
        let bench =
            bench(scenario.as_ref(), board.as_deref(), removed.as_deref()).map_err(failed)?;
        let bundle = bench.trajectories(&request).map_err(failed)?;
        let board = &bench.scenario().board;
        let svg = match &bundle.paths {
            Some(paths) => {
                let title = format!("{} from {} to {}", bundle.piece, bundle.from, bundle.to);
                Value::String(budget.picture(board, || lingeo::svg::bundle(board, paths, &title))?)
            }
            None => Value::Null,
        };
        let cli = budget.json(&bundle)?;
        Ok(answer(cli, json!({"svg": svg})))
    })
    .await
}

/// `map`: the MAP table, drawn as a heat map (`svg`); with `control`, the control map of the
/// scenario's position (what `lingeo map --control --json` prints), drawn.
pub async fn map(State(config): State<Config>, body: Body) -> Answer {
    let Json(body) = body?;
    let memory = memory_limit(&config);
    let (request, texts) = board_request::<MapRequest>(body, (memory >> 20) as u64)?;
    let BoardTexts {
        scenario,
        board,
        removed,
    } = texts;
    if request.control {
        return compute(&config, request.memory_limit(), move |budget| {
            let bench =
                bench(scenario.as_ref(), board.as_deref(), removed.as_deref()).map_err(failed)?;
            let result = bench.control_map().map_err(failed)?;
            let board = &bench.scenario().board;
            let title = format!("Control map on {}", board.describe());
            let svg = budget.picture(board, || result.picture(&title))?;
            let cli = budget.json(&result)?;
            Ok(answer(cli, json!({"svg": svg})))
        })
        .await;
    }
    compute(&config, request.memory_limit(), move |budget| {
        let bench =
            bench(scenario.as_ref(), board.as_deref(), removed.as_deref()).map_err(failed)?;
        let result = bench.map(&request).map_err(failed)?;
        let (direction, word) = if request.reverse {
            (Direction::To, "to")
        } else {
            (Direction::From, "from")
        };
        let board = &bench.scenario().board;
        let title = format!("MAP of {} {word} {}", result.piece, result.origin);
        let svg = budget.picture(board, || {
            let table = bench
                .kernel()
                .table(result.motion, result.origin_point, direction);
            lingeo::svg::map(board, table, &title)
        })?;
        let cli = budget.json(&result)?;
        Ok(answer(cli, json!({"svg": svg})))
    })
    .await
}

/// The texts a search request carries beside its options.
pub struct SearchTexts {
    pub scenario: request::Position,
    pub grammar: Option<request::Named>,
    pub rules: Option<request::Named>,
    pub network: Option<request::Named>,
}

/// A `search` body read: its texts taken out with `solve` (which says no `depth`), the rest
/// read as the API's [`SearchRequest`] by [`job_request`].
pub fn search_request(
    body: Value,
    memory_mib: u64,
) -> Result<(SearchRequest, SearchTexts), HttpError> {
    let texts = [SCENARIO_FILE, OWN_GRAMMAR, RULES, NETWORK];
    let depth_given = body.get("depth").is_some_and(|d| !d.is_null());
    match body.get("solve") {
        None | Some(Value::Null) | Some(Value::Bool(false)) => {}
        Some(Value::Bool(true)) if !depth_given => {}
        Some(Value::Bool(true)) => {
            return Err(HttpError::bad_request(
                "`depth` searches that deep and `solve` to the end: give one",
            ));
        }
        Some(_) => return Err(HttpError::bad_request("`solve` must be true or false")),
    }
    let (request, fields) = job_request::<SearchRequest>(body, &texts, &["solve"], memory_mib)?;
    let texts = SearchTexts {
        scenario: fields
            .position(&SCENARIO_FILE)?
            .expect("the scenario is required"),
        grammar: fields.text(&OWN_GRAMMAR)?,
        rules: fields.text(&RULES)?,
        network: fields.text(&NETWORK)?,
    };
    Ok((request, texts))
}

/// A 400 for a field of `options` that neither the request `R` nor the endpoint (`own`: its
/// texts and fields of its own) has, naming the close names.
fn unknown_fields<R: lingeo::api::Request>(
    options: &Map<String, Value>,
    own: &[&str],
) -> Result<(), HttpError> {
    let fields = lingeo::api::request::fields::<R>();
    let mut names: Vec<&str> = fields.iter().map(|f| f.name.as_str()).collect();
    names.extend(own);
    for key in options.keys() {
        if !names.contains(&key.as_str()) {
            let close = lingeo::api::request::close_names(key, &names);
            let hint = if close.is_empty() {
                format!("{} takes {}", R::JOB, names.join(", "))
            } else {
                format!("did you mean {}?", close.join(", "))
            };
            return Err(HttpError::bad_request(format!(
                "unknown field `{key}`; {hint}"
            )));
        }
    }
    Ok(())
}

/// `search`: the search's result; for the LG searches, the reduced tree drawn (`svg`).
pub async fn search(State(config): State<Config>, body: Body) -> Answer {
    let Json(body) = body?;
    // Its nodes, read by `GET /api/progress/{id}` while it runs (forgotten when it ends): a
    // field of the server's, not of the search's request.
    let mut body = body;
    let progress = match body.as_object_mut().and_then(|o| o.remove("progress")) {
        None | Some(Value::Null) => None,
        Some(Value::String(id)) => Some(id),
        Some(_) => return Err(HttpError::bad_request("`progress` must be a string")),
    };
    let followed = match progress {
        Some(id) => config.progress.follow(&id)?,
        None => None,
    };
    let (request, texts) = search_request(body, (memory_limit(&config) >> 20) as u64)?;
    // The thread's limit is the server's budget, not the request's `max_memory`: that one is
    // the search's own (`SearchOptions::max_memory`), at which it stops with its answer so far;
    // as the thread's limit too, the work inside the search that reads it (the LG search's
    // zones, the grammar engine) would fail there before the search's own check stops it.
    compute(&config, None, move |budget| {
        let followed = followed;
        let rules = match &texts.rules {
            Some(text) => Some(Arc::new(
                lingeo::play::players::rule_book::RuleBook::parse(&text.name, &text.source)
                    .map_err(|e| HttpError::unprocessable(e.render()))?,
            )),
            None => None,
        };
        let network = match &texts.network {
            Some(text) => Some(Arc::new(
                lingeo::play::players::chessmaps::Network::parse(&text.source).map_err(|e| {
                    failed(lingeo::api::ApiError::request(
                        Some("network"),
                        format!("{}: {e}", text.name),
                    ))
                })?,
            )),
            None => None,
        };
        let scenario = &texts.scenario;
        let bench = scenario.workbench().map_err(failed)?;
        let grammar = texts
            .grammar
            .as_ref()
            .map(grammar)
            .transpose()
            .map_err(failed)?;
        let inputs = SearchInputs {
            network,
            rules,
            grammar: grammar.as_ref(),
            progress: followed
                .as_ref()
                .map_or_else(Default::default, |f| f.observer()),
        };
        let mut outcome = bench.search_with(&request, &inputs).map_err(failed)?;
        outcome.json.rules = texts.rules.map(|t| t.name);
        outcome.json.network = texts.network.map(|t| t.name);
        let svg = match &outcome.lg {
            Some(lg) => {
                let file = match scenario {
                    request::Position::Text(named) => Path::new(&named.name)
                        .file_name()
                        .map_or_else(String::new, |n| n.to_string_lossy().into_owned()),
                    request::Position::Fen(fen) => fen.clone(),
                };
                let title = format!(
                    "LG search of {file}: value {}, {}",
                    lg.result
                        .value
                        .map_or_else(|| "unknown".to_string(), |v| v.to_string()),
                    lingeo::render::counted(lg.tree.moves() as u128, "move", "moves")
                );
                let svg = lingeo::svg::tree(&lg.tree, &title);
                budget.take(svg.len())?;
                Value::String(svg)
            }
            None => Value::Null,
        };
        let cli = budget.json(&outcome)?;
        Ok(answer(cli, json!({"svg": svg})))
    })
    .await
}

/// `GET /api/defaults`: each converted job's options with their defaults and docs, read off
/// its request (the page takes its defaults from here, not from numbers of its own).
pub async fn defaults() -> Json<Value> {
    let mut jobs = Map::new();
    jobs.insert(
        "search".to_string(),
        json!(lingeo::api::request::fields::<SearchRequest>()),
    );
    core_defaults(&mut jobs);
    play_defaults(&mut jobs);
    Json(Value::Object(jobs))
}

/// The defaults of `zones`, `trajectories`, `map` and `run`.
fn core_defaults(jobs: &mut Map<String, Value>) {
    use lingeo::api::request::fields;
    jobs.insert("zones".to_string(), json!(fields::<ZonesRequest>()));
    jobs.insert(
        "trajectories".to_string(),
        json!(fields::<TrajectoriesRequest>()),
    );
    jobs.insert("map".to_string(), json!(fields::<MapRequest>()));
    jobs.insert("run".to_string(), json!(fields::<RunRequest>()));
}

/// The defaults of `play`, `patterns`, `fuzzy`, `translate`, `compare` and `analysis`.
fn play_defaults(jobs: &mut Map<String, Value>) {
    use lingeo::api::request::fields;
    jobs.insert("play".to_string(), json!(fields::<PlayRequest>()));
    jobs.insert("patterns".to_string(), json!(fields::<PatternsRequest>()));
    jobs.insert("fuzzy".to_string(), json!(fields::<PairsRequest>()));
    jobs.insert("translate".to_string(), json!(fields::<TranslateRequest>()));
    jobs.insert("compare".to_string(), json!(fields::<CompareRequest>()));
    jobs.insert(
        "analysis".to_string(),
        json!(fields::<lingeo::api::AnalysisRequest>()),
    );
}

/// A body of a job whose request is the schema, read: the texts it carries (`texts`, each
/// with its `_name`) and the endpoint's own fields (`own`) taken out, and given back as
/// [`Fields`]; the rest deserialised as the API's request `R` and checked (an unknown field a
/// 400 naming the close names, as a rule it breaks). A request with a `max_memory` has it at
/// most the server's budget (`memory_mib`), and by default that budget.
pub fn job_request<R: lingeo::api::Request>(
    body: Value,
    texts: &[Text],
    own: &[&str],
    memory_mib: u64,
) -> Result<(R, Fields), HttpError> {
    job_request_capped(body, texts, own, memory_mib, |_| {})
}

/// [`job_request`] with the endpoint's own caps (`cap`) on the request's fields as given,
/// before they are read and checked (the zones' `jobs` at 1).
pub fn job_request_capped<R: lingeo::api::Request>(
    body: Value,
    texts: &[Text],
    own: &[&str],
    memory_mib: u64,
    cap: impl FnOnce(&mut Map<String, Value>),
) -> Result<(R, Fields), HttpError> {
    let mut options = request::object(body)?;
    let mut given = Map::new();
    // `fen` is the server's where the body takes a scenario, unless the request has a `fen`
    // of its own (perft's, read by the API).
    let fen = request::takes_fen(texts)
        && !lingeo::api::request::fields::<R>()
            .iter()
            .any(|f| f.name == request::FEN);
    let keys = texts
        .iter()
        .flat_map(|t| [t.key.to_string(), format!("{}_name", t.key)])
        .chain(fen.then(|| request::FEN.to_string()))
        .chain(own.iter().map(|key| key.to_string()));
    for key in keys {
        if let Some(value) = options.remove(&key) {
            given.insert(key, value);
        }
    }
    let fields = Fields::new(R::JOB, Value::Object(given), texts, own)?;
    let mut names: Vec<&str> = own.to_vec();
    names.extend(texts.iter().map(|t| t.key));
    if fen {
        names.push(request::FEN);
    }
    unknown_fields::<R>(&options, &names)?;
    if lingeo::api::request::fields::<R>()
        .iter()
        .any(|f| f.name == "max_memory")
    {
        let given = options.get("max_memory").and_then(Value::as_u64);
        options.insert(
            "max_memory".to_string(),
            Value::from(given.unwrap_or(memory_mib).min(memory_mib)),
        );
    }
    cap(&mut options);
    let request = lingeo::api::request::from_value::<R>(Value::Object(options))
        .map_err(|e| HttpError::bad_request(e.to_string()))?;
    Ok((request, fields))
}

/// A `play` body read: the scenario (none where the request's `pgn` gives the game, and then
/// none may be given), and the rest as the API's [`PlayRequest`].
pub fn play_request(
    body: Value,
    memory_mib: u64,
) -> Result<(PlayRequest, Option<request::Position>), HttpError> {
    let (request, texts) = job_request::<PlayRequest>(body, &[SCENARIO], &[], memory_mib)?;
    let scenario = texts.position(&SCENARIO)?;
    match (&scenario, request.pgn.trim().is_empty()) {
        (None, true) => Err(HttpError::bad_request(
            "`play` needs `scenario` (or `fen`, a chess position, or `pgn`, a PGN game)",
        )),
        (Some(_), false) => Err(HttpError::bad_request(
            "`pgn` gives its own position: give `scenario` (or `fen`) or `pgn`, not both",
        )),
        _ => Ok((request, scenario)),
    }
}

/// `play`: the positions along a line of moves, and the last one drawn (`svg`): the position
/// of a node of the search tree.
pub async fn play(State(config): State<Config>, body: Body) -> Answer {
    let Json(body) = body?;
    let (request, scenario) = play_request(body, (memory_limit(&config) >> 20) as u64)?;
    compute(&config, request.memory_limit(), move |budget| {
        let (game, played) = match &scenario {
            Some(scenario) => {
                let bench = scenario.workbench().map_err(failed)?;
                let game = bench.game().map_err(failed)?;
                let played = lingeo::api::play::play_with(&game, &request).map_err(failed)?;
                (game, played)
            }
            None => lingeo::api::play::play_pgn(&request).map_err(failed)?,
        };
        let svg = budget.picture(&game.scenario.board, || played.last_position_picture(&game))?;
        let cli = budget.json(&played)?;
        Ok(answer(cli, json!({"svg": svg})))
    })
    .await
}

/// A `translate` body read: the scenario, and the rest as the API's [`TranslateRequest`].
pub fn translate_request(
    body: Value,
    memory_mib: u64,
) -> Result<(TranslateRequest, request::Position), HttpError> {
    let (request, texts) =
        job_request::<TranslateRequest>(body, &[SCENARIO_FILE], &[], memory_mib)?;
    let scenario = texts
        .position(&SCENARIO_FILE)?
        .expect("the scenario is required");
    Ok((request, scenario))
}

/// `translate`: one zone carried across moves (`lingeo translate`), and the zone after the
/// last move drawn (`svg`; the board alone, titled so, where the zone has ended).
pub async fn translate(State(config): State<Config>, body: Body) -> Answer {
    let Json(body) = body?;
    let (request, scenario) = translate_request(body, (memory_limit(&config) >> 20) as u64)?;
    compute(&config, request.memory_limit(), move |budget| {
        let bench = scenario.workbench().map_err(failed)?;
        let run = bench.translate(&request).map_err(failed)?;
        let svg = budget.picture(&run.end.board, || run.end_picture(&request.piece))?;
        let cli = budget.json(&run)?;
        Ok(answer(cli, json!({"svg": svg})))
    })
    .await
}

/// A `compare` body read: the scenario (optional), the two sides (`a`, `b`: a grammar's text,
/// imports of the shipped grammars only, or `"native"`) and the server's own fields (`board`,
/// `removed`, `set`) taken out, the rest as the API's [`CompareRequest`], checked with its
/// inputs. The server's caps: `max_memory` at most its budget (`memory_mib`), `jobs` at most
/// `max_jobs` (its requests share its cores), and a `seed` with `random` (its answers repeat).
pub fn compare_request(
    body: Value,
    memory_mib: u64,
    max_jobs: usize,
) -> Result<(CompareRequest, CompareInputs, Fields), HttpError> {
    let (mut request, fields) = job_request::<CompareRequest>(
        body,
        &[SCENARIO, COMPARE_A, COMPARE_B],
        &["board", "removed", "set"],
        memory_mib,
    )?;
    request.jobs = request.jobs.min(max_jobs.max(1));
    if request.random.is_some() && request.seed.is_none() {
        return Err(HttpError::bad_request(
            "`random` needs a `seed` (the same seed, the same starts)",
        ));
    }
    let side = |text: &Text| -> Result<CompareSide, HttpError> {
        let named = fields.text(text)?.expect("a side is required");
        Ok(if named.source.trim() == "native" {
            CompareSide::Native
        } else {
            CompareSide::Grammar(GrammarSource::Sandboxed {
                name: named.name,
                text: named.source,
            })
        })
    };
    let inputs = CompareInputs {
        a: side(&COMPARE_A)?,
        b: side(&COMPARE_B)?,
        starts: Vec::new(),
        set: fields.assignments("set")?,
    };
    inputs
        .check(&request)
        .map_err(|e| HttpError::bad_request(e.to_string()))?;
    Ok((request, inputs, fields))
}

/// `compare`: two languages side by side (`lingeo compare`), each side a grammar's text
/// (imports of the shipped grammars only) or `"native"`, on one start or on `random` starts
/// drawn with `seed`; `cli` is the comparison as `lingeo compare --json` prints it. A start that
/// cannot be compared is a row of it, as in the CLI; a comparison that fails as a whole (a
/// grammar that does not parse, a single start that does not fit) answers 422.
pub async fn compare(State(config): State<Config>, body: Body) -> Answer {
    let Json(body) = body?;
    // The server's requests share its cores: one thread each.
    let (request, inputs, fields) = compare_request(body, (memory_limit(&config) >> 20) as u64, 1)?;
    let scenario = fields.position(&SCENARIO)?;
    let (board, removed) = (fields.string("board")?, fields.string("removed")?);
    compute(&config, request.memory_limit(), move |budget| {
        let bench =
            bench(scenario.as_ref(), board.as_deref(), removed.as_deref()).map_err(failed)?;
        let result = bench
            .compare(&request, &inputs, &lingeo::progress::Silent)
            .map_err(failed)?;
        let cli = budget.json(&result)?;
        Ok(answer(cli, json!({})))
    })
    .await
}

/// A `patterns` body read: the scenario, and the rest as the API's [`PatternsRequest`].
pub fn patterns_request(
    body: Value,
    memory_mib: u64,
) -> Result<(PatternsRequest, request::Position), HttpError> {
    let (request, texts) = job_request::<PatternsRequest>(body, &[SCENARIO_FILE], &[], memory_mib)?;
    let scenario = texts
        .position(&SCENARIO_FILE)?
        .expect("the scenario is required");
    Ok((request, scenario))
}

/// A `fuzzy` body read: the scenario, and the rest as the API's [`PairsRequest`].
pub fn fuzzy_request(
    body: Value,
    memory_mib: u64,
) -> Result<(PairsRequest, request::Position), HttpError> {
    let (request, texts) = job_request::<PairsRequest>(body, &[SCENARIO_FILE], &[], memory_mib)?;
    let scenario = texts
        .position(&SCENARIO_FILE)?
        .expect("the scenario is required");
    Ok((request, scenario))
}

/// A `perft` body read: the scenario if one is given (else the request's `fen`), and the rest
/// as the API's [`PerftRequest`](lingeo::api::PerftRequest).
pub fn perft_request(
    body: Value,
    memory_mib: u64,
) -> Result<(lingeo::api::PerftRequest, Option<request::Named>), HttpError> {
    let (request, fields) =
        job_request::<lingeo::api::PerftRequest>(body, &[SCENARIO], &[], memory_mib)?;
    Ok((request, fields.text(&SCENARIO)?))
}

/// `perft`: the leaves of the tree of legal moves to a depth (`lingeo perft`), from `fen` or a
/// scenario with a game block; `cli` is what `lingeo perft --json` prints.
pub async fn perft(State(config): State<Config>, body: Body) -> Answer {
    let Json(body) = body?;
    let (request, scenario) = perft_request(body, (memory_limit(&config) >> 20) as u64)?;
    compute(&config, request.memory_limit(), move |budget| {
        let scenario = match &scenario {
            Some(named) => Some(
                lingeo::scenario::Scenario::parse(&named.name, &named.source)
                    .map_err(|e| failed(e.into()))?,
            ),
            None => None,
        };
        let game = lingeo::api::perft::perft_game(&request, scenario.as_ref()).map_err(failed)?;
        let result = lingeo::api::perft::perft_of(&game, &request).map_err(failed)?;
        let cli = budget.json(&result)?;
        Ok(answer(cli, json!({})))
    })
    .await
}

/// `patterns`: the attack patterns of the pairs of pieces (`lingeo patterns`).
pub async fn patterns(State(config): State<Config>, body: Body) -> Answer {
    let Json(body) = body?;
    let (request, scenario) = patterns_request(body, (memory_limit(&config) >> 20) as u64)?;
    compute(&config, request.memory_limit(), move |budget| {
        let bench = scenario.workbench().map_err(failed)?;
        let result = bench
            .patterns(&request, &lingeo::progress::Silent)
            .map_err(failed)?;
        let cli = budget.json(&result)?;
        Ok(answer(cli, json!({})))
    })
    .await
}

/// `fuzzy`: each pair's patterns as one fuzzy pattern (`lingeo fuzzy`).
pub async fn fuzzy(State(config): State<Config>, body: Body) -> Answer {
    let Json(body) = body?;
    let (request, scenario) = fuzzy_request(body, (memory_limit(&config) >> 20) as u64)?;
    compute(&config, request.memory_limit(), move |budget| {
        let bench = scenario.workbench().map_err(failed)?;
        let result = bench
            .fuzzy_patterns(&request, &lingeo::progress::Silent)
            .map_err(failed)?;
        let cli = budget.json(&result)?;
        Ok(answer(cli, json!({})))
    })
    .await
}

pub async fn examples() -> Json<Value> {
    Json(examples::all())
}

/// `check` ([`lingeo::api::check_texts`]): what the CLI's `check` prints on the texts given
/// (`output`), each diagnostic (errors, and the lint warnings of a valid scenario) with its
/// severity at its line and column, and how many are warnings.
pub async fn check(State(config): State<Config>, body: Body) -> Result<Json<Value>, HttpError> {
    let Json(body) = body?;
    let body = request::object(body)?;
    let mut files = Vec::new();
    for key in body.keys() {
        if !["scenario", "scenario_name", "grammar", "grammar_name"].contains(&key.as_str()) {
            return Err(HttpError::bad_request(format!(
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
                return Err(HttpError::bad_request(format!(
                    "`{}` must be the text of a .{} file, or null",
                    text.key, text.extension
                )));
            }
        }
    }
    if files.is_empty() {
        return Err(HttpError::bad_request(
            "give `scenario` or `grammar` (or both)",
        ));
    }
    let request = lingeo::api::CheckRequest {
        files: files
            .into_iter()
            .map(|(name, text, _)| lingeo::api::SourceText { name, text })
            .collect(),
    };
    let answer = jobs::blocking(&config.jobs, move || {
        let result = lingeo::api::check_texts(&request);
        let diagnostics: Vec<_> = result.diagnostics().collect();
        let warnings = diagnostics
            .iter()
            .filter(|d| d.severity == lingeo::api::Severity::Warning)
            .count();
        json!({
            "ok": result.ok,
            "output": result.output,
            "diagnostics": diagnostics,
            "warnings": warnings,
            "omitted": result.omitted(),
        })
    })
    .await?;
    Ok(Json(answer))
}

/// `analysis` ([`lingeo::api::figure12`]): Figure 12's rows on an empty board (`board`,
/// `WxH`, read as the API's `AnalysisRequest`), as `lingeo analysis figure12 --json` prints
/// them, and the table's bar chart (`svg`).
pub async fn analysis(State(config): State<Config>, body: Body) -> Result<Json<Value>, HttpError> {
    let Json(body) = body?;
    let memory = memory_limit(&config);
    let (request, _) =
        job_request::<lingeo::api::AnalysisRequest>(body, &[], &[], (memory >> 20) as u64)?;
    compute(&config, request.memory_limit(), move |_| {
        let result = lingeo::api::figure12(&request, &lingeo::progress::Silent).map_err(failed)?;
        Ok(Json(json!({
            "board": format!("{}x{}", result.width, result.height),
            "rows": result.rows(),
            "svg": result.chart(),
        })))
    })
    .await
}

/// `board` ([`lingeo::api::board`]): the scenario's board, its points in enumeration order,
/// its pieces, whether it has rules of play, and its picture by the project's renderer (the
/// board alone, with its pieces).
pub async fn board(State(config): State<Config>, body: Body) -> Result<Json<Value>, HttpError> {
    let Json(body) = body?;
    // Unknown fields are refused as every endpoint refuses them (they were taken, 200).
    let fields = Fields::new("board", body, &[SCENARIO_FILE], &[])?;
    let position = fields
        .position(&SCENARIO_FILE)?
        .expect("the scenario is required");
    let max_answer = config.jobs.max_answer;
    jobs::blocking(&config.jobs, move || {
        let name = position.name().to_string();
        let result = position
            .scenario()
            .map(lingeo::api::board::board_of)
            .map_err(|e| HttpError::unprocessable(e.to_string()))?;
        // The answer grows with the board (each point drawn and named): refused before it is
        // drawn when the board alone would pass the cap.
        let points = result.points.len();
        let estimate = points.saturating_mul(PICTURE_BYTES_PER_POINT + 8);
        if estimate > max_answer {
            return Err(HttpError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!(
                    "the answer would be larger than the server's cap of {} MB: the board ({}, \
                     {points} points) drawn and named takes about {} MB; ask on a smaller board, \
                     or raise the cap (lingeo serve --max-answer-mb)",
                    max_answer.div_ceil(1_000_000),
                    result.board,
                    estimate.div_ceil(1_000_000)
                ),
            ));
        }
        let svg = result.picture(&name);
        let mut answer = serde_json::to_value(&result)
            .map_err(|e| HttpError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
        answer["svg"] = Value::String(svg);
        // A FEN's position as a scenario's text, for the page's editor.
        if let request::Position::Fen(fen) = &position {
            answer["text"] = json!(lingeo::api::board::chess_text(&result.scenario, fen));
        }
        Ok(Json(answer))
    })
    .await?
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reader of a body: the request's `max_memory` (MiB) it reads, with a budget of
    /// `memory` MiB.
    type MemoryOf = fn(Map<String, Value>, u64) -> Result<u64, String>;

    fn message(e: HttpError) -> String {
        format!("{} {}", e.status, e.message)
    }

    fn with(body: Value, extra: &Map<String, Value>) -> Value {
        let mut body = body.as_object().cloned().unwrap_or_default();
        body.extend(extra.clone());
        Value::Object(body)
    }

    /// Every reader of a body with a scenario takes `fen` instead, as the position's FEN.
    #[test]
    fn every_reader_of_a_scenario_takes_a_fen() {
        let fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
        let is_fen = |p: Option<&request::Position>| matches!(p, Some(request::Position::Fen(f)) if f == fen);
        let m = 64;
        let (_, t) = run_request(
            json!({"grammar": "grammar g\nS(x: point) -> e\n", "start": "S(a1)", "fen": fen}),
            m,
        )
        .map_err(message)
        .unwrap();
        assert!(is_fen(t.scenario.as_ref()));
        let body = json!({"fen": fen, "piece": "WR", "to": "g8"});
        let (_, t) = zones_request(body.clone(), m).map_err(message).unwrap();
        assert!(is_fen(Some(&t.scenario)));
        let (_, t) = board_request::<TrajectoriesRequest>(body.clone(), m)
            .map_err(message)
            .unwrap();
        assert!(is_fen(t.scenario.as_ref()));
        let (_, t) = search_request(json!({"fen": fen}), m)
            .map_err(message)
            .unwrap();
        assert!(is_fen(Some(&t.scenario)));
        let (_, p) = play_request(json!({"fen": fen}), m)
            .map_err(message)
            .unwrap();
        assert!(is_fen(p.as_ref()));
        let (_, p) = translate_request(
            json!({"fen": fen, "piece": "WR", "to": "g8", "moves": "WK g1-f1"}),
            m,
        )
        .map_err(message)
        .unwrap();
        assert!(is_fen(Some(&p)));
        let (_, p) = patterns_request(json!({"fen": fen}), m)
            .map_err(message)
            .unwrap();
        assert!(is_fen(Some(&p)));
        let (_, p) = fuzzy_request(json!({"fen": fen}), m)
            .map_err(message)
            .unwrap();
        assert!(is_fen(Some(&p)));
        let (_, _, f) = compare_request(
            json!({"fen": fen, "a": "native", "b": "native", "random": 2, "seed": 1}),
            m,
            1,
        )
        .map_err(message)
        .unwrap();
        assert!(is_fen(
            f.position(&SCENARIO).map_err(message).unwrap().as_ref()
        ));
        // Both is refused, before anything is read.
        let both = search_request(json!({"fen": fen, "scenario": "board 3x3"}), m).map_err(message);
        assert!(
            both.as_ref()
                .is_err_and(|e| e.starts_with("400") && e.contains("not both")),
            "{:?}",
            both.map(|_| ())
        );
    }

    /// Each endpoint whose request has a `max_memory` caps it at the server's budget, and
    /// takes the budget where none is given; a smaller one is kept.
    #[test]
    fn every_reader_caps_max_memory_at_the_budget() {
        let readers: [(&str, MemoryOf); 10] = [
            ("run", |o, m| {
                let body = with(
                    json!({"grammar": "grammar g\nS(x: point) -> e\n", "start": "S(a1)"}),
                    &o,
                );
                run_request(body, m)
                    .map(|(r, _)| r.max_memory)
                    .map_err(message)
            }),
            ("zones", |o, m| {
                let body = with(
                    json!({"scenario": "board 3x3", "piece": "K", "to": "a1"}),
                    &o,
                );
                zones_request(body, m)
                    .map(|(r, _)| r.max_memory)
                    .map_err(message)
            }),
            ("trajectories", |o, m| {
                board_request::<TrajectoriesRequest>(with(json!({"to": "a1"}), &o), m)
                    .map(|(r, _)| r.max_memory)
                    .map_err(message)
            }),
            ("map", |o, m| {
                board_request::<MapRequest>(Value::Object(o), m)
                    .map(|(r, _)| r.max_memory)
                    .map_err(message)
            }),
            ("search", |o, m| {
                search_request(with(json!({"scenario": "board 3x3"}), &o), m)
                    .map(|(r, _)| r.max_memory)
                    .map_err(message)
            }),
            ("play", |o, m| {
                play_request(with(json!({"scenario": "board 3x3"}), &o), m)
                    .map(|(r, _)| r.max_memory)
                    .map_err(message)
            }),
            ("translate", |o, m| {
                let body =
                    json!({"scenario": "board 3x3", "piece": "P", "to": "a1", "moves": "P a1-a2"});
                translate_request(with(body, &o), m)
                    .map(|(r, _)| r.max_memory)
                    .map_err(message)
            }),
            ("compare", |o, m| {
                let body = json!({"a": "grammar text", "b": "native", "start": "S(a1, b2, 1)"});
                compare_request(with(body, &o), m, 1)
                    .map(|(r, ..)| r.max_memory)
                    .map_err(message)
            }),
            ("patterns", |o, m| {
                patterns_request(with(json!({"scenario": "board 3x3"}), &o), m)
                    .map(|(r, _)| r.max_memory)
                    .map_err(message)
            }),
            ("fuzzy", |o, m| {
                fuzzy_request(with(json!({"scenario": "board 3x3"}), &o), m)
                    .map(|(r, _)| r.max_memory)
                    .map_err(message)
            }),
        ];
        for (job, read) in readers {
            let asked = |mib: Option<u64>| {
                let mut options = Map::new();
                if let Some(mib) = mib {
                    options.insert("max_memory".to_string(), json!(mib));
                }
                read(options, 100)
            };
            assert_eq!(asked(None), Ok(100), "{job}: the budget by default");
            assert_eq!(asked(Some(50)), Ok(50), "{job}: less than the budget kept");
            assert_eq!(
                asked(Some(5000)),
                Ok(100),
                "{job}: more capped at the budget"
            );
        }
    }

    /// The zones' attacks run on one thread a request whatever `jobs` asks (a `jobs` the
    /// rules would refuse alone included), and compare's on at most the server's.
    #[test]
    fn the_zones_and_compare_run_on_the_servers_threads() {
        let zones = |jobs: Value| {
            let body = json!({"scenario": "board 3x3", "all_attacks": true, "jobs": jobs});
            zones_request(body, 100)
                .map(|(r, _)| r.jobs)
                .map_err(message)
        };
        assert_eq!(zones(json!(8)), Ok(Some(1)));
        assert_eq!(zones(json!(0)), Ok(Some(1)));
        assert_eq!(zones(Value::Null), Ok(None));
        let compare = |jobs: u64, max_jobs: usize| {
            let body =
                json!({"a": "grammar text", "b": "native", "start": "S(a1, b2, 1)", "jobs": jobs});
            compare_request(body, 100, max_jobs)
                .map(|(r, ..)| r.jobs)
                .map_err(message)
        };
        assert_eq!(compare(8, 2), Ok(2));
        assert_eq!(compare(1, 2), Ok(1));
    }
}
