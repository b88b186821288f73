//! The zones of an attack (docs/semantics.md §6): counted and viewed as bundles by the native
//! generator, or listed, by it or by running the grammar of zones.

use serde::Serialize;

use super::Workbench;
use super::error::{ApiError, Cap, Result};
use crate::board::Point;
use crate::grammar::types::Type;
use crate::grammar::value::Value;
use crate::grammar::world::World;
use crate::grammar::{Evaluator, Grammar, Limit, Limits};
use crate::kernel::Kernel;
use crate::scenario::Scenario;
use crate::zone::{self, Zone, ZoneEntry, ZoneError, ZoneGenerator, ZoneOptions, ZoneSummary};

/// The filters of decision A8 on negation trajectories (docs/semantics.md §6.7).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Filters {
    /// The literal grammar of zones.
    None,
    /// Drop candidates whose intermediate stops hit a marked point.
    F1,
    /// Drop candidates embedded in a trajectory already in the zone.
    F2,
    /// Both: they reproduce the worked zones of the sources (the default).
    #[default]
    All,
}

impl Filters {
    /// The native generator's options with these filters.
    pub fn zone_options(self, max_zones: usize) -> ZoneOptions {
        let (f1, f2) = match self {
            Filters::None => (false, false),
            Filters::F1 => (true, false),
            Filters::F2 => (false, true),
            Filters::All => (true, true),
        };
        ZoneOptions {
            f1,
            f2,
            max_zones,
            ..ZoneOptions::default()
        }
    }

    /// How listings name them: `none`, `f1`, `f2`, `f1+f2`.
    pub fn label(self) -> &'static str {
        match self {
            Filters::None => "none",
            Filters::F1 => "f1",
            Filters::F2 => "f2",
            Filters::All => "f1+f2",
        }
    }
}

/// JSON names the filters as the text does ([`Filters::label`]).
impl Serialize for Filters {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.label())
    }
}

/// Which engine computes the zones.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ZoneEngine {
    /// The native generator (the default).
    #[default]
    Native,
    /// The shipped grammar of zones (`zones-filtered` with all filters, `zones` with none).
    Grammar,
}

/// The default cap on the zones listed, `lingeo zones`'.
pub const MAX_ZONES: usize = 10_000;

/// One attack and how to compute its zones: the attacking piece (an index of the scenario's
/// pieces), its target, the horizon, the filters, the engine and the caps.
#[derive(Clone, Copy, Debug)]
pub struct ZoneRequest<'g> {
    /// The attacking piece p0.
    pub piece: usize,
    /// Its target y0.
    pub target: Point,
    /// The horizon l0.
    pub horizon: u32,
    /// The filters.
    pub filters: Filters,
    /// The engine.
    pub engine: ZoneEngine,
    /// A grammar of zones of the caller's, run instead of the shipped ones.
    pub grammar: Option<&'g Grammar>,
    /// Fail rather than list more zones than this.
    pub max_zones: usize,
    /// The grammar engine's limits; their `max_memory` caps the native generator too.
    pub limits: Limits,
    /// How the grammar engine evaluates expressions.
    pub evaluator: Evaluator,
}

impl ZoneRequest<'_> {
    fn zone_options(&self) -> ZoneOptions {
        ZoneOptions {
            max_memory: self.limits.max_memory,
            ..self.filters.zone_options(self.max_zones)
        }
    }
}

/// A zone error as the API reports it: too large to list ([`ApiError::TooLarge`]), or (a
/// deadline) a failure.
fn zone_error(e: &ZoneError) -> ApiError {
    let (reason, cap) = match e {
        ZoneError::TimeLimit { .. } => return ApiError::Stopped(e.to_string()),
        ZoneError::TooMany { limit } => (format!("more than {limit} zones"), Cap::Zones),
        ZoneError::TooManyTrajectories { piece, limit } => (
            format!("{piece} has more than {limit} trajectories within the time allowed"),
            Cap::Zones,
        ),
        ZoneError::TooManyStates { limit } => (
            format!("more than {limit} partial zones to count"),
            Cap::Zones,
        ),
        ZoneError::Memory { limit } => (
            format!("more than {} of memory", crate::memory::show(*limit)),
            Cap::Memory,
        ),
    };
    ApiError::TooLarge {
        cap,
        reason,
        message: e.to_string(),
    }
}

