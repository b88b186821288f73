//! The LG search: minimax over the reduced tree of Linguistic Geometry (docs/semantics.md §7.3,
//! docs/lg-search.md).
//!
//! At every state the zones of both sides within the horizon are generated (every attack of
//! every piece on a target at most `horizon` moves away, as `lingeo zones --all-attacks` lists
//! them), and the side to move tries the **zone moves**: its legal moves that are the first
//! step of a trajectory of a current zone (a main trajectory or a negation, of either side's
//! zone), captures included where a trajectory of length 1 ends on an opposing piece. Moves are
//! tried captures first, then in order of how many attacks they serve (the source's h8-g7
//! serves two), then by piece (in the scenario's order) and by the number of the destination
//! point, an order the search grammar (`grammars/search.lgg`) can state with a sorted set.
//!
//! * A side with no zone move while the other side has one makes a **reduced pass** (shown
//!   `pass`): its other moves lie outside every zone, and the reduced tree treats them as
//!   changing nothing the zones see. In the plain tree, when neither side has a zone move the
//!   branch ends.
//! * Beyond the zone moves ([`LgOptions::widens`], docs/lg-search.md item 13): a side without a
//!   zone move and without a move it could take back searches every legal move (tempo moves);
//!   a reduced pass whose value is forced gives way to the legal moves; where neither side has
//!   a zone move before the depth bound every legal move is searched; a side whose zone moves
//!   lose, or whose forced value falls short of its best, searches its other legal moves (the
//!   refutation check); the race takes captures.
//! * A branch ends when the game is over (valued by its outcome, +1, 0 or −1 from White's
//!   side), when neither side has a zone move (the plain tree, or the race), or at the depth
//!   bound (`depth`); such a leaf that is not the end of the game gets a static value
//!   ([`Leaf`]).
//! * Values are backed up by minimax (White maximises), with alpha-beta pruning inside the
//!   reduced tree unless the whole tree is asked for ([`LgOptions::full_tree`]). A value is
//!   forced within the tree when it rests on game-ending leaves ([`Tree::proved`]), and proved
//!   for the game when besides every legal move of a side short of its best was answered at
//!   each node of its proof ([`Tree::checked`]).
//!
//! The zones come from a [`ZoneSource`]: generated afresh at every state ([`Regenerate`], the
//! default), or carried along the branch by the translations of docs/semantics.md §7.2 and
//! generated afresh where the carried zones' branch ends ([`Translate`]); either with the
//! domination zones of decision A22 (docs/semantics.md §10) beside the attack zones.

use std::collections::HashMap;
use std::rc::Rc;
use std::time::Duration;

use super::{Budget, GROW_EVERY, SearchOptions, SearchResult, StopReason, WIN};
use crate::board::Point;
use crate::kernel::Kernel;
use crate::piece::Side;
use crate::play::game::Game;
use crate::play::state::{Move, Pending, State};
use crate::play::translate::{Outcome, Transition, translate_zone_with};
use crate::progress::{Progress, Silent, Task};
use crate::zone::{Tracks, Zone, ZoneError, ZoneGenerator, ZoneOptions};
use rustc_hash::FxHashMap;
use std::cell::RefCell;

/// The horizon when no piece owns a reachable goal (and none is given).
pub const FALLBACK_HORIZON: u32 = 5;

/// The deepest reduced tree the LG searches build, in moves (the source's trees are 6 deep):
/// the tree is kept whole, and read, printed and drawn by walks as deep as it is.
pub const MAX_DEPTH: u32 = 1000;

/// The depth bound of an LG search: `depth`, or the horizon + 2 (the depth of the source's
/// 2D/4A tree); an error past [`MAX_DEPTH`].
pub fn depth_bound(depth: Option<u32>, horizon: u32) -> Result<u32, String> {
    match depth {
        Some(d) if d > MAX_DEPTH => Err(format!(
            "the LG search goes at most {MAX_DEPTH} moves deep, not {d}"
        )),
        Some(d) => Ok(d),
        // Named as given: the horizon (its + 2 counted past u32, not saturated).
        None if u64::from(horizon) + 2 > u64::from(MAX_DEPTH) => Err(format!(
            "the LG search goes at most {MAX_DEPTH} moves deep, and the horizon {horizon} asks \
             for {} (the horizon + 2, the depth bound when none is given)",
            u64::from(horizon) + 2
        )),
        None => Ok(horizon + 2),
    }
}

/// What a zone asks of its main piece (docs/semantics.md §7.1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ZoneKind {
    /// Reach the end of the main trajectory and remove the target there.
    #[default]
    Attack,
    /// Reach the next-to-last point and guard the last (no target there): the main
    /// trajectory's last step is not a move to make.
    Domination,
}

/// One attack of a state: a piece, its target (for a domination zone, the point it guards)
/// and the zones of that attack, with pieces as the game's piece indices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attack {
    /// The attacking (or guarding) piece, as the game's piece index.
    pub piece: usize,
    /// The point attacked (for a domination zone, the point guarded).
    pub target: Point,
    /// Whether this is an attack zone or a domination zone.
    pub kind: ZoneKind,
    /// The zones (bundles by default), pieces as the game's indices.
    pub zones: Vec<Zone>,
    /// The first steps (piece, from, to) of the trajectories of its zones that are moves to
    /// make (every level but a domination's last step), once each: what the search asks of an
    /// attack at every visit.
    pub steps: Vec<(usize, Point, Point)>,
    /// Those the race extension takes: the main trajectories' and the interceptions of them
    /// (level 1) of an attack; a domination zone's main trajectories alone (its guard's
    /// approach, not the interceptions of the guard).
    pub race_steps: Vec<(usize, Point, Point)>,
    /// Per race step, the moves that must be left in the race for it to be taken: for a
    /// guard's approach (a domination zone's main trajectory), the fewest moves to the point
    /// from which it guards along a trajectory starting with it (a guard that arrives after
    /// the race's end guards nothing at its leaf); 0 for every other step.
    pub race_moves: Vec<u32>,
}

impl Attack {
    /// The attack with its zones, its first steps and race steps worked out once.
    pub fn new(piece: usize, target: Point, kind: ZoneKind, zones: Vec<Zone>) -> Attack {
        let mut attack = Attack {
            piece,
            target,
            kind,
            zones,
            steps: Vec::new(),
            race_steps: Vec::new(),
            race_moves: Vec::new(),
        };
        // One pass over the entries: each first step, the least moves that must be left for
        // it, and whether the race takes it; the distinct steps (a few hundred where a chess
        // position's attack has tens of thousands of entries) sorted once.
        let mut found: FxHashMap<(usize, Point, Point), (u32, bool)> = FxHashMap::default();
        for e in movable(&attack) {
            let [from, to, ..] = e.trajectory[..] else {
                continue;
            };
            let racing = e.level == 0 || (kind == ZoneKind::Attack && e.level == 1);
            // Only a guard's approach waits on the race's end: a guard that has not arrived
            // when the race ends guards nothing at its leaf, while an interception or a goal
            // piece's step changes the leaf's zones wherever it stops (taking their time into
            // account too turns the 2D/4A start into a loss).
            let guard = kind == ZoneKind::Domination && e.level == 0;
            let n = if guard {
                e.trajectory.len() as u32 - 2
            } else {
                0
            };
            let slot = found.entry((e.piece, from, to)).or_insert((n, racing));
            slot.0 = slot.0.min(n);
            slot.1 |= racing;
        }
        let mut found: Vec<_> = found.into_iter().collect();
        found.sort_unstable_by_key(|&(key, _)| key);
        let (mut all, mut race, mut moves) = (Vec::new(), Vec::new(), Vec::new());
        for (key, (least, racing)) in found {
            all.push(key);
            if racing {
                race.push(key);
                moves.push(least);
            }
        }
        attack.steps = all;
        attack.race_steps = race;
        attack.race_moves = moves;
        attack
    }
}

/// The attacks of a state, shared: a position's zones are kept and handed out many times.
pub type Attacks = Rc<Vec<Attack>>;

/// Where the zones of the reduced tree come from.
pub trait ZoneSource {
    /// The attacks (with their zones) of `state`, generated afresh.
    fn zones(&mut self, game: &Game, state: &State) -> Result<Attacks, String>;

    /// The attacks of `child`, reached by `mv` from a state whose attacks are `parent`, and
    /// whether they were generated afresh (the search generates them afresh where carried
    /// zones leave the side to move without a zone move). By default afresh.
    fn child(
        &mut self,
        game: &Game,
        parent: &[Attack],
        mv: Move,
        child: &State,
    ) -> Result<(Attacks, bool), String> {
        let _ = (parent, mv);
        Ok((self.zones(game, child)?, true))
    }

    /// The goal zones of `state` (attacks of a goal piece on its goal, and domination zones),
    /// and maybe more: all the race extension reads (its moves, its passes and its leaves'
    /// values look at no other zone). By default every zone ([`ZoneSource::zones`]).
    fn goal_zones(&mut self, game: &Game, state: &State) -> Result<Attacks, String> {
        self.zones(game, state)
    }

    /// [`ZoneSource::child`] for a child in the race extension, which reads its goal zones
    /// only ([`ZoneSource::goal_zones`]). By default the child's zones as [`ZoneSource::child`]
    /// gives them.
    fn goal_child(
        &mut self,
        game: &Game,
        parent: &[Attack],
        mv: Move,
        child: &State,
    ) -> Result<(Attacks, bool), String> {
        self.child(game, parent, mv, child)
    }
}

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
    /// where the pieces stand and on nothing else, and a reduced tree meets one position by
    /// many orders of independent moves. Cleared when it holds [`ZONE_CACHE_POSITIONS`].
    cache: HashMap<Vec<Option<Point>>, Attacks>,
    /// The goal zones of the positions the race extension met ([`ZoneSource::goal_zones`]),
    /// kept as [`Regenerate::cache`] is.
    goal_cache: HashMap<Vec<Option<Point>>, Attacks>,
    /// TRACKS kept from state to state where the kernel is shared: they depend on the piece's
    /// type and the points, not on where the other pieces stand. Cleared when it holds
    /// [`TRACKS_CACHE_ENTRIES`].
    tracks: RefCell<Tracks>,
}

/// The TRACKS entries [`Regenerate`] keeps at most (a bound on its memory).
pub const TRACKS_CACHE_ENTRIES: usize = 200_000;

