//! The zone network of an attack (docs/semantics.md §6.10): per main trajectory, every attach
//! entry (level, pair, trajectory, time) that occurs in at least one zone of the language,
//! found without enumerating the product of choices.
//!
//! An entry is in the network iff some zone holds it. Every partial zone completes (a pair
//! without candidates is passed over, a level without marks closes the zone), so an entry is in
//! the network iff some run of the scanner reaches its pair with the entry's time and the
//! trajectory among the candidates after the filters.
//!
//! Where the memoised count of docs/semantics.md §6.9 finishes, its view is the network.
//! Past its cap the network is searched:
//!
//! 1. **Over-approximation** (`bounds`). Level by level, every (point, time) some zone *may*
//!    mark: level 1 is the main trajectory's (exact); a mark (y, l) of level j gives, through
//!    every candidate of every pair (x, y), the mark (z, l - len + 1) to each of its
//!    intermediate stops. Facts that hold in every zone (certain marks, entries F1 or F2 drop
//!    in every zone) tighten it.
//! 2. **Witnesses.** Zones built by the scanner's own rules (the first candidate of each pair,
//!    and a few seeded random choices) prove their entries. Not only the entries they choose:
//!    every partial zone completes, so every candidate that survives the filters at a pair a
//!    pass (of any step) reaches is held by some zone, and is proved there and then.
//! 3. **Chains** (`guided`). An entry no consistent chain of entries leads to is refuted;
//!    otherwise passes of the scanner steered along chains drawn at random look for a zone
//!    holding it.
//! 4. **Targeted search.** For each entry still open, a depth-first run of the scanner looks
//!    for a zone that holds it, pruned by the over-approximation read backwards and by the
//!    pairs *forced to spoil* it (a level with a pair whose every candidate drops the entry
//!    through F2 or F1, or a mark that makes such a pair whatever else the level holds), and
//!    memoised on failed states. A zone found proves every entry it holds; a search that ends
//!    without one refutes the entry; one that passes its step cap, or finds the attack's budget of
//!    steps spent, leaves the entry **undecided**, reported as such and never silently put in
//!    or left out.

mod bounds;
mod guided;

use std::rc::Rc;

use rustc_hash::{FxHashMap, FxHashSet};

use super::interned::{Candidates, Interned};
use super::{Attach, Zone, ZoneEntry, ZoneError, ZoneGenerator, contains_run, replay_times};
use crate::bitset::BitSet;
use crate::board::Point;
use crate::bundle::Trajectory;
use crate::random::SplitMix;

/// The most scanner steps one targeted search takes before it calls its entry undecided.
pub const WITNESS_STEPS: usize = 5_000;
/// The most scanner steps the targeted searches of one attack take in all: past them the
/// entries left are undecided, so that no attack blocks the command.
pub const NETWORK_STEPS: usize = 200_000;
/// The states the memoised count with the view may use inside [`ZoneGenerator::network`]
/// (unless `max_zones` is raised above its default): past them the view is searched (a view
/// that needs more states would take longer than the search), and the count goes on without
/// the view up to the cap of [`ZoneGenerator::summary`], so that it is exact wherever that one
/// is.
pub const NETWORK_COUNT_STATES: usize = 10_000;
/// Guided passes (each along a chain drawn at random) per entry before the exhaustive search.
const GUIDED_TRIES: usize = 4;
/// Random zones per main trajectory that prove entries before the targeted searches.
const RANDOM_ZONES: usize = 8;

/// How many zones a language has: exactly, or (where counting them stopped at a cap on the
/// count's own work) at least this many, with the cap named.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Count {
    /// The language has exactly this many zones.
    Exact(u128),
    /// A lower bound: the language has this many zones or more, the count having stopped at
    /// `CountCap`.
    AtLeast(u128, CountCap),
}

/// The cap at which a count of zones stopped, leaving a lower bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CountCap {
    /// The memoised walk of docs/semantics.md §6.9 passed this many states
    /// ([`ZoneError::TooManyStates`]): the bound is the one its first level gives
    /// (`ZoneGenerator::lower_bound`).
    States(usize),
    /// The count passed `u128::MAX` (held there).
    Bits,
}

impl std::fmt::Display for CountCap {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CountCap::States(limit) => {
                write!(f, "the count stopped at its cap of {} states", limit)
            }
            CountCap::Bits => write!(f, "the count passed 128 bits"),
        }
    }
}

impl Count {
    /// The number (exact, or the lower bound).
    pub fn value(self) -> u128 {
        match self {
            Count::Exact(n) | Count::AtLeast(n, _) => n,
        }
    }

    /// Whether the count is exact rather than a lower bound.
    pub fn is_exact(self) -> bool {
        matches!(self, Count::Exact(_))
    }

    /// The cap the count stopped at, where it is a lower bound.
    pub fn cap(self) -> Option<CountCap> {
        match self {
            Count::Exact(_) => None,
            Count::AtLeast(_, cap) => Some(cap),
        }
    }
}

/// An entry of the over-approximation that the targeted search could neither prove nor refute
/// within [`WITNESS_STEPS`]: it may or may not be in the network.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Undecided {
    /// Index into [`ZoneNetwork::view`]: the main trajectory.
    pub main: usize,
    /// The negation level of the attach pair ([`Attach::level`]).
    pub level: u32,
    /// The start point of the pair, where the piece stands.
    pub from: Point,
    /// The end point of the pair, the marked point reached.
    pub to: Point,
    /// The (piece index, trajectory, time) left undecided on that pair.
    pub alternative: (usize, Trajectory, u32),
}

/// The zone network of an attack: per main trajectory its attach pairs by level, each with
/// every alternative (piece, trajectory, time) some zone of the language has there, in the
/// shape of [`super::bundle_view`] (which gives the same from the listed zones); the entries
/// left undecided (none, unless a search passed its cap); and the number of zones.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ZoneNetwork {
    /// Per main trajectory, its attach pairs in bundle-view order with their alternatives.
    pub view: Vec<(ZoneEntry, Vec<Attach>)>,
    /// The entries the targeted searches could not decide within their step caps.
    pub undecided: Vec<Undecided>,
    /// How many zones the language has, exactly or at least.
    pub count: Count,
}

/// An attach entry of a zone as the network keys it: (level, to, from, piece, trajectory id,
/// time), ordered as the bundle view lists them.
type Key = (u32, Point, Point, usize, u32, u32);

/// A pair of a level: start, end, time and candidates.
type Pair = (Point, Point, u32, Candidates);

/// A mark: a point and its time.
type Mark = (Point, i64);

/// Per mark of a level, the marks of the level before that can give it.
type Preds = FxHashMap<Mark, Vec<Mark>>;

/// A state of a targeted search as its memo keys it: (level id, pair, next marks, F2 runs).
type Visited = FxHashSet<(u32, usize, Vec<Mark>, Vec<u32>)>;

/// The pairs of one level of one partial zone: its marks, the pairs in scanner order with
/// their candidates before the filters, and for pruning, per (point, NEXTTIME) the last pair
/// that has a candidate marking it so.
struct Level {
    depth: u32,
    id: u32,
    v: BitSet,
    pairs: Vec<Pair>,
    last_cover: FxHashMap<(Point, i64), usize>,
}

