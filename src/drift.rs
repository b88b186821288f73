//! The drift test of issue 46: every field of every converted request, shown taken by each
//! front end (the CLI's flag, the server's body, Python's keyword arguments) with the same
//! default. A field added to a request that a front end does not take, or whose default a front
//! end changes, changes the table (snapshots/lingeo__drift__requests_front_ends.snap) and fails.
//!
//! It is a unit test of the binary because the CLI and the server are the binary's modules.
//! Python reads its keyword arguments as a JSON object of the same fields through
//! `lingeo::api::request::from_value` (python/src/keywords.rs), the function called here for
//! its column; the test checks that the binding's `search` reads its keywords so.

use clap::{Args, Command, FromArgMatches};
use lingeo::api::SearchRequest;
use lingeo::api::request::{self, Field, Kind, Request};
use serde_json::{Map, Value, json};

use crate::cli::play::SearchArgs;
use crate::cli::schema_args::{Flags, cli_form};

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
        (default, _) => default.clone(),
    }
}

/// The other fields that make a field's value go with the request's rules: none, or one of
/// these.
fn contexts() -> [Map<String, Value>; 3] {
    let object = |v: Value| v.as_object().cloned().unwrap_or_default();
    [
        Map::new(),
        object(json!({"engine": "lg"})),
        object(json!({"depth": 2})),
    ]
}

/// The CLI's command line of `options` (after the scenario).
fn argv<R: Flags>(options: &Map<String, Value>) -> Vec<String> {
    let mut argv = vec!["search".to_string(), "x.scenario".to_string()];
    for (name, value) in options {
        let switch = R::SWITCHES.iter().find(|s| s.field == name);
        match (value, switch) {
            (Value::Bool(on), Some(switch)) => {
                argv.push(format!("--{}", if *on { switch.on } else { switch.off }));
            }
            (Value::Bool(true), None) => argv.push(format!("--{}", name.replace('_', "-"))),
            (Value::Bool(false), None) => {}
            (Value::String(text), _) => {
                argv.push(format!("--{}", name.replace('_', "-")));
                argv.push(text.clone());
            }
            (value, _) => {
                argv.push(format!("--{}", name.replace('_', "-")));
                argv.push(value.to_string());
            }
        }
    }
    argv
}

fn cli_request(options: &Map<String, Value>) -> Result<SearchRequest, String> {
    let command = SearchArgs::augment_args(Command::new("search").no_binary_name(false));
    let matches = command
        .try_get_matches_from(argv::<SearchRequest>(options))
        .map_err(|e| e.to_string())?;
    let args = SearchArgs::from_arg_matches(&matches).map_err(|e| e.to_string())?;
    args.options.request().map_err(|e| e.0)
}

fn server_request(options: &Map<String, Value>, memory_mib: u64) -> Result<SearchRequest, String> {
    let mut body = options.clone();
    body.insert("scenario".to_string(), json!("board 3x3"));
    crate::serve::api::search_request(Value::Object(body), memory_mib)
        .map(|(request, _)| request)
        .map_err(|e| format!("{} {}", e.status, e.message))
}

fn python_request(options: &Map<String, Value>) -> Result<SearchRequest, String> {
    request::from_value::<SearchRequest>(Value::Object(options.clone())).map_err(|e| e.to_string())
}

/// A front end: the request it reads from some options.
type Front<'a> = &'a dyn Fn(&Map<String, Value>) -> Result<SearchRequest, String>;

