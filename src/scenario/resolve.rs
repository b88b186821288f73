//! Resolution: turns a scenario's syntax tree into a [`Scenario`], checking every name and
//! point against the board. All errors are collected, each pointing at its place in the file.

use std::collections::{HashMap, HashSet};

use super::ast::{
    self, BoardDecl, Colour, DeadlockDecl, EdgeDecl, GameRule, GoalRuleDecl, Item, Place, PointRef,
    RankRef, ReachDecl, ScenarioAst, SideDecl, Spanned, StalemateDecl, TypeItem,
};
use super::model::{Goal, GoalOwner, Piece, Scenario};
use crate::board::{Board, BoardError, Point, PointError};
use crate::fuzzy::{Term, Terms, TermsError, number};
use crate::piece::{Basis, Motion, PieceType, Reach, Side, chess_letter, chess_types};
use crate::play::chess;
use crate::play::rules::{ChessRules, Deadlock, GoalRule, Rules, Stalemate};
use crate::syntax::{Diagnostic, SourceErrors, Span};

/// Parses and resolves scenario text (`path` names it in diagnostics): the scenario, or every error found.
pub fn resolve_source(path: &str, source: &str) -> Result<Scenario, SourceErrors> {
    let (ast, mut diagnostics) = super::parser::parse(source);
    let result = if diagnostics.is_empty() {
        resolve(&ast, source.len())
    } else {
        // The items that parsed are resolved too, so that a file's mistakes are reported
        // together, unless the board did not parse: then no point can be resolved.
        if !ast.broken.board
            && let Err(more) = resolve(&ast, source.len())
        {
            diagnostics.extend(more);
            diagnostics.sort_by_key(|d| d.span.start);
        }
        Err(diagnostics)
    };
    result.map_err(|diagnostics| SourceErrors {
        path: path.to_string(),
        source: source.to_string(),
        diagnostics,
    })
}

/// Parses and resolves scenario text as [`resolve_source`] does, and lints the valid scenario
/// ([`super::lint`]): its warnings, in file order.
pub fn lint_source(path: &str, source: &str) -> Result<(Scenario, Vec<Diagnostic>), SourceErrors> {
    let (ast, diagnostics) = super::parser::parse(source);
    let errors = |diagnostics| SourceErrors {
        path: path.to_string(),
        source: source.to_string(),
        diagnostics,
    };
    if !diagnostics.is_empty() {
        // The same errors as a plain load, resolution's included.
        return Err(resolve_source(path, source)
            .err()
            .unwrap_or_else(|| errors(diagnostics)));
    }
    let (scenario, places) = resolve_with_places(&ast, source.len()).map_err(errors)?;
    let warnings = super::lint::lint(&scenario, &places);
    Ok((scenario, warnings))
}

/// Resolves a parsed scenario; `len` is the source length (for errors about the whole file).
pub fn resolve(ast: &ScenarioAst, len: usize) -> Result<Scenario, Vec<Diagnostic>> {
    resolve_with_places(ast, len).map(|(scenario, _)| scenario)
}

/// Resolves a parsed scenario as [`resolve`] does, and says where in the file each of its
/// types, pieces and goals was declared (for the lints, [`super::lint`]).
pub fn resolve_with_places(
    ast: &ScenarioAst,
    len: usize,
) -> Result<(Scenario, Places), Vec<Diagnostic>> {
    let mut r = Resolver {
        errors: Vec::new(),
        broken: ast.broken.clone(),
        unplaced: HashSet::new(),
        places: Places::default(),
        type_names: HashMap::new(),
        broken_types: ast.broken.types.iter().cloned().collect(),
    };
    let scenario = r.scenario(ast, len);
    match scenario {
        Some(s) if r.errors.is_empty() => Ok((s, r.places)),
        _ => Err(r.errors),
    }
}

/// Where the resolved items of a scenario were declared, index for index: a piece or goal
/// placed on a rank shares the span of its line with the others of that line.
#[derive(Clone, Debug, Default)]
pub struct Places {
    /// Per type of [`Scenario::types`], its name in the file (`None` for the built-in ones).
    pub types: Vec<Option<Span>>,
    /// Per piece of [`Scenario::pieces`], its declaration.
    pub pieces: Vec<Span>,
    /// Per goal of [`Scenario::goals`], its declaration.
    pub goals: Vec<Span>,
    /// The `game` block.
    pub game: Option<Span>,
}

struct Resolver {
    errors: Vec<Diagnostic>,
    /// What items that did not parse would have declared (see [`super::ast::Broken`]).
    broken: super::ast::Broken,
    /// Pieces not placed because of an error already reported (their type or point): a goal
    /// naming one is not reported again.
    unplaced: HashSet<String>,
    places: Places,
    /// The types by name, as they are added to the scenario (the first of a name): a lookup
    /// per piece, not a scan of the types (a file of 80,000 types took 29 s).
    type_names: HashMap<String, usize>,
    /// The names of `broken.types`.
    broken_types: HashSet<String>,
}

impl Resolver {
    /// Whether type `name` may be unknown because an item that did not parse declared it.
    fn broken_type(&self, name: &str) -> bool {
        self.broken.unknown_types || self.broken_types.contains(name)
    }

    /// The index of the type `name` among the scenario's types so far.
    fn type_index(&self, name: &str) -> Option<usize> {
        self.type_names.get(name).copied()
    }

    /// The index of the type `name` names, or `None` with an error at the name where no type
    /// has it (none where that type's own declaration already failed).
    fn named_type(&mut self, name: &Spanned<String>, scenario: &Scenario) -> Option<usize> {
        let t = self.type_index(&name.node);
        if t.is_none() && !self.broken_type(&name.node) {
            self.error(
                Diagnostic::new(
                    format!("unknown piece type `{}`", name.node),
                    name.span.clone(),
                )
                .with_label("no such type")
                .with_note(known_types(scenario)),
            );
        }
        t
    }

    /// Adds a type to the scenario, and its name to the lookup.
    fn add_type(&mut self, scenario: &mut Scenario, t: PieceType) {
        self.type_names
            .entry(t.name.clone())
            .or_insert(scenario.types.len());
        scenario.types.push(t);
    }

    fn error(&mut self, d: Diagnostic) {
        self.errors.push(d);
    }

    fn scenario(&mut self, ast: &ScenarioAst, len: usize) -> Option<Scenario> {
        let board = self.board(ast, len)?;
        let mut scenario = Scenario::empty(board);
        for (i, t) in scenario.types.iter().enumerate() {
            self.type_names.entry(t.name.clone()).or_insert(i);
        }
        self.places.types = vec![None; scenario.types.len()];
        let mut blocking: Option<&Spanned<bool>> = None;
        for item in &ast.items {
            if let Item::Blocking(b) = item {
                if let Some(first) = blocking {
                    self.error(
                        Diagnostic::new("`blocking` is given twice", b.span.clone())
                            .with_label("second setting")
                            .with_related(first.span.clone(), "first set here"),
                    );
                }
                blocking = Some(b);
            }
        }
        scenario.blocking = blocking.is_some_and(|b| b.node);
        self.types(ast, &mut scenario);
        self.pieces(ast, &mut scenario);
        self.goals(ast, &mut scenario);
        self.fuzzy(ast, &mut scenario);
        self.game(ast, &mut scenario);
        Some(scenario)
    }

