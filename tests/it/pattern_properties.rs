//! Patterns and fuzzy patterns (docs/semantics.md §11.3, §11.4) on random scenarios (boards up to
//! 10x10 with removed points, two to six pieces of every chess type on both sides, horizons 1 to 3,
//! blocking on or off) and on every shipped example:
//!
//! - there is exactly one fuzzy pattern for each attack-able ordered pair, and none otherwise;
//! - every pattern is contained in its fuzzy pattern: the main path's locations lie in the main
//!   region, its stops in the fuzzy stops, and its interacting pieces are among the fuzzy
//!   pattern's with the same roles; the main region and stops are exactly the union over the
//!   main paths (so the tables alone give what listing every path gives);
//! - the counts without listing equal the listed families;
//! - main paths and block options end with a capture of y.
//!
//! And the paper's shortest paths by combining tables equal the language of the grammar of
//! shortest trajectories on random boards, pieces and pairs.

use std::collections::BTreeSet;
use std::path::Path;

use lingeo::abilities::Mover;
use lingeo::board::Point;
use lingeo::fuzzy::{FuzzyPattern, Terms, fuzzy_pattern};
use lingeo::grammar::value::Value;
use lingeo::grammar::world::World;
use lingeo::grammar::{Grammar, Limits};
use lingeo::pattern::{Family, PatternCount, attack_distance, locations};
use lingeo::piece::Side;
use lingeo::scenario::{Piece, Scenario};
use proptest::prelude::*;

/// The shortest paths, under the default memory limit (a test's boards are small).
fn shortest_paths(k: &lingeo::kernel::Kernel, mover: Mover, x: Point, y: Point) -> Vec<Vec<Point>> {
    lingeo::abilities::shortest_paths(k, mover, x, y, &mut lingeo::budget::Budget::new()).unwrap()
}

/// The pattern families, under the default memory limit.
fn families(s: &Scenario, k: &lingeo::kernel::Kernel, x: usize, y: usize, h: u32) -> Vec<Family> {
    lingeo::pattern::families(s, k, x, y, h, &mut lingeo::budget::Budget::new()).unwrap()
}

/// The pattern count, under the default memory limit.
fn count(
    s: &Scenario,
    k: &lingeo::kernel::Kernel,
    x: usize,
    y: usize,
    h: u32,
    most: u128,
) -> PatternCount {
    lingeo::pattern::count(s, k, x, y, h, most, &mut lingeo::budget::Budget::new()).unwrap()
}

/// Pairs with more main paths than this are checked without listing them.
const MAX_LISTED: u128 = 3000;

#[derive(Debug, Clone)]
struct Setup {
    width: u32,
    height: u32,
    removed: Vec<(u32, u32)>,
    pieces: Vec<(usize, bool, u32, u32)>,
    horizon: u32,
    blocking: bool,
}

fn setup() -> impl Strategy<Value = Setup> {
    (3u32..=10, 3u32..=10).prop_flat_map(|(w, h)| {
        let removed = prop::collection::vec((0..w, 0..h), 0..=((w * h) as usize / 8));
        // Every chess type: king, queen, rook, bishop, knight, pawn.
        let piece = (0usize..6, any::<bool>(), 0..w, 0..h);
        let pieces = prop::collection::vec(piece, 2..=6);
        (Just(w), Just(h), removed, pieces, 1u32..=3, any::<bool>()).prop_map(
            |(width, height, removed, pieces, horizon, blocking)| Setup {
                width,
                height,
                removed,
                pieces,
                horizon,
                blocking,
            },
        )
    })
}

fn scenario(s: &Setup) -> Option<Scenario> {
    let mut scenario = super::common::empty_scenario(s.width, s.height, &s.removed)?;
    scenario.blocking = s.blocking;
    for (i, &(t, black, x, y)) in s.pieces.iter().enumerate() {
        let Some(at) = scenario.board.at([x as i32, y as i32, 0]) else {
            continue;
        };
        let side = if black { Side::Black } else { Side::White };
        scenario.pieces.push(Piece {
            name: format!("P{i}"),
            type_index: t,
            side,
            at,
        });
    }
    Some(scenario)
}

