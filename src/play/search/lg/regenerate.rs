//! Zones generated afresh at every state by the native zone generator ([`Regenerate`]), with the
//! domination zones of decision A22 and caches of positions met and of TRACKS.

use std::cell::RefCell;
use std::rc::Rc;

use rustc_hash::FxHashMap;

use super::attack::{Attack, Attacks, ZoneKind};
use super::error::LgError;
use super::moves::is_goal_zone;
use super::zone_source::{Parent, ZoneSource};
use crate::board::Point;
use crate::kernel::Kernel;
use crate::piece::Side;
use crate::play::game::Game;
use crate::play::state::{Move, State};
use crate::progress::{Progress, Silent, Task};
use crate::scenario::Scenario;
use crate::zone::{Tracks, Zone, ZoneError, ZoneGenerator, ZoneOptions};

/// An attack of [`Regenerate::generate`]: piece (game index), target, kind, zones or error.
type Generated = (usize, Point, ZoneKind, Result<Vec<Zone>, ZoneError>);

/// Zones generated afresh at every state by the native zone generator on
/// [`State::scenario`]: every attack within the horizon, each with its main trajectories of
/// shortest length (l0 = the attack's distance), and the filters F1 and F2 (decision A8,
/// docs/semantics.md §10); with `domination`, the domination zones too ([`Regenerate::generate`]).
pub struct Regenerate {
    /// Attacks whose main trajectories are at most this many moves long (H).
    pub horizon: u32,
    /// The zone generator's options (F1 and F2 on, `max_zones`).
    pub options: ZoneOptions,
    /// Add the domination zones (decision A22, docs/semantics.md §10).
    pub domination: bool,
    /// The domination zones with their negations (bundles: the trajectories that can stop
    /// the guard in time, and its side's answers to them) instead of the guard's main
    /// trajectories alone ([`ZoneGenerator::domination_mains`], the default).
    pub guard_negations: bool,
    /// List every zone of each attack (the product of the alternatives of its attach pairs,
    /// as the zone grammar does) instead of one bundle per main trajectory.
    pub product: bool,
    /// The kernel, shared by every state when distances do not depend on where pieces stand
    /// (the scenario's `blocking` is off).
    kernel: Option<Kernel>,
    /// The attacks of the positions met so far ([`ZoneSource::zones`]): the zones depend on
    /// where the pieces stand and what they are (a promoted pawn is another piece) and on
    /// nothing else, and a reduced tree meets one position by many orders of independent
    /// moves. Kept in two generations, each bounded in positions and bytes ([`PositionCache`]).
    cache: PositionCache,
    /// The goal zones of the positions the race extension met ([`ZoneSource::goal_zones`]),
    /// kept as [`Regenerate::cache`] is.
    goal_cache: PositionCache,
    /// TRACKS kept from state to state where the kernel is shared: they depend on the piece's
    /// type and the points, not on where the other pieces stand. Cleared when it holds
    /// [`TRACKS_CACHE_ENTRIES`].
    tracks: RefCell<Tracks>,
    /// The scenario of the last state whose zones were listed, rewritten for the next
    /// ([`State::scenario_into`]).
    scenario: RefCell<Option<Scenario>>,
    /// The guards' approaches met so far where the kernel is shared and they are main
    /// trajectories alone ([`Regenerate::guard_attack`]): they depend on the guard (its game
    /// index, type, side and point) and the point guarded, and on no other piece but one
    /// standing on that point. A fifth of race10's search at horizon 5 built them afresh.
    /// Cleared when it holds [`GUARD_CACHE_ENTRIES`].
    guards: RefCell<FxHashMap<GuardKey, Option<Attack>>>,
}

/// What a guard's approach depends on: the guard's game index, type index, side and point,
/// and the point it guards.
type GuardKey = (usize, usize, Side, Point, Point);

/// The guards' approaches [`Regenerate`] keeps at most (a bound on its memory).
pub const GUARD_CACHE_ENTRIES: usize = 100_000;

