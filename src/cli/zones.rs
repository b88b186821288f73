//! `lingeo zones`: the zones of an attack (docs/semantics.md §6), from the native generator or from
//! the grammar of zones, as every zone of the language or as the bundle view.

use std::fmt::Write;
use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};
use lingeo::board::{Point, PointName};
use lingeo::grammar::forest::SentenceCount;
use lingeo::grammar::types::Type;
use lingeo::grammar::value::Value;
use lingeo::grammar::world::World;
use lingeo::grammar::{Grammar, Limit, Limits};
use lingeo::kernel::Kernel;
use lingeo::progress::Task;
use lingeo::render;
use lingeo::scenario::Scenario;
use lingeo::zone::{self, Zone, ZoneEntry, ZoneError, ZoneGenerator, ZoneOptions, ZoneSummary};
use serde::Serialize;

use super::limits::LimitArgs;
use super::setup;
use super::{CliError, Report};

#[derive(Args, Debug)]
pub struct ZoneArgs {
    /// The scenario file.
    pub scenario: PathBuf,
    /// The attacking piece p0, a placed piece by name (`lingeo check` lists them); a zone
    /// starts where it stands, so piece types are not taken here.
    #[arg(long, required_unless_present = "all_attacks")]
    pub piece: Option<String>,
    /// The target point y0 (an opposing piece's point or a goal point of p0).
    #[arg(long, required_unless_present = "all_attacks")]
    pub to: Option<String>,
    /// The horizon l0: main trajectories of at most this many moves (default: the distance).
    /// At most 10,000,000: the main trajectory's time is l0 + 1, and no trajectory on a board
    /// of lingeo's largest size is longer.
    #[arg(long, value_parser = clap::value_parser!(u32).range(..=10_000_000))]
    pub horizon: Option<u32>,
    /// Every attack zone of the state within the horizon (docs/semantics.md §7.1, the exercise of
    /// S-09). An attack whose language has more than --max-zones zones is reported as such (in
    /// JSON with an "error" instead of its zones) and the others are still listed; the exit
    /// code is 0 whenever the listing is printed.
    #[arg(long, requires = "horizon", conflicts_with_all = ["piece", "to"])]
    pub all_attacks: bool,
    #[command(flatten)]
    pub language: LanguageArgs,
    /// Compute with the native generator or by running the grammar of zones (the shipped
    /// grammars/zones-filtered.lgg with the default --filters all, zones.lgg with --filters
    /// none). The grammar's network and count are read off its derivation forest without
    /// listing the zones (docs/semantics.md §6.11); --all-zones lists them.
    #[arg(long, value_enum, default_value_t = EngineArg::Native)]
    pub engine: EngineArg,
    /// Run this grammar file of zones (an edited copy of grammars/zones.lgg, say) instead of
    /// the shipped one: it takes the attacking piece as its one input, starts from
    /// S(x0: point, y0: point, l0: int) and derives t((piece, trajectory), int) symbols. Its
    /// filters are its own, so --filters does not apply.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["filters", "engine"])]
    pub grammar: Option<PathBuf>,
    /// List every zone of the language instead of the bundle view.
    #[arg(long)]
    pub all_zones: bool,
    /// Only the N-th zone of the listing (from 1, in the order of --all-zones, within
    /// --max-zones).
    #[arg(long, value_name = "N", conflicts_with_all = ["all_attacks", "all_zones", "seed"],
          value_parser = clap::value_parser!(u64).range(1..))]
    pub zone: Option<u64>,
    /// One zone of the language drawn at random with this seed (the same seed, the same zone):
    /// a main trajectory uniformly, then at each attach pair in scanner order one of its
    /// candidates after the filters uniformly. Cheap at any size, but not uniform over the
    /// zones (a choice that leads to more zones is not drawn more often). Native engine only.
    #[arg(long, value_name = "S", conflicts_with_all = ["all_attacks", "all_zones", "engine", "grammar"])]
    pub seed: Option<u64>,
    /// Leave out which engine or grammar made the zones (and its filters), so that the
    /// outputs of two engines can be compared: an agreement case of `lingeo test`.
    #[arg(long)]
    pub no_source: bool,
    /// The limits of the grammar engine (`--engine grammar` or `--grammar`).
    #[command(flatten)]
    pub limits: LimitArgs,
    /// Print JSON.
    #[arg(long, conflicts_with = "csv")]
    pub json: bool,
    /// Print CSV for other tools, one trajectory a row:
    /// `attack,piece,target,zone,level,from,to,mover,trajectory,time`; `zone` is the zone's
    /// number with --all-zones and empty in the bundle view (each alternative of each attach
    /// pair once, the main trajectories at level 0).
    #[arg(long)]
    pub csv: bool,
    /// Also draw the zone as SVG into this file: the first zone of the language with
    /// --all-zones, otherwise the bundle view, the moves of every attach pair's alternatives
    /// drawn once per pair (with --all-attacks, of the first attack that has zones; where
    /// there is none, the board alone, titled so).
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
}

