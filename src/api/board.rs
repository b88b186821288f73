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

/// A chess position read from a FEN, as the text of a scenario that places the same pieces
/// under the same names, with a game block of the rules of chess, its side to move and castling
/// rights: what the page's editor shows for a FEN it loaded. A scenario's text has no words for
/// the en passant point and the clocks, so those read back as `-` and `0 1`; `None` for a
/// scenario that is no such position (not 8x8 chess pieces, or not under the rules of chess).
pub fn chess_text(scenario: &Scenario, source: &str) -> Option<String> {
    scenario.to_fen().ok()?;
    let rules = scenario.game.as_ref()?;
    let chess = rules.chess.as_ref()?;
    let board = &scenario.board;
    let mut text = format!(
        "# A chess position, from the FEN {source}\n\
         # (a scenario's text keeps no en passant point or clocks)\nboard 8x8\n\n"
    );
    for p in &scenario.pieces {
        text.push_str(&format!(
            "{} {} at {} as {}\n",
            p.side,
            scenario.types[p.type_index].name,
            board.name(p.at),
            p.name
        ));
    }
    let castling = match chess.castling.fen().as_str() {
        "-" => "none".to_string(),
        rights => rights.to_string(),
    };
    text.push_str(&format!(
        "\ngame {{\n  rules chess\n  first {}\n  castling {castling}\n}}\n",
        rules.first
    ));
    Some(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The text of a FEN's position reads back as the same position, its en passant point
    /// and clocks aside.
    #[test]
    fn a_fen_position_is_written_as_a_scenario_text() {
        for (fen, back) in [
            (
                "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2",
                "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1",
            ),
            (
                "r3k3/8/8/8/8/8/8/4K2R b Kq - 7 40",
                "r3k3/8/8/8/8/8/8/4K2R b Kq - 0 1",
            ),
            ("7k/8/8/8/8/8/8/K7 w - - 0 1", "7k/8/8/8/8/8/8/K7 w - - 0 1"),
        ] {
            let s = Scenario::from_fen(fen).unwrap();
            let text = chess_text(&s, fen).unwrap();
            let read =
                Scenario::parse("t.scenario", &text).unwrap_or_else(|e| panic!("{text}\n{e:?}"));
            assert_eq!(read.to_fen().unwrap(), back, "{text}");
            let names = |s: &Scenario| s.pieces.iter().map(|p| p.name.clone()).collect::<Vec<_>>();
            assert_eq!(names(&read), names(&s));
        }
        // Not a position under the rules of chess: no text.
        let reti = board("t.scenario", "board 8x8\nwhite king at a1\n").unwrap();
        assert_eq!(chess_text(&reti.scenario, "x"), None);
    }

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
