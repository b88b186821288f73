//! Searches over the states of a game (docs/play-and-search.md §3): full-width alpha-beta
//! (negamax, iterative deepening, transposition table, move orderings) and plain minimax for
//! node counts.
//!
//! Scores are relative to the side to move. A finished game scores `WIN`, 0 or `-WIN` at its
//! last state, and each move away from the end brings a decisive score one closer to zero, so
//! that the search prefers the quickest win; a depth-limited leaf scores its evaluation
//! ([`Eval`]: the material balance, the scenario's type values, or the fuzzy evaluation of
//! docs/players.md §3), times 100, far below `WIN / 2`.

pub mod alphabeta;
mod compiled_threads;
mod disc_table;
pub mod lg;
pub mod lg_grammar;
pub mod minimax;
pub mod pattern_steps;
pub mod placement_order;
pub mod placement_solve;
pub mod step_solve;
pub mod table;
pub mod zone_steps;

use std::fmt;
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::play::game::Game;
use crate::play::players::chessmaps::Network;
use crate::play::players::rule_book::RuleBook;
use crate::play::state::{Move, State};
use crate::progress::Observer;

/// The score of a won game (from the winner's side), less the plies to the end where a search counts them.
pub const WIN: i32 = 1_000_000;
const DECISIVE: i32 = WIN / 2;

/// Move orderings of the alpha-beta search (the transposition table's best move always first).
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Default,
    Eq,
    serde::Serialize,
    serde::Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Ordering {
    /// Generation order.
    #[default]
    None,
    /// Captures first, then by the history heuristic: how often and how deep a move (piece
    /// class and destination) caused a cutoff.
    History,
    /// Captures first, then the two moves that last caused a cutoff at the same ply, then the
    /// moves that end farthest from the piece's goals.
    Killer,
    /// Captures first, then moves along the trajectories of the root position's zones
    /// ([`zone_steps::ZoneSteps`], within `SearchOptions::horizon`), then as `Killer`.
    Zones,
    /// Captures and moves reaching a goal first, then quiet moves by the summed importance of
    /// the sectors they influence, as the Chessmaps network rates them at each position
    /// (docs/players.md §5; the network of `SearchOptions::network`).
    Chessmaps,
    /// Captures first, then moves along the main paths of the root position's MAICS patterns,
    /// then interacting pieces entering their fuzzy patterns' main regions
    /// ([`pattern_steps::PatternSteps`], within `SearchOptions::horizon`), then as `Killer`.
    Patterns,
    /// Captures by the most valuable victim first and then the least valuable taker,
    /// promotions among them by what they add, then quiet moves in generation order: the
    /// classic baseline of chess programs (docs/players.md §6).
    MvvLva,
    /// The moves that leave the opponent the fewest moves first (fastest-first, the ordering
    /// of Othello's endgame solvers), then the killers: each move is made on a copy of the
    /// state and the opponent's moves counted.
    Mobility,
}

impl Ordering {
    /// The orderings' names, in the order of [`Ordering::ALL`].
    pub const NAMES: [&'static str; 8] = [
        "none",
        "history",
        "killer",
        "zones",
        "chessmaps",
        "patterns",
        "mvv-lva",
        "mobility",
    ];
    /// Every ordering.
    pub const ALL: [Ordering; 8] = [
        Ordering::None,
        Ordering::History,
        Ordering::Killer,
        Ordering::Zones,
        Ordering::Chessmaps,
        Ordering::Patterns,
        Ordering::MvvLva,
        Ordering::Mobility,
    ];

    /// The ordering a search of `game` takes when none is named: `Mobility` where the game
    /// places pieces (Othello: fastest first, corners, parity; [`placement_order`]),
    /// `Killer` otherwise.
    pub fn for_game(game: &Game) -> Ordering {
        if game.placement.is_some() {
            Ordering::Mobility
        } else {
            Ordering::Killer
        }
    }

