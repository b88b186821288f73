//! States of a game and the moves between them: legal moves, `TRANSITION` (a capture removes
//! the piece) made and unmade in place, and how a game ends (docs/play-and-search.md §1).

use crate::board::Point;
use crate::piece::Side;
use crate::play::game::Game;
use crate::play::rules::{Deadlock, GoalRule, Stalemate};
use crate::scenario::{GoalOwner, Piece, Scenario};

const EMPTY: u8 = u8::MAX;

/// A move: a piece from one point to another, capturing what stands there; or a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A piece moves.
    Step {
        /// The piece that moves (an index into the scenario's pieces).
        piece: u8,
        /// Where it stands.
        from: Point,
        /// Where it goes.
        to: Point,
        /// The piece it captures there, if one stands there.
        capture: Option<u8>,
    },
    /// The side to move passes (a side without a move, under `stalemate pass`).
    Pass,
}

impl Move {
    /// `h8-g7`, `c6:b7` for a capture (the source's notation), `pass`.
    pub fn show(&self, game: &Game) -> String {
        match *self {
            Move::Step {
                from, to, capture, ..
            } => {
                let b = &game.scenario.board;
                let sep = if capture.is_some() { ':' } else { '-' };
                format!("{}{sep}{}", b.name(from), b.name(to))
            }
            Move::Pass => "pass".to_string(),
        }
    }

    /// Whether the move takes a piece.
    pub fn is_capture(&self) -> bool {
        matches!(
            self,
            Move::Step {
                capture: Some(_),
                ..
            }
        )
    }
}

/// How a game ended, with the value from White's side: 1 White wins, 0 draw, −1 Black wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The value from White's side: 1, 0 or -1.
    pub value: i8,
    /// Why the game ended.
    pub reason: Reason,
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// A piece reached one of its goals (goals immediate), or its goal survived the reply.
    Goal {
        /// The piece that reached its goal (an index into the scenario's pieces).
        piece: u8,
    },
    /// Both sides reached goals on consecutive moves and both survived.
    GoalsTraded,
    /// No piece that has a goal is left on either side.
    NoGoalPieces,
    /// A side without a move whose royal piece is attacked.
    Checkmate,
    /// A side without a move (stalemate draw or lose).
    Stalemate,
    /// Neither side can move.
    Deadlock,
    /// The move limit.
    Limit,
}

impl Outcome {
    /// The outcome in words: who won, and why (`White wins (WK reached its goal)`).
    pub fn describe(&self, game: &Game) -> String {
        let winner = match self.value {
            1 => "White wins",
            -1 => "Black wins",
            _ => "draw",
        };
        let why = match self.reason {
            Reason::Goal { piece } => {
                let p = &game.scenario.pieces[piece as usize];
                match game.rules.goals {
                    GoalRule::Immediate => format!("{} reached its goal", p.name),
                    GoalRule::Survive => format!("{} reached its goal and survived", p.name),
                }
            }
            Reason::GoalsTraded => "both sides reached goals on consecutive moves".to_string(),
            Reason::NoGoalPieces => "no piece with a goal is left".to_string(),
            Reason::Checkmate => "checkmate".to_string(),
            Reason::Stalemate => "stalemate".to_string(),
            Reason::Deadlock => "neither side can move".to_string(),
            Reason::Limit => format!("the limit of {} moves", game.rules.limit),
        };
        format!("{winner} ({why})")
    }
}

/// A goal reached and waiting for the reply (goals survive).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pending {
    /// `piece` reached its goal on the last move.
    Goal {
        /// The piece on its goal.
        piece: u8,
    },
    /// The last move answered a goal with a goal of `piece`; the goal of `first` survived it.
    Answered {
        /// The piece whose goal came first.
        first: u8,
        /// The piece whose goal answered it.
        piece: u8,
    },
}

