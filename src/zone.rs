//! The native zone generator (docs/semantics.md §6), written from the definitions, not by running
//! G_Z. It gives the same language as `grammars/zones.lgg` (and `zones-filtered.lgg` with the
//! filters):
//!
//! * the main trajectories are TRACKS(p0, x0, y0, l0): every admissible trajectory of p0 to the
//!   target of length at most l0; each starts one family of zones;
//! * level by level, the scanner visits the marked end points y (outer, enumeration order, with
//!   the time l = TIME(y) > 0) and the start points x (inner); where a piece on x qualifies (Q4:
//!   the protecting side with MAP <= l, p0's side with one-move trajectories only), one of its
//!   trajectories to y of length at most l joins the zone with time TIME(y). Its intermediate
//!   stops are marked for the next level with NEXTTIME = max(NEXTTIME, TIME(y) - len + 1);
//! * every choice of trajectory per (x, y) pair gives a different zone: the language is their
//!   product, enumerated depth first in the order of the grammar's sentences.
//!
//! Filters (decision A8, docs/semantics.md §6.7), on by default as in the CLI: F1 drops candidates whose
//! intermediate stops hit a point marked in v (they run through another attach point of what they
//! attack); F2 drops candidates that are contiguous sub-trajectories of a trajectory already in the
//! zone.

pub mod forest;
mod interned;
mod network;
mod sentence;
mod summary;

use rustc_hash::FxHashMap;
use std::fmt;

use crate::bitset::BitSet;
use crate::board::Point;
use crate::budget::{Budget, Exceeded};
use crate::bundle::{AdmissibleRule, Bundle, BundleOptions, Listing, Trajectory};
use std::sync::Arc;

/// A trajectory held by many zone entries at once (cloning it copies a pointer).
pub type SharedTrajectory = Arc<[Point]>;
use crate::kernel::Kernel;
use crate::piece::{Side, Usage};
use crate::scenario::{Piece, Scenario};

pub use network::{
    Count, CountCap, NETWORK_COUNT_STATES, NETWORK_STEPS, Undecided, WITNESS_STEPS, ZoneNetwork,
};
pub use sentence::{entry_of_symbol, zone_of_sentence, zone_symbols};
pub use summary::{MAX_STATES, ZoneSummary, united_times};

/// One symbol `t(p, t, tau)` of a zone.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ZoneEntry {
    /// Index into [`Scenario::pieces`].
    pub piece: usize,
    /// The stops the piece moves along, from its square to the attach point it reaches;
    /// shared with the TRACKS it was listed from (a search builds millions of entries: a copy
    /// of each cost the chess middlegame at horizon 4 a sixth of its instructions).
    pub trajectory: SharedTrajectory,
    /// The time allotted to the motion along the trajectory.
    pub time: u32,
    /// 0 for the main trajectory, k for the k-th negation.
    pub level: u32,
}

/// A zone: the main trajectory first, then the negation trajectories in scanner order.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Zone {
    /// The symbols of the zone: the main trajectory (level 0), then each negation in the order
    /// the scanner added it.
    pub entries: Vec<ZoneEntry>,
    /// Per level (0 = the main trajectory), the marked points and their TIME: the values
    /// TIME takes, and after each level the NEXTTIME that becomes the next TIME (it may drop
    /// to 0 or below, which ends the scan at that point).
    pub times: Vec<Vec<(Point, i64)>>,
}

impl Zone {
    /// About what it holds: its entries (their trajectories shared with the TRACKS they were
    /// listed from, so not counted again) and its marked times, by the room their vectors
    /// hold.
    pub fn bytes(&self) -> usize {
        std::mem::size_of::<Zone>()
            + 2 * crate::budget::HEAP_BLOCK
            + self.entries.capacity() * std::mem::size_of::<ZoneEntry>()
            + self
                .times
                .iter()
                .map(|t| {
                    std::mem::size_of::<Vec<(Point, i64)>>()
                        + crate::budget::HEAP_BLOCK
                        + t.capacity() * std::mem::size_of::<(Point, i64)>()
                })
                .sum::<usize>()
    }
}

/// How the zones are generated: the filters, the length rule of the trajectories, and the
/// caps that stop a language too large to list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ZoneOptions {
    /// Filter F1: drop candidates whose intermediate stops hit a point already marked in v.
    pub f1: bool,
    /// Filter F2: drop candidates that are contiguous sub-trajectories of one already in the
    /// zone.
    pub f2: bool,
    /// The length condition of the trajectories in TRACKS (decision A3, docs/semantics.md §10).
    pub rule: AdmissibleRule,
    /// Fail rather than enumerate more zones than this.
    pub max_zones: usize,
    /// Fail rather than use more memory than this, in bytes: the heap where the program
    /// counts it (as the `lingeo` binary does), else the zones and TRACKS the generator holds
    /// as it lists them (see [`crate::memory`]).
    pub max_memory: usize,
}

/// The CLI's defaults (`lingeo zones`): both filters, which reproduce the worked zones of the
/// sources (docs/semantics.md §6.7); set `f1` and `f2` to false for the literal grammar
/// (`grammars/zones.lgg`).
impl Default for ZoneOptions {
    fn default() -> Self {
        ZoneOptions {
            f1: true,
            f2: true,
            rule: AdmissibleRule::S16,
            max_zones: 100_000,
            max_memory: crate::memory::DEFAULT_LIMIT,
        }
    }
}

/// Why a language of zones could not be listed or counted: each a cap that guards against a
/// run away, with the limit that was passed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ZoneError {
    /// The language (or the number of main trajectories) passed `max_zones`.
    TooMany {
        /// The cap passed ([`ZoneOptions::max_zones`]).
        limit: usize,
    },
    /// One piece has more admissible trajectories to a point within its time than the cap.
    TooManyTrajectories {
        /// The name of the piece.
        piece: String,
        /// The cap passed: `max_zones`, but at least 1000.
        limit: usize,
    },
    /// The thread's wall-clock deadline passed ([`crate::deadline`], `lingeo serve`).
    TimeLimit {
        /// The time allowed.
        limit: std::time::Duration,
    },
    /// Counting the zones without listing them met more distinct partial zones than this.
    TooManyStates {
        /// The cap on memoised partial zones.
        limit: usize,
    },
    /// Listing or counting the zones used more memory than this, in bytes.
    Memory {
        /// The memory limit, in bytes ([`ZoneOptions::max_memory`]).
        limit: usize,
    },
}

/// The memory limit as the zones' own error, and the deadline as theirs (what a budget of the
/// generator's refuses).
impl From<Exceeded> for ZoneError {
    fn from(e: Exceeded) -> Self {
        match e {
            Exceeded::Memory(e) => ZoneError::Memory { limit: e.limit },
            Exceeded::Time(limit) => ZoneError::TimeLimit { limit },
            // The generator counts no text; were it to, its cap would be a memory cap.
            Exceeded::Output { cap, .. } => ZoneError::Memory { limit: cap },
        }
    }
}

