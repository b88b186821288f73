//! The fuzzy evaluation (docs/players.md §3), after Cazenave's fuzzy strategy (seed 002): every
//! strategic goal of a piece gets a degree in [0, 1], the degree that the piece will achieve it,
//! read off the zones of its attacks; the evaluation is the material plus the degrees weighted
//! by the goals' importance, White's counted plus and Black's minus. Every evaluation keeps
//! what it was computed from, so that it can be explained.
//!
//! * The goals: per piece, **reaching a goal point** (every attack of the piece within the
//!   horizon whose end is one of its goals), and per piece and opposing piece within the
//!   horizon, **capturing** it.
//! * A way of achieving a goal is a zone of one of its attacks (docs/semantics.md §6). Its
//!   **interceptors** are the trajectories of the other side at level 1 (they reach a stop of
//!   the main trajectory in time); one is **answered** when the zone holds a trajectory of the
//!   piece's own side at level 2 that ends on one of its intermediate stops. A way with u
//!   unanswered interceptors has the degree 1 / (1 + u): 1 for an unopposed way (Pawned's
//!   passed pawn), 1/2 with one interceptor left standing, and so on.
//! * A goal's degree is the maximum over its ways (Cazenave never adds the evidence of
//!   different attributes, so as never to overestimate), and 0 with no way.
//! * An attack with more zones than the evaluation lists ([`MAX_ZONES`]) is valued from its
//!   zone network (docs/semantics.md §6.10, [`network`]): an upper bound on its best degree,
//!   a lower bound, and zones drawn at random as ways of exact degree; the goal's degree is
//!   then the upper bound, labelled as such unless a lower bound meets it.
//! * Importance: reaching a goal point ends the game, so it is worth all the material on the
//!   board but the royal pieces' (a king's value only stands for "not to be lost"), at least 1;
//!   capturing a piece is worth that piece's value.

use std::fmt::Write;

use crate::board::Point;
use crate::piece::Side;
use crate::play::game::Game;
use crate::play::state::State;
use crate::progress::{Progress, Silent, Task};
use crate::scenario::Scenario;
use crate::zone::{Zone, ZoneError, ZoneGenerator, ZoneOptions};

pub mod network;

pub use network::{NetworkWay, Slot};

/// A trajectory of a piece (game index), as its stops.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Track {
    /// The piece that moves (a game index).
    pub piece: usize,
    /// The points it passes through, its start first.
    pub stops: Vec<Point>,
}

/// An interceptor of a way, and the own trajectories that answer it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Interceptor {
    /// The other side's level-1 trajectory that reaches a stop of the main one in time.
    pub track: Track,
    /// The own side's level-2 trajectories ending on one of its intermediate stops; empty when
    /// the interceptor is left standing.
    pub answered_by: Vec<Track>,
}

/// One way of achieving a goal: a zone, its main trajectory and its interceptors.
#[derive(Clone, Debug, PartialEq)]
pub struct Way {
    /// The main trajectory of the zone: the piece's route to its goal.
    pub main: Track,
    /// The other side's trajectories that can stop it, each with its answers.
    pub interceptors: Vec<Interceptor>,
    /// 1 / (1 + u), with u the interceptors left unanswered.
    pub degree: f64,
}

/// What a goal asks of its piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Aim {
    /// Reach one of its goal points.
    Goal,
    /// Capture the opposing piece `piece` (a game index).
    Capture {
        /// The piece to capture (a game index).
        piece: usize,
    },
}