    /// The one `board` item, with the `removed` points applied.
    fn board(&mut self, ast: &ScenarioAst, len: usize) -> Option<Board> {
        let decls: Vec<&BoardDecl> = ast
            .items
            .iter()
            .filter_map(|i| match i {
                Item::Board(b) => Some(b),
                _ => None,
            })
            .collect();
        let Some(&decl) = decls.first() else {
            if self.broken.unknown_item {
                return None;
            }
            self.error(
                Diagnostic::new("the scenario has no board", 0..len.min(1))
                    .with_label("expected a `board` item")
                    .with_note("start the file with e.g. `board 8x8`, `board 4x4x4` or `board graph { 1 2 3 }`"),
            );
            return None;
        };
        for extra in &decls[1..] {
            self.error(
                Diagnostic::new(
                    "the scenario has more than one board",
                    board_span(extra).clone(),
                )
                .with_label("second board")
                .with_related(board_span(decl).clone(), "first board"),
            );
        }
        let removed: Vec<&PointRef> = ast
            .items
            .iter()
            .filter_map(|i| match i {
                Item::Removed { points, .. } => Some(points),
                _ => None,
            })
            .flatten()
            .collect();
        let colours: Vec<&Spanned<Colour>> = ast
            .items
            .iter()
            .filter_map(|i| match i {
                Item::RemovedColour(c) => Some(c),
                _ => None,
            })
            .collect();
        match decl {
            BoardDecl::Grid { dims, span } => self.grid_board(dims, span, &removed, &colours),
            BoardDecl::Graph { points, span } => {
                if let Some(c) = colours.first() {
                    self.error(
                        Diagnostic::new("a graph board has no colours", c.span.clone())
                            .with_label("a colour removed from a graph board")
                            .with_note("leave the points out of the graph's point list instead"),
                    );
                }
                self.graph_board(points, span, &removed)
            }
        }
    }

    /// A grid board of `dims` (two or three) without the `removed` points, each checked
    /// (a point of this grid's notation, on the grid); `span` is the declaration.
    fn grid_board(
        &mut self,
        dims: &Spanned<Vec<u64>>,
        span: &Span,
        removed: &[&PointRef],
        colours: &[&Spanned<Colour>],
    ) -> Option<Board> {
        let d = &dims.node;
        if d.len() != 2 && d.len() != 3 {
            self.error(Diagnostic::new(
                "a grid board has two or three dimensions",
                dims.span.clone(),
            ));
            return None;
        }
        let limit = |v: u64| u32::try_from(v).unwrap_or(u32::MAX);
        let (w, h, z) = (limit(d[0]), limit(d[1]), d.get(2).copied().map_or(1, limit));
        let mut coords = Vec::new();
        let mut bad_removed = false;
        for p in removed {
            match p {
                PointRef::Tuple(t) => match grid_coords(&t.node, z > 1) {
                    Some(c) => coords.push((c, t.span.clone())),
                    None => {
                        bad_removed = true;
                        self.error(tuple_arity_error(t, z > 1));
                    }
                },
                PointRef::Name(n) => match algebraic(&n.node, w, z) {
                    Some(c) => coords.push((c, n.span.clone())),
                    None => {
                        bad_removed = true;
                        let note = if z > 1 || w > 26 {
                            "on this board points are written `(x,y)` or `(x,y,z)`, counting from 1"
                        } else {
                            "points are written like `a1` or `(1,1)`"
                        };
                        self.error(
                            Diagnostic::new(
                                format!("`{}` is not a point on this board", n.node),
                                n.span.clone(),
                            )
                            .with_label("not a point")
                            .with_note(note),
                        );
                    }
                },
            }
        }
        // Check each removed point against the grid, so that the error points at it.
        let probe = Board::grid(w.max(1), h.max(1), z.max(1), &[]);
        if let Ok(probe) = &probe {
            for (c, span) in &coords {
                if !probe.on_grid(*c) {
                    bad_removed = true;
                    self.error(
                        Diagnostic::new(
                            format!("removed point {} is off the board", probe.format_coords(*c)),
                            span.clone(),
                        )
                        .with_label(format!("outside the {} board", probe.describe())),
                    );
                }
            }
        }
        if bad_removed {
            return None;
        }
        let mut cells: Vec<[i64; 3]> = coords.iter().map(|(c, _)| *c).collect();
        // `removed light`: a1 is dark, and a point's colour changes with each step along an
        // axis. A board too large to list its points is left to `Board::grid`'s own error.
        let cell_count = u64::from(w)
            .saturating_mul(u64::from(h))
            .saturating_mul(u64::from(z));
        if !colours.is_empty() && cell_count <= 1 << 24 {
            for x in 1..=i64::from(w) {
                for y in 1..=i64::from(h) {
                    for l in 1..=i64::from(z) {
                        let dark = (x + y + l - 1) % 2 == 0;
                        if colours.iter().any(|c| (c.node == Colour::Dark) == dark) {
                            cells.push([x, y, l]);
                        }
                    }
                }
            }
        }
        match Board::grid(w, h, z, &cells) {
            Ok(b) => Some(b),
            Err(e) => {
                let mut d = Diagnostic::new(format!("impossible board: {e}"), span.clone())
                    .with_label("this board");
                if e == BoardError::Empty {
                    d = d.with_note("at least one point must remain");
                }
                self.error(d);
                None
            }
        }
    }

    /// A graph board of the named `points`, each declared once; a graph has no removed
    /// points (`removed`); `span` is the declaration.
    fn graph_board(
        &mut self,
        points: &[Spanned<String>],
        span: &Span,
        removed: &[&PointRef],
    ) -> Option<Board> {
        if let Some(p) = removed.first() {
            self.error(
                Diagnostic::new("a graph board has no removed points", p.span().clone())
                    .with_label("removed point on a graph board")
                    .with_note("leave the point out of the graph's point list instead"),
            );
        }
        let mut seen: HashMap<&str, &Span> = HashMap::new();
        for p in points {
            if let Some(first) = seen.insert(&p.node, &p.span) {
                self.error(
                    Diagnostic::new(
                        format!("point `{}` is declared twice", p.node),
                        p.span.clone(),
                    )
                    .with_label("declared again")
                    .with_related(first.clone(), "first declared here"),
                );
            }
        }
        match Board::graph(points.iter().map(|p| p.node.clone()).collect()) {
            Ok(b) => Some(b),
            Err(BoardError::DuplicatePoint(_)) => None,
            Err(e) => {
                self.error(Diagnostic::new(
                    format!("impossible board: {e}"),
                    span.clone(),
                ));
                None
            }
        }
    }

