//! `lingeo zones`: the zones of an attack (docs/semantics.md §6), from the native generator or from
//! the grammar of zones, as every zone of the language or as the bundle view.

use std::fmt::Write;
use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};
use lingeo::api::zones::Attack;
use lingeo::api::{ApiError, Cap, Workbench, ZoneEngine, ZonesRequest};
use lingeo::board::Point;
use lingeo::budget::Text;
use lingeo::grammar::Grammar;
use lingeo::render;
use lingeo::scenario::Scenario;
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
    /// At most twice the board's points (refused past it: no trajectory on the board is that
    /// long, so a larger horizon gives no new trajectory), and at most 10,000,000.
    #[arg(long, value_parser = clap::value_parser!(u32).range(..=10_000_000))]
    pub horizon: Option<u32>,
    /// Every attack zone of the state within the horizon (docs/semantics.md §7.1, the exercise of
    /// S-09). An attack whose language has more than --max-zones zones is reported as such (in
    /// JSON with an "error" instead of its zones) and the others are still listed; the exit
    /// code is 0 whenever the listing is printed.
    #[arg(long, requires = "horizon", conflicts_with_all = ["piece", "to"])]
    pub all_attacks: bool,
    /// With --all-attacks, compute this many attacks at a time (default: one per core); the
    /// output is the same on any number. A --grammar file runs on one.
    #[arg(long, value_name = "N", requires = "all_attacks",
          value_parser = clap::value_parser!(u32).range(1..=256))]
    pub jobs: Option<u32>,
    #[command(flatten)]
    pub language: LanguageArgs,
    /// Compute with the native generator or by running the grammar of zones (the shipped
    /// grammars/zones-filtered.lgg with the default --filters all, zones.lgg with --filters
    /// none). The grammar's network and count are read off its derivation forest without
    /// listing the zones (docs/semantics.md §6.11); --all-zones lists them.
    #[arg(long, value_enum, default_value_t = EngineArg::Native)]
    pub engine: EngineArg,
    /// Run this grammar file of zones (an edited copy of grammars/zones.lgg, say) instead of
    /// the shipped one: it takes the attacking piece as its one piece input (its other inputs
    /// given with --set), starts from S(x0: point, y0: point, l0: int) and derives
    /// t((piece, trajectory), int) symbols. Its filters are its own, so --filters does not
    /// apply.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["filters", "engine"])]
    pub grammar: Option<PathBuf>,
    /// Another input of the --grammar file: `--set name=value` (repeatable), as `run` takes
    /// it.
    #[arg(long = "set", value_name = "NAME=VALUE", requires = "grammar")]
    pub set: Vec<String>,
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

impl EngineArg {
    /// The API's engine these flags name.
    pub fn engine(self) -> ZoneEngine {
        match self {
            EngineArg::Native => ZoneEngine::Native,
            EngineArg::Grammar => ZoneEngine::Grammar,
        }
    }
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
fn api_error(e: ApiError, scenario: &Scenario, args: &ZoneArgs) -> CliError {
    match e {
        ApiError::Request {
            field: Some("zone"),
            message,
        } => CliError(format!("--zone {}: {message}", args.zone.unwrap_or(0))),
        e => attack_error(e, scenario, args.to.as_deref().unwrap_or("")),
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

/// The API's request of these flags.
fn request(args: &ZoneArgs) -> Result<ZonesRequest, CliError> {
    let inputs = setup::assignments(&args.set)?;
    Ok(ZonesRequest {
        piece: args.piece.clone().unwrap_or_default(),
        to: args.to.clone().unwrap_or_default(),
        horizon: args.horizon,
        filters: args.language.filters.filters(),
        engine: args.engine.engine(),
        all_zones: args.all_zones,
        zone: args.zone,
        seed: args.seed,
        inputs,
        no_source: args.no_source,
        max_zones: args.language.max_zones,
        limits: args
            .limits
            .limits(args.language.max_zones, args.language.max_zones),
        jobs: args
            .jobs
            .map_or_else(lingeo::parallel::cores, |n| n as usize),
    })
}

pub fn run(args: &ZoneArgs) -> Result<Report, CliError> {
    let own = args.grammar.as_deref().map(load_zone_grammar).transpose()?;
    let scenario = setup::load(&args.scenario)?;
    if let Some(horizon) = args.horizon {
        // The library's refusal, named by the flag (as every error on a request's field).
        lingeo::api::zones::check_horizon(horizon, &scenario)
            .map_err(|e| CliError(format!("--horizon {e}")))?;
    }
    let kernel = setup::kernel(&scenario, &[])?;
    let request = request(args)?;
    // The flags have been read and the files loaded (their errors named) above; the API
    // computes the zones.
    let bench = Workbench::with_kernel(scenario, kernel, &args.scenario.display().to_string());
    let scenario = bench.scenario();
    // The JSON only where it is printed: on a large position its tree of strings takes
    // several times the memory of the attacks themselves.
    let (attacks, json) = if args.all_attacks {
        let bars = super::progress::Bars::new();
        let result = bench
            .attacks(&request, own.as_ref(), &bars)
            .map_err(|e| api_error(e, scenario, args))?;
        let json = args
            .json
            .then(|| super::json::to_string(&result))
            .transpose()?;
        (result.attacks, json)
    } else {
        let result = bench
            .zones_by(&request, own.as_ref())
            .map_err(|e| api_error(e, scenario, args))?;
        let json = args
            .json
            .then(|| super::json::to_string(&result))
            .transpose()?;
        (vec![result.attack], json)
    };
    if let Some(path) = &args.svg {
        let picture = bench.zones_picture(&request, own.as_ref(), &attacks, args.all_attacks);
        super::files::write("--svg", path, picture)?;
    }
    let text = if args.csv {
        csv(scenario, &attacks, args.all_zones)
            .finish()
            .map_err(setup::exceeded)?
    } else if let Some(json) = json {
        json
    } else {
        listing(scenario, &attacks, args)
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
fn listing(scenario: &Scenario, attacks: &[Attack], args: &ZoneArgs) -> Text {
    let mut out = Text::new("the zones printed");
    for a in attacks {
        text(scenario, a, args, &mut out);
    }
    if attacks.is_empty() {
        out.push_str("no attack within the horizon\n");
    }
    let skipped = attacks.iter().filter(|a| a.skipped.is_some()).count();
    if skipped > 0 {
        // The caps that stopped some attack, --max-zones always.
        let mut caps = vec![format!("--max-zones {}", args.language.max_zones)];
        for (option, value) in [
            ("--max-memory", args.limits.max_memory),
            ("--max-steps", args.limits.max_steps),
        ] {
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

/// One attack's text, written into `out`.
fn text(s: &Scenario, a: &Attack, args: &ZoneArgs, out: &mut Text) {
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
                lingeo::api::zones::shipped_zone_grammar(args.language.filters.filters())
                    .unwrap_or("zones")
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
    if let Some(skipped) = &a.skipped {
        let reason = &skipped.reason;
        let raise = raise(skipped.cap).map_or_else(String::new, |o| format!("raise {o} or "));
        out.push_str(&format!(
            "{head}: {reason}, not listed ({raise}shorten the horizon)\n"
        ));
        return;
    }
    let single = match (args.seed, args.zone) {
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
    if args.all_zones || single.is_some() {
        // --zone N keeps the zone's number in the listing.
        let first = args.zone.unwrap_or(1);
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
