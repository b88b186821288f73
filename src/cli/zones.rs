//! `lingeo zones`: the zones of an attack (docs/semantics.md §6), from the native generator or from
//! the grammar of zones, as every zone of the language or as the bundle view.

use std::fmt::Write;
use std::path::{Path, PathBuf};

use clap::Args;
use lingeo::api::zones::Attack;
use lingeo::api::zones::View;
use lingeo::api::{ApiError, Cap, Workbench, ZoneEngine, ZonesRequest};
use lingeo::board::Point;
use lingeo::budget::Text;
use lingeo::grammar::Grammar;
use lingeo::render;
use lingeo::scenario::Scenario;

use super::schema_args::{Flags, Options, Switch};
use super::setup;
use super::{CliError, Report};

#[derive(Args, Debug)]
pub struct ZoneArgs {
    /// The position: a scenario file, or --fen.
    #[command(flatten)]
    pub position: setup::Position,
    /// Run this grammar file of zones (an edited copy of grammars/zones.lgg, say) instead of
    /// the shipped one: it takes the attacking piece as its one piece input (its other inputs
    /// given with --set), starts from S(x0: point, y0: point, l0: int) and derives
    /// t((piece, trajectory), int) symbols. Its filters are its own, so --filters does not
    /// apply.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["filters", "engine", "seed"])]
    pub grammar: Option<PathBuf>,
    /// Another input of the --grammar file: `--set name=value` (repeatable), as `run` takes
    /// it.
    #[arg(long = "set", value_name = "NAME=VALUE", requires = "grammar")]
    pub set: Vec<String>,
    /// Print JSON.
    #[arg(long, conflicts_with = "csv")]
    pub json: bool,
    /// Print CSV for other tools, one trajectory a row:
    /// `attack,piece,target,zone,level,from,to,mover,trajectory,time`; `zone` is the zone's
    /// number with --all-zones and empty in the bundle view (each alternative of each attach
    /// pair once, the main trajectories at level 0). With --summary, one attack a row:
    /// `attack,piece,from,target,horizon,zones,main_trajectories,time_ms,error`.
    #[arg(long)]
    pub csv: bool,
    /// Also draw the zone as SVG into this file: the first zone of the language with
    /// --all-zones, otherwise the bundle view, the moves of every attach pair's alternatives
    /// drawn once per pair (with --all-attacks, of the first attack that has zones; where
    /// there is none, the board alone, titled so).
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// The zones' options: the fields of `lingeo::api::ZonesRequest`, one flag each.
    #[command(flatten)]
    pub options: Options<ZonesRequest>,
}

/// What `lingeo zones` spells its own way: the request's fields are its flags.
impl Flags for ZonesRequest {
    const SWITCHES: &'static [Switch] = &[Switch {
        field: "summary",
        on: "summary",
        off: "no-summary",
    }];
    const VALUE_NAMES: &'static [(&'static str, &'static str)] = &[
        ("jobs", "N"),
        ("zone", "N"),
        ("seed", "S"),
        ("max_memory", "MIB"),
        ("time", "SECONDS"),
    ];
    const INPUTS: &'static [&'static str] = &["grammar"];
}

/// Loads a grammar of zones of the user's and checks that it has the shape the zones command
/// reads: one piece input, the start S(point, point, int), terminals t((piece, trajectory), int).
pub fn load_zone_grammar(path: &Path) -> Result<Grammar, CliError> {
    let grammar = super::files::grammar(path).map_err(|e| CliError(e.render()))?;
    lingeo::api::zones::check_zone_grammar(grammar, &path.display().to_string())
        .map_err(|e| CliError(e.to_string()))
}

/// The option that raises a cap, as a listing names it (none for a cap no option raises).
fn raise(cap: Cap) -> Option<&'static str> {
    match cap {
        Cap::Zones => Some("--max-zones"),
        Cap::Memory => Some("--max-memory"),
        Cap::Steps => Some("--max-steps"),
        Cap::Trajectories | Cap::Sentences | Cap::Fixed | Cap::Output => None,
    }
}

