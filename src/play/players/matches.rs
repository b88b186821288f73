//! Matches between engines (docs/players.md §4): two engine specs play each other from a fixed
//! set of openings, each opening twice with the colours swapped, and the score of the first
//! engine becomes an Elo difference with its error bar.

use std::fmt;
use std::sync::Arc;

use crate::play::game::Game;
use crate::play::players::chessmaps::Network;
use crate::play::players::rule_book::RuleBook;
use crate::play::search::{Eval, Ordering, SearchOptions, StopReason, alphabeta};
use crate::play::state::{Move, State};
use crate::progress::{Progress, Task};

/// How an engine chooses its moves: alpha-beta to a depth, or iterative deepening within a
/// node budget, with an evaluation and an ordering. Written `eval=fuzzy,depth=6,ordering=history`.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineSpec {
    /// `eval=`: how positions are valued.
    pub eval: Eval,
    /// `depth=`: the depth searched; `None`: [`DEFAULT_DEPTH`], or with a node budget as deep as
    /// the budget lets it go.
    pub depth: Option<u32>,
    /// `nodes=`: the node budget of iterative deepening; `None`: no budget.
    pub nodes: Option<u64>,
    /// `ordering=`: how the moves are ordered before they are searched.
    pub ordering: Ordering,
    /// `horizon=`: how many moves ahead the zones of the evaluations look.
    pub horizon: u32,
    /// `rules=FILE`: the learned rules of `eval=learned`; `None`: the shipped ones.
    pub rules: Option<SpecFile<RuleBook>>,
    /// `network=FILE`: the network of `ordering=chessmaps`; `None`: the shipped one.
    pub network: Option<SpecFile<Network>>,
}

/// A file an engine spec names: its name as written (to print the spec back) and what was
/// read from it.
#[derive(Clone, Debug, PartialEq)]
pub struct SpecFile<T> {
    /// The file's name as the spec wrote it.
    pub path: String,
    /// What was read from it, shared by the engines that name it.
    pub value: Arc<T>,
}

/// Why an engine spec is refused: its text, or a file it names.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    /// The spec's text: a part that is not `key=value`, a key given twice or unknown, a value
    /// out of range, options that do not go together.
    #[error("{0}")]
    Text(String),
    /// A file the spec names, in its reader's words (a file's diagnostics with their place,
    /// rendered, end with a newline).
    #[error("{0}")]
    File(String),
}

/// How [`EngineSpec::parse_with`] reads the files a spec names. An error is the file's own,
/// with its place: the CLI reads them as it reads `--rules` and `--network`.
pub struct SpecFiles<'a> {
    /// Reads the rules file of `rules=FILE`.
    pub rules: &'a dyn Fn(&str) -> Result<RuleBook, SpecError>,
    /// Reads the weights file of `network=FILE`.
    pub network: &'a dyn Fn(&str) -> Result<Network, SpecError>,
}

impl SpecFiles<'static> {
    /// For callers that read no files: a spec naming one is an error.
    pub const NONE: SpecFiles<'static> = SpecFiles {
        rules: &no_file,
        network: &no_file,
    };
}

fn no_file<T>(path: &str) -> Result<T, SpecError> {
    Err(SpecError::File(format!(
        "{path}: this caller reads no files"
    )))
}

impl Default for EngineSpec {
    fn default() -> EngineSpec {
        EngineSpec {
            eval: Eval::Material,
            depth: None,
            nodes: None,
            ordering: Ordering::Killer,
            horizon: SearchOptions::DEFAULT_HORIZON,
            rules: None,
            network: None,
        }
    }
}

/// The depth when a spec gives neither a depth nor a node budget.
pub const DEFAULT_DEPTH: u32 = 4;
/// The largest `horizon=` (as the evaluations' zones read it, a number of moves).
pub const MAX_HORIZON: u32 = 64;
/// The depth bound of a search by node budget (it stops at the budget long before).
const BUDGET_DEPTH: u32 = 64;

impl EngineSpec {
    /// [`EngineSpec::parse_with`] for specs that name no file.
    pub fn parse(text: &str) -> Result<EngineSpec, SpecError> {
        EngineSpec::parse_with(text, &SpecFiles::NONE)
    }

