//! `lingeo compare A B`: the languages of two grammar files, or of a grammar file and the native
//! generator it stands for (`native`), on one start or on random starts
//! (docs/testing-grammars.md). Named apart from `lingeo::compare`, the comparison of patterns
//! and zones.
//!
//! Two grammars are compared sentence for sentence as they print. Against `native` both sides
//! are read as what they mean, trajectories or zones, and printed alike (`f6 e5 e4`,
//! `t(BOMBER, h5 h4, 5) ...`), so that a grammar with other symbol names still agrees.

use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};
use lingeo::board::Point;
use lingeo::bundle::{AdmissibleRule, Bundle, BundleOptions};
use lingeo::grammar::types::Type;
use lingeo::grammar::value::Value;
use lingeo::grammar::world::World;
use lingeo::grammar::{Grammar, Limits};
use lingeo::kernel::Kernel;
use lingeo::language_diff::{LanguageDiff, SymbolDiff};
use lingeo::play::game::Game;
use lingeo::play::states::GameStates;
use lingeo::progress::Task;
use lingeo::random::SplitMix;
use lingeo::render;
use lingeo::scenario::Scenario;
use lingeo::zone::{self, ZoneGenerator, ZoneOptions};
use serde::Serialize;

use super::limits::LimitArgs;
use super::setup::{self, BoardArgs, Chosen, SideArg};
use super::trajectories::RuleArg;
use super::zones::{self, EngineArg, FiltersArg, Request};
use super::{CliError, Report};

#[derive(Args, Debug)]
pub struct CompareArgs {
    /// The first grammar file (`.lgg`), or `native`.
    pub a: PathBuf,
    /// The second grammar file, or `native`: the native generator of trajectories or of zones,
    /// whichever the other grammar's shape is (one piece input, start S(point, point, int),
    /// a(point) symbols for trajectories, t((piece, trajectory), int) symbols for zones).
    pub b: PathBuf,
    #[command(flatten)]
    pub board: BoardArgs,
    /// The grammars' piece input: a placed piece, by name (where no placed piece has the name,
    /// a piece type of that name).
    #[arg(long, value_name = "NAME", conflicts_with = "type_name")]
    pub piece: Option<String>,
    /// The piece input as a piece type (king, ..., or a type of the scenario).
    #[arg(long = "type", value_name = "NAME")]
    pub type_name: Option<String>,
    /// The side of a piece type (default white).
    #[arg(long, value_enum)]
    pub side: Option<SideArg>,
    /// Another input of both grammars: `--set name=value` (repeatable).
    #[arg(long = "set", value_name = "NAME=VALUE")]
    pub set: Vec<String>,
    /// The start string, e.g. `S(h5, h1, 4)`.
    #[arg(long, required_unless_present = "random", conflicts_with = "random")]
    pub start: Option<String>,
    /// Compare on N random starts S(x0, y0, l0) on the scenario's board instead: for zones, x0
    /// where the piece stands and y0 one of its targets; for trajectories any two points the
    /// piece can go between; l0 the distance (see --lengths). Each start and each
    /// disagreement is reported.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub random: Option<u32>,
    /// The seed of --random (default: one from the clock; the output names it, so that a run
    /// can be repeated).
    #[arg(long, requires = "random")]
    pub seed: Option<u64>,
    /// The lengths l0 of --random: the distance, or any admissible length (from the distance
    /// up to twice it, less one).
    #[arg(long, value_enum, default_value_t = Lengths::Shortest, requires = "random")]
    pub lengths: Lengths,
    /// The native generator of zones: the filters of decision A8 (all, the default, is what
    /// grammars/zones-filtered.lgg derives; none, grammars/zones.lgg).
    #[arg(long, value_enum, default_value_t = FiltersArg::All)]
    pub filters: FiltersArg,
    /// The native generator of trajectories: the length condition of admissible trajectories.
    #[arg(long, value_enum, default_value_t = RuleArg::S16)]
    pub rule: RuleArg,
    /// Print at most this many of the sentences only one side has, per side.
    #[arg(long, value_name = "N", default_value_t = 5)]
    pub show: usize,
    /// Pass (exit 0) when every sentence of A is one of B's, rather than when they are equal.
    #[arg(long, conflicts_with = "superset")]
    pub subset: bool,
    /// Pass (exit 0) when every sentence of B is one of A's.
    #[arg(long)]
    pub superset: bool,
    /// Print JSON: `{a, b, check, random?, starts: [{start, passed, count_a, count_b, common,
    /// only_a, only_b, symbols_only_a?, symbols_only_b?} or {start, error}], passed}`.
    #[arg(long)]
    pub json: bool,
    /// Stop with an error past this many sentences on either side.
    #[arg(long, default_value_t = Limits::default().max_sentences)]
    pub max_sentences: usize,
    #[command(flatten)]
    pub limits: LimitArgs,
    /// Compare the random starts on this many threads at once (the output is the same as
    /// with one).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
    pub jobs: u64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Lengths {
    Shortest,
    Admissible,
}

/// What a grammar's language is, read from its shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Trajectories,
    Zones,
    Other,
}

