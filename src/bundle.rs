//! Native bundle generators: the procedural twins of the trajectory grammars.
//!
//! A bundle is the set of trajectories of one piece from x0 to y0 of one length l:
//! * l = MAP_{x0,p}(y0): all shortest trajectories (G_t^(1), docs/semantics.md §4);
//! * otherwise all admissible trajectories of degree 2 (G_t^(2), docs/semantics.md §5): walks
//!   `x0 … x_l = y0` with a split index i such that `x0 … x_i` and `x_i … x_l` are shortest.
//!
//! Trajectories come out distinct and in lexicographic order of their point numbers, from a
//! depth-first search that never enters a dead end, so the bundle can be streamed and counted
//! without being stored. The search state at a stop x_j is two flags: `pre` (the prefix
//! `x0 … x_j` is shortest) and `split` (some split i ≤ j works so far: the prefix to i is shortest
//! and every stop from i on is exactly as far from y0 as the remaining length). The stop's index
//! follows from the point and the flags, which is what makes the count a small dynamic program.

use crate::bitset::BitSet;
use crate::board::Point;
use crate::budget::{Budget, Exceeded};
use crate::kernel::{DistanceMap, Kernel, MotionId};

/// A trajectory `a(x0) a(x1) … a(xl)` as its points.
pub type Trajectory = Vec<Point>;

/// The applicability condition Q1 of G_t^(2) (decision A3, docs/semantics.md §10); a request
/// names it `s16` or `s06`.
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    serde::Serialize,
    serde::Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum AdmissibleRule {
    /// S-16: `MAP ≤ l < 2·MAP` (the default).
    #[default]
    S16,
    /// S-06: `MAP ≤ l` only.
    S06,
}

/// Which trajectories a bundle holds: the length rule, and simple ones only or all.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BundleOptions {
    /// The length condition of admissible trajectories (decision A3).
    pub rule: AdmissibleRule,
    /// Keep only trajectories that visit no point twice (decision A17 of docs/semantics.md §10: off
    /// by default).
    pub simple_only: bool,
}

/// Why a bundle was not produced in full.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TooMany {
    /// The exact number of trajectories, when known without enumeration.
    pub count: Option<u128>,
    /// The cap that was passed: the most trajectories the caller would take.
    pub limit: usize,
    /// Whether counting stopped (simple trajectories are counted by listing), not listing.
    pub counting: bool,
}

impl std::fmt::Display for TooMany {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.counting {
            return write!(
                f,
                "the bundle has more than {} simple trajectories, and simple ones are counted by \
                 listing them; raise the limit",
                self.limit
            );
        }
        match self.count {
            Some(c) => write!(
                f,
                "the bundle has {}, more than the limit of {}; raise the limit or ask for the count only",
                // A count at u128::MAX saturated: it reads `more than`, not as exact.
                crate::render::counted_saturating(c, "trajectory", "trajectories"),
                self.limit
            ),
            None => write!(
                f,
                "the bundle has more than {} trajectories; raise the limit or ask for the count only",
                self.limit
            ),
        }
    }
}

impl std::error::Error for TooMany {}

/// How many steps of a simple walk go between two looks at the thread's deadline.
const STEPS_PER_DEADLINE_LOOK: u32 = 4096;

/// The trajectories of one motion from `from` to `to` of one length.
pub struct Bundle<'k> {
    kernel: &'k Kernel,
    motion: MotionId,
    from: Point,
    to: Point,
    /// None when the bundle is empty by Q1 (unreachable, x0 = y0, or l out of bounds).
    length: Option<u32>,
    distance: u32,
    simple_only: bool,
    d0: &'k DistanceMap,
    dy: &'k DistanceMap,
    /// Points from which a shortest continuation reaches a docking point (prefix mode only).
    can_split: BitSet,
}

