//! Tests of the scenario parser.

use super::*;

/// Parses `source`, asserting it has no diagnostics.
fn ok(source: &str) -> Vec<Item> {
    let (ast, diagnostics) = parse(source);
    assert!(diagnostics.is_empty(), "{source:?}: {diagnostics:#?}");
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

fn name(s: &str, span: Span) -> PointRef {
    PointRef::Name(Spanned::new(s.to_string(), span))
}

fn text(source: &str, span: &Span) -> String {
    source[span.clone()].to_string()
}

const EXAMPLE: &str = "\
# A small scenario.
board 8x8
removed f7 e6, (2,2)
blocking on
type FIGHTER {
  value 5
  like king
  move leap (1,0) (1,1) (0,1)
  attack slide (1,1) (-1,1) range 3
}
white FIGHTER at f6
black king at a6 as BK
goal c8 for white
goal h1
";

#[test]
fn full_example() {
    let items = ok(EXAMPLE);
    let s = EXAMPLE;
    assert_eq!(items.len(), 8);

    let Item::Board(BoardDecl::Grid { dims, span }) = &items[0] else {
        panic!("{:?}", items[0]);
    };
    assert_eq!(dims.node, vec![8, 8]);
    assert_eq!(text(s, &dims.span), "8x8");
    assert_eq!(text(s, span), "board 8x8");

    let Item::Removed { points, span } = &items[1] else {
        panic!("{:?}", items[1]);
    };
    assert_eq!(text(s, span), "removed f7 e6, (2,2)");
    assert_eq!(points.len(), 3);
    assert_eq!(points[0], name("f7", 38..40));
    assert_eq!(text(s, points[1].span()), "e6");
    let PointRef::Tuple(t) = &points[2] else {
        panic!("{:?}", points[2]);
    };
    assert_eq!(t.node, vec![2, 2]);
    assert_eq!(text(s, &t.span), "(2,2)");

    let Item::Blocking(blocking) = &items[2] else {
        panic!("{:?}", items[2]);
    };
    assert!(blocking.node);
    assert_eq!(text(s, &blocking.span), "blocking on");

    let Item::Type(ty) = &items[3] else {
        panic!("{:?}", items[3]);
    };
    assert_eq!(ty.name.node, "FIGHTER");
    assert!(text(s, &ty.span).starts_with("type FIGHTER {"));
    assert!(text(s, &ty.span).ends_with("range 3\n}"));
    assert_eq!(ty.items.len(), 4);
    let TypeItem::Value(value) = &ty.items[0] else {
        panic!("{:?}", ty.items[0]);
    };
    assert_eq!(value.node, 5.0);
    assert_eq!(text(s, &value.span), "value 5");
    let TypeItem::Like(like) = &ty.items[1] else {
        panic!("{:?}", ty.items[1]);
    };
    assert_eq!(like.node, "king");
    let TypeItem::Vectors {
        usage,
        reach,
        vectors,
        range,
        span,
    } = &ty.items[2]
    else {
        panic!("{:?}", ty.items[2]);
    };
    assert_eq!((usage.node, reach.node), (Usage::Move, ReachDecl::Leap));
    assert_eq!(text(s, &reach.span), "leap");
    let vs: Vec<Vec<i64>> = vectors.iter().map(|v| v.node.clone()).collect();
    assert_eq!(vs, vec![vec![1, 0], vec![1, 1], vec![0, 1]]);
    assert_eq!(*range, None);
    assert_eq!(text(s, span), "move leap (1,0) (1,1) (0,1)");
    let TypeItem::Vectors {
        usage,
        reach,
        vectors,
        range,
        span,
    } = &ty.items[3]
    else {
        panic!("{:?}", ty.items[3]);
    };
    assert_eq!((usage.node, reach.node), (Usage::Attack, ReachDecl::Slide));
    assert_eq!(vectors[1].node, vec![-1, 1]);
    assert_eq!(text(s, &vectors[1].span), "(-1,1)");
    let range = range.as_ref().expect("range 3");
    assert_eq!(range.node, 3);
    assert_eq!(text(s, &range.span), "3");
    assert_eq!(text(s, span), "attack slide (1,1) (-1,1) range 3");

    let Item::Piece(white) = &items[4] else {
        panic!("{:?}", items[4]);
    };
    assert_eq!(white.side.node, SideDecl::White);
    assert_eq!(white.type_name.node, "FIGHTER");
    assert_eq!(text(s, white.at.span()), "f6");
    assert_eq!(white.name, None);
    assert_eq!(text(s, &white.span), "white FIGHTER at f6");

    let Item::Piece(black) = &items[5] else {
        panic!("{:?}", items[5]);
    };
    assert_eq!(black.side.node, SideDecl::Black);
    assert_eq!(black.name.as_ref().map(|n| n.node.as_str()), Some("BK"));
    assert_eq!(text(s, &black.span), "black king at a6 as BK");

    let Item::Goal(goal) = &items[6] else {
        panic!("{:?}", items[6]);
    };
    assert_eq!(text(s, goal.point.span()), "c8");
    assert_eq!(goal.owner.as_ref().map(|o| o.node.as_str()), Some("white"));
    assert_eq!(text(s, &goal.span), "goal c8 for white");
    let Item::Goal(goal) = &items[7] else {
        panic!("{:?}", items[7]);
    };
    assert_eq!(goal.owner, None);
    assert_eq!(text(s, &goal.span), "goal h1");
}

#[test]
fn grid_3d_and_graph_boards() {
    let items = ok("board 4x4x4");
    assert!(matches!(&items[0],
        Item::Board(BoardDecl::Grid { dims, span }) if dims.node == [4, 4, 4] && *span == (0..11)));

    let source = "board graph { 1 2, 3\n depot }";
    let items = ok(source);
    let Item::Board(BoardDecl::Graph { points, span }) = &items[0] else {
        panic!("{items:?}");
    };
    let names: Vec<&str> = points.iter().map(|p| p.node.as_str()).collect();
    assert_eq!(names, ["1", "2", "3", "depot"]);
    assert_eq!(text(source, &points[3].span), "depot");
    assert_eq!(text(source, span), source);
    // Graph points may be named like keywords.
    assert_eq!(ok("board graph { goal at }").len(), 1);
}

#[test]
fn removed_points_with_and_without_commas() {
    let source = "removed a1 (3,2,1), 7 (-1,0)\nremoved b2,\n  c3";
    let items = ok(source);
    assert_eq!(items.len(), 2);
    let Item::Removed { points, .. } = &items[0] else {
        panic!("{items:?}");
    };
    assert_eq!(points.len(), 4);
    assert_eq!(points[2], name("7", 20..21));
    assert!(matches!(&points[1], PointRef::Tuple(t) if t.node == [3, 2, 1]));
    assert!(matches!(&points[3], PointRef::Tuple(t) if t.node == [-1, 0]));
    // A trailing comma carries the list onto the next line.
    let Item::Removed { points, span } = &items[1] else {
        panic!("{items:?}");
    };
    assert_eq!(points.len(), 2);
    assert_eq!(text(source, span), "removed b2,\n  c3");
}

#[test]
fn edge_chains() {
    let source = "type T {\n  move edges 1 -> 2 -> 3, 4 -- 5 a1 -> b2\n    c -- (1,1) -> d\n  attack edges x -> y\n}";
    let items = ok(source);
    let Item::Type(ty) = &items[0] else {
        panic!("{items:?}");
    };
    assert_eq!(ty.items.len(), 2);
    let TypeItem::Edges { usage, edges, span } = &ty.items[0] else {
        panic!("{:?}", ty.items[0]);
    };
    assert_eq!(usage.node, Usage::Move);
    assert_eq!(
        text(source, span),
        "move edges 1 -> 2 -> 3, 4 -- 5 a1 -> b2\n    c -- (1,1) -> d"
    );
    let links: Vec<(String, String, bool, String)> = edges
        .iter()
        .map(|e| {
            (
                text(source, e.from.span()),
                text(source, e.to.span()),
                e.both_ways,
                text(source, &e.span),
            )
        })
        .collect();
    let expected = [
        ("1", "2", false, "1 -> 2"),
        ("2", "3", false, "2 -> 3"),
        ("4", "5", true, "4 -- 5"),
        ("a1", "b2", false, "a1 -> b2"),
        ("c", "(1,1)", true, "c -- (1,1)"),
        ("(1,1)", "d", false, "(1,1) -> d"),
    ];
    let expected: Vec<(String, String, bool, String)> = expected
        .iter()
        .map(|(a, b, w, s)| (a.to_string(), b.to_string(), *w, s.to_string()))
        .collect();
    assert_eq!(links, expected);
    assert!(matches!(&ty.items[1], TypeItem::Edges { usage, edges, .. }
        if usage.node == Usage::Attack && edges.len() == 1));
}

#[test]
fn decimal_and_negative_values() {
    let items = ok("type T { value 2.5 move slide (1,0), (0,-1) range 12 }");
    let Item::Type(ty) = &items[0] else {
        panic!("{items:?}");
    };
    assert!(matches!(&ty.items[0], TypeItem::Value(v) if v.node == 2.5));
    assert!(
        matches!(&ty.items[1], TypeItem::Vectors { vectors, range: Some(r), .. }
        if vectors[1].node == [0, -1] && r.node == 12)
    );
    let items = ok("type T { value -0.5 }");
    let Item::Type(ty) = &items[0] else {
        panic!("{items:?}");
    };
    assert!(matches!(&ty.items[0], TypeItem::Value(v) if v.node == -0.5));
}

#[test]
fn empty_and_comment_only_files() {
    assert!(ok("").is_empty());
    assert!(ok("# nothing\n\n   # here").is_empty());
    assert!(ok("blocking off").len() == 1);
}

#[test]
fn single_mistakes_give_one_clear_diagnostic() {
    let cases: &[(&str, &str, &str)] = &[
        (
            "bord 8x8",
            "unknown item `bord`: expected one of board, removed, blocking, type, white, black, goal, fuzzy, game",
            "bord",
        ),
        (
            "white king f6",
            "expected `at` after the piece type, found `f6`",
            "f6",
        ),
        (
            "goal {",
            "expected a point such as `a1` or `(1,1)`, found `{`",
            "{",
        ),
        (
            "blocking yes",
            "expected `on` or `off` after `blocking`, found `yes`",
            "yes",
        ),
        (
            "type T {\n  move leap range 2\n}",
            "a motion line needs at least one vector",
            "range",
        ),
        (
            "type T {\n  move jump (1,0)\n}",
            "expected `leap`, `slide` or `edges` after `move`, found `jump`",
            "jump",
        ),
        (
            "type T {\n  move slide (1,0) range\n}",
            "expected a whole number after `range`, found `}`",
            "}",
        ),
        (
            "type T {\n  move slide (1,0) range -2\n}",
            "expected a whole number after `range`, found `-2`",
            "-2",
        ),
        (
            "removed (2 2)",
            "expected `,` or `)` in the tuple, found `2`",
            "2",
        ),
        ("removed (2,)", "expected an integer, found `)`", ")"),
        ("removed (1.5,2)", "expected an integer, found `1.5`", "1.5"),
        (
            "type T {\n  move edges 1 -> 2 ->\n}",
            "expected a point such as `a1` or `(1,1)`, found `}`",
            "}",
        ),
        (
            "type T {\n  move edges 1 2\n}",
            "expected `->` or `--` after the point, found `2`",
            "2",
        ),
        (
            "type T {\n  vaule 3\n}",
            "unknown type item `vaule`: expected one of value, like, move, attack, jump, crown",
            "vaule",
        ),
        (
            "board 8",
            "expected grid dimensions such as `8x8`, or `graph { ... }`, after `board`, found `8`",
            "8",
        ),
        (
            "board 8x8x8x8",
            "a grid board has 2 or 3 dimensions, found 4",
            "8x8x8x8",
        ),
        (
            "white at f6",
            "expected a piece type after `white`, found `at`",
            "at",
        ),
        (
            "goal c8 for (1,1)",
            "expected `white`, `black` or a piece name after `for`, found `(`",
            "(",
        ),
        ("removed f7 % e6", "unexpected character `%`", "%"),
        (
            "} board 8x8",
            "expected an item (board, removed, blocking, type, white, black, goal, fuzzy or game), found `}`",
            "}",
        ),
    ];
    for (source, message, found) in cases {
        let (m, f) = one_error(source);
        assert_eq!((m.as_str(), f.as_str()), (*message, *found), "{source:?}");
    }
}

#[test]
fn suggestions_and_hints() {
    let (_, diagnostics) = parse("bord 8x8");
    assert_eq!(diagnostics[0].notes, ["did you mean `board`?"]);
    let (_, diagnostics) = parse("move leap (1,0)");
    assert_eq!(
        diagnostics[0].notes,
        ["`move` lines belong inside a `type NAME { ... }` block"]
    );
}

#[test]
fn end_of_file_points_at_the_end() {
    let source = "board 8x8\nwhite king at";
    let (_, diagnostics) = parse(source);
    assert_eq!(diagnostics.len(), 1);
    assert_eq!(
        diagnostics[0].message,
        "expected a point such as `a1` or `(1,1)`, found end of file"
    );
    assert_eq!(diagnostics[0].span, source.len()..source.len());
}

#[test]
fn unclosed_type_block_keeps_its_lines_and_the_next_items() {
    let source = "type FIGHTER {\n  value 5\n  move leap (1,0)\nwhite FIGHTER at f6\ngoal c8";
    let (items, errs) = errors(source);
    assert_eq!(
        errs,
        [(
            "`type` block is not closed: expected `}`".to_string(),
            "white".to_string()
        )]
    );
    let (_, diagnostics) = parse(source);
    assert_eq!(diagnostics[0].related.len(), 1);
    assert_eq!(text(source, &diagnostics[0].related[0].0), "{");
    assert_eq!(items.len(), 3);
    let Item::Type(ty) = &items[0] else {
        panic!("{items:?}");
    };
    assert_eq!(ty.items.len(), 2);
    assert_eq!(
        text(source, &ty.span),
        "type FIGHTER {\n  value 5\n  move leap (1,0)"
    );
    assert!(matches!(items[1], Item::Piece(_)));
    assert!(matches!(items[2], Item::Goal(_)));

    // At end of file the error sits at the very end.
    let source = "type T { value 1";
    let (_, diagnostics) = parse(source);
    assert_eq!(diagnostics.len(), 1);
    assert_eq!(diagnostics[0].span, source.len()..source.len());
    assert_eq!(diagnostics[0].label, "the file ends here");
}

#[test]
fn unclosed_graph_list() {
    let (items, errs) = errors("board graph { 1 2\nwhite k at 1");
    assert_eq!(
        errs,
        [(
            "`board graph` list is not closed: expected `}`".to_string(),
            "white".to_string()
        )]
    );
    assert!(matches!(items[..], [Item::Piece(_)]));
}

#[test]
fn two_mistakes_two_diagnostics_and_the_items_between_survive() {
    let source = "\
board 8x8
white king f6
removed a1
goal c8
bord 8x8
black king at a6
";
    let (items, errs) = errors(source);
    assert_eq!(
        errs.iter().map(|(_, f)| f.as_str()).collect::<Vec<_>>(),
        ["f6", "bord"]
    );
    assert_eq!(items.len(), 4);
    assert!(matches!(items[0], Item::Board(_)));
    assert!(matches!(&items[1], Item::Removed { points, .. } if points.len() == 1));
    assert!(matches!(items[2], Item::Goal(_)));
    assert!(matches!(&items[3], Item::Piece(p) if p.side.node == SideDecl::Black));
}

#[test]
fn bad_lines_inside_a_type_block_are_skipped_one_by_one() {
    let source = "\
type T {
  value x
  move leap (1,0)
  attack leap (1,1
  like king
}
goal c8 for white
";
    let (items, errs) = errors(source);
    assert_eq!(
        errs,
        [
            (
                "expected a number after `value`, found `x`".to_string(),
                "x".to_string()
            ),
            (
                "expected `,` or `)` in the tuple, found `like`".to_string(),
                "like".to_string()
            ),
        ]
    );
    let Item::Type(ty) = &items[0] else {
        panic!("{items:?}");
    };
    assert_eq!(ty.items.len(), 2);
    assert!(matches!(&ty.items[1], TypeItem::Like(l) if l.node == "king"));
    assert!(matches!(items[1], Item::Goal(_)));
}

#[test]
fn a_removed_list_stops_at_the_end_of_its_line() {
    // Otherwise `bord` would be taken for a point and `8x8` blamed instead.
    let (items, errs) = errors("removed f7 e6\nbord 8x8\ngoal c8");
    assert_eq!(errs.len(), 1);
    assert_eq!(errs[0].1, "bord");
    assert!(matches!(&items[0], Item::Removed { points, .. } if points.len() == 2));
    assert!(matches!(items[1], Item::Goal(_)));
}

#[test]
fn a_misspelt_line_after_edges_is_an_unknown_item() {
    let (_, errs) = errors("type T {\n  move edges 1 -> 2\n  mve leap (1,0)\n}");
    assert_eq!(errs.len(), 1);
    assert_eq!(errs[0].1, "mve");
}

#[test]
fn huge_numbers_are_reported_not_overflowed() {
    for (source, found) in [
        ("removed (99999999999999999999,1)", "99999999999999999999"),
        ("removed (-99999999999999999999,1)", "-99999999999999999999"),
        ("board 99999999999999999999x8", "99999999999999999999"),
        (
            "type T { move leap (1,0) range 99999999999999999999 }",
            "99999999999999999999",
        ),
    ] {
        assert_eq!(
            one_error(source),
            ("number too large".to_string(), found.to_string()),
            "{source}"
        );
    }
    let huge_value = format!("type T {{ value {} }}", "9".repeat(400));
    assert_eq!(one_error(&huge_value).0, "number too large");
    // Point names are text, so a long number is fine there.
    assert_eq!(ok("removed 99999999999999999999").len(), 1);
}

#[test]
fn lexer_errors_are_not_repeated_by_the_parser() {
    let (items, errs) = errors("board 8x8\nwhite king at §\ngoal c8");
    assert_eq!(
        errs,
        [("unexpected character `§`".to_string(), "§".to_string())]
    );
    assert!(matches!(items[..], [Item::Board(_), Item::Goal(_)]));
}

#[test]
fn bad_files_each_give_exactly_one_diagnostic() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/bad");
    let mut seen = 0;
    for entry in std::fs::read_dir(dir).expect("tests/bad exists") {
        let path = entry.expect("readable entry").path();
        let file = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if !(file.starts_with("syntax-") && file.ends_with(".scenario")) {
            continue;
        }
        let source = std::fs::read_to_string(&path).expect("readable file");
        let (_, diagnostics) = parse(&source);
        assert_eq!(diagnostics.len(), 1, "{file}: {diagnostics:#?}");
        seen += 1;
    }
    assert!(seen >= 8, "only {seen} syntax-*.scenario files");
}

