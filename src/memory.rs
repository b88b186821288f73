//! What a run costs in memory, so that a derivation can stop with an error before the machine
//! runs out: the heap in use (counted by [`Counting`], when a program installs it as its global
//! allocator, as the `lingeo` binary and the tests do) and the extra stack the evaluator grew
//! for deep recursion ([`grow`]).

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// The default cap on the memory a run may use (`--max-memory`): 4 GiB.
pub const DEFAULT_LIMIT: usize = 4 << 30;

static HEAP: AtomicUsize = AtomicUsize::new(0);
static COUNTING: AtomicBool = AtomicBool::new(false);
static STACK: AtomicUsize = AtomicUsize::new(0);

/// The system allocator, counting the bytes in use.
pub struct Counting;

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract is the one of `System.alloc`.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            HEAP.fetch_add(layout.size(), Ordering::Relaxed);
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as `alloc`.
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            HEAP.fetch_add(layout.size(), Ordering::Relaxed);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` was allocated by `System` with `layout` (every allocation goes there).
        unsafe { System.dealloc(ptr, layout) };
        HEAP.fetch_sub(layout.size(), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: as `dealloc` and `alloc`.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            HEAP.fetch_add(new_size, Ordering::Relaxed);
            HEAP.fetch_sub(layout.size(), Ordering::Relaxed);
        }
        p
    }
}

impl Counting {
    /// Says that the heap is counted: call once after installing [`Counting`] as the global
    /// allocator (before, [`in_use`] counts the grown stack only).
    pub fn enable() {
        COUNTING.store(true, Ordering::Relaxed);
    }
}

/// Bytes in use: the heap, if it is counted, and the stack grown by [`grow`].
pub fn in_use() -> usize {
    let heap = if COUNTING.load(Ordering::Relaxed) {
        HEAP.load(Ordering::Relaxed)
    } else {
        0
    };
    heap.saturating_add(STACK.load(Ordering::Relaxed))
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

#[cfg(test)]
mod tests {
    use super::*;

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
    fn sizes_read_as_people_write_them() {
        assert_eq!(show(4 << 30), "4 GiB");
        assert_eq!(show(512 << 20), "512 MiB");
        assert_eq!(show(1), "1 MiB");
    }
}
