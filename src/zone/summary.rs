//! The count of zones and the bundle view of a language without listing it:
//! docs/semantics.md §6.9.
//!
//! The generator builds a zone by choosing, pair by pair in scanner order, one candidate per
//! attach pair. The walk does the same over a **task** (a level, or an independent part of one,
//! given by what it reads of the marks that open it), memoised on what the rest of the task and
//! what follows it can read:
//!
//! * which pair is next, and the next level's marks so far, projected: by value at or above a
//!   point's threshold (the least time at which a piece qualifies for it), as being marked where
//!   F1 reads it, not at all elsewhere;
//! * for F2, which trajectories a pair still to come, or a later level, can choose are runs of
//!   the entries already in the zone.
//!
//! The walk for the count alone keeps a mark by value as the least time of its class
//! (`Walk::class_of`): the times of a point that give it the same pairs and the same classes
//! of marks below, a run of consecutive times, so that ALPHA = max keeps to the classes. The
//! walk with the view keeps the times themselves: its entries carry them. The walk for the
//! count alone follows once the candidates of a pair that write the same of what the rest of
//! the walk reads (`Task::effects`), counted as many times as there are.
//!
//! What follows a task is bounded (`Walk::expand`: a level's candidates before the filters
//! bound the next level's marks, and TRACKS only grow with the time), and split into
//! **factors**, the classes of the next level's pairs under "a candidate of one marks a point
//! the other reads, at the next level" and (F2) "a candidate of one is a run of a candidate of
//! the other". No choice in one factor changes what another counts, so the count below a level
//! is the product of its factors' counts; a factor is counted as a task of its own as soon as
//! no later pair of its level touches it, and leaves the walk's state then.
//!
//! Pairs whose candidates are all one move long, one per start, that no other pair can choose
//! (**free leaves**), count 1 whatever their marks: they join no factor, and the walk keeps,
//! with each state's count, what the completions can give each of them (the time of its end
//! point, and whether F2 drops it), for the bundle view.
//!
//! A first level's pairs are walked in scanner order reversed, but for the pairs F2 relates,
//! which keep their order (`Walk::walk_order`): only F2 reads the order, and the reversed
//! order meets fewer partial readings on the attacks measured.
//!
//! Two partial zones that agree on the key have the same completions, so the number of zones
//! below a state is memoised on it. The bundle view is the union of the attach entries on every
//! path to a zone; every state reached has a completion (a pair without candidates is passed
//! over, a level without marks closes the zone), so it is the union over every transition the
//! memoised walk takes, per main trajectory (the table is kept per main trajectory, so that a
//! state met again was expanded for this one), with the free leaves' entries read off what the
//! root state can give them. The walk for the count alone shares its table (and its tasks)
//! among the main trajectories: a state's count does not depend on which one reached it.

use std::collections::BTreeSet;
use std::rc::Rc;

use rustc_hash::{FxHashMap, FxHashSet};

use super::interned::{Candidates, Interned};
use super::{Attach, Zone, ZoneEntry, ZoneError, ZoneGenerator, marked_times, replay_times};
use crate::bitset::BitSet;
use crate::board::Point;
use crate::bundle::Trajectory;

/// At least this many distinct partial zones may be memoised per attack; `max_zones` raises
/// the cap (`--max-zones`). Past it the count stops with [`ZoneError::TooManyStates`]: a walk
/// that needs more is too large to count this way, and giving up within about a second and a
/// hundred megabytes keeps `--all-attacks` on large boards moving. A raised cap is still
/// bounded by `--max-memory` ([`ZoneError::Memory`]).
pub const MAX_STATES: usize = 100_000;