impl<'k> Bundle<'k> {
    /// The bundle of length `length`, or of the shortest length when `length` is `None`.
    pub fn new(
        kernel: &'k Kernel,
        motion: MotionId,
        from: Point,
        to: Point,
        length: Option<u32>,
        options: BundleOptions,
    ) -> Bundle<'k> {
        let d0 = kernel.map(motion, from);
        let dy = kernel.map_to(motion, to);
        let distance = d0.get(to);
        let reachable = d0.is_reachable(to) && from != to;
        let two_n = kernel.unreachable();
        let length = match length {
            None => reachable.then_some(distance),
            Some(l) => {
                let upper = match options.rule {
                    AdmissibleRule::S16 => l < 2 * distance,
                    AdmissibleRule::S06 => true,
                };
                (reachable && distance <= l && upper && l < two_n).then_some(l)
            }
        };
        let mut bundle = Bundle {
            kernel,
            motion,
            from,
            to,
            length,
            distance,
            simple_only: options.simple_only,
            d0,
            dy,
            can_split: BitSet::new(kernel.n()),
        };
        if let Some(l) = length {
            bundle.can_split = bundle.splittable(l);
        }
        bundle
    }

    /// The trajectory length l, or `None` when the bundle is empty by its condition Q1.
    pub fn length(&self) -> Option<u32> {
        self.length
    }

    /// `MAP_{x0,p}(y0)` (2n when unreachable).
    pub fn distance(&self) -> u32 {
        self.distance
    }

    /// The start x0 of every trajectory of the bundle.
    pub fn from(&self) -> Point {
        self.from
    }

    /// The end y0 of every trajectory of the bundle.
    pub fn to(&self) -> Point {
        self.to
    }

    /// Points v with `MAP(x0, v) = j ≤ l` from which forward-shortest steps reach a docking point.
    fn splittable(&self, l: u32) -> BitSet {
        let n = self.kernel.n();
        let rel = self.kernel.relation(self.motion);
        let mut by_layer: Vec<Vec<Point>> = vec![Vec::new(); l as usize + 1];
        for v in self.kernel.board().points() {
            // A stop on a walk of length l lies within l of both ends, counted together.
            let d = self.d0.get(v);
            if d.saturating_add(self.dy.get(v)) <= l {
                by_layer[d as usize].push(v);
            }
        }
        let mut ok = BitSet::new(n);
        for (j, layer) in by_layer.iter().enumerate().rev() {
            for &v in layer {
                let dock = self.d0.get(v) + self.dy.get(v) == l;
                let onward = rel
                    .successors(v)
                    .iter()
                    .any(|&w| self.d0.get(w) == j as u32 + 1 && ok.contains(w));
                if dock || onward {
                    ok.insert(v);
                }
            }
        }
        ok
    }

    /// The state after stepping from a stop at index `j` with flags `(pre, split)` to `v`.
    #[inline]
    fn step(&self, l: u32, j: u32, pre: bool, split: bool, v: Point) -> Option<(bool, bool)> {
        let pre2 = pre && self.d0.get(v) == j + 1 && self.can_split.contains(v);
        let split2 = self.dy.get(v) == l - j - 1 && (split || (pre && self.d0.get(v) == j + 1));
        (pre2 || split2).then_some((pre2, split2))
    }

    fn start(&self, l: u32) -> (bool, bool) {
        (true, self.dy.get(self.from) == l)
    }

    /// The number of trajectories (saturating at `u128::MAX`). With `simple_only` this
    /// enumerates, without bound and whatever the thread's deadline ([`Bundle::count_up_to`]
    /// bounds it and stops at the deadline); otherwise it is a dynamic program over (point,
    /// flags).
    pub fn count(&self) -> u128 {
        let Some(l) = self.length else { return 0 };
        if self.simple_only {
            return self.walk(false).count() as u128;
        }
        let n = self.kernel.n();
        let rel = self.kernel.relation(self.motion);
        // ways[flags][v]: completions from v in that state; flags 1 = pre only, 2 = split only, 3 = both.
        let mut ways = vec![vec![None::<u128>; n]; 4];
        // Visit states in decreasing stop index so every successor state is already known.
        let index_of = |v: Point, flags: usize| -> u32 {
            if flags & 1 != 0 {
                self.d0.get(v)
            } else {
                l - self.dy.get(v)
            }
        };
        let mut states: Vec<(u32, usize, Point)> = Vec::new();
        for v in self.kernel.board().points() {
            if self.can_split.contains(v) {
                states.push((self.d0.get(v), 1, v));
                if self.dy.get(v) + self.d0.get(v) == l {
                    states.push((self.d0.get(v), 3, v));
                }
            }
            if self.d0.get(v).saturating_add(self.dy.get(v)) <= l {
                states.push((l - self.dy.get(v), 2, v));
            }
        }
        states.sort_by_key(|s| std::cmp::Reverse(s.0));
        for &(j, flags, v) in &states {
            let total = if j == l {
                u128::from(v == self.to && flags & 2 != 0)
            } else {
                let mut total = 0u128;
                for &w in rel.successors(v) {
                    if let Some((p2, s2)) = self.step(l, j, flags & 1 != 0, flags & 2 != 0, w) {
                        let f2 = usize::from(p2) | (usize::from(s2) << 1);
                        debug_assert_eq!(index_of(w, f2), j + 1);
                        total = total.saturating_add(ways[f2][w.index()].unwrap_or(0));
                    }
                }
                total
            };
            ways[flags][v.index()] = Some(total);
        }
        let (p, s) = self.start(l);
        let f = usize::from(p) | (usize::from(s) << 1);
        ways[f][self.from.index()].unwrap_or(0)
    }

    /// The trajectories, lazily, in lexicographic order of point numbers. A walk of simple
    /// trajectories ends early at the thread's deadline: [`BundleIter::finished`] says whether
    /// it did.
    pub fn iter(&self) -> BundleIter<'_, 'k> {
        self.walk(true)
    }

    /// The walk, looking at the thread's deadline (simple trajectories only) or not.
    fn walk(&self, watch_deadline: bool) -> BundleIter<'_, 'k> {
        let mut stack = Vec::new();
        let mut on_path = BitSet::new(self.kernel.n());
        if let Some(l) = self.length {
            let (pre, split) = self.start(l);
            stack.push(Frame {
                point: self.from,
                pre,
                split,
                next: 0,
            });
            on_path.insert(self.from);
        }
        BundleIter {
            bundle: self,
            stack,
            on_path,
            watch_deadline: watch_deadline && self.simple_only,
            steps: 0,
            stopped: None,
        }
    }

    /// The number of trajectories, or an error when `simple_only` asks to enumerate more than
    /// `limit` of them (counting simple paths has no polynomial dynamic program: on a 16x16
    /// board a king's simple trajectories of length 25 are past any time one would wait for).
    /// The walk stops at the thread's deadline ([`Listing::Exceeded`]): it meets dead ends
    /// (points already on the path), so it may run long without finding a trajectory.
    pub fn count_up_to(&self, limit: usize) -> Result<u128, Listing> {
        if !self.simple_only {
            return Ok(self.count());
        }
        let mut count = 0;
        let mut walk = self.iter();
        for _ in walk.by_ref() {
            if count == limit {
                return Err(Listing::TooMany(TooMany {
                    count: None,
                    limit,
                    counting: true,
                }));
            }
            count += 1;
        }
        walk.finished()?;
        Ok(count as u128)
    }

    /// All trajectories, or an error when there are more than `limit`: as many as the caller
    /// said it would hold. Where `limit` may be past what memory holds (a user's),
    /// [`Bundle::collect_within`] holds each against the memory limit. It does not look at the
    /// thread's deadline ([`Bundle::collect_within`] does): the caller bounds its work.
    pub fn collect(&self, limit: usize) -> Result<Vec<Trajectory>, TooMany> {
        if !self.simple_only {
            let count = self.count();
            if count > limit as u128 {
                return Err(TooMany {
                    count: Some(count),
                    limit,
                    counting: false,
                });
            }
        }
        let mut out = Vec::new();
        for t in self.walk(false) {
            if out.len() == limit {
                return Err(TooMany {
                    count: None,
                    limit,
                    counting: false,
                });
            }
            out.push(t);
        }
        Ok(out)
    }

    /// All trajectories, or an error when there are more than `limit` ([`Listing::TooMany`]);
    /// each is held in `budget` before it is kept, so the listing stops at the memory limit or
    /// the thread's deadline too ([`Listing::Exceeded`]).
    pub fn collect_within(
        &self,
        limit: usize,
        budget: &mut Budget,
    ) -> Result<Vec<Trajectory>, Listing> {
        if !self.simple_only {
            let count = self.count();
            if count > limit as u128 {
                return Err(Listing::TooMany(TooMany {
                    count: Some(count),
                    limit,
                    counting: false,
                }));
            }
        }
        let mut out = Vec::new();
        let mut walk = self.iter();
        for t in walk.by_ref() {
            if out.len() == limit {
                return Err(Listing::TooMany(TooMany {
                    count: None,
                    limit,
                    counting: false,
                }));
            }
            budget.hold(crate::budget::points_bytes(t.len()), || {
                "the trajectories listed".into()
            })?;
            out.push(t);
        }
        walk.finished()?;
        Ok(out)
    }
}

