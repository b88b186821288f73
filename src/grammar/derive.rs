//! The derivation engine (docs/semantics.md §3.2). From the permissible set {1}, a production is
//! tried on the leftmost occurrence of its nonterminal: if there is none or Q is false, the next
//! permissible set is F_F; otherwise the occurrence is rewritten, the pi_n assignments take
//! effect together (all computed on the state before the step), and the next set is F_T. An
//! empty set halts; a halted string of terminals only is a sentence.
//!
//! A permissible set with several labels, or a family, is a nondeterministic choice: the
//! engine explores every choice depth first. The sentential form and the vars are persistent
//! (see [`super::form`]), so branches share what they have in common, and branches that reach
//! the same state share its exploration (see [`super::table`]); a traced run explores every
//! branch in full, so that the trace shows each derivation. The language comes out
//! de-duplicated and sorted by symbols (declaration order, then arguments): read off the
//! table in that order ([`super::stream`]), or, for a plain search, sorted at the end.

use std::rc::Rc;

use rustc_hash::FxHashMap;

use super::compile::{AssignCode, Code, Compiled};
use super::eval::{Context, Eval, Limit, RunError, Shared, WorldRef};
use super::forest::Forest;
use super::form::Form;
use super::ir::{AssignKind, Choice, Pat, Program, Row};
use super::spare::Spare;
use super::stream::Stream;
use super::table::{Edge, Key, KeyRef, Lookup, MAX_KEYED_TAIL, Table};
use super::trace::{Assignment, TraceEvent, Tracer};
use super::value::{Hashed, List, Names, Value};
use super::vars::Vars;
use crate::board::Point;

/// One symbol of a sentential form: a terminal or nonterminal with its parameter values.
/// Ordered by symbol, then arguments.
#[derive(Clone, Debug)]
pub struct Sym {
    /// The symbol, by index into the program's terminals and nonterminals.
    pub symbol: u32,
    /// The values of its parameters, in declaration order.
    pub args: Rc<[Value]>,
}

/// The tests' shorthand for a symbol (tail.rs, form.rs, table.rs).
#[cfg(test)]
impl Sym {
    /// Symbol `symbol` with the arguments `args`.
    pub(crate) fn of(symbol: u32, args: &[Value]) -> Sym {
        Sym {
            symbol,
            args: Rc::from(args),
        }
    }

    /// Symbol `symbol` with one int argument, `v`.
    pub(crate) fn int(symbol: u32, v: i64) -> Sym {
        Sym::of(symbol, &[Value::Int(v)])
    }
}

// Sentences read off the derivation table share their symbols' arguments, so comparing the
// pointers first settles most comparisons of the final sort and de-duplication at once.
impl PartialEq for Sym {
    fn eq(&self, other: &Sym) -> bool {
        self.symbol == other.symbol
            && (Rc::ptr_eq(&self.args, &other.args) || self.args == other.args)
    }
}

impl Eq for Sym {}

// Equal symbols have equal contents, so hashing the contents agrees with `eq`.
impl std::hash::Hash for Sym {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.symbol.hash(state);
        self.args.hash(state);
    }
}

impl Ord for Sym {
    fn cmp(&self, other: &Sym) -> std::cmp::Ordering {
        self.symbol.cmp(&other.symbol).then_with(|| {
            if Rc::ptr_eq(&self.args, &other.args) {
                std::cmp::Ordering::Equal
            } else {
                self.args.cmp(&other.args)
            }
        })
    }
}

impl PartialOrd for Sym {
    fn partial_cmp(&self, other: &Sym) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// A sentence of the language: terminals only, each with its parameter values.
pub type Sentence = Vec<Sym>;

/// About what a sentence listed holds: its symbols in their block (their arguments are shared
/// with the derivation's states).
pub fn sentence_bytes(sentence: &[Sym]) -> usize {
    crate::budget::HEAP_BLOCK + std::mem::size_of::<Sentence>() + std::mem::size_of_val(sentence)
}

#[derive(Clone)]
struct State {
    form: Form,
    vars: Vars,
    permissible: Rc<[Choice]>,
    step: u64,
}

/// The language of `program` with these inputs and start parameters: sorted, without duplicates.
/// `world` is the world it derives in (the scenario's, or a state's inside `within`).
pub fn language<'w>(
    shared: &'w Shared<'w>,
    world: WorldRef<'w>,
    program: &'w Program,
    inputs: &[Value],
    start: &[Value],
) -> Result<Stream, RunError> {
    let cap = shared.limits.max_imported_sentences;
    derive(
        shared,
        world,
        program,
        inputs,
        start,
        None,
        Strategy::Tabled,
        cap,
    )
}

/// How the engine explores the choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strategy {
    /// Every branch in full, one derivation after another (what `--trace` shows).
    Plain,
    /// States met again are not explored again ([`super::table`]).
    Tabled,
}

/// Runs a derivation to its language, exploring the choices by `strategy`; a traced run
/// takes every step, so it is plain whatever the strategy.
pub fn run<'w>(
    shared: &'w Shared<'w>,
    program: &'w Program,
    inputs: &[Value],
    start: &[Value],
    trace: Option<&mut dyn Tracer>,
    strategy: Strategy,
) -> Result<Stream, RunError> {
    let strategy = if trace.is_some() {
        Strategy::Plain
    } else {
        strategy
    };
    let cap = shared.limits.max_sentences;
    let world = WorldRef::Base(shared.world);
    derive(shared, world, program, inputs, start, trace, strategy, cap)
}

