//! Comparing two languages: of two grammars, or of a grammar and the native generator it
//! stands for (of trajectories or of zones), on given starts or on seeded random ones
//! (docs/testing-grammars.md). Serialised, a [`CompareResult`] is what `lingeo compare --json`
//! prints. (Not [`crate::engine_comparison`], the measurements of patterns against zones.)
//!
//! Two grammars are compared sentence for sentence as they print. Against the native
//! generator both sides are read as what they mean, trajectories or zones, and printed alike
//! (`f6 e5 e4`, `t(BOMBER, h5 h4, 5) ...`), so that a grammar with other symbol names still
//! agrees.
//!
//! ```
//! use lingeo::api::compare::{CompareInputs, CompareRequest, CompareSide, GrammarSource};
//! use lingeo::api::Workbench;
//!
//! let bench = Workbench::load("examples/robot-zone-simplified.scenario")?;
//! let r = CompareRequest {
//!     start: Some("S(h5, h1, 4)".into()),
//!     piece: Some("BOMBER".into()),
//!     ..CompareRequest::default()
//! };
//! let sides = CompareInputs {
//!     a: CompareSide::Grammar(GrammarSource::File("grammars/zones-filtered.lgg".into())),
//!     b: CompareSide::Native,
//!     ..CompareInputs::default()
//! };
//! let result = bench.compare(&r, &sides, &lingeo::progress::Silent)?;
//! assert!(result.passed);
//! assert_eq!(result.b, "the native zone generator (filters f1+f2)");
//! let json = serde_json::to_value(&result)?; // what `lingeo compare --json` prints
//! assert_eq!(json["starts"][0]["count_a"], 5);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::HashSet;
use std::path::PathBuf;
use std::sync::Mutex;

use serde::Serialize;

use serde::Deserialize;

use super::Workbench;
use super::error::{ApiError, Cap, Result};
use super::grammar_limits::{GrammarLimits, LimitFields};
use super::request::{self, Request};
use super::zones::{AttackRequest, Filters, ZoneEngine};
use crate::board::{Board, Point};
use crate::budget::{Budget, Exceeded};
use crate::bundle::{AdmissibleRule, Bundle, BundleOptions, Listing};
use crate::grammar::types::Type;
use crate::grammar::value::Value;
use crate::grammar::world::World;
use crate::grammar::{Grammar, Language, Limits};
use crate::language_diff::{LanguageDiff, SymbolDiff};
use crate::piece::Side;
use crate::play::game::Game;
use crate::play::states::GameStates;
use crate::progress::{Progress, Task};
use crate::random::SplitMix;
use crate::render;
use crate::zone::{self, ZoneGenerator, ZoneOptions};

/// Where a grammar of a comparison comes from. A grammar cannot be shared between threads,
/// so each thread of a comparison reads it again from here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GrammarSource {
    /// A grammar file (`.lgg`), its imports read relative to its folder.
    File(PathBuf),
    /// Grammar text, `name` naming it in errors and results and locating its imports.
    Text {
        /// The grammar's file name, as results show it.
        name: String,
        /// The grammar's text.
        text: String,
    },
    /// A grammar shipped with lingeo, by name ([`super::shipped_grammar`]).
    Shipped(String),
    /// Grammar text from anywhere (a request to `lingeo serve`): `name` names it, and its
    /// imports are of the shipped grammars only, by their file names; no file is read
    /// ([`Grammar::parse_without_files`]).
    Sandboxed {
        /// The grammar's file name, as results show it (never opened).
        name: String,
        /// The grammar's text.
        text: String,
    },
}

impl GrammarSource {
    /// The grammar, read and parsed.
    pub fn load(&self) -> Result<Grammar> {
        match self {
            GrammarSource::File(path) => super::load_grammar(path),
            GrammarSource::Text { name, text } => super::grammar_from_text(text, name),
            GrammarSource::Shipped(name) => super::shipped_grammar(name),
            GrammarSource::Sandboxed { name, text } => {
                Ok(Grammar::parse_without_files(name, text)?)
            }
        }
    }

    /// How results name the source: the path, the text's name, or the shipped grammar's.
    pub fn label(&self) -> String {
        match self {
            GrammarSource::File(path) => path.display().to_string(),
            GrammarSource::Text { name, .. }
            | GrammarSource::Shipped(name)
            | GrammarSource::Sandboxed { name, .. } => name.clone(),
        }
    }
}

/// One side of a comparison.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CompareSide {
    /// A grammar's language, as it prints it.
    Grammar(GrammarSource),
    /// The native generator of what the other side's grammar derives: trajectories (the other
    /// grammar takes one piece input, starts S(point, point, int) and derives a(point)
    /// symbols) or zones (t((piece, trajectory), int) symbols).
    Native,
}

/// What a start must show to pass.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Check {
    /// The two languages are equal.
    #[default]
    Equal,
    /// A's language is within B's.
    Subset,
    /// B's language is within A's.
    Superset,
}

impl Check {
    /// Whether a start whose languages differ by `diff` passes.
    pub fn passes(self, diff: &LanguageDiff) -> bool {
        match self {
            Check::Equal => diff.equal(),
            Check::Subset => diff.a_within_b(),
            Check::Superset => diff.b_within_a(),
        }
    }
}

/// The lengths l0 of random starts.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Lengths {
    /// The distance from x0 to y0.
    #[default]
    Shortest,
    /// Any admissible length: from the distance up to twice it, less one.
    Admissible,
}

impl Lengths {
    /// How a report names them.
    pub fn label(self) -> &'static str {
        match self {
            Lengths::Shortest => "shortest",
            Lengths::Admissible => "admissible",
        }
    }
}

/// The most random starts a comparison draws.
pub const MAX_RANDOM_STARTS: u32 = 100_000;

