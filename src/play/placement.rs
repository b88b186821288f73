//! Placement and flipping as data (`place TYPE` in a `game` block; docs/semantics.md §7.5): a
//! move puts a new piece of the placed type on an empty point, and every run of opposing
//! pieces of that type which the new piece and another of its side bracket along one of the
//! type's move slides changes side. A placement is legal only if it flips at least one piece.
//! With `stalemate pass` and `deadlock count` this is Othello: the same loop over the basis
//! vectors as a slider's moves, read as lines to flip along.
//!
//! Pieces not yet on the board are a reserve *in hand*, one per point of the board: the piece
//! placed on point `p` is the game's piece `first_slot + p`, its class (type and side) set to
//! the placing side's when it is placed. A flip changes a piece's class to the other side's,
//! so a piece's side in a placement game is its class's, not the side it was declared with.
//! Make and unmake are exact: the move carries, per line from the point, how many pieces it
//! flips, and the Zobrist key changes by the placed piece and by each flipped piece's two
//! classes on its point.

use crate::board::Point;
use crate::piece::Side;
use crate::play::game::{self, Class, GameError, Rays};
use crate::play::rules::{Deadlock, Rules, Stalemate};
use crate::play::state::{Move, Special, State};
use crate::scenario::Scenario;

/// The most lines a placed type may flip along: a move keeps one count per line.
pub const MAX_LINES: usize = 8;

/// What `place TYPE` compiles to.
#[derive(Clone, Debug)]
pub(crate) struct Placement {
    /// The placed type (an index into the scenario's types).
    pub(crate) type_index: usize,
    /// The placed type's class per side (White, Black): flipping swaps them.
    pub(crate) class: [usize; 2],
    /// The game's piece index of the reserve's first piece: the piece placed on point `p` is
    /// `first_slot + p.index()`.
    pub(crate) first_slot: usize,
    /// Whether every piece of the scenario is of the placed type (Othello): a side's moves
    /// are then its placements alone.
    pub(crate) alone: bool,
}

/// The per-piece tables of a game, extended by the reserve in hand.
pub(crate) struct Reserve<'a> {
    pub(crate) goals: &'a mut Vec<Vec<bool>>,
    pub(crate) owns_goal: &'a mut Vec<bool>,
    pub(crate) goal_distance: &'a mut Vec<Vec<u32>>,
    pub(crate) side: &'a mut Vec<Side>,
    pub(crate) class: &'a mut Vec<usize>,
    pub(crate) safe: &'a mut Vec<bool>,
    pub(crate) royal: &'a mut Vec<bool>,
}

impl Placement {
    /// The placement of `rules`, if they place a type: the type's classes of both sides
    /// (added, with their rays, when no piece has them yet).
    pub(crate) fn build(
        scenario: &Scenario,
        rules: &Rules,
        classes: &mut Vec<Class>,
        rays: &mut Vec<Rays>,
        ray_keys: &mut Vec<(usize, Side, crate::piece::Usage)>,
    ) -> Result<Option<Placement>, GameError> {
        let Some(type_index) = rules.place else {
            return Ok(None);
        };
        let (pieces, points) = (scenario.pieces.len(), scenario.board.len());
        if pieces + points > game::MAX_PIECES {
            return Err(GameError::TooManyPoints { points, pieces });
        }
        let mut class = [0; 2];
        for (k, side) in [Side::White, Side::Black].into_iter().enumerate() {
            class[k] = game::add_class(scenario, classes, rays, ray_keys, type_index, side)?;
        }
        Ok(Some(Placement {
            type_index,
            class,
            first_slot: scenario.pieces.len(),
            alone: scenario.pieces.iter().all(|p| p.type_index == type_index),
        }))
    }

    /// Adds the reserve's pieces, one per point, to the game's per-piece tables: no goals, and
    /// the placed type's White class until a side places one.
    pub(crate) fn extend(&self, scenario: &Scenario, tables: Reserve<'_>) {
        let len = scenario.board.len();
        for _ in 0..len {
            tables.goals.push(vec![false; len]);
            tables.owns_goal.push(false);
            tables.goal_distance.push(vec![0; len]);
            tables.side.push(Side::White);
            tables.class.push(self.class[0]);
            // A placed type is never safe or royal in effect: its pieces never step.
            tables.safe.push(false);
            tables.royal.push(false);
        }
    }