/// The tabled derivation of the language as a shared forest ([`super::forest`]), without
/// listing its sentences: `max_sentences` does not apply (the steps and memory limits do).
pub fn forest<'w>(
    shared: &'w Shared<'w>,
    program: &'w Program,
    inputs: &[Value],
    start: &[Value],
) -> Result<Forest, RunError> {
    let world = WorldRef::Base(shared.world);
    let derived = derive_or_forest(
        shared,
        world,
        program,
        inputs,
        start,
        None,
        Strategy::Tabled,
        usize::MAX,
        true,
    )?;
    match derived {
        Derived::Forest(forest) => Ok(forest),
        Derived::Listed(_) => unreachable!("a tabled search keeps its table"),
    }
}

/// [`run`], with `max_sentences` the cap on this language's sentences. An imported grammar's
/// derivation runs inside a formula, under `Eval::guarded` as every import is, so a derivation
/// deep in a recursion moves to a new segment of stack too.
#[allow(clippy::too_many_arguments)]
fn derive<'w>(
    shared: &'w Shared<'w>,
    world: WorldRef<'w>,
    program: &'w Program,
    inputs: &[Value],
    start: &[Value],
    trace: Option<&mut dyn Tracer>,
    strategy: Strategy,
    max_sentences: usize,
) -> Result<Stream, RunError> {
    let derived = derive_or_forest(
        shared,
        world,
        program,
        inputs,
        start,
        trace,
        strategy,
        max_sentences,
        false,
    )?;
    let steps = shared.steps.get();
    Ok(match derived {
        Derived::Listed(sentences) => Stream::listed(sentences, steps),
        Derived::Forest(forest) => Stream::tabled(forest, steps),
    })
}

/// What a derivation leaves: the sentences of a plain search (sorted, without repeats), or
/// the table of a tabled one, which [`Stream`] reads them off in order.
enum Derived {
    Listed(Vec<Sentence>),
    Forest(Forest),
}

/// [`derive`]: the language of a plain search, or the table of a tabled one (with
/// `keep_forest`, the cap on sentences does not apply to it).
#[allow(clippy::too_many_arguments)]
fn derive_or_forest<'w>(
    shared: &'w Shared<'w>,
    world: WorldRef<'w>,
    program: &'w Program,
    inputs: &[Value],
    start: &[Value],
    trace: Option<&mut dyn Tracer>,
    strategy: Strategy,
    max_sentences: usize,
    keep_forest: bool,
) -> Result<Derived, RunError> {
    let (ctx, vars) = Context::new(shared, world, program, inputs, start)?;
    let mut ev = Eval::new(&ctx, vars.clone());
    let code = ctx.code.clone();
    let start_args: Vec<Value> = match &code.start {
        None => start.to_vec(),
        Some(args) => {
            let old = ev.enter(program.start.frame);
            let values: Result<Vec<Value>, RunError> = args.iter().map(|a| a(&mut ev)).collect();
            ev.leave(old);
            values?
        }
    };
    let is_terminal = |s: u32| program.symbols[s as usize].terminal;
    let initial = State {
        form: Form::new(
            Sym {
                symbol: program.start.symbol,
                args: start_args.into(),
            },
            is_terminal,
        ),
        vars: Vars::new(vars),
        permissible: program.initial.clone(),
        step: 0,
    };
    let mut engine = Engine {
        ctx: &ctx,
        code: &code,
        max_sentences,
        symbols: Vec::new(),
        values: Vec::new(),
        updates: Vec::new(),
        lets: Vec::new(),
        spare: Spare::default(),
        trace,
        paths: 1,
        sentences: Vec::new(),
        sorted: true,
        keep_forest,
        forest: None,
        held: crate::memory::Held::new(),
        waiting_bytes: 0,
        sentences_bytes: 0,
    };
    if engine.trace.is_some() {
        let event = TraceEvent::Derivation {
            number: 1,
            another_choice_at: None,
            form: engine.show(&initial.form),
        };
        engine.trace_event(&event);
    }
    match strategy {
        Strategy::Plain => engine.search(initial, ev)?,
        Strategy::Tabled => engine.search_tabled(initial, ev)?,
    }
    if let Some(forest) = engine.forest {
        return Ok(Derived::Forest(forest));
    }
    let mut sentences = engine.sentences;
    if !engine.sorted {
        sentences.sort();
        sentences.dedup();
    }
    Ok(Derived::Listed(sentences))
}

struct Engine<'e, 'c, 't, 'd> {
    ctx: &'e Context<'c>,
    /// The program's expressions as this run evaluates them.
    code: &'e Compiled,
    /// The cap on the sentences of this language (imported languages have their own).
    max_sentences: usize,
    /// Reused buffers for a production's new symbols and their arguments, and its
    /// assignments (slot, new value).
    symbols: Vec<Sym>,
    values: Vec<Value>,
    updates: Vec<(usize, Value)>,
    /// Reused buffer for the per-point `let`s of a per-point assignment (see
    /// [`super::point_plan`]): most steps of G_Z prepare one and skip it as changing nothing,
    /// and a new vector each time was an allocation a step.
    lets: Vec<(&'e Pat, &'e Code)>,
    /// Arrays of the states left behind, filled again by the next steps' new symbols and
    /// vars instead of freed and allocated ([`super::spare`]).
    spare: Spare,
    trace: Option<&'t mut (dyn Tracer + 'd)>,
    paths: u32,
    /// The sentences of a plain search.
    sentences: Vec<Sentence>,
    /// Whether the sentences so far came out strictly increasing (then no sort is needed).
    sorted: bool,
    /// Whether the tabled search is asked for its table as a forest (the cap on sentences
    /// then does not apply).
    keep_forest: bool,
    /// The table of a tabled search, which the language is read off ([`Stream`]).
    forest: Option<Forest>,
    /// What the derivation holds, measured every 256 steps before the memory is looked at
    /// (`count_step`): so its memory limit holds without a counting allocator.
    held: crate::memory::Held,
    /// About what the states waiting on the search's stack hold (a tabled search's frames).
    waiting_bytes: usize,
    /// About what the sentences of a plain search hold.
    sentences_bytes: usize,
}

