//! The requests of the API as the one schema of every front end (issue 46): a job's request is
//! plain data that derives `Deserialize` (unknown fields refused), its defaults are its
//! `Default`, its rules its [`Request::check`], and its schema (`schemars`) tells at run time
//! each field's name, doc comment, type and enum values. The CLI's flags are generated from
//! [`fields`], the server and the Python package read their bodies and keyword arguments by
//! [`from_value`], and the page reads the defaults ([`defaults`]); no front end keeps a list of
//! its own.

use std::collections::BTreeSet;
use std::sync::{Mutex, OnceLock};

use schemars::JsonSchema;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use super::error::{ApiError, Result};

/// A job's request: data with its defaults and its rules.
pub trait Request:
    Serialize + DeserializeOwned + JsonSchema + Default + Clone + PartialEq + std::fmt::Debug
{
    /// The job's name (`search`), as the server's endpoint and the CLI's command call it.
    const JOB: &'static str;

    /// What makes the request contradict itself, if anything does; the message names the
    /// fields at fault in backquotes (`` `depth` ``), which a front end may spell its way.
    fn check(&self) -> Result<()>;

    /// The memory limit the request asks for, in bytes: its field `max_memory` (MiB), read
    /// by the field's name as the front ends read it; `None` for a request without one (the
    /// caller's default applies).
    fn memory_limit(&self) -> Option<usize> {
        let value = serde_json::to_value(self).ok()?;
        value.get("max_memory")?.as_u64().map(memory_bytes)
    }
}

/// What kind of value a field holds.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "type")]
pub enum Kind {
    /// On or off.
    Bool,
    /// A whole number (at least `minimum` where the schema gives one).
    Integer {
        /// The least value, where there is one (0 for the unsigned types).
        minimum: Option<f64>,
    },
    /// A number.
    Number,
    /// A text.
    String,
    /// One of these names.
    Choice {
        /// The names, in the enum's order.
        values: Vec<String>,
    },
}

/// A field of a request, as its schema describes it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Field {
    /// The field's name (`race_budget`).
    pub name: String,
    /// Its doc comment.
    pub doc: String,
    /// Its kind of value.
    pub kind: Kind,
    /// Whether it may be left unset (`None`, `null`).
    pub optional: bool,
    /// Its value in the request's `Default`.
    pub default: Value,
}

/// The fields of `R`, in the order of its declaration.
pub fn fields<R: Request>() -> Vec<Field> {
    let schema = schemars::schema_for!(R);
    let root = schema.as_value();
    let defaults = defaults::<R>();
    let Some(Value::Object(properties)) = root.get("properties") else {
        return Vec::new();
    };
    properties
        .iter()
        .map(|(name, property)| {
            let (kind, optional) = kind_of(root, property);
            Field {
                name: name.clone(),
                doc: description(root, property),
                kind,
                optional,
                default: defaults.get(name).cloned().unwrap_or(Value::Null),
            }
        })
        .collect()
}

/// `R::default()` as a JSON object, field by field.
pub fn defaults<R: Request>() -> Map<String, Value> {
    match serde_json::to_value(R::default()) {
        Ok(Value::Object(map)) => map,
        _ => Map::new(),
    }
}

/// Reads a request from `value`, a JSON object of some of its fields (the rest take their
/// defaults), and checks it: a field the request does not have is an error naming the close
/// names, a value of the wrong kind an error naming the field.
pub fn from_value<R: Request>(value: Value) -> Result<R> {
    let request = read::<R>(value)?;
    request.check()?;
    Ok(request)
}