/// One side of the comparison.
enum Side {
    Grammar { path: PathBuf, grammar: Grammar },
    Native(Kind),
}

/// What a start must show to pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
enum Check {
    /// The two languages are equal.
    Equal,
    /// A's language is within B's (`--subset`).
    Subset,
    /// B's language is within A's (`--superset`).
    Superset,
}

impl Check {
    fn of(args: &CompareArgs) -> Check {
        if args.subset {
            Check::Subset
        } else if args.superset {
            Check::Superset
        } else {
            Check::Equal
        }
    }

    fn passes(self, diff: &LanguageDiff) -> bool {
        match self {
            Check::Equal => diff.equal(),
            Check::Subset => diff.a_within_b(),
            Check::Superset => diff.b_within_a(),
        }
    }
}

/// One start of the comparison, as `--json` prints it.
#[derive(Serialize)]
struct StartJson<'a> {
    start: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    passed: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    count_a: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    count_b: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    common: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    only_a: Option<&'a [String]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    only_b: Option<&'a [String]>,
    /// For languages of zones: the `t(...)` symbols only one side's zones hold.
    #[serde(skip_serializing_if = "Option::is_none")]
    symbols_only_a: Option<&'a [String]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    symbols_only_b: Option<&'a [String]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

#[derive(Serialize)]
struct CompareJson<'a> {
    a: String,
    b: String,
    check: Check,
    /// How the random starts were drawn, and the seed.
    #[serde(skip_serializing_if = "Option::is_none")]
    random: Option<String>,
    starts: Vec<StartJson<'a>>,
    passed: bool,
}

