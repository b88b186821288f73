//! Runtime values of the grammar language. Sets are sorted slices, so that "the i-th element"
//! follows the enumeration of X and every printed set is in a fixed order; vectors are
//! persistent (imbl), so that derivation branches share what they have in common.
//!
//! A compound value (trajectory, tuple, set, vector) is held by one thin pointer to a shared
//! node that keeps its content's hash once computed ([`Hashed`], and [`List`] for the
//! trajectories, tuples and sets, in one allocation with their items): a `Value` is 16 bytes, and
//! hashing one (a memo key holding G_Z's vectors, a state's tuple) costs O(1) after the first
//! time, where hashing the content cost a pass over it at every lookup (issue 30).

use std::cell::Cell;
use std::fmt::{self, Write};
use std::hash::{Hash, Hasher};
use std::ops::Deref;
use std::rc::Rc;

use crate::board::{Board, Point};

/// Shared, immutable content with its hash computed on first use and kept. Cloning shares
/// the node. Equal contents have equal hashes, so `Hash` agrees with `Eq` (which is by
/// content: two nodes built apart with the same content are equal).
pub struct Hashed<C>(Rc<HashedNode<C>>);

struct HashedNode<C> {
    /// The content's hash; 0 until computed (a computed 0 is stored as 1).
    hash: Cell<u64>,
    content: C,
}

impl<C> Hashed<C> {
    /// A new node holding `content`, its hash not computed yet.
    pub fn new(content: C) -> Self {
        Hashed(Rc::new(HashedNode {
            hash: Cell::new(0),
            content,
        }))
    }

    /// Whether `a` and `b` are one node (not only equal contents).
    pub fn ptr_eq(a: &Self, b: &Self) -> bool {
        Rc::ptr_eq(&a.0, &b.0)
    }

    /// The node's address: it names the node while the node is alive.
    pub fn addr(&self) -> usize {
        Rc::as_ptr(&self.0) as usize
    }
}

impl<C: Hash> Hashed<C> {
    /// The hash of the content (FxHash), computed the first time and then read.
    pub fn content_hash(&self) -> u64 {
        let known = self.0.hash.get();
        if known != 0 {
            return known;
        }
        let mut h = rustc_hash::FxHasher::default();
        self.0.content.hash(&mut h);
        let hash = h.finish().max(1);
        self.0.hash.set(hash);
        hash
    }
}

impl<C> Clone for Hashed<C> {
    fn clone(&self) -> Self {
        Hashed(self.0.clone())
    }
}

impl<C> Deref for Hashed<C> {
    type Target = C;
    fn deref(&self) -> &C {
        &self.0.content
    }
}

/// Equality of two shared contents that cache their hashes (0: not computed yet), as
/// [`Hashed`] and [`super::list::List`] compare: one node is equal to itself, hashes already
/// known and different settle it without a pass over the contents, else the contents decide.
pub(crate) fn cached_hash_eq(
    same_node: bool,
    hashes: (u64, u64),
    contents_equal: impl FnOnce() -> bool,
) -> bool {
    if same_node {
        return true;
    }
    let (a, b) = hashes;
    if a != 0 && b != 0 && a != b {
        return false;
    }
    contents_equal()
}

impl<C: PartialEq> PartialEq for Hashed<C> {
    fn eq(&self, other: &Self) -> bool {
        cached_hash_eq(
            Hashed::ptr_eq(self, other),
            (self.0.hash.get(), other.0.hash.get()),
            || self.0.content == other.0.content,
        )
    }
}

impl<C: Eq> Eq for Hashed<C> {}

impl<C: Ord> PartialOrd for Hashed<C> {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl<C: Ord> Ord for Hashed<C> {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        if Hashed::ptr_eq(self, other) {
            return std::cmp::Ordering::Equal;
        }
        self.0.content.cmp(&other.0.content)
    }
}

impl<C: Hash> Hash for Hashed<C> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.content_hash())
    }
}

impl<C: fmt::Debug> fmt::Debug for Hashed<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.content.fmt(f)
    }
}

pub use super::list::List;

