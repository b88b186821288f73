//! On random boards and pieces, the languages of the shipped trajectory grammars equal the
//! native bundles: G_t^(1) gives the shortest trajectories of every pair of points (nothing for
//! unreachable pairs), G_t^(2) the admissible ones for every length from MAP to MAP + 2 (none
//! when l >= 2 MAP, rule S-16) on up to 6 sampled pairs.
//!
//! 256 cases of up to 6x6 boards keep this under a few seconds.

use std::path::Path;

use lingeo::board::Point;
use lingeo::bundle::{Bundle, BundleOptions};
use lingeo::grammar::world::World;
use lingeo::grammar::{Grammar, Limits};
use lingeo::piece::{Basis, Motion, PieceType, Reach, Side, Usage};
use lingeo::scenario::Scenario;
use proptest::prelude::*;

fn grammar(name: &str) -> Grammar {
    Grammar::load(
        &Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("grammars")
            .join(name),
    )
    .unwrap()
}

#[derive(Debug, Clone)]
struct Setup {
    width: u32,
    height: u32,
    removed: Vec<(u32, u32)>,
    vectors: Vec<(i32, i32, bool, Option<u32>)>,
    black: bool,
    pairs: Vec<(usize, usize)>,
}

fn setup() -> impl Strategy<Value = Setup> {
    (1u32..=6, 1u32..=6).prop_flat_map(|(w, h)| {
        let removed = prop::collection::vec((0..w, 0..h), 0..=((w * h) as usize / 4));
        let vector = (
            -2i32..=2,
            -2i32..=2,
            any::<bool>(),
            prop::option::of(1u32..=3),
        )
            .prop_filter("a zero vector moves nowhere", |(x, y, _, _)| {
                (*x, *y) != (0, 0)
            });
        let vectors = prop::collection::vec(vector, 1..=4);
        let pairs = prop::collection::vec((0usize..64, 0usize..64), 1..=6);
        (Just(w), Just(h), removed, vectors, any::<bool>(), pairs).prop_map(
            |(width, height, removed, vectors, black, pairs)| Setup {
                width,
                height,
                removed,
                vectors,
                black,
                pairs,
            },
        )
    })
}

fn scenario(s: &Setup) -> Option<Scenario> {
    let mut scenario = super::common::empty_scenario(s.width, s.height, &s.removed)?;
    let vectors = s
        .vectors
        .iter()
        .map(|&(x, y, slide, range)| Basis {
            delta: [x, y, 0],
            reach: if slide {
                Reach::Slide { range }
            } else {
                Reach::Leap
            },
        })
        .collect();
    scenario.types.push(PieceType {
        name: "RANDOM".into(),
        moves: Motion::vectors(vectors),
        attacks: None,
        value: 1.0,
        jumps: Vec::new(),
        crown: None,
    });
    Some(scenario)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn trajectory_grammars_equal_native_bundles(s in setup()) {
        let Some(scenario) = scenario(&s) else { return Ok(()) };
        let shortest = grammar("shortest-trajectories.lgg");
        let admissible = grammar("admissible-trajectories.lgg");
        let kernel = scenario.kernel();
        let mut world = World::new(&scenario, &kernel);
        let side = if s.black { Side::Black } else { Side::White };
        let inputs = shortest.bind_inputs(&mut world, &[], Some(("RANDOM", Some(side)))).unwrap();
        let piece = &world.pieces[inputs[0].piece() as usize];
        let motion = kernel.motion(piece.type_index, piece.side, Usage::Move);
        let n = scenario.board.len();
        let two_n = 2 * n as u32;
        // G_t^(1) on every pair of points.
        for x in scenario.board.points() {
            for y in scenario.board.points() {
                let map = kernel.distance(motion, x, y);
                let start = [lingeo::grammar::value::Value::Point(x), lingeo::grammar::value::Value::Point(y), lingeo::grammar::value::Value::Int(map as i64)];
                let derived = shortest.derive(&world, &inputs, &start, Limits::default(), None).unwrap().trajectories().unwrap();
                let want = if map < two_n && x != y {
                    Bundle::new(&kernel, motion, x, y, None, BundleOptions::default()).collect(100_000).unwrap()
                } else {
                    Vec::new()
                };
                prop_assert_eq!(derived, want, "shortest {:?} -> {:?}", x, y);
            }
        }
        for &(a, b) in &s.pairs {
            let (x, y) = (Point((a % n) as u32), Point((b % n) as u32));
            let map = kernel.distance(motion, x, y);
            let native = |l: Option<u32>| Bundle::new(&kernel, motion, x, y, l, BundleOptions::default()).collect(100_000).unwrap();
            let derive = |g: &Grammar, l: u32| -> Vec<Vec<Point>> {
                let start = [lingeo::grammar::value::Value::Point(x), lingeo::grammar::value::Value::Point(y), lingeo::grammar::value::Value::Int(l as i64)];
                g.derive(&world, &inputs, &start, Limits::default(), None).unwrap().trajectories().unwrap()
            };
            if map < two_n && x != y {
                prop_assert_eq!(derive(&shortest, map), native(None), "shortest {:?} -> {:?}", x, y);
                for l in map..=map + 2 {
                    let want = if l < 2 * map { native(Some(l)) } else { Vec::new() };
                    prop_assert_eq!(derive(&admissible, l), want, "admissible {:?} -> {:?}, l = {}", x, y, l);
                }
            } else {
                // Unreachable or the same point: no trajectory of any length.
                for l in [1, 2, 3] {
                    prop_assert!(derive(&shortest, l).is_empty());
                    prop_assert!(derive(&admissible, l).is_empty());
                }
            }
        }
    }
}