/// Where the scanner is: a level, the pair to choose next, the next level's marks so far
/// (sorted by point), and the entries chosen.
#[derive(Clone)]
struct State {
    level: Rc<Level>,
    at: usize,
    next: Vec<(Point, i64)>,
    entries: Vec<Key>,
    /// With F2: the trajectories some zone of this main trajectory can hold that are runs of
    /// an entry chosen (sorted): F2 drops exactly these among the candidates still to come.
    runs: Vec<u32>,
}

/// One targeted search: the entry sought, and per level the marks from which its mark is
/// reachable in the over-approximation.
struct Goal {
    key: Key,
    /// back[j]: the (point, time) of level j that lead to the goal's mark at its level.
    back: Vec<FxHashSet<(Point, i64)>>,
    /// Per level id met, the last of its pairs that spoils the goal in every zone choosing it
    /// ([`Net::last_forced`]).
    forced: FxHashMap<u32, Option<usize>>,
    /// Per level j (index), the times each point can be marked with there in the
    /// over-approximation (sorted): the main trajectory's, shared by its goals.
    times: Rc<LevelTimes>,
    /// Per (level, point, time) met, whether that mark spoils the goal in every zone
    /// ([`Net::poisoned`]).
    poison: FxHashMap<(u32, Point, i64), bool>,
}

/// Per level j (index), the times each point can be marked with there (sorted).
type LevelTimes = Vec<FxHashMap<Point, Vec<i64>>>;

/// The possible marks' times per level, read off `preds` (`preds[j - 1]` holds, as keys, the
/// possible marks of level j, j >= 2): computed once per main trajectory, not per goal.
fn level_times(preds: &[Preds]) -> Rc<LevelTimes> {
    let mut times: LevelTimes = vec![FxHashMap::default(); 2];
    for p in preds.iter().skip(1) {
        let mut here: FxHashMap<Point, Vec<i64>> = FxHashMap::default();
        for &(z, k) in p.keys() {
            here.entry(z).or_default().push(k);
        }
        for v in here.values_mut() {
            v.sort_unstable();
        }
        times.push(here);
    }
    Rc::new(times)
}

impl Goal {
    fn new(preds: &[Preds], times: &Rc<LevelTimes>, key: Key) -> Self {
        Goal {
            key,
            back: backwards(preds, key),
            forced: FxHashMap::default(),
            times: times.clone(),
            poison: FxHashMap::default(),
        }
    }
}

struct Net<'g, 's> {
    g: &'g mut ZoneGenerator<'s>,
    p0: usize,
    occupied: Vec<Point>,
    /// The trajectories met, by id, and the candidates of the pairs met.
    interned: Interned,
    levels: FxHashMap<(u32, Vec<Mark>), Rc<Level>>,
    /// The main trajectory now walked, and its runs (sorted; every run of it is interned).
    main: u32,
    main_runs: Vec<u32>,
    steps: usize,
    /// The trajectories of the plain over-approximation of this main trajectory's entries
    /// (sorted; a superset of the tightened one, which F2 must read), and per trajectory met,
    /// those of them that are its runs.
    possible: Vec<u32>,
    runs_of: FxHashMap<u32, Rc<Vec<u32>>>,
    /// Per trajectory id, one more than the deepest level of a possible entry with that
    /// trajectory (0 for none): at depth d, the runs F2 can still read are those with a value
    /// above d, so the only ones a memo key keeps. (Indexed by id: every search step reads it.)
    choosable_to: Vec<u32>,
    /// The entries of this main trajectory's network found so far: every choice offered at a
    /// partial zone the scanner reached ([`Net::choices`]).
    proved: FxHashSet<Key>,
    /// How many states of the targeted searches a pair forced to spoil the goal cut: at its
    /// own level ([`Net::last_forced`]), and from a mark of the level below
    /// ([`Net::poisoned`]). Read by the tests, which check that both rules fire.
    pruned: (usize, usize),
}

/// The count a finished memoised count gives: exact, unless it passed `u128::MAX`.
fn count_of(s: &super::ZoneSummary) -> Count {
    if s.saturated {
        Count::AtLeast(s.count, CountCap::Bits)
    } else {
        Count::Exact(s.count)
    }
}

fn empty_network() -> ZoneNetwork {
    ZoneNetwork {
        view: Vec::new(),
        undecided: Vec::new(),
        count: Count::Exact(0),
    }
}

