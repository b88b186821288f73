//! The types of the grammar language, checked before anything runs.

use std::fmt;

/// The type of an expression, a parameter or a var.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    /// `int`: a 64-bit integer.
    Int,
    /// `bool`: true or false.
    Bool,
    /// `point`: a point of X.
    Point,
    /// `piece`: a piece of the scenario, or a piece type given by the run.
    Piece,
    /// A list of stops `z0 z1 … zm`.
    Trajectory,
    /// A state of play: a position with the side to move (docs/grammar-language.md §8).
    State,
    /// A user enum, by index into the grammar's enums (index 0 is the built-in `side`).
    Enum(usize),
    /// `(T1, …, Tn)`: a tuple of values of the types given.
    Tuple(Vec<Type>),
    /// `set<T>`: a finite set, kept sorted without duplicates.
    Set(Box<Type>),
    /// A value for every point of X.
    Vector(Box<Type>),
    /// The element type of `{}`, which fits any set.
    Any,
}

impl Type {
    /// Whether a value of type `self` may be used where `other` is expected (`Any` fits all).
    pub fn fits(&self, other: &Type) -> bool {
        match (self, other) {
            (Type::Any, _) | (_, Type::Any) => true,
            (Type::Tuple(a), Type::Tuple(b)) => {
                a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.fits(y))
            }
            (Type::Set(a), Type::Set(b)) | (Type::Vector(a), Type::Vector(b)) => a.fits(b),
            (a, b) => a == b,
        }
    }

    /// The more specific of two fitting types (so `{}` takes the type of the other side).
    pub fn join(&self, other: &Type) -> Type {
        match (self, other) {
            (Type::Any, t) | (t, Type::Any) => t.clone(),
            (Type::Tuple(a), Type::Tuple(b)) => {
                Type::Tuple(a.iter().zip(b).map(|(x, y)| x.join(y)).collect())
            }
            (Type::Set(a), Type::Set(b)) => Type::Set(Box::new(a.join(b))),
            (Type::Vector(a), Type::Vector(b)) => Type::Vector(Box::new(a.join(b))),
            (a, _) => a.clone(),
        }
    }

    /// The type as a grammar file spells it, with user enums by name.
    pub fn display<'a>(&'a self, enums: &'a [String]) -> TypeDisplay<'a> {
        TypeDisplay { ty: self, enums }
    }
}

/// A type printed with the grammar's enum names.
pub struct TypeDisplay<'a> {
    ty: &'a Type,
    enums: &'a [String],
}

impl fmt::Display for TypeDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.ty {
            Type::Int => f.write_str("int"),
            Type::Bool => f.write_str("bool"),
            Type::Point => f.write_str("point"),
            Type::Piece => f.write_str("piece"),
            Type::Trajectory => f.write_str("trajectory"),
            Type::State => f.write_str("state"),
            Type::Enum(i) => f.write_str(self.enums.get(*i).map_or("enum", |s| s.as_str())),
            Type::Tuple(ts) => {
                f.write_str("(")?;
                for (i, t) in ts.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(
                        f,
                        "{}",
                        TypeDisplay {
                            ty: t,
                            enums: self.enums
                        }
                    )?;
                }
                f.write_str(")")
            }
            Type::Set(t) => write!(
                f,
                "set<{}>",
                TypeDisplay {
                    ty: t,
                    enums: self.enums
                }
            ),
            Type::Vector(t) => write!(
                f,
                "vector<{}>",
                TypeDisplay {
                    ty: t,
                    enums: self.enums
                }
            ),
            Type::Any => f.write_str("any"),
        }
    }
}
