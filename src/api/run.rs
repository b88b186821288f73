//! Running a grammar: its language on a scenario, from a start.

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::Workbench;
use super::error::{ApiError, Result};
use super::grammar_limits::{GrammarLimits, LimitFields};
use super::request::Request;
use crate::budget::{Budget, Text};
use crate::grammar::value::Value;
use crate::grammar::world::World;
use crate::grammar::{Grammar, Language, Limits, Tracer};
use crate::natural::Natural;
use crate::piece::Side;
use crate::play::states::GameStates;

/// Reads a grammar file (`.lgg`); its imports are read relative to its folder.
pub fn load_grammar(path: impl AsRef<Path>) -> Result<Grammar> {
    Ok(Grammar::load(path.as_ref())?)
}

/// Parses grammar text; `name` names it in errors and locates its imports.
pub fn grammar_from_text(text: &str, name: &str) -> Result<Grammar> {
    Ok(Grammar::parse(name, text)?)
}

/// One of the grammars shipped with lingeo (`zones`, `zones-filtered`, `search`,
/// `shortest-trajectories`, ...), built in.
pub fn shipped_grammar(name: &str) -> Result<Grammar> {
    Ok(Grammar::shipped(name)?)
}

/// What [`Workbench::run`] derives (or with `count`, [`Workbench::count`] counts): the options
/// of `lingeo run`, of the server's `run` and of Python's `Grammar.run`, with their defaults
/// (`Default`) and rules ([`Request::check`]). The grammar and the board (a scenario) are
/// given beside it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct RunRequest {
    /// The start string, e.g. `S(h8, c6, 6)`.
    pub start: String,
    /// The grammar's piece input: a placed piece, by name (where no placed piece has the name,
    /// a piece type of that name).
    pub piece: Option<String>,
    /// The grammar's piece input as a piece type (king, ..., or a type of the scenario), even
    /// where a placed piece has the same name.
    #[serde(rename = "type")]
    pub type_name: Option<String>,
    /// The side of a piece type (default white).
    pub side: Option<Side>,
    /// Leave the grammar's name out (of the first line, and of the JSON), so that the outputs
    /// of two grammars can be compared: an agreement case of `lingeo test`.
    pub no_source: bool,
    /// Follow the derivation step by step (the CLI prints it to stderr, the server answers it
    /// as a timeline).
    pub trace: bool,
    /// Count the sentences on the tabled derivation (a shared forest) without listing them,
    /// in exact digits: `max_sentences` does not apply, `max_steps` and `max_memory` do. Where
    /// the forest may derive a sentence more than once and has too many derivations to list,
    /// the count is an upper bound, said so (the CLI's exit code is then 2).
    pub count: bool,
    /// Stop with an error past this many sentences (of the language, and of each language of
    /// an imported grammar).
    pub max_sentences: usize,
    /// Stop with an error after this many derivation steps.
    pub max_steps: u64,
    /// Stop with an error when function calls nest deeper than this.
    pub max_depth: usize,
    /// Stop with an error when a string grows past this many symbols.
    pub max_length: usize,
    /// Stop with an error when a set-builder or range builds a set of more members than this.
    pub max_set_size: usize,
    /// Stop with an error when set-builders, quantifiers and vectors over X have gone over
    /// this many elements, and functions been called, in all.
    pub max_iterations: u64,
    /// Stop with an error when the run uses more than this many MiB of memory (1 to 2^30;
    /// heap, and the stack grown for deep recursion), and so does the printed output.
    /// Structures as large as the board (a slider's successor lists, the rays of play) are
    /// refused beforehand when they would not fit.
    pub max_memory: u64,
    /// Stop with an error after this many seconds (wall clock; the work looks at the clock
    /// where it looks at memory).
    pub time: Option<f64>,
    /// The grammar's other inputs, by name, each value as the grammar reads it (`--set
    /// name=value`): given with the grammar, not an option.
    #[serde(skip)]
    #[schemars(skip)]
    pub inputs: Vec<(String, String)>,
}

