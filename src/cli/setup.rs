//! What the commands share: a board from a scenario file or from `--board`/`--removed`, and a
//! piece from a placed piece's name or a type name.

use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};
use lingeo::board::{Board, Point};
use lingeo::grammar::{Given, InputError, Limit, RunError};
use lingeo::kernel::{Kernel, MotionId};
use lingeo::piece::{Side, Usage};
use lingeo::play::players::matches::MatchStop;
use lingeo::play::search::{SearchLimit, StopReason};
use lingeo::scenario::{Piece, Scenario};

use super::CliError;

/// What follows an error of the memory limit.
const RAISE: &str = " (--max-memory raises the limit, in MiB)";

/// A structure past the memory limit, as the CLI reports it.
pub fn too_large(e: lingeo::memory::TooLarge) -> CliError {
    CliError(format!("{e}{RAISE}"))
}

/// A job stopped at a limit as it built its result (its text too), as the CLI reports it: the
/// memory limit with the option that raises it.
pub fn exceeded(e: lingeo::budget::Exceeded) -> CliError {
    match e {
        lingeo::budget::Exceeded::Memory(e) => too_large(e),
        e => CliError(e.to_string()),
    }
}

/// An error of the API, as the CLI reports it: the library's words with the option that
/// raises a cap or limit, or gives a start or input, where one does.
pub fn api_error(e: lingeo::api::ApiError) -> CliError {
    use lingeo::api::{ApiError, Cap};
    match e {
        // A grammar's run past a cap: its diagnostic, with a note.
        ApiError::TooLarge { cap, message, .. } if message.ends_with('\n') => {
            match cap_option(cap) {
                Some(option) => CliError(format!("{message}note: {option} raises the cap\n")),
                None => CliError(message),
            }
        }
        ApiError::TooLarge {
            cap: Cap::Memory,
            message,
            ..
        } => CliError(format!("{message}{RAISE}")),
        ApiError::TooLarge { cap, message, .. } => match cap_option(cap) {
            Some(option) => CliError(format!("{message} ({option} raises the cap)")),
            None => CliError(message),
        },
        ApiError::Input(e) => input_error(&e),
        ApiError::Run {
            rendered,
            limit,
            traceable,
            ..
        } => CliError(rendered + &run_hints(limit, traceable)),
        ApiError::Stopped { reason, note } => CliError(stop_hint(&reason) + note),
        e => CliError(e.to_string()),
    }
}

/// A search's stop with the option that raises the limit it reached, inside its parentheses
/// (`stopped at the node limit (500 positions; --max-nodes raises it)`): the library tells the
/// limit, the CLI its option.
pub fn stop_hint(reason: &StopReason) -> String {
    let option = match reason.limit() {
        Some(SearchLimit::Nodes) => "--max-nodes",
        Some(SearchLimit::Memory) => "--max-memory",
        // The thread's deadline is, on the command line, a command's own `--time` (a match's).
        Some(SearchLimit::Time | SearchLimit::Deadline) => "--time",
        // The stops that are no limit's: no option.
        None => return reason.to_string(),
    };
    reason.with_note(&format!("{option} raises it"))
}

/// A match's stop, its game's search's reason with the option that raises it ([`stop_hint`]).
pub fn match_stop_hint(stop: &MatchStop) -> String {
    stop.describe(&stop_hint(&stop.stop.reason))
}

/// The option that raises a cap of the API, where one does.
pub fn cap_option(cap: lingeo::api::Cap) -> Option<&'static str> {
    use lingeo::api::Cap;
    match cap {
        Cap::Zones => Some("--max-zones"),
        Cap::Memory => Some("--max-memory"),
        Cap::Steps => Some("--max-steps"),
        Cap::Trajectories => Some("--limit"),
        Cap::Sentences => Some("--max-sentences"),
        // The CLI caps no result's text: the server's cap, which the server names.
        Cap::Fixed | Cap::Output => None,
    }
}

/// The option that raises a grammar run's limit (`run`, `zones --engine grammar`, `test`).
pub fn limit_option(limit: Limit) -> Option<&'static str> {
    Some(match limit {
        Limit::Steps => "--max-steps",
        Limit::Sentences => "--max-sentences",
        Limit::CallDepth => "--max-depth",
        Limit::FormLength => "--max-length",
        Limit::SetSize => "--max-set-size",
        Limit::Iterations => "--max-iterations",
        Limit::Memory => "--max-memory (in MiB)",
        Limit::Time => "--time",
    })
}

