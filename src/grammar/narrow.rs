//! Narrowing: a comprehension over X whose first test fixes a distance draws its points from
//! the distance kernel instead of testing all n of them in the interpreter.
//!
//! `{ v in X | MAP(p, a, v) == k and … }` (Stilman's ST_k) becomes a loop over the points at
//! distance k from a, and `{ v in X | MAP(p, a, v) + MAP(p, v, b) == l and … }` (SUM, DOCK) a
//! loop over the points of that "ellipse", and `{ v in R(p, x) | MAP(p, v, y) == k … }` (the
//! local MOVE of G_t^(2)) a loop over the successors of x at that distance; the rest of the
//! filter is kept. The kernel lists
//! them in the enumeration of X, as the loop over X would, so the set and its order are
//! unchanged, and no other test is skipped (the rest of an `and` runs only where its first
//! test holds). Grammar files can thus say what Stilman's tables say, a set-builder over X,
//! and cost what the native generators cost.

use super::ir::*;
use super::visit::{children_mut, uses_any};

/// Rewrites the set-builders over X whose first test the kernel can list (see the module comment).
pub fn narrow_comprehensions(program: &mut Program) {
    for f in &mut program.functions {
        narrow(&mut f.body);
    }
    for row in &mut program.rows {
        if let Some(range) = &mut row.range {
            narrow(range);
        }
        narrow(&mut row.condition);
        for (_, args) in &mut row.rhs {
            args.iter_mut().for_each(narrow);
        }
        for a in &mut row.assigns {
            match &mut a.kind {
                AssignKind::Whole(x) | AssignKind::Each { value: x, .. } => narrow(x),
            }
        }
    }
    for global in &mut program.globals {
        if let Some(init) = &mut global.init {
            narrow(init);
        }
    }
    if let Some(args) = &mut program.start.body {
        args.iter_mut().for_each(narrow);
    }
}

fn narrow(e: &mut Ex) {
    crate::memory::grow(|| narrow_here(e))
}

fn narrow_here(e: &mut Ex) {
    children_mut(e, &mut narrow);
    let Ex::Comprehension {
        clauses, element, ..
    } = e
    else {
        return;
    };
    let mut i = 0;
    while i + 1 < clauses.len() {
        if let (Clause::Generator(Pat::Slot(v), domain), Clause::Filter(f)) =
            (&clauses[i], &clauses[i + 1])
        {
            let v = *v;
            let (first, rest) = split_and(f);
            let narrowed = match domain {
                Ex::Board(BoardValue::Points) => distance_domain(first, v),
                Ex::Builtin {
                    op: Builtin::Successors,
                    args,
                    span,
                } if !args.iter().any(|a| uses_any(a, &[v])) => successors_at(args, span, first, v),
                _ => None,
            };
            if let Some(domain) = narrowed {
                clauses[i] = Clause::Generator(Pat::Slot(v), domain);
                match rest {
                    Some(r) => clauses[i + 1] = Clause::Filter(r),
                    None => {
                        clauses.remove(i + 1);
                    }
                }
            }
        }
        i += 1;
    }
    // `{ v in S }` (all that is left of `{ v in X | MAP(p, x, v) == k }`) is S itself, which
    // the kernel already gives sorted and without repeats.
    if let ([Clause::Generator(Pat::Slot(v), domain)], Ex::Local(w)) = (&clauses[..], &**element)
        && v == w
        && matches!(
            domain,
            Ex::Builtin {
                op: Builtin::Ring(_) | Builtin::Ellipse | Builtin::SuccessorsAt(_),
                ..
            }
        )
    {
        *e = domain.clone();
    }
}

/// The first test of an `and` chain and the rest: `a and b and c` is `(a and b) and c`, so
/// its first test is `a` and the rest `b and c` (evaluated in the same order).
fn split_and(f: &Ex) -> (&Ex, Option<Ex>) {
    crate::memory::grow(|| split_and_here(f))
}

fn split_and_here(f: &Ex) -> (&Ex, Option<Ex>) {
    let Ex::Binary {
        op: Op::And,
        lhs,
        rhs,
        span,
    } = f
    else {
        return (f, None);
    };
    let (first, rest) = split_and(lhs);
    let rest = match rest {
        None => (**rhs).clone(),
        Some(r) => Ex::Binary {
            op: Op::And,
            lhs: Box::new(r),
            rhs: rhs.clone(),
            span: span.clone(),
        },
    };
    (first, Some(rest))
}

/// `{ v in R(p, x) | MAP(q, a, v) == k … }` (the local MOVE of G_t^(2)): the one-move
/// successors of x at distance k, listed by the kernel.
fn successors_at(moves: &[Ex], span: &crate::syntax::Span, test: &Ex, v: Slot) -> Option<Ex> {
    let Some(Ex::Builtin {
        op: Builtin::Ring(table),
        args,
        ..
    }) = distance_domain(test, v)
    else {
        return None;
    };
    Some(Ex::Builtin {
        op: Builtin::SuccessorsAt(table),
        args: moves.iter().chain(args.iter()).cloned().collect(),
        span: span.clone(),
    })
}

