//! Searching a game: alpha-beta, minimax, or the LG search over the reduced tree of zone moves
//! (docs/play-and-search.md, docs/lg-search.md).

use std::sync::Arc;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::Workbench;
use super::error::{ApiError, Result};
use super::grammar_limits::{GrammarLimits, LimitFields};
use super::request::{self, Request, memory_bytes};
use crate::grammar::{Grammar, Limits};
use crate::piece::Side;
use crate::play::game::Game;
use crate::play::notation;
use crate::play::players::chessmaps::Network;
use crate::play::players::rule_book::RuleBook;
use crate::play::search::lg::{End, Leaf, LgOptions, LgResult, Tree, TreeNode, Zones};
use crate::play::search::{self, Eval, Ordering, SearchOptions, SearchResult, StopReason};
use crate::play::state::{Move, State};
use crate::progress::Observer;

/// The search to run.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
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

/// The largest transposition table, in MiB.
pub const MAX_TT_MB: u64 = 16384;

/// What [`Workbench::search`] runs: the options of `lingeo search`, of the server's `search`
/// and of Python's `Scenario.search`, with their defaults (`Default`) and rules
/// ([`Request::check`]). The files and objects a search reads are [`SearchInputs`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct SearchRequest {
    /// The search: full-width alpha-beta, plain minimax (no pruning, no table) for node
    /// counts, or the LG search over the reduced tree of zone moves (docs/lg-search.md),
    /// native (`lg`) or derived by the search grammar (`lg-grammar`, grammars/search.lgg).
    pub engine: Engine,
    /// Search this many moves (plies) deep, by iterative deepening, scoring the leaves by
    /// `eval`; unset, the search solves the position (searches every line to the end of the
    /// game). For the LG searches: the depth bound of the reduced tree (unset: the horizon +
    /// 2).
    pub depth: Option<u32>,
    /// Move ordering of the alpha-beta search (the table's best move always comes first).
    /// Unset: chosen by the game, `mobility` where pieces are placed (Othello), `killer`
    /// otherwise.
    pub ordering: Option<Ordering>,
    /// How alpha-beta and minimax score a position at the depth bound: its material balance,
    /// the fuzzy evaluation of its goals' zones within `horizon` (default 4;
    /// docs/players.md §3), that with learned rules (docs/players.md §7), or mobility (White's
    /// legal moves minus Black's).
    pub eval: Eval,
    /// Size of the transposition table in MiB (0: no table; at most 16384). Unset: sized to
    /// the machine, an eighth of the available memory, at most 256 MiB and a quarter of
    /// `max_memory`, a power of two (at least 16 MiB).
    pub tt_mb: Option<u64>,
    /// Whether alpha-beta's table files a position and its images under the board's
    /// symmetries that the rules keep (mirrors, turns) as one, where the leaves are scored by
    /// material (docs/play-and-search.md §3.1). Unset: yes. The value is the same either way;
    /// the positions and the principal variation may differ.
    pub symmetry: Option<bool>,
    /// Solve on this many threads, 1 to 256 (lazy SMP over the shared table; alpha-beta
    /// solves without `max_nodes` or `time`, every other search takes one). The value is the
    /// same whatever the number; the positions and table hits of more than one thread vary
    /// from run to run.
    pub threads: usize,
    /// Stop after visiting this many positions.
    pub max_nodes: Option<u64>,
    /// Stop after this many seconds. A solve then deepens iteratively, so that it has the
    /// deepest completed iteration's result when the time runs out; so does the LG search's
    /// depth bound (one move a pass, the deepest completed pass's tree).
    pub time: Option<f64>,
    /// Play these moves first (separated by commas or spaces; as `lingeo play` takes them)
    /// and search the position they lead to.
    pub moves: String,
    /// The horizon of the zones: attack zones whose main trajectories are at most this long.
    /// For the LG searches, the zones whose trajectories the reduced tree follows (default:
    /// the distance of the farthest goal-owning piece to its goal); for the zones and patterns
    /// orderings and the zone evaluations, the zones they read (default 4).
    pub horizon: Option<u32>,
    /// The LG search, and the fuzzy and learned evaluations: list at most this many zones of
    /// an attack; the LG search stops at an attack with more (default 100000), the evaluation
    /// values it from its zone network (default 10000).
    pub max_zones: Option<usize>,
    /// LG searches: keep the reduced tree in the result (printed one move a line, indented by
    /// depth, the value after it; in JSON a `tree` field).
    pub tree: bool,
    /// LG searches: keep the proof tree in the result, the smallest part of the reduced tree
    /// searched that shows the root's value (each side's best line, each alternative its
    /// value rests on refuted by one reply; docs/lg-search.md): printed as the tree is, in
    /// JSON a `proof_tree` field with its size in `proof_moves`.
    pub proof_tree: bool,
    /// LG searches: build the whole reduced tree (no alpha-beta pruning inside it).
    pub full_tree: bool,
    /// LG searches: the value of a leaf that does not end the game: read off the status of
    /// its goal zones (a held goal wins; the default of `engine` lg), or 0 (the only one of
    /// `engine` lg-grammar). Either is a static estimate, and the result says when the value
    /// rests on one.
    pub leaf: Option<Leaf>,
    /// LG searches: where each state's zones come from: updated from the parent's across the
    /// move (the attacks the move cannot change kept, the others generated afresh: the same
    /// zones as `regenerate`, faster; the default), generated afresh at every state, or
    /// carried along the branch by the translations (π and the timer) and generated afresh
    /// only where a move ends an attack or the carried zones leave the side to move without a
    /// zone move (docs/lg-search.md).
    pub zones: Zones,
    /// The native LG search: add domination zones (each piece guarding the points a
    /// goal-owning piece of its side still has to pass, docs/lg-search.md), or attack zones
    /// only. Unset: with leaves valued by their zones, not with `leaf` zero.
    pub domination: Option<bool>,
    /// The native LG search: domination zones with their negations (bundles holding the
    /// trajectories that can stop the guard in time, and its side's answers), instead of the
    /// guards' main trajectories alone (docs/lg-search.md).
    pub guard_negations: bool,
    /// LG searches: plies the reduced tree goes on past the depth bound along the goal zones
    /// only (their main trajectories, interceptions and guards), before a leaf is valued
    /// statically (default: up to 3 times the horizon + 2 plies in all, at most twice the
    /// horizon; 0: none).
    pub race: Option<u32>,
    /// LG searches: the positions the race may take in all: the race deepens two plies a
    /// pass and stops before a pass that would pass this budget, showing the last whole
    /// pass's tree and saying how far its race went (default with the default race: 200000;
    /// with `race` given, no budget unless given).
    pub race_budget: Option<u64>,
    /// LG searches: search zone moves only, as the reduced tree did before issue 50: no
    /// refutation check, no tempo moves of a side that cannot wait, no search over every legal
    /// move where neither side has a zone move, no captures in the race (docs/lg-search.md,
    /// items 3 and 13).
    pub zone_moves_only: bool,
    /// LG searches: list every zone of each attack (the zone grammar's language, the product
    /// of the alternatives of its attach pairs) instead of one bundle per main trajectory.
    pub product_zones: bool,
    /// `engine` lg-grammar: stop with an error after this many derivation steps.
    pub max_steps: u64,
    /// `engine` lg-grammar: stop with an error when function calls nest deeper than this.
    pub max_depth: usize,
    /// `engine` lg-grammar: stop with an error when a string grows past this many symbols.
    pub max_length: usize,
    /// `engine` lg-grammar: stop with an error when a set-builder or range builds a set of
    /// more members than this.
    pub max_set_size: usize,
    /// `engine` lg-grammar: stop with an error when set-builders, quantifiers and vectors over
    /// X have gone over this many elements, and functions been called, in all.
    pub max_iterations: u64,
    /// Stop with an error when the search uses more than this many MiB of memory (1 to
    /// 2^30; the transposition table is part of it).
    pub max_memory: u64,
}

