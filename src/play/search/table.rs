//! The transposition table: a fixed number of entries (from `--tt-mb`), indexed by the low bits
//! of a state's Zobrist key, each replaced by any later store (the simplest policy; the table
//! only saves work, it never changes a value).

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    /// The score is at least this (a beta cutoff).
    Lower,
    /// The score is at most this (no move reached alpha).
    Upper,
}

#[derive(Clone, Copy, Debug)]
pub struct Entry {
    pub key: u64,
    pub score: i32,
    /// The depth searched below the state (at most 254: a deeper search stores 254, which
    /// only makes the entry unusable deeper); [`COMPLETE`] when the subtree reached the end of
    /// the game everywhere, so that the bound holds at any depth.
    pub depth: u8,
    pub bound: Bound,
    /// The index of the best move in the state's move list, or `u8::MAX`.
    pub best: u8,
    /// log2 of the positions searched below the state, plus one: what the entry saved.
    pub work: u8,
}

pub const COMPLETE: u8 = u8::MAX;

/// An empty slot. Its depth is 0 and the search never probes at depth 0, so it is never
/// taken for a stored state, even one whose key is 0.
const EMPTY: Entry = Entry {
    key: 0,
    score: 0,
    depth: 0,
    bound: Bound::Upper,
    best: u8::MAX,
    work: 0,
};

/// Buckets of two entries: the first keeps the entry that saved the most (the deeper search,
/// then the larger subtree), the second always takes the newest. A solve stores every entry as
/// complete, so there the size of the subtree decides.
// Two entries fill half a cache line.
const _: () = assert!(std::mem::size_of::<Entry>() == 16);

pub struct Table {
    /// The allocation; the table proper is `entries[start..start + 2 * (mask + 1)]`, aligned to
    /// a huge page so that the kernel can back it with huge pages.
    entries: Vec<Entry>,
    start: usize,
    /// Buckets − 1 (a power of two).
    mask: usize,
}

/// The huge page size on x86-64 and aarch64 Linux.
const HUGE_PAGE: usize = 2 << 20;

impl Table {
    /// A table of at most `megabytes` MiB (at least one bucket), or why it cannot be had.
    pub fn new(megabytes: usize) -> Result<Table, String> {
        let size = 2 * std::mem::size_of::<Entry>();
        let fit = (megabytes.saturating_mul(1 << 20) / size).max(1);
        // The largest power of two that fits.
        let buckets = 1usize << (usize::BITS - 1 - fit.leading_zeros());
        let len = 2 * buckets;
        let bytes = len * std::mem::size_of::<Entry>();
        // Room to align the start to a huge page, for tables of one or more huge pages.
        let slack = if bytes >= HUGE_PAGE {
            HUGE_PAGE / std::mem::size_of::<Entry>()
        } else {
            0
        };
        let mut entries: Vec<Entry> = Vec::new();
        entries
            .try_reserve_exact(len + slack)
            .map_err(|_| format!("cannot allocate a transposition table of {megabytes} MiB"))?;
        let start = if slack > 0 {
            let addr = entries.as_ptr() as usize;
            (addr.next_multiple_of(HUGE_PAGE) - addr) / std::mem::size_of::<Entry>()
        } else {
            0
        };
        if slack > 0 {
            advise_huge_pages(entries.as_ptr().wrapping_add(start).cast(), bytes);
        }
        entries.resize(start + len, EMPTY);
        Ok(Table {
            entries,
            start,
            mask: buckets - 1,
        })
    }

    /// The number of entries.
    pub fn len(&self) -> usize {
        2 * (self.mask + 1)
    }

    pub fn is_empty(&self) -> bool {
        false
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        self.start + 2 * (key as usize & self.mask)
    }

    /// Asks the processor to fetch the bucket of `key` into the cache: the search calls it right
    /// after a move, so that the child's probe does not wait for memory.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let i = self.bucket(key);
            let p = self.entries[i..].as_ptr() as *const i8;
            // SAFETY: a prefetch is only a hint; `p` points into `entries`.
            unsafe {
                std::arch::x86_64::_mm_prefetch(p, std::arch::x86_64::_MM_HINT_T0);
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        let i = self.bucket(key);
        let [a, b] = [self.entries[i], self.entries[i + 1]];
        if a.key == key {
            Some(a)
        } else if b.key == key {
            Some(b)
        } else {
            None
        }
    }

    pub fn store(&mut self, entry: Entry) {
        let i = self.bucket(entry.key);
        let first = self.entries[i];
        if first.key == entry.key || (entry.depth, entry.work) >= (first.depth, first.work) {
            if first.key != entry.key {
                self.entries[i + 1] = first;
            }
            self.entries[i] = entry;
        } else {
            self.entries[i + 1] = entry;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_probes_and_keeps_the_entry_that_saved_most() {
        let mut t = Table::new(1).unwrap();
        assert_eq!(t.len(), (1 << 20) / std::mem::size_of::<Entry>());
        let e = |key: u64, work: u8| Entry {
            key,
            score: 1,
            depth: 3,
            bound: Bound::Exact,
            best: 0,
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
    fn an_impossible_size_is_an_error() {
        let e = Table::new(usize::MAX).err().unwrap();
        assert!(e.contains("cannot allocate"), "{e}");
    }
}
