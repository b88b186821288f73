//! Syntax tree of a grammar file, with a span on every node. Produced by the parser, read by
//! the checker; it knows nothing of evaluation, so every name is still unresolved text.

use crate::syntax::Span;

pub use crate::scenario::ast::Spanned;

pub type Name = Spanned<String>;

/// A whole grammar file: its items in source order.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct GrammarAst {
    pub items: Vec<Item>,
    /// What the items and rows that did not parse would have declared, as far as it can be
    /// read: the checker still checks the rest of the file, without reporting their names
    /// again as unknown.
    pub broken: Broken,
}

/// See [`GrammarAst::broken`].
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Broken {
    /// Names declared by items that did not parse (`fn F`, `var X`, `nonterminal A`, ...).
    pub names: Vec<String>,
    /// An item did not parse whose names cannot all be read (an enum's values, or an item
    /// whose own name did not parse): then no name is reported as unknown.
    pub unknown_names: bool,
    /// A `start` item did not parse, or an item that may be a misspelt `start`.
    pub start: bool,
    /// A row (or the `productions` item, or an item that may be a misspelt `productions`) did
    /// not parse: then no label is reported as unknown, nor the table missing.
    pub rows: bool,
    /// A `family` item did not parse: then a row's family label may have lost its family.
    pub families: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    /// `grammar NAME`
    Grammar(Name),
    /// `input NAME: TYPE`: a value the run supplies (e.g. the piece p).
    Input(Param),
    /// `start S(x0: point, ...)` optionally `=> S(expr, ...)`: the start symbol. Its parameters
    /// are global constants set by the run; without `=>` the start string is `S(x0, ...)`.
    Start(StartDecl),
    /// `import NAME = "file.lgg"`: another grammar whose language can be used as a set.
    Import {
        name: Name,
        path: Spanned<String>,
        span: Span,
    },
    /// `enum NAME { a, b, c }`
    Enum {
        name: Name,
        values: Vec<Name>,
        span: Span,
    },
    /// `terminal a(x: point)` / `nonterminal A(x: point, ...)`
    Symbol(SymbolDecl),
    /// `var NAME: TYPE = EXPR`: an Fvar function that productions may reassign.
    Var(Binding),
    /// `const NAME: TYPE = EXPR`
    Const(Binding),
    /// `fn NAME(params) -> TYPE = EXPR`; `pred NAME(params) = EXPR` has type bool.
    Function(FunctionDecl),
    /// `family two = 2_i for i in EXPR`
    Family(FamilyDecl),
    /// `productions` followed by rows.
    Productions { rows: Vec<Row>, span: Span },
}

