//! Item-level checking: enums, symbols, the start symbol, inputs, vars, constants and
//! functions are declared, then initialisers, function bodies and the start string checked.

use std::collections::{HashMap, HashSet};
use std::rc::Rc;

use super::{Binding, Checker, FnSig, RESERVED_GLOBALS, Scope, item_span};
use crate::grammar::ast::{self, GrammarAst, Item};
use crate::grammar::builtin::is_builtin;
use crate::grammar::ir::*;
use crate::grammar::types::Type;
use crate::grammar::value::Value;
use crate::syntax::{Diagnostic, Span};

impl<L> Checker<'_, L>
where
    L: FnMut(&str, &Span) -> Result<Rc<Program>, Diagnostic>,
{
    pub(super) fn declare_enums(&mut self, ast: &GrammarAst) {
        for item in &ast.items {
            let Item::Enum { name, values, .. } = item else {
                continue;
            };
            let index = self.enum_names.len();
            self.enum_names.push(name.node.clone());
            self.enum_values
                .push(values.iter().map(|v| v.node.clone()).collect());
            // The enum's name is a type, not a value: keep it out of the value namespace but
            // catch clashes with its values.
            for (i, v) in values.iter().enumerate() {
                self.define(v, Binding::EnumValue(index as u16, i as u16));
            }
        }
        let mut seen: HashMap<&str, &Span> = HashMap::new();
        for item in &ast.items {
            let Item::Enum { name, .. } = item else {
                continue;
            };
            if let Some(first) = seen.insert(&name.node, &name.span) {
                let first = first.clone();
                self.error(
                    Diagnostic::new(
                        format!("enum `{}` is defined twice", name.node),
                        name.span.clone(),
                    )
                    .with_label("defined again")
                    .with_related(first, "first defined here"),
                );
            }
        }
    }

    pub(super) fn declare_symbols(&mut self, ast: &GrammarAst) {
        for item in &ast.items {
            let Item::Symbol(decl) = item else { continue };
            if !self.define(&decl.name, Binding::Symbol) {
                continue;
            }
            let params = decl.params.iter().map(|p| self.ty(&p.ty)).collect();
            self.symbol_index
                .insert(decl.name.node.clone(), self.symbols.len() as u32);
            self.symbols.push(Symbol {
                name: decl.name.node.clone(),
                terminal: decl.kind == ast::SymbolKind::Terminal,
                params,
            });
        }
    }

    pub(super) fn declare_start(&mut self, ast: &GrammarAst) -> Option<ast::StartDecl> {
        let starts: Vec<&ast::StartDecl> = ast
            .items
            .iter()
            .filter_map(|i| match i {
                Item::Start(s) => Some(s),
                _ => None,
            })
            .collect();
        let Some(first) = starts.first() else {
            if self.broken.start {
                return None;
            }
            let span = ast.items.first().map_or(0..0, item_span);
            self.error(
                Diagnostic::new("the grammar has no start symbol", span.start..span.start)
                    .with_label("no `start` item in this file")
                    .with_note("declare one, e.g. `start S(x0: point, y0: point, l0: int)`"),
            );
            return None;
        };
        for extra in &starts[1..] {
            self.error(
                Diagnostic::new(
                    "the grammar has more than one start symbol",
                    extra.span.clone(),
                )
                .with_label("another start")
                .with_related(first.span.clone(), "first start"),
            );
        }
        for p in &first.params {
            let ty = self.ty(&p.ty);
            let g = self.globals.len() as u32;
            if self.define(&p.name, Binding::Global(g)) {
                self.globals.push(Global {
                    name: p.name.node.clone(),
                    ty,
                    kind: GlobalKind::StartParam,
                    init: None,
                    init_frame: 0,
                    var_index: None,
                    span: p.name.span.clone(),
                });
                self.declared.insert(g);
            }
        }
        Some((*first).clone())
    }

    pub(super) fn declare_globals(&mut self, ast: &GrammarAst) {
        for item in &ast.items {
            let (name, ty, kind, span) = match item {
                Item::Input(p) => (&p.name, &p.ty, GlobalKind::Input, &p.span),
                Item::Var(b) => (&b.name, &b.ty, GlobalKind::Var, &b.span),
                Item::Const(b) => (&b.name, &b.ty, GlobalKind::Const, &b.span),
                _ => continue,
            };
            let ty = self.ty(ty);
            let g = self.globals.len() as u32;
            if self.define(name, Binding::Global(g)) {
                let var_index = (kind == GlobalKind::Var).then(|| {
                    self.var_count += 1;
                    self.var_count - 1
                });
                self.globals.push(Global {
                    name: name.node.clone(),
                    ty,
                    kind,
                    init: None,
                    init_frame: 0,
                    var_index,
                    span: span.clone(),
                });
                if kind == GlobalKind::Input {
                    self.declared.insert(g);
                }
            }
        }
    }

    pub(super) fn declare_functions(&mut self, ast: &GrammarAst) {
        for item in &ast.items {
            let Item::Function(f) = item else { continue };
            let params = f.params.iter().map(|p| self.ty(&p.ty)).collect();
            let result = match &f.result {
                Some(t) => self.ty(t),
                None => Type::Bool,
            };
            let index = self.functions.len() as u32;
            if self.define(&f.name, Binding::Function(index)) {
                self.sigs.push(FnSig {
                    params,
                    result: result.clone(),
                });
                self.functions.push(Function {
                    name: f.name.node.clone(),
                    params: f.params.len(),
                    frame: 0,
                    body: Ex::Const(Value::Bool(false)),
                    result,
                    memo: false,
                    memo_vars: false,
                    span: f.name.span.clone(),
                });
            }
        }
    }

    /// The names of items that did not parse, where no item that did declares them (and
    /// they are not built in, as `define` would have refused them).
    pub(super) fn declare_broken(&mut self) {
        for name in &self.broken.names {
            if RESERVED_GLOBALS.contains(&name.as_str()) || is_builtin(name) {
                continue;
            }
            self.names
                .entry(name.clone())
                .or_insert((Binding::Broken, 0..0));
        }
    }

    pub(super) fn initialisers(&mut self, ast: &GrammarAst) {
        for item in &ast.items {
            let (b, kind) = match item {
                Item::Var(b) => (b, GlobalKind::Var),
                Item::Const(b) => (b, GlobalKind::Const),
                _ => continue,
            };
            let Some((Binding::Global(g), _)) = self.names.get(&b.name.node).cloned() else {
                continue;
            };
            if self.globals[g as usize].kind != kind {
                continue;
            }
            let mut scope = Scope::default();
            let (ex, ty) = self.expr(&b.value, &mut scope);
            let want = self.globals[g as usize].ty.clone();
            self.expect(&ty, &want, b.value.span());
            let global = &mut self.globals[g as usize];
            global.init = Some(ex);
            global.init_frame = scope.max as usize;
            self.declared.insert(g);
        }
        // Functions may use every global.
        for g in 0..self.globals.len() as u32 {
            self.declared.insert(g);
        }
    }

    pub(super) fn function_bodies(&mut self, ast: &GrammarAst) {
        for item in &ast.items {
            let Item::Function(f) = item else { continue };
            let Some((Binding::Function(index), _)) = self.names.get(&f.name.node).cloned() else {
                continue;
            };
            let mut scope = Scope::default();
            let mut seen = HashSet::new();
            for (p, ty) in f
                .params
                .iter()
                .zip(self.sigs[index as usize].params.clone())
            {
                if !seen.insert(p.name.node.clone()) {
                    self.error(Diagnostic::new(
                        format!("parameter `{}` is declared twice", p.name.node),
                        p.name.span.clone(),
                    ));
                }
                scope.bind(&p.name.node, ty);
            }
            let (body, ty) = self.expr(&f.body, &mut scope);
            let want = self.sigs[index as usize].result.clone();
            if !ty.fits(&want) {
                let (found, want) = (self.show(&ty), self.show(&want));
                let what = if f.is_pred {
                    "a predicate"
                } else {
                    "this function"
                };
                self.error(
                    Diagnostic::new(
                        format!("{what} returns {want}, but its body is {found}"),
                        f.body.span().clone(),
                    )
                    .with_label(format!("this is {found}")),
                );
            }
            let function = &mut self.functions[index as usize];
            function.body = body;
            function.frame = scope.max as usize;
        }
    }

    pub(super) fn start_body(&mut self, decl: ast::StartDecl) -> Option<Start> {
        let symbol = self.nonterminal(&decl.symbol)?;
        let params: Vec<u32> = decl
            .params
            .iter()
            .filter_map(|p| match self.names.get(&p.name.node) {
                Some((Binding::Global(g), _)) => Some(*g),
                _ => None,
            })
            .collect();
        if params.len() != decl.params.len() {
            return None;
        }
        let mut scope = Scope::default();
        let body = match &decl.body {
            None => {
                let types: Vec<Type> = params
                    .iter()
                    .map(|&g| self.globals[g as usize].ty.clone())
                    .collect();
                self.check_symbol_types(symbol, &types, &decl.symbol.span, &decl.span);
                None
            }
            Some(call) => {
                if call.name.node != decl.symbol.node {
                    self.error(
                        Diagnostic::new(
                            format!(
                                "the start string must be the start symbol `{}`",
                                decl.symbol.node
                            ),
                            call.name.span.clone(),
                        )
                        .with_label("another symbol"),
                    );
                }
                Some(self.symbol_args(symbol, &call.args, &call.span, &mut scope))
            }
        };
        Some(Start {
            symbol,
            params,
            body,
            frame: scope.max as usize,
        })
    }
}