/// One goal of one piece: its degree (the best of its ways), importance and ways.
#[derive(Clone, Debug, PartialEq)]
pub struct GoalTerm {
    /// The piece the goal is of (a game index).
    pub piece: usize,
    /// The piece's side in the position evaluated (a flip in a placement game changes it).
    pub side: Side,
    /// What the goal asks: a goal point, or a capture.
    pub aim: Aim,
    /// The weight of the degree in the evaluation: the material on the board for a goal point
    /// (royal pieces aside, at least 1), the piece's value for a capture.
    pub importance: f64,
    /// The degree in [0, 1] that the piece achieves the goal: the best of its ways, 0 with none.
    pub degree: f64,
    /// The least the degree can be: equal to `degree` where it is exact (every attack's zones
    /// listed, or a way found that attains the networks' bound), lower where `degree` is an
    /// upper bound from a zone network.
    pub at_least: f64,
    /// The best way of exact degree (a zone listed, or drawn from a network), where one exists.
    pub best: Option<Way>,
    /// How many ways (zones) there are: exactly, or with `ways_at_least` at least so many.
    pub ways: u128,
    /// Whether `ways` is a lower bound only (a zone network could not count them all).
    pub ways_at_least: bool,
    /// The attacks with too many zones to list, valued from their zone networks.
    pub networks: Vec<NetworkWay>,
    /// Attacks whose zones could be neither listed nor read as a network (too many
    /// trajectories, the memory limit): they count as no way, and the explanation says so.
    pub unlisted: Vec<String>,
    /// The learned rule that set the degree (docs/players.md §7), where one fired.
    pub rule: Option<FiredRule>,
}

/// A learned rule that fired for a goal: its number, its counts and the degree the fuzzy
/// evaluation had given.
#[derive(Clone, Debug, PartialEq)]
pub struct FiredRule {
    /// The rule's number in its file.
    pub number: u32,
    /// The positions with its pattern that the piece's side won ...
    pub won: u32,
    /// ... of this many the solver decided.
    pub of: u32,
    /// The degree the fuzzy evaluation had given before the rule replaced it.
    pub fuzzy_degree: f64,
}

impl GoalTerm {
    /// The term of `piece`'s aim, of `importance`, before any of its zones is read.
    fn new(piece: usize, side: Side, aim: Aim, importance: f64) -> GoalTerm {
        GoalTerm {
            piece,
            side,
            aim,
            importance,
            degree: 0.0,
            at_least: 0.0,
            best: None,
            ways: 0,
            ways_at_least: false,
            networks: Vec::new(),
            unlisted: Vec::new(),
            rule: None,
        }
    }
}

impl GoalTerm {
    /// The term's contribution from White's side.
    pub fn weighted(&self) -> f64 {
        let sign = match self.side {
            Side::White => 1.0,
            Side::Black => -1.0,
        };
        sign * self.degree * self.importance
    }
}

/// A fuzzy evaluation and what it was made of.
#[derive(Clone, Debug, PartialEq)]
pub struct Evaluation {
    /// From White's side: the material plus the weighted degrees.
    pub value: f64,
    /// White's pieces' values minus Black's.
    pub material: f64,
    /// How many moves ahead the attacks' zones looked.
    pub horizon: u32,
    /// Every piece's name in the position evaluated, by game index ([`State::piece_name`]:
    /// a piece placed or flipped is named by its side now and its point).
    pub names: Vec<String>,
    /// Every goal within the horizon, with its degree and what set it.
    pub goals: Vec<GoalTerm>,
}

/// The most zones listed for one attack by [`evaluate`], as `lingeo zones --max-zones` by
/// default; an attack with more is valued from its zone network instead ([`network`]), its
/// goal's degree then an upper bound (or exact, where a zone drawn at random attains it).
/// Lower than the zone generator's own cap (100,000), which the LG search keeps: listing up
/// to 100,000 took the evaluation of a chess middlegame a minute at horizon 2.
pub const MAX_ZONES: usize = 10_000;

/// The zones drawn at random ([`ZoneGenerator::random_zone`]) from an attack valued from its
/// network: each is a way with an exact degree, a lower bound on the attack's.
pub const DRAWN_ZONES: u64 = 16;

/// Evaluates `state` with the zones of its attacks within `horizon` moves, at most
/// [`MAX_ZONES`] an attack.
pub fn evaluate(game: &Game, state: &State, horizon: u32) -> Evaluation {
    evaluate_within(game, state, horizon, MAX_ZONES)
}

