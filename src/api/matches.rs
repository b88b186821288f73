//! A match between two engines (`lingeo match`, docs/players.md §4): the request, and the
//! result whose JSON is what `lingeo match --json` prints, with each game's result beside it.

use serde::{Deserialize, Serialize};

use super::error::{ApiError, Result};
use super::request::{self, Request};
use super::workbench::Workbench;
use crate::play::players::matches::{self, EngineSpec};
use crate::progress::Progress;

/// What [`Workbench::play_match`] runs: the options of `lingeo match` and of Python's
/// `lingeo.match`, with their defaults (`Default`) and rules ([`Request::check`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct MatchRequest {
    /// The first engine: comma-separated `key=value` (eval=material|fuzzy|learned, depth=D or
    /// nodes=N, ordering=none|history|killer|zones|chessmaps|patterns, horizon=H, rules=FILE
    /// with eval=learned, network=FILE with ordering=chessmaps; docs/players.md §4); it plays
    /// White in the first game of each opening. Empty: eval=material,depth=4,ordering=killer.
    pub white: String,
    /// The second engine, written the same way; it plays Black in the first game of each
    /// opening.
    pub black: String,
    /// Games to play: the openings in order, each twice with the colours swapped (from the
    /// first again when they run out).
    pub games: u32,
    /// Play the games from this one (numbered from 0) instead: `first..first + games` of the
    /// whole match's schedule, a part of a match split over machines.
    pub first: u32,
    /// Jobs: play this many games at once, each on a thread of its own (1 to 256; the output
    /// is the same as with one).
    pub jobs: usize,
    /// Stop the match after this many seconds: the game then being played stops, and the
    /// score is of the games finished before it.
    pub time: Option<f64>,
    /// Stop with an error when the match would use more than this many MiB of memory (1 to
    /// 2^30): a game whose search passes it stops the match.
    pub max_memory: u64,
}

impl Default for MatchRequest {
    fn default() -> Self {
        MatchRequest {
            white: String::new(),
            black: String::new(),
            games: 20,
            first: 0,
            jobs: 1,
            time: None,
            max_memory: request::DEFAULT_MEMORY_MIB,
        }
    }
}

impl Request for MatchRequest {
    const JOB: &'static str = "match";

    fn check(&self) -> Result<()> {
        if self.games == 0 {
            return Err(ApiError::request(
                Some("games"),
                "`games` must be at least 1",
            ));
        }
        if self.first.checked_add(self.games).is_none() {
            return Err(ApiError::request(
                Some("first"),
                "`first` + `games` is too large",
            ));
        }
        if crate::parallel::check_jobs(self.jobs).is_err() {
            return Err(ApiError::request(
                Some("jobs"),
                format!(
                    "`jobs` must be from 1 to {}, not {}",
                    crate::parallel::MAX_JOBS,
                    self.jobs
                ),
            ));
        }
        request::check_time(self.time)?;
        request::check_max_memory(self.max_memory)
    }
}

/// A match's summary: what `lingeo match --json` prints.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct MatchJson {
    /// The first engine's spec, in full.
    pub white: String,
    /// The second engine's spec, in full.
    pub black: String,
    /// The games asked for.
    pub games: u32,
    /// The game's openings (two moves each).
    pub openings: usize,
    /// Games the first (`white`) engine won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games the first engine lost.
    pub losses: u32,
    /// The first engine's score: (wins + draws / 2) / games finished.
    pub score: f64,
    /// The Elo difference of the first engine over the second; null when one engine won
    /// every game.
    pub elo: Option<f64>,
    /// The 95% half-width of `elo`.
    pub elo_error: Option<f64>,
    /// Why the match stopped before its last game (the score is of the games before).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped: Option<crate::play::players::matches::MatchStop>,
}

/// One finished game of a match.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct GameRecord {
    /// The game's number, from 1.
    pub game: u32,
    /// The opening's number, from 1 (each is played twice, colours swapped).
    pub opening: usize,
    /// Whether the first engine played White.
    pub first_white: bool,
    /// The result from the first engine's side: 1, 0 or −1.
    pub result: i8,
}

/// A match's result.
#[derive(Clone, Debug)]
pub struct MatchOutcome {
    /// The summary, `lingeo match --json`'s.
    pub json: MatchJson,
    /// The games finished, in order.
    pub games: Vec<GameRecord>,
}

impl MatchJson {
    /// The summary of `played`, `games` games of `white` against `black` from `openings`.
    pub fn of(
        white: &EngineSpec,
        black: &EngineSpec,
        games: u32,
        openings: usize,
        played: &matches::Played,
    ) -> MatchJson {
        let score = &played.score;
        let elo = score.elo();
        MatchJson {
            white: white.to_string(),
            black: black.to_string(),
            games,
            openings,
            wins: score.wins,
            draws: score.draws,
            losses: score.losses,
            score: score.fraction(),
            elo: elo.map(|e| e.0),
            elo_error: elo.map(|e| e.1),
            stopped: played.stopped.clone(),
        }
    }
}

impl Workbench {
    /// Plays a match of `r.games` games between two engines on this scenario's game.
    ///
    /// ```
    /// use lingeo::api::{MatchRequest, Workbench};
    /// let bench = Workbench::load("examples/pawned.scenario").unwrap();
    /// let r = MatchRequest {
    ///     white: "depth=1".into(),
    ///     black: "depth=2".into(),
    ///     games: 2,
    ///     jobs: 2,
    ///     ..MatchRequest::default()
    /// };
    /// let m = bench.play_match(&r, &lingeo::progress::Silent).unwrap();
    /// assert_eq!(m.json.wins + m.json.draws + m.json.losses, 2);
    /// assert_eq!(m.games.len(), 2);
    /// ```
    pub fn play_match(&self, r: &MatchRequest, progress: &dyn Progress) -> Result<MatchOutcome> {
        let spec = |field: &'static str, text: &str| {
            EngineSpec::parse(text).map_err(|e| ApiError::request(Some(field), e.to_string()))
        };
        r.check()?;
        let a = spec("white", &r.white)?;
        let b = spec("black", &r.black)?;
        let game = self.game()?;
        let openings = matches::openings(&game).len();
        let end = r.first.saturating_add(r.games);
        let played = request::within_time_partial(r.time, || {
            matches::run_range(&game, &a, &b, r.first..end, progress, r.jobs)
        })?;
        let games = played
            .results
            .iter()
            .enumerate()
            .map(|(k, &result)| (k + r.first as usize, result))
            .map(|(k, result)| GameRecord {
                game: k as u32 + 1,
                opening: k / 2 % openings.max(1) + 1,
                first_white: k % 2 == 0,
                result,
            })
            .collect();
        Ok(MatchOutcome {
            json: MatchJson::of(&a, &b, r.games, openings, &played),
            games,
        })
    }
}
