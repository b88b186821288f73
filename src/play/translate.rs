//! Translations (docs/semantics.md §7.2): a move `TRANSITION(p, x0, y0)` applied to a state, the
//! translation Π of trajectories and the translation π of zones, with the invariant subnet Con_Π,
//! the timer and the theorem of S-14 p.5 (a translated trajectory stays iff its new length does
//! not exceed its new time).
//!
//! A zone is carried across a move symbol by symbol: Π gives each trajectory its image, Con_Π
//! keeps the symbols still attached through the levels to the main trajectory, the timer gives
//! them their new times, and the theorem drops those longer than their time. The rules where
//! docs/semantics.md §7.2 leaves room are in its "lingeo:" paragraph; [`translate_zone`] states
//! them for the code.

use std::fmt;

use crate::board::Point;
use crate::kernel::Kernel;
use crate::piece::Usage;
use crate::scenario::{GoalOwner, Scenario};
use crate::zone::{self, Zone, ZoneEntry};

/// `TRANSITION(p, x0, y0)`: the piece `piece` (an index into [`Scenario::pieces`]) moves from
/// `from` to `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Transition {
    /// The piece that moves.
    pub piece: usize,
    /// Where it stands (x0).
    pub from: Point,
    /// Where it goes (y0).
    pub to: Point,
}

/// Why a transition cannot be made in a state (the names are those of the state).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The piece's index is past the state's pieces.
    NoSuchPiece {
        /// The index given.
        index: usize,
        /// The pieces the state has.
        pieces: usize,
    },
    /// A point that is not on the board.
    OffBoard {
        /// The point given.
        point: Point,
        /// The points the board has.
        points: usize,
    },
    /// The piece does not stand where the move starts.
    NotThere {
        /// The piece's name.
        piece: String,
        /// Where it stands.
        stands: String,
        /// Where the move starts.
        from: String,
    },
    /// Not one move of the piece's type: by its move vectors, or by its attack vectors when
    /// `captures` names the opposing pieces on the destination.
    NotAMove {
        /// The piece's name.
        piece: String,
        /// Where the move starts.
        from: String,
        /// Where it ends.
        to: String,
        /// The opposing pieces on the destination.
        captures: Vec<String>,
    },
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::NoSuchPiece { index, pieces } => {
                write!(f, "no piece number {index}: the state has {pieces} pieces")
            }
            MoveError::OffBoard { point, points } => write!(
                f,
                "point number {} is not on the board (it has {points} points)",
                point.number()
            ),
            MoveError::NotThere {
                piece,
                stands,
                from,
            } => write!(f, "{piece} stands on {stands}, not on {from}"),
            MoveError::NotAMove {
                piece,
                from,
                to,
                captures,
            } if captures.is_empty() => {
                write!(f, "{piece} cannot go from {from} to {to} in one move")
            }
            MoveError::NotAMove {
                piece,
                from,
                to,
                captures,
            } => write!(
                f,
                "{piece} cannot capture {} on {to} from {from}: a capture is one move by the attack vectors of its type",
                captures.join(" and ")
            ),
        }
    }
}

impl std::error::Error for MoveError {}

/// A state after a transition, and where its pieces went.
#[derive(Clone, Debug)]
pub struct Moved {
    /// The scenario after the move: pieces moved, captured ones removed.
    pub scenario: Scenario,
    /// Per piece of the state before, its index after; `None` for a captured piece. Captured
    /// pieces are removed, so the pieces declared after them move down.
    pub index_map: Vec<Option<usize>>,
    /// The captured pieces, by their index before the move.
    pub captured: Vec<usize>,
}

impl Transition {
    /// The opposing pieces on the destination: the ones the move captures.
    fn captures(&self, scenario: &Scenario) -> Vec<usize> {
        let side = scenario.pieces[self.piece].side;
        (0..scenario.pieces.len())
            .filter(|&q| scenario.pieces[q].at == self.to && scenario.pieces[q].side != side)
            .collect()
    }