    /// Parses `key=value` pairs separated by commas: `eval` (material, fuzzy, learned,
    /// mobility), `depth`,
    /// `nodes`, `ordering` (none, history, killer, zones, chessmaps, patterns), `horizon`,
    /// `rules` (a file of learned rules, with `eval=learned`) and `network` (a Chessmaps
    /// network's weights, with `ordering=chessmaps`), the files read by `files`.
    pub fn parse_with(text: &str, files: &SpecFiles) -> Result<EngineSpec, SpecError> {
        let mut spec = EngineSpec::default();
        let (mut rules, mut network) = (None, None);
        let mut seen: Vec<&str> = Vec::new();
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (key, value) = part
                .split_once('=')
                .ok_or_else(|| SpecError::Text(format!("`{part}` is not key=value")))?;
            // A key given twice is a mistake in the spec, not a choice of the last one.
            if seen.contains(&key) {
                return Err(SpecError::Text(format!("`{key}` is given twice")));
            }
            seen.push(key);
            let number = |what: &str, max: u64| {
                value
                    .parse::<u64>()
                    .ok()
                    .filter(|&v| v > 0)
                    .ok_or_else(|| {
                        SpecError::Text(format!(
                            "{what} must be a positive whole number, not `{value}`"
                        ))
                    })
                    .and_then(|v| {
                        if v <= max {
                            Ok(v)
                        } else {
                            Err(SpecError::Text(format!(
                                "{what} must be at most {max}, not {value}"
                            )))
                        }
                    })
            };
            let file = |what: &str| match value {
                "" => Err(SpecError::Text(format!("{what} must name a file"))),
                _ => Ok(Some(value)),
            };
            match key {
                "eval" => {
                    spec.eval = match value {
                        "material" => Eval::Material,
                        "fuzzy" => Eval::Fuzzy,
                        "learned" => Eval::Learned,
                        "mobility" => Eval::Mobility,
                        _ => {
                            return Err(SpecError::Text(format!(
                                "eval is material, fuzzy, learned or mobility, not `{value}`"
                            )));
                        }
                    }
                }
                "depth" => spec.depth = Some(number("depth", u64::from(u32::MAX))? as u32),
                "nodes" => spec.nodes = Some(number("nodes", u64::MAX)?),
                "horizon" => spec.horizon = number("horizon", u64::from(MAX_HORIZON))? as u32,
                "ordering" => {
                    spec.ordering = match Ordering::parse(value) {
                        Some(o) => o,
                        None => {
                            return Err(SpecError::Text(format!(
                                "ordering is one of {}, not `{value}`",
                                Ordering::NAMES.join(", ")
                            )));
                        }
                    }
                }
                "rules" => rules = file("rules")?,
                "network" => network = file("network")?,
                _ => {
                    return Err(SpecError::Text(format!(
                        "unknown key `{key}` (the keys: eval, depth, nodes, ordering, horizon, \
                         rules, network)"
                    )));
                }
            }
        }
        if spec.depth.is_some() && spec.nodes.is_some() {
            return Err(SpecError::Text("give depth or nodes, not both".to_string()));
        }
        // The keys are checked before any file is read: a file a spec would not use is a
        // mistake in the spec, whatever the file holds.
        if rules.is_some() && spec.eval != Eval::Learned {
            return Err(SpecError::Text("rules=FILE needs eval=learned".to_string()));
        }
        if network.is_some() && spec.ordering != Ordering::Chessmaps {
            return Err(SpecError::Text(
                "network=FILE needs ordering=chessmaps".to_string(),
            ));
        }
        spec.rules = rules.map(|p| SpecFile::read(p, files.rules)).transpose()?;
        spec.network = network
            .map(|p| SpecFile::read(p, files.network))
            .transpose()?;
        Ok(spec)
    }

    fn options(&self) -> SearchOptions {
        SearchOptions {
            depth: Some(match (self.depth, self.nodes) {
                (Some(d), _) => d,
                (None, Some(_)) => BUDGET_DEPTH,
                (None, None) => DEFAULT_DEPTH,
            }),
            ordering: self.ordering,
            max_nodes: self.nodes,
            horizon: self.horizon,
            eval: self.eval,
            rules: self.rules.as_ref().map(|f| f.value.clone()),
            network: self.network.as_ref().map(|f| f.value.clone()),
            // The thread's limit (`lingeo match --max-memory`).
            max_memory: crate::memory::limit(),
            ..SearchOptions::default()
        }
    }

    /// The move the engine plays in `state` (which has moves): the first of its principal
    /// variation, or where its node budget (`nodes=N`) ran out before one iteration finished,
    /// the first legal move. A search stopped by anything else (the memory limit, the thread's
    /// deadline) did not play the engine's move: an error, with the search's reason.
    pub fn choose(&self, game: &Game, state: &State, legal: &[Move]) -> Result<Move, StopReason> {
        // A match's time limit (`lingeo match --time`, the thread's deadline) is looked at
        // before each move too: a search of fewer positions than it looks at the deadline
        // after would never see it.
        if let Some(limit) = crate::deadline::passed() {
            return Err(StopReason::Deadline(limit));
        }
        let r = alphabeta::search(game, state, &self.options());
        if let Some(why) = r.stopped
            && self.nodes.is_none_or(|budget| r.nodes <= budget)
        {
            return Err(why);
        }
        Ok(r.pv.first().copied().unwrap_or(legal[0]))
    }
}

