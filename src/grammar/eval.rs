//! What the evaluator's closures ([`super::compile`]) run against: a world, a state's vars,
//! and the limits of the run. Locals live on one value stack (a frame per function call or
//! production); memoised functions and family ranges are cached per grammar instance,
//! imported languages across the whole run. Calls, indexing, set operations, charges and the
//! built-ins' shared helpers are here, so that the closures stay small.

use std::cell::{Cell, RefCell};

use rustc_hash::FxHashMap;
use std::rc::Rc;

use super::compile::Compiled;
use super::derive;
use super::ir::*;
use super::tuples::Tuples;
use super::value::{List, Value};
use super::world::{States, World};
use crate::board::Point;
use crate::syntax::{Diagnostic, Span, render};

/// Bounds on a run, so that a grammar that never halts or explodes stops with an error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Derivation steps in all, over every branch and every imported grammar.
    pub max_steps: u64,
    /// Sentences of the language derived (before de-duplication).
    pub max_sentences: usize,
    /// Sentences of each language of an imported grammar (a set the grammar reads, such as
    /// G_Z's TRACKS): a cap of its own, so that a cap on the zones does not cap those.
    pub max_imported_sentences: usize,
    /// Nested function calls.
    pub max_call_depth: usize,
    /// Symbols in one sentential form.
    pub max_form_length: usize,
    /// Members of one set built by a set-builder or a range.
    pub max_set_size: usize,
    /// Elements gone over by set-builders, quantifiers and vectors over X (`vec`, and
    /// assignments `for z in X`), plus one for each call of a grammar's function (not answered
    /// from its memo), in all: a formula that would take hours stops with an error.
    pub max_iterations: u64,
    /// Bytes of memory in use, heap and grown stack, as [`crate::memory::in_use`] counts
    /// them (the heap only where the program counts it, as the `lingeo` binary does).
    pub max_memory: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_steps: 20_000_000,
            max_sentences: 2_000_000,
            max_imported_sentences: 2_000_000,
            max_call_depth: 200,
            max_form_length: 100_000,
            max_set_size: 2_000_000,
            max_iterations: 100_000_000,
            max_memory: crate::memory::DEFAULT_LIMIT,
        }
    }
}

/// An error found while running, with the place in the grammar file that caused it. Boxed,
/// so that the `Result` every evaluation returns stays small.
#[derive(Clone, Debug)]
pub struct RunError(Box<RunErrorDetail>);

/// What a [`RunError`] holds: the message, where it arose and why the run stopped.
#[derive(Clone, Debug)]
pub struct RunErrorDetail {
    /// What went wrong, in one line.
    pub message: String,
    /// The grammar file the error points into.
    pub path: String,
    /// The text of that file, for rendering the span.
    pub source: Rc<str>,
    /// The construct that caused the error, when one did.
    pub span: Option<Span>,
    /// Further explanation, printed after the message.
    pub notes: Vec<String>,
    /// The limit of [`Limits`] that stopped the run, if one did.
    pub limit: Option<Limit>,
    /// Whether the error arose in an imported grammar's derivation.
    pub in_import: bool,
    /// Whether a traced run would show how it came about (a derivation that never ends).
    pub traceable: bool,
}

/// Which of the [`Limits`] a run reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// [`Limits::max_steps`].
    Steps,
    /// [`Limits::max_sentences`] or [`Limits::max_imported_sentences`].
    Sentences,
    /// [`Limits::max_call_depth`].
    CallDepth,
    /// [`Limits::max_form_length`].
    FormLength,
    /// [`Limits::max_set_size`].
    SetSize,
    /// [`Limits::max_iterations`].
    Iterations,
    /// [`Limits::max_memory`].
    Memory,
    /// The wall-clock deadline of [`crate::deadline`].
    Time,
}

impl std::ops::Deref for RunError {
    type Target = RunErrorDetail;

    fn deref(&self) -> &RunErrorDetail {
        &self.0
    }
}

impl std::ops::DerefMut for RunError {
    fn deref_mut(&mut self) -> &mut RunErrorDetail {
        &mut self.0
    }
}

impl RunError {
    /// The error as the CLI prints it: message, source line and notes.
    pub fn render(&self) -> String {
        match &self.span {
            Some(span) => {
                let mut d = Diagnostic::new(&self.message, span.clone()).with_label("here");
                for n in &self.notes {
                    d = d.with_note(n);
                }
                render(&self.path, &self.source, &[d])
            }
            None => {
                let mut out = format!("error: {}\n", self.message);
                for n in &self.notes {
                    out.push_str(&format!("note: {n}\n"));
                }
                out
            }
        }
    }

