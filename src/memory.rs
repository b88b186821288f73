//! What a run costs in memory, so that a derivation can stop with an error before the machine
//! runs out: the heap in use (counted by [`Counting`], when a program installs it as its global
//! allocator, as the `lingeo` binary and the Python extension do), the bytes the library's own
//! structures hold as it accounts for them ([`Held`]), and the extra stack the evaluator grew
//! for deep recursion ([`grow`]).
//!
//! A thread's memory limit ([`with_limit`], [`limit`]) is what the library checks itself before
//! it allocates a structure whose size grows with the board (a relation's successor lists, the
//! rays of play, the kernel's table slots): [`check`] compares the structure's size, computed
//! beforehand, with what the limit leaves, so that a board too large for a slider is an error
//! ([`TooLarge`]) whether or not the heap is counted, never an aborted allocation. The
//! structures that grow as a job runs (a listing of trajectories, zones or patterns, a
//! derivation's table, the text of a result) are held as they grow ([`Held::add`], or
//! [`Held::set`] with their measured size), each growth checked the same way: so the limit
//! holds for any caller of the library (Python, the server, a program of its own), not only
//! for a program whose allocator counts the heap.

use std::alloc::{GlobalAlloc, Layout};
use std::cell::{Cell, RefCell};
use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use mimalloc::MiMalloc as Inner;

/// The default cap on the memory a run may use (`--max-memory`): 4 GiB.
pub const DEFAULT_LIMIT: usize = 4 << 30;

thread_local! {
    static LIMIT: Cell<usize> = const { Cell::new(DEFAULT_LIMIT) };
}

/// Runs `f` with `limit` bytes as this thread's memory limit ([`limit`]).
pub fn with_limit<R>(limit: usize, f: impl FnOnce() -> R) -> R {
    struct Reset(usize);
    impl Drop for Reset {
        fn drop(&mut self) {
            LIMIT.with(|l| l.set(self.0));
        }
    }
    let _reset = Reset(LIMIT.with(|l| l.replace(limit)));
    f()
}

/// This thread's memory limit: the one [`with_limit`] set, else [`DEFAULT_LIMIT`].
pub fn limit() -> usize {
    LIMIT.with(Cell::get)
}

/// A structure that would take more memory than the limit leaves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TooLarge {
    /// What it is, as a phrase: `the successor lists of queen (white, moves) on 1024x1024`.
    pub what: String,
    /// Its size in bytes (an upper bound where the exact size would cost as much as building it).
    pub bytes: u64,
    /// The limit in force.
    pub limit: usize,
    /// The memory in use beside it when it was refused (the rest of the run, or of the
    /// server), which the limit had to leave room for.
    pub in_use: u64,
}

impl fmt::Display for TooLarge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} would take up to {}, more than the memory limit of {} ",
            self.what,
            show_size(self.bytes),
            show(self.limit)
        )?;
        // Alone within the limit, it did not fit beside what was in use: say how much that was.
        if self.bytes <= self.limit as u64 {
            write!(f, "leaves beside the {} in use", show_size(self.in_use))
        } else {
            f.write_str("allows")
        }
    }
}

impl std::error::Error for TooLarge {}

/// Whether a structure of `bytes` fits in what this thread's [`limit`] leaves beside the memory
/// [`in_use`]; `what` names it in the error.
///
/// ```
/// use lingeo::memory;
/// let e = memory::with_limit(1 << 20, || memory::check(2 << 20, || "a table".into()))
///     .unwrap_err();
/// assert_eq!(e.to_string(), "a table would take up to 2.0 MiB, more than the memory limit of 1 MiB allows");
/// ```
pub fn check(bytes: u64, what: impl FnOnce() -> String) -> Result<(), TooLarge> {
    let limit = limit();
    let in_use = in_use();
    let left = limit.saturating_sub(in_use) as u64;
    if bytes <= left {
        Ok(())
    } else {
        Err(TooLarge {
            what: what(),
            bytes,
            limit,
            in_use: in_use as u64,
        })
    }
}

static HEAP: AtomicUsize = AtomicUsize::new(0);
static COUNTING: AtomicBool = AtomicBool::new(false);
static STACK: AtomicUsize = AtomicUsize::new(0);

/// The bytes the live [`Held`]s of one job hold: a thread's own, or the one it was given to
/// share ([`within_account`]: the workers of a job spread over threads). A `Held` keeps the
/// account it grew in, so one dropped on another thread (a result handed back by a worker, or
/// by the server's blocking pool) gives its bytes back where it took them.
#[derive(Clone, Debug, Default)]
pub struct Account(Arc<AtomicUsize>);

