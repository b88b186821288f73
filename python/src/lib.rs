//! The native part of the Python package `lingeo` (python/lingeo/ wraps it): a scenario and a
//! grammar as Python objects, each job of `lingeo::api` as a method that returns its result as
//! Python objects made in Rust from the result's JSON value (what the CLI's `--json` prints,
//! `value` and `object`: no JSON text),
//! computed with the GIL released, on a thread of its own, stopped by Ctrl-C (`interruptible`).
//! The Python-facing docstrings are in python/lingeo/__init__.py only: the comments on the
//! methods here are `//`, not doc comments, so that the native methods carry none.
//!
//! Each job runs under a memory limit, `max_memory` MiB (the CLI's `--max-memory`, 4 GiB by
//! default): the library holds what its jobs build against it (`lingeo::memory::Held`), so a
//! runaway job raises a `TooLargeError` or `RunStoppedError` naming the limit instead of aborting the
//! interpreter. The counting allocator is installed here too, as in the `lingeo` binary, so the
//! limit also sees what the library does not account for itself.

use lingeo::api::{
    self, AnalysisRequest, ApiError, EvaluateRequest, MapRequest, MatchRequest, PairsRequest,
    PatternsRequest, PerftRequest, PlayRequest, RunRequest, SearchRequest, TrajectoriesRequest,
    Workbench, ZonesRequest,
};

mod keywords;
use pyo3::prelude::*;

/// Counts the extension's heap (as the `lingeo` binary does), so that the memory limit sees it
/// too: the library's own accounting is the limit's floor, the heap counted its ceiling.
#[global_allocator]
static ALLOCATOR: lingeo::memory::Counting = lingeo::memory::Counting;

/// The exception classes, defined in Python so that a grammar's run can be a `RunError` and a
/// bad request or a stopped computation at once (two bases). Their docstrings are here only.
const EXCEPTIONS: &std::ffi::CStr = cr#"
class LingeoError(Exception):
    """An error of lingeo. ``file``, ``line`` and ``column`` say where the error is (None
    where it has no place), ``field`` the argument at fault, ``rendered`` the error with its
    excerpt of the source as the CLI prints it. ``str()`` begins with the place,
    ``FILE:LINE:COLUMN: ``, where the error has one."""

    file = None
    line = None
    column = None
    field = None
    rendered = ""


class RequestError(LingeoError):
    """A bad request: the caller's input does not fit (an argument, a file's text, a place)."""


class ParseError(RequestError):
    """A scenario or grammar text that does not parse."""


class FileError(RequestError):
    """A file that could not be read."""


class GameError(RequestError):
    """A scenario that cannot be played."""


class ComputationError(LingeoError):
    """A computation that failed for a reason of its own (an engine's failure), not the
    request's and not a limit's."""


class StoppedError(LingeoError):
    """A computation that stopped at a limit (memory, time, positions, a cap on what it lists)
    or was stopped, before it had a result."""


class TooLargeError(StoppedError):
    """An answer past a cap (memory, zones, trajectories, sentences): raise it, or ask less."""


class RunError(LingeoError):
    """A grammar's run that failed: a ``RunFaultError`` at a place of the grammar, or a
    ``RunStoppedError`` at one of its limits."""


class RunFaultError(RunError, RequestError):
    """A grammar's run that failed at a place of the grammar (an index out of range, ...)."""


class RunStoppedError(RunError, StoppedError):
    """A grammar's run stopped at one of its limits (steps, sentences, memory, time)."""


# Shown as the package's (`lingeo.ParseError`), where the package exports them.
for _class in list(globals().values()):
    if isinstance(_class, type) and issubclass(_class, LingeoError):
        _class.__module__ = "lingeo"
"#;

/// The module of the exception classes, made once.
static EXCEPTION_MODULE: pyo3::sync::PyOnceLock<Py<PyModule>> = pyo3::sync::PyOnceLock::new();

