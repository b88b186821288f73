//! What the fuzz targets run, in a library so that a test or a debugging session can run it
//! on one input too.

pub mod generate;
pub mod requests;

use arbitrary::{Arbitrary, Result, Unstructured};
use lingeo::grammar::world::World;
use lingeo::grammar::{Grammar, Language, Limit, Limits, RunError, Strategy};
use lingeo::scenario::Scenario;

/// What `lingeo check FILE.scenario` does with a file's text: resolve it and summarise it, or
/// render its diagnostics. On small boards, also the distance tables of every placed piece.
pub fn check_scenario(text: &str) -> String {
    match Scenario::parse("fuzz.scenario", text) {
        Err(errors) => errors.render(),
        Ok(s) => {
            let board = &s.board;
            let mut out = format!("{} ({} points)\n", board.describe(), board.len());
            for p in &s.pieces {
                out.push_str(&format!(
                    "{}: {} {} at {}\n",
                    p.name,
                    p.side,
                    s.types[p.type_index].name,
                    board.name(p.at)
                ));
            }
            for g in &s.goals {
                out.push_str(&format!("goal {}\n", board.name(g.point)));
            }
            if board.len() <= 256 {
                let kernel = s.kernel();
                for p in &s.pieces {
                    for usage in [lingeo::piece::Usage::Move, lingeo::piece::Usage::Attack] {
                        let m = s.motion_of(&kernel, p, usage);
                        let map = kernel.map(m, p.at);
                        out.push_str(&format!("{:?}\n", map.distances()));
                    }
                }
            }
            out
        }
    }
}

/// What `lingeo check FILE.lgg` does with a file's text, except that no file is read for an
/// import (only the shipped grammars can be imported): check it and summarise it, or render
/// its diagnostics.
pub fn check_grammar(text: &str) -> String {
    match Grammar::parse_without_files("fuzz.lgg", text) {
        Err(e) => e.render(),
        Ok(g) => {
            let p = &g.program;
            let mut out = format!("grammar {}\n", g.name());
            for t in g.start_types() {
                out.push_str(&format!("start: {}\n", t.display(&p.enum_names)));
            }
            for (n, t) in g.inputs() {
                out.push_str(&format!("input {n}: {}\n", t.display(&p.enum_names)));
            }
            for r in &p.rows {
                out.push_str(&format!("row {}\n", r.label));
            }
            out
        }
    }
}

/// The boards the generated grammars run on: small, so that every run is fast.
pub const SCENARIOS: [&str; 3] = [
    "board 4x4\nwhite king at b2 as K\nblack knight at c4 as N\ngoal d1 for white\n",
    "board 3x3\nremoved b2\nwhite rook at a1 as R\nblack pawn at c3 as P\n",
    "board graph { 1 2 3 4 }\ntype WALKER { move edges 1 -> 2 -> 3, 3 -- 4 }\nwhite WALKER at 1 as W\n",
];

/// The piece bound to the grammar's input `p`: a placed piece, or one given by type.
#[derive(Arbitrary, Clone, Copy, Debug)]
pub enum PieceChoice {
    FirstPlaced,
    SecondPlaced,
    King,
    BlackPawn,
    Knight,
}

/// How the language is derived.
#[derive(Arbitrary, Clone, Copy, Debug)]
pub enum Mode {
    /// `Grammar::derive` (tabled), then the plain search: when both finish they must agree.
    Both,
    Tabled,
    Plain,
    /// With a trace (plain search, every step printed).
    Traced,
}

/// Small limits: every run stops quickly.
#[derive(Arbitrary, Clone, Copy, Debug)]
pub struct SmallLimits {
    steps: u8,
    sentences: u8,
    imported_sentences: u8,
    call_depth: u8,
    form_length: u8,
    set_size: u8,
    iterations: u16,
}

impl SmallLimits {
    pub fn limits(self) -> Limits {
        Limits {
            max_steps: 1 + u64::from(self.steps) * 2,
            max_sentences: 1 + usize::from(self.sentences % 32),
            max_imported_sentences: 1 + usize::from(self.imported_sentences % 32),
            max_call_depth: 1 + usize::from(self.call_depth % 32),
            max_form_length: 1 + usize::from(self.form_length % 48),
            max_set_size: usize::from(self.set_size % 100),
            max_iterations: 1 + u64::from(self.iterations % 5000),
            // Below libFuzzer's -rss_limit_mb=2048: a run that passes it is an error, as in
            // the binary (the `eval` target counts the heap as the binary does).
            max_memory: 1 << 30,
        }
    }
}

