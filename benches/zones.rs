//! Zone generation: the grammar of zones against the native generator, on the same attacks.
//!
//! Each case derives every zone of one attack with `grammars/zones.lgg` (or
//! `zones-filtered.lgg`) and with the native generator, checks that they agree, and times both
//! (the kernel's MAP cache is warm for both; the grammar's memo tables start empty each run).
//! Filtered cases also run `tests/grammars/zones-occupied.lgg`, whose scanner passes over the
//! points no piece stands on (the same zones in fewer steps), to show what the literal scan
//! costs. Run with `cargo bench --bench zones`; the `ratio` lines are printed at the end, from
//! the median time of a call (`common::median`).
//!
//! The `lg-positions` group times what the LG search (`lingeo search --engine lg`) spends at
//! each position it visits: `Regenerate::generate` with the domination zones and one bundle
//! per main trajectory (`product` off), as the search calls it, on positions of
//! `examples/race10.scenario` (horizon 4, the issue 27 scale target) and
//! `examples/middlegame-game.scenario` (horizon 2): the start and the positions after the first
//! moves of the principal variation `lingeo search --engine lg` prints. One `Regenerate` serves
//! every call, so its TRACKS cache is warm as it is in the search. It was written to measure
//! the zone generator's per-position cost (issue 27): each case prints its attacks and zone
//! entries, so that the work stands beside the time.

mod common;

use common::median;
use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use lingeo::api::zones::attack_of;
use lingeo::grammar::value::Value;
use lingeo::grammar::world::World;
use lingeo::grammar::{Grammar, Limits};
use lingeo::play::game::Game;
use lingeo::play::search::lg::Regenerate;
use lingeo::play::state::State;
use lingeo::progress::Silent;
use lingeo::scenario::Scenario;
use lingeo::zone::{ZoneGenerator, ZoneOptions};

/// (name, scenario, piece, target, horizon, filters)
const CASES: &[(&str, &str, &str, &str, u32, bool)] = &[
    (
        "robot-simplified-literal",
        "robot-zone-simplified.scenario",
        "BOMBER",
        "h1",
        4,
        false,
    ),
    (
        "robot-simplified",
        "robot-zone-simplified.scenario",
        "BOMBER",
        "h1",
        4,
        true,
    ),
    (
        "robot-full",
        "robot-zone-full.scenario",
        "BOMBER",
        "h1",
        4,
        true,
    ),
    (
        "chess-bishop-e5",
        "chess-zone.scenario",
        "WB",
        "e5",
        2,
        true,
    ),
    (
        "board16-six-a-side",
        "board16.scenario",
        "BOMBER",
        "h1",
        2,
        true,
    ),
];

fn zones(c: &mut Criterion) {
    let mut group = c.benchmark_group("zones");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(3));
    let mut ratios = Vec::new();
    let mut variants = Vec::new();
    for &(name, file, piece, target, horizon, filters) in CASES {
        let scenario = Scenario::load(
            &Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("examples")
                .join(file),
        )
        .expect("a shipped example");
        let kernel = scenario.kernel();
        let (p0, y0, horizon) =
            attack_of(&scenario, &kernel, piece, target, Some(horizon)).expect("an attack");
        // The generator is built by hand (not `api::zones::compute`): the bench measures the
        // native generator itself, with the options it is given.
        let options = ZoneOptions {
            f1: filters,
            f2: filters,
            ..ZoneOptions::default()
        };
        let grammar = Grammar::shipped(if filters { "zones-filtered" } else { "zones" })
            .expect("a shipped grammar");
        let world = World::new(&scenario, &kernel);
        let start = [
            Value::Point(scenario.pieces[p0].at),
            Value::Point(y0),
            Value::Int(i64::from(horizon)),
        ];
        let native = || {
            ZoneGenerator::new(&scenario, &kernel, options)
                .zones(p0, y0, horizon)
                .expect("zones")
        };
        let run = |g: &Grammar| {
            g.derive(
                &world,
                &[Value::Piece(p0 as u32)],
                &start,
                Limits::default(),
                None,
            )
            .expect("zones")
        };
        let interpreted = || run(&grammar);
        let count = native().len();
        let language = interpreted();
        assert_eq!(
            language.sentences.len(),
            count,
            "{name}: the engines disagree"
        );
        group.bench_with_input(BenchmarkId::new("native", name), &(), |b, _| {
            b.iter(|| black_box(native()))
        });
        group.bench_with_input(BenchmarkId::new("grammar", name), &(), |b, _| {
            b.iter(|| black_box(interpreted()))
        });
        ratios.push((
            name,
            count,
            language.steps,
            median(&native),
            median(&interpreted),
        ));
        // The same grammar with a scanner over occupied points only (a user's variant, not
        // docs/semantics.md §6.3 step for step): what the literal scan costs.
        if filters {
            let occupied = Grammar::load(
                &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/grammars/zones-occupied.lgg"),
            )
            .expect("the variant grammar");
            let variant = || run(&occupied);
            let fewer = variant();
            assert_eq!(fewer.sentences, language.sentences, "{name}: the variant");
            group.bench_with_input(BenchmarkId::new("grammar-occupied", name), &(), |b, _| {
                b.iter(|| black_box(variant()))
            });
            variants.push((name, fewer.steps, median(&native), median(&variant)));
        }
    }
    group.finish();
    // Steps: the derivation steps of docs/semantics.md §6.3's grammar (the scanner f takes one per
    // (x, y) pair of each level); the budget is what a step may cost for the grammar to be within
    // 3x of native.
    for (name, count, steps, n, g) in ratios {
        println!(
            "ratio {name}: {count} zones, native {n:?}, grammar {g:?}, grammar/native = {:.1}, {steps} steps, {:.0} ns a step, 3x needs <= {:.1} ns a step",
            g.as_secs_f64() / n.as_secs_f64(),
            g.as_secs_f64() * 1e9 / steps as f64,
            3.0 * n.as_secs_f64() * 1e9 / steps as f64,
        );
    }
    for (name, steps, n, g) in variants {
        println!(
            "ratio {name}, scanner over occupied points (tests/grammars/zones-occupied.lgg): grammar {g:?}, grammar/native = {:.1}, {steps} steps",
            g.as_secs_f64() / n.as_secs_f64(),
        );
    }
}

