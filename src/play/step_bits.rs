//! The stepping rule compiled to bit masks (docs/play-and-search.md §3.8): where every piece
//! of a game moves and captures one step at a time (leaps and edges, no slide), each side's
//! pieces are of one type with the same goals, and the board has at most 64 points, a
//! position is two words, the points of White's pieces and of Black's, and a side's moves are
//! read off a table of target masks per point. Pawned is such a game on every board up to
//! 64 points.
//!
//! This is the rule of [`State::moves`] read off the same compiled rays — a step onto an
//! empty point along a move ray, a capture along an attack ray (along a move ray where the
//! type attacks as it moves) — and the endings of [`State::make`] and [`State::no_move`]
//! under `goals immediate` and `stalemate pass`: not a game of its own. A vector or a goal
//! changed in the scenario changes what compiles here too, and the tests hold both to the
//! same perft and the same solves.
//!
//! A bit is a point's index ([`crate::board::Point`]), so a board with removed points
//! compiles as a full one does. (A graph board does not: its edges make no game that ends
//! by itself, so its move limit matters.)

use crate::board::Point;
use crate::piece::Side;
use crate::play::game::Game;
use crate::play::rules::{Deadlock, GoalRule, Stalemate};
use crate::play::state::{Move, State};

/// A position of a compiled stepping game: each side's points, and the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Men {
    /// The points of White's pieces (index 0) and of Black's (index 1).
    pub sides: [u64; 2],
    /// The side to move.
    pub to_move: Side,
}

impl Men {
    /// The position with the other side to move (after a pass).
    #[inline]
    pub fn passed(self) -> Men {
        Men {
            to_move: self.to_move.opposite(),
            ..self
        }
    }

    /// The points of the side to move.
    #[inline]
    pub fn mine(self) -> u64 {
        self.sides[self.to_move.index()]
    }

    /// The points of the other side.
    #[inline]
    pub fn theirs(self) -> u64 {
        self.sides[1 - self.to_move.index()]
    }

    /// The pieces of the side to move less the other's.
    #[inline]
    pub fn margin(self) -> i32 {
        self.mine().count_ones() as i32 - self.theirs().count_ones() as i32
    }
}

/// One move of a compiled stepping game: the points it leaves and enters (a capture when the
/// point entered holds an opposing piece).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StepMove {
    /// The point left.
    pub from: u8,
    /// The point entered.
    pub to: u8,
}

/// A stepping game compiled to bit masks.
#[derive(Clone, Debug)]
pub struct StepBits {
    /// The board's points (the low `len` bits).
    board: u64,
    /// Per side, per point: the points a piece there may step to when they are empty.
    steps: [Vec<u64>; 2],
    /// Per side, per point: the points a piece there captures on when an opposing piece
    /// stands there.
    takes: [Vec<u64>; 2],
    /// Per side: its pieces' goals (empty where they have none).
    goals: [u64; 2],
    /// Whether some piece of the game owns a goal: a game where no piece with a goal is left
    /// on either side is drawn.
    any_goals: bool,
    /// Whether a game where neither side can move goes to the side with more pieces
    /// (`deadlock count`); a draw otherwise.
    deadlock_count: bool,
    /// Per side, per point: the moves from there to the side's nearest goal (0 without
    /// goals), which the solver orders quiet moves by.
    goal_distance: [Vec<u32>; 2],
    /// The board's symmetries the rules keep, each as the image of every point.
    symmetries: Vec<Vec<u8>>,
    /// The same, each as per byte of a word and per value of that byte, the image of its
    /// points: a word maps by eight lookups.
    byte_maps: Vec<Box<[[u64; 256]; 8]>>,
}