impl ZoneGenerator<'_> {
    /// The zone network of p0 attacking y0 within l0 (docs/semantics.md §6.10), and the number
    /// of its zones. Where the memoised count ([`ZoneGenerator::summary`]) finishes within
    /// [`NETWORK_COUNT_STATES`], its view is the network, exact, with the exact count; past it
    /// the view is searched ([`ZoneGenerator::network_searched`]) and the count is counted
    /// without the view within `summary`'s cap ([`ZoneGenerator::count_within`]): exact where
    /// `summary`'s is, a lower bound past it. `max_zones` raises the caps only.
    pub fn network(&mut self, p0: usize, y0: Point, l0: u32) -> Result<ZoneNetwork, ZoneError> {
        if !self.applies(p0, y0, l0) {
            return Ok(empty_network());
        }
        // The count first, without the view (the cheaper walk): how many states it needs
        // tells whether the walk with the view is worth running, so that no attack runs that
        // walk to its cap in vain.
        let counted = match self.count_with_states(p0, y0, l0, self.count_states()) {
            Ok((s, states)) => Ok((count_of(&s), states)),
            Err(ZoneError::TooManyStates { limit }) => Err(CountCap::States(limit)),
            Err(e) => return Err(e),
        };
        if let Ok((count, states)) = counted
            && states <= self.network_count_states()
        {
            match self.summary_within(p0, y0, l0, self.network_count_states()) {
                Ok(s) => {
                    return Ok(ZoneNetwork {
                        view: s.view,
                        undecided: Vec::new(),
                        count,
                    });
                }
                Err(ZoneError::TooManyStates { .. }) => {}
                Err(e) => return Err(e),
            }
        }
        let mains = self.mains(p0, y0, l0)?;
        let (view, undecided) = self.searched_view(p0, y0, l0, &mains)?;
        let count = match counted {
            Ok((count, _)) => count,
            Err(cap) => self.lower_bound(p0, y0, &mains, cap)?,
        };
        Ok(ZoneNetwork {
            view,
            undecided,
            count,
        })
    }

    /// The zone network of p0 attacking y0 within l0 found by search alone (steps 1 to 3 of
    /// docs/semantics.md §6.10), whatever the memoised count would give, with its count as
    /// [`ZoneGenerator::network`] gives it. What [`ZoneGenerator::network`] does past the
    /// count's cap; the tests run it on small languages to check it against the listing.
    pub fn network_searched(
        &mut self,
        p0: usize,
        y0: Point,
        l0: u32,
    ) -> Result<ZoneNetwork, ZoneError> {
        if !self.applies(p0, y0, l0) {
            return Ok(empty_network());
        }
        let mains = self.mains(p0, y0, l0)?;
        let (view, undecided) = self.searched_view(p0, y0, l0, &mains)?;
        let count = self.count_or_bound(p0, y0, l0, &mains)?;
        Ok(ZoneNetwork {
            view,
            undecided,
            count,
        })
    }

    /// The cap on the memoised count's states inside the network: [`NETWORK_COUNT_STATES`],
    /// or `max_zones` where it is raised above its default (`--max-zones`).
    fn network_count_states(&self) -> usize {
        let default = super::ZoneOptions::default().max_zones;
        if self.options.max_zones > default {
            self.options.max_zones
        } else {
            NETWORK_COUNT_STATES
        }
    }

    /// The main trajectories of an attack that applies.
    fn mains(&mut self, p0: usize, y0: Point, l0: u32) -> Result<Vec<Trajectory>, ZoneError> {
        let capture = self.captures_at(p0, y0);
        let x0 = self.scenario.pieces[p0].at;
        Ok(self
            .tracks(p0, x0, y0, l0, capture)?
            .iter()
            .map(|t| t.to_vec())
            .collect())
    }

    /// The network's view and undecided entries, searched main trajectory by main
    /// trajectory within [`NETWORK_STEPS`] in all (shared evenly among the main
    /// trajectories still to search).
    #[allow(clippy::type_complexity)]
    fn searched_view(
        &mut self,
        p0: usize,
        y0: Point,
        l0: u32,
        mains: &[Trajectory],
    ) -> Result<(Vec<(ZoneEntry, Vec<Attach>)>, Vec<Undecided>), ZoneError> {
        let mut net = Net::new(self, p0, y0);
        let mut view = Vec::new();
        let mut all_undecided = Vec::new();
        for (m, main) in mains.iter().enumerate() {
            let budget = NETWORK_STEPS.saturating_sub(net.steps) / (mains.len() - m);
            let (attaches, undecided) = net.main_network(main, budget)?;
            all_undecided.extend(undecided.into_iter().map(|(k, t)| Undecided {
                main: m,
                level: k.0,
                from: k.2,
                to: k.1,
                alternative: (k.3, t, k.5),
            }));
            view.push((
                ZoneEntry {
                    piece: p0,
                    trajectory: main.as_slice().into(),
                    time: l0 + 1,
                    level: 0,
                },
                attaches,
            ));
        }
        Ok((view, all_undecided))
    }

    /// The cap on the states of the count: [`ZoneGenerator::summary`]'s,
    /// `max(max_zones, MAX_STATES)`, so that the network's count is exact wherever that one is.
    fn count_states(&self) -> usize {
        self.options.max_zones.max(super::MAX_STATES)
    }

    /// The number of zones: the memoised count without the view
    /// ([`ZoneGenerator::count_within`]) where it finishes within the cap of
    /// [`ZoneGenerator::summary`], so that the network's count is exact wherever the summary's
    /// is; else a lower bound ([`ZoneGenerator::lower_bound`]).
    fn count_or_bound(
        &mut self,
        p0: usize,
        y0: Point,
        l0: u32,
        mains: &[Trajectory],
    ) -> Result<Count, ZoneError> {
        match self.count_within(p0, y0, l0, self.count_states()) {
            Ok(s) => Ok(count_of(&s)),
            Err(ZoneError::TooManyStates { limit }) => {
                self.lower_bound(p0, y0, mains, CountCap::States(limit))
            }
            Err(e) => Err(e),
        }
    }

    /// At least one zone per main trajectory, or more
    /// ([`ZoneGenerator::first_level_bound`]), the count having stopped at `cap`.
    fn lower_bound(
        &mut self,
        p0: usize,
        y0: Point,
        mains: &[Trajectory],
        cap: CountCap,
    ) -> Result<Count, ZoneError> {
        let mut total: u128 = 0;
        for main in mains {
            total = total.saturating_add(self.first_level_bound(p0, y0, main)?);
        }
        Ok(Count::AtLeast(total, cap))
    }

    /// A lower bound on the zones of one main trajectory: the product, over the first level's
    /// pairs, of how many candidates no filter can drop there (F1 reads the first level's marks,
    /// which are the main trajectory's and known; F2 can drop a candidate only if it is a run of
    /// the main trajectory or of a candidate of an earlier pair). Different choices among them
    /// give different first levels, so different zones; a pair with none counts 1.
    fn first_level_bound(
        &mut self,
        p0: usize,
        y0: Point,
        main: &[Point],
    ) -> Result<u128, ZoneError> {
        let x0 = self.scenario.pieces[p0].at;
        let time = self.dist(main, true);
        let v = self.stops(&time);
        let level = self.level(&v, &time);
        let occupied = self.occupied(x0, y0);
        let mut earlier: Vec<Trajectory> = vec![main.to_vec()];
        let mut product: u128 = 1;
        for &(y, l) in &level.ends {
            for &x in &occupied {
                let cands = self.unfiltered(p0, x, y, l)?;
                let robust = cands
                    .iter()
                    .filter(|(_, t)| {
                        !(self.options.f1 && t[1..t.len() - 1].iter().any(|p| v.contains(*p))
                            || self.options.f2 && earlier.iter().any(|e| contains_run(e, t)))
                    })
                    .count();
                product = product.saturating_mul(robust.max(1) as u128);
                earlier.extend(cands.into_iter().map(|(_, t)| t.to_vec()));
            }
        }
        Ok(product)
    }

    /// One zone of the language of p0 attacking y0 within l0, chosen with the seed: a main
    /// trajectory uniformly, then for each pair in scanner order one of its candidates (after
    /// the filters) uniformly. Not uniform over the zones (a choice that leads to more zones
    /// is not drawn more often); `None` where the language is empty.
    pub fn random_zone(
        &mut self,
        p0: usize,
        y0: Point,
        l0: u32,
        seed: u64,
    ) -> Result<Option<Zone>, ZoneError> {
        if !self.applies(p0, y0, l0) {
            return Ok(None);
        }
        let capture = self.captures_at(p0, y0);
        let x0 = self.scenario.pieces[p0].at;
        let mains = self.tracks(p0, x0, y0, l0, capture)?.to_vec();
        let mut rng = SplitMix(seed);
        let main = mains[rng.below(mains.len() as u64) as usize].clone();
        let mut net = Net::new(self, p0, y0);
        net.set_main(&main);
        net.possible(&main)?;
        let start = net.start(&main)?;
        let keys = net.complete(start, Some(&mut rng))?;
        let mut entries = vec![ZoneEntry {
            piece: p0,
            trajectory: main,
            time: l0 + 1,
            level: 0,
        }];
        entries.extend(keys.iter().map(|&(level, _, _, piece, t, time)| ZoneEntry {
            piece,
            trajectory: net.interned[t].as_slice().into(),
            time,
            level,
        }));
        let times = replay_times(&entries);
        Ok(Some(Zone { entries, times }))
    }
}

/// `marks` with NEXTTIME `k` given to `stops`, kept with max (ALPHA = max, decision A7).
fn mark(marks: &mut Vec<(Point, i64)>, stops: &[Point], k: i64) {
    for &z in stops {
        match marks.binary_search_by_key(&z, |m| m.0) {
            Ok(i) => marks[i].1 = marks[i].1.max(k),
            Err(i) => marks.insert(i, (z, k)),
        }
    }
}

