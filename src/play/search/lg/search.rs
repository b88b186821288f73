//! The LG search's entry points: [`search`] checks the horizon, depth bound and race and picks the
//! zone source; [`search_with`] runs the passes of the race over one source and reads the result
//! off the last whole pass.

use super::carried::Translate;
use super::error::{LgError, RaceAsked};
use super::options::{
    LgOptions, MAX_DEPTH, RACE_BUDGET, Zones, default_horizon, default_race, depth_bound,
};
use super::passes::{deepen, next_pass};
use super::regenerate::Regenerate;
use super::searcher::{Node, Searcher};
use super::tree::{End, LgResult, Tree};
use super::update::Update;
use super::zone_source::ZoneSource;
use crate::play::game::Game;
use crate::play::search::{SearchOptions, SearchResult, StopReason, WIN};
use crate::play::state::State;

/// Searches the reduced tree of `root` with the zones `lg.zones` says, to `options.depth` plies
/// (default: the horizon + 2, the depth of the source's 2D/4A tree).
pub fn search(
    game: &Game,
    root: &State,
    options: &SearchOptions,
    lg: &LgOptions,
) -> Result<LgResult, LgError> {
    let horizon = match lg.horizon {
        Some(0) => return Err(LgError::ZeroHorizon),
        Some(h) => h,
        None => default_horizon(game, root),
    };
    let mut fresh = Regenerate::new(game, horizon);
    if let Some(n) = options.max_zones {
        fresh.options.max_zones = n;
    }
    fresh.domination = lg.dominates();
    fresh.guard_negations = lg.guard_negations;
    fresh.product = lg.product_zones;
    let mut options = options.clone();
    let depth_given = options.depth.is_some();
    options.depth = Some(depth_bound(options.depth, horizon)?);
    let mut lg = lg.clone();
    let depth = options.depth.unwrap_or(0);
    let race = lg.race.unwrap_or_else(|| default_race(horizon, depth));
    if lg.race.is_none() && lg.race_budget.is_none() {
        lg.race_budget = Some(RACE_BUDGET);
    }
    // The tree is kept whole past the depth bound too: the race counts against MAX_DEPTH.
    // The message names what was given: a race, or the horizon the race and depth follow.
    if depth.saturating_add(race) > MAX_DEPTH {
        let race = match lg.race {
            Some(race) => RaceAsked::Given(race),
            None => RaceAsked::Default {
                horizon,
                // Counted past u32, as the horizon asks it.
                plies: (3 * u64::from(horizon) + 2)
                    .saturating_sub(u64::from(depth))
                    .min(2 * u64::from(horizon)),
            },
        };
        return Err(LgError::RaceTooDeep {
            depth,
            depth_given,
            race,
        });
    }
    lg.race = Some(race);
    let lg = &lg;
    let (mut translate, mut update);
    let source: &mut dyn ZoneSource = match lg.zones {
        Zones::Regenerate => &mut fresh,
        Zones::Update => {
            update = Update { fresh };
            &mut update
        }
        Zones::Translate => {
            translate = Translate { fresh };
            &mut translate
        }
    };
    let mut run = || {
        if lg.deepen {
            deepen(game, root, &options, lg, source)
        } else {
            search_with(game, root, &options, lg, source)
        }
    };
    // A state's zones are listed before its node is counted, and `--time` is looked at only
    // between nodes: as a deadline it also stops a listing that runs past it.
    let mut result = match options.time {
        Some(time) => crate::deadline::within_at_most(time, || {
            let result = run();
            // A listing stopped by `--time` (not by a sooner deadline of the thread's) reads
            // as every other stop at it.
            if result.result.stopped.is_some() && crate::deadline::passed() == Some(time) {
                let mut result = result;
                result.result.stopped = Some(crate::play::search::time_stop(
                    time,
                    options.time_shown.as_deref(),
                ));
                return result;
            }
            result
        }),
        None => run(),
    };
    result.horizon = horizon;
    result.depth_asked = depth;
    Ok(result)
}

