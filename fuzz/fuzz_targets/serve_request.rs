//! The request handling of `lingeo serve` (docs/serve.md), in-process and without a network:
//! the router with its `Host` check and body cap, the request body's JSON turned into a
//! command line (`src/serve/request.rs`) and that command run in memory under the server's
//! time limit. An input is a request as text: a first line `METHOD PATH HOST` (each word
//! optional: `POST`, `/api/check`, `localhost`), then the body.
//!
//! A crash is a panic anywhere (libFuzzer's hook aborts even where the server would catch it)
//! or an answer of 500, which the server gives only when a command panicked.
//!
//! The server lives in the `lingeo` binary (src/serve, beside src/cli, whose commands it runs),
//! not in the library: both modules are compiled into this target from their files, unchanged.
#![no_main]

use std::sync::OnceLock;
use std::time::Duration;

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use libfuzzer_sys::fuzz_target;
use tower::ServiceExt;

#[allow(dead_code, unused_imports)]
#[path = "../../src/cli/mod.rs"]
mod cli;
#[allow(dead_code, unused_imports)]
#[path = "../../src/serve/mod.rs"]
mod serve;

/// Counts the heap in use, as the `lingeo` binary does, so that `--max-memory` applies.
#[global_allocator]
static ALLOCATOR: lingeo::memory::Counting = lingeo::memory::Counting;

fn runtime() -> &'static tokio::runtime::Runtime {
    static RUNTIME: OnceLock<tokio::runtime::Runtime> = OnceLock::new();
    RUNTIME.get_or_init(|| {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a runtime")
    })
}

fuzz_target!(|data: &[u8]| {
    lingeo::memory::Counting::enable();
    let (head, body) = match data.iter().position(|&b| b == b'\n') {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (data, &[][..]),
    };
    let Ok(head) = std::str::from_utf8(head) else {
        return;
    };
    let mut words = head.split(' ');
    let method = words.next().filter(|w| !w.is_empty()).unwrap_or("POST");
    let path = words.next().unwrap_or("/api/check");
    let host = words.next().unwrap_or("localhost");
    let Ok(request) = Request::builder()
        .method(method)
        .uri(path)
        .header(header::HOST, host)
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.to_vec()))
    else {
        // Not a request axum could receive (a method or path hyper would refuse).
        return;
    };
    // A short limit: a request that runs to it is answered 408, as a slow one would be.
    let router = serve::router(serve::Config::new(
        1,
        4,
        1 << 30,
        64_000_000,
        Duration::from_millis(500),
        Duration::from_secs(10),
    ));
    let status = runtime().block_on(async move {
        let response = router.oneshot(request).await.expect("the router answers");
        let status = response.status();
        let bytes = axum::body::to_bytes(response.into_body(), 64 << 20)
            .await
            .expect("the answer's body");
        // Every failure is JSON, a wrong method's 405 included (this target found the empty
        // 405 that axum gave before the server rewrote it, src/serve/error.rs).
        if path.starts_with("/api/") && status != StatusCode::OK {
            let answer: serde_json::Value = serde_json::from_slice(&bytes)
                .unwrap_or_else(|e| panic!("{status}: not JSON ({e})"));
            assert!(answer["error"].is_string(), "{status}: {answer}");
        }
        status
    });
    assert_ne!(
        status,
        StatusCode::INTERNAL_SERVER_ERROR,
        "a command panicked"
    );
    // Only a loopback name gets past the `Host` check (DNS rebinding).
    let host = host.to_ascii_lowercase();
    if status != StatusCode::FORBIDDEN {
        assert!(
            ["localhost", "127.0.0.1", "[::1]"]
                .iter()
                .any(|name| host.starts_with(name)),
            "Host {host:?} was let in ({status})"
        );
    }
});