/// [`from_value`] without [`Request::check`]: the fields read, whether or not they go
/// together.
pub fn read<R: Request>(value: Value) -> Result<R> {
    let Value::Object(map) = value else {
        return Err(ApiError::request(
            None,
            format!("the options of {} must be an object of fields", R::JOB),
        ));
    };
    let fields = fields::<R>();
    let mut map = map;
    for (key, value) in map.iter_mut() {
        let Some(field) = fields.iter().find(|f| f.name == *key) else {
            return Err(unknown_field::<R>(key, &fields));
        };
        // A number may come as its digits (`"depth": "4"`), as a form's field gives it.
        if let (Kind::Integer { .. } | Kind::Number, Value::String(text)) = (&field.kind, &*value)
            && let Ok(number) = serde_json::from_str::<serde_json::Number>(text.trim())
        {
            *value = Value::Number(number);
        }
    }
    let request = match serde_json::from_value::<R>(Value::Object(map.clone())) {
        Ok(request) => request,
        // Find the field at fault: each field alone, the others left to their defaults.
        Err(whole) => {
            for (key, value) in &map {
                let alone = Map::from_iter([(key.clone(), value.clone())]);
                if let Err(e) = serde_json::from_value::<R>(Value::Object(alone)) {
                    let kind = fields.iter().find(|f| f.name == *key).map(describe_kind);
                    return Err(ApiError::request(
                        Some(intern(key)),
                        format!(
                            "`{key}` must be {}, not {value} ({e})",
                            kind.unwrap_or_default()
                        ),
                    ));
                }
            }
            return Err(ApiError::request(None, whole.to_string()));
        }
    };
    Ok(request)
}

fn unknown_field<R: Request>(key: &str, fields: &[Field]) -> ApiError {
    let names: Vec<&str> = fields.iter().map(|f| f.name.as_str()).collect();
    let close = close_names(key, &names);
    let hint = if close.is_empty() {
        format!("{} takes {}", R::JOB, quoted(&names))
    } else {
        format!("did you mean {}?", quoted(&close))
    };
    ApiError::request(None, format!("{} has no field `{key}`; {hint}", R::JOB))
}

fn quoted(names: &[&str]) -> String {
    let names: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
    names.join(", ")
}

/// The names among `names` close to `given`: at most two edits away (a third of its length
/// for long names), or one holding the other.
pub fn close_names<'a>(given: &str, names: &[&'a str]) -> Vec<&'a str> {
    let given_lower = given.to_lowercase().replace('-', "_");
    names
        .iter()
        .copied()
        .filter(|name| {
            let allowed = (given_lower.chars().count() / 3).max(2);
            edits(&given_lower, name) <= allowed
                || (given_lower.len() >= 3
                    && (name.contains(given_lower.as_str()) || given_lower.contains(name)))
        })
        .collect()
}

/// The Levenshtein distance of two names.
fn edits(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let next = (row[j + 1] + 1)
                .min(row[j] + 1)
                .min(diagonal + usize::from(ca != cb));
            diagonal = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

/// A field's name as the `&'static str` [`ApiError::Request`] holds: the names of the
/// requests' fields only (a bounded set), each kept once.
fn intern(name: &str) -> &'static str {
    static NAMES: OnceLock<Mutex<BTreeSet<&'static str>>> = OnceLock::new();
    let mut names = NAMES
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    if let Some(kept) = names.get(name) {
        return kept;
    }
    let kept: &'static str = Box::leak(name.to_string().into_boxed_str());
    names.insert(kept);
    kept
}

/// The kind of a field in words (`a whole number from 0, or null`).
pub fn describe_kind(field: &Field) -> String {
    let what = match &field.kind {
        Kind::Bool => "true or false".to_string(),
        Kind::Integer { minimum: Some(m) } => format!("a whole number from {m}"),
        Kind::Integer { minimum: None } => "a whole number".to_string(),
        Kind::Number => "a number".to_string(),
        Kind::String => "a string".to_string(),
        Kind::Choice { values } => format!("one of {}", values.join(", ")),
    };
    if field.optional {
        what + ", or null"
    } else {
        what
    }
}

/// The schema `schema` stands for: itself, or the definition its `$ref` names.
fn resolve<'a>(root: &'a Value, schema: &'a Value) -> &'a Value {
    match schema.get("$ref").and_then(Value::as_str) {
        Some(reference) => reference
            .strip_prefix("#/$defs/")
            .and_then(|name| root.get("$defs")?.get(name))
            .unwrap_or(schema),
        None => schema,
    }
}

fn description(root: &Value, property: &Value) -> String {
    let text = property
        .get("description")
        .or_else(|| resolve(root, property).get("description"))
        .and_then(Value::as_str)
        .unwrap_or("");
    text.to_string()
}

