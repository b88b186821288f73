//! `lingeo run --count`: the sentences counted on the tabled derivation as a shared forest
//! (docs/semantics.md §6.11), without listing them: equal to the listing's count where the
//! listing finishes, in exact digits past 128 bits, and an upper bound said as one (exit code
//! 2) where the forest may derive a sentence more than once and is too large to list.

use std::path::Path;

use lingeo::grammar::forest::SentenceCount;
use lingeo::grammar::world::World;
use lingeo::grammar::{Grammar, Limits};
use lingeo::natural::Natural;
use lingeo::scenario::Scenario;

use super::common::lingeo;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The forest's count and the listing's (None where the listing passes `max_sentences`).
fn both_counts(
    grammar: &str,
    scenario: &str,
    piece: Option<&str>,
    start: &str,
) -> (SentenceCount, Option<usize>) {
    let grammar = Grammar::load(&root().join(grammar)).unwrap_or_else(|e| panic!("{e}"));
    let scenario = Scenario::load(&root().join(scenario)).unwrap();
    let kernel = scenario.kernel();
    let mut world = World::new(&scenario, &kernel);
    let inputs = grammar
        .bind_inputs(&mut world, &[], piece.map(|p| (p, None)))
        .unwrap();
    let start = grammar.parse_start(&mut world, start).unwrap();
    let limits = Limits {
        max_sentences: 5_000,
        ..Limits::default()
    };
    let forest = grammar
        .forest(&world, &inputs, &start, limits)
        .unwrap_or_else(|e| panic!("{e}"));
    let listed = grammar
        .derive(&world, &inputs, &start, limits, None)
        .ok()
        .map(|l| l.sentences.len());
    if let Some(n) = listed {
        // The forest lists the same language.
        let sentences = forest.sentences(1_000_000).expect("a small forest lists");
        assert_eq!(sentences.len(), n);
    }
    (forest.count(limits.max_sentences), listed)
}

#[test]
fn the_forest_counts_what_the_listing_counts() {
    for (grammar, scenario, piece, start) in [
        (
            "grammars/zones.lgg",
            "examples/robot-zone-simplified.scenario",
            Some("BOMBER"),
            "S(h5, h1, 4)",
        ),
        (
            "grammars/zones-filtered.lgg",
            "examples/robot-zone-full.scenario",
            Some("BOMBER"),
            "S(h5, h1, 4)",
        ),
        (
            "grammars/shortest-trajectories.lgg",
            "examples/robot-fighter.scenario",
            Some("FIGHTER"),
            "S(f6, h1, 5)",
        ),
        (
            "grammars/admissible-trajectories.lgg",
            "examples/robot-fighter.scenario",
            Some("FIGHTER"),
            "S(f6, h1, 6)",
        ),
        (
            "tests/grammars/binary-choices.lgg",
            "examples/robot-fighter.scenario",
            None,
            "S(9)",
        ),
        (
            "tests/grammars/same-choices.lgg",
            "examples/robot-fighter.scenario",
            None,
            "S(9)",
        ),
        (
            "tests/grammars/two-legs.lgg",
            "examples/robot-fighter.scenario",
            Some("FIGHTER"),
            "S(f6, h8, h1)",
        ),
    ] {
        let (counted, listed) = both_counts(grammar, scenario, piece, start);
        let listed = listed.unwrap_or_else(|| panic!("{grammar} {start} lists"));
        assert!(listed > 0, "{grammar} {start}");
        assert_eq!(
            counted,
            SentenceCount::Exact(Natural::from(listed as u64)),
            "{grammar} {start}"
        );
    }
}

#[test]
fn an_unambiguous_forest_is_counted_exactly_past_128_bits() {
    let (counted, listed) = both_counts(
        "tests/grammars/binary-choices.lgg",
        "examples/robot-fighter.scenario",
        None,
        "S(200)",
    );
    assert_eq!(listed, None, "2^199 sentences do not list");
    // 2^199.
    assert_eq!(
        counted,
        SentenceCount::Exact(
            "803469022129495137770981046170581301261101496891396417650688"
                .parse::<Natural>()
                .unwrap()
        )
    );
    let (out, err, code) = lingeo(&[
        "run",
        "tests/grammars/binary-choices.lgg",
        "examples/robot-fighter.scenario",
        "--start",
        "S(200)",
        "--count",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        json["count_digits"],
        "803469022129495137770981046170581301261101496891396417650688"
    );
    assert_eq!(json["count"], u64::MAX);
    assert_eq!(json["exact"], true);
}

#[test]
fn an_ambiguous_forest_too_large_to_list_gives_an_upper_bound_and_exit_2() {
    // One sentence, 2^79 paths through states that differ in a var nothing prints.
    let (counted, _) = both_counts(
        "tests/grammars/same-choices.lgg",
        "examples/robot-fighter.scenario",
        None,
        "S(80)",
    );
    let paths = "604462909807314587353088".parse::<Natural>().unwrap();
    assert_eq!(counted, SentenceCount::AtMost(paths));
    let (out, err, code) = lingeo(&[
        "run",
        "tests/grammars/same-choices.lgg",
        "examples/robot-fighter.scenario",
        "--start",
        "S(80)",
        "--count",
        "--max-sentences",
        "1000",
    ]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(
        out.contains("S(80): at most 604462909807314587353088 sentences"),
        "{out}"
    );
    assert!(err.contains("upper bound"), "{err}");
    // Few enough to list: the repeats are removed and the count is exact.
    let (out, err, code) = lingeo(&[
        "run",
        "tests/grammars/same-choices.lgg",
        "examples/robot-fighter.scenario",
        "--start",
        "S(9)",
        "--count",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("S(9): 1 sentence (256 paths"), "{out}");
}

#[test]
fn count_keeps_the_step_limit() {
    let (out, err, code) = lingeo(&[
        "run",
        "tests/grammars/binary-choices.lgg",
        "examples/robot-fighter.scenario",
        "--start",
        "S(200)",
        "--count",
        "--max-steps",
        "100",
    ]);
    assert_eq!(code, 2, "{out}");
    assert!(err.contains("100 steps"), "{err}");
    assert!(out.is_empty(), "{out}");
}
