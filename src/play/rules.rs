//! The rules of play of a scenario's `game` block (docs/play-and-search.md §1): who moves first,
//! how goals are scored, what a side without a move does, and the move limit that makes every
//! game finite.

use crate::piece::Side;

/// How reaching a goal point is scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GoalRule {
    /// The side whose piece reaches one of its goals wins at once (Pawned).
    Immediate,
    /// A goal counts once its piece survives the opponent's next move: captured at once, it
    /// counts for nothing; answered at once by a goal of the opponent that survives in turn, the
    /// game is drawn (the 2D/4A robot problem, the Réti endgame).
    Survive,
}

/// What happens to a side that has no move and whose royal pieces are not attacked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stalemate {
    /// It passes (Pawned); when neither side can move, [`Deadlock`] decides.
    Pass,
    /// The game is drawn (chess).
    Draw,
    /// It loses.
    Lose,
}

/// The end of a game in which neither side can move (with [`Stalemate::Pass`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Deadlock {
    /// The side with more pieces wins; equal counts draw (Pawned).
    Count,
    /// The game is drawn.
    Draw,
}

/// The rules of play of a game (`game { ... }`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    /// The side that moves first.
    pub first: Side,
    /// How reaching a goal point is scored.
    pub goals: GoalRule,
    /// What a side without a move does.
    pub stalemate: Stalemate,
    /// How a game ends where neither side can move.
    pub deadlock: Deadlock,
    /// The game is drawn once this many moves (plies, passes included) have been played.
    pub limit: u32,
    /// Piece types (indices into `Scenario::types`) that never move onto a point an opposing
    /// piece attacks.
    pub safe: Vec<usize>,
    /// Piece types that may never be left attacked: a move that leaves one attacked is not
    /// legal, and a side without a move whose royal piece is attacked loses (checkmate).
    pub royal: Vec<usize>,
    /// The rules of chess as it is played (`rules chess`, or a FEN): double steps, en passant,
    /// promotion, castling, the fifty-move rule, repetition and insufficient material, with the
    /// position's extras (castling rights, en passant square, clocks). `None` for every other
    /// game, which then plays exactly as its other rules say.
    pub chess: Option<ChessRules>,
    /// The type a move may place (`place TYPE`, docs/semantics.md §7.5): a side puts a new
    /// piece of it on an empty point, flipping the opposing pieces of the type it brackets
    /// along the type's move slides. `None`: no placement.
    pub place: Option<usize>,
    /// `capture compulsory`: a side that can jump must (docs/semantics.md §7.4).
    pub compulsory_capture: bool,
}

/// Castling rights as four flags (FEN's `KQkq`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Castling(pub u8);

impl Castling {
    /// White castles on the king's side (`K`).
    pub const WHITE_KING: u8 = 1;
    /// White castles on the queen's side (`Q`).
    pub const WHITE_QUEEN: u8 = 2;
    /// Black castles on the king's side (`k`).
    pub const BLACK_KING: u8 = 4;
    /// Black castles on the queen's side (`q`).
    pub const BLACK_QUEEN: u8 = 8;
    /// All four rights.
    pub const ALL: Castling = Castling(15);

    /// Whether the right `flag` (one of the constants) is held.
    pub fn has(self, flag: u8) -> bool {
        self.0 & flag != 0
    }

    /// The rights in FEN's letters (`KQkq`, `-` for none).
    pub fn fen(self) -> String {
        let s: String = [
            (Castling::WHITE_KING, 'K'),
            (Castling::WHITE_QUEEN, 'Q'),
            (Castling::BLACK_KING, 'k'),
            (Castling::BLACK_QUEEN, 'q'),
        ]
        .iter()
        .filter(|&&(f, _)| self.has(f))
        .map(|&(_, c)| c)
        .collect();
        if s.is_empty() { "-".to_string() } else { s }
    }
}

/// The chess rules' part of a position that the pieces do not show: what FEN's fields 3 to 6
/// hold (the side to move is [`Rules::first`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChessRules {
    /// The castling rights.
    pub castling: Castling,
    /// The point a pawn just passed over with a double step, where it may be taken en passant.
    pub en_passant: Option<crate::board::Point>,
    /// Plies since the last capture or pawn move (the fifty-move rule draws at 100).
    pub halfmove: u32,
    /// The number of the full move, from 1 (FEN's last field).
    pub fullmove: u32,
}

impl Default for ChessRules {
    fn default() -> ChessRules {
        ChessRules {
            castling: Castling::default(),
            en_passant: None,
            halfmove: 0,
            fullmove: 1,
        }
    }
}

impl Rules {
    /// The default move limit, in plies.
    pub const DEFAULT_LIMIT: u32 = 200;
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            first: Side::White,
            goals: GoalRule::Immediate,
            stalemate: Stalemate::Pass,
            deadlock: Deadlock::Draw,
            limit: Rules::DEFAULT_LIMIT,
            safe: Vec::new(),
            royal: Vec::new(),
            chess: None,
            place: None,
            compulsory_capture: false,
        }
    }
}
