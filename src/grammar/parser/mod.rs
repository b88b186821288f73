//! Parser for grammar files: nom 8 over the tokens of [`super::lexer`].
//!
//! Each function parses the grammar rule it is named after:
//!
//! ```text
//! grammar_file   := item*
//! item           := grammar_decl | input_decl | start_decl | import_decl | enum_decl
//!                 | symbol_decl | binding | function_decl | family_decl | productions
//! grammar_decl   := "grammar" NAME
//! input_decl     := "input" param
//! start_decl     := "start" NAME params ("=>" symbol_call)?
//! import_decl    := "import" NAME "=" STRING
//! enum_decl      := "enum" NAME "{" (NAME ("," NAME)*)? "}"
//! symbol_decl    := ("terminal" | "nonterminal") NAME params
//! binding        := ("var" | "const") NAME ":" type_expr "=" expr
//! function_decl  := "fn" NAME params "->" type_expr "=" expr | "pred" NAME params "=" expr
//! family_decl    := "family" NAME "=" FAMILY_LABEL "for" NAME "in" expr
//! productions    := "productions" row*
//! row            := label "|" expr "|" kernel "|" assignments "|" label_set "|" label_set
//! label          := INT | FAMILY_LABEL
//! kernel         := NAME ("(" pattern ("," pattern)* ")")? "->" ("e" | symbol_call+)
//! assignments    := (assignment ((";" | ",") assignment)*)?
//! assignment     := NAME ":=" expr | NAME "[" NAME "]" ":=" expr "for" NAME "in" expr
//! label_set      := "{" (label_ref ("," label_ref)*)? "}" | NAME
//! label_ref      := INT | MEMBER_REF
//! params         := "(" (param ("," param)*)? ")"
//! param          := NAME ":" type_expr
//! type_expr      := NAME | "(" type_expr ("," type_expr)* ")" | ("set" | "vector") "<" type_expr ">"
//! pattern        := NAME | "(" pattern ("," pattern)* ")"
//! symbol_call    := NAME ("(" (expr ("," expr)*)? ")")?
//! expr           := or_expr
//! or_expr        := and_expr ("or" and_expr)*
//! and_expr       := not_expr ("and" not_expr)*
//! not_expr       := "not" not_expr | comparison
//! comparison     := range_expr (("==" | "!=" | "<" | "<=" | ">" | ">=" | "in") range_expr)?
//! range_expr     := additive (".." additive)?
//! additive       := multiplicative (("+" | "-" | "union") multiplicative)*
//! multiplicative := unary (("*" | "/" | "%" | "inter") unary)*
//! unary          := "-" unary | postfix
//! postfix        := primary ("[" expr "]" | "." INT)*
//! primary        := INT | "true" | "false" | call | NAME | "(" expr ("," expr)* ")"
//!                 | set_expr | if_expr | let_expr | quantified | vector_expr
//! call           := NAME "(" (arg ("," arg)*)? ")"
//! arg            := (NAME "=")? expr
//! set_expr       := "{" "}" | "{" expr ("," expr)* "}" | comprehension
//! comprehension  := "{" expr "|" expr ("," expr)* "}"
//! if_expr        := "if" expr "then" expr "else" expr
//! let_expr       := "let" pattern "=" expr "in" expr
//! quantified     := ("exists" | "forall") pattern "in" expr ":" expr
//! vector_expr    := "vec" NAME "in" expr ":" expr
//! ```
//!
//! The prefix forms (`if`, `let`, `exists`, `forall`, `vec`) are the loosest constructs: their
//! last expression extends as far right as possible. They are parsed as primaries, so they
//! may also end an operand chain (`a and exists q in S: b or c`).
//!
//! A rule returns `Err::Error` when its first token does not fit, so the caller may try
//! something else, and `Err::Failure` once it has committed. The top level turns either into
//! one diagnostic and skips to the next item keyword at the start of a line; `productions`
//! does the same for each bad row, so one mistake gives one diagnostic and the rest of the
//! file is still parsed.