/// The main trajectories a domination zone may have (one bundle each); a guard with more is
/// left out ([`Regenerate::generate`]). A king five moves from the point with a row of slack
/// has 45; a knight-like piece on a 10x10 board has hundreds, whose bundles cost seconds a
/// position and make no particular plan.
pub const DOMINATION_MAINS: usize = 64;

/// The positions whose attacks [`Regenerate`] keeps at most (a bound on its memory).
pub const ZONE_CACHE_POSITIONS: usize = 2_000;

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
            // zones; the LG search chooses ([`LgOptions::product_zones`]).
            product: true,
            kernel: (!game.scenario.blocking).then(|| game.scenario.kernel()),
            cache: HashMap::new(),
            goal_cache: HashMap::new(),
            tracks: RefCell::new(Tracks::default()),
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
        let (scenario, map) = state.scenario(game);
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
        let out = self.generate_in(
            game,
            &scenario,
            &back,
            &mut generator,
            domination,
            first_error,
            goals_only,
            progress,
        );
        if self.kernel.is_some() {
            let tracks = generator.into_tracks();
            if tracks.len() < TRACKS_CACHE_ENTRIES {
                *self.tracks.borrow_mut() = tracks;
            }
        }
        out
    }

    /// [`Regenerate::generate`] with the state's scenario, the map from its pieces to the
    /// game's (`back`) and its generator.
    #[allow(clippy::too_many_arguments)]
    fn generate_in(
        &self,
        game: &Game,
        scenario: &crate::scenario::Scenario,
        back: &[usize],
        generator: &mut ZoneGenerator<'_>,
        domination: bool,
        first_error: bool,
        goals_only: bool,
        progress: &dyn Progress,
    ) -> Vec<Generated> {
        let to_game = |mut zones: Vec<Zone>| {
            for z in &mut zones {
                for e in &mut z.entries {
                    e.piece = back[e.piece];
                }
            }
            zones
        };
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
            let l0 = generator.main_distance(p0, y0);
            let zones = if self.product {
                generator.zones(p0, y0, l0)
            } else {
                // `max_zones` caps the bundles of an attack (one per main trajectory) as it
                // caps the language's zones (ZoneGenerator::bundles).
                generator.bundles(p0, y0, l0)
            };
            if domination
                && game.goals[back[p0]][y0.index()]
                && let Ok(zones) = &zones
            {
                // Only the points where the other side intercepts the goal piece (the end of
                // an opposing trajectory at level 1): guarding any other point stops nothing.
                let side = scenario.pieces[p0].side;
                for z in zones {
                    let stops = &z.entries[0].trajectory[1..];
                    for e in &z.entries {
                        if e.level == 1
                            && scenario.pieces[e.piece].side != side
                            && let Some(&y) = e.trajectory.last()
                            && stops.contains(&y)
                        {
                            guard.push((side, y, p0));
                        }
                    }
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
                let x0 = scenario.pieces[p0].at;
                let l0 = generator.reach(p0, x0, y0, true);
                if l0 > self.horizon + 1 {
                    continue;
                }
                // A guard with more ways than DOMINATION_MAINS is no particular plan, and
                // building its bundles costs seconds (a knight-like piece on 10x10): it is left
                // out, as a point no piece guards within the horizon is.
                let cap = generator.set_max_zones(DOMINATION_MAINS);
                // A guard's main trajectories alone by default (`guard_negations`); the race
                // extension never reads more of them ([`Attack::race_steps`]).
                let zones = if goals_only || !self.guard_negations {
                    generator.domination_mains(p0, y0, l0)
                } else {
                    generator.domination_zones(p0, y0, l0)
                };
                generator.set_max_zones(cap);
                match zones {
                    Ok(zones) if zones.is_empty() => {}
                    Err(ZoneError::TooMany { .. } | ZoneError::TooManyTrajectories { .. }) => {}
                    zones => {
                        let failed = zones.is_err();
                        out.push((g0, y0, ZoneKind::Domination, zones.map(to_game)));
                        if failed && first_error {
                            return out;
                        }
                    }
                }
            }
        }
        out
    }
}

impl ZoneSource for Regenerate {
    fn zones(&mut self, game: &Game, state: &State) -> Result<Attacks, String> {
        if let Some(attacks) = self.cache.get(&state.at) {
            return Ok(attacks.clone());
        }
        let attacks = Rc::new(self.listed(game, state, false)?);
        keep(&mut self.cache, state, &attacks);
        Ok(attacks)
    }

    fn goal_zones(&mut self, game: &Game, state: &State) -> Result<Attacks, String> {
        if let Some(attacks) = self.goal_cache.get(&state.at) {
            return Ok(attacks.clone());
        }
        // A position searched before the depth bound has its goal zones among all of them.
        let attacks = match self.cache.get(&state.at) {
            Some(all) => Rc::new(
                all.iter()
                    .filter(|a| is_goal_zone(game, a))
                    .cloned()
                    .collect(),
            ),
            None => Rc::new(self.listed(game, state, true)?),
        };
        keep(&mut self.goal_cache, state, &attacks);
        Ok(attacks)
    }

    fn goal_child(
        &mut self,
        game: &Game,
        _parent: &[Attack],
        _mv: Move,
        child: &State,
    ) -> Result<(Attacks, bool), String> {
        Ok((self.goal_zones(game, child)?, true))
    }
}

/// Keeps `attacks` as `state`'s in `cache`, emptied first when full, or when the memory in use
/// passes half the limit (a position's attacks with their domination bundles can be megabytes
/// on a 10x10 board).
fn keep(cache: &mut HashMap<Vec<Option<Point>>, Attacks>, state: &State, attacks: &Attacks) {
    if cache.len() >= ZONE_CACHE_POSITIONS || crate::memory::in_use() > crate::memory::limit() / 2 {
        cache.clear();
    }
    cache.insert(state.at.clone(), attacks.clone());
}

impl Regenerate {
    /// The attacks of `state` with their zones, generated afresh; the first attack that
    /// cannot be listed is the error.
    fn listed(&self, game: &Game, state: &State, goals_only: bool) -> Result<Vec<Attack>, String> {
        // The first attack that cannot be listed stops the search: the rest are not listed.
        self.generate_scoped(game, state, self.domination, true, goals_only, &Silent)
            .into_iter()
            .map(|(piece, target, kind, zones)| {
                let zones = zones.map_err(|e| {
                    format!(
                        "the zones of {} {} {}: {e}",
                        game.scenario.pieces[piece].name,
                        match kind {
                            ZoneKind::Attack => "attacking",
                            ZoneKind::Domination => "guarding",
                        },
                        game.scenario.board.name(target)
                    )
                })?;
                Ok(Attack::new(piece, target, kind, zones))
            })
            .collect()
    }
}

/// Zones carried along a branch (docs/semantics.md §7.2, docs/lg-search.md): the zones of the
/// parent state translated across the move by π with Con_Π and the timer, the symbols whose
/// time is up dropped (the theorem of S-14 p.5), a zone ending where π ends it. They are
/// generated afresh (by [`Regenerate`]) where a branch of the carried zones ends: at the root,
/// where the move ends an attack (every zone of it ends: its piece moved off all its main
/// trajectories, reached its end or was captured, or its target moved away or was captured),
/// and where the translated zones leave the side to move without a zone move. Then the zones
/// that appear on the way (an attack on a target's new point, the domination zones of S-L1)
/// enter the search. A domination zone that ends is only dropped: its guard moved elsewhere
/// or its point was taken, and nothing threatens from a new point.
pub struct Translate {
    /// The generator for the states where the carried zones run out.
    pub fresh: Regenerate,
}

impl ZoneSource for Translate {
    fn zones(&mut self, game: &Game, state: &State) -> Result<Attacks, String> {
        self.fresh.zones(game, state)
    }

    fn child(
        &mut self,
        game: &Game,
        parent: &[Attack],
        mv: Move,
        child: &State,
    ) -> Result<(Attacks, bool), String> {
        let (attacks, ended) = translate_attacks(game, parent, mv, child);
        if ended {
            return Ok((self.fresh.zones(game, child)?, true));
        }
        Ok((Rc::new(attacks), false))
    }
}

/// The attacks of `parent` carried across `mv` into `child`: each zone by π
/// ([`translate_zone_with`]), equal zones once, in order; an attack without a zone left is
/// dropped, and where it was an attack zone's (not a domination's) the flag is set. A pass
/// changes nothing. An attack zone ends where its end
/// is no longer a target of its piece (no opposing piece stands there and it is no goal of the
/// piece); a domination zone where a piece stands on the point it guards or no other
/// goal-owning piece of its side is left.
pub fn translate_attacks(
    game: &Game,
    parent: &[Attack],
    mv: Move,
    child: &State,
) -> (Vec<Attack>, bool) {
    let Move::Step {
        piece,
        from,
        to,
        capture,
    } = mv
    else {
        return (parent.to_vec(), false);
    };
    let transition = Transition {
        piece: usize::from(piece),
        from,
        to,
    };
    let index_map: Vec<Option<usize>> = (0..child.at.len())
        .map(|i| (capture != Some(i as u8)).then_some(i))
        .collect();
    let mut out = Vec::with_capacity(parent.len());
    let mut ended = false;
    for a in parent {
        let side = game.scenario.pieces[a.piece].side;
        let still = |p0: usize, y0: Point| match a.kind {
            ZoneKind::Attack => {
                game.goals[p0][y0.index()]
                    || child
                        .piece_at(y0)
                        .is_some_and(|q| game.scenario.pieces[q].side != side)
            }
            ZoneKind::Domination => {
                child.piece_at(y0).is_none()
                    && (0..child.at.len()).any(|q| {
                        q != p0
                            && child.at[q].is_some()
                            && game.owns_goal[q]
                            && game.scenario.pieces[q].side == side
                    })
            }
        };
        let mut zones: Vec<Zone> = a
            .zones
            .iter()
            .filter_map(
                |z| match translate_zone_with(z, &transition, &index_map, &still).outcome {
                    Outcome::Zone(z) => Some(z),
                    Outcome::Ended(_) => None,
                },
            )
            .collect();
        zones.sort();
        zones.dedup();
        if zones.is_empty() {
            ended |= a.kind == ZoneKind::Attack;
        } else {
            out.push(Attack::new(a.piece, a.target, a.kind, zones));
        }
    }
    (out, ended)
}