    /// The error with one more note.
    pub fn with_note(mut self, note: impl Into<String>) -> Self {
        self.notes.push(note.into());
        self
    }

    /// The error, marked as stopped by `limit`.
    pub fn with_limit(mut self, limit: Limit) -> Self {
        self.limit = Some(limit);
        self
    }

    /// Marks the error as one a traced run explains.
    pub fn traceable(mut self) -> Self {
        self.traceable = true;
        self
    }
}

impl std::fmt::Display for RunError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.render())
    }
}

impl std::error::Error for RunError {}

/// Per function, its values by arguments.
type MemoTables = Vec<FxHashMap<Box<[Value]>, Value>>;

/// An imported language: (grammar, world, start values, inputs).
type LanguageKey = (usize, u32, Vec<Value>, Vec<Value>);

/// The world an evaluation reads: the scenario's, or a state's (`within s: ...`).
#[derive(Clone)]
pub enum WorldRef<'w> {
    /// The scenario's world, borrowed from the caller.
    Base(&'w World<'w>),
    /// The world of a state of play, entered by `within`.
    State(Rc<World<'static>>),
}

impl<'w> WorldRef<'w> {
    /// The world this refers to.
    pub fn get(&self) -> &World<'w> {
        match self {
            WorldRef::Base(w) => w,
            WorldRef::State(w) => w,
        }
    }
}

/// What one run shares with the runs of its imported grammars.
pub struct Shared<'w> {
    /// The scenario's world: board, kernel and pieces.
    pub world: &'w World<'w>,
    /// The states of play, when the scenario has rules of play.
    pub states: Option<&'w dyn States>,
    /// X, built once: every `X[k]` reads it (the board is the same in every state).
    pub(super) points: Value,
    /// The caps every run sharing this one counts against.
    pub limits: Limits,
    /// Derivation steps taken so far, by this run and its imported grammars together.
    pub steps: Cell<u64>,
    /// Elements gone over and calls made so far (see [`Limits::max_iterations`]).
    iterations: Cell<u64>,
    languages: RefCell<FxHashMap<LanguageKey, Value>>,
}

impl<'w> Shared<'w> {
    /// Sharing for a run over `world` within `limits`, nothing counted yet.
    pub fn new(world: &'w World<'w>, limits: Limits) -> Self {
        Shared {
            world,
            states: world.states,
            points: Value::Set(world.board().points().map(Value::Point).collect()),
            limits,
            steps: Cell::new(0),
            iterations: Cell::new(0),
            languages: RefCell::new(FxHashMap::default()),
        }
    }
}

/// One grammar with its inputs and start parameters bound.
pub struct Context<'c> {
    /// What the grammar shares with the runs it imports.
    pub shared: &'c Shared<'c>,
    /// The world the grammar derives in.
    pub world: WorldRef<'c>,
    /// The grammar being run.
    pub program: &'c Program,
    /// The program's expressions, compiled (see [`super::compile`]).
    pub(super) code: Rc<Compiled>,
    /// Values of inputs, start parameters and constants, by global index.
    fixed: RefCell<Vec<Option<Value>>>,
    /// Per function, the values already computed in the context's world.
    memo: RefCell<MemoTables>,
    /// The same for the other worlds a function is called in (`within s:`), by world id: a
    /// function reads the world it is called in, so a state's world has tables of its own.
    memo_within: RefCell<FxHashMap<u32, MemoTables>>,
    ranges: RefCell<Vec<Option<List<Value>>>>,
    /// The vars numbered below this have their initial values. While the initialisers run,
    /// a function one of them calls may read a var declared after it, which has none yet.
    vars_ready: Cell<usize>,
}