    /// The piece exists, the points are on the board, and the piece stands on `from`.
    fn check_places(&self, scenario: &Scenario) -> Result<(), MoveError> {
        let points = scenario.board.len();
        if self.piece >= scenario.pieces.len() {
            return Err(MoveError::NoSuchPiece {
                index: self.piece,
                pieces: scenario.pieces.len(),
            });
        }
        if let Some(&point) = [self.from, self.to].iter().find(|p| p.index() >= points) {
            return Err(MoveError::OffBoard { point, points });
        }
        let p = &scenario.pieces[self.piece];
        if p.at != self.from {
            let name = |q: Point| scenario.board.name(q).to_string();
            return Err(MoveError::NotThere {
                piece: p.name.clone(),
                stands: name(p.at),
                from: name(self.from),
            });
        }
        Ok(())
    }

    /// Whether the piece can make this move in `scenario`: one move by its move vectors, or
    /// where an opposing piece stands on `to`, one move by its attack vectors (a capture; for a
    /// type without attack lines they are its move vectors, decision A13 of
    /// docs/semantics.md §10). `kernel` is the scenario's.
    pub fn check(&self, scenario: &Scenario, kernel: &Kernel) -> Result<(), MoveError> {
        self.check_places(scenario)?;
        let p = &scenario.pieces[self.piece];
        let captures = self.captures(scenario);
        let usage = if captures.is_empty() {
            Usage::Move
        } else {
            Usage::Attack
        };
        let m = scenario.motion_of(kernel, p, usage);
        if kernel.relation(m).contains(self.from, self.to) {
            return Ok(());
        }
        let name = |q: Point| scenario.board.name(q).to_string();
        Err(MoveError::NotAMove {
            piece: p.name.clone(),
            from: name(self.from),
            to: name(self.to),
            captures: captures
                .iter()
                .map(|&q| scenario.pieces[q].name.clone())
                .collect(),
        })
    }

    /// The state after the move: the piece on `to`, the opposing pieces that stood there removed
    /// (pieces of its own side stay: several pieces may share a point, decision A16 of
    /// docs/semantics.md §10), and goal points owned by a removed piece with it. Checks the
    /// places, not the move ([`Transition::check`]).
    pub fn apply(&self, scenario: &Scenario) -> Result<Moved, MoveError> {
        self.check_places(scenario)?;
        let captured = self.captures(scenario);
        let mut index_map = Vec::with_capacity(scenario.pieces.len());
        let mut next = 0;
        for q in 0..scenario.pieces.len() {
            if captured.contains(&q) {
                index_map.push(None);
            } else {
                index_map.push(Some(next));
                next += 1;
            }
        }
        let mut after = scenario.clone();
        after.pieces[self.piece].at = self.to;
        after.pieces = after
            .pieces
            .into_iter()
            .enumerate()
            .filter(|(q, _)| index_map[*q].is_some())
            .map(|(_, piece)| piece)
            .collect();
        after.goals.retain_mut(|g| match &mut g.owner {
            GoalOwner::Piece(i) => match index_map[*i] {
                Some(new) => {
                    *i = new;
                    true
                }
                None => false,
            },
            _ => true,
        });
        Ok(Moved {
            scenario: after,
            index_map,
            captured,
        })
    }
}

/// Why Π maps a trajectory to e.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Vanish {
    /// Its piece moved, but not to its second stop.
    MovedOff,
    /// Its piece made its last move: it stands on its end.
    Reached,
    /// Its piece was captured.
    Captured,
}

/// What Π makes of a trajectory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Image {
    /// Another piece moved: the trajectory as it was.
    Unchanged,
    /// Its piece moved along it: the trajectory from its second stop.
    Shortened,
    /// Π made it e, for this reason.
    Empty(Vanish),
}

impl Image {
    /// The translated trajectory, `None` for e.
    pub fn of(self, trajectory: &[Point]) -> Option<&[Point]> {
        match self {
            Image::Unchanged => Some(trajectory),
            Image::Shortened => Some(&trajectory[1..]),
            Image::Empty(_) => None,
        }
    }
}