/// A value the grammar computes with; which variant is guaranteed by the type checker.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Value {
    /// An `int`.
    Int(i64),
    /// A `bool`.
    Bool(bool),
    /// A point of X.
    Point(Point),
    /// Index into the run's piece table.
    Piece(u32),
    /// (enum index, value index)
    Enum(u16, u16),
    /// A trajectory: its stops, from the start to the end.
    Trajectory(List<Point>),
    /// A state of play, by its number in the run's [`super::world::States`] (equal states have
    /// one number; ordered by the order they were first reached).
    State(u32),
    /// A tuple, its parts in order.
    Tuple(List<Value>),
    /// Sorted, without duplicates.
    Set(List<Value>),
    /// A value for every point of X, in the enumeration of X.
    Vector(Hashed<imbl::Vector<Value>>),
}

impl Value {
    /// The `int` inside; the checker guarantees the variant.
    pub fn int(&self) -> i64 {
        match self {
            Value::Int(i) => *i,
            other => unreachable!("the checker guarantees an int here, found {other:?}"),
        }
    }

    /// The `bool` inside; the checker guarantees the variant.
    pub fn bool(&self) -> bool {
        match self {
            Value::Bool(b) => *b,
            other => unreachable!("the checker guarantees a bool here, found {other:?}"),
        }
    }

    /// The point inside; the checker guarantees the variant.
    pub fn point(&self) -> Point {
        match self {
            Value::Point(p) => *p,
            other => unreachable!("the checker guarantees a point here, found {other:?}"),
        }
    }

    /// The piece number inside; the checker guarantees the variant.
    pub fn piece(&self) -> u32 {
        match self {
            Value::Piece(p) => *p,
            other => unreachable!("the checker guarantees a piece here, found {other:?}"),
        }
    }

    /// The state number inside; the checker guarantees the variant.
    pub fn state(&self) -> u32 {
        match self {
            Value::State(s) => *s,
            other => unreachable!("the checker guarantees a state here, found {other:?}"),
        }
    }

    /// The members of the set inside; the checker guarantees the variant.
    pub fn set(&self) -> &List<Value> {
        match self {
            Value::Set(s) => s,
            other => unreachable!("the checker guarantees a set here, found {other:?}"),
        }
    }

    /// The parts of the tuple inside; the checker guarantees the variant.
    pub fn tuple(&self) -> &List<Value> {
        match self {
            Value::Tuple(t) => t,
            other => unreachable!("the checker guarantees a tuple here, found {other:?}"),
        }
    }

    /// The stops of the trajectory inside; the checker guarantees the variant.
    pub fn trajectory(&self) -> &List<Point> {
        match self {
            Value::Trajectory(t) => t,
            other => unreachable!("the checker guarantees a trajectory here, found {other:?}"),
        }
    }

    /// The entries of the vector inside; the checker guarantees the variant.
    pub fn vector(&self) -> &Hashed<imbl::Vector<Value>> {
        match self {
            Value::Vector(v) => v,
            other => unreachable!("the checker guarantees a vector here, found {other:?}"),
        }
    }

    /// A set from any values: sorted and de-duplicated here.
    pub fn set_from(mut items: Vec<Value>) -> Value {
        items.sort_unstable();
        items.dedup();
        Value::Set(items.into())
    }

    /// Whether the value prints with spaces (a trajectory, or anything holding one).
    fn is_compound(&self) -> bool {
        matches!(
            self,
            Value::Trajectory(_) | Value::Tuple(_) | Value::Set(_) | Value::Vector(_)
        )
    }
}

/// What printing a value needs: point names, piece names and enum value names.
pub struct Names<'a> {
    /// The board, for point names.
    pub board: &'a Board,
    /// Per piece number, its name.
    pub pieces: &'a [String],
    /// Per enum, its value names.
    pub enums: &'a [Vec<String>],
}