/// A position: where each piece stands (or that it was captured), the side to move, the moves
/// played, a goal waiting for its reply, and the outcome once the game is over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    /// Per piece, where it stands (`None`: captured).
    pub at: Vec<Option<Point>>,
    /// Per point, the index of the piece on it.
    occupant: Vec<u8>,
    /// The side to move.
    pub to_move: Side,
    /// The moves played (plies, passes included).
    pub ply: u32,
    /// The last move was a pass.
    pub passed: bool,
    /// A goal reached that waits for the opponent's reply (goals survive).
    pub pending: Option<Pending>,
    /// How the game ended, once it has.
    pub outcome: Option<Outcome>,
    /// Pieces with a goal still on the board, per side (White, Black).
    goal_pieces: [u16; 2],
    hash: u64,
}

/// What [`State::make`] changed, for [`State::unmake`].
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    mv: Move,
    passed: bool,
    pending: Option<Pending>,
    outcome: Option<Outcome>,
    hash: u64,
}

fn side_index(s: Side) -> usize {
    match s {
        Side::White => 0,
        Side::Black => 1,
    }
}

fn sign(s: Side) -> i8 {
    match s {
        Side::White => 1,
        Side::Black => -1,
    }
}

impl State {
    /// The scenario's position, the rules' first side to move.
    pub fn initial(game: &Game) -> State {
        let s = &game.scenario;
        let mut occupant = vec![EMPTY; s.board.len()];
        let mut goal_pieces = [0u16; 2];
        for (i, p) in s.pieces.iter().enumerate() {
            occupant[p.at.index()] = i as u8;
            if game.owns_goal[i] {
                goal_pieces[side_index(p.side)] += 1;
            }
        }
        let mut state = State {
            at: s.pieces.iter().map(|p| Some(p.at)).collect(),
            occupant,
            to_move: game.rules.first,
            ply: 0,
            passed: false,
            pending: None,
            outcome: None,
            goal_pieces,
            hash: 0,
        };
        state.hash = state.compute_hash(game);
        state
    }

    /// The Zobrist key (with the moves played, where the move limit can matter).
    pub fn hash(&self, game: &Game) -> u64 {
        if game.limit_matters {
            self.hash ^ (u64::from(self.ply).wrapping_mul(0x9e37_79b9_7f4a_7c15))
        } else {
            self.hash
        }
    }

    /// The key of the state `mv` leads to ([`State::hash`] after [`State::make`]) without
    /// making it, when that is simple: under `goals immediate` no goal is ever pending, so the
    /// key changes by the pieces moved, the side and the pass flag alone. `None` otherwise.
    pub fn child_key(&self, game: &Game, mv: Move) -> Option<u64> {
        if game.rules.goals != GoalRule::Immediate || self.pending.is_some() {
            return None;
        }
        let mut h = self.hash ^ game.black_key;
        if self.passed {
            h ^= game.pass_key;
        }
        match mv {
            Move::Step {
                piece,
                from,
                to,
                capture,
            } => {
                if let Some(q) = capture {
                    h ^= game.key(q as usize, to);
                }
                h ^= game.key(piece as usize, from) ^ game.key(piece as usize, to);
            }
            Move::Pass => h ^= game.pass_key,
        }
        Some(if game.limit_matters {
            h ^ (u64::from(self.ply + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15))
        } else {
            h
        })
    }

    fn compute_hash(&self, game: &Game) -> u64 {
        let mut h = 0;
        for (i, at) in self.at.iter().enumerate() {
            if let Some(at) = at {
                h ^= game.key(i, *at);
            }
        }
        if self.to_move == Side::Black {
            h ^= game.black_key;
        }
        if self.passed {
            h ^= game.pass_key;
        }
        h ^ self.pending_key(game)
    }

    fn pending_key(&self, game: &Game) -> u64 {
        match self.pending {
            None => 0,
            Some(Pending::Goal { piece }) => {
                game.pending_keys[0].rotate_left(self.at[piece as usize].map_or(0, |p| p.0))
            }
            Some(Pending::Answered { piece, .. }) => {
                game.pending_keys[1].rotate_left(self.at[piece as usize].map_or(0, |p| p.0))
            }
        }
    }

