//! The full-width searches on the shipped games (docs/play-and-search.md §3.1): Pawned at depths
//! 8, 10, 12 and 14 with each ordering, the Pawned solve (5x6, and 4x4, 5x5 and 6x6), and the
//! 2D/4A robot problem and the Réti endgame solved by alpha-beta (Pawned's solves run on the
//! compiled stepping rule, 6x6's on the play layer's loop beside it), the 2D/4A problem by the LG
//! search (and both by its zone sources: regenerated, translated, with domination zones), and
//! the LG search by the search grammar (grammars/search.lgg) beside the native engine on the
//! same trees. Each benchmark first prints the positions it visits, so that node counts stand
//! beside the times.
//!
//! Run with `cargo bench --bench search`. Every search but 6x6's uses a 16 MiB table (the CLI's
//! default); the table is built anew for each search, so its allocation is part of the time.

mod common;

use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use lingeo::play::game::Game;
use lingeo::play::search::{Ordering, SearchOptions, alphabeta};
use lingeo::play::state::State;
use lingeo::scenario::Scenario;

fn example(name: &str, board: Option<&str>) -> Game {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("examples")
        .join(name);
    let mut text = std::fs::read_to_string(path).unwrap();
    if let Some(b) = board {
        text = text.replace("\nboard 5x6\n", &format!("\nboard {b}\n"));
    }
    Game::new(Scenario::parse(name, &text).unwrap()).unwrap()
}

const ORDERINGS: [Ordering; 3] = [Ordering::None, Ordering::History, Ordering::Killer];

fn options(depth: Option<u32>, ordering: Ordering) -> SearchOptions {
    SearchOptions {
        depth,
        ordering,
        tt_mb: 16,
        ..SearchOptions::default()
    }
}

fn pawned_depths(c: &mut Criterion) {
    let g = example("pawned.scenario", None);
    let root = State::initial(&g);
    let mut group = c.benchmark_group("pawned-depth");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5));
    for depth in [8, 10, 12, 14] {
        for ordering in ORDERINGS {
            let o = options(Some(depth), ordering);
            let r = alphabeta::search(&g, &root, &o);
            println!(
                "pawned 5x6 depth {depth} {}: {} positions, value {:?}",
                ordering.name(),
                r.nodes,
                r.value
            );
            group.bench_with_input(BenchmarkId::new(ordering.name(), depth), &o, |b, o| {
                b.iter(|| black_box(alphabeta::search(&g, &root, o)))
            });
        }
    }
    group.finish();
}

fn solves(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(10));
    let games = [
        ("pawned-4x4", example("pawned.scenario", Some("4x4"))),
        ("pawned-5x5", example("pawned.scenario", Some("5x5"))),
        ("pawned-5x6", example("pawned.scenario", None)),
        ("robot-2d4a", example("robot-2d4a.scenario", None)),
        ("reti", example("reti.scenario", None)),
    ];
    for (name, g) in &games {
        let root = State::initial(g);
        let o = options(None, Ordering::Killer);
        let r = alphabeta::search(g, &root, &o);
        println!(
            "{name} solve killer: value {:?}, {} positions",
            r.value, r.nodes
        );
        group.bench_function(*name, |b| {
            b.iter(|| black_box(alphabeta::search(g, &root, &o)))
        });
    }
    group.finish();
}

/// The Pawned 6x6 solve, with a 64 MiB table, on the compiled stepping rule (the solve's
/// default, docs/play-and-search.md §3.8) and on the play layer's loop: a second or two a
/// search, so ten samples only.
fn solve_6x6(c: &mut Criterion) {
    let g = example("pawned.scenario", Some("6x6"));
    let root = State::initial(&g);
    let mut group = c.benchmark_group("solve");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(30));
    for (name, compiled) in [("pawned-6x6", true), ("pawned-6x6 play layer", false)] {
        let o = SearchOptions {
            tt_mb: 64,
            compiled,
            ..options(None, Ordering::Killer)
        };
        let r = alphabeta::search(&g, &root, &o);
        println!(
            "{name} solve killer: value {:?}, {} positions",
            r.value, r.nodes
        );
        group.bench_function(name, |b| {
            b.iter(|| black_box(alphabeta::search(&g, &root, &o)))
        });
    }
    group.finish();
}

