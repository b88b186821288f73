//! A match between two engines (`lingeo match`, docs/players.md §4): the request, and the
//! result whose JSON is what `lingeo match --json` prints, with each game's result beside it.

use serde::Serialize;

use super::error::{ApiError, Result};
use super::workbench::Workbench;
use crate::play::players::matches::{self, EngineSpec};
use crate::progress::Progress;

/// What [`Workbench::play_match`] runs; the defaults are `lingeo match`'s.
#[derive(Clone, Debug)]
pub struct MatchRequest {
    /// The first engine, as `--white` reads it (`eval=fuzzy,depth=2`; empty: the default
    /// engine). Its `rules=` and `network=` files are read from the current folder.
    pub white: String,
    /// The second engine, written the same way.
    pub black: String,
    /// Games: the openings in order, each twice with the colours swapped.
    pub games: u32,
    /// Play the games from this one (numbered from 0) instead: `first..first + games` of the
    /// whole match's schedule, a part of a match split over machines.
    pub first: u32,
    /// The threads the games are spread over (the result does not depend on it).
    pub jobs: usize,
}

impl Default for MatchRequest {
    fn default() -> Self {
        MatchRequest {
            white: String::new(),
            black: String::new(),
            games: 20,
            first: 0,
            jobs: 1,
        }
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
        let a = spec("white", &r.white)?;
        let b = spec("black", &r.black)?;
        if r.games == 0 {
            return Err(ApiError::request(Some("games"), "games must be at least 1"));
        }
        crate::parallel::check_jobs(r.jobs)?;
        let game = self.game()?;
        let openings = matches::openings(&game).len();
        let end = r
            .first
            .checked_add(r.games)
            .ok_or_else(|| ApiError::request(Some("first"), "first + games is too large"))?;
        let played = matches::run_range(&game, &a, &b, r.first..end, progress, r.jobs)?;
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