use nom::{Err, IResult};

use super::ast::{
    Arg, Assignment, BinOp, Binding, Broken, Clause, Expr, FamilyDecl, FunctionDecl, GrammarAst,
    Item, Kernel, LabelDecl, LabelRef, LabelSet, Name, Param, Pattern, Quantifier, Row, Spanned,
    StartDecl, SymbolCall, SymbolDecl, SymbolKind, TypeExpr, UnOp,
};
use super::lexer::{Token, lex};
use crate::syntax::recovery;
use crate::syntax::suggest::edit_distance;
use crate::syntax::tokens::{SyntaxError, Tokens};
use crate::syntax::{Diagnostic, Span};

type Input<'a> = Tokens<'a, Token<'a>>;
type PResult<'a, O> = IResult<Input<'a>, O, SyntaxError>;

/// Words that start a top-level item. Recovery trusts them only at the start of a line.
pub const ITEM_KEYWORDS: [&str; 13] = [
    "grammar",
    "input",
    "start",
    "import",
    "enum",
    "terminal",
    "nonterminal",
    "var",
    "const",
    "fn",
    "pred",
    "family",
    "productions",
];

/// Words that can never be a name. `e` is not one of them: it means the empty string only
/// as the whole right-hand side of a kernel.
pub const RESERVED: [&str; 30] = [
    "grammar",
    "input",
    "start",
    "import",
    "enum",
    "terminal",
    "nonterminal",
    "var",
    "const",
    "fn",
    "pred",
    "family",
    "productions",
    "for",
    "in",
    "and",
    "or",
    "not",
    "if",
    "then",
    "else",
    "let",
    "exists",
    "forall",
    "vec",
    "within",
    "true",
    "false",
    "union",
    "inter",
];

const SIX_CELLS: &str = "a row has six cells: label | Q | kernel | pi_n | F_T | F_F";
const A_TYPE: &str = "a type such as `int`, `point` or `set<point>`";
const A_LABEL: &str = "a label such as `3` or `2_i`";
const AN_ITEM: &str = "an item (grammar, input, start, import, enum, terminal, nonterminal, \
                       var, const, fn, pred, family or productions)";

/// How deeply expressions, types and patterns may nest. Far beyond any real grammar, and
/// low enough that the recursive descent cannot overflow the stack on hostile input: one
/// level costs about 32 KiB of stack in an unoptimised build, and test threads have 2 MiB.
const MAX_DEPTH: usize = 32;

/// How tall an operator chain may make an expression tree. Chains are parsed by loops, not
/// recursion, but the trees they build are dropped and walked recursively, so a file of a
/// million `+1` must be refused rather than crash whoever walks it.
const MAX_HEIGHT: usize = 256;

/// Lexes and parses a grammar file. Returns every item that parsed, and the diagnostics of
/// the lexer and the parser in source order (empty when the file is well-formed).
pub fn parse(source: &str) -> (GrammarAst, Vec<Diagnostic>) {
    let (tokens, lexer_diagnostics) = lex(source);
    let mut parser_diagnostics = Vec::new();
    let mut broken = Broken::default();
    // `productions` with a row that did not parse is broken too.
    let items = recovery::items(
        Tokens::new(&tokens, source),
        &mut parser_diagnostics,
        item,
        skip_to_item,
        |i| note_broken_item(i, &mut broken),
    );
    let diagnostics = recovery::merge(
        &tokens,
        |t| matches!(t, Token::Error(_) | Token::UnterminatedStr(_)),
        lexer_diagnostics,
        parser_diagnostics,
    );
    (GrammarAst { items, broken }, diagnostics)
}

