//! A game: a scenario with rules of play, compiled once for fast move generation (rays per piece
//! and point, goal masks, Zobrist keys). States ([`super::state::State`]) refer to it.

use std::fmt;

use crate::board::Point;
use crate::memory::{self, TooLarge};
use crate::piece::{Reach, Side, Usage};
use crate::play::placement::{Placement, Reserve};
use crate::play::rules::Rules;
use crate::random::SplitMix;
use crate::scenario::{GoalOwner, Scenario};

/// At most this many pieces take part in a game (a piece index is a byte).
pub const MAX_PIECES: usize = 254;

/// Why a scenario cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    /// The scenario has no `game { ... }` block.
    NoRules,
    /// More pieces than a game holds ([`MAX_PIECES`]): this many.
    TooManyPieces(usize),
    /// A placement game keeps a piece in hand per point of the board: the points and the
    /// pieces placed at the start are more than a game holds ([`MAX_PIECES`]).
    TooManyPoints {
        /// The board's points.
        points: usize,
        /// The pieces placed at the start.
        pieces: usize,
    },
    /// Two pieces stand on one point, which play does not allow.
    SharedPoint {
        /// The point's name.
        point: String,
        /// The first piece there.
        first: String,
        /// The second.
        second: String,
    },
    /// The rays and tables of play would take more than the memory limit.
    TooLarge(TooLarge),
    /// The thread's deadline passed while the rays of play were built (a slider's on a large
    /// board take a second): its time limit.
    OutOfTime(std::time::Duration),
    /// More distinct jump vectors than a move's path holds.
    TooManyJumpVectors(usize),
    /// A side whose pieces jump faces more opposing pieces than one move may take.
    TooManyToJump {
        /// The side that jumps.
        side: Side,
        /// The opposing pieces.
        opponents: usize,
    },
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::NoRules => write!(
                f,
                "the scenario has no rules of play: add a `game {{ ... }}` block, e.g. \
                 `game {{ first white  goals immediate }}` (see docs/play-and-search.md)"
            ),
            GameError::TooManyPieces(n) => {
                write!(
                    f,
                    "a game takes at most {MAX_PIECES} pieces, this scenario has {n}"
                )
            }
            GameError::TooManyPoints { points, pieces } => write!(
                f,
                "a placement game keeps a piece in hand for each point: the board's {points} \
                 points and the {pieces} pieces at the start are more than the {MAX_PIECES} a \
                 game takes"
            ),
            GameError::SharedPoint {
                point,
                first,
                second,
            } => write!(
                f,
                "{first} and {second} stand on the same point {point}: in a game each point holds \
                 at most one piece"
            ),
            GameError::TooLarge(e) => e.fmt(f),
            GameError::OutOfTime(limit) => f.write_str(&crate::deadline::stopped_at(*limit)),
            GameError::TooManyJumpVectors(n) => write!(
                f,
                "the types of this game jump along {n} different vectors; a game takes at most {}",
                super::jump::MAX_JUMP_VECTORS
            ),
            GameError::TooManyToJump { side, opponents } => write!(
                f,
                "{side}'s pieces jump, and {opponents} opposing pieces stand against them; one \
                 move takes at most {}",
                super::jump::MAX_JUMPS
            ),
        }
    }
}

impl std::error::Error for GameError {}

/// The points a piece reaches from one point, ray by ray: a slider stops at the first piece it
/// meets (in play pieces always block), a leap or an edge is a ray of one point.
#[derive(Clone, Debug, Default)]
pub(crate) struct Rays {
    /// Per point, the range of `rays` that starts there.
    starts: Vec<(u32, u32)>,
    /// Each ray: a range of `points`.
    rays: Vec<(u32, u32)>,
    points: Vec<Point>,
}

impl Rays {
    /// An upper bound on the bytes of the rays of a type's motion: a range per point, a range
    /// per ray (at most one per vector and point, one per edge), a point per step.
    fn bytes(scenario: &Scenario, type_index: usize, side: Side, usage: Usage) -> u64 {
        let motion = scenario.types[type_index].motion(usage).oriented(side);
        let n = scenario.board.len() as u64;
        let range = std::mem::size_of::<(u32, u32)>() as u64;
        let rays = n * motion.vectors.len() as u64 + motion.edges.len() as u64;
        let points = crate::relation::ray_points_bound(&scenario.board, &motion);
        n * range + rays * range + points * std::mem::size_of::<Point>() as u64
    }

