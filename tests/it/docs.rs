//! The grammar examples of `docs/grammar-language.md`, so that the document cannot drift from
//! the language: fenced blocks marked `lgg` are whole files that must check, `lgg-error` files
//! that must fail with exactly the errors of the `$ lingeo check` block after them, and
//! `lgg-eval` lines `expression  # value` whose two sides must be equal.

use std::path::Path;

use lingeo::board::Board;
use lingeo::grammar::world::World;
use lingeo::grammar::{Grammar, Limits};
use lingeo::scenario::Scenario;

const DOC: &str = "docs/grammar-language.md";

/// A fenced block: its info string, the line of its opening fence (1-based) and its text.
struct Block {
    info: String,
    line: usize,
    text: String,
}

fn blocks() -> Vec<Block> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(DOC);
    let doc = lingeo::syntax::read_source(&path).unwrap();
    let mut out = Vec::new();
    let mut open: Option<Block> = None;
    for (i, line) in doc.lines().enumerate() {
        match (line.strip_prefix("```"), open.take()) {
            (Some(_), Some(block)) => out.push(block),
            (Some(info), None) => {
                open = Some(Block {
                    info: info.trim().to_string(),
                    line: i + 1,
                    text: String::new(),
                })
            }
            (None, Some(mut block)) => {
                block.text.push_str(line);
                block.text.push('\n');
                open = Some(block);
            }
            (None, None) => {}
        }
    }
    assert!(open.is_none(), "{DOC}: a fenced block is not closed");
    out
}

#[test]
fn lgg_blocks_check() {
    let blocks = blocks();
    let files: Vec<&Block> = blocks.iter().filter(|b| b.info == "lgg").collect();
    assert!(!files.is_empty(), "no `lgg` block in {DOC}");
    for b in files {
        let name = format!("{DOC}:{}", b.line);
        if let Err(e) = Grammar::parse(&name, &b.text) {
            panic!("the `lgg` block at {name} does not check:\n{}", e.render());
        }
    }
}

/// docs/grammar-language.md §1 shows `grammars/hanoi.lgg` whole (but for its opening comment).
#[test]
fn the_hanoi_block_is_the_shipped_file() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("grammars/hanoi.lgg");
    let file = lingeo::syntax::read_source(&path).unwrap();
    let body: String = file
        .lines()
        .skip_while(|l| l.starts_with('#'))
        .map(|l| format!("{l}\n"))
        .collect();
    let blocks = blocks();
    assert!(
        blocks
            .iter()
            .any(|b| b.info == "lgg" && b.text.starts_with("grammar hanoi") && b.text == body),
        "the hanoi block of {DOC} is not grammars/hanoi.lgg"
    );
}

/// An `lgg-error` block is `broken.lgg` of the `$ lingeo check broken.lgg` block that follows
/// it, whose output must be what lingeo prints.
#[test]
fn lgg_error_blocks_fail_as_shown() {
    let blocks = blocks();
    let mut seen = 0;
    for (k, b) in blocks.iter().enumerate() {
        if b.info != "lgg-error" {
            continue;
        }
        let output = blocks
            .get(k + 1)
            .unwrap_or_else(|| panic!("{DOC}:{}: no output block after it", b.line));
        let (command, shown) = output.text.split_once('\n').unwrap();
        let file = command
            .strip_prefix("$ lingeo check ")
            .unwrap_or_else(|| panic!("{DOC}:{}: expected `$ lingeo check FILE`", output.line));
        let errors = match Grammar::parse(file, &b.text) {
            Ok(_) => panic!("the `lgg-error` block at {DOC}:{} checks", b.line),
            Err(e) => e.render(),
        };
        // The document shows the rendered text without trailing spaces.
        let errors: String = errors
            .lines()
            .map(|l| format!("{}\n", l.trim_end()))
            .collect();
        let shown: String = shown
            .lines()
            .map(|l| format!("{}\n", l.trim_end()))
            .collect();
        assert_eq!(errors, shown, "{DOC}:{}", output.line);
        seen += 1;
    }
    assert!(seen > 0, "no `lgg-error` block in {DOC}");
}

