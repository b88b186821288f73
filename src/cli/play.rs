//! `lingeo search` and `lingeo play`: the searches of a game (docs/play-and-search.md §3) and
//! replaying a line of moves.

use std::path::PathBuf;
use std::sync::Arc;

use clap::Args;
use lingeo::api::{Engine, PlayRequest, SearchInputs, SearchOutcome, SearchRequest};
use lingeo::play::game::Game;
use lingeo::play::search::lg::{End, LgResult, Tree, Zones};
use lingeo::play::search::{Eval, SearchResult, WIN};
use lingeo::play::state::{Move, State};
use lingeo::progress::Observer;
use lingeo::render;

use super::schema_args::{Flags, Options, Switch};
use super::setup;
use super::{CliError, Report};

#[derive(Args, Debug)]
pub struct SearchArgs {
    /// The position: a scenario file, or --fen.
    #[command(flatten)]
    pub position: setup::Position,
    /// --engine lg-grammar: the search grammar to run instead of the shipped
    /// grammars/search.lgg (inputs H, DEPTH, FULL; start S(); docs/lg-search.md).
    #[arg(long, value_name = "FILE")]
    pub grammar: Option<PathBuf>,
    /// Solve the position (the default when --depth is not given).
    #[arg(long, conflicts_with = "depth")]
    pub solve: bool,
    /// --ordering chessmaps: the network's weights file (the format of docs/players.md §5;
    /// default: the shipped network, src/play/players/chessmaps.weights).
    #[arg(long, value_name = "FILE")]
    pub network: Option<PathBuf>,
    /// --eval learned: the learned rules' file (the format of docs/players.md §7; default: the
    /// shipped rules, learned/pawned.rules).
    #[arg(long, value_name = "FILE")]
    pub rules: Option<PathBuf>,
    /// --engine lg: draw the reduced tree as SVG into FILE.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// --engine lg: write the reduced tree as Graphviz DOT into FILE (`dot -Tpdf FILE`).
    #[arg(long, value_name = "FILE")]
    pub dot: Option<PathBuf>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
    /// The search's options: the fields of `lingeo::api::SearchRequest`, one flag each.
    #[command(flatten)]
    pub options: Options<SearchRequest>,
}

/// What `lingeo search` spells its own way: the request's fields are its flags.
impl Flags for SearchRequest {
    const SWITCHES: &'static [Switch] = &[
        Switch {
            field: "domination",
            on: "domination",
            off: "no-domination",
        },
        Switch {
            field: "symmetry",
            on: "symmetry",
            off: "no-symmetry",
        },
    ];
    const VALUE_NAMES: &'static [(&'static str, &'static str)] = &[
        ("time", "SECONDS"),
        ("race", "PLIES"),
        ("race_budget", "POSITIONS"),
        ("max_memory", "MIB"),
        ("tt_mb", "MIB"),
    ];
    const INPUTS: &'static [&'static str] = &["network", "rules", "grammar"];
}

#[derive(Args, Debug)]
pub struct PlayArgs {
    /// The position: a scenario file, or --fen, or --pgn.
    #[command(flatten)]
    pub position: setup::Position,
    /// Replay a game of a PGN file (the first, or --game N) instead of a scenario and --moves:
    /// its position (the FEN tag's, or the standard start) under the rules of chess, and its
    /// moves in SAN (move numbers, comments, NAGs, variations and the result skipped); --ply N
    /// shows one position of it.
    #[arg(long, value_name = "FILE", group = "position")]
    pub pgn: Option<PathBuf>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
    /// The replay's options: the fields of `lingeo::api::PlayRequest`, one flag each.
    #[command(flatten)]
    pub options: Options<PlayRequest>,
}

/// What `lingeo play` spells its own way: the request's fields are its flags.
impl Flags for PlayRequest {
    const VALUE_NAMES: &'static [(&'static str, &'static str)] =
        &[("max_memory", "MIB"), ("ply", "N"), ("game", "N")];
    const NOT_FLAGS: &'static [(&'static str, &'static str)] =
        &[("pgn", "--pgn FILE reads the file into it")];
}

