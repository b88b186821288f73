//! Running cases in parallel and holding their outputs to their snapshots. The commands
//! themselves are run by the caller's `exec` (the CLI runs them in-process), so this module
//! decides only what passes: a command that fails fails its case, the two command lines of an
//! agreement case must print the same, and the output must equal the snapshot (or, with
//! `bless`, becomes it).

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::snapshot::{self, Check};
use super::{Case, CaseFile, CommandLine};

/// What running one command line gave.
#[derive(Clone, Debug, Default)]
pub struct Outcome {
    /// What it printed.
    pub output: String,
    /// Its exit code (0: success).
    pub code: i32,
    /// Its error message, when it failed.
    pub error: String,
}

/// How a case ended.
#[derive(Clone, Debug)]
pub enum Status {
    /// The output equals the snapshot, or the two command lines agree.
    Passed,
    /// `bless` wrote its missing snapshot.
    Written,
    /// `bless` rewrote its snapshot; the diff from the old one.
    Updated(String),
    /// It failed, for this reason.
    Failed(Failure),
}

impl Status {
    /// Whether the case did not fail (a snapshot written or rewritten passes).
    pub fn passed(&self) -> bool {
        !matches!(self, Status::Failed(_))
    }
}

/// Why a case failed.
#[derive(Clone, Debug)]
pub enum Failure {
    /// No snapshot yet (`--bless` writes it).
    Missing,
    /// The diff from the snapshot to the output.
    Differs(String),
    /// A command exited with a non-zero code.
    CommandFailed {
        /// The command line.
        command: String,
        /// Its exit code.
        code: i32,
        /// What it printed on stdout.
        output: String,
        /// What it printed on stderr.
        error: String,
    },
    /// The two command lines of an agreement case printed different outputs: the diff from
    /// the first's to the second's.
    Disagree(String),
    /// The snapshot could not be read or written.
    Io(String),
    /// `bless` would write the snapshot outside the case file's folder (through a symbolic
    /// link), which the run does not allow: the snapshot's path, and why.
    Outside {
        /// The snapshot's path.
        snapshot: String,
        /// Where it leads.
        why: super::inside::Outside,
    },
}

/// What a run may write: nothing, or each missing or different snapshot (`bless`), inside the
/// case file's folder only or anywhere its path leads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Writes {
    /// Snapshots are compared, never written.
    Nothing,
    /// Snapshots are written where their path stays inside the case file's folder once
    /// symbolic links are resolved; elsewhere the case fails ([`Failure::Outside`]).
    InsideFolder,
    /// Snapshots are written wherever their path leads.
    Anywhere,
}

/// One case to run, with its file.
#[derive(Clone, Copy)]
pub struct Job<'a> {
    /// The file the case is in.
    pub file: &'a CaseFile,
    /// The case.
    pub case: &'a Case,
}

/// Runs every job on up to `threads` threads and returns their statuses in the jobs' order.
pub fn run_all(
    jobs: &[Job<'_>],
    bless: Writes,
    threads: usize,
    exec: &(dyn Fn(&CaseFile, &CommandLine) -> Outcome + Sync),
) -> Vec<Status> {
    let next = AtomicUsize::new(0);
    let results: Vec<Mutex<Option<Status>>> = jobs.iter().map(|_| Mutex::new(None)).collect();
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, jobs.len().max(1)) {
            // The main thread's stack size: the commands were written for it.
            std::thread::Builder::new()
                .stack_size(8 << 20)
                .spawn_scoped(scope, || {
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(job) = jobs.get(i) else { break };
                        let status = run_one(job, bless, exec);
                        *results[i].lock().unwrap_or_else(|e| e.into_inner()) = Some(status);
                    }
                })
                .expect("a thread for the cases");
        }
    });
    results
        .into_iter()
        .map(|r| {
            r.into_inner()
                .unwrap_or_else(|e| e.into_inner())
                .expect("every job ran")
        })
        .collect()
}

fn run_one(
    job: &Job<'_>,
    bless: Writes,
    exec: &(dyn Fn(&CaseFile, &CommandLine) -> Outcome + Sync),
) -> Status {
    let mut outputs = Vec::new();
    for command in &job.case.commands {
        let outcome = exec(job.file, command);
        if outcome.code != 0 {
            return Status::Failed(Failure::CommandFailed {
                command: command.display(),
                code: outcome.code,
                output: outcome.output,
                error: outcome.error,
            });
        }
        outputs.push(outcome.output);
    }
    if let [first, second] = &outputs[..]
        && first != second
    {
        return Status::Failed(Failure::Disagree(super::diff::unified(
            first,
            second,
            &job.case.commands[0].display(),
            &job.case.commands[1].display(),
        )));
    }
    let output = &outputs[0];
    let path = job.file.snapshot_path(&job.case.name);
    let io = |e: std::io::Error| Status::Failed(Failure::Io(format!("{}: {e}", path.display())));
    let check = match snapshot::check(&path, output) {
        Ok(c) => c,
        Err(e) => return io(e),
    };
    if !matches!(check, Check::Same)
        && bless == Writes::InsideFolder
        && let Err(why) =
            super::inside::inside(job.file.dir(), &job.file.snapshot_in_folder(&job.case.name))
    {
        return Status::Failed(Failure::Outside {
            snapshot: path.display().to_string(),
            why,
        });
    }
    match (check, bless) {
        (Check::Same, _) => Status::Passed,
        (Check::Missing, Writes::Nothing) => Status::Failed(Failure::Missing),
        (Check::Differs(diff), Writes::Nothing) => Status::Failed(Failure::Differs(diff)),
        (check, Writes::InsideFolder | Writes::Anywhere) => match snapshot::write(&path, output) {
            Ok(()) => match check {
                Check::Differs(diff) => Status::Updated(diff),
                _ => Status::Written,
            },
            Err(e) => io(e),
        },
    }
}
