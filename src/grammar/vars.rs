//! The vars of a derivation state, with their hash kept up to date as they change (issue 30,
//! item 2). The table keys every state by its tail, vars and permissible set; rehashing every
//! var at every step cost more than the step's own assignments, which change one or two. The
//! hash is a sum over the slots of a mixed hash of (slot, value), Zobrist-style: a step
//! subtracts the old value's term and adds the new one's for the slots it assigns, and leaves
//! the others alone.

use std::hash::{Hash, Hasher};
use std::rc::Rc;

use super::spare::Spare;
use super::table::hash_value;
use super::value::Value;

/// The vars of a state and their hash. Cloning shares the values.
#[derive(Clone)]
pub struct Vars {
    values: Rc<[Value]>,
    hash: u64,
}

impl Vars {
    /// The vars `values`, their hash computed once here.
    pub fn new(values: Rc<[Value]>) -> Vars {
        let hash = values
            .iter()
            .enumerate()
            .fold(0u64, |h, (slot, v)| h.wrapping_add(slot_hash(slot, v)));
        Vars { values, hash }
    }

    /// The values, by var slot.
    pub fn values(&self) -> &Rc<[Value]> {
        &self.values
    }

    /// The hash of the values as the table's keys see them (by content, from the hashes
    /// compound values keep, see [`super::table::Key`]): equal vars have equal hashes.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The values, given up (to be kept for reuse, [`Spare::keep`]).
    pub fn into_values(self) -> Rc<[Value]> {
        self.values
    }

    /// The vars with `updates` (slot, value) made in order, a later one to a slot winning:
    /// one new array (from `spare` if it has one), and the hash changed only for the slots
    /// assigned. Empties `updates` (a buffer the caller reuses from step to step).
    pub fn with(&self, updates: &mut Vec<(usize, Value)>, spare: &mut Spare) -> Vars {
        if updates.is_empty() {
            return self.clone();
        }
        let mut hash = self.hash;
        // Filled in place: a kept array of the same length, or one allocated once (no `Vec`
        // copied into it).
        let values = spare.fill(self.values.len(), |slot| {
            let old = &self.values[slot];
            match updates.iter_mut().rev().find(|(s, _)| *s == slot) {
                Some((_, new)) => {
                    let new = std::mem::replace(new, Value::Bool(false));
                    hash = hash
                        .wrapping_sub(slot_hash(slot, old))
                        .wrapping_add(slot_hash(slot, &new));
                    new
                }
                None => old.clone(),
            }
        });
        updates.clear();
        Vars { values, hash }
    }
}

/// The term of one slot: the slot and the value hashed together, then mixed (the finaliser of
/// MurmurHash3) so that a sum of terms spreads as well as one hash of everything.
fn slot_hash(slot: usize, v: &Value) -> u64 {
    let mut h = rustc_hash::FxHasher::default();
    slot.hash(&mut h);
    hash_value(v, &mut h);
    let mut x = h.finish();
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    x ^ (x >> 33)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Point;

    fn values(v: Vec<Value>) -> Rc<[Value]> {
        v.into()
    }

    #[test]
    fn an_updated_hash_is_the_hash_of_the_new_values() {
        let set: Value = Value::Set(vec![Value::Int(1), Value::Int(2)].into());
        let start = Vars::new(values(vec![
            Value::Int(3),
            Value::Point(Point(4)),
            set.clone(),
        ]));
        let mut updates = vec![
            (0, Value::Int(5)),
            (1, Value::Point(Point(9))),
            (0, Value::Int(7)),
        ];
        let mut spare = Spare::default();
        let next = start.with(&mut updates, &mut spare);
        assert!(updates.is_empty());
        assert_eq!(
            &next.values()[..],
            &[Value::Int(7), Value::Point(Point(9)), set.clone()]
        );
        assert_eq!(next.hash(), Vars::new(next.values().clone()).hash());
        assert_ne!(next.hash(), start.hash());
        // Back to the start's values: back to its hash.
        let back = next.with(
            &mut vec![(0, Value::Int(3)), (1, Value::Point(Point(4)))],
            &mut spare,
        );
        assert_eq!(back.hash(), start.hash());
        // Filled in a kept array: the same values and hash as in a new one.
        spare.keep(next.into_values());
        let again = back.with(&mut vec![(1, Value::Point(Point(9)))], &mut spare);
        assert_eq!(
            &again.values()[..],
            &[Value::Int(3), Value::Point(Point(9)), set.clone()]
        );
        assert_eq!(again.hash(), Vars::new(again.values().clone()).hash());
        // The same value in another slot is another state.
        let swapped = Vars::new(values(vec![Value::Int(1), Value::Int(2)]));
        let other = Vars::new(values(vec![Value::Int(2), Value::Int(1)]));
        assert_ne!(swapped.hash(), other.hash());
    }

    #[test]
    fn no_update_shares_the_values() {
        let start = Vars::new(values(vec![Value::Int(3)]));
        assert!(Rc::ptr_eq(
            start.with(&mut Vec::new(), &mut Spare::default()).values(),
            start.values()
        ));
    }
}