pub(super) fn load_game(position: &setup::Position) -> Result<Game, CliError> {
    let scenario = position.load()?;
    Game::new(scenario)
        .map_err(|e| CliError(format!("{}: {}", position.name(), setup::game_error(e))))
}

/// Plays `moves` from the initial state; each error names the move and its number.
pub(super) fn replay(game: &Game, moves: &str) -> Result<(State, Vec<Move>), CliError> {
    lingeo::api::search::replay(game, moves).map_err(setup::api_error)
}

pub fn run_play(args: &PlayArgs) -> Result<String, CliError> {
    let mut request = args.options.request()?;
    let spell = |e: lingeo::api::ApiError| CliError(PlayRequest::spell(&setup::api_error(e).0));
    let played = match &args.pgn {
        Some(path) => {
            request.pgn = std::fs::read_to_string(path)
                .map_err(|e| CliError(format!("--pgn: cannot read {}: {e}", path.display())))?;
            lingeo::api::play::play_pgn(&request)
                .map_err(|e| match e {
                    lingeo::api::ApiError::Request {
                        field: Some("pgn"), ..
                    } => CliError(format!("{}: {}", path.display(), setup::api_error(e).0)),
                    e => spell(e),
                })?
                .1
        }
        None => {
            // `--game` without `--pgn`: the request's rules say so before a scenario is read.
            lingeo::api::Request::check(&request).map_err(spell)?;
            let game = load_game(&args.position)?;
            lingeo::api::play::play_with(&game, &request).map_err(spell)?
        }
    };
    if args.json {
        return super::json::to_string(&played);
    }
    Ok(played.text)
}

pub fn run_search(args: &SearchArgs) -> Result<Report, CliError> {
    let request = args.options.request()?;
    let spell = |e: lingeo::api::ApiError| CliError(SearchRequest::spell(&setup::api_error(e).0));
    // A file the flags would not use is a mistake in the flags, whatever the file holds.
    SearchInputs::check_given(
        &request,
        args.network.is_some(),
        args.rules.is_some(),
        args.grammar.is_some(),
    )
    .map_err(spell)?;
    if !request.engine.is_lg()
        && let Some(flag) = [("--svg", &args.svg), ("--dot", &args.dot)]
            .into_iter()
            .find_map(|(flag, path)| path.as_ref().map(|_| flag))
    {
        return Err(CliError(format!("{flag} needs --engine lg")));
    }
    let game = load_game(&args.position)?;
    let (root, _) = replay(&game, &request.moves)?;
    let grammar = match &args.grammar {
        Some(path) => Some(super::files::grammar(path).map_err(|e| CliError(e.render()))?),
        None => None,
    };
    let inputs = SearchInputs {
        network: read(args.network.as_deref(), super::files::network)?,
        rules: read(args.rules.as_deref(), super::files::rules)?,
        grammar: grammar.as_ref(),
        progress: Observer::new(super::progress::Bars::new()),
    };
    let mut outcome =
        lingeo::api::search::search_game(&game, &root, &request, &inputs).map_err(spell)?;
    let path = |p: &Option<PathBuf>| p.as_ref().map(|p| p.display().to_string());
    outcome.json.rules = path(&args.rules);
    outcome.json.network = path(&args.network);
    if let Some(lg) = &outcome.lg {
        write_pictures(args, lg, outcome.proof_tree.as_ref())?;
    }
    let gave_up = gave_up(&request, &outcome.result, outcome.lg.as_ref());
    let report = |text: String| match &gave_up {
        Some(why) => Report::gave_up(text, why.clone()),
        None => Report::from(text),
    };
    if args.json {
        return super::json::to_string(&outcome).map(report);
    }
    let mut out = describe(&game, &root, args, &request, &outcome);
    if let Some(lg) = &outcome.lg {
        out.push_str(&describe_tree(&request, lg, outcome.grammar_run.as_ref()));
        if let Some(proof) = &outcome.proof_tree {
            out.push_str(&describe_proof(&request, lg, proof));
        }
    }
    Ok(report(out))
}

