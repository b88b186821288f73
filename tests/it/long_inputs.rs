//! Inputs whose diagnostics grew past their size, or took time past it: a one-line file of a
//! megabyte echoed whole under each of 50 diagnostics (a 10 MB line printed 495 MB), half a
//! million diagnostics held to show 50, notes listing every type of a file for each unknown
//! one, and lookups that scanned every type or function per use. What is printed now stays
//! small whatever the file's size, and what is done grows with it linearly (the bounds on time
//! below are far above what it takes, and far below what it took).

use std::process::Command;
use std::time::{Duration, Instant};

use lingeo::grammar::{Grammar, GrammarError};
use lingeo::scenario::Scenario;
use lingeo::syntax::SourceErrors;

fn scenario_errors(source: &str) -> SourceErrors {
    match Scenario::parse("long.scenario", source) {
        Ok(_) => panic!("the scenario should not parse"),
        Err(e) => e,
    }
}

fn grammar_errors(source: &str) -> SourceErrors {
    match Grammar::parse_without_files("long.lgg", source) {
        Err(GrammarError::Invalid(mut files)) => files.remove(0),
        Err(e) => panic!("{e}"),
        Ok(_) => panic!("the grammar should not check"),
    }
}

/// The 1-based character column of byte `at` in its line.
fn column(source: &str, at: usize) -> usize {
    let start = source[..at].rfind('\n').map_or(0, |i| i + 1);
    source[start..at].chars().count() + 1
}

#[test]
fn a_long_line_is_shown_around_each_error_only() {
    // One line of a megabyte, a stray character every other byte.
    let source = format!("board 8x8 {}\n", "@ ".repeat(500_000));
    let errors = scenario_errors(&source);
    let text = errors.render();
    // 50 excerpts of a few hundred bytes, not 50 MB.
    assert!(text.len() < 100_000, "{} bytes", text.len());
    let first = text.split("Error:").nth(1).unwrap();
    assert!(first.contains("long.scenario:1:11 ]"), "{first}");
    assert!(first.contains(" 1 | board 8x8 @ @ @"), "{first}");
    assert!(first.contains("@ @..."), "the clip is shown: {first}");
    assert!(
        first.contains(
            "the excerpt shows only the parts of line 1 (1000010 characters) around the error; \
             `...` marks what it leaves out"
        ),
        "{first}"
    );
    // The 50th error's heading has its column in the file, not in the excerpt.
    let fiftieth = &errors.diagnostics[49];
    let heading = format!("long.scenario:1:{} ]", column(&source, fiftieth.span.start));
    assert!(text.contains(&heading), "{heading}");
    // Past 10,000 runs of stray characters the rest of the file is one, not read.
    assert_eq!(errors.diagnostics.len(), 10_001);
    let last = errors.diagnostics.last().unwrap();
    assert!(
        last.message.contains("the rest of the file is not read"),
        "{}",
        last.message
    );
    assert!(
        text.ends_with("long.scenario: 9951 more errors not shown (the first 50 are above)\n"),
        "{}",
        &text[text.len() - 200..]
    );
}

#[test]
fn an_error_far_into_a_long_line_is_shown_with_its_surroundings() {
    let source = format!(
        "board 8x8\nwhite king at a1 as K\nremoved {}@ b2\n",
        "a2 ".repeat(100_000)
    );
    let errors = scenario_errors(&source);
    let text = errors.render();
    let at = source.find('@').unwrap();
    assert!(
        text.contains(&format!("long.scenario:3:{} ]", column(&source, at))),
        "{text}"
    );
    assert!(text.contains(" 3 | ...a2 a2 a2 "), "{text}");
    assert!(text.contains("a2 @ b2\n"), "{text}");
    assert!(text.len() < 2_000, "{text}");
}

#[test]
fn a_message_quoting_a_long_run_is_cut() {
    // One run of a million stray characters: one diagnostic, whose message quotes the run.
    let source = format!("board 8x8\n{}\n", "@".repeat(1_000_000));
    let errors = scenario_errors(&source);
    let text = errors.render();
    assert!(text.len() < 3_000, "{} bytes", text.len());
    assert!(text.contains("unexpected characters `@@@@"), "{text}");
    assert!(text.contains("@@@..."), "{text}");
    // The API's one-line message is cut the same way.
    let api = lingeo::api::ApiError::from(errors);
    let lingeo::api::ApiError::Source { message, .. } = api else {
        panic!("a source error")
    };
    assert!(message.len() < 500 && message.ends_with("..."), "{message}");
}

