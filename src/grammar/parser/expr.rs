//! Expressions, loosest to tightest binding.
use super::*;

/// What an expression may contain where it is being parsed.
#[derive(Clone, Copy)]
pub(super) struct Ctx {
    /// False in the value of `let p = v in b`, where `in` ends the value.
    allow_in: bool,
    depth: usize,
}

impl Ctx {
    pub(super) const TOP: Ctx = Ctx {
        allow_in: true,
        depth: 0,
    };

    /// One level deeper, in the same context (a prefix form's tail, an operand of `-`).
    pub(super) fn deeper(self, at: &Input<'_>) -> Result<Ctx, Err<SyntaxError>> {
        if self.depth >= MAX_DEPTH {
            return Err(too_deep(at));
        }
        Ok(Ctx {
            depth: self.depth + 1,
            ..self
        })
    }

    /// One level deeper, inside brackets or between keywords, where `in` is unambiguous.
    pub(super) fn nested(self, at: &Input<'_>) -> Result<Ctx, Err<SyntaxError>> {
        Ok(Ctx {
            allow_in: true,
            ..self.deeper(at)?
        })
    }
}

pub(super) fn expr(i: Input<'_>, ctx: Ctx) -> PResult<'_, Expr> {
    or_expr(i, ctx)
}

pub(super) fn or_expr(i: Input<'_>, ctx: Ctx) -> PResult<'_, Expr> {
    left_assoc(i, ctx, and_expr, |t| {
        matches!(t, Token::Ident("or")).then_some(BinOp::Or)
    })
}

pub(super) fn and_expr(i: Input<'_>, ctx: Ctx) -> PResult<'_, Expr> {
    left_assoc(i, ctx, not_expr, |t| {
        matches!(t, Token::Ident("and")).then_some(BinOp::And)
    })
}

pub(super) fn not_expr(i: Input<'_>, ctx: Ctx) -> PResult<'_, Expr> {
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
pub(super) fn comparison(i: Input<'_>, ctx: Ctx) -> PResult<'_, Expr> {
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
pub(super) fn chained_comparison(second: Span) -> Err<SyntaxError> {
    failure(
        Diagnostic::new("comparisons cannot be chained", second)
            .with_label("a second comparison")
            .with_note("write `a < b and b < c`, or add parentheses"),
    )
}

/// A missing operand after the operator at `op`: "expected an expression after `+`".
#[cold]
pub(super) fn after_operator(e: Err<SyntaxError>, at: &Input<'_>, op: &Span) -> Err<SyntaxError> {
    match e {
        Err::Error(_) => failure(expected(
            at,
            &format!("an expression after `{}`", at.text(op)),
        )),
        other => other,
    }
}

pub(super) fn comparison_op<'a>(r: &Input<'a>, ctx: Ctx) -> Option<(BinOp, Span, Input<'a>)> {
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
pub(super) fn range_expr(i: Input<'_>, ctx: Ctx) -> PResult<'_, Expr> {
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

pub(super) fn additive(i: Input<'_>, ctx: Ctx) -> PResult<'_, Expr> {
    left_assoc(i, ctx, multiplicative, |t| match t {
        Token::Plus => Some(BinOp::Add),
        Token::Minus => Some(BinOp::Sub),
        Token::Ident("union") => Some(BinOp::Union),
        _ => None,
    })
}

pub(super) fn multiplicative(i: Input<'_>, ctx: Ctx) -> PResult<'_, Expr> {
    left_assoc(i, ctx, unary, |t| match t {
        Token::Star => Some(BinOp::Mul),
        Token::Slash => Some(BinOp::Div),
        Token::Percent => Some(BinOp::Mod),
        Token::Ident("inter") => Some(BinOp::Inter),
        _ => None,
    })
}

/// `operand (op operand)*`, folded to the left; each node spans from the first operand.
pub(super) fn left_assoc<'a>(
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
pub(super) fn taller(
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
pub(super) fn height(e: &Expr) -> usize {
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
        Expr::Within { state, body, .. } => height(state).max(height(body)),
    }
}

#[cold]
pub(super) fn too_long(at: &Span) -> Err<SyntaxError> {
    failure(
        Diagnostic::new("expression too long", at.clone())
            .with_label(format!("more than {MAX_HEIGHT} operators deep"))
            .with_note("split it with `let` or a helper function"),
    )
}

pub(super) fn binary(
    i: &Input<'_>,
    r: &Input<'_>,
    op: BinOp,
    op_span: Span,
    lhs: Expr,
    rhs: Expr,
) -> Expr {
    Expr::Binary {
        op: Spanned::new(op, op_span),
        lhs: Box::new(lhs),
        rhs: Box::new(rhs),
        span: i.span_to(r),
    }
}

pub(super) fn unary(i: Input<'_>, ctx: Ctx) -> PResult<'_, Expr> {
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
pub(super) fn postfix(i: Input<'_>, ctx: Ctx) -> PResult<'_, Expr> {
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
pub(super) fn index_suffix<'a>(
    start: &Input<'a>,
    r: Input<'a>,
    base: Expr,
    ctx: Ctx,
) -> PResult<'a, Expr> {
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
pub(super) fn field_suffix<'a>(start: &Input<'a>, r: Input<'a>, base: Expr) -> PResult<'a, Expr> {
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
pub(super) fn not_callable(paren: &Span) -> Err<SyntaxError> {
    failure(
        Diagnostic::new("only a name can be called", paren.clone())
            .with_label("arguments after an expression that is not a name"),
    )
}

pub(super) fn primary(i: Input<'_>, ctx: Ctx) -> PResult<'_, Expr> {
    match i.peek() {
        Some((Token::Int(_) | Token::Ident("true" | "false"), _)) => literal(i),
        Some((Token::Ident("if"), _)) => if_expr(i, ctx),
        Some((Token::Ident("let"), _)) => let_expr(i, ctx),
        Some((Token::Ident("exists" | "forall"), _)) => quantified(i, ctx),
        Some((Token::Ident("vec"), _)) => vector_expr(i, ctx),
        Some((Token::Ident("within"), _)) => within_expr(i, ctx),
        Some((Token::Ident(word), _)) if !is_reserved(word) => call(i, ctx),
        Some((Token::LParen, _)) => paren_expr(i, ctx),
        Some((Token::LBrace, _)) => set_expr(i, ctx),
        _ => miss(&i, "an expression"),
    }
}

/// An integer, `true` or `false`.
pub(super) fn literal(i: Input<'_>) -> PResult<'_, Expr> {
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
pub(super) fn call(i: Input<'_>, ctx: Ctx) -> PResult<'_, Expr> {
    let (r, name) = name(i)?;
    let Some(((Token::LParen, open), after)) = r.split_first() else {
        return Ok((r, Expr::Name(name)));
    };
    let (after, args) = arguments(after, open, ctx.nested(&i)?, true)?;
    let span = i.span_to(&after);
    Ok((after, Expr::Call { name, args, span }))
}

/// `(e)` (just `e`) or a tuple `(a, b, ...)`.
pub(super) fn paren_expr(i: Input<'_>, ctx: Ctx) -> PResult<'_, Expr> {
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
pub(super) fn arguments<'a>(
    mut r: Input<'a>,
    open: &Span,
    ctx: Ctx,
    named: bool,
) -> PResult<'a, Vec<Arg>> {
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
pub(super) fn set_expr(i: Input<'_>, ctx: Ctx) -> PResult<'_, Expr> {
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
pub(super) fn comprehension<'a>(
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
        clauses.push(clause_after(e, &clauses));
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

/// [`clause`], except that `p in S` whose names are all bound by earlier generators of the
/// same comprehension is a membership test (binding them again would hide the earlier ones):
/// `{ m | m in MOVES(s), m in FIRST(s) }` keeps the moves that are also first steps.
fn clause_after(e: Expr, earlier: &[Clause]) -> Clause {
    fn names<'p>(p: &'p Pattern, out: &mut Vec<&'p str>) {
        match p {
            Pattern::Name(n) => out.push(&n.node),
            Pattern::Tuple(ps, _) => ps.iter().for_each(|p| names(p, out)),
        }
    }
    let mut bound = Vec::new();
    for c in earlier {
        if let Clause::Generator { pattern, .. } = c {
            names(pattern, &mut bound);
        }
    }
    match clause(e) {
        Clause::Generator { pattern, domain } => {
            let mut mine = Vec::new();
            names(&pattern, &mut mine);
            if mine.iter().all(|n| bound.contains(n)) {
                Clause::Filter(Expr::Binary {
                    span: pattern.span().start..domain.span().end,
                    op: Spanned {
                        node: BinOp::In,
                        span: pattern.span().clone(),
                    },
                    lhs: Box::new(pattern_expr(&pattern)),
                    rhs: Box::new(domain),
                })
            } else {
                Clause::Generator { pattern, domain }
            }
        }
        filter => filter,
    }
}

/// A pattern read back as the expression it was parsed from.
fn pattern_expr(p: &Pattern) -> Expr {
    match p {
        Pattern::Name(n) => Expr::Name(n.clone()),
        Pattern::Tuple(ps, span) => {
            Expr::Tuple(ps.iter().map(pattern_expr).collect(), span.clone())
        }
    }
}

/// `p in S` with `p` a name or tuple of names is a generator; anything else is a filter.
pub(super) fn clause(e: Expr) -> Clause {
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

pub(super) fn as_pattern(e: &Expr) -> Option<Pattern> {
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
pub(super) fn if_expr(i: Input<'_>, ctx: Ctx) -> PResult<'_, Expr> {
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
pub(super) fn let_expr(i: Input<'_>, ctx: Ctx) -> PResult<'_, Expr> {
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
pub(super) fn quantified(i: Input<'_>, ctx: Ctx) -> PResult<'_, Expr> {
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

/// `within s: body`: the body read in the world of state s.
pub(super) fn within_expr(i: Input<'_>, ctx: Ctx) -> PResult<'_, Expr> {
    let (r, _) = keyword("within")(i)?;
    let (r, state) = required(expr(r, ctx.nested(&i)?), &r, "a state after `within`")?;
    let (r, _) = required(punct(Token::Colon)(r), &r, "`:` after the state")?;
    let (r, body) = required(expr(r, ctx.deeper(&i)?), &r, "an expression after `:`")?;
    let span = i.span_to(&r);
    Ok((
        r,
        Expr::Within {
            state: Box::new(state),
            body: Box::new(body),
            span,
        },
    ))
}

/// `vec z in X: body`. Vectors always range over X; writing it keeps the binder readable.
pub(super) fn vector_expr(i: Input<'_>, ctx: Ctx) -> PResult<'_, Expr> {
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
