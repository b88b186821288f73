//! The zone network of every attack of a scenario within a horizon, timed (the figures of
//! docs/semantics.md §6.10): `cargo run --release --example zone_networks -- FILE HORIZON
//! [--compare]`. Filters f1+f2 (the default). With `--compare`, also the memoised count's view
//! (`ZoneGenerator::summary`) where it finishes, and whether the two agree.
use std::time::Instant;

use lingeo::scenario::Scenario;
use lingeo::zone::{ZoneGenerator, ZoneOptions};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let s = Scenario::load(args[1].as_ref()).unwrap_or_else(|e| panic!("{e}"));
    let horizon: u32 = args[2].parse().expect("a horizon");
    let compare = args.iter().any(|a| a == "--compare");
    let k = s.kernel();
    let options = ZoneOptions::default();
    let attacks = ZoneGenerator::new(&s, &k, options).attacks(horizon);
    let all = Instant::now();
    for (p0, y0) in attacks {
        let started = Instant::now();
        let network = ZoneGenerator::new(&s, &k, options)
            .network(p0, y0, horizon)
            .unwrap_or_else(|e| panic!("{e}"));
        let took = started.elapsed();
        let entries: usize = network
            .view
            .iter()
            .map(|(_, a)| a.iter().map(|a| a.alternatives.len()).sum::<usize>())
            .sum();
        let mut line = format!(
            "{} -> {}: {} mains, {entries} entries, {} undecided, count {:?}, {:.3} s",
            s.pieces[p0].name,
            s.board.name(y0),
            network.view.len(),
            network.undecided.len(),
            network.count,
            took.as_secs_f64()
        );
        if compare {
            match ZoneGenerator::new(&s, &k, options).summary(p0, y0, horizon) {
                Ok(summary) => line.push_str(if summary.view == network.view {
                    "; agrees"
                } else {
                    "; DIFFERS"
                }),
                Err(e) => line.push_str(&format!("; summary: {e}")),
            }
        }
        println!("{line}");
    }
    println!("all: {:.3} s", all.elapsed().as_secs_f64());
}
