//! The control map of Chessmaps (docs/players.md §1): per point of a state, how many pieces of
//! each side attack it, and which side controls it.
//!
//! A piece attacks along its attack vectors (its move vectors for a type without attack lines),
//! a slide stopping at the first occupied point, which it attacks: the points it could capture
//! on, and the points where it would recapture an own piece, as chess counts "square control".
//! A point is controlled by the side with more attackers; with as many on each side (none
//! included) it is controlled by neither. The piece standing on a point does not count for it.

use crate::board::Point;
use crate::piece::Side;
use crate::play::game::Game;
use crate::play::state::State;

use super::sectors::Sectors;

/// Attackers per point and side, in the board's enumeration order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ControlMap {
    /// Per point, how many White pieces attack it.
    pub white: Vec<u32>,
    /// Per point, how many Black pieces attack it.
    pub black: Vec<u32>,
}

impl ControlMap {
    /// Counts the attackers of every point in `state`, each piece along its attack rays.
    pub fn of(game: &Game, state: &State) -> ControlMap {
        let n = game.scenario.board.len();
        let mut map = ControlMap {
            white: vec![0; n],
            black: vec![0; n],
        };
        for (i, at) in state.at.iter().enumerate() {
            let Some(at) = *at else { continue };
            // Its side now: a flip (placement games) changes it.
            let counts = match state.side(game, i) {
                Side::White => &mut map.white,
                Side::Black => &mut map.black,
            };
            let rays = game.attack_rays(state.class(i));
            for ray in rays.from(at) {
                for &q in ray {
                    counts[q.index()] += 1;
                    if state.piece_at(q).is_some() {
                        break;
                    }
                }
            }
        }
        map
    }

    /// 1 where White controls `p`, −1 where Black does, 0 where neither.
    pub fn control(&self, p: Point) -> i8 {
        let (w, b) = (self.white[p.index()], self.black[p.index()]);
        match w.cmp(&b) {
            std::cmp::Ordering::Greater => 1,
            std::cmp::Ordering::Less => -1,
            std::cmp::Ordering::Equal => 0,
        }
    }

    /// Per sector (index 0 is sector 1): the points White controls minus those Black controls.
    pub fn by_sector(&self, sectors: &Sectors) -> Vec<i32> {
        let mut out = vec![0; sectors.count()];
        for p in 0..self.white.len() {
            let p = Point(p as u32);
            out[sectors.sector(p) - 1] += i32::from(self.control(p));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::Scenario;

    fn game(text: &str) -> Game {
        let s = Scenario::parse("t.scenario", text).unwrap_or_else(|e| panic!("{e:?}"));
        Game::new(s).unwrap()
    }

    #[test]
    fn slides_stop_at_the_first_piece_and_ties_control_nothing() {
        let g = game(
            "board 5x5\nwhite rook at a1\nblack pawn at a3\nblack king at e5\nwhite king at e1\n\
             game {\n  first white\n}\n",
        );
        let s = State::initial(&g);
        let m = ControlMap::of(&g, &s);
        let at = |name: &str| g.scenario.board.parse_point(name).unwrap();
        // The rook sees a2 and a3 (the pawn), not a4 behind it.
        assert_eq!(m.white[at("a3").index()], 1);
        assert_eq!(m.white[at("a4").index()], 0);
        assert_eq!(m.control(at("a2")), 1);
        // The black pawn attacks b2 diagonally; the rook attacks b1: White holds b1, Black b2.
        assert_eq!(m.control(at("b2")), -1);
        assert_eq!(m.control(at("b1")), 1);
        // d4 and d5 are attacked by the black king only; c3 by nobody.
        assert_eq!(m.control(at("d4")), -1);
        assert_eq!(m.control(at("c3")), 0);
        // e3 lies between the kings' reaches: neither attacks it, so neither controls it.
        assert_eq!(
            (m.white[at("e3").index()], m.black[at("e3").index()]),
            (0, 0)
        );
    }

    #[test]
    fn equal_attackers_leave_a_point_to_neither_side() {
        let g = game("board 3x3\nwhite king at a1\nblack king at c3\ngame {\n  first white\n}\n");
        let m = ControlMap::of(&g, &State::initial(&g));
        let b2 = g.scenario.board.parse_point("b2").unwrap();
        assert_eq!((m.white[b2.index()], m.black[b2.index()]), (1, 1));
        assert_eq!(m.control(b2), 0);
        let sectors = Sectors::of(&g.scenario.board);
        let total: i32 = m.by_sector(&sectors).iter().sum();
        // White's king alone holds a2 and b1, Black's c2 and b3: the sums cancel.
        assert_eq!(total, 0);
    }
}
