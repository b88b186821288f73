//! The race extension past the depth bound: the goal zones it reads ([`race_zones`]), each side's
//! lead, and the moves each side may make in it ([`race_moves`]).

use super::attack::{Attack, ZoneKind};
use super::moves::{movable, zone_moves};
use super::static_value::{blocked, held};
use crate::board::Point;
use crate::piece::Side;
use crate::play::game::Game;
use crate::play::state::{Move, State};
use rustc_hash::FxHashMap;

/// The moves the side to move may make in the race with `left` moves left to it: the legal
/// moves along the race's zones ([`race_zones`]; a side that wins the race as it stands takes
/// no interception: its held goal zone arrives before every leader of the other side, with a
/// move to spare), in the order the search tries them.
pub fn race_moves(game: &Game, state: &State, attacks: &[Attack], left: u32) -> Vec<Move> {
    let mut legal = Vec::new();
    state.clone().successors(game, &mut legal);
    let race = Race::of(game, state, attacks);
    zone_moves(game, state, &legal, attacks, Some((&race, left)))
}

/// The zones the race reads: the domination zones, and of each side's attacks on its goals
/// those of its leading goal pieces: the attacks whose shortest main trajectory not shut (by
/// an opposing piece it cannot take that cannot leave its way, as [`static_value`](super::static_value::static_value) reads it)
/// is the side's shortest. A slower goal piece does not decide who arrives first; it still
/// acts in the race as an interceptor of the other side's leaders (their zones' level-1
/// trajectories).
pub fn race_zones<'a>(game: &Game, state: &State, attacks: &'a [Attack]) -> Vec<&'a Attack> {
    Race::of(game, state, attacks).zones
}

/// The race at a state: the zones it reads ([`race_zones`]), each side's lead (the length, in
/// points, of its leaders' shortest main trajectory not shut; `usize::MAX`: none) and its
/// secure lead (the same over the zones it holds, [`held`]: no interception it cannot meet,
/// and no opposing piece standing on the way: zones take no piece as an obstacle, so one
/// already there is no interception, and may well shut the way).
pub(super) struct Race<'a> {
    zones: Vec<&'a Attack>,
    /// White's, then Black's.
    lead: [usize; 2],
    /// White's, then Black's.
    secure: [usize; 2],
}

impl<'a> Race<'a> {
    pub(super) fn of(game: &Game, state: &State, attacks: &'a [Attack]) -> Race<'a> {
        // A piece's side now: a flip (a placement game) changes it.
        let side_of = |a: &Attack| state.side(game, a.piece);
        let index = |s: Side| usize::from(s == Side::Black);
        let goal = |a: &Attack| a.kind == ZoneKind::Attack && game.goals[a.piece][a.target.index()];
        let mut lead = [usize::MAX; 2];
        let mut secure = [usize::MAX; 2];
        // Each goal attack's length once: the shut test walks the opposing pieces' rays.
        let lengths: Vec<usize> = attacks
            .iter()
            .map(|a| {
                if !goal(a) {
                    return usize::MAX;
                }
                let k = index(side_of(a));
                let mut shortest = usize::MAX;
                for z in a.zones.iter() {
                    let Some(m) = z.entries.first() else { continue };
                    if m.trajectory.len() >= shortest && m.trajectory.len() >= secure[k] {
                        continue;
                    }
                    if blocked(game, state, m.piece, &m.trajectory) {
                        continue;
                    }
                    shortest = shortest.min(m.trajectory.len());
                    let open = m.trajectory[1..].iter().all(|&y| {
                        state
                            .piece_at(y)
                            .is_none_or(|q| state.side(game, q) == side_of(a))
                    });
                    if m.trajectory.len() < secure[k] && open && held(game, state, z, side_of(a)) {
                        secure[k] = m.trajectory.len();
                    }
                }
                lead[k] = lead[k].min(shortest);
                shortest
            })
            .collect();
        let zones = attacks
            .iter()
            .zip(&lengths)
            .filter(|&(a, &n)| {
                a.kind == ZoneKind::Domination || (goal(a) && n <= lead[index(side_of(a))])
            })
            .map(|(a, _)| a)
            .collect();
        Race {
            zones,
            lead,
            secure,
        }
    }

    /// Whether `side` wins the race as it stands: a goal zone it holds ([`held`]) arrives
    /// before every leader of the other side, with a move to spare (at least two plies
    /// earlier whoever moves), as [`static_value`](super::static_value::static_value) reads it.
    fn ahead(&self, side: Side) -> bool {
        let k = usize::from(side == Side::Black);
        self.secure[k] < self.lead[1 - k]
    }
}

/// The race steps `side` may take with `left` moves left in the race (those of
/// [`Attack::race_steps`] that fit in them, [`Attack::race_moves`]), each with the number of
/// attacks one of whose zones has it. A side that wins the race as it stands
/// ([`Race::ahead`]) runs: it takes no interception of the other side's leaders, which arrive
/// after its own held one.
pub(super) fn race_steps(
    game: &Game,
    state: &State,
    race: &Race,
    side: Side,
    left: u32,
) -> FxHashMap<(usize, Point, Point), u32> {
    let mut out: FxHashMap<(usize, Point, Point), u32> = FxHashMap::default();
    for key in race_step_keys(game, state, race, side, left) {
        *out.entry(key).or_insert(0) += 1;
    }
    out
}

/// The race steps of [`race_steps`], once per zone that has each, as (piece, from, to).
fn race_step_keys<'r>(
    game: &'r Game,
    state: &'r State,
    race: &'r Race,
    side: Side,
    left: u32,
) -> impl Iterator<Item = (usize, Point, Point)> + 'r {
    let ahead = race.ahead(side);
    race.zones.iter().flat_map(move |a| {
        let theirs = state.side(game, a.piece) != side;
        a.race_steps
            .iter()
            .zip(&a.race_moves)
            .filter(move |&(&key, &n)| {
                let intercepts = theirs && state.side(game, key.0) == side;
                n <= left && !(ahead && intercepts && a.kind == ZoneKind::Attack)
            })
            .map(|(&key, _)| key)
    })
}

/// Whether the side not to move has a trajectory step in some zone (it would have a zone move
/// after a pass); racing, in the zones of the race (`racing`, this state's).
pub(super) fn other_side_moves(
    game: &Game,
    state: &State,
    attacks: &[Attack],
    racing: Option<&Race>,
) -> bool {
    let other = state.to_move.opposite();
    if let Some(race) = racing {
        // Whether any step exists, without gathering them as `race_steps` does.
        return race_step_keys(game, state, race, other, u32::MAX)
            .any(|(piece, ..)| state.at[piece].is_some());
    }
    attacks.iter().any(|a| {
        movable(a).any(|e| state.at[e.piece].is_some() && state.side(game, e.piece) == other)
    })
}
