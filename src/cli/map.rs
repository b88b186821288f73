//! `lingeo map`: the MAP table of a piece.

use clap::Args;
use lingeo::board::PointName;
use lingeo::kernel::Direction;
use lingeo::render;
use serde::Serialize;

use super::CliError;
use super::setup::{self, BoardArgs, PieceArgs};

#[derive(Args, Debug)]
pub struct MapArgs {
    #[command(flatten)]
    pub board: BoardArgs,
    #[command(flatten)]
    pub piece: PieceArgs,
    /// The origin point: a placed piece (--piece) starts where it stands; required with --type.
    #[arg(long)]
    pub from: Option<String>,
    /// Print distances *to* the point instead (the reverse MAP, over the reversed relation).
    #[arg(long)]
    pub reverse: bool,
    /// Print JSON instead of a picture.
    #[arg(long)]
    pub json: bool,
    /// Also draw the MAP as an SVG heat map into this file.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<std::path::PathBuf>,
    /// The control map of the scenario's position instead (Chessmaps, docs/players.md §1):
    /// which side attacks each point more, and the sums per sector. Needs a scenario with
    /// pieces; --svg draws it.
    #[arg(long, conflicts_with_all = ["piece", "type_name", "from", "reverse", "attack", "side"])]
    pub control: bool,
    #[command(flatten)]
    pub memory: super::limits::MemoryArg,
}

#[derive(Serialize)]
struct MapJson<'a> {
    board: String,
    piece: &'a str,
    origin: PointName<'a>,
    direction: &'static str,
    /// The MAP value of unreachable points (2n); they are `null` in `distances`.
    unreachable: u32,
    points: Vec<PointName<'a>>,
    distances: Vec<Option<u32>>,
}

pub fn run(args: &MapArgs) -> Result<String, CliError> {
    if args.control {
        return super::control::run(args);
    }
    let scenario = setup::scenario(&args.board)?;
    let kernel = scenario.kernel();
    let chosen = setup::piece(&scenario, &kernel, &args.piece)?;
    kernel.check([chosen.motion]).map_err(setup::too_large)?;
    let origin = setup::start(&scenario.board, &chosen, args.from.as_deref())?;
    let direction = if args.reverse {
        Direction::To
    } else {
        Direction::From
    };
    let map = kernel.table(chosen.motion, origin, direction);
    let board = &scenario.board;
    if let Some(path) = &args.svg {
        let title = format!(
            "MAP of {} {} {}",
            chosen.label,
            if args.reverse { "to" } else { "from" },
            board.name(origin)
        );
        super::files::picture_of(board)?;
        super::files::write("--svg", path, lingeo::svg::map(board, map, &title))?;
    }
    if args.json {
        let json = MapJson {
            board: board.describe(),
            piece: &chosen.label,
            origin: board.name(origin),
            direction: if args.reverse { "to" } else { "from" },
            unreachable: map.unreachable(),
            points: board.points().map(|p| board.name(p)).collect(),
            distances: board
                .points()
                .map(|p| map.is_reachable(p).then(|| map.get(p)))
                .collect(),
        };
        return super::json::to_string(&json);
    }
    let what = if args.reverse { "to" } else { "from" };
    // MAP's value 2n for unreachable points is no distance: the legend names them only.
    Ok(format!(
        "MAP of {} {what} {} on {} (unreachable points shown as `.`, removed points as `#`)\n{}",
        chosen.label,
        board.name(origin),
        board.describe(),
        render::map_table(board, map)
    ))
}
