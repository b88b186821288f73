//! The distance kernel (docs/semantics.md §2): MAP and the reverse MAP, ST_k, SUM, MOVE_l, DOCK,
//! next_i, med_i and lmed_i. One implementation that the grammar interpreter and every procedural
//! algorithm call.
//!
//! MAP is a breadth-first search whose layers are bit sets (one word per 64 points): a layer's
//! successors are the OR of its points' relation rows. Results are cached per
//! (motion, start point, direction) in `OnceLock`s, so the kernel can be shared across threads
//! and each MAP is computed at most once.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock};

use crate::bitset::{BitSet, bits, words_for};
use crate::board::{Board, Point};
use crate::memory::{self, TooLarge};
use crate::piece::{Motion, PieceType, Reach, Side, Usage};
use crate::relation::{self, Relation};
use crate::shift::Shifts;

/// Identifies one relation R_p of the kernel (a piece type seen from a side, moving or attacking).
/// Types whose oriented motions are equal share an id, and so share their cached tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MotionId(pub u32);

/// Direction of a distance table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// `MAP_{x,p}(v)`: moves from the origin x to every v.
    From,
    /// Moves from every v to the origin y (BFS over the reversed relation, decision A1 of
    /// docs/semantics.md §10).
    To,
}

/// The fixed task `(x0, y0, l0)` of a trajectory grammar: from x0 to y0 in l0 moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Route {
    /// x0, where every trajectory starts.
    pub from: Point,
    /// y0, where every trajectory ends.
    pub to: Point,
    /// l0, the number of moves of every trajectory.
    pub length: u32,
}

impl Route {
    /// The route from `from` to `to` in `length` moves.
    pub fn new(from: Point, to: Point, length: u32) -> Route {
        Route { from, to, length }
    }
}

/// One MAP table: distances from (or to) an origin, and the breadth-first layers.
///
/// Both live in one allocation: `data[..n]` are the distances, then (on boards with bit-set
/// rows) layer k as `words` little-endian pairs of `u32`. One allocation per table is what
/// keeps a cold 8x8 MAP near 100 ns.
#[derive(Clone, Debug)]
pub struct DistanceMap {
    origin: Point,
    n: usize,
    data: Vec<u32>,
    words: usize,
    depth: u32,
    unreachable: u32,
}

impl DistanceMap {
    /// The point the distances are measured from (or to).
    pub fn origin(&self) -> Point {
        self.origin
    }

    /// The distance of `p`, or `2n` when unreachable (docs/semantics.md §2.1).
    #[inline]
    pub fn get(&self, p: Point) -> u32 {
        self.data[p.index()]
    }

    /// Whether `p` is reachable, that is its distance is not 2n.
    pub fn is_reachable(&self, p: Point) -> bool {
        self.data[p.index()] != self.unreachable
    }

    /// The value used for unreachable points: 2n.
    pub fn unreachable(&self) -> u32 {
        self.unreachable
    }

    /// All distances in enumeration order.
    pub fn distances(&self) -> &[u32] {
        &self.data[..self.n]
    }

    /// The largest finite distance.
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// ST_k: the points at distance exactly k (for k = 2n, the unreachable points).
    pub fn layer(&self, k: u32) -> BitSet {
        let n = self.n;
        let all = (0..n as u32).map(Point);
        if k == self.unreachable {
            return BitSet::from_points(n, all.filter(|&p| !self.is_reachable(p)));
        }
        if k > self.depth {
            return BitSet::new(n);
        }
        if self.data.len() > n {
            let start = n + 2 * k as usize * self.words;
            let pairs = &self.data[start..start + 2 * self.words];
            let words: Vec<u64> = pairs
                .chunks_exact(2)
                .map(|c| u64::from(c[0]) | (u64::from(c[1]) << 32))
                .collect();
            return BitSet::from_words(&words);
        }
        BitSet::from_points(n, all.filter(|&p| self.get(p) == k))
    }
}

struct MotionTables {
    forward: Relation,
    /// Built on first use: many commands only look forward.
    reverse: OnceLock<Relation>,
    from: Box<[OnceLock<DistanceMap>]>,
    to: Box<[OnceLock<DistanceMap>]>,
}

/// Where [`Kernel::motion`] keeps the motion of `(type index, side, usage)`: types in order,
/// White before Black, moves before attacks, as [`Kernel::new`] pushes them.
fn motion_slot(type_index: usize, side: Side, usage: Usage) -> usize {
    4 * type_index + 2 * usize::from(side == Side::Black) + usize::from(usage == Usage::Attack)
}

