//! The errors of the API: what went wrong, with the place in the file where the input has one,
//! in words that name no command-line option.

use crate::syntax::diagnostic::SourceErrors;

/// Why a request of the API gave no result.
#[derive(Debug, Clone, thiserror::Error)]
pub enum ApiError {
    /// A scenario or grammar text that does not parse: the first problem's place (1-based
    /// line and column, in characters), its message, and every problem rendered with the
    /// source excerpt (`rendered`, as `lingeo check` prints it).
    #[error("{rendered}")]
    Source {
        /// The file's name as given (a path, or the name given to a text).
        file: String,
        /// The first problem's line, 1-based.
        line: usize,
        /// The first problem's column, 1-based, in characters.
        column: usize,
        /// The first problem in one line.
        message: String,
        /// Every problem with its excerpt of the source.
        rendered: String,
    },
    /// A file that could not be read.
    #[error("cannot read {path}: {message}")]
    Io {
        /// The path as given.
        path: String,
        /// What the system said.
        message: String,
    },
    /// A request that does not fit the scenario or itself (a piece that is not there, a point
    /// off the board, options that do not go together). `field` names the request's field at
    /// fault where one is.
    #[error("{message}")]
    Request {
        /// The request's field at fault (`piece`, `type_name`, `from`, `to`, ...), if one is.
        field: Option<&'static str>,
        /// What is wrong.
        message: String,
    },
    /// A grammar's start or input that does not fit it (which one: the error's
    /// [`given`](crate::grammar::InputError::given)).
    #[error("{0}")]
    Input(crate::grammar::InputError),
    /// The answer would pass a cap of the request (`cap` says which: raise it, or ask less).
    #[error("{message}")]
    TooLarge {
        /// The cap that stopped the work.
        cap: Cap,
        /// What passed it, in a few words ("more than 10000 zones").
        reason: String,
        /// The whole message.
        message: String,
    },
    /// The scenario cannot be played (no `game { ... }` block, a rule that does not apply).
    #[error("{file}: {message}")]
    Game {
        /// The scenario's name.
        file: String,
        /// Why it cannot be played.
        message: String,
    },
    /// A grammar's run failed: the place in the grammar file where it did, if it has one.
    #[error("{rendered}")]
    Run {
        /// The grammar file's name.
        file: String,
        /// The line of the failing expression, 1-based (0 when the error has no place).
        line: usize,
        /// Its column, 1-based, in characters (0 when the error has no place).
        column: usize,
        /// The error in one line.
        message: String,
        /// The error rendered with its excerpt and notes.
        rendered: String,
        /// The limit that stopped the run, if one did.
        limit: Option<crate::grammar::Limit>,
        /// Whether a traced run would show how the error came about (a derivation that
        /// never ends).
        traceable: bool,
    },
    /// A computation that failed for a reason that is neither the request's nor a limit's (an
    /// engine that could not finish its work, a result that did not read back).
    #[error("{message}")]
    Failed {
        /// What failed, in one line.
        message: String,
    },
    /// A search stopped (a limit of positions, time or memory) before it had any result. A search whose work failed inside it
    /// ([`StopReason::Failed`](crate::play::search::StopReason::Failed)) is a failed
    /// computation ([`ErrorKind::Failed`]), not a stopped one.
    #[error("{reason}{note}")]
    Stopped {
        /// Why it stopped: the limit's caller adds how to raise it
        /// ([`StopReason::with_note`](crate::play::search::StopReason::with_note)).
        reason: crate::play::search::StopReason,
        /// What the stop means for the answer, after the reason (`; no search completed, so
        /// there is no result`), or nothing.
        note: &'static str,
    },
}

/// What an [`ApiError`] says of the request: the caller's input is at fault, the computation
/// failed, or it stopped at a limit. The server answers each with its own HTTP status and the
/// Python package raises each as its own exception class.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorKind {
    /// The request does not fit: a field, a file's text (with its place), a file that cannot
    /// be read, a scenario that cannot be played, a grammar's run that fails at a place of the
    /// grammar.
    BadRequest,
    /// The computation failed for a reason of its own (an engine's failure).
    Failed,
    /// The computation stopped at a limit: memory, time, positions, a cap on what it lists, or
    /// the caller's stop.
    Stopped,
}

