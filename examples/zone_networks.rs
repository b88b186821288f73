//! The zone network of every attack of a scenario within a horizon, timed (the figures of
//! docs/semantics.md §6.10): `cargo run --release --example zone_networks -- FILE HORIZON
//! [--compare] [--attack PIECE TARGET]` (`--attack`: that attack only). Filters f1+f2 (the
//! default). Each line gives the attack's main trajectories,
//! the entries of its network, those left undecided, its count (`Exact` or `AtLeast`) and the
//! time `ZoneGenerator::network` took; the last line the totals. With `--compare`, also the
//! network found by the search alone (`ZoneGenerator::network_searched`, what `network` does
//! past the memoised count's cap), timed, and, where the memoised count finishes, whether it
//! holds exactly the count's view less its undecided entries.
use std::time::Instant;

use lingeo::scenario::Scenario;
use lingeo::zone::{ZoneEntry, ZoneGenerator, ZoneNetwork, ZoneOptions};

fn entries(view: &[(ZoneEntry, Vec<lingeo::zone::Attach>)]) -> usize {
    view.iter()
        .map(|(_, a)| a.iter().map(|a| a.alternatives.len()).sum::<usize>())
        .sum()
}

/// Whether `searched` holds exactly the entries of `exact` less its undecided ones, and
/// leaves undecided only entries of `exact`'s main trajectories' possible pairs.
fn agrees(searched: &ZoneNetwork, exact: &[(ZoneEntry, Vec<lingeo::zone::Attach>)]) -> bool {
    let mut decided = exact.to_vec();
    for (m, (_, attaches)) in decided.iter_mut().enumerate() {
        for a in attaches.iter_mut() {
            a.alternatives.retain(|alt| {
                !searched.undecided.iter().any(|u| {
                    (u.main, u.level, u.from, u.to, &u.alternative)
                        == (m, a.level, a.from, a.to, alt)
                })
            });
        }
        attaches.retain(|a| !a.alternatives.is_empty());
    }
    searched.view == decided
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let s = Scenario::load(args[1].as_ref()).unwrap_or_else(|e| panic!("{e}"));
    let horizon: u32 = args[2].parse().expect("a horizon");
    let compare = args.iter().any(|a| a == "--compare");
    let k = s.kernel();
    // The generator is built by hand (not through `api::zones`): this times the native
    // generator's network and its search alone, which the API does not expose apart.
    let options = ZoneOptions::default();
    let mut attacks = ZoneGenerator::new(&s, &k, options).attacks(horizon);
    if let Some(i) = args.iter().position(|a| a == "--attack") {
        let (piece, target) = (&args[i + 1], &args[i + 2]);
        let y0 = s.board.parse_point(target).expect("a target point");
        attacks.retain(|&(p0, y)| s.pieces[p0].name == *piece && y == y0);
        assert!(!attacks.is_empty(), "no attack {piece} -> {target}");
    }
    let (mut undecided, mut exact, mut searched_time) = (0, 0, 0.0);
    let all = Instant::now();
    for &(p0, y0) in &attacks {
        let started = Instant::now();
        let network = ZoneGenerator::new(&s, &k, options)
            .network(p0, y0, horizon)
            .unwrap_or_else(|e| panic!("{e}"));
        let took = started.elapsed();
        undecided += network.undecided.len();
        exact += usize::from(network.count.is_exact());
        let mut line = format!(
            "{} -> {}: {} mains, {} entries, {} undecided, count {:?}, {:.3} s",
            s.pieces[p0].name,
            s.board.name(y0),
            network.view.len(),
            entries(&network.view),
            network.undecided.len(),
            network.count,
            took.as_secs_f64()
        );
        if compare {
            let started = Instant::now();
            let searched = ZoneGenerator::new(&s, &k, options)
                .network_searched(p0, y0, horizon)
                .unwrap_or_else(|e| panic!("{e}"));
            let took = started.elapsed().as_secs_f64();
            searched_time += took;
            line.push_str(&format!(
                "; searched: {} entries, {} undecided, {took:.3} s",
                entries(&searched.view),
                searched.undecided.len()
            ));
            if network.count.is_exact() {
                line.push_str(if agrees(&searched, &network.view) {
                    ", agrees"
                } else {
                    ", DIFFERS"
                });
            }
        }
        println!("{line}");
    }
    let mut last = format!(
        "all: {} attacks, {exact} counted exactly, {undecided} entries undecided, {:.3} s",
        attacks.len(),
        all.elapsed().as_secs_f64()
    );
    if compare {
        last.push_str(&format!(
            " (of which the searches alone {searched_time:.3} s)"
        ));
    }
    println!("{last}");
}
