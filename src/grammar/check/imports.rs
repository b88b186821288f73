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
        let (shape, ty) = self.language_shape(&program, name);
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
        let start = self.start_arguments(&program, name, &first.value, scope);
        let inputs = self.named_inputs(&program, name, &args[1..], span, scope);
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

    /// What an imported grammar's sentences are as values: trajectories where every terminal
    /// carries one point, else sets of its one terminal's arguments.
    fn language_shape(&mut self, program: &Program, name: &ast::Name) -> (Shape, Type) {
        let terminals: Vec<&Symbol> = program.symbols.iter().filter(|s| s.terminal).collect();
        if terminals.iter().all(|s| s.params == [Type::Point]) {
            return (Shape::Trajectories, Type::Trajectory);
        }
        if let [one] = terminals[..]
            && !one.params.iter().any(has_enum)
        {
            let element = match &one.params[..] {
                [t] => t.clone(),
                ts => Type::Tuple(ts.to_vec()),
            };
            return (Shape::Symbols, Type::Set(Box::new(element)));
        }
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
    }

    /// The arguments of the start string `S(args)` of an imported grammar, checked against
    /// its start's parameters.
    fn start_arguments(
        &mut self,
        program: &Program,
        name: &ast::Name,
        first: &Expr,
        scope: &mut Scope,
    ) -> Vec<Ex> {
        let start_symbol = &program.symbols[program.start.symbol as usize].name;
        let start_types: Vec<Type> = program
            .start
            .params
            .iter()
            .map(|&g| program.globals[g as usize].ty.clone())
            .collect();
        match first {
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
        }
    }

    /// The inputs `p = q` given to an imported grammar, each checked against its declaration,
    /// and each of its inputs given once.
    fn named_inputs(
        &mut self,
        program: &Program,
        name: &ast::Name,
        args: &[Arg],
        span: &Span,
        scope: &mut Scope,
    ) -> Vec<(u32, Ex)> {
        let mut inputs = Vec::new();
        let mut given = HashSet::new();
        for a in args {
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
        inputs
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
