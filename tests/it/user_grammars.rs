//! User grammars in `tests/grammars/` (not shipped, run without recompiling), loaded and run
//! through the library API and checked against results computed independently in Rust.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use lingeo::board::{Board, Point};
use lingeo::bundle::{Bundle, BundleOptions};
use lingeo::grammar::value::Value;
use lingeo::grammar::world::World;
use lingeo::grammar::{Grammar, Language, Limit, Limits, Strategy};
use lingeo::piece::{Side, Usage};
use lingeo::scenario::Scenario;

fn grammar(name: &str) -> Grammar {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/grammars")
        .join(name);
    Grammar::load(&path).unwrap_or_else(|e| panic!("{name}: {}", e.render()))
}

fn example(name: &str) -> Scenario {
    let path: PathBuf = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("examples")
        .join(name);
    Scenario::load(&path).expect("a shipped example")
}

fn board(w: u32, h: u32, removed: &[[i64; 3]]) -> Scenario {
    Scenario::empty(Board::grid(w, h, 1, removed).expect("a board"))
}

/// Derives `grammar` on `scenario` with `--piece piece`, `--set` values and `--start start`.
fn run(
    grammar: &Grammar,
    scenario: &Scenario,
    piece: Option<&str>,
    set: &[(&str, &str)],
    start: &str,
) -> Language {
    let kernel = scenario.kernel();
    let mut world = World::new(scenario, &kernel);
    let given: Vec<(String, String)> = set
        .iter()
        .map(|(n, v)| (n.to_string(), v.to_string()))
        .collect();
    let inputs = grammar
        .bind_inputs(&mut world, &given, piece.map(|p| (p, None)))
        .expect("inputs");
    let start = grammar.parse_start(&mut world, start).expect("start");
    let language = grammar
        .derive(&world, &inputs, &start, Limits::default(), None)
        .unwrap_or_else(|e| panic!("{}", e.render()));
    // The plain search, which takes every step of every derivation, derives the same.
    let plain = grammar
        .derive_with(&world, &inputs, &start, Limits::default(), Strategy::Plain)
        .unwrap_or_else(|e| panic!("{}", e.render()));
    assert_eq!(language.sentences, plain.sentences);
    // The stream the language is read off is the table's paths sorted, each once.
    let listed = crate::stream_check::stream_agrees(
        grammar,
        &world,
        &inputs,
        &start,
        Limits::default(),
        grammar.name(),
    );
    assert_eq!(language.sentences, listed);
    language
}

/// The language as trajectories written with point names (`a1 a2 b3`).
fn named(board: &Board, language: &Language) -> Vec<String> {
    language
        .trajectories()
        .expect("every terminal carries one point")
        .iter()
        .map(|t| names(board, t))
        .collect()
}

