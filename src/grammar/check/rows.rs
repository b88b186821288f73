//! Productions: families, the labels of rows and the label sets F_T/F_F they name, kernels
//! with their symbol occurrences, conditions and assignments.

use std::collections::HashMap;
use std::rc::Rc;

use super::{Binding, Checker, Scope, closest, item_span};
use crate::grammar::ast::{self, Expr, GrammarAst, Item, LabelRef, LabelSet};
use crate::grammar::ir::*;
use crate::grammar::types::Type;
use crate::grammar::visit::{uses_any, uses_slot};
use crate::syntax::{Diagnostic, Span};

impl<L> Checker<'_, L>
where
    L: FnMut(&str, &Span) -> Result<Rc<Program>, Diagnostic>,
{
    /// Families: (family, index name, range as written). Ranges are compiled with their row.
    pub(super) fn families<'a>(&mut self, ast: &'a GrammarAst) -> Vec<(Family, String, &'a Expr)> {
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

    pub(super) fn nonterminal(&mut self, name: &ast::Name) -> Option<u32> {
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

    pub(super) fn check_symbol_types(
        &mut self,
        symbol: u32,
        types: &[Type],
        name_span: &Span,
        span: &Span,
    ) {
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
    pub(super) fn symbol_args(
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

    pub(super) fn rows(
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
        let by_number = self.labels(&decls, families);
        let mut rows = Vec::new();
        for r in &decls {
            let Some(&(_, family)) = by_number.get(&r.label.number.node) else {
                rows.push(None);
                continue;
            };
            let on_success = self.label_set(&r.on_success, families, &by_number);
            let on_failure = self.label_set(&r.on_failure, families, &by_number);
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

    /// Each production's label: its row and its family (by index into `families`), by label
    /// number; a label used twice, a family index that is not the family's or a label of no
    /// declared family is an error, and so is a family without a production.
    fn labels(
        &mut self,
        decls: &[&ast::Row],
        families: &[(Family, String, &Expr)],
    ) -> HashMap<u64, (usize, Option<u32>)> {
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
                                .with_label(format!("expected `{}`", families[f].1))
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
        by_number
    }

    /// The member `m` of the family of row `row` (family `f` of `families`) that the label
    /// `l` names; member 0, or one past a literal range, is an error.
    fn member(
        &mut self,
        l: &LabelRef,
        row: usize,
        f: u32,
        m: u64,
        families: &[(Family, String, &Expr)],
    ) -> Option<Choice> {
        let (family, _, range) = &families[f as usize];
        let size = literal_size(range);
        if m == 0 {
            self.error(
                Diagnostic::new("family members are numbered from 1", l.span.clone())
                    .with_label("member 0"),
            );
        } else if let Some(size) = size.filter(|&k| m > k) {
            self.error(
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
            return Some(Choice::Member(row as u32, m));
        }
        None
    }

    /// The choices a permissible set names: rows, family members and whole families, by the
    /// labels of `by_number`; an unknown family or label, a member out of its family's range,
    /// a family named as one production or a production as a family is an error.
    fn label_set(
        &mut self,
        set: &LabelSet,
        families: &[(Family, String, &Expr)],
        by_number: &HashMap<u64, (usize, Option<u32>)>,
    ) -> Rc<[Choice]> {
        let mut choices = Vec::new();
        match set {
            LabelSet::Family(name) => {
                match families.iter().position(|(f, _, _)| f.name == name.node) {
                    Some(f) => {
                        if let Some((row, _)) = by_number.get(&families[f].0.base) {
                            choices.push(Choice::Family(*row as u32));
                        }
                    }
                    None if self.maybe_broken(&name.node) => {}
                    None => {
                        let mut d = Diagnostic::new(
                            format!("unknown family `{}`", name.node),
                            name.span.clone(),
                        )
                        .with_label("not defined");
                        if self.may_suggest() {
                            let names: Vec<&str> =
                                families.iter().map(|(f, _, _)| f.name.as_str()).collect();
                            if let Some(best) = closest(&name.node, &names) {
                                d = d.with_note(format!("did you mean `{best}`?"));
                            }
                        }
                        self.error(d)
                    }
                }
            }
            LabelSet::Labels(labels, _) => {
                for l in labels {
                    match (by_number.get(&l.number), l.member) {
                        (None, _) if self.broken.rows => {}
                        (None, _) => self.error(
                            Diagnostic::new(
                                format!("no production is labelled {}", l.number),
                                l.span.clone(),
                            )
                            .with_label("unknown label"),
                        ),
                        (Some((row, None)), None) => choices.push(Choice::Row(*row as u32)),
                        (Some(&(row, Some(f))), Some(m)) => {
                            choices.extend(self.member(l, row, f, m, families));
                        }
                        (Some((_, Some(f))), None) => self.error(
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
                        (Some((_, None)), Some(_)) => self.error(
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
            range_fixed =
                !uses_any(&ex, &(0..pattern_slots).collect::<Vec<_>>()) && !self.reads_vars_ex(&ex);
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
        let assigns = self.assignments(&r.assignments, &mut scope);
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

    /// A production's assignments to vars, checked in the row's scope: each target a var,
    /// assigned once, the value of its type; an indexed assignment (`v[z] = e for z in X`)
    /// of a vector, for every point.
    fn assignments(&mut self, assignments: &[ast::Assignment], scope: &mut Scope) -> Vec<Assign> {
        let mut assigns = Vec::new();
        let mut targets: HashMap<usize, Span> = HashMap::new();
        for a in assignments {
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
                    .with_label("assigned again")
                    .with_related(first, "first assigned here"),
                );
            }
            let var_ty = self.globals[var as usize].ty.clone();
            match a {
                ast::Assignment::Whole { value, .. } => {
                    let (ex, ty) = self.expr(value, scope);
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
                    let (ex, ty) = self.expr(value, scope);
                    scope.reset(mark);
                    self.expect(&ty, &element, value.span());
                    assigns.push(Assign {
                        var: var_index,
                        kind: AssignKind::Each { slot, value: ex },
                    });
                }
            }
        }
        assigns
    }
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