/// [`evaluate`] listing at most `max_zones` zones an attack.
pub fn evaluate_within(game: &Game, state: &State, horizon: u32, max_zones: usize) -> Evaluation {
    evaluate_observed(game, state, horizon, max_zones, &Silent)
}

/// [`evaluate_within`], telling `progress` of each attack whose zones it has read (a task of
/// as many steps as there are attacks, `"attacks"`).
pub fn evaluate_observed(
    game: &Game,
    state: &State,
    horizon: u32,
    max_zones: usize,
    progress: &dyn Progress,
) -> Evaluation {
    let material = state.material(game);
    let on_board: f64 = state
        .at
        .iter()
        .enumerate()
        .filter(|&(i, at)| at.is_some() && !game.royal[i])
        .map(|(i, _)| value_now(game, state, i))
        .sum::<f64>()
        .max(1.0);
    // The attacks of the LG search's zones (the filters F1 and F2) on the state's pieces,
    // `back` taking the state's piece indices to the game's.
    let (scenario, map) = state.scenario(game);
    let back = game_indices(&map, scenario.pieces.len());
    let kernel = scenario.kernel();
    // The thread's memory limit (`--max-memory`) stops a listing or a network that grows
    // past it: that attack is then not counted.
    let options = ZoneOptions {
        f1: true,
        f2: true,
        max_zones,
        max_memory: crate::memory::limit(),
        ..ZoneOptions::default()
    };
    let mut generator = ZoneGenerator::new(&scenario, &kernel, options);
    let attacks = generator.attacks(horizon);
    let task = Task::start(progress, Some(attacks.len() as u64), "attacks");
    // Each piece's side now: a flip (a placement game) changes it.
    let sides: Vec<Side> = (0..game.piece_count())
        .map(|i| state.side(game, i))
        .collect();
    let mut goals: Vec<GoalTerm> = Vec::new();
    for (p0, target) in attacks {
        let piece = back[p0];
        let aim = if game.goals[piece][target.index()] {
            Aim::Goal
        } else {
            match state.piece_at(target) {
                Some(q) if sides[q] != sides[piece] => Aim::Capture { piece: q },
                _ => {
                    task.advance(1);
                    continue;
                }
            }
        };
        let importance = match aim {
            Aim::Goal => on_board,
            Aim::Capture { piece } => value_now(game, state, piece),
        };
        let at = match goals.iter().position(|g| g.piece == piece && g.aim == aim) {
            Some(at) => at,
            None => {
                goals.push(GoalTerm::new(piece, sides[piece], aim, importance));
                goals.len() - 1
            }
        };
        let attack = Read {
            sides: &sides,
            back: &back,
            task: &task,
            f2: options.f2,
            max_zones,
        };
        attack.read_into(&mut goals[at], &mut generator, &scenario, (p0, target));
        task.advance(1);
    }
    drop(task);
    let value = material + goals.iter().map(|g| g.weighted()).sum::<f64>();
    Evaluation {
        value,
        material,
        horizon,
        names: (0..game.piece_count())
            .map(|i| state.piece_name(game, i))
            .collect(),
        goals,
    }
}

/// Each of a state's pieces (`map`: the game's piece -> the state's) as the game's piece.
fn game_indices(map: &[Option<usize>], pieces: usize) -> Vec<usize> {
    let mut back = vec![0; pieces];
    for (g, s) in map.iter().enumerate() {
        if let Some(s) = s {
            back[*s] = g;
        }
    }
    back
}

/// What reading an attack's zones into its goal term needs of the evaluation.
struct Read<'a> {
    /// Each of the game's pieces' side in the position evaluated.
    sides: &'a [Side],
    /// The state's pieces as the game's.
    back: &'a [usize],
    task: &'a Task<'a>,
    /// Whether the zones were filtered by F2 (the network's bound reads it).
    f2: bool,
    /// The most zones of an attack listed: one of more goes to its network.
    max_zones: usize,
}