/// The positions a default race may take in all ([`LgOptions::race_budget`]): the shipped
/// games' races fit (Pawned's, the largest, about 150,000 positions), a 10x10 race at horizon 5
/// (four times as many positions every two plies) stops a few plies short.
pub const RACE_BUDGET: u64 = 200_000;

/// The default race extension past a depth bound of `depth` plies with the horizon `horizon`:
/// up to 3H + 2 plies in all, at most 2H (the race of two goal pieces H moves from their goals,
/// past the default depth H + 2), none from the depth 3H + 2 on, so that a deeper search does
/// not look further along the goal zones than the default one.
pub fn default_race(horizon: u32, depth: u32) -> u32 {
    // Saturating: a horizon past u32::MAX / 3 is refused by the depth bound, not wrapped.
    horizon
        .saturating_mul(3)
        .saturating_add(2)
        .saturating_sub(depth)
        .min(horizon.saturating_mul(2))
}

/// The default horizon: the distance of the farthest goal-owning piece to its nearest goal
/// (the time the goals need; the 2D/4A problem's black bomber: 4), at least 1;
/// [`FALLBACK_HORIZON`] when no piece owns a goal it can reach.
pub fn default_horizon(game: &Game, state: &State) -> u32 {
    let (scenario, map) = state.scenario(game);
    let kernel = scenario.kernel();
    let generator = ZoneGenerator::new(&scenario, &kernel, ZoneOptions::default());
    let mut farthest: Option<u32> = None;
    for (g, s) in map.iter().enumerate() {
        let Some(s) = *s else { continue };
        let nearest = scenario
            .goals
            .iter()
            .filter(|goal| crate::zone::is_target(&scenario, s, goal.point))
            .map(|goal| generator.main_distance(s, goal.point))
            .filter(|&d| d < kernel.unreachable())
            .min();
        if game.owns_goal[g]
            && let Some(d) = nearest
        {
            farthest = Some(farthest.map_or(d, |f| f.max(d)));
        }
    }
    farthest.map_or(FALLBACK_HORIZON, |d| d.max(1))
}

/// Whether the value `value` of a node whose side to move is White when `white` and whose
/// moves searched are `children` is proved ([`Tree::proved`]).
fn proved(children: &[TreeNode], white: bool, value: i8) -> bool {
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

/// [`Tree::checked`] below `state`, whose moves searched are `children`, its value `value`
/// and `cut` whether a cutoff left moves of it unsearched.
fn checked_below(
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
fn backed_up_proved(children: impl Iterator<Item = (i8, bool)>, white: bool, value: i8) -> bool {
    let (mut reached, mut all) = (false, true);
    for (v, p) in children {
        reached |= p && v == value;
        all &= p;
    }
    let best = if white { 1 } else { -1 };
    reached && (value == best || all)
}

/// The options of the LG search beyond [`SearchOptions`] (whose `depth`, `max_nodes`, `time`
/// and `progress` it reads).
#[derive(Clone, Debug, Default)]
pub struct LgOptions {
    /// Attacks within this many moves; `None`: [`default_horizon`].
    pub horizon: Option<u32>,
    /// Build the whole reduced tree (no alpha-beta pruning), as the source draws it.
    pub full_tree: bool,
    /// How leaves that do not end the game are valued.
    pub leaf: Leaf,
    /// Where the zones of each state come from.
    pub zones: Zones,
    /// Add domination zones to the attack zones (decision A22, docs/semantics.md §10);
    /// `None`: with leaves valued by their zones ([`Leaf::Zones`]), not with `Leaf::Zero`.
    pub domination: Option<bool>,
    /// Every zone of each attack (the zone grammar's language, whose size is the product of
    /// the alternatives) instead of one bundle per main trajectory (the default).
    pub product_zones: bool,
    /// Domination zones with their negations ([`Regenerate::guard_negations`]) instead of
    /// the guards' main trajectories alone.
    pub guard_negations: bool,
    /// Plies the search goes on past the depth bound along the goal zones only (the race
    /// extension); `None`: [`default_race`].
    pub race: Option<u32>,
    /// The positions the race may take in all, deepened two plies a pass up to `race`
    /// ([`search_with`]); `None`: [`RACE_BUDGET`] where the race is the default one, no
    /// budget (the race as asked) where `race` is given.
    pub race_budget: Option<u64>,
    /// Deepen the depth bound one move a pass, from 1 up to the bound asked, so that a search
    /// stopped by its time or node limit has the deepest completed pass's tree and value (an
    /// anytime search, as alpha-beta's solve is under a time limit). Each pass is the search
    /// asked for with a shallower bound (the same horizon, zones and race), and the zones
    /// listed in one pass serve the next. The API sets it where a time limit is given.
    pub deepen: bool,
    /// Search zone moves only, as the reduced tree did before issue 50 (docs/lg-search.md item
    /// 13): no refutation check (a side whose zone moves lose, or whose value in the tree is
    /// forced and short of its best, tries its other legal moves too), no tempo moves (a side
    /// without a zone move always makes the reduced pass, even without a move it could take
    /// back, and a forced pass stands), no search over every legal move where neither side
    /// has a zone move (such a node is a leaf, `(no zone move)`), no captures in the race.
    /// Only leaves valued by their zones ([`Leaf::Zones`]) search beyond zone moves at all:
    /// the plain reduced tree (`Leaf::Zero`) is the search grammar's.
    pub zone_moves_only: bool,
}

impl LgOptions {
    /// Whether the search adds domination zones ([`LgOptions::domination`]).
    pub fn dominates(&self) -> bool {
        self.domination.unwrap_or(self.leaf == Leaf::Zones)
    }

    /// Whether the search goes beyond zone moves where they do not decide the value: the
    /// refutation check and the search over every legal move where neither side has a zone
    /// move ([`LgOptions::zone_moves_only`]); with leaves valued by their zones only.
    pub fn widens(&self) -> bool {
        self.leaf == Leaf::Zones && !self.zone_moves_only
    }
}

/// Where the zones of each state of the reduced tree come from.
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    serde::Serialize,
    serde::Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Zones {
    /// Generated afresh at every state ([`Regenerate`]).
    #[default]
    Regenerate,
    /// Carried along the branch by the translations, generated afresh where they leave the
    /// side to move without a zone move ([`Translate`]).
    Translate,
}

/// The value of a leaf that does not end the game: a static estimate either way (the search
/// says whether its value rests on one, [`LgResult::proved`]).
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    serde::Serialize,
    serde::Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Leaf {
    /// 0: nothing decided within the reduced tree (the old default, and the search grammar's).
    Zero,
    /// The status of the leaf's goal zones ([`static_value`]): which goals are reached in time
    /// with their opposition held.
    #[default]
    Zones,
}

/// How a branch of the reduced tree ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// The game is over; the value is its outcome.
    GameOver,
    /// Neither side has a zone move: a static value ([`Leaf`]).
    NoZoneMove,
    /// The depth bound: a static value ([`Leaf`]).
    Depth,
    /// The position was searched before at this ply (another order of the same moves): its
    /// value comes from the table, its moves are shown where it was searched first; `proved`:
    /// that value was forced inside the reduced tree there (it rests on game-ending leaves
    /// only), `checked`: and every legal move its proof needs was answered ([`Tree::checked`]).
    Table {
        /// The table's value was forced inside the reduced tree where it was first searched.
        proved: bool,
        /// The table's value was proved for the game where it was first searched.
        checked: bool,
    },
    /// The side whose better moves could change the value above can no longer win by the
    /// rules ([`State::can_win`]: it has no goal piece left, and no royal piece to mate): its
    /// value is at most a draw, proved without searching on (a bound of the window, or the
    /// exact 0 when neither side can win).
    NoWin,
}

impl End {
    /// How the tree's text and JSON name this way of ending (`depth bound`, `no win left`).
    pub fn name(self) -> &'static str {
        match self {
            End::GameOver => "game over",
            End::NoZoneMove => "no zone move",
            End::Depth => "depth bound",
            End::Table { .. } => "transposition",
            End::NoWin => "no win left",
        }
    }
}

/// A move of the reduced tree with its backed-up value (from White's side) and the moves
/// searched below it; a leaf says why its branch ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeNode {
    /// The move, in the game's terms.
    pub mv: Move,
    /// The move in the source's notation (`h8-g7`, `c6:b7`, `pass`).
    pub text: String,
    /// The value backed up to this move, from White's side (+1, 0, −1).
    pub value: i8,
    /// The moves searched below it, in the order searched.
    pub children: Vec<TreeNode>,
    /// For a leaf, why the branch ends there.
    pub end: Option<End>,
    /// Some moves below were not searched (an alpha-beta cutoff): the value is a bound.
    pub cut: bool,
}

/// The reduced tree below the root.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tree {
    /// The moves from the root, in the order searched.
    pub children: Vec<TreeNode>,
}

impl Tree {
    /// The number of moves in the tree.
    pub fn moves(&self) -> usize {
        fn count(nodes: &[TreeNode]) -> usize {
            nodes.iter().map(|n| 1 + count(&n.children)).sum()
        }
        count(&self.children)
    }

    /// The longest line, in moves.
    pub fn depth(&self) -> usize {
        fn depth(nodes: &[TreeNode]) -> usize {
            nodes
                .iter()
                .map(|n| 1 + depth(&n.children))
                .max()
                .unwrap_or(0)
        }
        depth(&self.children)
    }

    /// The leaves per way their branch ends, in the order of [`End`].
    pub fn leaves(&self) -> [usize; 5] {
        fn walk(nodes: &[TreeNode], out: &mut [usize; 5]) {
            for n in nodes {
                match n.end {
                    Some(End::GameOver) => out[0] += 1,
                    Some(End::NoZoneMove) => out[1] += 1,
                    Some(End::Depth) => out[2] += 1,
                    Some(End::Table { .. }) => out[3] += 1,
                    Some(End::NoWin) => out[4] += 1,
                    None => {}
                }
                walk(&n.children, out);
            }
        }
        let mut out = [0; 5];
        walk(&self.children, &mut out);
        out
    }

    /// Whether the value `value` backed up to the root (whose side to move is White when
    /// `white`) is proved inside the reduced tree: it rests only on leaves that end the game.
    /// A leaf is proved when it ends the game; a node when a proved child has its value and
    /// either that value is the best its side can have (1 for White, −1 for Black) or every
    /// child searched is proved (a child left unsearched by a cutoff cannot change the
    /// choice above). An empty tree proves nothing.
    pub fn proved(&self, white: bool, value: i8) -> bool {
        !self.children.is_empty() && proved(&self.children, white, value)
    }

