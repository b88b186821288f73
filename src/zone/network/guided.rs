//! Guided witnesses (docs/semantics.md §6.10, step 3): a zone holding a possible entry, built
//! in one pass of the scanner without backtracking, steered by a *chain* from the main
//! trajectory down to the entry.
//!
//! An entry (level d, pair x → y, trajectory t, time l) is in a zone when level d marks y with
//! exactly l and t survives the filters at its pair. A chain gives, per level j < d, one pair
//! and candidate whose intermediate stops give the chain's pair of level j + 1 its time:
//! (x_j, y_j, t_j) with y_{j+1} among the intermediate stops of t_j and
//! l_j - len(t_j) + 1 = l_{j+1}. The zone is built choosing t_j at each chain pair and, at
//! every other pair, a candidate that cannot spoil the chain — one that gives y_{j+1} no
//! larger time (marks are maxima), passes no intermediate stop of t_{j+1} (F1 would drop it
//! at level j + 1) and has no chain trajectory still to come as a run (F2 would) — preferring
//! those that mark the fewest points (a one-move trajectory marks none), at random among
//! equals. A pass that meets a pair with choices but none allowed, or a chain candidate the
//! filters drop, fails: it proves nothing and refutes nothing; another chain or the
//! exhaustive search of [`super::Net::witness`] may still succeed.

use rustc_hash::{FxHashMap, FxHashSet};

use super::{Key, Net, State};
use crate::board::Point;
use crate::random::SplitMix;
use crate::zone::{ZoneError, contains_run};

/// The possible entries by (level, end point, time).
pub(super) type ByMark = FxHashMap<(u32, Point, u32), Vec<Key>>;

impl Net<'_, '_> {
    /// Per level j = 1..d - 1 of `goal` (index j), the possible entries of level j that end a
    /// *consistent chain*: entries e_1 .. e_j, one per level, each giving the next its mark
    /// (e_{i+1}'s end point is an intermediate stop of e_i, with the time e_{i+1} has), none
    /// dropped by its predecessor (F1: they share no intermediate stop; F2: it is not a run of
    /// its predecessor), none with the goal's trajectory as a run (F2), and each leading to the
    /// goal's mark (its mark is in `back`). Every zone that holds the goal holds such a chain
    /// (each mark is the time some entry of the level before gives, the largest), ending in an
    /// entry of level d - 1 that gives the goal its mark and that the goal is consistent with:
    /// where there is none ([`Net::refuted`]), the goal is in no zone.
    pub(super) fn chains(
        &self,
        goal: Key,
        back: &[FxHashSet<(Point, i64)>],
        by_mark: &ByMark,
    ) -> Vec<Vec<Key>> {
        let d = goal.0 as usize;
        let goal_t = &self.interned[goal.4];
        let mut reach: Vec<Vec<Key>> = vec![Vec::new(); d];
        for j in 1..d {
            let mut here: Vec<Key> = Vec::new();
            let produced = if j > 1 {
                self.produced(&reach[j - 1])
            } else {
                FxHashMap::default()
            };
            for &(y, l) in &back[j] {
                let Ok(time) = u32::try_from(l) else { continue };
                for &k in by_mark
                    .get(&(j as u32, y, time))
                    .map_or(&[][..], |v| v.as_slice())
                {
                    let leads =
                        self.interned.inner(k.4).iter().any(|&z| {
                            back[j + 1].contains(&(z, self.interned.next_time(k.5, k.4)))
                        });
                    if !leads || self.g.options.f2 && contains_run(&self.interned[k.4], goal_t) {
                        continue;
                    }
                    let linked = j == 1
                        || produced
                            .get(&(y, l))
                            .is_some_and(|ps| ps.iter().any(|&p| self.consistent(p, k)));
                    if linked {
                        here.push(k);
                    }
                }
            }
            here.sort_unstable();
            here.dedup();
            reach[j] = here;
        }
        reach
    }

    /// Whether `goal` is in no zone by [`Net::chains`]: no consistent chain ends in an entry
    /// that gives the goal its mark and is consistent with it.
    pub(super) fn refuted(&self, goal: Key, reach: &[Vec<Key>]) -> bool {
        let d = goal.0 as usize;
        d > 1
            && !reach[d - 1].iter().any(|&p| {
                self.interned.inner(p.4).contains(&goal.1)
                    && self.interned.next_time(p.5, p.4) == i64::from(goal.5)
                    && self.consistent(p, goal)
            })
    }

