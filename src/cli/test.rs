//! `lingeo test`: run case files and hold each case's output to its snapshot
//! (docs/testing-grammars.md). The case files, the snapshots and the parallel runner are the
//! library's (`lingeo::cases`); this file finds the files, checks each command line against
//! the CLI, runs the commands in-process and prints the results.
//!
//! In-process rather than a child process per case: every command returns its output as a
//! string, so a case costs no process start and no re-read of the built-in grammars, and its
//! output is exactly what the binary would print.

use std::convert::Infallible;
use std::path::{Path, PathBuf};

use clap::{Args, CommandFactory, FromArgMatches, ValueHint};
use lingeo::cases::inside::inside;
use lingeo::cases::run::{self, Failure, Job, Outcome, Status, Writes};
use lingeo::cases::{CaseFile, CommandLine};
use lingeo::syntax::{Diagnostic, render};
use serde::Serialize;

use super::{Cli, CliError, Report};

#[derive(Args, Debug)]
pub struct TestArgs {
    /// Case files (`*.cases`), or folders whose `*.cases` files to run (default: the current
    /// folder).
    pub paths: Vec<PathBuf>,
    /// Write every missing or different snapshot instead of failing the case (a case whose
    /// command fails, or whose two command lines disagree, still fails).
    #[arg(long)]
    pub bless: bool,
    /// Run only the cases whose name contains TEXT.
    #[arg(long, value_name = "TEXT")]
    pub filter: Option<String>,
    /// Print JSON: `{passed, failed, filtered_out, cases: [{file, name, line, snapshot,
    /// status, ...}]}`.
    #[arg(long)]
    pub json: bool,
    /// Run this many cases at a time (default: one per core).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=256))]
    pub jobs: Option<u32>,
    /// Let cases write their outputs (`--svg FILE`, `demo --out DIR`) outside their case
    /// file's folder: absolute paths, `..` above it, symbolic links out of it. Without it such
    /// a case is a mistake of its file, reported at its line before anything runs, and a
    /// snapshot `--bless` would write through a symbolic link out of the folder (in
    /// `snapshots/`, or `snapshots/` itself) fails its case.
    #[arg(long)]
    pub allow_outside_writes: bool,
}

pub fn run(args: &TestArgs) -> Result<Report, CliError> {
    let files = load(&case_files(&args.paths)?, args.allow_outside_writes)?;
    let jobs: Vec<Job> = files
        .iter()
        .flat_map(|file| file.cases.iter().map(move |case| Job { file, case }))
        .filter(|job| {
            args.filter
                .as_deref()
                .is_none_or(|f| job.case.name.contains(f))
        })
        .collect();
    let total: usize = files.iter().map(|f| f.cases.len()).sum();
    let threads = match args.jobs {
        Some(n) => n as usize,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let writes = match (args.bless, args.allow_outside_writes) {
        (false, _) => Writes::Nothing,
        (true, false) => Writes::InsideFolder,
        (true, true) => Writes::Anywhere,
    };
    let statuses = run::run_all(&jobs, writes, threads, &execute);
    let failed = statuses.iter().filter(|s| !s.passed()).count();
    let summary = Summary {
        passed: statuses.len() - failed,
        failed,
        filtered_out: total - jobs.len(),
        written: statuses
            .iter()
            .filter(|s| matches!(s, Status::Written | Status::Updated(_)))
            .count(),
    };
    let text = if args.json {
        json(&jobs, &statuses, &summary)?
    } else {
        listing(&jobs, &statuses, &summary)
    };
    Ok(Report {
        text,
        failed: failed > 0,
        gave_up: None,
    })
}

/// The case files of the arguments: files as given, folders for their `*.cases` files.
fn case_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, CliError> {
    let here = [PathBuf::from(".")];
    let paths = if paths.is_empty() { &here[..] } else { paths };
    let mut files = Vec::new();
    for path in paths {
        if !path.is_dir() {
            files.push(path.clone());
            continue;
        }
        let entries =
            std::fs::read_dir(path).map_err(|e| CliError(format!("{}: {e}", path.display())))?;
        let mut found: Vec<PathBuf> = entries
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "cases") && p.is_file())
            // `./x.cases` as `x.cases`, so that listings and relative paths read as typed.
            .map(|p| match p.strip_prefix(".") {
                Ok(rest) if path == Path::new(".") => rest.to_path_buf(),
                _ => p,
            })
            .collect();
        if found.is_empty() {
            return Err(CliError(format!(
                "{}: no case file (*.cases) in this folder",
                path.display()
            )));
        }
        found.sort();
        files.extend(found);
    }
    Ok(files)
}