/// Which language of zones: the filters and the cap (shared with `translate`).
#[derive(Args, Debug, Clone, Copy)]
pub struct LanguageArgs {
    /// The filters of decision A8 on negation trajectories (docs/semantics.md §6.7): by default
    /// both, which reproduce the zones of the sources; `none` gives the literal grammar of
    /// zones (docs/semantics.md §6.3). The listing says which were used.
    #[arg(long, value_enum, default_value_t = FiltersArg::All)]
    pub filters: FiltersArg,
    /// Fail rather than derive more zones than this (`zones --all-attacks` skips, and reports,
    /// an attack that has more).
    #[arg(long, default_value_t = 10_000)]
    pub max_zones: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum FiltersArg {
    /// The literal grammar.
    None,
    /// Drop candidates whose intermediate stops hit a marked point.
    F1,
    /// Drop candidates embedded in a trajectory already in the zone.
    F2,
    /// Both (they reproduce the worked zones of the sources).
    All,
}

impl LanguageArgs {
    /// The native generator's options.
    pub fn zone_options(&self) -> ZoneOptions {
        self.filters.zone_options(self.max_zones)
    }
}

impl FiltersArg {
    /// The API's filters these flags name (which own the options and the label).
    pub fn filters(self) -> lingeo::api::Filters {
        match self {
            FiltersArg::None => lingeo::api::Filters::None,
            FiltersArg::F1 => lingeo::api::Filters::F1,
            FiltersArg::F2 => lingeo::api::Filters::F2,
            FiltersArg::All => lingeo::api::Filters::All,
        }
    }

    pub fn zone_options(self, max_zones: usize) -> ZoneOptions {
        self.filters().zone_options(max_zones)
    }

    /// How listings name the filters.
    pub fn label(self) -> &'static str {
        self.filters().label()
    }
}

/// JSON names the filters as the text does ([`FiltersArg::label`]): `f1+f2` for both.
impl Serialize for FiltersArg {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.label())
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum EngineArg {
    Native,
    Grammar,
}

/// The zones of one attack.
pub struct Attack {
    pub piece: usize,
    pub target: Point,
    pub horizon: u32,
    /// Every zone with --all-zones (and from the grammar engine); empty otherwise.
    pub zones: Vec<Zone>,
    /// The count, bundle view and marked times: from the zones where they are listed, else
    /// computed without listing them (docs/semantics.md §6.9).
    pub summary: ZoneSummary,
    /// With --all-attacks: why the attack is not listed (it has more zones, or trajectories,
    /// than --max-zones allows, or needs more memory or steps); `zones` is then empty.
    pub too_large: Option<TooLarge>,
}

/// Why an attack is too large to list: `reason` in a few words ("more than 10000 zones"),
/// and the option that caps it (`--max-zones`, `--max-memory`, `--max-steps`; none for the
/// languages a grammar imports, whose cap `zones` keeps at the default).
#[derive(Clone, Debug)]
pub struct TooLarge {
    pub reason: String,
    pub raise: Option<&'static str>,
}

/// Why [`compute`] gave no zones: the language is larger than the caps (--max-zones,
/// --max-memory, the grammar engine's --max-steps), or anything else (a bad request, a grammar
/// that fails).
#[derive(Debug)]
pub enum ComputeError {
    /// `message` is the whole error.
    TooLarge {
        why: TooLarge,
        message: String,
    },
    Failed(CliError),
}

impl ComputeError {
    /// A zone error: the language too large to list, or (`lingeo serve`'s deadline) a failure.
    fn too_large(e: &ZoneError) -> Self {
        let (reason, raise) = match e {
            ZoneError::TimeLimit { .. } => return ComputeError::Failed(CliError(e.to_string())),
            ZoneError::TooMany { limit } => (format!("more than {limit} zones"), "--max-zones"),
            ZoneError::TooManyTrajectories { piece, limit } => (
                format!("{piece} has more than {limit} trajectories within the time allowed"),
                "--max-zones",
            ),
            ZoneError::TooManyStates { limit } => (
                format!("more than {limit} partial zones to count"),
                "--max-zones",
            ),
            ZoneError::Memory { limit } => (
                format!("more than {} of memory", lingeo::memory::show(*limit)),
                "--max-memory",
            ),
        };
        ComputeError::TooLarge {
            why: TooLarge {
                reason,
                raise: Some(raise),
            },
            message: e.to_string(),
        }
    }
}

impl std::fmt::Display for ComputeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ComputeError::TooLarge { message, .. } => f.write_str(message),
            ComputeError::Failed(CliError(message)) => f.write_str(message),
        }
    }
}

impl From<CliError> for ComputeError {
    fn from(e: CliError) -> Self {
        ComputeError::Failed(e)
    }
}

/// What to compute: one attack, its filters and the engine.
#[derive(Clone, Copy)]
pub struct Request<'g> {
    pub piece: usize,
    pub target: Point,
    pub horizon: u32,
    pub filters: FiltersArg,
    pub engine: EngineArg,
    /// A grammar of zones of the user's, run instead of the shipped ones.
    pub grammar: Option<&'g Grammar>,
    pub max_zones: usize,
    /// The grammar engine's other limits.
    pub limits: LimitArgs,
}

impl Request<'_> {
    /// The native generator's options: the filters, --max-zones and --max-memory.
    fn zone_options(&self) -> ZoneOptions {
        ZoneOptions {
            max_memory: self.limits.max_memory_bytes(),
            ..self.filters.zone_options(self.max_zones)
        }
    }
}