/// What a language of zones amounts to without its zones: how many, the bundle view, and the
/// marked times of every level.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ZoneSummary {
    /// The number of zones, exact unless `saturated` (it passed `u128::MAX`) or `at_least`.
    pub count: u128,
    /// Whether the count overflowed and was held at `u128::MAX`.
    pub saturated: bool,
    /// Whether `count` is a lower bound only: counting the zones would have passed the cap
    /// on states (the view is still the whole network, [`super::ZoneNetwork`]).
    pub at_least: bool,
    /// Where the count is not exact (`saturated` or `at_least`), the cap it stopped at.
    pub cap: Option<super::CountCap>,
    /// The entries of the network neither proved nor refuted ([`super::Undecided`]).
    pub undecided: Vec<super::Undecided>,
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
            at_least: false,
            cap: None,
            undecided: Vec::new(),
            view: super::bundle_view(zones),
            times: Some(united_times(zones)),
        }
    }

    /// The summary of a zone network: its view, count (exact or at least) and undecided
    /// entries; no marked times.
    pub fn of_network(network: super::ZoneNetwork) -> Self {
        ZoneSummary {
            count: network.count.value(),
            saturated: false,
            at_least: !network.count.is_exact(),
            cap: network.count.cap(),
            undecided: network.undecided,
            view: network.view,
            times: None,
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

/// A mark that the rest of the derivation reads only as being there (F1), not by its value.
const MARKED: i64 = i64::MIN;
/// Separates the marks from the runs in a memo key.
const SEP: u64 = u64::MAX;

/// One attach pair of a task: its start, end and time, and its candidates before the filters
/// (piece, trajectory id).
struct Pair {
    x: Point,
    y: Point,
    l: u32,
    cands: Candidates,
}

/// One independent part of the next level: what of the level's marks it reads, and the
/// trajectories it can still choose (for F2).
struct Factor {
    /// Its points in order: (point, read by value, read as being marked).
    read: Vec<(Point, bool, bool)>,
    /// Every trajectory one of its pairs, at any later level, can choose (sorted; F2 only).
    poss: Vec<u32>,
}

/// A level, or a part of one, as the walk reads it: given by its marks (the end points with
/// their times, and the marked points F1 reads), with its pairs, the independent parts of what
/// follows it, and which of its pairs is the last to touch each part.
struct Task {
    pairs: Vec<Pair>,
    v: BitSet,
    factors: Vec<Factor>,
    /// Per pair index, the factors no later pair touches.
    closing: Vec<Vec<usize>>,
    /// Per point, the last pair index until which the walk keeps its mark by value and as
    /// being marked, each plus one (0: not kept).
    /// (Indexed by the point's index: the walk reads it at every step.)
    keep: Vec<(u32, u32)>,
    /// The trajectories of which the walk keeps whether they are runs of an entry already
    /// chosen (F2), each with the last pair index until which it does and the factor whose
    /// `poss` holds it ([`NO_FACTOR`] if none): a trajectory is in one factor's at most,
    /// since F2 joins every node that can choose it. A task holds a few hundred ids of the
    /// tens of thousands a walk interns (a vector indexed by id took gigabytes over 80,000
    /// tasks); each is looked up once as it enters the walk's state ([`KeptRun`]).
    keep_runs: FxHashMap<u32, (u32, u32)>,
    /// For the walk for the count alone, per pair, per candidate: the number of its
    /// **effect**, what choosing it writes that the rest of the walk reads (its marks at the
    /// points still read after the pair, by class, and the runs still read). Two candidates
    /// with one effect complete a partial zone alike, so the walk follows one of them, counted
    /// as many times as the candidates left ([`Walk::effects`]). Empty where the walk keeps
    /// the bundle view, whose entries tell the candidates apart.
    effects: Vec<Vec<u32>>,
}

/// No factor's `poss` holds the run ([`Task::keep_runs`]).
const NO_FACTOR: u32 = u32::MAX;

/// A trajectory that is a run of an entry already in the zone (F2), as the walk's state keeps
/// it within one task: with the last pair index until which the task reads it and the factor
/// that can choose it ([`Task::keep_runs`]), so that the walk drops it and hands it to its
/// factor without looking it up at every choice (those look-ups, by binary search, were a
/// third of a count's time). Ordered by the trajectory id first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct KeptRun {
    id: u32,
    until: u32,
    factor: u32,
}

impl Task {
    /// The runs `ids` (sorted) as this task's walk keeps them: those it reads, with what it
    /// reads of them.
    fn kept(&self, ids: impl IntoIterator<Item = u32>, out: &mut Vec<KeptRun>) {
        out.extend(ids.into_iter().filter_map(|id| {
            let &(until, factor) = self.keep_runs.get(&id)?;
            Some(KeptRun { id, until, factor })
        }));
    }
}

/// A pair of the bounded expansion of what follows a task: an end point, its candidates at the
/// bound, and the marked points their intermediate stops pass (F1).
struct Node {
    point: Point,
    cands: Vec<(u32, u32)>,
    f1: Vec<Point>,
}

/// The memoised walk over the partial zones of one main trajectory.
struct Walk<'g, 's> {
    generator: &'g mut ZoneGenerator<'s>,
    p0: usize,
    occupied: Vec<Point>,
    is_occupied: BitSet,
    /// Per point, the least time (at least 1) at which some piece qualifies for it (Q4): a
    /// mark below it starts no pair, so the next level reads only that the point is marked.
    threshold: Vec<i64>,
    /// The trajectories met, interned, and per trajectory the ids of its runs that start on an
    /// occupied point (itself included): the trajectories F2 drops once it is in the zone.
    interned: Interned,
    runs: Vec<Vec<u32>>,
    /// Per depth, the task of each reading of the marks (looked up without copying them).
    task_ids: FxHashMap<u32, FxHashMap<Vec<(Point, i64)>, u32>>,
    /// The free leaves of this main trajectory's zones ([`Walk::free_leaves`]), by (depth, end
    /// point), and their pairs, the observers: (depth, end, start, piece, trajectory id), with
    /// the observers of each free leaf and the observer of each trajectory.
    free: FxHashSet<(u32, Point)>,
    observers: Vec<(u32, Point, Point, usize, u32)>,
    observed_at: FxHashMap<(u32, Point), Vec<u32>>,
    observer_of: FxHashMap<u32, u32>,
    tasks: Vec<Rc<Task>>,
    /// Per main trajectory: the counts of the states met, and the attach entries met:
    /// (level, to, from, piece, trajectory id, time).
    memo: FxHashMap<Box<[u64]>, (u128, Rc<Seen>)>,
    /// The `Seen` of every state whose completions give the free leaves nothing, shared.
    nothing: Rc<Seen>,
    attaches: FxHashSet<(u32, Point, Point, usize, u32, u32)>,
    states: usize,
    /// The most states memoised before the count gives up.
    limit: usize,
    /// A memo key being built ([`Walk::count`]).
    key: Vec<u64>,
    /// Vectors of marks and of runs the walk is done with, kept for the next state: a state
    /// makes several per choice, and their allocations were a fifth of the walk's time.
    spare_marks: Vec<Vec<(Point, i64)>>,
    spare_runs: Vec<Vec<KeptRun>>,
    /// Per effect of the pair being chosen, its choice so far ([`Walk::choices`]).
    effect_slot: Vec<u32>,
    /// The runs of the trajectory being chosen, as the task keeps them ([`Walk::count`]).
    new_runs: Vec<KeptRun>,
    /// Whether the walk keeps the bundle view (the attach entries met and what the free leaves
    /// get): a walk for the count alone skips that bookkeeping, about half of a state's cost.
    view: bool,
    /// Per point (by index), per time from the point's threshold on, the least time of its
    /// class ([`Walk::class_of`]), 0 where not yet known (a class is at least the threshold,
    /// at least 1); used by the walk for the count alone at every mark of every state, so
    /// indexed rather than hashed.
    classes: Vec<Vec<i64>>,
}

impl ZoneGenerator<'_> {
    /// The count and bundle view of the language of p0 attacking y0 within l0, equal to what
    /// [`ZoneGenerator::zones`] and [`super::bundle_view`] give, without listing the zones
    /// (docs/semantics.md §6.9). `max_zones` does not apply; the memo table is capped at
    /// `max(max_zones, MAX_STATES)` states. The marked times are not computed (`times` is
    /// `None`).
    pub fn summary(&mut self, p0: usize, y0: Point, l0: u32) -> Result<ZoneSummary, ZoneError> {
        let limit = self.options.max_zones.max(MAX_STATES);
        self.summary_within(p0, y0, l0, limit)
    }

    /// [`ZoneGenerator::summary`] with the memo table capped at `limit` states
    /// ([`ZoneError::TooManyStates`] past it), whatever `max_zones` says.
    pub fn summary_within(
        &mut self,
        p0: usize,
        y0: Point,
        l0: u32,
        limit: usize,
    ) -> Result<ZoneSummary, ZoneError> {
        Ok(self.walk(p0, y0, l0, limit, true)?.0)
    }

    /// The number of zones of p0 attacking y0 within l0 alone, as
    /// [`ZoneGenerator::summary_within`] counts it (the same walk, the same states, the same
    /// cap `limit`), without the bundle view: the summary's `view` is left empty. What
    /// [`ZoneGenerator::network`] counts with once its view is searched.
    pub fn count_within(
        &mut self,
        p0: usize,
        y0: Point,
        l0: u32,
        limit: usize,
    ) -> Result<ZoneSummary, ZoneError> {
        Ok(self.walk(p0, y0, l0, limit, false)?.0)
    }

    /// [`ZoneGenerator::count_within`], with the number of states the walk memoised: the walk
    /// with the view memoises the same states, so it finishes within a cap of that many.
    pub(super) fn count_with_states(
        &mut self,
        p0: usize,
        y0: Point,
        l0: u32,
        limit: usize,
    ) -> Result<(ZoneSummary, usize), ZoneError> {
        self.walk(p0, y0, l0, limit, false)
    }

    /// Per point, the least time (at least 1) at which some piece on an occupied point
    /// (`occupied`) qualifies for it in a zone of `p0` (Q4): a piece of `p0`'s side one move
    /// away at time 1, an opposing piece at its distance.
    fn thresholds(&self, p0: usize, occupied: &[Point]) -> Vec<i64> {
        let side = self.scenario.pieces[p0].side;
        self.kernel
            .board()
            .points()
            .map(|z| {
                let mut least = i64::MAX;
                for &x in occupied {
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
                // The scanner skips end points whose time is used up (l <= 0).
                least.max(1)
            })
            .collect()
    }

    /// The memoised walk of [`ZoneGenerator::summary_within`], keeping the bundle view if
    /// `view`.
    fn walk(
        &mut self,
        p0: usize,
        y0: Point,
        l0: u32,
        limit: usize,
        view: bool,
    ) -> Result<(ZoneSummary, usize), ZoneError> {
        let mut out = ZoneSummary::default();
        if !self.applies(p0, y0, l0) {
            return Ok((out, 0));
        }
        let (mut walk, mains) = Walk::new(self, p0, y0, l0, limit, view)?;
        for main in mains {
            let time = walk.generator.dist(&main, true);
            let v = walk.generator.stops(&time);
            let first = marked_times(&v, &time);
            // With the view, the table is kept per main trajectory, so that a state met again
            // was expanded for this one (its attach entries belong to this main trajectory's
            // view). The count alone shares it among the main trajectories: a state's count is
            // what its reading (depth, marks, runs) gives, whichever main trajectory reached
            // it, and so are its tasks, though each leaves out the free leaves of the main
            // trajectory it was built for: a free leaf of one main trajectory's expansion is
            // one of every task's within it (its candidates one move long, one per start, held
            // by no other pair), and counts 1 in any zone. (On race10 at horizon 7 the shared
            // table makes two more counts exact within the cap, `WI -> g7` and `BB -> d4`.)
            if view {
                walk.memo.clear();
                walk.task_ids.clear();
                walk.tasks.clear();
            }
            let id = walk.intern(&main);
            walk.free_leaves(&first)?;
            let root = walk.task(1, first)?;
            let mut context = walk.runs_vec();
            walk.tasks[root as usize].kept(walk.runs[id as usize].iter().copied(), &mut context);
            let (count, seen) = walk.count(1, root, 0, Vec::new(), context)?;
            walk.attach_seen(id, &seen);
            let (add, overflow) = out.count.overflowing_add(count);
            out.count = if overflow { u128::MAX } else { add };
            out.saturated |= overflow || count == u128::MAX;
            if !view {
                continue;
            }
            let met: BTreeSet<(u32, Point, Point, usize, Trajectory, u32)> =
                std::mem::take(&mut walk.attaches)
                    .into_iter()
                    .map(|(level, to, from, piece, t, time)| {
                        (level, to, from, piece, walk.interned[t].clone(), time)
                    })
                    .collect();
            let attaches = grouped(met);
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
        if out.saturated {
            out.cap = Some(super::CountCap::Bits);
        }
        Ok((out, walk.states))
    }
}

/// `marks` with the NEXTTIME `k` of a trajectory given to the points `stops`, kept with max
/// (ALPHA = max, decision A7); `marks` is sorted by point.
fn mark(marks: &mut Vec<(Point, i64)>, stops: &[Point], k: i64) {
    for &z in stops {
        match marks.binary_search_by_key(&z, |m| m.0) {
            Ok(i) => marks[i].1 = marks[i].1.max(k),
            Err(i) => marks.insert(i, (z, k)),
        }
    }
}

/// `runs` (sorted, without repeats) with the elements of `new` (sorted) that `keep` accepts,
/// merged in one pass (the walk merges at every choice: no vector of the accepted ones is
/// built first, and none at all where nothing new is accepted).
pub(super) fn merge_runs(runs: &mut Vec<u32>, new: &[u32], keep: impl Fn(u32) -> bool) {
    merge_by_id(runs, new, |&r| r, |&r| keep(r));
}

/// [`merge_runs`] over elements sorted by an id (`id`), without repeats of it: the walk's
/// [`KeptRun`]s as well as bare trajectory ids.
fn merge_by_id<T: Copy>(
    runs: &mut Vec<T>,
    new: &[T],
    id: impl Fn(&T) -> u32,
    keep: impl Fn(&T) -> bool,
) {
    let mut add = new
        .iter()
        .filter(|r| keep(r) && runs.binary_search_by_key(&id(r), &id).is_err())
        .peekable();
    if add.peek().is_none() {
        return;
    }
    let mut out = Vec::with_capacity(runs.len() + new.len());
    let mut i = 0;
    for a in add {
        while i < runs.len() && id(&runs[i]) < id(a) {
            out.push(runs[i]);
            i += 1;
        }
        out.push(*a);
    }
    out.extend_from_slice(&runs[i..]);
    *runs = out;
}

/// The elements of `a` that are in `b` (both sorted, without repeats), in order: the shorter
/// is walked and each of its elements looked up in the longer.
fn intersect(a: &[u32], b: &[u32]) -> Vec<u32> {
    let (short, long) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    let mut out = Vec::new();
    let mut from = 0;
    for &x in short {
        match long[from..].binary_search(&x) {
            Ok(i) => {
                out.push(x);
                from += i + 1;
            }
            Err(i) => from += i,
        }
        if from == long.len() {
            break;
        }
    }
    out
}

/// Union-find: the representative of `i`.
fn find(parent: &mut [usize], i: usize) -> usize {
    let mut r = i;
    while parent[r] != r {
        r = parent[r];
    }
    let mut i = i;
    while parent[i] != r {
        let next = parent[i];
        parent[i] = r;
        i = next;
    }
    r
}

fn union(parent: &mut [usize], a: usize, b: usize) {
    let (a, b) = (find(parent, a), find(parent, b));
    if a != b {
        parent[a.max(b)] = a.min(b);
    }
}

/// What the completions of a state give the observers of the free leaves: per observer (in
/// order; one left out has only "nothing"), a mask of the combinations (time its end point
/// gets, whether an entry before its pair has its trajectory as a run) some completion gives,
/// bit `2 * time + dropped`, time 0 for "not marked" (or marked below the threshold).
type Seen = Vec<(u32, u32)>;

/// The mask bit of one combination.
fn seen_bit(time: i64, dropped: bool) -> u32 {
    1 << (2 * time as u32 + u32::from(dropped))
}

/// "Nothing": not marked, not dropped.
const NOTHING: u32 = 1;

/// The combinations of two independent parts of a zone: the larger time (ALPHA = max), either
/// dropped. With the masks split by dropping into bit sets of times, time T comes from one
/// part at T and the other at T or below, so it is a few shifts and ands, not a loop over the
/// pairs of bits (the walk joins at every step).
fn join_masks(a: u32, b: u32) -> u32 {
    let (a0, a1) = (times(a), times(a >> 1));
    let (b0, b1) = (times(b), times(b >> 1));
    let undropped = a0 & at_most(b0) | b0 & at_most(a0);
    let dropped =
        a1 & at_most(b0 | b1) | b1 & at_most(a0 | a1) | a0 & at_most(b1) | b0 & at_most(a1);
    spread(undropped) | spread(dropped) << 1
}

/// The even bits of `m` (bit 2t) gathered as a set of times (bit t).
fn times(m: u32) -> u32 {
    let mut x = m & 0x5555_5555;
    x = (x | x >> 1) & 0x3333_3333;
    x = (x | x >> 2) & 0x0f0f_0f0f;
    x = (x | x >> 4) & 0x00ff_00ff;
    (x | x >> 8) & 0x0000_ffff
}

/// The inverse of [`times`]: time t at bit 2t.
fn spread(t: u32) -> u32 {
    let mut x = t & 0x0000_ffff;
    x = (x | x << 8) & 0x00ff_00ff;
    x = (x | x << 4) & 0x0f0f_0f0f;
    x = (x | x << 2) & 0x3333_3333;
    (x | x << 1) & 0x5555_5555
}

/// The times at or above some time of `t`: the times T for which `t` has one at most T.
fn at_most(t: u32) -> u32 {
    let mut x = t;
    x |= x << 1;
    x |= x << 2;
    x |= x << 4;
    x |= x << 8;
    x & 0x0000_ffff
}

/// [`join_masks`] per observer.
fn join(a: &Seen, b: &Seen) -> Seen {
    merge(a, b, join_masks)
}

/// The combinations of either of two sets of completions.
fn unite(a: &Seen, b: &Seen) -> Seen {
    merge(a, b, |x, y| x | y)
}

fn merge(a: &Seen, b: &Seen, f: impl Fn(u32, u32) -> u32) -> Seen {
    let mut out = Vec::with_capacity(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    while i < a.len() || j < b.len() {
        let (o, x, y) = match (a.get(i), b.get(j)) {
            (Some(&(o, x)), Some(&(p, y))) if o == p => {
                i += 1;
                j += 1;
                (o, x, y)
            }
            (Some(&(o, x)), Some(&(p, _))) if o < p => {
                i += 1;
                (o, x, NOTHING)
            }
            (Some(&(o, x)), None) => {
                i += 1;
                (o, x, NOTHING)
            }
            (_, Some(&(p, y))) => {
                j += 1;
                (p, NOTHING, y)
            }
            (None, None) => unreachable!(),
        };
        let m = f(x, y);
        if m != NOTHING {
            out.push((o, m));
        }
    }
    out
}

/// The id of trajectory `t` in `interned`, interning it and, where it is new, the ids of its
/// runs that start on an occupied point (itself included) into `runs` (indexed by id): the
/// trajectories F2 drops once it is in the zone.
fn intern_with_runs(
    interned: &mut Interned,
    runs: &mut Vec<Vec<u32>>,
    occupied: &BitSet,
    t: &[Point],
) -> u32 {
    let (id, new) = interned.intern(t);
    if !new {
        return id;
    }
    runs.push(Vec::new());
    let mut own = Vec::new();
    for start in 0..t.len() {
        if !occupied.contains(t[start]) {
            continue;
        }
        for end in start + 1..t.len() {
            let run = &t[start..=end];
            own.push(if run.len() == t.len() {
                id
            } else {
                intern_with_runs(interned, runs, occupied, run)
            });
        }
    }
    own.sort_unstable();
    own.dedup();
    runs[id as usize] = own;
    id
}

impl<'g, 's> Walk<'g, 's> {
    /// A walk of p0 attacking y0 within l0 (to which `generator` applies), with nothing
    /// met yet, and the main trajectories it walks.
    fn new(
        generator: &'g mut ZoneGenerator<'s>,
        p0: usize,
        y0: Point,
        l0: u32,
        limit: usize,
        view: bool,
    ) -> Result<(Walk<'g, 's>, Vec<super::SharedTrajectory>), ZoneError> {
        let capture = generator.captures_at(p0, y0);
        let x0 = generator.scenario.pieces[p0].at;
        let occupied = generator.occupied(x0, y0);
        let is_occupied = BitSet::from_points(generator.kernel.n(), occupied.iter().copied());
        let mains = generator.tracks(p0, x0, y0, l0, capture)?.to_vec();
        let threshold = generator.thresholds(p0, &occupied);
        let walk = Walk {
            generator,
            p0,
            occupied,
            is_occupied,
            threshold,
            interned: Interned::default(),
            runs: Vec::new(),
            task_ids: FxHashMap::default(),
            free: FxHashSet::default(),
            observers: Vec::new(),
            observed_at: FxHashMap::default(),
            observer_of: FxHashMap::default(),
            tasks: Vec::new(),
            memo: FxHashMap::default(),
            nothing: Rc::default(),
            attaches: FxHashSet::default(),
            states: 0,
            limit,
            key: Vec::new(),
            spare_marks: Vec::new(),
            spare_runs: Vec::new(),
            effect_slot: Vec::new(),
            new_runs: Vec::new(),
            view,
            classes: Vec::new(),
        };
        Ok((walk, mains))
    }
}

impl Walk<'_, '_> {
    /// The attach entries the observers of the free leaves saw on the completions of the
    /// main trajectory `main` (`seen`), kept for its view. The main trajectory precedes every
    /// entry: a free leaf's trajectory that is one of its runs is dropped by F2 in every zone.
    fn attach_seen(&mut self, main: u32, seen: &Seen) {
        let mut main_runs: Seen = Vec::new();
        if self.generator.options.f2 {
            for r in &self.runs[main as usize] {
                if let Some(&o) = self.observer_of.get(r) {
                    main_runs.push((o, seen_bit(0, true)));
                }
            }
            main_runs.sort_unstable();
        }
        for (o, mask) in join(seen, &main_runs) {
            let (depth, to, from, piece, t) = self.observers[o as usize];
            for time in 1..16 {
                if mask & seen_bit(time, false) != 0 {
                    self.attaches
                        .insert((depth, to, from, piece, t, time as u32));
                }
            }
        }
    }

    /// The id of trajectory `t`, interning it and its runs from occupied points.
    fn intern(&mut self, t: &[Point]) -> u32 {
        intern_with_runs(&mut self.interned, &mut self.runs, &self.is_occupied, t)
    }

    /// The candidates of the pair (x, y) with time l before the filters, interned.
    fn unfiltered(&mut self, x: Point, y: Point, l: u32) -> Result<Candidates, ZoneError> {
        let (generator, p0) = (&mut *self.generator, self.p0);
        let (runs, occupied) = (&mut self.runs, &self.is_occupied);
        self.interned.candidates(
            (x, y, l),
            || generator.unfiltered(p0, x, y, l),
            |interned, t| intern_with_runs(interned, runs, occupied, t),
        )
    }

    /// The NEXTTIME bound the candidates `cands` (time, trajectory) give the points they pass:
    /// over every choice, no mark of the next level is larger.
    fn bound(&self, cands: impl IntoIterator<Item = (u32, u32)>) -> Vec<(Point, i64)> {
        let mut next: Vec<(Point, i64)> = Vec::new();
        for (l, t) in cands {
            mark(
                &mut next,
                self.interned.inner(t),
                self.interned.next_time(l, t),
            );
        }
        next
    }

    /// The pairs of the marks `marks` that have a candidate before the filters, in scanner
    /// order: every end point with its time > 0 (outer) and every occupied start (inner).
    fn pairs(&mut self, marks: &[(Point, i64)]) -> Result<Vec<Pair>, ZoneError> {
        let mut pairs = Vec::new();
        for &(y, l) in marks {
            if l < 1 {
                continue;
            }
            for i in 0..self.occupied.len() {
                let x = self.occupied[i];
                let cands = self.unfiltered(x, y, l as u32)?;
                if !cands.is_empty() {
                    pairs.push(Pair {
                        x,
                        y,
                        l: l as u32,
                        cands,
                    });
                }
            }
        }
        Ok(pairs)
    }

    /// What can follow `pairs`, bounded, level by level: a level's candidates before the
    /// filters bound the next level's marks, and TRACKS only grow with the time, so every pair
    /// a later level can have is a node here, with its candidates at the bound. Per level, its
    /// nodes, and per point the marks (at or above the point's threshold) the level before can
    /// give it.
    #[allow(clippy::type_complexity)]
    fn expand(
        &mut self,
        pairs: &[Pair],
    ) -> Result<Vec<(Vec<Node>, FxHashMap<Point, BTreeSet<i64>>)>, ZoneError> {
        let f1 = self.generator.options.f1;
        let mut levels = Vec::new();
        let mut writes: Vec<(u32, u32)> = pairs
            .iter()
            .flat_map(|p| p.cands.iter().map(move |&(_, t)| (p.l, t)))
            .collect();
        while !writes.is_empty() {
            let bound = self.bound(writes.iter().copied());
            let mut given: FxHashMap<Point, BTreeSet<i64>> = FxHashMap::default();
            for &(l, t) in &writes {
                let k = self.interned.next_time(l, t);
                for &z in self.interned.inner(t) {
                    if k >= self.threshold[z.index()] {
                        given.entry(z).or_default().insert(k);
                    }
                }
            }
            let mut nodes = Vec::new();
            for &(z, b) in &bound {
                if b < self.threshold[z.index()] {
                    continue;
                }
                let mut cands = Vec::new();
                for i in 0..self.occupied.len() {
                    let x = self.occupied[i];
                    let c = self.unfiltered(x, z, b as u32)?;
                    cands.extend(c.iter().map(|&(_, t)| (b as u32, t)));
                }
                if cands.is_empty() {
                    continue;
                }
                let mut read = Vec::new();
                if f1 {
                    for &(_, t) in &cands {
                        for &p in self.interned.inner(t) {
                            if bound.binary_search_by_key(&p, |m| m.0).is_ok() {
                                read.push(p);
                            }
                        }
                    }
                    read.sort_unstable();
                    read.dedup();
                }
                nodes.push(Node {
                    point: z,
                    cands,
                    f1: read,
                });
            }
            writes = nodes
                .iter()
                .flat_map(|node| node.cands.iter().copied())
                .collect();
            levels.push((nodes, given));
        }
        Ok(levels)
    }

    /// The free leaves of the zones of a main trajectory (its first level `marks` at depth 1):
    /// the end points of a later level whose candidates are all one move long, one per start,
    /// and held by no other pair of the expansion (F2 then drops none of them for another's
    /// sake and they drop nothing). Such a pair has the same one candidate whatever time its end
    /// point gets, and makes no mark: the count does not depend on it. Whether its entry is in
    /// the bundle view, and with which time, depends on the marks its end point gets and on
    /// whether an earlier entry has it as a run (F2): the walk leaves free leaves out of the
    /// factors and tracks, per pair of a free leaf (an observer), the set of what the choices
    /// can give it ([`Seen`]).
    fn free_leaves(&mut self, marks: &[(Point, i64)]) -> Result<(), ZoneError> {
        self.free.clear();
        self.observers.clear();
        self.observed_at.clear();
        self.observer_of.clear();
        let pairs = self.pairs(marks)?;
        let levels = self.expand(&pairs)?;
        // How many pairs of the expansion can choose each trajectory.
        let mut holders: FxHashMap<u32, usize> = FxHashMap::default();
        for (nodes, _) in &levels {
            for node in nodes {
                for &(_, t) in &node.cands {
                    *holders.entry(t).or_default() += 1;
                }
            }
        }
        for (level, (nodes, given)) in levels.iter().enumerate() {
            let depth = level as u32 + 2;
            for node in nodes {
                let Some(times) = given.get(&node.point) else {
                    continue;
                };
                // The times must fit the masks of `Seen`.
                let mut free = times.iter().all(|&t| (1..16).contains(&t));
                let mut starts: FxHashSet<Point> = FxHashSet::default();
                for &(_, t) in &node.cands {
                    let t = &self.interned[t];
                    free &= t.len() == 2 && starts.insert(t[0]);
                }
                if self.generator.options.f2 {
                    free &= node.cands.iter().all(|(_, t)| holders.get(t) == Some(&1));
                }
                if !free {
                    continue;
                }
                self.free.insert((depth, node.point));
                let b = node.cands[0].0;
                for i in 0..self.occupied.len() {
                    let x = self.occupied[i];
                    for &(q, t) in self.unfiltered(x, node.point, b)?.iter() {
                        let o = self.observers.len() as u32;
                        self.observers.push((depth, node.point, x, q, t));
                        self.observed_at
                            .entry((depth, node.point))
                            .or_default()
                            .push(o);
                        self.observer_of.insert(t, o);
                    }
                }
            }
        }
        Ok(())
    }

    /// The task of a level (or part of one) at depth `depth` with these marks: its pairs in
    /// scanner order, and what follows it split into independent factors.
    ///
    /// What follows is bounded ([`Walk::expand`]). Two nodes are joined when one writes a
    /// point the other reads at the next level (its end point, by value where the mark reaches
    /// the point's threshold, or a point F1 reads, as being marked), or (F2) a trajectory of
    /// one is a run of a trajectory of the other. Free leaves join nothing. The classes of the
    /// next level's nodes are the factors: no choice in one can change what another counts.
    fn task(&mut self, depth: u32, marks: Vec<(Point, i64)>) -> Result<u32, ZoneError> {
        if let Some(&id) = self
            .task_ids
            .get(&depth)
            .and_then(|m| m.get(marks.as_slice()))
        {
            self.spare(marks, Vec::new());
            return Ok(id);
        }
        let n = self.generator.kernel.n();
        let f2 = self.generator.options.f2;
        let v = BitSet::from_points(n, marks.iter().map(|m| m.0));
        let pairs = self.pairs(&marks)?;
        let pairs = if depth == 1 {
            self.walk_order(pairs)
        } else {
            pairs
        };
        let levels = self.expand(&pairs)?;
        // The nodes, numbered level by level, without the free leaves.
        let mut nodes: Vec<Node> = Vec::new();
        let mut ranges = Vec::new();
        for (level, (level_nodes, _)) in levels.into_iter().enumerate() {
            let start = nodes.len();
            let at = depth + 1 + level as u32;
            nodes.extend(
                level_nodes
                    .into_iter()
                    .filter(|node| !self.free.contains(&(at, node.point))),
            );
            ranges.push(start..nodes.len());
        }
        let mut parent = self.joined(&nodes, &ranges);
        // The factors: the classes of the next level's nodes.
        let first = ranges.first().cloned().unwrap_or(0..0);
        let (factor_of, read) = factors_of(&nodes, first, &mut parent);
        let mut poss: Vec<Vec<u32>> = vec![Vec::new(); read.len()];
        let mut poss_of: FxHashMap<u32, usize> = FxHashMap::default();
        if f2 {
            for i in 0..nodes.len() {
                let f = factor_of[&find(&mut parent, i)];
                for &(_, t) in &nodes[i].cands {
                    poss[f].push(t);
                    poss_of.insert(t, f);
                }
            }
            for p in &mut poss {
                p.sort_unstable();
                p.dedup();
            }
        }
        let (last, mut keep_runs) = self.last_touches(&pairs, &read, &poss_of);
        let mut closing: Vec<Vec<usize>> = vec![Vec::new(); pairs.len()];
        let mut keep: FxHashMap<Point, (Option<usize>, Option<usize>)> = FxHashMap::default();
        for (f, &l) in last.iter().enumerate() {
            // A factor no pair touches reads no mark: it counts 1.
            let Some(l) = l else { continue };
            closing[l].push(f);
            for &(p, by_value, marked) in &read[f] {
                let slot = keep.entry(p).or_default();
                if by_value {
                    slot.0 = slot.0.max(Some(l));
                }
                if marked {
                    slot.1 = slot.1.max(Some(l));
                }
            }
            for &t in &poss[f] {
                let slot = keep_runs.entry(t).or_insert(l);
                *slot = (*slot).max(l);
            }
        }
        let factors: Vec<Factor> = read
            .into_iter()
            .zip(poss)
            .map(|(read, poss)| Factor { read, poss })
            .collect();
        let id = self.tasks.len() as u32;
        let mut keep_dense = vec![(0, 0); n];
        let plus_one = |l: Option<usize>| l.map_or(0, |l| l as u32 + 1);
        for (p, (by_value, marked)) in keep {
            keep_dense[p.index()] = (plus_one(by_value), plus_one(marked));
        }
        let mut task = Task {
            pairs,
            v,
            factors,
            closing,
            keep: keep_dense,
            keep_runs: keep_runs
                .into_iter()
                .map(|(t, until)| {
                    let factor = poss_of.get(&t).map_or(NO_FACTOR, |&f| f as u32);
                    (t, (until as u32, factor))
                })
                .collect(),
            effects: Vec::new(),
        };
        if !self.view {
            task.effects = self.effects(&task)?;
        }
        self.tasks.push(Rc::new(task));
        self.task_ids.entry(depth).or_default().insert(marks, id);
        Ok(id)
    }

    /// Per pair of `task`, per candidate, the number of its effect ([`Task::effects`]): the
    /// marks it writes at the points the walk reads after the pair (by value, as the least
    /// time of the class, where a factor still open reads it by value and the mark reaches the
    /// point's threshold; else as being marked), and its runs the walk reads after the pair or
    /// hands to a factor. [derived] The state after a choice is the projection of the state
    /// before it joined (max) with these, and the closing factors read these alone, so two
    /// candidates with one effect give the same completions. Joining by max keeps to the
    /// classes (a class is a run of consecutive times), so the class of a mark stands for it.
    fn effects(&mut self, task: &Task) -> Result<Vec<Vec<u32>>, ZoneError> {
        let mut effects = Vec::with_capacity(task.pairs.len());
        let mut key: Vec<u64> = Vec::new();
        let mut runs: Vec<KeptRun> = Vec::new();
        for (at, pair) in task.pairs.iter().enumerate() {
            let mut numbers: FxHashMap<Box<[u64]>, u32> = FxHashMap::default();
            let mut of_pair = Vec::with_capacity(pair.cands.len());
            for &(_, t) in pair.cands.iter() {
                key.clear();
                let k = self.interned.next_time(pair.l, t);
                for i in 0..self.interned.inner(t).len() {
                    let p = self.interned.inner(t)[i];
                    let (by_value, marked) = task.keep[p.index()];
                    let value = if by_value as usize > at && k >= self.threshold[p.index()] {
                        self.class_of(p, k)?
                    } else if by_value as usize > at || marked as usize > at {
                        MARKED
                    } else {
                        continue;
                    };
                    key.push(mark_word(p, value));
                }
                // A trajectory may pass a point twice, with the same time.
                key.sort_unstable();
                key.dedup();
                key.push(SEP);
                runs.clear();
                task.kept(self.runs[t as usize].iter().copied(), &mut runs);
                key.extend(
                    runs.iter()
                        .filter(|r| r.until as usize > at || r.factor != NO_FACTOR)
                        .map(|r| u64::from(r.id)),
                );
                // Looked up by the slice: most candidates meet an effect already numbered.
                let number = match numbers.get(key.as_slice()) {
                    Some(&n) => n,
                    None => {
                        let n = numbers.len() as u32;
                        numbers.insert(key.as_slice().into(), n);
                        n
                    }
                };
                of_pair.push(number);
            }
            effects.push(of_pair);
        }
        Ok(effects)
    }

    /// The pairs of a first level (in scanner order) in the order the walk chooses them:
    /// scanner order reversed, as far as F2 allows (docs/semantics.md §6.9, "The order of the
    /// first level's pairs").
    ///
    /// Only F2 reads the order of a level's pairs: a candidate of a pair is dropped if it is a
    /// run of an entry chosen before it. The marks are joined by max, F1 reads the marks that
    /// open the level, and what the next level reads of the runs is their union, all whatever
    /// the order. Two pairs whose candidates F2 relates (a candidate of one is a run of a
    /// candidate of the other) keep their scanner order, so that each pair's candidates are
    /// filtered by the runs of the same entries as in scanner order; any order that keeps those
    /// gives the same zones, each counted once. The order changes only how many distinct
    /// partial readings the walk meets on the way: measured, the reversed order needs fewer
    /// on the eight race10 attacks at horizon 7 tried (`BI -> d4` 29,752 states instead of
    /// 225,760, so that it is counted within the cap), and changes no count on the middlegame
    /// or board16; reordering the later levels' pairs too saved nothing.
    fn walk_order(&self, pairs: Vec<Pair>) -> Vec<Pair> {
        let n = pairs.len();
        // Per pair, the pairs after it (in scanner order) that must stay after it.
        let mut after: Vec<Vec<usize>> = vec![Vec::new(); n];
        let mut before = vec![0usize; n];
        if self.generator.options.f2 {
            let mut holder: FxHashMap<u32, usize> = FxHashMap::default();
            for (i, pair) in pairs.iter().enumerate() {
                for &(_, t) in pair.cands.iter() {
                    holder.insert(t, i);
                }
            }
            let mut related: BTreeSet<(usize, usize)> = BTreeSet::new();
            for (i, pair) in pairs.iter().enumerate() {
                for &(_, t) in pair.cands.iter() {
                    for r in &self.runs[t as usize] {
                        if let Some(&j) = holder.get(r)
                            && j != i
                        {
                            related.insert((i.min(j), i.max(j)));
                        }
                    }
                }
            }
            for (i, j) in related {
                after[i].push(j);
                before[j] += 1;
            }
        }
        // The pairs free to go next, the last in scanner order first.
        let mut ready: BTreeSet<std::cmp::Reverse<usize>> = (0..n)
            .filter(|&i| before[i] == 0)
            .map(std::cmp::Reverse)
            .collect();
        let mut order = Vec::with_capacity(n);
        while let Some(std::cmp::Reverse(i)) = ready.pop_first() {
            order.push(i);
            for &j in &after[i] {
                before[j] -= 1;
                if before[j] == 0 {
                    ready.insert(std::cmp::Reverse(j));
                }
            }
        }
        debug_assert_eq!(order.len(), n);
        let mut slots: Vec<Option<Pair>> = pairs.into_iter().map(Some).collect();
        order
            .into_iter()
            .map(|i| slots[i].take().expect("each pair once"))
            .collect()
    }

    /// Per factor (whose reads are `read`, and with F2 whose possible trajectories map to it
    /// in `poss_of`), the last pair of `pairs` that touches it: marks a point it reads, or
    /// chooses a trajectory with a run it may choose; and with F2 per trajectory the last
    /// pair that may choose it.
    fn last_touches(
        &self,
        pairs: &[Pair],
        read: &[Vec<(Point, bool, bool)>],
        poss_of: &FxHashMap<u32, usize>,
    ) -> (Vec<Option<usize>>, FxHashMap<u32, usize>) {
        let mut readers: FxHashMap<Point, Vec<(usize, bool, bool)>> = FxHashMap::default();
        for (f, r) in read.iter().enumerate() {
            for &(p, by_value, marked) in r {
                readers.entry(p).or_default().push((f, by_value, marked));
            }
        }
        let mut last: Vec<Option<usize>> = vec![None; read.len()];
        let mut keep_runs: FxHashMap<u32, usize> = FxHashMap::default();
        for (i, pair) in pairs.iter().enumerate() {
            for &(_, t) in pair.cands.iter() {
                let k = self.interned.next_time(pair.l, t);
                for p in self.interned.inner(t) {
                    for &(f, by_value, marked) in readers.get(p).map_or(&[][..], |v| v) {
                        if marked || by_value && k >= self.threshold[p.index()] {
                            last[f] = Some(i);
                        }
                    }
                }
                if self.generator.options.f2 {
                    keep_runs.insert(t, i);
                    for r in &self.runs[t as usize] {
                        if let Some(&f) = poss_of.get(r) {
                            last[f] = Some(i);
                        }
                    }
                }
            }
        }
        (last, keep_runs)
    }

    /// Union-find parents joining the nodes of what follows a task (numbered level by level,
    /// `ranges` per level): a node that writes a point a node of the next level reads (by
    /// value from the point's threshold, or as being marked for F1), and with F2 a node with
    /// a trajectory that is a run of another's.
    fn joined(&self, nodes: &[Node], ranges: &[std::ops::Range<usize>]) -> Vec<usize> {
        let mut parent: Vec<usize> = (0..nodes.len()).collect();
        for w in ranges.windows(2) {
            let (previous, here) = (w[0].clone(), w[1].clone());
            // Who reads each point at this level: its node by value, the nodes whose
            // candidates pass it as being marked (F1). A mark below the point's threshold
            // starts no pair, so it is read only as being marked.
            let mut readers: FxHashMap<Point, Vec<(usize, bool)>> = FxHashMap::default();
            for r in here {
                readers.entry(nodes[r].point).or_default().push((r, true));
                for &p in &nodes[r].f1 {
                    readers.entry(p).or_default().push((r, false));
                }
            }
            for u in previous {
                for ci in 0..nodes[u].cands.len() {
                    let (b, t) = nodes[u].cands[ci];
                    let k = self.interned.next_time(b, t);
                    for &p in self.interned.inner(t) {
                        if let Some(rs) = readers.get(&p) {
                            for &(r, by_value) in rs {
                                if !by_value || k >= self.threshold[p.index()] {
                                    union(&mut parent, u, r);
                                }
                            }
                        }
                    }
                }
            }
        }
        // F2: a trajectory of one node that is a run of a trajectory of another joins them.
        let mut owner: FxHashMap<u32, usize> = FxHashMap::default();
        if self.generator.options.f2 {
            for (i, node) in nodes.iter().enumerate() {
                for &(_, t) in &node.cands {
                    owner.entry(t).or_insert(i);
                }
            }
            for (i, node) in nodes.iter().enumerate() {
                for &(_, t) in &node.cands {
                    for r in &self.runs[t as usize] {
                        if let Some(&o) = owner.get(r) {
                            union(&mut parent, i, o);
                        }
                    }
                }
            }
        }
        parent
    }

    /// The marks `marks` as far as the factors of `task` still open at pair `at` read them
    /// (by value as the least time of their class, [`Walk::read_time`]).
    fn project(
        &mut self,
        task: &Task,
        at: usize,
        marks: &[(Point, i64)],
    ) -> Result<Vec<(Point, i64)>, ZoneError> {
        let mut out = self.marks_vec();
        for &(p, t) in marks {
            let Some(&(by_value, marked)) = task.keep.get(p.index()) else {
                continue;
            };
            if by_value as usize > at && t >= self.threshold[p.index()] {
                let t = self.read_time(p, t)?;
                out.push((p, t));
            } else if marked as usize > at {
                out.push((p, MARKED));
            }
        }
        Ok(out)
    }

    /// The time a mark `t` at or above the threshold of `z` is kept with: itself where the walk
    /// keeps the bundle view (its entries carry the time), else the least time of its class.
    fn read_time(&mut self, z: Point, t: i64) -> Result<i64, ZoneError> {
        if self.view {
            Ok(t)
        } else {
            self.class_of(z, t)
        }
    }

    /// The least time of the class of time `t` at point `z` (at or above its threshold; below
    /// it, `MARKED`: such a mark starts no pair). Two times are in one class when every time
    /// between them gives `z` the same [`Walk::signature`]: the same candidates from every
    /// start, each giving its intermediate stops marks of one class. Then the pairs at `z`
    /// and everything that follows them are the same whichever of the two times `z` gets,
    /// so the count below is the same; and since a class is a run of consecutive times,
    /// ALPHA = max of a mark with a member of a class falls in the class of its max with any
    /// other member: the walk may keep a mark as its class's least time.
    fn class_of(&mut self, z: Point, t: i64) -> Result<i64, ZoneError> {
        let threshold = self.threshold[z.index()];
        if t < threshold {
            return Ok(MARKED);
        }
        let at = (t - threshold) as usize;
        if let Some(&c) = self.classes.get(z.index()).and_then(|c| c.get(at))
            && c != 0
        {
            return Ok(c);
        }
        let sig = self.signature(z, t)?;
        let mut least = t;
        while least > threshold && self.signature(z, least - 1)? == sig {
            least -= 1;
        }
        if self.classes.len() <= z.index() {
            self.classes.resize(z.index() + 1, Vec::new());
        }
        let classes = &mut self.classes[z.index()];
        if classes.len() <= at {
            classes.resize(at + 1, 0);
        }
        classes[(least - threshold) as usize..=at].fill(least);
        Ok(least)
    }

    /// What a pair at `z` with time `t` (at least 1) reads of it: per start, its candidates,
    /// each with the class of the mark it gives each intermediate stop (sorted).
    fn signature(&mut self, z: Point, t: i64) -> Result<Vec<(Point, usize, u32, i64)>, ZoneError> {
        let mut sig = Vec::new();
        for i in 0..self.occupied.len() {
            let x = self.occupied[i];
            let cands = self.unfiltered(x, z, t as u32)?;
            for &(q, tr) in cands.iter() {
                let k = self.interned.next_time(t as u32, tr);
                let inner = self.interned.inner(tr).to_vec();
                if inner.is_empty() {
                    sig.push((x, q, tr, 0));
                }
                for w in inner {
                    let c = self.class_of(w, k)?;
                    sig.push((x, q, tr, c));
                }
            }
        }
        sig.sort_unstable();
        Ok(sig)
    }

    /// An empty vector of marks, a spare one if there is.
    fn marks_vec(&mut self) -> Vec<(Point, i64)> {
        self.spare_marks.pop().unwrap_or_default()
    }

    /// An empty vector of runs, a spare one if there is.
    fn runs_vec(&mut self) -> Vec<KeptRun> {
        self.spare_runs.pop().unwrap_or_default()
    }

    /// `marks` and `runs` kept for later states (a few hundred at most: the walk is as deep as
    /// a zone has pairs, and each level holds a few).
    fn spare(&mut self, mut marks: Vec<(Point, i64)>, mut runs: Vec<KeptRun>) {
        if marks.capacity() > 0 && self.spare_marks.len() < 256 {
            marks.clear();
            self.spare_marks.push(marks);
        }
        if runs.capacity() > 0 && self.spare_runs.len() < 256 {
            runs.clear();
            self.spare_runs.push(runs);
        }
    }

    /// The number of zones that complete a partial zone: in the task `task` at depth `depth`,
    /// the pairs before `at` chosen, with the next level's marks `marks` so far, and `runs` the
    /// trajectories that are runs of entries already in the zone (F2); and what the completions
    /// give the observers of the free leaves.
    fn count(
        &mut self,
        depth: u32,
        task_id: u32,
        at: usize,
        marks: Vec<(Point, i64)>,
        runs: Vec<KeptRun>,
    ) -> Result<(u128, Rc<Seen>), ZoneError> {
        let task = self.tasks[task_id as usize].clone();
        if at == task.pairs.len() {
            self.spare(marks, runs);
            return Ok((1, self.nothing.clone()));
        }
        let given_marks = marks;
        let marks = self.project(&task, at, &given_marks)?;
        let mut runs = runs;
        runs.retain(|r| r.until as usize >= at);
        self.spare(given_marks, Vec::new());
        let mut key = std::mem::take(&mut self.key);
        write_key(&mut key, (depth, task_id, at), &marks, &runs);
        if let Some(found) = self.memo.get(key.as_slice()) {
            let found = found.clone();
            self.key = key;
            self.spare(marks, runs);
            return Ok(found);
        }
        let boxed: Box<[u64]> = key.as_slice().into();
        self.key = key;
        let key = boxed;
        let pair = &task.pairs[at];
        let f2 = self.generator.options.f2;
        let choices = self.choices(&task, at, &runs);
        let mut total: u128 = 0;
        let mut seen: Option<Seen> = None;
        for (choice, alike) in choices {
            // Room for the marks this choice adds, so that marking does not reallocate.
            let mut marks = {
                let mut m = self.marks_vec();
                m.reserve(marks.len() + 8);
                m.extend_from_slice(&marks);
                m
            };
            let mut runs = {
                let mut r = self.runs_vec();
                r.extend_from_slice(&runs);
                r
            };
            // What this choice gives the observers: a time where it marks a free leaf of the
            // next level, a run of it where F2 reads it before the observer's pair.
            let mut own: Vec<(u32, i64, bool)> = Vec::new();
            if let Some((q, t)) = choice {
                let k = self.interned.next_time(pair.l, t);
                mark(&mut marks, self.interned.inner(t), k);
                if self.view {
                    own = self.observed(depth, pair, t, k);
                    self.attaches.insert((depth, pair.y, pair.x, q, t, pair.l));
                }
                if f2 {
                    // Only the runs the rest of this task still reads (the state keeps no
                    // other), merged in order.
                    let mut new = std::mem::take(&mut self.new_runs);
                    new.clear();
                    task.kept(self.runs[t as usize].iter().copied(), &mut new);
                    merge_by_id(&mut runs, &new, |r| r.id, |r| r.until as usize >= at);
                    self.new_runs = new;
                }
            }
            let mut given = seen_of(own);
            let mut product: u128 = 1;
            for &f in &task.closing[at] {
                let factor = &task.factors[f];
                let read = self.factor_marks(factor, &marks)?;
                let sub = self.task(depth + 1, read)?;
                let mut context = self.runs_vec();
                let ids = runs.iter().filter(|r| r.factor == f as u32).map(|r| r.id);
                debug_assert!(ids.clone().eq(intersect(
                    &runs.iter().map(|r| r.id).collect::<Vec<_>>(),
                    &factor.poss
                )));
                self.tasks[sub as usize].kept(ids, &mut context);
                let (n, sub_seen) = self.count(depth + 1, sub, 0, Vec::new(), context)?;
                product = product.saturating_mul(n);
                if self.view {
                    given = join(&given, &sub_seen);
                }
            }
            let (rest, rest_seen) = self.count(depth, task_id, at + 1, marks, runs)?;
            total = total.saturating_add(alike.saturating_mul(product).saturating_mul(rest));
            if !self.view {
                continue;
            }
            let given = join(&given, &rest_seen);
            seen = Some(match seen {
                None => given,
                Some(seen) => unite(&seen, &given),
            });
        }
        self.spare(marks, runs);
        let seen = match seen {
            Some(s) if !s.is_empty() => Rc::new(s),
            _ => self.nothing.clone(),
        };
        self.remember(key, (total, seen))
    }

    /// The candidates of `pair` the filters leave in `task` (F1: no stop on a marked point of
    /// the level; F2: not a run of an entry already in the zone, `runs`); where none is left,
    /// the pair is passed over (`None`), as the generator's scan does.
    ///
    /// Each choice comes with how many candidates it stands for: one, or in the walk for the
    /// count alone, every candidate left with its effect ([`Task::effects`]).
    fn choices(
        &mut self,
        task: &Task,
        at: usize,
        runs: &[KeptRun],
    ) -> Vec<(Option<(usize, u32)>, u128)> {
        let (f1, f2) = (self.generator.options.f1, self.generator.options.f2);
        let pair = &task.pairs[at];
        let effects = task.effects.get(at);
        let slot = &mut self.effect_slot;
        if let Some(effects) = effects {
            slot.clear();
            slot.resize(effects.len(), u32::MAX);
        }
        let mut choices: Vec<(Option<(usize, u32)>, u128)> = Vec::new();
        for (c, &(q, t)) in pair.cands.iter().enumerate() {
            if f1 && self.interned.inner(t).iter().any(|&p| task.v.contains(p))
                || f2 && runs.binary_search_by_key(&t, |r| r.id).is_ok()
            {
                continue;
            }
            match effects {
                Some(effects) => {
                    let e = effects[c] as usize;
                    if slot[e] == u32::MAX {
                        slot[e] = choices.len() as u32;
                        choices.push((Some((q, t)), 1));
                    } else {
                        choices[slot[e] as usize].1 += 1;
                    }
                }
                None => choices.push((Some((q, t)), 1)),
            }
        }
        if choices.is_empty() {
            choices.push((None, 1));
        }
        choices
    }

    /// What choosing trajectory `t` (time `k`) at `pair` of depth `depth` gives the observers
    /// of the free leaves: a time where it marks a free leaf of the next level, a run of it
    /// where F2 reads it before the observer's pair.
    fn observed(&self, depth: u32, pair: &Pair, t: u32, k: i64) -> Vec<(u32, i64, bool)> {
        let mut own = Vec::new();
        for &z in self.interned.inner(t) {
            if k < self.threshold[z.index()] {
                continue;
            }
            if let Some(os) = self.observed_at.get(&(depth + 1, z)) {
                own.extend(os.iter().map(|&o| (o, k, false)));
            }
        }
        if self.generator.options.f2 {
            for r in &self.runs[t as usize] {
                if let Some(&o) = self.observer_of.get(r) {
                    let (d, to, from, _, _) = self.observers[o as usize];
                    if d > depth || d == depth && (pair.y, pair.x) < (to, from) {
                        own.push((o, 0, true));
                    }
                }
            }
        }
        own
    }

    /// The marks `marks` as the factor `factor` reads them: by value (its time as read, from
    /// the point's threshold on) or as being marked. The factor's points and the marks are
    /// both in order: one merge.
    fn factor_marks(
        &mut self,
        factor: &Factor,
        marks: &[(Point, i64)],
    ) -> Result<Vec<(Point, i64)>, ZoneError> {
        let mut read = self.marks_vec();
        let mut i = 0;
        for &(p, by_value, marked) in &factor.read {
            while i < marks.len() && marks[i].0 < p {
                i += 1;
            }
            if i == marks.len() {
                break;
            }
            if marks[i].0 != p {
                continue;
            }
            let t = marks[i].1;
            if by_value && t >= self.threshold[p.index()] {
                let t = self.read_time(p, t)?;
                read.push((p, t));
            } else if marked {
                read.push((p, MARKED));
            }
        }
        Ok(read)
    }

    fn remember(
        &mut self,
        key: Box<[u64]>,
        found: (u128, Rc<Seen>),
    ) -> Result<(u128, Rc<Seen>), ZoneError> {
        self.states += 1;
        let limit = self.limit;
        if self.states > limit {
            return Err(ZoneError::TooManyStates { limit });
        }
        // `lingeo serve`'s deadline (the listing looks at it in `ZoneGenerator::choose`).
        if self.states.is_multiple_of(1024) {
            if let Some(limit) = crate::deadline::passed() {
                return Err(ZoneError::TimeLimit { limit });
            }
            self.generator.check_memory()?;
        }
        self.memo.insert(key, found.clone());
        Ok(found)
    }
}

/// The memo key of a state of the walk into `key` (a buffer kept between calls: most lookups
/// find the state, and then no key is allocated): a word for where the walk is (depth, task,
/// pair), one per mark (point and time), then the runs.
fn write_key(
    key: &mut Vec<u64>,
    (depth, task, at): (u32, u32, usize),
    marks: &[(Point, i64)],
    runs: &[KeptRun],
) {
    key.clear();
    key.push(u64::from(depth) << 56 | u64::from(task) << 24 | at as u64);
    debug_assert!(depth < 256 && at < 1 << 24);
    key.extend(marks.iter().map(|&(p, t)| mark_word(p, t)));
    key.push(SEP);
    key.extend(runs.iter().map(|r| u64::from(r.id)));
}

/// A mark (point and time) as one word of a key. Times are small (at most twice the board's
/// size); `MARKED` maps to `i32::MIN`.
fn mark_word(p: Point, t: i64) -> u64 {
    let t = t.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32;
    u64::from(p.0) << 32 | u64::from(t as u32)
}

/// What a choice gives the observers, (observer, time, dropped by F2), as a `Seen`: sorted, one
/// entry per observer with the masks of its combinations joined.
fn seen_of(mut own: Vec<(u32, i64, bool)>) -> Seen {
    own.sort_unstable();
    let mut given: Seen = Vec::new();
    for (o, k, dropped) in own {
        let bit = seen_bit(k, dropped);
        match given.last_mut() {
            Some(g) if g.0 == o => {
                g.1 = join_masks(g.1, bit);
            }
            _ => given.push((o, bit)),
        }
    }
    given
}

/// A factor's reads: (point, read by value, read as being marked), in point order.
type Reads = Vec<(Point, bool, bool)>;

/// The factors of a task: the classes (under `parent`) of the next level's nodes (`first`),
/// each class's root mapped to its factor, and each factor's reads (its nodes' points by
/// value, the points they read for F1 as being marked).
fn factors_of(
    nodes: &[Node],
    first: std::ops::Range<usize>,
    parent: &mut [usize],
) -> (FxHashMap<usize, usize>, Vec<Reads>) {
    let mut factor_of: FxHashMap<usize, usize> = FxHashMap::default();
    let mut reads: Vec<Vec<(Point, bool, bool)>> = Vec::new();
    for u in first {
        let root = find(parent, u);
        let f = *factor_of.entry(root).or_insert_with(|| {
            reads.push(Vec::new());
            reads.len() - 1
        });
        reads[f].push((nodes[u].point, true, false));
        reads[f].extend(nodes[u].f1.iter().map(|&p| (p, false, true)));
    }
    (factor_of, reads.into_iter().map(merged_reads).collect())
}

/// The attach entries met, (level, to, from, piece, trajectory, time) in order, grouped into
/// one attach per (level, to, from) with its alternatives.
fn grouped(met: BTreeSet<(u32, Point, Point, usize, Trajectory, u32)>) -> Vec<Attach> {
    let mut attaches: Vec<Attach> = Vec::new();
    for (level, to, from, piece, t, time) in met {
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
    attaches
}

/// A factor's reads, (point, by value, as marked), sorted with each point once (its flags
/// joined).
fn merged_reads(mut reads: Vec<(Point, bool, bool)>) -> Vec<(Point, bool, bool)> {
    reads.sort_unstable();
    let mut merged: Vec<(Point, bool, bool)> = Vec::new();
    for (p, by_value, marked) in reads {
        match merged.last_mut() {
            Some(m) if m.0 == p => {
                m.1 |= by_value;
                m.2 |= marked;
            }
            _ => merged.push((p, by_value, marked)),
        }
    }
    merged
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The pairs of bits, one by one: what [`join_masks`] computes.
    fn join_by_pairs(a: u32, b: u32) -> u32 {
        let mut out = 0;
        for i in 0..32 {
            for j in 0..32 {
                if a & (1 << i) != 0 && b & (1 << j) != 0 {
                    let time = (i / 2).max(j / 2);
                    out |= 1 << (2 * time + ((i | j) & 1));
                }
            }
        }
        out
    }

    /// A sorted set of small numbers drawn at random (small, so that sets overlap).
    fn sorted_set(rng: &mut crate::random::SplitMix, len: u64, range: u64) -> Vec<u32> {
        let mut v: Vec<u32> = (0..rng.below(len + 1))
            .map(|_| rng.below(range) as u32)
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    }

    #[test]
    fn merging_runs_and_intersecting_equal_the_set_operations() {
        let mut rng = crate::random::SplitMix(27);
        for _ in 0..5_000 {
            let runs = sorted_set(&mut rng, 12, 40);
            let new = sorted_set(&mut rng, 12, 40);
            let odd = |r: u32| r % 2 == 1;
            let mut merged = runs.clone();
            merge_runs(&mut merged, &new, odd);
            let mut expected: Vec<u32> = runs.to_vec();
            expected.extend(new.iter().copied().filter(|&r| odd(r)));
            expected.sort_unstable();
            expected.dedup();
            assert_eq!(merged, expected, "{runs:?} + {new:?}");
            let both: Vec<u32> = runs.iter().copied().filter(|r| new.contains(r)).collect();
            assert_eq!(intersect(&runs, &new), both, "{runs:?} & {new:?}");
            assert_eq!(intersect(&new, &runs), both, "{new:?} & {runs:?}");
        }
    }

    /// Every attack of `file` within `horizon` whose language lists within 20,000 zones: the
    /// count alone (which keeps marks as the least time of their class) and the count with the
    /// view (which keeps their times) both equal the listing, the count alone needing no more
    /// states. Returns (attacks compared, those where the classes saved states).
    /// How many candidates the walk for the count alone of p0 attacking y0 within `horizon`
    /// follows as one with another of their pair (the same effect, [`Task::effects`]), over
    /// every task it builds.
    fn alike_candidates(
        s: &crate::scenario::Scenario,
        k: &crate::kernel::Kernel,
        options: super::super::ZoneOptions,
        (p0, y0, horizon): (usize, Point, u32),
    ) -> usize {
        let mut generator = ZoneGenerator::new(s, k, options);
        let (mut walk, mains) =
            Walk::new(&mut generator, p0, y0, horizon, MAX_STATES, false).unwrap();
        for main in mains {
            let time = walk.generator.dist(&main, true);
            let first = marked_times(&walk.generator.stops(&time), &time);
            let id = walk.intern(&main);
            walk.free_leaves(&first).unwrap();
            let root = walk.task(1, first).unwrap();
            let mut context = walk.runs_vec();
            walk.tasks[root as usize].kept(walk.runs[id as usize].iter().copied(), &mut context);
            walk.count(1, root, 0, Vec::new(), context).unwrap();
        }
        let mut alike = 0;
        for task in &walk.tasks {
            assert_eq!(task.effects.len(), task.pairs.len());
            for (pair, effects) in task.pairs.iter().zip(&task.effects) {
                assert_eq!(effects.len(), pair.cands.len());
                alike += effects.len() - effects.iter().collect::<BTreeSet<_>>().len();
            }
        }
        alike
    }

    fn count_alone_against_listing(file: &str, horizon: u32) -> (usize, usize, usize) {
        let path = format!("{}/examples/{file}", env!("CARGO_MANIFEST_DIR"));
        let s = crate::scenario::Scenario::load(path.as_ref()).unwrap();
        let k = s.kernel();
        let (mut compared, mut merged, mut alike) = (0, 0, 0);
        for (f1, f2) in [(false, false), (true, true), (false, true)] {
            let options = super::super::ZoneOptions {
                f1,
                f2,
                max_zones: 20_000,
                ..Default::default()
            };
            for (p0, y0) in ZoneGenerator::new(&s, &k, options).attacks(horizon) {
                let Ok(zones) = ZoneGenerator::new(&s, &k, options).zones(p0, y0, horizon) else {
                    continue;
                };
                let what = format!(
                    "{} -> {y0:?} within {horizon}, f1 {f1}, f2 {f2}",
                    s.pieces[p0].name
                );
                let (alone, states) = ZoneGenerator::new(&s, &k, options)
                    .count_with_states(p0, y0, horizon, MAX_STATES)
                    .unwrap_or_else(|e| panic!("{what}: {e}"));
                let (viewed, view_states) = ZoneGenerator::new(&s, &k, options)
                    .walk(p0, y0, horizon, MAX_STATES, true)
                    .unwrap_or_else(|e| panic!("{what}: {e}"));
                assert_eq!(alone.count, zones.len() as u128, "{what}");
                assert_eq!(viewed.count, zones.len() as u128, "{what}");
                assert!(states <= view_states, "{what}: {states} > {view_states}");
                compared += 1;
                merged += usize::from(states < view_states);
                alike += alike_candidates(&s, &k, options, (p0, y0, horizon));
            }
        }
        (compared, merged, alike)
    }

    #[test]
    fn the_count_alone_keeps_classes_of_times_follows_alike_candidates_once_and_equals_the_listing()
    {
        // race10 within 4 moves and the robot's zone within 5: times up to 3 and 4 at the
        // second level, where the classes merge some, and pairs with candidates of one
        // effect (the assertions on `merged` and `alike` fail if neither ever happens, so
        // that the comparison tests them).
        let (compared, merged, alike) = count_alone_against_listing("race10.scenario", 4);
        let (more, more_merged, more_alike) =
            count_alone_against_listing("robot-zone-full.scenario", 5);
        assert!(
            compared + more > 20,
            "{compared} + {more} languages compared"
        );
        assert!(merged + more_merged > 0, "no class merged two times");
        assert!(
            alike > 0 && more_alike > 0,
            "{alike}, {more_alike}: no candidates alike"
        );
    }

    #[test]
    fn the_first_level_is_walked_in_reverse_keeping_the_pairs_f2_relates_in_order() {
        // On every attack of four examples, with F2 (and with F1 or not): the walk's order of
        // each first level is its pairs, each once; two pairs whose candidates F2 relates (one
        // is a run of the other) keep their scanner order; every other pair goes before the
        // pairs ahead of it in scanner order that nothing holds back. The counts with that
        // order equal the listing (tests/it/zone_summary.rs and the test above).
        let (mut related, mut reversed) = (0, 0);
        for (file, horizon) in [
            ("race10.scenario", 5),
            ("robot-zone-full.scenario", 5),
            ("board16.scenario", 3),
            ("middlegame.scenario", 3),
        ] {
            let path = format!("{}/examples/{file}", env!("CARGO_MANIFEST_DIR"));
            let s = crate::scenario::Scenario::load(path.as_ref()).unwrap();
            let k = s.kernel();
            for f1 in [false, true] {
                let options = super::super::ZoneOptions {
                    f1,
                    f2: true,
                    ..Default::default()
                };
                for (p0, y0) in ZoneGenerator::new(&s, &k, options).attacks(horizon) {
                    let mut generator = ZoneGenerator::new(&s, &k, options);
                    let (mut walk, mains) =
                        Walk::new(&mut generator, p0, y0, horizon, MAX_STATES, false).unwrap();
                    for main in mains {
                        let time = walk.generator.dist(&main, true);
                        let first = marked_times(&walk.generator.stops(&time), &time);
                        let scanner: Vec<(Point, Point)> = walk
                            .pairs(&first)
                            .unwrap()
                            .iter()
                            .map(|p| (p.y, p.x))
                            .collect();
                        let pairs = walk.pairs(&first).unwrap();
                        let cands: Vec<Vec<u32>> = pairs
                            .iter()
                            .map(|p| p.cands.iter().map(|c| c.1).collect())
                            .collect();
                        let order: Vec<(Point, Point)> =
                            walk.walk_order(pairs).iter().map(|p| (p.y, p.x)).collect();
                        let mut sorted = order.clone();
                        sorted.sort_unstable();
                        assert_eq!(sorted, scanner, "{file}: each pair once");
                        let at = |pair: (Point, Point)| order.iter().position(|&o| o == pair);
                        let n = scanner.len();
                        let relates = |i: usize, j: usize| {
                            cands[i].iter().any(|&t| {
                                walk.runs[t as usize].iter().any(|r| cands[j].contains(r))
                            })
                        };
                        for i in 0..n {
                            for j in i + 1..n {
                                let kept = at(scanner[i]) < at(scanner[j]);
                                if relates(i, j) || relates(j, i) {
                                    related += 1;
                                    assert!(kept, "{file}: F2 relates pairs {i} and {j}");
                                } else if !kept {
                                    reversed += 1;
                                }
                            }
                        }
                        // The first pair walked is the last in scanner order that no
                        // earlier pair F2 relates to.
                        if let Some(j) = (0..n)
                            .rev()
                            .find(|&j| (0..j).all(|i| !relates(i, j) && !relates(j, i)))
                        {
                            assert_eq!(order[0], scanner[j], "{file}");
                        }
                    }
                }
            }
        }
        // Both cases occur, so that the assertions test something.
        assert!(related > 0, "no pairs related by F2");
        assert!(reversed > 0, "no pairs reversed");
    }

    #[test]
    fn joining_masks_equals_joining_their_pairs_of_bits() {
        let mut rng = crate::random::SplitMix(2026);
        for k in 0..20_000 {
            // Sparse masks, dense ones, and single bits.
            let (a, b) = match k % 3 {
                0 => (rng.next_u64() as u32, rng.next_u64() as u32),
                1 => (
                    rng.next_u64() as u32 & rng.next_u64() as u32 & rng.next_u64() as u32,
                    rng.next_u64() as u32 & rng.next_u64() as u32,
                ),
                _ => (1 << (k % 32), 1 << ((k / 32) % 32)),
            };
            assert_eq!(join_masks(a, b), join_by_pairs(a, b), "{a:#x} {b:#x}");
        }
    }

    #[test]
    fn independent_parts_give_the_larger_time_and_either_drop() {
        // One part marks with 2 or not at all, the other with 1, dropping: the zones get
        // 2 (dropped) or 1 (dropped).
        let a = seen_bit(2, false) | NOTHING;
        let b = seen_bit(1, true);
        assert_eq!(join_masks(a, b), seen_bit(2, true) | seen_bit(1, true));
        assert_eq!(join_masks(NOTHING, b), b);
        // Per observer, an observer one side leaves out has only "nothing".
        let x: Seen = vec![(0, a), (3, b)];
        let y: Seen = vec![(3, seen_bit(3, false))];
        assert_eq!(join(&x, &y), vec![(0, a), (3, seen_bit(3, true))]);
        assert_eq!(unite(&x, &y), vec![(0, a), (3, b | seen_bit(3, false)),]);
        assert_eq!(
            unite(&y, &Vec::new()),
            vec![(3, seen_bit(3, false) | NOTHING)]
        );
    }
}