pub fn run(args: &CompareArgs) -> Result<Report, CliError> {
    let scenario = setup::scenario(&args.board)?;
    let kernel = setup::kernel(&scenario, &[])?;
    let game = match &scenario.game {
        Some(_) => Some(Game::new(scenario.clone()).map_err(|e| CliError(setup::game_error(e)))?),
        None => None,
    };
    let states = game.as_ref().map(GameStates::new);
    let ctx = Context {
        scenario: &scenario,
        kernel: &kernel,
        states: states.as_ref(),
        args,
    };
    let (a, b) = sides(&args.a, &args.b)?;
    let check = Check::of(args);
    let zones = [&a, &b].iter().any(|s| match s {
        Side::Native(k) => *k == Kind::Zones,
        Side::Grammar { grammar, .. } => kind(grammar) == Kind::Zones,
    });
    let canonical = matches!(a, Side::Native(_)) || matches!(b, Side::Native(_));
    let (starts, random) = match args.random {
        None => (
            vec![
                args.start
                    .as_deref()
                    .expect("clap requires --start")
                    .trim()
                    .to_string(),
            ],
            None,
        ),
        Some(count) => {
            let seed = args.seed.unwrap_or_else(clock_seed);
            let (starts, about) = ctx.random_starts(&a, &b, count, seed)?;
            (starts, Some(format!("{about}, seed {seed}")))
        }
    };
    // A single start that cannot be compared is the command's error; among random starts, one
    // line of the report.
    let bars = super::progress::Bars::new();
    let task = Task::start(&bars, Some(starts.len() as u64), "starts");
    // Each worker reads the two sides again (a grammar cannot be shared between threads) and
    // keeps its own states of play.
    let worker = || -> Result<(Side, Side, Option<GameStates<'_>>), String> {
        let (a, b) = sides(&args.a, &args.b).map_err(|CliError(e)| e)?;
        Ok((a, b, game.as_ref().map(GameStates::new)))
    };
    let outcomes: Vec<Outcome> = lingeo::parallel::map_in_order_with(
        args.jobs as usize,
        &starts,
        worker,
        |worker, _, start| {
            task.message(start);
            let outcome = match worker {
                Ok((a, b, states)) => {
                    let ctx = Context {
                        states: states.as_ref(),
                        ..ctx
                    };
                    compare_one(&ctx, a, b, start, canonical, zones)
                }
                Err(e) => Err(e.clone()),
            };
            task.advance(1);
            outcome
        },
        |_| false,
    )
    .map_err(CliError)?
    .into_iter()
    .map(|o| o.expect("no start stops the others"))
    .collect();
    drop(task);
    if random.is_none()
        && let Some(Err(e)) = outcomes.first()
    {
        return Err(CliError(e.clone()));
    }
    let (mut passed, mut failed_checks, mut errors) = (0, 0, 0);
    for o in &outcomes {
        match o {
            Ok((diff, _)) if check.passes(diff) => passed += 1,
            Ok(_) => failed_checks += 1,
            Err(_) => errors += 1,
        }
    }
    let failed = failed_checks + errors > 0;
    // A start that could not be compared leaves the answer open: the comparison gave up there.
    let gave_up = (errors > 0).then(|| {
        format!(
            "{errors} of {} could not be compared (each says why on its line)",
            render::counted(starts.len() as u128, "start", "starts")
        )
    });
    if args.json {
        let starts = starts
            .iter()
            .zip(&outcomes)
            .map(|(start, o)| match o {
                Ok((diff, symbols)) => StartJson {
                    start,
                    passed: Some(check.passes(diff)),
                    count_a: Some(diff.count_a),
                    count_b: Some(diff.count_b),
                    common: Some(diff.common),
                    only_a: Some(&diff.only_a),
                    only_b: Some(&diff.only_b),
                    symbols_only_a: symbols.as_ref().map(|s| s.only_a.as_slice()),
                    symbols_only_b: symbols.as_ref().map(|s| s.only_b.as_slice()),
                    error: None,
                },
                Err(e) => StartJson {
                    start,
                    passed: None,
                    count_a: None,
                    count_b: None,
                    common: None,
                    only_a: None,
                    only_b: None,
                    symbols_only_a: None,
                    symbols_only_b: None,
                    error: Some(first_line(e).to_string()),
                },
            })
            .collect();
        let json = CompareJson {
            a: describe(&a, args),
            b: describe(&b, args),
            check,
            random,
            starts,
            passed: !failed,
        };
        return Ok(Report {
            text: super::json::to_string(&json)?,
            failed,
            gave_up,
        });
    }
    let mut out = format!("A: {}\nB: {}\n", describe(&a, args), describe(&b, args));
    if let Some(about) = &random {
        out.push_str(&format!("random: {about}\n"));
    }
    for (start, o) in starts.iter().zip(&outcomes) {
        match o {
            Ok((diff, symbols)) => {
                out.push_str(&result(start, diff, symbols.as_ref(), check, args.show))
            }
            Err(e) => out.push_str(&format!("{start}: error: {}\n", first_line(e))),
        }
    }
    if random.is_some() {
        let (yes, no) = match check {
            Check::Equal => ("equal", "different"),
            Check::Subset => ("A within B", "A not within B"),
            Check::Superset => ("B within A", "B not within A"),
        };
        out.push_str(&format!(
            "{}: {passed} {yes}, {failed_checks} {no}{}\n",
            render::counted(starts.len() as u128, "start", "starts"),
            if errors > 0 {
                format!(", {errors} failed")
            } else {
                String::new()
            }
        ));
    }
    Ok(Report {
        text: out,
        failed,
        gave_up,
    })
}

