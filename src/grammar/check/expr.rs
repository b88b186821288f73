//! Expressions, patterns and types: names resolved to locals, globals and enum values,
//! operators and calls of functions type-checked and compiled to [`Ex`].

use std::rc::Rc;

use super::{Binding, Checker, SIDE_ENUM, Scope};
use crate::grammar::ast::{
    self, Arg, BinOp, Clause as AstClause, Expr, Pattern, Quantifier, TypeExpr, UnOp,
};
use crate::grammar::builtin::is_builtin;
use crate::grammar::ir::*;
use crate::grammar::types::Type;
use crate::grammar::value::Value;
use crate::syntax::{Diagnostic, Span};

impl<L> Checker<'_, L>
where
    L: FnMut(&str, &Span) -> Result<Rc<Program>, Diagnostic>,
{
    /// Types, patterns and expressions are checked recursively; each level checks that the
    /// stack has room (see [`crate::memory::grow`]), as tall as the parser's limits allow.
    pub(super) fn ty(&mut self, t: &TypeExpr) -> Type {
        crate::memory::grow(|| self.ty_here(t))
    }

    fn ty_here(&mut self, t: &TypeExpr) -> Type {
        match t {
            TypeExpr::Named(n) => match n.node.as_str() {
                "int" => Type::Int,
                "bool" => Type::Bool,
                "point" => Type::Point,
                "piece" => Type::Piece,
                "trajectory" => Type::Trajectory,
                "state" => Type::State,
                other => match self.enum_names.iter().position(|e| e == other) {
                    Some(i) => Type::Enum(i),
                    None if self.maybe_broken(other) => Type::Any,
                    None => {
                        self.error(
                            Diagnostic::new(format!("unknown type `{other}`"), n.span.clone())
                                .with_label("not a type")
                                .with_note("types are int, bool, point, piece, trajectory, state, an enum, (T, U), set<T> and vector<T>"),
                        );
                        Type::Any
                    }
                },
            },
            TypeExpr::Tuple(ts, _) => Type::Tuple(ts.iter().map(|t| self.ty(t)).collect()),
            TypeExpr::Set(t, _) => Type::Set(Box::new(self.ty(t))),
            TypeExpr::Vector(t, _) => Type::Vector(Box::new(self.ty(t))),
        }
    }

    pub(super) fn pattern(&mut self, p: &Pattern, ty: &Type, scope: &mut Scope) -> Pat {
        crate::memory::grow(|| self.pattern_here(p, ty, scope))
    }

    fn pattern_here(&mut self, p: &Pattern, ty: &Type, scope: &mut Scope) -> Pat {
        match p {
            Pattern::Name(n) => Pat::Slot(scope.bind(&n.node, ty.clone())),
            Pattern::Tuple(items, span) => {
                let parts: Vec<Type> = match ty {
                    Type::Tuple(ts) if ts.len() == items.len() => ts.clone(),
                    Type::Any => vec![Type::Any; items.len()],
                    other => {
                        let shown = self.show(other);
                        self.error(
                            Diagnostic::new(
                                format!("a pattern of {} parts cannot match {shown}", items.len()),
                                span.clone(),
                            )
                            .with_label(format!("matched against {shown}")),
                        );
                        vec![Type::Any; items.len()]
                    }
                };
                Pat::Tuple(
                    items
                        .iter()
                        .zip(&parts)
                        .map(|(p, t)| self.pattern(p, t, scope))
                        .collect(),
                )
            }
        }
    }

    pub(super) fn expr(&mut self, e: &Expr, scope: &mut Scope) -> (Ex, Type) {
        crate::memory::grow(|| self.expr_here(e, scope))
    }

    fn expr_here(&mut self, e: &Expr, scope: &mut Scope) -> (Ex, Type) {
        match e {
            Expr::Int(i, _) => (Ex::Const(Value::Int(*i)), Type::Int),
            Expr::Bool(b, _) => (Ex::Const(Value::Bool(*b)), Type::Bool),
            Expr::Name(n) => self.name(n, scope),
            Expr::Call { name, args, span } => self.call(name, args, span, scope),
            Expr::Index { base, index, span } => self.index(base, index, span, scope),
            Expr::Field { base, field, span } => self.field(base, field.node, span, scope),
            Expr::Unary { op, expr, span } => self.unary(op.node, expr, span, scope),
            Expr::Binary { op, lhs, rhs, span } => self.binary(op, lhs, rhs, span, scope),
            Expr::If {
                cond,
                then,
                otherwise,
                span,
            } => self.if_else(cond, then, otherwise, span, scope),
            Expr::Let {
                pattern,
                value,
                body,
                ..
            } => self.let_in(pattern, value, body, scope),
            Expr::Tuple(items, _) => {
                let (exs, tys): (Vec<Ex>, Vec<Type>) =
                    items.iter().map(|i| self.expr(i, scope)).unzip();
                (Ex::Tuple(exs), Type::Tuple(tys))
            }
            Expr::SetLiteral(items, _) => self.set_literal(items, scope),
            Expr::Range { from, to, .. } => self.range(from, to, e.span(), scope),
            Expr::Comprehension {
                element, clauses, ..
            } => self.comprehension(element, clauses, e.span(), scope),
            Expr::Quantified {
                quantifier,
                pattern,
                domain,
                body,
                ..
            } => self.quantified(*quantifier, pattern, domain, body, e.span(), scope),
            Expr::Within { state, body, .. } => self.within(state, body, e.span(), scope),
            Expr::Vector { var, body, .. } => self.vector_build(&var.node, body, e.span(), scope),
        }
    }

    /// `base[index]`: a vector at a point or its number, a trajectory's stop, a set's member.
    fn index(&mut self, base: &Expr, index: &Expr, span: &Span, scope: &mut Scope) -> (Ex, Type) {
        let (b, bt) = self.expr(base, scope);
        let (i, it) = self.expr(index, scope);
        let (kind, ty) = match (&bt, &it) {
            (Type::Vector(t), Type::Point) => (IndexKind::VectorAtPoint, (**t).clone()),
            (Type::Vector(t), Type::Int | Type::Any) => (IndexKind::VectorAtNumber, (**t).clone()),
            (Type::Trajectory, Type::Int | Type::Any) => (IndexKind::TrajectoryStop, Type::Point),
            (Type::Set(t), Type::Int | Type::Any) => (IndexKind::SetMember, (**t).clone()),
            (Type::Any, _) => return self.invalid(),
            _ => {
                let (bt, it) = (self.show(&bt), self.show(&it));
                self.error(
                    Diagnostic::new(format!("cannot index {bt} by {it}"), span.clone())
                        .with_label("bad index")
                        .with_note("vectors are indexed by a point or its number, trajectories and sets by a number"),
                );
                return self.invalid();
            }
        };
        (
            Ex::Index {
                kind,
                base: Box::new(b),
                index: Box::new(i),
                span: span.clone(),
            },
            ty,
        )
    }

    /// `base.field`: a part of a tuple, counted from 0.
    fn field(&mut self, base: &Expr, field: u64, span: &Span, scope: &mut Scope) -> (Ex, Type) {
        let (b, bt) = self.expr(base, scope);
        match bt {
            Type::Tuple(ts) if (field as usize) < ts.len() => (
                Ex::Field(Box::new(b), field as usize),
                ts[field as usize].clone(),
            ),
            Type::Any => self.invalid(),
            other => {
                let shown = self.show(&other);
                self.error(
                    Diagnostic::new(format!("{shown} has no field {}", field), span.clone())
                        .with_label("no such field"),
                );
                self.invalid()
            }
        }
    }

    /// `-expr` or `not expr`.
    fn unary(&mut self, op: UnOp, expr: &Expr, span: &Span, scope: &mut Scope) -> (Ex, Type) {
        let (x, t) = self.expr(expr, scope);
        match op {
            UnOp::Neg => {
                self.expect(&t, &Type::Int, expr.span());
                // `-x` is `0 - x`: one checked subtraction, so `-(min)` is an overflow
                // error at this place, not a silent wrap.
                let neg = Ex::Binary {
                    op: Op::Sub,
                    lhs: Box::new(Ex::Const(Value::Int(0))),
                    rhs: Box::new(x),
                    span: span.clone(),
                };
                (neg, Type::Int)
            }
            UnOp::Not => {
                self.expect(&t, &Type::Bool, expr.span());
                (Ex::Not(Box::new(x)), Type::Bool)
            }
        }
    }

    /// `if cond then a else b`: a condition and two branches of one type.
    fn if_else(
        &mut self,
        cond: &Expr,
        then: &Expr,
        otherwise: &Expr,
        span: &Span,
        scope: &mut Scope,
    ) -> (Ex, Type) {
        let (c, ct) = self.expr(cond, scope);
        self.expect(&ct, &Type::Bool, cond.span());
        let (a, at) = self.expr(then, scope);
        let (b, bt) = self.expr(otherwise, scope);
        if !at.fits(&bt) {
            let (at, bt) = (self.show(&at), self.show(&bt));
            self.error(
                Diagnostic::new(
                    format!("the branches of `if` differ: {at} and {bt}"),
                    span.clone(),
                )
                .with_label("branches of different types"),
            );
        }
        (Ex::If(Box::new(c), Box::new(a), Box::new(b)), at.join(&bt))
    }

    /// `let pattern = value in body`: the names of the pattern bound in the body only.
    fn let_in(
        &mut self,
        pattern: &Pattern,
        value: &Expr,
        body: &Expr,
        scope: &mut Scope,
    ) -> (Ex, Type) {
        let (v, vt) = self.expr(value, scope);
        let mark = scope.mark();
        let p = self.pattern(pattern, &vt, scope);
        let (b, bt) = self.expr(body, scope);
        scope.reset(mark);
        (Ex::Let(p, Box::new(v), Box::new(b)), bt)
    }

    /// `{a, b, c}`: a set holds one type.
    fn set_literal(&mut self, items: &[Expr], scope: &mut Scope) -> (Ex, Type) {
        let mut element = Type::Any;
        let mut exs = Vec::new();
        for i in items {
            let (x, t) = self.expr(i, scope);
            if !t.fits(&element) {
                let (t, e) = (self.show(&t), self.show(&element));
                self.error(
                    Diagnostic::new(
                        format!("a set holds one type: {e} and {t}"),
                        i.span().clone(),
                    )
                    .with_label(format!("this is {t}")),
                );
            }
            element = element.join(&t);
            exs.push(x);
        }
        (Ex::SetLiteral(exs), Type::Set(Box::new(element)))
    }

    /// `from..to`: the integers between, both included.
    fn range(&mut self, from: &Expr, to: &Expr, span: &Span, scope: &mut Scope) -> (Ex, Type) {
        let (a, at) = self.expr(from, scope);
        let (b, bt) = self.expr(to, scope);
        self.expect(&at, &Type::Int, from.span());
        self.expect(&bt, &Type::Int, to.span());
        (
            Ex::Range(Box::new(a), Box::new(b), span.clone()),
            Type::Set(Box::new(Type::Int)),
        )
    }

    /// `{ element | clauses }`: generators bind loop names for the filters after them and the element.
    fn comprehension(
        &mut self,
        element: &Expr,
        clauses: &[AstClause],
        span: &Span,
        scope: &mut Scope,
    ) -> (Ex, Type) {
        let mark = scope.mark();
        let mut out = Vec::new();
        for c in clauses {
            match c {
                AstClause::Generator { pattern, domain } => {
                    let (d, dt) = self.expr(domain, scope);
                    let element = self.element_type(&dt, domain.span());
                    let before = scope.next;
                    let p = self.pattern(pattern, &element, scope);
                    scope.loops.extend(before..scope.next);
                    out.push(Clause::Generator(p, d));
                }
                AstClause::Filter(f) => {
                    let (x, t) = self.expr(f, scope);
                    self.expect(&t, &Type::Bool, f.span());
                    out.push(Clause::Filter(x));
                }
            }
        }
        let (el, et) = self.expr(element, scope);
        scope.reset(mark);
        (
            Ex::Comprehension {
                element: Box::new(el),
                clauses: out,
                span: span.clone(),
            },
            Type::Set(Box::new(et)),
        )
    }

    /// `exists`/`forall pattern in domain: body`: a condition over the members of a set.
    fn quantified(
        &mut self,
        quantifier: Quantifier,
        pattern: &Pattern,
        domain: &Expr,
        body: &Expr,
        span: &Span,
        scope: &mut Scope,
    ) -> (Ex, Type) {
        let (d, dt) = self.expr(domain, scope);
        let element = self.element_type(&dt, domain.span());
        let mark = scope.mark();
        let before = scope.next;
        let p = self.pattern(pattern, &element, scope);
        scope.loops.extend(before..scope.next);
        let (b, bt) = self.expr(body, scope);
        scope.reset(mark);
        self.expect(&bt, &Type::Bool, body.span());
        (
            Ex::Quantified {
                exists: quantifier == Quantifier::Exists,
                pattern: p,
                domain: Box::new(d),
                body: Box::new(b),
                span: span.clone(),
            },
            Type::Bool,
        )
    }

    /// `within s: body`: the body read in the world of the state s.
    fn within(&mut self, state: &Expr, body: &Expr, span: &Span, scope: &mut Scope) -> (Ex, Type) {
        let (s, st) = self.expr(state, scope);
        self.expect(&st, &Type::State, state.span());
        let (b, bt) = self.expr(body, scope);
        (
            Ex::Within {
                state: Box::new(s),
                body: Box::new(b),
                span: span.clone(),
            },
            bt,
        )
    }

    /// `vector x: body`: a value per point x.
    fn vector_build(
        &mut self,
        var: &str,
        body: &Expr,
        span: &Span,
        scope: &mut Scope,
    ) -> (Ex, Type) {
        let mark = scope.mark();
        let slot = scope.bind(var, Type::Point);
        scope.loops.push(slot);
        let (b, bt) = self.expr(body, scope);
        scope.reset(mark);
        (
            Ex::VectorBuild {
                slot,
                body: Box::new(b),
                span: span.clone(),
            },
            Type::Vector(Box::new(bt)),
        )
    }

    pub(super) fn element_type(&mut self, t: &Type, span: &Span) -> Type {
        match t {
            Type::Set(e) => (**e).clone(),
            Type::Any => Type::Any,
            other => {
                let shown = self.show(other);
                self.error(
                    Diagnostic::new(
                        format!("expected a set to range over, found {shown}"),
                        span.clone(),
                    )
                    .with_label("not a set"),
                );
                Type::Any
            }
        }
    }

    /// A name as a value: a local, a name every grammar has ([`predefined`]), or one the
    /// file declares ([`Checker::declared_name`]).
    fn name(&mut self, n: &ast::Name, scope: &mut Scope) -> (Ex, Type) {
        if let Some(local) = scope.lookup(&n.node) {
            return (Ex::Local(local.slot), local.ty.clone());
        }
        if let Some(value) = predefined(n) {
            return value;
        }
        self.declared_name(n, scope)
    }

    /// A name the file declares, as a value: a global (declared before its use: initial
    /// values are computed in order) or an enum's value; a function, an imported grammar or a
    /// grammar symbol is no value, and an unknown name is an error naming the close ones.
    fn declared_name(&mut self, n: &ast::Name, scope: &Scope) -> (Ex, Type) {
        match self.names.get(&n.node).cloned() {
            Some((Binding::Broken, _)) => self.invalid(),
            Some((Binding::Global(g), _)) => {
                if !self.declared.contains(&g) {
                    self.error(
                        Diagnostic::new(
                            format!("`{}` is used before its declaration", n.node),
                            n.span.clone(),
                        )
                        .with_label("used here")
                        .with_related(self.globals[g as usize].span.clone(), "declared here")
                        .with_note("initial values are computed in the order of the file"),
                    );
                }
                (Ex::Global(g), self.globals[g as usize].ty.clone())
            }
            Some((Binding::EnumValue(e, i), _)) => {
                (Ex::Const(Value::Enum(e, i)), Type::Enum(e as usize))
            }
            Some((
                binding @ (Binding::Function(_)
                | Binding::Import(_)
                | Binding::BrokenImport
                | Binding::Symbol),
                _,
            )) => {
                let d = self.not_a_value(n, &binding);
                self.error(d);
                self.invalid()
            }
            None => {
                if !self.maybe_broken(&n.node) {
                    let locals: Vec<&str> = scope.locals.iter().map(|l| l.name.as_str()).collect();
                    let d = self.unknown_among(n, "name", &locals);
                    self.error(d);
                }
                self.invalid()
            }
        }
    }

    /// The error of a declared name used as a value that is none: what it is, and how it is
    /// used instead.
    fn not_a_value(&self, n: &ast::Name, binding: &Binding) -> Diagnostic {
        match binding {
            Binding::Function(f) => {
                let call = if self.sigs[*f as usize].params.is_empty() {
                    format!("call it as `{}()`", n.node)
                } else {
                    "call it with its arguments".to_string()
                };
                Diagnostic::new(
                    format!("`{}` is a function; {call}", n.node),
                    n.span.clone(),
                )
                .with_label("a function")
            }
            Binding::Import(_) | Binding::BrokenImport => Diagnostic::new(
                format!(
                    "`{}` is an imported grammar; call it with a start symbol",
                    n.node
                ),
                n.span.clone(),
            )
            .with_note(format!("e.g. `{}(S(x, y, l), p = q)`", n.node)),
            _ => Diagnostic::new(
                format!("`{}` is a grammar symbol, not a value", n.node),
                n.span.clone(),
            )
            .with_label("symbols appear in kernels"),
        }
    }

    fn binary(
        &mut self,
        op: &ast::Spanned<BinOp>,
        lhs: &Expr,
        rhs: &Expr,
        span: &Span,
        scope: &mut Scope,
    ) -> (Ex, Type) {
        let (a, at) = self.expr(lhs, scope);
        let (b, bt) = self.expr(rhs, scope);
        let mk = |op: Op, a: Ex, b: Ex| Ex::Binary {
            op,
            lhs: Box::new(a),
            rhs: Box::new(b),
            span: span.clone(),
        };
        let both_sets = matches!(
            (&at, &bt),
            (Type::Set(_) | Type::Any, Type::Set(_) | Type::Any)
        ) && (matches!(at, Type::Set(_)) || matches!(bt, Type::Set(_)));
        let ty = match op.node {
            BinOp::Add | BinOp::Mul | BinOp::Div | BinOp::Mod => {
                self.expect(&at, &Type::Int, lhs.span());
                self.expect(&bt, &Type::Int, rhs.span());
                Type::Int
            }
            BinOp::Sub if both_sets => {
                self.same_sets(&at, &bt, span);
                at.join(&bt)
            }
            BinOp::Sub => {
                self.expect(&at, &Type::Int, lhs.span());
                self.expect(&bt, &Type::Int, rhs.span());
                Type::Int
            }
            BinOp::Union | BinOp::Inter => {
                for (t, e) in [(&at, lhs), (&bt, rhs)] {
                    if !matches!(t, Type::Set(_) | Type::Any) {
                        let shown = self.show(t);
                        self.error(
                            Diagnostic::new(
                                format!("expected a set, found {shown}"),
                                e.span().clone(),
                            )
                            .with_label("not a set"),
                        );
                    }
                }
                self.same_sets(&at, &bt, span);
                at.join(&bt)
            }
            BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => {
                self.expect(&at, &Type::Int, lhs.span());
                self.expect(&bt, &Type::Int, rhs.span());
                Type::Bool
            }
            BinOp::Eq | BinOp::Ne => {
                if !at.fits(&bt) {
                    let (at, bt) = (self.show(&at), self.show(&bt));
                    self.error(
                        Diagnostic::new(format!("cannot compare {at} with {bt}"), span.clone())
                            .with_label("different types")
                            .with_note(
                                "`ord(x)` gives a point's number; `X[k]` the point numbered k",
                            ),
                    );
                }
                Type::Bool
            }
            BinOp::And | BinOp::Or => {
                self.expect(&at, &Type::Bool, lhs.span());
                self.expect(&bt, &Type::Bool, rhs.span());
                Type::Bool
            }
            BinOp::In => {
                let element = self.element_type(&bt, rhs.span());
                if !at.fits(&element) {
                    let (at, el) = (self.show(&at), self.show(&element));
                    self.error(
                        Diagnostic::new(
                            format!("a set of {el} cannot hold {at}"),
                            lhs.span().clone(),
                        )
                        .with_label(format!("this is {at}")),
                    );
                }
                Type::Bool
            }
        };
        (mk(ir_op(op.node, both_sets), a, b), ty)
    }

    fn same_sets(&mut self, a: &Type, b: &Type, span: &Span) {
        if !a.fits(b) {
            let (a, b) = (self.show(a), self.show(b));
            self.error(
                Diagnostic::new(
                    format!("the sets hold different types: {a} and {b}"),
                    span.clone(),
                )
                .with_label("different sets"),
            );
        }
    }

    fn call(
        &mut self,
        name: &ast::Name,
        args: &[Arg],
        span: &Span,
        scope: &mut Scope,
    ) -> (Ex, Type) {
        if scope.lookup(&name.node).is_some() {
            self.error(Diagnostic::new(
                format!("`{}` is a variable, not a function", name.node),
                name.span.clone(),
            ));
            return self.invalid();
        }
        match self.names.get(&name.node).cloned() {
            Some((Binding::Function(f), _)) => {
                self.no_named(args);
                let sig_params = self.sigs[f as usize].params.clone();
                if sig_params.len() != args.len() {
                    self.error(self.arity(&name.node, sig_params.len(), args.len(), span));
                }
                let exs = args
                    .iter()
                    .enumerate()
                    .map(|(i, a)| {
                        let (x, t) = self.expr(&a.value, scope);
                        if let Some(want) = sig_params.get(i) {
                            self.expect(&t, want, a.value.span());
                        }
                        x
                    })
                    .collect();
                (
                    Ex::Call {
                        func: f,
                        args: exs,
                        span: span.clone(),
                    },
                    self.sigs[f as usize].result.clone(),
                )
            }
            Some((Binding::Import(i), _)) => self.language(i, name, args, span, scope),
            Some((binding @ (Binding::BrokenImport | Binding::Broken), _)) => {
                // What can be checked without the broken item: the expressions of this file
                // in the arguments.
                self.loose_args(args, binding == Binding::BrokenImport, scope);
                if binding == Binding::BrokenImport {
                    (
                        Ex::Const(Value::Int(0)),
                        Type::Set(Box::new(Type::Trajectory)),
                    )
                } else {
                    self.invalid()
                }
            }
            Some(_) => {
                self.error(
                    Diagnostic::new(
                        format!("`{}` is not a function", name.node),
                        name.span.clone(),
                    )
                    .with_label("cannot be called"),
                );
                self.invalid()
            }
            None if is_builtin(&name.node) => self.builtin(name, args, span, scope),
            None => {
                self.report_unknown(name, "function");
                self.loose_args(args, false, scope);
                self.invalid()
            }
        }
    }

    /// Checks the arguments of a call to a function that is not known (unknown, or declared
    /// by an item that did not parse). A grammar symbol's call (`S(x)`, or any call first
    /// when it may be an import's start string) is no expression: its arguments are checked.
    fn loose_args(&mut self, args: &[Arg], start_string: bool, scope: &mut Scope) {
        for (k, a) in args.iter().enumerate() {
            match &a.value {
                Expr::Call {
                    name: s,
                    args: sargs,
                    ..
                } if self.symbol_index.contains_key(&s.node)
                    || start_string && k == 0 && a.name.is_none() =>
                {
                    for x in sargs {
                        self.expr(&x.value, scope);
                    }
                }
                value => {
                    self.expr(value, scope);
                }
            }
        }
    }

    pub(super) fn no_named(&mut self, args: &[Arg]) {
        for a in args {
            if let Some(n) = &a.name {
                self.error(
                    Diagnostic::new(
                        "named arguments are for the inputs of an imported grammar",
                        n.span.clone(),
                    )
                    .with_label("named argument"),
                );
            }
        }
    }
}

