//! The players read a piece's side now on Othello (issue 48): a flip changes a disc's class and
//! so its side, and a disc placed from the reserve in hand has no side in the scenario at all.
//! The oracle is the same position declared afresh, every disc with the side it has now
//! (`State::scenario`), whose pieces' declared sides are right by construction: the control
//! map, the fuzzy evaluation with its explanation and the Chessmaps influence of each move must
//! read the same on both.

use lingeo::piece::Side;
use lingeo::play::game::Game;
use lingeo::play::players::chessmaps::View;
use lingeo::play::players::control::ControlMap;
use lingeo::play::players::fuzzy_evaluation;
use lingeo::play::state::{Move, State};
use lingeo::scenario::Scenario;

fn example(name: &str) -> Game {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("examples")
        .join(name);
    let text = std::fs::read_to_string(path).unwrap();
    Game::new(Scenario::parse(name, &text).unwrap()).unwrap()
}

/// The position of `state` declared afresh: a game whose start is this position, its side to
/// move first.
fn declared_afresh(game: &Game, state: &State) -> (Game, State) {
    let (mut s, _) = state.scenario(game);
    s.game.as_mut().unwrap().first = state.to_move;
    let g = Game::new(s).unwrap();
    let start = State::initial(&g);
    (g, start)
}

/// The positions of a game where each side plays its first legal move, from the start to the
/// end, with the number of discs then of a side other than the one they were declared or
/// placed with (so that a test on them can see that flips were met).
fn positions(game: &Game) -> (Vec<State>, usize) {
    let mut state = State::initial(game);
    let mut out = vec![state.clone()];
    let mut moves = Vec::new();
    let mut turned = 0;
    loop {
        state.moves(game, &mut moves);
        let Some(&mv) = moves.first() else { break };
        state.make(game, mv);
        out.push(state.clone());
        // The declared discs that a flip took to the other side.
        turned = turned.max(
            (0..game.scenario.pieces.len())
                .filter(|&i| {
                    state.at[i].is_some() && state.side(game, i) != game.scenario.pieces[i].side
                })
                .count(),
        );
        // Every disc of the position is named by its side now (its letter first).
        let (now, _) = state.scenario(game);
        assert!(now.pieces.iter().all(|p| {
            let letter = if p.side == Side::White { 'W' } else { 'B' };
            p.name.starts_with(letter)
        }));
    }
    (out, turned)
}

#[test]
fn the_control_map_counts_each_disc_for_its_side_now() {
    let game = example("othello-6x6.scenario");
    let (states, turned) = positions(&game);
    assert!(
        turned > 0 && states.len() > 20,
        "no flip of a declared disc met"
    );
    for (k, s) in states.iter().enumerate() {
        let (g2, s2) = declared_afresh(&game, s);
        let (a, b) = (ControlMap::of(&game, s), ControlMap::of(&g2, &s2));
        assert_eq!((a.white, a.black), (b.white, b.black), "ply {k}");
    }
}

/// At the start Black places; the start mirrored top to bottom is the start with the colours
/// swapped, and Black sees the board's sectors mirrored so: each Black placement influences the
/// sectors that White's mirrored placement does with White to move. (A placement counted as
/// White's, the side the reserve in hand is declared with, saw Black's sectors unmirrored.)
#[test]
fn the_chessmaps_influence_of_a_placement_is_seen_from_the_placing_side() {
    let game = example("othello-6x6.scenario");
    let view = View::of(&game);
    let black = State::initial(&game);
    assert_eq!(black.to_move, Side::Black);
    let mut s = game.scenario.clone();
    s.game.as_mut().unwrap().first = Side::White;
    let white_game = Game::new(s).unwrap();
    let white = State::initial(&white_game);
    let mut moves = Vec::new();
    black.moves(&game, &mut moves);
    assert_eq!(moves.len(), 4);
    for &mv in &moves {
        let point = mv.show(&game);
        let (file, rank) = point.split_at(1);
        let mirrored = format!("{file}{}", 7 - rank.parse::<u32>().unwrap());
        let reply = white.parse_move(&white_game, &mirrored).unwrap();
        assert_eq!(
            view.influence(&game, &black, mv),
            view.influence(&white_game, &white, reply),
            "{point} and {mirrored}"
        );
    }
    // Along a game, the same as on the position declared afresh.
    let (states, _) = positions(&game);
    let influences = |g: &Game, s: &State, moves: &mut Vec<Move>| {
        s.moves(g, moves);
        let mut out: Vec<(String, u16)> = moves
            .iter()
            .map(|&mv| (mv.show(g), view.influence(g, s, mv)))
            .collect();
        out.sort();
        out
    };
    for (k, s) in states.iter().enumerate() {
        let (g2, s2) = declared_afresh(&game, s);
        assert_eq!(
            influences(&game, s, &mut moves),
            influences(&g2, &s2, &mut moves),
            "ply {k}"
        );
    }
}

#[test]
fn the_fuzzy_evaluation_reads_each_disc_s_side_now() {
    let game = example("othello-4x4.scenario");
    let (states, turned) = positions(&game);
    assert!(turned > 0, "no flip of a declared disc met");
    let mut captures = 0;
    // Horizon 1 (the discs slide as queens do: their zones at 2 take seconds a position in
    // the test build).
    for (k, s) in states.iter().enumerate() {
        let (g2, s2) = declared_afresh(&game, s);
        let (a, b) = (
            fuzzy_evaluation::evaluate(&game, s, 1),
            fuzzy_evaluation::evaluate(&g2, &s2, 1),
        );
        assert_eq!(a.explain(&game), b.explain(&g2), "ply {k}");
        assert!((a.value - b.value).abs() < 1e-9, "ply {k}");
        for t in &a.goals {
            assert_eq!(t.side, s.side(&game, t.piece), "ply {k}");
            if let fuzzy_evaluation::Aim::Capture { piece } = t.aim {
                assert_ne!(s.side(&game, piece), t.side, "ply {k}");
                captures += 1;
            }
        }
    }
    assert!(captures > 0, "no capture aim met");
}