impl Default for SearchRequest {
    fn default() -> Self {
        let fields = LimitFields::default();
        SearchRequest {
            engine: Engine::Alphabeta,
            depth: None,
            ordering: None,
            eval: Eval::Material,
            tt_mb: None,
            symmetry: None,
            threads: 1,
            max_nodes: None,
            time: None,
            moves: String::new(),
            horizon: None,
            max_zones: None,
            tree: false,
            proof_tree: false,
            full_tree: false,
            leaf: None,
            zones: Zones::default(),
            domination: None,
            guard_negations: false,
            race: None,
            race_budget: None,
            zone_moves_only: false,
            product_zones: false,
            max_steps: fields.max_steps,
            max_depth: fields.max_depth,
            max_length: fields.max_length,
            max_set_size: fields.max_set_size,
            max_iterations: fields.max_iterations,
            max_memory: fields.max_memory,
        }
    }
}

/// What a search reads besides its options: the objects the front ends load from files or
/// texts, and who hears of its progress.
#[derive(Clone, Default)]
pub struct SearchInputs<'a> {
    /// The network of the chessmaps ordering (default: the shipped one).
    pub network: Option<Arc<Network>>,
    /// The rules of the learned evaluation (default: the shipped ones).
    pub rules: Option<Arc<RuleBook>>,
    /// The search grammar of `lg-grammar` (default: the shipped grammars/search.lgg).
    pub grammar: Option<&'a Grammar>,
    /// Who hears of the search's progress.
    pub progress: Observer,
}