    /// The points of a place: one point, or the points of a rank in enumeration order (removed
    /// points skipped).
    fn place(&mut self, board: &Board, place: &Place) -> Option<Vec<Point>> {
        let rank = match place {
            Place::Point(p) => return self.point(board, p).map(|p| vec![p]),
            Place::Rank(rank) => rank,
            Place::Centre { offsets, span } => return self.centre(board, offsets, span),
        };
        let Some([_, height, _]) = board.dims() else {
            self.error(
                Diagnostic::new("a graph board has no ranks", rank.span.clone())
                    .with_label("ranks exist on grid boards")
                    .with_note("name the points one by one"),
            );
            return None;
        };
        let y = match rank.node {
            RankRef::Last => height - 1,
            RankRef::BelowLast(k) if k < u64::from(height) => height - 1 - k as u32,
            RankRef::BelowLast(k) => {
                self.error(
                    Diagnostic::new(format!("there is no rank last-{k}"), rank.span.clone())
                        .with_label(format!(
                            "the board's ranks are 1 to {height}: last-{} is the lowest",
                            height - 1
                        )),
                );
                return None;
            }
            RankRef::Number(n) if n >= 1 && n <= height as u64 => n as u32 - 1,
            RankRef::Number(n) => {
                self.error(
                    Diagnostic::new(format!("there is no rank {n}"), rank.span.clone())
                        .with_label(format!("the board's ranks are 1 to {height}")),
                );
                return None;
            }
        };
        let points: Vec<Point> = board
            .points()
            .filter(|&p| board.coords(p).is_some_and(|c| c[1] as u32 == y))
            .collect();
        if points.is_empty() {
            self.error(
                Diagnostic::new("every point of this rank is removed", rank.span.clone())
                    .with_label("no point here"),
            );
            return None;
        }
        Some(points)
    }

    /// The points of `centre (dx,dy) ...`: each offset from the centre point of a 2D grid board
    /// (file ⌈width/2⌉, rank ⌈height/2⌉), each on the board and not removed.
    fn centre(
        &mut self,
        board: &Board,
        offsets: &[Spanned<Vec<i64>>],
        span: &Span,
    ) -> Option<Vec<Point>> {
        let Some([width, height, 1]) = board.dims() else {
            self.error(
                Diagnostic::new("only a 2D grid board has a centre", span.clone())
                    .with_label("a point about the centre")
                    .with_note(format!("this board is {}", board.describe())),
            );
            return None;
        };
        let centre = [i64::from(width.div_ceil(2)), i64::from(height.div_ceil(2))];
        let mut points = Vec::with_capacity(offsets.len());
        // Every offset is checked, so that each one off the board is reported.
        let mut fits = true;
        for offset in offsets {
            let &[dx, dy] = offset.node.as_slice() else {
                self.error(
                    Diagnostic::new(
                        format!(
                            "an offset from the centre is two numbers (files, ranks), not {}",
                            offset.node.len()
                        ),
                        offset.span.clone(),
                    )
                    .with_label("expected `(dx,dy)`"),
                );
                fits = false;
                continue;
            };
            let at = [centre[0].checked_add(dx), centre[1].checked_add(dy)];
            let point = match at {
                [Some(x), Some(y)] => board.point_at([x, y, 1]).ok(),
                _ => None,
            };
            let Some(point) = point else {
                self.error(
                    Diagnostic::new(
                        format!(
                            "the start does not fit this board: centre {} is not a point of the {} board",
                            format_tuple(&offset.node),
                            board.describe()
                        ),
                        offset.span.clone(),
                    )
                    .with_label(format!(
                        "the centre is ({},{}), counting from 1; this offset leads off the board or \
                         onto a removed point",
                        centre[0], centre[1]
                    )),
                );
                fits = false;
                continue;
            };
            points.push(point);
        }
        fits.then_some(points)
    }

    fn point(&mut self, board: &Board, p: &PointRef) -> Option<Point> {
        let result = match p {
            PointRef::Name(n) => board.parse_point(&n.node),
            PointRef::Tuple(t) => {
                match grid_coords(&t.node, board.dims().is_some_and(|d| d[2] > 1)) {
                    Some(c) if board.dims().is_some() => board.point_at(c),
                    Some(_) => Err(PointError::Malformed(format_tuple(&t.node))),
                    None => {
                        let d = tuple_arity_error(t, board.dims().is_some_and(|d| d[2] > 1));
                        self.error(d);
                        return None;
                    }
                }
            }
        };
        match result {
            Ok(point) => Some(point),
            Err(e) => {
                let label = match &e {
                    PointError::OffBoard(_) => format!("outside the {} board", board.describe()),
                    PointError::Removed(_) => "this point is removed".to_string(),
                    PointError::Unknown(_) => "not a point of the graph".to_string(),
                    PointError::Malformed(_) => "not a point".to_string(),
                };
                let mut d = Diagnostic::new(e.to_string(), p.span().clone()).with_label(label);
                if matches!(e, PointError::Malformed(_)) {
                    d = d.with_note(if board.algebraic() {
                        "points are written like `a1` or `(1,1)`"
                    } else if board.dims().is_some() {
                        "on this board points are written `(x,y)` or `(x,y,z)`, counting from 1"
                    } else {
                        "on a graph board points are the names listed in `board graph { ... }`"
                    });
                }
                self.error(d);
                None
            }
        }
    }

    fn types(&mut self, ast: &ScenarioAst, scenario: &mut Scenario) {
        let builtin = chess_types().len();
        let mut spans: HashMap<String, Span> = HashMap::new();
        for item in &ast.items {
            let Item::Type(decl) = item else { continue };
            let name = &decl.name;
            if self.type_index(&name.node).is_some_and(|i| i < builtin) {
                self.error(
                    Diagnostic::new(
                        format!("`{}` is a built-in piece type", name.node),
                        name.span.clone(),
                    )
                    .with_label("already defined")
                    .with_note("choose another name, or start from it with `like`"),
                );
                continue;
            }
            if let Some(first) = spans.get(&name.node) {
                self.error(
                    Diagnostic::new(
                        format!("piece type `{}` is defined twice", name.node),
                        name.span.clone(),
                    )
                    .with_label("defined again")
                    .with_related(first.clone(), "first defined here"),
                );
                continue;
            }
            spans.insert(name.node.clone(), name.span.clone());
            self.places.types.push(Some(name.span.clone()));
            if let Some(t) = self.type_decl(decl, scenario) {
                self.add_type(scenario, t);
            } else {
                // Keep the name known so that pieces of this type do not cascade into more errors.
                let t = PieceType {
                    name: name.node.clone(),
                    moves: Motion::default(),
                    attacks: None,
                    value: 1.0,
                    jumps: Vec::new(),
                    crown: None,
                };
                self.add_type(scenario, t);
            }
        }
        self.crowns(ast, scenario);
    }

