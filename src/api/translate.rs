//! One zone of an attack carried across a sequence of moves (docs/semantics.md §7.2): after
//! each move, every symbol of the zone with its new trajectory and time, or why it was dropped.

use serde::{Deserialize, Serialize};

use super::Workbench;
use super::error::{ApiError, Result};
use super::request::{self, Request};
use super::zones::{EntryJson, Filters, MAX_ZONES, attack_of, entry_json};
use crate::board::{Point, PointError};
use crate::play::translate::{
    Fate, Outcome, TimerCase, Transition, Translation, Vanish, ZoneEnd, translate_zone,
};
use crate::scenario::Scenario;
use crate::zone::{Zone, ZoneEntry, ZoneGenerator};

/// What [`Workbench::translate`] carries: the options of `lingeo translate` and of the
/// server's `translate`, with their defaults (`Default`) and rules ([`Request::check`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct TranslateRequest {
    /// The attacking piece p0, a placed piece by name (`lingeo check` lists them); required.
    pub piece: String,
    /// The target point y0 (an opposing piece's point or a goal point of p0); required.
    pub to: String,
    /// The horizon l0: main trajectories of at most this many moves (default: the distance).
    pub horizon: Option<u32>,
    /// The filters of decision A8 on negation trajectories (docs/semantics.md §6.7): by default
    /// both, which reproduce the zones of the sources; `none` gives the literal grammar of
    /// zones (docs/semantics.md §6.3).
    pub filters: Filters,
    /// Fail rather than derive more zones than this.
    pub max_zones: usize,
    /// The zone of the language to translate, by its number in the listing of
    /// `lingeo zones --all-zones` with the same options (from 1).
    pub zone: u64,
    /// The moves, made in turn, separated by commas: each `PIECE FROM-TO`, a placed piece by
    /// name and one move by its move vectors, or by its attack vectors onto an opposing piece,
    /// which it captures (`"MISSILE d7-b5, BOMBER h5-h4"`); required.
    pub moves: String,
    /// Stop with an error after this many seconds.
    pub time: Option<f64>,
    /// Stop with an error when the translation would use more than this many MiB of memory (1
    /// to 2^30): structures as large as the board are refused beforehand when they would not
    /// fit, and listings and the printed output stop where they would pass it.
    pub max_memory: u64,
}

impl Default for TranslateRequest {
    fn default() -> Self {
        TranslateRequest {
            piece: String::new(),
            to: String::new(),
            horizon: None,
            filters: Filters::All,
            max_zones: MAX_ZONES,
            zone: 1,
            moves: String::new(),
            time: None,
            max_memory: request::DEFAULT_MEMORY_MIB,
        }
    }
}

impl Request for TranslateRequest {
    const JOB: &'static str = "translate";

    fn check(&self) -> Result<()> {
        for (field, value, what) in [
            ("piece", &self.piece, "the attacking piece"),
            ("to", &self.to, "the target point"),
            (
                "moves",
                &self.moves,
                "the moves, `PIECE FROM-TO` separated by commas",
            ),
        ] {
            if value.trim().is_empty() {
                return Err(ApiError::request(
                    Some(field),
                    format!("`{field}` ({what}) is required"),
                ));
            }
        }
        if self.zone == 0 {
            return Err(ApiError::request(
                Some("zone"),
                "`zone`: zones are numbered from 1",
            ));
        }
        request::check_time(self.time)?;
        request::check_max_memory(self.max_memory)
    }
}

/// One move made: its text, the state before it, where the piece went, the pieces it
/// captured, and the zone before it with its translation (none once the zone has ended).
#[derive(Clone, Debug)]
pub struct Step {
    /// `MISSILE d7-b5`.
    pub text: String,
    /// The state before the move.
    pub before: Scenario,
    /// The point the piece moved to.
    pub to: String,
    /// The pieces it captured, by name.
    pub captured: Vec<String>,
    /// The zone before the move (empty once it has ended).
    pub zone: Vec<ZoneEntry>,
    /// What became of the zone (none once it has ended before the move).
    pub translation: Option<Translation>,
}

