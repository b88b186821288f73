//! Calls to built-ins (`MAP`, `R`, `pick`, `size`, ...): their arities and types, read from
//! the table of [`crate::grammar::builtin`], and the operation each compiles to.

use std::rc::Rc;

use super::{Checker, Scope};
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
        match n {
            "nth" => {
                if !arity_ok(self, &[2]) {
                    return self.invalid();
                }
                let element = self.element_type(&typed[0].1, &typed[0].2);
                want(self, 1, &Type::Int);
                let mut it = typed.into_iter();
                let (set, _, _) = it.next().expect("two arguments");
                let (index, _, _) = it.next().expect("two arguments");
                return (
                    Ex::Index {
                        kind: IndexKind::SetMember,
                        base: Box::new(set),
                        index: Box::new(index),
                        span: span.clone(),
                    },
                    element,
                );
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
                return (
                    Ex::Pick {
                        set,
                        index,
                        fallback,
                        report: false,
                        span: span.clone(),
                    },
                    element,
                );
            }
            _ => {}
        }
        // The table's entries of that name; their arities tell them apart (`R(p, x)` and
        // `R(p, x, y)`, `min(S)` and `min(a, b)`), and the first names the arity wanted.
        let counts: Vec<usize> = Builtin::named(n).map(|b| b.def().params.len()).collect();
        if !arity_ok(self, &counts) {
            return self.invalid();
        }
        let mut op = Builtin::named(n)
            .find(|b| b.def().params.len() == typed.len())
            .expect("an entry of this arity");
        let def = op.def();
        let mut element = None;
        for (i, param) in def.params.iter().enumerate() {
            match param.ty() {
                Some(t) => want(self, i, &t),
                None => element = Some(self.element_type(&typed[i].1, &typed[i].2)),
            }
        }
        if let Builtin::Map(_) = op {
            // The table whose origin stays fixed in the loops around the call: one search
            // for all the points a comprehension goes over, not one per point.
            let loops = scope.loops.clone();
            let table = if uses_any(&typed[1].0, &loops) && !uses_any(&typed[2].0, &loops) {
                MapTable::To
            } else {
                MapTable::From
            };
            op = Builtin::Map(table);
        }
        let result = def.result.ty(element);
        let args = typed.into_iter().map(|(x, _, _)| x).collect();
        (
            Ex::Builtin {
                op,
                args,
                span: span.clone(),
            },
            result,
        )
    }
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
