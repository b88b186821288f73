//! The compiled form of a grammar: names resolved to slots, globals, functions and built-ins,
//! operators specialised by type. The checker produces it; the evaluator and the derivation
//! engine run it without looking at names.

use std::rc::Rc;

use super::types::Type;
use super::value::Value;
use crate::syntax::Span;

/// A local variable's position in its frame.
pub type Slot = u32;

#[derive(Clone, Debug)]
pub enum Ex {
    Const(Value),
    Local(Slot),
    Global(u32),
    /// The built-in sets and numbers of the board.
    Board(BoardValue),
    Call {
        func: u32,
        args: Vec<Ex>,
        span: Span,
    },
    Builtin {
        op: Builtin,
        args: Vec<Ex>,
        span: Span,
    },
    /// The language of an imported grammar: a set of trajectories, or of symbol sets.
    Language {
        import: u32,
        shape: Shape,
        start: Vec<Ex>,
        inputs: Vec<(u32, Ex)>,
        span: Span,
    },
    Index {
        kind: IndexKind,
        base: Box<Ex>,
        index: Box<Ex>,
        span: Span,
    },
    Field(Box<Ex>, usize),
    /// `within s: body`: the body read in the world of state s.
    Within {
        state: Box<Ex>,
        body: Box<Ex>,
        span: Span,
    },
    Not(Box<Ex>),
    Binary {
        op: Op,
        lhs: Box<Ex>,
        rhs: Box<Ex>,
        span: Span,
    },
    If(Box<Ex>, Box<Ex>, Box<Ex>),
    Let(Pat, Box<Ex>, Box<Ex>),
    Tuple(Vec<Ex>),
    SetLiteral(Vec<Ex>),
    /// `a..b`; the span is for the errors of the limits on sets and iterations.
    Range(Box<Ex>, Box<Ex>, Span),
    Comprehension {
        element: Box<Ex>,
        clauses: Vec<Clause>,
        span: Span,
    },
    Quantified {
        exists: bool,
        pattern: Pat,
        domain: Box<Ex>,
        body: Box<Ex>,
        span: Span,
    },
    VectorBuild {
        slot: Slot,
        body: Box<Ex>,
        span: Span,
    },
    /// `pick(S, i, fallback)`: the i-th member, the last for larger i, the fallback if empty.
    /// `report` marks picks whose index comes from a family index (see [`super::check`]).
    Pick {
        set: Box<Ex>,
        index: Box<Ex>,
        fallback: Option<Box<Ex>>,
        report: bool,
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

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardValue {
    /// n = |X|
    N,
    /// X
    Points,
    /// The placed pieces.
    Pieces,
}

#[derive(Clone, Debug)]
pub enum Pat {
    Slot(Slot),
    Tuple(Vec<Pat>),
}

#[derive(Clone, Debug)]
pub enum Clause {
    Generator(Pat, Ex),
    Filter(Ex),
}

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

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    Add,
    Sub,
    Mul,
    Div,
    Mod,
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
    And,
    Or,
    In,
    Union,
    Inter,
    Diff,
}

/// Which table `MAP` reads: distances from the first point, or to the second (decision A1,
/// docs/semantics.md §10). The checker picks the table whose origin stays fixed inside
/// comprehensions, so that `{ v in X | MAP(p, v, y0) == k }` costs one breadth-first search, not n.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MapTable {
    From,
    To,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Builtin {
    Map(MapTable),
    /// `Ring(t)(p, a, k)`: the points at distance k from a (`From`) or to a (`To`), in the
    /// enumeration of X (comprehensions narrowed by [`super::narrow`]).
    Ring(MapTable),
    /// `Ellipse(p, a, b, l)`: the points v with `MAP(p, a, v) + MAP(p, v, b) = l`.
    Ellipse,
    /// `SuccessorsAt(t)(p, x, q, a, k)`: the one-move successors v of x for p whose distance
    /// for q from a (`From`) or to a (`To`) is k.
    SuccessorsAt(MapTable),
    /// `R(p, x, y)`
    Relation,
    /// `R(p, x)`: the one-move successors of x.
    Successors,
    On,
    Oppose,
    /// `TARGET(p, y)`: an opposing piece stands on y, or y is a goal point for p (decision A14,
    /// docs/semantics.md §10).
    Target,
    /// `RA(p, x, y)`: p removes a piece on y from x in one step (its attack relation, decision A13
    /// of docs/semantics.md §10).
    AttackRelation,
    /// `ATTACKS(p)`: p's type attacks with other vectors than it moves (pawns).
    SeparateAttack,
    /// `single(x)`: the trajectory of the one stop x.
    Single,
    /// `append(t, y)`: t with the stop y added at its end.
    Append,
    Side,
    Value,
    Ord,
    Size,
    Len,
    MinSet,
    MaxSet,
    Min2,
    Max2,
    First,
    Last,
    /// The set of stops of a trajectory.
    Stops,
    /// `START`: the state of the scenario's position.
    Start,
    /// `TURN(s)`: the side to move in state s.
    Turn,
    /// `OVER(s)`: the game is over in s.
    Over,
    /// `OUTCOME(s)`: how it ended, from White's side (1, 0, −1); an error if it is not over.
    Outcome,
    /// `MOVES(s)`: the legal moves of s other than a pass, as (piece, from, to).
    Moves,
    /// `MUSTPASS(s)`: the rules leave the side to move no move but a pass.
    MustPass,
    /// `PASSED(s)`: the move into s was a pass.
    Passed,
    /// `PASS(s)`: the state after the side to move passes.
    Pass,
    /// `TRANSITION(s, p, x, y)`: the state after p moves from x to y (a capture removes the
    /// piece on y); an error if the move is not legal in s.
    Transition,
}

#[derive(Clone, Debug)]
pub struct Function {
    pub name: String,
    pub params: usize,
    pub frame: usize,
    pub body: Ex,
    pub result: Type,
    /// Memoised per run: reads no `var`, has no index-like parameter.
    pub memo: bool,
    /// Memoised per state of the vars: would be `memo` but reads a `var` (G_Z's H reads
    /// ZONE), so its values serve only while the vars stay the same (one step's productions).
    pub memo_vars: bool,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GlobalKind {
    Input,
    StartParam,
    Const,
    Var,
}

#[derive(Clone, Debug)]
pub struct Global {
    pub name: String,
    pub ty: Type,
    pub kind: GlobalKind,
    /// Initial value of consts and vars (frame of size `init_frame`).
    pub init: Option<Ex>,
    pub init_frame: usize,
    /// Position in the state's var array, for vars.
    pub var_index: Option<usize>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Symbol {
    pub name: String,
    pub terminal: bool,
    pub params: Vec<Type>,
}

#[derive(Clone, Debug)]
pub struct Family {
    pub name: String,
    pub base: u64,
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

#[derive(Clone, Debug)]
pub struct Assign {
    pub var: usize,
    pub kind: AssignKind,
}

#[derive(Clone, Debug)]
pub enum AssignKind {
    Whole(Ex),
    /// For every point z (in slot `slot`) at once.
    Each {
        slot: Slot,
        value: Ex,
    },
}

#[derive(Clone, Debug)]
pub struct Row {
    /// As written: `3` or `2_i`.
    pub label: String,
    pub family: Option<u32>,
    /// A family row's range (the values its index takes), evaluated in the row's frame once
    /// the patterns are bound, so that it may depend on the rewritten symbol's parameters.
    pub range: Option<Ex>,
    /// The range reads neither the patterns nor any var: it is evaluated once per run.
    pub range_fixed: bool,
    pub lhs: u32,
    pub patterns: Vec<Pat>,
    pub index_slot: Option<Slot>,
    /// The family index reaches the row only as the index of `pick`s, so members past the
    /// largest picked set repeat the last one (see [`super::check`]).
    pub index_like: bool,
    pub frame: usize,
    pub condition: Ex,
    /// The condition does not read the family index: one evaluation serves every member.
    pub shared_condition: bool,
    pub rhs: Vec<(u32, Vec<Ex>)>,
    pub assigns: Vec<Assign>,
    pub on_success: Rc<[Choice]>,
    pub on_failure: Rc<[Choice]>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Start {
    pub symbol: u32,
    /// Globals set from the start arguments.
    pub params: Vec<u32>,
    /// The start string's arguments (frame of size `frame`); `None` means the parameters.
    pub body: Option<Vec<Ex>>,
    pub frame: usize,
}

#[derive(Clone, Debug)]
pub struct Import {
    pub name: String,
    pub program: Rc<Program>,
}

/// A checked grammar, ready to run.
#[derive(Clone, Debug)]
pub struct Program {
    pub name: String,
    pub path: String,
    /// The file's text, for rendering errors found while running.
    pub source: Rc<str>,
    /// Enum names (index 0 is the built-in `side`) and their value names.
    pub enum_names: Vec<String>,
    pub enum_values: Vec<Vec<String>>,
    pub symbols: Vec<Symbol>,
    pub globals: Vec<Global>,
    pub var_count: usize,
    pub functions: Vec<Function>,
    pub families: Vec<Family>,
    pub rows: Vec<Row>,
    /// The productions that label 1 names: the initial permissible set {1}.
    pub initial: Rc<[Choice]>,
    pub start: Start,
    pub imports: Vec<Import>,
    /// Globals that are inputs, in declaration order.
    pub inputs: Vec<u32>,
    /// The expressions compiled for the evaluator, made on first use (see [`super::compile`]).
    pub code: super::compile::CodeCache,
}
