//! One facade over lingeo's jobs, for programs (and the Python package, and the CLI): an owning
//! [`Workbench`] (a scenario and its kernel), a typed request for each job whose
//! `Default` is the CLI's defaults, typed results that serialise to the JSON the CLI's `--json`
//! prints, and typed errors ([`ApiError`]) with the place in the file where the input has one.
//! Nothing here prints, and nothing names a command-line option.
//!
//! ```
//! use lingeo::api::{Engine, MapRequest, SearchRequest, Workbench, ZonesRequest};
//!
//! let bench = Workbench::load("examples/robot-fighter.scenario")?;
//! let map = bench.map(&MapRequest { piece: Some("FIGHTER".into()), ..Default::default() })?;
//! assert_eq!(map.origin, "f6");
//!
//! let reti = Workbench::load("examples/reti.scenario")?;
//! let solve = reti.search(&SearchRequest { engine: Engine::Alphabeta, ..Default::default() })?;
//! assert_eq!(solve.json.value, Some(0));
//! let json = serde_json::to_value(&solve)?; // what `lingeo search --json` prints
//! assert_eq!(json["engine"], "alphabeta");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Errors carry their place:
//!
//! ```
//! let e = lingeo::api::Workbench::from_text("board 8x8\nwhite kong at a1\n", "bad.scenario")
//!     .unwrap_err();
//! let (file, line, _column) = e.place().unwrap();
//! assert_eq!((file, line), ("bad.scenario", 2));
//! ```

pub mod analysis;
pub mod board;
pub mod check;
pub mod compare;
pub mod control;
pub mod error;
pub mod evaluate;
pub mod game_position;
pub mod grammar_limits;
pub mod map;
pub mod matches;
pub mod patterns;
pub mod perft;
pub mod piece;
pub mod play;
pub mod request;
pub mod run;
pub mod search;
pub mod trajectories;
pub mod translate;
pub mod workbench;
pub mod zones;

pub use analysis::{AnalysisRequest, AnalysisResult, AnalysisRow, figure12};
pub use board::{BoardResult, PlacedPiece, board};
pub use check::{
    CheckDiagnostic, CheckRequest, CheckResult, CheckedFile, Place, Severity, SourceKind,
    SourceText, check_files, check_texts,
};
pub use compare::{CompareInputs, CompareRequest, CompareResult, CompareSide, GrammarSource};
pub use control::{ControlResult, control};
pub use error::{ApiError, Cap, ErrorKind};
pub use evaluate::{EvaluateInputs, EvaluateRequest, EvaluationResult};
pub use game_position::GamePosition;
pub use map::{MapRequest, MapResult};
pub use matches::{GameRecord, MatchJson, MatchOutcome, MatchRequest};
pub use patterns::{PairsRequest, PatternsRequest, PatternsResult};
pub use perft::{PerftRequest, PerftResult};
pub use piece::Chosen;
pub use play::{PlayRequest, PlayResult};
pub use request::Request;
pub use run::{
    CountResult, LanguageResult, RunRequest, grammar_from_text, load_grammar, shipped_grammar,
};
pub use search::{Engine, SearchInputs, SearchOutcome, SearchRequest};
pub use trajectories::{TrajectoriesRequest, TrajectoriesResult};
pub use translate::{TranslateRequest, TranslationResult};
pub use workbench::Workbench;
pub use zones::{AttacksResult, Filters, ZoneEngine, ZonesRequest, ZonesResult};
