//! Productions and their rows: labels, kernels, assignments, label sets.
use super::*;

/// `productions` and its rows. Not a plain nom parser: it recovers from bad rows by itself,
/// pushing one diagnostic per row, so the good rows still reach the AST.
pub(super) fn productions<'a>(
    i: Input<'a>,
    diagnostics: &mut Vec<Diagnostic>,
) -> PResult<'a, Item> {
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
pub(super) fn row(i: Input<'_>) -> PResult<'_, Row> {
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
pub(super) fn bar<'a>(row_start: &Input<'a>, r: Input<'a>, after: &str) -> PResult<'a, ()> {
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
pub(super) fn six_cells(row_start: &Input<'_>) -> Diagnostic {
    let end = skip_to_row(*row_start);
    let label = match count_cells(row_start, &end) {
        Some(n) => format!("this row has {n} cell{}", if n == 1 { "" } else { "s" }),
        None => "this row".to_string(),
    };
    Diagnostic::new(SIX_CELLS, row_start.span_to(&end)).with_label(label)
}

/// The cells of the tokens from `start` to `end`: one more than the `|` outside brackets.
/// `None` when the brackets do not balance, since then a `|` might be a comprehension's.
pub(super) fn count_cells(start: &Input<'_>, end: &Input<'_>) -> Option<usize> {
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
pub(super) fn between<'a>(start: &Input<'a>, end: &Input<'a>) -> &'a [(Token<'a>, Span)] {
    let all = start.as_slice();
    &all[..end.index().saturating_sub(start.index()).min(all.len())]
}

/// A failed row's diagnostic, or "a row has six cells" when the row has visibly too few or
/// too many: a missing cell makes the parser stumble somewhere misleading. A missing `|`
/// explains itself, and a lexer error is already reported where it is.
pub(super) fn explain_row_failure(i: Input<'_>, d: Diagnostic) -> Diagnostic {
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

pub(super) fn label_decl(i: Input<'_>) -> PResult<'_, LabelDecl> {
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
pub(super) fn kernel(i: Input<'_>) -> PResult<'_, Kernel> {
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
pub(super) fn assignments(i: Input<'_>) -> PResult<'_, Vec<Assignment>> {
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
pub(super) fn assignment(i: Input<'_>) -> PResult<'_, Assignment> {
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

pub(super) fn assign_op(i: Input<'_>) -> PResult<'_, ()> {
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
pub(super) fn label_set(i: Input<'_>) -> PResult<'_, LabelSet> {
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
pub(super) fn label_ref(i: Input<'_>) -> PResult<'_, LabelRef> {
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
