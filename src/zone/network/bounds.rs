//! The possible entries of a main trajectory's zones (docs/semantics.md §6.10, step 1), made
//! tight by what holds in *every* zone of it.
//!
//! The over-approximation alone (a possible mark (y, l) gives, through every candidate of every
//! pair (x, y), the mark l - len + 1 to each intermediate stop) keeps many entries that no zone
//! holds, and each of those costs a search to refute. Three facts that hold in every zone cut
//! them before any search, and feed one another until nothing changes:
//!
//! * **certain marks**: a point z that every zone marks at level d with a time of at least k.
//!   Level 1's marks are the main trajectory's. A pair (x, y) of level d is *certain* when y
//!   is certainly marked with a time of at least 1 (so the scanner visits the pair in every
//!   zone) and one of its candidates at the least time y can have survives the filters in
//!   every zone (F1: none of its intermediate stops can be marked at level d; F2: no possible
//!   entry before it in scanner order has it as a run): the pair then chooses one of its
//!   possible entries in every zone, and where all of them pass z, z is marked at level d + 1
//!   with at least the least of their times there (marks are maxima, ALPHA = max);
//! * a possible mark (y, l) below a certain mark of y is in no zone, and neither is anything
//!   that only it gives; with F1, a candidate passing a point certainly marked at its level is
//!   dropped in every zone;
//! * with F2, a candidate that is a run of every possible entry of a certain pair before it is
//!   dropped in every zone;
//! * with F1, a candidate of level d + 1 that every possible entry of a certain pair of level
//!   d passes (each through one of its intermediate stops, not necessarily the same) is
//!   dropped in every zone: the pair marks one of them.

use rustc_hash::{FxHashMap, FxHashSet};

use super::{Key, Net, Preds};
use crate::board::Point;
use crate::zone::ZoneError;

/// The most rounds of the fixed point: each round can only drop entries and raise certain
/// marks, and in practice two or three rounds reach it; the cap bounds a pathological case
/// (stopping early leaves a looser, still sound, over-approximation).
const ROUNDS: usize = 12;

/// Per level (index = depth), the points every zone marks there, with a lower bound on the
/// time.
type Certain = Vec<FxHashMap<Point, i64>>;

impl Net<'_, '_> {
    /// The possible entries of the zones of `main` (sorted), and per level, where each
    /// possible mark comes from (`preds[j]`: per mark of level j + 1, the marks of level j that
    /// give it). Every entry of some zone is among them.
    pub(super) fn possible(&mut self, main: &[Point]) -> Result<(Vec<Key>, Vec<Preds>), ZoneError> {
        self.possible_with(main, true)
    }

    /// [`Net::possible`], with or without the F1 rule of [`Net::always_hit`] (the tests
    /// measure what it sets aside).
    pub(super) fn possible_with(
        &mut self,
        main: &[Point],
        hit: bool,
    ) -> Result<(Vec<Key>, Vec<Preds>), ZoneError> {
        let mut certain: Certain = Vec::new();
        let mut dropped: FxHashSet<Key> = FxHashSet::default();
        // The plain over-approximation first: its trajectories, a superset of every later
        // round's, are those `runs_of` reads.
        let (mut keys, mut preds, _) = self.round(main, &mut certain, &dropped, false)?;
        self.set_possible(&keys);
        for _ in 0..ROUNDS {
            let (next, next_preds, pairs) = self.round(main, &mut certain, &dropped, true)?;
            let added = self.always_dropped(&next, &pairs, &mut dropped);
            let hit = hit && self.always_hit(&next, &pairs, &mut dropped);
            let stable = next.len() == keys.len() && !added && !hit;
            keys = next;
            preds = next_preds;
            if stable {
                break;
            }
        }
        // `runs_of` keeps reading the plain over-approximation: F2 must see every run of a
        // chosen entry that the scanner can offer, including those the bounds show are
        // dropped in every zone (they are dropped *by* F2 reading them).
        Ok((keys, preds))
    }

    /// The possible trajectories `runs_of` reads.
    fn set_possible(&mut self, keys: &[Key]) {
        self.possible = keys.iter().map(|k| k.4).collect();
        self.possible.sort_unstable();
        self.possible.dedup();
        self.runs_of.clear();
    }

