//! The evaluator: a checked program's expressions turned once into closures, so that a
//! derivation step runs them without walking the tree. It is the only evaluator.
//!
//! Each expression becomes a closure of its type: integers, booleans, points and pieces come
//! out unboxed (`MAP(p, x, v) == k` reads the kernel's table and compares two `i64`s; no
//! argument array, no `Value` built or dropped), and only what is a set, a trajectory, a tuple
//! or a vector is a [`Value`]. Locals are read in place, not cloned.
//!
//! What it guarantees, and what the tests hold it to: operands are evaluated left to right,
//! and `and`, `or`, `if` and `pick`'s fallback evaluate only what decides (so an error on a
//! side not taken never arises); an error is reported at the span of the node that caused it
//! (overflow and division at the operator, a bad index at the index, a call too deep at the
//! call); set-builders, quantifiers and vectors charge `--max-iterations` for their whole
//! domain before going over it, and each call not answered from a memo table charges one;
//! memoised functions go through the tables of `Eval::finish_call`. A built-in computed unboxed
//! here (MAP, R, RA, OPPOSE, size, ord, min/max of two) gives what its entry in
//! [`super::builtin`] gives; `tests/it/grammar_builtins.rs` runs every entry's example. The
//! derivation is deterministic: the same grammar and inputs give the same language, steps
//! and trace, whichever of `derive`, `derive_stream` or `forest` reads it.

use std::cell::OnceCell;
use std::rc::Rc;

use super::builtin::Ret;
use super::eval::{Eval, RunError, SetOp, WorldRef, input_position, merge, table_of};
use super::ir::*;
use super::point_plan::PointPlan;
use super::value::{Hashed, Value};
use crate::board::Point;
use crate::syntax::Span;

/// An expression's closure, giving a value of type `T`.
pub(super) type Code<T = Value> = Box<dyn Fn(&mut Eval<'_, '_>) -> Result<T, RunError>>;

/// A program's expressions, in the order the derivation engine reaches them.
pub struct Compiled {
    /// Per function, its body.
    pub(super) functions: Vec<Code>,
    pub(super) rows: Vec<RowCode>,
    /// Per global, its initialiser.
    pub(super) inits: Vec<Option<Code>>,
    /// The start string's arguments, when the start gives them.
    pub(super) start: Option<Vec<Code>>,
}

pub(super) struct RowCode {
    pub condition: Code<bool>,
    pub range: Option<Code>,
    /// Per symbol of the right side, its arguments.
    pub rhs: Vec<Vec<Code>>,
    pub assigns: Vec<AssignCode>,
}

pub(super) enum AssignCode {
    Whole(Code),
    /// A per-point assignment, split by what depends on the point.
    Each(PointPlan),
}

/// The compiled form of a program, made the first time a run asks for it.
#[derive(Clone, Default)]
pub struct CodeCache(OnceCell<Rc<Compiled>>);

impl std::fmt::Debug for CodeCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("CodeCache")
    }
}

impl Program {
    /// The program's expressions, compiled (on first use).
    pub fn code(&self) -> Rc<Compiled> {
        self.code
            .0
            .get_or_init(|| Rc::new(Compiler::new(self).program()))
            .clone()
    }
}

/// What an expression is known to give, from its form alone (the checker has made sure it is
/// what its place needs; a local's type is not kept in the IR, so a local is `Other`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Int,
    Bool,
    Point,
    Piece,
    Other,
}

pub(super) struct Compiler<'p> {
    program: &'p Program,
    /// How deep the expression being compiled is nested.
    depth: std::cell::Cell<usize>,
}

impl<'p> Compiler<'p> {
    pub(super) fn new(program: &'p Program) -> Self {
        Compiler {
            program,
            depth: std::cell::Cell::new(0),
        }
    }

