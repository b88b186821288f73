//! Full-width alpha-beta: negamax with a transposition table of bounds (Zobrist keys), move
//! orderings, iterative deepening to a depth, or one search to the end of the game (solve).
//!
//! A bound is stored with the depth searched below its state, or as complete when every line
//! below ended the game: a complete bound holds at any depth, so a depth-limited search whose
//! root comes back complete has solved the position too.
//!
//! A solve under a budget (a node or time limit, or the thread's deadline) deepens iteratively
//! too, with the solve's scores (no distance to the end), so that when the budget runs out it
//! still has the deepest completed iteration's result (an anytime solve); its last iteration
//! is the one whose root comes back complete.

use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::{Arc, Mutex};

use super::pattern_steps::PatternSteps;
use super::placement_order::{ETC_EMPTIES, PARITY_EMPTIES, PlacementOrder, Regions};
use super::table::{Bound, COMPLETE, Entry, Table};
use super::zone_steps::ZoneSteps;
use super::{
    Budget, GROW_EVERY, MAX_PV, Ordering, SearchOptions, SearchResult, StopReason, WIN, back_up,
    child_bound, decisive_value, evaluate, terminal_score, white_view,
};
use crate::play::game::Game;
use crate::play::players::chessmaps::{self, Network, View};
use crate::play::players::sectors::SECTORS;
use crate::play::state::{Move, State};

const INF: i32 = i32::MAX / 2;

/// Searches `root` as `options` say: a solve on `options.threads` threads when it has more
/// than one (lazy SMP, docs/play-and-search.md §3.3), every other search on the calling thread.
pub fn search(game: &Game, root: &State, options: &SearchOptions) -> SearchResult {
    match compiled_solve(game, root, options) {
        Compiled::Done(result) => *result,
        Compiled::NotTried => play_layer_search(game, root, options),
        Compiled::NotSolved(tried) => {
            let mut result = play_layer_search(game, root, &tried.options);
            result.nodes += tried.nodes;
            result.tt_hits += tried.tt_hits;
            result.cpu_time = result.cpu_time.zip(tried.cpu_time).map(|(a, b)| a + b);
            result
        }
    }
}

/// What [`compiled_solve`] did.
enum Compiled {
    /// The game has no compiled form, or the options ask for what it does not do.
    NotTried,
    /// The solve on the compiled rule: its result, solved or stopped by anything but its share
    /// of a time limit (the memory limit, the server's stop).
    Done(Box<SearchResult>),
    /// It ran out of its share of the time: the play layer goes on with what is left.
    NotSolved(Box<TriedFirst>),
}

/// A timed solve's trial on the compiled rule that did not finish: what it counted, and the
/// options of the play layer's search after it (its time counted from the trial's start).
struct TriedFirst {
    nodes: u64,
    tt_hits: u64,
    cpu_time: Option<std::time::Duration>,
    options: SearchOptions,
}

/// The solve on the game's compiled rule, where the game has one and `options` ask for a
/// solve with its ordering: a placement game scored by counting with the mobility ordering
/// ([`super::placement_solve`]), a stepping game won by goals with the killer ordering
/// ([`super::step_solve`]). Not under a depth or node limit, whose results the play layer's
/// iterative deepening gives. Under a time limit or a deadline (`lingeo serve` sets one on
/// every request) the compiled solve gets half of the time left: it is about ten times faster
/// a position, so where it does not finish in that half the play layer's solve would not
/// finish in the whole either, and the play layer's anytime search (the deepest iteration's
/// result) gets the other half.
fn compiled_solve(game: &Game, root: &State, options: &SearchOptions) -> Compiled {
    let solve = match options.ordering {
        Ordering::Mobility => super::placement_solve::solve,
        Ordering::Killer => super::step_solve::solve,
        _ => return Compiled::NotTried,
    };
    if !options.compiled || options.depth.is_some() || options.max_nodes.is_some() {
        return Compiled::NotTried;
    }
    let started = options.started.unwrap_or_else(std::time::Instant::now);
    // The time limit counts from `started`; the deadline is a point in time.
    let time = options.time.map(|t| t.saturating_sub(started.elapsed()));
    let left = match (time, crate::deadline::remaining()) {
        (None, None) => {
            return solve(game, root, options)
                .map_or(Compiled::NotTried, |r| Compiled::Done(Box::new(r)));
        }
        (Some(time), None) => time,
        (None, Some(deadline)) => deadline,
        (Some(time), Some(deadline)) => time.min(deadline),
    };
    // The trial's own limit, which every thread of it reads (a deadline is this thread's
    // alone); its stop at it is not the user's.
    let trial = SearchOptions {
        time: Some(left / 2),
        time_shown: None,
        started: Some(started),
        ..options.clone()
    };
    let Some(result) = solve(game, root, &trial) else {
        return Compiled::NotTried;
    };
    if !matches!(result.stopped, Some(StopReason::Time { .. })) {
        return Compiled::Done(Box::new(result));
    }
    Compiled::NotSolved(Box::new(TriedFirst {
        nodes: result.nodes,
        tt_hits: result.tt_hits,
        cpu_time: result.cpu_time,
        options: SearchOptions {
            started: Some(started),
            ..options.clone()
        },
    }))
}