impl Read<'_> {
    /// The zones of the attack (p0, target) into `term`: each a way, or, where they are too
    /// many to list, the network's bound on the degree and zones drawn at random (ways of
    /// exact degree); an attack that cannot be read is listed as such.
    fn read_into(
        &self,
        term: &mut GoalTerm,
        generator: &mut ZoneGenerator,
        scenario: &Scenario,
        (p0, target): (usize, Point),
    ) {
        let unlisted = |e: &dyn std::fmt::Display| format!("{}: {e}", scenario.board.name(target));
        let what = format!(
            "{} -> {}",
            scenario.pieces[p0].name,
            scenario.board.name(target)
        );
        let l0 = generator.main_distance(p0, target);
        // Counted first, without listing: an attack of more zones than the listing takes
        // goes to its network at once. Listing it up to the cap in vain was nearly all of the
        // time on a chess opening (54 s at horizon 2, the allocation of zones dropped).
        let listed = match generator.count_within(p0, target, l0, crate::zone::MAX_STATES) {
            Ok(s) => {
                if !s.at_least && !s.saturated && s.count <= self.max_zones as u128 {
                    generator.zones(p0, target, l0)
                } else {
                    Err(ZoneError::TooMany {
                        limit: self.max_zones,
                    })
                }
            }
            Err(ZoneError::TooManyStates { .. }) => Err(ZoneError::TooMany {
                limit: self.max_zones,
            }),
            Err(e) => Err(e),
        };
        match listed {
            Ok(mut zones) => {
                for z in &mut zones {
                    self.to_game(z);
                    term.ways = term.ways.saturating_add(1);
                    term.consider(way(self.sides, z));
                }
            }
            Err(ZoneError::TooMany { .. }) => {
                match network_of(generator, self.task, &what, (p0, target, l0)) {
                    Ok(net) => {
                        let side = |p: usize| self.sides[p];
                        if let Some(bound) =
                            network::network_way(&net, target, self.back, &side, self.f2)
                        {
                            term.ways = term.ways.saturating_add(bound.count.value());
                            term.ways_at_least |= !bound.count.is_exact();
                            term.degree = term.degree.max(bound.upper);
                            term.at_least = term.at_least.max(bound.lower);
                            term.networks.push(bound);
                        }
                        for seed in 0..DRAWN_ZONES {
                            if let Ok(Some(mut z)) = generator.random_zone(p0, target, l0, seed) {
                                self.to_game(&mut z);
                                term.consider(way(self.sides, &z));
                            }
                        }
                    }
                    Err(e) => term.unlisted.push(unlisted(&e)),
                }
            }
            Err(e) => term.unlisted.push(unlisted(&e)),
        }
    }

    /// `zone`'s pieces as the game's.
    fn to_game(&self, zone: &mut Zone) {
        for e in &mut zone.entries {
            e.piece = self.back[e.piece];
        }
    }
}

/// The zone network of the attack (p0, target, l0), named `what` to the bar first (it can
/// take seconds).
fn network_of(
    generator: &mut ZoneGenerator<'_>,
    task: &Task<'_>,
    what: &str,
    (p0, target, l0): (usize, Point, u32),
) -> Result<crate::zone::ZoneNetwork, ZoneError> {
    task.message(&format!("the zone network of {what}"));
    generator.network(p0, target, l0)
}

impl GoalTerm {
    /// Takes a way of exact degree (a zone listed or drawn): the best such way so far, and
    /// the degree's bounds raised to it.
    fn consider(&mut self, way: Way) {
        self.degree = self.degree.max(way.degree);
        self.at_least = self.at_least.max(way.degree);
        if self.best.as_ref().is_none_or(|b| way.degree > b.degree) {
            self.best = Some(way);
        }
    }

    /// The degree of the fuzzy evaluation (before a learned rule replaced it).
    pub fn fuzzy_degree(&self) -> f64 {
        self.rule.as_ref().map_or(self.degree, |r| r.fuzzy_degree)
    }

    /// Whether the fuzzy degree is only an upper bound (from a zone network, above every way
    /// found), not exact.
    pub fn is_bound(&self) -> bool {
        self.at_least < self.fuzzy_degree()
    }
}

