//! Syntax tree of a grammar file, with a span on every node. Produced by the parser, read by
//! the checker; it knows nothing of evaluation, so every name is still unresolved text.

use crate::syntax::Span;

pub use crate::scenario::ast::Spanned;

/// A name as written, with where it was written.
pub type Name = Spanned<String>;

/// A whole grammar file: its items in source order.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct GrammarAst {
    /// The declarations that parsed, in source order.
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

/// One top-level declaration of a grammar file.
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
        /// The name the importing grammar calls it by.
        name: Name,
        /// The file, relative to the importing file, as written between the quotes.
        path: Spanned<String>,
        /// The whole item.
        span: Span,
    },
    /// `enum NAME { a, b, c }`
    Enum {
        /// The enum's name, usable as a type.
        name: Name,
        /// Its values, in declaration order (which is their order).
        values: Vec<Name>,
        /// The whole item.
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
    Productions {
        /// The rows of the table, in source order.
        rows: Vec<Row>,
        /// The `productions` keyword and its rows.
        span: Span,
    },
}

/// A declared parameter or input: `NAME: TYPE`.
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    /// The parameter's name.
    pub name: Name,
    /// Its declared type.
    pub ty: TypeExpr,
    /// The name and the type.
    pub span: Span,
}

/// The `start` item: the start symbol, its parameters and the start string.
#[derive(Clone, Debug, PartialEq)]
pub struct StartDecl {
    /// The start symbol S.
    pub symbol: Name,
    /// The parameters the run sets, global constants of the grammar.
    pub params: Vec<Param>,
    /// `=> S(args)`: the start string built from the parameters.
    pub body: Option<SymbolCall>,
    /// The whole item.
    pub span: Span,
}

/// Whether a declared symbol is a terminal or a nonterminal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SymbolKind {
    /// `terminal`: a symbol of the sentences, never rewritten.
    Terminal,
    /// `nonterminal`: a symbol the productions rewrite.
    Nonterminal,
}

/// A `terminal` or `nonterminal` item: a symbol with its parameters.
#[derive(Clone, Debug, PartialEq)]
pub struct SymbolDecl {
    /// Terminal or nonterminal.
    pub kind: SymbolKind,
    /// The symbol's name.
    pub name: Name,
    /// The parameters every occurrence of the symbol carries.
    pub params: Vec<Param>,
    /// The whole item.
    pub span: Span,
}

/// A `var` or `const` item: a global name with its type and initial value.
#[derive(Clone, Debug, PartialEq)]
pub struct Binding {
    /// The global's name.
    pub name: Name,
    /// Its declared type.
    pub ty: TypeExpr,
    /// Its value (for a var, the value at the start of the derivation).
    pub value: Expr,
    /// The whole item.
    pub span: Span,
}

/// An `fn` or `pred` item: a function of the grammar (Fcon).
#[derive(Clone, Debug, PartialEq)]
pub struct FunctionDecl {
    /// The function's name.
    pub name: Name,
    /// Its parameters, possibly none.
    pub params: Vec<Param>,
    /// `None` for `pred` (bool).
    pub result: Option<TypeExpr>,
    /// The expression whose value the function returns.
    pub body: Expr,
    /// Declared with `pred` rather than `fn`.
    pub is_pred: bool,
    /// The whole item.
    pub span: Span,
}

/// A `family` item: a family of rows `2_i`, one for each value of its index.
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
    /// The whole item.
    pub span: Span,
}

/// A type as written in a declaration.
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
    /// Where the type is written.
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
    /// The label's number: `3`, or the `2` of `2_i`.
    pub number: Spanned<u64>,
    /// The family index, as in `2_i`.
    pub index: Option<Name>,
    /// The whole label.
    pub span: Span,
}

/// One production: `label | Q | kernel | pi_n | F_T | F_F`.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The row's label.
    pub label: LabelDecl,
    /// Q: the condition of applicability, over the kernel's parameters and the vars.
    pub condition: Expr,
    /// The kernel: which nonterminal it rewrites, and into what.
    pub kernel: Kernel,
    /// pi_n: the vars reassigned when the production applies.
    pub assignments: Vec<Assignment>,
    /// F_T: the labels permissible next when the production applied.
    pub on_success: LabelSet,
    /// F_F: the labels permissible next when it did not (Q false or no occurrence).
    pub on_failure: LabelSet,
    /// The whole row.
    pub span: Span,
}