/// Loads a grammar of zones of the user's and checks that it has the shape the zones command
/// reads: one piece input, the start S(point, point, int), terminals t((piece, trajectory), int).
pub fn load_zone_grammar(path: &Path) -> Result<Grammar, CliError> {
    let grammar = super::files::grammar(path).map_err(|e| CliError(e.render()))?;
    let wrong = zone_grammar_problems(&grammar);
    if wrong.is_empty() {
        Ok(grammar)
    } else {
        Err(CliError(format!(
            "{} is not a grammar of zones: {}",
            path.display(),
            wrong.join("; ")
        )))
    }
}

/// What keeps `grammar` from having the shape of a grammar of zones (none: it has it).
pub fn zone_grammar_problems(grammar: &Grammar) -> Vec<String> {
    let program = &grammar.program;
    let inputs: Vec<Type> = grammar.inputs().into_iter().map(|(_, t)| t).collect();
    let track = Type::Tuple(vec![Type::Piece, Type::Trajectory]);
    let mut wrong = Vec::new();
    if inputs != [Type::Piece] {
        wrong.push("its one input must be the attacking piece (`input p0: piece`)".to_string());
    }
    if grammar.start_types() != [Type::Point, Type::Point, Type::Int] {
        wrong.push("its start must be `S(x0: point, y0: point, l0: int)`".to_string());
    }
    for s in program.symbols.iter().filter(|s| s.terminal) {
        if s.params != [track.clone(), Type::Int] {
            wrong.push(format!(
                "its terminal `{}` must take ((piece, trajectory), int), as `t(track, time)`",
                s.name
            ));
        }
    }
    wrong
}

/// The shipped grammar of zones that applies `filters`: `zones` (none) or `zones-filtered`
/// (all); f1 or f2 alone has no grammar.
fn shipped_grammar(filters: FiltersArg) -> Result<&'static str, CliError> {
    match filters {
        FiltersArg::None => Ok("zones"),
        FiltersArg::All => Ok("zones-filtered"),
        FiltersArg::F1 | FiltersArg::F2 => Err(CliError(
            "the grammar engine has the filters `all` (grammars/zones-filtered.lgg, the default) and `none` (zones.lgg); f1 or f2 alone is native only".into(),
        )),
    }
}

/// The zones of `r` and their summary: with `all_zones` or the grammar engine every zone is
/// listed (up to --max-zones) and summarised; otherwise the native generator counts them and
/// gives their bundle view without listing them, and the zones are left empty.
pub fn summarise(
    scenario: &Scenario,
    kernel: &Kernel,
    r: Request,
    all_zones: bool,
) -> Result<(Vec<Zone>, ZoneSummary), ComputeError> {
    if all_zones {
        let zones = compute(scenario, kernel, r)?;
        let summary = ZoneSummary::of_zones(&zones);
        return Ok((zones, summary));
    }
    if r.engine == EngineArg::Grammar || r.grammar.is_some() {
        return Ok((Vec::new(), forest_summary(scenario, kernel, r)?));
    }
    let network = ZoneGenerator::new(scenario, kernel, r.zone_options())
        .network(r.piece, r.target, r.horizon)
        .map_err(|e| ComputeError::too_large(&e))?;
    Ok((Vec::new(), ZoneSummary::of_network(network)))
}

pub fn compute(
    scenario: &Scenario,
    kernel: &Kernel,
    r: Request,
) -> Result<Vec<Zone>, ComputeError> {
    let Request {
        piece,
        target,
        horizon,
        engine,
        grammar: own,
        ..
    } = r;
    let engine = if own.is_some() {
        EngineArg::Grammar
    } else {
        engine
    };
    match engine {
        EngineArg::Native => ZoneGenerator::new(scenario, kernel, r.zone_options())
            .zones(piece, target, horizon)
            .map_err(|e| ComputeError::too_large(&e)),
        EngineArg::Grammar => {
            let (grammar, world, inputs, start, limits) = grammar_run(scenario, kernel, &r)?;
            let language = grammar
                .derive(&world, &inputs, &start, limits, None)
                .map_err(|e| run_error(e, &r, limits))?;
            Ok(language
                .sentences
                .iter()
                .map(|s| zone::zone_of_sentence(s))
                .collect())
        }
    }
}

/// A run of the grammar engine: the grammar, its world, inputs (the attacking piece), start
/// (x0, y0, l0) and limits.
type GrammarRun<'s> = (Grammar, World<'s>, [Value; 1], [Value; 3], Limits);

/// What the grammar engine runs for `r`: the grammar (the user's, or the shipped one of the
/// filters, with the evaluator asked for), its world, inputs, start and limits (--max-zones
/// the cap on zones; imported languages keep the default cap).
fn grammar_run<'s>(
    scenario: &'s Scenario,
    kernel: &'s Kernel,
    r: &Request,
) -> Result<GrammarRun<'s>, ComputeError> {
    let grammar = match r.grammar {
        Some(g) => g.with_evaluator(r.limits.evaluator.into()),
        None => {
            let name = shipped_grammar(r.filters)?;
            Grammar::shipped(name)
                .map_err(|e| CliError(e.render()))?
                .with_evaluator(r.limits.evaluator.into())
        }
    };
    let world = World::new(scenario, kernel);
    let start = [
        Value::Point(scenario.pieces[r.piece].at),
        Value::Point(r.target),
        Value::Int(i64::from(r.horizon)),
    ];
    let limits = r
        .limits
        .limits(r.max_zones, Limits::default().max_imported_sentences);
    Ok((
        grammar,
        world,
        [Value::Piece(r.piece as u32)],
        start,
        limits,
    ))
}

