//! The parallel solve (lazy SMP, `--threads`): the value is the one-thread solve's on every
//! game, the principal variation the same on every run and a line of best play to the end of
//! the game, and the searches that take one thread (depth, budget) are unchanged.

use crate::common::lingeo as run;

use lingeo::play::game::Game;
use lingeo::play::search::{SearchOptions, SearchResult, alphabeta};
use lingeo::play::state::State;
use lingeo::scenario::Scenario;

fn example(name: &str) -> Game {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("examples")
        .join(name);
    Game::new(Scenario::load(&path).unwrap()).unwrap()
}

fn pawned(board: &str) -> Game {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/pawned.scenario");
    let text = std::fs::read_to_string(path).unwrap();
    let text = text.replace("\nboard 5x6\n", &format!("\nboard {board}\n"));
    Game::new(Scenario::parse("pawned.scenario", &text).unwrap()).unwrap()
}

fn solve(g: &Game, threads: usize) -> SearchResult {
    let options = SearchOptions {
        threads,
        tt_mb: 8,
        ..SearchOptions::default()
    };
    alphabeta::search(g, &State::initial(g), &options)
}

#[test]
fn threads_find_the_one_thread_value_and_a_line_that_proves_it() {
    // Réti's study (850,000 positions) once, the small games on 2, 3 and 4 threads twice.
    let games = [
        ("pawned 4x4", pawned("4x4"), 2),
        ("pawned 4x5", pawned("4x5"), 2),
        ("pawned 5x4", pawned("5x4"), 2),
        ("pawned 3x3", pawned("3x3"), 2),
        ("reti", example("reti.scenario"), 1),
    ];
    for (name, g, runs) in &games {
        let one = solve(g, 1);
        assert_eq!(one.stopped, None, "{name}");
        let mut lines = Vec::new();
        for threads in [2, 3, 4].into_iter().take(if *runs > 1 { 3 } else { 1 }) {
            for _ in 0..*runs {
                let r = solve(g, threads);
                assert_eq!(r.stopped, None, "{name} {threads}");
                assert_eq!(
                    (r.value, r.score),
                    (one.value, one.score),
                    "{name} {threads}"
                );
                assert!(r.nodes > 0 && r.depth > 0, "{name}");
                lines.push(r.pv.clone());
                // The line is legal and ends the game with the value.
                let mut s = State::initial(g);
                let mut moves = Vec::new();
                for &mv in &r.pv {
                    s.successors(g, &mut moves);
                    assert!(moves.contains(&mv), "{name}: {} is not legal", mv.show(g));
                    s.make(g, mv);
                }
                s.successors(g, &mut moves);
                let outcome = s
                    .outcome
                    .unwrap_or_else(|| panic!("{name}: the line does not end"));
                assert_eq!(Some(outcome.value), one.value, "{name}");
            }
        }
        // The same line whatever the number of threads and the run.
        assert!(lines.windows(2).all(|w| w[0] == w[1]), "{name}: {lines:?}");
    }
}

#[test]
fn a_depth_or_a_budget_keeps_the_search_on_one_thread() {
    let g = pawned("4x4");
    let root = State::initial(&g);
    for options in [
        SearchOptions {
            depth: Some(5),
            ..SearchOptions::default()
        },
        SearchOptions {
            max_nodes: Some(300),
            ..SearchOptions::default()
        },
    ] {
        let one = alphabeta::search(&g, &root, &options);
        let four = alphabeta::search(
            &g,
            &root,
            &SearchOptions {
                threads: 4,
                ..options.clone()
            },
        );
        assert_eq!(
            (
                one.value,
                one.score,
                one.pv,
                one.nodes,
                one.tt_hits,
                one.depth
            ),
            (
                four.value,
                four.score,
                four.pv,
                four.nodes,
                four.tt_hits,
                four.depth
            )
        );
    }
}

#[test]
fn the_command_line_takes_threads_and_refuses_none() {
    let (out, _, code) = run(&[
        "search",
        "examples/reti.scenario",
        "--threads",
        "2",
        "--tt-mb",
        "8",
    ]);
    assert_eq!(code, 0);
    assert!(out.contains("value: 0 (draw)"), "{out}");
    let (_, err, code) = run(&["search", "examples/reti.scenario", "--threads", "0"]);
    assert_eq!(code, 2);
    assert!(err.contains("--threads"), "{err}");
}
