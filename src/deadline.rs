//! A wall-clock deadline for the work of one thread: `lingeo serve` gives each request's run
//! one, and the grammar evaluator looks at it where it looks at memory (every 256 derivation
//! steps, every 4,096 elements gone over), so that a run the server has stopped waiting for
//! also stops working. Without a deadline (the CLI), nothing is looked at.
//!
//! The server also stops a run sooner, when nobody waits for its answer any more (the client
//! went away): [`within_or_stopped`] gives the thread a flag another thread sets, and the
//! deadline counts as passed once it is set. [`stoppable`] gives the flag without a deadline
//! (the Python package, whose Ctrl-C sets it): the work runs as it would without either, until
//! the flag is set.

use std::cell::{Cell, RefCell};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

thread_local! {
    static DEADLINE: Cell<Option<(Instant, Duration)>> = const { Cell::new(None) };
    static STOP: RefCell<Option<Arc<AtomicBool>>> = const { RefCell::new(None) };
}

/// [`within`], and the deadline passes at once when another thread sets `stop`.
pub fn within_or_stopped<R>(limit: Duration, stop: Arc<AtomicBool>, f: impl FnOnce() -> R) -> R {
    struct Reset(Option<Arc<AtomicBool>>);
    impl Drop for Reset {
        fn drop(&mut self) {
            STOP.with(|s| *s.borrow_mut() = self.0.take());
        }
    }
    let _reset = Reset(STOP.with(|s| s.borrow_mut().replace(stop)));
    within(limit, f)
}

/// Runs `f` with `stop` as this thread's stop flag and no deadline: nothing changes for the
/// work (it is not [`is_set`]) until another thread sets `stop`, and then [`passed`] says so,
/// as if a deadline of no time had passed.
pub fn stoppable<R>(stop: Arc<AtomicBool>, f: impl FnOnce() -> R) -> R {
    struct Reset(Option<Arc<AtomicBool>>);
    impl Drop for Reset {
        fn drop(&mut self) {
            STOP.with(|s| *s.borrow_mut() = self.0.take());
        }
    }
    let _reset = Reset(STOP.with(|s| s.borrow_mut().replace(stop)));
    f()
}

/// How a stop at the time limit reads, for every job (a request's `time`, or the server's cap
/// on a request): the one phrase the CLI, the server and Python show, made here and nowhere
/// else (the grammar's run, the zones, the budget and the searches'
/// [`StopReason`](crate::play::search::StopReason) all call it). A front end may add how to
/// raise the limit inside the parentheses (`StopReason::with_note`).
pub fn stopped_at(limit: Duration) -> String {
    stopped_at_written(&limit.as_secs_f64().to_string())
}

/// [`stopped_at`] with the limit's seconds as the user wrote them (a search's `--time 1e-300`,
/// whose value as a `Duration` is zero and would read `0 s`).
pub fn stopped_at_written(seconds: &str) -> String {
    format!("stopped at the time limit of the request ({seconds} s)")
}

/// Whether this thread's work was stopped by another thread ([`within_or_stopped`]).
pub fn stopped() -> bool {
    STOP.with(|s| {
        s.borrow()
            .as_ref()
            .is_some_and(|s| s.load(Ordering::Relaxed))
    })
}

/// Runs `f` with a deadline `limit` from now on this thread.
pub fn within<R>(limit: Duration, f: impl FnOnce() -> R) -> R {
    struct Reset(Option<(Instant, Duration)>);
    impl Drop for Reset {
        fn drop(&mut self) {
            DEADLINE.with(|d| d.set(self.0));
        }
    }
    // A limit past what an `Instant` holds is no deadline.
    let Some(at) = Instant::now().checked_add(limit) else {
        return f();
    };
    let _reset = Reset(DEADLINE.with(|d| d.replace(Some((at, limit)))));
    f()
}

/// [`within`], unless this thread has a deadline that comes sooner: then that one stays (a
/// search's `--time` inside a request of `lingeo serve`).
pub fn within_at_most<R>(limit: Duration, f: impl FnOnce() -> R) -> R {
    let sooner = DEADLINE.with(Cell::get).is_some_and(|(at, _)| {
        Instant::now()
            .checked_add(limit)
            .is_none_or(|end| at <= end)
    });
    if sooner { f() } else { within(limit, f) }
}