/// A zone as a way: its interceptors, which of them are answered, and its degree.
fn way(sides: &[Side], zone: &Zone) -> Way {
    let main = &zone.entries[0];
    let side = sides[main.piece];
    let track = |e: &crate::zone::ZoneEntry| Track {
        piece: e.piece,
        stops: e.trajectory.to_vec(),
    };
    let interceptors: Vec<Interceptor> = zone
        .entries
        .iter()
        .filter(|e| e.level == 1 && sides[e.piece] != side)
        .map(|i| {
            let inner = &i.trajectory[1..i.trajectory.len().saturating_sub(1)];
            let answered_by = zone
                .entries
                .iter()
                .filter(|a| a.level == 2 && sides[a.piece] == side)
                .filter(|a| a.trajectory.last().is_some_and(|end| inner.contains(end)))
                .map(track)
                .collect();
            Interceptor {
                track: track(i),
                answered_by,
            }
        })
        .collect();
    let unanswered = interceptors
        .iter()
        .filter(|i| i.answered_by.is_empty())
        .count();
    Way {
        main: track(main),
        interceptors,
        degree: 1.0 / (1.0 + unanswered as f64),
    }
}

impl Evaluation {
    /// The explanation: the material, then each goal with its degree, importance and
    /// contribution, and the way behind the degree.
    pub fn explain(&self, game: &Game) -> String {
        let name = |p: usize| self.names[p].as_str();
        let mut out = String::new();
        let _ = writeln!(
            out,
            "material {:+.2} (White's pieces' values minus Black's)",
            self.material
        );
        if self.goals.is_empty() {
            let _ = writeln!(out, "no goal within the horizon of {} moves", self.horizon);
        }
        for g in &self.goals {
            let aim = match g.aim {
                Aim::Goal => "reaches a goal".to_string(),
                Aim::Capture { piece } => format!("captures {}", name(piece)),
            };
            let _ = writeln!(
                out,
                "{} {aim}: degree {:.2} x importance {:.2} = {:+.2}",
                name(g.piece),
                g.degree,
                g.importance,
                g.weighted()
            );
            let ways = {
                let text = crate::render::counted_saturating(g.ways, "way", "ways");
                if g.ways_at_least {
                    format!("at least {text}")
                } else {
                    text
                }
            };
            if !g.networks.is_empty() {
                if g.is_bound() {
                    let _ = writeln!(
                        out,
                        "  degree at most {:.2} (an upper bound, from the zone network), at least {:.2}",
                        g.fuzzy_degree(),
                        g.at_least
                    );
                } else {
                    let _ = writeln!(
                        out,
                        "  degree exact: the zone network's upper bound is met by its lower bound or a way found"
                    );
                }
                for n in &g.networks {
                    self.explain_network(game, n, &mut out);
                }
            }
            if let Some(w) = &g.best {
                explain_way(game, &self.names, w, &ways, g.networks.is_empty(), &mut out);
            }
            if let Some(r) = &g.rule {
                let _ = writeln!(
                    out,
                    "  learned rule {} fired: degree {} won / {} seen = {:.2} (the fuzzy degree was {:.2})",
                    r.number, r.won, r.of, g.degree, r.fuzzy_degree
                );
            }
            for u in &g.unlisted {
                let _ = writeln!(out, "  not counted: the zones of the attack on {u}");
            }
        }
        let _ = writeln!(
            out,
            "value {:+.2} = material {:+.2} + goals {:+.2} (White's side)",
            self.value,
            self.material,
            self.value - self.material
        );
        out
    }
}

