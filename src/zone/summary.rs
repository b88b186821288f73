//! The count of zones and the bundle view of a language without listing it:
//! docs/semantics.md §6.9.
//!
//! The generator builds a zone by choosing, pair by pair in scanner order, one candidate per
//! attach pair. What the rest of a derivation can still do depends only on:
//!
//! * the level and its marked points with their TIME (they give the pairs, their times, and v
//!   for F1), and which pair is next;
//! * the NEXTTIME marks this level has made so far (they become the next level's marks);
//! * for F2, the runs of the entries already in the zone that a later candidate could equal: a
//!   candidate starts where a piece stands (not x0 or y0) and is at most as long as its time,
//!   and no later time exceeds the largest time still to come (the next pairs' times, and the
//!   NEXTTIME marks so far: a trajectory marks its stops with a time below its own).
//!
//! Two partial zones that agree on these have the same completions, so the number of zones
//! below a state is memoised on that key. The bundle view is the union of the attach entries on
//! every path to a zone; every state reached has a completion (a pair without candidates is
//! passed over, a level without marks closes the zone), so it is the union over every
//! transition the memoised walk takes, per main trajectory (the table is kept per main
//! trajectory, so that a state met again was expanded for this one).

use std::collections::BTreeSet;
use std::rc::Rc;

use rustc_hash::{FxHashMap, FxHashSet};

use super::{Attach, Zone, ZoneEntry, ZoneError, ZoneGenerator, marked_times, replay_times};
use crate::bitset::BitSet;
use crate::board::Point;
use crate::bundle::Trajectory;

/// At least this many distinct partial zones may be memoised per attack; `max_zones` raises
/// the cap (`--max-zones`). Past it the count stops with [`ZoneError::TooManyStates`]: a walk
/// that needs more is too large to count this way, and giving up within about a second and a
/// hundred megabytes keeps `--all-attacks` on large boards moving.
pub const MAX_STATES: usize = 100_000;

/// What a language of zones amounts to without its zones: how many, the bundle view, and the
/// marked times of every level.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ZoneSummary {
    /// The number of zones, exact unless `saturated` (it passed `u128::MAX`).
    pub count: u128,
    pub saturated: bool,
    /// As [`super::bundle_view`] gives it from the zones.
    pub view: Vec<(ZoneEntry, Vec<Attach>)>,
    /// Per level every (point, TIME) some zone marks, in order (as the zones' `times`,
    /// united); `None` where the zones were counted without listing them.
    pub times: Option<Vec<Vec<(Point, i64)>>>,
}

impl ZoneSummary {
    /// The summary of zones already listed.
    pub fn of_zones(zones: &[Zone]) -> Self {
        ZoneSummary {
            count: zones.len() as u128,
            saturated: false,
            view: super::bundle_view(zones),
            times: Some(united_times(zones)),
        }
    }
}

/// The marked times of several zones at once: per level every (point, time) some zone has
/// (replayed from the entries for zones that carry none), in order.
pub fn united_times(zones: &[Zone]) -> Vec<Vec<(Point, i64)>> {
    let mut times: Vec<Vec<(Point, i64)>> = Vec::new();
    for z in zones {
        let replayed;
        let marks = if z.times.is_empty() {
            replayed = replay_times(&z.entries);
            &replayed
        } else {
            &z.times
        };
        for (level, marks) in marks.iter().enumerate() {
            if times.len() <= level {
                times.push(Vec::new());
            }
            times[level].extend(marks.iter().copied());
        }
    }
    for marks in &mut times {
        marks.sort();
        marks.dedup();
    }
    times
}

/// One level of the walk: its pairs, v, and what of the marks its choices make the rest of
/// the derivation can read.
struct Level {
    /// Per pair index, what the rest of the level reads of it, interned: its pairs from there
    /// on, and the marked points their candidates can pass (F1).
    suffixes: Vec<u32>,
    v: BitSet,
    /// The pairs that have a candidate before the filters, in scanner order.
    pairs: Vec<(Point, Point, u32)>,
    /// Points whose NEXTTIME the next level reads by value: some piece has a candidate there
    /// within the largest time the point can get.
    timed: BitSet,
    /// Points whose mark the next level reads only as being marked (F1: intermediate stops
    /// of its possible candidates).
    marked: BitSet,
    /// The candidates of this level before the filters, with the index of their pair, and
    /// every one of a later level (bounded): a run of an entry that is one of them, at a pair
    /// still to come or later, can be dropped by F2.
    own: FxHashMap<Trajectory, usize>,
    future: FxHashSet<Trajectory>,
}

