//! The solve of a stepping game won by reaching goals (Pawned) over its compiled rule
//! ([`StepBits`], docs/play-and-search.md §3.8): the alpha-beta solve of [`super::alphabeta`]
//! with the same means — a table of bounds, the killer ordering (the table's move, captures,
//! killers, then the pieces furthest from their goals), enhanced transposition cutoffs, the
//! table's key the least image of a position under the symmetries the rules keep, lazy SMP
//! over the shared table, the root's moves once per symmetry class — on positions of two
//! words, so that a node costs tens of nanoseconds instead of microseconds.
//!
//! The search is negamax on the value alone (1, 0, −1 for the side to move) by null windows:
//! the first tells a win from the rest, the second a draw from a loss. A side that can reach
//! a goal wins at once, so such a node ends without a move made. The value and the line are
//! the play layer's (the tests compare them); a decisive line is one that keeps the value, not
//! necessarily the shortest, and its length is what the score counts.

use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::time::Instant;

use super::compiled_threads::Tally;
use super::disc_table::{Bounds, DiscTable, NO_LOWER, NO_UPPER};
use super::{Budget, SearchOptions, SearchResult, WIN};
use crate::piece::Side;
use crate::play::game::Game;
use crate::play::placement_bits::Discs;
use crate::play::state::{Move, State};
use crate::play::step_bits::{Men, StepBits, StepMove};

/// The plies below the root where the helper threads of a parallel solve take the moves in
/// another order than the main thread (past the table's move).
const DIVERSIFY_PLIES: usize = 3;

/// At least this weight (the steps left to the goals, both sides) and a node looks up its
/// children in the table before searching any (enhanced transposition cutoffs). Measured on
/// Pawned 6x6 (64 MiB, one thread): from 0 the cutoffs save 53% of the positions (3.48
/// million for 7.30) and their time; 16 to 20 is quickest (0.81 s, 0.92 s from 0), as the
/// probes of the nodes near the end cost more than they save.
const ETC_WEIGHT: u32 = 16;

/// Beyond any value.
const INF: i32 = 2;

/// Solves `root` by the compiled rule, when the game has one and the position is not over;
/// `None` otherwise (the caller then solves by the play layer's loop).
pub fn solve(game: &Game, root: &State, options: &SearchOptions) -> Option<SearchResult> {
    let bits = StepBits::compile(game)?;
    let men = bits.men(game, root)?;
    let start = Instant::now();
    let (table, threads) = match super::compiled_threads::table_and_threads(options, start) {
        Ok(had) => had,
        Err(result) => return Some(*result),
    };
    let symmetries: Vec<Vec<u8>> = if options.symmetry {
        bits.symmetries().to_vec()
    } else {
        Vec::new()
    };
    let inverses = symmetries
        .iter()
        .map(|image| {
            let mut inverse = vec![0u8; image.len()];
            for (p, &q) in image.iter().enumerate() {
                inverse[usize::from(q)] = p as u8;
            }
            inverse
        })
        .collect();
    let mut shared = Shared {
        bits: &bits,
        table: table.as_ref(),
        halt: AtomicBool::new(false),
        root_moves: Vec::new(),
        symmetries,
        inverses,
    };
    shared.root_moves = root_classes(&shared, men);
    let searched = super::compiled_threads::solve_on_threads(
        threads,
        options,
        &shared.halt,
        start,
        |id, opts| {
            let mut s = Solver::new(&shared, opts, id);
            let value = s.root(men);
            let found = (!s.stopped()).then_some(value);
            (found, Tally::of(&mut s.budget, s.tt_hits))
        },
    );
    let (value, total) = match searched {
        Ok(found) => found,
        Err(result) => return Some(*result),
    };
    let quiet = SearchOptions {
        progress: crate::progress::Observer::silent(),
        ..options.clone()
    };
    shared.halt.store(false, Relaxed);
    let mut s = Solver::new(&shared, &quiet, 0);
    let pv = s.line_by_value(game, root, men, value);
    let white = match root.to_move {
        Side::White => value,
        Side::Black => -value,
    };
    let plies = i32::try_from(pv.len()).unwrap_or(i32::MAX / 2);
    Some(SearchResult {
        value: Some(white as i8),
        score: white * (WIN - plies),
        pv,
        nodes: total.nodes + s.budget.nodes,
        tt_hits: total.tt_hits + s.tt_hits,
        depth: u32::try_from(total.max_ply).unwrap_or(u32::MAX),
        time: start.elapsed(),
        cpu_time: total
            .cpu_time
            .zip(s.budget.cpu_elapsed())
            .map(|(a, b)| a + b),
        stopped: None,
        compiled: true,
    })
}

