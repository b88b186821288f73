//! The transposition table: a fixed number of entries (from the size asked for, `SearchOptions::tt_mb`), indexed by the low bits
//! of a state's Zobrist key, each replaced by any later store (the simplest policy; the table
//! only saves work, it never changes a value).
//!
//! The table is shared by the threads of a parallel solve (lazy SMP, [`super::alphabeta`]):
//! every entry is two atomic words, the key XOR the data and the data (the lockless scheme of
//! Hyatt and Mann), so that a probe that reads halves of two different stores finds a key that
//! does not match and takes the entry for a miss. No lock, and with relaxed loads and stores the
//! single-threaded search runs the same instructions as with plain words.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// What an entry's score says of the state's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The score is the value.
    Exact,
    /// The score is at least this (a beta cutoff).
    Lower,
    /// The score is at most this (no move reached alpha).
    Upper,
}

/// One stored result of the search below a state.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// The state's Zobrist key.
    pub key: u64,
    /// The score found, from the side to move's view.
    pub score: i32,
    /// The depth searched below the state (at most 254: a deeper search stores 254, which
    /// only makes the entry unusable deeper); [`COMPLETE`] when the subtree reached the end of
    /// the game everywhere, so that the bound holds at any depth.
    pub depth: u8,
    /// Whether `score` is the value or a bound of it.
    pub bound: Bound,
    /// The index of the best move in the state's move list, or `u8::MAX`.
    pub best: u8,
    /// The orientation the state was keyed in ([`crate::play::state::State::table_key`]): the
    /// best move is a move of that orientation's list (at most 7).
    pub orientation: u8,
    /// log2 of the positions searched below the state, plus one: what the entry saved.
    pub work: u8,
}

/// The depth of an entry whose subtree reached the end of the game everywhere.
pub const COMPLETE: u8 = u8::MAX;

impl Entry {
    /// The data word: score, depth, bound with orientation, best move and work, never 0 (the
    /// bound is stored plus one in the low two bits, the orientation above it), so that a
    /// zeroed slot reads as empty.
    fn pack(&self) -> u64 {
        let bound = match self.bound {
            Bound::Exact => 1u64,
            Bound::Lower => 2,
            Bound::Upper => 3,
        } | u64::from(self.orientation & 7) << 2;
        u64::from(self.score as u32)
            | u64::from(self.depth) << 32
            | bound << 40
            | u64::from(self.best) << 48
            | u64::from(self.work) << 56
    }

    fn unpack(key: u64, data: u64) -> Option<Entry> {
        let bound = match (data >> 40) & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            3 => Bound::Upper,
            _ => return None,
        };
        Some(Entry {
            key,
            score: data as u32 as i32,
            depth: (data >> 32) as u8,
            bound,
            best: (data >> 48) as u8,
            orientation: ((data >> 42) & 7) as u8,
            work: (data >> 56) as u8,
        })
    }
}

/// One slot: the key XOR the data, and the data; all zero when empty.
const WORDS: usize = 2;
/// A bucket: two slots. The first keeps the entry that saved the most (the deeper search,
/// then the larger subtree), the second always takes the newest. A solve stores every entry as
/// complete, so there the size of the subtree decides. Two slots fill half a cache line.
const BUCKET: usize = 2 * WORDS;
const BUCKET_BYTES: usize = BUCKET * std::mem::size_of::<u64>();
const _: () = assert!(BUCKET_BYTES == 32);
// The zeroed allocation of `u64`s is read as `AtomicU64`s: the same size and alignment.
const _: () = assert!(std::mem::align_of::<u64>() == std::mem::align_of::<AtomicU64>());

/// The transposition table, shared by the threads of a search.
pub struct Table {
    /// The allocation; the table proper is `words[start..start + BUCKET * (mask + 1)]`,
    /// aligned to a huge page so that the kernel can back it with huge pages.
    words: Vec<AtomicU64>,
    start: usize,
    /// Buckets − 1 (a power of two).
    mask: usize,
}

/// The huge page size on x86-64 and aarch64 Linux.
const HUGE_PAGE: usize = 2 << 20;