    /// The rays of a type's motion from every point; the thread's deadline is looked at every
    /// 1,024 points, and the error is its time limit once it has passed.
    fn build(
        scenario: &Scenario,
        type_index: usize,
        side: Side,
        usage: Usage,
    ) -> Result<Rays, GameError> {
        let board = &scenario.board;
        let motion = scenario.types[type_index].motion(usage).oriented(side);
        let mut out = Rays::default();
        for p in board.points() {
            if p.index() % 1024 == 0
                && let Some(limit) = crate::deadline::passed()
            {
                return Err(GameError::OutOfTime(limit));
            }
            let first = out.rays.len() as u32;
            if let Some(c) = board.coords(p) {
                for basis in &motion.vectors {
                    let d = basis.delta;
                    let limit = match basis.reach {
                        // Over is the distances' reach alone (PieceType::distance_motion).
                        Reach::Leap | Reach::Over => 1,
                        Reach::Slide { range } => range.unwrap_or(u32::MAX),
                    };
                    let start = out.points.len() as u32;
                    let mut at = c;
                    for _ in 0..limit {
                        at = [at[0] + d[0], at[1] + d[1], at[2] + d[2]];
                        let Some(q) = board.at(at) else { break };
                        out.points.push(q);
                    }
                    if out.points.len() as u32 > start {
                        out.rays.push((start, out.points.len() as u32));
                    }
                }
            }
            for &(a, b) in &motion.edges {
                if a == p && b != p {
                    let start = out.points.len() as u32;
                    out.points.push(b);
                    out.rays.push((start, start + 1));
                }
            }
            out.starts.push((first, out.rays.len() as u32));
        }
        Ok(out)
    }

    /// The rays from `p`, each in order of distance.
    pub(crate) fn from(&self, p: Point) -> impl Iterator<Item = &[Point]> + '_ {
        let (a, b) = self.starts[p.index()];
        self.rays[a as usize..b as usize]
            .iter()
            .map(|&(s, e)| &self.points[s as usize..e as usize])
    }
}

/// A scenario with rules, compiled for play.
#[derive(Debug)]
pub struct Game {
    /// The scenario played on.
    pub scenario: Scenario,
    /// Its rules of play.
    pub rules: Rules,
    /// Per class (a type and a side, [`Class`]): its move rays and attack rays (`None`: it
    /// attacks as it moves), as indices of `rays`. A piece's class is kept by its state, since
    /// a promoted pawn changes its type.
    pub(crate) classes: Vec<Class>,
    pub(crate) rays: Vec<Rays>,
    /// Per piece: whether each point is one of its goals.
    pub(crate) goals: Vec<Vec<bool>>,
    pub(crate) owns_goal: Vec<bool>,
    /// Per piece and point: the moves from there to the nearest of the piece's goals (by its
    /// move relation; 0 for a piece without goals), which orders quiet moves toward goals first.
    pub(crate) goal_distance: Vec<Vec<u32>>,
    /// Per piece, its side (read at every node, so kept apart from the scenario's pieces).
    pub(crate) side: Vec<Side>,
    /// Per side (White, Black), its pieces in declaration order.
    pub(crate) by_side: [Vec<u8>; 2],
    pub(crate) safe: Vec<bool>,
    pub(crate) royal: Vec<bool>,
    /// Whether any piece owns a goal, or is royal (read at every node).
    pub(crate) any_goals: bool,
    pub(crate) any_royal: bool,
    /// Zobrist keys: per (piece class, point), where a class is a (type, side) pair, so that
    /// interchangeable pieces hash alike.
    pub(crate) piece_keys: Vec<u64>,
    /// Each piece's class at the start.
    pub(crate) class: Vec<usize>,
    /// What the rules of chess compile to, when the game has them.
    pub(crate) chess: Option<super::chess::ChessGame>,
    /// What the types' jumps and crowns compile to, when a type jumps or crowns.
    pub(crate) jumps: Option<super::jump::JumpGame>,
    pub(crate) black_key: u64,
    pub(crate) pass_key: u64,
    pub(crate) pending_keys: [u64; 2],
    /// Whether the move limit can end a game before it ends by itself; if so the number of
    /// moves played is part of a state's key.
    pub(crate) limit_matters: bool,
    /// What `place TYPE` compiles to, when the game places pieces; the per-piece tables then
    /// hold the reserve in hand after the scenario's pieces.
    pub(crate) placement: Option<Placement>,
    /// The board's symmetries the rules keep, each as its keys per (class, point): the class's
    /// key on the point's image ([`super::symmetry`]); empty where the rules keep none.
    pub(crate) symmetry_keys: Vec<Vec<u64>>,
}

