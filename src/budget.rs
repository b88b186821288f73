//! What a job may still use while it builds its result: memory (the thread's limit,
//! [`crate::memory`], against which the job holds what its structures take, [`Held`]), time
//! (the thread's deadline, [`crate::deadline`]) and, where the caller caps it, the bytes of the
//! result's text ([`with_output_cap`]: `lingeo serve`'s cap on an answer).
//!
//! One [`Budget`] a structure that grows with the work: a listing of trajectories or patterns,
//! the names a result prints, a derivation's table. Each growth is held before it is built
//! ([`Budget::hold`], [`Budget::output`]), so the job stops with [`Exceeded`] where the next
//! step would pass a limit, and a server that no longer waits for the job stops it there too.
//! What it held is given back when the budget is dropped.

use std::cell::Cell;
use std::time::Duration;

use crate::memory::{Held, TooLarge};

thread_local! {
    static OUTPUT_CAP: Cell<Option<usize>> = const { Cell::new(None) };
}

/// Runs `f` with `cap` bytes as the most the text of each of its results may take
/// ([`Budget::output`]); none by default.
pub fn with_output_cap<R>(cap: usize, f: impl FnOnce() -> R) -> R {
    struct Reset(Option<usize>);
    impl Drop for Reset {
        fn drop(&mut self) {
            OUTPUT_CAP.with(|c| c.set(self.0));
        }
    }
    let _reset = Reset(OUTPUT_CAP.with(|c| c.replace(Some(cap))));
    f()
}

/// This thread's cap on the text of a result ([`with_output_cap`]), if it has one.
pub fn output_cap() -> Option<usize> {
    OUTPUT_CAP.with(Cell::get)
}

/// Why a job stopped before its result was built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Exceeded {
    /// The memory limit ([`crate::memory::with_limit`]).
    #[error(transparent)]
    Memory(#[from] TooLarge),
    /// The cap on a result's text ([`with_output_cap`]).
    #[error("{what} would take more than {}, the cap on the text of a result", show_cap(*cap))]
    Output {
        /// What passed it, as a phrase: `the zones listed`.
        what: String,
        /// The cap, in bytes.
        cap: usize,
    },
    /// The thread's deadline passed ([`crate::deadline`]).
    #[error("{}", crate::deadline::stopped_at(*.0))]
    Time(Duration),
}

/// `cap` as the server's option gives it: in megabytes (10^6 bytes), or bytes below one.
fn show_cap(cap: usize) -> String {
    if cap >= 1_000_000 {
        format!("{} MB", cap.div_ceil(1_000_000))
    } else {
        format!("{cap} bytes")
    }
}

/// An error once the thread's deadline has passed (or its work was stopped).
pub fn check_time() -> Result<(), Exceeded> {
    match crate::deadline::passed() {
        Some(limit) => Err(Exceeded::Time(limit)),
        None => Ok(()),
    }
}

/// What one growing structure of a job holds, and how much of the result's text it counted.
///
/// ```
/// use lingeo::budget::{self, Budget, Exceeded};
/// use lingeo::memory;
///
/// let mut names = Budget::new();
/// let e = budget::with_output_cap(1000, || {
///     names.output(600, || "the names listed".into())?;
///     names.output(600, || "the names listed".into())
/// });
/// assert!(matches!(e, Err(Exceeded::Output { cap: 1000, .. })));
/// assert_eq!(names.held(), 600);
///
/// let e = memory::with_limit(1 << 20, || Budget::new().hold(2 << 20, || "a table".into()));
/// assert!(matches!(e, Err(Exceeded::Memory(_))));
/// ```
#[derive(Debug, Default)]
pub struct Budget {
    held: Held,
    output: usize,
}

impl Budget {
    /// Holds nothing yet.
    pub const fn new() -> Budget {
        Budget {
            held: Held::new(),
            output: 0,
        }
    }

    /// `bytes` more held by the structure (`what`, named in the error), if the memory limit
    /// leaves them and the deadline has not passed.
    pub fn hold(&mut self, bytes: usize, what: impl FnOnce() -> String) -> Result<(), Exceeded> {
        check_time()?;
        Ok(self.held.add(bytes, what)?)
    }

