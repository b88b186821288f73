//! The count and bundle view computed without listing the zones (docs/semantics.md §6.9) equal
//! what listing every zone gives: on every shipped example scenario, every attack within the
//! horizons tried and all four filter settings, where the listing stays under a cap; and on
//! random scenarios (the generator of `zone_properties`).

use lingeo::scenario::Scenario;
use lingeo::zone::{
    Count, CountCap, NETWORK_COUNT_STATES, ZoneError, ZoneGenerator, ZoneOptions, ZoneSummary,
};
use proptest::prelude::*;

use super::zone_properties::{scenario, setup};

/// The four filter settings of `--filters`.
const FILTERS: [(bool, bool); 4] = [(false, false), (true, false), (false, true), (true, true)];

/// Checks every attack of `scenario` within `horizon` under every filter setting whose language
/// has at most `cap` zones; returns how many attacks were compared.
fn check_attacks(scenario: &Scenario, horizon: u32, cap: usize) -> usize {
    let mut undecided = 0;
    let compared = check_attacks_undecided(scenario, horizon, cap, &mut undecided);
    // Undecided entries are rare: none on the examples' languages that list.
    assert!(
        undecided <= compared,
        "{undecided} undecided in {compared} languages"
    );
    compared
}

/// [`check_attacks`], adding the network's undecided entries to `undecided_total`.
fn check_attacks_undecided(
    scenario: &Scenario,
    horizon: u32,
    cap: usize,
    undecided_total: &mut usize,
) -> usize {
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
            // The network as `lingeo zones` gives it (the memoised count's view where it
            // finishes, as here) and as the search alone finds it (what it gives past the
            // count's cap): both hold exactly the listed view's entries.
            let network = ZoneGenerator::new(scenario, &k, options)
                .network(p0, y0, horizon)
                .unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(network.view, listed.view, "{what}");
            assert!(network.undecided.is_empty(), "{what}");
            // The count is exact wherever the memoised count finishes (it does here: `counted`),
            // even past the network's own cap on the count's states, where the view is
            // searched.
            assert_eq!(network.count, Count::Exact(listed.count), "{what}");
            let network = ZoneGenerator::new(scenario, &k, options)
                .network_searched(p0, y0, horizon)
                .unwrap_or_else(|e| panic!("{e}"));
            // The network holds exactly the listed view's entries, less those it leaves
            // undecided (a search past its step cap), which must then be out of every zone
            // or in some: never silently wrong either way.
            let undecided: Vec<(usize, u32, _, _, _)> = network
                .undecided
                .iter()
                .map(|u| (u.main, u.level, u.from, u.to, u.alternative.clone()))
                .collect();
            let mut decided = listed.view.clone();
            for (m, (_, attaches)) in decided.iter_mut().enumerate() {
                for a in attaches.iter_mut() {
                    a.alternatives.retain(|alt| {
                        !undecided.contains(&(m, a.level, a.from, a.to, alt.clone()))
                    });
                }
                attaches.retain(|a| !a.alternatives.is_empty());
            }
            assert_eq!(network.view, decided, "{what}");
            *undecided_total += undecided.len();
            assert_eq!(network.count, Count::Exact(listed.count), "{what}");
            compared += 1;
        }
    }
    compared
}

