//! States of a game and the moves between them: legal moves, `TRANSITION` (a capture removes
//! the piece) made and unmade in place, and how a game ends (docs/play-and-search.md §1).

use crate::board::Point;
use crate::piece::Side;
use crate::play::chess::{self, ChessGame, PROMOTIONS};
use crate::play::game::Game;
use crate::play::rules::{Castling, Deadlock, GoalRule, Stalemate};
use crate::play::symmetry::MAX_SYMMETRIES;
use crate::scenario::{GoalOwner, Piece, Scenario};

mod jumps;

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
        /// The piece it captures there, if one stands there (or, en passant, the pawn it
        /// passes).
        capture: Option<u8>,
        /// The type (an index into the scenario's types) a pawn becomes on its last rank
        /// (`rules chess`).
        promote: Option<u8>,
        /// What else the move does, under the rules of chess.
        special: Special,
    },
    /// The side to move passes (a side without a move, under `stalemate pass`).
    Pass,
}

/// What a step does beyond moving its piece (and taking what stands where it goes): the special
/// moves of chess (`rules chess`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Special {
    /// Nothing more.
    #[default]
    None,
    /// A pawn's double step from its start rank: `over` is the point it passes, where an
    /// opposing pawn may take it en passant on the next move.
    DoubleStep {
        /// The point passed over.
        over: Point,
    },
    /// A pawn takes en passant: the pawn it takes stands on `captured_at`, not where it goes.
    EnPassant {
        /// Where the captured pawn stands.
        captured_at: Point,
    },
    /// The king castles: the rook moves too.
    Castle {
        /// The rook (an index into the scenario's pieces).
        rook: u8,
        /// Where it stands.
        rook_from: Point,
        /// Where it goes.
        rook_to: Point,
    },
    /// A placement (`place TYPE`, [`crate::play::placement`]): the piece comes from the reserve
    /// in hand onto `to` (the step's `from` is `to`), and per line of the placed type from
    /// there, in the order of its rays, `flips` counts the opposing pieces that change side.
    Place {
        /// The pieces flipped along each line.
        flips: [u8; crate::play::placement::MAX_LINES],
    },
    /// A chain of jumps (docs/semantics.md §7.4): the step's `capture` is the first piece
    /// taken, the path says the rest.
    Jump(crate::play::jump::JumpPath),
}

impl Move {
    /// `h8-g7`, `c6:b7` for a capture (the source's notation), `pass`.
    pub fn show(&self, game: &Game) -> String {
        match *self {
            Move::Step {
                to,
                special: Special::Place { .. },
                ..
            } => game.scenario.board.name(to).to_string(),
            Move::Step {
                from,
                to,
                capture,
                promote,
                ..
            } => {
                let b = &game.scenario.board;
                let sep = if capture.is_some() { ':' } else { '-' };
                let mut text = match (self, &game.jumps) {
                    (
                        Move::Step {
                            special: Special::Jump(path),
                            ..
                        },
                        Some(jumps),
                    ) => jumps::path_text(game, jumps, from, *path),
                    _ => format!("{}{sep}{}", b.name(from), b.name(to)),
                };
                if let Some(t) = promote {
                    text.push('=');
                    text.push(promotion_letter(game, t));
                }
                text
            }
            Move::Pass => "pass".to_string(),
        }
    }

