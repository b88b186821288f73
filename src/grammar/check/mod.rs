//! The checker: resolves every name, checks every type and compiles a grammar's syntax tree
//! into a [`Program`], reporting all errors at once before anything runs.
//!
//! This file holds the checker's state, the entry [`check`] and what every part shares (the
//! global names and the diagnostics); `items.rs` checks declarations, initialisers and function
//! bodies, `imports.rs` imported grammars and their languages, `rows.rs` productions, labels,
//! families and F_T/F_F, `expr.rs` expressions, patterns and types, `builtins.rs` calls to
//! built-ins, and `analysis.rs` the two analyses that make the compiled program fast without
//! changing what it means (memoisation and family truncation).

use std::collections::{HashMap, HashSet};
use std::rc::Rc;

use super::ast::{self, GrammarAst, Item};
use super::builtin::is_builtin;
use super::ir::*;
use super::types::Type;
use super::value::Value;
use crate::syntax::suggest::edit_distance;
use crate::syntax::{Diagnostic, Span};

mod analysis;
mod builtins;
mod expr;
mod imports;
mod items;
mod rows;

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
    /// Per function, whether it reads a `var` (see `reads_vars_fns`).
    reads_vars: Option<Vec<bool>>,
    /// How many more unknown names get a did-you-mean note: each looks at every name of the
    /// grammar, so a file of 20,000 calls to unknown functions among 20,000 functions took 80 s.
    suggestions_left: std::cell::Cell<usize>,
}

/// The most unknown names of a file that get a did-you-mean note (far more than are shown).
const MAX_SUGGESTIONS: usize = 200;

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
        reads_vars: None,
        suggestions_left: std::cell::Cell::new(MAX_SUGGESTIONS),
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

const RESERVED_GLOBALS: &[&str] = &["X", "PIECES", "n", "white", "black", "side", "START"];

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
            code: Default::default(),
        })
    }

    /// Adds a global name, reporting clashes.
    fn define(&mut self, name: &ast::Name, binding: Binding) -> bool {
        if RESERVED_GLOBALS.contains(&name.node.as_str()) || is_builtin(&name.node) {
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

    /// Whether another unknown name gets a did-you-mean note (counted: [`MAX_SUGGESTIONS`]).
    fn may_suggest(&self) -> bool {
        let left = self.suggestions_left.get();
        self.suggestions_left.set(left.saturating_sub(1));
        left > 0
    }

    fn unknown_among(&self, name: &ast::Name, what: &str, locals: &[&str]) -> Diagnostic {
        let d = Diagnostic::new(format!("unknown {what} `{}`", name.node), name.span.clone())
            .with_label("not defined");
        if !self.may_suggest() {
            return d;
        }
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
            "function" => crate::grammar::builtin::names().for_each(|n| candidates.push(n)),
            "name" => {
                candidates.extend(RESERVED_GLOBALS);
                candidates.extend(locals);
            }
            _ => {}
        }
        let mut d = d;
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