impl fmt::Display for EngineSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "eval={}", self.eval.name())?;
        match (self.depth, self.nodes) {
            (_, Some(n)) => write!(f, ",nodes={n}")?,
            (d, None) => write!(f, ",depth={}", d.unwrap_or(DEFAULT_DEPTH))?,
        }
        write!(f, ",ordering={}", self.ordering.name())?;
        if self.eval.zones() || self.ordering == Ordering::Zones {
            write!(f, ",horizon={}", self.horizon)?;
        }
        if let Some(r) = &self.rules {
            write!(f, ",rules={}", r.path)?;
        }
        if let Some(n) = &self.network {
            write!(f, ",network={}", n.path)?;
        }
        Ok(())
    }
}

impl<T> SpecFile<T> {
    fn read(
        path: &str,
        read: &dyn Fn(&str) -> Result<T, SpecError>,
    ) -> Result<SpecFile<T>, SpecError> {
        Ok(SpecFile {
            path: path.to_string(),
            value: Arc::new(read(path)?),
        })
    }
}

/// The openings: every line of White's first move and Black's reply, in move-generation order
/// (a pass where the rules force one). Games over within two moves are left out.
pub fn openings(game: &Game) -> Vec<Vec<Move>> {
    let mut out = Vec::new();
    let mut state = State::initial(game);
    let mut first = Vec::new();
    state.successors(game, &mut first);
    for &a in &first {
        let undo = state.make(game, a);
        let mut replies = Vec::new();
        state.successors(game, &mut replies);
        if state.outcome.is_none() {
            for &b in &replies {
                let u = state.make(game, b);
                let mut next = Vec::new();
                state.successors(game, &mut next);
                if state.outcome.is_none() {
                    out.push(vec![a, b]);
                }
                state.unmake(game, u);
            }
        }
        state.unmake(game, undo);
    }
    out
}

/// One game: the opening, then the engines in turn until the game ends (the rules' move limit
/// ends every game). Returns the outcome from White's side and the moves, or why an engine
/// could not move ([`EngineSpec::choose`]).
pub fn play(
    game: &Game,
    opening: &[Move],
    white: &EngineSpec,
    black: &EngineSpec,
) -> Result<(i8, Vec<Move>), GameStop> {
    let mut state = State::initial(game);
    let mut moves = Vec::new();
    for &mv in opening {
        state.make(game, mv);
        moves.push(mv);
    }
    let mut legal = Vec::new();
    loop {
        state.successors(game, &mut legal);
        if let Some(o) = state.outcome {
            return Ok((o.value, moves));
        }
        let mv = if legal == [Move::Pass] {
            Move::Pass
        } else {
            let engine = match state.to_move {
                crate::piece::Side::White => white,
                crate::piece::Side::Black => black,
            };
            engine
                .choose(game, &state, &legal)
                .map_err(|reason| GameStop {
                    side: state.to_move,
                    move_number: moves.len() + 1,
                    reason,
                })?
        };
        state.make(game, mv);
        moves.push(mv);
    }
}

/// Which openings `games` games of [`run`] play, of `openings` (at least one), in words:
/// `from 10 of the 25 openings (each twice, colours swapped)`.
pub fn schedule(games: u32, openings: usize) -> String {
    let n = openings as u64;
    let games = u64::from(games);
    let (pairs, odd) = (games / 2, games % 2 == 1);
    if games > 2 * n {
        let each = if n == 1 { "the opening" } else { "each" };
        let all = if n == 1 {
            "the one opening".to_string()
        } else {
            format!("all {n} openings")
        };
        return format!(
            "from {all} ({each} twice, colours swapped), again from the first after every {} games",
            2 * n
        );
    }
    let used = pairs + u64::from(odd);
    let which = match (used, n) {
        (u, n) if u == n && n > 1 => format!("all {n} openings"),
        (1, 1) => "the one opening".to_string(),
        (1, n) => format!("1 of the {n} openings"),
        (u, n) => format!("{u} of the {n} openings"),
    };
    let how = match (pairs, odd) {
        (0, _) => "once, the first engine White",
        (1, false) => "twice, colours swapped",
        (_, false) => "each twice, colours swapped",
        (1, true) => "the first twice, colours swapped, the second once",
        (_, true) => "each twice, colours swapped, but the last once",
    };
    format!("from {which} ({how})")
}

