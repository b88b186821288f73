//! Zones carried along a branch by the translations of docs/semantics.md §7.2 ([`Translate`]),
//! generated afresh where the carried zones' branch ends.

use std::rc::Rc;

use super::attack::{Attack, Attacks, ZoneKind};
use super::error::LgError;
use super::regenerate::Regenerate;
use super::zone_source::{Parent, ZoneSource};
use crate::board::Point;
use crate::play::game::Game;
use crate::play::state::{Move, State};
use crate::play::translate::{Outcome, Transition, translate_zone_with};
use crate::zone::Zone;

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
    fn zones(&mut self, game: &Game, state: &State) -> Result<Attacks, LgError> {
        self.fresh.zones(game, state)
    }

    fn child(
        &mut self,
        game: &Game,
        parent: &Parent<'_>,
        mv: Move,
        child: &State,
    ) -> Result<(Attacks, bool), LgError> {
        let (attacks, ended) = translate_attacks(game, parent.attacks, mv, child);
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
        ..
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
        // The attacking piece's side, and every piece's, in the child: a flip (a placement
        // game) changes them.
        let side = child.side(game, a.piece);
        let still = |p0: usize, y0: Point| match a.kind {
            ZoneKind::Attack => {
                game.goals[p0][y0.index()]
                    || child
                        .piece_at(y0)
                        .is_some_and(|q| child.side(game, q) != side)
            }
            ZoneKind::Domination => {
                child.piece_at(y0).is_none()
                    && (0..child.at.len()).any(|q| {
                        q != p0
                            && child.at[q].is_some()
                            && game.owns_goal[q]
                            && child.side(game, q) == side
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
