//! Syntax tree of a scenario file, with a span on every node. Produced by the parser, read
//! by the resolver; it knows nothing of boards, so names and points are still unresolved text.

use crate::syntax::Span;

/// A value with the byte range it came from.
#[derive(Clone, Debug, PartialEq)]
pub struct Spanned<T> {
    pub node: T,
    pub span: Span,
}

impl<T> Spanned<T> {
    pub fn new(node: T, span: Span) -> Self {
        Spanned { node, span }
    }
}

/// A whole scenario file: its items in source order.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct ScenarioAst {
    pub items: Vec<Item>,
    /// What the items that did not parse would have declared, as far as it can be read: the
    /// resolver still resolves the rest of the file, without reporting those names again.
    pub broken: Broken,
}

/// See [`ScenarioAst::broken`].
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Broken {
    /// A `board` item did not parse: no point can be resolved.
    pub board: bool,
    /// Piece types whose `type` item, or a line of it, did not parse.
    pub types: Vec<String>,
    /// A `type` item whose name did not parse.
    pub unknown_types: bool,
    /// A piece did not parse: a goal may name it.
    pub pieces: bool,
    /// A `fuzzy` item, or a term of it, did not parse: its terms are incomplete.
    pub fuzzy: bool,
    /// A `game` item, or a line of it, did not parse: its rules are incomplete.
    pub game: bool,
    /// An item did not even start with a keyword (a misspelt `bord 8x8` may be the board).
    pub unknown_item: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    /// `board 8x8`, `board 4x4x4`, `board graph { 1 2 3 }`
    Board(BoardDecl),
    /// `removed f7 e6 (2,2)` (commas between points are optional)
    Removed { points: Vec<PointRef>, span: Span },
    /// `blocking on` / `blocking off`: occupied points block sliders (decision A12,
    /// docs/semantics.md §10)
    Blocking(Spanned<bool>),
    /// `type NAME { ... }`
    Type(TypeDecl),
    /// `white TYPE at POINT [as NAME]`
    Piece(PieceDecl),
    /// `goal POINT [for OWNER]`
    Goal(GoalDecl),
    /// `fuzzy length { "very short" 0 0 1.5 2.5 ... }`: linguistic terms of a fuzzy variable
    Fuzzy(FuzzyDecl),
    /// `game { first white ... }`: the rules of play
    Game(GameDecl),
}

/// Where pieces or goals go: one point, or every point of a rank of a grid board.
#[derive(Clone, Debug, PartialEq)]
pub enum Place {
    Point(PointRef),
    /// `rank 1` or `rank last` (the highest rank of the board, so that a file placing pieces on
    /// the last rank stays right when only its board line changes).
    Rank(Spanned<RankRef>),
}

impl Place {
    pub fn span(&self) -> &Span {
        match self {
            Place::Point(p) => p.span(),
            Place::Rank(r) => &r.span,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RankRef {
    Number(u64),
    Last,
}

/// `game { LINE* }`: the rules of play (docs/play-and-search.md §1).
#[derive(Clone, Debug, PartialEq)]
pub struct GameDecl {
    pub lines: Vec<GameLine>,
    pub span: Span,
}

/// One line of a `game` block; `span` covers the line.
#[derive(Clone, Debug, PartialEq)]
pub struct GameLine {
    pub rule: GameRule,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum GameRule {
    /// `first white`
    First(Spanned<SideDecl>),
    /// `goals immediate` or `goals survive` (`goal` starts an item)
    Goal(Spanned<GoalRuleDecl>),
    /// `stalemate pass|draw|lose`: a side without a move (its royal pieces not attacked)
    Stalemate(Spanned<StalemateDecl>),
    /// `deadlock count|draw`: neither side can move
    Deadlock(Spanned<DeadlockDecl>),
    /// `limit 100`: the game is drawn after this many moves (plies)
    Limit(Spanned<u64>),
    /// `safe TYPE`: never moves onto a point an opposing piece attacks
    Safe(Spanned<String>),
    /// `royal TYPE`: may never be left attacked (the chess king)
    Royal(Spanned<String>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GoalRuleDecl {
    Immediate,
    Survive,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StalemateDecl {
    Pass,
    Draw,
    Lose,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeadlockDecl {
    Count,
    Draw,
}

/// `fuzzy VARIABLE { TERM* }`; the parser only accepts the variables lingeo knows (`length`).
#[derive(Clone, Debug, PartialEq)]
pub struct FuzzyDecl {
    pub variable: Spanned<String>,
    pub terms: Vec<TermDecl>,
    pub span: Span,
}

/// `"very short" 0 0 1.5 2.5`: a quoted name and the trapezoid's four numbers (`inf` allowed,
/// as `f64::INFINITY`).
#[derive(Clone, Debug, PartialEq)]
pub struct TermDecl {
    /// Without the quotes.
    pub name: Spanned<String>,
    pub numbers: Vec<Spanned<f64>>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum BoardDecl {
    /// Grid dimensions as written: two (2D) or three (3D) numbers.
    Grid { dims: Spanned<Vec<u64>>, span: Span },
    /// Named points in enumeration order; names are identifiers or numbers.
    Graph {
        points: Vec<Spanned<String>>,
        span: Span,
    },
}

/// A point as written: `a1`, a graph point name such as `7` or `depot`, or `(x,y)` / `(x,y,z)`.
#[derive(Clone, Debug, PartialEq)]
pub enum PointRef {
    Name(Spanned<String>),
    Tuple(Spanned<Vec<i64>>),
}

impl PointRef {
    pub fn span(&self) -> &Span {
        match self {
            PointRef::Name(s) => &s.span,
            PointRef::Tuple(s) => &s.span,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct TypeDecl {
    pub name: Spanned<String>,
    pub items: Vec<TypeItem>,
    pub span: Span,
}

/// Which relation a motion line adds to: `move` or `attack`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Usage {
    Move,
    Attack,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReachDecl {
    Leap,
    Slide,
}

#[derive(Clone, Debug, PartialEq)]
pub enum TypeItem {
    /// `move leap (1,0) (0,1)`, `attack slide (1,1) range 2`
    Vectors {
        usage: Spanned<Usage>,
        reach: Spanned<ReachDecl>,
        vectors: Vec<Spanned<Vec<i64>>>,
        range: Option<Spanned<u64>>,
        span: Span,
    },
    /// `move edges 1 -> 2 -> 3, 4 -- 5`: chains of one-move edges; `--` goes both ways.
    Edges {
        usage: Spanned<Usage>,
        edges: Vec<EdgeDecl>,
        span: Span,
    },
    /// `value 3` or `value 2.5`
    Value(Spanned<f64>),
    /// `like king`: start from another type's motions and value
    Like(Spanned<String>),
}

#[derive(Clone, Debug, PartialEq)]
pub struct EdgeDecl {
    pub from: PointRef,
    pub to: PointRef,
    pub both_ways: bool,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SideDecl {
    White,
    Black,
}

#[derive(Clone, Debug, PartialEq)]
pub struct PieceDecl {
    pub side: Spanned<SideDecl>,
    pub type_name: Spanned<String>,
    /// A point, or a rank: one piece on each of its points.
    pub at: Place,
    pub name: Option<Spanned<String>>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct GoalDecl {
    /// A point, or a rank: each of its points is a goal.
    pub point: Place,
    /// `for white`, `for black` or `for PIECE_NAME`; none means a goal for both sides.
    pub owner: Option<Spanned<String>>,
    pub span: Span,
}
