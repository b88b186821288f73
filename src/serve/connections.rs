//! The connections: accepted on 127.0.0.1 and served by hyper's HTTP/1.1, each given
//! `--read-timeout` to send a request's head (a connection that sends half a head, or that
//! stays idle, is closed then), and at most `--max-connections` of them open at once. At the
//! cap, a new connection closes the oldest one with no request under way (one that has not
//! sent a whole head yet, or an idle keep-alive one), so that slow or stalled clients can
//! neither hold the server's descriptors nor lock out a client that sends its request.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::TcpListener;
use tokio::sync::Notify;
use tower::ServiceExt;

/// The connections open and the cap on them.
struct Open {
    max: usize,
    inner: Mutex<Inner>,
}

struct Inner {
    next: u64,
    /// By the order they were accepted: the oldest first.
    connections: BTreeMap<u64, Arc<Connection>>,
}

#[derive(Default)]
struct Connection {
    /// Requests whose head has arrived, in all, and those under way.
    requests: AtomicUsize,
    busy: AtomicUsize,
    close: Notify,
}

/// Counts a request as under way while it is.
struct Busy(Arc<Connection>);

impl Busy {
    fn new(c: &Arc<Connection>) -> Busy {
        c.requests.fetch_add(1, Ordering::SeqCst);
        c.busy.fetch_add(1, Ordering::SeqCst);
        Busy(c.clone())
    }
}

impl Drop for Busy {
    fn drop(&mut self) {
        self.0.busy.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Open {
    /// Registers a new connection, closing the oldest idle one at the cap; `None` when every
    /// connection open has a request under way (the new one is then refused).
    fn admit(&self) -> Option<(u64, Arc<Connection>)> {
        let mut inner = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        if inner.connections.len() >= self.max {
            let victim = inner
                .connections
                .iter()
                .find(|(_, c)| c.busy.load(Ordering::SeqCst) == 0)
                .map(|(id, _)| *id)?;
            if let Some(c) = inner.connections.remove(&victim) {
                c.close.notify_one();
            }
        }
        let id = inner.next;
        inner.next += 1;
        let connection = Arc::new(Connection::default());
        inner.connections.insert(id, connection.clone());
        Some((id, connection))
    }

    fn remove(&self, id: u64) {
        let mut inner = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        inner.connections.remove(&id);
    }
}

/// The most connections to keep open: `wanted`, but well under the process's descriptor
/// limit (64 kept for the listener, the blocking pool and the rest), and at least 8.
pub fn cap(wanted: usize) -> usize {
    let mut limit = usize::MAX;
    #[cfg(target_os = "linux")]
    {
        let mut r = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: `r` is a valid rlimit for getrlimit to fill.
        if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut r) } == 0 {
            limit = usize::try_from(r.rlim_cur).unwrap_or(usize::MAX);
        }
    }
    wanted.min(limit.saturating_sub(64)).max(8)
}

/// Serves `router` on `listener` forever.
pub async fn serve(listener: TcpListener, router: Router, max: usize, read_timeout: Duration) {
    let open = Arc::new(Open {
        max,
        inner: Mutex::new(Inner {
            next: 0,
            connections: BTreeMap::new(),
        }),
    });
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(read_timeout);
    loop {
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            // Out of descriptors (or a connection reset before it was accepted): wait a little
            // for some to close rather than spin.
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let Some((id, connection)) = open.admit() else {
            // Every connection has a request under way (bounded by --max-concurrent and its
            // queue, so the cap is far past what a browser opens): this one waits for none.
            drop(stream);
            continue;
        };
        let router = router.clone();
        let open = open.clone();
        let http = http.clone();
        tokio::spawn(async move {
            let service = {
                let connection = connection.clone();
                hyper::service::service_fn(move |request: hyper::Request<Incoming>| {
                    let busy = Busy::new(&connection);
                    let router = router.clone();
                    async move {
                        let response = router.oneshot(request.map(Body::new)).await;
                        drop(busy);
                        response
                    }
                })
            };
            let served = http.serve_connection(TokioIo::new(stream), service);
            tokio::pin!(served);
            tokio::select! {
                _ = served.as_mut() => {}
                () = connection.close.notified() => {
                    // Closed to make room: at once if no request has come yet (a half-sent
                    // head), else when the answer under way is written (an idle keep-alive
                    // connection closes at once).
                    if connection.requests.load(Ordering::SeqCst) > 0 {
                        served.as_mut().graceful_shutdown();
                        let _ = served.await;
                    }
                }
            }
            open.remove(id);
        });
    }
}