/// A property's kind, and whether it may be null.
fn kind_of(root: &Value, property: &Value) -> (Kind, bool) {
    let schema = resolve(root, property);
    // `Option<Enum>`: anyOf [the enum, null].
    for key in ["anyOf", "oneOf"] {
        if let Some(Value::Array(options)) = schema.get(key) {
            let null = |s: &Value| s.get("type").and_then(Value::as_str) == Some("null");
            if options.iter().any(null) {
                let other = options.iter().find(|s| !null(s));
                let (kind, _) = other.map_or((Kind::String, true), |s| kind_of(root, s));
                return (kind, true);
            }
            let values: Vec<String> = options
                .iter()
                .filter_map(|s| {
                    let s = resolve(root, s);
                    s.get("const").or_else(|| s.get("enum")?.get(0))?.as_str()
                })
                .map(str::to_string)
                .collect();
            if values.len() == options.len() {
                return (Kind::Choice { values }, false);
            }
        }
    }
    if let Some(Value::Array(values)) = schema.get("enum") {
        let values = values
            .iter()
            .filter_map(Value::as_str)
            .map(str::to_string)
            .collect();
        return (Kind::Choice { values }, false);
    }
    let (kind, optional) = match schema.get("type") {
        Some(Value::String(t)) => (t.as_str(), false),
        Some(Value::Array(types)) => {
            let optional = types.iter().any(|t| t == "null");
            let t = types
                .iter()
                .filter_map(Value::as_str)
                .find(|t| *t != "null")
                .unwrap_or("string");
            (t, optional)
        }
        _ => ("string", false),
    };
    let kind = match kind {
        "boolean" => Kind::Bool,
        "integer" => Kind::Integer {
            minimum: schema.get("minimum").and_then(Value::as_f64),
        },
        "number" => Kind::Number,
        _ => Kind::String,
    };
    (kind, optional)
}

/// The most MiB a request's `max_memory` takes (2^30, as `--max-memory` takes it).
pub const MAX_MEMORY_MIB: u64 = 1 << 30;

/// The default `max_memory` of a request, in MiB: the library's default memory limit.
pub const DEFAULT_MEMORY_MIB: u64 = (crate::memory::DEFAULT_LIMIT >> 20) as u64;

/// The rule of every request's `max_memory` (MiB): from 1 to [`MAX_MEMORY_MIB`].
pub fn check_max_memory(mib: u64) -> Result<()> {
    if (1..=MAX_MEMORY_MIB).contains(&mib) {
        return Ok(());
    }
    Err(ApiError::request(
        Some("max_memory"),
        format!("`max_memory` must be from 1 to {MAX_MEMORY_MIB} MiB, not {mib}"),
    ))
}

/// `mib` MiB in bytes (a request's `max_memory` as the thread's memory limit).
pub fn memory_bytes(mib: u64) -> usize {
    usize::try_from(mib.saturating_mul(1 << 20)).unwrap_or(usize::MAX)
}

/// The rule of a request's `time` (seconds): a positive number a duration holds.
pub fn check_time(time: Option<f64>) -> Result<()> {
    let Some(t) = time else {
        return Ok(());
    };
    let shown = if t != 0.0 && !(1e-6..1e15).contains(&t.abs()) {
        format!("{t:e}")
    } else {
        format!("{t}")
    };
    if !(t.is_finite() && t > 0.0) {
        return Err(ApiError::request(
            Some("time"),
            format!("`time` must be a positive number of seconds, not {shown}"),
        ));
    }
    if std::time::Duration::try_from_secs_f64(t).is_err() {
        return Err(ApiError::request(
            Some("time"),
            format!(
                "`time` {shown} is more seconds than a duration holds (at most {} seconds)",
                std::time::Duration::MAX.as_secs()
            ),
        ));
    }
    Ok(())
}

