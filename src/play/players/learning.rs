//! Learning rules from explanations (docs/players.md §7), after Cazenave's explanation-based
//! learning (seed 002): the explanation of a goal's degree names a piece, the path of its best
//! way and the interceptors met on it; generalising it replaces the points by offsets from the
//! piece and keeps only what the explanation depends on: what stands on the path, which enemy
//! pieces stand in the path's region (the points from which an enemy piece could reach the path
//! in time, the only places an interceptor can come from), whose move it is and who wins the
//! race to the goals. The degree is then read off positions whose value the solver knows: the
//! share of them that the piece's side won.
//!
//! Learning is deterministic: random games from the scenario's start with a seeded generator,
//! one position taken from each, each solved by alpha-beta within a node budget (positions it
//! cannot solve are left out), rules sorted by their text.

use std::collections::{BTreeMap, BTreeSet};

use super::fuzzy_evaluation::{self, Aim, Way};
use super::rule_book::{Content, Offset, Rule, RuleBook, race_ahead};
use crate::piece::{Reach, Side, Usage};
use crate::play::game::Game;
use crate::play::search::{SearchOptions, alphabeta};
use crate::play::state::{Move, State};
use crate::random::SplitMix;

/// How rules are learned.
#[derive(Clone, Debug)]
pub struct LearnOptions {
    /// The seed of the random games: the same seed learns the same rules.
    pub seed: u64,
    /// Random games played, one position taken from each.
    pub games: u32,
    /// The position is taken after 1 to this many random moves.
    pub max_moves: u32,
    /// The solver's node budget per position.
    pub solve_nodes: u64,
    /// The fuzzy evaluation's horizon.
    pub horizon: u32,
    /// Patterns met fewer times are left out.
    pub min_seen: u32,
}

impl Default for LearnOptions {
    fn default() -> LearnOptions {
        LearnOptions {
            seed: 15,
            games: 400,
            max_moves: 16,
            solve_nodes: 2_000_000,
            horizon: SearchOptions::DEFAULT_HORIZON,
            min_seen: 2,
        }
    }
}

/// The line the rules file names its origin with (after the header).
pub fn origin(scenario: &str, options: &LearnOptions) -> String {
    format!(
        "learned on {scenario} by examples/learn_rules.rs (seed {}, {} games)",
        options.seed, options.games
    )
}

/// What learning saw, besides the rules.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LearnReport {
    /// Positions taken from the random games (those not already over).
    pub positions: u32,
    /// Those the solver decided within its node budget.
    pub solved: u32,
    /// Goal-point goals of the solved positions whose best way generalised into a pattern.
    pub explanations: u32,
}

/// The most points of a region: its BFS stays within this many steps of the path.
const WINDOW: i32 = 16;

/// The region of a path of a piece of `side` (offsets in the piece's frame, the piece at 0,0):
/// every point from which a piece of the other side could, on an empty board, stand on stop i or attack it
/// within i moves (stop 0 is the piece's own point; i moves is generous either way round of
/// who moves first). The path's own points and the piece's are left out.
pub fn region(game: &Game, side: Side, path: &[Offset]) -> Vec<Offset> {
    let frame = |d: [i32; 3]| match side {
        Side::White => (d[0], d[1]),
        Side::Black => (d[0], -d[1]),
    };
    let mut types: Vec<usize> = game
        .scenario
        .pieces
        .iter()
        .filter(|p| p.side != side)
        .map(|p| p.type_index)
        .collect();
    // A placement game's reserve in hand is of the placed type, for either side.
    types.extend(game.placement.as_ref().map(|p| p.type_index));
    types.sort_unstable();
    types.dedup();
    let enemy = side.opposite();
    let stops: Vec<Offset> = std::iter::once(Offset { dx: 0, dy: 0 })
        .chain(path.iter().copied())
        .collect();
    let mut out: BTreeSet<Offset> = BTreeSet::new();
    for &t in &types {
        let ty = &game.scenario.types[t];
        let vectors = |usage: Usage| -> Vec<((i32, i32), u32)> {
            ty.motion(usage)
                .oriented(enemy)
                .vectors
                .iter()
                .map(|b| {
                    let range = match b.reach {
                        Reach::Leap | Reach::Over => 1,
                        Reach::Slide { range } => range.unwrap_or(WINDOW as u32).min(WINDOW as u32),
                    };
                    (frame(b.delta), range)
                })
                .collect()
        };
        let (moves, attacks) = (vectors(Usage::Move), vectors(Usage::Attack));
        for (i, s) in stops.iter().enumerate() {
            // The points that stand on s or attack it...
            let mut frontier: BTreeSet<Offset> = BTreeSet::from([*s]);
            for &((vx, vy), range) in &attacks {
                for k in 1..=range as i32 {
                    frontier.insert(Offset {
                        dx: s.dx - k * vx,
                        dy: s.dy - k * vy,
                    });
                }
            }
            // ...and the points that reach one of them within i moves.
            let mut seen = frontier.clone();
            for _ in 0..i {
                let mut next = BTreeSet::new();
                for p in &frontier {
                    for &((vx, vy), range) in &moves {
                        for k in 1..=range as i32 {
                            let q = Offset {
                                dx: p.dx - k * vx,
                                dy: p.dy - k * vy,
                            };
                            if q.dx.abs() <= WINDOW && q.dy.abs() <= WINDOW && seen.insert(q) {
                                next.insert(q);
                            }
                        }
                    }
                }
                frontier = next;
            }
            out.extend(seen);
        }
    }
    out.into_iter().filter(|o| !stops.contains(o)).collect()
}

