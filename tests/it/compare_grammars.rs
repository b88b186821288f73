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
    assert!(text.contains("  ... and 5 more only in A\n"), "{text}");
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
