//! Patterns, fuzzy patterns and zones side by side on one position: the measurements behind
//! `examples/compare_engines.rs` and `benches/patterns.rs` (issue 5, the MAICS paper's claim
//! that fuzzy patterns are far fewer and quicker than patterns and LG zones).
//!
//! For every ordered pair (x, y) of opposing pieces where x can attack y (attack-ability,
//! docs/semantics.md §11.1) at distance d:
//! - the number of patterns (docs/semantics.md §11.3), counted without listing the options;
//! - the number of fuzzy patterns (docs/semantics.md §11.4; one per pair, computed, not
//!   assumed);
//! - for the pairs with d at most the zone horizon, the zones of x attacking y's point within
//!   d moves (filters F1 and F2 of decision A8, docs/semantics.md §6.7), by the native
//!   generator and, optionally, by `grammars/zones-filtered.lgg`, whose counts must agree;
//! - whether the shortest paths by combining tables (docs/semantics.md §11.2) equal the language of
//!   `grammars/shortest-trajectories.lgg`, where x reaches y's point by moves;
//! - the wall-clock time of each of these per pair ([`PairTimes`]), and their sums per position
//!   ([`Times`]). Times differ from run to run: the tests look at the counts only.

use std::fmt;
use std::time::{Duration, Instant};

use crate::abilities::{Mover, reach, shortest_paths};
use crate::chart::{BarChart, Series};
use crate::fuzzy::fuzzy_pattern;
use crate::grammar::value::Value;
use crate::grammar::world::World;
use crate::grammar::{Grammar, Limits};
use crate::kernel::Kernel;
use crate::pattern;
use crate::progress::{Progress, Task};
use crate::scenario::Scenario;
use crate::zone::{ZoneError, ZoneGenerator, ZoneOptions};

/// What to compare and where to stop.
#[derive(Clone, Copy, Debug)]
pub struct CompareOptions {
    /// The horizon of the interacting pieces of patterns and fuzzy patterns (moves).
    pub horizon: u32,
    /// Zones are generated for the pairs at most this many moves apart.
    pub zone_horizon: u32,
    /// The most zones generated for one pair (both engines).
    pub max_zones: usize,
    /// Above this many main paths a pair's pattern count is only bounded below.
    pub max_main_paths: u128,
    /// Also run the zone grammar.
    pub grammar: bool,
}

impl Default for CompareOptions {
    fn default() -> Self {
        CompareOptions {
            horizon: 1,
            zone_horizon: 2,
            max_zones: 1000,
            max_main_paths: 10_000_000,
            grammar: true,
        }
    }
}

/// A count that may have stopped at a cap, over pairs some of which may have hit a limit of the
/// grammar engine (steps, sentences) before finishing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Count {
    /// The count (or the lower bound, where `capped`).
    pub n: u128,
    /// `n` is a lower bound.
    pub capped: bool,
    /// Pairs left out because an engine stopped at one of its limits.
    pub unfinished: u32,
}

impl Count {
    /// A count that is exact and complete.
    pub fn exact(n: u128) -> Count {
        Count {
            n,
            ..Count::default()
        }
    }

    /// Adds `other` in: the sums, a lower bound if either is one, the unfinished pairs together.
    pub fn add(&mut self, other: Count) {
        self.n += other.n;
        self.capped |= other.capped;
        self.unfinished += other.unfinished;
    }
}

impl fmt::Display for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.capped {
            write!(f, ">={}", self.n)?;
        } else {
            write!(f, "{}", self.n)?;
        }
        if self.unfinished > 0 {
            write!(f, " ({} unfinished)", self.unfinished)?;
        }
        Ok(())
    }
}

