//! `lingeo map`: the MAP table of a piece.

use clap::Args;
use lingeo::api::{MapRequest, Workbench};
use lingeo::kernel::Direction;
use lingeo::render;

use super::CliError;
use super::schema_args::{Flags, Options};
use super::setup::{self, BoardArgs, PieceArgs};

#[derive(Args, Debug)]
pub struct MapArgs {
    #[command(flatten)]
    pub board: BoardArgs,
    /// Print JSON instead of a picture.
    #[arg(long)]
    pub json: bool,
    /// Also draw the MAP (or the control map) as an SVG heat map into this file.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<std::path::PathBuf>,
    /// The table's options: the fields of `lingeo::api::MapRequest`, one flag each.
    #[command(flatten)]
    pub options: Options<MapRequest>,
}

/// What `lingeo map` spells its own way: the request's fields are its flags.
impl Flags for MapRequest {
    const VALUE_NAMES: &'static [(&'static str, &'static str)] =
        &[("piece", "NAME"), ("type", "NAME"), ("max_memory", "MIB")];
}

pub fn run(args: &MapArgs) -> Result<String, CliError> {
    let request = args.options.request()?;
    if request.control {
        return super::control::run(args);
    }
    let scenario = setup::scenario(&args.board)?;
    let kernel = scenario.kernel();
    let piece = PieceArgs::of(
        request.piece.as_deref(),
        request.type_name.as_deref(),
        request.side,
        request.attack,
    );
    let chosen = setup::piece(&scenario, &kernel, &piece)?;
    kernel.check([chosen.motion]).map_err(setup::too_large)?;
    let origin = setup::start(&scenario.board, &chosen, request.from.as_deref())?;
    let from = scenario.board.name(origin).to_string();
    // The flags have been read (and their errors named) above; the API computes the table.
    let bench = Workbench::with_kernel(scenario, kernel, "");
    let result = bench
        .map(&MapRequest {
            from: Some(from),
            ..request.clone()
        })
        .map_err(setup::api_error)?;
    let direction = if request.reverse {
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
            if request.reverse { "to" } else { "from" },
            board.name(origin)
        );
        super::files::write("--svg", path, lingeo::svg::map(board, map, &title))?;
    }
    if args.json {
        return super::json::to_string(&result);
    }
    let what = if request.reverse { "to" } else { "from" };
    // MAP's value 2n for unreachable points is no distance: the legend names them only.
    Ok(format!(
        "MAP of {} {what} {} on {} (unreachable points shown as `.`, removed points as `#`)\n{}",
        chosen.label,
        board.name(origin),
        board.describe(),
        render::map_table(board, map)
    ))
}
