//! The zones of an attack (docs/semantics.md §6): counted and viewed as bundles by the native
//! generator, or listed, by it or by running the grammar of zones.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::Workbench;
use super::error::{ApiError, Cap, Result};
use super::grammar_limits::{GrammarLimits, LimitFields};
use super::request::Request;
use crate::board::Point;
use crate::budget::{Budget, Exceeded};
use crate::grammar::forest::SentenceCount;
use crate::grammar::types::Type;
use crate::grammar::value::Value;
use crate::grammar::world::World;
use crate::grammar::{Grammar, Limit, Limits};
use crate::kernel::Kernel;
use crate::scenario::Scenario;
use crate::zone::{self, Zone, ZoneEntry, ZoneError, ZoneGenerator, ZoneOptions, ZoneSummary};

/// The filters of decision A8 on negation trajectories (docs/semantics.md §6.7); a request
/// names them `none`, `f1`, `f2`, `all`, a listing as [`Filters::label`] does.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
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

    /// Serialises the filters as a listing names them ([`Filters::label`]: `f1+f2` for both),
    /// as the results' JSON has them (`#[serde(serialize_with)]`).
    pub fn serialize_label<S: serde::Serializer>(
        filters: &Filters,
        serializer: S,
    ) -> std::result::Result<S::Ok, S::Error> {
        serializer.serialize_str(filters.label())
    }

    /// [`Filters::serialize_label`] of filters that may be left out.
    pub fn serialize_label_or_null<S: serde::Serializer>(
        filters: &Option<Filters>,
        serializer: S,
    ) -> std::result::Result<S::Ok, S::Error> {
        match filters {
            Some(f) => serializer.serialize_str(f.label()),
            None => serializer.serialize_none(),
        }
    }
}

/// Which engine computes the zones.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum ZoneEngine {
    /// The native generator (the default).
    #[default]
    Native,
    /// The shipped grammar of zones (`zones-filtered` with all filters, `zones` with none).
    Grammar,
}

/// The default cap on the zones listed, `lingeo zones`'.
pub const MAX_ZONES: usize = 10_000;

/// One attack and how to compute its zones (named apart from [`ZonesRequest`], the job of
/// `lingeo zones`, which resolves names into one of these): the attacking piece (an index of
/// the scenario's pieces), its target, the horizon, the filters, the engine and the caps.
#[derive(Clone, Copy, Debug)]
pub struct AttackRequest<'g> {
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
    /// The other inputs of the caller's grammar, by name (the attacking piece is `piece`).
    pub inputs: &'g [(String, String)],
    /// Fail rather than list more zones than this.
    pub max_zones: usize,
    /// The grammar engine's limits; their `max_memory` caps the native generator too.
    pub limits: Limits,
}

impl AttackRequest<'static> {
    /// The native generator's attack of `piece` on `target` within `horizon` with `filters`,
    /// under `lingeo zones`' default caps ([`ZonesRequest::default`]'s `max_zones` and
    /// limits): the request of a program that lists one attack's zones, [`compute`] them, as
    /// `lingeo zones --engine native` does.
    pub fn native(piece: usize, target: Point, horizon: u32, filters: Filters) -> Self {
        let defaults = ZonesRequest::default();
        AttackRequest {
            piece,
            target,
            horizon,
            filters,
            engine: ZoneEngine::Native,
            grammar: None,
            inputs: &[],
            max_zones: defaults.max_zones,
            limits: defaults.limits(),
        }
    }
}

impl AttackRequest<'_> {
    /// The native generator's options: the filters and the caps on zones and memory.
    pub fn zone_options(&self) -> ZoneOptions {
        ZoneOptions {
            max_memory: self.limits.max_memory,
            ..self.filters.zone_options(self.max_zones)
        }
    }

    /// The engine that runs: a grammar of the caller's is run by the grammar engine.
    fn engine(&self) -> ZoneEngine {
        if self.grammar.is_some() {
            ZoneEngine::Grammar
        } else {
            self.engine
        }
    }

    /// The grammar engine's limits: the cap on zones caps the zones only, and the languages
    /// of trajectories the grammar imports keep the default cap.
    fn grammar_limits(&self) -> Limits {
        Limits {
            max_sentences: self.max_zones,
            max_imported_sentences: Limits::default().max_imported_sentences,
            ..self.limits
        }
    }
}

