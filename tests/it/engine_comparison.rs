//! The measurements behind the comparison script: on the shipped positions, every attack-able
//! pair has exactly one fuzzy pattern and at least one pattern, the zone engines agree, and the
//! combined-tables shortest paths equal the grammar's. The per-pair rows (no times) are
//! snapshotted.

use std::fmt::Write;
use std::path::Path;

use lingeo::engine_comparison::{CompareOptions, Comparer, Count, PairRow};
use lingeo::scenario::Scenario;

use super::progress::Tally;

fn load(name: &str) -> Scenario {
    Scenario::load(
        &Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("examples")
            .join(name),
    )
    .unwrap_or_else(|e| panic!("{e}"))
}

/// The defaults with a lower zone cap: a debug build of the grammar is slow on capped pairs.
fn options() -> CompareOptions {
    CompareOptions {
        max_zones: 100,
        ..CompareOptions::default()
    }
}

fn rows(name: &str, options: CompareOptions) -> (Scenario, Vec<PairRow>, usize) {
    let s = load(name);
    let k = s.kernel();
    let considered = Tally::default();
    let mut notes = Vec::new();
    let (rows, _) = Comparer::new()
        .unwrap()
        .pairs(&s, &k, options, &considered, &mut |n| notes.push(n))
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    assert!(notes.is_empty(), "{name}: {notes:?}");
    // One task, as long as it said it would be.
    let (starts, total, advanced, finishes) = considered.counts();
    assert_eq!((starts, finishes, Some(advanced)), (1, 1, total), "{name}");
    (s, rows, advanced as usize)
}

#[test]
fn figure2_rook_and_king() {
    let (s, rows, considered) = rows("figure2.scenario", options());
    assert_eq!(considered, s.pieces.len() * s.pieces.len());
    let name = |i: usize| s.pieces[i].name.as_str();
    let rk = rows
        .iter()
        .find(|r| name(r.from) == "WR" && name(r.to) == "BK")
        .expect("the rook attacks the king");
    assert_eq!(rk.distance, 2);
    assert_eq!(rk.patterns, Count::exact(7));
    assert_eq!(rk.fuzzy_patterns, 1);
    assert_eq!(rk.paths_agree, Some(true));
    assert!(rk.zones_native.is_some_and(|z| z.n > 0));
    assert_eq!(rk.zones_native, rk.zones_grammar);
}

#[test]
fn shipped_positions() {
    let mut snapshot = String::new();
    for name in [
        "figure2.scenario",
        "reti.scenario",
        "chess-zone.scenario",
        "robot-zone-full.scenario",
        "abstract-zone.scenario",
    ] {
        let (s, rows, _) = rows(name, options());
        assert!(!rows.is_empty(), "{name}");
        writeln!(snapshot, "{name}").unwrap();
        for r in &rows {
            assert_eq!(r.fuzzy_patterns, 1, "{name}: one fuzzy pattern per pair");
            assert!(r.patterns.n >= 1, "{name}: at least one pattern per pair");
            assert_ne!(
                r.paths_agree,
                Some(false),
                "{name}: combined tables vs grammar"
            );
            assert_eq!(r.zones_native, r.zones_grammar, "{name}: zone engines");
            assert_eq!(r.zones_native.is_some(), r.distance <= 2, "{name}");
            // Each measurement has its time, and only those made (the times stay out of the
            // snapshot: they change from run to run).
            assert_eq!(r.times.zones_native.is_some(), r.zones_native.is_some());
            assert_eq!(r.times.zones_grammar.is_some(), r.zones_grammar.is_some());
            assert_eq!(r.times.paths.is_some(), r.paths_agree.is_some());
            let zones = r.zones_native.map_or("-".to_string(), |z| z.to_string());
            writeln!(
                snapshot,
                "  {} -> {}: distance {}, patterns {}, fuzzy {}, zones {zones}, paths = grammar {}",
                s.pieces[r.from].name,
                s.pieces[r.to].name,
                r.distance,
                r.patterns,
                r.fuzzy_patterns,
                r.paths_agree.map_or("-".to_string(), |a| a.to_string())
            )
            .unwrap();
        }
    }
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../../snapshots");
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| insta::assert_snapshot!("compare-shipped-positions", snapshot));
}

#[test]
fn caps_are_reported_as_lower_bounds() {
    let options = CompareOptions {
        max_zones: 5,
        max_main_paths: 1,
        grammar: false,
        ..CompareOptions::default()
    };
    let (_, rows, _) = rows("figure2.scenario", options);
    // The rook has two main paths to the king: more than one, so only a bound is known.
    assert!(rows.iter().any(|r| r.patterns.capped && r.patterns.n == 2));
    assert!(
        rows.iter()
            .any(|r| r.zones_native.is_some_and(|z| z.capped && z.n == 5))
    );
    assert!(rows.iter().all(|r| r.zones_grammar.is_none()));
    assert!(
        Count {
            n: 5,
            capped: true,
            unfinished: 0
        }
        .to_string()
            == ">=5"
    );
}

/// The paper's Figure 14 for Figure 2: a bar per pair for patterns and fuzzy patterns, a zone
/// bar only where zones were generated, and the capped counts marked as lower bounds.
#[test]
fn figure14_draws_no_bar_where_no_zones_were_made() {
    let (s, rows, _) = rows("figure2.scenario", options());
    let chart = lingeo::engine_comparison::figure14("figure2", &s, &rows);
    let made = rows.iter().filter(|r| r.zones_native.is_some()).count();
    let capped = rows
        .iter()
        .filter(|r| r.zones_native.is_some_and(|z| z.capped))
        .count();
    assert!(made > 0 && made < rows.len() && capped > 0);
    let svg = lingeo::chart::bar_chart(&chart);
    let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    let bars = doc
        .descendants()
        .filter(|n| n.attribute("class").is_some_and(|c| c.starts_with("bar ")))
        .count();
    assert_eq!(bars, 2 * rows.len() + made);
    let notes = |text: &str| chart.notes.iter().filter(|n| n.contains(text)).count();
    assert_eq!(notes("no zones made"), rows.len() - made);
    assert_eq!(notes("zones ≥"), capped);
}
