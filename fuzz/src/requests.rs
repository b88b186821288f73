//! A generator of API requests for the `serve_request` target's generated mode: the fuzzer's
//! bytes choose an endpoint, a scenario (a grid of any size up to a few hundred points a side,
//! pieces of the chess types, goals, a game block) and the fields that make the work large
//! (lengths, horizons, limits, caps on zones and answers, `simple`, `count`, `all_zones`),
//! so that the server's bounds are what stops each request: its memory budget, its time
//! limit, the caps of the request. Mutated raw text seldom gets past the JSON and field
//! checks to a computation this large.

use arbitrary::{Result, Unstructured};
use serde_json::{Map, Value, json};

const TYPES: [&str; 6] = ["king", "queen", "rook", "bishop", "knight", "pawn"];

/// A request: its path and JSON body.
pub struct Request {
    pub path: &'static str,
    pub body: Value,
}

/// A size: mostly small, sometimes large, now and then past what fits.
fn size(u: &mut Unstructured<'_>) -> Result<u32> {
    Ok(match u.int_in_range(0..=9)? {
        0..=5 => u.int_in_range(1..=12)?,
        6..=8 => u.int_in_range(13..=64)?,
        _ => u.int_in_range(65..=400)?,
    })
}

/// A count or cap: from none to far past any cap.
fn amount(u: &mut Unstructured<'_>) -> Result<u64> {
    Ok(match u.int_in_range(0..=5)? {
        0 => 0,
        1..=2 => u.int_in_range(1..=100)?,
        3 => u.int_in_range(101..=100_000)?,
        4 => u.int_in_range(100_001..=1_000_000_000)?,
        _ => u64::MAX,
    })
}

fn point(u: &mut Unstructured<'_>, w: u32, h: u32) -> Result<String> {
    // Mostly on the board, sometimes just off it.
    let x = u.int_in_range(1..=w + 1)?;
    let y = u.int_in_range(1..=h + 1)?;
    Ok(format!("({x},{y})"))
}

/// A scenario's text, its board's width and height, and its pieces' names.
fn scenario(u: &mut Unstructured<'_>) -> Result<(String, u32, u32, Vec<String>)> {
    let (w, h) = (size(u)?, size(u)?);
    let mut text = format!("board {w}x{h}\n");
    if u.ratio(1, 4)? {
        let removed: Vec<String> = (0..u.int_in_range(1..=4)?)
            .map(|_| point(u, w, h))
            .collect::<Result<_>>()?;
        text.push_str(&format!("removed {}\n", removed.join(" ")));
    }
    if u.ratio(1, 4)? {
        text.push_str("type WALKER { like king value 3 }\ntype TARGET { value 10 }\n");
    }
    let mut names = Vec::new();
    for i in 0..u.int_in_range(0..=6)? {
        let side = if u.arbitrary()? { "white" } else { "black" };
        let kind = if text.contains("WALKER") && u.ratio(1, 2)? {
            *u.choose(&["WALKER", "TARGET"])?
        } else {
            *u.choose(&TYPES)?
        };
        let at = point(u, w, h)?;
        text.push_str(&format!("{side} {kind} at {at} as P{i}\n"));
        names.push(format!("P{i}"));
    }
    for _ in 0..u.int_in_range(0..=2)? {
        let at = point(u, w, h)?;
        match names.get(u.int_in_range(0..=names.len())?) {
            Some(owner) => text.push_str(&format!("goal {at} for {owner}\n")),
            None => text.push_str(&format!("goal {at}\n")),
        }
    }
    if u.ratio(1, 2)? {
        text.push_str("game {\n  first white\n  goals survive\n  stalemate pass\n");
        if u.arbitrary()? {
            text.push_str(&format!("  limit {}\n", u.int_in_range(1..=200)?));
        }
        text.push_str("}\n");
    }
    Ok((text, w, h, names))
}

fn maybe(u: &mut Unstructured<'_>, body: &mut Map<String, Value>, key: &str, value: Value) {
    if u.ratio(1, 2).unwrap_or(false) {
        body.insert(key.to_string(), value);
    }
}