/// What keeps `grammar` from having the shape of a grammar of zones: one piece input, the
/// start `S(point, point, int)`, terminals `t((piece, trajectory), int)` (none: it has it).
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

/// `grammar`, named `name`, once it has the shape of a grammar of zones.
pub fn check_zone_grammar(grammar: Grammar, name: &str) -> Result<Grammar> {
    let wrong = zone_grammar_problems(&grammar);
    if wrong.is_empty() {
        Ok(grammar)
    } else {
        Err(ApiError::request(
            Some("grammar"),
            format!("{name} is not a grammar of zones: {}", wrong.join("; ")),
        ))
    }
}

/// The shipped grammar of zones that applies `filters`: `zones` (none) or `zones-filtered`
/// (all); f1 or f2 alone has no grammar.
pub fn shipped_zone_grammar(filters: Filters) -> Result<&'static str> {
    match filters {
        Filters::None => Ok("zones"),
        Filters::All => Ok("zones-filtered"),
        Filters::F1 | Filters::F2 => Err(ApiError::request(
            Some("filters"),
            "the grammar engine has the filters `all` (grammars/zones-filtered.lgg, the default) and `none` (zones.lgg); f1 or f2 alone is native only",
        )),
    }
}

/// The zones of `r` and their summary: with `all_zones`, the grammar engine or a grammar of
/// the caller's, every zone is listed (up to the cap) and summarised; otherwise the native
/// generator counts them and gives their bundle view without listing them (the zones left
/// empty).
pub fn summarise(
    scenario: &Scenario,
    kernel: &Kernel,
    r: ZoneRequest,
    all_zones: bool,
) -> Result<(Vec<Zone>, ZoneSummary)> {
    if all_zones || r.engine == ZoneEngine::Grammar || r.grammar.is_some() {
        let zones = compute(scenario, kernel, r)?;
        let summary = ZoneSummary::of_zones(&zones);
        return Ok((zones, summary));
    }
    let summary = ZoneGenerator::new(scenario, kernel, r.zone_options())
        .summary(r.piece, r.target, r.horizon)
        .map_err(|e| zone_error(&e))?;
    Ok((Vec::new(), summary))
}

/// Every zone of `r`, listed.
pub fn compute(scenario: &Scenario, kernel: &Kernel, r: ZoneRequest) -> Result<Vec<Zone>> {
    let engine = if r.grammar.is_some() {
        ZoneEngine::Grammar
    } else {
        r.engine
    };
    match engine {
        ZoneEngine::Native => ZoneGenerator::new(scenario, kernel, r.zone_options())
            .zones(r.piece, r.target, r.horizon)
            .map_err(|e| zone_error(&e)),
        ZoneEngine::Grammar => {
            let shipped;
            let grammar = match r.grammar {
                Some(g) => g,
                None => {
                    shipped = Grammar::shipped(shipped_zone_grammar(r.filters)?)?;
                    &shipped
                }
            };
            let world = World::new(scenario, kernel);
            let start = [
                Value::Point(scenario.pieces[r.piece].at),
                Value::Point(r.target),
                Value::Int(i64::from(r.horizon)),
            ];
            let limits = Limits {
                max_sentences: r.max_zones,
                max_imported_sentences: Limits::default().max_imported_sentences,
                ..r.limits
            };
            let language = grammar
                .with_evaluator(r.evaluator)
                .derive(
                    &world,
                    &[Value::Piece(r.piece as u32)],
                    &start,
                    limits,
                    None,
                )
                .map_err(|e| {
                    // The cap on zones caps the zones only; the languages of trajectories the
                    // grammar imports keep the default cap. Past it, say so in the zones'
                    // words, as the native generator does.
                    let too_large = |reason: String, cap: Cap| ApiError::TooLarge {
                        cap,
                        reason,
                        message: e.render(),
                    };
                    match e.limit {
                        Some(Limit::Sentences) if !e.in_import => {
                            zone_error(&ZoneError::TooMany { limit: r.max_zones })
                        }
                        Some(Limit::Sentences) => too_large(
                            format!(
                                "an imported grammar of trajectories has more than {} sentences",
                                limits.max_imported_sentences
                            ),
                            Cap::Fixed,
                        ),
                        Some(Limit::Memory) => too_large(
                            format!(
                                "more than {} of memory",
                                crate::memory::show(limits.max_memory)
                            ),
                            Cap::Memory,
                        ),
                        Some(Limit::Steps) => too_large(
                            format!("more than {} derivation steps", limits.max_steps),
                            Cap::Steps,
                        ),
                        _ => e.into(),
                    }
                })?;
            Ok(language
                .sentences
                .iter()
                .map(|s| zone::zone_of_sentence(s))
                .collect())
        }
    }
}

