//! The patterns and fuzzy patterns of the MAICS 2013 paper (docs/semantics.md §11.3, §11.4): of
//! one ordered pair of opposing pieces, or of every pair where one can attack the other.

use std::ops::ControlFlow;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::Workbench;
use super::error::{ApiError, Result};
use super::request::{self, Request};
use crate::board::Point;
use crate::budget::{Budget, Exceeded};
use crate::fuzzy::{Fuzzy, FuzzyPattern, Interacting, Terms, fuzzy_pattern};
use crate::pattern::{self, Pattern, PatternCount, attack_distance};
use crate::piece::Side;
use crate::progress::{Progress, Task};
use crate::scenario::Scenario;

/// Main paths beyond which patterns are not counted exactly (the count lists the main paths,
/// though not the options): the main paths are then a lower bound.
pub const COUNT_LIMIT: u128 = 100_000;

/// What [`Workbench::fuzzy_patterns`] reads, and which pairs [`Workbench::pairs`] gives: one
/// ordered pair `X,Y` (X attacks Y) by the names of placed pieces, or every pair of opposing
/// pieces where Y is attack-able by X (of `side` only, if given); and the horizon within which
/// interacting pieces count. The options of `lingeo fuzzy`, of the server's `fuzzy` (and
/// Python's), with their defaults (`Default`) and rules ([`Request::check`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct PairsRequest {
    /// One ordered pair `X,Y` (X attacks Y), by the names of placed pieces in the scenario:
    /// `WR,BK` for the chess pieces named by default (W/B and the piece letter K Q R B N P),
    /// or the names given with `as NAME` (`lingeo check` lists them). Default: every pair of
    /// opposing pieces where Y is attack-able by X.
    pub pair: Option<String>,
    /// Only the pairs whose attacking piece X is of this side (not with `pair`).
    pub side: Option<Side>,
    /// Interacting pieces count when they act within this many moves.
    pub horizon: u32,
    /// Stop with an error after this many seconds.
    pub time: Option<f64>,
    /// Stop with an error when the job would use more than this many MiB of memory (1 to
    /// 2^30): structures as large as the board are refused beforehand when they would not fit,
    /// and listings (paths, patterns) and the printed output stop where they would pass it.
    pub max_memory: u64,
}

impl Default for PairsRequest {
    fn default() -> Self {
        PairsRequest {
            pair: None,
            side: None,
            horizon: 1,
            time: None,
            max_memory: request::DEFAULT_MEMORY_MIB,
        }
    }
}

/// The rules the pairs' fields share: one pair or a side, a time, a memory limit.
fn check_pairs(
    pair: &Option<String>,
    side: Option<Side>,
    time: Option<f64>,
    mib: u64,
) -> Result<()> {
    if pair.is_some() && side.is_some() {
        return Err(ApiError::request(
            Some("side"),
            "`pair` names one pair and `side` the pairs of a side: give one",
        ));
    }
    request::check_time(time)?;
    request::check_max_memory(mib)
}

impl Request for PairsRequest {
    const JOB: &'static str = "fuzzy";

    fn check(&self) -> Result<()> {
        check_pairs(&self.pair, self.side, self.time, self.max_memory)
    }
}

/// What [`Workbench::patterns`] lists: the options of `lingeo patterns`, of the server's
/// `patterns`, with their defaults (`Default`) and rules ([`Request::check`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct PatternsRequest {
    /// One ordered pair `X,Y` (X attacks Y), by the names of placed pieces in the scenario:
    /// `WR,BK` for the chess pieces named by default (W/B and the piece letter K Q R B N P),
    /// or the names given with `as NAME` (`lingeo check` lists them). Default: every pair of
    /// opposing pieces where Y is attack-able by X.
    pub pair: Option<String>,
    /// Only the pairs whose attacking piece X is of this side (not with `pair`).
    pub side: Option<Side>,
    /// Interacting pieces count when they act within this many moves.
    pub horizon: u32,
    /// List at most this many patterns per pair (the counts do not depend on it).
    pub limit: u64,
    /// Print only the counts per pair. Main paths are counted by a dynamic program; patterns by
    /// counting each main path's options without listing them, when a pair has at most 100000
    /// main paths (beyond, the main paths are a lower bound and the patterns are not counted).
    pub count: bool,
    /// Stop with an error after this many seconds.
    pub time: Option<f64>,
    /// Stop with an error when the job would use more than this many MiB of memory (1 to
    /// 2^30): structures as large as the board are refused beforehand when they would not fit,
    /// and listings (paths, patterns) and the printed output stop where they would pass it.
    pub max_memory: u64,
}

