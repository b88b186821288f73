//! Input that used to crash the interpreter or give a wrong result: arithmetic at the ends of
//! the integers, derivations that come back to a state they were in.

use lingeo::board::Board;
use lingeo::grammar::world::World;
use lingeo::grammar::{Grammar, Limit, Limits, RunError, Strategy};
use lingeo::scenario::Scenario;

/// A grammar of `tests/grammars/`, with its text.
fn grammar(name: &str) -> (Grammar, String) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/grammars")
        .join(name);
    let g = Grammar::load(&path).unwrap_or_else(|e| panic!("{name}: {}", e.render()));
    (g, std::fs::read_to_string(&path).expect("the file"))
}

/// The language of `g` from `start` under both strategies (which must agree), as text.
fn language(g: &Grammar, start: &str, limits: Limits) -> Result<Vec<String>, RunError> {
    let scenario = Scenario::empty(Board::grid(4, 4, 1, &[]).expect("a board"));
    let kernel = scenario.kernel();
    let mut world = World::new(&scenario, &kernel);
    let start = g.parse_start(&mut world, start).expect("a start");
    let mut results = Vec::new();
    for strategy in [Strategy::Plain, Strategy::Tabled] {
        let language = g.derive_with(&world, &[], &start, limits, strategy)?;
        let text: Vec<String> = language
            .sentences
            .iter()
            .map(|s| g.show_sentence(&world, s))
            .collect();
        results.push(text);
    }
    assert_eq!(
        results[0], results[1],
        "the plain and tabled searches differ"
    );
    Ok(results.pop().expect("two results"))
}

fn one_term(body: &str) -> (Grammar, String) {
    let source = format!(
        "grammar arithmetic\nstart S()\nterminal t(v: int)\nnonterminal S()\nproductions\n  1 | true | S -> t({body}) | | {{}} | {{}}\n"
    );
    let g = Grammar::parse("arithmetic.lgg", &source).unwrap_or_else(|e| panic!("{}", e.render()));
    (g, source)
}

#[test]
fn integer_overflow_is_an_error_at_the_operator() {
    let min = "(0 - 9223372036854775807 - 1)";
    for (body, operator) in [
        (format!("{min} / (0 - 1)"), "/"),
        (format!("{min} % (0 - 1)"), "%"),
        (format!("-{min}"), "-"),
        ("9223372036854775807 + 1".to_string(), "+"),
        (format!("{min} * (0 - 1)"), "*"),
    ] {
        let (g, source) = one_term(&body);
        let e = language(&g, "S", Limits::default()).expect_err(&body);
        assert_eq!(e.message, "integer overflow", "{body}");
        let span = e.span.clone().expect("a place");
        let text = &source[span.start..span.end];
        assert!(
            text.contains(operator),
            "{body}: the error points at {text:?}"
        );
    }
    // What does not overflow still computes, with Euclidean division.
    for (body, value) in [
        (format!("{min} / 1"), "-9223372036854775808"),
        (format!("{min} % (0 - 1) + 0 * 0"), ""),
        ("-(0 - 7) / 2".to_string(), "3"),
        ("(0 - 7) / 2".to_string(), "-4"),
        ("(0 - 7) % 2".to_string(), "1"),
        ("-9223372036854775807".to_string(), "-9223372036854775807"),
    ] {
        let (g, _) = one_term(&body);
        match language(&g, "S", Limits::default()) {
            Ok(l) if !value.is_empty() => assert_eq!(l, vec![format!("t({value})")], "{body}"),
            Ok(l) => panic!("{body}: {l:?} instead of an overflow"),
            Err(e) => assert!(value.is_empty(), "{body}: {}", e.render()),
        }
    }
}

#[test]
fn a_derivation_that_comes_back_to_its_state_is_dropped() {
    // S -> S forever beside a way out: the language is the way out.
    let (never, _) = grammar("never-halts.lgg");
    assert_eq!(language(&never, "S", Limits::default()).unwrap(), ["a()"]);
    // Two states on one cycle derive the same sentences, however the second is reached.
    let (cycles, _) = grammar("cycles.lgg");
    assert_eq!(
        language(&cycles, "S", Limits::default()).unwrap(),
        ["x()", "y()", "z() x()", "z() y()"]
    );
}