/// The rest of a level from a pair on: its pairs, and the marked points their candidates pass.
type Suffix = (Vec<(Point, Point, u32)>, Vec<Point>);

/// A partial zone, as far as its completions care.
struct Partial {
    at: usize,
    /// NEXTTIME of the points this level has marked so far.
    next: Vec<(Point, i64)>,
    /// The entries so far (read by F2 only).
    entries: Vec<Trajectory>,
}

/// The memoised walk over the partial zones of one main trajectory.
struct Walk<'g, 's> {
    generator: &'g mut ZoneGenerator<'s>,
    p0: usize,
    occupied: Vec<Point>,
    is_occupied: BitSet,
    /// Per point, the least time at which some piece qualifies for it (Q4): a mark below it
    /// starts no pair, so the next level reads only that the point is marked.
    threshold: Vec<i64>,
    memo: FxHashMap<Vec<u64>, u128>,
    suffixes: FxHashMap<Suffix, u32>,
    levels: FxHashMap<Vec<(Point, i64)>, Rc<Level>>,
    runs: FxHashMap<Vec<Point>, u32>,
    /// The attach entries met: (level, to, from, piece, trajectory, time).
    attaches: BTreeSet<(u32, Point, Point, usize, Trajectory, u32)>,
    states: usize,
}

impl ZoneGenerator<'_> {
    /// The count and bundle view of the language of p0 attacking y0 within l0, equal to what
    /// [`ZoneGenerator::zones`] and [`super::bundle_view`] give, without listing the zones
    /// (docs/semantics.md §6.9). `max_zones` does not apply; the memo table is capped at
    /// `max(max_zones, MAX_STATES)` states. The marked times are not computed (`times` is
    /// `None`).
    pub fn summary(&mut self, p0: usize, y0: Point, l0: u32) -> Result<ZoneSummary, ZoneError> {
        let mut out = ZoneSummary::default();
        if !self.applies(p0, y0, l0) {
            return Ok(out);
        }
        let capture = self.captures_at(p0, y0);
        let x0 = self.scenario.pieces[p0].at;
        let occupied: Vec<Point> = self
            .kernel
            .board()
            .points()
            .filter(|&x| x != x0 && x != y0 && self.scenario.pieces.iter().any(|q| q.at == x))
            .collect();
        let is_occupied = BitSet::from_points(self.kernel.n(), occupied.iter().copied());
        let mains = self.tracks(p0, x0, y0, l0, capture)?.to_vec();
        let mut states = 0;
        let side = self.scenario.pieces[p0].side;
        let threshold: Vec<i64> = self
            .kernel
            .board()
            .points()
            .map(|z| {
                let mut least = i64::MAX;
                for &x in &occupied {
                    for q in 0..self.scenario.pieces.len() {
                        let piece = &self.scenario.pieces[q];
                        if piece.at != x {
                            continue;
                        }
                        let d = self.reach(q, x, z, true);
                        let at = if piece.side == side {
                            if d == 1 { 1 } else { i64::MAX }
                        } else if d < self.kernel.unreachable() {
                            i64::from(d)
                        } else {
                            i64::MAX
                        };
                        least = least.min(at);
                    }
                }
                least
            })
            .collect();
        for main in mains {
            let time = self.dist(&main, true);
            let v = self.stops(&time);
            let first = marked_times(&v, &time);
            let mut walk = Walk {
                generator: self,
                p0,
                occupied: occupied.clone(),
                is_occupied: is_occupied.clone(),
                threshold: threshold.clone(),
                memo: FxHashMap::default(),
                suffixes: FxHashMap::default(),
                levels: FxHashMap::default(),
                runs: FxHashMap::default(),
                attaches: BTreeSet::new(),
                states,
            };
            let level = walk.level(first)?;
            let partial = Partial {
                at: 0,
                next: Vec::new(),
                entries: vec![main.clone()],
            };
            let count = walk.count(1, &level, partial)?;
            let (add, overflow) = out.count.overflowing_add(count);
            out.count = if overflow { u128::MAX } else { add };
            out.saturated |= overflow || count == u128::MAX;
            let mut attaches: Vec<Attach> = Vec::new();
            for (level, to, from, piece, t, time) in std::mem::take(&mut walk.attaches) {
                match attaches.last_mut() {
                    Some(a) if (a.level, a.to, a.from) == (level, to, from) => {
                        a.alternatives.push((piece, t, time));
                    }
                    _ => attaches.push(Attach {
                        level,
                        from,
                        to,
                        alternatives: vec![(piece, t, time)],
                    }),
                }
            }
            states = walk.states;
            out.view.push((
                ZoneEntry {
                    piece: p0,
                    trajectory: main,
                    time: l0 + 1,
                    level: 0,
                },
                attaches,
            ));
        }
        out.times = None;
        Ok(out)
    }
}

