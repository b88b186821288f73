//! The drift test of issue 46: every field of every job's request, shown taken by each front
//! end (the CLI's flag, the server's body, Python's keyword arguments) with the same default,
//! one table a job made by [`job_table`] and one snapshot a job
//! (`snapshots/lingeo__drift__JOB_front_ends.snap`). A field added to a request that a front
//! end does not take, or whose default a front end changes, changes the table and fails.
//!
//! It is a unit test of the binary because the CLI and the server are the binary's modules.
//! Python reads its keyword arguments as a JSON object of the same fields through
//! `lingeo::api::request::from_value` (python/src/keywords.rs), the function called here for
//! its column; each job's test checks that the binding reads its keywords so.

use clap::{Args, Command, FromArgMatches};
use lingeo::api::request::{self, Field, Kind, Request};
use serde_json::{Map, Value, json};

use crate::cli::schema_args::{Flags, cli_form};
use crate::serve::error::HttpError;

/// The jobs with no option, only inputs (the same texts from every front end): no table.
const NO_OPTIONS: &[(&str, &str)] = &[
    ("check", "the texts to check"),
    ("board", "the scenario's text"),
];

/// A value of the field to give: its default where it has one that is not off, else one of
/// its kind.
fn sample(field: &Field) -> Value {
    match (&field.default, &field.kind) {
        (Value::Null | Value::Bool(false), Kind::Bool) => Value::Bool(true),
        (Value::Null, Kind::Integer { .. }) => json!(2),
        (Value::Null, Kind::Number) => json!(1.5),
        (Value::Null, Kind::Choice { values }) => Value::String(values[0].clone()),
        (Value::Null, Kind::String) => json!("x"),
        // An empty text may be what the rules refuse (a translation's piece, the zones'
        // `to`): a text is given.
        (Value::String(text), Kind::String) if text.is_empty() => json!("x"),
        (default, _) => default.clone(),
    }
}

/// The CLI's flags of `options`.
fn argv<R: Flags>(options: &Map<String, Value>) -> Vec<String> {
    let mut argv = Vec::new();
    for (name, value) in options {
        let switch = R::SWITCHES.iter().find(|s| s.field == name);
        let flag = format!("--{}", name.replace('_', "-"));
        match (value, switch) {
            (Value::Bool(on), Some(switch)) => {
                argv.push(format!("--{}", if *on { switch.on } else { switch.off }));
            }
            (Value::Bool(true), None) => argv.push(flag),
            (Value::Bool(false) | Value::Null, None) => {}
            (Value::String(text), _) => argv.extend([flag, text.clone()]),
            (value, _) => argv.extend([flag, value.to_string()]),
        }
    }
    argv
}

/// A front end of a job: the request it reads from some options, or why it did not.
type FrontOf<'a, R> = &'a dyn Fn(&Map<String, Value>) -> Result<R, String>;

/// The CLI's request of `options` for the command `job` with the positional arguments
/// `positional`, through the command's own clap struct `A` and its `request`.
fn cli_job<A: Args + FromArgMatches, R: Flags>(
    job: &str,
    positional: &[&str],
    options: &Map<String, Value>,
    request: fn(&A) -> Result<R, crate::cli::CliError>,
) -> Result<R, String> {
    // The first of `argv` is the command's name, as a binary's name.
    let command = A::augment_args(Command::new(job.to_string()).no_binary_name(false));
    let mut argv: Vec<String> = vec![job.to_string()];
    argv.extend(positional.iter().map(|s| s.to_string()));
    argv.extend(self::argv::<R>(options));
    let matches = command
        .try_get_matches_from(argv)
        .map_err(|e| e.to_string())?;
    let args = A::from_arg_matches(&matches).map_err(|e| e.to_string())?;
    request(&args).map_err(|e| e.0)
}

/// A server's reader's error, as the test shows it.
fn http(e: HttpError) -> String {
    format!("{} {}", e.status, e.message)
}

/// Whether `front` takes `field` at `value`, in one of `contexts` (other fields the rules
/// need beside it): the request it reads has the field at that value (any value, where the
/// front end caps it: `capped`).
fn takes_in<R: Request>(
    front: FrontOf<R>,
    field: &Field,
    value: &Value,
    contexts: &[Value],
    capped: bool,
) -> Result<(), String> {
    let mut last = String::new();
    for context in contexts.iter().chain([&json!({})]) {
        let mut options = context.as_object().cloned().unwrap_or_default();
        options.insert(field.name.clone(), value.clone());
        match front(&options) {
            Ok(r) => {
                let read = serde_json::to_value(&r).expect("a request serialises");
                return if capped || read[&field.name] == *value {
                    Ok(())
                } else {
                    Err(format!("read as {}", read[&field.name]))
                };
            }
            Err(e) => last = e,
        }
    }
    Err(last)
}