#[test]
fn an_infinite_language_is_an_error_at_the_production() {
    let (g, source) = grammar("infinite.lgg");
    let e = language(&g, "S", Limits::default()).unwrap_err();
    assert!(
        e.message
            .starts_with("the language is infinite: production 1"),
        "{}",
        e.render()
    );
    let span = e.span.clone().expect("a place");
    assert!(source[span.start..span.end].contains("S -> a S"));
    // Terminals frozen on the way round, but no sentence comes from the state: no error, the
    // language is the rest. By steps with one successor (production 2 alone), and through a
    // branch (production 4 fails, leaving D).
    let source = "grammar dead_loop\nstart S()\nterminal a()\nterminal b()\nnonterminal S()\nnonterminal D()\nproductions\n  1 | true | S -> D | | {2, 3} | {}\n  2 | true | D -> a D | | {2} | {}\n  3 | true | D -> b | | {} | {}\n  4 | false | D -> b | | {} | {}\n";
    let branching = source.replace("| {2} |", "| {2, 4} |");
    for source in [source, &branching] {
        let g =
            Grammar::parse("dead-loop.lgg", source).unwrap_or_else(|e| panic!("{}", e.render()));
        assert_eq!(
            language(&g, "S", Limits::default()).unwrap(),
            ["b()"],
            "{source}"
        );
    }
}

/// `total(k) = k + total(k - 1)`, its recursive call nested `nesting` parentheses deep.
fn recursive(nesting: usize) -> Grammar {
    let mut body = "k + total(k - 1)".to_string();
    for _ in 0..nesting {
        body = format!("(1 * ({body}))");
    }
    let source = format!(
        "grammar deep\nstart S(k: int)\nterminal t(v: int)\nnonterminal S(k: int)\nfn total(k: int) -> int = if k == 0 then 0 else {body}\nproductions\n  1 | true | S(k) -> t(total(k)) | | {{}} | {{}}\n"
    );
    Grammar::parse("deep.lgg", &source).unwrap_or_else(|e| panic!("{}", e.render()))
}

#[test]
fn deep_recursion_ends_with_a_value_or_an_error_never_an_overflow() {
    // Far deeper than a test thread's 2 MiB stack holds: the evaluator grows its stack.
    let limits = Limits {
        max_call_depth: 1_000_000,
        ..Limits::default()
    };
    for nesting in [0, 12] {
        let g = recursive(nesting);
        assert_eq!(
            language(&g, "S(20000)", limits).unwrap(),
            ["t(200010000)"],
            "nesting {nesting}"
        );
    }
    // The depth limit still holds.
    let e = language(&recursive(0), "S(5000)", Limits::default()).unwrap_err();
    assert_eq!(e.limit, Some(Limit::CallDepth));
    // And memory stops a depth that no limit on depth stops: the grown stack counts.
    let tight = Limits {
        max_call_depth: usize::MAX,
        max_memory: 64 << 20,
        ..Limits::default()
    };
    let e = language(&recursive(12), "S(100000000)", tight).unwrap_err();
    assert_eq!(e.limit, Some(Limit::Memory), "{}", e.render());
    assert_eq!(e.message, "the run uses more than 64 MiB of memory");
}

/// `f0(k) = f1(k) + 1`, …, `f{n-1}(k) = fn(k) + 1`, `fn(k) = k`: a chain of `n + 1` functions.
fn chain(n: usize) -> String {
    let mut source =
        String::from("grammar chain\nstart S(k: int)\nterminal t(v: int)\nnonterminal S(k: int)\n");
    for i in 0..n {
        source.push_str(&format!("fn f{i}(k: int) -> int = f{}(k) + 1\n", i + 1));
    }
    source.push_str(&format!("fn f{n}(k: int) -> int = k\n"));
    source.push_str("productions\n  1 | true | S(k) -> t(f0(k)) | | {} | {}\n");
    source
}

#[test]
fn a_long_chain_of_functions_checks_in_linear_time_and_runs() {
    // 2,000 functions took 17 s and 1.2 GB to check, 8,000 overflowed the stack: the call
    // graph was walked recursively, once per function, and inlined bodies compounded.
    let n = 20_000;
    let started = std::time::Instant::now();
    let g = Grammar::parse("chain.lgg", &chain(n)).unwrap_or_else(|e| panic!("{}", e.render()));
    let checked = started.elapsed();
    assert!(
        checked < std::time::Duration::from_secs(30),
        "checking took {checked:?}"
    );
    // Inlined in pieces of a bounded size, the chain still nests calls.
    let limits = Limits {
        max_call_depth: n + 1,
        ..Limits::default()
    };
    assert_eq!(
        language(&g, "S(1)", limits).unwrap(),
        [format!("t({})", n + 1)]
    );
}