    /// Compiles a subexpression on a stack with room (inlining can nest expressions deeper
    /// than the parser allows), and every 64 levels makes its closure look at the stack when
    /// it runs (as calls and imports always do), so deep nesting never overflows it.
    fn nested<T: 'static>(&self, compile: impl FnOnce() -> Code<T>) -> Code<T> {
        let depth = self.depth.get();
        self.depth.set(depth + 1);
        let code = crate::memory::grow(compile);
        self.depth.set(depth);
        if depth % 64 == 63 {
            Box::new(move |ev| ev.guarded(|ev| code(ev)))
        } else {
            code
        }
    }

    fn program(&self) -> Compiled {
        let p = self.program;
        Compiled {
            functions: p.functions.iter().map(|f| self.site(&f.body)).collect(),
            rows: p.rows.iter().map(|r| self.row(r)).collect(),
            inits: p
                .globals
                .iter()
                .map(|g| g.init.as_ref().map(|e| self.site(e)))
                .collect(),
            start: p
                .start
                .body
                .as_ref()
                .map(|args| args.iter().map(|a| self.site(a)).collect()),
        }
    }

    fn row(&self, r: &Row) -> RowCode {
        let global_of = |var: usize| {
            self.program
                .globals
                .iter()
                .position(|g| g.var_index == Some(var))
        };
        RowCode {
            condition: self.site_bool(&r.condition),
            range: r.range.as_ref().map(|e| self.site(e)),
            rhs: r
                .rhs
                .iter()
                .map(|(_, args)| args.iter().map(|a| self.site(a)).collect())
                .collect(),
            assigns: r
                .assigns
                .iter()
                .map(|a| match &a.kind {
                    AssignKind::Whole(e) => AssignCode::Whole(self.site(e)),
                    AssignKind::Each { slot, value } => {
                        AssignCode::Each(PointPlan::new(value, *slot, global_of(a.var), self))
                    }
                })
                .collect(),
        }
    }

    /// An expression the engine evaluates (an argument, a body, an initialiser), as a value.
    pub(super) fn site(&self, e: &Ex) -> Code {
        self.value(e)
    }

    /// A condition the engine evaluates, unboxed.
    pub(super) fn site_bool(&self, e: &Ex) -> Code<bool> {
        self.bool(e)
    }

    fn kind(&self, e: &Ex) -> Kind {
        match e {
            Ex::Const(v) => match v {
                Value::Int(_) => Kind::Int,
                Value::Bool(_) => Kind::Bool,
                Value::Point(_) => Kind::Point,
                Value::Piece(_) => Kind::Piece,
                _ => Kind::Other,
            },
            Ex::Global(g) => of_type(&self.program.globals[*g as usize].ty),
            Ex::Call { func, .. } => of_type(&self.program.functions[*func as usize].result),
            Ex::Board(BoardValue::N) => Kind::Int,
            Ex::Builtin { op, .. } => match op.def().result {
                Ret::Int => Kind::Int,
                Ret::Bool => Kind::Bool,
                Ret::Point => Kind::Point,
                _ => Kind::Other,
            },
            Ex::Binary { op, .. } => match op {
                Op::Add | Op::Sub | Op::Mul | Op::Div | Op::Mod => Kind::Int,
                Op::Union | Op::Inter | Op::Diff => Kind::Other,
                _ => Kind::Bool,
            },
            Ex::Not(_) | Ex::Quantified { .. } => Kind::Bool,
            Ex::Index {
                kind: IndexKind::TrajectoryStop,
                ..
            } => Kind::Point,
            Ex::If(_, a, b) => match self.kind(a) {
                Kind::Other => self.kind(b),
                k => k,
            },
            Ex::Let(_, _, body) => self.kind(body),
            _ => Kind::Other,
        }
    }

    /// Any expression, as a value.
    fn value(&self, e: &Ex) -> Code {
        self.nested(|| self.value_here(e))
    }

    fn value_here(&self, e: &Ex) -> Code {
        match e {
            Ex::Const(v) => {
                let v = v.clone();
                Box::new(move |_| Ok(v.clone()))
            }
            Ex::Local(s) => {
                let s = *s as usize;
                Box::new(move |ev| Ok(ev.stack[ev.base + s].clone()))
            }
            Ex::Global(g) => {
                let g = *g;
                Box::new(move |ev| ev.global(g))
            }
            Ex::Board(b) => match b {
                BoardValue::N => {
                    Box::new(|ev| Ok(Value::Int(ev.ctx.shared.world.board().len() as i64)))
                }
                BoardValue::Points => Box::new(|ev| Ok(ev.ctx.shared.points.clone())),
                BoardValue::Pieces => Box::new(|ev| Ok(ev.world.get().piece_set.clone())),
            },
            Ex::Call { func, args, span } => self.call(*func, args, span),
            Ex::Binary { op, .. } if matches!(op, Op::Union | Op::Inter | Op::Diff) => {
                let Ex::Binary { lhs, rhs, .. } = e else {
                    unreachable!()
                };
                let (a, b) = (self.value(lhs), self.value(rhs));
                let op = match op {
                    Op::Union => SetOp::Union,
                    Op::Inter => SetOp::Inter,
                    _ => SetOp::Diff,
                };
                Box::new(move |ev| {
                    let a = a(ev)?;
                    let b = b(ev)?;
                    Ok(Value::Set(merge(a.set(), b.set(), op)))
                })
            }
            Ex::Index {
                kind,
                base,
                index,
                span,
            } => self.index(*kind, base, index, span),
            Ex::Field(x, k) => self.field(x, *k),
            Ex::Within { state, body, span } => self.within_state(state, body, span),
            Ex::Builtin { op, args, span } => self.builtin(*op, args, span),
            Ex::Language {
                import,
                shape,
                start,
                inputs,
                span,
            } => self.language(*import, *shape, start, inputs, span),
            Ex::If(c, a, b) => {
                let (c, a, b) = (self.bool(c), self.value(a), self.value(b));
                Box::new(move |ev| if c(ev)? { a(ev) } else { b(ev) })
            }
            Ex::Let(..) => self.let_of(e, Self::value),
            Ex::Tuple(_) if let Some(v) = constant(e) => Box::new(move |_| Ok(v.clone())),
            Ex::Tuple(items) => {
                let items: Vec<Code> = items.iter().map(|i| self.value(i)).collect();
                // The parts are evaluated onto the stack above the frame (as a call's
                // arguments are), then a recent tuple with equal parts is shared or a new one
                // made ([`super::tuples`]): no allocation when one is found.
                Box::new(move |ev| {
                    let frame = push_all(ev, &items)?;
                    Ok(Value::Tuple(ev.tuple_of_stack(frame)))
                })
            }
            Ex::SetLiteral(items) => self.set_literal(items),
            Ex::Range(a, b, span) => self.range(a, b, span),
            Ex::Comprehension {
                element,
                clauses,
                span,
            } => {
                let emit = self.clauses(clauses, element, span);
                Box::new(move |ev| {
                    let mut out = Vec::new();
                    emit(ev, &mut out)?;
                    Ok(Value::set_from(out))
                })
            }
            Ex::VectorBuild { slot, body, span } => self.vector_build(*slot, body, span),
            Ex::Pick {
                set,
                index,
                fallback,
                report,
                span,
            } => self.pick(set, index, fallback.as_deref(), *report, span),
            _ => self.boxed_scalar(e),
        }
    }

    /// What has a scalar type, compiled unboxed and boxed here.
    fn boxed_scalar(&self, e: &Ex) -> Code {
        match self.kind(e) {
            Kind::Int => {
                let c = self.int(e);
                Box::new(move |ev| Ok(Value::Int(c(ev)?)))
            }
            Kind::Bool => {
                let c = self.bool(e);
                Box::new(move |ev| Ok(Value::Bool(c(ev)?)))
            }
            Kind::Point => {
                let c = self.point(e);
                Box::new(move |ev| Ok(Value::Point(c(ev)?)))
            }
            Kind::Piece | Kind::Other => {
                unreachable!("every other expression is compiled above: {e:?}")
            }
        }
    }

    /// `x.k`: a part of a tuple, read straight off the stack where the tuple is a local.
    fn field(&self, x: &Ex, k: usize) -> Code {
        match *x {
            Ex::Local(s) => {
                let s = s as usize;
                Box::new(move |ev| Ok(ev.stack[ev.base + s].tuple()[k].clone()))
            }
            ref x => {
                let x = self.value(x);
                Box::new(move |ev| Ok(x(ev)?.tuple()[k].clone()))
            }
        }
    }

    /// `within s: body`: the body evaluated in the world of the state s, the outer world put back after.
    fn within_state(&self, state: &Ex, body: &Ex, span: &Span) -> Code {
        let (state, body, span) = (self.value(state), self.value(body), span.clone());
        Box::new(move |ev| {
            let s = state(ev)?.state();
            let inner = WorldRef::State(ev.states(&span)?.world(s));
            let outer = std::mem::replace(&mut ev.world, inner);
            let result = body(ev);
            ev.world = outer;
            result
        })
    }

    /// An imported grammar's language as a value: its start's arguments and its inputs evaluated, then derived (guarded against recursion).
    fn language(
        &self,
        import: u32,
        shape: Shape,
        start: &[Ex],
        inputs: &[(u32, Ex)],
        span: &Span,
    ) -> Code {
        let imported = &self.program.imports[import as usize].program;
        let count = imported.inputs.len();
        let start: Vec<Code> = start.iter().map(|s| self.value(s)).collect();
        let inputs: Vec<(usize, Code)> = inputs
            .iter()
            .map(|(g, x)| (input_position(imported, *g), self.value(x)))
            .collect();
        let span = span.clone();
        Box::new(move |ev| {
            let mut start_values = Vec::with_capacity(start.len());
            for s in &start {
                start_values.push(s(ev)?);
            }
            let mut input_values = vec![Value::Int(0); count];
            for (position, x) in &inputs {
                input_values[*position] = x(ev)?;
            }
            ev.guarded(|ev| ev.language_of(import, shape, start_values, input_values, &span))
        })
    }

    /// `{a, b, c}`: the items evaluated in order into a set.
    fn set_literal(&self, items: &[Ex]) -> Code {
        let items: Vec<Code> = items.iter().map(|i| self.value(i)).collect();
        Box::new(move |ev| {
            let mut values = Vec::with_capacity(items.len());
            for i in &items {
                values.push(i(ev)?);
            }
            Ok(Value::set_from(values))
        })
    }

    /// `a..b`: the integers between, both included, within the limits on a range.
    fn range(&self, a: &Ex, b: &Ex, span: &Span) -> Code {
        let (a, b, span) = (self.int(a), self.int(b), span.clone());
        Box::new(move |ev| {
            let (a, b) = (a(ev)?, b(ev)?);
            let (a, b) = ev.range_bounds_of(a, b, &span)?;
            Ok(Value::Set((a..=b).map(Value::Int).collect()))
        })
    }

    /// `vector z: body`: the body at every point z of the board, charged one step a point.
    fn vector_build(&self, slot: Slot, body: &Ex, span: &Span) -> Code {
        let (slot, body, span) = (slot as usize, self.value(body), span.clone());
        Box::new(move |ev| {
            let n = ev.ctx.shared.world.board().len();
            ev.ctx.charge(n as u64, &span)?;
            let mut items = imbl::Vector::new();
            for p in 0..n as u32 {
                ev.stack[ev.base + slot] = Value::Point(Point(p));
                items.push_back(body(ev)?);
            }
            Ok(Value::Vector(Hashed::new(items)))
        })
    }

    /// `pick(S, i)`: the i-th member of S (from 1; the last past the end), the fallback or an error on an empty set.
    fn pick(&self, set: &Ex, index: &Ex, fallback: Option<&Ex>, report: bool, span: &Span) -> Code {
        let (set, index) = (self.value(set), self.int(index));
        let fallback = fallback.as_ref().map(|f| self.value(f));
        let span = span.clone();
        Box::new(move |ev| {
            let s = set(ev)?;
            let i = index(ev)?;
            let items = s.set();
            if report {
                ev.saturation = ev.saturation.max(items.len());
            }
            if i < 1 {
                return Err(ev.err(format!("pick counts from 1, not {i}"), &span));
            }
            match items.last() {
                None => match &fallback {
                    Some(f) => f(ev),
                    None => Err(ev.err("pick from an empty set", &span)),
                },
                Some(last) => Ok(items.get(i as usize - 1).unwrap_or(last).clone()),
            }
        })
    }

    fn int(&self, e: &Ex) -> Code<i64> {
        self.nested(|| self.scalar(e, Self::int, Self::int_special))
    }

    /// The int forms compiled unboxed beyond reads, constants, `if` and `let`.
    fn int_special(&self, e: &Ex) -> Option<Code<i64>> {
        Some(match e {
            Ex::Board(BoardValue::N) => Box::new(|ev| Ok(ev.ctx.shared.world.board().len() as i64)),
            Ex::Binary { op, lhs, rhs, span }
                if matches!(op, Op::Add | Op::Sub | Op::Mul | Op::Div | Op::Mod) =>
            {
                let (a, b, span) = (self.int(lhs), self.int(rhs), span.clone());
                let overflow = |ev: &Eval<'_, '_>, span: &Span| ev.err("integer overflow", span);
                match op {
                    Op::Add => Box::new(move |ev| {
                        let (x, y) = (a(ev)?, b(ev)?);
                        x.checked_add(y).ok_or_else(|| overflow(ev, &span))
                    }),
                    Op::Sub => Box::new(move |ev| {
                        let (x, y) = (a(ev)?, b(ev)?);
                        x.checked_sub(y).ok_or_else(|| overflow(ev, &span))
                    }),
                    Op::Mul => Box::new(move |ev| {
                        let (x, y) = (a(ev)?, b(ev)?);
                        x.checked_mul(y).ok_or_else(|| overflow(ev, &span))
                    }),
                    _ => {
                        let div = *op == Op::Div;
                        Box::new(move |ev| {
                            let (x, y) = (a(ev)?, b(ev)?);
                            if y == 0 {
                                return Err(ev.err("division by zero", &span));
                            }
                            // Only `min / -1` overflows (and `min % -1`, which Rust refuses too).
                            let q = if div {
                                x.checked_div_euclid(y)
                            } else {
                                x.checked_rem_euclid(y)
                            };
                            q.ok_or_else(|| overflow(ev, &span))
                        })
                    }
                }
            }
            Ex::Builtin {
                op: Builtin::Map(table),
                args,
                ..
            } => {
                let table = *table;
                let (p, x, y) = (
                    self.piece(&args[0]),
                    self.point(&args[1]),
                    self.point(&args[2]),
                );
                Box::new(move |ev| {
                    let (p, x, y) = (p(ev)?, x(ev)?, y(ev)?);
                    let world = ev.world.get();
                    let (origin, other) = match table {
                        MapTable::From => (x, y),
                        MapTable::To => (y, x),
                    };
                    let m = world.pieces[p as usize].moves;
                    Ok(i64::from(
                        table_of(ev, &world.kernel, table, m, origin)?.get(other),
                    ))
                })
            }
            Ex::Builtin {
                op: Builtin::Size,
                args,
                ..
            } => match args[0] {
                Ex::Local(s) => {
                    let s = s as usize;
                    Box::new(move |ev| Ok(ev.stack[ev.base + s].set().len() as i64))
                }
                ref a => {
                    let a = self.value(a);
                    Box::new(move |ev| Ok(a(ev)?.set().len() as i64))
                }
            },
            Ex::Builtin {
                op: Builtin::Ord,
                args,
                ..
            } => {
                let a = self.point(&args[0]);
                Box::new(move |ev| Ok(a(ev)?.number() as i64))
            }
            Ex::Builtin {
                op: op @ (Builtin::Min2 | Builtin::Max2),
                args,
                ..
            } => {
                let (a, b) = (self.int(&args[0]), self.int(&args[1]));
                if *op == Builtin::Min2 {
                    Box::new(move |ev| Ok(a(ev)?.min(b(ev)?)))
                } else {
                    Box::new(move |ev| Ok(a(ev)?.max(b(ev)?)))
                }
            }
            _ => return None,
        })
    }

    fn bool(&self, e: &Ex) -> Code<bool> {
        self.nested(|| self.scalar(e, Self::bool, Self::bool_special))
    }

    /// The bool forms compiled unboxed beyond reads, constants, `if` and `let`.
    fn bool_special(&self, e: &Ex) -> Option<Code<bool>> {
        Some(match e {
            Ex::Not(x) => {
                let x = self.bool(x);
                Box::new(move |ev| Ok(!x(ev)?))
            }
            Ex::Binary { op, lhs, rhs, .. } => match op {
                // `and` and `or` do not evaluate their right side when the left decides.
                Op::And => {
                    let (a, b) = (self.bool(lhs), self.bool(rhs));
                    Box::new(move |ev| Ok(a(ev)? && b(ev)?))
                }
                Op::Or => {
                    let (a, b) = (self.bool(lhs), self.bool(rhs));
                    Box::new(move |ev| Ok(a(ev)? || b(ev)?))
                }
                Op::Lt | Op::Le | Op::Gt | Op::Ge => {
                    let (a, b) = (self.int(lhs), self.int(rhs));
                    match op {
                        Op::Lt => Box::new(move |ev| Ok(a(ev)? < b(ev)?)),
                        Op::Le => Box::new(move |ev| Ok(a(ev)? <= b(ev)?)),
                        Op::Gt => Box::new(move |ev| Ok(a(ev)? > b(ev)?)),
                        _ => Box::new(move |ev| Ok(a(ev)? >= b(ev)?)),
                    }
                }
                Op::Eq => self.equal(lhs, rhs),
                Op::Ne => {
                    let eq = self.equal(lhs, rhs);
                    Box::new(move |ev| Ok(!eq(ev)?))
                }
                Op::In => self.member(lhs, rhs),
                _ => unreachable!("a boolean operator"),
            },
            Ex::Builtin {
                op: op @ (Builtin::Relation | Builtin::AttackRelation),
                args,
                ..
            } => {
                let attacks = *op == Builtin::AttackRelation;
                let (p, x, y) = (
                    self.piece(&args[0]),
                    self.point(&args[1]),
                    self.point(&args[2]),
                );
                Box::new(move |ev| {
                    let (p, x, y) = (p(ev)?, x(ev)?, y(ev)?);
                    let world = ev.world.get();
                    let piece = &world.pieces[p as usize];
                    let m = if attacks { piece.attacks } else { piece.moves };
                    Ok(world.kernel.relation(m).contains(x, y))
                })
            }
            Ex::Builtin {
                op: Builtin::Oppose,
                args,
                ..
            } => {
                let (a, b) = (self.piece(&args[0]), self.piece(&args[1]));
                Box::new(move |ev| {
                    let (a, b) = (a(ev)?, b(ev)?);
                    let pieces = &ev.world.get().pieces;
                    Ok(pieces[a as usize].side != pieces[b as usize].side)
                })
            }
            Ex::Quantified {
                exists,
                pattern,
                domain,
                body,
                span,
            } => {
                let (exists, pattern, span) = (*exists, pattern.clone(), span.clone());
                let (domain, body) = (self.value(domain), self.bool(body));
                Box::new(move |ev| {
                    let d = domain(ev)?;
                    // Charged for the whole domain, though an answer may come sooner.
                    ev.ctx.charge(d.set().len() as u64, &span)?;
                    for v in d.set().iter() {
                        ev.bind(&pattern, v.clone());
                        if body(ev)? == exists {
                            return Ok(exists);
                        }
                    }
                    Ok(!exists)
                })
            }
            _ => return None,
        })
    }

    fn point(&self, e: &Ex) -> Code<Point> {
        self.nested(|| self.scalar(e, Self::point, Self::point_special))
    }

    /// The point forms compiled unboxed beyond reads, constants, `if` and `let`.
    fn point_special(&self, e: &Ex) -> Option<Code<Point>> {
        Some(match e {
            Ex::Index {
                kind: IndexKind::TrajectoryStop,
                base,
                index,
                span,
            } => {
                let (index, span) = (self.int(index), span.clone());
                let stop = move |ev: &Eval<'_, '_>, t: &[Point], k: i64| {
                    if k < 0 || k as usize >= t.len() {
                        return Err(ev.err(
                            format!("index {k} is out of range 0..{}", t.len() - 1),
                            &span,
                        ));
                    }
                    Ok(t[k as usize])
                };
                match **base {
                    Ex::Local(s) => {
                        let s = s as usize;
                        Box::new(move |ev| {
                            let k = index(ev)?;
                            stop(ev, ev.stack[ev.base + s].trajectory(), k)
                        })
                    }
                    ref b => {
                        let b = self.value(b);
                        Box::new(move |ev| {
                            let t = b(ev)?;
                            let k = index(ev)?;
                            stop(ev, t.trajectory(), k)
                        })
                    }
                }
            }
            _ => return None,
        })
    }

    fn piece(&self, e: &Ex) -> Code<u32> {
        self.nested(|| self.scalar(e, Self::piece, |_, _| None))
    }

    /// A scalar of type `T`: a constant or a local read unboxed in place, `if` and `let` with
    /// their branches and body compiled by `typed`, the forms `special` knows, and anything
    /// else as a value unwrapped.
    fn scalar<T: Scalar>(
        &self,
        e: &Ex,
        typed: fn(&Self, &Ex) -> Code<T>,
        special: fn(&Self, &Ex) -> Option<Code<T>>,
    ) -> Code<T> {
        match e {
            Ex::Const(v) if T::constant(v).is_some() => {
                let v = T::of(v);
                Box::new(move |_| Ok(v))
            }
            Ex::Local(s) => {
                let s = *s as usize;
                Box::new(move |ev| Ok(T::of(&ev.stack[ev.base + s])))
            }
            Ex::If(c, a, b) => {
                let (c, a, b) = (self.bool(c), typed(self, a), typed(self, b));
                Box::new(move |ev| if c(ev)? { a(ev) } else { b(ev) })
            }
            Ex::Let(..) => self.let_of(e, typed),
            e => special(self, e).unwrap_or_else(|| {
                let c = self.value(e);
                Box::new(move |ev| Ok(T::of(&c(ev)?)))
            }),
        }
    }

    /// `let p = v in body`, with the body compiled by `typed`.
    fn let_of<T: 'static>(&self, e: &Ex, typed: fn(&Self, &Ex) -> Code<T>) -> Code<T> {
        let Ex::Let(p, v, body) = e else {
            unreachable!("a let")
        };
        let (v, body) = (self.value(v), typed(self, body));
        match p {
            Pat::Slot(s) => {
                let s = *s as usize;
                Box::new(move |ev| {
                    let x = v(ev)?;
                    ev.stack[ev.base + s] = x;
                    body(ev)
                })
            }
            p => {
                let p = p.clone();
                Box::new(move |ev| {
                    let x = v(ev)?;
                    ev.bind(&p, x);
                    body(ev)
                })
            }
        }
    }

    /// `lhs == rhs`: unboxed where a side's kind is known, in place for a local or constant.
    fn equal(&self, lhs: &Ex, rhs: &Ex) -> Code<bool> {
        let known = match self.kind(lhs) {
            Kind::Other => self.kind(rhs),
            k => k,
        };
        match known {
            Kind::Int => {
                let (a, b) = (self.int(lhs), self.int(rhs));
                Box::new(move |ev| Ok(a(ev)? == b(ev)?))
            }
            Kind::Bool => {
                let (a, b) = (self.bool(lhs), self.bool(rhs));
                Box::new(move |ev| Ok(a(ev)? == b(ev)?))
            }
            Kind::Point => {
                let (a, b) = (self.point(lhs), self.point(rhs));
                Box::new(move |ev| Ok(a(ev)? == b(ev)?))
            }
            Kind::Piece => {
                let (a, b) = (self.piece(lhs), self.piece(rhs));
                Box::new(move |ev| Ok(a(ev)? == b(ev)?))
            }
            Kind::Other => match (constant(lhs), constant(rhs)) {
                (None, Some(c)) => self.equal_constant(lhs, c),
                (Some(c), None) => self.equal_constant(rhs, c),
                _ => {
                    let (a, b) = (self.value(lhs), self.value(rhs));
                    Box::new(move |ev| {
                        let a = a(ev)?;
                        Ok(a == b(ev)?)
                    })
                }
            },
        }
    }

    /// `x == c` for a constant `c` (G_Z's `u == (0, 0, 0)`): compared in place when `x` is a
    /// local, and the constant built once.
    fn equal_constant(&self, x: &Ex, c: Value) -> Code<bool> {
        match *x {
            Ex::Local(s) => {
                let s = s as usize;
                Box::new(move |ev| Ok(ev.stack[ev.base + s] == c))
            }
            ref x => {
                let x = self.value(x);
                Box::new(move |ev| Ok(x(ev)? == c))
            }
        }
    }

    /// `x in S`, looking the member up in place when S is a local.
    fn member(&self, lhs: &Ex, rhs: &Ex) -> Code<bool> {
        let x = match self.kind(lhs) {
            Kind::Point => {
                let p = self.point(lhs);
                Box::new(move |ev: &mut Eval<'_, '_>| Ok(Value::Point(p(ev)?))) as Code
            }
            _ => self.value(lhs),
        };
        match *rhs {
            Ex::Local(s) => {
                let s = s as usize;
                Box::new(move |ev| {
                    let x = x(ev)?;
                    Ok(ev.stack[ev.base + s].set().binary_search(&x).is_ok())
                })
            }
            ref rhs => {
                let set = self.value(rhs);
                Box::new(move |ev| {
                    let x = x(ev)?;
                    Ok(set(ev)?.set().binary_search(&x).is_ok())
                })
            }
        }
    }

    /// A user function's call: the arguments straight into the new frame, then the memo
    /// tables or the compiled body (on a new stack segment when this one runs short).
    fn call(&self, func: u32, args: &[Ex], span: &Span) -> Code {
        let args: Vec<Code> = args.iter().map(|a| self.value(a)).collect();
        let span = span.clone();
        Box::new(move |ev| {
            let frame = push_all(ev, &args)?;
            ev.guarded(|ev| {
                ev.finish_call(func, frame, &span, |ev, f| {
                    // The context outlives the evaluator: its code is read without a count.
                    let ctx = ev.ctx;
                    (ctx.code.functions[f as usize])(ev)
                })
            })
        })
    }

    fn index(&self, kind: IndexKind, base: &Ex, index: &Ex, span: &Span) -> Code {
        let span = span.clone();
        if kind == IndexKind::TrajectoryStop {
            let stop = self.point(&Ex::Index {
                kind,
                base: Box::new(base.clone()),
                index: Box::new(index.clone()),
                span,
            });
            return Box::new(move |ev| Ok(Value::Point(stop(ev)?)));
        }
        if kind == IndexKind::VectorAtPoint {
            let z = self.point(index);
            return match *base {
                Ex::Local(s) => {
                    let s = s as usize;
                    Box::new(move |ev| {
                        let z = z(ev)?;
                        Ok(ev.stack[ev.base + s].vector()[z.index()].clone())
                    })
                }
                ref b => {
                    let b = self.value(b);
                    Box::new(move |ev| {
                        let v = b(ev)?;
                        let z = z(ev)?;
                        Ok(v.vector()[z.index()].clone())
                    })
                }
            };
        }
        let i = self.value(index);
        match *base {
            // A local is read in place; evaluating the index cannot write its slot.
            Ex::Local(s) => {
                let s = s as usize;
                Box::new(move |ev| {
                    let i = i(ev)?;
                    ev.index(kind, &ev.stack[ev.base + s], &i, &span)
                })
            }
            ref b => {
                let b = self.value(b);
                Box::new(move |ev| {
                    let b = b(ev)?;
                    let i = i(ev)?;
                    ev.index(kind, &b, &i, &span)
                })
            }
        }
    }

    fn builtin(&self, op: Builtin, args: &[Ex], span: &Span) -> Code {
        match op {
            Builtin::Map(_) | Builtin::Size | Builtin::Ord | Builtin::Min2 | Builtin::Max2 => {
                let c = self.int(&Ex::Builtin {
                    op,
                    args: args.to_vec(),
                    span: span.clone(),
                });
                return Box::new(move |ev| Ok(Value::Int(c(ev)?)));
            }
            Builtin::Relation | Builtin::AttackRelation | Builtin::Oppose => {
                let c = self.bool(&Ex::Builtin {
                    op,
                    args: args.to_vec(),
                    span: span.clone(),
                });
                return Box::new(move |ev| Ok(Value::Bool(c(ev)?)));
            }
            _ => {}
        }
        // The others through the table's evaluation, their arguments in an array.
        const MAX: usize = super::builtin::MAX_ARGS;
        assert!(
            args.len() <= MAX,
            "a built-in with {} arguments",
            args.len()
        );
        let args: Vec<Code> = args.iter().map(|a| self.value(a)).collect();
        let span = span.clone();
        Box::new(move |ev| {
            let mut values: [Value; MAX] = std::array::from_fn(|_| Value::Int(0));
            for (slot, a) in values.iter_mut().zip(&args) {
                *slot = a(ev)?;
            }
            ev.builtin(op, &values[..args.len()], &span)
        })
    }

    /// The members of `{ element | clauses }`, emitted into a vector.
    #[allow(clippy::type_complexity)]
    fn clauses(
        &self,
        clauses: &[Clause],
        element: &Ex,
        span: &Span,
    ) -> Box<dyn Fn(&mut Eval<'_, '_>, &mut Vec<Value>) -> Result<(), RunError>> {
        let span = span.clone();
        let Some((first, rest)) = clauses.split_first() else {
            let element = self.value(element);
            return Box::new(move |ev, out| {
                out.push(element(ev)?);
                // Repeats are removed only at the end, so this counts them: the set may be
                // smaller, but building it needed this much room.
                ev.check_set_size(out.len() as u64, &span)
            });
        };
        let rest = self.clauses(rest, element, &span);
        match first {
            Clause::Filter(f) => {
                let f = self.bool(f);
                Box::new(move |ev, out| {
                    if f(ev)? {
                        rest(ev, out)?;
                    }
                    Ok(())
                })
            }
            Clause::Generator(p, Ex::Range(a, b, range_span)) => {
                // `k in a..b` goes over the numbers without building the set.
                let (a, b, range_span, p) =
                    (self.int(a), self.int(b), range_span.clone(), p.clone());
                Box::new(move |ev, out| {
                    let (a, b) = (a(ev)?, b(ev)?);
                    let (a, b) = ev.range_bounds_of(a, b, &range_span)?;
                    ev.ctx
                        .charge(b.saturating_sub(a).saturating_add(1).max(0) as u64, &span)?;
                    for k in a..=b {
                        ev.bind(&p, Value::Int(k));
                        rest(ev, out)?;
                    }
                    Ok(())
                })
            }
            Clause::Generator(p, d) => {
                let (d, p) = (self.value(d), p.clone());
                Box::new(move |ev, out| {
                    let d = d(ev)?;
                    ev.ctx.charge(d.set().len() as u64, &span)?;
                    for v in d.set().iter() {
                        ev.bind(&p, v.clone());
                        rest(ev, out)?;
                    }
                    Ok(())
                })
            }
        }
    }
}

