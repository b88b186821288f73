//! Command-line interface: argument parsing and dispatch. Exit code 0 on success, 1 for a
//! failure the command reports (a case that failed, languages that differ), 2 on bad input or
//! when a command gave up (a limit stopped it: it prints what it has, the reason on stderr).

pub(crate) mod analysis;
pub(crate) mod compare_grammars;
mod control;
mod demo;
pub(crate) mod evaluate;
mod files;
pub mod json;
mod limits;
pub(crate) mod map;
pub(crate) mod matches;
pub(crate) mod patterns;
pub(crate) mod perft;
pub(crate) mod play;
mod progress;
pub(crate) mod run;
pub mod schema_args;
mod setup;
mod test;
pub(crate) mod trajectories;
pub(crate) mod translate;
pub(crate) mod zones;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "lingeo",
    version,
    about = "Linguistic Geometry: distances, trajectories and grammars on abstract boards",
    long_about = "Linguistic Geometry (Stilman) on abstract boards.\n\nPoints are written `a1` on 2D boards of up to 26 files, and `(x,y)` or `(x,y,z)` (1-based: `(1,1)` = a1) on any grid."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Print the MAP table (distances in moves) of a piece from a point.
    Map(map::MapArgs),
    /// List the shortest (or admissible, with --length) trajectories of a piece between two points.
    Trajectories(trajectories::TrajectoryArgs),
    /// Derive the language of a grammar file.
    ///
    /// Prints `NAME from START: N sentences`, then the language, one sentence a line, sorted:
    /// its symbols separated by spaces, each `name(args)` (`b()` for a symbol without
    /// parameters). The empty sentence, derived when everything is erased, prints as `e`.
    Run(run::RunArgs),
    /// The zones of an attack: the main trajectory and the trajectories that can intercept or
    /// support it in time (from the native generator or the grammar of zones).
    Zones(zones::ZoneArgs),
    /// Carry one zone of an attack across a sequence of moves (docs/semantics.md §7.2): after
    /// each move, every symbol with its new trajectory and time, or why it was dropped (its piece
    /// moved off it or was captured, it lost its connection, or its time is now shorter than
    /// it is long).
    Translate(translate::TranslateArgs),
    /// The patterns of the MAICS 2013 paper: for each piece X attacking an opposing piece Y,
    /// one per main path (a shortest path of X removing Y) and per choice of a path for every
    /// interacting piece (attack: Y's side meeting the main path; block: X's side that can
    /// remove Y), with their ranks.
    Patterns(patterns::PatternArgs),
    /// The fuzzy patterns of the MAICS 2013 paper: one per pair X attacking Y, holding every
    /// main path (the main region), the length as linguistic terms, the interacting pieces by
    /// role, and a fuzzy rank.
    Fuzzy(patterns::FuzzyArgs),
    /// Validate scenario files (`.scenario`) and grammar files (`.lgg`) and summarise them.
    Check {
        /// Files to check.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Counting analyses of the MAICS 2013 paper (Figure 12).
    Analysis(analysis::AnalysisArgs),
    /// Search a game: the value of its position under best play, the principal variation,
    /// and the positions visited (`game { ... }` gives the rules; docs/play-and-search.md).
    Search(play::SearchArgs),
    /// Replay a line of moves and print each position.
    Play(play::PlayArgs),
    /// The fuzzy evaluation of a position (docs/players.md §3): the degree to which each
    /// piece achieves its goals (reaching a goal point, capturing a piece), read off the zones
    /// of its attacks, weighted by their importance, plus the material; --explain says why.
    Evaluate(evaluate::EvaluateArgs),
    /// Count the leaves of the tree of legal moves to a depth (perft), from a FEN (--fen) or a
    /// scenario with a game block; --divide gives the count under each first move
    /// (docs/play-and-search.md §1.6).
    Perft(perft::PerftArgs),
    /// Play two engines against each other from a fixed set of openings (White's first move and
    /// Black's reply, each opening twice with the colours swapped) and print the first engine's
    /// wins, draws and losses with the Elo difference (docs/players.md §4).
    Match(matches::MatchArgs),
    /// Compare the languages of two grammar files (or of a grammar file and the native
    /// generator, `native`) on the same scenario and start, or on random starts (--random).
    ///
    /// Prints whether they are equal and, where not, the counts of each side and the first
    /// sentences only one side has. Exit code 1 when they differ.
    Compare(compare_grammars::CompareArgs),
    /// Run case files (`*.cases`): each case's output is held to its snapshot
    /// (`snapshots/<case file stem>/<name>.txt` beside the case file; docs/testing-grammars.md).
    ///
    /// A case is a line `name | arguments`, the arguments a lingeo command line without the
    /// program name and with paths relative to the case file, or `name | arguments ||
    /// arguments`, two command lines that must print the same. Exit code 1 when a case fails.
    Test(test::TestArgs),
    /// Serve the interactive page on 127.0.0.1 (editors, the board, runs, derivations step by
    /// step, zones and search trees) and its JSON API (docs/serve.md).
    Serve(crate::serve::ServeArgs),
    /// Run the main job on the built-in robot examples.
    Demo {
        /// Draw the demo's two zones as SVG files into this folder (created if missing);
        /// without it the demo writes no file.
        #[arg(long, value_name = "DIR")]
        out: Option<PathBuf>,
    },
}

/// A failure to report to the user: the text goes to stderr and the exit code is 2.
#[derive(Debug)]
pub struct CliError(pub String);

impl<E: std::fmt::Display> From<E> for CliError {
    fn from(e: E) -> Self {
        CliError(e.to_string())
    }
}