impl Names<'_> {
    /// A value as the user writes it: `h8`, `3`, `a`, `BOMBER`, `h5 h4 h3`, `(1, 2)`, `{a1, b2}`.
    pub fn value(&self, v: &Value) -> String {
        let mut out = String::new();
        self.write(v, &mut out);
        out
    }

    fn write(&self, v: &Value, out: &mut String) {
        match v {
            Value::Int(i) => {
                let _ = write!(out, "{i}");
            }
            Value::Bool(b) => {
                let _ = write!(out, "{b}");
            }
            Value::Point(p) => self.board.write_name(*p, out),
            Value::Piece(p) => out.push_str(&self.pieces[*p as usize]),
            Value::Enum(e, i) => out.push_str(&self.enums[*e as usize][*i as usize]),
            Value::Trajectory(t) => {
                for (i, p) in t.iter().enumerate() {
                    if i > 0 {
                        out.push(' ');
                    }
                    self.board.write_name(*p, out);
                }
            }
            Value::State(s) => {
                let _ = write!(out, "state {s}");
            }
            Value::Tuple(items) => self.list(items.iter(), "(", ")", out),
            Value::Set(items) => self.list(items.iter(), "{", "}", out),
            Value::Vector(items) => self.list(items.iter(), "[", "]", out),
        }
    }

    fn list<'v>(
        &self,
        items: impl Iterator<Item = &'v Value>,
        open: &str,
        close: &str,
        out: &mut String,
    ) {
        out.push_str(open);
        for (i, v) in items.enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            self.write(v, out);
        }
        out.push_str(close);
    }

    /// A symbol `name(args)`: arguments joined by `,` when all are plain values (as Stilman
    /// prints `p(1,a,c)`), by `, ` when one is a trajectory or other compound value (as in
    /// `t(BOMBER, h5 h4 h3 h2 h1, 5)`). Tuple arguments are spread into the argument list.
    pub fn symbol(&self, name: &str, args: &[Value]) -> String {
        let mut out = String::new();
        self.write_symbol(name, args, &mut out);
        out
    }

    /// [`Names::symbol`] appended to `out`: a language is printed into one buffer.
    pub fn write_symbol(&self, name: &str, args: &[Value], out: &mut String) {
        let compound = args.iter().any(|a| match a {
            Value::Tuple(items) => items.iter().any(Value::is_compound),
            other => other.is_compound(),
        });
        let sep = if compound { ", " } else { "," };
        out.push_str(name);
        out.push('(');
        let mut first = true;
        let mut put = |v: &Value, out: &mut String| {
            if !first {
                out.push_str(sep);
            }
            first = false;
            self.write(v, out);
        };
        for a in args {
            match a {
                Value::Tuple(items) => items.iter().for_each(|v| put(v, out)),
                other => put(other, out),
            }
        }
        out.push(')');
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self:?}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A value in two words (tag and payload, compounds by one thin pointer): stacks, argument
    /// arrays and vars move two thirds of what they moved at 24 bytes (derive.rs's size test
    /// holds the other hot types).
    #[test]
    fn values_are_two_words() {
        assert_eq!(std::mem::size_of::<Value>(), 16);
        assert_eq!(std::mem::size_of::<Option<Value>>(), 16);
        assert_eq!(std::mem::size_of::<List<Value>>(), 8);
    }

    /// Equality, order and hash are by content; the node's identity is apart.
    #[test]
    fn compounds_compare_and_hash_by_content() {
        let hash = |v: &Value| {
            let mut h = rustc_hash::FxHasher::default();
            v.hash(&mut h);
            h.finish()
        };
        let a = Value::set_from(vec![Value::Int(2), Value::Int(1)]);
        let b = Value::Set(List::from([Value::Int(1), Value::Int(2)]));
        let c = Value::Set(List::from([Value::Int(1), Value::Int(3)]));
        assert_eq!(a, b);
        assert!(!List::ptr_eq(a.set(), b.set()));
        assert_eq!(hash(&a), hash(&b));
        assert_ne!(a, c);
        assert!(a < c);
        // Once both hashes are known, unequal hashes settle inequality; equal values still
        // compare equal after their hashes are cached.
        assert_ne!(hash(&a), hash(&c));
        assert_ne!(a, c);
        assert_eq!(a, b);
        let v = Value::Vector(Hashed::new(imbl::vector![Value::Int(0), Value::Int(1)]));
        let w = Value::Vector(Hashed::new((**v.vector()).clone()));
        assert_eq!(v, w);
        assert!(!Hashed::ptr_eq(v.vector(), w.vector()));
        assert_eq!(hash(&v), hash(&w));
        let t = Value::Tuple(List::from([a.clone(), v.clone()]));
        let u = Value::Tuple(List::from([b.clone(), w.clone()]));
        assert_eq!(t, u);
        assert_eq!(hash(&t), hash(&u));
        assert_eq!(
            format!("{t:?}"),
            "Tuple([Set([Int(1), Int(2)]), Vector([Int(0), Int(1)])])"
        );
        let p = Value::Trajectory(List::from([Point(1), Point(2)]));
        let q = Value::Trajectory(List::from([Point(1), Point(3)]));
        assert!(p < q);
        assert_ne!(hash(&p), hash(&q));
    }
}