mod fuzz {
    use super::super::*;
    use proptest::prelude::*;

    fn item_span(item: &Item) -> Span {
        match item {
            Item::Board(BoardDecl::Grid { span, .. } | BoardDecl::Graph { span, .. })
            | Item::Removed { span, .. }
            | Item::Blocking(Spanned { span, .. })
            | Item::RemovedColour(Spanned { span, .. })
            | Item::Type(TypeDecl { span, .. })
            | Item::Piece(PieceDecl { span, .. })
            | Item::Goal(GoalDecl { span, .. })
            | Item::Fuzzy(FuzzyDecl { span, .. })
            | Item::Game(crate::scenario::ast::GameDecl { span, .. }) => span.clone(),
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
        }
    }

    const SOUP: &[&str] = &[
        "board",
        "graph",
        "removed",
        "blocking",
        "on",
        "off",
        "type",
        "value",
        "like",
        "move",
        "attack",
        "leap",
        "slide",
        "range",
        "edges",
        "white",
        "black",
        "at",
        "as",
        "goal",
        "for",
        "fuzzy",
        "length",
        "inf",
        "\"short\"",
        "\"open",
        "(",
        ")",
        "{",
        "}",
        ",",
        "->",
        "--",
        "8x8",
        "4x4x4",
        "1",
        "-1",
        "2.5",
        "a1",
        "depot",
        "\n",
        "# note\n",
        "%",
        "é",
        "99999999999999999999",
        "-",
    ];

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
            words in prop::collection::vec(prop::sample::select(SOUP), 0..60),
            glue in prop::sample::select(&[" ", "", "\n"][..]),
        ) {
            check(&words.join(glue));
        }
    }
}
