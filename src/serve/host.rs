//! The `Host` header checked against loopback names: a page of another site that made its name
//! resolve to 127.0.0.1 (DNS rebinding) sends its own name, and is refused. A request that
//! breaks HTTP/1.1's rules on its host (two `Host` headers, whose first could pass the check
//! while a proxy in front read the second; an absolute-form target naming another host, which
//! is the request's host whatever `Host` says) is a 400 (RFC 9112, section 3.2).

use axum::extract::Request;
use axum::http::{HeaderValue, StatusCode, Version, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::error::HttpError;

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

/// Why a request's host is refused: 400 where the request breaks HTTP/1.1's rules on its
/// host (RFC 9112, section 3.2: more than one `Host`, none in HTTP/1.1, one that is not text; an
/// absolute-form target naming another host), 403 where it names another host (DNS rebinding).
fn refused(request: &Request) -> Option<HttpError> {
    let bad = |message: String| Some(HttpError::new(StatusCode::BAD_REQUEST, message));
    let hosts: Vec<&HeaderValue> = request.headers().get_all(header::HOST).iter().collect();
    if hosts.len() > 1 {
        return bad(format!(
            "the request has {} Host headers; HTTP/1.1 allows one (RFC 9112, section 3.2)",
            hosts.len()
        ));
    }
    let host = match hosts.first().map(|h| h.to_str()) {
        Some(Ok(h)) => Some(h),
        Some(Err(_)) => return bad("the Host header is not text (RFC 9112, section 3.2)".into()),
        None => None,
    };
    // An absolute-form target (`GET http://host/path`): its host is the request's, the Host
    // header is ignored (RFC 9112, section 3.2.2).
    if let Some(authority) = request.uri().authority() {
        return (!is_loopback(authority.as_str())).then(|| {
            HttpError::new(
                StatusCode::BAD_REQUEST,
                format!(
                    "the request's target names the host `{authority}`; this server is this \
                     machine's loopback (localhost, 127.0.0.1, [::1])"
                ),
            )
        });
    }
    match host {
        Some(h) if is_loopback(h) => None,
        None if request.version() == Version::HTTP_11 => {
            bad("an HTTP/1.1 request must have a Host header (RFC 9112, section 3.2)".into())
        }
        _ => Some(HttpError::new(
            StatusCode::FORBIDDEN,
            format!(
                "the Host header must name this machine's loopback (localhost, 127.0.0.1, [::1]); got {}",
                host.map_or_else(|| "none".to_string(), |h| format!("`{h}`"))
            ),
        )),
    }
}

pub async fn check(request: Request, next: Next) -> Response {
    match refused(&request) {
        None => next.run(request).await,
        Some(e) => e.into_response(),
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
