//! Replaying a line of moves: each position, its status and its legal moves.

use serde::{Deserialize, Serialize};

use super::Workbench;
use super::error::{ApiError, Result};
use super::request::{self, Request};
use super::search::{line, replay};
use crate::piece::{Side, chess_letter};
use crate::play::game::Game;
use crate::play::notation;
use crate::play::state::{Move, State};
use crate::render;

/// The position as a board: K/k for chess pieces (upper case White), the first letter of the
/// type otherwise, `.` for an empty point, `#` for a removed one.
pub fn position(game: &Game, state: &State) -> String {
    let s = &game.scenario;
    render::grid_picture(&s.board, &|p| match state.piece_at(p) {
        None => ".".to_string(),
        Some(i) => {
            // The piece's type and side now: a promoted pawn is drawn as what it became, a
            // flipped piece (and one placed from the reserve in hand) as its side's.
            let name = &s.types[state.kind(game, i)].name;
            let letter = chess_letter(name)
                .unwrap_or_else(|| name.chars().next().unwrap_or('?').to_ascii_uppercase());
            match state.side(game, i) {
                Side::White => letter.to_ascii_uppercase().to_string(),
                Side::Black => letter.to_ascii_lowercase().to_string(),
            }
        }
    })
}

/// The position's status line, and its legal moves (none once the game is over), in the
/// notation the moves are read in (SAN under `rules chess`).
fn status(game: &Game, state: &mut State) -> (String, Vec<String>) {
    let mut moves = Vec::new();
    state.successors(game, &mut moves);
    if let Some(o) = state.outcome {
        return (format!("game over: {}", o.describe(game)), Vec::new());
    }
    let legal = if notation::is_chess(game) {
        moves
            .iter()
            .map(|&mv| notation::san::write(game, state, mv))
            .collect()
    } else {
        line(game, &moves)
    };
    let text = if moves == [Move::Pass] {
        format!("{} to move, and must pass", state.to_move)
    } else {
        format!(
            "{} to move ({}: {})",
            state.to_move,
            render::counted(moves.len() as u128, "legal move", "legal moves"),
            legal.join(" ")
        )
    };
    (text, legal)
}

/// What [`Workbench::play`] replays: the options of `lingeo play`, of the server's `play` and
/// of Python's `Scenario.play`, with their defaults (`Default`) and rules ([`Request::check`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct PlayRequest {
    /// The moves, separated by commas or spaces (not inside parentheses): `h8-g7`, `c6:b7`
    /// (a capture), `WK h8-g7` (with the piece's name), `(1,1,1)-(1,2,1)`, `pass`; under
    /// `rules chess` also SAN (`1. e4 e5 2. Nf3`, `O-O`, `e8=N`) and UCI (`e2e4`, `e7e8q`).
    pub moves: String,
    /// Show only the position after this many moves (plies; 0 is the start) instead of every
    /// position of the line.
    pub ply: Option<u32>,
    /// A PGN file's text, whose game is replayed instead of a scenario and `moves`: its `FEN`
    /// tag's position (or the standard start) under the rules of chess, and its moves in SAN
    /// (the CLI's --pgn FILE reads the file into it).
    pub pgn: String,
    /// With `pgn`: the game of the text to replay, from 1 (the first where not given).
    pub game: Option<u32>,
    /// Stop with an error when the replay would use more than this many MiB of memory (1 to
    /// 2^30): structures as large as the board are refused beforehand when they would not
    /// fit, and the printed output stops where it would pass it.
    pub max_memory: u64,
}

impl Default for PlayRequest {
    fn default() -> Self {
        PlayRequest {
            moves: String::new(),
            ply: None,
            pgn: String::new(),
            game: None,
            max_memory: request::DEFAULT_MEMORY_MIB,
        }
    }
}

impl Request for PlayRequest {
    const JOB: &'static str = "play";