fn exceptions(py: Python<'_>) -> PyResult<&Bound<'_, PyModule>> {
    EXCEPTION_MODULE
        .get_or_try_init(py, || {
            PyModule::from_code(py, EXCEPTIONS, c"lingeo/_errors.py", c"lingeo._errors")
                .map(Bound::unbind)
        })
        .map(|m| m.bind(py))
}

/// The names of the exception classes, as the package exports them.
const EXCEPTION_NAMES: [&str; 11] = [
    "LingeoError",
    "RequestError",
    "ParseError",
    "FileError",
    "GameError",
    "ComputationError",
    "StoppedError",
    "TooLargeError",
    "RunError",
    "RunFaultError",
    "RunStoppedError",
];

/// The class of an API error: by what it is (a parse error, a file, a game, a grammar's run, a
/// cap), else by its kind (a bad request, a failed or a stopped computation).
fn class_name(e: &ApiError) -> &'static str {
    use lingeo::api::ErrorKind;
    match (e, e.kind()) {
        (ApiError::Source { .. }, _) => "ParseError",
        (ApiError::Io { .. }, _) => "FileError",
        (ApiError::Game { .. }, _) => "GameError",
        (ApiError::Run { .. }, ErrorKind::Stopped) => "RunStoppedError",
        (ApiError::Run { .. }, _) => "RunFaultError",
        (ApiError::TooLarge { .. }, _) => "TooLargeError",
        (_, ErrorKind::BadRequest) => "RequestError",
        (_, ErrorKind::Failed) => "ComputationError",
        (_, ErrorKind::Stopped) => "StoppedError",
    }
}

/// The exception of an API error, with `file`, `line`, `column` (None where the error has no
/// place), `field` (the request's argument at fault) and `rendered` (the diagnostic with its
/// excerpt of the source). Its text is the error's first problem in one line, after its place
/// (`bad.lgg:2:15: ...`) where it has one, as the CLI's diagnostics show it.
fn error(py: Python<'_>, e: ApiError) -> PyErr {
    let rendered = e.to_string();
    let one_line = match &e {
        ApiError::Source { message, .. } | ApiError::Run { message, .. } => message.clone(),
        _ => rendered.clone(),
    };
    let (file, line, column) = match e.place() {
        Some((f, l, c)) => (Some(f.to_string()), Some(l), Some(c)),
        None => match &e {
            ApiError::Io { path, .. } => (Some(path.clone()), None, None),
            ApiError::Game { file, .. } => (Some(file.clone()), None, None),
            _ => (None, None, None),
        },
    };
    let text = match (&file, line, column) {
        (Some(f), Some(l), Some(c)) => format!("{f}:{l}:{c}: {one_line}"),
        _ => one_line,
    };
    let class = match exceptions(py).and_then(|m| m.getattr(class_name(&e))) {
        Ok(class) => class,
        Err(err) => return err,
    };
    let value = match class.call1((text,)) {
        Ok(value) => value,
        Err(err) => return err,
    };
    // Setting attributes on a fresh exception object cannot fail but for memory.
    let _ = value.setattr("file", file);
    let _ = value.setattr("line", line);
    let _ = value.setattr("column", column);
    let _ = value.setattr("field", e.field());
    let _ = value.setattr("rendered", rendered);
    PyErr::from_value(value)
}

/// Runs `f` with the GIL released, on a thread of its own, while this thread looks for signals
/// every 100 ms: a Ctrl-C during a solve was seen only when the call ended (33 s later). On a
/// signal the work is stopped through the library's stop flag (`lingeo::deadline::stoppable`:
/// the engines look at it where they look at a deadline) and the signal's exception
/// (`KeyboardInterrupt`) is raised once the work has ended; the work's own result is dropped.
/// The worker keeps the calling thread's memory limit, and a main thread's stack size.
fn interruptible<T: Send>(py: Python<'_>, f: impl FnOnce() -> T + Send) -> PyResult<T> {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};
    let stop = Arc::new(AtomicBool::new(false));
    let limit = lingeo::memory::limit();
    // Set, and told, when the work has ended.
    let ended = (std::sync::Mutex::new(false), std::sync::Condvar::new());
    std::thread::scope(|scope| {
        let worker = {
            let ended = &ended;
            let stop = stop.clone();
            std::thread::Builder::new()
                .name("lingeo".into())
                .stack_size(8 << 20)
                .spawn_scoped(scope, move || {
                    let result =
                        lingeo::memory::with_limit(limit, || lingeo::deadline::stoppable(stop, f));
                    *ended.0.lock().unwrap_or_else(|e| e.into_inner()) = true;
                    ended.1.notify_all();
                    result
                })
                .map_err(|e| {
                    pyo3::exceptions::PyRuntimeError::new_err(format!(
                        "cannot start a thread for the work: {e}"
                    ))
                })?
        };
        loop {
            let done = py.detach(|| {
                let flag = ended.0.lock().unwrap_or_else(|e| e.into_inner());
                let (flag, _) = ended
                    .1
                    .wait_timeout_while(flag, std::time::Duration::from_millis(100), |done| !*done)
                    .unwrap_or_else(|e| e.into_inner());
                *flag
            });
            // A panic ends the work without setting the flag.
            if done || worker.is_finished() {
                break;
            }
            if let Err(signal) = py.check_signals() {
                stop.store(true, Ordering::Relaxed);
                let _ = py.detach(|| worker.join());
                return Err(signal);
            }
        }
        match py.detach(|| worker.join()) {
            Ok(result) => Ok(result),
            // The work's panic, as it would have been on this thread.
            Err(panic) => std::panic::resume_unwind(panic),
        }
    })
}

