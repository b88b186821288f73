//! Plain minimax (negamax without pruning or table): the baseline whose node counts the
//! alpha-beta search is compared with.

use super::{
    Budget, GROW_EVERY, MAX_PV, SearchOptions, SearchResult, back_up, decisive_value, evaluate,
    terminal_score, white_view,
};
use crate::play::game::Game;
use crate::play::state::{Move, State};

/// Searches `root` to `options.depth` (to the end of the game without one).
pub fn search(game: &Game, root: &State, options: &SearchOptions) -> SearchResult {
    let mut budget = Budget::new(options).for_board(game.scenario.board.len());
    let mut state = root.clone();
    let depth = options.depth.unwrap_or(u32::MAX);
    let (score, complete, pv) = negamax(game, &mut state, depth, 0, &mut budget, options);
    let stopped = budget.stopped.clone();
    let white = white_view(root, score);
    let done = stopped.is_none();
    SearchResult {
        value: match (done, complete) {
            (false, _) => None,
            (true, true) => Some(white.signum() as i8),
            (true, false) => decisive_value(white),
        },
        score: if done { white } else { 0 },
        pv: if done { pv } else { Vec::new() },
        nodes: budget.nodes,
        tt_hits: 0,
        // A solve's depth is the longest line it searched.
        depth: match (done, options.depth) {
            (false, _) => 0,
            (true, Some(d)) => d,
            (true, None) => budget.max_ply as u32,
        },
        time: budget.elapsed(),
        cpu_time: budget.cpu_elapsed(),
        stopped,
        compiled: false,
    }
}

fn negamax(
    game: &Game,
    state: &mut State,
    depth: u32,
    ply: usize,
    budget: &mut Budget,
    options: &SearchOptions,
) -> (i32, bool, Vec<Move>) {
    if !budget.visit(ply) {
        return (0, false, Vec::new());
    }
    let mut moves = Vec::new();
    state.successors(game, &mut moves);
    if let Some(score) = terminal_score(game, state) {
        return (score, true, Vec::new());
    }
    if depth == 0 {
        return (evaluate(game, state, options), false, Vec::new());
    }
    let mut best = i32::MIN;
    let mut line = Vec::new();
    let mut complete = true;
    for mv in moves {
        let undo = state.make(game, mv);
        // On a stack grown as it goes: a line may be as long as the game's move limit.
        let (child, c, child_line) = if ply % GROW_EVERY == GROW_EVERY - 1 {
            crate::memory::grow(|| negamax(game, state, depth - 1, ply + 1, budget, options))
        } else {
            negamax(game, state, depth - 1, ply + 1, budget, options)
        };
        state.unmake(game, undo);
        if budget.stopped.is_some() {
            return (0, false, Vec::new());
        }
        complete &= c;
        let score = back_up(child);
        if score > best {
            best = score;
            line.clear();
            line.push(mv);
            // At most `MAX_PV` moves a line, so that the lines along the current one do not
            // take memory in the square of its length.
            line.extend(child_line.into_iter().take(MAX_PV - 1));
        }
    }
    (best, complete, line)
}
