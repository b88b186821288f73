//! The CLI run on the shipped examples and on bad arguments: every case of `tests/cli.cases` is
//! one trial, `cli::NAME`, whose exit code, stdout and stderr are snapshotted in
//! `snapshots/NAME.snap`; and `patterns` (at most 10 per pair) and `fuzzy` on every shipped
//! scenario, one trial each, `cli::cli-patterns-example-STEM` and `cli::cli-fuzzy-example-STEM`
//! (refused, exit 2, on a scenario whose pieces capture by jumping).

use libtest_mimic::{Failed, Trial};

use crate::table::{Case, cases, run, split};

pub fn trials() -> Vec<Trial> {
    let mut trials: Vec<Trial> = cases()
        .into_iter()
        .map(|case| Trial::test(format!("cli::{}", case.name), move || check(&case)))
        .collect();
    for path in crate::common::example_scenarios() {
        let stem = path.file_stem().unwrap().to_string_lossy().to_string();
        let file = format!("examples/{stem}.scenario");
        for (command, extra) in [("patterns", &["--limit", "10"][..]), ("fuzzy", &[][..])] {
            let name = format!("cli-{command}-example-{stem}");
            let mut args = vec![command.to_string(), file.clone()];
            args.extend(extra.iter().map(|a| a.to_string()));
            // The patterns refuse a type that captures by jumping (checkers): exit 2.
            let text = std::fs::read_to_string(&path).unwrap();
            let code = if text.lines().any(|l| l.trim_start().starts_with("jump ")) {
                2
            } else {
                0
            };
            trials.push(Trial::test(format!("cli::{name}"), move || {
                check_example(&name, &args, code)
            }));
        }
    }
    trials
}

/// `lingeo ARGS` on a shipped scenario exits `code` and prints its snapshot `NAME`.
fn check_example(name: &str, args: &[String], code: i32) -> Result<(), Failed> {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let output = run(&args);
    if !output.contains(&format!("\nexit: {code}\n")) {
        return Err(format!("expected exit code {code}\n{output}").into());
    }
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../../snapshots");
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| insta::assert_snapshot!(name, output));
    Ok(())
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

/// The output with a search's `time: 0.076 s` line redacted: it differs from run to run; and
/// the size of the default table, sized to the machine (`table 1024 MiB`), when the command
/// does not give one.
fn without_search_time(output: &str) -> String {
    let sized = !output.contains("--tt-mb");
    output
        .split_inclusive('\n')
        .map(|line| {
            if line.starts_with("time: ") && line.trim_end().ends_with(" s") {
                "time: [redacted]\n".to_string()
            } else if let Some(at) = line.find(", table ").filter(|_| sized)
                && let Some(mib) = line[at..].find(" MiB")
                && line[at + 8..at + mib].bytes().all(|b| b.is_ascii_digit())
            {
                format!(
                    "{}, table [sized to the machine]{}",
                    &line[..at],
                    &line[at + mib + 4..]
                )
            } else {
                line.to_string()
            }
        })
        .collect()
}
