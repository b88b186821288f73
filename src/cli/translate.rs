//! `lingeo translate`: one zone of an attack carried across a sequence of moves
//! (docs/semantics.md §7.2): after each move, every symbol of the zone with its new trajectory and
//! time, or why it was dropped.

use std::path::PathBuf;

use clap::Args;
use lingeo::board::{Point, PointName};
use lingeo::play::translate::{
    Fate, Outcome, TimerCase, Transition, Translation, Vanish, ZoneEnd, translate_zone,
};
use lingeo::render;
use lingeo::scenario::Scenario;
use lingeo::zone::{Zone, ZoneEntry, ZoneGenerator};
use serde::Serialize;

use super::CliError;
use super::setup;
use super::zones::{FiltersArg, LanguageArgs, resolve_attack, symbol};
use lingeo::api::zones::{EntryJson, entry_json};

#[derive(Args, Debug)]
pub struct TranslateArgs {
    /// The scenario file.
    pub scenario: PathBuf,
    /// The attacking piece p0, a placed piece by name (`lingeo check` lists them).
    #[arg(long)]
    pub piece: String,
    /// The target point y0 (an opposing piece's point or a goal point of p0).
    #[arg(long)]
    pub to: String,
    /// The horizon l0: main trajectories of at most this many moves (default: the distance).
    #[arg(long, value_parser = clap::value_parser!(u32).range(..=10_000_000))]
    pub horizon: Option<u32>,
    #[command(flatten)]
    pub language: LanguageArgs,
    /// The zone of the language to translate, by its number in the listing of
    /// `lingeo zones --all-zones` with the same options.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    pub zone: u64,
    /// The moves, made in turn, separated by commas: each `PIECE FROM-TO`, a placed piece by
    /// name and one move by its move vectors, or by its attack vectors onto an opposing piece,
    /// which it captures (`"MISSILE d7-b5, BOMBER h5-h4"`).
    #[arg(long)]
    pub moves: String,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
    /// Also draw the zone after the last move as SVG into this file (the board alone, titled
    /// so, where the zone has ended).
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    #[command(flatten)]
    pub memory: super::limits::MemoryArg,
}

/// One move made: its text, the state before it, where the piece went, the pieces it captured,
/// and the zone before it with its translation (none once the zone has ended).
struct Step {
    text: String,
    before: Scenario,
    to: String,
    captured: Vec<String>,
    zone: Vec<ZoneEntry>,
    translation: Option<Translation>,
}

/// The attack and the zone translated.
struct Run {
    scenario: Scenario,
    piece: usize,
    target: Point,
    horizon: u32,
    filters: FiltersArg,
    zone: Zone,
    /// Its number in the language, and how many the language has.
    number: u64,
    count: usize,
}

