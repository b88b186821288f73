//! `lingeo map SCENARIO --control`: the control map of the scenario's position and its sums
//! per sector (docs/players.md §1, §2).

use lingeo::api::ApiError;
use lingeo::render;

use super::CliError;
use super::map::MapArgs;
use super::setup;

pub fn run(args: &MapArgs) -> Result<String, CliError> {
    let scenario = setup::scenario(&args.board)?;
    let board = scenario.board.clone();
    let name = args
        .board
        .scenario
        .as_ref()
        .map_or_else(|| board.describe(), |p| p.display().to_string());
    let map = lingeo::api::control(scenario, &name).map_err(|e| match e {
        ApiError::Request {
            field: Some("scenario"),
            ..
        } => CliError("--control needs pieces: give a scenario file that places some".to_string()),
        // The scenario is the command's, and its errors name no file.
        ApiError::Game { message, .. } => CliError(message),
        e => setup::api_error(e),
    })?;
    if let Some(path) = &args.svg {
        let title = format!("Control map on {}", board.describe());
        super::files::write("--svg", path, map.picture(&title))?;
    }
    if args.json {
        return super::json::to_string(&map);
    }
    let control = |p: lingeo::board::Point| map.control[p.index()];
    let sector = |p: lingeo::board::Point| map.sectors[p.index()];
    let by_sector = &map.by_sector;
    let picture = render::grid_picture(&board, &|p| {
        match control(p) {
            1 => "W",
            -1 => "B",
            _ => ".",
        }
        .to_string()
    });
    let sector_picture = render::grid_picture(&board, &|p| sector(p).to_string());
    let sums: Vec<String> = by_sector
        .iter()
        .enumerate()
        .map(|(k, v)| format!("{}: {v:+}", k + 1))
        .collect();
    Ok(format!(
        "Control map on {} (W: White attacks the point more, B: Black, `.`: as many each; removed points `#`)\n{picture}\nSectors\n{sector_picture}\nPer sector, points White controls minus points Black controls\n{}\n",
        board.describe(),
        sums.join(", ")
    ))
}
