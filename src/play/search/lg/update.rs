//! Zones updated across a move ([`Update`]): the parent's attacks that the move cannot change
//! are kept, the others generated afresh, so that a position's attacks equal those generated
//! from scratch ([`Regenerate`]) at a fraction of the cost (issue 49, item 3).
//!
//! What an attack's zones read (src/zone.rs, `ZoneGenerator::bundles` and `zones`, and
//! [`Regenerate::generate`]), where distances do not depend on where pieces stand (the
//! scenario's `blocking` off, one kernel for every state):
//!
//! * whether it exists and its main trajectories: its piece's type, side and point, its
//!   target, and whether an opposing piece stands on the target (a capture, a target);
//! * its negations: the scan visits the points marked at each level with their time (the
//!   zone's [`Zone::times`]) and, per piece standing elsewhere than the main trajectory's
//!   start and end, asks whether it qualifies (Q4: its distance to the point, its side); only
//!   a piece that qualifies lists trajectories, which the filters F1 and F2 judge against the
//!   zone alone. So a piece that never qualifies at any marked point of the zone changes
//!   nothing by standing where it stands or by being gone, and a piece that has no entry in the
//!   zone can leave it unchanged.
//!
//! So, with D the pieces whose point or class (type and side) the move changed (the moving
//! piece, a captured one, a promoted or flipped one) and S the points they left or entered, an
//! attack of the parent is kept as it is when its piece is not in D, neither its start nor its
//! target is in S, no entry of its zones is a piece of D, and no piece of D qualifies, where it
//! now stands, at a marked point of its zones with time left. Every other attack is generated
//! afresh, as are the attacks of the pieces of D and those on the points of S (which appear or
//! vanish with the pieces there); the set of attacks of every other piece on every other point
//! is the parent's. The domination zones (decision A22) are worked out from the updated goal
//! attacks as [`Regenerate::generate`] does, a guard's zones kept on the same test (its main
//! trajectories alone read its type, point and target and whether the target is empty).
//!
//! Where the kernel is not shared (`blocking` on: a piece anywhere can lengthen a distance),
//! or the parent's position is unknown, every attack is generated afresh.

use rustc_hash::FxHashMap;

use super::attack::{Attack, Attacks, ZoneKind};
use super::error::LgError;
use super::moves::is_goal_zone;
use super::regenerate::{Regenerate, guarded, to_game, zones_or_error};
use super::zone_source::{Parent, ZoneSource};
use crate::board::Point;
use crate::piece::Side;
use crate::play::game::Game;
use crate::play::state::{Move, State};
use crate::scenario::Scenario;
use crate::zone::{Zone, ZoneGenerator};

/// Zones updated from the parent's across each move (the module's doc): equal to those of
/// [`Regenerate`], which lists them at the root and wherever the parent's are not at hand.
pub struct Update {
    /// The generator of the attacks the move changes, and of every attack where no update
    /// applies; its caches of positions met serve both.
    pub fresh: Regenerate,
}

impl ZoneSource for Update {
    fn zones(&mut self, game: &Game, state: &State) -> Result<Attacks, LgError> {
        self.fresh.zones(game, state)
    }

    fn child(
        &mut self,
        game: &Game,
        parent: &Parent<'_>,
        _mv: Move,
        child: &State,
    ) -> Result<(Attacks, bool), LgError> {
        let attacks = self
            .fresh
            .zones_with(child, |fresh| updated(fresh, game, parent, child, false))?;
        Ok((attacks, true))
    }

    fn goal_zones(&mut self, game: &Game, state: &State) -> Result<Attacks, LgError> {
        self.fresh.goal_zones(game, state)
    }

    fn goal_child(
        &mut self,
        game: &Game,
        parent: &Parent<'_>,
        _mv: Move,
        child: &State,
    ) -> Result<(Attacks, bool), LgError> {
        let attacks = self.fresh.goal_zones_with(game, child, |fresh| {
            updated(fresh, game, parent, child, true)
        })?;
        Ok((attacks, true))
    }
}

