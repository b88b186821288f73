//! Independent work spread over threads (`--jobs N`): the games of a match, the runs of
//! `compare --random`, the cases of `lingeo test`, the positions of an agreement run. The
//! results come back in the order of the work, whatever order the threads finish in, so the
//! output is the same bytes as on one thread; each worker carries the calling thread's memory
//! limit ([`crate::memory::limit`]), the account of what its structures hold
//! ([`crate::memory::account`]: the workers' structures count together) and deadline
//! ([`crate::deadline`]), which are per thread.

use rayon::prelude::*;

/// The most jobs a caller may ask for: more threads than this only cost memory.
pub const MAX_JOBS: usize = 256;

/// Why work could not be spread over threads.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum JobsError {
    /// A number of jobs out of `1..=MAX_JOBS`.
    #[error("jobs must be from 1 to {MAX_JOBS}, not {0}")]
    OutOfRange(usize),
    /// The system would not start the threads.
    #[error("cannot start {jobs} threads: {message}")]
    Threads {
        /// The threads asked for.
        jobs: usize,
        /// What the system said.
        message: String,
    },
}

/// Why a number of jobs is refused, if it is.
pub fn check_jobs(jobs: usize) -> Result<(), JobsError> {
    if (1..=MAX_JOBS).contains(&jobs) {
        Ok(())
    } else {
        Err(JobsError::OutOfRange(jobs))
    }
}

/// The machine's cores, as the standard library sees them (1 where it cannot tell).
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// `f` over `items` on `jobs` threads, the results in the order of `items`. One job runs on the
/// calling thread, with no pool. `f` also gets the item's index. When `stop` says a result
/// ends the work (an error that stops a match), later items not yet started are skipped
/// (`None`); the results up to and including the first such item are all there.
pub fn map_in_order<T, R>(
    jobs: usize,
    items: &[T],
    f: impl Fn(usize, &T) -> R + Sync,
    stop: impl Fn(&R) -> bool + Sync,
) -> Result<Vec<Option<R>>, JobsError>
where
    T: Sync,
    R: Send,
{
    map_in_order_with(jobs, items, || (), |_, k, item| f(k, item), stop)
}

/// [`map_in_order`] where each worker first makes its own state with `init` (what cannot be
/// shared between threads, such as a grammar, which holds `Rc`s) and `f` borrows it. A worker
/// may make it more than once (once per batch of items it takes); one job makes it once.
pub fn map_in_order_with<S, T, R>(
    jobs: usize,
    items: &[T],
    init: impl Fn() -> S + Sync + Send,
    f: impl Fn(&mut S, usize, &T) -> R + Sync + Send,
    stop: impl Fn(&R) -> bool + Sync,
) -> Result<Vec<Option<R>>, JobsError>
where
    T: Sync,
    R: Send,
{
    check_jobs(jobs)?;
    if jobs == 1 || items.len() <= 1 {
        let mut out = Vec::with_capacity(items.len());
        let mut stopped = false;
        let mut state = None;
        for (k, item) in items.iter().enumerate() {
            if stopped {
                out.push(None);
                continue;
            }
            let r = f(state.get_or_insert_with(&init), k, item);
            stopped = stop(&r);
            out.push(Some(r));
        }
        return Ok(out);
    }
    let memory = crate::memory::limit();
    let account = crate::memory::account();
    let deadline = crate::deadline::current();
    // The first item whose result stopped the work: items after it are not started.
    let first_stop = std::sync::atomic::AtomicUsize::new(usize::MAX);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .thread_name(|k| format!("lingeo-job-{k}"))
        // Searches recurse deep; the stack also grows on demand (memory::grow).
        .stack_size(8 << 20)
        .build()
        .map_err(|e| JobsError::Threads {
            jobs,
            message: e.to_string(),
        })?;
    // The state is made on the worker, under the caller's memory limit, when first needed.
    Ok(pool.install(|| {
        items
            .par_iter()
            .enumerate()
            .map_init(
                || None,
                |state: &mut Option<S>, (k, item)| {
                    if k > first_stop.load(std::sync::atomic::Ordering::Relaxed) {
                        return None;
                    }
                    let r = crate::memory::with_limit(memory, || {
                        crate::memory::within_account(&account, || {
                            crate::deadline::inherit(&deadline, || {
                                let state = match state {
                                    Some(s) => s,
                                    None => state.insert(init()),
                                };
                                f(state, k, item)
                            })
                        })
                    });
                    if stop(&r) {
                        first_stop.fetch_min(k, std::sync::atomic::Ordering::Relaxed);
                    }
                    Some(r)
                },
            )
            .collect()
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_keep_the_order_of_the_work_on_any_number_of_threads() {
        let items: Vec<u64> = (0..200).collect();
        // Later items finish first: the order must not follow the finishing order.
        let work = |k: usize, n: &u64| {
            std::thread::sleep(std::time::Duration::from_micros(200 - k as u64));
            n * n
        };
        let one = map_in_order(1, &items, work, |_| false).unwrap();
        for jobs in [2, 3, 8] {
            assert_eq!(map_in_order(jobs, &items, work, |_| false).unwrap(), one);
        }
        assert_eq!(one[7], Some(49));
    }

    #[test]
    fn a_stop_keeps_every_result_before_it() {
        let items: Vec<u32> = (0..50).collect();
        for jobs in [1, 2, 4] {
            let out = map_in_order(jobs, &items, |_, &n| n, |&n| n == 10).unwrap();
            assert!(out[..=10].iter().all(Option::is_some), "{jobs}");
            assert_eq!(out[10], Some(10));
            if jobs == 1 {
                assert!(out[11..].iter().all(Option::is_none));
            }
        }
    }

    #[test]
    fn workers_carry_the_memory_limit() {
        let items = [0u8; 8];
        let limits = crate::memory::with_limit(123 << 20, || {
            map_in_order(2, &items, |_, _| crate::memory::limit(), |_| false).unwrap()
        });
        assert!(limits.iter().all(|l| *l == Some(123 << 20)));
    }

    #[test]
    fn each_worker_has_its_own_state() {
        let items: Vec<u32> = (0..100).collect();
        // A state that is not Sync: a worker's own counter of the items it ran.
        let run = |jobs| {
            map_in_order_with(
                jobs,
                &items,
                || std::rc::Rc::new(std::cell::Cell::new(0u32)),
                |seen, _, &n| {
                    seen.set(seen.get() + 1);
                    (n * 3, seen.get())
                },
                |_| false,
            )
            .unwrap()
        };
        let one = run(1);
        // One job makes its state once and runs every item with it.
        assert_eq!(one[99], Some((297, 100)));
        let two = run(2);
        let values = |v: &[Option<(u32, u32)>]| v.iter().map(|r| r.unwrap().0).collect::<Vec<_>>();
        assert_eq!(values(&two), values(&one));
    }

    #[test]
    fn no_jobs_or_too_many_is_an_error() {
        let e = map_in_order(0, &[1], |_, &n: &i32| n, |_| false).unwrap_err();
        assert_eq!(e, JobsError::OutOfRange(0));
        assert!(e.to_string().contains("from 1 to 256"), "{e}");
        assert_eq!(
            check_jobs(MAX_JOBS + 1),
            Err(JobsError::OutOfRange(MAX_JOBS + 1))
        );
    }
}