impl<'g, 's> Net<'g, 's> {
    fn new(g: &'g mut ZoneGenerator<'s>, p0: usize, y0: Point) -> Self {
        let x0 = g.scenario.pieces[p0].at;
        let occupied: Vec<Point> = g
            .kernel
            .board()
            .points()
            .filter(|&x| x != x0 && x != y0 && g.scenario.pieces.iter().any(|q| q.at == x))
            .collect();
        Net {
            g,
            p0,
            occupied,
            interned: Interned::default(),
            levels: FxHashMap::default(),
            main: 0,
            main_runs: Vec::new(),
            steps: 0,
            possible: Vec::new(),
            runs_of: FxHashMap::default(),
            choosable_to: Vec::new(),
            proved: FxHashSet::default(),
            pruned: (0, 0),
        }
    }

    fn intern(&mut self, t: &[Point]) -> u32 {
        self.interned.intern(t).0
    }

    /// The candidates of (x, y) with time l before the filters, interned.
    fn unfiltered(&mut self, x: Point, y: Point, l: u32) -> Result<Candidates, ZoneError> {
        let (g, p0) = (&mut *self.g, self.p0);
        self.interned.candidates(
            (x, y, l),
            || g.unfiltered(p0, x, y, l),
            |i, t| i.intern(t).0,
        )
    }

    /// The possible trajectories (of this main trajectory's zones) that are runs of `t`
    /// (sorted), `t` among them if it is possible.
    fn runs_of(&mut self, t: u32) -> Rc<Vec<u32>> {
        if let Some(r) = self.runs_of.get(&t) {
            return r.clone();
        }
        let whole = &self.interned[t];
        let mut runs: Vec<u32> = Vec::new();
        for from in 0..whole.len() {
            for to in from + 2..=whole.len() {
                if let Some(id) = self.interned.id(&whole[from..to])
                    && self.possible.binary_search(&id).is_ok()
                {
                    runs.push(id);
                }
            }
        }
        runs.sort_unstable();
        runs.dedup();
        let runs = Rc::new(runs);
        self.runs_of.insert(t, runs.clone());
        runs
    }

    /// Makes `main` the main trajectory walked, with its runs.
    fn set_main(&mut self, main: &[Point]) {
        self.main = self.intern(main);
        self.main_runs.clear();
        for from in 0..main.len() {
            for to in from + 2..=main.len() {
                let run = self.intern(&main[from..to]);
                self.main_runs.push(run);
            }
        }
        self.main_runs.sort_unstable();
        self.main_runs.dedup();
    }

    /// Whether F2 drops `t` for the main trajectory, in every zone.
    fn run_of_main(&self, t: u32) -> bool {
        self.g.options.f2 && self.main_runs.binary_search(&t).is_ok()
    }

    /// The level at `depth` with these marks (sorted by point), shared between the partial
    /// zones that reach it.
    fn level(&mut self, depth: u32, marks: Vec<(Point, i64)>) -> Result<Rc<Level>, ZoneError> {
        let key = (depth, marks);
        if let Some(level) = self.levels.get(&key) {
            return Ok(level.clone());
        }
        let marks = &key.1;
        let v = BitSet::from_points(self.g.kernel.n(), marks.iter().map(|m| m.0));
        let mut pairs = Vec::new();
        let mut last_cover = FxHashMap::default();
        for &(y, l) in marks {
            if l < 1 {
                continue;
            }
            for i in 0..self.occupied.len() {
                let x = self.occupied[i];
                let cands = self.unfiltered(x, y, l as u32)?;
                if cands.is_empty() {
                    continue;
                }
                for &(_, t) in cands.iter() {
                    let k = self.interned.next_time(l as u32, t);
                    for &z in self.interned.inner(t) {
                        last_cover.insert((z, k), pairs.len());
                    }
                }
                pairs.push((x, y, l as u32, cands));
            }
        }
        let level = Rc::new(Level {
            depth,
            id: self.levels.len() as u32,
            v,
            pairs,
            last_cover,
        });
        self.levels.insert(key, level.clone());
        Ok(level)
    }

    /// The first state of the zones of a main trajectory.
    fn start(&mut self, main: &[Point]) -> Result<State, ZoneError> {
        let time = self.g.dist(main, true);
        let v = self.g.stops(&time);
        let marks = super::marked_times(&v, &time);
        let level = self.level(1, marks)?;
        Ok(State {
            level,
            at: 0,
            next: Vec::new(),
            entries: Vec::new(),
            runs: Vec::new(),
        })
    }

    /// The choices of the pair `state.at` after the filters (F1 reads the level's marks, F2
    /// the main trajectory and the entries chosen). Every one of them is an entry of the
    /// network, recorded in `proved`: `state` is a partial zone the scanner reaches, and every
    /// partial zone completes (a pair without candidates is passed over, a level without marks
    /// closes the zone), so each choice there is held by some zone.
    fn choices(&mut self, state: &State) -> Vec<(usize, u32)> {
        let (f1, f2) = (self.g.options.f1, self.g.options.f2);
        let (x, y, l, cands) = &state.level.pairs[state.at];
        let choices: Vec<(usize, u32)> = cands
            .iter()
            .copied()
            .filter(|&(_, t)| {
                !(f1 && self
                    .interned
                    .inner(t)
                    .iter()
                    .any(|&p| state.level.v.contains(p))
                    || f2 && (self.run_of_main(t) || state.runs.binary_search(&t).is_ok()))
            })
            .collect();
        let depth = state.level.depth;
        self.proved
            .extend(choices.iter().map(|&(q, t)| (depth, *y, *x, q, t, *l)));
        choices
    }

    /// `state` with `choice` made at its pair (or the pair passed over).
    fn advance(&mut self, state: &State, choice: Option<(usize, u32)>) -> State {
        let mut s = state.clone();
        self.advance_in_place(&mut s, choice);
        s
    }

    /// [`Net::advance`] on `s` itself: what a pass that never backtracks uses, sparing a copy
    /// of the entries chosen at every step.
    fn advance_in_place(&mut self, s: &mut State, choice: Option<(usize, u32)>) {
        let (x, y, l, _) = s.level.pairs[s.at];
        if let Some((q, t)) = choice {
            let k = self.interned.next_time(l, t);
            mark(&mut s.next, self.interned.inner(t), k);
            s.entries.push((s.level.depth, y, x, q, t, l));
            if self.g.options.f2 {
                let runs = self.runs_of(t);
                super::summary::merge_runs(&mut s.runs, &runs, |_| true);
            }
        }
        s.at += 1;
    }

    /// The state after the level of `state` closes: the next level, or `None` where no point
    /// is marked (the zone is complete).
    fn close(&mut self, state: State) -> Result<Option<State>, ZoneError> {
        if state.next.is_empty() {
            return Ok(None);
        }
        let level = self.level(state.level.depth + 1, state.next)?;
        Ok(Some(State {
            level,
            at: 0,
            next: Vec::new(),
            entries: state.entries,
            runs: state.runs,
        }))
    }

