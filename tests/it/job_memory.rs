//! The library's jobs against the memory limit and the deadline without the binary's counting
//! allocator: this test binary installs none, as the Python package and any program of its own
//! using the library do not. What the jobs build (a listing of paths, trajectories or zones, a
//! derivation's table, the names and the text of a result) is held as it grows
//! (`lingeo::memory::Held`, `lingeo::budget`), so a job past the limit stops with a typed error
//! instead of taking the machine's memory, and one past its deadline stops (issue 45).

use std::time::{Duration, Instant};

use lingeo::api::{
    ApiError, Cap, CompareInputs, CompareRequest, CompareSide, GrammarSource, PatternsRequest,
    RunRequest, TrajectoriesRequest, Workbench, ZonesRequest, load_grammar,
};
use lingeo::grammar::Limit;
use lingeo::play::search::StopReason;
use lingeo::progress::Silent;
use lingeo::{budget, deadline, memory};

/// Four pieces far apart on 50x50: at horizon 49 the black king's shortest paths to the rook's
/// main paths are past counting (issue 45: `lingeo patterns` aborted at 7.9 GB).
pub const FAR_PIECES: &str = "board 50x50
white king at (1,1)
white rook at (5,3)
black king at (50,50)
black queen at (45,47)
";

/// The full robot zone's pieces on 32x32: 238,863 zones, whose names took 2.5 GB as JSON.
pub const ROBOT_ZONE_32: &str = "board 32x32
removed (6,7) (5,6) (4,5) (7,4) (7,3)
type BOMBER {
  move leap (0,1)
  value 5
}
type FIGHTER {
  like king
  value 3
}
type MISSILE {
  like bishop
  value 3
}
type TARGET {
  value 10
}
black BOMBER at (8,5)
white FIGHTER at (6,6)
white MISSILE at (4,7)
white TARGET at (8,1)
";

fn patterns_request() -> PatternsRequest {
    PatternsRequest {
        horizon: 49,
        ..PatternsRequest::default()
    }
}

fn assert_memory_error(e: &ApiError, limit: usize) {
    match e {
        ApiError::TooLarge {
            cap: Cap::Memory,
            message,
            ..
        } => assert!(message.contains(&memory::show(limit)), "{message}"),
        other => panic!("not the memory limit: {other:?}"),
    }
}

#[test]
fn patterns_of_far_pieces_stop_at_the_memory_limit() {
    let bench = Workbench::from_text(FAR_PIECES, "far.scenario").unwrap();
    let start = Instant::now();
    let e =
        memory::with_limit(64 << 20, || bench.patterns(&patterns_request(), &Silent)).unwrap_err();
    assert_memory_error(&e, 64 << 20);
    assert!(e.to_string().contains("shortest paths"), "{e}");
    assert!(
        start.elapsed() < Duration::from_secs(60),
        "{:?}",
        start.elapsed()
    );
    // Everything the job held was given back.
    assert_eq!(memory::held(), 0);
    // The counts alone take no listing: they stay within the limit.
    let counts = PatternsRequest {
        count: true,
        ..patterns_request()
    };
    assert!(memory::with_limit(64 << 20, || bench.patterns(&counts, &Silent)).is_ok());
}

/// The server gives each request's computation its deadline, and stops it when nobody waits
/// any more (issue 45: `/api/patterns` answered 408 and went on computing until the server
/// died).
#[test]
fn patterns_stop_at_the_deadline() {
    let bench = Workbench::from_text(FAR_PIECES, "far.scenario").unwrap();
    let start = Instant::now();
    let e = deadline::within(Duration::from_millis(300), || {
        bench.patterns(&patterns_request(), &Silent)
    })
    .unwrap_err();
    assert!(
        matches!(
            &e,
            ApiError::Stopped {
                reason: StopReason::Deadline(_),
                ..
            }
        ),
        "{e:?}"
    );
    assert!(
        start.elapsed() < Duration::from_secs(10),
        "{:?}",
        start.elapsed()
    );
    assert_eq!(memory::held(), 0);
}

