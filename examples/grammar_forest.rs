//! The grammar engine's zone network read off its derivation forest (docs/semantics.md §6.11),
//! timed beside the native network, for every attack of a scenario within a horizon: `cargo run
//! --release --example grammar_forest -- FILE HORIZON [--filters all|none] [--max-steps N]`.
//! Per attack: the forest's size (nodes, edges), the derivation steps, the (node, level) states
//! read, the count, whether the two networks agree, and the times. Prints the machine's load
//! (/proc/loadavg) first, since the figures depend on it.
use std::time::Instant;

use lingeo::grammar::forest::SentenceCount;
use lingeo::grammar::value::Value;
use lingeo::grammar::world::World;
use lingeo::grammar::{Grammar, Limits};
use lingeo::scenario::Scenario;
use lingeo::zone::forest::network_of_forest;
use lingeo::zone::{ZoneGenerator, ZoneOptions};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 3 {
        eprintln!("usage: grammar_forest FILE HORIZON [--filters all|none] [--max-steps N]");
        std::process::exit(2);
    }
    let s = Scenario::load(args[1].as_ref()).unwrap_or_else(|e| panic!("{e}"));
    let horizon: u32 = args[2].parse().expect("a horizon");
    let option = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let filtered = option("--filters").is_none_or(|f| f == "all");
    let limits = Limits {
        max_steps: option("--max-steps").map_or(Limits::default().max_steps, |n| {
            n.parse().expect("--max-steps N")
        }),
        ..Limits::default()
    };
    let grammar = Grammar::shipped(if filtered { "zones-filtered" } else { "zones" })
        .unwrap_or_else(|e| panic!("{e}"));
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!(
        "{} within {horizon}, filters {}; load average {}",
        args[1],
        if filtered { "f1+f2" } else { "none" },
        load.split_whitespace()
            .take(3)
            .collect::<Vec<_>>()
            .join(" ")
    );
    let k = s.kernel();
    // The generator is built by hand (not through `api::zones`): this times the native
    // generator's network itself beside the network read off the grammar's forest.
    let options = ZoneOptions {
        f1: filtered,
        f2: filtered,
        ..ZoneOptions::default()
    };
    let world = World::new(&s, &k);
    let all = Instant::now();
    for (p0, y0) in ZoneGenerator::new(&s, &k, options).attacks(horizon) {
        let name = format!("{} -> {}", s.pieces[p0].name, s.board.name(y0));
        let start = [
            Value::Point(s.pieces[p0].at),
            Value::Point(y0),
            Value::Int(i64::from(horizon)),
        ];
        let started = Instant::now();
        let forest = match grammar.forest(&world, &[Value::Piece(p0 as u32)], &start, limits) {
            Ok(f) => f,
            Err(e) => {
                println!(
                    "{name}: no forest after {:.2} s: {}",
                    started.elapsed().as_secs_f64(),
                    e.message
                );
                continue;
            }
        };
        let derived = started.elapsed();
        let network = network_of_forest(&forest, limits.max_steps as usize, 100_000)
            .unwrap_or_else(|e| panic!("{name}: more than {} states", e.limit));
        let read = started.elapsed() - derived;
        let native_started = Instant::now();
        let native = ZoneGenerator::new(&s, &k, options).network(p0, y0, horizon);
        let native_took = native_started.elapsed();
        let agree = match &native {
            Ok(n) if n.undecided.is_empty() => {
                if n.view == network.view {
                    "agree"
                } else {
                    "DIFFER"
                }
            }
            Ok(_) => "native has undecided entries",
            Err(_) => "native failed",
        };
        let count = match &network.count {
            SentenceCount::Exact(n) => n.to_string(),
            SentenceCount::AtMost(n) => format!("at most {n}"),
        };
        println!(
            "{name}: {count} zones; forest {} nodes, {} edges, {} states read; derive {:.3} s, read {:.3} s; native {:.3} s ({agree})",
            forest.nodes(),
            forest.edges(),
            network.states,
            derived.as_secs_f64(),
            read.as_secs_f64(),
            native_took.as_secs_f64(),
        );
    }
    println!("all attacks: {:.2} s", all.elapsed().as_secs_f64());
}
