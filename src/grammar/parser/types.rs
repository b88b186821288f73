//! Parameters, types, patterns and symbol calls.
use super::*;

/// `(x: point, y: point)`; `()` is no parameters.
pub(super) fn params(i: Input<'_>) -> PResult<'_, Vec<Param>> {
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
pub(super) fn param(i: Input<'_>) -> PResult<'_, Param> {
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
pub(super) fn type_expr(i: Input<'_>, depth: usize) -> PResult<'_, TypeExpr> {
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
pub(super) fn pattern(i: Input<'_>, depth: usize) -> PResult<'_, Pattern> {
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
pub(super) fn patterns<'a>(
    mut r: Input<'a>,
    open: &Span,
    depth: usize,
) -> PResult<'a, Vec<Pattern>> {
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
pub(super) fn symbol_call(i: Input<'_>) -> PResult<'_, SymbolCall> {
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