/// A match's score from the first engine's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    /// Games the first engine won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games the first engine lost.
    pub losses: u32,
}

impl Score {
    /// Counts a game's result from the first engine's side (1, 0 or −1).
    fn add(&mut self, for_a: i8) {
        match for_a {
            1 => self.wins += 1,
            -1 => self.losses += 1,
            _ => self.draws += 1,
        }
    }

    /// The games counted: wins, draws and losses.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The points per game, a win 1 and a draw 1/2.
    pub fn fraction(&self) -> f64 {
        (f64::from(self.wins) + f64::from(self.draws) / 2.0) / f64::from(self.games().max(1))
    }

    /// The Elo difference of the first engine over the second, and the half-width of its 95%
    /// interval (from the standard error of the mean points per game); `None` where the score
    /// is all wins or all losses (the difference is unbounded).
    pub fn elo(&self) -> Option<(f64, f64)> {
        let n = f64::from(self.games());
        let s = self.fraction();
        if self.games() == 0 || s <= 0.0 || s >= 1.0 {
            return None;
        }
        let elo = |s: f64| -400.0 * (1.0 / s - 1.0).log10();
        let mean_sq = (f64::from(self.wins) + f64::from(self.draws) / 4.0) / n;
        let se = ((mean_sq - s * s).max(0.0) / n).sqrt();
        let lo = elo((s - 1.96 * se).max(1e-9));
        let hi = elo((s + 1.96 * se).min(1.0 - 1e-9));
        Some((elo(s), (hi - lo) / 2.0))
    }
}

/// Why a game could not be finished: the engine of `side` could not choose its move
/// `move_number` (counted from the game's first, the opening's included), stopped by `reason`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameStop {
    /// The side whose engine could not choose.
    pub side: crate::piece::Side,
    /// The number of the move it could not choose.
    pub move_number: usize,
    /// Why its search stopped.
    pub reason: StopReason,
}

impl GameStop {
    /// The stop in words, the search's reason written as `reason` (the reason itself, or a
    /// caller's version of it with a note).
    pub fn describe(&self, reason: &str) -> String {
        format!(
            "the {} engine could not choose its move {}: {reason}",
            self.side, self.move_number
        )
    }
}

impl fmt::Display for GameStop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe(&self.reason.to_string()))
    }
}

/// Where and why a match stopped: its game `game` (from 1) of `games` could not be finished.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchStop {
    /// The game that could not be finished, from 1.
    pub game: usize,
    /// The match's games (the last of its part, for a part of a match).
    pub games: u32,
    /// Why that game could not be finished.
    pub stop: GameStop,
}

impl MatchStop {
    /// The stop in words, the search's reason written as `reason` ([`GameStop::describe`]).
    pub fn describe(&self, reason: &str) -> String {
        format!(
            "game {} of {} stopped: {}",
            self.game,
            self.games,
            self.stop.describe(reason)
        )
    }
}

impl fmt::Display for MatchStop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe(&self.stop.reason.to_string()))
    }
}

/// As its text: the `stopped` of `lingeo match --json`.
impl serde::Serialize for MatchStop {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// What a match played: the score of its finished games, and where a game could not be
/// finished, why (the match stops there: that game and the rest are not counted).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// The score of the finished games.
    pub score: Score,
    /// Why a game could not be finished, where one could not: the match stopped there.
    pub stopped: Option<MatchStop>,
    /// Each finished game's result from the first engine's side (1, 0, −1), in order.
    pub results: Vec<i8>,
    /// Each finished game, in order: who played White and the moves (what a PGN file of the
    /// match is written from).
    pub games: Vec<PlayedGame>,
}

/// A finished game of a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedGame {
    /// Its number in the match's schedule (from 0).
    pub number: u32,
    /// Whether the first engine played White.
    pub first_white: bool,
    /// The moves, the opening's included.
    pub moves: Vec<Move>,
    /// The outcome's value from White's side (1, 0, −1).
    pub value: i8,
}