/// The options of a comparison (`lingeo compare`, `/api/compare`, `lingeo.compare`), with
/// their defaults (`Default`) and rules ([`Request::check`]). What is no option, the two sides,
/// a list of starts and the grammars' other inputs, is [`CompareInputs`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct CompareRequest {
    /// The start string, e.g. `S(h5, h1, 4)`: where it cannot be compared, the comparison
    /// fails with that error.
    pub start: Option<String>,
    /// Compare on N random starts S(x0, y0, l0) on the scenario's board instead (1 to
    /// 100000): for zones, x0 where the piece stands and y0 one of its targets; for
    /// trajectories any two points the piece can go between; l0 the distance (see `lengths`).
    /// Each start and each disagreement is reported.
    pub random: Option<u32>,
    /// The seed of `random` (default: one from the clock; the output names it, so that a run
    /// can be repeated).
    pub seed: Option<u64>,
    /// The lengths l0 of `random`: the distance, or any admissible length (from the distance
    /// up to twice it, less one).
    pub lengths: Lengths,
    /// The grammars' piece input: a placed piece, by name (where no placed piece has the name,
    /// a piece type of that name).
    pub piece: Option<String>,
    /// The piece input as a piece type (king, ..., or a type of the scenario).
    #[serde(rename = "type")]
    pub type_name: Option<String>,
    /// The side of a piece type (default white).
    pub side: Option<Side>,
    /// Pass when every sentence of A is one of B's, rather than when they are equal.
    pub subset: bool,
    /// Pass when every sentence of B is one of A's.
    pub superset: bool,
    /// The native generator of zones: the filters of decision A8 (all, the default, is what
    /// grammars/zones-filtered.lgg derives; none, grammars/zones.lgg).
    pub filters: Filters,
    /// The native generator of trajectories: the length condition of admissible trajectories.
    pub rule: AdmissibleRule,
    /// Stop with an error past this many sentences on either side (native ones too).
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
    /// Compare the starts on this many threads at once (1 to 256; the output is the same as
    /// with one).
    pub jobs: usize,
    /// Stop with an error after this many seconds.
    pub time: Option<f64>,
    /// Stop with an error when the comparison uses more than this many MiB of memory (1 to
    /// 2^30; the native generator of zones and the languages held stop there too).
    pub max_memory: u64,
}

impl Default for CompareRequest {
    fn default() -> Self {
        let limits = Limits::default();
        let fields = LimitFields::default();
        CompareRequest {
            start: None,
            random: None,
            seed: None,
            lengths: Lengths::Shortest,
            piece: None,
            type_name: None,
            side: None,
            subset: false,
            superset: false,
            filters: Filters::All,
            rule: AdmissibleRule::S16,
            max_sentences: limits.max_sentences,
            max_steps: fields.max_steps,
            max_depth: fields.max_depth,
            max_length: fields.max_length,
            max_set_size: fields.max_set_size,
            max_iterations: fields.max_iterations,
            jobs: 1,
            time: None,
            max_memory: fields.max_memory,
        }
    }
}

impl Request for CompareRequest {
    const JOB: &'static str = "compare";

    fn check(&self) -> Result<()> {
        let bad = |field, message: String| Err(ApiError::request(Some(field), message));
        if self.start.is_some() && self.random.is_some() {
            return bad("random", "give `start` or `random`, not both".into());
        }
        if let Some(count) = self.random
            && !(1..=MAX_RANDOM_STARTS).contains(&count)
        {
            return bad(
                "random",
                format!("`random` must be from 1 to {MAX_RANDOM_STARTS}, not {count}"),
            );
        }
        if self.random.is_none() {
            if self.seed.is_some() {
                return bad("seed", "`seed` goes with `random`".into());
            }
            if self.lengths != Lengths::Shortest {
                return bad("lengths", "`lengths` goes with `random`".into());
            }
        }
        if self.piece.is_some() && self.type_name.is_some() {
            return bad("type", "give `piece` or `type`, not both".into());
        }
        if self.side.is_some() && self.piece.is_none() && self.type_name.is_none() {
            return bad("side", "`side` goes with `type` (a piece type)".into());
        }
        if self.subset && self.superset {
            return bad("superset", "give `subset` or `superset`, not both".into());
        }
        if crate::parallel::check_jobs(self.jobs).is_err() {
            return bad(
                "jobs",
                format!(
                    "`jobs` must be from 1 to {}, not {}",
                    crate::parallel::MAX_JOBS,
                    self.jobs
                ),
            );
        }
        request::check_time(self.time)?;
        request::check_max_memory(self.max_memory)
    }
}

impl CompareRequest {
    /// What a start must show to pass.
    pub fn check_kind(&self) -> Check {
        match (self.subset, self.superset) {
            (true, _) => Check::Subset,
            (_, true) => Check::Superset,
            _ => Check::Equal,
        }
    }

    /// The caps of the grammars' runs: `max_sentences` caps each side's language, native ones
    /// too (and `max_memory` the native generator of zones); an imported grammar's language
    /// keeps the default cap.
    pub fn limits(&self) -> Limits {
        self.limit_fields().limits(Some(self.max_sentences), None)
    }

    /// The field the starts came from, as errors about a start name it.
    fn starts_field(&self) -> &'static str {
        if self.random.is_some() {
            "random"
        } else if self.start.is_some() {
            "start"
        } else {
            "starts"
        }
    }
}

/// What a comparison reads besides its options: the two sides, the starts given as a list,
/// and the grammars' other inputs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompareInputs {
    /// The first side.
    pub a: CompareSide,
    /// The second side.
    pub b: CompareSide,
    /// Starts given as a list (not with `start` or `random`): each compared, one that cannot
    /// be reported on its line (a list of one is as `start`: its error is the comparison's).
    pub starts: Vec<String>,
    /// The grammars' other inputs, by name, each value as the grammars read it (`--set
    /// name=value`).
    pub set: Vec<(String, String)>,
}

