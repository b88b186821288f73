//! The proof flags: whether a value is forced within the reduced tree ([`Tree::proved`](super::tree::Tree::proved)) and
//! whether it is proved for the game ([`Tree::checked`](super::tree::Tree::checked): every legal move of a side short of its
//! best answered).

use super::moves::pending_replies;
use super::tree::{End, TreeNode};
use crate::piece::Side;
use crate::play::game::Game;
use crate::play::state::{Move, State};

/// Whether the value `value` of a node whose side to move is White when `white` and whose
/// moves searched are `children` is proved ([`Tree::proved`](super::tree::Tree::proved)).
pub(super) fn proved(children: &[TreeNode], white: bool, value: i8) -> bool {
    let flags = children.iter().map(|c| {
        let p = match c.end {
            Some(End::GameOver | End::NoWin) => true,
            Some(End::Table { proved, .. }) => proved,
            Some(_) => false,
            None => proved(&c.children, !white, c.value),
        };
        (c.value, p)
    });
    backed_up_proved(flags, white, value)
}

/// [`Tree::checked`](super::tree::Tree::checked) below `state`, whose moves searched are `children`, its value `value`
/// and `cut` whether a cutoff left moves of it unsearched.
pub(super) fn checked_below(
    game: &Game,
    state: &mut State,
    children: &[TreeNode],
    value: i8,
    cut: bool,
) -> bool {
    let mut legal = Vec::new();
    state.clone().successors(game, &mut legal);
    let searched: Vec<(Move, i8, bool)> = children
        .iter()
        .map(|c| {
            let ok = match c.end {
                Some(End::GameOver | End::NoWin) => true,
                Some(End::Table { checked, .. }) => checked,
                Some(End::Depth | End::NoZoneMove) => false,
                None => {
                    let undo = state.make(game, c.mv);
                    let ok = checked_below(game, state, &c.children, c.value, c.cut);
                    state.unmake(game, undo);
                    ok
                }
            };
            (c.mv, c.value, ok)
        })
        .collect();
    proof_holds(game, state, &legal, &searched, value, cut)
}

/// [`proved`] from the children's values and whether each is proved: a proved child has the
/// value, and either it is the best the side can have or every child is proved.
pub(super) fn backed_up_proved(
    children: impl Iterator<Item = (i8, bool)>,
    white: bool,
    value: i8,
) -> bool {
    let (mut reached, mut all) = (false, true);
    for (v, p) in children {
        reached |= p && v == value;
        all &= p;
    }
    let best = if white { 1 } else { -1 };
    reached && (value == best || all)
}

/// Whether the value `value` of `state`, whose legal moves are `legal` and whose searched
/// moves are `searched` (move, value, proved for the game), is proved for the game: a proved
/// legal move reaches the value, and the value is a cutoff's bound (`cut`) or the best the
/// side can have ([`best_possible`]); or the moves searched answer every legal move
/// ([`answers_all`]), each proved. A reduced pass is no legal move: it proves nothing.
pub(super) fn proof_holds(
    game: &Game,
    state: &State,
    legal: &[Move],
    searched: &[(Move, i8, bool)],
    value: i8,
    cut: bool,
) -> bool {
    if searched.is_empty() {
        return false;
    }
    let reduced_pass = legal != [Move::Pass];
    let reached = searched
        .iter()
        .any(|&(mv, v, ok)| v == value && ok && !(reduced_pass && mv == Move::Pass));
    let moves: Vec<Move> = searched.iter().map(|s| s.0).collect();
    let all = searched.iter().all(|s| s.2);
    (reached && (cut || value == best_possible(game, state)))
        || (all && answers_all(game, state, legal, &moves))
}

/// Whether searching `moves` of `state` answers every legal move (`legal`): they are all of
/// them; or a goal waits for its reply and they hold every reply that takes the goal piece or
/// answers with a goal (any other reply lets the goal count, the worst the side can do), or
/// some move where there is no such reply (every reply then ends the game alike).
fn answers_all(game: &Game, state: &State, legal: &[Move], moves: &[Move]) -> bool {
    if legal.iter().all(|m| moves.contains(m)) {
        return true;
    }
    match state.pending {
        Some(pending) => {
            let replies = pending_replies(game, pending, legal);
            !moves.is_empty() && replies.iter().all(|m| moves.contains(m))
        }
        None => false,
    }
}

/// The best value the rules leave the side to move in `state`: a win, or a draw where it
/// cannot win ([`State::can_win`]). A move that reaches it needs no sibling answered.
fn best_possible(game: &Game, state: &State) -> i8 {
    match (state.can_win(game, state.to_move), state.to_move) {
        (false, _) => 0,
        (true, Side::White) => 1,
        (true, Side::Black) => -1,
    }
}