/// A zone error as the API reports it: too large to list ([`ApiError::TooLarge`]), or past the
/// thread's deadline (a stop at the time limit, [`ApiError::Stopped`], as every job's).
pub(super) fn zone_error(e: &ZoneError) -> ApiError {
    let (reason, cap) = match e {
        ZoneError::TimeLimit { limit } => return ApiError::out_of_time(*limit),
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

/// What keeps `grammar` from having the shape of a grammar of zones: one piece input (the
/// attacking piece; other inputs may be given by name), the start `S(point, point, int)`,
/// terminals `t((piece, trajectory), int)` (none: it has it).
pub fn zone_grammar_problems(grammar: &Grammar) -> Vec<String> {
    let program = &grammar.program;
    let pieces = grammar
        .inputs()
        .into_iter()
        .filter(|(_, t)| *t == Type::Piece)
        .count();
    let track = Type::Tuple(vec![Type::Piece, Type::Trajectory]);
    let mut wrong = Vec::new();
    if pieces != 1 {
        wrong.push(
            "it must have one piece input, the attacking piece (`input p0: piece`)".to_string(),
        );
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

/// The zones of `r` and their summary: with `all_zones` every zone is listed (up to the cap)
/// and summarised; otherwise the count and the bundle view come without listing the zones
/// (the zones left empty): the native generator's zone network (docs/semantics.md §6.10), or
/// the network read off the grammar's derivation forest (docs/semantics.md §6.11).
pub fn summarise(
    scenario: &Scenario,
    kernel: &Kernel,
    r: AttackRequest,
    all_zones: bool,
) -> Result<(Vec<Zone>, ZoneSummary)> {
    if all_zones {
        let zones = compute(scenario, kernel, r)?;
        let summary = ZoneSummary::of_zones(&zones);
        return Ok((zones, summary));
    }
    if r.engine() == ZoneEngine::Grammar {
        return Ok((Vec::new(), forest_summary(scenario, kernel, r)?));
    }
    let network = ZoneGenerator::new(scenario, kernel, r.zone_options())
        .network(r.piece, r.target, r.horizon)
        .map_err(|e| zone_error(&e))?;
    Ok((Vec::new(), ZoneSummary::of_network(network)))
}

/// Every zone of `r`, listed.
pub fn compute(scenario: &Scenario, kernel: &Kernel, r: AttackRequest) -> Result<Vec<Zone>> {
    match r.engine() {
        ZoneEngine::Native => ZoneGenerator::new(scenario, kernel, r.zone_options())
            .zones(r.piece, r.target, r.horizon)
            .map_err(|e| zone_error(&e)),
        ZoneEngine::Grammar => {
            let run = GrammarRun::new(scenario, kernel, &r)?;
            let language = run
                .grammar
                .derive_stream(&run.world, &run.inputs, &run.start, run.limits, None)
                .map_err(|e| run_error(e, &r, run.limits))?;
            // Each zone is read off the stream, with no vector of sentences in between.
            let mut zones = Vec::new();
            language.for_each(|s| zones.push(zone::zone_of_sentence(s)));
            Ok(zones)
        }
    }
}

/// A run of the grammar engine: the grammar (the caller's, or the shipped one of the filters),
/// its world, inputs (the attacking piece and the others given), start (x0, y0, l0) and limits.
struct GrammarRun<'s> {
    grammar: Grammar,
    world: World<'s>,
    inputs: Vec<Value>,
    start: [Value; 3],
    limits: Limits,
}

impl<'s> GrammarRun<'s> {
    fn new(
        scenario: &'s Scenario,
        kernel: &'s Kernel,
        r: &AttackRequest,
    ) -> Result<GrammarRun<'s>> {
        let grammar = match r.grammar {
            Some(g) => g.clone(),
            None => Grammar::shipped(shipped_zone_grammar(r.filters)?)?,
        };
        let mut world = World::new(scenario, kernel);
        let attacker = Value::Piece(r.piece as u32);
        let declared = grammar.inputs();
        let inputs = if r.inputs.is_empty() && declared.len() == 1 {
            vec![attacker]
        } else {
            // The attacking piece is the request's; the other inputs are read as the grammar
            // reads them (one not given is an error), and the piece input takes the attacker.
            if let Some((name, _)) = r
                .inputs
                .iter()
                .find(|(n, _)| declared.iter().any(|(d, t)| d == n && *t == Type::Piece))
            {
                return Err(ApiError::request(
                    Some("inputs"),
                    format!(
                        "`{name}` is the grammar's input of the attacking piece, which the attack gives"
                    ),
                ));
            }
            let mut values = grammar.bind_inputs(
                &mut world,
                r.inputs,
                Some((&scenario.pieces[r.piece].name, None)),
            )?;
            for (value, (_, t)) in values.iter_mut().zip(&declared) {
                if *t == Type::Piece {
                    *value = attacker.clone();
                }
            }
            values
        };
        let start = [
            Value::Point(scenario.pieces[r.piece].at),
            Value::Point(r.target),
            Value::Int(i64::from(r.horizon)),
        ];
        Ok(GrammarRun {
            grammar,
            world,
            inputs,
            start,
            limits: r.grammar_limits(),
        })
    }
}

/// A failed run of the grammar engine: a limit (the language too large, in the zones' words,
/// as the native generator says it) or anything else.
fn run_error(e: crate::grammar::RunError, r: &AttackRequest, limits: Limits) -> ApiError {
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
}

/// The grammar engine's network of `r` read off its derivation forest
/// (docs/semantics.md §6.11), without listing the zones: the bundle view, and the count where it is exact (the
/// forest derives no zone twice, or listing them finds the repeats within the cap on zones).
fn forest_summary(scenario: &Scenario, kernel: &Kernel, r: AttackRequest) -> Result<ZoneSummary> {
    let run = GrammarRun::new(scenario, kernel, &r)?;
    let limits = run.limits;
    let forest = run
        .grammar
        .forest(&run.world, &run.inputs, &run.start, limits)
        .map_err(|e| run_error(e, &r, limits))?;
    // The walk reads about one state per node of the forest, which the derivation's steps
    // bound; past the cap on steps it gives up as the derivation would.
    let network = zone::forest::network_of_forest(&forest, limits.max_steps as usize, r.max_zones)
        .map_err(|e| ApiError::TooLarge {
            cap: Cap::Steps,
            reason: format!("more than {} states to read off the forest", e.limit),
            message: format!(
                "reading the zones off the grammar's forest met more than {} (node, level) states; raise the cap on derivation steps",
                e.limit
            ),
        })?;
    let count = match network.count {
        SentenceCount::Exact(n) => n,
        SentenceCount::AtMost(n) => {
            return Err(ApiError::TooLarge {
                cap: Cap::Zones,
                reason: format!(
                    "the grammar's forest may derive a zone more than once: at most {n} zones, more than the {} to list",
                    r.max_zones
                ),
                message: format!(
                    "the grammar's forest may derive a zone more than once, and its {n} paths are more than the cap of {} zones to list and remove repeats; raise the cap on zones",
                    r.max_zones
                ),
            });
        }
    };
    Ok(ZoneSummary {
        saturated: count.to_u128().is_none(),
        count: count.to_u128().unwrap_or(u128::MAX),
        at_least: false,
        cap: count
            .to_u128()
            .is_none()
            .then_some(crate::zone::CountCap::Bits),
        undecided: Vec::new(),
        view: network.view,
        times: None,
    })
}

/// Points serialised as their names (`["h5", "h4", "h3"]`), spelled as they are written: a
/// listing of zones keeps no string per point (a 32x32 robot zone's 238,863 zones took 2.5 GB
/// as names, issue 45).
#[derive(Clone, Debug)]
pub struct PointNames {
    board: crate::board::Board,
    points: Arc<[Point]>,
}

impl PointNames {
    /// `points` of `board`.
    pub fn new(board: &crate::board::Board, points: Arc<[Point]>) -> PointNames {
        PointNames {
            board: board.clone(),
            points,
        }
    }

    /// The points.
    pub fn points(&self) -> &[Point] {
        &self.points
    }

    /// Their names.
    pub fn names(&self) -> Vec<String> {
        self.points
            .iter()
            .map(|&p| self.board.name(p).to_string())
            .collect()
    }
}

impl Serialize for PointNames {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.points.iter().map(|&p| self.board.name(p).to_string()))
    }
}