/// The memory limit a request's work runs under: its `max_memory`
/// ([`api::Request::memory_limit`], as the CLI and the server read it), or the library's
/// default for a request without one.
fn memory_of(r: &impl api::Request) -> usize {
    r.memory_limit().unwrap_or(lingeo::memory::DEFAULT_LIMIT)
}

/// A result's JSON value, made on the worker from the result's serde form: the value the CLI's
/// `--json` prints (tuples as lists, map keys as strings), as a tree, never as text.
fn value(result: &impl serde::Serialize) -> Result<serde_json::Value, ApiError> {
    serde_json::to_value(result)
        .map_err(|e| ApiError::failed(format!("the result did not serialise: {e}")))
}

/// A JSON value as Python objects (dicts, lists, ints, floats, strings, None), made in Rust:
/// what `json.loads` makes of the CLI's `--json`, with no text in between.
fn object(py: Python<'_>, value: &serde_json::Value) -> PyResult<Py<PyAny>> {
    use pyo3::types::{PyDict, PyList, PyString};
    use serde_json::Value;
    Ok(match value {
        Value::Null => py.None(),
        Value::Bool(b) => b.into_pyobject(py)?.to_owned().into_any().unbind(),
        Value::Number(n) => match (n.as_i64(), n.as_u64()) {
            (Some(i), _) => i.into_pyobject(py)?.into_any().unbind(),
            (None, Some(u)) => u.into_pyobject(py)?.into_any().unbind(),
            // serde_json writes no NaN or infinity: it prints them `null`.
            (None, None) => match n.as_f64() {
                Some(f) => f.into_pyobject(py)?.into_any().unbind(),
                None => py.None(),
            },
        },
        Value::String(s) => PyString::new(py, s).into_any().unbind(),
        Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(object(py, item)?)?;
            }
            list.into_any().unbind()
        }
        Value::Object(map) => {
            let dict = PyDict::new(py);
            for (key, item) in map {
                dict.set_item(key, object(py, item)?)?;
            }
            dict.into_any().unbind()
        }
    })
}

/// A MAP table by rank and file, where the board is a flat grid.
type Grid = Vec<Vec<i64>>;

// A scenario and its kernel.
#[pyclass(frozen, module = "lingeo._lingeo")]
struct Scenario {
    bench: Workbench,
}

// A grammar: its text and name, parsed again (quickly) for each run, on the thread that runs
// it (a parsed grammar is not shared across threads).
#[pyclass(frozen, module = "lingeo._lingeo")]
struct Grammar {
    name: String,
    text: String,
}

#[pymethods]
impl Scenario {
    #[staticmethod]
    fn load(py: Python<'_>, path: std::path::PathBuf) -> PyResult<Scenario> {
        interruptible(py, || Workbench::load(&path))?
            .map(|bench| Scenario { bench })
            .map_err(|e| error(py, e))
    }

    #[staticmethod]
    #[pyo3(signature = (text, name = "<text>"))]
    fn from_text(py: Python<'_>, text: &str, name: &str) -> PyResult<Scenario> {
        interruptible(py, || Workbench::from_text(text, name))?
            .map(|bench| Scenario { bench })
            .map_err(|e| error(py, e))
    }

    // An empty board of `files` x `ranks` with the chess piece types.
    #[staticmethod]
    fn empty(py: Python<'_>, files: u32, ranks: u32) -> PyResult<Scenario> {
        let board = lingeo::board::Board::grid(files, ranks, 1, &[])
            .map_err(|e| error(py, ApiError::request(Some("board"), e.to_string())))?;
        Workbench::new(lingeo::scenario::Scenario::empty(board), "")
            .map(|bench| Scenario { bench })
            .map_err(|e| error(py, e))
    }