/// The notes the CLI adds to a failed grammar run: the option of the limit it reached, and
/// `--trace` where a traced run shows how it came about.
fn run_hints(limit: Option<Limit>, traceable: bool) -> String {
    let mut notes = String::new();
    if let Some(option) = limit.and_then(limit_option) {
        notes.push_str(&format!("note: {option} raises the limit\n"));
    }
    if traceable {
        notes.push_str("note: run with --trace to see the steps\n");
    }
    notes
}

/// A failed grammar run, as the CLI reports it: with the option of the limit it reached.
pub fn run_error(e: &RunError) -> CliError {
    CliError(e.render() + &run_hints(e.limit, e.traceable))
}

/// A start or input that does not fit a grammar, with the option that gives it.
pub fn input_error(e: &InputError) -> CliError {
    let message = &e.message;
    CliError(match &e.given {
        Given::Start => format!("--start: {message}"),
        Given::Input(name) => format!("--set {name}: {message}"),
        Given::Piece => format!("--piece: {message}"),
        Given::NoPiece(_) => format!("{message}: give --piece"),
        Given::NoPieces => format!(
            "{message}: give each with --set NAME=PIECE (a placed piece, or a type such as `pawn:black`)"
        ),
        Given::NoValue(name) => format!("{message}: give --set {name}=VALUE"),
    })
}

/// A scenario that cannot be played, as the CLI reports it.
pub fn game_error(e: lingeo::play::game::GameError) -> String {
    match e {
        lingeo::play::game::GameError::TooLarge(e) => format!("{e}{RAISE}"),
        e => e.to_string(),
    }
}

/// The scenario's kernel, once what its placed pieces' motions need fits in the memory limit
/// (`Scenario::checked_kernel`), and what `also` needs too (a piece chosen by its type).
pub fn kernel(scenario: &Scenario, also: &[MotionId]) -> Result<Kernel, CliError> {
    let kernel = scenario.checked_kernel().map_err(too_large)?;
    kernel.check(also.iter().copied()).map_err(too_large)?;
    Ok(kernel)
}

#[derive(Args, Debug)]
pub struct BoardArgs {
    /// A scenario file (board, removed points, piece types, pieces).
    pub scenario: Option<PathBuf>,
    /// Board size without a scenario: `8x8`, `15x15`, `4x4x4`.
    #[arg(long, value_name = "WxH[xD]")]
    pub board: Option<String>,
    /// Removed points without a scenario, comma-separated: `b2,c2` or `(2,2),(3,2)`.
    #[arg(long, value_name = "POINTS")]
    pub removed: Option<String>,
    /// A chess position in FEN instead of a scenario file: an 8x8 board under the rules of
    /// chess, its pieces named WK, BQ, WP1..WP8 (`lingeo check` lists them).
    #[arg(long, value_name = "FEN", conflicts_with_all = ["scenario", "board", "removed"])]
    pub fen: Option<String>,
}

#[derive(Args, Debug)]
#[group(skip)]
// One of the two; which commands need one is theirs to say (`map --control` needs none), and
// `choose` says so when neither is given.
#[command(group(clap::ArgGroup::new("which").args(["piece", "type_name"])))]
pub struct PieceArgs {
    /// A placed piece of the scenario, by name (`lingeo check` lists them): it starts from the
    /// point it stands on. Where no placed piece has the name, a piece type of that name.
    #[arg(long, value_name = "NAME")]
    pub piece: Option<String>,
    /// A piece type (king, queen, rook, bishop, knight, pawn, or a type of the scenario),
    /// from any point (--from), even where a placed piece has the same name.
    #[arg(long = "type", value_name = "NAME")]
    pub type_name: Option<String>,
    /// The side of a piece type (default white; Black's vectors are mirrored).
    #[arg(long, value_enum)]
    pub side: Option<SideArg>,
    /// Use the attack vectors instead of the move vectors.
    #[arg(long)]
    pub attack: bool,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum SideArg {
    White,
    Black,
}

pub fn load(path: &Path) -> Result<Scenario, CliError> {
    super::files::scenario(path)
}

/// Where a command's position comes from: a scenario file, or a chess position as FEN (issue
/// 47: a position from a game pasted as it is), one of the two.
#[derive(Args, Debug)]
#[group(id = "position", required = true, multiple = false)]
pub struct Position {
    /// The scenario file (`search`, `play`, `evaluate` and `match` need its `game { ... }`
    /// block), or --fen instead.
    pub scenario: Option<PathBuf>,
    /// A chess position in FEN instead of a scenario file, e.g. 'rnbqkbnr/pppppppp/8/8/8/8/
    /// PPPPPPPP/RNBQKBNR w KQkq - 0 1': an 8x8 board under the rules of chess (`rules chess`,
    /// docs/play-and-search.md), its pieces named WK, BQ, WP1..WP8 (`lingeo check` lists them).
    #[arg(long, value_name = "FEN")]
    pub fen: Option<String>,
}

impl Position {
    /// The scenario of the file, or of the FEN.
    pub fn load(&self) -> Result<Scenario, CliError> {
        match (&self.scenario, &self.fen) {
            (Some(path), _) => load(path),
            (None, Some(fen)) => {
                Scenario::from_fen(fen).map_err(|e| CliError(format!("--fen: {e}")))
            }
            (None, None) => Err(CliError("give a scenario file or --fen".into())),
        }
    }

