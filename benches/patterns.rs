//! Patterns against fuzzy patterns against zones on the same positions (issue 5; the MAICS
//! paper claims fuzzy patterns are quicker to compute and far fewer than patterns and zones).
//!
//! Positions: the paper's Figure 2 (`examples/figure2.scenario`), a sixteen-piece middlegame
//! (`examples/middlegame.scenario`) and a 16x16 board with six pieces a side
//! (`examples/board16.scenario`). For each, over every ordered pair of opposing pieces where the
//! first can attack the second:
//! - `patterns`: every pattern, listed one at a time (`Family::iter`) and ranked;
//! - `pattern-count`: the pattern count without listing (`pattern::count`);
//! - `fuzzy`: every fuzzy pattern (`fuzzy::fuzzy_pattern`);
//! - `zones`: the native zones of each pair at most two moves apart, within its distance, filters
//!   F1 and F2, at most 1000 per pair (zones of farther pairs are not generated at all).
//!
//! The kernel's MAP cache is warm for all. Run with `cargo bench --bench patterns`; the `counts`
//! and `ratio` lines at the end give the numbers and the median time of a call (`common::median`).

mod common;

use common::median;
use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use lingeo::fuzzy::fuzzy_pattern;
use lingeo::kernel::Kernel;
use lingeo::pattern;
use lingeo::scenario::Scenario;
use lingeo::zone::{ZoneError, ZoneGenerator, ZoneOptions};

const POSITIONS: &[&str] = &["figure2", "middlegame", "board16"];
const HORIZON: u32 = 1;
const ZONE_HORIZON: u32 = 2;
const MAX_ZONES: usize = 1000;

/// The attack-able ordered pairs with their distance.
fn pairs(s: &Scenario, k: &Kernel) -> Vec<(usize, usize, u32)> {
    let n = s.pieces.len();
    (0..n)
        .flat_map(|x| (0..n).map(move |y| (x, y)))
        .filter(|&(x, y)| s.pieces[x].side != s.pieces[y].side)
        .filter_map(|(x, y)| pattern::attack_distance(s, k, x, y).map(|d| (x, y, d)))
        .collect()
}

/// Lists and ranks every pattern; returns how many.
fn all_patterns(s: &Scenario, k: &Kernel, pairs: &[(usize, usize, u32)]) -> u128 {
    let mut n = 0u128;
    for &(x, y, _) in pairs {
        let mut budget = lingeo::budget::Budget::new();
        let families = pattern::families(s, k, x, y, HORIZON, &mut budget);
        for family in families.expect("the bench's position fits the default memory limit") {
            for p in family.iter() {
                black_box(pattern::rank(s, y, &p));
                n += 1;
            }
        }
    }
    n
}

fn pattern_count(s: &Scenario, k: &Kernel, pairs: &[(usize, usize, u32)]) -> u128 {
    pairs
        .iter()
        .map(|&(x, y, _)| {
            pattern::count(
                s,
                k,
                x,
                y,
                HORIZON,
                u128::MAX,
                &mut lingeo::budget::Budget::new(),
            )
            .expect("the bench's position fits the default memory limit")
            .patterns
            .expect("no main-path cap")
        })
        .sum()
}

fn fuzzy(s: &Scenario, k: &Kernel, pairs: &[(usize, usize, u32)]) -> u128 {
    pairs
        .iter()
        .filter(|&&(x, y, _)| {
            black_box(fuzzy_pattern(s, k, x, y, HORIZON, &s.length_terms)).is_some()
        })
        .count() as u128
}

/// The zones of the pairs within the zone horizon; (zones, pairs that reached the cap). The
/// generator is built by hand (not `api::zones::compute`): the bench measures the native
/// generator itself beside the patterns, and counts its own cap's stops.
fn zones(s: &Scenario, k: &Kernel, pairs: &[(usize, usize, u32)]) -> (u128, u32) {
    let options = ZoneOptions {
        f1: true,
        f2: true,
        max_zones: MAX_ZONES,
        ..ZoneOptions::default()
    };
    let (mut n, mut capped) = (0u128, 0);
    for &(x, y, d) in pairs.iter().filter(|p| p.2 <= ZONE_HORIZON) {
        match ZoneGenerator::new(s, k, options).zones(x, s.pieces[y].at, d) {
            Ok(z) => n += z.len() as u128,
            Err(ZoneError::TooMany { limit }) => {
                n += limit as u128;
                capped += 1;
            }
            Err(e) => panic!("{e}"),
        }
    }
    (n, capped)
}

fn patterns_fuzzy_zones(c: &mut Criterion) {
    let mut group = c.benchmark_group("patterns");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2));
    let mut lines = Vec::new();
    for &name in POSITIONS {
        let s = Scenario::load(
            &Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("examples")
                .join(format!("{name}.scenario")),
        )
        .expect("a shipped example");
        let k = s.kernel();
        let pairs = pairs(&s, &k);
        let counted = pattern_count(&s, &k, &pairs);
        // Listing every pattern of the 16x16 board (millions) is left to the count.
        let listed = counted <= 100_000;
        if listed {
            assert_eq!(all_patterns(&s, &k, &pairs), counted, "{name}");
        }
        let fuzzy_n = fuzzy(&s, &k, &pairs);
        assert_eq!(
            fuzzy_n,
            pairs.len() as u128,
            "{name}: one fuzzy pattern per pair"
        );
        let (zones_n, capped) = zones(&s, &k, &pairs);
        if listed {
            group.bench_with_input(BenchmarkId::new("patterns", name), &(), |b, _| {
                b.iter(|| all_patterns(&s, &k, &pairs))
            });
        }
        group.bench_with_input(BenchmarkId::new("pattern-count", name), &(), |b, _| {
            b.iter(|| pattern_count(&s, &k, &pairs))
        });
        group.bench_with_input(BenchmarkId::new("fuzzy", name), &(), |b, _| {
            b.iter(|| fuzzy(&s, &k, &pairs))
        });
        group.bench_with_input(BenchmarkId::new("zones", name), &(), |b, _| {
            b.iter(|| zones(&s, &k, &pairs))
        });
        let t_list = listed.then(|| median(&|| all_patterns(&s, &k, &pairs)));
        let t_count = median(&|| pattern_count(&s, &k, &pairs));
        let t_fuzzy = median(&|| fuzzy(&s, &k, &pairs));
        let t_zones = median(&|| zones(&s, &k, &pairs));
        let zone_pairs = pairs.iter().filter(|p| p.2 <= ZONE_HORIZON).count();
        lines.push(format!(
            "counts {name}: {} pairs, {counted} patterns, {fuzzy_n} fuzzy patterns, {zones_n} zones over {zone_pairs} pairs ({capped} at the cap of {MAX_ZONES})",
            pairs.len()
        ));
        lines.push(format!(
            "ratio {name}: patterns listed {}, counted {t_count:?}, fuzzy {t_fuzzy:?}, zones {t_zones:?}; patterns/fuzzy = {}, counted/fuzzy = {:.1}, zones/fuzzy = {:.1}",
            t_list.map_or("-".to_string(), |t| format!("{t:?}")),
            t_list.map_or("-".to_string(), |t| format!(
                "{:.1}",
                t.as_secs_f64() / t_fuzzy.as_secs_f64()
            )),
            t_count.as_secs_f64() / t_fuzzy.as_secs_f64(),
            t_zones.as_secs_f64() / t_fuzzy.as_secs_f64(),
        ));
    }
    group.finish();
    for line in lines {
        println!("{line}");
    }
}

criterion_group!(benches, patterns_fuzzy_zones);
criterion_main!(benches);