    /// Whether the value `value` backed up to `root` is proved for the game, read off the tree
    /// as the search works it out ([`LgResult::proved`]): at every node of its proof a proved
    /// legal move reaches the value where it is a cutoff's bound or the best its side can
    /// have, and every legal move was answered, each proved, where it is not. Leaves that end
    /// the game and `(no win left)` are proved, a transposition as where it was first
    /// searched, a static value not. A reduced pass proves nothing; an empty tree neither.
    pub fn checked(&self, game: &Game, root: &State, value: i8) -> bool {
        let mut state = root.clone();
        checked_below(game, &mut state, &self.children, value, false)
    }

    /// One move a line, indented two spaces a level, the value after it (`h8-g7  0`); a leaf
    /// that does not end the game is marked `(no zone move)` or `(depth bound)`, a node whose
    /// search was cut `(cut)`.
    pub fn text(&self) -> String {
        fn walk(nodes: &[TreeNode], depth: usize, out: &mut String) {
            for n in nodes {
                let indent = "  ".repeat(depth);
                out.push_str(&format!("{indent}{}  {}", n.text, n.value));
                match n.end {
                    Some(End::GameOver) | None => {}
                    Some(e) => out.push_str(&format!("  ({})", e.name())),
                }
                if n.cut {
                    out.push_str("  (cut)");
                }
                out.push('\n');
                walk(&n.children, depth + 1, out);
            }
        }
        let mut out = String::new();
        walk(&self.children, 0, &mut out);
        out
    }
}

/// What the LG search found: the result (value and score from White's side, the principal
/// variation, positions visited, time) and the reduced tree.
#[derive(Clone, Debug)]
pub struct LgResult {
    /// The value, score, principal variation and positions visited.
    pub result: SearchResult,
    /// The reduced tree the value was backed up from.
    pub tree: Tree,
    /// The horizon of the zones (the default's when none was asked).
    pub horizon: u32,
    /// The states whose zones were generated afresh (with [`Zones::Regenerate`], every state
    /// that is not the end of the game).
    pub generated: u64,
    /// The depth bound the tree was built to, in moves.
    pub depth: u32,
    /// Whether the value is proved for the game ([`Tree::checked`]): it rests on leaves that
    /// end the game (or that the rules decide, `(no win left)`), and at every node of its
    /// proof where the side to move does not reach its best, every legal move of that side was
    /// answered, not only its zone moves.
    pub proved: bool,
    /// Whether the value is forced inside the reduced tree ([`Tree::proved`]): it rests on
    /// leaves that end the game, every move of the tree answered; where it is not also
    /// `proved`, a move outside the tree may change it ("forced within LG's tree; outside it
    /// not checked").
    pub forced: bool,
    /// How the root itself ends where the tree is empty at a position that goes on: `(no zone
    /// move)` where the search keeps to zone moves ([`LgOptions::zone_moves_only`], or the
    /// plain tree's `Leaf::Zero`) and neither side has one; its value is then the root's
    /// static value.
    pub root_end: Option<End>,
    /// The race extension of the tree shown, in plies past the depth bound.
    pub race: u32,
    /// The race asked for ([`LgOptions::race`], or the default one): more than `race` where
    /// the race budget ([`LgOptions::race_budget`]) stopped the deepening short.
    pub race_asked: u32,
    /// The race budget the search ran under ([`LgOptions::race_budget`], or the default one),
    /// which is what stopped the race short where `race` < `race_asked`.
    pub race_budget: Option<u64>,
    /// The depth bound asked for (the option, or the horizon + 2): more than `depth` where a
    /// deepening search ([`LgOptions::deepen`]) was stopped before its last pass.
    pub depth_asked: u32,
}

/// Searches the reduced tree of `root` with the zones `lg.zones` says, to `options.depth` plies
/// (default: the horizon + 2, the depth of the source's 2D/4A tree).
pub fn search(
    game: &Game,
    root: &State,
    options: &SearchOptions,
    lg: &LgOptions,
) -> Result<LgResult, String> {
    let horizon = match lg.horizon {
        Some(0) => return Err("the horizon must be at least 1 move".to_string()),
        Some(h) => h,
        None => default_horizon(game, root),
    };
    let mut fresh = Regenerate::new(game, horizon);
    if let Some(n) = options.max_zones {
        fresh.options.max_zones = n;
    }
    fresh.domination = lg.dominates();
    fresh.guard_negations = lg.guard_negations;
    fresh.product = lg.product_zones;
    let mut options = options.clone();
    let depth_given = options.depth.is_some();
    options.depth = Some(depth_bound(options.depth, horizon)?);
    let mut lg = lg.clone();
    let depth = options.depth.unwrap_or(0);
    let race = lg.race.unwrap_or_else(|| default_race(horizon, depth));
    if lg.race.is_none() && lg.race_budget.is_none() {
        lg.race_budget = Some(RACE_BUDGET);
    }
    // The tree is kept whole past the depth bound too: the race counts against MAX_DEPTH.
    // The message names what was given: a race, or the horizon the race and depth follow.
    if depth.saturating_add(race) > MAX_DEPTH {
        let depth_is = if depth_given {
            format!("the depth {depth}")
        } else {
            format!("the depth {depth} (the horizon + 2)")
        };
        return Err(match lg.race {
            Some(_) => format!(
                "the LG search goes at most {MAX_DEPTH} moves deep, not {depth_is} and a race of \
                 {race} plies past it"
            ),
            None => format!(
                "the LG search goes at most {MAX_DEPTH} moves deep, not {depth_is} and the race \
                 past it the horizon {horizon} asks for ({} plies: 3 x the horizon + 2 - the \
                 depth, at most twice the horizon); shorten the horizon, or give a shorter race",
                // Counted past u32, as the horizon asks it.
                (3 * u64::from(horizon) + 2)
                    .saturating_sub(u64::from(depth))
                    .min(2 * u64::from(horizon))
            ),
        });
    }
    lg.race = Some(race);
    let lg = &lg;
    let mut translate;
    let source: &mut dyn ZoneSource = match lg.zones {
        Zones::Regenerate => &mut fresh,
        Zones::Translate => {
            translate = Translate { fresh };
            &mut translate
        }
    };
    let mut run = || {
        if lg.deepen {
            deepen(game, root, &options, lg, source)
        } else {
            search_with(game, root, &options, lg, source)
        }
    };
    // A state's zones are listed before its node is counted, and `--time` is looked at only
    // between nodes: as a deadline it also stops a listing that runs past it.
    let mut result = match options.time {
        Some(time) => crate::deadline::within_at_most(time, || {
            let result = run();
            // A listing stopped by `--time` (not by a sooner deadline of the thread's) reads
            // as every other stop at it.
            if result.result.stopped.is_some() && crate::deadline::passed() == Some(time) {
                let mut result = result;
                result.result.stopped = Some(super::time_stop(time, options.time_shown.as_deref()));
                return result;
            }
            result
        }),
        None => run(),
    };
    result.horizon = horizon;
    result.depth_asked = depth;
    Ok(result)
}

/// Searches the reduced tree of `root` with the zones `source` gives.
pub fn search_with(
    game: &Game,
    root: &State,
    options: &SearchOptions,
    lg: &LgOptions,
    source: &mut dyn ZoneSource,
) -> LgResult {
    let mut s = Searcher {
        game,
        source,
        budget: Budget::new(options),
        max_depth: options.depth.unwrap_or(u32::MAX),
        full: lg.full_tree,
        leaf: lg.leaf,
        race: match lg.leaf {
            Leaf::Zero => 0,
            Leaf::Zones => lg.race.unwrap_or(0),
        },
        // The whole tree (`full_tree`) is drawn as searched, every transposition in full.
        table: (lg.leaf == Leaf::Zones && !lg.full_tree).then(HashMap::new),
        table_hits: 0,
        max_ply: 0,
        generated: 0,
        best: HashMap::new(),
        prior: HashMap::new(),
        killers: Vec::new(),
        soft_limit: None,
        over_budget: false,
        widen: lg.widens(),
    };
    let mut state = root.clone();
    // With a table, first passes with shorter races order the moves of the last one, the tree
    // shown: each position's best move of the pass before comes first (`Searcher::best`), so
    // that alpha-beta cuts the tree near to the fewest moves that prove its value. On 2D/4A
    // the lost positions' trees shrink to half or less (h8-g8 409 -> 221 moves), the drawn
    // ones' by a tenth, for a third more positions visited in all (docs/lg-search.md).
    // With a race budget the race deepens two plies a pass from its shortest, and stops before
    // a pass that would pass the budget (foreseen from the growth of the passes before, or met
    // on the way: that pass is dropped), so that the tree shown is the last whole pass's.
    let asked = s.race;
    let mut out: Option<(Node, u32)> = None;
    // (race, positions) of the passes run.
    let mut costs: Vec<(u32, u64)> = Vec::new();
    let mut next = if s.table.is_none() || asked < 2 {
        Some(asked)
    } else if lg.race_budget.is_some() {
        Some(asked % 2)
    } else {
        Some(asked - 2)
    };
    s.soft_limit = lg.race_budget;
    while let Some(race) = next {
        if s.budget.stopped.is_some() {
            break;
        }
        let before = s.budget.nodes;
        s.race = race;
        if let Some(t) = &mut s.table {
            t.clear();
        }
        // The pass before orders this one (the first of the last two passes starts afresh,
        // as the tree shown was always ordered); what passes before it found is older news.
        s.prior = std::mem::take(&mut s.best);
        if race + 2 == asked {
            s.prior.clear();
            s.killers.clear();
        }
        let node = s.node(&mut state, None, 0, -2, 2);
        costs.push((race, s.budget.nodes - before));
        match node {
            Some(node) => out = Some((node, race)),
            // Over the race budget: the pass before stands; the first pass has none.
            None if s.over_budget => {
                if out.is_none() {
                    s.budget.stopped = Some(StopReason::Failed(format!(
                        "the reduced tree with a race of {race} plies passes the race budget \
                         of {} positions (--race-budget)",
                        lg.race_budget.unwrap_or(0)
                    )));
                }
                break;
            }
            None => {
                out = None;
                break;
            }
        }
        next = lg
            .race_budget
            .map_or(Some(asked).filter(|&r| r > race), |budget| {
                next_pass(&costs, asked, budget.saturating_sub(s.budget.nodes))
            });
    }
    let stopped = s.budget.stopped.clone();
    let (value, children, race, (proved, forced, root_end)) = match out {
        Some((
            Node {
                value,
                children,
                end,
                proved,
                checked,
                ..
            },
            race,
        )) if stopped.is_none() => (Some(value), children, race, (checked, proved, end)),
        _ => (None, Vec::new(), asked, (false, false, None)),
    };
    let tree = Tree { children };
    let mut pv = Vec::new();
    if let Some(v) = value {
        let mut nodes = &tree.children;
        while let Some(best) = nodes.iter().find(|n| n.value == v) {
            pv.push(best.mv);
            nodes = &best.children;
        }
    }
    LgResult {
        result: SearchResult {
            value,
            score: value.map_or(0, |v| i32::from(v) * WIN),
            pv,
            nodes: s.budget.nodes,
            tt_hits: s.table_hits,
            depth: if value.is_some() { s.max_ply } else { 0 },
            time: s.budget.elapsed(),
            cpu_time: s.budget.cpu_elapsed(),
            stopped,
        },
        tree,
        horizon: 0,
        generated: s.generated,
        depth: options.depth.unwrap_or(0),
        proved,
        forced,
        root_end: root_end.filter(|&e| e != End::GameOver),
        race,
        race_asked: asked,
        race_budget: lg.race_budget,
        depth_asked: options.depth.unwrap_or(0),
    }
}