/// The distance kernel for one board, one set of piece types and one occupancy.
pub struct Kernel {
    board: Board,
    blockers: Option<BitSet>,
    motions: Vec<Motion>,
    /// Per motion, what it is for a person: `queen (white, moves)`, after the first type,
    /// side and use that has it.
    labels: Vec<String>,
    /// Per motion, whether it is its own reverse (its vectors closed under negation, its edges
    /// under reversal): then the reverse relation is the forward one, built once.
    symmetric: Vec<bool>,
    tables: Vec<OnceLock<MotionTables>>,
    /// Per motion, whether [`Kernel::check`] found its structures fit: they are then built on
    /// first use without being checked again (a job may hold more by then, or run under a
    /// lower limit than the one they were checked against: they were found to fit).
    checked: Vec<AtomicBool>,
    /// Motion ids, four per type: `(type index, side, usage)` at [`motion_slot`]. A slice
    /// rather than a hash map: the zone generator asks for a motion per distance it looks up.
    index: Vec<MotionId>,
    /// Held while a motion's successor lists are built ([`Kernel::tables`]).
    building: Mutex<()>,
    /// The tables that stand in for those whose build the deadline stopped.
    interrupted: OnceLock<MotionTables>,
    /// The MAP of [`Kernel::interrupted`]'s relation.
    unreachable_map: OnceLock<DistanceMap>,
}

impl Kernel {
    /// A kernel for `board` and `types`. With `blockers`, sliders stop at those points (decision
    /// A12, docs/semantics.md §10).
    pub fn new(board: &Board, types: &[PieceType], blockers: Option<BitSet>) -> Kernel {
        let mut motions: Vec<Motion> = Vec::new();
        let mut labels = Vec::new();
        let mut ids: HashMap<Motion, MotionId> = HashMap::new();
        let mut index = Vec::with_capacity(4 * types.len());
        for (t, ty) in types.iter().enumerate() {
            for side in [Side::White, Side::Black] {
                for usage in [Usage::Move, Usage::Attack] {
                    let m = ty.distance_motion(usage).oriented(side);
                    let id = *ids.entry(m.clone()).or_insert_with(|| {
                        motions.push(m);
                        let usage = match usage {
                            Usage::Move => "moves",
                            Usage::Attack => "attacks",
                        };
                        labels.push(format!("{} ({side}, {usage})", ty.name));
                        MotionId(motions.len() as u32 - 1)
                    });
                    debug_assert_eq!(index.len(), motion_slot(t, side, usage));
                    index.push(id);
                }
            }
        }
        let tables = motions.iter().map(|_| OnceLock::new()).collect();
        let symmetric = motions.iter().map(is_symmetric).collect();
        let checked = motions.iter().map(|_| AtomicBool::new(false)).collect();
        Kernel {
            board: board.clone(),
            blockers,
            motions,
            labels,
            symmetric,
            tables,
            checked,
            index,
            building: Mutex::new(()),
            interrupted: OnceLock::new(),
            unreachable_map: OnceLock::new(),
        }
    }

    /// The board the relations are over.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// n = |X|.
    pub fn n(&self) -> usize {
        self.board.len()
    }

    /// The value 2n that MAP gives unreachable points.
    pub fn unreachable(&self) -> u32 {
        2 * self.board.len() as u32
    }

    /// The relation id of type `type_index` for `side` and `usage`.
    pub fn motion(&self, type_index: usize, side: Side, usage: Usage) -> MotionId {
        self.index[motion_slot(type_index, side, usage)]
    }

    /// How many relations the kernel holds: the [`MotionId`]s run from 0 below this.
    pub fn motion_count(&self) -> usize {
        self.motions.len()
    }

    /// What the motion is, for a person: `queen (white, moves)`.
    pub fn label(&self, m: MotionId) -> &str {
        &self.labels[m.0 as usize]
    }

    /// Whether the structures that `motions` need and that are not built yet fit in the
    /// thread's memory limit ([`memory::check`]): their successor lists (an upper bound; the
    /// reverse relation's too, where the motion is not its own reverse) and their tables'
    /// slots (one per point and direction). Call it with the motions a run will use before it
    /// uses them: the kernel builds these on first use, and one built past the limit panics.
    pub fn check(&self, motions: impl IntoIterator<Item = MotionId>) -> Result<(), TooLarge> {
        let mut seen: Vec<MotionId> = Vec::new();
        let mut bytes = 0u64;
        for m in motions {
            if seen.contains(&m) {
                continue;
            }
            seen.push(m);
            let i = m.0 as usize;
            let (slots, forward, reverse) = match self.tables[i].get() {
                Some(t) => (
                    0,
                    t.forward.lists_bytes(),
                    t.reverse.get().map_or_else(
                        || relation::lists_bytes(&self.board, &self.motions[i]),
                        Relation::lists_bytes,
                    ),
                ),
                None => {
                    let lists = relation::lists_bytes(&self.board, &self.motions[i]);
                    (self.slot_bytes(), lists, lists)
                }
            };
            let reverse = if self.symmetric[i] { 0 } else { reverse };
            bytes = bytes
                .saturating_add(slots)
                .saturating_add(forward)
                .saturating_add(reverse);
        }
        memory::check(bytes, || {
            let names: Vec<&str> = seen.iter().map(|&m| self.label(m)).collect();
            format!(
                "the successor lists of {} on this {} board",
                names.join(", "),
                self.board.describe()
            )
        })?;
        for m in seen {
            self.checked[m.0 as usize].store(true, Ordering::Relaxed);
        }
        Ok(())
    }