/// The command names a case may run: every command but `test` itself and `serve` (which
/// serves until stopped).
fn commands() -> Vec<String> {
    Cli::command()
        .get_subcommands()
        .map(|c| c.get_name().to_string())
        .filter(|name| !["test", "serve", "help"].contains(&name.as_str()))
        .collect()
}

/// Parses every case file and checks every command line against the CLI's arguments, so that
/// a misspelt option is reported at its line before anything runs, and (unless `outside`) that
/// every output stays inside the case file's folder; all mistakes at once.
fn load(paths: &[PathBuf], outside: bool) -> Result<Vec<CaseFile>, CliError> {
    let names = commands();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let mut files = Vec::new();
    let mut errors = String::new();
    for path in paths {
        match CaseFile::load(path, &names) {
            Ok((file, mut bad)) => {
                let commands = file.cases.iter().flat_map(|c| &c.commands);
                for command in commands {
                    match arguments_error(command) {
                        Some(d) => bad.push(d),
                        None if !outside => bad.extend(outside_writes(&file, command)),
                        None => {}
                    }
                }
                if bad.is_empty() {
                    files.push(file);
                } else {
                    bad.sort_by_key(|d| d.span.start);
                    errors.push_str(&render(&path.display().to_string(), &file.source, &bad));
                }
            }
            // Rendered diagnostics end with their newline; a one-line error gets its prefix.
            Err(e) => match e.to_string() {
                e if e.ends_with('\n') => errors.push_str(&e),
                e => errors.push_str(&format!("error: {e}\n")),
            },
        }
    }
    if errors.is_empty() {
        Ok(files)
    } else {
        Err(CliError(errors))
    }
}

/// Clap's complaint about a command line, as a diagnostic on it: its first line, with the
/// indented lines under it (what is missing: `the following required arguments were not
/// provided: --start <START>`), and its tips as notes.
fn arguments_error(command: &CommandLine) -> Option<Diagnostic> {
    let argv = std::iter::once("lingeo").chain(command.words.iter().map(String::as_str));
    let e = Cli::command().try_get_matches_from(argv).err()?;
    let text = e.to_string();
    let mut lines = text.lines().peekable();
    let first = lines.next().unwrap_or_default();
    let mut message = first.strip_prefix("error: ").unwrap_or(first).to_string();
    let mut listed = Vec::new();
    while let Some(line) = lines.next_if(|l| l.starts_with(' ') && !l.trim().is_empty()) {
        listed.push(line.trim());
    }
    if !listed.is_empty() {
        message = format!(
            "{} {}",
            message.trim_end_matches(':').to_string() + ":",
            listed.join(", ")
        );
    }
    let mut d = Diagnostic::new(message, command.span.clone()).with_label("in these arguments");
    for line in lines.map(str::trim).filter(|l| l.starts_with("tip:")) {
        d = d.with_note(line.trim_start_matches("tip:").trim_start());
    }
    Some(d.with_note(format!(
        "`lingeo {} --help` lists its options",
        command.words[0]
    )))
}

/// The arguments a command writes to: a file or a folder whose path a case gives. Every path
/// argument of the CLI is either here or in [`INPUTS`] (a test holds every one to that), so that
/// a new output cannot slip past [`outside_writes`].
const OUTPUTS: &[&str] = &["svg", "dot", "out", "pgn_out"];