/// The file at `path`, if one is given, read by `read`.
fn read<T>(
    path: Option<&std::path::Path>,
    read: fn(&std::path::Path) -> Result<T, CliError>,
) -> Result<Option<Arc<T>>, CliError> {
    path.map(read).transpose().map(|o| o.map(Arc::new))
}

/// The reduced tree drawn as `--svg` and `--dot` ask (its proof tree with --proof-tree),
/// titled by the scenario's file, the value and the tree's size.
fn write_pictures(args: &SearchArgs, r: &LgResult, proof: Option<&Tree>) -> Result<(), CliError> {
    let (tree, what) = match proof {
        Some(proof) => (proof, "proof tree of "),
        None => (&r.tree, ""),
    };
    let title = format!(
        "LG search of {}: value {}, {}{}",
        args.position.title(),
        r.result
            .value
            .map_or_else(|| "unknown".to_string(), |v| v.to_string()),
        what,
        render::counted(tree.moves() as u128, "move", "moves")
    );
    if let Some(path) = &args.svg {
        super::files::write("--svg", path, lingeo::svg::tree(tree, &title))?;
    }
    if let Some(path) = &args.dot {
        super::files::write("--dot", path, lingeo::dot::tree(tree, &title))?;
    }
    Ok(())
}

/// The proof tree's size beside the tree searched, and the proof tree itself.
fn describe_proof(request: &SearchRequest, r: &LgResult, proof: &Tree) -> String {
    let mut out = format!(
        "proof tree: {}, {} deep (of the {} searched)\n",
        render::counted(proof.moves() as u128, "move", "moves"),
        render::counted(proof.depth() as u128, "move", "moves"),
        r.tree.moves()
    );
    if request.proof_tree {
        out.push_str(&proof.text());
    }
    out
}

/// The LG search's reduced tree in words: its size and leaves, a root that is a leaf, the race,
/// the search grammar's run, and the tree itself where `tree` asks for it.
fn describe_tree(
    request: &SearchRequest,
    r: &LgResult,
    grammar_run: Option<&lingeo::api::search::GrammarRunStats>,
) -> String {
    let mut out = String::new();
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
    if let Some(run) = grammar_run {
        out.push_str(&format!(
            "search grammar `{}`: {}, {} of play\n",
            run.grammar,
            render::counted(u128::from(run.steps), "derivation step", "derivation steps"),
            render::counted(run.states as u128, "state", "states")
        ));
    }
    if request.tree {
        out.push_str(&r.tree.text());
    }
    out
}

