//! Parser for scenario files: nom 8 over the tokens of [`super::lexer`].
//!
//! Each function parses the grammar rule it is named after:
//!
//! ```text
//! scenario      := item*
//! item          := board_decl | removed_decl | blocking_decl | type_decl | piece_decl | goal_decl
//!                | fuzzy_decl | game_decl
//! board_decl    := "board" (DIMS | "graph" "{" graph_point* "}")
//! removed_decl  := "removed" (("light" | "dark") | point_ref (","? point_ref)*)  -- a newline ends it unless after ","
//! blocking_decl := "blocking" ("on" | "off")
//! type_decl     := "type" IDENT "{" type_item* "}"
//! type_item     := value_line | like_line | motion_line | jump_line | crown_line
//! value_line    := "value" (INT | DECIMAL)
//! like_line     := "like" IDENT
//! jump_line     := "jump" vector (","? vector)*
//! crown_line    := "crown" IDENT
//! motion_line   := usage (reach vector (","? vector)* ("range" UINT)? | "edges" edge_list)
//! edge_list     := edge_chain (","? edge_chain)*
//! edge_chain    := point_ref (("->" | "--") point_ref)+
//! piece_decl    := ("white" | "black") IDENT "at" place ("as" IDENT)?
//! goal_decl     := "goal" place ("for" IDENT)?
//! place         := "rank" (UINT | "last" | "last" NEG_INT) | "centre" tuple+ | point_ref
//!                                                  -- `last-2`, no space
//! game_decl     := "game" "{" game_line* "}"                 -- see game.rs
//! fuzzy_decl    := "fuzzy" "length" "{" (term_decl ","?)* "}"
//! term_decl     := STRING number number number number    -- a trapezoid a b c d
//! number        := INT | DECIMAL | "inf"
//! point_ref     := IDENT | UINT | tuple
//! tuple, vector := "(" INT ("," INT)* ")"
//! ```
//!
//! A rule returns `Err::Error` when its first token does not fit, so the caller may try
//! something else, and `Err::Failure` once it has committed. The top level and the `type`
//! block turn either into one diagnostic and skip to the next token that can start an item,
//! so one mistake gives one diagnostic and later items are still parsed.

use nom::combinator::{cut, map, opt};
use nom::sequence::preceded;
use nom::{Err, IResult, Parser};

use super::ast::{
    BoardDecl, Broken, Colour, EdgeDecl, FuzzyDecl, GoalDecl, Item, PieceDecl, Place, PointRef,
    RankRef, ReachDecl, ScenarioAst, SideDecl, Spanned, TermDecl, TypeDecl, TypeItem, Usage,
};
use super::lexer::{Token, lex};
use crate::syntax::recovery;
use crate::syntax::suggest::edit_distance;
use crate::syntax::tokens::{SyntaxError, Tokens};
use crate::syntax::{Diagnostic, Span};

mod game;

type Input<'a> = Tokens<'a, Token<'a>>;
type PResult<'a, O> = IResult<Input<'a>, O, SyntaxError>;

/// Words that start a top-level item. Recovery only trusts them at the start of a line,
/// since `white` and `black` also appear inside items (`goal c8 for white`).
const ITEM_KEYWORDS: [&str; 9] = [
    "board", "removed", "blocking", "type", "white", "black", "goal", "fuzzy", "game",
];
/// The fuzzy variables a scenario may give terms for.
const FUZZY_VARIABLES: [&str; 1] = ["length"];
const TYPE_ITEM_KEYWORDS: [&str; 6] = ["value", "like", "move", "attack", "jump", "crown"];
const A_POINT: &str = "a point such as `a1` or `(1,1)`";

/// Lexes and parses a scenario file. Returns every item that parsed, and the diagnostics of
/// the lexer and the parser in source order (empty when the file is well-formed).
pub fn parse(source: &str) -> (ScenarioAst, Vec<Diagnostic>) {
    let (tokens, lexer_diagnostics) = lex(source);
    let mut parser_diagnostics = Vec::new();
    let mut broken = Broken::default();
    // A `type` or `fuzzy` block with a line that did not parse is incomplete too.
    let items = recovery::items(
        Tokens::new(&tokens, source),
        &mut parser_diagnostics,
        item,
        skip_to_item,
        |i| note_broken_item(i, &mut broken),
    );
    let diagnostics = recovery::merge(
        &tokens,
        |t| matches!(t, Token::Error(_)),
        lexer_diagnostics,
        parser_diagnostics,
    );
    (ScenarioAst { items, broken }, diagnostics)
}

