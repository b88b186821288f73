//! A position of a game to play move by move, as python-chess's `Board` is used (issue 47 item
//! 9): its legal moves, a move pushed and popped, whether the game is over and its result, its
//! FEN. Over every game lingeo plays (any scenario with a game block), not chess alone: the
//! moves, the endings and the rules are the play layer's ([`State`]), nothing is decided here.
//!
//! Moves are written in UCI under the rules of chess (`e2e4`, `e7e8q`, castling as the king's
//! move `e1g1`), and as `lingeo play` writes them in every other game (`h8-g7`, `c6:b7`,
//! `pass`). A pushed move is read in either notation.
//!
//! ```
//! use lingeo::api::{GamePosition, Workbench};
//!
//! let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
//! let scenario = lingeo::scenario::Scenario::from_fen(start).unwrap();
//! let mut p = GamePosition::new(scenario, start)?;
//! assert_eq!(p.legal_moves().len(), 20);
//! for m in ["f2f3", "e7e5", "g2g4", "d8h4"] {
//!     p.push(m)?;
//! }
//! assert_eq!(p.result(), "0-1");
//! assert_eq!(p.pop()?, "d8h4");
//! assert_eq!(p.result(), "*");
//! # Ok::<(), lingeo::api::ApiError>(())
//! ```

use std::sync::Arc;

use super::error::{ApiError, Result};
use super::workbench::Workbench;
use crate::play::game::Game;
use crate::play::state::{Move, Outcome, State, Undo};
use crate::scenario::Scenario;

/// A game's position after the moves pushed, with the moves to take back.
#[derive(Clone, Debug)]
pub struct GamePosition {
    game: Arc<Game>,
    state: State,
    /// The moves played from the start, each with what takes it back and its text.
    played: Vec<(Undo, String)>,
}

impl GamePosition {
    /// The start of `scenario`'s game (its `game { ... }` block); `name` names it in errors.
    pub fn new(scenario: Scenario, name: &str) -> Result<GamePosition> {
        let game = Workbench::new(scenario, name)?.game()?;
        let state = State::initial(&game);
        Ok(GamePosition {
            game: Arc::new(game),
            state,
            played: Vec::new(),
        })
    }

    /// The start of the workbench's game.
    pub fn of(bench: &Workbench) -> Result<GamePosition> {
        let game = bench.game()?;
        let state = State::initial(&game);
        Ok(GamePosition {
            game: Arc::new(game),
            state,
            played: Vec::new(),
        })
    }

    /// The game played.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Whether the moves are written in UCI (the rules of chess on an algebraic board).
    fn uci(&self) -> bool {
        self.game.rules.chess.is_some() && self.game.scenario.board.algebraic()
    }

    fn text(&self, mv: &Move) -> String {
        if self.uci() {
            mv.uci(&self.game)
        } else {
            mv.show(&self.game)
        }
    }

    /// The moves of the side to move (a pass where the rules make a side without a move pass),
    /// none once the game is over; with the outcome where there is none because it is over.
    fn successors(&self) -> (Vec<Move>, Option<Outcome>) {
        let mut probe = self.state.clone();
        let mut moves = Vec::new();
        probe.successors(&self.game, &mut moves);
        match probe.outcome {
            Some(outcome) => (Vec::new(), Some(outcome)),
            None => (moves, None),
        }
    }

    /// The legal moves, in the order the play layer generates them.
    pub fn legal_moves(&self) -> Vec<String> {
        self.successors().0.iter().map(|m| self.text(m)).collect()
    }

    /// Plays `text`, a legal move in UCI or SAN (under the rules of chess) or as `lingeo play`
    /// writes it; an illegal move or one after the end is an error naming it (the position is
    /// kept).
    /// The move as the position writes it (UCI under the rules of chess).
    pub fn push(&mut self, text: &str) -> Result<String> {
        let text = text.trim();
        let (legal, outcome) = self.successors();
        if let Some(outcome) = outcome {
            return Err(ApiError::request(
                Some("move"),
                format!(
                    "`{text}`: the game is over: {}",
                    outcome.describe(&self.game)
                ),
            ));
        }
        let by_uci = legal.iter().find(|m| {
            let uci = m.uci(&self.game);
            // UCI's null move is a pass; a promotion without its letter is no UCI move.
            uci == text || (*m == &Move::Pass && text == "0000")
        });
        let mv = match by_uci {
            Some(mv) => *mv,
            None => {
                crate::play::notation::read_move(&self.game, &self.state, text).map_err(|e| {
                    let written: Vec<String> = legal.iter().map(|m| self.text(m)).collect();
                    ApiError::request(
                        Some("move"),
                        format!("`{text}`: {e}; the legal moves: {}", written.join(" ")),
                    )
                })?
            }
        };
        let written = self.text(&mv);
        let undo = self.state.make(&self.game, mv);
        self.played.push((undo, written.clone()));
        Ok(written)
    }

    /// Takes back the last move pushed, and gives it as [`push`](Self::push) wrote it; an
    /// error at the start.
    pub fn pop(&mut self) -> Result<String> {
        let (undo, text) = self
            .played
            .pop()
            .ok_or_else(|| ApiError::request(Some("move"), "no move to take back: at the start"))?;
        self.state.unmake(&self.game, undo);
        Ok(text)
    }

    /// The moves pushed, as [`push`](Self::push) wrote them.
    pub fn moves(&self) -> Vec<String> {
        self.played.iter().map(|(_, t)| t.clone()).collect()
    }

