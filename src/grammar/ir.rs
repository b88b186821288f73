//! The compiled form of a grammar: names resolved to slots, globals, functions and built-ins,
//! operators specialised by type. The checker produces it; the evaluator and the derivation
//! engine run it without looking at names.

use std::rc::Rc;

use super::types::Type;
use super::value::Value;
use crate::syntax::Span;

/// A local variable's position in its frame.
pub type Slot = u32;

/// A checked expression: every name resolved, every operator specialised by type.
#[derive(Clone, Debug)]
pub enum Ex {
    /// A value known when checking: a literal or an enum value.
    Const(Value),
    /// A local of the current frame: a parameter, or a name a pattern bound.
    Local(Slot),
    /// A global (input, start parameter, const or var), by index into [`Program::globals`].
    Global(u32),
    /// The built-in sets and numbers of the board.
    Board(BoardValue),
    /// A call of one of the grammar's functions.
    Call {
        /// The function, by index into [`Program::functions`].
        func: u32,
        /// The arguments, one per parameter.
        args: Vec<Ex>,
        /// The call, for errors found while running it.
        span: Span,
    },
    /// A call of a built-in.
    Builtin {
        /// Which built-in.
        op: Builtin,
        /// Its arguments, in order.
        args: Vec<Ex>,
        /// The call, for errors found while running it.
        span: Span,
    },
    /// The language of an imported grammar: a set of trajectories, or of symbol sets.
    Language {
        /// The imported grammar, by index into [`Program::imports`].
        import: u32,
        /// How its sentences become values.
        shape: Shape,
        /// The arguments of its start symbol.
        start: Vec<Ex>,
        /// The inputs given by name: (the input's global in the imported program, its value).
        inputs: Vec<(u32, Ex)>,
        /// The call, for errors found while deriving the language.
        span: Span,
    },
    /// `e[i]`, with what is indexed known from the types.
    Index {
        /// What is indexed, and by what.
        kind: IndexKind,
        /// The vector, trajectory or set.
        base: Box<Ex>,
        /// The point or number.
        index: Box<Ex>,
        /// The expression, for an index out of range.
        span: Span,
    },
    /// `e.0`: the part of a tuple at this position, from 0.
    Field(Box<Ex>, usize),
    /// `within s: body`: the body read in the world of state s.
    Within {
        /// The state s.
        state: Box<Ex>,
        /// The expression read in the world of s.
        body: Box<Ex>,
        /// The expression, for errors such as a state number unknown to the run.
        span: Span,
    },
    /// `not e`.
    Not(Box<Ex>),
    /// `a OP b`, and `-a` as `0 - a` (so that negating the least int is an overflow error).
    Binary {
        /// The operator, specialised by the operands' type.
        op: Op,
        /// The left operand.
        lhs: Box<Ex>,
        /// The right operand.
        rhs: Box<Ex>,
        /// The expression, for errors such as a division by zero or an overflow.
        span: Span,
    },
    /// `if c then a else b`: the condition, then the two branches.
    If(Box<Ex>, Box<Ex>, Box<Ex>),
    /// `let pattern = v in body`: the pattern's slots bound to v for the body.
    Let(Pat, Box<Ex>, Box<Ex>),
    /// `(a, b, ...)`
    Tuple(Vec<Ex>),
    /// `{a, b, c}`, sorted and de-duplicated when evaluated.
    SetLiteral(Vec<Ex>),
    /// `a..b`; the span is for the errors of the limits on sets and iterations.
    Range(Box<Ex>, Box<Ex>, Span),
    /// `{ e | clauses }`: the set of e for every binding the clauses let through.
    Comprehension {
        /// The member produced for each binding.
        element: Box<Ex>,
        /// The generators and filters, in order.
        clauses: Vec<Clause>,
        /// The expression, for the errors of the limits on sets and iterations.
        span: Span,
    },
    /// `exists v in S: cond` or `forall v in S: cond`.
    Quantified {
        /// `exists` rather than `forall`.
        exists: bool,
        /// The slots each member binds.
        pattern: Pat,
        /// The set S gone over.
        domain: Box<Ex>,
        /// The condition.
        body: Box<Ex>,
        /// The expression, for the error of the limit on iterations.
        span: Span,
    },
    /// `vec z in X: body`: a vector over the points of X.
    VectorBuild {
        /// The slot z is bound to, each point in turn.
        slot: Slot,
        /// The entry at z.
        body: Box<Ex>,
        /// The expression, for the error of the limit on iterations.
        span: Span,
    },
    /// `pick(S, i, fallback)`: the i-th member, the last for larger i, the fallback if empty.
    /// `report` marks picks whose index comes from a family index (see [`super::check`]).
    Pick {
        /// The set S chosen from.
        set: Box<Ex>,
        /// The index i, from 1.
        index: Box<Ex>,
        /// The value when the set is empty; without one, an empty set is an error.
        fallback: Option<Box<Ex>>,
        /// Whether the pick counts towards [`super::eval::Eval::saturation`].
        report: bool,
        /// The call, for errors found while running it.
        span: Span,
    },
}

