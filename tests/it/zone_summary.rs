//! The count and bundle view computed without listing the zones (docs/semantics.md §6.9) equal
//! what listing every zone gives: on every shipped example scenario, every attack within the
//! horizons tried and all four filter settings, where the listing stays under a cap; and on
//! random scenarios (the generator of `zone_properties`).

use lingeo::scenario::Scenario;
use lingeo::zone::{ZoneGenerator, ZoneOptions, ZoneSummary};
use proptest::prelude::*;

use super::zone_properties::{scenario, setup};

/// The four filter settings of `--filters`.
const FILTERS: [(bool, bool); 4] = [(false, false), (true, false), (false, true), (true, true)];

/// Checks every attack of `scenario` within `horizon` under every filter setting whose language
/// has at most `cap` zones; returns how many attacks were compared.
fn check_attacks(scenario: &Scenario, horizon: u32, cap: usize) -> usize {
    let k = scenario.kernel();
    let attacks = ZoneGenerator::new(scenario, &k, ZoneOptions::default()).attacks(horizon);
    let mut compared = 0;
    for (p0, y0) in attacks {
        for (f1, f2) in FILTERS {
            let options = ZoneOptions {
                f1,
                f2,
                max_zones: cap,
                ..ZoneOptions::default()
            };
            let Ok(zones) = ZoneGenerator::new(scenario, &k, options).zones(p0, y0, horizon) else {
                continue;
            };
            let listed = ZoneSummary::of_zones(&zones);
            let counted = ZoneGenerator::new(scenario, &k, options)
                .summary(p0, y0, horizon)
                .unwrap_or_else(|e| panic!("{e}"));
            let what = format!(
                "{} -> {:?} within {horizon}, f1 {f1}, f2 {f2}",
                scenario.pieces[p0].name, y0
            );
            assert_eq!(counted.count, listed.count, "{what}");
            assert!(!counted.saturated, "{what}");
            assert_eq!(counted.view, listed.view, "{what}");
            compared += 1;
        }
    }
    compared
}

#[test]
fn counting_equals_listing_on_the_examples() {
    let examples = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/");
    let mut files: Vec<_> = std::fs::read_dir(examples)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "scenario"))
        .collect();
    files.sort();
    let mut compared = 0;
    for file in &files {
        let s = Scenario::load(file).unwrap();
        for horizon in 1..=3 {
            compared += check_attacks(&s, horizon, 3_000);
        }
    }
    // Every example with an attack contributes; a regression to no comparison fails here.
    assert!(compared > 300, "{compared} languages compared");
}

#[test]
fn counting_equals_listing_on_the_zone_snapshots() {
    // The attacks of the zone snapshots at their horizons (snapshots/cli-zones-*).
    let examples = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/");
    for (file, horizon) in [
        ("robot-zone-full.scenario", 4),
        ("robot-zone-simplified.scenario", 4),
        ("abstract-zone.scenario", 4),
        ("reti.scenario", 4),
        ("chess-zone.scenario", 2),
        ("figure2.scenario", 2),
    ] {
        let s = Scenario::load(format!("{examples}{file}").as_ref()).unwrap();
        assert!(check_attacks(&s, horizon, 40_000) > 0, "{file}");
    }
}

#[test]
fn a_language_too_large_to_list_is_counted() {
    // BQ b6 -> c3 on figure2 within 2 moves with F2 alone: 30,798 zones, past the default cap
    // of --max-zones; the listing with a raised cap agrees.
    let s =
        Scenario::load(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/figure2.scenario").as_ref())
            .unwrap();
    let k = s.kernel();
    let p0 = s.pieces.iter().position(|p| p.name == "BQ").unwrap();
    let y0 = s.board.parse_point("c3").unwrap();
    let options = ZoneOptions {
        f2: true,
        max_zones: 10_000,
        ..ZoneOptions::default()
    };
    assert!(
        ZoneGenerator::new(&s, &k, options)
            .zones(p0, y0, 2)
            .is_err()
    );
    let counted = ZoneGenerator::new(&s, &k, options)
        .summary(p0, y0, 2)
        .unwrap();
    let big = ZoneOptions {
        max_zones: 40_000,
        ..options
    };
    let zones = ZoneGenerator::new(&s, &k, big).zones(p0, y0, 2).unwrap();
    assert_eq!(counted.count, 30_798);
    assert_eq!(counted.count, zones.len() as u128);
    assert_eq!(counted.view, ZoneSummary::of_zones(&zones).view);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn counting_equals_listing_on_random_scenarios(s in setup()) {
        let Some(scenario) = scenario(&s) else { return Ok(()) };
        check_attacks(&scenario, s.horizon, 2_000);
    }
}