impl fmt::Display for ZoneError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ZoneError::TooMany { limit } => write!(
                f,
                "the language has more than {limit} zones; raise the cap on zones (`max_zones`), or shorten the horizon or use the filters"
            ),
            ZoneError::TooManyTrajectories { piece, limit } => {
                write!(
                    f,
                    "{piece} has more than {limit} trajectories within the time allowed"
                )
            }
            ZoneError::TimeLimit { limit } => {
                write!(f, "{}", crate::deadline::stopped_at(*limit))
            }
            ZoneError::TooManyStates { limit } => write!(
                f,
                "counting the zones met more than {limit} distinct partial zones; raise the cap on zones (`max_zones`), or shorten the horizon or use the filters"
            ),
            ZoneError::Memory { limit } => write!(
                f,
                "the zones use more than {} of memory; raise the memory limit (`max_memory`), or shorten the horizon or use the filters",
                crate::memory::show(*limit)
            ),
        }
    }
}

impl std::error::Error for ZoneError {}

/// Whether `y` is a target for `piece`: an opposing piece stands on it, or it is a goal point
/// for the piece or its side (decision A14, docs/semantics.md §10; [`Scenario::is_target`]).
pub fn is_target(scenario: &Scenario, piece: usize, y: Point) -> bool {
    scenario.is_target(piece, y)
}

/// The zone generator for one scenario: its kernel and the TRACKS it has computed.
pub struct ZoneGenerator<'s> {
    scenario: &'s Scenario,
    kernel: &'s Kernel,
    options: ZoneOptions,
    tracks: Tracks,
    /// The points pieces stand on, ascending, each with the pieces on it in declaration
    /// order: the starts of the negations' candidates, found once rather than per scan.
    occupants: Vec<(Point, Vec<usize>)>,
    /// Per piece, MAP from where it stands by its moves, where that is its [`ZoneGenerator::reach`]
    /// (it attacks as it moves): the scan asks for it per pair and piece.
    moves_from: Vec<Option<&'s crate::kernel::DistanceMap>>,
    /// Per piece that attacks with other vectors than it moves by (a pawn), its
    /// [`ZoneGenerator::reach`] with the capture to every point, listed the first time a bundle
    /// asks (each asks per level, marked point and piece: a tenth of a chess middlegame's
    /// search went to working it out a point at a time).
    captures_from: Vec<Option<Vec<u32>>>,
    /// Buffers [`ZoneGenerator::bundle`] reuses from bundle to bundle.
    scratch: BundleScratch,
    /// What the TRACKS this generator listed hold (held while it lives).
    held: Budget,
    /// What the zones of the listing under way hold ([`ZoneGenerator::zones`]), given back
    /// when it is done: the caller keeps what it keeps of them.
    listed: Budget,
}

/// The working memory of one bundle, kept by the generator so that a search that builds
/// thousands of bundles a second does not allocate it for each.
#[derive(Default)]
struct BundleScratch {
    /// Per point, TIME (level 0) or NEXTTIME of the level being scanned; 2n where unmarked.
    next: Vec<i64>,
    /// Per point, its number among the points a piece stands on (the starts of candidates),
    /// [`NO_RUN`] for the others.
    start: Vec<u32>,
    /// Per (start number, point), the last of the [`BundleScratch::runs`] from that start to
    /// that point, [`NO_RUN`] if none: `start * n + point`.
    head: Vec<u32>,
    /// The runs of the zone's trajectories that begin where a piece stands, for F2: (entry,
    /// first stop, length, the previous run with the same start and end), chained from
    /// [`BundleScratch::head`]. A candidate of the pair (x, y) can only lie inside a run from
    /// x to y, and those are few; keyed by the start alone, the chain held every trajectory
    /// of x's piece, walked once per candidate (most of a chess position's zone cost).
    runs: Vec<(u32, u32, u32, u32)>,
    /// The entries of the bundle being built: moved out into a vector of their exact length
    /// when it is done, so that a bundle costs one allocation for its entries rather than one
    /// per doubling, and holds no spare capacity in the caches that keep it.
    entries: Vec<ZoneEntry>,
    /// The candidates of the pair being scanned that survive the filters.
    joining: Vec<(usize, SharedTrajectory)>,
}

/// The largest board on which [`ZoneGenerator::capture_reach`] tabulates a piece's reach (on
/// a larger one a bundle works it out a point at a time, as it asks).
const CAPTURE_TABLE_POINTS: usize = 4096;

/// No run in [`BundleScratch::head`].
const NO_RUN: u32 = u32::MAX;

impl BundleScratch {
    /// Ready for a bundle on a board of `n` points where pieces stand on `starts`.
    fn reset(&mut self, n: usize, two_n: i64, starts: impl Iterator<Item = Point>) {
        self.next.clear();
        self.next.resize(n, two_n);
        self.start.clear();
        self.start.resize(n, NO_RUN);
        let mut k = 0;
        for p in starts {
            self.start[p.index()] = k;
            k += 1;
        }
        self.head.clear();
        self.head.resize(k as usize * n, NO_RUN);
        self.runs.clear();
    }

    /// Records that entry `entry` of the zone runs along `t`: each run of it from a point a
    /// piece stands on.
    fn add_runs(&mut self, entry: usize, t: &[Point]) {
        let n = self.start.len();
        for (i, p) in t.iter().enumerate() {
            let start = self.start[p.index()];
            if start == NO_RUN {
                continue;
            }
            for (j, q) in t.iter().enumerate().skip(i) {
                let key = start as usize * n + q.index();
                let previous = self.head[key];
                self.head[key] = self.runs.len() as u32;
                self.runs
                    .push((entry as u32, i as u32, (j - i + 1) as u32, previous));
            }
        }
    }

    /// Whether `t`, which starts where a piece stands, runs inside a trajectory of `entries`
    /// (F2).
    fn inside(&self, entries: &[ZoneEntry], t: &[Point]) -> bool {
        let (Some(first), Some(last)) = (t.first(), t.last()) else {
            return false;
        };
        let start = self.start[first.index()];
        if start == NO_RUN {
            return false;
        }
        let mut at = self.head[start as usize * self.start.len() + last.index()];
        while at != NO_RUN {
            let (e, k, len, previous) = self.runs[at as usize];
            if len as usize == t.len()
                && entries[e as usize].trajectory[k as usize..(k + len) as usize] == *t
            {
                return true;
            }
            at = previous;
        }
        false
    }
}

/// The pieces of `scenario` by the point they stand on (points of the board only), ascending.
fn occupants(scenario: &Scenario, n: usize) -> Vec<(Point, Vec<usize>)> {
    let mut at: Vec<(Point, usize)> = (0..scenario.pieces.len())
        .map(|q| (scenario.pieces[q].at, q))
        .filter(|&(p, _)| p.index() < n)
        .collect();
    at.sort_unstable();
    let mut out: Vec<(Point, Vec<usize>)> = Vec::new();
    for (p, q) in at {
        match out.last_mut() {
            Some((last, pieces)) if *last == p => pieces.push(q),
            _ => out.push((p, vec![q])),
        }
    }
    out
}

/// TRACKS computed, keyed by what they depend on beside the kernel and the options: the
/// piece's type and side, start, end, length and whether the last step captures. Not by the
/// piece, so that a search whose states share one kernel can keep them from state to state
/// ([`ZoneGenerator::with_tracks`]).
pub type Tracks = FxHashMap<(usize, Side, Point, Point, u32, bool), TrackList>;

/// One TRACKS entry: the trajectories, and per trajectory its intermediate stops as a set of
/// points (`words` words each) so that filter F1 tests a candidate against the marked points
/// without reading its stops.
#[derive(Clone, Debug, Default)]
pub struct TrackList {
    trajectories: Vec<SharedTrajectory>,
    words: usize,
    inner: Vec<u64>,
}

