//! Syntax tree of a scenario file, with a span on every node. Produced by the parser, read
//! by the resolver; it knows nothing of boards, so names and points are still unresolved text.

use crate::syntax::Span;

/// A value with the byte range it came from.
#[derive(Clone, Debug, PartialEq)]
pub struct Spanned<T> {
    /// The value.
    pub node: T,
    /// The bytes of the source it was read from.
    pub span: Span,
}

impl<T> Spanned<T> {
    /// `node`, read from `span`.
    pub fn new(node: T, span: Span) -> Self {
        Spanned { node, span }
    }
}

/// A whole scenario file: its items in source order.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct ScenarioAst {
    /// The items that parsed, in source order.
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

/// One top-level item of a scenario file.
#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    /// `board 8x8`, `board 4x4x4`, `board graph { 1 2 3 }`
    Board(BoardDecl),
    /// `removed f7 e6 (2,2)` (commas between points are optional)
    Removed {
        /// The points taken out of the board.
        points: Vec<PointRef>,
        /// The whole item.
        span: Span,
    },
    /// `removed light` or `removed dark`: every point of one colour of a grid's checkerboard
    /// (a1 is dark), so that a checkers board stays right when only its board line changes
    RemovedColour(Spanned<Colour>),
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

/// A colour of a grid's checkerboard: a point is dark when the sum of its coordinates (from 1)
/// is even, as a1 is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Colour {
    /// The colour of a1.
    Dark,
    /// The other.
    Light,
}

/// Where pieces or goals go: one point, or every point of a rank of a grid board.
#[derive(Clone, Debug, PartialEq)]
pub enum Place {
    /// One point.
    Point(PointRef),
    /// `rank 1` or `rank last` (the highest rank of the board, so that a file placing pieces on
    /// the last rank stays right when only its board line changes).
    Rank(Spanned<RankRef>),
    /// `centre (0,0) (1,1)`: points at offsets from the centre of a 2D grid board (the point of
    /// file ⌈width/2⌉ and rank ⌈height/2⌉), so that a start written about the centre stays
    /// right when only the board line changes (Othello's four discs).
    Centre {
        /// The offsets, files first.
        offsets: Vec<Spanned<Vec<i64>>>,
        /// `centre` and its offsets.
        span: Span,
    },
}

impl Place {
    /// Where the place is written.
    pub fn span(&self) -> &Span {
        match self {
            Place::Point(p) => p.span(),
            Place::Rank(r) => &r.span,
            Place::Centre { span, .. } => span,
        }
    }
}

/// A rank as written in `rank N`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RankRef {
    /// A rank by its number, from 1.
    Number(u64),
    /// The board's highest rank.
    Last,
    /// `rank last-2`: this many ranks below the highest.
    BelowLast(u64),
}

/// `game { LINE* }`: the rules of play (docs/play-and-search.md §1).
#[derive(Clone, Debug, PartialEq)]
pub struct GameDecl {
    /// The block's lines, in source order.
    pub lines: Vec<GameLine>,
    /// The whole block.
    pub span: Span,
}

/// One line of a `game` block; `span` covers the line.
#[derive(Clone, Debug, PartialEq)]
pub struct GameLine {
    /// The rule the line sets.
    pub rule: GameRule,
    /// The whole line.
    pub span: Span,
}

/// One rule of a `game` block.
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
    /// `rules chess`: the full rules of chess (the span of `chess`)
    Chess(Span),
    /// `castling KQkq` or `castling none`: the castling rights at the start (with `rules chess`)
    Castling(Spanned<String>),
    /// `place TYPE`: a move may put a new piece of the type on an empty point, flipping the
    /// opposing pieces of the type it brackets along the type's move slides (Othello)
    Place(Spanned<String>),
    /// `capture compulsory` (true) or `capture free`: whether a side that can jump must
    Capture(Spanned<bool>),
}

/// When a goal point wins (`goals ...`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GoalRuleDecl {
    /// As soon as the piece reaches it.
    Immediate,
    /// Once its piece survives the opponent's next move.
    Survive,
}

/// What a side without a move whose royal pieces are not attacked does (`stalemate ...`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StalemateDecl {
    /// It passes its turn.
    Pass,
    /// The game is drawn.
    Draw,
    /// It loses.
    Lose,
}

/// What happens when neither side can move (`deadlock ...`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeadlockDecl {
    /// The side with more pieces on the board wins (equal counts draw).
    Count,
    /// The game is drawn.
    Draw,
}

/// `fuzzy VARIABLE { TERM* }`; the parser only accepts the variables lingeo knows (`length`).
#[derive(Clone, Debug, PartialEq)]
pub struct FuzzyDecl {
    /// The fuzzy variable (`length`).
    pub variable: Spanned<String>,
    /// Its terms, from the shortest to the longest.
    pub terms: Vec<TermDecl>,
    /// The whole item.
    pub span: Span,
}