/// Runs `f` on a thread with a 2 MiB stack, as the tests' own threads have and as a library
/// user's thread may.
fn on_small_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(f)
        .expect("a thread")
        .join()
        .expect("no panic");
}

/// A grammar that gives `body` as a term, through a function and a set-builder.
fn with_term(body: &str) -> Result<Grammar, lingeo::grammar::GrammarError> {
    let source = format!(
        "grammar tall\nstart S(k: int)\nterminal t(v: int)\nnonterminal S(k: int)\n\
         fn f(k: int) -> int = {body}\n\
         fn g(k: int) -> set<int> = {{ v | v in 1..k, v == {body} }}\n\
         productions\n  1 | true | S(k) -> t(f(k)) t({body}) t(size(g(k))) | | {{}} | {{}}\n"
    );
    Grammar::parse("tall.lgg", &source)
}

#[test]
fn expressions_as_tall_and_deep_as_the_parser_allows_compile_on_a_small_stack() {
    on_small_stack(|| {
        // 255 operators: a tree 256 tall, the most the parser builds.
        let tall = format!("1{}", " + 1".repeat(255));
        let g = with_term(&tall).unwrap_or_else(|e| panic!("{}", e.render()));
        assert_eq!(
            language(&g, "S(7)", Limits::default()).unwrap(),
            ["t(256) t(256) t(0)"]
        );
        // Nesting as deep as the parser allows (32 levels, the deepest in a set-builder).
        for (open, close) in [
            ("(1 * ", ")"),
            ("if k < 0 then 0 else ", ""),
            ("-(0 - ", ")"),
        ] {
            let nested = |levels: usize| {
                let body = format!("{}k{}", open.repeat(levels), close.repeat(levels));
                with_term(&body).ok()
            };
            let levels = (1..=32)
                .rev()
                .find(|&l| nested(l).is_some())
                .expect("some depth");
            assert!(levels >= 15, "{open}: {levels} levels");
            let g = nested(levels).expect("parses");
            assert_eq!(
                language(&g, "S(7)", Limits::default()).unwrap(),
                ["t(7) t(7) t(1)"],
                "{open}: {levels} levels"
            );
        }
    });
}

/// Found by the `eval` fuzzer: a per-point assignment whose `let` after a per-point `let` was
/// evaluated once, before the inner `let`s of the per-point value, which reused its slot.
#[test]
fn a_let_after_a_per_point_let_keeps_its_value() {
    let source = "grammar let_slots\nstart S(a0: int, b0: int)\nterminal t(v: int)\nnonterminal S(x0: int, x1: int)\nvar v3: vector<int> = vec z in X: 0\nproductions\n  1 | true | S(k, j) -> S(k, j) | v3[z] := (let (u, w) = (let (c, d) = (let e = b0 in (3, z)) in (let (f, g) = (b0, d) in (b0, z))) in (let b = k..k in if b == {} then k else min(b))) for z in X | {2} | {}\n  2 | true | S(k, j) -> t(v3[X[1]]) | | {} | {}\n";
    let g = Grammar::parse("let-slots.lgg", source).unwrap_or_else(|e| panic!("{}", e.render()));
    assert_eq!(
        language(&g, "S(5, -1)", Limits::default()).unwrap(),
        ["t(5)"]
    );
}

/// A derivation of 100,000 steps with a choice at each (the other branch dies at once), run by
/// the binary, whose allocator counts the heap for `--max-memory`: it finishes under 1 GiB,
/// so the string's memory grows with its length (the terminals frozen into a shared list,
/// `src/grammar/form.rs`), not with its square. The optimised binary peaks at about 145 MB.
#[test]
fn a_long_derivation_with_a_choice_at_every_step_stays_under_a_gigabyte() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_lingeo"))
        .current_dir(root)
        .args([
            "run",
            "tests/grammars/choice-every-step.lgg",
            "--start",
            "S(100000)",
            "--max-length",
            "200000",
            "--max-memory",
            "1024",
        ])
        .output()
        .expect("the binary runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let sentence = stdout.lines().nth(1).expect("the sentence");
    assert_eq!(sentence.matches("a()").count(), 100_000);
    assert!(!sentence.contains("b()"));
}