/// A job's table of fields × front ends, checked: with no option each front end reads `base`
/// (the request's `Default` with the fields a request cannot go without, which `contexts[0]`
/// gives where the default does not do), and each takes each field. `server` and `python`
/// are `Err(why)` where the job has no such front end; `server_caps` are the fields the
/// server caps (it takes them, its value may be another), with how.
fn job_table<R: Flags>(
    cli: FrontOf<R>,
    server: Result<FrontOf<R>, &str>,
    python: Result<FrontOf<R>, &str>,
    contexts: &[Value],
    server_caps: &[(&str, &str)],
) -> String {
    let base = contexts.first().cloned().unwrap_or_else(|| json!({}));
    let expected: R = request::read(base.clone()).expect("the base request reads");
    let base = base.as_object().cloned().unwrap_or_default();
    let mut fronts: Vec<(&str, Result<FrontOf<R>, &str>)> =
        vec![("CLI", Ok(cli)), ("server", server), ("Python", python)];
    for (name, front) in &mut fronts {
        if let Ok(front) = front {
            assert_eq!(
                front(&base).as_ref(),
                Ok(&expected),
                "{name}'s defaults of {}",
                R::JOB
            );
        }
    }
    let ty = std::any::type_name::<R>().rsplit("::").next().unwrap_or("");
    let mut table = if base.is_empty() {
        format!(
            "job `{}`: with no option given, each front end reads {ty}::default()\n\n",
            R::JOB
        )
    } else {
        format!(
            "job `{}`: given only {}, each front end reads {ty}::default() with those fields\n\n",
            R::JOB,
            Value::Object(base.clone())
        )
    };
    table.push_str(
        "| field | kind | default | CLI | server | Python |\n|---|---|---|---|---|---|\n",
    );
    let mut failures = Vec::new();
    for field in request::fields::<R>() {
        let value = sample(&field);
        let cap = server_caps.iter().find(|(f, _)| *f == field.name);
        let mut cells = Vec::new();
        for (name, front) in &fronts {
            let capped = *name == "server" && cap.is_some();
            let form = match (*name, cap) {
                ("CLI", _) => cli_form::<R>(&field.name).map_err(|why| format!("no flag: {why}")),
                ("server", Some((_, how))) => Ok(format!("takes it ({how})")),
                _ => Ok("takes it".to_string()),
            };
            cells.push(match (front, form) {
                (Err(why), _) => (*why).to_string(),
                (Ok(_), Err(why)) => why,
                (Ok(front), Ok(form)) => match takes_in(*front, &field, &value, contexts, capped) {
                    Ok(()) => form,
                    Err(e) => {
                        failures.push(format!("{name} {}: {e}", field.name));
                        format!("{form} FAILS")
                    }
                },
            });
        }
        table.push_str(&format!(
            "| {} | {} | {} | {} |\n",
            field.name,
            request::describe_kind(&field),
            field.default,
            cells.join(" | ")
        ));
    }
    assert!(failures.is_empty(), "{}\n{table}", failures.join("\n"));
    table
}

/// Python's front end of every job: `request::from_value`, which python/src/keywords.rs calls.
fn python_job<R: Request>(options: &Map<String, Value>) -> Result<R, String> {
    request::from_value::<R>(Value::Object(options.clone())).map_err(|e| e.to_string())
}

fn snapshot(job: &str, table: String) {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../snapshots");
    settings.set_prepend_module_to_snapshot(true);
    settings.bind(|| insta::assert_snapshot!(format!("{job}_front_ends"), table));
}

/// The binding's source reads `R` from its keywords through `keywords::request`, which calls
/// `request::from_value` (Python's column).
fn python_binds<R: Request>() {
    let binding = include_str!("../python/src/lib.rs");
    let ty = std::any::type_name::<R>().rsplit("::").next().unwrap_or("");
    let read = format!("r: {ty} = keywords::request(options)");
    assert!(
        binding.contains(&format!("let {read}")) || binding.contains(&format!("let mut {read}")),
        "python/src/lib.rs reads {ty} from its keywords"
    );
    let keywords = include_str!("../python/src/keywords.rs");
    assert!(keywords.contains("lingeo::api::request::from_value::<R>"));
}