impl SearchInputs<'_> {
    /// Whether the inputs go with the request's options.
    pub fn check(&self, r: &SearchRequest) -> Result<()> {
        Self::check_given(
            r,
            self.network.is_some(),
            self.rules.is_some(),
            self.grammar.is_some(),
        )
    }

    /// [`SearchInputs::check`] before the inputs are read: whether a network, rules and a
    /// grammar given would go with the request.
    pub fn check_given(r: &SearchRequest, network: bool, rules: bool, grammar: bool) -> Result<()> {
        let bad = |field, message: &str| Err(ApiError::request(Some(field), message));
        if network && (r.engine != Engine::Alphabeta || r.ordering != Some(Ordering::Chessmaps)) {
            return bad(
                "network",
                "`network` needs `ordering` chessmaps (alpha-beta)",
            );
        }
        if rules && r.eval != Eval::Learned {
            return bad("rules", "`rules` needs `eval` learned");
        }
        if grammar && r.engine != Engine::LgGrammar {
            return bad("grammar", "`grammar` needs `engine` lg-grammar");
        }
        Ok(())
    }
}

impl SearchRequest {
    /// The transposition table's size in MiB: as given, or sized to the memory limit.
    pub fn table_mb(&self) -> usize {
        match self.tt_mb {
            Some(mb) => mb as usize,
            None => crate::play::search::table::default_mb(memory_bytes(self.max_memory)),
        }
    }

    /// The search grammar's limits (`lg-grammar`); their `max_memory` caps every search.
    pub fn limits(&self) -> Limits {
        self.limit_fields().limits(None, None)
    }

    /// The time limit.
    pub fn duration(&self) -> Option<Duration> {
        self.time.and_then(|t| Duration::try_from_secs_f64(t).ok())
    }

    /// The LG search's options (the leaf's default per engine; deepening under a time limit).
    pub fn lg_options(&self) -> LgOptions {
        LgOptions {
            horizon: self.horizon,
            full_tree: self.full_tree,
            leaf: match (self.leaf, self.engine) {
                (Some(leaf), _) => leaf,
                (None, Engine::LgGrammar) => Leaf::Zero,
                (None, _) => Leaf::Zones,
            },
            zones: self.zones,
            domination: self.domination,
            product_zones: self.product_zones,
            guard_negations: self.guard_negations,
            race: self.race,
            race_budget: self.race_budget,
            // Under a time limit the LG search is anytime, as alpha-beta's solve is: it
            // deepens its depth bound and keeps the deepest completed pass.
            deepen: self.time.is_some(),
            zone_moves_only: self.zone_moves_only,
        }
    }