impl Default for RunRequest {
    fn default() -> Self {
        let limits = Limits::default();
        let fields = LimitFields::default();
        RunRequest {
            start: String::new(),
            piece: None,
            type_name: None,
            side: None,
            no_source: false,
            trace: false,
            count: false,
            max_sentences: limits.max_sentences,
            max_steps: fields.max_steps,
            max_depth: fields.max_depth,
            max_length: fields.max_length,
            max_set_size: fields.max_set_size,
            max_iterations: fields.max_iterations,
            max_memory: fields.max_memory,
            time: None,
            inputs: Vec::new(),
        }
    }
}

impl Request for RunRequest {
    const JOB: &'static str = "run";

    fn check(&self) -> Result<()> {
        super::request::check_time(self.time)?;
        let bad = |field, message: String| Err(ApiError::request(Some(field), message));
        if self.start.trim().is_empty() {
            return bad(
                "start",
                "`start` (the start string, e.g. S(h8, c6, 6)) is required".to_string(),
            );
        }
        if self.piece.is_some() && self.type_name.is_some() {
            return bad(
                "type",
                "give a placed piece (`piece`) or a piece type (`type`), not both".to_string(),
            );
        }
        if self.side.is_some() && self.piece.is_none() && self.type_name.is_none() {
            return bad("side", "`side` goes with `type` (or `piece`)".to_string());
        }
        if self.count && self.trace {
            return bad(
                "trace",
                "`count` counts on the forest without a derivation to follow: not with `trace`"
                    .to_string(),
            );
        }
        if !(1..=1 << 30).contains(&self.max_memory) {
            return bad(
                "max_memory",
                format!(
                    "`max_memory` must be from 1 to 1073741824 MiB, not {}",
                    self.max_memory
                ),
            );
        }
        Ok(())
    }
}

impl RunRequest {
    /// The run's limits; `max_sentences` caps the language and each imported one.
    pub fn limits(&self) -> Limits {
        self.limit_fields()
            .limits(Some(self.max_sentences), Some(self.max_sentences))
    }
}

/// A language; serialised, it is what `lingeo run --json` prints.
#[derive(Clone, Debug, Serialize)]
pub struct LanguageResult {
    /// The grammar's name (none with `no_source`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub grammar: Option<String>,
    /// The start, as given (trimmed).
    pub start: String,
    /// The number of sentences.
    pub count: usize,
    /// The sentences, sorted, each its symbols separated by spaces (`e` for the empty one).
    pub language: Vec<String>,
    /// The sentences, a line each.
    #[serde(skip)]
    pub text: String,
    /// The derived language itself.
    #[serde(skip)]
    pub derived: Language,
}

impl Workbench {
    /// The language of `grammar` from `r.start`; `trace`, if given, takes each step of the
    /// derivation.
    ///
    /// ```
    /// use lingeo::api::{RunRequest, Workbench, shipped_grammar};
    /// let bench = Workbench::from_text("board 8x8\nwhite king at h8 as WK\n", "k").unwrap();
    /// let grammar = shipped_grammar("shortest-trajectories").unwrap();
    /// let r = RunRequest {
    ///     start: "S(h8, h6, 2)".into(),
    ///     piece: Some("WK".into()),
    ///     ..RunRequest::default()
    /// };
    /// let language = bench.run(&grammar, &r, None).unwrap();
    /// assert_eq!(language.count, 2);
    /// assert_eq!(language.language[0], "a(h8) a(g7) a(h6)");
    /// ```
    pub fn run(
        &self,
        grammar: &Grammar,
        r: &RunRequest,
        trace: Option<&mut dyn Tracer>,
    ) -> Result<LanguageResult> {
        super::request::within_time(r.time, || self.run_within(grammar, r, trace))
    }

