//! The "zones first" ordering of the full-width search (docs/play-and-search.md §3): the steps of
//! the trajectories of every attack zone of the root position within a horizon, for both sides.
//! A move that takes one of those steps goes along a zone trajectory; as pieces advance, a
//! trajectory's translation is its rest (docs/semantics.md §7.2), whose steps are still in the
//! set, so the set made once at the root serves the whole search.

use std::collections::HashSet;

use super::lg::Regenerate;
use crate::board::Point;
use crate::play::game::Game;
use crate::play::state::{Move, State};

/// At most this many zones per attack; an attack with more is left out of the set.
const MAX_ZONES: usize = 2_000;

/// The steps (piece, from, to) of the trajectories of a state's zones: the moves `Ordering::Zones` tries first.
#[derive(Clone, Debug, Default)]
pub struct ZoneSteps {
    steps: HashSet<(u8, Point, Point)>,
    /// Attacks whose zones were listed.
    pub attacks: usize,
    /// Attacks left out because they had too many zones.
    pub skipped: usize,
}

impl ZoneSteps {
    /// The steps of the zones of `state` whose main trajectories are at most `horizon` moves
    /// long, as the LG search generates them (filters F1 and F2, shortest main trajectories).
    pub fn of(game: &Game, state: &State, horizon: u32) -> ZoneSteps {
        let mut source = Regenerate::new(game, horizon);
        source.options.max_zones = MAX_ZONES;
        let mut out = ZoneSteps::default();
        for (_, _, zones) in source.attacks(game, state) {
            let Ok(zones) = zones else {
                out.skipped += 1;
                continue;
            };
            out.attacks += 1;
            for e in zones.iter().flat_map(|z| &z.entries) {
                for w in e.trajectory.windows(2) {
                    out.steps.insert((e.piece as u8, w[0], w[1]));
                }
            }
        }
        out
    }

    /// Whether `mv` is a step of one of the zones' trajectories.
    pub fn contains(&self, mv: Move) -> bool {
        match mv {
            Move::Step {
                piece, from, to, ..
            } => self.steps.contains(&(piece, from, to)),
            Move::Pass => false,
        }
    }

    /// The number of distinct steps.
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    /// Whether there is no step.
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }
}