impl TrackList {
    fn new(trajectories: Vec<Trajectory>, n: usize) -> TrackList {
        let words = crate::bitset::words_for(n);
        let mut inner = vec![0; words * trajectories.len()];
        for (t, set) in trajectories
            .iter()
            .zip(inner.chunks_exact_mut(words.max(1)))
        {
            for p in &t[1..t.len() - 1] {
                set[p.index() / 64] |= 1 << (p.index() % 64);
            }
        }
        TrackList {
            trajectories: trajectories.into_iter().map(Arc::from).collect(),
            words,
            inner,
        }
    }

    /// Whether trajectory `i` has an intermediate stop in the set `v` (its words).
    fn passes(&self, i: usize, v: &[u64]) -> bool {
        self.inner[i * self.words..(i + 1) * self.words]
            .iter()
            .zip(v)
            .any(|(a, b)| a & b != 0)
    }
}

/// The search state within one level.
#[derive(Clone)]
struct Level {
    /// Points marked in v, with l = TIME(y), in enumeration order.
    ends: Vec<(Point, u32)>,
    v: BitSet,
    w: BitSet,
    next: Vec<i64>,
}

impl<'s> ZoneGenerator<'s> {
    /// A generator with no TRACKS computed yet; they are computed as the zones need them.
    pub fn new(scenario: &'s Scenario, kernel: &'s Kernel, options: ZoneOptions) -> Self {
        Self::with_tracks(scenario, kernel, options, FxHashMap::default())
    }

    /// A generator starting with TRACKS computed before, on a scenario with the same kernel
    /// and types and with the same `options.rule` (the LG search's states); give them back with
    /// [`ZoneGenerator::into_tracks`].
    pub fn with_tracks(
        scenario: &'s Scenario,
        kernel: &'s Kernel,
        options: ZoneOptions,
        tracks: Tracks,
    ) -> Self {
        ZoneGenerator {
            scenario,
            kernel,
            options,
            tracks,
            occupants: occupants(scenario, kernel.n()),
            moves_from: scenario
                .pieces
                .iter()
                .map(|piece| {
                    let separate = scenario.types[piece.type_index].attacks_apart();
                    let moves = kernel.motion(piece.type_index, piece.side, Usage::Move);
                    (!separate && piece.at.index() < kernel.n())
                        .then(|| kernel.map(moves, piece.at))
                })
                .collect(),
            captures_from: vec![None; scenario.pieces.len()],
            scratch: BundleScratch::default(),
            held: Budget::new(),
            listed: Budget::new(),
        }
    }

    /// Where piece `q` stands.
    pub fn piece_at(&self, q: usize) -> Point {
        self.scenario.pieces[q].at
    }

    /// The TRACKS computed so far.
    pub fn into_tracks(self) -> Tracks {
        self.tracks
    }

    fn two_n(&self) -> i64 {
        i64::from(self.kernel.unreachable())
    }

    /// Whether q's type removes a piece by other steps than it moves by (a pawn, decision A13
    /// of docs/semantics.md §10; a checkers man's jump, §7.4).
    fn separate_attack(&self, q: usize) -> bool {
        self.scenario.types[self.scenario.pieces[q].type_index].attacks_apart()
    }

    /// The moves q needs from x to y: plain MAP, or with `capture` for a piece that attacks
    /// with other vectors, moves to a point attacking y and the capture (2n if impossible).
    pub fn reach(&self, q: usize, x: Point, y: Point, capture: bool) -> u32 {
        let piece = &self.scenario.pieces[q];
        let moves = self
            .kernel
            .motion(piece.type_index, piece.side, Usage::Move);
        if !(capture && self.separate_attack(q)) {
            return self.kernel.distance(moves, x, y);
        }
        let attacks = self
            .kernel
            .motion(piece.type_index, piece.side, Usage::Attack);
        let unreachable = self.kernel.unreachable();
        self.kernel
            .reverse_relation(attacks)
            .successors(y)
            .iter()
            .map(|&m| self.kernel.distance(moves, x, m))
            .filter(|&d| d < unreachable)
            .map(|d| d + 1)
            .min()
            .unwrap_or(unreachable)
    }

    /// [`ZoneGenerator::reach`] of piece `q` from where it stands to every point, with the
    /// capture, listed once per generator.
    fn capture_reach(&mut self, q: usize) -> &[u32] {
        if self.captures_from[q].is_none() {
            let x = self.scenario.pieces[q].at;
            let table = (0..self.kernel.n())
                .map(|y| self.reach(q, x, Point(y as u32), true))
                .collect();
            self.captures_from[q] = Some(table);
        }
        self.captures_from[q].as_deref().unwrap_or(&[])
    }

    /// TRACKS_q(x, y, l): the admissible trajectories of q from x to y of length 1..=l, sorted.
    /// With `capture`, for a piece that attacks with other vectors (decision A13), the trajectories
    /// that move to a point m attacking y (admissible, of length 1..=l-1, or none when m = x) and
    /// then capture on y.
    pub fn tracks(
        &mut self,
        q: usize,
        x: Point,
        y: Point,
        l: u32,
        capture: bool,
    ) -> Result<&[SharedTrajectory], ZoneError> {
        Ok(&self.track_list(q, x, y, l, capture)?.trajectories)
    }

    /// [`ZoneGenerator::tracks`] with the intermediate stops of each trajectory as a set.
    fn track_list(
        &mut self,
        q: usize,
        x: Point,
        y: Point,
        l: u32,
        capture: bool,
    ) -> Result<&TrackList, ZoneError> {
        let capture = capture && self.separate_attack(q);
        let piece = &self.scenario.pieces[q];
        let key = (piece.type_index, piece.side, x, y, l, capture);
        // One look-up where the TRACKS are known (the search's common case), not a look-up and
        // an index.
        match self.tracks.entry(key) {
            std::collections::hash_map::Entry::Occupied(known) => Ok(known.into_mut()),
            std::collections::hash_map::Entry::Vacant(slot) => {
                let listed = listed_tracks(
                    self.kernel,
                    self.options,
                    piece,
                    x,
                    y,
                    l,
                    capture,
                    &mut self.held,
                )?;
                Ok(slot.insert(TrackList::new(listed, self.kernel.n())))
            }
        }
    }

    /// The points a piece stands on other than the main trajectory's start `x0` and end `y0`,
    /// in enumeration order: the starts of the negations' candidates.
    pub(crate) fn occupied(&self, x0: Point, y0: Point) -> Vec<Point> {
        self.occupants
            .iter()
            .map(|&(x, _)| x)
            .filter(|&x| x != x0 && x != y0)
            .collect()
    }

    /// Whether the main trajectory to y0 ends with a capture: an opposing piece stands there.
    fn captures_at(&self, p0: usize, y0: Point) -> bool {
        let side = self.scenario.pieces[p0].side;
        self.scenario.pieces_at(y0).any(|q| q.side != side)
    }

    /// The length of p0's main trajectories to y0: its moves there, the last a capture by its
    /// attack vectors where an opposing piece stands on y0 (a pawn's diagonal step); 2n if it
    /// cannot get there.
    pub fn main_distance(&self, p0: usize, y0: Point) -> u32 {
        let at = self.scenario.pieces[p0].at;
        self.reach(p0, at, y0, self.captures_at(p0, y0))
    }

