//! UCI's long algebraic notation, the notation of chess engines: the points a move goes from
//! and to (`e2e4`), a promotion's letter in lower case (`e7e8q`), castling as the king's move
//! (`e1g1`), `0000` for a pass. Only for games under `rules chess` on algebraic boards.

use crate::play::game::Game;
use crate::play::state::{Move, State};

use super::NotationError;

/// The move in UCI ([`Move::uci`]).
pub fn write(game: &Game, mv: Move) -> String {
    mv.uci(game)
}

/// A line of moves in UCI.
pub fn line(game: &Game, moves: &[Move]) -> Vec<String> {
    moves.iter().map(|&mv| write(game, mv)).collect()
}

/// Whether `text` has UCI's shape (`e2e4`, `e7e8q`) on a board of up to 26 files: two points,
/// then a promotion's letter.
pub fn looks_like(text: &str) -> bool {
    split(text.trim()).is_some()
}

/// `e7e8q` as (`e7`, `e8`, `Some('q')`).
fn split(text: &str) -> Option<(&str, &str, Option<char>)> {
    let point = |t: &str| -> Option<usize> {
        let b = t.as_bytes();
        if b.first()?.is_ascii_lowercase() {
            let digits = b[1..].iter().take_while(|c| c.is_ascii_digit()).count();
            (digits > 0).then_some(1 + digits)
        } else {
            None
        }
    };
    let first = point(text)?;
    let second = point(&text[first..])?;
    let rest = &text[first + second..];
    let promote = match rest.len() {
        0 => None,
        1 => Some(rest.chars().next()?).filter(|c| "qrbn".contains(*c)),
        _ => return None,
    };
    if !rest.is_empty() && promote.is_none() {
        return None;
    }
    Some((&text[..first], &text[first..first + second], promote))
}

/// Reads `text` as UCI: the legal move of `state` from and to its points, promoting to the
/// piece its letter names (a promotion without a letter is an error, as in UCI).
pub fn read(game: &Game, state: &State, text: &str) -> Result<Move, NotationError> {
    let text = text.trim();
    let mut moves = Vec::new();
    state.moves(game, &mut moves);
    if text == "0000" {
        return Err(NotationError::IllegalUci {
            text: text.to_string(),
            legal: line(game, &moves),
        });
    }
    let (from, to, promote) = split(text).ok_or_else(|| NotationError::NotUci(text.to_string()))?;
    let board = &game.scenario.board;
    let (Ok(from), Ok(to)) = (board.parse_point(from), board.parse_point(to)) else {
        return Err(NotationError::NotUci(text.to_string()));
    };
    moves
        .iter()
        .copied()
        .find(|&mv| match mv {
            Move::Step {
                from: f,
                to: t,
                promote: p,
                ..
            } => {
                f == from
                    && t == to
                    && p.map(|t| super::san::letter(game, usize::from(t)).to_ascii_lowercase())
                        == promote
            }
            Move::Pass => false,
        })
        .ok_or_else(|| NotationError::IllegalUci {
            text: text.to_string(),
            legal: line(game, &moves),
        })
}