    // A chess position in FEN: an 8x8 scenario under the rules of chess (`lingeo --fen`).
    #[staticmethod]
    fn from_fen(py: Python<'_>, fen: &str) -> PyResult<Scenario> {
        let fen = fen.trim();
        let scenario = lingeo::scenario::Scenario::from_fen(fen)
            .map_err(|e| error(py, ApiError::request(Some("fen"), format!("`fen`: {e}"))))?;
        interruptible(py, || Workbench::new(scenario, fen))?
            .map(|bench| Scenario { bench })
            .map_err(|e| error(py, e))
    }

    // The position as FEN; an error where it is no chess position.
    #[getter]
    fn fen(&self, py: Python<'_>) -> PyResult<String> {
        self.bench.scenario().to_fen().map_err(|e| {
            error(
                py,
                ApiError::request(
                    Some("fen"),
                    format!("no FEN for {}: {e}", self.bench.name()),
                ),
            )
        })
    }

    // Whether the scenario plays by the rules of chess (its moves come out in UCI).
    #[getter]
    fn is_chess(&self) -> bool {
        self.bench
            .scenario()
            .game
            .as_ref()
            .is_some_and(|g| g.chess.is_some())
    }

    // perft (`lingeo perft --json`): `options` are the keyword arguments, the fields of
    // `lingeo::api::PerftRequest` (`depth`, `moves`, `divide`, `time`); its JSON.
    #[pyo3(signature = (options = None))]
    fn perft(
        &self,
        py: Python<'_>,
        options: Option<&Bound<'_, pyo3::types::PyDict>>,
    ) -> PyResult<Py<PyAny>> {
        let r: PerftRequest = keywords::request(options).map_err(|e| error(py, e))?;
        let p = interruptible(py, || {
            let game = api::perft::perft_game(&r, Some(self.bench.scenario()))?;
            api::perft::perft_of(&game, &r).and_then(|p| value(&p))
        })?
        .map_err(|e| error(py, e))?;
        object(py, &p)
    }

    // The moves of `line`, played after `before` from the scenario's start, as a position
    // writes them (UCI under the rules of chess).
    fn written(&self, py: Python<'_>, before: &str, line: Vec<String>) -> PyResult<Vec<String>> {
        let mut p = api::GamePosition::of(&self.bench).map_err(|e| error(py, e))?;
        for m in lingeo::play::line::split(before) {
            p.push(&m).map_err(|e| error(py, e))?;
        }
        line.iter()
            .map(|m| p.push(m).map_err(|e| error(py, e)))
            .collect()
    }

    #[getter]
    fn name(&self) -> String {
        self.bench.name().to_string()
    }

    #[getter]
    fn pieces(&self) -> Vec<(String, String, String, String)> {
        let s = self.bench.scenario();
        s.pieces
            .iter()
            .map(|p| {
                (
                    p.name.clone(),
                    p.side.to_string(),
                    s.types[p.type_index].name.clone(),
                    s.board.name(p.at).to_string(),
                )
            })
            .collect()
    }

    /// The MAP: `options` are the keyword arguments, the fields of `lingeo::api::MapRequest`
    /// (`lingeo map`'s flags): (its JSON, the grid [rank][file] where the board is flat); with
    /// `control`, the control map's JSON and no grid.
    #[pyo3(signature = (options = None))]
    fn map(
        &self,
        py: Python<'_>,
        options: Option<&Bound<'_, pyo3::types::PyDict>>,
    ) -> PyResult<(Py<PyAny>, Option<Grid>)> {
        let r: MapRequest = keywords::request(options).map_err(|e| error(py, e))?;
        let memory = memory_of(&r);
        let (m, grid) = interruptible(py, || {
            lingeo::memory::with_limit(memory, || {
                if r.control {
                    return Ok((value(&self.bench.control_map()?)?, None));
                }
                let m = self.bench.map(&r)?;
                Ok((value(&m)?, m.grid()))
            })
        })?
        .map_err(|e| error(py, e))?;
        Ok((object(py, &m)?, grid))
    }

