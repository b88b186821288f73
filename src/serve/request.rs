//! A request body read into the fields of an API request: the texts it carries (a scenario, a
//! grammar, rules, a network) with the names the request gives them (names only: nothing is
//! read from them), and the other fields by their names, each of the type the API's request
//! has (`horizon: 4`, `all_zones: true`, `set: ["a=1"]`), from the list each endpoint takes.
//! A field that is not on the list is refused with the list (400); a value of the wrong type
//! too.

use lingeo::api::{ApiError, Workbench};
use lingeo::scenario::Scenario;
use serde_json::{Map, Value};

use super::error::HttpError;

/// A text field: its key, whether it must be given, and its file kind.
#[derive(Clone, Copy)]
pub struct Text {
    pub key: &'static str,
    pub required: bool,
    pub extension: &'static str,
}

pub const SCENARIO: Text = Text {
    key: "scenario",
    required: false,
    extension: "scenario",
};

pub const SCENARIO_FILE: Text = Text {
    required: true,
    ..SCENARIO
};

pub const GRAMMAR: Text = Text {
    key: "grammar",
    required: true,
    extension: "lgg",
};

/// A grammar of the request's own, instead of the shipped one (zones, search).
pub const OWN_GRAMMAR: Text = Text {
    required: false,
    ..GRAMMAR
};

/// The sides of `compare`: each a grammar's text, or `native`.
pub const COMPARE_A: Text = Text {
    key: "a",
    required: true,
    extension: "lgg",
};

/// The second side of `compare`.
pub const COMPARE_B: Text = Text {
    key: "b",
    ..COMPARE_A
};

/// Learned rules (search with `eval: "learned"`).
pub const RULES: Text = Text {
    key: "rules",
    required: false,
    extension: "rules",
};

/// A Chessmaps network (search with `ordering: "chessmaps"`).
pub const NETWORK: Text = Text {
    key: "network",
    required: false,
    extension: "weights",
};

/// A text the request gave: the name it goes by, and the text.
pub struct Named {
    pub name: String,
    pub source: String,
}

/// The field that gives a chess position as FEN instead of a scenario's text, on every body
/// that takes a scenario (issue 47): `{"fen": "rnbqkbnr/... w KQkq - 0 1"}`.
pub const FEN: &str = "fen";

/// The position a request gives: a scenario's text, or a chess position as FEN.
pub enum Position {
    Text(Named),
    Fen(String),
}

impl Position {
    /// How results and errors name it: the scenario's name, or the FEN.
    pub fn name(&self) -> &str {
        match self {
            Position::Text(named) => &named.name,
            Position::Fen(fen) => fen,
        }
    }

    /// The scenario: the text parsed, or the FEN read; a bad FEN is an error of the field
    /// `fen` that says which of its fields is wrong and how (as the CLI's `--fen`).
    pub fn scenario(&self) -> Result<Scenario, ApiError> {
        match self {
            Position::Text(named) => Ok(Scenario::parse(&named.name, &named.source)?),
            Position::Fen(fen) => Scenario::from_fen(fen)
                .map_err(|e| ApiError::request(Some(FEN), format!("`{FEN}`: {e}"))),
        }
    }

    /// The workbench of the scenario (its distance kernel built within the thread's limit).
    pub fn workbench(&self) -> Result<Workbench, ApiError> {
        Workbench::new(self.scenario()?, self.name())
    }
}

/// The fields of a request body, for an endpoint that takes `texts` and `options`.
pub struct Fields {
    endpoint: &'static str,
    body: Map<String, Value>,
}

impl Fields {
    /// The body as an object whose every field the endpoint takes, or a 400.
    pub fn new(
        endpoint: &'static str,
        body: Value,
        texts: &[Text],
        options: &[&str],
    ) -> Result<Fields, HttpError> {
        let body = object(body)?;
        for key in body.keys() {
            let text = texts
                .iter()
                .any(|t| *key == t.key || *key == format!("{}_name", t.key))
                || (key == FEN && takes_fen(texts));
            if !text && !options.contains(&key.as_str()) {
                let fields: Vec<String> = texts
                    .iter()
                    .flat_map(|t| [t.key.to_string(), format!("{}_name", t.key)])
                    .chain(takes_fen(texts).then(|| FEN.to_string()))
                    .chain(options.iter().map(|o| o.to_string()))
                    .collect();
                return Err(HttpError::bad_request(format!(
                    "unknown field `{key}`; {endpoint} takes {}",
                    fields.join(", ")
                )));
            }
        }
        Ok(Fields { endpoint, body })
    }

    fn given(&self, key: &str) -> Option<&Value> {
        self.body.get(key).filter(|v| !v.is_null())
    }