impl Default for CompareInputs {
    fn default() -> Self {
        CompareInputs {
            a: CompareSide::Native,
            b: CompareSide::Native,
            starts: Vec::new(),
            set: Vec::new(),
        }
    }
}

impl CompareInputs {
    /// Whether the inputs go with the request: starts from one place, and from one only.
    pub fn check(&self, r: &CompareRequest) -> Result<()> {
        let given = !self.starts.is_empty();
        if given && (r.start.is_some() || r.random.is_some()) {
            return Err(ApiError::request(
                Some("starts"),
                "give a list of starts, `start` or `random`: one of them",
            ));
        }
        if !given && r.start.is_none() && r.random.is_none() {
            return Err(ApiError::request(
                Some("start"),
                "give `start` (the start string) or `random` (a number of random starts)",
            ));
        }
        Ok(())
    }
}

/// A comparison; serialised, what `lingeo compare --json` prints.
#[derive(Clone, Debug, Serialize)]
pub struct CompareResult {
    /// What side A is (`grammars/zones.lgg (grammar zones)`, `the native zone generator
    /// (filters f1+f2)`).
    pub a: String,
    /// What side B is.
    pub b: String,
    /// What a start had to show to pass.
    pub check: Check,
    /// How the random starts were drawn, and the seed (none for given starts).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub random: Option<String>,
    /// Each start's comparison, in the order of the starts.
    pub starts: Vec<StartComparison>,
    /// Whether every start passed.
    pub passed: bool,
}

impl CompareResult {
    /// The starts that passed, that failed the check, and that could not be compared.
    pub fn tally(&self) -> (usize, usize, usize) {
        let (mut passed, mut failed, mut errors) = (0, 0, 0);
        for s in &self.starts {
            match &s.outcome {
                StartOutcome::Compared { passed: true, .. } => passed += 1,
                StartOutcome::Compared { .. } => failed += 1,
                StartOutcome::Failed { .. } => errors += 1,
            }
        }
        (passed, failed, errors)
    }
}

/// One start's comparison.
#[derive(Clone, Debug, Serialize)]
pub struct StartComparison {
    /// The start, as given (trimmed) or drawn.
    pub start: String,
    /// The two languages side by side, or why they could not be compared.
    #[serde(flatten)]
    pub outcome: StartOutcome,
}

/// The two languages of one start side by side, or why they could not be compared.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum StartOutcome {
    /// Both languages were derived.
    Compared {
        /// Whether the start passes the check.
        passed: bool,
        /// The sentences of A.
        count_a: usize,
        /// The sentences of B.
        count_b: usize,
        /// The sentences both have.
        common: usize,
        /// The sentences only A has, sorted.
        only_a: Vec<String>,
        /// The sentences only B has, sorted.
        only_b: Vec<String>,
        /// For languages of zones that differ: the `t(...)` symbols only A's zones hold.
        #[serde(skip_serializing_if = "Option::is_none")]
        symbols_only_a: Option<Vec<String>>,
        /// For languages of zones that differ: the `t(...)` symbols only B's zones hold.
        #[serde(skip_serializing_if = "Option::is_none")]
        symbols_only_b: Option<Vec<String>>,
    },
    /// A side could not be derived (a limit, a start that does not fit).
    Failed {
        /// The error's first line.
        error: String,
        /// The error itself.
        #[serde(skip)]
        cause: Box<ApiError>,
    },
}

/// What a grammar's language is, read from its shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Trajectories,
    Zones,
    Other,
}

fn kind(g: &Grammar) -> Kind {
    if super::zones::zone_grammar_problems(g).is_empty() {
        return Kind::Zones;
    }
    let inputs: Vec<Type> = g.inputs().into_iter().map(|(_, t)| t).collect();
    let points = g
        .program
        .symbols
        .iter()
        .filter(|s| s.terminal)
        .all(|s| s.params == [Type::Point]);
    if inputs == [Type::Piece] && g.start_types() == [Type::Point, Type::Point, Type::Int] && points
    {
        Kind::Trajectories
    } else {
        Kind::Other
    }
}

/// One side, read.
enum LoadedSide {
    Grammar(Grammar),
    Native(Kind),
}

/// The two sides of `r`, read, with the native generator standing for the other grammar's
/// kind.
fn sides(r: &CompareInputs) -> Result<(LoadedSide, LoadedSide)> {
    let load = |side: &CompareSide| match side {
        CompareSide::Grammar(source) => source.load().map(Some),
        CompareSide::Native => Ok(None),
    };
    let (ga, gb) = (load(&r.a)?, load(&r.b)?);
    let native_of = |g: &Grammar, field: &'static str, source: &CompareSide| match kind(g) {
        Kind::Other => Err(ApiError::request(
            Some(field),
            format!(
                "the native generator is one of trajectories or of zones, and {} (`{}`) is neither: it must take one piece input, start S(x0: point, y0: point, l0: int) and derive a(point) symbols (trajectories) or t((piece, trajectory), int) symbols (zones)",
                match source {
                    CompareSide::Grammar(s) => s.label(),
                    CompareSide::Native => String::new(),
                },
                g.name()
            ),
        )),
        k => Ok(LoadedSide::Native(k)),
    };
    match (ga, gb) {
        (None, None) => Err(ApiError::request(
            Some("b"),
            "compare a grammar with the native generator, or two grammars; not the native generator with itself",
        )),
        (Some(g), None) => {
            let native = native_of(&g, "a", &r.a)?;
            Ok((LoadedSide::Grammar(g), native))
        }
        (None, Some(g)) => {
            let native = native_of(&g, "b", &r.b)?;
            Ok((native, LoadedSide::Grammar(g)))
        }
        (Some(ga), Some(gb)) => Ok((LoadedSide::Grammar(ga), LoadedSide::Grammar(gb))),
    }
}