/// The lines of an attack's best way: its main trajectory and how many ways there are
/// (`ways`), each interceptor with the trajectories that answer it, and the degree they give.
/// `listed`: the ways were listed (not read off a zone network, where the best is one listed
/// or drawn at random).
fn explain_way(game: &Game, names: &[String], w: &Way, ways: &str, listed: bool, out: &mut String) {
    let name = |p: usize| names[p].as_str();
    let stops = |t: &Track| track_text(game, t);
    let _ = writeln!(
        out,
        "  {} {ways}: {} ({} move{})",
        if listed {
            "best of"
        } else {
            "best way listed or drawn at random, of"
        },
        stops(&w.main),
        w.main.stops.len() - 1,
        if w.main.stops.len() == 2 { "" } else { "s" }
    );
    if w.interceptors.is_empty() {
        let _ = writeln!(out, "    no interceptor: degree 1 (unopposed)");
    }
    for i in &w.interceptors {
        let answers: Vec<String> = i
            .answered_by
            .iter()
            .map(|a| format!("{} {}", name(a.piece), stops(a)))
            .collect();
        let _ = writeln!(
            out,
            "    interceptor {} {}: {}",
            name(i.track.piece),
            stops(&i.track),
            if answers.is_empty() {
                "unanswered".to_string()
            } else {
                format!("answered by {}", answers.join(", "))
            }
        );
    }
    let unanswered = w
        .interceptors
        .iter()
        .filter(|i| i.answered_by.is_empty())
        .count();
    if !w.interceptors.is_empty() {
        let _ = writeln!(
            out,
            "    degree 1 / (1 + {unanswered} unanswered) = {:.2}",
            w.degree
        );
    }
}

/// A track's stops, named, one space apart.
fn track_text(game: &Game, t: &Track) -> String {
    let board = &game.scenario.board;
    t.stops
        .iter()
        .map(|&p| board.name(p))
        .collect::<Vec<_>>()
        .join(" ")
}

impl Evaluation {
    /// The lines of an attack valued from its zone network: its count, the best main
    /// trajectory's interceptor pairs that set the upper bound, and the bounds.
    fn explain_network(&self, game: &Game, n: &NetworkWay, out: &mut String) {
        let board = &game.scenario.board;
        let name = |p: usize| self.names[p].as_str();
        let count = crate::render::counted_saturating(n.count.value(), "zone", "zones");
        let _ = writeln!(
            out,
            "  the network of the attack on {} ({}{count}, too many to list; {}):",
            board.name(n.target),
            if n.count.is_exact() { "" } else { "at least " },
            crate::render::counted(n.mains as u128, "main trajectory", "main trajectories"),
        );
        let moves = n.main.stops.len() - 1;
        let _ = writeln!(
            out,
            "    best main trajectory {} ({moves} move{}): {}, {} in every zone with no answer in the network",
            n.main
                .stops
                .iter()
                .map(|&p| board.name(p))
                .collect::<Vec<_>>()
                .join(" "),
            if moves == 1 { "" } else { "s" },
            crate::render::counted(n.slots as u128, "interceptor pair", "interceptor pairs"),
            n.unanswerable.len()
        );
        for s in &n.unanswerable {
            let _ = writeln!(
                out,
                "      interceptor pair {} {} -> {} ({}): unanswerable",
                name(s.piece),
                board.name(s.from),
                board.name(s.to),
                crate::render::counted(s.alternatives as u128, "trajectory", "trajectories")
            );
        }
        let _ = writeln!(
            out,
            "    degree at most 1 / (1 + {}) = {:.2}, at least {:.2} (a zone has at most one interceptor a pair)",
            n.unanswerable.len(),
            n.upper,
            n.lower
        );
        if n.undecided > 0 {
            let _ = writeln!(
                out,
                "    {} undecided (the network's search passed its step cap): taken as possibly in a zone, so the bounds still hold",
                crate::render::counted(n.undecided as u128, "entry", "entries")
            );
        }
    }
}