    /// The entries of a zone completing `state`: each pair's first choice, or a random one.
    fn complete(
        &mut self,
        mut state: State,
        mut rng: Option<&mut SplitMix>,
    ) -> Result<Vec<Key>, ZoneError> {
        loop {
            if state.at == state.level.pairs.len() {
                match self.close(state.clone())? {
                    Some(s) => {
                        state = s;
                        continue;
                    }
                    None => return Ok(state.entries),
                }
            }
            let choices = self.choices(&state);
            let choice = match (&mut rng, choices.len()) {
                (_, 0) => None,
                (Some(r), n) => Some(choices[r.below(n as u64) as usize]),
                (None, _) => Some(choices[0]),
            };
            self.advance_in_place(&mut state, choice);
        }
    }

    /// Makes `main` the main trajectory searched: its possible entries and their marks' origins
    /// (step 1), with the bookkeeping the searches read; nothing proved yet.
    fn prepare(&mut self, main: &[Point]) -> Result<(Vec<Key>, Vec<Preds>), ZoneError> {
        self.set_main(main);
        self.levels.clear();
        let (possible, preds) = self.possible(main)?;
        self.choosable_to = vec![0; self.interned.len()];
        for k in &possible {
            let to = &mut self.choosable_to[k.4 as usize];
            *to = (*to).max(k.0 + 1);
        }
        self.proved.clear();
        Ok((possible, preds))
    }

    /// The network of one main trajectory: its attach pairs, and the entries left undecided.
    #[allow(clippy::type_complexity)]
    fn main_network(
        &mut self,
        main: &[Point],
        mut total: usize,
    ) -> Result<(Vec<Attach>, Vec<(Key, Trajectory)>), ZoneError> {
        let (possible, preds) = self.prepare(main)?;
        self.look()?;
        let start = self.start(main)?;
        self.complete(start.clone(), None)?;
        let mut rng = SplitMix(u64::from(self.main) ^ 0x5eed);
        for _ in 0..RANDOM_ZONES {
            self.look()?;
            if possible.iter().all(|k| self.proved.contains(k)) {
                break;
            }
            self.complete(start.clone(), Some(&mut rng))?;
        }
        // Guided witnesses, the deepest entries first: a zone found for a deep entry holds
        // entries of every level above.
        let mut by_mark: guided::ByMark = FxHashMap::default();
        for &k in &possible {
            by_mark.entry((k.0, k.1, k.5)).or_default().push(k);
        }
        let mut refuted: FxHashSet<Key> = FxHashSet::default();
        for &key in possible.iter().rev() {
            self.look()?;
            if self.proved.contains(&key) {
                continue;
            }
            let back = backwards(&preds, key);
            let reach = self.chains(key, &back, &by_mark);
            if self.refuted(key, &reach) {
                refuted.insert(key);
                continue;
            }
            for _ in 0..GUIDED_TRIES {
                self.look()?;
                if self.proved.contains(&key) || total == 0 {
                    break;
                }
                let Some(chain) = self.chain(key, &reach, &mut rng) else {
                    break;
                };
                let found = self.guided(start.clone(), &chain, &mut rng, &mut total)?;
                if let Some(found) = found {
                    self.complete(found, None)?;
                }
            }
        }
        let mut undecided = Vec::new();
        let times = level_times(&preds);
        // Then the exhaustive search, the deepest first.
        for &key in possible.iter().rev() {
            self.look()?;
            if self.proved.contains(&key) || refuted.contains(&key) {
                continue;
            }
            let mut goal = Goal::new(&preds, &times, key);
            let mut failed: Visited = FxHashSet::default();
            let cap = WITNESS_STEPS.min(total);
            let mut budget = cap;
            let found = self.witness(start.clone(), &mut goal, &mut failed, &mut budget)?;
            total -= cap - budget;
            match found {
                Some(found) => {
                    self.complete(found, None)?;
                    debug_assert!(self.proved.contains(&key));
                }
                None if budget == 0 => undecided.push((key, self.interned[key.4].clone())),
                None => {}
            }
        }
        // An entry a later search proved (its zone passed the pair) is decided after all.
        undecided.retain(|(k, _)| !self.proved.contains(k));
        let mut keys: Vec<Key> = std::mem::take(&mut self.proved).into_iter().collect();
        keys.sort_unstable();
        let mut attaches: Vec<Attach> = Vec::new();
        for (level, to, from, piece, t, time) in keys {
            let alternative = (piece, self.interned[t].clone(), time);
            match attaches.last_mut() {
                Some(a) if (a.level, a.to, a.from) == (level, to, from) => {
                    a.alternatives.push(alternative)
                }
                _ => attaches.push(Attach {
                    level,
                    from,
                    to,
                    alternatives: vec![alternative],
                }),
            }
        }
        for a in &mut attaches {
            a.alternatives.sort();
        }
        Ok((attaches, undecided))
    }

    /// Whether some (point, time) of `back` can still be the next level's mark: as it stands,
    /// or raised to it by a pair of this level still to choose.
    fn can_lead(&self, state: &State, back: &FxHashSet<(Point, i64)>) -> bool {
        back.iter().any(|&(z, v)| {
            let now = state
                .next
                .binary_search_by_key(&z, |m| m.0)
                .ok()
                .map(|i| state.next[i].1);
            match now {
                Some(n) if n > v => false,
                Some(n) if n == v => true,
                _ => state
                    .level
                    .last_cover
                    .get(&(z, v))
                    .is_some_and(|&last| last >= state.at),
            }
        })
    }

    /// Whether the filters drop the goal's trajectory at its pair in every completion of
    /// `state`: F2, where it is a run of an entry chosen; F1, where one of its intermediate
    /// stops is marked at the goal's level (the marks of that level only grow while the level
    /// before is chosen, and are fixed at it).
    fn spoiled(&self, state: &State, goal: &Goal) -> bool {
        let (gd, .., gt, _) = goal.key;
        let depth = state.level.depth;
        if self.g.options.f2 && state.runs.binary_search(&gt).is_ok() {
            return true;
        }
        if !self.g.options.f1 {
            return false;
        }
        let inner = self.interned.inner(gt);
        if depth == gd {
            inner.iter().any(|&z| state.level.v.contains(z))
        } else if depth + 1 == gd {
            inner
                .iter()
                .any(|&z| state.next.binary_search_by_key(&z, |m| m.0).is_ok())
        } else {
            false
        }
    }

