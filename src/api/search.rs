//! Searching a game: alpha-beta, minimax, or the LG search over the reduced tree of zone moves
//! (docs/play-and-search.md, docs/lg-search.md).

use std::sync::Arc;
use std::time::Duration;

use serde::Serialize;

use super::Workbench;
use super::error::{ApiError, Result};
use crate::grammar::{Grammar, Limits};
use crate::play::game::Game;
use crate::play::players::chessmaps::Network;
use crate::play::players::rule_book::RuleBook;
use crate::play::search::lg::{End, Leaf, LgOptions, LgResult, TreeNode, Zones};
use crate::play::search::{self, Eval, Ordering, SearchOptions, SearchResult, StopReason};
use crate::play::state::{Move, State};
use crate::progress::Observer;

/// The search to run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Engine {
    /// Full-width alpha-beta with a transposition table (the default).
    #[default]
    Alphabeta,
    /// Plain minimax: no pruning, no table (for node counts).
    Minimax,
    /// The native LG search over the reduced tree of zone moves.
    Lg,
    /// The LG search derived by the search grammar (grammars/search.lgg).
    LgGrammar,
}

impl Engine {
    /// Its name: `alphabeta`, `minimax`, `lg`, `lg-grammar`.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Alphabeta => "alphabeta",
            Engine::Minimax => "minimax",
            Engine::Lg => "lg",
            Engine::LgGrammar => "lg-grammar",
        }
    }

    /// Whether it is one of the LG searches.
    pub fn is_lg(self) -> bool {
        matches!(self, Engine::Lg | Engine::LgGrammar)
    }
}

impl std::str::FromStr for Engine {
    type Err = ApiError;

    fn from_str(text: &str) -> Result<Engine> {
        [
            Engine::Alphabeta,
            Engine::Minimax,
            Engine::Lg,
            Engine::LgGrammar,
        ]
        .into_iter()
        .find(|e| e.name() == text)
        .ok_or_else(|| {
            ApiError::request(
                Some("engine"),
                format!("no engine is named `{text}` (alphabeta, minimax, lg, lg-grammar)"),
            )
        })
    }
}

/// The most threads a search takes.
pub const MAX_THREADS: usize = 256;

/// What [`Workbench::search`] runs; the defaults are `lingeo search`'s.
#[derive(Clone, Debug)]
pub struct SearchRequest {
    /// The engine.
    pub engine: Engine,
    /// Search this many plies deep (iterative deepening, leaves scored by `eval`); `None`
    /// solves the position. For the LG searches, the depth bound of the reduced tree.
    pub depth: Option<u32>,
    /// Move ordering of alpha-beta.
    pub ordering: Ordering,
    /// How alpha-beta and minimax score a leaf at the depth bound.
    pub eval: Eval,
    /// The transposition table's size in MiB (0: none). The default is sized to the machine
    /// ([`default_tt_mb`](crate::play::search::table::default_mb) of the default memory limit:
    /// an eighth of the available memory, at most 1 GiB).
    pub tt_mb: usize,
    /// The threads of an alpha-beta solve (lazy SMP; 1 by default). The value and the
    /// principal variation do not depend on it; with more than one, the positions and table
    /// hits vary from run to run.
    pub threads: usize,
    /// Stop after visiting this many positions.
    pub max_nodes: Option<u64>,
    /// Stop after this long.
    pub time: Option<Duration>,
    /// Play these moves first (as [`Workbench::play`] reads them).
    pub moves: String,
    /// The horizon of the zones (LG searches; zone orderings and evaluations).
    pub horizon: Option<u32>,
    /// The most zones listed for an attack (LG search, fuzzy and learned evaluations).
    pub max_zones: Option<usize>,
    /// Keep the LG search's reduced tree in the JSON.
    pub tree: bool,
    /// The LG search's options (full tree, leaf values, zones, domination, product zones).
    pub lg: LgOptions,
    /// The leaf values of the LG search (default: zones for `lg`, zero for `lg-grammar`).
    pub leaf: Option<Leaf>,
    /// The network of `Ordering::Chessmaps` (default: the shipped one).
    pub network: Option<Arc<Network>>,
    /// The rules of `Eval::Learned` (default: the shipped ones).
    pub rules: Option<Arc<RuleBook>>,
    /// The search grammar's limits (`lg-grammar`); their `max_memory` caps every search.
    pub limits: Limits,
    /// Who hears of the search's progress.
    pub progress: Observer,
}

impl Default for SearchRequest {
    fn default() -> Self {
        SearchRequest {
            engine: Engine::Alphabeta,
            depth: None,
            ordering: Ordering::Killer,
            eval: Eval::Material,
            tt_mb: crate::play::search::table::default_mb(Limits::default().max_memory),
            threads: 1,
            max_nodes: None,
            time: None,
            moves: String::new(),
            horizon: None,
            max_zones: None,
            tree: false,
            lg: LgOptions::default(),
            leaf: None,
            network: None,
            rules: None,
            limits: Limits::default(),
            progress: Observer::default(),
        }
    }
}