impl Walk<'_, '_> {
    /// The candidates of `pairs` before the filters, with the time of their pair.
    fn unfiltered(
        &mut self,
        pairs: &[(Point, Point, u32)],
    ) -> Result<Vec<(u32, Trajectory)>, ZoneError> {
        let mut out = Vec::new();
        for &(x, y, l) in pairs {
            for (_, t) in self.generator.unfiltered(self.p0, x, y, l)? {
                out.push((l, t));
            }
        }
        Ok(out)
    }

    /// The pairs of marks `marks` (every occupied start point, each end with its time > 0).
    fn pairs(&self, marks: &[(Point, i64)]) -> Vec<(Point, Point, u32)> {
        marks
            .iter()
            .filter(|&&(_, l)| l > 0)
            .flat_map(|&(y, l)| self.occupied.iter().map(move |&x| (x, y, l as u32)))
            .collect()
    }

    /// The NEXTTIME bound the candidates `cands` give the points they pass: over every choice,
    /// no mark of the next level is larger.
    fn bound(cands: &[(u32, Trajectory)]) -> Vec<(Point, i64)> {
        let mut next: Vec<(Point, i64)> = Vec::new();
        for (l, t) in cands {
            let k = i64::from(*l) - (t.len() as i64 - 1) + 1;
            for &z in &t[1..t.len() - 1] {
                match next.binary_search_by_key(&z, |m| m.0) {
                    Ok(i) => next[i].1 = next[i].1.max(k),
                    Err(i) => next.insert(i, (z, k)),
                }
            }
        }
        next
    }

    /// The level with these marks. What of them its rest reads: the time of each end that has
    /// a candidate (its pairs), and whether a point is marked where that can drop a candidate
    /// (F1); each suffix of its pairs is interned from that alone. From an upper bound on every later level's
    /// marks (each level's candidates before the filters bound the next level's marks, and
    /// TRACKS only grow with the time) it also knows which of its own marks the next level
    /// reads, and every trajectory that can still be a candidate (for F2).
    fn level(&mut self, marks: Vec<(Point, i64)>) -> Result<Rc<Level>, ZoneError> {
        if let Some(level) = self.levels.get(&marks) {
            return Ok(level.clone());
        }
        let n = self.generator.kernel.n();
        let f1 = self.generator.options.f1;
        let f2 = self.generator.options.f2;
        let all = self.pairs(&marks);
        let mut pairs = Vec::new();
        let mut own = Vec::new();
        // Which pair each of `own` belongs to.
        let mut own_pair = Vec::new();
        for (x, y, l) in all {
            let cands = self.generator.unfiltered(self.p0, x, y, l)?;
            if !cands.is_empty() {
                own_pair.extend(std::iter::repeat_n(pairs.len(), cands.len()));
                pairs.push((x, y, l));
                own.extend(cands.into_iter().map(|(_, t)| (l, t)));
            }
        }
        let v = BitSet::from_points(n, marks.iter().map(|m| m.0));
        // The rest of the level from each pair on reads its pairs and, for F1, which of the
        // points its candidates pass are marked.
        let mut suffixes = vec![0; pairs.len() + 1];
        let mut passed = BitSet::new(n);
        let mut from = own.len();
        for at in (0..=pairs.len()).rev() {
            while from > 0 && own_pair[from - 1] == at {
                from -= 1;
                let t = &own[from].1;
                for &z in &t[1..t.len() - 1] {
                    passed.insert(z);
                }
            }
            let read: Vec<Point> = if f1 {
                v.iter().filter(|&z| passed.contains(z)).collect()
            } else {
                Vec::new()
            };
            let fresh = self.suffixes.len() as u32;
            suffixes[at] = *self
                .suffixes
                .entry((pairs[at..].to_vec(), read))
                .or_insert(fresh);
        }
        // The later levels, bounded.
        let mut future: FxHashSet<Trajectory> = FxHashSet::default();
        let mut timed = BitSet::new(n);
        let mut marked = BitSet::new(n);
        let mut own_index = FxHashMap::default();
        if f2 {
            for ((_, t), &i) in own.iter().zip(&own_pair) {
                own_index.insert(t.clone(), i);
            }
        }
        let mut cands = own;
        let mut first = true;
        while !cands.is_empty() {
            let bound = Self::bound(&cands);
            let next = self.unfiltered(&self.pairs(&bound))?;
            if first {
                for (_, t) in &next {
                    timed.insert(*t.last().expect("stops"));
                    if f1 {
                        for &z in &t[1..t.len() - 1] {
                            marked.insert(z);
                        }
                    }
                }
                first = false;
            }
            if !f2 {
                break;
            }
            future.extend(next.iter().map(|(_, t)| t.clone()));
            cands = next;
        }
        let level = Rc::new(Level {
            own: own_index,
            suffixes,
            v,
            pairs,
            timed,
            marked,
            future,
        });
        self.levels.insert(marks, level.clone());
        Ok(level)
    }