/// Notes what the item at `i`, which did not parse (or not in full), would have declared.
fn note_broken_item(i: Input<'_>, broken: &mut Broken) {
    match i.peek() {
        Some((Token::Ident("board"), _)) => broken.board = true,
        Some((Token::Ident("type"), _)) => match i.peek_nth(1) {
            Some((Token::Ident(name), _)) => broken.types.push(name.to_string()),
            _ => broken.unknown_types = true,
        },
        Some((Token::Ident("white" | "black"), _)) => broken.pieces = true,
        Some((Token::Ident("fuzzy"), _)) => broken.fuzzy = true,
        Some((Token::Ident("game"), _)) => broken.game = true,
        Some((Token::Ident(word), _)) if !ITEM_KEYWORDS.contains(word) => {
            broken.unknown_item = true
        }
        _ => {}
    }
}

fn item<'a>(i: Input<'a>, diagnostics: &mut Vec<Diagnostic>) -> PResult<'a, Item> {
    match i.peek() {
        Some((Token::Ident("board"), _)) => map(board_decl, Item::Board).parse(i),
        Some((Token::Ident("removed"), _)) => removed_decl(i),
        Some((Token::Ident("blocking"), _)) => blocking_decl(i),
        Some((Token::Ident("type"), _)) => {
            type_decl(i, diagnostics).map(|(rest, decl)| (rest, Item::Type(decl)))
        }
        Some((Token::Ident("white" | "black"), _)) => map(piece_decl, Item::Piece).parse(i),
        Some((Token::Ident("goal"), _)) => map(goal_decl, Item::Goal).parse(i),
        Some((Token::Ident("fuzzy"), _)) => {
            fuzzy_decl(i, diagnostics).map(|(rest, decl)| (rest, Item::Fuzzy(decl)))
        }
        Some((Token::Ident("game"), _)) => {
            game::game_decl(i, diagnostics).map(|(rest, decl)| (rest, Item::Game(decl)))
        }
        Some((Token::Ident(word), span)) => {
            let mut d = unknown_word("item", word, span.clone(), &ITEM_KEYWORDS);
            if TYPE_ITEM_KEYWORDS.contains(word) {
                d = d.with_note(format!(
                    "`{word}` lines belong inside a `type NAME {{ ... }}` block"
                ));
            }
            Err(Err::Failure(SyntaxError(d)))
        }
        _ => fail(
            &i,
            "an item (board, removed, blocking, type, white, black, goal, fuzzy or game)",
        ),
    }
}