impl<'c> Context<'c> {
    /// Binds inputs (in `program.inputs` order) and start parameters, and computes constants
    /// and the vars' initial values. Returns the context and the initial vars.
    pub fn new(
        shared: &'c Shared<'c>,
        world: WorldRef<'c>,
        program: &'c Program,
        inputs: &[Value],
        start: &[Value],
    ) -> Result<(Self, Rc<[Value]>), RunError> {
        let mut fixed = vec![None; program.globals.len()];
        for (&g, v) in program.inputs.iter().zip(inputs) {
            fixed[g as usize] = Some(v.clone());
        }
        for (&g, v) in program.start.params.iter().zip(start) {
            fixed[g as usize] = Some(v.clone());
        }
        let ctx = Context {
            shared,
            world,
            program,
            code: program.code(),
            fixed: RefCell::new(fixed),
            memo: RefCell::new(vec![FxHashMap::default(); program.functions.len()]),
            memo_within: RefCell::new(FxHashMap::default()),
            ranges: RefCell::new(vec![None; program.rows.len()]),
            vars_ready: Cell::new(0),
        };
        let mut vars = vec![Value::Int(0); program.var_count];
        for (g, global) in program.globals.iter().enumerate() {
            let Some(init) = &ctx.code.inits[g] else {
                continue;
            };
            let mut ev = Eval::new(&ctx, Rc::from(vars.clone()));
            let old = ev.enter(global.init_frame);
            let value = init(&mut ev);
            ev.leave(old);
            let value = value?;
            match global.var_index {
                Some(i) => {
                    vars[i] = value;
                    ctx.vars_ready.set(i + 1);
                }
                None => ctx.fixed.borrow_mut()[g] = Some(value),
            }
        }
        ctx.vars_ready.set(program.var_count);
        Ok((ctx, vars.into()))
    }

    /// Counts `n` elements gone over (or calls made) by the formula at `span` against
    /// [`Limits::max_iterations`], for this run and its imported grammars together.
    pub fn charge(&self, n: u64, span: &Span) -> Result<(), RunError> {
        let shared = self.shared;
        let old = shared.iterations.get();
        let total = old.saturating_add(n);
        shared.iterations.set(total);
        // Memory is looked at every 4,096 elements and calls, at a cost too small to see.
        if old >> 12 != total >> 12 {
            self.check_memory(Some(span))?;
        }
        let limit = shared.limits.max_iterations;
        if total <= limit {
            return Ok(());
        }
        Err(self
            .error(
                format!("the formulas went over more than {limit} elements and calls"),
                Some(span),
            )
            .with_note(format!(
                "in grammar `{}`, where the limit was passed; every element that set-builders, \
                 quantifiers and vectors go over counts, and every function call; raise the \
                 cap on iterations (`Limits::max_iterations`) if it is meant to take this long",
                self.program.name
            ))
            .with_limit(Limit::Iterations))
    }

    /// The run's memory error for a structure refused before it was built (`e`).
    pub fn too_large(&self, e: &crate::memory::TooLarge) -> RunError {
        self.error(e.to_string(), None)
            .with_note(format!(
                "in grammar `{}`; raise the memory limit (`Limits::max_memory`) if the machine \
                 has more to give",
                self.program.name
            ))
            .with_limit(Limit::Memory)
    }

    /// An error if the run uses more memory than [`Limits::max_memory`].
    /// Also an error when the thread's wall-clock deadline has passed (`lingeo serve`,
    /// [`crate::deadline`]).
    pub fn check_memory(&self, span: Option<&Span>) -> Result<(), RunError> {
        if let Some(time) = crate::deadline::passed() {
            return Err(self
                .error(crate::deadline::stopped_at(time), span)
                .with_note(format!(
                    "in grammar `{}`, where the limit was passed",
                    self.program.name
                ))
                .with_limit(Limit::Time));
        }
        let limit = self.shared.limits.max_memory;
        if crate::memory::in_use() <= limit {
            return Ok(());
        }
        Err(self
            .error(
                format!(
                    "the run uses more than {} of memory",
                    crate::memory::show(limit)
                ),
                span,
            )
            .with_note(format!(
                "in grammar `{}`, where the limit was passed; raise the memory \
                 limit (`Limits::max_memory`) if the machine has more to give",
                self.program.name
            ))
            .with_limit(Limit::Memory))
    }

    /// An error in this grammar's file, at `span` when there is one.
    pub fn error(&self, message: impl Into<String>, span: Option<&Span>) -> RunError {
        RunError(Box::new(RunErrorDetail {
            message: message.into(),
            path: self.program.path.clone(),
            source: self.program.source.clone(),
            span: span.cloned(),
            notes: Vec::new(),
            limit: None,
            in_import: false,
            traceable: false,
        }))
    }

    /// A family row's members (the values its index takes, in order), evaluated by `ev` in
    /// the row's frame; cached when they depend on nothing that changes.
    pub fn family_range(&self, row: u32, ev: &mut Eval<'_, '_>) -> Result<List<Value>, RunError> {
        let r = &self.program.rows[row as usize];
        if r.range_fixed
            && let Some(members) = &self.ranges.borrow()[row as usize]
        {
            return Ok(members.clone());
        }
        let range = self.code.rows[row as usize]
            .range
            .as_ref()
            .expect("family rows have a range");
        let members = range(ev)?.set().clone();
        if r.range_fixed {
            self.ranges.borrow_mut()[row as usize] = Some(members.clone());
        }
        Ok(members)
    }
}

