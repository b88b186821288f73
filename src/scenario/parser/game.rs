//! The `game` block: the rules of play (docs/play-and-search.md §1).
//!
//! ```text
//! game_decl := "game" "{" game_line* "}"
//! game_line := "first" ("white" | "black")
//!            | "goals" ("immediate" | "survive")
//!            | "stalemate" ("pass" | "draw" | "lose")
//!            | "deadlock" ("count" | "draw")
//!            | "limit" UINT
//!            | ("safe" | "royal") IDENT
//!            | "rules" "chess"
//!            | "castling" IDENT            (KQkq, a part of it, or none)
//!            | "place" IDENT               (a type placed on empty points, flipping)
//!            | "capture" ("compulsory" | "free")
//! ```

use nom::Err;
use nom::Parser;

use super::{
    Block, Input, PResult, expect, fail, identifier, is_item_start, keyword, punct, unknown_word,
    unsigned,
};
use crate::scenario::ast::{
    DeadlockDecl, GameDecl, GameLine, GameRule, GoalRuleDecl, SideDecl, Spanned, StalemateDecl,
};
use crate::scenario::lexer::Token;
use crate::syntax::Diagnostic;
use crate::syntax::tokens::SyntaxError;

const GAME_LINE_KEYWORDS: [&str; 11] = [
    "first",
    "goals",
    "stalemate",
    "deadlock",
    "limit",
    "safe",
    "royal",
    "rules",
    "castling",
    "place",
    "capture",
];

pub(super) fn game_decl<'a>(
    i: Input<'a>,
    diagnostics: &mut Vec<Diagnostic>,
) -> PResult<'a, GameDecl> {
    let (r, _) = keyword("game")(i)?;
    let (r, open) = expect("`{` after `game`", punct(Token::LBrace)).parse(r)?;
    let block = Block {
        what: "`game` block",
        open,
        commas: false,
    };
    let (r, lines) = block.members(r, game_line, skip_to_game_line, diagnostics);
    let span = i.span_to(&r);
    Ok((r, GameDecl { lines, span }))
}

fn game_line(i: Input<'_>) -> PResult<'_, GameLine> {
    let Some(((Token::Ident(word), span), r)) = i.split_first() else {
        return fail(
            &i,
            "a game rule (first, goals, stalemate, deadlock, limit, safe, royal, rules, castling, \
             place or capture) or `}`",
        );
    };
    let (r, rule) = match *word {
        "first" => {
            let (r, side) = choice(r, "first", &["white", "black"])?;
            let node = if side.node == "white" {
                SideDecl::White
            } else {
                SideDecl::Black
            };
            (r, GameRule::First(Spanned::new(node, side.span)))
        }
        "goals" => {
            let (r, w) = choice(r, "goals", &["immediate", "survive"])?;
            let node = if w.node == "immediate" {
                GoalRuleDecl::Immediate
            } else {
                GoalRuleDecl::Survive
            };
            (r, GameRule::Goal(Spanned::new(node, w.span)))
        }
        "stalemate" => {
            let (r, w) = choice(r, "stalemate", &["pass", "draw", "lose"])?;
            let node = match w.node.as_str() {
                "pass" => StalemateDecl::Pass,
                "draw" => StalemateDecl::Draw,
                _ => StalemateDecl::Lose,
            };
            (r, GameRule::Stalemate(Spanned::new(node, w.span)))
        }
        "deadlock" => {
            let (r, w) = choice(r, "deadlock", &["count", "draw"])?;
            let node = if w.node == "count" {
                DeadlockDecl::Count
            } else {
                DeadlockDecl::Draw
            };
            (r, GameRule::Deadlock(Spanned::new(node, w.span)))
        }
        "limit" => {
            let (r, n) = expect("a number of moves after `limit`", unsigned).parse(r)?;
            (r, GameRule::Limit(n))
        }
        "safe" => {
            let (r, name) = expect("a piece type after `safe`", identifier).parse(r)?;
            (r, GameRule::Safe(name))
        }
        "royal" => {
            let (r, name) = expect("a piece type after `royal`", identifier).parse(r)?;
            (r, GameRule::Royal(name))
        }
        "rules" => {
            let (r, w) = choice(r, "rules", &["chess"])?;
            (r, GameRule::Chess(w.span))
        }
        "castling" => {
            let (r, rights) = expect(
                "castling rights after `castling` (KQkq, a part of it, or none)",
                identifier,
            )
            .parse(r)?;
            (r, GameRule::Castling(rights))
        }
        "place" => {
            let (r, name) = expect("a piece type after `place`", identifier).parse(r)?;
            (r, GameRule::Place(name))
        }
        "capture" => {
            let (r, w) = choice(r, "capture", &["compulsory", "free"])?;
            (
                r,
                GameRule::Capture(Spanned::new(w.node == "compulsory", w.span)),
            )
        }
        other => {
            return Err(Err::Failure(SyntaxError(unknown_word(
                "game rule",
                other,
                span.clone(),
                &GAME_LINE_KEYWORDS,
            ))));
        }
    };
    let span = i.span_to(&r);
    Ok((r, GameLine { rule, span }))
}

/// One of `options` after the rule word `rule`.
fn choice<'a>(r: Input<'a>, rule: &str, options: &[&str]) -> PResult<'a, Spanned<String>> {
    match r.split_first() {
        Some(((Token::Ident(word), span), after)) if options.contains(word) => {
            Ok((after, Spanned::new(word.to_string(), span.clone())))
        }
        Some(((Token::Ident(word), span), _)) => Err(Err::Failure(SyntaxError(unknown_word(
            &format!("`{rule}` setting"),
            word,
            span.clone(),
            options,
        )))),
        _ => fail(&r, &format!("{} after `{rule}`", options.join(" or "))),
    }
}

/// After a bad line in a `game` block: skip to the next line (each rule is one line), `}` or
/// item start, so that a misspelt rule on the next line is reported too.
fn skip_to_game_line(i: Input<'_>) -> Input<'_> {
    let mut r = i.advance(1);
    while let Some((token, _)) = r.peek() {
        let stop = match token {
            Token::RBrace => true,
            _ => r.at_line_start() || is_item_start(&r),
        };
        if stop {
            break;
        }
        r = r.advance(1);
    }
    r
}