/// Runs `f` within `time` seconds (a request's `time`, checked by [`check_time`]): past it,
/// the work stops where it looks at the thread's deadline ([`crate::deadline`]) and says it
/// stopped at the time limit. A deadline the thread already has that comes sooner (a server's)
/// stays. Without a time, `f` runs under that deadline, if any.
///
/// A result `f` finishes after the deadline passed is the time error too, and so is any error
/// but one of a limit: what the engines build after the deadline may be incomplete (the
/// kernel stops building successor lists then, `Kernel::tables`), and a job that did not look
/// at the deadline again would return what it made of it (a comparison found "no start to
/// draw" on a board whose lists it had not built).
pub fn within_time<T>(time: Option<f64>, f: impl FnOnce() -> Result<T>) -> Result<T> {
    within_time_partial(time, || {
        let outcome = f();
        let limited = matches!(&outcome, Err(e) if e.kind() == super::error::ErrorKind::Stopped);
        match crate::budget::check_time() {
            Err(late) if !limited => Err(late.into()),
            _ => outcome,
        }
    })
}

/// [`within_time`] for work that returns what it finished by the deadline, saying where it
/// stopped (a match's games): its result is kept.
pub fn within_time_partial<T>(time: Option<f64>, f: impl FnOnce() -> T) -> T {
    match time.and_then(|t| std::time::Duration::try_from_secs_f64(t).ok()) {
        Some(limit) => crate::deadline::within_at_most(limit, f),
        None => f(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A job that ends after its deadline passed gives the time error, not what it finished
    /// (the kernel's lists built after the deadline are incomplete); a partial job's result is
    /// kept.
    #[test]
    fn a_result_finished_after_the_deadline_is_the_time_error() {
        let late = || {
            std::thread::sleep(std::time::Duration::from_millis(5));
            Ok::<_, ApiError>(7)
        };
        let e = within_time(Some(0.001), late).unwrap_err();
        assert!(matches!(e, ApiError::Stopped { .. }), "{e:?}");
        assert!(e.to_string().contains("time limit"), "{e}");
        assert_eq!(within_time(Some(60.0), late).unwrap(), 7);
        assert_eq!(within_time(None, late).unwrap(), 7);
        let kept = within_time_partial(Some(0.001), || late().map(|v| v + 1));
        assert_eq!(kept.unwrap(), 8);
    }

    /// A request's memory limit is its `max_memory` in bytes where it has the field, for
    /// every job, and none where it has not.
    #[test]
    fn the_memory_limit_is_max_memory_where_a_request_has_it() {
        use crate::api::*;
        fn limit<R: Request>(mut request: Value) -> (Option<usize>, bool) {
            let has = fields::<R>().iter().any(|f| f.name == "max_memory");
            if has {
                request["max_memory"] = Value::from(7);
            }
            let request: R = read(request).expect("the request reads");
            (request.memory_limit(), has)
        }
        let seven = Some(7 << 20);
        let empty = || Value::Object(Map::new());
        for (job, (memory, has)) in [
            ("search", limit::<SearchRequest>(empty())),
            ("zones", limit::<ZonesRequest>(empty())),
            ("trajectories", limit::<TrajectoriesRequest>(empty())),
            ("map", limit::<MapRequest>(empty())),
            ("run", limit::<RunRequest>(empty())),
            ("patterns", limit::<PatternsRequest>(empty())),
            ("fuzzy", limit::<PairsRequest>(empty())),
            ("translate", limit::<TranslateRequest>(empty())),
            ("play", limit::<PlayRequest>(empty())),
            ("evaluate", limit::<EvaluateRequest>(empty())),
            ("match", limit::<MatchRequest>(empty())),
            ("compare", limit::<CompareRequest>(empty())),
        ] {
            assert!(has, "{job} has a max_memory");
            assert_eq!(memory, seven, "{job}");
        }
        assert_eq!(limit::<AnalysisRequest>(empty()), (None, false));
    }

    #[test]
    fn close_names_are_a_few_edits_away_or_contain_each_other() {
        let names = ["race", "race_budget", "depth", "max_depth", "tree"];
        assert_eq!(close_names("rac_budget", &names), ["race_budget"]);
        assert_eq!(close_names("dept", &names), ["depth", "max_depth"]);
        assert!(close_names("zzzzzzzz", &names).is_empty());
    }
}
