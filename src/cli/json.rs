//! JSON output: pretty-printed, but with arrays of short plain values (a trajectory, a list of
//! distances) kept on one line, so that a bundle stays readable.

use serde::Serialize;
use serde_json::Value;

use super::CliError;

pub fn to_string(value: &impl Serialize) -> Result<String, CliError> {
    let value = serde_json::to_value(value)?;
    let mut out = String::new();
    write(&value, 0, &mut out)?;
    out.push('\n');
    Ok(out)
}

/// Prints `value` into `out`.
fn write(value: &Value, indent: usize, out: &mut String) -> Result<(), CliError> {
    let pad = |n: usize| "  ".repeat(n);
    match value {
        Value::Array(items) if items.iter().all(is_short_scalar) => {
            out.push_str(&serde_json::to_string(value).expect("JSON values serialise"));
        }
        Value::Array(items) => {
            out.push_str("[\n");
            for (i, item) in items.iter().enumerate() {
                out.push_str(&pad(indent + 1));
                write(item, indent + 1, out)?;
                out.push_str(if i + 1 < items.len() { ",\n" } else { "\n" });
            }
            out.push_str(&pad(indent));
            out.push(']');
        }
        Value::Object(map) => {
            out.push_str("{\n");
            for (i, (key, item)) in map.iter().enumerate() {
                out.push_str(&pad(indent + 1));
                out.push_str(&serde_json::to_string(key).expect("keys serialise"));
                out.push_str(": ");
                write(item, indent + 1, out)?;
                out.push_str(if i + 1 < map.len() { ",\n" } else { "\n" });
            }
            out.push_str(&pad(indent));
            out.push('}');
        }
        scalar => out.push_str(&serde_json::to_string(scalar).expect("JSON values serialise")),
    }
    Ok(())
}

/// Numbers, booleans, null and strings of a few characters (point names) stay inline.
fn is_short_scalar(v: &Value) -> bool {
    match v {
        Value::String(s) => s.chars().count() <= 16,
        Value::Array(_) | Value::Object(_) => false,
        _ => true,
    }
}
