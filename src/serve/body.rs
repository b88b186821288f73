//! A request's body read whole before its handler runs, within `--read-timeout` and the
//! 1 MiB cap: a client that sends its head and then trickles or withholds the body gets a 408
//! and its connection closed, instead of holding a connection and a handler for ever.

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::Config;
use super::error::HttpError;

pub async fn read(State(config): State<Config>, request: Request, next: Next) -> Response {
    let (parts, body) = request.into_parts();
    let too_large = || {
        HttpError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("the request body is larger than {} bytes", super::MAX_BODY),
        )
    };
    let declared = parts
        .headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok()?.parse::<u64>().ok());
    if declared.is_some_and(|n| n > super::MAX_BODY as u64) {
        return closing(too_large().into_response());
    }
    let bytes = match tokio::time::timeout(
        config.read_timeout,
        axum::body::to_bytes(body, super::MAX_BODY),
    )
    .await
    {
        Ok(Ok(bytes)) => bytes,
        // `to_bytes` fails at the cap, or when the client's stream breaks.
        Ok(Err(e)) if is_length_limit(&e) => return closing(too_large().into_response()),
        Ok(Err(e)) => {
            return closing(
                HttpError::bad_request(format!("the request body could not be read: {e}"))
                    .into_response(),
            );
        }
        Err(_) => {
            return closing(
                HttpError::new(
                    StatusCode::REQUEST_TIMEOUT,
                    format!(
                        "the request body did not arrive within {} s (lingeo serve --read-timeout)",
                        config.read_timeout.as_secs_f64()
                    ),
                )
                .into_response(),
            );
        }
    };
    next.run(Request::from_parts(parts, Body::from(bytes)))
        .await
}

fn is_length_limit(e: &axum::Error) -> bool {
    let mut source: Option<&(dyn std::error::Error + 'static)> = Some(e);
    while let Some(s) = source {
        if s.is::<http_body_util::LengthLimitError>() {
            return true;
        }
        source = s.source();
    }
    false
}

/// The answer with the connection closed after it: the rest of the body is never read.
fn closing(mut response: Response) -> Response {
    response
        .headers_mut()
        .insert(header::CONNECTION, HeaderValue::from_static("close"));
    response
}
