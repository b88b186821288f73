//! The built-in functions (`MAP`, `R`, `size`, `TRANSITION`, ...), declared once.
//!
//! Each entry of the table below gives, for one [`Builtin`]: the name a grammar file calls it
//! by, the types of its parameters and of its result (which the checker reads), its
//! evaluation (which the evaluator calls, or equals where it computes the built-in unboxed: a
//! unit test of [`super::compile`] holds them equal), the name the IR dumps print, and an
//! example call with the value it must give (which a test type-checks and evaluates, so that
//! no built-in goes untested). Adding a built-in is adding
//! one entry: the macro makes the enum's variant, the list of all built-ins and the lookup of
//! an entry from the variant, so the three cannot drift apart.
//!
//! `nth` and `pick` are not here: they are not operations but spellings of an index
//! ([`IndexKind::SetMember`](super::ir::IndexKind::SetMember)) and of
//! [`Ex::Pick`](super::ir::Ex::Pick), which the checker writes instead.

use super::eval::{Eval, RunError, points_where, table_of};
use super::ir::MapTable;
use super::types::Type;
use super::value::{List, Value};
use crate::board::Point;
use crate::syntax::Span;

/// A parameter's type, as the checker wants it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Param {
    /// `int`
    Int,
    /// `point`
    Point,
    /// `piece`
    Piece,
    /// `trajectory`
    Trajectory,
    /// A state of play.
    State,
    /// A set of any element type (the result [`Ret::Element`] is that type).
    Set,
}

/// A result's type, as the checker gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ret {
    /// `int`
    Int,
    /// `bool`
    Bool,
    /// `point`
    Point,
    /// `trajectory`
    Trajectory,
    /// A state of play.
    State,
    /// The built-in enum `side`.
    Side,
    /// `set<point>`
    Points,
    /// `set<(piece, point, point)>`: moves of a state.
    Moves,
    /// The element type of the first argument, a set.
    Element,
}

/// How a built-in is evaluated: on its arguments' values (the operation itself gives the table a
/// variant reads), erring at the call's span.
pub type EvalFn = fn(&Eval<'_, '_>, Builtin, &[Value], &Span) -> Result<Value, RunError>;

/// One built-in's declaration.
#[derive(Clone, Copy)]
pub struct Def {
    /// The name a grammar file calls it by; `None` for the forms only the checker writes
    /// (`START` is a reserved global; the rings and ellipses are comprehensions narrowed by
    /// [`super::narrow`]).
    pub name: Option<&'static str>,
    /// Its name in IR dumps.
    pub ir: &'static str,
    /// Its parameters' types, which give its arity.
    pub params: &'static [Param],
    /// Its result's type.
    pub result: Ret,
    /// Its evaluation.
    pub eval: EvalFn,
    /// An expression using it (in the scenario of tests/it/grammar_builtins.rs)
    /// and the value it gives there, as the grammar prints it.
    pub example: (&'static str, &'static str),
}

impl std::fmt::Debug for Def {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.ir)
    }
}

impl Param {
    /// The type the checker expects (`None` for any set).
    pub fn ty(self) -> Option<Type> {
        Some(match self {
            Param::Int => Type::Int,
            Param::Point => Type::Point,
            Param::Piece => Type::Piece,
            Param::Trajectory => Type::Trajectory,
            Param::State => Type::State,
            Param::Set => return None,
        })
    }
}

impl Ret {
    /// The result's type, given the element type of the first argument (for [`Ret::Element`]).
    pub fn ty(self, element: Option<Type>) -> Type {
        match self {
            Ret::Int => Type::Int,
            Ret::Bool => Type::Bool,
            Ret::Point => Type::Point,
            Ret::Trajectory => Type::Trajectory,
            Ret::State => Type::State,
            Ret::Side => Type::Enum(super::check::SIDE_ENUM),
            Ret::Points => Type::Set(Box::new(Type::Point)),
            Ret::Moves => Type::Set(Box::new(Type::Tuple(vec![
                Type::Piece,
                Type::Point,
                Type::Point,
            ]))),
            Ret::Element => element.unwrap_or(Type::Any),
        }
    }
}