    /// [`Kernel::check`] of one motion, at the cost of one atomic load where it has passed
    /// already: for the callers that meet a motion only as they run (a grammar's `MAP` of a
    /// piece of its world), so that its lists are refused with an error, not a panic.
    pub fn ensure(&self, m: MotionId) -> Result<(), TooLarge> {
        if self.checked[m.0 as usize].load(Ordering::Relaxed) {
            return Ok(());
        }
        self.check([m])
    }

    /// The bytes of one motion's table slots: a `DistanceMap` slot per point, both directions.
    fn slot_bytes(&self) -> u64 {
        2 * self.board.len() as u64 * std::mem::size_of::<OnceLock<DistanceMap>>() as u64
    }

    /// The motion's tables, its successor lists built on first use. The build looks at the
    /// thread's deadline: when it passes first, nothing is kept and the tables of
    /// [`Kernel::interrupted`] stand in (see there why that is never seen in a result).
    fn tables(&self, m: MotionId) -> &MotionTables {
        let slot = &self.tables[m.0 as usize];
        if let Some(t) = slot.get() {
            return t;
        }
        // Past the deadline nothing is built: an engine that asks for tables at every point
        // until its next look at the deadline must not start a build at each (a board cloned,
        // a lock taken: an LG search on 344x166 went on for seconds so).
        if crate::deadline::passed().is_some() {
            return self.interrupted();
        }
        // One build at a time: threads of one job asking for the same motion at once would
        // each build its lists, past the memory the check allowed for.
        let _building = self.building.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(t) = slot.get() {
            return t;
        }
        // A motion `check` has passed was found to fit: built now, whatever the job holds.
        let checked = self.checked[m.0 as usize].load(Ordering::Relaxed);
        if !checked
            && let Err(e) = memory::check(self.slot_bytes(), || {
                format!("the distance tables of {}", self.label(m))
            })
        {
            panic!("{e}");
        }
        let forward = Relation::build(
            &self.board,
            &self.motions[m.0 as usize],
            self.blockers.as_ref(),
        );
        let forward = if checked { forward.checked() } else { forward };
        if !forward.prepare_within_deadline() {
            return self.interrupted();
        }
        let n = self.board.len();
        let _ = slot.set(MotionTables {
            forward,
            reverse: OnceLock::new(),
            from: (0..n).map(|_| OnceLock::new()).collect(),
            to: (0..n).map(|_| OnceLock::new()).collect(),
        });
        slot.get().expect("the tables were just set")
    }

    /// What stands in for a motion's tables whose build the thread's deadline stopped: a
    /// relation without a move and no table slots (each MAP is then [`Kernel::unreachable_map`]).
    /// Its answers are wrong, and never seen: the deadline stays passed for the rest of the
    /// job, whose engines stop at their next look at it, and whose end is looked at too
    /// (`api::request::within_time`, the server's jobs), so that a result finished after the
    /// deadline is its time error. Nothing built from it is kept in the motion's own tables:
    /// a later job (a Python call after a Ctrl-C) builds them afresh.
    fn interrupted(&self) -> &MotionTables {
        self.interrupted.get_or_init(|| MotionTables {
            forward: Relation::empty(self.board.len()),
            reverse: OnceLock::new(),
            from: Box::new([]),
            to: Box::new([]),
        })
    }

    /// A MAP table in which every point is unreachable, its origin too: [`Kernel::interrupted`]'s.
    fn unreachable_map(&self) -> &DistanceMap {
        self.unreachable_map.get_or_init(|| DistanceMap {
            origin: Point(0),
            n: self.n(),
            data: vec![self.unreachable(); self.n()],
            words: 0,
            depth: 0,
            unreachable: self.unreachable(),
        })
    }

    /// R_p.
    pub fn relation(&self, m: MotionId) -> &Relation {
        &self.tables(m).forward
    }

    /// The reverse relation of R_p.
    pub fn reverse_relation(&self, m: MotionId) -> &Relation {
        let t = self.tables(m);
        if self.symmetric[m.0 as usize] {
            return &t.forward;
        }
        if let Some(r) = t.reverse.get() {
            return r;
        }
        if crate::deadline::passed().is_some() {
            return &self.interrupted().forward;
        }
        let _building = self.building.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(r) = t.reverse.get() {
            return r;
        }
        let reverse = t.forward.reversed();
        if !reverse.prepare_within_deadline() {
            return &self.interrupted().forward;
        }
        let _ = t.reverse.set(reverse);
        t.reverse.get().expect("the reverse relation was just set")
    }

    /// `MAP_{x,p}` (cached).
    pub fn map(&self, m: MotionId, x: Point) -> &DistanceMap {
        self.table(m, x, Direction::From)
    }

