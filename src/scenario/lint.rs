//! Lints: a valid scenario that is likely not what its author meant (`lingeo check`). Each is
//! a warning at its place in the file (a [`Diagnostic`] rendered by
//! [`crate::syntax::render_warnings`]), never an error: the file still loads and runs.
//!
//! * **An unreachable goal**: no piece that owns a goal line's points can ever reach any of
//!   them (a first 10x10 scenario made both bombers' goals unreachable by writing Black's
//!   vectors already mirrored, and by obstacles; `check` said "ok" and every zone was empty).
//! * **An immobile non-target**: a piece whose type has no move, and that no opposing piece can
//!   ever capture: it takes part in no trajectory and no zone (a type missing its `move` lines).
//! * **Two pieces on one point** in a scenario with a `game` block: play refuses the position.
//! * **A side that cannot move** in a game: none of its pieces has a move from where it stands.
//!
//! Reachability is over-approximated, so that a warning is never wrong: a piece may take any
//! step of its move or attack relation, pieces do not block, and the rules of play are not
//! consulted. It is computed on boards of at most [`MAX_POINTS`] points; on larger boards the
//! two reach lints are skipped (the others still run).

use std::collections::VecDeque;

use super::model::{GoalOwner, Scenario};
use super::resolve::Places;
use crate::bitset::BitSet;
use crate::kernel::Kernel;
use crate::piece::Usage;
use crate::syntax::Diagnostic;

/// The largest board on which the reach lints run: their successor lists cost memory per
/// point and per step, which stays small up to 64x64.
pub const MAX_POINTS: usize = 4096;

/// The lints of `scenario`, whose items were declared at `places`, in file order.
pub fn lint(scenario: &Scenario, places: &Places) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let n = scenario.board.len();
    if n <= MAX_POINTS {
        let kernel = scenario.kernel();
        let reach: Vec<BitSet> = (0..scenario.pieces.len())
            .map(|i| reach(scenario, &kernel, i))
            .collect();
        unreachable_goals(scenario, places, &reach, &mut out);
        immobile_non_targets(scenario, places, &reach, &mut out);
    }
    shared_points(scenario, places, &mut out);
    sides_that_cannot_move(scenario, places, &mut out);
    out.sort_by_key(|d| (d.span.start, d.span.end));
    out
}

/// The points piece `i` can ever stand on, over-approximated: its start and every point a
/// chain of its move or attack steps reaches.
fn reach(scenario: &Scenario, kernel: &Kernel, i: usize) -> BitSet {
    let piece = &scenario.pieces[i];
    let n = scenario.board.len();
    let mut seen = BitSet::new(n);
    seen.insert(piece.at);
    let ty = &scenario.types[piece.type_index];
    if ty.never_moves() {
        return seen;
    }
    let relations = [Usage::Move, Usage::Attack]
        .map(|usage| kernel.relation(kernel.motion(piece.type_index, piece.side, usage)));
    let mut queue = VecDeque::from([piece.at]);
    while let Some(p) = queue.pop_front() {
        for relation in &relations {
            for &q in relation.successors(p) {
                if !seen.contains(q) {
                    seen.insert(q);
                    queue.push_back(q);
                }
            }
        }
    }
    seen
}