/// Why a match could not be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MatchError {
    /// Every line of two moves ends the game.
    #[error("the game has no opening of two moves that does not end it")]
    NoOpening,
    /// The games could not be spread over the threads asked for.
    #[error(transparent)]
    Jobs(#[from] crate::parallel::JobsError),
}

/// Plays `games` games of `a` against `b`: the openings in order, each twice (a as White, then
/// a as Black), from the first again when they run out. `progress` is told of each game played
/// (a task of `games` steps, `"games"`, the score so far as its message). An error when the
/// game has no opening; a game an engine cannot finish stops the match ([`Played::stopped`]).
pub fn run(
    game: &Game,
    a: &EngineSpec,
    b: &EngineSpec,
    games: u32,
    progress: &dyn Progress,
) -> Result<Played, MatchError> {
    run_jobs(game, a, b, games, progress, 1)
}

/// [`run`] with the games spread over `jobs` threads ([`crate::parallel`]): the games are
/// independent, and the score and the game that stopped the match are the same as on one
/// thread (the games are tallied in their order; the progress counts them as they finish).
pub fn run_jobs(
    game: &Game,
    a: &EngineSpec,
    b: &EngineSpec,
    games: u32,
    progress: &dyn Progress,
    jobs: usize,
) -> Result<Played, MatchError> {
    run_range(game, a, b, 0..games, progress, jobs)
}