/// One symbol of a zone: its piece, trajectory, time and level.
#[derive(Clone, Debug, Serialize)]
pub struct EntryJson {
    /// The piece's name.
    pub piece: String,
    /// The trajectory's points.
    pub trajectory: Vec<String>,
    /// The time allowed.
    pub time: u32,
    /// The level (0 for the main trajectory).
    pub level: u32,
}

/// One alternative of an attach pair in the bundle view.
#[derive(Clone, Debug, Serialize)]
pub struct AlternativeJson {
    /// The piece's name.
    pub piece: String,
    /// The trajectory's points.
    pub trajectory: Vec<String>,
    /// The time allowed.
    pub time: u32,
}

/// An attach pair of the bundle view: the level, the point attached from and to, and the
/// trajectories that can be there in time.
#[derive(Clone, Debug, Serialize)]
pub struct AttachJson {
    /// Its level.
    pub level: u32,
    /// The start of the attached trajectories.
    pub from: String,
    /// The point of the attached trajectory they meet.
    pub to: String,
    /// The alternatives.
    pub alternatives: Vec<AlternativeJson>,
}

/// A main trajectory and its attach pairs.
#[derive(Clone, Debug, Serialize)]
pub struct BundleJson {
    /// The main trajectory.
    pub main: EntryJson,
    /// Its attach pairs.
    pub attaches: Vec<AttachJson>,
}

/// One attack's zones; serialised, what `lingeo zones --json` prints.
#[derive(Clone, Debug, Serialize)]
pub struct AttackJson {
    /// The attacking piece's name.
    pub piece: String,
    /// Where it stands.
    pub from: String,
    /// The target.
    pub to: String,
    /// The horizon.
    pub horizon: u32,
    /// The filters applied; null for a grammar of the caller's, whose filters are its own,
    /// and with `no_source`.
    pub filters: Option<Filters>,
    /// The number of zones (at most u64::MAX: see `count_saturated`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count: Option<u64>,
    /// Whether the language has more zones than `count` says.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub count_saturated: bool,
    /// Instead of `count` and the zones: why the attack was not listed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// Every zone (with `all_zones`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub zones: Option<Vec<Vec<EntryJson>>>,
    /// The bundle view (without `all_zones`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bundles: Option<Vec<BundleJson>>,
}

/// Why an attack was not listed: `reason` in a few words, and the cap that stopped it.
#[derive(Clone, Debug)]
pub struct Skipped {
    /// "more than 10000 zones".
    pub reason: String,
    /// The cap.
    pub cap: Cap,
}

/// The zones of one attack.
#[derive(Clone, Debug)]
pub struct Attack {
    /// The attacking piece.
    pub piece: usize,
    /// Its target.
    pub target: Point,
    /// The horizon.
    pub horizon: u32,
    /// Every zone where they were listed; empty otherwise.
    pub zones: Vec<Zone>,
    /// The count, bundle view and marked times.
    pub summary: ZoneSummary,
    /// Why the attack is not listed (its zones are then empty), when it is not.
    pub skipped: Option<Skipped>,
}