impl Account {
    /// What its `Held`s hold.
    pub fn bytes(&self) -> usize {
        self.0.load(Ordering::Relaxed)
    }
}

thread_local! {
    static ACCOUNT: RefCell<Account> = RefCell::new(Account::default());
}

/// This thread's account, to share with the threads that do part of its work.
pub fn account() -> Account {
    ACCOUNT.with(|a| a.borrow().clone())
}

/// Runs `f` with `account` as this thread's account: what it holds counts with what the
/// account's other threads hold, against each one's limit.
pub fn within_account<R>(account: &Account, f: impl FnOnce() -> R) -> R {
    struct Reset(Option<Account>);
    impl Drop for Reset {
        fn drop(&mut self) {
            if let Some(old) = self.0.take() {
                ACCOUNT.with(|a| *a.borrow_mut() = old);
            }
        }
    }
    let _reset = Reset(Some(ACCOUNT.with(|a| a.replace(account.clone()))));
    f()
}

/// The bytes a structure of the library holds, counted in [`in_use`] while the `Held` lives
/// (given back when it is dropped): the library's own account of what it builds, which needs
/// no counting allocator. Each growth is checked against this thread's [`limit`] first, so a
/// structure stops growing with [`TooLarge`] where it would pass the limit. What is held
/// counts in the account of the thread it first grew on ([`account`]).
///
/// ```
/// use lingeo::memory::{self, Held};
/// memory::with_limit(1 << 20, || {
///     let mut listing = Held::new();
///     listing.add(512 << 10, || "the trajectories listed".into()).unwrap();
///     let e = listing.add(700 << 10, || "the trajectories listed".into()).unwrap_err();
///     assert_eq!(
///         e.to_string(),
///         "the trajectories listed would take up to 1.2 MiB, more than the memory limit of 1 MiB allows"
///     );
///     assert_eq!(listing.bytes(), 512 << 10);
///     assert_eq!(memory::held(), 512 << 10);
/// });
/// assert_eq!(memory::held(), 0);
/// ```
#[derive(Debug, Default)]
pub struct Held {
    bytes: usize,
    /// The account it holds in, from its first growth on.
    account: Option<Account>,
}

impl Held {
    /// Holds nothing yet.
    pub const fn new() -> Held {
        Held {
            bytes: 0,
            account: None,
        }
    }

    /// `bytes` more, if they fit in what the limit leaves; else [`TooLarge`], with `what`
    /// (the structure) and its size with them, and nothing more held.
    pub fn add(&mut self, bytes: usize, what: impl FnOnce() -> String) -> Result<(), TooLarge> {
        if let Err(e) = check(bytes as u64, what) {
            // Told as the whole structure beside the rest of what is in use.
            return Err(TooLarge {
                bytes: (self.bytes as u64).saturating_add(bytes as u64),
                in_use: e.in_use.saturating_sub(self.bytes as u64),
                ..e
            });
        }
        self.account
            .get_or_insert_with(account)
            .0
            .fetch_add(bytes, Ordering::Relaxed);
        self.bytes += bytes;
        Ok(())
    }

    /// Holds `bytes` in all (a structure's size measured again): the growth checked as
    /// [`Held::add`] checks it, a shrinking given back.
    pub fn set(&mut self, bytes: usize, what: impl FnOnce() -> String) -> Result<(), TooLarge> {
        if bytes > self.bytes {
            self.add(bytes - self.bytes, what)
        } else {
            self.release(self.bytes - bytes);
            Ok(())
        }
    }

    /// Holds `bytes` in all without a check: for a caller that checks [`in_use`] against a
    /// limit of its own right after (the grammar evaluator against `Limits::max_memory`).
    pub fn measure(&mut self, bytes: usize) {
        if bytes > self.bytes {
            self.account
                .get_or_insert_with(account)
                .0
                .fetch_add(bytes - self.bytes, Ordering::Relaxed);
            self.bytes = bytes;
        } else {
            self.release(self.bytes - bytes);
        }
    }

    /// Gives back `bytes` (at most what it holds): the structure shrank or was dropped.
    pub fn release(&mut self, bytes: usize) {
        let bytes = bytes.min(self.bytes);
        if let Some(account) = &self.account {
            account.0.fetch_sub(bytes, Ordering::Relaxed);
        }
        self.bytes -= bytes;
    }

