//! The progress observer (src/progress.rs): the long computations tell it of each unit of their
//! work, as many steps as they said they would take, in one task that always finishes.

use std::sync::Mutex;
use std::time::Duration;

use lingeo::play::game::Game;
use lingeo::play::players::fuzzy_evaluation;
use lingeo::play::players::matches::{self, EngineSpec};
use lingeo::play::search::{SearchOptions, alphabeta, minimax};
use lingeo::play::state::State;
use lingeo::progress::{Observer, Progress};
use lingeo::scenario::Scenario;
use lingeo::zone::{ZoneGenerator, ZoneOptions};

/// An observer that counts what it is told.
#[derive(Default)]
pub struct Tally(Mutex<Counts>);

#[derive(Default, Clone)]
struct Counts {
    starts: usize,
    total: Option<u64>,
    what: String,
    advanced: u64,
    messages: Vec<String>,
    finishes: usize,
}

impl Tally {
    /// The tasks started, the last one's total, the steps advanced and the tasks finished.
    pub fn counts(&self) -> (usize, Option<u64>, u64, usize) {
        let c = self.0.lock().unwrap();
        (c.starts, c.total, c.advanced, c.finishes)
    }

    fn what(&self) -> String {
        self.0.lock().unwrap().what.clone()
    }

    fn messages(&self) -> Vec<String> {
        self.0.lock().unwrap().messages.clone()
    }
}

impl Progress for Tally {
    fn start(&self, total: Option<u64>, what: &str) {
        let mut c = self.0.lock().unwrap();
        c.starts += 1;
        c.total = total;
        c.what = what.to_string();
    }
    fn advance(&self, n: u64) {
        self.0.lock().unwrap().advanced += n;
    }
    fn message(&self, text: &str) {
        self.0.lock().unwrap().messages.push(text.to_string());
    }
    fn finish(&self) {
        self.0.lock().unwrap().finishes += 1;
    }
}

/// A shared [`Tally`] for the options of a search.
struct Shared(std::sync::Arc<Tally>);

impl Progress for Shared {
    fn start(&self, total: Option<u64>, what: &str) {
        self.0.start(total, what);
    }
    fn advance(&self, n: u64) {
        self.0.advance(n);
    }
    fn message(&self, text: &str) {
        self.0.message(text);
    }
    fn finish(&self) {
        self.0.finish();
    }
}