#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    pub name: Name,
    pub ty: TypeExpr,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct StartDecl {
    pub symbol: Name,
    pub params: Vec<Param>,
    /// `=> S(args)`: the start string built from the parameters.
    pub body: Option<SymbolCall>,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SymbolKind {
    Terminal,
    Nonterminal,
}

#[derive(Clone, Debug, PartialEq)]
pub struct SymbolDecl {
    pub kind: SymbolKind,
    pub name: Name,
    pub params: Vec<Param>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Binding {
    pub name: Name,
    pub ty: TypeExpr,
    pub value: Expr,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct FunctionDecl {
    pub name: Name,
    pub params: Vec<Param>,
    /// `None` for `pred` (bool).
    pub result: Option<TypeExpr>,
    pub body: Expr,
    pub is_pred: bool,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct FamilyDecl {
    /// `two`
    pub name: Name,
    /// `2` in `2_i`
    pub base: Spanned<u64>,
    /// `i` in `2_i`
    pub index: Name,
    /// `1..n` or any set expression
    pub range: Expr,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum TypeExpr {
    /// `int`, `bool`, `point`, `piece`, `trajectory` or an enum's name.
    Named(Name),
    /// `(T, U, ...)`
    Tuple(Vec<TypeExpr>, Span),
    /// `set<T>`
    Set(Box<TypeExpr>, Span),
    /// `vector<T>`: a value for every point of X.
    Vector(Box<TypeExpr>, Span),
}

impl TypeExpr {
    pub fn span(&self) -> &Span {
        match self {
            TypeExpr::Named(n) => &n.span,
            TypeExpr::Tuple(_, s) | TypeExpr::Set(_, s) | TypeExpr::Vector(_, s) => s,
        }
    }
}

/// A label as written in the first cell of a row: `3` or `2_i`.
#[derive(Clone, Debug, PartialEq)]
pub struct LabelDecl {
    pub number: Spanned<u64>,
    /// The family index, as in `2_i`.
    pub index: Option<Name>,
    pub span: Span,
}

/// One production: `label | Q | kernel | pi_n | F_T | F_F`.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub label: LabelDecl,
    pub condition: Expr,
    pub kernel: Kernel,
    pub assignments: Vec<Assignment>,
    pub on_success: LabelSet,
    pub on_failure: LabelSet,
    pub span: Span,
}

/// `A(x, y, l) -> a(x) A(next(i, x, l), y, f(l))`; `-> e` erases.
#[derive(Clone, Debug, PartialEq)]
pub struct Kernel {
    pub lhs: Name,
    /// Patterns binding the parameters of the rewritten occurrence.
    pub params: Vec<Pattern>,
    /// Empty for `e`.
    pub rhs: Vec<SymbolCall>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Pattern {
    Name(Name),
    /// `(x, y, l)`
    Tuple(Vec<Pattern>, Span),
}

impl Pattern {
    pub fn span(&self) -> &Span {
        match self {
            Pattern::Name(n) => &n.span,
            Pattern::Tuple(_, s) => s,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct SymbolCall {
    pub name: Name,
    pub args: Vec<Expr>,
    pub span: Span,
}

/// One assignment of the pi_n cell.
#[derive(Clone, Debug, PartialEq)]
pub enum Assignment {
    /// `x0 := expr`, `TIME := NEXTTIME`
    Whole {
        target: Name,
        value: Expr,
        span: Span,
    },
    /// `TIME[z] := expr for z in X` (every z at once, on the values before the step)
    Each {
        target: Name,
        var: Name,
        value: Expr,
        domain: Expr,
        span: Span,
    },
}

/// `{}`, `{3, 2_1}` or a family name such as `two`.
#[derive(Clone, Debug, PartialEq)]
pub enum LabelSet {
    Labels(Vec<LabelRef>, Span),
    Family(Name),
}

/// A label in a label set: `3`, or one family member `2_1`.
#[derive(Clone, Debug, PartialEq)]
pub struct LabelRef {
    pub number: u64,
    pub member: Option<u64>,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Mod,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    And,
    Or,
    /// `x in S`
    In,
    /// `S union T`
    Union,
    /// `S inter T`
    Inter,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnOp {
    Neg,
    Not,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Quantifier {
    Exists,
    Forall,
}

/// A generator or filter of a comprehension: `v in S` or a condition.
#[derive(Clone, Debug, PartialEq)]
pub enum Clause {
    Generator { pattern: Pattern, domain: Expr },
    Filter(Expr),
}

#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    Int(i64, Span),
    Bool(bool, Span),
    /// A variable, constant, enum value, built-in set (`X`, `PIECES`) or `n`.
    Name(Name),
    /// `f(a, b)`, `MAP(p, x, y)`, `admissible(S(x, y, k), p = q)` (an imported grammar's
    /// start symbol is an ordinary call in the syntax; the checker tells them apart).
    Call {
        name: Name,
        args: Vec<Arg>,
        span: Span,
    },
    /// `e[i]`: a vector at a point, a trajectory's i-th stop, `X[k]`
    Index {
        base: Box<Expr>,
        index: Box<Expr>,
        span: Span,
    },
    /// `e.0`
    Field {
        base: Box<Expr>,
        field: Spanned<u64>,
        span: Span,
    },
    Unary {
        op: Spanned<UnOp>,
        expr: Box<Expr>,
        span: Span,
    },
    Binary {
        op: Spanned<BinOp>,
        lhs: Box<Expr>,
        rhs: Box<Expr>,
        span: Span,
    },
    If {
        cond: Box<Expr>,
        then: Box<Expr>,
        otherwise: Box<Expr>,
        span: Span,
    },
    Let {
        pattern: Pattern,
        value: Box<Expr>,
        body: Box<Expr>,
        span: Span,
    },
    Tuple(Vec<Expr>, Span),
    /// `{a, b, c}`; `{}` is the empty set.
    SetLiteral(Vec<Expr>, Span),
    /// `a..b`: the integers from a to b inclusive.
    Range {
        from: Box<Expr>,
        to: Box<Expr>,
        span: Span,
    },
    /// `{ v in S | cond }` is `element = v, clauses = [v in S, cond]`;
    /// `{ e | v in S, w in T, cond }` is `element = e, clauses = [...]`.
    Comprehension {
        element: Box<Expr>,
        clauses: Vec<Clause>,
        span: Span,
    },
    /// `exists v in S: cond`, `forall v in S: cond`
    Quantified {
        quantifier: Quantifier,
        pattern: Pattern,
        domain: Box<Expr>,
        body: Box<Expr>,
        span: Span,
    },
    /// `vec z in X: expr`: a vector over the points of X.
    Vector {
        var: Name,
        body: Box<Expr>,
        span: Span,
    },
    /// `within s: expr`: expr read in the world of state s (its pieces where they stand there).
    Within {
        state: Box<Expr>,
        body: Box<Expr>,
        span: Span,
    },
}

/// A call argument, positional or named (`p = q`, for an imported grammar's inputs).
#[derive(Clone, Debug, PartialEq)]
pub struct Arg {
    pub name: Option<Name>,
    pub value: Expr,
}

impl Expr {
    pub fn span(&self) -> &Span {
        match self {
            Expr::Int(_, s) | Expr::Bool(_, s) | Expr::Tuple(_, s) | Expr::SetLiteral(_, s) => s,
            Expr::Name(n) => &n.span,
            Expr::Call { span, .. }
            | Expr::Index { span, .. }
            | Expr::Field { span, .. }
            | Expr::Unary { span, .. }
            | Expr::Binary { span, .. }
            | Expr::If { span, .. }
            | Expr::Let { span, .. }
            | Expr::Range { span, .. }
            | Expr::Comprehension { span, .. }
            | Expr::Quantified { span, .. }
            | Expr::Vector { span, .. }
            | Expr::Within { span, .. } => span,
        }
    }
}