    /// How the game ended, where it has (including a side to move without a move).
    pub fn outcome(&self) -> Option<Outcome> {
        self.state.outcome.or(self.successors().1)
    }

    /// Whether the game is over.
    pub fn is_game_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// The result as PGN writes it: `1-0`, `0-1`, `1/2-1/2`, or `*` while the game goes on.
    pub fn result(&self) -> &'static str {
        match self.outcome().map(|o| o.value) {
            None => "*",
            Some(1) => "1-0",
            Some(-1) => "0-1",
            Some(_) => "1/2-1/2",
        }
    }

    /// How the game ended, in words (`Black wins (checkmate)`), where it has.
    pub fn outcome_text(&self) -> Option<String> {
        self.outcome().map(|o| o.describe(&self.game))
    }

    /// The side to move: `white` or `black`.
    pub fn turn(&self) -> &'static str {
        self.state.to_move.name()
    }

    /// The position as a scenario (captured pieces left out; under the rules of chess with its
    /// side to move, rights and clocks): what the zones and searches of this position read.
    pub fn scenario(&self) -> Scenario {
        self.state.scenario(&self.game).0
    }

    /// The position as FEN; an error where the board is no chess position (not 8x8, or a
    /// piece of a type FEN has no letter for).
    pub fn fen(&self) -> Result<String> {
        self.scenario()
            .to_fen()
            .map_err(|e| ApiError::request(Some("fen"), format!("no FEN for this position: {e}")))
    }

    /// The position as `lingeo play` draws it (K/k, `.` for an empty point).
    pub fn picture(&self) -> String {
        super::play::position(&self.game, &self.state)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chess(fen: &str) -> GamePosition {
        GamePosition::new(Scenario::from_fen(fen).unwrap(), fen).unwrap()
    }

    #[test]
    fn chess_moves_are_uci_and_go_back() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let mut p = chess(start);
        let legal = p.legal_moves();
        assert_eq!(legal.len(), 20);
        assert!(legal.contains(&"e2e4".to_string()), "{legal:?}");
        assert_eq!(p.turn(), "white");
        // Every notation is read; UCI comes out.
        assert_eq!(p.push("e2e4").unwrap(), "e2e4");
        assert_eq!(p.push("c7-c5").unwrap(), "c7c5");
        assert_eq!(
            p.fen().unwrap(),
            "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2"
        );
        assert_eq!(p.moves(), ["e2e4", "c7c5"]);
        // SAN too (what `lingeo play` writes for a chess position).
        assert_eq!(p.push("Nf3").unwrap(), "g1f3");
        assert_eq!(p.pop().unwrap(), "g1f3");
        assert_eq!(p.pop().unwrap(), "c7c5");
        assert_eq!(p.pop().unwrap(), "e2e4");
        assert_eq!(p.fen().unwrap(), start);
        let e = p.pop().unwrap_err();
        assert!(e.to_string().contains("at the start"), "{e}");
        // An illegal move names itself and the legal ones, and changes nothing.
        let e = p.push("e2e5").unwrap_err();
        assert_eq!(e.field(), Some("move"));
        assert!(
            e.to_string().contains("`e2e5`") && e.to_string().contains("g1h3"),
            "{e}"
        );
        assert_eq!(p.fen().unwrap(), start);
    }

    #[test]
    fn mate_stalemate_and_promotion_end_and_read_as_python_chess_writes_them() {
        let mut p = chess("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        for m in ["f2f3", "e7e5", "g2g4"] {
            p.push(m).unwrap();
            assert!(!p.is_game_over());
        }
        p.push("d8h4").unwrap();
        assert!(p.is_game_over());
        assert_eq!(p.result(), "0-1");
        assert_eq!(p.outcome_text().unwrap(), "Black wins (checkmate)");
        assert!(p.legal_moves().is_empty());
        let e = p.push("e1f2").unwrap_err();
        assert!(e.to_string().contains("the game is over"), "{e}");
        // Stalemate: a draw, `1/2-1/2`.
        let mut p = chess("7k/8/6K1/5Q2/8/8/8/8 w - - 0 1");
        p.push("f5f7").unwrap();
        assert_eq!(p.result(), "1/2-1/2");
        // Underpromotion in UCI.
        let mut p = chess("8/P7/8/8/8/8/8/k6K w - - 0 1");
        assert!(p.legal_moves().contains(&"a7a8n".to_string()));
        assert_eq!(p.push("a7a8n").unwrap(), "a7a8n");
        assert_eq!(p.fen().unwrap(), "N7/8/8/8/8/8/8/k6K b - - 0 1");
    }

    /// Any game with a game block, in the moves `lingeo play` writes: the Réti ending.
    #[test]
    fn a_game_other_than_chess_plays_in_lingeos_notation() {
        let bench = Workbench::load("examples/reti.scenario").unwrap();
        let mut p = GamePosition::of(&bench).unwrap();
        let legal = p.legal_moves();
        assert!(legal.contains(&"h8-g7".to_string()), "{legal:?}");
        assert_eq!(p.push("h8-g7").unwrap(), "h8-g7");
        assert_eq!(p.turn(), "black");
        assert_eq!(p.result(), "*");
        assert_eq!(p.pop().unwrap(), "h8-g7");
        // The scenario without a game block has no position to play.
        let bench =
            Workbench::from_text("board 3x3\nwhite king at a1 as K\n", "t.scenario").unwrap();
        assert!(GamePosition::of(&bench).is_err());
    }
}
