//! The checker: resolves every name, checks every type and compiles a grammar's syntax tree
//! into a [`Program`], reporting all errors at once before anything runs.
//!
//! Two analyses make the compiled program fast without changing what it means:
//! * **Memoisation.** A function that reads no `var` (only constants, inputs, the start
//!   parameters and its arguments) returns the same value for the same arguments during a run,
//!   so its results are cached.
//! * **Family truncation.** Stilman's families run their index over `1..n` (`next_1 … next_n`),
//!   and members past the number of distinct values repeat the last one (spec §2.4). When a
//!   row's family index reaches its formulas only as the index of `pick(S, i, …)` (directly or
//!   through such parameters of functions), every member past the largest set picked from is a
//!   copy of the previous one, so the engine stops there. This is exact, not a heuristic.

use std::collections::{HashMap, HashSet};
use std::rc::Rc;

use super::ast::{
    self, Arg, BinOp, Clause as AstClause, Expr, GrammarAst, Item, LabelSet, Pattern, Quantifier,
    TypeExpr, UnOp,
};
use super::ir::*;
use super::types::Type;
use super::value::Value;
use crate::syntax::suggest::edit_distance;
use crate::syntax::{Diagnostic, Span};

/// The built-in enum `side` (index 0): `white`, `black`.
pub const SIDE_ENUM: usize = 0;

#[derive(Clone, Debug, PartialEq)]
enum Binding {
    Global(u32),
    Function(u32),
    EnumValue(u16, u16),
    Import(u32),
    /// An import whose file could not be read or checked (already reported): calls to it
    /// are accepted as sets of trajectories, so that its failure is reported once.
    BrokenImport,
    /// A name declared by an item that did not parse (already reported): any use of it is
    /// accepted, as a value of any type.
    Broken,
    Symbol,
}

struct Local {
    name: String,
    slot: Slot,
    ty: Type,
}

/// Local variables of one frame (a function body, a row, an initialiser).
#[derive(Default)]
struct Scope {
    locals: Vec<Local>,
    next: Slot,
    max: Slot,
    /// Slots bound by generators, quantifiers and `vec`: loop variables.
    loops: Vec<Slot>,
}

impl Scope {
    fn bind(&mut self, name: &str, ty: Type) -> Slot {
        let slot = self.next;
        self.next += 1;
        self.max = self.max.max(self.next);
        self.locals.push(Local {
            name: name.to_string(),
            slot,
            ty,
        });
        slot
    }

    fn lookup(&self, name: &str) -> Option<&Local> {
        self.locals.iter().rev().find(|l| l.name == name)
    }

    fn mark(&self) -> (usize, Slot, usize) {
        (self.locals.len(), self.next, self.loops.len())
    }

    fn reset(&mut self, mark: (usize, Slot, usize)) {
        self.locals.truncate(mark.0);
        self.next = mark.1;
        self.loops.truncate(mark.2);
    }
}

struct FnSig {
    params: Vec<Type>,
    result: Type,
}

struct Checker<'l, L> {
    path: String,
    errors: Vec<Diagnostic>,
    /// Loads an imported grammar (path as written, span of the path) into a checked program.
    loader: &'l mut L,
    names: HashMap<String, (Binding, Span)>,
    enum_names: Vec<String>,
    enum_values: Vec<Vec<String>>,
    symbols: Vec<Symbol>,
    symbol_index: HashMap<String, u32>,
    globals: Vec<Global>,
    var_count: usize,
    sigs: Vec<FnSig>,
    functions: Vec<Function>,
    imports: Vec<Import>,
    /// Globals declared so far while checking initialisers (for use-before-declaration).
    declared: HashSet<u32>,
    /// What items that did not parse would have declared (see [`ast::Broken`]).
    broken: ast::Broken,
}

/// Checks a parsed grammar. `path` names the file in messages; `loader` checks the grammars
/// it imports (given the path as written and its span).
pub fn check<L>(ast: &GrammarAst, path: &str, loader: &mut L) -> Result<Program, Vec<Diagnostic>>
where
    L: FnMut(&str, &Span) -> Result<Rc<Program>, Diagnostic>,
{
    let mut c = Checker {
        path: path.to_string(),
        errors: Vec::new(),
        loader,
        names: HashMap::new(),
        enum_names: vec!["side".to_string()],
        enum_values: vec![vec!["white".to_string(), "black".to_string()]],
        symbols: Vec::new(),
        symbol_index: HashMap::new(),
        globals: Vec::new(),
        var_count: 0,
        sigs: Vec::new(),
        functions: Vec::new(),
        imports: Vec::new(),
        declared: HashSet::new(),
        broken: ast.broken.clone(),
    };
    match c.program(ast) {
        Some(program) if c.errors.is_empty() => Ok(program),
        // No program and no error: what is missing was in items that did not parse, whose
        // syntax errors the caller reports.
        _ => {
            c.errors.sort_by_key(|d| d.span.start);
            Err(c.errors)
        }
    }
}

const BUILTINS: &[&str] = &[
    "MAP", "R", "RA", "ATTACKS", "single", "append", "ON", "OPPOSE", "TARGET", "side", "value",
    "ord", "size", "len", "min", "max", "first", "last", "stops", "pick", "nth",
];

const RESERVED_GLOBALS: &[&str] = &["X", "PIECES", "n", "white", "black", "side"];

