//! The solve of a placement game scored by counting (Othello) over its compiled rule
//! ([`PlacementBits`], docs/play-and-search.md §3.7): the alpha-beta solve of
//! [`super::alphabeta`] with the same means — a table of bounds, the mobility ordering
//! (fastest first), enhanced transposition cutoffs, lazy SMP over the shared table, the
//! root's moves taken once per symmetry class — on positions that are two words, so that a
//! node costs tens of nanoseconds instead of microseconds.
//!
//! The search is negamax on the final margin (pieces of the side to move minus the other's)
//! with principal-variation windows. Near the end it drops what no longer pays: below
//! `TABLE_EMPTIES` (6) empty points no table and no sorting (the corners first, the points
//! next to a corner last), and with one empty point the last placement is counted without
//! making it.
//!
//! The value, the score and the principal variation are those of the play layer's solve
//! (the tests compare them on 4x4, on 6x6 positions and on random ones); the positions
//! visited differ, as the searches differ.

use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::time::Instant;

use super::compiled_threads::Tally;
use super::disc_table::{Bounds, DiscTable, NO_LOWER, NO_UPPER};
use super::{Budget, SearchOptions, SearchResult};
use crate::play::game::Game;
use crate::play::placement_bits::{Discs, PlacementBits};
use crate::play::state::{Move, State};

/// Below this many empty points a node neither reads nor writes the table, nor sorts its
/// moves: its subtree is cheaper to search again than to look up.
const TABLE_EMPTIES: u32 = 6;

/// From this many empty points on, a node looks up its children in the table before
/// searching any (enhanced transposition cutoffs).
const ETC_EMPTIES: u32 = 10;

/// The plies below the root where the helper threads of a parallel solve take the moves in
/// another order than the main thread (past the table's move).
const DIVERSIFY_PLIES: usize = 3;

/// At least this many empty points and a node looks for a bound in the stable pieces.
const STABILITY_EMPTIES: u32 = 12;

/// At most this many empty points and the quarters' parity orders the moves.
const PARITY_EMPTIES: u32 = 16;

/// Beyond any margin.
const INF: i32 = 1000;