fn board_decl(i: Input<'_>) -> PResult<'_, BoardDecl> {
    let (rest, _) = keyword("board")(i)?;
    match rest.split_first() {
        Some(((Token::Dims(text), span), after)) => {
            let dims = grid_dims(text, span)?;
            let span = i.span_to(&after);
            Ok((after, BoardDecl::Grid { dims, span }))
        }
        Some(((Token::Ident("graph"), _), after)) => {
            let (after, points) = graph_points(after)?;
            let span = i.span_to(&after);
            Ok((after, BoardDecl::Graph { points, span }))
        }
        _ => fail(
            &rest,
            "grid dimensions such as `8x8`, or `graph { ... }`, after `board`",
        ),
    }
}

/// `8x8` or `4x4x4`, already one token; only the numbers' size and count can be wrong.
fn grid_dims(text: &str, span: &Span) -> Result<Spanned<Vec<u64>>, Err<SyntaxError>> {
    let mut dims = Vec::new();
    let mut start = span.start;
    for part in text.split('x') {
        let part_span = start..start + part.len();
        dims.push(part.parse().map_err(|_| number_too_large(part_span))?);
        start += part.len() + 1;
    }
    if dims.len() > 3 {
        let d = Diagnostic::new(
            format!("a grid board has 2 or 3 dimensions, found {}", dims.len()),
            span.clone(),
        )
        .with_label("too many dimensions");
        return Err(Err::Failure(SyntaxError(d)));
    }
    Ok(Spanned::new(dims, span.clone()))
}

/// `{ 1 2 3 depot }` after `board graph`; commas between names are optional.
fn graph_points(i: Input<'_>) -> PResult<'_, Vec<Spanned<String>>> {
    let (mut r, open) = expect("`{` after `board graph`", punct(Token::LBrace)).parse(i)?;
    let mut points = Vec::new();
    loop {
        if is_unclosed_block_end(&r) {
            return Err(Err::Failure(unclosed("`board graph` list", &r, open)));
        }
        match r.split_first() {
            Some(((Token::RBrace, _), after)) => return Ok((after, points)),
            Some(((Token::Comma, _), after)) if !points.is_empty() => {
                let (after, point) = expect("a point name after `,`", graph_point).parse(after)?;
                points.push(point);
                r = after;
            }
            _ => {
                let (after, point) = expect("a point name or `}`", graph_point).parse(r)?;
                points.push(point);
                r = after;
            }
        }
    }
}

/// A graph point name: an identifier or an unsigned integer, kept as written.
fn graph_point(i: Input<'_>) -> PResult<'_, Spanned<String>> {
    match i.split_first() {
        Some(((Token::Ident(name) | Token::Int(name), span), rest)) if !name.starts_with('-') => {
            Ok((rest, Spanned::new(name.to_string(), span.clone())))
        }
        _ => miss(&i, "a point name"),
    }
}

/// `removed f7 e6, (2,2)`: a newline ends the list unless the line ends with a comma, so a
/// misspelt item on the next line is not swallowed as a point name.
fn removed_decl(i: Input<'_>) -> PResult<'_, Item> {
    let (r, _) = keyword("removed")(i)?;
    if let Some(((Token::Ident(word @ ("light" | "dark")), _), after)) = r.split_first()
        && (after.at_line_start() || after.peek().is_none())
    {
        let colour = if *word == "light" {
            Colour::Light
        } else {
            Colour::Dark
        };
        let span = i.span_to(&after);
        return Ok((after, Item::RemovedColour(Spanned::new(colour, span))));
    }
    if is_item_start(&r) {
        return fail(&r, &format!("{A_POINT} after `removed`"));
    }
    let (mut r, first) =
        expect("a point such as `a1` or `(1,1)` after `removed`", point_ref).parse(r)?;
    let mut points = vec![first];
    loop {
        if let Some(((Token::Comma, _), after)) = r.split_first() {
            let (after, point) = cut(point_ref).parse(after)?;
            points.push(point);
            r = after;
            continue;
        }
        if r.at_line_start() {
            break;
        }
        match opt(point_ref).parse(r)? {
            (after, Some(point)) => {
                points.push(point);
                r = after;
            }
            (_, None) => break,
        }
    }
    let span = i.span_to(&r);
    Ok((r, Item::Removed { points, span }))
}

fn blocking_decl(i: Input<'_>) -> PResult<'_, Item> {
    let (r, _) = keyword("blocking")(i)?;
    let (after, on) = match r.split_first() {
        Some(((Token::Ident("on"), _), after)) => (after, true),
        Some(((Token::Ident("off"), _), after)) => (after, false),
        _ => return fail(&r, "`on` or `off` after `blocking`"),
    };
    Ok((after, Item::Blocking(Spanned::new(on, i.span_to(&after)))))
}

/// `type NAME { ... }`. Not a plain nom parser: it recovers from bad lines inside the block
/// and from a missing `}` by itself, pushing diagnostics, so the type and its good lines
/// still reach the AST.
fn type_decl<'a>(i: Input<'a>, diagnostics: &mut Vec<Diagnostic>) -> PResult<'a, TypeDecl> {
    let (r, _) = keyword("type")(i)?;
    let (r, name) = expect("a type name after `type`", identifier).parse(r)?;
    let (r, open) = expect("`{` after the type name", punct(Token::LBrace)).parse(r)?;
    let block = Block {
        what: "`type` block",
        open,
        commas: false,
    };
    let (r, items) = block.members(r, type_item, skip_to_type_item, diagnostics);
    let span = i.span_to(&r);
    Ok((r, TypeDecl { name, items, span }))
}

fn type_item(i: Input<'_>) -> PResult<'_, TypeItem> {
    match i.peek() {
        Some((Token::Ident("value"), _)) => value_line(i),
        Some((Token::Ident("like"), _)) => like_line(i),
        Some((Token::Ident("move" | "attack"), _)) => motion_line(i),
        Some((Token::Ident("jump"), _)) => jump_line(i),
        Some((Token::Ident("crown"), _)) => crown_line(i),
        Some((Token::Ident(word), span)) => Err(Err::Failure(SyntaxError(unknown_word(
            "type item",
            word,
            span.clone(),
            &TYPE_ITEM_KEYWORDS,
        )))),
        _ => fail(
            &i,
            "a type item (value, like, move, attack, jump or crown) or `}`",
        ),
    }
}

/// `jump (1,1) (-1,1)`; the span covers the whole line.
fn jump_line(i: Input<'_>) -> PResult<'_, TypeItem> {
    let (r, _) = keyword("jump")(i)?;
    let (r, vectors) = vector_list(r)?;
    let span = i.span_to(&r);
    Ok((r, TypeItem::Jump { vectors, span }))
}

/// `crown KING`; the span is the type's name.
fn crown_line(i: Input<'_>) -> PResult<'_, TypeItem> {
    let (r, _) = keyword("crown")(i)?;
    let (after, name) = expect("a type name after `crown`", identifier).parse(r)?;
    Ok((after, TypeItem::Crown(name)))
}

/// `value 5` or `value 2.5`; the span covers the whole line.
fn value_line(i: Input<'_>) -> PResult<'_, TypeItem> {
    let (r, _) = keyword("value")(i)?;
    match r.split_first() {
        Some(((Token::Int(text) | Token::Decimal(text), span), after)) => {
            match text.parse::<f64>() {
                Ok(value) if value.is_finite() => Ok((
                    after,
                    TypeItem::Value(Spanned::new(value, i.span_to(&after))),
                )),
                _ => Err(number_too_large(span.clone())),
            }
        }
        _ => fail(&r, "a number after `value`"),
    }
}

/// `like king`; the span covers the whole line.
fn like_line(i: Input<'_>) -> PResult<'_, TypeItem> {
    let (r, _) = keyword("like")(i)?;
    let (after, name) = expect("a type name after `like`", identifier).parse(r)?;
    Ok((
        after,
        TypeItem::Like(Spanned::new(name.node, i.span_to(&after))),
    ))
}

fn motion_line(i: Input<'_>) -> PResult<'_, TypeItem> {
    let (r, usage) = usage(i)?;
    let reach = match r.split_first() {
        Some(((Token::Ident("leap"), span), _)) => Spanned::new(ReachDecl::Leap, span.clone()),
        Some(((Token::Ident("slide"), span), _)) => Spanned::new(ReachDecl::Slide, span.clone()),
        Some(((Token::Ident("edges"), _), after)) => {
            let (after, edges) = edge_list(after)?;
            let span = i.span_to(&after);
            return Ok((after, TypeItem::Edges { usage, edges, span }));
        }
        _ => {
            let word = i.text(&usage.span);
            return fail(&r, &format!("`leap`, `slide` or `edges` after `{word}`"));
        }
    };
    let (r, vectors) = vector_list(r.advance(1))?;
    let (r, range) = opt(preceded(
        keyword("range"),
        expect("a whole number after `range`", unsigned),
    ))
    .parse(r)?;
    let span = i.span_to(&r);
    Ok((
        r,
        TypeItem::Vectors {
            usage,
            reach,
            vectors,
            range,
            span,
        },
    ))
}

fn usage(i: Input<'_>) -> PResult<'_, Spanned<Usage>> {
    match i.split_first() {
        Some(((Token::Ident("move"), span), rest)) => {
            Ok((rest, Spanned::new(Usage::Move, span.clone())))
        }
        Some(((Token::Ident("attack"), span), rest)) => {
            Ok((rest, Spanned::new(Usage::Attack, span.clone())))
        }
        _ => miss(&i, "`move` or `attack`"),
    }
}

/// `(1,0) (1,1), (0,1)`: at least one vector, commas between them optional.
fn vector_list(i: Input<'_>) -> PResult<'_, Vec<Spanned<Vec<i64>>>> {
    let (mut r, first) = match vector(i) {
        Err(Err::Error(_)) => {
            let d = Diagnostic::new("a motion line needs at least one vector", i.next_span())
                .with_label(format!(
                    "expected a vector such as `(1,0)`, found {}",
                    i.describe_next()
                ));
            return Err(Err::Failure(SyntaxError(d)));
        }
        other => other?,
    };
    let mut vectors = vec![first];
    loop {
        let (after, next) = match r.split_first() {
            Some(((Token::Comma, _), after)) => {
                expect("a vector such as `(1,0)` after `,`", vector).parse(after)?
            }
            Some(((Token::LParen, _), _)) => vector(r)?,
            _ => break,
        };
        vectors.push(next);
        r = after;
    }
    Ok((r, vectors))
}

fn vector(i: Input<'_>) -> PResult<'_, Spanned<Vec<i64>>> {
    tuple(i)
}

/// `1 -> 2 -> 3, 4 -- 5`. Commas between chains are optional; without one, a chain that
/// starts a new line must show its arrow right away, so a misspelt keyword such as `mve`
/// on the next line is reported as an unknown type item, not as a broken edge.
fn edge_list(i: Input<'_>) -> PResult<'_, Vec<EdgeDecl>> {
    let (mut r, mut edges) = match edge_chain(i) {
        Err(Err::Error(_)) => return fail(&i, "an edge such as `1 -> 2` after `edges`"),
        other => other?,
    };
    loop {
        let (after, chain) = if let Some(((Token::Comma, _), after)) = r.split_first() {
            cut(edge_chain).parse(after)?
        } else if continues_edge_list(&r) {
            edge_chain(r)?
        } else {
            break;
        };
        edges.extend(chain);
        r = after;
    }
    Ok((r, edges))
}

fn continues_edge_list(r: &Input<'_>) -> bool {
    let arrow_next = matches!(r.peek_nth(1), Some((Token::Arrow | Token::DoubleDash, _)));
    match r.peek() {
        Some((Token::LParen, _)) => true,
        Some((Token::Ident(word), _)) if TYPE_ITEM_KEYWORDS.contains(word) => false,
        Some((Token::Ident(_), _)) => !r.at_line_start() || arrow_next,
        Some((Token::Int(text), _)) if !text.starts_with('-') => !r.at_line_start() || arrow_next,
        _ => false,
    }
}

/// `a -> b -- c`: one [`EdgeDecl`] per link, each spanning its two points.
fn edge_chain(i: Input<'_>) -> PResult<'_, Vec<EdgeDecl>> {
    let (mut r, mut from) = point_ref(i)?;
    let mut edges = Vec::new();
    loop {
        let both_ways = match r.peek() {
            Some((Token::Arrow, _)) => false,
            Some((Token::DoubleDash, _)) => true,
            _ => break,
        };
        let (after, to) = cut(point_ref).parse(r.advance(1))?;
        let span = from.span().start..to.span().end;
        edges.push(EdgeDecl {
            from,
            to: to.clone(),
            both_ways,
            span,
        });
        from = to;
        r = after;
    }
    if edges.is_empty() {
        return fail(&r, "`->` or `--` after the point");
    }
    Ok((r, edges))
}

fn piece_decl(i: Input<'_>) -> PResult<'_, PieceDecl> {
    let (r, side) = match i.split_first() {
        Some(((Token::Ident("white"), span), rest)) => {
            (rest, Spanned::new(SideDecl::White, span.clone()))
        }
        Some(((Token::Ident("black"), span), rest)) => {
            (rest, Spanned::new(SideDecl::Black, span.clone()))
        }
        _ => return miss(&i, "`white` or `black`"),
    };
    // `white at f6` forgets the type; without this check `at` would be taken for it.
    let forgot_type = matches!(r.peek(), Some((Token::Ident("at"), _)))
        && !matches!(r.peek_nth(1), Some((Token::Ident("at"), _)));
    let (r, type_name) = match identifier(r) {
        Ok(found) if !forgot_type => found,
        _ => {
            let word = i.text(&side.span);
            return fail(&r, &format!("a piece type after `{word}`"));
        }
    };
    let (r, _) = expect("`at` after the piece type", keyword("at")).parse(r)?;
    let (r, at) = cut(place).parse(r)?;
    let (r, name) = opt(preceded(
        keyword("as"),
        expect("a piece name after `as`", identifier),
    ))
    .parse(r)?;
    let span = i.span_to(&r);
    Ok((
        r,
        PieceDecl {
            side,
            type_name,
            at,
            name,
            span,
        },
    ))
}

fn goal_decl(i: Input<'_>) -> PResult<'_, GoalDecl> {
    let (r, _) = keyword("goal")(i)?;
    let (r, point) = cut(place).parse(r)?;
    let (r, owner) = opt(preceded(
        keyword("for"),
        expect("`white`, `black` or a piece name after `for`", identifier),
    ))
    .parse(r)?;
    let span = i.span_to(&r);
    Ok((r, GoalDecl { point, owner, span }))
}

/// `fuzzy length { "very short" 0 0 1.5 2.5 ... }`. Like `type_decl`, it recovers from a bad
/// term by itself (skipping to the next quoted name, `}` or item), so the good terms remain.
fn fuzzy_decl<'a>(i: Input<'a>, diagnostics: &mut Vec<Diagnostic>) -> PResult<'a, FuzzyDecl> {
    let (r, _) = keyword("fuzzy")(i)?;
    let (r, variable) = match r.split_first() {
        Some(((Token::Ident(word), span), after)) if FUZZY_VARIABLES.contains(word) => {
            (after, Spanned::new(word.to_string(), span.clone()))
        }
        Some(((Token::Ident(word), span), _)) => {
            return Err(Err::Failure(SyntaxError(unknown_word(
                "fuzzy variable",
                word,
                span.clone(),
                &FUZZY_VARIABLES,
            ))));
        }
        _ => return fail(&r, "a fuzzy variable (`length`) after `fuzzy`"),
    };
    let (r, open) = expect("`{` after the fuzzy variable", punct(Token::LBrace)).parse(r)?;
    let block = Block {
        what: "`fuzzy` block",
        open,
        commas: true,
    };
    let (r, terms) = block.members(r, term_decl, skip_to_term, diagnostics);
    let span = i.span_to(&r);
    Ok((
        r,
        FuzzyDecl {
            variable,
            terms,
            span,
        },
    ))
}

/// `"short" 1.5 2.5 3.5 4.5`: a quoted name and exactly four numbers.
fn term_decl(i: Input<'_>) -> PResult<'_, TermDecl> {
    let name = match i.split_first() {
        Some(((Token::Str(text), span), _)) => {
            Spanned::new(text[1..text.len() - 1].to_string(), span.clone())
        }
        _ => return fail(&i, "a term such as `\"short\" 1.5 2.5 3.5 4.5`, or `}`"),
    };
    let mut r = i.advance(1);
    let mut numbers = Vec::new();
    loop {
        let value = match r.split_first() {
            Some(((Token::Int(text) | Token::Decimal(text), span), _)) => {
                match text.parse::<f64>() {
                    Ok(v) if v.is_finite() => Spanned::new(v, span.clone()),
                    _ => return Err(number_too_large(span.clone())),
                }
            }
            Some(((Token::Ident("inf"), span), _)) => Spanned::new(f64::INFINITY, span.clone()),
            _ => break,
        };
        numbers.push(value);
        r = r.advance(1);
    }
    let span = i.span_to(&r);
    if numbers.len() != 4 {
        let found = match numbers.len() {
            0 => "none".to_string(),
            n => n.to_string(),
        };
        let (at, label) = if numbers.len() > 4 {
            let extra = numbers[4].span.start..numbers[numbers.len() - 1].span.end;
            (extra, "too many numbers".to_string())
        } else {
            (
                r.next_span(),
                format!("expected a number or `inf`, found {}", r.describe_next()),
            )
        };
        let d = Diagnostic::new(
            format!(
                "the term `{}` needs four numbers `a b c d`, found {found}",
                name.node
            ),
            at,
        )
        .with_label(label)
        .with_note(
            "a term is a trapezoid: membership rises from a to b, is 1 from b to c and falls from c to d",
        );
        return Err(Err::Failure(SyntaxError(d)));
    }
    Ok((
        r,
        TermDecl {
            name,
            numbers,
            span,
        },
    ))
}

/// After a bad term: skip to the next quoted name, `}` or item start.
fn skip_to_term(i: Input<'_>) -> Input<'_> {
    let mut r = i.advance(1);
    while let Some((token, _)) = r.peek() {
        if matches!(token, Token::Str(_) | Token::RBrace) || is_item_start(&r) {
            break;
        }
        r = r.advance(1);
    }
    r
}

/// `rank 1`, `rank last`, `centre (0,0) (1,1)`, or a point. `rank` followed by neither, or
/// `centre` by no offset, is a point of that name (a graph board may have one).
fn place(i: Input<'_>) -> PResult<'_, Place> {
    if let Some(((Token::Ident("centre"), _), r)) = i.split_first()
        && let Some((Token::LParen, _)) = r.peek()
    {
        let (mut r, first) = tuple(r)?;
        let mut offsets = vec![first];
        while let Some((Token::LParen, _)) = r.peek() {
            let (after, next) = tuple(r)?;
            offsets.push(next);
            r = after;
        }
        let span = i.span_to(&r);
        return Ok((r, Place::Centre { offsets, span }));
    }
    if let Some(((Token::Ident("rank"), _), r)) = i.split_first() {
        let rank = match r.split_first() {
            Some(((Token::Ident("last"), last), after)) => match after.split_first() {
                // `last-2`: the sign written against `last`.
                Some(((Token::Int(text), span), rest))
                    if text.starts_with('-') && span.start == last.end =>
                {
                    match text[1..].parse() {
                        Ok(n) => Some((rest, RankRef::BelowLast(n))),
                        Err(_) => return Err(number_too_large(span.clone())),
                    }
                }
                _ => Some((after, RankRef::Last)),
            },
            Some(((Token::Int(text), span), after)) if !text.starts_with('-') => {
                match text.parse() {
                    Ok(n) => Some((after, RankRef::Number(n))),
                    Err(_) => return Err(number_too_large(span.clone())),
                }
            }
            _ => None,
        };
        if let Some((after, rank)) = rank {
            return Ok((after, Place::Rank(Spanned::new(rank, i.span_to(&after)))));
        }
    }
    map(point_ref, Place::Point).parse(i)
}

/// `a1`, `depot`, `7` or `(2,-1)`.
fn point_ref(i: Input<'_>) -> PResult<'_, PointRef> {
    match i.split_first() {
        Some(((Token::Ident(name) | Token::Int(name), span), rest)) if !name.starts_with('-') => {
            Ok((
                rest,
                PointRef::Name(Spanned::new(name.to_string(), span.clone())),
            ))
        }
        Some(((Token::LParen, _), _)) => map(tuple, PointRef::Tuple).parse(i),
        _ => miss(&i, A_POINT),
    }
}

/// `(x, y, ...)`: one or more integers; the resolver checks how many. Commits after `(`.
fn tuple(i: Input<'_>) -> PResult<'_, Spanned<Vec<i64>>> {
    let (mut r, _) = punct(Token::LParen)(i)?;
    let mut values = Vec::new();
    loop {
        let (after, value) = expect("an integer", integer).parse(r)?;
        values.push(value);
        r = match after.split_first() {
            Some(((Token::Comma, _), after)) => after,
            Some(((Token::RParen, _), after)) => {
                let span = i.span_to(&after);
                return Ok((after, Spanned::new(values, span)));
            }
            _ => return fail(&after, "`,` or `)` in the tuple"),
        };
    }
}

fn integer(i: Input<'_>) -> PResult<'_, i64> {
    match i.split_first() {
        Some(((Token::Int(text), span), rest)) => match text.parse() {
            Ok(value) => Ok((rest, value)),
            Err(_) => Err(number_too_large(span.clone())),
        },
        _ => miss(&i, "an integer"),
    }
}

fn unsigned(i: Input<'_>) -> PResult<'_, Spanned<u64>> {
    match i.split_first() {
        Some(((Token::Int(text), span), rest)) if !text.starts_with('-') => match text.parse() {
            Ok(value) => Ok((rest, Spanned::new(value, span.clone()))),
            Err(_) => Err(number_too_large(span.clone())),
        },
        _ => miss(&i, "a whole number"),
    }
}

fn identifier(i: Input<'_>) -> PResult<'_, Spanned<String>> {
    match i.split_first() {
        Some(((Token::Ident(name), span), rest)) => {
            Ok((rest, Spanned::new(name.to_string(), span.clone())))
        }
        _ => miss(&i, "a name"),
    }
}

fn keyword<'a>(word: &'static str) -> impl Fn(Input<'a>) -> PResult<'a, Span> {
    move |i| match i.split_first() {
        Some(((Token::Ident(w), span), rest)) if *w == word => Ok((rest, span.clone())),
        _ => miss(&i, &format!("`{word}`")),
    }
}

fn punct<'a>(token: Token<'static>) -> impl Fn(Input<'a>) -> PResult<'a, Span> {
    move |i| match i.split_first() {
        Some(((t, span), rest)) if *t == token => Ok((rest, span.clone())),
        _ => miss(&i, "punctuation"),
    }
}

/// Runs `p`, committing: if `p` does not apply, fails with "expected {what}, found ...".
fn expect<'a, O>(
    what: &'static str,
    mut p: impl Parser<Input<'a>, Output = O, Error = SyntaxError>,
) -> impl FnMut(Input<'a>) -> PResult<'a, O> {
    move |i| match p.parse(i) {
        Err(Err::Error(_)) => fail(&i, what),
        other => other,
    }
}

/// A recoverable "this rule does not start here".
fn miss<'a, O>(i: &Input<'a>, what: &str) -> PResult<'a, O> {
    Err(Err::Error(SyntaxError::expected(i, what)))
}

/// A committed error at the next token.
fn fail<'a, O>(i: &Input<'a>, what: &str) -> PResult<'a, O> {
    Err(Err::Failure(SyntaxError::expected(i, what)))
}

fn number_too_large(span: Span) -> Err<SyntaxError> {
    Err::Failure(SyntaxError(
        Diagnostic::new("number too large", span).with_label("does not fit in 64 bits"),
    ))
}

/// A `{ ... }` block of members (the lines of a `type`, the terms of `fuzzy`) that recovers by
/// itself: a member that does not parse is reported and skipped, and a missing `}` is reported
/// where the block must have ended, so the good members still reach the AST.
struct Block {
    /// What the block is, for "unclosed ..." errors.
    what: &'static str,
    /// The span of its `{`.
    open: Span,
    /// Whether members may be separated by commas.
    commas: bool,
}

impl Block {
    /// The members after the `{`, and the input after the `}` (or where the block ended).
    fn members<'a, T>(
        &self,
        mut r: Input<'a>,
        member: fn(Input<'a>) -> PResult<'a, T>,
        skip: fn(Input<'a>) -> Input<'a>,
        diagnostics: &mut Vec<Diagnostic>,
    ) -> (Input<'a>, Vec<T>) {
        let mut members = Vec::new();
        loop {
            if is_unclosed_block_end(&r) {
                diagnostics.push(unclosed(self.what, &r, self.open.clone()).0);
                break;
            }
            match r.split_first() {
                Some(((Token::RBrace, _), after)) => {
                    r = after;
                    break;
                }
                Some(((Token::Comma, _), after)) if self.commas && !members.is_empty() => r = after,
                _ => {}
            }
            match member(r) {
                Ok((after, m)) => {
                    members.push(m);
                    r = after;
                }
                Err(Err::Error(SyntaxError(d)) | Err::Failure(SyntaxError(d))) => {
                    diagnostics.push(d);
                    r = skip(r);
                }
                Err(Err::Incomplete(_)) => {
                    diagnostics.push(Diagnostic::new("unexpected end of file", r.eof_span()));
                    r = r.advance(r.len());
                }
            }
        }
        (r, members)
    }
}

fn unclosed(what: &str, r: &Input<'_>, open: Span) -> SyntaxError {
    let label = if r.is_empty() {
        "the file ends here"
    } else {
        "expected `}` before this"
    };
    SyntaxError(
        Diagnostic::new(
            format!("{what} is not closed: expected `}}`"),
            r.next_span(),
        )
        .with_label(label)
        .with_related(open, "opened here"),
    )
}

fn unknown_word(kind: &str, word: &str, span: Span, options: &[&str]) -> Diagnostic {
    let mut d = Diagnostic::new(
        format!(
            "unknown {kind} `{word}`: expected one of {}",
            options.join(", ")
        ),
        span,
    )
    .with_label(format!("unknown {kind}"));
    if let Some(near) = options.iter().find(|o| edit_distance(word, o) <= 2) {
        d = d.with_note(format!("did you mean `{near}`?"));
    }
    d
}

/// An item keyword first on its line.
fn is_item_start(r: &Input<'_>) -> bool {
    matches!(r.peek(), Some((Token::Ident(word), _)) if ITEM_KEYWORDS.contains(word))
        && r.at_line_start()
}

/// Where a block missing its `}` is taken to end: the end of file or the next item.
fn is_unclosed_block_end(r: &Input<'_>) -> bool {
    r.is_empty() || is_item_start(r)
}

/// After a bad item: drop its first token, then everything up to the next item start.
fn skip_to_item(i: Input<'_>) -> Input<'_> {
    let mut r = i.advance(1);
    while !r.is_empty() && !is_item_start(&r) {
        r = r.advance(1);
    }
    r
}

/// After a bad line in a `type` block: skip to the next line keyword, `}` or item start.
fn skip_to_type_item(i: Input<'_>) -> Input<'_> {
    let mut r = i.advance(1);
    while let Some((token, _)) = r.peek() {
        let stop = match token {
            Token::RBrace => true,
            // `jump` and `crown` start a line only where they start it: `move jump (1,2)`
            // is a misspelt reach, not a jump line.
            Token::Ident("jump" | "crown") => r.at_line_start() || is_item_start(&r),
            Token::Ident(word) => TYPE_ITEM_KEYWORDS.contains(word) || is_item_start(&r),
            _ => false,
        };
        if stop {
            break;
        }
        r = r.advance(1);
    }
    r
}

#[cfg(test)]
mod tests;