    /// The ordering named `name` (one of [`Ordering::NAMES`]).
    pub fn parse(name: &str) -> Option<Ordering> {
        Ordering::ALL.into_iter().find(|o| o.name() == name)
    }

    /// How the ordering is named (`zones`).
    pub fn name(self) -> &'static str {
        match self {
            Ordering::None => "none",
            Ordering::History => "history",
            Ordering::Killer => "killer",
            Ordering::Zones => "zones",
            Ordering::Chessmaps => "chessmaps",
            Ordering::Patterns => "patterns",
            Ordering::MvvLva => "mvv-lva",
            Ordering::Mobility => "mobility",
        }
    }
}

/// How a depth-limited leaf is scored.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Default,
    Eq,
    serde::Serialize,
    serde::Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Eval {
    /// The material balance (Pawned's pawn count).
    #[default]
    Material,
    /// The fuzzy evaluation of docs/players.md §3, the zones within `SearchOptions::horizon`.
    Fuzzy,
    /// The fuzzy evaluation with learned rules applied (docs/players.md §7): those of
    /// `SearchOptions::rules`.
    Learned,
    /// Mobility: White's legal moves minus Black's (each side's in the position as if it were
    /// to move), any game's ([`crate::play::players::mobility`]).
    Mobility,
}

impl Eval {
    /// How the evaluation is named (`fuzzy`).
    pub fn name(self) -> &'static str {
        match self {
            Eval::Material => "material",
            Eval::Fuzzy => "fuzzy",
            Eval::Learned => "learned",
            Eval::Mobility => "mobility",
        }
    }

    /// Whether the evaluation reads zones (and so a horizon).
    pub fn zones(self) -> bool {
        matches!(self, Eval::Fuzzy | Eval::Learned)
    }
}

/// What a search of a game does, and where it stops.
#[derive(Clone, Debug)]
pub struct SearchOptions {
    /// `None`: solve, search to the end of every line.
    pub depth: Option<u32>,
    /// The move ordering of alpha-beta.
    pub ordering: Ordering,
    /// Transposition table size in MiB; 0 turns the table off.
    pub tt_mb: usize,
    /// Whether the table files a position and its images under the board's symmetries that
    /// the rules keep as one ([`State::table_key`](crate::play::state::State::table_key)),
    /// where leaves are scored by material (the zones of the other evaluations are listed in
    /// an order no symmetry keeps once capped). The value does not depend on it.
    pub symmetry: bool,
    /// The threads of an alpha-beta solve (lazy SMP over the shared table; a solve without a
    /// node or time limit only, every other search takes one). The value does not depend on
    /// it; the positions and table hits of more than one thread vary from run to run.
    pub threads: usize,
    /// Whether the solve of a game decided by counting pieces searches the whole window at
    /// once, as before the null-window solve ([`alphabeta`]'s `zero_window_solve`: the
    /// win, draw or loss first, then the margin by null-window probes). The value and the
    /// margin do not depend on it; tests compare the two, and it is not offered to users.
    pub full_window: bool,
    /// Whether a solve runs on the game's rule compiled to bit masks where the game has such
    /// a form, without a node or time limit: a placement game scored by counting with the
    /// mobility ordering ([`placement_solve`]: same value, margin and line), a stepping game
    /// won by goals with the killer ordering ([`step_solve`]: same value, a line to it); far
    /// fewer nanoseconds a position. The tests turn it off to compare it with the play
    /// layer's solve; it is not offered to users.
    pub compiled: bool,
    /// The node budget: the search stops past this many positions.
    pub max_nodes: Option<u64>,
    /// The time limit: the search stops once it has run this long.
    pub time: Option<Duration>,
    /// When the time limit started to count; `None`: when the search starts. (A timed solve
    /// that first tried the compiled rule goes on from where that trial began,
    /// [`alphabeta::search`].)
    pub started: Option<Instant>,
    /// How the time limit reads in the message of a stop at it (as it was written, `1e-300`,
    /// which no `Duration` keeps); `None`: its seconds.
    pub time_shown: Option<String>,
    /// The most memory the search may use, in bytes (the heap where it is counted, and the
    /// stack grown for deep lines: [`crate::memory::in_use`]); past it the search stops.
    pub max_memory: usize,
    /// The network of `Ordering::Chessmaps`; `None`: the shipped one.
    pub network: Option<Arc<Network>>,
    /// The learned rules of `Eval::Learned`; `None`: the shipped ones (learned/pawned.rules).
    pub rules: Option<Arc<RuleBook>>,
    /// The horizon of the zones of `Ordering::Zones`, the patterns of `Ordering::Patterns` and
    /// of `Eval::Fuzzy`.
    pub horizon: u32,
    /// How depth-limited leaves are scored.
    pub eval: Eval,
    /// The most zones listed for one attack by the LG search and by `Eval::Fuzzy` and
    /// `Eval::Learned`; `None`: the zone generator's 100,000 for the search, whose answer a
    /// cap stops, and [`fuzzy_evaluation::MAX_ZONES`](crate::play::players::fuzzy_evaluation::MAX_ZONES) for the
    /// evaluations, which value such an attack from its zone network.
    pub max_zones: Option<usize>,
    /// Told of the search's progress: a task of unknown length whose steps are nodes,
    /// advanced every 16,384 nodes, with the iteration's depth and the deepest ply as its
    /// message (the CLI's spinner); silent by default.
    pub progress: Observer,
}