/// One symbol of a zone: its piece, trajectory, time and level.
#[derive(Clone, Debug, Serialize)]
pub struct EntryJson {
    /// The piece's name.
    pub piece: String,
    /// The trajectory's points, serialised as their names.
    pub trajectory: PointNames,
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
    /// The trajectory's points, serialised as their names.
    pub trajectory: PointNames,
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
    /// The filters applied (`f1+f2`, `none`, `f1`, `f2`); null for a grammar of the caller's,
    /// whose filters are its own, and with `no_source`.
    #[serde(serialize_with = "Filters::serialize_label_or_null")]
    pub filters: Option<Filters>,
    /// The number of zones (at most u64::MAX: see `count_saturated`), or a lower bound on it
    /// (see `count_at_least`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count: Option<u64>,
    /// Whether `count` is a lower bound: counting every zone would pass the cap on states; the
    /// bundles are still the whole network.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub count_at_least: bool,
    /// Whether the language has more zones than `count` says (it does not fit in 128 bits, or
    /// not in 64 for JSON).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub count_saturated: bool,
    /// The count in full decimal where it does not fit in `count` (64 bits): exact, or the
    /// lower bound, up to 128 bits.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count_digits: Option<String>,
    /// With `count_at_least`, where the count stopped at its cap on states: that cap.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count_cap_states: Option<usize>,
    /// Instead of `count` and the zones: why the attack was not listed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// Every zone (with `all_zones`, or the one zone asked for).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub zones: Option<Vec<Vec<EntryJson>>>,
    /// The bundle view (otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bundles: Option<Vec<BundleJson>>,
    /// Entries of the network that the search could neither prove nor refute within its step
    /// cap (docs/semantics.md §6.10): they may or may not be in some zone.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub undecided: Option<Vec<UndecidedJson>>,
    /// With `summary`: the number of main trajectories (of bundles).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub main_trajectories: Option<usize>,
    /// With `summary`: the wall-clock milliseconds the attack took.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time_ms: Option<f64>,
}

/// An undecided entry of the network: the main trajectory (its index in `bundles`), the attach
/// pair, and the alternative.
#[derive(Clone, Debug, Serialize)]
pub struct UndecidedJson {
    /// The index of the main trajectory in `bundles`.
    pub main: usize,
    /// The attach pair's level.
    pub level: u32,
    /// The start of the attached trajectories.
    pub from: String,
    /// The point of the attached trajectory they meet.
    pub to: String,
    /// The alternative's piece.
    pub piece: String,
    /// Its trajectory, serialised as its points' names.
    pub trajectory: PointNames,
    /// The time allowed.
    pub time: u32,
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
    /// Every zone where they were listed (`all_zones`, or the one zone asked for); empty
    /// otherwise.
    pub zones: Vec<Zone>,
    /// The count, bundle view and marked times: from the zones where they are listed, else
    /// computed without listing them (docs/semantics.md §6.9).
    pub summary: ZoneSummary,
    /// Why the attack is not listed (its zones are then empty), when it is not: with every
    /// attack, one too large to list does not stop the others.
    pub skipped: Option<Skipped>,
    /// The wall-clock milliseconds its zones took (shown by `summary`).
    pub time_ms: f64,
}

impl Attack {
    /// `BOMBER h5 -> h1 (horizon 4)`: the attacking piece, its point, the target and the
    /// horizon, as pictures title it.
    pub fn title(&self, s: &Scenario) -> String {
        let p = &s.pieces[self.piece];
        format!(
            "{} {} -> {} (horizon {})",
            p.name,
            s.board.name(p.at),
            s.board.name(self.target),
            self.horizon
        )
    }
}

/// `12 zones`; `at least 12 zones (the count stopped at its cap of 100000 states)` where
/// counting them all passed the cap on the count's states, naming it; `more than 12 zones`
/// where the count passed 128 bits.
pub fn count_text(summary: &ZoneSummary) -> String {
    let n = crate::render::counted(summary.count, "zone", "zones");
    if summary.saturated {
        format!("more than {n}")
    } else if summary.at_least {
        match summary.cap {
            Some(cap) => format!("at least {n} ({cap})"),
            None => format!("at least {n}"),
        }
    } else {
        n
    }
}

/// A zone entry for JSON.
pub fn entry_json(s: &Scenario, e: &ZoneEntry) -> EntryJson {
    EntryJson {
        piece: s.pieces[e.piece].name.clone(),
        trajectory: PointNames::new(&s.board, e.trajectory.clone()),
        time: e.time,
        level: e.level,
    }
}

/// About what an entry for JSON holds: itself and its piece's name's block (its points are
/// shared).
fn entry_bytes(s: &Scenario, piece: usize) -> usize {
    std::mem::size_of::<EntryJson>() + crate::budget::HEAP_BLOCK + s.pieces[piece].name.len()
}

/// [`entry_json`], held in `budget`.
fn entry_json_held(
    s: &Scenario,
    e: &ZoneEntry,
    budget: &mut Budget,
) -> std::result::Result<EntryJson, Exceeded> {
    budget.hold(entry_bytes(s, e.piece), || "the zones for JSON".into())?;
    Ok(entry_json(s, e))
}

/// An attack for JSON: its zones, its bundle view or its counts and time (`view`); `filters` as
/// the listing names them (none for a grammar of the caller's, or to leave the source out).
/// Each entry is held in `budget` as it is made (its points are the listing's, named as they
/// are written), so a listing of millions stops at the memory limit as it is built.
pub fn attack_json(
    s: &Scenario,
    a: &Attack,
    view: View,
    filters: Option<Filters>,
    budget: &mut Budget,
) -> std::result::Result<AttackJson, Exceeded> {
    let p = &s.pieces[a.piece];
    let counted = a.skipped.is_none();
    let zones = if view == View::Zones && counted {
        let mut zones = Vec::with_capacity(a.zones.len());
        for z in &a.zones {
            let mut entries = Vec::with_capacity(z.entries.len());
            for e in &z.entries {
                entries.push(entry_json_held(s, e, budget)?);
            }
            zones.push(entries);
        }
        Some(zones)
    } else {
        None
    };
    let bundles = if view == View::Bundles && counted {
        let mut bundles = Vec::with_capacity(a.summary.view.len());
        for (main, attaches) in &a.summary.view {
            let mut attach_json = Vec::with_capacity(attaches.len());
            for at in attaches {
                let mut alternatives = Vec::with_capacity(at.alternatives.len());
                for (q, t, time) in &at.alternatives {
                    budget.hold(
                        entry_bytes(s, *q) + crate::budget::points_bytes(t.len()),
                        || "the zones for JSON".into(),
                    )?;
                    alternatives.push(AlternativeJson {
                        piece: s.pieces[*q].name.clone(),
                        trajectory: PointNames::new(&s.board, t.as_slice().into()),
                        time: *time,
                    });
                }
                attach_json.push(AttachJson {
                    level: at.level,
                    from: s.board.name(at.from).to_string(),
                    to: s.board.name(at.to).to_string(),
                    alternatives,
                });
            }
            bundles.push(BundleJson {
                main: entry_json_held(s, main, budget)?,
                attaches: attach_json,
            });
        }
        Some(bundles)
    } else {
        None
    };
    Ok(AttackJson {
        piece: p.name.clone(),
        from: s.board.name(p.at).to_string(),
        to: s.board.name(a.target).to_string(),
        horizon: a.horizon,
        filters,
        count: counted.then(|| u64::try_from(a.summary.count).unwrap_or(u64::MAX)),
        count_at_least: counted && a.summary.at_least,
        count_saturated: counted && (a.summary.saturated || a.summary.count > u128::from(u64::MAX)),
        count_digits: (counted && a.summary.count > u128::from(u64::MAX))
            .then(|| a.summary.count.to_string()),
        count_cap_states: match a.summary.cap {
            Some(crate::zone::CountCap::States(limit)) if counted && a.summary.at_least => {
                Some(limit)
            }
            _ => None,
        },
        error: a.skipped.as_ref().map(|t| t.reason.clone()),
        zones,
        bundles,
        undecided: (view != View::Summary && counted && !a.summary.undecided.is_empty()).then(
            || {
                a.summary
                    .undecided
                    .iter()
                    .map(|u| UndecidedJson {
                        main: u.main,
                        level: u.level,
                        from: s.board.name(u.from).to_string(),
                        to: s.board.name(u.to).to_string(),
                        piece: s.pieces[u.alternative.0].name.clone(),
                        trajectory: PointNames::new(&s.board, u.alternative.1.as_slice().into()),
                        time: u.alternative.2,
                    })
                    .collect()
            },
        ),
        main_trajectories: (view == View::Summary && counted).then_some(a.summary.view.len()),
        // To the microsecond: what a wall clock can tell.
        time_ms: (view == View::Summary).then_some((a.time_ms * 1000.0).round() / 1000.0),
    })
}

