//! `lingeo translate`: one zone of an attack carried across a sequence of moves
//! (docs/semantics.md §7.2): after each move, every symbol of the zone with its new trajectory and
//! time, or why it was dropped.

use std::path::PathBuf;

use clap::Args;
use lingeo::api::translate::{Step, end_text};
use lingeo::api::{ApiError, TranslateRequest, TranslationResult, Workbench};
use lingeo::play::translate::{Fate, Outcome, TimerCase, Translation, Vanish};
use lingeo::render;
use lingeo::scenario::Scenario;
use lingeo::zone::ZoneEntry;

use super::CliError;
use super::schema_args::{Flags, Options};
use super::setup;
use super::zones::{attack_error, symbol};

#[derive(Args, Debug)]
pub struct TranslateArgs {
    /// The position: a scenario file, or --fen.
    #[command(flatten)]
    pub position: setup::Position,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
    /// Also draw the zone after the last move as SVG into this file (the board alone, titled
    /// so, where the zone has ended).
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// The translation's options: the fields of `lingeo::api::TranslateRequest`, one flag
    /// each.
    #[command(flatten)]
    pub options: Options<TranslateRequest>,
}

/// What `lingeo translate` spells its own way: the request's fields are its flags.
impl Flags for TranslateRequest {
    const VALUE_NAMES: &'static [(&'static str, &'static str)] =
        &[("time", "SECONDS"), ("max_memory", "MIB")];
}

pub fn run(args: &TranslateArgs) -> Result<String, CliError> {
    let request = args.options.request()?;
    let scenario = args.position.load()?;
    let kernel = setup::kernel(&scenario, &[])?;
    let bench = Workbench::with_kernel(scenario, kernel, &args.position.name());
    let run = bench.translate(&request).map_err(|e| match e {
        ApiError::Request {
            field: Some("zone"),
            message,
        } => CliError(format!("--zone {}: {message}", request.zone)),
        ApiError::Request {
            field: Some("moves"),
            message,
        } => CliError(format!("--moves: {message}")),
        // A move of a piece that is not there: the placed pieces listed.
        ApiError::Request {
            field: Some("move_piece"),
            message,
        } => CliError(format!(
            "--moves: {message}\n{}",
            setup::placed_pieces(bench.scenario())
        )),
        e => attack_error(e, bench.scenario(), &request.to),
    })?;
    if let Some(path) = &args.svg {
        let picture = run.end_picture(&request.piece);
        super::files::write("--svg", path, picture)?;
    }
    if args.json {
        return super::json::to_string(&run);
    }
    Ok(text(&run))
}

/// The zone before the moves, then per move what became of each of its symbols.
fn text(run: &TranslationResult) -> String {
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
    let steps = &run.steps;
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
        let after = run.after(i);
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