/// A zone entry for JSON.
pub fn entry_json(s: &Scenario, e: &ZoneEntry) -> EntryJson {
    EntryJson {
        piece: s.pieces[e.piece].name.clone(),
        trajectory: names(s, &e.trajectory),
        time: e.time,
        level: e.level,
    }
}

fn names(s: &Scenario, t: &[Point]) -> Vec<String> {
    t.iter().map(|&p| s.board.name(p).to_string()).collect()
}

/// An attack for JSON: its zones with `all_zones`, else its bundle view; `filters` as the
/// listing names them (none for a grammar of the caller's).
pub fn attack_json(
    s: &Scenario,
    a: &Attack,
    all_zones: bool,
    filters: Option<Filters>,
) -> AttackJson {
    let p = &s.pieces[a.piece];
    let listed = a.skipped.is_none();
    AttackJson {
        piece: p.name.clone(),
        from: s.board.name(p.at).to_string(),
        to: s.board.name(a.target).to_string(),
        horizon: a.horizon,
        filters,
        count: listed.then(|| u64::try_from(a.summary.count).unwrap_or(u64::MAX)),
        count_saturated: listed && (a.summary.saturated || a.summary.count > u128::from(u64::MAX)),
        error: a.skipped.as_ref().map(|t| t.reason.clone()),
        zones: (all_zones && listed).then(|| {
            a.zones
                .iter()
                .map(|z| z.entries.iter().map(|e| entry_json(s, e)).collect())
                .collect()
        }),
        bundles: (!all_zones && listed).then(|| {
            a.summary
                .view
                .iter()
                .map(|(main, attaches)| BundleJson {
                    main: entry_json(s, main),
                    attaches: attaches
                        .iter()
                        .map(|at| AttachJson {
                            level: at.level,
                            from: s.board.name(at.from).to_string(),
                            to: s.board.name(at.to).to_string(),
                            alternatives: at
                                .alternatives
                                .iter()
                                .map(|(q, t, time)| AlternativeJson {
                                    piece: s.pieces[*q].name.clone(),
                                    trajectory: names(s, t),
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

/// What [`Workbench::zones`] computes; the defaults are `lingeo zones`'.
#[derive(Clone, Debug)]
pub struct ZonesRequest {
    /// The attacking piece p0, a placed piece by name.
    pub piece: String,
    /// The target y0 (an opposing piece's point or a goal point of p0).
    pub to: String,
    /// The horizon l0 (default: the distance of p0 to y0).
    pub horizon: Option<u32>,
    /// The filters (default: both).
    pub filters: Filters,
    /// The engine (default: native).
    pub engine: ZoneEngine,
    /// List every zone instead of the bundle view.
    pub all_zones: bool,
    /// Fail rather than list more zones than this.
    pub max_zones: usize,
    /// The grammar engine's limits; their `max_memory` caps the native generator too.
    pub limits: Limits,
    /// How the grammar engine evaluates expressions.
    pub evaluator: Evaluator,
}

impl Default for ZonesRequest {
    fn default() -> Self {
        ZonesRequest {
            piece: String::new(),
            to: String::new(),
            horizon: None,
            filters: Filters::All,
            engine: ZoneEngine::Native,
            all_zones: false,
            max_zones: MAX_ZONES,
            limits: Limits::default(),
            evaluator: Evaluator::Compiled,
        }
    }
}

/// The zones of one attack; serialised, what `lingeo zones --json` prints.
#[derive(Clone, Debug)]
pub struct ZonesResult {
    /// The attack.
    pub attack: Attack,
    /// It for JSON.
    pub json: AttackJson,
}

impl Serialize for ZonesResult {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.json.serialize(serializer)
    }
}

impl ZonesResult {
    /// The number of zones, exact unless [`ZonesResult::saturated`].
    pub fn count(&self) -> u128 {
        self.attack.summary.count
    }

    /// Whether there are more zones than [`ZonesResult::count`] (it passed 128 bits).
    pub fn saturated(&self) -> bool {
        self.attack.summary.saturated
    }
}

impl Workbench {
    /// The placed piece `name`, its target `to` and the horizon (by default the length of its
    /// main trajectories to the target).
    pub fn attack(
        &self,
        name: &str,
        to: &str,
        horizon: Option<u32>,
    ) -> Result<(usize, Point, u32)> {
        let s = self.scenario();
        let piece = s
            .pieces
            .iter()
            .position(|p| p.name == name)
            .ok_or_else(|| {
                let why = if s.type_index(name).is_some() {
                    format!("; `{name}` is a piece type, and a zone is of a placed piece")
                } else {
                    crate::syntax::suggest::closest(name, s.pieces.iter().map(|p| p.name.as_str()))
                        .map_or(String::new(), |n| format!(" (did you mean `{n}`?)"))
                };
                ApiError::request(
                    Some("piece"),
                    format!("no placed piece is named `{name}`{why}"),
                )
            })?;
        let target = self.point("to", to)?;
        let p = &s.pieces[piece];
        if !zone::is_target(s, piece, target) {
            return Err(ApiError::request(
                Some("to"),
                format!(
                    "{}: not a target of {}: no opposing piece stands there and it is not a goal point of {}",
                    s.board.name(target),
                    p.name,
                    p.name
                ),
            ));
        }
        let distance = ZoneGenerator::new(s, self.kernel(), ZoneOptions::default())
            .main_distance(piece, target);
        let horizon = match horizon {
            Some(h) => h,
            None if distance < self.kernel().unreachable() => distance,
            None => {
                return Err(ApiError::request(
                    Some("to"),
                    format!("{} cannot reach {}", p.name, s.board.name(target)),
                ));
            }
        };
        Ok((piece, target, horizon))
    }

    /// The zones of one attack, as `lingeo zones` gives them: the count and the bundle view,
    /// or with `all_zones` every zone.
    ///
    /// ```
    /// use lingeo::api::{Workbench, ZonesRequest};
    /// let bench = Workbench::load("examples/robot-zone-full.scenario").unwrap();
    /// let zones = bench
    ///     .zones(&ZonesRequest { piece: "BOMBER".into(), to: "h1".into(), ..ZonesRequest::default() })
    ///     .unwrap();
    /// assert!(zones.count() > 0);
    /// assert_eq!(zones.json.filters.map(|f| f.label()), Some("f1+f2"));
    /// ```
    pub fn zones(&self, r: &ZonesRequest) -> Result<ZonesResult> {
        self.zones_of(r, None)
    }

    /// [`Workbench::zones`] by a grammar of zones of the caller's (checked with
    /// [`check_zone_grammar`]); its filters are its own.
    pub fn zones_with_grammar(&self, r: &ZonesRequest, grammar: &Grammar) -> Result<ZonesResult> {
        self.zones_of(r, Some(grammar))
    }

    fn zones_of(&self, r: &ZonesRequest, grammar: Option<&Grammar>) -> Result<ZonesResult> {
        if r.max_zones == 0 {
            return Err(ApiError::request(
                Some("max_zones"),
                "max_zones must be at least 1",
            ));
        }
        let (piece, target, horizon) = self.attack(&r.piece, &r.to, r.horizon)?;
        let request = ZoneRequest {
            piece,
            target,
            horizon,
            filters: r.filters,
            engine: r.engine,
            grammar,
            max_zones: r.max_zones,
            limits: r.limits,
            evaluator: r.evaluator,
        };
        let (zones, summary) = summarise(self.scenario(), self.kernel(), request, r.all_zones)?;
        let attack = Attack {
            piece,
            target,
            horizon,
            zones,
            summary,
            skipped: None,
        };
        let filters = grammar.is_none().then_some(r.filters);
        let json = attack_json(self.scenario(), &attack, r.all_zones, filters);
        Ok(ZonesResult { attack, json })
    }
}
