//! The mobility ordering in a placement game (Othello's endgame solvers' ordering), with what
//! it knows of the board read off the scenario's board and the placed type's lines, not
//! written for 8x8: a *corner* is a point with the fewest lines out of it (a grid's four
//! corners), the points next to an empty corner are where a placement hands the corner to
//! the opponent, and a *region* is a set of empty points joined along the lines' first steps.
//!
//! Per move, from the most to the least weighty: while many points are empty, the fewest
//! placements left to the opponent (fastest first, counted in place without keys:
//! `State::replies_to_placement`); a corner before other points, a point next to an empty
//! corner after them; near the end, a point in a region with an odd number of empty points
//! first (parity: the side that places last in a region gains its last flips); then the
//! killers.

use crate::board::Point;
use crate::play::game::Game;
use crate::play::state::{Move, State};

/// Fewer empty points than this and the opponent's placements are not counted: near the end
/// counting costs more than the order saves (docs/play-and-search.md §3.1 has the measures).
pub const FASTEST_FIRST_EMPTIES: usize = 4;

/// At least this many empty points and a placement game's solve probes its children's
/// entries before it searches them (enhanced transposition cutoffs): nearer the end the
/// subtrees are too small for the probes to pay.
pub const ETC_EMPTIES: usize = 10;

/// At most this many empty points and the regions' parity orders the moves.
pub const PARITY_EMPTIES: usize = 16;

/// The board as the ordering reads it.
#[derive(Debug)]
pub struct PlacementOrder {
    /// Per point: whether it is a corner.
    corner: Vec<bool>,
    /// Per point: the corners one step away along a line.
    corners_near: Vec<Vec<Point>>,
    /// Per point: the points one step away along a line.
    neighbours: Vec<Vec<Point>>,
}

/// The regions' parity per point ([`PlacementOrder::odd_regions`]) and the lists that find
/// it, kept from one position to the next.
#[derive(Debug, Default)]
pub struct Regions {
    /// Per point: empty, in a region of an odd number of points.
    pub odd: Vec<bool>,
    seen: Vec<bool>,
    stack: Vec<Point>,
    members: Vec<Point>,
}

/// Per move, what the ordering's key adds (its parts, each far above the next).
const REPLY: i64 = 1 << 16;
const CORNER: i64 = 1 << 12;
const PARITY: i64 = 1 << 8;

impl PlacementOrder {
    /// The ordering of `game`'s placements; `None` where the game places nothing.
    pub fn of(game: &Game) -> Option<PlacementOrder> {
        let placement = game.placement.as_ref()?;
        let rays = game.move_rays(placement.class[0]);
        let board = &game.scenario.board;
        let neighbours: Vec<Vec<Point>> = board
            .points()
            .map(|p| {
                rays.from(p)
                    .filter_map(|ray| ray.first().copied())
                    .collect()
            })
            .collect();
        let fewest = neighbours.iter().map(Vec::len).min().unwrap_or(0);
        let corner: Vec<bool> = neighbours.iter().map(|n| n.len() == fewest).collect();
        // A board where every point has as many lines (a torus) has no corner.
        let all_alike = corner.iter().all(|&c| c);
        let corner: Vec<bool> = corner.into_iter().map(|c| c && !all_alike).collect();
        let corners_near = neighbours
            .iter()
            .map(|n| n.iter().copied().filter(|q| corner[q.index()]).collect())
            .collect();
        Some(PlacementOrder {
            corner,
            corners_near,
            neighbours,
        })
    }

    /// Whether `p` is a corner.
    pub fn is_corner(&self, p: Point) -> bool {
        self.corner[p.index()]
    }