/// Declares the built-ins: per entry, its doc, its variant (with the [`MapTable`] it reads,
/// for those that read one) and its [`Def`] fields.
macro_rules! builtins {
    ($(
        $(#[$doc:meta])*
        $variant:ident $(($field:ty = $sample:expr))? {
            name: $name:expr,
            ir: $ir:expr,
            params: [$($param:ident),*],
            result: $result:ident,
            eval: $eval:expr,
            example: $example:expr $(,)?
        }
    )*) => {
        /// A built-in function, resolved by name and the types of its arguments.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Builtin {
            $( $(#[$doc])* $variant $(($field))?, )*
        }

        impl Builtin {
            /// Every built-in, in the table's order (a variant with a [`MapTable`] once, with
            /// `From`): where a name has several entries, the first gives the arity an error
            /// names.
            pub const ALL: &'static [Builtin] = &[ $( Builtin::$variant $(($sample))?, )* ];

            /// Its declaration.
            pub fn def(self) -> &'static Def {
                match self {
                    $( Builtin::$variant { .. } => {
                        const DEF: Def = Def {
                            name: $name,
                            ir: $ir,
                            params: &[$(Param::$param),*],
                            result: Ret::$result,
                            eval: $eval,
                            example: $example,
                        };
                        &DEF
                    } )*
                }
            }
        }
    };
}

builtins! {
    /// `MAP(p, x, y)`: the distance in moves of p from x to y, 2n when y is unreachable.
    Map(MapTable = MapTable::From) {
        name: Some("MAP"),
        ir: "MAP",
        params: [Piece, Point, Point],
        result: Int,
        eval: |ev, op, a, _| {
            let world = ev.world.get();
            let (x, y) = (a[1].point(), a[2].point());
            let table = op.table().expect("MAP reads a table");
            let (origin, other) = match table {
                MapTable::From => (x, y),
                MapTable::To => (y, x),
            };
            let m = world.pieces[a[0].piece() as usize].moves;
            Ok(Value::Int(table_of(ev, &world.kernel, table, m, origin)?.get(other) as i64))
        },
        example: ("MAP(p, h8, h6)", "2"),
    }
    /// `Ring(t)(p, a, k)`: the points at distance k from a (`From`) or to a (`To`), in the
    /// enumeration of X (comprehensions narrowed by [`super::narrow`]).
    Ring(MapTable = MapTable::From) {
        name: None,
        ir: "Ring",
        params: [Piece, Point, Int],
        result: Points,
        eval: |ev, op, a, _| {
            let world = ev.world.get();
            let table = op.table().expect("a ring reads a table");
            let m = world.pieces[a[0].piece() as usize].moves;
            let map = table_of(ev, &world.kernel, table, m, a[1].point())?;
            let k = a[2].int();
            Ok(points_where(map.distances(), |d| i64::from(d) == k))
        },
        example: ("{ v in X | MAP(p, a1, v) == 1 }", "{a2, b1, b2}"),
    }
    /// `Ellipse(p, a, b, l)`: the points v with `MAP(p, a, v) + MAP(p, v, b) = l`.
    Ellipse {
        name: None,
        ir: "Ellipse",
        params: [Piece, Point, Point, Int],
        result: Points,
        eval: |ev, _, a, _| {
            let world = ev.world.get();
            let m = world.pieces[a[0].piece() as usize].moves;
            world.kernel.ensure(m).map_err(|e| ev.ctx.too_large(&e))?;
            let from = world.kernel.map(m, a[1].point()).distances();
            let to = world.kernel.map_to(m, a[2].point()).distances();
            let l = a[3].int();
            Ok(Value::Set(
                from.iter()
                    .zip(to)
                    .enumerate()
                    .filter(|&(_, (&f, &t))| i64::from(f) + i64::from(t) == l)
                    .map(|(i, _)| Value::Point(Point(i as u32)))
                    .collect(),
            ))
        },
        example: ("{ v in X | MAP(p, a1, v) + MAP(p, v, a3) == 2 }", "{a1, a2, a3, b2}"),
    }
    /// `SuccessorsAt(t)(p, x, q, a, k)`: the one-move successors v of x for p whose distance
    /// for q from a (`From`) or to a (`To`) is k.
    SuccessorsAt(MapTable = MapTable::From) {
        name: None,
        ir: "SuccessorsAt",
        params: [Piece, Point, Piece, Point, Int],
        result: Points,
        eval: |ev, op, a, _| {
            let world = ev.world.get();
            let table = op.table().expect("SuccessorsAt reads a table");
            let pieces = &world.pieces;
            let moves = pieces[a[0].piece() as usize].moves;
            world.kernel.ensure(moves).map_err(|e| ev.ctx.too_large(&e))?;
            let succ = world
                .kernel
                .relation(pieces[a[0].piece() as usize].moves)
                .successors(a[1].point());
            let m = pieces[a[2].piece() as usize].moves;
            let map = table_of(ev, &world.kernel, table, m, a[3].point())?;
            let k = a[4].int();
            Ok(Value::Set(
                succ.iter()
                    .filter(|&&v| i64::from(map.get(v)) == k)
                    .map(|&v| Value::Point(v))
                    .collect(),
            ))
        },
        example: ("{ v in R(p, a1) | MAP(p, v, a3) == 1 }", "{a2, b2}"),
    }
    /// `R(p, x)`: the one-move successors of x.
    Successors {
        name: Some("R"),
        ir: "R",
        params: [Piece, Point],
        result: Points,
        eval: |ev, _, a, _| {
            let world = ev.world.get();
            let m = world.pieces[a[0].piece() as usize].moves;
            let succ = world.kernel.relation(m).successors(a[1].point());
            Ok(Value::Set(succ.iter().map(|&p| Value::Point(p)).collect()))
        },
        example: ("R(p, a1)", "{a2, b1, b2}"),
    }
    /// `R(p, x, y)`: p moves from x to y in one step.
    Relation {
        name: Some("R"),
        ir: "R",
        params: [Piece, Point, Point],
        result: Bool,
        eval: |ev, _, a, _| {
            let world = ev.world.get();
            let m = world.pieces[a[0].piece() as usize].moves;
            Ok(Value::Bool(world.kernel.relation(m).contains(a[1].point(), a[2].point())))
        },
        example: ("R(p, a1, b2) and not R(p, a1, c3)", "true"),
    }
    /// `ON(q)`: where placed piece q stands.
    On {
        name: Some("ON"),
        ir: "ON",
        params: [Piece],
        result: Point,
        eval: |ev, _, a, span| {
            let world = ev.world.get();
            let piece = &world.pieces[a[0].piece() as usize];
            match piece.at {
                Some(p) => Ok(Value::Point(p)),
                None if (a[0].piece() as usize) < world.placed => Err(ev
                    .err(format!("piece {} was captured in this state", piece.name), span)
                    .with_note("PIECES holds the pieces still on the board")),
                None => Err(ev
                    .err(format!("piece {} is not on the board", piece.name), span)
                    .with_note("ON needs a placed piece: name one of the scenario's pieces")),
            }
        },
        example: ("ON(q)", "a6"),
    }
    /// `OPPOSE(p, q)`: p and q are of different sides.
    Oppose {
        name: Some("OPPOSE"),
        ir: "OPPOSE",
        params: [Piece, Piece],
        result: Bool,
        eval: |ev, _, a, _| {
            let pieces = &ev.world.get().pieces;
            Ok(Value::Bool(
                pieces[a[0].piece() as usize].side != pieces[a[1].piece() as usize].side,
            ))
        },
        example: ("OPPOSE(p, q) and not OPPOSE(p, p)", "true"),
    }
    /// `TARGET(p, y)`: an opposing piece stands on y, or y is a goal point for p (decision A14,
    /// docs/semantics.md §10).
    Target {
        name: Some("TARGET"),
        ir: "TARGET",
        params: [Piece, Point],
        result: Bool,
        eval: |ev, _, a, _| {
            let world = ev.world.get();
            let p = a[0].piece() as usize;
            let y = a[1].point();
            // Pieces given by type only are not in the scenario: only opposing pieces count.
            let target = if p < world.placed {
                match world.in_scenario[p] {
                    Some(i) => world.scenario.is_target(i, y),
                    None => false,
                }
            } else {
                world.pieces[..world.placed]
                    .iter()
                    .any(|q| q.at == Some(y) && q.side != world.pieces[p].side)
            };
            Ok(Value::Bool(target))
        },
        example: ("TARGET(p, a6) and not TARGET(p, a5)", "true"),
    }
    /// `RA(p, x, y)`: p removes a piece on y from x in one step (its attack relation, decision A13
    /// of docs/semantics.md §10).
    AttackRelation {
        name: Some("RA"),
        ir: "RA",
        params: [Piece, Point, Point],
        result: Bool,
        eval: |ev, _, a, _| {
            let world = ev.world.get();
            let m = world.pieces[a[0].piece() as usize].attacks;
            Ok(Value::Bool(world.kernel.relation(m).contains(a[1].point(), a[2].point())))
        },
        example: ("RA(p, a1, b2) and not RA(p, a1, c3)", "true"),
    }
    /// `ATTACKS(p)`: p's type removes a piece by other steps than it moves by (a pawn's attack
    /// vectors, a checkers man's jumps: [`crate::piece::PieceType::attacks_apart`]).
    SeparateAttack {
        name: Some("ATTACKS"),
        ir: "ATTACKS",
        params: [Piece],
        result: Bool,
        eval: |ev, _, a, _| {
            let world = ev.world.get();
            let p = &world.pieces[a[0].piece() as usize];
            Ok(Value::Bool(world.scenario.types[p.type_index].attacks_apart()))
        },
        example: ("ATTACKS(p)", "false"),
    }
    /// `single(x)`: the trajectory of the one stop x.
    Single {
        name: Some("single"),
        ir: "single",
        params: [Point],
        result: Trajectory,
        eval: |_, _, a, _| Ok(Value::Trajectory(List::from([a[0].point()]))),
        example: ("len(single(a1))", "0"),
    }
    /// `append(t, y)`: t with the stop y added at its end.
    Append {
        name: Some("append"),
        ir: "append",
        params: [Trajectory, Point],
        result: Trajectory,
        eval: |_, _, a, _| {
            let mut t = a[0].trajectory().to_vec();
            t.push(a[1].point());
            Ok(Value::Trajectory(t.into()))
        },
        example: ("append(single(a1), b2)[1]", "b2"),
    }
    /// `side(q)`: `white` or `black`.
    Side {
        name: Some("side"),
        ir: "side",
        params: [Piece],
        result: Side,
        eval: |ev, _, a, _| {
            let p = &ev.world.get().pieces[a[0].piece() as usize];
            Ok(Value::Enum(super::check::SIDE_ENUM as u16, p.side as u16))
        },
        example: ("side(q)", "black"),
    }
    /// `value(q)`: the piece type's value, an error if it is not whole.
    Value {
        name: Some("value"),
        ir: "value",
        params: [Piece],
        result: Int,
        eval: |ev, _, a, span| {
            let p = &ev.world.get().pieces[a[0].piece() as usize];
            let v = p.value;
            if v.fract() != 0.0 {
                return Err(ev.err(
                    format!("the value {v} of {} is not a whole number", p.name),
                    span,
                ));
            }
            Ok(Value::Int(v as i64))
        },
        example: ("value(r)", "1"),
    }
    /// `ord(x)`: the point's number, 1..n.
    Ord {
        name: Some("ord"),
        ir: "ord",
        params: [Point],
        result: Int,
        eval: |_, _, a, _| Ok(Value::Int(a[0].point().number() as i64)),
        example: ("ord(b1)", "2"),
    }
    /// `size(S)`: how many members S has.
    Size {
        name: Some("size"),
        ir: "size",
        params: [Set],
        result: Int,
        eval: |_, _, a, _| Ok(Value::Int(a[0].set().len() as i64)),
        example: ("size({a1, b1, a1})", "2"),
    }
    /// `len(t)`: the moves of trajectory t (its stops less one).
    Len {
        name: Some("len"),
        ir: "len",
        params: [Trajectory],
        result: Int,
        eval: |_, _, a, _| Ok(Value::Int(a[0].trajectory().len() as i64 - 1)),
        example: ("len(append(single(a1), b2))", "1"),
    }
    /// `min(S)`: the least member, an error on `{}`.
    MinSet {
        name: Some("min"),
        ir: "min",
        params: [Set],
        result: Element,
        eval: |ev, _, a, span| match a[0].set().first() {
            Some(v) => Ok(v.clone()),
            None => Err(ev.err("min and max of an empty set are undefined", span)),
        },
        example: ("min({3, 1, 2})", "1"),
    }
    /// `max(S)`: the greatest member, an error on `{}`.
    MaxSet {
        name: Some("max"),
        ir: "max",
        params: [Set],
        result: Element,
        eval: |ev, _, a, span| match a[0].set().last() {
            Some(v) => Ok(v.clone()),
            None => Err(ev.err("min and max of an empty set are undefined", span)),
        },
        example: ("max({3, 1, 2})", "3"),
    }
    /// `min(a, b)` of two ints.
    Min2 {
        name: Some("min"),
        ir: "min",
        params: [Int, Int],
        result: Int,
        eval: |_, _, a, _| Ok(Value::Int(a[0].int().min(a[1].int()))),
        example: ("min(4, -2)", "-2"),
    }
    /// `max(a, b)` of two ints.
    Max2 {
        name: Some("max"),
        ir: "max",
        params: [Int, Int],
        result: Int,
        eval: |_, _, a, _| Ok(Value::Int(a[0].int().max(a[1].int()))),
        example: ("max(4, -2)", "4"),
    }
    /// `first(t)`: the trajectory's first stop, `t[0]`.
    First {
        name: Some("first"),
        ir: "first",
        params: [Trajectory],
        result: Point,
        eval: |_, _, a, _| Ok(Value::Point(a[0].trajectory()[0])),
        example: ("first(append(single(a1), b2))", "a1"),
    }
    /// `last(t)`: its last stop, `t[len(t)]`.
    Last {
        name: Some("last"),
        ir: "last",
        params: [Trajectory],
        result: Point,
        eval: |_, _, a, _| {
            Ok(Value::Point(*a[0].trajectory().last().expect("a trajectory has a start")))
        },
        example: ("last(append(single(a1), b2))", "b2"),
    }
    /// The set of stops of a trajectory.
    Stops {
        name: Some("stops"),
        ir: "stops",
        params: [Trajectory],
        result: Points,
        eval: |_, _, a, _| {
            Ok(Value::set_from(a[0].trajectory().iter().map(|&p| Value::Point(p)).collect()))
        },
        example: ("stops(append(append(single(b1), a1), b1))", "{a1, b1}"),
    }
    /// `START`: the state of the scenario's position.
    Start {
        name: None,
        ir: "START",
        params: [],
        result: State,
        eval: |ev, _, _, span| Ok(Value::State(ev.states(span)?.start())),
        example: ("START == START and TURN(START) == white", "true"),
    }
    /// `TURN(s)`: the side to move in state s.
    Turn {
        name: Some("TURN"),
        ir: "TURN",
        params: [State],
        result: Side,
        eval: |ev, _, a, span| {
            let states = ev.states(span)?;
            let side = states.turn(a[0].state());
            Ok(Value::Enum(super::check::SIDE_ENUM as u16, side as u16))
        },
        example: ("TURN(PASS(START))", "black"),
    }
    /// `OVER(s)`: the game is over in s.
    Over {
        name: Some("OVER"),
        ir: "OVER",
        params: [State],
        result: Bool,
        eval: |ev, _, a, span| Ok(Value::Bool(ev.states(span)?.outcome(a[0].state()).is_some())),
        example: ("OVER(START)", "false"),
    }
    /// `OUTCOME(s)`: how it ended, from White's side (1, 0, −1); an error if it is not over.
    Outcome {
        name: Some("OUTCOME"),
        ir: "OUTCOME",
        params: [State],
        result: Int,
        eval: |ev, _, a, span| match ev.states(span)?.outcome(a[0].state()) {
            Some(v) => Ok(Value::Int(v)),
            None => Err(ev
                .err("OUTCOME of a game that is not over", span)
                .with_note("ask OVER(s) first")),
        },
        example: ("OUTCOME(TRANSITION(START, p, a1, b2))", "1"),
    }
    /// `MOVES(s)`: the legal moves of s other than a pass, as (piece, from, to).
    Moves {
        name: Some("MOVES"),
        ir: "MOVES",
        params: [State],
        result: Moves,
        eval: |ev, _, a, span| {
            let moves = ev.states(span)?.moves(a[0].state());
            Ok(Value::set_from(
                moves
                    .into_iter()
                    .map(|(p, x, y)| {
                        Value::Tuple(List::from([
                            Value::Piece(p),
                            Value::Point(x),
                            Value::Point(y),
                        ]))
                    })
                    .collect(),
            ))
        },
        example: ("MOVES(START)", "{(p, a1, a2), (p, a1, b1), (p, a1, b2)}"),
    }
    /// `MUSTPASS(s)`: the rules leave the side to move no move but a pass.
    MustPass {
        name: Some("MUSTPASS"),
        ir: "MUSTPASS",
        params: [State],
        result: Bool,
        eval: |ev, _, a, span| Ok(Value::Bool(ev.states(span)?.must_pass(a[0].state()))),
        example: ("MUSTPASS(START)", "false"),
    }
    /// `PASSED(s)`: the move into s was a pass.
    Passed {
        name: Some("PASSED"),
        ir: "PASSED",
        params: [State],
        result: Bool,
        eval: |ev, _, a, span| Ok(Value::Bool(ev.states(span)?.passed(a[0].state()))),
        example: ("PASSED(PASS(START)) and not PASSED(START)", "true"),
    }
    /// `PASS(s)`: the state after the side to move passes.
    Pass {
        name: Some("PASS"),
        ir: "PASS",
        params: [State],
        result: State,
        eval: |ev, _, a, span| {
            let s = ev.states(span)?.pass(a[0].state()).map_err(|e| ev.err(e.to_string(), span))?;
            Ok(Value::State(s))
        },
        example: ("PASS(START) != START", "true"),
    }
    /// `TRANSITION(s, p, x, y)`: the state after p moves from x to y (a capture removes the
    /// piece on y); an error if the move is not legal in s.
    Transition {
        name: Some("TRANSITION"),
        ir: "TRANSITION",
        params: [State, Piece, Point, Point],
        result: State,
        eval: |ev, _, a, span| {
            let states = ev.states(span)?;
            let s = states
                .transition(a[0].state(), a[1].piece(), a[2].point(), a[3].point())
                .map_err(|e| ev.err(e.to_string(), span))?;
            Ok(Value::State(s))
        },
        example: ("TURN(TRANSITION(START, p, a1, a2))", "black"),
    }
}

impl Builtin {
    /// The distance table a built-in reads, for those that read one.
    pub fn table(self) -> Option<MapTable> {
        match self {
            Builtin::Map(t) | Builtin::Ring(t) | Builtin::SuccessorsAt(t) => Some(t),
            _ => None,
        }
    }

    /// Its name in IR dumps, with the table it reads (`MAP.to`).
    pub fn ir_name(self) -> String {
        match self.table() {
            Some(MapTable::From) => format!("{}.from", self.def().ir),
            Some(MapTable::To) => format!("{}.to", self.def().ir),
            None => self.def().ir.to_string(),
        }
    }

    /// The built-ins a grammar file calls by `name`, in the table's order.
    pub fn named(name: &str) -> impl Iterator<Item = Builtin> + '_ {
        Builtin::ALL
            .iter()
            .copied()
            .filter(move |b| b.def().name == Some(name))
    }
}

