//! The flags of an API request, generated from its schema (issue 46): each field of the request
//! is `--kebab-case-name` (a bool a flag, a number or text a value, an enum its possible
//! values), its help the field's doc comment, its default shown from the request's `Default`.
//! The values given are gathered into a JSON object and read by the API's
//! [`request::from_value`], which checks the request; its messages name fields in backquotes
//! (`` `depth` ``), which [`Flags::spell`] turns into the flags (`--depth`). What differs per
//! job (a field given by two flags, a field that is no flag, the value names) is the job's
//! [`Flags`] table, and the flags that are the CLI's own (positional files, `--json`, `--svg`)
//! stay in the command's clap struct beside the flattened [`Options`].

use std::marker::PhantomData;

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Arg, ArgAction, ArgMatches, Args, Command, FromArgMatches};
use lingeo::api::request::{self, Field, Kind, Request};
use serde_json::{Map, Value};

use super::CliError;

/// A field of `Option<bool>` given by two flags: `on` sets it true, `off` false, neither
/// leaves it unset.
pub struct Switch {
    pub field: &'static str,
    pub on: &'static str,
    pub off: &'static str,
}

/// What the CLI spells differently from the request's schema, one table per job.
pub trait Flags: Request {
    /// Fields given by a pair of flags.
    const SWITCHES: &'static [Switch] = &[];
    /// Fields that are no flag, and why (the drift test prints the reason).
    const NOT_FLAGS: &'static [(&'static str, &'static str)] = &[];
    /// The placeholders of values (`("time", "SECONDS")`); the others are the field's name.
    const VALUE_NAMES: &'static [(&'static str, &'static str)] = &[];
    /// The names of the job's inputs that are CLI flags of their own (`--network FILE`), so
    /// that the API's messages naming them name the flags.
    const INPUTS: &'static [&'static str] = &[];
    /// Fields without which the request breaks its rules in every case (`run`'s `start`):
    /// required flags, so that clap lists them as missing before anything runs (`lingeo test`
    /// locates a case's missing flags at its line).
    const REQUIRED: &'static [&'static str] = &[];

    /// `text` with each `` `name` `` of a field or input spelt as its flag (`--name`).
    fn spell(text: &str) -> String {
        let names: Vec<String> = request::fields::<Self>()
            .into_iter()
            .map(|f| f.name)
            .chain(Self::INPUTS.iter().map(|s| s.to_string()))
            .collect();
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        while let Some(start) = rest.find('`') {
            out.push_str(&rest[..start]);
            let after = &rest[start + 1..];
            match after.find('`') {
                Some(end) if names.iter().any(|n| *n == after[..end]) => {
                    out.push_str(&flag_of::<Self>(&after[..end]));
                    rest = &after[end + 1..];
                }
                _ => {
                    out.push('`');
                    rest = after;
                }
            }
        }
        out.push_str(rest);
        out
    }
}

/// The flag that gives `field` (`--race-budget`; the `on` flag of a switch).
pub fn flag_of<R: Flags>(field: &str) -> String {
    match R::SWITCHES.iter().find(|s| s.field == field) {
        Some(switch) => format!("--{}", switch.on),
        None => format!("--{}", field.replace('_', "-")),
    }
}

/// How the CLI takes `field`: its flags, or why it takes none (the drift test's column).
#[cfg(test)]
pub fn cli_form<R: Flags>(field: &str) -> Result<String, &'static str> {
    if let Some((_, why)) = R::NOT_FLAGS.iter().find(|(f, _)| *f == field) {
        return Err(why);
    }
    Ok(match R::SWITCHES.iter().find(|s| s.field == field) {
        Some(switch) => format!("--{} / --{}", switch.on, switch.off),
        None => flag_of::<R>(field),
    })
}

/// The request's options as flags; [`Options::request`] reads them.
pub struct Options<R> {
    given: Map<String, Value>,
    request: PhantomData<fn() -> R>,
}

impl<R> std::fmt::Debug for Options<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Options")
            .field("given", &self.given)
            .finish()
    }
}

impl<R: Flags> Options<R> {
    /// The request of the flags given (the others at their defaults), checked; the error
    /// names the flags.
    pub fn request(&self) -> Result<R, CliError> {
        request::from_value::<R>(Value::Object(self.given.clone()))
            .map_err(|e| CliError(R::spell(&e.to_string())))
    }

    /// The memory limit the command runs under: its request's `max_memory`, or the library's
    /// default where the request has none (or the flags make no request: the command says
    /// why when it runs).
    pub fn memory_limit(&self) -> usize {
        self.request()
            .ok()
            .and_then(|r| r.memory_limit())
            .unwrap_or(lingeo::memory::DEFAULT_LIMIT)
    }

