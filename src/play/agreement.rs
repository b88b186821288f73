//! LG against the solver (issue 27, docs/lg-search.md "Agreement with the solver"): the LG
//! search's value of a position beside the value alpha-beta proves by solving it, with the
//! sizes of both searches; and the seeded random small games both are run on.
//!
//! The comparison is a library function so that a test can assert a floor on a small set
//! and `examples/lg_agreement.rs` can print the full tables (Markdown) that the docs quote.

use std::time::Duration;

use crate::play::game::Game;
use crate::play::search::lg::{self, LgOptions, LgResult};
use crate::play::search::{Ordering, SearchOptions, alphabeta};
use crate::play::state::{Move, State};
use crate::random::SplitMix;
use crate::scenario::Scenario;

/// The kinds of random small games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// A fighter and a bomber a side with the rules of examples/robot-2d4a.scenario (a limit of
    /// 16 moves, so that the solver finishes).
    Robot,
    /// Pawns only, with the rules of examples/pawned.scenario.
    Pawned,
    /// Pawned itself on smaller boards: 2 to 5 pawns a side on their home ranks (White's on
    /// rank 1, Black's on the last), each side on a random subset of the files, boards 4x4 to
    /// 5x6, the rules of examples/pawned.scenario (the CMPT317 game of seed 001). Shut pawns
    /// (a pawn facing a pawn on its file) and races decided by a tempo are common here.
    PawnedFiles,
}

impl Family {
    /// How reports name the family.
    pub fn name(self) -> &'static str {
        match self {
            Family::Robot => "2D/4A-like",
            Family::Pawned => "Pawned-like",
            Family::PawnedFiles => "Pawned-files",
        }
    }

    /// Every family, in the order the tables list them.
    pub fn all() -> [Family; 3] {
        [Family::Robot, Family::Pawned, Family::PawnedFiles]
    }

    /// The boards its games are played on, as the tables say it.
    pub fn boards(self) -> &'static str {
        match self {
            Family::Robot | Family::Pawned => "5x5 to 8x8",
            Family::PawnedFiles => "4x4 to 5x6",
        }
    }
}

fn point(x: u64, y: u64) -> String {
    format!("{}{}", (b'a' + x as u8) as char, y + 1)
}

/// The scenario text of the random game `seed` of `family`, on a board of 5x5 to 8x8 (4x4 to
/// 5x6 for [`Family::PawnedFiles`]); the same text for the same arguments on every machine.
///
/// * [`Family::Robot`]: a fighter and a bomber a side, each bomber with the far rank of its
///   file as its goal, 2 to 4 moves away, the fighters anywhere free.
/// * [`Family::Pawned`]: 1 or 2 pawns a side, White's on the lower half of the board above
///   rank 1, Black's on the upper half below the last rank; the first pawn on the far rank
///   wins.
/// * [`Family::PawnedFiles`]: 2 to 5 pawns a side (at most one a file), White's on rank 1 and
///   Black's on the last rank, on files chosen at random for each side, named by side and file
///   (`W0` on a1, `B3` on the d-file); the rules of Pawned.
pub fn random_game(family: Family, seed: u64) -> String {
    let mut rng = SplitMix(seed);
    let (w, h) = (5 + rng.below(4), 5 + rng.below(4));
    let mut taken: Vec<(u64, u64)> = Vec::new();
    let mut free = |rng: &mut SplitMix, xs: (u64, u64), ys: (u64, u64)| loop {
        let p = (xs.0 + rng.below(xs.1 - xs.0), ys.0 + rng.below(ys.1 - ys.0));
        if !taken.contains(&p) {
            taken.push(p);
            return p;
        }
    };
    match family {
        Family::Robot => {
            let wb = free(&mut rng, (0, w), (h - 5, h - 2));
            let bb = free(&mut rng, (0, w), (1, 4));
            let wf = free(&mut rng, (0, w), (0, h));
            let bf = free(&mut rng, (0, w), (0, h));
            format!(
                "board {w}x{h}\n\
                 type FIGHTER {{\n  like king\n  value 3\n}}\n\
                 type BOMBER {{\n  move leap (0,1)\n  attack leap (1,1) (-1,1)\n  value 5\n}}\n\
                 white FIGHTER at {} as WF\nwhite BOMBER at {} as WB\n\
                 black FIGHTER at {} as BF\nblack BOMBER at {} as BB\n\
                 goal {} for WB\ngoal {} for BB\n\
                 game {{\n  first white\n  goals survive\n  stalemate pass\n  safe FIGHTER\n  limit 16\n}}\n",
                point(wf.0, wf.1),
                point(wb.0, wb.1),
                point(bf.0, bf.1),
                point(bb.0, bb.1),
                point(wb.0, h - 1),
                point(bb.0, 0),
            )
        }
        Family::PawnedFiles => pawned_files(seed),
        Family::Pawned => {
            let n = 1 + rng.below(2);
            let mut text = format!("board {w}x{h}\n");
            for k in 0..n {
                let p = free(&mut rng, (0, w), (1, h / 2));
                text.push_str(&format!("white pawn at {} as WP{k}\n", point(p.0, p.1)));
            }
            for k in 0..n {
                let p = free(&mut rng, (0, w), (h - h / 2, h - 1));
                text.push_str(&format!("black pawn at {} as BP{k}\n", point(p.0, p.1)));
            }
            text.push_str(PAWNED_RULES);
            text
        }
    }
}