/// Evaluates `codes` in order onto the value stack, each value above the one before (a call's
/// arguments, a tuple's parts): the start of the frame they fill, or the first error with the
/// stack cut back to that start.
fn push_all(ev: &mut Eval, codes: &[Code]) -> Result<usize, RunError> {
    let frame = ev.top;
    for code in codes {
        match code(ev) {
            Ok(v) => ev.push_arg(v),
            Err(e) => {
                ev.top = frame;
                return Err(e);
            }
        }
    }
    Ok(frame)
}

fn of_type(t: &super::types::Type) -> Kind {
    use super::types::Type;
    match t {
        Type::Int => Kind::Int,
        Type::Bool => Kind::Bool,
        Type::Point => Kind::Point,
        Type::Piece => Kind::Piece,
        _ => Kind::Other,
    }
}

/// The types compiled unboxed.
trait Scalar: Copy + 'static {
    /// The scalar a value holds (the checker has made sure it does).
    fn of(v: &Value) -> Self;
    /// The scalar of a constant of this type.
    fn constant(v: &Value) -> Option<Self>;
}

impl Scalar for i64 {
    fn of(v: &Value) -> i64 {
        v.int()
    }
    fn constant(v: &Value) -> Option<i64> {
        matches!(v, Value::Int(_)).then(|| v.int())
    }
}