/// About what a state waiting on a stack holds beside its slot: the blocks of the symbols and
/// vars its step made (the rest it shares with the state before it).
const STATE_BYTES: usize = std::mem::size_of::<State>() + 4 * crate::budget::HEAP_BLOCK + 64;

/// Which members of a production a choice tries.
#[derive(Clone, Copy)]
enum Members {
    /// A production that is not a family.
    Plain,
    All,
    /// One member, numbered from 1.
    One(u64),
}

impl Members {
    fn label(self) -> Option<u64> {
        match self {
            Members::Plain => None,
            Members::All => Some(1),
            Members::One(m) => Some(m),
        }
    }
}

/// How a walk along steps with one successor ends.
enum Walk {
    /// At a state explored before, or halting with a sentence (`to: None`).
    Edge(Edge),
    /// Halting with nonterminals left, at a state no sentence comes from, or on steps with
    /// one successor that come back to a state (they never halt).
    Dead,
    /// Back at a state being explored (`node`), with `frozen` terminals frozen, by a step of
    /// production `row`.
    Cycle {
        node: u32,
        frozen: usize,
        row: Option<u32>,
    },
    /// At a new branching state: its node, the terminals on the way, its successors.
    Branch {
        incoming: Vec<Sym>,
        node: u32,
        base: usize,
        successors: Vec<Step>,
    },
}

/// The states of the derivation the plain search is following, one per step, so that it
/// sees when the derivation comes back to one.
#[derive(Default)]
struct Path {
    visits: Vec<Visit>,
    /// The step of each keyed state on the path.
    at: FxHashMap<Key, usize>,
}

struct Visit {
    /// `None` for a state whose tail is too long to key (see [`MAX_KEYED_TAIL`]).
    key: Option<Key>,
    frozen: usize,
    /// Sentences found before the state was reached.
    sentences: usize,
    /// A production that came back to the state after freezing terminals.
    grows: Option<u32>,
}

impl Path {
    /// Adds `state` (at step `visits.len()`), or gives the step it was at before.
    fn enter(&mut self, state: &State, sentences: usize) -> Option<usize> {
        debug_assert_eq!(self.visits.len() as u64, state.step);
        let key = (state.form.tail().len() <= MAX_KEYED_TAIL)
            .then(|| Key::new(state.form.tail(), &state.vars, &state.permissible));
        if let Some(k) = &key {
            if let Some(&back) = self.at.get(k) {
                return Some(back);
            }
            self.at.insert(k.clone(), self.visits.len());
        }
        self.visits.push(Visit {
            key,
            frozen: state.form.frozen_len(),
            sentences,
            grows: None,
        });
        None
    }
}

/// A successor of a state, and how it was reached (for the trace).
struct Step {
    state: State,
    row: u32,
    member: Option<u64>,
    applied: bool,
}

