//! Training positions for the Chessmaps network (docs/players.md §5): positions of games
//! played from a scenario's start, each labelled by the project's own search with the sectors
//! its best move influences, as the seed labels a position by the move a master played there.
//!
//! A game alternates the searched best move and a random legal move (SplitMix64 from the
//! seed), so that it wanders off the one line best play takes; each position met for the first
//! time is searched by alpha-beta (material, no ordering, so the best move among equals is the
//! first generated) and kept when it gives a best move. Same seed, same positions, same labels.

use std::collections::HashSet;

use super::chessmaps::{INPUTS, View};
use super::control::ControlMap;
use super::sectors::SECTORS;
use crate::play::game::Game;
use crate::play::search::{Ordering, SearchOptions, alphabeta};
use crate::play::state::{Move, State};
use crate::random::SplitMix;

/// One labelled position: the network's input and, per sector, 1 where the best move
/// influences it.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// What the network reads of the position (control, and the leaders' sectors).
    pub input: [f32; INPUTS],
    /// Per sector, 1 where the search's best move influences it, else 0.
    pub target: [f32; SECTORS],
}

/// How many games, how long each, and how deep the labelling search looks.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    /// The seed of the random moves: the same seed gives the same samples.
    pub seed: u64,
    /// How many games are played from the scenario's start.
    pub games: usize,
    /// The most plies each game runs before the next starts.
    pub plies: usize,
    /// The depth of the alpha-beta search that labels each new position.
    pub depth: u32,
}

/// The labelled positions of `plan.games` games of `game`.
pub fn samples(game: &Game, plan: Plan) -> Vec<Sample> {
    let view = View::of(game);
    let mut rng = SplitMix(plan.seed);
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    let mut moves = Vec::new();
    let options = SearchOptions {
        depth: Some(plan.depth),
        ordering: Ordering::None,
        tt_mb: 1,
        ..SearchOptions::default()
    };
    for _ in 0..plan.games {
        let mut state = State::initial(game);
        for ply in 0..plan.plies {
            state.successors(game, &mut moves);
            if state.outcome.is_some() || moves.is_empty() {
                break;
            }
            let best: Option<Move> = if seen.insert(state.hash(game)) {
                let r = alphabeta::search(game, &state, &options);
                let best = r.pv.first().copied();
                if let Some(mv) = best {
                    let control = ControlMap::of(game, &state);
                    let mask = view.influence(game, &state, mv);
                    let mut target = [0f32; SECTORS];
                    for (s, t) in target.iter_mut().enumerate() {
                        *t = f32::from(u8::from(mask & (1 << s) != 0));
                    }
                    out.push(Sample {
                        input: view.input(game, &state, &control),
                        target,
                    });
                }
                best
            } else {
                None
            };
            let random = moves[rng.below(moves.len() as u64) as usize];
            let mv = match best {
                Some(mv) if ply % 2 == 0 => mv,
                _ => random,
            };
            state.make(game, mv);
        }
    }
    out
}
