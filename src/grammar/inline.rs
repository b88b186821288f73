//! Inlining: a call to a small, non-recursive, non-memoised function (`f(l) = l - 1`,
//! `next(i, x, l) = pick(MOVE(x, l), i, x)`, a predicate `Q2(l) = l >= 1`) is replaced by its
//! body, with the arguments bound by `let` in fresh slots of the caller's frame. The meaning
//! is unchanged (arguments are still evaluated once, in order); what goes is the cost of a
//! call frame, which dominates such one-line functions. Memoised functions are left as calls,
//! because their cache is what makes them cheap.

use super::ir::*;
use super::visit::walk;

/// Bodies with at most this many nodes are inlined...
const MAX_NODES: usize = 48;
/// ...if they have at most this many once the calls inside them are inlined, so that inlined
/// bodies cannot compound along a chain of calls (`f0(k) = f1(k) + 1`, `f1(k) = f2(k) + 1`, …):
/// each function's body grows by a bounded factor, and the chain is inlined in pieces.
const MAX_EXPANDED: usize = 2 * MAX_NODES;

/// Replaces every call of a small, non-recursive, non-memoised function by its body (see the
/// module comment; "small" is `MAX_NODES` and `MAX_EXPANDED`).
pub fn inline_small_functions(program: &mut Program) {
    let n = program.functions.len();
    let calls: Vec<Vec<u32>> = program.functions.iter().map(|f| called(&f.body)).collect();
    // Callees before callers (Tarjan's order of the strongly connected components), so that
    // inlined bodies are already expanded themselves; a function is recursive when its
    // component has more than one function or it calls itself.
    let components = components(&calls);
    let mut inlinable = vec![false; n];
    for component in &components {
        let recursive = component.len() > 1 || calls[component[0]].contains(&(component[0] as u32));
        for &f in component {
            let small = size(&program.functions[f].body) <= MAX_NODES;
            let mut body = program.functions[f].body.clone();
            let mut frame = program.functions[f].frame.max(program.functions[f].params);
            expand(&mut body, &mut frame, &program.functions, &inlinable);
            let func = &mut program.functions[f];
            func.body = body;
            func.frame = frame;
            inlinable[f] = !func.memo && !recursive && small && size(&func.body) <= MAX_EXPANDED;
        }
    }
    let functions = &program.functions;
    for row in &mut program.rows {
        let mut frame = row.frame;
        if let Some(range) = &mut row.range {
            expand(range, &mut frame, functions, &inlinable);
        }
        expand(&mut row.condition, &mut frame, functions, &inlinable);
        for (_, args) in &mut row.rhs {
            for a in args {
                expand(a, &mut frame, functions, &inlinable);
            }
        }
        for a in &mut row.assigns {
            match &mut a.kind {
                AssignKind::Whole(x) | AssignKind::Each { value: x, .. } => {
                    expand(x, &mut frame, functions, &inlinable)
                }
            }
        }
        row.frame = frame;
    }
    for global in &mut program.globals {
        if let Some(init) = &mut global.init {
            expand(init, &mut global.init_frame, functions, &inlinable);
        }
    }
    if let Some(args) = &mut program.start.body {
        for a in args {
            expand(a, &mut program.start.frame, functions, &inlinable);
        }
    }
}

/// The strongly connected components of the call graph, callees before callers (Tarjan's
/// algorithm with an explicit stack, so that a chain of 600,000 functions is no deeper a
/// recursion than one).
pub(crate) fn components(calls: &[Vec<u32>]) -> Vec<Vec<usize>> {
    const NONE: usize = usize::MAX;
    let n = calls.len();
    let mut index = vec![NONE; n];
    let mut low = vec![0; n];
    let mut on_stack = vec![false; n];
    let mut stack = Vec::new();
    let mut next = 0;
    let mut out = Vec::new();
    // (function, how many of its callees are visited)
    let mut path: Vec<(usize, usize)> = Vec::new();
    for root in 0..n {
        if index[root] != NONE {
            continue;
        }
        path.push((root, 0));
        while let Some(&mut (f, ref mut k)) = path.last_mut() {
            if *k == 0 && index[f] == NONE {
                index[f] = next;
                low[f] = next;
                next += 1;
                stack.push(f);
                on_stack[f] = true;
            }
            if let Some(&g) = calls[f].get(*k) {
                *k += 1;
                let g = g as usize;
                if index[g] == NONE {
                    path.push((g, 0));
                } else if on_stack[g] {
                    low[f] = low[f].min(index[g]);
                }
                continue;
            }
            path.pop();
            if let Some(&(parent, _)) = path.last() {
                low[parent] = low[parent].min(low[f]);
            }
            if low[f] == index[f] {
                let mut component = Vec::new();
                loop {
                    let g = stack.pop().expect("f is on the stack");
                    on_stack[g] = false;
                    component.push(g);
                    if g == f {
                        break;
                    }
                }
                component.reverse();
                out.push(component);
            }
        }
    }
    out
}