/// The path arguments a command only reads.
#[cfg(test)]
const INPUTS: &[&str] = &[
    "files", "scenario", "grammar", "rules", "network", "a", "b", "pgn",
];

/// The outputs of `command` that would be written outside the case file's folder, each as a
/// diagnostic on its word: an absolute path, a `..` above the folder, or a path through a
/// symbolic link (or to one) that leads out of it.
fn outside_writes(file: &CaseFile, command: &CommandLine) -> Vec<Diagnostic> {
    let argv = std::iter::once("lingeo").chain(command.words.iter().map(String::as_str));
    let Ok(matches) = Cli::command().try_get_matches_from(argv) else {
        return Vec::new();
    };
    let Some((_, sub)) = matches.subcommand() else {
        return Vec::new();
    };
    let base = match file.dir() {
        dir if dir.as_os_str().is_empty() => Path::new("."),
        dir => dir,
    };
    let mut found = Vec::new();
    for id in OUTPUTS {
        let Ok(Some(path)) = sub.try_get_one::<PathBuf>(id) else {
            continue;
        };
        let Err(why) = inside(base, path) else {
            continue;
        };
        let why = why.to_string();
        let value = path.to_string_lossy();
        let span = word_span(file, command, &value).unwrap_or(command.span.clone());
        found.push(
            Diagnostic::new(
                format!("`{value}` is written outside the case file's folder"),
                span,
            )
            .with_label(why)
            .with_note(
                "a case writes only inside its case file's folder; `lingeo test \
                 --allow-outside-writes` lets it write elsewhere",
            ),
        );
    }
    found
}

/// Where the word holding `value` (`--svg FILE`'s FILE, or `--svg=FILE`) is written in the case
/// file.
fn word_span(file: &CaseFile, command: &CommandLine, value: &str) -> Option<lingeo::syntax::Span> {
    let text = file.source.get(command.span.clone())?;
    let tokens = lingeo::cases::words::split(text, command.span.start).ok()?;
    tokens.into_iter().find_map(|token| match token {
        lingeo::cases::words::Token::Word(word, span)
            if word == value || word.strip_suffix(value).is_some_and(|w| w.ends_with('=')) =>
        {
            Some(span)
        }
        _ => None,
    })
}

/// Runs one command line of a case in-process, with its paths taken relative to the case
/// file's folder (never by changing the process's folder: cases run in parallel).
fn execute(file: &CaseFile, command: &CommandLine) -> Outcome {
    let base = file.dir();
    let argv = std::iter::once("lingeo").chain(command.words.iter().map(String::as_str));
    let parsed = rebase(Cli::command(), base)
        .try_get_matches_from(argv)
        .and_then(|m| Cli::from_arg_matches(&m));
    let mut cli = match parsed {
        Ok(cli) => cli,
        Err(e) => {
            return Outcome {
                output: String::new(),
                code: 2,
                error: e.to_string(),
            };
        }
    };
    // A match spec's files are inside a string argument, which `rebase` cannot see.
    if let super::Command::Match(args) = &mut cli.command {
        args.base = base.to_path_buf();
    }
    let mut trace = String::new();
    let result = super::execute(cli.command, &mut |line| {
        trace.push_str(line);
        trace.push('\n');
    });
    let redact = command.words[0] == "search";
    let tidy = |text: &str| {
        let text = relative(text, base);
        if redact { without_times(&text) } else { text }
    };
    match result {
        Ok(report) => Outcome {
            output: tidy(&format!("{trace}{}", report.text)),
            code: i32::from(report.code()),
            error: report
                .gave_up
                .as_ref()
                .map_or_else(String::new, |why| tidy(&CliError(why.clone()).stderr())),
        },
        Err(e) => Outcome {
            output: tidy(&trace),
            code: 2,
            error: tidy(&e.stderr()),
        },
    }
}

