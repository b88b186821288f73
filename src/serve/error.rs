//! Every failure of a request as JSON: `{"error": MESSAGE, "status": CODE}` with that HTTP
//! status. The message of a failed command is what the CLI prints on stderr. The failures axum
//! answers by itself (a method a route does not take, a body it cannot read) are rewritten into
//! the same shape by [`as_json`], so that a client never has to guess.

use axum::Json;
use axum::body::Body;
use axum::extract::Request;
use axum::extract::rejection::JsonRejection;
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde_json::json;

/// A request's failure as the server answers it: its status and message (the library's
/// `lingeo::api::ApiError` becomes one by its kind, `api::status_of`).
pub struct HttpError {
    pub status: StatusCode,
    pub message: String,
    /// Seconds after which to try again (`Retry-After`, with 503).
    pub retry_after: Option<u32>,
    /// The request's field whose cap stopped the work (`max_zones`, `max_steps`), where one
    /// did: a front end can raise it, or ask for less (the page's zones fall back to the
    /// bundle view past `max_zones`).
    pub cap: Option<&'static str>,
}

impl HttpError {
    pub fn new(status: StatusCode, message: impl Into<String>) -> HttpError {
        HttpError {
            status,
            message: message.into(),
            retry_after: None,
            cap: None,
        }
    }

    pub fn bad_request(message: impl Into<String>) -> HttpError {
        HttpError::new(StatusCode::BAD_REQUEST, message)
    }

    /// A computation that could not be done (422), its text as the CLI prints an error: a
    /// rendered diagnostic (which ends with a newline) as it is, one line after `error: `.
    pub fn unprocessable(text: impl Into<String>) -> HttpError {
        let text = text.into();
        let message = if text.ends_with('\n') {
            text
        } else {
            format!("error: {text}\n")
        };
        HttpError::new(StatusCode::UNPROCESSABLE_ENTITY, message)
    }

    /// A computation stopped at a limit as it built its answer: at its time limit 503, at a
    /// cap of size 413 (as `api::status_of`); past the memory limit, with the server's option
    /// that raises it.
    pub fn stopped(e: lingeo::budget::Exceeded) -> HttpError {
        let status = match e {
            lingeo::budget::Exceeded::Time(_) => StatusCode::SERVICE_UNAVAILABLE,
            _ => StatusCode::PAYLOAD_TOO_LARGE,
        };
        let mut error = match e {
            lingeo::budget::Exceeded::Memory(e) => HttpError::unprocessable(format!(
                "{e} (lingeo serve --max-memory raises the limit, in MiB)"
            )),
            e => HttpError::unprocessable(e.to_string()),
        };
        error.status = status;
        error
    }

    /// The error of a cap that `field` of the request sets.
    pub fn with_cap(mut self, field: Option<&'static str>) -> HttpError {
        self.cap = field;
        self
    }

    pub fn retry_after(mut self, seconds: u32) -> HttpError {
        self.retry_after = Some(seconds);
        self
    }
}

impl IntoResponse for HttpError {
    fn into_response(self) -> Response {
        let mut body = json!({"error": self.message, "status": self.status.as_u16()});
        if let Some(cap) = self.cap {
            body["cap"] = json!(cap);
        }
        let mut response = (self.status, Json(body)).into_response();
        if let Some(s) = self.retry_after {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(s));
        }
        response
    }
}

/// A body that is not the JSON asked for, or too large (413), in the API's own words.
impl From<JsonRejection> for HttpError {
    fn from(r: JsonRejection) -> HttpError {
        let status = r.status();
        let message = if status == StatusCode::PAYLOAD_TOO_LARGE {
            format!("the request body is larger than {} bytes", super::MAX_BODY)
        } else {
            r.body_text()
        };
        HttpError::new(status, message)
    }
}

pub async fn not_found() -> HttpError {
    HttpError::new(StatusCode::NOT_FOUND, "no such page or endpoint")
}

/// The most bytes of a non-JSON failure's text taken into its message.
const MAX_TEXT: usize = 4096;

/// A failure that is not JSON yet (axum's 405 with an empty body, a text rejection) as
/// `{"error", "status"}`, its headers (`Allow`) kept.
pub async fn as_json(request: Request, next: Next) -> Response {
    let method = request.method().clone();
    let path = request.uri().path().to_string();
    let response = next.run(request).await;
    let status = response.status();
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|t| t.as_bytes().starts_with(b"application/json"));
    if !(status.is_client_error() || status.is_server_error()) || is_json {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    let text = axum::body::to_bytes(body, MAX_TEXT)
        .await
        .map(|b| String::from_utf8_lossy(&b).trim().to_string())
        .unwrap_or_default();
    let message = if status == StatusCode::METHOD_NOT_ALLOWED {
        let allowed = parts
            .headers
            .get(header::ALLOW)
            .and_then(|a| a.to_str().ok())
            .unwrap_or("another method");
        format!("{path} does not take {method}; it takes {allowed}")
    } else if text.is_empty() {
        status
            .canonical_reason()
            .unwrap_or("the request failed")
            .to_string()
    } else {
        text
    };
    let body = json!({"error": message, "status": status.as_u16()}).to_string();
    parts.headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    parts.headers.remove(header::CONTENT_LENGTH);
    Response::from_parts(parts, Body::from(body))
}
