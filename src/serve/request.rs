//! A request body turned into a lingeo command line: the texts it carries (a scenario, a
//! grammar) become files of the in-memory run under the names the request gives them (names
//! only: nothing is read from them), and every other field is the CLI option of that name
//! (`all_zones: true` is `--all-zones`, `horizon: 4` is `--horizon=4`, `set: ["a=1"]` is
//! `--set=a=1`), from a list of options each endpoint takes.

use std::path::PathBuf;

use serde_json::{Map, Value};

use super::error::ApiError;

/// How a text of the request enters the command line.
#[derive(Clone, Copy)]
pub enum Place {
    /// As the next positional argument.
    Positional,
    /// As the value of this option.
    Option(&'static str),
}

/// A text field: its key, whether it must be given, its file kind and where it goes.
#[derive(Clone, Copy)]
pub struct Text {
    pub key: &'static str,
    pub required: bool,
    pub extension: &'static str,
    pub place: Place,
}

pub const SCENARIO: Text = Text {
    key: "scenario",
    required: false,
    extension: "scenario",
    place: Place::Positional,
};

pub const GRAMMAR: Text = Text {
    key: "grammar",
    required: true,
    extension: "lgg",
    place: Place::Positional,
};

/// What an endpoint takes: the command, its texts in command-line order, its options, and
/// whether it draws a picture (`--svg`).
pub struct Spec {
    pub command: &'static str,
    pub texts: &'static [Text],
    pub options: &'static [&'static str],
    pub json: bool,
    pub svg: bool,
    /// Options that, given, leave the picture out (`trajectories --count` draws none).
    pub no_svg_with: &'static [&'static str],
    /// The values of `engine` that draw a picture (empty: any); `search` draws only the LG
    /// engines' trees, and refuses `--svg` with the others.
    pub svg_engines: &'static [&'static str],
    /// Whether the command takes `--max-memory` (the grammar limits): the server gives it its
    /// memory budget.
    pub memory: bool,
}

/// The name of the picture file of a command (kept in memory).
pub const PICTURE: &str = "picture.svg";

pub struct Line {
    pub args: Vec<String>,
    pub texts: Vec<(PathBuf, String)>,
}

/// The body as an object, or a 400.
pub fn object(body: Value) -> Result<Map<String, Value>, ApiError> {
    match body {
        Value::Object(map) => Ok(map),
        _ => Err(ApiError::bad_request(
            "the request body must be a JSON object",
        )),
    }
}

/// The name a text goes by (`NAME_name` in the request, or `KEY.EXT`): a plain relative file
/// name of the right kind, never opened.
pub fn name(body: &Map<String, Value>, text: &Text) -> Result<String, ApiError> {
    let key = format!("{}_name", text.key);
    let name = match body.get(&key) {
        None | Some(Value::Null) => return Ok(format!("{}.{}", text.key, text.extension)),
        Some(Value::String(s)) => s.clone(),
        Some(_) => return Err(ApiError::bad_request(format!("`{key}` must be a string"))),
    };
    let plain = !name.is_empty()
        && name.len() <= 200
        && !name.starts_with(['-', '/'])
        && !name.split('/').any(|part| part.is_empty() || part == "..")
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "._-/".contains(c));
    if !plain || !name.ends_with(&format!(".{}", text.extension)) {
        return Err(ApiError::bad_request(format!(
            "`{key}`: `{name}` is not a plain relative name ending in .{} (letters, digits, `._-/`)",
            text.extension
        )));
    }
    Ok(name)
}

pub fn command_line(spec: &Spec, body: &Map<String, Value>) -> Result<Line, ApiError> {
    let mut args = vec![spec.command.to_string()];
    let mut texts = Vec::new();
    let mut options = Vec::new();
    for text in spec.texts {
        match body.get(text.key) {
            None | Some(Value::Null) if text.required => {
                return Err(ApiError::bad_request(format!(
                    "`{}` (the {} text) is required",
                    text.key, text.extension
                )));
            }
            None | Some(Value::Null) => {}
            Some(Value::String(source)) => {
                let name = name(body, text)?;
                match text.place {
                    Place::Positional => args.push(name.clone()),
                    Place::Option(flag) => options.push(format!("--{flag}={name}")),
                }
                texts.push((PathBuf::from(name), source.clone()));
            }
            Some(_) => {
                return Err(ApiError::bad_request(format!(
                    "`{}` must be the text of a .{} file, or null",
                    text.key, text.extension
                )));
            }
        }
    }
    args.extend(options);
    for (key, value) in body {
        if spec
            .texts
            .iter()
            .any(|t| *key == t.key || *key == format!("{}_name", t.key))
        {
            continue;
        }
        if !spec.options.contains(&key.as_str()) {
            return Err(ApiError::bad_request(format!(
                "unknown field `{key}`; {} takes {}",
                spec.command,
                fields(spec).join(", ")
            )));
        }
        let flag = format!("--{}", key.replace('_', "-"));
        let mut push = |v: &Value| -> Result<(), ApiError> {
            match v {
                Value::Null | Value::Bool(false) => {}
                Value::Bool(true) => args.push(flag.clone()),
                Value::String(s) => args.push(format!("{flag}={s}")),
                Value::Number(n) => args.push(format!("{flag}={n}")),
                _ => {
                    return Err(ApiError::bad_request(format!(
                        "`{key}` must be a string, a number or a boolean"
                    )));
                }
            }
            Ok(())
        };
        match value {
            Value::Array(items) => items.iter().try_for_each(&mut push)?,
            v => push(v)?,
        }
    }
    if spec.json {
        args.push("--json".into());
    }
    let without = |o: &&str| {
        body.get(*o)
            .is_some_and(|v| *v != Value::Bool(false) && !v.is_null())
    };
    // The CLI's default engine is `alphabeta`.
    let engine = body.get("engine").and_then(Value::as_str);
    let engine_draws =
        spec.svg_engines.is_empty() || engine.is_some_and(|e| spec.svg_engines.contains(&e));
    if spec.svg && engine_draws && !spec.no_svg_with.iter().any(without) {
        args.push(format!("--svg={PICTURE}"));
    }
    Ok(Line { args, texts })
}

/// The fields an endpoint takes, for messages.
fn fields(spec: &Spec) -> Vec<String> {
    spec.texts
        .iter()
        .flat_map(|t| [t.key.to_string(), format!("{}_name", t.key)])
        .chain(spec.options.iter().map(|o| o.to_string()))
        .collect()
}