impl SearchOptions {
    /// The default horizon of zones and patterns (moves).
    pub const DEFAULT_HORIZON: u32 = 4;
}

impl Default for SearchOptions {
    fn default() -> SearchOptions {
        SearchOptions {
            depth: None,
            ordering: Ordering::Killer,
            tt_mb: 16,
            symmetry: true,
            threads: 1,
            full_window: false,
            compiled: true,
            max_nodes: None,
            time: None,
            started: None,
            time_shown: None,
            max_memory: crate::memory::DEFAULT_LIMIT,
            network: None,
            rules: None,
            horizon: SearchOptions::DEFAULT_HORIZON,
            eval: Eval::Material,
            max_zones: None,
            progress: Observer::silent(),
        }
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    /// The game's value from White's side (1, 0, −1) when the search proved it.
    pub value: Option<i8>,
    /// The score from White's side (decisive scores are ±(WIN − moves to the end)).
    pub score: i32,
    /// The principal variation, from the table's best moves.
    pub pv: Vec<Move>,
    /// Positions visited (every call of the search, leaves included).
    pub nodes: u64,
    /// Probes of the table that found the state with a usable bound.
    pub tt_hits: u64,
    /// The depth of the last completed iteration (for a solve, the longest line searched); 0
    /// when none completed.
    pub depth: u32,
    /// Wall-clock time.
    pub time: Duration,
    /// The CPU time of the thread that searched, where the system tells it.
    pub cpu_time: Option<Duration>,
    /// Why the search stopped early, if it did (the result is then the last completed
    /// iteration's, or nothing when none completed).
    pub stopped: Option<StopReason>,
    /// Whether the solve ran on the game's rule compiled to bit masks
    /// ([`SearchOptions::compiled`]) rather than on the play layer's: the same value, far
    /// fewer nanoseconds a position. A game that has the form still runs on the play layer
    /// under a depth or node limit or another ordering, and after the compiled solve under a
    /// time limit where that did not finish in half of it ([`alphabeta::search`]).
    pub compiled: bool,
}

impl SearchResult {
    /// A search that stopped, for `why`, before it had any result.
    pub fn nothing(why: StopReason, time: Duration, cpu_time: Option<Duration>) -> SearchResult {
        SearchResult {
            value: None,
            score: 0,
            pv: Vec::new(),
            nodes: 0,
            tt_hits: 0,
            depth: 0,
            time,
            cpu_time,
            stopped: Some(why),
            compiled: false,
        }
    }

