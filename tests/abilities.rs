//! The paper's shortest paths by combining tables (patterns.md §2) equal LG's shortest
//! trajectories: the native bundle for every pair and piece on boards with and without
//! obstacles, and the language of grammars/shortest-trajectories.lgg on sampled pairs.

use std::path::Path;

use lingeo::abilities::{Mover, shortest_paths};
use lingeo::board::{Board, Point};
use lingeo::bundle::{Bundle, BundleOptions};
use lingeo::grammar::value::Value;
use lingeo::grammar::world::World;
use lingeo::grammar::{Grammar, Limits};
use lingeo::kernel::Kernel;
use lingeo::piece::{Side, chess_types};
use lingeo::scenario::Scenario;

fn boards() -> Vec<Board> {
    vec![
        Board::grid(8, 8, 1, &[]).unwrap(),
        // The robot King's restricted area (spec §5.4).
        Board::grid(
            8,
            8,
            1,
            &[
                [6, 7, 1],
                [7, 7, 1],
                [4, 6, 1],
                [5, 6, 1],
                [4, 5, 1],
                [5, 5, 1],
                [4, 4, 1],
                [5, 4, 1],
                [4, 3, 1],
                [5, 3, 1],
            ],
        )
        .unwrap(),
        Board::grid(6, 5, 1, &[[2, 2, 1], [3, 4, 1], [5, 1, 1]]).unwrap(),
    ]
}

#[test]
fn combined_tables_equal_the_native_bundles() {
    let types = chess_types();
    for board in boards() {
        let k = Kernel::new(&board, &types, None);
        for t in 0..types.len() {
            for side in [Side::White, Side::Black] {
                let mover = Mover::new(&k, &types, t, side);
                for x in board.points() {
                    for y in board.points() {
                        let native =
                            Bundle::new(&k, mover.moves, x, y, None, BundleOptions::default())
                                .collect(1_000_000)
                                .unwrap();
                        assert_eq!(
                            shortest_paths(&k, mover, x, y),
                            native,
                            "{} {side:?} {:?} -> {:?}",
                            types[t].name,
                            x,
                            y
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn combined_tables_equal_the_grammar_language() {
    let grammar = Grammar::load(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("grammars/shortest-trajectories.lgg"),
    )
    .unwrap();
    let board = boards().remove(1);
    let scenario = Scenario::empty(board);
    let kernel = scenario.kernel();
    let mut world = World::new(&scenario, &kernel);
    for name in ["king", "knight", "queen"] {
        let inputs = grammar
            .bind_inputs(&mut world, &[], Some((name, None)))
            .unwrap();
        let t = scenario.type_index(name).unwrap();
        let mover = Mover::new(&kernel, &scenario.types, t, Side::White);
        for (a, b) in [(63u32, 0u32), (7, 50), (20, 41), (53, 2)] {
            let (x, y) = (Point(a % 54), Point(b % 54));
            let l = kernel.distance(mover.moves, x, y);
            if l >= kernel.unreachable() || x == y {
                continue;
            }
            let start = [Value::Point(x), Value::Point(y), Value::Int(i64::from(l))];
            let language = grammar
                .derive(&world, &inputs, &start, Limits::default(), None)
                .unwrap();
            assert_eq!(
                language.trajectories().unwrap(),
                shortest_paths(&kernel, mover, x, y),
                "{name} {x:?} -> {y:?}"
            );
        }
    }
}