/// The generalised explanation of `piece`'s way to a goal in `state`: the rule's pattern, with
/// no count yet. `None` where the board is not a grid.
pub fn generalise(game: &Game, state: &State, piece: usize, way: &Way) -> Option<Rule> {
    // Each piece's side and type now: a flip or a promotion changes them.
    let side = state.side(game, piece);
    let board = &game.scenario.board;
    let origin = board.coords(*way.main.stops.first()?)?;
    let rel = |p| -> Option<Offset> {
        let c = board.coords(p)?;
        let dy = c[1] - origin[1];
        Some(Offset {
            dx: c[0] - origin[0],
            dy: if side == Side::White { dy } else { -dy },
        })
    };
    let type_name = |q: usize| game.scenario.types[state.kind(game, q)].name.clone();
    let mut path = Vec::new();
    for &p in &way.main.stops[1..] {
        let content = match state.piece_at(p) {
            None => Content::Empty,
            Some(q) if state.side(game, q) == side => Content::Own(type_name(q)),
            Some(q) => Content::Enemy(type_name(q)),
        };
        path.push((rel(p)?, content));
    }
    let offsets: Vec<Offset> = path.iter().map(|(o, _)| *o).collect();
    let mut enemies = Vec::new();
    let mut clear = Vec::new();
    for o in region(game, side, &offsets) {
        let dy = if side == Side::White { o.dy } else { -o.dy };
        let at = board.at([origin[0] + o.dx, origin[1] + dy, origin[2]]);
        match at.and_then(|p| state.piece_at(p)) {
            Some(q) if state.side(game, q) != side => enemies.push((o, type_name(q))),
            // Holding no enemy, or off the board: clear. A point off the board here may be on it
            // where the rule is applied, and there the rule asks that no enemy stand on it.
            _ => clear.push(o),
        }
    }
    Some(Rule {
        number: 0,
        piece: type_name(piece),
        own_to_move: state.to_move == side,
        race_ahead: race_ahead(game, state, side, path.len() as u32),
        path,
        enemies,
        clear,
        won: 0,
        of: 0,
        example: String::new(),
    })
}

/// Learns rules on `game` as `options` say.
pub fn learn(game: &Game, options: &LearnOptions) -> (RuleBook, LearnReport) {
    let mut rng = SplitMix(options.seed);
    let mut report = LearnReport::default();
    // Per pattern: won, seen, the first example.
    let mut patterns: BTreeMap<String, (Rule, u32, u32)> = BTreeMap::new();
    let mut legal = Vec::new();
    for _ in 0..options.games {
        let mut state = State::initial(game);
        let mut moves: Vec<Move> = Vec::new();
        let length = 1 + rng.below(u64::from(options.max_moves.max(1))) as u32;
        for _ in 0..length {
            state.successors(game, &mut legal);
            if state.outcome.is_some() || legal.is_empty() {
                break;
            }
            let mv = legal[rng.below(legal.len() as u64) as usize];
            moves.push(mv);
            state.make(game, mv);
        }
        state.successors(game, &mut legal);
        if state.outcome.is_some() {
            continue;
        }
        report.positions += 1;
        let solved = alphabeta::search(
            game,
            &state,
            &SearchOptions {
                depth: None,
                max_nodes: Some(options.solve_nodes),
                ..SearchOptions::default()
            },
        );
        let Some(value) = solved.value else { continue };
        report.solved += 1;
        let example = line(game, &moves);
        let e = fuzzy_evaluation::evaluate(game, &state, options.horizon);
        for g in &e.goals {
            let (Aim::Goal, Some(way)) = (g.aim, &g.best) else {
                continue;
            };
            let Some(rule) = generalise(game, &state, g.piece, way) else {
                continue;
            };
            report.explanations += 1;
            let won = match g.side {
                Side::White => value == 1,
                Side::Black => value == -1,
            };
            let entry = patterns.entry(rule.pattern()).or_insert_with(|| {
                (
                    Rule {
                        example: example.clone(),
                        ..rule
                    },
                    0,
                    0,
                )
            });
            entry.1 += u32::from(won);
            entry.2 += 1;
        }
    }
    let rules = patterns
        .into_values()
        .filter(|(_, _, of)| *of >= options.min_seen)
        .enumerate()
        .map(|(i, (rule, won, of))| Rule {
            number: i as u32 + 1,
            won,
            of,
            ..rule
        })
        .collect();
    (RuleBook { rules }, report)
}

/// Moves as `lingeo play` reads them.
fn line(game: &Game, moves: &[Move]) -> String {
    let mut state = State::initial(game);
    let mut out = Vec::new();
    for &m in moves {
        out.push(m.show(game));
        state.make(game, m);
    }
    out.join(" ")
}