    /// One round, level by level: the possible marks and entries given the certain marks and
    /// the entries dropped in every zone; with `tighten`, raising the certain marks of each next
    /// level from the certain pairs of the level before, which it returns as the index of
    /// their first entry and the end of their entries in the keys (sorted).
    #[allow(clippy::type_complexity)]
    pub(super) fn round(
        &mut self,
        main: &[Point],
        certain: &mut Certain,
        dropped: &FxHashSet<Key>,
        tighten: bool,
    ) -> Result<(Vec<Key>, Vec<Preds>, Vec<(usize, usize)>), ZoneError> {
        let (f1, f2) = (self.g.options.f1, self.g.options.f2);
        let time = self.g.dist(main, true);
        let v = self.g.stops(&time);
        let mut marks: Vec<(Point, i64)> = crate::zone::marked_times(&v, &time);
        if certain.len() < 2 {
            *certain = vec![FxHashMap::default(), marks.iter().copied().collect()];
        }
        let mut keys: Vec<Key> = Vec::new();
        let mut certain_pairs = Vec::new();
        // Per possible trajectory, the first pair (level, end, start) in scanner order with a
        // possible entry that has it as a run.
        let mut first: FxHashMap<u32, (u32, Point, Point)> = FxHashMap::default();
        // preds[j]: per mark of level j + 1 (index j), the marks of level j that give it.
        let mut preds: Vec<Preds> = vec![FxHashMap::default()];
        let mut depth = 1u32;
        while !marks.is_empty() {
            let d = depth as usize;
            if certain.len() <= d + 1 {
                certain.resize(d + 2, FxHashMap::default());
            }
            let level_start = keys.len();
            let mut next: Preds = FxHashMap::default();
            for &(y, l) in &marks {
                if l < 1 || certain[d].get(&y).is_some_and(|&c| l < c) {
                    continue;
                }
                for i in 0..self.occupied.len() {
                    let x = self.occupied[i];
                    for &(q, t) in self.unfiltered(x, y, l as u32)?.iter() {
                        let key = (depth, y, x, q, t, l as u32);
                        if self.run_of_main(t)
                            || f1
                                && self
                                    .interned
                                    .inner(t)
                                    .iter()
                                    .any(|z| certain[d].contains_key(z))
                            || dropped.contains(&key)
                        {
                            continue;
                        }
                        keys.push(key);
                        let k = self.interned.next_time(l as u32, t);
                        for &z in self.interned.inner(t) {
                            next.entry((z, k)).or_default().push((y, l));
                        }
                    }
                }
            }
            keys[level_start..].sort_unstable();
            if tighten {
                for k in &keys[level_start..] {
                    for &r in self.runs_of(k.4).iter() {
                        first.entry(r).or_insert((k.0, k.1, k.2));
                    }
                }
                // The points level d may mark (F1 reads them whatever their time), with the
                // least time each can have.
                let mut least_time: FxHashMap<Point, i64> = FxHashMap::default();
                for &(y, l) in &marks {
                    let e = least_time.entry(y).or_insert(i64::MAX);
                    if certain[d].get(&y).is_none_or(|&c| l >= c) {
                        *e = (*e).min(l);
                    }
                }
                let (raised, pairs) =
                    self.certain_next(&keys, level_start, &least_time, &certain[d], &first, f1, f2);
                certain_pairs.extend(pairs);
                for (z, k) in raised {
                    let c = certain[d + 1].entry(z).or_insert(k);
                    *c = (*c).max(k);
                }
            }
            marks = next.keys().copied().collect();
            marks.sort_unstable();
            preds.push(next);
            depth += 1;
        }
        Ok((keys, preds, certain_pairs))
    }

