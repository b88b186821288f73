//! `lingeo map`: the MAP table of a piece.

use clap::Args;
use lingeo::api::{MapRequest, Workbench};
use lingeo::kernel::Direction;
use lingeo::render;

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

pub fn run(args: &MapArgs) -> Result<String, CliError> {
    if args.control {
        return super::control::run(args);
    }
    let scenario = setup::scenario(&args.board)?;
    let kernel = scenario.kernel();
    let chosen = setup::piece(&scenario, &kernel, &args.piece)?;
    kernel.check([chosen.motion]).map_err(setup::too_large)?;
    let origin = setup::start(&scenario.board, &chosen, args.from.as_deref())?;
    let from = scenario.board.name(origin).to_string();
    // The flags have been read (and their errors named) above; the API computes the table.
    let bench = Workbench::with_kernel(scenario, kernel, "");
    let result = bench
        .map(&MapRequest {
            piece: args.piece.piece.clone(),
            type_name: args.piece.type_name.clone(),
            side: args.piece.side.map(setup::SideArg::side),
            attack: args.piece.attack,
            from: Some(from),
            reverse: args.reverse,
        })
        .map_err(setup::api_error)?;
    let direction = if args.reverse {
        Direction::To
    } else {
        Direction::From
    };
    let map = bench
        .kernel()
        .table(result.motion, result.origin_point, direction);
    let board = &bench.scenario().board;
    if let Some(path) = &args.svg {
        let title = format!(
            "MAP of {} {} {}",
            chosen.label,
            if args.reverse { "to" } else { "from" },
            board.name(origin)
        );
        super::files::write("--svg", path, lingeo::svg::map(board, map, &title))?;
    }
    if args.json {
        return super::json::to_string(&result);
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