#[test]
fn search_front_ends() {
    use crate::cli::play::SearchArgs;
    use lingeo::api::SearchRequest;
    let memory = SearchRequest::default().max_memory;
    let cli = |o: &Map<String, Value>| {
        cli_job::<SearchArgs, SearchRequest>("search", &["x.scenario"], o, |a| a.options.request())
    };
    let server_with = |o: &Map<String, Value>, memory: u64| {
        let mut body = o.clone();
        body.insert("scenario".to_string(), json!("board 3x3"));
        crate::serve::api::search_request(Value::Object(body), memory)
            .map(|(r, _)| r)
            .map_err(http)
    };
    let server = |o: &Map<String, Value>| server_with(o, memory);
    // The server's memory budget caps the search's memory (and is its default).
    assert_eq!(server_with(&Map::new(), 100).map(|r| r.max_memory), Ok(100));
    python_binds::<SearchRequest>();
    let wrapper = include_str!("../python/lingeo/__init__.py");
    assert!(wrapper.contains("**options: Any,\n    ) -> Search:"));
    // Some fields go with the LG engine only, others with a depth.
    let contexts = [json!({}), json!({"engine": "lg"}), json!({"depth": 2})];
    let mut table = job_table::<SearchRequest>(&cli, Ok(&server), Ok(&python_job), &contexts, &[]);
    let inputs_only: Vec<String> = NO_OPTIONS
        .iter()
        .map(|(job, inputs)| format!("{job} ({inputs})"))
        .collect();
    table.push_str(&format!(
        "\nevery other job's request is the schema too (a table each); no option, only \
         inputs: {}\n",
        inputs_only.join(", ")
    ));
    snapshot("search", table);
}

#[test]
fn zones_front_ends() {
    use crate::cli::zones::ZoneArgs;
    use lingeo::api::ZonesRequest;
    let memory = ZonesRequest::default().max_memory;
    let cli = |o: &Map<String, Value>| {
        cli_job::<ZoneArgs, ZonesRequest>("zones", &["x.scenario"], o, |a| a.options.request())
    };
    let server = |o: &Map<String, Value>| {
        let mut body = o.clone();
        body.insert("scenario".to_string(), json!("board 3x3"));
        crate::serve::api::zones_request(Value::Object(body), memory)
            .map(|(r, _)| r)
            .map_err(http)
    };
    python_binds::<ZonesRequest>();
    // An attack, or every attack.
    let contexts = [
        json!({"piece": "WK", "to": "a1"}),
        json!({"all_attacks": true}),
    ];
    let caps = [("jobs", "at most 1: one thread a request")];
    let table = job_table::<ZonesRequest>(&cli, Ok(&server), Ok(&python_job), &contexts, &caps);
    snapshot("zones", table);
}

#[test]
fn trajectories_front_ends() {
    use crate::cli::trajectories::TrajectoryArgs;
    use lingeo::api::TrajectoriesRequest;
    let memory = TrajectoriesRequest::default().max_memory;
    let cli = |o: &Map<String, Value>| {
        cli_job::<TrajectoryArgs, TrajectoriesRequest>("trajectories", &["x.scenario"], o, |a| {
            a.options.request()
        })
    };
    let server = |o: &Map<String, Value>| {
        crate::serve::api::board_request::<TrajectoriesRequest>(Value::Object(o.clone()), memory)
            .map(|(r, _)| r)
            .map_err(http)
    };
    python_binds::<TrajectoriesRequest>();
    let contexts = [json!({"to": "a1"})];
    let table =
        job_table::<TrajectoriesRequest>(&cli, Ok(&server), Ok(&python_job), &contexts, &[]);
    snapshot("trajectories", table);
}

#[test]
fn map_front_ends() {
    use crate::cli::map::MapArgs;
    use lingeo::api::MapRequest;
    let memory = MapRequest::default().max_memory;
    let cli = |o: &Map<String, Value>| {
        cli_job::<MapArgs, MapRequest>("map", &["x.scenario"], o, |a| a.options.request())
    };
    let server = |o: &Map<String, Value>| {
        crate::serve::api::board_request::<MapRequest>(Value::Object(o.clone()), memory)
            .map(|(r, _)| r)
            .map_err(http)
    };
    python_binds::<MapRequest>();
    let table = job_table::<MapRequest>(&cli, Ok(&server), Ok(&python_job), &[], &[]);
    snapshot("map", table);
}