/// The Pawned rules of examples/pawned.scenario: the far rank wins at once, a side without a
/// move passes, and where neither can move the side with more pawns wins.
const PAWNED_RULES: &str = "goal rank last for white\ngoal rank 1 for black\n\
     game {\n  first white\n  goals immediate\n  stalemate pass\n  deadlock count\n}\n";

/// The game `seed` of [`Family::PawnedFiles`] ([`random_game`]).
fn pawned_files(seed: u64) -> String {
    let mut rng = SplitMix(seed);
    let (w, h) = (4 + rng.below(2), 4 + rng.below(3));
    let mut text = format!("board {w}x{h}\n");
    for (side, rank, tag) in [("white", 0, 'W'), ("black", h - 1, 'B')] {
        let n = 2 + rng.below(w - 1).min(3);
        // A random subset of n files: a partial shuffle of 0..w.
        let mut files: Vec<u64> = (0..w).collect();
        for k in 0..n as usize {
            let j = k + rng.below(w - k as u64) as usize;
            files.swap(k, j);
        }
        let mut chosen = files[..n as usize].to_vec();
        chosen.sort_unstable();
        for f in chosen {
            text.push_str(&format!("{side} pawn at {} as {tag}{f}\n", point(f, rank)));
        }
    }
    text.push_str(PAWNED_RULES);
    text
}

/// Why a scenario text is not a game.
#[derive(Debug, thiserror::Error)]
pub enum GameOfError {
    /// The text does not parse: its diagnostics, each at its place.
    #[error("{}", .0.render())]
    Scenario(crate::syntax::diagnostic::SourceErrors),
    /// The scenario cannot be played.
    #[error(transparent)]
    Game(#[from] crate::play::game::GameError),
}

/// The game of a scenario text, or why it is not one.
pub fn game_of(name: &str, text: &str) -> Result<Game, GameOfError> {
    let s = Scenario::parse(name, text).map_err(GameOfError::Scenario)?;
    Ok(Game::new(s)?)
}

/// The limits of one comparison.
#[derive(Clone, Debug)]
pub struct Budgets {
    /// The most positions the solver visits.
    pub solve_nodes: u64,
    /// The most positions an LG search visits.
    pub lg_nodes: u64,
    /// The longest an LG search runs (a stop at it depends on the machine).
    pub lg_time: Duration,
    /// The most zones the LG search lists for one attack (`None`: the generator's 100,000).
    pub max_zones: Option<usize>,
}

impl Default for Budgets {
    fn default() -> Budgets {
        Budgets {
            solve_nodes: 2_000_000,
            lg_nodes: 200_000,
            lg_time: Duration::from_secs(20),
            max_zones: None,
        }
    }
}

/// The solver's answer on a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solved {
    /// The proved value from White's side; `None` past the budget.
    pub value: Option<i8>,
    /// Positions the solve visited.
    pub nodes: u64,
}