/// The CLI with every path argument (clap's `PathBuf` values) read relative to `base`; `native`
/// (the `compare` command's word for the native generator) is no path and stays as it is.
fn rebase(mut command: clap::Command, base: &Path) -> clap::Command {
    if base.as_os_str().is_empty() {
        return command;
    }
    let paths: Vec<clap::Id> = command
        .get_arguments()
        .filter(|a| a.get_value_hint() == ValueHint::AnyPath)
        .map(|a| a.get_id().clone())
        .collect();
    for id in paths {
        let base = base.to_path_buf();
        command = command.mut_arg(id, move |a| {
            a.value_parser(move |s: &str| {
                Ok::<PathBuf, Infallible>(if s == "native" {
                    PathBuf::from(s)
                } else {
                    base.join(s)
                })
            })
        });
    }
    let subcommands: Vec<String> = command
        .get_subcommands()
        .map(|c| c.get_name().to_string())
        .collect();
    for name in subcommands {
        command = command.mut_subcommand(name, |c| rebase(c, base));
    }
    command
}

/// `text` with the case file's folder taken off the paths in it, so that a case prints its
/// paths as the case file writes them, wherever `lingeo test` is run from.
fn relative(text: &str, base: &Path) -> String {
    if base.as_os_str().is_empty() {
        return text.to_string();
    }
    let mut prefix = base.display().to_string();
    if !prefix.ends_with(std::path::MAIN_SEPARATOR) {
        prefix.push(std::path::MAIN_SEPARATOR);
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find(&prefix) {
        // Only where a path starts: not inside a longer name (`myexamples/`, `a/examples/`).
        let inside = rest[..i]
            .chars()
            .next_back()
            .or_else(|| out.chars().next_back())
            .is_some_and(|c| c.is_alphanumeric() || "_-./~".contains(c));
        out.push_str(&rest[..i]);
        if inside {
            out.push_str(&prefix);
        }
        rest = &rest[i + prefix.len()..];
    }
    out.push_str(rest);
    out
}

/// `search` prints how long it took: in a case, the time is redacted (`time: (redacted)`,
/// `"time_ms": 0`), and so is the size of alpha-beta's table (`table (redacted)`), which by
/// default depends on the machine's memory; the rest of its output is deterministic.
fn without_times(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        let body = line.trim_end_matches('\n');
        let end = &line[body.len()..];
        if body.starts_with("time: ") && body.ends_with(" s") {
            out.push_str("time: (redacted)");
        } else if let Some(i) = body.find(": alphabeta, ").and_then(|h| {
            let t = body[h..].find(", table ")? + h;
            let mib = body[t..].find(" MiB")? + t;
            body[t + 8..mib]
                .bytes()
                .all(|b| b.is_ascii_digit())
                .then_some((t, mib + 4))
        }) {
            out.push_str(&body[..i.0]);
            out.push_str(", table (redacted)");
            out.push_str(&body[i.1..]);
        } else if let Some(i) = body.find("\"time_ms\": ") {
            let value = &body[i + 11..];
            let digits = value.len()
                - value
                    .trim_start_matches(|c: char| c.is_ascii_digit() || c == '.')
                    .len();
            out.push_str(&body[..i + 11]);
            out.push('0');
            out.push_str(&value[digits..]);
        } else {
            out.push_str(body);
        }
        out.push_str(end);
    }
    out
}

struct Summary {
    passed: usize,
    failed: usize,
    filtered_out: usize,
    written: usize,
}

impl Summary {
    fn line(&self) -> String {
        let mut line = format!("{} passed, {} failed", self.passed, self.failed);
        if self.filtered_out > 0 {
            line.push_str(&format!(", {} filtered out", self.filtered_out));
        }
        if self.written > 0 {
            line.push_str(&format!(
                "; {}",
                lingeo::render::counted(
                    self.written as u128,
                    "snapshot written",
                    "snapshots written"
                )
            ));
        }
        line.push('\n');
        line
    }
}

