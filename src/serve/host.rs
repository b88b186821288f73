//! The `Host` header checked against loopback names: a page of another site that made its name
//! resolve to 127.0.0.1 (DNS rebinding) sends its own name, and is refused.

use axum::extract::Request;
use axum::http::{StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::error::ApiError;

/// Whether a `Host` header names this machine's loopback: `localhost`, `127.0.0.1` or `[::1]`,
/// with or without a port.
pub fn is_loopback(host: &str) -> bool {
    let name = match host.strip_prefix('[') {
        Some(rest) => match rest.split_once(']') {
            Some((inside, port)) if port.is_empty() || is_port(port) => return inside == "::1",
            _ => return false,
        },
        None => match host.rsplit_once(':') {
            Some((name, port)) if is_port(port) => name,
            Some(_) => return false,
            None => host,
        },
    };
    name.eq_ignore_ascii_case("localhost") || name == "127.0.0.1"
}

fn is_port(text: &str) -> bool {
    text.strip_prefix(':')
        .unwrap_or(text)
        .parse::<u16>()
        .is_ok()
}

pub async fn check(request: Request, next: Next) -> Response {
    let host = request
        .headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok());
    match host {
        Some(h) if is_loopback(h) => next.run(request).await,
        _ => ApiError::new(
            StatusCode::FORBIDDEN,
            format!(
                "the Host header must name this machine's loopback (localhost, 127.0.0.1, [::1]); got {}",
                host.map_or_else(|| "none".to_string(), |h| format!("`{h}`"))
            ),
        )
        .into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::is_loopback;

    #[test]
    fn loopback_names_pass_and_others_do_not() {
        for ok in [
            "localhost",
            "localhost:8080",
            "LOCALHOST:1",
            "127.0.0.1",
            "127.0.0.1:8080",
            "[::1]",
            "[::1]:8080",
        ] {
            assert!(is_loopback(ok), "{ok}");
        }
        for bad in [
            "evil.example",
            "evil.example:8080",
            "localhost.evil.example",
            "127.0.0.1.nip.io",
            "127.0.0.2",
            "[::2]:80",
            "localhost:99999",
            "localhost:x",
            "",
        ] {
            assert!(!is_loopback(bad), "{bad}");
        }
    }
}