#[test]
fn trajectories_by_the_million_stop_at_the_memory_limit() {
    let bench = Workbench::new(
        lingeo::scenario::Scenario::empty(lingeo::board::Board::grid(16, 16, 1, &[]).unwrap()),
        "",
    )
    .unwrap();
    let r = TrajectoriesRequest {
        type_name: Some("king".into()),
        from: Some("a1".into()),
        to: "p16".into(),
        length: Some(20),
        limit: 9_000_000,
        ..TrajectoriesRequest::default()
    };
    let e = memory::with_limit(128 << 20, || bench.trajectories(&r)).unwrap_err();
    assert_memory_error(&e, 128 << 20);
    assert!(e.to_string().contains("the trajectories listed"), "{e}");
    assert_eq!(memory::held(), 0);
}

#[test]
fn zones_and_their_names_stop_at_the_memory_limit() {
    let bench = Workbench::from_text(ROBOT_ZONE_32, "robot32.scenario").unwrap();
    let r = ZonesRequest {
        piece: "BOMBER".into(),
        to: "(8,1)".into(),
        all_zones: true,
        max_zones: 1_000_000,
        ..ZonesRequest::default()
    };
    let e = memory::with_limit(64 << 20, || bench.zones(&r)).unwrap_err();
    assert_memory_error(&e, 64 << 20);
    assert_eq!(memory::held(), 0);
}

/// Python had no memory limit at all: a grammar that branches without end aborted the
/// interpreter at a 2.4 GB allocation, where the CLI's counting allocator stopped it at 4 GiB.
/// The derivation measures what its table and stack hold, so the limit needs no allocator.
#[test]
fn a_grammar_that_branches_forever_stops_at_the_memory_limit() {
    let bench = Workbench::new(
        lingeo::scenario::Scenario::empty(lingeo::board::Board::grid(8, 8, 1, &[]).unwrap()),
        "",
    )
    .unwrap();
    let grammar = load_grammar("tests/grammars/branches-forever.lgg").unwrap();
    let r = RunRequest {
        start: "S(0)".into(),
        max_memory: 32,
        // Not the steps: the memory stops it first.
        max_steps: 5_000_000,
        ..RunRequest::default()
    };
    let e = bench.run(&grammar, &r, None).unwrap_err();
    match &e {
        ApiError::Run {
            limit: Some(Limit::Memory),
            message,
            ..
        } => assert_eq!(message, "the run uses more than 32 MiB of memory"),
        other => panic!("not the memory limit: {other}"),
    }
    assert_eq!(memory::held(), 0);
}

/// A piece given as a type is placed on no point, so the run's preparation checks no motion
/// of it: its distance tables are met first by `MAP`. On a 1000x1000 board they are past a
/// 16 MiB limit: the run's memory error (found by the fuzz target serve_request through
/// /api/run, where it was a panic in the kernel).
#[test]
fn a_map_of_a_piece_type_past_the_memory_limit_is_the_runs_memory_error() {
    let bench = Workbench::new(
        lingeo::scenario::Scenario::empty(lingeo::board::Board::grid(1000, 1000, 1, &[]).unwrap()),
        "",
    )
    .unwrap();
    let grammar = load_grammar("tests/grammars/map-of-a-type.lgg").unwrap();
    // `max_memory` in MiB, the run's limit and the thread's (the server gives each
    // computation its budget so).
    let run = |max_memory: u64| {
        let r = RunRequest {
            start: "S((1,1), (2,3))".into(),
            type_name: Some("knight".into()),
            max_memory,
            ..RunRequest::default()
        };
        memory::with_limit((max_memory << 20) as usize, || {
            bench.run(&grammar, &r, None)
        })
    };
    match run(16) {
        Err(ApiError::Run {
            limit: Some(Limit::Memory),
            message,
            ..
        }) => assert!(
            message.starts_with("the successor lists of knight (white, moves) on this 1000x1000")
                && message.ends_with("more than the memory limit of 16 MiB allows"),
            "not the lists' error: {message}"
        ),
        Err(other) => panic!("not the memory limit: {other}"),
        Ok(language) => panic!("a language past the limit: {:?}", language.language),
    }
    // Under the default limit the same run has its answer: a knight's one move.
    assert_eq!(
        run(RunRequest::default().max_memory).unwrap().language,
        ["t(1)"]
    );
}

