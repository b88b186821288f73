//! FEN (Forsyth–Edwards Notation) in and out: a chess position as one line, read into an 8x8
//! scenario with the rules of chess (`rules chess`) and the position's extras (side to move,
//! castling rights, en passant point, clocks), and written back from one
//! (docs/play-and-search.md §1.6).
//!
//! A FEN is checked as a position that can stand: each rank holds 8 points, one king a side, no
//! pawn on the first or last rank, castling rights with their king and rook on their points, an
//! en passant point a pawn can just have passed, and the side not to move not in check. Every
//! problem is a [`FenError`] naming the field (1 to 6) at fault.

use crate::board::{Board, Point};
use crate::piece::{Side, chess_letter};
use crate::play::chess::{self, KING, PAWN, chess_rules};
use crate::play::game::Game;
use crate::play::rules::{Castling, ChessRules};
use crate::play::state::State;
use crate::scenario::{Piece, Scenario};

/// The names of FEN's six fields, by number.
const FIELD_NAMES: [&str; 6] = [
    "piece placement",
    "side to move",
    "castling rights",
    "en passant point",
    "halfmove clock",
    "fullmove number",
];

/// Why a FEN is not a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    /// Not 6 fields (or 4: the clocks may be left out, as the published perft positions do).
    #[error("a FEN has 6 fields (or 4, without the clocks), this one has {0}")]
    FieldCount(usize),
    /// The placement does not have 8 ranks.
    #[error("FEN field 1 (piece placement): {0} ranks, a board has 8 (separated by `/`)")]
    RankCount(usize),
    /// A rank that does not add up to 8 points.
    #[error(
        "FEN field 1 (piece placement): rank {rank} `{text}` adds up to {points} points, not 8"
    )]
    RankWidth {
        /// The rank's number (8 first).
        rank: u32,
        /// The rank as written.
        text: String,
        /// The points it adds up to.
        points: u32,
    },
    /// A character that is no piece letter (KQRBNP, kqrbnp) nor a count of empty points (1-8).
    #[error(
        "FEN field 1 (piece placement): `{letter}` on rank {rank} is no piece (KQRBNP for White, \
         kqrbnp for Black, 1-8 for empty points)"
    )]
    PieceLetter {
        /// The rank's number.
        rank: u32,
        /// The character.
        letter: char,
    },
    /// A side without exactly one king.
    #[error("FEN field 1 (piece placement): {side} has {count} kings, a position has one a side")]
    KingCount {
        /// The side.
        side: Side,
        /// Its kings.
        count: usize,
    },
    /// A pawn on the first or last rank.
    #[error(
        "FEN field 1 (piece placement): a pawn on {point}: pawns never stand on the first or last \
         rank"
    )]
    PawnOnEdge {
        /// The point.
        point: String,
    },
    /// The side to move is not `w` or `b`.
    #[error("FEN field 2 (side to move): `{0}` is neither `w` nor `b`")]
    SideToMove(String),
    /// The side not to move is in check: its king could be taken.
    #[error(
        "FEN field 2 (side to move): {side} is to move while {other}'s king is in check, which no \
         game reaches"
    )]
    NotToMoveInCheck {
        /// The side to move.
        side: Side,
        /// The side in check.
        other: Side,
    },
    /// Castling rights not written as letters of `KQkq` (each once) or `-`.
    #[error(
        "FEN field 3 (castling rights): `{0}` is not castling rights (letters of KQkq, each at \
         most once, or `-`)"
    )]
    Castling(String),
    /// A castling right whose king or rook is not on its point.
    #[error("FEN field 3 (castling rights): `{right}` cannot be held: {why}")]
    CastlingWithout {
        /// The right's letter.
        right: char,
        /// What is missing.
        why: String,
    },
    /// An en passant point that is not a point, or not on the rank a double step passes.
    #[error("FEN field 4 (en passant point): `{text}` {why}")]
    EnPassant {
        /// The field as written.
        text: String,
        /// What is wrong.
        why: String,
    },
    /// The position's game could not be compiled to test for check (the thread's memory limit
    /// is below what an 8x8 game takes).
    #[error("the FEN's position cannot be played: {0}")]
    Game(String),
    /// A clock that is not a number (or a fullmove number of 0).
    #[error("FEN field {field} ({}): `{text}` is not {}", FIELD_NAMES[*field as usize - 1],
        if *field == 5 { "a number of plies" } else { "a move number from 1" })]
    Clock {
        /// 5 (halfmove clock) or 6 (fullmove number).
        field: u8,
        /// The field as written.
        text: String,
    },
}