/// Per goal line (the goals that share a declaration), a warning when none of its points is
/// reached by a piece that owns it.
fn unreachable_goals(
    scenario: &Scenario,
    places: &Places,
    reach: &[BitSet],
    out: &mut Vec<Diagnostic>,
) {
    let mut k = 0;
    while k < scenario.goals.len() {
        let span = &places.goals[k];
        let end = (k..scenario.goals.len())
            .find(|&j| places.goals[j] != *span)
            .unwrap_or(scenario.goals.len());
        let line = &scenario.goals[k..end];
        k = end;
        let owner = &line[0].owner;
        let owners: Vec<usize> = (0..scenario.pieces.len())
            .filter(|&i| match owner {
                GoalOwner::Both => true,
                GoalOwner::Side(side) => scenario.pieces[i].side == *side,
                GoalOwner::Piece(p) => *p == i,
            })
            .collect();
        if line
            .iter()
            .any(|g| owners.iter().any(|&i| reach[i].contains(g.point)))
        {
            continue;
        }
        let what = if line.len() == 1 {
            format!("goal {}", scenario.board.name(line[0].point))
        } else {
            format!("none of these {} goals", line.len())
        };
        let mut d = match (owners.is_empty(), owner) {
            (true, GoalOwner::Side(side)) => Diagnostic::new(
                format!("{what} can never be reached: {} has no piece", side.name()),
                span.clone(),
            )
            .with_label("no piece owns this goal"),
            (true, _) => Diagnostic::new(
                format!("{what} can never be reached: the board has no piece"),
                span.clone(),
            )
            .with_label("no piece owns this goal"),
            (false, _) => Diagnostic::new(
                format!("{what} can never be reached by a piece that owns it"),
                span.clone(),
            )
            .with_label("unreachable"),
        };
        for &i in owners.iter().take(3) {
            let p = &scenario.pieces[i];
            d = d.with_related(
                places.pieces[i].clone(),
                format!(
                    "{} reaches {} point{} from {}",
                    p.name,
                    reach[i].len(),
                    if reach[i].len() == 1 { "" } else { "s" },
                    scenario.board.name(p.at)
                ),
            );
        }
        out.push(d.with_note(
            "check the owner's move vectors (Black's are White's mirrored: write them for White) \
             and the removed points between the piece and its goal",
        ));
    }
}

/// A warning per type with no move whose placed pieces no opposing piece can ever capture.
fn immobile_non_targets(
    scenario: &Scenario,
    places: &Places,
    reach: &[BitSet],
    out: &mut Vec<Diagnostic>,
) {
    for (t, ty) in scenario.types.iter().enumerate() {
        let Some(Some(type_span)) = places.types.get(t) else {
            continue;
        };
        let placed: Vec<usize> = (0..scenario.pieces.len())
            .filter(|&i| scenario.pieces[i].type_index == t)
            .collect();
        if !ty.never_moves() || placed.is_empty() {
            continue;
        }
        let captured = placed.iter().any(|&i| {
            let p = &scenario.pieces[i];
            (0..scenario.pieces.len())
                .any(|q| scenario.pieces[q].side != p.side && reach[q].contains(p.at))
        });
        if captured {
            continue;
        }
        let mut d = Diagnostic::new(
            format!(
                "piece type `{}` never moves, and no opposing piece can ever capture its pieces",
                ty.name
            ),
            type_span.clone(),
        )
        .with_label("no `move` lines")
        .with_note(
            "such a piece is in no trajectory and no zone: give the type `move` vectors, or \
             place an opposing piece that can reach it",
        );
        for &i in placed.iter().take(3) {
            d = d.with_related(places.pieces[i].clone(), "placed here");
        }
        out.push(d);
    }
}

/// In a scenario with a game block, a warning per piece on a point an earlier piece holds.
fn shared_points(scenario: &Scenario, places: &Places, out: &mut Vec<Diagnostic>) {
    if scenario.game.is_none() {
        return;
    }
    for (i, p) in scenario.pieces.iter().enumerate() {
        if let Some(first) = scenario.pieces[..i].iter().position(|q| q.at == p.at) {
            let mut d = Diagnostic::new(
                format!(
                    "{} and {} stand on {}, and a game allows one piece a point",
                    scenario.pieces[first].name,
                    p.name,
                    scenario.board.name(p.at)
                ),
                places.pieces[i].clone(),
            )
            .with_label("second piece on this point")
            .with_note(
                "`search`, `play` and `match` refuse the position; zones and distances allow \
                 it (decision A16)",
            );
            if places.pieces[first] != places.pieces[i] {
                d = d.with_related(places.pieces[first].clone(), "first piece there");
            }
            out.push(d);
        }
    }
}

