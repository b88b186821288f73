//! The paper's shortest paths by combining tables (docs/semantics.md §11.2) equal LG's shortest
//! trajectories: the native bundle for every pair and piece on boards with and without
//! obstacles, and the language of grammars/shortest-trajectories.lgg on sampled pairs; and the
//! paper's Figures 6-8 (the rook's reach-ability, the king's obtain-ability, their sum).

use std::path::Path;

use lingeo::abilities::Mover;
use lingeo::board::{Board, Point};
use lingeo::bundle::{Bundle, BundleOptions};
use lingeo::grammar::value::Value;
use lingeo::grammar::world::World;
use lingeo::grammar::{Grammar, Limits};
use lingeo::kernel::Kernel;
use lingeo::piece::{Side, chess_types};
use lingeo::scenario::Scenario;

/// The shortest paths, under the default memory limit (a test's boards are small).
fn shortest_paths(k: &lingeo::kernel::Kernel, mover: Mover, x: Point, y: Point) -> Vec<Vec<Point>> {
    lingeo::abilities::shortest_paths(k, mover, x, y, &mut lingeo::budget::Budget::new()).unwrap()
}

fn boards() -> Vec<Board> {
    vec![
        Board::grid(8, 8, 1, &[]).unwrap(),
        // The robot King's restricted area (docs/semantics.md §5.4).
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

/// A table as the paper prints it: rank 8 first, file a on the left (the paper numbers its
/// columns 8..1 from the left, so its column 8 is file a).
fn grid(board: &Board, table: &[Option<u32>]) -> Vec<String> {
    (1..=8)
        .rev()
        .map(|rank| {
            (1..=8)
                .map(|file| {
                    let p = board.at([file - 1, rank - 1, 0]).unwrap();
                    table[p.index()].map_or("-".to_string(), |d| d.to_string())
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

/// Figures 6, 7 and 8 of the paper: the white rook's reach-ability from (8,1) = a1, the
/// obtain-ability of the black king's square (5,8) = d8 for the rook, and their sum, whose
/// minimum 2 lies on a1, d1, a8 and d8 (the two paths via d1 and via a8).
#[test]
fn paper_figures_6_to_8() {
    use lingeo::abilities::{combined, obtain, reach};
    let board = Board::grid(8, 8, 1, &[]).unwrap();
    let types = chess_types();
    let kernel = Kernel::new(&board, &types, None);
    let rook = types.iter().position(|t| t.name == "rook").unwrap();
    let mover = Mover::new(&kernel, &types, rook, Side::White);
    let a1 = board.parse_point("a1").unwrap();
    let d8 = board.parse_point("d8").unwrap();
    let from = reach(&kernel, mover, a1);
    let to = obtain(&kernel, mover, d8);
    let mut rows = vec!["1 2 2 2 2 2 2 2"; 7];
    rows.push("0 1 1 1 1 1 1 1");
    assert_eq!(grid(&board, &from), rows, "Figure 6");
    let mut rows = vec!["1 1 1 0 1 1 1 1"];
    rows.extend(vec!["2 2 2 1 2 2 2 2"; 7]);
    assert_eq!(grid(&board, &to), rows, "Figure 7");
    let sum: Vec<Option<u32>> = from
        .iter()
        .zip(&to)
        .map(|(a, b)| Some(a.unwrap() + b.unwrap()))
        .collect();
    let mut rows = vec!["2 3 3 2 3 3 3 3"];
    rows.extend(vec!["3 4 4 3 4 4 4 4"; 6]);
    rows.push("2 3 3 2 3 3 3 3");
    assert_eq!(grid(&board, &sum), rows, "Figure 8");
    let (min, points) = combined(&kernel, mover, a1, d8).unwrap();
    assert_eq!(min, 2);
    let names: Vec<_> = points.iter().map(|&p| board.name(p)).collect();
    assert_eq!(names, ["a1", "d1", "a8", "d8"]);
}
