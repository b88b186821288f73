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
        }
    }
}
