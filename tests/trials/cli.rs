//! The CLI run on the shipped examples and on bad arguments: every case of `tests/cli.cases` is
//! one trial, `cli::NAME`, whose exit code, stdout and stderr are snapshotted in
//! `snapshots/NAME.snap`.

use libtest_mimic::{Failed, Trial};

use crate::table::{Case, cases, run, split};

pub fn trials() -> Vec<Trial> {
    cases()
        .into_iter()
        .map(|case| Trial::test(format!("cli::{}", case.name), move || check(&case)))
        .collect()
}

fn check(case: &Case) -> Result<(), Failed> {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../../snapshots");
    settings.set_prepend_module_to_snapshot(false);
    let _guard = settings.bind_to_scope();
    let args = split(&case.args);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let output = without_search_time(&run(&args));
    if !output.contains(&format!("\nexit: {}\n", case.code)) {
        return Err(format!("expected exit code {}\n{output}", case.code).into());
    }
    insta::assert_snapshot!(case.name.as_str(), output);
    Ok(())
}

/// The output with a search's `time: 0.076 s` line redacted: it differs from run to run.
fn without_search_time(output: &str) -> String {
    output
        .split_inclusive('\n')
        .map(|line| {
            if line.starts_with("time: ") && line.trim_end().ends_with(" s") {
                "time: [redacted]\n"
            } else {
                line
            }
        })
        .collect()
}