/// `A(x, y, l) -> a(x) A(next(i, x, l), y, f(l))`; `-> e` erases.
#[derive(Clone, Debug, PartialEq)]
pub struct Kernel {
    /// The nonterminal rewritten.
    pub lhs: Name,
    /// Patterns binding the parameters of the rewritten occurrence.
    pub params: Vec<Pattern>,
    /// Empty for `e`.
    pub rhs: Vec<SymbolCall>,
    /// The whole kernel.
    pub span: Span,
}

/// What binds names to a value or its parts: a name, or a tuple of patterns.
#[derive(Clone, Debug, PartialEq)]
pub enum Pattern {
    /// `x`: binds the whole value.
    Name(Name),
    /// `(x, y, l)`
    Tuple(Vec<Pattern>, Span),
}

impl Pattern {
    /// Where the pattern is written.
    pub fn span(&self) -> &Span {
        match self {
            Pattern::Name(n) => &n.span,
            Pattern::Tuple(_, s) => s,
        }
    }
}

/// A symbol with its arguments, `A(e1, ..., en)`, in a kernel's right side or a start string.
#[derive(Clone, Debug, PartialEq)]
pub struct SymbolCall {
    /// The terminal or nonterminal.
    pub name: Name,
    /// The values of its parameters.
    pub args: Vec<Expr>,
    /// The symbol and its arguments.
    pub span: Span,
}

/// One assignment of the pi_n cell.
#[derive(Clone, Debug, PartialEq)]
pub enum Assignment {
    /// `x0 := expr`, `TIME := NEXTTIME`
    Whole {
        /// The var assigned.
        target: Name,
        /// Its new value.
        value: Expr,
        /// The whole assignment.
        span: Span,
    },
    /// `TIME[z] := expr for z in X` (every z at once, on the values before the step)
    Each {
        /// The vector var assigned.
        target: Name,
        /// The point `z` the entry is assigned at.
        var: Name,
        /// The entry's new value, reading `z`.
        value: Expr,
        /// The points assigned at: `X`, the only domain the checker accepts.
        domain: Expr,
        /// The whole assignment.
        span: Span,
    },
}

/// `{}`, `{3, 2_1}` or a family name such as `two`.
#[derive(Clone, Debug, PartialEq)]
pub enum LabelSet {
    /// `{3, 2_1}`: the labels listed, `{}` for none.
    Labels(Vec<LabelRef>, Span),
    /// `two`: every member of the family.
    Family(Name),
}

/// A label in a label set: `3`, or one family member `2_1`.
#[derive(Clone, Debug, PartialEq)]
pub struct LabelRef {
    /// `3`, or the `2` of `2_1`.
    pub number: u64,
    /// The `1` of `2_1`: which member of the family.
    pub member: Option<u64>,
    /// The label as written.
    pub span: Span,
}

/// A binary operator (docs/grammar-language.md §7).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    /// `a + b` on ints.
    Add,
    /// `a - b`: subtraction on ints, difference on sets.
    Sub,
    /// `a * b` on ints.
    Mul,
    /// `a / b`: Euclidean division.
    Div,
    /// `a % b`: the Euclidean remainder, never negative.
    Mod,
    /// `a == b`, on any two values of one type.
    Eq,
    /// `a != b`.
    Ne,
    /// `a < b` on ints.
    Lt,
    /// `a <= b` on ints.
    Le,
    /// `a > b` on ints.
    Gt,
    /// `a >= b` on ints.
    Ge,
    /// `a and b`, short-circuit.
    And,
    /// `a or b`, short-circuit.
    Or,
    /// `x in S`
    In,
    /// `S union T`
    Union,
    /// `S inter T`
    Inter,
}

/// A prefix operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnOp {
    /// `-a` on ints.
    Neg,
    /// `not a`.
    Not,
}

/// Which of `exists` and `forall` a quantified expression is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Quantifier {
    /// `exists v in S: cond`: true when cond holds for some member.
    Exists,
    /// `forall v in S: cond`: true when cond holds for every member.
    Forall,
}

/// A generator or filter of a comprehension: `v in S` or a condition.
#[derive(Clone, Debug, PartialEq)]
pub enum Clause {
    /// `pattern in SET`: binds the pattern to each member in turn.
    Generator {
        /// What each member binds.
        pattern: Pattern,
        /// The set gone over.
        domain: Expr,
    },
    /// A condition the members bound so far must meet.
    Filter(Expr),
}