impl<L> Checker<'_, L>
where
    L: FnMut(&str, &Span) -> Result<Rc<Program>, Diagnostic>,
{
    fn error(&mut self, d: Diagnostic) {
        self.errors.push(d);
    }

    fn enum_names_for_display(&self) -> &[String] {
        &self.enum_names
    }

    fn show(&self, t: &Type) -> String {
        t.display(self.enum_names_for_display()).to_string()
    }

    fn program(&mut self, ast: &GrammarAst) -> Option<Program> {
        let mut name = None;
        for item in &ast.items {
            if let Item::Grammar(n) = item {
                name = Some(n.node.clone());
            }
        }
        self.declare_enums(ast);
        self.declare_symbols(ast);
        self.declare_imports(ast);
        let start = self.declare_start(ast);
        self.declare_globals(ast);
        self.declare_functions(ast);
        self.declare_broken();
        let families = self.families(ast);
        self.initialisers(ast);
        self.function_bodies(ast);
        let start = start.and_then(|s| self.start_body(s));
        let (mut rows, initial) = self.rows(ast, &families);
        self.analyse(rows.as_deref_mut().unwrap_or(&mut []));
        if !self.errors.is_empty() {
            return None;
        }
        let inputs = (0..self.globals.len() as u32)
            .filter(|&g| self.globals[g as usize].kind == GlobalKind::Input)
            .collect();
        Some(Program {
            name: name.unwrap_or_else(|| stem(&self.path)),
            path: self.path.clone(),
            source: Rc::from(""),
            enum_names: self.enum_names.clone(),
            enum_values: self.enum_values.clone(),
            symbols: self.symbols.clone(),
            globals: self.globals.clone(),
            var_count: self.var_count,
            functions: self.functions.clone(),
            families: families.into_iter().map(|(f, _, _)| f).collect(),
            rows: rows?,
            initial: initial?,
            start: start?,
            imports: self.imports.clone(),
            inputs,
        })
    }

    /// Adds a global name, reporting clashes.
    fn define(&mut self, name: &ast::Name, binding: Binding) -> bool {
        if RESERVED_GLOBALS.contains(&name.node.as_str()) || BUILTINS.contains(&name.node.as_str())
        {
            self.error(
                Diagnostic::new(format!("`{}` is built in", name.node), name.span.clone())
                    .with_label("choose another name"),
            );
            return false;
        }
        if let Some((_, first)) = self.names.get(&name.node) {
            let first = first.clone();
            self.error(
                Diagnostic::new(
                    format!("`{}` is defined twice", name.node),
                    name.span.clone(),
                )
                .with_label("defined again")
                .with_related(first, "first defined here"),
            );
            return false;
        }
        self.names
            .insert(name.node.clone(), (binding, name.span.clone()));
        true
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

    /// The names of items that did not parse, where no item that did declares them (and
    /// they are not built in, as `define` would have refused them).
    fn declare_broken(&mut self) {
        for name in &self.broken.names {
            if RESERVED_GLOBALS.contains(&name.as_str()) || BUILTINS.contains(&name.as_str()) {
                continue;
            }
            self.names
                .entry(name.clone())
                .or_insert((Binding::Broken, 0..0));
        }
    }

    /// Whether `name` may be unknown because an item that did not parse declared it.
    fn maybe_broken(&self, name: &str) -> bool {
        self.broken.unknown_names || self.broken.names.iter().any(|n| n == name)
    }

    /// Reports that `name` is unknown, unless an item that did not parse may declare it.
    fn report_unknown(&mut self, name: &ast::Name, what: &str) {
        if !self.maybe_broken(&name.node) {
            let d = self.unknown(name, what);
            self.error(d);
        }
    }

    fn declare_enums(&mut self, ast: &GrammarAst) {
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
                    .with_related(first, "first defined here"),
                );
            }
        }
    }

    fn ty(&mut self, t: &TypeExpr) -> Type {
        match t {
            TypeExpr::Named(n) => match n.node.as_str() {
                "int" => Type::Int,
                "bool" => Type::Bool,
                "point" => Type::Point,
                "piece" => Type::Piece,
                "trajectory" => Type::Trajectory,
                other => match self.enum_names.iter().position(|e| e == other) {
                    Some(i) => Type::Enum(i),
                    None if self.maybe_broken(other) => Type::Any,
                    None => {
                        self.error(
                            Diagnostic::new(format!("unknown type `{other}`"), n.span.clone())
                                .with_label("not a type")
                                .with_note("types are int, bool, point, piece, trajectory, an enum, (T, U), set<T> and vector<T>"),
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

    fn declare_symbols(&mut self, ast: &GrammarAst) {
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

    fn declare_imports(&mut self, ast: &GrammarAst) {
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

    fn declare_start(&mut self, ast: &GrammarAst) -> Option<ast::StartDecl> {
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
                .with_related(first.span.clone(), "first start symbol"),
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

    fn declare_globals(&mut self, ast: &GrammarAst) {
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

    fn declare_functions(&mut self, ast: &GrammarAst) {
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
                    span: f.name.span.clone(),
                });
            }
        }
    }

    /// Families: (family, index name, range as written). Ranges are compiled with their row.
    fn families<'a>(&mut self, ast: &'a GrammarAst) -> Vec<(Family, String, &'a Expr)> {
        let mut out: Vec<(Family, String, &Expr)> = Vec::new();
        for item in &ast.items {
            let Item::Family(f) = item else { continue };
            if let Some((other, _, _)) = out
                .iter()
                .find(|(o, _, _)| o.name == f.name.node || o.base == f.base.node)
            {
                let what = if other.name == f.name.node {
                    "name"
                } else {
                    "label"
                };
                let span = other.span.clone();
                self.error(
                    Diagnostic::new(format!("two families have the same {what}"), f.span.clone())
                        .with_label("declared again")
                        .with_related(span, "first declared here"),
                );
                continue;
            }
            out.push((
                Family {
                    name: f.name.node.clone(),
                    base: f.base.node,
                    span: f.span.clone(),
                },
                f.index.node.clone(),
                &f.range,
            ));
        }
        out
    }

    fn initialisers(&mut self, ast: &GrammarAst) {
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

    fn function_bodies(&mut self, ast: &GrammarAst) {
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

    fn start_body(&mut self, decl: ast::StartDecl) -> Option<Start> {
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

    fn nonterminal(&mut self, name: &ast::Name) -> Option<u32> {
        match self.symbol_index.get(&name.node) {
            Some(&s) if !self.symbols[s as usize].terminal => Some(s),
            Some(_) => {
                self.error(
                    Diagnostic::new(
                        format!(
                            "`{}` is a terminal; only nonterminals are rewritten",
                            name.node
                        ),
                        name.span.clone(),
                    )
                    .with_label("a terminal"),
                );
                None
            }
            None => {
                self.report_unknown(name, "nonterminal");
                None
            }
        }
    }

    fn check_symbol_types(&mut self, symbol: u32, types: &[Type], name_span: &Span, span: &Span) {
        let params = self.symbols[symbol as usize].params.clone();
        if params.len() != types.len() {
            self.error(self.arity(
                &self.symbols[symbol as usize].name.clone(),
                params.len(),
                types.len(),
                span,
            ));
            return;
        }
        for (t, want) in types.iter().zip(&params) {
            self.expect(t, want, name_span);
        }
    }

    /// The actual parameters of a symbol occurrence (pi_k), checked against its declaration.
    fn symbol_args(
        &mut self,
        symbol: u32,
        args: &[Expr],
        span: &Span,
        scope: &mut Scope,
    ) -> Vec<Ex> {
        let params = self.symbols[symbol as usize].params.clone();
        let name = self.symbols[symbol as usize].name.clone();
        if params.len() != args.len() {
            self.error(self.arity(&name, params.len(), args.len(), span));
        }
        args.iter()
            .enumerate()
            .map(|(i, a)| {
                let (ex, ty) = self.expr(a, scope);
                if let Some(want) = params.get(i) {
                    self.expect(&ty, want, a.span());
                }
                ex
            })
            .collect()
    }

    fn rows(
        &mut self,
        ast: &GrammarAst,
        families: &[(Family, String, &Expr)],
    ) -> (Option<Vec<Row>>, Option<Rc<[Choice]>>) {
        let decls: Vec<&ast::Row> = ast
            .items
            .iter()
            .filter_map(|i| match i {
                Item::Productions { rows, .. } => Some(rows),
                _ => None,
            })
            .flatten()
            .collect();
        if decls.is_empty() && self.broken.rows {
            return (None, None);
        }
        if decls.is_empty() {
            let span = ast.items.last().map_or(0..0, item_span);
            self.error(
                Diagnostic::new("the grammar has no productions", span.end..span.end).with_note(
                    "add a table after `productions`: `1 | Q | S(x) -> A(x) | | {2} | {}`",
                ),
            );
            return (None, None);
        }
        // Labels first, so that label sets can refer to rows further down.
        let mut by_number: HashMap<u64, (usize, Option<u32>)> = HashMap::new();
        for (i, r) in decls.iter().enumerate() {
            let number = r.label.number.node;
            let family = match &r.label.index {
                None => None,
                Some(index) => match families.iter().position(|(f, _, _)| f.base == number) {
                    Some(f) => {
                        if families[f].1 != index.node {
                            self.error(
                                Diagnostic::new(
                                    format!(
                                        "family `{}` is indexed by `{}`, not `{}`",
                                        families[f].0.name, families[f].1, index.node
                                    ),
                                    index.span.clone(),
                                )
                                .with_related(
                                    families[f].0.span.clone(),
                                    "the family is declared here",
                                ),
                            );
                        }
                        Some(f as u32)
                    }
                    None if self.broken.families || self.broken.unknown_names => None,
                    None => {
                        self.error(
                            Diagnostic::new(
                                format!("no family declares the label {number}_{}", index.node),
                                r.label.span.clone(),
                            )
                            .with_label("undeclared family")
                            .with_note(format!(
                                "add e.g. `family NAME = {number}_{} for {} in 1..n`",
                                index.node, index.node
                            )),
                        );
                        None
                    }
                },
            };
            if let Some((first, _)) = by_number.get(&number) {
                let first_span = decls[*first].label.span.clone();
                self.error(
                    Diagnostic::new(
                        format!("label {number} is used by two productions"),
                        r.label.span.clone(),
                    )
                    .with_label("used again")
                    .with_related(first_span, "first used here"),
                );
                continue;
            }
            by_number.insert(number, (i, family));
        }
        for (f, _, _) in families {
            if !self.broken.rows
                && !by_number
                    .values()
                    .any(|(_, fam)| fam.is_some_and(|x| families[x as usize].0.base == f.base))
            {
                self.error(
                    Diagnostic::new(
                        format!(
                            "family `{}` has no production labelled {}_…",
                            f.name, f.base
                        ),
                        f.span.clone(),
                    )
                    .with_label("unused family"),
                );
            }
        }
        let resolve_set = |c: &mut Self, set: &LabelSet| -> Rc<[Choice]> {
            let mut choices = Vec::new();
            match set {
                LabelSet::Family(name) => {
                    match families.iter().position(|(f, _, _)| f.name == name.node) {
                        Some(f) => {
                            if let Some((row, _)) = by_number.get(&families[f].0.base) {
                                choices.push(Choice::Family(*row as u32));
                            }
                        }
                        None if c.maybe_broken(&name.node) => {}
                        None => {
                            let names: Vec<&str> =
                                families.iter().map(|(f, _, _)| f.name.as_str()).collect();
                            let mut d = Diagnostic::new(
                                format!("unknown family `{}`", name.node),
                                name.span.clone(),
                            )
                            .with_label("not defined");
                            if let Some(best) = closest(&name.node, &names) {
                                d = d.with_note(format!("did you mean `{best}`?"));
                            }
                            c.error(d)
                        }
                    }
                }
                LabelSet::Labels(labels, _) => {
                    for l in labels {
                        match (by_number.get(&l.number), l.member) {
                            (None, _) if c.broken.rows => {}
                            (None, _) => c.error(
                                Diagnostic::new(
                                    format!("no production is labelled {}", l.number),
                                    l.span.clone(),
                                )
                                .with_label("unknown label"),
                            ),
                            (Some((row, None)), None) => choices.push(Choice::Row(*row as u32)),
                            (Some((row, Some(f))), Some(m)) => {
                                let (family, _, range) = &families[*f as usize];
                                let size = literal_size(range);
                                if m == 0 {
                                    c.error(
                                        Diagnostic::new(
                                            "family members are numbered from 1",
                                            l.span.clone(),
                                        )
                                        .with_label("member 0"),
                                    );
                                } else if let Some(size) = size.filter(|&k| m > k) {
                                    c.error(
                                        Diagnostic::new(
                                            format!(
                                                "label {}_{m} does not exist: family `{}` has {size} member{}",
                                                l.number,
                                                family.name,
                                                if size == 1 { "" } else { "s" }
                                            ),
                                            l.span.clone(),
                                        )
                                        .with_label("index out of range")
                                        .with_note(format!(
                                            "`{}` declares the family over {}",
                                            family.name,
                                            range_text(range)
                                        )),
                                    );
                                } else {
                                    choices.push(Choice::Member(*row as u32, m));
                                }
                            }
                            (Some((_, Some(f))), None) => c.error(
                                Diagnostic::new(
                                    format!("label {} is a family", l.number),
                                    l.span.clone(),
                                )
                                .with_label("a family, not one production")
                                .with_note(format!(
                                    "name the family (`{}`) or one member (`{}_1`)",
                                    families[*f as usize].0.name, l.number
                                )),
                            ),
                            (Some((_, None)), Some(_)) => c.error(
                                Diagnostic::new(
                                    format!("label {} is not a family", l.number),
                                    l.span.clone(),
                                )
                                .with_label("no members"),
                            ),
                        }
                    }
                }
            }
            choices.into()
        };
        let mut rows = Vec::new();
        for r in &decls {
            let Some(&(_, family)) = by_number.get(&r.label.number.node) else {
                rows.push(None);
                continue;
            };
            let on_success = resolve_set(self, &r.on_success);
            let on_failure = resolve_set(self, &r.on_failure);
            rows.push(self.row(r, family, families, on_success, on_failure));
        }
        let initial = match by_number.get(&1) {
            Some((row, None)) => Some(Rc::from(vec![Choice::Row(*row as u32)])),
            Some((row, Some(_))) => Some(Rc::from(vec![Choice::Family(*row as u32)])),
            None if self.broken.rows => None,
            None => {
                self.error(
                    Diagnostic::new("no production is labelled 1", decls[0].label.span.clone())
                        .with_label("the first production")
                        .with_note("a derivation starts from the permissible set {1}"),
                );
                None
            }
        };
        if rows.iter().any(Option::is_none) {
            return (None, initial);
        }
        (
            Some(rows.into_iter().map(Option::unwrap).collect()),
            initial,
        )
    }

    fn row(
        &mut self,
        r: &ast::Row,
        family: Option<u32>,
        families: &[(Family, String, &Expr)],
        on_success: Rc<[Choice]>,
        on_failure: Rc<[Choice]>,
    ) -> Option<Row> {
        let lhs = self.nonterminal(&r.kernel.lhs)?;
        let params = self.symbols[lhs as usize].params.clone();
        let mut scope = Scope::default();
        if params.len() != r.kernel.params.len() {
            self.error(self.arity(
                &r.kernel.lhs.node,
                params.len(),
                r.kernel.params.len(),
                &r.kernel.span,
            ));
        }
        let patterns: Vec<Pat> = r
            .kernel
            .params
            .iter()
            .zip(params.iter().chain(std::iter::repeat(&Type::Any)))
            .map(|(p, t)| self.pattern(p, t, &mut scope))
            .collect();
        // A family's range is compiled here, in the row's scope: it may read the patterns.
        let pattern_slots = scope.next;
        let mut range = None;
        let mut range_fixed = false;
        let index_slot = family.map(|f| {
            let (_, name, range_ast) = &families[f as usize];
            let (ex, ty) = self.expr(range_ast, &mut scope);
            let element = match ty {
                Type::Set(t) => *t,
                Type::Any => Type::Any,
                other => {
                    let shown = self.show(&other);
                    self.error(
                        Diagnostic::new(
                            format!("a family ranges over a set, found {shown}"),
                            range_ast.span().clone(),
                        )
                        .with_label("not a set")
                        .with_note("e.g. `family two = 2_i for i in 1..n`"),
                    );
                    Type::Any
                }
            };
            range_fixed = !uses_any(&ex, &(0..pattern_slots).collect::<Vec<_>>())
                && !self.reads_vars_ex(&ex, &mut HashSet::new());
            range = Some(ex);
            scope.bind(name, element)
        });
        let (condition, ty) = self.expr(&r.condition, &mut scope);
        self.expect(&ty, &Type::Bool, r.condition.span());
        let mut rhs = Vec::new();
        for call in &r.kernel.rhs {
            match self.symbol_index.get(&call.name.node) {
                Some(&s) => {
                    let args = self.symbol_args(s, &call.args, &call.span, &mut scope);
                    rhs.push((s, args));
                }
                None => self.report_unknown(&call.name, "symbol"),
            }
        }
        let mut assigns = Vec::new();
        let mut targets: HashMap<usize, Span> = HashMap::new();
        for a in &r.assignments {
            let (target, span) = match a {
                ast::Assignment::Whole { target, span, .. }
                | ast::Assignment::Each { target, span, .. } => (target, span),
            };
            let var = match self.names.get(&target.node) {
                Some((Binding::Global(g), _))
                    if self.globals[*g as usize].kind == GlobalKind::Var =>
                {
                    *g
                }
                Some((Binding::Global(g), _)) => {
                    let kind = match self.globals[*g as usize].kind {
                        GlobalKind::Input => "an input",
                        GlobalKind::StartParam => "a start parameter",
                        _ => "a constant",
                    };
                    self.error(
                        Diagnostic::new(format!("`{}` is {kind} and cannot be assigned", target.node), target.span.clone())
                            .with_label("not a var")
                            .with_note("declare it with `var NAME: TYPE = VALUE` to let productions reassign it"),
                    );
                    continue;
                }
                Some((Binding::Broken, _)) => continue,
                _ => {
                    self.report_unknown(target, "var");
                    continue;
                }
            };
            let var_index = self.globals[var as usize]
                .var_index
                .expect("vars have an index");
            if let Some(first) = targets.insert(var_index, span.clone()) {
                self.error(
                    Diagnostic::new(
                        format!("`{}` is assigned twice in one production", target.node),
                        span.clone(),
                    )
                    .with_related(first, "first assigned here"),
                );
            }
            let var_ty = self.globals[var as usize].ty.clone();
            match a {
                ast::Assignment::Whole { value, .. } => {
                    let (ex, ty) = self.expr(value, &mut scope);
                    self.expect(&ty, &var_ty, value.span());
                    assigns.push(Assign {
                        var: var_index,
                        kind: AssignKind::Whole(ex),
                    });
                }
                ast::Assignment::Each {
                    var: z,
                    value,
                    domain,
                    ..
                } => {
                    if !matches!(domain, Expr::Name(n) if n.node == "X") {
                        self.error(
                            Diagnostic::new(
                                "a vector is assigned for every point: write `for z in X`",
                                domain.span().clone(),
                            )
                            .with_label("expected `X`"),
                        );
                    }
                    let Type::Vector(element) = var_ty else {
                        let shown = self.show(&var_ty);
                        self.error(
                            Diagnostic::new(
                                format!("`{}` is {shown}, not a vector", target.node),
                                target.span.clone(),
                            )
                            .with_label("indexed assignment needs a vector"),
                        );
                        continue;
                    };
                    let mark = scope.mark();
                    let slot = scope.bind(&z.node, Type::Point);
                    scope.loops.push(slot);
                    let (ex, ty) = self.expr(value, &mut scope);
                    scope.reset(mark);
                    self.expect(&ty, &element, value.span());
                    assigns.push(Assign {
                        var: var_index,
                        kind: AssignKind::Each { slot, value: ex },
                    });
                }
            }
        }
        let shared_condition = index_slot.is_none_or(|s| !uses_slot(&condition, s));
        Some(Row {
            label: match &r.label.index {
                Some(i) => format!("{}_{}", r.label.number.node, i.node),
                None => r.label.number.node.to_string(),
            },
            family,
            range,
            range_fixed,
            lhs,
            patterns,
            index_slot,
            index_like: false,
            frame: scope.max as usize,
            condition,
            shared_condition,
            rhs,
            assigns,
            on_success,
            on_failure,
            span: r.span.clone(),
        })
    }

    fn pattern(&mut self, p: &Pattern, ty: &Type, scope: &mut Scope) -> Pat {
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

    fn expect(&mut self, found: &Type, want: &Type, span: &Span) {
        if !found.fits(want) {
            let (found, want) = (self.show(found), self.show(want));
            self.error(
                Diagnostic::new(format!("expected {want}, found {found}"), span.clone())
                    .with_label(format!("this is {found}")),
            );
        }
    }

    /// "unknown X `name`", with a did-you-mean among the names of the right kind.
    fn unknown(&self, name: &ast::Name, what: &str) -> Diagnostic {
        self.unknown_among(name, what, &[])
    }

    fn unknown_among(&self, name: &ast::Name, what: &str, locals: &[&str]) -> Diagnostic {
        let of_kind = |b: &Binding| match what {
            "symbol" | "nonterminal" => matches!(b, Binding::Symbol),
            "function" => matches!(
                b,
                Binding::Function(_) | Binding::Import(_) | Binding::BrokenImport
            ),
            "var" => {
                matches!(b, Binding::Global(g) if self.globals[*g as usize].kind == GlobalKind::Var)
            }
            _ => matches!(b, Binding::Global(_) | Binding::EnumValue(..)),
        };
        let mut candidates: Vec<&str> = self
            .names
            .iter()
            .filter(|(_, (b, _))| of_kind(b))
            .map(|(n, _)| n.as_str())
            .collect();
        match what {
            "function" => candidates.extend(BUILTINS),
            "name" => {
                candidates.extend(RESERVED_GLOBALS);
                candidates.extend(locals);
            }
            _ => {}
        }
        let mut d = Diagnostic::new(format!("unknown {what} `{}`", name.node), name.span.clone())
            .with_label("not defined");
        if let Some(best) = closest(&name.node, &candidates) {
            d = d.with_note(format!("did you mean `{best}`?"));
        }
        d
    }

    fn arity(&self, name: &str, want: usize, found: usize, span: &Span) -> Diagnostic {
        let s = |k: usize| if k == 1 { "" } else { "s" };
        Diagnostic::new(
            format!(
                "`{name}` takes {want} argument{}, but {found} {} given",
                s(want),
                if found == 1 { "is" } else { "are" }
            ),
            span.clone(),
        )
        .with_label(format!("{found} argument{}", s(found)))
    }

    fn invalid(&self) -> (Ex, Type) {
        (Ex::Const(Value::Int(0)), Type::Any)
    }

    fn expr(&mut self, e: &Expr, scope: &mut Scope) -> (Ex, Type) {
        match e {
            Expr::Int(i, _) => (Ex::Const(Value::Int(*i)), Type::Int),
            Expr::Bool(b, _) => (Ex::Const(Value::Bool(*b)), Type::Bool),
            Expr::Name(n) => self.name(n, scope),
            Expr::Call { name, args, span } => self.call(name, args, span, scope),
            Expr::Index { base, index, span } => {
                let (b, bt) = self.expr(base, scope);
                let (i, it) = self.expr(index, scope);
                let (kind, ty) = match (&bt, &it) {
                    (Type::Vector(t), Type::Point) => (IndexKind::VectorAtPoint, (**t).clone()),
                    (Type::Vector(t), Type::Int | Type::Any) => {
                        (IndexKind::VectorAtNumber, (**t).clone())
                    }
                    (Type::Trajectory, Type::Int | Type::Any) => {
                        (IndexKind::TrajectoryStop, Type::Point)
                    }
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
            Expr::Field { base, field, span } => {
                let (b, bt) = self.expr(base, scope);
                match bt {
                    Type::Tuple(ts) if (field.node as usize) < ts.len() => (
                        Ex::Field(Box::new(b), field.node as usize),
                        ts[field.node as usize].clone(),
                    ),
                    Type::Any => self.invalid(),
                    other => {
                        let shown = self.show(&other);
                        self.error(
                            Diagnostic::new(
                                format!("{shown} has no field {}", field.node),
                                span.clone(),
                            )
                            .with_label("no such field"),
                        );
                        self.invalid()
                    }
                }
            }
            Expr::Unary { op, expr, .. } => {
                let (x, t) = self.expr(expr, scope);
                match op.node {
                    UnOp::Neg => {
                        self.expect(&t, &Type::Int, expr.span());
                        (Ex::Neg(Box::new(x)), Type::Int)
                    }
                    UnOp::Not => {
                        self.expect(&t, &Type::Bool, expr.span());
                        (Ex::Not(Box::new(x)), Type::Bool)
                    }
                }
            }
            Expr::Binary { op, lhs, rhs, span } => self.binary(op, lhs, rhs, span, scope),
            Expr::If {
                cond,
                then,
                otherwise,
                span,
            } => {
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
            Expr::Let {
                pattern,
                value,
                body,
                ..
            } => {
                let (v, vt) = self.expr(value, scope);
                let mark = scope.mark();
                let p = self.pattern(pattern, &vt, scope);
                let (b, bt) = self.expr(body, scope);
                scope.reset(mark);
                (Ex::Let(p, Box::new(v), Box::new(b)), bt)
            }
            Expr::Tuple(items, _) => {
                let (exs, tys): (Vec<Ex>, Vec<Type>) =
                    items.iter().map(|i| self.expr(i, scope)).unzip();
                (Ex::Tuple(exs), Type::Tuple(tys))
            }
            Expr::SetLiteral(items, _) => {
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
            Expr::Range { from, to, .. } => {
                let (a, at) = self.expr(from, scope);
                let (b, bt) = self.expr(to, scope);
                self.expect(&at, &Type::Int, from.span());
                self.expect(&bt, &Type::Int, to.span());
                (
                    Ex::Range(Box::new(a), Box::new(b)),
                    Type::Set(Box::new(Type::Int)),
                )
            }
            Expr::Comprehension {
                element, clauses, ..
            } => {
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
                    },
                    Type::Set(Box::new(et)),
                )
            }
            Expr::Quantified {
                quantifier,
                pattern,
                domain,
                body,
                ..
            } => {
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
                        exists: *quantifier == Quantifier::Exists,
                        pattern: p,
                        domain: Box::new(d),
                        body: Box::new(b),
                    },
                    Type::Bool,
                )
            }
            Expr::Vector { var, body, .. } => {
                let mark = scope.mark();
                let slot = scope.bind(&var.node, Type::Point);
                scope.loops.push(slot);
                let (b, bt) = self.expr(body, scope);
                scope.reset(mark);
                (
                    Ex::VectorBuild {
                        slot,
                        body: Box::new(b),
                    },
                    Type::Vector(Box::new(bt)),
                )
            }
        }
    }

    fn element_type(&mut self, t: &Type, span: &Span) -> Type {
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

    fn name(&mut self, n: &ast::Name, scope: &mut Scope) -> (Ex, Type) {
        if let Some(local) = scope.lookup(&n.node) {
            return (Ex::Local(local.slot), local.ty.clone());
        }
        match n.node.as_str() {
            "n" => return (Ex::Board(BoardValue::N), Type::Int),
            "X" => {
                return (
                    Ex::Board(BoardValue::Points),
                    Type::Set(Box::new(Type::Point)),
                );
            }
            "PIECES" => {
                return (
                    Ex::Board(BoardValue::Pieces),
                    Type::Set(Box::new(Type::Piece)),
                );
            }
            "white" => {
                return (
                    Ex::Const(Value::Enum(SIDE_ENUM as u16, 0)),
                    Type::Enum(SIDE_ENUM),
                );
            }
            "black" => {
                return (
                    Ex::Const(Value::Enum(SIDE_ENUM as u16, 1)),
                    Type::Enum(SIDE_ENUM),
                );
            }
            _ => {}
        }
        match self.names.get(&n.node).cloned() {
            Some((Binding::Broken, _)) => self.invalid(),
            Some((Binding::Global(g), _)) => {
                if !self.declared.contains(&g) {
                    self.error(
                        Diagnostic::new(
                            format!("`{}` is used before its declaration", n.node),
                            n.span.clone(),
                        )
                        .with_related(self.globals[g as usize].span.clone(), "declared here")
                        .with_note("initial values are computed in the order of the file"),
                    );
                }
                (Ex::Global(g), self.globals[g as usize].ty.clone())
            }
            Some((Binding::EnumValue(e, i), _)) => {
                (Ex::Const(Value::Enum(e, i)), Type::Enum(e as usize))
            }
            Some((Binding::Function(_), _)) => {
                self.error(
                    Diagnostic::new(
                        format!("`{}` is a function; call it with its arguments", n.node),
                        n.span.clone(),
                    )
                    .with_label("a function"),
                );
                self.invalid()
            }
            Some((Binding::Import(_) | Binding::BrokenImport, _)) => {
                self.error(
                    Diagnostic::new(
                        format!(
                            "`{}` is an imported grammar; call it with a start symbol",
                            n.node
                        ),
                        n.span.clone(),
                    )
                    .with_note(format!("e.g. `{}(S(x, y, l), p = q)`", n.node)),
                );
                self.invalid()
            }
            Some((Binding::Symbol, _)) => {
                self.error(
                    Diagnostic::new(
                        format!("`{}` is a grammar symbol, not a value", n.node),
                        n.span.clone(),
                    )
                    .with_label("symbols appear in kernels"),
                );
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
        match op.node {
            BinOp::Add | BinOp::Mul | BinOp::Div | BinOp::Mod => {
                self.expect(&at, &Type::Int, lhs.span());
                self.expect(&bt, &Type::Int, rhs.span());
                let o = match op.node {
                    BinOp::Add => Op::Add,
                    BinOp::Mul => Op::Mul,
                    BinOp::Div => Op::Div,
                    _ => Op::Mod,
                };
                (mk(o, a, b), Type::Int)
            }
            BinOp::Sub if both_sets => {
                self.same_sets(&at, &bt, span);
                (mk(Op::Diff, a, b), at.join(&bt))
            }
            BinOp::Sub => {
                self.expect(&at, &Type::Int, lhs.span());
                self.expect(&bt, &Type::Int, rhs.span());
                (mk(Op::Sub, a, b), Type::Int)
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
                (
                    mk(
                        if op.node == BinOp::Union {
                            Op::Union
                        } else {
                            Op::Inter
                        },
                        a,
                        b,
                    ),
                    at.join(&bt),
                )
            }
            BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => {
                self.expect(&at, &Type::Int, lhs.span());
                self.expect(&bt, &Type::Int, rhs.span());
                let o = match op.node {
                    BinOp::Lt => Op::Lt,
                    BinOp::Le => Op::Le,
                    BinOp::Gt => Op::Gt,
                    _ => Op::Ge,
                };
                (mk(o, a, b), Type::Bool)
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
                (
                    mk(if op.node == BinOp::Eq { Op::Eq } else { Op::Ne }, a, b),
                    Type::Bool,
                )
            }
            BinOp::And | BinOp::Or => {
                self.expect(&at, &Type::Bool, lhs.span());
                self.expect(&bt, &Type::Bool, rhs.span());
                (
                    mk(
                        if op.node == BinOp::And {
                            Op::And
                        } else {
                            Op::Or
                        },
                        a,
                        b,
                    ),
                    Type::Bool,
                )
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
                (mk(Op::In, a, b), Type::Bool)
            }
        }
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
            None if BUILTINS.contains(&name.node.as_str()) => self.builtin(name, args, span, scope),
            None => {
                self.report_unknown(name, "function");
                self.loose_args(args, false, scope);
                self.invalid()
            }
        }
    }

    fn no_named(&mut self, args: &[Arg]) {
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

    fn builtin(
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
                let element = self.element_type(&typed[0].1, &typed[0].2);
                want(self, 1, &Type::Int);
                if typed.len() == 3 {
                    want(self, 2, &element);
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

    /// `G(S(args), input = value, ...)`: the language of an imported grammar.
    fn language(
        &mut self,
        import: u32,
        name: &ast::Name,
        args: &[Arg],
        span: &Span,
        scope: &mut Scope,
    ) -> (Ex, Type) {
        let program = self.imports[import as usize].program.clone();
        let trajectory_like = program
            .symbols
            .iter()
            .filter(|s| s.terminal)
            .all(|s| s.params == [Type::Point]);
        if !trajectory_like {
            self.error(
                Diagnostic::new(format!("the language of `{}` is not a set of trajectories", name.node), name.span.clone())
                    .with_note("an imported grammar's terminals must each carry one point, like `terminal a(x: point)`"),
            );
        }
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
                start,
                inputs,
                span: span.clone(),
            },
            Type::Set(Box::new(Type::Trajectory)),
        )
    }

    /// Memoisation and family truncation (see the module comment).
    fn analyse(&mut self, rows: &mut [Row]) {
        // Index-like parameters: start with every int parameter, drop those used otherwise.
        let mut index_like: Vec<Vec<bool>> = self
            .functions
            .iter()
            .enumerate()
            .map(|(f, func)| {
                (0..func.params)
                    .map(|p| self.sigs[f].params[p] == Type::Int)
                    .collect()
            })
            .collect();
        loop {
            let mut changed = false;
            for f in 0..self.functions.len() {
                for p in 0..self.functions[f].params {
                    if index_like[f][p]
                        && !only_index_uses(&self.functions[f].body, p as Slot, &index_like)
                    {
                        index_like[f][p] = false;
                        changed = true;
                    }
                }
            }
            if !changed {
                break;
            }
        }
        for (func, params) in self.functions.iter_mut().zip(&index_like) {
            let slots: Vec<Slot> = (0..func.params as Slot)
                .filter(|&p| params[p as usize])
                .collect();
            mark_reports(&mut func.body, &slots);
        }
        let reads_vars: Vec<bool> = (0..self.functions.len())
            .map(|f| {
                let mut seen = HashSet::new();
                self.reads_vars_fn(f as u32, &mut seen)
            })
            .collect();
        // Memoise what is worth it: a hash of the arguments costs more than a one-line formula,
        // so only functions that build sets, quantify or derive languages (or call such) qualify.
        let mut costly: Vec<bool> = self.functions.iter().map(|f| is_costly(&f.body)).collect();
        loop {
            let mut changed = false;
            for f in 0..self.functions.len() {
                if !costly[f] && calls_any(&self.functions[f].body, &costly) {
                    costly[f] = true;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        for (f, func) in self.functions.iter_mut().enumerate() {
            func.memo = costly[f] && !reads_vars[f] && !index_like[f].iter().any(|&b| b);
        }
        finish_rows(rows, &index_like);
    }

    fn reads_vars_fn(&self, f: u32, seen: &mut HashSet<u32>) -> bool {
        if !seen.insert(f) {
            return false;
        }
        self.reads_vars_ex(&self.functions[f as usize].body, seen)
    }

    fn reads_vars_ex(&self, e: &Ex, seen: &mut HashSet<u32>) -> bool {
        let mut found = false;
        walk(e, &mut |x| match x {
            Ex::Global(g) if self.globals[*g as usize].kind == GlobalKind::Var => found = true,
            Ex::Call { func, .. } if self.reads_vars_fn(*func, seen) => found = true,
            _ => {}
        });
        found
    }
}

/// Rows get their `index_like` flag and report marks once functions are analysed.
fn finish_rows(rows: &mut [Row], index_like: &[Vec<bool>]) {
    for row in rows {
        let Some(slot) = row.index_slot else { continue };
        let ok = only_index_uses(&row.condition, slot, index_like)
            && row
                .rhs
                .iter()
                .all(|(_, args)| args.iter().all(|a| only_index_uses(a, slot, index_like)))
            && row.assigns.iter().all(|a| match &a.kind {
                AssignKind::Whole(x) | AssignKind::Each { value: x, .. } => {
                    only_index_uses(x, slot, index_like)
                }
            });
        row.index_like = ok;
        if ok {
            mark_reports(&mut row.condition, &[slot]);
            for (_, args) in &mut row.rhs {
                for a in args {
                    mark_reports(a, &[slot]);
                }
            }
            for a in &mut row.assigns {
                match &mut a.kind {
                    AssignKind::Whole(x) | AssignKind::Each { value: x, .. } => {
                        mark_reports(x, &[slot])
                    }
                }
            }
        }
    }
}

/// Whether local `slot` occurs in `e` only as a `pick` index or as an index-like argument.
fn only_index_uses(e: &Ex, slot: Slot, index_like: &[Vec<bool>]) -> bool {
    match e {
        Ex::Local(s) => *s != slot,
        Ex::Pick {
            set,
            index,
            fallback,
            ..
        } => {
            let index_ok = matches!(**index, Ex::Local(s) if s == slot)
                || only_index_uses(index, slot, index_like);
            index_ok
                && only_index_uses(set, slot, index_like)
                && fallback
                    .as_ref()
                    .is_none_or(|f| only_index_uses(f, slot, index_like))
        }
        Ex::Call { func, args, .. } => args.iter().enumerate().all(|(i, a)| {
            (matches!(a, Ex::Local(s) if *s == slot)
                && index_like[*func as usize].get(i).copied().unwrap_or(false))
                || only_index_uses(a, slot, index_like)
        }),
        other => {
            let mut ok = true;
            children(other, &mut |c| ok &= only_index_uses(c, slot, index_like));
            ok
        }
    }
}

/// Whether evaluating `e` builds sets or vectors, quantifies or derives a language.
fn is_costly(e: &Ex) -> bool {
    let mut found = false;
    walk(e, &mut |x| {
        found |= matches!(
            x,
            Ex::Comprehension { .. }
                | Ex::Quantified { .. }
                | Ex::VectorBuild { .. }
                | Ex::Language { .. }
                | Ex::Range(..)
        );
    });
    found
}

fn calls_any(e: &Ex, functions: &[bool]) -> bool {
    let mut found = false;
    walk(e, &mut |x| {
        if let Ex::Call { func, .. } = x {
            found |= functions[*func as usize];
        }
    });
    found
}

/// Marks the picks whose index is one of `slots`.
fn mark_reports(e: &mut Ex, slots: &[Slot]) {
    if let Ex::Pick { index, report, .. } = e
        && matches!(**index, Ex::Local(s) if slots.contains(&s))
    {
        *report = true;
    }
    children_mut(e, &mut |c| mark_reports(c, slots));
}

/// Whether `e` reads local `slot`.
pub fn uses_slot(e: &Ex, slot: Slot) -> bool {
    uses_any(e, &[slot])
}

pub fn uses_any(e: &Ex, slots: &[Slot]) -> bool {
    let mut found = false;
    walk(e, &mut |x| {
        if let Ex::Local(s) = x {
            found |= slots.contains(s);
        }
    });
    found
}

/// The number of members of a family whose range is written with constants only (`1..3`,
/// `{1, 2, 5}`), so that a member past the end is an error before anything runs. Ranges that
/// depend on the board (`1..n`) are checked when the derivation reaches them.
fn literal_size(range: &Expr) -> Option<u64> {
    match range {
        Expr::Range { from, to, .. } => match (&**from, &**to) {
            (Expr::Int(a, _), Expr::Int(b, _)) => Some(if b < a { 0 } else { (b - a + 1) as u64 }),
            _ => None,
        },
        Expr::SetLiteral(items, _) => {
            let mut ints: Vec<i64> = items
                .iter()
                .map(|e| match e {
                    Expr::Int(v, _) => Some(*v),
                    _ => None,
                })
                .collect::<Option<_>>()?;
            ints.sort_unstable();
            ints.dedup();
            Some(ints.len() as u64)
        }
        _ => None,
    }
}

fn range_text(range: &Expr) -> String {
    match range {
        Expr::Range { from, to, .. } => match (&**from, &**to) {
            (Expr::Int(a, _), Expr::Int(b, _)) => format!("{a}..{b}"),
            _ => "its range".into(),
        },
        Expr::SetLiteral(items, _) => {
            let parts: Vec<String> = items
                .iter()
                .filter_map(|e| match e {
                    Expr::Int(v, _) => Some(v.to_string()),
                    _ => None,
                })
                .collect();
            format!("{{{}}}", parts.join(", "))
        }
        _ => "its range".into(),
    }
}

/// The built-ins with one signature: their parameter types, operation and result type.
fn fixed_signature(name: &str) -> Option<(Vec<Type>, Builtin, Type)> {
    use Type::{Piece, Point, Trajectory};
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
        _ => return None,
    })
}

/// Visits `e` and every expression inside it.
pub fn walk(e: &Ex, f: &mut dyn FnMut(&Ex)) {
    f(e);
    children(e, &mut |c| walk(c, f));
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
            Ex::Field(x, _) | Ex::Not(x) | Ex::Neg(x) => $f(x),
            Ex::Binary { lhs, rhs, .. } => {
                $f(lhs);
                $f(rhs);
            }
            Ex::If(a, b, c) => {
                $f(a);
                $f(b);
                $f(c);
            }
            Ex::Let(_, a, b) | Ex::Range(a, b) => {
                $f(a);
                $f(b);
            }
            Ex::Comprehension { element, clauses } => {
                for c in clauses {
                    match c {
                        Clause::Generator(_, d) | Clause::Filter(d) => $f(d),
                    }
                }
                $f(element);
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

fn children(e: &Ex, f: &mut dyn FnMut(&Ex)) {
    each_child!(e, f, iter)
}

pub(super) fn children_mut(e: &mut Ex, f: &mut dyn FnMut(&mut Ex)) {
    each_child!(e, f, iter_mut)
}

fn item_span(item: &Item) -> Span {
    match item {
        Item::Grammar(n) => n.span.clone(),
        Item::Input(p) => p.span.clone(),
        Item::Start(s) => s.span.clone(),
        Item::Import { span, .. } | Item::Enum { span, .. } | Item::Productions { span, .. } => {
            span.clone()
        }
        Item::Symbol(s) => s.span.clone(),
        Item::Var(b) | Item::Const(b) => b.span.clone(),
        Item::Function(f) => f.span.clone(),
        Item::Family(f) => f.span.clone(),
    }
}

fn stem(path: &str) -> String {
    std::path::Path::new(path)
        .file_stem()
        .map_or_else(|| path.to_string(), |s| s.to_string_lossy().into_owned())
}

/// The candidate closest to `name` by edit distance, if close enough to be a likely typo.
pub fn closest<'a>(name: &str, candidates: &[&'a str]) -> Option<&'a str> {
    let len = name.chars().count();
    let mut best: Option<(usize, &str)> = None;
    for &c in candidates {
        let d = edit_distance(&name.to_lowercase(), &c.to_lowercase());
        // Replacing every letter of a short name is no evidence of a typo.
        if d < len
            && d <= (len.max(2) / 3).max(1)
            && best.is_none_or(|(bd, bc)| d < bd || (d == bd && c < bc))
        {
            best = Some((d, c));
        }
    }
    best.map(|(_, c)| c)
}
