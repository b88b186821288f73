//! Agreement by construction (in the style of egglog): every case of `tests/agreement.cases` is
//! run by the grammar interpreter (the shipped trajectory grammars) and by the native bundle
//! generator; each engine's output must equal the one shared snapshot of the case.

use std::path::Path;

use libtest_mimic::Trial;
use lingeo::board::Board;
use lingeo::bundle::{AdmissibleRule, Bundle, BundleOptions};
use lingeo::grammar::world::World;
use lingeo::grammar::{Grammar, Limits, Strategy};
use lingeo::piece::{Side, Usage};
use lingeo::render;
use lingeo::scenario::Scenario;

struct Case {
    name: String,
    grammar: String,
    scenario: Scenario,
    piece: String,
    side: Option<Side>,
    start: String,
}

fn cases() -> Vec<Case> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = lingeo::syntax::read_source(&root.join("tests/agreement.cases")).unwrap();
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|line| {
            let cols: Vec<&str> = line.split('|').map(str::trim).collect();
            assert_eq!(cols.len(), 5, "five columns: {line}");
            let scenario = match cols[2].strip_prefix("board ") {
                Some(dims) => {
                    let d: Vec<u32> = dims.split('x').map(|v| v.parse().unwrap()).collect();
                    Scenario::empty(Board::grid(d[0], d[1], 1, &[]).unwrap())
                }
                None => Scenario::load(&root.join(cols[2])).unwrap_or_else(|e| panic!("{e}")),
            };
            let mut piece = cols[3].split_whitespace();
            Case {
                name: cols[0].to_string(),
                grammar: cols[1].to_string(),
                scenario,
                piece: piece.next().unwrap().to_string(),
                side: piece
                    .next()
                    .map(|s| Side::parse(s).expect("white or black")),
                start: cols[4].to_string(),
            }
        })
        .collect()
}

/// The trajectories as the snapshot shows them, one per line.
fn listing(board: &Board, trajectories: &[Vec<lingeo::board::Point>]) -> String {
    let mut out = format!(
        "{}\n",
        lingeo::render::counted(trajectories.len() as u128, "trajectory", "trajectories")
    );
    for t in trajectories {
        out.push_str(&render::trajectory(board, t));
        out.push('\n');
    }
    out
}

/// One trial per case of `tests/agreement.cases`, `agreement::NAME`.
pub fn trials() -> Vec<Trial> {
    let all = cases();
    assert!(all.len() >= 15, "{} agreement cases", all.len());
    all.into_iter()
        .map(|case| {
            Trial::test(format!("agreement::{}", case.name), move || {
                check(&case);
                Ok(())
            })
        })
        .collect()
}

/// The grammar's language (tabled and plain) and the native bundle against the case's one
/// snapshot.
fn check(case: &Case) {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../../snapshots");
    settings.set_prepend_module_to_snapshot(false);
    let _guard = settings.bind_to_scope();
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("grammars")
        .join(format!("{}.lgg", case.grammar));
    let grammar = Grammar::load(&path).unwrap_or_else(|e| panic!("{e}"));
    let kernel = case.scenario.kernel();
    let mut world = World::new(&case.scenario, &kernel);
    let inputs = grammar
        .bind_inputs(&mut world, &[], Some((&case.piece, case.side)))
        .unwrap();
    let start = grammar.parse_start(&mut world, &case.start).unwrap();
    let language = grammar
        .derive(&world, &inputs, &start, Limits::default(), None)
        .unwrap_or_else(|e| panic!("{e}"));
    // The tabled search (the default) explores each state once; the plain search takes
    // every step of every derivation. Same language, fewer steps.
    let plain = grammar
        .derive_with(&world, &inputs, &start, Limits::default(), Strategy::Plain)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(language.sentences, plain.sentences, "{}", case.name);
    // The stream the language is read off is the table's paths sorted, each once.
    let listed = crate::stream_check::stream_agrees(
        &grammar,
        &world,
        &inputs,
        &start,
        Limits::default(),
        &case.name,
    );
    assert_eq!(language.sentences, listed, "{}", case.name);
    assert!(language.steps <= plain.steps, "{}", case.name);
    let from_grammar = language
        .trajectories()
        .expect("trajectory grammars give trajectories");

    let piece = &world.pieces[inputs[0].piece() as usize];
    let motion = kernel.motion(piece.type_index, piece.side, Usage::Move);
    let rule = if case.grammar.ends_with("s06") {
        AdmissibleRule::S06
    } else {
        AdmissibleRule::S16
    };
    let options = BundleOptions {
        rule,
        simple_only: false,
    };
    let (from, to, length) = (start[0].point(), start[1].point(), start[2].int() as u32);
    // G_t^(1) derives only for l = MAP; G_t^(2) for the admissible lengths.
    let bundle = if case.grammar == "shortest-trajectories" {
        Bundle::new(&kernel, motion, from, to, None, options)
    } else {
        Bundle::new(&kernel, motion, from, to, Some(length), options)
    };
    let native = if bundle.length() == Some(length) {
        bundle.collect(1_000_000).unwrap()
    } else {
        Vec::new()
    };

    let board = &case.scenario.board;
    let name = format!("agreement-{}", case.name);
    for output in [listing(board, &from_grammar), listing(board, &native)] {
        insta::assert_snapshot!(name.clone(), output);
    }
}
