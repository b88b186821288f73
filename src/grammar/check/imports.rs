//! Imported grammars: their declaration (`import G = "path"`) and their languages in
//! expressions (`G(S(args), input = value, ...)`).

use std::collections::HashSet;
use std::rc::Rc;

use super::{Binding, Checker, Scope};
use crate::grammar::ast::{self, Arg, Expr, GrammarAst, Item};
use crate::grammar::ir::*;
use crate::grammar::types::Type;
use crate::syntax::{Diagnostic, Span};

impl<L> Checker<'_, L>
where
    L: FnMut(&str, &Span) -> Result<Rc<Program>, Diagnostic>,
{
    pub(super) fn declare_imports(&mut self, ast: &GrammarAst) {
        for item in &ast.items {
            let Item::Import { name, path, .. } = item else {
                continue;
            };
            match (self.loader)(&path.node, &path.span) {
                Ok(program) => {
                    if self.define(name, Binding::Import(self.imports.len() as u32)) {
                        self.imports.push(Import {
                            name: name.node.clone(),
                            program,
                        });
                    }
                }
                Err(d) => {
                    self.error(d);
                    self.define(name, Binding::BrokenImport);
                }
            }
        }
    }

    /// `G(S(args), input = value, ...)`: the language of an imported grammar.
    pub(super) fn language(
        &mut self,
        import: u32,
        name: &ast::Name,
        args: &[Arg],
        span: &Span,
        scope: &mut Scope,
    ) -> (Ex, Type) {
        let program = self.imports[import as usize].program.clone();
        let terminals: Vec<&Symbol> = program.symbols.iter().filter(|s| s.terminal).collect();
        let (shape, ty) = if terminals.iter().all(|s| s.params == [Type::Point]) {
            (Shape::Trajectories, Type::Trajectory)
        } else if let [one] = terminals[..]
            && !one.params.iter().any(has_enum)
        {
            let element = match &one.params[..] {
                [t] => t.clone(),
                ts => Type::Tuple(ts.to_vec()),
            };
            (Shape::Symbols, Type::Set(Box::new(element)))
        } else {
            self.error(
                Diagnostic::new(
                    format!(
                        "the language of `{}` is neither a set of trajectories nor of symbol sets",
                        name.node
                    ),
                    name.span.clone(),
                )
                .with_label("its sentences have no value here")
                .with_note(
                    "an imported grammar's terminals must each carry one point, like \
                     `terminal a(x: point)`, or it must have one terminal whose parameters \
                     hold no enum, like `terminal t(track: (piece, trajectory), time: int)`",
                ),
            );
            (Shape::Trajectories, Type::Trajectory)
        };
        let Some(first) = args.first().filter(|a| a.name.is_none()) else {
            self.error(
                Diagnostic::new(
                    format!("`{}` needs a start string as its first argument", name.node),
                    span.clone(),
                )
                .with_note(format!("e.g. `{}(S(x, y, l), p = q)`", name.node)),
            );
            return self.invalid();
        };
        let start_symbol = &program.symbols[program.start.symbol as usize].name;
        let start_types: Vec<Type> = program
            .start
            .params
            .iter()
            .map(|&g| program.globals[g as usize].ty.clone())
            .collect();
        let start = match &first.value {
            Expr::Call {
                name: s,
                args: sargs,
                span: sspan,
            } if &s.node == start_symbol => {
                if sargs.len() != start_types.len() {
                    self.error(self.arity(start_symbol, start_types.len(), sargs.len(), sspan));
                }
                sargs
                    .iter()
                    .enumerate()
                    .map(|(i, a)| {
                        let (x, t) = self.expr(&a.value, scope);
                        if let Some(want) = start_types.get(i) {
                            self.expect(&t, want, a.value.span());
                        }
                        x
                    })
                    .collect()
            }
            other => {
                self.error(
                    Diagnostic::new(
                        format!(
                            "expected the start symbol `{start_symbol}` of `{}`",
                            name.node
                        ),
                        other.span().clone(),
                    )
                    .with_label("not its start symbol"),
                );
                Vec::new()
            }
        };
        let mut inputs = Vec::new();
        let mut given = HashSet::new();
        for a in &args[1..] {
            let Some(input_name) = &a.name else {
                self.error(
                    Diagnostic::new(
                        "the inputs of an imported grammar are named: `p = q`",
                        a.value.span().clone(),
                    )
                    .with_label("unnamed argument"),
                );
                continue;
            };
            let (x, t) = self.expr(&a.value, scope);
            match program
                .inputs
                .iter()
                .find(|&&g| program.globals[g as usize].name == input_name.node)
            {
                Some(&g) => {
                    let want = program.globals[g as usize].ty.clone();
                    self.expect(&t, &want, a.value.span());
                    if !given.insert(g) {
                        self.error(Diagnostic::new(
                            format!("input `{}` is given twice", input_name.node),
                            input_name.span.clone(),
                        ));
                    }
                    inputs.push((g, x));
                }
                None => self.error(
                    Diagnostic::new(
                        format!("`{}` has no input `{}`", name.node, input_name.node),
                        input_name.span.clone(),
                    )
                    .with_label("unknown input"),
                ),
            }
        }
        for &g in &program.inputs {
            if !given.contains(&g) {
                self.error(
                    Diagnostic::new(
                        format!(
                            "input `{}` of `{}` is not given",
                            program.globals[g as usize].name, name.node
                        ),
                        span.clone(),
                    )
                    .with_label("missing input"),
                );
            }
        }
        (
            Ex::Language {
                import,
                shape,
                start,
                inputs,
                span: span.clone(),
            },
            Type::Set(Box::new(ty)),
        )
    }
}

/// Whether values of `t` hold an enum value (the imported grammar's enums are its own).
fn has_enum(t: &Type) -> bool {
    match t {
        Type::Enum(_) => true,
        Type::Tuple(ts) => ts.iter().any(has_enum),
        Type::Set(t) | Type::Vector(t) => has_enum(t),
        _ => false,
    }
}