/// The TRACKS entries [`Regenerate`] keeps at most (a bound on its memory).
pub const TRACKS_CACHE_ENTRIES: usize = 200_000;

/// The main trajectories a domination zone may have (one bundle each); a guard with more is
/// left out ([`Regenerate::generate`]). A king five moves from the point with a row of slack
/// has 45; a knight-like piece on a 10x10 board has hundreds, whose bundles cost seconds a
/// position and make no particular plan.
pub const DOMINATION_MAINS: usize = 64;

/// The positions whose attacks each generation of [`Regenerate`]'s caches keeps at most (a
/// bound on its memory).
pub const ZONE_CACHE_POSITIONS: usize = 2_000;

/// The bytes of zones each generation of [`Regenerate`]'s caches of positions keeps at most.
/// A chess middlegame's position holds about a megabyte of zones at horizon 4: its 2,000 positions
/// were 2 GB, no faster than 256 MB (`--horizon 4 --depth 6 --max-nodes 15000`: 34.8 s of
/// CPU either way), and emptying them handed gigabytes back to the system, whose pages it
/// then cleared again (a quarter of the run in the kernel).
pub const ZONE_CACHE_BYTES: usize = 256 << 20;

impl Regenerate {
    /// The zones of `game`'s states within `horizon`: filters on, bundles off until the
    /// search chooses, no domination zones until asked, empty caches.
    pub fn new(game: &Game, horizon: u32) -> Regenerate {
        Regenerate {
            horizon,
            options: ZoneOptions {
                f1: true,
                f2: true,
                ..ZoneOptions::default()
            },
            domination: false,
            guard_negations: false,
            // The product by default, as the zone orderings and the fuzzy evaluation read
            // zones; the LG search chooses ([`LgOptions::product_zones`](super::options::LgOptions::product_zones)).
            product: true,
            kernel: (!game.scenario.blocking).then(|| game.scenario.kernel()),
            cache: PositionCache::default(),
            goal_cache: PositionCache::default(),
            tracks: RefCell::new(Tracks::default()),
            scenario: RefCell::new(None),
            guards: RefCell::new(FxHashMap::default()),
        }
    }
}

impl Regenerate {
    /// Every attack of `state` within the horizon, in game piece indices, each with its zones
    /// or why they could not be listed (more than `options.max_zones`).
    pub fn attacks(
        &self,
        game: &Game,
        state: &State,
    ) -> Vec<(usize, Point, Result<Vec<Zone>, ZoneError>)> {
        self.attacks_observed(game, state, &Silent)
    }

    /// [`Regenerate::attacks`], telling `progress` of each attack whose zones it has listed (a
    /// task of as many steps as there are attacks, `"attacks"`).
    pub fn attacks_observed(
        &self,
        game: &Game,
        state: &State,
        progress: &dyn Progress,
    ) -> Vec<(usize, Point, Result<Vec<Zone>, ZoneError>)> {
        self.generate(game, state, false, false, progress)
            .into_iter()
            .map(|(piece, target, _, zones)| (piece, target, zones))
            .collect()
    }

    /// The attacks of [`Regenerate::attacks`], then with `domination` the domination zones
    /// (decision A22, docs/semantics.md §10): a piece guards the points that a goal-owning
    /// piece of its side still has to pass: the stops after its start of the main
    /// trajectories of its attacks on its goals within the horizon (the 2D/4A white bomber's
    /// c7 and c8). Each piece of that side but the goal piece itself gets the domination zones
    /// of an empty such point that it guards after at most `horizon` moves (its main
    /// trajectory, of shortest length, is at most `horizon` + 1 long), unless it attacks the
    /// point already; pieces in the scenario's order, points in enumeration order.
    /// With `first_error`, the list ends at the first attack that cannot be listed.
    pub fn generate(
        &self,
        game: &Game,
        state: &State,
        domination: bool,
        first_error: bool,
        progress: &dyn Progress,
    ) -> Vec<Generated> {
        self.generate_scoped(game, state, domination, first_error, false, progress)
    }