/// Why an alpha-beta or minimax search gave up: a limit stopped it before the depth it was
/// given, or before a solve proved the game's value, and it did not prove the value anyway.
/// Its result (the last completed iteration's) is printed all the same; a stop after the value
/// was proved is no failure. The LG searches say for themselves (`--engine lg`).
fn gave_up(args: &SearchRequest, r: &SearchResult, lg: Option<&LgResult>) -> Option<String> {
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

fn describe(
    game: &Game,
    root: &State,
    args: &SearchArgs,
    request: &SearchRequest,
    outcome: &SearchOutcome,
) -> String {
    let (r, lg) = (&outcome.result, outcome.lg.as_ref());
    let mut out = header(args, request, outcome);
    if let Some(why) = r.stopped.as_ref().map(super::setup::stop_hint) {
        // Only a search with a result gets here (`has_result`).
        let partial = match (request.depth, lg) {
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
    out.push_str(&value_line(outcome));
    out.push_str(&score_line(request, outcome));
    // Under the rules of chess the line is numbered SAN (`1. e4 e5 2. Nf3`).
    let pv = if lingeo::play::notation::is_chess(game) {
        lingeo::play::notation::san::numbered(game, root, &r.pv)
    } else {
        line(game, &r.pv).join(" ")
    };
    out.push_str(&format!(
        "pv: {}\n",
        if pv.is_empty() { "(none)" } else { &pv }
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

/// The first line: the scenario, the engine, its depth or solve, and its options.
fn header(args: &SearchArgs, request: &SearchRequest, outcome: &SearchOutcome) -> String {
    let options = &outcome.options;
    let engine = request.engine.name();
    let horizon = outcome.lg.as_ref().map_or(0, |l| l.horizon);
    let how = match (request.depth, request.engine) {
        (Some(d), _) => format!("depth {d}"),
        (None, Engine::Lg | Engine::LgGrammar) => {
            format!("depth {} (the horizon + 2)", horizon + 2)
        }
        // Which form ran, where the game has a compiled one (the times differ tenfold).
        (None, _) if outcome.result.compiled => "solve on the compiled rule".to_string(),
        (None, _) => "solve".to_string(),
    };
    let ordering = match request.engine {
        Engine::Alphabeta => format!(
            ", ordering {}, table {}",
            options.ordering.name(),
            if options.tt_mb == 0 {
                "off".to_string()
            } else {
                format!("{} MiB", options.tt_mb)
            }
        ),
        Engine::Minimax => String::new(),
        Engine::Lg | Engine::LgGrammar => format!(
            ", horizon {}{}{}{}",
            horizon,
            if request.full_tree { ", full tree" } else { "" },
            if request.zones == Zones::Translate {
                ", zones translated"
            } else {
                ""
            },
            if request.domination == Some(true) {
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
    format!(
        "{}: {engine}, {how}{ordering}{eval}\n",
        args.position.name()
    )
}

/// `value: ...`. The LG search says whether its value is proved for the game (it rests on
/// leaves that end the game, and every legal move of the side short of its best was
/// answered), forced only inside its reduced tree (a move outside it may change the value),
/// or rests on static values of leaves (an estimate).
fn value_line(outcome: &SearchOutcome) -> String {
    let lg = outcome.lg.as_ref();
    let status = match (lg.map(|l| l.proved), lg.map(|l| l.forced)) {
        (Some(true), _) => ", proved",
        (Some(false), Some(true)) => ", forced within LG's tree; outside it not checked",
        (Some(false), _) => ", static estimate",
        (None, _) => "",
    };
    let value = match outcome.result.value {
        Some(1) => format!("1 (White wins{status})"),
        Some(-1) => format!("-1 (Black wins{status})"),
        Some(_) => format!("0 (draw{status})"),
        None => "unknown (not proven at this depth)".to_string(),
    };
    format!("value: {value}\n")
}

/// `score: ...` with what it counts, or nothing where a solve has no distance to tell.
fn score_line(request: &SearchRequest, outcome: &SearchOutcome) -> String {
    let (r, lg) = (&outcome.result, outcome.lg.as_ref());
    let wins = |score: i32| {
        if score > 0 {
            "White wins"
        } else {
            "Black wins"
        }
    };
    if outcome.json.counted {
        return format!(
            "score: {} (pieces at the end, White's minus Black's)\n",
            outcome.json.score
        );
    }
    if lg.is_some_and(|l| !l.proved) {
        // An LG value not proved for the game: no distance to the end to tell.
        let what = if lg.is_some_and(|l| l.forced) {
            "forced within LG's tree"
        } else {
            "static estimate"
        };
        format!("score: {} ({what})\n", r.score)
    } else if request.depth.is_none() && r.stopped.is_none() {
        // A solve scores win, draw or loss only (no distance to the end).
        String::new()
    } else if request.depth.is_none() && r.score.abs() > WIN / 2 {
        // An anytime solve's iterations do not count the moves to the end either.
        format!("score: {} ({})\n", r.score, wins(r.score))
    } else if r.score.abs() > WIN / 2 {
        let plies = WIN - r.score.abs();
        format!(
            "score: {} ({} in {})\n",
            r.score,
            wins(r.score),
            render::counted(plies as u128, "move", "moves")
        )
    } else {
        let what = match outcome.options.eval {
            Eval::Material => "material",
            Eval::Fuzzy => "fuzzy evaluation",
            Eval::Learned => "learned evaluation",
            Eval::Mobility => "mobility",
        };
        format!("score: {} ({what} x 100, White's side)\n", r.score)
    }
}
