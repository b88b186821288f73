//! Standard Algebraic Notation (SAN), the notation of chess books and PGN files: `Nf3`, `exd5`,
//! `Nbd2`, `R1e2`, `Qh4e1`, `e8=Q`, `O-O`, `Qxf7#`. Written for a move in a position, and read
//! back to the one legal move it names; only for games under `rules chess`
//! (docs/play-and-search.md §1.7).

use crate::board::{Board, Point};
use crate::play::chess::PAWN;
use crate::play::game::Game;
use crate::play::state::{Move, Special, State};

use super::NotationError;

/// The move `mv` (a legal move of `state`) in SAN: the piece's letter (none for a pawn), the
/// file, rank or both of its point where another piece of its type could go to the same point,
/// `x` for a capture (en passant too; a pawn's capture names its file), the point it goes to,
/// `=Q` for a promotion, `O-O` / `O-O-O` for castling, and `+` for check or `#` for mate.
pub fn write(game: &Game, state: &State, mv: Move) -> String {
    let mut text = body(game, state, mv);
    let mut after = state.clone();
    after.make(game, mv);
    if after.royal_attacked(game, after.to_move) {
        let mut replies = Vec::new();
        after.legal_moves_in_place(game, &mut replies);
        text.push(if replies.is_empty() { '#' } else { '+' });
    }
    text
}

/// Every legal move of `state` in SAN, in the order of [`State::moves`].
pub fn legal(game: &Game, state: &State) -> Vec<String> {
    let mut moves = Vec::new();
    state.moves(game, &mut moves);
    moves.iter().map(|&mv| write(game, state, mv)).collect()
}

/// A line of moves from `state` in SAN, each written in the position it is played in.
pub fn line(game: &Game, state: &State, moves: &[Move]) -> Vec<String> {
    let mut s = state.clone();
    moves
        .iter()
        .map(|&mv| {
            let text = write(game, &s, mv);
            s.make(game, mv);
            text
        })
        .collect()
}

/// The moves of a search tree below `state` relabelled in SAN, each in the position it is
/// played in (the LG search labels its nodes in lingeo's notation as it searches: SAN costs a
/// move generation a move, paid here once for the tree kept).
pub fn tree(game: &Game, state: &mut State, nodes: &mut [crate::play::search::lg::TreeNode]) {
    for node in nodes {
        node.text = write(game, state, node.mv);
        let undo = state.make(game, node.mv);
        crate::memory::grow(|| tree(game, state, &mut node.children));
        state.unmake(game, undo);
    }
}

/// A line numbered as chess books write it: `1. e4 e5 2. Nf3`, or `3... Nc6 4. Bb5` when
/// Black moves first.
pub fn numbered(game: &Game, state: &State, moves: &[Move]) -> String {
    let mut out = String::new();
    let mut s = state.clone();
    for (k, &mv) in moves.iter().enumerate() {
        let number = s.fullmove(game);
        let white = s.to_move == crate::piece::Side::White;
        if !out.is_empty() {
            out.push(' ');
        }
        if white {
            out.push_str(&format!("{number}. "));
        } else if k == 0 {
            out.push_str(&format!("{number}... "));
        }
        out.push_str(&write(game, &s, mv));
        s.make(game, mv);
    }
    out
}

/// The SAN of `mv` without its check suffix.
fn body(game: &Game, state: &State, mv: Move) -> String {
    let board = &game.scenario.board;
    let Move::Step {
        piece,
        from,
        to,
        capture,
        promote,
        special,
    } = mv
    else {
        // No pass under the rules of chess; PGN's null move, should one be asked for.
        return "--".to_string();
    };
    if let Special::Castle { .. } = special {
        return if file(board, to) > file(board, from) {
            "O-O".to_string()
        } else {
            "O-O-O".to_string()
        };
    }
    let kind = state.kind(game, usize::from(piece));
    let mut text = String::new();
    if kind == PAWN {
        if capture.is_some() {
            text.push_str(&file_name(board, from));
            text.push('x');
        }
    } else {
        text.push(letter(game, kind));
        text.push_str(&disambiguation(game, state, mv, kind));
        if capture.is_some() {
            text.push('x');
        }
    }
    text.push_str(board.name(to).as_ref());
    if let Some(t) = promote {
        text.push('=');
        text.push(letter(game, usize::from(t)));
    }
    text
}

