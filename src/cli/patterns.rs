//! `lingeo patterns` and `lingeo fuzzy`: the patterns and fuzzy patterns of the MAICS 2013
//! paper (docs/semantics.md §11.3, §11.4), printed as the paper does.

use clap::Args;
use lingeo::api::patterns::{ListedPattern, PairPatterns};
use lingeo::api::{ApiError, PairsRequest, PatternsRequest, PatternsResult, Workbench};
use lingeo::board::Point;
use lingeo::budget::Text;
use lingeo::fuzzy::{Fuzzy, FuzzyPattern, Interacting, Terms, number};
use lingeo::pattern::PatternCount;
use lingeo::piece::Side;
use lingeo::scenario::Scenario;

use super::CliError;
use super::schema_args::{Flags, Options};
use super::setup;

pub(super) use lingeo::api::patterns::COUNT_LIMIT;

#[derive(Args, Debug)]
pub struct PatternArgs {
    /// The position: a scenario file, or --fen.
    #[command(flatten)]
    pub position: setup::Position,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
    /// The patterns' options: the fields of `lingeo::api::PatternsRequest`, one flag each.
    #[command(flatten)]
    pub options: Options<PatternsRequest>,
}

#[derive(Args, Debug)]
pub struct FuzzyArgs {
    /// The position: a scenario file, or --fen.
    #[command(flatten)]
    pub position: setup::Position,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
    /// The fuzzy patterns' options: the fields of `lingeo::api::PairsRequest`, one flag each.
    #[command(flatten)]
    pub options: Options<PairsRequest>,
}

/// The value names `patterns` and `fuzzy` show.
const VALUE_NAMES: &[(&str, &str)] = &[
    ("pair", "X,Y"),
    ("horizon", "H"),
    ("limit", "N"),
    ("time", "SECONDS"),
    ("max_memory", "MIB"),
];

/// What `lingeo patterns` spells its own way: the request's fields are its flags.
impl Flags for PatternsRequest {
    const VALUE_NAMES: &'static [(&'static str, &'static str)] = VALUE_NAMES;
}

/// What `lingeo fuzzy` spells its own way: the request's fields are its flags.
impl Flags for PairsRequest {
    const VALUE_NAMES: &'static [(&'static str, &'static str)] = VALUE_NAMES;
}

/// The scenario at `path` on a workbench.
fn bench(position: &setup::Position) -> Result<Workbench, CliError> {
    let s = position.load()?;
    let kernel = setup::kernel(&s, &[])?;
    Ok(Workbench::with_kernel(s, kernel, &position.name()))
}

/// An error of the API's pairs, naming `--pair`.
fn pair_error(e: ApiError) -> CliError {
    match e {
        ApiError::Request {
            field: Some("pair"),
            message,
        } => CliError(format!("--pair: {message}")),
        e => setup::api_error(e),
    }
}

/// `White rook a1`: the side, the type and the point, as the paper names pieces.
fn piece(s: &Scenario, i: usize) -> String {
    format!("{} {}", piece_kind(s, i), s.board.name(s.pieces[i].at))
}

/// `White rook`, without the point.
fn piece_kind(s: &Scenario, i: usize) -> String {
    let p = &s.pieces[i];
    format!("{} {}", side_word(p.side), s.types[p.type_index].name)
}

fn side_word(side: Side) -> &'static str {
    match side {
        Side::White => "White",
        Side::Black => "Black",
    }
}

fn names(s: &Scenario, points: &[Point]) -> Vec<String> {
    points
        .iter()
        .map(|&p| s.board.name(p).to_string())
        .collect()
}

fn count_text(c: &PatternCount) -> String {
    let paths = plural(c.main_paths, "main path");
    match c.patterns {
        Some(p) => format!("{paths}, {}", plural(p, "pattern")),
        None => format!(
            "{paths}, at least {} (not counted)",
            lingeo::render::counted(c.main_paths, "pattern", "patterns")
        ),
    }
}

fn plural(n: u128, word: &str) -> String {
    lingeo::render::counted_saturating(n, word, &format!("{word}s"))
}

/// The header of a pair: `White rook a1 -> Black king d8: length 2, 2 main paths, 7 patterns`.
pub(super) fn header(
    s: &Scenario,
    x: usize,
    y: usize,
    length: Option<u32>,
    c: &PatternCount,
) -> String {
    match length {
        Some(l) => format!(
            "{} -> {}: length {l}, {}, 1 fuzzy pattern\n",
            piece(s, x),
            piece(s, y),
            count_text(c)
        ),
        None => format!(
            "{} -> {}: not attack-able (no patterns, no fuzzy pattern)\n",
            piece(s, x),
            piece(s, y)
        ),
    }
}

/// One pattern as the paper prints it, with its rank.
pub(super) fn pattern_line(s: &Scenario, x: usize, y: usize, p: &ListedPattern) -> String {
    let path = |t: &[Point]| names(s, t).join(" -> ");
    let stops = &p.main[1..p.main.len() - 1];
    let mut main = piece(s, x);
    for &q in stops {
        main.push_str(" -> ");
        s.board.write_name(q, &mut main);
    }
    let list = |items: Vec<String>| {
        if items.is_empty() {
            "none".to_string()
        } else {
            items.join(", ")
        }
    };
    let attack = list(
        p.attack
            .iter()
            .map(|(i, _, t)| format!("{} {}", piece_kind(s, *i), path(t)))
            .collect(),
    );
    let block = list(
        p.block
            .iter()
            .map(|(i, t)| format!("{} {}", piece_kind(s, *i), path(t)))
            .collect(),
    );
    format!(
        "{main} -> {}, length = {}, attack: {attack}, block: {block}, rank = {}\n",
        piece(s, y),
        p.main.len() - 1,
        number(p.rank)
    )
}