/// Solves `state` with alpha-beta (zones first, the ordering of the smallest solves measured).
pub fn solve(game: &Game, state: &State, budgets: &Budgets) -> Solved {
    let r = alphabeta::search(
        game,
        state,
        &SearchOptions {
            max_nodes: Some(budgets.solve_nodes),
            ordering: Ordering::Zones,
            ..SearchOptions::default()
        },
    );
    Solved {
        value: r.value,
        nodes: r.nodes,
    }
}

/// Alpha-beta's positions at a fixed depth, the LG tree's full-width counterpart.
pub fn positions_at_depth(game: &Game, state: &State, depth: u32, budgets: &Budgets) -> u64 {
    alphabeta::search(
        game,
        state,
        &SearchOptions {
            depth: Some(depth),
            max_nodes: Some(budgets.solve_nodes),
            ordering: Ordering::Zones,
            ..SearchOptions::default()
        },
    )
    .nodes
}

/// The LG search's answer on a position.
#[derive(Clone, Debug)]
pub struct Searched {
    /// The value from White's side; `None` when the search gave up (`why`).
    pub value: Option<i8>,
    /// Whether the value is proved for the game ([`LgResult::proved`]).
    pub proved: bool,
    /// Whether the value is forced inside the reduced tree ([`LgResult::forced`]): proved
    /// there, or only there where `proved` is false.
    pub forced: bool,
    /// Moves in the reduced tree.
    pub moves: usize,
    /// Positions the search visited.
    pub nodes: u64,
    /// The depth it searched to (plies).
    pub depth: u32,
    /// Wall-clock time.
    pub time: Duration,
    /// Why it gave up, if it did.
    pub why: Option<String>,
}

impl Searched {
    /// A search that gave no answer, and why.
    fn failed(why: String) -> Searched {
        Searched {
            value: None,
            proved: false,
            forced: false,
            moves: 0,
            nodes: 0,
            depth: 0,
            time: Duration::ZERO,
            why: Some(why),
        }
    }
}

/// Runs the LG search on `state` at `depth` (`None`: its default), within the budgets.
pub fn search_lg(
    game: &Game,
    state: &State,
    depth: Option<u32>,
    lg_options: &LgOptions,
    budgets: &Budgets,
) -> Searched {
    let options = SearchOptions {
        depth,
        max_nodes: Some(budgets.lg_nodes),
        time: Some(budgets.lg_time),
        max_zones: budgets.max_zones,
        ..SearchOptions::default()
    };
    match lg::search(game, state, &options, lg_options) {
        Ok(r) => searched(&r),
        Err(e) => Searched::failed(e.to_string()),
    }
}

fn searched(r: &LgResult) -> Searched {
    Searched {
        value: r.result.value,
        proved: r.proved,
        forced: r.forced,
        moves: r.tree.moves(),
        nodes: r.result.nodes,
        depth: r.depth,
        time: r.result.time,
        why: r.result.stopped.as_ref().map(ToString::to_string),
    }
}

/// The positions to compare on a game: the start, then the position after each legal first
/// move of the side to move (in the rules' order), with the move in the source's notation.
pub fn start_and_first_moves(game: &Game) -> Vec<(String, State)> {
    let root = State::initial(game);
    let mut out = vec![("start".to_string(), root.clone())];
    let mut legal = Vec::new();
    let mut s = root.clone();
    s.successors(game, &mut legal);
    if s.outcome.is_some() {
        return out;
    }
    for mv in legal {
        if mv == Move::Pass {
            continue;
        }
        let mut child = root.clone();
        child.make(game, mv);
        out.push((mv.show(game), child));
    }
    out
}

/// One row of a comparison: a position, the solver's value and the LG search's.
#[derive(Clone, Debug)]
pub struct Row {
    /// The position's name, as the caller gave it.
    pub name: String,
    /// The solver's answer.
    pub solved: Solved,
    /// The LG search's answer.
    pub lg: Searched,
    /// Where both answered and differ, why ([`explain`]).
    pub reason: Option<String>,
}