/// [`search_with`] deepening the depth bound one move a pass, from 1 up to `options.depth`
/// ([`LgOptions::deepen`]): the deepest completed pass's result, with the positions and time
/// of every pass, and the reason a limit stopped a pass, if one did. The limits hold for the
/// passes together.
fn deepen(
    game: &Game,
    root: &State,
    options: &SearchOptions,
    lg: &LgOptions,
    source: &mut dyn ZoneSource,
) -> LgResult {
    let target = options.depth.unwrap_or(0);
    let start = std::time::Instant::now();
    let (mut nodes, mut generated, mut cpu) = (0u64, 0u64, Some(Duration::ZERO));
    let mut done: Option<LgResult> = None;
    // From 1, or the one pass of a bound of 0 (the race alone).
    for depth in target.min(1)..=target {
        let pass = SearchOptions {
            depth: Some(depth),
            max_nodes: options.max_nodes.map(|m| m.saturating_sub(nodes)),
            time: options.time.map(|t| t.saturating_sub(start.elapsed())),
            ..options.clone()
        };
        let r = search_with(game, root, &pass, lg, source);
        nodes += r.result.nodes;
        generated += r.generated;
        cpu = cpu.zip(r.result.cpu_time).map(|(a, b)| a + b);
        // A pass's limits are what the passes before left of the search's: its stop says
        // the search's.
        let stopped = r.result.stopped.clone().map(|why| match why {
            StopReason::Time { .. } => super::time_stop(
                options.time.unwrap_or_default(),
                options.time_shown.as_deref(),
            ),
            StopReason::Nodes(_) => StopReason::Nodes(options.max_nodes.unwrap_or(0)),
            why => why,
        });
        done = match (done, stopped) {
            (_, None) => Some(r),
            // A pass cut short: the one before stands, with the reason.
            (Some(mut before), why) => {
                before.result.stopped = why;
                Some(before)
            }
            (None, why) => {
                let mut first = r;
                first.result.stopped = why;
                Some(first)
            }
        };
        if done.as_ref().is_some_and(|d| d.result.stopped.is_some()) {
            break;
        }
    }
    let mut out = done.expect("at least one pass runs");
    out.result.nodes = nodes;
    out.result.time = start.elapsed();
    out.result.cpu_time = cpu;
    out.generated = generated;
    out
}

/// The race of the next pass of a budgeted race ([`LgOptions::race_budget`]) after the passes
/// `costs` (race, positions), with `left` positions of the budget left, or `None` to stop:
/// straight to the last two passes (race − 2, then the race asked, as an unbudgeted search
/// runs them) where they fit at the growth seen so far, else two plies deeper where that
/// fits. Growth is the last two passes' ratio, at least 2 (4 after a single pass).
fn next_pass(costs: &[(u32, u64)], asked: u32, left: u64) -> Option<u32> {
    let &(race, last) = costs.last()?;
    if race >= asked {
        return None;
    }
    // Per two plies of race.
    let growth = match costs {
        [.., (ra, a), (rb, b)] => (*b as f64 / (*a).max(1) as f64)
            .powf(2.0 / f64::from(rb - ra))
            .max(2.0),
        _ => 4.0,
    };

    let last = last.max(1) as f64;
    let left = left as f64;
    if race + 4 <= asked {
        // The last two passes: race - 2 and the race.
        let first = last * growth.powi(((asked - 2 - race) / 2) as i32);
        if first * (1.0 + growth) <= left {
            return Some(asked - 2);
        }
    }
    (last * growth <= left).then_some(race + 2)
}

/// A position's value in the LG search's table: exact, or a bound where an alpha-beta cutoff
/// stopped its search, and whether it was proved ([`End::Table`]).
#[derive(Clone, Copy, Debug)]
struct TableEntry {
    value: i8,
    bound: Bound,
    proved: bool,
    checked: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bound {
    Exact,
    /// At least `value` (a cutoff above beta).
    Lower,
    /// At most `value` (every move at or below alpha).
    Upper,
}

/// The table's entries at most (a bound on its memory): it is cleared when full.
pub const TABLE_ENTRIES: usize = 1 << 20;

struct Node {
    value: i8,
    children: Vec<TreeNode>,
    end: Option<End>,
    cut: bool,
    /// The value rests on game-ending leaves only ([`Tree::proved`]), worked out as the search
    /// backs up so that the table need not walk the subtree again.
    proved: bool,
    /// The value is proved for the game ([`Tree::checked`]): `proved`, and every legal move
    /// the proof needs was answered.
    checked: bool,
}

/// The moves a node of the reduced tree searches ([`Searcher::plan`]).
struct Plan {
    /// The moves searched first: the zone moves, a pass, or every legal move.
    moves: Vec<Move>,
    /// The legal moves outside `moves`, searched only by the refutation check
    /// ([`LgOptions::widens`]): after the zone moves where they lose, or where their value is
    /// forced inside the tree and short of the side's best.
    beyond: Vec<Move>,
    /// The legal moves of the node's state (what a proof must answer, [`proof_holds`]).
    legal: Vec<Move>,
}

struct Searcher<'g, 's> {
    game: &'g Game,
    source: &'s mut dyn ZoneSource,
    budget: Budget,
    max_depth: u32,
    full: bool,
    leaf: Leaf,
    /// Plies past `max_depth` along the goal zones ([`LgOptions::race`]).
    race: u32,
    /// The values of the positions searched, by key and ply ([`TableEntry`]); `None` with
    /// `Leaf::Zero`, the plain reduced tree the search grammar derives.
    table: Option<HashMap<(u64, u32), TableEntry>>,
    table_hits: u64,
    max_ply: u32,
    generated: u64,
    /// Per position (its key), the move that gave its value in this pass.
    best: HashMap<u64, Move>,
    /// The same of the pass before, which orders this one's moves.
    prior: HashMap<u64, Move>,
    /// Per ply, the last move that cut its node short (a refutation that often refutes the
    /// siblings too).
    killers: Vec<Option<Move>>,
    /// The race budget's positions in all ([`LgOptions::race_budget`]): a pass that reaches
    /// it stops (`over_budget`), and the pass before stands.
    soft_limit: Option<u64>,
    over_budget: bool,
    /// Search beyond zone moves where they do not decide the value ([`LgOptions::widens`]).
    widen: bool,
}

impl Searcher<'_, '_> {
    fn leaf_value(&self, state: &State, attacks: &[Attack]) -> i8 {
        match self.leaf {
            Leaf::Zero => 0,
            Leaf::Zones => static_value(self.game, state, attacks),
        }
    }

    /// The zones of `state`: afresh at the root, else from its parent's (`from`: the parent's
    /// attacks and the move made); and whether they were generated afresh.
    fn zones(
        &mut self,
        state: &State,
        from: Option<(&[Attack], Move)>,
        racing: bool,
    ) -> Result<(Attacks, bool), String> {
        let out = match (from, racing) {
            (None, false) => (self.source.zones(self.game, state)?, true),
            (None, true) => (self.source.goal_zones(self.game, state)?, true),
            (Some((parent, mv)), false) => self.source.child(self.game, parent, mv, state)?,
            (Some((parent, mv)), true) => self.source.goal_child(self.game, parent, mv, state)?,
        };
        self.generated += u64::from(out.1);
        Ok(out)
    }