impl Default for PatternsRequest {
    fn default() -> Self {
        let pairs = PairsRequest::default();
        PatternsRequest {
            pair: pairs.pair,
            side: pairs.side,
            horizon: pairs.horizon,
            limit: 1000,
            count: false,
            time: pairs.time,
            max_memory: pairs.max_memory,
        }
    }
}

impl PatternsRequest {
    /// Its pairs, as [`Workbench::pairs`] reads them.
    pub fn pairs(&self) -> PairsRequest {
        PairsRequest {
            pair: self.pair.clone(),
            side: self.side,
            horizon: self.horizon,
            time: self.time,
            max_memory: self.max_memory,
        }
    }
}

impl Request for PatternsRequest {
    const JOB: &'static str = "patterns";

    fn check(&self) -> Result<()> {
        check_pairs(&self.pair, self.side, self.time, self.max_memory)
    }
}

/// One pattern listed: the main path, the attack pieces (each with the point of the main path
/// it reaches and its path there), the block pieces (each with its path removing the target),
/// and its rank.
#[derive(Clone, Debug)]
pub struct ListedPattern {
    /// The main path, from the attacking piece to its target.
    pub main: Vec<Point>,
    /// Per attack piece: (piece, the point z of the main path it reaches, its path to z).
    pub attack: Vec<(usize, Point, Vec<Point>)>,
    /// Per block piece: (piece, its path removing the target).
    pub block: Vec<(usize, Vec<Point>)>,
    /// The pattern's rank.
    pub rank: f64,
}

impl ListedPattern {
    /// About what it holds: its paths and their headers.
    fn bytes(&self) -> usize {
        let path = crate::budget::points_bytes;
        std::mem::size_of::<ListedPattern>()
            + path(self.main.len())
            + self
                .attack
                .iter()
                .map(|(_, _, t)| path(t.len()))
                .sum::<usize>()
            + self.block.iter().map(|(_, t)| path(t.len())).sum::<usize>()
    }

    /// A pattern of the family of a main path, owned, with its rank (the target `y`'s).
    pub fn of(s: &Scenario, y: usize, p: &Pattern<'_>) -> ListedPattern {
        ListedPattern {
            main: p.main.to_vec(),
            attack: p
                .attack
                .iter()
                .map(|&(i, z, t)| (i, z, t.to_vec()))
                .collect(),
            block: p.block.iter().map(|&(i, t)| (i, t.to_vec())).collect(),
            rank: pattern::rank(s, y, p),
        }
    }
}

/// One pair: the attacking piece `x`, its target `y`, the length of the attack (none: `y` is
/// not attack-able by `x`), the count, and the patterns listed or the fuzzy pattern.
#[derive(Clone, Debug)]
pub struct PairPatterns {
    /// The attacking piece.
    pub x: usize,
    /// Its target.
    pub y: usize,
    /// The attack's length in moves, none where `y` is not attack-able by `x`.
    pub length: Option<u32>,
    /// The main paths and patterns.
    pub count: PatternCount,
    /// The patterns listed (`patterns`, unless only counted).
    pub listed: Vec<ListedPattern>,
    /// The fuzzy pattern (`fuzzy`).
    pub fuzzy: Option<FuzzyPattern>,
}

/// Patterns or fuzzy patterns of the pairs; serialised, what `lingeo patterns --json` or
/// `lingeo fuzzy --json` prints.
#[derive(Clone, Debug)]
pub struct PatternsResult {
    /// The pairs, x then y in declaration order.
    pub pairs: Vec<PairPatterns>,
    /// Them for JSON.
    pub json: PatternsJson,
}

impl Serialize for PatternsResult {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.json.serialize(serializer)
    }
}

/// The pairs for JSON.
#[derive(Clone, Debug, Serialize)]
pub struct PatternsJson {
    /// Each pair.
    pub pairs: Vec<PairJson>,
}

/// A pair for JSON.
#[derive(Clone, Debug, Serialize)]
pub struct PairJson {
    /// The attacking piece's name.
    pub from: String,
    /// The target's name.
    pub to: String,
    /// The attack's length, null where not attack-able.
    pub length: Option<u32>,
    /// The main paths: a number, or a string past 64 bits.
    pub main_paths: Value,
    /// The patterns, likewise; null where not counted.
    pub patterns: Value,
    /// 1 where attack-able (one fuzzy pattern holds them), else 0.
    pub fuzzy_patterns: u8,
    /// How many patterns are listed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub listed: Option<Value>,
    /// The patterns listed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub list: Option<Vec<PatternJson>>,
    /// The fuzzy pattern.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fuzzy: Option<FuzzyJson>,
}