/// The measurements of one ordered pair.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairRow {
    /// The attacking piece x (an index into the scenario's pieces).
    pub from: usize,
    /// The attacked piece y.
    pub to: usize,
    /// The attack distance of x to y.
    pub distance: u32,
    /// The patterns of the pair (docs/semantics.md §11.3).
    pub patterns: Count,
    /// The fuzzy patterns of the pair: 1 where x has one against y, else 0.
    pub fuzzy_patterns: u128,
    /// `None` when the pair is beyond the zone horizon.
    pub zones_native: Option<Count>,
    /// `None` beyond the zone horizon or when the grammar is not run.
    pub zones_grammar: Option<Count>,
    /// Whether combined tables and the grammar give the same shortest paths (`None`: x does
    /// not reach y's point by moves).
    pub paths_agree: Option<bool>,
    /// What each measurement of the pair took (not deterministic: leave it out of snapshots).
    pub times: PairTimes,
}

/// The wall-clock time of each computation of one pair (one run each); `None` where the
/// computation was not made (the same cases as the counts' `None`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PairTimes {
    /// Counting the patterns.
    pub patterns: Duration,
    /// Computing the fuzzy pattern.
    pub fuzzy: Duration,
    /// The native generator's zones.
    pub zones_native: Option<Duration>,
    /// The zone grammar's zones.
    pub zones_grammar: Option<Duration>,
    /// The combined-tables check: reach-ability, the grammar's language and the combined
    /// tables' shortest paths.
    pub paths: Option<Duration>,
}

/// The time each computation took over all the pairs of a position (one run each): the sums
/// of the pairs' [`PairTimes`].
#[derive(Clone, Copy, Debug, Default)]
pub struct Times {
    /// Counting the patterns.
    pub patterns: Duration,
    /// Computing the fuzzy patterns.
    pub fuzzy: Duration,
    /// The native generator's zones.
    pub zones_native: Duration,
    /// The zone grammar's zones.
    pub zones_grammar: Duration,
    /// The combined-tables checks.
    pub paths: Duration,
}

impl Times {
    /// Adds one pair's times (a computation not made adds nothing).
    pub fn add(&mut self, pair: &PairTimes) {
        self.patterns += pair.patterns;
        self.fuzzy += pair.fuzzy;
        self.zones_native += pair.zones_native.unwrap_or_default();
        self.zones_grammar += pair.zones_grammar.unwrap_or_default();
        self.paths += pair.paths.unwrap_or_default();
    }
}

/// Why a comparison stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompareError(pub String);

impl fmt::Display for CompareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for CompareError {}

fn err(e: impl fmt::Display) -> CompareError {
    CompareError(e.to_string())
}

/// The two shipped grammars a comparison runs.
pub struct Comparer {
    zones: Grammar,
    paths: Grammar,
}

impl Comparer {
    /// The comparer with the shipped zone and shortest-trajectory grammars, parsed once.
    pub fn new() -> Result<Comparer, CompareError> {
        Ok(Comparer {
            zones: Grammar::shipped("zones-filtered").map_err(err)?,
            paths: Grammar::shipped("shortest-trajectories").map_err(err)?,
        })
    }