/// A failed run of the grammar engine: a limit (the language too large, in the zones' words)
/// or anything else.
fn run_error(e: lingeo::grammar::RunError, r: &Request, limits: Limits) -> ComputeError {
    // --max-zones caps the zones only; the languages of trajectories the grammar imports keep
    // the default cap. Past --max-zones, say so in the zones' words, as the native generator
    // does (the grammar's own note names --max-sentences, which `zones` does not have).
    if e.limit == Some(Limit::Sentences) && !e.in_import {
        ComputeError::too_large(&ZoneError::TooMany { limit: r.max_zones })
    } else if let Some((reason, raise)) = match e.limit {
        Some(Limit::Sentences) => Some((
            format!(
                "an imported grammar of trajectories has more than {} sentences",
                limits.max_imported_sentences
            ),
            None,
        )),
        Some(Limit::Memory) => Some((
            format!(
                "more than {} of memory",
                lingeo::memory::show(limits.max_memory)
            ),
            Some("--max-memory"),
        )),
        Some(Limit::Steps) => Some((
            format!("more than {} derivation steps", limits.max_steps),
            Some("--max-steps"),
        )),
        _ => None,
    } {
        ComputeError::TooLarge {
            why: TooLarge { reason, raise },
            message: e.render(),
        }
    } else {
        ComputeError::Failed(CliError(e.render()))
    }
}

/// The grammar engine's network of `r` read off its derivation forest
/// (docs/semantics.md §6.11), without listing the zones: the bundle view, and the count where it is exact (the
/// forest derives no zone twice, or listing them finds the repeats within --max-zones).
fn forest_summary(
    scenario: &Scenario,
    kernel: &Kernel,
    r: Request,
) -> Result<ZoneSummary, ComputeError> {
    let (grammar, world, inputs, start, limits) = grammar_run(scenario, kernel, &r)?;
    let forest = grammar
        .forest(&world, &inputs, &start, limits)
        .map_err(|e| run_error(e, &r, limits))?;
    // The walk reads about one state per node of the forest, which the derivation's steps
    // bound; past --max-steps states it gives up as the derivation would.
    let network = zone::forest::network_of_forest(&forest, limits.max_steps as usize, r.max_zones)
        .map_err(|e| ComputeError::TooLarge {
            why: TooLarge {
                reason: format!("more than {} states to read off the forest", e.limit),
                raise: Some("--max-steps"),
            },
            message: format!(
                "reading the zones off the grammar's forest met more than {} (node, level) states; raise --max-steps",
                e.limit
            ),
        })?;
    let count = match network.count {
        SentenceCount::Exact(n) => n,
        SentenceCount::AtMost(n) => {
            return Err(ComputeError::TooLarge {
                why: TooLarge {
                    reason: format!(
                        "the grammar's forest may derive a zone more than once: at most {n} zones, more than --max-zones {} to list",
                        r.max_zones
                    ),
                    raise: Some("--max-zones"),
                },
                message: format!(
                    "the grammar's forest may derive a zone more than once, and its {n} paths are more than --max-zones {} to list and remove repeats; raise --max-zones",
                    r.max_zones
                ),
            });
        }
    };
    Ok(ZoneSummary {
        saturated: count.to_u128().is_none(),
        count: count.to_u128().unwrap_or(u128::MAX),
        at_least: false,
        undecided: Vec::new(),
        view: network.view,
        times: None,
    })
}

#[derive(Serialize)]
pub struct EntryJson<'a> {
    piece: &'a str,
    trajectory: Vec<PointName<'a>>,
    time: u32,
    level: u32,
}

#[derive(Serialize)]
struct AlternativeJson<'a> {
    piece: &'a str,
    trajectory: Vec<PointName<'a>>,
    time: u32,
}

#[derive(Serialize)]
struct AttachJson<'a> {
    level: u32,
    from: PointName<'a>,
    to: PointName<'a>,
    alternatives: Vec<AlternativeJson<'a>>,
}

#[derive(Serialize)]
struct BundleJson<'a> {
    main: EntryJson<'a>,
    attaches: Vec<AttachJson<'a>>,
}

#[derive(Serialize)]
struct AttackJson<'a> {
    piece: &'a str,
    from: PointName<'a>,
    to: PointName<'a>,
    horizon: u32,
    /// The filters of A8 that were applied (`f1+f2`, `none`, `f1`, `f2`, as the text names
    /// them); null for a grammar of
    /// the user's (`--grammar`), whose filters are its own, and with --no-source.
    filters: Option<FiltersArg>,
    /// The number of zones (at most u64::MAX: see `count_saturated`), or a lower bound on it
    /// (see `count_at_least`).
    #[serde(skip_serializing_if = "Option::is_none")]
    count: Option<u64>,
    /// Whether `count` is a lower bound: counting every zone would pass the cap on states; the
    /// bundles are still the whole network.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    count_at_least: bool,
    /// Whether the language has more zones than `count` says (it does not fit in 128 bits, or
    /// not in 64 for JSON).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    count_saturated: bool,
    /// Instead of `count` and the zones: why the attack was skipped.
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    zones: Option<Vec<Vec<EntryJson<'a>>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    bundles: Option<Vec<BundleJson<'a>>>,
    /// Entries of the network that the search could neither prove nor refute within its step
    /// cap (docs/semantics.md §6.10): they may or may not be in some zone.
    #[serde(skip_serializing_if = "Option::is_none")]
    undecided: Option<Vec<UndecidedJson<'a>>>,
}