/// [`search`] on the play layer's rules (the game's moves and states as they are).
fn play_layer_search(game: &Game, root: &State, options: &SearchOptions) -> SearchResult {
    let table = match options.tt_mb {
        0 => None,
        mb => match Table::new(mb) {
            Ok(t) => Some(t),
            Err(why) => {
                return SearchResult::nothing(
                    StopReason::Failed(why.to_string()),
                    std::time::Duration::ZERO,
                    None,
                );
            }
        },
    };
    if let Some(table) = &table
        && options.threads > 1
        && options.depth.is_none()
        && !budgeted(options)
    {
        return parallel_solve(game, root, options, table);
    }
    let mut s = Searcher::new(game, root, options, table.as_ref(), 0, None);
    let best = s.deepen(root);
    let pv = match best {
        // The null windows keep no line of best play: it is read off by value, as a
        // parallel solve's is.
        Some((score, true, _)) if s.zero_window => s.line_by_value(root, score),
        Some(_) => s.principal_variation(root),
        None => Vec::new(),
    };
    let (score, complete, depth) = best.unwrap_or((0, false, 0));
    let white = white_view(root, score);
    SearchResult {
        value: if complete {
            Some(white.signum() as i8)
        } else {
            decisive_value(white)
        },
        score: white,
        pv,
        nodes: s.budget.nodes,
        tt_hits: s.tt_hits,
        depth,
        time: s.budget.elapsed(),
        cpu_time: s.budget.cpu_elapsed(),
        stopped: s.budget.stopped.clone(),
        compiled: false,
    }
}

/// Whether `state`'s game ended by a rule that depends on the moves before it (repetition, the
/// fifty-move clock): its score is true on this line only, and so never complete.
fn ends_by_the_path(state: &State) -> bool {
    state
        .outcome
        .is_some_and(|o| o.reason.depends_on_the_path())
}

/// Whether a limit can stop the search before its end (a node or time limit, or the thread's
/// deadline): such a solve deepens iteratively, on one thread.
fn budgeted(options: &SearchOptions) -> bool {
    options.max_nodes.is_some() || options.time.is_some() || crate::deadline::is_set()
}

/// The plies below the root where the helper threads of a parallel solve reorder the moves
/// (past the table's move), so that they start on other subtrees than the main thread and
/// fill the table with what it will need next.
const DIVERSIFY_PLIES: usize = 3;

/// A solve by lazy SMP: `options.threads` threads search the same root, each with its own
/// orderings (the helpers' differ near the root), all sharing `table`, whose entries are true
/// bounds whoever stored them. The first thread to finish has the game's value (every thread
/// searches the whole tree, and every bound it reads is sound), and stops the others.
///
/// The value is the one-thread solve's; the principal variation is then read off by value
/// ([`Searcher::line_by_value`]), the same on every run. The positions, table hits and the
/// longest line depend on how the threads met in the table: they vary from run to run.
fn parallel_solve(
    game: &Game,
    root: &State,
    options: &SearchOptions,
    table: &Table,
) -> SearchResult {
    let start = std::time::Instant::now();
    let halt = AtomicBool::new(false);
    let finished: Mutex<Option<(i32, u32)>> = Mutex::new(None);
    // The main thread (0) reports progress; the helpers are silent.
    let quiet = SearchOptions {
        progress: crate::progress::Observer::silent(),
        ..options.clone()
    };
    let tallies: Vec<(u64, u64, Option<std::time::Duration>, Option<StopReason>)> =
        super::on_threads(options.threads, (0, 0, None, None), |id: usize| {
            let opts = if id == 0 { options } else { &quiet };
            let mut s = Searcher::new(game, root, opts, Some(table), id, Some(&halt));
            let best = s.deepen(root);
            if let Some((score, true, reached)) = best
                && s.budget.stopped.is_none()
            {
                let mut slot = finished.lock().unwrap_or_else(|e| e.into_inner());
                if slot.is_none() {
                    *slot = Some((score, reached));
                }
                halt.store(true, Relaxed);
            }
            let stopped = s
                .budget
                .stopped
                .take()
                .filter(|why| *why != StopReason::Halted);
            (s.budget.nodes, s.tt_hits, s.budget.cpu_elapsed(), stopped)
        });
    let nodes: u64 = tallies.iter().map(|t| t.0).sum();
    let tt_hits: u64 = tallies.iter().map(|t| t.1).sum();
    let cpu_time = tallies
        .iter()
        .map(|t| t.2)
        .sum::<Option<std::time::Duration>>();
    // A stop of the main thread (the memory limit) is the search's.
    let stopped = tallies.first().and_then(|t| t.3.clone());
    let result = finished.into_inner().unwrap_or_else(|e| e.into_inner());
    let Some((score, depth)) = result else {
        let why = stopped
            .unwrap_or_else(|| StopReason::Failed("the parallel solve found no value".to_string()));
        let mut r = SearchResult::nothing(why, start.elapsed(), cpu_time);
        r.nodes = nodes;
        r.tt_hits = tt_hits;
        return r;
    };
    let mut s = Searcher::new(game, root, &quiet, Some(table), 0, None);
    let pv = s.line_by_value(root, score);
    let white = white_view(root, score);
    SearchResult {
        value: Some(white.signum() as i8),
        score: white,
        pv,
        nodes: nodes + s.budget.nodes,
        tt_hits: tt_hits + s.tt_hits,
        depth,
        time: start.elapsed(),
        cpu_time: cpu_time.zip(s.budget.cpu_elapsed()).map(|(a, b)| a + b),
        stopped: None,
        compiled: false,
    }
}

