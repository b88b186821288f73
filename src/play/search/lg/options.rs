//! The LG search's options and their defaults: the horizon, the depth bound (at most
//! [`MAX_DEPTH`]), the race extension and its budget, how leaves are valued and where zones come
//! from.

use super::error::LgError;
use crate::play::game::Game;
use crate::play::state::State;
use crate::zone::{ZoneGenerator, ZoneOptions};

/// The horizon when no piece owns a reachable goal (and none is given).
pub const FALLBACK_HORIZON: u32 = 5;

/// The deepest reduced tree the LG searches build, in moves (the source's trees are 6 deep):
/// the tree is kept whole, and read, printed and drawn by walks as deep as it is.
pub const MAX_DEPTH: u32 = 1000;

/// The depth bound of an LG search: `depth`, or the horizon + 2 (the depth of the source's
/// 2D/4A tree); an error past [`MAX_DEPTH`].
pub fn depth_bound(depth: Option<u32>, horizon: u32) -> Result<u32, LgError> {
    match depth {
        Some(d) if d > MAX_DEPTH => Err(LgError::TooDeep { depth: d }),
        Some(d) => Ok(d),
        // Named as given: the horizon (its + 2 counted past u32, not saturated).
        None if u64::from(horizon) + 2 > u64::from(MAX_DEPTH) => Err(LgError::HorizonTooDeep {
            horizon,
            asks: u64::from(horizon) + 2,
        }),
        None => Ok(horizon + 2),
    }
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

/// The options of the LG search beyond [`SearchOptions`](crate::play::search::SearchOptions) (whose `depth`, `max_nodes`, `time`
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
    /// Domination zones with their negations ([`Regenerate::guard_negations`](super::regenerate::Regenerate::guard_negations)) instead of
    /// the guards' main trajectories alone.
    pub guard_negations: bool,
    /// Plies the search goes on past the depth bound along the goal zones only (the race
    /// extension); `None`: [`default_race`].
    pub race: Option<u32>,
    /// The positions the race may take in all, deepened two plies a pass up to `race`
    /// ([`search_with`](super::search::search_with)); `None`: [`RACE_BUDGET`] where the race is the default one, no
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
    /// Updated from the parent's across each move: the attacks the move cannot change kept,
    /// the others generated afresh; equal to `regenerate` ([`Update`](super::update::Update)).
    #[default]
    Update,
    /// Generated afresh at every state ([`Regenerate`](super::regenerate::Regenerate)).
    Regenerate,
    /// Carried along the branch by the translations, generated afresh where they leave the
    /// side to move without a zone move ([`Translate`](super::carried::Translate)).
    Translate,
}

/// The value of a leaf that does not end the game: a static estimate either way (the search
/// says whether its value rests on one, [`LgResult::proved`](super::tree::LgResult::proved)).
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
    /// The status of the leaf's goal zones ([`static_value`](super::static_value::static_value)): which goals are reached in time
    /// with their opposition held.
    #[default]
    Zones,
}