/// What tells `mv`'s piece from the others of its type that could go to the same point: its
/// file where that is enough, else its rank, else both (its point).
fn disambiguation(game: &Game, state: &State, mv: Move, kind: usize) -> String {
    let Move::Step {
        piece, from, to, ..
    } = mv
    else {
        return String::new();
    };
    let board = &game.scenario.board;
    let mut moves = Vec::new();
    state.moves(game, &mut moves);
    let rivals: Vec<Point> = moves
        .iter()
        .filter_map(|m| match *m {
            Move::Step {
                piece: p,
                from: f,
                to: t,
                special: Special::None | Special::DoubleStep { .. },
                ..
            } if t == to && p != piece && state.kind(game, usize::from(p)) == kind => Some(f),
            _ => None,
        })
        .collect();
    if rivals.is_empty() {
        String::new()
    } else if !board.algebraic() {
        board.name(from).to_string()
    } else if rivals.iter().all(|&f| file(board, f) != file(board, from)) {
        file_name(board, from)
    } else if rivals.iter().all(|&f| rank(board, f) != rank(board, from)) {
        (rank(board, from) + 1).to_string()
    } else {
        board.name(from).to_string()
    }
}

/// The letter SAN writes a type with: K, Q, R, B, N (P for a pawn, which SAN leaves out); a
/// type of the scenario's own, its name's first letter.
pub(crate) fn letter(game: &Game, kind: usize) -> char {
    let name = &game.scenario.types[kind].name;
    crate::piece::chess_letter(name)
        .or_else(|| name.chars().next().map(|c| c.to_ascii_uppercase()))
        .unwrap_or('?')
}

fn file(board: &Board, p: Point) -> i32 {
    board.coords(p).map_or(0, |c| c[0])
}

fn rank(board: &Board, p: Point) -> i32 {
    board.coords(p).map_or(0, |c| c[1])
}

fn file_name(board: &Board, p: Point) -> String {
    char::from(b'a' + file(board, p).clamp(0, 25) as u8).to_string()
}

/// What a SAN text says, before it is matched against the legal moves.
struct Parsed {
    /// `Some(true)` O-O, `Some(false)` O-O-O.
    castle: Option<bool>,
    /// The piece's letter (`None`: a pawn).
    letter: Option<char>,
    /// The file (0-based) and rank (0-based) of the point it moves from, where given.
    from_file: Option<i32>,
    from_rank: Option<i32>,
    to: Option<Point>,
    promote: Option<char>,
}

/// Reads `text` as SAN: the one legal move of `state` it names. Tolerates check and mate
/// marks (`+`, `#`), annotations (`!`, `?`), `e.p.`, `0-0` for `O-O`, a promotion without
/// `=` (`e8Q`) and a capture's `x` left out or written where nothing is taken; strict about the
/// rest: a text that fits no legal move, or more than one, is an error that lists the legal
/// moves.
pub fn read(game: &Game, state: &State, text: &str) -> Result<Move, NotationError> {
    let original = text.trim();
    let parsed = parse(&game.scenario.board, original)
        .ok_or_else(|| NotationError::NotSan(original.to_string()))?;
    let mut moves = Vec::new();
    state.moves(game, &mut moves);
    let board = &game.scenario.board;
    let fits: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|&mv| {
            let Move::Step {
                piece,
                from,
                to,
                promote,
                special,
                ..
            } = mv
            else {
                return false;
            };
            if let Some(kingside) = parsed.castle {
                return matches!(special, Special::Castle { .. })
                    && (file(board, to) > file(board, from)) == kingside;
            }
            if matches!(special, Special::Castle { .. }) {
                // Castling is written O-O, not as the king's step (that is UCI's way).
                return false;
            }
            let kind = state.kind(game, usize::from(piece));
            let letter_fits = match parsed.letter {
                None => kind == PAWN,
                Some(l) => kind != PAWN && letter(game, kind) == l,
            };
            let promote_fits = match (promote, parsed.promote) {
                (None, None) => true,
                (Some(t), Some(l)) => letter(game, usize::from(t)) == l,
                // A promotion must say what the pawn becomes.
                _ => false,
            };
            letter_fits
                && promote_fits
                && Some(to) == parsed.to
                && parsed.from_file.is_none_or(|f| f == file(board, from))
                && parsed.from_rank.is_none_or(|r| r == rank(board, from))
        })
        .collect();
    match fits.as_slice() {
        [mv] => Ok(*mv),
        [] => Err(NotationError::Illegal {
            text: original.to_string(),
            legal: legal(game, state),
        }),
        several => Err(NotationError::Ambiguous {
            text: original.to_string(),
            fits: several.iter().map(|&mv| write(game, state, mv)).collect(),
            legal: legal(game, state),
        }),
    }
}

