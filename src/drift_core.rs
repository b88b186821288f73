//! The drift test of issue 46 for the jobs `zones`, `trajectories`, `map` and `run`: as
//! `drift.rs` does for `search`, every field of the job's request shown taken by each front
//! end (the CLI's flag, the server's body, Python's keyword arguments) with the same default,
//! one snapshot a job (snapshots/lingeo__drift_core__front_ends_JOB.snap).
//!
//! Python reads its keyword arguments as a JSON object of the same fields through
//! `lingeo::api::request::from_value` (python/src/keywords.rs), the function called here for
//! its column; each test checks that the binding reads the job's keywords so.

use clap::{Args, Command, FromArgMatches};
use lingeo::api::request::{self, Field, Kind};
use serde_json::{Map, Value, json};

use crate::cli::schema_args::{Flags, cli_form};

/// What the drift test needs of a job.
struct Job<R> {
    /// The CLI's command and its positional arguments (files).
    command: &'static str,
    positional: &'static [&'static str],
    /// The options every request of the test has (the attack of `zones`), besides the field.
    base: Value,
    /// The other fields that make a field's value go with the request's rules: one of these
    /// is added, the first that works.
    contexts: Vec<Value>,
    /// The request the CLI's flags read (`argv` after the binary's name).
    cli: fn(Vec<String>) -> Result<R, String>,
    /// The request the server reads from a body of these options, with this memory budget
    /// (MiB).
    server: fn(Map<String, Value>, u64) -> Result<R, String>,
    /// Fields the server caps, and how: it takes them, its value may be another.
    server_caps: &'static [(&'static str, &'static str)],
    /// What Python's binding holds where it reads the job's keywords.
    binding: &'static str,
}

/// A front end: the request it reads from some options.
type Front<'a, R> = &'a dyn Fn(&Map<String, Value>) -> Result<R, String>;

/// A value of the field to give: its default where it has one that is not off, else one of
/// its kind.
fn sample(field: &Field) -> Value {
    match (&field.default, &field.kind) {
        (Value::Null | Value::Bool(false), Kind::Bool) => Value::Bool(true),
        (Value::Null, Kind::Integer { .. }) => json!(2),
        (Value::Null, Kind::Number) => json!(1.5),
        (Value::Null, Kind::Choice { values }) => Value::String(values[0].clone()),
        (Value::Null, Kind::String) => json!("x"),
        // An empty text is a required one left out (`to`): give one.
        (Value::String(text), Kind::String) if text.is_empty() => json!("x"),
        (default, _) => default.clone(),
    }
}

fn object(value: &Value) -> Map<String, Value> {
    value.as_object().cloned().unwrap_or_default()
}