    /// The bundle of trajectories: `options` are the keyword arguments, the fields of
    /// `lingeo::api::TrajectoriesRequest` (`lingeo trajectories`'s flags): (its JSON, the
    /// count).
    #[pyo3(signature = (options = None))]
    fn trajectories(
        &self,
        py: Python<'_>,
        options: Option<&Bound<'_, pyo3::types::PyDict>>,
    ) -> PyResult<(Py<PyAny>, u128)> {
        let r: TrajectoriesRequest = keywords::request(options).map_err(|e| error(py, e))?;
        let memory = memory_of(&r);
        let (t, count) = interruptible(py, || {
            lingeo::memory::with_limit(memory, || {
                let t = self.bench.trajectories(&r)?;
                Ok((value(&t)?, t.exact_count))
            })
        })?
        .map_err(|e| error(py, e))?;
        Ok((object(py, &t)?, count))
    }

    /// The zones of one attack: `options` are the keyword arguments, the fields of
    /// `lingeo::api::ZonesRequest` (`lingeo zones`'s flags): (their JSON, the count, whether it
    /// saturated, whether it is a lower bound).
    #[pyo3(signature = (options = None))]
    fn zones(
        &self,
        py: Python<'_>,
        options: Option<&Bound<'_, pyo3::types::PyDict>>,
    ) -> PyResult<(Py<PyAny>, u128, bool, bool)> {
        let r: ZonesRequest = keywords::request(options).map_err(|e| error(py, e))?;
        let memory = memory_of(&r);
        let (z, count, saturated, at_least) = interruptible(py, || {
            lingeo::memory::with_limit(memory, || {
                let z = self.bench.zones(&r)?;
                Ok((value(&z)?, z.count(), z.saturated(), z.at_least()))
            })
        })?
        .map_err(|e| error(py, e))?;
        Ok((object(py, &z)?, count, saturated, at_least))
    }

    /// Every attack's zones (`lingeo zones --all-attacks`): `options` as `zones` takes them;
    /// the JSON of each attack.
    #[pyo3(signature = (options = None))]
    fn attacks(
        &self,
        py: Python<'_>,
        options: Option<&Bound<'_, pyo3::types::PyDict>>,
    ) -> PyResult<Py<PyAny>> {
        let r: ZonesRequest = keywords::request(options).map_err(|e| error(py, e))?;
        let memory = memory_of(&r);
        let attacks = interruptible(py, || {
            lingeo::memory::with_limit(memory, || {
                let result = self.bench.attacks(&r, None, &lingeo::progress::Silent)?;
                value(&result)
            })
        })?
        .map_err(|e| error(py, e))?;
        object(py, &attacks)
    }

    /// A search: `options` are the keyword arguments, the fields of `lingeo::api::SearchRequest`
    /// (`lingeo search`'s flags); `network` and `rules` the files of the chessmaps ordering
    /// and the learned evaluation.
    #[pyo3(signature = (options = None, network = None, rules = None))]
    fn search(
        &self,
        py: Python<'_>,
        options: Option<&Bound<'_, pyo3::types::PyDict>>,
        network: Option<std::path::PathBuf>,
        rules: Option<std::path::PathBuf>,
    ) -> PyResult<Py<PyAny>> {
        let r: SearchRequest = keywords::request(options).map_err(|e| error(py, e))?;
        let read = |path: &std::path::Path| {
            std::fs::read_to_string(path).map_err(|e| ApiError::Io {
                path: path.display().to_string(),
                message: e.to_string(),
            })
        };
        let network = match &network {
            Some(path) => {
                let text = read(path).map_err(|e| error(py, e))?;
                let weights =
                    lingeo::play::players::chessmaps::Network::parse(&text).map_err(|e| {
                        error(
                            py,
                            ApiError::request(Some("network"), format!("{}: {e}", path.display())),
                        )
                    })?;
                Some(std::sync::Arc::new(weights))
            }
            None => None,
        };
        let rules = match &rules {
            Some(path) => {
                let text = read(path).map_err(|e| error(py, e))?;
                let name = path.display().to_string();
                let book = lingeo::play::players::rule_book::RuleBook::parse(&name, &text)
                    .map_err(|e| error(py, ApiError::from(e)))?;
                Some(std::sync::Arc::new(book))
            }
            None => None,
        };
        let memory = memory_of(&r);
        let s = interruptible(py, || {
            let inputs = api::SearchInputs {
                network,
                rules,
                ..api::SearchInputs::default()
            };
            lingeo::memory::with_limit(memory, || {
                self.bench.search_with(&r, &inputs).and_then(|s| value(&s))
            })
        })?
        .map_err(|e| error(py, e))?;
        object(py, &s)
    }