    /// Whether there is a result: the search finished, or it stopped after completing an
    /// iteration (whose result it holds, not proved unless its value says so).
    pub fn has_result(&self) -> bool {
        self.stopped.is_none() || self.depth > 0
    }
}

/// The most moves a principal variation holds: lines are kept this long at the plies below
/// the root (the triangular table), so that their memory does not grow with the square of
/// the game's length.
pub(crate) const MAX_PV: usize = 400;

/// How many plies a recursive search goes between looks at its stack: frames of that many
/// plies fit in the red zone of [`crate::memory::grow`] many times over.
pub(crate) const GROW_EVERY: usize = 16;

/// The CPU time this thread has used, where the system tells it.
pub fn thread_cpu_time() -> Option<Duration> {
    #[cfg(target_os = "linux")]
    {
        let mut t = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: `t` is a valid timespec to write into; the clock id is a constant.
        let ok = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) } == 0;
        ok.then(|| Duration::new(t.tv_sec as u64, t.tv_nsec as u32))
    }
    #[cfg(not(target_os = "linux"))]
    {
        None
    }
}

/// Why a search stopped before it finished: the limit it reached, with its value, or the
/// error of the work inside it, in the library's words (its `Display`, which is also how it
/// serialises: the `stopped` of `lingeo search --json`). Callers tell the limit by
/// [`StopReason::limit`] and add their own words (the CLI its option), never by reading the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StopReason {
    /// The node budget ([`SearchOptions::max_nodes`]), in positions.
    Nodes(u64),
    /// The memory limit ([`SearchOptions::max_memory`]), in bytes.
    Memory(usize),
    /// The time limit ([`SearchOptions::time`]), and how it reads
    /// ([`SearchOptions::time_shown`]; `None`: its seconds).
    Time {
        /// The limit.
        limit: Duration,
        /// How it was written, where the caller said.
        shown: Option<String>,
    },
    /// The thread's deadline ([`crate::deadline`]), which the caller set (a server's cap on a
    /// request), not the search's own time limit.
    Deadline(Duration),
    /// A thread of a parallel solve stopped because another finished the solve first (never
    /// the reason of a result: the solve's result is the finished thread's).
    Halted,
    /// The work inside the search failed, in its own words: the LG search's zones could not
    /// be listed (too many, or past their time), or a parallel solve found no value.
    Failed(String),
}

/// Which limit stopped a search, without its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchLimit {
    /// The node budget.
    Nodes,
    /// The memory limit.
    Memory,
    /// The search's time limit.
    Time,
    /// The thread's deadline.
    Deadline,
}

impl StopReason {
    /// The limit reached; `None` for a stop that is no limit's ([`StopReason::Halted`],
    /// [`StopReason::Failed`]).
    pub fn limit(&self) -> Option<SearchLimit> {
        match self {
            StopReason::Nodes(_) => Some(SearchLimit::Nodes),
            StopReason::Memory(_) => Some(SearchLimit::Memory),
            StopReason::Time { .. } => Some(SearchLimit::Time),
            StopReason::Deadline(_) => Some(SearchLimit::Deadline),
            StopReason::Halted | StopReason::Failed(_) => None,
        }
    }

    /// The reason with `note` inside its parentheses, after the limit's value (`stopped at the
    /// node limit (500 positions; NOTE)`): where a caller says how to raise the limit. A stop
    /// that is no limit's reads as it is.
    pub fn with_note(&self, note: &str) -> String {
        let text = self.to_string();
        match (self.limit(), text.strip_suffix(')')) {
            (Some(_), Some(open)) => format!("{open}; {note})"),
            _ => text,
        }
    }
}

