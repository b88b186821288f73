//! The degree of an attack read off its zone network (docs/players.md §3, and
//! docs/semantics.md §6.10), for an attack with too many zones to list.
//!
//! A zone's degree is 1 / (1 + u), u its unanswered interceptors; the attack's is the best over
//! its zones, 1 / (1 + min u). The network holds, per main trajectory M, every entry some zone
//! of M holds, but not which entries go together, so it bounds min u from both sides:
//!
//! * **Interceptor pairs.** The other side's level-1 attach pairs (x → y) of M. A zone holds at
//!   most one entry per pair (one choice per attach pair), so no zone of M has more
//!   interceptors than M has such pairs: the degree is at least 1 / (1 + pairs).
//! * **Pairs in every zone.** Level 1's marks are M's stops with M's times, and F1 reads only
//!   them there, so a level-1 pair's candidates after F1 are the same in every zone; only F2
//!   (a candidate that is a run of an entry already chosen) varies. An entry of the network at
//!   the pair that is a run of no level-1 entry at another pair survives in every zone, so the
//!   pair is in every zone (without F2, every pair of the network is) — as an interceptor,
//!   unless a piece of the own side stands on x too (decision A16) and has entries there.
//! * **Answerable.** An entry of a pair is answerable when some own-side level-2 entry of the
//!   network ends on one of its intermediate stops. A pair in every zone none of whose entries
//!   is answerable leaves one unanswered interceptor in every zone of M: with k such pairs,
//!   u ≥ k in every zone, and the degree is at most 1 / (1 + k).
//!
//! The upper bound is not exact in general: a pair not in every zone, or one whose answer
//! needs an entry that does not go with it (or with another pair's answer), counts for
//! nothing. Undecided entries (the network's search passed its step cap) are taken as possibly
//! in a zone wherever that loosens a bound: they can answer, they can drop a candidate by F2,
//! they count as pairs, but they never prove a pair is in every zone.

use rustc_hash::FxHashSet;

use super::Track;
use crate::board::Point;
use crate::bundle::Trajectory;
use crate::piece::Side;
use crate::zone::{Count, ZoneNetwork};

/// An interceptor pair of a main trajectory: a level-1 attach pair of the other side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Slot {
    /// The piece (a game index).
    pub piece: usize,
    /// Where the piece stands.
    pub from: Point,
    /// The stop of the main trajectory it reaches.
    pub to: Point,
    /// Its entries in the network, undecided ones included.
    pub alternatives: usize,
}

/// An attack valued from its network: the bounds on its degree, and the main trajectory with
/// the highest upper bound and the interceptor pairs that set it.
#[derive(Clone, Debug, PartialEq)]
pub struct NetworkWay {
    /// The attack's target.
    pub target: Point,
    /// How many zones it has (exactly, or at least).
    pub count: Count,
    /// How many main trajectories.
    pub mains: usize,
    /// The main trajectory with the highest upper bound (the first such).
    pub main: Track,
    /// Its interceptor pairs.
    pub slots: usize,
    /// Its interceptor pairs in every zone with no answerable entry.
    pub unanswerable: Vec<Slot>,
    /// The attack's degree is at most this (the best main trajectory's 1 / (1 + k))...
    pub upper: f64,
    /// ... and at least this (the best over its main trajectories of 1 / (1 + pairs)).
    pub lower: f64,
    /// The network's undecided entries.
    pub undecided: usize,
}

/// One entry of the network of a main trajectory, as the bounds read it.
struct Entry<'n> {
    level: u32,
    from: Point,
    to: Point,
    piece: usize,
    trajectory: &'n Trajectory,
    /// In the network (some zone holds it), not only undecided.
    proven: bool,
}

/// Whether `part` is a run (consecutive stops) of `whole`: F2's test (docs/semantics.md §6.7).
fn contains_run(whole: &[Point], part: &[Point]) -> bool {
    part.len() <= whole.len() && whole.windows(part.len()).any(|w| w == part)
}

/// The bounds of one main trajectory of a network: the interceptor pairs, those in every zone
/// with no answerable entry, and what they give.
#[derive(Clone, Debug, PartialEq)]
pub struct MainBound {
    /// The main trajectory (its piece a game index).
    pub main: Track,
    /// Its interceptor pairs: no zone of it has more interceptors.
    pub slots: usize,
    /// Its interceptor pairs in every zone with no answerable entry: every zone of it has at
    /// least so many unanswered interceptors.
    pub unanswerable: Vec<Slot>,
}

