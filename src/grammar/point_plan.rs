//! A per-point assignment `for z in X: V := value` split once per program, by what depends on
//! the point: the `let`s and `if`s at the top of `value` that do not are evaluated once a
//! step, the `let`s that do are kept to evaluate per point, and the rest is the body. Only what
//! the per-point evaluation would evaluate anyway is evaluated, so no new error can arise.

use super::compile::{Code, Compiler};
use super::eval::{Eval, RunError};
use super::ir::{Ex, IndexKind, Pat, Slot};
use super::visit::uses_any;

pub(super) enum PointPlan {
    /// A `let` that does not depend on the point: bound once.
    Once {
        pat: Pat,
        value: Code,
        then: Box<PointPlan>,
    },
    /// A `let` that does: bound again at every point.
    Each {
        pat: Pat,
        value: Code,
        then: Box<PointPlan>,
    },
    /// An `if` whose condition does not depend on the point: one branch is taken for all.
    Branch {
        condition: Code<bool>,
        then: Box<PointPlan>,
        otherwise: Box<PointPlan>,
    },
    /// What is left, evaluated at every point, unless it is the var's own value at the point
    /// (the assignment changes nothing and is skipped).
    Body { body: Code, identity: bool },
}

impl PointPlan {
    /// The plan of `value` assigned at the point in `slot` to the var of global `global`.
    pub(super) fn new(
        value: &Ex,
        slot: Slot,
        global: Option<usize>,
        compiler: &Compiler<'_>,
    ) -> PointPlan {
        split(
            value,
            slot,
            global,
            &mut vec![slot],
            &mut Vec::new(),
            compiler,
        )
    }

    /// Evaluates the part that is the same at every point and collects the `let`s to evaluate
    /// per point; returns the body, or `None` when the assignment changes nothing.
    pub(super) fn prepare<'s>(
        &'s self,
        ev: &mut Eval<'_, '_>,
        lets: &mut Vec<(&'s Pat, &'s Code)>,
    ) -> Result<Option<&'s Code>, RunError> {
        let mut plan = self;
        loop {
            match plan {
                PointPlan::Once { pat, value, then } => {
                    let x = value(ev)?;
                    ev.bind(pat, x);
                    plan = then;
                }
                PointPlan::Each { pat, value, then } => {
                    lets.push((pat, value));
                    plan = then;
                }
                PointPlan::Branch {
                    condition,
                    then,
                    otherwise,
                } => plan = if condition(ev)? { then } else { otherwise },
                PointPlan::Body { body, identity } => {
                    return Ok((!identity).then_some(body));
                }
            }
        }
    }
}

/// `dependent`: the point's slot and the slots of the kept `let`s on the way here; `kept`:
/// those `let`s (for the identity test).
fn split<'p>(
    e: &'p Ex,
    slot: Slot,
    global: Option<usize>,
    dependent: &mut Vec<Slot>,
    kept: &mut Vec<(&'p Pat, &'p Ex)>,
    compiler: &Compiler<'_>,
) -> PointPlan {
    match e {
        Ex::Let(pat, value, body) => {
            // After a per-point `let` whose value is more than a read, every `let` is per
            // point too: the slots of the `let`s inside that value are free again after it,
            // so a `let` evaluated once before them (in `prepare`) could share a slot they
            // overwrite at each point, and that value could fail before this one would.
            // After reads only (an inlined call's `let z1 = z`), a `let` that does not
            // depend on the point is evaluated once (G_Z's `h(j, u)` in ALPHA).
            let after_reads = kept
                .iter()
                .all(|(_, v)| matches!(v, Ex::Local(_) | Ex::Const(_)));
            if !after_reads || uses_any(value, dependent) {
                let (slots, lets) = (dependent.len(), kept.len());
                pat_slots(pat, dependent);
                kept.push((pat, value));
                let then = Box::new(split(body, slot, global, dependent, kept, compiler));
                dependent.truncate(slots);
                kept.truncate(lets);
                PointPlan::Each {
                    pat: pat.clone(),
                    value: compiler.site(value),
                    then,
                }
            } else {
                let then = Box::new(split(body, slot, global, dependent, kept, compiler));
                PointPlan::Once {
                    pat: pat.clone(),
                    value: compiler.site(value),
                    then,
                }
            }
        }
        Ex::If(condition, a, b) if !uses_any(condition, dependent) => PointPlan::Branch {
            condition: compiler.site_bool(condition),
            then: Box::new(split(a, slot, global, dependent, kept, compiler)),
            otherwise: Box::new(split(b, slot, global, dependent, kept, compiler)),
        },
        body => PointPlan::Body {
            body: compiler.site(body),
            identity: is_identity(body, kept, slot, global),
        },
    }
}