    /// The value of `state` (White's side) in the reduced tree, with the moves searched below;
    /// `None` once the search must stop. `from`: the parent's attacks and the move to `state`.
    fn node(
        &mut self,
        state: &mut State,
        from: Option<(&[Attack], Move)>,
        ply: u32,
        alpha: i8,
        beta: i8,
    ) -> Option<Node> {
        if self.soft_limit.is_some_and(|m| self.budget.nodes >= m) {
            self.over_budget = true;
            return None;
        }
        if !self.budget.visit(ply as usize) {
            return None;
        }
        self.max_ply = self.max_ply.max(ply);
        let leaf = |value, end| Node {
            value,
            children: Vec::new(),
            end: Some(end),
            cut: false,
            proved: end == End::GameOver,
            checked: end == End::GameOver,
        };
        let mut legal = Vec::new();
        state.successors(self.game, &mut legal);
        if let Some(o) = state.outcome {
            return Some(leaf(o.value, End::GameOver));
        }
        let key = (state.hash(self.game), ply);
        if let Some(e) = self.table.as_ref().and_then(|t| t.get(&key)).copied() {
            let usable = match e.bound {
                Bound::Exact => true,
                Bound::Lower => e.value >= beta,
                Bound::Upper => e.value <= alpha,
            };
            if usable {
                self.table_hits += 1;
                return Some(Node {
                    value: e.value,
                    children: Vec::new(),
                    end: Some(End::Table {
                        proved: e.proved,
                        checked: e.checked,
                    }),
                    cut: e.bound != Bound::Exact,
                    proved: e.proved,
                    checked: e.checked,
                });
            }
        }
        if let Some(node) = self.no_win(state, alpha, beta) {
            return Some(node);
        }
        if let Some(pending) = state.pending.filter(|_| self.leaf == Leaf::Zones) {
            // A goal waits for its reply: the rules decide it within two plies, so the tree
            // plays it out instead of valuing it statically.
            let plan = Plan {
                moves: pending_replies(self.game, pending, &legal),
                beyond: Vec::new(),
                legal,
            };
            return self.children(state, &[], plan, ply, alpha, beta);
        }
        if ply >= self.max_depth && self.race == 0 && self.leaf == Leaf::Zero {
            // A leaf valued 0 needs no zones.
            return Some(leaf(0, End::Depth));
        }
        // Past the depth bound, the race extension: only the goal zones' moves.
        let racing = ply >= self.max_depth;
        let (mut attacks, fresh) = match self.zones(state, from, racing) {
            Ok(a) => a,
            Err(e) => {
                self.budget.stopped = Some(StopReason::Failed(e));
                return None;
            }
        };
        if ply >= self.max_depth.saturating_add(self.race) {
            return Some(leaf(self.leaf_value(state, &attacks), End::Depth));
        }
        // In the race, the moves the side to move has left before its end.
        let limit = self.max_depth.saturating_add(self.race);
        let left = racing.then(|| limit.saturating_sub(ply).div_ceil(2));
        // The race of this state, read once for its moves and for a pass (a race never takes
        // the zones afresh below, so it stays this state's).
        let race_attacks = Rc::clone(&attacks);
        let race = racing.then(|| Race::of(self.game, state, &race_attacks));
        let racing_moves = race.as_ref().zip(left);
        let mut moves = zone_moves(self.game, state, &legal, &attacks, racing_moves);
        if racing && self.widen {
            // A capture is the last step of an attack zone of length 1, a zone move before the
            // depth bound: the race takes it too. It changes the race's pieces, and with them
            // who arrives first (a pawn taken on its way, a blocker taken off a shut file).
            moves = with_captures(moves, &legal);
        }
        if moves.is_empty() && !fresh && !racing {
            // The carried zones' branch ends here: the zones of this state enter afresh.
            attacks = match self.zones(state, None, racing) {
                Ok((a, _)) => a,
                Err(e) => {
                    self.budget.stopped = Some(StopReason::Failed(e));
                    return None;
                }
            };
            moves = zone_moves(self.game, state, &legal, &attacks, racing_moves);
        }
        // The best move of the first pass, else the last move that cut at this ply (the
        // killer), is tried first; not in the plain reduced tree (no table), which keeps the
        // order the search grammar derives.
        let hash = state.hash(self.game);
        let first = self
            .prior
            .get(&hash)
            .or_else(|| self.best.get(&hash))
            .copied();
        let killer = self.killers.get(ply as usize).copied().flatten();
        for m in [killer, first]
            .into_iter()
            .flatten()
            .filter(|_| self.table.is_some())
        {
            if let Some(i) = moves.iter().position(|&n| n == m) {
                moves[..=i].rotate_right(1);
            }
        }
        let plan = if !moves.is_empty() {
            let beyond = ordered(legal.iter().copied().filter(|m| !moves.contains(m)));
            Plan {
                moves,
                beyond,
                legal,
            }
        } else if legal == [Move::Pass] {
            // The rules' pass.
            Plan {
                moves: legal.clone(),
                beyond: Vec::new(),
                legal,
            }
        } else if self.widen && !has_waiting_move(self.game, state, &legal) {
            // No zone move, and no move the side could take back: each of its moves changes
            // the position for good (a pawn's step), so it cannot wait, and which one it makes
            // decides who moves when a zone's timing is decided (tempo moves; a side in
            // zugzwang has only bad ones). Every legal move is searched.
            Plan {
                moves: ordered(legal.iter().copied()),
                beyond: Vec::new(),
                legal,
            }
        } else if !state.passed && other_side_moves(self.game, state, &attacks, race.as_ref()) {
            // A reduced pass (not twice in a row): the side's moves lie outside every zone, and
            // it has one it can take back, a waiting move, which the tree treats as changing
            // nothing the zones see. Where its value is forced, the legal moves take its place
            // ([`Searcher::children`]): a pass is no move of the rules.
            Plan {
                moves: vec![Move::Pass],
                beyond: if self.widen {
                    ordered(legal.iter().copied())
                } else {
                    Vec::new()
                },
                legal,
            }
        } else if self.widen && !racing {
            // Neither side has a zone move, and the game goes on: its value comes from its own
            // rules (deadlock, count, moves left), so every legal move is searched until zone
            // moves appear again or the game ends, within the depth bound and the race. In the
            // race, where neither side has a move along the goal zones and the side to move can
            // wait, the race has nothing left to decide: the leaf's static value stands (going
            // on there made race10 at horizon 3 forty times larger, for two 2D/4A-like games of
            // 110).
            Plan {
                moves: ordered(legal.iter().copied()),
                beyond: Vec::new(),
                legal,
            }
        } else {
            return Some(leaf(self.leaf_value(state, &attacks), End::NoZoneMove));
        };
        self.children(state, &attacks, plan, ply, alpha, beta)
    }

    /// The node of `state` when a side that cannot win ([`State::can_win`]) decides it: White
    /// unable to win and the window already at least a draw for Black (`alpha` ≥ 0), Black
    /// alike (`beta` ≤ 0), or neither able to win (exactly 0). Only with leaves valued by
    /// their zones and alpha-beta pruning: the plain reduced tree (`Leaf::Zero`, the search
    /// grammar's) and the whole tree are drawn as searched.
    fn no_win(&self, state: &State, alpha: i8, beta: i8) -> Option<Node> {
        if self.leaf != Leaf::Zones || self.full {
            return None;
        }
        let white = state.can_win(self.game, Side::White);
        let black = state.can_win(self.game, Side::Black);
        let (value, exact) = match (white, black) {
            (false, false) => (0, true),
            (false, true) if alpha >= 0 => (0, false),
            (true, false) if beta <= 0 => (0, false),
            _ => return None,
        };
        Some(Node {
            value,
            children: Vec::new(),
            end: Some(End::NoWin),
            cut: !exact,
            proved: true,
            checked: true,
        })
    }

    /// The best value the side to move in `state` can have: a win, or a draw when it cannot
    /// win ([`State::can_win`]); with `Leaf::Zero` none (a value out of range), so that the
    /// plain reduced tree stays the one the search grammar derives.
    fn cap(&self, state: &State) -> i8 {
        let white = state.to_move == Side::White;
        if self.leaf != Leaf::Zones {
            return if white { 3 } else { -3 };
        }
        if !state.can_win(self.game, state.to_move) {
            0
        } else if white {
            1
        } else {
            -1
        }
    }

    /// The node of `state` whose moves `plan` gives, each searched below with `attacks` as
    /// its parent's zones; with the refutation check ([`LgOptions::widens`]), the legal moves
    /// beyond them where the value is forced inside the tree and short of the side's best.
    fn children(
        &mut self,
        state: &mut State,
        attacks: &[Attack],
        plan: Plan,
        ply: u32,
        alpha: i8,
        beta: i8,
    ) -> Option<Node> {
        let white = state.to_move == Side::White;
        let mut acc = Backup::new(white, alpha, beta);
        let mut stopped = self.search_moves(state, attacks, &plan.moves, ply, &mut acc)?;
        let mut beyond_searched = plan.beyond.is_empty();
        let reduced_pass = plan.moves == [Move::Pass] && plan.legal != [Move::Pass];
        if reduced_pass && !beyond_searched && acc.children.iter().all(|c| c.0) {
            // A reduced pass whose value is forced (a cutoff's bound too): the side's legal
            // moves are searched in its place, so that the value rests on moves of the rules
            // (a side in zugzwang, or one whose waiting move realises the wait).
            acc = Backup::new(white, alpha, beta);
            beyond_searched = true;
            stopped = self.search_moves(state, attacks, &plan.beyond, ply, &mut acc)?;
        } else if !reduced_pass
            && self.widen
            && stopped.is_none()
            && !beyond_searched
            && acc.best != self.cap(state)
        {
            // The refutation check. Where every zone move of the side loses, its other legal
            // moves (tempo moves, defences that are no interception in a zone's timing) are
            // its only hope; where its value is forced inside the tree and short of its best,
            // they must be answered before the value is proved. Either way they are searched.
            let worst = if white { -1 } else { 1 };
            let forced = acc.children.iter().all(|c| c.0);
            if forced || acc.best == worst {
                beyond_searched = true;
                stopped = self.search_moves(state, attacks, &plan.beyond, ply, &mut acc)?;
            }
        }
        let Backup {
            best,
            alpha0,
            beta0,
            nodes,
            children: flags,
            ..
        } = acc;
        // Moves left unsearched by a cutoff: those of the list it stopped in, and the legal
        // moves beyond the zone moves that the check would have searched.
        let cut = match stopped {
            Some(left) => left || (self.widen && !beyond_searched && !reduced_pass),
            None => false,
        };
        if self.table.is_some()
            && let Some(c) = nodes.iter().find(|c| c.value == best)
        {
            if self.best.len() >= TABLE_ENTRIES {
                self.best.clear();
            }
            self.best.insert(state.hash(self.game), c.mv);
        }
        let values = nodes.iter().map(|c| c.value);
        let proved = backed_up_proved(values.zip(flags.iter().map(|f| f.0)), white, best);
        let searched: Vec<(Move, i8, bool)> = nodes
            .iter()
            .zip(&flags)
            .map(|(c, f)| (c.mv, c.value, f.2))
            .collect();
        let checked = proof_holds(self.game, state, &plan.legal, &searched, best, cut);
        let cap = self.cap(state);
        if let Some(table) = &mut self.table {
            let bound = if self.full || best == cap || (best > alpha0 && best < beta0) {
                Bound::Exact
            } else if best >= beta0 {
                Bound::Lower
            } else {
                Bound::Upper
            };
            if table.len() >= TABLE_ENTRIES {
                table.clear();
            }
            table.insert(
                (state.hash(self.game), ply),
                TableEntry {
                    value: best,
                    bound,
                    proved,
                    checked,
                },
            );
        }
        Some(Node {
            value: best,
            children: nodes,
            end: None,
            cut,
            proved,
            checked,
        })
    }

