//! Error recovery at item boundaries, for every file format: a file's items are parsed one
//! after another, an item that fails is reported and skipped, and parsing goes on, so that a
//! file's mistakes are reported together rather than first-only.

use nom::{Err, IResult};

use super::tokens::{SyntaxError, Tokens};
use super::{Diagnostic, Span};

/// Every item of `i` that parses with `item`; after one that fails, its diagnostic is added
/// and `skip` moves to the next item. `broken` is told where each item starts that failed, or
/// that parsed with lines of its own that did not (it reported them), so that what such an
/// item declares can be noted.
pub fn items<'a, T, I>(
    mut i: Tokens<'a, T>,
    diagnostics: &mut Vec<Diagnostic>,
    mut item: impl FnMut(Tokens<'a, T>, &mut Vec<Diagnostic>) -> IResult<Tokens<'a, T>, I, SyntaxError>,
    skip: impl Fn(Tokens<'a, T>) -> Tokens<'a, T>,
    mut broken: impl FnMut(Tokens<'a, T>),
) -> Vec<I> {
    let mut items = Vec::new();
    while !i.is_empty() {
        let before = diagnostics.len();
        match item(i, diagnostics) {
            Ok((rest, parsed)) => {
                if diagnostics.len() > before {
                    broken(i);
                }
                items.push(parsed);
                i = rest;
            }
            Err(Err::Error(SyntaxError(d)) | Err::Failure(SyntaxError(d))) => {
                diagnostics.push(d);
                broken(i);
                i = skip(i);
            }
            // Token parsers are complete: nothing asks for more input.
            Err(Err::Incomplete(_)) => {
                diagnostics.push(Diagnostic::new("unexpected end of file", i.eof_span()));
                break;
            }
        }
    }
    items
}

/// The lexer's diagnostics and the parser's, in source order. The lexer has already reported
/// its error tokens (those `is_error` accepts); a parser error on one would repeat it.
pub fn merge<T>(
    tokens: &[(T, Span)],
    is_error: impl Fn(&T) -> bool,
    lexer: Vec<Diagnostic>,
    parser: Vec<Diagnostic>,
) -> Vec<Diagnostic> {
    let lexer_errors: Vec<usize> = tokens
        .iter()
        .filter(|(token, _)| is_error(token))
        .map(|(_, span)| span.start)
        .collect();
    let mut diagnostics = lexer;
    diagnostics.extend(
        parser
            .into_iter()
            .filter(|d| lexer_errors.binary_search(&d.span.start).is_err()),
    );
    diagnostics.sort_by_key(|d| d.span.start);
    diagnostics
}
