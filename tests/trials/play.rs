//! `search` and `play` on the shipped games, and their errors: every case of `tests/play.cases`
//! is one trial, `play::NAME`, whose exit code, stdout and stderr are snapshotted in
//! `snapshots/NAME.snap`, with what differs from run to run redacted (times, CPU times, the
//! size of the table when the command does not give one).

use std::process::Command;

use libtest_mimic::{Failed, Trial};

use crate::table::{Case, cases_in, split};

pub fn trials() -> Vec<Trial> {
    cases_in("tests/play.cases")
        .into_iter()
        .map(|case| Trial::test(format!("play::{}", case.name), move || check(&case)))
        .collect()
}

fn check(case: &Case) -> Result<(), Failed> {
    let args = split(&case.args);
    let out = Command::new(env!("CARGO_BIN_EXE_lingeo"))
        .args(&args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .map_err(|e| format!("the lingeo binary does not run: {e}"))?;
    let stderr = String::from_utf8_lossy(&out.stderr);
    if out.status.code() != Some(case.code) {
        return Err(format!(
            "expected exit code {}, got {:?}\n--- stderr\n{stderr}",
            case.code,
            out.status.code()
        )
        .into());
    }
    let stdout = redacted(&String::from_utf8_lossy(&out.stdout), &args);
    let text = format!(
        "$ lingeo {}\nexit: {}\n--- stdout\n{stdout}--- stderr\n{stderr}",
        args.join(" "),
        case.code,
    );
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../../snapshots");
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| insta::assert_snapshot!(case.name.as_str(), text));
    Ok(())
}

/// The output with what differs from run to run replaced: a search's time and CPU time (in
/// text and JSON), and the table's size where the machine chose it (no `--tt-mb`).
fn redacted(stdout: &str, args: &[String]) -> String {
    let stdout = replace_numbers(stdout, r"time: [0-9.]+ s", "time: (redacted)");
    let stdout = replace_numbers(&stdout, r", CPU [0-9.]+ s", "");
    let stdout = replace_numbers(&stdout, r#""time_ms": [0-9.]+"#, "\"time_ms\": 0");
    let stdout = replace_numbers(&stdout, r#""cpu_time_ms": [0-9.]+"#, "\"cpu_time_ms\": 0");
    if args.iter().any(|a| a == "--tt-mb") {
        stdout
    } else {
        replace_numbers(
            &stdout,
            r", table [0-9.]+ MiB",
            ", table [sized to the machine]",
        )
    }
}

/// Replaces each match of a tiny pattern, literal text around one `[0-9.]+` run (enough for
/// times, without a regex dependency), by `with`.
fn replace_numbers(text: &str, pattern: &str, with: &str) -> String {
    let (head, tail) = pattern
        .split_once("[0-9.]+")
        .expect("a number in the pattern");
    let mut out = String::new();
    let mut rest = text;
    while let Some(i) = rest.find(head) {
        let after = &rest[i + head.len()..];
        let digits = after.len()
            - after
                .trim_start_matches(|c: char| c.is_ascii_digit() || c == '.')
                .len();
        if digits > 0 && after[digits..].starts_with(tail) {
            out.push_str(&rest[..i]);
            out.push_str(with);
            rest = &after[digits + tail.len()..];
        } else {
            out.push_str(&rest[..i + head.len()]);
            rest = after;
        }
    }
    out.push_str(rest);
    out
}
