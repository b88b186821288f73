//! Fixed-size sets of points, one bit per point and one `u64` word per 64 points.
//! The distance kernel works on these layers; the helper sets of LG (ST_k, SUM, DOCK, MOVE)
//! are returned as them.

use crate::board::Point;

/// A set of points of one board, a bit per point (the board's size fixes the words).
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct BitSet {
    words: Vec<u64>,
}

/// Number of words needed for `n` bits.
pub fn words_for(n: usize) -> usize {
    n.div_ceil(64)
}

impl BitSet {
    /// The empty set over `n` points.
    pub fn new(n: usize) -> Self {
        BitSet {
            words: vec![0; words_for(n)],
        }
    }

    /// The set whose bits are `words` (as [`BitSet::words`] gives them).
    pub fn from_words(words: &[u64]) -> Self {
        BitSet {
            words: words.to_vec(),
        }
    }

    /// The set over `n` points holding `points`.
    pub fn from_points(n: usize, points: impl IntoIterator<Item = Point>) -> Self {
        let mut set = BitSet::new(n);
        for p in points {
            set.insert(p);
        }
        set
    }

    /// The bits, 64 points a word, point i at bit i % 64 of word i / 64.
    pub fn words(&self) -> &[u64] {
        &self.words
    }

    /// Whether `p` is a member (false for a point past the set's words).
    pub fn contains(&self, p: Point) -> bool {
        let i = p.index();
        self.words
            .get(i / 64)
            .is_some_and(|w| w & (1 << (i % 64)) != 0)
    }

    /// Adds `p`, which must be a point of the set's board.
    pub fn insert(&mut self, p: Point) {
        let i = p.index();
        self.words[i / 64] |= 1 << (i % 64);
    }

    /// Takes `p` out.
    pub fn remove(&mut self, p: Point) {
        let i = p.index();
        self.words[i / 64] &= !(1 << (i % 64));
    }

    /// The number of members.
    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Takes every member out, keeping the words (a set reused level after level).
    pub fn clear(&mut self) {
        self.words.fill(0);
    }

    /// Whether there is no member.
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    /// The members in ascending point order (the enumeration of X).
    pub fn iter(&self) -> Bits<'_> {
        bits(&self.words)
    }

    /// The members in ascending point order, collected.
    pub fn to_vec(&self) -> Vec<Point> {
        self.iter().collect()
    }

    /// The i-th member (1-based) in enumeration order.
    pub fn nth(&self, i: usize) -> Option<Point> {
        i.checked_sub(1).and_then(|i| self.iter().nth(i))
    }

    /// Adds every member of `other` (a set over the same board).
    pub fn union_with(&mut self, other: &BitSet) {
        for (a, b) in self.words.iter_mut().zip(&other.words) {
            *a |= b;
        }
    }

    /// Keeps only the members `other` has too.
    pub fn intersect_with(&mut self, other: &BitSet) {
        for (a, b) in self.words.iter_mut().zip(&other.words) {
            *a &= b;
        }
    }

    /// Takes out every member of `other`.
    pub fn difference_with(&mut self, other: &BitSet) {
        for (a, b) in self.words.iter_mut().zip(&other.words) {
            *a &= !b;
        }
    }
}

impl std::fmt::Debug for BitSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter().map(|p| p.0)).finish()
    }
}

/// Iterates the set bits of a word slice as points, in ascending order.
pub fn bits(words: &[u64]) -> Bits<'_> {
    Bits {
        words,
        index: 0,
        current: words.first().copied().unwrap_or(0),
    }
}

/// The members of a set of points in ascending order ([`bits`]).
pub struct Bits<'a> {
    words: &'a [u64],
    index: usize,
    current: u64,
}

impl Iterator for Bits<'_> {
    type Item = Point;

    #[inline]
    fn next(&mut self) -> Option<Point> {
        loop {
            if self.current != 0 {
                let bit = self.current.trailing_zeros() as usize;
                self.current &= self.current - 1;
                return Some(Point((self.index * 64 + bit) as u32));
            }
            self.index += 1;
            self.current = *self.words.get(self.index)?;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_iterate_and_count_across_words() {
        let mut s = BitSet::new(130);
        for i in [0, 63, 64, 129] {
            s.insert(Point(i));
        }
        assert_eq!(s.to_vec(), vec![Point(0), Point(63), Point(64), Point(129)]);
        assert_eq!(s.len(), 4);
        assert!(s.contains(Point(64)) && !s.contains(Point(65)));
        assert_eq!(s.nth(3), Some(Point(64)));
        assert_eq!(s.nth(5), None);
        s.remove(Point(63));
        assert_eq!(s.len(), 3);
        s.clear();
        assert!(s.is_empty() && s.iter().next().is_none());
        // Its board is kept: a point of it can still join.
        s.insert(Point(129));
        assert_eq!(s.to_vec(), vec![Point(129)]);
    }

    #[test]
    fn set_algebra() {
        let a = BitSet::from_points(70, [Point(1), Point(2), Point(66)]);
        let b = BitSet::from_points(70, [Point(2), Point(66), Point(69)]);
        let mut i = a.clone();
        i.intersect_with(&b);
        assert_eq!(i.to_vec(), vec![Point(2), Point(66)]);
        let mut u = a.clone();
        u.union_with(&b);
        assert_eq!(u.len(), 4);
        let mut d = a;
        d.difference_with(&b);
        assert_eq!(d.to_vec(), vec![Point(1)]);
    }
}