    /// Distances from every point to `y` (cached): MAP over the reversed relation.
    pub fn map_to(&self, m: MotionId, y: Point) -> &DistanceMap {
        self.table(m, y, Direction::To)
    }

    /// The MAP table of relation `m` from `origin` (or, with [`Direction::To`], to it), computed
    /// once and cached.
    pub fn table(&self, m: MotionId, origin: Point, direction: Direction) -> &DistanceMap {
        let t = self.tables(m);
        let cache = match direction {
            Direction::From => &t.from,
            Direction::To => &t.to,
        };
        let Some(slot) = cache.get(origin.index()) else {
            // The interrupted tables, which have no slots.
            return self.unreachable_map();
        };
        slot.get_or_init(|| {
            let rel = match direction {
                Direction::From => &t.forward,
                Direction::To => self.reverse_relation(m),
            };
            distance_map(rel, origin, self.unreachable())
        })
    }

    /// `MAP_{x,p}(y)`: the fewest moves from x to y, 2n if none.
    pub fn distance(&self, m: MotionId, x: Point, y: Point) -> u32 {
        self.map(m, x).get(y)
    }

    /// `ST_k(x) = {v | MAP_{x,p}(v) = k}`.
    pub fn st(&self, m: MotionId, x: Point, k: u32) -> BitSet {
        self.map(m, x).layer(k)
    }

    /// `SUM = {v | MAP_{x0,p}(v) + d_p(v, y0) = l0}`: the points on x0→y0 paths of length l0
    /// through shortest halves (the "ellipse"); with `l0 = MAP`, the points of shortest paths.
    pub fn sum(&self, m: MotionId, x0: Point, y0: Point, l0: u32) -> BitSet {
        let from = self.map(m, x0);
        let to = self.map_to(m, y0);
        let n = self.n();
        BitSet::from_points(
            n,
            (0..n as u32)
                .map(Point)
                .filter(|&v| from.get(v).saturating_add(to.get(v)) == l0),
        )
    }

    /// `DOCK` for length l: the docking points of admissible degree-2 trajectories (same set
    /// formula as SUM, with the trajectory length l).
    pub fn dock(&self, m: MotionId, x0: Point, y0: Point, l: u32) -> BitSet {
        self.sum(m, x0, y0, l)
    }

    /// `MOVE_l(x) = ST_1(x) ∩ ST_{l0−l+1}(x0) ∩ SUM`, the literal form of docs/semantics.md §2.3.
    pub fn move_set(&self, m: MotionId, route: Route, x: Point, l: u32) -> BitSet {
        let Route {
            from: x0,
            to: y0,
            length: l0,
        } = route;
        let mut set = self.st(m, x, 1);
        match (l0 + 1).checked_sub(l) {
            Some(k) => set.intersect_with(&self.st(m, x0, k)),
            None => return BitSet::new(self.n()),
        }
        set.intersect_with(&self.sum(m, x0, y0, l0));
        set
    }

    /// The segment-local MOVE of decision A4 (docs/semantics.md §5.3, §10):
    /// `{v | R_p(x, v) ∧ d_p(v, y) = l − 1}`.
    pub fn local_move_set(&self, m: MotionId, x: Point, y: Point, l: u32) -> BitSet {
        let n = self.n();
        let Some(want) = l.checked_sub(1) else {
            return BitSet::new(n);
        };
        let to = self.map_to(m, y);
        BitSet::from_points(
            n,
            self.relation(m)
                .successors(x)
                .iter()
                .copied()
                .filter(|&v| to.get(v) == want),
        )
    }

    /// `next_i(x, l)`: the i-th member (1-based) of `MOVE_l(x)` in enumeration order, the last
    /// member when i is larger, and x itself when MOVE is empty.
    pub fn next(&self, m: MotionId, route: Route, x: Point, l: u32, i: usize) -> Point {
        pick(&self.move_set(m, route, x, l), i, x)
    }

    /// `med_i(x, y, l)`: the i-th docking point, the last when i is larger, x when DOCK is empty.
    pub fn med(&self, m: MotionId, x: Point, y: Point, l: u32, i: usize) -> Point {
        pick(&self.dock(m, x, y, l), i, x)
    }

    /// `lmed_i(x, y, l) = MAP_{x,p}(med_i(x, y, l))`.
    pub fn lmed(&self, m: MotionId, x: Point, y: Point, l: u32, i: usize) -> u32 {
        self.distance(m, x, self.med(m, x, y, l, i))
    }
}