/// The root's moves, one per class of moves whose children are images of one another under
/// the symmetries kept (all of them without symmetry).
fn root_classes(shared: &Shared, m: Men) -> Vec<StepMove> {
    let mut all = Vec::new();
    shared.bits.moves(m, &mut all);
    let mut seen = Vec::new();
    all.retain(|&mv| {
        let (key, _) = shared.canonical(shared.bits.play(m, mv));
        if seen.contains(&key) {
            false
        } else {
            seen.push(key);
            true
        }
    });
    all
}

/// What the threads of a solve share.
struct Shared<'a> {
    bits: &'a StepBits,
    table: Option<&'a DiscTable>,
    /// Set when a thread has the value: the others stop.
    halt: AtomicBool,
    /// The root's moves to search.
    root_moves: Vec<StepMove>,
    /// The symmetries the table files a position under (none without `symmetry`), and
    /// their inverses.
    symmetries: Vec<Vec<u8>>,
    inverses: Vec<Vec<u8>>,
}

impl Shared<'_> {
    /// The image of `m` the table files it under (the least, sides compared in turn), and
    /// which symmetry gives it (0: the identity, `k`: the `k`-th).
    #[inline]
    fn canonical(&self, m: Men) -> (Men, usize) {
        let mut best = (m, 0);
        for k in 0..self.symmetries.len() {
            let i = self.bits.mapped(m, k);
            if i.sides < best.0.sides {
                best = (i, k + 1);
            }
        }
        best
    }

    /// `mv` mapped by the `k`-th symmetry (0: as it is), or back by its inverse.
    #[inline]
    fn map_move(&self, mv: StepMove, k: usize, back: bool) -> StepMove {
        if k == 0 {
            return mv;
        }
        let image = if back {
            &self.inverses[k - 1]
        } else {
            &self.symmetries[k - 1]
        };
        StepMove {
            from: image[usize::from(mv.from)],
            to: image[usize::from(mv.to)],
        }
    }

    /// The table's bounds of `m` (with its best move in `m`'s orientation).
    #[inline]
    fn probe(&self, m: Men) -> Option<Bounds> {
        self.probe_canonical(self.canonical(m))
    }

    /// [`Shared::probe`] of a position already mapped by [`Shared::canonical`].
    #[inline]
    fn probe_canonical(&self, (key, k): (Men, usize)) -> Option<Bounds> {
        let t = self.table?;
        let mut b = t.probe(as_discs(key), true)?;
        b.best = b.best.map(|code| {
            let mv = self.map_move(decode(code), k, true);
            encode(mv)
        });
        Some(b)
    }

    /// Fetches the bucket of a position mapped by [`Shared::canonical`] into the cache.
    #[inline]
    fn prefetch(&self, key: Men) {
        if let Some(t) = self.table {
            t.prefetch(as_discs(key));
        }
    }

    #[inline]
    fn store(&self, m: Men, weight: u32, mut bounds: Bounds) {
        let Some(t) = self.table else { return };
        let (key, k) = self.canonical(m);
        bounds.best = bounds
            .best
            .map(|code| encode(self.map_move(decode(code), k, false)));
        t.store(as_discs(key), true, weight, bounds);
    }
}

fn as_discs(m: Men) -> Discs {
    Discs {
        mine: m.sides[0],
        theirs: m.sides[1],
        side: m.to_move,
    }
}

fn encode(mv: StepMove) -> u32 {
    u32::from(mv.from) * 64 + u32::from(mv.to)
}

fn decode(code: u32) -> StepMove {
    StepMove {
        from: (code / 64) as u8,
        to: (code % 64) as u8,
    }
}

/// One thread's search.
struct Solver<'a> {
    shared: &'a Shared<'a>,
    bits: &'a StepBits,
    budget: Budget,
    /// The thread's number: the helpers (1 and up) diversify their orders near the root.
    id: usize,
    tt_hits: u64,
    /// Per ply, two moves that last refuted a sibling (quiet moves only).
    killers: Vec<[Option<StepMove>; 2]>,
    /// Per ply, the list of a node's children (kept, so that no node allocates).
    lists: Vec<Vec<(i32, StepMove, Men)>>,
    scratch: Vec<StepMove>,
    /// A node's children as the table files them (kept, so that no node allocates).
    canon: Vec<(Men, usize)>,
}