    /// The last pair of `level` (the goal's level or one above; at the goal's level, a pair
    /// before the goal's) *forced to spoil* the goal: it has candidates that survive F1 (the
    /// level's marks) and the main trajectory's F2, and every one of them spoils the goal —
    /// with F2, it has the goal's trajectory as a run; with F1 at the level above the goal's,
    /// it passes an intermediate stop of the goal's trajectory (so marks it at the goal's
    /// level) — and, with F2, one of them has the goal's trajectory as a run.
    ///
    /// [derived] No zone whose scanner reaches this level holds the goal. Where F2 leaves the
    /// pair a candidate, the pair chooses one and spoils the goal. Where it leaves none, each
    /// was dropped as a run of an entry chosen before the pair; one of them has the goal's
    /// trajectory as a run, so that entry has it too (a run of a run is a run), and F2 drops
    /// the goal's trajectory at its pair, which comes later.
    fn last_forced(&mut self, level: &Level, goal: &mut Goal) -> Option<usize> {
        if let Some(&f) = goal.forced.get(&level.id) {
            return f;
        }
        let (f1, f2) = (self.g.options.f1, self.g.options.f2);
        let (gd, gy, gx, _, gt, _) = goal.key;
        let goal_t = &self.interned[gt];
        let goal_inner = &goal_t[1..goal_t.len() - 1];
        let mut last = None;
        for (i, (x, y, _, cands)) in level.pairs.iter().enumerate() {
            if level.depth == gd && (*y, *x) >= (gy, gx) {
                break;
            }
            let mut kept = false;
            let mut all = true;
            for &(_, t) in cands.iter() {
                let inner = self.interned.inner(t);
                if f1 && inner.iter().any(|&p| level.v.contains(p)) || self.run_of_main(t) {
                    continue;
                }
                let by_f2 = f2 && contains_run(&self.interned[t], goal_t);
                kept |= by_f2 || !f2;
                let spoils = by_f2
                    || f1 && level.depth + 1 == gd && inner.iter().any(|z| goal_inner.contains(z));
                if !spoils {
                    all = false;
                    break;
                }
            }
            if kept && all {
                last = Some(i);
            }
        }
        goal.forced.insert(level.id, last);
        last
    }

    /// Whether a mark (z, k) of level j made while the level before is chosen (so that z's
    /// final mark there is k or more) spoils the goal in every zone: for every time z can
    /// have at level j from k on, some pair (x, z) of level j (before the goal's pair) is
    /// forced as in [`Net::last_forced`], read without knowing level j's other marks: every
    /// candidate (less the main trajectory's runs) spoils, and one that spoils by F2 (any
    /// one, without F2) has no intermediate stop level j can mark, so F1 never drops it.
    fn poisoned(&mut self, j: u32, z: Point, k: i64, goal: &mut Goal) -> bool {
        if let Some(&p) = goal.poison.get(&(j, z, k)) {
            return p;
        }
        let Some(times) = goal.times.get(j as usize).and_then(|m| m.get(&z)).cloned() else {
            goal.poison.insert((j, z, k), false);
            return false;
        };
        let later: Vec<i64> = times.into_iter().filter(|&t| t >= k).collect();
        let mut poisoned = !later.is_empty();
        for &t in &later {
            if !poisoned {
                break;
            }
            poisoned = t >= 1 && self.forced_pair(j, z, t as u32, goal);
        }
        goal.poison.insert((j, z, k), poisoned);
        poisoned
    }

    /// Whether some pair (x, z) with time l at level j is forced to spoil the goal whatever
    /// level j's other marks are ([`Net::poisoned`]).
    fn forced_pair(&mut self, j: u32, z: Point, l: u32, goal: &Goal) -> bool {
        let (f1, f2) = (self.g.options.f1, self.g.options.f2);
        let (gd, gy, gx, _, gt, _) = goal.key;
        let level_times = &goal.times[j as usize];
        for i in 0..self.occupied.len() {
            let x = self.occupied[i];
            if j == gd && (z, x) >= (gy, gx) {
                break;
            }
            let cands = match self.unfiltered(x, z, l) {
                Ok(c) => c,
                Err(_) => return false,
            };
            let goal_t = &self.interned[gt];
            let goal_inner = &goal_t[1..goal_t.len() - 1];
            let mut kept = false;
            let mut all = true;
            for &(_, t) in cands.iter() {
                if self.run_of_main(t) {
                    continue;
                }
                let inner = self.interned.inner(t);
                let by_f2 = f2 && contains_run(&self.interned[t], goal_t);
                let spoils =
                    by_f2 || f1 && j + 1 == gd && inner.iter().any(|p| goal_inner.contains(p));
                if !spoils {
                    all = false;
                    break;
                }
                let sure = !f1 || inner.iter().all(|p| !level_times.contains_key(p));
                kept |= sure && (by_f2 || !f2);
            }
            if kept && all {
                return true;
            }
        }
        false
    }

    /// A state, reached from `state`, whose pair is the goal's with the goal's trajectory among
    /// its choices (the entry chosen there): depth first, pruned by the goal's backward marks,
    /// failures memoised. `None` where there is none, or where `budget` ran out (it is then 0).
    /// The thread's deadline and the memory limit, looked at between the parts of a main
    /// trajectory's network (each entry's chains, guided tries and search): they looked only
    /// inside the exhaustive search, and an all-attacks request to `lingeo serve` (a bishop
    /// on 61x6, horizon 40) worked on, its heap growing, long after its 408.
    fn look(&self) -> Result<(), ZoneError> {
        if let Some(limit) = crate::deadline::passed() {
            return Err(ZoneError::TimeLimit { limit });
        }
        self.g.check_memory()
    }

    fn witness(
        &mut self,
        state: State,
        goal: &mut Goal,
        failed: &mut Visited,
        budget: &mut usize,
    ) -> Result<Option<State>, ZoneError> {
        let (gd, ..) = goal.key;
        let mut stack = vec![state];
        while let Some(state) = stack.pop() {
            if *budget == 0 {
                return Ok(None);
            }
            *budget -= 1;
            self.steps += 1;
            if self.steps.is_multiple_of(1024) {
                self.look()?;
            }
            let depth = state.level.depth;
            if self.cannot_reach(&state, goal) {
                continue;
            }
            if state.at == state.level.pairs.len() {
                if depth >= gd {
                    continue;
                }
                if let Some(next) = self.close(state)? {
                    stack.push(next);
                }
                continue;
            }
            let choosable = &self.choosable_to;
            let key = (
                state.level.id,
                state.at,
                state.next.clone(),
                state
                    .runs
                    .iter()
                    .copied()
                    .filter(|&r| choosable.get(r as usize).is_some_and(|&to| to > depth))
                    .collect(),
            );
            if !failed.insert(key) {
                continue;
            }
            let (_, _, l, _) = state.level.pairs[state.at];
            if depth == gd {
                if let Some(found) = self.at_goal_level(&state, goal, &mut stack) {
                    return Ok(Some(found));
                }
                continue;
            }
            self.toward_goal(&state, l, &goal.back[depth as usize + 1], &mut stack);
        }
        Ok(None)
    }

    /// Whether `state` cannot lead to the goal's entry: the goal is spoiled, a pair forced to
    /// spoil it comes before it at its level or above, or a mark of the next level poisons it
    /// (counted in `pruned`).
    fn cannot_reach(&mut self, state: &State, goal: &mut Goal) -> bool {
        let (gd, ..) = goal.key;
        let depth = state.level.depth;
        if self.spoiled(state, goal) {
            return true;
        }
        if depth <= gd && self.last_forced(&state.level, goal).is_some() {
            self.pruned.0 += 1;
            return true;
        }
        if depth < gd
            && state
                .next
                .iter()
                .any(|&(z, k)| self.poisoned(depth + 1, z, k, goal))
        {
            self.pruned.1 += 1;
            return true;
        }
        false
    }

