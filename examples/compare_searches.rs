//! The searches side by side on the shipped games (docs/play-and-search.md §3.1): the positions
//! each visits to decide the start position, and its time.
//!
//! ```text
//! cargo run --release --example compare_searches
//! cargo run --release --example compare_searches -- examples/robot-2d4a.scenario --budget 5000000
//! ```
//!
//! For each game (by default the 2D/4A robot problem, the Réti endgame and Pawned 5x6):
//! - **alpha-beta**, solving, with each ordering (none, history, killer), with the 16 MiB table
//!   and without a table;
//! - **minimax**, depth 1, 2, ... until a depth does not finish within the budget: the deepest
//!   depth it finished, and its positions.
//!
//! Every search stops at `--budget` positions (default 20,000,000); a stopped search prints
//! `>budget`. The table goes to stdout as Markdown; the time is the wall-clock time of one run.

use std::path::PathBuf;

use lingeo::play::game::Game;
use lingeo::play::search::{Ordering, SearchOptions, SearchResult, alphabeta, minimax};
use lingeo::play::state::State;
use lingeo::scenario::Scenario;

fn main() {
    let mut files: Vec<PathBuf> = Vec::new();
    let mut budget: u64 = 20_000_000;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        if a == "--budget" {
            budget = match args.next().and_then(|n| n.parse().ok()) {
                Some(n) => n,
                None => {
                    eprintln!("error: --budget takes a number of positions");
                    std::process::exit(2);
                }
            };
        } else {
            files.push(PathBuf::from(a));
        }
    }
    if files.is_empty() {
        files = ["robot-2d4a", "reti", "pawned"]
            .iter()
            .map(|n| PathBuf::from(format!("examples/{n}.scenario")))
            .collect();
    }
    println!("| game | search | value | positions | time |");
    println!("|---|---|---|---|---|");
    for file in files {
        let game = match Scenario::load(&file)
            .map_err(|e| e.to_string())
            .and_then(|s| Game::new(s).map_err(|e| e.to_string()))
        {
            Ok(g) => g,
            Err(e) => {
                eprintln!("error: {}: {e}", file.display());
                std::process::exit(2);
            }
        };
        let name = file.file_stem().unwrap_or_default().to_string_lossy();
        let root = State::initial(&game);
        for ordering in [Ordering::None, Ordering::History, Ordering::Killer] {
            for tt_mb in [16, 0] {
                eprintln!("{name}: alpha-beta {} table {tt_mb}", ordering.name());
                let options = SearchOptions {
                    ordering,
                    tt_mb,
                    max_nodes: Some(budget),
                    ..SearchOptions::default()
                };
                let r = alphabeta::search(&game, &root, &options);
                let table = if tt_mb > 0 { "table" } else { "no table" };
                row(
                    &name,
                    &format!("alpha-beta, {}, {table}", ordering.name()),
                    &r,
                    budget,
                );
            }
        }
        let mut deepest: Option<(u32, SearchResult)> = None;
        for depth in 1.. {
            eprintln!("{name}: minimax depth {depth}");
            let options = SearchOptions {
                depth: Some(depth),
                max_nodes: Some(budget),
                ..SearchOptions::default()
            };
            let r = minimax::search(&game, &root, &options);
            if r.stopped.is_some() {
                break;
            }
            let solved = r.value.is_some();
            deepest = Some((depth, r));
            if solved {
                break;
            }
        }
        match deepest {
            Some((depth, r)) => row(&name, &format!("minimax, depth {depth}"), &r, budget),
            None => println!("| {name} | minimax | | >{budget} | |"),
        }
    }
}

fn row(name: &str, search: &str, r: &SearchResult, budget: u64) {
    let value = match r.value {
        Some(v) => v.to_string(),
        None => "?".to_string(),
    };
    let positions = if r.stopped.is_some() {
        format!(">{budget}")
    } else {
        r.nodes.to_string()
    };
    println!(
        "| {name} | {search} | {value} | {positions} | {:.2} s |",
        r.time.as_secs_f64()
    );
}