    /// How a picture's title names the position: the file's name, or the FEN.
    pub fn title(&self) -> String {
        match &self.scenario {
            Some(path) => path
                .file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned()),
            None => self.name(),
        }
    }

    /// How outputs name the position: the file's path, or the FEN.
    pub fn name(&self) -> String {
        match (&self.scenario, &self.fen) {
            (Some(path), _) => path.display().to_string(),
            (None, Some(fen)) => fen.trim().to_string(),
            (None, None) => String::new(),
        }
    }
}

pub fn scenario(args: &BoardArgs) -> Result<Scenario, CliError> {
    if let Some(fen) = &args.fen {
        return Scenario::from_fen(fen).map_err(|e| CliError(format!("--fen: {e}")));
    }
    match &args.scenario {
        Some(path) => {
            if args.board.is_some() || args.removed.is_some() {
                return Err(CliError(
                    "give either a scenario file or --board/--removed, not both".into(),
                ));
            }
            load(path)
        }
        None => lingeo::api::workbench::empty_scenario(
            args.board.as_deref().unwrap_or("8x8"),
            args.removed.as_deref(),
        )
        .map_err(|e| match e {
            lingeo::api::ApiError::Request {
                field: Some(field),
                message,
            } => CliError(format!("--{field}: {message}")),
            e => CliError(e.to_string()),
        }),
    }
}

/// What `--piece` or `--type` named: a placed piece, or a piece type of a side.
#[derive(Clone, Copy, Debug)]
pub enum Chosen<'s> {
    Placed(&'s Piece),
    Type { index: usize, side: Side },
}

impl SideArg {
    pub fn side(self) -> Side {
        match self {
            SideArg::White => Side::White,
            SideArg::Black => Side::Black,
        }
    }
}

impl PieceArgs {
    /// The piece of a request that is the schema of its flags (`piece`, `type`, `side`,
    /// `attack`), for [`piece`]'s errors in the words of the flags.
    pub fn of(
        piece: Option<&str>,
        type_name: Option<&str>,
        side: Option<Side>,
        attack: bool,
    ) -> PieceArgs {
        PieceArgs {
            piece: piece.map(str::to_string),
            type_name: type_name.map(str::to_string),
            side: side.map(|side| match side {
                Side::White => SideArg::White,
                Side::Black => SideArg::Black,
            }),
            attack,
        }
    }
}

/// Resolves `--piece NAME` (a placed piece, or a type where no placed piece has that name) or
/// `--type NAME` (always a type) with `--side` (types only).
pub fn choose<'s>(
    scenario: &'s Scenario,
    piece: Option<&str>,
    type_name: Option<&str>,
    side: Option<SideArg>,
) -> Result<Chosen<'s>, CliError> {
    if let Some(name) = type_name {
        let Some(index) = scenario.type_index(name) else {
            let mut message = format!("--type: no piece type is named `{name}`");
            if let Some(p) = scenario.piece(name) {
                message.push_str(&format!(
                    "; `{name}` is a placed piece ({}): give --piece {name}, or its type with --type {}",
                    placed(scenario, p),
                    scenario.types[p.type_index].name
                ));
            } else if let Some(near) = closest(name, scenario.types.iter().map(|t| t.name.as_str()))
            {
                message.push_str(&format!(" (did you mean `{near}`?)"));
            }
            return Err(CliError(format!("{message}\n{}", known(scenario))));
        };
        let side = side.map_or(Side::White, SideArg::side);
        return Ok(Chosen::Type { index, side });
    }
    let name = piece.ok_or_else(|| CliError("give --piece NAME or --type NAME".into()))?;
    if let Some(p) = scenario.piece(name) {
        if side.is_some() {
            let t = &scenario.types[p.type_index].name;
            return Err(CliError(format!(
                "--side: {name} is a placed piece ({}); --side goes with a piece type: --type {t} --side {}",
                placed(scenario, p),
                side.map_or(Side::White, SideArg::side),
            )));
        }
        return Ok(Chosen::Placed(p));
    }
    if let Some(index) = scenario.type_index(name) {
        let side = side.map_or(Side::White, SideArg::side);
        return Ok(Chosen::Type { index, side });
    }
    let names = scenario
        .pieces
        .iter()
        .map(|p| p.name.as_str())
        .chain(scenario.types.iter().map(|t| t.name.as_str()));
    let hint = closest(name, names).map_or(String::new(), |n| format!(" (did you mean `{n}`?)"));
    Err(CliError(format!(
        "--piece: no placed piece or piece type is named `{name}`{hint}\n{}",
        known(scenario)
    )))
}