/// A search's result; serialised, what `lingeo search --json` prints.
#[derive(Clone, Debug, Serialize)]
pub struct SearchJson {
    /// The engine's name.
    pub engine: &'static str,
    /// The ordering's name.
    pub ordering: &'static str,
    /// Alpha-beta and minimax: how the leaves are scored.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub eval: Option<&'static str>,
    /// The learned rules' file, where one was given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rules: Option<String>,
    /// The network's file, where one was given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub network: Option<String>,
    /// The value from White's side (1, 0, -1), null when the search did not prove one.
    pub value: Option<i8>,
    /// The score (White's side).
    pub score: i32,
    /// The principal variation.
    pub pv: Vec<String>,
    /// Positions visited.
    pub nodes: u64,
    /// Transposition table hits.
    pub tt_hits: u64,
    /// The depth reached.
    pub depth: u32,
    /// Wall-clock time.
    pub time_ms: f64,
    /// The CPU time of the searching thread, where the system tells it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cpu_time_ms: Option<f64>,
    /// Why the search stopped early.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped: Option<StopReason>,
    /// LG searches: the horizon.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub horizon: Option<u32>,
    /// LG searches: whether the value is proved for the game: it rests on leaves that end
    /// the game, and every legal move of a side short of its best was answered at each node
    /// of its proof (`LgResult::proved`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub proved: Option<bool>,
    /// LG searches: whether the value is forced within LG's reduced tree (`LgResult::forced`).
    /// Where `proved` is false and this is true, the value is forced within LG's tree and
    /// not checked outside it: a move the tree leaves out may change it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub forced_in_tree: Option<bool>,
    /// LG searches: the race extension of the tree shown, in plies past the depth bound.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub race: Option<u32>,
    /// LG searches: the race asked for; more than `race` where the race budget stopped the
    /// deepening short.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub race_asked: Option<u32>,
    /// LG searches: the depth bound of the tree shown, in moves.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub depth_bound: Option<u32>,
    /// LG searches: the depth bound asked for; more than `depth_bound` where a time limit
    /// stopped the deepening before its last pass.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub depth_asked: Option<u32>,
    /// LG searches: the moves of the reduced tree.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub moves: Option<usize>,
    /// LG searches with `tree`: the reduced tree.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tree: Option<Vec<TreeJson>>,
}

/// A move of the reduced tree.
#[derive(Clone, Debug, Serialize)]
pub struct TreeJson {
    /// The move.
    pub r#move: String,
    /// Its value.
    pub value: i8,
    /// Why a leaf that does not end the game ends.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end: Option<&'static str>,
    /// Whether the search below it was cut.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub cut: bool,
    /// Its children.
    pub children: Vec<TreeJson>,
}

fn tree_json(nodes: &[TreeNode]) -> Vec<TreeJson> {
    nodes
        .iter()
        .map(|n| TreeJson {
            r#move: n.text.clone(),
            value: n.value,
            end: n.end.map(End::name),
            cut: n.cut,
            children: tree_json(&n.children),
        })
        .collect()
}

/// What the search grammar's run took (`lg-grammar`).
#[derive(Clone, Debug)]
pub struct GrammarRunStats {
    /// The grammar's name.
    pub grammar: String,
    /// Derivation steps.
    pub steps: u64,
    /// States of play reached.
    pub states: usize,
}

/// A search's outcome: the JSON, and what the text and pictures need.
#[derive(Clone, Debug)]
pub struct SearchOutcome {
    /// It for JSON.
    pub json: SearchJson,
    /// The search's result.
    pub result: SearchResult,
    /// The LG search's result (tree, horizon, proof).
    pub lg: Option<LgResult>,
    /// The search grammar's run (`lg-grammar`).
    pub grammar_run: Option<GrammarRunStats>,
    /// The options the search ran with.
    pub options: SearchOptions,
}

impl Serialize for SearchOutcome {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.json.serialize(serializer)
    }
}

/// The moves of a line in the source's notation.
pub fn line(game: &Game, moves: &[Move]) -> Vec<String> {
    moves.iter().map(|m| m.show(game)).collect()
}

/// Plays `moves` (separated by commas or spaces) from the initial state; an error names the
/// move and its number.
pub fn replay(game: &Game, moves: &str) -> Result<(State, Vec<Move>)> {
    let mut state = State::initial(game);
    let mut played = Vec::new();
    for (k, text) in crate::play::line::split(moves).iter().enumerate() {
        let mv = state.parse_move(game, text).map_err(|e| {
            ApiError::request(Some("moves"), format!("move {} (`{text}`): {e}", k + 1))
        })?;
        state.make(game, mv);
        played.push(mv);
    }
    Ok((state, played))
}