#[test]
fn a_long_line_of_a_grammar_is_clipped_too() {
    let source = format!("grammar g\n{}\n", "$ ".repeat(500_000));
    let errors = grammar_errors(&source);
    let text = errors.render();
    assert!(text.len() < 100_000, "{} bytes", text.len());
    assert!(text.contains(" 2 | $ $ $"), "{text}");
    assert!(text.contains("$ $..."), "{text}");
    assert!(errors.diagnostics.len() <= 10_010);
}

#[test]
fn the_cli_prints_little_for_a_long_line() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("long-inputs");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("long.scenario");
    std::fs::write(&path, format!("board 8x8 {}\n", "@ ".repeat(500_000))).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_lingeo"))
        .arg("check")
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stderr.len() < 100_000, "{} bytes", out.stderr.len());
}

#[test]
fn many_types_and_pieces_resolve_in_linear_time_with_short_notes() {
    // 40,000 types, 40,000 pieces of unknown types and 40,000 goals of pieces: each unknown type
    // had a note naming every type (gigabytes), and each type and goal owner was looked up by
    // a scan (80,000 types took 29 s).
    let n = 40_000;
    let mut source = String::from("board 300x300\n");
    for i in 0..n {
        source.push_str(&format!("type T{i} {{ like king }}\n"));
    }
    for i in 0..n {
        source.push_str(&format!(
            "white U{i} at ({},{}) as P{i}\n",
            i % 300 + 1,
            i / 300 + 1
        ));
    }
    for i in 0..n {
        source.push_str(&format!("goal (1,1) for P{i}\n"));
    }
    let started = Instant::now();
    let errors = scenario_errors(&source);
    let took = started.elapsed();
    assert!(took < Duration::from_secs(20), "{took:?}");
    let unknown: Vec<_> = errors
        .diagnostics
        .iter()
        .filter(|d| d.message.starts_with("unknown piece type"))
        .collect();
    assert_eq!(unknown.len(), n);
    assert_eq!(
        unknown[0].notes,
        [format!(
            "known types: king, queen, rook, bishop, knight, pawn, {}, and {} more",
            (0..24)
                .map(|i| format!("T{i}"))
                .collect::<Vec<_>>()
                .join(", "),
            n + 6 - 30
        )]
    );
    // The goals' owners were not placed: not reported again.
    assert_eq!(errors.diagnostics.len(), n);
    // The same types, with pieces of them: it loads.
    let valid = source.replace("white U", "white T");
    let started = Instant::now();
    let scenario = Scenario::parse("many.scenario", &valid).unwrap_or_else(|e| panic!("{e}"));
    assert!(started.elapsed() < Duration::from_secs(20));
    assert_eq!(scenario.pieces.len(), n);
    assert_eq!(scenario.types.len(), n + 6);
    assert_eq!(scenario.pieces[n - 1].type_index, n + 5);
}

#[test]
fn calls_to_unknown_functions_get_a_bounded_number_of_suggestions() {
    // 20,000 functions and as many calls to a misspelt one: each looked at every name for a
    // did-you-mean note (80 s). The first 200 unknown names get one; the rest are reported
    // without.
    let n = 20_000;
    let mut source = String::from("grammar g\nstart S()\nterminal a()\nnonterminal S()\n");
    for i in 0..n {
        source.push_str(&format!("fn f{i}(k: int) -> int = g{i}(k)\n"));
    }
    source.push_str("productions\n  1 | true | S -> a() | | {} | {}\n");
    let started = Instant::now();
    let errors = grammar_errors(&source);
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "{:?}",
        started.elapsed()
    );
    let unknown: Vec<_> = errors
        .diagnostics
        .iter()
        .filter(|d| d.message.starts_with("unknown function"))
        .collect();
    assert_eq!(unknown.len(), n);
    assert_eq!(unknown[0].notes, ["did you mean `f0`?"]);
    let suggested = unknown.iter().filter(|d| !d.notes.is_empty()).count();
    assert_eq!(suggested, 200);
}

#[test]
fn many_unterminated_strings_are_lexed_in_linear_time() {
    // 400,000 lines of `"` took 47 s: each error token was looked up in the list of
    // unterminated strings by a scan.
    let source = format!("board 8x8\n{}", "\"\n".repeat(400_000));
    let started = Instant::now();
    let errors = scenario_errors(&source);
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(errors.diagnostics[0].message, "unterminated string");
    // Counted as runs of unexpected characters: the rest of the file is not read.
    assert_eq!(errors.diagnostics.len(), 10_001);
}