/// The time left before this thread's deadline (zero once it has passed); `None` without one.
pub fn remaining() -> Option<Duration> {
    DEADLINE
        .with(Cell::get)
        .map(|(at, _)| at.saturating_duration_since(Instant::now()))
}

/// Whether this thread has a deadline (`lingeo serve`'s, or a search's `--time`).
pub fn is_set() -> bool {
    DEADLINE.with(Cell::get).is_some()
}

/// The time limit, when this thread's deadline has passed (or its work was stopped; without a
/// deadline, [`stoppable`], a limit of zero).
pub fn passed() -> Option<Duration> {
    match DEADLINE.with(Cell::get) {
        Some((at, limit)) => (Instant::now() > at || stopped()).then_some(limit),
        None => stopped().then_some(Duration::ZERO),
    }
}

/// This thread's deadline and stop flag, to carry to the threads that do part of its work
/// ([`crate::parallel`]).
#[derive(Clone, Debug, Default)]
pub struct Inherited {
    deadline: Option<(Instant, Duration)>,
    stop: Option<Arc<AtomicBool>>,
}

/// This thread's deadline and stop flag, as [`inherit`] sets them on another thread.
pub fn current() -> Inherited {
    Inherited {
        deadline: DEADLINE.with(Cell::get),
        stop: STOP.with(|s| s.borrow().clone()),
    }
}

/// Runs `f` under the deadline and stop flag of the thread `from` was taken on.
pub fn inherit<R>(from: &Inherited, f: impl FnOnce() -> R) -> R {
    struct Reset(Option<(Instant, Duration)>, Option<Arc<AtomicBool>>);
    impl Drop for Reset {
        fn drop(&mut self) {
            DEADLINE.with(|d| d.set(self.0));
            STOP.with(|s| *s.borrow_mut() = self.1.take());
        }
    }
    let _reset = Reset(
        DEADLINE.with(|d| d.replace(from.deadline)),
        STOP.with(|s| s.replace(from.stop.clone())),
    );
    f()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_deadline_passes_and_is_gone_after_its_scope() {
        assert_eq!(passed(), None);
        within(Duration::ZERO, || {
            std::thread::sleep(Duration::from_millis(2));
            assert_eq!(passed(), Some(Duration::ZERO));
        });
        assert_eq!(passed(), None);
        within(Duration::from_secs(60), || assert_eq!(passed(), None));
    }

    #[test]
    fn a_stop_set_by_another_thread_passes_the_deadline() {
        let stop = Arc::new(AtomicBool::new(false));
        let hour = Duration::from_secs(3600);
        within_or_stopped(hour, stop.clone(), || {
            assert_eq!(passed(), None);
            let setter = stop.clone();
            std::thread::spawn(move || setter.store(true, Ordering::Relaxed))
                .join()
                .unwrap();
            assert_eq!(passed(), Some(hour));
        });
        assert_eq!(passed(), None);
        assert!(!stopped());
    }

    #[test]
    fn a_stop_without_a_deadline_passes_once_set() {
        let stop = Arc::new(AtomicBool::new(false));
        stoppable(stop.clone(), || {
            assert!(!is_set(), "no deadline: the work runs as without one");
            assert_eq!(passed(), None);
            stop.store(true, Ordering::Relaxed);
            assert_eq!(passed(), Some(Duration::ZERO));
            // A deadline inside keeps the flag.
            within(Duration::from_secs(3600), || {
                assert_eq!(passed(), Some(Duration::from_secs(3600)));
            });
        });
        assert_eq!(passed(), None);
    }

    #[test]
    fn the_sooner_deadline_stays() {
        let hour = Duration::from_secs(3600);
        within(Duration::ZERO, || {
            within_at_most(hour, || {
                std::thread::sleep(Duration::from_millis(2));
                assert_eq!(passed(), Some(Duration::ZERO));
            })
        });
        within(hour, || {
            within_at_most(Duration::ZERO, || {
                std::thread::sleep(Duration::from_millis(2));
                assert_eq!(passed(), Some(Duration::ZERO));
            });
            assert_eq!(passed(), None);
        });
        within_at_most(Duration::MAX, || assert_eq!(passed(), None));
        assert_eq!(passed(), None);
    }
}