    /// Per point, whether it is empty and its region (the empty points joined to it along the
    /// lines' first steps) has an odd number of points, into `odd`; `seen` and `stack` are
    /// scratch.
    pub fn odd_regions(&self, state: &State, scratch: &mut Regions) {
        let n = self.corner.len();
        let Regions {
            odd,
            seen,
            stack,
            members,
        } = scratch;
        odd.clear();
        odd.resize(n, false);
        seen.clear();
        seen.resize(n, false);
        for start in 0..n {
            let p = Point(start as u32);
            if seen[start] || state.piece_at(p).is_some() {
                continue;
            }
            members.clear();
            stack.clear();
            stack.push(p);
            seen[start] = true;
            while let Some(q) = stack.pop() {
                members.push(q);
                for &r in &self.neighbours[q.index()] {
                    if !seen[r.index()] && state.piece_at(r).is_none() {
                        seen[r.index()] = true;
                        stack.push(r);
                    }
                }
            }
            if members.len() % 2 == 1 {
                for q in members.iter() {
                    odd[q.index()] = true;
                }
            }
        }
    }

    /// The ordering's priority of the placement `mv` from `state` (higher first), `empties`
    /// points empty; `odd` from [`PlacementOrder::odd_regions`] where `empties` is at most
    /// [`PARITY_EMPTIES`]. A pass, the only move where it is one, scores 0.
    pub fn priority(
        &self,
        game: &Game,
        state: &mut State,
        mv: Move,
        empties: usize,
        odd: &[bool],
    ) -> i64 {
        let Move::Step { to, .. } = mv else {
            return 0;
        };
        let mut key = 0;
        if empties >= FASTEST_FIRST_EMPTIES
            && let Some(replies) = state.replies_to_placement(game, mv)
        {
            key -= REPLY * replies as i64;
        }
        if self.corner[to.index()] {
            key += CORNER;
        } else if self.corners_near[to.index()]
            .iter()
            .any(|&c| state.piece_at(c).is_none())
        {
            key -= CORNER;
        }
        if empties <= PARITY_EMPTIES && odd.get(to.index()).copied().unwrap_or(false) {
            key += PARITY;
        }
        key
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::placement::tests::othello;

    /// On 6x6 the corners are a1, f1, a6 and f6, read off the lines; on 4x4 a1, d1, a4, d4.
    #[test]
    fn corners_are_the_points_with_fewest_lines() {
        for (n, corners) in [(6, ["a1", "f1", "a6", "f6"]), (4, ["a1", "d1", "a4", "d4"])] {
            let game = othello(n);
            let order = PlacementOrder::of(&game).unwrap();
            let board = &game.scenario.board;
            let found: Vec<String> = board
                .points()
                .filter(|&p| order.is_corner(p))
                .map(|p| board.name(p).to_string())
                .collect();
            assert_eq!(found, corners.map(str::to_string), "{n}x{n}");
        }
    }

    /// A 4x4 position whose discs wall a1 off: a1 is a region of one (odd), the other ten
    /// empty points one region (even); at the start of 6x6 the 32 empty points are one.
    #[test]
    fn regions_of_empty_points_and_their_parity() {
        let game = othello(6);
        let order = PlacementOrder::of(&game).unwrap();
        let state = State::initial(&game);
        let mut regions = Regions::default();
        order.odd_regions(&state, &mut regions);
        assert_eq!(state.empty_points(), 32);
        assert!(regions.odd.iter().all(|&o| !o));

        let source = "board 4x4\n\
             type disc { move slide (1,0) (1,1) (0,1) (-1,1) (-1,0) (-1,-1) (0,-1) (1,-1) }\n\
             white disc at a2 as W1\n white disc at b2 as W2\n white disc at b1 as W3\n\
             black disc at c3 as B1\n black disc at d4 as B2\n\
             game { first black  place disc  stalemate pass  deadlock count }\n";
        let game = Game::new(crate::scenario::Scenario::parse("walled", source).unwrap()).unwrap();
        let order = PlacementOrder::of(&game).unwrap();
        let state = State::initial(&game);
        order.odd_regions(&state, &mut regions);
        assert_eq!(state.empty_points(), 11);
        let board = &game.scenario.board;
        for p in board.points() {
            let name = board.name(p).to_string();
            let want = name == "a1";
            assert_eq!(regions.odd[p.index()], want, "{name}");
        }
    }
}