/// The text report: per case file its cases in file order, the details of each failure (and
/// of each rewritten snapshot) under its case, and the summary line.
fn listing(jobs: &[Job], statuses: &[Status], summary: &Summary) -> String {
    let mut out = String::new();
    let mut current: Option<&Path> = None;
    for (job, status) in jobs.iter().zip(statuses) {
        if current != Some(&job.file.path) {
            current = Some(&job.file.path);
            out.push_str(&format!("{}\n", job.file.path.display()));
        }
        let snapshot = job.file.snapshot_path(&job.case.name);
        let (word, note, detail) = match status {
            Status::Passed => ("ok", String::new(), String::new()),
            Status::Written => (
                "written",
                format!(": {}", snapshot.display()),
                String::new(),
            ),
            Status::Updated(diff) => ("updated", format!(": {}", snapshot.display()), diff.clone()),
            Status::Failed(f) => {
                let (note, detail) = failure(f, &snapshot);
                ("FAILED", format!(": {note}"), detail)
            }
        };
        out.push_str(&format!("  {word:<9}{}{note}\n", job.case.name));
        for line in detail.lines() {
            out.push_str(&format!("    {line}\n").replace("    \n", "\n"));
        }
    }
    out.push_str(&summary.line());
    out
}

/// A failure in a few words, and the text under it.
fn failure(f: &Failure, snapshot: &Path) -> (String, String) {
    match f {
        Failure::Missing => (
            format!(
                "no snapshot {} (lingeo test --bless writes it)",
                snapshot.display()
            ),
            String::new(),
        ),
        Failure::Differs(diff) => (
            format!("the output differs from {}", snapshot.display()),
            diff.clone(),
        ),
        Failure::CommandFailed {
            command,
            code,
            output,
            error,
        } => (
            format!("`{command}` failed (exit code {code})"),
            format!("{output}{error}"),
        ),
        Failure::Disagree(diff) => (
            "the two command lines print different outputs".to_string(),
            diff.clone(),
        ),
        Failure::Io(e) => (e.clone(), String::new()),
        Failure::Outside { snapshot, why } => (
            format!(
                "the snapshot {snapshot} would be written outside the case file's folder: {why}; \
                 `lingeo test --bless --allow-outside-writes` lets it write there"
            ),
            String::new(),
        ),
    }
}

#[derive(Serialize)]
struct TestJson {
    passed: usize,
    failed: usize,
    filtered_out: usize,
    cases: Vec<CaseJson>,
}

#[derive(Serialize)]
struct CaseJson {
    file: String,
    name: String,
    line: usize,
    snapshot: String,
    /// `passed`, `written`, `updated` or `failed`.
    status: &'static str,
    /// Why it failed: `missing snapshot`, `snapshot differs`, `command failed`,
    /// `commands disagree`, `io`, `outside` (a snapshot `--bless` would write outside the
    /// case file's folder).
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<&'static str>,
    /// The failure (or the update) in a few words, and its details (a diff, an error).
    #[serde(skip_serializing_if = "Option::is_none")]
    message: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    detail: Option<String>,
}