impl<'a> Solver<'a> {
    fn new(shared: &'a Shared<'a>, options: &SearchOptions, id: usize) -> Solver<'a> {
        Solver {
            shared,
            bits: shared.bits,
            budget: Budget::new(options),
            id,
            tt_hits: 0,
            killers: Vec::new(),
            lists: Vec::new(),
            scratch: Vec::new(),
            canon: Vec::new(),
        }
    }

    fn stopped(&self) -> bool {
        self.budget.stopped.is_some()
    }

    /// Counts a node; false once the search must stop (its budget, or another thread's
    /// finish).
    #[inline]
    fn visit(&mut self, ply: usize) -> bool {
        super::compiled_threads::visit(&mut self.budget, &self.shared.halt, ply)
    }

    /// The root's value: its moves limited to one per symmetry class, searched by null
    /// windows from 0.
    fn root(&mut self, m: Men) -> i32 {
        super::compiled_threads::null_windows(INF, |beta| {
            let value = self.search(m, beta - 1, beta, 0, true);
            (!self.stopped()).then_some(value)
        })
        .unwrap_or(0)
    }

    /// The steps the pieces of `m` have left to their goals, both sides: how much a search
    /// of it costs, for the table's replacement and the cutoffs looked for.
    #[inline]
    fn weight(&self, m: Men) -> u32 {
        let mut w = 0;
        for side in [Side::White, Side::Black] {
            let mut left = m.sides[side.index()];
            while left != 0 {
                let p = left.trailing_zeros() as u8;
                left &= left - 1;
                w += self.bits.goal_distance(side, p).min(16);
            }
        }
        w
    }

    /// The value of `m` (reached by a move, or the root) within (`alpha`, `beta`) (outside
    /// it, a bound). `root`: the moves are the root's classes.
    fn search(&mut self, m: Men, mut alpha: i32, mut beta: i32, ply: usize, root: bool) -> i32 {
        if !self.visit(ply) {
            return 0;
        }
        if self.bits.no_goal_pieces(m) {
            return 0;
        }
        if self.bits.reaches_goal(m) {
            return 1;
        }
        let mut moves = std::mem::take(&mut self.scratch);
        if root {
            moves.clone_from(&self.shared.root_moves);
        } else {
            self.bits.moves(m, &mut moves);
        }
        if moves.is_empty() {
            self.scratch = moves;
            let other = m.passed();
            if !self.bits.can_move(other) {
                return self.bits.deadlock(m);
            }
            return -self.search(other, -beta, -alpha, ply + 1, false);
        }
        let mut hint = None;
        if let Some(b) = self.shared.probe(m) {
            hint = b.best.map(decode);
            if b.lower >= beta || b.upper <= alpha || b.lower == b.upper {
                self.tt_hits += 1;
                self.scratch = moves;
                return if b.lower >= beta { b.lower } else { b.upper };
            }
            alpha = alpha.max(b.lower);
            beta = beta.min(b.upper);
        }
        let (alpha0, beta0) = (alpha, beta);
        let weight = self.weight(m);
        while self.lists.len() <= ply {
            self.lists.push(Vec::with_capacity(32));
            self.killers.push([None, None]);
        }
        let killers = self.killers[ply];
        let mut children = std::mem::take(&mut self.lists[ply]);
        children.clear();
        let theirs = m.theirs();
        let etc = weight >= ETC_WEIGHT && self.shared.table.is_some();
        for &mv in &moves {
            let child = self.bits.play(m, mv);
            // Lower first: the table's move, captures, killers, then the piece furthest
            // from its goal (holding back, as the play layer's killer ordering).
            let key = if Some(mv) == hint {
                i32::MIN
            } else {
                let mut key = -(self.bits.goal_distance(m.to_move, mv.to).min(63) as i32);
                if theirs >> mv.to & 1 == 1 {
                    key -= 1 << 12;
                } else if killers[0] == Some(mv) {
                    key -= 2 << 6;
                } else if killers[1] == Some(mv) {
                    key -= 1 << 6;
                }
                key
            };
            children.push((key, mv, child));
        }
        if etc {
            // Enhanced transposition cutoffs: every child's bucket fetched first, then each
            // probed; a child whose entry already refutes it ends the node.
            let canon = &mut self.canon;
            canon.clear();
            for &(_, _, child) in children.iter() {
                let c = self.shared.canonical(child);
                self.shared.prefetch(c.0);
                canon.push(c);
            }
            for (i, &c) in self.canon.iter().enumerate() {
                if let Some(b) = self.shared.probe_canonical(c)
                    && -b.upper >= beta
                {
                    let mv = children[i].1;
                    self.tt_hits += 1;
                    self.scratch = moves;
                    self.lists[ply] = children;
                    self.shared.store(
                        m,
                        weight,
                        Bounds {
                            lower: -b.upper,
                            upper: NO_UPPER,
                            best: Some(encode(mv)),
                        },
                    );
                    return -b.upper;
                }
            }
        }
        self.scratch = moves;
        let n = children.len();
        children.sort_by_key(|c| c.0);
        if self.id > 0 && ply < DIVERSIFY_PLIES && n > 2 {
            let first = usize::from(hint.is_some());
            let k = (self.id * (ply + 1)) % (n - first);
            children[first..].rotate_left(k);
        }
        let mut best = -INF;
        let mut best_move = None;
        for &(_, mv, child) in children.iter() {
            let v = if ply % super::GROW_EVERY == super::GROW_EVERY - 1 {
                -crate::memory::grow(|| self.search(child, -beta, -alpha, ply + 1, false))
            } else {
                -self.search(child, -beta, -alpha, ply + 1, false)
            };
            if self.stopped() {
                self.lists[ply] = children;
                return 0;
            }
            if v > best {
                best = v;
                best_move = Some(mv);
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        if theirs >> mv.to & 1 == 0 {
                            let k = &mut self.killers[ply];
                            if k[0] != Some(mv) {
                                k[1] = k[0];
                                k[0] = Some(mv);
                            }
                        }
                        break;
                    }
                }
            }
        }
        self.lists[ply] = children;
        self.shared.store(
            m,
            weight,
            Bounds {
                lower: if best > alpha0 { best } else { NO_LOWER },
                upper: if best < beta0 { best } else { NO_UPPER },
                best: best_move.map(encode),
            },
        );
        best
    }

    /// The line of best play from `m` (the state `root`), whose value is `value`: at each
    /// position a move onto a goal where there is one, else the first move in the compiled
    /// rule's order whose child keeps the value, a pass where the side has none, until the
    /// game ends; each move as the play layer names it.
    fn line_by_value(&mut self, game: &Game, root: &State, m: Men, value: i32) -> Vec<Move> {
        let mut state = root.clone();
        let mut m = m;
        let mut value = value;
        let mut line = Vec::new();
        let mut moves = Vec::new();
        while line.len() < super::MAX_PV && state.outcome.is_none() {
            self.bits.moves(m, &mut moves);
            let chosen = if moves.is_empty() {
                if !self.bits.can_move(m.passed()) {
                    // Neither side can move: the play layer ends the game after a pass.
                    if let Some(pass) = self.bits.named(game, &state, None) {
                        line.push(pass);
                    }
                    break;
                }
                None
            } else if let Some(&goal) = moves.iter().find(|mv| self.bits.is_goal(m.to_move, mv.to))
            {
                Some(goal)
            } else {
                let found = moves.iter().copied().find(|&mv| {
                    let child = self.bits.play(m, mv);
                    -self.search(child, -value - 1, -value + 1, 1, false) == value
                });
                match found {
                    Some(mv) => Some(mv),
                    None => break,
                }
            };
            let Some(named) = self.bits.named(game, &state, chosen) else {
                break;
            };
            m = match chosen {
                Some(mv) => self.bits.play(m, mv),
                None => m.passed(),
            };
            state.make(game, named);
            line.push(named);
            value = -value;
        }
        line
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::search::Ordering;
    use crate::play::step_bits::tests::{VARIANTS, pawned, variant};
    use crate::random::SplitMix;

    fn options(compiled: bool, threads: usize, tt_mb: usize, symmetry: bool) -> SearchOptions {
        SearchOptions {
            ordering: Ordering::Killer,
            compiled,
            threads,
            tt_mb,
            symmetry,
            ..Default::default()
        }
    }

    /// Plays `line` from `state` and gives the outcome's value from White's side, or `None`
    /// if a move is not legal or the game does not end.
    fn played_out(game: &Game, state: &State, line: &[Move]) -> Option<i8> {
        let mut end = state.clone();
        let mut moves = Vec::new();
        for &mv in line {
            end.successors(game, &mut moves);
            if !moves.contains(&mv) {
                return None;
            }
            end.make(game, mv);
        }
        end.successors(game, &mut moves);
        end.outcome.map(|o| o.value)
    }

    /// `plies` random moves from the start (fewer where the game ends first).
    fn opening(game: &Game, plies: usize, rng: &mut SplitMix) -> State {
        let mut state = State::initial(game);
        let mut moves = Vec::new();
        for _ in 0..plies {
            state.successors(game, &mut moves);
            if moves.is_empty() {
                break;
            }
            let mv = moves[(rng.next_u64() % moves.len() as u64) as usize];
            let before = state.clone();
            state.make(game, mv);
            if state.outcome.is_some() {
                return before;
            }
        }
        state
    }

    /// The compiled solve gives the play layer's value, with a line that plays out to it, on
    /// Pawned's small boards and the variants, from the start and from random openings, on
    /// one and two threads, with and without the table and the symmetric key.
    #[test]
    fn solves_equal_the_play_layers() {
        let mut rng = SplitMix(0x5eed_5701);
        // (game, the plies of the openings, whether to solve without a table too)
        let mut games = vec![
            (pawned("4x4"), 0, true),
            (pawned("4x5"), 0, true),
            (pawned("5x5"), 2, false),
            (pawned("5x6"), 8, false),
        ];
        games.extend(VARIANTS.iter().map(|s| (variant(s), 2, false)));
        let mut values = [0usize; 3];
        for (game, plies, untabled) in &games {
            for k in 0..5 {
                let state = opening(game, if k == 0 { 0 } else { plies + 2 * k }, &mut rng);
                let reference = crate::play::search::alphabeta::search(
                    game,
                    &state,
                    &options(false, 1, 16, true),
                );
                let value = reference.value.expect("the play layer solves it");
                values[(value + 1) as usize] += 1;
                let mut configs = vec![(1, 16, true), (2, 16, true), (1, 16, false)];
                if *untabled {
                    configs.push((1, 0, true));
                }
                for (threads, tt_mb, symmetry) in configs {
                    let r = solve(game, &state, &options(true, threads, tt_mb, symmetry))
                        .expect("the game compiles");
                    assert_eq!(
                        r.value,
                        Some(value),
                        "{threads} threads, {tt_mb} MiB, {symmetry}"
                    );
                    assert_eq!(played_out(game, &state, &r.pv), Some(value), "{:?}", r.pv);
                    assert_eq!(r.score.signum(), i32::from(value));
                }
            }
        }
        // The cases hold every value: the comparison can fail on each.
        assert!(values.iter().all(|&n| n > 0), "{values:?}");
    }

    /// The value by plain minimax over the play layer's moves (no table, no pruning), an
    /// oracle written apart from both solvers.
    fn minimax(game: &Game, state: &mut State) -> i8 {
        let mut moves = Vec::new();
        state.successors(game, &mut moves);
        if let Some(o) = state.outcome {
            return match state.to_move {
                Side::White => o.value,
                Side::Black => -o.value,
            };
        }
        let mut best = -1;
        for mv in moves {
            let mut child = state.clone();
            child.make(game, mv);
            let v = match child.outcome {
                Some(o) => match state.to_move {
                    Side::White => o.value,
                    Side::Black => -o.value,
                },
                None => -minimax(game, &mut child),
            };
            best = best.max(v);
        }
        best
    }

    /// On Pawned 4x4 and 4x5 from random openings, the compiled solve's value is plain
    /// minimax's.
    #[test]
    fn solves_equal_plain_minimax() {
        let mut rng = SplitMix(0x5eed_5702);
        for (game, plies) in [(pawned("4x4"), 0), (pawned("4x5"), 4)] {
            for k in 0..6 {
                let mut state = opening(&game, plies + 2 * k, &mut rng);
                let r = solve(&game, &state, &options(true, 1, 16, true)).expect("compiles");
                let mover = minimax(&game, &mut state);
                let white = match state.to_move {
                    Side::White => mover,
                    Side::Black => -mover,
                };
                assert_eq!(r.value, Some(white));
            }
        }
    }
}