/// Π of docs/semantics.md §7.2 for the trajectory of `piece` (an index before the move; a
/// trajectory starts where its piece stands): shortened by its first stop when the move goes
/// along it, e when the move was its last (it reached its end), when its piece moves elsewhere,
/// or when its piece is captured (`index_map` of [`Moved`]); itself otherwise.
pub fn translate_trajectory(
    piece: usize,
    trajectory: &[Point],
    transition: &Transition,
    index_map: &[Option<usize>],
) -> Image {
    if index_map.get(piece) == Some(&None) {
        return Image::Empty(Vanish::Captured);
    }
    if piece != transition.piece {
        return Image::Unchanged;
    }
    match trajectory {
        [x, y] if (*x, *y) == (transition.from, transition.to) => Image::Empty(Vanish::Reached),
        [x, y, _, ..] if (*x, *y) == (transition.from, transition.to) => Image::Shortened,
        _ => Image::Empty(Vanish::MovedOff),
    }
}

/// Which case of the timer (docs/semantics.md §7.2) the move is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimerCase {
    /// 1: the main trajectory is shortened; every time drops by one.
    MainShortened,
    /// 2: another trajectory is shortened; the times below it are recomputed.
    OtherShortened,
    /// 3: nothing is shortened; times stay.
    NothingShortened,
}

/// Why a zone has no translation: π(Z) is defined only where the main trajectory corresponds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ZoneEnd {
    /// The main piece moved elsewhere than along its main trajectory.
    MainMovedOff,
    /// The main piece was captured.
    MainCaptured,
    /// The main piece made the last move of its main trajectory: it captured the target or
    /// reached the goal point.
    TargetReached,
    /// The end of the main trajectory is no longer a target of the main piece: the target moved
    /// away or was captured, and it is no goal point.
    TargetGone,
}

/// What became of one symbol of the zone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fate {
    /// In the translated zone at `index`, with its new length and time.
    Kept {
        /// Its index in the translated zone.
        index: usize,
        /// Whether its piece moved along it (Π shortened it).
        shortened: bool,
        /// Its length after the move.
        length: u32,
        /// Its time after the move.
        time: u32,
    },
    /// Π made it e.
    Vanished(Vanish),
    /// Connected, but longer than its new time (the theorem of S-14 p.5).
    TooShort {
        /// Whether its piece moved along it.
        shortened: bool,
        /// Its length after the move.
        length: u32,
        /// Its new time, shorter than its length (may be negative).
        time: i64,
    },
    /// None of the trajectories it attached to is connected any more.
    Disconnected,
    /// The zone ended ([`ZoneEnd`]).
    ZoneEnded,
}

/// What became of a zone across a move: the zone carried, or why it ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// π(Z): the symbols kept, in the zone's order, with their new pieces' indices, times and
    /// the marked times per level.
    Zone(Zone),
    /// The zone ended, for this reason.
    Ended(ZoneEnd),
}

/// A zone carried across a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Translation {
    /// The zone after the move, or why it ended.
    pub outcome: Outcome,
    /// Which case of the timer's rule applied.
    pub timer: TimerCase,
    /// Per entry of the zone before the move, in its order.
    pub fates: Vec<Fate>,
}

fn length(t: &[Point]) -> i64 {
    t.len() as i64 - 1
}

/// The points a negation trajectory marks for the level below: its intermediate stops
/// (docs/semantics.md §6.2).
fn intermediate(t: &[Point]) -> &[Point] {
    t.get(1..t.len().saturating_sub(1)).unwrap_or_default()
}

/// π of docs/semantics.md §7.2 on one zone of the state before `moved` (the result of
/// `transition.apply`), its entries carrying their levels.
///
/// The zone ends where its main trajectory becomes e or its end is no longer a target. Otherwise
/// Con_Π follows the zone's own attach structure on the translated trajectories: a symbol of
/// level 1 is connected where its end is a point of the main trajectory, and its time is TIME
/// there (the stop reached after k moves gets k + 1, docs/semantics.md §6.2, and the main piece's
/// own point 1, so that a symbol attached to the stop the main piece has just moved onto stays
/// connected with τ − 1 = 1, timer case 1). A symbol of level k > 1 is connected where its end is
/// an intermediate stop of a connected symbol t of level k − 1, and its time is the maximum over
/// those t of `timer(t) − len(Π(t)) + 1` (timer case 2; cases 1 and 3 are its values where every
/// such t is still there). A connected symbol stays iff `len(Π(t)) ≤ timer` (S-14 p.5).
pub fn translate_zone(zone: &Zone, transition: &Transition, moved: &Moved) -> Translation {
    translate_zone_with(zone, transition, &moved.index_map, &|p0, y0| {
        zone::is_target(&moved.scenario, p0, y0)
    })
}

