//! Calls to built-ins (`MAP`, `R`, `pick`, `size`, ...): their arities and types, and the
//! operation each compiles to.

use std::rc::Rc;

use super::{Checker, SIDE_ENUM, Scope};
use crate::grammar::ast::{self, Arg};
use crate::grammar::ir::*;
use crate::grammar::types::Type;
use crate::grammar::visit::uses_any;
use crate::syntax::{Diagnostic, Span};

impl<L> Checker<'_, L>
where
    L: FnMut(&str, &Span) -> Result<Rc<Program>, Diagnostic>,
{
    pub(super) fn builtin(
        &mut self,
        name: &ast::Name,
        args: &[Arg],
        span: &Span,
        scope: &mut Scope,
    ) -> (Ex, Type) {
        self.no_named(args);
        let typed: Vec<(Ex, Type, Span)> = args
            .iter()
            .map(|a| {
                let (x, t) = self.expr(&a.value, scope);
                (x, t, a.value.span().clone())
            })
            .collect();
        let arity_ok = |c: &mut Self, counts: &[usize]| -> bool {
            if counts.contains(&typed.len()) {
                true
            } else {
                let want = counts[0];
                c.error(c.arity(&name.node, want, typed.len(), span));
                false
            }
        };
        let n = name.node.as_str();
        let want = |c: &mut Self, i: usize, t: &Type| c.expect(&typed[i].1, t, &typed[i].2);
        let simple = |op: Builtin, typed: Vec<(Ex, Type, Span)>| Ex::Builtin {
            op,
            args: typed.into_iter().map(|(x, _, _)| x).collect(),
            span: span.clone(),
        };
        if let Some((params, op, result)) = fixed_signature(n) {
            if !arity_ok(self, &[params.len()]) {
                return self.invalid();
            }
            for (i, t) in params.iter().enumerate() {
                want(self, i, t);
            }
            return (simple(op, typed), result);
        }
        match n {
            "MAP" => {
                if !arity_ok(self, &[3]) {
                    return self.invalid();
                }
                want(self, 0, &Type::Piece);
                want(self, 1, &Type::Point);
                want(self, 2, &Type::Point);
                let loops = scope.loops.clone();
                let table = if uses_any(&typed[1].0, &loops) && !uses_any(&typed[2].0, &loops) {
                    MapTable::To
                } else {
                    MapTable::From
                };
                (simple(Builtin::Map(table), typed), Type::Int)
            }
            "R" => {
                if !arity_ok(self, &[2, 3]) {
                    return self.invalid();
                }
                want(self, 0, &Type::Piece);
                want(self, 1, &Type::Point);
                if typed.len() == 3 {
                    want(self, 2, &Type::Point);
                    (simple(Builtin::Relation, typed), Type::Bool)
                } else {
                    (
                        simple(Builtin::Successors, typed),
                        Type::Set(Box::new(Type::Point)),
                    )
                }
            }
            "size" => {
                if !arity_ok(self, &[1]) {
                    return self.invalid();
                }
                let _ = self.element_type(&typed[0].1, &typed[0].2);
                (simple(Builtin::Size, typed), Type::Int)
            }
            "len" | "first" | "last" | "stops" => {
                if !arity_ok(self, &[1]) {
                    return self.invalid();
                }
                want(self, 0, &Type::Trajectory);
                match n {
                    "len" => (simple(Builtin::Len, typed), Type::Int),
                    "first" => (simple(Builtin::First, typed), Type::Point),
                    "last" => (simple(Builtin::Last, typed), Type::Point),
                    _ => (
                        simple(Builtin::Stops, typed),
                        Type::Set(Box::new(Type::Point)),
                    ),
                }
            }
            "min" | "max" => {
                if !arity_ok(self, &[1, 2]) {
                    return self.invalid();
                }
                if typed.len() == 2 {
                    want(self, 0, &Type::Int);
                    want(self, 1, &Type::Int);
                    (
                        simple(
                            if n == "min" {
                                Builtin::Min2
                            } else {
                                Builtin::Max2
                            },
                            typed,
                        ),
                        Type::Int,
                    )
                } else {
                    let element = self.element_type(&typed[0].1, &typed[0].2);
                    (
                        simple(
                            if n == "min" {
                                Builtin::MinSet
                            } else {
                                Builtin::MaxSet
                            },
                            typed,
                        ),
                        element,
                    )
                }
            }
            "nth" => {
                if !arity_ok(self, &[2]) {
                    return self.invalid();
                }
                let element = self.element_type(&typed[0].1, &typed[0].2);
                want(self, 1, &Type::Int);
                let mut it = typed.into_iter();
                let (set, _, _) = it.next().expect("two arguments");
                let (index, _, _) = it.next().expect("two arguments");
                (
                    Ex::Index {
                        kind: IndexKind::SetMember,
                        base: Box::new(set),
                        index: Box::new(index),
                        span: span.clone(),
                    },
                    element,
                )
            }
            "pick" => {
                if !arity_ok(self, &[2, 3]) {
                    return self.invalid();
                }
                let mut element = self.element_type(&typed[0].1, &typed[0].2);
                want(self, 1, &Type::Int);
                if typed.len() == 3 {
                    want(self, 2, &element);
                    // The result may be the fallback: `pick({}, 1, x)` is a point, not `Any`
                    // (which an index would take for a number).
                    element = element.join(&typed[2].1);
                }
                let mut it = typed.into_iter().map(|(x, _, _)| x);
                let set = Box::new(it.next().expect("set"));
                let index = Box::new(it.next().expect("index"));
                let fallback = it.next().map(Box::new);
                (
                    Ex::Pick {
                        set,
                        index,
                        fallback,
                        report: false,
                        span: span.clone(),
                    },
                    element,
                )
            }
            _ => unreachable!("every built-in name is handled"),
        }
    }
}