fn names(board: &Board, t: &[Point]) -> String {
    t.iter()
        .map(|&p| board.name(p))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The native shortest bundle of a white piece type from `from` to `to`, with point names.
fn shortest_bundle(scenario: &Scenario, piece: &str, from: &str, to: &str) -> Vec<String> {
    let kernel = scenario.kernel();
    let board = &scenario.board;
    let t = scenario.type_index(piece).expect("a piece type");
    let m = kernel.motion(t, Side::White, Usage::Move);
    let (x, y) = (
        board.parse_point(from).unwrap(),
        board.parse_point(to).unwrap(),
    );
    Bundle::new(&kernel, m, x, y, None, BundleOptions::default())
        .collect(1_000_000)
        .expect("a small bundle")
        .iter()
        .map(|t| names(board, t))
        .collect()
}

// ---------------------------------------------------------------------------------------
// king-avoiding.lgg

/// Its language equals the native shortest bundle on the board with the avoided points
/// removed: for a king and a knight (which do not slide) "never stop on a point" and "the
/// point is not on the board" are the same, and so are the shortest such trajectories.
#[test]
fn king_avoiding_is_the_shortest_bundle_without_the_avoided_points() {
    let g = grammar("king-avoiding.lgg");
    let full = board(8, 8, &[]);
    let cases = [
        ("king", "(d4, e5, d5)", "b3", "g6"),
        ("king", "(b7, c7, d7)", "a8", "e8"),
        ("king", "(c3, c4, c5)", "a4", "f4"),
        ("knight", "(c2, d5, f6)", "a1", "h8"),
        ("knight", "(e4, d6, b5)", "c3", "c7"),
    ];
    for (piece, avoid, from, to) in cases {
        let language = run(
            &g,
            &full,
            Some(piece),
            &[("avoid", avoid)],
            &format!("S({from}, {to})"),
        );
        let got = named(&full.board, &language);
        let avoided: Vec<&str> = avoid
            .trim_matches(|c| c == '(' || c == ')')
            .split(',')
            .map(str::trim)
            .collect();
        let removed: Vec<[i64; 3]> = avoided
            .iter()
            .map(|a| {
                let c = full
                    .board
                    .coords(full.board.parse_point(a).unwrap())
                    .unwrap();
                [c[0] as i64 + 1, c[1] as i64 + 1, c[2] as i64 + 1]
            })
            .collect();
        let expected = shortest_bundle(&board(8, 8, &removed), piece, from, to);
        assert!(
            !expected.is_empty(),
            "{piece} {from}-{to} avoiding {avoid}: a test with no trajectory proves little"
        );
        assert_eq!(got, expected, "{piece} {from}-{to} avoiding {avoid}");
        // The avoidance makes a difference in every case: the unrestricted bundle is larger.
        let unrestricted = shortest_bundle(&full, piece, from, to);
        assert_ne!(got, unrestricted, "{piece} {from}-{to} avoiding {avoid}");
        for t in &got {
            assert!(
                t.split(' ').all(|p| !avoided.contains(&p)),
                "{t} stops on {avoid}"
            );
        }
    }
}

#[test]
fn king_avoiding_small_cases_by_hand() {
    let g = grammar("king-avoiding.lgg");
    let full = board(8, 8, &[]);
    let language = |avoid: &str, start: &str| {
        named(
            &full.board,
            &run(&g, &full, Some("king"), &[("avoid", avoid)], start),
        )
    };
    // a1 -> c1 around b1, b2: up to a2, over b3, down through c2.
    assert_eq!(language("(b1, b2, d1)", "S(a1, c1)"), ["a1 a2 b3 c2 c1"]);
    // One point avoided (written three times): of a1 b1 c1 and a1 b2 c1 one is left.
    assert_eq!(language("(b1, b1, b1)", "S(a1, c1)"), ["a1 b2 c1"]);
    // a1 is walled in; an avoided start or end; the start is the end.
    assert!(language("(a2, b2, b1)", "S(a1, c1)").is_empty());
    assert!(language("(a1, h8, h8)", "S(a1, c1)").is_empty());
    assert!(language("(c1, h8, h8)", "S(a1, c1)").is_empty());
    assert!(language("(h8, h8, h8)", "S(a1, a1)").is_empty());
}

// ---------------------------------------------------------------------------------------
// missionaries.lgg

type State = (i64, i64, bool); // far-bank missionaries, cannibals; the boat is on the far bank

fn safe(n: i64, m: i64, c: i64) -> bool {
    (0..=n).contains(&m)
        && (0..=n).contains(&c)
        && (m == 0 || m >= c)
        && (n - m == 0 || n - m >= n - c)
}

/// Every sequence of far-bank states from (0, 0) to (n, n), crossing by crossing, that never
/// repeats a state: a depth-first search written independently of the grammar.
fn crossings(n: i64, k: i64) -> BTreeSet<Vec<(i64, i64)>> {
    fn go(
        n: i64,
        k: i64,
        s: State,
        seen: &mut Vec<State>,
        path: &mut Vec<(i64, i64)>,
        out: &mut BTreeSet<Vec<(i64, i64)>>,
    ) {
        if (s.0, s.1) == (n, n) {
            out.insert(path.clone());
            return;
        }
        for x in 0..=k {
            for y in 0..=k - x {
                if x + y == 0 {
                    continue;
                }
                let sign = if s.2 { -1 } else { 1 };
                let next = (s.0 + sign * x, s.1 + sign * y, !s.2);
                if !safe(n, next.0, next.1) || seen.contains(&next) {
                    continue;
                }
                seen.push(next);
                path.push((next.0, next.1));
                go(n, k, next, seen, path, out);
                path.pop();
                seen.pop();
            }
        }
    }
    let mut out = BTreeSet::new();
    let start = (0, 0, false);
    go(n, k, start, &mut vec![start], &mut Vec::new(), &mut out);
    out
}

/// The sentences as lists of p(m, c) pairs.
fn pairs(language: &Language) -> Vec<Vec<(i64, i64)>> {
    language
        .sentences
        .iter()
        .map(|s| {
            s.iter()
                .map(|sym| match sym.args.as_ref() {
                    [Value::Tuple(t)] => match t.as_ref() {
                        [Value::Int(m), Value::Int(c)] => (*m, *c),
                        other => panic!("p holds a pair, found {other:?}"),
                    },
                    other => panic!("p has one tuple argument, found {other:?}"),
                })
                .collect()
        })
        .collect()
}

#[test]
fn missionaries_three_and_three_with_a_boat_for_two() {
    let g = grammar("missionaries.lgg");
    let scenario = board(8, 8, &[]);
    let language = run(&g, &scenario, None, &[], "S(3, 2)");
    let kernel = scenario.kernel();
    let world = World::new(&scenario, &kernel);
    let printed: Vec<String> = language
        .sentences
        .iter()
        .map(|s| g.show_sentence(&world, s))
        .collect();
    // The four classic solutions (two ways to start, two to finish), eleven crossings each.
    assert_eq!(
        printed,
        [
            "p(0,2) p(0,1) p(0,3) p(0,2) p(2,2) p(1,1) p(3,1) p(3,0) p(3,2) p(2,2) p(3,3)",
            "p(0,2) p(0,1) p(0,3) p(0,2) p(2,2) p(1,1) p(3,1) p(3,0) p(3,2) p(3,1) p(3,3)",
            "p(1,1) p(0,1) p(0,3) p(0,2) p(2,2) p(1,1) p(3,1) p(3,0) p(3,2) p(2,2) p(3,3)",
            "p(1,1) p(0,1) p(0,3) p(0,2) p(2,2) p(1,1) p(3,1) p(3,0) p(3,2) p(3,1) p(3,3)",
        ]
    );
}

#[test]
fn missionaries_languages_are_the_safe_crossing_sequences() {
    let g = grammar("missionaries.lgg");
    let world = board(8, 8, &[]);
    for (n, k, count) in [
        (3, 2, 4),
        (2, 2, 4),
        (3, 3, 94),
        (4, 3, 200),
        (4, 2, 0),
        (1, 1, 0),
    ] {
        let language = run(&g, &world, None, &[], &format!("S({n}, {k})"));
        let got = pairs(&language);
        // Each sentence, checked on its own: loads of 1..=k from the boat's bank, safe banks.
        for s in &got {
            let mut at = (0, 0);
            for (step, &next) in s.iter().enumerate() {
                let boat_on_far_bank = step % 2 == 1;
                let (dm, dc) = if boat_on_far_bank {
                    (at.0 - next.0, at.1 - next.1)
                } else {
                    (next.0 - at.0, next.1 - at.1)
                };
                assert!(
                    dm >= 0 && dc >= 0 && (1..=k).contains(&(dm + dc)),
                    "{s:?}: bad load at {step}"
                );
                assert!(safe(n, next.0, next.1), "{s:?}: unsafe at {step}");
                at = next;
            }
            assert_eq!(at, (n, n), "{s:?} does not bring everyone across");
        }
        let expected = crossings(n, k);
        assert_eq!(got.len(), count, "N = {n}, K = {k}");
        assert_eq!(
            got.into_iter().collect::<BTreeSet<_>>(),
            expected,
            "N = {n}, K = {k}"
        );
    }
}

// ---------------------------------------------------------------------------------------
// two-legs.lgg (imports ../../grammars/shortest-trajectories.lgg)

/// Every shortest x0 -> w0 trajectory followed by every shortest w0 -> y0 trajectory.
fn two_legs(scenario: &Scenario, piece: &str, x0: &str, w0: &str, y0: &str) -> Vec<String> {
    let board = &scenario.board;
    let kernel = scenario.kernel();
    let p = scenario.piece(piece);
    let m = match p {
        Some(p) => scenario.motion_of(&kernel, p, Usage::Move),
        None => kernel.motion(
            scenario.type_index(piece).unwrap(),
            Side::White,
            Usage::Move,
        ),
    };
    let point = |t: &str| board.parse_point(t).unwrap();
    let leg = |a: &str, b: &str| {
        Bundle::new(
            &kernel,
            m,
            point(a),
            point(b),
            None,
            BundleOptions::default(),
        )
        .collect(100_000)
        .unwrap()
    };
    let mut out = Vec::new();
    for t1 in leg(x0, w0) {
        for t2 in leg(w0, y0) {
            let whole: Vec<Point> = t1.iter().chain(&t2[1..]).copied().collect();
            out.push(whole);
        }
    }
    out.sort();
    out.iter().map(|t| names(board, t)).collect()
}

#[test]
fn two_legs_joins_the_imported_shortest_bundles() {
    let g = grammar("two-legs.lgg");
    let fighter = example("robot-fighter.scenario");
    let empty = board(8, 8, &[]);
    let cases = [
        (&fighter, "FIGHTER", "f6", "c6", "h1"),
        (&fighter, "FIGHTER", "f6", "h8", "h1"),
        (&empty, "king", "a1", "d5", "h3"),
        (&empty, "knight", "a1", "b1", "c1"),
    ];
    for (scenario, piece, x0, w0, y0) in cases {
        let language = run(
            &g,
            scenario,
            Some(piece),
            &[],
            &format!("S({x0}, {w0}, {y0})"),
        );
        let got = named(&scenario.board, &language);
        let expected = two_legs(scenario, piece, x0, w0, y0);
        assert!(
            expected.len() > 1,
            "{piece} {x0}-{w0}-{y0}: too small a case"
        );
        assert_eq!(got, expected, "{piece} {x0}-{w0}-{y0}");
    }
    // f6 -> c6 -> h1 for the FIGHTER: 3 shortest ways round the removed points to c6 (length
    // 3), times 6 from c6 to h1 (length 6), as `lingeo trajectories` and G_t^(1) count them.
    let language = run(&g, &fighter, Some("FIGHTER"), &[], "S(f6, c6, h1)");
    assert_eq!(language.sentences.len(), 3 * 6);
    // A waypoint equal to the start makes the first leg empty, so the language is empty.
    let language = run(&g, &empty, Some("king"), &[], "S(a1, a1, h3)");
    assert!(language.sentences.is_empty());
}

/// An import by a bare name is looked for next to the importing file first, then among the
/// built-in grammars, so a copy of a grammar that imports a shipped one works from any folder.
#[test]
fn imports_by_name_find_the_built_in_grammars_from_anywhere() {
    let dir = std::env::temp_dir().join(format!("lingeo-import-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(root.join("tests/grammars/two-legs.lgg")).unwrap();
    let text = text.replace(
        "\"../../grammars/shortest-trajectories.lgg\"",
        "\"shortest-trajectories.lgg\"",
    );
    assert!(text.contains("import G1 = \"shortest-trajectories.lgg\""));
    let copy = dir.join("my-legs.lgg");
    std::fs::write(&copy, &text).unwrap();
    let g = Grammar::load(&copy).unwrap_or_else(|e| panic!("{}", e.render()));
    assert_eq!(
        g.program.imports[0].program.path,
        "<built-in>/shortest-trajectories.lgg"
    );
    let fighter = example("robot-fighter.scenario");
    let language = run(&g, &fighter, Some("FIGHTER"), &[], "S(f6, c6, h1)");
    assert_eq!(
        named(&fighter.board, &language),
        two_legs(&fighter, "FIGHTER", "f6", "c6", "h1")
    );
    // A file of that name next to the importing one comes first.
    let shipped = std::fs::read_to_string(root.join("grammars/shortest-trajectories.lgg")).unwrap();
    let local = dir.join("shortest-trajectories.lgg");
    std::fs::write(
        &local,
        shipped.replace("grammar shortest_trajectories", "grammar local_copy"),
    )
    .unwrap();
    let g = Grammar::load(&copy).unwrap_or_else(|e| panic!("{}", e.render()));
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(g.program.imports[0].program.name, "local_copy");
    assert_eq!(
        g.program.imports[0].program.path,
        local.display().to_string()
    );
}

/// Limits stop a run with an error that says which limit it was, also from an imported
/// grammar (the zones command tells a language too large for --max-zones by it).
#[test]
fn errors_name_the_limit_that_stopped_the_run() {
    let scenario = board(8, 8, &[]);
    let kernel = scenario.kernel();
    let mut world = World::new(&scenario, &kernel);
    let two_legs = grammar("two-legs.lgg");
    let inputs = two_legs
        .bind_inputs(&mut world, &[], Some(("king", None)))
        .expect("inputs");
    let hanoi = Grammar::shipped("hanoi").unwrap();
    let start = hanoi.parse_start(&mut world, "S(4, a, c)").unwrap();
    let limited = |max_steps, max_sentences| Limits {
        max_steps,
        max_sentences,
        ..Limits::default()
    };
    for strategy in [Strategy::Plain, Strategy::Tabled] {
        let e = hanoi
            .derive_with(&world, &[], &start, limited(5, 100), strategy)
            .unwrap_err();
        assert_eq!((e.limit, e.in_import), (Some(Limit::Steps), false));
    }
    let infinite = grammar("infinite.lgg");
    for strategy in [Strategy::Plain, Strategy::Tabled] {
        let e = infinite
            .derive_with(&world, &[], &[], Limits::default(), strategy)
            .unwrap_err();
        assert_eq!(e.limit, None, "an infinite language is not a limit");
    }
    // two-legs imports the shortest-trajectory grammar, whose languages here have more than
    // one sentence. The cap on the language derived does not cap them: its own language
    // passes it, not an import's.
    let start = two_legs.parse_start(&mut world, "S(a1, h8, c1)").unwrap();
    let e = two_legs
        .derive_with(
            &world,
            &inputs,
            &start,
            limited(1_000_000, 1),
            Strategy::Tabled,
        )
        .unwrap_err();
    assert_eq!(
        (e.limit, e.in_import),
        (Some(Limit::Sentences), false),
        "{}",
        e.render()
    );
    // The imported languages have a cap of their own.
    let e = two_legs
        .derive_with(
            &world,
            &inputs,
            &start,
            Limits {
                max_imported_sentences: 1,
                ..Limits::default()
            },
            Strategy::Tabled,
        )
        .unwrap_err();
    assert_eq!(
        (e.limit, e.in_import),
        (Some(Limit::Sentences), true),
        "{}",
        e.render()
    );
    let whole = two_legs
        .derive_with(&world, &inputs, &start, Limits::default(), Strategy::Tabled)
        .unwrap();
    assert!(whole.sentences.len() > 1);
}

/// `zones-occupied.lgg` is `zones-filtered.lgg` with a scanner that passes over the points no
/// piece stands on: the same language in the same order, in fewer steps.
#[test]
fn zones_scanning_occupied_points_is_zones_filtered_in_fewer_steps() {
    let variant = grammar("zones-occupied.lgg");
    let shipped = Grammar::shipped("zones-filtered").expect("a shipped grammar");
    let cases = [
        ("robot-zone-simplified.scenario", "BOMBER", "S(h5, h1, 4)"),
        ("robot-zone-full.scenario", "BOMBER", "S(h5, h1, 4)"),
        ("chess-zone.scenario", "WB", "S(f2, e5, 2)"),
        ("reti.scenario", "BP", "S(h5, h1, 4)"),
        ("figure2.scenario", "WR", "S(a1, d8, 2)"),
        ("board16.scenario", "BOMBER", "S(h3, h1, 2)"),
    ];
    for (file, piece, start) in cases {
        let scenario = example(file);
        let kernel = scenario.kernel();
        let mut world = World::new(&scenario, &kernel);
        let derive = |g: &Grammar, world: &mut World| {
            let inputs = g
                .bind_inputs(world, &[], Some((piece, None)))
                .expect("inputs");
            let start = g.parse_start(world, start).expect("start");
            g.derive(world, &inputs, &start, Limits::default(), None)
                .unwrap_or_else(|e| panic!("{file}: {}", e.render()))
        };
        let literal = derive(&shipped, &mut world);
        let occupied = derive(&variant, &mut world);
        assert!(!literal.sentences.is_empty(), "{file}: no zone");
        assert_eq!(occupied.sentences, literal.sentences, "{file}");
        assert!(
            occupied.steps * 2 < literal.steps,
            "{file}: {} steps against {}",
            occupied.steps,
            literal.steps
        );
    }
}

/// Formulas that would fill the memory or run for hours stop with an error at their limits,
/// pointing at the formula, and the same grammars run where they are small enough.
#[test]
fn formulas_that_run_away_stop_at_their_limits() {
    let derive = |g: &Grammar, scenario: &Scenario, start: &str, limits: Limits| {
        let kernel = scenario.kernel();
        let mut world = World::new(scenario, &kernel);
        let start = g.parse_start(&mut world, start).expect("start");
        g.derive(&world, &[], &start, limits, None)
    };
    let at = |e: &lingeo::grammar::RunError| -> String {
        e.source[e.span.clone().expect("a span")].to_string()
    };
    let (small, large) = (board(8, 8, &[]), board(64, 64, &[]));
    let one = |language: Language| -> Vec<String> {
        language
            .sentences
            .iter()
            .map(|s| format!("{:?}", s[0].args))
            .collect()
    };

    let explodes = grammar("set-explodes.lgg");
    // 8x8: 262,144 triples, within the default limits.
    let language = derive(&explodes, &small, "S(1)", Limits::default()).unwrap();
    assert_eq!(one(language), ["[Int(1)]"]);
    let e = derive(&explodes, &large, "S(1)", Limits::default()).unwrap_err();
    assert_eq!(e.limit, Some(Limit::SetSize), "{}", e.render());
    assert_eq!(at(&e), "{ (u, v, w) | u in X, v in X, w in X }");
    let e = derive(
        &explodes,
        &small,
        "S(1)",
        Limits {
            max_set_size: 1000,
            ..Limits::default()
        },
    )
    .unwrap_err();
    assert_eq!(e.limit, Some(Limit::SetSize), "{}", e.render());
    assert!(
        e.message.contains("more than 1000 members"),
        "{}",
        e.message
    );

    let spins = grammar("spins.lgg");
    let language = derive(&spins, &small, "S(2)", Limits::default()).unwrap();
    assert_eq!(one(language), ["[Int(2)]"]);
    let e = derive(
        &spins,
        &small,
        "S(2)",
        Limits {
            max_iterations: 100_000,
            ..Limits::default()
        },
    )
    .unwrap_err();
    assert_eq!(e.limit, Some(Limit::Iterations), "{}", e.render());
    assert!(at(&e).starts_with("exists "), "{}", e.render());

    // A call counts too: a function that calls itself twice runs out of work, not of depth.
    let doubling = Grammar::parse(
        "doubling.lgg",
        "grammar doubling\nstart S(k: int)\nterminal a(k: int)\nnonterminal S(k: int)\n\
         fn f(k: int) -> int = if k == 0 then 1 else f(k - 1) + f(k - 1)\n\
         productions\n  1 | f(k) > 0 | S(k) -> a(k) | | {} | {}\n",
    )
    .unwrap_or_else(|e| panic!("{}", e.render()));
    let language = derive(&doubling, &small, "S(10)", Limits::default()).unwrap();
    assert_eq!(one(language), ["[Int(10)]"]);
    let e = derive(
        &doubling,
        &small,
        "S(60)",
        Limits {
            max_iterations: 10_000,
            ..Limits::default()
        },
    )
    .unwrap_err();
    assert_eq!(e.limit, Some(Limit::Iterations), "{}", e.render());
    assert_eq!(at(&e), "f(k - 1)");

    // A range is a set like any other.
    let ranges = Grammar::parse(
        "ranges.lgg",
        "grammar ranges\nstart S(k: int)\nterminal a(k: int)\nnonterminal S(k: int)\n\
         productions\n  1 | size(1..k) > 0 | S(k) -> a(k) | | {} | {}\n",
    )
    .unwrap_or_else(|e| panic!("{}", e.render()));
    let language = derive(&ranges, &small, "S(1000)", Limits::default()).unwrap();
    assert_eq!(one(language), ["[Int(1000)]"]);
    let e = derive(&ranges, &small, "S(100000000)", Limits::default()).unwrap_err();
    assert_eq!(e.limit, Some(Limit::SetSize), "{}", e.render());
    assert_eq!(at(&e), "1..k");
}

/// `--trace` shows what each step assigns: whole vars, and for vectors over X the points whose
/// value changed (G_Z's TIME after its first trajectory, as in Stilman's worked derivations).
#[test]
fn trace_shows_what_each_step_assigns() {
    let scenario = example("robot-zone-simplified.scenario");
    let kernel = scenario.kernel();
    let mut world = World::new(&scenario, &kernel);
    let zones = Grammar::shipped("zones").unwrap();
    let inputs = zones
        .bind_inputs(&mut world, &[], Some(("BOMBER", None)))
        .expect("inputs");
    let start = zones.parse_start(&mut world, "S(h5, h1, 4)").unwrap();
    let mut lines: Vec<String> = Vec::new();
    let mut tracer = |event: &lingeo::grammar::TraceEvent| {
        lines.extend(event.to_string().lines().map(str::to_string))
    };
    let traced = zones
        .derive(
            &world,
            &inputs,
            &start,
            Limits::default(),
            Some(&mut tracer),
        )
        .unwrap();
    let plain = zones
        .derive(&world, &inputs, &start, Limits::default(), None)
        .unwrap();
    assert_eq!(traced.sentences, plain.sentences);
    let first = lines
        .iter()
        .position(|l| l.starts_with("  2_1 applies: t(BOMBER, h5 h4 h3 h2 h1, 5)"))
        .expect("the main trajectory is the first step of 2_1");
    assert_eq!(
        lines[first + 1],
        "    TIME[h1] := 5, TIME[h2] := 4, TIME[h3] := 3, TIME[h4] := 2"
    );
    // Steps that assign nothing new show no such line.
    assert!(
        lines[first + 2].starts_with("  3 applies: "),
        "{}",
        lines[first + 2]
    );
}
