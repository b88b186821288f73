//! `board`: a scenario's board as a front end draws it and edits it: its description, its
//! points in enumeration order, its pieces, whether it has rules of play, and its picture.

use serde::Serialize;

use super::error::ApiError;
use crate::scenario::Scenario;

/// A piece where the scenario places it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlacedPiece {
    /// Its name (`WK`).
    pub name: String,
    /// `white` or `black`.
    pub side: String,
    /// Its type's name.
    #[serde(rename = "type")]
    pub type_name: String,
    /// Its point's name.
    pub at: String,
}

/// The board of a scenario.
#[derive(Clone, Debug, Serialize)]
pub struct BoardResult {
    /// The board in words (`8x8`, `8x8 minus 2 points`, ...).
    pub board: String,
    /// Every point's name, in enumeration order.
    pub points: Vec<String>,
    /// The pieces placed, in the scenario's order.
    pub pieces: Vec<PlacedPiece>,
    /// Whether the scenario has rules of play (`game { ... }`), which a search needs.
    pub game: bool,
    /// The position as FEN, where it is one (an 8x8 board of chess pieces, each point one
    /// piece at most); `null` otherwise.
    pub fen: Option<String>,
    /// The scenario read, for its picture.
    #[serde(skip)]
    pub scenario: Scenario,
}

impl BoardResult {
    /// The board with its pieces, drawn by the project's renderer with `title`.
    pub fn picture(&self, title: &str) -> String {
        crate::svg::zone_bundle(&self.scenario, &Default::default(), title)
    }
}

/// The board of the scenario text named `name` (a name for its errors); its problems with their
/// place when it does not parse. Builds no distance kernel: cheap enough for every edit.
pub fn board(name: &str, text: &str) -> Result<BoardResult, ApiError> {
    Ok(board_of(Scenario::parse(name, text)?))
}

/// The board of a scenario read otherwise (from a FEN, say).
pub fn board_of(scenario: Scenario) -> BoardResult {
    let board = &scenario.board;
    let points = board.points().map(|p| board.name(p).to_string()).collect();
    let pieces = scenario
        .pieces
        .iter()
        .map(|p| PlacedPiece {
            name: p.name.clone(),
            side: p.side.to_string(),
            type_name: scenario.types[p.type_index].name.clone(),
            at: board.name(p.at).to_string(),
        })
        .collect();
    BoardResult {
        board: board.describe(),
        points,
        pieces,
        game: scenario.game.is_some(),
        fen: scenario.to_fen().ok(),
        scenario,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_lists_its_points_and_pieces() {
        let b = board(
            "t.scenario",
            "board 3x2\nremoved b1\nwhite king at a1 as WK\n",
        )
        .unwrap();
        assert_eq!(b.points, ["a1", "c1", "a2", "b2", "c2"]);
        assert_eq!(b.pieces.len(), 1);
        assert_eq!(
            (
                b.pieces[0].name.as_str(),
                b.pieces[0].type_name.as_str(),
                b.pieces[0].at.as_str()
            ),
            ("WK", "king", "a1")
        );
        assert!(!b.game);
        assert!(b.picture("t").contains("<svg"));
        let e = board("t.scenario", "board 3x2\nwhite king at z9\n").unwrap_err();
        assert_eq!(e.place().map(|(_, line, _)| line), Some(2));
    }
}
