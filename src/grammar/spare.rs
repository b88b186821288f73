//! Arrays of values a derivation no longer uses, kept to be filled again (issue 30, item 2).
//!
//! Every applied step of a derivation makes a new symbol, whose arguments are a shared array
//! (`Rc<[Value]>`), and most steps with assignments a new array of vars; the state before
//! the step is then dropped, freeing arrays of the same lengths. Along a chain of steps with
//! one successor (most of a zone grammar's run) the engine hands the arrays of the state it
//! leaves here, and the next step fills one of them instead of freeing one and allocating
//! another: half an allocation a step on the zone grammar.
//!
//! Only an array nothing else holds is kept (a table's key, a sentence, the evaluator or
//! another state may share it), and its values are dropped when it is kept, so a kept array
//! holds no vector or set alive longer than before.

use std::rc::Rc;

use super::value::Value;

/// How many arrays are kept at most: a step makes one or two, so a few cover the lengths of
/// a grammar's symbols and vars.
const KEEP: usize = 8;

/// Unused arrays of values, to be filled again.
#[derive(Default)]
pub struct Spare {
    arrays: Vec<Rc<[Value]>>,
}

impl Spare {
    /// Keeps `array` to be filled again, if nothing else holds it and there is room; its
    /// values are dropped now.
    pub fn keep(&mut self, mut array: Rc<[Value]>) {
        if self.arrays.len() >= KEEP || array.is_empty() {
            return;
        }
        let Some(slots) = Rc::get_mut(&mut array) else {
            return;
        };
        slots.fill(Value::Bool(false));
        self.arrays.push(array);
    }

    /// An array of `len` values, the `k`-th `value(k)`: a kept array of that length filled
    /// again, or a new one.
    pub fn fill(&mut self, len: usize, mut value: impl FnMut(usize) -> Value) -> Rc<[Value]> {
        let kept = self.arrays.iter().rposition(|a| a.len() == len);
        if let Some(i) = kept {
            let mut array = self.arrays.swap_remove(i);
            if let Some(slots) = Rc::get_mut(&mut array) {
                slots
                    .iter_mut()
                    .enumerate()
                    .for_each(|(k, slot)| *slot = value(k));
                return array;
            }
        }
        // A range's map has a known length: the array is allocated once and filled in place.
        (0..len).map(value).collect()
    }

    /// An array of the values drained from `values`, in order.
    pub fn fill_from(&mut self, values: &mut Vec<Value>) -> Rc<[Value]> {
        let array = self.fill(values.len(), |k| {
            std::mem::replace(&mut values[k], Value::Bool(false))
        });
        values.clear();
        array
    }

    /// How many arrays are kept.
    #[cfg(test)]
    fn kept(&self) -> usize {
        self.arrays.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_array_no_one_holds_is_filled_again() {
        let mut spare = Spare::default();
        let array: Rc<[Value]> = vec![Value::Int(1), Value::Int(2)].into();
        let address = Rc::as_ptr(&array) as *const Value;
        spare.keep(array);
        assert_eq!(spare.kept(), 1);
        // Another length: a new array.
        let one = spare.fill(1, |_| Value::Int(7));
        assert_eq!(&one[..], &[Value::Int(7)]);
        assert_eq!(spare.kept(), 1);
        // The same length: the kept one, with the new values.
        let mut values = vec![Value::Int(3), Value::Int(4)];
        let again = spare.fill_from(&mut values);
        assert!(values.is_empty());
        assert_eq!(Rc::as_ptr(&again) as *const Value, address);
        assert_eq!(&again[..], &[Value::Int(3), Value::Int(4)]);
        assert_eq!(spare.kept(), 0);
    }

    #[test]
    fn an_array_held_elsewhere_is_not_kept() {
        let mut spare = Spare::default();
        let array: Rc<[Value]> = vec![Value::Int(1)].into();
        let other = array.clone();
        spare.keep(array);
        assert_eq!(spare.kept(), 0);
        assert_eq!(&other[..], &[Value::Int(1)]);
        // Nor the empty array, nor more than the room.
        spare.keep(Vec::new().into());
        for _ in 0..KEEP + 3 {
            spare.keep(vec![Value::Int(1)].into());
        }
        assert_eq!(spare.kept(), KEEP);
    }

    #[test]
    fn a_kept_array_holds_no_value_alive() {
        let set = Value::set_from(vec![Value::Int(1)]);
        let mut spare = Spare::default();
        spare.keep(vec![set.clone(), Value::Int(2)].into());
        assert_eq!(spare.kept(), 1);
        // The kept array dropped its values (the set's address names nothing kept here).
        assert_eq!(
            &spare.arrays[0][..],
            &[Value::Bool(false), Value::Bool(false)]
        );
    }
}
