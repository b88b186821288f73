//! The moves of a node: the zone moves (first steps of the zones' trajectories) in the search's
//! order, the replies to a goal waiting for its reply, captures in the race, waiting moves, and
//! the order of moves outside the zones.

use super::attack::{Attack, ZoneKind};
use super::race::{Race, race_steps};
use crate::board::Point;
use crate::play::game::Game;
use crate::play::state::{Move, Pending, State};
use rustc_hash::FxHashMap;

/// Whether the side to move in `state` has a waiting move among `legal`: a step, not a capture,
/// that its piece could take back at once (a step along its move rays from the point it goes
/// to back to the point it left, free on the way). A king's or a fighter's step can be taken
/// back, a pawn's never. Where a side without a zone move has one, the reduced pass stands for
/// it; where it has none, every move it has changes the position for good.
pub(super) fn has_waiting_move(game: &Game, state: &State, legal: &[Move]) -> bool {
    legal.iter().any(|&mv| {
        let Move::Step {
            piece,
            from,
            to,
            capture: None,
            ..
        } = mv
        else {
            return false;
        };
        let piece = usize::from(piece);
        game.move_rays(state.class(piece)).from(to).any(|ray| {
            for &p in ray {
                if p == from {
                    return true;
                }
                if state.piece_at(p).is_some() {
                    return false;
                }
            }
            false
        })
    })
}

/// The race's `moves` with every legal capture (`legal`) among them: captures first (the race's
/// own, then the others in [`ordered`]'s order), then the race's other moves.
pub(super) fn with_captures(moves: Vec<Move>, legal: &[Move]) -> Vec<Move> {
    let extra = ordered(
        legal
            .iter()
            .copied()
            .filter(|m| m.is_capture() && !moves.contains(m)),
    );
    if extra.is_empty() {
        return moves;
    }
    let (captures, quiet): (Vec<Move>, Vec<Move>) = moves.into_iter().partition(Move::is_capture);
    captures.into_iter().chain(extra).chain(quiet).collect()
}

/// `moves` in the order the search tries moves outside the zones: captures first, then by
/// piece (in the scenario's order) and by the number of the destination point.
pub(super) fn ordered(moves: impl Iterator<Item = Move>) -> Vec<Move> {
    let mut keyed: Vec<(bool, u8, u32, Move)> = moves
        .map(|mv| match mv {
            Move::Step { piece, to, .. } => (!mv.is_capture(), piece, to.0, mv),
            Move::Pass => (true, u8::MAX, u32::MAX, mv),
        })
        .collect();
    keyed.sort_unstable_by_key(|&(c, p, to, _)| (c, p, to));
    keyed.into_iter().map(|(.., mv)| mv).collect()
}

/// The replies worth searching to a goal waiting for its reply: those that capture the piece
/// waiting, or that reach a goal of their own (an answer); without any, one legal move, after
/// which the rules end the game whatever it is.
pub(super) fn pending_replies(game: &Game, pending: Pending, legal: &[Move]) -> Vec<Move> {
    let waiting = match pending {
        Pending::Goal { piece } | Pending::Answered { piece, .. } => piece,
    };
    let answers = matches!(pending, Pending::Goal { .. });
    let replies: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|&mv| match mv {
            Move::Step {
                piece, to, capture, ..
            } => {
                capture == Some(waiting) || (answers && game.goals[usize::from(piece)][to.index()])
            }
            Move::Pass => false,
        })
        .collect();
    if replies.is_empty() {
        legal.iter().copied().take(1).collect()
    } else {
        replies
    }
}

/// Whether `a` is about a goal: an attack of a piece on one of its goals, or a domination zone
/// (a guard of the points a goal piece still has to pass).
pub(super) fn is_goal_zone(game: &Game, a: &Attack) -> bool {
    a.kind == ZoneKind::Domination || game.goals[a.piece][a.target.index()]
}

/// The trajectories of `a` whose first step is a move to make: all but, in a domination zone,
/// a main trajectory with one step left (its piece guards the point from where it stands).
pub(super) fn movable(a: &Attack) -> impl Iterator<Item = &crate::zone::ZoneEntry> {
    a.zones.iter().flat_map(move |z| {
        z.entries.iter().filter(move |e| {
            e.trajectory.len() >= 2
                && !(a.kind == ZoneKind::Domination && e.level == 0 && e.trajectory.len() == 2)
        })
    })
}

/// The first steps of the trajectories of `attacks` (piece, from, to), each with the number of
/// attacks one of whose zones has it.
fn first_steps<'a>(
    attacks: impl Iterator<Item = &'a Attack>,
) -> FxHashMap<(usize, Point, Point), u32> {
    let mut out: FxHashMap<(usize, Point, Point), u32> = FxHashMap::default();
    for a in attacks {
        for &key in &a.steps {
            *out.entry(key).or_insert(0) += 1;
        }
    }
    out
}

/// The legal moves of the side to move that go along a zone trajectory, captures first, then
/// by the number of attacks they serve, then by piece and by the destination's number.
/// With `racing` (the race of this state, and the moves left to the side to move in it), the
/// goal zones' moves only ([`race_steps`]).
pub(super) fn zone_moves(
    game: &Game,
    state: &State,
    legal: &[Move],
    attacks: &[Attack],
    racing: Option<(&Race, u32)>,
) -> Vec<Move> {
    let steps = match racing {
        None => first_steps(attacks.iter()),
        Some((race, left)) => race_steps(game, state, race, state.to_move, left),
    };
    let mut keyed: Vec<(bool, u32, u8, u32, Move)> = legal
        .iter()
        .filter_map(|&mv| match mv {
            Move::Step {
                piece, from, to, ..
            } => steps
                .get(&(usize::from(piece), from, to))
                .map(|&n| (!mv.is_capture(), u32::MAX - n, piece, to.0, mv)),
            Move::Pass => None,
        })
        .collect();
    keyed.sort_unstable_by_key(|&(c, n, p, to, _)| (c, n, p, to));
    keyed.into_iter().map(|(.., mv)| mv).collect()
}