/// Splits a SAN text into its parts; `None` when it is not SAN.
fn parse(board: &Board, text: &str) -> Option<Parsed> {
    let mut t = text;
    // Annotations and the check marks, in any order at the end; `e.p.` after a capture.
    loop {
        let trimmed = t
            .trim_end_matches(['+', '#', '!', '?'])
            .trim_end()
            .trim_end_matches("e.p.")
            .trim_end();
        if trimmed.len() == t.len() {
            break;
        }
        t = trimmed;
    }
    match t {
        "O-O" | "0-0" => {
            return Some(Parsed {
                castle: Some(true),
                letter: None,
                from_file: None,
                from_rank: None,
                to: None,
                promote: None,
            });
        }
        "O-O-O" | "0-0-0" => {
            return Some(Parsed {
                castle: Some(false),
                letter: None,
                from_file: None,
                from_rank: None,
                to: None,
                promote: None,
            });
        }
        _ => {}
    }
    let mut chars: Vec<char> = t.chars().collect();
    let letter = match chars.first() {
        Some(&c) if c.is_ascii_uppercase() => {
            chars.remove(0);
            // `P` for a pawn is allowed, and means what no letter means.
            (c != 'P').then_some(c)
        }
        _ => None,
    };
    // The promotion: `=Q`, `Q` or `(Q)` at the end.
    let mut promote = None;
    if chars.last() == Some(&')') && chars.len() >= 3 && chars[chars.len() - 3] == '(' {
        promote = Some(chars[chars.len() - 2]);
        chars.truncate(chars.len() - 3);
    } else if let Some(&c) = chars.last()
        && c.is_ascii_uppercase()
    {
        promote = Some(c);
        chars.pop();
        if chars.last() == Some(&'=') {
            chars.pop();
        }
    }
    // The point it goes to: a file letter and a rank's digits at the end.
    let digits = chars
        .iter()
        .rev()
        .take_while(|c| c.is_ascii_digit())
        .count();
    if digits == 0 || chars.len() < digits + 1 {
        return None;
    }
    let to_at = chars.len() - digits - 1;
    if !chars[to_at].is_ascii_lowercase() {
        return None;
    }
    let to_text: String = chars[to_at..].iter().collect();
    let to = board.parse_point(&to_text).ok()?;
    let mut rest: Vec<char> = chars[..to_at].to_vec();
    if matches!(rest.last(), Some('x' | ':')) {
        rest.pop();
    }
    // What is left tells where the piece stands: a file, a rank, or both.
    let (mut from_file, mut from_rank) = (None, None);
    let rest: String = rest.into_iter().collect();
    let files = rest.chars().take_while(char::is_ascii_lowercase).count();
    let (file_text, rank_text) = rest.split_at(files);
    match file_text.len() {
        0 => {}
        1 => from_file = Some(i32::from(file_text.as_bytes()[0] - b'a')),
        _ => return None,
    }
    if !rank_text.is_empty() {
        if !rank_text.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let r: i32 = rank_text.parse().ok()?;
        from_rank = Some(r.checked_sub(1)?);
    }
    if letter.is_some() && promote.is_some() {
        // Only a pawn promotes.
        return None;
    }
    Some(Parsed {
        castle: None,
        letter,
        from_file,
        from_rank,
        to: Some(to),
        promote,
    })
}

/// Whether `text` could be SAN castling, which today's notation would take for a step.
pub(crate) fn is_castling(text: &str) -> bool {
    let t = text.trim().trim_end_matches(['+', '#', '!', '?']);
    matches!(t, "O-O" | "0-0" | "O-O-O" | "0-0-0")
}
