//! Patterns of the MAICS 2013 paper (docs/semantics.md §11.3): for an ordered pair of
//! opposing pieces (x attacks y), one pattern per main path and per choice of an option for each
//! interacting piece. Attack pieces (y's side) can reach a location of the main path within the
//! horizon; block pieces (x's side) can attack y itself within the horizon.

use crate::abilities::{
    Mover, Table, attack, attack_paths, count_attack_paths, count_paths, reach, shortest_paths,
};
use crate::board::Point;
use crate::budget::{Budget, Exceeded};
use std::ops::ControlFlow;

use crate::bundle::{Bundle, BundleOptions, Trajectory};
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

/// The attack distance of x to y: the fewest moves of x to remove a piece on y's point (the
/// last move by the attack vectors), when there is one of at least one move. y is
/// *attack-able* by x exactly when this is `Some`; then x has at least one main path to y.
pub fn attack_distance(scenario: &Scenario, kernel: &Kernel, x: usize, y: usize) -> Option<u32> {
    let (px, py) = (&scenario.pieces[x], &scenario.pieces[y]);
    if px.side == py.side {
        return None;
    }
    let d = attack(kernel, mover(scenario, kernel, x), px.at)[py.at.index()]?;
    (d >= 1).then_some(d)
}

/// The relations of a placed piece.
pub(crate) fn mover(scenario: &Scenario, kernel: &Kernel, i: usize) -> Mover {
    let p = &scenario.pieces[i];
    Mover::new(kernel, &scenario.types, p.type_index, p.side)
}

/// The main paths of x to y: its shortest paths by attack-ability (moves, the last one a
/// capture by the attack vectors), in lexicographic order; none when y is not attack-able.
/// Each is held in `budget` before it is listed ([`attack_paths`]).
pub fn main_paths(
    scenario: &Scenario,
    kernel: &Kernel,
    x: usize,
    y: usize,
    budget: &mut Budget,
) -> Result<Vec<Trajectory>, Exceeded> {
    if attack_distance(scenario, kernel, x, y).is_none() {
        return Ok(Vec::new());
    }
    let (px, py) = (&scenario.pieces[x], &scenario.pieces[y]);
    attack_paths(kernel, mover(scenario, kernel, x), px.at, py.at, budget)
}

/// Calls `f` with each main path of x to y, in the order of [`main_paths`], until it breaks or
/// fails. The paths are streamed (for pieces that attack as they move, by the bundle
/// generator), so the first ones come at once however many there are; those of a piece that
/// attacks otherwise are listed first, held in `budget`.
pub fn each_main_path(
    scenario: &Scenario,
    kernel: &Kernel,
    x: usize,
    y: usize,
    budget: &mut Budget,
    mut f: impl FnMut(Trajectory) -> Result<ControlFlow<()>, Exceeded>,
) -> Result<(), Exceeded> {
    if attack_distance(scenario, kernel, x, y).is_none() {
        return Ok(());
    }
    let (px, py) = (&scenario.pieces[x], &scenario.pieces[y]);
    let mx = mover(scenario, kernel, x);
    if mx.separate {
        for t in attack_paths(kernel, mx, px.at, py.at, budget)? {
            if f(t)?.is_break() {
                break;
            }
        }
    } else {
        let bundle = Bundle::new(
            kernel,
            mx.moves,
            px.at,
            py.at,
            None,
            BundleOptions::default(),
        );
        for t in bundle.iter() {
            if f(t)?.is_break() {
                break;
            }
        }
    }
    Ok(())
}

/// The number of main paths of x to y, counted without listing them.
fn count_main_paths(scenario: &Scenario, kernel: &Kernel, x: usize, y: usize) -> u128 {
    if attack_distance(scenario, kernel, x, y).is_none() {
        return 0;
    }
    let (px, py) = (&scenario.pieces[x], &scenario.pieces[y]);
    count_attack_paths(kernel, mover(scenario, kernel, x), px.at, py.at)
}

/// The pattern families of x attacking y within `horizon` moves for the interacting pieces:
/// one per main path, in the order of [`main_paths`]. Lists every main path and every option,
/// each held in `budget`; see [`count`] for the numbers alone.
pub fn families(
    scenario: &Scenario,
    kernel: &Kernel,
    x: usize,
    y: usize,
    horizon: u32,
    budget: &mut Budget,
) -> Result<Vec<Family>, Exceeded> {
    main_paths(scenario, kernel, x, y, budget)?
        .into_iter()
        .map(|main| family(scenario, kernel, x, y, main, horizon, budget))
        .collect()
}