/// Notes what the item at `i`, which did not parse (or not in full: rows of `productions`),
/// would have declared: its name is the word after the keyword (`fn F`, `terminal a`).
fn note_broken_item(i: Input<'_>, broken: &mut Broken) {
    let Some((Token::Ident(keyword), _)) = i.peek() else {
        return;
    };
    match *keyword {
        "grammar" => {}
        "start" => broken.start = true,
        "productions" => broken.rows = true,
        // A misspelled keyword (`fnn next(...)`) may still be followed by the item's name;
        // a keyword must be, or what it declared is unknown.
        keyword => {
            match i.peek_nth(1) {
                Some((Token::Ident(name), _)) if !RESERVED.contains(name) => {
                    broken.names.push(name.to_string())
                }
                _ => broken.unknown_names |= ITEM_KEYWORDS.contains(&keyword),
            }
            // A misspelt `start` or `productions` (whose rows are then skipped with it).
            if !ITEM_KEYWORDS.contains(&keyword) {
                broken.start = true;
                broken.rows = true;
            }
            // An enum's values are names too, and cannot be read from a broken item.
            broken.unknown_names |= keyword == "enum";
            broken.families |= keyword == "family";
        }
    }
}

// ---------------------------------------------------------------------------------------
// Items

fn item<'a>(i: Input<'a>, diagnostics: &mut Vec<Diagnostic>) -> PResult<'a, Item> {
    match i.peek() {
        Some((Token::Ident(word), span)) => match *word {
            "grammar" => grammar_decl(i),
            "input" => input_decl(i),
            "start" => start_decl(i).map(|(r, s)| (r, Item::Start(s))),
            "import" => import_decl(i),
            "enum" => enum_decl(i),
            "terminal" | "nonterminal" => symbol_decl(i).map(|(r, s)| (r, Item::Symbol(s))),
            "var" | "const" => binding(i),
            "fn" | "pred" => function_decl(i).map(|(r, f)| (r, Item::Function(f))),
            "family" => family_decl(i).map(|(r, f)| (r, Item::Family(f))),
            "productions" => productions(i, diagnostics),
            _ => Err(failure(unknown_item(word, span.clone()))),
        },
        Some((Token::Int(_) | Token::FamilyLabel(_), _)) => Err(failure(
            expected(&i, AN_ITEM).with_note("rows belong after the `productions` keyword"),
        )),
        _ => fail(&i, AN_ITEM),
    }
}

