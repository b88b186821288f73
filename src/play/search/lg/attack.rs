//! One attack of a state with its zones, and the first steps and race steps the search reads off
//! them once.

use std::rc::Rc;

use rustc_hash::FxHashMap;

use super::moves::movable;
use crate::board::Point;
use crate::zone::Zone;

/// What a zone asks of its main piece (docs/semantics.md §7.1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ZoneKind {
    /// Reach the end of the main trajectory and remove the target there.
    #[default]
    Attack,
    /// Reach the next-to-last point and guard the last (no target there): the main
    /// trajectory's last step is not a move to make.
    Domination,
}

/// One attack of a state: a piece, its target (for a domination zone, the point it guards)
/// and the zones of that attack, with pieces as the game's piece indices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attack {
    /// The attacking (or guarding) piece, as the game's piece index.
    pub piece: usize,
    /// The point attacked (for a domination zone, the point guarded).
    pub target: Point,
    /// Whether this is an attack zone or a domination zone.
    pub kind: ZoneKind,
    /// The zones (bundles by default), pieces as the game's indices; shared, so that a
    /// position whose attack is carried from its parent unchanged ([`Update`](super::update::Update))
    /// holds the parent's zones without copying their entries.
    pub zones: Rc<Vec<Zone>>,
    /// The first steps (piece, from, to) of the trajectories of its zones that are moves to
    /// make (every level but a domination's last step), once each: what the search asks of an
    /// attack at every visit.
    pub steps: Vec<(usize, Point, Point)>,
    /// Those the race extension takes: the main trajectories' and the interceptions of them
    /// (level 1) of an attack; a domination zone's main trajectories alone (its guard's
    /// approach, not the interceptions of the guard).
    pub race_steps: Vec<(usize, Point, Point)>,
    /// Per race step, the moves that must be left in the race for it to be taken: for a
    /// guard's approach (a domination zone's main trajectory), the fewest moves to the point
    /// from which it guards along a trajectory starting with it (a guard that arrives after
    /// the race's end guards nothing at its leaf); 0 for every other step.
    pub race_moves: Vec<u32>,
}

impl Attack {
    /// The attack with its zones, its first steps and race steps worked out once.
    pub fn new(piece: usize, target: Point, kind: ZoneKind, zones: Vec<Zone>) -> Attack {
        let mut attack = Attack {
            piece,
            target,
            kind,
            zones: Rc::new(zones),
            steps: Vec::new(),
            race_steps: Vec::new(),
            race_moves: Vec::new(),
        };
        // One pass over the entries: each first step, the least moves that must be left for
        // it, and whether the race takes it; the distinct steps (a few hundred where a chess
        // position's attack has tens of thousands of entries) sorted once.
        let mut found: FxHashMap<(usize, Point, Point), (u32, bool)> = FxHashMap::default();
        for e in movable(&attack) {
            let [from, to, ..] = e.trajectory[..] else {
                continue;
            };
            let racing = e.level == 0 || (kind == ZoneKind::Attack && e.level == 1);
            // Only a guard's approach waits on the race's end: a guard that has not arrived
            // when the race ends guards nothing at its leaf, while an interception or a goal
            // piece's step changes the leaf's zones wherever it stops (taking their time into
            // account too turns the 2D/4A start into a loss).
            let guard = kind == ZoneKind::Domination && e.level == 0;
            let n = if guard {
                e.trajectory.len() as u32 - 2
            } else {
                0
            };
            let slot = found.entry((e.piece, from, to)).or_insert((n, racing));
            slot.0 = slot.0.min(n);
            slot.1 |= racing;
        }
        let mut found: Vec<_> = found.into_iter().collect();
        found.sort_unstable_by_key(|&(key, _)| key);
        let (mut all, mut race, mut moves) = (Vec::new(), Vec::new(), Vec::new());
        for (key, (least, racing)) in found {
            all.push(key);
            if racing {
                race.push(key);
                moves.push(least);
            }
        }
        attack.steps = all;
        attack.race_steps = race;
        attack.race_moves = moves;
        attack
    }
}

/// The attacks of a state, shared: a position's zones are kept and handed out many times.
pub type Attacks = Rc<Vec<Attack>>;