/// The locations of a main path that attack pieces may reach: [`locations`] without y's point,
/// each once, in path order.
fn meeting_points(scenario: &Scenario, main: &[Point]) -> Vec<Point> {
    let y = *main.last().expect("a main path ends at y");
    let mut out: Vec<Point> = Vec::new();
    for p in locations(scenario, main) {
        if p != y && !out.contains(&p) {
            out.push(p);
        }
    }
    out
}

/// The family of one main path of x to y: the options of its interacting pieces, each path
/// held in `budget` (an attack piece far from the main path can have more shortest paths to
/// it than any memory holds).
pub fn family(
    scenario: &Scenario,
    kernel: &Kernel,
    x: usize,
    y: usize,
    main: Trajectory,
    horizon: u32,
    budget: &mut Budget,
) -> Result<Family, Exceeded> {
    let py = &scenario.pieces[y];
    let on_path = meeting_points(scenario, &main);
    let mut attack_options = Vec::new();
    let mut block_options = Vec::new();
    for (i, q) in scenario.pieces.iter().enumerate() {
        if i == x || i == y {
            continue;
        }
        let mq = mover(scenario, kernel, i);
        if q.side == py.side {
            let from = reach(kernel, mq, q.at);
            let mut options: Vec<(Point, Trajectory)> = Vec::new();
            for &z in on_path.iter().filter(|z| within(from[z.index()], horizon)) {
                for t in shortest_paths(kernel, mq, q.at, z, budget)? {
                    options.push((z, t));
                }
            }
            if !options.is_empty() {
                attack_options.push((i, options));
            }
        } else if within(attack(kernel, mq, q.at)[py.at.index()], horizon) {
            // A block piece must be able to remove y: its paths end with an attack step.
            let paths = attack_paths(kernel, mq, q.at, py.at, budget)?;
            if !paths.is_empty() {
                block_options.push((i, paths));
            }
        }
    }
    Ok(Family {
        main,
        attack: attack_options,
        block: block_options,
    })
}

/// A distance of at least one move and at most the horizon.
pub(crate) fn within(d: Option<u32>, horizon: u32) -> bool {
    d.is_some_and(|d| d >= 1 && d <= horizon)
}

/// How many patterns x attacking y has, counted without listing them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PatternCount {
    /// The number of main paths (exact, by a dynamic program).
    pub main_paths: u128,
    /// The number of patterns (saturating), or `None` when there are more main paths than the
    /// limit given to [`count`] (there are then at least `main_paths` patterns).
    pub patterns: Option<u128>,
}

/// Counts the patterns of x attacking y: main paths by a dynamic program; if there are at most
/// `max_main_paths`, each is listed (held in `budget`) and its options counted (again without
/// listing paths), so the product over the interacting pieces is never materialised.
pub fn count(
    scenario: &Scenario,
    kernel: &Kernel,
    x: usize,
    y: usize,
    horizon: u32,
    max_main_paths: u128,
    budget: &mut Budget,
) -> Result<PatternCount, Exceeded> {
    let main_count = count_main_paths(scenario, kernel, x, y);
    if main_count > max_main_paths {
        return Ok(PatternCount {
            main_paths: main_count,
            patterns: None,
        });
    }
    let py = &scenario.pieces[y];
    // Per piece: attack pieces' path counts per reachable meeting point, block pieces' count.
    let mut attackers: Vec<(Table, Mover, Point)> = Vec::new();
    let mut block_product = 1u128;
    for (i, q) in scenario.pieces.iter().enumerate() {
        if i == x || i == y {
            continue;
        }
        let mq = mover(scenario, kernel, i);
        if q.side == py.side {
            attackers.push((reach(kernel, mq, q.at), mq, q.at));
        } else if within(attack(kernel, mq, q.at)[py.at.index()], horizon) {
            block_product =
                block_product.saturating_mul(count_attack_paths(kernel, mq, q.at, py.at));
        }
    }
    let mut cache: std::collections::HashMap<(usize, Point), u128> = Default::default();
    let mut total = 0u128;
    for main in main_paths(scenario, kernel, x, y, budget)? {
        let on_path = meeting_points(scenario, &main);
        let mut product = block_product;
        for (k, (from, mq, at)) in attackers.iter().enumerate() {
            let options = on_path
                .iter()
                .filter(|z| within(from[z.index()], horizon))
                .fold(0u128, |acc, &z| {
                    let c = *cache
                        .entry((k, z))
                        .or_insert_with(|| count_paths(kernel, *mq, *at, z));
                    acc.saturating_add(c)
                });
            if options > 0 {
                product = product.saturating_mul(options);
            }
        }
        total = total.saturating_add(product);
    }
    Ok(PatternCount {
        main_paths: main_count,
        patterns: Some(total),
    })
}