/// The horizon of every attack (`all_attacks`) where none is given: the horizon within which
/// the evaluations read every attack (`SearchOptions::DEFAULT_HORIZON`).
pub const ALL_ATTACKS_HORIZON: u32 = crate::play::search::SearchOptions::DEFAULT_HORIZON;

/// The largest horizon a request takes (a horizon past twice the board's points is refused
/// with the board, [`check_horizon`]).
pub const MAX_HORIZON: u32 = 10_000_000;

/// What [`Workbench::zones`] and [`Workbench::attacks`] compute: the options of `lingeo zones`,
/// of the server's `zones` and of Python's `Scenario.zones`, with their defaults (`Default`)
/// and rules ([`Request::check`]). A grammar of zones of the caller's is given beside it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct ZonesRequest {
    /// The attacking piece p0, a placed piece by name (`lingeo check` lists them); a zone
    /// starts where it stands, so piece types are not taken here.
    pub piece: String,
    /// The target point y0 (an opposing piece's point or a goal point of p0).
    pub to: String,
    /// The horizon l0: main trajectories of at most this many moves (default: the distance of
    /// `piece` to `to`; with `all_attacks`, 4). At most twice the board's points (refused past
    /// it: no trajectory on the board is that long, so a larger horizon gives no new
    /// trajectory), and at most 10000000.
    pub horizon: Option<u32>,
    /// Every attack zone of the state within the horizon (docs/semantics.md §7.1, the exercise
    /// of S-09), instead of `piece` and `to`. An attack too large to list (past `max_zones`,
    /// `max_memory` or `max_steps`) is reported as such (in JSON with an "error" instead of its
    /// zones) and the others are still listed: the listing is printed either way, and the
    /// exit code is 2 when some attack is not listed (0 when every attack is).
    pub all_attacks: bool,
    /// Counts and times only: for each attack its number of zones, of main trajectories and
    /// the milliseconds it took, without its zones or bundle view (on a large position every
    /// attack's bundles are megabytes). Unset: with `all_attacks`, the summary on a position of
    /// more than 12 pieces (a chess middlegame's every attack within 2 moves is 170,000 lines
    /// of bundles), the bundle view otherwise; false lists the bundles at any size.
    pub summary: Option<bool>,
    /// With `all_attacks`, compute this many attacks at a time, 1 to 256 (default: one per
    /// core); the result is the same on any number. A grammar of the caller's runs on one.
    pub jobs: Option<usize>,
    /// The filters of decision A8 on negation trajectories (docs/semantics.md §6.7): by
    /// default both, which reproduce the zones of the sources; `none` gives the literal
    /// grammar of zones (docs/semantics.md §6.3). The listing says which were used.
    pub filters: Filters,
    /// Compute with the native generator or by running the grammar of zones (the shipped
    /// grammars/zones-filtered.lgg with `filters` all, zones.lgg with `filters` none). The
    /// grammar's network and count are read off its derivation forest without listing the
    /// zones (docs/semantics.md §6.11); `all_zones` lists them.
    pub engine: ZoneEngine,
    /// List every zone of the language instead of the bundle view.
    pub all_zones: bool,
    /// Only the N-th zone of the listing (from 1, in the order of `all_zones`, within
    /// `max_zones`).
    pub zone: Option<u64>,
    /// One zone of the language drawn at random with this seed (the same seed, the same
    /// zone): a main trajectory uniformly, then at each attach pair in scanner order one of
    /// its candidates after the filters uniformly. Cheap at any size, but not uniform over the
    /// zones (a choice that leads to more zones is not drawn more often). Native engine only.
    pub seed: Option<u64>,
    /// Leave out which engine or grammar made the zones (and its filters), so that the
    /// outputs of two engines can be compared: an agreement case of `lingeo test`.
    pub no_source: bool,
    /// Fail rather than derive more zones than this (with `all_attacks`, an attack that has
    /// more is skipped and reported).
    pub max_zones: usize,
    /// The grammar engine: stop with an error after this many derivation steps.
    pub max_steps: u64,
    /// The grammar engine: stop with an error when function calls nest deeper than this.
    pub max_depth: usize,
    /// The grammar engine: stop with an error when a string grows past this many symbols.
    pub max_length: usize,
    /// The grammar engine: stop with an error when a set-builder or range builds a set of
    /// more members than this.
    pub max_set_size: usize,
    /// The grammar engine: stop with an error when set-builders, quantifiers and vectors over
    /// X have gone over this many elements, and functions been called, in all.
    pub max_iterations: u64,
    /// Stop with an error when the zones take more than this many MiB of memory (1 to 2^30):
    /// the native generator's listing and count, the grammar's run, and the printed output.
    pub max_memory: u64,
    /// Stop with an error after this many seconds (wall clock; the work looks at the clock
    /// where it looks at memory).
    pub time: Option<f64>,
    /// The other inputs of a grammar of zones of the caller's, by name, each value as the
    /// grammar reads it (`--set name=value`): given with the grammar, not an option.
    #[serde(skip)]
    #[schemars(skip)]
    pub inputs: Vec<(String, String)>,
}