    /// Every attack within `horizon` (docs/semantics.md §7.1, `--all-attacks`): each piece, in
    /// declaration order, with each of its targets (an opposing piece, or one of its goal
    /// points, decision A14) that its main trajectories reach in at most `horizon` moves, in
    /// enumeration order.
    pub fn attacks(&self, horizon: u32) -> Vec<(usize, Point)> {
        let mut out = Vec::new();
        for i in 0..self.scenario.pieces.len() {
            for y in self.scenario.board.points() {
                if self.main_distance(i, y) <= horizon && is_target(self.scenario, i, y) {
                    out.push((i, y));
                }
            }
        }
        out
    }

    /// Q1: p0 stands on x0, reaches y0 within l0, and y0 is a target for it.
    pub fn applies(&self, p0: usize, y0: Point, l0: u32) -> bool {
        self.main_distance(p0, y0) <= l0 && is_target(self.scenario, p0, y0)
    }

    /// The points a DIST vector marks (the stops it counts): g(p, t, w) of G_Z on an empty w.
    fn stops(&self, time: &[i64]) -> BitSet {
        let n = self.kernel.n();
        BitSet::from_points(
            n,
            (0..n as u32)
                .map(Point)
                .filter(|p| time[p.index()] < self.two_n()),
        )
    }

    /// DIST(z, t) as a vector over X: the stop number k + 1 of z_k (every stop after the start for
    /// the main trajectory, intermediate stops for the others), 2n elsewhere.
    fn dist(&self, t: &[Point], main: bool) -> Vec<i64> {
        let mut d = vec![self.two_n(); self.kernel.n()];
        let m = t.len() - 1;
        let last = if main { m } else { m.saturating_sub(1) };
        for (k, p) in t.iter().enumerate().take(last + 1).skip(1) {
            let slot = &mut d[p.index()];
            if *slot == self.two_n() {
                *slot = k as i64 + 1;
            }
        }
        d
    }

    /// An error once the heap in use passes `--max-memory`: a listing or count that the caps
    /// on zones and states let grow (raised by the user) stops before the machine runs out.
    pub(crate) fn check_memory(&self) -> Result<(), ZoneError> {
        let limit = self.options.max_memory;
        if crate::memory::in_use() > limit {
            return Err(ZoneError::Memory { limit });
        }
        Ok(())
    }

    /// Every zone of the language of p0 attacking y0 within l0 moves (l0 < u32::MAX: the main
    /// trajectory's time is l0 + 1).
    pub fn zones(&mut self, p0: usize, y0: Point, l0: u32) -> Result<Vec<Zone>, ZoneError> {
        if !self.applies(p0, y0, l0) {
            return Ok(Vec::new());
        }
        let capture = self.captures_at(p0, y0);
        self.zones_along(p0, y0, l0, capture)
    }

    /// The attack zones of p0 on y0 within l0 moves as bundles: one zone per main trajectory
    /// of [`ZoneGenerator::zones`], holding every alternative of each attach pair
    /// (docs/semantics.md §6.8) instead of one zone per choice (their product). Every
    /// trajectory of a zone of the language is in its main trajectory's bundle, so a search
    /// that follows first steps loses none (docs/lg-search.md).
    pub fn bundles(&mut self, p0: usize, y0: Point, l0: u32) -> Result<Vec<Zone>, ZoneError> {
        if !self.applies(p0, y0, l0) {
            return Ok(Vec::new());
        }
        let capture = self.captures_at(p0, y0);
        let x0 = self.scenario.pieces[p0].at;
        let mains = self.tracks(p0, x0, y0, l0, capture)?.to_vec();
        // `max_zones` caps the bundles (one per main trajectory) as it caps the language's
        // zones: before they are built, each costing a scan of the board.
        let limit = self.options.max_zones;
        if mains.len() > limit {
            return Err(ZoneError::TooMany { limit });
        }
        mains
            .into_iter()
            .map(|main| self.bundle(p0, x0, y0, main, l0))
            .collect()
    }

    /// The domination zones of p0 guarding y0 within l0 moves (docs/semantics.md §7.1), as
    /// bundles: the shape of an attack zone, but y0 need not be a target, and one zone per main
    /// trajectory holding every alternative of each attach pair (docs/semantics.md §6.8).
    /// The main trajectories end with a step by p0's attack vectors onto y0 (a pawn guards
    /// diagonally), so that from their next-to-last point p0 guards y0. Empty where p0 cannot
    /// get there within l0, stands on y0, or y0 holds a piece (an opposing one is an attack's
    /// target, an own one is guarded by the negations of the attacks on it).
    pub fn domination_zones(
        &mut self,
        p0: usize,
        y0: Point,
        l0: u32,
    ) -> Result<Vec<Zone>, ZoneError> {
        let x0 = self.scenario.pieces[p0].at;
        self.domination_tracks(p0, y0, l0)?
            .into_iter()
            .map(|main| self.bundle(p0, x0, y0, main, l0))
            .collect()
    }

    /// The zones of [`ZoneGenerator::domination_zones`] cut after their main trajectories
    /// (level 0, with its times): a guard's ways to the point without the negations, which
    /// are most of the cost of those zones and which a search that follows only the guard's
    /// approach never reads.
    pub fn domination_mains(
        &mut self,
        p0: usize,
        y0: Point,
        l0: u32,
    ) -> Result<Vec<Zone>, ZoneError> {
        Ok(self
            .domination_tracks(p0, y0, l0)?
            .into_iter()
            .map(|main| {
                let time = self.dist(&main, true);
                let v = self.stops(&time);
                Zone {
                    entries: vec![ZoneEntry {
                        piece: p0,
                        trajectory: main,
                        time: l0 + 1,
                        level: 0,
                    }],
                    times: vec![marked_times(&v, &time)],
                }
            })
            .collect())
    }

    /// The main trajectories of the domination zones of p0 guarding y0 within l0 moves
    /// ([`ZoneGenerator::domination_zones`]), at most `max_zones` of them.
    fn domination_tracks(
        &mut self,
        p0: usize,
        y0: Point,
        l0: u32,
    ) -> Result<Vec<SharedTrajectory>, ZoneError> {
        let x0 = self.scenario.pieces[p0].at;
        if x0 == y0
            || self.scenario.pieces_at(y0).next().is_some()
            || self.reach(p0, x0, y0, true) > l0
        {
            return Ok(Vec::new());
        }
        let mains = self.tracks(p0, x0, y0, l0, true)?.to_vec();
        let limit = self.options.max_zones;
        if mains.len() > limit {
            return Err(ZoneError::TooMany { limit });
        }
        Ok(mains)
    }

    /// Sets the cap on zones (and bundles, and trajectories listed) of [`ZoneOptions`] and
    /// returns the one it replaces.
    pub fn set_max_zones(&mut self, max_zones: usize) -> usize {
        std::mem::replace(&mut self.options.max_zones, max_zones)
    }

    /// The bundle of one main trajectory (docs/semantics.md §6.8) as one zone: the scan of
    /// [`ZoneGenerator::zones`], but every candidate of a pair joins (the union of the
    /// language's zones with this main trajectory, not their product, which for a main
    /// trajectory of 5 king moves passes 100 000 zones), each point marked for the next level
    /// with the maximum NEXTTIME over them; F1 and F2 look at every entry already in.
    fn bundle(
        &mut self,
        p0: usize,
        x0: Point,
        y0: Point,
        main: SharedTrajectory,
        l0: u32,
    ) -> Result<Zone, ZoneError> {
        // The buffers are taken out of the generator for the scan, which asks the generator
        // for TRACKS while it writes them.
        let mut scratch = std::mem::take(&mut self.scratch);
        let zone = self.bundle_in(&mut scratch, p0, x0, y0, main, l0);
        self.scratch = scratch;
        zone
    }