/// The 2D/4A robot problem by each engine: alpha-beta solving (killer, zones first), and the LG
/// search at depths 4 and 6 (zones generated at every state).
fn robot_engines(c: &mut Criterion) {
    use lingeo::play::search::lg::{self, LgOptions};
    let g = example("robot-2d4a.scenario", None);
    let root = State::initial(&g);
    let mut group = c.benchmark_group("robot-2d4a");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(10));
    for ordering in [Ordering::Killer, Ordering::Zones] {
        let o = options(None, ordering);
        let r = alphabeta::search(&g, &root, &o);
        println!(
            "robot-2d4a alphabeta {}: value {:?}, {} positions",
            ordering.name(),
            r.value,
            r.nodes
        );
        group.bench_function(format!("alphabeta-{}", ordering.name()), |b| {
            b.iter(|| black_box(alphabeta::search(&g, &root, &o)))
        });
    }
    for depth in [4, 6] {
        let o = options(Some(depth), Ordering::Killer);
        let r = lg::search(&g, &root, &o, &LgOptions::default()).unwrap();
        println!(
            "robot-2d4a lg depth {depth}: value {:?}, {} moves",
            r.result.value,
            r.tree.moves()
        );
        group.bench_function(format!("lg-depth-{depth}"), |b| {
            b.iter(|| black_box(lg::search(&g, &root, &o, &LgOptions::default())))
        });
    }
    group.finish();
}

/// The same reduced tree by the native engine and by the search grammar, whose zones come from
/// the zone grammar derived in each state (docs/lg-search.md, "The search grammar").
fn grammar_vs_native(c: &mut Criterion) {
    use lingeo::grammar::{Grammar, Limits};
    use lingeo::play::search::lg::{self, LgOptions};
    use lingeo::play::search::lg_grammar;
    let grammar = Grammar::shipped("search").expect("the shipped search grammar");
    let mut group = c.benchmark_group("lg-grammar-vs-native");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(8));
    // Zones generated anew at every state, and carried by the translations ("-translated").
    for (name, depth, zones) in [
        ("robot-2d4a", 3, lg::Zones::Regenerate),
        ("pawned", 3, lg::Zones::Regenerate),
        ("robot-2d4a", 4, lg::Zones::Translate),
        ("pawned", 4, lg::Zones::Translate),
    ] {
        let g = example(&format!("{name}.scenario"), None);
        let root = State::initial(&g);
        let o = options(Some(depth), Ordering::Killer);
        let lg_options = LgOptions {
            zones,
            ..LgOptions::default()
        };
        let run = lg_grammar::search(&g, &root, &grammar, &o, &lg_options, Limits::default())
            .expect("the grammar runs");
        let name = match zones {
            lg::Zones::Regenerate | lg::Zones::Update => name.to_string(),
            lg::Zones::Translate => format!("{name}-translated"),
        };
        println!(
            "{name} depth {depth}: {} moves, {} derivation steps, {} states",
            run.result.tree.moves(),
            run.steps,
            run.states
        );
        group.bench_function(format!("{name}-depth-{depth}-native"), |b| {
            b.iter(|| black_box(lg::search(&g, &root, &o, &lg_options)))
        });
        group.bench_function(format!("{name}-depth-{depth}-grammar"), |b| {
            b.iter(|| {
                black_box(lg_grammar::search(
                    &g,
                    &root,
                    &grammar,
                    &o,
                    &lg_options,
                    Limits::default(),
                ))
            })
        });
    }
    group.finish();
}