impl<'e> Engine<'e, '_, '_, '_> {
    fn trace_event(&mut self, event: &TraceEvent) {
        if let Some(t) = self.trace.as_deref_mut() {
            t.event(event);
        }
    }

    fn show(&self, form: &Form) -> String {
        let program = self.ctx.program;
        self.ctx
            .shared
            .world
            .with_names(&program.enum_values, |names| {
                show_form(names, program, form.to_vec().iter())
            })
    }

    fn label(&self, step: &Step) -> String {
        let program = self.ctx.program;
        let row = &program.rows[step.row as usize];
        match (step.member, row.family) {
            (Some(m), Some(f)) => format!("{}_{m}", program.families[f as usize].base),
            _ => row.label.clone(),
        }
    }

    /// Every derivation in full, depth first. A derivation that comes back to a state it was
    /// in is not followed round again: without a terminal frozen on the way round it never
    /// halts there, and its other ways on are explored anyway; with terminals frozen, the
    /// language is infinite if a sentence comes from that state (an error once it does).
    fn search(&mut self, initial: State, mut ev: Eval<'_, '_>) -> Result<(), RunError> {
        let mut path = Path::default();
        let mut stack = vec![(initial, None)];
        let mut successors = Vec::new();
        while let Some((mut state, mut row)) = stack.pop() {
            self.leave(&mut path, state.step as usize)?;
            loop {
                if state.permissible.is_empty() {
                    self.halt(&state)?;
                    break;
                }
                if let Some(back) = path.enter(&state, self.sentences.len()) {
                    self.came_back(&mut path, back, &state, row);
                    break;
                }
                self.count_step(|| {
                    (stack.len() + path.visits.len()) * STATE_BYTES
                        + path.at.capacity() * std::mem::size_of::<(Key, usize)>()
                })?;
                successors.clear();
                self.expand(&mut ev, &state, &mut successors)?;
                if successors.is_empty() {
                    self.trace_event(&TraceEvent::NoProduction);
                    self.halt(&state)?;
                    break;
                }
                let first = successors.remove(0);
                if self.trace.is_some() {
                    let program = self.ctx.program;
                    let (before, after) = (state.vars.values(), first.state.vars.values());
                    let assignments = self
                        .ctx
                        .shared
                        .world
                        .with_names(&program.enum_values, |names| {
                            assignments(names, program, before, after)
                        });
                    let event = TraceEvent::Step {
                        label: self.label(&first),
                        applied: first.applied,
                        form: self.show(&first.state.form),
                        assignments,
                    };
                    self.trace_event(&event);
                }
                for other in successors.drain(..).rev() {
                    stack.push((other.state, Some(other.row)));
                }
                row = Some(first.row);
                let left = std::mem::replace(&mut state, first.state);
                self.recycle(left);
            }
            if self.trace.is_some()
                && let Some((next, _)) = stack.last()
            {
                self.paths += 1;
                let event = TraceEvent::Derivation {
                    number: u64::from(self.paths),
                    another_choice_at: Some(next.step),
                    form: self.show(&next.form),
                };
                self.trace_event(&event);
            }
        }
        self.leave(&mut path, 0)
    }

    /// A derivation is back at the state it was in after step `back`, by a step of `row`.
    fn came_back(&mut self, path: &mut Path, back: usize, state: &State, row: Option<u32>) {
        let grows = state.form.frozen_len() > path.visits[back].frozen;
        if grows && let Some(row) = row {
            path.visits[back].grows.get_or_insert(row);
        }
        self.trace_event(&TraceEvent::BackAtState {
            step: back,
            more_terminals: grows,
        });
    }

    /// Leaves the states of the current derivation from step `step` on: an error if one was
    /// come back to with more terminals and a sentence came from it since.
    fn leave(&self, path: &mut Path, step: usize) -> Result<(), RunError> {
        while path.visits.len() > step {
            let visit = path.visits.pop().expect("a visit");
            if let Some(key) = &visit.key {
                path.at.remove(key);
            }
            if let Some(row) = visit.grows
                && self.sentences.len() > visit.sentences
            {
                return Err(self.infinite(row));
            }
        }
        Ok(())
    }

    fn halt(&mut self, state: &State) -> Result<(), RunError> {
        let sentence = state.form.is_sentence();
        if self.trace.is_some() {
            let event = TraceEvent::Halts {
                sentence,
                form: self.show(&state.form),
            };
            self.trace_event(&event);
        }
        if !sentence {
            return Ok(());
        }
        self.push_sentence(state.form.to_vec())
    }

    /// Adds a sentence of the plain search.
    fn push_sentence(&mut self, sentence: Sentence) -> Result<(), RunError> {
        if self.sorted && self.sentences.last().is_some_and(|last| sentence <= *last) {
            self.sorted = false;
        }
        self.sentences_bytes += sentence_bytes(&sentence);
        self.sentences.push(sentence);
        if self.sentences.len() > self.max_sentences {
            return Err(self.too_many_sentences());
        }
        Ok(())
    }

    fn too_many_sentences(&self) -> RunError {
        let limit = self.max_sentences;
        self.ctx
            .error(
                format!("the language has more than {limit} sentences"),
                None,
            )
            .with_note(format!(
                "in grammar `{}`; raise the cap on sentences (`Limits::max_sentences`) to derive more",
                self.ctx.program.name
            ))
            .with_limit(Limit::Sentences)
    }

    /// Counts a step; every 256 steps, measures what the derivation holds (`structures`: its
    /// table or its stack, with the sentences and the waiting states this engine keeps) and
    /// looks at the memory and the deadline.
    fn count_step(&mut self, structures: impl FnOnce() -> usize) -> Result<(), RunError> {
        let limits = self.ctx.shared.limits;
        let steps = self.ctx.shared.steps.get() + 1;
        self.ctx.shared.steps.set(steps);
        if steps.is_multiple_of(256) {
            self.held
                .measure(structures() + self.waiting_bytes + self.sentences_bytes);
            self.ctx.check_memory(None)?;
        }
        if steps > limits.max_steps {
            return Err(self
                .ctx
                .error(format!("the derivation did not halt within {} steps", limits.max_steps), None)
                .with_note(format!("in grammar `{}`; raise the cap on derivation steps (`Limits::max_steps`) if it is meant to run longer", self.ctx.program.name))
                .with_note("a derivation that comes back to a state it was in is dropped; one whose vars or string keep changing is stopped by this limit only")
                .with_limit(Limit::Steps));
        }
        Ok(())
    }

    /// The tabled search: the same choices in the same order as [`Engine::search`], but a
    /// branching state is explored once however many branches reach it.
    ///
    /// A branch that comes back to a state being explored (a cycle) is handled as the plain
    /// search handles it: without a terminal frozen on the way round, the states of the cycle
    /// derive the same sentences, so they are merged into one node (the lowest on the stack,
    /// as Tarjan's components are) and the way round is dropped; with terminals frozen on the
    /// way round, the language is infinite if a sentence comes from the state, an error.
    fn search_tabled(&mut self, initial: State, mut ev: Eval<'_, '_>) -> Result<(), RunError> {
        struct Frame {
            node: u32,
            /// Terminals frozen when the node's state was reached.
            base: usize,
            successors: std::vec::IntoIter<Step>,
            edges: Vec<Edge>,
            paths: u64,
            /// The terminals on the edge into the node.
            incoming: Vec<Sym>,
            /// The lowest frame this one reaches without freezing a terminal (its own index
            /// if none): frames above that one belong to its node.
            low: usize,
            /// Nodes merged into this one (see above).
            members: Vec<u32>,
            /// A production that came back here after freezing terminals.
            grows: Option<u32>,
            /// About what it holds (its successors waiting, its terminals), counted in
            /// `waiting_bytes` while it is on the stack.
            bytes: usize,
        }
        let limit = self.max_sentences as u64;
        let mut table = Table::default();
        let mut stack: Vec<Frame> = Vec::new();
        // Nodes merged into a frame's node, to the node they were merged into.
        let mut merged: FxHashMap<u32, u32> = FxHashMap::default();
        let mut root = None;
        let mut next = Some((initial, 0, None));
        // The sentences (with repeats) the plain search would have listed by now, so that
        // the limit stops the search at the same point.
        let mut found: u64 = 0;
        loop {
            if let Some((state, from, row)) = next.take() {
                match self.walk(&mut ev, &mut table, state, from, row)? {
                    Walk::Edge(e) => {
                        let paths = table.paths(&e);
                        found = found.saturating_add(paths);
                        if found > limit && !self.keep_forest {
                            return Err(self.too_many_sentences());
                        }
                        match stack.last_mut() {
                            Some(parent) => {
                                parent.paths = parent.paths.saturating_add(paths);
                                parent.edges.push(e)
                            }
                            None => root = Some(e),
                        }
                    }
                    Walk::Dead => {}
                    Walk::Cycle { node, frozen, row } => {
                        let mut node = node;
                        while let Some(&into) = merged.get(&node) {
                            node = into;
                        }
                        let at = stack
                            .iter()
                            .rposition(|f| f.node == node)
                            .expect("an open node is on the stack or merged into one that is");
                        if frozen == stack[at].base {
                            let top = stack.last_mut().expect("a cycle has a frame");
                            top.low = top.low.min(at);
                        } else if let Some(row) = row {
                            stack[at].grows.get_or_insert(row);
                        }
                    }
                    Walk::Branch {
                        incoming,
                        node,
                        base,
                        successors,
                    } => {
                        let bytes = std::mem::size_of::<Frame>()
                            + successors.len() * STATE_BYTES
                            + incoming.len() * std::mem::size_of::<Sym>();
                        self.waiting_bytes += bytes;
                        stack.push(Frame {
                            node,
                            base,
                            successors: successors.into_iter(),
                            edges: Vec::new(),
                            paths: 0,
                            incoming,
                            low: stack.len(),
                            members: Vec::new(),
                            grows: None,
                            bytes,
                        })
                    }
                }
            }
            let Some(frame) = stack.last_mut() else { break };
            if let Some(step) = frame.successors.next() {
                next = Some((step.state, frame.base, Some(step.row)));
                continue;
            }
            let frame = stack.pop().expect("a frame");
            self.waiting_bytes -= frame.bytes;
            if frame.low < stack.len() {
                // On a cycle through a frame below: its ways on are the parent's.
                let parent = stack.last_mut().expect("a frame below");
                debug_assert_eq!(frame.base, parent.base);
                merged.insert(frame.node, parent.node);
                parent.members.push(frame.node);
                parent.members.extend(frame.members);
                parent.edges.extend(frame.edges);
                parent.paths = parent.paths.saturating_add(frame.paths);
                parent.low = parent.low.min(frame.low);
                parent.grows = parent.grows.or(frame.grows);
                continue;
            }
            if let Some(row) = frame.grows
                && frame.paths > 0
            {
                return Err(self.infinite(row));
            }
            let edge =
                (!frame.edges.is_empty()).then(|| table.edge(&frame.incoming, Some(frame.node)));
            table.close(frame.node, frame.edges.clone(), frame.paths);
            table.close_all(&frame.members, frame.edges, frame.paths);
            match (stack.last_mut(), edge) {
                (Some(parent), Some(e)) => {
                    parent.paths = parent.paths.saturating_add(frame.paths);
                    parent.edges.push(e)
                }
                (None, e) => root = e,
                (Some(_), None) => {}
            }
        }
        // The cap counts sentences with repeats, as the plain search lists them: the table
        // counts them by paths, and [`Stream`] reads them off without repeats.
        let listed = root.as_ref().map_or(0, |e| table.paths(e));
        if !self.keep_forest && listed > limit {
            return Err(self.too_many_sentences());
        }
        self.forest = Some(Forest { table, root });
        Ok(())
    }

    /// The error of a derivation that comes back to a state after freezing terminals, where a
    /// sentence comes from that state: it can go round any number of times, each a sentence.
    fn infinite(&self, row: u32) -> RunError {
        let program = self.ctx.program;
        let row = &program.rows[row as usize];
        self.ctx
            .error(
                format!(
                    "the language is infinite: production {} leads back to a state the derivation was in, with more terminals before it",
                    row.label
                ),
                Some(&row.span),
            )
            .with_note(format!(
                "in grammar `{}`: the same string from the first nonterminal on, the same vars and the same permissible set; a sentence can be derived from that state, so every way round gives another",
                program.name
            ))
            .with_note("a traced run (with a `Tracer`) shows the steps")
            .traceable()
    }

    /// Follows `state` through steps with one successor until it halts, meets a state in the
    /// table, or branches. `from`: the terminals frozen where the edge being built starts;
    /// `row`: the production of the step that reached `state`.
    fn walk(
        &mut self,
        ev: &mut Eval<'_, '_>,
        table: &mut Table,
        mut state: State,
        from: usize,
        mut row: Option<u32>,
    ) -> Result<Walk, RunError> {
        let mut successors = Vec::new();
        let mut syms = Vec::new();
        // Brent's cycle finding along the steps with one successor: a state kept at every
        // power of two, compared with each state after it. A chain that comes back to a
        // state has no other way on, so it never halts.
        let mut kept: Option<Key> = None;
        // The state the walk left at its last step (see below).
        let mut left: Option<State> = None;
        let (mut power, mut length) = (1u64, 0u64);
        loop {
            if !state.permissible.is_empty() {
                // Borrowed from the state: an owned key is made only for a state the table
                // keeps (a branching one) or Brent's kept state.
                let key = (state.form.tail().len() <= MAX_KEYED_TAIL)
                    .then(|| KeyRef::new(state.form.tail(), &state.vars, &state.permissible));
                match key.map_or(Lookup::New, |k| table.lookup(k)) {
                    Lookup::New => {}
                    Lookup::Done(None) => return Ok(Walk::Dead),
                    Lookup::Done(Some(id)) => {
                        state.form.frozen_since(from, &mut syms);
                        return Ok(Walk::Edge(table.edge(&syms, Some(id))));
                    }
                    Lookup::Open(node) => {
                        return Ok(Walk::Cycle {
                            node,
                            frozen: state.form.frozen_len(),
                            row,
                        });
                    }
                }
                if let Some(k) = key {
                    if kept.as_ref().is_some_and(|kept| kept.borrowed() == k) {
                        return Ok(Walk::Dead);
                    }
                    length += 1;
                    if length == power {
                        (kept, power, length) = (Some(k.owned()), power * 2, 0);
                    }
                }
                self.count_step(|| table.bytes())?;
                self.expand(ev, &state, &mut successors)?;
                // The state before this one is left now that the evaluator holds this one's
                // vars instead of its: its arrays, held by nothing else, are kept for reuse.
                if let Some(left) = left.take() {
                    self.recycle(left);
                }
                if successors.len() > 1 {
                    state.form.frozen_since(from, &mut syms);
                    let node = table.open(key.map(KeyRef::owned));
                    let base = state.form.frozen_len();
                    self.recycle(state);
                    return Ok(Walk::Branch {
                        incoming: syms,
                        node,
                        base,
                        successors,
                    });
                }
                if let Some(only) = successors.pop() {
                    row = Some(only.row);
                    left = Some(std::mem::replace(&mut state, only.state));
                    continue;
                }
            }
            // Halted: a sentence if no nonterminal is left.
            if !state.form.is_sentence() {
                return Ok(Walk::Dead);
            }
            state.form.frozen_since(from, &mut syms);
            return Ok(Walk::Edge(table.edge(&syms, None)));
        }
    }

    /// Hands the arrays of a state the search leaves (its one symbol's arguments, its vars)
    /// to [`Engine::spare`]; it keeps those nothing else holds.
    fn recycle(&mut self, mut state: State) {
        if let Some(sym) = state.form.take_one() {
            self.spare.keep(sym.args);
        }
        self.spare.keep(state.vars.into_values());
    }

    /// Every successor of `state`, one per choice of its permissible set, in order.
    fn expand(
        &mut self,
        ev: &mut Eval<'_, '_>,
        state: &State,
        out: &mut Vec<Step>,
    ) -> Result<(), RunError> {
        for choice in state.permissible.iter() {
            match *choice {
                Choice::Row(r) => self.try_row(ev, state, r, Members::Plain, out)?,
                Choice::Member(r, m) => self.try_row(ev, state, r, Members::One(m), out)?,
                Choice::Family(r) => self.try_row(ev, state, r, Members::All, out)?,
            }
        }
        Ok(())
    }

    /// Tries production `r`: a plain row, every member of a family row, or one member.
    fn try_row(
        &mut self,
        ev: &mut Eval<'_, '_>,
        state: &State,
        r: u32,
        members: Members,
        out: &mut Vec<Step>,
    ) -> Result<(), RunError> {
        let row = &self.ctx.program.rows[r as usize];
        let Some(pos) = state.form.find(row.lhs) else {
            push_failure(state, r, row, members.label(), out);
            return Ok(());
        };
        ev.set_vars(state.vars.values().clone());
        let old = ev.enter(row.frame);
        for (pat, arg) in row.patterns.iter().zip(state.form.at(pos).args.iter()) {
            ev.bind(pat, arg.clone());
        }
        let result = self.members(ev, state, pos, r, row, members, out);
        ev.leave(old);
        result
    }

    #[allow(clippy::too_many_arguments)]
    fn members(
        &mut self,
        ev: &mut Eval<'_, '_>,
        state: &State,
        pos: usize,
        r: u32,
        row: &Row,
        members: Members,
        out: &mut Vec<Step>,
    ) -> Result<(), RunError> {
        // A condition that does not read the family index is evaluated once for all members.
        let condition = &self.code.rows[r as usize].condition;
        if row.shared_condition && !condition(ev)? {
            push_failure(state, r, row, members.label(), out);
            return Ok(());
        }
        let (values, first): (Option<List<Value>>, u64) = match members {
            Members::Plain => (None, 0),
            Members::All => (Some(self.ctx.family_range(r, ev)?), 1),
            Members::One(m) => {
                let range = self.ctx.family_range(r, ev)?;
                if m as usize > range.len() {
                    let f = &self.ctx.program.families[row.family.expect("a family row") as usize];
                    return Err(self.ctx.error(
                        format!(
                            "label {}_{m} does not exist here: family `{}` has {} members",
                            f.base,
                            f.name,
                            range.len()
                        ),
                        Some(&row.span),
                    ));
                }
                (Some(List::from(&range[m as usize - 1..m as usize])), m)
            }
        };
        // With no member to apply, the family fails like a production whose condition is false.
        if values.as_ref().is_some_and(|v| v.is_empty()) {
            push_failure(state, r, row, members.label(), out);
            return Ok(());
        }
        let Some(values) = values else {
            if !row.shared_condition && !condition(ev)? {
                push_failure(state, r, row, None, out);
                return Ok(());
            }
            let next = self.apply(ev, state, pos, r)?;
            out.push(Step {
                state: next,
                row: r,
                member: None,
                applied: true,
            });
            return Ok(());
        };
        for (k, v) in values.iter().enumerate() {
            let member = first + k as u64;
            if let Some(slot) = row.index_slot {
                ev.set_local(slot, v.clone());
            }
            ev.saturation = 0;
            if !row.shared_condition && !condition(ev)? {
                push_failure(state, r, row, Some(member), out);
                continue;
            }
            let next = self.apply(ev, state, pos, r)?;
            out.push(Step {
                state: next,
                row: r,
                member: Some(member),
                applied: true,
            });
            // Members past the largest set picked from repeat this one (see check/analysis.rs).
            if row.index_like
                && let Value::Int(i) = v
                && *i >= ev.saturation.max(1) as i64
            {
                break;
            }
        }
        Ok(())
    }

    /// The rewritten string and the new vars, all computed on the state before the step.
    fn apply(
        &mut self,
        ev: &mut Eval<'_, '_>,
        state: &State,
        pos: usize,
        r: u32,
    ) -> Result<State, RunError> {
        let program = self.ctx.program;
        let row = &program.rows[r as usize];
        // The compiled program outlives the engine, so the `let`s kept below can borrow it.
        let all: &'e Compiled = self.code;
        let code = &all.rows[r as usize];
        self.symbols.clear();
        for ((symbol, _), args) in row.rhs.iter().zip(&code.rhs) {
            self.values.clear();
            for a in args {
                let v = a(ev)?;
                self.values.push(v);
            }
            self.symbols.push(Sym {
                symbol: *symbol,
                args: self.spare.fill_from(&mut self.values),
            });
        }
        self.updates.clear();
        for (a, assign) in row.assigns.iter().zip(&code.assigns) {
            let value = match (&a.kind, assign) {
                (AssignKind::Whole(_), AssignCode::Whole(x)) => x(ev)?,
                (AssignKind::Each { slot, .. }, AssignCode::Each(plan)) => {
                    // What does not depend on the point is evaluated once; an assignment that
                    // leaves every point as it was (G_Z's NEXTTIME := init(u, NEXTTIME) after the
                    // first step of a level) is skipped.
                    let lets = &mut self.lets;
                    lets.clear();
                    let Some(body) = plan.prepare(ev, lets)? else {
                        continue;
                    };
                    let n = self.ctx.shared.world.board().len();
                    self.ctx.charge(n as u64, &row.span)?;
                    // The new vector starts as the old one (shared) and is written only at
                    // the points whose value changes: a step of G_Z changes the times of a
                    // few points, and the others stay shared with the state before.
                    let old = state.vars.values()[a.var].vector();
                    let mut items = (**old).clone();
                    items.truncate(n);
                    let mut before = old.iter();
                    let mut changed = old.len() != n;
                    for p in 0..n {
                        ev.set_local(*slot, Value::Point(Point(p as u32)));
                        for (pat, v) in self.lets.iter() {
                            let x = v(ev)?;
                            ev.bind(pat, x);
                        }
                        let after = body(ev)?;
                        match before.next() {
                            Some(b) if *b == after => {}
                            Some(_) => {
                                items.set(p, after);
                                changed = true;
                            }
                            None => items.push_back(after),
                        }
                    }
                    // No point changed: the old node, its hash known (the table compares
                    // vectors by content, table.rs), and no allocation.
                    if changed {
                        Value::Vector(Hashed::new(items))
                    } else {
                        Value::Vector(old.clone())
                    }
                }
                _ => unreachable!("an assignment's code is of its kind"),
            };
            self.updates.push((a.var, value));
        }
        let vars = state.vars.with(&mut self.updates, &mut self.spare);
        let form = state.form.rewrite(pos, &mut self.symbols, |s| {
            program.symbols[s as usize].terminal
        });
        let limit = self.ctx.shared.limits.max_form_length;
        if form.len() > limit {
            return Err(self
                .ctx
                .error(
                    format!("the string grew past {limit} symbols"),
                    Some(&row.span),
                )
                .with_note("raise the cap on the string's length (`Limits::max_form_length`) if it is meant to be this long; a production that keeps adding symbols never halts").with_limit(Limit::FormLength));
        }
        Ok(State {
            form,
            vars,
            permissible: row.on_success.clone(),
            step: state.step + 1,
        })
    }
}