    /// What it holds.
    pub fn bytes(&self) -> usize {
        self.bytes
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        self.release(self.bytes);
    }
}

/// The bytes the [`Held`]s of this thread's account hold.
pub fn held() -> usize {
    ACCOUNT.with(|a| a.borrow().bytes())
}

/// mimalloc, counting the bytes in use. (A search allocates and frees zones by the million:
/// with the system's allocator, half of race10's LG search at horizon 5 was in `malloc` and
/// `free`, and it took 7.5 s of CPU against 5.0 s with mimalloc.)
pub struct Counting;

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract is the one of `GlobalAlloc::alloc`.
        let p = unsafe { Inner.alloc(layout) };
        if !p.is_null() {
            HEAP.fetch_add(layout.size(), Ordering::Relaxed);
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as `alloc`.
        let p = unsafe { Inner.alloc_zeroed(layout) };
        if !p.is_null() {
            HEAP.fetch_add(layout.size(), Ordering::Relaxed);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` was allocated by `Inner` with `layout` (every allocation goes there).
        unsafe { Inner.dealloc(ptr, layout) };
        HEAP.fetch_sub(layout.size(), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: as `dealloc` and `alloc`.
        let p = unsafe { Inner.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            HEAP.fetch_add(new_size, Ordering::Relaxed);
            HEAP.fetch_sub(layout.size(), Ordering::Relaxed);
        }
        p
    }
}

/// mimalloc's option `purge_delay` (its `mi_option_purge_delay`, which the bindings do not
/// name): how long freed memory stays with the process before it is given back.
const MI_OPTION_PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

/// The purge delay [`Counting::enable`] sets, in milliseconds: ten seconds rather than
/// mimalloc's one. The LG search drops a generation of its caches of zones (hundreds of
/// megabytes) and fills the next within a second or two; memory given back in between was
/// taken again, its pages cleared by the kernel (a tenth to a quarter of a chess middlegame's
/// search).
pub const PURGE_DELAY_MS: i64 = 10_000;

impl Counting {
    /// Says that the heap is counted: call once after installing [`Counting`] as the global
    /// allocator (before, [`in_use`] counts the grown stack only). Sets the allocator's purge
    /// delay ([`PURGE_DELAY_MS`]) too.
    pub fn enable() {
        Counting::set_purge_delay();
        COUNTING.store(true, Ordering::Relaxed);
    }

    /// Sets the allocator's purge delay to [`PURGE_DELAY_MS`].
    fn set_purge_delay() {
        // SAFETY: setting an option is a plain store in mimalloc's option table.
        unsafe {
            libmimalloc_sys::mi_option_set(MI_OPTION_PURGE_DELAY, PURGE_DELAY_MS as _);
        }
    }

    /// The allocator's purge delay in milliseconds, as [`Counting::enable`] leaves it.
    // `c_long` is 32 bits on Windows: the conversion is not useless there.
    #[allow(clippy::useless_conversion)]
    pub fn purge_delay() -> i64 {
        // SAFETY: reading an option is a plain load from mimalloc's option table.
        i64::from(unsafe { libmimalloc_sys::mi_option_get(MI_OPTION_PURGE_DELAY) })
    }
}

/// Bytes in use: the heap, if it is counted, or what the library's structures of this
/// thread's job hold ([`Held`]), whichever is more (the heap holds those structures too), and
/// the stack grown by [`grow`].
pub fn in_use() -> usize {
    let heap = if COUNTING.load(Ordering::Relaxed) {
        HEAP.load(Ordering::Relaxed)
    } else {
        0
    };
    heap.max(held())
        .saturating_add(STACK.load(Ordering::Relaxed))
}

/// Whether the heap is counted (see [`Counting::enable`]).
pub fn heap_is_counted() -> bool {
    COUNTING.load(Ordering::Relaxed)
}

/// Stack kept free below the floor: more than one evaluation step between two looks at the
/// stack can use (a debug build's frames are several times a release build's).
const RED_ZONE: usize = if cfg!(debug_assertions) { 1024 } else { 256 } * 1024;
/// The size of each stack segment grown.
pub const SEGMENT: usize = 4 * 1024 * 1024;

/// The address below which the current thread's stack (or the segment it runs on) has less
/// than the red zone left: recursion that reaches it goes on on a new segment
/// ([`on_new_segment`]). `0` where the stack's extent is unknown (then nothing grows).
pub fn stack_floor() -> usize {
    let here = 0u8;
    let sp = std::ptr::addr_of!(here) as usize;
    match stacker::remaining_stack() {
        Some(left) => (sp - left).saturating_add(RED_ZONE),
        None => 0,
    }
}

/// Runs `f` on a new stack segment of [`SEGMENT`] bytes, which counts toward [`in_use`] while
/// `f` runs.
pub fn on_new_segment<R>(f: impl FnOnce() -> R) -> R {
    STACK.fetch_add(SEGMENT, Ordering::Relaxed);
    let r = stacker::grow(SEGMENT, f);
    STACK.fetch_sub(SEGMENT, Ordering::Relaxed);
    r
}

/// Runs `f` on a new stack segment when this one is below its [`stack_floor`], so that
/// recursion as deep as the limits allow never overflows the native stack.
#[inline]
pub fn grow<R>(f: impl FnOnce() -> R) -> R {
    let here = 0u8;
    if (std::ptr::addr_of!(here) as usize) < stack_floor() {
        on_new_segment(f)
    } else {
        f()
    }
}

/// `bytes` as a person reads it: `4 GiB`, `512 MiB`.
pub fn show(bytes: usize) -> String {
    const MIB: usize = 1024 * 1024;
    if bytes >= 1024 * MIB && bytes.is_multiple_of(1024 * MIB) {
        format!("{} GiB", bytes / (1024 * MIB))
    } else {
        format!("{} MiB", bytes.div_ceil(MIB))
    }
}

/// A size as a person reads it, to a tenth: `13.4 GiB`, `2.0 MiB`, `512 bytes`.
pub fn show_size(bytes: u64) -> String {
    const UNITS: [(&str, u64); 3] = [("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)];
    match UNITS.iter().find(|&&(_, u)| bytes >= u) {
        Some(&(name, u)) => format!("{:.1} {name}", bytes as f64 / u as f64),
        None => format!("{bytes} bytes"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_purge_delay_is_the_one_set() {
        // Option 15 holds mimalloc's own default purge delay (1,000 ms in v3) until it is set
        // (no other test of this binary sets it): another option there (the NUMA nodes, 0;
        // the OS tag, 100) would fail this, so the number written in our code is the purge
        // delay's.
        let before = Counting::purge_delay();
        assert!(
            before == 1_000 || before == PURGE_DELAY_MS,
            "option {MI_OPTION_PURGE_DELAY} held {before}, not a purge delay"
        );
        assert_ne!(PURGE_DELAY_MS, 1_000);
        Counting::set_purge_delay();
        assert_eq!(Counting::purge_delay(), PURGE_DELAY_MS);
    }

    #[test]
    fn grown_stack_is_counted_while_in_use() {
        fn deep(n: u32) -> usize {
            if n == 0 {
                return STACK.load(Ordering::Relaxed) / SEGMENT;
            }
            // About 4 KiB of stack a level, kept alive across the call.
            let pad = std::hint::black_box([n as u8; 4096]);
            let segments = grow(|| deep(n - 1));
            std::hint::black_box(&pad);
            segments
        }
        let before = STACK.load(Ordering::Relaxed);
        // 4,000 levels of 4 KiB: 16 MiB, far more than a test thread's 2 MiB stack.
        let segments_at_bottom = deep(4000);
        assert!(segments_at_bottom >= 3, "{segments_at_bottom} segments");
        assert_eq!(STACK.load(Ordering::Relaxed), before);
    }

    #[test]
    fn the_limit_is_the_threads_and_checked_against_sizes() {
        assert_eq!(limit(), DEFAULT_LIMIT);
        let err = with_limit(1 << 30, || {
            assert_eq!(limit(), 1 << 30);
            check(1 << 10, || "small".into()).unwrap();
            check(8 << 30, || "the successor lists".into()).unwrap_err()
        });
        assert_eq!(limit(), DEFAULT_LIMIT);
        assert_eq!(
            err.to_string(),
            "the successor lists would take up to 8.0 GiB, more than the memory limit of 1 GiB allows"
        );
    }

    #[test]
    fn sizes_read_as_people_write_them() {
        assert_eq!(show(4 << 30), "4 GiB");
        assert_eq!(show(512 << 20), "512 MiB");
        assert_eq!(show(1), "1 MiB");
        assert_eq!(show_size(8 << 30), "8.0 GiB");
        assert_eq!(show_size(3 << 19), "1.5 MiB");
        assert_eq!(show_size(100), "100 bytes");
    }
}
