//! Alpha-beta's positions by move ordering on a fixed suite (docs/players.md §6): the orderings
//! none, history, killer, zones, chessmaps and patterns reach the same value (a solve) or score
//! (a fixed depth); how many positions each visits on the way.
//!
//! ```text
//! cargo run --release --example compare_orderings                      # table, docs/img/orderings-nodes.svg
//! cargo run --release --example compare_orderings -- --budget 1000000 --svg FILE
//! ```
//!
//! The suite: two positions of a Pawned game the match engines play (`eval=material,depth=4`,
//! killer ordering, against itself from the first opening, c1-c2 c6-c5), after 4 and after 8
//! plies, each searched to depths 10, 12 and 14; the 2D/4A robot problem and the Réti endgame
//! solved; and two larger boards: Pawned 7x7 to depth 12 and Pawned 8x8 to depth 10 from the
//! start. Every search uses a 16 MiB table (the CLI's default) and the zones' and patterns'
//! horizon 4, and stops at `--budget` positions (default 30,000,000; `>budget` in the table).
//! The table goes to stdout as Markdown: per position the value or score, the best moves the
//! orderings chose (more than one where equal moves tie), and the positions of each ordering,
//! marked `(differs)` where its value or score is not the first ordering's.

use std::path::PathBuf;

use lingeo::chart::{BarChart, Series, bar_chart};
use lingeo::play::game::Game;
use lingeo::play::players::matches::{EngineSpec, openings, play};
use lingeo::play::search::{Ordering, SearchOptions, SearchResult, alphabeta};
use lingeo::play::state::State;
use lingeo::scenario::Scenario;

struct Case {
    label: String,
    game: Game,
    state: State,
    depth: Option<u32>,
}

fn example(name: &str, board: Option<&str>) -> Game {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("examples")
        .join(name);
    let mut text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        eprintln!("error: {}: {e}", path.display());
        std::process::exit(2);
    });
    if let Some(b) = board {
        text = text.replace("\nboard 5x6\n", &format!("\nboard {b}\n"));
    }
    let scenario = Scenario::parse(name, &text).unwrap_or_else(|e| {
        eprintln!("error: {name}: {}", e.render());
        std::process::exit(2);
    });
    Game::new(scenario).unwrap_or_else(|e| {
        eprintln!("error: {name}: {e}");
        std::process::exit(2);
    })
}

/// The suite of the module comment.
fn suite() -> Vec<Case> {
    let mut out = Vec::new();
    let pawned = || example("pawned.scenario", None);
    let g = pawned();
    let engine = EngineSpec::parse("eval=material,depth=4,ordering=killer").expect("a spec");
    let (_, line) = play(&g, &openings(&g)[0], &engine, &engine).expect("a depth-4 game plays out");
    for plies in [4, 8] {
        let mut state = State::initial(&g);
        for &mv in &line[..plies] {
            state.make(&g, mv);
        }
        let shown: Vec<String> = line[..plies].iter().map(|m| m.show(&g)).collect();
        eprintln!("Pawned after {plies} plies: {}", shown.join(" "));
        for depth in [10, 12, 14] {
            out.push(Case {
                label: format!("Pawned ply {plies}, depth {depth}"),
                game: pawned(),
                state: state.clone(),
                depth: Some(depth),
            });
        }
    }
    for (label, name) in [
        ("2D/4A solve", "robot-2d4a.scenario"),
        ("Réti solve", "reti.scenario"),
    ] {
        let game = example(name, None);
        out.push(Case {
            label: label.to_string(),
            state: State::initial(&game),
            game,
            depth: None,
        });
    }
    for (board, depth) in [("7x7", 12), ("8x8", 10)] {
        let game = example("pawned.scenario", Some(board));
        out.push(Case {
            label: format!("Pawned {board}, depth {depth}"),
            state: State::initial(&game),
            game,
            depth: Some(depth),
        });
    }
    out
}

fn main() {
    let mut budget: u64 = 30_000_000;
    let mut svg = PathBuf::from("docs/img/orderings-nodes.svg");
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--budget" => match args.next().and_then(|n| n.parse().ok()) {
                Some(n) => budget = n,
                None => {
                    eprintln!("error: --budget takes a number of positions");
                    std::process::exit(2);
                }
            },
            "--svg" => match args.next() {
                Some(f) => svg = PathBuf::from(f),
                None => {
                    eprintln!("error: --svg takes a file");
                    std::process::exit(2);
                }
            },
            other => {
                eprintln!("error: unknown argument `{other}` (--budget N, --svg FILE)");
                std::process::exit(2);
            }
        }
    }
    let cases = suite();
    let mut header = "| position | value or score | best moves |".to_string();
    let mut rule = "|---|---|---|".to_string();
    for o in Ordering::ALL {
        header.push_str(&format!(" {} |", o.name()));
        rule.push_str("---:|");
    }
    println!("{header}\n{rule}");
    let mut series: Vec<Series> = Ordering::ALL
        .iter()
        .map(|o| Series {
            name: o.name().to_string(),
            values: Vec::new(),
        })
        .collect();
    for case in &cases {
        let results: Vec<SearchResult> = Ordering::ALL
            .iter()
            .map(|&ordering| {
                eprintln!("{}: {}", case.label, ordering.name());
                let options = SearchOptions {
                    depth: case.depth,
                    ordering,
                    max_nodes: Some(budget),
                    ..SearchOptions::default()
                };
                alphabeta::search(&case.game, &case.state, &options)
            })
            .collect();
        let first = results.iter().find(|r| r.stopped.is_none());
        let what = match (first, case.depth) {
            (None, _) => "?".to_string(),
            (Some(r), None) => format!("value {}", r.value.map_or("?".into(), |v| v.to_string())),
            (Some(r), Some(_)) => match r.value {
                Some(v) => format!("value {v}"),
                None => format!("score {}", r.score),
            },
        };
        let mut best: Vec<String> = Vec::new();
        for r in results.iter().filter(|r| r.stopped.is_none()) {
            if let Some(mv) = r.pv.first() {
                let m = mv.show(&case.game);
                if !best.contains(&m) {
                    best.push(m);
                }
            }
        }
        let mut row = format!("| {} | {what} | {} |", case.label, best.join(" / "));
        for (k, r) in results.iter().enumerate() {
            let cell = if r.stopped.is_some() {
                series[k].values.push(f64::NAN);
                format!(">{budget}")
            } else {
                series[k].values.push(r.nodes as f64);
                let differs = first.is_some_and(|f| (f.value, f.score) != (r.value, r.score));
                let mark = if differs { " (differs)" } else { "" };
                format!("{}{mark}", thousands(r.nodes))
            };
            row.push_str(&format!(" {cell} |"));
        }
        println!("{row}");
    }
    let chart = BarChart {
        title: "Alpha-beta's positions by move ordering".to_string(),
        y_label: "positions (log)".to_string(),
        categories: cases.iter().map(|c| c.label.clone()).collect(),
        series,
        log_scale: true,
        notes: Vec::new(),
        caption: vec![
            "cargo run --release --example compare_orderings (docs/players.md §6); 16 MiB table, horizon 4".to_string(),
            format!("no bar: the search did not finish within {budget} positions"),
        ],
        compact: true,
    };
    if let Err(e) = std::fs::write(&svg, bar_chart(&chart)) {
        eprintln!("error: {}: {e}", svg.display());
        std::process::exit(1);
    }
    eprintln!("wrote {}", svg.display());
}

fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}