/// [`translate_zone`] given the pieces' new indices (`index_map` of [`Moved`]) and, instead of
/// the state after the move, whether the end of the main trajectory is still what p0 (by its
/// new index) heads for: a target for an attack zone (the LG search keeps its states in
/// [`crate::play::state::State`] and has no [`Moved`]; its domination zones have no target).
pub fn translate_zone_with(
    zone: &Zone,
    transition: &Transition,
    index_map: &[Option<usize>],
    still_target: &dyn Fn(usize, Point) -> bool,
) -> Translation {
    let entries = &zone.entries;
    let images: Vec<Image> = entries
        .iter()
        .map(|e| translate_trajectory(e.piece, &e.trajectory, transition, index_map))
        .collect();
    let main_shortened = images.first() == Some(&Image::Shortened);
    let timer = if main_shortened {
        TimerCase::MainShortened
    } else if images.contains(&Image::Shortened) {
        TimerCase::OtherShortened
    } else {
        TimerCase::NothingShortened
    };
    let ended = |end| Translation {
        outcome: Outcome::Ended(end),
        timer,
        fates: vec![Fate::ZoneEnded; entries.len()],
    };
    let Some(main) = entries.first() else {
        return ended(ZoneEnd::TargetGone);
    };
    match images[0] {
        Image::Empty(Vanish::MovedOff) => return ended(ZoneEnd::MainMovedOff),
        Image::Empty(Vanish::Captured) => return ended(ZoneEnd::MainCaptured),
        Image::Empty(Vanish::Reached) => return ended(ZoneEnd::TargetReached),
        _ => {}
    }
    let y0 = *main.trajectory.last().expect("a trajectory has stops");
    let p0 = index_map[main.piece].expect("the main piece is not captured");
    if !still_target(p0, y0) {
        return ended(ZoneEnd::TargetGone);
    }

    // TIME on the translated main trajectory (docs/semantics.md §6.2): the stop reached after k
    // moves gets k + 1, and the main piece's own point 1, so that a symbol that attached to the
    // stop the main piece has just moved onto keeps its connection with τ − 1 = 1 (timer case 1).
    let shift = i64::from(main_shortened);
    let main_now = images[0].of(&main.trajectory).expect("not e");
    let main_time = |y: Point| {
        main_now
            .iter()
            .skip(1)
            .position(|&p| p == y)
            .map(|k| k as i64 + 2)
            .or((main_now[0] == y).then_some(1))
    };

    // Per entry: its new time where it is connected (Con_Π), None where it is not.
    let mut timers: Vec<Option<i64>> = vec![None; entries.len()];
    timers[0] = Some(i64::from(main.time) - shift);
    let deepest = entries.iter().map(|e| e.level).max().unwrap_or(0);
    for level in 1..=deepest {
        for (i, e) in entries.iter().enumerate().filter(|(_, e)| e.level == level) {
            if images[i].of(&e.trajectory).is_none() {
                continue;
            }
            let end = *e.trajectory.last().expect("a trajectory has stops");
            timers[i] = if level == 1 {
                main_time(end)
            } else {
                entries
                    .iter()
                    .zip(&images)
                    .zip(&timers)
                    .filter(|((a, _), _)| a.level == level - 1)
                    .filter_map(|((a, image), t)| {
                        let image = image.of(&a.trajectory)?;
                        intermediate(image).contains(&end).then_some(())?;
                        Some((*t)? - length(image) + 1)
                    })
                    .max()
            };
        }
    }

    let mut kept = Vec::new();
    let mut fates = Vec::with_capacity(entries.len());
    for (i, e) in entries.iter().enumerate() {
        let fate = match (images[i], images[i].of(&e.trajectory), timers[i]) {
            (Image::Empty(why), _, _) => Fate::Vanished(why),
            (_, _, None) => Fate::Disconnected,
            (image, Some(t), Some(time)) if length(t) <= time => {
                kept.push(ZoneEntry {
                    piece: index_map[e.piece].expect("a kept piece is not captured"),
                    trajectory: t.into(),
                    time: time as u32,
                    level: e.level,
                });
                Fate::Kept {
                    index: kept.len() - 1,
                    shortened: image == Image::Shortened,
                    length: length(t) as u32,
                    time: time as u32,
                }
            }
            (image, t, Some(time)) => Fate::TooShort {
                shortened: image == Image::Shortened,
                length: t.map_or(0, length) as u32,
                time,
            },
        };
        fates.push(fate);
    }

    // The marked times, as the generator gives them for these trajectories and times.
    let times = zone::replay_times(&kept);
    Translation {
        outcome: Outcome::Zone(Zone {
            entries: kept,
            times,
        }),
        timer,
        fates,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::zone::{ZoneGenerator, ZoneOptions};

    fn state(text: &str) -> Scenario {
        Scenario::parse("t.scenario", &format!("board 8x8\n{text}")).unwrap()
    }

    fn transition(s: &Scenario, piece: &str, from: &str, to: &str) -> Transition {
        Transition {
            piece: s.pieces.iter().position(|p| p.name == piece).unwrap(),
            from: s.board.parse_point(from).unwrap(),
            to: s.board.parse_point(to).unwrap(),
        }
    }

    fn points(s: &Scenario, names: &str) -> Vec<Point> {
        names
            .split_whitespace()
            .map(|n| s.board.parse_point(n).unwrap())
            .collect()
    }

    #[test]
    fn a_capture_removes_the_piece_and_shifts_the_later_ones() {
        let s = state(
            "white king at a1\nblack rook at b2\nblack knight at c3\nwhite queen at d4\n\
             goal h8 for BN\ngoal h7 for BR\ngoal h6 for white\n",
        );
        let t = transition(&s, "WK", "a1", "b2");
        t.check(&s, &s.kernel()).unwrap();
        let m = t.apply(&s).unwrap();
        assert_eq!(m.index_map, [Some(0), None, Some(1), Some(2)]);
        assert_eq!(m.captured, [1]);
        let names: Vec<&str> = m.scenario.pieces.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["WK", "BN", "WQ"]);
        assert_eq!(m.scenario.board.name(m.scenario.pieces[0].at), "b2");
        // The rook's goal went with it; the knight's follows its new index.
        let owners: Vec<&GoalOwner> = m.scenario.goals.iter().map(|g| &g.owner).collect();
        assert_eq!(
            owners,
            [
                &GoalOwner::Piece(1),
                &GoalOwner::Side(crate::piece::Side::White)
            ]
        );
        // A move onto a piece of one's own side captures nothing (decision A16).
        let m = transition(&s, "BN", "c3", "b2").apply(&s).unwrap();
        assert_eq!(m.index_map, [Some(0), Some(1), Some(2), Some(3)]);
        assert!(m.captured.is_empty());
    }

    #[test]
    fn moves_are_checked_against_the_move_and_attack_vectors() {
        let s = state("white pawn at e4\nblack pawn at e5\nblack knight at d5\n");
        let k = s.kernel();
        // A pawn captures diagonally only, and moves straight only onto an empty point.
        assert!(transition(&s, "WP", "e4", "d5").check(&s, &k).is_ok());
        let blocked = transition(&s, "WP", "e4", "e5").check(&s, &k).unwrap_err();
        assert_eq!(
            blocked.to_string(),
            "WP cannot capture BP on e5 from e4: a capture is one move by the attack vectors of its type"
        );
        let s2 = state("white pawn at e4\n");
        let diagonal = transition(&s2, "WP", "e4", "f5").check(&s2, &s2.kernel());
        assert_eq!(
            diagonal.unwrap_err().to_string(),
            "WP cannot go from e4 to f5 in one move"
        );
        let elsewhere = transition(&s, "WP", "e3", "e4").check(&s, &k).unwrap_err();
        assert_eq!(elsewhere.to_string(), "WP stands on e4, not on e3");
        let far = Transition {
            piece: 0,
            from: Point(27),
            to: Point(64),
        };
        assert_eq!(
            far.apply(&s).unwrap_err().to_string(),
            "point number 65 is not on the board (it has 64 points)"
        );
        let nobody = Transition { piece: 3, ..far };
        assert!(matches!(
            nobody.check(&s, &k),
            Err(MoveError::NoSuchPiece {
                index: 3,
                pieces: 3
            })
        ));
    }

    #[test]
    fn pi_shortens_empties_or_keeps_a_trajectory() {
        let s = state("white king at a1\nblack knight at c3\nwhite rook at h1\n");
        let t = transition(&s, "WK", "a1", "b2");
        let m = t.apply(&s).unwrap();
        let pi = |piece, stops| translate_trajectory(piece, &points(&s, stops), &t, &m.index_map);
        assert_eq!(pi(0, "a1 b2 c3"), Image::Shortened);
        assert_eq!(
            Image::Shortened.of(&points(&s, "a1 b2 c3")),
            Some(&points(&s, "b2 c3")[..])
        );
        assert_eq!(pi(0, "a1 b2"), Image::Empty(Vanish::Reached));
        assert_eq!(pi(0, "a1 b1 c2"), Image::Empty(Vanish::MovedOff));
        assert_eq!(pi(2, "h1 h2"), Image::Unchanged);
        // The knight is captured where the king lands.
        let t = transition(&s, "WK", "a1", "b2");
        let s2 = state("white king at a1\nblack knight at b2\n");
        let m = t.apply(&s2).unwrap();
        let image = translate_trajectory(1, &points(&s2, "b2 c4"), &t, &m.index_map);
        assert_eq!(image, Image::Empty(Vanish::Captured));
        assert_eq!(image.of(&points(&s2, "b2 c4")), None);
    }

    /// The zone of WK a1 -> c2 whose main trajectory is a1 b2 c2, and the state.
    fn king_zone() -> (Scenario, Zone) {
        let s = state("white king at a1\nblack knight at c2\n");
        let k = s.kernel();
        let c2 = s.board.parse_point("c2").unwrap();
        let literal = ZoneOptions {
            f1: false,
            f2: false,
            ..ZoneOptions::default()
        };
        let zones = ZoneGenerator::new(&s, &k, literal).zones(0, c2, 2).unwrap();
        let zone = zones
            .into_iter()
            .find(|z| z.entries[0].trajectory[..] == points(&s, "a1 b2 c2"))
            .unwrap();
        (s, zone)
    }

    #[test]
    fn the_zone_ends_when_its_main_trajectory_or_its_target_goes() {
        let (s, zone) = king_zone();
        for (piece, from, to, end) in [
            ("WK", "a1", "a2", ZoneEnd::MainMovedOff),
            ("BN", "c2", "a1", ZoneEnd::MainCaptured),
            ("BN", "c2", "e3", ZoneEnd::TargetGone),
        ] {
            let t = transition(&s, piece, from, to);
            t.check(&s, &s.kernel()).unwrap();
            let translation = translate_zone(&zone, &t, &t.apply(&s).unwrap());
            assert_eq!(
                translation.outcome,
                Outcome::Ended(end),
                "{piece} {from}-{to}"
            );
            assert!(translation.fates.iter().all(|f| *f == Fate::ZoneEnded));
        }
        // Along the main trajectory, twice: the second move captures the target.
        let t = transition(&s, "WK", "a1", "b2");
        let m = t.apply(&s).unwrap();
        let Outcome::Zone(z) = translate_zone(&zone, &t, &m).outcome else {
            panic!("the zone goes on");
        };
        assert_eq!(z.entries[0].trajectory[..], points(&s, "b2 c2"));
        assert_eq!(z.entries[0].time, 2);
        let t = transition(&m.scenario, "WK", "b2", "c2");
        let last = translate_zone(&z, &t, &t.apply(&m.scenario).unwrap());
        assert_eq!(last.outcome, Outcome::Ended(ZoneEnd::TargetReached));
    }
}
