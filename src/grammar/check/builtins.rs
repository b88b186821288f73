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
    /// A call of a builtin: its arguments checked, then the call by what it compiles to
    /// (`nth` and `pick` to their own expressions, every other name to an entry of the table).
    pub(super) fn builtin(
        &mut self,
        name: &ast::Name,
        args: &[Arg],
        span: &Span,
        scope: &mut Scope,
    ) -> (Ex, Type) {
        self.no_named(args);
        let typed: Vec<Typed> = args
            .iter()
            .map(|a| {
                let (x, t) = self.expr(&a.value, scope);
                (x, t, a.value.span().clone())
            })
            .collect();
        match name.node.as_str() {
            "nth" => self.nth(name, typed, span),
            "pick" => self.pick(name, typed, span),
            _ => self.table_builtin(name, typed, span, scope),
        }
    }

    /// Whether `given` arguments are one of the `counts` a builtin takes; if not, the error
    /// naming the first count.
    fn arity_fits(
        &mut self,
        name: &ast::Name,
        counts: &[usize],
        given: usize,
        span: &Span,
    ) -> bool {
        if counts.contains(&given) {
            return true;
        }
        let error = self.arity(&name.node, counts[0], given, span);
        self.error(error);
        false
    }

    /// `nth(S, i)`: the set's `i`-th member, an index into the set.
    fn nth(&mut self, name: &ast::Name, typed: Vec<Typed>, span: &Span) -> (Ex, Type) {
        if !self.arity_fits(name, &[2], typed.len(), span) {
            return self.invalid();
        }
        let element = self.element_type(&typed[0].1, &typed[0].2);
        self.expect(&typed[1].1, &Type::Int, &typed[1].2);
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

    /// `pick(S, i)` or `pick(S, i, fallback)`: the set's `i`-th member, or the fallback where
    /// there is none (the result's type takes the fallback's too).
    fn pick(&mut self, name: &ast::Name, typed: Vec<Typed>, span: &Span) -> (Ex, Type) {
        if !self.arity_fits(name, &[2, 3], typed.len(), span) {
            return self.invalid();
        }
        let mut element = self.element_type(&typed[0].1, &typed[0].2);
        self.expect(&typed[1].1, &Type::Int, &typed[1].2);
        if typed.len() == 3 {
            self.expect(&typed[2].1, &element, &typed[2].2);
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

    /// A builtin of the table ([`crate::grammar::builtin`]): the entry of that name and
    /// arity, its parameters' types expected of the arguments, and its result's type (an
    /// element's where the entry's result is one of a set argument's).
    fn table_builtin(
        &mut self,
        name: &ast::Name,
        typed: Vec<Typed>,
        span: &Span,
        scope: &Scope,
    ) -> (Ex, Type) {
        let n = name.node.as_str();
        // The table's entries of that name; their arities tell them apart (`R(p, x)` and
        // `R(p, x, y)`, `min(S)` and `min(a, b)`), and the first names the arity wanted.
        let counts: Vec<usize> = Builtin::named(n).map(|b| b.def().params.len()).collect();
        if !self.arity_fits(name, &counts, typed.len(), span) {
            return self.invalid();
        }
        let mut op = Builtin::named(n)
            .find(|b| b.def().params.len() == typed.len())
            .expect("an entry of this arity");
        let def = op.def();
        let mut element = None;
        for (i, param) in def.params.iter().enumerate() {
            match param.ty() {
                Some(t) => self.expect(&typed[i].1, &t, &typed[i].2),
                None => element = Some(self.element_type(&typed[i].1, &typed[i].2)),
            }
        }
        if let Builtin::Map(_) = op {
            // The table whose origin stays fixed in the loops around the call: one search
            // for all the points a comprehension goes over, not one per point.
            let loops = &scope.loops;
            let table = if uses_any(&typed[1].0, loops) && !uses_any(&typed[2].0, loops) {
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

/// An argument checked: its expression, its type and its place.
type Typed = (Ex, Type, Span);

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