/// One input of the `eval` target: a generated grammar and how it is run.
#[derive(Debug)]
pub struct Case {
    pub scenario: usize,
    pub piece: PieceChoice,
    pub mode: Mode,
    pub limits: Limits,
    pub grammar: generate::Grammar,
}

impl<'a> Arbitrary<'a> for Case {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        Ok(Case {
            scenario: u.choose_index(SCENARIOS.len())?,
            piece: u.arbitrary()?,
            mode: u.arbitrary()?,
            limits: u.arbitrary::<SmallLimits>()?.limits(),
            grammar: generate::grammar(u)?,
        })
    }
}

/// What happened to a case (for the seed statistics and for reading one input).
#[derive(Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The generated grammar did not pass the checker (a generator shortcoming).
    Invalid(String),
    /// The piece or the start string could not be bound.
    NotBound(String),
    /// The derivation stopped with an error (a limit, an index out of range, ...).
    RunError(String),
    /// The language, one sentence a line.
    Language(String),
}

/// Checks the generated grammar and derives its language on the case's board.
pub fn run_case(case: &Case) -> Outcome {
    let grammar = match Grammar::parse_without_files("fuzz.lgg", &case.grammar.text) {
        Ok(g) => g,
        Err(e) => return Outcome::Invalid(e.render()),
    };
    let scenario = Scenario::parse("fuzz.scenario", SCENARIOS[case.scenario])
        .expect("the built-in scenarios are valid");
    let kernel = scenario.kernel();
    let mut world = World::new(&scenario, &kernel);
    let placed: Vec<String> = scenario.pieces.iter().map(|p| p.name.clone()).collect();
    let piece = match case.piece {
        PieceChoice::FirstPlaced => placed[0].clone(),
        PieceChoice::SecondPlaced => placed.get(1).unwrap_or(&placed[0]).clone(),
        PieceChoice::King => "king".into(),
        PieceChoice::BlackPawn => "pawn:black".into(),
        PieceChoice::Knight => "knight".into(),
    };
    let piece = match piece.split_once(':') {
        Some((name, side)) => (name.to_string(), lingeo::piece::Side::parse(side)),
        None => (piece, None),
    };
    let inputs = match grammar.bind_inputs(&mut world, &[], Some((&piece.0, piece.1))) {
        Ok(i) => i,
        Err(e) => return Outcome::NotBound(e.to_string()),
    };
    let start = match grammar.parse_start(&mut world, &case.grammar.start) {
        Ok(s) => s,
        Err(e) => return Outcome::NotBound(e.to_string()),
    };
    let limits = case.limits;
    let (result, trace) = derive(&grammar, &world, &inputs, &start, limits, case.mode);
    // A run is deterministic: the same case run again (a fresh run, its memo tables empty)
    // gives the same language, steps, error and trace, byte for byte. Memory and time are
    // the exceptions: what is in use, and the clock, differ between runs.
    let (again, again_trace) = derive(&grammar, &world, &inputs, &start, limits, case.mode);
    if !stopped_by_resources(&result) && !stopped_by_resources(&again) {
        match (&result, &again) {
            (Ok(a), Ok(b)) => {
                assert_eq!(
                    a.sentences, b.sentences,
                    "two runs derive different languages"
                );
                assert_eq!(a.steps, b.steps, "two runs take different numbers of steps");
            }
            (Err(a), Err(b)) => assert_eq!(a.render(), b.render(), "two runs fail differently"),
            _ => panic!(
                "one run fails and the other does not: {:?} against {:?}",
                result.as_ref().err().map(|e| e.render()),
                again.as_ref().err().map(|e| e.render())
            ),
        }
        assert_eq!(trace, again_trace, "two runs trace differently");
    }
    // The language streamed off the table is the one gathered into a vector, in its order,
    // with the same steps; a run that stops does so with the same error.
    if matches!(case.mode, Mode::Tabled | Mode::Both) && !stopped_by_resources(&result) {
        let streamed = grammar.derive_stream(&world, &inputs, &start, limits, None);
        if !stopped_by_resources(&streamed) {
            match (&result, streamed) {
                (Ok(a), Ok(s)) => {
                    assert_eq!(a.steps, s.steps(), "the stream takes other steps");
                    assert_eq!(s.len(), a.sentences.len(), "the stream's count differs");
                    let mut listed = Vec::new();
                    s.for_each(|sentence| listed.push(sentence.to_vec()));
                    assert_eq!(a.sentences, listed, "the stream gives other sentences");
                }
                (Err(a), Err(b)) => {
                    assert_eq!(a.render(), b.render(), "the stream fails differently")
                }
                (a, b) => panic!(
                    "derive and derive_stream disagree on failing: {:?} against {:?}",
                    a.as_ref().err().map(|e| e.render()),
                    b.err().map(|e| e.render())
                ),
            }
        }
    }
    match result {
        Err(e) => Outcome::RunError(e.render()),
        Ok(language) => {
            let mut out = String::new();
            for s in &language.sentences {
                out.push_str(&grammar.show_sentence(&world, s));
                out.push('\n');
            }
            let _ = language.trajectories();
            Outcome::Language(out)
        }
    }
}

