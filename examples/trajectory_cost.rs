//! A driver for profiling the trajectory grammars against the native generator on the cases of
//! `benches/grammar.rs`: runs one case's derivation (`grammar`) or native bundle (`native`)
//! many times, so that callgrind's instruction counts of the two compare as the bench's ratio
//! lines do, without the noise of wall-clock time on a loaded machine.
//! `cargo run --release --example trajectory_cost -- CASE grammar|native [TIMES]`, e.g.
//! `valgrind --tool=callgrind target/release/examples/trajectory_cost robot-king grammar 1000`.
//! Cases: `a5-h5`, `15x15`, `fighter`, `robot-king`, `length-8`.
use std::hint::black_box;
use std::path::Path;

use lingeo::board::Board;
use lingeo::bundle::{Bundle, BundleOptions};
use lingeo::grammar::world::World;
use lingeo::grammar::{Grammar, Limits};
use lingeo::piece::Usage;
use lingeo::scenario::Scenario;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let usage =
        "usage: trajectory_cost a5-h5|15x15|fighter|robot-king|length-8 grammar|native [TIMES]";
    let (Some(case), Some(engine)) = (args.get(1), args.get(2)) else {
        eprintln!("{usage}");
        std::process::exit(2);
    };
    let times: usize = args.get(3).and_then(|t| t.parse().ok()).unwrap_or(1000);
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let load = |f: &str| Scenario::load(&root.join("examples").join(f)).expect("an example");
    let board = |w| Scenario::empty(Board::grid(w, w, 1, &[]).expect("a board"));
    // The cases of benches/grammar.rs: grammar, scenario, piece, start.
    let (grammar, scenario, piece, start) = match case.as_str() {
        "a5-h5" => ("shortest-trajectories", board(8), "king", "S(a5, h5, 7)"),
        "15x15" => (
            "shortest-trajectories",
            board(15),
            "king",
            "S((1,1), (15,1), 14)",
        ),
        "fighter" => (
            "shortest-trajectories",
            load("robot-fighter.scenario"),
            "FIGHTER",
            "S(f6, h1, 5)",
        ),
        "robot-king" => (
            "admissible-trajectories",
            load("robot-king.scenario"),
            "K",
            "S(h8, c6, 6)",
        ),
        "length-8" => ("admissible-trajectories", board(8), "king", "S(a5, h5, 8)"),
        _ => {
            eprintln!("{usage}");
            std::process::exit(2);
        }
    };
    let path = root.join("grammars").join(format!("{grammar}.lgg"));
    let grammar = Grammar::load(&path).expect("a shipped grammar");
    let kernel = scenario.kernel();
    let mut world = World::new(&scenario, &kernel);
    let inputs = grammar
        .bind_inputs(&mut world, &[], Some((piece, None)))
        .expect("inputs");
    let start = grammar.parse_start(&mut world, start).expect("start");
    let p = &world.pieces[inputs[0].piece() as usize];
    let m = kernel.motion(p.type_index, p.side, Usage::Move);
    let (from, to, length) = (start[0].point(), start[1].point(), start[2].int() as u32);
    // Once outside the loop, so that the kernel's tables are warm for both, as in the bench.
    let native = || {
        Bundle::new(&kernel, m, from, to, Some(length), BundleOptions::default())
            .collect(10_000_000)
            .expect("bundle")
            .len()
    };
    let derived = || {
        grammar
            .derive(&world, &inputs, &start, Limits::default(), None)
            .expect("derivation")
    };
    let language = derived();
    assert_eq!(
        language.sentences.len(),
        native(),
        "grammar and native agree"
    );
    let mut total = 0;
    for _ in 0..times {
        total += match engine.as_str() {
            "grammar" => black_box(derived()).sentences.len(),
            "native" => black_box(native()),
            _ => {
                eprintln!("{usage}");
                std::process::exit(2);
            }
        };
    }
    println!(
        "{case} {engine}: {} trajectories, {} steps, {times} times, {total} in all",
        language.sentences.len(),
        language.steps
    );
}