    /// The `crown` lines, once every type is known (a man may crown into a type declared
    /// after it): each names a declared type other than its own, once per type; not under
    /// `rules chess`, whose pawns promote by its own rule.
    fn crowns(&mut self, ast: &ScenarioAst, scenario: &mut Scenario) {
        for item in &ast.items {
            let Item::Type(decl) = item else { continue };
            let Some(own) = self.type_index(&decl.name.node) else {
                continue;
            };
            let mut first: Option<&Spanned<String>> = None;
            for line in &decl.items {
                let TypeItem::Crown(name) = line else {
                    continue;
                };
                if let Some(before) = first {
                    self.error(
                        Diagnostic::new("`crown` is given twice", name.span.clone())
                            .with_label("second crown")
                            .with_related(before.span.clone(), "first crown"),
                    );
                    continue;
                }
                first = Some(name);
                match self.type_index(&name.node) {
                    Some(t) if t == own => self.error(
                        Diagnostic::new(
                            format!("`{}` crowns into itself", name.node),
                            name.span.clone(),
                        )
                        .with_label("the type's own name")
                        .with_note("a piece crowns into another type: name that type here"),
                    ),
                    Some(t) => {
                        if scenario.types[own].name == decl.name.node {
                            scenario.types[own].crown = Some(t);
                        }
                    }
                    None if self.broken_type(&name.node) => {}
                    None => self.error(
                        Diagnostic::new(
                            format!("unknown piece type `{}`", name.node),
                            name.span.clone(),
                        )
                        .with_label("no such type to crown into")
                        .with_note(known_types(scenario)),
                    ),
                }
            }
        }
    }

    fn type_decl(&mut self, decl: &ast::TypeDecl, scenario: &Scenario) -> Option<PieceType> {
        let board = &scenario.board;
        let errors_before = self.errors.len();
        let mut moves = Motion::default();
        let mut attacks: Option<Motion> = None;
        let mut value: Option<&Spanned<f64>> = None;
        let mut jumps: Vec<[i32; 3]> = Vec::new();
        let mut base_value = 1.0;
        // The first `attack` line, for a type that attacks without moving.
        let mut attack_span: Option<&Span> = None;
        for item in &decl.items {
            match item {
                TypeItem::Like(other) => {
                    if let Some(t) = self.like_type(other, &decl.name.node, scenario) {
                        moves.vectors.extend(t.moves.vectors.iter().copied());
                        moves.edges.extend(t.moves.edges.iter().copied());
                        if let Some(a) = &t.attacks {
                            let target = attacks.get_or_insert_with(Motion::default);
                            target.vectors.extend(a.vectors.iter().copied());
                            target.edges.extend(a.edges.iter().copied());
                        }
                        jumps.extend(t.jumps.iter().copied());
                        base_value = t.value;
                    }
                }
                TypeItem::Value(v) => {
                    self.check_value(v, value);
                    value = Some(v);
                }
                TypeItem::Vectors {
                    usage,
                    reach,
                    vectors,
                    range,
                    span,
                } => {
                    if usage.node == ast::Usage::Attack {
                        attack_span.get_or_insert(span);
                    }
                    let bases = self.vector_bases(board, reach, vectors, range, span);
                    let target = match usage.node {
                        ast::Usage::Move => &mut moves,
                        ast::Usage::Attack => attacks.get_or_insert_with(Motion::default),
                    };
                    target.vectors.extend(bases);
                }
                TypeItem::Edges { usage, edges, span } => {
                    if usage.node == ast::Usage::Attack {
                        attack_span.get_or_insert(span);
                    }
                    let resolved = self.edge_pairs(board, edges);
                    let target = match usage.node {
                        ast::Usage::Move => &mut moves,
                        ast::Usage::Attack => attacks.get_or_insert_with(Motion::default),
                    };
                    target.edges.extend(resolved);
                }
                TypeItem::Jump { vectors, span } => {
                    jumps.extend(self.jump_vectors(board, vectors, span));
                }
                // Read once every type is known (`crowns`).
                TypeItem::Crown(_) => {}
            }
        }
        jumps.sort();
        jumps.dedup();
        if self.errors.len() > errors_before {
            return None;
        }
        if moves.is_empty() && self.broken_type(&decl.name.node) {
            return None;
        }
        // A type without moves never moves (a target): it can be attacked, and attacks
        // nothing. Attack vectors are how a piece that moves captures, so they need moves.
        if moves.is_empty()
            && let Some(attack) = attack_span
        {
            self.error(
                Diagnostic::new(
                    format!("piece type `{}` attacks but cannot move", decl.name.node),
                    attack.clone(),
                )
                .with_label("an attack without moves")
                .with_related(decl.name.span.clone(), "no `move` vectors or edges in this type")
                .with_note("a piece captures by moving to the point it attacks: add `move` vectors (e.g. `move leap (1,0) (0,1) (-1,0) (0,-1)` or `like king`), or drop the `attack` lines for a piece that never moves"),
            );
            return None;
        }
        Some(PieceType {
            name: decl.name.node.clone(),
            moves,
            attacks,
            value: value.map_or(base_value, |v| v.node),
            jumps,
            crown: None,
        })
    }

    /// The vectors of a `jump` line: on a grid, each one step to an adjacent point (every
    /// component -1, 0 or 1, not all 0), since a jump goes over the adjacent point onto the
    /// one beyond it.
    fn jump_vectors(
        &mut self,
        board: &Board,
        vectors: &[Spanned<Vec<i64>>],
        span: &Span,
    ) -> Vec<[i32; 3]> {
        let Some(dims) = board.dims() else {
            self.error(
                Diagnostic::new(
                    "a graph board has no directions to jump along",
                    span.clone(),
                )
                .with_label("jump vectors on a graph board")
                .with_note("jumps are played on grid boards"),
            );
            return Vec::new();
        };
        let mut out = Vec::new();
        for v in vectors {
            let delta = match v.node.as_slice() {
                [x, y] => [*x, *y, 0],
                [x, y, z] if dims[2] > 1 => [*x, *y, *z],
                _ => {
                    let want = if dims[2] > 1 { "two or three" } else { "two" };
                    self.error(
                        Diagnostic::new(
                            format!("a vector on this board has {want} components"),
                            v.span.clone(),
                        )
                        .with_label(format!("{} components", v.node.len())),
                    );
                    continue;
                }
            };
            if delta == [0, 0, 0] || delta.iter().any(|c| c.abs() > 1) {
                self.error(
                    Diagnostic::new(
                        format!("{} is not a basis step of the board", format_tuple(&v.node)),
                        v.span.clone(),
                    )
                    .with_label("not a step to an adjacent point")
                    .with_note(
                        "a jump goes over the adjacent point along a step such as `(1,1)` or \
                         `(0,1)` (each component -1, 0 or 1, not all 0) onto the point beyond",
                    ),
                );
                continue;
            }
            out.push(delta.map(|c| c as i32));
        }
        out
    }