/// The value of piece `i` as it stands in `state`: a promoted pawn is worth what it became.
fn value_now(game: &Game, state: &State, i: usize) -> f64 {
    game.classes[state.class(i)].value
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::Scenario;

    /// A pawn promoted to a queen counts as a queen: in the material on the board (a goal's
    /// importance) and as the target of a capture. It counted as the pawn it started as.
    #[test]
    fn a_promoted_pawn_is_valued_as_what_it_became() {
        let g = game(
            "board 8x8\nwhite king at h1 as WK\nwhite pawn at a7 as WP\nblack king at h6 as BK\n\
             black rook at b8 as BR\ngame {\n  rules chess\n}\n",
        );
        let mut s = State::initial(&g);
        let promote = s.parse_move(&g, "a7-a8=Q").unwrap();
        s.make(&g, promote);
        let e = evaluate(&g, &s, 2);
        let wp = g
            .scenario
            .pieces
            .iter()
            .position(|p| p.name == "WP")
            .unwrap();
        let capture = term(&g, &e, "BR", Aim::Capture { piece: wp });
        assert_eq!(capture.importance, 9.0, "{}", e.explain(&g));
    }

    fn game(text: &str) -> Game {
        Game::new(Scenario::parse("t.scenario", text).unwrap_or_else(|e| panic!("{e:?}"))).unwrap()
    }

    fn term<'e>(g: &Game, e: &'e Evaluation, piece: &str, aim: Aim) -> &'e GoalTerm {
        e.goals
            .iter()
            .find(|t| g.scenario.pieces[t.piece].name == piece && t.aim == aim)
            .unwrap_or_else(|| panic!("no goal of {piece}: {}", e.explain(g)))
    }

    const PAWNS: &str = "board 5x6\nwhite pawn at c4 as WP\nblack pawn at d6 as BP\n\
        black pawn at a6 as BQ\nwhite pawn at e4 as WE\ngoal rank last for white\n\
        goal rank 1 for black\ngame {\n  first white\n  goals immediate\n}\n";

    #[test]
    fn a_passed_pawn_has_degree_one_and_each_interceptor_lowers_it() {
        let g = game(PAWNS);
        let e = evaluate(&g, &State::initial(&g), 5);
        // BQ on the a-file: nothing can reach its path in time, Pawned's passed pawn.
        let bq = term(&g, &e, "BQ", Aim::Goal);
        assert_eq!(bq.degree, 1.0);
        assert!(bq.best.as_ref().unwrap().interceptors.is_empty());
        // BP's path d6-d1 meets both white pawns' captures on d5.
        let bp = term(&g, &e, "BP", Aim::Goal);
        let names: Vec<&str> = bp
            .best
            .as_ref()
            .unwrap()
            .interceptors
            .iter()
            .map(|i| g.scenario.pieces[i.track.piece].name.as_str())
            .collect();
        assert_eq!(names, ["WP", "WE"]);
        assert!((bp.degree - 1.0 / 3.0).abs() < 1e-12);
        // Importance of a goal: all the material on the board (four pawns of value 1).
        assert_eq!(bp.importance, 4.0);
        let capture = term(&g, &e, "BP", Aim::Capture { piece: 0 });
        assert_eq!((capture.degree, capture.importance), (0.5, 1.0));
        let sum: f64 = e.goals.iter().map(|t| t.weighted()).sum();
        assert!((e.value - (e.material + sum)).abs() < 1e-12);
        assert!((e.value - 5.0 / 3.0).abs() < 1e-9, "{}", e.explain(&g));
    }

    #[test]
    fn an_interceptor_met_by_an_own_trajectory_is_answered() {
        let text = "board 8x8\ntype FIGHTER {\n  like king\n  value 3\n}\n\
            type BOMBER {\n  move leap (0,1)\n  attack leap (1,1) (-1,1)\n  value 5\n}\n\
            white FIGHTER at c5 as WF\nwhite BOMBER at c6 as WB\nblack FIGHTER at a6 as BF\n\
            goal c8 for WB\ngame {\n  first white\n}\n";
        let g = game(text);
        let e = evaluate(&g, &State::initial(&g), 4);
        let wb = term(&g, &e, "WB", Aim::Goal);
        let way = wb.best.as_ref().unwrap();
        assert!(!way.interceptors.is_empty());
        for i in &way.interceptors {
            let answers: Vec<&str> = i
                .answered_by
                .iter()
                .map(|a| g.scenario.pieces[a.piece].name.as_str())
                .collect();
            assert_eq!(answers, ["WF"]);
        }
        assert_eq!(wb.degree, 1.0);
        assert!(e.explain(&g).contains("answered by WF c5 b6"));
    }
}