impl MainBound {
    /// The degree of its zones is at most this.
    pub fn upper(&self) -> f64 {
        1.0 / (1.0 + self.unanswerable.len() as f64)
    }

    /// The degree of its best zone is at least this.
    pub fn lower(&self) -> f64 {
        1.0 / (1.0 + self.slots as f64)
    }
}

/// The bounds of each main trajectory of `network` (pieces in the state's scenario, `back`
/// maps them to the game's, `side` gives a game piece's side), `f2` as the zones were
/// filtered, in the network's order.
pub fn main_bounds(
    network: &ZoneNetwork,
    back: &[usize],
    side: &dyn Fn(usize) -> Side,
    f2: bool,
) -> Vec<MainBound> {
    let mut out = Vec::with_capacity(network.view.len());
    for (m, (main, attaches)) in network.view.iter().enumerate() {
        let own = side(back[main.piece]);
        let mut entries: Vec<Entry> = Vec::new();
        for a in attaches {
            for (piece, trajectory, _) in &a.alternatives {
                entries.push(Entry {
                    level: a.level,
                    from: a.from,
                    to: a.to,
                    piece: back[*piece],
                    trajectory,
                    proven: true,
                });
            }
        }
        for u in network.undecided.iter().filter(|u| u.main == m) {
            entries.push(Entry {
                level: u.level,
                from: u.from,
                to: u.to,
                piece: back[u.alternative.0],
                trajectory: &u.alternative.1,
                proven: false,
            });
        }
        // Where the own side's level-2 entries can end: an interceptor passing there can be
        // answered.
        let answers: FxHashSet<Point> = entries
            .iter()
            .filter(|e| e.level == 2 && side(e.piece) == own)
            .map(|e| e.to)
            .collect();
        let mut pairs: Vec<(Point, Point)> = entries
            .iter()
            .filter(|e| e.level == 1 && side(e.piece) != own)
            .map(|e| (e.from, e.to))
            .collect();
        pairs.sort_unstable();
        pairs.dedup();
        let mut unanswerable = Vec::new();
        for &(from, to) in &pairs {
            let at: Vec<&Entry> = entries
                .iter()
                .filter(|e| e.level == 1 && (e.from, e.to) == (from, to) && side(e.piece) != own)
                .collect();
            let answerable = at.iter().any(|e| {
                let t = e.trajectory;
                t.len() > 2 && t[1..t.len() - 1].iter().any(|z| answers.contains(z))
            });
            // An entry some zone holds survives F1 in every zone (level 1's marks are the main
            // trajectory's), and F2 in every zone if it is a run of no level-1 entry of
            // another pair (nor of the main trajectory: then no zone would hold it), so its
            // pair chooses an entry in every zone.
            // Where pieces of both sides stand on x (decision A16), a zone may choose an own
            // trajectory there: no interceptor.
            let mixed = entries
                .iter()
                .any(|e| e.level == 1 && (e.from, e.to) == (from, to) && side(e.piece) == own);
            let in_every_zone = !mixed
                && at.iter().any(|e| {
                    e.proven
                        && (!f2
                            || !entries.iter().any(|o| {
                                o.level == 1
                                    && (o.from, o.to) != (from, to)
                                    && contains_run(o.trajectory, e.trajectory)
                            }))
                });
            if in_every_zone && !answerable {
                unanswerable.push(Slot {
                    piece: at[0].piece,
                    from,
                    to,
                    alternatives: at.len(),
                });
            }
        }
        out.push(MainBound {
            main: Track {
                piece: back[main.piece],
                stops: main.trajectory.to_vec(),
            },
            slots: pairs.len(),
            unanswerable,
        });
    }
    out
}

/// The bounds of the attack on `target` whose network is `network` (as [`main_bounds`] takes
/// it): the best main trajectory's upper bound, the best lower bound of any. `None` for a
/// network without zones.
pub fn network_way(
    network: &ZoneNetwork,
    target: Point,
    back: &[usize],
    side: &dyn Fn(usize) -> Side,
    f2: bool,
) -> Option<NetworkWay> {
    let bounds = main_bounds(network, back, side, f2);
    let lower = bounds.iter().map(MainBound::lower).fold(0.0, f64::max);
    // The first main trajectory with the highest upper bound.
    let best = bounds
        .into_iter()
        .reduce(|b, m| if m.upper() > b.upper() { m } else { b })?;
    Some(NetworkWay {
        target,
        count: network.count,
        mains: network.view.len(),
        upper: best.upper(),
        lower,
        main: best.main,
        slots: best.slots,
        unanswerable: best.unanswerable,
        undecided: network.undecided.len(),
    })
}