impl Default for ZonesRequest {
    fn default() -> Self {
        let fields = LimitFields::default();
        ZonesRequest {
            piece: String::new(),
            to: String::new(),
            horizon: None,
            all_attacks: false,
            summary: None,
            jobs: None,
            filters: Filters::All,
            engine: ZoneEngine::Native,
            all_zones: false,
            zone: None,
            seed: None,
            no_source: false,
            max_zones: MAX_ZONES,
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

impl Request for ZonesRequest {
    const JOB: &'static str = "zones";

    fn check(&self) -> Result<()> {
        super::request::check_time(self.time)?;
        let bad = |field, message: &str| Err(ApiError::request(Some(field), message.to_string()));
        if self.all_attacks {
            if !self.piece.is_empty() || !self.to.is_empty() {
                let field = if self.piece.is_empty() { "to" } else { "piece" };
                return bad(
                    field,
                    "`all_attacks` is every piece's attacks: give it, or `piece` and `to`, not both",
                );
            }
            if self.zone.is_some() || self.seed.is_some() {
                let field = if self.zone.is_some() { "zone" } else { "seed" };
                return bad(field, "one zone is of one attack, not of every attack");
            }
        } else {
            if self.piece.is_empty() || self.to.is_empty() {
                let field = if self.piece.is_empty() { "piece" } else { "to" };
                return bad(
                    field,
                    "give the attack, `piece` and `to` (or `all_attacks` for every attack)",
                );
            }
            if self.jobs.is_some() {
                return bad(
                    "jobs",
                    "`jobs` spreads every attack over threads: it goes with `all_attacks`",
                );
            }
        }
        if let Some(jobs) = self.jobs
            && crate::parallel::check_jobs(jobs).is_err()
        {
            return bad(
                "jobs",
                &format!(
                    "`jobs` must be from 1 to {}, not {jobs}",
                    crate::parallel::MAX_JOBS
                ),
            );
        }
        if let Some(h) = self.horizon.filter(|&h| h > MAX_HORIZON) {
            return bad(
                "horizon",
                &format!("`horizon` must be at most {MAX_HORIZON}, not {h}"),
            );
        }
        if self.max_zones == 0 {
            return bad("max_zones", "`max_zones` must be at least 1");
        }
        if !(1..=1 << 30).contains(&self.max_memory) {
            return bad(
                "max_memory",
                &format!(
                    "`max_memory` must be from 1 to 1073741824 MiB, not {}",
                    self.max_memory
                ),
            );
        }
        if self.zone == Some(0) {
            return bad("zone", "zones are numbered from 1");
        }
        if self.zone.is_some() && self.seed.is_some() {
            return bad(
                "zone",
                "a zone by its number or one drawn at random, not both",
            );
        }
        if self.all_zones && (self.zone.is_some() || self.seed.is_some()) {
            let field = if self.zone.is_some() { "zone" } else { "seed" };
            return bad(
                field,
                &format!("`{field}` lists one zone and `all_zones` every zone: give one"),
            );
        }
        if self.summary == Some(true)
            && let Some(field) = [
                ("all_zones", self.all_zones),
                ("zone", self.zone.is_some()),
                ("seed", self.seed.is_some()),
            ]
            .into_iter()
            .find_map(|(field, given)| given.then_some(field))
        {
            return bad(
                field,
                &format!("`summary` counts the zones without listing them: not with `{field}`"),
            );
        }
        if self.seed.is_some() && self.engine == ZoneEngine::Grammar {
            return bad(
                "seed",
                "a zone drawn at random (`seed`) is the native engine's",
            );
        }
        if self.engine == ZoneEngine::Grammar {
            shipped_zone_grammar(self.filters)?;
        }
        Ok(())
    }
}

impl ZonesRequest {
    /// Whether the result lists zones (every zone, or the one asked for) rather than the
    /// bundle view.
    pub fn lists_zones(&self) -> bool {
        self.all_zones || self.zone.is_some() || self.seed.is_some()
    }

    /// What the result shows of each attack of a position of `scenario`.
    pub fn view(&self, scenario: &Scenario) -> View {
        if self.summary == Some(true) {
            View::Summary
        } else if self.lists_zones() {
            View::Zones
        } else if self.summary.is_none() && self.all_attacks && is_large(scenario) {
            View::Summary
        } else {
            View::Bundles
        }
    }

    /// Whether the result is a summary that the request did not ask for: every attack of a
    /// large position, where `summary` is unset.
    pub fn summary_by_default(&self, scenario: &Scenario) -> bool {
        self.summary.is_none() && self.view(scenario) == View::Summary
    }

    /// The grammar engine's limits (the cap on zones the cap on the language derived and on
    /// each imported one); their `max_memory` caps the native generator too.
    pub fn limits(&self) -> Limits {
        self.limit_fields()
            .limits(Some(self.max_zones), Some(self.max_zones))
    }

    /// The threads of every attack: as given, or one per core.
    pub fn threads(&self) -> usize {
        self.jobs.unwrap_or_else(crate::parallel::cores)
    }

    fn zone_request<'g>(
        &'g self,
        piece: usize,
        target: Point,
        horizon: u32,
        grammar: Option<&'g Grammar>,
    ) -> AttackRequest<'g> {
        AttackRequest {
            piece,
            target,
            horizon,
            filters: self.filters,
            engine: self.engine,
            grammar,
            inputs: &self.inputs,
            max_zones: self.max_zones,
            limits: self.limits(),
        }
    }

    /// The filters as the result names them: none for a grammar of the caller's, or with
    /// `no_source`.
    fn named_filters(&self, grammar: Option<&Grammar>) -> Option<Filters> {
        (grammar.is_none() && !self.no_source).then_some(self.filters)
    }

    /// [`Request::check`], and whether a grammar of the caller's (`grammar`) goes with the
    /// request: its filters are its own, it draws no zone at random, and the other inputs go
    /// with it only.
    pub fn check_with(&self, grammar: Option<&Grammar>) -> Result<()> {
        self.check()?;
        Self::check_given(self, grammar.is_some())
    }

    /// Whether a grammar of zones of the caller's, given or not (`grammar`), goes with the
    /// request, before it is read.
    pub fn check_given(r: &ZonesRequest, grammar: bool) -> Result<()> {
        if grammar && r.seed.is_some() {
            return Err(ApiError::request(
                Some("seed"),
                "a zone drawn at random (`seed`) is the native engine's, not a grammar's",
            ));
        }
        if !grammar && !r.inputs.is_empty() {
            return Err(ApiError::request(
                Some("inputs"),
                "the shipped grammars of zones take no other inputs; inputs go with a grammar of zones of the caller's",
            ));
        }
        Ok(())
    }
}

/// The pieces past which every attack of a position is summarised unless the request says
/// otherwise ([`ZonesRequest::summary`]).
pub const LARGE_POSITION_PIECES: usize = 12;

/// Whether a position has more pieces than [`LARGE_POSITION_PIECES`].
fn is_large(scenario: &Scenario) -> bool {
    scenario.pieces.len() > LARGE_POSITION_PIECES
}

/// What a result shows of each attack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum View {
    /// Its zones (every zone, or the one asked for).
    Zones,
    /// Its bundle view.
    Bundles,
    /// Its counts and time only.
    Summary,
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
    /// The number of zones, exact unless [`ZonesResult::saturated`] or
    /// [`ZonesResult::at_least`].
    pub fn count(&self) -> u128 {
        self.attack.summary.count
    }

