//! Where a command's input files come from and where its pictures go: the disk, or, for a
//! request of `lingeo serve`, only the texts the request carried.
//!
//! The server runs the very commands of the CLI (so that its JSON is the CLI's `--json`), and
//! a request must never make lingeo read or write a path it names. Inside [`in_memory`], on the
//! thread that runs the command, every scenario and grammar a command loads is looked up among
//! the request's texts by its path (a name only, never opened), a grammar's imports resolve to
//! the built-in shipped grammars only ([`Grammar::parse_without_files`]), and a picture a
//! command writes (`--svg FILE`) is kept in memory and handed back instead.
//!
//! In memory the answer has a budget of bytes (the server's cap on an answer): the pictures
//! kept and the JSON printed count toward it, a picture of a board is refused before it is
//! drawn when the board alone would pass it ([`picture_of`]), and the JSON stops being printed
//! when it passes it ([`room_for`]), so that a large board or a long listing fails with an error
//! naming the cap instead of filling the server's memory.

use std::cell::RefCell;
use std::path::{Path, PathBuf};

use lingeo::grammar::{Grammar, GrammarError};
use lingeo::play::players::chessmaps::Network;
use lingeo::play::players::rules::RuleBook;
use lingeo::scenario::{LoadError, Scenario};
use lingeo::syntax::read::read_source;

use super::CliError;

/// The texts a request gave, by the names the command line uses for them, and what the
/// command wrote.
struct Memory {
    texts: Vec<(PathBuf, String)>,
    written: Vec<(PathBuf, String)>,
    /// The most bytes the pictures and the JSON may take, and what the pictures took so far.
    budget: usize,
    used: usize,
}

/// About how many bytes a picture takes per point of its board (a square, its colour, its
/// name; a 1024x1024 board drawn by `zone_bundle` takes 126 bytes a square): the estimate that
/// refuses a picture before it is drawn.
pub const PICTURE_BYTES_PER_POINT: usize = 100;

thread_local! {
    static MEMORY: RefCell<Option<Memory>> = const { RefCell::new(None) };
}

/// Runs `f` with the files of `texts` as the only files there are, and an answer of at most
/// `budget` bytes; returns what it returned and the files it wrote, in the order it wrote them.
pub fn in_memory<R>(
    texts: Vec<(PathBuf, String)>,
    budget: usize,
    f: impl FnOnce() -> R,
) -> (R, Vec<(PathBuf, String)>) {
    struct Reset;
    impl Drop for Reset {
        fn drop(&mut self) {
            MEMORY.with(|m| m.borrow_mut().take());
        }
    }
    MEMORY.with(|m| {
        *m.borrow_mut() = Some(Memory {
            texts,
            written: Vec::new(),
            budget,
            used: 0,
        })
    });
    let reset = Reset;
    let result = f();
    let written = MEMORY.with(|m| {
        m.borrow_mut()
            .as_mut()
            .map(|m| std::mem::take(&mut m.written))
            .unwrap_or_default()
    });
    drop(reset);
    (result, written)
}

/// The text of `path` when running in memory: `Some(Ok)` for a text of the request,
/// `Some(Err)` for any other path, `None` on the disk.
fn text(path: &Path) -> Option<Result<String, CliError>> {
    MEMORY.with(|m| {
        m.borrow().as_ref().map(|m| {
            m.texts
                .iter()
                .find(|(p, _)| p == path)
                .map(|(_, t)| t.clone())
                .ok_or_else(|| {
                    CliError(format!(
                        "{}: no such text in the request (the server reads no files)",
                        path.display()
                    ))
                })
        })
    })
}

/// A scenario file, its diagnostics rendered.
pub fn scenario(path: &Path) -> Result<Scenario, CliError> {
    match text(path) {
        Some(text) => {
            Scenario::parse(&path.display().to_string(), &text?).map_err(|e| CliError(e.render()))
        }
        None => Scenario::load(path).map_err(|e| match e {
            LoadError::Invalid(errors) => CliError(errors.render()),
            other => CliError(other.to_string()),
        }),
    }
}

/// A file of learned rules (docs/players.md §7), its diagnostics rendered.
pub fn rules(path: &Path) -> Result<RuleBook, CliError> {
    let name = path.display().to_string();
    let text = match text(path) {
        Some(text) => text?,
        None => lingeo::syntax::read_source(path).map_err(|e| match e {
            lingeo::syntax::ReadError::NotUtf8(errors) => CliError(errors.render()),
            other => CliError(format!("{name}: {other}")),
        })?,
    };
    RuleBook::parse(&name, &text).map_err(|e| CliError(e.render()))
}