/// The grammar of a pair of sides (one at least is a grammar).
fn grammar_of<'g>(a: &'g LoadedSide, b: &'g LoadedSide) -> &'g Grammar {
    match (a, b) {
        (LoadedSide::Grammar(g), _) | (_, LoadedSide::Grammar(g)) => g,
        _ => unreachable!("one side at least is a grammar"),
    }
}

/// Whether either side is a language of zones.
fn of_zones(a: &LoadedSide, b: &LoadedSide) -> bool {
    [a, b].iter().any(|s| match s {
        LoadedSide::Native(k) => *k == Kind::Zones,
        LoadedSide::Grammar(g) => kind(g) == Kind::Zones,
    })
}

/// A seed for random starts where none is given (the result names it, so that a run can be
/// repeated).
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
        % 1_000_000
}

/// An error's first line, without its `error: ` prefix.
fn first_line(e: &ApiError) -> String {
    let text = e.to_string();
    let first = text.lines().next().unwrap_or_default();
    first.strip_prefix("error: ").unwrap_or(first).to_string()
}

impl Workbench {
    /// The languages of `inputs.a` and `inputs.b` on each start (`r.start`, `r.random` drawn
    /// ones, or `inputs.starts`), side by side, within `r.time`. `progress` is told of each
    /// start (a task `"starts"`). A single start (`r.start`, or a list of one) that cannot be
    /// compared is the error; among several, one line of the result.
    pub fn compare(
        &self,
        r: &CompareRequest,
        inputs: &CompareInputs,
        progress: &dyn Progress,
    ) -> Result<CompareResult> {
        r.check()?;
        inputs.check(r)?;
        request::within_time(r.time, || self.compare_within(r, inputs, progress))
    }

    /// [`Workbench::compare`] of a checked request.
    fn compare_within(
        &self,
        r: &CompareRequest,
        inputs: &CompareInputs,
        progress: &dyn Progress,
    ) -> Result<CompareResult> {
        let scenario = self.scenario();
        let game = match &scenario.game {
            Some(_) => Some(self.game()?),
            None => None,
        };
        let piece = self.piece_input(r)?;
        let (a, b) = sides(inputs)?;
        let states = game.as_ref().map(GameStates::new);
        let output = Mutex::new(Budget::new());
        let ctx = Context {
            bench: self,
            states: states.as_ref(),
            r,
            limits: r.limits(),
            set: &inputs.set,
            piece: piece.as_ref().map(|(n, s)| (n.as_str(), *s)),
            output: &output,
        };
        let (starts, random) = ctx.starts(inputs, &a, &b)?;
        let compared = ctx.compare_starts(inputs, game.as_ref(), &a, &b, starts, progress)?;
        let passed = compared
            .iter()
            .all(|s| matches!(s.outcome, StartOutcome::Compared { passed: true, .. }));
        Ok(CompareResult {
            a: describe(&a, &inputs.a, r),
            b: describe(&b, &inputs.b, r),
            check: r.check_kind(),
            random,
            starts: compared,
            passed,
        })
    }

    /// The grammars' piece input, where the request gives one: a placed piece by its name; a
    /// type by its name and a side (which makes the world take the type even where a placed
    /// piece has the same name).
    fn piece_input(&self, r: &CompareRequest) -> Result<Option<(String, Option<Side>)>> {
        if r.piece.is_none() && r.type_name.is_none() {
            return Ok(None);
        }
        let c = self.choose(
            r.piece.as_deref(),
            r.type_name.as_deref(),
            r.side,
            crate::piece::Usage::Move,
        )?;
        Ok(Some(match c.at {
            Some(_) => (r.piece.clone().unwrap_or_default(), None),
            None => (c.type_name, Some(c.side)),
        }))
    }
}

/// How the result names a side: the grammar with where it came from, or the native generator
/// with the option it ran with.
fn describe(side: &LoadedSide, source: &CompareSide, r: &CompareRequest) -> String {
    match side {
        LoadedSide::Grammar(g) => {
            let label = match source {
                CompareSide::Grammar(s) => s.label(),
                CompareSide::Native => String::new(),
            };
            format!("{label} (grammar {})", g.name())
        }
        LoadedSide::Native(Kind::Zones) => {
            format!("the native zone generator (filters {})", r.filters.label())
        }
        LoadedSide::Native(_) => format!(
            "the native trajectory generator (rule {})",
            match r.rule {
                AdmissibleRule::S16 => "s16",
                AdmissibleRule::S06 => "s06",
            }
        ),
    }
}

/// What every start of a comparison shares.
#[derive(Clone, Copy)]
struct Context<'a> {
    bench: &'a Workbench,
    states: Option<&'a GameStates<'a>>,
    r: &'a CompareRequest,
    /// The request's limits.
    limits: Limits,
    /// The grammars' other inputs.
    set: &'a [(String, String)],
    /// The piece input: a name, with a side where it is a type's.
    piece: Option<(&'a str, Option<Side>)>,
    /// The result's text so far, every start's (the starts may run on several threads).
    output: &'a Mutex<Budget>,
}

/// One side's sentences as they are printed, each held in a budget first; the first refusal
/// stops the listing (a stream's sentences come through a callback that cannot fail).
struct Lines<'b> {
    lines: Vec<String>,
    held: &'b mut Budget,
    stopped: Option<Exceeded>,
}

