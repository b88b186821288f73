//! The "zones first" ordering of the full-width search (docs/play-and-search.md §3): the steps of
//! the trajectories of every attack zone of the root position within a horizon, for both sides.
//! A move that takes one of those steps goes along a zone trajectory; as pieces advance, a
//! trajectory's translation is its rest (docs/semantics.md §7.2), whose steps are still in the
//! set, so the set made once at the root serves the whole search.

use std::collections::HashSet;

use crate::board::Point;
use crate::play::game::Game;
use crate::play::state::{Move, State};
use crate::zone::{self, ZoneGenerator, ZoneOptions};

/// At most this many zones per attack; an attack with more is left out of the set.
const MAX_ZONES: usize = 2_000;

#[derive(Clone, Debug, Default)]
pub struct ZoneSteps {
    steps: HashSet<(u8, Point, Point)>,
    /// Attacks whose zones were listed, and those left out because they had too many.
    pub attacks: usize,
    pub skipped: usize,
}

impl ZoneSteps {
    /// The steps of the zones of `state` whose main trajectories are at most `horizon` moves
    /// long (filters F1 and F2, as `lingeo zones` uses by default).
    pub fn of(game: &Game, state: &State, horizon: u32) -> ZoneSteps {
        let (scenario, map) = state.scenario(game);
        let kernel = scenario.kernel();
        let options = ZoneOptions {
            f1: true,
            f2: true,
            max_zones: MAX_ZONES,
            ..ZoneOptions::default()
        };
        let mut generator = ZoneGenerator::new(&scenario, &kernel, options);
        // Scenario piece index → game piece index.
        let mut back = vec![0u8; scenario.pieces.len()];
        for (g, s) in map.iter().enumerate() {
            if let Some(s) = s {
                back[*s] = g as u8;
            }
        }
        let mut out = ZoneSteps::default();
        for p in 0..scenario.pieces.len() {
            for y in scenario.board.points() {
                let l = generator.main_distance(p, y);
                if l > horizon || !zone::is_target(&scenario, p, y) {
                    continue;
                }
                match generator.zones(p, y, l) {
                    Ok(zones) => {
                        out.attacks += 1;
                        for z in zones {
                            for e in z.entries {
                                for w in e.trajectory.windows(2) {
                                    out.steps.insert((back[e.piece], w[0], w[1]));
                                }
                            }
                        }
                    }
                    Err(_) => out.skipped += 1,
                }
            }
        }
        out
    }

    pub fn contains(&self, mv: Move) -> bool {
        match mv {
            Move::Step {
                piece, from, to, ..
            } => self.steps.contains(&(piece, from, to)),
            Move::Pass => false,
        }
    }

    pub fn len(&self) -> usize {
        self.steps.len()
    }

    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }
}