    fn fields() -> Vec<Field> {
        request::fields::<R>()
            .into_iter()
            .filter(|f| !R::NOT_FLAGS.iter().any(|(name, _)| *name == f.name))
            .collect()
    }
}

/// A field's help: its doc comment with fields spelt as flags, and its default.
fn help<R: Flags>(field: &Field) -> String {
    // The doc comment's lines joined (clap wraps them), its paragraphs kept.
    let paragraphs: Vec<String> = R::spell(&field.doc)
        .split("\n\n")
        .map(|p| p.split('\n').collect::<Vec<_>>().join(" "))
        .collect();
    let doc = paragraphs.join("\n");
    let shown = match &field.default {
        Value::Null | Value::Bool(false) => return doc,
        Value::String(s) if s.is_empty() => return doc,
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    format!("{doc} [default: {shown}]")
}

/// A value parser of a field's kind, yielding its JSON value.
fn value_arg(arg: Arg, field: &Field) -> Arg {
    let name = field.name.clone();
    match &field.kind {
        Kind::Choice { values } => {
            arg.value_parser(PossibleValuesParser::new(values.clone()).map(Value::String))
        }
        Kind::Integer { minimum } => {
            let unsigned = minimum.is_some_and(|m| m >= 0.0);
            arg.value_parser(move |text: &str| -> Result<Value, String> {
                let text = text.trim();
                let number = if unsigned {
                    text.parse::<u64>().map(Value::from).ok()
                } else {
                    text.parse::<i64>().map(Value::from).ok()
                };
                number.ok_or_else(|| {
                    let what = if unsigned {
                        "a whole number from 0"
                    } else {
                        "a whole number"
                    };
                    format!("`{text}` is not {what} ({name})")
                })
            })
        }
        Kind::Number => arg.value_parser(move |text: &str| -> Result<Value, String> {
            text.trim()
                .parse::<f64>()
                .ok()
                .and_then(serde_json::Number::from_f64)
                .map(Value::Number)
                .ok_or_else(|| format!("`{text}` is not a number ({name})"))
        }),
        Kind::String | Kind::Bool => arg.value_parser(|text: &str| -> Result<Value, String> {
            Ok(Value::String(text.to_string()))
        }),
    }
}

impl<R: Flags> Args for Options<R> {
    fn augment_args(mut cmd: Command) -> Command {
        for field in Self::fields() {
            if let Some(switch) = R::SWITCHES.iter().find(|s| s.field == field.name) {
                let doc = R::spell(&field.doc).replace('\n', " ");
                cmd = cmd
                    .arg(
                        Arg::new(switch.on)
                            .long(switch.on)
                            .action(ArgAction::SetTrue)
                            .help(format!("{doc} (--{} sets it)", switch.on)),
                    )
                    .arg(
                        Arg::new(switch.off)
                            .long(switch.off)
                            .action(ArgAction::SetTrue)
                            .conflicts_with(switch.on)
                            .help(format!("The opposite of --{}.", switch.on)),
                    );
                continue;
            }
            let arg = Arg::new(field.name.clone())
                .long(field.name.replace('_', "-"))
                .required(R::REQUIRED.contains(&field.name.as_str()))
                .help(help::<R>(&field));
            let arg = match field.kind {
                Kind::Bool if !field.optional => arg.action(ArgAction::SetTrue),
                _ => {
                    let value_name = R::VALUE_NAMES
                        .iter()
                        .find(|(f, _)| *f == field.name)
                        .map_or_else(|| field.name.to_uppercase(), |(_, v)| v.to_string());
                    value_arg(arg.action(ArgAction::Set).value_name(value_name), &field)
                }
            };
            cmd = cmd.arg(arg);
        }
        cmd
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        Self::augment_args(cmd)
    }
}

impl<R: Flags> FromArgMatches for Options<R> {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let mut options = Options {
            given: Map::new(),
            request: PhantomData,
        };
        options.update_from_arg_matches(matches)?;
        Ok(options)
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        for field in Self::fields() {
            let value = if let Some(switch) = R::SWITCHES.iter().find(|s| s.field == field.name) {
                match (matches.get_flag(switch.on), matches.get_flag(switch.off)) {
                    (true, _) => Some(Value::Bool(true)),
                    (_, true) => Some(Value::Bool(false)),
                    _ => None,
                }
            } else if field.kind == Kind::Bool && !field.optional {
                matches.get_flag(&field.name).then_some(Value::Bool(true))
            } else {
                matches.get_one::<Value>(&field.name).cloned()
            };
            if let Some(value) = value {
                self.given.insert(field.name.clone(), value);
            }
        }
        Ok(())
    }
}