    /// The type a `like` line names, defined before the type `name` being declared (not
    /// itself); an unknown one is an error, unless an earlier error explains it.
    fn like_type<'s>(
        &mut self,
        other: &Spanned<String>,
        name: &str,
        scenario: &'s Scenario,
    ) -> Option<&'s PieceType> {
        match self.type_index(&other.node) {
            Some(i) if scenario.types[i].name != name => Some(&scenario.types[i]),
            _ if self.broken_type(&other.node) => None,
            _ => {
                self.error(
                    Diagnostic::new(
                        format!("unknown piece type `{}`", other.node),
                        other.span.clone(),
                    )
                    .with_label("not defined before this line")
                    .with_note(known_types(scenario)),
                );
                None
            }
        }
    }

    /// A type's `value` line: given once (`first`, the line before if any), a positive number.
    fn check_value(&mut self, v: &Spanned<f64>, first: Option<&Spanned<f64>>) {
        if let Some(first) = first {
            self.error(
                Diagnostic::new("the value is given twice", v.span.clone())
                    .with_label("second value")
                    .with_related(first.span.clone(), "first value"),
            );
        } else if !(v.node > 0.0 && v.node.is_finite()) {
            self.error(
                Diagnostic::new("a piece value must be a positive number", v.span.clone())
                    .with_label("not positive"),
            );
        }
    }

    /// The basis vectors of one `move` or `attack` line of vectors: each checked against the
    /// board (directions, two or three components, not zero, small) with its reach (a leap, or
    /// a slide with its range); none where the line itself is wrong.
    fn vector_bases(
        &mut self,
        board: &Board,
        reach: &Spanned<ReachDecl>,
        vectors: &[Spanned<Vec<i64>>],
        range: &Option<Spanned<u64>>,
        span: &Span,
    ) -> Vec<Basis> {
        let dims = match board.dims() {
            Some(d) => d,
            None => {
                self.error(
                    Diagnostic::new(
                        "a graph board has no directions; give this type `edges`",
                        span.clone(),
                    )
                    .with_label("vectors on a graph board")
                    .with_note("e.g. `move edges 1 -> 2 -> 3, 4 -- 5`"),
                );
                return Vec::new();
            }
        };
        let reach = match (reach.node, range) {
            (ReachDecl::Leap, Some(r)) => {
                self.error(
                    Diagnostic::new("`range` applies to slides, not leaps", r.span.clone())
                        .with_label("range on a leap"),
                );
                return Vec::new();
            }
            (ReachDecl::Leap, None) => Reach::Leap,
            (ReachDecl::Slide, None) => Reach::Slide { range: None },
            (ReachDecl::Slide, Some(r)) => {
                if r.node == 0 {
                    self.error(
                        Diagnostic::new("a slide range must be at least 1", r.span.clone())
                            .with_label("zero range"),
                    );
                    return Vec::new();
                }
                Reach::Slide {
                    range: Some(u32::try_from(r.node).unwrap_or(u32::MAX)),
                }
            }
        };
        let mut bases = Vec::new();
        for v in vectors {
            let delta = match v.node.as_slice() {
                [x, y] => [*x, *y, 0],
                [x, y, z] if dims[2] > 1 => [*x, *y, *z],
                _ => {
                    let want = if dims[2] > 1 { "two or three" } else { "two" };
                    self.errors.push(
                        Diagnostic::new(
                            format!("a vector on this board has {want} components"),
                            v.span.clone(),
                        )
                        .with_label(format!("{} components", v.node.len())),
                    );
                    continue;
                }
            };
            if delta == [0, 0, 0] {
                self.errors.push(
                    Diagnostic::new("the zero vector moves nowhere", v.span.clone())
                        .with_label("zero vector"),
                );
                continue;
            }
            let Some(delta) = small(delta) else {
                self.errors.push(
                    Diagnostic::new("vector component too large", v.span.clone())
                        .with_label("out of range"),
                );
                continue;
            };
            bases.push(Basis { delta, reach });
        }
        bases
    }

    /// The edges of one `move` or `attack` line of edges, each written point resolved once (a
    /// bad one reported once); an edge both ways gives two, an edge from a point to itself is
    /// an error.
    fn edge_pairs(&mut self, board: &Board, edges: &[EdgeDecl]) -> Vec<(Point, Point)> {
        let mut resolved = Vec::new();
        // In a chain `1 -> 2 -> 3` the middle point ends one edge and starts the
        // next: resolve each written point once, so that a bad one is reported once.
        let mut points: HashMap<(usize, usize), Option<Point>> = HashMap::new();
        let mut point = |r: &mut Self, p: &PointRef| {
            let key = (p.span().start, p.span().end);
            *points.entry(key).or_insert_with(|| r.point(board, p))
        };
        for e in edges {
            let (Some(a), Some(b)) = (point(self, &e.from), point(self, &e.to)) else {
                continue;
            };
            if a == b {
                self.error(
                    Diagnostic::new("an edge must join two different points", e.span.clone())
                        .with_label("edge from a point to itself"),
                );
                continue;
            }
            resolved.push((a, b));
            if e.both_ways {
                resolved.push((b, a));
            }
        }
        resolved
    }

    fn pieces(&mut self, ast: &ScenarioAst, scenario: &mut Scenario) {
        let mut names: HashMap<String, Span> = HashMap::new();
        for item in &ast.items {
            let Item::Piece(decl) = item else { continue };
            let side = match decl.side.node {
                SideDecl::White => Side::White,
                SideDecl::Black => Side::Black,
            };
            let type_index = self.named_type(&decl.type_name, scenario);
            let at = self.place(&scenario.board, &decl.at);
            let (base, name_span, explicit) = match &decl.name {
                Some(n) => (n.node.clone(), n.span.clone(), true),
                None => {
                    let t = &decl.type_name.node;
                    let default = match chess_letter(t) {
                        Some(letter) => {
                            format!("{}{letter}", if side == Side::White { 'W' } else { 'B' })
                        }
                        None => t.clone(),
                    };
                    (default, decl.type_name.span.clone(), false)
                }
            };
            // A rank places one piece on each of its points, numbered in enumeration order.
            let placed: Vec<(String, Option<Point>)> = match (&decl.at, at) {
                (Place::Rank(_), Some(points)) => points
                    .iter()
                    .enumerate()
                    .map(|(k, &p)| (format!("{base}{}", k + 1), Some(p)))
                    .collect(),
                // Several offsets about the centre are numbered as a rank's points are.
                (Place::Centre { offsets, .. }, Some(points)) if offsets.len() > 1 => points
                    .iter()
                    .enumerate()
                    .map(|(k, &p)| (format!("{base}{}", k + 1), Some(p)))
                    .collect(),
                (Place::Rank(_) | Place::Centre { .. }, None) => vec![(base.clone(), None)],
                (Place::Point(_) | Place::Centre { .. }, at) => {
                    vec![(base.clone(), at.map(|points| points[0]))]
                }
            };
            for (name, at) in placed {
                if let Some(first) = names.get(&name) {
                    let mut d = Diagnostic::new(
                        format!("two pieces are named `{name}`"),
                        name_span.clone(),
                    )
                    .with_label("same name again")
                    .with_related(first.clone(), "first piece of that name");
                    if !explicit {
                        d = d.with_note(format!(
                            "pieces get the name `{base}` by default; name this one with `as NAME`"
                        ));
                    }
                    self.error(d);
                    continue;
                }
                names.insert(name.clone(), decl.span.clone());
                if let (Some(type_index), Some(at)) = (type_index, at) {
                    self.places.pieces.push(decl.span.clone());
                    scenario.pieces.push(Piece {
                        name,
                        type_index,
                        side,
                        at,
                    });
                } else {
                    self.unplaced.insert(name);
                }
            }
        }
    }

    fn goals(&mut self, ast: &ScenarioAst, scenario: &mut Scenario) {
        // The pieces by name (the first of a name), looked up per goal.
        let mut pieces: HashMap<String, usize> = HashMap::new();
        for (i, p) in scenario.pieces.iter().enumerate() {
            pieces.entry(p.name.clone()).or_insert(i);
        }
        for item in &ast.items {
            let Item::Goal(decl) = item else { continue };
            let points = self.place(&scenario.board, &decl.point);
            let owner = match &decl.owner {
                None => Some(GoalOwner::Both),
                Some(o) => match Side::parse(&o.node) {
                    Some(side) => Some(GoalOwner::Side(side)),
                    None => match pieces.get(&o.node).copied() {
                        Some(i) => Some(GoalOwner::Piece(i)),
                        None if self.broken.pieces || self.unplaced.contains(&o.node) => None,
                        None => {
                            self.error(
                                Diagnostic::new(format!("unknown goal owner `{}`", o.node), o.span.clone())
                                    .with_label("not a side or a piece name")
                                    .with_note("a goal is `for white`, `for black` or `for` a placed piece's name"),
                            );
                            None
                        }
                    },
                },
            };
            if let (Some(points), Some(owner)) = (points, owner) {
                for point in points {
                    self.places.goals.push(decl.span.clone());
                    scenario.goals.push(Goal {
                        point,
                        owner: owner.clone(),
                    });
                }
            }
        }
    }
}

