//! Visitors of the IR's expressions: every subexpression ([`walk`]), the direct ones
//! (`children`, `children_mut`), and whether an expression reads given locals.

use super::ir::{Clause, Ex, Slot};

/// Visits `e` and every expression inside it.
/// Each level checks that the stack has room (see [`crate::memory::grow`]): the compile passes
/// recurse over expressions as tall as the parser allows, on whatever thread calls them.
pub fn walk(e: &Ex, f: &mut dyn FnMut(&Ex)) {
    crate::memory::grow(|| {
        f(e);
        children(e, &mut |c| walk(c, f));
    })
}

/// The direct subexpressions of `$e`, each given to `$f`: one body for [`children`] and
/// [`children_mut`] (`$iter` is `iter` or `iter_mut`), so the two cannot drift apart.
macro_rules! each_child {
    ($e:expr, $f:ident, $iter:ident) => {
        match $e {
            Ex::Const(_) | Ex::Local(_) | Ex::Global(_) | Ex::Board(_) => {}
            Ex::Call { args, .. }
            | Ex::Builtin { args, .. }
            | Ex::Tuple(args)
            | Ex::SetLiteral(args) => args.$iter().for_each($f),
            Ex::Language { start, inputs, .. } => {
                start.$iter().for_each(&mut *$f);
                inputs.$iter().for_each(|(_, x)| $f(x));
            }
            Ex::Index { base, index, .. } => {
                $f(base);
                $f(index);
            }
            Ex::Field(x, _) | Ex::Not(x) => $f(x),
            Ex::Binary { lhs, rhs, .. } => {
                $f(lhs);
                $f(rhs);
            }
            Ex::If(a, b, c) => {
                $f(a);
                $f(b);
                $f(c);
            }
            Ex::Let(_, a, b) | Ex::Range(a, b, _) => {
                $f(a);
                $f(b);
            }
            Ex::Comprehension {
                element, clauses, ..
            } => {
                for c in clauses {
                    match c {
                        Clause::Generator(_, d) | Clause::Filter(d) => $f(d),
                    }
                }
                $f(element);
            }
            Ex::Within { state, body, .. } => {
                $f(state);
                $f(body);
            }
            Ex::Quantified { domain, body, .. } => {
                $f(domain);
                $f(body);
            }
            Ex::VectorBuild { body, .. } => $f(body),
            Ex::Pick {
                set,
                index,
                fallback,
                ..
            } => {
                $f(set);
                $f(index);
                if let Some(x) = fallback {
                    $f(x);
                }
            }
        }
    };
}

pub(super) fn children(e: &Ex, f: &mut dyn FnMut(&Ex)) {
    each_child!(e, f, iter)
}

pub(super) fn children_mut(e: &mut Ex, f: &mut dyn FnMut(&mut Ex)) {
    each_child!(e, f, iter_mut)
}

/// Whether `e` reads local `slot`.
pub fn uses_slot(e: &Ex, slot: Slot) -> bool {
    uses_any(e, &[slot])
}

/// Whether `e` reads any of the locals `slots`.
pub fn uses_any(e: &Ex, slots: &[Slot]) -> bool {
    let mut found = false;
    walk(e, &mut |x| {
        if let Ex::Local(s) = x {
            found |= slots.contains(s);
        }
    });
    found
}