/// A zone translated across the moves; serialised, what `lingeo translate --json` prints.
#[derive(Clone, Debug)]
pub struct TranslationResult {
    /// The scenario before the moves.
    pub scenario: Scenario,
    /// The attacking piece.
    pub piece: usize,
    /// Its target.
    pub target: Point,
    /// The horizon.
    pub horizon: u32,
    /// The filters of the language.
    pub filters: Filters,
    /// The zone before the moves.
    pub zone: Zone,
    /// Its number in the language.
    pub number: u64,
    /// How many zones the language has.
    pub count: usize,
    /// The moves made.
    pub steps: Vec<Step>,
    /// The state after the last move.
    pub end: Scenario,
    /// The zone after the last move, none where it has ended.
    pub last: Option<Zone>,
    /// It for JSON.
    pub json: TranslateJson,
}

impl Serialize for TranslationResult {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.json.serialize(serializer)
    }
}

impl TranslationResult {
    /// The state after move `i` (the one before move `i + 1`, or the end).
    pub fn after(&self, i: usize) -> &Scenario {
        self.steps.get(i + 1).map_or(&self.end, |next| &next.before)
    }

    /// The picture (SVG) of the zone after the last move, or of the board where it has ended,
    /// titled with the attack (`piece`, as the request named it) and the moves.
    pub fn end_picture(&self, piece: &str) -> String {
        let moves: Vec<&str> = self.steps.iter().map(|s| s.text.as_str()).collect();
        let state = &self.end;
        let attack = format!("{piece} -> {}", state.board.name(self.target));
        match &self.last {
            Some(z) => crate::svg::zone(
                state,
                z,
                &format!("Zone of {attack} after {}", moves.join(", ")),
            ),
            None => crate::svg::zone_bundle(
                state,
                &Default::default(),
                &format!("No zone of {attack} left after {}", moves.join(", ")),
            ),
        }
    }
}

impl Workbench {
    /// The zone `r.zone` of the attack of `r.piece` on `r.to`, carried across `r.moves`.
    ///
    /// ```
    /// use lingeo::api::{TranslateRequest, Workbench};
    /// let bench = Workbench::load("examples/robot-zone-full.scenario").unwrap();
    /// let carried = bench
    ///     .translate(&TranslateRequest {
    ///         piece: "BOMBER".into(),
    ///         to: "h1".into(),
    ///         zone: 9,
    ///         moves: "MISSILE d7-b5, BOMBER h5-h4".into(),
    ///         ..TranslateRequest::default()
    ///     })
    ///     .unwrap();
    /// assert_eq!(carried.steps.len(), 2);
    /// assert_eq!(carried.json.moves[1].timer, Some(1)); // the main trajectory shortened
    /// ```
    pub fn translate(&self, r: &TranslateRequest) -> Result<TranslationResult> {
        r.check()?;
        request::within_time(r.time, || self.translate_within(r))
    }

    /// [`Workbench::translate`], within the request's time.
    fn translate_within(&self, r: &TranslateRequest) -> Result<TranslationResult> {
        let (scenario, kernel) = (self.scenario(), self.kernel());
        let (piece, target, horizon) = attack_of(scenario, kernel, &r.piece, &r.to, r.horizon)?;
        let zones = ZoneGenerator::new(scenario, kernel, r.filters.zone_options(r.max_zones))
            .zones(piece, target, horizon)
            .map_err(|e| super::zones::zone_error(&e))?;
        let count = zones.len();
        let Some(first) = usize::try_from(r.zone - 1)
            .ok()
            .and_then(|i| zones.into_iter().nth(i))
        else {
            return Err(ApiError::request(
                Some("zone"),
                format!(
                    "the language has {}",
                    crate::render::counted(count as u128, "zone", "zones")
                ),
            ));
        };
        let mut state = scenario.clone();
        let mut zone = Some(first.clone());
        let mut steps: Vec<Step> = Vec::new();
        for (i, text) in r.moves.split(',').map(str::trim).enumerate() {
            let fail = |field, why: String| {
                ApiError::request(Some(field), format!("move {}, `{text}`: {why}", i + 1))
            };
            if text.is_empty() {
                return Err(ApiError::request(
                    Some("moves"),
                    format!("move {} is empty (moves are separated by commas)", i + 1),
                ));
            }
            let transition =
                parse_move(&state, text, &steps).map_err(|(field, why)| fail(field, why))?;
            transition
                .check(&state, &state.kernel())
                .map_err(|e| fail("moves", e.to_string()))?;
            let moved = transition
                .apply(&state)
                .map_err(|e| fail("moves", e.to_string()))?;
            let translation = zone
                .as_ref()
                .map(|z| translate_zone(z, &transition, &moved));
            let captured = moved
                .captured
                .iter()
                .map(|&q| state.pieces[q].name.clone())
                .collect();
            let before_zone = match (&translation, zone.take()) {
                (Some(t), Some(z)) => {
                    if let Outcome::Zone(next) = &t.outcome {
                        zone = Some(next.clone());
                    }
                    z.entries
                }
                _ => Vec::new(),
            };
            steps.push(Step {
                text: move_text(&state, &transition),
                to: state.board.name(transition.to).to_string(),
                before: std::mem::replace(&mut state, moved.scenario),
                captured,
                zone: before_zone,
                translation,
            });
        }
        let mut result = TranslationResult {
            scenario: scenario.clone(),
            piece,
            target,
            horizon,
            filters: r.filters,
            zone: first,
            number: r.zone,
            count,
            steps,
            end: state,
            last: zone,
            json: TranslateJson::default(),
        };
        result.json = json(&result);
        Ok(result)
    }
}

