//! `lingeo patterns` and `lingeo fuzzy`: the patterns and fuzzy patterns of the MAICS 2013
//! paper (docs/semantics.md §11.3, §11.4), printed as the paper does.

use std::ops::ControlFlow;
use std::path::PathBuf;

use clap::Args;
use lingeo::board::Point;
use lingeo::fuzzy::{Fuzzy, FuzzyPattern, Interacting, Terms, fuzzy_pattern, number};
use lingeo::kernel::Kernel;
use lingeo::pattern::{self, Pattern, PatternCount, attack_distance};
use lingeo::piece::Side;
use lingeo::progress::Task;
use lingeo::scenario::Scenario;
use lingeo::syntax::suggest::closest;
use serde_json::{Map, Value, json};

use super::CliError;
use super::setup::{self, SideArg};

/// Main paths beyond which patterns are not counted exactly (the count lists the main paths,
/// though not the options): the main paths are then a lower bound.
pub(super) const COUNT_LIMIT: u128 = 100_000;

#[derive(Args, Debug)]
pub struct PairArgs {
    /// The scenario file.
    pub scenario: PathBuf,
    /// One ordered pair `X,Y` (X attacks Y), by the names of placed pieces in the scenario:
    /// `WR,BK` for the chess pieces named by default (W/B and the piece letter K Q R B N P),
    /// or the names given with `as NAME` (`lingeo check` lists them). Default: every pair of
    /// opposing pieces where Y is attack-able by X.
    #[arg(long, value_name = "X,Y", conflicts_with = "side")]
    pub pair: Option<String>,
    /// Only the pairs whose attacking piece X is of this side.
    #[arg(long, value_enum)]
    pub side: Option<SideArg>,
    /// Interacting pieces count when they act within this many moves.
    #[arg(long, default_value_t = 1, value_name = "H")]
    pub horizon: u32,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Args, Debug)]
pub struct PatternArgs {
    #[command(flatten)]
    pub pair: PairArgs,
    /// List at most this many patterns per pair (the counts do not depend on it).
    #[arg(long, default_value_t = 1000, value_name = "N")]
    pub limit: u64,
    /// Print only the counts per pair. Main paths are counted by a dynamic program; patterns by
    /// counting each main path's options without listing them, when a pair has at most 100000
    /// main paths (beyond, the main paths are a lower bound and the patterns are not counted).
    #[arg(long)]
    pub count: bool,
    #[command(flatten)]
    pub memory: super::limits::MemoryArg,
}

#[derive(Args, Debug)]
pub struct FuzzyArgs {
    #[command(flatten)]
    pub pair: PairArgs,
    #[command(flatten)]
    pub memory: super::limits::MemoryArg,
}