impl FenError {
    /// The number of the field at fault (1 to 6), `None` for a wrong number of fields (or a
    /// game that could not be compiled).
    pub fn field(&self) -> Option<u8> {
        Some(match self {
            FenError::FieldCount(_) | FenError::Game(_) => return None,
            FenError::RankCount(_)
            | FenError::RankWidth { .. }
            | FenError::PieceLetter { .. }
            | FenError::KingCount { .. }
            | FenError::PawnOnEdge { .. } => 1,
            FenError::SideToMove(_) | FenError::NotToMoveInCheck { .. } => 2,
            FenError::Castling(_) | FenError::CastlingWithout { .. } => 3,
            FenError::EnPassant { .. } => 4,
            FenError::Clock { field, .. } => *field,
        })
    }
}

/// Why a scenario cannot be written as FEN.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ToFenError {
    /// FEN describes 8x8 boards only.
    #[error("FEN describes an 8x8 board, this one is {0}")]
    Board(String),
    /// A piece of a type FEN has no letter for.
    #[error("{piece} is a {type_name}, which FEN has no letter for")]
    Type {
        /// The piece's name.
        piece: String,
        /// Its type.
        type_name: String,
    },
    /// Two pieces on one point.
    #[error("{first} and {second} stand on {point}: FEN holds one piece a point")]
    SharedPoint {
        /// The point.
        point: String,
        /// The first piece there.
        first: String,
        /// The second.
        second: String,
    },
}

impl Scenario {
    /// The position a FEN describes: an 8x8 board, its pieces (named `WK`, `BQ`, and numbered
    /// where a side has several of a type: `WP1` ... `WP8`, in the order of the points from
    /// a1), and the rules of chess with the FEN's side to move, castling rights, en passant
    /// point and clocks (4 fields are read as 6 with clocks `0 1`).
    pub fn from_fen(fen: &str) -> Result<Scenario, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() != 6 && fields.len() != 4 {
            return Err(FenError::FieldCount(fields.len()));
        }
        let board = Board::grid(8, 8, 1, &[]).expect("an 8x8 board");
        let mut scenario = Scenario::empty(board);
        scenario.pieces = placement(&scenario, fields[0])?;
        let first = match fields[1] {
            "w" => Side::White,
            "b" => Side::Black,
            other => return Err(FenError::SideToMove(other.to_string())),
        };
        let castling = castling(&scenario, fields[2])?;
        let en_passant = en_passant(&scenario, fields[3], first)?;
        let clock = |field: u8, min: u32| -> Result<u32, FenError> {
            let text = fields.get(usize::from(field) - 1).copied();
            match text {
                None => Ok(min),
                Some(t) => {
                    t.parse::<u32>()
                        .ok()
                        .filter(|&n| n >= min)
                        .ok_or_else(|| FenError::Clock {
                            field,
                            text: t.to_string(),
                        })
                }
            }
        };
        let halfmove = clock(5, 0)?;
        let fullmove = clock(6, 1)?;
        scenario.game = Some(chess_rules(
            first,
            ChessRules {
                castling,
                en_passant,
                halfmove,
                fullmove,
            },
        ));
        let game = Game::new(scenario).map_err(|e| FenError::Game(e.to_string()))?;
        let state = State::initial(&game);
        if state.royal_attacked(&game, first.opposite()) {
            return Err(FenError::NotToMoveInCheck {
                side: first,
                other: first.opposite(),
            });
        }
        Ok(game.scenario)
    }

    /// The scenario's position as FEN: its pieces on its 8x8 board, and from its rules the side
    /// to move and, under the rules of chess, the castling rights, en passant point and clocks
    /// (`- - 0 1` without them).
    pub fn to_fen(&self) -> Result<String, ToFenError> {
        let board = &self.board;
        if board.dims() != Some([8, 8, 1]) || board.len() != 64 {
            return Err(ToFenError::Board(board.describe()));
        }
        let mut squares: Vec<Option<&Piece>> = vec![None; 64];
        for p in &self.pieces {
            let type_name = &self.types[p.type_index].name;
            if chess_letter(type_name).is_none() || p.type_index > PAWN {
                return Err(ToFenError::Type {
                    piece: p.name.clone(),
                    type_name: type_name.clone(),
                });
            }
            if let Some(q) = squares[p.at.index()] {
                return Err(ToFenError::SharedPoint {
                    point: board.name(p.at).to_string(),
                    first: q.name.clone(),
                    second: p.name.clone(),
                });
            }
            squares[p.at.index()] = Some(p);
        }
        let mut ranks = Vec::with_capacity(8);
        for rank in (0..8).rev() {
            let mut text = String::new();
            let mut empty = 0;
            for file in 0..8 {
                match squares[rank * 8 + file] {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            text.push_str(&empty.to_string());
                            empty = 0;
                        }
                        let letter = chess_letter(&self.types[p.type_index].name).expect("checked");
                        text.push(match p.side {
                            Side::White => letter,
                            Side::Black => letter.to_ascii_lowercase(),
                        });
                    }
                }
            }
            if empty > 0 {
                text.push_str(&empty.to_string());
            }
            ranks.push(text);
        }
        let rules = self.game.clone().unwrap_or_default();
        let chess = rules.chess.unwrap_or_default();
        let side = match rules.first {
            Side::White => "w",
            Side::Black => "b",
        };
        let en_passant = chess
            .en_passant
            .map_or("-".to_string(), |p| board.name(p).to_string());
        Ok(format!(
            "{} {side} {} {en_passant} {} {}",
            ranks.join("/"),
            chess.castling.fen(),
            chess.halfmove,
            chess.fullmove
        ))
    }
}

