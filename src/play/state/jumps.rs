//! The moves of pieces that jump or crown (docs/semantics.md §7.4; what the game compiles is
//! `play/jump.rs`): their steps onto empty points, their chains of jumps, made and unmade in
//! place, and a chain's text.

use super::{EMPTY, Move, MoveError, Special, State};
use crate::board::Point;
use crate::play::game::Game;
use crate::play::jump::{JumpGame, JumpPath, MAX_JUMPS};

/// A chain being found: the piece, where it started, the points jumped so far (their pieces
/// stay on the board until the move ends, so none is jumped twice), the first piece taken.
struct Chain {
    piece: usize,
    class: usize,
    from: Point,
    over: [Point; MAX_JUMPS],
    first: Option<u8>,
}

impl State {
    /// Every chain of jumps of the side to move into `out` (which it clears); whether there is
    /// one. Under `capture compulsory` these are then its only moves.
    pub(super) fn all_jumps(&self, game: &Game, jumps: &JumpGame, out: &mut Vec<Move>) -> bool {
        out.clear();
        for &i in &game.by_side[self.to_move.index()] {
            let i = usize::from(i);
            if let Some(from) = self.at[i] {
                self.piece_jumps(game, jumps, i, from, out);
            }
        }
        !out.is_empty()
    }

    /// The moves of a piece that jumps or crowns: its steps onto empty points (a type that
    /// jumps captures only by jumping), crowning on its far rank, then its chains of jumps
    /// unless the capture is compulsory (then [`State::all_jumps`] found none).
    pub(super) fn jumper_moves(
        &self,
        game: &Game,
        jumps: &JumpGame,
        i: usize,
        from: Point,
        out: &mut Vec<Move>,
    ) {
        let class = self.class(i);
        let side = game.side[i];
        let crown = jumps.crown[class].map(|c| game.classes[c].type_index as u8);
        for ray in game.move_rays(class).from(from) {
            for &to in ray {
                if self.occupant[to.index()] != EMPTY {
                    break;
                }
                out.push(Move::Step {
                    piece: i as u8,
                    from,
                    to,
                    capture: None,
                    promote: crown.filter(|_| jumps.on_far_rank(side, to)),
                    special: Special::None,
                });
            }
        }
        if !jumps.compulsory {
            self.piece_jumps(game, jumps, i, from, out);
        }
    }

    /// The chains of jumps of piece `i` from `from`.
    fn piece_jumps(
        &self,
        game: &Game,
        jumps: &JumpGame,
        i: usize,
        from: Point,
        out: &mut Vec<Move>,
    ) {
        let class = self.class(i);
        if jumps.vectors[class].is_empty() {
            return;
        }
        let mut chain = Chain {
            piece: i,
            class,
            from,
            over: [from; MAX_JUMPS],
            first: None,
        };
        self.extend(game, jumps, &mut chain, from, JumpPath::default(), out);
    }

    /// Every way to go on jumping from `at` after `path`; where no jump goes on, the chain so
    /// far is a move (a piece must jump while it can). A piece that lands on its far rank
    /// crowns, and its move ends there.
    fn extend(
        &self,
        game: &Game,
        jumps: &JumpGame,
        chain: &mut Chain,
        at: Point,
        path: JumpPath,
        out: &mut Vec<Move>,
    ) {
        let side = game.side[chain.piece];
        let taken = path.len();
        let mut went_on = false;
        for &v in &jumps.vectors[chain.class] {
            let v = usize::from(v);
            let Some((over, land)) = jumps.hop(v, at) else {
                continue;
            };
            let q = self.occupant[over.index()];
            if q == EMPTY || self.side_of(game, q) == side || chain.over[..taken].contains(&over) {
                continue;
            }
            // The piece's own point is empty once it has left it.
            let l = self.occupant[land.index()];
            if l != EMPTY && usize::from(l) != chain.piece {
                continue;
            }
            went_on = true;
            let before = chain.first;
            chain.first = chain.first.or(Some(q));
            chain.over[taken] = over;
            let next = path.then(v);
            match jumps.crown[chain.class] {
                Some(c) if jumps.on_far_rank(side, land) => {
                    out.push(jump(
                        chain,
                        land,
                        next,
                        Some(game.classes[c].type_index as u8),
                    ));
                }
                _ => self.extend(game, jumps, chain, land, next, out),
            }
            chain.first = before;
        }
        if !went_on && taken > 0 {
            out.push(jump(chain, at, path, None));
        }
    }