struct Searcher<'g> {
    /// Read for scoring the leaves (`evaluate`).
    options: &'g SearchOptions,
    game: &'g Game,
    table: Option<&'g Table>,
    ordering: Ordering,
    /// 0 for the main thread; a helper of a parallel solve orders the moves near the root
    /// differently ([`DIVERSIFY_PLIES`]).
    helper: usize,
    /// Raised when another thread of a parallel solve has finished: this one stops.
    halt: Option<&'g AtomicBool>,
    /// Per (piece, destination): the history heuristic's counts.
    history: Vec<i32>,
    killers: Vec<[Option<Move>; 2]>,
    budget: Budget,
    tt_hits: u64,
    /// Move lists per ply, reused.
    buffers: Vec<Vec<Move>>,
    max_ply: u32,
    /// The best line found below each ply (the triangular principal-variation table).
    lines: Vec<Vec<Move>>,
    /// Whether decisive scores count the moves to the end. A solve leaves them out: with three
    /// values only, bounds cut more and the table's entries serve more lines.
    distance: bool,
    order_buffers: Vec<Vec<(i64, usize)>>,
    zone_steps: Option<ZoneSteps>,
    pattern_steps: Option<PatternSteps>,
    chessmaps: Option<(View, Arc<Network>)>,
    /// Per (piece, destination): the killer ordering's static part of a move's priority.
    quiet: Vec<i64>,
    /// Whether the depth bound ends in a quiescence search ([`Searcher::quiesce`]): chess
    /// (a depth-limited search, or the iterations of an anytime solve).
    quiescence: bool,
    /// Whether the table files positions under the board's symmetries ([`Searcher::key`]).
    symmetric: bool,
    /// Whether the solve proper (not the iterations of an anytime solve) searches null
    /// windows ([`Searcher::zero_window_solve`]): a game decided by counting pieces, whose
    /// margin the full window would search for at every node.
    zero_window: bool,
    /// The mobility ordering of a placement game ([`PlacementOrder`]), with the regions'
    /// parity it reads near the end.
    placement_order: Option<PlacementOrder>,
    regions: Regions,
    /// The children's keys of an enhanced transposition cutoff, reused.
    child_keys: Vec<u64>,
}

/// Per (piece, destination): a goal reached (it wins at once under `goals immediate`, so it
/// comes before everything but the table's move), then the distance from the piece's goals
/// (0 to 63): holding back first proves Pawned's draw with half the positions that advancing
/// first, or no tie-break, takes (docs/play-and-search.md §3.1).
fn quiet_keys(game: &Game) -> Vec<i64> {
    let n = game.scenario.board.len();
    let mut keys = vec![0; game.piece_count() * n];
    for piece in 0..game.piece_count() {
        for to in 0..n {
            let mut key = i64::from(game.goal_distance[piece][to].min(63));
            if game.goals[piece][to] {
                key += 1 << 39;
            }
            keys[piece * n + to] = key;
        }
    }
    keys
}

