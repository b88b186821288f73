//! The mobility evaluation (`eval=mobility`): White's legal moves minus Black's, each side's
//! counted in the position as if it were to move. Any game's: nothing in it names a game, and
//! on Othello it is the classic mobility heuristic (a side with few placements is soon forced
//! into bad ones), beside `eval=material`, which on Othello (each disc of value 1) counts the
//! discs.

use crate::piece::Side;
use crate::play::game::Game;
use crate::play::state::{Move, State};

/// White's legal moves minus Black's in `state` (the side not to move counted after a pass),
/// as a value of the evaluations' scale (one move counts as a piece of value 1).
pub fn mobility(game: &Game, state: &State) -> f64 {
    let mut scratch = state.clone();
    let mut moves = Vec::new();
    scratch.legal_moves_in_place(game, &mut moves);
    let own = moves.len();
    // The other side's moves as if the side to move passed (the scratch state is dropped).
    scratch.make_raw(game, Move::Pass);
    scratch.legal_moves_in_place(game, &mut moves);
    let other = moves.len();
    let (white, black) = match state.to_move {
        Side::White => (own, other),
        Side::Black => (other, own),
    };
    white as f64 - black as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::Scenario;

    fn game(text: &str) -> Game {
        Game::new(Scenario::parse("t", text).unwrap()).unwrap()
    }

    /// 4x4 Othello after b1 a1, counted by hand: Black (to move) has a2, d3 and c4; White,
    /// were it to move, c1, a3, d2 and b4. At the start each side has four.
    #[test]
    fn mobility_counts_each_side_s_moves() {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/examples/othello-4x4.scenario"
        ))
        .unwrap();
        let g = game(&text);
        let mut s = State::initial(&g);
        assert_eq!(mobility(&g, &s), 0.0);
        for m in ["b1", "a1"] {
            let mv = s.parse_move(&g, m).unwrap();
            s.make(&g, mv);
        }
        assert_eq!(mobility(&g, &s), 1.0);
    }

    /// Not Othello's own: a white stepper in the middle of a 3x3 board has four moves, a black
    /// one in a corner two.
    #[test]
    fn mobility_reads_any_game() {
        let text = "board 3x3\ntype stepper { move leap (1,0) (0,1) (-1,0) (0,-1) value 1 }\n\
                    white stepper at b2 as W\nblack stepper at c3 as B\ngame { first black }\n";
        let g = game(text);
        assert_eq!(mobility(&g, &State::initial(&g)), 2.0);
    }
}
