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
pub const RESERVED: [&str; 29] = [
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

// ---------------------------------------------------------------------------------------
// Productions

/// `productions` and its rows. Not a plain nom parser: it recovers from bad rows by itself,
/// pushing one diagnostic per row, so the good rows still reach the AST.
fn productions<'a>(i: Input<'a>, diagnostics: &mut Vec<Diagnostic>) -> PResult<'a, Item> {
    let (mut r, _) = keyword("productions")(i)?;
    let mut rows = Vec::new();
    loop {
        if is_row_start(&r) {
            match row(r) {
                Ok((after, row)) => {
                    rows.push(row);
                    r = after;
                }
                Err(Err::Error(SyntaxError(d)) | Err::Failure(SyntaxError(d))) => {
                    diagnostics.push(explain_row_failure(r, d));
                    r = skip_to_row(r);
                }
                Err(Err::Incomplete(_)) => {
                    diagnostics.push(Diagnostic::new("unexpected end of file", r.eof_span()));
                    r = r.advance(r.len());
                }
            }
        } else if r.is_empty() || is_item_keyword(&r) || !line_has_bar(&r) {
            break;
        } else {
            // Cells without a label: still a row, so report it here rather than as an item.
            diagnostics.push(expected(&r, A_LABEL));
            r = skip_to_row(r);
        }
    }
    let span = i.span_to(&r);
    Ok((r, Item::Productions { rows, span }))
}