/// The sentences only one side has are the answer's text: they stop at its cap as they are
/// built (issue 45: 1.3 GB built before an answer over its 64 MB cap was refused).
#[test]
fn a_comparison_stops_at_the_cap_on_its_text() {
    let bench = Workbench::new(
        lingeo::scenario::Scenario::empty(lingeo::board::Board::grid(16, 16, 1, &[]).unwrap()),
        "",
    )
    .unwrap();
    let file = |name: &str| CompareSide::Grammar(GrammarSource::File(name.into()));
    let r = CompareRequest {
        start: Some("S(a1, p16, 17)".into()),
        type_name: Some("king".into()),
        ..CompareRequest::default()
    };
    let sides = CompareInputs {
        a: file("grammars/admissible-trajectories.lgg"),
        b: file("grammars/shortest-trajectories.lgg"),
        ..CompareInputs::default()
    };
    let e = budget::with_output_cap(1_000_000, || bench.compare(&r, &sides, &Silent)).unwrap_err();
    match &e {
        ApiError::TooLarge {
            cap: Cap::Output,
            message,
            ..
        } => assert_eq!(
            message,
            "the sentences only one side has would take more than 1 MB, the cap on the text of a result"
        ),
        other => panic!("not the cap on the text: {other:?}"),
    }
    // Without the cap it is a result.
    assert!(bench.compare(&r, &sides, &Silent).is_ok());
    assert_eq!(memory::held(), 0);
}

/// Runs the `lingeo` binary: its exit code, stderr and the length of its stdout.
fn lingeo(args: &[&str]) -> (Option<i32>, String, usize) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_lingeo"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.stdout.len(),
    )
}

fn scenario_file(name: &str, text: &str) -> String {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("job-memory");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

/// The CLI's commands stop at `--max-memory` with exit code 2 and the option named, where
/// `patterns` and `trajectories` aborted (exit 134) and `zones --json` printed past the limit
/// (issue 45); what fits is printed as before.
#[test]
fn the_cli_stops_at_max_memory_with_exit_2() {
    let far = scenario_file("far.scenario", FAR_PIECES);
    let robot = scenario_file("robot32.scenario", ROBOT_ZONE_32);
    let raise = "(--max-memory raises the limit, in MiB)";
    for args in [
        &["patterns", &far, "--horizon", "49", "--max-memory", "64"][..],
        &[
            "trajectories",
            "--board",
            "16x16",
            "--type",
            "king",
            "--from",
            "a1",
            "--to",
            "p16",
            "--length",
            "20",
            "--limit",
            "9000000",
            "--max-memory",
            "64",
        ],
        &[
            "zones",
            &robot,
            "--piece",
            "BOMBER",
            "--to",
            "(8,1)",
            "--max-zones",
            "1000000",
            "--all-zones",
            "--json",
            "--max-memory",
            "64",
        ],
    ] {
        let start = Instant::now();
        let (code, stderr, printed) = lingeo(args);
        assert_eq!(code, Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains("64 MiB") && stderr.contains(raise),
            "{args:?}: {stderr}"
        );
        assert_eq!(printed, 0, "{args:?}");
        assert!(start.elapsed() < Duration::from_secs(60), "{args:?}");
    }
    // Within the limit, the same listing is printed whole.
    let (code, stderr, printed) = lingeo(&[
        "trajectories",
        "--board",
        "16x16",
        "--type",
        "king",
        "--from",
        "a1",
        "--to",
        "p12",
        "--length",
        "16",
        "--json",
        "--max-memory",
        "64",
    ]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(printed > 59_595 * 17 * 4, "{printed}");
}