/// In a game, a warning per side none of whose pieces has a step from where it stands.
fn sides_that_cannot_move(scenario: &Scenario, places: &Places, out: &mut Vec<Diagnostic>) {
    let (Some(_), Some(span)) = (&scenario.game, &places.game) else {
        return;
    };
    if scenario.board.len() > MAX_POINTS {
        return;
    }
    let kernel = scenario.kernel();
    let stuck: Vec<crate::piece::Side> = [crate::piece::Side::White, crate::piece::Side::Black]
        .into_iter()
        .filter(|&side| {
            !scenario.pieces.iter().any(|p| {
                p.side == side
                    && !scenario.types[p.type_index].never_moves()
                    && [Usage::Move, Usage::Attack].iter().any(|&u| {
                        !kernel
                            .relation(kernel.motion(p.type_index, side, u))
                            .successors(p.at)
                            .is_empty()
                    })
            })
        })
        .collect();
    let message = match stuck.as_slice() {
        [] => return,
        [side] => format!(
            "{} cannot move at all: none of its pieces has a step from where it stands",
            side.name()
        ),
        _ => "neither side can move at all: no piece has a step from where it stands".to_string(),
    };
    out.push(
        Diagnostic::new(message, span.clone())
            .with_label("this game")
            .with_note("a side without a move passes or ends the game (`stalemate`); check the pieces' types and points"),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lints(text: &str) -> Vec<String> {
        let (ast, errors) = crate::scenario::parser::parse(text);
        assert!(errors.is_empty(), "{errors:?}");
        let (scenario, places) = super::super::resolve::resolve_with_places(&ast, text.len())
            .unwrap_or_else(|e| panic!("{e:?}"));
        lint(&scenario, &places)
            .into_iter()
            .map(|d| d.message)
            .collect()
    }

    #[test]
    fn a_goal_behind_a_wall_is_unreachable() {
        let text = "board 5x5\nremoved (1,4) (2,4) (3,4) (4,4) (5,4)\n\
                    white king at a1 as K\ngoal c5 for K\n";
        assert_eq!(
            lints(text),
            ["goal c5 can never be reached by a piece that owns it"]
        );
        // The same goal without the wall: no lint.
        assert!(lints("board 5x5\nwhite king at a1 as K\ngoal c5 for K\n").is_empty());
    }

    #[test]
    fn a_pawn_reaches_by_its_captures_too() {
        // a2 to b8 needs a capture (a diagonal step): the reach takes both relations.
        assert!(lints("board 8x8\nwhite pawn at a2 as P\ngoal b8 for P\n").is_empty());
        // A black pawn moves down: a goal behind it is out of reach.
        assert_eq!(
            lints("board 8x8\nblack pawn at a2 as P\ngoal a8 for P\n"),
            ["goal a8 can never be reached by a piece that owns it"]
        );
    }

    #[test]
    fn an_immobile_piece_no_one_captures() {
        let text = "board 5x5\ntype T { value 1 }\nwhite T at a1\nblack pawn at e1\n";
        assert_eq!(
            lints(text),
            ["piece type `T` never moves, and no opposing piece can ever capture its pieces"]
        );
        // A black rook can take it: a target.
        assert!(
            lints("board 5x5\ntype T { value 1 }\nwhite T at a1\nblack rook at e5\n").is_empty()
        );
    }

    #[test]
    fn shared_points_and_stuck_sides_in_a_game() {
        let text = "board 3x3\nwhite king at a1\nblack king at a1 as K2\ngame {}\n";
        assert_eq!(
            lints(text),
            ["WK and K2 stand on a1, and a game allows one piece a point"]
        );
        // Without a game block, two pieces may share a point (decision A16).
        assert!(lints("board 3x3\nwhite king at a1\nblack king at a1 as K2\n").is_empty());
        let stuck = "board 3x3\ntype T { value 1 }\nwhite T at a1\nblack rook at c3\ngame {}\n";
        assert_eq!(
            lints(stuck),
            ["white cannot move at all: none of its pieces has a step from where it stands"]
        );
    }
}