    /// Searches `moves` of `state` in order into `acc`, until a cutoff: `None` once the
    /// search must stop, else whether a cutoff stopped it (`Some(true)` with moves of the list
    /// left unsearched, `Some(false)` at its last move) or not (`Some(None)`).
    fn search_moves(
        &mut self,
        state: &mut State,
        attacks: &[Attack],
        moves: &[Move],
        ply: u32,
        acc: &mut Backup,
    ) -> Option<Option<bool>> {
        // The best the side to move can have: once reached, no other move can do better.
        let cap = self.cap(state);
        for (k, &mv) in moves.iter().enumerate() {
            let (alpha, beta) = (acc.alpha, acc.beta);
            let undo = state.make(self.game, mv);
            let child = if ply as usize % GROW_EVERY == GROW_EVERY - 1 {
                crate::memory::grow(|| self.node(state, Some((attacks, mv)), ply + 1, alpha, beta))
            } else {
                self.node(state, Some((attacks, mv)), ply + 1, alpha, beta)
            };
            state.unmake(self.game, undo);
            let child = child?;
            let v = child.value;
            acc.children.push((child.proved, v, child.checked));
            acc.nodes.push(TreeNode {
                mv,
                text: mv.show(self.game),
                value: v,
                children: child.children,
                end: child.end,
                cut: child.cut,
            });
            if acc.white {
                acc.best = acc.best.max(v);
                acc.alpha = acc.alpha.max(v);
            } else {
                acc.best = acc.best.min(v);
                acc.beta = acc.beta.min(v);
            }
            if !self.full && (acc.alpha >= acc.beta || acc.best == cap) {
                if self.killers.len() <= ply as usize {
                    self.killers.resize(ply as usize + 1, None);
                }
                self.killers[ply as usize] = Some(mv);
                return Some(Some(k + 1 < moves.len()));
            }
        }
        Some(None)
    }
}

/// A node's moves searched so far ([`Searcher::search_moves`]): the window, the best value,
/// and per move its tree and its flags (forced inside the tree, value, proved for the game).
struct Backup {
    white: bool,
    alpha: i8,
    beta: i8,
    /// The window the node was searched with.
    alpha0: i8,
    beta0: i8,
    best: i8,
    nodes: Vec<TreeNode>,
    children: Vec<(bool, i8, bool)>,
}

impl Backup {
    fn new(white: bool, alpha: i8, beta: i8) -> Backup {
        Backup {
            white,
            alpha,
            beta,
            alpha0: alpha,
            beta0: beta,
            best: if white { -2 } else { 2 },
            nodes: Vec::new(),
            children: Vec::new(),
        }
    }
}

/// Whether the value `value` of `state`, whose legal moves are `legal` and whose searched
/// moves are `searched` (move, value, proved for the game), is proved for the game: a proved
/// legal move reaches the value, and the value is a cutoff's bound (`cut`) or the best the
/// side can have ([`best_possible`]); or the moves searched answer every legal move
/// ([`answers_all`]), each proved. A reduced pass is no legal move: it proves nothing.
fn proof_holds(
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

/// Whether the side to move in `state` has a waiting move among `legal`: a step, not a capture,
/// that its piece could take back at once (a step along its move rays from the point it goes
/// to back to the point it left, free on the way). A king's or a fighter's step can be taken
/// back, a pawn's never. Where a side without a zone move has one, the reduced pass stands for
/// it; where it has none, every move it has changes the position for good.
fn has_waiting_move(game: &Game, state: &State, legal: &[Move]) -> bool {
    legal.iter().any(|&mv| {
        let Move::Step {
            piece,
            from,
            to,
            capture: None,
        } = mv
        else {
            return false;
        };
        let piece = usize::from(piece);
        game.rays[game.moves[piece]].from(to).any(|ray| {
            for &p in ray {
                if p == from {
                    return true;
                }
                if state.piece_at(p).is_some() {
                    return false;
                }
            }
            false
        })
    })
}

/// The race's `moves` with every legal capture (`legal`) among them: captures first (the race's
/// own, then the others in [`ordered`]'s order), then the race's other moves.
fn with_captures(moves: Vec<Move>, legal: &[Move]) -> Vec<Move> {
    let extra = ordered(
        legal
            .iter()
            .copied()
            .filter(|m| m.is_capture() && !moves.contains(m)),
    );
    if extra.is_empty() {
        return moves;
    }
    let (captures, quiet): (Vec<Move>, Vec<Move>) = moves.into_iter().partition(Move::is_capture);
    captures.into_iter().chain(extra).chain(quiet).collect()
}

/// `moves` in the order the search tries moves outside the zones: captures first, then by
/// piece (in the scenario's order) and by the number of the destination point.
fn ordered(moves: impl Iterator<Item = Move>) -> Vec<Move> {
    let mut keyed: Vec<(bool, u8, u32, Move)> = moves
        .map(|mv| match mv {
            Move::Step { piece, to, .. } => (!mv.is_capture(), piece, to.0, mv),
            Move::Pass => (true, u8::MAX, u32::MAX, mv),
        })
        .collect();
    keyed.sort_unstable_by_key(|&(c, p, to, _)| (c, p, to));
    keyed.into_iter().map(|(.., mv)| mv).collect()
}

/// The replies worth searching to a goal waiting for its reply: those that capture the piece
/// waiting, or that reach a goal of their own (an answer); without any, one legal move, after
/// which the rules end the game whatever it is.
fn pending_replies(game: &Game, pending: Pending, legal: &[Move]) -> Vec<Move> {
    let waiting = match pending {
        Pending::Goal { piece } | Pending::Answered { piece, .. } => piece,
    };
    let answers = matches!(pending, Pending::Goal { .. });
    let replies: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|&mv| match mv {
            Move::Step {
                piece, to, capture, ..
            } => {
                capture == Some(waiting) || (answers && game.goals[usize::from(piece)][to.index()])
            }
            Move::Pass => false,
        })
        .collect();
    if replies.is_empty() {
        legal.iter().copied().take(1).collect()
    } else {
        replies
    }
}

/// Whether `a` is about a goal: an attack of a piece on one of its goals, or a domination zone
/// (a guard of the points a goal piece still has to pass).
fn is_goal_zone(game: &Game, a: &Attack) -> bool {
    a.kind == ZoneKind::Domination || game.goals[a.piece][a.target.index()]
}

/// The trajectories of `a` whose first step is a move to make: all but, in a domination zone,
/// a main trajectory with one step left (its piece guards the point from where it stands).
fn movable(a: &Attack) -> impl Iterator<Item = &crate::zone::ZoneEntry> {
    a.zones.iter().flat_map(move |z| {
        z.entries.iter().filter(move |e| {
            e.trajectory.len() >= 2
                && !(a.kind == ZoneKind::Domination && e.level == 0 && e.trajectory.len() == 2)
        })
    })
}

/// The first steps of the trajectories of `attacks` (piece, from, to), each with the number of
/// attacks one of whose zones has it.
fn first_steps<'a>(
    attacks: impl Iterator<Item = &'a Attack>,
) -> HashMap<(usize, Point, Point), u32> {
    let mut out: HashMap<(usize, Point, Point), u32> = HashMap::new();
    for a in attacks {
        for &key in &a.steps {
            *out.entry(key).or_insert(0) += 1;
        }
    }
    out
}

/// Whether the trajectory `t` of piece `i` runs into an opposing piece that it cannot take on
/// the step there and that cannot leave `t` either (a pawn's way forward, shut by a pawn that
/// can only come on down the same file). Zones are generated with pieces as no obstacles (the
/// kernel does not depend on where pieces stand), so such a main trajectory looks unopposed:
/// no interception is needed where the way is already shut. A blocker that can step off the
/// way (a king) or take something off it does not block: it may be driven off.
fn blocked(game: &Game, state: &State, i: usize, t: &[Point]) -> bool {
    let side = game.side[i];
    t.windows(2).any(|w| match state.piece_at(w[1]) {
        Some(q) if q != i && game.side[q] != side => {
            let rays = &game.rays[game.attacks[i].unwrap_or(game.moves[i])];
            !rays.from(w[0]).any(|ray| ray.contains(&w[1])) && stuck_on(game, state, q, t)
        }
        _ => false,
    })
}

/// Whether every move piece `q` has now ends on a point of `t`: quiet moves along its move
/// rays, and captures (along its attack rays, or its move rays when it attacks as it moves).
fn stuck_on(game: &Game, state: &State, q: usize, t: &[Point]) -> bool {
    let Some(from) = state.at[q] else {
        return false;
    };
    let enemy = |p: usize| game.side[p] != game.side[q];
    let captures_as_moves = game.attacks[q].is_none();
    for ray in game.rays[game.moves[q]].from(from) {
        for &to in ray {
            match state.piece_at(to) {
                None if !t.contains(&to) => return false,
                None => {}
                Some(p) => {
                    if captures_as_moves && enemy(p) && !t.contains(&to) {
                        return false;
                    }
                    break;
                }
            }
        }
    }
    if let Some(a) = game.attacks[q] {
        for ray in game.rays[a].from(from) {
            for &to in ray {
                if let Some(p) = state.piece_at(to) {
                    if enemy(p) && !t.contains(&to) {
                        return false;
                    }
                    break;
                }
            }
        }
    }
    true
}

/// Whether every opposing trajectory at level 1 of `z` (a zone of `side`) is met by a
/// trajectory of `side` at level 2 that ends on one of its points, or is barred: its piece is
/// `safe` (it never steps onto an attacked point) and `side` attacks a point it must step on.
fn held(game: &Game, state: &State, z: &Zone, side: Side) -> bool {
    let side_of = |e: &crate::zone::ZoneEntry| game.scenario.pieces[e.piece].side;
    z.entries
        .iter()
        .filter(|o| o.level == 1 && side_of(o) != side)
        .all(|o| {
            (game.safe[o.piece]
                && o.trajectory[1..]
                    .iter()
                    .any(|&y| state.attacked(game, y, side)))
                || z.entries.iter().any(|d| {
                    d.level == 2
                        && side_of(d) == side
                        && d.trajectory
                            .last()
                            .is_some_and(|y| o.trajectory.contains(y))
                })
        })
}