/// The names a grammar file calls built-ins by, besides the table's: spellings the checker
/// writes as other IR (`nth(S, k)` is an index, `pick` an [`Ex::Pick`](super::ir::Ex::Pick)).
pub const SPELLINGS: &[&str] = &["nth", "pick"];

/// Every name a grammar file calls a built-in by (once each, in the table's order, then the
/// spellings).
pub fn names() -> impl Iterator<Item = &'static str> {
    let mut seen: Vec<&'static str> = Vec::new();
    Builtin::ALL
        .iter()
        .filter_map(|b| b.def().name)
        .chain(SPELLINGS.iter().copied())
        .filter(move |n| {
            let new = !seen.contains(n);
            seen.push(n);
            new
        })
}

/// Whether `name` is a built-in's (which no grammar item may take).
pub fn is_builtin(name: &str) -> bool {
    SPELLINGS.contains(&name) || Builtin::named(name).next().is_some()
}

/// The most arguments a built-in takes.
pub const MAX_ARGS: usize = 5;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grammar::Grammar;

    /// A grammar deriving `t(expr)` (see tests/it/grammar_builtins.rs for the examples' runs).
    fn grammar(expr: &str) -> String {
        format!(
            "input p: piece\nstart S()\nterminal t(k: bool)\nnonterminal S()\n\
             productions\n  1 | true | S() -> t({expr}) | | {{}} | {{}}\n"
        )
    }

    /// The names a grammar calls built-ins by are those the language documents
    /// (docs/grammar-language.md §2), each once.
    #[test]
    fn the_names_are_the_documented_ones() {
        let mut names: Vec<&str> = names().collect();
        let count = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), count, "a name listed twice");
        let mut documented = [
            "MAP",
            "R",
            "RA",
            "ATTACKS",
            "single",
            "append",
            "ON",
            "OPPOSE",
            "TARGET",
            "side",
            "value",
            "ord",
            "size",
            "len",
            "min",
            "max",
            "first",
            "last",
            "stops",
            "pick",
            "nth",
            "TURN",
            "OVER",
            "OUTCOME",
            "MOVES",
            "MUSTPASS",
            "PASSED",
            "PASS",
            "TRANSITION",
        ];
        documented.sort_unstable();
        assert_eq!(names, documented);
        assert!(is_builtin("MAP") && is_builtin("pick") && !is_builtin("START"));
    }

    /// Every built-in's arguments fit the evaluator's fixed array, and the entries of one name
    /// differ in arity (which is how the checker tells them apart).
    #[test]
    fn arities_fit_and_tell_entries_apart() {
        for &op in Builtin::ALL {
            assert!(op.def().params.len() <= MAX_ARGS, "{op:?}");
            if let Some(name) = op.def().name {
                let same: Vec<Builtin> = Builtin::named(name)
                    .filter(|b| b.def().params.len() == op.def().params.len())
                    .collect();
                assert_eq!(same, [op], "{name}");
            }
        }
        assert_eq!(Builtin::Map(MapTable::To).ir_name(), "MAP.to");
        assert_eq!(Builtin::Size.ir_name(), "size");
    }

    /// What is not in the table is an unknown function, with a did-you-mean; a wrong count of
    /// arguments names the first entry's arity; a wrong type is the checker's usual error.
    #[test]
    fn calls_outside_the_table_keep_their_errors() {
        let error = |expr: &str| {
            Grammar::parse("t.lgg", &grammar(expr))
                .unwrap_err()
                .render()
        };
        let e = error("MAPP(p, X[1], X[2]) == 1");
        assert!(e.contains("unknown function `MAPP`"), "{e}");
        assert!(e.contains("did you mean `MAP`?"), "{e}");
        let e = error("R(p) == {}");
        assert!(e.contains("`R` takes 2 arguments, but 1 is given"), "{e}");
        let e = error("min(1, 2, 3) == 1");
        assert!(e.contains("`min` takes 1 argument, but 3 are given"), "{e}");
        let e = error("size(3) == 1");
        assert!(e.contains("expected a set to range over, found int"), "{e}");
        let e = error("ord(p) == 1");
        assert!(e.contains("expected point, found piece"), "{e}");
        let e = Grammar::parse("t.lgg", "fn MAP() -> int = 1\n")
            .unwrap_err()
            .render();
        assert!(e.contains("`MAP` is built in"), "{e}");
    }
}
