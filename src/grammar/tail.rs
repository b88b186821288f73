//! The live tail of a sentential form (from its first nonterminal on), with its hash computed
//! once, when the tail is made (issue 30, item 2).
//!
//! The derivation table keys every state by its tail, vars and permissible set. Hashing the
//! tail at each lookup hashed the same symbols again for every failure successor (half the
//! steps of G_Z: a production whose condition is false leaves the string as it was), and the
//! persistent vector that held it cost more to clone, search and drop than the one symbol it
//! usually holds. So the usual tail, one nonterminal, is kept inline; a longer one is a shared
//! persistent vector; and the hash travels with the tail, so that a step that does not rewrite
//! the string shares it, and a rewrite hashes only the tail it makes.

use std::hash::{Hash, Hasher};
use std::rc::Rc;

use super::derive::Sym;
use super::table::{MAX_KEYED_TAIL, hash_value};

/// A tail: empty, or starting with a nonterminal (the form keeps it so), and its hash.
#[derive(Clone)]
pub struct Tail {
    syms: Syms,
    /// [`Tail::hash`]; 0 for a tail too long to key, which is never looked up.
    hash: u64,
}

/// The symbols. Two variants, so that the enum fits in a [`Sym`] (the niche of its pointer).
#[derive(Clone)]
enum Syms {
    /// The usual tail of the trajectory and zone grammars: one nonterminal, inline.
    One(Sym),
    /// Any other length: none (`None`), or two and more, shared between the forms that have
    /// them (Hanoi's strings grow at the front, which the persistent vector does in O(1)).
    Many(Option<Rc<imbl::Vector<Sym>>>),
}

impl Tail {
    /// The empty tail (a sentence's).
    pub fn empty() -> Tail {
        Tail {
            syms: Syms::Many(None),
            hash: hash_syms(std::iter::empty(), 0),
        }
    }

    /// The tail of one symbol.
    pub fn one(sym: Sym) -> Tail {
        let hash = hash_syms(std::iter::once(&sym), 1);
        Tail {
            syms: Syms::One(sym),
            hash,
        }
    }

    /// The tail of `syms`, in order.
    pub fn from_vector(mut syms: imbl::Vector<Sym>) -> Tail {
        match syms.len() {
            0 => Tail::empty(),
            1 => Tail::one(syms.pop_front().expect("one symbol")),
            n => {
                let hash = if n <= MAX_KEYED_TAIL {
                    hash_syms(syms.iter(), n)
                } else {
                    0
                };
                Tail {
                    syms: Syms::Many(Some(Rc::new(syms))),
                    hash,
                }
            }
        }
    }

    /// The one symbol of a one-symbol tail, taken out (the tail left empty); `None` for
    /// other tails, which are left as they were.
    pub fn take_one(&mut self) -> Option<Sym> {
        if !matches!(self.syms, Syms::One(_)) {
            return None;
        }
        match std::mem::replace(self, Tail::empty()).syms {
            Syms::One(s) => Some(s),
            Syms::Many(_) => unreachable!("checked one symbol"),
        }
    }

    /// The symbols as a persistent vector (shared when there are several), to be rewritten.
    pub fn to_vector(&self) -> imbl::Vector<Sym> {
        match &self.syms {
            Syms::One(s) => imbl::Vector::unit(s.clone()),
            Syms::Many(None) => imbl::Vector::new(),
            Syms::Many(Some(v)) => (**v).clone(),
        }
    }

    /// How many symbols.
    pub fn len(&self) -> usize {
        match &self.syms {
            Syms::One(_) => 1,
            Syms::Many(None) => 0,
            Syms::Many(Some(v)) => v.len(),
        }
    }

    /// True when there is no symbol.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The first symbol.
    pub fn front(&self) -> Option<&Sym> {
        match &self.syms {
            Syms::One(s) => Some(s),
            Syms::Many(None) => None,
            Syms::Many(Some(v)) => v.front(),
        }
    }

    /// The symbol at `position`; panics past the end.
    pub fn at(&self, position: usize) -> &Sym {
        match &self.syms {
            Syms::One(s) if position == 0 => s,
            Syms::Many(Some(v)) => &v[position],
            _ => panic!("position {position} past a tail of {}", self.len()),
        }
    }

    /// The symbols, left to right.
    pub fn iter(&self) -> impl Iterator<Item = &Sym> {
        let (one, many) = match &self.syms {
            Syms::One(s) => (Some(s), None),
            Syms::Many(v) => (None, v.as_deref().map(|v| v.iter())),
        };
        one.into_iter().chain(many.into_iter().flatten())
    }