/// Whether a motion is its own reverse: every vector's negation is a vector of the same reach,
/// and every edge's reversal an edge. Then R_p(a, b) = R_p(b, a), blockers or not: a slide from
/// a to b and one from b to a pass the same points between them.
fn is_symmetric(motion: &Motion) -> bool {
    let negated = |d: [i32; 3]| d.map(|x| -x);
    motion.vectors.iter().all(|b| {
        motion.vectors.iter().any(|c| {
            c.delta == negated(b.delta)
                && match (b.reach, c.reach) {
                    (Reach::Leap, Reach::Leap) => true,
                    (Reach::Slide { range: r }, Reach::Slide { range: s }) => r == s,
                    _ => false,
                }
        })
    }) && {
        let edges: std::collections::HashSet<_> = motion.edges.iter().copied().collect();
        motion.edges.iter().all(|&(a, b)| edges.contains(&(b, a)))
    }
}

/// The i-th member (1-based) of `set`, its last member for larger i, `fallback` if empty.
fn pick(set: &BitSet, i: usize, fallback: Point) -> Point {
    let mut last = None;
    for (k, p) in set.iter().enumerate() {
        last = Some(p);
        if k + 1 == i {
            break;
        }
    }
    last.unwrap_or(fallback)
}

/// Breadth-first search from `origin`; unreachable points get `unreachable`.
pub fn distance_map(rel: &Relation, origin: Point, unreachable: u32) -> DistanceMap {
    let n = rel.len();
    let w = words_for(n);
    // Rows are built on first use, so they are asked for only where they are searched. On
    // boards of a few words OR-ing rows is still the faster (15x15: 1.5 µs against 2 to 3.5 µs
    // by shifts; 64x64: 150 µs against 13 to 26 µs, `cargo bench --bench kernel -- map`).
    let (data, depth) = match rel.shifts() {
        Some(shifts) if w > SHIFT_FROM_WORDS => shift_search(shifts, n, origin, unreachable),
        _ => match rel.rows() {
            Some(rows) if w == 1 => single_word_search(rows, n, origin, unreachable),
            Some(rows) => dense_search(rows, n, w, origin, unreachable),
            None => sparse_search(rel, origin, unreachable),
        },
    };
    DistanceMap {
        origin,
        n,
        data,
        words: w,
        depth,
        unreachable,
    }
}

/// Boards of more words of points than this (256 points) search by [`Shifts`].
const SHIFT_FROM_WORDS: usize = 4;

/// Appends bit-set words to `data` as little-endian `u32` pairs.
fn push_words(data: &mut Vec<u32>, words: &[u64]) {
    let at = data.len();
    data.resize(at + 2 * words.len(), 0);
    for (pair, &word) in data[at..].chunks_exact_mut(2).zip(words) {
        pair[0] = word as u32;
        pair[1] = (word >> 32) as u32;
    }
}

/// Boards of up to 64 points: every layer is one register. Each reached point is expanded
/// exactly once, and its distance is written then, so one bit scan per point does both jobs.
fn single_word_search(rows: &[u64], n: usize, origin: Point, unreachable: u32) -> (Vec<u32>, u32) {
    let mut data = Vec::with_capacity(n + 2 * 65);
    data.resize(n, unreachable);
    let mut layers = [0u64; 65];
    let mut visited = 1u64 << origin.index();
    layers[0] = visited;
    let mut k = 0;
    loop {
        let mut next = 0;
        let mut f = layers[k];
        while f != 0 {
            let p = f.trailing_zeros() as usize;
            data[p] = k as u32;
            next |= rows[p];
            f &= f - 1;
        }
        next &= !visited;
        if next == 0 {
            break;
        }
        k += 1;
        visited |= next;
        layers[k] = next;
    }
    push_words(&mut data, &layers[..=k]);
    (data, k as u32)
}

/// Boards of up to [`crate::relation::DENSE_LIMIT`] points (at most 64 words per layer); as
/// above, a point's distance is written when it is expanded.
fn dense_search(
    rows: &[u64],
    n: usize,
    w: usize,
    origin: Point,
    unreachable: u32,
) -> (Vec<u32>, u32) {
    let mut dist = vec![unreachable; n];
    let mut visited = [0u64; 64];
    let mut next = [0u64; 64];
    visited[origin.index() / 64] |= 1 << (origin.index() % 64);
    let mut layers = Vec::with_capacity(w * 16);
    layers.extend_from_slice(&visited[..w]);
    let mut k = 0;
    loop {
        next[..w].fill(0);
        let frontier = &layers[layers.len() - w..];
        for p in bits(frontier) {
            dist[p.index()] = k;
            let row = &rows[p.index() * w..(p.index() + 1) * w];
            for (acc, r) in next[..w].iter_mut().zip(row) {
                *acc |= r;
            }
        }
        let mut any = 0;
        for (acc, seen) in next[..w].iter_mut().zip(&mut visited[..w]) {
            *acc &= !*seen;
            *seen |= *acc;
            any |= *acc;
        }
        if any == 0 {
            break;
        }
        k += 1;
        layers.extend_from_slice(&next[..w]);
    }
    dist.reserve_exact(2 * layers.len());
    push_words(&mut dist, &layers);
    (dist, k)
}

