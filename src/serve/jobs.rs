//! The computations of the requests: at most `--max-concurrent` at once, a few more waiting
//! their turn, the rest refused (503, with `Retry-After`); each on the blocking pool under the
//! server's wall-clock cap, given to the engines as their thread's deadline
//! (`lingeo::deadline`), and stopped as soon as nobody waits for its answer any more: the
//! server answered 408, or the client went away (axum drops the request's future). The slot of
//! a computation is held by its thread, not by the request, so a computation that does not look
//! at the deadline still counts against `--max-concurrent` until it ends: the work the server
//! does at once stays bounded whatever the clients do.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use axum::http::StatusCode;
use tokio::sync::Semaphore;

use super::error::HttpError;

/// The most events of a trace (each an entry of `--trace`) a response carries.
pub const MAX_TRACE: usize = 20_000;

/// How much longer than the cap the server waits for a computation.
const GRACE: Duration = Duration::from_secs(2);

/// The computations under way and waiting, and the server's budgets.
pub struct Jobs {
    slots: Arc<Semaphore>,
    max_concurrent: usize,
    waiting: AtomicUsize,
    max_waiting: usize,
    /// The server's heap budget, in bytes (`--max-memory`).
    pub max_memory: usize,
    /// The most bytes an answer may take (`--max-answer-mb`).
    pub max_answer: usize,
    /// The wall-clock cap on one computation.
    pub time_limit: Duration,
}

impl Jobs {
    pub fn new(
        max_concurrent: usize,
        max_waiting: usize,
        max_memory: usize,
        max_answer: usize,
        time_limit: Duration,
    ) -> Jobs {
        Jobs {
            slots: Arc::new(Semaphore::new(max_concurrent)),
            max_concurrent,
            waiting: AtomicUsize::new(0),
            max_waiting,
            max_memory,
            max_answer,
            time_limit,
        }
    }

    /// A slot for a computation: at once, or after waiting in the queue (at most the time
    /// limit); a 503 when the queue is full or the wait was too long.
    async fn slot(&self) -> Result<tokio::sync::OwnedSemaphorePermit, HttpError> {
        if let Ok(permit) = self.slots.clone().try_acquire_owned() {
            return Ok(permit);
        }
        struct Waiting<'a>(&'a AtomicUsize);
        impl Drop for Waiting<'_> {
            fn drop(&mut self) {
                self.0.fetch_sub(1, Ordering::SeqCst);
            }
        }
        if self.waiting.fetch_add(1, Ordering::SeqCst) >= self.max_waiting {
            self.waiting.fetch_sub(1, Ordering::SeqCst);
            return Err(self.busy(format!(
                "and {} requests wait their turn (--max-waiting)",
                self.max_waiting
            )));
        }
        let _waiting = Waiting(&self.waiting);
        match tokio::time::timeout(self.time_limit, self.slots.clone().acquire_owned()).await {
            Ok(Ok(permit)) => Ok(permit),
            _ => Err(self.busy(format!(
                "and none ended within the time limit of {} s while this request waited",
                self.time_limit.as_secs_f64()
            ))),
        }
    }

    fn busy(&self, why: String) -> HttpError {
        HttpError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "the server is busy: {} computations run at once (lingeo serve --max-concurrent), \
                 {why}; try again in a moment",
                self.max_concurrent
            ),
        )
        .retry_after(1)
    }
}

/// Sets the stop flag of a computation when the request's future ends: answered, timed out, or
/// dropped because the client went away.
struct StopOnDrop(Arc<AtomicBool>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// Runs `f` on the blocking pool in a slot of `jobs`, with the time limit as its deadline,
/// waiting at most a little longer; a panic or a timeout is an error of its own, and the server
/// goes on serving.
pub async fn blocking<T: Send + 'static>(
    jobs: &Jobs,
    f: impl FnOnce() -> T + Send + 'static,
) -> Result<T, HttpError> {
    let permit = jobs.slot().await?;
    // The heap is the whole server's: past its budget, no new computation starts (the engines
    // given `--max-memory` stop there too, where they look).
    let heap = lingeo::memory::in_use();
    if lingeo::memory::heap_is_counted() && heap > jobs.max_memory {
        return Err(HttpError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "the server uses {} of memory, more than its budget of {} (lingeo serve \
                 --max-memory); try again when the computations under way have ended",
                lingeo::memory::show(heap),
                lingeo::memory::show(jobs.max_memory)
            ),
        )
        .retry_after(1));
    }
    let limit = jobs.time_limit;
    let stop = Arc::new(AtomicBool::new(false));
    let _stop = StopOnDrop(stop.clone());
    let job = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        lingeo::deadline::within_or_stopped(limit, stop, f)
    });
    match tokio::time::timeout(limit + GRACE, job).await {
        Ok(Ok(done)) => Ok(done),
        Ok(Err(e)) => Err(HttpError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("the computation failed: {e}"),
        )),
        Err(_) => Err(HttpError::new(
            StatusCode::REQUEST_TIMEOUT,
            format!(
                "the computation took longer than the server's time limit of {} s",
                limit.as_secs_f64()
            ),
        )),
    }
}