impl Game {
    /// Compiles `scenario` with its `game` rules.
    pub fn new(scenario: Scenario) -> Result<Game, GameError> {
        let rules = scenario.game.clone().ok_or(GameError::NoRules)?;
        Game::with_rules(scenario, rules)
    }

    /// The game of `scenario` under `rules` (instead of its own `game` block).
    pub fn with_rules(scenario: Scenario, rules: Rules) -> Result<Game, GameError> {
        let n = scenario.pieces.len();
        check_placement(&scenario)?;
        check_size(&scenario, &rules)?;
        let mut keys = SplitMix(0x5eed_1a6e_0000_0001);
        let PieceRays {
            mut rays,
            mut ray_keys,
            mut classes,
            mut class,
        } = PieceRays::build(&scenario)?;
        let placement =
            Placement::build(&scenario, &rules, &mut classes, &mut rays, &mut ray_keys)?;
        let len = scenario.board.len();
        let mut piece_keys: Vec<u64> = (0..classes.len() * len).map(|_| keys.next_u64()).collect();
        let mut goals = goal_masks(&scenario);
        let mut owns_goal: Vec<bool> = goals.iter().map(|m| m.iter().any(|&g| g)).collect();
        let mut goal_distance = goal_distances(&scenario, &goals, &owns_goal)?;
        let of_types = |types: &[usize]| -> Vec<bool> {
            scenario
                .pieces
                .iter()
                .map(|p| types.contains(&p.type_index))
                .collect()
        };
        let mut side: Vec<Side> = scenario.pieces.iter().map(|p| p.side).collect();
        let of_side = |s: Side| (0..n).filter(|&i| side[i] == s).map(|i| i as u8).collect();
        let by_side = [of_side(Side::White), of_side(Side::Black)];
        let mut safe = of_types(&rules.safe);
        let mut royal = of_types(&rules.royal);
        let bound = match &placement {
            Some(p) => p.length_bound(&scenario),
            None => progressive_bound(&scenario),
        };
        let limit_matters = rules.limit < bound.unwrap_or(u32::MAX);
        if let Some(p) = &placement {
            p.extend(
                &scenario,
                Reserve {
                    goals: &mut goals,
                    owns_goal: &mut owns_goal,
                    goal_distance: &mut goal_distance,
                    side: &mut side,
                    class: &mut class,
                    safe: &mut safe,
                    royal: &mut royal,
                },
            );
        }
        let black_key = keys.next_u64();
        let pass_key = keys.next_u64();
        let pending_keys = [keys.next_u64(), keys.next_u64()];
        // The keys of a game without the rules of chess are drawn first and alike, so that its
        // positions hash as they always did.
        let chess = match rules.chess {
            Some(_) => Some(super::chess::ChessGame::build(
                &scenario,
                &mut classes,
                &mut rays,
                &mut ray_keys,
                &mut piece_keys,
                &mut keys,
            )?),
            None => None,
        };
        let jumps = super::jump::JumpGame::build(
            &scenario,
            rules.compulsory_capture,
            &mut classes,
            &mut rays,
            &mut ray_keys,
            &mut piece_keys,
            &mut keys,
        )?;
        for c in &mut classes {
            c.safe = rules.safe.contains(&c.type_index);
            c.royal = rules.royal.contains(&c.type_index);
        }
        let symmetry_keys = super::symmetry::symmetry_keys(
            &scenario,
            &classes,
            &goals,
            &piece_keys,
            jumps.is_some(),
            chess.is_some(),
        );
        Ok(Game {
            symmetry_keys,
            black_key,
            pass_key,
            pending_keys,
            scenario,
            rules,
            classes,
            chess,
            jumps,
            rays,
            goals,
            goal_distance,
            side,
            by_side,
            safe,
            any_goals: owns_goal.iter().any(|&g| g),
            owns_goal,
            any_royal: royal.iter().any(|&r| r),
            royal,
            piece_keys,
            class,
            limit_matters,
            placement,
        })
    }

    /// Whether the game is played under the rules of chess (`rules chess`).
    pub fn is_chess(&self) -> bool {
        self.chess.is_some()
    }

    /// The number of pieces (placed at the start, captured ones keeping their index; in a
    /// placement game the reserve in hand too).
    pub fn piece_count(&self) -> usize {
        self.side.len()
    }

    /// The Zobrist key of a piece of class `class` on `at`.
    pub(crate) fn key(&self, class: usize, at: Point) -> u64 {
        self.piece_keys[class * self.scenario.board.len() + at.index()]
    }

    /// The rays a piece of class `class` moves along.
    pub(crate) fn move_rays(&self, class: usize) -> &Rays {
        &self.rays[self.classes[class].moves]
    }