impl StepBits {
    /// The compiled form of `game`, where it has one: no rules of chess, no jumps, crowns,
    /// placement, royal or safe types; `stalemate pass`; goals scored at once (or none); a
    /// game that ends by itself before its move limit, its steps never coming back to a
    /// point; at most 64 points; each side's pieces of one type with the same goals, moving
    /// and attacking by single steps; a game not decided by counting margins (where margins
    /// score, the play layer serves). `None` otherwise.
    pub fn compile(game: &Game) -> Option<StepBits> {
        let rules = &game.rules;
        if game.chess.is_some()
            || game.jumps.is_some()
            || game.placement.is_some()
            || game.any_royal
            || game.safe.iter().any(|&s| s)
            || game.limit_matters
            || rules.stalemate != Stalemate::Pass
            || (game.any_goals && rules.goals != GoalRule::Immediate)
            || game.scores_by_count()
        {
            return None;
        }
        let board = &game.scenario.board;
        let n = board.len();
        if n > 64 || n == 0 {
            return None;
        }
        let mut class = [None, None];
        let mut goals = [None, None];
        let mut goal_distance: [Vec<u32>; 2] = [vec![0; n], vec![0; n]];
        for piece in 0..game.piece_count() {
            let s = game.side[piece].index();
            let c = game.class[piece];
            if *class[s].get_or_insert(c) != c {
                return None;
            }
            let mask = (0..n)
                .filter(|&p| game.goals[piece][p])
                .fold(0u64, |m, p| m | 1 << p);
            if *goals[s].get_or_insert(mask) != mask {
                return None;
            }
            goal_distance[s].clone_from(&game.goal_distance[piece]);
        }
        let mut steps: [Vec<u64>; 2] = [vec![0; n], vec![0; n]];
        let mut takes: [Vec<u64>; 2] = [vec![0; n], vec![0; n]];
        for s in 0..2 {
            let Some(c) = class[s] else { continue };
            let moves = game.move_rays(c);
            let attacks = game.classes[c].attacks.map(|a| &game.rays[a]);
            for p in board.points() {
                for ray in moves.from(p) {
                    let &[to] = ray else { return None };
                    steps[s][p.index()] |= 1 << to.index();
                    if attacks.is_none() {
                        takes[s][p.index()] |= 1 << to.index();
                    }
                }
                for ray in attacks.iter().flat_map(|a| a.from(p)) {
                    let &[to] = ray else { return None };
                    takes[s][p.index()] |= 1 << to.index();
                }
            }
        }
        // Every line must end by itself: where a side's steps can come back to a point, a
        // game under an unbounded limit never ends, and the solver would not either.
        if !steps.iter().zip(&takes).all(|(s, t)| acyclic(s, t)) {
            return None;
        }
        let symmetries: Vec<Vec<u8>> = super::symmetry::symmetry_images(
            &game.scenario,
            &game.classes,
            &game.goals,
            false,
            false,
        )
        .into_iter()
        .map(|image| image.iter().map(|q| q.index() as u8).collect())
        .collect();
        let byte_maps = symmetries.iter().map(|image| byte_map(image)).collect();
        Some(StepBits {
            byte_maps,
            board: if n == 64 { u64::MAX } else { (1 << n) - 1 },
            steps,
            takes,
            goals: goals.map(Option::unwrap_or_default),
            any_goals: game.any_goals,
            deadlock_count: rules.deadlock == Deadlock::Count,
            goal_distance,
            symmetries,
        })
    }

    /// The empty points of `m`.
    #[inline]
    pub fn empty(&self, m: Men) -> u64 {
        self.board & !(m.sides[0] | m.sides[1])
    }

    /// The points a piece of the side to move on `from` may move to.
    #[inline]
    pub fn targets(&self, m: Men, from: u32) -> u64 {
        let s = m.to_move.index();
        (self.steps[s][from as usize] & self.empty(m)) | (self.takes[s][from as usize] & m.theirs())
    }

    /// The moves of the side to move of `m` into `out`, in the order of the points left
    /// and entered.
    pub fn moves(&self, m: Men, out: &mut Vec<StepMove>) {
        out.clear();
        let mut left = m.mine();
        while left != 0 {
            let from = left.trailing_zeros();
            left &= left - 1;
            let mut to = self.targets(m, from);
            while to != 0 {
                let t = to.trailing_zeros();
                to &= to - 1;
                out.push(StepMove {
                    from: from as u8,
                    to: t as u8,
                });
            }
        }
    }

    /// Whether the side to move has a move.
    #[inline]
    pub fn can_move(&self, m: Men) -> bool {
        let mut left = m.mine();
        while left != 0 {
            let from = left.trailing_zeros();
            left &= left - 1;
            if self.targets(m, from) != 0 {
                return true;
            }
        }
        false
    }

