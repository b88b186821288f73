//! Prints the derivation steps, sentences, time and allocations of a grammar on a square board
//! or a scenario:
//! `cargo run --release --example grammar_steps -- GRAMMAR SIZE|SCENARIO PIECE 'S(...)' [vec]`,
//! e.g. the zone grammar on the full robot zone:
//! `grammar_steps grammars/zones-filtered.lgg examples/robot-zone-full.scenario BOMBER 'S(h5, h1, 4)'`.
//! `MAX_STEPS=N` raises the cap on derivation steps (figure2's BQ b6 -> c3 zone needs 34 M).
use lingeo::board::Board;
use lingeo::grammar::world::World;
use lingeo::grammar::{Grammar, Limits};
use lingeo::scenario::Scenario;
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicU64, Ordering};

/// Counts allocations, to see what a derivation step costs in memory traffic.
struct Counting;
static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let grammar = Grammar::load(args[1].as_ref()).unwrap_or_else(|e| panic!("{e}"));
    // A number is the side of an empty square board; anything else a scenario file.
    let scenario = match args[2].parse::<u32>() {
        Ok(size) => Scenario::empty(Board::grid(size, size, 1, &[]).expect("a board")),
        Err(_) => Scenario::load(args[2].as_ref()).unwrap_or_else(|e| panic!("{e}")),
    };
    let kernel = scenario.kernel();
    let mut world = World::new(&scenario, &kernel);
    let inputs = grammar
        .bind_inputs(&mut world, &[], Some((&args[3], None)))
        .expect("inputs");
    let start = grammar.parse_start(&mut world, &args[4]).expect("start");
    // The language is walked in full, sentence by sentence, as a caller that prints or counts
    // it does (`Stream::len` alone would read the count off the table); with a fifth argument
    // `vec`, every sentence is gathered into a `Language` instead, as `Grammar::derive` does.
    let gather = args.get(5).is_some_and(|a| a == "vec");
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    let t = std::time::Instant::now();
    let (sentences, steps) = if gather {
        let language = grammar
            .derive(&world, &inputs, &start, limits(), None)
            .unwrap_or_else(|e| panic!("{e}"));
        (language.sentences.len(), language.steps)
    } else {
        let stream = grammar
            .derive_stream(&world, &inputs, &start, limits(), None)
            .unwrap_or_else(|e| panic!("{e}"));
        let mut n = 0;
        stream.for_each(|_| n += 1);
        (n, stream.steps())
    };
    let elapsed = t.elapsed();
    let allocations = ALLOCATIONS.load(Ordering::Relaxed) - before;
    println!(
        "{sentences} sentences, {steps} steps, {elapsed:?}, {allocations} allocations ({:.1} a step)",
        allocations as f64 / steps as f64
    );
}

/// The default limits, with the cap on steps from `MAX_STEPS` when it is set.
fn limits() -> Limits {
    let mut limits = Limits::default();
    if let Some(n) = std::env::var("MAX_STEPS").ok().and_then(|s| s.parse().ok()) {
        limits.max_steps = n;
    }
    limits
}