    /// The piece placed on `p`.
    fn slot(&self, p: Point) -> u8 {
        (self.first_slot + p.index()) as u8
    }

    /// An upper bound on the plies of a game where every piece is of the placed type: each
    /// placement fills an empty point for good (nothing captures), and at most one pass
    /// separates two placements. `None` when another type takes part.
    pub(crate) fn length_bound(&self, scenario: &Scenario) -> Option<u32> {
        if scenario
            .pieces
            .iter()
            .any(|p| p.type_index != self.type_index)
        {
            return None;
        }
        let empty = scenario.board.len().saturating_sub(scenario.pieces.len());
        u32::try_from(2 * empty + 2).ok()
    }
}

impl game::Game {
    /// Whether the game is decided by counting pieces alone: `stalemate pass` and `deadlock
    /// count`, no goals, no royal piece, not the rules of chess (Othello). Its searches then
    /// play for the largest final margin, and report it (`search::final_margin`).
    pub fn scores_by_count(&self) -> bool {
        self.rules.deadlock == Deadlock::Count
            && self.rules.stalemate == Stalemate::Pass
            && !self.any_goals
            && !self.any_royal
            && self.chess.is_none()
    }
}

impl State {
    /// The placements of the side to move, by point in enumeration order: each empty point
    /// where, along at least one of the placed type's lines, a run of opposing pieces of the
    /// type ends at a piece of the type of the side to move.
    pub(crate) fn placements(&self, game: &game::Game, placement: &Placement, out: &mut Vec<Move>) {
        let s = self.to_move.index();
        let (mine, theirs) = (placement.class[s], placement.class[1 - s]);
        let rays = game.move_rays(mine);
        for p in game.scenario.board.points() {
            if self.piece_at(p).is_some() {
                continue;
            }
            let mut flips = [0u8; MAX_LINES];
            let mut any = false;
            for (line, ray) in rays.from(p).enumerate() {
                let mut run = 0u8;
                for &q in ray {
                    match self.piece_at(q) {
                        Some(o) if self.class(o) == theirs => run += 1,
                        Some(o) if self.class(o) == mine && run > 0 => {
                            flips[line] = run;
                            any = true;
                            break;
                        }
                        _ => break,
                    }
                }
            }
            if any {
                out.push(Move::Step {
                    piece: placement.slot(p),
                    from: p,
                    to: p,
                    capture: None,
                    promote: None,
                    special: Special::Place { flips },
                });
            }
        }
    }

    /// How many placements the side `side` would have here (whoever is to move), counted
    /// without listing them: a point counts at the first line along which it flips.
    pub(crate) fn placement_count(&self, game: &game::Game, side: Side) -> usize {
        let Some(placement) = &game.placement else {
            return 0;
        };
        let s = side.index();
        let (mine, theirs) = (placement.class[s], placement.class[1 - s]);
        let rays = game.move_rays(mine);
        let mut count = 0;
        for p in game.scenario.board.points() {
            if self.piece_at(p).is_some() {
                continue;
            }
            let flips = rays.from(p).any(|ray| {
                let mut run = false;
                for &q in ray {
                    match self.piece_at(q) {
                        Some(o) if self.class(o) == theirs => run = true,
                        Some(o) if self.class(o) == mine => return run,
                        _ => return false,
                    }
                }
                false
            });
            count += usize::from(flips);
        }
        count
    }

    /// How many placements the opponent has once the placement `mv` is made (the pieces put
    /// and flipped in place, the keys left alone, and taken back): what the fastest-first
    /// ordering sorts by. `None` for a move that is not a placement.
    pub(crate) fn replies_to_placement(&mut self, game: &game::Game, mv: Move) -> Option<usize> {
        let Move::Step {
            piece,
            to,
            special: Special::Place { flips },
            ..
        } = mv
        else {
            return None;
        };
        let placement = game.placement.as_ref()?;
        let s = self.to_move.index();
        let (mine, theirs) = (placement.class[s], placement.class[1 - s]);
        self.put(piece, to, mine);
        self.flip(game, mine, to, flips, |_, _| mine);
        let n = self.placement_count(game, self.to_move.opposite());
        self.flip(game, mine, to, flips, |_, _| theirs);
        self.lift(piece, to, placement.class[0]);
        Some(n)
    }