    // A match between two engines: (`lingeo match --json`, the games). `options` are the
    // keyword arguments, the fields of `lingeo::api::MatchRequest` (`lingeo match`'s flags).
    #[pyo3(signature = (options = None))]
    fn play_match(
        &self,
        py: Python<'_>,
        options: Option<&Bound<'_, pyo3::types::PyDict>>,
    ) -> PyResult<(Py<PyAny>, Py<PyAny>)> {
        let r: MatchRequest = keywords::request(options).map_err(|e| error(py, e))?;
        let memory = memory_of(&r);
        let (summary, games) = interruptible(py, || {
            lingeo::memory::with_limit(memory, || {
                let m = self.bench.play_match(&r, &lingeo::progress::Silent)?;
                Ok((value(&m.json)?, value(&m.games)?))
            })
        })?
        .map_err(|e| error(py, e))?;
        Ok((object(py, &summary)?, object(py, &games)?))
    }

    // A line replayed: `options` are the keyword arguments, the fields of
    // `lingeo::api::PlayRequest` (`lingeo play`'s flags).
    #[pyo3(signature = (options = None))]
    fn play(
        &self,
        py: Python<'_>,
        options: Option<&Bound<'_, pyo3::types::PyDict>>,
    ) -> PyResult<Py<PyAny>> {
        let r: PlayRequest = keywords::request(options).map_err(|e| error(py, e))?;
        let memory = memory_of(&r);
        let p = interruptible(py, || {
            lingeo::memory::with_limit(memory, || {
                self.bench.play_request(&r).and_then(|p| value(&p))
            })
        })?
        .map_err(|e| error(py, e))?;
        object(py, &p)
    }

    // The patterns of the pairs of pieces (`lingeo patterns --json`): `options` are the
    // keyword arguments, the fields of `lingeo::api::PatternsRequest`.
    #[pyo3(signature = (options = None))]
    fn patterns(
        &self,
        py: Python<'_>,
        options: Option<&Bound<'_, pyo3::types::PyDict>>,
    ) -> PyResult<Py<PyAny>> {
        let r: PatternsRequest = keywords::request(options).map_err(|e| error(py, e))?;
        let memory = memory_of(&r);
        let p = interruptible(py, || {
            lingeo::memory::with_limit(memory, || {
                self.bench
                    .patterns(&r, &lingeo::progress::Silent)
                    .and_then(|p| value(&p))
            })
        })?
        .map_err(|e| error(py, e))?;
        object(py, &p)
    }

    // Each pair's fuzzy pattern (`lingeo fuzzy --json`): `options` are the keyword arguments,
    // the fields of `lingeo::api::PairsRequest`.
    #[pyo3(signature = (options = None))]
    fn fuzzy(
        &self,
        py: Python<'_>,
        options: Option<&Bound<'_, pyo3::types::PyDict>>,
    ) -> PyResult<Py<PyAny>> {
        let r: PairsRequest = keywords::request(options).map_err(|e| error(py, e))?;
        let memory = memory_of(&r);
        let p = interruptible(py, || {
            lingeo::memory::with_limit(memory, || {
                self.bench
                    .fuzzy_patterns(&r, &lingeo::progress::Silent)
                    .and_then(|p| value(&p))
            })
        })?
        .map_err(|e| error(py, e))?;
        object(py, &p)
    }

    // An evaluation: `options` are the keyword arguments, the fields of
    // `lingeo::api::EvaluateRequest` (`lingeo evaluate`'s flags).
    #[pyo3(signature = (options = None))]
    fn evaluate(
        &self,
        py: Python<'_>,
        options: Option<&Bound<'_, pyo3::types::PyDict>>,
    ) -> PyResult<Py<PyAny>> {
        let r: EvaluateRequest = keywords::request(options).map_err(|e| error(py, e))?;
        let memory = memory_of(&r);
        let e = interruptible(py, || {
            lingeo::memory::with_limit(memory, || self.bench.evaluate(&r).and_then(|e| value(&e)))
        })?
        .map_err(|e| error(py, e))?;
        object(py, &e)
    }
}

// A game's position to play move by move (`lingeo::api::GamePosition`).
#[pyclass(module = "lingeo._lingeo")]
#[derive(Clone)]
struct Position {
    position: api::GamePosition,
}

#[pymethods]
impl Position {
    #[new]
    fn new(py: Python<'_>, scenario: &Scenario) -> PyResult<Position> {
        api::GamePosition::of(&scenario.bench)
            .map(|position| Position { position })
            .map_err(|e| error(py, e))
    }