/// Checks every ordered pair of the scenario; returns a description of the first violation.
fn check_scenario(s: &Scenario, horizon: u32) -> Result<(), String> {
    let k = s.kernel();
    let terms = Terms::paper();
    for x in 0..s.pieces.len() {
        for y in 0..s.pieces.len() {
            let here = format!("pair ({x}, {y}), horizon {horizon}");
            let d = attack_distance(s, &k, x, y);
            let fp = fuzzy_pattern(s, &k, x, y, horizon, &terms);
            let c = count(s, &k, x, y, horizon, MAX_LISTED);
            if s.pieces[x].side == s.pieces[y].side && d.is_some() {
                return Err(format!("{here}: same side but attack-able"));
            }
            let Some(fp) = fp else {
                if d.is_some() {
                    return Err(format!("{here}: attack-able but no fuzzy pattern"));
                }
                if c.main_paths != 0 || !families(s, &k, x, y, horizon).is_empty() {
                    return Err(format!(
                        "{here}: patterns of a pair that is not attack-able"
                    ));
                }
                continue;
            };
            let Some(d) = d else {
                return Err(format!(
                    "{here}: a fuzzy pattern of a pair that is not attack-able"
                ));
            };
            if fp.length.value != d || fp.stops.len() + 1 != d as usize {
                return Err(format!(
                    "{here}: fuzzy length {} for distance {d}",
                    fp.length.value
                ));
            }
            if c.main_paths == 0 {
                return Err(format!("{here}: attack-able without main paths"));
            }
            if c.main_paths > MAX_LISTED {
                continue;
            }
            contained(s, &k, x, y, horizon, &fp, c.patterns).map_err(|e| format!("{here}: {e}"))?;
        }
    }
    Ok(())
}