    /// Counts `bytes` that a structure built already holds (measured after it was built),
    /// without a check: they are in use already (a counted heap has them), and the next growth
    /// is checked with them.
    pub fn keep(&mut self, bytes: usize) {
        let held = self.held.bytes();
        self.held.measure(held.saturating_add(bytes));
    }

    /// The structure measured again: `bytes` in all, checked as [`Budget::hold`] checks a
    /// growth.
    pub fn hold_in_all(
        &mut self,
        bytes: usize,
        what: impl FnOnce() -> String,
    ) -> Result<(), Exceeded> {
        check_time()?;
        Ok(self.held.set(bytes, what)?)
    }

    /// `bytes` more of the result's text: held as [`Budget::hold`] holds them, and counted
    /// against the thread's cap on a result's text, where it has one ([`with_output_cap`]).
    pub fn output(&mut self, bytes: usize, what: impl FnOnce() -> String) -> Result<(), Exceeded> {
        self.output = self.output.saturating_add(bytes);
        if let Some(cap) = output_cap()
            && self.output > cap
        {
            return Err(Exceeded::Output { what: what(), cap });
        }
        self.hold(bytes, what)
    }

    /// The names of `points` as a result prints them (a trajectory's stops), counted as its
    /// text ([`Budget::output`]); `what` names the listing.
    pub fn names(
        &mut self,
        board: &crate::board::Board,
        points: &[crate::board::Point],
        what: impl FnOnce() -> String,
    ) -> Result<Vec<String>, Exceeded> {
        let spelled: Vec<String> = points.iter().map(|&p| board.name(p).to_string()).collect();
        let bytes = std::mem::size_of::<Vec<String>>()
            + spelled.iter().map(|n| text_bytes(n.len())).sum::<usize>();
        self.output(bytes, what)?;
        Ok(spelled)
    }

    /// Gives back `bytes` of what it holds (the structure shrank, or a part was dropped).
    pub fn release(&mut self, bytes: usize) {
        self.held.release(bytes);
    }

    /// What it holds.
    pub fn held(&self) -> usize {
        self.held.bytes()
    }
}

/// A result's text as it is written (JSON printed, a listing rendered): its buffer held
/// against the memory limit before it grows ([`Held`]), and its bytes counted against the
/// thread's cap on a result's text (not the deadline: a result made in time is written out). Past either it stops growing, and [`Text::finish`] says
/// why; so a caller can write on without looking at each write (`push_str`, [`std::fmt::Write`],
/// [`std::io::Write`] for serde's writers, which see the first refusal as an error).
///
/// ```
/// use lingeo::budget::{self, Exceeded, Text};
/// let mut text = Text::new("the listing printed");
/// budget::with_output_cap(10, || {
///     text.push_str("a1 b2 c3\n");
///     text.push_str("d4 e5 f6\n");
/// });
/// assert!(matches!(text.finish(), Err(Exceeded::Output { cap: 10, .. })));
/// ```
#[derive(Debug)]
pub struct Text {
    buf: Vec<u8>,
    held: Held,
    what: &'static str,
    stopped: Option<Exceeded>,
}

impl Text {
    /// An empty text; `what` names it in the error (`the JSON printed`).
    pub fn new(what: &'static str) -> Text {
        Text {
            buf: Vec::new(),
            held: Held::new(),
            what,
            stopped: None,
        }
    }

    /// Appends `s`, unless that would pass a limit: then the text stops growing.
    pub fn push_str(&mut self, s: &str) {
        let _ = self.append(s.as_bytes());
    }

    /// Appends `c`, as [`Text::push_str`].
    pub fn push(&mut self, c: char) {
        self.push_str(c.encode_utf8(&mut [0; 4]));
    }

    /// Whether nothing is written.
    pub fn is_empty(&self) -> bool {
        self.buf.is_empty()
    }

