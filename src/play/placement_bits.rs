//! The placement rule compiled to bit masks (docs/play-and-search.md §3.7): where a placement
//! game is all of one placed type (Othello) on a grid of at most 64 cells, a position is two
//! words, the cells of the side to move and of the other, and a side's placements and a
//! placement's flips are a few shifts per basis vector. This is the rule of
//! [`State::placements`](crate::play::state::State) read off the same scenario data — the
//! placed type's slides, for each side as it sees them, the board's removed points — not a
//! game of its own: a board line or a vector changed in the scenario changes what compiles
//! here too, and the tests hold both to the same perft on every shipped board and on random
//! positions.
//!
//! A cell is `x + width·y` of the grid, counting removed cells (which are never set); a
//! vector `(dx, dy)` moves a set of cells by the shift `dx + width·dy`, after masking out
//! the cells whose image is off the board or removed, so nothing wraps from one rank to the
//! next.

use crate::piece::{Reach, Side, Usage};
use crate::play::game::Game;
use crate::play::rules::{Deadlock, Stalemate};
use crate::play::state::State;

/// One basis vector of the placed type, as a shift of the cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Line {
    /// `dx + width·dy`: how far a cell's index moves along the vector.
    shift: i32,
    /// The cells whose image along the vector is a point of the board.
    from: u64,
    /// The longest run of opposing pieces a placement flips along the vector: the slide's
    /// range less one (the bracketing piece), or the board's longest line.
    run: u32,
}

impl Line {
    /// The cells of `cells` moved one step along the vector (those that stay on the board).
    #[inline(always)]
    fn step(self, cells: u64) -> u64 {
        let c = cells & self.from;
        if self.shift >= 0 {
            c << self.shift
        } else {
            c >> -self.shift
        }
    }
}

/// A placement game compiled to bit masks: the board and, per side, its lines.
#[derive(Clone, Debug)]
pub struct PlacementBits {
    /// The grid's width (cells per rank).
    width: u32,
    /// The grid's cells (`width × height`, at most 64).
    cells: u32,
    /// The cells that are points of the board (not removed).
    board: u64,
    /// Per side (White, Black): the placed type's lines as that side sees them, each with its
    /// reverse (the vector negated), along which the bracketing piece looks for the point.
    lines: [Vec<(Line, Line)>; 2],
    /// Whether both sides have the same lines: a position is then the same for either side
    /// to move, and the solver's table need not tell them apart.
    pub(crate) sides_alike: bool,
    /// The lines as axes (a vector and its opposite, both unlimited slides), where both sides'
    /// lines are the same and come in such pairs: what [`PlacementBits::stable`] reads.
    /// Empty where they do not (no stability is then claimed).
    axes: Vec<(Line, Line)>,
}

/// A position of a compiled placement game, relative to the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Discs {
    /// The cells of the side to move.
    pub mine: u64,
    /// The cells of the other side.
    pub theirs: u64,
    /// The side to move (its lines are [`PlacementBits`]'s of this side).
    pub side: Side,
}

impl Discs {
    /// The position after the side to move passes.
    #[inline]
    pub fn passed(self) -> Discs {
        Discs {
            mine: self.theirs,
            theirs: self.mine,
            side: self.side.opposite(),
        }
    }

    /// The pieces of the side to move minus the other's: the margin `deadlock count` scores.
    #[inline]
    pub fn margin(self) -> i32 {
        self.mine.count_ones() as i32 - self.theirs.count_ones() as i32
    }
}

