//! perft: the leaves of the tree of legal moves to a depth, from a FEN or a scenario's game
//! (docs/play-and-search.md §1.6), the standard check of a move generator against published
//! tables.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::error::{ApiError, Result};
use super::request::{self, Request};
use super::search::replay;
use crate::play::game::Game;
use crate::play::perft::perft;
use crate::play::state::State;
use crate::scenario::Scenario;

/// The deepest perft a request may ask for (the start position's depth 10 is 69 trillion
/// leaves: deeper is no request that ends).
pub const MAX_DEPTH: u32 = 12;

/// What [`perft_of`] counts: the options of `lingeo perft`, with their defaults (`Default`)
/// and rules ([`Request::check`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct PerftRequest {
    /// The position as FEN, instead of a scenario: an 8x8 board under the rules of chess, with
    /// the FEN's side to move, castling rights, en passant point and clocks.
    pub fen: Option<String>,
    /// Moves played first from the position (as `lingeo play` takes them).
    pub moves: String,
    /// The depth in moves (plies), 0 to 12.
    pub depth: u32,
    /// Also count the leaves under each move of the position (the divide).
    pub divide: bool,
    /// Stop with an error after this many seconds.
    pub time: Option<f64>,
}

impl Default for PerftRequest {
    fn default() -> Self {
        PerftRequest {
            fen: None,
            moves: String::new(),
            depth: 1,
            divide: false,
            time: None,
        }
    }
}

impl Request for PerftRequest {
    const JOB: &'static str = "perft";

    fn check(&self) -> Result<()> {
        if self.depth > MAX_DEPTH {
            return Err(ApiError::request(
                Some("depth"),
                format!("`depth` must be at most {MAX_DEPTH}, not {}", self.depth),
            ));
        }
        request::check_time(self.time)
    }
}

/// One move of the position and the leaves under it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DivideRow {
    /// The move, in UCI's notation on algebraic boards (`e2e4`, `e7e8q`), else as `lingeo
    /// play` writes it (`(1,1)-(2,2)`, `pass`).
    #[serde(rename = "move")]
    pub mv: String,
    /// The leaves under it.
    pub nodes: u64,
}

/// A perft count: what `lingeo perft --json` prints.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PerftResult {
    /// The leaves at the depth.
    pub nodes: u64,
    /// The depth counted to.
    pub depth: u32,
    /// The position counted from, as FEN where the board is 8x8 with chess pieces only.
    pub fen: Option<String>,
    /// Per move of the position, the leaves under it (with `divide`; empty otherwise).
    pub divide: Vec<DivideRow>,
}

/// The game a perft request counts in: the FEN's when it gives one, else `scenario`'s (which
/// must be given and have a game block). `None` and no FEN is an error naming `fen`.
pub fn perft_game(request: &PerftRequest, scenario: Option<&Scenario>) -> Result<Game> {
    let scenario = match (&request.fen, scenario) {
        (Some(fen), None) => {
            Scenario::from_fen(fen).map_err(|e| ApiError::request(Some("fen"), e.to_string()))?
        }
        (Some(_), Some(_)) => {
            return Err(ApiError::request(
                Some("fen"),
                "give a scenario or `fen`, not both",
            ));
        }
        (None, Some(s)) => s.clone(),
        (None, None) => {
            return Err(ApiError::request(
                Some("fen"),
                "perft needs a position: a scenario with a game block, or `fen`",
            ));
        }
    };
    Game::new(scenario).map_err(|e| ApiError::Game {
        file: request
            .fen
            .clone()
            .unwrap_or_else(|| "scenario".to_string()),
        message: e.to_string(),
    })
}

/// Counts the leaves of `game`'s tree of legal moves from its position (after the request's
/// moves) to the request's depth, within the request's time.
pub fn perft_of(game: &Game, request: &PerftRequest) -> Result<PerftResult> {
    request.check()?;
    let (state, _) = replay(game, &request.moves)?;
    request::within_time(request.time, || count(game, &state, request))
}

fn count(game: &Game, state: &State, request: &PerftRequest) -> Result<PerftResult> {
    let p = perft(game, state, request.depth).map_err(|stopped| ApiError::Stopped {
        reason: crate::play::search::StopReason::Deadline(
            crate::deadline::passed().unwrap_or(Duration::ZERO),
        ),
        note: if stopped.nodes > 0 {
            "; the count was not finished"
        } else {
            ""
        },
    })?;
    let algebraic = game.scenario.board.algebraic();
    let divide = if request.divide {
        p.divide
            .iter()
            .map(|(mv, nodes)| DivideRow {
                mv: if algebraic {
                    mv.uci(game)
                } else {
                    mv.show(game)
                },
                nodes: *nodes,
            })
            .collect()
    } else {
        Vec::new()
    };
    Ok(PerftResult {
        nodes: p.nodes,
        depth: request.depth,
        fen: state.scenario(game).0.to_fen().ok(),
        divide,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(request: &PerftRequest, scenario: Option<&Scenario>) -> Result<PerftResult> {
        perft_of(&perft_game(request, scenario)?, request)
    }

    #[test]
    fn a_fen_or_a_scenario_is_counted() {
        let r = PerftRequest {
            fen: Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into()),
            depth: 2,
            divide: true,
            ..PerftRequest::default()
        };
        let p = run(&r, None).unwrap();
        assert_eq!(p.nodes, 400);
        assert_eq!(p.divide.len(), 20);
        assert!(p.divide.iter().all(|row| row.nodes == 20));
        // The moves by piece (in the order of their points from a1), then ray.
        assert_eq!(p.divide[0].mv, "b1a3");
        let json = serde_json::to_value(&p).unwrap();
        assert_eq!(json["nodes"], 400);
        assert_eq!(json["divide"][0]["move"], "b1a3");
        // After 1.e4 the FEN is the position reached.
        let after = run(
            &PerftRequest {
                moves: "e2-e4".into(),
                ..r.clone()
            },
            None,
        )
        .unwrap();
        assert_eq!(
            after.fen.as_deref(),
            Some("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
        );
        // The start position's perft 3 divides 600 under 1.e4.
        assert_eq!(after.nodes, 600);
        // A scenario with a game block: Pawned on 3x3 (passes where a side has no move).
        let pawned = Scenario::load(std::path::Path::new("examples/pawned.scenario")).unwrap();
        let p = run(
            &PerftRequest {
                depth: 1,
                ..PerftRequest::default()
            },
            Some(&pawned),
        )
        .unwrap();
        assert_eq!(p.nodes, 5, "each of White's five pawns steps forward");
        assert_eq!(p.fen, None);
    }

    #[test]
    fn what_perft_refuses() {
        let e = run(&PerftRequest::default(), None).unwrap_err();
        assert!(e.to_string().contains("needs a position"), "{e}");
        let bad = PerftRequest {
            fen: Some("8/8/8 w - - 0 1".into()),
            ..PerftRequest::default()
        };
        let e = run(&bad, None).unwrap_err();
        assert!(matches!(
            e,
            ApiError::Request {
                field: Some("fen"),
                ..
            }
        ));
        assert!(e.to_string().contains("FEN field 1"), "{e}");
        let deep = PerftRequest {
            depth: 13,
            ..PerftRequest::default()
        };
        assert!(deep.check().unwrap_err().to_string().contains("at most 12"));
    }

    #[test]
    fn a_count_past_its_time_stops() {
        let r = PerftRequest {
            fen: Some("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -".into()),
            depth: 7,
            time: Some(0.05),
            ..PerftRequest::default()
        };
        let e = run(&r, None).unwrap_err();
        assert!(e.stopped_by_time(), "{e}");
    }
}