/// Solves `root` by the compiled rule, when the game has one and the position is not over;
/// `None` otherwise (the caller then solves by the play layer's loop).
pub fn solve(game: &Game, root: &State, options: &SearchOptions) -> Option<SearchResult> {
    let bits = PlacementBits::compile(game)?;
    let discs = bits.discs(game, root)?;
    let start = Instant::now();
    let (table, threads) = match super::compiled_threads::table_and_threads(options, start) {
        Ok(had) => had,
        Err(result) => return Some(*result),
    };
    let root_moves = root_classes(game, root, &bits, discs, options.symmetry);
    let shared = Shared {
        bits: &bits,
        table: table.as_ref(),
        halt: AtomicBool::new(false),
        root_moves,
    };
    let searched = super::compiled_threads::solve_on_threads(
        threads,
        options,
        &shared.halt,
        start,
        |id, opts| {
            let mut s = Solver::new(&shared, opts, id);
            let score = s.root(discs);
            let found = (!s.stopped()).then_some(score);
            (found, Tally::of(&mut s.budget, s.tt_hits))
        },
    );
    let (score, total) = match searched {
        Ok(found) => found,
        Err(result) => return Some(*result),
    };
    let quiet = SearchOptions {
        progress: crate::progress::Observer::silent(),
        ..options.clone()
    };
    // The line of best play, read off by value: each move the first whose child has the
    // position's value (the table makes each test cheap).
    shared.halt.store(false, Relaxed);
    let mut s = Solver::new(&shared, &quiet, 0);
    let pv = s.line_by_value(game, root, discs, score);
    let white = match root.to_move {
        crate::piece::Side::White => score,
        crate::piece::Side::Black => -score,
    };
    Some(SearchResult {
        value: Some(white.signum() as i8),
        score: super::counted_score(white),
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

/// The root's placements, one per class of placements whose children are images of one
/// another under the symmetries the rules keep (the play layer's symmetric table key tells
/// them), as cells; all of them without `symmetry`.
fn root_classes(
    game: &Game,
    root: &State,
    bits: &PlacementBits,
    discs: Discs,
    symmetry: bool,
) -> u64 {
    let moves = bits.moves(discs);
    if !symmetry {
        return moves;
    }
    let mut generic = Vec::new();
    root.moves(game, &mut generic);
    let mut seen = Vec::new();
    let mut kept = 0u64;
    for mv in generic {
        let Move::Step { to, .. } = mv else {
            continue;
        };
        let Some([x, y, _]) = game.scenario.board.coords(to) else {
            continue;
        };
        let cell = x as u32 + bits.width() * y as u32;
        match root.child_key(game, mv, true) {
            Some(key) if seen.contains(&key) => {}
            Some(key) => {
                seen.push(key);
                kept |= 1 << cell;
            }
            None => kept |= 1 << cell,
        }
    }
    // Whatever the play layer lists, the compiled rule's moves are what the solve searches.
    kept & moves
}

/// What the threads of a solve share.
struct Shared<'a> {
    bits: &'a PlacementBits,
    table: Option<&'a DiscTable>,
    /// Set when a thread has the value: the others stop.
    halt: AtomicBool,
    /// The root's placements to search.
    root_moves: u64,
}

/// One thread's search.
struct Solver<'a> {
    shared: &'a Shared<'a>,
    bits: &'a PlacementBits,
    budget: Budget,
    /// The thread's number: the helpers (1 and up) diversify their orders near the root.
    id: usize,
    tt_hits: u64,
    /// The cells with at most three neighbours on the board (a grid's corners), and those
    /// next to one: the orders of the nodes without sorting take the first first and the
    /// second last.
    corners: u64,
    next_to_corners: u64,
    /// The board's points.
    points: i32,
    /// Per ply, the list of a node's children (kept, so that no node allocates).
    lists: Vec<Vec<(i32, u32, Discs)>>,
    /// Per cell, the corners next to it.
    corners_near: [u64; 64],
    /// The board's quarters (cut at the middle file and rank), for the parity.
    quarters: [u64; 4],
}

impl<'a> Solver<'a> {
    fn new(shared: &'a Shared<'a>, options: &SearchOptions, id: usize) -> Solver<'a> {
        let bits = shared.bits;
        let (corners, next_to_corners) = corner_masks(bits);
        let corners_near = std::array::from_fn(|c| neighbours(bits, c as i64) & corners);
        let quarters = quarters(bits);
        Solver {
            shared,
            bits,
            budget: Budget::new(options),
            id,
            tt_hits: 0,
            corners,
            next_to_corners,
            corners_near,
            quarters,
            points: bits.board().count_ones() as i32,
            lists: (0..=2 * 64 + 2).map(|_| Vec::with_capacity(64)).collect(),
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

    fn by_side(&self) -> bool {
        !self.bits.sides_alike
    }

    /// The root's margin: its placements limited to one per symmetry class, searched by
    /// null windows (MTD(f) from 0, as the play layer's solve of a counted game): the first
    /// tells a win from the rest, each next one moves a bound to a margin some line reaches.
    fn root(&mut self, d: Discs) -> i32 {
        let moves = self.shared.root_moves;
        super::compiled_threads::null_windows(INF, |beta| {
            let score = if moves == 0 {
                self.search(d, beta - 1, beta, 0)
            } else {
                self.node(d, beta - 1, beta, 0, moves)
            };
            (!self.stopped()).then_some(score)
        })
        .unwrap_or(0)
    }

    /// The margin of `d` under best play, within (`alpha`, `beta`) (outside it, a bound).
    fn search(&mut self, d: Discs, alpha: i32, beta: i32, ply: usize) -> i32 {
        if !self.visit(ply) {
            return 0;
        }
        let empty = self.bits.empty(d);
        let empties = empty.count_ones();
        if empties == 0 {
            return d.margin();
        }
        if empties == 1 {
            return self.last(d, empty);
        }
        if empties >= STABILITY_EMPTIES
            && let Some(bound) = self.stability_cut(d, alpha, beta)
        {
            return bound;
        }
        if empties < TABLE_EMPTIES {
            return self.shallow(d, alpha, beta, ply, empty, empties);
        }
        let moves = self.bits.moves(d);
        if moves == 0 {
            let other = d.passed();
            if self.bits.moves(other) == 0 {
                return d.margin();
            }
            return -self.search(other, -beta, -alpha, ply + 1);
        }
        self.node(d, alpha, beta, ply, moves)
    }

    /// A node with the table and sorted moves, over the placements `moves`.
    fn node(&mut self, d: Discs, mut alpha: i32, mut beta: i32, ply: usize, moves: u64) -> i32 {
        let empties = self.bits.empty(d).count_ones();
        let by_side = self.by_side();
        let mut hint = None;
        if let Some(t) = self.shared.table
            && let Some(b) = t.probe(d, by_side)
        {
            hint = b.best;
            if b.lower >= beta || b.upper <= alpha || b.lower == b.upper {
                self.tt_hits += 1;
                return if b.lower >= beta { b.lower } else { b.upper };
            }
            alpha = alpha.max(b.lower);
            beta = beta.min(b.upper);
        }
        let (alpha0, beta0) = (alpha, beta);
        // The children, each with what orders it: fewest replies first, a reply into a
        // corner counted twice; the table's move before all.
        let mut children = std::mem::take(&mut self.lists[ply]);
        children.clear();
        let mut left = moves;
        while left != 0 {
            let at = left.trailing_zeros();
            left &= left - 1;
            let child = self.bits.play(d, at, self.bits.flips(d, at));
            if empties >= ETC_EMPTIES
                && let Some(t) = self.shared.table
                && let Some(b) = t.probe(child, by_side)
                && -b.upper >= beta
            {
                self.tt_hits += 1;
                self.lists[ply] = children;
                if !self.stopped() {
                    t.store(
                        d,
                        by_side,
                        empties,
                        Bounds {
                            lower: -b.upper,
                            upper: NO_UPPER,
                            best: Some(at),
                        },
                    );
                }
                return -b.upper;
            }
            let key = if Some(at) == hint {
                i32::MIN
            } else {
                self.priority(d, at, child, empties)
            };
            children.push((key, at, child));
        }
        let n = children.len();
        children.sort_unstable_by_key(|c| (c.0, c.1));
        if self.id > 0 && ply < DIVERSIFY_PLIES && n > 2 {
            let first = usize::from(hint.is_some());
            let k = self.id % (n - first);
            children[first..].rotate_left(k);
        }
        let mut best = -INF;
        let mut best_at = None;
        for (i, &(_, at, child)) in children.iter().enumerate() {
            let v = if i == 0 {
                -self.search(child, -beta, -alpha, ply + 1)
            } else {
                let v = -self.search(child, -alpha - 1, -alpha, ply + 1);
                if v > alpha && v < beta && !self.stopped() {
                    -self.search(child, -beta, -v, ply + 1)
                } else {
                    v
                }
            };
            if self.stopped() {
                self.lists[ply] = children;
                return 0;
            }
            if v > best {
                best = v;
                best_at = Some(at);
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        if let Some(t) = self.shared.table {
            let bounds = Bounds {
                lower: if best > alpha0 { best } else { NO_LOWER },
                upper: if best < beta0 { best } else { NO_UPPER },
                best: best_at,
            };
            t.store(d, by_side, empties, bounds);
        }
        self.lists[ply] = children;
        best
    }

    /// A bound outside (`alpha`, `beta`) from the stable pieces, if there is one: the other
    /// side keeps its stable pieces to the end, so the margin is at most the board's points
    /// less twice them; the side to move keeps its own, so it is at least twice them less
    /// the points. Looked for only where the pieces could be enough.
    #[inline]
    fn stability_cut(&self, d: Discs, alpha: i32, beta: i32) -> Option<i32> {
        let points = self.points;
        if 2 * d.theirs.count_ones() as i32 >= points - alpha {
            let upper = points - 2 * self.bits.stable(d, d.theirs).count_ones() as i32;
            if upper <= alpha {
                return Some(upper);
            }
        }
        if 2 * d.mine.count_ones() as i32 >= points + beta {
            let lower = 2 * self.bits.stable(d, d.mine).count_ones() as i32 - points;
            if lower >= beta {
                return Some(lower);
            }
        }
        None
    }

    /// The order of the placement on `at` from `d` (lower first), which leads to `child`:
    /// the fewest placements left to the opponent (fastest first), then a corner before other
    /// points and a point next to an empty corner after them, then, near the end, a point in
    /// a quarter of the board with an odd number of empty points (parity: who places last in
    /// a region gains its last flips). The play layer's mobility ordering, in masks.
    #[inline]
    fn priority(&self, d: Discs, at: u32, child: Discs, empties: u32) -> i32 {
        let replies = self.bits.moves(child).count_ones() as i32;
        let mut key = replies << 8;
        let bit = 1u64 << at;
        if self.corners & bit != 0 {
            key -= 1 << 6;
        } else if self.corners_near[at as usize] & self.bits.empty(d) != 0 {
            key += 1 << 6;
        }
        if empties <= PARITY_EMPTIES {
            let empty = self.bits.empty(d);
            if self
                .quarters
                .iter()
                .any(|&q| q & bit != 0 && (q & empty).count_ones() % 2 == 1)
            {
                key -= 1 << 4;
            }
        }
        key
    }

    /// A node near the end: no table, no list of moves: the empty points tried in turn (a
    /// point where nothing flips is no placement), corners first, then the points not next
    /// to a corner, then those next to one, each group in a quarter with an odd number of
    /// empty points first.
    fn shallow(
        &mut self,
        d: Discs,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        empty: u64,
        empties: u32,
    ) -> i32 {
        let mut odd = 0u64;
        for q in self.quarters {
            if (q & empty).count_ones() % 2 == 1 {
                odd |= q;
            }
        }
        let plain = !self.corners & !self.next_to_corners;
        let mut best = -INF;
        for group in [
            self.corners & odd,
            self.corners & !odd,
            plain & odd,
            plain & !odd,
            self.next_to_corners & odd,
            self.next_to_corners & !odd,
        ] {
            let mut left = group & empty;
            while left != 0 {
                let at = left.trailing_zeros();
                left &= left - 1;
                let flips = self.bits.flips(d, at);
                if flips == 0 {
                    continue;
                }
                let child = self.bits.play(d, at, flips);
                let v = if empties == 2 {
                    if !self.visit(ply + 1) {
                        return 0;
                    }
                    -self.last(child, empty & !(1u64 << at))
                } else {
                    -self.search(child, -beta, -alpha, ply + 1)
                };
                if self.stopped() {
                    return 0;
                }
                if v > best {
                    best = v;
                    if v > alpha {
                        alpha = v;
                        if alpha >= beta {
                            return best;
                        }
                    }
                }
            }
        }
        if best == -INF {
            // No placement: a pass, or the end where the other side has none either.
            let other = d.passed();
            if self.bits.moves(other) == 0 {
                return d.margin();
            }
            return -self.search(other, -beta, -alpha, ply + 1);
        }
        best
    }

    /// The margin of `d`, whose one empty point is `empty`: the side to move places there if
    /// it can, else the other side if it can, else the game ends as it is.
    #[inline]
    fn last(&mut self, d: Discs, empty: u64) -> i32 {
        let at = empty.trailing_zeros();
        let margin = d.margin();
        let mine = self.bits.flips(d, at).count_ones() as i32;
        if mine > 0 {
            return margin + 2 * mine + 1;
        }
        let theirs = self.bits.flips(d.passed(), at).count_ones() as i32;
        if theirs > 0 {
            return margin - 2 * theirs - 1;
        }
        margin
    }

    /// The line of best play from `d` (the state `root`), whose margin is `score`: at each
    /// position the first placement in the compiled rule's order whose child has the
    /// position's margin, a pass where the side has none, until the game ends; each move as
    /// the play layer names it.
    fn line_by_value(&mut self, game: &Game, root: &State, d: Discs, score: i32) -> Vec<Move> {
        let mut state = root.clone();
        let mut d = d;
        let mut score = score;
        let mut line = Vec::new();
        let mut listed = Vec::new();
        while line.len() < super::MAX_PV {
            let moves = self.bits.moves(d);
            let (next, cell) = if moves == 0 {
                let other = d.passed();
                if self.bits.moves(other) == 0 {
                    break;
                }
                (other, None)
            } else {
                let mut found = None;
                let mut left = moves;
                while left != 0 {
                    let at = left.trailing_zeros();
                    left &= left - 1;
                    let child = self.bits.play(d, at, self.bits.flips(d, at));
                    if -self.search(child, -score - 1, -score + 1, 1) == score {
                        found = Some((child, Some(at)));
                        break;
                    }
                }
                match found {
                    Some(f) => f,
                    None => break,
                }
            };
            listed.clear();
            state.successors(game, &mut listed);
            let mv = listed.iter().copied().find(|mv| match (mv, cell) {
                (Move::Pass, None) => true,
                (Move::Step { to, .. }, Some(at)) => game
                    .scenario
                    .board
                    .coords(*to)
                    .is_some_and(|[x, y, _]| x as u32 + self.bits.width() * y as u32 == at),
                _ => false,
            });
            let Some(mv) = mv else {
                break;
            };
            state.make(game, mv);
            line.push(mv);
            d = next;
            score = -score;
        }
        line
    }
}

/// The cells of `bits`'s board next to cell `c` (one step in any of the eight directions).
fn neighbours(bits: &PlacementBits, c: i64) -> u64 {
    let w = i64::from(bits.width());
    let cells = i64::from(bits.cells());
    if c >= cells || bits.board() >> c & 1 == 0 {
        return 0;
    }
    let mut out = 0u64;
    for dy in -1..=1 {
        for dx in -1..=1 {
            let (x, y) = (c % w + dx, c / w + dy);
            if (dx, dy) != (0, 0) && (0..w).contains(&x) && y >= 0 && x + w * y < cells {
                out |= 1 << (x + w * y);
            }
        }
    }
    out & bits.board()
}

/// The cells of `bits`'s board with at most three neighbours on it (a grid's corners), and
/// those next to such a cell.
fn corner_masks(bits: &PlacementBits) -> (u64, u64) {
    let cells = i64::from(bits.cells());
    let corners = (0..cells)
        .filter(|&c| bits.board() >> c & 1 == 1 && neighbours(bits, c).count_ones() <= 3)
        .fold(0u64, |m, c| m | 1 << c);
    let next = (0..cells)
        .filter(|&c| neighbours(bits, c) & corners != 0)
        .fold(0u64, |m, c| m | 1 << c);
    (corners, next & !corners)
}

/// The board's four quarters, cut at the middle file and rank.
fn quarters(bits: &PlacementBits) -> [u64; 4] {
    let w = bits.width();
    let h = bits.cells() / w.max(1);
    let mut q = [0u64; 4];
    for c in 0..bits.cells() {
        let (x, y) = (c % w, c / w);
        q[usize::from(x >= w.div_ceil(2)) + 2 * usize::from(y >= h.div_ceil(2))] |= 1 << c;
    }
    q.map(|m| m & bits.board())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::placement::tests::othello;
    use crate::play::placement_bits::tests::FIVE_BY_FOUR_WITH_HOLES;
    use crate::play::search::{Ordering, final_margin};
    use crate::random::SplitMix;
    use crate::scenario::Scenario;

    fn options(compiled: bool, threads: usize, tt_mb: usize) -> SearchOptions {
        SearchOptions {
            ordering: Ordering::Mobility,
            compiled,
            threads,
            tt_mb,
            ..Default::default()
        }
    }

    /// Plays `line` from `state` to the end of the game and gives the final margin (White's
    /// pieces minus Black's), or `None` if a move is not legal or the game does not end.
    fn played_out(game: &Game, state: &State, line: &[Move]) -> Option<i32> {
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
        end.outcome.is_some().then(|| end.piece_margin(game))
    }

    /// Solves `state` both ways and checks the compiled solve against the play layer's:
    /// the same value and score, and a line that plays out to the margin.
    fn agree(game: &Game, state: &State, what: &str) -> SearchResult {
        let want = crate::play::search::alphabeta::search(game, state, &options(false, 1, 4));
        for (threads, tt_mb) in [(1, 4), (2, 4), (1, 0)] {
            let got = solve(game, state, &options(true, threads, tt_mb)).expect(what);
            let case = format!("{what}, {threads} threads, {tt_mb} MiB");
            assert_eq!(got.stopped, None, "{case}");
            assert_eq!(got.value, want.value, "{case}");
            assert_eq!(got.score, want.score, "{case}");
            assert_eq!(
                played_out(game, state, &got.pv),
                Some(final_margin(got.score)),
                "{case}: the line plays out to the margin"
            );
        }
        want
    }

    /// 4x4 Othello from the start: White wins 11 to 3, and the compiled solve says so with
    /// the play layer's score.
    #[test]
    fn four_by_four_othello_agrees() {
        let game = othello(4);
        let r = agree(&game, &State::initial(&game), "4x4");
        assert_eq!(r.value, Some(1));
        assert_eq!(final_margin(r.score), 8);
    }

    /// Random 6x6 positions with 10 to 16 empty points: the compiled solve's value, score and
    /// line agree with the play layer's, on one thread and two, with a table and without.
    #[test]
    fn random_six_by_six_endgames_agree() {
        let game = othello(6);
        let mut agreed = 0;
        for seed in 0..60 {
            if agreed == 10 {
                break;
            }
            let mut rng = SplitMix(900 + seed);
            let empty = 10 + (seed as usize % 7);
            let mut state = State::initial(&game);
            let mut moves = Vec::new();
            while game.scenario.board.len() - state.at.iter().flatten().count() > empty {
                state.successors(&game, &mut moves);
                if moves.is_empty() {
                    break;
                }
                let mv = moves[rng.below(moves.len() as u64) as usize];
                state.make(&game, mv);
            }
            state.successors(&game, &mut moves);
            if state.outcome.is_some() {
                continue;
            }
            agree(&game, &state, &format!("seed {seed}, {empty} empty"));
            agreed += 1;
        }
        assert_eq!(agreed, 10);
    }

    /// A rectangular board with removed points, and sides that see their vectors mirrored
    /// (positions then differ by the side to move in the table): the compiled solve agrees.
    #[test]
    fn other_boards_and_mirrored_sides_agree() {
        for (v, source) in [
            FIVE_BY_FOUR_WITH_HOLES,
            "board 4x4\n\
             type disc { move slide (1,0) (-1,0) (0,1) (1,1) (-1,1) }\n\
             white disc at b2 as W1\nwhite disc at c3 as W2\nwhite disc at b3 as W3\nblack disc at c2 as B1\nblack disc at a3 as B2\nblack disc at c4 as B3\n\
             game { first black place disc stalemate pass deadlock count }\n",
        ]
        .iter()
        .enumerate()
        {
            let game = Game::new(Scenario::parse("variant", source).unwrap()).unwrap();
            let bits = PlacementBits::compile(&game).unwrap();
            assert_eq!(bits.sides_alike, v == 0, "variant {v}");
            agree(&game, &State::initial(&game), &format!("variant {v}"));
        }
    }

    /// A finished game is no root of the compiled solve (the play layer's says it is over).
    #[test]
    fn a_finished_game_is_left_to_the_play_layer() {
        let game = othello(4);
        let mut state = State::initial(&game);
        let mut moves = Vec::new();
        loop {
            state.successors(&game, &mut moves);
            let Some(&mv) = moves.first() else { break };
            state.make(&game, mv);
        }
        assert!(state.outcome.is_some());
        assert!(solve(&game, &state, &options(true, 1, 1)).is_none());
    }
}