    /// [`Regenerate::generate`], with `goals_only` the attacks of pieces on their goals alone
    /// (and the domination zones, which guard the goals' ways).
    fn generate_scoped(
        &self,
        game: &Game,
        state: &State,
        domination: bool,
        first_error: bool,
        goals_only: bool,
        progress: &dyn Progress,
    ) -> Vec<Generated> {
        self.with_generator(game, state, |scenario, back, _, generator| {
            self.generate_in(
                game,
                scenario,
                back,
                generator,
                domination,
                first_error,
                goals_only,
                progress,
            )
        })
    }

    /// Runs `f` with the scenario of `state`, the map from its pieces to the game's (`back`),
    /// the map from the game's pieces to its (`map`, `None` for a captured piece) and a
    /// generator on it, which keeps its TRACKS from state to state where the kernel is shared.
    pub(super) fn with_generator<R>(
        &self,
        game: &Game,
        state: &State,
        f: impl FnOnce(&Scenario, &[usize], &[Option<usize>], &mut ZoneGenerator<'_>) -> R,
    ) -> R {
        // The scenario of the state before, rewritten (not the game's cloned afresh: that
        // was a fifth of race10's search).
        let mut scenario = self
            .scenario
            .take()
            .unwrap_or_else(|| game.scenario.clone());
        let map = state.scenario_into(game, &mut scenario);
        let mut back = vec![0; scenario.pieces.len()];
        for (g, s) in map.iter().enumerate() {
            if let Some(s) = s {
                back[*s] = g;
            }
        }
        let own;
        let kernel = match &self.kernel {
            Some(k) => k,
            None => {
                own = scenario.kernel();
                &own
            }
        };
        let tracks = if self.kernel.is_some() {
            self.tracks.take()
        } else {
            Tracks::default()
        };
        let mut generator = ZoneGenerator::with_tracks(&scenario, kernel, self.options, tracks);
        let out = f(&scenario, &back, &map, &mut generator);
        if self.kernel.is_some() {
            let tracks = generator.into_tracks();
            if tracks.len() < TRACKS_CACHE_ENTRIES {
                *self.tracks.borrow_mut() = tracks;
            }
        }
        *self.scenario.borrow_mut() = Some(scenario);
        out
    }

    /// [`Regenerate::generate`] with the state's scenario, the map from its pieces to the
    /// game's (`back`) and its generator.
    #[allow(clippy::too_many_arguments)]
    fn generate_in(
        &self,
        game: &Game,
        scenario: &Scenario,
        back: &[usize],
        generator: &mut ZoneGenerator<'_>,
        domination: bool,
        first_error: bool,
        goals_only: bool,
        progress: &dyn Progress,
    ) -> Vec<Generated> {
        let to_game = |zones: Vec<Zone>| to_game(zones, back);
        let mut out = Vec::new();
        // Per side (White, Black), the points its goal pieces pass, with the piece.
        let mut guard: Vec<(Side, Point, usize)> = Vec::new();
        let mut attacks = generator.attacks(self.horizon);
        if goals_only {
            // Every attack's zones are its own: leaving the others out changes none of these.
            attacks.retain(|&(p0, y0)| game.goals[back[p0]][y0.index()]);
        }
        let task = Task::start(progress, Some(attacks.len() as u64), "attacks");
        for (p0, y0) in attacks {
            let zones = self.attack_zones(generator, p0, y0);
            if domination
                && game.goals[back[p0]][y0.index()]
                && let Ok(zones) = &zones
            {
                let side = scenario.pieces[p0].side;
                for y in guarded(zones, side, |q| scenario.pieces[q].side) {
                    guard.push((side, y, p0));
                }
            }
            let failed = zones.is_err();
            out.push((back[p0], y0, ZoneKind::Attack, zones.map(to_game)));
            task.advance(1);
            if failed && first_error {
                return out;
            }
        }
        drop(task);
        if !domination {
            return out;
        }
        let attacked: Vec<(usize, Point)> = out.iter().map(|a| (a.0, a.1)).collect();
        for (p0, &g0) in back.iter().enumerate() {
            let side = scenario.pieces[p0].side;
            let mut points: Vec<Point> = guard
                .iter()
                .filter(|&&(s, _, q)| s == side && q != p0)
                .map(|&(_, y, _)| y)
                .collect();
            points.sort_unstable();
            points.dedup();
            for y0 in points {
                if attacked.contains(&(g0, y0)) {
                    continue;
                }
                let Some(zones) = self.domination_zones(generator, p0, y0, goals_only) else {
                    continue;
                };
                let failed = zones.is_err();
                out.push((g0, y0, ZoneKind::Domination, zones.map(to_game)));
                if failed && first_error {
                    return out;
                }
            }
        }
        out
    }

    /// The zones of the attack of p0 (the generator's piece) on y0, as the search lists them:
    /// the language's zones or one bundle per main trajectory, the main trajectories of
    /// shortest length.
    pub(super) fn attack_zones(
        &self,
        generator: &mut ZoneGenerator<'_>,
        p0: usize,
        y0: Point,
    ) -> Result<Vec<Zone>, ZoneError> {
        let l0 = generator.main_distance(p0, y0);
        if self.product {
            generator.zones(p0, y0, l0)
        } else {
            // `max_zones` caps the bundles of an attack (one per main trajectory) as it
            // caps the language's zones (ZoneGenerator::bundles).
            generator.bundles(p0, y0, l0)
        }
    }

    /// The domination attack of p0 (the generator's piece, the game's g0) guarding y0, as
    /// [`Regenerate::domination_zones`] lists it, with its first steps ([`Attack::new`]); from
    /// the cache of guards' approaches where the kernel is shared and the zones are the
    /// guard's main trajectories alone, which depend on nothing else than the key
    /// ([`GuardKey`]) and whether a piece stands on y0 (then there are none).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn guard_attack(
        &self,
        game: &Game,
        state: &State,
        generator: &mut ZoneGenerator<'_>,
        scenario: &Scenario,
        back: &[usize],
        p0: usize,
        y0: Point,
        goals_only: bool,
    ) -> Result<Option<Attack>, LgError> {
        let g0 = back[p0];
        let list = |generator: &mut ZoneGenerator<'_>| -> Result<Option<Attack>, LgError> {
            let Some(zones) = self.domination_zones(generator, p0, y0, goals_only) else {
                return Ok(None);
            };
            let zones = zones.map(|zones| to_game(zones, back));
            let zones = zones_or_error(game, state, g0, y0, ZoneKind::Domination, zones)?;
            Ok(Some(Attack::new(g0, y0, ZoneKind::Domination, zones)))
        };
        let cacheable = self.shares_kernel()
            && self.guard_mains_only(goals_only)
            && scenario.pieces_at(y0).next().is_none();
        if !cacheable {
            return list(generator);
        }
        let piece = &scenario.pieces[p0];
        let key = (g0, piece.type_index, piece.side, piece.at, y0);
        if let Some(attack) = self.guards.borrow().get(&key) {
            return Ok(attack.clone());
        }
        let attack = list(generator)?;
        let mut guards = self.guards.borrow_mut();
        if guards.len() >= GUARD_CACHE_ENTRIES {
            guards.clear();
        }
        guards.insert(key, attack.clone());
        Ok(attack)
    }

    /// Whether the domination zones of [`Regenerate::domination_zones`] are the guard's main
    /// trajectories alone (else bundles with their negations).
    pub(super) fn guard_mains_only(&self, goals_only: bool) -> bool {
        goals_only || !self.guard_negations
    }

    /// The domination zones of p0 (the generator's piece) guarding y0, or `None` where it gets
    /// none: it guards y0 only after more than `horizon` moves, it has none, or more ways than
    /// [`DOMINATION_MAINS`].
    pub(super) fn domination_zones(
        &self,
        generator: &mut ZoneGenerator<'_>,
        p0: usize,
        y0: Point,
        goals_only: bool,
    ) -> Option<Result<Vec<Zone>, ZoneError>> {
        let x0 = generator.piece_at(p0);
        let l0 = generator.reach(p0, x0, y0, true);
        if l0 > self.horizon + 1 {
            return None;
        }
        // A guard with more ways than DOMINATION_MAINS is no particular plan, and building
        // its bundles costs seconds (a knight-like piece on 10x10): it is left out, as a point
        // no piece guards within the horizon is.
        let cap = generator.set_max_zones(DOMINATION_MAINS);
        // A guard's main trajectories alone by default (`guard_negations`); the race
        // extension never reads more of them ([`Attack::race_steps`]).
        let zones = if self.guard_mains_only(goals_only) {
            generator.domination_mains(p0, y0, l0)
        } else {
            generator.domination_zones(p0, y0, l0)
        };
        generator.set_max_zones(cap);
        match zones {
            Ok(zones) if zones.is_empty() => None,
            Err(ZoneError::TooMany { .. } | ZoneError::TooManyTrajectories { .. }) => None,
            zones => Some(zones),
        }
    }
}