    /// [`Workbench::run`], within the request's time.
    fn run_within(
        &self,
        grammar: &Grammar,
        r: &RunRequest,
        trace: Option<&mut dyn Tracer>,
    ) -> Result<LanguageResult> {
        self.prepared(grammar, r, |grammar, world, inputs, start| {
            // The result keeps the language (the server draws from it), so it is gathered
            // once and printed from the vector: printing off the stream as well would walk
            // the table twice (king 15x15: 324M instructions before, 355M that way). The
            // sentences, their text and its lines are held against the memory limit as they
            // are built (the text also against the cap on a result's text).
            let stream = grammar.derive_stream(world, inputs, start, r.limits(), trace)?;
            let steps = stream.steps();
            let mut held = Budget::new();
            let sentences = stream.into_vec_within(&mut held)?;
            let mut text = Text::new("the sentences printed");
            // A thousand sentences at a time: the printer's text of a line refers to the line
            // before it, and the whole text is written into a held text.
            let mut part = String::new();
            for chunk in sentences.chunks(1024) {
                part.clear();
                grammar.write_sentences(world, chunk, &mut part);
                text.push_str(&part);
            }
            let text = text.finish()?;
            let mut strings: Vec<String> = Vec::new();
            for line in text.lines() {
                held.output(crate::budget::text_bytes(line.len()), || {
                    "the sentences printed".into()
                })?;
                strings.push(line.to_string());
            }
            Ok(LanguageResult {
                grammar: (!r.no_source).then(|| grammar.name().to_string()),
                start: r.start.trim().to_string(),
                count: strings.len(),
                language: strings,
                text,
                derived: Language { sentences, steps },
            })
        })
    }

    /// The number of sentences of the language of `grammar` from `r.start`, counted on the
    /// tabled derivation (a shared forest, docs/semantics.md §6.11) without listing them, in
    /// exact digits: `r.max_sentences` does not cap the count, its steps and memory do.
    /// Where the forest may derive a sentence more than once, listing its paths removes the
    /// repeats up to `max_sentences`; past that the count is an upper bound
    /// ([`CountResult::exact`] false).
    ///
    /// ```
    /// use lingeo::api::{RunRequest, Workbench, shipped_grammar};
    /// let bench = Workbench::from_text("board 8x8\nwhite king at h8 as WK\n", "k").unwrap();
    /// let grammar = shipped_grammar("shortest-trajectories").unwrap();
    /// let r = RunRequest {
    ///     start: "S(h8, h6, 2)".into(),
    ///     piece: Some("WK".into()),
    ///     ..RunRequest::default()
    /// };
    /// let counted = bench.count(&grammar, &r).unwrap();
    /// assert!(counted.exact);
    /// assert_eq!(counted.count_digits, "2");
    /// ```
    pub fn count(&self, grammar: &Grammar, r: &RunRequest) -> Result<CountResult> {
        super::request::within_time(r.time, || self.count_within(grammar, r))
    }

    /// [`Workbench::count`], within the request's time.
    fn count_within(&self, grammar: &Grammar, r: &RunRequest) -> Result<CountResult> {
        self.prepared(grammar, r, |grammar, world, inputs, start| {
            let forest = grammar.forest(world, inputs, start, r.limits())?;
            let counted = forest.count(r.max_sentences);
            let number = counted.value().clone();
            let paths = forest.paths();
            Ok(CountResult {
                grammar: (!r.no_source).then(|| grammar.name().to_string()),
                start: r.start.trim().to_string(),
                count: number
                    .to_u128()
                    .and_then(|n| u64::try_from(n).ok())
                    .unwrap_or(u64::MAX),
                count_digits: number.to_string(),
                exact: counted.is_exact(),
                paths: paths.to_string(),
                forest_nodes: forest.nodes(),
                forest_edges: forest.edges(),
                number,
                path_count: paths,
            })
        })
    }