/// How an imported language's sentences become values (docs/grammar-language.md §9).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Every terminal carries one point: a sentence is the trajectory of those points.
    Trajectories,
    /// One terminal: a sentence is the set of its symbols' arguments (a tuple when the
    /// terminal has several parameters), as a zone is the set of its `t(...)` symbols.
    Symbols,
}

/// A built-in name that stands for a value of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardValue {
    /// n = |X|
    N,
    /// X
    Points,
    /// The placed pieces.
    Pieces,
}

/// A checked pattern: the slots a value and its parts are bound to.
#[derive(Clone, Debug)]
pub enum Pat {
    /// The whole value, in this slot.
    Slot(Slot),
    /// A tuple, each part bound by its own pattern.
    Tuple(Vec<Pat>),
}

/// A checked clause of a comprehension.
#[derive(Clone, Debug)]
pub enum Clause {
    /// `pattern in SET`: the pattern bound to each member of the set in turn.
    Generator(Pat, Ex),
    /// A condition the bindings so far must meet.
    Filter(Ex),
}

/// What `e[i]` indexes, and by what, as the types of e and i say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IndexKind {
    /// `V[z]` with z a point.
    VectorAtPoint,
    /// `V[k]` with k in 1..n.
    VectorAtNumber,
    /// `t[k]`: the k-th stop z_k, from 0.
    TrajectoryStop,
    /// `S[k]`: the k-th member in order, from 1 (`X[k]` is the k-th point).
    SetMember,
}

/// A binary operator, specialised by the type of its operands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// `a + b` on ints (checked for overflow).
    Add,
    /// `a - b` on ints (checked for overflow).
    Sub,
    /// `a * b` on ints (checked for overflow).
    Mul,
    /// `a / b` on ints: Euclidean division.
    Div,
    /// `a % b` on ints: the Euclidean remainder, never negative.
    Mod,
    /// `a < b` on ints.
    Lt,
    /// `a <= b` on ints.
    Le,
    /// `a > b` on ints.
    Gt,
    /// `a >= b` on ints.
    Ge,
    /// `a == b`, on any two values of one type.
    Eq,
    /// `a != b`, on any two values of one type.
    Ne,
    /// `a and b`, short-circuit.
    And,
    /// `a or b`, short-circuit.
    Or,
    /// `x in S`: membership.
    In,
    /// `S union T`
    Union,
    /// `S inter T`
    Inter,
    /// `S - T`: the members of S not in T.
    Diff,
}

/// Which table `MAP` reads: distances from the first point, or to the second (decision A1,
/// docs/semantics.md §10). The checker picks the table whose origin stays fixed inside
/// comprehensions, so that `{ v in X | MAP(p, v, y0) == k }` costs one breadth-first search, not n.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MapTable {
    /// Distances from the first point: `MAP(p, x, y)` with x fixed.
    From,
    /// Distances to the second point: `MAP(p, x, y)` with y fixed.
    To,
}

pub use super::builtin::Builtin;

/// A checked function of the grammar (`fn` or `pred`).
#[derive(Clone, Debug)]
pub struct Function {
    /// Its name, for traces and errors.
    pub name: String,
    /// How many parameters it takes: the first slots of its frame.
    pub params: usize,
    /// How many slots its frame needs: the parameters, then the names its body binds.
    pub frame: usize,
    /// The expression whose value it returns.
    pub body: Ex,
    /// The type of that value.
    pub result: Type,
    /// Memoised per run: reads no `var`, has no index-like parameter.
    pub memo: bool,
    /// Memoised per state of the vars: would be `memo` but reads a `var` (G_Z's H reads
    /// ZONE), so its values serve only while the vars stay the same (one step's productions).
    pub memo_vars: bool,
    /// The declaration, for errors found while running it.
    pub span: Span,
}

/// Where a global's value comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GlobalKind {
    /// `input NAME: TYPE`: supplied by the run.
    Input,
    /// A parameter of the start symbol: set from the start arguments.
    StartParam,
    /// `const`: computed once, before the derivation.
    Const,
    /// `var`: set before the derivation, reassigned by the productions' pi_n cells.
    Var,
}

/// A global of the grammar: an input, a start parameter, a const or a var.
#[derive(Clone, Debug)]
pub struct Global {
    /// Its name, for traces and errors.
    pub name: String,
    /// Its declared type.
    pub ty: Type,
    /// Where its value comes from.
    pub kind: GlobalKind,
    /// Initial value of consts and vars (frame of size `init_frame`).
    pub init: Option<Ex>,
    /// How many slots the initial value's frame needs.
    pub init_frame: usize,
    /// Position in the state's var array, for vars.
    pub var_index: Option<usize>,
    /// The declaration, for errors found while initialising it.
    pub span: Span,
}

/// A declared terminal or nonterminal.
#[derive(Clone, Debug)]
pub struct Symbol {
    /// Its name, as sentences print it.
    pub name: String,
    /// A terminal rather than a nonterminal.
    pub terminal: bool,
    /// The types of its parameters, in order.
    pub params: Vec<Type>,
}