/// One start's comparison: the two languages' difference (and, for zones that differ, the
/// symbols only one side has), or why it could not be compared.
type Outcome = Result<(LanguageDiff, Option<SymbolDiff>), String>;

/// The comparison of `a` and `b` on one start.
fn compare_one(
    ctx: &Context<'_>,
    a: &Side,
    b: &Side,
    start: &str,
    canonical: bool,
    zones: bool,
) -> Outcome {
    match ctx.compare(a, b, start, canonical) {
        Ok((diff, la, lb)) => {
            let symbols = (zones && !diff.equal()).then(|| SymbolDiff::new(&la, &lb));
            Ok((diff, symbols))
        }
        Err(CliError(e)) => Err(e),
    }
}

/// An error's first line, without its `error: ` prefix.
fn first_line(e: &str) -> &str {
    let first = e.lines().next().unwrap_or_default();
    first.strip_prefix("error: ").unwrap_or(first)
}

/// The two sides, with `native` standing for the generator of the other grammar's kind.
fn sides(a: &Path, b: &Path) -> Result<(Side, Side), CliError> {
    let load = |path: &Path| -> Result<Option<Grammar>, CliError> {
        if path == Path::new("native") {
            return Ok(None);
        }
        super::files::grammar(path)
            .map(Some)
            .map_err(|e| CliError(e.render()))
    };
    let (ga, gb) = (load(a)?, load(b)?);
    let native_of = |g: &Grammar, path: &Path| -> Result<Side, CliError> {
        match kind(g) {
            Kind::Other => Err(CliError(format!(
                "`native` stands for the native generator of trajectories or of zones, and {} (`{}`) is neither: it must take one piece input, start S(x0: point, y0: point, l0: int) and derive a(point) symbols (trajectories) or t((piece, trajectory), int) symbols (zones)",
                path.display(),
                g.name()
            ))),
            k => Ok(Side::Native(k)),
        }
    };
    match (ga, gb) {
        (None, None) => Err(CliError(
            "compare a grammar file with `native`, or two grammar files; not `native` with itself"
                .into(),
        )),
        (Some(g), None) => {
            let native = native_of(&g, a)?;
            Ok((
                Side::Grammar {
                    path: a.to_path_buf(),
                    grammar: g,
                },
                native,
            ))
        }
        (None, Some(g)) => {
            let native = native_of(&g, b)?;
            Ok((
                native,
                Side::Grammar {
                    path: b.to_path_buf(),
                    grammar: g,
                },
            ))
        }
        (Some(ga), Some(gb)) => Ok((
            Side::Grammar {
                path: a.to_path_buf(),
                grammar: ga,
            },
            Side::Grammar {
                path: b.to_path_buf(),
                grammar: gb,
            },
        )),
    }
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

fn describe(side: &Side, args: &CompareArgs) -> String {
    match side {
        Side::Grammar { path, grammar } => {
            format!("{} (grammar {})", path.display(), grammar.name())
        }
        Side::Native(Kind::Zones) => format!(
            "the native zone generator (filters {})",
            args.filters.label()
        ),
        Side::Native(_) => format!(
            "the native trajectory generator (rule {})",
            match args.rule {
                RuleArg::S16 => "s16",
                RuleArg::S06 => "s06",
            }
        ),
    }
}

/// `START: equal, N sentences`, or the counts and the first sentences only one side has (with
/// `--subset` or `--superset`, the side that must be within the other); for languages of zones
/// the `t(...)` symbols only one side's zones hold, before the zones themselves.
fn result(
    start: &str,
    diff: &LanguageDiff,
    symbols: Option<&SymbolDiff>,
    check: Check,
    show: usize,
) -> String {
    let sentences = |n: usize| render::counted(n as u128, "sentence", "sentences");
    if diff.equal() {
        return format!("{start}: equal, {}\n", sentences(diff.count_a));
    }
    let verdict = match check {
        Check::Equal => "different",
        Check::Subset if diff.a_within_b() => "A within B",
        Check::Subset => "A not within B",
        Check::Superset if diff.b_within_a() => "B within A",
        Check::Superset => "B not within A",
    };
    let mut out = format!(
        "{start}: {verdict}: A {}, B {}, {} in both\n",
        sentences(diff.count_a),
        sentences(diff.count_b),
        diff.common
    );
    let sides = [
        ("A", &diff.only_a, symbols.map(|s| &s.only_a)),
        ("B", &diff.only_b, symbols.map(|s| &s.only_b)),
    ];
    for (side, only, only_symbols) in sides {
        let relevant = match check {
            Check::Equal => true,
            Check::Subset => side == "A",
            Check::Superset => side == "B",
        };
        if !relevant {
            continue;
        }
        let mut list = |what: &str, items: &[String]| {
            for s in items.iter().take(show) {
                out.push_str(&format!("  {what} only in {side}: {s}\n"));
            }
            if items.len() > show {
                out.push_str(&format!(
                    "  ... and {} more {what}s only in {side}\n",
                    items.len() - show
                ));
            }
        };
        if let Some(symbols) = only_symbols {
            list("symbol", symbols);
        }
        list("sentence", only);
    }
    out
}

/// A seed for --random without --seed.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
        % 1_000_000
}

