//! The request handling of `lingeo serve` (docs/serve.md), in-process and without a network:
//! the router with its `Host` check and body cap, the request body's JSON turned into a
//! command line (`src/serve/request.rs`) and that command run in memory under the server's
//! time limit and memory budget. An input is a request, in one of two modes:
//!
//! - as text (the committed corpus): a first line `METHOD PATH HOST` (each word optional:
//!   `POST`, `/api/check`, `localhost`), then the body;
//! - generated (an input whose first byte is 0): the rest of the bytes choose a request to a
//!   computing endpoint, its scenario and its fields ([`lingeo_fuzz::requests`]), sent to a
//!   server of a small memory budget and answer cap and a short time limit, whose client may
//!   leave before the answer.
//!
//! A crash is a panic anywhere (libFuzzer's hook aborts even where the server would catch it),
//! an answer of 500 that says a command panicked (a computation that failed for a reason of
//! its own is a 500 too, and says what failed), a failure that is
//! not JSON, a loopback check passed by another host, and in the generated mode a heap past
//! the budget by more than [`SLACK`] while the request is under way, or a computation that
//! works on after its answer (or after its client left) for longer than [`AFTER`]. `fuzz/run.sh`
//! runs this target with libFuzzer's RSS limit at 1 GB, the budget's many times over.
//!
//! The server lives in the `lingeo` binary (src/serve, beside src/cli, whose commands it runs),
//! not in the library: both modules are compiled into this target from their files, unchanged.
#![no_main]

use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

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

/// The generated mode's server: its memory budget, answer cap and time limit.
const BUDGET: usize = 128 << 20;
const ANSWER: usize = 1_000_000;
const TIME_LIMIT: Duration = Duration::from_millis(1000);

/// How far past the budget the heap may go while a request is under way (between the places
/// where the engines look at memory, and the answer being built).
const SLACK: usize = 128 << 20;

/// How long a computation may go on after its answer (or after its client left): the engines
/// look at the deadline often, and end within moments (the kernel as it builds successor
/// lists, every 1,024 points); what does not look (a MAP's breadth-first search, a reverse
/// relation's transposition) is bounded by the memory budget. Work that goes on past this is
/// unbounded (a network, a walk), or looks at the deadline too seldom.
const AFTER: Duration = Duration::from_secs(4);

fuzz_target!(|data: &[u8]| {
    lingeo::memory::Counting::enable();
    match data.split_first() {
        Some((0, rest)) => generated(rest),
        _ => as_text(data),
    }
});

/// A request generated from `data`, to a server of a small budget, watched for its heap and for
/// work that goes on after the answer.
fn generated(data: &[u8]) {
    let mut u = arbitrary::Unstructured::new(data);
    let Ok(generated) = lingeo_fuzz::requests::request(&mut u) else {
        return;
    };
    // The client leaves after a tenth of a second, or waits for the answer.
    let leaves = u.arbitrary::<bool>().unwrap_or(false);
    let path = generated.path;
    let request = Request::builder()
        .method("POST")
        .uri(path)
        .header(header::HOST, "localhost")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(generated.body.to_string()))
        .expect("a request");
    let router = serve::router(serve::Config::new(
        1,
        4,
        BUDGET,
        ANSWER,
        TIME_LIMIT,
        Duration::from_secs(10),
    ));
    // The heap's peak while the request is under way, sampled every millisecond.
    let base = lingeo::memory::in_use();
    let peak = std::sync::Arc::new(AtomicUsize::new(base));
    let done = std::sync::Arc::new(AtomicBool::new(false));
    let sampler = {
        let (peak, done) = (peak.clone(), done.clone());
        std::thread::spawn(move || {
            while !done.load(Ordering::Relaxed) {
                peak.fetch_max(lingeo::memory::in_use(), Ordering::Relaxed);
                std::thread::sleep(Duration::from_millis(1));
            }
        })
    };
    // A runtime of its own, so that a computation still running when it is shut down shows.
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    let answered = runtime.block_on(async move {
        let answer = router.oneshot(request);
        let response = if leaves {
            match tokio::time::timeout(Duration::from_millis(100), answer).await {
                Ok(response) => response.expect("the router answers"),
                // Gone: the request's future is dropped, and its computation told to stop.
                Err(_) => return None,
            }
        } else {
            answer.await.expect("the router answers")
        };
        let status = response.status();
        let bytes = axum::body::to_bytes(response.into_body(), 64 << 20)
            .await
            .expect("the answer's body");
        Some((status, bytes))
    });
    let answered_at = Instant::now();
    runtime.shutdown_timeout(AFTER + Duration::from_secs(1));
    let after = answered_at.elapsed();
    done.store(true, Ordering::Relaxed);
    sampler.join().expect("the sampler");
    let body = generated.body.to_string();
    // The first 600 bytes, cut at a character's boundary (a generated scenario is any text).
    let shown = &body[..body.floor_char_boundary(600)];
    assert!(
        after < AFTER,
        "the computation went on {after:?} after {} ({path} {shown})",
        if answered.is_some() { "its answer" } else { "its client left" }
    );
    let peak = peak.load(Ordering::Relaxed).saturating_sub(base);
    assert!(
        peak <= BUDGET + SLACK,
        "the heap grew by {} MiB under a budget of {} MiB ({path} {shown})",
        peak >> 20,
        BUDGET >> 20
    );
    if let Some((status, bytes)) = answered {
        if status != StatusCode::OK {
            let answer: serde_json::Value = serde_json::from_slice(&bytes)
                .unwrap_or_else(|e| panic!("{status}: not JSON ({e})"));
            assert!(answer["error"].is_string(), "{status}: {answer}");
            assert!(
                !panicked(status, &answer),
                "a command panicked ({path} {shown}): {answer}"
            );
        }
    }
}

/// A request as text: `METHOD PATH HOST`, then the body.
fn as_text(data: &[u8]) {
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
    let absolute = request.uri().authority().map(|a| a.to_string());
    // A short limit: a request that runs to it is answered 408, as a slow one would be.
    let router = serve::router(serve::Config::new(
        1,
        4,
        BUDGET,
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
            assert!(!panicked(status, &answer), "a command panicked: {answer}");
        }
        status
    });
    // Only a loopback name gets past the `Host` check (DNS rebinding); an absolute-form
    // target's host is the request's (RFC 9112, section 3.2.2).
    let host = absolute.unwrap_or(host.to_string()).to_ascii_lowercase();
    if status != StatusCode::FORBIDDEN && status != StatusCode::BAD_REQUEST {
        assert!(
            ["localhost", "127.0.0.1", "[::1]"]
                .iter()
                .any(|name| host.starts_with(name)),
            "Host {host:?} was let in ({status})"
        );
    }
}

/// Whether an answer is the server's 500 for a computation that panicked (src/serve/jobs.rs
/// words it `the computation failed: task ... panicked`).
fn panicked(status: StatusCode, answer: &serde_json::Value) -> bool {
    status == StatusCode::INTERNAL_SERVER_ERROR
        && answer["error"]
            .as_str()
            .is_none_or(|e| e.contains("panicked"))
}
