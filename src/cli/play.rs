//! `lingeo search` and `lingeo play`: the searches of a game (docs/play-and-search.md §3) and
//! replaying a line of moves.

use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, ValueEnum};
use lingeo::api::Engine;
use lingeo::grammar::Limits;
use lingeo::play::game::Game;
use lingeo::play::search::lg::{End, Leaf, LgOptions, LgResult, Zones};
use lingeo::play::search::{Eval, Ordering, SearchOptions, SearchResult, WIN};
use lingeo::play::state::{Move, State};
use lingeo::progress::Observer;
use lingeo::render;

use super::limits::LimitArgs;
use super::setup;
use super::{CliError, Report};

#[derive(Args, Debug)]
pub struct SearchArgs {
    /// The scenario file; it needs a `game { ... }` block.
    pub scenario: PathBuf,
    /// The search: full-width alpha-beta, plain minimax (no pruning, no table) for node
    /// counts, or the LG search over the reduced tree of zone moves (docs/lg-search.md), native
    /// (`lg`) or derived by the search grammar (`lg-grammar`, grammars/search.lgg).
    #[arg(long, value_enum, default_value_t = EngineArg::Alphabeta)]
    pub engine: EngineArg,
    /// --engine lg-grammar: the search grammar to run instead of the shipped
    /// grammars/search.lgg (inputs H, DEPTH, FULL; start S(); docs/lg-search.md).
    #[arg(long, value_name = "FILE")]
    pub grammar: Option<PathBuf>,
    /// The limits of the search grammar's run (--engine lg-grammar).
    #[command(flatten)]
    pub limits: LimitArgs,
    /// Search this many moves (plies) deep, by iterative deepening, scoring the leaves by
    /// material; without --depth the search solves the position (searches every line to the
    /// end of the game). For --engine lg: the depth bound of the reduced tree (its leaves there
    /// score 0).
    #[arg(long, conflicts_with = "solve")]
    pub depth: Option<u32>,
    /// Solve the position (the default when --depth is not given).
    #[arg(long)]
    pub solve: bool,
    /// Move ordering of the alpha-beta search (the table's best move always comes first).
    #[arg(long, value_enum, default_value_t = OrderingArg::Killer)]
    pub ordering: OrderingArg,
    /// --ordering chessmaps: the network's weights file (the format of docs/players.md §5;
    /// default: the shipped network, src/play/players/chessmaps.weights).
    #[arg(long, value_name = "FILE")]
    pub network: Option<PathBuf>,
    /// How alpha-beta and minimax score a position at the depth bound: its material balance,
    /// the fuzzy evaluation of its goals' zones within --horizon (default 4;
    /// docs/players.md §3), or that with learned rules (docs/players.md §7; --rules).
    #[arg(long, value_enum, default_value_t = EvalArg::Material)]
    pub eval: EvalArg,
    /// --eval learned: the learned rules' file (the format of docs/players.md §7; default: the
    /// shipped rules, learned/pawned.rules).
    #[arg(long, value_name = "FILE")]
    pub rules: Option<PathBuf>,
    /// Size of the transposition table in MiB (0: no table; at most 16384). Default: sized to
    /// the machine, an eighth of the available memory, at most 256 MiB and a quarter of
    /// --max-memory, a power of two (at least 16 MiB).
    #[arg(long, value_parser = clap::value_parser!(u64).range(..=16384))]
    pub tt_mb: Option<u64>,
    /// Solve on this many threads (lazy SMP over the shared table; alpha-beta solves without
    /// --max-nodes or --time, every other search takes one). The value and the principal
    /// variation are the same whatever the number; the positions and table hits of more than
    /// one thread vary from run to run.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
    pub threads: u64,
    /// Stop after visiting this many positions.
    #[arg(long)]
    pub max_nodes: Option<u64>,
    /// Stop after this many seconds. A solve then deepens iteratively, so that it has the
    /// deepest completed iteration's result when the time runs out; so does --engine lg's
    /// depth bound (one move a pass, the deepest completed pass's tree).
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    pub time: Option<Seconds>,
    /// Play these moves first and search the position they lead to (as for `lingeo play`).
    #[arg(long, default_value = "")]
    pub moves: String,
    /// The horizon of the zones: attack zones whose main trajectories are at most this long.
    /// With --engine lg, the zones whose trajectories the reduced tree follows (default: the
    /// distance of the farthest goal-owning piece to its goal); with --ordering zones, the
    /// zones whose trajectories alpha-beta tries first (default 4).
    #[arg(long)]
    pub horizon: Option<u32>,
    /// --engine lg, and --eval fuzzy or learned: list at most this many zones of an attack;
    /// the LG search stops at an attack with more (default 100000), the evaluation values it
    /// from its zone network (default 10000, as `lingeo zones` and `lingeo evaluate`).
    #[arg(long)]
    pub max_zones: Option<usize>,
    /// --engine lg: print the reduced tree, one move a line, indented by depth, the value after
    /// it (with --json: a `tree` field).
    #[arg(long)]
    pub tree: bool,
    /// --engine lg: build the whole reduced tree (no alpha-beta pruning inside it).
    #[arg(long)]
    pub full_tree: bool,
    /// --engine lg: the value of a leaf that does not end the game: read off the status of its
    /// goal zones (a held goal wins; the default of --engine lg), or 0 (the old behaviour, and
    /// the only one of --engine lg-grammar). Either is a static estimate, and the output says
    /// when the value rests on one.
    #[arg(long, value_enum)]
    pub leaf: Option<LeafArg>,
    /// --engine lg or lg-grammar: where each state's zones come from: generated afresh at every
    /// state, or carried along the branch by the translations (π and the timer) and generated
    /// afresh only where a move ends an attack or the carried zones leave the side to move
    /// without a zone move (docs/lg-search.md).
    #[arg(long, value_enum, default_value_t = ZonesArg::Regenerate)]
    pub zones: ZonesArg,
    /// --engine lg: add domination zones: each piece guarding the points a goal-owning piece
    /// of its side still has to pass (docs/lg-search.md); the default with leaves valued by
    /// their zones, not with --leaf zero.
    #[arg(long, conflicts_with = "no_domination")]
    pub domination: bool,
    /// --engine lg: attack zones only, no domination zones.
    #[arg(long)]
    pub no_domination: bool,
    /// --engine lg: domination zones with their negations (bundles holding the trajectories
    /// that can stop the guard in time, and its side's answers), instead of the guards' main
    /// trajectories alone (docs/lg-search.md).
    #[arg(long, conflicts_with = "no_domination")]
    pub guard_negations: bool,
    /// --engine lg: plies the reduced tree goes on past the depth bound along the goal zones
    /// only (their main trajectories, interceptions and guards), before a leaf is valued
    /// statically (default: up to 3 times the horizon + 2 plies in all, at most twice the
    /// horizon; 0: none).
    #[arg(long, value_name = "PLIES")]
    pub race: Option<u32>,
    /// --engine lg: the positions the race may take in all: the race deepens two plies a pass
    /// and stops before a pass that would pass this budget, showing the last whole pass's
    /// tree and saying how far its race went (default with the default race: 200000; with
    /// --race, no budget unless given)
    #[arg(long, value_name = "POSITIONS")]
    pub race_budget: Option<u64>,
    /// --engine lg: search zone moves only, as the reduced tree did before issue 50: no
    /// refutation check (a side whose zone moves lose, or whose forced value falls short of
    /// its best, tries its other legal moves too), no tempo moves of a side that cannot wait,
    /// no search over every legal move where neither side has a zone move, no captures in the
    /// race (docs/lg-search.md, items 3 and 13).
    #[arg(long)]
    pub zone_moves_only: bool,
    /// --engine lg: list every zone of each attack (the zone grammar's language, the product of
    /// the alternatives of its attach pairs) instead of one bundle per main trajectory.
    #[arg(long)]
    pub product_zones: bool,
    /// --engine lg: draw the reduced tree as SVG into FILE.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// --engine lg: write the reduced tree as Graphviz DOT into FILE (`dot -Tpdf FILE`).
    #[arg(long, value_name = "FILE")]
    pub dot: Option<PathBuf>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// A number of seconds as it was written, so that a message can quote it as given.
#[derive(Clone, Debug)]
pub struct Seconds {
    pub value: f64,
    pub text: String,
}

fn seconds(text: &str) -> Result<Seconds, String> {
    let value = text
        .trim()
        .parse::<f64>()
        .map_err(|_| format!("`{text}` is not a number of seconds"))?;
    Ok(Seconds {
        value,
        text: text.trim().to_string(),
    })
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum EngineArg {
    Alphabeta,
    Minimax,
    Lg,
    LgGrammar,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum LeafArg {
    Zero,
    Zones,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ZonesArg {
    Regenerate,
    Translate,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum EvalArg {
    Material,
    Fuzzy,
    Learned,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum OrderingArg {
    None,
    History,
    Killer,
    Zones,
    Chessmaps,
    Patterns,
}

#[derive(Args, Debug)]
pub struct PlayArgs {
    /// The scenario file; it needs a `game { ... }` block.
    pub scenario: PathBuf,
    /// The moves, separated by commas or spaces (not inside parentheses): `h8-g7`, `c6:b7`
    /// (a capture), `WK h8-g7` (with the piece's name), `(1,1,1)-(1,2,1)`, `pass`.
    #[arg(long, default_value = "")]
    pub moves: String,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub memory: super::limits::MemoryArg,
}

pub(super) fn load_game(path: &std::path::Path) -> Result<Game, CliError> {
    let scenario = setup::load(path)?;
    Game::new(scenario)
        .map_err(|e| CliError(format!("{}: {}", path.display(), setup::game_error(e))))
}

/// Plays `moves` from the initial state; each error names the move and its number.
pub(super) fn replay(game: &Game, moves: &str) -> Result<(State, Vec<Move>), CliError> {
    lingeo::api::search::replay(game, moves).map_err(setup::api_error)
}

pub fn run_play(args: &PlayArgs) -> Result<String, CliError> {
    let game = load_game(&args.scenario)?;
    let played = lingeo::api::play::play_line(&game, &args.moves).map_err(setup::api_error)?;
    if args.json {
        return super::json::to_string(&played);
    }
    Ok(played.text)
}

pub fn run_search(args: &SearchArgs) -> Result<Report, CliError> {
    let game = load_game(&args.scenario)?;
    let (root, _) = replay(&game, &args.moves)?;
    let time = match &args.time {
        Some(t) if t.value.is_finite() && t.value > 0.0 => {
            Some(Duration::try_from_secs_f64(t.value).map_err(|_| {
                CliError(format!(
                    "--time {} is more seconds than a duration holds",
                    t.text
                ))
            })?)
        }
        Some(t) => {
            return Err(CliError(format!(
                "--time must be a positive number of seconds, not {}",
                t.text
            )));
        }
        None => None,
    };
    let max_memory = args.limits.max_memory_bytes();
    let tt_mb = match args.tt_mb {
        Some(mb) => mb as usize,
        None => lingeo::play::search::table::default_mb(max_memory),
    };
    if (tt_mb << 20) >= max_memory {
        // Name what was given: the table's default follows --max-memory.
        return Err(CliError(match args.tt_mb {
            Some(_) => format!(
                "--tt-mb {} does not fit in --max-memory {} (the table is part of the search's \
                 memory)",
                tt_mb, args.limits.max_memory
            ),
            None => format!(
                "--max-memory {} leaves no room for the search's table (at least {tt_mb} MiB, and \
                 part of the search's memory); raise --max-memory, or give --tt-mb 0 for no table",
                args.limits.max_memory
            ),
        }));
    }
    let mut options = SearchOptions {
        depth: args.depth,
        ordering: match args.ordering {
            OrderingArg::None => Ordering::None,
            OrderingArg::History => Ordering::History,
            OrderingArg::Killer => Ordering::Killer,
            OrderingArg::Zones => Ordering::Zones,
            OrderingArg::Chessmaps => Ordering::Chessmaps,
            OrderingArg::Patterns => Ordering::Patterns,
        },
        tt_mb,
        threads: args.threads as usize,
        max_nodes: args.max_nodes,
        time,
        time_shown: args.time.as_ref().map(|t| t.text.clone()),
        max_memory,
        // Read below, once the flags are known to agree.
        network: None,
        rules: None,
        horizon: args.horizon.unwrap_or(SearchOptions::DEFAULT_HORIZON),
        eval: match args.eval {
            EvalArg::Material => Eval::Material,
            EvalArg::Fuzzy => Eval::Fuzzy,
            EvalArg::Learned => Eval::Learned,
        },
        max_zones: args.max_zones,
        progress: Observer::new(super::progress::Bars::new()),
    };
    let fuzzy = options.eval.zones();
    let eval_name = options.eval.name();
    if fuzzy && matches!(args.engine, EngineArg::Lg | EngineArg::LgGrammar) {
        return Err(CliError(format!(
            "--eval {eval_name} scores alpha-beta's and minimax's leaves; the LG search scores its own (--leaf)"
        )));
    }
    if fuzzy && args.depth.is_none() {
        return Err(CliError(format!(
            "--eval {eval_name} needs --depth: a solve searches to the end of every line and scores no leaf"
        )));
    }
    let zones_ordering = (args.engine == EngineArg::Alphabeta
        && matches!(args.ordering, OrderingArg::Zones | OrderingArg::Patterns))
        || fuzzy;
    let lg_only = [
        ("--horizon", args.horizon.is_some() && !zones_ordering),
        ("--tree", args.tree),
        ("--full-tree", args.full_tree),
        ("--svg", args.svg.is_some()),
        ("--dot", args.dot.is_some()),
        ("--leaf", args.leaf.is_some()),
        ("--zones translate", args.zones == ZonesArg::Translate),
        ("--domination", args.domination),
        ("--no-domination", args.no_domination),
        ("--guard-negations", args.guard_negations),
        ("--race", args.race.is_some()),
        ("--race-budget", args.race_budget.is_some()),
        ("--product-zones", args.product_zones),
        ("--zone-moves-only", args.zone_moves_only),
    ];
    let is_lg = matches!(args.engine, EngineArg::Lg | EngineArg::LgGrammar);
    if args.network.is_some()
        && (args.engine != EngineArg::Alphabeta || args.ordering != OrderingArg::Chessmaps)
    {
        return Err(CliError(
            "--network needs --ordering chessmaps (alpha-beta)".to_string(),
        ));
    }
    if args.rules.is_some() && args.eval != EvalArg::Learned {
        return Err(CliError("--rules needs --eval learned".to_string()));
    }
    if let Some(n) = args.max_zones {
        if args.engine != EngineArg::Lg && !fuzzy {
            return Err(CliError(
                "--max-zones needs --engine lg or --eval fuzzy or learned (the zones they list)"
                    .to_string(),
            ));
        }
        if n == 0 {
            return Err(CliError("--max-zones must be at least 1".to_string()));
        }
    }
    if !is_lg && let Some((flag, _)) = lg_only.iter().find(|(_, given)| *given) {
        return Err(CliError(format!("{flag} needs --engine lg")));
    }
    // A file the flags would not use is a mistake in the flags, whatever the file holds.
    if let Some(path) = &args.network {
        options.network = Some(std::sync::Arc::new(super::files::network(path)?));
    }
    if let Some(path) = &args.rules {
        options.rules = Some(std::sync::Arc::new(super::files::rules(path)?));
    }
    if args.engine != EngineArg::LgGrammar && args.grammar.is_some() {
        return Err(CliError("--grammar needs --engine lg-grammar".to_string()));
    }
    if args.engine == EngineArg::LgGrammar && args.leaf == Some(LeafArg::Zones) {
        return Err(CliError(
            "the search grammar scores every leaf that does not end the game 0; --leaf zones is \
             the native engine's (--engine lg)"
                .to_string(),
        ));
    }
    let zero_leaves = args.leaf == Some(LeafArg::Zero)
        || (args.leaf.is_none() && args.engine == EngineArg::LgGrammar);
    if args.guard_negations && (args.no_domination || (zero_leaves && !args.domination)) {
        return Err(CliError(
            "--guard-negations needs domination zones (the default of --engine lg with zone \
             leaves; --domination with --leaf zero)"
                .to_string(),
        ));
    }
    if args.engine == EngineArg::LgGrammar && args.domination {
        return Err(CliError(
            "--domination is the native engine's: the search grammar has attack zones only \
             (--engine lg)"
                .to_string(),
        ));
    }
    let request = lingeo::api::SearchRequest {
        engine: match args.engine {
            EngineArg::Alphabeta => Engine::Alphabeta,
            EngineArg::Minimax => Engine::Minimax,
            EngineArg::Lg => Engine::Lg,
            EngineArg::LgGrammar => Engine::LgGrammar,
        },
        tree: args.tree,
        lg: LgOptions {
            horizon: args.horizon,
            full_tree: args.full_tree,
            leaf: Leaf::default(),
            zones: match args.zones {
                ZonesArg::Regenerate => Zones::Regenerate,
                ZonesArg::Translate => Zones::Translate,
            },
            domination: match (args.domination, args.no_domination) {
                (true, _) => Some(true),
                (_, true) => Some(false),
                _ => None,
            },
            product_zones: args.product_zones,
            guard_negations: args.guard_negations,
            race: args.race,
            race_budget: args.race_budget,
            // The API deepens under --time.
            deepen: false,
            zone_moves_only: args.zone_moves_only,
        },
        leaf: args.leaf.map(|l| match l {
            LeafArg::Zero => Leaf::Zero,
            LeafArg::Zones => Leaf::Zones,
        }),
        horizon: args.horizon,
        limits: args.limits.limits(
            Limits::default().max_sentences,
            Limits::default().max_imported_sentences,
        ),
        ..lingeo::api::SearchRequest::default()
    };
    let own = match (&args.grammar, args.engine) {
        (Some(path), EngineArg::LgGrammar) => {
            Some(super::files::grammar(path).map_err(|e| CliError(e.render()))?)
        }
        _ => None,
    };
    // The flags have been checked above (their errors name them); the API runs the search.
    let mut outcome =
        lingeo::api::search::search_game(&game, &root, &request, options, own.as_ref())
            .map_err(setup::api_error)?;
    let path = |p: &Option<PathBuf>| p.as_ref().map(|p| p.display().to_string());
    outcome.json.rules = path(&args.rules);
    outcome.json.network = path(&args.network);
    let options = &outcome.options;
    let result = &outcome.result;
    let lg_result = &outcome.lg;
    let grammar_run = outcome.grammar_run.as_ref().map(|run| {
        format!(
            "search grammar `{}`: {}, {} of play\n",
            run.grammar,
            render::counted(u128::from(run.steps), "derivation step", "derivation steps"),
            render::counted(run.states as u128, "state", "states")
        )
    });
    let engine = request.engine.name();
    if let Some(r) = &lg_result {
        // The pictures' title: the scenario's file, the value and the tree's size.
        let title = format!(
            "LG search of {}: value {}, {}",
            args.scenario
                .file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned()),
            r.result
                .value
                .map_or_else(|| "unknown".to_string(), |v| v.to_string()),
            render::counted(r.tree.moves() as u128, "move", "moves")
        );
        if let Some(path) = &args.svg {
            super::files::write("--svg", path, lingeo::svg::tree(&r.tree, &title))?;
        }
        if let Some(path) = &args.dot {
            super::files::write("--dot", path, lingeo::dot::tree(&r.tree, &title))?;
        }
    }
    let gave_up = gave_up(args, result, lg_result.as_ref());
    let report = |text: String| match &gave_up {
        Some(why) => Report::gave_up(text, why.clone()),
        None => Report::from(text),
    };
    if args.json {
        return super::json::to_string(&outcome).map(report);
    }
    let mut out = describe(&game, args, engine, options, result, lg_result.as_ref());
    if let Some(r) = &lg_result {
        let [over, no_move, depth, table, no_win] = r.tree.leaves();
        let table = if table > 0 {
            format!(", {table} transpositions")
        } else {
            String::new()
        };
        let no_win = if no_win > 0 {
            format!(", {no_win} with no win left")
        } else {
            String::new()
        };
        out.push_str(&format!(
            "reduced tree: {}, {} deep; leaves: {over} game over, {no_move} no zone move, {depth} depth bound{table}{no_win}\n",
            render::counted(r.tree.moves() as u128, "move", "moves"),
            render::counted(r.tree.depth() as u128, "move", "moves"),
        ));
        // A root that is a leaf itself: say why, since the tree below it is empty.
        match r.root_end {
            Some(End::NoZoneMove) => out.push_str(
                "the root is a leaf (no zone move): the value is its static value (the default \
                 search goes on over every legal move there; not --leaf zero nor \
                 --zone-moves-only)\n",
            ),
            Some(End::NoWin) => out.push_str(
                "the root is a leaf (no win left): the rules leave neither side a way to win\n",
            ),
            _ => {}
        }
        if r.race_asked > 0 {
            out.push_str(&format!(
                "race: {} past the depth bound{}\n",
                render::counted(u128::from(r.race), "ply", "plies"),
                if r.race < r.race_asked {
                    format!(
                        " (of {}: a deeper pass would pass the race budget of {} positions)",
                        r.race_asked,
                        r.race_budget.unwrap_or(0)
                    )
                } else {
                    String::new()
                }
            ));
        }
        if let Some(line) = &grammar_run {
            out.push_str(line);
        }
        if args.tree {
            out.push_str(&r.tree.text());
        }
    }
    Ok(report(out))
}

/// Why an alpha-beta or minimax search gave up: a limit stopped it before the depth it was
/// given, or before a solve proved the game's value, and it did not prove the value anyway.
/// Its result (the last completed iteration's) is printed all the same; a stop after the value
/// was proved is no failure. The LG searches say for themselves (`--engine lg`).
fn gave_up(args: &SearchArgs, r: &SearchResult, lg: Option<&LgResult>) -> Option<String> {
    let why = super::setup::stop_hint(r.stopped.as_ref()?);
    if let Some(lg) = lg {
        // An LG search stopped with a result deepened under --time and kept a shallower
        // pass's tree; one without a result is an error the API has already returned.
        return (r.value.is_some() && lg.depth < lg.depth_asked).then(|| {
            format!(
                "{why} before the depth bound {}: the result is the deepest completed pass's \
                 (depth bound {})",
                lg.depth_asked, lg.depth
            )
        });
    }
    if r.value.is_some() {
        return None;
    }
    Some(match args.depth {
        Some(depth) => format!(
            "{why} before depth {depth}: the result is depth {}'s, not depth {depth}'s",
            r.depth
        ),
        None => format!(
            "{why} before the solve proved the game's value: the result is the deepest \
             completed iteration's (depth {}), not a solve",
            r.depth
        ),
    })
}

use lingeo::api::search::line;

#[allow(clippy::too_many_arguments)]
fn describe(
    game: &Game,
    args: &SearchArgs,
    engine: &str,
    options: &SearchOptions,
    r: &SearchResult,
    lg: Option<&LgResult>,
) -> String {
    let horizon = lg.map_or(0, |l| l.horizon);
    let proved = lg.map(|l| l.proved);
    let mut out = String::new();
    let how = match (args.depth, args.engine) {
        (Some(d), _) => format!("depth {d}"),
        (None, EngineArg::Lg | EngineArg::LgGrammar) => {
            format!("depth {} (the horizon + 2)", horizon + 2)
        }
        (None, _) => "solve".to_string(),
    };
    let ordering = match args.engine {
        EngineArg::Alphabeta => format!(
            ", ordering {}, table {}",
            options.ordering.name(),
            if options.tt_mb == 0 {
                "off".to_string()
            } else {
                format!("{} MiB", options.tt_mb)
            }
        ),
        EngineArg::Minimax => String::new(),
        EngineArg::Lg | EngineArg::LgGrammar => format!(
            ", horizon {}{}{}{}",
            horizon,
            if args.full_tree { ", full tree" } else { "" },
            if args.zones == ZonesArg::Translate {
                ", zones translated"
            } else {
                ""
            },
            if args.domination {
                ", domination zones"
            } else {
                ""
            }
        ),
    };
    let eval = if options.eval.zones() {
        format!(
            ", eval {} (horizon {}{})",
            options.eval.name(),
            options.horizon,
            args.rules
                .as_ref()
                .map_or_else(String::new, |p| format!(", rules {}", p.display()))
        )
    } else {
        String::new()
    };
    out.push_str(&format!(
        "{}: {engine}, {how}{ordering}{eval}\n",
        args.scenario.display()
    ));
    if let Some(why) = r.stopped.as_ref().map(super::setup::stop_hint) {
        // Only a search with a result gets here (`has_result`).
        let partial = match (args.depth, lg) {
            (_, Some(lg)) => format!(
                "the result is the deepest completed pass's (depth bound {} of {})",
                lg.depth, lg.depth_asked
            ),
            (Some(_), None) => "the result is the last completed depth's".to_string(),
            (None, None) => format!(
                "the result is the deepest completed iteration's (depth {}), not a solve",
                r.depth
            ),
        };
        out.push_str(&format!("{why}; {partial}\n"));
    }
    // The LG search says whether its value is proved for the game (it rests on leaves that
    // end the game, and every legal move of the side short of its best was answered), forced
    // only inside its reduced tree (a move outside it may change the value), or rests on
    // static values of leaves (an estimate).
    let status = match (proved, lg.map(|l| l.forced)) {
        (Some(true), _) => ", proved",
        (Some(false), Some(true)) => ", forced within LG's tree; outside it not checked",
        (Some(false), _) => ", static estimate",
        (None, _) => "",
    };
    let value = match r.value {
        Some(1) => format!("1 (White wins{status})"),
        Some(-1) => format!("-1 (Black wins{status})"),
        Some(_) => format!("0 (draw{status})"),
        None => "unknown (not proven at this depth)".to_string(),
    };
    out.push_str(&format!("value: {value}\n"));
    if proved == Some(false) {
        // An LG value not proved for the game: no distance to the end to tell.
        let what = if lg.is_some_and(|l| l.forced) {
            "forced within LG's tree"
        } else {
            "static estimate"
        };
        out.push_str(&format!("score: {} ({what})\n", r.score));
    } else if args.depth.is_none() && r.stopped.is_none() {
        // A solve scores win, draw or loss only (no distance to the end).
    } else if args.depth.is_none() && r.score.abs() > WIN / 2 {
        // An anytime solve's iterations do not count the moves to the end either.
        out.push_str(&format!(
            "score: {} ({})\n",
            r.score,
            if r.score > 0 {
                "White wins"
            } else {
                "Black wins"
            }
        ));
    } else if r.score.abs() > WIN / 2 {
        let plies = WIN - r.score.abs();
        out.push_str(&format!(
            "score: {} ({} in {})\n",
            r.score,
            if r.score > 0 {
                "White wins"
            } else {
                "Black wins"
            },
            render::counted(plies as u128, "move", "moves")
        ));
    } else {
        out.push_str(&format!(
            "score: {} ({} x 100, White's side)\n",
            r.score,
            match options.eval {
                Eval::Material => "material",
                Eval::Fuzzy => "fuzzy evaluation",
                Eval::Learned => "learned evaluation",
            }
        ));
    }
    let pv = line(game, &r.pv);
    out.push_str(&format!(
        "pv: {}\n",
        if pv.is_empty() {
            "(none)".to_string()
        } else {
            pv.join(" ")
        }
    ));
    out.push_str(&format!(
        "nodes: {}, table hits: {}, depth: {}\n",
        r.nodes, r.tt_hits, r.depth
    ));
    // The CPU time beside the wall-clock time: on a loaded machine it is the steadier figure
    // (docs/play-and-search.md §3.1 quotes it).
    match r.cpu_time {
        Some(cpu) => out.push_str(&format!(
            "time: {:.3} s, CPU {:.3} s\n",
            r.time.as_secs_f64(),
            cpu.as_secs_f64()
        )),
        None => out.push_str(&format!("time: {:.3} s\n", r.time.as_secs_f64())),
    }
    out
}