    /// Every ordered opposing pair of the position where the first can attack the second, in
    /// piece order. `progress` is told of each ordered pair considered (a task of n² steps,
    /// `"pairs"`, n the number of pieces);
    /// `on_note` receives a line whenever the zone grammar stops at a limit (the pair is then
    /// counted as unfinished, not as a disagreement).
    pub fn pairs(
        &self,
        scenario: &Scenario,
        kernel: &Kernel,
        options: CompareOptions,
        progress: &dyn Progress,
        on_note: &mut dyn FnMut(String),
    ) -> Result<(Vec<PairRow>, Times), CompareError> {
        let pieces = &scenario.pieces;
        let mut world = World::new(scenario, kernel);
        let mut times = Times::default();
        let mut out = Vec::new();
        let n = pieces.len() as u64;
        let task = Task::start(progress, Some(n * n), "pairs");
        for x in 0..pieces.len() {
            for y in 0..pieces.len() {
                task.advance(1);
                if pieces[x].side == pieces[y].side {
                    continue;
                }
                let Some(distance) = pattern::attack_distance(scenario, kernel, x, y) else {
                    continue;
                };
                let mut pair_times = PairTimes::default();
                let t = Instant::now();
                let counted = pattern::count(
                    scenario,
                    kernel,
                    x,
                    y,
                    options.horizon,
                    options.max_main_paths,
                    &mut crate::budget::Budget::new(),
                )
                .map_err(err)?;
                let patterns = match counted.patterns {
                    Some(n) => Count::exact(n),
                    None => Count {
                        n: counted.main_paths,
                        capped: true,
                        unfinished: 0,
                    },
                };
                pair_times.patterns = t.elapsed();
                let t = Instant::now();
                let fuzzy = fuzzy_pattern(
                    scenario,
                    kernel,
                    x,
                    y,
                    options.horizon,
                    &scenario.length_terms,
                );
                pair_times.fuzzy = t.elapsed();

                let (mut zones_native, mut zones_grammar) = (None, None);
                if distance <= options.zone_horizon {
                    let t = Instant::now();
                    let native = self.native_zones(scenario, kernel, options, x, y, distance)?;
                    pair_times.zones_native = Some(t.elapsed());
                    zones_native = Some(native);
                    if options.grammar {
                        let t = Instant::now();
                        let grammar = self.grammar_zones(
                            &world, scenario, options, x, y, distance, native, on_note,
                        )?;
                        pair_times.zones_grammar = Some(t.elapsed());
                        zones_grammar = Some(grammar);
                    }
                }
                let t = Instant::now();
                let paths_agree = self.paths_agree(&mut world, scenario, kernel, x, y)?;
                pair_times.paths = paths_agree.is_some().then(|| t.elapsed());
                times.add(&pair_times);
                out.push(PairRow {
                    from: x,
                    to: y,
                    distance,
                    patterns,
                    fuzzy_patterns: u128::from(fuzzy.is_some()),
                    zones_native,
                    zones_grammar,
                    paths_agree,
                    times: pair_times,
                });
            }
        }
        Ok((out, times))
    }