    /// The certain pairs of the level whose possible entries are `keys[level_start..]` (sorted
    /// by pair, after the levels before), as ranges of `keys`, and the marks they make certain
    /// at the next level: per certain pair, the points all its possible entries pass, with the
    /// least time they give there.
    #[allow(clippy::too_many_arguments, clippy::type_complexity)]
    fn certain_next(
        &self,
        keys: &[Key],
        level_start: usize,
        least_time: &FxHashMap<Point, i64>,
        certain: &FxHashMap<Point, i64>,
        first: &FxHashMap<u32, (u32, Point, Point)>,
        f1: bool,
        f2: bool,
    ) -> (Vec<(Point, i64)>, Vec<(usize, usize)>) {
        let mut raised = Vec::new();
        let mut pairs = Vec::new();
        let mut i = level_start;
        while i < keys.len() {
            let (d, y, x, ..) = keys[i];
            let end = i + keys[i..].partition_point(|k| (k.1, k.2) == (y, x));
            let pair = &keys[i..end];
            let start = i;
            i = end;
            // y must be marked in every zone, with a time of at least 1 whatever it is; the
            // pair's candidates at the least time y can have are among its possible entries.
            if !certain.contains_key(&y) {
                continue;
            }
            let least = least_time[&y];
            if least < 1 {
                continue;
            }
            let least = least as u32;
            let survives = pair.iter().filter(|k| k.5 == least).any(|&(.., t, _)| {
                !(f1 && self
                    .interned
                    .inner(t)
                    .iter()
                    .any(|z| least_time.contains_key(z))
                    || f2 && first.get(&t).is_some_and(|&p| p < (d, y, x)))
            });
            if !survives {
                continue;
            }
            pairs.push((start, end));
            let (.., t0, l0) = pair[0];
            for &z in self.interned.inner(t0) {
                let mut least_mark = self.interned.next_time(l0, t0);
                let mut everywhere = true;
                for &(.., t, l) in &pair[1..] {
                    if !self.interned.inner(t).contains(&z) {
                        everywhere = false;
                        break;
                    }
                    least_mark = least_mark.min(self.interned.next_time(l, t));
                }
                if everywhere {
                    raised.push((z, least_mark));
                }
            }
        }
        (raised, pairs)
    }

    /// Adds to `dropped` the possible entries that F1 drops in every zone: those of level
    /// j + 1 such that every possible entry of a certain pair of level j (`pairs`, ranges of
    /// `keys`) passes one of their intermediate stops. The pair chooses one of them in every
    /// zone and marks its intermediate stops at level j + 1, which F1 reads. Whether it added
    /// any.
    fn always_hit(
        &mut self,
        keys: &[Key],
        pairs: &[(usize, usize)],
        dropped: &mut FxHashSet<Key>,
    ) -> bool {
        if !self.g.options.f1 {
            return false;
        }
        let mut added = false;
        for &(start, end) in pairs {
            let level = keys[start].0;
            let mut inners: Vec<u32> = keys[start..end].iter().map(|k| k.4).collect();
            inners.sort_unstable();
            inners.dedup();
            if inners.iter().any(|&t| self.interned.inner(t).is_empty()) {
                continue;
            }
            let from = keys.partition_point(|k| k.0 <= level);
            let to = keys.partition_point(|k| k.0 <= level + 1);
            for k in &keys[from..to] {
                let stops = self.interned.inner(k.4);
                if stops.is_empty() || dropped.contains(k) {
                    continue;
                }
                let hit = inners
                    .iter()
                    .all(|&e| self.interned.inner(e).iter().any(|z| stops.contains(z)));
                if hit {
                    dropped.insert(*k);
                    added = true;
                }
            }
        }
        added
    }

    /// Adds to `dropped` the possible entries that F2 drops in every zone: those whose
    /// trajectory is a run of every possible entry of a certain pair (`pairs`, ranges of
    /// `keys`) before them. Whether it added any.
    fn always_dropped(
        &mut self,
        keys: &[Key],
        pairs: &[(usize, usize)],
        dropped: &mut FxHashSet<Key>,
    ) -> bool {
        if !self.g.options.f2 {
            return false;
        }
        let mut by_trajectory: FxHashMap<u32, Vec<usize>> = FxHashMap::default();
        for (i, k) in keys.iter().enumerate() {
            by_trajectory.entry(k.4).or_default().push(i);
        }
        let mut added = false;
        for &(start, end) in pairs {
            let pair = &keys[start..end];
            // The trajectories that are runs of every possible entry of the pair.
            let mut common: Vec<u32> = self.runs_of(pair[0].4).to_vec();
            for k in &pair[1..] {
                if common.is_empty() {
                    break;
                }
                let runs = self.runs_of(k.4);
                common.retain(|r| runs.binary_search(r).is_ok());
            }
            for r in common {
                for &j in by_trajectory.get(&r).map_or(&[][..], |v| v.as_slice()) {
                    if j >= end && dropped.insert(keys[j]) {
                        added = true;
                    }
                }
            }
        }
        added
    }
}
