//! What the commands share: a board from a scenario file or from `--board`/`--removed`, and a
//! piece from a placed piece's name or a type name.

use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};
use lingeo::board::{Board, Point};
use lingeo::kernel::{Kernel, MotionId};
use lingeo::piece::{Side, Usage};
use lingeo::scenario::{LoadError, Scenario};

use super::CliError;

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
}

#[derive(Args, Debug)]
pub struct PieceArgs {
    /// A placed piece's name (its point is then the start) or a piece type (king, queen, rook,
    /// bishop, knight, pawn, or a type of the scenario).
    #[arg(long)]
    pub piece: String,
    /// The side of a piece given by type (Black's vectors are mirrored).
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
    Scenario::load(path).map_err(|e| match e {
        LoadError::Invalid(errors) => CliError(errors.render()),
        other => CliError(other.to_string()),
    })
}

pub fn scenario(args: &BoardArgs) -> Result<Scenario, CliError> {
    match &args.scenario {
        Some(path) => {
            if args.board.is_some() || args.removed.is_some() {
                return Err(CliError(
                    "give either a scenario file or --board/--removed, not both".into(),
                ));
            }
            load(path)
        }
        None => {
            let dims = parse_dims(args.board.as_deref().unwrap_or("8x8"))?;
            let board = Board::grid(dims[0], dims[1], dims[2], &[])?;
            let removed = match &args.removed {
                Some(list) => board
                    .parse_points(list)
                    .map_err(|e| CliError(format!("--removed: {e}")))?,
                None => Vec::new(),
            };
            let cells: Vec<[i64; 3]> = removed
                .iter()
                .map(|&p| {
                    let c = board.coords(p).expect("grid points have coordinates");
                    [c[0] as i64 + 1, c[1] as i64 + 1, c[2] as i64 + 1]
                })
                .collect();
            Ok(Scenario::empty(Board::grid(
                dims[0], dims[1], dims[2], &cells,
            )?))
        }
    }
}

fn parse_dims(text: &str) -> Result<[u32; 3], CliError> {
    let parts: Vec<&str> = text.split(['x', 'X']).collect();
    let bad = || {
        CliError(format!(
            "--board: `{text}` is not a size such as 8x8 or 4x4x4"
        ))
    };
    if parts.len() != 2 && parts.len() != 3 {
        return Err(bad());
    }
    let mut dims = [1u32; 3];
    for (d, part) in dims.iter_mut().zip(&parts) {
        *d = part.trim().parse().map_err(|_| bad())?;
    }
    Ok(dims)
}

/// The motion and, for a placed piece, its point.
pub struct ChosenPiece {
    pub label: String,
    pub motion: MotionId,
    pub at: Option<Point>,
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
    if let Some(p) = scenario.piece(&args.piece) {
        if args.side.is_some() {
            return Err(CliError(format!(
                "{} is a placed piece of {}; --side applies to piece types",
                p.name, p.side
            )));
        }
        return Ok(ChosenPiece {
            label: {
                let type_name = &scenario.types[p.type_index].name;
                if *type_name == p.name {
                    format!("{} ({})", p.name, p.side)
                } else {
                    format!("{} ({} {type_name})", p.name, p.side)
                }
            },
            motion: kernel.motion(p.type_index, p.side, usage),
            at: Some(p.at),
        });
    }
    let Some(t) = scenario.type_index(&args.piece) else {
        let mut names: Vec<String> = scenario.pieces.iter().map(|p| p.name.clone()).collect();
        names.extend(scenario.types.iter().map(|t| t.name.clone()));
        return Err(CliError(format!(
            "--piece: `{}` is neither a placed piece nor a piece type (known: {})",
            args.piece,
            names.join(", ")
        )));
    };
    let side = match args.side.unwrap_or(SideArg::White) {
        SideArg::White => Side::White,
        SideArg::Black => Side::Black,
    };
    Ok(ChosenPiece {
        label: format!("{} ({side})", scenario.types[t].name),
        motion: kernel.motion(t, side, usage),
        at: None,
    })
}

/// The start point: `--from`, or the placed piece's point.
pub fn start(board: &Board, chosen: &ChosenPiece, from: Option<&str>) -> Result<Point, CliError> {
    match (from, chosen.at) {
        (Some(text), Some(at)) => {
            let p = point(board, "--from", text)?;
            if p != at {
                return Err(CliError(format!(
                    "--from {text}: the piece stands on {}; leave --from out or name a piece type",
                    board.name(at)
                )));
            }
            Ok(p)
        }
        (Some(text), None) => point(board, "--from", text),
        (None, Some(at)) => Ok(at),
        (None, None) => Err(CliError(
            "--from is required when --piece names a piece type".into(),
        )),
    }
}

pub fn point(board: &Board, flag: &str, text: &str) -> Result<Point, CliError> {
    board
        .parse_point(text)
        .map_err(|e| CliError(format!("{flag}: {e}")))
}
