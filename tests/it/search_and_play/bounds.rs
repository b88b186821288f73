//! What bounds a search (docs/play-and-search.md §3.2): a depth is never a list of depths, a
//! line as long as the game's move limit recurses on a stack grown as it goes (a server's
//! worker thread has a small one) and stops at the memory limit, `--time` stops every engine
//! with the same words, a solve under a budget keeps the deepest completed iteration's result
//! (the anytime solve), and a search that stops without any result is an error.

use crate::common::lingeo as run;
use std::time::{Duration, Instant};

use lingeo::play::game::Game;
use lingeo::play::search::lg::{self, LgOptions};
use lingeo::play::search::{SearchOptions, alphabeta, minimax};
use lingeo::play::state::State;
use lingeo::scenario::Scenario;

/// The walker going back and forth between two points until the move limit draws the game.
/// Its goal, the point 3, lies off its edges: it never arrives, but the rules leave it a way to
/// win (`State::can_win`), so that the LG search does not settle the draw at the root.
fn long_game(limit: u32) -> Game {
    let text = format!(
        "board graph {{ 1 2 3 }}\ntype WALKER {{ move edges 1 -- 2 }}\nwhite WALKER at 1 as W\n\
         goal 3 for W\ngame {{ limit {limit} }}\n"
    );
    Game::new(Scenario::parse("long.scenario", &text).unwrap()).unwrap()
}