/// The largest table the default size picks, in MiB. A solve touches nearly every page of a
/// table larger than its positions, and the system clears each page on first touch: the 2D/4A
/// solve (0.8 million positions) takes 0.95 s with 16 MiB, 1.0 s with 256 MiB and 3.9–7.3 s
/// with 1 GiB; the Pawned 6x7 solve that thrashed 16 MiB (490 million positions, 77 million
/// with 1 GiB) takes `--tt-mb 1024` (docs/play-and-search.md §3.3).
pub const DEFAULT_CAP_MB: usize = 256;
/// The smallest default, and the size where the machine's memory is not known.
pub const DEFAULT_FLOOR_MB: usize = 16;

/// The table size `search` takes when none is given, in MiB: an eighth of the memory the
/// system says is available, at most [`DEFAULT_CAP_MB`] and a quarter of `max_memory` (the
/// search's memory limit, which counts the table), rounded down to a power of two, at least
/// [`DEFAULT_FLOOR_MB`] (or a quarter of `max_memory`, if that is less).
pub fn default_mb(max_memory: usize) -> usize {
    let quarter = (max_memory >> 20) / 4;
    let machine = available_memory().map_or(DEFAULT_FLOOR_MB, |bytes| (bytes >> 20) / 8);
    let mb = machine.min(DEFAULT_CAP_MB).min(quarter).max(1);
    let mb = 1usize << (usize::BITS - 1 - mb.leading_zeros());
    mb.max(DEFAULT_FLOOR_MB.min(quarter)).max(1)
}

/// The memory the system says is available (Linux: `MemAvailable` of /proc/meminfo).
fn available_memory() -> Option<usize> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024)
}

/// A transposition table the system would not give.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot allocate a transposition table of {megabytes} MiB")]
pub struct TableError {
    /// The size asked for, in MiB.
    pub megabytes: usize,
}

/// A power of two of buckets of `bucket` words each, as many as fit in `megabytes` MiB (at least
/// one), zeroed by the system (`calloc`, so a large table costs only the pages a search
/// touches) and aligned to a huge page where it spans one: the buckets, the words, and the
/// index of the first word in use. Shared by the tables of the solvers.
pub(crate) fn zeroed_buckets(
    megabytes: usize,
    bucket: usize,
) -> Result<(usize, Vec<AtomicU64>, usize), TableError> {
    let bucket_bytes = bucket * std::mem::size_of::<u64>();
    let fit = (megabytes.saturating_mul(1 << 20) / bucket_bytes).max(1);
    // The largest power of two that fits.
    let buckets = 1usize << (usize::BITS - 1 - fit.leading_zeros());
    let len = bucket * buckets;
    let bytes = len * std::mem::size_of::<u64>();
    // Room to align the start to a huge page, for tables of one or more huge pages.
    let slack = if bytes >= HUGE_PAGE {
        HUGE_PAGE / std::mem::size_of::<u64>()
    } else {
        0
    };
    let cannot = || TableError { megabytes };
    let total = len.checked_add(slack).ok_or_else(cannot)?;
    let layout = std::alloc::Layout::array::<u64>(total).map_err(|_| cannot())?;
    let words: Vec<AtomicU64> = if layout.size() == 0 {
        Vec::new()
    } else {
        // SAFETY: the layout is that of `total` u64s, not empty; zeroed memory is a valid
        // `AtomicU64` (same size and alignment as u64, checked above), and the vector
        // takes ownership of the allocation with that layout.
        unsafe {
            let p = std::alloc::alloc_zeroed(layout);
            if p.is_null() {
                return Err(cannot());
            }
            Vec::from_raw_parts(p.cast::<AtomicU64>(), total, total)
        }
    };
    let start = if slack > 0 {
        let addr = words.as_ptr() as usize;
        (addr.next_multiple_of(HUGE_PAGE) - addr) / std::mem::size_of::<u64>()
    } else {
        0
    };
    if slack > 0 {
        advise_huge_pages(words.as_ptr().wrapping_add(start).cast(), bytes);
    }
    Ok((buckets, words, start))
}