/// Grid motions on boards of up to [`crate::relation::DENSE_LIMIT`] cells: a layer's successors
/// are its cell set shifted by each vector ([`Shifts`]), and a point's distance is written
/// when its layer is recorded.
fn shift_search(shifts: &Shifts, n: usize, origin: Point, unreachable: u32) -> (Vec<u32>, u32) {
    let cw = shifts.words();
    let pw = words_for(n);
    // The distances, then each layer's words as `u32` pairs, written as the layers are found.
    let mut data = Vec::with_capacity(n + 2 * pw * 16);
    data.resize(n, unreachable);
    // One allocation for the frontier, the next layer, the visited cells and the rays.
    let mut sets = vec![0u64; 5 * cw];
    let (frontier, rest) = sets.split_at_mut(cw);
    let (next, rest) = rest.split_at_mut(cw);
    let (visited, scratch) = rest.split_at_mut(cw);
    let start = shifts.cell(origin);
    frontier[start / 64] |= 1 << (start % 64);
    visited.copy_from_slice(frontier);
    let mut layer = vec![0u64; pw];
    let mut k = 0;
    loop {
        if shifts.cells_are_points() {
            for p in bits(frontier) {
                data[p.index()] = k;
            }
            push_words(&mut data, frontier);
        } else {
            layer.fill(0);
            for cell in bits(frontier) {
                let p = shifts.point(cell.index());
                data[p.index()] = k;
                layer[p.index() / 64] |= 1 << (p.index() % 64);
            }
            push_words(&mut data, &layer);
        }
        next.fill(0);
        shifts.expand(frontier, next, scratch);
        let mut any = 0;
        for (acc, seen) in next.iter_mut().zip(visited.iter_mut()) {
            *acc &= !*seen;
            *seen |= *acc;
            any |= *acc;
        }
        if any == 0 {
            break;
        }
        k += 1;
        frontier.copy_from_slice(next);
    }
    (data, k)
}

