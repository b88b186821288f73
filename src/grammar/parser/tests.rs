//! Tests of the grammar parser.

use super::*;

const HANOI: &str = include_str!("../../../grammars/hanoi.lgg");
const SHORTEST: &str = include_str!("../../../grammars/shortest-trajectories.lgg");
const ADMISSIBLE: &str = include_str!("../../../grammars/admissible-trajectories.lgg");
const ADMISSIBLE_S06: &str = include_str!("../../../grammars/admissible-trajectories-s06.lgg");

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
        Expr::Within { state, body, .. } => format!("(within {}: {})", sx(state), sx(body)),
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
    assert!(matches!(&row.on_success, LabelSet::Labels(l, _) if l.len() == 1 && l[0].number == 2));
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
        // A name bound again by a later clause of the same comprehension is tested, not bound.
        (
            "{ m | m in M, m in F, (a, m) in G, (m, b) in H }",
            "{m | m <- M, (m in F), <a, m> <- G, <m, b> <- H}",
        ),
        (
            "{ (a, b) | (a, b) in S, (b, a) in S }",
            "{<a, b> | <a, b> <- S, (<b, a> in S)}",
        ),
        ("within s: ON(p) == x", "(within s: (ON(p) == x))"),
        ("(within s: 1) + 2", "((within s: 1) + 2)"),
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
    assert!(matches!(&items[3], Item::Import { path, .. } if path.node == "dir/o \"q\" \\.lgg"));
    assert!(matches!(&items[5], Item::Enum { values, .. } if values.is_empty()));
    assert!(
        matches!(&items[6], Item::Symbol(b) if b.params.is_empty() && b.kind == SymbolKind::Terminal)
    );
    assert!(matches!(&items[7], Item::Symbol(b) if ty(&b.params[0].ty) == "(int, (point, color))"));
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
    let source =
        "productions\n  1 | true | S(x) -> A(x) | two | {}\n  2 | true | A(x) -> e | | {} | {}\n";
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
    let (items, errs) =
        errors("productions\n  1 | true $ | A -> e | | {} | {}\n  2 | true | A -> e | | {} | {}");
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