fn game(name: &str) -> Game {
    let path = format!("{}/examples/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    Game::new(Scenario::parse(&path, &text).unwrap()).unwrap()
}

#[test]
fn a_match_advances_once_a_game() {
    let g = game("pawned.scenario");
    let engine = EngineSpec::parse("depth=1").unwrap();
    let tally = Tally::default();
    let played = matches::run(&g, &engine, &engine, 3, &tally).unwrap();
    assert_eq!(played.stopped, None);
    assert_eq!(played.score.games(), 3);
    assert_eq!(tally.counts(), (1, Some(3), 3, 1));
    assert_eq!(tally.what(), "games");
    // The score so far after each game.
    let messages = tally.messages();
    assert_eq!(messages.len(), 3);
    let last = &messages[2];
    let s = played.score;
    assert_eq!(*last, format!("+{} ={} -{}", s.wins, s.draws, s.losses));
}

#[test]
fn a_match_whose_game_cannot_be_played_stops_with_the_games_before() {
    let g = game("pawned.scenario");
    // A deadline already passed stops every search that reaches its first look at the clock
    // (16,384 nodes): a depth-16 search does, a depth-1 one never.
    let engine = EngineSpec::parse("depth=16").unwrap();
    let tally = Tally::default();
    let played = lingeo::deadline::within(Duration::ZERO, || {
        matches::run(&g, &engine, &engine, 4, &tally).unwrap()
    });
    let stop = played.stopped.expect("the match stops");
    // Typed: the game, the side and move, and the search's reason (the thread's deadline).
    assert_eq!((stop.game, stop.games, stop.stop.move_number), (1, 4, 3));
    assert_eq!(
        stop.stop.reason.limit(),
        Some(lingeo::play::search::SearchLimit::Deadline)
    );
    let why = stop.to_string();
    assert!(
        why.starts_with("game 1 of 4 stopped: the white engine could not choose its move 3: stopped at the time limit"),
        "{why}"
    );
    assert_eq!(played.score.games(), 0);
    // The task still finished, with no game advanced.
    assert_eq!(tally.counts(), (1, Some(4), 0, 1));
}

#[test]
fn a_node_budget_is_no_stop_of_the_match() {
    let g = game("pawned.scenario");
    let engine = EngineSpec::parse("nodes=50").unwrap();
    let played = matches::run(&g, &engine, &engine, 2, &lingeo::progress::Silent).unwrap();
    assert_eq!((played.stopped, played.score.games()), (None, 2));
}

#[test]
fn the_evaluation_advances_once_an_attack_and_equals_the_silent_one() {
    for name in ["robot-2d4a.scenario", "pawned.scenario", "reti.scenario"] {
        let g = game(name);
        let state = State::initial(&g);
        let (scenario, _) = state.scenario(&g);
        let kernel = scenario.kernel();
        let attacks = ZoneGenerator::new(&scenario, &kernel, ZoneOptions::default())
            .attacks(4)
            .len() as u64;
        let tally = Tally::default();
        let observed =
            fuzzy_evaluation::evaluate_observed(&g, &state, 4, fuzzy_evaluation::MAX_ZONES, &tally);
        assert_eq!(tally.counts(), (1, Some(attacks), attacks, 1), "{name}");
        assert_eq!(
            observed,
            fuzzy_evaluation::evaluate(&g, &state, 4),
            "{name}"
        );
    }
}

#[test]
fn a_search_advances_by_its_nodes_and_says_its_depth() {
    let g = game("pawned.scenario");
    let root = State::initial(&g);
    let tally = std::sync::Arc::new(Tally::default());
    let options = SearchOptions {
        max_nodes: Some(50_000),
        progress: Observer::new(Shared(tally.clone())),
        ..SearchOptions::default()
    };
    let r = alphabeta::search(&g, &root, &options);
    assert!(r.stopped.is_some());
    // Steps of 16,384 nodes, and the rest as the search ends: every node visited.
    let (starts, total, advanced, finishes) = tally.counts();
    assert_eq!((starts, total, finishes), (1, None, 1));
    assert_eq!(advanced, r.nodes);
    assert_eq!(tally.what(), "nodes");
    // An anytime solve deepens: the message names the iteration and the deepest ply.
    let messages = tally.messages();
    assert!(
        messages.iter().all(|m| m.starts_with("depth ")),
        "{messages:?}"
    );

    let tally = std::sync::Arc::new(Tally::default());
    let options = SearchOptions {
        depth: Some(6),
        progress: Observer::new(Shared(tally.clone())),
        ..SearchOptions::default()
    };
    let r = minimax::search(&g, &root, &options);
    let (starts, _, advanced, finishes) = tally.counts();
    assert_eq!((starts, advanced, finishes), (1, r.nodes, 1));
    assert!(r.nodes > 16_384, "{} nodes: too few to be told", r.nodes);
    assert!(tally.messages().iter().all(|m| m.starts_with("ply ")));
}

/// The LG search tells its positions and the pass it is in (it showed `nodes: 0` for a whole
/// run: it told only every 16,384 positions, and its positions are few and costly).
#[test]
fn the_lg_search_advances_by_its_positions_and_says_its_pass() {
    let g = game("reti.scenario");
    let root = State::initial(&g);
    let tally = std::sync::Arc::new(Tally::default());
    let options = SearchOptions {
        progress: Observer::new(Shared(tally.clone())),
        ..SearchOptions::default()
    };
    let r = lingeo::play::search::lg::search(&g, &root, &options, &Default::default()).unwrap();
    let (starts, _, advanced, finishes) = tally.counts();
    assert_eq!((starts, advanced, finishes), (1, r.result.nodes, 1));
    assert!(r.result.nodes > 1_000, "{} positions", r.result.nodes);
    // Réti's depth bound is its horizon + 2, its race 4 plies.
    let messages = tally.messages();
    let last = messages.last().expect("a message as the search ends");
    assert!(
        last.starts_with(&format!("depth bound {}, race {}, ply ", r.depth, r.race)),
        "{messages:?}"
    );
}

/// Where stderr is no terminal (a pipe, as here), the commands that report progress write
/// nothing but their errors to it: a search that runs long enough to be told of its nodes
/// many times over, and a listing of every attack.
#[test]
fn no_progress_reaches_a_stderr_that_is_no_terminal() {
    let (out, err, code) = super::common::lingeo(&[
        "search",
        "examples/robot-2d4a.scenario",
        "--max-nodes",
        "200000",
    ]);
    assert_eq!((code, err.as_str()), (0, ""), "{out}");
    assert!(out.contains("value: 0 (draw)\n"), "{out}");
    let (out, err, code) = super::common::lingeo(&[
        "zones",
        "examples/reti.scenario",
        "--all-attacks",
        "--horizon",
        "4",
        "--max-zones",
        "10",
        "--all-zones",
    ]);
    assert_eq!(code, 2, "{out}");
    assert_eq!(
        err,
        "error: 2 of 4 attacks not listed (too large; each says why)\n"
    );
}