/// The failure successor: the same string and vars, with F_F as the next permissible set.
/// Failures with the same F_F lead to the same state, so only one is kept.
fn push_failure(state: &State, r: u32, row: &Row, member: Option<u64>, out: &mut Vec<Step>) {
    if out
        .iter()
        .any(|s| !s.applied && Rc::ptr_eq(&s.state.permissible, &row.on_failure))
    {
        return;
    }
    out.push(Step {
        state: State {
            permissible: row.on_failure.clone(),
            step: state.step + 1,
            ..state.clone()
        },
        row: r,
        member,
        applied: false,
    });
}

/// The vars a step changed: `SEEN := {...}`, and for a vector only the points whose value
/// changed, `TIME[h4] := 1`, `TIME[h3] := 2`, in the order of the points.
fn assignments(
    names: &Names<'_>,
    program: &Program,
    before: &Rc<[Value]>,
    after: &Rc<[Value]>,
) -> Vec<Assignment> {
    if Rc::ptr_eq(before, after) {
        return Vec::new();
    }
    let mut set = Vec::new();
    for (i, (old, new)) in before.iter().zip(after.iter()).enumerate() {
        if old == new {
            continue;
        }
        let name = program
            .globals
            .iter()
            .find(|g| g.var_index == Some(i))
            .map_or("?", |g| g.name.as_str());
        match (old, new) {
            (Value::Vector(a), Value::Vector(b)) if a.len() == b.len() => {
                for (p, (x, y)) in a.iter().zip(b.iter()).enumerate() {
                    if x != y {
                        set.push(Assignment {
                            name: name.to_string(),
                            point: Some(names.board.name(Point(p as u32)).to_string()),
                            value: names.value(y).to_string(),
                        });
                    }
                }
            }
            _ => set.push(Assignment {
                name: name.to_string(),
                point: None,
                value: names.value(new).to_string(),
            }),
        }
    }
    set
}

