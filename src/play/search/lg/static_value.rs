//! The static value of a leaf that does not end the game, read off the status of its goal zones
//! ([`static_value`]): which goals are reached in time with their opposition held, and which ways
//! are shut.

use super::attack::{Attack, ZoneKind};
use crate::board::Point;
use crate::piece::Side;
use crate::play::game::Game;
use crate::play::state::State;
use crate::zone::Zone;

/// Whether the trajectory `t` of piece `i` runs into an opposing piece that it cannot take on
/// the step there and that cannot leave `t` either (a pawn's way forward, shut by a pawn that
/// can only come on down the same file). Zones are generated with pieces as no obstacles (the
/// kernel does not depend on where pieces stand), so such a main trajectory looks unopposed:
/// no interception is needed where the way is already shut. A blocker that can step off the
/// way (a king) or take something off it does not block: it may be driven off.
pub(super) fn blocked(game: &Game, state: &State, i: usize, t: &[Point]) -> bool {
    // Each piece's side now: a flip (a placement game) changes it.
    let side = state.side(game, i);
    t.windows(2).any(|w| match state.piece_at(w[1]) {
        Some(q) if q != i && state.side(game, q) != side => {
            let rays = game.attack_rays(state.class(i));
            !rays.from(w[0]).any(|ray| ray.contains(&w[1])) && stuck_on(game, state, q, t)
        }
        _ => false,
    })
}

/// Whether every move piece `q` has now ends on a point of `t`: quiet moves along its move
/// rays, and captures (along its attack rays, or its move rays when it attacks as it moves).
fn stuck_on(game: &Game, state: &State, q: usize, t: &[Point]) -> bool {
    let Some(from) = state.at[q] else {
        return false;
    };
    let enemy = |p: usize| state.side(game, p) != state.side(game, q);
    let class = &game.classes[state.class(q)];
    let captures_as_moves = class.attacks.is_none();
    for ray in game.rays[class.moves].from(from) {
        for &to in ray {
            match state.piece_at(to) {
                None if !t.contains(&to) => return false,
                None => {}
                Some(p) => {
                    if captures_as_moves && enemy(p) && !t.contains(&to) {
                        return false;
                    }
                    break;
                }
            }
        }
    }
    if let Some(a) = class.attacks {
        for ray in game.rays[a].from(from) {
            for &to in ray {
                if let Some(p) = state.piece_at(to) {
                    if enemy(p) && !t.contains(&to) {
                        return false;
                    }
                    break;
                }
            }
        }
    }
    true
}

/// Whether every opposing trajectory at level 1 of `z` (a zone of `side`) is met by a
/// trajectory of `side` at level 2 that ends on one of its points, or is barred: its piece is
/// `safe` (it never steps onto an attacked point) and `side` attacks a point it must step on.
pub(super) fn held(game: &Game, state: &State, z: &Zone, side: Side) -> bool {
    let side_of = |e: &crate::zone::ZoneEntry| state.side(game, e.piece);
    z.entries
        .iter()
        .filter(|o| o.level == 1 && side_of(o) != side)
        .all(|o| {
            (game.safe[o.piece]
                && o.trajectory[1..]
                    .iter()
                    .any(|&y| state.attacked(game, y, side)))
                || z.entries.iter().any(|d| {
                    d.level == 2
                        && side_of(d) == side
                        && d.trajectory
                            .last()
                            .is_some_and(|y| o.trajectory.contains(y))
                })
        })
}

/// The static value of a leaf that does not end the game, from White's side, read off its zones
/// (the status of a zone, docs/semantics.md §7.1): an attack of a piece on one of its goals
/// with a zone where every trajectory of the other side at level 1 (an interception of the main
/// trajectory in time) is itself met by a trajectory of the attacking side at level 2 ending on
/// it (the interceptor is stopped, or the point it must pass is guarded) is **held**: a goal the
/// piece reaches in its main trajectory's length. An attack with no opposing trajectory at all
/// is held trivially. If only one side holds a goal, it wins (±1); if both do, the first to
/// arrive (counting the plies from the side to move) wins, unless goals must survive the reply
/// and the other arrives on the very next ply (a draw, as the rules score it); if neither
/// does, 0.
pub fn static_value(game: &Game, state: &State, attacks: &[Attack]) -> i8 {
    let mut first = [u32::MAX; 2];
    for a in attacks {
        if a.kind != ZoneKind::Attack || !game.goals[a.piece][a.target.index()] {
            continue;
        }
        let side = state.side(game, a.piece);
        for z in a.zones.iter() {
            let Some(main) = z.entries.first() else {
                continue;
            };
            if blocked(game, state, main.piece, &main.trajectory) || !held(game, state, z, side) {
                continue;
            }
            let moves = main.trajectory.len() as u32 - 1;
            // The ply (1 = the next) on which the piece arrives.
            let ply = if side == state.to_move {
                2 * moves - 1
            } else {
                2 * moves
            };
            let k = usize::from(side == Side::Black);
            first[k] = first[k].min(ply);
        }
    }
    let [w, b] = first;
    match (w, b) {
        (u32::MAX, u32::MAX) => 0,
        (_, u32::MAX) => 1,
        (u32::MAX, _) => -1,
        (w, b) => {
            let survive = game.rules.goals == crate::play::rules::GoalRule::Survive;
            if survive && w.abs_diff(b) == 1 {
                0
            } else if w < b {
                1
            } else {
                -1
            }
        }
    }
}

/// The material, from White's side, that decides a leaf under the rules of chess: a piece's
/// worth (a knight's or a bishop's, 3 pawns).
pub const DECISIVE_MATERIAL: f64 = 3.0;

/// The static value of a leaf under the rules of chess (`rules chess`), where reaching a goal
/// (a promotion point) ends nothing: the material on the board, from White's side, with a goal
/// held by [`static_value`] counted as the promotion it is (a queen for the pawn), decides the
/// leaf once it is at least [`DECISIVE_MATERIAL`] either way; less is a draw. A goal alone, as
/// in every other game, would value a leaf where a side has queened and the other has not as a
/// draw.
pub fn chess_leaf_value(game: &Game, state: &State, attacks: &[Attack]) -> i8 {
    const PROMOTION_GAIN: f64 = 8.0;
    let held = f64::from(static_value(game, state, attacks));
    let material = state.material(game) + PROMOTION_GAIN * held;
    if material >= DECISIVE_MATERIAL {
        1
    } else if material <= -DECISIVE_MATERIAL {
        -1
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::Scenario;

    /// The chess leaf's value of a position from a FEN, without attacks (no goal held).
    fn material_value(fen: &str) -> i8 {
        let game = Game::new(Scenario::from_fen(fen).unwrap()).unwrap();
        let state = State::initial(&game);
        chess_leaf_value(&game, &state, &[])
    }

    #[test]
    fn a_chess_leaf_is_decided_by_a_piece_of_material_either_way() {
        // A queen against a bare king: Black wins; a pawn up, or a rook against three
        // pawns: a draw.
        assert_eq!(material_value("8/8/8/8/8/k7/8/K6q w - - 0 1"), -1);
        assert_eq!(material_value("8/8/8/8/8/k7/8/K6Q b - - 0 1"), 1);
        assert_eq!(material_value("8/8/8/8/8/k7/P7/K7 w - - 0 1"), 0);
        assert_eq!(material_value("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"), 0);
        // A knight up is a piece: decided.
        assert_eq!(material_value("6k1/8/8/8/8/8/8/N5K1 w - - 0 1"), 1);
    }
}