/// A stop at a time limit, the search's own or the thread's deadline, reads as every job's does
/// ([`crate::deadline::stopped_at`]): both are the time the request gave.
impl fmt::Display for StopReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StopReason::Nodes(n) => write!(f, "stopped at the node limit ({n} positions)"),
            StopReason::Memory(bytes) => write!(
                f,
                "stopped at the memory limit ({})",
                crate::memory::show(*bytes)
            ),
            StopReason::Time {
                shown: Some(text), ..
            } => f.write_str(&crate::deadline::stopped_at_written(text)),
            StopReason::Time { limit, .. } | StopReason::Deadline(limit) => {
                f.write_str(&crate::deadline::stopped_at(*limit))
            }
            StopReason::Halted => f.write_str("another thread finished the solve"),
            StopReason::Failed(why) => f.write_str(why),
        }
    }
}

/// As its text: the JSON of a search's or a match's `stopped` is what the CLI prints.
impl serde::Serialize for StopReason {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// `run(id)` for the ids `0..threads` of a parallel solve: 0 on the calling thread, the others
/// on scoped threads named `lingeo-solve-ID`, the results in the order of the ids. A helper
/// that cannot start leaves the work to the others (no result); one that panics gives
/// `failed`.
pub(crate) fn on_threads<T: Send + Clone>(
    threads: usize,
    failed: T,
    run: impl Fn(usize) -> T + Sync,
) -> Vec<T> {
    let run = &run;
    std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..threads)
            .map(|id| {
                std::thread::Builder::new()
                    .name(format!("lingeo-solve-{id}"))
                    .spawn_scoped(scope, move || run(id))
            })
            .collect();
        let mut all = vec![run(0)];
        all.extend(
            helpers
                .into_iter()
                .filter_map(Result::ok)
                .map(|h| h.join().unwrap_or_else(|_| failed.clone())),
        );
        all
    })
}

/// How often at least a budget that reads the clock at every node tells its progress.
const REPORT_EVERY: Duration = Duration::from_millis(100);

/// The node budget and the clock shared by the searches.
pub(crate) struct Budget {
    start: Instant,
    start_cpu: Option<Duration>,
    max_nodes: Option<u64>,
    time: Option<Duration>,
    time_shown: Option<String>,
    max_memory: usize,
    progress: Observer,
    /// The iteration under way of an iterative deepening (its depth), for the progress message.
    pub(crate) iteration: Option<u32>,
    /// The pass under way where a search names its own (the LG search's depth bound and race),
    /// for the progress message in place of the iteration.
    pub(crate) pass: Option<String>,
    /// The nodes the progress observer has been told of, and when it was last told.
    reported: (u64, Instant),
    /// The iteration and deepest ply the progress message last said.
    shown: (Option<u32>, usize),
    pub(crate) nodes: u64,
    /// The deepest ply visited.
    pub(crate) max_ply: usize,
    pub(crate) stopped: Option<StopReason>,
    /// The clock (the time limit and the thread's deadline) is read every `clock_mask + 1`
    /// nodes, a power of two: every 16,384 for alpha-beta's nanosecond nodes; an LG node lists
    /// zones, on a large board for milliseconds, so its search reads the clock at every node
    /// ([`Budget::every_node`]).
    clock_mask: u64,
}

impl Budget {
    pub(crate) fn new(options: &SearchOptions) -> Budget {
        let now = Instant::now();
        options.progress.get().start(None, "nodes");
        Budget {
            start: options.started.unwrap_or(now),
            start_cpu: thread_cpu_time(),
            max_nodes: options.max_nodes,
            time: options.time,
            time_shown: options.time_shown.clone(),
            max_memory: options.max_memory,
            progress: options.progress.clone(),
            iteration: None,
            pass: None,
            reported: (0, now),
            shown: (None, 0),
            nodes: 0,
            max_ply: 0,
            stopped: None,
            clock_mask: 0x3fff,
        }
    }