pub fn run_patterns(args: &PatternArgs) -> Result<String, CliError> {
    let request = args.options.request()?;
    let bench = bench(&args.position)?;
    let bars = super::progress::Bars::new();
    let result = bench.patterns(&request, &bars).map_err(pair_error)?;
    if args.json {
        return super::json::to_string(&result);
    }
    let s = bench.scenario();
    // The listing's text is held against the memory limit as it grows.
    let mut out = Text::new("the patterns printed");
    for pair in &result.pairs {
        let PairPatterns {
            x,
            y,
            length,
            count,
            ..
        } = pair;
        if !out.is_empty() && !request.count {
            out.push('\n');
        }
        out.push_str(&header(s, *x, *y, *length, count));
        if request.count || length.is_none() {
            continue;
        }
        for p in &pair.listed {
            out.push_str(&pattern_line(s, *x, *y, p));
        }
        let shown = pair.listed.len() as u128;
        match count.patterns {
            Some(total) if shown < total => out.push_str(&format!(
                "... {} more pattern{} not listed (--limit {}; --count prints only the counts)\n",
                total - shown,
                if total - shown == 1 { "" } else { "s" },
                request.limit
            )),
            Some(_) => {}
            None => out.push_str(&format!(
                "... more not listed: at least {} in all (--limit {}; `lingeo fuzzy` holds them in one fuzzy pattern)\n",
                lingeo::render::counted(count.main_paths, "pattern", "patterns"),
                request.limit
            )),
        }
    }
    if out.is_empty() {
        out.push_str("no pairs: no piece can attack an opposing piece\n");
    }
    out.finish().map_err(setup::exceeded)
}

/// `very short 0.5, short 0.5`: the terms of non-zero membership.
fn memberships(terms: &Terms, f: &Fuzzy) -> String {
    let parts: Vec<String> = terms
        .terms()
        .iter()
        .zip(&f.membership)
        .filter(|(_, m)| **m > 0.0)
        .map(|(t, m)| format!("{} {}", t.name, number(*m)))
        .collect();
    parts.join(", ")
}

pub(super) fn fuzzy_text(
    s: &Scenario,
    terms: &Terms,
    fp: &FuzzyPattern,
    c: &PatternCount,
) -> String {
    let term = |f: &Fuzzy| terms.terms()[f.term].name.clone();
    let roles = |pieces: &[Interacting]| {
        if pieces.is_empty() {
            "none".to_string()
        } else {
            let v: Vec<String> = pieces.iter().map(|p| piece_kind(s, p.piece)).collect();
            v.join(", ")
        }
    };
    let mut main = piece(s, fp.x);
    for layer in &fp.stops {
        main.push_str(" -> ");
        main.push_str(&names(s, layer).join(" or "));
    }
    let mut out = format!(
        "{main} -> {}, length = {}, attack: {}, block: {}\n",
        piece(s, fp.y),
        term(&fp.length),
        roles(&fp.attack),
        roles(&fp.block)
    );
    let f = &fp.length;
    out.push_str(&format!(
        "  length: {} = {} (degree {})\n",
        plural(u128::from(f.value), "move"),
        memberships(terms, f),
        number(f.degree)
    ));
    out.push_str(&format!(
        "  main region: {}\n",
        names(s, &fp.region).join(" ")
    ));
    for (role, pieces) in [("attack", &fp.attack), ("block", &fp.block)] {
        for p in pieces {
            let d = &p.distance;
            out.push_str(&format!(
                "  {role}: {}, {} = {} (degree {})\n",
                piece(s, p.piece),
                plural(u128::from(d.value), "move"),
                memberships(terms, d),
                number(d.degree)
            ));
        }
    }
    let value = |i: usize| s.types[s.pieces[i].type_index].value;
    let mut rank = format!("{} x {}", number(fp.length.degree), number(value(fp.y)));
    for p in &fp.block {
        rank.push_str(&format!(
            " + {} x {}",
            number(p.distance.degree),
            number(value(p.piece))
        ));
    }
    for p in &fp.attack {
        rank.push_str(&format!(
            " - {} x {}",
            number(p.distance.degree),
            number(value(p.piece))
        ));
    }
    out.push_str(&format!("  rank = {rank} = {}\n", number(fp.rank.value)));
    out.push_str(&format!("  instead of {}\n", count_text(c)));
    out
}

pub fn run_fuzzy(args: &FuzzyArgs) -> Result<String, CliError> {
    let request = args.options.request()?;
    let bench = bench(&args.position)?;
    let bars = super::progress::Bars::new();
    let result: PatternsResult = bench.fuzzy_patterns(&request, &bars).map_err(pair_error)?;
    if args.json {
        return super::json::to_string(&result);
    }
    let s = bench.scenario();
    let mut out = String::new();
    for pair in &result.pairs {
        if !out.is_empty() {
            out.push('\n');
        }
        match &pair.fuzzy {
            None => out.push_str(&header(s, pair.x, pair.y, None, &pair.count)),
            Some(fp) => out.push_str(&fuzzy_text(s, &s.length_terms, fp, &pair.count)),
        }
    }
    if out.is_empty() {
        out.push_str("no pairs: no piece can attack an opposing piece\n");
    }
    Ok(out)
}
