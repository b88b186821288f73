//! The grammar engine's zone network, read off its derivation forest without listing the
//! zones (docs/semantics.md §6.11), equals the native network (§6.10): the bundle view and the
//! count, on every attack of the shipped zone examples at short horizons, with the filters
//! off (zones.lgg) and on (zones-filtered.lgg), and on random scenarios. Where the grammar's
//! listing finishes, the count and view equal the listing's too. The shared result of the
//! examples is snapshotted once (snapshots/zone-forest-agreement.snap).

use std::fmt::Write;

use lingeo::board::Point;
use lingeo::grammar::forest::SentenceCount;
use lingeo::grammar::value::Value;
use lingeo::grammar::world::World;
use lingeo::grammar::{Grammar, Limits};
use lingeo::natural::Natural;
use lingeo::scenario::Scenario;
use lingeo::zone::forest::{ForestNetwork, network_of_forest};
use lingeo::zone::{self, Count, ZoneGenerator, ZoneOptions, ZoneSummary};
use proptest::prelude::*;

use super::zone_properties::{scenario, setup};

/// The most zones a language may have for the listing's check.
const MAX_LISTED: usize = 2_000;

/// The grammar's network of `p0` attacking `y0` within `l0`, from the forest, and the listing's
/// summary where it has at most [`MAX_LISTED`] zones.
fn grammar_network(
    g: &Grammar,
    s: &Scenario,
    p0: usize,
    y0: Point,
    l0: u32,
) -> (ForestNetwork, Option<ZoneSummary>) {
    let k = s.kernel();
    let world = World::new(s, &k);
    let start = [
        Value::Point(s.pieces[p0].at),
        Value::Point(y0),
        Value::Int(l0 as i64),
    ];
    let inputs = [Value::Piece(p0 as u32)];
    let limits = Limits {
        max_sentences: MAX_LISTED,
        ..Limits::default()
    };
    let forest = g
        .forest(&world, &inputs, &start, limits)
        .unwrap_or_else(|e| panic!("{e}"));
    let network = network_of_forest(&forest, 1_000_000, MAX_LISTED).unwrap();
    // The listing of the same derivation (tests/it/forest.rs holds it to the engine's).
    let listed = forest.sentences(MAX_LISTED).map(|sentences| {
        let zones: Vec<_> = sentences
            .iter()
            .map(|s| zone::zone_of_sentence(s))
            .collect();
        ZoneSummary::of_zones(&zones)
    });
    (network, listed)
}

/// Compares the two networks of the attacks of `s` within `horizon` (those `keep` keeps), both
/// filter settings; a line per attack and setting for the snapshot. Languages of more than
/// `max_zones` zones (the native count tells) are skipped: the grammar derives each step.
fn compare(
    s: &Scenario,
    horizon: u32,
    name: &str,
    keep: impl Fn(usize, Point) -> bool,
    max_zones: u128,
    out: &mut String,
) -> usize {
    let literal = Grammar::shipped("zones").unwrap();
    let filtered = Grammar::shipped("zones-filtered").unwrap();
    let k = s.kernel();
    let attacks = ZoneGenerator::new(s, &k, ZoneOptions::default()).attacks(horizon);
    let mut compared = 0;
    for (p0, y0) in attacks.into_iter().filter(|&(p, y)| keep(p, y)) {
        for (g, filters) in [(&literal, false), (&filtered, true)] {
            let options = ZoneOptions {
                f1: filters,
                f2: filters,
                ..ZoneOptions::default()
            };
            let what = format!(
                "{name} {} -> {} within {horizon}, filters {}",
                s.pieces[p0].name,
                s.board.name(y0),
                if filters { "f1+f2" } else { "none" }
            );
            let native = ZoneGenerator::new(s, &k, options)
                .network(p0, y0, horizon)
                .unwrap_or_else(|e| panic!("{what}: {e}"));
            if native.count.value() > max_zones {
                continue;
            }
            let (forest, listed) = grammar_network(g, s, p0, y0, horizon);
            // The native network may leave entries undecided (a search past its step cap):
            // the forest's view is exact, and less those entries it is the native one.
            let undecided: Vec<_> = native
                .undecided
                .iter()
                .map(|u| (u.main, u.level, u.from, u.to, u.alternative.clone()))
                .collect();
            let mut decided = forest.view.clone();
            for (m, (_, attaches)) in decided.iter_mut().enumerate() {
                for a in attaches.iter_mut() {
                    a.alternatives.retain(|alt| {
                        !undecided.contains(&(m, a.level, a.from, a.to, alt.clone()))
                    });
                }
                attaches.retain(|a| !a.alternatives.is_empty());
            }
            assert_eq!(decided, native.view, "{what}");
            let SentenceCount::Exact(count) = &forest.count else {
                panic!(
                    "{what}: the forest's count is not exact: {:?}",
                    forest.count
                )
            };
            assert_eq!(
                native.count,
                Count::Exact(count.to_u128().unwrap()),
                "{what}"
            );
            if let Some(listed) = listed {
                assert_eq!(Natural::from(listed.count), *count, "{what}");
                assert_eq!(listed.view, forest.view, "{what}");
            }
            let entries: usize = forest.view.iter().map(|(_, a)| a.len()).sum();
            let alternatives: usize = forest
                .view
                .iter()
                .flat_map(|(_, a)| a.iter().map(|a| a.alternatives.len()))
                .sum();
            writeln!(
                out,
                "{what}: {count} zone{}, {} main, {entries} pairs, {alternatives} alternatives",
                if *count == Natural::one() { "" } else { "s" },
                forest.view.len()
            )
            .unwrap();
            compared += 1;
        }
    }
    compared
}