pub fn run(args: &TranslateArgs) -> Result<String, CliError> {
    let scenario = setup::load(&args.scenario)?;
    let kernel = setup::kernel(&scenario, &[])?;
    let (piece, target, horizon) =
        resolve_attack(&scenario, &kernel, &args.piece, &args.to, args.horizon)?;
    let zones = ZoneGenerator::new(&scenario, &kernel, args.language.zone_options())
        .zones(piece, target, horizon)?;
    let count = zones.len();
    let Some(zone) = usize::try_from(args.zone - 1)
        .ok()
        .and_then(|i| zones.into_iter().nth(i))
    else {
        return Err(CliError(format!(
            "--zone {}: the language has {}",
            args.zone,
            render::counted(count as u128, "zone", "zones")
        )));
    };
    let run = Run {
        scenario,
        piece,
        target,
        horizon,
        filters: args.language.filters,
        zone,
        number: args.zone,
        count,
    };

    let mut state = run.scenario.clone();
    let mut zone = Some(run.zone.clone());
    let mut steps: Vec<Step> = Vec::new();
    for (i, text) in args.moves.split(',').map(str::trim).enumerate() {
        let fail = |why: String| CliError(format!("--moves: move {}, `{text}`: {why}", i + 1));
        if text.is_empty() {
            return Err(CliError(format!(
                "--moves: move {} is empty (moves are separated by commas)",
                i + 1
            )));
        }
        let transition = parse_move(&state, text, &steps).map_err(fail)?;
        transition
            .check(&state, &state.kernel())
            .map_err(|e| fail(e.to_string()))?;
        let moved = transition.apply(&state).map_err(|e| fail(e.to_string()))?;
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

    if let Some(path) = &args.svg {
        let moves: Vec<&str> = steps.iter().map(|s| s.text.as_str()).collect();
        let attack = format!("{} -> {}", args.piece, state.board.name(target));
        let picture = match &zone {
            Some(z) => lingeo::svg::zone(
                &state,
                z,
                &format!("Zone of {attack} after {}", moves.join(", ")),
            ),
            None => lingeo::svg::zone_bundle(
                &state,
                &Default::default(),
                &format!("No zone of {attack} left after {}", moves.join(", ")),
            ),
        };
        super::files::write("--svg", path, picture)?;
    }
    if args.json {
        return json(&run, &steps, &state);
    }
    Ok(text(&run, &steps, &state))
}

/// The zone before the moves, then per move what became of each of its symbols.
fn text(run: &Run, steps: &[Step], end: &Scenario) -> String {
    let s = &run.scenario;
    let p = &s.pieces[run.piece];
    let mut out = format!(
        "Zone {} of {} of {} ({} {}) from {} to {} within {} (filters: {}; native generator):\n",
        run.number,
        run.count,
        p.name,
        p.side,
        s.types[p.type_index].name,
        s.board.name(p.at),
        s.board.name(run.target),
        render::counted(run.horizon.into(), "move", "moves"),
        run.filters.label(),
    );
    let rows: Vec<[String; 2]> = run
        .zone
        .entries
        .iter()
        .map(|e| [format!("level {}", e.level), entry_symbol(s, e)])
        .collect();
    out.push_str(&columns(&rows));
    for (i, step) in steps.iter().enumerate() {
        out.push_str(&format!("Move {}, {}", i + 1, step.text));
        if !step.captured.is_empty() {
            out.push_str(&format!(" (captures {})", step.captured.join(" and ")));
        }
        let after = steps.get(i + 1).map_or(end, |next| &next.before);
        match &step.translation {
            None => out.push_str(": no zone left\n"),
            Some(t) => out.push_str(&translation_text(step, after, t)),
        }
    }
    out
}

fn entry_symbol(s: &Scenario, e: &ZoneEntry) -> String {
    symbol(s, e.piece, &e.trajectory, e.time)
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
/// captured a piece no longer there.
fn parse_move(s: &Scenario, text: &str, steps: &[Step]) -> Result<Transition, String> {
    let usage = "a move is written PIECE FROM-TO, as in `MISSILE d7-b5`";
    let mut words = text.split_whitespace();
    let (Some(name), Some(squares), None) = (words.next(), words.next(), words.next()) else {
        return Err(usage.to_string());
    };
    let Some(piece) = s.pieces.iter().position(|p| p.name == name) else {
        if let Some(k) = steps
            .iter()
            .position(|st| st.captured.iter().any(|c| c == name))
        {
            return Err(format!(
                "{name} was captured by move {}, {}",
                k + 1,
                steps[k].text
            ));
        }
        let hint = lingeo::syntax::suggest::closest(name, s.pieces.iter().map(|p| p.name.as_str()))
            .map_or(String::new(), |n| format!(" (did you mean `{n}`?)"));
        return Err(format!(
            "no placed piece is named `{name}`{hint}\n{}",
            setup::placed_pieces(s)
        ));
    };
    // Point names of graph boards may hold a `-`: split where both sides are points, and
    // otherwise report the first side that is not.
    let splits: Vec<(&str, &str)> = squares
        .match_indices('-')
        .map(|(i, _)| (&squares[..i], &squares[i + 1..]))
        .collect();
    if splits.is_empty() {
        return Err(usage.to_string());
    }
    let parse = |(a, b): (&str, &str)| -> Result<(Point, Point), String> {
        let point = |x: &str| s.board.parse_point(x).map_err(|e| e.to_string());
        Ok((point(a)?, point(b)?))
    };
    let (from, to) = splits
        .iter()
        .find_map(|&split| parse(split).ok())
        .map_or_else(|| parse(splits[0]), Ok)?;
    Ok(Transition { piece, from, to })
}

/// The symbols after a move, in the zone's order: the kept ones with their level and new
/// symbol, the dropped ones as they were, each with what happened; or why the zone ended.
fn translation_text(step: &Step, after: &Scenario, t: &Translation) -> String {
    if let Outcome::Ended(end) = t.outcome {
        return format!(": the zone ends: {}\n", end_text(step, end));
    }
    let timer = match t.timer {
        TimerCase::MainShortened => {
            "timer case 1, the main trajectory is shortened: every time drops by one"
        }
        TimerCase::OtherShortened => {
            "timer case 2, another trajectory is shortened: the times below it are recomputed"
        }
        TimerCase::NothingShortened => "timer case 3, nothing is shortened",
    };
    let lines: Vec<[String; 3]> = step
        .zone
        .iter()
        .zip(&t.fates)
        .map(|(old, fate)| {
            let kept = match (&t.outcome, fate) {
                (Outcome::Zone(z), Fate::Kept { index, .. }) => Some(&z.entries[*index]),
                _ => None,
            };
            let (label, shown) = match kept {
                Some(e) => (format!("level {}", e.level), entry_symbol(after, e)),
                None => ("dropped".to_string(), entry_symbol(&step.before, old)),
            };
            [label, shown, fate_text(step, old, fate)]
        })
        .collect();
    format!(": {timer}\n{}", columns(&lines))
}

/// What became of the symbol `old` (of the state before `step`).
fn fate_text(step: &Step, old: &ZoneEntry, fate: &Fate) -> String {
    let name = &step.before.pieces[old.piece].name;
    match *fate {
        Fate::Kept {
            shortened,
            length,
            time,
            ..
        } => {
            let mut text = "kept".to_string();
            if shortened {
                text.push_str(", shortened");
            }
            text.push_str(&format!(": length {length} <= time {time}"));
            if time != old.time {
                text.push_str(&format!(" (was {})", old.time));
            }
            text
        }
        Fate::TooShort {
            shortened,
            length,
            time,
        } => {
            let shortened = if shortened { "shortened, " } else { "" };
            format!("{shortened}length {length} > time {time}")
        }
        Fate::Vanished(Vanish::MovedOff) => format!("{name} moved off it, to {}", step.to),
        Fate::Vanished(Vanish::Reached) => format!("{name} made its last move"),
        Fate::Vanished(Vanish::Captured) => format!("{name} was captured"),
        Fate::Disconnected => "disconnected: nothing it attached to is left".to_string(),
        Fate::ZoneEnded => "the zone ended".to_string(),
    }
}

/// Why the zone ended at `step`, in the names of the state before it.
fn end_text(step: &Step, end: ZoneEnd) -> String {
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

/// Rows of columns, each column but the last padded to its widest cell.
fn columns<const N: usize>(rows: &[[String; N]]) -> String {
    let mut widths = [0; N];
    for row in rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let mut out = String::new();
    for row in rows {
        let mut line = String::from(" ");
        for (k, (cell, w)) in row.iter().zip(widths).enumerate() {
            line.push(' ');
            line.push_str(cell);
            if k + 1 < N {
                line.push_str(&" ".repeat(w - cell.chars().count() + 1));
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

#[derive(Serialize)]
struct SymbolJson {
    before: EntryJson,
    /// `kept`, `too short`, `moved off`, `reached`, `captured`, `disconnected`, `zone ended`.
    fate: &'static str,
    shortened: bool,
    /// The new length and time, where the symbol is connected.
    #[serde(skip_serializing_if = "Option::is_none")]
    length: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    time: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    after: Option<EntryJson>,
}

#[derive(Serialize)]
struct MoveJson<'a> {
    #[serde(rename = "move")]
    text: &'a str,
    captured: &'a [String],
    /// The timer's case (1, 2 or 3), null where no zone was left to translate.
    timer: Option<u8>,
    /// Why the zone ended at this move.
    #[serde(skip_serializing_if = "Option::is_none")]
    ended: Option<String>,
    symbols: Vec<SymbolJson>,
    /// The zone after the move, null once it has ended.
    zone: Option<Vec<EntryJson>>,
}

#[derive(Serialize)]
struct TranslateJson<'a> {
    piece: &'a str,
    from: PointName<'a>,
    to: PointName<'a>,
    horizon: u32,
    filters: FiltersArg,
    /// The zone's number in the language, and how many the language has.
    zone: u64,
    count: usize,
    before: Vec<EntryJson>,
    moves: Vec<MoveJson<'a>>,
}

fn json(run: &Run, steps: &[Step], end: &Scenario) -> Result<String, CliError> {
    let s = &run.scenario;
    let moves = steps
        .iter()
        .enumerate()
        .map(|(i, step)| {
            let after = steps.get(i + 1).map_or(end, |next| &next.before);
            let Some(t) = &step.translation else {
                return MoveJson {
                    text: &step.text,
                    captured: &step.captured,
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
                text: &step.text,
                captured: &step.captured,
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
    super::json::to_string(&TranslateJson {
        piece: &s.pieces[run.piece].name,
        from: s.board.name(s.pieces[run.piece].at),
        to: s.board.name(run.target),
        horizon: run.horizon,
        filters: run.filters,
        zone: run.number,
        count: run.count,
        before: run.zone.entries.iter().map(|e| entry_json(s, e)).collect(),
        moves,
    })
}