    /// [`State::make_raw`]'s part for a chain of jumps: the piece from `from` to `to`, the
    /// pieces jumped taken (kept in order for unmaking), and its crown where `promote` says.
    pub(super) fn make_jump(
        &mut self,
        game: &Game,
        piece: usize,
        from: Point,
        to: Point,
        path: JumpPath,
        promote: Option<u8>,
    ) {
        let Some(jumps) = &game.jumps else { return };
        let class = self.class(piece);
        self.occupant[from.index()] = EMPTY;
        self.toggle(game, class, from);
        let mut at = from;
        for k in 0..path.len() {
            let Some((over, land)) = jumps.hop(path.vector(k), at) else {
                break;
            };
            let q = self.occupant[over.index()];
            self.occupant[over.index()] = EMPTY;
            let qi = usize::from(q);
            self.at[qi] = None;
            self.toggle(game, self.class(qi), over);
            if game.owns_goal[qi] {
                self.goal_pieces[game.side[qi].index()] -= 1;
            }
            self.taken.push(q);
            at = land;
        }
        debug_assert_eq!(at, to, "a jump's path ends where its move does");
        let class = if promote.is_some() {
            self.crown(game, piece)
        } else {
            class
        };
        self.occupant[to.index()] = piece as u8;
        self.at[piece] = Some(to);
        self.toggle(game, class, to);
        self.passed = false;
        if game.chess.is_some() {
            self.en_passant = None;
            self.halfmove = 0;
        }
    }

    /// Takes back [`State::make_jump`]: the taken pieces back on the points jumped, the piece
    /// on `from` as `class` (its class before a crown). The key is restored by the caller.
    pub(super) fn unmake_jump(
        &mut self,
        game: &Game,
        piece: usize,
        from: Point,
        to: Point,
        path: JumpPath,
        class: u8,
    ) {
        let Some(jumps) = &game.jumps else { return };
        self.occupant[to.index()] = EMPTY;
        let mut overs = [from; MAX_JUMPS];
        let mut at = from;
        for (k, slot) in overs.iter_mut().enumerate().take(path.len()) {
            if let Some((over, land)) = jumps.hop(path.vector(k), at) {
                *slot = over;
                at = land;
            }
        }
        for &over in overs[..path.len()].iter().rev() {
            let Some(q) = self.taken.pop() else { break };
            let qi = usize::from(q);
            self.occupant[over.index()] = q;
            self.at[qi] = Some(over);
            if game.owns_goal[qi] {
                self.goal_pieces[game.side[qi].index()] += 1;
            }
        }
        self.occupant[from.index()] = piece as u8;
        self.at[piece] = Some(from);
        self.class[piece] = class;
    }

    /// Crowns `piece`: its class becomes its crown's, which is returned (its class kept where
    /// it has no crown).
    pub(super) fn crown(&mut self, game: &Game, piece: usize) -> usize {
        let class = self.class(piece);
        let Some(c) = game.jumps.as_ref().and_then(|j| j.crown[class]) else {
            return class;
        };
        self.class[piece] = c as u8;
        c
    }

    /// A chain of jumps written `c3:e5:c7` (every point landed on) or `c3:c7` (its ends, when
    /// one chain joins them) among the `legal` moves; `None` when `squares` is not a chain
    /// (then the move is read as any other).
    pub(super) fn parse_jump(
        &self,
        game: &Game,
        jumps: &JumpGame,
        legal: &[Move],
        text: &str,
        squares: &str,
    ) -> Option<Result<Move, MoveError>> {
        if !squares.contains(':') {
            return None;
        }
        let board = &game.scenario.board;
        let points: Vec<Point> = squares
            .split(':')
            .map(|t| board.parse_point(t.trim()).ok())
            .collect::<Option<_>>()?;
        let [from, .., to] = points[..] else {
            return None;
        };
        let fits: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| match *m {
                Move::Step {
                    from: f,
                    to: t,
                    special: Special::Jump(path),
                    ..
                } => {
                    f == from
                        && t == to
                        && (points.len() == 2 || jumps.landings(f, path) == points[1..])
                }
                _ => false,
            })
            .collect();
        match fits[..] {
            [] if points.len() == 2 => None,
            [] => Some(Err(MoveError::NotAMove(text.to_string()))),
            [mv] => Some(Ok(mv)),
            [mv, ..] => Some(Err(MoveError::AmbiguousJump {
                text: text.to_string(),
                count: fits.len(),
                example: mv.show(game),
            })),
        }
    }
}

/// A chain of jumps as a move.
fn jump(chain: &Chain, to: Point, path: JumpPath, promote: Option<u8>) -> Move {
    Move::Step {
        piece: chain.piece as u8,
        from: chain.from,
        to,
        capture: chain.first,
        promote,
        special: Special::Jump(path),
    }
}