    #[getter]
    fn legal_moves(&self) -> Vec<String> {
        self.position.legal_moves()
    }

    fn push(&mut self, py: Python<'_>, text: &str) -> PyResult<String> {
        self.position.push(text).map_err(|e| error(py, e))
    }

    fn pop(&mut self, py: Python<'_>) -> PyResult<String> {
        self.position.pop().map_err(|e| error(py, e))
    }

    #[getter]
    fn move_stack(&self) -> Vec<String> {
        self.position.moves()
    }

    fn is_game_over(&self) -> bool {
        self.position.is_game_over()
    }

    fn result(&self) -> &'static str {
        self.position.result()
    }

    #[getter]
    fn outcome(&self) -> Option<String> {
        self.position.outcome_text()
    }

    #[getter]
    fn turn(&self) -> &'static str {
        self.position.turn()
    }

    #[getter]
    fn fen(&self, py: Python<'_>) -> PyResult<String> {
        self.position.fen().map_err(|e| error(py, e))
    }

    // The position as a scenario, for its zones and searches.
    fn scenario(&self, py: Python<'_>) -> PyResult<Scenario> {
        let scenario = self.position.scenario();
        let name = self.position.fen().unwrap_or_else(|_| {
            format!("the position after {} moves", self.position.moves().len())
        });
        interruptible(py, || Workbench::new(scenario, &name))?
            .map(|bench| Scenario { bench })
            .map_err(|e| error(py, e))
    }

    fn copy(&self) -> Position {
        self.clone()
    }

    fn __str__(&self) -> String {
        self.position.picture()
    }
}

#[pymethods]
impl Grammar {
    #[staticmethod]
    fn load(py: Python<'_>, path: std::path::PathBuf) -> PyResult<Grammar> {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(&path).map_err(|e| {
            error(
                py,
                ApiError::Io {
                    path: name.clone(),
                    message: e.to_string(),
                },
            )
        })?;
        Grammar::checked(py, name, text)
    }

    #[staticmethod]
    #[pyo3(signature = (text, name = "<text>"))]
    fn from_text(py: Python<'_>, text: String, name: &str) -> PyResult<Grammar> {
        Grammar::checked(py, name.to_string(), text)
    }

    #[staticmethod]
    fn shipped(py: Python<'_>, name: &str) -> PyResult<Grammar> {
        // The shipped grammars are built in: the name says which, the text is not kept.
        Grammar::checked(py, format!("shipped:{name}"), String::new())
    }

    #[getter]
    fn name(&self) -> String {
        self.name.clone()
    }

    /// The language: `options` are the keyword arguments, the fields of
    /// `lingeo::api::RunRequest` (`lingeo run`'s flags; with `count`, the count on the forest;
    /// with `trace`, the steps as `--trace` prints them, under `trace`); `inputs` the grammar's
    /// other inputs: its JSON.
    #[pyo3(signature = (options = None, scenario = None, inputs = Vec::new()))]
    fn run(
        &self,
        py: Python<'_>,
        options: Option<&Bound<'_, pyo3::types::PyDict>>,
        scenario: Option<&Scenario>,
        inputs: Vec<(String, String)>,
    ) -> PyResult<Py<PyAny>> {
        let mut r: RunRequest = keywords::request(options).map_err(|e| error(py, e))?;
        r.inputs = inputs;
        let memory = memory_of(&r);
        let bench = match scenario {
            Some(s) => s.bench.clone(),
            // As `lingeo run` without a scenario: an empty 8x8 board.
            None => Scenario::empty(py, 8, 8)?.bench,
        };
        let (name, text) = (self.name.clone(), self.text.clone());
        let language = interruptible(py, move || {
            lingeo::memory::with_limit(memory, || {
                let grammar = parse(&name, &text)?;
                if r.count {
                    return bench.count(&grammar, &r).and_then(|c| value(&c));
                }
                // With `trace`, each step as `lingeo run --trace` prints it, under `trace`.
                let mut steps: Vec<String> = Vec::new();
                let mut keep = |event: &lingeo::grammar::TraceEvent| steps.push(event.to_string());
                let tracer: Option<&mut dyn lingeo::grammar::Tracer> =
                    if r.trace { Some(&mut keep) } else { None };
                let mut language = bench.run(&grammar, &r, tracer).and_then(|l| value(&l))?;
                if r.trace
                    && let Some(object) = language.as_object_mut()
                {
                    object.insert("trace".to_string(), serde_json::json!(steps));
                }
                Ok(language)
            })
        })?
        .map_err(|e| error(py, e))?;
        object(py, &language)
    }
}