#[test]
fn the_largest_depth_is_not_a_list_of_depths() {
    // It used to collect every depth from 1 to 4294967295 first: 16 GiB.
    let started = Instant::now();
    let (out, err, code) = run(&[
        "search",
        "examples/pawned.scenario",
        "--depth",
        "4294967295",
        "--max-nodes",
        "50000",
    ]);
    // Stopped short of its depth: it gave up, with the last completed depth's result.
    assert_eq!(code, 2, "{err}");
    assert!(
        err.starts_with(
            "error: stopped at the node limit (50000 positions; --max-nodes raises it) before depth 4294967295: the result is depth "
        ),
        "{err}"
    );
    assert!(
        out.contains("stopped at the node limit (50000 positions; --max-nodes raises it); the result is the last completed depth's"),
        "{out}"
    );
    assert!(
        started.elapsed() < Duration::from_secs(15),
        "{:?}",
        started.elapsed()
    );
    // The same in the library, and a depth past the game's end is a solve.
    let g = long_game(12);
    let options = SearchOptions {
        depth: Some(u32::MAX),
        ..SearchOptions::default()
    };
    let r = alphabeta::search(&g, &State::initial(&g), &options);
    assert_eq!((r.value, r.stopped.as_ref()), (Some(0), None));
    // A match spec's depth is a u32 like --depth's, an error past it (it was clamped).
    let (_, err, code) = run(&[
        "match",
        "examples/pawned.scenario",
        "--white",
        "depth=18446744073709551615",
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("--white: depth must be at most 4294967295, not 18446744073709551615"),
        "{err}"
    );
    // The LG searches keep their tree whole: at most lg::MAX_DEPTH moves deep.
    let (_, err, code) = run(&[
        "search",
        "examples/robot-2d4a.scenario",
        "--engine",
        "lg",
        "--depth",
        "4294967295",
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("the LG search goes at most 1000 moves deep, not 4294967295"),
        "{err}"
    );
    // The race extension past the depth bound counts too (it wrapped the bound round to 0).
    let (_, err, code) = run(&[
        "search",
        "examples/robot-2d4a.scenario",
        "--engine",
        "lg",
        "--depth",
        "1",
        "--race",
        "4294967295",
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("not the depth 1 and a race of 4294967295 plies past it"),
        "{err}"
    );
}

/// A bound that what the user gave passes is named as given: the horizon (whose + 2 is the
/// depth, and which sets the race), not a race or a table size that was not given (they were
/// blamed: `--max-memory 1` said `--tt-mb 1 does not fit`, a horizon said `a race of ...`).
#[test]
fn an_error_names_the_option_that_was_given() {
    let search = |extra: &[&str]| {
        let mut args = vec!["search", "examples/robot-2d4a.scenario"];
        args.extend(extra);
        let (_, err, code) = run(&args);
        assert_eq!(code, 2, "{extra:?}: {err}");
        err
    };
    let err = search(&["--engine", "lg", "--horizon", "4294967295"]);
    assert!(
        err.contains(
            "the LG search goes at most 1000 moves deep, and the horizon 4294967295 asks for \
             4294967297 (the horizon + 2"
        ),
        "{err}"
    );
    // The race the horizon sets, counted past u32 (it wrapped to 4294967290).
    let err = search(&["--engine", "lg", "--horizon", "4294967295", "--depth", "5"]);
    assert!(
        err.contains(
            "not the depth 5 and the race past it the horizon 4294967295 asks for (8589934590 \
             plies"
        ),
        "{err}"
    );
    assert!(!err.contains("a race of"), "{err}");
    let err = search(&["--engine", "lg", "--horizon", "500"]);
    assert!(
        err.contains(
            "not the depth 502 (the horizon + 2) and the race past it the horizon 500 asks for \
             (1000 plies"
        ),
        "{err}"
    );
    // Neither given: --max-memory is named, and how to do without a table.
    let err = search(&["--max-memory", "1"]);
    assert!(
        err.contains(
            "--max-memory 1 leaves no room for the search's table (at least 1 MiB, and part of \
             the search's memory); raise --max-memory, or give --tt-mb 0 for no table"
        ),
        "{err}"
    );
    assert!(!err.contains("--tt-mb 1"), "{err}");
    // Both given: the table named.
    let err = search(&["--max-memory", "8", "--tt-mb", "8"]);
    assert!(
        err.contains("--tt-mb 8 does not fit in --max-memory 8"),
        "{err}"
    );
}

#[test]
fn a_line_as_long_as_the_move_limit_runs_on_a_small_stack() {
    // A server's worker thread: a small stack. The 10,000-move line used to overflow it.
    let worker = std::thread::Builder::new().stack_size(256 * 1024);
    let handle = worker
        .spawn(|| {
            let g = long_game(10_000);
            let root = State::initial(&g);
            let solve = alphabeta::search(&g, &root, &SearchOptions::default());
            let plain = minimax::search(&g, &root, &SearchOptions::default());
            let reduced = lg::search(
                &g,
                &root,
                &SearchOptions {
                    depth: Some(lg::MAX_DEPTH),
                    ..SearchOptions::default()
                },
                &LgOptions::default(),
            )
            .map(|r| (r.result.value, r.proved, r.tree.depth()));
            (solve, plain, reduced)
        })
        .unwrap();
    let (solve, plain, reduced) = handle.join().expect("no stack overflow");
    for r in [&solve, &plain] {
        assert_eq!(
            (r.value, r.depth, r.nodes),
            (Some(0), 10_000, 10_001),
            "{r:?}"
        );
    }
    // The principal variation is kept at most 400 moves long, not 10,000 per ply.
    assert_eq!(solve.pv.len(), 400);
    // No piece has a zone move within the horizon: the LG search goes on over every legal
    // move (the walker's one) to its depth bound of 1,000 moves, where the line is no nearer
    // its limit's draw than a static estimate: 0, not proved.
    assert_eq!(reduced, Ok((Some(0), false, lg::MAX_DEPTH as usize)));
}

#[test]
fn a_long_line_on_the_command_line_and_its_memory_limit() {
    // 20,000 moves deep: it used to abort in 0.02 s.
    let (out, err, code) = run(&["search", "tests/scenarios/long-game.scenario"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("value: 0 (draw)\n"), "{out}");
    assert!(out.contains("depth: 20000\n"), "{out}");
    // A limit no memory holds the line of: the search stops at --max-memory with an error.
    let dir = std::env::temp_dir().join(format!("lingeo-long-line-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios/long-game.scenario"),
    )
    .unwrap();
    let endless = dir.join("endless.scenario");
    std::fs::write(&endless, text.replace("limit 20000", "limit 4294967295")).unwrap();
    let (_, err, code) = run(&["search", endless.to_str().unwrap(), "--max-memory", "64"]);
    assert_eq!(code, 2, "{err}");
    assert_eq!(
        err,
        "error: stopped at the memory limit (64 MiB; --max-memory raises it); no search completed, so \
         there is no result\n"
    );
    // The table is part of that memory.
    let (_, err, code) = run(&[
        "search",
        "examples/pawned.scenario",
        "--tt-mb",
        "64",
        "--max-memory",
        "64",
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("--tt-mb 64 does not fit in --max-memory 64"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn every_engine_stops_at_time_with_the_same_words() {
    // The search grammar used to run on past --time (10.9 s for --time 2).
    let started = Instant::now();
    let (out, err, code) = run(&[
        "search",
        "examples/robot-2d4a.scenario",
        "--engine",
        "lg-grammar",
        "--time",
        "1",
    ]);
    assert!(
        started.elapsed() < Duration::from_secs(6),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(code, 2, "{out}");
    assert_eq!(
        err,
        "error: stopped at the time limit of the request (1 s; --time raises it); no search completed, so there is no result\n"
    );
    // The native LG search says the same, whether the node count or a zone listing saw it;
    // under --time it deepens, so a stop after its first pass keeps the deepest completed one.
    for time in ["0.2", "0.000001"] {
        let (_, err, code) = run(&[
            "search",
            "examples/reti.scenario",
            "--engine",
            "lg",
            "--full-tree",
            "--depth",
            "40",
            "--time",
            time,
        ]);
        assert_eq!(code, 2);
        let words =
            format!("error: stopped at the time limit of the request ({time} s; --time raises it)");
        let before_any = format!("{words}; no search completed, so there is no result\n");
        let after_some = format!(
            "{words} before the depth bound 40: the result is the deepest completed pass's (depth bound "
        );
        match time {
            // No pass completes within a microsecond.
            "0.000001" => assert_eq!(err, before_any),
            _ => assert!(err.starts_with(&after_some), "{err}"),
        }
    }
    // The time as it was written, not as a Duration keeps it (it printed `--time 0`).
    let (out, err, code) = run(&[
        "search",
        "examples/pawned.scenario",
        "--depth",
        "30",
        "--time",
        "1e-300",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.starts_with(
            "error: stopped at the time limit of the request (1e-300 s; --time raises it) before depth 30: "
        ),
        "{err}"
    );
    assert!(
        out.contains(
            "stopped at the time limit of the request (1e-300 s; --time raises it); the result is the last completed depth's\n"
        ),
        "{out}"
    );
}

#[test]
fn a_solve_under_a_budget_keeps_its_deepest_iteration() {
    // It used to answer "no search completed" and exit 0. Its result is no proof: it gave
    // up, exit 2, and says why on stderr.
    let (out, err, code) = run(&[
        "search",
        "examples/reti.scenario",
        "--ordering",
        "none",
        "--time",
        "0.3",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.starts_with(
            "error: stopped at the time limit of the request (0.3 s; --time raises it) before the solve proved the game's value: the result is the deepest completed iteration's (depth "
        ),
        "{err}"
    );
    let stop = out
        .lines()
        .find(|l| l.starts_with("stopped at the time limit of the request (0.3 s; --time raises it); the result is the deepest completed iteration's (depth "))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(stop.ends_with("), not a solve"), "{stop}");
    assert!(
        out.contains("value: unknown (not proven at this depth)\n"),
        "{out}"
    );
    let pv = out.lines().find_map(|l| l.strip_prefix("pv: ")).unwrap();
    assert!(pv.starts_with("h8-g7 "), "{out}");
    // Wall time and CPU time.
    let time = out.lines().find(|l| l.starts_with("time: ")).unwrap();
    assert!(time.contains(" s, CPU ") && time.ends_with(" s"), "{time}");
    // Under a budget it reaches, the solve proves the same value as without one.
    let (out, _, code) = run(&[
        "search",
        "examples/reti.scenario",
        "--max-nodes",
        "100000000",
    ]);
    assert_eq!(code, 0);
    assert!(out.contains("value: 0 (draw)\n"), "{out}");
    assert!(!out.contains("stopped"), "{out}");
    // A search that stops before any result gave up: exit 2, with its reason.
    for args in [
        &["--engine", "minimax", "--max-nodes", "1000"][..],
        &["--depth", "40", "--max-nodes", "1"][..],
    ] {
        let mut all = vec!["search", "examples/pawned.scenario"];
        all.extend_from_slice(args);
        let (out, err, code) = run(&all);
        assert_eq!((code, out.as_str()), (2, ""), "{args:?}");
        assert!(
            err.starts_with("error: stopped at the node limit (")
                && err.contains(" positions; --max-nodes raises it)")
                && err.ends_with("; no search completed, so there is no result\n"),
            "{err}"
        );
    }
}

/// A stepping game won by goals is solved on its compiled rule when nothing bounds the solve,
/// and the output says which form ran (the two differ tenfold in time); a depth keeps the play
/// layer's search, and the JSON then leaves the field out.
#[test]
fn a_solve_says_whether_it_ran_on_the_compiled_rule() {
    let json = |args: &[&str]| -> serde_json::Value {
        let (out, err, code) = run(args);
        assert_eq!(code, 0, "{args:?}: {err}");
        serde_json::from_str(&out).unwrap()
    };
    let solved = json(&["search", "examples/pawned.scenario", "--json"]);
    assert_eq!(solved["compiled"], true, "{solved}");
    assert_eq!(solved["value"], 0, "the shipped Pawned (5x6) is a draw");
    let deep = json(&[
        "search",
        "examples/pawned.scenario",
        "--depth",
        "3",
        "--json",
    ]);
    assert_eq!(deep["compiled"], serde_json::Value::Null, "{deep}");
    let (out, err, code) = run(&["search", "examples/pawned.scenario"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("alphabeta, solve on the compiled rule, ordering killer"),
        "{out}"
    );
    // A time limit tries the compiled rule first, with half of the time: the same solve.
    let timed = json(&[
        "search",
        "examples/pawned.scenario",
        "--time",
        "120",
        "--json",
    ]);
    assert_eq!(timed["compiled"], true, "{timed}");
    assert_eq!(
        (timed["value"].clone(), timed["score"].clone()),
        (solved["value"].clone(), solved["score"].clone())
    );
}

/// Where the compiled rule does not solve the game in its half of a time limit, the play
/// layer's anytime search goes on to the limit the user gave, which the stop names, and the
/// time and positions count both.
#[test]
fn a_timed_solve_the_compiled_rule_does_not_finish_goes_on_on_the_play_layer() {
    let dir = std::env::temp_dir().join(format!("lingeo-timed-solve-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("pawned-6x7.scenario");
    let shipped = std::fs::read_to_string("examples/pawned.scenario").unwrap();
    std::fs::write(&file, shipped.replace("board 5x6", "board 6x7")).unwrap();
    let began = Instant::now();
    let (out, err, code) = run(&["search", file.to_str().unwrap(), "--time", "1", "--json"]);
    let wall = began.elapsed();
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(code, 2, "a stopped solve exits 2: {out}{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["compiled"], serde_json::Value::Null, "{v}");
    assert!(
        err.contains("stopped at the time limit of the request (1 s; --time raises it)"),
        "{err}"
    );
    // The time counts from the compiled trial's start to the user's limit: the trial's half
    // second is not added to it (which would make 1.5 s).
    let ms = v["time_ms"].as_f64().unwrap();
    assert!((1000.0..1350.0).contains(&ms), "{v}");
    assert!(wall < Duration::from_millis(1400), "{wall:?}");
    assert!(v["depth"].as_u64() > Some(0), "an iteration completed: {v}");
}

/// `lingeo serve` runs every request under a deadline: a solve there tries the compiled rule
/// too (before, any deadline kept it on the play layer, ten times slower), with the same value
/// as without one.
#[test]
fn a_solve_under_the_server_s_deadline_runs_on_the_compiled_rule() {
    let text = std::fs::read_to_string("examples/pawned.scenario").unwrap();
    let g = Game::new(Scenario::parse("pawned.scenario", &text).unwrap()).unwrap();
    let root = State::initial(&g);
    let options = SearchOptions::default();
    let free = alphabeta::search(&g, &root, &options);
    let served = lingeo::deadline::within(Duration::from_secs(120), || {
        alphabeta::search(&g, &root, &options)
    });
    assert!(free.compiled, "the free solve runs on the compiled rule");
    assert!(served.compiled, "under a deadline: {:?}", served.stopped);
    assert_eq!(served.stopped, None);
    assert_eq!((served.value, served.score), (free.value, free.score));
    assert_eq!(served.value, Some(0), "the shipped Pawned (5x6) is a draw");
}