impl SearchRequest {
    /// What makes the request contradict itself, if anything does.
    fn check(&self) -> Result<()> {
        let bad = |field, message: &str| Err(ApiError::request(Some(field), message));
        let fuzzy = self.eval.zones();
        if fuzzy && self.engine.is_lg() {
            return bad(
                "eval",
                "a zone evaluation scores alpha-beta's and minimax's leaves; the LG search scores its own",
            );
        }
        if fuzzy && self.depth.is_none() {
            return bad(
                "eval",
                "a zone evaluation needs a depth: a solve scores no leaf",
            );
        }
        if self.network.is_some()
            && (self.engine != Engine::Alphabeta || self.ordering != Ordering::Chessmaps)
        {
            return bad(
                "network",
                "a network goes with alpha-beta's chessmaps ordering",
            );
        }
        if self.rules.is_some() && self.eval != Eval::Learned {
            return bad("rules", "rules go with the learned evaluation");
        }
        if let Some(n) = self.max_zones {
            if self.engine != Engine::Lg && !fuzzy {
                return bad(
                    "max_zones",
                    "max_zones goes with the LG search or a zone evaluation",
                );
            }
            if n == 0 {
                return bad("max_zones", "max_zones must be at least 1");
            }
        }
        let lg_only = self.tree
            || self.lg.full_tree
            || self.leaf.is_some()
            || self.lg.zones == Zones::Translate
            || self.lg.domination.is_some()
            || self.lg.guard_negations
            || self.lg.product_zones
            || self.lg.race.is_some()
            || self.lg.race_budget.is_some()
            || self.lg.zone_moves_only;
        if lg_only && !self.engine.is_lg() {
            return bad("engine", "the reduced tree's options need an LG search");
        }
        // Leaves valued 0 (the search grammar's) come without domination zones unless asked.
        let zero = self.leaf == Some(Leaf::Zero)
            || (self.leaf.is_none() && self.engine == Engine::LgGrammar);
        let dominates = self.lg.domination.unwrap_or(!zero);
        if self.lg.guard_negations && !dominates {
            return bad(
                "guard_negations",
                "the negations of domination zones need domination zones",
            );
        }
        if self.engine == Engine::LgGrammar && self.lg.domination == Some(true) {
            return bad("engine", "domination zones are the native LG search's");
        }
        if self.threads == 0 || self.threads > MAX_THREADS {
            return bad(
                "threads",
                &format!(
                    "threads must be from 1 to {MAX_THREADS}, not {}",
                    self.threads
                ),
            );
        }
        if (self.tt_mb << 20) >= self.limits.max_memory {
            return bad("tt_mb", "the table does not fit in the memory limit");
        }
        Ok(())
    }
}

impl Workbench {
    /// Searches the position after `r.moves`.
    ///
    /// ```
    /// use lingeo::api::{Engine, SearchRequest, Workbench};
    /// let bench = Workbench::load("examples/reti.scenario").unwrap();
    /// let solve = bench.search(&SearchRequest::default()).unwrap();
    /// assert_eq!(solve.json.value, Some(0)); // Réti's study: a draw
    /// // The LG search finds the draw too; its reduced tree ends in leaves that do not end the
    /// // game, so its value is a static estimate (docs/lg-search.md).
    /// let lg = bench.search(&SearchRequest { engine: Engine::Lg, ..SearchRequest::default() });
    /// let lg = lg.unwrap().json;
    /// assert_eq!((lg.value, lg.proved, lg.horizon), (Some(0), Some(false), Some(4)));
    /// ```
    pub fn search(&self, r: &SearchRequest) -> Result<SearchOutcome> {
        self.search_by(r, None)
    }

    /// [`Workbench::search`] with `Engine::LgGrammar` by a search grammar of the caller's.
    pub fn search_with_grammar(
        &self,
        r: &SearchRequest,
        grammar: &Grammar,
    ) -> Result<SearchOutcome> {
        if r.engine != Engine::LgGrammar {
            return Err(ApiError::request(
                Some("engine"),
                "a search grammar goes with lg-grammar",
            ));
        }
        self.search_by(r, Some(grammar))
    }