    /// Whether the side to move has a move onto one of its goals (which wins at once).
    #[inline]
    pub fn reaches_goal(&self, m: Men) -> bool {
        let goals = self.goals[m.to_move.index()];
        if goals == 0 {
            return false;
        }
        let mut left = m.mine();
        while left != 0 {
            let from = left.trailing_zeros();
            left &= left - 1;
            if self.targets(m, from) & goals != 0 {
                return true;
            }
        }
        false
    }

    /// The position after the side to move plays `mv`.
    #[inline]
    pub fn play(&self, m: Men, mv: StepMove) -> Men {
        let s = m.to_move.index();
        let mut sides = m.sides;
        sides[s] ^= (1 << mv.from) | (1 << mv.to);
        sides[1 - s] &= !(1 << mv.to);
        Men {
            sides,
            to_move: m.to_move.opposite(),
        }
    }

    /// Whether `mv` (by the side to move of the position before it) enters one of its goals.
    #[inline]
    pub fn is_goal(&self, side: Side, to: u8) -> bool {
        self.goals[side.index()] >> to & 1 == 1
    }

    /// The moves from a piece on `from` to its nearest goal, for the side `side`.
    #[inline]
    pub fn goal_distance(&self, side: Side, at: u8) -> u32 {
        self.goal_distance[side.index()][usize::from(at)]
    }

    /// Whether the game ended as no piece with a goal is left on either side (a draw), read
    /// after a move as the play layer reads it.
    #[inline]
    pub fn no_goal_pieces(&self, m: Men) -> bool {
        self.any_goals
            && (self.goals[0] == 0 || m.sides[0] == 0)
            && (self.goals[1] == 0 || m.sides[1] == 0)
    }

    /// The value, from the side to move's view, of `m` where neither side can move.
    #[inline]
    pub fn deadlock(&self, m: Men) -> i32 {
        if self.deadlock_count {
            m.margin().signum()
        } else {
            0
        }
    }

    /// The symmetries the rules keep, as point images.
    pub fn symmetries(&self) -> &[Vec<u8>] {
        &self.symmetries
    }

    /// `m` with its points mapped by the `k`-th symmetry of [`StepBits::symmetries`].
    #[inline]
    pub fn mapped(&self, m: Men, k: usize) -> Men {
        let table = &self.byte_maps[k];
        let map = |w: u64| {
            let mut out = 0u64;
            for (byte, images) in table.iter().enumerate() {
                out |= images[(w >> (8 * byte)) as usize & 0xff];
            }
            out
        };
        Men {
            sides: m.sides.map(map),
            to_move: m.to_move,
        }
    }

    /// `state`'s position in this form: `None` where the game is over, a pass was just
    /// played (the next side without a move ends it), or the start has no piece with a goal
    /// in a game with goals (the play layer reads that ending after a move only).
    pub fn men(&self, game: &Game, state: &State) -> Option<Men> {
        if state.outcome.is_some() || state.passed || state.pending.is_some() {
            return None;
        }
        let mut sides = [0u64; 2];
        for (i, at) in state.at.iter().enumerate() {
            if let Some(p) = at {
                sides[game.side[i].index()] |= 1 << p.index();
            }
        }
        let m = Men {
            sides,
            to_move: state.to_move,
        };
        (!self.no_goal_pieces(m)).then_some(m)
    }

    /// The play layer's name of `mv` from `state` (whose position is the one `mv` was
    /// generated from), or `None` where the play layer lists no such move.
    pub fn named(&self, game: &Game, state: &State, mv: Option<StepMove>) -> Option<Move> {
        let mut listed = Vec::new();
        let mut probe = state.clone();
        probe.successors(game, &mut listed);
        listed.into_iter().find(|l| match (l, mv) {
            (Move::Pass, None) => true,
            (Move::Step { from, to, .. }, Some(m)) => {
                *from == Point(u32::from(m.from)) && *to == Point(u32::from(m.to))
            }
            _ => false,
        })
    }
}

