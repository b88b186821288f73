//! Keyword arguments read as an API request (issue 46): the keywords become a JSON object of
//! the request's fields, which `lingeo::api::request::from_value` reads as the server reads a
//! body: an unknown keyword is an error naming the close ones, a value of the wrong kind one
//! naming the keyword, and the request's `check` applies.

use lingeo::api::{ApiError, Request};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyString};
use serde_json::{Map, Value};

/// The request of `options` (keyword arguments; `None` values are unset fields).
pub fn request<R: Request>(options: Option<&Bound<'_, PyDict>>) -> Result<R, ApiError> {
    let mut map = Map::new();
    if let Some(options) = options {
        for (key, value) in options.iter() {
            let key: String = key.extract().map_err(|_| {
                ApiError::request(None, "keyword names must be strings".to_string())
            })?;
            let value = json(&key, &value)?;
            map.insert(key, value);
        }
    }
    lingeo::api::request::from_value::<R>(Value::Object(map))
}

/// A Python value of a keyword as JSON: None, a bool, an int, a float or a str.
fn json(key: &str, value: &Bound<'_, PyAny>) -> Result<Value, ApiError> {
    if value.is_none() {
        return Ok(Value::Null);
    }
    // A bool is an int in Python: it is looked at first.
    if value.is_instance_of::<PyBool>() {
        return Ok(Value::Bool(value.extract::<bool>().unwrap_or(false)));
    }
    if value.is_instance_of::<PyInt>() {
        if let Ok(n) = value.extract::<u64>() {
            return Ok(Value::from(n));
        }
        if let Ok(n) = value.extract::<i64>() {
            return Ok(Value::from(n));
        }
        return Err(ApiError::request(
            None,
            format!("`{key}`: {value} is out of range"),
        ));
    }
    if value.is_instance_of::<PyFloat>() {
        let x = value.extract::<f64>().unwrap_or(f64::NAN);
        return serde_json::Number::from_f64(x)
            .map(Value::Number)
            .ok_or_else(|| {
                ApiError::request(None, format!("`{key}` must be a finite number, not {x}"))
            });
    }
    if value.is_instance_of::<PyString>() {
        return Ok(Value::String(value.extract::<String>().unwrap_or_default()));
    }
    Err(ApiError::request(
        None,
        format!(
            "`{key}` must be None, a bool, a number or a string, not {}",
            value
                .get_type()
                .name()
                .map_or_else(|_| "?".to_string(), |n| n.to_string())
        ),
    ))
}