    /// Places `piece` on `at` for the side to move and flips the runs `flips` counts, line by
    /// line (the placed type's lines from `at`, as [`State::placements`] numbered them).
    pub(crate) fn make_placement(
        &mut self,
        game: &game::Game,
        piece: u8,
        at: Point,
        flips: [u8; MAX_LINES],
    ) {
        let placement = game
            .placement
            .as_ref()
            .expect("a placement is made in a game that places");
        let s = self.to_move.index();
        let (mine, theirs) = (placement.class[s], placement.class[1 - s]);
        self.put(piece, at, mine);
        self.toggle(game, mine, at);
        self.flip(game, mine, at, flips, |state, q| {
            state.toggle(game, theirs, q);
            state.toggle(game, mine, q);
            mine
        });
    }

    /// Takes back [`State::make_placement`] (the key is restored by the caller): the flipped
    /// pieces back to the other side, the placed piece back in hand.
    pub(crate) fn unmake_placement(
        &mut self,
        game: &game::Game,
        piece: u8,
        at: Point,
        flips: [u8; MAX_LINES],
    ) {
        let placement = game
            .placement
            .as_ref()
            .expect("a placement is unmade in a game that places");
        // Called after the side to move is restored: the placing side.
        let s = self.to_move.index();
        let (mine, theirs) = (placement.class[s], placement.class[1 - s]);
        self.flip(game, mine, at, flips, |_, _| theirs);
        // In hand a piece has the class the reserve starts with ([`Placement::extend`]).
        self.lift(piece, at, placement.class[0]);
    }

    /// Sets the class of the first `flips[line]` pieces along each line of class `lines` from
    /// `at` to what `to` returns for the point.
    fn flip(
        &mut self,
        game: &game::Game,
        lines: usize,
        at: Point,
        flips: [u8; MAX_LINES],
        mut to: impl FnMut(&mut State, Point) -> usize,
    ) {
        for (line, ray) in game.move_rays(lines).from(at).enumerate() {
            for &q in &ray[..usize::from(flips[line])] {
                let o = self
                    .piece_at(q)
                    .expect("a flipped point holds the piece flipped");
                let c = to(self, q);
                self.set_class(o, c);
            }
        }
    }

    /// Whether this is a placement game in which the side not to move has no move either
    /// (asked when the side to move has none): then neither side can move, and the game
    /// ends now rather than after a pass.
    pub(crate) fn neither_places(&self, game: &game::Game) -> bool {
        if game.placement.is_none() {
            return false;
        }
        // Where the placed type's pieces are all there is (and nothing jumps), the other
        // side's moves are its placements: counted, not listed on a copy.
        if game.placement.as_ref().is_some_and(|p| p.alone) && game.jumps.is_none() {
            return self.placement_count(game, self.to_move.opposite()) == 0;
        }
        let mut other = self.clone();
        other.to_move = self.to_move.opposite();
        let mut moves = Vec::new();
        other.pseudo_moves(game, &mut moves);
        moves.is_empty()
    }

    /// How many moves the opponent has once `mv` is made (its moves before the royal rule),
    /// the state left as it was: what the mobility ordering sorts by.
    pub(crate) fn replies_after(
        &mut self,
        game: &game::Game,
        mv: Move,
        buf: &mut Vec<Move>,
    ) -> usize {
        let undo = self.make_raw(game, mv);
        buf.clear();
        self.pseudo_moves(game, buf);
        self.unmake_raw(game, undo);
        buf.len()
    }

    /// The name of piece `piece` now: the scenario's while it is of the side it was declared
    /// with; for a piece placed from the reserve in hand, or one a flip took to the other side,
    /// its side's letter and its point (`Wf5`), so that a name never says the old side.
    pub fn piece_name(&self, game: &game::Game, piece: usize) -> String {
        match game.scenario.pieces.get(piece) {
            Some(p) if p.side == self.side(game, piece) => p.name.clone(),
            _ => {
                let letter = match self.side(game, piece) {
                    Side::White => 'W',
                    Side::Black => 'B',
                };
                match self.at[piece] {
                    Some(p) => format!("{letter}{}", game.scenario.board.name(p)),
                    None => format!("{letter} in hand"),
                }
            }
        }
    }