    /// A state at the goal's level: the goal's entry chosen where the state is at its pair
    /// (the witness), else the choices of an earlier pair pushed onto `stack`, those that keep
    /// the goal's trajectory out of F2's reach first (pushed last). The level must hold the
    /// goal's pair with the goal's time.
    fn at_goal_level(
        &mut self,
        state: &State,
        goal: &Goal,
        stack: &mut Vec<State>,
    ) -> Option<State> {
        let (_, gy, gx, gq, gt, gl) = goal.key;
        let (x, y, _, _) = state.level.pairs[state.at];
        if !state
            .level
            .pairs
            .iter()
            .any(|&(px, py, pl, _)| (px, py, pl) == (gx, gy, gl))
        {
            return None;
        }
        let choices = self.choices(state);
        if (x, y) == (gx, gy) {
            return choices
                .contains(&(gq, gt))
                .then(|| self.advance(state, Some((gq, gt))));
        }
        if (y, x) > (gy, gx) {
            return None;
        }
        let interned = &self.interned;
        let spoils = |t: u32| contains_run(&interned[t], &interned[gt]);
        let mut ordered: Vec<(usize, u32)> = choices.clone();
        ordered.sort_by_key(|&(_, t)| std::cmp::Reverse(spoils(t)));
        if ordered.is_empty() {
            stack.push(self.advance(state, None));
        }
        for c in ordered {
            stack.push(self.advance(state, Some(c)));
        }
        None
    }

    /// A state above the goal's level, at a pair with time `l`: its choices pushed onto
    /// `stack` where the next level's marks can still lead to the goal (`back`, the marks of
    /// the goal's way at the next level), those that mark a point of `back` with its time
    /// first (pushed last).
    fn toward_goal(
        &mut self,
        state: &State,
        l: u32,
        back: &FxHashSet<(Point, i64)>,
        stack: &mut Vec<State>,
    ) {
        if !self.can_lead(state, back) {
            return;
        }
        let choices = self.choices(state);
        if choices.is_empty() {
            stack.push(self.advance(state, None));
            return;
        }
        let mut scored: Vec<((usize, u32), bool)> = choices
            .into_iter()
            .map(|(q, t)| {
                let k = self.interned.next_time(l, t);
                let good = self
                    .interned
                    .inner(t)
                    .iter()
                    .any(|&z| back.contains(&(z, k)));
                ((q, t), good)
            })
            .collect();
        scored.sort_by_key(|&(_, good)| good);
        for (c, _) in scored {
            let s = self.advance(state, Some(c));
            if self.can_lead(&s, back) {
                stack.push(s);
            }
        }
    }
}