#[test]
fn lgg_eval_lines_have_the_values_shown() {
    let blocks = blocks();
    let scenario = Scenario::empty(Board::grid(8, 8, 1, &[]).unwrap());
    let kernel = scenario.kernel();
    let mut seen = 0;
    for b in blocks.iter().filter(|b| b.info == "lgg-eval") {
        for (k, line) in b.text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let at = format!("{DOC}:{}", b.line + 1 + k);
            let (expr, value) = line
                .split_once('#')
                .unwrap_or_else(|| panic!("{at}: expected `expression  # value`"));
            let source = format!(
                "grammar doc\nstart S()\nterminal yes()\nnonterminal S()\n\
                 pred holds() = ({}) == ({})\n\
                 productions\n  1 | holds() | S -> yes() | | {{}} | {{}}\n",
                expr.trim(),
                value.trim()
            );
            let grammar = Grammar::parse(&at, &source)
                .unwrap_or_else(|e| panic!("{at}: `{line}` does not check:\n{}", e.render()));
            let mut world = World::new(&scenario, &kernel);
            let inputs = grammar.bind_inputs(&mut world, &[], None).unwrap();
            let start = grammar.parse_start(&mut world, "S()").unwrap();
            let language = grammar
                .derive(&world, &inputs, &start, Limits::default(), None)
                .unwrap_or_else(|e| panic!("{at}: {}", e.render()));
            assert_eq!(
                language.sentences.len(),
                1,
                "{at}: `{}` is not `{}`",
                expr.trim(),
                value.trim()
            );
            seen += 1;
        }
    }
    assert!(seen > 0, "no `lgg-eval` line in {DOC}");
}

/// The number in the second cell of the row of docs/grammar-language.md §12's table of file limits that starts with
/// `row`.
fn documented_limit(row: &str) -> usize {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(DOC);
    let doc = lingeo::syntax::read_source(&path).unwrap();
    let line = doc
        .lines()
        .find(|l| l.starts_with(&format!("| {row}")))
        .unwrap_or_else(|| panic!("{DOC}: no limit row `{row}`"));
    let cell = line.split('|').nth(2).unwrap().trim();
    let digits: String = cell
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == ',')
        .filter(char::is_ascii_digit)
        .collect();
    digits.parse().unwrap_or_else(|_| panic!("{DOC}: `{line}`"))
}

/// A grammar whose function `f` has the body `expr`.
fn with_body(expr: &str) -> Result<Grammar, String> {
    let source = format!(
        "grammar t\nstart S()\nterminal a()\nnonterminal S()\nfn f() -> int = {expr}\n\
         productions\n  1 | true | S -> a | | {{}} | {{}}\n"
    );
    Grammar::parse("t.lgg", &source).map_err(|e| e.render())
}

/// The limits of a file that the document gives are those of the parser, the reader and the
/// renderer. (On a thread with the main thread's 8 MiB of stack, as the CLI has: checking an
/// expression 256 operators tall takes more than a test thread's 2 MiB in an unoptimised build.)
#[test]
fn the_file_limits_documented_are_the_real_ones() {
    std::thread::Builder::new()
        .stack_size(8 << 20)
        .spawn(file_limits)
        .unwrap()
        .join()
        .unwrap();
}

fn file_limits() {
    let mib = documented_limit("size of a grammar");
    assert_eq!(
        mib as u64 * 1024 * 1024,
        lingeo::syntax::MAX_FILE_BYTES,
        "{DOC}: the size limit"
    );
    let depth = documented_limit("nesting of parentheses");
    let nested = |k: usize| with_body(&format!("{}1{}", "(".repeat(k), ")".repeat(k)));
    assert!(nested(depth).is_ok(), "{DOC}: {depth} levels of nesting");
    let e = nested(depth + 1).unwrap_err();
    assert!(e.contains("nested too deeply"), "{e}");
    let height = documented_limit("height of an expression");
    let chain = |k: usize| with_body(&vec!["1"; k].join(" + "));
    assert!(chain(height).is_ok(), "{DOC}: {height} operands");
    let e = chain(height + 1).unwrap_err();
    assert!(e.contains("expression too long"), "{e}");
    assert_eq!(
        documented_limit("errors shown for one file"),
        lingeo::syntax::diagnostic::MAX_RENDERED
    );
}