/// The points the goal piece of an attack's `zones` (of side `side`) passes where the other
/// side intercepts it (the end of an opposing trajectory at level 1, on a stop of the main
/// trajectory after its start): the points its side guards (decision A22). Guarding any other
/// point stops nothing. `side_of` gives a zone piece's side.
pub(super) fn guarded(zones: &[Zone], side: Side, side_of: impl Fn(usize) -> Side) -> Vec<Point> {
    let mut out = Vec::new();
    for z in zones {
        let stops = &z.entries[0].trajectory[1..];
        for e in &z.entries {
            if e.level == 1
                && side_of(e.piece) != side
                && let Some(&y) = e.trajectory.last()
                && stops.contains(&y)
            {
                out.push(y);
            }
        }
    }
    out
}

impl ZoneSource for Regenerate {
    fn zones(&mut self, game: &Game, state: &State) -> Result<Attacks, LgError> {
        self.zones_with(state, |fresh| fresh.listed(game, state, false))
    }

    fn goal_zones(&mut self, game: &Game, state: &State) -> Result<Attacks, LgError> {
        self.goal_zones_with(game, state, |fresh| fresh.listed(game, state, true))
    }

    fn goal_child(
        &mut self,
        game: &Game,
        _parent: &Parent<'_>,
        _mv: Move,
        child: &State,
    ) -> Result<(Attacks, bool), LgError> {
        Ok((self.goal_zones(game, child)?, true))
    }
}