    /// The piece on `p`, if one is.
    pub fn piece_at(&self, p: Point) -> Option<usize> {
        match self.occupant[p.index()] {
            EMPTY => None,
            i => Some(i as usize),
        }
    }

    /// Whether an opposing piece of `by` attacks point `p`.
    pub fn attacked(&self, game: &Game, p: Point, by: Side) -> bool {
        for (i, at) in self.at.iter().enumerate() {
            let Some(at) = *at else { continue };
            if game.side[i] != by {
                continue;
            }
            let rays = &game.rays[game.attacks[i].unwrap_or(game.moves[i])];
            for ray in rays.from(at) {
                for &q in ray {
                    if q == p {
                        return true;
                    }
                    if self.occupant[q.index()] != EMPTY {
                        break;
                    }
                }
            }
        }
        false
    }

    /// The legal moves of the side to move, in a fixed order (pieces in declaration order, then
    /// rays). Empty when the game is over or the side has no move (see [`State::no_move`]).
    pub fn moves(&self, game: &Game, out: &mut Vec<Move>) {
        out.clear();
        if self.outcome.is_some() {
            return;
        }
        let side = self.to_move;
        for &i in &game.by_side[side_index(side)] {
            let i = usize::from(i);
            let Some(from) = self.at[i] else { continue };
            let first = out.len();
            let attacks_as_moves = game.attacks[i].is_none();
            for ray in game.rays[game.moves[i]].from(from) {
                for &to in ray {
                    match self.occupant[to.index()] {
                        EMPTY => out.push(step(i, from, to, None)),
                        q => {
                            if attacks_as_moves && game.side[q as usize] != side {
                                out.push(step(i, from, to, Some(q)));
                            }
                            break;
                        }
                    }
                }
            }
            if let Some(a) = game.attacks[i] {
                for ray in game.rays[a].from(from) {
                    for &to in ray {
                        let q = self.occupant[to.index()];
                        if q != EMPTY {
                            if game.side[q as usize] != side {
                                out.push(step(i, from, to, Some(q)));
                            }
                            break;
                        }
                    }
                }
            }
            if game.safe[i] {
                let mut k = first;
                while k < out.len() {
                    if self.lands_attacked(game, out[k]) {
                        out.remove(k);
                    } else {
                        k += 1;
                    }
                }
            }
        }
        if game.any_royal {
            let mut scratch = self.clone();
            out.retain(|&mv| {
                let undo = scratch.make_raw(game, mv);
                let ok = !scratch.royal_attacked(game, side);
                scratch.unmake_raw(game, undo);
                ok
            });
        }
    }

    /// Whether the moving piece would stand on a point the opponent attacks after `mv`.
    fn lands_attacked(&self, game: &Game, mv: Move) -> bool {
        let Move::Step { to, .. } = mv else {
            return false;
        };
        let mut after = self.clone();
        let undo = after.make_raw(game, mv);
        let hit = after.attacked(game, to, self.to_move.opposite());
        after.unmake_raw(game, undo);
        hit
    }

    fn royal_attacked(&self, game: &Game, side: Side) -> bool {
        self.at.iter().enumerate().any(|(i, at)| {
            at.is_some_and(|p| {
                game.royal[i] && game.side[i] == side && self.attacked(game, p, side.opposite())
            })
        })
    }

    /// Whether the rules leave `side` any way to win from here: a piece of its own that owns a
    /// goal, a royal piece of the other side to checkmate, a stalemate that loses, or a
    /// deadlock decided by counting pieces. `false` is a proof that the game's value for `side`
    /// is at most a draw, whatever is played (the LG search cuts on it).
    pub fn can_win(&self, game: &Game, side: Side) -> bool {
        let other = side.opposite();
        self.goal_pieces[side_index(side)] > 0
            || self
                .at
                .iter()
                .enumerate()
                .any(|(i, at)| at.is_some() && game.royal[i] && game.side[i] == other)
            || game.rules.stalemate == Stalemate::Lose
            || (game.rules.stalemate == Stalemate::Pass && game.rules.deadlock == Deadlock::Count)
    }