    /// The hash of the symbols (their number, then each symbol and its arguments, by content
    /// as the table compares them): equal tails of at most
    /// [`MAX_KEYED_TAIL`] symbols have equal hashes. Computed when the tail was made.
    pub fn hash(&self) -> u64 {
        debug_assert!(
            self.len() > MAX_KEYED_TAIL || self.hash == hash_syms(self.iter(), self.len()),
            "a tail's kept hash is the hash of its symbols"
        );
        self.hash
    }

    /// The hash of the symbols computed from them now ([`Tail::hash`] is this, kept).
    pub fn hash_now(&self) -> u64 {
        hash_syms(self.iter(), self.len())
    }
}

/// The hash of `len` symbols.
fn hash_syms<'a>(syms: impl Iterator<Item = &'a Sym>, len: usize) -> u64 {
    let mut h = rustc_hash::FxHasher::default();
    len.hash(&mut h);
    for s in syms {
        s.symbol.hash(&mut h);
        s.args.iter().for_each(|v| hash_value(v, &mut h));
    }
    h.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tail_is_inline_for_one_symbol_and_shared_for_more() {
        let empty = Tail::empty();
        assert!(empty.is_empty());
        assert_eq!(empty.front(), None);
        assert_eq!(empty.iter().count(), 0);
        let one = Tail::from_vector(imbl::vector![Sym::int(1, 2)]);
        assert!(matches!(one.syms, Syms::One(_)));
        assert_eq!((one.len(), one.at(0)), (1, &Sym::int(1, 2)));
        assert_eq!(
            one.iter().cloned().collect::<Vec<_>>(),
            vec![Sym::int(1, 2)]
        );
        assert_eq!(one.to_vector(), imbl::vector![Sym::int(1, 2)]);
        let mut taken = one.clone();
        assert_eq!(taken.take_one(), Some(Sym::int(1, 2)));
        assert!(taken.is_empty());
        assert_eq!(taken.hash(), Tail::empty().hash());
        let three = Tail::from_vector(imbl::vector![
            Sym::int(1, 2),
            Sym::int(0, 3),
            Sym::int(2, 4)
        ]);
        assert_eq!(three.len(), 3);
        assert_eq!(three.front(), Some(&Sym::int(1, 2)));
        assert_eq!(three.at(2), &Sym::int(2, 4));
        assert_eq!(
            three.iter().cloned().collect::<Vec<_>>(),
            vec![Sym::int(1, 2), Sym::int(0, 3), Sym::int(2, 4)]
        );
        let mut kept = three.clone();
        assert_eq!(kept.take_one(), None);
        assert_eq!(kept.len(), 3);
        let copy = three.clone();
        match (&copy.syms, &three.syms) {
            (Syms::Many(Some(a)), Syms::Many(Some(b))) => assert!(Rc::ptr_eq(a, b)),
            _ => panic!("three symbols are shared"),
        }
        // A tail fits in a symbol's space plus its hash.
        assert_eq!(std::mem::size_of::<Tail>(), std::mem::size_of::<Sym>() + 8);
    }

    #[test]
    fn the_kept_hash_is_the_hash_of_the_symbols() {
        let tails = [
            Tail::empty(),
            Tail::one(Sym::int(1, 2)),
            Tail::from_vector(imbl::vector![Sym::int(1, 2)]),
            Tail::from_vector(imbl::vector![Sym::int(1, 2), Sym::int(0, 3)]),
        ];
        for t in &tails {
            assert_eq!(t.hash(), t.hash_now());
        }
        // Equal tails built apart hash alike; other symbols, arguments or lengths differ.
        assert_eq!(tails[1].hash(), tails[2].hash());
        assert_ne!(tails[0].hash(), tails[1].hash());
        assert_ne!(tails[1].hash(), tails[3].hash());
        assert_ne!(tails[1].hash(), Tail::one(Sym::int(1, 3)).hash());
        assert_ne!(tails[1].hash(), Tail::one(Sym::int(2, 2)).hash());
        // A tail too long to key is not hashed.
        let long: imbl::Vector<Sym> = (0..=MAX_KEYED_TAIL as i64)
            .map(|i| Sym::int(1, i))
            .collect();
        let long = Tail::from_vector(long);
        assert_eq!(long.len(), MAX_KEYED_TAIL + 1);
        assert_eq!(long.hash, 0);
    }
}