impl<'b> Lines<'b> {
    fn new(held: &'b mut Budget) -> Lines<'b> {
        Lines {
            lines: Vec::new(),
            held,
            stopped: None,
        }
    }

    fn push(&mut self, line: String) {
        if self.stopped.is_some() {
            return;
        }
        match self.held.hold(crate::budget::text_bytes(line.len()), || {
            "the languages compared".into()
        }) {
            Ok(()) => self.lines.push(line),
            Err(e) => self.stopped = Some(e),
        }
    }

    fn finish(self) -> Result<Vec<String>> {
        match self.stopped {
            Some(e) => Err(e.into()),
            None => Ok(self.lines),
        }
    }
}

impl Context<'_> {
    fn world(&self) -> World<'_> {
        let world = World::new(self.bench.scenario(), self.bench.kernel());
        match self.states {
            Some(states) => world.with_states(states),
            None => world,
        }
    }

    /// The grammar's inputs, bound as [`Workbench::run`] binds them.
    fn inputs(&self, grammar: &Grammar, world: &mut World<'_>) -> Result<Vec<Value>> {
        Ok(grammar.bind_inputs(world, self.set, self.piece)?)
    }

    /// The comparison of `a` and `b` on one start.
    fn compare_one(
        &self,
        a: &LoadedSide,
        b: &LoadedSide,
        start: &str,
        canonical: bool,
        zones: bool,
    ) -> Result<StartOutcome> {
        let grammar = grammar_of(a, b);
        // The two languages, printed, held while they are compared.
        let mut lines = Budget::new();
        let la = self.language(a, grammar, start, canonical, &mut lines)?;
        let lb = self.language(b, grammar, start, canonical, &mut lines)?;
        // What the result keeps of them is its text, counted for every start together (so
        // that the cap on a result's text stops the comparison as soon as it is passed).
        let mut output = self.output.lock().unwrap_or_else(|e| e.into_inner());
        let diff = LanguageDiff::new(&la, &lb, &mut output)?;
        let symbols = if zones && !diff.equal() {
            Some(SymbolDiff::new(&la, &lb, &mut output)?)
        } else {
            None
        };
        drop(output);
        Ok(StartOutcome::Compared {
            passed: self.r.check_kind().passes(&diff),
            count_a: diff.count_a,
            count_b: diff.count_b,
            common: diff.common,
            only_a: diff.only_a,
            only_b: diff.only_b,
            symbols_only_a: symbols.as_ref().map(|s| s.only_a.clone()),
            symbols_only_b: symbols.map(|s| s.only_b),
        })
    }

    /// One side's sentences: as the grammar prints them, or with `canonical` as what they
    /// mean, each held in `held` as it is printed. The native generator takes its piece and
    /// start from `other`, the grammar it stands beside.
    fn language(
        &self,
        side: &LoadedSide,
        other: &Grammar,
        start: &str,
        canonical: bool,
        held: &mut Budget,
    ) -> Result<Vec<String>> {
        let mut lines = Lines::new(held);
        self.language_into(side, other, start, canonical, &mut lines)?;
        lines.finish()
    }

    /// [`Context::language`] into `lines`.
    fn language_into(
        &self,
        side: &LoadedSide,
        other: &Grammar,
        start: &str,
        canonical: bool,
        lines: &mut Lines<'_>,
    ) -> Result<()> {
        let grammar = match side {
            LoadedSide::Grammar(grammar) => grammar,
            LoadedSide::Native(_) => other,
        };
        let mut world = self.world();
        let inputs = self.inputs(grammar, &mut world)?;
        let values = grammar.parse_start(&mut world, start)?;
        match side {
            LoadedSide::Native(Kind::Zones) => self.native_zones(&world, &inputs, &values, lines),
            LoadedSide::Native(_) => self.native_trajectories(&world, &inputs, &values, lines),
            LoadedSide::Grammar(_) => {
                self.grammar_language(grammar, &world, &inputs, &values, canonical, lines)
            }
        }
    }

    /// The native zone generator's language on the start `S(x0, y0, l0)` of the grammar of
    /// zones beside it (`values`), for its piece input: the zones of the attack on `y0` within
    /// `l0`, as that grammar prints them. The piece must stand on `x0`: a zone starts there.
    fn native_zones(
        &self,
        world: &World<'_>,
        inputs: &[Value],
        values: &[Value],
        lines: &mut Lines<'_>,
    ) -> Result<()> {
        let scenario = self.bench.scenario();
        let board = &scenario.board;
        let max_sentences = self.limits.max_sentences;
        let piece = inputs[0].piece() as usize;
        let Some(Some(index)) = world.in_scenario.get(piece) else {
            return Err(ApiError::request(
                Some("piece"),
                "the native zone generator takes a placed piece: a zone starts where its piece stands",
            ));
        };
        let (x0, y0, l0) = (values[0].point(), values[1].point(), values[2].int());
        let at = scenario.pieces[*index].at;
        if x0 != at {
            return Err(ApiError::request(
                Some(self.r.starts_field()),
                format!(
                    "the native zone generator starts where {} stands, {}, not at x0 = {}",
                    scenario.pieces[*index].name,
                    board.name(at),
                    board.name(x0)
                ),
            ));
        }
        let zones = super::zones::compute(
            scenario,
            self.bench.kernel(),
            AttackRequest {
                piece: *index,
                target: y0,
                horizon: u32::try_from(l0).unwrap_or(0),
                filters: self.r.filters,
                engine: ZoneEngine::Native,
                grammar: None,
                inputs: &[],
                max_zones: max_sentences,
                limits: Limits {
                    max_imported_sentences: max_sentences,
                    ..self.limits
                },
            },
        )?;
        zones.iter().for_each(|z| lines.push(self.show_zone(z)));
        Ok(())
    }

    /// The native trajectory generator's language on the start `S(x0, y0, l0)` of the grammar
    /// of trajectories beside it: the bundle of its piece from `x0` to `y0` of length `l0`
    /// (none where no trajectory has that length), at most `max_sentences` of them.
    fn native_trajectories(
        &self,
        world: &World<'_>,
        inputs: &[Value],
        values: &[Value],
        lines: &mut Lines<'_>,
    ) -> Result<()> {
        let board = &self.bench.scenario().board;
        let max_sentences = self.limits.max_sentences;
        let piece = &world.pieces[inputs[0].piece() as usize];
        let (x0, y0, l0) = (values[0].point(), values[1].point(), values[2].int());
        let options = BundleOptions {
            rule: self.r.rule,
            simple_only: false,
        };
        let Ok(length) = u32::try_from(l0) else {
            return Ok(());
        };
        let bundle = Bundle::new(
            self.bench.kernel(),
            piece.moves,
            x0,
            y0,
            Some(length),
            options,
        );
        if bundle.length() != Some(length) {
            return Ok(());
        }
        let trajectories = bundle
            .collect_within(max_sentences, &mut Budget::new())
            .map_err(|e| match e {
                Listing::TooMany(e) => ApiError::TooLarge {
                    cap: Cap::Sentences,
                    reason: format!("more than {max_sentences} trajectories"),
                    message: format!(
                        "the native generator's language has {}, more than the limit of {max_sentences}",
                        match e.count {
                            Some(n) => render::counted_saturating(n, "sentence", "sentences"),
                            None => format!("more than {max_sentences} sentences"),
                        }
                    ),
                },
                Listing::Exceeded(e) => e.into(),
            })?;
        trajectories
            .iter()
            .for_each(|t| lines.push(render::trajectory(board, t)));
        Ok(())
    }

    /// A grammar's language on a start, each sentence read off the derivation's stream: as
    /// the grammar prints it, or with `canonical` as what it means (a zone, a trajectory), to
    /// stand beside a native generator's.
    fn grammar_language(
        &self,
        grammar: &Grammar,
        world: &World<'_>,
        inputs: &[Value],
        values: &[Value],
        canonical: bool,
        lines: &mut Lines<'_>,
    ) -> Result<()> {
        let board = &self.bench.scenario().board;
        let language = grammar.derive_stream(world, inputs, values, self.limits, None)?;
        // Each line is read off the stream, with no vector of sentences in between.
        if !canonical {
            language.for_each(|s| lines.push(grammar.show_sentence(world, s)));
            return Ok(());
        }
        match kind(grammar) {
            Kind::Zones => {
                language.for_each(|s| lines.push(self.show_zone(&zone::zone_of_sentence(s))))
            }
            _ => Language::from(language)
                .trajectories()
                .ok_or_else(|| ApiError::request(None, "a sentence that is no trajectory"))?
                .iter()
                .for_each(|t| lines.push(render::trajectory(board, t))),
        }
        Ok(())
    }

    /// The starts to compare on: the request's one, `random` drawn ones (with the line
    /// saying how, seed included, so that a run can be repeated), or the inputs' list.
    fn starts(
        &self,
        inputs: &CompareInputs,
        a: &LoadedSide,
        b: &LoadedSide,
    ) -> Result<(Vec<String>, Option<String>)> {
        Ok(match (&self.r.start, self.r.random) {
            (Some(start), _) => (vec![start.trim().to_string()], None),
            (None, Some(count)) => {
                let seed = self.r.seed.unwrap_or_else(clock_seed);
                let (starts, about) = self.random_starts(a, b, count, seed, self.r.lengths)?;
                (starts, Some(format!("{about}, seed {seed}")))
            }
            (None, None) => (
                inputs.starts.iter().map(|s| s.trim().to_string()).collect(),
                None,
            ),
        })
    }

    /// Each start compared, over `jobs` threads, in the starts' order: a start that cannot be
    /// compared is a line of the result among several, and the error where it is the only
    /// one; a start past the time limit stops them all (the others would stop too).
    fn compare_starts(
        &self,
        inputs: &CompareInputs,
        game: Option<&Game>,
        a: &LoadedSide,
        b: &LoadedSide,
        starts: Vec<String>,
        progress: &dyn Progress,
    ) -> Result<Vec<StartComparison>> {
        let r = self.r;
        // The context without the caller's states of play, which stay on its thread: each
        // worker has its own.
        let shared = Context {
            states: None,
            ..*self
        };
        let zones = of_zones(a, b);
        let canonical = matches!(a, LoadedSide::Native(_)) || matches!(b, LoadedSide::Native(_));
        // One start given: its error is the comparison's.
        let single = r.start.is_some() || (r.random.is_none() && inputs.starts.len() == 1);
        let task = Task::start(progress, Some(starts.len() as u64), "starts");
        // Each worker reads the two sides again (a grammar cannot be shared between threads)
        // and keeps its own states of play.
        let worker = || -> Result<(LoadedSide, LoadedSide, Option<GameStates<'_>>)> {
            let (a, b) = sides(inputs)?;
            Ok((a, b, game.map(GameStates::new)))
        };
        let outcomes: Vec<Option<Result<StartOutcome>>> = crate::parallel::map_in_order_with(
            r.jobs,
            &starts,
            worker,
            |worker, _, start| {
                task.message(start);
                // The time limit is looked at before each start too: a start whose derivation
                // is shorter than the run's interval between looks would never see it.
                if let Some(limit) = crate::deadline::passed() {
                    return Err(ApiError::Stopped {
                        reason: crate::play::search::StopReason::Deadline(limit),
                        note: "",
                    });
                }
                let outcome = match worker {
                    Ok((a, b, states)) => {
                        let ctx = Context {
                            states: states.as_ref(),
                            ..shared
                        };
                        ctx.compare_one(a, b, start, canonical, zones)
                    }
                    Err(e) => Err(e.clone()),
                };
                task.advance(1);
                outcome
            },
            // A start past the time limit stops the comparison: the others would stop too.
            |o| matches!(o, Err(e) if e.stopped_by_time()),
        )?;
        drop(task);
        let stopped = outcomes.iter().flatten().find_map(|o| match o {
            Err(e) if e.stopped_by_time() => Some(e.clone()),
            _ => None,
        });
        if let Some(e) = stopped {
            return Err(e);
        }
        let outcomes = outcomes
            .into_iter()
            .map(|o| o.expect("only a stop by time stops the others"));
        let mut compared = Vec::with_capacity(starts.len());
        for (start, outcome) in starts.into_iter().zip(outcomes) {
            let outcome = match outcome {
                Ok(o) => o,
                Err(e) if single => return Err(e),
                Err(e) => StartOutcome::Failed {
                    error: first_line(&e),
                    cause: Box::new(e),
                },
            };
            compared.push(StartComparison { start, outcome });
        }
        Ok(compared)
    }

    /// A zone as the grammar of zones prints it: `t(BOMBER, h5 h4 h3 h2 h1, 5) ...`.
    fn show_zone(&self, z: &zone::Zone) -> String {
        zone::zone_symbols(self.bench.scenario(), z).join(" ")
    }

    /// `count` random starts `S(x0, y0, l0)` for the grammars' start symbol, and a line
    /// saying how they were drawn.
    fn random_starts(
        &self,
        a: &LoadedSide,
        b: &LoadedSide,
        count: u32,
        seed: u64,
        lengths: Lengths,
    ) -> Result<(Vec<String>, String)> {
        let grammar = grammar_of(a, b);
        if grammar.start_types() != [Type::Point, Type::Point, Type::Int] {
            return Err(ApiError::request(
                Some("random"),
                format!(
                    "random starts are drawn as S(x0: point, y0: point, l0: int), and `{}` starts with other parameters",
                    grammar.name()
                ),
            ));
        }
        let mut world = self.world();
        let inputs = self.inputs(grammar, &mut world)?;
        let Some(piece) = inputs.iter().find_map(|v| match v {
            Value::Piece(p) => Some(*p as usize),
            _ => None,
        }) else {
            return Err(ApiError::request(
                Some("random"),
                format!(
                    "random starts are drawn where the piece can go, and `{}` has no piece input",
                    grammar.name()
                ),
            ));
        };
        let (pairs, about) = self.start_pairs(&world, piece, of_zones(a, b))?;
        let name = &world.pieces[piece].name;
        if pairs.is_empty() {
            return Err(ApiError::request(
                Some("random"),
                format!("{name} has no start to draw ({about})"),
            ));
        }
        let symbol = &grammar.program.symbols[grammar.program.start.symbol as usize].name;
        let board = &self.bench.scenario().board;
        let starts = draw_starts(&pairs, symbol, board, count, seed, lengths);
        let fewer = if starts.len() < count as usize {
            format!("; {count} asked, no more distinct ones found")
        } else {
            String::new()
        };
        let about = format!(
            "{} ({about}, {} lengths{fewer})",
            render::counted(starts.len() as u128, "start", "starts"),
            lengths.label()
        );
        Ok((starts, about))
    }

    /// The (x0, y0, distance) a random start of the world's `piece` is drawn from, and a line
    /// saying which: for zones, from where the piece stands to each of its targets (a zone
    /// starts where its piece stands); otherwise any two points it can go between.
    fn start_pairs(
        &self,
        world: &World<'_>,
        piece: usize,
        zones: bool,
    ) -> Result<(Vec<StartPair>, String)> {
        let scenario = self.bench.scenario();
        let kernel = self.bench.kernel();
        let board = &scenario.board;
        let wp = &world.pieces[piece];
        let unreachable = kernel.unreachable();
        if zones {
            let Some(Some(index)) = world.in_scenario.get(piece).copied() else {
                return Err(ApiError::request(
                    Some("piece"),
                    "zones start where their piece stands: give a placed piece",
                ));
            };
            let x0 = scenario.pieces[index].at;
            let generator = ZoneGenerator::new(scenario, kernel, ZoneOptions::default());
            let pairs: Vec<_> = board
                .points()
                .filter(|&y| zone::is_target(scenario, index, y))
                .map(|y| (x0, y, generator.main_distance(index, y)))
                .filter(|&(_, _, d)| d < unreachable)
                .collect();
            let about = format!("{} from {} to its targets", wp.name, board.name(x0));
            return Ok((pairs, about));
        }
        let pairs = board
            .points()
            .flat_map(|x| board.points().map(move |y| (x, y)))
            .filter(|(x, y)| x != y)
            .map(|(x, y)| (x, y, kernel.distance(wp.moves, x, y)))
            .filter(|&(_, _, d)| d < unreachable)
            .collect();
        Ok((
            pairs,
            format!("{}, any two points it can go between", wp.name),
        ))
    }
}