#[derive(Serialize)]
struct UndecidedJson<'a> {
    /// The index of the main trajectory in `bundles`.
    main: usize,
    level: u32,
    from: PointName<'a>,
    to: PointName<'a>,
    piece: &'a str,
    trajectory: Vec<PointName<'a>>,
    time: u32,
}

pub fn run(args: &ZoneArgs) -> Result<Report, CliError> {
    let own = args.grammar.as_deref().map(load_zone_grammar).transpose()?;
    let scenario = setup::load(&args.scenario)?;
    let kernel = setup::kernel(&scenario, &[])?;
    let attacks = if args.all_attacks {
        let horizon = args
            .horizon
            .expect("clap requires --horizon with --all-attacks");
        let mut attacks = Vec::new();
        let pairs = ZoneGenerator::new(&scenario, &kernel, ZoneOptions::default()).attacks(horizon);
        let bars = super::progress::Bars::new();
        let task = Task::start(&bars, Some(pairs.len() as u64), "attacks");
        for (i, y) in pairs {
            task.message(&format!(
                "{} to {}",
                scenario.pieces[i].name,
                scenario.board.name(y)
            ));
            let result = summarise(
                &scenario,
                &kernel,
                Request {
                    piece: i,
                    target: y,
                    horizon,
                    filters: args.language.filters,
                    engine: args.engine,
                    grammar: own.as_ref(),
                    max_zones: args.language.max_zones,
                    limits: args.limits,
                },
                args.all_zones,
            );
            // One attack too large to list does not stop the others.
            let (zones, summary, too_large) = match result {
                Ok((zones, summary)) => (zones, summary, None),
                Err(ComputeError::TooLarge { why, .. }) => {
                    (Vec::new(), ZoneSummary::default(), Some(why))
                }
                Err(ComputeError::Failed(e)) => return Err(e),
            };
            attacks.push(Attack {
                piece: i,
                target: y,
                horizon,
                zones,
                summary,
                too_large,
            });
            task.advance(1);
        }
        attacks
    } else {
        let (piece, target, horizon) = resolve_attack(
            &scenario,
            &kernel,
            args.piece.as_deref().expect("clap requires --piece"),
            args.to.as_deref().expect("clap requires --to"),
            args.horizon,
        )?;
        let request = Request {
            piece,
            target,
            horizon,
            filters: args.language.filters,
            engine: args.engine,
            grammar: own.as_ref(),
            max_zones: args.language.max_zones,
            limits: args.limits,
        };
        let (zones, summary) = if let Some(seed) = args.seed {
            let zone = ZoneGenerator::new(&scenario, &kernel, request.zone_options())
                .random_zone(piece, target, horizon, seed)
                .map_err(|e| CliError(e.to_string()))?;
            let zones: Vec<Zone> = zone.into_iter().collect();
            let summary = ZoneSummary::of_zones(&zones);
            (zones, summary)
        } else if let Some(n) = args.zone {
            let (zones, _) = summarise(&scenario, &kernel, request, true)
                .map_err(|e| CliError(e.to_string()))?;
            let total = zones.len();
            let zone = usize::try_from(n - 1)
                .ok()
                .and_then(|i| zones.into_iter().nth(i))
                .ok_or_else(|| {
                    CliError(format!(
                        "--zone {n}: the language has {}",
                        render::counted(total as u128, "zone", "zones")
                    ))
                })?;
            let zones = vec![zone];
            let summary = ZoneSummary::of_zones(&zones);
            (zones, summary)
        } else {
            summarise(&scenario, &kernel, request, args.all_zones)
                .map_err(|e| CliError(e.to_string()))?
        };
        vec![Attack {
            piece,
            target,
            horizon,
            zones,
            summary,
            too_large: None,
        }]
    };
    if let Some(path) = &args.svg {
        super::files::picture_of(&scenario.board)?;
        let picture = match attacks.iter().find(|a| a.summary.count > 0) {
            Some(a) if args.all_zones || args.seed.is_some() || args.zone.is_some() => {
                let title = format!("Zone of {}", attack_title(&scenario, a));
                lingeo::svg::zone(&scenario, &a.zones[0], &title)
            }
            Some(a) => {
                // The stop times are read off the zones: where they were counted without
                // listing them, list them for the picture if --max-zones allows.
                let mut filled;
                let mut summary = &a.summary;
                if summary.times.is_none() && summary.count <= args.language.max_zones as u128 {
                    let r = Request {
                        piece: a.piece,
                        target: a.target,
                        horizon: a.horizon,
                        filters: args.language.filters,
                        engine: args.engine,
                        grammar: own.as_ref(),
                        max_zones: args.language.max_zones,
                        limits: args.limits,
                    };
                    if let Ok(zones) = compute(&scenario, &kernel, r) {
                        filled = a.summary.clone();
                        filled.times = Some(zone::united_times(&zones));
                        summary = &filled;
                    }
                }
                let title = format!(
                    "Zone of {}: bundle view of {}",
                    attack_title(&scenario, a),
                    zone_count(&a.summary)
                );
                lingeo::svg::zone_bundle(&scenario, summary, &title)
            }
            // Nothing to draw but the board: the picture says so, and the listing still goes
            // to stdout (a script that asked for a picture gets one).
            None => {
                let title = match attacks.first() {
                    Some(a) if !args.all_attacks => {
                        format!("No zone of {}", attack_title(&scenario, a))
                    }
                    _ => "No attack zone within the horizon".to_string(),
                };
                lingeo::svg::zone_bundle(&scenario, &ZoneSummary::default(), &title)
            }
        };
        super::files::write("--svg", path, picture)?;
    }
    if super::files::keeping() && args.all_zones {
        pictures(&scenario, &attacks)?;
    }
    let text = listing(&scenario, &attacks, args)?;
    // An attack not listed leaves the answer incomplete: the listing says which, and the exit
    // code says so too.
    let skipped = attacks.iter().filter(|a| a.too_large.is_some()).count();
    Ok(match skipped {
        0 => text.into(),
        n => Report::gave_up(
            text,
            format!(
                "{n} of {} not listed (too large; each says why)",
                render::counted(attacks.len() as u128, "attack", "attacks")
            ),
        ),
    })
}