/// The distances from `origin` (`From`) or to it (`To`) for motion `m`.
pub(super) fn table_of<'k>(
    ev: &Eval,
    kernel: &'k crate::kernel::Kernel,
    table: MapTable,
    m: crate::kernel::MotionId,
    origin: Point,
) -> Result<&'k crate::kernel::DistanceMap, RunError> {
    // A motion the run's preparation did not check (a piece of the world no input named) is
    // checked here, once: past the memory limit it is the run's memory error, not a panic.
    kernel.ensure(m).map_err(|e| ev.ctx.too_large(&e))?;
    Ok(match table {
        MapTable::From => kernel.map(m, origin),
        MapTable::To => kernel.map_to(m, origin),
    })
}

/// The points (in enumeration order) whose distance passes `keep`.
pub(super) fn points_where(distances: &[u32], keep: impl Fn(u32) -> bool) -> Value {
    Value::Set(
        distances
            .iter()
            .enumerate()
            .filter(|&(_, &d)| keep(d))
            .map(|(i, _)| Value::Point(Point(i as u32)))
            .collect(),
    )
}

/// Evaluates expressions of one context on one state's vars.
pub struct Eval<'e, 'c> {
    pub(super) ctx: &'e Context<'c>,
    /// The world read now: the context's, or a state's inside `within`.
    pub(super) world: WorldRef<'c>,
    vars: Rc<[Value]>,
    /// Frames of locals. The stack keeps its high-water mark: every slot is written before it
    /// is read (patterns, `let`s and generators bind first), so opening a frame only moves
    /// `top`, and old values are dropped when overwritten.
    pub(super) stack: Vec<Value>,
    pub(super) top: usize,
    pub(super) base: usize,
    depth: usize,
    /// The address below which the stack runs short (see [`crate::memory::stack_floor`]).
    stack_floor: usize,
    /// The largest set a reporting `pick` chose from (family truncation).
    pub saturation: usize,
    /// Values of the functions that read vars ([`Function::memo_vars`]), in the context's
    /// world, for the vars of now: emptied when the vars change.
    vars_memo: MemoTables,
    vars_memo_used: bool,
    /// Tuples built recently, shared when an equal one is built again.
    tuples: Tuples,
}

impl<'e, 'c> Eval<'e, 'c> {
    /// An evaluator in `ctx` over the state's `vars`, with no locals yet.
    pub fn new(ctx: &'e Context<'c>, vars: Rc<[Value]>) -> Self {
        Eval {
            ctx,
            world: ctx.world.clone(),
            vars,
            stack: Vec::with_capacity(64),
            top: 0,
            base: 0,
            depth: 0,
            stack_floor: crate::memory::stack_floor(),
            saturation: 0,
            vars_memo: Vec::new(),
            vars_memo_used: false,
            tuples: Tuples::default(),
        }
    }

    /// The vars of the state being evaluated in.
    pub fn vars(&self) -> &Rc<[Value]> {
        &self.vars
    }

    /// Evaluates on another state's vars from now on.
    pub fn set_vars(&mut self, vars: Rc<[Value]>) {
        if self.vars_memo_used && !Rc::ptr_eq(&self.vars, &vars) {
            self.vars_memo.iter_mut().for_each(FxHashMap::clear);
            self.vars_memo_used = false;
        }
        self.vars = vars;
    }

    /// Opens a frame of `size` locals; returns the previous base for [`Eval::leave`].
    pub fn enter(&mut self, size: usize) -> usize {
        let old = self.base;
        self.base = self.top;
        self.top += size;
        self.reserve();
        old
    }

    /// Closes the frame opened by [`Eval::enter`], restoring the `old` base it returned.
    pub fn leave(&mut self, old: usize) {
        self.top = self.base;
        self.base = old;
    }

    fn reserve(&mut self) {
        if self.stack.len() < self.top {
            self.stack
                .resize(self.top.max(2 * self.stack.len()), Value::Int(0));
        }
    }

    /// Binds the locals of `pat` to the parts of `v`.
    pub fn bind(&mut self, pat: &Pat, v: Value) {
        match pat {
            Pat::Slot(s) => self.stack[self.base + *s as usize] = v,
            Pat::Tuple(parts) => {
                // The tuple is ours: its parts are read in place, without another count on it.
                // A part bound to a slot, the usual pattern (`let (x, y, l) = u`), is stored
                // here without another call.
                for (p, item) in parts.iter().zip(v.tuple().iter()) {
                    match p {
                        Pat::Slot(s) => self.stack[self.base + *s as usize] = item.clone(),
                        nested => self.bind(nested, item.clone()),
                    }
                }
            }
        }
    }