    /// The rays a piece of class `class` attacks along (its move rays where it attacks as it
    /// moves).
    pub(crate) fn attack_rays(&self, class: usize) -> &Rays {
        let c = &self.classes[class];
        &self.rays[c.attacks.unwrap_or(c.moves)]
    }
}

/// A class of pieces: one type of one side. Pieces of a class move alike and hash alike.
#[derive(Clone, Debug)]
pub(crate) struct Class {
    /// The type (an index into the scenario's types).
    pub(crate) type_index: usize,
    pub(crate) side: Side,
    /// The move rays (an index of [`Game::rays`]).
    pub(crate) moves: usize,
    /// The attack rays, where the type attacks otherwise than it moves.
    pub(crate) attacks: Option<usize>,
    /// The type's material value.
    pub(crate) value: f64,
    /// Whether the rules make the type safe, or royal.
    pub(crate) safe: bool,
    pub(crate) royal: bool,
}

/// At most [`MAX_PIECES`] pieces, no two on one point.
fn check_placement(scenario: &Scenario) -> Result<(), GameError> {
    let n = scenario.pieces.len();
    if n > MAX_PIECES {
        return Err(GameError::TooManyPieces(n));
    }
    for (i, p) in scenario.pieces.iter().enumerate() {
        if let Some(q) = scenario.pieces[..i].iter().find(|q| q.at == p.at) {
            return Err(GameError::SharedPoint {
                point: scenario.board.name(p.at).to_string(),
                first: q.name.clone(),
                second: p.name.clone(),
            });
        }
    }
    Ok(())
}

/// The rays of the pieces' motions, built once per (type, side, usage), and the classes (type
/// and side) of the pieces, numbered in the order of the pieces that first have them.
struct PieceRays {
    rays: Vec<Rays>,
    /// What each of `rays` is the rays of.
    ray_keys: Vec<(usize, Side, Usage)>,
    classes: Vec<Class>,
    /// Each piece's class.
    class: Vec<usize>,
}

impl PieceRays {
    fn build(scenario: &Scenario) -> Result<PieceRays, GameError> {
        let mut out = PieceRays {
            rays: Vec::new(),
            ray_keys: Vec::new(),
            classes: Vec::new(),
            class: Vec::new(),
        };
        for p in &scenario.pieces {
            let c = add_class(
                scenario,
                &mut out.classes,
                &mut out.rays,
                &mut out.ray_keys,
                p.type_index,
                p.side,
            )?;
            out.class.push(c);
        }
        Ok(out)
    }
}

/// The class of (`type_index`, `side`), added (with its rays) if it is new. `ray_keys` names
/// the rays built so far, so that classes share them.
pub(crate) fn add_class(
    scenario: &Scenario,
    classes: &mut Vec<Class>,
    rays: &mut Vec<Rays>,
    ray_keys: &mut Vec<(usize, Side, Usage)>,
    type_index: usize,
    side: Side,
) -> Result<usize, GameError> {
    if let Some(i) = classes
        .iter()
        .position(|c| c.type_index == type_index && c.side == side)
    {
        return Ok(i);
    }
    let mut ray_index = |usage: Usage| {
        if let Some(i) = ray_keys
            .iter()
            .position(|&k| k == (type_index, side, usage))
        {
            return Ok(i);
        }
        ray_keys.push((type_index, side, usage));
        rays.push(Rays::build(scenario, type_index, side, usage)?);
        Ok::<_, GameError>(rays.len() - 1)
    };
    let t = &scenario.types[type_index];
    let moves = ray_index(Usage::Move)?;
    let attacks = match t.attacks {
        Some(_) => Some(ray_index(Usage::Attack)?),
        None => None,
    };
    classes.push(Class {
        type_index,
        side,
        moves,
        attacks,
        value: t.value,
        safe: false,
        royal: false,
    });
    Ok(classes.len() - 1)
}

/// Each piece's goals, as a mask over the board's points.
fn goal_masks(scenario: &Scenario) -> Vec<Vec<bool>> {
    let len = scenario.board.len();
    (0..scenario.pieces.len())
        .map(|i| {
            let mut mask = vec![false; len];
            for g in &scenario.goals {
                let mine = match &g.owner {
                    GoalOwner::Both => true,
                    GoalOwner::Side(s) => *s == scenario.pieces[i].side,
                    GoalOwner::Piece(j) => *j == i,
                };
                if mine {
                    mask[g.point.index()] = true;
                }
            }
            mask
        })
        .collect()
}