/// Whether no point can be reached again by steps and captures along `steps` and `takes`
/// (per point, the points a piece there goes to): Kahn's order of the graph takes every point.
fn acyclic(steps: &[u64], takes: &[u64]) -> bool {
    let n = steps.len();
    let out: Vec<u64> = (0..n).map(|p| steps[p] | takes[p]).collect();
    let mut incoming = vec![0u32; n];
    for &o in &out {
        let mut left = o;
        while left != 0 {
            incoming[left.trailing_zeros() as usize] += 1;
            left &= left - 1;
        }
    }
    let mut ready: Vec<usize> = (0..n).filter(|&p| incoming[p] == 0).collect();
    let mut taken = 0;
    while let Some(p) = ready.pop() {
        taken += 1;
        let mut left = out[p];
        while left != 0 {
            let q = left.trailing_zeros() as usize;
            left &= left - 1;
            incoming[q] -= 1;
            if incoming[q] == 0 {
                ready.push(q);
            }
        }
    }
    taken == n
}

/// Per byte of a word and value of that byte, the image under `image` of the points it holds.
fn byte_map(image: &[u8]) -> Box<[[u64; 256]; 8]> {
    let mut table = Box::new([[0u64; 256]; 8]);
    for (byte, images) in table.iter_mut().enumerate() {
        for (value, out) in images.iter_mut().enumerate() {
            for bit in 0..8 {
                let p = 8 * byte + bit;
                if value >> bit & 1 == 1 && p < image.len() {
                    *out |= 1 << image[p];
                }
            }
        }
    }
    table
}