/// Per level 0..=goal's level, the marks from which the goal's mark is reachable in the
/// over-approximation (`preds[j]` gives, per mark of level j + 1, the marks of level j that
/// give it).
fn backwards(preds: &[Preds], key: Key) -> Vec<FxHashSet<(Point, i64)>> {
    let (d, y, _, _, _, l) = key;
    let d = d as usize;
    let mut back = vec![FxHashSet::default(); d + 1];
    back[d].insert((y, i64::from(l)));
    for j in (1..d).rev() {
        let mut here = FxHashSet::default();
        for m in &back[j + 1] {
            if let Some(ps) = preds[j].get(m) {
                here.extend(ps.iter().copied());
            }
        }
        back[j] = here;
    }
    back
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::Scenario;
    use crate::zone::ZoneOptions;

    /// The entries of one main trajectory's exact view (the memoised count's), as the net's
    /// keys.
    fn held_keys(net: &mut Net, view: &[Attach]) -> Vec<Key> {
        view.iter()
            .flat_map(|a| {
                a.alternatives
                    .iter()
                    .map(move |(q, t, l)| (a.level, a.to, a.from, *q, t, *l))
            })
            .map(|(d, y, x, q, t, l)| (d, y, x, q, net.intern(t), l))
            .collect()
    }

    /// Per rule, how many possible entries of the plain over-approximation it set aside, on
    /// every attack of `file` within `horizon` under the four filter settings, checking each
    /// against the exact view of the memoised count (itself checked against the listing by
    /// tests/it/zone_summary.rs): (bounds of step 1, chain refutations, and of the bounds
    /// those of F1 through a certain pair). Panics where a rule sets aside an entry some zone
    /// holds.
    fn set_aside(file: &str, horizon: u32) -> (usize, usize, usize) {
        let path = format!("{}/examples/{file}", env!("CARGO_MANIFEST_DIR"));
        let s = Scenario::load(path.as_ref()).unwrap();
        let k = s.kernel();
        let (mut by_bounds, mut by_chains, mut by_hits) = (0, 0, 0);
        for (p0, y0) in ZoneGenerator::new(&s, &k, ZoneOptions::default()).attacks(horizon) {
            for (f1, f2) in [(false, false), (true, false), (false, true), (true, true)] {
                let options = ZoneOptions {
                    f1,
                    f2,
                    ..ZoneOptions::default()
                };
                // Only where the memoised count finishes: its view is then exact.
                let Ok(exact) = ZoneGenerator::new(&s, &k, options).summary(p0, y0, horizon) else {
                    continue;
                };
                let mut g = ZoneGenerator::new(&s, &k, options);
                let mains = g.mains(p0, y0, horizon).unwrap();
                let mut net = Net::new(&mut g, p0, y0);
                for (m, main) in mains.iter().enumerate() {
                    let what = format!("{file} {p0} -> {y0:?} f1 {f1} f2 {f2} main {m}");
                    let held: Vec<Key> = held_keys(&mut net, &exact.view[m].1);
                    net.set_main(main);
                    let mut certain = Vec::new();
                    let (plain, _, _) = net
                        .round(main, &mut certain, &FxHashSet::default(), false)
                        .unwrap();
                    let (unhit, _) = net.possible_with(main, false).unwrap();
                    let (tight, preds) = net.possible(main).unwrap();
                    for k in &tight {
                        assert!(unhit.binary_search(k).is_ok(), "{what}: {k:?} new");
                    }
                    by_hits += unhit.len() - tight.len();
                    for k in &held {
                        assert!(tight.binary_search(k).is_ok(), "{what}: {k:?} set aside");
                    }
                    for k in &tight {
                        assert!(plain.binary_search(k).is_ok(), "{what}: {k:?} new");
                    }
                    by_bounds += plain.len() - tight.len();
                    let mut by_mark: guided::ByMark = FxHashMap::default();
                    for &k in &tight {
                        by_mark.entry((k.0, k.1, k.5)).or_default().push(k);
                    }
                    for &key in &tight {
                        let reach = net.chains(key, &backwards(&preds, key), &by_mark);
                        if net.refuted(key, &reach) {
                            assert!(!held.contains(&key), "{what}: {key:?} refuted");
                            by_chains += 1;
                        }
                    }
                }
            }
        }
        (by_bounds, by_chains, by_hits)
    }

    /// Every possible entry (step 1) of every main trajectory of every attack of `s` within
    /// `horizon` whose memoised count finishes, under the four filter settings, searched on
    /// its own by step 4 ([`Net::witness`], with the cuts of pairs forced to spoil it) from the
    /// first state, with a cap that never binds on these languages: found iff the exact view
    /// of the memoised count holds it (that view is checked against the listing by
    /// tests/it/zone_summary.rs). A cut that drops a partial zone that leads to the entry
    /// makes a held entry unfound and fails. Returns the entries searched and the states each
    /// rule cut ([`Net::pruned`]).
    fn search_each(s: &Scenario, horizon: u32, what: &str) -> (usize, usize, usize) {
        let k = s.kernel();
        let (mut searched, mut forced, mut poisoned) = (0, 0, 0);
        for (p0, y0) in ZoneGenerator::new(s, &k, ZoneOptions::default()).attacks(horizon) {
            for (f1, f2) in [(false, false), (true, false), (false, true), (true, true)] {
                let options = ZoneOptions {
                    f1,
                    f2,
                    ..ZoneOptions::default()
                };
                let Ok(exact) = ZoneGenerator::new(s, &k, options).summary(p0, y0, horizon) else {
                    continue;
                };
                let mut g = ZoneGenerator::new(s, &k, options);
                let mains = g.mains(p0, y0, horizon).unwrap();
                let mut net = Net::new(&mut g, p0, y0);
                for (m, main) in mains.iter().enumerate() {
                    let held: FxHashSet<Key> =
                        held_keys(&mut net, &exact.view[m].1).into_iter().collect();
                    let (possible, preds) = net.prepare(main).unwrap();
                    let times = level_times(&preds);
                    let start = net.start(main).unwrap();
                    for &key in &possible {
                        let mut goal = Goal::new(&preds, &times, key);
                        let mut failed: Visited = FxHashSet::default();
                        let mut budget = 1_000_000;
                        let found = net
                            .witness(start.clone(), &mut goal, &mut failed, &mut budget)
                            .unwrap();
                        let at = format!(
                            "{what} {p0} -> {y0:?} within {horizon} f1 {f1} f2 {f2} main {m}: \
                             {key:?}"
                        );
                        assert!(budget > 0, "{at}: undecided");
                        assert_eq!(found.is_some(), held.contains(&key), "{at}");
                        searched += 1;
                    }
                }
                forced += net.pruned.0;
                poisoned += net.pruned.1;
            }
        }
        (searched, forced, poisoned)
    }

    #[test]
    fn the_search_of_each_entry_agrees_with_the_exact_view_on_the_examples() {
        let (mut searched, mut forced, mut poisoned) = (0, 0, 0);
        for (file, horizon) in [
            ("race10.scenario", 4),
            ("robot-zone-full.scenario", 4),
            ("abstract-zone.scenario", 4),
            ("reti.scenario", 3),
            ("figure2.scenario", 2),
        ] {
            let path = format!("{}/examples/{file}", env!("CARGO_MANIFEST_DIR"));
            let s = Scenario::load(path.as_ref()).unwrap();
            let (n, f, p) = search_each(&s, horizon, file);
            searched += n;
            forced += f;
            poisoned += p;
        }
        assert!(searched > 1000, "{searched} entries searched");
        // Both cuts fire here, so a wrong one would have failed above.
        assert!(forced > 0, "no pair forced to spoil its goal");
        assert!(poisoned > 0, "no mark forcing a pair to spoil its goal");
    }

    /// A random scenario: a board of 4 to 7 columns and rows, 3 to 6 pieces (king-, knight-
    /// and bomber-like, either side) on distinct points.
    fn random_scenario(rng: &mut SplitMix) -> Option<Scenario> {
        let (w, h) = (4 + rng.below(4) as u8, 4 + rng.below(4) as u8);
        let mut text = format!(
            "board {w}x{h}\n\
             type FIGHTER {{ like king value 3 }}\n\
             type INTERCEPTOR {{ like knight value 3 }}\n\
             type BOMBER {{ move leap (0,1) (1,1) (-1,1) (1,0) (-1,0) value 5 }}\n"
        );
        let mut taken = Vec::new();
        for i in 0..3 + rng.below(4) {
            let at = (
                rng.below(u64::from(w)) as u8,
                1 + rng.below(u64::from(h)) as u8,
            );
            if taken.contains(&at) {
                continue;
            }
            taken.push(at);
            let side = if rng.below(2) == 0 { "white" } else { "black" };
            let kind = ["FIGHTER", "INTERCEPTOR", "BOMBER"][rng.below(3) as usize];
            let point = format!("{}{}", (b'a' + at.0) as char, at.1);
            text.push_str(&format!("{side} {kind} at {point} as P{i}\n"));
        }
        Scenario::parse("random.scenario", &text).ok()
    }

    #[test]
    fn the_search_of_each_entry_agrees_with_the_exact_view_on_random_scenarios() {
        let mut rng = SplitMix(27);
        let (mut searched, mut scenarios) = (0, 0);
        for _ in 0..40 {
            let Some(s) = random_scenario(&mut rng) else {
                continue;
            };
            let horizon = 2 + rng.below(3) as u32;
            searched += search_each(&s, horizon, "random").0;
            scenarios += 1;
        }
        assert!(scenarios >= 30, "{scenarios} scenarios parsed");
        assert!(searched > 100, "{searched} entries searched");
    }

    #[test]
    fn f1_through_a_certain_pair_sets_entries_aside_on_race10() {
        let path = format!("{}/examples/race10.scenario", env!("CARGO_MANIFEST_DIR"));
        let s = Scenario::load(path.as_ref()).unwrap();
        let k = s.kernel();
        let p0 = s.pieces.iter().position(|p| p.name == "WI").unwrap();
        let y0 = s.board.parse_point("i2").unwrap();
        let mut g = ZoneGenerator::new(&s, &k, ZoneOptions::default());
        let mains = g.mains(p0, y0, 7).unwrap();
        let mut net = Net::new(&mut g, p0, y0);
        let mut hits = 0;
        for main in mains.iter().take(20) {
            net.set_main(main);
            let (unhit, _) = net.possible_with(main, false).unwrap();
            let (tight, _) = net.possible(main).unwrap();
            assert!(tight.iter().all(|k| unhit.binary_search(k).is_ok()));
            hits += unhit.len() - tight.len();
        }
        assert!(hits > 0, "no entry dropped by F1 through a certain pair");
    }

    #[test]
    fn the_refutations_before_search_fire_and_set_aside_no_entry_of_a_zone() {
        let (by_bounds, by_chains, by_hits) = set_aside("race10.scenario", 4);
        assert!(by_bounds > 0, "the bounds of step 1 set nothing aside");
        assert!(by_chains > 0, "no chain refutation");
        // Where the exact view checks it, the F1 rule through a certain pair sets nothing
        // aside here; f1_through_a_certain_pair_sets_entries_aside_on_race10 shows it fires.
        let _ = by_hits;
        for (file, horizon) in [
            ("robot-zone-full.scenario", 4),
            ("abstract-zone.scenario", 4),
            ("reti.scenario", 3),
            ("figure2.scenario", 2),
        ] {
            set_aside(file, horizon);
        }
    }
}
