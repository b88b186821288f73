//! How a long computation tells of its progress, without printing: the library calls an
//! observer ([`Progress`]) and the caller decides what to show. The CLI draws bars on stderr
//! (indicatif, on a terminal only); `lingeo serve`, the tests and every caller that does not ask
//! get [`Silent`], which does nothing.
//!
//! Calls are made between units of work (an attack, a game, a pair, 16,384 search nodes), never
//! inside a hot loop, so an observer may take a lock or format text.

use std::fmt;
use std::sync::Arc;

/// An observer of one task at a time: `start`, then any number of `advance` and `message`,
/// then `finish`. Every method does nothing unless implemented. The methods take `&self`
/// (an implementation keeps its counts in atomics or behind a lock) so that one observer can
/// be shared by the options of a search and the thread that reads it.
pub trait Progress: Send + Sync {
    /// A task begins: `total` steps when they are known beforehand (attacks, games, pairs),
    /// `None` when they are not (the nodes of a search); `what` names the steps, plural
    /// (`"attacks"`, `"nodes"`).
    fn start(&self, _total: Option<u64>, _what: &str) {}
    /// `n` more steps are done.
    fn advance(&self, _n: u64) {}
    /// What the task is at now, in a few words (`depth 5, ply 9`, `+3 =1 -0`).
    fn message(&self, _text: &str) {}
    /// The task ended (finished or stopped).
    fn finish(&self) {}
}

/// The observer that does nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct Silent;

impl Progress for Silent {}

/// An observer held by options that are cloned and printed (`SearchOptions`): shared, and
/// [`Silent`] by default.
#[derive(Clone)]
pub struct Observer(Arc<dyn Progress>);

impl Observer {
    /// An observer that tells `progress`.
    pub fn new(progress: impl Progress + 'static) -> Observer {
        Observer(Arc::new(progress))
    }

    /// The observer that does nothing.
    pub fn silent() -> Observer {
        Observer::new(Silent)
    }

    /// The progress observer, to start a [`Task`] on.
    pub fn get(&self) -> &dyn Progress {
        &*self.0
    }
}

impl Default for Observer {
    fn default() -> Observer {
        Observer::silent()
    }
}

impl fmt::Debug for Observer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Observer")
    }
}

/// Calls `finish` when dropped, so that a task that returns early (an error, a stop) still
/// ends its bar.
pub struct Task<'p> {
    progress: &'p dyn Progress,
}

impl<'p> Task<'p> {
    /// Starts a task on `progress` (see [`Progress::start`]).
    pub fn start(progress: &'p dyn Progress, total: Option<u64>, what: &str) -> Task<'p> {
        progress.start(total, what);
        Task { progress }
    }

    /// Tells of `n` more steps done.
    pub fn advance(&self, n: u64) {
        self.progress.advance(n);
    }

    /// Tells what the task is at now (a start, a depth).
    pub fn message(&self, text: &str) {
        self.progress.message(text);
    }
}

impl Drop for Task<'_> {
    fn drop(&mut self) {
        self.progress.finish();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    #[derive(Default)]
    struct Log(Mutex<Vec<String>>);

    impl Progress for Log {
        fn start(&self, total: Option<u64>, what: &str) {
            self.0
                .lock()
                .unwrap()
                .push(format!("start {total:?} {what}"));
        }
        fn advance(&self, n: u64) {
            self.0.lock().unwrap().push(format!("advance {n}"));
        }
        fn finish(&self) {
            self.0.lock().unwrap().push("finish".into());
        }
    }

    #[test]
    fn a_task_finishes_when_dropped() {
        let log = Log::default();
        {
            let task = Task::start(&log, Some(2), "steps");
            task.advance(1);
        }
        assert_eq!(
            *log.0.lock().unwrap(),
            ["start Some(2) steps", "advance 1", "finish"]
        );
    }

    #[test]
    fn the_default_observer_is_silent_and_prints_as_its_name() {
        let o = Observer::default();
        o.get().start(None, "nodes");
        o.get().advance(5);
        assert_eq!(format!("{o:?}"), "Observer");
    }
}