impl Regenerate {
    /// The attacks of `state` from the cache of positions met, else as `make` lists them
    /// (afresh, or updated from a parent's: the same attacks), kept in the cache.
    pub(super) fn zones_with(
        &mut self,
        state: &State,
        make: impl FnOnce(&Self) -> Result<Vec<Attack>, LgError>,
    ) -> Result<Attacks, LgError> {
        if let Some(attacks) = self.cache.get(state) {
            return Ok(attacks.clone());
        }
        let attacks = Rc::new(make(self)?);
        self.cache.keep(state, &attacks);
        Ok(attacks)
    }

    /// The goal zones of `state` ([`ZoneSource::goal_zones`]) from the cache of goal zones,
    /// else from the cache of all zones, else as `make` lists them, kept in the cache.
    pub(super) fn goal_zones_with(
        &mut self,
        game: &Game,
        state: &State,
        make: impl FnOnce(&Self) -> Result<Vec<Attack>, LgError>,
    ) -> Result<Attacks, LgError> {
        if let Some(attacks) = self.goal_cache.get(state) {
            return Ok(attacks.clone());
        }
        // A position searched before the depth bound has its goal zones among all of them.
        let attacks = match self.cache.get(state) {
            Some(all) => Rc::new(
                all.iter()
                    .filter(|a| is_goal_zone(game, a))
                    .cloned()
                    .collect(),
            ),
            None => Rc::new(make(self)?),
        };
        self.goal_cache.keep(state, &attacks);
        Ok(attacks)
    }