impl PlacementBits {
    /// The compiled form of `game`, where it has one: a placement game scored by counting
    /// (`place`, `stalemate pass`, `deadlock count`), every piece of the placed type, no
    /// jumps, no move limit that can end it early, on a 2D grid of at most 64 cells whose
    /// placed type moves by vectors only. `None` otherwise (the play layer's own loop then
    /// serves alone).
    pub fn compile(game: &Game) -> Option<PlacementBits> {
        let placement = game.placement.as_ref()?;
        let rules = &game.rules;
        if !placement.alone
            || game.jumps.is_some()
            || game.limit_matters
            || rules.stalemate != Stalemate::Pass
            || rules.deadlock != Deadlock::Count
            || !game.scores_by_count()
        {
            return None;
        }
        let board = &game.scenario.board;
        let [width, height, levels] = board.dims()?;
        if levels != 1 || u64::from(width) * u64::from(height) > 64 {
            return None;
        }
        let cells = width * height;
        let on = |x: i64, y: i64| {
            (0..i64::from(width)).contains(&x)
                && (0..i64::from(height)).contains(&y)
                && board.at([x as i32, y as i32, 0]).is_some()
        };
        let mut mask = 0u64;
        for y in 0..i64::from(height) {
            for x in 0..i64::from(width) {
                if on(x, y) {
                    mask |= 1 << (x + i64::from(width) * y);
                }
            }
        }
        let line = |dx: i64, dy: i64, range: Option<u32>| {
            let mut from = 0u64;
            for y in 0..i64::from(height) {
                for x in 0..i64::from(width) {
                    if on(x, y) && on(x + dx, y + dy) {
                        from |= 1 << (x + i64::from(width) * y);
                    }
                }
            }
            let longest = width.max(height);
            Line {
                shift: (dx + i64::from(width) * dy) as i32,
                from,
                run: range.map_or(longest, |r| r.saturating_sub(1).min(longest)),
            }
        };
        let motion = game.scenario.types[placement.type_index].motion(Usage::Move);
        if !motion.edges.is_empty() {
            return None;
        }
        let mut lines: [Vec<(Line, Line)>; 2] = [Vec::new(), Vec::new()];
        for side in [Side::White, Side::Black] {
            let oriented = motion.oriented(side);
            for basis in &oriented.vectors {
                let [dx, dy, dz] = basis.delta.map(i64::from);
                if dz != 0 {
                    return None;
                }
                match basis.reach {
                    // A leap's ray is one point: nothing lies between it and a bracketing
                    // piece, so it never flips.
                    Reach::Leap => {}
                    Reach::Slide { range } => {
                        let forward = line(dx, dy, range);
                        if forward.run > 0 && forward.from != 0 {
                            lines[side.index()].push((forward, line(-dx, -dy, range)));
                        }
                    }
                    Reach::Over => return None,
                }
            }
        }
        let sides_alike = {
            let key = |l: &Vec<(Line, Line)>| {
                let mut k: Vec<(i32, u32)> = l.iter().map(|(f, _)| (f.shift, f.run)).collect();
                k.sort_unstable();
                k
            };
            key(&lines[0]) == key(&lines[1])
        };
        // Axes: each line with its opposite, where every line of both sides is an unlimited
        // slide whose opposite is a line too.
        let longest = width.max(height);
        let paired = sides_alike
            && lines[0]
                .iter()
                .all(|(f, b)| f.run == longest && lines[0].iter().any(|(g, _)| g.shift == b.shift));
        let axes = if paired {
            lines[0]
                .iter()
                .filter(|(f, _)| f.shift > 0)
                .copied()
                .collect()
        } else {
            Vec::new()
        };
        Some(PlacementBits {
            width,
            cells,
            board: mask,
            lines,
            sides_alike,
            axes,
        })
    }

    /// The cells that are points of the board.
    #[inline]
    pub fn board(&self) -> u64 {
        self.board
    }

    /// The grid's width.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// How many cells the grid has (removed ones included).
    pub fn cells(&self) -> u32 {
        self.cells
    }

    /// The empty points of `d`.
    #[inline]
    pub fn empty(&self, d: Discs) -> u64 {
        self.board & !(d.mine | d.theirs)
    }

    /// The points where the side to move of `d` may place: an empty point from which a run
    /// of the other side's pieces along one of its lines ends at one of its own. Computed
    /// from the own pieces backwards: along each line reversed, the runs of opposing pieces
    /// next to an own piece, grown one step at a time, and the empty point beyond.
    #[inline]
    pub fn moves(&self, d: Discs) -> u64 {
        let empty = self.empty(d);
        let mut moves = 0u64;
        for &(forward, back) in &self.lines[d.side.index()] {
            // A run read from the placed point along `forward` is grown from the bracketing
            // piece along `back`.
            let mut run = back.step(d.mine) & d.theirs;
            let mut grown = run;
            for _ in 1..forward.run {
                run = back.step(run) & d.theirs;
                if run == 0 {
                    break;
                }
                grown |= run;
            }
            moves |= back.step(grown) & empty;
        }
        moves
    }