impl Row {
    /// Whether both searches answered, and alike.
    pub fn agrees(&self) -> Option<bool> {
        match (self.solved.value, self.lg.value) {
            (Some(a), Some(b)) => Some(a == b),
            _ => None,
        }
    }
}

/// Compares LG (at `depth`) and the solver on `state`.
pub fn compare(
    name: &str,
    game: &Game,
    state: &State,
    depth: Option<u32>,
    lg_options: &LgOptions,
    budgets: &Budgets,
) -> Row {
    let solved = solve(game, state, budgets);
    let lg = search_lg(game, state, depth, lg_options, budgets);
    let reason = match (solved.value, lg.value) {
        (Some(a), Some(b)) if a != b => Some(explain(game, state, lg_options, budgets)),
        _ => None,
    };
    Row {
        name: name.to_string(),
        solved,
        lg,
        reason,
    }
}

/// Why the LG search's value of `state` (at its default depth) is not the solver's, found by
/// walking down a line where they differ: where LG's value is better for the side to move
/// than the solver's, along LG's own choice (the move it overvalues); where it is worse, along
/// the solver's best move (the one LG undervalues or does not search). The walk ends at a
/// position where the solver's move is not in LG's tree (a move LG leaves out), or where LG,
/// searched from there, finds the solver's value (so from `state` the line ran past its depth
/// bound and race, into a static leaf value), or where LG proves a value the solver does not
/// (which would be a wrong proof); or at a limit.
pub fn explain(game: &Game, state: &State, lg_options: &LgOptions, budgets: &Budgets) -> String {
    let mut pos = state.clone();
    let mut line: Vec<String> = Vec::new();
    let options = SearchOptions {
        max_nodes: Some(budgets.lg_nodes),
        time: Some(budgets.lg_time),
        max_zones: budgets.max_zones,
        ..SearchOptions::default()
    };
    // LG's tree of `state`, to tell what it made of the positions on the line.
    let start = lg::search(game, state, &options, lg_options).ok();
    let shown = |line: &[String]| {
        if line.is_empty() {
            "at the start".to_string()
        } else {
            format!("after `{}`", line.join(" "))
        }
    };
    for _ in 0..MAX_EXPLAIN_PLIES {
        let truth = alphabeta::search(
            game,
            &pos,
            &SearchOptions {
                max_nodes: Some(budgets.solve_nodes),
                ordering: Ordering::Zones,
                ..SearchOptions::default()
            },
        );
        let lg = match lg::search(game, &pos, &options, lg_options) {
            Ok(r) => r,
            Err(e) => return format!("{}: LG gives up ({e})", shown(&line)),
        };
        let (Some(tv), Some(lv)) = (truth.value, lg.result.value) else {
            return format!("{}: a search stopped at its budget", shown(&line));
        };
        if tv == lv {
            return format!(
                "{}, {} deep, LG searched from there finds the solver's {tv}; {}",
                shown(&line),
                plies(line.len()),
                start.as_ref().map_or_else(
                    || "LG gave up from the start".to_string(),
                    |r| in_tree(game, &r.tree, &line)
                )
            );
        }
        if lg.proved {
            return format!(
                "{}: LG proves {lv} where the solver proves {tv} (a wrong proof)",
                shown(&line)
            );
        }
        let white = pos.to_move == crate::piece::Side::White;
        let overvalued = if white { lv > tv } else { lv < tv };
        let next = if overvalued {
            match lg.result.pv.first() {
                Some(&Move::Pass) if !legal_pass(game, &pos) => {
                    return format!(
                        "{}: LG's {lv} rests on a reduced pass ({} has no zone move and a move \
                         it could take back), where the solver's value is {tv}",
                        shown(&line),
                        pos.to_move
                    );
                }
                Some(&m) => m,
                None => {
                    return format!(
                        "{}: LG's static value {lv} of a position whose value is {tv}",
                        shown(&line)
                    );
                }
            }
        } else {
            let Some(&m) = truth.pv.first() else {
                return format!("{}: the solver has no move to show", shown(&line));
            };
            if !lg.tree.children.iter().any(|c| c.mv == m) {
                return format!(
                    "{}: the solver's `{}` is not in LG's tree, where {} gets {}{} from the \
                     moves it tries",
                    shown(&line),
                    m.show(game),
                    pos.to_move,
                    lv,
                    if lg.forced { "" } else { " (an estimate)" }
                );
            }
            m
        };
        line.push(next.show(game));
        pos.make(game, next);
    }
    format!(
        "{}: no reason found within {MAX_EXPLAIN_PLIES} plies",
        shown(&line)
    )
}