/// The built-ins with one signature: their parameter types, operation and result type.
fn fixed_signature(name: &str) -> Option<(Vec<Type>, Builtin, Type)> {
    use Type::{Piece, Point, State, Trajectory};
    Some(match name {
        "ON" => (vec![Piece], Builtin::On, Point),
        "side" => (vec![Piece], Builtin::Side, Type::Enum(SIDE_ENUM)),
        "value" => (vec![Piece], Builtin::Value, Type::Int),
        "OPPOSE" => (vec![Piece, Piece], Builtin::Oppose, Type::Bool),
        "RA" => (
            vec![Piece, Point, Point],
            Builtin::AttackRelation,
            Type::Bool,
        ),
        "ATTACKS" => (vec![Piece], Builtin::SeparateAttack, Type::Bool),
        "single" => (vec![Point], Builtin::Single, Trajectory),
        "append" => (vec![Trajectory, Point], Builtin::Append, Trajectory),
        "TARGET" => (vec![Piece, Point], Builtin::Target, Type::Bool),
        "ord" => (vec![Point], Builtin::Ord, Type::Int),
        "TURN" => (vec![State], Builtin::Turn, Type::Enum(SIDE_ENUM)),
        "OVER" => (vec![State], Builtin::Over, Type::Bool),
        "OUTCOME" => (vec![State], Builtin::Outcome, Type::Int),
        "MOVES" => (
            vec![State],
            Builtin::Moves,
            Type::Set(Box::new(Type::Tuple(vec![Piece, Point, Point]))),
        ),
        "MUSTPASS" => (vec![State], Builtin::MustPass, Type::Bool),
        "PASSED" => (vec![State], Builtin::Passed, Type::Bool),
        "PASS" => (vec![State], Builtin::Pass, State),
        "TRANSITION" => (vec![State, Piece, Point, Point], Builtin::Transition, State),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use crate::board::Board;
    use crate::grammar::world::World;
    use crate::grammar::{Grammar, Limits};
    use crate::scenario::Scenario;

    /// `pick({}, 1, X[2])` is a point: indexing a vector by it reads the vector at that point
    /// (its type was the empty set's element type, which an index took for a number, and the
    /// evaluator panicked on the point it got).
    #[test]
    fn pick_from_an_empty_literal_has_the_type_of_its_fallback() {
        let scenario = Scenario::empty(Board::grid(3, 3, 1, &[]).unwrap());
        let kernel = scenario.kernel();
        let world = World::new(&scenario, &kernel);
        let text = "start S()\nterminal t(k: int)\nnonterminal S()\n\
                    productions\n  1 | true | S() -> t((vec z in X: ord(z))[pick({}, 1, X[2])]) | | {} | {}\n";
        let g = Grammar::parse("t.lgg", text).unwrap_or_else(|e| panic!("{e}"));
        let language = g.derive(&world, &[], &[], Limits::default(), None).unwrap();
        assert_eq!(g.show_sentence(&world, &language.sentences[0]), "t(2)");
        // Where it is used as a number, it is an error of the checker, as for any point.
        let text = text.replace("pick({}, 1, X[2])", "pick({}, 1, X[2]) + 1");
        let e = Grammar::parse("t.lgg", &text).unwrap_err();
        assert!(e.render().contains("expected int, found point"), "{e}");
    }
}