/// `label | Q | kernel | pi_n | F_T | F_F`.
fn row(i: Input<'_>) -> PResult<'_, Row> {
    let (r, label) = label_decl(i)?;
    let (r, _) = bar(&i, r, "the label")?;
    let (r, condition) = required(
        expr(r, Ctx::TOP),
        &r,
        "a condition such as `true` or `Q1(x)`",
    )?;
    let (r, _) = bar(&i, r, "the condition")?;
    let (r, kernel) = kernel(r)?;
    let (r, _) = bar(&i, r, "the kernel")?;
    let (r, assignments) = assignments(r)?;
    let (r, _) = bar(&i, r, "the assignments")?;
    let (r, on_success) = required(
        label_set(r),
        &r,
        "the labels tried on success (F_T), such as `{2}`, `{}` or a family's name",
    )?;
    let (r, _) = bar(&i, r, "the success labels")?;
    let (r, on_failure) = required(
        label_set(r),
        &r,
        "the labels tried on failure (F_F), such as `{2}`, `{}` or a family's name",
    )?;
    if let Some((Token::Bar, _)) = r.peek() {
        return Err(failure(six_cells(&i)));
    }
    let span = i.span_to(&r);
    Ok((
        r,
        Row {
            label,
            condition,
            kernel,
            assignments,
            on_success,
            on_failure,
            span,
        },
    ))
}

/// The `|` after a cell. When the row has visibly ended (a new row or item starts the next
/// line) the cell count is what is wrong, so the message says so.
fn bar<'a>(row_start: &Input<'a>, r: Input<'a>, after: &str) -> PResult<'a, ()> {
    match r.split_first() {
        Some(((Token::Bar, _), rest)) => Ok((rest, ())),
        _ if r.at_line_start() && (is_row_start(&r) || is_item_keyword(&r)) => {
            Err(failure(six_cells(row_start)))
        }
        _ => Err(failure(
            expected(&r, &format!("`|` after {after}")).with_note(SIX_CELLS),
        )),
    }
}

/// "a row has six cells", spanning the row from `row_start` to where recovery would resume.
fn six_cells(row_start: &Input<'_>) -> Diagnostic {
    let end = skip_to_row(*row_start);
    let label = match count_cells(row_start, &end) {
        Some(n) => format!("this row has {n} cell{}", if n == 1 { "" } else { "s" }),
        None => "this row".to_string(),
    };
    Diagnostic::new(SIX_CELLS, row_start.span_to(&end)).with_label(label)
}

/// The cells of the tokens from `start` to `end`: one more than the `|` outside brackets.
/// `None` when the brackets do not balance, since then a `|` might be a comprehension's.
fn count_cells(start: &Input<'_>, end: &Input<'_>) -> Option<usize> {
    let mut open = Vec::new();
    let mut bars = 0;
    for (token, _) in between(start, end) {
        let opener = match token {
            Token::LParen | Token::LBracket | Token::LBrace => {
                open.push(*token);
                continue;
            }
            Token::RParen => Token::LParen,
            Token::RBracket => Token::LBracket,
            Token::RBrace => Token::LBrace,
            Token::Bar if open.is_empty() => {
                bars += 1;
                continue;
            }
            _ => continue,
        };
        if open.pop() != Some(opener) {
            return None;
        }
    }
    open.is_empty().then_some(bars + 1)
}

/// The tokens from `start` up to (not including) `end`, a later position of the same stream.
fn between<'a>(start: &Input<'a>, end: &Input<'a>) -> &'a [(Token<'a>, Span)] {
    let all = start.as_slice();
    &all[..end.index().saturating_sub(start.index()).min(all.len())]
}

/// A failed row's diagnostic, or "a row has six cells" when the row has visibly too few or
/// too many: a missing cell makes the parser stumble somewhere misleading. A missing `|`
/// explains itself, and a lexer error is already reported where it is.
fn explain_row_failure(i: Input<'_>, d: Diagnostic) -> Diagnostic {
    if d.message == SIX_CELLS || d.notes.iter().any(|n| n == SIX_CELLS) {
        return d;
    }
    let end = skip_to_row(i);
    if between(&i, &end)
        .iter()
        .any(|(t, _)| matches!(t, Token::Error(_)))
    {
        return d;
    }
    match count_cells(&i, &end) {
        Some(n) if n != 6 => six_cells(&i),
        _ => d,
    }
}

fn label_decl(i: Input<'_>) -> PResult<'_, LabelDecl> {
    match i.split_first() {
        Some(((Token::Int(text), span), r)) => {
            let number = Spanned::new(parse_u64(text, span)?, span.clone());
            Ok((
                r,
                LabelDecl {
                    number,
                    index: None,
                    span: span.clone(),
                },
            ))
        }
        Some(((Token::FamilyLabel(text), span), r)) => {
            let (number, index) = family_label(text, span)?;
            Ok((
                r,
                LabelDecl {
                    number,
                    index: Some(index),
                    span: span.clone(),
                },
            ))
        }
        _ => miss(&i, A_LABEL),
    }
}

/// `A(x, (y, z)) -> a(x) A(f(x), y)` or `A(x) -> e`.
fn kernel(i: Input<'_>) -> PResult<'_, Kernel> {
    let (r, lhs) = required(name(i), &i, "a kernel such as `A(x) -> a(x) A(f(x))`")?;
    let (r, params) = match (r.split_first(), r.peek_nth(1)) {
        (Some(((Token::LParen, _), _)), Some((Token::RParen, _))) => (r.advance(2), Vec::new()),
        (Some(((Token::LParen, open), after)), _) => patterns(after, open, 0)?,
        _ => (r, Vec::new()),
    };
    let Some(((Token::Arrow, _), mut r)) = r.split_first() else {
        return fail(&r, "`->` in the kernel");
    };
    let mut rhs = Vec::new();
    match r.split_first() {
        Some(((Token::Ident("e"), _), after))
            if !matches!(after.peek(), Some((Token::LParen, _))) =>
        {
            r = after;
        }
        _ => {
            loop {
                match symbol_call(r) {
                    Ok((after, call)) => {
                        rhs.push(call);
                        r = after;
                    }
                    Err(Err::Error(_)) => break,
                    Err(e) => return Err(e),
                }
            }
            if rhs.is_empty() {
                return fail(
                    &r,
                    "a symbol such as `A(x)`, or `e` for the empty string, after `->`",
                );
            }
        }
    }
    let span = i.span_to(&r);
    Ok((
        r,
        Kernel {
            lhs,
            params,
            rhs,
            span,
        },
    ))
}

/// The pi_n cell: nothing, or assignments separated by `;` or `,`.
fn assignments(i: Input<'_>) -> PResult<'_, Vec<Assignment>> {
    let mut out = Vec::new();
    if let Some((Token::Bar, _)) = i.peek() {
        return Ok((i, out));
    }
    let mut r = i;
    loop {
        let (after, a) = required(
            assignment(r),
            &r,
            "an assignment such as `x := e`, or `|` for none",
        )?;
        out.push(a);
        r = match after.split_first() {
            Some(((Token::Semicolon | Token::Comma, _), next)) => next,
            Some(((Token::Ident("for"), _), _))
                if matches!(out.last(), Some(Assignment::Whole { .. })) =>
            {
                return Err(failure(
                    expected(&after, "`;`, `,` or `|` after the assignment").with_note(
                        "to assign at every point, index the target: `TIME[z] := ... for z in X`",
                    ),
                ));
            }
            _ => return Ok((after, out)),
        };
    }
}

/// `x := e`, or `TIME[z] := e for z in X` (every point at once).
fn assignment(i: Input<'_>) -> PResult<'_, Assignment> {
    let (r, target) = name(i)?;
    if let Some(((Token::LBracket, open), after)) = r.split_first() {
        let (after, index) = required(
            name(after),
            &after,
            "the index variable after `[`, as in `TIME[z] := ... for z in X`",
        )?;
        let (after, _) = close(after, Token::RBracket, open, "`]` after the index variable")?;
        let (after, _) = assign_op(after)?;
        let (after, value) = required(expr(after, Ctx::TOP), &after, "an expression after `:=`")?;
        let Some(((Token::Ident("for"), _), after)) = after.split_first() else {
            return fail(
                &after,
                &format!("`for {} in ...` after the indexed assignment", index.node),
            );
        };
        let (after, var) = required(name(after), &after, "the index variable after `for`")?;
        if var.node != index.node {
            let d = Diagnostic::new(
                format!(
                    "the assignment is indexed by `{}` but `for` binds `{}`",
                    index.node, var.node
                ),
                var.span.clone(),
            )
            .with_label(format!("expected `{}`", index.node))
            .with_related(index.span.clone(), "the index");
            return Err(failure(d));
        }
        let (after, _) = required(
            keyword("in")(after),
            &after,
            "`in` after the index variable",
        )?;
        let (after, domain) = required(
            expr(after, Ctx::TOP),
            &after,
            "the points to assign, such as `X`",
        )?;
        let span = i.span_to(&after);
        return Ok((
            after,
            Assignment::Each {
                target,
                var,
                value,
                domain,
                span,
            },
        ));
    }
    let (r, _) = assign_op(r)?;
    let (r, value) = required(expr(r, Ctx::TOP), &r, "an expression after `:=`")?;
    let span = i.span_to(&r);
    Ok((
        r,
        Assignment::Whole {
            target,
            value,
            span,
        },
    ))
}

fn assign_op(i: Input<'_>) -> PResult<'_, ()> {
    match i.split_first() {
        Some(((Token::Assign, _), r)) => Ok((r, ())),
        Some(((Token::Eq | Token::EqEq, _), _)) => Err(failure(
            expected(&i, "`:=` in the assignment")
                .with_note("pi_n assigns with `:=`, as in `TIME := NEXTTIME`"),
        )),
        _ => fail(&i, "`:=` in the assignment"),
    }
}

/// `{}`, `{3, 2_1}` or a family's name.
fn label_set(i: Input<'_>) -> PResult<'_, LabelSet> {
    match i.split_first() {
        Some(((Token::LBrace, open), mut r)) => {
            let mut labels = Vec::new();
            if let Some(((Token::RBrace, _), after)) = r.split_first() {
                return Ok((after, LabelSet::Labels(labels, i.span_to(&after))));
            }
            loop {
                let (after, label) = label_ref(r)?;
                labels.push(label);
                r = match after.split_first() {
                    Some(((Token::Comma, _), after)) => after,
                    Some(((Token::RBrace, _), after)) => {
                        return Ok((after, LabelSet::Labels(labels, i.span_to(&after))));
                    }
                    _ => return Err(not_closed(&after, open, "`,` or `}` in the label set")),
                };
            }
        }
        Some(((Token::Ident(word), _), _)) if !is_reserved(word) => {
            name(i).map(|(r, n)| (r, LabelSet::Family(n)))
        }
        _ => miss(&i, "a label set"),
    }
}

/// `3` or `2_1` inside a label set.
fn label_ref(i: Input<'_>) -> PResult<'_, LabelRef> {
    match i.split_first() {
        Some(((Token::Int(text), span), r)) => Ok((
            r,
            LabelRef {
                number: parse_u64(text, span)?,
                member: None,
                span: span.clone(),
            },
        )),
        Some(((Token::MemberRef(text), span), r)) => {
            let (number, member) = text.split_once('_').unwrap_or((text, ""));
            let number_span = span.start..span.start + number.len();
            let member_span = span.end - member.len()..span.end;
            Ok((
                r,
                LabelRef {
                    number: parse_u64(number, &number_span)?,
                    member: Some(parse_u64(member, &member_span)?),
                    span: span.clone(),
                },
            ))
        }
        Some(((Token::FamilyLabel(_), _), _)) => Err(failure(
            expected(&i, "a label such as `3` or `2_1`").with_note(
                "to try every member of a family, write the family's name instead of `{...}`",
            ),
        )),
        _ => fail(&i, "a label such as `3` or `2_1`"),
    }
}

// ---------------------------------------------------------------------------------------
// Parameters, types, patterns, symbol calls

/// `(x: point, y: point)`; `()` is no parameters.
fn params(i: Input<'_>) -> PResult<'_, Vec<Param>> {
    let Some(((Token::LParen, open), mut r)) = i.split_first() else {
        return miss(&i, "`(`");
    };
    let mut out = Vec::new();
    if let Some(((Token::RParen, _), after)) = r.split_first() {
        return Ok((after, out));
    }
    loop {
        let (after, p) = required(param(r), &r, "a parameter such as `x: point`")?;
        out.push(p);
        r = match after.split_first() {
            Some(((Token::Comma, _), after)) => after,
            Some(((Token::RParen, _), after)) => return Ok((after, out)),
            _ => {
                return Err(type_not_closed(
                    &after,
                    open,
                    "`,` or `)` after the parameter",
                ));
            }
        };
    }
}

/// `x: point`.
fn param(i: Input<'_>) -> PResult<'_, Param> {
    let (r, name) = name(i)?;
    let (r, _) = required(
        punct(Token::Colon)(r),
        &r,
        &format!("`:` and a type after `{}`", name.node),
    )?;
    let (r, ty) = required(type_expr(r, 0), &r, A_TYPE)?;
    let span = i.span_to(&r);
    Ok((r, Param { name, ty, span }))
}

/// `int`, an enum's name, `(T, U)`, `set<T>` or `vector<T>`. `(T)` is just `T`.
fn type_expr(i: Input<'_>, depth: usize) -> PResult<'_, TypeExpr> {
    if depth > MAX_DEPTH {
        return Err(too_deep(&i));
    }
    match i.split_first() {
        Some(((Token::Ident(word @ ("set" | "vector")), _), r)) => {
            let Some(((Token::Lt, open), r)) = r.split_first() else {
                return fail(&r, &format!("`<` after `{word}`, as in `{word}<point>`"));
            };
            let (r, inner) = required(type_expr(r, depth + 1), &r, A_TYPE)?;
            let r = match r.split_first() {
                Some(((Token::Gt, _), after)) => after,
                Some(((Token::Ge, _), _)) => {
                    return Err(failure(
                        expected(&r, &format!("`>` to close `{word}<`"))
                            .with_note("write `> =` with a space: `>=` is a comparison"),
                    ));
                }
                _ => {
                    let what = format!("`>` to close `{word}<`");
                    return Err(type_not_closed(&r, open, &what));
                }
            };
            let span = i.span_to(&r);
            let inner = Box::new(inner);
            Ok((
                r,
                if *word == "set" {
                    TypeExpr::Set(inner, span)
                } else {
                    TypeExpr::Vector(inner, span)
                },
            ))
        }
        Some(((Token::Ident(word), span), r)) if !is_reserved(word) => Ok((
            r,
            TypeExpr::Named(Spanned::new(word.to_string(), span.clone())),
        )),
        Some(((Token::LParen, open), mut r)) => {
            let mut parts = Vec::new();
            loop {
                let (after, part) = required(type_expr(r, depth + 1), &r, A_TYPE)?;
                parts.push(part);
                r = match after.split_first() {
                    Some(((Token::Comma, _), after)) => after,
                    Some(((Token::RParen, _), after)) => {
                        r = after;
                        break;
                    }
                    _ => {
                        return Err(type_not_closed(
                            &after,
                            open,
                            "`,` or `)` in the tuple type",
                        ));
                    }
                };
            }
            let span = i.span_to(&r);
            Ok((
                r,
                if parts.len() == 1 {
                    parts.remove(0)
                } else {
                    TypeExpr::Tuple(parts, span)
                },
            ))
        }
        _ => miss(&i, A_TYPE),
    }
}

/// A name or a tuple of patterns: `x`, `(x, y, l)`. `(x)` is just `x`.
fn pattern(i: Input<'_>, depth: usize) -> PResult<'_, Pattern> {
    if depth > MAX_DEPTH {
        return Err(too_deep(&i));
    }
    match i.split_first() {
        Some(((Token::LParen, open), r)) => {
            let (r, mut parts) = patterns(r, open, depth + 1)?;
            let span = i.span_to(&r);
            Ok((
                r,
                if parts.len() == 1 {
                    parts.remove(0)
                } else {
                    Pattern::Tuple(parts, span)
                },
            ))
        }
        _ => name(i).map(|(r, n)| (r, Pattern::Name(n))),
    }
}

/// The patterns after `(` (at `open`), up to and including the `)`.
fn patterns<'a>(mut r: Input<'a>, open: &Span, depth: usize) -> PResult<'a, Vec<Pattern>> {
    let mut parts = Vec::new();
    loop {
        let (after, part) = required(
            pattern(r, depth),
            &r,
            "a name or a tuple of names such as `(x, y)`",
        )?;
        parts.push(part);
        r = match after.split_first() {
            Some(((Token::Comma, _), after)) => after,
            Some(((Token::RParen, _), after)) => return Ok((after, parts)),
            _ => return Err(not_closed(&after, open, "`,` or `)` in the pattern")),
        };
    }
}

/// `A(x, f(y))` or `b` (no arguments): a symbol of a kernel or of the start string.
fn symbol_call(i: Input<'_>) -> PResult<'_, SymbolCall> {
    let (r, name) = name(i)?;
    let (r, args) = match r.split_first() {
        Some(((Token::LParen, open), after)) => {
            let (after, args) = arguments(after, open, Ctx::TOP, false)?;
            (after, args.into_iter().map(|a| a.value).collect())
        }
        _ => (r, Vec::new()),
    };
    let span = i.span_to(&r);
    Ok((r, SymbolCall { name, args, span }))
}

// ---------------------------------------------------------------------------------------
// Expressions

/// What an expression may contain where it is being parsed.
#[derive(Clone, Copy)]
struct Ctx {
    /// False in the value of `let p = v in b`, where `in` ends the value.
    allow_in: bool,
    depth: usize,
}

impl Ctx {
    const TOP: Ctx = Ctx {
        allow_in: true,
        depth: 0,
    };

    /// One level deeper, in the same context (a prefix form's tail, an operand of `-`).
    fn deeper(self, at: &Input<'_>) -> Result<Ctx, Err<SyntaxError>> {
        if self.depth >= MAX_DEPTH {
            return Err(too_deep(at));
        }
        Ok(Ctx {
            depth: self.depth + 1,
            ..self
        })
    }

    /// One level deeper, inside brackets or between keywords, where `in` is unambiguous.
    fn nested(self, at: &Input<'_>) -> Result<Ctx, Err<SyntaxError>> {
        Ok(Ctx {
            allow_in: true,
            ..self.deeper(at)?
        })
    }
}

fn expr(i: Input<'_>, ctx: Ctx) -> PResult<'_, Expr> {
    or_expr(i, ctx)
}

fn or_expr(i: Input<'_>, ctx: Ctx) -> PResult<'_, Expr> {
    left_assoc(i, ctx, and_expr, |t| {
        matches!(t, Token::Ident("or")).then_some(BinOp::Or)
    })
}

fn and_expr(i: Input<'_>, ctx: Ctx) -> PResult<'_, Expr> {
    left_assoc(i, ctx, not_expr, |t| {
        matches!(t, Token::Ident("and")).then_some(BinOp::And)
    })
}

fn not_expr(i: Input<'_>, ctx: Ctx) -> PResult<'_, Expr> {
    let Some(((Token::Ident("not"), op), r)) = i.split_first() else {
        return comparison(i, ctx);
    };
    let (r, operand) = required(
        not_expr(r, ctx.deeper(&i)?),
        &r,
        "an expression after `not`",
    )?;
    let span = i.span_to(&r);
    Ok((
        r,
        Expr::Unary {
            op: Spanned::new(UnOp::Not, op.clone()),
            expr: Box::new(operand),
            span,
        },
    ))
}

/// Non-associative: `a < b < c` is an error rather than a comparison of a bool.
fn comparison(i: Input<'_>, ctx: Ctx) -> PResult<'_, Expr> {
    let (r, lhs) = range_expr(i, ctx)?;
    let Some((op, op_span, after)) = comparison_op(&r, ctx) else {
        return Ok((r, lhs));
    };
    let (r, rhs) = range_expr(after, ctx).map_err(|e| after_operator(e, &after, &op_span))?;
    if let Some((_, second, _)) = comparison_op(&r, ctx) {
        return Err(chained_comparison(second));
    }
    Ok((r, binary(&i, &r, op, op_span, lhs, rhs)))
}

#[cold]
fn chained_comparison(second: Span) -> Err<SyntaxError> {
    failure(
        Diagnostic::new("comparisons cannot be chained", second)
            .with_label("a second comparison")
            .with_note("write `a < b and b < c`, or add parentheses"),
    )
}

/// A missing operand after the operator at `op`: "expected an expression after `+`".
#[cold]
fn after_operator(e: Err<SyntaxError>, at: &Input<'_>, op: &Span) -> Err<SyntaxError> {
    match e {
        Err::Error(_) => failure(expected(
            at,
            &format!("an expression after `{}`", at.text(op)),
        )),
        other => other,
    }
}

fn comparison_op<'a>(r: &Input<'a>, ctx: Ctx) -> Option<(BinOp, Span, Input<'a>)> {
    let ((token, span), after) = r.split_first()?;
    let op = match token {
        Token::EqEq => BinOp::Eq,
        Token::Ne => BinOp::Ne,
        Token::Lt => BinOp::Lt,
        Token::Le => BinOp::Le,
        Token::Gt => BinOp::Gt,
        Token::Ge => BinOp::Ge,
        Token::Ident("in") if ctx.allow_in => BinOp::In,
        _ => return None,
    };
    Some((op, span.clone(), after))
}

/// `a..b`, non-associative.
fn range_expr(i: Input<'_>, ctx: Ctx) -> PResult<'_, Expr> {
    let (r, from) = additive(i, ctx)?;
    let Some(((Token::DotDot, _), after)) = r.split_first() else {
        return Ok((r, from));
    };
    let (r, to) = required(additive(after, ctx), &after, "an expression after `..`")?;
    if let Some((Token::DotDot, second)) = r.peek() {
        let d =
            Diagnostic::new("ranges cannot be chained", second.clone()).with_label("a second `..`");
        return Err(failure(d));
    }
    let span = i.span_to(&r);
    Ok((
        r,
        Expr::Range {
            from: Box::new(from),
            to: Box::new(to),
            span,
        },
    ))
}

fn additive(i: Input<'_>, ctx: Ctx) -> PResult<'_, Expr> {
    left_assoc(i, ctx, multiplicative, |t| match t {
        Token::Plus => Some(BinOp::Add),
        Token::Minus => Some(BinOp::Sub),
        Token::Ident("union") => Some(BinOp::Union),
        _ => None,
    })
}

fn multiplicative(i: Input<'_>, ctx: Ctx) -> PResult<'_, Expr> {
    left_assoc(i, ctx, unary, |t| match t {
        Token::Star => Some(BinOp::Mul),
        Token::Slash => Some(BinOp::Div),
        Token::Percent => Some(BinOp::Mod),
        Token::Ident("inter") => Some(BinOp::Inter),
        _ => None,
    })
}

/// `operand (op operand)*`, folded to the left; each node spans from the first operand.
fn left_assoc<'a>(
    i: Input<'a>,
    ctx: Ctx,
    operand: fn(Input<'a>, Ctx) -> PResult<'a, Expr>,
    operator: fn(&Token<'_>) -> Option<BinOp>,
) -> PResult<'a, Expr> {
    let (mut r, mut lhs) = operand(i, ctx)?;
    let mut height = None;
    while let Some(((token, op_span), after)) = r.split_first() {
        let Some(op) = operator(token) else { break };
        let (after, rhs) = operand(after, ctx).map_err(|e| after_operator(e, &after, op_span))?;
        height = Some(taller(height, &lhs, &rhs, op_span)?);
        lhs = binary(&i, &after, op, op_span.clone(), lhs, rhs);
        r = after;
    }
    Ok((r, lhs))
}

/// The height of a chain node over `lhs` (whose height is `known` after the first link) and
/// `rhs`, or an error at the operator `at` past [`MAX_HEIGHT`]. Each operand is measured once
/// per chain, and its height is already bounded, so this costs little and cannot recurse deeply.
fn taller(
    known: Option<usize>,
    lhs: &Expr,
    rhs: &Expr,
    at: &Span,
) -> Result<usize, Err<SyntaxError>> {
    let lhs = known.unwrap_or_else(|| height(lhs));
    let h = lhs.max(height(rhs)) + 1;
    if h > MAX_HEIGHT {
        return Err(too_long(at));
    }
    Ok(h)
}

/// The height of an expression tree (a leaf is 1).
fn height(e: &Expr) -> usize {
    let max = |es: &mut dyn Iterator<Item = &Expr>| es.map(height).max().unwrap_or(0);
    1 + match e {
        Expr::Int(..) | Expr::Bool(..) | Expr::Name(_) => 0,
        Expr::Call { args, .. } => max(&mut args.iter().map(|a| &a.value)),
        Expr::Index { base, index, .. } => height(base).max(height(index)),
        Expr::Field { base, .. } => height(base),
        Expr::Unary { expr, .. } => height(expr),
        Expr::Binary { lhs, rhs, .. } => height(lhs).max(height(rhs)),
        Expr::If {
            cond,
            then,
            otherwise,
            ..
        } => max(&mut [&**cond, then, otherwise].into_iter()),
        Expr::Let { value, body, .. } => height(value).max(height(body)),
        Expr::Tuple(es, _) | Expr::SetLiteral(es, _) => max(&mut es.iter()),
        Expr::Range { from, to, .. } => height(from).max(height(to)),
        Expr::Comprehension {
            element, clauses, ..
        } => {
            let clauses = clauses.iter().map(|c| match c {
                Clause::Generator { domain, .. } => domain,
                Clause::Filter(e) => e,
            });
            max(&mut std::iter::once(&**element).chain(clauses))
        }
        Expr::Quantified { domain, body, .. } => height(domain).max(height(body)),
        Expr::Vector { body, .. } => height(body),
    }
}

#[cold]
fn too_long(at: &Span) -> Err<SyntaxError> {
    failure(
        Diagnostic::new("expression too long", at.clone())
            .with_label(format!("more than {MAX_HEIGHT} operators deep"))
            .with_note("split it with `let` or a helper function"),
    )
}

fn binary(i: &Input<'_>, r: &Input<'_>, op: BinOp, op_span: Span, lhs: Expr, rhs: Expr) -> Expr {
    Expr::Binary {
        op: Spanned::new(op, op_span),
        lhs: Box::new(lhs),
        rhs: Box::new(rhs),
        span: i.span_to(r),
    }
}

fn unary(i: Input<'_>, ctx: Ctx) -> PResult<'_, Expr> {
    let Some(((Token::Minus, op), r)) = i.split_first() else {
        return postfix(i, ctx);
    };
    let (r, operand) = required(unary(r, ctx.deeper(&i)?), &r, "an expression after `-`")?;
    let span = i.span_to(&r);
    Ok((
        r,
        Expr::Unary {
            op: Spanned::new(UnOp::Neg, op.clone()),
            expr: Box::new(operand),
            span,
        },
    ))
}

/// Indexing `e[i]` and fields `e.0` after a primary.
fn postfix(i: Input<'_>, ctx: Ctx) -> PResult<'_, Expr> {
    let (mut r, mut e) = primary(i, ctx)?;
    let mut base_height = None;
    loop {
        if let Some((Token::LBracket | Token::Dot, at)) = r.peek() {
            base_height = Some(taller(base_height, &e, &Expr::Bool(true, 0..0), at)?);
        }
        (r, e) = match r.peek() {
            Some((Token::LBracket, _)) => index_suffix(&i, r, e, ctx)?,
            Some((Token::Dot, _)) => field_suffix(&i, r, e)?,
            // A call is parsed with its name; nothing else can be applied to arguments.
            Some((Token::LParen, paren)) => return Err(not_callable(paren)),
            _ => return Ok((r, e)),
        };
    }
}

// The suffixes, the literals and the error builders are functions of their own to keep the
// frames of the recursive rules small: unoptimised builds give every local its own slot.

/// `[index]` after `base`, which started at `start`.
fn index_suffix<'a>(start: &Input<'a>, r: Input<'a>, base: Expr, ctx: Ctx) -> PResult<'a, Expr> {
    let Some(((Token::LBracket, open), after)) = r.split_first() else {
        return miss(&r, "`[`");
    };
    let (after, index) = required(expr(after, ctx.nested(&r)?), &after, "an index after `[`")?;
    let (after, _) = close(after, Token::RBracket, open, "`]` after the index")?;
    let span = start.span_to(&after);
    Ok((
        after,
        Expr::Index {
            base: Box::new(base),
            index: Box::new(index),
            span,
        },
    ))
}

/// `.0` after `base`, which started at `start`.
fn field_suffix<'a>(start: &Input<'a>, r: Input<'a>, base: Expr) -> PResult<'a, Expr> {
    let Some(((Token::Int(text), span), after)) = r.advance(1).split_first() else {
        return fail(&r.advance(1), "a field number such as `0` after `.`");
    };
    let field = Spanned::new(parse_u64(text, span)?, span.clone());
    Ok((
        after,
        Expr::Field {
            base: Box::new(base),
            field,
            span: start.span_to(&after),
        },
    ))
}

#[cold]
fn not_callable(paren: &Span) -> Err<SyntaxError> {
    failure(
        Diagnostic::new("only a name can be called", paren.clone())
            .with_label("arguments after an expression that is not a name"),
    )
}

fn primary(i: Input<'_>, ctx: Ctx) -> PResult<'_, Expr> {
    match i.peek() {
        Some((Token::Int(_) | Token::Ident("true" | "false"), _)) => literal(i),
        Some((Token::Ident("if"), _)) => if_expr(i, ctx),
        Some((Token::Ident("let"), _)) => let_expr(i, ctx),
        Some((Token::Ident("exists" | "forall"), _)) => quantified(i, ctx),
        Some((Token::Ident("vec"), _)) => vector_expr(i, ctx),
        Some((Token::Ident(word), _)) if !is_reserved(word) => call(i, ctx),
        Some((Token::LParen, _)) => paren_expr(i, ctx),
        Some((Token::LBrace, _)) => set_expr(i, ctx),
        _ => miss(&i, "an expression"),
    }
}

/// An integer, `true` or `false`.
fn literal(i: Input<'_>) -> PResult<'_, Expr> {
    match i.split_first() {
        Some(((Token::Int(text), span), r)) => match text.parse::<i64>() {
            Ok(value) => Ok((r, Expr::Int(value, span.clone()))),
            Err(_) => Err(number_too_large(span.clone())),
        },
        Some(((Token::Ident("true"), span), r)) => Ok((r, Expr::Bool(true, span.clone()))),
        Some(((Token::Ident("false"), span), r)) => Ok((r, Expr::Bool(false, span.clone()))),
        _ => miss(&i, "a literal"),
    }
}

/// `f(args)`, or a plain name when no `(` follows.
fn call(i: Input<'_>, ctx: Ctx) -> PResult<'_, Expr> {
    let (r, name) = name(i)?;
    let Some(((Token::LParen, open), after)) = r.split_first() else {
        return Ok((r, Expr::Name(name)));
    };
    let (after, args) = arguments(after, open, ctx.nested(&i)?, true)?;
    let span = i.span_to(&after);
    Ok((after, Expr::Call { name, args, span }))
}

/// `(e)` (just `e`) or a tuple `(a, b, ...)`.
fn paren_expr(i: Input<'_>, ctx: Ctx) -> PResult<'_, Expr> {
    let Some(((Token::LParen, open), r)) = i.split_first() else {
        return miss(&i, "`(`");
    };
    let inner = ctx.nested(&i)?;
    let (mut r, first) = required(expr(r, inner), &r, "an expression after `(`")?;
    let mut parts = vec![first];
    loop {
        r = match r.split_first() {
            Some(((Token::Comma, _), after)) => {
                let (after, part) =
                    required(expr(after, inner), &after, "an expression after `,`")?;
                parts.push(part);
                after
            }
            Some(((Token::RParen, _), after)) => {
                let e = if parts.len() == 1 {
                    parts.remove(0)
                } else {
                    Expr::Tuple(parts, i.span_to(&after))
                };
                return Ok((after, e));
            }
            _ => return Err(not_closed(&r, open, "`,` or `)`")),
        };
    }
}

/// The arguments after `(` (at `open`), up to and including the `)`. Named arguments
/// (`p = q`) only where `named` allows them: in calls, not in symbols.
fn arguments<'a>(mut r: Input<'a>, open: &Span, ctx: Ctx, named: bool) -> PResult<'a, Vec<Arg>> {
    let mut args = Vec::new();
    if let Some(((Token::RParen, _), after)) = r.split_first() {
        return Ok((after, args));
    }
    loop {
        let (after, name) = match (r.split_first(), r.peek_nth(1)) {
            (Some(((Token::Ident(word), span), after)), Some((Token::Eq, _)))
                if named && !is_reserved(word) =>
            {
                (
                    after.advance(1),
                    Some(Spanned::new(word.to_string(), span.clone())),
                )
            }
            _ => (r, None),
        };
        let what = if name.is_some() {
            "an expression after `=`"
        } else {
            "an argument"
        };
        let (after, value) = required(expr(after, ctx), &after, what)?;
        args.push(Arg { name, value });
        r = match after.split_first() {
            Some(((Token::Comma, _), after)) => after,
            Some(((Token::RParen, _), after)) => return Ok((after, args)),
            _ => return Err(not_closed(&after, open, "`,` or `)` after the argument")),
        };
    }
}

/// `{}`, `{a, b}`, or a comprehension `{ e | clauses }`.
fn set_expr(i: Input<'_>, ctx: Ctx) -> PResult<'_, Expr> {
    let Some(((Token::LBrace, open), r)) = i.split_first() else {
        return miss(&i, "`{`");
    };
    if let Some(((Token::RBrace, _), after)) = r.split_first() {
        return Ok((after, Expr::SetLiteral(Vec::new(), i.span_to(&after))));
    }
    let inner = ctx.nested(&i)?;
    let (mut r, first) = required(expr(r, inner), &r, "an expression or `}` after `{`")?;
    if let Some(((Token::Bar, _), after)) = r.split_first() {
        return comprehension(i, after, open, first, inner);
    }
    let mut elements = vec![first];
    loop {
        r = match r.split_first() {
            Some(((Token::Comma, _), after)) => {
                let (after, e) = required(expr(after, inner), &after, "an expression after `,`")?;
                elements.push(e);
                after
            }
            Some(((Token::RBrace, _), after)) => {
                return Ok((after, Expr::SetLiteral(elements, i.span_to(&after))));
            }
            _ => {
                let what = if elements.len() == 1 {
                    "`,`, `|` or `}` in the set"
                } else {
                    "`,` or `}` in the set"
                };
                return Err(not_closed(&r, open, what));
            }
        };
    }
}

/// The rest of `{ head | clauses }` from after the `|`. A head `v in S` is the filter form:
/// `v` is the element and `v in S` the first generator.
fn comprehension<'a>(
    start: Input<'a>,
    mut r: Input<'a>,
    open: &Span,
    head: Expr,
    ctx: Ctx,
) -> PResult<'a, Expr> {
    let mut clauses = Vec::new();
    let element = match head {
        Expr::Binary { op, lhs, rhs, span } if op.node == BinOp::In => match as_pattern(&lhs) {
            Some(pattern) => {
                clauses.push(Clause::Generator {
                    pattern,
                    domain: *rhs,
                });
                *lhs
            }
            None => Expr::Binary { op, lhs, rhs, span },
        },
        head => head,
    };
    loop {
        let (after, e) = required(
            expr(r, ctx),
            &r,
            "a generator such as `v in X` or a condition",
        )?;
        clauses.push(clause(e));
        r = match after.split_first() {
            Some(((Token::Comma, _), after)) => after,
            Some(((Token::RBrace, _), after)) => {
                let span = start.span_to(&after);
                return Ok((
                    after,
                    Expr::Comprehension {
                        element: Box::new(element),
                        clauses,
                        span,
                    },
                ));
            }
            _ => return Err(not_closed(&after, open, "`,` or `}` after the clause")),
        };
    }
}

/// `p in S` with `p` a name or tuple of names is a generator; anything else is a filter.
fn clause(e: Expr) -> Clause {
    if let Expr::Binary { op, lhs, rhs, .. } = &e
        && op.node == BinOp::In
        && let Some(pattern) = as_pattern(lhs)
    {
        return Clause::Generator {
            pattern,
            domain: (**rhs).clone(),
        };
    }
    Clause::Filter(e)
}

fn as_pattern(e: &Expr) -> Option<Pattern> {
    match e {
        Expr::Name(n) => Some(Pattern::Name(n.clone())),
        Expr::Tuple(parts, span) => Some(Pattern::Tuple(
            parts.iter().map(as_pattern).collect::<Option<_>>()?,
            span.clone(),
        )),
        _ => None,
    }
}

/// `if c then a else b`; the else branch extends as far right as possible.
fn if_expr(i: Input<'_>, ctx: Ctx) -> PResult<'_, Expr> {
    let (r, _) = keyword("if")(i)?;
    let inner = ctx.nested(&i)?;
    let (r, cond) = required(expr(r, inner), &r, "a condition after `if`")?;
    let (r, _) = required(keyword("then")(r), &r, "`then` after the condition")?;
    let (r, then) = required(expr(r, inner), &r, "an expression after `then`")?;
    let (r, _) = required(
        keyword("else")(r),
        &r,
        "`else` after the `then` branch (an `if` needs both)",
    )?;
    let (r, otherwise) = required(expr(r, ctx.deeper(&i)?), &r, "an expression after `else`")?;
    let span = i.span_to(&r);
    Ok((
        r,
        Expr::If {
            cond: Box::new(cond),
            then: Box::new(then),
            otherwise: Box::new(otherwise),
            span,
        },
    ))
}

/// `let p = v in b`. `in` ends the value, so membership there needs parentheses.
fn let_expr(i: Input<'_>, ctx: Ctx) -> PResult<'_, Expr> {
    let (r, _) = keyword("let")(i)?;
    let (r, pattern) = required(
        pattern(r, ctx.depth),
        &r,
        "a name or a tuple of names such as `(x, y)` after `let`",
    )?;
    let (r, _) = required(punct(Token::Eq)(r), &r, "`=` after the pattern")?;
    let value_ctx = Ctx {
        allow_in: false,
        ..ctx.nested(&i)?
    };
    let (r, value) = required(expr(r, value_ctx), &r, "an expression after `=`")?;
    let (r, _) = required(keyword("in")(r), &r, "`in` after the value of `let`")?;
    let (r, body) = required(expr(r, ctx.deeper(&i)?), &r, "an expression after `in`")?;
    let span = i.span_to(&r);
    Ok((
        r,
        Expr::Let {
            pattern,
            value: Box::new(value),
            body: Box::new(body),
            span,
        },
    ))
}

/// `exists p in S: body` / `forall p in S: body`.
fn quantified(i: Input<'_>, ctx: Ctx) -> PResult<'_, Expr> {
    let (r, quantifier, word) = match i.split_first() {
        Some(((Token::Ident("exists"), _), r)) => (r, Quantifier::Exists, "exists"),
        Some(((Token::Ident("forall"), _), r)) => (r, Quantifier::Forall, "forall"),
        _ => return miss(&i, "`exists` or `forall`"),
    };
    let (r, pattern) = required(
        pattern(r, ctx.depth),
        &r,
        &format!("a name or a tuple of names after `{word}`"),
    )?;
    let (r, _) = required(keyword("in")(r), &r, "`in` after the bound name")?;
    let (r, domain) = required(expr(r, ctx.nested(&i)?), &r, "a set after `in`")?;
    let (r, _) = required(punct(Token::Colon)(r), &r, "`:` after the set")?;
    let (r, body) = required(expr(r, ctx.deeper(&i)?), &r, "a condition after `:`")?;
    let span = i.span_to(&r);
    Ok((
        r,
        Expr::Quantified {
            quantifier,
            pattern,
            domain: Box::new(domain),
            body: Box::new(body),
            span,
        },
    ))
}

/// `vec z in X: body`. Vectors always range over X; writing it keeps the binder readable.
fn vector_expr(i: Input<'_>, ctx: Ctx) -> PResult<'_, Expr> {
    let (r, _) = keyword("vec")(i)?;
    let (r, var) = required(name(r), &r, "a name after `vec`")?;
    let (r, _) = required(keyword("in")(r), &r, "`in X` after the vector's variable")?;
    let (r, domain) = required(expr(r, ctx.nested(&i)?), &r, "`X` after `in`")?;
    if !matches!(&domain, Expr::Name(n) if n.node == "X") {
        let d = Diagnostic::new("the domain of `vec` must be `X`", domain.span().clone())
            .with_label("a vector has a value at every point of X");
        return Err(failure(d));
    }
    let (r, _) = required(punct(Token::Colon)(r), &r, "`:` after `X`")?;
    let (r, body) = required(expr(r, ctx.deeper(&i)?), &r, "an expression after `:`")?;
    let span = i.span_to(&r);
    Ok((
        r,
        Expr::Vector {
            var,
            body: Box::new(body),
            span,
        },
    ))
}

// ---------------------------------------------------------------------------------------
// Tokens and errors

/// A name: an identifier that is not a reserved word.
fn name(i: Input<'_>) -> PResult<'_, Name> {
    match i.split_first() {
        Some(((Token::Ident(word), span), r)) if !is_reserved(word) => {
            Ok((r, Spanned::new(word.to_string(), span.clone())))
        }
        Some(((Token::Ident(word), _), _)) => Err(Err::Error(SyntaxError(
            expected(&i, "a name").with_note(format!("`{word}` is a reserved word")),
        ))),
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

/// The closing `token` of a bracket opened at `open`.
fn close<'a>(i: Input<'a>, token: Token<'static>, open: &Span, what: &str) -> PResult<'a, Span> {
    match i.split_first() {
        Some(((t, span), rest)) if *t == token => Ok((rest, span.clone())),
        _ => Err(not_closed(&i, open, what)),
    }
}

/// Commits `result`: "does not start here" becomes "expected {what}, found ..." at `at`.
fn required<'a, O>(result: PResult<'a, O>, at: &Input<'a>, what: &str) -> PResult<'a, O> {
    match result {
        Err(Err::Error(SyntaxError(d))) => {
            // Keep a reserved-word note from `name`; the message is the caller's.
            let mut e = expected(at, what);
            e.notes = d.notes;
            Err(failure(e))
        }
        other => other,
    }
}

fn expected(i: &Input<'_>, what: &str) -> Diagnostic {
    SyntaxError::expected(i, what).0
}

fn failure(d: Diagnostic) -> Err<SyntaxError> {
    Err::Failure(SyntaxError(d))
}

/// A recoverable "this rule does not start here".
fn miss<'a, O>(i: &Input<'a>, what: &str) -> PResult<'a, O> {
    Err(Err::Error(SyntaxError::expected(i, what)))
}

/// A committed error at the next token.
fn fail<'a, O>(i: &Input<'a>, what: &str) -> PResult<'a, O> {
    Err(failure(expected(i, what)))
}

/// At `r`, where {what} was expected after a bracket opened at `open`: if the construct has
/// visibly ended (end of file, a new line's item or row, a cell's `|`, another bracket's
/// closer or a keyword that follows an expression), the bracket was left open; otherwise
/// the next token is simply out of place.
fn not_closed(r: &Input<'_>, open: &Span, what: &str) -> Err<SyntaxError> {
    if has_ended(r) {
        unclosed(r, open)
    } else {
        failure(expected(r, what))
    }
}

/// Like [`not_closed`] inside a type or a parameter list, where `=` also ends the construct
/// (`var x: set<int = 1`).
fn type_not_closed(r: &Input<'_>, open: &Span, what: &str) -> Err<SyntaxError> {
    if let Some((Token::Eq, _)) = r.peek() {
        unclosed(r, open)
    } else {
        not_closed(r, open, what)
    }
}

fn has_ended(r: &Input<'_>) -> bool {
    match r.peek() {
        None => true,
        Some((token, _)) => {
            (r.at_line_start() && (is_row_start(r) || is_item_keyword(r)))
                || matches!(
                    token,
                    Token::Bar
                        | Token::RParen
                        | Token::RBracket
                        | Token::RBrace
                        | Token::Assign
                        | Token::Arrow
                        | Token::FatArrow
                        | Token::Semicolon
                        | Token::Ident("then" | "else" | "for")
                )
        }
    }
}

/// "`(` is not closed", pointing at the bracket, with where the closer was expected.
#[cold]
fn unclosed(r: &Input<'_>, open: &Span) -> Err<SyntaxError> {
    let bracket = r.text(open);
    let closer = match bracket {
        "(" => ")",
        "[" => "]",
        "{" => "}",
        _ => ">",
    };
    let label = if r.is_empty() {
        "the file ends here".to_string()
    } else {
        format!("expected `{closer}` before this")
    };
    failure(
        Diagnostic::new(format!("`{bracket}` is not closed"), open.clone())
            .with_label(format!("this `{bracket}` has no matching `{closer}`"))
            .with_related(r.next_span(), label),
    )
}

fn too_deep(i: &Input<'_>) -> Err<SyntaxError> {
    failure(
        Diagnostic::new("nested too deeply", i.next_span())
            .with_label(format!("more than {MAX_DEPTH} levels of nesting")),
    )
}

fn parse_u64(text: &str, span: &Span) -> Result<u64, Err<SyntaxError>> {
    text.parse().map_err(|_| number_too_large(span.clone()))
}

fn number_too_large(span: Span) -> Err<SyntaxError> {
    failure(Diagnostic::new("number too large", span).with_label("does not fit in 64 bits"))
}

fn unknown_item(word: &str, span: Span) -> Diagnostic {
    let mut d = Diagnostic::new(
        format!(
            "unknown item `{word}`: expected one of {}",
            ITEM_KEYWORDS.join(", ")
        ),
        span,
    )
    .with_label("unknown item");
    let closest = ITEM_KEYWORDS
        .iter()
        .map(|k| (edit_distance(word, k), *k))
        .min();
    if let Some((distance, near)) = closest
        && (distance <= 1 || distance <= word.chars().count() / 3)
    {
        d = d.with_note(format!("did you mean `{near}`?"));
    }
    d
}

fn is_reserved(word: &str) -> bool {
    RESERVED.contains(&word)
}

fn is_item_keyword(r: &Input<'_>) -> bool {
    matches!(r.peek(), Some((Token::Ident(word), _)) if ITEM_KEYWORDS.contains(word))
}

fn is_row_start(r: &Input<'_>) -> bool {
    matches!(r.peek(), Some((Token::Int(_) | Token::FamilyLabel(_), _)))
}

/// Whether the line of the next token has a `|`: a row's cells, even without a label.
fn line_has_bar(r: &Input<'_>) -> bool {
    let mut s = *r;
    while let Some(((token, _), rest)) = s.split_first() {
        if *token == Token::Bar {
            return true;
        }
        if rest.at_line_start() {
            break;
        }
        s = rest;
    }
    false
}

/// After a bad item: drop its first token, then everything up to the next item keyword
/// that starts a line.
fn skip_to_item(i: Input<'_>) -> Input<'_> {
    let mut r = i.advance(1);
    while !(r.is_empty() || r.at_line_start() && is_item_keyword(&r)) {
        r = r.advance(1);
    }
    r
}

/// After a bad row: up to the next row label or item keyword that starts a line.
fn skip_to_row(i: Input<'_>) -> Input<'_> {
    let mut r = i.advance(1);
    while !(r.is_empty() || r.at_line_start() && (is_row_start(&r) || is_item_keyword(&r))) {
        r = r.advance(1);
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    const HANOI: &str = include_str!("../../grammars/hanoi.lgg");
    const SHORTEST: &str = include_str!("../../grammars/shortest-trajectories.lgg");
    const ADMISSIBLE: &str = include_str!("../../grammars/admissible-trajectories.lgg");
    const ADMISSIBLE_S06: &str = include_str!("../../grammars/admissible-trajectories-s06.lgg");

    /// A G_Z-style grammar (zones): vectors, indexed assignments, imports, named arguments.
    const ZONES: &str = "\
input p0: piece
start S(x0: point, y0: point, l0: int) => S((ord(x0), ord(y0), l0), zero, zero)
import admissible = \"admissible-trajectories.lgg\"
terminal t(track: (piece, trajectory), time: int)
nonterminal S(u: (int, int, int), v: vector<int>, w: vector<int>)
nonterminal A(u: (int, int, int), v: vector<int>, w: vector<int>)
var TIME: vector<int> = vec z in X: 2 * n
var NEXTTIME: vector<int> = vec z in X: 2 * n
const zero: vector<int> = vec z in X: 0
fn init(u: (int, int, int), r: int) -> int = if u == (0, 0, 0) then 2 * n else r
fn f(u: (int, int, int), v: vector<int>) -> (int, int, int) =
  let (x, y, l) = u in
  if (x != n and l > 0) or (y == n and l <= 0) then (x + 1, y, l)
  else (1, y + 1, TIME[y + 1] * v[y + 1])
fn TRACKS(q: piece, x: point, y: point, l: int) -> set<(piece, trajectory)> =
  { (q, t) | k in 1..l, t in admissible(S(x, y, k), p = q) }
pred Q4(u: (int, int, int)) = let (x, y, l) = u in
  exists q in PIECES: ON(q) == X[x] and l > 0 and X[x] != x0 and X[x] != y0 and
    ((not OPPOSE(p0, q) and MAP(q, X[x], X[y]) == 1) or (OPPOSE(p0, q) and MAP(q, X[x], X[y]) <= l))
family two = 2_i for i in 1..size(TRACKS(p0, x0, y0, l0))
family four = 4_j for j in 1..n
productions
  1   | true  | S(u, v, w) -> A(u, v, w) | | two | {}
  2_i | true  | A(u, v, w) -> t(h_o(i, u), l0 + 1) A((0, 0, 0), g(h_o(i, u), w), zero)
              | TIME[z] := DIST(z, h_o(i, u)) for z in X | {3} | {}
  3   | Q3(u) | A(u, v, w) -> A(f(u, v), v, w) | NEXTTIME[z] := init(u, NEXTTIME[z]) for z in X | four | {5}
  4_j | Q4(u) | A((x, y, l), v, w) -> t(h(j, (x, y, l)), TIME[y]) A((x, y, l), v, g(h(j, (x, y, l)), w))
              | NEXTTIME[z] := ALPHA(z, h(j, (x, y, l)), TIME[y] - len(h(j, (x, y, l)).1) + 1) for z in X; WHO := 1 | {3} | {3}
  5   | w != zero | A(u, v, w) -> A((0, 0, 0), w, zero) | TIME := NEXTTIME | {3} | {6}
  6   | true  | A(u, v, w) -> e | | {} | {}
";

    /// Parses `source`, asserting it has no diagnostics.
    fn ok(source: &str) -> Vec<Item> {
        let (ast, diagnostics) = parse(source);
        assert!(diagnostics.is_empty(), "{source}\n{diagnostics:#?}");
        ast.items
    }

    /// Parses `source` and returns (message, offending text) for each diagnostic.
    fn errors(source: &str) -> (Vec<Item>, Vec<(String, String)>) {
        let (ast, diagnostics) = parse(source);
        let errors = diagnostics
            .iter()
            .map(|d| (d.message.clone(), source[d.span.clone()].to_string()))
            .collect();
        (ast.items, errors)
    }

    fn one_error(source: &str) -> (String, String) {
        let (_, mut errors) = errors(source);
        assert_eq!(errors.len(), 1, "{source:?}: {errors:#?}");
        errors.remove(0)
    }

    fn text<'s>(source: &'s str, span: &Span) -> &'s str {
        &source[span.clone()]
    }

    fn rows_of(items: &[Item]) -> &[Row] {
        items
            .iter()
            .find_map(|item| match item {
                Item::Productions { rows, .. } => Some(rows.as_slice()),
                _ => None,
            })
            .expect("a productions item")
    }

    fn function<'a>(items: &'a [Item], name: &str) -> &'a FunctionDecl {
        items
            .iter()
            .find_map(|item| match item {
                Item::Function(f) if f.name.node == name => Some(f),
                _ => None,
            })
            .unwrap_or_else(|| panic!("no function {name}"))
    }

    fn families(items: &[Item]) -> Vec<&FamilyDecl> {
        items
            .iter()
            .filter_map(|item| match item {
                Item::Family(f) => Some(f),
                _ => None,
            })
            .collect()
    }

    /// An expression as a fully parenthesised string, to check structure compactly.
    fn sx(e: &Expr) -> String {
        let list = |es: &[Expr]| es.iter().map(sx).collect::<Vec<_>>().join(", ");
        match e {
            Expr::Int(v, _) => v.to_string(),
            Expr::Bool(b, _) => b.to_string(),
            Expr::Name(n) => n.node.clone(),
            Expr::Call { name, args, .. } => {
                let args: Vec<String> = args
                    .iter()
                    .map(|a| match &a.name {
                        Some(n) => format!("{} = {}", n.node, sx(&a.value)),
                        None => sx(&a.value),
                    })
                    .collect();
                format!("{}({})", name.node, args.join(", "))
            }
            Expr::Index { base, index, .. } => format!("{}[{}]", sx(base), sx(index)),
            Expr::Field { base, field, .. } => format!("{}.{}", sx(base), field.node),
            Expr::Unary { op, expr, .. } => match op.node {
                UnOp::Neg => format!("(-{})", sx(expr)),
                UnOp::Not => format!("(not {})", sx(expr)),
            },
            Expr::Binary { op, lhs, rhs, .. } => {
                let op = match op.node {
                    BinOp::Add => "+",
                    BinOp::Sub => "-",
                    BinOp::Mul => "*",
                    BinOp::Div => "/",
                    BinOp::Mod => "%",
                    BinOp::Eq => "==",
                    BinOp::Ne => "!=",
                    BinOp::Lt => "<",
                    BinOp::Le => "<=",
                    BinOp::Gt => ">",
                    BinOp::Ge => ">=",
                    BinOp::And => "and",
                    BinOp::Or => "or",
                    BinOp::In => "in",
                    BinOp::Union => "union",
                    BinOp::Inter => "inter",
                };
                format!("({} {op} {})", sx(lhs), sx(rhs))
            }
            Expr::If {
                cond,
                then,
                otherwise,
                ..
            } => format!("(if {} then {} else {})", sx(cond), sx(then), sx(otherwise)),
            Expr::Let {
                pattern,
                value,
                body,
                ..
            } => format!("(let {} = {} in {})", pat(pattern), sx(value), sx(body)),
            Expr::Tuple(es, _) => format!("<{}>", list(es)),
            Expr::SetLiteral(es, _) => format!("{{{}}}", list(es)),
            Expr::Range { from, to, .. } => format!("({}..{})", sx(from), sx(to)),
            Expr::Comprehension {
                element, clauses, ..
            } => {
                let clauses: Vec<String> = clauses
                    .iter()
                    .map(|c| match c {
                        Clause::Generator { pattern, domain } => {
                            format!("{} <- {}", pat(pattern), sx(domain))
                        }
                        Clause::Filter(e) => sx(e),
                    })
                    .collect();
                format!("{{{} | {}}}", sx(element), clauses.join(", "))
            }
            Expr::Quantified {
                quantifier,
                pattern,
                domain,
                body,
                ..
            } => {
                let q = match quantifier {
                    Quantifier::Exists => "exists",
                    Quantifier::Forall => "forall",
                };
                format!("({q} {} in {}: {})", pat(pattern), sx(domain), sx(body))
            }
            Expr::Vector { var, body, .. } => format!("(vec {}: {})", var.node, sx(body)),
        }
    }

    fn pat(p: &Pattern) -> String {
        match p {
            Pattern::Name(n) => n.node.clone(),
            Pattern::Tuple(ps, _) => {
                format!("<{}>", ps.iter().map(pat).collect::<Vec<_>>().join(", "))
            }
        }
    }

    fn ty(t: &TypeExpr) -> String {
        match t {
            TypeExpr::Named(n) => n.node.clone(),
            TypeExpr::Tuple(ts, _) => {
                format!("({})", ts.iter().map(ty).collect::<Vec<_>>().join(", "))
            }
            TypeExpr::Set(t, _) => format!("set<{}>", ty(t)),
            TypeExpr::Vector(t, _) => format!("vector<{}>", ty(t)),
        }
    }

    /// The body of `fn e() -> int = SOURCE`, as `sx` prints it.
    fn parsed(source: &str) -> String {
        let items = ok(&format!("fn e() -> int = {source}"));
        sx(&function(&items, "e").body)
    }

    #[test]
    fn what_broken_items_declared() {
        let source = "fn F(x: int) -> int = (x\nstart S(\nterminal a(x: point)\nfnn G(x)\nenum E { a,\nfamily two = 2_i for\nvar\nproductions\n  1 | true | S -> e | {} | {}\n";
        let (ast, diagnostics) = parse(source);
        assert!(!diagnostics.is_empty());
        let b = &ast.broken;
        // `fnn G`: a misspelled keyword still names the item.
        assert_eq!(b.names, ["F", "G", "E", "two"]);
        assert!(b.start && b.rows && b.families);
        // The enum's values, and the var whose name did not parse, cannot be read.
        assert!(b.unknown_names);
        let (fine, _) = parse(HANOI);
        assert_eq!(fine.broken, Broken::default());
    }

    #[test]
    fn hanoi() {
        let items = ok(HANOI);
        let s = HANOI;
        assert!(matches!(&items[0], Item::Grammar(n) if n.node == "hanoi"));
        let Item::Enum { name, values, span } = &items[1] else {
            panic!("{:?}", items[1]);
        };
        assert_eq!(name.node, "peg");
        let values: Vec<&str> = values.iter().map(|v| v.node.as_str()).collect();
        assert_eq!(values, ["a", "b", "c"]);
        assert_eq!(text(s, span), "enum peg { a, b, c }");
        let Item::Start(start) = &items[2] else {
            panic!("{:?}", items[2]);
        };
        assert_eq!(text(s, &start.span), "start S(n0: int, x0: peg, y0: peg)");
        assert_eq!(start.params.len(), 3);
        assert_eq!(text(s, &start.params[1].span), "x0: peg");
        assert_eq!(start.body, None);
        let Item::Symbol(p) = &items[3] else {
            panic!("{:?}", items[3]);
        };
        assert_eq!((p.kind, p.name.node.as_str()), (SymbolKind::Terminal, "p"));
        assert_eq!(text(s, &p.span), "terminal p(n: int, x: peg, y: peg)");

        let f2 = function(&items, "f2");
        assert_eq!(sx(&f2.body), "min(({a, b, c} - {x, y}))");
        assert_eq!(ty(f2.result.as_ref().expect("fn")), "peg");
        let q1 = function(&items, "Q1");
        assert!(q1.is_pred && q1.result.is_none() && q1.params.is_empty());
        assert_eq!(text(s, &q1.span), "pred Q1() = true");

        let rows = rows_of(&items);
        assert_eq!(rows.len(), 3);
        let row = &rows[1];
        assert_eq!(row.label.number.node, 2);
        assert_eq!(row.label.index, None);
        assert_eq!(sx(&row.condition), "Q2(n)");
        assert_eq!(row.kernel.rhs.len(), 3);
        let rhs: Vec<&str> = row.kernel.rhs.iter().map(|c| text(s, &c.span)).collect();
        assert_eq!(
            rhs,
            [
                "A(f1(n), x, f2(x, y))",
                "p(n, x, y)",
                "A(f1(n), f2(x, y), y)"
            ]
        );
        assert_eq!(
            text(s, &row.kernel.span),
            "A(n, x, y) -> A(f1(n), x, f2(x, y)) p(n, x, y) A(f1(n), f2(x, y), y)"
        );
        assert!(row.assignments.is_empty());
        assert!(
            matches!(&row.on_success, LabelSet::Labels(l, _) if l.len() == 1 && l[0].number == 2)
        );
        assert!(matches!(&row.on_failure, LabelSet::Labels(l, span)
            if l[0].number == 3 && l[0].member.is_none() && text(s, span) == "{3}"));
        assert!(text(s, &row.span).starts_with("2 | Q2(n) |"));
        assert!(text(s, &row.span).ends_with("| {2} | {3}"));
        let Some(Item::Productions { span, .. }) = items.last() else {
            panic!("productions last");
        };
        assert!(text(s, span).starts_with("productions\n"));
        assert!(text(s, span).ends_with("| {2} | {}"));
    }

    #[test]
    fn shortest_trajectories() {
        let items = ok(SHORTEST);
        let s = SHORTEST;
        let Item::Input(p) = &items[1] else {
            panic!("{:?}", items[1]);
        };
        assert_eq!((p.name.node.as_str(), ty(&p.ty).as_str()), ("p", "piece"));
        assert_eq!(text(s, &p.span), "input p: piece");

        let rows = rows_of(&items);
        assert_eq!(rows.len(), 3);
        let row = &rows[1];
        assert_eq!(row.label.number.node, 2);
        let index = row.label.index.as_ref().expect("2_i");
        assert_eq!(index.node, "i");
        assert_eq!(text(s, &index.span), "i");
        assert_eq!(text(s, &row.label.number.span), "2");
        assert_eq!(text(s, &row.label.span), "2_i");
        assert!(matches!(&row.on_success, LabelSet::Family(n) if n.node == "two"));
        let LabelSet::Labels(labels, _) = &row.on_failure else {
            panic!("{:?}", row.on_failure);
        };
        assert_eq!(
            labels
                .iter()
                .map(|l| (l.number, l.member))
                .collect::<Vec<_>>(),
            [(3, None)]
        );
        assert_eq!(row.kernel.lhs.node, "A");
        assert_eq!(row.kernel.params.len(), 3);
        assert_eq!(
            row.kernel
                .rhs
                .iter()
                .map(|c| c.name.node.as_str())
                .collect::<Vec<_>>(),
            ["a", "A"]
        );
        assert_eq!(sx(&row.kernel.rhs[1].args[0]), "next(i, x, l)");

        let fams = families(&items);
        assert_eq!(fams.len(), 1);
        assert_eq!((fams[0].name.node.as_str(), fams[0].base.node), ("two", 2));
        assert_eq!(fams[0].index.node, "i");
        assert_eq!(sx(&fams[0].range), "(1..n)");
        assert_eq!(text(s, &fams[0].span), "family two = 2_i for i in 1..n");

        assert_eq!(
            sx(&function(&items, "ST").body),
            "{v | v <- X, (MAP(p, x, v) == k)}"
        );
        assert_eq!(
            sx(&function(&items, "MOVE").body),
            "((ST(x, 1) inter ST(x0, ((l0 - l) + 1))) inter SUM())"
        );
        assert_eq!(
            sx(&function(&items, "Q1").body),
            "(((MAP(p, x, y) == l) and (0 < l)) and (l < n))"
        );
        assert_eq!(
            ty(function(&items, "ST").result.as_ref().unwrap()),
            "set<point>"
        );
        assert!(matches!(&rows[2].on_success, LabelSet::Labels(l, _) if l.is_empty()));
    }

    #[test]
    fn admissible_trajectories() {
        for source in [ADMISSIBLE, ADMISSIBLE_S06] {
            let items = ok(source);
            let rows = rows_of(&items);
            assert_eq!(rows.len(), 5);
            let row = &rows[1];
            assert_eq!(text(source, &row.label.span), "2_i");
            assert_eq!(row.kernel.rhs.len(), 2);
            let row_text = text(source, &row.span);
            assert_eq!(row_text.lines().count(), 2, "{row_text}");
            assert!(row_text.ends_with("|      | three | three"));
            assert!(matches!(&row.on_failure, LabelSet::Family(n) if n.node == "three"));
            assert_eq!(sx(&row.kernel.rhs[1].args[2]), "(l - lmed(i, x, y, l))");
            assert_eq!(text(source, &rows[2].label.span), "3_j");
            assert!(rows[4].kernel.rhs.is_empty());
            assert_eq!(text(source, &rows[4].kernel.span), "A(x, y, l) -> e");

            let fams = families(&items);
            let fams: Vec<(&str, u64, &str, String)> = fams
                .iter()
                .map(|f| {
                    (
                        f.name.node.as_str(),
                        f.base.node,
                        f.index.node.as_str(),
                        sx(&f.range),
                    )
                })
                .collect();
            assert_eq!(
                fams,
                [
                    ("two", 2, "i", "(1..n)".to_string()),
                    ("three", 3, "j", "(1..n)".to_string())
                ]
            );
            assert_eq!(
                sx(&function(&items, "MOVE").body),
                "{v | v <- R(p, x), (MAP(p, v, y) == (l - 1))}"
            );
            assert_eq!(sx(&function(&items, "Q2").body), "(MAP(p, x, y) != l)");
            assert!(
                sx(&function(&items, "Q1").body)
                    .ends_with("((l == MAP(p, x, y)) or (DOCK(x, y, l) != {})))")
            );
        }
    }

    #[test]
    fn zone_grammar() {
        let items = ok(ZONES);
        let s = ZONES;
        let Item::Start(start) = &items[1] else {
            panic!("{:?}", items[1]);
        };
        let body = start.body.as_ref().expect("=> S(...)");
        assert_eq!(body.name.node, "S");
        assert_eq!(
            body.args.iter().map(sx).collect::<Vec<_>>(),
            ["<ord(x0), ord(y0), l0>", "zero", "zero"]
        );
        assert!(text(s, &start.span).ends_with("=> S((ord(x0), ord(y0), l0), zero, zero)"));
        let Item::Import { name, path, span } = &items[2] else {
            panic!("{:?}", items[2]);
        };
        assert_eq!(name.node, "admissible");
        assert_eq!(path.node, "admissible-trajectories.lgg");
        assert_eq!(text(s, &path.span), "\"admissible-trajectories.lgg\"");
        assert_eq!(
            text(s, span),
            "import admissible = \"admissible-trajectories.lgg\""
        );
        let Item::Symbol(t) = &items[3] else {
            panic!("{:?}", items[3]);
        };
        assert_eq!(ty(&t.params[0].ty), "(piece, trajectory)");
        assert_eq!(text(s, t.params[0].ty.span()), "(piece, trajectory)");
        let Item::Var(time) = &items[6] else {
            panic!("{:?}", items[6]);
        };
        assert_eq!(ty(&time.ty), "vector<int>");
        assert_eq!(sx(&time.value), "(vec z: (2 * n))");
        assert_eq!(
            text(s, &time.span),
            "var TIME: vector<int> = vec z in X: 2 * n"
        );
        assert!(matches!(&items[8], Item::Const(b) if b.name.node == "zero"));

        assert_eq!(
            sx(&function(&items, "init").body),
            "(if (u == <0, 0, 0>) then (2 * n) else r)"
        );
        assert_eq!(
            sx(&function(&items, "f").body),
            "(let <x, y, l> = u in (if (((x != n) and (l > 0)) or ((y == n) and (l <= 0))) \
             then <(x + 1), y, l> else <1, (y + 1), (TIME[(y + 1)] * v[(y + 1)])>))"
        );
        let tracks = function(&items, "TRACKS");
        assert_eq!(
            ty(tracks.result.as_ref().unwrap()),
            "set<(piece, trajectory)>"
        );
        assert_eq!(
            sx(&tracks.body),
            "{<q, t> | k <- (1..l), t <- admissible(S(x, y, k), p = q)}"
        );
        let q4 = sx(&function(&items, "Q4").body);
        assert!(
            q4.starts_with("(let <x, y, l> = u in (exists q in PIECES: ((((("),
            "{q4}"
        );
        assert!(
            q4.ends_with("(OPPOSE(p0, q) and (MAP(q, X[x], X[y]) <= l))))))"),
            "{q4}"
        );

        let fams = families(&items);
        assert_eq!(sx(&fams[0].range), "(1..size(TRACKS(p0, x0, y0, l0)))");
        assert_eq!((fams[1].name.node.as_str(), fams[1].base.node), ("four", 4));

        let rows = rows_of(&items);
        assert_eq!(rows.len(), 6);
        let Assignment::Each {
            target,
            var,
            value,
            domain,
            span,
        } = &rows[1].assignments[0]
        else {
            panic!("{:?}", rows[1].assignments);
        };
        assert_eq!((target.node.as_str(), var.node.as_str()), ("TIME", "z"));
        assert_eq!(sx(value), "DIST(z, h_o(i, u))");
        assert_eq!(sx(domain), "X");
        assert_eq!(text(s, span), "TIME[z] := DIST(z, h_o(i, u)) for z in X");
        assert_eq!(rows[1].kernel.rhs.len(), 2);
        assert!(matches!(&rows[2].on_success, LabelSet::Family(n) if n.node == "four"));

        let row4 = &rows[3];
        assert_eq!(pat(&row4.kernel.params[0]), "<x, y, l>");
        assert_eq!(text(s, row4.kernel.params[0].span()), "(x, y, l)");
        assert_eq!(row4.assignments.len(), 2);
        let Assignment::Each { value, .. } = &row4.assignments[0] else {
            panic!("{:?}", row4.assignments);
        };
        assert_eq!(
            sx(value),
            "ALPHA(z, h(j, <x, y, l>), ((TIME[y] - len(h(j, <x, y, l>).1)) + 1))"
        );
        assert!(matches!(&row4.assignments[1],
            Assignment::Whole { target, value, span }
            if target.node == "WHO" && sx(value) == "1" && text(s, span) == "WHO := 1"));
        assert!(matches!(&rows[4].assignments[..],
            [Assignment::Whole { target, value, .. }] if target.node == "TIME" && sx(value) == "NEXTTIME"));
        assert_eq!(sx(&rows[4].condition), "(w != zero)");
        assert!(rows[5].kernel.rhs.is_empty());
    }

    #[test]
    fn precedence_and_associativity() {
        let cases = [
            ("a or b and not c == d", "(a or (b and (not (c == d))))"),
            ("not not a", "(not (not a))"),
            ("1 + 2 * -x[1].0", "(1 + (2 * (-x[1].0)))"),
            ("a - b - c", "((a - b) - c)"),
            ("a / b % c * d", "(((a / b) % c) * d)"),
            ("S union T inter U", "(S union (T inter U))"),
            ("S - T union U", "((S - T) union U)"),
            ("x in 1..n + 1", "(x in (1..(n + 1)))"),
            ("a..b == c", "((a..b) == c)"),
            ("-(a + b)", "(-(a + b))"),
            ("f(x).0.1", "f(x).0.1"),
            ("X[k][j]", "X[k][j]"),
            ("(1, (2, 3))", "<1, <2, 3>>"),
            ("((a))", "a"),
            ("if a then b else c + 1", "(if a then b else (c + 1))"),
            (
                "if a then if b then c else d else e",
                "(if a then (if b then c else d) else e)",
            ),
            (
                "1 + if a then 2 else 3 * 4",
                "(1 + (if a then 2 else (3 * 4)))",
            ),
            ("let x = y in x + 1", "(let x = y in (x + 1))"),
            ("let b = (x in S) in b", "(let b = (x in S) in b)"),
            (
                "let a = if c then x else y in a",
                "(let a = (if c then x else y) in a)",
            ),
            ("exists q in S: a and b", "(exists q in S: (a and b))"),
            (
                "a and forall (x, y) in P: x < y or z",
                "(a and (forall <x, y> in P: ((x < y) or z)))",
            ),
            ("vec z in X: z == x0", "(vec z: (z == x0))"),
            ("{}", "{}"),
            ("{1, 2, x + 1}", "{1, 2, (x + 1)}"),
            ("{ v in X | p(v), v != x }", "{v | v <- X, p(v), (v != x)}"),
            ("{ (a, b) in S | a < b }", "{<a, b> | <a, b> <- S, (a < b)}"),
            ("{ f(v) in S | true }", "{(f(v) in S) | true}"),
            (
                "{ x + 1 | x in S, (y, z) in T, x > y }",
                "{(x + 1) | x <- S, <y, z> <- T, (x > y)}",
            ),
            ("min({ v in X | true })", "min({v | v <- X, true})"),
            ("f(a, p = q, r = 1 + 2)", "f(a, p = q, r = (1 + 2))"),
            ("f() == g(e)", "(f() == g(e))"),
            ("true != false", "(true != false)"),
        ];
        for (source, expected) in cases {
            assert_eq!(parsed(source), expected, "{source}");
        }
    }

    #[test]
    fn every_node_spans_its_text() {
        let source = "fn g(x: set<set<int>>) -> (int, vector<bool>) = (a + b) * c[i].0 - -d";
        let items = ok(source);
        let g = function(&items, "g");
        assert_eq!(text(source, &g.span), source);
        assert_eq!(text(source, &g.params[0].span), "x: set<set<int>>");
        assert_eq!(ty(&g.params[0].ty), "set<set<int>>");
        let TypeExpr::Set(inner, span) = &g.params[0].ty else {
            panic!("{:?}", g.params[0].ty);
        };
        assert_eq!(text(source, span), "set<set<int>>");
        assert_eq!(text(source, inner.span()), "set<int>");
        assert_eq!(
            text(source, g.result.as_ref().unwrap().span()),
            "(int, vector<bool>)"
        );
        let Expr::Binary { op, lhs, rhs, span } = &g.body else {
            panic!("{:?}", g.body);
        };
        assert_eq!(text(source, span), "(a + b) * c[i].0 - -d");
        assert_eq!(text(source, &op.span), "-");
        assert_eq!(text(source, rhs.span()), "-d");
        let Expr::Binary {
            lhs: product_lhs,
            rhs: field,
            span,
            ..
        } = &**lhs
        else {
            panic!("{lhs:?}");
        };
        assert_eq!(text(source, span), "(a + b) * c[i].0");
        assert_eq!(text(source, product_lhs.span()), "a + b");
        let Expr::Field {
            base,
            field: number,
            span,
        } = &**field
        else {
            panic!("{field:?}");
        };
        assert_eq!(text(source, span), "c[i].0");
        assert_eq!(text(source, &number.span), "0");
        assert_eq!(text(source, base.span()), "c[i]");

        let source = "pred p() = { v in X | q(v, y = 1) } == {} and (1, 2) in T";
        let items = ok(source);
        let Expr::Binary { lhs, rhs, .. } = &function(&items, "p").body else {
            panic!();
        };
        let Expr::Binary {
            lhs: set,
            rhs: empty,
            ..
        } = &**lhs
        else {
            panic!("{lhs:?}");
        };
        assert_eq!(text(source, set.span()), "{ v in X | q(v, y = 1) }");
        assert_eq!(text(source, empty.span()), "{}");
        let Expr::Comprehension { clauses, .. } = &**set else {
            panic!("{set:?}");
        };
        let Clause::Filter(Expr::Call { args, span, .. }) = &clauses[1] else {
            panic!("{clauses:?}");
        };
        assert_eq!(text(source, span), "q(v, y = 1)");
        assert_eq!(text(source, &args[1].name.as_ref().unwrap().span), "y");
        let Expr::Binary { lhs: tuple, .. } = &**rhs else {
            panic!("{rhs:?}");
        };
        assert_eq!(text(source, tuple.span()), "(1, 2)");
    }

    #[test]
    fn items_of_every_kind() {
        let source = "\
grammar g
input p: piece
start S(x0: point) => S(x0)
import other = \"dir/o \\\"q\\\" \\\\.lgg\"
enum color { red, green }
enum nothing {}
terminal b()
nonterminal B(x: (int, (point, color)))
var V: int = 1
const C: set<int> = {1, 2}
fn h(x: int) -> int = x
pred q(x: int) = x > 0
family many = 12_k' for k' in {1, 2}
productions
";
        let items = ok(source);
        assert_eq!(items.len(), 14);
        assert!(
            matches!(&items[3], Item::Import { path, .. } if path.node == "dir/o \"q\" \\.lgg")
        );
        assert!(matches!(&items[5], Item::Enum { values, .. } if values.is_empty()));
        assert!(
            matches!(&items[6], Item::Symbol(b) if b.params.is_empty() && b.kind == SymbolKind::Terminal)
        );
        assert!(
            matches!(&items[7], Item::Symbol(b) if ty(&b.params[0].ty) == "(int, (point, color))")
        );
        assert!(matches!(&items[8], Item::Var(v) if v.name.node == "V"));
        assert!(matches!(&items[9], Item::Const(c) if ty(&c.ty) == "set<int>"));
        let Item::Family(f) = &items[12] else {
            panic!("{:?}", items[12]);
        };
        assert_eq!((f.base.node, f.index.node.as_str()), (12, "k'"));
        assert_eq!(text(source, &f.base.span), "12");
        assert_eq!(text(source, &f.index.span), "k'");
        assert!(
            matches!(&items[13], Item::Productions { rows, span } if rows.is_empty() && text(source, span) == "productions")
        );
    }

    #[test]
    fn rows_on_one_line_member_refs_and_empty_kernel_parameters() {
        let source = "productions 1 | true | B -> b() | x := 1, y := 2 | {2_1, 3} | {} 2 | true | B() -> e | | f | {1}";
        let items = ok(source);
        let rows = rows_of(&items);
        assert_eq!(rows.len(), 2);
        assert!(rows[0].kernel.params.is_empty());
        assert_eq!(rows[0].assignments.len(), 2);
        let LabelSet::Labels(labels, _) = &rows[0].on_success else {
            panic!();
        };
        assert_eq!(
            labels
                .iter()
                .map(|l| (l.number, l.member, text(source, &l.span)))
                .collect::<Vec<_>>(),
            [(2, Some(1), "2_1"), (3, None, "3")]
        );
        assert!(rows[1].kernel.rhs.is_empty());
        // `e(...)` is a symbol named `e`, not the empty string.
        let items = ok("productions 1 | true | A -> e(1) | | {} | {}");
        assert_eq!(rows_of(&items)[0].kernel.rhs[0].name.node, "e");
    }

    #[test]
    fn single_mistakes_give_one_clear_diagnostic() {
        let row = |cells: &str| format!("productions\n  {cells}\n");
        let cases: Vec<(String, &str, &str)> = vec![
            (
                "fnn f() -> int = 1".into(),
                "unknown item `fnn`: expected one of grammar, input, start, import, enum, terminal, nonterminal, var, const, fn, pred, family, productions",
                "fnn",
            ),
            (
                "} fn f() -> int = 1".into(),
                "expected an item (grammar, input, start, import, enum, terminal, nonterminal, var, const, fn, pred, family or productions), found `}`",
                "}",
            ),
            (
                "fn f(x: int) -> int = f(x, 1\nfn g() -> int = 2".into(),
                "`(` is not closed",
                "(",
            ),
            ("fn f() -> int = (1 + 2".into(), "`(` is not closed", "("),
            (
                "fn f() -> int = {1, 2 | true }".into(),
                "`{` is not closed",
                "{",
            ),
            ("fn f() -> int = x[1 | ".into(), "`[` is not closed", "["),
            (
                "fn f() -> int = f(x y)".into(),
                "expected `,` or `)` after the argument, found `y`",
                "y",
            ),
            (
                "var x: sett<int> = 1".into(),
                "expected `=` after the type, found `<`",
                "<",
            ),
            (
                "var x: 3 = 1".into(),
                "expected a type such as `int`, `point` or `set<point>`, found `3`",
                "3",
            ),
            (
                "var x: set<for> = 1".into(),
                "expected a type such as `int`, `point` or `set<point>`, found `for`",
                "for",
            ),
            (
                "var x: set int = 1".into(),
                "expected `<` after `set`, as in `set<point>`, found `int`",
                "int",
            ),
            ("var x: set<int = 1".into(), "`<` is not closed", "<"),
            (
                "var x: set<int>= 1".into(),
                "expected `>` to close `set<`, found `>=`",
                ">=",
            ),
            (
                "var x: int := 1".into(),
                "expected `=` after the type, found `:=`",
                ":=",
            ),
            (
                "var in: int = 1".into(),
                "expected a name, found `in`",
                "in",
            ),
            (
                "fn f() = 1".into(),
                "expected `->` and the result type after the parameters, found `=`",
                "=",
            ),
            (
                "pred p() -> bool = true".into(),
                "expected `=` after the parameters, found `->`",
                "->",
            ),
            (
                "fn f() -> int = ".into(),
                "expected an expression after `=`, found end of file",
                "",
            ),
            (
                "fn f() -> int = 1 +".into(),
                "expected an expression after `+`, found end of file",
                "",
            ),
            (
                "fn f() -> int = a < b < c".into(),
                "comparisons cannot be chained",
                "<",
            ),
            (
                "fn f() -> int = 1..2..3".into(),
                "ranges cannot be chained",
                "..",
            ),
            (
                "fn f() -> int = f(x)(y)".into(),
                "only a name can be called",
                "(",
            ),
            (
                "fn f() -> int = x.y".into(),
                "expected a field number such as `0` after `.`, found `y`",
                "y",
            ),
            (
                "fn f() -> int = 99999999999999999999".into(),
                "number too large",
                "99999999999999999999",
            ),
            (
                "fn f() -> int = x.99999999999999999999".into(),
                "number too large",
                "99999999999999999999",
            ),
            (
                "fn f() -> int = if a then b".into(),
                "expected `else` after the `then` branch (an `if` needs both), found end of file",
                "",
            ),
            (
                "fn f() -> int = let x = 1 x".into(),
                "expected `in` after the value of `let`, found `x`",
                "x",
            ),
            (
                "fn f() -> int = exists q in S q".into(),
                "expected `:` after the set, found `q`",
                "q",
            ),
            (
                "const v: vector<int> = vec z in PIECES: 0".into(),
                "the domain of `vec` must be `X`",
                "PIECES",
            ),
            (
                "family two = 2 for i in 1..n".into(),
                "expected a family label such as `2_i`, found `2`",
                "2",
            ),
            (
                "family two = 2_i for j in 1..n".into(),
                "the label `2_i` is indexed by `i` but `for` binds `j`",
                "j",
            ),
            (
                "import g = other.lgg".into(),
                "expected a file name in quotes, such as `\"shortest.lgg\"`, found `other`",
                "other",
            ),
            (
                "import g = \"other.lgg".into(),
                "unterminated string",
                "\"other.lgg",
            ),
            (
                "terminal a".into(),
                "expected `(` after the symbol's name (write `a()` for no parameters), found end of file",
                "",
            ),
            (
                "nonterminal A(x point)".into(),
                "expected `:` and a type after `x`, found `point`",
                "point",
            ),
            (
                "start S(x0: point) => ".into(),
                "expected the start string after `=>`, as in `S(x0, y0)`, found end of file",
                "",
            ),
            (
                "enum e { a b }".into(),
                "expected `,` or `}` after the enum value, found `b`",
                "b",
            ),
            (
                "grammar g $ fn f() -> int = 1".into(),
                "unexpected character `$`",
                "$",
            ),
            (
                row("1 | true | S(x) A(x) | | {} | {}"),
                "expected `->` in the kernel, found `A`",
                "A",
            ),
            (
                row("1 | true S(x) -> A(x) | | {} | {}"),
                "expected `|` after the condition, found `S`",
                "S",
            ),
            (
                row("1 | true | S(x) -> A(x) | | {2}"),
                "expected `|` after the success labels, found end of file",
                "",
            ),
            (
                row("1 | true | S(x) -> A(x) | {2} | {}\n  2 | true | A(x) -> e | | {} | {}"),
                SIX_CELLS,
                "1 | true | S(x) -> A(x) | {2} | {}",
            ),
            (
                row("1 | true | S(x) -> A(x) | | {2} | {} | {}"),
                SIX_CELLS,
                "1 | true | S(x) -> A(x) | | {2} | {} | {}",
            ),
            (
                row("1 | true | S(x) -> A(x) | x = 1 | {} | {}"),
                "expected `:=` in the assignment, found `=`",
                "=",
            ),
            (
                row("1 | true | S(x) -> A(x) | T[z] := 1 for w in X | {} | {}"),
                "the assignment is indexed by `z` but `for` binds `w`",
                "w",
            ),
            (
                row("1 | true | S(x) -> A(x) | T := f(z) for z in X | {} | {}"),
                "expected `;`, `,` or `|` after the assignment, found `for`",
                "for",
            ),
            (
                row("1 | true | S(x) -> A(x) | T[z] := 1 | {} | {}"),
                "expected `for z in ...` after the indexed assignment, found `|`",
                "|",
            ),
            (
                row("1 | true | S(x) -> A(x) | | {2, 3 | {}"),
                "`{` is not closed",
                "{",
            ),
            (
                row("1 | true | S(x) -> A(x) | | {} | {2_i}"),
                "expected a label such as `3` or `2_1`, found `2_i`",
                "2_i",
            ),
            (
                row("1 | true | S(x) -> | | {} | {}"),
                "expected a symbol such as `A(x)`, or `e` for the empty string, after `->`, found `|`",
                "|",
            ),
            (
                row("1 | | S(x) -> A(x) | | {} | {}"),
                "expected a condition such as `true` or `Q1(x)`, found `|`",
                "|",
            ),
            (
                row("x | true | S(x) -> A(x) | | {} | {}"),
                "expected a label such as `3` or `2_i`, found `x`",
                "x",
            ),
            (
                row("1 | true | S(x) -> A(x) | | {} | 99999999999999999999"),
                "expected the labels tried on failure (F_F), such as `{2}`, `{}` or a family's name, found `99999999999999999999`",
                "99999999999999999999",
            ),
            (
                row("99999999999999999999 | true | S(x) -> A(x) | | {} | {}"),
                "number too large",
                "99999999999999999999",
            ),
            (
                "1 | true | S(x) -> A(x) | | {} | {}".into(),
                "expected an item (grammar, input, start, import, enum, terminal, nonterminal, var, const, fn, pred, family or productions), found `1`",
                "1",
            ),
        ];
        for (source, message, found) in &cases {
            let (m, f) = one_error(source);
            assert_eq!((m.as_str(), f.as_str()), (*message, *found), "{source:?}");
        }
    }

    #[test]
    fn a_missing_cell_is_counted_rather_than_blamed_on_a_later_token() {
        // Without the pi_n cell, `two` would be read as an assignment missing its `:=`.
        let source = "productions\n  1 | true | S(x) -> A(x) | two | {}\n  2 | true | A(x) -> e | | {} | {}\n";
        let (items, errs) = errors(source);
        assert_eq!(
            errs,
            [(
                SIX_CELLS.to_string(),
                "1 | true | S(x) -> A(x) | two | {}".to_string()
            )]
        );
        let (_, diagnostics) = parse(source);
        assert_eq!(diagnostics[0].label, "this row has 5 cells");
        assert_eq!(rows_of(&items).len(), 1);
        // A bracket that is left open is reported as such, not as a wrong cell count.
        let (_, errs) = errors("productions\n  1 | { v in X | p(v) | S(x) -> A(x) | | {} | {}\n");
        assert_eq!(errs.len(), 1);
        assert_eq!(errs[0].1, "{");
    }

    #[test]
    fn notes_explain_common_mistakes() {
        let note = |source: &str| {
            let (_, diagnostics) = parse(source);
            assert_eq!(diagnostics.len(), 1, "{source}: {diagnostics:#?}");
            diagnostics[0].notes.clone()
        };
        assert_eq!(note("fnn f() -> int = 1"), ["did you mean `fn`?"]);
        assert_eq!(
            note("prodcutions\n 1 | true | A -> e | | {} | {}"),
            ["did you mean `productions`?"]
        );
        assert!(note("xyz").is_empty());
        assert_eq!(note("var for: int = 1"), ["`for` is a reserved word"]);
        assert_eq!(
            note("pred p() -> bool = true"),
            ["a `pred` is always bool; use `fn` for other result types"]
        );
        assert_eq!(
            note("productions\n 1 | true | A -> e | x = 1 | {} | {}"),
            ["pi_n assigns with `:=`, as in `TIME := NEXTTIME`"]
        );
        assert_eq!(
            note("productions\n 1 | true A -> e | | {} | {}"),
            [SIX_CELLS]
        );
        assert_eq!(
            note("1 | true | A -> e | | {} | {}"),
            ["rows belong after the `productions` keyword"]
        );
        let (_, diagnostics) = parse("fn f() -> int = g(1,\n  2\n");
        assert_eq!(diagnostics[0].related.len(), 1);
        assert_eq!(diagnostics[0].related[0].1, "the file ends here");
    }

    #[test]
    fn two_mistakes_two_diagnostics_and_the_items_between_survive() {
        let source = "\
grammar g
fn f(l: int) -> int = l -
pred Q1() = true
terminal a(x: point)
fnn g() -> int = 1
nonterminal A(x: point)
productions
  1 | Q1() | A(x) -> a(x) | | {2} | {}
  2 | Q1() | A(x) a(x) | | {} | {}
  3 | Q1() | A(x) -> e | | {} | {}
  4 | Q1() | A(x) -> e | | {} {}
family two = 2_i for i in 1..n
";
        let (items, errs) = errors(source);
        assert_eq!(
            errs,
            [
                (
                    "expected an expression after `-`, found `pred`".to_string(),
                    "pred".to_string()
                ),
                (
                    "unknown item `fnn`: expected one of grammar, input, start, import, enum, terminal, nonterminal, var, const, fn, pred, family, productions".to_string(),
                    "fnn".to_string()
                ),
                (
                    "expected `->` in the kernel, found `a`".to_string(),
                    "a".to_string()
                ),
                (
                    "expected `|` after the success labels, found `{`".to_string(),
                    "{".to_string()
                ),
            ]
        );
        let kinds: Vec<&str> = items
            .iter()
            .map(|item| match item {
                Item::Grammar(_) => "grammar",
                Item::Function(_) => "fn",
                Item::Symbol(_) => "symbol",
                Item::Productions { .. } => "productions",
                Item::Family(_) => "family",
                _ => "other",
            })
            .collect();
        assert_eq!(
            kinds,
            ["grammar", "fn", "symbol", "symbol", "productions", "family"]
        );
        let labels: Vec<u64> = rows_of(&items)
            .iter()
            .map(|r| r.label.number.node)
            .collect();
        assert_eq!(labels, [1, 3]);
    }

    #[test]
    fn a_bad_row_does_not_hide_the_next_row_or_item() {
        // The row's kernel spans two lines; recovery resumes at the next label.
        let source = "productions\n  1 | true | A(x) -> B(x)\n      C(x | | {} | {}\n  2 | true | A(x) -> e | | {} | {}\nfn f() -> int = 1\n";
        let (items, errs) = errors(source);
        assert_eq!(errs, [("`(` is not closed".to_string(), "(".to_string())]);
        assert_eq!(rows_of(&items).len(), 1);
        assert!(matches!(items.last(), Some(Item::Function(_))));
    }

    #[test]
    fn lexer_errors_are_not_repeated_by_the_parser() {
        let (items, errs) = errors("grammar g\nfn f() -> int = 1 § 2\npred p() = true");
        assert_eq!(
            errs,
            [("unexpected character `§`".to_string(), "§".to_string())]
        );
        assert_eq!(items.len(), 3);
        let (_, errs) = errors("fn f() -> int = \"abc\npred p() = true");
        assert_eq!(
            errs,
            [("unterminated string".to_string(), "\"abc".to_string())]
        );
        let (items, errs) = errors(
            "productions\n  1 | true $ | A -> e | | {} | {}\n  2 | true | A -> e | | {} | {}",
        );
        assert_eq!(
            errs,
            [("unexpected character `$`".to_string(), "$".to_string())]
        );
        assert_eq!(rows_of(&items).len(), 1);
    }

    #[test]
    fn empty_and_comment_only_files() {
        assert!(ok("").is_empty());
        assert!(ok("# nothing\n\n   # here\n").is_empty());
        assert!(ok("\u{feff}".trim_start_matches('\u{feff}')).is_empty());
    }

    #[test]
    fn deep_nesting_is_an_error_not_a_stack_overflow() {
        for (open, close) in [
            ("(", ")"),
            ("{", "}"),
            ("f(", ")"),
            ("x[", "]"),
            ("-", ""),
            ("not ", ""),
            ("if a then b else ", ""),
        ] {
            let fine = format!(
                "fn f() -> int = {}1{}",
                open.repeat(MAX_DEPTH - 2),
                close.repeat(MAX_DEPTH - 2)
            );
            assert!(parse(&fine).1.is_empty(), "{open}: {:?}", parse(&fine).1);
            let deep = format!(
                "fn f() -> int = {}1{}",
                open.repeat(5000),
                close.repeat(5000)
            );
            let (_, errs) = errors(&deep);
            assert_eq!(errs.len(), 1, "{open}");
            assert_eq!(errs[0].0, "nested too deeply");
        }
        let deep_type = format!("var x: {}int{} = 1", "set<".repeat(5000), ">".repeat(5000));
        assert_eq!(one_error(&deep_type).0, "nested too deeply");
        let deep_pattern = format!(
            "fn f() -> int = let {}x{} = 1 in x",
            "(".repeat(5000),
            ")".repeat(5000)
        );
        assert_eq!(one_error(&deep_pattern).0, "nested too deeply");
    }

    /// The shipped bad grammars: (file, message, offending text).
    const EXPECTED: &[(&str, &str, &str)] = &[
        (
            "syntax-symbol-without-parentheses.lgg",
            "expected `(` after the symbol's name (write `hop()` for no parameters), found `nonterminal`",
            "nonterminal",
        ),
        (
            "syntax-function-without-parentheses.lgg",
            "expected `(` after the function's name (write `Q()` for no parameters), found `=`",
            "=",
        ),
        (
            "syntax-assign-with-equals.lgg",
            "expected `:=` in the assignment, found `=`",
            "=",
        ),
        (
            "syntax-bad-parameter-type.lgg",
            "expected a type such as `int`, `point` or `set<point>`, found `5`",
            "5",
        ),
        (
            "syntax-bad-type.lgg",
            "expected `<` after `set`, as in `set<point>`, found `(`",
            "(",
        ),
        (
            "syntax-for-variable.lgg",
            "the assignment is indexed by `z` but `for` binds `y`",
            "y",
        ),
        (
            "syntax-missing-arrow.lgg",
            "expected `->` in the kernel, found `A`",
            "A",
        ),
        (
            "syntax-missing-cell.lgg",
            SIX_CELLS,
            "3   | Q3()        | A(x, y, l) -> a(y)                            | {}  | {}",
        ),
        (
            "syntax-misspelled-item.lgg",
            "unknown item `fnn`: expected one of grammar, input, start, import, enum, terminal, nonterminal, var, const, fn, pred, family, productions",
            "fnn",
        ),
        (
            "syntax-stray-character.lgg",
            "unexpected character `!`",
            "!",
        ),
        (
            "syntax-truncated.lgg",
            "expected an argument, found end of file",
            "",
        ),
        ("syntax-unclosed-label-set.lgg", "`{` is not closed", "{"),
        ("syntax-unclosed-paren.lgg", "`(` is not closed", "("),
        (
            "syntax-unterminated-string.lgg",
            "unterminated string",
            "\"admissible-trajectories.lgg",
        ),
    ];

    #[test]
    fn long_operator_chains_are_refused_before_they_get_too_tall() {
        // 255 operators make a tree of height 256: the most a chain may build.
        let fine = format!("fn f() -> int = 1{}", " + 1".repeat(MAX_HEIGHT - 1));
        let items = ok(&fine);
        assert_eq!(height(&function(&items, "f").body), MAX_HEIGHT);
        assert!(
            parse(&format!("fn f() -> int = x{}", ".0".repeat(MAX_HEIGHT - 1)))
                .1
                .is_empty()
        );
        // Parentheses do not reset the count: the tree is as tall either way.
        let nested = format!(
            "fn f() -> int = ({}) * 2",
            fine.trim_start_matches("fn f() -> int = ")
        );
        assert_eq!(
            one_error(&nested),
            ("expression too long".to_string(), "*".to_string())
        );
        for (op, found) in [(" + 1", "+"), (" and x", "and"), (".0", "."), ("[0]", "[")] {
            let long = format!("fn f() -> int = x{}\npred p() = true", op.repeat(100_000));
            let (items, errs) = errors(&long);
            assert_eq!(
                errs,
                [("expression too long".to_string(), found.to_string())],
                "{op}"
            );
            assert!(matches!(&items[..], [Item::Function(p)] if p.name.node == "p"));
        }
    }

    #[test]
    fn bad_files_each_give_exactly_one_diagnostic() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/bad");
        let mut seen = 0;
        for entry in std::fs::read_dir(dir).expect("tests/bad exists") {
            let path = entry.expect("readable entry").path();
            let file = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if !(file.starts_with("syntax-") && file.ends_with(".lgg")) {
                continue;
            }
            let source = std::fs::read_to_string(&path).expect("readable file");
            let (_, diagnostics) = parse(&source);
            assert_eq!(diagnostics.len(), 1, "{file}: {diagnostics:#?}");
            if let Some((_, message, found)) = EXPECTED.iter().find(|(f, ..)| *f == file) {
                let d = &diagnostics[0];
                assert_eq!(
                    (d.message.as_str(), &source[d.span.clone()]),
                    (*message, *found),
                    "{file}"
                );
                seen += 1;
            }
        }
        assert_eq!(seen, EXPECTED.len(), "some syntax-*.lgg files are missing");
    }

    mod fuzz {
        use super::super::*;
        use proptest::prelude::*;

        fn item_span(item: &Item) -> Span {
            match item {
                Item::Grammar(n) => n.span.clone(),
                Item::Input(Param { span, .. })
                | Item::Start(StartDecl { span, .. })
                | Item::Import { span, .. }
                | Item::Enum { span, .. }
                | Item::Symbol(SymbolDecl { span, .. })
                | Item::Var(Binding { span, .. })
                | Item::Const(Binding { span, .. })
                | Item::Function(FunctionDecl { span, .. })
                | Item::Family(FamilyDecl { span, .. })
                | Item::Productions { span, .. } => span.clone(),
            }
        }

        fn check(source: &str) {
            let (ast, diagnostics) = parse(source);
            for d in &diagnostics {
                assert!(source.get(d.span.clone()).is_some(), "{d:?} in {source:?}");
                for (span, _) in &d.related {
                    assert!(source.get(span.clone()).is_some(), "{d:?} in {source:?}");
                }
            }
            for item in &ast.items {
                assert!(
                    source.get(item_span(item)).is_some(),
                    "{item:?} in {source:?}"
                );
                if let Item::Productions { rows, .. } = item {
                    for row in rows {
                        assert!(source.get(row.span.clone()).is_some(), "{row:?}");
                    }
                }
            }
        }

        /// Tokens to make random files of: the reserved words, then the other words, symbols
        /// and troublemakers the lexer and parser meet.
        const MORE: &[&str] = &[
            "e",
            "X",
            "x",
            "S",
            "int",
            "set",
            "vector",
            "point",
            "(",
            ")",
            "{",
            "}",
            "[",
            "]",
            ",",
            ":",
            ";",
            "|",
            "|",
            "|",
            ".",
            "..",
            "->",
            "=>",
            ":=",
            "==",
            "!=",
            "<=",
            ">=",
            "<",
            ">",
            "=",
            "+",
            "-",
            "*",
            "/",
            "%",
            "1",
            "3",
            "2_i",
            "2_1",
            "\"f.lgg\"",
            "\"open",
            "\n",
            "\n",
            "# note\n",
            "$",
            "é",
            "99999999999999999999",
        ];

        fn soup() -> Vec<&'static str> {
            RESERVED.iter().chain(MORE).copied().collect()
        }

        proptest! {
            #[test]
            fn random_text_never_panics(source in "\\PC{0,80}") {
                check(&source);
            }

            #[test]
            fn any_string_never_panics(source in any::<String>()) {
                check(&source);
            }

            #[test]
            fn token_soup_never_panics(
                words in prop::collection::vec(prop::sample::select(soup()), 0..80),
                glue in prop::sample::select(&[" ", "", "\n"][..]),
            ) {
                check(&words.join(glue));
            }

            #[test]
            fn damaged_grammars_never_panic(
                cut in 0usize..2000,
                len in 0usize..40,
                insert in prop::sample::select(soup()),
                which in 0usize..5,
            ) {
                let source = [super::HANOI, super::SHORTEST, super::ADMISSIBLE, super::ADMISSIBLE_S06, super::ZONES][which];
                let mut at = cut.min(source.len());
                while !source.is_char_boundary(at) {
                    at -= 1;
                }
                let mut end = (at + len).min(source.len());
                while !source.is_char_boundary(end) {
                    end -= 1;
                }
                check(&format!("{}{insert}{}", &source[..at], &source[end.max(at)..]));
                check(&source[..at]);
            }
        }
    }
}