#[test]
fn run_front_ends() {
    use crate::cli::run::RunArgs;
    use lingeo::api::RunRequest;
    let memory = RunRequest::default().max_memory;
    let cli = |o: &Map<String, Value>| {
        cli_job::<RunArgs, RunRequest>("run", &["x.lgg"], o, |a| a.options.request())
    };
    let server = |o: &Map<String, Value>| {
        let mut body = o.clone();
        body.insert("grammar".into(), json!("grammar g\nS(x: point) -> e\n"));
        crate::serve::api::run_request(Value::Object(body), memory)
            .map(|(r, _)| r)
            .map_err(http)
    };
    python_binds::<RunRequest>();
    // A run needs its start; a field may go with a piece type.
    let contexts = [
        json!({"start": "S(a1)"}),
        json!({"start": "S(a1)", "type": "king"}),
    ];
    let table = job_table::<RunRequest>(&cli, Ok(&server), Ok(&python_job), &contexts, &[]);
    snapshot("run", table);
}

#[test]
fn play_front_ends() {
    use crate::cli::play::PlayArgs;
    use lingeo::api::PlayRequest;
    let memory = PlayRequest::default().max_memory;
    let cli = |o: &Map<String, Value>| {
        cli_job::<PlayArgs, PlayRequest>("play", &["x.scenario"], o, |a| a.options.request())
    };
    let server = |o: &Map<String, Value>| {
        let mut body = o.clone();
        // A PGN game brings its own position: the body has no scenario then.
        if !body.contains_key("pgn") {
            body.insert("scenario".to_string(), json!("board 3x3"));
        }
        crate::serve::api::play_request(Value::Object(body), memory)
            .map(|(r, _)| r)
            .map_err(http)
    };
    // The server's budget caps the replay's memory (and is its default).
    let mut body = Map::new();
    body.insert("scenario".to_string(), json!("board 3x3"));
    assert_eq!(
        crate::serve::api::play_request(Value::Object(body), 100)
            .map(|(r, _)| r.max_memory)
            .ok(),
        Some(100)
    );
    python_binds::<PlayRequest>();
    let table = job_table::<PlayRequest>(&cli, Ok(&server), Ok(&python_job), &[], &[]);
    snapshot("play", table);
}

#[test]
fn match_front_ends() {
    use crate::cli::matches::MatchArgs;
    use lingeo::api::MatchRequest;
    let cli = |o: &Map<String, Value>| {
        cli_job::<MatchArgs, MatchRequest>("match", &["x.scenario"], o, |a| a.options.request())
    };
    python_binds::<MatchRequest>();
    let table = job_table::<MatchRequest>(&cli, Err("no endpoint"), Ok(&python_job), &[], &[]);
    snapshot("match", table);
}

#[test]
fn patterns_front_ends() {
    use crate::cli::patterns::PatternArgs;
    use lingeo::api::PatternsRequest;
    let memory = PatternsRequest::default().max_memory;
    let cli = |o: &Map<String, Value>| {
        cli_job::<PatternArgs, PatternsRequest>("patterns", &["x.scenario"], o, |a| {
            a.options.request()
        })
    };
    let server = |o: &Map<String, Value>| {
        let mut body = o.clone();
        body.insert("scenario".to_string(), json!("board 3x3"));
        crate::serve::api::patterns_request(Value::Object(body), memory)
            .map(|(r, _)| r)
            .map_err(http)
    };
    python_binds::<PatternsRequest>();
    let table = job_table::<PatternsRequest>(&cli, Ok(&server), Ok(&python_job), &[], &[]);
    snapshot("patterns", table);
}

#[test]
fn fuzzy_front_ends() {
    use crate::cli::patterns::FuzzyArgs;
    use lingeo::api::PairsRequest;
    let memory = PairsRequest::default().max_memory;
    let cli = |o: &Map<String, Value>| {
        cli_job::<FuzzyArgs, PairsRequest>("fuzzy", &["x.scenario"], o, |a| a.options.request())
    };
    let server = |o: &Map<String, Value>| {
        let mut body = o.clone();
        body.insert("scenario".to_string(), json!("board 3x3"));
        crate::serve::api::fuzzy_request(Value::Object(body), memory)
            .map(|(r, _)| r)
            .map_err(http)
    };
    python_binds::<PairsRequest>();
    let table = job_table::<PairsRequest>(&cli, Ok(&server), Ok(&python_job), &[], &[]);
    snapshot("fuzzy", table);
}