    /// This budget, reading the clock as often as a search's nodes on a board of `points`
    /// cost: every 16,384 nodes up to 64 points, then in proportion fewer (every 32 on 344x166,
    /// where a rook's node lists hundreds of moves and 16,384 of them took 0.5 s past a
    /// deadline). About a million points' worth of moves between two reads.
    pub(crate) fn for_board(mut self, points: usize) -> Budget {
        let every = (16_384 * 64 / points.max(64)).max(1);
        self.clock_mask = (every as u64).next_power_of_two() - 1;
        self
    }

    /// This budget, reading the clock at every node: for searches whose nodes are costly (the
    /// LG search lists zones at each), so that a deadline stops them within one node's work.
    pub(crate) fn every_node(mut self) -> Budget {
        self.clock_mask = 0;
        self
    }

    /// Counts a node; false once the search must stop.
    /// `ply`: how deep below the root the search is, for the progress line.
    pub(crate) fn visit(&mut self, ply: usize) -> bool {
        self.nodes += 1;
        self.max_ply = self.max_ply.max(ply);
        if self.stopped.is_some() {
            return false;
        }
        if self.max_nodes.is_some_and(|m| self.nodes > m) {
            self.stopped = Some(StopReason::Nodes(self.max_nodes.unwrap_or(0)));
            return false;
        }
        if self.nodes & 0x3fff == 0 && crate::memory::in_use() > self.max_memory {
            self.stopped = Some(StopReason::Memory(self.max_memory));
            return false;
        }
        if self.nodes & self.clock_mask != 0 {
            return true;
        }
        // Told every 16,384 nodes, and at least every tenth of a second where the clock is read
        // at every node (an LG search's few costly nodes showed `nodes: 0` for a whole run).
        let now = Instant::now();
        if self.nodes & 0x3fff == 0 || now - self.reported.1 >= REPORT_EVERY {
            self.report(now);
        }
        if self.time.is_some_and(|t| now - self.start > t) {
            self.stopped = Some(self.time_stop());
            return false;
        }
        // The LG search sets its time limit as the thread's deadline too: then it reads as that
        // limit.
        if let Some(limit) = crate::deadline::passed() {
            // `lingeo serve`'s wall-clock cap: the thread stops working when the server stops
            // waiting.
            self.stopped = Some(if self.time == Some(limit) {
                self.time_stop()
            } else {
                StopReason::Deadline(limit)
            });
            return false;
        }
        true
    }

    /// Tells the observer of the nodes since it was last told, and of the pass or iteration
    /// and the deepest ply where they changed.
    fn report(&mut self, now: Instant) {
        let progress = self.progress.get();
        progress.advance(self.nodes - self.reported.0);
        self.reported = (self.nodes, now);
        let shown = (self.iteration, self.max_ply);
        if shown != self.shown || self.pass.is_some() {
            self.shown = shown;
            progress.message(&match (&self.pass, self.iteration) {
                (Some(pass), _) => format!("{pass}, ply {}", self.max_ply),
                (None, Some(depth)) => format!("depth {depth}, ply {}", self.max_ply),
                (None, None) => format!("ply {}", self.max_ply),
            });
        }
    }

    /// Why the search stopped when its time limit ran out: the same words whichever
    /// engine, and whether the node count or the thread's deadline saw it.
    pub(crate) fn time_stop(&self) -> StopReason {
        time_stop(self.time.unwrap_or_default(), self.time_shown.as_deref())
    }

    pub(crate) fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// The CPU time this thread spent since the budget was made.
    pub(crate) fn cpu_elapsed(&self) -> Option<Duration> {
        Some(thread_cpu_time()?.saturating_sub(self.start_cpu?))
    }
}

impl Drop for Budget {
    /// The search ends with its budget, whichever engine and however it returns.
    fn drop(&mut self) {
        // The nodes since the last report, so that the observer is told of every node.
        if self.nodes > self.reported.0 {
            self.report(Instant::now());
        }
        self.progress.get().finish();
    }
}