/// The LG search's zone sources (docs/lg-search.md): zones generated at every state, carried
/// by the translations, and either with domination zones, on 2D/4A and Réti at depth 4; zones
/// updated across each move (the default) against generated at every state on race10 at
/// horizon 4 (the default search).
fn lg_zone_sources(c: &mut Criterion) {
    use lingeo::play::search::lg::{self, LgOptions, Zones};
    let mut group = c.benchmark_group("lg-zones");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5));
    for name in ["robot-2d4a", "reti"] {
        let g = example(&format!("{name}.scenario"), None);
        let root = State::initial(&g);
        let o = options(Some(4), Ordering::Killer);
        for (label, zones, domination) in [
            ("regenerate", Zones::Regenerate, false),
            ("translate", Zones::Translate, false),
            ("regenerate-domination", Zones::Regenerate, true),
            ("translate-domination", Zones::Translate, true),
            ("update-domination", Zones::Update, true),
        ] {
            let lg = LgOptions {
                zones,
                domination: Some(domination),
                ..LgOptions::default()
            };
            let r = lg::search(&g, &root, &o, &lg).unwrap();
            println!(
                "{name} lg depth 4 {label}: value {:?}, {} moves, {} positions, zones generated at {}",
                r.result.value,
                r.tree.moves(),
                r.result.nodes,
                r.generated
            );
            group.bench_function(format!("{name}-{label}"), |b| {
                b.iter(|| black_box(lg::search(&g, &root, &o, &lg)))
            });
        }
    }
    let g = example("race10.scenario", None);
    let root = State::initial(&g);
    let o = options(None, Ordering::Killer);
    for (label, zones) in [("update", Zones::Update), ("regenerate", Zones::Regenerate)] {
        let lg = LgOptions {
            horizon: Some(4),
            zones,
            ..LgOptions::default()
        };
        let r = lg::search(&g, &root, &o, &lg).unwrap();
        println!(
            "race10 lg horizon 4 {label}: value {:?}, {} positions",
            r.result.value, r.result.nodes
        );
        group.bench_function(format!("race10-h4-{label}"), |b| {
            b.iter(|| black_box(lg::search(&g, &root, &o, &lg)))
        });
    }
    group.finish();
}

/// What players read off a position (docs/players.md): the control map, the Chessmaps
/// network's prediction (alone, and with its input read off the position: what the chessmaps
/// ordering pays per node) and the fuzzy evaluation, per position.
fn players(c: &mut Criterion) {
    use lingeo::play::players::chessmaps::{self, Network, View};
    use lingeo::play::players::control::ControlMap;
    use lingeo::play::players::fuzzy_evaluation;
    let network = Network::shipped();
    let mut group = c.benchmark_group("players");
    for name in ["robot-2d4a", "reti", "pawned"] {
        let g = example(&format!("{name}.scenario"), None);
        let root = State::initial(&g);
        group.bench_function(format!("control-map/{name}"), |b| {
            b.iter(|| black_box(ControlMap::of(&g, &root)))
        });
        let view = View::of(&g);
        let input = view.input(&g, &root, &ControlMap::of(&g, &root));
        group.bench_function(format!("chessmaps-prediction/{name}"), |b| {
            b.iter(|| black_box(network.predict(black_box(&input))))
        });
        group.bench_function(format!("chessmaps-importance/{name}"), |b| {
            b.iter(|| black_box(chessmaps::importance(&g, &view, &network, &root)))
        });
        group.bench_function(format!("fuzzy-evaluation/{name}"), |b| {
            b.iter(|| black_box(fuzzy_evaluation::evaluate(&g, &root, 4)))
        });
    }
    group.finish();
}

/// The learned evaluation (docs/players.md §7) against the fuzzy one it starts from, on a
/// Pawned position where three learned rules fire.
fn learned_rules(c: &mut Criterion) {
    use lingeo::play::players::{fuzzy_evaluation, learned};
    let g = example("pawned.scenario", None);
    let mut s = State::initial(&g);
    for m in
        "c1-c2 e6-e5 d1-d2 c6-c5 e1-e2 a6-a5 b1-b2 c5-c4 d2-d3 c4:d3 e2-e3 e5-e4 c2-c3".split(' ')
    {
        let mv = s.parse_move(&g, m).unwrap();
        s.make(&g, mv);
    }
    let book = learned::shipped();
    let mut group = c.benchmark_group("players");
    group.bench_function("fuzzy-evaluation/pawned-middle", |b| {
        b.iter(|| black_box(fuzzy_evaluation::evaluate(&g, &s, 4)))
    });
    group.bench_function("learned-evaluation/pawned-middle", |b| {
        b.iter(|| black_box(learned::evaluate(&g, &s, 4, book)))
    });
    group.finish();
}

criterion_group!(
    benches,
    players,
    learned_rules,
    pawned_depths,
    solves,
    solve_6x6,
    robot_engines,
    lg_zone_sources,
    grammar_vs_native
);
criterion_main!(benches);