/// Searches the reduced tree of `root` with the zones `source` gives.
pub fn search_with(
    game: &Game,
    root: &State,
    options: &SearchOptions,
    lg: &LgOptions,
    source: &mut dyn ZoneSource,
) -> LgResult {
    let mut s = Searcher::new(game, source, options, lg);
    let asked = s.race;
    let out = race_passes(&mut s, root, lg);
    let stopped = s.budget.stopped.clone();
    let (value, children, race, (proved, forced, root_end)) = match out {
        Some((
            Node {
                value,
                children,
                end,
                proved,
                checked,
                ..
            },
            race,
        )) if stopped.is_none() => (Some(value), children, race, (checked, proved, end)),
        _ => (None, Vec::new(), asked, (false, false, None)),
    };
    let tree = Tree { children };
    let pv = value.map_or_else(Vec::new, |v| tree.principal_variation(v));
    LgResult {
        result: SearchResult {
            value,
            score: value.map_or(0, |v| i32::from(v) * WIN),
            pv,
            nodes: s.budget.nodes,
            tt_hits: s.table_hits,
            depth: if value.is_some() { s.max_ply } else { 0 },
            time: s.budget.elapsed(),
            cpu_time: s.budget.cpu_elapsed(),
            stopped,
            compiled: false,
        },
        tree,
        horizon: 0,
        generated: s.generated,
        depth: options.depth.unwrap_or(0),
        proved,
        forced,
        root_end: root_end.filter(|&e| e != End::GameOver),
        race,
        race_asked: asked,
        race_budget: lg.race_budget,
        depth_asked: options.depth.unwrap_or(0),
    }
}

/// Runs the passes of the search from `root`, and gives the last whole pass's root node with
/// its race; `None` where the search stopped before one finished.
///
/// With a table, first passes with shorter races order the moves of the last one, the tree
/// shown: each position's best move of the pass before comes first (`Searcher::best`), so
/// that alpha-beta cuts the tree near to the fewest moves that prove its value. On 2D/4A
/// the lost positions' trees shrink to half or less (h8-g8 409 -> 221 moves), the drawn
/// ones' by a tenth, for a third more positions visited in all (docs/lg-search.md).
/// With a race budget the race deepens two plies a pass from its shortest, and stops before
/// a pass that would pass the budget (foreseen from the growth of the passes before, or met
/// on the way: that pass is dropped), so that the tree shown is the last whole pass's.
fn race_passes(s: &mut Searcher<'_, '_>, root: &State, lg: &LgOptions) -> Option<(Node, u32)> {
    let mut state = root.clone();
    let asked = s.race;
    let mut out: Option<(Node, u32)> = None;
    // (race, positions) of the passes run.
    let mut costs: Vec<(u32, u64)> = Vec::new();
    let mut next = if s.table.is_none() || asked < 2 {
        Some(asked)
    } else if lg.race_budget.is_some() {
        Some(asked % 2)
    } else {
        Some(asked - 2)
    };
    s.soft_limit = lg.race_budget;
    while let Some(race) = next {
        if s.budget.stopped.is_some() {
            break;
        }
        let before = s.budget.nodes;
        s.race = race;
        s.budget.pass = Some(match s.max_depth {
            u32::MAX => format!("race {race}"),
            bound => format!("depth bound {bound}, race {race}"),
        });
        if let Some(t) = &mut s.table {
            t.clear();
        }
        // The pass before orders this one (the first of the last two passes starts afresh,
        // as the tree shown was always ordered); what passes before it found is older news.
        s.prior = std::mem::take(&mut s.best);
        if race + 2 == asked {
            s.prior.clear();
            s.killers.clear();
        }
        let node = s.node(&mut state, None, 0, -2, 2);
        costs.push((race, s.budget.nodes - before));
        match node {
            Some(node) => out = Some((node, race)),
            // Over the race budget: the pass before stands; the first pass has none.
            None if s.over_budget => {
                if out.is_none() {
                    s.budget.stopped = Some(StopReason::Failed(format!(
                        "the reduced tree with a race of {race} plies passes the race budget \
                         of {} positions (--race-budget)",
                        lg.race_budget.unwrap_or(0)
                    )));
                }
                break;
            }
            None => {
                out = None;
                break;
            }
        }
        next = lg
            .race_budget
            .map_or(Some(asked).filter(|&r| r > race), |budget| {
                next_pass(&costs, asked, budget.saturating_sub(s.budget.nodes))
            });
    }
    out
}
