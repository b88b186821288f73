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
use lingeo::language_diff::LanguageDiff;
use lingeo::play::game::Game;
use lingeo::play::states::GameStates;
use lingeo::progress::Task;
use lingeo::random::SplitMix;
use lingeo::render;
use lingeo::scenario::Scenario;
use lingeo::zone::{self, ZoneGenerator, ZoneOptions};

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
    /// Stop with an error past this many sentences on either side.
    #[arg(long, default_value_t = Limits::default().max_sentences)]
    pub max_sentences: usize,
    #[command(flatten)]
    pub limits: LimitArgs,
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
    let mut out = format!("A: {}\nB: {}\n", describe(&a, args), describe(&b, args));
    let canonical = matches!(a, Side::Native(_)) || matches!(b, Side::Native(_));
    let Some(count) = args.random else {
        let start = args.start.as_deref().expect("clap requires --start");
        let diff = ctx.compare(&a, &b, start, canonical)?;
        out.push_str(&result(start.trim(), &diff, args.show));
        return Ok(Report {
            text: out,
            failed: !diff.equal(),
            gave_up: None,
        });
    };
    let seed = args.seed.unwrap_or_else(clock_seed);
    let (starts, about) = ctx.random_starts(&a, &b, count, seed)?;
    out.push_str(&format!("random: {about}, seed {seed}\n"));
    let (mut equal, mut different, mut failed) = (0, 0, 0);
    let bars = super::progress::Bars::new();
    let task = Task::start(&bars, Some(starts.len() as u64), "starts");
    for start in &starts {
        task.message(start);
        match ctx.compare(&a, &b, start, canonical) {
            Ok(diff) => {
                if diff.equal() {
                    equal += 1;
                } else {
                    different += 1;
                }
                out.push_str(&result(start, &diff, args.show));
            }
            Err(CliError(e)) => {
                failed += 1;
                let first = e.lines().next().unwrap_or_default();
                let first = first.strip_prefix("error: ").unwrap_or(first);
                out.push_str(&format!("{start}: error: {first}\n"));
            }
        }
        task.advance(1);
    }
    drop(task);
    out.push_str(&format!(
        "{}: {equal} equal, {different} different{}\n",
        render::counted(starts.len() as u128, "start", "starts"),
        if failed > 0 {
            format!(", {failed} failed")
        } else {
            String::new()
        }
    ));
    // A start that could not be compared leaves the answer open: the comparison gave up there.
    let gave_up = (failed > 0).then(|| {
        format!(
            "{failed} of {} could not be compared (each says why on its line)",
            render::counted(starts.len() as u128, "start", "starts")
        )
    });
    Ok(Report {
        text: out,
        failed: different + failed > 0,
        gave_up,
    })
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

/// `START: equal, N sentences`, or the counts and the first sentences only one side has.
fn result(start: &str, diff: &LanguageDiff, show: usize) -> String {
    let sentences = |n: usize| render::counted(n as u128, "sentence", "sentences");
    if diff.equal() {
        return format!("{start}: equal, {}\n", sentences(diff.count_a));
    }
    let mut out = format!(
        "{start}: different: A {}, B {}, {} in both\n",
        sentences(diff.count_a),
        sentences(diff.count_b),
        diff.common
    );
    for (side, only) in [("A", &diff.only_a), ("B", &diff.only_b)] {
        for s in only.iter().take(show) {
            out.push_str(&format!("  only in {side}: {s}\n"));
        }
        if only.len() > show {
            out.push_str(&format!(
                "  ... and {} more only in {side}\n",
                only.len() - show
            ));
        }
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
        grammar.bind_inputs(world, &given, piece).map_err(CliError)
    }

    /// The language of each side on `start`, side by side.
    fn compare(
        &self,
        a: &Side,
        b: &Side,
        start: &str,
        canonical: bool,
    ) -> Result<LanguageDiff, CliError> {
        let grammar = match (a, b) {
            (Side::Grammar { grammar, .. }, _) | (_, Side::Grammar { grammar, .. }) => grammar,
            _ => unreachable!("one side at least is a grammar"),
        };
        let la = self.language(a, grammar, start, canonical)?;
        let lb = self.language(b, grammar, start, canonical)?;
        Ok(LanguageDiff::new(&la, &lb))
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
        let values = grammar.parse_start(&mut world, start).map_err(CliError)?;
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
                .map_err(|e| CliError(e.to_string()))?;
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
                    .map_err(|e| CliError(e.render()))?;
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