    /// The options of the search proper of `game`.
    pub fn search_options(&self, game: &Game, inputs: &SearchInputs) -> SearchOptions {
        SearchOptions {
            depth: self.depth,
            ordering: self.ordering.unwrap_or_else(|| Ordering::for_game(game)),
            tt_mb: self.table_mb(),
            symmetry: self.symmetry.unwrap_or(true),
            threads: self.threads,
            full_window: false,
            compiled: true,
            max_nodes: self.max_nodes,
            time: self.duration(),
            started: None,
            time_shown: self.time.map(seconds),
            max_memory: memory_bytes(self.max_memory),
            network: inputs.network.clone(),
            rules: inputs.rules.clone(),
            horizon: self.horizon.unwrap_or(SearchOptions::DEFAULT_HORIZON),
            eval: self.eval,
            max_zones: self.max_zones,
            progress: inputs.progress.clone(),
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
    /// The score (White's side); where `counted`, the final difference in pieces.
    pub score: i32,
    /// The game is decided by counting pieces (`deadlock count`, no goals, no royal piece:
    /// Othello) and its value is proved: `score` is then the final number of White's pieces
    /// minus Black's under the play found (both sides playing for the largest margin).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub counted: bool,
    /// The principal variation.
    pub pv: Vec<String>,
    /// Under `rules chess`: the principal variation in SAN (`Nf3`, `O-O`, `Qh4#`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pv_san: Option<Vec<String>>,
    /// Under `rules chess`: the principal variation in UCI (`g1f3`, `e1g1`, `e7e8q`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pv_uci: Option<Vec<String>>,
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
    /// The solve ran on the game's rule compiled to bit masks (a placement game scored by
    /// counting, a stepping game won by goals: docs/play-and-search.md §3.7, §3.8), not on the
    /// play layer's; left out where it did not (a game without that form, a depth or node
    /// limit, a time limit in half of which the compiled solve did not finish, or another
    /// ordering).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub compiled: bool,
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
    /// LG searches with `proof_tree`: the moves of the proof tree.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub proof_moves: Option<usize>,
    /// LG searches with `proof_tree`: the proof tree.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub proof_tree: Option<Vec<TreeJson>>,
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
    /// The LG search's proof tree, where `proof_tree` asks for it and the search has a value.
    pub proof_tree: Option<Tree>,
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
/// move and its number. Every front end's moves are read here: lingeo's notation (`h8-g7`) in
/// every game, and under `rules chess` SAN (`e4 e5 Nf3`, move numbers dropped) and UCI
/// (`e2e4`) too ([`crate::play::notation::read_move`]).
pub fn replay(game: &Game, moves: &str) -> Result<(State, Vec<Move>)> {
    let mut state = State::initial(game);
    let mut played = Vec::new();
    let texts = if notation::is_chess(game) {
        notation::split(game, moves)
    } else {
        // In a game with placements a point before a move that names no piece is a
        // placement of its own (`d4 a4-b4`), not the step's piece; any other word there is
        // the piece's name (a wrong one is an error naming it).
        crate::play::line::split_naming(moves, |w| {
            game.placement.is_none()
                || game.scenario.piece(w).is_some()
                || game.scenario.board.parse_point(w).is_err()
        })
    };
    for (k, text) in texts.iter().enumerate() {
        let mv = notation::read_move(game, &state, text).map_err(|e| {
            ApiError::request(Some("moves"), format!("move {} (`{text}`): {e}", k + 1))
        })?;
        state.make(game, mv);
        played.push(mv);
    }
    Ok((state, played))
}

/// Seconds as a person writes them: `0.5`, `1e300` (not three hundred digits).
fn seconds(t: f64) -> String {
    if t != 0.0 && !(1e-6..1e15).contains(&t.abs()) {
        format!("{t:e}")
    } else {
        format!("{t}")
    }
}

/// A refusal of the request, naming its field.
fn bad(field: &'static str, message: String) -> Result<()> {
    Err(ApiError::request(Some(field), message))
}

impl Request for SearchRequest {
    const JOB: &'static str = "search";

    fn check(&self) -> Result<()> {
        self.check_resources()?;
        self.check_eval()?;
        self.check_lg_options()
    }
}

impl SearchRequest {
    /// The rules of what the search may spend: its time, its memory, the table's share of
    /// that memory and its threads (every engine's, whatever it searches).
    fn check_resources(&self) -> Result<()> {
        request::check_time(self.time)?;
        request::check_max_memory(self.max_memory)?;
        if let Some(mb) = self.tt_mb.filter(|&mb| mb > MAX_TT_MB) {
            return bad(
                "tt_mb",
                format!("`tt_mb` must be at most {MAX_TT_MB}, not {mb}"),
            );
        }
        let table = self.table_mb();
        if (table << 20) >= memory_bytes(self.max_memory) {
            // Name what was given: the table's default follows `max_memory`.
            return match self.tt_mb {
                Some(_) => bad(
                    "tt_mb",
                    format!(
                        "`tt_mb` {table} does not fit in `max_memory` {} (the table is part of \
                         the search's memory)",
                        self.max_memory
                    ),
                ),
                None => bad(
                    "max_memory",
                    format!(
                        "`max_memory` {} leaves no room for the search's table (at least \
                         {table} MiB, and part of the search's memory); raise `max_memory`, or \
                         give `tt_mb` 0 for no table",
                        self.max_memory
                    ),
                ),
            };
        }
        if self.threads == 0 || self.threads > MAX_THREADS {
            return bad(
                "threads",
                format!(
                    "`threads` must be from 1 to {MAX_THREADS}, not {}",
                    self.threads
                ),
            );
        }
        Ok(())
    }

    /// The rules of alpha-beta's and minimax's leaf scores: a fuzzy, learned or mobility
    /// `eval` scores leaves, so it needs a depth and is no LG engine's, and `max_zones` caps the zones that
    /// it (or the LG search) lists.
    fn check_eval(&self) -> Result<()> {
        let fuzzy = self.eval.zones();
        // Any evaluation but the material (the default) scores leaves only.
        let leaves = self.eval != Eval::Material;
        let eval = self.eval.name();
        if leaves && self.engine.is_lg() {
            return bad(
                "eval",
                format!(
                    "`eval` {eval} scores alpha-beta's and minimax's leaves; the LG search \
                     scores its own (`leaf`)"
                ),
            );
        }
        if leaves && self.depth.is_none() {
            return bad(
                "eval",
                format!(
                    "`eval` {eval} needs `depth`: a solve searches to the end of every line and \
                     scores no leaf"
                ),
            );
        }
        if let Some(n) = self.max_zones {
            if self.engine != Engine::Lg && !fuzzy {
                return bad(
                    "max_zones",
                    "`max_zones` needs `engine` lg or `eval` fuzzy or learned (the zones they \
                     list)"
                        .to_string(),
                );
            }
            if n == 0 {
                return bad("max_zones", "`max_zones` must be at least 1".to_string());
            }
        }
        Ok(())
    }

    /// The rules of the LG searches' options: taken by the LG engines only (`horizon` also by
    /// a zone ordering or leaf score, which list zones within it), and between the two LG
    /// engines what the search grammar (`lg-grammar`) cannot do.
    fn check_lg_options(&self) -> Result<()> {
        let zones_ordering = (self.engine == Engine::Alphabeta
            && matches!(self.ordering, Some(Ordering::Zones | Ordering::Patterns)))
            || self.eval.zones();
        let lg_only = [
            ("horizon", self.horizon.is_some() && !zones_ordering),
            ("tree", self.tree),
            ("proof_tree", self.proof_tree),
            ("full_tree", self.full_tree),
            ("leaf", self.leaf.is_some()),
            ("zones", self.zones != Zones::default()),
            ("domination", self.domination.is_some()),
            ("guard_negations", self.guard_negations),
            ("race", self.race.is_some()),
            ("race_budget", self.race_budget.is_some()),
            ("product_zones", self.product_zones),
            ("zone_moves_only", self.zone_moves_only),
        ];
        if !self.engine.is_lg()
            && let Some((field, _)) = lg_only.iter().find(|(_, given)| *given)
        {
            let what = match (*field, self.zones) {
                ("zones", Zones::Regenerate) => " regenerate",
                ("zones", Zones::Translate) => " translate",
                _ => "",
            };
            return bad(field, format!("`{field}`{what} needs `engine` lg"));
        }
        if self.engine == Engine::LgGrammar && self.leaf == Some(Leaf::Zones) {
            return bad(
                "leaf",
                "the search grammar scores every leaf that does not end the game 0; `leaf` \
                 zones is the native engine's (`engine` lg)"
                    .to_string(),
            );
        }
        let zero_leaves = self.lg_options().leaf == Leaf::Zero;
        if self.guard_negations && !self.domination.unwrap_or(!zero_leaves) {
            return bad(
                "guard_negations",
                "`guard_negations` needs domination zones (the default of `engine` lg with zone \
                 leaves; `domination` with `leaf` zero)"
                    .to_string(),
            );
        }
        if self.engine == Engine::LgGrammar && self.domination == Some(true) {
            return bad(
                "domination",
                "`domination` is the native engine's: the search grammar has attack zones only \
                 (`engine` lg)"
                    .to_string(),
            );
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
        self.search_with(r, &SearchInputs::default())
    }

    /// [`Workbench::search`] with inputs: a network, rules, a search grammar of the caller's,
    /// an observer of its progress.
    pub fn search_with(&self, r: &SearchRequest, inputs: &SearchInputs) -> Result<SearchOutcome> {
        r.check()?;
        let game = self.game()?;
        let (root, _) = replay(&game, &r.moves)?;
        search_game(&game, &root, r, inputs)
    }
}

/// The search of `root` (the position after `r.moves`, which the caller has played) by the
/// engine of `r`, with `inputs`; the request and the inputs are checked first.
pub fn search_game(
    game: &Game,
    root: &State,
    r: &SearchRequest,
    inputs: &SearchInputs,
) -> Result<SearchOutcome> {
    r.check()?;
    inputs.check(r)?;
    let options = r.search_options(game, inputs);
    let lg = r.lg_options();
    let mut lg_result = None;
    let mut grammar_run = None;
    // The native LG search's errors are its checks of the request (a horizon of 0, a depth or
    // race past `MAX_DEPTH`); what fails inside it is its result's `stopped`, except the zones
    // of an attack that could not be listed.
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
            let grammar = match inputs.grammar {
                Some(g) => g,
                None => {
                    shipped = Grammar::shipped("search")?;
                    &shipped
                }
            };
            let run = search::lg_grammar::search(game, root, grammar, &options, &lg, r.limits())?;
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
    if !result.has_result()
        && let Some(reason) = &result.stopped
    {
        return Err(ApiError::Stopped {
            reason: reason.clone(),
            note: "; no search completed, so there is no result",
        });
    }
    if notation::is_chess(game)
        && let Some(lg) = &mut lg_result
    {
        // The tree's moves as chess players write them (its text, JSON and pictures).
        notation::san::tree(game, &mut root.clone(), &mut lg.tree.children);
    }
    let proof_tree = lg_result.as_ref().filter(|_| r.proof_tree).and_then(|lg| {
        Some(
            lg.tree
                .proof_tree(root.to_move == Side::White, result.value?),
        )
    });
    let mut json = search_json(game, root, r, &options, &result, lg_result.as_ref());
    if let Some(proof) = &proof_tree {
        json.proof_moves = Some(proof.moves());
        json.proof_tree = Some(tree_json(&proof.children));
    }
    Ok(SearchOutcome {
        json,
        result,
        proof_tree,
        lg: lg_result,
        grammar_run,
        options,
    })
}

fn search_json(
    game: &Game,
    root: &State,
    r: &SearchRequest,
    options: &SearchOptions,
    result: &SearchResult,
    lg: Option<&LgResult>,
) -> SearchJson {
    let ms = |t: Duration| (t.as_secs_f64() * 1e4).round() / 10.0;
    // An LG search scores its own way; alpha-beta and minimax carry the margin.
    let counted = game.scores_by_count() && result.value.is_some() && !r.engine.is_lg();
    SearchJson {
        engine: r.engine.name(),
        ordering: options.ordering.name(),
        eval: (!r.engine.is_lg()).then(|| options.eval.name()),
        rules: None,
        network: None,
        value: result.value,
        score: match counted {
            true => crate::play::search::final_margin(result.score),
            false => result.score,
        },
        counted,
        pv: line(game, &result.pv),
        pv_san: notation::is_chess(game).then(|| notation::san::line(game, root, &result.pv)),
        pv_uci: notation::is_chess(game).then(|| notation::uci::line(game, &result.pv)),
        nodes: result.nodes,
        tt_hits: result.tt_hits,
        depth: result.depth,
        time_ms: ms(result.time),
        cpu_time_ms: result.cpu_time.map(ms),
        stopped: result.stopped.clone(),
        compiled: result.compiled,
        horizon: lg.map(|l| l.horizon),
        proved: lg.map(|l| l.proved),
        forced_in_tree: lg.map(|l| l.forced),
        race: lg.map(|l| l.race),
        race_asked: lg.map(|l| l.race_asked),
        depth_bound: lg.map(|l| l.depth),
        depth_asked: lg.map(|l| l.depth_asked),
        moves: lg.map(|l| l.tree.moves()),
        tree: lg.filter(|_| r.tree).map(|l| tree_json(&l.tree.children)),
        proof_moves: None,
        proof_tree: None,
    }
}