    /// The text `text`, with its name; an error where a required one is missing.
    pub fn text(&self, text: &Text) -> Result<Option<Named>, HttpError> {
        match self.given(text.key) {
            None if text.required => Err(HttpError::bad_request(format!(
                "`{}` (the {} text) is required",
                text.key, text.extension
            ))),
            None => Ok(None),
            Some(Value::String(source)) => Ok(Some(Named {
                name: name(&self.body, text)?,
                source: source.clone(),
            })),
            Some(_) => Err(HttpError::bad_request(format!(
                "`{}` must be the text of a .{} file, or null",
                text.key, text.extension
            ))),
        }
    }

    /// The position of a scenario text (`text`, its key `scenario`), or of `fen` instead; both
    /// given is a 400, and a required one missing (neither given) names both.
    pub fn position(&self, text: &Text) -> Result<Option<Position>, HttpError> {
        debug_assert_eq!(text.key, SCENARIO.key);
        let fen = match self.given(FEN) {
            None => None,
            Some(Value::String(fen)) => Some(fen.trim().to_string()),
            Some(_) => return Err(self.wrong(FEN, "a chess position in FEN, as a string")),
        };
        match (fen, self.given(text.key)) {
            (Some(_), Some(_)) => Err(HttpError::bad_request(format!(
                "give either `{}` (a scenario's text) or `{FEN}` (a chess position), not both",
                text.key
            ))),
            (Some(fen), None) => {
                if self.given(&format!("{}_name", text.key)).is_some() {
                    return Err(HttpError::bad_request(format!(
                        "`{}_name` names a scenario's text; a position given as `{FEN}` goes \
                         by its FEN",
                        text.key
                    )));
                }
                Ok(Some(Position::Fen(fen)))
            }
            (None, None) if text.required => Err(HttpError::bad_request(format!(
                "`{}` (the {} text) or `{FEN}` (a chess position) is required",
                text.key, text.extension
            ))),
            (None, _) => Ok(self.text(text)?.map(Position::Text)),
        }
    }

    /// A field of text (a number is taken as its digits).
    pub fn string(&self, key: &str) -> Result<Option<String>, HttpError> {
        match self.given(key) {
            None => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.clone())),
            Some(Value::Number(n)) => Ok(Some(n.to_string())),
            Some(_) => Err(self.wrong(key, "a string")),
        }
    }

    /// A field of several texts: a list of strings, or one.
    pub fn strings(&self, key: &str) -> Result<Vec<String>, HttpError> {
        match self.given(key) {
            None => Ok(Vec::new()),
            Some(Value::Array(items)) => items
                .iter()
                .map(|v| match v {
                    Value::String(s) => Ok(s.clone()),
                    _ => Err(self.wrong(key, "a list of strings")),
                })
                .collect(),
            Some(_) => Ok(self.string(key)?.into_iter().collect()),
        }
    }

    /// `set: ["name=value", ...]`: the inputs by name.
    pub fn assignments(&self, key: &str) -> Result<Vec<(String, String)>, HttpError> {
        self.strings(key)?
            .iter()
            .map(|s| match s.split_once('=') {
                Some((name, value)) => Ok((name.trim().to_string(), value.trim().to_string())),
                None => Err(HttpError::bad_request(format!(
                    "`{key}`: `{s}` is not NAME=VALUE"
                ))),
            })
            .collect()
    }

    fn wrong(&self, key: &str, what: &str) -> HttpError {
        HttpError::bad_request(format!(
            "`{key}` must be {what} ({} request)",
            self.endpoint
        ))
    }
}

/// Whether a body with these texts takes `fen` instead of its scenario's.
pub fn takes_fen(texts: &[Text]) -> bool {
    texts.iter().any(|t| t.key == SCENARIO.key)
}

/// The body as an object, or a 400.
pub fn object(body: Value) -> Result<Map<String, Value>, HttpError> {
    match body {
        Value::Object(map) => Ok(map),
        _ => Err(HttpError::bad_request(
            "the request body must be a JSON object",
        )),
    }
}

/// The name a text goes by (`NAME_name` in the request, or `KEY.EXT`): a plain relative file
/// name of the right kind, never opened.
pub fn name(body: &Map<String, Value>, text: &Text) -> Result<String, HttpError> {
    let key = format!("{}_name", text.key);
    let name = match body.get(&key) {
        None | Some(Value::Null) => return Ok(format!("{}.{}", text.key, text.extension)),
        Some(Value::String(s)) => s.clone(),
        Some(_) => return Err(HttpError::bad_request(format!("`{key}` must be a string"))),
    };
    let plain = !name.is_empty()
        && name.len() <= 200
        && !name.starts_with(['-', '/'])
        && !name.split('/').any(|part| part.is_empty() || part == "..")
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "._-/".contains(c));
    if !plain || !name.ends_with(&format!(".{}", text.extension)) {
        return Err(HttpError::bad_request(format!(
            "`{key}`: `{name}` is not a plain relative name ending in .{} (letters, digits, `._-/`)",
            text.extension
        )));
    }
    Ok(name)
}