fn json(jobs: &[Job], statuses: &[Status], summary: &Summary) -> Result<String, CliError> {
    let cases = jobs
        .iter()
        .zip(statuses)
        .map(|(job, status)| {
            let snapshot = job.file.snapshot_path(&job.case.name);
            let (status_word, reason, message, detail) = match status {
                Status::Passed => ("passed", None, None, None),
                Status::Written => ("written", None, None, None),
                Status::Updated(diff) => ("updated", None, None, Some(diff.clone())),
                Status::Failed(f) => {
                    let reason = match f {
                        Failure::Missing => "missing snapshot",
                        Failure::Differs(_) => "snapshot differs",
                        Failure::CommandFailed { .. } => "command failed",
                        Failure::Disagree(_) => "commands disagree",
                        Failure::Io(_) => "io",
                        Failure::Outside { .. } => "outside",
                    };
                    let (message, detail) = failure(f, &snapshot);
                    (
                        "failed",
                        Some(reason),
                        Some(message),
                        Some(detail).filter(|d| !d.is_empty()),
                    )
                }
            };
            CaseJson {
                file: job.file.path.display().to_string(),
                name: job.case.name.clone(),
                line: job.case.line,
                snapshot: snapshot.display().to_string(),
                status: status_word,
                reason,
                message,
                detail,
            }
        })
        .collect();
    super::json::to_string(&TestJson {
        passed: summary.passed,
        failed: summary.failed,
        filtered_out: summary.filtered_out,
        cases,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_lose_the_case_folder_only_where_a_path_starts() {
        let base = Path::new("examples");
        assert_eq!(
            relative(
                "examples/a.lgg: ok\n[examples/b:1:1] myexamples/c examples/../examples/d",
                base
            ),
            "a.lgg: ok\n[b:1:1] myexamples/c ../examples/d"
        );
        assert_eq!(relative("examples/a", Path::new("")), "examples/a");
    }

    #[test]
    fn search_times_are_redacted() {
        assert_eq!(
            without_times("nodes: 3\ntime: 0.136 s\n  \"time_ms\": 12.5,\n"),
            "nodes: 3\ntime: (redacted)\n  \"time_ms\": 0,\n"
        );
        assert_eq!(
            without_times("p.scenario: alphabeta, solve, ordering killer, table 1024 MiB\n"),
            "p.scenario: alphabeta, solve, ordering killer, table (redacted)\n"
        );
        assert_eq!(
            without_times("p.scenario: alphabeta, depth 2, ordering none, table off\n"),
            "p.scenario: alphabeta, depth 2, ordering none, table off\n"
        );
    }

    /// Every path argument of every command is known as an output or an input, so that an
    /// output added later is held inside the case folder too.
    #[test]
    fn every_path_argument_is_an_output_or_an_input() {
        fn walk(command: &clap::Command, found: &mut Vec<String>) {
            for a in command.get_arguments() {
                if a.get_value_hint() == ValueHint::AnyPath {
                    found.push(format!("{} {}", command.get_name(), a.get_id()));
                }
            }
            // A case cannot run `test` or `serve`.
            for sub in command.get_subcommands() {
                if !["test", "serve"].contains(&sub.get_name()) {
                    walk(sub, found);
                }
            }
        }
        let mut found = Vec::new();
        walk(&Cli::command(), &mut found);
        assert!(found.iter().any(|a| a == "demo out"), "{found:?}");
        assert!(found.iter().any(|a| a == "zones svg"), "{found:?}");
        for arg in &found {
            let id = arg.split(' ').nth(1).unwrap();
            assert!(
                OUTPUTS.contains(&id) || INPUTS.contains(&id),
                "`{arg}`: add it to OUTPUTS (written) or INPUTS (read) in src/cli/test.rs"
            );
            assert!(!(OUTPUTS.contains(&id) && INPUTS.contains(&id)), "{arg}");
        }
    }

    #[test]
    fn path_arguments_are_rebased_and_native_is_not() {
        let argv = [
            "lingeo",
            "compare",
            "a.lgg",
            "native",
            "s.scenario",
            "--start",
            "S()",
        ];
        let m = rebase(Cli::command(), Path::new("dir"))
            .try_get_matches_from(argv)
            .unwrap();
        let (_, sub) = m.subcommand().unwrap();
        let get = |id: &str| sub.get_one::<PathBuf>(id).unwrap().clone();
        assert_eq!(get("a"), Path::new("dir/a.lgg"));
        assert_eq!(get("b"), Path::new("native"));
        assert_eq!(get("scenario"), Path::new("dir/s.scenario"));
    }
}