/// Field 1: the pieces, rank 8 first, named after their side and type.
fn placement(scenario: &Scenario, text: &str) -> Result<Vec<Piece>, FenError> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 8 {
        return Err(FenError::RankCount(ranks.len()));
    }
    let board = &scenario.board;
    let mut placed: Vec<(Point, usize, Side)> = Vec::new();
    for (k, rank_text) in ranks.iter().enumerate() {
        let rank = 8 - k as u32;
        let mut file = 0u32;
        for c in rank_text.chars() {
            if let Some(d) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                file += d;
                continue;
            }
            let type_index = "kqrbnp"
                .find(c.to_ascii_lowercase())
                .filter(|_| c.is_ascii_alphabetic())
                .ok_or(FenError::PieceLetter { rank, letter: c })?;
            let side = if c.is_ascii_uppercase() {
                Side::White
            } else {
                Side::Black
            };
            if file < 8 {
                let at = board
                    .at([file as i32, rank as i32 - 1, 0])
                    .expect("on the board");
                if type_index == PAWN && (rank == 1 || rank == 8) {
                    return Err(FenError::PawnOnEdge {
                        point: board.name(at).to_string(),
                    });
                }
                placed.push((at, type_index, side));
            }
            file += 1;
        }
        if file != 8 {
            return Err(FenError::RankWidth {
                rank,
                text: rank_text.to_string(),
                points: file,
            });
        }
    }
    for side in [Side::White, Side::Black] {
        let count = placed
            .iter()
            .filter(|&&(_, t, s)| t == KING && s == side)
            .count();
        if count != 1 {
            return Err(FenError::KingCount { side, count });
        }
    }
    placed.sort_by_key(|&(at, ..)| at);
    let mut pieces = Vec::with_capacity(placed.len());
    for &(at, type_index, side) in &placed {
        let letter = chess_letter(&scenario.types[type_index].name).expect("a chess type");
        let base = format!("{}{letter}", if side == Side::White { 'W' } else { 'B' });
        let same = |&&(_, t, s): &&(Point, usize, Side)| t == type_index && s == side;
        let name = if placed.iter().filter(same).count() == 1 {
            base
        } else {
            let k = placed.iter().filter(same).take_while(|q| q.0 != at).count();
            format!("{base}{}", k + 1)
        };
        pieces.push(Piece {
            name,
            type_index,
            side,
            at,
        });
    }
    Ok(pieces)
}