/// The most zones [`pictures`] draws.
const MAX_PICTURES: usize = 500;

/// For `lingeo serve` (`--all-zones`): each zone of the first attack that has zones drawn with
/// its times, kept as `zone-N.svg`, and their bundle view as `bundle.svg`.
fn pictures(scenario: &Scenario, attacks: &[Attack]) -> Result<(), CliError> {
    let Some(a) = attacks.iter().find(|a| !a.zones.is_empty()) else {
        return Ok(());
    };
    let attack = attack_title(scenario, a);
    for (i, zone) in a.zones.iter().take(MAX_PICTURES).enumerate() {
        let title = format!("Zone {} of {}", i + 1, a.zones.len());
        super::files::picture_of(&scenario.board)?;
        let svg = lingeo::svg::zone(scenario, zone, &format!("{title}: {attack}"));
        super::files::keep(&format!("zone-{i}.svg"), svg)?;
    }
    let title = format!(
        "Zone of {attack}: bundle view of {}",
        render::counted(a.zones.len() as u128, "zone", "zones")
    );
    super::files::picture_of(&scenario.board)?;
    super::files::keep(
        "bundle.svg",
        lingeo::svg::zone_bundle(scenario, &a.summary, &title),
    )
}

/// `--piece`, `--to` and `--horizon` of one attack: the placed piece p0 by name, its target y0
/// (an opposing piece's point or a goal point of p0) and the horizon (by default the length of
/// p0's main trajectories to y0).
pub fn resolve_attack(
    scenario: &Scenario,
    kernel: &Kernel,
    name: &str,
    to: &str,
    horizon: Option<u32>,
) -> Result<(usize, Point, u32), CliError> {
    let piece = scenario
        .pieces
        .iter()
        .position(|p| p.name == name)
        .ok_or_else(|| {
            let why = if scenario.type_index(name).is_some() {
                format!(
                    "; `{name}` is a piece type, and a zone is of a placed piece (its attack from where it stands)"
                )
            } else {
                lingeo::syntax::suggest::closest(
                    name,
                    scenario.pieces.iter().map(|p| p.name.as_str()),
                )
                .map_or(String::new(), |n| format!(" (did you mean `{n}`?)"))
            };
            CliError(format!(
                "--piece: no placed piece is named `{name}`{why}\n{}",
                setup::placed_pieces(scenario)
            ))
        })?;
    let target = setup::point(&scenario.board, "--to", to)?;
    let p = &scenario.pieces[piece];
    let distance =
        ZoneGenerator::new(scenario, kernel, ZoneOptions::default()).main_distance(piece, target);
    if !zone::is_target(scenario, piece, target) {
        return Err(CliError(format!(
            "--to {}: not a target of {}: no opposing piece stands there and it is not a goal point of {}",
            scenario.board.name(target),
            p.name,
            p.name
        )));
    }
    let horizon = match horizon {
        Some(h) => h,
        None if distance < kernel.unreachable() => distance,
        None => {
            return Err(CliError(format!(
                "{} cannot reach {}",
                p.name,
                scenario.board.name(target)
            )));
        }
    };
    Ok((piece, target, horizon))
}

/// `BOMBER h5 -> h1 (horizon 4)`: the attacking piece, its point, the target and horizon.
fn attack_title(scenario: &Scenario, a: &Attack) -> String {
    let p = &scenario.pieces[a.piece];
    format!(
        "{} {} -> {} (horizon {})",
        p.name,
        scenario.board.name(p.at),
        scenario.board.name(a.target),
        a.horizon
    )
}