/// The kernel set that a test `ring == k` or `ellipse == l` on the point in slot `v` selects.
fn distance_domain(test: &Ex, v: Slot) -> Option<Ex> {
    let Ex::Binary {
        op: Op::Eq,
        lhs,
        rhs,
        span,
    } = test
    else {
        return None;
    };
    let (measure, value) = if !uses_any(rhs, &[v]) {
        (&**lhs, &**rhs)
    } else if !uses_any(lhs, &[v]) {
        (&**rhs, &**lhs)
    } else {
        return None;
    };
    if let Some((piece, origin, table)) = distance(measure, v) {
        return Some(Ex::Builtin {
            op: Builtin::Ring(table),
            args: vec![piece.clone(), origin.clone(), value.clone()],
            span: span.clone(),
        });
    }
    let Ex::Binary {
        op: Op::Add,
        lhs: d1,
        rhs: d2,
        ..
    } = measure
    else {
        return None;
    };
    let (p1, a, t1) = distance(d1, v)?;
    let (p2, b, t2) = distance(d2, v)?;
    let (from, to) = match (t1, t2) {
        (MapTable::From, MapTable::To) => (a, b),
        (MapTable::To, MapTable::From) => (b, a),
        _ => return None,
    };
    // One piece for both halves (pieces are plain names, so their text decides).
    if format!("{p1:?}") != format!("{p2:?}") {
        return None;
    }
    Some(Ex::Builtin {
        op: Builtin::Ellipse,
        args: vec![p1.clone(), from.clone(), to.clone(), value.clone()],
        span: span.clone(),
    })
}

/// `MAP(p, a, v)` (distances from a: `From`) or `MAP(p, v, b)` (to b: `To`), with p and the
/// other point free of v: (p, the other point, the table).
fn distance(e: &Ex, v: Slot) -> Option<(&Ex, &Ex, MapTable)> {
    let Ex::Builtin {
        op: Builtin::Map(_),
        args,
        ..
    } = e
    else {
        return None;
    };
    let [p, a, b] = &args[..] else { return None };
    if uses_any(p, &[v]) {
        return None;
    }
    match (a, b) {
        (a, Ex::Local(s)) if *s == v && !uses_any(a, &[v]) => Some((p, a, MapTable::From)),
        (Ex::Local(s), b) if *s == v && !uses_any(b, &[v]) => Some((p, b, MapTable::To)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use crate::grammar::Grammar;
    use crate::grammar::ir::{Clause, Ex};

    /// Per function: its body's shape (a kernel set, or the clauses of its comprehension).
    fn shapes(source: &str) -> Vec<String> {
        let g = Grammar::parse("t.lgg", source).unwrap_or_else(|e| panic!("{e}"));
        g.program
            .functions
            .iter()
            .map(|f| match &f.body {
                Ex::Builtin { op, .. } => format!("{op:?}"),
                Ex::Comprehension { clauses, .. } => clauses
                    .iter()
                    .map(|c| match c {
                        Clause::Generator(_, Ex::Builtin { op, .. }) => format!("{op:?}"),
                        Clause::Generator(_, Ex::Board(_)) => "X".into(),
                        Clause::Generator(..) => "other".into(),
                        Clause::Filter(_) => "filter".into(),
                    })
                    .collect::<Vec<_>>()
                    .join(" "),
                other => format!("{other:?}"),
            })
            .collect()
    }

    const HEAD: &str = "input p: piece\nstart S(x0: point, y0: point, l0: int)\n\
        nonterminal S(x: point, y: point, l: int)\nterminal a(x: point)\n";
    const TAIL: &str = "productions\n  1 | true | S(x, y, l) -> a(x) | | {} | {}\n";

    #[test]
    fn distance_tests_become_kernel_sets_and_others_stay_loops() {
        let fns = "fn ST(x: point, k: int) -> set<point> = { v in X | MAP(p, x, v) == k }\n\
             fn TO(y: point, k: int) -> set<point> = { v in X | k == MAP(p, v, y) and v != y }\n\
             fn SUM() -> set<point> = { v in X | MAP(p, x0, v) + MAP(p, v, y0) == l0 }\n\
             fn BACK() -> set<point> = { v in X | MAP(p, v, y0) + MAP(p, x0, v) == l0 }\n\
             fn SELF() -> set<point> = { v in X | MAP(p, v, v) == 0 }\n\
             fn LATE() -> set<point> = { v in X | v != x0 and MAP(p, x0, v) == 1 }\n\
             fn CHAIN() -> set<point> = { v in X | MAP(p, x0, v) == 1 and v != y0 and v != x0 }\n\
             fn LESS() -> set<point> = { v in X | MAP(p, x0, v) < 3 }\n\
             fn IMAGE() -> set<int> = { MAP(p, x0, v) | v in X, MAP(p, x0, v) == 2 }\n\
             fn MOVE(x: point, l: int) -> set<point> = { v in R(p, x) | MAP(p, v, y0) == l - 1 }\n\
             fn NEAR(x: point) -> set<point> = { v in R(p, x) | MAP(p, v, y0) < 2 }\n";
        assert_eq!(
            shapes(&format!("{HEAD}{fns}{TAIL}")),
            [
                "Ring(From)",
                "Ring(To) filter",
                "Ellipse",
                "Ellipse",
                "X filter",
                "X filter",
                "Ring(From) filter",
                "X filter",
                "Ring(From)",
                "SuccessorsAt(To)",
                "Successors filter",
            ]
        );
    }
}
