//! Prints the derivation steps and sentences of a trajectory grammar on a square board:
//! `cargo run --release --example grammar_steps -- GRAMMAR SIZE PIECE 'S(...)'`.
use lingeo::board::Board;
use lingeo::grammar::world::World;
use lingeo::grammar::{Grammar, Limits};
use lingeo::scenario::Scenario;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let grammar = Grammar::load(args[1].as_ref()).unwrap_or_else(|e| panic!("{e}"));
    let size: u32 = args[2].parse().expect("a board size");
    let scenario = Scenario::empty(Board::grid(size, size, 1, &[]).expect("a board"));
    let kernel = scenario.kernel();
    let mut world = World::new(&scenario, &kernel);
    let inputs = grammar
        .bind_inputs(&mut world, &[], Some((&args[3], None)))
        .expect("inputs");
    let start = grammar.parse_start(&mut world, &args[4]).expect("start");
    let t = std::time::Instant::now();
    let language = grammar
        .derive(&world, &inputs, &start, Limits::default(), None)
        .unwrap_or_else(|e| panic!("{e}"));
    println!(
        "{} sentences, {} steps, {:?}",
        language.sentences.len(),
        language.steps,
        t.elapsed()
    );
}
