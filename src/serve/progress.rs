//! The progress of the computations under way, by the id their request gives (`progress`, a
//! name the page makes up): what the library reports to its observer ([`lingeo::progress`]:
//! the steps done, what they are, its last message), read by `GET /api/progress/{id}` while the
//! request runs, so that the page shows a search's nodes beside its time. An id is forgotten
//! once its computation ends.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use serde_json::{Value, json};

use super::Config;
use super::error::HttpError;

/// The most computations followed at once (a request past it is computed without its
/// progress): the ids are the clients' and must not grow without bound.
const MAX_FOLLOWED: usize = 1024;

/// The longest id taken, in bytes.
const MAX_ID: usize = 100;

/// The counts of one computation.
#[derive(Default)]
struct Counter {
    done: AtomicU64,
    total: Mutex<Option<u64>>,
    what: Mutex<String>,
    message: Mutex<String>,
}

/// The computations followed, by id.
#[derive(Clone, Default)]
pub struct Registry(Arc<Mutex<HashMap<String, Arc<Counter>>>>);

/// The observer given to the library for one computation; its id is forgotten when it is
/// dropped (the computation ended, or its request was cancelled).
pub struct Followed {
    registry: Registry,
    id: String,
    counter: Arc<Counter>,
}

/// The library's observer, sharing the counts of a [`Followed`].
struct Observer(Arc<Counter>);

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl lingeo::progress::Progress for Observer {
    fn start(&self, total: Option<u64>, what: &str) {
        self.0.done.store(0, Ordering::Relaxed);
        *lock(&self.0.total) = total;
        *lock(&self.0.what) = what.to_string();
    }
    fn advance(&self, n: u64) {
        self.0.done.fetch_add(n, Ordering::Relaxed);
    }
    fn message(&self, text: &str) {
        *lock(&self.0.message) = text.to_string();
    }
}

impl Registry {
    /// Follows the computation of `id`; `None` for an id that is not a plain name (letters,
    /// digits, `-_.`, at most [`MAX_ID`] bytes), one already followed, or past
    /// [`MAX_FOLLOWED`].
    pub fn follow(&self, id: &str) -> Result<Option<Followed>, HttpError> {
        let plain = !id.is_empty()
            && id.len() <= MAX_ID
            && id
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c));
        if !plain {
            return Err(HttpError::bad_request(format!(
                "`progress` must be a name of letters, digits and `-_.` (at most {MAX_ID} bytes)"
            )));
        }
        let mut map = lock(&self.0);
        if map.len() >= MAX_FOLLOWED || map.contains_key(id) {
            return Ok(None);
        }
        let counter = Arc::new(Counter::default());
        map.insert(id.to_string(), Arc::clone(&counter));
        Ok(Some(Followed {
            registry: self.clone(),
            id: id.to_string(),
            counter,
        }))
    }

    fn get(&self, id: &str) -> Option<Arc<Counter>> {
        lock(&self.0).get(id).cloned()
    }
}

impl Followed {
    /// The observer to give the library's request.
    pub fn observer(&self) -> lingeo::progress::Observer {
        lingeo::progress::Observer::new(Observer(Arc::clone(&self.counter)))
    }
}

impl Drop for Followed {
    fn drop(&mut self) {
        lock(&self.registry.0).remove(&self.id);
    }
}

/// `GET /api/progress/{id}`: `{"what", "done", "total", "message"}` of the computation under
/// way, 404 when none is (not started yet, or over).
pub async fn progress(
    State(config): State<Config>,
    Path(id): Path<String>,
) -> Result<Json<Value>, HttpError> {
    let Some(c) = config.progress.get(&id) else {
        return Err(HttpError::new(
            StatusCode::NOT_FOUND,
            format!("no computation under way is followed as `{id}`"),
        ));
    };
    let what = lock(&c.what).clone();
    let total = *lock(&c.total);
    let message = lock(&c.message).clone();
    Ok(Json(json!({
        "what": what,
        "done": c.done.load(Ordering::Relaxed),
        "total": total,
        "message": message,
    })))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_is_followed_while_its_computation_runs() {
        let registry = Registry::default();
        let followed = registry
            .follow("search-1")
            .ok()
            .flatten()
            .expect("followed");
        let observer = followed.observer();
        observer.get().start(None, "nodes");
        observer.get().advance(16_384);
        observer.get().advance(16_384);
        observer.get().message("depth 3");
        let c = registry.get("search-1").unwrap();
        assert_eq!(c.done.load(Ordering::Relaxed), 32_768);
        assert_eq!(*lock(&c.message), "depth 3");
        // The same id twice is not followed twice; a bad id is an error.
        assert!(matches!(registry.follow("search-1"), Ok(None)));
        assert!(registry.follow("../x").is_err());
        drop(followed);
        assert!(registry.get("search-1").is_none());
    }
}