/// The attacks as text or JSON.
fn listing(scenario: &Scenario, attacks: &[Attack], args: &ZoneArgs) -> Result<String, CliError> {
    if args.csv {
        return Ok(csv(scenario, attacks, args.all_zones));
    }
    if args.json {
        let json: Vec<AttackJson> = attacks
            .iter()
            .map(|a| attack_json(scenario, a, args))
            .collect();
        if args.all_attacks {
            return super::json::to_string(&json);
        }
        return super::json::to_string(&json[0]);
    }
    let mut out = String::new();
    for a in attacks {
        out.push_str(&text(scenario, a, args));
    }
    if attacks.is_empty() {
        out.push_str("no attack within the horizon\n");
    }
    let skipped = attacks.iter().filter(|a| a.too_large.is_some()).count();
    if skipped > 0 {
        // The caps that stopped some attack, --max-zones always.
        let mut caps = vec![format!("--max-zones {}", args.language.max_zones)];
        for (option, value) in [
            ("--max-memory", args.limits.max_memory),
            ("--max-steps", args.limits.max_steps),
        ] {
            if attacks.iter().any(|a| {
                a.too_large
                    .as_ref()
                    .is_some_and(|t| t.raise == Some(option))
            }) {
                caps.push(format!("{option} {value}"));
            }
        }
        out.push_str(&format!(
            "{skipped} of {} not listed: too large for {}; raise {} or shorten the horizon\n",
            render::counted(attacks.len() as u128, "attack", "attacks"),
            caps.join(" or "),
            if caps.len() > 1 { "them" } else { "it" },
        ));
    }
    Ok(out)
}

pub fn entry_json<'a>(s: &'a Scenario, e: &ZoneEntry) -> EntryJson<'a> {
    EntryJson {
        piece: &s.pieces[e.piece].name,
        trajectory: e.trajectory.iter().map(|&p| s.board.name(p)).collect(),
        time: e.time,
        level: e.level,
    }
}

fn attack_json<'a>(s: &'a Scenario, a: &Attack, args: &ZoneArgs) -> AttackJson<'a> {
    let p = &s.pieces[a.piece];
    let all_zones = args.all_zones || args.seed.is_some() || args.zone.is_some();
    AttackJson {
        piece: &p.name,
        from: s.board.name(p.at),
        to: s.board.name(a.target),
        horizon: a.horizon,
        filters: (args.grammar.is_none() && !args.no_source).then_some(args.language.filters),
        count: a
            .too_large
            .is_none()
            .then(|| u64::try_from(a.summary.count).unwrap_or(u64::MAX)),
        count_saturated: a.too_large.is_none()
            && (a.summary.saturated || a.summary.count > u128::from(u64::MAX)),
        count_at_least: a.too_large.is_none() && a.summary.at_least,
        undecided: (a.too_large.is_none() && !a.summary.undecided.is_empty()).then(|| {
            a.summary
                .undecided
                .iter()
                .map(|u| UndecidedJson {
                    main: u.main,
                    level: u.level,
                    from: s.board.name(u.from),
                    to: s.board.name(u.to),
                    piece: &s.pieces[u.alternative.0].name,
                    trajectory: u.alternative.1.iter().map(|&p| s.board.name(p)).collect(),
                    time: u.alternative.2,
                })
                .collect()
        }),
        error: a.too_large.as_ref().map(|t| t.reason.clone()),
        zones: (all_zones && a.too_large.is_none()).then(|| {
            a.zones
                .iter()
                .map(|z| z.entries.iter().map(|e| entry_json(s, e)).collect())
                .collect()
        }),
        bundles: (!all_zones && a.too_large.is_none()).then(|| {
            a.summary
                .view
                .iter()
                .map(|(main, attaches)| BundleJson {
                    main: entry_json(s, main),
                    attaches: attaches
                        .iter()
                        .map(|at| AttachJson {
                            level: at.level,
                            from: s.board.name(at.from),
                            to: s.board.name(at.to),
                            alternatives: at
                                .alternatives
                                .iter()
                                .map(|(q, t, time)| AlternativeJson {
                                    piece: &s.pieces[*q].name,
                                    trajectory: t.iter().map(|&p| s.board.name(p)).collect(),
                                    time: *time,
                                })
                                .collect(),
                        })
                        .collect(),
                })
                .collect()
        }),
    }
}

/// `t(PIECE, a b c, tau)`
pub fn symbol(s: &Scenario, piece: usize, t: &[Point], time: u32) -> String {
    let mut out = String::new();
    write_symbol(s, piece, t, time, &mut out);
    out
}

/// [`symbol`] appended to `out`: a listing of zones is written into one buffer.
fn write_symbol(s: &Scenario, piece: usize, t: &[Point], time: u32, out: &mut String) {
    out.push_str("t(");
    out.push_str(&s.pieces[piece].name);
    out.push_str(", ");
    render::write_trajectory(&s.board, t, out);
    let _ = write!(out, ", {time})");
}

