//! A readable dump of a checked program's IR: what the evaluator compiles, after inlining and
//! narrowing, one node a line, indented by depth, each node that carries a span followed by its
//! `@line:col` in the grammar file. The dumps of the shipped grammars are golden snapshots
//! (tests/it/ir_dumps.rs), so that a change to the checker's output, or to a pass over it, shows
//! as a diff of the IR it makes.
//!
//! The dump is deterministic: it names everything by declaration order and by name, never by
//! an address, and prints constants without a world (points and pieces by number).

use std::fmt::Write;

use super::ir::*;
use super::types::Type;
use super::value::Value;
use crate::syntax::Span;

/// The program's IR as text (its imports by name only: each is a grammar of its own).
pub fn dump(program: &Program) -> String {
    let mut d = Dumper {
        program,
        lines: line_starts(&program.source),
        out: String::new(),
    };
    d.program();
    d.out
}

/// Where each line of `source` starts, for line:col.
fn line_starts(source: &str) -> Vec<usize> {
    std::iter::once(0)
        .chain(source.match_indices('\n').map(|(i, _)| i + 1))
        .collect()
}

struct Dumper<'p> {
    program: &'p Program,
    lines: Vec<usize>,
    out: String,
}

impl Dumper<'_> {
    /// ` @line:col` of a span's start (both from 1, the column in characters).
    fn at(&self, span: &Span) -> String {
        let line = self.lines.partition_point(|&s| s <= span.start).max(1);
        let start = self.lines[line - 1];
        let col = self
            .program
            .source
            .get(start..span.start)
            .map_or(0, |s| s.chars().count())
            + 1;
        format!("  @{line}:{col}")
    }

    fn line(&mut self, depth: usize, text: &str) {
        let _ = writeln!(self.out, "{:indent$}{text}", "", indent = 2 * depth);
    }

    fn ty(&self, t: &Type) -> String {
        t.display(&self.program.enum_names).to_string()
    }

    fn program(&mut self) {
        let p = self.program;
        self.line(0, &format!("grammar {}", p.name));
        if !p.imports.is_empty() {
            self.line(0, "imports");
            for (i, import) in p.imports.iter().enumerate() {
                self.line(
                    1,
                    &format!("{i} {} = grammar {}", import.name, import.program.name),
                );
            }
        }
        self.line(0, "symbols");
        for (i, s) in p.symbols.iter().enumerate() {
            let params: Vec<String> = s.params.iter().map(|t| self.ty(t)).collect();
            let kind = if s.terminal {
                "terminal"
            } else {
                "nonterminal"
            };
            self.line(1, &format!("{i} {kind} {}({})", s.name, params.join(", ")));
        }
        if !p.globals.is_empty() {
            self.line(0, "globals");
        }
        for (i, g) in p.globals.iter().enumerate() {
            let kind = match g.kind {
                GlobalKind::Input => "input",
                GlobalKind::StartParam => "start parameter",
                GlobalKind::Const => "const",
                GlobalKind::Var => "var",
            };
            let var = g.var_index.map_or(String::new(), |v| format!(" (var {v})"));
            let at = self.at(&g.span);
            let ty = self.ty(&g.ty);
            self.line(1, &format!("{i} {kind} {}: {ty}{var}{at}", g.name));
            if let Some(init) = &g.init {
                self.line(2, &format!("init, frame {}", g.init_frame));
                self.ex(3, "", init);
            }
        }
        if !p.functions.is_empty() {
            self.line(0, "functions");
        }
        for (i, f) in p.functions.iter().enumerate() {
            let memo = match (f.memo, f.memo_vars) {
                (true, _) => ", memo per run",
                (_, true) => ", memo per vars",
                _ => "",
            };
            let at = self.at(&f.span);
            let ty = self.ty(&f.result);
            self.line(
                1,
                &format!(
                    "{i} fn {}: {} params, frame {}{memo} -> {ty}{at}",
                    f.name, f.params, f.frame
                ),
            );
            self.ex(2, "", &f.body);
        }
        for (i, f) in p.families.iter().enumerate() {
            let at = self.at(&f.span);
            self.line(0, &format!("family {i} {} ({}_i){at}", f.name, f.base));
        }
        self.line(0, "start");
        let s = &p.start;
        let params: Vec<&str> = s
            .params
            .iter()
            .map(|&g| p.globals[g as usize].name.as_str())
            .collect();
        self.line(
            1,
            &format!(
                "{} from ({}), frame {}",
                p.symbols[s.symbol as usize].name,
                params.join(", "),
                s.frame
            ),
        );
        if let Some(body) = &s.body {
            for a in body {
                self.ex(2, "arg ", a);
            }
        }
        self.line(1, &format!("initial {}", self.choices(&p.initial)));
        self.line(0, "rows");
        for row in &p.rows {
            self.row(row);
        }
    }

    fn choices(&self, choices: &[Choice]) -> String {
        let rows = &self.program.rows;
        let names: Vec<String> = choices
            .iter()
            .map(|c| match *c {
                Choice::Row(r) => rows[r as usize].label.clone(),
                // A family's row is labelled `2_i`: every member, or member k (from 1).
                Choice::Family(r) => rows[r as usize].label.clone(),
                Choice::Member(r, k) => format!("{}[{k}]", rows[r as usize].label),
            })
            .collect();
        format!("{{{}}}", names.join(", "))
    }

    fn row(&mut self, row: &Row) {
        let p = self.program;
        let patterns: Vec<String> = row.patterns.iter().map(pat).collect();
        let family = match row.family {
            Some(f) => format!(
                ", family {}{}",
                p.families[f as usize].name,
                if row.index_like { " (index-like)" } else { "" }
            ),
            None => String::new(),
        };
        let index = row
            .index_slot
            .map_or(String::new(), |s| format!(", index ${s}"));
        let at = self.at(&row.span);
        self.line(
            1,
            &format!(
                "{}: {}({}), frame {}{family}{index}{at}",
                row.label,
                p.symbols[row.lhs as usize].name,
                patterns.join(", "),
                row.frame
            ),
        );
        if let Some(range) = &row.range {
            let fixed = if row.range_fixed { " (once a run)" } else { "" };
            self.ex(2, &format!("range{fixed} "), range);
        }
        let shared = if row.family.is_some() && row.shared_condition {
            " (shared by members)"
        } else {
            ""
        };
        self.ex(2, &format!("condition{shared} "), &row.condition);
        if row.rhs.is_empty() {
            self.line(2, "rhs e");
        }
        for (symbol, args) in &row.rhs {
            self.line(2, &format!("rhs {}", p.symbols[*symbol as usize].name));
            for a in args {
                self.ex(3, "", a);
            }
        }
        for a in &row.assigns {
            let name = p
                .globals
                .iter()
                .find(|g| g.var_index == Some(a.var))
                .map_or("?", |g| g.name.as_str());
            match &a.kind {
                AssignKind::Whole(x) => self.ex(2, &format!("{name} := "), x),
                AssignKind::Each { slot, value } => {
                    self.ex(2, &format!("{name}[${slot}] := "), value);
                }
            }
        }
        self.line(2, &format!("on success {}", self.choices(&row.on_success)));
        self.line(2, &format!("on failure {}", self.choices(&row.on_failure)));
    }

    /// One expression: its node on a line (after `role`, which says what it is to its
    /// parent), then its children one level deeper.
    fn ex(&mut self, depth: usize, role: &str, e: &Ex) {
        crate::memory::grow(|| self.ex_here(depth, role, e))
    }

    fn ex_here(&mut self, depth: usize, role: &str, e: &Ex) {
        match e {
            Ex::Language {
                import,
                shape,
                start,
                inputs,
                span,
            } => self.language(depth, role, *import, *shape, start, inputs, span),
            Ex::Index {
                kind,
                base,
                index,
                span,
            } => self.index(depth, role, *kind, base, index, span),
            Ex::Within { state, body, span } => self.within(depth, role, state, body, span),
            Ex::Comprehension {
                element,
                clauses,
                span,
            } => self.comprehension(depth, role, element, clauses, span),
            Ex::Quantified {
                exists,
                pattern,
                domain,
                body,
                span,
            } => self.quantified(depth, role, *exists, pattern, domain, body, span),
            Ex::Pick {
                set,
                index,
                fallback,
                report,
                span,
            } => self.pick(depth, role, set, index, fallback.as_deref(), *report, span),
            _ => {
                let (label, children) = self.node(e);
                self.line(depth, &format!("{role}{label}"));
                for (role, child) in children {
                    self.ex(depth + 1, role, child);
                }
            }
        }
    }

    /// An expression that dumps as one line and its children (every kind but those with a
    /// method of their own above, whose lines say more): the line's text after the role (the
    /// kind, what it names, its place) and each child with its role.
    fn node<'e>(&self, e: &'e Ex) -> (String, Vec<(&'static str, &'e Ex)>) {
        let p = self.program;
        let each = |xs: &'e [Ex]| xs.iter().map(|x| ("", x)).collect();
        match e {
            Ex::Const(v) => (format!("const {}", self.value(v)), vec![]),
            Ex::Local(s) => (format!("local ${s}"), vec![]),
            Ex::Global(g) => (format!("global {}", p.globals[*g as usize].name), vec![]),
            Ex::Board(b) => {
                let b = match b {
                    BoardValue::N => "n",
                    BoardValue::Points => "X",
                    BoardValue::Pieces => "PIECES",
                };
                (format!("board {b}"), vec![])
            }
            Ex::Call { func, args, span } => {
                let name = &p.functions[*func as usize].name;
                (format!("call {name}{}", self.at(span)), each(args))
            }
            Ex::Builtin { op, args, span } => (
                format!("builtin {}{}", op.ir_name(), self.at(span)),
                each(args),
            ),
            Ex::Field(x, k) => (format!("field .{k}"), vec![("", &**x)]),
            Ex::Not(x) => ("not".to_string(), vec![("", &**x)]),
            Ex::Binary { op, lhs, rhs, span } => (
                format!("{}{}", op_name(*op), self.at(span)),
                vec![("", &**lhs), ("", &**rhs)],
            ),
            Ex::If(c, a, b) => (
                "if".to_string(),
                vec![("", &**c), ("then ", &**a), ("else ", &**b)],
            ),
            Ex::Let(pattern, value, body) => (
                format!("let {}", pat(pattern)),
                vec![("= ", &**value), ("in ", &**body)],
            ),
            Ex::Tuple(xs) => ("tuple".to_string(), each(xs)),
            Ex::SetLiteral(xs) => ("set".to_string(), each(xs)),
            Ex::Range(a, b, span) => (
                format!("range{}", self.at(span)),
                vec![("", &**a), ("", &**b)],
            ),
            Ex::VectorBuild { slot, body, span } => (
                format!("vec ${slot} in X{}", self.at(span)),
                vec![("", &**body)],
            ),
            Ex::Language { .. }
            | Ex::Index { .. }
            | Ex::Within { .. }
            | Ex::Comprehension { .. }
            | Ex::Quantified { .. }
            | Ex::Pick { .. } => unreachable!("dumped by a method of its own"),
        }
    }

    /// `exists`/`forall pattern in domain: body`.
    #[allow(clippy::too_many_arguments)]
    fn quantified(
        &mut self,
        depth: usize,
        role: &str,
        exists: bool,
        pattern: &Pat,
        domain: &Ex,
        body: &Ex,
        span: &Span,
    ) {
        let d = depth + 1;
        let q = if exists { "exists" } else { "forall" };
        let at = self.at(span);
        self.line(depth, &format!("{role}{q} {}{at}", pat(pattern)));
        self.ex(d, "in ", domain);
        self.ex(d, "", body);
    }

    /// `within s: body`: the state, then the body read in its world.
    fn within(&mut self, depth: usize, role: &str, state: &Ex, body: &Ex, span: &Span) {
        let d = depth + 1;
        let at = self.at(span);
        self.line(depth, &format!("{role}within{at}"));
        self.ex(d, "state ", state);
        self.ex(d, "body ", body);
    }

    /// An imported grammar's language: the grammar, how its sentences become values, its start's arguments and its inputs by name.
    #[allow(clippy::too_many_arguments)]
    fn language(
        &mut self,
        depth: usize,
        role: &str,
        import: u32,
        shape: Shape,
        start: &[Ex],
        inputs: &[(u32, Ex)],
        span: &Span,
    ) {
        let p = self.program;
        let d = depth + 1;
        let import = &p.imports[import as usize];
        let shape = match shape {
            Shape::Trajectories => "trajectories",
            Shape::Symbols => "symbols",
        };
        let at = self.at(span);
        self.line(
            depth,
            &format!("{role}language {} as {shape}{at}", import.name),
        );
        start.iter().for_each(|a| self.ex(d, "start ", a));
        for (g, x) in inputs {
            let name = &import.program.globals[*g as usize].name;
            self.ex(d, &format!("input {name} = "), x);
        }
    }

    /// `base[index]` with what is indexed by what.
    fn index(
        &mut self,
        depth: usize,
        role: &str,
        kind: IndexKind,
        base: &Ex,
        index: &Ex,
        span: &Span,
    ) {
        let d = depth + 1;
        let kind = match kind {
            IndexKind::VectorAtPoint => "vector at point",
            IndexKind::VectorAtNumber => "vector at number",
            IndexKind::TrajectoryStop => "trajectory stop",
            IndexKind::SetMember => "set member",
        };
        let at = self.at(span);
        self.line(depth, &format!("{role}index {kind}{at}"));
        self.ex(d, "", base);
        self.ex(d, "", index);
    }

    /// `{ element | clauses }`: the element, then each generator and filter.
    fn comprehension(
        &mut self,
        depth: usize,
        role: &str,
        element: &Ex,
        clauses: &[Clause],
        span: &Span,
    ) {
        let d = depth + 1;
        let at = self.at(span);
        self.line(depth, &format!("{role}set of{at}"));
        self.ex(d, "element ", element);
        for c in clauses {
            match c {
                Clause::Generator(pattern, domain) => {
                    self.ex(d, &format!("for {} in ", pat(pattern)), domain);
                }
                Clause::Filter(x) => self.ex(d, "if ", x),
            }
        }
    }

    /// `pick(S, i)`, with its fallback and whether it reports its saturation.
    #[allow(clippy::too_many_arguments)]
    fn pick(
        &mut self,
        depth: usize,
        role: &str,
        set: &Ex,
        index: &Ex,
        fallback: Option<&Ex>,
        report: bool,
        span: &Span,
    ) {
        let d = depth + 1;
        let report = if report { " (reports)" } else { "" };
        let at = self.at(span);
        self.line(depth, &format!("{role}pick{report}{at}"));
        self.ex(d, "", set);
        self.ex(d, "", index);
        if let Some(f) = fallback {
            self.ex(d, "else ", f);
        }
    }

    /// A constant, without a world: points and pieces by number.
    fn value(&self, v: &Value) -> String {
        let list = |items: &mut dyn Iterator<Item = String>| items.collect::<Vec<_>>().join(", ");
        match v {
            Value::Int(i) => i.to_string(),
            Value::Bool(b) => b.to_string(),
            Value::Point(p) => format!("point {}", p.number()),
            Value::Piece(p) => format!("piece {p}"),
            Value::Enum(e, k) => self
                .program
                .enum_values
                .get(*e as usize)
                .and_then(|values| values.get(*k as usize))
                .cloned()
                .unwrap_or_else(|| format!("enum {e}.{k}")),
            Value::State(s) => format!("state {s}"),
            Value::Trajectory(t) => format!(
                "[{}]",
                list(&mut t.iter().map(|p| format!("point {}", p.number())))
            ),
            Value::Tuple(t) => format!("({})", list(&mut t.iter().map(|x| self.value(x)))),
            Value::Set(s) => format!("{{{}}}", list(&mut s.iter().map(|x| self.value(x)))),
            Value::Vector(v) => format!("vector of {}", v.len()),
        }
    }
}