/// A chain's text: its start and every point it lands on, `c3:e5:c7`.
pub(super) fn path_text(game: &Game, jumps: &JumpGame, from: Point, path: JumpPath) -> String {
    let b = &game.scenario.board;
    let mut text = b.name(from).to_string();
    for p in jumps.landings(from, path) {
        text.push(':');
        text.push_str(b.name(p).as_ref());
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::perft::perft;
    use crate::play::state::Reason;
    use crate::random::SplitMix;
    use crate::scenario::Scenario;

    const CHECKERS: &str = include_str!("../../../examples/checkers.scenario");

    fn game(text: &str) -> Game {
        Game::new(Scenario::parse("t.scenario", text).unwrap()).unwrap()
    }

    /// A position of the checkers types: `pieces` lines, White to move unless `first` says.
    fn position(pieces: &str, rules: &str) -> Game {
        let types = CHECKERS
            .split("# Each rank's men")
            .next()
            .expect("the shipped file declares its types before its men");
        // Each piece named by its line: P0, P1, ... (goal lines are left as they are).
        let pieces: String = pieces
            .lines()
            .enumerate()
            .map(|(k, line)| match line.starts_with("goal") {
                true => format!("{line}\n"),
                false => format!("{line} as P{k}\n"),
            })
            .collect();
        game(&format!("{types}\n{pieces}game {{\n{rules}\n}}\n"))
    }

    fn shown(game: &Game, state: &State) -> Vec<String> {
        let mut moves = Vec::new();
        state.clone().successors(game, &mut moves);
        moves.iter().map(|m| m.show(game)).collect()
    }

    #[test]
    fn checkers_perft_from_the_start_is_the_published_table() {
        let g = game(CHECKERS);
        let s = State::initial(&g);
        let published = [7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680];
        for (depth, want) in (1..).zip(published) {
            assert_eq!(perft(&g, &s, depth).unwrap().nodes, want, "depth {depth}");
        }
    }

    #[test]
    #[ignore = "3 s in the tests' build: cargo test --lib checkers_perft -- --ignored"]
    fn checkers_perft_to_depth_10() {
        let g = game(CHECKERS);
        let s = State::initial(&g);
        assert_eq!(perft(&g, &s, 10).unwrap().nodes, 18391564);
    }

    #[test]
    fn two_chains_with_the_same_ends_are_two_moves() {
        // The king on c3 can take the four men around c5 going either way round, back to c3.
        let g = position(
            "white KING at c3\nblack MAN at b4\nblack MAN at b6\nblack MAN at d6\nblack MAN at d4\n",
            "first white\ncapture compulsory\nstalemate lose",
        );
        let s = State::initial(&g);
        let mut moves = shown(&g, &s);
        moves.sort();
        assert_eq!(moves, ["c3:a5:c7:e5:c3", "c3:e5:c7:a5:c3"]);
        assert_eq!(perft(&g, &s, 1).unwrap().nodes, 2);
        // Each is read back from its text; its ends alone name two moves.
        for text in &moves {
            let mv = s.parse_move(&g, text).unwrap();
            assert_eq!(&mv.show(&g), text);
        }
        let err = s.parse_move(&g, "c3:c3").unwrap_err();
        assert!(
            matches!(err, MoveError::AmbiguousJump { count: 2, .. }),
            "{err}"
        );
        // Either takes all four, and unmaking gives them back where they stood.
        let mut t = s.clone();
        let mv = s.parse_move(&g, "c3:e5:c7:a5:c3").unwrap();
        let undo = t.make(&g, mv);
        assert_eq!(t.at.iter().filter(|a| a.is_some()).count(), 1);
        assert_eq!(t.hash(&g), t.recomputed_hash(&g));
        t.unmake(&g, undo);
        assert_eq!(t, s);
    }

    #[test]
    fn a_side_that_can_jump_must_unless_capture_is_free() {
        let pieces = "white MAN at c3\nwhite MAN at g3\nblack MAN at d4\nblack MAN at a7\n";
        let forced = position(pieces, "first white\ncapture compulsory");
        assert_eq!(shown(&forced, &State::initial(&forced)), ["c3:e5"]);
        let free = position(pieces, "first white\ncapture free");
        assert_eq!(
            shown(&free, &State::initial(&free)),
            ["c3-b4", "c3:e5", "g3-f4", "g3-h4"]
        );
    }

    #[test]
    fn a_man_goes_on_jumping_while_it_can() {
        // c3 takes d4 and f6 in one move, and cannot stop after d4.
        let g = position(
            "white MAN at c3\nblack MAN at d4\nblack MAN at f6\nblack MAN at h8\n",
            "first white\ncapture compulsory",
        );
        assert_eq!(shown(&g, &State::initial(&g)), ["c3:e5:g7"]);
    }

    #[test]
    fn men_move_and_jump_forward_only_kings_both_ways() {
        // The white man on d4 has a black man behind it on c3 with b2 empty: no jump back.
        let man = position(
            "white MAN at d4\nblack MAN at c3\nblack MAN at a7\n",
            "first white\ncapture compulsory",
        );
        assert_eq!(shown(&man, &State::initial(&man)), ["d4-c5", "d4-e5"]);
        let king = position(
            "white KING at d4\nblack MAN at c3\nblack MAN at a7\n",
            "first white\ncapture compulsory",
        );
        assert_eq!(shown(&king, &State::initial(&king)), ["d4:b2"]);
        // Black's men go down the board.
        let black = position(
            "white MAN at a1\nblack MAN at d4\n",
            "first black\ncapture compulsory",
        );
        assert_eq!(shown(&black, &State::initial(&black)), ["d4-c3", "d4-e3"]);
    }

    #[test]
    fn crowning_changes_the_type_and_ends_the_move() {
        // c7 jumped lands the man on d8, its far rank: crowned, and it does not go on over e7
        // (as a king it could).
        let g = position(
            "white MAN at b6\nblack MAN at c7\nblack MAN at e7\n",
            "first white\ncapture compulsory",
        );
        let s = State::initial(&g);
        assert_eq!(shown(&g, &s), ["b6:d8=K"]);
        let man = g.scenario.type_index("MAN").unwrap();
        let king = g.scenario.type_index("KING").unwrap();
        let mut t = s.clone();
        let undo = t.make(&g, t.parse_move(&g, "b6:d8").unwrap());
        assert_eq!(t.kind(&g, 0), king);
        assert_eq!(t.hash(&g), t.recomputed_hash(&g));
        // The crowned king moves both ways now.
        assert_eq!(shown(&g, &t), ["e7-d6", "e7-f6"]);
        t.unmake(&g, undo);
        assert_eq!(t, s);
        assert_eq!(t.kind(&g, 0), man);
        // A step onto the far rank crowns too.
        let g = position("white MAN at b6\nblack MAN at h2\n", "first white");
        let mut t = State::initial(&g);
        let moves = shown(&g, &t);
        assert_eq!(moves, ["b6-a7", "b6-c7"]);
        let mv = t.parse_move(&g, "b6-a7").unwrap();
        t.make(&g, mv);
        let mv = t.parse_move(&g, "h2-g1").unwrap();
        t.make(&g, mv);
        let mv = t.parse_move(&g, "a7-b8").unwrap();
        t.make(&g, mv);
        assert_eq!(t.kind(&g, 0), king);
        assert_eq!(t.hash(&g), t.recomputed_hash(&g));
    }

    #[test]
    fn a_goal_taken_by_a_later_jump_of_a_chain_counts_for_nothing() {
        // P0 reaches its goal d4; Black's king answers with g7:e5:c3, taking P1 on f6 and then
        // P0 on d4: under `goals survive` the goal does not stand.
        let g = position(
            "white MAN at c3\nwhite MAN at f6\nblack KING at g7\ngoal d4 for P0\n",
            "first white\ngoals survive\ncapture free",
        );
        let mut s = State::initial(&g);
        let mv = s.parse_move(&g, "c3-d4").unwrap();
        s.make(&g, mv);
        assert!(s.pending.is_some() && s.outcome.is_none());
        let mv = s.parse_move(&g, "g7:e5:c3").unwrap();
        s.make(&g, mv);
        assert_eq!(s.at[0], None);
        let o = s.outcome.expect("no goal piece is left");
        assert_eq!((o.value, o.reason), (0, Reason::NoGoalPieces));
    }

    #[test]
    fn make_and_unmake_restore_every_position_of_random_games() {
        let g = game(CHECKERS);
        let mut rng = SplitMix(48);
        let (mut chains, mut crowns) = (0, 0);
        for _ in 0..40 {
            let mut s = State::initial(&g);
            let mut moves = Vec::new();
            for _ in 0..150 {
                s.successors(&g, &mut moves);
                if moves.is_empty() {
                    break;
                }
                for &mv in &moves {
                    let mut t = s.clone();
                    let undo = t.make(&g, mv);
                    assert_eq!(t.hash(&g), t.recomputed_hash(&g), "{}", mv.show(&g));
                    if let Some(k) = s.child_key(&g, mv, false) {
                        assert_eq!(k, t.hash(&g), "{}", mv.show(&g));
                    }
                    t.unmake(&g, undo);
                    assert_eq!(t, s, "{}", mv.show(&g));
                    if let Move::Step {
                        special: Special::Jump(path),
                        promote,
                        ..
                    } = mv
                    {
                        chains += usize::from(path.len() > 1);
                        crowns += usize::from(promote.is_some());
                    }
                }
                let mv = moves[rng.below(moves.len() as u64) as usize];
                s.make(&g, mv);
            }
        }
        assert!(
            chains > 0 && crowns > 0,
            "{chains} chains, {crowns} crowns met"
        );
    }
}