/// A sentential form as text: symbols separated by spaces (`e` when empty).
pub fn show_form<'a>(
    names: &Names<'_>,
    program: &Program,
    form: impl Iterator<Item = &'a Sym>,
) -> String {
    let mut out = String::new();
    write_form(names, program, form, &mut out);
    out
}

/// [`show_form`] appended to `out`.
pub fn write_form<'a>(
    names: &Names<'_>,
    program: &Program,
    form: impl Iterator<Item = &'a Sym>,
    out: &mut String,
) {
    let start = out.len();
    for s in form {
        if out.len() > start {
            out.push(' ');
        }
        names.write_symbol(&program.symbols[s.symbol as usize].name, &s.args, out);
    }
    if out.len() == start {
        out.push('e');
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grammar::compile::Code;
    use crate::grammar::ir::Ex;
    use crate::grammar::list::List;
    use std::mem::size_of;

    /// The hashes the tail and the vars carry from step to step are the hashes recomputed from
    /// scratch, at every lookup of runs of the shipped grammars (`KeyRef::new` checks them in
    /// a debug build): one-symbol tails (trajectories, zones, with per-point vectors and sets
    /// in the vars) and longer ones (Hanoi).
    #[test]
    fn the_kept_hashes_are_the_recomputed_ones_on_the_shipped_grammars() {
        use crate::grammar::table::keys_checked;
        use crate::grammar::world::World;
        use crate::grammar::{Grammar, Limits};
        use crate::scenario::Scenario;
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let runs = [
            (
                "shortest-trajectories.lgg",
                "robot-fighter.scenario",
                Some("FIGHTER"),
                "S(f6, h1, 5)",
            ),
            (
                "admissible-trajectories.lgg",
                "robot-king.scenario",
                Some("K"),
                "S(h8, c6, 6)",
            ),
            (
                "zones-filtered.lgg",
                "robot-zone-simplified.scenario",
                Some("BOMBER"),
                "S(h5, h1, 4)",
            ),
            ("hanoi.lgg", "robot-king.scenario", None, "S(3, a, c)"),
        ];
        for (file, scenario, piece, start) in runs {
            let grammar = Grammar::load(&root.join("grammars").join(file))
                .unwrap_or_else(|e| panic!("{file}: {e}"));
            let scenario = Scenario::load(&root.join("examples").join(scenario))
                .unwrap_or_else(|e| panic!("{file}: {e}"));
            let kernel = scenario.kernel();
            let mut world = World::new(&scenario, &kernel);
            let inputs = grammar
                .bind_inputs(&mut world, &[], piece.map(|p| (p, None)))
                .unwrap_or_else(|e| panic!("{file}: {e}"));
            let start = grammar
                .parse_start(&mut world, start)
                .unwrap_or_else(|e| panic!("{file}: {e}"));
            let before = keys_checked();
            let language = grammar
                .derive(&world, &inputs, &start, Limits::default(), None)
                .unwrap_or_else(|e| panic!("{file}: {e}"));
            assert!(!language.sentences.is_empty(), "{file}: a language");
            if cfg!(debug_assertions) {
                let checked = keys_checked() - before;
                assert!(
                    checked >= language.steps / 2,
                    "{file}: {checked} keys checked in {} steps",
                    language.steps
                );
            }
        }
    }

    /// The sizes of what a derivation step makes, copies and keeps (issue 30: the cost of a
    /// step is the representation). Every step builds a `State` per successor (inside a
    /// `Step`) and a `Key` per keyed state, one `Sym` per new symbol, and evaluates `Code`
    /// closures over `Ex` trees of `Value`s: a type that grows makes every grammar slower,
    /// so a change that grows one has to say why (and one that shrinks one updates it here).
    #[cfg(target_pointer_width = "64")]
    #[test]
    fn the_types_of_a_step_keep_their_sizes() {
        let sizes = [
            // A tag and a payload, compound values by one thin pointer: stacks, arguments and
            // vars are arrays of these.
            ("Value", size_of::<Value>(), 16),
            // A trajectory, tuple or set: one thin pointer to its items and cached hash.
            ("List<Value>", size_of::<List<Value>>(), 8),
            // The symbol's number and its shared arguments (a fat `Rc<[Value]>`): one per new
            // symbol of a step, and every edge of the table and sentence holds them.
            ("Sym", size_of::<Sym>(), 24),
            // A form's tail: one symbol in a symbol's space (or a shared vector) and its hash.
            ("Tail", size_of::<crate::grammar::tail::Tail>(), 32),
            // The frozen prefix (a pointer and its length) and the tail: the usual one symbol
            // inline, or a shared persistent vector, with its hash (tail.rs).
            ("Form", size_of::<Form>(), 48),
            // The vars: shared values and their hash, kept up to date slot by slot.
            ("Vars", size_of::<Vars>(), 24),
            // Form, vars, permissible set and step number: built for every successor.
            ("State", size_of::<State>(), 96),
            // A successor with how it was reached (the trace's label).
            ("Step", size_of::<Step>(), 120),
            // The table's key of a state: made for each state the table keeps.
            ("Key", size_of::<Key>(), 64),
            // The key borrowed from a state, made at every keyed step to look it up.
            ("KeyRef", size_of::<KeyRef<'_>>(), 32),
            // A compiled expression: a boxed closure (a fat pointer) called once per node.
            ("Code", size_of::<Code>(), 16),
            // A node of the checked program's expressions, which the closures are built from.
            ("Ex", size_of::<Ex>(), 72),
        ];
        let changed: Vec<String> = sizes
            .iter()
            .filter(|(_, now, was)| now != was)
            .map(|(name, now, was)| format!("{name}: {now} bytes, was {was}"))
            .collect();
        assert!(
            changed.is_empty(),
            "the types of a derivation step changed size (update the figures if it is on \
             purpose):\n{}",
            changed.join("\n")
        );
    }
}