fn pat(p: &Pat) -> String {
    match p {
        Pat::Slot(s) => format!("${s}"),
        Pat::Tuple(ps) => format!("({})", ps.iter().map(pat).collect::<Vec<_>>().join(", ")),
    }
}

fn op_name(op: Op) -> &'static str {
    match op {
        Op::Add => "add",
        Op::Sub => "sub",
        Op::Mul => "mul",
        Op::Div => "div",
        Op::Mod => "mod",
        Op::Lt => "lt",
        Op::Le => "le",
        Op::Gt => "gt",
        Op::Ge => "ge",
        Op::Eq => "eq",
        Op::Ne => "ne",
        Op::And => "and",
        Op::Or => "or",
        Op::In => "in",
        Op::Union => "union",
        Op::Inter => "inter",
        Op::Diff => "diff",
    }
}

#[cfg(test)]
mod tests {
    use super::dump;
    use crate::grammar::Grammar;

    /// Spans print as line:col from 1 (columns in characters), constants without a world, and
    /// a narrowed set-builder as the kernel built-in it became.
    #[test]
    fn nodes_print_with_line_and_column() {
        let text = "input p: piece\nstart S()\nterminal t(k: int)\nnonterminal S()\n\
                    fn ST(x: point, k: int) -> set<point> = { v in X | MAP(p, x, v) == k }\n\
                    productions\n  1 | true | S() -> t(size(ST(X[1], 2)) + 1) | | {} | {}\n";
        let g = Grammar::parse("t.lgg", text).unwrap_or_else(|e| panic!("{e}"));
        let out = dump(&g.program);
        assert!(out.contains("builtin Ring.from  @5:"), "{out}");
        assert!(
            out.contains("  1: S(), frame 0  @7:3\n    condition const true\n"),
            "{out}"
        );
        assert!(
            out.contains("add  @7:23\n        builtin size  @7:23\n"),
            "{out}"
        );
        assert!(out.contains("const 1\n"), "{out}");
        assert_eq!(out, dump(&g.program), "deterministic");
    }
}