/// A pattern for JSON.
#[derive(Clone, Debug, Serialize)]
pub struct PatternJson {
    /// The main path.
    pub main: Vec<String>,
    /// The attack pieces.
    pub attack: Vec<AttackPieceJson>,
    /// The block pieces.
    pub block: Vec<BlockPieceJson>,
    /// The rank, to 3 decimals.
    pub rank: f64,
}

/// An attack piece of a pattern.
#[derive(Clone, Debug, Serialize)]
pub struct AttackPieceJson {
    /// Its name.
    pub piece: String,
    /// The point of the main path it reaches.
    pub at: String,
    /// Its path there.
    pub path: Vec<String>,
}

/// A block piece of a pattern.
#[derive(Clone, Debug, Serialize)]
pub struct BlockPieceJson {
    /// Its name.
    pub piece: String,
    /// Its path removing the target.
    pub path: Vec<String>,
}

/// A fuzzy pattern for JSON.
#[derive(Clone, Debug, Serialize)]
pub struct FuzzyJson {
    /// The stops of the main region, layer by layer.
    pub stops: Vec<Vec<String>>,
    /// The main region.
    pub region: Vec<String>,
    /// The length, fuzzified.
    pub length: FuzzyValueJson,
    /// The attack pieces.
    pub attack: Vec<InteractingJson>,
    /// The block pieces.
    pub block: Vec<InteractingJson>,
    /// The rank and its parts.
    pub rank: FuzzyRankJson,
}

/// A fuzzified number of moves.
#[derive(Clone, Debug, Serialize)]
pub struct FuzzyValueJson {
    /// The crisp number of moves.
    pub moves: u32,
    /// The term of highest membership.
    pub term: String,
    /// The membership in each term, by name.
    pub membership: Map<String, Value>,
    /// The degree.
    pub degree: f64,
}

/// An interacting piece of a fuzzy pattern.
#[derive(Clone, Debug, Serialize)]
pub struct InteractingJson {
    /// Its name.
    pub piece: String,
    /// Its nearest option, fuzzified.
    #[serde(flatten)]
    pub distance: FuzzyValueJson,
}

/// The rank of a fuzzy pattern and its parts.
#[derive(Clone, Debug, Serialize)]
pub struct FuzzyRankJson {
    /// The target's part.
    pub target: f64,
    /// The block pieces' part.
    pub block: f64,
    /// The attack pieces' part.
    pub attack: f64,
    /// The rank.
    pub value: f64,
}

/// A count as JSON: a number, or a string when it does not fit in 64 bits.
fn count_json(n: u128) -> Value {
    u64::try_from(n).map_or_else(|_| Value::String(n.to_string()), Value::from)
}

fn round(v: f64) -> f64 {
    (v * 1000.0).round() / 1000.0
}

fn names(s: &Scenario, points: &[Point]) -> Vec<String> {
    points
        .iter()
        .map(|&p| s.board.name(p).to_string())
        .collect()
}

/// The names of a listed pattern's path, counted as the result's text in `budget`.
fn listed_names(
    s: &Scenario,
    points: &[Point],
    budget: &mut Budget,
) -> Result<Vec<String>, Exceeded> {
    budget.names(&s.board, points, || "the patterns listed".into())
}

fn fuzzy_value_json(terms: &Terms, f: &Fuzzy) -> FuzzyValueJson {
    FuzzyValueJson {
        moves: f.value,
        term: terms.terms()[f.term].name.clone(),
        membership: terms
            .terms()
            .iter()
            .zip(&f.membership)
            .map(|(t, m)| (t.name.clone(), Value::from(round(*m))))
            .collect(),
        degree: round(f.degree),
    }
}