/// Field 3: the castling rights, each with its king and rook on their points.
fn castling(scenario: &Scenario, text: &str) -> Result<Castling, FenError> {
    let rights = chess::parse_castling(text).ok_or_else(|| FenError::Castling(text.to_string()))?;
    match chess::castling_problems(scenario, rights)
        .into_iter()
        .next()
    {
        Some((right, why)) => Err(FenError::CastlingWithout { right, why }),
        None => Ok(rights),
    }
}

/// Field 4: `-`, or the point the last move's double step passed: on rank 6 with White to move
/// (3 with Black), empty, the point behind it empty, and the pawn that stepped in front of it.
fn en_passant(scenario: &Scenario, text: &str, to_move: Side) -> Result<Option<Point>, FenError> {
    if text == "-" {
        return Ok(None);
    }
    let board = &scenario.board;
    let bad = |why: String| FenError::EnPassant {
        text: text.to_string(),
        why,
    };
    let at = board
        .parse_point(text)
        .map_err(|e| bad(format!("is not a point: {e}")))?;
    let c = board.coords(at).expect("a grid point");
    // White to move: Black's pawn passed rank 6 going from 7 to 5.
    let (rank, dir) = match to_move {
        Side::White => (5, -1),
        Side::Black => (2, 1),
    };
    let mover = to_move.opposite();
    if c[1] != rank {
        return Err(bad(format!(
            "is not on rank {}, where a double step of {mover} passes with {to_move} to move",
            rank + 1
        )));
    }
    let on = |dy: i32| {
        let p = board.at([c[0], c[1] + dy, 0]).expect("on the board");
        (p, scenario.pieces.iter().find(|q| q.at == p))
    };
    if let (_, Some(q)) = on(0) {
        return Err(bad(format!("holds {}", q.name)));
    }
    let (start, on_start) = on(-dir);
    if let Some(q) = on_start {
        return Err(bad(format!(
            "cannot have been passed: {} stands on {}",
            q.name,
            board.name(start)
        )));
    }
    let (front, pawn) = on(dir);
    if !pawn.is_some_and(|q| q.type_index == PAWN && q.side == mover) {
        return Err(bad(format!(
            "cannot have been passed: no {mover} pawn on {}",
            board.name(front)
        )));
    }
    Ok(Some(at))
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn the_start_position_round_trips_and_names_its_pieces() {
        let s = Scenario::from_fen(START).unwrap();
        assert_eq!(s.to_fen().unwrap(), START);
        assert_eq!(s.pieces.len(), 32);
        let names: Vec<&str> = s.pieces.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(&names[..5], ["WR1", "WN1", "WB1", "WQ", "WK"]);
        assert!(names.contains(&"BP8"));
        let rules = s.game.as_ref().unwrap();
        assert_eq!(rules.chess.unwrap().castling, Castling::ALL);
    }

    #[test]
    fn four_fields_read_as_clocks_0_1() {
        let s = Scenario::from_fen("8/8/8/8/8/8/8/K6k b - -").unwrap();
        assert_eq!(s.to_fen().unwrap(), "8/8/8/8/8/8/8/K6k b - - 0 1");
    }

    /// Each bad FEN names its field and what is wrong.
    #[test]
    fn bad_fens_name_the_field_and_the_fault() {
        let cases: [(&str, Option<u8>, &str); 17] = [
            ("8/8/8/8/8/8/8/K6k w - - 0", None, "has 5"),
            ("8/8/8/8/8/8/K6k w - - 0 1", Some(1), "7 ranks"),
            (
                "8/8/8/8/8/8/8/K5k w - - 0 1",
                Some(1),
                "rank 1 `K5k` adds up to 7",
            ),
            ("8/8/8/8/8/8/8/K6k1 w - - 0 1", Some(1), "adds up to 9"),
            (
                "8/8/8/8/8/8/8/K5xk w - - 0 1",
                Some(1),
                "`x` on rank 1 is no piece",
            ),
            ("8/8/8/8/8/8/8/K5Kk w - - 0 1", Some(1), "white has 2 kings"),
            ("8/8/8/8/8/8/8/K7 w - - 0 1", Some(1), "black has 0 kings"),
            ("8/8/8/8/8/8/8/KP5k w - - 0 1", Some(1), "a pawn on b1"),
            ("p7/8/8/8/8/8/8/K6k w - - 0 1", Some(1), "a pawn on a8"),
            ("8/8/8/8/8/8/8/K6k x - - 0 1", Some(2), "`x` is neither"),
            (
                "8/8/8/8/8/8/8/K6k w KX - 0 1",
                Some(3),
                "`KX` is not castling rights",
            ),
            (
                "8/8/8/8/8/8/8/K6k w K - 0 1",
                Some(3),
                "`K` cannot be held: no white king on e1",
            ),
            (
                "4k3/8/8/8/8/8/8/4K3 w q - 0 1",
                Some(3),
                "no black rook on a8",
            ),
            (
                "4k3/8/8/8/8/8/8/4K3 w - e3 0 1",
                Some(4),
                "`e3` is not on rank 6",
            ),
            (
                "4k3/8/8/8/8/8/8/4K3 w - e6 0 1",
                Some(4),
                "no black pawn on e5",
            ),
            (
                "4k3/8/8/8/8/8/8/4K3 w - - x 1",
                Some(5),
                "`x` is not a number of plies",
            ),
            (
                "4k3/8/8/8/8/8/8/4K3 w - - 0 0",
                Some(6),
                "`0` is not a move number",
            ),
        ];
        for (fen, field, words) in cases {
            let e = Scenario::from_fen(fen).unwrap_err();
            assert_eq!(e.field(), field, "{fen}: {e}");
            assert!(
                e.to_string().contains(words),
                "{fen}: `{e}` lacks `{words}`"
            );
        }
    }

    #[test]
    fn the_side_not_to_move_may_not_be_in_check() {
        // Black's king on e8 is attacked by the rook on e1, and White is to move.
        let e = Scenario::from_fen("4k3/8/8/8/8/8/8/K3R3 w - - 0 1").unwrap_err();
        assert_eq!(e.field(), Some(2));
        assert_eq!(
            e.to_string(),
            "FEN field 2 (side to move): white is to move while black's king is in check, which \
             no game reaches"
        );
        // With Black to move it is an ordinary check.
        assert!(Scenario::from_fen("4k3/8/8/8/8/8/8/K3R3 b - - 0 1").is_ok());
    }

    #[test]
    fn an_en_passant_point_needs_an_empty_way_and_its_pawn() {
        let ok = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2";
        assert_eq!(Scenario::from_fen(ok).unwrap().to_fen().unwrap(), ok);
        let e = Scenario::from_fen("4k3/3n4/8/3pP3/8/8/8/4K3 w - d6 0 2").unwrap_err();
        assert!(e.to_string().contains("BN stands on d7"), "{e}");
        let e = Scenario::from_fen("4k3/8/3n4/3pP3/8/8/8/4K3 w - d6 0 2").unwrap_err();
        assert!(e.to_string().contains("holds BN"), "{e}");
    }

    #[test]
    fn a_game_past_the_memory_limit_is_an_error_not_a_panic() {
        let e = crate::memory::with_limit(1024, || Scenario::from_fen(START)).unwrap_err();
        assert!(matches!(e, FenError::Game(_)), "{e}");
        assert_eq!(e.field(), None);
    }

    #[test]
    fn a_scenario_not_on_8x8_or_with_own_types_has_no_fen() {
        let s = Scenario::parse("t", "board 5x5\nwhite king at a1\n").unwrap();
        assert!(matches!(s.to_fen(), Err(ToFenError::Board(_))));
        let s = Scenario::parse(
            "t",
            "board 8x8\ntype T { move leap (1,0) }\nwhite T at a1\n",
        )
        .unwrap();
        assert!(matches!(s.to_fen(), Err(ToFenError::Type { .. })));
    }
}