/// The pairs to look at: the one of `--pair`, or every attack-able pair (of `--side`), x then y
/// in declaration order.
fn pairs(s: &Scenario, kernel: &Kernel, args: &PairArgs) -> Result<Vec<(usize, usize)>, CliError> {
    if let Some(text) = &args.pair {
        let Some((a, b)) = text.split_once(',') else {
            return Err(CliError(format!(
                "--pair: `{text}` is not two piece names `X,Y`, such as `WR,BK`"
            )));
        };
        let find = |name: &str| -> Result<usize, CliError> {
            let name = name.trim();
            s.pieces.iter().position(|p| p.name == name).ok_or_else(|| {
                let names: Vec<&str> = s.pieces.iter().map(|p| p.name.as_str()).collect();
                let hint = closest(name, names.iter().copied())
                    .map(|n| format!("; did you mean `{n}`?"))
                    .unwrap_or_default();
                let known = if names.is_empty() {
                    "the scenario places no pieces".to_string()
                } else {
                    format!("pieces: {}", names.join(", "))
                };
                CliError(format!(
                    "--pair: no piece `{name}` in {}{hint} ({known})",
                    args.scenario.display()
                ))
            })
        };
        let (x, y) = (find(a)?, find(b)?);
        let (px, py) = (&s.pieces[x], &s.pieces[y]);
        if px.side == py.side {
            return Err(CliError(format!(
                "--pair: {} and {} are both {}; a pattern is a piece against an opposing piece",
                px.name, py.name, px.side
            )));
        }
        return Ok(vec![(x, y)]);
    }
    let side = args.side.map(|s| match s {
        SideArg::White => Side::White,
        SideArg::Black => Side::Black,
    });
    let n = s.pieces.len();
    Ok((0..n)
        .filter(|&x| side.is_none_or(|side| s.pieces[x].side == side))
        .flat_map(|x| (0..n).map(move |y| (x, y)))
        .filter(|&(x, y)| attack_distance(s, kernel, x, y).is_some())
        .collect())
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

/// A count as JSON: a number, or a string when it does not fit in 64 bits.
fn count_json(n: u128) -> Value {
    u64::try_from(n).map_or_else(|_| Value::String(n.to_string()), Value::from)
}

fn round(v: f64) -> f64 {
    (v * 1000.0).round() / 1000.0
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

fn pair_json(
    s: &Scenario,
    x: usize,
    y: usize,
    length: Option<u32>,
    c: &PatternCount,
) -> Map<String, Value> {
    let mut m = Map::new();
    m.insert("from".into(), json!(s.pieces[x].name));
    m.insert("to".into(), json!(s.pieces[y].name));
    m.insert("length".into(), json!(length));
    m.insert("main_paths".into(), count_json(c.main_paths));
    m.insert(
        "patterns".into(),
        c.patterns.map_or(Value::Null, count_json),
    );
    m.insert("fuzzy_patterns".into(), json!(u8::from(length.is_some())));
    m
}

/// One pattern as the paper prints it, with its rank.
pub(super) fn pattern_line(s: &Scenario, x: usize, y: usize, p: &Pattern<'_>) -> String {
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
            .map(|&(i, _, t)| format!("{} {}", piece_kind(s, i), path(t)))
            .collect(),
    );
    let block = list(
        p.block
            .iter()
            .map(|&(i, t)| format!("{} {}", piece_kind(s, i), path(t)))
            .collect(),
    );
    format!(
        "{main} -> {}, length = {}, attack: {attack}, block: {block}, rank = {}\n",
        piece(s, y),
        p.main.len() - 1,
        number(pattern::rank(s, y, p))
    )
}

fn pattern_json(s: &Scenario, y: usize, p: &Pattern<'_>) -> Value {
    json!({
        "main": names(s, p.main),
        "attack": p.attack.iter().map(|&(i, z, t)| json!({
            "piece": s.pieces[i].name,
            "at": s.board.name(z),
            "path": names(s, t),
        })).collect::<Vec<_>>(),
        "block": p.block.iter().map(|&(i, t)| json!({
            "piece": s.pieces[i].name,
            "path": names(s, t),
        })).collect::<Vec<_>>(),
        "rank": round(pattern::rank(s, y, p)),
    })
}

pub fn run_patterns(args: &PatternArgs) -> Result<String, CliError> {
    let s = setup::load(&args.pair.scenario)?;
    let kernel = setup::kernel(&s, &[])?;
    let h = args.pair.horizon;
    let limit = u128::from(args.limit);
    let mut out = String::new();
    let mut json_pairs = Vec::new();
    let pairs = pairs(&s, &kernel, &args.pair)?;
    let bars = super::progress::Bars::new();
    let task = Task::start(&bars, Some(pairs.len() as u64), "pairs");
    for (x, y) in pairs {
        task.advance(1);
        let length = attack_distance(&s, &kernel, x, y);
        let c = pattern::count(&s, &kernel, x, y, h, COUNT_LIMIT);
        let mut j = pair_json(&s, x, y, length, &c);
        if !args.pair.json {
            if !out.is_empty() && !args.count {
                out.push('\n');
            }
            out.push_str(&header(&s, x, y, length, &c));
        }
        if args.count || length.is_none() {
            json_pairs.push(Value::Object(j));
            continue;
        }
        let mut listed = Vec::new();
        let mut lines = String::new();
        pattern::each_main_path(&s, &kernel, x, y, |main| {
            let f = pattern::family(&s, &kernel, x, y, main, h);
            for p in f.iter() {
                if listed.len() as u128 >= limit {
                    return ControlFlow::Break(());
                }
                lines.push_str(&pattern_line(&s, x, y, &p));
                listed.push(pattern_json(&s, y, &p));
            }
            ControlFlow::Continue(())
        });
        let shown = listed.len() as u128;
        let note = match c.patterns {
            Some(total) if shown < total => Some(format!(
                "... {} more pattern{} not listed (--limit {}; --count prints only the counts)\n",
                total - shown,
                if total - shown == 1 { "" } else { "s" },
                args.limit
            )),
            Some(_) => None,
            None => Some(format!(
                "... more not listed: at least {} in all (--limit {}; `lingeo fuzzy` holds them in one fuzzy pattern)\n",
                lingeo::render::counted(c.main_paths, "pattern", "patterns"),
                args.limit
            )),
        };
        out.push_str(&lines);
        if let Some(note) = &note {
            out.push_str(note);
        }
        j.insert("listed".into(), count_json(shown));
        j.insert("list".into(), Value::Array(listed));
        json_pairs.push(Value::Object(j));
    }
    if args.pair.json {
        return super::json::to_string(&json!({ "pairs": json_pairs }));
    }
    if out.is_empty() {
        out.push_str("no pairs: no piece can attack an opposing piece\n");
    }
    Ok(out)
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

fn fuzzy_json(terms: &Terms, f: &Fuzzy) -> Value {
    let membership: Map<String, Value> = terms
        .terms()
        .iter()
        .zip(&f.membership)
        .map(|(t, m)| (t.name.clone(), json!(round(*m))))
        .collect();
    json!({
        "moves": f.value,
        "term": terms.terms()[f.term].name,
        "membership": membership,
        "degree": round(f.degree),
    })
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
    let a = &args.pair;
    let s = setup::load(&a.scenario)?;
    let kernel = setup::kernel(&s, &[])?;
    let terms = &s.length_terms;
    let mut out = String::new();
    let mut json_pairs = Vec::new();
    let pairs = pairs(&s, &kernel, a)?;
    let bars = super::progress::Bars::new();
    let task = Task::start(&bars, Some(pairs.len() as u64), "pairs");
    for (x, y) in pairs {
        task.advance(1);
        let fp = fuzzy_pattern(&s, &kernel, x, y, a.horizon, terms);
        let c = pattern::count(&s, &kernel, x, y, a.horizon, COUNT_LIMIT);
        let length = fp.as_ref().map(|f| f.length.value);
        let mut j = pair_json(&s, x, y, length, &c);
        if !out.is_empty() {
            out.push('\n');
        }
        match &fp {
            None => out.push_str(&header(&s, x, y, None, &c)),
            Some(fp) => {
                out.push_str(&fuzzy_text(&s, terms, fp, &c));
                let interacting = |pieces: &[Interacting]| -> Vec<Value> {
                    pieces
                        .iter()
                        .map(|p| {
                            let mut m = Map::new();
                            m.insert("piece".into(), json!(s.pieces[p.piece].name));
                            if let Value::Object(f) = fuzzy_json(terms, &p.distance) {
                                m.extend(f);
                            }
                            Value::Object(m)
                        })
                        .collect()
                };
                j.insert(
                    "fuzzy".into(),
                    json!({
                        "stops": fp.stops.iter().map(|l| names(&s, l)).collect::<Vec<_>>(),
                        "region": names(&s, &fp.region),
                        "length": fuzzy_json(terms, &fp.length),
                        "attack": interacting(&fp.attack),
                        "block": interacting(&fp.block),
                        "rank": {
                            "target": round(fp.rank.target),
                            "block": round(fp.rank.block),
                            "attack": round(fp.rank.attack),
                            "value": round(fp.rank.value),
                        },
                    }),
                );
            }
        }
        json_pairs.push(Value::Object(j));
    }
    if a.json {
        return super::json::to_string(&json!({ "pairs": json_pairs }));
    }
    if out.is_empty() {
        out.push_str("no pairs: no piece can attack an opposing piece\n");
    }
    Ok(out)
}