/// What a command printed, and whether it reports a failure (exit code 1: a case that failed,
/// languages that differ) rather than a success, or gave up (exit code 2).
pub struct Report {
    pub text: String,
    pub failed: bool,
    /// Why the command gave up before its whole answer (a limit stopped a search, an attack
    /// was too large to list, a game or a start could not be played): `text` is what it has,
    /// printed as usual, and the reason goes to stderr with exit code 2.
    pub gave_up: Option<String>,
}

impl Report {
    /// What a command has when it gave up, and why (see [`Report::gave_up`]).
    pub fn gave_up(text: String, why: String) -> Report {
        Report {
            text,
            failed: false,
            gave_up: Some(why),
        }
    }

    /// The exit code: 2 for a command that gave up, 1 for a failure, else 0.
    pub fn code(&self) -> u8 {
        if self.gave_up.is_some() {
            2
        } else {
            u8::from(self.failed)
        }
    }
}

impl From<String> for Report {
    fn from(text: String) -> Self {
        Report {
            text,
            failed: false,
            gave_up: None,
        }
    }
}

pub fn main() -> ExitCode {
    let cli = Cli::parse();
    // The bars of the command the binary runs; `test` and `serve` run commands in-process,
    // whose bars would cross on one terminal (and `serve` answers over HTTP).
    if !matches!(cli.command, Command::Test(_) | Command::Serve(_)) {
        progress::allow();
    }
    match execute(cli.command, &mut |line| to_stderr(&format!("{line}\n"))) {
        Ok(report) => {
            use std::io::Write;
            let written = std::io::stdout().lock().write_all(report.text.as_bytes());
            if let Some(why) = &report.gave_up {
                to_stderr(&CliError(why.clone()).stderr());
            }
            match written {
                // A closed pipe (`lingeo ... | head`) is not an error worth a panic.
                Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
                    to_stderr(&format!("error: cannot write the output: {e}\n"));
                    ExitCode::from(1)
                }
                _ => ExitCode::from(report.code()),
            }
        }
        Err(e) => {
            to_stderr(&e.stderr());
            ExitCode::from(2)
        }
    }
}

/// Writes `text` on stderr. A stderr that cannot be written (`lingeo check F 2>&1 | head
/// -c 10` closed it) loses the text quietly, as a closed stdout does: `eprint!` panicked
/// there, with exit code 101.
fn to_stderr(text: &str) {
    use std::io::Write;
    let _ = std::io::stderr().lock().write_all(text.as_bytes());
}

impl CliError {
    /// The text for stderr: rendered diagnostics as they are, a one-line error with the usual
    /// prefix.
    pub fn stderr(&self) -> String {
        if self.0.ends_with('\n') {
            self.0.clone()
        } else {
            format!("error: {}\n", self.0)
        }
    }
}

/// Runs one command; `trace` takes what `run --trace` prints along the way. `lingeo test`
/// runs its cases through here, in-process.
fn execute(command: Command, trace: &mut dyn FnMut(&str)) -> Result<Report, CliError> {
    // The library checks its large structures against the thread's limit (`memory::check`).
    lingeo::memory::with_limit(command.max_memory(), || dispatch(command, trace))
}

impl Command {
    /// `--max-memory` in bytes, for the commands that take it (`Options::memory_limit`).
    fn max_memory(&self) -> usize {
        match self {
            Command::Map(a) => a.options.memory_limit(),
            Command::Trajectories(a) => a.options.memory_limit(),
            Command::Patterns(a) => a.options.memory_limit(),
            Command::Fuzzy(a) => a.options.memory_limit(),
            Command::Translate(a) => a.options.memory_limit(),
            Command::Play(a) => a.options.memory_limit(),
            Command::Evaluate(a) => a.options.memory_limit(),
            Command::Match(a) => a.options.memory_limit(),
            Command::Run(a) => a.options.memory_limit(),
            Command::Zones(a) => a.options.memory_limit(),
            Command::Search(a) => a.options.memory_limit(),
            Command::Compare(a) => a.options.memory_limit(),
            Command::Analysis(a) => a.memory.bytes(),
            Command::Check { .. }
            | Command::Test(_)
            | Command::Serve(_)
            | Command::Demo { .. }
            | Command::Perft(_) => lingeo::memory::DEFAULT_LIMIT,
        }
    }
}

fn dispatch(command: Command, trace: &mut dyn FnMut(&str)) -> Result<Report, CliError> {
    let text = match command {
        Command::Map(args) => map::run(&args),
        Command::Trajectories(args) => trajectories::run(&args),
        Command::Analysis(args) => analysis::run(&args),
        Command::Translate(args) => translate::run(&args),
        Command::Patterns(args) => patterns::run_patterns(&args),
        Command::Fuzzy(args) => patterns::run_fuzzy(&args),
        Command::Check { files } => check(&files),
        Command::Play(args) => play::run_play(&args),
        Command::Demo { out } => demo::run(out.as_deref()),
        Command::Serve(args) => crate::serve::run(&args).map_err(CliError::from),
        // The commands that may give up with what they have (a `Report`, not only text).
        Command::Zones(args) => return zones::run(&args),
        Command::Run(args) => return run::run(&args, trace),
        Command::Search(args) => return play::run_search(&args),
        Command::Evaluate(args) => return evaluate::run(&args),
        Command::Perft(args) => return perft::run(&args),
        Command::Match(args) => return matches::run(&args),
        Command::Compare(args) => return compare_grammars::run(&args),
        Command::Test(args) => return test::run(&args),
    }?;
    Ok(text.into())
}

/// `check`: the files checked by [`lingeo::api::check_files`], its text on stdout when every
/// file is valid, else on stderr.
fn check(files: &[PathBuf]) -> Result<String, CliError> {
    let result = lingeo::api::check_files(files);
    if result.ok {
        Ok(result.output)
    } else {
        Err(CliError(result.output))
    }
}