/// One pattern: a main path and one option for each interacting piece.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pattern<'f> {
    /// The main path, from the attacking piece's point to its target y.
    pub main: &'f [Point],
    /// Per attack piece: (piece, the location z of the main path it reaches, its path to z).
    pub attack: Vec<(usize, Point, &'f [Point])>,
    /// Per block piece: (piece, its path removing y).
    pub block: Vec<(usize, &'f [Point])>,
}

impl Family {
    /// The `k`-th pattern of this family (`k < self.patterns()`): the options are chosen like
    /// the digits of a number, the last piece's (block pieces after attack pieces) fastest.
    pub fn pattern(&self, k: u128) -> Option<Pattern<'_>> {
        if k >= self.patterns() {
            return None;
        }
        let mut choice = vec![0usize; self.attack.len() + self.block.len()];
        let radix: Vec<u128> = self
            .attack
            .iter()
            .map(|(_, o)| o.len() as u128)
            .chain(self.block.iter().map(|(_, o)| o.len() as u128))
            .collect();
        let mut rest = k;
        for (c, r) in choice.iter_mut().zip(&radix).rev() {
            *c = (rest % r) as usize;
            rest /= r;
        }
        let (a, b) = choice.split_at(self.attack.len());
        Some(Pattern {
            main: &self.main,
            attack: self
                .attack
                .iter()
                .zip(a)
                .map(|((i, o), &c)| (*i, o[c].0, o[c].1.as_slice()))
                .collect(),
            block: self
                .block
                .iter()
                .zip(b)
                .map(|((i, o), &c)| (*i, o[c].as_slice()))
                .collect(),
        })
    }

    /// Every pattern of this family, in the order of [`Family::pattern`], one at a time.
    pub fn iter(&self) -> impl Iterator<Item = Pattern<'_>> + '_ {
        let n = self.patterns();
        (0..n).map_while(move |k| self.pattern(k))
    }
}

/// The rank of a pattern of x attacking y (docs/semantics.md §11.3; our formula):
///
/// ```text
/// rank = v(y) / len(s) + Σ_block v(i) / d_i − Σ_attack v(i) / d_i
/// ```
///
/// - `v` is a piece's value: its type's `value` in the scenario; the chess set has
///   P 1, N 3, B 3, R 5, Q 9, K 200, and a type of the scenario 1 unless it says `value` (or
///   starts `like` another type, whose value it then takes).
/// - `len(s)` is the number of moves of the main path s (the last one the capture of y).
/// - `d_i` is the number of moves of the option the pattern chose for interacting piece i: for
///   an attack piece the moves of its shortest path to the location z of s it reaches, for a
///   block piece the moves of its shortest path removing y (the last one by its attack
///   vectors). Options lie within the horizon, so `1 <= d_i <= horizon`.
///
/// So the rank grows with the target's value and with supporting (block) pieces, and falls with
/// the length of the main path and with intercepting (attack) pieces; near pieces count more.
pub fn rank(scenario: &Scenario, y: usize, pattern: &Pattern<'_>) -> f64 {
    let value = |i: usize| scenario.types[scenario.pieces[i].type_index].value;
    let moves = |t: &[Point]| t.len().saturating_sub(1).max(1) as f64;
    let target = value(y) / moves(pattern.main);
    let block: f64 = pattern
        .block
        .iter()
        .map(|&(i, t)| value(i) / moves(t))
        .sum();
    let attack: f64 = pattern
        .attack
        .iter()
        .map(|&(i, _, t)| value(i) / moves(t))
        .sum();
    target + block - attack
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slides_pass_over_points() {
        let s = Scenario::parse("t.scenario", "board 8x8\n").unwrap();
        let p = |n: &str| s.board.parse_point(n).unwrap();
        let names: Vec<_> = locations(&s, &[p("a1"), p("d1"), p("d3")])
            .iter()
            .map(|&q| s.board.name(q))
            .collect();
        assert_eq!(names, ["b1", "c1", "d1", "d2", "d3"]);
    }
}