/// `"very short" 0 0 1.5 2.5`: a quoted name and the trapezoid's four numbers (`inf` allowed,
/// as `f64::INFINITY`).
#[derive(Clone, Debug, PartialEq)]
pub struct TermDecl {
    /// Without the quotes.
    pub name: Spanned<String>,
    /// The trapezoid's numbers a, b, c, d (four once checked).
    pub numbers: Vec<Spanned<f64>>,
    /// The whole term.
    pub span: Span,
}

/// The board an item declares.
#[derive(Clone, Debug, PartialEq)]
pub enum BoardDecl {
    /// Grid dimensions as written: two (2D) or three (3D) numbers.
    Grid {
        /// The dimensions, files first.
        dims: Spanned<Vec<u64>>,
        /// The whole declaration.
        span: Span,
    },
    /// Named points in enumeration order; names are identifiers or numbers.
    Graph {
        /// The points' names, in enumeration order.
        points: Vec<Spanned<String>>,
        /// The whole declaration.
        span: Span,
    },
}

/// A point as written: `a1`, a graph point name such as `7` or `depot`, or `(x,y)` / `(x,y,z)`.
#[derive(Clone, Debug, PartialEq)]
pub enum PointRef {
    /// `a1`, or a graph point's name.
    Name(Spanned<String>),
    /// `(x,y)` or `(x,y,z)`, 1-based.
    Tuple(Spanned<Vec<i64>>),
}

impl PointRef {
    /// Where the point is written.
    pub fn span(&self) -> &Span {
        match self {
            PointRef::Name(s) => &s.span,
            PointRef::Tuple(s) => &s.span,
        }
    }
}

/// `type NAME { ... }`: a piece type's motions and value.
#[derive(Clone, Debug, PartialEq)]
pub struct TypeDecl {
    /// The type's name.
    pub name: Spanned<String>,
    /// Its lines, in source order.
    pub items: Vec<TypeItem>,
    /// The whole item.
    pub span: Span,
}

/// Which relation a motion line adds to: `move` or `attack`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Usage {
    /// The moves (which are the attacks too where the type has no `attack` line).
    Move,
    /// The attacks only.
    Attack,
}

/// How far a motion vector goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReachDecl {
    /// One step of the vector.
    Leap,
    /// Steps of the vector until blocked, off the board or at the range.
    Slide,
}

/// One line of a `type` item.
#[derive(Clone, Debug, PartialEq)]
pub enum TypeItem {
    /// `move leap (1,0) (0,1)`, `attack slide (1,1) range 2`
    Vectors {
        /// Whether the line adds moves or attacks.
        usage: Spanned<Usage>,
        /// One step of each vector, or as many as the range allows.
        reach: Spanned<ReachDecl>,
        /// The vectors, each as many numbers as the board has dimensions.
        vectors: Vec<Spanned<Vec<i64>>>,
        /// The most steps of a slide (none: as far as the board goes).
        range: Option<Spanned<u64>>,
        /// The whole line.
        span: Span,
    },
    /// `move edges 1 -> 2 -> 3, 4 -- 5`: chains of one-move edges; `--` goes both ways.
    Edges {
        /// Whether the line adds moves or attacks.
        usage: Spanned<Usage>,
        /// The edges, each chain's links in order.
        edges: Vec<EdgeDecl>,
        /// The whole line.
        span: Span,
    },
    /// `value 3` or `value 2.5`
    Value(Spanned<f64>),
    /// `like king`: start from another type's motions and value
    Like(Spanned<String>),
    /// `jump (1,1) (-1,1)`: jump vectors (over an adjacent opposing piece onto the empty point
    /// beyond)
    Jump {
        /// The vectors, each as many numbers as the board has dimensions.
        vectors: Vec<Spanned<Vec<i64>>>,
        /// The whole line.
        span: Span,
    },
    /// `crown KING`: the type a piece becomes on its far rank (the span of the name)
    Crown(Spanned<String>),
}

/// One edge of a `move edges` line.
#[derive(Clone, Debug, PartialEq)]
pub struct EdgeDecl {
    /// Where it starts.
    pub from: PointRef,
    /// Where it ends.
    pub to: PointRef,
    /// `--`: the edge goes both ways; `->`: from `from` to `to` only.
    pub both_ways: bool,
    /// The edge as written.
    pub span: Span,
}

/// A side as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SideDecl {
    /// `white`.
    White,
    /// `black`.
    Black,
}

/// `white TYPE at POINT [as NAME]`: placed pieces.
#[derive(Clone, Debug, PartialEq)]
pub struct PieceDecl {
    /// The pieces' side.
    pub side: Spanned<SideDecl>,
    /// Their type.
    pub type_name: Spanned<String>,
    /// A point, or a rank: one piece on each of its points.
    pub at: Place,
    /// The name given with `as` (none: the default name; on a rank, numbered per piece).
    pub name: Option<Spanned<String>>,
    /// The whole item.
    pub span: Span,
}

/// `goal POINT [for OWNER]`: goal points.
#[derive(Clone, Debug, PartialEq)]
pub struct GoalDecl {
    /// A point, or a rank: each of its points is a goal.
    pub point: Place,
    /// `for white`, `for black` or `for PIECE_NAME`; none means a goal for both sides.
    pub owner: Option<Spanned<String>>,
    /// The whole item.
    pub span: Span,
}
