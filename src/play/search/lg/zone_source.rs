//! Where the zones of the reduced tree come from: the [`ZoneSource`] trait.

use super::attack::{Attack, Attacks};
use super::error::LgError;
use crate::board::Point;
use crate::play::game::Game;
use crate::play::state::{Move, State};

/// What a child's zones may be carried from: its parent's attacks and, where those are the
/// parent's own zones, where the parent's pieces stood.
#[derive(Clone, Copy, Debug)]
pub struct Parent<'a> {
    /// The parent's attacks (empty where the search did not list them: a pending goal's
    /// replies are searched without zones).
    pub attacks: &'a [Attack],
    /// Per piece, where it stood in the parent and its class (type and side); `None` where
    /// `attacks` are not the parent's zones.
    pub position: Option<(&'a [Option<Point>], &'a [u8])>,
}

/// Where the zones of the reduced tree come from.
pub trait ZoneSource {
    /// The attacks (with their zones) of `state`, generated afresh.
    fn zones(&mut self, game: &Game, state: &State) -> Result<Attacks, LgError>;

    /// The attacks of `child`, reached by `mv` from `parent`, and whether they are the child's
    /// own (generated afresh or updated to equal them; carried ones are not) (the search generates them afresh where carried
    /// zones leave the side to move without a zone move). By default afresh.
    fn child(
        &mut self,
        game: &Game,
        parent: &Parent<'_>,
        mv: Move,
        child: &State,
    ) -> Result<(Attacks, bool), LgError> {
        let _ = (parent, mv);
        Ok((self.zones(game, child)?, true))
    }

    /// The goal zones of `state` (attacks of a goal piece on its goal, and domination zones),
    /// and maybe more: all the race extension reads (its moves, its passes and its leaves'
    /// values look at no other zone). By default every zone ([`ZoneSource::zones`]).
    fn goal_zones(&mut self, game: &Game, state: &State) -> Result<Attacks, LgError> {
        self.zones(game, state)
    }

    /// [`ZoneSource::child`] for a child in the race extension, which reads its goal zones
    /// only ([`ZoneSource::goal_zones`]). By default the child's zones as [`ZoneSource::child`]
    /// gives them.
    fn goal_child(
        &mut self,
        game: &Game,
        parent: &Parent<'_>,
        mv: Move,
        child: &State,
    ) -> Result<(Attacks, bool), LgError> {
        self.child(game, parent, mv, child)
    }
}
