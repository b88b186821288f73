//! A command on the blocking pool under the server's wall-clock cap: the grammar evaluator is
//! given the cap as its thread's deadline (`lingeo::deadline`), so a run stops working when the
//! server stops waiting for it; the server waits a little longer than the cap, so that the run's
//! own error (at its line) is usually what the client gets.

use std::path::PathBuf;
use std::time::Duration;

use axum::http::StatusCode;

use super::error::ApiError;
use crate::cli::{InMemory, run_in_memory};

/// The most lines of `--trace` a response carries.
pub const MAX_TRACE: usize = 20_000;

/// How much longer than the cap the server waits for a command.
const GRACE: Duration = Duration::from_secs(2);

/// Runs `f` on the blocking pool with `limit` as its deadline, waiting at most a little
/// longer; a panic or a timeout is an error of its own, and the server goes on serving.
pub async fn blocking<T: Send + 'static>(
    limit: Duration,
    f: impl FnOnce() -> T + Send + 'static,
) -> Result<T, ApiError> {
    let job = tokio::task::spawn_blocking(move || lingeo::deadline::within(limit, f));
    match tokio::time::timeout(limit + GRACE, job).await {
        Ok(Ok(done)) => Ok(done),
        Ok(Err(e)) => Err(ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("the computation failed: {e}"),
        )),
        Err(_) => Err(ApiError::new(
            StatusCode::REQUEST_TIMEOUT,
            format!(
                "the computation took longer than the server's time limit of {} s",
                limit.as_secs_f64()
            ),
        )),
    }
}

/// A command line run in memory ([`run_in_memory`]).
pub async fn command(
    args: Vec<String>,
    texts: Vec<(PathBuf, String)>,
    limit: Duration,
) -> Result<InMemory, ApiError> {
    blocking(limit, move || run_in_memory(&args, texts, MAX_TRACE)).await
}