/// (name, scenario, piece, target, horizon, f1, f2) of the count without listing.
const COUNT_CASES: &[(&str, &str, &str, &str, u32, bool, bool)] = &[
    (
        "robot-full",
        "robot-zone-full.scenario",
        "BOMBER",
        "h1",
        4,
        true,
        true,
    ),
    (
        "figure2-queen-c3-f2",
        "figure2.scenario",
        "BQ",
        "c3",
        2,
        false,
        true,
    ),
];

/// The count and bundle view of a language without listing it (docs/semantics.md §6.9),
/// beside listing every zone where that is feasible. (The board16 attack BF1 -> l1 within 3 is
/// not a case: the count stops at its cap of partial zones, see the docs.)
fn count(c: &mut Criterion) {
    let mut group = c.benchmark_group("zone-count");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(3));
    for &(name, file, piece, target, horizon, f1, f2) in COUNT_CASES {
        let scenario = Scenario::load(
            &Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("examples")
                .join(file),
        )
        .expect("a shipped example");
        let kernel = scenario.kernel();
        let (p0, y0, horizon) =
            attack_of(&scenario, &kernel, piece, target, Some(horizon)).expect("an attack");
        // The generator is built by hand (not `api::zones::compute`): the bench measures the
        // native generator itself, with the options it is given.
        let options = ZoneOptions {
            f1,
            f2,
            max_zones: 100_000,
            ..ZoneOptions::default()
        };
        let counted = || {
            ZoneGenerator::new(&scenario, &kernel, options)
                .summary(p0, y0, horizon)
                .expect("a count")
        };
        let listed = || {
            ZoneGenerator::new(&scenario, &kernel, options)
                .zones(p0, y0, horizon)
                .expect("zones")
        };
        assert_eq!(counted().count, listed().len() as u128, "{name}");
        group.bench_with_input(BenchmarkId::new("count", name), &(), |b, _| {
            b.iter(|| black_box(counted()))
        });
        group.bench_with_input(BenchmarkId::new("list", name), &(), |b, _| {
            b.iter(|| black_box(listed()))
        });
    }
    group.finish();
}

/// The scale targets of issue 27 (docs/semantics.md §6.10): the zone network and count of
/// every attack of a scenario within a horizon, filters f1+f2 (the defaults), and one attack
/// of board16. One sample is one pass over every attack.
/// (name, scenario, one attack (piece, target) or every attack, horizon)
type NetworkCase = (
    &'static str,
    &'static str,
    Option<(&'static str, &'static str)>,
    u32,
);

const NETWORK_CASES: &[NetworkCase] = &[
    ("race10-all-attacks-h5", "race10.scenario", None, 5),
    ("race10-all-attacks-h7", "race10.scenario", None, 7),
    ("middlegame-all-attacks-h4", "middlegame.scenario", None, 4),
    (
        "board16-bf1-l1-h3",
        "board16.scenario",
        Some(("BF1", "l1")),
        3,
    ),
];

fn network(c: &mut Criterion) {
    let mut group = c.benchmark_group("zone-network");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(5));
    for &(name, file, attack, horizon) in NETWORK_CASES {
        let scenario = Scenario::load(
            &Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("examples")
                .join(file),
        )
        .expect("a shipped example");
        let kernel = scenario.kernel();
        let options = ZoneOptions::default();
        let attacks = match attack {
            Some((piece, target)) => {
                let (p0, y0, _) =
                    attack_of(&scenario, &kernel, piece, target, Some(horizon)).expect("an attack");
                vec![(p0, y0)]
            }
            None => ZoneGenerator::new(&scenario, &kernel, options).attacks(horizon),
        };
        // The generator is built by hand (not `api::zones::summarise`): the bench measures
        // the native generator's network itself.
        group.bench_with_input(BenchmarkId::new("network", name), &(), |b, _| {
            b.iter(|| {
                for &(p0, y0) in &attacks {
                    black_box(
                        ZoneGenerator::new(&scenario, &kernel, options)
                            .network(p0, y0, horizon)
                            .expect("a network"),
                    );
                }
            })
        });
    }
    group.finish();
}