    /// [`ZoneGenerator::bundle`] with its buffers. The scan of [`ZoneGenerator::zones`] (as
    /// `dist`, `stops`, `level` and `candidates` write it), without their per-candidate
    /// vectors over the board: NEXTTIME lives in one vector that is reset where it was set, a
    /// candidate marks its intermediate stops directly, and F2 looks up the runs through a
    /// trajectory's first stop.
    #[allow(clippy::too_many_arguments)]
    fn bundle_in(
        &mut self,
        scratch: &mut BundleScratch,
        p0: usize,
        x0: Point,
        y0: Point,
        main: SharedTrajectory,
        l0: u32,
    ) -> Result<Zone, ZoneError> {
        let n = self.kernel.n();
        let two_n = self.two_n();
        let (f1, f2) = (self.options.f1, self.options.f2);
        let side = self.scenario.pieces[p0].side;
        scratch.reset(n, two_n, self.occupants.iter().map(|&(x, _)| x));
        let (mut times, mut v) = main_level(scratch, p0, main, l0, n, two_n);
        let mut ends = scan_ends(&v, &scratch.next);
        for p in v.iter() {
            scratch.next[p.index()] = two_n;
        }
        let occupants = std::mem::take(&mut self.occupants);
        let mut joining = std::mem::take(&mut scratch.joining);
        joining.clear();
        let mut w = BitSet::new(n);
        let mut result = Ok(());
        'levels: for depth in 1.. {
            for &(y, l) in &ends {
                // A bundle per main trajectory, and many main trajectories on a large board:
                // the time and memory limits are looked at here as the listing looks at them
                // between zones, so that `--time` stops a search that is generating them.
                if let Some(limit) = crate::deadline::passed() {
                    result = Err(ZoneError::TimeLimit { limit });
                    break 'levels;
                }
                if let Err(e) = self.check_memory() {
                    result = Err(e);
                    break 'levels;
                }
                for (x, pieces) in &occupants {
                    let x = *x;
                    if x == x0 || x == y0 {
                        continue;
                    }
                    // The candidates of the pair (x, y) (`candidates`): filtered against the
                    // zone as it is before any of them joins.
                    for &q in pieces {
                        // Q4, as in `unfiltered`.
                        let d = match self.moves_from[q] {
                            Some(moves) => moves.get(y),
                            None if n <= CAPTURE_TABLE_POINTS => self.capture_reach(q)[y.index()],
                            None => self.reach(q, x, y, true),
                        };
                        let qualifies = if self.scenario.pieces[q].side == side {
                            d == 1
                        } else {
                            d <= l
                        };
                        if !qualifies {
                            continue;
                        }
                        let tracks = match self.track_list(q, x, y, l, true) {
                            Ok(tracks) => tracks,
                            Err(e) => {
                                result = Err(e);
                                break 'levels;
                            }
                        };
                        for (i, t) in tracks.trajectories.iter().enumerate() {
                            let dropped = f1 && tracks.passes(i, v.words())
                                || f2 && scratch.inside(&scratch.entries, t);
                            if !dropped {
                                joining.push((q, t.clone()));
                            }
                        }
                    }
                    for (q, t) in joining.drain(..) {
                        join(scratch, &mut w, (q, t), l, depth, two_n);
                    }
                }
            }
            if w.is_empty() {
                break;
            }
            times.push(marked_times(&w, &scratch.next));
            ends = scan_ends(&w, &scratch.next);
            for p in w.iter() {
                scratch.next[p.index()] = two_n;
            }
            std::mem::swap(&mut v, &mut w);
            w.clear();
        }
        self.occupants = occupants;
        scratch.joining = joining;
        let zone = Zone {
            entries: scratch.entries.drain(..).collect(),
            times,
        };
        result.map(|()| zone)
    }

    /// The zones of p0 toward y0 within l0, the main trajectories ending with a capture step
    /// where `capture` (for a type with attack vectors of its own).
    fn zones_along(
        &mut self,
        p0: usize,
        y0: Point,
        l0: u32,
        capture: bool,
    ) -> Result<Vec<Zone>, ZoneError> {
        // Each zone is held as it is listed (`close_level`), until the listing is handed over.
        let listed = self.list_zones(p0, y0, l0, capture);
        self.listed = Budget::new();
        listed
    }

    /// [`ZoneGenerator::zones_along`], the zones held in `self.listed`.
    fn list_zones(
        &mut self,
        p0: usize,
        y0: Point,
        l0: u32,
        capture: bool,
    ) -> Result<Vec<Zone>, ZoneError> {
        let mut out = Vec::new();
        let x0 = self.scenario.pieces[p0].at;
        let mains = self.tracks(p0, x0, y0, l0, capture)?.to_vec();
        for main in mains {
            let time = self.dist(&main, true);
            let v = self.stops(&time);
            let entry = ZoneEntry {
                piece: p0,
                trajectory: main,
                time: l0 + 1,
                level: 0,
            };
            let times = vec![marked_times(&v, &time)];
            let zone = Zone {
                entries: vec![entry],
                times,
            };
            let level = self.level(&v, &time);
            self.search(p0, x0, y0, zone, level, 1, &mut out)?;
        }
        out.sort();
        out.dedup();
        Ok(out)
    }

    fn level(&self, v: &BitSet, time: &[i64]) -> Level {
        let n = self.kernel.n();
        // The scanner skips marked points whose time is used up (l = TIME(y) <= 0).
        let ends = v
            .iter()
            .map(|y| (y, time[y.index()]))
            .filter(|&(_, l)| l > 0)
            .map(|(y, l)| (y, l as u32))
            .collect();
        Level {
            ends,
            v: v.clone(),
            w: BitSet::new(n),
            next: vec![self.two_n(); n],
        }
    }

    /// The candidates for the pair (x, y) with time l: the trajectories of the pieces on x that
    /// qualify (Q4), after the filters; `inside` says whether a trajectory runs inside one
    /// already in the zone (F2).
    #[allow(clippy::too_many_arguments)]
    fn candidates(
        &mut self,
        p0: usize,
        x: Point,
        y: Point,
        l: u32,
        v: &BitSet,
        inside: &dyn Fn(&[Point]) -> bool,
    ) -> Result<Vec<(usize, SharedTrajectory)>, ZoneError> {
        let mut out = self.unfiltered(p0, x, y, l)?;
        out.retain(|(_, t)| {
            !(self.options.f1 && t[1..t.len() - 1].iter().any(|p| v.contains(*p))
                || self.options.f2 && inside(t))
        });
        Ok(out)
    }

    /// The candidates for the pair (x, y) with time l before the filters: the trajectories of
    /// the pieces on x that qualify (Q4).
    fn unfiltered(
        &mut self,
        p0: usize,
        x: Point,
        y: Point,
        l: u32,
    ) -> Result<Vec<(usize, SharedTrajectory)>, ZoneError> {
        let side = self.scenario.pieces[p0].side;
        let mut out = Vec::new();
        let on_x: Vec<usize> = (0..self.scenario.pieces.len())
            .filter(|&q| self.scenario.pieces[q].at == x)
            .collect();
        for q in on_x {
            let piece = &self.scenario.pieces[q];
            // Negation trajectories end on points the attacked trajectory passes: a piece that
            // attacks with other vectors (a pawn) captures there (decision A13,
            // docs/semantics.md §10).
            let d = self.reach(q, x, y, true);
            let qualifies = if piece.side == side { d == 1 } else { d <= l };
            if !qualifies {
                continue;
            }
            for t in self.tracks(q, x, y, l, true)? {
                out.push((q, t.clone()));
            }
        }
        Ok(out)
    }

    #[allow(clippy::too_many_arguments)]
    fn search(
        &mut self,
        p0: usize,
        x0: Point,
        y0: Point,
        zone: Zone,
        level: Level,
        depth: u32,
        out: &mut Vec<Zone>,
    ) -> Result<(), ZoneError> {
        // The pairs of this level, in scanner order; one choice per pair. Only points that
        // hold a piece can start a trajectory, so the others are left out of the scan.
        let occupied = self.occupied(x0, y0);
        let pairs: Vec<(Point, Point, u32)> = level
            .ends
            .iter()
            .flat_map(|&(y, l)| occupied.iter().map(move |&x| (x, y, l)))
            .collect();
        self.choose(p0, x0, y0, &pairs, 0, zone, level, depth, out)
    }

    #[allow(clippy::too_many_arguments)]
    fn choose(
        &mut self,
        p0: usize,
        x0: Point,
        y0: Point,
        pairs: &[(Point, Point, u32)],
        at: usize,
        zone: Zone,
        level: Level,
        depth: u32,
        out: &mut Vec<Zone>,
    ) -> Result<(), ZoneError> {
        if let Some(limit) = crate::deadline::passed() {
            return Err(ZoneError::TimeLimit { limit });
        }
        self.check_memory()?;
        // Pairs without a candidate are passed over in a loop: recursing on each would nest
        // as deep as the scan is long.
        let mut at = at;
        let (l, candidates) = loop {
            let Some(&(x, y, l)) = pairs.get(at) else {
                return self.close_level(p0, x0, y0, zone, level, depth, out);
            };
            let inside = |t: &[Point]| zone.entries.iter().any(|e| contains_run(&e.trajectory, t));
            let candidates = self.candidates(p0, x, y, l, &level.v, &inside)?;
            if !candidates.is_empty() {
                break (l, candidates);
            }
            at += 1;
        };
        for (q, t) in candidates {
            let mut zone = zone.clone();
            let mut level = level.clone();
            let dist = self.dist(&t, false);
            // TIME(y) - len(t) + 1 (decision A6), kept with ALPHA = max (decision A7);
            // docs/semantics.md §10.
            let k = i64::from(l) - (t.len() as i64 - 1) + 1;
            for (z, d) in dist.iter().enumerate() {
                if *d < self.two_n() {
                    level.w.insert(Point(z as u32));
                    let next = &mut level.next[z];
                    *next = if *next != self.two_n() {
                        (*next).max(k)
                    } else {
                        k
                    };
                }
            }
            zone.entries.push(ZoneEntry {
                piece: q,
                trajectory: t,
                time: l,
                level: depth,
            });
            self.choose(p0, x0, y0, pairs, at + 1, zone, level, depth, out)?;
        }
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    fn close_level(
        &mut self,
        p0: usize,
        x0: Point,
        y0: Point,
        mut zone: Zone,
        level: Level,
        depth: u32,
        out: &mut Vec<Zone>,
    ) -> Result<(), ZoneError> {
        if level.w.is_empty() {
            if out.len() >= self.options.max_zones {
                return Err(ZoneError::TooMany {
                    limit: self.options.max_zones,
                });
            }
            self.listed
                .hold(zone.bytes(), || "the zones listed".into())?;
            out.push(zone);
            return Ok(());
        }
        zone.times.push(marked_times(&level.w, &level.next));
        let next = self.level(&level.w, &level.next);
        self.search(p0, x0, y0, zone, next, depth + 1, out)
    }
}