/// A cap the caller can raise.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cap {
    /// The memory limit (`memory::with_limit`, or a request's `max_memory`).
    Memory,
    /// The cap on zones listed (`max_zones`).
    Zones,
    /// The cap on a grammar's derivation steps (`Limits::max_steps`).
    Steps,
    /// The cap on the trajectories listed (`limit`).
    Trajectories,
    /// The cap on a language's sentences (`Limits::max_sentences`), where the native generator
    /// of a comparison stands for a grammar.
    Sentences,
    /// A cap the request cannot raise (a language a grammar imports keeps the default cap).
    Fixed,
    /// The cap on the text of a result (`budget::with_output_cap`: `lingeo serve`'s cap on
    /// an answer), passed while the result was built.
    Output,
}

/// The API's results.
pub type Result<T, E = ApiError> = std::result::Result<T, E>;

/// The 1-based line and column (in characters) of byte `offset` of `source`.
pub fn line_column(source: &str, offset: usize) -> (usize, usize) {
    let mut offset = offset.min(source.len());
    while !source.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &source[..offset];
    let line = before.matches('\n').count() + 1;
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, before[start..].chars().count() + 1)
}

impl From<SourceErrors> for ApiError {
    fn from(e: SourceErrors) -> Self {
        let (line, column, message) = match e.diagnostics.first() {
            Some(d) => {
                let (line, column) = line_column(&e.source, d.span.start);
                (line, column, d.shown_message().into_owned())
            }
            None => (0, 0, String::new()),
        };
        ApiError::Source {
            file: e.path.clone(),
            line,
            column,
            message,
            rendered: e.render(),
        }
    }
}

impl From<crate::scenario::LoadError> for ApiError {
    fn from(e: crate::scenario::LoadError) -> Self {
        match e {
            crate::scenario::LoadError::Io { path, error } => ApiError::Io {
                path,
                message: error.to_string(),
            },
            crate::scenario::LoadError::Invalid(errors) => errors.into(),
        }
    }
}

impl From<crate::grammar::GrammarError> for ApiError {
    fn from(e: crate::grammar::GrammarError) -> Self {
        match e {
            crate::grammar::GrammarError::Io { path, error } => ApiError::Io {
                path,
                message: error.to_string(),
            },
            crate::grammar::GrammarError::Invalid(files) => {
                let rendered: String = files.iter().map(SourceErrors::render).collect();
                match files.into_iter().next() {
                    Some(first) => match ApiError::from(first) {
                        ApiError::Source {
                            file,
                            line,
                            column,
                            message,
                            ..
                        } => ApiError::Source {
                            file,
                            line,
                            column,
                            message,
                            rendered,
                        },
                        other => other,
                    },
                    None => ApiError::Request {
                        field: None,
                        message: rendered,
                    },
                }
            }
        }
    }
}

impl From<crate::grammar::RunError> for ApiError {
    fn from(e: crate::grammar::RunError) -> Self {
        let (line, column) = e
            .span
            .as_ref()
            .map_or((0, 0), |s| line_column(&e.source, s.start));
        ApiError::Run {
            file: e.path.clone(),
            line,
            column,
            message: e.message.clone(),
            rendered: e.render(),
            limit: e.limit,
            traceable: e.traceable,
        }
    }
}

/// The search grammar's errors: options it cannot take and a grammar that breaks its contract
/// are the request's, its derivation's failure is a grammar run's (with its place and limit),
/// a sentence that is not a search tree a failed computation.
impl From<crate::play::search::lg_grammar::SearchGrammarError> for ApiError {
    fn from(e: crate::play::search::lg_grammar::SearchGrammarError) -> Self {
        use crate::play::search::lg_grammar::SearchGrammarError as E;
        match e {
            E::Option { field, message } => ApiError::request(Some(field), message),
            E::Contract(message) => ApiError::request(Some("grammar"), message),
            // The engine's derivation, not a `run` of the caller's: no `--trace` to offer.
            E::Run(run) => match ApiError::from(*run) {
                ApiError::Run {
                    file,
                    line,
                    column,
                    message,
                    rendered,
                    limit,
                    ..
                } => ApiError::Run {
                    file,
                    line,
                    column,
                    message,
                    rendered,
                    limit,
                    traceable: false,
                },
                other => other,
            },
            e @ (E::NotOneSentence { .. } | E::NotATree { .. }) => ApiError::failed(e.to_string()),
        }
    }
}