    /// Runs `f` on the grammar of the request, its world (the scenario's,
    /// with the states of its rules of play where it has them), its inputs and its start.
    fn prepared<T>(
        &self,
        grammar: &Grammar,
        r: &RunRequest,
        f: impl FnOnce(&Grammar, &World, &[Value], &[Value]) -> Result<T>,
    ) -> Result<T> {
        let scenario = self.scenario();
        // A scenario with rules of play gives the grammar its states (START, TRANSITION, ...).
        let game = match &scenario.game {
            Some(_) => Some(self.game()?),
            None => None,
        };
        let states = game.as_ref().map(GameStates::new);
        let mut world = World::new(scenario, self.kernel());
        if let Some(states) = &states {
            world = world.with_states(states);
        }
        let given_piece = r.piece.is_some() || r.type_name.is_some();
        if !given_piece && r.side.is_some() {
            return Err(ApiError::request(
                Some("side"),
                "a side goes with a piece type",
            ));
        }
        let chosen = if given_piece {
            Some(self.choose(
                r.piece.as_deref(),
                r.type_name.as_deref(),
                r.side,
                crate::piece::Usage::Move,
            )?)
        } else {
            None
        };
        // A placed piece by its name; a type by its name and a side (which makes the world
        // take the type even where a placed piece has the same name).
        let piece = chosen.as_ref().map(|c| match c.at {
            Some(_) => (r.piece.as_deref().unwrap_or_default(), None),
            None => (c.type_name.as_str(), Some(c.side)),
        });
        let inputs = grammar.bind_inputs(&mut world, &r.inputs, piece)?;
        if given_piece
            && !grammar
                .inputs()
                .iter()
                .any(|(_, t)| *t == crate::grammar::types::Type::Piece)
        {
            return Err(ApiError::request(
                Some(if r.piece.is_some() {
                    "piece"
                } else {
                    "type_name"
                }),
                format!("`{}` has no piece input", grammar.name()),
            ));
        }
        let start = grammar.parse_start(&mut world, &r.start)?;
        f(grammar, &world, &inputs, &start)
    }
}

/// A language counted on its forest; serialised, what `lingeo run --count --json` prints.
#[derive(Clone, Debug, Serialize)]
pub struct CountResult {
    /// The grammar's name (none with `no_source`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub grammar: Option<String>,
    /// The start, as given (trimmed).
    pub start: String,
    /// The count as a number (at most u64::MAX: see `count_digits`).
    pub count: u64,
    /// The count in exact digits.
    pub count_digits: String,
    /// Whether the count is exact; otherwise it is an upper bound (the paths through the
    /// forest, which may derive a sentence more than once).
    pub exact: bool,
    /// The paths through the forest, in digits.
    pub paths: String,
    /// The forest's nodes.
    pub forest_nodes: usize,
    /// The forest's edges.
    pub forest_edges: usize,
    /// The count.
    #[serde(skip)]
    pub number: Natural,
    /// The paths through the forest.
    #[serde(skip)]
    pub path_count: Natural,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grammar::{Given, Limit};

    fn bench() -> Workbench {
        Workbench::from_text("board 8x8\nwhite king at h8 as WK\n", "k").unwrap()
    }

    fn run(start: &str, piece: Option<&str>, limits: Limits) -> ApiError {
        let grammar = shipped_grammar("shortest-trajectories").unwrap();
        let r = RunRequest {
            start: start.into(),
            piece: piece.map(str::to_string),
            max_steps: limits.max_steps,
            ..RunRequest::default()
        };
        bench().run(&grammar, &r, None).unwrap_err()
    }

    /// The library's errors say which given or limit is at fault by its own name, and no
    /// command-line option (the CLI adds those).
    #[test]
    fn errors_name_the_given_or_limit_and_no_option() {
        let e = run("T(h8, h6, 2)", Some("WK"), Limits::default());
        assert!(
            matches!(&e, ApiError::Input(i) if i.given == Given::Start),
            "{e:?}"
        );
        assert_eq!(e.field(), Some("start"));
        assert!(
            e.to_string().starts_with("the start: expected `S(...)`"),
            "{e}"
        );

        let e = run("S(h8, h6, 2)", None, Limits::default());
        assert!(
            matches!(&e, ApiError::Input(i) if i.given == Given::NoPiece("p".into())),
            "{e:?}"
        );
        assert_eq!(e.field(), Some("piece"));

        let few_steps = Limits {
            max_steps: 3,
            ..Limits::default()
        };
        let e = run("S(h8, a1, 7)", Some("WK"), few_steps);
        assert!(
            matches!(
                &e,
                ApiError::Run {
                    limit: Some(Limit::Steps),
                    ..
                }
            ),
            "{e:?}"
        );
        assert!(e.to_string().contains("`Limits::max_steps`"), "{e}");

        for e in [
            run("S(h8)", Some("WK"), Limits::default()),
            run("S(h8, z9, 2)", Some("WK"), Limits::default()),
            run("S(h8, a1, 7)", Some("WK"), few_steps),
        ] {
            assert!(!e.to_string().contains("--"), "{e}");
        }
    }
}
