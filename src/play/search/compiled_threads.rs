//! The threads of a solve on a compiled rule ([`super::placement_solve`], [`super::step_solve`]):
//! lazy SMP over the solver's shared table, the first thread to find the root's value stopping
//! the others, and their counts summed into the result.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::time::{Duration, Instant};

use super::disc_table::DiscTable;
use super::{Budget, SearchOptions, SearchResult, StopReason};

/// What one thread of a solve counted.
#[derive(Clone, Debug, Default)]
pub(crate) struct Tally {
    pub(crate) nodes: u64,
    pub(crate) tt_hits: u64,
    pub(crate) max_ply: usize,
    pub(crate) cpu_time: Option<Duration>,
    /// Why the thread stopped early, but for another thread's finish.
    pub(crate) stopped: Option<StopReason>,
}

impl Tally {
    /// The counts of a thread that searched under `budget` with `tt_hits` table hits.
    pub(crate) fn of(budget: &mut Budget, tt_hits: u64) -> Tally {
        Tally {
            nodes: budget.nodes,
            tt_hits,
            max_ply: budget.max_ply,
            cpu_time: budget.cpu_elapsed(),
            stopped: budget
                .stopped
                .take()
                .filter(|why| *why != StopReason::Halted),
        }
    }
}

/// Runs `search` on `threads` threads: `search(id, options)` is thread `id`'s search of the
/// root (the helpers, 1 and up, with a silent progress), giving its value unless it stopped,
/// and its counts. The first value found sets `halt`, which the others watch. `Ok`: the value
/// and the counts of all threads together (the main thread's stop); `Err`: the result of a
/// solve that found no value, begun at `start`.
pub(crate) fn solve_on_threads(
    threads: usize,
    options: &SearchOptions,
    halt: &AtomicBool,
    start: Instant,
    search: impl Fn(usize, &SearchOptions) -> (Option<i32>, Tally) + Sync,
) -> Result<(i32, Tally), Box<SearchResult>> {
    let finished: Mutex<Option<i32>> = Mutex::new(None);
    let quiet = SearchOptions {
        progress: crate::progress::Observer::silent(),
        ..options.clone()
    };
    let tallies = super::on_threads(threads, Tally::default(), |id| {
        let (value, tally) = search(id, if id == 0 { options } else { &quiet });
        if let Some(value) = value {
            let mut slot = finished.lock().unwrap_or_else(|e| e.into_inner());
            slot.get_or_insert(value);
            halt.store(true, Relaxed);
        }
        tally
    });
    let total = Tally {
        nodes: tallies.iter().map(|t| t.nodes).sum(),
        tt_hits: tallies.iter().map(|t| t.tt_hits).sum(),
        max_ply: tallies.iter().map(|t| t.max_ply).max().unwrap_or(0),
        cpu_time: tallies.iter().map(|t| t.cpu_time).sum(),
        stopped: tallies.first().and_then(|t| t.stopped.clone()),
    };
    match finished.into_inner().unwrap_or_else(|e| e.into_inner()) {
        Some(value) => Ok((value, total)),
        None => {
            let why = total
                .stopped
                .unwrap_or_else(|| StopReason::Failed("the parallel solve found no value".into()));
            let mut r = SearchResult::nothing(why, start.elapsed(), total.cpu_time);
            r.nodes = total.nodes;
            r.tt_hits = total.tt_hits;
            Err(Box::new(r))
        }
    }
}

/// The table of a compiled solve as `options` size it (`None` for 0 MiB), and the threads it
/// runs on (one without a table, which the threads would share); `Err`: the result of a solve
/// whose table could not be had.
pub(crate) fn table_and_threads(
    options: &SearchOptions,
    start: Instant,
) -> Result<(Option<DiscTable>, usize), Box<SearchResult>> {
    match options.tt_mb {
        0 => Ok((None, 1)),
        mb => match DiscTable::new(mb) {
            Ok(t) => Ok((Some(t), options.threads.max(1))),
            Err(why) => Err(Box::new(SearchResult::nothing(
                StopReason::Failed(why.to_string()),
                start.elapsed(),
                None,
            ))),
        },
    }
}

/// Counts a node of a thread's search: false once it must stop, for its budget or, looked at
/// every 1,024 nodes, another thread's finish (`halt`).
#[inline]
pub(crate) fn visit(budget: &mut Budget, halt: &AtomicBool, ply: usize) -> bool {
    if !budget.visit(ply) {
        return false;
    }
    if budget.nodes & 0x3ff == 0 && halt.load(Relaxed) {
        budget.stopped = Some(StopReason::Halted);
        return false;
    }
    true
}

/// The root's value by null windows from 0 (MTD(f)), between `-inf` and `inf`:
/// `probe(beta)` searches the root with the window (`beta - 1`, `beta`) and gives its result,
/// `None` once the search must stop (then so does this).
pub(crate) fn null_windows(inf: i32, mut probe: impl FnMut(i32) -> Option<i32>) -> Option<i32> {
    let (mut lower, mut upper) = (-inf, inf);
    let mut guess = 0;
    while lower < upper {
        let beta = guess.max(lower + 1);
        guess = probe(beta)?;
        if guess < beta {
            upper = guess;
        } else {
            lower = guess;
        }
    }
    Some(guess)
}
