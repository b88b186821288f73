//! The orderings of the seeds (docs/players.md §5): the chessmaps and patterns orderings find
//! what the other orderings find while ordering moves their own way. That the shipped weights
//! are what the trainer writes, and that the network has learnt its labels, is tested by the
//! trainer's crate (`train/tests/weights.rs`), which alone builds candle.

use lingeo::play::game::Game;
use lingeo::play::players::chessmaps::Network;
use lingeo::play::search::{Ordering, SearchOptions, SearchResult, alphabeta};
use lingeo::play::state::State;
use lingeo::scenario::Scenario;

fn example(name: &str, board: Option<&str>) -> Game {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("examples")
        .join(name);
    let mut text = std::fs::read_to_string(path).unwrap();
    if let Some(b) = board {
        text = text.replace("\nboard 5x6\n", &format!("\nboard {b}\n"));
    }
    Game::new(Scenario::parse(name, &text).unwrap()).unwrap()
}

fn play(g: &Game, moves: &str) -> State {
    let mut s = State::initial(g);
    for m in moves.split_whitespace() {
        let mv = s.parse_move(g, m).unwrap_or_else(|e| panic!("{m}: {e}"));
        s.make(g, mv);
    }
    s
}

fn search(g: &Game, s: &State, depth: Option<u32>, ordering: Ordering) -> SearchResult {
    let options = SearchOptions {
        depth,
        ordering,
        ..SearchOptions::default()
    };
    alphabeta::search(g, s, &options)
}

/// Every ordering finds the same value (solves) or score (a fixed depth), and a best move: one
/// after which the reference search (no ordering) gives that value or score again.
#[test]
fn every_ordering_finds_the_same_value_and_best_move() {
    // Cheap in a debug build: the solves of the full games take millions of positions without
    // an ordering (examples/compare_orderings.rs runs them).
    let cases: [(&str, Game, &str, Option<u32>); 5] = [
        (
            "pawned 4x4",
            example("pawned.scenario", Some("4x4")),
            "",
            None,
        ),
        (
            "pawned 3x4",
            example("pawned.scenario", Some("3x4")),
            "",
            None,
        ),
        ("2D/4A", example("robot-2d4a.scenario", None), "", Some(5)),
        (
            "reti",
            example("reti.scenario", None),
            "h8-g7 h5-h4",
            Some(5),
        ),
        (
            "pawned",
            example("pawned.scenario", None),
            "c1-c2 c6-c5",
            Some(6),
        ),
    ];
    for (label, g, moves, depth) in &cases {
        let s = play(g, moves);
        let reference = search(g, &s, *depth, Ordering::None);
        for ordering in Ordering::ALL {
            let r = search(g, &s, *depth, ordering);
            let name = format!("{label} {moves} {}", ordering.name());
            assert_eq!(r.value, reference.value, "{name}");
            assert_eq!(r.score, reference.score, "{name}");
            // The move it plays is as good as the reference's: after it, the reference
            // ordering's search gives the same score.
            let mut after = s.clone();
            after.make(g, r.pv[0]);
            let d = depth.map(|d| d - 1);
            let back = search(g, &after, d, Ordering::None);
            let best = r.pv[0].show(g);
            // A decisive score counts the moves to the end, one fewer after the move: compare
            // values there, scores elsewhere.
            if depth.is_none() || reference.value.is_some() {
                assert_eq!(back.value, reference.value, "{name}: {best}");
            } else {
                assert_eq!(back.score, reference.score, "{name}: {best}");
            }
        }
    }
}

/// The orderings order: each visits another number of positions than the ordering it would
/// fall back to if its own knowledge were ignored (chessmaps: the network's importance, so a
/// network with its output weights negated; patterns: killer), on a Pawned game position.
#[test]
fn the_orderings_change_the_order() {
    let g = example("pawned.scenario", None);
    let s = play(&g, "c1-c2 c6-c5 b1-b2 b6-b5");
    let nodes = |ordering: Ordering, network: Option<Network>| {
        let options = SearchOptions {
            depth: Some(8),
            ordering,
            network: network.map(std::sync::Arc::new),
            ..SearchOptions::default()
        };
        alphabeta::search(&g, &s, &options)
    };
    let shipped = nodes(Ordering::Chessmaps, None);
    let mut flipped = (*Network::shipped()).clone();
    for w in flipped.w2.iter_mut().chain(&mut flipped.b2) {
        *w = -*w;
    }
    let reversed = nodes(Ordering::Chessmaps, Some(flipped));
    assert_eq!(shipped.score, reversed.score);
    assert_ne!(shipped.nodes, reversed.nodes);
    let patterns = nodes(Ordering::Patterns, None);
    let killer = nodes(Ordering::Killer, None);
    assert_eq!(patterns.score, killer.score);
    assert_ne!(patterns.nodes, killer.nodes);
}

/// Engine specs of matches take the new orderings.
#[test]
fn match_specs_name_the_new_orderings() {
    use lingeo::play::players::matches::EngineSpec;
    for name in ["chessmaps", "patterns"] {
        let spec = EngineSpec::parse(&format!("ordering={name},depth=2")).unwrap();
        assert_eq!(spec.ordering.name(), name);
    }
    let e = EngineSpec::parse("ordering=maps").unwrap_err();
    assert!(
        matches!(e, lingeo::play::players::matches::SpecError::Text(_)),
        "{e:?}"
    );
    assert!(e.to_string().contains("chessmaps, patterns"), "{e}");
}