#[test]
fn counting_equals_listing_on_the_examples() {
    let files = super::common::example_scenarios();
    let mut compared = 0;
    for file in &files {
        let s = Scenario::load(file).unwrap();
        // The larger boards at the shorter horizons only (race10 and board16 at 1, the chess
        // boards at 2): deeper, their many attacks take minutes in a debug build.
        let deepest = match s.board.points().count() {
            n if n > 64 => 1,
            n if n > 40 => 2,
            _ => 3,
        };
        for horizon in 1..=deepest {
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
        f1: false,
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

/// A 16x8 district: the BOMBER comes down the h-file to the TARGET on h1, one FIGHTER of the
/// TARGET's side on each side of it, too far apart for anything of one to meet anything of the
/// other within the horizon.
const APART: &str = "board 16x8
type BOMBER { move leap (0,1)  value 5 }
type FIGHTER { like king  value 3 }
type TARGET { value 10 }
black BOMBER at h4
white TARGET at h1
";

#[test]
fn a_level_of_independent_pairs_counts_the_product() {
    // Each FIGHTER's pairs, and everything that can follow them, are a factor of their own:
    // the count with both is the product of the counts with each, and equals the listing.
    let count = |fighters: &str, f1: bool, f2: bool| {
        let s = Scenario::parse("apart.scenario", &format!("{APART}{fighters}")).unwrap();
        let k = s.kernel();
        let p0 = s.pieces.iter().position(|p| p.name == "BOMBER").unwrap();
        let y0 = s.board.parse_point("h1").unwrap();
        let options = ZoneOptions {
            f1,
            f2,
            max_zones: 200_000,
            ..ZoneOptions::default()
        };
        let counted = ZoneGenerator::new(&s, &k, options)
            .summary(p0, y0, 3)
            .unwrap();
        let zones = ZoneGenerator::new(&s, &k, options)
            .zones(p0, y0, 3)
            .unwrap();
        assert_eq!(counted.count, zones.len() as u128, "{fighters}");
        assert_eq!(
            counted.view,
            ZoneSummary::of_zones(&zones).view,
            "{fighters}"
        );
        counted.count
    };
    let left = "white FIGHTER at e3 as L\n";
    let right = "white FIGHTER at l3 as R\n";
    for (f1, f2) in FILTERS {
        let (l, r) = (count(left, f1, f2), count(right, f1, f2));
        assert!(l > 1 && r > 1, "{l} {r}");
        assert_eq!(
            count(&format!("{left}{right}"), f1, f2),
            l * r,
            "f1 {f1}, f2 {f2}"
        );
    }
}

/// Scenarios with many short-range pieces (kings, knights, pawns) on a wide, low board: levels
/// with several pairs, some independent, some not.
fn crowded() -> impl Strategy<Value = super::zone_properties::Setup> {
    (6u32..=12, 3u32..=6).prop_flat_map(|(w, h)| {
        let removed = prop::collection::vec((0..w, 0..h), 0..=((w * h) as usize / 10));
        let piece = (
            prop::sample::select(vec![0usize, 4, 5]),
            any::<bool>(),
            0..w,
            0..h,
        );
        let pieces = prop::collection::vec(piece, 5..=10);
        (Just(w), Just(h), removed, pieces, 2u32..=3).prop_map(
            |(width, height, removed, pieces, horizon)| super::zone_properties::Setup {
                width,
                height,
                removed,
                pieces,
                horizon,
            },
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    #[test]
    fn counting_equals_listing_on_crowded_scenarios(s in crowded()) {
        let Some(scenario) = scenario(&s) else { return Ok(()) };
        check_attacks(&scenario, s.horizon, 2_000);
    }
}

#[test]
fn the_searched_network_equals_the_counted_view_on_race10_at_horizon_5() {
    // Deep enough that the bounds of the search drop entries that F2 drops in every zone: F2
    // must still read those trajectories as runs of the entries chosen, or the search builds
    // zones that are not in the language (it did: 2,278 entries against 2,247).
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/race10.scenario");
    let s = Scenario::load(path.as_ref()).unwrap();
    let k = s.kernel();
    let options = ZoneOptions::default();
    for (piece, target) in [("WF", "i2"), ("BF", "b9"), ("WB", "a6")] {
        let p0 = s.pieces.iter().position(|p| p.name == piece).unwrap();
        let y0 = s.board.parse_point(target).unwrap();
        let counted = ZoneGenerator::new(&s, &k, options)
            .summary(p0, y0, 5)
            .unwrap_or_else(|e| panic!("{e}"));
        let searched = ZoneGenerator::new(&s, &k, options)
            .network_searched(p0, y0, 5)
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(searched.undecided.is_empty(), "{piece} -> {target}");
        assert_eq!(searched.view, counted.view, "{piece} -> {target}");
        assert_eq!(
            searched.count,
            Count::Exact(counted.count),
            "{piece} -> {target}"
        );
    }
}

#[test]
fn the_network_counts_exactly_past_its_own_cap_on_the_count_states() {
    // The middlegame's `BQ -> f2` within 2 moves: its memoised count needs more states than
    // the network's cap (NETWORK_COUNT_STATES), past which the view is searched; the count
    // must still be exact (it read "at least" when the network gave up counting at that cap).
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/middlegame.scenario");
    let s = Scenario::load(path.as_ref()).unwrap();
    let k = s.kernel();
    let options = ZoneOptions {
        max_zones: 100_000,
        ..ZoneOptions::default()
    };
    let p0 = s.pieces.iter().position(|p| p.name == "BQ").unwrap();
    let y0 = s.board.parse_point("f2").unwrap();
    let past_cap =
        ZoneGenerator::new(&s, &k, options).summary_within(p0, y0, 2, NETWORK_COUNT_STATES);
    assert!(
        matches!(past_cap, Err(ZoneError::TooManyStates { .. })),
        "the count finishes within the network's cap: the test no longer tests the path past it"
    );
    let listed = ZoneGenerator::new(&s, &k, options)
        .zones(p0, y0, 2)
        .unwrap_or_else(|e| panic!("{e}"))
        .len() as u128;
    assert_eq!(listed, 25_238);
    let network = ZoneGenerator::new(&s, &k, ZoneOptions::default())
        .network(p0, y0, 2)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(network.count, Count::Exact(listed));
    let counted = ZoneGenerator::new(&s, &k, ZoneOptions::default())
        .count_within(p0, y0, 2, lingeo::zone::MAX_STATES)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(counted.count, listed);
    assert!(counted.view.is_empty());
}

#[test]
fn a_count_that_stops_at_its_cap_names_the_cap() {
    // board16's `BF1 -> l1` within 3 moves: the memoised count passes its cap of 100,000
    // states (docs/semantics.md §6.9), so the network's count is the first level's lower
    // bound, and says which cap stopped it, in the library, the text and the JSON.
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/board16.scenario");
    let s = Scenario::load(path.as_ref()).unwrap();
    let k = s.kernel();
    let p0 = s.pieces.iter().position(|p| p.name == "BF1").unwrap();
    let y0 = s.board.parse_point("l1").unwrap();
    let network = ZoneGenerator::new(&s, &k, ZoneOptions::default())
        .network(p0, y0, 3)
        .unwrap_or_else(|e| panic!("{e}"));
    let cap = CountCap::States(lingeo::zone::MAX_STATES);
    assert_eq!(network.count, Count::AtLeast(3_418_344, cap));
    assert_eq!(
        cap.to_string(),
        "the count stopped at its cap of 100000 states"
    );
    let args = [
        "zones",
        "examples/board16.scenario",
        "--piece",
        "BF1",
        "--to",
        "l1",
        "--horizon",
        "3",
        "--summary",
    ];
    let (out, err, code) = super::common::lingeo(&args);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("at least 3418344 zones (the count stopped at its cap of 100000 states)"),
        "{out}"
    );
    let (json, err, code) = super::common::lingeo(&[&args[..], &["--json"]].concat());
    assert_eq!(code, 0, "{err}");
    let json: serde_json::Value = serde_json::from_str(&json).unwrap();
    let attack = &json["attacks"][0];
    let attack = if attack.is_null() { &json } else { attack };
    assert_eq!(attack["count"], 3_418_344);
    assert_eq!(attack["count_at_least"], true);
    assert_eq!(attack["count_cap_states"], 100_000);
}

#[test]
fn the_first_level_walked_in_reverse_counts_race10s_bi_to_d4_within_the_cap() {
    // race10's `BI -> d4` within 7 moves: with its first level walked in scanner order the
    // count needed about 226,000 states and read "at least" at the cap of 100,000; walked in
    // reverse (docs/semantics.md §6.9) it is exact within the cap, and equal to the count of
    // its mirror image on the board, `WI -> g7`.
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/race10.scenario");
    let s = Scenario::load(path.as_ref()).unwrap();
    let k = s.kernel();
    let count = |piece: &str, target: &str| {
        let p0 = s.pieces.iter().position(|p| p.name == piece).unwrap();
        let y0 = s.board.parse_point(target).unwrap();
        ZoneGenerator::new(&s, &k, ZoneOptions::default())
            .count_within(p0, y0, 7, lingeo::zone::MAX_STATES)
            .unwrap_or_else(|e| panic!("{piece} -> {target}: {e}"))
            .count
    };
    assert_eq!(count("BI", "d4"), 59_359_233);
    assert_eq!(count("WI", "g7"), 59_359_233);
}