    fn check(&self) -> Result<()> {
        request::check_max_memory(self.max_memory)?;
        let pgn = !self.pgn.trim().is_empty();
        if self.game == Some(0) {
            return Err(ApiError::request(
                Some("game"),
                "`game` counts the games of `pgn` from 1",
            ));
        }
        if pgn && !self.moves.trim().is_empty() {
            return Err(ApiError::request(
                Some("moves"),
                "a PGN game gives its own moves: give `moves` or `pgn`, not both",
            ));
        }
        Ok(())
    }
}

/// A line replayed; serialised, what `lingeo play --json` prints.
#[derive(Clone, Debug, Serialize)]
pub struct PlayResult {
    /// The start and the position after each move.
    pub moves: Vec<PositionJson>,
    /// Each position as text: its title and status, and the board.
    #[serde(skip)]
    pub text: String,
    /// The moves played.
    #[serde(skip)]
    pub played: Vec<Move>,
    /// The last position.
    #[serde(skip)]
    pub last: State,
}

/// One position of a line.
#[derive(Clone, Debug, Serialize)]
pub struct PositionJson {
    /// The move that led here (none for the start); in SAN under `rules chess`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub r#move: Option<String>,
    /// Under `rules chess`, the move that led here in UCI (`e2e4`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub uci: Option<String>,
    /// The side to move.
    pub to_move: &'static str,
    /// Each piece on the board and its point.
    pub pieces: Vec<(String, String)>,
    /// The game's outcome, once it is over.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outcome: Option<OutcomeJson>,
    /// The legal moves (`["pass"]` when the side must pass; none once the game is over); in
    /// SAN under `rules chess`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub legal: Vec<String>,
}

/// How a game ended.
#[derive(Clone, Debug, Serialize)]
pub struct OutcomeJson {
    /// Its value from White's side.
    pub value: i8,
    /// Why.
    pub reason: String,
}

impl Workbench {
    /// Replays `moves` (separated by commas or spaces: `h8-g7`, `c6:b7`, `WK h8-g7`, `pass`;
    /// SAN and UCI under `rules chess`).
    ///
    /// ```
    /// let bench = lingeo::api::Workbench::load("examples/reti.scenario").unwrap();
    /// let line = bench.play("h8-g7").unwrap();
    /// assert_eq!(line.moves.len(), 2);
    /// assert_eq!(line.moves[1].r#move.as_deref(), Some("h8-g7"));
    /// ```
    pub fn play(&self, moves: &str) -> Result<PlayResult> {
        let game = self.game()?;
        play_line(&game, moves)
    }

    /// Replays the request's moves, and shows the position its `ply` asks for (every
    /// position without it).
    pub fn play_request(&self, request: &PlayRequest) -> Result<PlayResult> {
        request.check()?;
        if !request.pgn.trim().is_empty() {
            // The PGN's game has its own position: the workbench's scenario is not played.
            return play_pgn(request).map(|(_, played)| played);
        }
        let game = self.game()?;
        play_with(&game, request)
    }
}

/// [`Workbench::play`] on a game built.
pub fn play_line(game: &Game, moves: &str) -> Result<PlayResult> {
    let (_, played) = replay(game, moves)?;
    positions(game, played, None)
}

/// [`Workbench::play_request`] on a game built.
pub fn play_with(game: &Game, request: &PlayRequest) -> Result<PlayResult> {
    // Not a rule of the request alone: the CLI gives `pgn` (a file's text) after its flags.
    if request.game.is_some() {
        return Err(ApiError::request(Some("game"), "`game` needs `pgn`"));
    }
    let (_, played) = replay(game, &request.moves)?;
    positions(game, played, request.ply)
}