/// The IR's operator for a binary operator of the syntax; `-` of two sets is their difference.
fn ir_op(op: BinOp, sets: bool) -> Op {
    match op {
        BinOp::Add => Op::Add,
        BinOp::Sub if sets => Op::Diff,
        BinOp::Sub => Op::Sub,
        BinOp::Mul => Op::Mul,
        BinOp::Div => Op::Div,
        BinOp::Mod => Op::Mod,
        BinOp::Eq => Op::Eq,
        BinOp::Ne => Op::Ne,
        BinOp::Lt => Op::Lt,
        BinOp::Le => Op::Le,
        BinOp::Gt => Op::Gt,
        BinOp::Ge => Op::Ge,
        BinOp::And => Op::And,
        BinOp::Or => Op::Or,
        BinOp::In => Op::In,
        BinOp::Union => Op::Union,
        BinOp::Inter => Op::Inter,
    }
}

/// The names every grammar has, as values: the board's `n`, `X` and `PIECES`, the start
/// state `START`, and the sides `white` and `black`; `None` for any other name.
fn predefined(n: &ast::Name) -> Option<(Ex, Type)> {
    Some(match n.node.as_str() {
        "n" => (Ex::Board(BoardValue::N), Type::Int),
        "X" => (
            Ex::Board(BoardValue::Points),
            Type::Set(Box::new(Type::Point)),
        ),
        "PIECES" => (
            Ex::Board(BoardValue::Pieces),
            Type::Set(Box::new(Type::Piece)),
        ),
        "START" => (
            Ex::Builtin {
                op: Builtin::Start,
                args: Vec::new(),
                span: n.span.clone(),
            },
            Type::State,
        ),
        "white" => (
            Ex::Const(Value::Enum(SIDE_ENUM as u16, 0)),
            Type::Enum(SIDE_ENUM),
        ),
        "black" => (
            Ex::Const(Value::Enum(SIDE_ENUM as u16, 1)),
            Type::Enum(SIDE_ENUM),
        ),
        _ => return None,
    })
}