/// A pair for JSON, its listed patterns' names counted as the result's text in `budget`.
fn pair_json(
    s: &Scenario,
    p: &PairPatterns,
    listed: bool,
    budget: &mut Budget,
) -> Result<PairJson, Exceeded> {
    let interacting = |pieces: &[Interacting]| -> Vec<InteractingJson> {
        pieces
            .iter()
            .map(|i| InteractingJson {
                piece: s.pieces[i.piece].name.clone(),
                distance: fuzzy_value_json(&s.length_terms, &i.distance),
            })
            .collect()
    };
    let list = if listed {
        let mut list = Vec::with_capacity(p.listed.len());
        for l in &p.listed {
            let mut attack = Vec::with_capacity(l.attack.len());
            for (i, z, t) in &l.attack {
                attack.push(AttackPieceJson {
                    piece: s.pieces[*i].name.clone(),
                    at: s.board.name(*z).to_string(),
                    path: listed_names(s, t, budget)?,
                });
            }
            let mut block = Vec::with_capacity(l.block.len());
            for (i, t) in &l.block {
                block.push(BlockPieceJson {
                    piece: s.pieces[*i].name.clone(),
                    path: listed_names(s, t, budget)?,
                });
            }
            list.push(PatternJson {
                main: listed_names(s, &l.main, budget)?,
                attack,
                block,
                rank: round(l.rank),
            });
        }
        Some(list)
    } else {
        None
    };
    Ok(PairJson {
        from: s.pieces[p.x].name.clone(),
        to: s.pieces[p.y].name.clone(),
        length: p.length,
        main_paths: count_json(p.count.main_paths),
        patterns: p.count.patterns.map_or(Value::Null, count_json),
        fuzzy_patterns: u8::from(p.length.is_some()),
        listed: listed.then(|| count_json(p.listed.len() as u128)),
        list,
        fuzzy: p.fuzzy.as_ref().map(|fp| FuzzyJson {
            stops: fp.stops.iter().map(|l| names(s, l)).collect(),
            region: names(s, &fp.region),
            length: fuzzy_value_json(&s.length_terms, &fp.length),
            attack: interacting(&fp.attack),
            block: interacting(&fp.block),
            rank: FuzzyRankJson {
                target: round(fp.rank.target),
                block: round(fp.rank.block),
                attack: round(fp.rank.attack),
                value: round(fp.rank.value),
            },
        }),
    })
}

impl Workbench {
    /// The pairs of `r`: the one named, or every attack-able pair (of its side), x then y in
    /// declaration order. A pair that does not read, names a piece that is not there, or two
    /// pieces of one side names the field `pair`.
    pub fn pairs(&self, r: &PairsRequest) -> Result<Vec<(usize, usize)>> {
        let (s, kernel) = (self.scenario(), self.kernel());
        if let Some(text) = &r.pair {
            let bad = |message: String| ApiError::request(Some("pair"), message);
            let Some((a, b)) = text.split_once(',') else {
                return Err(bad(format!(
                    "`{text}` is not two piece names `X,Y`, such as `WR,BK`"
                )));
            };
            let find = |name: &str| -> Result<usize> {
                let name = name.trim();
                s.pieces.iter().position(|p| p.name == name).ok_or_else(|| {
                    let names: Vec<&str> = s.pieces.iter().map(|p| p.name.as_str()).collect();
                    let hint = crate::syntax::suggest::closest(name, names.iter().copied())
                        .map(|n| format!("; did you mean `{n}`?"))
                        .unwrap_or_default();
                    let known = if names.is_empty() {
                        "the scenario places no pieces".to_string()
                    } else {
                        format!("pieces: {}", names.join(", "))
                    };
                    bad(format!(
                        "no piece `{name}` in {}{hint} ({known})",
                        self.name()
                    ))
                })
            };
            let (x, y) = (find(a)?, find(b)?);
            let (px, py) = (&s.pieces[x], &s.pieces[y]);
            if px.side == py.side {
                return Err(bad(format!(
                    "{} and {} are both {}; a pattern is a piece against an opposing piece",
                    px.name, py.name, px.side
                )));
            }
            return Ok(vec![(x, y)]);
        }
        let n = s.pieces.len();
        Ok((0..n)
            .filter(|&x| r.side.is_none_or(|side| s.pieces[x].side == side))
            .flat_map(|x| (0..n).map(move |y| (x, y)))
            .filter(|&(x, y)| attack_distance(s, kernel, x, y).is_some())
            .collect())
    }

    /// The patterns of the pairs of `r`: counted (main paths by a dynamic program; patterns
    /// without listing them where a pair has at most [`COUNT_LIMIT`] main paths) and, unless
    /// only counted, listed up to `r.limit` per pair; `progress` hears of each pair. Every
    /// path listed, pattern kept and name printed is held against the thread's memory limit
    /// as it is built ([`crate::budget`]): a pair whose interacting pieces have more paths
    /// than memory holds stops with [`ApiError::TooLarge`], and past the thread's deadline
    /// with [`ApiError::Stopped`].
    ///
    /// ```
    /// use lingeo::api::{PatternsRequest, Workbench};
    /// let bench = Workbench::load("examples/figure2.scenario").unwrap();
    /// let r = PatternsRequest { pair: Some("WR,BK".into()), ..PatternsRequest::default() };
    /// let found = bench.patterns(&r, &lingeo::progress::Silent).unwrap();
    /// assert_eq!(found.pairs[0].listed.len(), 7); // the paper's Figure 2
    /// ```
    pub fn patterns(&self, r: &PatternsRequest, progress: &dyn Progress) -> Result<PatternsResult> {
        r.check()?;
        self.no_jumping_types()?;
        request::within_time(r.time, || self.patterns_within(r, progress))
    }