/// The stop at the time limit `time`, shown as `shown` (as it was written) or its seconds.
pub(crate) fn time_stop(time: Duration, shown: Option<&str>) -> StopReason {
    StopReason::Time {
        limit: time,
        shown: shown.map(str::to_string),
    }
}

/// What one piece of the final margin adds to a won game's score where the game is decided by
/// counting pieces ([`Game::scores_by_count`]): more than the plies of any game, so that a
/// larger margin always beats a quicker win.
pub const MARGIN: i32 = 1000;

/// The score of a finished game at its last state, for the side to move there: `WIN`, 0 or
/// `-WIN`, and where the game is decided by counting pieces, the final margin (White's pieces
/// minus Black's) times [`MARGIN`] besides, so that the searches play for the largest margin.
pub(crate) fn terminal_score(game: &Game, state: &State) -> Option<i32> {
    state.outcome.map(|o| {
        let white = if o.reason == crate::play::state::Reason::Deadlock && game.scores_by_count() {
            counted_score(state.piece_margin(game))
        } else {
            i32::from(o.value) * WIN
        };
        match state.to_move {
            crate::piece::Side::White => white,
            crate::piece::Side::Black => -white,
        }
    })
}

/// The score from White's side of a game decided by counting that ends `margin` pieces up
/// for White: the win, draw or loss, and the margin in [`MARGIN`]s beyond it.
pub(crate) fn counted_score(margin: i32) -> i32 {
    margin.signum() * WIN + MARGIN * margin
}

/// The heuristic score of a state for the side to move: its evaluation from White's side
/// (`options.eval`, with zones within `options.horizon` for the fuzzy and learned ones, and
/// `options.rules` for the learned one) times 100.
pub(crate) fn evaluate(game: &Game, state: &State, options: &SearchOptions) -> i32 {
    use crate::play::players::{fuzzy_evaluation, learned};
    let horizon = options.horizon;
    let max_zones = options.max_zones.unwrap_or(fuzzy_evaluation::MAX_ZONES);
    let white = match options.eval {
        Eval::Material => state.material(game),
        Eval::Fuzzy => fuzzy_evaluation::evaluate_within(game, state, horizon, max_zones).value,
        Eval::Learned => {
            let rules = match &options.rules {
                Some(rules) => rules,
                None => learned::shipped(),
            };
            let e = fuzzy_evaluation::evaluate_within(game, state, horizon, max_zones);
            learned::apply(game, state, e, rules).value
        }
        Eval::Mobility => crate::play::players::mobility::mobility(game, state),
    };
    let m = (white * 100.0).round() as i32;
    match state.to_move {
        crate::piece::Side::White => m,
        crate::piece::Side::Black => -m,
    }
}

/// A child's score seen from its parent: negated, and a decisive score one move further away.
pub(crate) fn back_up(child: i32) -> i32 {
    let s = -child;
    if s > DECISIVE {
        s - 1
    } else if s < -DECISIVE {
        s + 1
    } else {
        s
    }
}

/// The window bound a child must be searched with so that its backed-up score is compared with
/// the parent's `bound` correctly (the inverse of [`back_up`] on bounds).
pub(crate) fn child_bound(bound: i32) -> i32 {
    let b = if bound > DECISIVE {
        bound + 1
    } else if bound < -DECISIVE {
        bound - 1
    } else {
        bound
    };
    -b
}

/// The final margin in pieces (White's minus Black's) a proved score from White's side holds,
/// in a game decided by counting pieces: its part beyond `WIN`, in [`MARGIN`]s (the plies a
/// search with distance takes off are less than one).
pub fn final_margin(white_score: i32) -> i32 {
    let beyond = white_score.abs() - WIN;
    if white_score.abs() <= DECISIVE || beyond <= 0 {
        return 0;
    }
    white_score.signum() * ((beyond + MARGIN - 1) / MARGIN)
}