    /// Per mark, the entries of `keys` that give it.
    fn produced(&self, keys: &[Key]) -> FxHashMap<(Point, i64), Vec<Key>> {
        let mut out: FxHashMap<(Point, i64), Vec<Key>> = FxHashMap::default();
        for &k in keys {
            let time = self.interned.next_time(k.5, k.4);
            for &z in self.interned.inner(k.4) {
                out.entry((z, time)).or_default().push(k);
            }
        }
        out
    }

    /// Whether `next`, of the level after `before`'s, survives the filters as far as `before`
    /// decides: F1 drops it where they share an intermediate stop (`before` marks it at
    /// `next`'s level), F2 where it is a run of `before`.
    fn consistent(&self, before: Key, next: Key) -> bool {
        let (a, b) = (self.interned.inner(before.4), self.interned.inner(next.4));
        !(self.g.options.f1 && b.iter().any(|z| a.contains(z))
            || self.g.options.f2 && contains_run(&self.interned[before.4], &self.interned[next.4]))
    }

    /// A consistent chain to `goal` drawn at random from `reach` ([`Net::chains`]): per level
    /// 1..=d, the entry chosen there, the goal last. `None` where the goal is refuted.
    pub(super) fn chain(
        &self,
        goal: Key,
        reach: &[Vec<Key>],
        rng: &mut SplitMix,
    ) -> Option<Vec<Key>> {
        let mut chain = vec![goal];
        let mut at = goal;
        for j in (1..goal.0 as usize).rev() {
            let options: Vec<Key> = reach[j]
                .iter()
                .copied()
                .filter(|&p| {
                    self.interned.inner(p.4).contains(&at.1)
                        && self.interned.next_time(p.5, p.4) == i64::from(at.5)
                        && self.consistent(p, at)
                })
                .collect();
            if options.is_empty() {
                return None;
            }
            at = options[rng.below(options.len() as u64) as usize];
            chain.push(at);
        }
        chain.reverse();
        Some(chain)
    }

    /// The state just after the chain's last entry (the goal) is chosen, built from `start`
    /// along `chain` as the module says; `None` where the pass fails or `budget` (scanner
    /// steps) runs out.
    pub(super) fn guided(
        &mut self,
        start: State,
        chain: &[Key],
        rng: &mut SplitMix,
        budget: &mut usize,
    ) -> Result<Option<State>, ZoneError> {
        let f1 = self.g.options.f1;
        let f2 = self.g.options.f2;
        let goal_depth = chain.len() as u32;
        let mut state = start;
        loop {
            if *budget == 0 {
                return Ok(None);
            }
            *budget -= 1;
            self.steps += 1;
            let depth = state.level.depth;
            if state.at == state.level.pairs.len() {
                if depth >= goal_depth {
                    return Ok(None);
                }
                match self.close(state)? {
                    Some(next) => state = next,
                    None => return Ok(None),
                }
                continue;
            }
            let (x, y, l, _) = state.level.pairs[state.at];
            let here = chain[depth as usize - 1];
            if (y, x) > (here.1, here.2) && depth == goal_depth {
                return Ok(None);
            }
            let choices = self.choices(&state);
            if (x, y) == (here.2, here.1) {
                if l != here.5 || !choices.contains(&(here.3, here.4)) {
                    return Ok(None);
                }
                self.advance_in_place(&mut state, Some((here.3, here.4)));
                if depth == goal_depth {
                    return Ok(Some(state));
                }
                continue;
            }
            if choices.is_empty() {
                self.advance_in_place(&mut state, None);
                continue;
            }
            // The chain's entries still to come, which F2 must not drop.
            let passed = (y, x) > (here.1, here.2);
            let to_come = &chain[depth as usize - usize::from(!passed)..];
            let next = chain.get(depth as usize).copied();
            let allowed: Vec<(usize, u32)> = choices
                .into_iter()
                .filter(|&(_, t)| {
                    let inner = self.interned.inner(t);
                    if let Some(n) = next {
                        if inner.contains(&n.1) && self.interned.next_time(l, t) > i64::from(n.5) {
                            return false;
                        }
                        if f1 && self.interned.inner(n.4).iter().any(|z| inner.contains(z)) {
                            return false;
                        }
                    }
                    let whole = &self.interned[t];
                    !(f2 && to_come
                        .iter()
                        .any(|k| contains_run(whole, &self.interned[k.4])))
                })
                .collect();
            let Some(fewest) = allowed
                .iter()
                .map(|&(_, t)| self.interned.inner(t).len())
                .min()
            else {
                return Ok(None);
            };
            let best: Vec<(usize, u32)> = allowed
                .into_iter()
                .filter(|&(_, t)| self.interned.inner(t).len() == fewest)
                .collect();
            let choice = best[rng.below(best.len() as u64) as usize];
            self.advance_in_place(&mut state, Some(choice));
        }
    }
}