    /// The side of piece `piece` now: its class's (a flip changes it; a piece in hand has the
    /// reserve's class until it is placed).
    pub fn side(&self, game: &game::Game, piece: usize) -> Side {
        game.classes[self.class(piece)].side
    }

    /// The pieces on the board minus those of Black: the margin `deadlock count` decides by,
    /// each piece counted for the side of its class now (a flip changes it).
    pub fn piece_margin(&self, game: &game::Game) -> i32 {
        self.at
            .iter()
            .enumerate()
            .filter(|(_, at)| at.is_some())
            .map(|(i, _)| match game.classes[self.class(i)].side {
                Side::White => 1,
                Side::Black => -1,
            })
            .sum()
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::play::game::Game;
    use crate::play::perft::perft;
    use crate::play::search::Ordering;
    use crate::random::SplitMix;

    /// Othello on an n×n board from the standard start, written as its own scenario text (the
    /// examples' start, about the centre).
    pub(crate) fn othello(n: u32) -> Game {
        let source = format!(
            "board {n}x{n}\n\
             type disc {{ move slide (1,0) (1,1) (0,1) (-1,1) (-1,0) (-1,-1) (0,-1) (1,-1) }}\n\
             white disc at centre (0,0) (1,1) as W\n\
             black disc at centre (0,1) (1,0) as B\n\
             game {{ first black  place disc  stalemate pass  deadlock count }}\n"
        );
        Game::new(Scenario::parse("othello", &source).unwrap()).unwrap()
    }

    /// A plain Othello written apart from the play layer, as the oracle: cells +1 White, −1
    /// Black, 0 empty, indexed `x + n·y` from the lower left; a side without a placement
    /// passes when the other has one, and the game ends when neither has.
    #[derive(Clone)]
    pub(crate) struct Plain {
        n: i32,
        cells: Vec<i8>,
        /// +1 White, −1 Black.
        to_move: i8,
    }

    const DIRECTIONS: [(i32, i32); 8] = [
        (1, 0),
        (1, 1),
        (0, 1),
        (-1, 1),
        (-1, 0),
        (-1, -1),
        (0, -1),
        (1, -1),
    ];

    impl Plain {
        pub(crate) fn start(n: i32) -> Plain {
            let mut cells = vec![0; (n * n) as usize];
            let c = (n + 1) / 2 - 1;
            for (x, y, v) in [(c, c, 1), (c + 1, c + 1, 1), (c, c + 1, -1), (c + 1, c, -1)] {
                cells[(x + n * y) as usize] = v;
            }
            Plain {
                n,
                cells,
                to_move: -1,
            }
        }

        fn flips(&self, x: i32, y: i32) -> Vec<usize> {
            let n = self.n;
            let mut all = Vec::new();
            if self.cells[(x + n * y) as usize] != 0 {
                return all;
            }
            for (dx, dy) in DIRECTIONS {
                let mut run = Vec::new();
                let (mut a, mut b) = (x + dx, y + dy);
                while (0..n).contains(&a) && (0..n).contains(&b) {
                    let v = self.cells[(a + n * b) as usize];
                    if v == -self.to_move {
                        run.push((a + n * b) as usize);
                    } else {
                        if v == self.to_move {
                            all.extend(run.iter().copied());
                        }
                        break;
                    }
                    a += dx;
                    b += dy;
                }
            }
            all
        }

        /// The placements of the side to move, as (x, y).
        pub(crate) fn moves(&self) -> Vec<(i32, i32)> {
            let n = self.n;
            (0..n * n)
                .map(|i| (i % n, i / n))
                .filter(|&(x, y)| !self.flips(x, y).is_empty())
                .collect()
        }

        pub(crate) fn play(&mut self, x: i32, y: i32) {
            for i in self.flips(x, y) {
                self.cells[i] = self.to_move;
            }
            self.cells[(x + self.n * y) as usize] = self.to_move;
            self.to_move = -self.to_move;
        }

        fn passed(&self) -> Plain {
            Plain {
                to_move: -self.to_move,
                ..self.clone()
            }
        }

        /// White's discs minus Black's.
        pub(crate) fn margin(&self) -> i32 {
            self.cells.iter().map(|&v| i32::from(v)).sum()
        }

        /// The final margin (White's discs minus Black's) under perfect play, each side
        /// playing for the largest margin of its own: plain minimax, no pruning.
        pub(crate) fn solve(&self) -> i32 {
            let moves = self.moves();
            if moves.is_empty() {
                let other = self.passed();
                return if other.moves().is_empty() {
                    self.margin()
                } else {
                    other.solve()
                };
            }
            let scores = moves.iter().map(|&(x, y)| {
                let mut child = self.clone();
                child.play(x, y);
                child.solve()
            });
            if self.to_move == 1 {
                scores.max().unwrap()
            } else {
                scores.min().unwrap()
            }
        }

        pub(crate) fn perft(&self, depth: u32) -> u64 {
            if depth == 0 {
                return 1;
            }
            let moves = self.moves();
            if moves.is_empty() {
                let other = self.passed();
                return if other.moves().is_empty() {
                    0
                } else {
                    other.perft(depth - 1)
                };
            }
            moves
                .iter()
                .map(|&(x, y)| {
                    let mut child = self.clone();
                    child.play(x, y);
                    child.perft(depth - 1)
                })
                .sum()
        }
    }

    fn count(game: &Game, depth: u32) -> u64 {
        perft(game, &State::initial(game), depth).unwrap().nodes
    }

    /// The published Othello perft table (a pass counts as a move) to the depths that take a
    /// second in the test build; depths 8 and 9 are the ignored test below and the bench.
    #[test]
    fn othello_perft_equals_the_published_table() {
        let game = othello(8);
        let table = [4, 12, 56, 244, 1396, 8200, 55_092];
        for (d, &want) in table.iter().enumerate() {
            assert_eq!(count(&game, d as u32 + 1), want, "depth {}", d + 1);
        }
    }

    #[test]
    #[ignore = "seconds in the test build: cargo test --release --lib placement -- --ignored"]
    fn othello_perft_depths_8_and_9() {
        let game = othello(8);
        assert_eq!(count(&game, 8), 390_216);
        assert_eq!(count(&game, 9), 3_005_288);
    }

    /// The whole tree of 4x4 Othello, and 6x6 to depth 6, counted alike by the oracle.
    #[test]
    fn perft_agrees_with_a_plain_othello() {
        for (n, depths) in [(4, 1..=13), (6, 1..=6)] {
            let game = othello(n as u32);
            let plain = Plain::start(n);
            for d in depths {
                assert_eq!(count(&game, d), plain.perft(d), "{n}x{n} depth {d}");
            }
        }
    }

    /// Random games on 4x4, 6x6 and 8x8: at each state the placements are the oracle's, the
    /// key kept by make is the key computed afresh, unmake restores the state exactly, and the
    /// game ends where the oracle's does, with its margin.
    #[test]
    fn random_games_agree_with_the_oracle_and_unmake_exactly() {
        let mut rng = SplitMix(48);
        for n in [4, 6, 8] {
            let game = othello(n as u32);
            for _ in 0..20 {
                let mut state = State::initial(&game);
                let mut plain = Plain::start(n);
                loop {
                    let mut moves = Vec::new();
                    state.successors(&game, &mut moves);
                    if let Some(outcome) = state.outcome {
                        assert!(plain.moves().is_empty() && plain.passed().moves().is_empty());
                        assert_eq!(state.piece_margin(&game), plain.margin());
                        assert_eq!(i32::from(outcome.value), plain.margin().signum());
                        break;
                    }
                    let mut ours: Vec<(i32, i32)> = moves
                        .iter()
                        .filter_map(|m| match *m {
                            Move::Step { to, .. } => {
                                let c = game.scenario.board.coords(to).unwrap();
                                Some((c[0], c[1]))
                            }
                            Move::Pass => None,
                        })
                        .collect();
                    ours.sort_unstable();
                    let mut theirs = plain.moves();
                    theirs.sort_unstable();
                    assert_eq!(ours, theirs);
                    for &mv in &moves {
                        let before = state.clone();
                        // A placement's child key (enhanced transposition cutoffs) is the key
                        // the child has once made, plain and under the symmetries.
                        let keys = [false, true].map(|sym| state.child_key(&game, mv, sym));
                        let undo = state.make(&game, mv);
                        assert_eq!(state.hash(&game), state.recomputed_hash(&game));
                        if let Move::Step { .. } = mv {
                            assert_eq!(keys[0], Some(state.hash(&game)));
                            assert_eq!(keys[1], Some(state.table_key(&game).0));
                        }
                        state.unmake(&game, undo);
                        assert_eq!(state, before);
                    }
                    let mv = moves[rng.below(moves.len() as u64) as usize];
                    match mv {
                        Move::Step { to, .. } => {
                            let c = game.scenario.board.coords(to).unwrap();
                            plain.play(c[0], c[1]);
                        }
                        Move::Pass => plain = plain.passed(),
                    }
                    state.make(&game, mv);
                }
            }
        }
    }

    /// Solves `state` with `ordering`, on the compiled rule where `compiled` and the
    /// ordering is the mobility one (docs/play-and-search.md §3.7), else by the play layer.
    fn solve_with(
        game: &Game,
        state: &State,
        ordering: crate::play::search::Ordering,
        compiled: bool,
    ) -> crate::play::search::SearchResult {
        let options = crate::play::search::SearchOptions {
            tt_mb: 1,
            ordering,
            compiled,
            ..Default::default()
        };
        crate::play::search::alphabeta::search(game, state, &options)
    }

    fn solve(
        game: &Game,
        state: &State,
        ordering: crate::play::search::Ordering,
    ) -> crate::play::search::SearchResult {
        solve_with(game, state, ordering, false)
    }

    /// 4x4 Othello solved: White, the second player, wins by 8 (11 to 3, the known result),
    /// as the plain minimax of the oracle finds too; the principal variation plays it out.
    #[test]
    fn four_by_four_othello_is_won_by_white_by_eight() {
        assert_eq!(Plain::start(4).solve(), 8);
        let game = othello(4);
        let root = State::initial(&game);
        let mut nodes = Vec::new();
        for (ordering, compiled) in [
            (Ordering::Killer, false),
            (Ordering::Mobility, false),
            (Ordering::Mobility, true),
        ] {
            let r = solve_with(&game, &root, ordering, compiled);
            assert_eq!(r.value, Some(1), "{ordering:?}, {compiled}");
            assert_eq!(
                crate::play::search::final_margin(r.score),
                8,
                "{ordering:?}, {compiled}"
            );
            nodes.push(r.nodes);
        }
        // The mobility ordering (fastest first) visits fewer positions than the killers.
        assert!(nodes[1] < nodes[0], "{nodes:?}");
        let r = solve(&game, &root, Ordering::Killer);
        let mut state = root.clone();
        for &mv in &r.pv {
            state.make(&game, mv);
        }
        let mut moves = Vec::new();
        state.successors(&game, &mut moves);
        assert!(state.outcome.is_some(), "the line plays to the end");
        assert_eq!(state.piece_margin(&game), 8);
    }

    /// Random 6x6 positions with 9 empty points left: the solver's margin is the oracle's,
    /// under the killer and the mobility orderings, and on the compiled rule.
    #[test]
    fn endgame_margins_agree_with_the_oracle() {
        let game = othello(6);
        let mut rng = SplitMix(6);
        let mut solved = 0;
        while solved < 6 {
            let mut state = State::initial(&game);
            let mut plain = Plain::start(6);
            let mut moves = Vec::new();
            while plain.cells.iter().filter(|&&v| v == 0).count() > 9 {
                state.successors(&game, &mut moves);
                if moves.is_empty() {
                    break;
                }
                let mv = moves[rng.below(moves.len() as u64) as usize];
                match mv {
                    Move::Step { to, .. } => {
                        let c = game.scenario.board.coords(to).unwrap();
                        plain.play(c[0], c[1]);
                    }
                    Move::Pass => plain = plain.passed(),
                }
                state.make(&game, mv);
            }
            if state.outcome.is_some() {
                continue;
            }
            let want = plain.solve();
            for (ordering, compiled) in [
                (Ordering::Killer, false),
                (Ordering::Mobility, false),
                (Ordering::Mobility, true),
            ] {
                let r = solve_with(&game, &state, ordering, compiled);
                assert_eq!(crate::play::search::final_margin(r.score), want);
                assert_eq!(r.value, Some(want.signum() as i8));
            }
            solved += 1;
        }
    }

    /// A random 6x6 position with `empty` empty points left (the game not over), by `rng`.
    fn random_endgame(game: &Game, rng: &mut SplitMix, empty: usize) -> Option<State> {
        let mut state = State::initial(game);
        let mut moves = Vec::new();
        while game.scenario.board.len() - state.at.iter().flatten().count() > empty {
            state.successors(game, &mut moves);
            if moves.is_empty() {
                return None;
            }
            let mv = moves[rng.below(moves.len() as u64) as usize];
            state.make(game, mv);
        }
        state.successors(game, &mut moves);
        state.outcome.is_none().then_some(state)
    }

    /// The null-window solve (the win, draw or loss first, then the margin) gives the value
    /// and the margin of the full window's solve on random 6x6 endgames with 10 to 12 empty
    /// points, under the killer and the mobility orderings, on one thread and two.
    #[test]
    fn null_window_solves_equal_full_window_solves() {
        let game = othello(6);
        let mut solved = 0;
        for seed in 0..40 {
            if solved == 6 {
                break;
            }
            let mut rng = SplitMix(100 + seed);
            let empty = 10 + (seed as usize % 3);
            let Some(state) = random_endgame(&game, &mut rng, empty) else {
                continue;
            };
            for ordering in [Ordering::Killer, Ordering::Mobility] {
                let full = crate::play::search::alphabeta::search(
                    &game,
                    &state,
                    &crate::play::search::SearchOptions {
                        tt_mb: 1,
                        ordering,
                        full_window: true,
                        compiled: false,
                        ..Default::default()
                    },
                );
                for threads in [1, 2] {
                    let narrow = crate::play::search::alphabeta::search(
                        &game,
                        &state,
                        &crate::play::search::SearchOptions {
                            tt_mb: 1,
                            ordering,
                            threads,
                            compiled: false,
                            ..Default::default()
                        },
                    );
                    let what = format!("seed {seed}, {empty} empty, {ordering:?}, {threads}");
                    assert_eq!(narrow.value, full.value, "{what}");
                    assert_eq!(narrow.score, full.score, "{what}");
                    // The line of best play ends the game with the margin proved.
                    let mut end = state.clone();
                    for &mv in &narrow.pv {
                        end.make(&game, mv);
                    }
                    let mut moves = Vec::new();
                    end.successors(&game, &mut moves);
                    assert!(end.outcome.is_some(), "{what}: the line plays to the end");
                    assert_eq!(
                        end.piece_margin(&game),
                        crate::play::search::final_margin(full.score),
                        "{what}"
                    );
                }
            }
            solved += 1;
        }
        assert_eq!(solved, 6);
    }

    /// A board whose reserve in hand does not fit in a game's pieces is refused, saying why.
    #[test]
    fn a_board_too_large_for_the_reserve_is_refused() {
        let source = "board 16x16\n\
             type disc { move slide (1,0) (0,1) }\n\
             white disc at centre (0,0)\n\
             game { place disc }\n";
        let err = Game::new(Scenario::parse("big", source).unwrap()).unwrap_err();
        assert_eq!(
            err,
            GameError::TooManyPoints {
                points: 256,
                pieces: 1
            }
        );
        assert!(err.to_string().contains("piece in hand for each point"));
    }

    /// A point alone is read as the placement there; one that flips nothing is refused.
    #[test]
    fn a_placement_is_written_as_its_point() {
        let game = othello(8);
        let state = State::initial(&game);
        let mv = state.parse_move(&game, "f5").unwrap();
        assert_eq!(mv.show(&game), "f5");
        assert!(matches!(
            mv,
            Move::Step {
                special: Special::Place { .. },
                ..
            }
        ));
        assert!(matches!(
            state.parse_move(&game, "a1"),
            Err(crate::play::state::MoveError::NoPlacement(_))
        ));
    }
}