    /// What determines the completions of `partial` (see the module's comment).
    fn key(&mut self, depth: u32, level: &Level, partial: &Partial) -> Vec<u64> {
        let mut key = vec![u64::from(depth), u64::from(level.suffixes[partial.at])];
        for &(p, t) in &partial.next {
            if level.timed.contains(p) && t >= self.threshold[p.index()] {
                key.push(u64::from(p.0));
                key.push(t as u64);
            } else if level.marked.contains(p) {
                key.push(u64::from(p.0));
                key.push(i64::MIN as u64);
            }
        }
        key.push(u64::MAX);
        if self.generator.options.f2 {
            let mut runs = Vec::new();
            for e in &partial.entries {
                for k in 0..e.len() {
                    if !self.is_occupied.contains(e[k]) {
                        continue;
                    }
                    for end in k + 1..e.len() {
                        let run = &e[k..=end];
                        let own = level.own.get(run).is_some_and(|&i| i >= partial.at);
                        if own || level.future.contains(run) {
                            let fresh = self.runs.len() as u32;
                            runs.push(*self.runs.entry(run.to_vec()).or_insert(fresh));
                        }
                    }
                }
            }
            runs.sort_unstable();
            runs.dedup();
            key.extend(runs.into_iter().map(u64::from));
        }
        key
    }

    /// The number of zones that complete `partial`.
    fn count(&mut self, depth: u32, level: &Level, partial: Partial) -> Result<u128, ZoneError> {
        let key = self.key(depth, level, &partial);
        if let Some(&n) = self.memo.get(&key) {
            return Ok(n);
        }
        let Some(&(x, y, l)) = level.pairs.get(partial.at) else {
            let n = self.close(depth, partial)?;
            return self.remember(key, n);
        };
        let entries = &partial.entries;
        let inside = |t: &[Point]| entries.iter().any(|e| super::contains_run(e, t));
        let candidates = self
            .generator
            .candidates(self.p0, x, y, l, &level.v, &inside)?;
        if candidates.is_empty() {
            // Passed over, as the generator's scan does.
            let next = Partial {
                at: partial.at + 1,
                ..partial
            };
            let n = self.count(depth, level, next)?;
            return self.remember(key, n);
        }
        let mut total: u128 = 0;
        for (q, t) in candidates {
            // TIME(y) - len(t) + 1 over the intermediate stops, kept with max (as `choose`).
            let k = i64::from(l) - (t.len() as i64 - 1) + 1;
            let mut next = partial.next.clone();
            for &z in &t[1..t.len() - 1] {
                match next.binary_search_by_key(&z, |m| m.0) {
                    Ok(i) => next[i].1 = next[i].1.max(k),
                    Err(i) => next.insert(i, (z, k)),
                }
            }
            self.attaches.insert((depth, y, x, q, t.clone(), l));
            let mut entries = Vec::new();
            if self.generator.options.f2 {
                entries = partial.entries.clone();
                entries.push(t);
            }
            let child = Partial {
                at: partial.at + 1,
                next,
                entries,
            };
            total = total.saturating_add(self.count(depth, level, child)?);
        }
        self.remember(key, total)
    }

    fn remember(&mut self, key: Vec<u64>, n: u128) -> Result<u128, ZoneError> {
        self.states += 1;
        let limit = self.generator.options.max_zones.max(MAX_STATES);
        if self.states > limit {
            return Err(ZoneError::TooManyStates { limit });
        }
        // `lingeo serve`'s deadline (the listing looks at it in `ZoneGenerator::choose`).
        if self.states.is_multiple_of(1024)
            && let Some(limit) = crate::deadline::passed()
        {
            return Err(ZoneError::TimeLimit { limit });
        }
        self.memo.insert(key, n);
        Ok(n)
    }

    /// The end of a level: the zone is complete if it marked nothing, else the next level.
    fn close(&mut self, depth: u32, partial: Partial) -> Result<u128, ZoneError> {
        if partial.next.is_empty() {
            return Ok(1);
        }
        let next = self.level(partial.next)?;
        let start = Partial {
            at: 0,
            next: Vec::new(),
            entries: partial.entries,
        };
        self.count(depth + 1, &next, start)
    }
}