/// An expression (docs/grammar-language.md §7).
#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    /// An integer literal.
    Int(i64, Span),
    /// `true` or `false`.
    Bool(bool, Span),
    /// A variable, constant, enum value, built-in set (`X`, `PIECES`) or `n`.
    Name(Name),
    /// `f(a, b)`, `MAP(p, x, y)`, `admissible(S(x, y, k), p = q)` (an imported grammar's
    /// start symbol is an ordinary call in the syntax; the checker tells them apart).
    Call {
        /// The function, built-in or imported start symbol called.
        name: Name,
        /// The arguments, in order.
        args: Vec<Arg>,
        /// The whole call.
        span: Span,
    },
    /// `e[i]`: a vector at a point, a trajectory's i-th stop, `X[k]`
    Index {
        /// The vector, trajectory or set indexed.
        base: Box<Expr>,
        /// The point or number inside the brackets.
        index: Box<Expr>,
        /// The whole expression.
        span: Span,
    },
    /// `e.0`
    Field {
        /// The tuple.
        base: Box<Expr>,
        /// Which part, counted from 0.
        field: Spanned<u64>,
        /// The whole expression.
        span: Span,
    },
    /// `-a` or `not a`.
    Unary {
        /// The operator.
        op: Spanned<UnOp>,
        /// Its operand.
        expr: Box<Expr>,
        /// The whole expression.
        span: Span,
    },
    /// `a OP b`.
    Binary {
        /// The operator.
        op: Spanned<BinOp>,
        /// The left operand.
        lhs: Box<Expr>,
        /// The right operand.
        rhs: Box<Expr>,
        /// The whole expression.
        span: Span,
    },
    /// `if c then a else b`
    If {
        /// The condition c.
        cond: Box<Expr>,
        /// The value when c holds.
        then: Box<Expr>,
        /// The value when it does not.
        otherwise: Box<Expr>,
        /// The whole expression.
        span: Span,
    },
    /// `let pattern = v in body`
    Let {
        /// What the value binds.
        pattern: Pattern,
        /// The value bound.
        value: Box<Expr>,
        /// The expression read with the names bound.
        body: Box<Expr>,
        /// The whole expression.
        span: Span,
    },
    /// `(a, b, ...)`
    Tuple(Vec<Expr>, Span),
    /// `{a, b, c}`; `{}` is the empty set.
    SetLiteral(Vec<Expr>, Span),
    /// `a..b`: the integers from a to b inclusive.
    Range {
        /// The least integer, a.
        from: Box<Expr>,
        /// The greatest integer, b.
        to: Box<Expr>,
        /// The whole expression.
        span: Span,
    },
    /// `{ v in S | cond }` is `element = v, clauses = [v in S, cond]`;
    /// `{ e | v in S, w in T, cond }` is `element = e, clauses = [...]`.
    Comprehension {
        /// The member produced for each binding that passes the clauses.
        element: Box<Expr>,
        /// The generators and filters, in order.
        clauses: Vec<Clause>,
        /// The whole expression, braces included.
        span: Span,
    },
    /// `exists v in S: cond`, `forall v in S: cond`
    Quantified {
        /// `exists` or `forall`.
        quantifier: Quantifier,
        /// What each member binds.
        pattern: Pattern,
        /// The set S gone over.
        domain: Box<Expr>,
        /// The condition, cond.
        body: Box<Expr>,
        /// The whole expression.
        span: Span,
    },
    /// `vec z in X: expr`: a vector over the points of X.
    Vector {
        /// The point `z`.
        var: Name,
        /// The entry at `z`.
        body: Box<Expr>,
        /// The whole expression.
        span: Span,
    },
    /// `within s: expr`: expr read in the world of state s (its pieces where they stand there).
    Within {
        /// The state s.
        state: Box<Expr>,
        /// The expression read in its world.
        body: Box<Expr>,
        /// The whole expression.
        span: Span,
    },
}

/// A call argument, positional or named (`p = q`, for an imported grammar's inputs).
#[derive(Clone, Debug, PartialEq)]
pub struct Arg {
    /// The input named, `p` in `p = q`; `None` for a positional argument.
    pub name: Option<Name>,
    /// The argument's value.
    pub value: Expr,
}

impl Expr {
    /// Where the expression is written.
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
