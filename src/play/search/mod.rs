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
pub mod lg;
pub mod lg_grammar;
pub mod minimax;
pub mod pattern_steps;
pub mod table;
pub mod zone_steps;

use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::play::game::Game;
use crate::play::players::chessmaps::Network;
use crate::play::players::rules::RuleBook;
use crate::play::state::{Move, State};

pub const WIN: i32 = 1_000_000;
const DECISIVE: i32 = WIN / 2;

/// Move orderings of the alpha-beta search (the transposition table's best move always first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
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
}

impl Ordering {
    pub const NAMES: [&'static str; 6] = [
        "none",
        "history",
        "killer",
        "zones",
        "chessmaps",
        "patterns",
    ];
    pub const ALL: [Ordering; 6] = [
        Ordering::None,
        Ordering::History,
        Ordering::Killer,
        Ordering::Zones,
        Ordering::Chessmaps,
        Ordering::Patterns,
    ];

    /// The ordering named `name` (one of [`Ordering::NAMES`]).
    pub fn parse(name: &str) -> Option<Ordering> {
        Ordering::ALL.into_iter().find(|o| o.name() == name)
    }

    pub fn name(self) -> &'static str {
        match self {
            Ordering::None => "none",
            Ordering::History => "history",
            Ordering::Killer => "killer",
            Ordering::Zones => "zones",
            Ordering::Chessmaps => "chessmaps",
            Ordering::Patterns => "patterns",
        }
    }
}

/// How a depth-limited leaf is scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Eval {
    /// The material balance (Pawned's pawn count).
    #[default]
    Material,
    /// The fuzzy evaluation of docs/players.md §3, the zones within `SearchOptions::horizon`.
    Fuzzy,
    /// The fuzzy evaluation with learned rules applied (docs/players.md §7): those of
    /// `SearchOptions::rules`.
    Learned,
}

impl Eval {
    pub fn name(self) -> &'static str {
        match self {
            Eval::Material => "material",
            Eval::Fuzzy => "fuzzy",
            Eval::Learned => "learned",
        }
    }

    /// Whether the evaluation reads zones (and so a horizon).
    pub fn zones(self) -> bool {
        self != Eval::Material
    }
}

#[derive(Clone, Debug)]
pub struct SearchOptions {
    /// `None`: solve, search to the end of every line.
    pub depth: Option<u32>,
    pub ordering: Ordering,
    /// Transposition table size in MiB; 0 turns the table off.
    pub tt_mb: usize,
    pub max_nodes: Option<u64>,
    pub time: Option<Duration>,
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
    /// cap stops, and [`fuzzy::MAX_ZONES`](crate::play::players::fuzzy::MAX_ZONES) for the
    /// evaluations, which leave such an attack out.
    pub max_zones: Option<usize>,
    /// Print progress to stderr (depth, nodes, rate) every two seconds.
    pub progress: bool,
}

impl SearchOptions {
    pub const DEFAULT_HORIZON: u32 = 4;
}

impl Default for SearchOptions {
    fn default() -> SearchOptions {
        SearchOptions {
            depth: None,
            ordering: Ordering::Killer,
            tt_mb: 16,
            max_nodes: None,
            time: None,
            network: None,
            rules: None,
            horizon: SearchOptions::DEFAULT_HORIZON,
            eval: Eval::Material,
            max_zones: None,
            progress: false,
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
    /// The depth of the last completed iteration (for a solve, the longest line searched).
    pub depth: u32,
    pub time: Duration,
    /// Why the search stopped early, if it did (the result is then the last completed
    /// iteration's, or nothing for a solve).
    pub stopped: Option<String>,
}

/// The node budget and the clock shared by the searches.
pub(crate) struct Budget {
    start: Instant,
    max_nodes: Option<u64>,
    time: Option<Duration>,
    progress: bool,
    last_report: Instant,
    pub(crate) nodes: u64,
    pub(crate) stopped: Option<String>,
}

impl Budget {
    pub(crate) fn new(options: &SearchOptions) -> Budget {
        let now = Instant::now();
        Budget {
            start: now,
            max_nodes: options.max_nodes,
            time: options.time,
            progress: options.progress,
            last_report: now,
            nodes: 0,
            stopped: None,
        }
    }

    /// Counts a node; false once the search must stop.
    /// `ply`: how deep below the root the search is, for the progress line.
    pub(crate) fn visit(&mut self, ply: usize) -> bool {
        self.nodes += 1;
        if self.stopped.is_some() {
            return false;
        }
        if self.max_nodes.is_some_and(|m| self.nodes > m) {
            self.stopped = Some(format!(
                "stopped at the node limit (--max-nodes {})",
                self.max_nodes.unwrap_or(0)
            ));
            return false;
        }
        let at_time =
            |t: Duration| format!("stopped at the time limit (--time {})", t.as_secs_f64());
        if self.nodes & 0x3fff == 0 && (self.time.is_some() || self.progress) {
            let now = Instant::now();
            let elapsed = now - self.start;
            if let Some(t) = self.time.filter(|&t| elapsed > t) {
                self.stopped = Some(at_time(t));
                return false;
            }
            if self.progress && now - self.last_report >= Duration::from_secs(2) {
                self.last_report = now;
                eprintln!(
                    "searching: ply {ply}, {} nodes, {:.0} nodes/s",
                    self.nodes,
                    self.nodes as f64 / elapsed.as_secs_f64()
                );
            }
        }
        // The LG search sets `--time` as the thread's deadline too: then it reads as `--time`.
        if self.nodes & 0x3fff == 0
            && let Some(limit) = crate::deadline::passed()
        {
            // `lingeo serve`'s wall-clock cap: the thread stops working when the server stops
            // waiting.
            self.stopped = Some(if self.time == Some(limit) {
                at_time(limit)
            } else {
                format!(
                    "stopped at the time limit of the request ({} s)",
                    limit.as_secs_f64()
                )
            });
            return false;
        }
        true
    }

    pub(crate) fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }
}

/// The score of a finished game at its last state, for the side to move there.
pub(crate) fn terminal_score(state: &State) -> Option<i32> {
    state.outcome.map(|o| {
        let white = i32::from(o.value) * WIN;
        match state.to_move {
            crate::piece::Side::White => white,
            crate::piece::Side::Black => -white,
        }
    })
}

/// The heuristic score of a state for the side to move: its evaluation from White's side
/// (`options.eval`, with zones within `options.horizon` for the fuzzy and learned ones, and
/// `options.rules` for the learned one) times 100.
pub(crate) fn evaluate(game: &Game, state: &State, options: &SearchOptions) -> i32 {
    use crate::play::players::{fuzzy, learned};
    let horizon = options.horizon;
    let max_zones = options.max_zones.unwrap_or(fuzzy::MAX_ZONES);
    let white = match options.eval {
        Eval::Material => state.material(game),
        Eval::Fuzzy => fuzzy::evaluate_within(game, state, horizon, max_zones).value,
        Eval::Learned => {
            let rules = match &options.rules {
                Some(rules) => rules,
                None => learned::shipped(),
            };
            let e = fuzzy::evaluate_within(game, state, horizon, max_zones);
            learned::apply(game, state, e, rules).value
        }
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