/// A number of jobs out of range is the request's (`jobs`); threads that cannot be started
/// are a failure.
impl From<crate::parallel::JobsError> for ApiError {
    fn from(e: crate::parallel::JobsError) -> Self {
        match e {
            crate::parallel::JobsError::OutOfRange(_) => {
                ApiError::request(Some("jobs"), e.to_string())
            }
            crate::parallel::JobsError::Threads { .. } => ApiError::failed(e.to_string()),
        }
    }
}

/// A game without an opening is the scenario's (the request's); threads that cannot be
/// started are a failure.
impl From<crate::play::players::matches::MatchError> for ApiError {
    fn from(e: crate::play::players::matches::MatchError) -> Self {
        use crate::play::players::matches::MatchError;
        match e {
            MatchError::NoOpening => ApiError::request(None, e.to_string()),
            MatchError::Jobs(e) => e.into(),
        }
    }
}

impl From<crate::grammar::InputError> for ApiError {
    fn from(e: crate::grammar::InputError) -> Self {
        ApiError::Input(e)
    }
}

impl From<crate::memory::TooLarge> for ApiError {
    fn from(e: crate::memory::TooLarge) -> Self {
        ApiError::TooLarge {
            cap: Cap::Memory,
            reason: e.to_string(),
            message: e.to_string(),
        }
    }
}

impl From<crate::budget::Exceeded> for ApiError {
    fn from(e: crate::budget::Exceeded) -> Self {
        use crate::budget::Exceeded;
        match e {
            Exceeded::Memory(e) => e.into(),
            Exceeded::Output { .. } => ApiError::TooLarge {
                cap: Cap::Output,
                reason: e.to_string(),
                message: e.to_string(),
            },
            Exceeded::Time(limit) => ApiError::out_of_time(limit),
        }
    }
}

impl ApiError {
    /// A bad request, `field` the request's field at fault.
    pub fn request(field: Option<&'static str>, message: impl Into<String>) -> ApiError {
        ApiError::Request {
            field,
            message: message.into(),
        }
    }

