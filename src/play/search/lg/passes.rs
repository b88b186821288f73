//! Passes of the search: the anytime search deepening the depth bound one move a pass
//! ([`deepen`]), and the next race of a budgeted race ([`next_pass`]).

use std::time::Duration;

use super::options::LgOptions;
use super::search::search_with;
use super::tree::LgResult;
use super::zone_source::ZoneSource;
use crate::play::game::Game;
use crate::play::search::{SearchOptions, StopReason};
use crate::play::state::State;

/// [`search_with`] deepening the depth bound one move a pass, from 1 up to `options.depth`
/// ([`LgOptions::deepen`]): the deepest completed pass's result, with the positions and time
/// of every pass, and the reason a limit stopped a pass, if one did. The limits hold for the
/// passes together.
pub(super) fn deepen(
    game: &Game,
    root: &State,
    options: &SearchOptions,
    lg: &LgOptions,
    source: &mut dyn ZoneSource,
) -> LgResult {
    let target = options.depth.unwrap_or(0);
    let start = std::time::Instant::now();
    let (mut nodes, mut generated, mut cpu) = (0u64, 0u64, Some(Duration::ZERO));
    let mut done: Option<LgResult> = None;
    // From 1, or the one pass of a bound of 0 (the race alone).
    for depth in target.min(1)..=target {
        let pass = SearchOptions {
            depth: Some(depth),
            max_nodes: options.max_nodes.map(|m| m.saturating_sub(nodes)),
            time: options.time.map(|t| t.saturating_sub(start.elapsed())),
            ..options.clone()
        };
        let r = search_with(game, root, &pass, lg, source);
        nodes += r.result.nodes;
        generated += r.generated;
        cpu = cpu.zip(r.result.cpu_time).map(|(a, b)| a + b);
        // A pass's limits are what the passes before left of the search's: its stop says
        // the search's.
        let stopped = r.result.stopped.clone().map(|why| match why {
            StopReason::Time { .. } => crate::play::search::time_stop(
                options.time.unwrap_or_default(),
                options.time_shown.as_deref(),
            ),
            StopReason::Nodes(_) => StopReason::Nodes(options.max_nodes.unwrap_or(0)),
            why => why,
        });
        done = match (done, stopped) {
            (_, None) => Some(r),
            // A pass cut short: the one before stands, with the reason.
            (Some(mut before), why) => {
                before.result.stopped = why;
                Some(before)
            }
            (None, why) => {
                let mut first = r;
                first.result.stopped = why;
                Some(first)
            }
        };
        if done.as_ref().is_some_and(|d| d.result.stopped.is_some()) {
            break;
        }
    }
    let mut out = done.expect("at least one pass runs");
    out.result.nodes = nodes;
    out.result.time = start.elapsed();
    out.result.cpu_time = cpu;
    out.generated = generated;
    out
}

/// The race of the next pass of a budgeted race ([`LgOptions::race_budget`]) after the passes
/// `costs` (race, positions), with `left` positions of the budget left, or `None` to stop:
/// straight to the last two passes (race − 2, then the race asked, as an unbudgeted search
/// runs them) where they fit at the growth seen so far, else two plies deeper where that
/// fits. Growth is the last two passes' ratio, at least 2 (4 after a single pass).
pub(super) fn next_pass(costs: &[(u32, u64)], asked: u32, left: u64) -> Option<u32> {
    let &(race, last) = costs.last()?;
    if race >= asked {
        return None;
    }
    // Per two plies of race.
    let growth = match costs {
        [.., (ra, a), (rb, b)] => (*b as f64 / (*a).max(1) as f64)
            .powf(2.0 / f64::from(rb - ra))
            .max(2.0),
        _ => 4.0,
    };

    let last = last.max(1) as f64;
    let left = left as f64;
    if race + 4 <= asked {
        // The last two passes: race - 2 and the race.
        let first = last * growth.powi(((asked - 2 - race) / 2) as i32);
        if first * (1.0 + growth) <= left {
            return Some(asked - 2);
        }
    }
    (last * growth <= left).then_some(race + 2)
}

#[cfg(test)]
mod tests {
    use super::next_pass;

    #[test]
    fn a_budgeted_race_goes_straight_to_its_last_passes_where_they_fit() {
        // One pass of 100 positions: growth taken as 4 every two plies; race 6 then 8 would
        // cost 100 * 4^3 * (1 + 4) = 32,000.
        assert_eq!(next_pass(&[(0, 100)], 8, 40_000), Some(6));
        assert_eq!(next_pass(&[(0, 100)], 8, 30_000), Some(2));
        // Growth measured per two plies: 100 -> 900 over four plies is 3 per two.
        // Race 8 then 10: 900 * 3^2 * (1 + 3) = 32,400; race 6: 2,700.
        assert_eq!(next_pass(&[(0, 100), (4, 900)], 10, 40_000), Some(8));
        assert_eq!(next_pass(&[(0, 100), (4, 900)], 10, 2_700), Some(6));
        assert_eq!(next_pass(&[(0, 100), (4, 900)], 10, 2_699), None);
        // Done at the race asked.
        assert_eq!(next_pass(&[(0, 100), (2, 300)], 2, 1_000_000), None);
        // Growth below 2 is taken as 2.
        assert_eq!(next_pass(&[(0, 100), (2, 110)], 4, 220), Some(4));
        assert_eq!(next_pass(&[(0, 100), (2, 110)], 4, 219), None);
    }
}