/// A score from White's side and, when decisive, the value it proves.
pub(crate) fn white_view(state: &State, score: i32) -> i32 {
    match state.to_move {
        crate::piece::Side::White => score,
        crate::piece::Side::Black => -score,
    }
}

pub(crate) fn decisive_value(white_score: i32) -> Option<i8> {
    if white_score > DECISIVE {
        Some(1)
    } else if white_score < -DECISIVE {
        Some(-1)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A passed deadline stops a budget that reads the clock at every node at its first node;
    /// alpha-beta's reads it every 16,384 nodes. The LG search's nodes list zones (on
    /// 344x166, 16,384 of them took the fuzz target's instrumented build past 5 s after its
    /// client left), so it reads at every node.
    #[test]
    fn a_budget_reads_the_clock_less_often_on_a_large_board() {
        let options = SearchOptions::default();
        assert_eq!(Budget::new(&options).for_board(64).clock_mask, 0x3fff);
        assert_eq!(Budget::new(&options).for_board(8 * 8).clock_mask, 0x3fff);
        assert_eq!(Budget::new(&options).for_board(344 * 166).clock_mask, 0x1f);
        assert_eq!(Budget::new(&options).for_board(1 << 20).clock_mask, 0);
    }

    #[test]
    fn a_budget_read_at_every_node_stops_at_the_first_node_past_the_deadline() {
        let visited_until_stopped = |budget: Budget| {
            crate::deadline::within(Duration::ZERO, || {
                std::thread::sleep(Duration::from_millis(2));
                let mut budget = budget;
                let mut nodes = 0u64;
                while budget.visit(1) {
                    nodes += 1;
                }
                (nodes, budget.stopped.clone())
            })
        };
        let options = SearchOptions::default();
        let (nodes, stopped) = visited_until_stopped(Budget::new(&options).every_node());
        assert_eq!(nodes, 0);
        assert_eq!(stopped, Some(StopReason::Deadline(Duration::ZERO)));
        let (nodes, stopped) = visited_until_stopped(Budget::new(&options));
        assert_eq!(nodes, 0x3fff);
        assert_eq!(stopped, Some(StopReason::Deadline(Duration::ZERO)));
    }

    /// Each stop reads as its limit and value in the library's words, serialises as that
    /// text, and takes a caller's note inside its parentheses.
    #[test]
    fn stop_reasons_name_their_limit_and_no_option() {
        let reasons = [
            (
                StopReason::Nodes(500),
                "stopped at the node limit (500 positions)",
            ),
            (
                StopReason::Memory(16 << 20),
                "stopped at the memory limit (16 MiB)",
            ),
            (
                StopReason::Time {
                    limit: Duration::from_millis(500),
                    shown: None,
                },
                "stopped at the time limit of the request (0.5 s)",
            ),
            (
                StopReason::Time {
                    limit: Duration::ZERO,
                    shown: Some("1e-300".into()),
                },
                "stopped at the time limit of the request (1e-300 s)",
            ),
            (
                StopReason::Deadline(Duration::from_secs(3)),
                "stopped at the time limit of the request (3 s)",
            ),
        ];
        for (reason, text) in reasons {
            assert_eq!(reason.to_string(), text);
            assert!(!text.contains("--"), "{text}");
            assert!(reason.limit().is_some(), "{text}");
            assert_eq!(
                serde_json::to_string(&reason).unwrap(),
                serde_json::to_string(text).unwrap()
            );
            let noted = reason.with_note("NOTE");
            assert_eq!(noted, format!("{}; NOTE)", &text[..text.len() - 1]));
        }
        let failed = StopReason::Failed("more than 5 zones (x)".into());
        assert_eq!(failed.limit(), None);
        assert_eq!(failed.with_note("NOTE"), "more than 5 zones (x)");
        assert_eq!(
            StopReason::Halted.with_note("NOTE"),
            StopReason::Halted.to_string()
        );
    }
}