/// The games `range` (numbered from 0) of the match [`run`] plays, on `jobs` threads: a
/// match split into parts (the tasks of a cluster) whose results, put together in order, are
/// the whole match's.
pub fn run_range(
    game: &Game,
    a: &EngineSpec,
    b: &EngineSpec,
    range: std::ops::Range<u32>,
    progress: &dyn Progress,
    jobs: usize,
) -> Result<Played, MatchError> {
    let games = range.end;
    let lines = openings(game);
    if lines.is_empty() {
        return Err(MatchError::NoOpening);
    }
    let task = Task::start(progress, Some(u64::from(range.len() as u32)), "games");
    let so_far = std::sync::Mutex::new(Score::default());
    let schedule: Vec<u32> = range.clone().collect();
    let results = crate::parallel::map_in_order(
        jobs,
        &schedule,
        |_, &k| {
            let opening = &lines[(k / 2) as usize % lines.len()];
            let a_white = k % 2 == 0;
            let played = if a_white {
                play(game, opening, a, b)
            } else {
                play(game, opening, b, a)
            };
            let (value, moves) = played?;
            let for_a = if a_white { value } else { -value };
            let mut score = so_far.lock().unwrap_or_else(|e| e.into_inner());
            score.add(for_a);
            task.advance(1);
            task.message(&format!(
                "+{} ={} -{}",
                score.wins, score.draws, score.losses
            ));
            Ok((
                for_a,
                PlayedGame {
                    number: k,
                    first_white: a_white,
                    moves,
                    value,
                },
            ))
        },
        Result::<(i8, PlayedGame), GameStop>::is_err,
    )?;
    let mut score = Score::default();
    let mut finished = Vec::new();
    let mut games_played = Vec::new();
    for (k, result) in (range.start as usize..).zip(results) {
        match result {
            Some(Ok((for_a, played))) => {
                score.add(for_a);
                finished.push(for_a);
                games_played.push(played);
            }
            Some(Err(why)) => {
                return Ok(Played {
                    score,
                    stopped: Some(MatchStop {
                        game: k + 1,
                        games,
                        stop: why,
                    }),
                    results: finished,
                    games: games_played,
                });
            }
            // Skipped after a stop, which comes first in the order.
            None => break,
        }
    }
    Ok(Played {
        score,
        stopped: None,
        results: finished,
        games: games_played,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_parse_and_print_back() {
        let s = EngineSpec::parse("eval=fuzzy,depth=6,ordering=history").unwrap();
        assert_eq!(
            (s.eval, s.depth, s.ordering),
            (Eval::Fuzzy, Some(6), Ordering::History)
        );
        assert_eq!(
            s.to_string(),
            "eval=fuzzy,depth=6,ordering=history,horizon=4"
        );
        let n = EngineSpec::parse("eval=material,nodes=20000").unwrap();
        assert_eq!(n.to_string(), "eval=material,nodes=20000,ordering=killer");
        // Mobility reads no zones: no horizon printed.
        let m = EngineSpec::parse("eval=mobility,depth=3").unwrap();
        assert_eq!(m.eval, Eval::Mobility);
        assert_eq!(m.to_string(), "eval=mobility,depth=3,ordering=killer");
        for (bad, why) in [
            ("eval=great", "eval is material, fuzzy, learned or mobility"),
            ("depth=0", "depth must be a positive whole number"),
            (
                "depth=18446744073709551615",
                "depth must be at most 4294967295, not 18446744073709551615",
            ),
            ("horizon=65", "horizon must be at most 64, not 65"),
            ("depth=2,eval=fuzzy,depth=3", "`depth` is given twice"),
            ("depth=3,nodes=10", "not both"),
            ("speed=9", "unknown key `speed`"),
            ("depth", "is not key=value"),
            ("rules=a.rules", "rules=FILE needs eval=learned"),
            ("network=a.weights", "network=FILE needs ordering=chessmaps"),
            ("eval=learned,rules=", "rules must name a file"),
            (
                "eval=learned,rules=a.rules",
                "a.rules: this caller reads no files",
            ),
        ] {
            let e = EngineSpec::parse(bad).unwrap_err().to_string();
            assert!(e.contains(why), "{bad}: {e}");
        }
    }

    #[test]
    fn specs_read_the_files_they_name_once_the_keys_agree() {
        let read = std::cell::RefCell::new(Vec::new());
        let files = SpecFiles {
            rules: &|path| {
                read.borrow_mut().push(path.to_string());
                Ok(RuleBook::default())
            },
            network: &|path| {
                read.borrow_mut().push(path.to_string());
                Err(SpecError::File(format!("{path}: line 1: no header")))
            },
        };
        let s = EngineSpec::parse_with("rules=a.rules,eval=learned,depth=2", &files).unwrap();
        assert_eq!(s.rules.as_ref().map(|r| r.path.as_str()), Some("a.rules"));
        assert_eq!(s.options().rules.as_deref(), Some(&RuleBook::default()));
        assert_eq!(
            s.to_string(),
            "eval=learned,depth=2,ordering=killer,horizon=4,rules=a.rules"
        );
        let e = EngineSpec::parse_with("network=n.weights,ordering=chessmaps", &files);
        assert_eq!(
            e.unwrap_err(),
            SpecError::File("n.weights: line 1: no header".into())
        );
        assert!(EngineSpec::parse_with("network=m.weights", &files).is_err());
        assert_eq!(*read.borrow(), ["a.rules", "n.weights"]);
    }

    #[test]
    fn the_schedule_says_which_openings_the_games_play() {
        assert_eq!(
            schedule(20, 25),
            "from 10 of the 25 openings (each twice, colours swapped)"
        );
        assert_eq!(
            schedule(50, 25),
            "from all 25 openings (each twice, colours swapped)"
        );
        assert_eq!(
            schedule(7, 25),
            "from 4 of the 25 openings (each twice, colours swapped, but the last once)"
        );
        assert_eq!(
            schedule(3, 25),
            "from 2 of the 25 openings (the first twice, colours swapped, the second once)"
        );
        assert_eq!(
            schedule(1, 25),
            "from 1 of the 25 openings (once, the first engine White)"
        );
        assert_eq!(
            schedule(2, 1),
            "from the one opening (twice, colours swapped)"
        );
        assert_eq!(
            schedule(60, 25),
            "from all 25 openings (each twice, colours swapped), again from the first after every 50 games"
        );
        // What `run` plays: game k the opening k / 2, modulo their number.
        let used = |games: u32, n: u32| (0..games).map(|k| (k / 2) % n).max().unwrap() + 1;
        assert_eq!(used(20, 25), 10);
        assert_eq!(used(7, 25), 4);
        assert_eq!(used(3, 25), 2);
    }

    #[test]
    fn elo_follows_the_score() {
        let even = Score {
            wins: 10,
            draws: 0,
            losses: 10,
        };
        let (elo, err) = even.elo().unwrap();
        assert!(elo.abs() < 1e-9 && err > 100.0);
        let better = Score {
            wins: 75,
            draws: 0,
            losses: 25,
        };
        let (elo, err) = better.elo().unwrap();
        // s = 0.75 gives 400 log10(3) = 190.8.
        assert!((elo - 190.85).abs() < 0.1, "{elo}");
        assert!(err > 0.0 && err < 100.0);
        assert_eq!(
            Score {
                wins: 3,
                draws: 0,
                losses: 0
            }
            .elo(),
            None
        );
    }
}