/// Counts the leaves of the tree of moves of `m` to `depth` plies as [`crate::play::perft`]
/// counts them: a pass is a move, a position where the game is over a leaf with nothing
/// below it. `passed`: the move into `m` was a pass (a side without a move there ends the
/// game). The tests hold the two counts equal.
pub fn perft(bits: &StepBits, m: Men, passed: bool, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = Vec::new();
    bits.moves(m, &mut moves);
    let mut total = 0;
    for &mv in &moves {
        let child = bits.play(m, mv);
        if bits.is_goal(m.to_move, mv.to) || bits.no_goal_pieces(child) {
            total += u64::from(depth == 1);
        } else {
            total += perft(bits, child, false, depth - 1);
        }
    }
    let any = !moves.is_empty();
    match (any, passed) {
        (true, _) => total,
        (false, true) => 0,
        (false, false) => perft(bits, m.passed(), true, depth - 1),
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::play::perft::perft as play_perft;
    use crate::scenario::Scenario;

    /// Pawned on `board` (the shipped file with its board line changed).
    pub(crate) fn pawned(board: &str) -> Game {
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/pawned.scenario");
        let text = std::fs::read_to_string(path).unwrap();
        let text = text.replace("board 5x6", &format!("board {board}"));
        Game::new(Scenario::parse("pawned.scenario", &text).unwrap()).unwrap()
    }

    /// Stepping games other than Pawned: removed points; sides of different types, one
    /// attacking as it moves and one whose moves and captures are Berolina's; goals for one
    /// side only and a deadlock drawn.
    pub(crate) const VARIANTS: [&str; 2] = [
        "board 5x5\nremoved (3,3) (1,4)\n\
         type man { move leap (0,1) attack leap (1,1) (-1,1) }\n\
         white man at rank 1 as W\nblack man at rank last as B\n\
         goal rank last for white\ngoal rank 1 for black\n\
         game { first white goals immediate stalemate pass deadlock count }\n",
        "board 5x6\n\
         type berolina { move leap (1,1) (-1,1) attack leap (0,1) }\n\
         type stepper { move leap (0,1) (1,1) (-1,1) }\n\
         white berolina at rank 1\n\
         black stepper at b6 as S1\nblack stepper at c6 as S2\nblack stepper at d6 as S3\n\
         goal rank last for white\n\
         game { first black goals immediate stalemate pass deadlock draw }\n",
    ];

    pub(crate) fn variant(source: &str) -> Game {
        Game::new(Scenario::parse("variant.scenario", source).unwrap()).unwrap()
    }

    /// The compiled rule's perft is the play layer's, on Pawned's boards and the variants.
    #[test]
    fn perft_equals_the_play_layers() {
        let mut games: Vec<(String, Game, u32)> = vec![
            ("4x4".into(), pawned("4x4"), 14),
            ("5x6".into(), pawned("5x6"), 9),
            ("6x7".into(), pawned("6x7"), 7),
            ("7x8".into(), pawned("7x8"), 6),
        ];
        for (v, source) in VARIANTS.iter().enumerate() {
            games.push((format!("variant {v}"), variant(source), 9));
        }
        for (name, game, depth) in &games {
            let bits = StepBits::compile(game).unwrap_or_else(|| panic!("{name} compiles"));
            let state = State::initial(game);
            let m = bits.men(game, &state).unwrap();
            let mut leaves = Vec::new();
            for k in 1..=*depth {
                let n = perft(&bits, m, false, k);
                assert_eq!(
                    n,
                    play_perft(game, &state, k).unwrap().nodes,
                    "{name}, depth {k}"
                );
                leaves.push(n);
            }
            // The tree ends: its last count falls as the lines of 4x4 end.
            if name == "4x4" {
                assert!(leaves[13] < leaves[12], "{leaves:?}");
            }
        }
    }

    /// What is not a stepping game of this form is left to the play layer.
    #[test]
    fn other_games_do_not_compile() {
        let example = |name: &str| {
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("examples")
                .join(name);
            let text = std::fs::read_to_string(path).unwrap();
            Game::new(Scenario::parse(name, &text).unwrap()).unwrap()
        };
        for name in [
            "othello-4x4.scenario",
            "checkers.scenario",
            "robot-2d4a.scenario",
            "middlegame-game.scenario",
        ] {
            assert!(StepBits::compile(&example(name)).is_none(), "{name}");
        }
        // A move limit that can end the game first, two types on one side, a board of more
        // than 64 points, goals that count only once they survive, slides.
        let pawned_text = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/pawned.scenario"),
        )
        .unwrap();
        for (what, from, to) in [
            ("limit", "deadlock count", "deadlock count\n  limit 6"),
            ("9x8", "board 5x6", "board 9x8"),
            ("survive", "goals immediate", "goals survive"),
            (
                "two types",
                "white pawn at rank 1",
                "white pawn at rank 1\ntype runner { move leap (0,1) }\nwhite runner at c3",
            ),
            (
                "slide",
                "white pawn at rank 1",
                "type runner { move slide (0,1) range 2 attack leap (1,1) (-1,1) }\nwhite runner at rank 1",
            ),
        ] {
            assert!(pawned_text.contains(from), "{what}");
            let text = pawned_text.replace(from, to);
            let game = Game::new(Scenario::parse("p.scenario", &text).unwrap()).unwrap();
            assert!(StepBits::compile(&game).is_none(), "{what}");
        }
        // 7x8 compiles; on 8x8 the default limit of 200 moves could end the game first (its
        // 16 pawns have 226 moves in them), so the play layer solves it.
        assert!(StepBits::compile(&pawned("7x8")).is_some());
        // A walker going back and forth under a limit no game reaches: it never ends.
        let endless = Game::new(
            Scenario::parse(
                "endless.scenario",
                "board graph { 1 2 }\ntype WALKER { move edges 1 -- 2 }\n\
                 white WALKER at 1 as W\ngame { limit 4294967295 }\n",
            )
            .unwrap(),
        )
        .unwrap();
        assert!(
            !endless.limit_matters,
            "the limit alone would let it compile"
        );
        assert!(StepBits::compile(&endless).is_none());
        assert!(StepBits::compile(&pawned("8x8")).is_none());
    }

    /// A position mapped by a symmetry the rules keep is its mirror image, and mapping twice
    /// gives it back.
    #[test]
    fn the_file_mirror_maps_positions() {
        let game = pawned("5x6");
        let bits = StepBits::compile(&game).unwrap();
        assert_eq!(
            bits.symmetries().len(),
            1,
            "Pawned keeps the file mirror alone"
        );
        let state = State::initial(&game);
        let m = bits.men(&game, &state).unwrap();
        assert_eq!(bits.mapped(m, 0), m, "the start is symmetric");
        // a1-a2: the mirror is e1-e2.
        let a2 = bits.play(m, StepMove { from: 0, to: 5 });
        let e2 = bits.play(m, StepMove { from: 4, to: 9 });
        assert_eq!(bits.mapped(a2, 0), e2);
        assert_eq!(bits.mapped(bits.mapped(a2, 0), 0), a2);
    }
}