/// An error of the API's zones, naming the options of the request's fields.
fn api_error(e: ApiError, scenario: &Scenario, r: &ZonesRequest) -> CliError {
    match e {
        ApiError::Request {
            field: Some("zone"),
            message,
        } => CliError(format!("--zone {}: {message}", r.zone.unwrap_or(0))),
        e => attack_error(e, scenario, &r.to),
    }
}

/// An error of an attack's piece or target (`to`, as given), naming their options.
pub fn attack_error(e: ApiError, scenario: &Scenario, to: &str) -> CliError {
    match e {
        ApiError::Request {
            field: Some("piece"),
            message,
        } => CliError(format!(
            "--piece: {message}\n{}",
            setup::placed_pieces(scenario)
        )),
        // A target that is a point of the board but not the piece's; or not a point.
        ApiError::Request {
            field: Some("to"),
            message,
        } => match setup::point(&scenario.board, "--to", to) {
            Err(e) => e,
            Ok(_) => CliError(format!("--to {message}")),
        },
        e => setup::api_error(e),
    }
}

/// The API's request of these flags, with the other inputs of a grammar of the user's.
fn request(args: &ZoneArgs) -> Result<ZonesRequest, CliError> {
    let mut request = args.options.request()?;
    request.inputs = setup::assignments(&args.set)?;
    ZonesRequest::check_given(&request, args.grammar.is_some())
        .map_err(|e| CliError(ZonesRequest::spell(&e.to_string())))?;
    Ok(request)
}