    /// When the side to move has no legal move: the outcome, or `None` when it must pass.
    pub fn no_move(&self, game: &Game) -> Option<Outcome> {
        let mover = self.to_move;
        let other = sign(mover.opposite());
        if self.royal_attacked(game, mover) {
            return Some(Outcome {
                value: other,
                reason: Reason::Checkmate,
            });
        }
        match game.rules.stalemate {
            Stalemate::Draw => Some(Outcome {
                value: 0,
                reason: Reason::Stalemate,
            }),
            Stalemate::Lose => Some(Outcome {
                value: other,
                reason: Reason::Stalemate,
            }),
            Stalemate::Pass if self.passed => {
                let value = match game.rules.deadlock {
                    Deadlock::Draw => 0,
                    Deadlock::Count => {
                        let count = |s: Side| {
                            self.at
                                .iter()
                                .enumerate()
                                .filter(|(i, at)| at.is_some() && game.side[*i] == s)
                                .count()
                        };
                        (count(Side::White).cmp(&count(Side::Black))) as i8
                    }
                };
                Some(Outcome {
                    value,
                    reason: Reason::Deadlock,
                })
            }
            Stalemate::Pass => None,
        }
    }

    /// The moves to search from this state: the legal moves, or a pass when the rules make a
    /// side without a move pass. When neither applies the game is over: the outcome is set.
    pub fn successors(&mut self, game: &Game, out: &mut Vec<Move>) {
        self.moves(game, out);
        if out.is_empty() && self.outcome.is_none() {
            match self.no_move(game) {
                Some(outcome) => self.outcome = Some(outcome),
                None => out.push(Move::Pass),
            }
        }
    }

    /// Plays `mv` (a legal move or pass), deciding the outcome it leads to.
    pub fn make(&mut self, game: &Game, mv: Move) -> Undo {
        let mover = self.to_move;
        let undo = self.make_raw(game, mv);
        let reached = match mv {
            Move::Step { piece, to, .. } => game.goals[piece as usize][to.index()].then_some(piece),
            Move::Pass => None,
        };
        let captured = match mv {
            Move::Step { capture, .. } => capture,
            Move::Pass => None,
        };
        let mut outcome = None;
        let mut pending = None;
        match undo.pending {
            Some(Pending::Goal { piece: q }) if captured != Some(q) => match reached {
                Some(piece) => pending = Some(Pending::Answered { first: q, piece }),
                None => {
                    outcome = Some(Outcome {
                        value: -sign(mover),
                        reason: Reason::Goal { piece: q },
                    })
                }
            },
            Some(Pending::Answered { first, piece }) => {
                outcome = Some(if captured == Some(piece) {
                    Outcome {
                        value: sign(mover),
                        reason: Reason::Goal { piece: first },
                    }
                } else {
                    Outcome {
                        value: 0,
                        reason: Reason::GoalsTraded,
                    }
                });
            }
            // No goal waiting, or its piece was just captured: the goal counts for nothing.
            _ => {
                if let Some(piece) = reached {
                    match game.rules.goals {
                        GoalRule::Immediate => {
                            outcome = Some(Outcome {
                                value: sign(mover),
                                reason: Reason::Goal { piece },
                            })
                        }
                        GoalRule::Survive => pending = Some(Pending::Goal { piece }),
                    }
                }
            }
        }
        if outcome.is_none() && pending.is_none() {
            if self.goal_pieces == [0, 0] && game.any_goals {
                outcome = Some(Outcome {
                    value: 0,
                    reason: Reason::NoGoalPieces,
                });
            } else if self.ply >= game.rules.limit {
                outcome = Some(Outcome {
                    value: 0,
                    reason: Reason::Limit,
                });
            }
        }
        self.hash ^= self.pending_key(game);
        self.pending = pending;
        self.hash ^= self.pending_key(game);
        self.outcome = outcome;
        undo
    }