/// Whether the rules make the side to move in `state` pass (its one move).
fn legal_pass(game: &Game, state: &State) -> bool {
    let mut legal = Vec::new();
    state.clone().successors(game, &mut legal);
    legal == [Move::Pass]
}

/// What LG's tree says of the position after `line` (moves in the source's notation): its
/// value there and the leaf its principal line ends in (a static value past the depth bound
/// and the race, or another way of ending), or that the tree does not hold the line.
fn in_tree(game: &Game, tree: &lg::Tree, line: &[String]) -> String {
    let mut nodes = &tree.children;
    let mut node = None;
    for text in line {
        match nodes.iter().find(|n| n.text == *text) {
            Some(n) => {
                node = Some(n);
                nodes = &n.children;
            }
            None => return "LG's tree from the start does not hold that line".to_string(),
        }
    }
    let Some(node) = node else {
        return String::new();
    };
    // Down the principal line below: the moves that keep the value, to the leaf.
    let mut pv: Vec<&str> = Vec::new();
    let mut at = node;
    while let Some(next) = at.children.iter().find(|c| c.value == at.value) {
        pv.push(&next.text);
        at = next;
    }
    let _ = game;
    format!(
        "in LG's tree from the start it gets {}, down `{}` to a leaf at ply {} ({})",
        at.value,
        pv.join(" "),
        line.len() + pv.len(),
        at.end.map_or("searched on", lg::End::name)
    )
}

/// `n plies`, `1 ply`.
fn plies(n: usize) -> String {
    if n == 1 {
        "1 ply".to_string()
    } else {
        format!("{n} plies")
    }
}

/// The longest line [`explain`] walks.
const MAX_EXPLAIN_PLIES: usize = 40;

/// The totals of a set of rows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Rows where both answered, with the same value.
    pub agree: usize,
    /// Rows where both answered, with different values.
    pub disagree: usize,
    /// The solver did not finish within its budget.
    pub unsolved: usize,
    /// The LG search gave up (a budget, too many zones).
    pub lg_gave_up: usize,
    /// Positions summed over the rows both searches answered.
    pub lg_nodes: u64,
    /// The solver's positions, summed over the rows both searches answered.
    pub solve_nodes: u64,
}

impl Tally {
    /// The totals of `rows`.
    pub fn of(rows: &[Row]) -> Tally {
        let mut t = Tally::default();
        for r in rows {
            match (r.solved.value, r.lg.value) {
                (None, _) => t.unsolved += 1,
                (Some(_), None) => t.lg_gave_up += 1,
                (Some(a), Some(b)) => {
                    if a == b {
                        t.agree += 1;
                    } else {
                        t.disagree += 1;
                    }
                    t.lg_nodes += r.lg.nodes;
                    t.solve_nodes += r.solved.nodes;
                }
            }
        }
        t
    }

    /// The agreement rate over the rows both searches answered, in percent.
    pub fn rate(&self) -> f64 {
        let n = self.agree + self.disagree;
        if n == 0 {
            0.0
        } else {
            100.0 * self.agree as f64 / n as f64
        }
    }

    /// LG's positions over the solver's, over the rows both answered.
    pub fn position_ratio(&self) -> f64 {
        if self.solve_nodes == 0 {
            0.0
        } else {
            self.lg_nodes as f64 / self.solve_nodes as f64
        }
    }
}

/// A value as the tables show it: `1`, `0`, `-1` proved, `—` for none, `0~` for a static
/// estimate, `0*` for a value forced within LG's tree and not checked outside it.
pub fn show_value(value: Option<i8>, proved: bool) -> String {
    show_lg_value(value, proved, proved)
}