impl Table {
    /// A table of at most `megabytes` MiB (at least one bucket), or why it cannot be had.
    /// The memory comes zeroed from the system (`calloc`), so a large table costs only the
    /// pages a search touches.
    pub fn new(megabytes: usize) -> Result<Table, TableError> {
        let (buckets, words, start) = zeroed_buckets(megabytes, BUCKET)?;
        Ok(Table {
            words,
            start,
            mask: buckets - 1,
        })
    }

    /// The number of entries.
    pub fn len(&self) -> usize {
        2 * (self.mask + 1)
    }

    /// Never: a table has at least one bucket.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The size in MiB (the allocation rounded down to a power of two).
    pub fn megabytes(&self) -> usize {
        ((self.mask + 1) * BUCKET_BYTES) >> 20
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        self.start + BUCKET * (key as usize & self.mask)
    }

    /// Asks the processor to fetch the bucket of `key` into the cache: the search calls it right
    /// after a move, so that the child's probe does not wait for memory.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        prefetch_at(&self.words, self.bucket(key));
    }

    /// The slot at `i`: its key and data, or `None` when empty or torn by a concurrent store.
    #[inline]
    fn slot(&self, i: usize) -> Option<(u64, u64)> {
        let check = self.words[i].load(Relaxed);
        let data = self.words[i + 1].load(Relaxed);
        (data != 0).then_some((check ^ data, data))
    }

    #[inline]
    fn put(&self, i: usize, key: u64, data: u64) {
        self.words[i].store(key ^ data, Relaxed);
        self.words[i + 1].store(data, Relaxed);
    }

    /// The entry stored for `key`, if one is and is whole (a torn read is a miss).
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let i = self.bucket(key);
        for slot in [i, i + WORDS] {
            if let Some((k, data)) = self.slot(slot)
                && k == key
            {
                return Entry::unpack(key, data);
            }
        }
        None
    }

    /// Stores `entry`. Threads that store into one bucket at once can lose one of the entries
    /// (never mix them: a torn slot fails its key check), which costs work, not correctness.
    pub fn store(&self, entry: Entry) {
        let i = self.bucket(entry.key);
        let data = entry.pack();
        let first = self.slot(i);
        let (first_key, first_data) = first.unwrap_or((0, 0));
        let first_rank = Entry::unpack(first_key, first_data).map_or((0, 0), |e| (e.depth, e.work));
        let same = first.is_some() && first_key == entry.key;
        if same || (entry.depth, entry.work) >= first_rank {
            if !same && first.is_some() {
                self.put(i + WORDS, first_key, first_data);
            }
            self.put(i, entry.key, data);
        } else {
            self.put(i + WORDS, entry.key, data);
        }
    }
}