fn pat_slots(p: &Pat, out: &mut Vec<Slot>) {
    match p {
        Pat::Slot(s) => out.push(*s),
        Pat::Tuple(parts) => parts.iter().for_each(|q| pat_slots(q, out)),
    }
}

/// Whether the rest of a per-point assignment to global `var` is that var's own value at the
/// point, directly or through a kept `let`.
fn is_identity(body: &Ex, lets: &[(&Pat, &Ex)], slot: Slot, var: Option<usize>) -> bool {
    let own = |e: &Ex| {
        matches!(e, Ex::Index { kind: IndexKind::VectorAtPoint, base, index, .. }
            if matches!(**base, Ex::Global(g) if Some(g as usize) == var) && matches!(**index, Ex::Local(s) if s == slot))
    };
    match body {
        Ex::Local(s) => lets
            .iter()
            .any(|(p, v)| matches!(p, Pat::Slot(t) if t == s) && own(v)),
        other => own(other),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::grammar::compile::AssignCode;
    use crate::grammar::world::World;
    use crate::grammar::{Grammar, Limits};
    use crate::scenario::Scenario;

    /// `V[z] := F(z, G()) for z in X`, with F inlined as `let z1 = z in let s = G() in …`:
    /// the `let` of `G()` follows one that only reads the point, so it is evaluated once a
    /// step, not at every point; the language is what the per-point evaluation gives.
    #[test]
    fn a_let_after_reads_of_the_point_is_evaluated_once() {
        let text = "start S()\nterminal t(v: vector<int>)\nnonterminal S()\n\
                    var MARK: vector<int> = vec z in X: 0\nvar K: int = 2\n\
                    fn G() -> set<point> = { v | v in X, ord(v) <= K }\n\
                    fn F(z: point, s: set<point>) -> int = if z in s then 1 else 0\n\
                    productions\n\
                    \x20 1 | true | S() -> S() | MARK[z] := F(z, G()) for z in X | {2} | {}\n\
                    \x20 2 | true | S() -> t(MARK) | | {} | {}\n";
        let g = Grammar::parse("t.lgg", text).unwrap_or_else(|e| panic!("{e}"));
        let code = g.program.code();
        let AssignCode::Each(PointPlan::Each { then, .. }) = &code.rows[0].assigns[0] else {
            panic!("the point's `let` comes first and is per point");
        };
        assert!(
            matches!(**then, PointPlan::Once { .. }),
            "the `let` of G() is evaluated once"
        );
        let scenario = Scenario::empty(Board::grid(2, 2, 1, &[]).unwrap());
        let kernel = scenario.kernel();
        let world = World::new(&scenario, &kernel);
        let language = g.derive(&world, &[], &[], Limits::default(), None).unwrap();
        let shown = g.show_sentence(&world, &language.sentences[0]);
        assert_eq!(shown, "t([1, 1, 0, 0])");
    }

    /// After a per-point `let` whose value is more than a read, later `let`s stay per point
    /// (that value could fail first, or reuse their slots).
    #[test]
    fn a_let_after_a_computed_per_point_let_stays_per_point() {
        let text = "start S()\nterminal t(v: vector<int>)\nnonterminal S()\n\
                    var MARK: vector<int> = vec z in X: 0\nvar K: int = 2\n\
                    fn G() -> set<point> = { v | v in X, ord(v) <= K }\n\
                    fn F(k: int, s: set<point>) -> int = if k <= K then size(s) else 0\n\
                    productions\n\
                    \x20 1 | true | S() -> S() | MARK[z] := F(ord(z), G()) for z in X | {2} | {}\n\
                    \x20 2 | true | S() -> t(MARK) | | {} | {}\n";
        let g = Grammar::parse("t.lgg", text).unwrap_or_else(|e| panic!("{e}"));
        let code = g.program.code();
        let AssignCode::Each(PointPlan::Each { then, .. }) = &code.rows[0].assigns[0] else {
            panic!("the point's `let` comes first and is per point");
        };
        assert!(
            matches!(**then, PointPlan::Each { .. }),
            "G() stays per point"
        );
        let scenario = Scenario::empty(Board::grid(2, 2, 1, &[]).unwrap());
        let kernel = scenario.kernel();
        let world = World::new(&scenario, &kernel);
        let language = g.derive(&world, &[], &[], Limits::default(), None).unwrap();
        let shown = g.show_sentence(&world, &language.sentences[0]);
        assert_eq!(shown, "t([2, 2, 0, 0])");
    }
}