/// `MISSILE d7-b5`
fn move_text(s: &Scenario, t: &Transition) -> String {
    format!(
        "{} {}-{}",
        s.pieces[t.piece].name,
        s.board.name(t.from),
        s.board.name(t.to)
    )
}

/// A move `PIECE FROM-TO` in the state `s`; `steps`, the moves made before, name the move that
/// captured a piece no longer there. An error names the field at fault: `moves`, or
/// `move_piece` where no placed piece has the move's name.
fn parse_move(
    s: &Scenario,
    text: &str,
    steps: &[Step],
) -> std::result::Result<Transition, (&'static str, String)> {
    let usage = || {
        (
            "moves",
            "a move is written PIECE FROM-TO, as in `MISSILE d7-b5`".to_string(),
        )
    };
    let mut words = text.split_whitespace();
    let (Some(name), Some(squares), None) = (words.next(), words.next(), words.next()) else {
        return Err(usage());
    };
    let Some(piece) = s.pieces.iter().position(|p| p.name == name) else {
        if let Some(k) = steps
            .iter()
            .position(|st| st.captured.iter().any(|c| c == name))
        {
            return Err((
                "moves",
                format!("{name} was captured by move {}, {}", k + 1, steps[k].text),
            ));
        }
        let hint = crate::syntax::suggest::closest(name, s.pieces.iter().map(|p| p.name.as_str()))
            .map_or(String::new(), |n| format!(" (did you mean `{n}`?)"));
        return Err((
            "move_piece",
            format!("no placed piece is named `{name}`{hint}"),
        ));
    };
    // Point names of graph boards may hold a `-`: split where both sides are points, and
    // otherwise report the first side that is not.
    let splits: Vec<(&str, &str)> = squares
        .match_indices('-')
        .map(|(i, _)| (&squares[..i], &squares[i + 1..]))
        .collect();
    if splits.is_empty() {
        return Err(usage());
    }
    let parse = |(a, b): (&str, &str)| -> std::result::Result<(Point, Point), PointError> {
        Ok((s.board.parse_point(a)?, s.board.parse_point(b)?))
    };
    let (from, to) = splits
        .iter()
        .find_map(|&split| parse(split).ok())
        .map_or_else(|| parse(splits[0]), Ok)
        .map_err(|e| ("moves", e.to_string()))?;
    Ok(Transition { piece, from, to })
}

/// Why the zone ended at `step`, in the names of the state before it.
pub fn end_text(step: &Step, end: ZoneEnd) -> String {
    let main = &step.zone[0];
    let p0 = &step.before.pieces[main.piece].name;
    let y0 = step
        .before
        .board
        .name(*main.trajectory.last().expect("stops"));
    match end {
        ZoneEnd::MainMovedOff => format!("{p0} moved off its main trajectory"),
        ZoneEnd::MainCaptured => format!("{p0} was captured"),
        ZoneEnd::TargetReached => format!("{p0} reached {y0}, the end of its main trajectory"),
        ZoneEnd::TargetGone => format!("{y0} is no longer a target of {p0}"),
    }
}

/// What became of one symbol of the zone at a move.
#[derive(Clone, Debug, Serialize)]
pub struct SymbolJson {
    /// The symbol before the move.
    pub before: EntryJson,
    /// `kept`, `too short`, `moved off`, `reached`, `captured`, `disconnected`, `zone ended`.
    pub fate: &'static str,
    /// Whether its trajectory was shortened.
    pub shortened: bool,
    /// The new length, where the symbol is connected.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub length: Option<u32>,
    /// The new time, where the symbol is connected.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time: Option<i64>,
    /// The symbol after the move, where it is kept.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub after: Option<EntryJson>,
}