/// The request's `game` (the first where not given) of its `pgn` replayed (`lingeo play
/// --pgn`): the game it is played in (its `FEN` tag's position, or the standard start, under
/// the rules of chess) and its positions, the one `ply` asks for where it is given. An error
/// names the line and column of what is wrong in the text (a comment not closed, a move not
/// legal in its position); the request's `moves` must be empty (the PGN gives them).
pub fn play_pgn(request: &PlayRequest) -> Result<(Game, PlayResult)> {
    request.check()?;
    let number = request.game.unwrap_or(1) as usize;
    let pgn_error = |e: notation::pgn::PgnError| ApiError::request(Some("pgn"), e.to_string());
    let games = notation::pgn::read(&request.pgn).map_err(pgn_error)?;
    let Some(chosen) = number.checked_sub(1).and_then(|k| games.get(k)) else {
        return Err(ApiError::request(
            Some("game"),
            format!(
                "there is no `game` {number}: the PGN has {}",
                render::counted(games.len() as u128, "game", "games")
            ),
        ));
    };
    let scenario = chosen.scenario().map_err(pgn_error)?;
    let game = Game::new(scenario).map_err(|e| ApiError::failed(e.to_string()))?;
    let played = chosen.replay(&game).map_err(pgn_error)?;
    let result = positions(&game, played, request.ply)?;
    Ok((game, result))
}

/// Each position along `played` from the start (or the one after `ply` moves only), with its
/// status and legal moves.
fn positions(game: &Game, mut played: Vec<Move>, ply: Option<u32>) -> Result<PlayResult> {
    if let Some(n) = ply
        && n as usize > played.len()
    {
        return Err(ApiError::request(
            Some("ply"),
            format!(
                "`ply` {n} is past the end of the line ({})",
                render::counted(played.len() as u128, "move", "moves")
            ),
        ));
    }
    // The line up to the position shown: its last move is the picture's arrow.
    if let Some(n) = ply {
        played.truncate(n as usize);
    }
    let mut state = State::initial(game);
    let mut text = String::new();
    let mut positions = Vec::new();
    let chess = notation::is_chess(game);
    let mut shown = None;
    for k in 0..=played.len() {
        if k > 0 {
            let mv = played[k - 1];
            // The move as the game's notation writes it, in the position it is played in.
            shown = Some(if chess {
                notation::san::write(game, &state, mv)
            } else {
                mv.show(game)
            });
            state.make(game, mv);
        }
        let title = match &shown {
            None => "start".to_string(),
            Some(m) => format!("{k}. {m}"),
        };
        if ply.is_some_and(|n| (n as usize) > k) {
            continue;
        }
        let (status, legal) = status(game, &mut state);
        text.push_str(&format!("{title}: {status}\n{}\n", position(game, &state)));
        let pieces = state
            .at
            .iter()
            .enumerate()
            .filter_map(|(i, at)| {
                at.map(|p| {
                    (
                        state.piece_name(game, i),
                        game.scenario.board.name(p).to_string(),
                    )
                })
            })
            .collect();
        positions.push(PositionJson {
            r#move: shown.clone(),
            uci: (chess && k > 0).then(|| notation::uci::write(game, played[k - 1])),
            to_move: state.to_move.name(),
            pieces,
            outcome: state.outcome.map(|o| OutcomeJson {
                value: o.value,
                reason: o.describe(game),
            }),
            legal,
        });
    }
    Ok(PlayResult {
        moves: positions,
        text,
        played,
        last: state,
    })
}

impl PlayResult {
    /// The last position drawn on its board (SVG), the last move marked as an arrow (a
    /// one-move trajectory of the piece that made it), titled `after h8-g7` (or `start`).
    pub fn last_position_picture(&self, game: &Game) -> String {
        let title = self
            .moves
            .last()
            .and_then(|m| m.r#move.clone())
            .map_or_else(|| "start".to_string(), |m| format!("after {m}"));
        let (position, map) = self.last.scenario(game);
        let mut last = crate::zone::ZoneSummary::default();
        if let Some(Move::Step {
            piece, from, to, ..
        }) = self.played.last()
            && let Some(Some(p)) = map.get(usize::from(*piece))
        {
            let entry = crate::zone::ZoneEntry {
                piece: *p,
                trajectory: vec![*from, *to].into(),
                time: 1,
                level: 0,
            };
            last.view = vec![(entry, Vec::new())];
        }
        crate::svg::zone_bundle(&position, &last, &title)
    }
}