/// [`show_value`] of an LG value, proved for the game or `forced` within its tree only.
pub fn show_lg_value(value: Option<i8>, proved: bool, forced: bool) -> String {
    match value {
        None => "—".to_string(),
        Some(v) if proved => v.to_string(),
        Some(v) if forced => format!("{v}*"),
        Some(v) => format!("{v}~"),
    }
}

/// The random games of `family` with seeds `seeds`, each compared at the LG default depth:
/// one row per game, named by its seed.
pub fn random_rows(
    family: Family,
    seeds: std::ops::Range<u64>,
    lg_options: &LgOptions,
    budgets: &Budgets,
) -> Vec<Row> {
    random_rows_jobs(family, seeds, lg_options, budgets, 1)
}

/// [`random_rows`] with the games spread over `jobs` threads ([`crate::parallel`]): the same
/// rows in the same order (`jobs` outside 1 to 256 counts as 1).
pub fn random_rows_jobs(
    family: Family,
    seeds: std::ops::Range<u64>,
    lg_options: &LgOptions,
    budgets: &Budgets,
    jobs: usize,
) -> Vec<Row> {
    let seeds: Vec<u64> = seeds.collect();
    let row = |_: usize, &seed: &u64| {
        let text = random_game(family, seed);
        let name = format!("seed {seed}");
        match game_of(&name, &text) {
            Ok(game) => {
                let root = State::initial(&game);
                compare(&name, &game, &root, None, lg_options, budgets)
            }
            Err(e) => Row {
                name,
                solved: Solved {
                    value: None,
                    nodes: 0,
                },
                lg: Searched::failed(e.to_string()),
                reason: None,
            },
        }
    };
    in_order(jobs, &seeds, row)
}

/// `f` over `items` on `jobs` threads (one where `jobs` is out of range), in order.
fn in_order<T: Sync, R: Send>(
    jobs: usize,
    items: &[T],
    f: impl Fn(usize, &T) -> R + Sync,
) -> Vec<R> {
    let jobs = if crate::parallel::check_jobs(jobs).is_ok() {
        jobs
    } else {
        1
    };
    crate::parallel::map_in_order(jobs, items, f, |_| false)
        .unwrap_or_default()
        .into_iter()
        .flatten()
        .collect()
}

/// The rows of one shipped game: the start and every first move, the solver beside LG at its
/// default depth and, with `deep`, at that depth too.
#[derive(Clone, Debug)]
pub struct GameRows {
    /// A row for the start and for each first move.
    pub rows: Vec<Row>,
    /// LG at the deep depth, per row (empty without one).
    pub deep: Vec<Searched>,
    /// Alpha-beta's positions at the LG default depth, per row.
    pub at_depth: Vec<u64>,
}

/// Compares LG and the solver on the start of `game` and after each first move.
pub fn game_rows(
    game: &Game,
    deep: Option<u32>,
    lg_options: &LgOptions,
    budgets: &Budgets,
) -> GameRows {
    game_rows_jobs(game, deep, lg_options, budgets, 1)
}

/// [`game_rows`] with the positions spread over `jobs` threads: the same rows in the same
/// order (`jobs` outside 1 to 256 counts as 1).
pub fn game_rows_jobs(
    game: &Game,
    deep: Option<u32>,
    lg_options: &LgOptions,
    budgets: &Budgets,
    jobs: usize,
) -> GameRows {
    let positions = start_and_first_moves(game);
    let done = in_order(jobs, &positions, |_, (name, state)| {
        let row = compare(name, game, state, None, lg_options, budgets);
        let at_depth = positions_at_depth(game, state, row.lg.depth, budgets);
        let deep = deep.map(|d| search_lg(game, state, Some(d), lg_options, budgets));
        (row, at_depth, deep)
    });
    let mut out = GameRows {
        rows: Vec::new(),
        deep: Vec::new(),
        at_depth: Vec::new(),
    };
    for (row, at_depth, deep) in done {
        out.at_depth.push(at_depth);
        out.deep.extend(deep);
        out.rows.push(row);
    }
    out
}