/// BFS over adjacency lists for boards too large for bit-set rows (no layers are kept).
fn sparse_search(rel: &Relation, origin: Point, unreachable: u32) -> (Vec<u32>, u32) {
    let mut dist = vec![unreachable; rel.len()];
    dist[origin.index()] = 0;
    let mut queue = std::collections::VecDeque::from([origin]);
    let mut depth = 0;
    while let Some(p) = queue.pop_front() {
        let d = dist[p.index()];
        for &q in rel.successors(p) {
            if dist[q.index()] == unreachable && q != origin {
                dist[q.index()] = d + 1;
                depth = depth.max(d + 1);
                queue.push_back(q);
            }
        }
    }
    (dist, depth)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece::chess_types;

    fn rook_kernel() -> (Kernel, MotionId) {
        let board = Board::grid(8, 8, 1, &[]).unwrap();
        let k = Kernel::new(&board, &chess_types(), None);
        let m = k.motion(2, Side::White, Usage::Move);
        (k, m)
    }

    #[test]
    fn rook_map_is_one_on_lines_and_two_elsewhere() {
        let (k, m) = rook_kernel();
        let d3 = k.board().parse_point("d3").unwrap();
        let map = k.map(m, d3);
        for p in k.board().points() {
            let c = k.board().coords(p).unwrap();
            let want = if p == d3 {
                0
            } else if c[0] == 3 || c[1] == 2 {
                1
            } else {
                2
            };
            assert_eq!(map.get(p), want, "{}", k.board().name(p));
        }
        assert_eq!(map.depth(), 2);
        assert_eq!(map.layer(1).len(), 14);
    }

    /// A queen's lists on a large board take a while to build: past the thread's deadline the
    /// build stops at once and stands in a relation without a move, which the motion does not
    /// keep: once the deadline is gone, the same kernel builds the real lists and MAPs.
    #[test]
    fn a_build_the_deadline_stops_is_not_kept() {
        let board = Board::grid(200, 200, 1, &[]).unwrap();
        let k = Kernel::new(&board, &chess_types(), None);
        let queen = k.motion(1, Side::White, Usage::Move);
        let pawn = k.motion(5, Side::White, Usage::Move);
        let (a1, b2) = (Point(0), board.at([1, 1, 0]).unwrap());
        crate::deadline::within(std::time::Duration::ZERO, || {
            std::thread::sleep(std::time::Duration::from_millis(2));
            assert_eq!(k.relation(queen).edge_count(), 0);
            assert_eq!(k.distance(queen, a1, b2), k.unreachable());
            assert_eq!(k.reverse_relation(pawn).edge_count(), 0);
            assert_eq!(k.map_to(pawn, b2).get(a1), k.unreachable());
        });
        assert_eq!(k.distance(queen, a1, b2), 1);
        assert!(k.relation(queen).edge_count() > 200 * 200);
        assert_eq!(k.map_to(pawn, board.at([0, 5, 0]).unwrap()).get(a1), 5);
    }

    #[test]
    fn symmetric_motions_share_tables_and_pawns_do_not() {
        let (k, _) = rook_kernel();
        assert_eq!(
            k.motion(0, Side::White, Usage::Move),
            k.motion(0, Side::Black, Usage::Attack)
        );
        assert_ne!(
            k.motion(5, Side::White, Usage::Move),
            k.motion(5, Side::Black, Usage::Move)
        );
        assert_ne!(
            k.motion(5, Side::White, Usage::Move),
            k.motion(5, Side::White, Usage::Attack)
        );
    }

    #[test]
    fn unreachable_is_two_n_and_reverse_map_reverses_pawns() {
        let board = Board::grid(8, 8, 1, &[]).unwrap();
        let k = Kernel::new(&board, &chess_types(), None);
        let wp = k.motion(5, Side::White, Usage::Move);
        let bp = k.motion(5, Side::Black, Usage::Move);
        let e2 = board.parse_point("e2").unwrap();
        let e7 = board.parse_point("e7").unwrap();
        assert_eq!(k.distance(wp, e2, e7), 5);
        assert_eq!(k.distance(wp, e7, e2), 128);
        // S-L1 p.15: MAP_{x,p}(y) = MAP_{y,q}(x) for pawns of opposite colours.
        for x in board.points() {
            for y in board.points() {
                assert_eq!(k.distance(wp, x, y), k.distance(bp, y, x));
                assert_eq!(k.map_to(wp, y).get(x), k.distance(wp, x, y));
            }
        }
    }

    #[test]
    fn sparse_and_dense_searches_agree() {
        let board = Board::grid(9, 7, 1, &[[3, 3, 1], [4, 3, 1], [5, 5, 1]]).unwrap();
        let k = Kernel::new(&board, &chess_types(), None);
        for t in 0..6 {
            let m = k.motion(t, Side::White, Usage::Move);
            for x in board.points() {
                let dense = k.map(m, x);
                let (data, depth) = sparse_search(k.relation(m), x, k.unreachable());
                let sparse = DistanceMap {
                    origin: x,
                    n: board.len(),
                    data,
                    words: 2,
                    depth,
                    unreachable: k.unreachable(),
                };
                assert_eq!(dense.distances(), sparse.distances());
                assert_eq!(dense.depth(), sparse.depth());
                for d in 0..=dense.depth() + 1 {
                    assert_eq!(dense.layer(d), sparse.layer(d));
                }
            }
        }
    }

    #[test]
    fn next_and_med_fall_back_as_defined() {
        let (k, m) = rook_kernel();
        let p = |s: &str| k.board().parse_point(s).unwrap();
        // Rook a1 -> h8 in 2: MOVE_2(a1) = {h1, a8}.
        let route = Route::new(p("a1"), p("h8"), 2);
        let set = k.move_set(m, route, p("a1"), 2);
        assert_eq!(set.to_vec(), vec![p("h1"), p("a8")]);
        assert_eq!(k.next(m, route, p("a1"), 2, 1), p("h1"));
        assert_eq!(k.next(m, route, p("a1"), 2, 2), p("a8"));
        assert_eq!(k.next(m, route, p("a1"), 2, 9), p("a8"));
        assert_eq!(k.next(m, route, p("b2"), 2, 1), p("b2"));
        assert_eq!(k.med(m, p("a1"), p("a2"), 1, 1), p("a1"));
        assert_eq!(k.lmed(m, p("a1"), p("a2"), 1, 1), 0);
    }

    mod shifts {
        use super::*;
        use crate::piece::{Basis, Motion, Reach};
        use proptest::prelude::*;

        /// A grid's dimensions and up to a quarter of its cells removed (1-based coordinates).
        fn grid() -> impl Strategy<Value = ([u32; 3], Vec<[i64; 3]>)> {
            prop_oneof![
                (5u32..=24, 4u32..=24, Just(1u32)),
                (2u32..=7, 2u32..=7, 2u32..=5),
            ]
            .prop_flat_map(|(w, h, d)| {
                let cells = w * h * d;
                let removed = proptest::collection::vec(0..cells, 0..=(cells / 4) as usize)
                    .prop_map(move |cs| {
                        cs.into_iter()
                            .map(|c| {
                                let (x, y, z) = (c % w, c / w % h, c / (w * h));
                                [x as i64 + 1, y as i64 + 1, z as i64 + 1]
                            })
                            .collect()
                    });
                (Just([w, h, d]), removed)
            })
        }

        /// Random leaps and slides (with and without a range), or a chess type of either side,
        /// moving or attacking (pawns are asymmetric, and attack otherwise than they move).
        fn motion() -> impl Strategy<Value = Motion> {
            let reach = prop_oneof![
                Just(Reach::Leap),
                Just(Reach::Slide { range: None }),
                (1u32..=3).prop_map(|r| Reach::Slide { range: Some(r) }),
            ];
            // No zero vector: a scenario cannot declare one (a slide by it would never stop).
            let basis = (-3i32..=3, -3i32..=3, -1i32..=1, reach)
                .prop_filter("a zero vector", |(dx, dy, dz, _)| {
                    [*dx, *dy, *dz] != [0, 0, 0]
                })
                .prop_map(|(dx, dy, dz, reach)| Basis {
                    delta: [dx, dy, dz],
                    reach,
                });
            let chess = (0..6usize, any::<bool>(), any::<bool>()).prop_map(|(t, black, attack)| {
                let ty = &chess_types()[t];
                let usage = if attack { Usage::Attack } else { Usage::Move };
                let side = if black { Side::Black } else { Side::White };
                ty.motion(usage).oriented(side)
            });
            prop_oneof![
                proptest::collection::vec(basis, 1..5).prop_map(Motion::vectors),
                chess,
            ]
        }

        fn table(data: Vec<u32>, depth: u32, rel: &Relation, origin: Point, u: u32) -> DistanceMap {
            DistanceMap {
                origin,
                n: rel.len(),
                data,
                words: words_for(rel.len()),
                depth,
                unreachable: u,
            }
        }

        /// The shifted search from `origin` gives the distances, depth and layers of the search
        /// over the adjacency lists; returns the latter.
        fn shifted_equals_listed(
            shifts: &Shifts,
            rel: &Relation,
            origin: Point,
        ) -> Result<DistanceMap, TestCaseError> {
            let (n, u) = (rel.len(), 2 * rel.len() as u32);
            let (data, depth) = shift_search(shifts, n, origin, u);
            let got = table(data, depth, rel, origin, u);
            let (data, depth) = sparse_search(rel, origin, u);
            let want = table(data, depth, rel, origin, u);
            prop_assert_eq!(got.distances(), want.distances());
            prop_assert_eq!(got.depth(), want.depth());
            for k in 0..=got.depth() + 1 {
                prop_assert_eq!(got.layer(k), want.layer(k));
            }
            Ok(want)
        }

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(200))]

            /// The shifted layers give the distances and layers of a search over the adjacency
            /// lists, forward and reversed, with and without blockers, removed points and 3D.
            #[test]
            fn shift_search_equals_list_search(
                (dims, removed) in grid(),
                motion in motion(),
                blocked in proptest::option::of(proptest::collection::vec(any::<u32>(), 0..12)),
                origins in proptest::collection::vec(any::<u32>(), 1..6),
            ) {
                let board = Board::grid(dims[0], dims[1], dims[2], &removed).unwrap();
                let n = board.len();
                let blockers = blocked.map(|b| {
                    BitSet::from_points(n, b.into_iter().map(|i| Point(i % n as u32)))
                });
                let forward = Relation::build(&board, &motion, blockers.as_ref());
                let u = 2 * n as u32;
                for rel in [&forward, &forward.reversed()] {
                    let shifts = rel.shifts().expect("grid motions have shift plans");
                    for &o in &origins {
                        let origin = Point(o % n as u32);
                        let want = shifted_equals_listed(shifts, rel, origin)?;
                        let map = distance_map(rel, origin, u);
                        prop_assert_eq!(map.distances(), want.distances());
                    }
                }
            }

            /// Leaps whose vectors are a product of steps per axis (kings in 2D and 3D, and
            /// lopsided products) are spread axis by axis on full grids: the same distances and
            /// layers as the search over the adjacency lists, forward and reversed; with removed
            /// points they go vector by vector, and agree too.
            #[test]
            fn axis_products_equal_list_search(
                (dims, removed) in grid(),
                full in any::<bool>(),
                steps in proptest::collection::vec(
                    proptest::collection::btree_set(-2i32..=2, 0..3), 3),
                origins in proptest::collection::vec(any::<u32>(), 1..6),
            ) {
                let removed = if full { Vec::new() } else { removed };
                let mut per_axis: Vec<Vec<i32>> = steps
                    .into_iter()
                    .map(|s| s.into_iter().chain([0]).collect::<std::collections::BTreeSet<_>>())
                    .map(|s| s.into_iter().collect())
                    .collect();
                if dims[2] == 1 {
                    per_axis[2] = vec![0];
                }
                let mut vectors = Vec::new();
                for &dx in &per_axis[0] {
                    for &dy in &per_axis[1] {
                        for &dz in &per_axis[2] {
                            if [dx, dy, dz] != [0, 0, 0] {
                                vectors.push(Basis { delta: [dx, dy, dz], reach: Reach::Leap });
                            }
                        }
                    }
                }
                prop_assume!(vectors.len() >= 2);
                let motion = Motion::vectors(vectors);
                let board = Board::grid(dims[0], dims[1], dims[2], &removed).unwrap();
                let n = board.len();
                let forward = Relation::build(&board, &motion, None);
                for rel in [&forward, &forward.reversed()] {
                    let shifts = rel.shifts().expect("grid motions have shift plans");
                    prop_assert_eq!(shifts.spreads_by_axis(), board.is_full_grid());
                    for &o in &origins {
                        shifted_equals_listed(shifts, rel, Point(o % n as u32))?;
                    }
                }
            }
        }
    }
}