fn closest<'c>(word: &str, candidates: impl IntoIterator<Item = &'c str>) -> Option<&'c str> {
    lingeo::syntax::suggest::closest(word, candidates)
}

/// `white FIGHTER on f6`: a placed piece's side, type and point.
fn placed(scenario: &Scenario, p: &Piece) -> String {
    format!(
        "{} {} on {}",
        p.side,
        scenario.types[p.type_index].name,
        scenario.board.name(p.at)
    )
}

/// The placed pieces (with where each stands) and the piece types, one line each.
pub fn known(scenario: &Scenario) -> String {
    let types: Vec<&str> = scenario.types.iter().map(|t| t.name.as_str()).collect();
    format!(
        "{}\n  piece types (--type): {}",
        placed_pieces(scenario),
        types.join(", ")
    )
}

/// `  placed pieces (--piece): FIGHTER (white FIGHTER on f6), ...`
pub fn placed_pieces(scenario: &Scenario) -> String {
    let pieces: Vec<String> = scenario
        .pieces
        .iter()
        .map(|p| format!("{} ({})", p.name, placed(scenario, p)))
        .collect();
    format!(
        "  placed pieces (--piece): {}",
        if pieces.is_empty() {
            "none".to_string()
        } else {
            pieces.join(", ")
        }
    )
}

/// The motion and, for a placed piece, its point.
pub struct ChosenPiece {
    pub label: String,
    pub motion: MotionId,
    pub at: Option<Point>,
    /// The type's name and side (for a suggestion when --from disagrees with a placed piece).
    pub type_name: String,
    pub side: Side,
}

pub fn piece(
    scenario: &Scenario,
    kernel: &Kernel,
    args: &PieceArgs,
) -> Result<ChosenPiece, CliError> {
    let usage = if args.attack {
        Usage::Attack
    } else {
        Usage::Move
    };
    let chosen = choose(
        scenario,
        args.piece.as_deref(),
        args.type_name.as_deref(),
        args.side,
    )?;
    Ok(match chosen {
        Chosen::Placed(p) => {
            let type_name = scenario.types[p.type_index].name.clone();
            ChosenPiece {
                label: format!("{} ({} {type_name})", p.name, p.side),
                motion: kernel.motion(p.type_index, p.side, usage),
                at: Some(p.at),
                type_name,
                side: p.side,
            }
        }
        Chosen::Type { index, side } => {
            let type_name = scenario.types[index].name.clone();
            ChosenPiece {
                label: format!("type {type_name} ({side})"),
                motion: kernel.motion(index, side, usage),
                at: None,
                type_name,
                side,
            }
        }
    })
}

/// The start point: `--from`, or the placed piece's point.
pub fn start(board: &Board, chosen: &ChosenPiece, from: Option<&str>) -> Result<Point, CliError> {
    match (from, chosen.at) {
        (Some(text), Some(at)) => {
            let p = point(board, "--from", text)?;
            if p != at {
                let side = match chosen.side {
                    Side::White => String::new(),
                    Side::Black => " --side black".to_string(),
                };
                return Err(CliError(format!(
                    "--from {text}: the placed piece {} stands on {}; leave out --from, or for its type from {text} give --type {}{side} --from {text}",
                    chosen.label,
                    board.name(at),
                    chosen.type_name,
                )));
            }
            Ok(p)
        }
        (Some(text), None) => point(board, "--from", text),
        (None, Some(at)) => Ok(at),
        (None, None) => Err(CliError(format!(
            "--from is required with a piece type ({} has no point to start from)",
            chosen.label
        ))),
    }
}

/// The inputs of `--set NAME=VALUE` (repeatable), by name.
pub fn assignments(set: &[String]) -> Result<Vec<(String, String)>, CliError> {
    set.iter()
        .map(|s| {
            let (name, value) = s
                .split_once('=')
                .ok_or_else(|| CliError(format!("--set {s}: expected NAME=VALUE")))?;
            Ok((name.trim().to_string(), value.trim().to_string()))
        })
        .collect()
}

pub fn point(board: &Board, flag: &str, text: &str) -> Result<Point, CliError> {
    board
        .parse_point(text)
        .map_err(|e| CliError(format!("{flag}: {e}")))
}