impl<'g> Searcher<'g> {
    fn new(
        game: &'g Game,
        root: &State,
        options: &'g SearchOptions,
        table: Option<&'g Table>,
        helper: usize,
        halt: Option<&'g AtomicBool>,
    ) -> Searcher<'g> {
        Searcher {
            game,
            table,
            helper,
            halt,
            ordering: options.ordering,
            options,
            history: vec![0; game.piece_count() * game.scenario.board.len()],
            killers: Vec::new(),
            budget: Budget::new(options).for_board(game.scenario.board.len()),
            tt_hits: 0,
            buffers: Vec::new(),
            max_ply: 0,
            lines: Vec::new(),
            distance: options.depth.is_some(),
            zone_steps: (options.ordering == Ordering::Zones)
                .then(|| ZoneSteps::of(game, root, options.horizon)),
            pattern_steps: (options.ordering == Ordering::Patterns)
                .then(|| PatternSteps::of(game, root, options.horizon)),
            chessmaps: (options.ordering == Ordering::Chessmaps).then(|| {
                let network = options
                    .network
                    .clone()
                    .unwrap_or_else(|| Network::shipped_for(game));
                (View::of(game), network)
            }),
            order_buffers: Vec::new(),
            quiet: quiet_keys(game),
            quiescence: game.chess.is_some(),
            symmetric: options.symmetry && options.eval == super::Eval::Material,
            zero_window: game.scores_by_count() && !options.full_window && options.depth.is_none(),
            placement_order: (options.ordering == Ordering::Mobility)
                .then(|| PlacementOrder::of(game))
                .flatten(),
            regions: Regions::default(),
            child_keys: Vec::new(),
        }
    }

    /// The state's table key and the orientation it was read in: under the board's
    /// symmetries where the search files positions so ([`SearchOptions::symmetry`]).
    #[inline]
    fn key(&self, state: &State) -> (u64, u8) {
        if self.symmetric {
            state.table_key(self.game)
        } else {
            (state.hash(self.game), 0)
        }
    }

    /// The iterations of the search: (score, complete, depth reached) of the last one that
    /// finished, `None` when none did.
    fn deepen(&mut self, root: &State) -> Option<(i32, bool, u32)> {
        let options = self.options;
        let mut state = root.clone();
        let mut best: Option<(i32, bool, u32)> = None;
        // A solve's scores are −WIN, 0 and WIN alone (and, in the iterations of an anytime
        // solve, evaluations far inside them), so its window is closed at both ends: a win
        // found cuts off the other moves at once, as no score can beat it. A game decided by
        // counting pieces scores its margin beyond them, so its window stays open.
        let window = if self.distance || self.game.scores_by_count() {
            INF
        } else {
            WIN
        };
        // The depths one at a time, never listed: `--depth 4294967295` is as cheap as a solve.
        let last = options.depth.unwrap_or(u32::MAX).max(1);
        let mut depth = if options.depth.is_some() || budgeted(options) {
            1
        } else {
            u32::MAX
        };
        loop {
            // A single solve has no iteration to show.
            self.budget.iteration = (depth != u32::MAX).then_some(depth);
            let (score, complete) = if depth == u32::MAX && self.zero_window {
                self.zero_window_solve(&mut state)
            } else {
                self.negamax(&mut state, depth, 0, -window, window)
            };
            if self.budget.stopped.is_some() {
                break;
            }
            // A solve's depth is the longest line it searched.
            let reached = if options.depth.is_none() && complete {
                self.max_ply
            } else {
                depth
            };
            best = Some((score, complete, reached));
            if complete || depth >= last {
                break;
            }
            depth += 1;
        }
        best
    }

    /// The solve of a game decided by counting pieces by null-window searches alone (MTD(f)
    /// from 0): the first asks whether the side to move draws or wins (score ≥ 0), and each
    /// next one whether the score reaches the bound the last proved, until a lower and an
    /// upper bound meet. A null window cuts far more than the full one, and as the search
    /// fails soft a probe's bound jumps to a score some line reaches, a margin at a time or
    /// more; the table's bounds carry from one probe to the next. The score is the full
    /// window's ([`SearchOptions::full_window`]; the tests compare the two).
    fn zero_window_solve(&mut self, state: &mut State) -> (i32, bool) {
        let (mut lower, mut upper) = (-INF, INF);
        let mut guess = 0;
        let mut complete = true;
        while lower < upper {
            let beta = guess.max(lower + 1);
            let (score, whole) = self.negamax(state, u32::MAX, 0, beta - 1, beta);
            if self.budget.stopped.is_some() {
                return (0, false);
            }
            complete &= whole;
            guess = score;
            if score < beta {
                upper = score;
            } else {
                lower = score;
            }
        }
        (guess, complete)
    }

    /// The score of `state` for its side to move, and whether the whole subtree below ended the
    /// game (the score is then exact, or a true bound, at any depth).
    fn negamax(
        &mut self,
        state: &mut State,
        depth: u32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
    ) -> (i32, bool) {
        if !self.visit(ply) {
            return (0, false);
        }
        if let Some(score) = terminal_score(self.game, state) {
            return (score, !ends_by_the_path(state));
        }
        // A position met again on the line (or in the game before the root) is scored a draw
        // at its second occurrence, as engines of chess do: whatever the side to move could
        // win from it, it could have won the first time. The score rests on the path, not on
        // the position, so it is never complete: the table keeps it at its depth only.
        if ply > 0 && self.game.chess.is_some() && state.repetitions() >= 2 {
            return (0, false);
        }
        let (key, orientation) = self.key(state);
        // The moves first, the table after: generating them takes about as long as the bucket
        // (prefetched by the parent) takes to arrive from memory, so the two overlap.
        let mut moves = self.buffers.pop().unwrap_or_default();
        state.successors(self.game, &mut moves);
        if let Some(score) = terminal_score(self.game, state) {
            self.buffers.push(moves);
            return (score, !ends_by_the_path(state));
        }
        let (tt_best, decided) = self.probe(key, orientation, depth, alpha, beta);
        if let Some(decided) = decided {
            self.buffers.push(moves);
            return decided;
        }
        if depth == 0 {
            let score = if self.quiescence {
                self.quiesce(state, &moves, ply, alpha, beta)
            } else {
                evaluate(self.game, state, self.options)
            };
            self.buffers.push(moves);
            return (score, false);
        }
        let mut order = self.order_buffers.pop().unwrap_or_default();
        self.order(state, &moves, tt_best, ply, &mut order);
        let alpha0 = alpha;
        let nodes_before = self.budget.nodes;
        let mut best = -INF;
        let mut best_index = u8::MAX;
        let mut complete = true;
        let mut cut = false;
        // Before the first move rather than after it: probing only once the first move failed
        // to cut visits twice the positions (docs/play-and-search.md §3.1).
        if !self.distance
            && (self.game.placement.is_none() || state.empty_points() >= ETC_EMPTIES)
            && let Some((score, k)) = self.transposition_cutoff(state, &moves, &order, beta)
        {
            best = score;
            best_index = u8::try_from(k).unwrap_or(u8::MAX);
            cut = true;
            self.reward(moves[k], depth, ply);
        }
        for &(_, k) in order.iter().take(if cut { 0 } else { usize::MAX }) {
            let mv = moves[k];
            let (child, child_complete) = self.child(state, mv, depth, ply, alpha, beta);
            if self.budget.stopped.is_some() {
                self.buffers.push(moves);
                self.order_buffers.push(order);
                return (0, false);
            }
            complete &= child_complete;
            let score = self.up(child);
            if score > best {
                best = score;
                best_index = u8::try_from(k).unwrap_or(u8::MAX);
                if score > alpha {
                    self.line_through(ply, mv);
                }
            }
            if best > alpha {
                alpha = best;
            }
            if alpha >= beta {
                self.reward(mv, depth, ply);
                break;
            }
        }
        self.buffers.push(moves);
        self.order_buffers.push(order);
        if let Some(t) = self.table {
            let bound = if best <= alpha0 {
                Bound::Upper
            } else if best >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            t.store(Entry {
                key,
                score: best,
                depth: if complete {
                    COMPLETE
                } else {
                    depth.min(u32::from(COMPLETE) - 1) as u8
                },
                bound,
                best: best_index,
                orientation,
                work: (u64::BITS - (self.budget.nodes - nodes_before).leading_zeros()) as u8,
            });
        }
        (best, complete)
    }

    /// The child's score after `mv` from `state` (made, searched one ply shallower with the
    /// window turned to the child's side, unmade), from the child's side, and whether its
    /// subtree ended the game.
    #[inline]
    fn child(
        &mut self,
        state: &mut State,
        mv: Move,
        depth: u32,
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> (i32, bool) {
        let undo = state.make(self.game, mv);
        if let Some(t) = &self.table {
            t.prefetch(self.key(state).0);
        }
        let (a, b) = self.child_window(alpha, beta);
        // A line as long as the game's move limit recurses that deep: on a stack grown
        // as it goes (a server's worker thread has a small one).
        let searched = if ply % GROW_EVERY == GROW_EVERY - 1 {
            crate::memory::grow(|| self.negamax(state, depth - 1, ply + 1, a, b))
        } else {
            self.negamax(state, depth - 1, ply + 1, a, b)
        };
        state.unmake(self.game, undo);
        searched
    }

    /// A child's score seen from its parent: negated, and under distance scoring a decisive
    /// score one move further away.
    #[inline]
    fn up(&self, child: i32) -> i32 {
        if self.distance {
            back_up(child)
        } else {
            -child
        }
    }

    /// The window (`alpha`, `beta`) of a state turned to its child's side.
    #[inline]
    fn child_window(&self, alpha: i32, beta: i32) -> (i32, i32) {
        if self.distance {
            (child_bound(beta), child_bound(alpha))
        } else {
            (-beta, -alpha)
        }
    }

    /// The quiescence search at the depth bound (chess): the side to
    /// move stands on the evaluation or takes, captures (most valuable victim first, least
    /// valuable taker next) and promotions searched until none is left; in check it must
    /// answer, so every move (its legal `moves` are all evasions) is searched and no standing
    /// is allowed. Without it a search to a fixed depth ends lines in the middle of an exchange
    /// and plays 1.Bxc6 dxc6 2.h3 Bxh3 for a pawn won. Its scores are never complete.
    fn quiesce(
        &mut self,
        state: &mut State,
        moves: &[Move],
        ply: usize,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        let mover = state.to_move;
        let in_check = state.royal_attacked(self.game, mover);
        let mut best = -INF;
        if !in_check {
            best = evaluate(self.game, state, self.options);
            if best >= beta {
                return best;
            }
            alpha = alpha.max(best);
        }
        let mut order = self.order_buffers.pop().unwrap_or_default();
        order.clear();
        for (k, mv) in moves.iter().enumerate() {
            if let Some(gain) = self.tactical_gain(state, *mv).or(in_check.then_some(0)) {
                order.push((-i64::from(gain), k));
            }
        }
        order.sort_unstable();
        for &(_, k) in order.iter() {
            let undo = state.make(self.game, moves[k]);
            let (a, b) = self.child_window(alpha, beta);
            let child = if ply % GROW_EVERY == GROW_EVERY - 1 {
                crate::memory::grow(|| self.quiet_node(state, ply + 1, a, b))
            } else {
                self.quiet_node(state, ply + 1, a, b)
            };
            state.unmake(self.game, undo);
            if self.budget.stopped.is_some() {
                break;
            }
            best = best.max(self.up(child));
            alpha = alpha.max(best);
            if alpha >= beta {
                break;
            }
        }
        self.order_buffers.push(order);
        best
    }

    /// A position below the depth bound: its end, or its quiescence search.
    fn quiet_node(&mut self, state: &mut State, ply: usize, alpha: i32, beta: i32) -> i32 {
        if !self.visit(ply) {
            return 0;
        }
        if let Some(score) = terminal_score(self.game, state) {
            return score;
        }
        let mut moves = self.buffers.pop().unwrap_or_default();
        state.successors(self.game, &mut moves);
        let score = match terminal_score(self.game, state) {
            Some(score) => score,
            None => self.quiesce(state, &moves, ply, alpha, beta),
        };
        self.buffers.push(moves);
        score
    }

    /// A capture's or a promotion's priority in the quiescence search (the victim's value
    /// times 16 less the taker's, plus what a promotion adds), `None` for a quiet move.
    fn tactical_gain(&self, state: &State, mv: Move) -> Option<i32> {
        let Move::Step {
            piece,
            capture,
            promote,
            ..
        } = mv
        else {
            return None;
        };
        if capture.is_none() && promote.is_none() {
            return None;
        }
        let value = |i: usize| self.game.classes[state.class(i)].value;
        let mut gain = 0.0;
        if let Some(victim) = capture {
            gain += 16.0 * value(usize::from(victim)) - value(usize::from(piece));
        }
        if let Some(t) = promote {
            gain += 16.0 * self.game.scenario.types[usize::from(t)].value;
        }
        Some((gain * 100.0) as i32)
    }

    /// Counts a visit at `ply` and starts its line; false where the search must stop (its
    /// budget, or another thread's halt looked at every 1,024 positions).
    #[inline]
    fn visit(&mut self, ply: usize) -> bool {
        if !self.budget.visit(ply) {
            return false;
        }
        if let Some(halt) = self.halt
            && self.budget.nodes & 0x3ff == 0
            && halt.load(Relaxed)
        {
            self.budget.stopped = Some(StopReason::Halted);
            return false;
        }
        self.max_ply = self.max_ply.max(ply as u32);
        // The lines below the root are kept for the first `MAX_PV` plies only, each at most
        // `MAX_PV` moves (the table continues the principal variation past them).
        if ply < MAX_PV {
            if self.lines.len() <= ply + 1 {
                self.lines.resize(ply + 2, Vec::new());
            }
            self.lines[ply].clear();
        }
        true
    }

    /// The table's entry for `key` at `depth` within the window (`alpha`, `beta`): its best
    /// move's index (`u8::MAX`: none), and the score with whether it is complete where the
    /// entry decides the node (deep enough, and exact or a bound beyond the window).
    #[inline]
    fn probe(
        &mut self,
        key: u64,
        orientation: u8,
        depth: u32,
        alpha: i32,
        beta: i32,
    ) -> (u8, Option<(i32, bool)>) {
        if depth == 0 {
            return (u8::MAX, None);
        }
        let Some(mut e) = self.table.and_then(|t| t.probe(key)) else {
            return (u8::MAX, None);
        };
        // A best move found in a mirror image is an index into that image's moves.
        if e.orientation != orientation {
            e.best = u8::MAX;
        }
        let deep_enough = e.depth == COMPLETE || u32::from(e.depth) >= depth;
        let usable = match e.bound {
            Bound::Exact => true,
            Bound::Lower => e.score >= beta,
            Bound::Upper => e.score <= alpha,
        };
        if deep_enough && usable {
            self.tt_hits += 1;
            return (e.best, Some((e.score, e.depth == COMPLETE)));
        }
        (e.best, None)
    }

    /// The line at `ply` becomes `mv` and the line below it (within `MAX_PV` plies and moves).
    #[inline]
    fn line_through(&mut self, ply: usize, mv: Move) {
        if ply < MAX_PV {
            let (head, tail) = self.lines.split_at_mut(ply + 1);
            head[ply].clear();
            head[ply].push(mv);
            let rest = tail[0].len().min(MAX_PV - 1);
            head[ply].extend_from_slice(&tail[0][..rest]);
        }
    }

    /// Enhanced transposition cutoff: a child whose table entry already proves a score of at
    /// least `beta` for this state, found before any child is searched (a solve only, where
    /// every entry is complete). The buckets are all prefetched first so that the misses overlap.
    fn transposition_cutoff(
        &mut self,
        state: &State,
        moves: &[Move],
        order: &[(i64, usize)],
        beta: i32,
    ) -> Option<(i32, usize)> {
        let t = self.table?;
        // Each key once (a placement's key takes its flips): kept for the probes.
        let mut keys = std::mem::take(&mut self.child_keys);
        keys.clear();
        for &(_, k) in order {
            let Some(key) = state.child_key(self.game, moves[k], self.symmetric) else {
                self.child_keys = keys;
                return None;
            };
            t.prefetch(key);
            keys.push(key);
        }
        let found = self.cutoff_among(t, &keys, order, beta);
        self.child_keys = keys;
        found
    }

    /// The first child, of `keys` in `order`, whose complete entry proves at least `beta`.
    fn cutoff_among(
        &mut self,
        t: &Table,
        keys: &[u64],
        order: &[(i64, usize)],
        beta: i32,
    ) -> Option<(i32, usize)> {
        for (&key, &(_, k)) in keys.iter().zip(order) {
            let e = t.probe(key);
            if let Some(e) = e
                && e.depth == COMPLETE
                && e.bound != Bound::Lower
                && -e.score >= beta
            {
                self.tt_hits += 1;
                return Some((-e.score, k));
            }
        }
        None
    }

    /// The order to try `moves` in: the table's best move first, then by the ordering; into
    /// `keyed` as (−priority, index) pairs.
    fn order(
        &mut self,
        state: &mut State,
        moves: &[Move],
        tt_best: u8,
        ply: usize,
        keyed: &mut Vec<(i64, usize)>,
    ) {
        let killers = self.killers.get(ply).copied().unwrap_or([None, None]);
        let board = self.game.scenario.board.len();
        let importance: [i64; SECTORS] = match &self.chessmaps {
            Some((view, network)) => chessmaps::importance(self.game, view, network, state),
            None => [0; SECTORS],
        };
        keyed.clear();
        if let Some(po) = &self.placement_order {
            let empties = state.empty_points();
            if empties <= PARITY_EMPTIES {
                po.odd_regions(state, &mut self.regions);
            }
            for (k, &mv) in moves.iter().enumerate() {
                let mut key = po.priority(self.game, state, mv, empties, &self.regions.odd);
                if k == usize::from(tt_best) {
                    key += 1 << 40;
                }
                if killers[0] == Some(mv) {
                    key += 2;
                } else if killers[1] == Some(mv) {
                    key += 1;
                }
                keyed.push((-key, k));
            }
            keyed.sort_unstable();
            self.diversify(keyed, tt_best, ply);
            return;
        }
        // The mobility ordering makes each move on a copy of the state, once per state.
        let mut scratch = (self.ordering == Ordering::Mobility).then(|| state.clone());
        let mut replies = Vec::new();
        keyed.extend(moves.iter().enumerate().map(|(k, mv)| {
            let mut key: i64 = 0;
            if k == usize::from(tt_best) {
                key += 1 << 40;
            }
            match self.ordering {
                Ordering::None => {}
                Ordering::Mobility => {
                    if let Some(scratch) = &mut scratch {
                        let n = scratch.replies_after(self.game, *mv, &mut replies);
                        key += (1 << 20) - ((n as i64) << 8);
                    }
                    if killers[0] == Some(*mv) {
                        key += 2;
                    } else if killers[1] == Some(*mv) {
                        key += 1;
                    }
                }
                Ordering::MvvLva => {
                    if let Some(gain) = self.tactical_gain(state, *mv) {
                        key += (1 << 38) + i64::from(gain);
                    }
                }
                Ordering::History => {
                    if mv.is_capture() {
                        key += 1 << 38;
                    }
                    key += i64::from(self.history_of(*mv));
                }
                Ordering::Chessmaps => {
                    if let Move::Step { piece, to, .. } = *mv {
                        let goal = self.quiet[usize::from(piece) * board + to.index()] >= 1 << 39;
                        if mv.is_capture() || goal {
                            key += 1 << 38;
                        } else if let Some((view, _)) = &self.chessmaps {
                            let mask = view.influence(self.game, state, *mv);
                            key += chessmaps::priority(&importance, mask);
                        }
                    }
                }
                Ordering::Killer | Ordering::Zones | Ordering::Patterns => {
                    if let Move::Step { piece, to, .. } = *mv {
                        key += self.quiet[usize::from(piece) * board + to.index()];
                    }
                    if mv.is_capture() {
                        key += 1 << 38;
                    }
                    if killers[0] == Some(*mv) {
                        key += 2 << 6;
                    } else if killers[1] == Some(*mv) {
                        key += 1 << 6;
                    }
                    if self.zone_steps.as_ref().is_some_and(|z| z.contains(*mv)) {
                        key += 1 << 20;
                    }
                    if let Some(p) = &self.pattern_steps {
                        key += p.rank(*mv) << 20;
                    }
                }
            }
            (-key, k)
        }));
        keyed.sort_unstable();
        self.diversify(keyed, tt_best, ply);
    }

    /// A helper of a parallel solve turns the list past the table's move round by its
    /// number, near the root only: it starts where the main thread gets last.
    fn diversify(&self, keyed: &mut [(i64, usize)], tt_best: u8, ply: usize) {
        if self.helper > 0 && ply < DIVERSIFY_PLIES {
            let skip = usize::from(
                keyed
                    .first()
                    .is_some_and(|&(_, k)| k == usize::from(tt_best)),
            );
            if keyed.len() > skip + 1 {
                let n = keyed.len() - skip;
                keyed[skip..].rotate_left((self.helper * (ply + 1)) % n);
            }
        }
    }

    fn history_of(&self, mv: Move) -> i32 {
        match mv {
            Move::Step { piece, to, .. } => {
                self.history[usize::from(piece) * self.game.scenario.board.len() + to.index()]
            }
            Move::Pass => 0,
        }
    }

    /// A move that caused a cutoff: remembered by the history and killer orderings.
    fn reward(&mut self, mv: Move, depth: u32, ply: usize) {
        match self.ordering {
            Ordering::None | Ordering::Chessmaps | Ordering::MvvLva => {}
            Ordering::History => {
                if let Move::Step { piece, to, .. } = mv {
                    let n = self.game.scenario.board.len();
                    let h = &mut self.history[usize::from(piece) * n + to.index()];
                    let d = depth.min(64) as i32;
                    *h = h.saturating_add(d * d);
                }
            }
            Ordering::Killer | Ordering::Zones | Ordering::Patterns | Ordering::Mobility => {
                if mv.is_capture() {
                    return;
                }
                if self.killers.len() <= ply {
                    self.killers.resize(ply + 1, [None, None]);
                }
                let k = &mut self.killers[ply];
                if k[0] != Some(mv) {
                    k[1] = k[0];
                    k[0] = Some(mv);
                }
            }
        }
    }

    /// A line of best play from `root`, whose solve scored `score` for its side to move: at
    /// each state the first move in generation order whose child proves the value (a
    /// null-window solve of the child, short with the table the solve filled). Unlike the
    /// search's own line it does not depend on what the threads of a parallel solve met.
    fn line_by_value(&mut self, root: &State, score: i32) -> Vec<Move> {
        let mut state = root.clone();
        let mut want = score;
        let mut line = Vec::new();
        let mut seen = Vec::new();
        let mut moves = Vec::new();
        while line.len() < MAX_PV {
            state.successors(self.game, &mut moves);
            if state.outcome.is_some() || self.budget.stopped.is_some() {
                break;
            }
            let key = state.hash(self.game);
            if seen.contains(&key) {
                break;
            }
            seen.push(key);
            let mut chosen = None;
            for &mv in &moves {
                let undo = state.make(self.game, mv);
                let (child, _) = crate::memory::grow(|| {
                    self.negamax(&mut state, u32::MAX, 1, -want - 1, -want + 1)
                });
                state.unmake(self.game, undo);
                if self.budget.stopped.is_some() {
                    break;
                }
                if -child == want {
                    chosen = Some(mv);
                    break;
                }
            }
            let Some(mv) = chosen else {
                break;
            };
            line.push(mv);
            state.make(self.game, mv);
            want = -want;
        }
        line
    }

    /// The root's best line, continued from the table where a table cut it short.
    fn principal_variation(&mut self, root: &State) -> Vec<Move> {
        let mut state = root.clone();
        let mut line = self.lines.first().cloned().unwrap_or_default();
        for &mv in &line {
            state.make(self.game, mv);
        }
        let mut seen = Vec::new();
        let mut moves = Vec::new();
        line.truncate(MAX_PV);
        while line.len() < MAX_PV {
            state.successors(self.game, &mut moves);
            if state.outcome.is_some() {
                break;
            }
            let (key, orientation) = self.key(&state);
            if seen.contains(&key) {
                break;
            }
            seen.push(key);
            let Some(e) = self.table.and_then(|t| t.probe(key)) else {
                break;
            };
            let mv = if e.orientation == orientation {
                moves.get(usize::from(e.best)).copied()
            } else {
                self.move_to_exact_child(&mut state, &moves, e.score)
            };
            let Some(mv) = mv else {
                break;
            };
            line.push(mv);
            state.make(self.game, mv);
        }
        line
    }

    /// The first of `moves` whose child's table entry proves at least `score` for `state` (an
    /// exact value or an upper bound of the child's): the best move of an entry stored in a
    /// mirror image of the state, whose index is into the image's moves.
    fn move_to_exact_child(&self, state: &mut State, moves: &[Move], score: i32) -> Option<Move> {
        let table = self.table?;
        moves.iter().copied().find(|&mv| {
            let undo = state.make(self.game, mv);
            let entry = table.probe(self.key(state).0);
            state.unmake(self.game, undo);
            entry.is_some_and(|e| e.bound != Bound::Lower && self.up(e.score) >= score)
        })
    }
}