pub fn run(args: &ZoneArgs) -> Result<Report, CliError> {
    let request = request(args)?;
    let own = args.grammar.as_deref().map(load_zone_grammar).transpose()?;
    let scenario = args.position.load()?;
    if let Some(horizon) = request.horizon {
        // The library's refusal, named by the flag (as every error on a request's field).
        lingeo::api::zones::check_horizon(horizon, &scenario)
            .map_err(|e| CliError(format!("--horizon {e}")))?;
    }
    let kernel = setup::kernel(&scenario, &[])?;
    // The flags have been read and the files loaded (their errors named) above; the API
    // computes the zones.
    let bench = Workbench::with_kernel(scenario, kernel, &args.position.name());
    let scenario = bench.scenario();
    // The JSON only where it is printed: on a large position its tree of strings takes
    // several times the memory of the attacks themselves.
    let (attacks, json) = if request.all_attacks {
        let bars = super::progress::Bars::new();
        let result = bench
            .attacks(&request, own.as_ref(), &bars)
            .map_err(|e| api_error(e, scenario, &request))?;
        let json = args
            .json
            .then(|| super::json::to_string(&result))
            .transpose()?;
        (result.attacks, json)
    } else {
        let result = bench
            .zones_by(&request, own.as_ref())
            .map_err(|e| api_error(e, scenario, &request))?;
        let json = args
            .json
            .then(|| super::json::to_string(&result))
            .transpose()?;
        (vec![result.attack], json)
    };
    if let Some(path) = &args.svg {
        let picture = bench.zones_picture(&request, own.as_ref(), &attacks, request.all_attacks);
        super::files::write("--svg", path, picture)?;
    }
    let text = if args.csv && request.view(scenario) == View::Summary {
        summary_csv(scenario, &attacks)
            .finish()
            .map_err(setup::exceeded)?
    } else if args.csv {
        csv(scenario, &attacks, request.all_zones)
            .finish()
            .map_err(setup::exceeded)?
    } else if let Some(json) = json {
        json
    } else {
        listing(scenario, &attacks, args, &request)
            .finish()
            .map_err(setup::exceeded)?
    };
    // An attack not listed leaves the answer incomplete: the listing says which, and the exit
    // code says so too.
    let skipped = attacks.iter().filter(|a| a.skipped.is_some()).count();
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

/// The attacks as text, held against the memory limit as it grows.
fn listing(scenario: &Scenario, attacks: &[Attack], args: &ZoneArgs, r: &ZonesRequest) -> Text {
    let mut out = Text::new("the zones printed");
    for a in attacks {
        text(scenario, a, args, r, &mut out);
    }
    if attacks.is_empty() {
        out.push_str("no attack within the horizon\n");
    }
    if r.view(scenario) == View::Summary && attacks.len() > 1 {
        out.push_str(&summary_total(attacks));
    }
    if r.summary_by_default(scenario) {
        out.push_str(&format!(
            "(counts only: a position of {} pieces; --no-summary lists every attack's bundles)\n",
            scenario.pieces.len()
        ));
    }
    let skipped = attacks.iter().filter(|a| a.skipped.is_some()).count();
    if skipped > 0 {
        // The caps that stopped some attack, --max-zones always.
        let mut caps = vec![format!("--max-zones {}", r.max_zones)];
        for (option, value) in [("--max-memory", r.max_memory), ("--max-steps", r.max_steps)] {
            if attacks.iter().any(|a| {
                a.skipped
                    .as_ref()
                    .is_some_and(|t| raise(t.cap) == Some(option))
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
    out
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

/// One attack's text, written into `out`: its head, then its zones, its bundle view or its
/// summary.
fn text(s: &Scenario, a: &Attack, args: &ZoneArgs, r: &ZonesRequest, out: &mut Text) {
    let head = head(s, a, args, r);
    if let Some(skipped) = &a.skipped {
        let reason = &skipped.reason;
        let raise = raise(skipped.cap).map_or_else(String::new, |o| format!("raise {o} or "));
        out.push_str(&format!(
            "{head}: {reason}, not listed ({raise}shorten the horizon)\n"
        ));
        return;
    }
    if r.view(s) == View::Summary {
        out.push_str(&format!(
            "{head}: {}, {} ({})\n",
            lingeo::api::zones::count_text(&a.summary),
            render::counted(
                a.summary.view.len() as u128,
                "main trajectory",
                "main trajectories"
            ),
            milliseconds(a.time_ms)
        ));
        return;
    }
    let single = match (r.seed, r.zone) {
        (Some(_), _) if a.zones.is_empty() => {
            out.push_str(&format!("{head}: no zone\n"));
            return;
        }
        (Some(seed), _) => Some(format!("the zone drawn with seed {seed}")),
        (None, Some(n)) => Some(format!("zone {n}")),
        (None, None) => None,
    };
    match &single {
        Some(which) => out.push_str(&format!("{head}: {which}\n")),
        None => out.push_str(&format!(
            "{head}: {}\n",
            lingeo::api::zones::count_text(&a.summary)
        )),
    }
    // Each line is written into `line`, then into the text (which may stop growing).
    let mut line = String::new();
    if r.all_zones || single.is_some() {
        // --zone N keeps the zone's number in the listing.
        let first = r.zone.unwrap_or(1);
        for (i, z) in a.zones.iter().enumerate() {
            line.clear();
            let _ = write!(line, "Z{} = ", first + i as u64);
            for (j, e) in z.entries.iter().enumerate() {
                if j > 0 {
                    line.push(' ');
                }
                write_symbol(s, e.piece, &e.trajectory, e.time, &mut line);
            }
            line.push('\n');
            out.push_str(&line);
        }
        return;
    }
    write_bundles(s, a, out);
}

/// The bundle view of an attack: each main trajectory with its attach pairs and their
/// alternatives, and the entries the search left undecided.
fn write_bundles(s: &Scenario, a: &Attack, out: &mut Text) {
    let mut line = String::new();
    for (main, attaches) in &a.summary.view {
        line.clear();
        line.push_str("  main: ");
        write_symbol(s, main.piece, &main.trajectory, main.time, &mut line);
        line.push('\n');
        out.push_str(&line);
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
                line.clear();
                line.push_str("      ");
                write_symbol(s, *q, t, *time, &mut line);
                line.push('\n');
                out.push_str(&line);
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
            line.clear();
            let _ = write!(
                line,
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
                &mut line,
            );
            line.push('\n');
            out.push_str(&line);
        }
    }
}

/// The first line of an attack: its piece, target and horizon, and what listed it.
fn head(s: &Scenario, a: &Attack, args: &ZoneArgs, r: &ZonesRequest) -> String {
    let p = &s.pieces[a.piece];
    let filters = format!("filters: {}; ", r.filters.label());
    let (filters, engine) = match (&args.grammar, r.engine) {
        (Some(file), _) => (String::new(), format!("grammar {}", file.display())),
        (None, ZoneEngine::Native) => (filters, "native generator".to_string()),
        (None, ZoneEngine::Grammar) => (
            filters,
            // compute() has run, so the filters have a grammar.
            format!(
                "grammar {}.lgg",
                lingeo::api::zones::shipped_zone_grammar(r.filters).unwrap_or("zones")
            ),
        ),
    };
    let source = if r.no_source {
        String::new()
    } else {
        format!(" ({filters}{engine})")
    };
    format!(
        "Zones of {} ({} {}) from {} to {} within {}{source}",
        p.name,
        p.side,
        s.types[p.type_index].name,
        s.board.name(p.at),
        s.board.name(a.target),
        render::counted(a.horizon.into(), "move", "moves"),
    )
}

/// The attacks as CSV ([`ZoneArgs::csv`]): each zone's entries with --all-zones, else the bundle
/// view's main trajectories and alternatives; an attack not listed has no rows.
fn csv(scenario: &Scenario, attacks: &[Attack], all_zones: bool) -> Text {
    let board = &scenario.board;
    let name = |p: usize| scenario.pieces[p].name.as_str();
    let mut out = Text::new("the zones printed");
    out.push_str("attack,piece,target,zone,level,from,to,mover,trajectory,time\n");
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

/// `12.3 ms`: a time as the summary shows it.
fn milliseconds(ms: f64) -> String {
    format!("{ms:.1} ms")
}

/// The summary's last line: the attacks, their zones and their time in all.
fn summary_total(attacks: &[Attack]) -> String {
    let counted: Vec<&Attack> = attacks.iter().filter(|a| a.skipped.is_none()).collect();
    let zones = counted
        .iter()
        .fold(0u128, |sum, a| sum.saturating_add(a.summary.count));
    let bound = if counted
        .iter()
        .any(|a| a.summary.at_least || a.summary.saturated)
    {
        "at least "
    } else {
        ""
    };
    let time: f64 = attacks.iter().map(|a| a.time_ms).sum();
    format!(
        "in all: {}, {bound}{} ({} of computing, over every thread)\n",
        render::counted(attacks.len() as u128, "attack", "attacks"),
        render::counted(zones, "zone", "zones"),
        milliseconds(time)
    )
}

/// The attacks' counts and times as CSV (--summary --csv), one attack a row; an attack not
/// listed has its reason in `error` and no counts.
fn summary_csv(scenario: &Scenario, attacks: &[Attack]) -> Text {
    let board = &scenario.board;
    let mut out = Text::new("the zones printed");
    out.push_str("attack,piece,from,target,horizon,zones,main_trajectories,time_ms,error\n");
    for (k, a) in attacks.iter().enumerate() {
        let p = &scenario.pieces[a.piece];
        let (zones, mains, error) = match &a.skipped {
            Some(skipped) => (String::new(), String::new(), skipped.reason.clone()),
            // A lower bound marked `>=`, a count past 128 bits `>`.
            None => (
                format!(
                    "{}{}",
                    if a.summary.saturated {
                        ">"
                    } else if a.summary.at_least {
                        ">="
                    } else {
                        ""
                    },
                    a.summary.count
                ),
                a.summary.view.len().to_string(),
                String::new(),
            ),
        };
        let fields = [
            (k + 1).to_string(),
            p.name.clone(),
            board.name(p.at).to_string(),
            board.name(a.target).to_string(),
            a.horizon.to_string(),
            zones,
            mains,
            format!("{:.1}", a.time_ms),
            error,
        ];
        let fields: Vec<String> = fields.iter().map(|f| csv_field(f)).collect();
        out.push_str(&fields.join(","));
        out.push('\n');
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