/// The legal moves of the side to move that go along a zone trajectory, captures first, then
/// by the number of attacks they serve, then by piece and by the destination's number.
/// With `racing` (the race of this state, and the moves left to the side to move in it), the
/// goal zones' moves only ([`race_steps`]).
fn zone_moves(
    game: &Game,
    state: &State,
    legal: &[Move],
    attacks: &[Attack],
    racing: Option<(&Race, u32)>,
) -> Vec<Move> {
    let steps = match racing {
        None => first_steps(attacks.iter()),
        Some((race, left)) => race_steps(game, race, state.to_move, left),
    };
    let mut keyed: Vec<(bool, u32, u8, u32, Move)> = legal
        .iter()
        .filter_map(|&mv| match mv {
            Move::Step {
                piece, from, to, ..
            } => steps
                .get(&(usize::from(piece), from, to))
                .map(|&n| (!mv.is_capture(), u32::MAX - n, piece, to.0, mv)),
            Move::Pass => None,
        })
        .collect();
    keyed.sort_unstable_by_key(|&(c, n, p, to, _)| (c, n, p, to));
    keyed.into_iter().map(|(.., mv)| mv).collect()
}

/// The moves the side to move may make in the race with `left` moves left to it: the legal
/// moves along the race's zones ([`race_zones`]; a side that wins the race as it stands takes
/// no interception: its held goal zone arrives before every leader of the other side, with a
/// move to spare), in the order the search tries them.
pub fn race_moves(game: &Game, state: &State, attacks: &[Attack], left: u32) -> Vec<Move> {
    let mut legal = Vec::new();
    state.clone().successors(game, &mut legal);
    let race = Race::of(game, state, attacks);
    zone_moves(game, state, &legal, attacks, Some((&race, left)))
}

/// The zones the race reads: the domination zones, and of each side's attacks on its goals
/// those of its leading goal pieces: the attacks whose shortest main trajectory not shut (by
/// an opposing piece it cannot take that cannot leave its way, as [`static_value`] reads it)
/// is the side's shortest. A slower goal piece does not decide who arrives first; it still
/// acts in the race as an interceptor of the other side's leaders (their zones' level-1
/// trajectories).
pub fn race_zones<'a>(game: &Game, state: &State, attacks: &'a [Attack]) -> Vec<&'a Attack> {
    Race::of(game, state, attacks).zones
}

/// The race at a state: the zones it reads ([`race_zones`]), each side's lead (the length, in
/// points, of its leaders' shortest main trajectory not shut; `usize::MAX`: none) and its
/// secure lead (the same over the zones it holds, [`held`]: no interception it cannot meet,
/// and no opposing piece standing on the way: zones take no piece as an obstacle, so one
/// already there is no interception, and may well shut the way).
struct Race<'a> {
    zones: Vec<&'a Attack>,
    /// White's, then Black's.
    lead: [usize; 2],
    /// White's, then Black's.
    secure: [usize; 2],
}

impl<'a> Race<'a> {
    fn of(game: &Game, state: &State, attacks: &'a [Attack]) -> Race<'a> {
        let side_of = |a: &Attack| game.side[a.piece];
        let index = |s: Side| usize::from(s == Side::Black);
        let goal = |a: &Attack| a.kind == ZoneKind::Attack && game.goals[a.piece][a.target.index()];
        let mut lead = [usize::MAX; 2];
        let mut secure = [usize::MAX; 2];
        // Each goal attack's length once: the shut test walks the opposing pieces' rays.
        let lengths: Vec<usize> = attacks
            .iter()
            .map(|a| {
                if !goal(a) {
                    return usize::MAX;
                }
                let k = index(side_of(a));
                let mut shortest = usize::MAX;
                for z in &a.zones {
                    let Some(m) = z.entries.first() else { continue };
                    if m.trajectory.len() >= shortest && m.trajectory.len() >= secure[k] {
                        continue;
                    }
                    if blocked(game, state, m.piece, &m.trajectory) {
                        continue;
                    }
                    shortest = shortest.min(m.trajectory.len());
                    let open = m.trajectory[1..]
                        .iter()
                        .all(|&y| state.piece_at(y).is_none_or(|q| game.side[q] == side_of(a)));
                    if m.trajectory.len() < secure[k] && open && held(game, state, z, side_of(a)) {
                        secure[k] = m.trajectory.len();
                    }
                }
                lead[k] = lead[k].min(shortest);
                shortest
            })
            .collect();
        let zones = attacks
            .iter()
            .zip(&lengths)
            .filter(|&(a, &n)| {
                a.kind == ZoneKind::Domination || (goal(a) && n <= lead[index(side_of(a))])
            })
            .map(|(a, _)| a)
            .collect();
        Race {
            zones,
            lead,
            secure,
        }
    }

    /// Whether `side` wins the race as it stands: a goal zone it holds ([`held`]) arrives
    /// before every leader of the other side, with a move to spare (at least two plies
    /// earlier whoever moves), as [`static_value`] reads it.
    fn ahead(&self, side: Side) -> bool {
        let k = usize::from(side == Side::Black);
        self.secure[k] < self.lead[1 - k]
    }
}

/// The race steps `side` may take with `left` moves left in the race (those of
/// [`Attack::race_steps`] that fit in them, [`Attack::race_moves`]), each with the number of
/// attacks one of whose zones has it. A side that wins the race as it stands
/// ([`Race::ahead`]) runs: it takes no interception of the other side's leaders, which arrive
/// after its own held one.
fn race_steps(
    game: &Game,
    race: &Race,
    side: Side,
    left: u32,
) -> HashMap<(usize, Point, Point), u32> {
    let mut out: HashMap<(usize, Point, Point), u32> = HashMap::new();
    for key in race_step_keys(game, race, side, left) {
        *out.entry(key).or_insert(0) += 1;
    }
    out
}

/// The race steps of [`race_steps`], once per zone that has each, as (piece, from, to).
fn race_step_keys<'r>(
    game: &'r Game,
    race: &'r Race,
    side: Side,
    left: u32,
) -> impl Iterator<Item = (usize, Point, Point)> + 'r {
    let ahead = race.ahead(side);
    race.zones.iter().flat_map(move |a| {
        let theirs = game.side[a.piece] != side;
        a.race_steps
            .iter()
            .zip(&a.race_moves)
            .filter(move |&(&key, &n)| {
                let intercepts = theirs && game.side[key.0] == side;
                n <= left && !(ahead && intercepts && a.kind == ZoneKind::Attack)
            })
            .map(|(&key, _)| key)
    })
}

/// Whether the side not to move has a trajectory step in some zone (it would have a zone move
/// after a pass); racing, in the zones of the race (`racing`, this state's).
fn other_side_moves(game: &Game, state: &State, attacks: &[Attack], racing: Option<&Race>) -> bool {
    let other = state.to_move.opposite();
    if let Some(race) = racing {
        // Whether any step exists, without gathering them as `race_steps` does.
        return race_step_keys(game, race, other, u32::MAX)
            .any(|(piece, ..)| state.at[piece].is_some());
    }
    attacks.iter().any(|a| {
        movable(a)
            .any(|e| state.at[e.piece].is_some() && game.scenario.pieces[e.piece].side == other)
    })
}

/// The static value of a leaf that does not end the game, from White's side, read off its zones
/// (the status of a zone, docs/semantics.md §7.1): an attack of a piece on one of its goals
/// with a zone where every trajectory of the other side at level 1 (an interception of the main
/// trajectory in time) is itself met by a trajectory of the attacking side at level 2 ending on
/// it (the interceptor is stopped, or the point it must pass is guarded) is **held**: a goal the
/// piece reaches in its main trajectory's length. An attack with no opposing trajectory at all
/// is held trivially. If only one side holds a goal, it wins (±1); if both do, the first to
/// arrive (counting the plies from the side to move) wins, unless goals must survive the reply
/// and the other arrives on the very next ply (a draw, as the rules score it); if neither
/// does, 0.
pub fn static_value(game: &Game, state: &State, attacks: &[Attack]) -> i8 {
    let mut first = [u32::MAX; 2];
    for a in attacks {
        if a.kind != ZoneKind::Attack || !game.goals[a.piece][a.target.index()] {
            continue;
        }
        let side = game.scenario.pieces[a.piece].side;
        for z in &a.zones {
            let Some(main) = z.entries.first() else {
                continue;
            };
            if blocked(game, state, main.piece, &main.trajectory) || !held(game, state, z, side) {
                continue;
            }
            let moves = main.trajectory.len() as u32 - 1;
            // The ply (1 = the next) on which the piece arrives.
            let ply = if side == state.to_move {
                2 * moves - 1
            } else {
                2 * moves
            };
            let k = usize::from(side == Side::Black);
            first[k] = first[k].min(ply);
        }
    }
    let [w, b] = first;
    match (w, b) {
        (u32::MAX, u32::MAX) => 0,
        (_, u32::MAX) => 1,
        (u32::MAX, _) => -1,
        (w, b) => {
            let survive = game.rules.goals == crate::play::rules::GoalRule::Survive;
            if survive && w.abs_diff(b) == 1 {
                0
            } else if w < b {
                1
            } else {
                -1
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::next_pass;

    #[test]
    fn a_budgeted_race_goes_straight_to_its_last_passes_where_they_fit() {
        // One pass of 100 positions: growth taken as 4 every two plies; race 6 then 8 would
        // cost 100 * 4^3 * (1 + 4) = 32,000.
        assert_eq!(next_pass(&[(0, 100)], 8, 40_000), Some(6));
        assert_eq!(next_pass(&[(0, 100)], 8, 30_000), Some(2));
        // Growth measured per two plies: 100 -> 900 over four plies is 3 per two.
        // Race 8 then 10: 900 * 3^2 * (1 + 3) = 32,400; race 6: 2,700.
        assert_eq!(next_pass(&[(0, 100), (4, 900)], 10, 40_000), Some(8));
        assert_eq!(next_pass(&[(0, 100), (4, 900)], 10, 2_700), Some(6));
        assert_eq!(next_pass(&[(0, 100), (4, 900)], 10, 2_699), None);
        // Done at the race asked.
        assert_eq!(next_pass(&[(0, 100), (2, 300)], 2, 1_000_000), None);
        // Growth below 2 is taken as 2.
        assert_eq!(next_pass(&[(0, 100), (2, 110)], 4, 220), Some(4));
        assert_eq!(next_pass(&[(0, 100), (2, 110)], 4, 219), None);
    }
}
