//! `lingeo compare`: two grammars, or a grammar and the native generator, on one start and on
//! seeded random starts; stdout, stderr and the exit code snapshotted.

use std::process::Command;

fn compare(args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_lingeo"))
        .arg("compare")
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the lingeo binary runs");
    let code = out.status.code().unwrap_or(-1);
    let text = format!(
        "$ lingeo compare {}\nexit: {code}\n--- stdout\n{}--- stderr\n{}",
        args.join(" "),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (code, text)
}

fn settings() -> insta::Settings {
    let mut s = insta::Settings::clone_current();
    s.set_snapshot_path("../../snapshots");
    s.set_prepend_module_to_snapshot(false);
    s
}

const SIMPLIFIED: [&str; 5] = [
    "examples/robot-zone-simplified.scenario",
    "--piece",
    "BOMBER",
    "--start",
    "S(h5, h1, 4)",
];

/// The shipped grammar of zones with the filters equals the native generator.
#[test]
fn equal_languages() {
    let _guard = settings().bind_to_scope();
    let mut args = vec!["grammars/zones-filtered.lgg", "native"];
    args.extend(SIMPLIFIED);
    let (code, text) = compare(&args);
    assert_eq!(code, 0, "{text}");
    assert!(
        text.contains("S(h5, h1, 4): equal, 5 sentences\n"),
        "{text}"
    );
    insta::assert_snapshot!("compare-grammars-equal", text);
    // Two grammars of trajectories at the distance: the shortest are the admissible ones.
    let (code, text) = compare(&[
        "grammars/shortest-trajectories.lgg",
        "grammars/admissible-trajectories.lgg",
        "examples/robot-king.scenario",
        "--piece",
        "K",
        "--start",
        "S(h8, c6, 5)",
    ]);
    assert_eq!(code, 0, "{text}");
    assert!(text.contains("equal, 2 sentences"), "{text}");
}

/// The literal grammar of zones against the filtered native generator: the counts of each
/// side and the first sentences only one has; exit code 1. With `--filters none` they agree.
#[test]
fn different_languages_show_the_first_differences() {
    let _guard = settings().bind_to_scope();
    let mut args = vec!["grammars/zones.lgg", "native"];
    args.extend(SIMPLIFIED);
    args.extend(["--show", "2"]);
    let (code, text) = compare(&args);
    assert_eq!(code, 1, "{text}");
    assert!(
        text.contains("S(h5, h1, 4): different: A 7 sentences, B 5 sentences, 0 in both\n"),
        "{text}"
    );
    assert!(
        text.contains("  ... and 5 more sentences only in A\n"),
        "{text}"
    );
    // Zones: the trajectories only one side's zones hold come first, each once, where every
    // zone holding one of them is a sentence only that side has.
    assert!(text.contains("  symbol only in A: t("), "{text}");
    insta::assert_snapshot!("compare-grammars-different", text);
    args.extend(["--filters", "none"]);
    let (code, text) = compare(&args);
    assert_eq!(code, 0, "{text}");
    // Two grammars printed as they print: shortest against admissible above the distance.
    let (code, text) = compare(&[
        "grammars/shortest-trajectories.lgg",
        "grammars/admissible-trajectories.lgg",
        "examples/robot-king.scenario",
        "--piece",
        "K",
        "--start",
        "S(h8, c6, 6)",
        "--show",
        "1",
    ]);
    assert_eq!(code, 1, "{text}");
    insta::assert_snapshot!("compare-grammars-two-grammars-different", text);
}

/// `--subset` and `--superset` pass when one language holds the other; the filtered zones are
/// no subset of the unfiltered ones (a filter drops trajectories, so each filtered zone is a
/// smaller sentence), and their symbols all are.
#[test]
fn containment_and_json() {
    let _guard = settings().bind_to_scope();
    let trajectories = |checks: &[&str]| {
        let mut args = vec![
            "grammars/shortest-trajectories.lgg",
            "grammars/admissible-trajectories.lgg",
            "examples/robot-king.scenario",
            "--piece",
            "K",
            "--start",
            "S(h8, c6, 6)",
            "--show",
            "1",
        ];
        args.extend(checks);
        compare(&args)
    };
    let (code, text) = trajectories(&["--subset"]);
    assert_eq!(code, 0, "{text}");
    assert!(
        text.contains("S(h8, c6, 6): A within B: A 0 sentences, B 9 sentences"),
        "{text}"
    );
    let (code, text) = trajectories(&["--superset"]);
    assert_eq!(code, 1, "{text}");
    assert!(text.contains("B not within A"), "{text}");
    assert!(text.contains("  sentence only in B: "), "{text}");
    assert!(!text.contains("only in A"), "{text}");
    insta::assert_snapshot!("compare-grammars-superset-fails", text);

    let mut args = vec!["grammars/zones-filtered.lgg", "grammars/zones.lgg"];
    args.extend(SIMPLIFIED);
    args.push("--subset");
    let (code, text) = compare(&args);
    assert_eq!(code, 1, "{text}");
    assert!(!text.contains("symbol only in A"), "{text}");
    args.push("--json");
    let (code, text) = compare(&args);
    assert_eq!(code, 1, "{text}");
    let json: serde_json::Value = serde_json::from_str(
        text.split("--- stdout\n")
            .nth(1)
            .unwrap()
            .split("--- stderr")
            .next()
            .unwrap(),
    )
    .unwrap();
    assert_eq!(json["check"], "subset");
    assert_eq!(json["passed"], false);
    let start = &json["starts"][0];
    assert_eq!(
        (start["count_a"].as_u64(), start["count_b"].as_u64()),
        (Some(5), Some(7))
    );
    assert_eq!(start["symbols_only_a"].as_array().map(Vec::len), Some(0));
    assert!(!start["symbols_only_b"].as_array().unwrap().is_empty());
    insta::assert_snapshot!("compare-grammars-subset-json", text);
    // --subset and --superset together make no sense.
    let (code, text) = trajectories(&["--subset", "--superset"]);
    assert_eq!(code, 2, "{text}");
    assert!(
        text.contains("give --subset or --superset, not both"),
        "{text}"
    );
}

/// `--random`: seeded starts, reported with the seed; the same seed gives the same report;
/// each disagreement is reported.
#[test]
fn random_starts() {
    let _guard = settings().bind_to_scope();
    let args = [
        "grammars/admissible-trajectories.lgg",
        "native",
        "--board",
        "5x5",
        "--type",
        "knight",
        "--random",
        "6",
        "--seed",
        "42",
        "--lengths",
        "admissible",
    ];
    let (code, text) = compare(&args);
    assert_eq!(code, 0, "{text}");
    assert!(text.contains(", seed 42\n"), "{text}");
    assert!(text.contains("6 starts: 6 equal, 0 different\n"), "{text}");
    assert_eq!(compare(&args).1, text, "the seed fixes the starts");
    insta::assert_snapshot!("compare-grammars-random", text);
    // Another seed, other starts.
    let mut other = args;
    other[9] = "43";
    assert_ne!(compare(&other).1.replace("43", "42"), text);

    // The shortest-trajectory grammar against native admissible lengths disagrees wherever
    // the length is above the distance.
    let (code, text) = compare(&[
        "grammars/shortest-trajectories.lgg",
        "native",
        "--board",
        "5x5",
        "--type",
        "king",
        "--random",
        "8",
        "--seed",
        "1",
        "--lengths",
        "admissible",
        "--show",
        "1",
    ]);
    assert_eq!(code, 1, "{text}");
    assert!(text.contains("different: A 0 sentences"), "{text}");
    insta::assert_snapshot!("compare-grammars-random-disagreements", text);

    // Zones: from where the piece stands to its targets.
    let (code, text) = compare(&[
        "grammars/zones-filtered.lgg",
        "native",
        "examples/reti.scenario",
        "--piece",
        "BK",
        "--random",
        "4",
        "--seed",
        "5",
    ]);
    assert_eq!(code, 0, "{text}");
    insta::assert_snapshot!("compare-grammars-random-zones", text);

    // A start that cannot be compared (a language past --max-sentences) leaves the answer
    // open: exit code 2, the reason on stderr, every start's line on stdout all the same.
    let mut capped = args.to_vec();
    capped.extend(["--max-sentences", "3"]);
    let (code, text) = compare(&capped);
    assert_eq!(code, 2, "{text}");
    assert!(
        text.contains("S(d1, b3, 4): error: the language has more than 3 sentences\n"),
        "{text}"
    );
    assert!(
        text.contains("6 starts: 5 equal, 0 different, 1 failed\n--- stderr\nerror: 1 of 6 starts could not be compared"),
        "{text}"
    );
}

/// `--jobs 2` spreads the random starts over two threads and prints the same bytes as one:
/// the report (with a disagreement and a start that fails) and its JSON.
#[test]
fn random_starts_on_two_jobs_print_what_one_prints() {
    let base = [
        "grammars/shortest-trajectories.lgg",
        "native",
        "--board",
        "5x5",
        "--type",
        "king",
        "--random",
        "24",
        "--seed",
        "9",
        "--lengths",
        "admissible",
        "--max-sentences",
        "40",
    ];
    for extra in [&[][..], &["--json"][..]] {
        let run = |jobs: &str| {
            let mut args = base.to_vec();
            args.extend(extra);
            args.extend(["--jobs", jobs]);
            let (code, text) = compare(&args);
            (code, text.replace(&format!(" --jobs {jobs}"), ""))
        };
        let one = run("1");
        let differs = one.1.contains("different") || one.1.contains("\"passed\": false");
        assert!(differs, "{}", one.1);
        assert!(one.1.contains("more than the limit of 40"), "{}", one.1);
        assert_eq!(run("2"), one, "{extra:?}");
    }
    let (code, text) = compare(&[
        "grammars/hanoi.lgg",
        "grammars/hanoi.lgg",
        "--start",
        "S(2, a, c)",
        "--jobs",
        "0",
    ]);
    assert_eq!(code, 2, "{text}");
}

/// `native` beside a grammar that is neither of trajectories nor of zones, or beside itself.
#[test]
fn native_needs_a_grammar_it_can_stand_for() {
    let _guard = settings().bind_to_scope();
    let (code, text) = compare(&["grammars/hanoi.lgg", "native", "--start", "S(3, a, c)"]);
    assert_eq!(code, 2, "{text}");
    assert!(text.contains("is neither"), "{text}");
    let (code, text) = compare(&["native", "native", "--start", "S(3, a, c)"]);
    assert_eq!(code, 2, "{text}");
    let (code, text) = compare(&["grammars/hanoi.lgg", "grammars/hanoi.lgg", "--random", "3"]);
    assert_eq!(code, 2, "{text}");
    insta::assert_snapshot!("compare-grammars-random-needs-points", text);
}

/// `--time` stops a long comparison (every admissible length of 100000 random starts on a
/// 16x16 board, on two jobs) with the time limit named, and the flag that raises it; the
/// request's rules are the flags' words (`--seed` without `--random`, no start).
#[test]
fn the_time_limit_stops_a_long_comparison() {
    let started = std::time::Instant::now();
    let (code, text) = compare(&[
        "grammars/shortest-trajectories.lgg",
        "native",
        "--board",
        "16x16",
        "--type",
        "king",
        "--random",
        "100000",
        "--seed",
        "1",
        "--lengths",
        "admissible",
        "--jobs",
        "2",
        "--time",
        "0.2",
    ]);
    assert_eq!(code, 2, "{text}");
    assert!(
        text.contains("time limit") && text.contains("--time"),
        "{text}"
    );
    // It stopped at the limit, not after the 100000 starts (which take minutes).
    assert!(started.elapsed().as_secs() < 60, "{text}");
    let (code, text) = compare(&["native", "native", "--start", "S(a1)", "--time", "0"]);
    assert_eq!(code, 2, "{text}");
    assert!(text.contains("--time must be a positive number"), "{text}");
    let (code, text) = compare(&["native", "native", "--seed", "3"]);
    assert_eq!(code, 2, "{text}");
    assert!(text.contains("--seed goes with --random"), "{text}");
    let (code, text) = compare(&["grammars/hanoi.lgg", "native"]);
    assert_eq!(code, 2, "{text}");
    assert!(
        text.contains("give --start (the start string) or --random"),
        "{text}"
    );
}