    /// The text, or why it stopped growing.
    pub fn finish(self) -> Result<String, Exceeded> {
        if let Some(e) = self.stopped {
            return Err(e);
        }
        // Only whole strings are appended (serde's writers write whole fragments).
        Ok(String::from_utf8(self.buf)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()))
    }

    /// Appends `bytes` after the checks: the cap on the text, then the buffer's growth held
    /// before it is allocated.
    fn append(&mut self, bytes: &[u8]) -> Result<(), ()> {
        if self.stopped.is_some() {
            return Err(());
        }
        let needed = self.buf.len().saturating_add(bytes.len());
        if let Some(cap) = output_cap()
            && needed > cap
        {
            return self.stop(Exceeded::Output {
                what: self.what.to_string(),
                cap,
            });
        }
        if needed > self.buf.capacity() {
            let grown = needed.max(self.buf.capacity().saturating_mul(2)).max(4096);
            let what = self.what;
            // Not the deadline: a result is written out whole once it is made (a search stopped
            // at its deadline answers with what it has).
            if let Err(e) = self.held.set(grown, || what.into()) {
                return self.stop(e.into());
            }
            self.buf.reserve_exact(grown - self.buf.len());
        }
        self.buf.extend_from_slice(bytes);
        Ok(())
    }

    fn stop(&mut self, e: Exceeded) -> Result<(), ()> {
        self.stopped = Some(e);
        Err(())
    }
}

impl std::fmt::Write for Text {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.append(s.as_bytes()).map_err(|()| std::fmt::Error)
    }
}

impl std::io::Write for Text {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.append(bytes)
            .map_err(|()| std::io::Error::other("the text passed a limit"))?;
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// About what a list of `len` points takes on the heap: the points, the vector's header and
/// the allocator's own words around the block.
pub fn points_bytes(len: usize) -> usize {
    HEAP_BLOCK + std::mem::size_of::<Vec<crate::board::Point>>() + 4 * len
}

/// About what a string of `len` bytes takes on the heap, with its header.
pub fn text_bytes(len: usize) -> usize {
    HEAP_BLOCK + std::mem::size_of::<String>() + len
}

/// What the allocator keeps around each block it hands out (its header and the rounding up
/// of the block), about: glibc's malloc takes at least 32 bytes for the smallest.
pub const HEAP_BLOCK: usize = 16;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_a_budget_holds_is_given_back_when_it_is_dropped() {
        let before = crate::memory::held();
        {
            let mut b = Budget::new();
            b.hold(1000, || "x".into()).unwrap();
            b.output(24, || "x".into()).unwrap();
            assert_eq!(b.held(), 1024);
            assert!(crate::memory::held() >= before + 1024);
            b.hold_in_all(10, || "x".into()).unwrap();
            assert_eq!(b.held(), 10);
        }
        // Other tests hold and give back on their threads at the same time: only this
        // budget's bytes are known to be gone.
        assert_eq!(output_cap(), None);
    }

    #[test]
    fn a_text_stops_growing_at_the_memory_limit_before_it_allocates() {
        let mut text = Text::new("the JSON printed");
        crate::memory::with_limit(1 << 20, || {
            for _ in 0..10_000 {
                text.push_str(&"x".repeat(1000));
            }
        });
        assert!(text.buf.capacity() <= 1 << 20, "{}", text.buf.capacity());
        match text.finish() {
            Err(Exceeded::Memory(e)) => {
                assert_eq!(e.what, "the JSON printed");
                assert_eq!(e.limit, 1 << 20);
            }
            other => panic!("{other:?}"),
        }
        let mut small = Text::new("x");
        small.push_str("a1");
        small.push('b');
        assert_eq!(small.finish().unwrap(), "a1b");
    }

    #[test]
    fn a_passed_deadline_stops_the_next_growth() {
        let e = crate::deadline::within(Duration::ZERO, || {
            std::thread::sleep(Duration::from_millis(2));
            Budget::new().hold(1, || "x".into())
        });
        assert_eq!(e, Err(Exceeded::Time(Duration::ZERO)));
        assert_eq!(
            Exceeded::Time(Duration::from_secs(30)).to_string(),
            "stopped at the time limit of the request (30 s)"
        );
    }

    #[test]
    fn the_output_cap_is_the_threads_and_names_what_passed_it() {
        let e = with_output_cap(64_000_000, || {
            let mut b = Budget::new();
            b.output(60_000_000, || "the zones listed".into()).unwrap();
            b.output(5_000_000, || "the zones listed".into())
        })
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            "the zones listed would take more than 64 MB, the cap on the text of a result"
        );
        assert_eq!(output_cap(), None);
    }
}