/// A `family` of rows, `2_i`.
#[derive(Clone, Debug)]
pub struct Family {
    /// The family's name (`two`), usable as a label set.
    pub name: String,
    /// The label number its rows share (the `2` of `2_i`).
    pub base: u64,
    /// The declaration, for errors found while evaluating its range.
    pub span: Span,
}

/// One choice of a permissible set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    /// A plain production.
    Row(u32),
    /// Every member of a family production.
    Family(u32),
    /// One member (1-based) of a family production.
    Member(u32, u64),
}

/// One assignment of a row's pi_n cell.
#[derive(Clone, Debug)]
pub struct Assign {
    /// The var assigned, by its position in the state's var array.
    pub var: usize,
    /// The whole var, or its every entry.
    pub kind: AssignKind,
}

/// How an assignment sets its var.
#[derive(Clone, Debug)]
pub enum AssignKind {
    /// `x := expr`: the whole value.
    Whole(Ex),
    /// For every point z (in slot `slot`) at once.
    Each {
        /// The slot bound to each point z.
        slot: Slot,
        /// The new entry at z, computed from the values before the step.
        value: Ex,
    },
}

/// A checked production: one row of the table.
#[derive(Clone, Debug)]
pub struct Row {
    /// As written: `3` or `2_i`.
    pub label: String,
    /// The family the row belongs to, by index into [`Program::families`]; `None` for a plain row.
    pub family: Option<u32>,
    /// A family row's range (the values its index takes), evaluated in the row's frame once
    /// the patterns are bound, so that it may depend on the rewritten symbol's parameters.
    pub range: Option<Ex>,
    /// The range reads neither the patterns nor any var: it is evaluated once per run.
    pub range_fixed: bool,
    /// The nonterminal the kernel rewrites, by symbol index.
    pub lhs: u32,
    /// The patterns binding the parameters of the rewritten occurrence, one per parameter.
    pub patterns: Vec<Pat>,
    /// The slot of the family index (the `i` of `2_i`), for a family row.
    pub index_slot: Option<Slot>,
    /// The family index reaches the row only as the index of `pick`s, so members past the
    /// largest picked set repeat the last one (see [`super::check`]).
    pub index_like: bool,
    /// How many slots the row's frame needs.
    pub frame: usize,
    /// Q: the condition of applicability.
    pub condition: Ex,
    /// The condition does not read the family index: one evaluation serves every member.
    pub shared_condition: bool,
    /// The kernel's right side: each symbol with its argument expressions; empty for `e`.
    pub rhs: Vec<(u32, Vec<Ex>)>,
    /// pi_n: the vars reassigned when the production applies, computed on the values before it.
    pub assigns: Vec<Assign>,
    /// F_T: the permissible set after the production applied.
    pub on_success: Rc<[Choice]>,
    /// F_F: the permissible set after it did not (no occurrence, or Q false).
    pub on_failure: Rc<[Choice]>,
    /// The row, for errors found while running it.
    pub span: Span,
}

/// The checked `start` item.
#[derive(Clone, Debug)]
pub struct Start {
    /// The start symbol, by symbol index.
    pub symbol: u32,
    /// Globals set from the start arguments.
    pub params: Vec<u32>,
    /// The start string's arguments (frame of size `frame`); `None` means the parameters.
    pub body: Option<Vec<Ex>>,
    /// How many slots the start string's frame needs.
    pub frame: usize,
}

/// An imported grammar, checked with the importing one.
#[derive(Clone, Debug)]
pub struct Import {
    /// The name the importing grammar calls it by.
    pub name: String,
    /// The imported grammar's program.
    pub program: Rc<Program>,
}

/// A checked grammar, ready to run.
#[derive(Clone, Debug)]
pub struct Program {
    /// The grammar's name, from its `grammar` item.
    pub name: String,
    /// The grammar file, as errors name it.
    pub path: String,
    /// The file's text, for rendering errors found while running.
    pub source: Rc<str>,
    /// Enum names (index 0 is the built-in `side`) and their value names.
    pub enum_names: Vec<String>,
    /// Per enum (the built-in `side` first), its value names in declaration order.
    pub enum_values: Vec<Vec<String>>,
    /// The terminals and nonterminals, by symbol index.
    pub symbols: Vec<Symbol>,
    /// The inputs, start parameters, consts and vars, by global index.
    pub globals: Vec<Global>,
    /// How many vars a state carries.
    pub var_count: usize,
    /// The functions, by function index.
    pub functions: Vec<Function>,
    /// The families, by family index.
    pub families: Vec<Family>,
    /// The rows of the productions table, in source order.
    pub rows: Vec<Row>,
    /// The productions that label 1 names: the initial permissible set {1}.
    pub initial: Rc<[Choice]>,
    /// The start symbol and start string.
    pub start: Start,
    /// The imported grammars, by import index.
    pub imports: Vec<Import>,
    /// Globals that are inputs, in declaration order.
    pub inputs: Vec<u32>,
    /// The expressions compiled for the evaluator, made on first use (see [`super::compile`]).
    pub code: super::compile::CodeCache,
}