/// Why a bundle's trajectories were not all listed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Listing {
    /// More than the caller would take.
    #[error(transparent)]
    TooMany(#[from] TooMany),
    /// The memory limit, or the thread's deadline, passed while they were listed.
    #[error(transparent)]
    Exceeded(#[from] Exceeded),
}

struct Frame {
    point: Point,
    pre: bool,
    split: bool,
    /// Index of the next successor to try.
    next: usize,
}

/// The trajectories of a bundle one at a time, by a depth-first walk that keeps only its
/// stack (the bundle is never listed whole).
///
/// A walk of simple trajectories looks at the thread's deadline ([`crate::deadline`]) every
/// 4,096 steps, and ends early once it has passed;
/// [`BundleIter::finished`] tells an early end from the last trajectory. (A walk of all
/// trajectories has no dead end: its time is bounded by what it yields.)
pub struct BundleIter<'b, 'k> {
    bundle: &'b Bundle<'k>,
    stack: Vec<Frame>,
    on_path: BitSet,
    /// Whether the walk looks at the deadline (simple trajectories, and not for `count`).
    watch_deadline: bool,
    /// Steps since the deadline was last looked at.
    steps: u32,
    /// The deadline's limit, once the walk stopped at it.
    stopped: Option<std::time::Duration>,
}

impl Iterator for BundleIter<'_, '_> {
    type Item = Trajectory;

    fn next(&mut self) -> Option<Trajectory> {
        let b = self.bundle;
        let l = b.length?;
        let rel = b.kernel.relation(b.motion);
        while !self.stack.is_empty() {
            if self.watch_deadline {
                self.steps += 1;
                if self.steps == STEPS_PER_DEADLINE_LOOK {
                    self.steps = 0;
                    if let Some(limit) = crate::deadline::passed() {
                        self.stopped = Some(limit);
                        self.stack.clear();
                        return None;
                    }
                }
            }
            let j = self.stack.len() as u32 - 1;
            if j == l {
                let top = &self.stack[self.stack.len() - 1];
                let done = top.point == b.to && top.split;
                let out = done.then(|| self.stack.iter().map(|f| f.point).collect());
                self.pop();
                if out.is_some() {
                    return out;
                }
                continue;
            }
            let top = self.stack.last_mut().expect("stack is not empty");
            let succ = rel.successors(top.point);
            let mut pushed = None;
            while top.next < succ.len() {
                let v = succ[top.next];
                top.next += 1;
                if b.simple_only && self.on_path.contains(v) {
                    continue;
                }
                if let Some((pre, split)) = b.step(l, j, top.pre, top.split, v) {
                    pushed = Some(Frame {
                        point: v,
                        pre,
                        split,
                        next: 0,
                    });
                    break;
                }
            }
            match pushed {
                Some(frame) => {
                    self.on_path.insert(frame.point);
                    self.stack.push(frame);
                }
                None => self.pop(),
            }
        }
        None
    }
}

impl BundleIter<'_, '_> {
    /// After the walk has ended: whether it went through, or stopped at the thread's deadline
    /// ([`Exceeded::Time`]).
    pub fn finished(&self) -> Result<(), Exceeded> {
        match self.stopped {
            Some(limit) => Err(Exceeded::Time(limit)),
            None => Ok(()),
        }
    }

    fn pop(&mut self) {
        if let Some(f) = self.stack.pop() {
            // A point may recur on a non-simple walk; keep it marked while it is still on the path.
            if !self.stack.iter().any(|g| g.point == f.point) {
                self.on_path.remove(f.point);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_saturated_count_reads_as_a_bound() {
        let too_many = |count| TooMany {
            count: Some(count),
            limit: 10,
            counting: false,
        };
        assert_eq!(
            too_many(u128::MAX).to_string(),
            format!(
                "the bundle has more than {} trajectories, more than the limit of 10; raise the limit or ask for the count only",
                u128::MAX
            )
        );
        assert!(
            too_many(11)
                .to_string()
                .starts_with("the bundle has 11 trajectories,")
        );
    }

    use super::*;
    use crate::board::Board;
    use crate::piece::{Side, Usage, chess_types};

    fn names(board: &Board, ts: &[Trajectory]) -> Vec<String> {
        ts.iter()
            .map(|t| {
                t.iter()
                    .map(|&p| board.name(p))
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect()
    }

    #[test]
    fn rook_a1_h8_has_two_shortest_trajectories() {
        let board = Board::grid(8, 8, 1, &[]).unwrap();
        let k = Kernel::new(&board, &chess_types(), None);
        let m = k.motion(2, Side::White, Usage::Move);
        let p = |s: &str| board.parse_point(s).unwrap();
        let b = Bundle::new(&k, m, p("a1"), p("h8"), None, BundleOptions::default());
        assert_eq!(b.length(), Some(2));
        assert_eq!(b.count(), 2);
        assert_eq!(
            names(&board, &b.collect(10).unwrap()),
            ["a1 h1 h8", "a1 a8 h8"]
        );
    }

    #[test]
    fn king_admissible_length_counts_match_enumeration() {
        let board = Board::grid(5, 5, 1, &[[3, 3, 1]]).unwrap();
        let k = Kernel::new(&board, &chess_types(), None);
        let m = k.motion(0, Side::White, Usage::Move);
        let p = |s: &str| board.parse_point(s).unwrap();
        for l in 4..8 {
            let b = Bundle::new(&k, m, p("a1"), p("e5"), Some(l), BundleOptions::default());
            let all = b.iter().collect::<Vec<_>>();
            assert_eq!(b.count(), all.len() as u128, "l = {l}");
            let mut sorted = all.clone();
            sorted.sort();
            sorted.dedup();
            assert_eq!(sorted, all, "distinct and ordered, l = {l}");
            assert!(all.iter().all(|t| t.len() == l as usize + 1));
        }
        // c3 is removed, so MAP(a1, e5) = 5.
        let b = Bundle::new(&k, m, p("a1"), p("e5"), Some(9), BundleOptions::default());
        assert_eq!(b.distance(), 5);
        // l = 2 = 2·MAP(a1, b1) is excluded by S-16 but allowed by S-06: a1 a2 b1, a1 b2 b1.
        let s16 = Bundle::new(&k, m, p("a1"), p("b1"), Some(2), BundleOptions::default());
        assert_eq!(s16.length(), None);
        assert_eq!(s16.count(), 0);
        let s06 = BundleOptions {
            rule: AdmissibleRule::S06,
            simple_only: false,
        };
        let b = Bundle::new(&k, m, p("a1"), p("b1"), Some(2), s06);
        assert_eq!(
            names(&board, &b.collect(10).unwrap()),
            ["a1 a2 b1", "a1 b2 b1"]
        );
    }

    #[test]
    fn limits_and_simple_paths() {
        let board = Board::grid(8, 8, 1, &[]).unwrap();
        let k = Kernel::new(&board, &chess_types(), None);
        let m = k.motion(0, Side::White, Usage::Move);
        let p = |s: &str| board.parse_point(s).unwrap();
        let b = Bundle::new(&k, m, p("a5"), p("h5"), None, BundleOptions::default());
        assert_eq!(b.count(), 393);
        let err = b.collect(100).unwrap_err();
        assert_eq!(
            err,
            TooMany {
                count: Some(393),
                limit: 100,
                counting: false,
            }
        );
        // King a1 -> b1 in 3 moves (S-06): admissible walks may revisit (a1 b1 c1 b1), simple
        // ones may not.
        let s06 = BundleOptions {
            rule: AdmissibleRule::S06,
            simple_only: false,
        };
        let all = Bundle::new(&k, m, p("a1"), p("b1"), Some(3), s06);
        let simple = BundleOptions {
            simple_only: true,
            ..s06
        };
        let simple = Bundle::new(&k, m, p("a1"), p("b1"), Some(3), simple);
        let all_ts = all.collect(1000).unwrap();
        let simple_ts = simple.collect(1000).unwrap();
        assert!(simple_ts.len() < all_ts.len());
        assert!(simple_ts.iter().all(|t| {
            let mut s = t.clone();
            s.sort();
            s.dedup();
            s.len() == t.len()
        }));
        assert!(simple_ts.iter().all(|t| all_ts.contains(t)));
        // Simple ones are counted by listing them, up to a limit.
        let n = simple_ts.len();
        assert_eq!(simple.count_up_to(n), Ok(n as u128));
        let err = simple.count_up_to(n - 1).unwrap_err();
        assert!(matches!(
            err,
            Listing::TooMany(TooMany { counting: true, .. })
        ));
        assert!(err.to_string().contains("raise the limit"), "{err}");
        assert_eq!(all.count_up_to(0), Ok(all_ts.len() as u128));
    }

    /// A walk of simple trajectories with dead ends everywhere (a king's of length 30 on 24x24,
    /// far more than any limit) stops at the thread's deadline, or when another thread stops
    /// it (a server's client that left), with an error rather than a count or a listing cut
    /// short; without a deadline the plain count still goes through.
    #[test]
    fn a_simple_walk_stops_at_the_deadline() {
        use std::sync::Arc;
        use std::sync::atomic::{AtomicBool, Ordering};
        use std::time::{Duration, Instant};
        let board = Board::grid(24, 24, 1, &[]).unwrap();
        let k = Kernel::new(&board, &chess_types(), None);
        let m = k.motion(0, Side::White, Usage::Move);
        let p = |s: &str| board.parse_point(s).unwrap();
        let options = BundleOptions {
            rule: AdmissibleRule::S16,
            simple_only: true,
        };
        let b = Bundle::new(&k, m, p("a1"), p("x24"), Some(30), options);
        let limit = Duration::from_millis(200);
        let stopped = Err(Listing::Exceeded(Exceeded::Time(limit)));
        let started = Instant::now();
        let counted = crate::deadline::within(limit, || b.count_up_to(usize::MAX));
        assert_eq!(counted, stopped);
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "{:?}",
            started.elapsed()
        );
        assert!(
            counted
                .unwrap_err()
                .to_string()
                .contains("stopped at the time limit of the request (0.2 s)"),
            "the message names the limit"
        );
        let listed =
            crate::deadline::within(limit, || b.collect_within(usize::MAX, &mut Budget::new()));
        assert_eq!(listed, Err(Listing::Exceeded(Exceeded::Time(limit))));
        // Stopped by another thread long before an hour.
        let stop = Arc::new(AtomicBool::new(false));
        let setter = stop.clone();
        let started = Instant::now();
        let stopper = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(100));
            setter.store(true, Ordering::Relaxed);
        });
        let hour = Duration::from_secs(3600);
        let counted = crate::deadline::within_or_stopped(hour, stop, || b.count_up_to(usize::MAX));
        stopper.join().unwrap();
        assert_eq!(counted, Err(Listing::Exceeded(Exceeded::Time(hour))));
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "{:?}",
            started.elapsed()
        );
        // A walk that ends before the deadline is whole.
        let small = Bundle::new(&k, m, p("a1"), p("c3"), Some(3), options);
        let n = crate::deadline::within(hour, || small.count_up_to(1000)).unwrap();
        assert_eq!(n, small.count());
        assert!(n > 0);
    }
}
