//! `lingeo map SCENARIO --control`: the control map of the scenario's position and its sums
//! per sector (docs/players.md §1, §2).

use lingeo::play::game::Game;
use lingeo::play::players::control::ControlMap;
use lingeo::play::players::sectors::Sectors;
use lingeo::play::state::State;
use lingeo::render;
use serde::Serialize;

use super::CliError;
use super::map::MapArgs;
use super::setup;

#[derive(Serialize)]
struct ControlJson<'a> {
    board: String,
    points: Vec<lingeo::board::PointName<'a>>,
    /// Per point: 1 White controls it, -1 Black, 0 neither.
    control: Vec<i8>,
    white_attackers: &'a [u32],
    black_attackers: &'a [u32],
    /// Per point, its sector (1-based).
    sectors: Vec<usize>,
    /// Per sector: points White controls minus points Black controls.
    by_sector: Vec<i32>,
}

pub fn run(args: &MapArgs) -> Result<String, CliError> {
    let scenario = setup::scenario(&args.board)?;
    if scenario.pieces.is_empty() {
        return Err(CliError(
            "--control needs pieces: give a scenario file that places some".to_string(),
        ));
    }
    // The control map needs the pieces' rays, not the rules: without a `game` block the
    // defaults serve.
    let rules = scenario.game.clone().unwrap_or_default();
    let game = Game::with_rules(scenario, rules).map_err(|e| CliError(setup::game_error(e)))?;
    let state = State::initial(&game);
    let map = ControlMap::of(&game, &state);
    let board = &game.scenario.board;
    let sectors = Sectors::of(board);
    let by_sector = map.by_sector(&sectors);
    if let Some(path) = &args.svg {
        let title = format!("Control map on {}", board.describe());
        super::files::write(
            "--svg",
            path,
            lingeo::svg::control(&game.scenario, &map, &title),
        )?;
    }
    if args.json {
        let json = ControlJson {
            board: board.describe(),
            points: board.points().map(|p| board.name(p)).collect(),
            control: board.points().map(|p| map.control(p)).collect(),
            white_attackers: &map.white,
            black_attackers: &map.black,
            sectors: board.points().map(|p| sectors.sector(p)).collect(),
            by_sector,
        };
        return super::json::to_string(&json);
    }
    let picture = render::grid_picture(board, &|p| {
        match map.control(p) {
            1 => "W",
            -1 => "B",
            _ => ".",
        }
        .to_string()
    });
    let sector_picture = render::grid_picture(board, &|p| sectors.sector(p).to_string());
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