/// The Markdown table of [`game_rows`]: per position the solver's value and positions, LG's
/// value (`~`: a static estimate), tree moves and positions at its default depth, alpha-beta's
/// positions at that depth, and LG's value at the deep depth.
pub fn game_table(rows: &GameRows, deep: Option<u32>) -> String {
    let mut out = String::from(
        "| position | solver | solve positions | LG | LG depth | tree moves | LG positions | alpha-beta positions at LG depth |",
    );
    if let Some(d) = deep {
        out.push_str(&format!(" LG depth {d} | LG positions depth {d} |"));
    }
    out.push_str("\n|---|---|---|---|---|---|---|---|");
    if deep.is_some() {
        out.push_str("---|---|");
    }
    out.push('\n');
    for (k, r) in rows.rows.iter().enumerate() {
        let mark = match r.agrees() {
            Some(false) => " **≠**",
            _ => "",
        };
        out.push_str(&format!(
            "| {} | {} | {} | {}{mark} | {} | {} | {} | {} |",
            r.name,
            show_value(r.solved.value, true),
            r.solved.nodes,
            show_lg_value(r.lg.value, r.lg.proved, r.lg.forced),
            r.lg.depth,
            r.lg.moves,
            r.lg.nodes,
            rows.at_depth[k],
        ));
        if let Some(d) = rows.deep.get(k) {
            let mark = match (r.solved.value, d.value) {
                (Some(a), Some(b)) if a != b => " **≠**",
                _ => "",
            };
            out.push_str(&format!(
                " {}{mark} | {} |",
                show_lg_value(d.value, d.proved, d.forced),
                d.nodes
            ));
        }
        out.push('\n');
    }
    out
}

/// The Markdown summary of random rows per family: games, agreements, disagreements, gaps,
/// the rate and LG's positions over the solver's; then each disagreement.
pub fn random_table(families: &[(Family, Vec<Row>)]) -> String {
    let mut out = String::from(
        "| games | agree | disagree | solver past budget | LG gave up | agreement | LG / solve positions |\n|---|---|---|---|---|---|---|\n",
    );
    let mut all = Vec::new();
    for (family, rows) in families {
        let t = Tally::of(rows);
        out.push_str(&tally_row(&format!("{} {}", rows.len(), family.name()), &t));
        all.extend(rows.iter().cloned());
    }
    if families.len() > 1 {
        out.push_str(&tally_row(
            &format!("{} in all", all.len()),
            &Tally::of(&all),
        ));
    }
    let mut cases = String::new();
    for (family, rows) in families {
        for r in rows {
            if r.agrees() == Some(false) {
                cases.push_str(&format!(
                    "- {} {}: solver {}, LG {} ({} moves, depth {}){}\n",
                    family.name(),
                    r.name,
                    show_value(r.solved.value, true),
                    show_lg_value(r.lg.value, r.lg.proved, r.lg.forced),
                    r.lg.moves,
                    r.lg.depth,
                    r.reason
                        .as_ref()
                        .map_or_else(String::new, |why| format!(": {why}"))
                ));
            }
        }
    }
    if !cases.is_empty() {
        out.push_str("\nDisagreements:\n\n");
        out.push_str(&cases);
    }
    // Why LG gave up, counted by reason (numbers masked so that alike reasons count together).
    let mut reasons: Vec<(String, usize)> = Vec::new();
    for (_, rows) in families {
        for r in rows {
            if r.solved.value.is_some()
                && r.lg.value.is_none()
                && let Some(why) = &r.lg.why
            {
                let masked: String = why
                    .chars()
                    .map(|c| if c.is_ascii_digit() { '#' } else { c })
                    .collect();
                match reasons.iter_mut().find(|(w, _)| *w == masked) {
                    Some((_, n)) => *n += 1,
                    None => reasons.push((masked, 1)),
                }
            }
        }
    }
    if !reasons.is_empty() {
        out.push_str("\nWhere LG gave up:\n\n");
        for (why, n) in reasons {
            out.push_str(&format!("- {n}: {why}\n"));
        }
    }
    out
}