    /// The move in UCI's long algebraic notation (`e2e4`, `e7e8q`; a castling is the king's
    /// move, `e1g1`), on boards whose points have algebraic names; `0000` for a pass.
    pub fn uci(&self, game: &Game) -> String {
        match *self {
            Move::Step {
                to,
                special: Special::Place { .. },
                ..
            } => game.scenario.board.name(to).to_string(),
            Move::Step {
                from, to, promote, ..
            } => {
                let b = &game.scenario.board;
                let mut text = match (self, &game.jumps) {
                    // A chain of jumps with every point it lands on: two chains with the same
                    // ends are two moves.
                    (
                        Move::Step {
                            special: Special::Jump(path),
                            ..
                        },
                        Some(jumps),
                    ) => jumps::path_text(game, jumps, from, *path).replace(':', ""),
                    _ => format!("{}{}", b.name(from), b.name(to)),
                };
                if let Some(t) = promote {
                    text.push(promotion_letter(game, t).to_ascii_lowercase());
                }
                text
            }
            Move::Pass => "0000".to_string(),
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
    /// A hundred plies without a capture or a pawn move (`rules chess`).
    FiftyMoves,
    /// The same position for the third time, the same side to move (`rules chess`).
    Repetition,
    /// Neither side has the pieces to checkmate (`rules chess`).
    InsufficientMaterial,
}

impl Reason {
    /// Whether the ending depends on the moves that led to the position, not on the position
    /// alone (its pieces, side to move, castling rights and en passant point, what the Zobrist
    /// key holds): a repetition, or the fifty-move clock. A search table keyed on the position
    /// must not keep such a score as the position's own.
    pub fn depends_on_the_path(self) -> bool {
        matches!(self, Reason::Repetition | Reason::FiftyMoves)
    }
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
            Reason::FiftyMoves => "fifty moves without a capture or a pawn move".to_string(),
            Reason::Repetition => "the same position a third time".to_string(),
            Reason::InsufficientMaterial => "neither side can checkmate".to_string(),
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
    pub(super) hash: u64,
    /// Where the game's board has symmetries the rules keep ([`crate::play::symmetry`]): the
    /// pieces' part of the key, then the same under each symmetry (unused beyond the game's
    /// count), which [`State::table_key`] compares.
    symmetric: [u64; MAX_SYMMETRIES + 1],
    /// Per piece, its class (its type and side, [`Game`]'s classes): a promoted pawn changes
    /// it.
    class: Vec<u8>,
    /// Under the rules of chess: the castling rights, the en passant point, the plies since
    /// the last capture or pawn move, and the keys of the positions before each move played
    /// (for repetitions). Left empty in every other game.
    castling: Castling,
    en_passant: Option<Point>,
    halfmove: u32,
    history: Vec<u64>,
    /// The pieces jumps took, in the order taken (unmaking a jump gives them back).
    taken: Vec<u8>,
}

/// A child's key and its pieces' keys under the symmetries, built by [`State::child_key`].
struct ChildKey {
    hash: u64,
    symmetric: [u64; MAX_SYMMETRIES + 1],
}

impl ChildKey {
    /// As [`State::toggle`].
    #[inline]
    fn toggle(&mut self, game: &Game, class: usize, at: Point) {
        toggle_keys(game, &mut self.hash, &mut self.symmetric, class, at);
    }
}

/// A piece of `class` on `at` added to a key or taken out of it, and to the pieces' keys
/// under the game's symmetries where it has some.
#[inline]
fn toggle_keys(
    game: &Game,
    hash: &mut u64,
    symmetric: &mut [u64; MAX_SYMMETRIES + 1],
    class: usize,
    at: Point,
) {
    let i = class * game.scenario.board.len() + at.index();
    *hash ^= game.piece_keys[i];
    if !game.symmetry_keys.is_empty() {
        symmetric[0] ^= game.piece_keys[i];
        for (k, keys) in game.symmetry_keys.iter().enumerate() {
            symmetric[k + 1] ^= keys[i];
        }
    }
}

/// What [`State::make`] changed, for [`State::unmake`].
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    mv: Move,
    passed: bool,
    pending: Option<Pending>,
    outcome: Option<Outcome>,
    hash: u64,
    symmetric: [u64; MAX_SYMMETRIES + 1],
    /// The moving piece's class before the move (a promotion changes it).
    class: u8,
    castling: Castling,
    en_passant: Option<Point>,
    halfmove: u32,
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
                goal_pieces[p.side.index()] += 1;
            }
        }
        let chess = game.rules.chess.unwrap_or_default();
        // A placement game's reserve in hand follows the scenario's pieces, off the board.
        let in_hand = game.class.len() - s.pieces.len();
        let mut state = State {
            at: s
                .pieces
                .iter()
                .map(|p| Some(p.at))
                .chain(std::iter::repeat_n(None, in_hand))
                .collect(),
            occupant,
            to_move: game.rules.first,
            ply: 0,
            passed: false,
            pending: None,
            outcome: None,
            goal_pieces,
            hash: 0,
            symmetric: [0; MAX_SYMMETRIES + 1],
            class: game.class.iter().map(|&c| c as u8).collect(),
            castling: chess.castling,
            en_passant: chess.en_passant,
            halfmove: chess.halfmove,
            history: Vec::new(),
            taken: Vec::new(),
        };
        state.hash = state.compute_hash(game);
        state.symmetric = state.compute_symmetric(game);
        state
    }

    /// The type of piece `piece` now (an index into the scenario's types): its type in the
    /// scenario, or what it was promoted to.
    pub fn kind(&self, game: &Game, piece: usize) -> usize {
        game.classes[usize::from(self.class[piece])].type_index
    }

    /// The class of piece `piece` now (an index of the game's classes).
    pub(crate) fn class(&self, piece: usize) -> usize {
        usize::from(self.class[piece])
    }

    /// The side of the piece `occupant` (an occupant's index) now: its class's, which a flip
    /// changes, not the side the scenario declared (a placed piece's is the reserve's).
    #[inline]
    pub(crate) fn side_of(&self, game: &Game, occupant: u8) -> Side {
        game.classes[self.class(usize::from(occupant))].side
    }

    /// Every piece's class now.
    pub(crate) fn classes(&self) -> &[u8] {
        &self.class
    }

    /// Puts `piece`, of class `class`, on the empty point `at` (a placement; the key is the
    /// caller's to change).
    pub(super) fn put(&mut self, piece: u8, at: Point, class: usize) {
        self.occupant[at.index()] = piece;
        self.at[usize::from(piece)] = Some(at);
        self.class[usize::from(piece)] = class as u8;
    }

    /// Takes `piece` off `at` back into the reserve, of class `class` there (a placement taken
    /// back).
    pub(super) fn lift(&mut self, piece: u8, at: Point, class: usize) {
        self.occupant[at.index()] = EMPTY;
        self.at[usize::from(piece)] = None;
        self.class[usize::from(piece)] = class as u8;
    }

    /// Sets the class of `piece` (a flip; the key is the caller's to change).
    pub(super) fn set_class(&mut self, piece: usize, class: usize) {
        self.class[piece] = class as u8;
    }

    /// The castling rights (none outside the rules of chess).
    pub fn castling(&self) -> Castling {
        self.castling
    }

    /// The point a pawn just passed with a double step, if the last move was one.
    pub fn en_passant(&self) -> Option<Point> {
        self.en_passant
    }

    /// The plies since the last capture or pawn move (counted under the rules of chess).
    pub fn halfmove(&self) -> u32 {
        self.halfmove
    }

    /// The number of the full move (FEN's last field): the rules' first full move, one more
    /// after each move of Black.
    pub fn fullmove(&self, game: &Game) -> u32 {
        let start = game.rules.chess.map_or(1, |c| c.fullmove);
        let black_first = u32::from(game.rules.first == Side::Black);
        start + (self.ply + black_first) / 2
    }

    /// The Zobrist key (with the moves played, where the move limit can matter).
    pub fn hash(&self, game: &Game) -> u64 {
        if game.limit_matters {
            self.hash ^ (u64::from(self.ply).wrapping_mul(0x9e37_79b9_7f4a_7c15))
        } else {
            self.hash
        }
    }

    /// The key of a piece of `class` on `at` added to the state's key, or taken out of it, and to
    /// its keys under the game's symmetries.
    #[inline]
    pub(super) fn toggle(&mut self, game: &Game, class: usize, at: Point) {
        toggle_keys(game, &mut self.hash, &mut self.symmetric, class, at);
    }

    /// The key the solver's table files the state under, with the orientation it was read in:
    /// [`State::hash`] where the game's board has no symmetry its rules keep; otherwise the
    /// least of the pieces' keys under the symmetries (the identity first, orientation 0),
    /// with the rest of the key (side to move, pass, pending goal, moves played), which no
    /// symmetry changes, so that a position and its mirror images share an entry. A best move
    /// stored in one orientation is a move of that orientation's list only.
    pub fn table_key(&self, game: &Game) -> (u64, u8) {
        let n = game.symmetry_keys.len();
        if n == 0 {
            return (self.hash(game), 0);
        }
        let mut best = 0;
        for k in 1..=n {
            if self.symmetric[k] < self.symmetric[best] {
                best = k;
            }
        }
        (
            self.hash(game) ^ self.symmetric[0] ^ self.symmetric[best],
            best as u8,
        )
    }

    /// The pieces' keys under the identity and each of the game's symmetries, computed afresh.
    fn compute_symmetric(&self, game: &Game) -> [u64; MAX_SYMMETRIES + 1] {
        let mut out = [0; MAX_SYMMETRIES + 1];
        if game.symmetry_keys.is_empty() {
            return out;
        }
        let n = game.scenario.board.len();
        for (i, at) in self.at.iter().enumerate() {
            if let Some(at) = at {
                let k = self.class(i) * n + at.index();
                out[0] ^= game.piece_keys[k];
                for (s, keys) in game.symmetry_keys.iter().enumerate() {
                    out[s + 1] ^= keys[k];
                }
            }
        }
        out
    }

    /// [`State::table_key`] computed afresh from the position (tests hold the key kept by make
    /// and unmake to it).
    #[cfg(test)]
    pub(crate) fn recomputed_table_key(&self, game: &Game) -> (u64, u8) {
        let mut fresh = self.clone();
        fresh.hash = self.compute_hash(game);
        fresh.symmetric = self.compute_symmetric(game);
        fresh.table_key(game)
    }

    /// The key of the state `mv` leads to ([`State::table_key`] after [`State::make`] without
    /// its orientation where `symmetric`, else [`State::hash`]) without making it, when that is simple: under `goals immediate` no goal is ever pending, so the
    /// key changes by the pieces moved, the side and the pass flag alone. `None` otherwise.
    pub fn child_key(&self, game: &Game, mv: Move, symmetric: bool) -> Option<u64> {
        if let Move::Step {
            to,
            special: Special::Place { flips },
            ..
        } = mv
        {
            return self.placement_child_key(game, to, flips, symmetric);
        }
        if game.rules.goals != GoalRule::Immediate
            || self.pending.is_some()
            || game.chess.is_some()
            || game.placement.is_some()
        {
            return None;
        }
        if matches!(
            mv,
            Move::Step {
                special: Special::Jump(_),
                ..
            } | Move::Step {
                promote: Some(_),
                ..
            }
        ) {
            return None;
        }
        let mut child = ChildKey {
            hash: self.hash ^ game.black_key,
            symmetric: self.symmetric,
        };
        if self.passed {
            child.hash ^= game.pass_key;
        }
        match mv {
            Move::Step {
                piece,
                from,
                to,
                capture,
                ..
            } => {
                if let Some(q) = capture {
                    child.toggle(game, self.class(q as usize), to);
                }
                let c = self.class(piece as usize);
                child.toggle(game, c, from);
                child.toggle(game, c, to);
            }
            Move::Pass => child.hash ^= game.pass_key,
        }
        Some(self.finish_child_key(game, child, symmetric))
    }

    /// [`State::child_key`] of a placement on `to` flipping `flips`: the placed piece, each
    /// flipped piece's two classes, the side and the pass flag, where no goal can be pending
    /// (no piece owns a goal) and nothing else moves (the placed type's pieces alone).
    fn placement_child_key(
        &self,
        game: &Game,
        to: Point,
        flips: [u8; crate::play::placement::MAX_LINES],
        symmetric: bool,
    ) -> Option<u64> {
        let placement = game.placement.as_ref()?;
        if game.any_goals || self.pending.is_some() || game.chess.is_some() || !placement.alone {
            return None;
        }
        let s = self.to_move.index();
        let (mine, theirs) = (placement.class[s], placement.class[1 - s]);
        let mut child = ChildKey {
            hash: self.hash ^ game.black_key,
            symmetric: self.symmetric,
        };
        if self.passed {
            child.hash ^= game.pass_key;
        }
        child.toggle(game, mine, to);
        for (line, ray) in game.move_rays(mine).from(to).enumerate() {
            for &q in &ray[..usize::from(flips[line])] {
                child.toggle(game, theirs, q);
                child.toggle(game, mine, q);
            }
        }
        Some(self.finish_child_key(game, child, symmetric))
    }

    /// The table key of a child from its pieces' keys: the moves played where the limit
    /// matters, the least image where `symmetric`.
    fn finish_child_key(&self, game: &Game, child: ChildKey, symmetric: bool) -> u64 {
        let h = if game.limit_matters {
            child.hash ^ (u64::from(self.ply + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15))
        } else {
            child.hash
        };
        let n = game.symmetry_keys.len();
        match child.symmetric[..=n].iter().min() {
            Some(&least) if n > 0 && symmetric => h ^ child.symmetric[0] ^ least,
            _ => h,
        }
    }

    /// The key [`State::hash`] gives, computed afresh from the position (tests hold the key
    /// kept by make and unmake to it).
    #[cfg(test)]
    pub(crate) fn recomputed_hash(&self, game: &Game) -> u64 {
        let mut fresh = self.clone();
        fresh.hash = self.compute_hash(game);
        fresh.hash(game)
    }

    fn compute_hash(&self, game: &Game) -> u64 {
        let mut h = 0;
        for (i, at) in self.at.iter().enumerate() {
            if let Some(at) = at {
                h ^= game.key(self.class(i), *at);
            }
        }
        if self.to_move == Side::Black {
            h ^= game.black_key;
        }
        if self.passed {
            h ^= game.pass_key;
        }
        if let Some(chess) = &game.chess {
            h ^= chess.castling_key(self.castling) ^ self.en_passant_key(game, chess);
        }
        h ^ self.pending_key(game)
    }

    /// The key of the en passant point, where a pawn of the side to move could take there (so
    /// that a double step no pawn can answer leaves the position's key as any other move's).
    fn en_passant_key(&self, game: &Game, chess: &ChessGame) -> u64 {
        let Some(over) = self.en_passant else {
            return 0;
        };
        let mover = self.to_move.opposite().index();
        let taker = chess.pawn[1 - mover];
        // The points a pawn of the side to move takes `over` from are those a pawn of the
        // other side attacks from `over`.
        let can_take = game.attack_rays(chess.pawn[mover]).from(over).any(|ray| {
            ray.first().is_some_and(|&q| {
                self.occupant[q.index()] != EMPTY
                    && self.class(self.occupant[q.index()] as usize) == taker
            })
        });
        if can_take {
            chess.en_passant_keys[over.index()]
        } else {
            0
        }
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

    /// How many points of the board no piece stands on.
    pub fn empty_points(&self) -> usize {
        self.occupant.iter().filter(|&&o| o == EMPTY).count()
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
        if let Some(chess) = &game.chess
            && chess.builtin_only
        {
            return self.attacked_from_the_point(game, chess, p, by);
        }
        for &i in &game.by_side[by.index()] {
            let i = usize::from(i);
            let Some(at) = self.at[i] else { continue };
            for ray in game.attack_rays(self.class(i)).from(at) {
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
    /// rays; under the rules of chess a pawn's promotions queen first, and castlings last).
    /// Empty when the game is over or the side has no move (see [`State::no_move`]).
    pub fn moves(&self, game: &Game, out: &mut Vec<Move>) {
        out.clear();
        if self.outcome.is_some() {
            return;
        }
        self.pseudo_moves(game, out);
        if game.any_royal {
            let mut scratch = self.clone();
            scratch.keep_legal(game, out);
        }
    }

    /// The legal moves of the side to move whether or not the game is over (perft counts them
    /// past a repetition), found by making each move on this state and taking it back.
    pub(crate) fn legal_moves_in_place(&mut self, game: &Game, out: &mut Vec<Move>) {
        out.clear();
        self.pseudo_moves(game, out);
        if game.any_royal {
            self.keep_legal(game, out);
        }
    }

    /// The moves that leave no royal piece of the side to move attacked.
    fn keep_legal(&mut self, game: &Game, out: &mut Vec<Move>) {
        if let Some(chess) = game.chess.as_ref().filter(|c| c.builtin_only)
            && self.keep_legal_by_pins(game, chess, out)
        {
            return;
        }
        let side = self.to_move;
        out.retain(|&mv| {
            let undo = self.make_raw(game, mv);
            let ok = !self.royal_attacked(game, side);
            self.unmake_raw(game, undo);
            ok
        });
    }

    /// [`State::keep_legal`] under the rules of chess with built-in types only, its king not in
    /// check, without making the moves: a piece pinned to its king (the only one of its side
    /// between the king and an opposing rook, bishop or queen on a line) may move along that
    /// line only, the king onto a point no opposing piece attacks, any other piece anywhere; castling and en passant (whose capture may uncover the king
    /// along the rank) are made and tested. `false`, with `out` untouched, where it does not
    /// apply (the king in check, or not one king): then every move is made and tested.
    /// perft counts the last ply by this list, so it is what bounds perft's speed
    /// (docs/play-and-search.md §1.6).
    fn keep_legal_by_pins(&mut self, game: &Game, chess: &ChessGame, out: &mut Vec<Move>) -> bool {
        let side = self.to_move;
        let s = side.index();
        let them = side.opposite();
        let mut kings = game.by_side[s]
            .iter()
            .map(|&i| usize::from(i))
            .filter(|&i| self.at[i].is_some() && self.class(i) == chess.king[s]);
        let (Some(king), None) = (kings.next(), kings.next()) else {
            return false;
        };
        let Some(k) = self.at[king] else {
            return false;
        };
        if self.attacked(game, k, them) {
            return false;
        }
        let Some(kc) = game.scenario.board.coords(k) else {
            return false;
        };
        let [queen, rook, bishop, _] = chess.promotions[1 - s];
        let mut pins: Vec<(usize, &[Point])> = Vec::new();
        for ray in game.attack_rays(chess.promotions[s][0]).from(k) {
            let Some(c) = ray.first().and_then(|&q| game.scenario.board.coords(q)) else {
                continue;
            };
            let line = if c[0] != kc[0] && c[1] != kc[1] {
                bishop
            } else {
                rook
            };
            let mut own = None;
            for (j, q) in ray.iter().enumerate() {
                let o = self.occupant[q.index()];
                if o == EMPTY {
                    continue;
                }
                let o = usize::from(o);
                if game.side[o] == side {
                    if own.is_some() {
                        break;
                    }
                    own = Some(o);
                    continue;
                }
                let class = self.class(o);
                if let Some(p) = own
                    && (class == queen || class == line)
                {
                    pins.push((p, &ray[..=j]));
                }
                break;
            }
        }
        out.retain(|&mv| {
            let Move::Step {
                piece, to, special, ..
            } = mv
            else {
                return true;
            };
            let piece = usize::from(piece);
            match special {
                Special::None | Special::DoubleStep { .. } if piece != king => pins
                    .iter()
                    .find(|(p, _)| *p == piece)
                    .is_none_or(|(_, line)| line.contains(&to)),
                // The king, not in check: no slider's ray runs through its point, so the point
                // it goes to is attacked after the move exactly when it is now.
                Special::None => !self.attacked(game, to, them),
                _ => {
                    let undo = self.make_raw(game, mv);
                    let ok = !self.royal_attacked(game, side);
                    self.unmake_raw(game, undo);
                    ok
                }
            }
        });
        true
    }

    /// The moves of the side to move by its pieces' rays (and `safe`), before the royal rule.
    pub(super) fn pseudo_moves(&self, game: &Game, out: &mut Vec<Move>) {
        let side = self.to_move;
        if let Some(jumps) = &game.jumps
            && jumps.compulsory
            && self.all_jumps(game, jumps, out)
        {
            return;
        }
        if let Some(placement) = &game.placement {
            self.placements(game, placement, out);
        }
        for &i in &game.by_side[side.index()] {
            let i = usize::from(i);
            let Some(from) = self.at[i] else { continue };
            let first = out.len();
            let class = self.class(i);
            // A placed type's vectors are the lines it flips along: its pieces never step.
            if game
                .placement
                .as_ref()
                .is_some_and(|p| p.type_index == game.classes[class].type_index)
            {
                continue;
            }
            if let Some(jumps) = &game.jumps
                && jumps.handles(class)
            {
                self.jumper_moves(game, jumps, i, from, out);
                continue;
            }
            if let Some(chess) = &game.chess
                && chess.pawn[side.index()] == class
            {
                self.pawn_moves(game, chess, i, from, out);
                continue;
            }
            let c = &game.classes[class];
            let attacks_as_moves = c.attacks.is_none();
            for ray in game.rays[c.moves].from(from) {
                for &to in ray {
                    match self.occupant[to.index()] {
                        EMPTY => out.push(step(i, from, to, None)),
                        q => {
                            // The occupant's side now: a placed disc's is its class's, which
                            // a flip changes (the declared side is the reserve's).
                            if attacks_as_moves && self.side_of(game, q) != side {
                                out.push(step(i, from, to, Some(q)));
                            }
                            break;
                        }
                    }
                }
            }
            if let Some(a) = c.attacks {
                for ray in game.rays[a].from(from) {
                    for &to in ray {
                        let q = self.occupant[to.index()];
                        if q != EMPTY {
                            if self.side_of(game, q) != side {
                                out.push(step(i, from, to, Some(q)));
                            }
                            break;
                        }
                    }
                }
            }
            if c.safe {
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
        if let Some(chess) = &game.chess {
            self.castlings(game, chess, out);
        }
    }

    /// A pawn's moves under the rules of chess: its step (and double step from its start rank)
    /// onto empty points, its captures, en passant, each onto the last rank as four promotions.
    fn pawn_moves(
        &self,
        game: &Game,
        chess: &ChessGame,
        i: usize,
        from: Point,
        out: &mut Vec<Move>,
    ) {
        let side = self.to_move;
        let s = side.index();
        let board = &game.scenario.board;
        let Some(c) = board.coords(from) else { return };
        let class = &game.classes[chess.pawn[s]];
        let promotes = |to: Point| board.coords(to).is_some_and(|t| t[1] == chess.last_rank[s]);
        let push = |out: &mut Vec<Move>, to: Point, capture: Option<u8>, special: Special| {
            if promotes(to) {
                for t in PROMOTIONS {
                    out.push(Move::Step {
                        piece: i as u8,
                        from,
                        to,
                        capture,
                        promote: Some(t as u8),
                        special,
                    });
                }
            } else {
                out.push(Move::Step {
                    piece: i as u8,
                    from,
                    to,
                    capture,
                    promote: None,
                    special,
                });
            }
        };
        for ray in game.rays[class.moves].from(from) {
            let Some(&to) = ray.first() else { continue };
            if self.occupant[to.index()] != EMPTY {
                continue;
            }
            push(out, to, None, Special::None);
            if c[1] == chess.start_rank[s]
                && let Some(two) = board.at([c[0], c[1] + 2 * chess.forward[s], c[2]])
                && self.occupant[two.index()] == EMPTY
                && board.coords(to).is_some_and(|t| t[0] == c[0])
            {
                push(out, two, None, Special::DoubleStep { over: to });
            }
        }
        for ray in game.rays[class.attacks.unwrap_or(class.moves)].from(from) {
            let Some(&to) = ray.first() else { continue };
            let q = self.occupant[to.index()];
            if q != EMPTY {
                if game.side[q as usize] != side {
                    push(out, to, Some(q), Special::None);
                }
            } else if self.en_passant == Some(to)
                && let Some(t) = board.coords(to)
                && let Some(captured_at) = board.at([t[0], c[1], c[2]])
                && let q = self.occupant[captured_at.index()]
                && q != EMPTY
                && self.class(q as usize) == chess.pawn[1 - s]
            {
                push(out, to, Some(q), Special::EnPassant { captured_at });
            }
        }
    }

    /// The castlings of the side to move: its right held, king and rook on their points, the
    /// points between them empty, and the king's points (where it stands, crosses and goes)
    /// not attacked.
    fn castlings(&self, game: &Game, chess: &ChessGame, out: &mut Vec<Move>) {
        let side = self.to_move;
        let s = side.index();
        for way in &chess.ways {
            if way.side != side || !self.castling.has(way.right) {
                continue;
            }
            let on = |p: Point, class: usize| {
                let q = self.occupant[p.index()];
                (q != EMPTY && self.class(q as usize) == class).then_some(q)
            };
            let (Some(king), Some(rook)) = (
                on(way.king_from, chess.king[s]),
                on(way.rook_from, chess.rook[s]),
            ) else {
                continue;
            };
            if way.empty.iter().any(|p| self.occupant[p.index()] != EMPTY)
                || way
                    .safe
                    .iter()
                    .any(|&p| self.attacked(game, p, side.opposite()))
            {
                continue;
            }
            out.push(Move::Step {
                piece: king,
                from: way.king_from,
                to: way.king_to,
                capture: None,
                promote: None,
                special: Special::Castle {
                    rook,
                    rook_from: way.rook_from,
                    rook_to: way.rook_to,
                },
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

    /// [`State::attacked`] where every piece is of a built-in chess type: from `p` outward
    /// along each type's attack rays (a pawn's: the other side's pawn attack rays), the first
    /// piece met on a ray attacks `p` when it is of `by` and of a type that attacks along it.
    /// The same answer as looking from every piece, since those rays run alike both ways.
    fn attacked_from_the_point(&self, game: &Game, chess: &ChessGame, p: Point, by: Side) -> bool {
        let s = by.index();
        let [queen, rook, bishop, knight] = chess.promotions[s];
        let first_on = |rays: &crate::play::game::Rays, classes: &[usize]| {
            rays.from(p).any(|ray| {
                ray.iter()
                    .find(|q| self.occupant[q.index()] != EMPTY)
                    .is_some_and(|q| {
                        classes.contains(&self.class(self.occupant[q.index()] as usize))
                    })
            })
        };
        first_on(game.attack_rays(rook), &[rook, queen])
            || first_on(game.attack_rays(bishop), &[bishop, queen])
            || first_on(game.attack_rays(knight), &[knight])
            || first_on(game.attack_rays(chess.king[s]), &[chess.king[s]])
            || first_on(game.attack_rays(chess.pawn[1 - s]), &[chess.pawn[s]])
    }

    /// Whether a royal piece of `side` is attacked.
    pub fn royal_attacked(&self, game: &Game, side: Side) -> bool {
        game.by_side[side.index()].iter().any(|&i| {
            let i = usize::from(i);
            self.at[i].is_some_and(|p| {
                game.classes[self.class(i)].royal && self.attacked(game, p, side.opposite())
            })
        })
    }

    /// Whether the rules leave `side` any way to win from here: a piece of its own that owns a
    /// goal, a royal piece of the other side to checkmate, a stalemate that loses, or a
    /// deadlock decided by counting pieces. `false` is a proof that the game's value for `side`
    /// is at most a draw, whatever is played (the LG search cuts on it).
    pub fn can_win(&self, game: &Game, side: Side) -> bool {
        let other = side.opposite();
        self.goal_pieces[side.index()] > 0
            || self.at.iter().enumerate().any(|(i, at)| {
                at.is_some() && game.classes[self.class(i)].royal && game.side[i] == other
            })
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
            // A placement game ends as soon as neither side can place, without a pass first.
            Stalemate::Pass if self.passed || self.neither_places(game) => {
                let value = match game.rules.deadlock {
                    Deadlock::Draw => 0,
                    Deadlock::Count => self.piece_margin(game).signum() as i8,
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
        // The pending goal's key names its piece's point before the move: the move may take
        // the piece, or move it.
        let pending_before = self.pending_key(game);
        let undo = self.make_raw(game, mv);
        // Under the rules of chess a goal ends nothing (docs/play-and-search.md §1.5): only
        // chess's own endings do, and the goals are the LG search's targets.
        let reached = match mv {
            Move::Step { piece, to, .. } if game.chess.is_none() => {
                game.goals[piece as usize][to.index()].then_some(piece)
            }
            _ => None,
        };
        // Whether the move took `q` (a chain of jumps takes several: the last ones kept).
        let took = |q: u8| match mv {
            Move::Step {
                special: Special::Jump(path),
                ..
            } => self.taken[self.taken.len() - path.len()..].contains(&q),
            Move::Step { capture, .. } => capture == Some(q),
            Move::Pass => false,
        };
        let mut outcome = None;
        let mut pending = None;
        match undo.pending {
            Some(Pending::Goal { piece: q }) if !took(q) => match reached {
                Some(piece) => pending = Some(Pending::Answered { first: q, piece }),
                None => {
                    outcome = Some(Outcome {
                        value: -sign(mover),
                        reason: Reason::Goal { piece: q },
                    })
                }
            },
            Some(Pending::Answered { first, piece }) => {
                outcome = Some(if took(piece) {
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
        if outcome.is_none() && pending.is_none() && game.chess.is_some() {
            outcome = self.chess_ending(game, mv);
        }
        if outcome.is_none() && pending.is_none() {
            if self.goal_pieces == [0, 0] && game.any_goals && game.chess.is_none() {
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
        self.hash ^= pending_before;
        self.pending = pending;
        self.hash ^= self.pending_key(game);
        self.outcome = outcome;
        undo
    }

    /// Takes back the move `undo` was made by ([`State::make`]), restoring the state before it.
    pub fn unmake(&mut self, game: &Game, undo: Undo) {
        self.unmake_raw(game, undo);
    }

    /// How the rules of chess end the game after `mv` (just made), if they do: a capture or
    /// promotion that leaves too little to checkmate, the same position a third time, or a
    /// hundred plies without capture or pawn move, unless the move checkmated.
    fn chess_ending(&mut self, game: &Game, mv: Move) -> Option<Outcome> {
        let draw = |reason| Some(Outcome { value: 0, reason });
        let material_changed = matches!(
            mv,
            Move::Step {
                capture: Some(_),
                ..
            } | Move::Step {
                promote: Some(_),
                ..
            }
        );
        if material_changed
            && chess::insufficient_material(
                &game.scenario.board,
                self.at
                    .iter()
                    .enumerate()
                    .filter_map(|(i, at)| at.map(|p| (self.kind(game, i), p))),
            )
        {
            return draw(Reason::InsufficientMaterial);
        }
        if self.repetitions() >= 3 {
            return draw(Reason::Repetition);
        }
        if self.halfmove >= 100 {
            let mut legal = Vec::new();
            self.legal_moves_in_place(game, &mut legal);
            // Checkmate on the hundredth ply stands: the side to move's no-move decides it.
            if legal.is_empty() && self.royal_attacked(game, self.to_move) {
                return None;
            }
            return draw(Reason::FiftyMoves);
        }
        None
    }

    /// How many times this position has stood (this time included), the same side to move,
    /// since the last capture or pawn move.
    pub fn repetitions(&self) -> usize {
        let n = self.history.len();
        let back = (self.halfmove as usize).min(n);
        1 + (2..=back)
            .step_by(2)
            .filter(|&k| self.history[n - k] == self.hash)
            .count()
    }

    /// The transition alone: pieces, side to move, moves played, pass flag and key; under the
    /// rules of chess also promotion, castling's rook, en passant's capture, the castling
    /// rights, the en passant point, the clock and the positions played.
    pub(crate) fn make_raw(&mut self, game: &Game, mv: Move) -> Undo {
        let undo = Undo {
            mv,
            passed: self.passed,
            pending: self.pending,
            outcome: self.outcome,
            hash: self.hash,
            symmetric: self.symmetric,
            class: match mv {
                Move::Step { piece, .. } => self.class[piece as usize],
                Move::Pass => 0,
            },
            castling: self.castling,
            en_passant: self.en_passant,
            halfmove: self.halfmove,
        };
        if let Some(chess) = &game.chess {
            self.history.push(self.hash);
            self.hash ^= self.en_passant_key(game, chess) ^ chess.castling_key(self.castling);
        }
        if self.passed {
            self.hash ^= game.pass_key;
        }
        match mv {
            Move::Step {
                piece,
                to,
                special: Special::Place { flips },
                ..
            } => {
                self.make_placement(game, piece, to, flips);
                self.passed = false;
            }
            Move::Step {
                piece,
                from,
                to,
                promote,
                special: Special::Jump(path),
                ..
            } => self.make_jump(game, piece as usize, from, to, path, promote),
            Move::Step {
                piece,
                from,
                to,
                capture,
                promote,
                special,
            } => {
                if let Some(q) = capture {
                    let at = match special {
                        Special::EnPassant { captured_at } => {
                            self.occupant[captured_at.index()] = EMPTY;
                            captured_at
                        }
                        _ => to,
                    };
                    self.at[q as usize] = None;
                    self.toggle(game, self.class(q as usize), at);
                    if game.owns_goal[q as usize] {
                        let s = (game.side[q as usize]).index();
                        self.goal_pieces[s] -= 1;
                    }
                }
                self.occupant[from.index()] = EMPTY;
                self.occupant[to.index()] = piece;
                self.at[piece as usize] = Some(to);
                let class = self.class(piece as usize);
                self.toggle(game, class, from);
                let class = match (promote, &game.chess) {
                    (Some(t), Some(chess)) => {
                        let k = PROMOTIONS
                            .iter()
                            .position(|&p| p == usize::from(t))
                            .expect("a promotion is to one of the chess promotion types");
                        let c = chess.promotions[self.to_move.index()][k];
                        self.class[piece as usize] = c as u8;
                        c
                    }
                    // A step onto the far rank crowns (`crown`).
                    (Some(_), None) => self.crown(game, piece as usize),
                    _ => class,
                };
                self.toggle(game, class, to);
                if let Special::Castle {
                    rook,
                    rook_from,
                    rook_to,
                } = special
                {
                    self.occupant[rook_from.index()] = EMPTY;
                    self.occupant[rook_to.index()] = rook;
                    self.at[rook as usize] = Some(rook_to);
                    let c = self.class(rook as usize);
                    self.toggle(game, c, rook_from);
                    self.toggle(game, c, rook_to);
                }
                self.passed = false;
                if let Some(chess) = &game.chess {
                    self.castling.0 &=
                        chess.rights_kept[from.index()] & chess.rights_kept[to.index()];
                    self.en_passant = match special {
                        Special::DoubleStep { over } => Some(over),
                        _ => None,
                    };
                    let pawn = usize::from(undo.class) == chess.pawn[self.to_move.index()];
                    self.halfmove = if capture.is_some() || pawn {
                        0
                    } else {
                        self.halfmove + 1
                    };
                }
            }
            Move::Pass => {
                self.passed = true;
                self.hash ^= game.pass_key;
                if game.chess.is_some() {
                    self.en_passant = None;
                    self.halfmove += 1;
                }
            }
        }
        self.to_move = self.to_move.opposite();
        self.hash ^= game.black_key;
        self.ply += 1;
        if let Some(chess) = &game.chess {
            self.hash ^= self.en_passant_key(game, chess) ^ chess.castling_key(self.castling);
        }
        undo
    }

    pub(crate) fn unmake_raw(&mut self, game: &Game, undo: Undo) {
        if let Move::Step {
            piece,
            to,
            special: Special::Place { flips },
            ..
        } = undo.mv
        {
            self.to_move = self.to_move.opposite();
            self.unmake_placement(game, piece, to, flips);
            self.to_move = self.to_move.opposite();
        } else if let Move::Step {
            piece,
            from,
            to,
            special: Special::Jump(path),
            ..
        } = undo.mv
        {
            self.unmake_jump(game, piece as usize, from, to, path, undo.class);
        } else if let Move::Step {
            piece,
            from,
            to,
            capture,
            special,
            ..
        } = undo.mv
        {
            if let Special::Castle {
                rook,
                rook_from,
                rook_to,
            } = special
            {
                self.occupant[rook_to.index()] = EMPTY;
                self.occupant[rook_from.index()] = rook;
                self.at[rook as usize] = Some(rook_from);
            }
            self.occupant[from.index()] = piece;
            self.at[piece as usize] = Some(from);
            self.occupant[to.index()] = EMPTY;
            self.class[piece as usize] = undo.class;
            if let Some(q) = capture {
                let at = match special {
                    Special::EnPassant { captured_at } => captured_at,
                    _ => to,
                };
                self.occupant[at.index()] = q;
                self.at[q as usize] = Some(at);
                if game.owns_goal[q as usize] {
                    let s = (game.side[q as usize]).index();
                    self.goal_pieces[s] += 1;
                }
            }
        }
        if game.chess.is_some() {
            self.history.pop();
            self.castling = undo.castling;
            self.en_passant = undo.en_passant;
            self.halfmove = undo.halfmove;
        }
        self.to_move = self.to_move.opposite();
        self.ply -= 1;
        self.passed = undo.passed;
        self.pending = undo.pending;
        self.outcome = undo.outcome;
        self.hash = undo.hash;
        self.symmetric = undo.symmetric;
    }

    /// The material balance from White's side (the scenario's type values; a promoted pawn
    /// counts as what it became).
    pub fn material(&self, game: &Game) -> f64 {
        self.at
            .iter()
            .enumerate()
            .filter(|(_, at)| at.is_some())
            .map(|(i, _)| {
                let c = &game.classes[self.class(i)];
                f64::from(sign(c.side)) * c.value
            })
            // From +0.0: the sum of no values starts at -0.0, which prints `-0.00`.
            .fold(0.0, |sum, v| sum + v)
    }

    /// The position as a scenario (captured pieces left out), with the map from this game's
    /// piece indices to the scenario's: what the zone generator and the grammars read.
    pub fn scenario(&self, game: &Game) -> (Scenario, Vec<Option<usize>>) {
        let mut s = game.scenario.clone();
        let map = self.scenario_into(game, &mut s);
        (s, map)
    }

    /// [`State::scenario`] written into `s`, a clone of `game.scenario` or a scenario written
    /// so before (its pieces, goals and rules of play rewritten, the rest kept): a search that
    /// reads the zones of many positions does not clone the board and types for each.
    pub fn scenario_into(&self, game: &Game, s: &mut Scenario) -> Vec<Option<usize>> {
        let mut map = Vec::with_capacity(self.at.len());
        s.pieces.clear();
        for (i, at) in self.at.iter().enumerate() {
            match at {
                Some(at) => {
                    map.push(Some(s.pieces.len()));
                    // Its type and side now (a promotion or a flip changes them), named by its
                    // side now where a flip changed it (by side and point where it was placed
                    // from the reserve in hand).
                    let class = &game.classes[self.class(i)];
                    s.pieces.push(Piece {
                        name: self.piece_name(game, i),
                        type_index: class.type_index,
                        side: class.side,
                        at: *at,
                    });
                }
                None => map.push(None),
            }
        }
        // A goal of one piece follows the piece to its new index, and goes with it when the
        // piece was captured.
        s.goals.clone_from(&game.scenario.goals);
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
        // Under the rules of chess the position carries its side to move, rights and clocks,
        // so that the scenario is this position (a game without them keeps its own rules).
        if let Some(rules) = &mut s.game
            && let Some(chess) = &mut rules.chess
        {
            rules.first = self.to_move;
            chess.castling = self.castling;
            chess.en_passant = self.en_passant;
            chess.halfmove = self.halfmove;
            chess.fullmove = self.fullmove(game);
        }
        map
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
        // In a placement game a point alone is a placement there.
        if game.placement.is_some()
            && let Ok(at) = game.scenario.board.parse_point(text)
        {
            return legal
                .into_iter()
                .find(|m| {
                    matches!(*m, Move::Step { to, special: Special::Place { .. }, .. } if to == at)
                })
                .ok_or_else(|| MoveError::NoPlacement(text.to_string()));
        }
        let (name, squares) = match text.rsplit_once(' ') {
            Some((name, squares)) => (Some(name.trim()), squares),
            None => (None, text),
        };
        // `e7-e8=N`: the promotion's letter (without one, a pawn on its last rank queens).
        let (squares, promotion) = match squares.split_once('=') {
            Some((squares, letter)) => (squares, Some(letter)),
            None => (squares, None),
        };
        if let Some(jumps) = &game.jumps
            && let Some(found) = self.parse_jump(game, jumps, &legal, text, squares)
        {
            return found;
        }
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
        let promotes_as = |promote: Option<u8>| match (promote, promotion) {
            (None, None) => true,
            (Some(_), None) => true,
            (Some(t), Some(letter)) => promotion_letter(game, t).to_string() == letter,
            (None, Some(_)) => false,
        };
        legal
            .into_iter()
            .find(|m| {
                matches!(*m, Move::Step { from: f, to: t, promote, .. }
                    if f == from && t == to && promotes_as(promote))
            })
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
    /// A point where the side to move may place nothing (occupied, or flipping nothing).
    #[error(
        "no piece may be placed on {0}: a placement goes on an empty point and flips at least one piece"
    )]
    NoPlacement(String),
    /// A text that is no move.
    #[error(
        "`{0}` is not a move: write it `h8-g7`, `c6:b7` for a capture, `e7-e8=N` for a \
         promotion, or `PIECE h8-g7` (SAN and UCI are read under `rules chess` only)"
    )]
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
    /// Two or more chains of jumps from one point to another: the points between must be named.
    #[error(
        "`{text}` is {count} different chains of jumps: name the points landed on, e.g. `{example}`"
    )]
    AmbiguousJump {
        /// The move's text.
        text: String,
        /// How many chains it could be.
        count: usize,
        /// One of them written whole.
        example: String,
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
        promote: None,
        special: Special::None,
    }
}

/// The letter of a promotion type (`Q`; a type without one, its name's first letter).
fn promotion_letter(game: &Game, type_index: u8) -> char {
    let name = &game.scenario.types[usize::from(type_index)].name;
    crate::piece::chess_letter(name)
        .or_else(|| name.chars().next().map(|c| c.to_ascii_uppercase()))
        .unwrap_or('?')
}