impl Resolver {
    /// The `game` block, at most once, each rule at most once (`safe` and `royal` once per
    /// type). Without a block the scenario has no rules of play.
    fn game(&mut self, ast: &ScenarioAst, scenario: &mut Scenario) {
        let Some(decl) = self.game_block(ast) else {
            return;
        };
        // The keyword, not the whole block: a lint about the game points at one line.
        self.places.game =
            Some(decl.span.start..decl.span.start + "game".len().min(decl.span.len()));
        let mut rules = Rules::default();
        let mut seen: HashMap<&'static str, Span> = HashMap::new();
        for line in &decl.lines {
            let key = match &line.rule {
                GameRule::First(_) => "first",
                GameRule::Goal(_) => "goals",
                GameRule::Stalemate(_) => "stalemate",
                GameRule::Deadlock(_) => "deadlock",
                GameRule::Limit(_) => "limit",
                GameRule::Chess(_) => "rules",
                GameRule::Castling(_) => "castling",
                GameRule::Place(_) => "place",
                GameRule::Capture(_) => "capture",
                GameRule::Safe(_) | GameRule::Royal(_) => "",
            };
            if !key.is_empty() {
                if let Some(before) = seen.get(key) {
                    self.error(
                        Diagnostic::new(format!("`{key}` is given twice"), line.span.clone())
                            .with_label("second setting")
                            .with_related(before.clone(), "first set here"),
                    );
                    continue;
                }
                seen.insert(key, line.span.clone());
            }
            self.game_rule(line, &mut rules, scenario);
        }
        self.chess_rules(decl, &seen, scenario, &mut rules);
        self.jump_rules(decl, scenario, &rules);
        scenario.game = Some(rules);
    }

    /// The game block against the types' jumps and crowns: `capture compulsory` needs a type
    /// that jumps, and a crown is not played under `rules chess` (its pawns promote by its own
    /// rule).
    fn jump_rules(&mut self, decl: &ast::GameDecl, scenario: &Scenario, rules: &Rules) {
        for line in &decl.lines {
            if let GameRule::Capture(c) = &line.rule
                && c.node
                && scenario.types.iter().all(|t| t.jumps.is_empty())
            {
                self.error(
                    Diagnostic::new(
                        "`capture compulsory` but no piece type jumps",
                        line.span.clone(),
                    )
                    .with_label("a compulsory capture with no capture to make")
                    .with_note("give a type jump vectors, e.g. `jump (1,1) (-1,1)`"),
                );
            }
        }
        if rules.chess.is_some()
            && let Some(t) = scenario.types.iter().find(|t| t.crown.is_some())
        {
            self.error(
                Diagnostic::new(
                    format!("`{}` crowns, which the rules of chess do not play", t.name),
                    decl.span.clone(),
                )
                .with_label("`rules chess` in this game")
                .with_note(
                    "under `rules chess` pawns promote by its own rule: drop the `crown` line",
                ),
            );
        }
    }