fn tally_row(name: &str, t: &Tally) -> String {
    format!(
        "| {name} | {} | {} | {} | {} | {:.1}% | {:.4} |\n",
        t.agree,
        t.disagree,
        t.unsolved,
        t.lg_gave_up,
        t.rate(),
        t.position_ratio()
    )
}

/// One line of the source's tree checked against the shipped rules and a reduced tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceLine {
    /// The line as written.
    pub line: String,
    /// How many of its moves are legal in a row from the start (all: the line is legal).
    pub legal: usize,
    /// How many moves it has.
    pub moves: usize,
    /// Why the first illegal move is not legal, if one is.
    pub illegal: Option<String>,
    /// How many of its first moves the tree holds as a path from the root.
    pub contained: usize,
}

/// Checks each line of `lines` (one a row, moves separated by spaces, anything from `=` on
/// and rows starting with `#` ignored) against `game`'s rules from the start and against
/// `tree`.
pub fn source_lines(game: &Game, tree: &lg::Tree, lines: &str) -> Vec<SourceLine> {
    let mut out = Vec::new();
    for row in lines.lines() {
        let row = row.split('=').next().unwrap_or("").trim();
        if row.is_empty() || row.starts_with('#') {
            continue;
        }
        let moves: Vec<&str> = row.split_whitespace().collect();
        let mut state = State::initial(game);
        let (mut legal, mut illegal) = (0, None);
        for text in &moves {
            let mut options = Vec::new();
            state.successors(game, &mut options);
            match state.parse_move(game, text) {
                Ok(mv) if options.contains(&mv) && state.outcome.is_none() => {
                    state.make(game, mv);
                    legal += 1;
                }
                Ok(_) => {
                    illegal = Some(format!("{text} is not legal here"));
                    break;
                }
                Err(e) => {
                    illegal = Some(e.to_string());
                    break;
                }
            }
        }
        let mut contained = 0;
        let mut nodes = &tree.children;
        for text in &moves {
            match nodes.iter().find(|n| n.text == *text) {
                Some(n) => {
                    contained += 1;
                    nodes = &n.children;
                }
                None => break,
            }
        }
        out.push(SourceLine {
            line: row.to_string(),
            legal,
            moves: moves.len(),
            illegal,
            contained,
        });
    }
    out
}

/// The Markdown table of [`source_lines`].
pub fn source_table(lines: &[SourceLine]) -> String {
    let mut out = String::from(
        "| source's line | legal under the shipped rules | moves in lingeo's tree |\n|---|---|---|\n",
    );
    for l in lines {
        let legal = match &l.illegal {
            None => "yes".to_string(),
            Some(why) => format!("no, move {}: {why}", l.legal + 1),
        };
        out.push_str(&format!(
            "| `{}` | {legal} | {} of {} |\n",
            l.line, l.contained, l.moves
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_games_parse_and_repeat() {
        for family in Family::all() {
            for seed in 0..40 {
                let text = random_game(family, seed);
                assert_eq!(text, random_game(family, seed));
                game_of("random", &text).unwrap_or_else(|e| panic!("{seed}: {e}\n{text}"));
            }
        }
    }

    #[test]
    fn a_tally_counts_agreements_and_gaps() {
        let row = |truth: Option<i8>, lg: Option<i8>| Row {
            name: String::new(),
            solved: Solved {
                value: truth,
                nodes: 10,
            },
            lg: Searched {
                value: lg,
                proved: false,
                forced: false,
                moves: 0,
                nodes: 5,
                depth: 0,
                time: Duration::ZERO,
                why: None,
            },
            reason: None,
        };
        let t = Tally::of(&[
            row(Some(0), Some(0)),
            row(Some(1), Some(0)),
            row(None, Some(0)),
            row(Some(1), None),
        ]);
        assert_eq!(
            (t.agree, t.disagree, t.unsolved, t.lg_gave_up),
            (1, 1, 1, 1)
        );
        assert_eq!(t.rate(), 50.0);
        assert_eq!(t.position_ratio(), 0.5);
    }
}