    /// Whether there are more zones than [`ZonesResult::count`] (it passed 128 bits).
    pub fn saturated(&self) -> bool {
        self.attack.summary.saturated
    }

    /// Whether [`ZonesResult::count`] is a lower bound (counting every zone would pass the cap
    /// on states).
    pub fn at_least(&self) -> bool {
        self.attack.summary.at_least
    }
}

/// Every attack of a position within a horizon; serialised, what `lingeo zones --all-attacks
/// --json` prints.
///
/// The JSON of each attack is made while it is serialised ([`AttacksResult::json`]), not
/// kept beside the attacks: on a large position (the middlegame at horizon 4, 3.6 million
/// alternatives) a tree of strings per point held for every attack took gigabytes that a
/// caller printing text never reads, outside the generator's memory check.
#[derive(Clone, Debug)]
pub struct AttacksResult {
    /// The attacks, in the order of the pieces, then of the targets.
    pub attacks: Vec<Attack>,
    /// The scenario the attacks are of (names for JSON).
    scenario: Arc<Scenario>,
    /// What the JSON shows of each attack.
    view: View,
    /// The filters named in the JSON.
    filters: Option<Filters>,
}

impl Serialize for AttacksResult {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::{Error, SerializeSeq};
        let mut seq = serializer.serialize_seq(Some(self.attacks.len()))?;
        for a in &self.attacks {
            // One attack's names at a time, held while they are written.
            let json = self
                .attack_json(a, &mut Budget::new())
                .map_err(|e| S::Error::custom(e.to_string()))?;
            seq.serialize_element(&json)?;
        }
        seq.end()
    }
}

impl AttacksResult {
    /// The attacks for JSON (what serialising the result writes), their names held in
    /// `budget`.
    pub fn json(&self, budget: &mut Budget) -> std::result::Result<Vec<AttackJson>, Exceeded> {
        self.attacks
            .iter()
            .map(|a| self.attack_json(a, budget))
            .collect()
    }

    fn attack_json(
        &self,
        a: &Attack,
        budget: &mut Budget,
    ) -> std::result::Result<AttackJson, Exceeded> {
        attack_json(&self.scenario, a, self.view, self.filters, budget)
    }

    /// How many attacks were too large to list ([`Attack::skipped`]).
    pub fn skipped(&self) -> usize {
        self.attacks.iter().filter(|a| a.skipped.is_some()).count()
    }
}

/// The attack of the placed piece `name` on its target `to` within the horizon (by default
/// the length of its main trajectories to the target): the piece's index, the target and the
/// horizon. A piece that is not there names the field `piece`; a target that is not a point
/// or not the piece's, `to`.
pub fn attack_of(
    s: &Scenario,
    kernel: &Kernel,
    name: &str,
    to: &str,
    horizon: Option<u32>,
) -> Result<(usize, Point, u32)> {
    let piece = s
        .pieces
        .iter()
        .position(|p| p.name == name)
        .ok_or_else(|| {
            let why = if s.type_index(name).is_some() {
                format!(
                    "; `{name}` is a piece type, and a zone is of a placed piece (its attack from where it stands)"
                )
            } else {
                crate::syntax::suggest::closest(name, s.pieces.iter().map(|p| p.name.as_str()))
                    .map_or(String::new(), |n| format!(" (did you mean `{n}`?)"))
            };
            ApiError::request(
                Some("piece"),
                format!("no placed piece is named `{name}`{why}"),
            )
        })?;
    let target = s
        .board
        .parse_point(to)
        .map_err(|e| ApiError::request(Some("to"), e.to_string()))?;
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
    let distance =
        ZoneGenerator::new(s, kernel, ZoneOptions::default()).main_distance(piece, target);
    let horizon = match horizon {
        Some(h) => check_horizon(h, s)?,
        None if distance < kernel.unreachable() => distance,
        None => {
            return Err(ApiError::request(
                None,
                format!("{} cannot reach {}", p.name, s.board.name(target)),
            ));
        }
    };
    Ok((piece, target, horizon))
}

/// The horizon `horizon` if it can matter on `scenario`'s board, else an error on the field
/// `horizon`: an admissible trajectory has fewer than 2n moves on a board of n points (rule
/// S-06, docs/semantics.md decision A18), so a horizon past 2n gives no trajectory that 2n
/// does not, only larger times on the same ones, and a longer wait (99,999 on a 10x10 board
/// ran for minutes). Refused rather than clamped, since the times a zone shows depend on the
/// horizon.
pub fn check_horizon(horizon: u32, scenario: &Scenario) -> Result<u32> {
    let points = scenario.board.points().count();
    let most = 2 * points;
    if horizon as usize > most {
        return Err(ApiError::request(
            Some("horizon"),
            format!(
                "{horizon}: too large for this board of {points} points; no trajectory on it \
                 has more than {} moves (an admissible trajectory is two shortest ones), so a \
                 horizon above {most} gives no trajectory that {most} does not: give at most {most}",
                most - 1
            ),
        ));
    }
    Ok(horizon)
}

impl Workbench {
    /// The placed piece `name`, its target `to` and the horizon (by default the length of its
    /// main trajectories to the target): [`attack_of`] on the workbench's scenario.
    pub fn attack(
        &self,
        name: &str,
        to: &str,
        horizon: Option<u32>,
    ) -> Result<(usize, Point, u32)> {
        attack_of(self.scenario(), self.kernel(), name, to, horizon)
    }