/// The attacks of `child` (with `goals_only`, its goal zones: the attacks of pieces on their
/// goals and the domination zones), updated from `parent`'s: equal to
/// `fresh.listed(game, child, goals_only)`. `parent.attacks` are the parent's attacks or its
/// goal zones (a goal zone of a list of all attacks is one of the list of goal zones).
pub(super) fn updated(
    fresh: &Regenerate,
    game: &Game,
    parent: &Parent<'_>,
    child: &State,
    goals_only: bool,
) -> Result<Vec<Attack>, LgError> {
    let Some((parent_at, parent_classes)) = parent.position else {
        return fresh.listed(game, child, goals_only);
    };
    if !fresh.shares_kernel() {
        return fresh.listed(game, child, goals_only);
    }
    // D: the pieces whose point or class the move changed; S: the points they left or entered.
    let classes = child.classes();
    let changed: Vec<usize> = (0..child.at.len())
        .filter(|&i| parent_at[i] != child.at[i] || parent_classes[i] != classes[i])
        .collect();
    let keep_as_is = |a: &Attack| !goals_only || is_goal_zone(game, a);
    // A list of all attacks has the goal zones of a list of goal zones but where its
    // guards' zones are bundles.
    let guards_listed_alike = !goals_only || fresh.guard_mains_only(false);
    if changed.is_empty() && guards_listed_alike {
        return Ok(parent
            .attacks
            .iter()
            .filter(|a| keep_as_is(a))
            .cloned()
            .collect());
    }
    let mut points: Vec<Point> = changed
        .iter()
        .flat_map(|&i| [parent_at[i], child.at[i]])
        .flatten()
        .collect();
    points.sort_unstable();
    points.dedup();
    let before: FxHashMap<(usize, Point, ZoneKind), &Attack> = parent
        .attacks
        .iter()
        .map(|a| ((a.piece, a.target, a.kind), a))
        .collect();
    let change = Change {
        changed: &changed,
        points: &points,
    };
    fresh.with_generator(game, child, |scenario, back, map, generator| {
        let mut out: Vec<Attack> = Vec::new();
        let horizon = fresh.horizon;
        for (p0, &g0) in back.iter().enumerate() {
            let moved = changed.contains(&g0);
            let is_attack = |y: Point| {
                generator.main_distance(p0, y) <= horizon
                    && scenario.is_target(p0, y)
                    && (!goals_only || game.goals[g0][y.index()])
            };
            // Its targets: all afresh for a changed piece; else the parent's away from S, and
            // those on S afresh, in enumeration order.
            let targets: Vec<Point> = if moved {
                scenario.board.points().filter(|&y| is_attack(y)).collect()
            } else {
                let mut targets: Vec<Point> = parent
                    .attacks
                    .iter()
                    .filter(|a| a.piece == g0 && a.kind == ZoneKind::Attack)
                    .map(|a| a.target)
                    .filter(|y| !points.contains(y))
                    .filter(|y| !goals_only || game.goals[g0][y.index()])
                    .collect();
                targets.extend(points.iter().copied().filter(|&y| is_attack(y)));
                targets.sort_unstable();
                targets
            };
            for y0 in targets {
                let kept = before
                    .get(&(g0, y0, ZoneKind::Attack))
                    .filter(|a| change.spares(scenario, map, generator, g0, y0, &a.zones));
                let attack = match kept {
                    Some(a) => (*a).clone(),
                    None => {
                        let zones = fresh
                            .attack_zones(generator, p0, y0)
                            .map(|z| to_game(z, back));
                        let zones = zones_or_error(game, child, g0, y0, ZoneKind::Attack, zones)?;
                        Attack::new(g0, y0, ZoneKind::Attack, zones)
                    }
                };
                out.push(attack);
            }
        }
        if !fresh.domination {
            return Ok(out);
        }
        // The domination zones, as `Regenerate::generate` lists them from the goal attacks.
        let side_of = |g: usize| scenario.pieces[map[g].expect("a piece of the zones")].side;
        let mut guard: Vec<(Side, Point, usize)> = Vec::new();
        for a in out.iter().filter(|a| game.goals[a.piece][a.target.index()]) {
            let side = side_of(a.piece);
            for y in guarded(&a.zones, side, side_of) {
                guard.push((side, y, a.piece));
            }
        }
        let attacked: Vec<(usize, Point)> = out.iter().map(|a| (a.piece, a.target)).collect();
        for (p0, &g0) in back.iter().enumerate() {
            let side = scenario.pieces[p0].side;
            let mut guarded_points: Vec<Point> = guard
                .iter()
                .filter(|&&(s, _, q)| s == side && q != g0)
                .map(|&(_, y, _)| y)
                .collect();
            guarded_points.sort_unstable();
            guarded_points.dedup();
            for y0 in guarded_points {
                if attacked.contains(&(g0, y0)) {
                    continue;
                }
                let kept = before
                    .get(&(g0, y0, ZoneKind::Domination))
                    .filter(|_| guards_listed_alike)
                    .filter(|a| change.spares(scenario, map, generator, g0, y0, &a.zones));
                if let Some(a) = kept {
                    out.push((*a).clone());
                    continue;
                }
                if let Some(attack) = fresh
                    .guard_attack(game, child, generator, scenario, back, p0, y0, goals_only)?
                {
                    out.push(attack);
                }
            }
        }
        Ok(out)
    })
}