    /// Sets local `slot` of the current frame to `v`.
    pub fn set_local(&mut self, slot: Slot, v: Value) {
        self.stack[self.base + slot as usize] = v;
    }

    pub(super) fn err(&self, message: impl Into<String>, span: &Span) -> RunError {
        self.ctx.error(message, Some(span))
    }

    /// `f` on this stack segment, or on a new one when this one runs short (see
    /// [`crate::memory::stack_floor`]), so that recursion as deep as `--max-depth` and
    /// `--max-memory` allow never overflows the stack. Calls and imports run under it, and
    /// every 64 levels of a nested expression (`Compiler::nested`); the look costs a comparison
    /// of addresses: no call, no counter.
    #[inline]
    pub(super) fn guarded<R>(&mut self, f: impl FnOnce(&mut Self) -> R) -> R {
        let here = 0u8;
        if (std::ptr::addr_of!(here) as usize) >= self.stack_floor {
            return f(self);
        }
        let floor = self.stack_floor;
        let result = crate::memory::on_new_segment(|| {
            self.stack_floor = crate::memory::stack_floor();
            f(self)
        });
        self.stack_floor = floor;
        result
    }

    /// The bounds of `a..b`, after the check that the set it stands for is not too large.
    pub(super) fn range_bounds_of(
        &self,
        a: i64,
        b: i64,
        span: &Span,
    ) -> Result<(i64, i64), RunError> {
        let size = b.saturating_sub(a).saturating_add(1).max(0) as u64;
        // Bounded by the set size; going over it is charged where it is gone over.
        self.check_set_size(size, span)?;
        Ok((a, b))
    }

    pub(super) fn global(&self, g: u32) -> Result<Value, RunError> {
        let global = &self.ctx.program.globals[g as usize];
        let value = match global.var_index {
            Some(i) if i < self.ctx.vars_ready.get() => Some(self.vars[i].clone()),
            Some(_) => None,
            None => self.ctx.fixed.borrow()[g as usize].clone(),
        };
        value.ok_or_else(|| {
            self.ctx.error(
                format!("`{}` is read before it has a value", global.name),
                Some(&global.span),
            )
        })
    }

    /// The tuple of the values at `stack[frame..top]` (a recent equal one shared, see
    /// [`Tuples`]); the stack is cut back to `frame`.
    pub(super) fn tuple_of_stack(&mut self, frame: usize) -> List<Value> {
        let tuple = self.tuples.tuple(&mut self.stack[frame..self.top]);
        self.top = frame;
        tuple
    }

    /// Stores a call's argument above the previous ones, so that calls made while evaluating
    /// the next argument open their frames above it.
    #[inline]
    pub(super) fn push_arg(&mut self, v: Value) {
        self.top += 1;
        self.reserve();
        self.stack[self.top - 1] = v;
    }

    /// Calls function `func` on the arguments at `stack[frame..top]`: from a memo table, or
    /// by `body` (the compiled function body) in a new frame, within the limits.
    pub(super) fn finish_call(
        &mut self,
        func: u32,
        frame: usize,
        span: &Span,
        body: impl FnOnce(&mut Self, u32) -> Result<Value, RunError>,
    ) -> Result<Value, RunError> {
        let f = &self.ctx.program.functions[func as usize];
        // The world the call reads, when it is not the context's (inside `within s:`).
        let world = self.world.get().id;
        let within = (world != self.ctx.world.get().id).then_some(world);
        if f.memo
            && let Some(v) = self.memo_get(within, func, frame)
        {
            self.top = frame;
            return Ok(v);
        }
        let vars_memo = f.memo_vars && within.is_none();
        if vars_memo
            && let Some(v) = self
                .vars_memo
                .get(func as usize)
                .and_then(|table| table.get(&self.stack[frame..self.top]))
        {
            // Shared: the derivation table compares values by content (table.rs), so a hit
            // need not be a copy of its own.
            let v = v.clone();
            self.top = frame;
            return Ok(v);
        }
        if self.depth >= self.ctx.shared.limits.max_call_depth {
            self.top = frame;
            return Err(self
                .err(
                    format!(
                        "calls nested more than {} deep (in `{}`)",
                        self.ctx.shared.limits.max_call_depth, f.name
                    ),
                    span,
                )
                .with_note("a recursive function may not reach its base case")
                .with_limit(Limit::CallDepth));
        }
        if let Err(e) = self.ctx.charge(1, span) {
            self.top = frame;
            return Err(e);
        }
        let key = (f.memo || vars_memo).then(|| Box::from(&self.stack[frame..self.top]));
        let old = self.base;
        self.base = frame;
        self.top = frame + f.frame.max(f.params);
        self.reserve();
        self.depth += 1;
        let result = body(self, func);
        self.depth -= 1;
        self.leave(old);
        let value = result?;
        let Some(key) = key else { return Ok(value) };
        if vars_memo {
            let n = self.ctx.program.functions.len();
            if self.vars_memo.len() < n {
                self.vars_memo.resize_with(n, FxHashMap::default);
            }
            self.vars_memo[func as usize].insert(key, value.clone());
            self.vars_memo_used = true;
        } else {
            match within {
                None => {
                    self.ctx.memo.borrow_mut()[func as usize].insert(key, value.clone());
                }
                Some(w) => {
                    let n = self.ctx.program.functions.len();
                    self.ctx
                        .memo_within
                        .borrow_mut()
                        .entry(w)
                        .or_insert_with(|| vec![FxHashMap::default(); n])[func as usize]
                        .insert(key, value.clone());
                }
            }
        }
        Ok(value)
    }