    /// `rules chess` (docs/play-and-search.md §1.5): a 2D grid board; the king royal, a side
    /// without a move drawn (stalemate), no move limit unless one is given; the castling rights
    /// of `castling`, or else those whose king and rook stand on their points. `stalemate`
    /// and `deadlock` are the rules' own, and `castling` needs them.
    fn chess_rules(
        &mut self,
        decl: &ast::GameDecl,
        seen: &HashMap<&'static str, Span>,
        scenario: &Scenario,
        rules: &mut Rules,
    ) {
        let castling = decl.lines.iter().find_map(|l| match &l.rule {
            GameRule::Castling(c) => Some(c),
            _ => None,
        });
        let Some(chess) = decl.lines.iter().find_map(|l| match &l.rule {
            GameRule::Chess(span) => Some(span),
            _ => None,
        }) else {
            if let Some(c) = castling {
                self.error(
                    Diagnostic::new("`castling` needs `rules chess`", c.span.clone())
                        .with_label("castling rights without the rules of chess")
                        .with_note("add the line `rules chess` to the game block"),
                );
            }
            return;
        };
        if !matches!(scenario.board.dims(), Some([_, h, 1]) if h >= 2) {
            self.error(
                Diagnostic::new(
                    "`rules chess` needs a 2D grid board at least 2 ranks high",
                    chess.clone(),
                )
                .with_label("the rules of chess")
                .with_note(format!("this board is {}", scenario.board.describe())),
            );
            return;
        }
        for key in ["stalemate", "deadlock", "goals"] {
            if let Some(span) = seen.get(key) {
                self.error(
                    Diagnostic::new(format!("`{key}` is set by `rules chess`"), span.clone())
                        .with_label("the rules of chess decide this")
                        .with_related(chess.clone(), "the rules of chess"),
                );
            }
        }
        rules.stalemate = Stalemate::Draw;
        if !rules.royal.contains(&chess::KING) {
            rules.royal.push(chess::KING);
        }
        if !seen.contains_key("limit") {
            rules.limit = u32::MAX;
        }
        let castling = match castling {
            None => chess::placed_castling(scenario),
            Some(c) => {
                let text = if c.node == "none" {
                    "-"
                } else {
                    c.node.as_str()
                };
                let Some(rights) = chess::parse_castling(text) else {
                    self.error(
                        Diagnostic::new(
                            format!("`{}` is no castling rights", c.node),
                            c.span.clone(),
                        )
                        .with_label("expected letters of KQkq, each at most once, or none"),
                    );
                    return;
                };
                for (letter, why) in chess::castling_problems(scenario, rights) {
                    self.error(
                        Diagnostic::new(
                            format!("castling right `{letter}` cannot be held: {why}"),
                            c.span.clone(),
                        )
                        .with_label("castling rights"),
                    );
                }
                rights
            }
        };
        rules.chess = Some(ChessRules {
            castling,
            ..ChessRules::default()
        });
    }

    /// The scenario's `game` block: the first one, each later one an error.
    fn game_block<'a>(&mut self, ast: &'a ScenarioAst) -> Option<&'a ast::GameDecl> {
        let mut first: Option<&ast::GameDecl> = None;
        for item in &ast.items {
            let Item::Game(decl) = item else { continue };
            if let Some(f) = first {
                self.error(
                    Diagnostic::new("`game` is given twice", decl.span.clone())
                        .with_label("second game block")
                        .with_related(f.span.clone(), "first given here"),
                );
                continue;
            }
            first = Some(decl);
        }
        first
    }

    /// One line of the `game` block set in `rules` (a line given twice already refused): a
    /// setting's value, or a type added to the `safe` or `royal` ones (an unknown type or one
    /// given twice an error).
    fn game_rule(&mut self, line: &ast::GameLine, rules: &mut Rules, scenario: &Scenario) {
        match &line.rule {
            GameRule::First(side) => {
                rules.first = match side.node {
                    SideDecl::White => Side::White,
                    SideDecl::Black => Side::Black,
                }
            }
            GameRule::Goal(g) => {
                rules.goals = match g.node {
                    GoalRuleDecl::Immediate => GoalRule::Immediate,
                    GoalRuleDecl::Survive => GoalRule::Survive,
                }
            }
            GameRule::Stalemate(s) => {
                rules.stalemate = match s.node {
                    StalemateDecl::Pass => Stalemate::Pass,
                    StalemateDecl::Draw => Stalemate::Draw,
                    StalemateDecl::Lose => Stalemate::Lose,
                }
            }
            GameRule::Deadlock(d) => {
                rules.deadlock = match d.node {
                    DeadlockDecl::Count => Deadlock::Count,
                    DeadlockDecl::Draw => Deadlock::Draw,
                }
            }
            GameRule::Limit(n) => match u32::try_from(n.node) {
                Ok(limit) if limit >= 1 => rules.limit = limit,
                _ => self.error(
                    Diagnostic::new("the move limit must be 1 to 4294967295", n.span.clone())
                        .with_label("out of range"),
                ),
            },
            GameRule::Safe(name) | GameRule::Royal(name) => {
                let royal = matches!(line.rule, GameRule::Royal(_));
                let Some(t) = self.named_type(name, scenario) else {
                    return;
                };
                let list = if royal {
                    &mut rules.royal
                } else {
                    &mut rules.safe
                };
                if list.contains(&t) {
                    let word = if royal { "royal" } else { "safe" };
                    self.error(
                        Diagnostic::new(
                            format!("`{word} {}` is given twice", name.node),
                            line.span.clone(),
                        )
                        .with_label("given before"),
                    );
                    return;
                }
                list.push(t);
            }
            GameRule::Place(name) => rules.place = self.placed_type(name, scenario),
            GameRule::Capture(c) => rules.compulsory_capture = c.node,
            // Read with the block as a whole (`chess_rules`).
            GameRule::Chess(_) | GameRule::Castling(_) => {}
        }
    }

    /// The type of `place TYPE` (docs/semantics.md §7.5): a type whose move vectors are the
    /// lines a placement flips along, so at least one, each a slide (a leap brackets nothing),
    /// at most [`crate::play::placement::MAX_LINES`], no edges, on a grid board.
    fn placed_type(&mut self, name: &Spanned<String>, scenario: &Scenario) -> Option<usize> {
        let t = self.named_type(name, scenario)?;
        if self.broken_type(&name.node) {
            return None;
        }
        let moves = &scenario.types[t].moves;
        let max = crate::play::placement::MAX_LINES;
        let why = if scenario.board.dims().is_none() {
            Some("a graph board has no lines to flip along".to_string())
        } else if moves.vectors.is_empty() {
            Some(format!("type {} has no move vectors", name.node))
        } else if !moves.edges.is_empty() {
            Some(format!(
                "type {} moves along edges, which are no lines",
                name.node
            ))
        } else if moves
            .vectors
            .iter()
            .any(|b| b.reach == crate::piece::Reach::Leap)
        {
            Some(format!(
                "type {} has a `move leap` vector: one step brackets nothing",
                name.node
            ))
        } else if moves.vectors.len() > max {
            Some(format!(
                "type {} has {} move vectors, and a placement flips along at most {max}",
                name.node,
                moves.vectors.len()
            ))
        } else {
            None
        };
        if let Some(why) = why {
            self.error(
                Diagnostic::new(
                    format!("placing `{}` defines no flips: {why}", name.node),
                    name.span.clone(),
                )
                .with_label("the placed type")
                .with_note(
                    "a placement flips the opposing pieces it brackets along each of the placed \
                     type's move slides, e.g. `type disc { move slide (1,0) (1,1) (0,1) (-1,1) \
                     (-1,0) (-1,-1) (0,-1) (1,-1) }`",
                ),
            );
            return None;
        }
        Some(t)
    }

    /// `fuzzy length { ... }`: at most once; the terms checked by [`Terms::new`], each problem
    /// pointing at the term or number at fault.
    fn fuzzy(&mut self, ast: &ScenarioAst, scenario: &mut Scenario) {
        let mut first: Option<&ast::FuzzyDecl> = None;
        for item in &ast.items {
            let Item::Fuzzy(decl) = item else { continue };
            if let Some(f) = first {
                self.error(
                    Diagnostic::new(
                        format!("`fuzzy {}` is given twice", decl.variable.node),
                        decl.variable.span.clone(),
                    )
                    .with_label("second definition")
                    .with_related(f.variable.span.clone(), "first defined here"),
                );
                continue;
            }
            first = Some(decl);
            // Incomplete terms (a term that did not parse) would only bring more errors.
            let mut ok = !self.broken.fuzzy;
            for t in &decl.terms {
                if t.name.node.trim().is_empty() {
                    ok = false;
                    self.error(
                        Diagnostic::new("a term needs a name", t.name.span.clone())
                            .with_label("empty name"),
                    );
                }
            }
            if !ok {
                continue;
            }
            let terms: Vec<Term> = decl
                .terms
                .iter()
                .map(|t| {
                    let n = |k: usize| t.numbers[k].node;
                    Term::new(&t.name.node, [n(0), n(1), n(2), n(3)])
                })
                .collect();
            match Terms::new(terms) {
                Ok(terms) => scenario.length_terms = terms,
                Err(e) => self.error(terms_error(decl, &e)),
            }
        }
    }
}

