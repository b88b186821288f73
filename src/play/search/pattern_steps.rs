//! The "patterns first" ordering of the full-width search (docs/play-and-search.md §3): the
//! MAICS patterns and fuzzy patterns (docs/semantics.md §11.3, §11.4) of the root position.
//! For every pair of opposing pieces where x can remove y within the horizon, a move of x along
//! one of its main paths (from one stop to the next) comes first, then a move of one of the
//! fuzzy pattern's interacting pieces (attack pieces that can reach the path, block pieces that
//! can remove y) into its main region. Like the zones' steps, the set is made once at the root:
//! as x advances, the rest of a main path is still in it.

use std::collections::HashSet;
use std::ops::ControlFlow;

use crate::board::Point;
use crate::budget::Budget;
use crate::fuzzy::fuzzy_pattern;
use crate::pattern::{attack_distance, each_main_path};
use crate::play::game::Game;
use crate::play::state::{Move, State};

/// At most this many main paths per pair; the fuzzy pattern's region still covers the rest.
const MAX_PATHS: usize = 2_000;

/// The moves along a state's MAICS patterns: what `Ordering::Patterns` tries first.
#[derive(Clone, Debug, Default)]
pub struct PatternSteps {
    /// (piece, from, to) of the main paths' steps.
    main: HashSet<(u8, Point, Point)>,
    /// (piece, to): an interacting piece of a fuzzy pattern entering its main region.
    region: HashSet<(u8, Point)>,
    /// Pairs (x, y) with a pattern within the horizon.
    pub pairs: usize,
    /// Pairs whose main paths were cut at `MAX_PATHS` (or at the memory limit or deadline).
    pub cut: usize,
}

impl PatternSteps {
    /// The patterns of `state` whose main paths are at most `horizon` moves long, with the
    /// interacting pieces that arrive within the horizon.
    pub fn of(game: &Game, state: &State, horizon: u32) -> PatternSteps {
        let (scenario, map) = state.scenario(game);
        let mut back = vec![0u8; scenario.pieces.len()];
        for (g, s) in map.iter().enumerate() {
            if let Some(s) = s {
                back[*s] = g as u8;
            }
        }
        let kernel = scenario.kernel();
        let mut out = PatternSteps::default();
        let n = scenario.pieces.len();
        for x in 0..n {
            for y in 0..n {
                if attack_distance(&scenario, &kernel, x, y).is_none_or(|d| d > horizon) {
                    continue;
                }
                out.pairs += 1;
                let mut paths = 0;
                let mut cut = false;
                let listed = each_main_path(&scenario, &kernel, x, y, &mut Budget::new(), |t| {
                    paths += 1;
                    if paths > MAX_PATHS {
                        cut = true;
                        return Ok(ControlFlow::Break(()));
                    }
                    for w in t.windows(2) {
                        out.main.insert((back[x], w[0], w[1]));
                    }
                    Ok(ControlFlow::Continue(()))
                });
                // Main paths past the memory limit or the deadline are cut as those past
                // `MAX_PATHS` are: the ordering uses the ones seen.
                if cut || listed.is_err() {
                    out.cut += 1;
                }
                let terms = &scenario.length_terms;
                if let Some(f) = fuzzy_pattern(&scenario, &kernel, x, y, horizon, terms) {
                    for i in f.attack.iter().chain(&f.block) {
                        for &z in &f.region {
                            out.region.insert((back[i.piece], z));
                        }
                    }
                }
            }
        }
        out
    }

    /// 2 for a step along a main path, 1 for an interacting piece entering a main region, 0
    /// for any other move.
    pub fn rank(&self, mv: Move) -> i64 {
        match mv {
            Move::Step {
                piece, from, to, ..
            } => {
                if self.main.contains(&(piece, from, to)) {
                    2
                } else if self.region.contains(&(piece, to)) {
                    1
                } else {
                    0
                }
            }
            Move::Pass => 0,
        }
    }

    /// Steps along main paths, and entries into regions.
    pub fn len(&self) -> (usize, usize) {
        (self.main.len(), self.region.len())
    }
}