/// One move and what became of the zone.
#[derive(Clone, Debug, Serialize)]
pub struct MoveJson {
    /// The move.
    #[serde(rename = "move")]
    pub text: String,
    /// The pieces it captured.
    pub captured: Vec<String>,
    /// The timer's case (1, 2 or 3), null where no zone was left to translate.
    pub timer: Option<u8>,
    /// Why the zone ended at this move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ended: Option<String>,
    /// Each symbol of the zone before the move.
    pub symbols: Vec<SymbolJson>,
    /// The zone after the move, null once it has ended.
    pub zone: Option<Vec<EntryJson>>,
}

/// A translation for JSON.
#[derive(Clone, Debug, Default, Serialize)]
pub struct TranslateJson {
    /// The attacking piece.
    pub piece: String,
    /// Where it stands.
    pub from: String,
    /// The target.
    pub to: String,
    /// The horizon.
    pub horizon: u32,
    /// The filters of the language (`f1+f2`, as the listing names them).
    #[serde(serialize_with = "Filters::serialize_label")]
    pub filters: Filters,
    /// The zone's number in the language.
    pub zone: u64,
    /// How many zones the language has.
    pub count: usize,
    /// The zone before the moves.
    pub before: Vec<EntryJson>,
    /// The moves.
    pub moves: Vec<MoveJson>,
}

fn json(r: &TranslationResult) -> TranslateJson {
    let s = &r.scenario;
    let moves = r
        .steps
        .iter()
        .enumerate()
        .map(|(i, step)| {
            let after = r.after(i);
            let Some(t) = &step.translation else {
                return MoveJson {
                    text: step.text.clone(),
                    captured: step.captured.clone(),
                    timer: None,
                    ended: None,
                    symbols: Vec::new(),
                    zone: None,
                };
            };
            let zone = match &t.outcome {
                Outcome::Zone(z) => Some(z),
                Outcome::Ended(_) => None,
            };
            let symbols = step
                .zone
                .iter()
                .zip(&t.fates)
                .map(|(old, fate)| {
                    let (name, shortened, length, time) = match *fate {
                        Fate::Kept {
                            shortened,
                            length,
                            time,
                            ..
                        } => ("kept", shortened, Some(length), Some(i64::from(time))),
                        Fate::TooShort {
                            shortened,
                            length,
                            time,
                        } => ("too short", shortened, Some(length), Some(time)),
                        Fate::Vanished(Vanish::MovedOff) => ("moved off", false, None, None),
                        Fate::Vanished(Vanish::Reached) => ("reached", false, None, None),
                        Fate::Vanished(Vanish::Captured) => ("captured", false, None, None),
                        Fate::Disconnected => ("disconnected", false, None, None),
                        Fate::ZoneEnded => ("zone ended", false, None, None),
                    };
                    let after_entry = match (fate, zone) {
                        (Fate::Kept { index, .. }, Some(z)) => {
                            Some(entry_json(after, &z.entries[*index]))
                        }
                        _ => None,
                    };
                    SymbolJson {
                        before: entry_json(&step.before, old),
                        fate: name,
                        shortened,
                        length,
                        time,
                        after: after_entry,
                    }
                })
                .collect();
            MoveJson {
                text: step.text.clone(),
                captured: step.captured.clone(),
                timer: Some(match t.timer {
                    TimerCase::MainShortened => 1,
                    TimerCase::OtherShortened => 2,
                    TimerCase::NothingShortened => 3,
                }),
                ended: match t.outcome {
                    Outcome::Ended(e) => Some(end_text(step, e)),
                    Outcome::Zone(_) => None,
                },
                symbols,
                zone: zone.map(|z| z.entries.iter().map(|e| entry_json(after, e)).collect()),
            }
        })
        .collect();
    TranslateJson {
        piece: s.pieces[r.piece].name.clone(),
        from: s.board.name(s.pieces[r.piece].at).to_string(),
        to: s.board.name(r.target).to_string(),
        horizon: r.horizon,
        filters: r.filters,
        zone: r.number,
        count: r.count,
        before: r.zone.entries.iter().map(|e| entry_json(s, e)).collect(),
        moves,
    }
}