    /// The pieces the side to move of `d` flips by placing on `at` (a cell index; empty when
    /// the placement is not legal).
    #[inline]
    pub fn flips(&self, d: Discs, at: u32) -> u64 {
        let start = 1u64 << at;
        let mut flips = 0u64;
        for &(forward, _) in &self.lines[d.side.index()] {
            let mut run = 0u64;
            let mut q = forward.step(start);
            let mut len = 0;
            while q & d.theirs != 0 && len < forward.run {
                run |= q;
                len += 1;
                q = forward.step(q);
            }
            if q & d.mine != 0 && run != 0 {
                flips |= run;
            }
        }
        flips
    }

    /// The position after the side to move of `d` places on `at`, flipping `flips`.
    #[inline]
    pub fn play(&self, d: Discs, at: u32, flips: u64) -> Discs {
        Discs {
            mine: d.theirs & !flips,
            theirs: d.mine | flips | (1u64 << at),
            side: d.side.opposite(),
        }
    }

    /// `state`'s position in this form (`None` where the state's game is over).
    pub fn discs(&self, game: &Game, state: &State) -> Option<Discs> {
        if state.outcome.is_some() {
            return None;
        }
        let board = &game.scenario.board;
        let (mut white, mut black) = (0u64, 0u64);
        for p in board.points() {
            let Some(piece) = state.piece_at(p) else {
                continue;
            };
            let [x, y, _] = board.coords(p)?;
            let bit = 1u64 << (x as u32 + self.width * y as u32);
            match state.side(game, piece) {
                Side::White => white |= bit,
                Side::Black => black |= bit,
            }
        }
        let (mine, theirs) = match state.to_move {
            Side::White => (white, black),
            Side::Black => (black, white),
        };
        Some(Discs {
            mine,
            theirs,
            side: state.to_move,
        })
    }

    /// Pieces of `side_cells` that no placement can ever flip, a subset of them (empty where
    /// the lines do not come in axes): a piece is stable when along every axis its line is
    /// full (no point left to place on), or a neighbour along the axis is off the board or a
    /// stable piece of its side. Grown from nothing to the fixpoint, so each piece counted
    /// has such a reason. A flip along an axis needs an empty point on the piece's line and
    /// the run through the piece to end at it: a full line has none, and a run through a
    /// stable neighbour would flip that neighbour.
    pub fn stable(&self, d: Discs, side_cells: u64) -> u64 {
        if self.axes.is_empty() || side_cells == 0 {
            return 0;
        }
        let occupied = d.mine | d.theirs;
        // Per axis: the pieces whose whole line along it is occupied, and the cells whose
        // neighbour either way is off the board.
        let mut fixed = [0u64; 8];
        let mut edge = [(0u64, 0u64); 8];
        for (k, &(forward, back)) in self.axes.iter().take(8).enumerate() {
            let mut ahead = occupied;
            let mut behind = occupied;
            for _ in 0..self.width.max(self.cells / self.width.max(1)) {
                ahead &= back.step(ahead) | !forward.from;
                behind &= forward.step(behind) | !back.from;
            }
            fixed[k] = ahead & behind;
            edge[k] = (!forward.from, !back.from);
        }
        let mut stable = 0u64;
        loop {
            let mut next = side_cells;
            for (k, &(forward, back)) in self.axes.iter().take(8).enumerate() {
                let held_ahead = edge[k].0 | back.step(stable);
                let held_behind = edge[k].1 | forward.step(stable);
                next &= fixed[k] | held_ahead | held_behind;
            }
            if next == stable {
                return stable;
            }
            stable = next;
        }
    }

    /// The board's point on cell `cell`.
    pub fn point(&self, game: &Game, cell: u32) -> Option<crate::board::Point> {
        let (x, y) = (cell % self.width, cell / self.width);
        game.scenario.board.at([x as i32, y as i32, 0])
    }

