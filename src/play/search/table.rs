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
    /// The depth searched below the state; [`COMPLETE`] when the subtree reached the end of
    /// the game everywhere, so that the bound holds at any depth.
    pub depth: u16,
    pub bound: Bound,
    /// The index of the best move in the state's move list, or `u8::MAX`.
    pub best: u8,
}

pub const COMPLETE: u16 = u16::MAX;

/// An empty slot. It has key 0, so a probe for key 0 matches only once an entry with that key
/// was stored (slot 0 is then never empty again).
const EMPTY: Entry = Entry {
    key: 0,
    score: 0,
    depth: 0,
    bound: Bound::Upper,
    best: u8::MAX,
};

pub struct Table {
    entries: Vec<Entry>,
    /// Whether any entry has been stored at key 0 (so that empty slots are not mistaken for it).
    zero_stored: bool,
    mask: usize,
}

impl Table {
    /// A table of at most `megabytes` MiB (at least one entry).
    pub fn new(megabytes: usize) -> Table {
        let size = std::mem::size_of::<Entry>();
        let fit = (megabytes.saturating_mul(1 << 20) / size).max(1);
        // The largest power of two that fits.
        let len = 1usize << (usize::BITS - 1 - fit.leading_zeros());
        Table {
            entries: vec![EMPTY; len],
            zero_stored: false,
            mask: len - 1,
        }
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        let e = self.entries[key as usize & self.mask];
        (e.key == key && (key != 0 || self.zero_stored)).then_some(e)
    }

    pub fn store(&mut self, entry: Entry) {
        if entry.key == 0 {
            self.zero_stored = true;
        }
        self.entries[entry.key as usize & self.mask] = entry;
    }
}