fn grammar_decl(i: Input<'_>) -> PResult<'_, Item> {
    let (r, _) = keyword("grammar")(i)?;
    let (r, name) = required(name(r), &r, "the grammar's name after `grammar`")?;
    Ok((r, Item::Grammar(name)))
}

/// `input p: piece`. The parameter's span covers the whole item, keyword included.
fn input_decl(i: Input<'_>) -> PResult<'_, Item> {
    let (r, _) = keyword("input")(i)?;
    let (r, param) = required(param(r), &r, "an input such as `p: piece` after `input`")?;
    let span = i.span_to(&r);
    Ok((r, Item::Input(Param { span, ..param })))
}

fn start_decl(i: Input<'_>) -> PResult<'_, StartDecl> {
    let (r, _) = keyword("start")(i)?;
    let (r, symbol) = required(name(r), &r, "the start symbol after `start`")?;
    let (r, params) = required(
        params(r),
        &r,
        "`(` and the start parameters, as in `start S(x0: point)`",
    )?;
    let (r, body) = match r.split_first() {
        Some(((Token::FatArrow, _), after)) => {
            let (after, call) = required(
                symbol_call(after),
                &after,
                "the start string after `=>`, as in `S(x0, y0)`",
            )?;
            (after, Some(call))
        }
        _ => (r, None),
    };
    let span = i.span_to(&r);
    Ok((
        r,
        StartDecl {
            symbol,
            params,
            body,
            span,
        },
    ))
}

fn import_decl(i: Input<'_>) -> PResult<'_, Item> {
    let (r, _) = keyword("import")(i)?;
    let (r, name) = required(
        name(r),
        &r,
        "a name for the imported grammar after `import`",
    )?;
    let (r, _) = required(punct(Token::Eq)(r), &r, "`=` after the import's name")?;
    // An unterminated string (reported by the lexer) fails here too: its text is no file name.
    let (r, path) = match r.split_first() {
        Some(((Token::Str(text), span), after)) => {
            (after, Spanned::new(unescape(text), span.clone()))
        }
        _ => return fail(&r, "a file name in quotes, such as `\"shortest.lgg\"`"),
    };
    let span = i.span_to(&r);
    Ok((r, Item::Import { name, path, span }))
}

/// Undoes `\"` and `\\`; any other backslash is kept as written.
fn unescape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\\'
            && let Some(next) = chars.clone().next()
            && (next == '"' || next == '\\')
        {
            out.push(next);
            chars.next();
        } else {
            out.push(c);
        }
    }
    out
}

fn enum_decl(i: Input<'_>) -> PResult<'_, Item> {
    let (r, _) = keyword("enum")(i)?;
    let (r, enum_name) = required(name(r), &r, "the enum's name after `enum`")?;
    let (mut r, open) = required(punct(Token::LBrace)(r), &r, "`{` after the enum's name")?;
    let mut values = Vec::new();
    if let Some(((Token::RBrace, _), after)) = r.split_first() {
        r = after;
    } else {
        loop {
            let (after, value) = required(name(r), &r, "an enum value")?;
            values.push(value);
            match after.split_first() {
                Some(((Token::Comma, _), next)) => r = next,
                Some(((Token::RBrace, _), next)) => {
                    r = next;
                    break;
                }
                _ => return Err(not_closed(&after, &open, "`,` or `}` after the enum value")),
            }
        }
    }
    let span = i.span_to(&r);
    Ok((
        r,
        Item::Enum {
            name: enum_name,
            values,
            span,
        },
    ))
}

fn symbol_decl(i: Input<'_>) -> PResult<'_, SymbolDecl> {
    let (r, kind) = match i.split_first() {
        Some(((Token::Ident("terminal"), _), r)) => (r, SymbolKind::Terminal),
        Some(((Token::Ident("nonterminal"), _), r)) => (r, SymbolKind::Nonterminal),
        _ => return miss(&i, "`terminal` or `nonterminal`"),
    };
    let (r, name) = required(name(r), &r, "the symbol's name")?;
    let (r, params) = required(
        params(r),
        &r,
        &format!(
            "`(` after the symbol's name (write `{}()` for no parameters)",
            name.node
        ),
    )?;
    let span = i.span_to(&r);
    Ok((
        r,
        SymbolDecl {
            kind,
            name,
            params,
            span,
        },
    ))
}

/// `var NAME: TYPE = EXPR` or `const NAME: TYPE = EXPR`.
fn binding(i: Input<'_>) -> PResult<'_, Item> {
    let (r, is_var) = match i.split_first() {
        Some(((Token::Ident("var"), _), r)) => (r, true),
        Some(((Token::Ident("const"), _), r)) => (r, false),
        _ => return miss(&i, "`var` or `const`"),
    };
    let (r, name) = required(name(r), &r, "a name")?;
    let (r, _) = required(punct(Token::Colon)(r), &r, "`:` and a type after the name")?;
    let (r, ty) = required(type_expr(r, 0), &r, A_TYPE)?;
    let (r, _) = required(punct(Token::Eq)(r), &r, "`=` after the type")?;
    let (r, value) = required(expr(r, Ctx::TOP), &r, "an expression after `=`")?;
    let span = i.span_to(&r);
    let binding = Binding {
        name,
        ty,
        value,
        span,
    };
    Ok((
        r,
        if is_var {
            Item::Var(binding)
        } else {
            Item::Const(binding)
        },
    ))
}

/// `fn NAME(params) -> TYPE = EXPR` or `pred NAME(params) = EXPR`.
fn function_decl(i: Input<'_>) -> PResult<'_, FunctionDecl> {
    let (r, is_pred) = match i.split_first() {
        Some(((Token::Ident("fn"), _), r)) => (r, false),
        Some(((Token::Ident("pred"), _), r)) => (r, true),
        _ => return miss(&i, "`fn` or `pred`"),
    };
    let (r, name) = required(name(r), &r, "the function's name")?;
    let (r, params) = required(
        params(r),
        &r,
        &format!(
            "`(` after the function's name (write `{}()` for no parameters)",
            name.node
        ),
    )?;
    let (r, result) = if is_pred {
        if let Some((Token::Arrow, _)) = r.peek() {
            return Err(failure(expected(&r, "`=` after the parameters").with_note(
                "a `pred` is always bool; use `fn` for other result types",
            )));
        }
        (r, None)
    } else {
        let Some(((Token::Arrow, _), after)) = r.split_first() else {
            return Err(failure(
                expected(&r, "`->` and the result type after the parameters")
                    .with_note("a bool function without a result type is written with `pred`"),
            ));
        };
        let (after, ty) = required(type_expr(after, 0), &after, A_TYPE)?;
        (after, Some(ty))
    };
    let (r, _) = required(punct(Token::Eq)(r), &r, "`=` before the function's body")?;
    let (r, body) = required(expr(r, Ctx::TOP), &r, "an expression after `=`")?;
    let span = i.span_to(&r);
    Ok((
        r,
        FunctionDecl {
            name,
            params,
            result,
            body,
            is_pred,
            span,
        },
    ))
}

/// `family two = 2_i for i in 1..n`.
fn family_decl(i: Input<'_>) -> PResult<'_, FamilyDecl> {
    let (r, _) = keyword("family")(i)?;
    let (r, family) = required(name(r), &r, "the family's name after `family`")?;
    let (r, _) = required(punct(Token::Eq)(r), &r, "`=` after the family's name")?;
    let (r, (base, index)) = match r.split_first() {
        Some(((Token::FamilyLabel(text), span), after)) => (after, family_label(text, span)?),
        Some(((Token::Int(_), _), _)) => {
            return Err(failure(
                expected(&r, "a family label such as `2_i`")
                    .with_note("a family's label names its index: `2_i for i in 1..n`"),
            ));
        }
        _ => return fail(&r, "a family label such as `2_i`"),
    };
    let (r, _) = required(keyword("for")(r), &r, "`for` after the family label")?;
    let (r, var) = required(name(r), &r, "the family's index after `for`")?;
    if var.node != index.node {
        let d = Diagnostic::new(
            format!(
                "the label `{}` is indexed by `{}` but `for` binds `{}`",
                i.text(&(base.span.start..index.span.end)),
                index.node,
                var.node
            ),
            var.span.clone(),
        )
        .with_label(format!("expected `{}`", index.node))
        .with_related(index.span.clone(), "the label's index");
        return Err(failure(d));
    }
    let (r, _) = required(keyword("in")(r), &r, "`in` after the family's index")?;
    let (r, range) = required(expr(r, Ctx::TOP), &r, "the index's range, such as `1..n`")?;
    let span = i.span_to(&r);
    Ok((
        r,
        FamilyDecl {
            name: family,
            base,
            index,
            range,
            span,
        },
    ))
}

/// Splits a `2_i` token into its number and its index name, each with its own span.
fn family_label(text: &str, span: &Span) -> Result<(Spanned<u64>, Name), Err<SyntaxError>> {
    let (digits, index) = text.split_once('_').unwrap_or((text, ""));
    let number_span = span.start..span.start + digits.len();
    let number = digits
        .parse()
        .map_err(|_| number_too_large(number_span.clone()))?;
    Ok((
        Spanned::new(number, number_span),
        Spanned::new(index.to_string(), span.end - index.len()..span.end),
    ))
}

mod expr;
mod rows;
#[cfg(test)]
mod tests;
mod tokens;
mod types;

use expr::*;
use rows::*;
use tokens::*;
use types::*;
