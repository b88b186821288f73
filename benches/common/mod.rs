//! What the benchmarks share: the binary's allocator, and the time of one call, for the ratio
//! tables they print after criterion's own report. Each bench compiles its own copy and uses
//! part of it.
#![allow(dead_code)]

use std::hint::black_box;
use std::time::{Duration, Instant};

/// The allocator the `lingeo` binary and the Python module run on (mimalloc, counted): a
/// search's time depends on it by half (docs/lg-search.md, "The allocator and the caches"),
/// so a bench measures what a user runs.
#[global_allocator]
static ALLOCATOR: lingeo::memory::Counting = lingeo::memory::Counting;

/// The median time of one call of `f`. Calls are timed in batches of at least a millisecond,
/// so that a call of a few microseconds is not lost in the timer's and the machine's noise;
/// the median batch (of 5 to 15, fewer for slow calls) is divided by its number of calls.
pub fn median<T>(f: &dyn Fn() -> T) -> Duration {
    let t = Instant::now();
    black_box(f());
    let once = t.elapsed().max(Duration::from_nanos(1));
    let calls = (Duration::from_millis(1).as_nanos() / once.as_nanos()).max(1) as u32;
    let batch = once * calls;
    let samples = (Duration::from_secs(2).as_nanos() / batch.as_nanos()).clamp(5, 15) as usize | 1;
    let mut times: Vec<Duration> = (0..samples)
        .map(|_| {
            let t = Instant::now();
            for _ in 0..calls {
                black_box(f());
            }
            t.elapsed() / calls
        })
        .collect();
    times.sort();
    times[samples / 2]
}

/// One warm-up call of `f`, then one timed call: its count and its time. For the long perft
/// runs that are timed once before criterion's samples.
pub fn timed_once(f: impl Fn() -> u64) -> (u64, Duration) {
    f();
    let start = Instant::now();
    let n = f();
    (n, start.elapsed())
}