/// What every run shares.
#[derive(Clone, Copy)]
struct Context<'a> {
    scenario: &'a Scenario,
    kernel: &'a Kernel,
    states: Option<&'a GameStates<'a>>,
    args: &'a CompareArgs,
}

impl Context<'_> {
    fn world(&self) -> World<'_> {
        let world = World::new(self.scenario, self.kernel);
        match self.states {
            Some(states) => world.with_states(states),
            None => world,
        }
    }

    /// The grammar's inputs, bound as `lingeo run` binds them.
    fn inputs(&self, grammar: &Grammar, world: &mut World<'_>) -> Result<Vec<Value>, CliError> {
        let mut given = Vec::new();
        for s in &self.args.set {
            let (name, value) = s
                .split_once('=')
                .ok_or_else(|| CliError(format!("--set {s}: expected NAME=VALUE")))?;
            given.push((name.trim().to_string(), value.trim().to_string()));
        }
        let a = self.args;
        let piece = if a.piece.is_some() || a.type_name.is_some() {
            Some(
                match setup::choose(
                    self.scenario,
                    a.piece.as_deref(),
                    a.type_name.as_deref(),
                    a.side,
                )? {
                    Chosen::Placed(p) => (p.name.as_str(), None),
                    Chosen::Type { index, side } => {
                        (self.scenario.types[index].name.as_str(), Some(side))
                    }
                },
            )
        } else {
            None
        };
        grammar
            .bind_inputs(world, &given, piece)
            .map_err(|e| super::setup::input_error(&e))
    }

    /// The language of each side on `start`, side by side, and the two languages.
    fn compare(
        &self,
        a: &Side,
        b: &Side,
        start: &str,
        canonical: bool,
    ) -> Result<(LanguageDiff, Vec<String>, Vec<String>), CliError> {
        let grammar = match (a, b) {
            (Side::Grammar { grammar, .. }, _) | (_, Side::Grammar { grammar, .. }) => grammar,
            _ => unreachable!("one side at least is a grammar"),
        };
        let la = self.language(a, grammar, start, canonical)?;
        let lb = self.language(b, grammar, start, canonical)?;
        Ok((LanguageDiff::new(&la, &lb), la, lb))
    }

    /// One side's sentences: as the grammar prints them, or with `canonical` as what they
    /// mean. `native` takes its piece and start from `other`, the grammar it stands beside.
    fn language(
        &self,
        side: &Side,
        other: &Grammar,
        start: &str,
        canonical: bool,
    ) -> Result<Vec<String>, CliError> {
        let grammar = match side {
            Side::Grammar { grammar, .. } => grammar,
            Side::Native(_) => other,
        };
        let mut world = self.world();
        let inputs = self.inputs(grammar, &mut world)?;
        let values = grammar
            .parse_start(&mut world, start)
            .map_err(|e| super::setup::input_error(&e))?;
        let board = &self.scenario.board;
        match side {
            Side::Native(Kind::Zones) => {
                let piece = inputs[0].piece() as usize;
                let Some(Some(index)) = world.in_scenario.get(piece) else {
                    return Err(CliError(
                        "the native zone generator takes a placed piece (--piece): a zone starts where its piece stands".into(),
                    ));
                };
                let (x0, y0, l0) = (values[0].point(), values[1].point(), values[2].int());
                let at = self.scenario.pieces[*index].at;
                if x0 != at {
                    return Err(CliError(format!(
                        "the native zone generator starts where {} stands, {}, not at x0 = {}",
                        self.scenario.pieces[*index].name,
                        board.name(at),
                        board.name(x0)
                    )));
                }
                let horizon = u32::try_from(l0).unwrap_or(0);
                let zones = zones::compute(
                    self.scenario,
                    self.kernel,
                    Request {
                        piece: *index,
                        target: y0,
                        horizon,
                        filters: self.args.filters,
                        engine: EngineArg::Native,
                        grammar: None,
                        max_zones: self.args.max_sentences,
                        limits: self.args.limits,
                    },
                )
                .map_err(super::setup::api_error)?;
                Ok(zones.iter().map(|z| self.show_zone(z)).collect())
            }
            Side::Native(_) => {
                let piece = &world.pieces[inputs[0].piece() as usize];
                let (x0, y0, l0) = (values[0].point(), values[1].point(), values[2].int());
                let options = BundleOptions {
                    rule: match self.args.rule {
                        RuleArg::S16 => AdmissibleRule::S16,
                        RuleArg::S06 => AdmissibleRule::S06,
                    },
                    simple_only: false,
                };
                let Ok(length) = u32::try_from(l0) else {
                    return Ok(Vec::new());
                };
                let bundle = Bundle::new(self.kernel, piece.moves, x0, y0, Some(length), options);
                if bundle.length() != Some(length) {
                    return Ok(Vec::new());
                }
                let trajectories = bundle.collect(self.args.max_sentences)?;
                Ok(trajectories
                    .iter()
                    .map(|t| render::trajectory(board, t))
                    .collect())
            }
            Side::Grammar { .. } => {
                let limits = self.args.limits.limits(
                    self.args.max_sentences,
                    Limits::default().max_imported_sentences,
                );
                let language = grammar
                    .with_evaluator(self.args.limits.evaluator.into())
                    .derive(&world, &inputs, &values, limits, None)
                    .map_err(|e| super::setup::run_error(&e))?;
                if !canonical {
                    return Ok(language
                        .sentences
                        .iter()
                        .map(|s| grammar.show_sentence(&world, s))
                        .collect());
                }
                Ok(match kind(grammar) {
                    Kind::Zones => language
                        .sentences
                        .iter()
                        .map(|s| self.show_zone(&zone::zone_of_sentence(s)))
                        .collect(),
                    _ => language
                        .trajectories()
                        .ok_or_else(|| CliError("a sentence that is no trajectory".into()))?
                        .iter()
                        .map(|t| render::trajectory(board, t))
                        .collect(),
                })
            }
        }
    }

    /// A zone as the grammar of zones prints it: `t(BOMBER, h5 h4 h3 h2 h1, 5) ...`.
    fn show_zone(&self, z: &zone::Zone) -> String {
        z.entries
            .iter()
            .map(|e| {
                format!(
                    "t({}, {}, {})",
                    self.scenario.pieces[e.piece].name,
                    render::trajectory(&self.scenario.board, &e.trajectory),
                    e.time
                )
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// `count` random starts `S(x0, y0, l0)` for the grammars' start symbol, and a line
    /// saying how they were drawn.
    fn random_starts(
        &self,
        a: &Side,
        b: &Side,
        count: u32,
        seed: u64,
    ) -> Result<(Vec<String>, String), CliError> {
        let grammar = match (a, b) {
            (Side::Grammar { grammar, .. }, _) | (_, Side::Grammar { grammar, .. }) => grammar,
            _ => unreachable!("one side at least is a grammar"),
        };
        if grammar.start_types() != [Type::Point, Type::Point, Type::Int] {
            return Err(CliError(format!(
                "--random draws starts S(x0: point, y0: point, l0: int), and `{}` starts with other parameters",
                grammar.name()
            )));
        }
        let zones = [a, b].iter().any(|s| match s {
            Side::Native(k) => *k == Kind::Zones,
            Side::Grammar { grammar, .. } => kind(grammar) == Kind::Zones,
        });
        let mut world = self.world();
        let inputs = self.inputs(grammar, &mut world)?;
        let Some(piece) = inputs.iter().find_map(|v| match v {
            Value::Piece(p) => Some(*p as usize),
            _ => None,
        }) else {
            return Err(CliError(format!(
                "--random draws starts the piece can reach, and `{}` has no piece input",
                grammar.name()
            )));
        };
        let wp = &world.pieces[piece];
        let symbol = &grammar.program.symbols[grammar.program.start.symbol as usize].name;
        let board = &self.scenario.board;
        let mut rng = SplitMix(seed);
        let mut length = |d: u32| match self.args.lengths {
            Lengths::Shortest => d,
            Lengths::Admissible => d + rng.below(u64::from(d.max(1))) as u32,
        };
        // The pairs to draw from: (x0, y0, distance).
        let unreachable = self.kernel.unreachable();
        let (pairs, about): (Vec<(Point, Point, u32)>, String) = if zones {
            let Some(Some(index)) = world.in_scenario.get(piece).copied() else {
                return Err(CliError(
                    "zones start where their piece stands: give a placed piece (--piece)".into(),
                ));
            };
            let x0 = self.scenario.pieces[index].at;
            let generator = ZoneGenerator::new(self.scenario, self.kernel, ZoneOptions::default());
            let pairs: Vec<_> = board
                .points()
                .filter(|&y| zone::is_target(self.scenario, index, y))
                .map(|y| (x0, y, generator.main_distance(index, y)))
                .filter(|&(_, _, d)| d < unreachable)
                .collect();
            let about = format!("{} from {} to its targets", wp.name, board.name(x0));
            (pairs, about)
        } else {
            let pairs = board
                .points()
                .flat_map(|x| board.points().map(move |y| (x, y)))
                .filter(|(x, y)| x != y)
                .map(|(x, y)| (x, y, self.kernel.distance(wp.moves, x, y)))
                .filter(|&(_, _, d)| d < unreachable)
                .collect();
            (
                pairs,
                format!("{}, any two points it can go between", wp.name),
            )
        };
        if pairs.is_empty() {
            return Err(CliError(format!(
                "--random: {} has no start to draw ({about})",
                wp.name
            )));
        }
        // Distinct starts while there are enough of them (a piece with one target has few).
        let mut rng_pairs = SplitMix(seed ^ 0x5eed);
        let mut starts: Vec<String> = Vec::new();
        let mut seen = std::collections::HashSet::new();
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
        let fewer = if starts.len() < count as usize {
            format!("; {count} asked, no more distinct ones found")
        } else {
            String::new()
        };
        let about = format!(
            "{} ({about}, {} lengths{fewer})",
            render::counted(starts.len() as u128, "start", "starts"),
            match self.args.lengths {
                Lengths::Shortest => "shortest",
                Lengths::Admissible => "admissible",
            }
        );
        Ok((starts, about))
    }
}