/// Asks the kernel to back `len` bytes at `addr` with huge pages: a table of hundreds of MiB
/// spans tens of thousands of 4 KiB pages, and without huge pages nearly every probe also misses
/// the TLB (docs/play-and-search.md §3.1). Only a hint: failure changes nothing.
#[cfg(target_os = "linux")]
fn advise_huge_pages(addr: *const u8, len: usize) {
    // SAFETY: the range lies inside one live allocation; madvise changes no contents.
    unsafe {
        libc::madvise(addr as *mut libc::c_void, len, libc::MADV_HUGEPAGE);
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_addr: *const u8, _len: usize) {}

/// Asks the processor to fetch the cache line of `words[i]` (a table's bucket; the compiled
/// solvers' table too, `DiscTable::prefetch`): only a hint, nothing where the target has none.
#[inline]
pub(crate) fn prefetch_at(words: &[AtomicU64], i: usize) {
    #[cfg(target_arch = "x86_64")]
    {
        let p = words[i..].as_ptr() as *const i8;
        // SAFETY: a prefetch is only a hint; `p` points into `words`.
        unsafe {
            std::arch::x86_64::_mm_prefetch(p, std::arch::x86_64::_MM_HINT_T0);
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (words, i);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_probes_and_keeps_the_entry_that_saved_most() {
        let t = Table::new(1).unwrap();
        assert_eq!(t.len(), (1 << 20) / 16);
        assert_eq!(t.megabytes(), 1);
        let e = |key: u64, work: u8| Entry {
            key,
            score: 1,
            depth: 3,
            bound: Bound::Exact,
            best: 0,
            orientation: 0,
            work,
        };
        let buckets = (t.len() / 2) as u64;
        // Three keys in one bucket: the biggest survives in the first slot, the newest in the
        // second.
        t.store(e(5, 9));
        t.store(e(5 + buckets, 2));
        t.store(e(5 + 2 * buckets, 3));
        assert!(t.probe(5).is_some());
        assert!(t.probe(5 + buckets).is_none());
        assert!(t.probe(5 + 2 * buckets).is_some());
        assert!(t.probe(6).is_none());
    }

    #[test]
    fn entries_come_back_as_stored_and_an_empty_table_finds_nothing() {
        let t = Table::new(1).unwrap();
        assert!(t.probe(0).is_none());
        assert!(t.probe(12345).is_none());
        for (key, score, bound) in [
            (0u64, -1_000_000, Bound::Lower),
            (u64::MAX, 1_000_000, Bound::Upper),
            (0x1234_5678_9abc_def0, -3, Bound::Exact),
        ] {
            t.store(Entry {
                key,
                score,
                depth: COMPLETE,
                bound,
                best: 7,
                orientation: 5,
                work: 40,
            });
            let e = t.probe(key).unwrap();
            assert_eq!(
                (
                    e.key,
                    e.score,
                    e.depth,
                    e.bound,
                    e.best,
                    e.orientation,
                    e.work
                ),
                (key, score, COMPLETE, bound, 7, 5, 40)
            );
        }
    }

    #[test]
    fn threads_storing_at_once_never_leave_a_mixed_entry() {
        // Four threads hammer one bucket with entries whose fields all derive from the key:
        // whatever survives must be one thread's whole entry.
        let t = Table::new(1).unwrap();
        let buckets = (t.len() / 2) as u64;
        let entry = |n: u64| Entry {
            key: 3 + n * buckets,
            score: n as i32,
            depth: (n % 200) as u8 + 1,
            bound: Bound::Exact,
            best: (n % 100) as u8,
            orientation: (n % 8) as u8,
            work: (n % 60) as u8,
        };
        std::thread::scope(|s| {
            for thread in 0..4u64 {
                let t = &t;
                s.spawn(move || {
                    for i in 0..20_000u64 {
                        t.store(entry(thread * 100_000 + i));
                    }
                });
            }
            for _ in 0..20_000u64 {
                for n in [0u64, 100_000, 200_000, 300_000] {
                    for m in n..n + 3 {
                        if let Some(e) = t.probe(entry(m).key) {
                            assert_eq!(e.score, m as i32);
                        }
                    }
                }
            }
        });
        for n in 0..400_000u64 {
            if let Some(e) = t.probe(entry(n).key) {
                let want = entry(n);
                assert_eq!(
                    (e.score, e.depth, e.best, e.orientation, e.work),
                    (
                        want.score,
                        want.depth,
                        want.best,
                        want.orientation,
                        want.work
                    )
                );
            }
        }
    }

    #[test]
    fn the_default_size_is_a_power_of_two_within_the_memory_limit() {
        for limit in [64usize << 20, 1 << 30, 4 << 30, 64 << 30] {
            let mb = default_mb(limit);
            assert!(mb.is_power_of_two(), "{mb}");
            assert!(
                mb <= DEFAULT_CAP_MB && mb <= (limit >> 20) / 4,
                "{mb} for {limit}"
            );
        }
        assert_eq!(default_mb(64 << 20), 16);
    }

    #[test]
    fn an_impossible_size_is_an_error() {
        let e = Table::new(usize::MAX).err().unwrap();
        assert_eq!(
            e,
            TableError {
                megabytes: usize::MAX
            }
        );
        assert!(e.to_string().contains("cannot allocate"), "{e}");
    }
}
