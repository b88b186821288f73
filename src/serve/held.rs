//! The answers the server holds for clients that have not read them yet, bounded as a whole.
//!
//! A computation's slot (`jobs.rs`) is freed when it ends, but its answer stays in memory until
//! the client has read it all: a client that asks and then reads slowly, or not at all, would
//! otherwise let the answers pile up, one `--max-answer-mb` per connection. Every answer takes
//! its size from one budget (eight answer caps) before it is sent, and gives it back when the
//! last of its bytes is gone: written to the socket, or its connection closed. An answer that
//! finds no room is replaced by a 503 that says so.
//!
//! Not when its body is dropped: hyper takes an answer's bytes from the body in one frame and
//! drops the body at once, then keeps the bytes in its write queue until the socket takes them
//! (a client that does not read holds them all). So the share goes with the bytes themselves
//! ([`Bytes::from_owner`]): it is given back when hyper drops the last of them.

use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

use axum::body::{Body, Bytes, HttpBody};
use axum::extract::{Request, State};
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use hyper::body::{Frame, SizeHint};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use super::error::HttpError;

/// How many answers of the largest size the server holds at most.
pub const ANSWERS_HELD: usize = 8;

/// The budget, in KiB (a semaphore's permits are counted in `u32` per acquisition).
#[derive(Clone)]
pub struct Held {
    kib: Arc<Semaphore>,
    total_kib: usize,
}

impl Held {
    /// A budget of [`ANSWERS_HELD`] answers of `max_answer` bytes.
    pub fn new(max_answer: usize) -> Held {
        let total_kib = (max_answer.div_ceil(1024))
            .saturating_mul(ANSWERS_HELD)
            .max(1);
        let total_kib = total_kib.min(Semaphore::MAX_PERMITS);
        Held {
            kib: Arc::new(Semaphore::new(total_kib)),
            total_kib,
        }
    }

    /// Room for `bytes` of answer, if the budget has it now.
    fn take(&self, bytes: u64) -> Option<OwnedSemaphorePermit> {
        let kib = u32::try_from(bytes.div_ceil(1024)).ok()?;
        self.kib.clone().try_acquire_many_owned(kib.max(1)).ok()
    }
}

/// The middleware: an answer's body keeps its share of the budget until it is dropped.
pub async fn bound(State(held): State<Held>, request: Request, next: Next) -> Response {
    let response = next.run(request).await;
    let size = response.body().size_hint();
    // Bodies of unknown size are the page's own files and streamed nothing: only answers
    // whose size is known are held here, which is every JSON answer.
    let bytes = size.exact().unwrap_or(size.lower());
    if bytes < 64 * 1024 {
        return response;
    }
    let Some(permit) = held.take(bytes) else {
        return HttpError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "the server holds {} MB of answers that their clients have not read yet, its \
                 most; try again when they have",
                (held.total_kib * 1024).div_ceil(1_000_000)
            ),
        )
        .into_response();
    };
    let (parts, body) = response.into_parts();
    Response::from_parts(
        parts,
        Body::new(HeldBody {
            inner: body,
            permit: Arc::new(permit),
        }),
    )
}

/// A body whose share of the budget is held by it and by every frame of bytes it gave out,
/// until the last of them is dropped.
struct HeldBody {
    inner: Body,
    permit: Arc<OwnedSemaphorePermit>,
}

/// A frame's bytes with the answer's share: the share is given back when hyper drops the
/// last bytes that hold it, once they are written.
struct HeldBytes {
    bytes: Bytes,
    _permit: Arc<OwnedSemaphorePermit>,
}

impl AsRef<[u8]> for HeldBytes {
    fn as_ref(&self) -> &[u8] {
        &self.bytes
    }
}

impl HttpBody for HeldBody {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        let permit = self.permit.clone();
        Pin::new(&mut self.inner).poll_frame(cx).map(|frame| {
            frame.map(|frame| {
                frame.map(|frame| {
                    frame.map_data(|bytes| {
                        Bytes::from_owner(HeldBytes {
                            bytes,
                            _permit: permit,
                        })
                    })
                })
            })
        })
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::Router;
    use axum::routing::get;
    use tower::ServiceExt;

    /// An answer not yet read holds its size; the next one past the budget is a 503 until the
    /// first is dropped.
    #[test]
    fn an_unread_answer_keeps_its_share_until_dropped() {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .build()
            .expect("a runtime");
        // 100 kB answers at most: 8 x 98 KiB = 784 KiB in all.
        let held = Held::new(100_000);
        let app = Router::new()
            .route("/big", get(|| async { vec![b'x'; 600 * 1024] }))
            .route("/small", get(|| async { "ok" }))
            .layer(axum::middleware::from_fn_with_state(held.clone(), bound));
        let get = |path: &'static str| {
            let app = app.clone();
            runtime.block_on(async move {
                app.oneshot(axum::http::Request::get(path).body(Body::empty()).unwrap())
                    .await
                    .unwrap()
            })
        };
        let first = get("/big");
        assert_eq!(first.status(), StatusCode::OK);
        let second = get("/big");
        assert_eq!(second.status(), StatusCode::SERVICE_UNAVAILABLE);
        // Small answers (the page, errors) are not held.
        assert_eq!(get("/small").status(), StatusCode::OK);
        drop(first);
        assert_eq!(get("/big").status(), StatusCode::OK);
    }

    /// The share stays while the bytes the body gave out are held (in hyper's write queue,
    /// for a client that does not read), after the body itself is gone; it is given back with
    /// the last of them.
    #[test]
    fn the_share_stays_with_the_bytes_until_they_are_gone() {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .build()
            .expect("a runtime");
        let held = Held::new(100_000);
        let app = Router::new()
            .route("/big", get(|| async { vec![b'x'; 600 * 1024] }))
            .layer(axum::middleware::from_fn_with_state(held.clone(), bound));
        let get = || {
            let app = app.clone();
            runtime.block_on(async move {
                app.oneshot(
                    axum::http::Request::get("/big")
                        .body(Body::empty())
                        .unwrap(),
                )
                .await
                .unwrap()
            })
        };
        let first = get();
        assert_eq!(first.status(), StatusCode::OK);
        // As hyper does: the frame taken, the body dropped, the bytes kept to be written.
        let mut body = first.into_body();
        let frame = runtime
            .block_on(std::future::poll_fn(|cx| {
                Pin::new(&mut body).poll_frame(cx)
            }))
            .expect("a frame")
            .expect("no error");
        let bytes = frame.into_data().expect("data");
        assert_eq!(bytes.len(), 600 * 1024);
        assert!(body.is_end_stream());
        drop(body);
        let part = bytes.slice(1000..);
        drop(bytes);
        assert_eq!(
            get().status(),
            StatusCode::SERVICE_UNAVAILABLE,
            "the bytes not yet written still hold their share"
        );
        drop(part);
        assert_eq!(get().status(), StatusCode::OK);
    }

    #[test]
    fn the_budget_is_given_back_when_the_answer_is_dropped() {
        let held = Held::new(1 << 20); // 8 MiB in all
        let a = held.take(5 << 20).expect("room for 5 MiB");
        assert!(held.take(4 << 20).is_none(), "3 MiB left");
        let b = held.take(3 << 20).expect("room for 3 MiB");
        drop(a);
        assert!(held.take(5 << 20).is_some());
        drop(b);
        assert!(held.take(8 << 20).is_some());
        assert!(held.take(9 << 20).is_none());
    }
}