/// TRACKS_q(x, y, l) listed ([`ZoneGenerator::tracks`]), for `piece`: sorted, distinct.
/// The trajectories are held in `held` as they are listed (the generator keeps them).
#[allow(clippy::too_many_arguments)]
fn listed_tracks(
    kernel: &Kernel,
    options: ZoneOptions,
    piece: &Piece,
    x: Point,
    y: Point,
    l: u32,
    capture: bool,
    held: &mut Budget,
) -> Result<Vec<Trajectory>, ZoneError> {
    let m = kernel.motion(piece.type_index, piece.side, Usage::Move);
    let bundle_options = BundleOptions {
        rule: options.rule,
        simple_only: false,
    };
    let limit = options.max_zones.max(1000);
    let too_many = |e| match e {
        Listing::TooMany(_) => ZoneError::TooManyTrajectories {
            piece: piece.name.clone(),
            limit,
        },
        Listing::Exceeded(e) => ZoneError::from(e),
    };
    // No admissible trajectory is 2 MAP moves long or longer (rule S-16), nor 2n (S-06),
    // and MAP < 2n: lengths past 4n give nothing, however far the horizon.
    let l = l.min(2 * kernel.unreachable());
    let mut all = Vec::new();
    if capture {
        let attacks = kernel.motion(piece.type_index, piece.side, Usage::Attack);
        for &from in kernel.reverse_relation(attacks).successors(y) {
            if from == x {
                all.push(vec![x, y]);
            }
            for k in 1..l {
                for mut t in Bundle::new(kernel, m, x, from, Some(k), bundle_options)
                    .collect_within(limit, held)
                    .map_err(too_many)?
                {
                    t.push(y);
                    all.push(t);
                }
            }
        }
    } else {
        for k in 1..=l {
            all.extend(
                Bundle::new(kernel, m, x, y, Some(k), bundle_options)
                    .collect_within(limit, held)
                    .map_err(too_many)?,
            );
        }
    }
    all.sort();
    all.dedup();
    Ok(all)
}

/// The end points a level scans (as [`ZoneGenerator::level`] lists them): the marked points
/// in enumeration order with l = TIME(y), those whose time is used up (l <= 0) left out.
fn scan_ends(v: &BitSet, time: &[i64]) -> Vec<(Point, u32)> {
    v.iter()
        .map(|y| (y, time[y.index()]))
        .filter(|&(_, l)| l > 0)
        .map(|(y, l)| (y, l as u32))
        .collect()
}

/// The zone's level 0: the main trajectory of p0 as the first of `scratch.entries`, with TIME on
/// its stops after its start (the stop number + 1 where the point first occurs: DIST of the
/// main trajectory); the level's marked times; and those stops, whose times are below 2n.
fn main_level(
    scratch: &mut BundleScratch,
    p0: usize,
    main: SharedTrajectory,
    l0: u32,
    n: usize,
    two_n: i64,
) -> (Vec<Vec<(Point, i64)>>, BitSet) {
    for (k, p) in main.iter().enumerate().skip(1) {
        let slot = &mut scratch.next[p.index()];
        if *slot == two_n {
            *slot = k as i64 + 1;
        }
    }
    let mut v = BitSet::new(n);
    for &p in &main[1..] {
        if scratch.next[p.index()] < two_n {
            v.insert(p);
        }
    }
    scratch.add_runs(0, &main);
    scratch.entries.clear();
    scratch.entries.push(ZoneEntry {
        piece: p0,
        trajectory: main,
        time: l0 + 1,
        level: 0,
    });
    (vec![marked_times(&v, &scratch.next)], v)
}