impl Scalar for bool {
    fn of(v: &Value) -> bool {
        v.bool()
    }
    fn constant(v: &Value) -> Option<bool> {
        matches!(v, Value::Bool(_)).then(|| v.bool())
    }
}

impl Scalar for Point {
    fn of(v: &Value) -> Point {
        v.point()
    }
    fn constant(v: &Value) -> Option<Point> {
        matches!(v, Value::Point(_)).then(|| v.point())
    }
}

/// A piece, by its index in the run's piece table.
impl Scalar for u32 {
    fn of(v: &Value) -> u32 {
        v.piece()
    }
    fn constant(v: &Value) -> Option<u32> {
        matches!(v, Value::Piece(_)).then(|| v.piece())
    }
}

/// The value of `e` if it is a constant, or a tuple of constants (built once, not at every
/// evaluation).
fn constant(e: &Ex) -> Option<Value> {
    match e {
        Ex::Const(v) => Some(v.clone()),
        Ex::Tuple(items) => {
            let values: Option<Vec<Value>> = items.iter().map(constant).collect();
            Some(Value::Tuple(values?.into()))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grammar::eval::{Context, Limits, Shared};
    use crate::grammar::world::World;
    use crate::grammar::{Grammar, value::Value};
    use crate::scenario::Scenario;

    /// The built-ins computed unboxed here (MAP both ways, R, RA, OPPOSE, ord, size, min and
    /// max of two) give what their entries in the table give, on every piece and pair of
    /// points of a small board with pieces of both sides: the fast paths are an optimisation,
    /// not a second definition (what the tree walk, which called the entries, used to show).
    #[test]
    fn unboxed_builtins_give_what_their_entries_give() {
        let scenario = Scenario::parse(
            "t.scenario",
            "board 4x4\nwhite rook at a1\nblack knight at b3\nwhite king at d4\n",
        )
        .unwrap_or_else(|e| panic!("{}", e.render()));
        let kernel = scenario.kernel();
        let world = World::new(&scenario, &kernel);
        let g = Grammar::parse(
            "t.lgg",
            "start S()\nterminal t()\nnonterminal S()\n\
             productions\n  1 | true | S() -> t() | | {} | {}\n",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let shared = Shared::new(&world, Limits::default());
        let (ctx, vars) = Context::new(&shared, WorldRef::Base(&world), &g.program, &[], &[])
            .unwrap_or_else(|e| panic!("{e}"));
        let mut ev = Eval::new(&ctx, vars);
        let compiler = Compiler::new(&g.program);
        let mut compared = 0;
        let mut same = |op: Builtin, args: &[Value]| {
            let call = Ex::Builtin {
                op,
                args: args.iter().cloned().map(Ex::Const).collect(),
                span: 0..1,
            };
            let unboxed = compiler.value(&call)(&mut ev).unwrap_or_else(|e| panic!("{e}"));
            let entry = ev
                .builtin(op, args, &(0..1))
                .unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(unboxed, entry, "{op:?} on {args:?}");
            compared += 1;
        };
        let pieces: Vec<Value> = (0..world.pieces.len() as u32).map(Value::Piece).collect();
        let points: Vec<Value> = world.board().points().map(Value::Point).collect();
        assert_eq!((pieces.len(), points.len()), (3, 16));
        for p in &pieces {
            for x in &points {
                for y in &points {
                    for op in [
                        Builtin::Map(MapTable::From),
                        Builtin::Map(MapTable::To),
                        Builtin::Relation,
                        Builtin::AttackRelation,
                    ] {
                        same(op, &[p.clone(), x.clone(), y.clone()]);
                    }
                }
            }
            for q in &pieces {
                same(Builtin::Oppose, &[p.clone(), q.clone()]);
            }
        }
        for x in &points {
            same(Builtin::Ord, std::slice::from_ref(x));
        }
        let sets = [
            Value::set_from(Vec::new()),
            Value::set_from(vec![Value::Int(3), Value::Int(1), Value::Int(3)]),
            Value::set_from(points.clone()),
        ];
        for s in &sets {
            same(Builtin::Size, std::slice::from_ref(s));
        }
        let ints = [i64::MIN, -2, 0, 4, i64::MAX].map(Value::Int);
        for a in &ints {
            for b in &ints {
                same(Builtin::Min2, &[a.clone(), b.clone()]);
                same(Builtin::Max2, &[a.clone(), b.clone()]);
            }
        }
        assert_eq!(compared, 3 * 16 * 16 * 4 + 3 * 3 + 16 + 3 + 2 * 25);
    }
}