/// The CLI's command line of `options`.
fn argv<R: Flags>(job: &Job<R>, options: &Map<String, Value>) -> Vec<String> {
    let mut argv = vec![job.command.to_string()];
    argv.extend(job.positional.iter().map(|p| p.to_string()));
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

/// The request `Args` reads from `argv`, through clap and `Options`.
pub fn parse<A: Args + FromArgMatches, R>(
    argv: Vec<String>,
    options: fn(&A) -> Result<R, crate::cli::CliError>,
) -> Result<R, String> {
    // The first of `argv` is the command's name, as a binary's name.
    let command = A::augment_args(Command::new("lingeo").no_binary_name(false));
    let matches = command
        .try_get_matches_from(argv)
        .map_err(|e| e.to_string())?;
    let args = A::from_arg_matches(&matches).map_err(|e| e.to_string())?;
    options(&args).map_err(|e| e.0)
}

/// Whether `front` takes `field` at `value` (with the base and a context the rules accept):
/// the request it reads has the field at that value (any value, where `capped`).
fn takes<R: Flags>(
    job: &Job<R>,
    front: Front<R>,
    field: &Field,
    value: &Value,
    capped: bool,
) -> Result<(), String> {
    let mut last = String::new();
    for context in &job.contexts {
        let mut options = object(&job.base);
        options.extend(object(context));
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

/// The job's table of fields × front ends; panics where a front end does not take a field,
/// or reads another default.
fn table<R: Flags>(job: &Job<R>) -> String {
    let mut default = request::defaults::<R>();
    default.extend(object(&job.base));
    let default: R = serde_json::from_value(Value::Object(default)).expect("the base reads");
    let memory = serde_json::to_value(&default).expect("a request serialises")["max_memory"]
        .as_u64()
        .unwrap_or(4096);
    let base = object(&job.base);
    let cli = |o: &Map<String, Value>| (job.cli)(argv(job, o));
    let server = |o: &Map<String, Value>| (job.server)(o.clone(), memory);
    let python = |o: &Map<String, Value>| {
        request::from_value::<R>(Value::Object(o.clone())).map_err(|e| e.to_string())
    };
    // The base alone: each front end's request is the request's `Default` with it.
    assert_eq!(cli(&base).as_ref(), Ok(&default), "the CLI's defaults");
    assert_eq!(server(&base).as_ref(), Ok(&default), "the server's");
    assert_eq!(python(&base).as_ref(), Ok(&default), "Python's");

    let mut out = format!(
        "job `{}`: with no option given (but {}), the CLI, the server and Python all read the \
         request's Default\n\n",
        R::JOB,
        if base.is_empty() {
            "none".to_string()
        } else {
            Value::Object(base.clone()).to_string()
        }
    );
    out.push_str("| field | kind | default | CLI | server | Python |\n|---|---|---|---|---|---|\n");
    let mut failures = Vec::new();
    for field in request::fields::<R>() {
        let value = sample(&field);
        let cli_cell = match cli_form::<R>(&field.name) {
            Ok(flag) => match takes(job, &cli, &field, &value, false) {
                Ok(()) => flag,
                Err(e) => {
                    failures.push(format!("CLI {}: {e}", field.name));
                    format!("{flag} FAILS")
                }
            },
            Err(why) => format!("no flag: {why}"),
        };
        let cap = job.server_caps.iter().find(|(f, _)| *f == field.name);
        let server_cell = match takes(job, &server, &field, &value, cap.is_some()) {
            Ok(()) => match cap {
                Some((_, how)) => format!("takes it ({how})"),
                None => "takes it".to_string(),
            },
            Err(e) => {
                failures.push(format!("server {}: {e}", field.name));
                "FAILS".to_string()
            }
        };
        let python_cell = match takes(job, &python, &field, &value, false) {
            Ok(()) => "takes it".to_string(),
            Err(e) => {
                failures.push(format!("Python {}: {e}", field.name));
                "FAILS".to_string()
            }
        };
        out.push_str(&format!(
            "| {} | {} | {} | {cli_cell} | {server_cell} | {python_cell} |\n",
            field.name,
            request::describe_kind(&field),
            field.default,
        ));
    }
    assert!(failures.is_empty(), "{}\n{out}", failures.join("\n"));
    let binding = include_str!("../python/src/lib.rs");
    assert!(binding.contains(job.binding), "{}", job.binding);
    let keywords = include_str!("../python/src/keywords.rs");
    assert!(keywords.contains("lingeo::api::request::from_value::<R>"));
    out
}

fn snapshot(name: &str, table: String) {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../snapshots");
    settings.set_prepend_module_to_snapshot(true);
    settings.bind(|| insta::assert_snapshot!(name, table));
}

#[test]
fn zones_front_ends() {
    use crate::cli::zones::ZoneArgs;
    use lingeo::api::ZonesRequest;
    let job = Job::<ZonesRequest> {
        command: "zones",
        positional: &["x.scenario"],
        base: json!({"piece": "WK", "to": "a1"}),
        contexts: vec![
            json!({}),
            json!({"piece": "", "to": "", "all_attacks": true}),
        ],
        cli: |argv| parse::<ZoneArgs, _>(argv, |a| a.options.request()),
        server: |mut body, memory| {
            body.insert("scenario".into(), json!("board 3x3"));
            crate::serve::api::zones_request(Value::Object(body), memory)
                .map(|(r, _)| r)
                .map_err(|e| format!("{} {}", e.status, e.message))
        },
        server_caps: &[("jobs", "at most 1: one thread a request")],
        binding: "let r: ZonesRequest = keywords::request(options)",
    };
    snapshot("front_ends_zones", table(&job));
}

#[test]
fn trajectories_front_ends() {
    use crate::cli::trajectories::TrajectoryArgs;
    use lingeo::api::TrajectoriesRequest;
    let job = Job::<TrajectoriesRequest> {
        command: "trajectories",
        positional: &["x.scenario"],
        base: json!({"to": "a1"}),
        contexts: vec![json!({})],
        cli: |argv| parse::<TrajectoryArgs, _>(argv, |a| a.options.request()),
        server: |body, memory| {
            crate::serve::api::board_request::<TrajectoriesRequest>(Value::Object(body), memory)
                .map(|(r, _)| r)
                .map_err(|e| format!("{} {}", e.status, e.message))
        },
        server_caps: &[],
        binding: "let r: TrajectoriesRequest = keywords::request(options)",
    };
    snapshot("front_ends_trajectories", table(&job));
}

#[test]
fn map_front_ends() {
    use crate::cli::map::MapArgs;
    use lingeo::api::MapRequest;
    let job = Job::<MapRequest> {
        command: "map",
        positional: &["x.scenario"],
        base: json!({}),
        contexts: vec![json!({})],
        cli: |argv| parse::<MapArgs, _>(argv, |a| a.options.request()),
        server: |body, memory| {
            crate::serve::api::board_request::<MapRequest>(Value::Object(body), memory)
                .map(|(r, _)| r)
                .map_err(|e| format!("{} {}", e.status, e.message))
        },
        server_caps: &[],
        binding: "let r: MapRequest = keywords::request(options)",
    };
    snapshot("front_ends_map", table(&job));
}

#[test]
fn run_front_ends() {
    use crate::cli::run::RunArgs;
    use lingeo::api::RunRequest;
    let job = Job::<RunRequest> {
        command: "run",
        positional: &["x.lgg"],
        base: json!({"start": "S(a1)"}),
        contexts: vec![json!({}), json!({"type": "king"})],
        cli: |argv| parse::<RunArgs, _>(argv, |a| a.options.request()),
        server: |mut body, memory| {
            body.insert("grammar".into(), json!("grammar g\nS(x: point) -> e\n"));
            crate::serve::api::run_request(Value::Object(body), memory)
                .map(|(r, _)| r)
                .map_err(|e| format!("{} {}", e.status, e.message))
        },
        server_caps: &[],
        binding: "let mut r: RunRequest = keywords::request(options)",
    };
    snapshot("front_ends_run", table(&job));
}