/// Trajectory `t` of piece `q` joins the zone at `depth` with time `l`: NEXTTIME = max(NEXTTIME,
/// TIME(y) - len(t) + 1) (decisions A6, A7) on its intermediate stops z_k whose DIST, k + 1,
/// is below 2n, which join `w`, the next level's stops.
#[inline]
fn join(
    scratch: &mut BundleScratch,
    w: &mut BitSet,
    (q, t): (usize, SharedTrajectory),
    l: u32,
    depth: u32,
    two_n: i64,
) {
    let k = i64::from(l) - (t.len() as i64 - 1) + 1;
    for (i, p) in t[1..t.len() - 1].iter().enumerate() {
        if i as i64 + 2 >= two_n {
            break;
        }
        w.insert(*p);
        let next = &mut scratch.next[p.index()];
        *next = if *next != two_n { (*next).max(k) } else { k };
    }
    scratch.add_runs(scratch.entries.len(), &t);
    scratch.entries.push(ZoneEntry {
        piece: q,
        trajectory: t,
        time: l,
        level: depth,
    });
}

fn marked_times(v: &BitSet, time: &[i64]) -> Vec<(Point, i64)> {
    // At its exact length (a set's iterator gives no size, and collecting doubled the
    // vector): the caches of positions keep it, counted by [`Zone::bytes`].
    let mut out = Vec::with_capacity(v.len());
    out.extend(v.iter().map(|p| (p, time[p.index()])));
    out
}

/// Whether `part` occurs in `whole` as a contiguous run of stops.
fn contains_run(whole: &[Point], part: &[Point]) -> bool {
    part.len() <= whole.len() && whole.windows(part.len()).any(|w| w == part)
}

/// Gives each entry its negation level from the entries alone (the grammar's strings do not
/// carry it), by replaying the scanner ([`LevelReplay`]).
pub fn assign_levels(entries: &mut [ZoneEntry]) {
    let mut replay = LevelReplay::default();
    for e in entries {
        e.level = replay.level_of(&e.trajectory, e.time);
    }
}

/// The scanner replayed entry by entry, as far as the levels need it: level 1 marks the main
/// trajectory's stops after its start with TIME = stop number + 1; within a level the pairs
/// come in increasing (end, start) order and an entry's time is TIME(end) of its level; each
/// entry marks its intermediate stops for the next level with NEXTTIME = max(NEXTTIME, time -
/// len + 1). Its state after a prefix of a zone is all the levels of the rest depend on, so a
/// reader of the grammar's forest ([`forest`]) keeps it per node.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct LevelReplay {
    /// Whether the main trajectory has been read.
    started: bool,
    level: u32,
    /// TIME of the current level's marked points, sorted by point.
    time: Vec<(Point, i64)>,
    /// NEXTTIME so far, sorted by point.
    next: Vec<(Point, i64)>,
    /// The (end, start) of the entry before, in this level.
    previous: Option<(Point, Point)>,
}

impl LevelReplay {
    /// The level of the next entry of the zone (0: the first, the main trajectory).
    pub fn level_of(&mut self, trajectory: &[Point], time: u32) -> u32 {
        let (Some(&x), Some(&y)) = (trajectory.first(), trajectory.last()) else {
            return self.level;
        };
        if !self.started {
            self.started = true;
            for (k, &p) in trajectory.iter().enumerate().skip(1) {
                if let Err(at) = self.time.binary_search_by_key(&p, |m| m.0) {
                    self.time.insert(at, (p, k as i64 + 1));
                }
            }
            return 0;
        }
        if self.level == 0 {
            self.level = 1;
        }
        loop {
            let in_order = self.previous.is_none_or(|before| (y, x) > before);
            let marked = self
                .time
                .binary_search_by_key(&y, |m| m.0)
                .is_ok_and(|at| self.time[at].1 == i64::from(time));
            if in_order && marked {
                break;
            }
            if self.next.is_empty() {
                // Not a zone the scanner can produce: keep the level rather than loop.
                break;
            }
            self.time = std::mem::take(&mut self.next);
            self.level += 1;
            self.previous = None;
        }
        self.previous = Some((y, x));
        let k = i64::from(time) - (trajectory.len() as i64 - 1) + 1;
        for &z in trajectory.get(1..trajectory.len() - 1).unwrap_or(&[]) {
            match self.next.binary_search_by_key(&z, |m| m.0) {
                Ok(at) => self.next[at].1 = self.next[at].1.max(k),
                Err(at) => self.next.insert(at, (z, k)),
            }
        }
        self.level
    }
}

/// The marked times of a zone ([`Zone::times`]) from its entries alone, for zones that do not
/// carry them (those read from the grammar's sentences): the TIME of the main trajectory's stops
/// after its start (stop number + 1), then per negation level the NEXTTIME its trajectories give
/// their intermediate stops, TIME(y) - len(t) + 1 kept with max, as long as a level marks any.
/// The entries must carry their levels (see [`assign_levels`]).
pub fn replay_times(entries: &[ZoneEntry]) -> Vec<Vec<(Point, i64)>> {
    let mut out = Vec::new();
    let Some(main) = entries.iter().find(|e| e.level == 0) else {
        return out;
    };
    let mut marks: Vec<(Point, i64)> = Vec::new();
    for (k, &p) in main.trajectory.iter().enumerate().skip(1) {
        if !marks.iter().any(|&(q, _)| q == p) {
            marks.push((p, k as i64 + 1));
        }
    }
    let mut level = 0;
    while !marks.is_empty() {
        marks.sort();
        out.push(std::mem::take(&mut marks));
        level += 1;
        for e in entries.iter().filter(|e| e.level == level) {
            let k = i64::from(e.time) - (e.trajectory.len() as i64 - 1) + 1;
            let inner = &e.trajectory[1..e.trajectory.len().saturating_sub(1).max(1)];
            for &z in inner {
                match marks.iter_mut().find(|(q, _)| *q == z) {
                    Some((_, t)) => *t = (*t).max(k),
                    None => marks.push((z, k)),
                }
            }
        }
    }
    out
}

/// One attach pair of the bundle view: every trajectory from `from` to `to` that some zone of
/// the language has at this level, with the times it gets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attach {
    /// The negation level (1 for the trajectories that attack the main one).
    pub level: u32,
    /// The start point x, where the negating piece stands.
    pub from: Point,
    /// The end point y, the marked point it reaches.
    pub to: Point,
    /// Every (piece index, trajectory, time) some zone places on this pair, sorted.
    pub alternatives: Vec<(usize, Trajectory, u32)>,
}