/// The weights of a Chessmaps network (`--network FILE`), its mistakes with their line.
pub fn network(path: &Path) -> Result<Network, CliError> {
    let text = match text(path) {
        Some(text) => text?,
        None => read_source(path).map_err(|e| CliError(format!("{}: {e}", path.display())))?,
    };
    Network::parse(&text).map_err(|e| CliError(format!("{}: {e}", path.display())))
}

/// A grammar file with its imports (in memory: imports of the shipped grammars only).
pub fn grammar(path: &Path) -> Result<Grammar, GrammarError> {
    match text(path) {
        Some(Ok(text)) => Grammar::parse_without_files(&path.display().to_string(), &text),
        Some(Err(CliError(message))) => Err(GrammarError::Io {
            path: path.display().to_string(),
            error: std::io::Error::new(std::io::ErrorKind::NotFound, message),
        }),
        None => Grammar::load(path),
    }
}

/// Writes an output file given by `option` (`--svg FILE`, `--dot FILE`), which an error names;
/// in memory, keeps it, within the answer's budget.
pub fn write(option: &str, path: &Path, contents: String) -> Result<(), CliError> {
    if keeping() {
        return keep(&path.display().to_string(), contents);
    }
    std::fs::write(path, contents)
        .map_err(|e| CliError(format!("{option}: cannot write {}: {e}", path.display())))
}

/// In memory, an error when `bytes` more would pass the answer's budget; on the disk, `Ok`.
pub fn room_for(bytes: usize) -> Result<(), CliError> {
    MEMORY.with(|m| match m.borrow().as_ref() {
        Some(m) if m.used.saturating_add(bytes) > m.budget => Err(too_large(
            m.budget,
            &format!(
                "it passed {} MB",
                m.used.saturating_add(bytes).div_ceil(1_000_000)
            ),
        )),
        _ => Ok(()),
    })
}

/// In memory, an error before a picture of `board` is drawn when the board alone would pass
/// the answer's budget ([`PICTURE_BYTES_PER_POINT`]).
pub fn picture_of(board: &lingeo::board::Board) -> Result<(), CliError> {
    let estimate = board.len().saturating_mul(PICTURE_BYTES_PER_POINT);
    room_for(estimate).map_err(|_| {
        let budget = MEMORY.with(|m| m.borrow().as_ref().map_or(0, |m| m.budget));
        too_large(
            budget,
            &format!(
                "a picture of the board ({}, {} points) takes about {} MB; ask on a smaller board",
                board.describe(),
                board.len(),
                estimate.div_ceil(1_000_000)
            ),
        )
    })
}

/// The error of an answer past its budget, saying why.
fn too_large(budget: usize, why: &str) -> CliError {
    CliError(format!(
        "the answer would be larger than the server's cap of {} MB: {why} (lingeo serve \
         --max-answer-mb raises the cap)",
        budget.div_ceil(1_000_000)
    ))
}

/// Whether pictures a command draws only for the server ([`keep`]) are wanted.
pub fn keeping() -> bool {
    MEMORY.with(|m| m.borrow().is_some())
}

/// Keeps a picture drawn for the server only (each sentence of `run`, drawn on its board);
/// on the disk, nothing. An error once the pictures pass the answer's budget.
pub fn keep(name: &str, contents: String) -> Result<(), CliError> {
    room_for(contents.len())?;
    MEMORY.with(|m| {
        if let Some(m) = m.borrow_mut().as_mut() {
            m.used += contents.len();
            m.written.push((PathBuf::from(name), contents));
        }
    });
    Ok(())
}

/// A scenario file and its lints rendered (`lingeo check`; empty when there are none).
pub fn scenario_with_lints(path: &Path) -> Result<(Scenario, String), CliError> {
    let name = path.display().to_string();
    let text = match text(path) {
        Some(text) => text?,
        None => read_source(path).map_err(|e| match e {
            lingeo::syntax::ReadError::NotUtf8(errors) => CliError(errors.render()),
            other => CliError(format!("cannot read {name}: {other}")),
        })?,
    };
    let (scenario, warnings) =
        Scenario::parse_and_lint(&name, &text).map_err(|e| CliError(e.render()))?;
    let rendered = if warnings.is_empty() {
        String::new()
    } else {
        lingeo::syntax::render_warnings(&name, &text, &warnings)
    };
    Ok((scenario, rendered))
}