/// Where a grammar of the package comes from, for the API to read it on each thread that runs
/// it.
fn source(g: &Grammar) -> api::GrammarSource {
    match g.name.strip_prefix("shipped:") {
        Some(shipped) => api::GrammarSource::Shipped(shipped.to_string()),
        None => api::GrammarSource::Text {
            name: g.name.clone(),
            text: g.text.clone(),
        },
    }
}

// The comparison of two languages (`lingeo compare`): its JSON. `a` or `b` None is the
// native generator; `starts` a list of starts (a list of one: its error is raised; several:
// each error on its row); `set` the grammars' other inputs; `options` the keyword arguments,
// the fields of `lingeo::api::CompareRequest` (`start`, `random`, `seed`, ...).
#[pyfunction]
#[pyo3(signature = (a, b, starts = None, scenario = None, set = Vec::new(), options = None))]
fn compare(
    py: Python<'_>,
    a: Option<&Grammar>,
    b: Option<&Grammar>,
    starts: Option<Vec<String>>,
    scenario: Option<&Scenario>,
    set: Vec<(String, String)>,
    options: Option<&Bound<'_, pyo3::types::PyDict>>,
) -> PyResult<Py<PyAny>> {
    use api::compare::{CompareInputs, CompareRequest, CompareSide};
    let r: CompareRequest = keywords::request(options).map_err(|e| error(py, e))?;
    let memory = memory_of(&r);
    let bench = match scenario {
        Some(s) => s.bench.clone(),
        // As `lingeo compare` without a scenario: an empty 8x8 board.
        None => Scenario::empty(py, 8, 8)?.bench,
    };
    let inputs = CompareInputs {
        a: a.map_or(CompareSide::Native, |g| CompareSide::Grammar(source(g))),
        b: b.map_or(CompareSide::Native, |g| CompareSide::Grammar(source(g))),
        starts: starts.unwrap_or_default(),
        set,
    };
    let c = interruptible(py, || {
        lingeo::memory::with_limit(memory, || {
            bench
                .compare(&r, &inputs, &lingeo::progress::Silent)
                .and_then(|c| value(&c))
        })
    })?
    .map_err(|e| error(py, e))?;
    object(py, &c)
}

/// A grammar from its text, or a shipped one by its name (`shipped:NAME`).
fn parse(name: &str, text: &str) -> Result<lingeo::grammar::Grammar, ApiError> {
    match name.strip_prefix("shipped:") {
        Some(shipped) => api::shipped_grammar(shipped),
        None => api::grammar_from_text(text, name),
    }
}

impl Grammar {
    fn checked(py: Python<'_>, name: String, text: String) -> PyResult<Grammar> {
        interruptible(py, || parse(&name, &text).map(|_| ()))?.map_err(|e| error(py, e))?;
        Ok(Grammar { name, text })
    }
}

/// Figure 12 of the MAICS 2013 paper on an empty board (`lingeo analysis figure12 --json`'s
/// rows): `options` are the keyword arguments, the fields of `lingeo::api::AnalysisRequest`.
#[pyfunction]
#[pyo3(signature = (options = None))]
fn figure12(
    py: Python<'_>,
    options: Option<&Bound<'_, pyo3::types::PyDict>>,
) -> PyResult<Py<PyAny>> {
    let r: AnalysisRequest = keywords::request(options).map_err(|e| error(py, e))?;
    let rows = interruptible(py, || {
        api::figure12(&r, &lingeo::progress::Silent).and_then(|f| value(&f.rows()))
    })?
    .map_err(|e| error(py, e))?;
    object(py, &rows)
}

#[pymodule]
fn _lingeo(m: &Bound<'_, PyModule>) -> PyResult<()> {
    lingeo::memory::Counting::enable();
    let py = m.py();
    m.add_class::<Scenario>()?;
    m.add_class::<Grammar>()?;
    m.add_class::<Position>()?;
    m.add_function(wrap_pyfunction!(compare, m)?)?;
    m.add_function(wrap_pyfunction!(figure12, m)?)?;
    let errors = exceptions(py)?;
    for name in EXCEPTION_NAMES {
        m.add(name, errors.getattr(name)?)?;
    }
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
