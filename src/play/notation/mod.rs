//! Chess notations for the moves of games under `rules chess` (docs/play-and-search.md §1.7):
//! [`san`] (Standard Algebraic Notation, `Nf3`), [`uci`] (`g1f3`) and [`pgn`] (games as PGN
//! files), and [`read_move`], which reads a move in any of them or in lingeo's own notation
//! (`g1-f3`, [`State::parse_move`]). Games without the rules of chess keep lingeo's notation
//! alone.

pub mod pgn;
pub mod san;
pub mod uci;

use crate::play::game::Game;
use crate::play::state::{Move, MoveError, State};

/// Why a move's text names no legal move of the position it is read in.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    /// Not a move in lingeo's notation (or the move is not legal there).
    #[error(transparent)]
    Move(#[from] MoveError),
    /// A text that is no SAN.
    #[error(
        "`{0}` is not a move: write it in SAN (`e4`, `Nf3`, `exd5`, `e8=Q`, `O-O`), in UCI \
         (`e2e4`, `e7e8q`) or as `e2-e4`"
    )]
    NotSan(String),
    /// SAN that names no legal move.
    #[error("`{text}` is not a legal move here; the legal moves: {}", list(legal))]
    Illegal {
        /// The move's text.
        text: String,
        /// The legal moves, in SAN.
        legal: Vec<String>,
    },
    /// SAN that names more than one legal move.
    #[error(
        "`{text}` is ambiguous: it names {}; the legal moves: {}",
        fits.join(" and "),
        list(legal)
    )]
    Ambiguous {
        /// The move's text.
        text: String,
        /// The moves it could be, in SAN.
        fits: Vec<String>,
        /// The legal moves, in SAN.
        legal: Vec<String>,
    },
    /// A text of UCI's shape whose points are not on the board.
    #[error("`{0}` is not a move in UCI (`e2e4`, `e7e8q`)")]
    NotUci(String),
    /// UCI that names no legal move.
    #[error(
        "`{text}` is not a legal move here; the legal moves in UCI: {}",
        list(legal)
    )]
    IllegalUci {
        /// The move's text.
        text: String,
        /// The legal moves, in UCI.
        legal: Vec<String>,
    },
}

fn list(moves: &[String]) -> String {
    if moves.is_empty() {
        "none".to_string()
    } else {
        moves.join(" ")
    }
}

/// Whether moves of `game` are read and written in the notations of chess (`rules chess`).
pub fn is_chess(game: &Game) -> bool {
    game.chess.is_some()
}

/// Reads `text` as a legal move of `state`: under `rules chess` in SAN (`Nf3`, `O-O`), UCI
/// (`g1f3`) or lingeo's notation (`g1-f3`, `WN g1-f3`); in every other game in lingeo's
/// notation ([`State::parse_move`]).
pub fn read_move(game: &Game, state: &State, text: &str) -> Result<Move, NotationError> {
    let text = text.trim();
    if !is_chess(game) {
        return Ok(state.parse_move(game, text)?);
    }
    let mut probe = state.clone();
    probe.successors(game, &mut Vec::new());
    if let Some(outcome) = state.outcome.or(probe.outcome) {
        return Err(MoveError::GameOver(outcome.describe(game)).into());
    }
    if san::is_castling(text) {
        san::read(game, state, text)
    } else if uci::looks_like(text) {
        uci::read(game, state, text)
    } else if text == "pass" || text.contains(['-', ':', ' ']) {
        Ok(state.parse_move(game, text)?)
    } else {
        san::read(game, state, text)
    }
}

/// The moves of a line written under `rules chess`: separated by commas or white space, move
/// numbers (`1.`, `12...`, `1.e4`) dropped, and a piece's name joined to the move after it
/// (`WN g1-f3`). Other games split their lines by [`crate::play::line::split`].
pub fn split(game: &Game, text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut name: Option<String> = None;
    for word in crate::play::line::words(text) {
        let word = strip_number(&word);
        if word.is_empty() {
            continue;
        }
        if let Some(n) = name.take() {
            out.push(format!("{n} {word}"));
        } else if game.scenario.pieces.iter().any(|p| p.name == word) {
            name = Some(word.to_string());
        } else {
            out.push(word.to_string());
        }
    }
    out.extend(name);
    out
}

/// `e4` of `1.e4`; nothing of `12.` or `3...`.
fn strip_number(word: &str) -> &str {
    let digits = word.chars().take_while(char::is_ascii_digit).count();
    let dots = word[digits..].chars().take_while(|&c| c == '.').count();
    if digits > 0 && dots > 0 {
        &word[digits + dots..]
    } else {
        word
    }
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod pgn_tests;