    /// The number of leaf positions `depth` moves below `d`, as `lingeo perft` counts them (a
    /// pass counts as a move where the side to move has none and the other has some; a game
    /// finished above the depth has no leaf there): the perft of the compiled rule, which the
    /// tests hold equal to the play layer's.
    pub fn perft(&self, d: Discs, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.moves(d);
        if moves == 0 {
            let other = d.passed();
            if self.moves(other) == 0 {
                return 0;
            }
            return self.perft(other, depth - 1);
        }
        let mut total = 0;
        let mut left = moves;
        while left != 0 {
            let at = left.trailing_zeros();
            left &= left - 1;
            total += self.perft(self.play(d, at, self.flips(d, at)), depth - 1);
        }
        total
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::play::perft::perft;
    use crate::play::placement::tests::othello;
    use crate::play::state::Move;
    use crate::random::SplitMix;
    use crate::scenario::Scenario;

    /// Othello on a 5x4 board with two removed points (a1 and e4): the compiled rule's masks
    /// must keep runs and placements off them.
    pub(crate) const FIVE_BY_FOUR_WITH_HOLES: &str = "board 5x4\nremoved (1,1) (5,4)\n\
        type disc { move slide (1,0) (1,1) (0,1) (-1,1) (-1,0) (-1,-1) (0,-1) (1,-1) }\n\
        white disc at c2 as W1\nwhite disc at d3 as W2\nblack disc at c3 as B1\nblack disc at d2 as B2\n\
        game { first black place disc stalemate pass deadlock count }\n";

    fn game(source: &str) -> Game {
        Game::new(Scenario::parse("placement", source).unwrap()).unwrap()
    }

    /// The compiled rule's perft is the play layer's, on Othello's 4x4, 6x6 and 8x8 boards
    /// (8x8 to the published 1,396 at depth 5).
    #[test]
    fn perft_equals_the_play_layers_on_othello_boards() {
        for (n, depth) in [(4, 12), (6, 7), (8, 5)] {
            let game = othello(n);
            let bits = PlacementBits::compile(&game).expect("Othello compiles");
            let state = State::initial(&game);
            let d = bits.discs(&game, &state).unwrap();
            for k in 1..=depth {
                assert_eq!(
                    bits.perft(d, k),
                    perft(&game, &state, k).unwrap().nodes,
                    "{n}x{n}, depth {k}"
                );
            }
        }
        let bits = PlacementBits::compile(&othello(8)).unwrap();
        let game = othello(8);
        let d = bits.discs(&game, &State::initial(&game)).unwrap();
        assert_eq!(bits.perft(d, 5), 1396);
    }

    /// What the compiled rule follows of the scenario: a rectangular board with removed
    /// points, vectors that are not Othello's (no diagonals one way, a knight's slide), a
    /// slide's range, and sides that see the vectors mirrored. Perft agrees with the play
    /// layer's on each, and on the random positions of random games the placements and
    /// their flips are the play layer's.
    #[test]
    fn boards_vectors_ranges_and_sides_follow_the_scenario() {
        let variants = [
            FIVE_BY_FOUR_WITH_HOLES,
            // Rook lines only, of range 3, and a knight's slide: its runs skip points.
            "board 6x6\n\
             type disc { move slide (1,0) (0,1) (-1,0) (0,-1) range 3 move slide (1,2) (-1,-2) }\n\
             white disc at c3 as W1\nwhite disc at d4 as W2\nblack disc at c4 as B1\nblack disc at d3 as B2\n\
             game { first black place disc stalemate pass deadlock count }\n",
            // Vectors written for White, mirrored for Black: the sides' lines differ.
            "board 6x6\n\
             type disc { move slide (1,0) (-1,0) (0,1) (1,1) (-1,1) }\n\
             white disc at c3 as W1\nwhite disc at d4 as W2\nwhite disc at c4 as W3\nblack disc at d3 as B1\nblack disc at c5 as B2\nblack disc at d5 as B3\n\
             game { first black place disc stalemate pass deadlock count }\n",
        ];
        for (v, source) in variants.iter().enumerate() {
            let game = game(source);
            let bits = PlacementBits::compile(&game).unwrap_or_else(|| panic!("variant {v}"));
            let state = State::initial(&game);
            let d = bits.discs(&game, &state).unwrap();
            for k in 1..=6 {
                assert_eq!(
                    bits.perft(d, k),
                    perft(&game, &state, k).unwrap().nodes,
                    "variant {v}, depth {k}"
                );
            }
            let mut rng = SplitMix(17 + v as u64);
            let mut compared = 0;
            for _ in 0..40 {
                let mut state = State::initial(&game);
                let mut moves = Vec::new();
                loop {
                    state.successors(&game, &mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    let d = bits.discs(&game, &state).unwrap();
                    // The play layer's placements, as cells with their flips applied.
                    let mut want = 0u64;
                    for &mv in &moves {
                        let Move::Step { to, .. } = mv else { continue };
                        let [x, y, _] = game.scenario.board.coords(to).unwrap();
                        let cell = x as u32 + bits.width() * y as u32;
                        want |= 1 << cell;
                        let mut after = state.clone();
                        after.make(&game, mv);
                        let next = bits.play(d, cell, bits.flips(d, cell));
                        let seen = bits.discs(&game, &after).map(|a| (a.mine, a.theirs));
                        if let Some(seen) = seen {
                            assert_eq!(seen, (next.mine, next.theirs), "variant {v}");
                        }
                        compared += 1;
                    }
                    assert_eq!(bits.moves(d), want, "variant {v}");
                    let mv = moves[rng.below(moves.len() as u64) as usize];
                    state.make(&game, mv);
                }
            }
            assert!(
                compared > 200,
                "variant {v}: {compared} placements compared"
            );
        }
    }

    /// No piece the stability says is stable is ever flipped: on random games of 6x6 and
    /// 8x8 Othello, each position's stable pieces of both sides are checked against every
    /// later position of the game; and stability is claimed somewhere (corners taken).
    #[test]
    fn stable_pieces_are_never_flipped() {
        let mut claimed = 0;
        for n in [6, 8] {
            let game = othello(n);
            let bits = PlacementBits::compile(&game).unwrap();
            let mut rng = SplitMix(40 + n as u64);
            for _ in 0..60 {
                let mut d = bits.discs(&game, &State::initial(&game)).unwrap();
                let mut history: Vec<(u64, u64)> = Vec::new();
                loop {
                    let (white, black) = match d.side {
                        Side::White => (d.mine, d.theirs),
                        Side::Black => (d.theirs, d.mine),
                    };
                    for &(sw, sb) in &history {
                        assert_eq!(sw & white, sw, "{n}x{n}: a stable white piece flipped");
                        assert_eq!(sb & black, sb, "{n}x{n}: a stable black piece flipped");
                    }
                    let stable = (bits.stable(d, white), bits.stable(d, black));
                    claimed += (stable.0 | stable.1).count_ones();
                    history.push(stable);
                    let moves = bits.moves(d);
                    if moves == 0 {
                        if bits.moves(d.passed()) == 0 {
                            break;
                        }
                        d = d.passed();
                        continue;
                    }
                    let k = rng.below(u64::from(moves.count_ones())) as u32;
                    let mut left = moves;
                    for _ in 0..k {
                        left &= left - 1;
                    }
                    let at = left.trailing_zeros();
                    d = bits.play(d, at, bits.flips(d, at));
                }
            }
        }
        assert!(claimed > 1000, "{claimed} stable pieces claimed in all");
    }

    /// Games the compiled rule does not cover are left to the play layer: another type
    /// beside the placed one, a 3D board, a board of more than 64 cells, and a move limit
    /// that can end the game first.
    #[test]
    fn what_does_not_compile_is_left_to_the_play_layer() {
        let refused = [
            "board 4x4\n\
             type disc { move slide (1,0) (0,1) (-1,0) (0,-1) }\n\
             type stone { move leap (1,0) }\n\
             white disc at b2 as W1\nwhite disc at c3 as W2\nblack disc at b3 as B1\nblack disc at c2 as B2\nwhite stone at a1 as S\n\
             game { first black place disc stalemate pass deadlock count }\n",
            "board 4x4x2\n\
             type disc { move slide (1,0,0) (0,1,0) (-1,0,0) (0,-1,0) }\n\
             white disc at (2,2,1) as W1\nwhite disc at (3,3,1) as W2\nblack disc at (2,3,1) as B1\nblack disc at (3,2,1) as B2\n\
             game { first black place disc stalemate pass deadlock count }\n",
            "board 9x8\n\
             type disc { move slide (1,0) (0,1) (-1,0) (0,-1) }\n\
             white disc at d4 as W1\nwhite disc at e5 as W2\nblack disc at d5 as B1\nblack disc at e4 as B2\n\
             game { first black place disc stalemate pass deadlock count }\n",
            "board 4x4\n\
             type disc { move slide (1,0) (0,1) (-1,0) (0,-1) }\n\
             white disc at b2 as W1\nwhite disc at c3 as W2\nblack disc at b3 as B1\nblack disc at c2 as B2\n\
             game { first black place disc stalemate pass deadlock count limit 6 }\n",
        ];
        for (i, source) in refused.iter().enumerate() {
            let game = game(source);
            assert!(PlacementBits::compile(&game).is_none(), "case {i}");
        }
    }
}