    /// Takes back the move `undo` was made by ([`State::make`]), restoring the state before it.
    pub fn unmake(&mut self, game: &Game, undo: Undo) {
        self.unmake_raw(game, undo);
    }

    /// The transition alone: pieces, side to move, moves played, pass flag and key.
    fn make_raw(&mut self, game: &Game, mv: Move) -> Undo {
        let undo = Undo {
            mv,
            passed: self.passed,
            pending: self.pending,
            outcome: self.outcome,
            hash: self.hash,
        };
        if self.passed {
            self.hash ^= game.pass_key;
        }
        match mv {
            Move::Step {
                piece,
                from,
                to,
                capture,
            } => {
                if let Some(q) = capture {
                    self.at[q as usize] = None;
                    self.hash ^= game.key(q as usize, to);
                    if game.owns_goal[q as usize] {
                        let s = side_index(game.side[q as usize]);
                        self.goal_pieces[s] -= 1;
                    }
                }
                self.occupant[from.index()] = EMPTY;
                self.occupant[to.index()] = piece;
                self.at[piece as usize] = Some(to);
                self.hash ^= game.key(piece as usize, from) ^ game.key(piece as usize, to);
                self.passed = false;
            }
            Move::Pass => {
                self.passed = true;
                self.hash ^= game.pass_key;
            }
        }
        self.to_move = self.to_move.opposite();
        self.hash ^= game.black_key;
        self.ply += 1;
        undo
    }

    fn unmake_raw(&mut self, game: &Game, undo: Undo) {
        if let Move::Step {
            piece,
            from,
            to,
            capture,
        } = undo.mv
        {
            self.occupant[from.index()] = piece;
            self.at[piece as usize] = Some(from);
            self.occupant[to.index()] = EMPTY;
            if let Some(q) = capture {
                self.occupant[to.index()] = q;
                self.at[q as usize] = Some(to);
                if game.owns_goal[q as usize] {
                    let s = side_index(game.side[q as usize]);
                    self.goal_pieces[s] += 1;
                }
            }
        }
        self.to_move = self.to_move.opposite();
        self.ply -= 1;
        self.passed = undo.passed;
        self.pending = undo.pending;
        self.outcome = undo.outcome;
        self.hash = undo.hash;
    }

    /// The material balance from White's side (the scenario's type values).
    pub fn material(&self, game: &Game) -> f64 {
        self.at
            .iter()
            .enumerate()
            .filter(|(_, at)| at.is_some())
            .map(|(i, _)| f64::from(sign(game.side[i])) * game.value[i])
            // From +0.0: the sum of no values starts at -0.0, which prints `-0.00`.
            .fold(0.0, |sum, v| sum + v)
    }

    /// The position as a scenario (captured pieces left out), with the map from this game's
    /// piece indices to the scenario's: what the zone generator and the grammars read.
    pub fn scenario(&self, game: &Game) -> (Scenario, Vec<Option<usize>>) {
        let mut s = game.scenario.clone();
        let mut map = Vec::with_capacity(self.at.len());
        s.pieces = Vec::new();
        for (i, at) in self.at.iter().enumerate() {
            match at {
                Some(at) => {
                    map.push(Some(s.pieces.len()));
                    let p = &game.scenario.pieces[i];
                    s.pieces.push(Piece {
                        at: *at,
                        ..p.clone()
                    });
                }
                None => map.push(None),
            }
        }
        // A goal of one piece follows the piece to its new index, and goes with it when the
        // piece was captured.
        s.goals.retain_mut(|g| match g.owner {
            GoalOwner::Piece(i) => match map.get(i).copied().flatten() {
                Some(j) => {
                    g.owner = GoalOwner::Piece(j);
                    true
                }
                None => false,
            },
            _ => true,
        });
        (s, map)
    }