    fn native_zones(
        &self,
        scenario: &Scenario,
        kernel: &Kernel,
        options: CompareOptions,
        x: usize,
        y: usize,
        distance: u32,
    ) -> Result<Count, CompareError> {
        let zone_options = ZoneOptions {
            f1: true,
            f2: true,
            max_zones: options.max_zones,
            ..ZoneOptions::default()
        };
        match ZoneGenerator::new(scenario, kernel, zone_options).zones(
            x,
            scenario.pieces[y].at,
            distance,
        ) {
            Ok(z) => Ok(Count::exact(z.len() as u128)),
            Err(ZoneError::TooMany { limit }) => Ok(Count {
                n: limit as u128,
                capped: true,
                unfinished: 0,
            }),
            Err(e) => Err(err(e)),
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn grammar_zones(
        &self,
        world: &World<'_>,
        scenario: &Scenario,
        options: CompareOptions,
        x: usize,
        y: usize,
        distance: u32,
        native: Count,
        on_note: &mut dyn FnMut(String),
    ) -> Result<Count, CompareError> {
        let pieces = &scenario.pieces;
        let start = [
            Value::Point(pieces[x].at),
            Value::Point(pieces[y].at),
            Value::Int(i64::from(distance)),
        ];
        let limits = Limits {
            max_sentences: options.max_zones,
            ..Limits::default()
        };
        let grammar =
            match self
                .zones
                .derive_stream(world, &[Value::Piece(x as u32)], &start, limits, None)
            {
                // Counted off the stream: no zone is built.
                Ok(language) => Count::exact(language.len() as u128),
                // Both engines stopped at the cap.
                Err(_) if native.capped => native,
                Err(e) => {
                    on_note(format!(
                        "{} -> {}: the zone grammar stopped: {}",
                        pieces[x].name,
                        pieces[y].name,
                        e.to_string().lines().next().unwrap_or_default()
                    ));
                    return Ok(Count {
                        unfinished: 1,
                        ..Count::default()
                    });
                }
            };
        if grammar != native {
            return Err(CompareError(format!(
                "the zone engines disagree on {} -> {}: native {native}, grammar {grammar}",
                pieces[x].name, pieces[y].name,
            )));
        }
        Ok(grammar)
    }

    fn paths_agree(
        &self,
        world: &mut World<'_>,
        scenario: &Scenario,
        kernel: &Kernel,
        x: usize,
        y: usize,
    ) -> Result<Option<bool>, CompareError> {
        let (px, py) = (&scenario.pieces[x], &scenario.pieces[y]);
        let mover = Mover::new(kernel, &scenario.types, px.type_index, px.side);
        let Some(l) = reach(kernel, mover, px.at)[py.at.index()].filter(|&d| d > 0) else {
            return Ok(None);
        };
        let inputs = self
            .paths
            .bind_inputs(world, &[], Some((&px.name, None)))
            .map_err(err)?;
        let start = [
            Value::Point(px.at),
            Value::Point(py.at),
            Value::Int(i64::from(l)),
        ];
        let language = self
            .paths
            .derive(world, &inputs, &start, Limits::default(), None)
            .map_err(err)?;
        let by_grammar = language.trajectories().ok_or_else(|| {
            CompareError("the shortest-trajectory grammar derived a non-trajectory".into())
        })?;
        let native = shortest_paths(
            kernel,
            mover,
            px.at,
            py.at,
            &mut crate::budget::Budget::new(),
        )
        .map_err(err)?;
        Ok(Some(by_grammar == native))
    }
}

/// Patterns against fuzzy patterns (and zones, where generated) per pair, like the paper's
/// Figure 14, on a log scale.
pub fn figure14(name: &str, scenario: &Scenario, rows: &[PairRow]) -> BarChart {
    let pieces = &scenario.pieces;
    let mut series = vec![
        Series {
            name: "patterns".into(),
            values: rows.iter().map(|p| p.patterns.n as f64).collect(),
        },
        Series {
            name: "fuzzy patterns".into(),
            values: rows.iter().map(|p| p.fuzzy_patterns as f64).collect(),
        },
    ];
    let zones = rows.iter().any(|p| p.zones_native.is_some());
    if zones {
        series.push(Series {
            name: "zones (where generated)".into(),
            values: rows
                .iter()
                .map(|p| p.zones_native.map_or(f64::NAN, |c| c.n as f64))
                .collect(),
        });
    }
    // Under each pair: which of its bars are lower bounds (a cap was reached) and whether its
    // zones were not generated (no bar is not zero zones).
    let notes: Vec<String> = rows
        .iter()
        .map(|p| {
            let mut marks = Vec::new();
            if p.patterns.capped {
                marks.push("patterns ≥");
            }
            match p.zones_native {
                Some(c) if c.capped => marks.push("zones ≥"),
                None if zones => marks.push("no zones made"),
                _ => {}
            }
            marks.join(", ")
        })
        .collect();
    let mut caption = vec![format!(
        "{} of opposing pieces where the first can attack the second.",
        crate::render::counted(rows.len() as u128, "ordered pair", "ordered pairs")
    )];
    if notes.iter().any(|n| n.contains('≥')) {
        caption.push("≥: the count is a lower bound (the pair reached a cap).".into());
    }
    if notes.iter().any(|n| n.contains("no zones")) {
        caption.push(
            "no zones made: the pair is beyond the zone horizon (no bar: not zero zones).".into(),
        );
    }
    BarChart {
        title: format!("Patterns and fuzzy patterns per pair: {name}"),
        y_label: "count (log scale)".into(),
        categories: rows
            .iter()
            .map(|p| format!("{}→{}", pieces[p.from].name, pieces[p.to].name))
            .collect(),
        series,
        log_scale: true,
        notes,
        caption,
        compact: rows.len() > 24,
    }
}