/// Each piece's distance from every point to its nearest goal (0 for a piece without goals),
/// once the goal owners' distance tables are found to fit in the memory limit.
fn goal_distances(
    scenario: &Scenario,
    goals: &[Vec<bool>],
    owns_goal: &[bool],
) -> Result<Vec<Vec<u32>>, GameError> {
    let n = scenario.pieces.len();
    let len = scenario.board.len();
    let kernel = scenario.kernel();
    kernel
        .check(
            (0..n)
                .filter(|&i| owns_goal[i])
                .map(|i| scenario.motion_of(&kernel, &scenario.pieces[i], Usage::Move)),
        )
        .map_err(GameError::TooLarge)?;
    Ok((0..n)
        .map(|i| {
            let far = if owns_goal[i] {
                kernel.unreachable()
            } else {
                0
            };
            let mut d = vec![far; len];
            let m = scenario.motion_of(&kernel, &scenario.pieces[i], Usage::Move);
            for g in scenario.board.points().filter(|g| goals[i][g.index()]) {
                let to = kernel.map_to(m, g);
                for (x, best) in d.iter_mut().enumerate() {
                    *best = (*best).min(to.get(Point(x as u32)));
                }
            }
            d
        })
        .collect())
}

/// Whether what a game compiles fits in the thread's memory limit: the rays of each type, side
/// and use its pieces have, and per piece its goal mask, its goal distances and its Zobrist keys
/// (one of each per point). A slider's rays on a large board are billions of points.
fn check_size(scenario: &Scenario, rules: &Rules) -> Result<(), GameError> {
    let mut keys: Vec<(usize, Side, Usage)> = Vec::new();
    let mut classes: Vec<(usize, Side)> = scenario
        .pieces
        .iter()
        .map(|p| (p.type_index, p.side))
        .collect();
    if rules.chess.is_some() {
        // Every type a pawn may become, for both sides, has its rays from the start.
        for t in super::chess::CLASS_TYPES {
            classes.extend([(t, Side::White), (t, Side::Black)]);
        }
    }
    // The types pieces crown into, and those crown into in turn.
    let mut k = 0;
    while k < classes.len() {
        let (t, side) = classes[k];
        if let Some(c) = scenario.types[t].crown
            && !classes.contains(&(c, side))
        {
            classes.push((c, side));
        }
        k += 1;
    }
    for (t, side) in classes {
        keys.push((t, side, Usage::Move));
        if scenario.types[t].attacks.is_some() {
            keys.push((t, side, Usage::Attack));
        }
    }
    keys.sort_by_key(|&(t, side, usage)| (t, side, usage == Usage::Attack));
    keys.dedup();
    let rays: u64 = keys
        .iter()
        .map(|&(t, side, usage)| Rays::bytes(scenario, t, side, usage))
        .fold(0, u64::saturating_add);
    // A goal flag, a goal distance and a key per piece and point.
    let per_piece = scenario.board.len() as u64 * (1 + 4 + 8);
    let bytes = rays
        .saturating_add(per_piece * scenario.pieces.len() as u64)
        .saturating_add(super::jump::JumpGame::bytes(scenario));
    memory::check(bytes, || {
        let names: Vec<String> = keys
            .iter()
            .map(|&(t, side, usage)| {
                let usage = match usage {
                    Usage::Move => "moves",
                    Usage::Attack => "attacks",
                };
                format!("{} ({side}, {usage})", scenario.types[t].name)
            })
            .collect();
        format!(
            "the rays of play of {} on this {} board",
            names.join(", "),
            scenario.board.describe()
        )
    })
    .map_err(GameError::TooLarge)
}

/// An upper bound on the length of any game, when every piece that can move only ever moves
/// forward (every vector has a positive rank component and a bounded reach): each piece then
/// moves at most height − 1 times, and at most one pass separates two moves.
fn progressive_bound(scenario: &Scenario) -> Option<u32> {
    let [_, height, _] = scenario.board.dims()?;
    let mut steps: u64 = 0;
    for p in &scenario.pieces {
        let t = &scenario.types[p.type_index];
        // A crowned piece moves as its new type (a checkers king goes back).
        if t.crown.is_some() || t.jumps.iter().any(|d| d[1] <= 0) {
            return None;
        }
        if t.never_moves() {
            continue;
        }
        for usage in [Usage::Move, Usage::Attack] {
            let m = t.motion(usage);
            if !m.edges.is_empty() || m.vectors.iter().any(|b| b.delta[1] <= 0) {
                return None;
            }
        }
        steps += u64::from(height) - 1;
    }
    u32::try_from(2 * steps + 2).ok()
}