    /// Parses `h8-g7`, `c6:b7`, `WK h8-g7` or `pass` as a legal move of this state.
    pub fn parse_move(&self, game: &Game, text: &str) -> Result<Move, MoveError> {
        let mut legal = Vec::new();
        let mut probe = self.clone();
        probe.successors(game, &mut legal);
        let text = text.trim();
        if let Some(outcome) = self.outcome.or(probe.outcome) {
            return Err(MoveError::GameOver(outcome.describe(game)));
        }
        if text == "pass" {
            return if legal == [Move::Pass] {
                Ok(Move::Pass)
            } else {
                Err(MoveError::MayNotPass(self.to_move))
            };
        }
        let (name, squares) = match text.rsplit_once(' ') {
            Some((name, squares)) => (Some(name.trim()), squares),
            None => (None, text),
        };
        let Some((from, to)) = squares.split_once(['-', ':']) else {
            return Err(MoveError::NotAMove(text.to_string()));
        };
        let board = &game.scenario.board;
        let point = |t: &str| {
            board.parse_point(t).map_err(|e| MoveError::Point {
                text: text.to_string(),
                message: e.to_string(),
            })
        };
        let (from, to) = (point(from)?, point(to)?);
        let Some(piece) = self.piece_at(from) else {
            return Err(MoveError::NoPiece {
                at: board.name(from).to_string(),
                text: text.to_string(),
            });
        };
        let p = &game.scenario.pieces[piece];
        if let Some(name) = name
            && name != p.name
        {
            return Err(MoveError::OtherPiece {
                piece: p.name.clone(),
                at: board.name(from).to_string(),
                named: name.to_string(),
            });
        }
        if p.side != self.to_move {
            return Err(MoveError::NotToMove {
                piece: p.name.clone(),
                side: p.side,
                to_move: self.to_move,
            });
        }
        legal
            .into_iter()
            .find(|m| matches!(*m, Move::Step { from: f, to: t, .. } if f == from && t == to))
            .ok_or_else(|| MoveError::Illegal {
                piece: p.name.clone(),
                from: board.name(from).to_string(),
                to: board.name(to).to_string(),
            })
    }
}

/// Why a move's text is not a legal move of the state it is read in.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The game is over (how it ended).
    #[error("the game is over: {0}")]
    GameOver(String),
    /// A pass where the side has moves.
    #[error("{0} has moves and may not pass")]
    MayNotPass(Side),
    /// A text that is no move.
    #[error("`{0}` is not a move: write it `h8-g7`, `c6:b7` for a capture, or `PIECE h8-g7`")]
    NotAMove(String),
    /// A point of the move that is not on the board.
    #[error("in `{text}`: {message}")]
    Point {
        /// The move's text.
        text: String,
        /// What is wrong with the point.
        message: String,
    },
    /// No piece on the move's first point.
    #[error("no piece stands on {at} for `{text}`")]
    NoPiece {
        /// The point.
        at: String,
        /// The move's text.
        text: String,
    },
    /// The move names another piece than the one that stands there.
    #[error("{piece} stands on {at}, not {named}")]
    OtherPiece {
        /// The piece that stands there.
        piece: String,
        /// The point.
        at: String,
        /// The name the move gave.
        named: String,
    },
    /// The piece is not of the side to move.
    #[error("{piece} is {side}'s piece, and {to_move} is to move")]
    NotToMove {
        /// The piece.
        piece: String,
        /// Its side.
        side: Side,
        /// The side to move.
        to_move: Side,
    },
    /// A step the piece cannot make here.
    #[error("{piece} cannot move {from}-{to} here")]
    Illegal {
        /// The piece.
        piece: String,
        /// Its point.
        from: String,
        /// The point it would step to.
        to: String,
    },
}

fn step(piece: usize, from: Point, to: Point, capture: Option<u8>) -> Move {
    Move::Step {
        piece: piece as u8,
        from,
        to,
        capture,
    }
}