    /// [`Workbench::patterns`], within the request's time.
    fn patterns_within(
        &self,
        r: &PatternsRequest,
        progress: &dyn Progress,
    ) -> Result<PatternsResult> {
        let (s, kernel) = (self.scenario(), self.kernel());
        let h = r.horizon;
        let limit = u128::from(r.limit);
        let pairs = self.pairs(&r.pairs())?;
        let task = Task::start(progress, Some(pairs.len() as u64), "pairs");
        // The patterns kept and their names, held until the result is handed over.
        let mut kept = Budget::new();
        let mut found = Vec::new();
        let mut json = Vec::new();
        for (x, y) in pairs {
            task.advance(1);
            let length = attack_distance(s, kernel, x, y);
            let count = pattern::count(s, kernel, x, y, h, COUNT_LIMIT, &mut Budget::new())?;
            let listing = !r.count && length.is_some();
            let mut listed = Vec::new();
            if listing {
                // The main paths of a pawn are listed first, held while they are gone over.
                let mut mains = Budget::new();
                pattern::each_main_path(s, kernel, x, y, &mut mains, |main| {
                    // One family's options at a time, given back when it is done.
                    let f = pattern::family(s, kernel, x, y, main, h, &mut Budget::new())?;
                    for p in f.iter() {
                        if listed.len() as u128 >= limit {
                            return Ok(ControlFlow::Break(()));
                        }
                        let pattern = ListedPattern::of(s, y, &p);
                        kept.hold(pattern.bytes(), || "the patterns listed".into())?;
                        listed.push(pattern);
                    }
                    Ok(ControlFlow::Continue(()))
                })?;
            }
            let pair = PairPatterns {
                x,
                y,
                length,
                count,
                listed,
                fuzzy: None,
            };
            json.push(pair_json(s, &pair, listing, &mut kept)?);
            found.push(pair);
        }
        Ok(PatternsResult {
            pairs: found,
            json: PatternsJson { pairs: json },
        })
    }

    /// The fuzzy pattern of each pair of `r` (none where not attack-able), with the count of
    /// the patterns it holds; `progress` hears of each pair. The fuzzy pattern is read off
    /// tables, but the count lists the main paths (at most [`COUNT_LIMIT`]): they are held
    /// against the memory limit as [`Workbench::patterns`] holds its listing.
    pub fn fuzzy_patterns(
        &self,
        r: &PairsRequest,
        progress: &dyn Progress,
    ) -> Result<PatternsResult> {
        r.check()?;
        self.no_jumping_types()?;
        request::within_time(r.time, || self.fuzzy_within(r, progress))
    }

    /// The patterns read a piece's moves as its captures (it takes by moving onto a piece);
    /// a type that takes by jumping (`jump` vectors, checkers) does not, so its patterns would
    /// be wrong: refused, naming the type.
    fn no_jumping_types(&self) -> Result<()> {
        match self.scenario().types.iter().find(|t| !t.jumps.is_empty()) {
            Some(t) => Err(ApiError::request(
                None,
                format!(
                    "the patterns read a piece's moves as its captures, and `{}` captures by jumping (its `jump` vectors), which they do not read yet",
                    t.name
                ),
            )),
            None => Ok(()),
        }
    }

    /// [`Workbench::fuzzy_patterns`], within the request's time.
    fn fuzzy_within(&self, r: &PairsRequest, progress: &dyn Progress) -> Result<PatternsResult> {
        let (s, kernel) = (self.scenario(), self.kernel());
        let pairs = self.pairs(r)?;
        let task = Task::start(progress, Some(pairs.len() as u64), "pairs");
        let mut kept = Budget::new();
        let mut found = Vec::new();
        let mut json = Vec::new();
        for (x, y) in pairs {
            task.advance(1);
            crate::budget::check_time()?;
            let fuzzy = fuzzy_pattern(s, kernel, x, y, r.horizon, &s.length_terms);
            let count =
                pattern::count(s, kernel, x, y, r.horizon, COUNT_LIMIT, &mut Budget::new())?;
            let pair = PairPatterns {
                x,
                y,
                length: fuzzy.as_ref().map(|f| f.length.value),
                count,
                listed: Vec::new(),
                fuzzy,
            };
            json.push(pair_json(s, &pair, false, &mut kept)?);
            found.push(pair);
        }
        Ok(PatternsResult {
            pairs: found,
            json: PatternsJson { pairs: json },
        })
    }
}