    /// A memoised value of `func` for the arguments `stack[frame..top]`, in the context's world
    /// (`within` None) or another.
    fn memo_get(&self, within: Option<u32>, func: u32, frame: usize) -> Option<Value> {
        let args = &self.stack[frame..self.top];
        match within {
            None => self.ctx.memo.borrow()[func as usize].get(args).cloned(),
            Some(w) => self
                .ctx
                .memo_within
                .borrow()
                .get(&w)
                .and_then(|tables| tables[func as usize].get(args).cloned()),
        }
    }

    /// The states of play, or an error at `span` saying there are none.
    pub(super) fn states(&self, span: &Span) -> Result<&'c dyn States, RunError> {
        self.ctx.shared.states.ok_or_else(|| {
            self.err("this run has no states of play", span).with_note(
                "states need a scenario with a `game` block (its rules of play); `lingeo run` \
                 gives them to a grammar run on such a scenario",
            )
        })
    }

    /// A built-in on its arguments' values, as its entry in [`super::builtin`] evaluates it.
    #[inline]
    pub(super) fn builtin(&self, op: Builtin, a: &[Value], span: &Span) -> Result<Value, RunError> {
        (op.def().eval)(self, op, a, span)
    }

    pub(super) fn index(
        &self,
        kind: IndexKind,
        base: &Value,
        index: &Value,
        span: &Span,
    ) -> Result<Value, RunError> {
        let out_of_range =
            |k: i64, range: String| self.err(format!("index {k} is out of range {range}"), span);
        Ok(match kind {
            IndexKind::VectorAtPoint => base.vector()[index.point().index()].clone(),
            IndexKind::VectorAtNumber => {
                let v = base.vector();
                let k = index.int();
                if k < 1 || k as usize > v.len() {
                    return Err(out_of_range(k, format!("1..{}", v.len())));
                }
                v[k as usize - 1].clone()
            }
            IndexKind::TrajectoryStop => {
                let t = base.trajectory();
                let k = index.int();
                if k < 0 || k as usize >= t.len() {
                    return Err(out_of_range(k, format!("0..{}", t.len() - 1)));
                }
                Value::Point(t[k as usize])
            }
            IndexKind::SetMember => {
                let s = base.set();
                let k = index.int();
                if k < 1 || k as usize > s.len() {
                    return Err(out_of_range(k, format!("1..{}", s.len())));
                }
                s[k as usize - 1].clone()
            }
        })
    }

    /// An error if a set of `size` members, built at `span`, is past the limit.
    pub(super) fn check_set_size(&self, size: u64, span: &Span) -> Result<(), RunError> {
        let limit = self.ctx.shared.limits.max_set_size;
        if size <= limit as u64 {
            return Ok(());
        }
        Err(self
            .err(format!("this set has more than {limit} members"), span)
            .with_note(format!(
                "in grammar `{}`; raise the cap on a set's members (`Limits::max_set_size`) if it is meant to be this large",
                self.ctx.program.name
            ))
            .with_limit(Limit::SetSize))
    }

    /// The language of imported grammar `import` for these start values and inputs (in the
    /// order of its inputs), derived in the world read now and cached across the run.
    pub(super) fn language_of(
        &mut self,
        import: u32,
        shape: Shape,
        start_values: Vec<Value>,
        input_values: Vec<Value>,
        span: &Span,
    ) -> Result<Value, RunError> {
        let program = &self.ctx.program.imports[import as usize].program;
        let key = (
            Rc::as_ptr(program) as usize,
            self.world.get().id,
            start_values,
            input_values,
        );
        if let Some(v) = self.ctx.shared.languages.borrow().get(&key) {
            return Ok(v.clone());
        }
        let shared = self.ctx.shared;
        let sentences = derive::language(shared, self.world.clone(), program, &key.3, &key.2)
            .map_err(|e| {
                e.with_note(format!(
                    "while deriving the language of `{}` called here",
                    program.name
                ))
            })
            .map_err(|e| {
                let mut outer = self.err(
                    format!("the imported grammar `{}` failed", program.name),
                    span,
                );
                outer.notes.push(e.message.clone());
                outer.notes.extend(e.notes.iter().cloned());
                outer.limit = e.limit;
                outer.in_import = true;
                outer
            })?;
        // Read off the stream: each member is built from the borrowed sentence, with no
        // vector of sentences in between.
        let mut members: Vec<Value> = Vec::new();
        sentences.for_each(|s| {
            members.push(match shape {
                Shape::Trajectories => {
                    Value::Trajectory(s.iter().map(|sym| sym.args[0].point()).collect())
                }
                Shape::Symbols => Value::set_from(
                    s.iter()
                        .map(|sym| match &sym.args[..] {
                            [one] => one.clone(),
                            args => Value::Tuple(List::from(args)),
                        })
                        .collect(),
                ),
            })
        });
        let value = Value::set_from(members);
        self.ctx
            .shared
            .languages
            .borrow_mut()
            .insert(key, value.clone());
        Ok(value)
    }
}