fn called(e: &Ex) -> Vec<u32> {
    let mut out = Vec::new();
    walk(e, &mut |x| {
        if let Ex::Call { func, .. } = x
            && !out.contains(func)
        {
            out.push(*func);
        }
    });
    out
}

fn size(e: &Ex) -> usize {
    let mut n = 0;
    walk(e, &mut |_| n += 1);
    n
}

/// Replaces inlinable calls inside `e`, growing `frame` for the callees' locals.
fn expand(e: &mut Ex, frame: &mut usize, functions: &[Function], inlinable: &[bool]) {
    crate::memory::grow(|| expand_here(e, frame, functions, inlinable))
}

fn expand_here(e: &mut Ex, frame: &mut usize, functions: &[Function], inlinable: &[bool]) {
    children_mut(e, &mut |c| expand(c, frame, functions, inlinable));
    let Ex::Call { func, args, .. } = e else {
        return;
    };
    if !inlinable[*func as usize] {
        return;
    }
    let callee = &functions[*func as usize];
    let offset = *frame as Slot;
    *frame += callee.frame.max(callee.params);
    let mut body = callee.body.clone();
    shift(&mut body, offset);
    let args = std::mem::take(args);
    let mut out = body;
    for (k, arg) in args.into_iter().enumerate().rev() {
        out = Ex::Let(Pat::Slot(offset + k as Slot), Box::new(arg), Box::new(out));
    }
    *e = out;
}

/// Moves every local of `e` up by `offset` slots.
fn shift(e: &mut Ex, offset: Slot) {
    crate::memory::grow(|| shift_here(e, offset))
}

fn shift_here(e: &mut Ex, offset: Slot) {
    match e {
        Ex::Local(s) => *s += offset,
        Ex::Let(p, _, _) => shift_pat(p, offset),
        Ex::Quantified { pattern, .. } => shift_pat(pattern, offset),
        Ex::VectorBuild { slot, .. } => *slot += offset,
        Ex::Comprehension { clauses, .. } => {
            for c in clauses {
                if let Clause::Generator(p, _) = c {
                    shift_pat(p, offset);
                }
            }
        }
        _ => {}
    }
    children_mut(e, &mut |c| shift(c, offset));
}

fn shift_pat(p: &mut Pat, offset: Slot) {
    match p {
        Pat::Slot(s) => *s += offset,
        Pat::Tuple(parts) => parts.iter_mut().for_each(|q| shift_pat(q, offset)),
    }
}

fn children_mut(e: &mut Ex, f: &mut dyn FnMut(&mut Ex)) {
    super::visit::children_mut(e, f)
}

#[cfg(test)]
mod tests {
    use crate::grammar::Grammar;

    #[test]
    fn small_functions_are_inlined_and_memoised_ones_are_not() {
        let g = Grammar::parse(
            "t.lgg",
            "start S(k0: int)\nnonterminal S(k: int)\nterminal a(k: int)\n\
             fn f(l: int) -> int = l - 1\n\
             fn g(l: int) -> int = f(f(l))\n\
             fn big(l: int) -> set<int> = { k | k in 1..l }\n\
             fn rec(l: int) -> int = if l <= 0 then 0 else rec(l - 1)\n\
             productions\n 1 | true | S(k) -> a(g(k)) a(size(big(k))) a(rec(k)) | | {} | {}\n",
        )
        .unwrap();
        let row = &g.program.rows[0];
        let calls: Vec<u32> = row
            .rhs
            .iter()
            .flat_map(|(_, args)| super::called(&args[0]))
            .collect();
        let name = |f: &u32| g.program.functions[*f as usize].name.clone();
        let names: Vec<String> = calls.iter().map(name).collect();
        assert_eq!(names, ["big", "rec"], "f and g are inlined");
        assert!(row.frame > 2, "the frame grew for the inlined locals");
    }
}