    fn search_by(&self, r: &SearchRequest, grammar: Option<&Grammar>) -> Result<SearchOutcome> {
        r.check()?;
        let game = self.game()?;
        let (root, _) = replay(&game, &r.moves)?;
        let options = SearchOptions {
            depth: r.depth,
            ordering: r.ordering,
            tt_mb: r.tt_mb,
            threads: r.threads,
            max_nodes: r.max_nodes,
            time: r.time,
            time_shown: r.time.map(|t| format!("{}", t.as_secs_f64())),
            max_memory: r.limits.max_memory,
            network: r.network.clone(),
            rules: r.rules.clone(),
            horizon: r.horizon.unwrap_or(SearchOptions::DEFAULT_HORIZON),
            eval: r.eval,
            max_zones: r.max_zones,
            progress: r.progress.clone(),
        };
        search_game(&game, &root, r, options, grammar)
    }
}

/// The search of `root` by the engine of `r`, with `options` built (from `r` by
/// [`Workbench::search`]; the CLI builds them from its flags), by `grammar` or the shipped
/// search grammar for `Engine::LgGrammar`.
pub fn search_game(
    game: &Game,
    root: &State,
    r: &SearchRequest,
    options: SearchOptions,
    grammar: Option<&Grammar>,
) -> Result<SearchOutcome> {
    {
        let lg = LgOptions {
            horizon: r.horizon,
            leaf: match (r.leaf, r.engine) {
                (Some(leaf), _) => leaf,
                (None, Engine::LgGrammar) => Leaf::Zero,
                (None, _) => Leaf::Zones,
            },
            // Under a time limit the LG search is anytime, as alpha-beta's solve is: it
            // deepens its depth bound and keeps the deepest completed pass.
            deepen: r.lg.deepen || options.time.is_some(),
            ..r.lg.clone()
        };
        let mut lg_result = None;
        let mut grammar_run = None;
        // The native LG search's errors are its checks of the request (a horizon of 0, a
        // depth or race past `MAX_DEPTH`); what fails inside it is its result's `stopped`,
        // except the zones of an attack that could not be listed.
        let refused = |e: search::lg::LgError| match e {
            search::lg::LgError::Zones { .. } => ApiError::failed(e.to_string()),
            _ => ApiError::request(None, e.to_string()),
        };
        let result = match r.engine {
            Engine::Alphabeta => search::alphabeta::search(game, root, &options),
            Engine::Minimax => search::minimax::search(game, root, &options),
            Engine::Lg => {
                let found = search::lg::search(game, root, &options, &lg).map_err(refused)?;
                let result = found.result.clone();
                lg_result = Some(found);
                result
            }
            Engine::LgGrammar => {
                let shipped;
                let grammar = match grammar {
                    Some(g) => g,
                    None => {
                        shipped = Grammar::shipped("search")?;
                        &shipped
                    }
                };
                let limits = Limits {
                    max_sentences: Limits::default().max_sentences,
                    max_imported_sentences: Limits::default().max_imported_sentences,
                    ..r.limits
                };
                let run = search::lg_grammar::search(game, root, grammar, &options, &lg, limits)?;
                let result = run.result.result.clone();
                grammar_run = Some(GrammarRunStats {
                    grammar: grammar.name().to_string(),
                    steps: run.steps,
                    states: run.states,
                });
                lg_result = Some(run.result);
                result
            }
        };
        // A search that stopped before it had any result gave up: an error, with its reason.
        // (Without a result, the search stopped.)
        if !result.has_result()
            && let Some(reason) = &result.stopped
        {
            return Err(ApiError::Stopped {
                reason: reason.clone(),
                note: "; no search completed, so there is no result",
            });
        }
        let ms = |t: Duration| (t.as_secs_f64() * 1e4).round() / 10.0;
        let json = SearchJson {
            engine: r.engine.name(),
            ordering: options.ordering.name(),
            eval: (!r.engine.is_lg()).then(|| options.eval.name()),
            rules: None,
            network: None,
            value: result.value,
            score: result.score,
            pv: line(game, &result.pv),
            nodes: result.nodes,
            tt_hits: result.tt_hits,
            depth: result.depth,
            time_ms: ms(result.time),
            cpu_time_ms: result.cpu_time.map(ms),
            stopped: result.stopped.clone(),
            horizon: lg_result.as_ref().map(|l| l.horizon),
            proved: lg_result.as_ref().map(|l| l.proved),
            forced_in_tree: lg_result.as_ref().map(|l| l.forced),
            race: lg_result.as_ref().map(|l| l.race),
            race_asked: lg_result.as_ref().map(|l| l.race_asked),
            depth_bound: lg_result.as_ref().map(|l| l.depth),
            depth_asked: lg_result.as_ref().map(|l| l.depth_asked),
            moves: lg_result.as_ref().map(|l| l.tree.moves()),
            tree: lg_result
                .as_ref()
                .filter(|_| r.tree)
                .map(|l| tree_json(&l.tree.children)),
        };
        Ok(SearchOutcome {
            json,
            result,
            lg: lg_result,
            grammar_run,
            options,
        })
    }
}
