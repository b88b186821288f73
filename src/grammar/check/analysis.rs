//! Two analyses make the compiled program fast without changing what it means:
//! * **Memoisation.** A function that reads no `var` (only constants, inputs, the start
//!   parameters and its arguments) returns the same value for the same arguments during a run,
//!   so its results are cached.
//! * **Family truncation.** Stilman's families run their index over `1..n` (`next_1 … next_n`),
//!   and members past the number of distinct values repeat the last one (docs/semantics.md §2.4).
//!   When a row's family index reaches its formulas only as the index of `pick(S, i, …)` (directly
//!   or through such parameters of functions), every member past the largest set picked from is a
//!   copy of the previous one, so the engine stops there. This is exact, not a heuristic.

use std::rc::Rc;

use super::Checker;
use crate::grammar::ir::*;
use crate::grammar::types::Type;
use crate::grammar::visit::{children, children_mut, walk};
use crate::syntax::{Diagnostic, Span};

impl<L> Checker<'_, L>
where
    L: FnMut(&str, &Span) -> Result<Rc<Program>, Diagnostic>,
{
    /// Memoisation and family truncation (see the module comment).
    pub(super) fn analyse(&mut self, rows: &mut [Row]) {
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
        // Dropping a parameter can drop the parameters of its callers that pass it on: a
        // worklist rechecks only those, so a chain of functions costs its length, not its square.
        let callers = self.callers();
        let mut queued = vec![true; self.functions.len()];
        let mut work: Vec<usize> = (0..self.functions.len()).rev().collect();
        while let Some(f) = work.pop() {
            queued[f] = false;
            let mut dropped = false;
            for p in 0..self.functions[f].params {
                if index_like[f][p]
                    && !only_index_uses(&self.functions[f].body, p as Slot, &index_like)
                {
                    index_like[f][p] = false;
                    dropped = true;
                }
            }
            if dropped {
                for &g in &callers[f] {
                    if !std::mem::replace(&mut queued[g as usize], true) {
                        work.push(g as usize);
                    }
                }
            }
        }
        for (func, params) in self.functions.iter_mut().zip(&index_like) {
            let slots: Vec<Slot> = (0..func.params as Slot)
                .filter(|&p| params[p as usize])
                .collect();
            mark_reports(&mut func.body, &slots);
        }
        let reads_vars = self.reads_vars_fns().to_vec();
        // Memoise what is worth it: a hash of the arguments costs more than a one-line formula,
        // so only functions that build sets, quantify or derive languages (or call such) qualify.
        let costly = reaching(
            &callers,
            self.functions.iter().map(|f| is_costly(&f.body)).collect(),
        );
        for (f, func) in self.functions.iter_mut().enumerate() {
            let index = index_like[f].iter().any(|&b| b);
            func.memo = costly[f] && !reads_vars[f] && !index;
            func.memo_vars = costly[f] && reads_vars[f] && !index;
        }
        finish_rows(rows, &index_like);
    }

    /// Which functions call each function (each caller once).
    fn callers(&self) -> Vec<Vec<u32>> {
        let mut callers: Vec<Vec<u32>> = vec![Vec::new(); self.functions.len()];
        for (f, func) in self.functions.iter().enumerate() {
            walk(&func.body, &mut |x| {
                if let Ex::Call { func: g, .. } = x
                    && callers[*g as usize].last() != Some(&(f as u32))
                {
                    callers[*g as usize].push(f as u32);
                }
            });
        }
        callers
    }

    /// Per function, whether it reads a `var`, itself or through the functions it calls
    /// (computed once, after the function bodies are checked).
    fn reads_vars_fns(&mut self) -> &[bool] {
        if self.reads_vars.is_none() {
            let direct = self
                .functions
                .iter()
                .map(|func| {
                    let mut found = false;
                    walk(&func.body, &mut |x| {
                        found |= matches!(x, Ex::Global(g)
                            if self.globals[*g as usize].kind == GlobalKind::Var);
                    });
                    found
                })
                .collect();
            self.reads_vars = Some(reaching(&self.callers(), direct));
        }
        self.reads_vars.as_deref().unwrap_or_default()
    }

    /// Whether `e` reads a `var`, itself or through the functions it calls.
    pub(super) fn reads_vars_ex(&mut self, e: &Ex) -> bool {
        self.reads_vars_fns();
        let fns = self.reads_vars.as_deref().unwrap_or_default();
        let mut found = false;
        walk(e, &mut |x| match x {
            Ex::Global(g) if self.globals[*g as usize].kind == GlobalKind::Var => found = true,
            Ex::Call { func, .. } if fns[*func as usize] => found = true,
            _ => {}
        });
        found
    }
}

/// `marked` and every function that calls a marked one, directly or not.
fn reaching(callers: &[Vec<u32>], mut marked: Vec<bool>) -> Vec<bool> {
    let mut work: Vec<usize> = (0..marked.len()).filter(|&f| marked[f]).collect();
    while let Some(f) = work.pop() {
        for &g in &callers[f] {
            if !std::mem::replace(&mut marked[g as usize], true) {
                work.push(g as usize);
            }
        }
    }
    marked
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
    crate::memory::grow(|| only_index_uses_here(e, slot, index_like))
}

fn only_index_uses_here(e: &Ex, slot: Slot, index_like: &[Vec<bool>]) -> bool {
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
                | Ex::Within { .. }
                | Ex::Builtin {
                    op: Builtin::Moves | Builtin::Transition | Builtin::Pass,
                    ..
                }
        );
    });
    found
}

/// Marks the picks whose index is one of `slots`.
fn mark_reports(e: &mut Ex, slots: &[Slot]) {
    crate::memory::grow(|| mark_reports_here(e, slots))
}

fn mark_reports_here(e: &mut Ex, slots: &[Slot]) {
    if let Ex::Pick { index, report, .. } = e
        && matches!(**index, Ex::Local(s) if slots.contains(&s))
    {
        *report = true;
    }
    children_mut(e, &mut |c| mark_reports(c, slots));
}