/// Whether `front` takes `field` at `value` (with a context the rules accept): the request it
/// reads has the field at that value.
fn takes(front: Front, field: &Field, value: &Value) -> Result<(), String> {
    let mut last = String::new();
    for mut options in contexts() {
        options.insert(field.name.clone(), value.clone());
        match front(&options) {
            Ok(r) => {
                let read = serde_json::to_value(&r).expect("a request serialises");
                return if read[&field.name] == *value {
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

#[test]
fn requests_front_ends() {
    let default = SearchRequest::default();
    let memory = default.max_memory;
    // No option given: each front end's request is the request's `Default`.
    let none = Map::new();
    assert_eq!(
        cli_request(&none).as_ref(),
        Ok(&default),
        "the CLI's defaults"
    );
    assert_eq!(
        server_request(&none, memory).as_ref(),
        Ok(&default),
        "the server's"
    );
    assert_eq!(python_request(&none).as_ref(), Ok(&default), "Python's");
    // The server's memory budget caps the search's memory (and is its default).
    assert_eq!(server_request(&none, 100).map(|r| r.max_memory), Ok(100));

    let mut table = format!(
        "job `{}`: with no option given, the CLI, the server and Python all read \
         SearchRequest::default()\n\n",
        SearchRequest::JOB
    );
    table.push_str(
        "| field | kind | default | CLI | server | Python |\n|---|---|---|---|---|---|\n",
    );
    let mut failures = Vec::new();
    for field in request::fields::<SearchRequest>() {
        let value = sample(&field);
        let mut cells = Vec::new();
        let cli = match cli_form::<SearchRequest>(&field.name) {
            Ok(flag) => match takes(&cli_request, &field, &value) {
                Ok(()) => flag,
                Err(e) => {
                    failures.push(format!("CLI {}: {e}", field.name));
                    format!("{flag} FAILS")
                }
            },
            Err(why) => format!("no flag: {why}"),
        };
        cells.push(cli);
        for (name, front) in [
            (
                "server",
                &(|o: &Map<String, Value>| server_request(o, memory)) as Front,
            ),
            ("Python", &python_request),
        ] {
            cells.push(match takes(front, &field, &value) {
                Ok(()) => "takes it".to_string(),
                Err(e) => {
                    failures.push(format!("{name} {}: {e}", field.name));
                    "FAILS".to_string()
                }
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
    let inputs_only: Vec<String> = NO_OPTIONS
        .iter()
        .map(|(job, inputs)| format!("{job} ({inputs})"))
        .collect();
    table.push_str(&format!(
        "\nevery other job's request is the schema too (a table each); no option, only \
         inputs: {}\n",
        inputs_only.join(", ")
    ));
    assert!(failures.is_empty(), "{}\n{table}", failures.join("\n"));

    // Python's binding reads its keyword arguments through the same function.
    let binding = include_str!("../python/src/lib.rs");
    assert!(binding.contains("let r: SearchRequest = keywords::request(options)"));
    let keywords = include_str!("../python/src/keywords.rs");
    assert!(keywords.contains("lingeo::api::request::from_value::<R>"));
    let wrapper = include_str!("../python/lingeo/__init__.py");
    assert!(wrapper.contains("**options: Any,\n    ) -> Search:"));

    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../snapshots");
    settings.set_prepend_module_to_snapshot(true);
    settings.bind(|| insta::assert_snapshot!("requests_front_ends", table));
}

// The jobs converted in issue 46's second round (`play`, `match`, `compare`, `translate`,
// `patterns`, `fuzzy`, `evaluate`): one table and one snapshot each
// (snapshots/lingeo__drift__JOB_front_ends.snap), made by `job_table`.

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
    let command = A::augment_args(Command::new(job.to_string()).no_binary_name(false));
    let mut argv: Vec<String> = vec![job.to_string()];
    argv.extend(positional.iter().map(|s| s.to_string()));
    argv.extend(argv_of::<R>(options).into_iter().skip(2));
    let matches = command
        .try_get_matches_from(argv)
        .map_err(|e| e.to_string())?;
    let args = A::from_arg_matches(&matches).map_err(|e| e.to_string())?;
    request(&args).map_err(|e| e.0)
}

/// [`argv`]'s flags of `options`, for any job (the first two words are placeholders).
fn argv_of<R: Flags>(options: &Map<String, Value>) -> Vec<String> {
    argv::<R>(options)
}

/// Whether `front` takes `field` at `value`, in one of `contexts` (other fields the rules
/// need beside it).
fn takes_in<R: Request>(
    front: FrontOf<R>,
    field: &Field,
    value: &Value,
    contexts: &[Value],
) -> Result<(), String> {
    // An empty text may be what the rules refuse (a translation's piece): a text is given.
    let value = &if *value == json!("") {
        json!("x")
    } else {
        value.clone()
    };
    let mut last = String::new();
    for context in contexts.iter().chain([&json!({})]) {
        let mut options = context.as_object().cloned().unwrap_or_default();
        options.insert(field.name.clone(), value.clone());
        match front(&options) {
            Ok(r) => {
                let read = serde_json::to_value(&r).expect("a request serialises");
                return if read[&field.name] == *value {
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
/// are `Err(why)` where the job has no such front end.
fn job_table<R: Flags>(
    cli: FrontOf<R>,
    server: Result<FrontOf<R>, &str>,
    python: Result<FrontOf<R>, &str>,
    contexts: &[Value],
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
        let mut cells = Vec::new();
        for (name, front) in &fronts {
            let form = if *name == "CLI" {
                cli_form::<R>(&field.name).map_err(|why| format!("no flag: {why}"))
            } else {
                Ok("takes it".to_string())
            };
            cells.push(match (front, form) {
                (Err(why), _) => (*why).to_string(),
                (Ok(_), Err(why)) => why,
                (Ok(front), Ok(form)) => match takes_in(*front, &field, &value, contexts) {
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

/// The binding's source calls `keywords::request` for `R`'s job.
fn python_binds<R: Request>() {
    let binding = include_str!("../python/src/lib.rs");
    let ty = std::any::type_name::<R>().rsplit("::").next().unwrap_or("");
    assert!(
        binding.contains(&format!("let r: {ty} = keywords::request(options)")),
        "python/src/lib.rs reads {ty} from its keywords"
    );
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
        body.insert("scenario".to_string(), json!("board 3x3"));
        crate::serve::api::play_request(Value::Object(body), memory)
            .map(|(r, _)| r)
            .map_err(|e| format!("{} {}", e.status, e.message))
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
    let table = job_table::<PlayRequest>(&cli, Ok(&server), Ok(&python_job), &[]);
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
    let table = job_table::<MatchRequest>(&cli, Err("no endpoint"), Ok(&python_job), &[]);
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
            .map_err(|e| format!("{} {}", e.status, e.message))
    };
    python_binds::<PatternsRequest>();
    let table = job_table::<PatternsRequest>(&cli, Ok(&server), Ok(&python_job), &[]);
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
            .map_err(|e| format!("{} {}", e.status, e.message))
    };
    python_binds::<PairsRequest>();
    let table = job_table::<PairsRequest>(&cli, Ok(&server), Ok(&python_job), &[]);
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
    let table = job_table::<EvaluateRequest>(&cli, Err("no endpoint"), Ok(&python_job), &[]);
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
    let table = job_table::<PerftRequest>(
        &cli,
        Ok(&server),
        Err("no binding yet (issue 47 item 9)"),
        &[],
    );
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
            .map_err(|e| format!("{} {}", e.status, e.message))
    };
    // A translation needs its piece, target and moves.
    let needed = json!({"piece": "P", "to": "a1", "moves": "P a1-a2"});
    let table = job_table::<TranslateRequest>(
        &cli,
        Ok(&server),
        Err("no binding"),
        std::slice::from_ref(&needed),
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
            .map(|(r, _, _)| r)
            .map_err(|e| format!("{} {}", e.status, e.message))
    };
    python_binds::<AnalysisRequest>();
    let table = job_table::<AnalysisRequest>(&cli, Ok(&server), Ok(&python_job), &[]);
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
            .map_err(|e| format!("{} {}", e.status, e.message))
    };
    python_binds::<CompareRequest>();
    // A comparison needs its starts: one start, or random ones with their seed (the server
    // draws none from its clock); a side goes with a piece type.
    let contexts = [
        json!({"start": "S(a1, b2, 1)"}),
        json!({"random": 2, "seed": 1}),
        json!({"start": "S(a1, b2, 1)", "type": "king"}),
    ];
    let table = job_table::<CompareRequest>(&cli, Ok(&server), Ok(&python_job), &contexts);
    snapshot("compare", table);
}