/// Where input global `g` of an imported `program` goes among its inputs.
pub(super) fn input_position(program: &Program, g: u32) -> usize {
    program
        .inputs
        .iter()
        .position(|&i| i == g)
        .expect("the checker matched every input")
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum SetOp {
    Union,
    Inter,
    Diff,
}

/// Union, intersection or difference of two sorted sets, in one pass that stops as soon as
/// the rest of the result is known (an intersection when either side runs out, a difference
/// when its right side does).
pub(super) fn merge(a: &[Value], b: &[Value], op: SetOp) -> List<Value> {
    use std::cmp::Ordering::{Equal, Greater, Less};
    let mut out = Vec::with_capacity(match op {
        SetOp::Union => a.len() + b.len(),
        SetOp::Inter => a.len().min(b.len()),
        SetOp::Diff => a.len(),
    });
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            Less => {
                if op != SetOp::Inter {
                    out.push(a[i].clone());
                }
                i += 1;
            }
            Greater => {
                if op == SetOp::Union {
                    out.push(b[j].clone());
                }
                j += 1;
            }
            Equal => {
                if op != SetOp::Diff {
                    out.push(a[i].clone());
                }
                i += 1;
                j += 1;
            }
        }
    }
    if op != SetOp::Inter {
        out.extend_from_slice(&a[i..]);
    }
    if op == SetOp::Union {
        out.extend_from_slice(&b[j..]);
    }
    out.into()
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use proptest::prelude::*;

    use super::*;
    use crate::board::Board;
    use crate::grammar::Grammar;
    use crate::scenario::Scenario;

    /// A var's initialiser that calls a function reading a var declared after it: the later
    /// var has no value yet, which is an error (it was read as a placeholder `0`, of the
    /// wrong type: a bool printed as `t(0)`, or a panic where a bool was tested).
    #[test]
    fn a_var_read_before_its_initialiser_ran_is_an_error() {
        let scenario = Scenario::empty(Board::grid(3, 3, 1, &[]).unwrap());
        let kernel = scenario.kernel();
        let world = World::new(&scenario, &kernel);
        for (use_of_early, read) in [("t(early)", "later"), ("t(early and true)", "later")] {
            let text = format!(
                "start S()\nterminal t(b: bool)\nnonterminal S()\n\
                 var early: bool = reads_later()\nvar later: bool = true\n\
                 pred reads_later() = {read}\n\
                 productions\n  1 | true | S() -> {use_of_early} | | {{}} | {{}}\n"
            );
            let g = Grammar::parse("t.lgg", &text).unwrap_or_else(|e| panic!("{e}"));
            let e = g
                .derive(&world, &[], &[], Limits::default(), None)
                .expect_err("`later` has no value yet");
            assert!(
                e.render().contains("`later` is read before it has a value"),
                "{}",
                e.render()
            );
        }
        // A var read after its initialiser ran has its value.
        let text = "start S()\nterminal t(b: bool)\nnonterminal S()\n\
                    var one: bool = true\nvar two: bool = reads_one()\n\
                    pred reads_one() = one\n\
                    productions\n  1 | true | S() -> t(two) | | {} | {}\n";
        let g = Grammar::parse("t.lgg", text).unwrap_or_else(|e| panic!("{e}"));
        let language = g.derive(&world, &[], &[], Limits::default(), None).unwrap();
        assert_eq!(g.show_sentence(&world, &language.sentences[0]), "t(true)");
    }

    /// A costly function that reads a var is memoised for one state of the vars only: after
    /// a step changes the var, it is computed afresh (a stale value would give `t(1) t(1) …`).
    #[test]
    fn a_function_reading_vars_is_memoised_per_state_of_the_vars() {
        let scenario = Scenario::empty(Board::grid(3, 3, 1, &[]).unwrap());
        let kernel = scenario.kernel();
        let world = World::new(&scenario, &kernel);
        let text = "start S()\nterminal t(k: int)\nnonterminal S()\nvar COUNT: int = 1\n\
                    fn UPTO(k: int) -> set<int> = if k > COUNT then {} else (k..k) union UPTO(k + 1)\n\
                    productions\n\
                    \x20 1 | size(UPTO(1)) < 3 | S() -> t(size(UPTO(1))) S() | COUNT := COUNT + 1 | {1} | {2}\n\
                    \x20 2 | true | S() -> t(size(UPTO(1)) + size(UPTO(1))) | | {} | {}\n";
        let g = Grammar::parse("t.lgg", text).unwrap_or_else(|e| panic!("{e}"));
        let upto = &g.program.functions[0];
        assert!(upto.memo_vars && !upto.memo, "UPTO reads a var");
        let language = g.derive(&world, &[], &[], Limits::default(), None).unwrap();
        let shown: Vec<String> = language
            .sentences
            .iter()
            .map(|s| g.show_sentence(&world, s))
            .collect();
        assert_eq!(shown, ["t(1) t(2) t(6)"]);
    }

    /// A hit in the memo of a function that reads vars returns the node the miss computed,
    /// not a copy (the derivation table compares values by content, so sharing is sound), and
    /// the function's body does not run again.
    #[test]
    fn a_memo_hit_of_a_function_reading_vars_shares_the_node() {
        let scenario = Scenario::empty(Board::grid(3, 3, 1, &[]).unwrap());
        let kernel = scenario.kernel();
        let world = World::new(&scenario, &kernel);
        let text = "start S()\nterminal t(k: int)\nnonterminal S()\nvar COUNT: int = 1\n\
                    fn UPTO(k: int) -> set<int> = if k > COUNT then {} else (k..k) union UPTO(k + 1)\n\
                    productions\n\
                    \x20 1 | true | S() -> t(size(UPTO(1))) | | {} | {}\n";
        let g = Grammar::parse("t.lgg", text).unwrap_or_else(|e| panic!("{e}"));
        assert!(g.program.functions[0].memo_vars);
        let shared = Shared::new(&world, Limits::default());
        let (ctx, vars) =
            Context::new(&shared, WorldRef::Base(&world), &g.program, &[], &[]).unwrap();
        let mut ev = Eval::new(&ctx, vars);
        let mut runs = 0;
        let mut call = |ev: &mut Eval<'_, '_>| {
            let frame = ev.top;
            ev.push_arg(Value::Int(1));
            ev.finish_call(0, frame, &g.program.functions[0].span, |_, _| {
                runs += 1;
                Ok(Value::set_from(vec![Value::Int(1), Value::Int(2)]))
            })
            .unwrap()
        };
        let (first, second) = (call(&mut ev), call(&mut ev));
        assert_eq!(runs, 1, "the second call is a memo hit");
        assert!(List::ptr_eq(first.set(), second.set()), "one node");
    }

    proptest! {
        #[test]
        fn merge_is_union_intersection_and_difference(
            a in prop::collection::btree_set(0i64..40, 0..20),
            b in prop::collection::btree_set(0i64..40, 0..20),
        ) {
            let values = |s: &BTreeSet<i64>| s.iter().map(|&x| Value::Int(x)).collect::<Vec<_>>();
            let (va, vb) = (values(&a), values(&b));
            let expect = |s: BTreeSet<i64>| List::<Value>::from(values(&s));
            prop_assert_eq!(merge(&va, &vb, SetOp::Union), expect(&a | &b));
            prop_assert_eq!(merge(&va, &vb, SetOp::Inter), expect(&a & &b));
            prop_assert_eq!(merge(&va, &vb, SetOp::Diff), expect(&a - &b));
        }
    }
}