/// A pair a random start is drawn from: (x0, y0, the piece's distance between them).
type StartPair = (Point, Point, u32);

/// `count` starts `symbol(x0, y0, l0)` drawn from `pairs` with `seed`, distinct while there
/// are enough of them (a piece with one target has few: the draw gives up after 20 tries a
/// start); `l0` the pair's distance, or with `lengths` admissible one drawn from it to below
/// twice it.
fn draw_starts(
    pairs: &[StartPair],
    symbol: &str,
    board: &Board,
    count: u32,
    seed: u64,
    lengths: Lengths,
) -> Vec<String> {
    let mut rng = SplitMix(seed);
    let mut length = |d: u32| match lengths {
        Lengths::Shortest => d,
        Lengths::Admissible => d + rng.below(u64::from(d.max(1))) as u32,
    };
    let mut rng_pairs = SplitMix(seed ^ 0x5eed);
    let mut starts: Vec<String> = Vec::new();
    let mut seen = HashSet::new();
    for _ in 0..count.saturating_mul(20) {
        if starts.len() == count as usize {
            break;
        }
        let (x, y, d) = pairs[rng_pairs.below(pairs.len() as u64) as usize];
        let start = format!(
            "{symbol}({}, {}, {})",
            board.name(x),
            board.name(y),
            length(d)
        );
        if seen.insert(start.clone()) {
            starts.push(start);
        }
    }
    starts
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::progress::Silent;

    fn king_on_5x5() -> Workbench {
        Workbench::new(
            super::super::workbench::empty_scenario("5x5", None).unwrap(),
            "5x5",
        )
        .unwrap()
    }

    fn random(seed: u64, jobs: usize, max_sentences: usize) -> CompareRequest {
        CompareRequest {
            random: Some(12),
            seed: Some(seed),
            lengths: Lengths::Admissible,
            type_name: Some("king".into()),
            max_sentences,
            jobs,
            ..CompareRequest::default()
        }
    }

    fn shortest_and_native() -> CompareInputs {
        CompareInputs {
            a: CompareSide::Grammar(GrammarSource::Shipped("shortest-trajectories".into())),
            b: CompareSide::Native,
            ..CompareInputs::default()
        }
    }

    /// The shortest trajectories against the native admissible ones: equal where the drawn
    /// length is the distance, different elsewhere; a start past the cap is a line of its
    /// own with its error, and the whole does not pass.
    #[test]
    fn random_starts_are_seeded_and_each_reported() {
        let bench = king_on_5x5();
        let sides = shortest_and_native();
        let one = bench.compare(&random(3, 1, 40), &sides, &Silent).unwrap();
        assert_eq!(one.starts.len(), 12);
        assert!(one.random.as_deref().unwrap().ends_with(", seed 3"));
        let (passed, failed, _) = one.tally();
        assert!(passed > 0 && failed > 0, "{one:?}");
        assert!(!one.passed);
        for s in &one.starts {
            if let StartOutcome::Compared {
                passed,
                count_a,
                only_a,
                ..
            } = &s.outcome
            {
                // The grammar's shortest ones are always among the native admissible ones.
                assert!(only_a.is_empty(), "{s:?}");
                // Equal where the length drawn is the distance, different above it.
                assert_eq!(*passed, *count_a > 0, "{s:?}");
            }
        }
        // The same seed, the same starts; on two threads, the same result.
        let two = bench.compare(&random(3, 2, 40), &sides, &Silent).unwrap();
        assert_eq!(
            serde_json::to_string(&one).unwrap(),
            serde_json::to_string(&two).unwrap()
        );
        let capped = bench.compare(&random(3, 1, 3), &sides, &Silent).unwrap();
        let (_, _, errors) = capped.tally();
        assert!(errors > 0, "{capped:?}");
        let failed = capped
            .starts
            .iter()
            .find(|s| matches!(s.outcome, StartOutcome::Failed { .. }))
            .unwrap();
        let json = serde_json::to_value(failed).unwrap();
        assert!(
            json["error"].as_str().unwrap().contains("more than"),
            "{json}"
        );
        assert!(json.get("passed").is_none(), "{json}");
    }

    /// A comparison past its `time` stops with the time limit's error (the starts run on two
    /// threads, which inherit the deadline).
    #[test]
    fn a_comparison_stops_at_its_time() {
        let bench = king_on_5x5();
        let r = CompareRequest {
            random: Some(MAX_RANDOM_STARTS),
            seed: Some(1),
            lengths: Lengths::Admissible,
            type_name: Some("king".into()),
            jobs: 2,
            time: Some(1e-6),
            ..CompareRequest::default()
        };
        let result = bench.compare(&r, &shortest_and_native(), &Silent);
        let stopped = match &result {
            Err(e) => e.to_string(),
            Ok(c) => c
                .starts
                .iter()
                .find_map(|s| match &s.outcome {
                    StartOutcome::Failed { error, .. } => Some(error.clone()),
                    _ => None,
                })
                .unwrap_or_default(),
        };
        assert!(stopped.contains("time limit"), "{stopped}");
    }

    /// The request's rules name its fields.
    #[test]
    fn the_requests_rules_name_fields() {
        let field = |r: CompareRequest| r.check().unwrap_err().field();
        let both = CompareRequest {
            start: Some("S(a1, b2, 1)".into()),
            random: Some(2),
            ..CompareRequest::default()
        };
        assert_eq!(field(both), Some("random"));
        let seed = CompareRequest {
            seed: Some(1),
            ..CompareRequest::default()
        };
        assert_eq!(field(seed), Some("seed"));
        let side = CompareRequest {
            side: Some(Side::Black),
            ..CompareRequest::default()
        };
        assert_eq!(field(side), Some("side"));
        let checks = CompareRequest {
            subset: true,
            superset: true,
            ..CompareRequest::default()
        };
        assert_eq!(field(checks), Some("superset"));
        let none = CompareInputs::default().check(&CompareRequest::default());
        assert_eq!(none.unwrap_err().field(), Some("start"));
    }

    /// A single start that cannot be compared is the error, naming the request's field and
    /// no command-line option.
    #[test]
    fn errors_name_fields_not_options() {
        let bench = king_on_5x5();
        let one = CompareRequest {
            start: Some("S(a1, b2, 1)".into()),
            ..CompareRequest::default()
        };
        let e = bench
            .compare(&one, &CompareInputs::default(), &Silent)
            .unwrap_err();
        assert_eq!(e.field(), Some("b"));
        let hanoi = CompareInputs {
            a: CompareSide::Grammar(GrammarSource::File("grammars/hanoi.lgg".into())),
            b: CompareSide::Grammar(GrammarSource::File("grammars/hanoi.lgg".into())),
            ..CompareInputs::default()
        };
        let random = CompareRequest {
            random: Some(3),
            seed: Some(1),
            ..CompareRequest::default()
        };
        let e = bench.compare(&random, &hanoi, &Silent).unwrap_err();
        assert_eq!(e.field(), Some("random"));
        let bad_start = CompareRequest {
            start: Some("S(3, a)".into()),
            ..CompareRequest::default()
        };
        let e = bench.compare(&bad_start, &hanoi, &Silent).unwrap_err();
        assert_eq!(e.field(), Some("start"));
        let native = CompareInputs {
            b: CompareSide::Native,
            ..hanoi
        };
        let odd = CompareRequest {
            start: Some("S(3, a, c)".into()),
            ..CompareRequest::default()
        };
        let e = bench.compare(&odd, &native, &Silent).unwrap_err();
        assert_eq!(e.field(), Some("a"));
        assert!(e.to_string().contains("is neither"), "{e}");
        assert!(!e.to_string().contains("--"), "{e}");
    }
}