    /// The zones of one attack, as `lingeo zones` gives them: the count and the bundle view
    /// (the zone network), or with `all_zones` every zone, or the one zone asked for.
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
        self.zones_by(r, None)
    }

    /// [`Workbench::zones`] by a grammar of zones of the caller's (checked with
    /// [`check_zone_grammar`]); its filters are its own.
    pub fn zones_with_grammar(&self, r: &ZonesRequest, grammar: &Grammar) -> Result<ZonesResult> {
        self.zones_by(r, Some(grammar))
    }

    /// [`Workbench::zones`] by the grammar given, or by the request's engine.
    pub fn zones_by(&self, r: &ZonesRequest, grammar: Option<&Grammar>) -> Result<ZonesResult> {
        super::request::within_time(r.time, || self.zones_within(r, grammar))
    }

    /// [`Workbench::zones_by`], within the request's time.
    fn zones_within(&self, r: &ZonesRequest, grammar: Option<&Grammar>) -> Result<ZonesResult> {
        if r.all_attacks {
            return Err(ApiError::request(
                Some("all_attacks"),
                "`all_attacks` is every attack's zones (`Workbench::attacks`), not one attack's",
            ));
        }
        r.check_with(grammar)?;
        let started = std::time::Instant::now();
        let (piece, target, horizon) = self.attack(&r.piece, &r.to, r.horizon)?;
        let (s, kernel) = (self.scenario(), self.kernel());
        let request = r.zone_request(piece, target, horizon, grammar);
        let (zones, summary) = if let Some(seed) = r.seed {
            let zone = ZoneGenerator::new(s, kernel, request.zone_options())
                .random_zone(piece, target, horizon, seed)
                .map_err(|e| zone_error(&e))?;
            let zones: Vec<Zone> = zone.into_iter().collect();
            let summary = ZoneSummary::of_zones(&zones);
            (zones, summary)
        } else if let Some(n) = r.zone {
            let (zones, _) = summarise(s, kernel, request, true)?;
            let total = zones.len();
            let zone = usize::try_from(n - 1)
                .ok()
                .and_then(|i| zones.into_iter().nth(i))
                .ok_or_else(|| {
                    ApiError::request(
                        Some("zone"),
                        format!(
                            "the language has {}",
                            crate::render::counted(total as u128, "zone", "zones")
                        ),
                    )
                })?;
            let zones = vec![zone];
            let summary = ZoneSummary::of_zones(&zones);
            (zones, summary)
        } else {
            summarise(s, kernel, request, r.all_zones)?
        };
        // The zones listed (built already: counted, not checked again), held while their
        // entries are made for the result.
        let mut held = Budget::new();
        held.keep(zones.iter().map(Zone::bytes).sum());
        let attack = Attack {
            piece,
            target,
            horizon,
            zones,
            summary,
            skipped: None,
            time_ms: started.elapsed().as_secs_f64() * 1000.0,
        };
        let json = attack_json(s, &attack, r.view(s), r.named_filters(grammar), &mut held)?;
        Ok(ZonesResult { attack, json })
    }

    /// Every attack zone of the position within the request's horizon (by default
    /// [`ALL_ATTACKS_HORIZON`]; docs/semantics.md §7.1): each attack of a piece on a target it
    /// reaches, its zones as [`Workbench::zones`] gives them (the request is read as with
    /// `all_attacks`, whether or not it says so). An attack too large to list is reported as
    /// such ([`Attack::skipped`]) and the others are still listed; `progress` hears of each
    /// attack.
    pub fn attacks(
        &self,
        r: &ZonesRequest,
        grammar: Option<&Grammar>,
        progress: &dyn crate::progress::Progress,
    ) -> Result<AttacksResult> {
        super::request::within_time(r.time, || self.attacks_within(r, grammar, progress))
    }

    /// [`Workbench::attacks`], within the request's time.
    fn attacks_within(
        &self,
        r: &ZonesRequest,
        grammar: Option<&Grammar>,
        progress: &dyn crate::progress::Progress,
    ) -> Result<AttacksResult> {
        let every = ZonesRequest {
            all_attacks: true,
            ..r.clone()
        };
        every.check_with(grammar)?;
        let r = &every;
        let horizon = check_horizon(r.horizon.unwrap_or(ALL_ATTACKS_HORIZON), self.scenario())?;
        let (s, kernel) = (self.scenario(), self.kernel());
        let pairs = ZoneGenerator::new(s, kernel, ZoneOptions::default()).attacks(horizon);
        let task = crate::progress::Task::start(progress, Some(pairs.len() as u64), "attacks");
        // The grammar is an argument, not captured, so that the closure can be shared between
        // threads where there is none.
        let attack =
            |&(piece, target): &(usize, Point), grammar: Option<&Grammar>| -> Result<Attack> {
                task.message(&format!(
                    "{} to {}",
                    s.pieces[piece].name,
                    s.board.name(target)
                ));
                let started = std::time::Instant::now();
                let request = r.zone_request(piece, target, horizon, grammar);
                // One attack too large to list does not stop the others.
                let (zones, summary, skipped) = match summarise(s, kernel, request, r.all_zones) {
                    Ok((zones, summary)) => (zones, summary, None),
                    Err(ApiError::TooLarge { cap, reason, .. }) => (
                        Vec::new(),
                        ZoneSummary::default(),
                        Some(Skipped { reason, cap }),
                    ),
                    Err(e) => return Err(e),
                };
                task.advance(1);
                Ok(Attack {
                    piece,
                    target,
                    horizon,
                    zones,
                    summary,
                    skipped,
                    time_ms: started.elapsed().as_secs_f64() * 1000.0,
                })
            };
        // The attacks are independent: spread over threads, their results come back in the
        // order of `pairs`, so the output is the same bytes on any number of threads. A
        // grammar of the caller's holds `Rc`s and cannot be shared, so it runs on this thread.
        let attacks = match grammar {
            Some(_) => pairs
                .iter()
                .map(|pair| attack(pair, grammar))
                .collect::<Result<Vec<_>>>()?,
            None => crate::parallel::map_in_order(
                r.threads(),
                &pairs,
                |_, pair| attack(pair, None),
                Result::is_err,
            )?
            .into_iter()
            .flatten()
            .collect::<Result<Vec<_>>>()?,
        };
        Ok(AttacksResult {
            attacks,
            scenario: self.shared_scenario(),
            view: r.view(self.scenario()),
            filters: r.named_filters(grammar),
        })
    }

    /// The marked times of the zones of an attack, for a picture of its bundle view: read off
    /// its zones, listed where the request's cap allows (none where it does not).
    pub fn zone_times(
        &self,
        r: &ZonesRequest,
        grammar: Option<&Grammar>,
        attack: &Attack,
    ) -> Option<Vec<Vec<(Point, i64)>>> {
        if let Some(times) = &attack.summary.times {
            return Some(times.clone());
        }
        if attack.summary.count > r.max_zones as u128 {
            return None;
        }
        let request = r.zone_request(attack.piece, attack.target, attack.horizon, grammar);
        let zones = compute(self.scenario(), self.kernel(), request).ok()?;
        Some(zone::united_times(&zones))
    }

    /// The picture (SVG) of the zones of `attacks` found by `r` (and `grammar`): the first zone
    /// where zones are listed, else the bundle view of the first attack that has zones, with
    /// its marked times where the cap allows listing them ([`Workbench::zone_times`]), else
    /// the board alone, titled so (`every_attack`: no attack of the position has zones).
    pub fn zones_picture(
        &self,
        r: &ZonesRequest,
        grammar: Option<&Grammar>,
        attacks: &[Attack],
        every_attack: bool,
    ) -> String {
        let s = self.scenario();
        match attacks.iter().find(|a| a.summary.count > 0) {
            Some(a) if r.lists_zones() => {
                let title = format!("Zone of {}", a.title(s));
                crate::svg::zone(s, &a.zones[0], &title)
            }
            Some(a) => {
                let mut summary = a.summary.clone();
                summary.times = self.zone_times(r, grammar, a);
                let title = format!(
                    "Zone of {}: bundle view of {}",
                    a.title(s),
                    count_text(&a.summary)
                );
                crate::svg::zone_bundle(s, &summary, &title)
            }
            None => {
                let title = match attacks.first() {
                    Some(a) if !every_attack => format!("No zone of {}", a.title(s)),
                    _ => "No attack zone within the horizon".to_string(),
                };
                crate::svg::zone_bundle(s, &ZoneSummary::default(), &title)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn simplified() -> Workbench {
        Workbench::load("examples/robot-zone-simplified.scenario").unwrap()
    }

    fn bomber() -> ZonesRequest {
        ZonesRequest {
            piece: "BOMBER".into(),
            to: "h1".into(),
            horizon: Some(4),
            ..ZonesRequest::default()
        }
    }

    #[test]
    fn one_zone_by_its_number_or_its_seed_is_one_of_every_zone() {
        let bench = simplified();
        let every = bench
            .zones(&ZonesRequest {
                all_zones: true,
                ..bomber()
            })
            .unwrap();
        assert_eq!(every.attack.zones.len(), 5);
        let second = bench
            .zones(&ZonesRequest {
                zone: Some(2),
                ..bomber()
            })
            .unwrap();
        assert_eq!(second.attack.zones, vec![every.attack.zones[1].clone()]);
        assert!(second.json.zones.is_some() && second.json.bundles.is_none());
        let past = bench.zones(&ZonesRequest {
            zone: Some(6),
            ..bomber()
        });
        assert!(
            matches!(&past, Err(ApiError::Request { field: Some("zone"), message }) if message == "the language has 5 zones"),
            "{past:?}"
        );
        let seeded = |seed| {
            bench
                .zones(&ZonesRequest {
                    seed: Some(seed),
                    ..bomber()
                })
                .unwrap()
                .attack
                .zones
        };
        assert_eq!(seeded(7), seeded(7));
        assert!(every.attack.zones.contains(&seeded(7)[0]));
    }

    /// The native attack a program asks for lists what `lingeo zones` lists for the same
    /// attack and filters: the recipe of the tests, benches and examples.
    #[test]
    fn a_native_attack_request_lists_the_zones_of_the_job() {
        let bench = simplified();
        let (s, k) = (bench.scenario(), bench.kernel());
        for (filters, name) in [(Filters::All, "f1+f2"), (Filters::None, "none")] {
            let job = bench
                .zones(&ZonesRequest {
                    all_zones: true,
                    filters,
                    engine: ZoneEngine::Native,
                    ..bomber()
                })
                .unwrap();
            let (p0, y0, l0) = attack_of(s, k, "BOMBER", "h1", Some(4)).unwrap();
            let zones = compute(s, k, AttackRequest::native(p0, y0, l0, filters)).unwrap();
            assert_eq!(zones, job.attack.zones, "{name}");
        }
    }

    #[test]
    fn the_bundle_view_is_the_network_of_either_engine() {
        let bench = simplified();
        let native = bench.zones(&bomber()).unwrap();
        let grammar = bench
            .zones(&ZonesRequest {
                engine: ZoneEngine::Grammar,
                ..bomber()
            })
            .unwrap();
        assert_eq!((native.count(), grammar.count()), (5, 5));
        assert!(!native.at_least());
        assert_eq!(native.attack.summary.view, grammar.attack.summary.view);
        assert!(native.attack.zones.is_empty());
    }

    #[test]
    fn every_attack_reports_the_ones_past_a_cap_and_lists_the_others() {
        let bench = Workbench::load("examples/reti.scenario").unwrap();
        let r = ZonesRequest {
            horizon: Some(4),
            all_zones: true,
            max_zones: 10,
            ..ZonesRequest::default()
        };
        let result = bench.attacks(&r, None, &crate::progress::Silent).unwrap();
        assert!(result.skipped() > 0 && result.skipped() < result.attacks.len());
        let skipped = result.attacks.iter().find(|a| a.skipped.is_some()).unwrap();
        let why = skipped.skipped.as_ref().unwrap();
        assert_eq!(
            (why.cap, why.reason.as_str()),
            (Cap::Zones, "more than 10 zones")
        );
        let json = serde_json::to_value(&result).unwrap();
        assert_eq!(json.as_array().unwrap().len(), result.attacks.len());
        // Without a horizon, every attack within the default one (issue 46, item 7: it was
        // refused, while `--help` gave a default).
        let no_horizon = bench
            .attacks(
                &ZonesRequest { horizon: None, ..r },
                None,
                &crate::progress::Silent,
            )
            .unwrap();
        assert_eq!(ALL_ATTACKS_HORIZON, 4);
        assert_eq!(serde_json::to_value(&no_horizon).unwrap(), json);
    }

    #[test]
    fn inputs_go_with_a_grammar_of_the_callers_only() {
        let bench = simplified();
        let with_inputs = ZonesRequest {
            inputs: vec![("main_time".into(), "3".into())],
            all_zones: true,
            ..bomber()
        };
        assert!(matches!(
            bench.zones(&with_inputs),
            Err(ApiError::Request {
                field: Some("inputs"),
                ..
            })
        ));
        let grammar = crate::grammar::Grammar::load(std::path::Path::new(
            "tests/grammars/zones-main-time.lgg",
        ))
        .unwrap();
        let grammar = check_zone_grammar(grammar, "zones-main-time.lgg").unwrap();
        let zones = bench.zones_with_grammar(&with_inputs, &grammar).unwrap();
        assert_eq!(zones.attack.zones.len(), 7);
        assert!(zones.attack.zones.iter().all(|z| z.entries[0].time == 7));
        assert_eq!(zones.json.filters, None);
        // Without the input it needs, the grammar says which.
        let missing = bench
            .zones_with_grammar(
                &ZonesRequest {
                    all_zones: true,
                    ..bomber()
                },
                &grammar,
            )
            .unwrap_err();
        assert!(missing.to_string().contains("main_time"), "{missing}");
    }
}
