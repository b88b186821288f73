//! Patterns of the MAICS 2013 paper (`../shared/docs/patterns.md` §3): for an ordered pair of
//! opposing pieces (x attacks y), one pattern per main path and per choice of an option for each
//! interacting piece. Attack pieces (y's side) can reach a location of the main path within the
//! horizon; block pieces (x's side) can attack y itself within the horizon.

use crate::abilities::{Mover, attack, reach, shortest_paths};
use crate::board::Point;
use crate::bundle::Trajectory;
use crate::kernel::Kernel;
use crate::scenario::Scenario;

/// The interacting pieces of one main path, with their options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Family {
    /// The main path of x to y.
    pub main: Trajectory,
    /// Per attack piece (y's side): the options (location z of the main path, a shortest path to z).
    pub attack: Vec<(usize, Vec<(Point, Trajectory)>)>,
    /// Per block piece (x's side): its shortest paths attacking y.
    pub block: Vec<(usize, Vec<Trajectory>)>,
}

impl Family {
    /// The number of patterns of this main path: the product of the option counts.
    pub fn patterns(&self) -> u128 {
        let attack = self.attack.iter().map(|(_, o)| o.len() as u128);
        let block = self.block.iter().map(|(_, o)| o.len() as u128);
        attack.chain(block).product()
    }
}

/// The locations of a path: every point the piece occupies or passes over after leaving its
/// start, up to and including the end (a slider passes over the points between its stops).
pub fn locations(scenario: &Scenario, path: &[Point]) -> Vec<Point> {
    let board = &scenario.board;
    let mut out = Vec::new();
    for w in path.windows(2) {
        if let (Some(a), Some(b)) = (board.coords(w[0]), board.coords(w[1])) {
            let d = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
            let steps = d.iter().map(|v| v.abs()).max().unwrap_or(0);
            let straight = d.iter().all(|&v| v == 0 || v.abs() == steps);
            if straight && steps > 1 {
                let unit = d.map(|v| v.signum());
                for k in 1..steps {
                    if let Some(p) =
                        board.at([a[0] + unit[0] * k, a[1] + unit[1] * k, a[2] + unit[2] * k])
                    {
                        out.push(p);
                    }
                }
            }
        }
        out.push(w[1]);
    }
    out
}

/// The pattern families of x attacking y within `horizon` moves for the interacting pieces.
pub fn families(
    scenario: &Scenario,
    kernel: &Kernel,
    x: usize,
    y: usize,
    horizon: u32,
) -> Vec<Family> {
    let mover = |i: usize| {
        let p = &scenario.pieces[i];
        Mover::new(kernel, &scenario.types, p.type_index, p.side)
    };
    let (px, py) = (&scenario.pieces[x], &scenario.pieces[y]);
    let mx = mover(x);
    // The main paths: shortest by attack-ability (moves, the last one a capture).
    let mains: Vec<Trajectory> = if mx.separate {
        let d = attack(kernel, mx, px.at)[py.at.index()];
        match d {
            None => Vec::new(),
            Some(d) => kernel
                .reverse_relation(mx.attacks)
                .successors(py.at)
                .iter()
                .filter(|&&m| reach(kernel, mx, px.at)[m.index()] == Some(d - 1))
                .flat_map(|&m| {
                    let mut paths = if m == px.at {
                        vec![vec![m]]
                    } else {
                        shortest_paths(kernel, mx, px.at, m)
                    };
                    paths.iter_mut().for_each(|t| t.push(py.at));
                    paths
                })
                .collect(),
        }
    } else {
        shortest_paths(kernel, mx, px.at, py.at)
    };
    let mut mains = mains;
    mains.sort();
    mains.dedup();
    mains
        .into_iter()
        .map(|main| {
            let on_path: Vec<Point> = locations(scenario, &main)
                .into_iter()
                .filter(|&p| p != py.at)
                .collect();
            let mut attack_options = Vec::new();
            let mut block_options = Vec::new();
            for (i, q) in scenario.pieces.iter().enumerate() {
                if i == x || i == y {
                    continue;
                }
                let mq = mover(i);
                if q.side == py.side {
                    let from = reach(kernel, mq, q.at);
                    let options: Vec<(Point, Trajectory)> = on_path
                        .iter()
                        .filter(|z| from[z.index()].is_some_and(|d| d >= 1 && d <= horizon))
                        .flat_map(|&z| {
                            shortest_paths(kernel, mq, q.at, z)
                                .into_iter()
                                .map(move |t| (z, t))
                        })
                        .collect();
                    if !options.is_empty() {
                        attack_options.push((i, options));
                    }
                } else if attack(kernel, mq, q.at)[py.at.index()]
                    .is_some_and(|d| d >= 1 && d <= horizon)
                {
                    let paths = shortest_paths(kernel, mq, q.at, py.at);
                    if !paths.is_empty() {
                        block_options.push((i, paths));
                    }
                }
            }
            Family {
                main,
                attack: attack_options,
                block: block_options,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slides_pass_over_points() {
        let s = Scenario::parse("t.scenario", "board 8x8\n").unwrap();
        let p = |n: &str| s.board.parse_point(n).unwrap();
        let names: Vec<&str> = locations(&s, &[p("a1"), p("d1"), p("d3")])
            .iter()
            .map(|&q| s.board.name(q))
            .collect();
        assert_eq!(names, ["b1", "c1", "d1", "d2", "d3"]);
    }
}
