//! `map --control`: the control map of a scenario's position (which side attacks each point
//! more) and its sums per sector (docs/players.md §1, §2).

use serde::Serialize;

use super::error::ApiError;
use crate::play::game::{Game, GameError};
use crate::play::players::control::ControlMap;
use crate::play::players::sectors::Sectors;
use crate::play::state::State;
use crate::scenario::Scenario;

/// The control map of a position, with its sectors.
#[derive(Clone, Debug, Serialize)]
pub struct ControlResult {
    /// The board in words.
    pub board: String,
    /// Every point's name, in enumeration order.
    pub points: Vec<String>,
    /// Per point: 1 White controls it, -1 Black, 0 neither.
    pub control: Vec<i8>,
    /// Per point, how many White pieces attack it.
    pub white_attackers: Vec<u32>,
    /// Per point, how many Black pieces attack it.
    pub black_attackers: Vec<u32>,
    /// Per point, its sector (1-based).
    pub sectors: Vec<usize>,
    /// Per sector: points White controls minus points Black controls.
    pub by_sector: Vec<i32>,
    #[serde(skip)]
    map: ControlMap,
    #[serde(skip)]
    scenario: Scenario,
}

impl ControlResult {
    /// The map drawn by the project's renderer, titled `title`.
    pub fn picture(&self, title: &str) -> String {
        crate::svg::control(&self.scenario, &self.map, title)
    }
}

/// The control map of the scenario's position. It needs the pieces' rays, not the rules: a
/// scenario without a `game` block is played under the default rules. A scenario that places
/// no piece is refused (`field` `scenario`).
pub fn control(scenario: Scenario, name: &str) -> Result<ControlResult, ApiError> {
    if scenario.pieces.is_empty() {
        return Err(ApiError::request(
            Some("scenario"),
            "the control map needs pieces: the scenario places none",
        ));
    }
    let rules = scenario.game.clone().unwrap_or_default();
    let game = Game::with_rules(scenario, rules).map_err(|e| match e {
        GameError::TooLarge(t) => ApiError::TooLarge {
            cap: super::error::Cap::Memory,
            reason: t.to_string(),
            message: t.to_string(),
        },
        e => ApiError::Game {
            file: name.to_string(),
            message: e.to_string(),
        },
    })?;
    let state = State::initial(&game);
    let map = ControlMap::of(&game, &state);
    let board = &game.scenario.board;
    let sectors = Sectors::of(board);
    Ok(ControlResult {
        board: board.describe(),
        points: board.points().map(|p| board.name(p).to_string()).collect(),
        control: board.points().map(|p| map.control(p)).collect(),
        white_attackers: map.white.clone(),
        black_attackers: map.black.clone(),
        sectors: board.points().map(|p| sectors.sector(p)).collect(),
        by_sector: map.by_sector(&sectors),
        map,
        scenario: game.scenario.clone(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rook_controls_its_lines() {
        let s = Scenario::parse("t", "board 3x3\nwhite rook at a1\nblack king at c3\n").unwrap();
        let c = control(s, "t").unwrap();
        let at = |name: &str| c.control[c.points.iter().position(|p| p == name).unwrap()];
        // b2 and b3 are the black king's, a2 and b1 the rook's.
        assert_eq!((at("a2"), at("b1"), at("b2")), (1, 1, -1));
        assert_eq!(at("b3"), -1);
        let empty = Scenario::parse("t", "board 3x3\n").unwrap();
        assert!(matches!(
            control(empty, "t"),
            Err(ApiError::Request {
                field: Some("scenario"),
                ..
            })
        ));
    }
}