/// Whether a run stopped at the memory or time limit, which depend on more than the run
/// (what else is in use, the clock), so that two runs may differ there.
fn stopped_by_resources<T>(r: &Result<T, RunError>) -> bool {
    matches!(r, Err(e) if matches!(e.limit, Some(Limit::Memory | Limit::Time)))
}

/// Derives in `mode`, with the trace of a traced run.
fn derive(
    grammar: &Grammar,
    world: &World<'_>,
    inputs: &[lingeo::grammar::value::Value],
    start: &[lingeo::grammar::value::Value],
    limits: Limits,
    mode: Mode,
) -> (Result<Language, RunError>, String) {
    let mut trace = String::new();
    let result = match mode {
        Mode::Tabled => grammar.derive(world, inputs, start, limits, None),
        Mode::Plain => grammar.derive_with(world, inputs, start, limits, Strategy::Plain),
        Mode::Traced => {
            let mut tracer = |event: &lingeo::grammar::TraceEvent| {
                trace.push_str(&event.to_string());
                trace.push('\n');
            };
            grammar.derive(world, inputs, start, limits, Some(&mut tracer))
        }
        Mode::Both => {
            let tabled = grammar.derive(world, inputs, start, limits, None);
            let plain = grammar.derive_with(world, inputs, start, limits, Strategy::Plain);
            if let (Ok(t), Ok(p)) = (&tabled, &plain) {
                assert_eq!(
                    t.sentences, p.sentences,
                    "the tabled and the plain search derive different languages"
                );
            }
            tabled
        }
    };
    (result, trace)
}

/// The command names a case line may start with, as `lingeo test` allows them (every command
/// but `test`, `serve` and `help`).
pub const CASE_COMMANDS: &[&str] = &[
    "map",
    "trajectories",
    "run",
    "zones",
    "translate",
    "patterns",
    "fuzzy",
    "check",
    "analysis",
    "search",
    "play",
    "evaluate",
    "match",
    "compare",
    "demo",
];

/// What `lingeo test` does with a case file's text before it runs anything: parse every line,
/// or render every mistake at its line. A parsed case must hold together: its spans lie on the
/// text, its command lines start with a known command, and each, written out again as
/// `display` writes it (what a failure report shows), splits back into the same words.
pub fn check_cases(text: &str) -> String {
    match lingeo::cases::parse("fuzz.cases", text, CASE_COMMANDS) {
        Err(errors) => errors.render(),
        Ok(cases) => {
            let mut out = String::new();
            for case in &cases {
                assert!(!case.name.is_empty());
                assert!((1..=text.lines().count().max(1)).contains(&case.line));
                assert!((1..=2).contains(&case.commands.len()));
                for command in &case.commands {
                    assert!(
                        text.get(command.span.clone()).is_some(),
                        "{:?}",
                        command.span
                    );
                    assert!(CASE_COMMANDS.contains(&command.words[0].as_str()));
                    let shown = command.display();
                    let again: Vec<String> = lingeo::cases::words::split(&shown, 0)
                        .unwrap_or_else(|e| panic!("{shown:?}: {}", e.message))
                        .into_iter()
                        .map(|token| match token {
                            lingeo::cases::words::Token::Word(w, _) => w,
                            other => panic!("{shown:?} splits into {other:?}"),
                        })
                        .collect();
                    assert_eq!(again, command.words, "{shown:?}");
                    out.push_str(&format!("{} | {shown}\n", case.name));
                }
            }
            out
        }
    }
}