    /// The request's field at fault, where the error is about one (`start`, `inputs` and
    /// `piece` for a grammar's givens).
    pub fn field(&self) -> Option<&'static str> {
        use crate::grammar::Given;
        match self {
            ApiError::Request { field, .. } => *field,
            ApiError::Input(e) => Some(match e.given {
                Given::Start => "start",
                Given::Piece | Given::NoPiece(_) => "piece",
                Given::Input(_) | Given::NoPieces | Given::NoValue(_) => "inputs",
            }),
            _ => None,
        }
    }

    /// Whether the request, the computation or a limit is at fault.
    pub fn kind(&self) -> ErrorKind {
        match self {
            ApiError::Source { .. }
            | ApiError::Io { .. }
            | ApiError::Request { .. }
            | ApiError::Input(_)
            | ApiError::Game { .. } => ErrorKind::BadRequest,
            // A run stopped at one of its limits stopped; one that failed at a place of the
            // grammar (an index out of range, a value of the wrong kind) is the grammar's fault.
            ApiError::Run { limit: Some(_), .. } => ErrorKind::Stopped,
            ApiError::Run { limit: None, .. } => ErrorKind::BadRequest,
            ApiError::TooLarge { .. } => ErrorKind::Stopped,
            ApiError::Stopped {
                reason: crate::play::search::StopReason::Failed(_),
                ..
            }
            | ApiError::Failed { .. } => ErrorKind::Failed,
            ApiError::Stopped { .. } => ErrorKind::Stopped,
        }
    }

    /// A computation stopped at its time limit (the thread's deadline: a request's `time`, or
    /// the server's cap), every job's in the same words ([`crate::deadline::stopped_at`]).
    pub fn out_of_time(limit: std::time::Duration) -> ApiError {
        ApiError::Stopped {
            reason: crate::play::search::StopReason::Deadline(limit),
            note: "",
        }
    }

    /// A computation that failed, in its own words.
    pub fn failed(message: impl Into<String>) -> ApiError {
        ApiError::Failed {
            message: message.into(),
        }
    }

    /// Whether the error stopped at the time limit or the caller's stop (rather than at a cap
    /// of size: memory, positions, zones, steps, a result's text).
    pub fn stopped_by_time(&self) -> bool {
        use crate::play::search::StopReason;
        match self {
            ApiError::Stopped { reason, .. } => matches!(
                reason,
                StopReason::Time { .. } | StopReason::Deadline(_) | StopReason::Halted
            ),
            ApiError::Run { limit, .. } => *limit == Some(crate::grammar::Limit::Time),
            _ => false,
        }
    }

    /// The file, line and column of the error, where it has them.
    pub fn place(&self) -> Option<(&str, usize, usize)> {
        match self {
            ApiError::Source {
                file, line, column, ..
            }
            | ApiError::Run {
                file, line, column, ..
            } if *line > 0 => Some((file, *line, *column)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_and_column_count_characters_from_one() {
        assert_eq!(line_column("ab\ncd", 0), (1, 1));
        assert_eq!(line_column("ab\ncd", 4), (2, 2));
        assert_eq!(line_column("ӄx\nz", 2), (1, 2));
    }

    #[test]
    fn a_scenario_error_has_its_place() {
        let e: ApiError =
            crate::scenario::Scenario::parse("bad.scenario", "board 8x8\nwhite kong at a1\n")
                .unwrap_err()
                .into();
        let (file, line, column) = e.place().expect("a parse error has a place");
        assert_eq!((file, line), ("bad.scenario", 2));
        assert!(column >= 1, "{e}");
    }

    #[test]
    fn a_bad_text_is_a_bad_request() {
        let e = crate::api::Workbench::from_text("board 8x8\nwhite kong at a1\n", "bad.scenario")
            .unwrap_err();
        assert_eq!(e.kind(), ErrorKind::BadRequest, "{e}");
    }

    #[test]
    fn a_search_stopped_at_its_node_limit_is_a_stopped_computation() {
        use crate::api::{Engine, SearchRequest, Workbench};
        let reti = Workbench::load("examples/reti.scenario").unwrap();
        let e = reti
            .search(&SearchRequest {
                engine: Engine::Minimax,
                max_nodes: Some(10),
                ..SearchRequest::default()
            })
            .unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Stopped, "{e}");
        assert!(!e.stopped_by_time(), "{e}");
    }

    #[test]
    fn an_lg_search_whose_zones_cannot_be_listed_failed_and_is_no_bad_request() {
        // One zone per attack is fewer than the robot's attacks have: the LG search's work
        // fails inside it: a failed computation, not a stop at a limit as it was reported.
        use crate::api::{Engine, SearchRequest, Workbench};
        let reti = Workbench::load("examples/reti.scenario").unwrap();
        let e = reti
            .search(&SearchRequest {
                engine: Engine::Lg,
                max_zones: Some(1),
                ..SearchRequest::default()
            })
            .unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Failed, "{e}");
    }

    #[test]
    fn the_search_grammar_s_errors_have_their_kinds() {
        use crate::play::search::lg_grammar::SearchGrammarError as E;
        let not_a_tree = ApiError::from(E::NotATree {
            what: "a move that is not legal where it is played".into(),
            at: 3,
            of: 9,
        });
        assert_eq!(not_a_tree.kind(), ErrorKind::Failed);
        assert_eq!(
            not_a_tree.to_string(),
            "the search grammar's sentence is not a search tree: a move that is not legal \
             where it is played (symbol 3 of 9)"
        );
        let option = ApiError::from(E::Option {
            field: "horizon",
            message: "the horizon must be at least 1 move".into(),
        });
        assert_eq!(option.kind(), ErrorKind::BadRequest);
        assert_eq!(option.field(), Some("horizon"));
    }

    #[test]
    fn jobs_out_of_range_are_the_request_s_and_threads_that_do_not_start_a_failure() {
        use crate::parallel::JobsError;
        let range = ApiError::from(JobsError::OutOfRange(0));
        assert_eq!(
            (range.kind(), range.field()),
            (ErrorKind::BadRequest, Some("jobs"))
        );
        let threads = ApiError::from(JobsError::Threads {
            jobs: 4,
            message: "no".into(),
        });
        assert_eq!(threads.kind(), ErrorKind::Failed);
    }

    #[test]
    fn a_time_stop_is_a_stopped_computation_by_time() {
        let e = ApiError::from(crate::budget::Exceeded::Time(
            std::time::Duration::from_secs(2),
        ));
        assert_eq!(e.kind(), ErrorKind::Stopped);
        assert!(e.stopped_by_time());
    }
}
