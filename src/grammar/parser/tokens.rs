//! Tokens and errors: names, keywords, punctuation, and the diagnostics the rules share.
use super::*;

/// A name: an identifier that is not a reserved word.
pub(super) fn name(i: Input<'_>) -> PResult<'_, Name> {
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

pub(super) fn keyword<'a>(word: &'static str) -> impl Fn(Input<'a>) -> PResult<'a, Span> {
    move |i| match i.split_first() {
        Some(((Token::Ident(w), span), rest)) if *w == word => Ok((rest, span.clone())),
        _ => miss(&i, &format!("`{word}`")),
    }
}

pub(super) fn punct<'a>(token: Token<'static>) -> impl Fn(Input<'a>) -> PResult<'a, Span> {
    move |i| match i.split_first() {
        Some(((t, span), rest)) if *t == token => Ok((rest, span.clone())),
        _ => miss(&i, "punctuation"),
    }
}

/// The closing `token` of a bracket opened at `open`.
pub(super) fn close<'a>(
    i: Input<'a>,
    token: Token<'static>,
    open: &Span,
    what: &str,
) -> PResult<'a, Span> {
    match i.split_first() {
        Some(((t, span), rest)) if *t == token => Ok((rest, span.clone())),
        _ => Err(not_closed(&i, open, what)),
    }
}

/// Commits `result`: "does not start here" becomes "expected {what}, found ..." at `at`.
pub(super) fn required<'a, O>(
    result: PResult<'a, O>,
    at: &Input<'a>,
    what: &str,
) -> PResult<'a, O> {
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

pub(super) fn expected(i: &Input<'_>, what: &str) -> Diagnostic {
    SyntaxError::expected(i, what).0
}

pub(super) fn failure(d: Diagnostic) -> Err<SyntaxError> {
    Err::Failure(SyntaxError(d))
}

/// A recoverable "this rule does not start here".
pub(super) fn miss<'a, O>(i: &Input<'a>, what: &str) -> PResult<'a, O> {
    Err(Err::Error(SyntaxError::expected(i, what)))
}

/// A committed error at the next token.
pub(super) fn fail<'a, O>(i: &Input<'a>, what: &str) -> PResult<'a, O> {
    Err(failure(expected(i, what)))
}

/// At `r`, where {what} was expected after a bracket opened at `open`: if the construct has
/// visibly ended (end of file, a new line's item or row, a cell's `|`, another bracket's
/// closer or a keyword that follows an expression), the bracket was left open; otherwise
/// the next token is simply out of place.
pub(super) fn not_closed(r: &Input<'_>, open: &Span, what: &str) -> Err<SyntaxError> {
    if has_ended(r) {
        unclosed(r, open)
    } else {
        failure(expected(r, what))
    }
}

/// Like [`not_closed`] inside a type or a parameter list, where `=` also ends the construct
/// (`var x: set<int = 1`).
pub(super) fn type_not_closed(r: &Input<'_>, open: &Span, what: &str) -> Err<SyntaxError> {
    if let Some((Token::Eq, _)) = r.peek() {
        unclosed(r, open)
    } else {
        not_closed(r, open, what)
    }
}

pub(super) fn has_ended(r: &Input<'_>) -> bool {
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
pub(super) fn unclosed(r: &Input<'_>, open: &Span) -> Err<SyntaxError> {
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

pub(super) fn too_deep(i: &Input<'_>) -> Err<SyntaxError> {
    failure(
        Diagnostic::new("nested too deeply", i.next_span())
            .with_label(format!("more than {MAX_DEPTH} levels of nesting")),
    )
}

pub(super) fn parse_u64(text: &str, span: &Span) -> Result<u64, Err<SyntaxError>> {
    text.parse().map_err(|_| number_too_large(span.clone()))
}

pub(super) fn number_too_large(span: Span) -> Err<SyntaxError> {
    failure(Diagnostic::new("number too large", span).with_label("does not fit in 64 bits"))
}

pub(super) fn unknown_item(word: &str, span: Span) -> Diagnostic {
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

pub(super) fn is_reserved(word: &str) -> bool {
    RESERVED.contains(&word)
}

pub(super) fn is_item_keyword(r: &Input<'_>) -> bool {
    matches!(r.peek(), Some((Token::Ident(word), _)) if ITEM_KEYWORDS.contains(word))
}

pub(super) fn is_row_start(r: &Input<'_>) -> bool {
    matches!(r.peek(), Some((Token::Int(_) | Token::FamilyLabel(_), _)))
}

/// Whether the line of the next token has a `|`: a row's cells, even without a label.
pub(super) fn line_has_bar(r: &Input<'_>) -> bool {
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
pub(super) fn skip_to_item(i: Input<'_>) -> Input<'_> {
    let mut r = i.advance(1);
    while !(r.is_empty() || r.at_line_start() && is_item_keyword(&r)) {
        r = r.advance(1);
    }
    r
}

/// After a bad row: up to the next row label or item keyword that starts a line.
pub(super) fn skip_to_row(i: Input<'_>) -> Input<'_> {
    let mut r = i.advance(1);
    while !(r.is_empty() || r.at_line_start() && (is_row_start(&r) || is_item_keyword(&r))) {
        r = r.advance(1);
    }
    r
}
