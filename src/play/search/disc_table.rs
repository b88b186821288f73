//! The table of the compiled solvers ([`super::placement_solve`], [`super::step_solve`]): per
//! position (two words, as [`Discs`]), bounds on its value or final margin and the best move
//! found.
//!
//! A position is stored whole, not as a hash: the entry's words are the two sides' cells, each
//! XOR the data word, and the data word (the lockless scheme of [`super::table`], here on the
//! full position), so that a probe never takes another position's bounds for this one's and
//! a probe that reads halves of two stores misses. Buckets hold two entries: the first keeps
//! the position with the most empty points (the costliest to search again), the second the
//! latest store. What "costliest" means is the caller's weight: the empty points of a placement
//! game, the steps its pieces have left to their goals in a stepping game.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use crate::play::placement_bits::Discs;
use crate::play::search::table::{TableError, zeroed_buckets};

/// What the table knows of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Bounds {
    /// The final margin is at least this (from the side to move's view).
    pub(crate) lower: i32,
    /// The final margin is at most this.
    pub(crate) upper: i32,
    /// The best move, if one was found: a placement's cell, or a step's `from · 64 + to`
    /// (below 2^16).
    pub(crate) best: Option<u32>,
}

/// Bounds no margin reaches (a board has at most 64 points).
pub(crate) const NO_LOWER: i32 = -100;
pub(crate) const NO_UPPER: i32 = 100;

const WORDS_PER_BUCKET: usize = 6;
/// Set in every stored data word, so that a zeroed slot is never read as a position's.
const VALID: u64 = 1 << 31;
const NO_BEST: u64 = 0xffff;

/// The table: buckets of two entries of three words each.
pub(crate) struct DiscTable {
    words: Vec<AtomicU64>,
    /// The first word in use (the start aligned to a huge page).
    start: usize,
    mask: usize,
}

impl DiscTable {
    /// A table of at most `megabytes` MiB (a power of two buckets, at least one), or why it
    /// cannot be had.
    pub(crate) fn new(megabytes: usize) -> Result<DiscTable, TableError> {
        let (buckets, words, start) = zeroed_buckets(megabytes, WORDS_PER_BUCKET)?;
        Ok(DiscTable {
            words,
            start,
            mask: buckets - 1,
        })
    }

    fn bucket(&self, d: Discs) -> usize {
        let mut h = d.mine.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ d.theirs.wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        h ^= h >> 29;
        h = h.wrapping_mul(0xBF58_476D_1CE4_E5B9);
        h ^= h >> 32;
        self.start + (h as usize & self.mask) * WORDS_PER_BUCKET
    }

    /// Asks the processor to fetch the bucket of `d` into the cache, so that a probe soon
    /// after does not wait for memory.
    #[inline]
    pub(crate) fn prefetch(&self, d: Discs) {
        super::table::prefetch_at(&self.words, self.bucket(d));
    }

    /// The data word's side bit: set for Black to move where the sides' lines differ.
    fn side_bit(d: Discs, by_side: bool) -> u64 {
        u64::from(by_side && d.side == crate::piece::Side::Black) << 30
    }

    /// The bounds stored for `d` (`by_side`: whether the side to move is part of the position).
    #[inline]
    pub(crate) fn probe(&self, d: Discs, by_side: bool) -> Option<Bounds> {
        let b = self.bucket(d);
        for slot in [b, b + 3] {
            let data = self.words[slot + 2].load(Relaxed);
            if data & VALID == 0 || data & (1 << 30) != Self::side_bit(d, by_side) {
                continue;
            }
            if self.words[slot].load(Relaxed) ^ data == d.mine
                && self.words[slot + 1].load(Relaxed) ^ data == d.theirs
            {
                let best = (data >> 32) & NO_BEST;
                return Some(Bounds {
                    lower: (data & 0xff) as i32 - 128,
                    upper: ((data >> 8) & 0xff) as i32 - 128,
                    best: (best != NO_BEST).then_some(best as u32),
                });
            }
        }
        None
    }

    /// Stores `bounds` for `d`, whose search costs about `weight` (the entry of more weight is
    /// kept where two compete; read up to 127).
    #[inline]
    pub(crate) fn store(&self, d: Discs, by_side: bool, weight: u32, bounds: Bounds) {
        let data = VALID
            | Self::side_bit(d, by_side)
            | (u64::from(weight.min(127)) << 23)
            | ((u64::from(bounds.best.unwrap_or(NO_BEST as u32)) & NO_BEST) << 32)
            | (((bounds.upper + 128) as u64 & 0xff) << 8)
            | ((bounds.lower + 128) as u64 & 0xff);
        let b = self.bucket(d);
        let first = self.words[b + 2].load(Relaxed);
        let same = self.words[b].load(Relaxed) ^ first == d.mine
            && self.words[b + 1].load(Relaxed) ^ first == d.theirs;
        let slot = if same || first & VALID == 0 || weight >= ((first >> 23) & 127) as u32 {
            b
        } else {
            b + 3
        };
        self.words[slot].store(d.mine ^ data, Relaxed);
        self.words[slot + 1].store(d.theirs ^ data, Relaxed);
        self.words[slot + 2].store(data, Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece::Side;

    #[test]
    fn a_stored_position_comes_back_and_another_does_not() {
        let t = DiscTable::new(1).unwrap();
        let d = Discs {
            mine: 0b1010,
            theirs: 0b0101 << 8,
            side: Side::Black,
        };
        let bounds = Bounds {
            lower: -6,
            upper: 12,
            best: Some(35),
        };
        t.store(d, true, 20, bounds);
        assert_eq!(t.probe(d, true), Some(bounds));
        // The same cells with the other side to move are another position where sides differ.
        assert_eq!(
            t.probe(
                Discs {
                    side: Side::White,
                    ..d
                },
                true
            ),
            None
        );
        assert_eq!(
            t.probe(
                Discs {
                    mine: d.theirs,
                    theirs: d.mine,
                    ..d
                },
                true
            ),
            None
        );
        let none = Bounds {
            lower: NO_LOWER,
            upper: NO_UPPER,
            best: None,
        };
        t.store(d, true, 20, none);
        assert_eq!(t.probe(d, true), Some(none));
        // A step's move, `from · 64 + to`, needs twelve bits.
        let step = Bounds {
            lower: -1,
            upper: 1,
            best: Some(63 * 64 + 62),
        };
        t.store(d, true, 20, step);
        assert_eq!(t.probe(d, true), Some(step));
    }
}