fn text(s: &Scenario, a: &Attack, args: &ZoneArgs) -> String {
    let p = &s.pieces[a.piece];
    let filters = format!("filters: {}; ", args.language.filters.label());
    let (filters, engine) = match (&args.grammar, args.engine) {
        (Some(file), _) => (String::new(), format!("grammar {}", file.display())),
        (None, EngineArg::Native) => (filters, "native generator".to_string()),
        (None, EngineArg::Grammar) => (
            filters,
            // compute() has run, so the filters have a grammar.
            format!(
                "grammar {}.lgg",
                shipped_grammar(args.language.filters).unwrap_or("zones")
            ),
        ),
    };
    let source = if args.no_source {
        String::new()
    } else {
        format!(" ({filters}{engine})")
    };
    let head = format!(
        "Zones of {} ({} {}) from {} to {} within {}{source}",
        p.name,
        p.side,
        s.types[p.type_index].name,
        s.board.name(p.at),
        s.board.name(a.target),
        render::counted(a.horizon.into(), "move", "moves"),
    );
    if let Some(TooLarge { reason, raise }) = &a.too_large {
        let raise = raise.map_or_else(String::new, |o| format!("raise {o} or "));
        return format!("{head}: {reason}, not listed ({raise}shorten the horizon)\n");
    }
    let single = match (args.seed, args.zone) {
        (Some(_), _) if a.zones.is_empty() => return format!("{head}: no zone\n"),
        (Some(seed), _) => Some(format!("the zone drawn with seed {seed}")),
        (None, Some(n)) => Some(format!("zone {n}")),
        (None, None) => None,
    };
    let mut out = match &single {
        Some(which) => format!("{head}: {which}\n"),
        None => format!("{head}: {}\n", zone_count(&a.summary)),
    };
    if args.all_zones || single.is_some() {
        // --zone N keeps the zone's number in the listing.
        let first = args.zone.unwrap_or(1);
        for (i, z) in a.zones.iter().enumerate() {
            let _ = write!(out, "Z{} = ", first + i as u64);
            for (j, e) in z.entries.iter().enumerate() {
                if j > 0 {
                    out.push(' ');
                }
                write_symbol(s, e.piece, &e.trajectory, e.time, &mut out);
            }
            out.push('\n');
        }
        return out;
    }
    for (main, attaches) in &a.summary.view {
        out.push_str("  main: ");
        write_symbol(s, main.piece, &main.trajectory, main.time, &mut out);
        out.push('\n');
        for at in attaches {
            let _ = writeln!(
                out,
                "    level {}, {} -> {}: {}",
                at.level,
                s.board.name(at.from),
                s.board.name(at.to),
                render::counted(at.alternatives.len() as u128, "alternative", "alternatives")
            );
            for (q, t, time) in &at.alternatives {
                out.push_str("      ");
                write_symbol(s, *q, t, *time, &mut out);
                out.push('\n');
            }
        }
    }
    if !a.summary.undecided.is_empty() {
        let _ = writeln!(
            out,
            "  {} undecided (the search passed its step cap; each may or may not be in a zone):",
            render::counted(a.summary.undecided.len() as u128, "entry", "entries")
        );
        for u in &a.summary.undecided {
            let _ = write!(
                out,
                "    main {}, level {}, {} -> {}: ",
                u.main + 1,
                u.level,
                s.board.name(u.from),
                s.board.name(u.to)
            );
            write_symbol(
                s,
                u.alternative.0,
                &u.alternative.1,
                u.alternative.2,
                &mut out,
            );
            out.push('\n');
        }
    }
    out
}

/// `12 zones`; `at least N zones` where counting them all would pass the cap on states;
/// `more than N zones` where the count passed 128 bits.
fn zone_count(summary: &ZoneSummary) -> String {
    let n = render::counted(summary.count, "zone", "zones");
    if summary.saturated {
        format!("more than {n}")
    } else if summary.at_least {
        format!("at least {n}")
    } else {
        n
    }
}

/// The attacks as CSV ([`ZoneArgs::csv`]): each zone's entries with --all-zones, else the bundle
/// view's main trajectories and alternatives; an attack not listed has no rows.
fn csv(scenario: &Scenario, attacks: &[Attack], all_zones: bool) -> String {
    let board = &scenario.board;
    let name = |p: usize| scenario.pieces[p].name.as_str();
    let mut out = String::from("attack,piece,target,zone,level,from,to,mover,trajectory,time\n");
    for (k, a) in attacks.iter().enumerate() {
        let mut row = |zone: String, level: u32, mover: usize, t: &[Point], time: u32| {
            let (Some(first), Some(last)) = (t.first(), t.last()) else {
                return;
            };
            let fields = [
                (k + 1).to_string(),
                name(a.piece).to_string(),
                board.name(a.target).to_string(),
                zone,
                level.to_string(),
                board.name(*first).to_string(),
                board.name(*last).to_string(),
                name(mover).to_string(),
                render::trajectory(board, t),
                time.to_string(),
            ];
            let fields: Vec<String> = fields.iter().map(|f| csv_field(f)).collect();
            out.push_str(&fields.join(","));
            out.push('\n');
        };
        if all_zones {
            for (z, zone) in a.zones.iter().enumerate() {
                for e in &zone.entries {
                    row((z + 1).to_string(), e.level, e.piece, &e.trajectory, e.time);
                }
            }
        } else {
            for (main, attaches) in &a.summary.view {
                row(String::new(), 0, main.piece, &main.trajectory, main.time);
                for at in attaches {
                    for (mover, t, time) in &at.alternatives {
                        row(String::new(), at.level, *mover, t, *time);
                    }
                }
            }
        }
    }
    out
}

/// A CSV field, quoted where it holds a comma (a tuple point `(6,6)`), a quote or a newline.
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::csv_field;

    #[test]
    fn csv_fields_with_commas_or_quotes_are_quoted() {
        assert_eq!(csv_field("h5 h4 h3"), "h5 h4 h3");
        assert_eq!(csv_field("(6,6) (7,6)"), "\"(6,6) (7,6)\"");
        assert_eq!(csv_field("a \"b\""), "\"a \"\"b\"\"\"");
        assert_eq!(csv_field(""), "");
    }
}
