//! Runtime values of the grammar language. Sets are sorted slices, so that "the i-th element"
//! follows the enumeration of X and every printed set is in a fixed order; vectors are
//! persistent (imbl), so that derivation branches share what they have in common.

use std::fmt::{self, Write};
use std::rc::Rc;

use crate::board::{Board, Point};

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
    Trajectory(Rc<[Point]>),
    /// A state of play, by its number in the run's [`super::world::States`] (equal states have
    /// one number; ordered by the order they were first reached).
    State(u32),
    /// A tuple, its parts in order.
    Tuple(Rc<[Value]>),
    /// Sorted, without duplicates.
    Set(Rc<[Value]>),
    /// A value for every point of X, in the enumeration of X.
    Vector(Rc<imbl::Vector<Value>>),
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
    pub fn set(&self) -> &Rc<[Value]> {
        match self {
            Value::Set(s) => s,
            other => unreachable!("the checker guarantees a set here, found {other:?}"),
        }
    }

    /// The parts of the tuple inside; the checker guarantees the variant.
    pub fn tuple(&self) -> &Rc<[Value]> {
        match self {
            Value::Tuple(t) => t,
            other => unreachable!("the checker guarantees a tuple here, found {other:?}"),
        }
    }

    /// The stops of the trajectory inside; the checker guarantees the variant.
    pub fn trajectory(&self) -> &Rc<[Point]> {
        match self {
            Value::Trajectory(t) => t,
            other => unreachable!("the checker guarantees a trajectory here, found {other:?}"),
        }
    }

    /// The entries of the vector inside; the checker guarantees the variant.
    pub fn vector(&self) -> &Rc<imbl::Vector<Value>> {
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