/// What a move changed: the pieces whose point or class changed (D), and the points they left
/// or entered (S).
struct Change<'a> {
    changed: &'a [usize],
    points: &'a [Point],
}

impl Change<'_> {
    /// Whether the zones of the attack of g0 (a game piece) on y0 in the parent are those of the
    /// child (the module's doc): g0 unchanged, its start and y0 away from the points changed,
    /// no piece of its zones changed, and no changed piece qualifying (Q4) where it stands at
    /// a marked point of the zones with time left. Conservative: a changed piece that
    /// qualifies but whose trajectories the filters would drop still regenerates the attack.
    fn spares(
        &self,
        scenario: &Scenario,
        map: &[Option<usize>],
        generator: &ZoneGenerator<'_>,
        g0: usize,
        y0: Point,
        zones: &[Zone],
    ) -> bool {
        if self.changed.contains(&g0) || self.points.contains(&y0) {
            return false;
        }
        let Some(p0) = map[g0] else {
            return false;
        };
        let x0 = generator.piece_at(p0);
        if self.points.contains(&x0) {
            return false;
        }
        let side = scenario.pieces[p0].side;
        // The changed pieces still on the board, where they stand now (not on the main
        // trajectory's start or end, which the scan passes over).
        let arrived: Vec<(usize, Point, bool)> = self
            .changed
            .iter()
            .filter_map(|&g| map[g])
            .map(|q| (q, generator.piece_at(q)))
            .filter(|&(_, b)| b != x0 && b != y0)
            .map(|(q, b)| (q, b, scenario.pieces[q].side == side))
            .collect();
        for z in zones {
            if z.entries.iter().any(|e| self.changed.contains(&e.piece)) {
                return false;
            }
            for level in &z.times {
                for &(y, l) in level {
                    if l <= 0 {
                        continue;
                    }
                    for &(q, b, own) in &arrived {
                        let d = generator.reach(q, b, y, true);
                        let qualifies = if own { d == 1 } else { i64::from(d) <= l };
                        if qualifies {
                            return false;
                        }
                    }
                }
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use std::rc::Rc;

    use super::*;
    use crate::random::SplitMix;

    /// A game of the shipped examples.
    fn game(file: &str) -> Game {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("examples")
            .join(file);
        Game::new(Scenario::load(&path).expect("a shipped example")).expect("a game")
    }

    /// The generator of the LG search's zones on `game` within `horizon`, as `search` sets it
    /// up: bundles unless `product`, domination zones with or without negations.
    fn regenerate(game: &Game, horizon: u32, product: bool, guard_negations: bool) -> Regenerate {
        let mut fresh = Regenerate::new(game, horizon);
        fresh.domination = true;
        fresh.guard_negations = guard_negations;
        fresh.product = product;
        fresh
    }

    /// Per case: a random walk of `plies` legal moves from the start, then at its end a random
    /// legal move; the child's attacks updated from the parent's equal those listed afresh
    /// (all attacks, and goal zones from either list of the parent). Returns the cases and
    /// the attacks kept from the parent (their zones shared, not generated).
    fn check(file: &str, horizon: u32, cases: u64, plies: u64, seed: u64) -> (u64, usize) {
        let game = game(file);
        let mut rng = SplitMix(seed);
        let (mut checked, mut kept) = (0, 0);
        // One generator per setting for all the cases, as a search keeps one: its caches
        // (TRACKS, the guards' approaches) then carry what one position listed to the
        // positions after it, which must change nothing.
        let mut generators: Vec<((bool, bool), Regenerate)> = Vec::new();
        for case in 0..cases {
            let setting = (case % 5 == 4, case % 7 == 6);
            let at = match generators.iter().position(|(s, _)| *s == setting) {
                Some(at) => at,
                None => {
                    let made = regenerate(&game, horizon, setting.0, setting.1);
                    generators.push((setting, made));
                    generators.len() - 1
                }
            };
            let fresh = &generators[at].1;
            let mut state = State::initial(&game);
            let mut moves = Vec::new();
            for _ in 0..rng.below(plies + 1) {
                state.successors(&game, &mut moves);
                if moves.is_empty() || state.outcome.is_some() {
                    break;
                }
                let mv = moves[rng.below(moves.len() as u64) as usize];
                state.make(&game, mv);
            }
            state.successors(&game, &mut moves);
            if moves.is_empty() || state.outcome.is_some() {
                continue;
            }
            let mv = moves[rng.below(moves.len() as u64) as usize];
            let (Ok(all), Ok(goals)) = (
                fresh.listed(&game, &state, false),
                fresh.listed(&game, &state, true),
            ) else {
                continue;
            };
            let (at, classes) = (state.at.clone(), state.classes().to_vec());
            let mut child = state.clone();
            child.make(&game, mv);
            let text = mv.show(&game);
            for (goals_only, parent) in [(false, &all), (true, &all), (true, &goals)] {
                let parent = Parent {
                    attacks: parent,
                    position: Some((&at, &classes)),
                };
                let expected = fresh.listed(&game, &child, goals_only);
                let got = updated(fresh, &game, &parent, &child, goals_only);
                match (&expected, &got) {
                    (Ok(expected), Ok(got)) => {
                        // The first attack that differs, named (the whole lists run to pages).
                        let differs = (0..got.len().max(expected.len()))
                            .find(|&i| got.get(i) != expected.get(i))
                            .map(|i| {
                                let name = |a: Option<&Attack>| {
                                    a.map(|a| (a.piece, a.target, a.kind, a.zones.len()))
                                };
                                (i, name(got.get(i)), name(expected.get(i)))
                            });
                        assert_eq!(
                            differs, None,
                            "{file} case {case}: after {text} (goals only: {goals_only}): \
                             attack (index, updated, regenerated) differs"
                        );
                        kept += got
                            .iter()
                            .filter(|a| {
                                parent
                                    .attacks
                                    .iter()
                                    .any(|b| Rc::ptr_eq(&a.zones, &b.zones))
                            })
                            .count();
                    }
                    (Err(e), Err(g)) => assert_eq!(e.to_string(), g.to_string()),
                    _ => panic!("{file} case {case}: after {text}: {expected:?} against {got:?}"),
                }
            }
            checked += 1;
        }
        (checked, kept)
    }

    #[test]
    fn updated_zones_equal_regenerated_ones_on_random_positions_and_moves() {
        let mut total = 0;
        for (file, horizon, cases, plies, seed) in [
            ("race10.scenario", 4, 160, 12, 1),
            ("robot-2d4a.scenario", 5, 160, 8, 2),
            ("pawned.scenario", 4, 160, 14, 3),
            ("reti.scenario", 5, 120, 10, 4),
            ("middlegame-game.scenario", 2, 40, 6, 5),
        ] {
            let (checked, kept) = check(file, horizon, cases, plies, seed);
            // Most cases are positions with a move to make, and the update keeps attacks.
            assert!(checked * 10 >= cases * 8, "{file}: {checked} of {cases}");
            assert!(kept > 0, "{file}: no attack kept");
            total += checked;
        }
        assert!(total >= 500, "{total} cases");
    }
}