/// A request to one of the endpoints that compute.
pub fn request(u: &mut Unstructured<'_>) -> Result<Request> {
    let (text, w, h, names) = scenario(u)?;
    let mut body = Map::new();
    body.insert("scenario".into(), json!(text));
    let piece = |u: &mut Unstructured<'_>| -> Result<Value> {
        Ok(match names.get(u.int_in_range(0..=names.len())?) {
            Some(n) => json!(n),
            None => json!(*u.choose(&TYPES)?),
        })
    };
    let path = match u.int_in_range(0..=9)? {
        0 => "/api/board",
        1 => {
            body.insert("type".into(), json!(*u.choose(&TYPES)?));
            body.insert("from".into(), json!(point(u, w, h)?));
            let reverse = u.arbitrary::<bool>()?;
            maybe(u, &mut body, "reverse", json!(reverse));
            "/api/map"
        }
        2 => {
            body.insert("type".into(), json!(*u.choose(&TYPES)?));
            body.insert("from".into(), json!(point(u, w, h)?));
            body.insert("to".into(), json!(point(u, w, h)?));
            let length = u.int_in_range(0..=80)?;
            maybe(u, &mut body, "length", json!(length));
            let (simple, count) = (u.arbitrary::<bool>()?, u.arbitrary::<bool>()?);
            body.insert("simple".into(), json!(simple));
            body.insert("count".into(), json!(count));
            let rule = *u.choose(&["s16", "s06"])?;
            maybe(u, &mut body, "rule", json!(rule));
            let limit = amount(u)?;
            maybe(u, &mut body, "limit", json!(limit));
            "/api/trajectories"
        }
        3..=4 => {
            body.insert("piece".into(), piece(u)?);
            body.insert("to".into(), json!(point(u, w, h)?));
            let horizon = u.int_in_range(0..=60)?;
            maybe(u, &mut body, "horizon", json!(horizon));
            let all_zones = u.arbitrary::<bool>()?;
            maybe(u, &mut body, "all_zones", json!(all_zones));
            let all_attacks = u.arbitrary::<bool>()?;
            maybe(u, &mut body, "all_attacks", json!(all_attacks));
            let max_zones = amount(u)?;
            maybe(u, &mut body, "max_zones", json!(max_zones));
            let filters = *u.choose(&["all", "none", "f1", "f2"])?;
            maybe(u, &mut body, "filters", json!(filters));
            let engine = *u.choose(&["native", "grammar"])?;
            maybe(u, &mut body, "engine", json!(engine));
            "/api/zones"
        }
        5 => {
            let horizon = u.int_in_range(0..=60)?;
            maybe(u, &mut body, "horizon", json!(horizon));
            let limit = amount(u)?;
            maybe(u, &mut body, "limit", json!(limit));
            let count = u.arbitrary::<bool>()?;
            maybe(u, &mut body, "count", json!(count));
            if u.arbitrary()? {
                "/api/patterns"
            } else {
                body.remove("limit");
                body.remove("count");
                "/api/fuzzy"
            }
        }
        6..=7 => {
            let engine = *u.choose(&["alphabeta", "minimax", "lg", "lg-grammar"])?;
            body.insert("engine".into(), json!(engine));
            let depth = u.int_in_range(0..=40)?;
            maybe(u, &mut body, "depth", json!(depth));
            let horizon = u.int_in_range(0..=40)?;
            maybe(u, &mut body, "horizon", json!(horizon));
            let max_nodes = amount(u)?;
            maybe(u, &mut body, "max_nodes", json!(max_nodes));
            let tree = u.arbitrary::<bool>()?;
            maybe(u, &mut body, "tree", json!(tree));
            "/api/search"
        }
        8 => {
            body.insert("piece".into(), piece(u)?);
            body.insert("to".into(), json!(point(u, w, h)?));
            let horizon = u.int_in_range(0..=40)?;
            maybe(u, &mut body, "horizon", json!(horizon));
            let moves = if u.arbitrary()? { "" } else { "a1-a2" };
            maybe(u, &mut body, "moves", json!(moves));
            "/api/translate"
        }
        _ => {
            let start = format!("S({}, {}, {})", point(u, w, h)?, point(u, w, h)?, u.int_in_range(0..=40)?);
            body.insert("start".into(), json!(start));
            body.insert("piece".into(), piece(u)?);
            // The shipped grammar of admissible trajectories, given as text.
            body.insert(
                "grammar".into(),
                json!(include_str!("../../grammars/admissible-trajectories.lgg")),
            );
            let max_sentences = amount(u)?;
            maybe(u, &mut body, "max_sentences", json!(max_sentences));
            "/api/run"
        }
    };
    Ok(Request {
        path,
        body: Value::Object(body),
    })
}