/// The bundle view of a language of zones: per main trajectory, its attach pairs by level and
/// scanner order, each with the union of its alternatives over the zones.
pub fn bundle_view(zones: &[Zone]) -> Vec<(ZoneEntry, Vec<Attach>)> {
    let mut out: Vec<(ZoneEntry, Vec<Attach>)> = Vec::new();
    for zone in zones {
        let Some(main) = zone.entries.first() else {
            continue;
        };
        if out.last().is_none_or(|(m, _)| m != main) {
            out.push((main.clone(), Vec::new()));
        }
        let attaches = &mut out.last_mut().expect("pushed above").1;
        for e in &zone.entries[1..] {
            let (from, to) = (e.trajectory[0], *e.trajectory.last().expect("stops"));
            let alternative = (e.piece, e.trajectory.to_vec(), e.time);
            match attaches
                .iter_mut()
                .find(|a| a.level == e.level && a.from == from && a.to == to)
            {
                Some(a) => {
                    if !a.alternatives.contains(&alternative) {
                        a.alternatives.push(alternative);
                    }
                }
                None => attaches.push(Attach {
                    level: e.level,
                    from,
                    to,
                    alternatives: vec![alternative],
                }),
            }
        }
    }
    for (_, attaches) in &mut out {
        attaches.sort_by_key(|a| (a.level, a.to, a.from));
        for a in attaches.iter_mut() {
            a.alternatives.sort();
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A scenario of the shipped examples.
    fn example(file: &str) -> Scenario {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("examples")
            .join(file);
        Scenario::load(&path).unwrap()
    }

    fn entry(piece: usize, stops: &[u32], time: u32) -> ZoneEntry {
        ZoneEntry {
            piece,
            trajectory: stops.iter().map(|&p| Point(p)).collect(),
            time,
            level: 9,
        }
    }

    #[test]
    fn levels_follow_the_scanner() {
        // The abstract zone of docs/semantics.md §6.1 in scanner order: 1 2 3 4 5 main (TIME 2..5);
        // 6 7 4 and 8 9 4 attach to 4 (level 1, time 4); 11 12 9 and 13 9 to 9 (level 2, time 3);
        // 10 12 to 12 (level 3, time 2).
        let mut entries = vec![
            entry(0, &[1, 2, 3, 4, 5], 5),
            entry(1, &[6, 7, 4], 4),
            entry(2, &[8, 9, 4], 4),
            entry(4, &[11, 12, 9], 3),
            entry(3, &[13, 9], 3),
            entry(5, &[10, 12], 2),
        ];
        assign_levels(&mut entries);
        let levels: Vec<u32> = entries.iter().map(|e| e.level).collect();
        assert_eq!(levels, [0, 1, 1, 2, 2, 3]);
    }

    #[test]
    fn a_pair_visited_again_belongs_to_the_next_level() {
        // b (2) is a stop of the main trajectory (TIME 2) and an intermediate stop of 4 2 1
        // (NEXTTIME 3 - 2 + 1 = 2): the scanner visits (4, 2) at both levels.
        let mut entries = vec![
            entry(0, &[0, 2, 1], 3),
            entry(1, &[4, 2, 1], 3),
            entry(1, &[4, 2], 2),
            entry(1, &[4, 2], 2),
        ];
        assign_levels(&mut entries);
        let levels: Vec<u32> = entries.iter().map(|e| e.level).collect();
        assert_eq!(levels, [0, 1, 1, 2]);
    }

    #[test]
    fn times_replayed_from_the_entries_equal_the_generator_s() {
        for (file, piece, target, horizon, filters) in [
            ("robot-zone-full.scenario", "BOMBER", "h1", 4, true),
            ("robot-zone-full.scenario", "BOMBER", "h1", 4, false),
            ("chess-zone.scenario", "WB", "e5", 2, true),
            ("abstract-zone.scenario", "p0", "5", 4, false),
            ("reti.scenario", "WP", "c8", 4, true),
        ] {
            let s = example(file);
            let k = s.kernel();
            let options = ZoneOptions {
                f1: filters,
                f2: filters,
                ..ZoneOptions::default()
            };
            let p0 = s.pieces.iter().position(|p| p.name == piece).unwrap();
            let y0 = s.board.parse_point(target).unwrap();
            let zones = ZoneGenerator::new(&s, &k, options)
                .zones(p0, y0, horizon)
                .unwrap();
            assert!(!zones.is_empty(), "{file}");
            assert!(zones.iter().any(|z| z.times.len() > 1), "{file}");
            for z in &zones {
                assert_eq!(replay_times(&z.entries), z.times, "{file}: {:?}", z.entries);
            }
        }
    }

    #[test]
    fn a_pawn_s_tabulated_reach_is_its_reach_point_by_point() {
        let mut pawns = 0;
        for file in ["middlegame.scenario", "pawned.scenario", "reti.scenario"] {
            let s = example(file);
            let k = s.kernel();
            let mut generator = ZoneGenerator::new(&s, &k, ZoneOptions::default());
            for q in 0..s.pieces.len() {
                if !generator.separate_attack(q) {
                    continue;
                }
                pawns += 1;
                let x = s.pieces[q].at;
                let table = generator.capture_reach(q).to_vec();
                assert_eq!(table.len(), k.n(), "{file}");
                for y in s.board.points() {
                    let name = s.board.name(y);
                    assert_eq!(
                        table[y.index()],
                        generator.reach(q, x, y, true),
                        "{file} {name}"
                    );
                }
                // Some points within reach, some out of it.
                assert!(table.iter().any(|&d| d < k.unreachable()), "{file}");
                assert!(table.contains(&k.unreachable()), "{file}");
            }
        }
        assert!(pawns >= 16, "{pawns} pawns");
    }

    #[test]
    fn bundles_built_one_after_another_equal_a_fresh_generator_s_and_keep_no_spare_room() {
        // A generator reuses its buffers from bundle to bundle (a search builds thousands a
        // second): what one bundle left in them must change no other.
        for (file, horizon) in [
            ("race10.scenario", 4),
            ("middlegame.scenario", 2),
            ("robot-zone-full.scenario", 4),
        ] {
            let s = example(file);
            let k = s.kernel();
            let mut shared = ZoneGenerator::new(&s, &k, ZoneOptions::default());
            let (mut bundles, mut negations) = (0, 0);
            for p0 in 0..s.pieces.len() {
                for y0 in s.board.points() {
                    let l0 = shared.main_distance(p0, y0);
                    if !s.is_target(p0, y0) || l0 > horizon {
                        continue;
                    }
                    let got = shared.bundles(p0, y0, l0).unwrap();
                    let fresh = ZoneGenerator::new(&s, &k, ZoneOptions::default())
                        .bundles(p0, y0, l0)
                        .unwrap();
                    assert_eq!(got, fresh, "{file}: piece {p0} to {}", s.board.name(y0));
                    for z in &got {
                        // Moved out at their exact length: no spare capacity in the caches.
                        assert_eq!(z.entries.capacity(), z.entries.len(), "{file}");
                        for t in &z.times {
                            assert_eq!(t.capacity(), t.len(), "{file}: a level's times");
                        }
                        negations += z.entries.len() - 1;
                    }
                    bundles += got.len();
                }
            }
            assert!(
                bundles >= 5 && negations >= 10,
                "{file}: {bundles}, {negations}"
            );
        }
    }

    #[test]
    fn the_bundle_view_unites_alternatives_per_pair() {
        let main = entry(0, &[1, 2, 3], 0);
        let z1 = Zone {
            entries: vec![main.clone(), entry(1, &[5, 6, 3], 1)],
            times: vec![],
        };
        let z2 = Zone {
            entries: vec![main.clone(), entry(1, &[5, 7, 3], 1)],
            times: vec![],
        };
        let view = bundle_view(&[z1, z2]);
        assert_eq!(view.len(), 1);
        assert_eq!(view[0].1.len(), 1);
        assert_eq!(view[0].1[0].alternatives.len(), 2);
    }
}