fn contained(
    s: &Scenario,
    k: &lingeo::kernel::Kernel,
    x: usize,
    y: usize,
    horizon: u32,
    fp: &FuzzyPattern,
    patterns: Option<u128>,
) -> Result<(), String> {
    let fams = families(s, k, x, y, horizon);
    let py = &s.pieces[y];
    let listed: u128 = fams.iter().map(|f| f.patterns()).sum();
    if patterns != Some(listed) {
        return Err(format!("count {patterns:?}, listed {listed}"));
    }
    let fuzzy_attack: BTreeSet<usize> = fp.attack.iter().map(|p| p.piece).collect();
    let fuzzy_block: BTreeSet<usize> = fp.block.iter().map(|p| p.piece).collect();
    let mut region: BTreeSet<Point> = BTreeSet::new();
    let mut stops: Vec<BTreeSet<Point>> = vec![BTreeSet::new(); fp.stops.len()];
    let mut seen_attack = BTreeSet::new();
    for f in &fams {
        let main = &f.main;
        if main.len() != fp.stops.len() + 2
            || main[0] != s.pieces[x].at
            || *main.last().unwrap() != py.at
        {
            return Err(format!("main path {main:?} of the wrong length or ends"));
        }
        for (k, &p) in main[1..main.len() - 1].iter().enumerate() {
            if !fp.stops[k].contains(&p) {
                return Err(format!("stop {p:?} of {main:?} not among the fuzzy stops"));
            }
            stops[k].insert(p);
        }
        for p in locations(s, main) {
            if !fp.region.contains(&p) {
                return Err(format!(
                    "location {p:?} of {main:?} outside the main region"
                ));
            }
            region.insert(p);
        }
        for (i, options) in &f.attack {
            if !fuzzy_attack.contains(i) {
                return Err(format!("attack piece {i} not in the fuzzy pattern"));
            }
            seen_attack.insert(*i);
            for (z, t) in options {
                if t.last() != Some(z) || *z == py.at || !locations(s, main).contains(z) {
                    return Err(format!("attack option {z:?} {t:?} not on the main path"));
                }
                let nearest = fp.attack.iter().find(|p| p.piece == *i).unwrap();
                if (t.len() - 1) as u32 > horizon || ((t.len() - 1) as u32) < nearest.distance.value
                {
                    return Err(format!(
                        "attack option {t:?} beyond the horizon or nearer than the fuzzy distance"
                    ));
                }
            }
        }
        let block: BTreeSet<usize> = f.block.iter().map(|(i, _)| *i).collect();
        if block != fuzzy_block {
            return Err(format!("block pieces {block:?}, fuzzy {fuzzy_block:?}"));
        }
        for (_, options) in &f.block {
            if options.iter().any(|t| t.last() != Some(&py.at)) {
                return Err("a block option does not end on y".into());
            }
        }
    }
    // The tables give exactly the union over the listed main paths.
    let fuzzy_region: BTreeSet<Point> = fp.region.iter().copied().collect();
    if region != fuzzy_region {
        return Err(format!(
            "main region {fuzzy_region:?}, union of locations {region:?}"
        ));
    }
    for (k, layer) in stops.iter().enumerate() {
        let fuzzy: BTreeSet<Point> = fp.stops[k].iter().copied().collect();
        if *layer != fuzzy {
            return Err(format!(
                "stops after {} moves {fuzzy:?}, union {layer:?}",
                k + 1
            ));
        }
    }
    if seen_attack != fuzzy_attack {
        return Err(format!(
            "attack pieces {seen_attack:?}, fuzzy {fuzzy_attack:?}"
        ));
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn patterns_are_contained_in_their_fuzzy_patterns(s in setup()) {
        let Some(scenario) = scenario(&s) else { return Ok(()) };
        if let Err(e) = check_scenario(&scenario, s.horizon) {
            prop_assert!(false, "{}", e);
        }
    }
}

#[test]
fn every_shipped_example() {
    let files = super::common::example_scenarios();
    assert!(files.len() >= 7);
    for path in files {
        let s = Scenario::load(&path).unwrap();
        for horizon in [1, 2] {
            if let Err(e) = check_scenario(&s, horizon) {
                panic!("{}: {e}", path.display());
            }
        }
    }
}

/// docs/semantics.md §11.2 on every shipped example: for every ordered pair of pieces, the shortest
/// paths of the first to the second's point by combining tables are exactly the language of
/// the grammar of shortest trajectories.
#[test]
fn combined_tables_equal_the_grammar_on_every_shipped_example() {
    let files = super::common::example_scenarios();
    let grammar = Grammar::shipped("shortest-trajectories").unwrap();
    let mut compared = 0;
    for path in files {
        let s = Scenario::load(&path).unwrap();
        let kernel = s.kernel();
        let world = World::new(&s, &kernel);
        for (i, p) in s.pieces.iter().enumerate() {
            let mover = Mover::new(&kernel, &s.types, p.type_index, p.side);
            let inputs = [Value::Piece(i as u32)];
            for q in &s.pieces {
                let l = kernel.distance(mover.moves, p.at, q.at);
                let ours = shortest_paths(&kernel, mover, p.at, q.at);
                if l >= kernel.unreachable() || p.at == q.at {
                    assert!(
                        ours.is_empty(),
                        "{}: {} -> {}",
                        path.display(),
                        p.name,
                        q.name
                    );
                    continue;
                }
                if lingeo::abilities::count_paths(&kernel, mover, p.at, q.at) > 5000 {
                    continue;
                }
                let start = [
                    Value::Point(p.at),
                    Value::Point(q.at),
                    Value::Int(i64::from(l)),
                ];
                let language = grammar
                    .derive(&world, &inputs, &start, Limits::default(), None)
                    .unwrap();
                assert_eq!(
                    language.trajectories().unwrap(),
                    ours,
                    "{}: {} -> {}",
                    path.display(),
                    p.name,
                    q.name
                );
                compared += 1;
            }
        }
    }
    assert!(compared > 100, "{compared} pairs compared");
}

#[test]
fn figure_2_has_one_fuzzy_pattern_holding_seven_patterns() {
    let s =
        Scenario::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/figure2.scenario"))
            .unwrap();
    let k = s.kernel();
    let index = |name: &str| s.pieces.iter().position(|p| p.name == name).unwrap();
    let (wr, bk) = (index("WR"), index("BK"));
    let fp = fuzzy_pattern(&s, &k, wr, bk, 1, &s.length_terms).unwrap();
    let name = |p: &Point| s.board.name(*p);
    assert_eq!(fp.stops.len(), 1);
    assert_eq!(
        fp.stops[0].iter().map(name).collect::<Vec<_>>(),
        ["d1", "a8"]
    );
    assert_eq!(s.length_terms.terms()[fp.length.term].name, "very short");
    assert_eq!(
        fp.attack
            .iter()
            .map(|p| s.pieces[p.piece].name.as_str())
            .collect::<Vec<_>>(),
        ["BQ"]
    );
    assert_eq!(
        fp.block
            .iter()
            .map(|p| s.pieces[p.piece].name.as_str())
            .collect::<Vec<_>>(),
        ["WB"]
    );
    // 0.875 x 200 + 1 x 3 - 1 x 9
    assert!((fp.rank.value - 169.0).abs() < 1e-9);
    assert_eq!(count(&s, &k, wr, bk, 1, 100).patterns, Some(7));
    check_scenario(&s, 1).unwrap();
}

#[derive(Debug, Clone)]
struct PathSetup {
    width: u32,
    height: u32,
    removed: Vec<(u32, u32)>,
    type_index: usize,
    black: bool,
    from: (u32, u32),
    to: (u32, u32),
}

fn path_setup() -> impl Strategy<Value = PathSetup> {
    (3u32..=8, 3u32..=8).prop_flat_map(|(w, h)| {
        (
            Just(w),
            Just(h),
            prop::collection::vec((0..w, 0..h), 0..=((w * h) as usize / 6)),
            0usize..6,
            any::<bool>(),
            (0..w, 0..h),
            (0..w, 0..h),
        )
            .prop_map(
                |(width, height, removed, type_index, black, from, to)| PathSetup {
                    width,
                    height,
                    removed,
                    type_index,
                    black,
                    from,
                    to,
                },
            )
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// docs/semantics.md §11.2: the five steps give exactly the grammar's shortest trajectories.
    #[test]
    fn combined_tables_equal_the_grammar_language_on_random_positions(p in path_setup()) {
        let Some(scenario) = super::common::empty_scenario(p.width, p.height, &p.removed) else {
            return Ok(());
        };
        let (Some(x), Some(y)) = (
            scenario.board.at([p.from.0 as i32, p.from.1 as i32, 0]),
            scenario.board.at([p.to.0 as i32, p.to.1 as i32, 0]),
        ) else {
            return Ok(());
        };
        let kernel = scenario.kernel();
        let side = if p.black { Side::Black } else { Side::White };
        let mover = Mover::new(&kernel, &scenario.types, p.type_index, side);
        let l = kernel.distance(mover.moves, x, y);
        let ours = shortest_paths(&kernel, mover, x, y);
        if l >= kernel.unreachable() || x == y {
            prop_assert!(ours.is_empty());
            return Ok(());
        }
        prop_assert_eq!(
            lingeo::abilities::count_paths(&kernel, mover, x, y),
            ours.len() as u128
        );
        if ours.len() > 2000 {
            return Ok(());
        }
        let grammar = Grammar::shipped("shortest-trajectories").unwrap();
        let mut world = World::new(&scenario, &kernel);
        let name = scenario.types[p.type_index].name.clone();
        let inputs = grammar.bind_inputs(&mut world, &[], Some((&name, Some(side)))).unwrap();
        let start = [Value::Point(x), Value::Point(y), Value::Int(i64::from(l))];
        let language = grammar
            .derive(&world, &inputs, &start, Limits::default(), None)
            .unwrap();
        prop_assert_eq!(language.trajectories().unwrap(), ours);
    }
}