/// A diagnostic for invalid terms, at the term (or number) at fault.
fn terms_error(decl: &ast::FuzzyDecl, e: &TermsError) -> Diagnostic {
    let message = e.to_string();
    let term = |k: usize| &decl.terms[k];
    let numbers = |k: usize| {
        let t = term(k);
        t.numbers[0].span.start..t.numbers[3].span.end
    };
    match *e {
        TermsError::Empty => Diagnostic::new(message, decl.span.clone())
            .with_label("no terms")
            .with_note("give at least one term, e.g. `\"any\" 0 0 inf inf`"),
        TermsError::Unordered { term: k } => Diagnostic::new(message, numbers(k))
            .with_label(format!("the numbers of `{}`", term(k).name.node)),
        TermsError::Negative { term: k } => {
            let at = term(k)
                .numbers
                .iter()
                .find(|n| n.node < 0.0)
                .map_or_else(|| numbers(k), |n| n.span.clone());
            Diagnostic::new(message, at).with_label("negative")
        }
        TermsError::Infinite { term: k } => {
            let t = term(k);
            let at = t
                .numbers
                .iter()
                .find(|n| n.node.is_infinite())
                .map_or_else(|| numbers(k), |n| n.span.clone());
            Diagnostic::new(message, at)
                .with_label("`inf` here")
                .with_note("a term that stays full for every longer length ends with `inf inf`")
        }
        TermsError::Duplicate { term: k, first } => Diagnostic::new(
            format!("the term `{}` is defined twice", term(k).name.node),
            term(k).name.span.clone(),
        )
        .with_label("defined again")
        .with_related(term(first).name.span.clone(), "first defined here"),
        TermsError::Overlap { term: k, previous } => {
            let (t, p) = (term(k), term(previous));
            Diagnostic::new(
                format!(
                    "`{}` is full from {}, where `{}` is still full (up to {})",
                    t.name.node,
                    number(t.numbers[1].node),
                    p.name.node,
                    number(p.numbers[2].node)
                ),
                numbers(k),
            )
            .with_label(format!("the numbers of `{}`", t.name.node))
            .with_related(
                numbers(previous),
                format!("the numbers of `{}`", p.name.node),
            )
            .with_note(
                "list terms from the shortest to the longest; full ranges [b, c] may only touch",
            )
        }
        TermsError::Gap { to, after, .. } => {
            let k = after.unwrap_or(0);
            let mut d = Diagnostic::new(message, term(k).span.clone())
                .with_label(if after.is_some() {
                    "the gap starts where this term ends"
                } else {
                    "the first term starts here"
                })
                .with_note("every length from 0 up must belong to some term with a degree above 0");
            if to.is_infinite() {
                d = d.with_note("let the last term stay full with `inf inf`, e.g. `\"very long\" 5.5 6.5 inf inf`");
            }
            d
        }
    }
}

fn board_span(b: &BoardDecl) -> &Span {
    match b {
        BoardDecl::Grid { span, .. } | BoardDecl::Graph { span, .. } => span,
    }
}

/// The most type names a note lists: a file of 20,000 types and as many pieces of unknown
/// types would otherwise hold 20,000 notes of 20,000 names each.
const KNOWN_TYPES_LISTED: usize = 30;

fn known_types(scenario: &Scenario) -> String {
    let names: Vec<&str> = scenario
        .types
        .iter()
        .take(KNOWN_TYPES_LISTED)
        .map(|t| t.name.as_str())
        .collect();
    match scenario.types.len().checked_sub(KNOWN_TYPES_LISTED) {
        Some(more) if more > 0 => format!("known types: {}, and {more} more", names.join(", ")),
        _ => format!("known types: {}", names.join(", ")),
    }
}

/// 1-based coordinates from a written tuple: two numbers, or three on a 3D board.
fn grid_coords(t: &[i64], three_d: bool) -> Option<[i64; 3]> {
    match *t {
        [x, y] => Some([x, y, 1]),
        [x, y, z] if three_d => Some([x, y, z]),
        _ => None,
    }
}

fn tuple_arity_error(t: &Spanned<Vec<i64>>, three_d: bool) -> Diagnostic {
    let want = if three_d {
        "`(x,y)` or `(x,y,z)`"
    } else {
        "`(x,y)`"
    };
    Diagnostic::new(
        format!("a point on this board is written {want}"),
        t.span.clone(),
    )
    .with_label(format!("{} coordinates", t.node.len()))
}

fn format_tuple(t: &[i64]) -> String {
    let parts: Vec<String> = t.iter().map(|v| v.to_string()).collect();
    format!("({})", parts.join(","))
}

/// `a1`-style coordinates on a 2D grid of at most 26 files.
fn algebraic(name: &str, width: u32, depth: u32) -> Option<[i64; 3]> {
    if depth > 1 || width > 26 {
        return None;
    }
    let mut chars = name.chars();
    let file = chars.next().filter(|c| c.is_ascii_lowercase())?;
    let rank: i64 = chars
        .as_str()
        .parse()
        .ok()
        .filter(|_| chars.as_str().bytes().all(|b| b.is_ascii_digit()))?;
    Some([(file as u8 - b'a' + 1) as i64, rank, 1])
}

fn small(d: [i64; 3]) -> Option<[i32; 3]> {
    let c = |v: i64| i32::try_from(v).ok().filter(|v| v.abs() <= 1 << 20);
    Some([c(d[0])?, c(d[1])?, c(d[2])?])
}
