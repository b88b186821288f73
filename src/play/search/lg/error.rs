//! Why an LG search cannot run or goes on no further: a horizon or depth bound out of range,
//! or the zones of an attack that could not be listed.

use super::attack::ZoneKind;
use super::options::MAX_DEPTH;
use crate::zone::ZoneError;

/// An LG search refused before it starts (its horizon, depth bound or race), or stopped by an
/// attack whose zones could not be listed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LgError {
    /// A horizon of 0: no attack is within it.
    #[error("the horizon must be at least 1 move")]
    ZeroHorizon,
    /// A depth bound past [`MAX_DEPTH`].
    #[error("the LG search goes at most {MAX_DEPTH} moves deep, not {depth}")]
    TooDeep {
        /// The depth bound given.
        depth: u32,
    },
    /// No depth bound given, and the horizon's default (the horizon + 2) is past
    /// [`MAX_DEPTH`].
    #[error(
        "the LG search goes at most {MAX_DEPTH} moves deep, and the horizon {horizon} asks for \
         {asks} (the horizon + 2, the depth bound when none is given)"
    )]
    HorizonTooDeep {
        /// The horizon given.
        horizon: u32,
        /// The depth bound it asks for, counted past `u32`.
        asks: u64,
    },
    /// The depth bound and the race past it together pass [`MAX_DEPTH`] (the tree is kept
    /// whole past the depth bound too).
    #[error("the LG search goes at most {MAX_DEPTH} moves deep, not {} and {}", depth_is(*depth, *depth_given), race_is(*race))]
    RaceTooDeep {
        /// The depth bound.
        depth: u32,
        /// Whether the depth was given (else it is the horizon + 2).
        depth_given: bool,
        /// The race: given, or the default the horizon asks for.
        race: RaceAsked,
    },
    /// The zones of an attack (or a domination) could not be listed: the search stops there.
    #[error(
        "the zones of {piece} {} {target}: {error}",
        match kind {
            ZoneKind::Attack => "attacking",
            ZoneKind::Domination => "guarding",
        }
    )]
    Zones {
        /// The attacking (or guarding) piece's name.
        piece: String,
        /// An attack or a domination.
        kind: ZoneKind,
        /// The target's (or guarded point's) name.
        target: String,
        /// Why the zones could not be listed.
        error: ZoneError,
    },
}

/// The race of [`LgError::RaceTooDeep`]: given in plies, or the default one of a horizon.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RaceAsked {
    /// A race given, in plies.
    Given(u32),
    /// The default race of the horizon ([`super::default_race`]), with the plies it asks
    /// for (counted past `u32`).
    Default {
        /// The horizon.
        horizon: u32,
        /// The plies it asks for.
        plies: u64,
    },
}

fn depth_is(depth: u32, given: bool) -> String {
    if given {
        format!("the depth {depth}")
    } else {
        format!("the depth {depth} (the horizon + 2)")
    }
}

fn race_is(race: RaceAsked) -> String {
    match race {
        RaceAsked::Given(race) => format!("a race of {race} plies past it"),
        RaceAsked::Default { horizon, plies } => format!(
            "the race past it the horizon {horizon} asks for ({plies} plies: 3 x the horizon + \
             2 - the depth, at most twice the horizon); shorten the horizon, or give a shorter \
             race"
        ),
    }
}