#[test]
fn native_and_grammar_networks_agree_on_the_examples() {
    let examples = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/");
    let mut out = String::new();
    // The zone examples at horizons that keep the grammar quick in a debug build; the full
    // robot zone's BOMBER -> h1 (horizon 4) has a test of its own.
    for (file, horizon) in [
        ("robot-zone-simplified.scenario", 4),
        ("robot-zone-full.scenario", 3),
        ("abstract-zone.scenario", 4),
        ("reti.scenario", 3),
        ("robot-2d4a.scenario", 3),
        ("chess-zone.scenario", 2),
        ("figure2.scenario", 1),
    ] {
        let s = Scenario::load(format!("{examples}{file}").as_ref()).unwrap();
        let compared = compare(&s, horizon, file, |_, _| true, u128::MAX, &mut out);
        assert!(compared > 0, "{file}");
    }
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../../snapshots");
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| insta::assert_snapshot!("zone-forest-agreement", out));
}

#[test]
fn native_and_grammar_networks_agree_on_the_full_robot_zone() {
    let s = Scenario::load(
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/examples/robot-zone-full.scenario"
        )
        .as_ref(),
    )
    .unwrap();
    let bomber = s.pieces.iter().position(|p| p.name == "BOMBER").unwrap();
    let h1 = s.board.parse_point("h1").unwrap();
    let mut out = String::new();
    let compared = compare(
        &s,
        4,
        "robot-zone-full.scenario",
        |p, y| (p, y) == (bomber, h1),
        u128::MAX,
        &mut out,
    );
    assert_eq!(compared, 2);
    // The counts of the sources' zone (docs/semantics.md §6.6): 259 literal, 172 filtered.
    assert!(out.contains("filters none: 259 zones"), "{out}");
    assert!(out.contains("filters f1+f2: 172 zones"), "{out}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    #[test]
    fn native_and_grammar_networks_agree_on_random_scenarios(s in setup()) {
        let Some(scenario) = scenario(&s) else { return Ok(()) };
        // Two attacks a case, at most 200 zones, the horizon at most 2: the grammar derives
        // step by step in a debug build.
        let k = scenario.kernel();
        let attacks = ZoneGenerator::new(&scenario, &k, ZoneOptions::default()).attacks(s.horizon.min(2));
        let chosen: Vec<(usize, Point)> = attacks.into_iter().take(2).collect();
        let mut out = String::new();
        compare(&scenario, s.horizon.min(2), "random", |p, y| chosen.contains(&(p, y)), 200, &mut out);
    }
}