#[test]
fn evaluate_front_ends() {
    use crate::cli::evaluate::EvaluateArgs;
    use lingeo::api::EvaluateRequest;
    let cli = |o: &Map<String, Value>| {
        cli_job::<EvaluateArgs, EvaluateRequest>("evaluate", &["x.scenario"], o, |a| {
            a.options.request()
        })
    };
    python_binds::<EvaluateRequest>();
    let table = job_table::<EvaluateRequest>(&cli, Err("no endpoint"), Ok(&python_job), &[], &[]);
    snapshot("evaluate", table);
}

#[test]
fn perft_front_ends() {
    use crate::cli::perft::PerftArgs;
    use lingeo::api::PerftRequest;
    let cli = |o: &Map<String, Value>| {
        cli_job::<PerftArgs, PerftRequest>("perft", &[], o, |a| a.options.request())
    };
    let server = |o: &Map<String, Value>| {
        crate::serve::api::perft_request(Value::Object(o.clone()), 1024)
            .map(|(r, _)| r)
            .map_err(|e| format!("{} {}", e.status, e.message))
    };
    python_binds::<PerftRequest>();
    let table = job_table::<PerftRequest>(&cli, Ok(&server), Ok(&python_job), &[], &[]);
    snapshot("perft", table);
}

#[test]
fn translate_front_ends() {
    use crate::cli::translate::TranslateArgs;
    use lingeo::api::TranslateRequest;
    let memory = TranslateRequest::default().max_memory;
    let cli = |o: &Map<String, Value>| {
        cli_job::<TranslateArgs, TranslateRequest>("translate", &["x.scenario"], o, |a| {
            a.options.request()
        })
    };
    let server = |o: &Map<String, Value>| {
        let mut body = o.clone();
        body.insert("scenario".to_string(), json!("board 3x3"));
        crate::serve::api::translate_request(Value::Object(body), memory)
            .map(|(r, _)| r)
            .map_err(http)
    };
    // A translation needs its piece, target and moves.
    let needed = json!({"piece": "P", "to": "a1", "moves": "P a1-a2"});
    let table = job_table::<TranslateRequest>(
        &cli,
        Ok(&server),
        Err("no binding"),
        std::slice::from_ref(&needed),
        &[],
    );
    snapshot("translate", table);
}

#[test]
fn analysis_front_ends() {
    use crate::cli::analysis::Figure12Args;
    use lingeo::api::AnalysisRequest;
    let cli = |o: &Map<String, Value>| {
        cli_job::<Figure12Args, AnalysisRequest>("figure12", &[], o, |a| a.options.request())
    };
    let server = |o: &Map<String, Value>| {
        crate::serve::api::job_request::<AnalysisRequest>(Value::Object(o.clone()), &[], &[], 64)
            .map(|(r, _)| r)
            .map_err(http)
    };
    python_binds::<AnalysisRequest>();
    let table = job_table::<AnalysisRequest>(&cli, Ok(&server), Ok(&python_job), &[], &[]);
    snapshot("analysis", table);
}

#[test]
fn compare_front_ends() {
    use crate::cli::compare_grammars::CompareArgs;
    use lingeo::api::CompareRequest;
    let memory = CompareRequest::default().max_memory;
    let cli = |o: &Map<String, Value>| {
        cli_job::<CompareArgs, CompareRequest>("compare", &["a.lgg", "native"], o, |a| {
            a.options.request()
        })
    };
    let server = |o: &Map<String, Value>| {
        let mut body = o.clone();
        body.insert("a".to_string(), json!("grammar text"));
        body.insert("b".to_string(), json!("native"));
        crate::serve::api::compare_request(Value::Object(body), memory, lingeo::parallel::MAX_JOBS)
            .map(|(r, ..)| r)
            .map_err(http)
    };
    python_binds::<CompareRequest>();
    // A comparison needs its starts: one start, or random ones with their seed (the server
    // draws none from its clock); a side goes with a piece type.
    let contexts = [
        json!({"start": "S(a1, b2, 1)"}),
        json!({"random": 2, "seed": 1}),
        json!({"start": "S(a1, b2, 1)", "type": "king"}),
    ];
    let table = job_table::<CompareRequest>(&cli, Ok(&server), Ok(&python_job), &contexts, &[]);
    snapshot("compare", table);
}