/// (name, scenario, horizon, moves from the start): the positions of `lg_positions`.
const LG_POSITIONS: &[(&str, &str, u32, &[&str])] = &[
    ("race10-start", "race10.scenario", 4, &[]),
    ("race10-ply2", "race10.scenario", 4, &["b9-c7", "i2-g3"]),
    (
        "race10-ply4",
        "race10.scenario",
        4,
        &["b9-c7", "i2-g3", "c7:a6", "g3-f5"],
    ),
    ("middlegame-start", "middlegame-game.scenario", 2, &[]),
    ("middlegame-ply1", "middlegame-game.scenario", 2, &["e1:e8"]),
];

fn lg_positions(c: &mut Criterion) {
    let mut group = c.benchmark_group("lg-positions");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    for &(name, file, horizon, moves) in LG_POSITIONS {
        let scenario = Scenario::load(
            &Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("examples")
                .join(file),
        )
        .expect("a shipped example");
        let game = Game::new(scenario).expect("a game");
        let mut state = State::initial(&game);
        for text in moves {
            let mv = state.parse_move(&game, text).expect("a legal move");
            state.make(&game, mv);
        }
        let mut regenerate = Regenerate::new(&game, horizon);
        regenerate.domination = true;
        regenerate.product = false;
        let attacks = regenerate.generate(&game, &state, true, true, &Silent);
        let entries: usize = attacks
            .iter()
            .filter_map(|a| a.3.as_ref().ok())
            .flatten()
            .map(|z| z.entries.len())
            .sum();
        assert!(attacks.iter().all(|a| a.3.is_ok()), "{name}");
        println!(
            "lg-positions {name}: {} attacks, {} zones, {entries} entries",
            attacks.len(),
            attacks
                .iter()
                .filter_map(|a| a.3.as_ref().ok())
                .map(Vec::len)
                .sum::<usize>()
        );
        group.bench_with_input(BenchmarkId::new("generate", name), &(), |b, _| {
            b.iter(|| black_box(regenerate.generate(&game, &state, true, true, &Silent)))
        });
    }
    group.finish();
}

/// (name, scenario, piece, target, mirror piece, mirror target, horizon) of the count alone on
/// languages too large to list: each attack is counted, with its mirror image on the board
/// (race10 is symmetric under a half turn), which must count the same.
type AloneCase = (
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    u32,
);

const ALONE_CASES: &[AloneCase] = &[
    (
        "race10-wi-g7-h7",
        "race10.scenario",
        "WI",
        "g7",
        "BI",
        "d4",
        7,
    ),
    (
        "race10-bb-d4-h7",
        "race10.scenario",
        "BB",
        "d4",
        "WB",
        "g7",
        7,
    ),
];

/// The memoised count without the view (`ZoneGenerator::count_within`,
/// docs/semantics.md §6.9) within `MAX_STATES`, on attacks of race10 at horizon 7 whose counts it gives exactly
/// since its table is shared by the main trajectories (issue 49; 59,359,233 and 213,259,814
/// zones, too many to list). Written to measure that walk alone, apart from the network's
/// search; each case first checks that the attack and its mirror image count the same (the
/// mirror is counted within ten times the cap, where it needs more states).
fn count_alone(c: &mut Criterion) {
    let mut group = c.benchmark_group("zone-count-alone");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(5));
    for &(name, file, piece, target, mirror, mirror_target, horizon) in ALONE_CASES {
        let scenario = Scenario::load(
            &Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("examples")
                .join(file),
        )
        .expect("a shipped example");
        let kernel = scenario.kernel();
        let options = ZoneOptions::default();
        let count = |piece: &str, target: &str, cap: usize| {
            let (p0, y0, horizon) =
                attack_of(&scenario, &kernel, piece, target, Some(horizon)).expect("an attack");
            ZoneGenerator::new(&scenario, &kernel, options)
                .count_within(p0, y0, horizon, cap)
                .expect("a count within the cap")
                .count
        };
        let cap = lingeo::zone::MAX_STATES;
        assert_eq!(
            count(piece, target, cap),
            count(mirror, mirror_target, 10 * cap),
            "{name}"
        );
        group.bench_with_input(BenchmarkId::new("count", name), &(), |b, _| {
            b.iter(|| black_box(count(piece, target, cap)))
        });
    }
    group.finish();
}

criterion_group!(benches, zones, count, count_alone, network, lg_positions);
criterion_main!(benches);