    /// Whether distances do not depend on where pieces stand (the scenario's `blocking` is
    /// off): one kernel serves every state.
    pub(super) fn shares_kernel(&self) -> bool {
        self.kernel.is_some()
    }
}

/// The attacks of the positions met, bounded in two generations: when the current one holds
/// [`ZONE_CACHE_POSITIONS`] positions or [`ZONE_CACHE_BYTES`] of zones, it becomes the old one
/// (the old one dropped), so that the positions met last stay at hand; both are dropped when
/// the memory in use passes half the limit.
#[derive(Default)]
struct PositionCache {
    current: FxHashMap<PositionKey, Attacks>,
    old: FxHashMap<PositionKey, Attacks>,
    /// What the current generation's attacks hold, as [`Zone::bytes`] counts them (zones an
    /// attack shares with its parent's counted again: an upper bound).
    bytes: usize,
}

impl PositionCache {
    fn get(&self, state: &State) -> Option<&Attacks> {
        let key = position_key(state);
        self.current.get(&key).or_else(|| self.old.get(&key))
    }

    /// Keeps `attacks` as `state`'s.
    fn keep(&mut self, state: &State, attacks: &Attacks) {
        let bytes: usize = attacks
            .iter()
            .flat_map(|a| a.zones.iter())
            .map(Zone::bytes)
            .sum();
        if crate::memory::in_use() > crate::memory::limit() / 2 {
            self.current.clear();
            self.old.clear();
            self.bytes = 0;
        } else if self.current.len() >= ZONE_CACHE_POSITIONS
            || self.bytes + bytes > ZONE_CACHE_BYTES
        {
            self.old = std::mem::take(&mut self.current);
            self.bytes = 0;
        }
        self.bytes += bytes;
        self.current.insert(position_key(state), attacks.clone());
    }
}

/// What a position's zones depend on: where each piece stands, and its class (its type and
/// side: a promoted pawn changes it).
type PositionKey = (Vec<Option<Point>>, Vec<u8>);

fn position_key(state: &State) -> PositionKey {
    (state.at.clone(), state.classes().to_vec())
}

impl Regenerate {
    /// The attacks of `state` with their zones, generated afresh; the first attack that
    /// cannot be listed is the error.
    pub(super) fn listed(
        &self,
        game: &Game,
        state: &State,
        goals_only: bool,
    ) -> Result<Vec<Attack>, LgError> {
        // The first attack that cannot be listed stops the search: the rest are not listed.
        self.generate_scoped(game, state, self.domination, true, goals_only, &Silent)
            .into_iter()
            .map(|(piece, target, kind, zones)| {
                Ok(Attack::new(
                    piece,
                    target,
                    kind,
                    zones_or_error(game, state, piece, target, kind, zones)?,
                ))
            })
            .collect()
    }
}

/// The zones' pieces, given as the state's scenario's, as the game's indices (`back`).
pub(super) fn to_game(mut zones: Vec<Zone>, back: &[usize]) -> Vec<Zone> {
    for z in &mut zones {
        for e in &mut z.entries {
            e.piece = back[e.piece];
        }
    }
    zones
}

/// The zones of an attack of `state`, or the search's error naming the attack.
pub(super) fn zones_or_error(
    game: &Game,
    state: &State,
    piece: usize,
    target: Point,
    kind: ZoneKind,
    zones: Result<Vec<Zone>, ZoneError>,
) -> Result<Vec<Zone>, LgError> {
    zones.map_err(|error| LgError::Zones {
        piece: state.piece_name(game, piece),
        kind,
        target: game.scenario.board.name(target).to_string(),
        error,
    })
}
