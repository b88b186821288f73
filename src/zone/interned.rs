//! What the memoised zone walks share (the zone network, `network.rs`, and the count and bundle
//! view, `summary.rs`): the trajectories they meet, each stored once and named by a number (a
//! memo key holds numbers, not point lists), the candidates of each attach pair before the
//! filters, listed once per (start, end, time), and the NEXTTIME a trajectory gives its stops.

use std::ops::Index;
use std::rc::Rc;

use rustc_hash::FxHashMap;

use super::{SharedTrajectory, ZoneError};
use crate::board::Point;
use crate::bundle::Trajectory;

/// The candidates of a pair before the filters: (piece, trajectory id).
pub(super) type Candidates = Rc<Vec<(usize, u32)>>;

/// The trajectories met, by id (in the order met), and the candidates of the pairs met.
#[derive(Default)]
pub(super) struct Interned {
    trajectories: Vec<Trajectory>,
    ids: FxHashMap<Trajectory, u32>,
    candidates: FxHashMap<(Point, Point, u32), Candidates>,
}

impl Interned {
    /// The id of `t`, and whether `t` is new (its id then the last: `len() - 1`).
    pub(super) fn intern(&mut self, t: &[Point]) -> (u32, bool) {
        if let Some(&id) = self.ids.get(t) {
            return (id, false);
        }
        let id = self.trajectories.len() as u32;
        self.trajectories.push(t.to_vec());
        self.ids.insert(t.to_vec(), id);
        (id, true)
    }

    /// The id of `t` where it was met.
    pub(super) fn id(&self, t: &[Point]) -> Option<u32> {
        self.ids.get(t).copied()
    }

    /// How many trajectories were met (ids are below it).
    pub(super) fn len(&self) -> usize {
        self.trajectories.len()
    }

    /// The intermediate stops of trajectory `t`.
    pub(super) fn inner(&self, t: u32) -> &[Point] {
        let t = &self.trajectories[t as usize];
        &t[1..t.len() - 1]
    }

    /// The NEXTTIME trajectory `t` gives its intermediate stops, allotted time `l`:
    /// TIME(y) - len(t) + 1 (decision A6).
    pub(super) fn next_time(&self, l: u32, t: u32) -> i64 {
        i64::from(l) - (self.trajectories[t as usize].len() as i64 - 1) + 1
    }

    /// The candidates of the pair (x, y) with time l before the filters, by id: listed by
    /// `list` the first time the pair is asked for, each trajectory interned by `intern`
    /// (which may intern more, as the count interns the runs F2 reads), then kept.
    pub(super) fn candidates(
        &mut self,
        (x, y, l): (Point, Point, u32),
        list: impl FnOnce() -> Result<Vec<(usize, SharedTrajectory)>, ZoneError>,
        mut intern: impl FnMut(&mut Interned, &[Point]) -> u32,
    ) -> Result<Candidates, ZoneError> {
        if let Some(c) = self.candidates.get(&(x, y, l)) {
            return Ok(c.clone());
        }
        let listed: Vec<(usize, u32)> = list()?
            .into_iter()
            .map(|(q, t)| (q, intern(self, &t)))
            .collect();
        let listed = Rc::new(listed);
        self.candidates.insert((x, y, l), listed.clone());
        Ok(listed)
    }
}

impl Index<u32> for Interned {
    type Output = Trajectory;

    /// The trajectory of id `t`.
    fn index(&self, t: u32) -> &Trajectory {
        &self.trajectories[t as usize]
    }
}
